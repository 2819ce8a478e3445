//! The Minesweeper-shaped program (tests/programs/mines.pas and its two include files,
//! written in the style of the MarMSX article) passes the front end without errors or
//! warnings, and what the code generator will rely on is there.

mod common;

use msx_pascal::checked::{InlineValue, StmtKind};
use msx_pascal::symbols::{Storage, SymbolKind};
use msx_pascal::{compile_front, render_diagnostics, DirFiles};

fn mines() -> msx_pascal::Front {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/programs");
    match compile_front("mines.pas", &DirFiles::new(dir)) {
        Ok(front) => front,
        Err(failed) => panic!(
            "{}",
            render_diagnostics(&failed.diagnostics, &failed.sources)
        ),
    }
}

#[test]
fn checks_without_errors_or_warnings() {
    let front = mines();
    assert!(
        front.warnings.is_empty(),
        "{}",
        render_diagnostics(&front.warnings, front.sources())
    );
    // The main file and both includes were read.
    let names: Vec<_> = front
        .sources()
        .files()
        .iter()
        .map(|f| f.name.as_str())
        .collect();
    assert_eq!(names, ["mines.pas", "minetime.inc", "map.inc"]);
}

#[test]
fn typed_constant_table_is_laid_out_row_major() {
    let p = mines().program;
    let (_, sym) = common::global(&p, "scrCoord");
    let SymbolKind::Var {
        storage: Storage::TypedConst,
        init: Some(bytes),
    } = &sym.kind
    else {
        panic!("scrCoord should be a typed constant: {:?}", sym.kind);
    };
    assert_eq!(bytes.len(), 20 * 4 * 2);
    // Row -1 is (12,0,23,11); row 0 starts at byte 8 with (0,12,...).
    assert_eq!(&bytes[..8], &[12, 0, 0, 0, 23, 0, 11, 0]);
    assert_eq!(&bytes[8..12], &[0, 0, 12, 0]);
    // Row 14, the sixteenth row, is (0,43,191,61); row 18, the last, (60,0,71,11).
    assert_eq!(&bytes[15 * 8..16 * 8], &[0, 0, 43, 0, 191, 0, 61, 0]);
    assert_eq!(&bytes[19 * 8..], &[60, 0, 0, 0, 71, 0, 11, 0]);
    let (_, names) = common::global(&p, "levelName");
    let SymbolKind::Var { init: Some(b), .. } = &names.kind else {
        panic!()
    };
    assert_eq!(
        b,
        &[4, b'E', b'a', b's', b'y', 0, 4, b'H', b'a', b'r', b'd', 0]
    );
}

#[test]
fn flood_fill_is_recursive_and_others_are_not() {
    let p = mines().program;
    let flood = common::routine(&p, "flood_fill");
    assert!(flood.recursive);
    for &local in &flood.locals {
        assert!(matches!(
            p.symbols.get(local).kind,
            SymbolKind::Var {
                storage: Storage::RecursiveLocal { .. },
                ..
            }
        ));
    }
    let count = common::routine(&p, "countOpen");
    assert!(!count.recursive);
    assert!(matches!(
        p.symbols.get(count.locals[0]).kind,
        SymbolKind::Var {
            storage: Storage::Local { .. },
            ..
        }
    ));
}

#[test]
fn absolute_variables_and_io_switches() {
    let p = mines().program;
    let (_, click) = common::global(&p, "keyClick");
    assert!(matches!(
        click.kind,
        SymbolKind::Var {
            storage: Storage::Absolute { address: 0xF3DB },
            ..
        }
    ));
    // {$I-} at the top of the file, {$I+} after Reset in FileExists.
    let fe = common::routine(&p, "FileExists");
    assert!(!fe.body[1].checks.io, "Reset runs under {{$I-}}");
    assert!(
        fe.body[2].checks.io,
        "{{$I+}} is back on for the next statement"
    );
}

#[test]
fn inline_refers_to_variables_by_address() {
    let p = mines().program;
    let read_clock = common::routine(&p, "readClock");
    let StmtKind::Inline(items) = &read_clock.body[0].kind else {
        panic!("{:?}", read_clock.body[0].kind)
    };
    let (clock_h, _) = common::global(&p, "clockH");
    // push ix, push iy, ld c,2Ch, call F37Dh, ld a,h, ld (clockH),a, ...
    assert_eq!(items.len(), 22);
    assert_eq!(
        (items[4].size, &items[4].value),
        (1, &InlineValue::Const(0x0E))
    );
    assert_eq!(items[11].size, 2);
    assert_eq!(
        items[11].value,
        InlineValue::VarAddress {
            symbol: clock_h,
            offset: 0
        }
    );
}
