//! Opt-in oracle: the runtime assembles with pasmo to the same bytes as
//! with z80-asm (run with MSX_ORACLES=pasmo; fails if pasmo is missing).

use std::process::Command;

/// Whether MSX_ORACLES names pasmo (the tests do nothing otherwise).
fn wanted() -> bool {
    let wanted = std::env::var("MSX_ORACLES").unwrap_or_default();
    wanted.split(',').any(|t| t.trim() == "pasmo")
}

/// Assembles `source` with z80-asm and with pasmo (`pasmo_source`, the
/// same program in pasmo's spelling) and checks they give the same bytes.
fn same_bytes(name: &str, source: &str, pasmo_source: &str) {
    let ours = z80_asm::assemble(source, &format!("{name}.asm"), &z80_asm::Options::default())
        .unwrap_or_else(|d| panic!("{}", d.render()));
    let dir = std::env::temp_dir().join(format!("msx-basic-pasmo-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join(format!("{name}.asm"));
    let bin = dir.join(format!("{name}.bin"));
    std::fs::write(&src, pasmo_source).unwrap();
    let status = Command::new("pasmo")
        .arg(&src)
        .arg(&bin)
        .status()
        .expect("MSX_ORACLES names pasmo, but pasmo cannot be run");
    assert!(status.success(), "pasmo rejected the runtime");
    let theirs = std::fs::read(&bin).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(ours.bytes, theirs);
}

#[test]
fn pasmo_assembles_the_runtime_identically() {
    if !wanted() {
        return;
    }
    let source = format!(
        "BCD_RAM EQU 0C000h\nBCD_ERROR EQU 0FF00h\n org 100h\n{}",
        msx_basic::BCD_RUNTIME_ASM
    );
    same_bytes("bcd", &source, &source);
}

mod runtime_support;

#[test]
fn pasmo_assembles_the_rt_bas_files_identically() {
    if !wanted() {
        return;
    }
    let source = runtime_support::source(
        "rt_bas_lines:\n        db 0\n        dw 0FFFFh\n        db 0\n        dw 0FFFFh\n",
    );
    same_bytes("rt", &source, &globalize_local_labels(&source));
}

/// endrom.asm (a disk's or a cartridge's end, not in the harness's runtime),
/// with a cartridge's page-2 switch, its outside names as equates.
#[test]
fn pasmo_assembles_the_rom_end_identically() {
    if !wanted() {
        return;
    }
    let source = format!(
        "BAS_CART EQU 1\nrt_bas_endfiles EQU 0F000h\nrt_bas_errno EQU 0F002h\n\
         rt_bas_errline EQU 0F003h\nrt_bas_exithook EQU 0F005h\n org 4000h\n{}",
        msx_basic::RT_ENDROM_ASM
    );
    same_bytes("endrom", &source, &globalize_local_labels(&source));
}

/// Pasmo has no `.local` labels: each becomes `<global>_L_<name>`, the
/// name z80-asm gives it (`<global>.<name>`) with a pasmo-legal spelling.
fn globalize_local_labels(source: &str) -> String {
    let mut out = String::new();
    let mut global = String::new();
    for line in source.lines() {
        let first: String = line
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !first.is_empty() && line[first.len()..].starts_with(':') {
            global = first;
        }
        let mut quote: Option<char> = None;
        let mut prev = ' ';
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            match quote {
                Some(q) => {
                    if c == q {
                        quote = None;
                    }
                    out.push(c);
                }
                None if c == ';' => {
                    out.push(';');
                    out.extend(chars.by_ref());
                    break;
                }
                None if c == '"' || c == '\'' => {
                    quote = Some(c);
                    out.push(c);
                }
                None if c == '.'
                    && !(prev.is_ascii_alphanumeric() || prev == '_')
                    && chars.peek().is_some_and(|n| n.is_ascii_alphabetic()) =>
                {
                    out.push_str(&global);
                    out.push_str("_L_");
                }
                None => out.push(c),
            }
            prev = c;
        }
        out.push('\n');
    }
    out
}
