//! Directives, extensions beyond pasmo's syntax, outputs, and every error path.
//! Expected bytes are worked out by hand from the Z80 manuals.

use z80_asm::{assemble, Assembly, Options, SymbolFormat};

fn asm(src: &str) -> Assembly {
    assemble(src, "t.asm", &Options::default()).unwrap_or_else(|d| panic!("{}", d.render()))
}

fn bytes(src: &str) -> Vec<u8> {
    asm(src).bytes
}

/// The errors as (line, column, message).
fn errors(src: &str) -> Vec<(u32, u32, String)> {
    match assemble(src, "t.asm", &Options::default()) {
        Ok(_) => panic!("expected errors from:\n{src}"),
        Err(d) => d
            .errors
            .into_iter()
            .map(|e| (e.line, e.column, e.message))
            .collect(),
    }
}

fn one_error(src: &str) -> (u32, u32, String) {
    let mut e = errors(src);
    assert_eq!(e.len(), 1, "{e:?}");
    e.remove(0)
}

#[test]
fn undocumented_and_alternative_spellings() {
    let cases: &[(&str, &[u8])] = &[
        ("sub a,b", &[0x90]),
        ("and a,5", &[0xE6, 0x05]),
        ("cp a,(hl)", &[0xBE]),
        ("add b", &[0x80]),
        ("out (c),0", &[0xED, 0x71]),
        ("in f,(c)", &[0xED, 0x70]),
        ("in (c)", &[0xED, 0x70]),
        ("rlc (ix+5),b", &[0xDD, 0xCB, 0x05, 0x00]),
        ("srl (iy+1),a", &[0xFD, 0xCB, 0x01, 0x3F]),
        ("res 0,(iy-3),c", &[0xFD, 0xCB, 0xFD, 0x81]),
        ("set 7,(ix+1),a", &[0xDD, 0xCB, 0x01, 0xFF]),
        ("sli b", &[0xCB, 0x30]),
        ("sl1 (hl)", &[0xCB, 0x36]),
        ("ex af,af", &[0x08]),
        ("ex hl,de", &[0xEB]),
        ("jp hl", &[0xE9]),
        ("jp iy", &[0xFD, 0xE9]),
        ("ld a,(ix)", &[0xDD, 0x7E, 0x00]),
        ("ld iyl,iyh", &[0xFD, 0x6C]),
        ("LD A,IXH", &[0xDD, 0x7C]),
        ("ld (ix+-2+1),h", &[0xDD, 0x74, 0xFF]),
        ("ld a,(1+2)*3", &[0x3E, 0x09]),
        ("ld a,6^3", &[0x3E, 0x05]),
        ("ld a,0b101", &[0x3E, 0x05]),
        ("ld a,1 ? 2 : 3", &[0x3E, 0x02]),
    ];
    for (src, want) in cases {
        assert_eq!(bytes(&format!(" {src}\n")), *want, "{src}");
    }
}

#[test]
fn impossible_register_mixes_are_errors() {
    for src in [
        "ld h,ixh",
        "ld ixh,iyl",
        "ld ixh,(ix+1)",
        "ld (ix+1),(hl)",
        "add ix,hl",
        "add ix,iy",
        "ld (hl),(hl)",
        "rlc ixh",
        "ex de,ix",
        "in ixh,(c)",
    ] {
        let e = errors(&format!(" {src}\n"));
        assert_eq!(e.len(), 1, "{src}: {e:?}");
    }
}

#[test]
fn local_labels_belong_to_the_last_global_label() {
    let a = asm("first:\n.loop: djnz .loop\nsecond:\n.loop: jr .loop\n jp first.loop\n");
    assert_eq!(a.bytes, [0x10, 0xFE, 0x18, 0xFE, 0xC3, 0x00, 0x00]);
    assert_eq!(a.symbol("first.loop"), Some(0));
    assert_eq!(a.symbol("second.loop"), Some(2));
}

#[test]
fn labels_without_colon_in_column_one() {
    let a = asm("start ld a,1\nloop  djnz loop\n");
    assert_eq!(a.bytes, [0x3E, 0x01, 0x10, 0xFE]);
    assert_eq!(a.symbol("loop"), Some(2));
}

#[test]
fn equ_defl_and_assignment() {
    let a = asm("K equ 5\nv = 1\nv = v + K\nw defl v*2\n db K, v, w\n");
    assert_eq!(a.bytes, [5, 6, 12]);
    let e = one_error("K equ 5\nK equ 6\n");
    assert_eq!((e.0, e.1), (2, 1));
    assert!(e.2.contains("already defined at t.asm:1"), "{}", e.2);
    let e = one_error("x:\nx: nop\n");
    assert!(e.2.contains("already defined"), "{}", e.2);
    let e = one_error(" equ 5\n");
    assert!(e.2.contains("needs a symbol name"), "{}", e.2);
    let e = one_error("b equ 5\n");
    assert!(e.2.contains("register or condition"), "{}", e.2);
}

#[test]
fn forward_references_settle() {
    let a = asm(" jp later\n ld hl,table+2\n ds later2-$\nlater2:\nlater: ret\ntable: dw later\n");
    assert_eq!(a.symbol("later"), Some(6));
    assert_eq!(a.bytes, [0xC3, 6, 0, 0x21, 9, 0, 0xC9, 6, 0]);
}

#[test]
fn org_gaps_are_zero_and_overlaps_are_errors() {
    let a = asm(" org 100h\n db 1\n org 104h\n db 2\n");
    assert_eq!(a.origin, 0x100);
    assert_eq!(a.bytes, [1, 0, 0, 0, 2]);
    let e = one_error(" org 10h\n db 1,2\n org 11h\n db 3\n");
    assert_eq!(e.0, 4);
    assert!(e.2.contains("0011h"), "{}", e.2);
    let e = one_error(" org 0FFFFh\n db 1,2\n");
    assert!(e.2.contains("past the end of memory"), "{}", e.2);
    let e = one_error(" org 10000h\n");
    assert!(e.2.contains("out of range"), "{}", e.2);
}

#[test]
fn phase_assembles_for_one_address_and_stores_at_another() {
    let a = asm(
        " org 4000h\n ld hl,copy\n ld de,0C000h\ncopy:\n phase 0C000h\nram: jp ram\n dw $\n dephase\nnext: nop\n",
    );
    assert_eq!(a.symbol("ram"), Some(0xC000));
    assert_eq!(a.symbol("next"), Some(0x400B));
    assert_eq!(
        a.bytes,
        [0x21, 0x06, 0x40, 0x11, 0x00, 0xC0, 0xC3, 0x00, 0xC0, 0x03, 0xC0, 0x00]
    );
    // The line map uses the address the code runs at.
    assert_eq!(a.source_of(0xC000), Some(("t.asm", 6)));
    assert!(one_error(" phase 100h\n phase 200h\n")
        .2
        .contains("PHASE inside PHASE"));
    assert!(one_error(" dephase\n").2.contains("DEPHASE without PHASE"));
    assert!(one_error(" phase 100h\n org 0\n")
        .2
        .contains("ORG inside PHASE"));
}

#[test]
fn data_directives() {
    assert_eq!(
        bytes(" db \"A\\tB\\x41\",'c''d',-1,255\n"),
        [0x41, 9, 0x42, 0x41, b'c', b'\'', b'd', 0xFF, 0xFF]
    );
    assert_eq!(bytes(" defm 'hi'\n defb 0\n"), [b'h', b'i', 0]);
    assert_eq!(
        bytes(" dw 1234h,-2\n defw 'A'\n"),
        [0x34, 0x12, 0xFE, 0xFF, 0x41, 0]
    );
    assert_eq!(bytes(" ds 3\n defs 2,0E5h\n"), [0, 0, 0, 0xE5, 0xE5]);
    assert_eq!(
        bytes(" db 1\n align 4,0FFh\n db 2\n align 4\n"),
        [1, 0xFF, 0xFF, 0xFF, 2, 0, 0, 0]
    );
    assert!(one_error(" db 256\n").2.contains("out of range"));
    assert!(one_error(" dw 65536\n").2.contains("out of range"));
    assert!(one_error(" db\n").2.contains("at least one value"));
    assert!(one_error(" db 1,,2\n").2.contains("missing value"));
    assert!(one_error(" ds -1\n").2.contains("out of range"));
    assert!(one_error(" align 0\n").2.contains("out of range"));
    assert!(one_error(" ds 2,300\n").2.contains("fill byte"));
    assert!(one_error(" dw \"ab\"\n").2.contains("use DB"));
}

#[test]
fn include_from_memory_and_from_include_dirs() {
    let mut opts = Options::default();
    opts.files
        .insert("lib.inc".into(), b"LIB equ 7\nlibfn: ret\n".to_vec());
    let a = assemble(
        " include \"lib.inc\"\n ld a,LIB\n call libfn\n",
        "main.asm",
        &opts,
    )
    .unwrap_or_else(|d| panic!("{}", d.render()));
    assert_eq!(a.bytes, [0xC9, 0x3E, 0x07, 0xCD, 0x00, 0x00]);
    assert_eq!(a.files, ["main.asm", "lib.inc"]);
    assert_eq!(a.source_of(0), Some(("lib.inc", 2)));

    let dir = std::env::temp_dir().join(format!("z80-asm-inc-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("sub/x.inc"), " db 0AAh\n include nested.inc\n").unwrap();
    std::fs::write(dir.join("sub/nested.inc"), " db 0BBh\n").unwrap();
    std::fs::write(dir.join("blob.bin"), [1, 2, 3, 4, 5]).unwrap();
    let opts = Options {
        include_dirs: vec![dir.join("sub"), dir.clone()],
        ..Options::default()
    };
    let a = assemble(
        " include \"x.inc\"\n incbin \"blob.bin\"\n incbin blob.bin,1,2\n incbin \"blob.bin\",4\n",
        "main.asm",
        &opts,
    )
    .unwrap_or_else(|d| panic!("{}", d.render()));
    assert_eq!(a.bytes, [0xAA, 0xBB, 1, 2, 3, 4, 5, 2, 3, 5]);
    let e = assemble(" incbin \"blob.bin\",3,3\n", "m.asm", &opts).unwrap_err();
    assert!(e.errors[0].message.contains("goes past its end"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);

    let e = one_error(" include \"nowhere.inc\"\n");
    assert_eq!((e.0, e.1), (1, 10));
    assert!(e.2.contains("not found"), "{}", e.2);
    let mut opts = Options::default();
    opts.files
        .insert("self.inc".into(), b" include \"self.inc\"\n".to_vec());
    let e = assemble(" include \"self.inc\"\n", "m.asm", &opts).unwrap_err();
    assert!(
        e.errors[0].message.contains("nested more than 64 levels"),
        "{e}"
    );
}

#[test]
fn assemble_file_reads_from_disk() {
    let dir = std::env::temp_dir().join(format!("z80-asm-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("main.asm"), " include \"part.asm\"\n").unwrap();
    // Not UTF-8: read as Latin-1, so the byte survives in a string.
    std::fs::write(dir.join("part.asm"), b" db \"\xE9\"\n").unwrap();
    let a = z80_asm::assemble_file(&dir.join("main.asm"), &Options::default())
        .unwrap_or_else(|d| panic!("{}", d.render()));
    assert_eq!(a.bytes, [0xE9]);
    let e = z80_asm::assemble_file(&dir.join("missing.asm"), &Options::default()).unwrap_err();
    assert!(e.errors[0].message.contains("cannot read"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn conditional_assembly() {
    let src = "N equ 2\n if N == 1\n db 1\n elseif N == 2\n db 2\n if 0\n db 9\n else\n db 3\n endif\n else\n db 4\n endif\n ifdef N\n db 5\n endif\n ifndef N\n db 6\n endif\n ifndef B\n db 7\n endif\n";
    assert_eq!(bytes(src), [2, 3, 5, 7]);
    // Nothing in a skipped branch is looked at, not even errors.
    assert_eq!(bytes(" if 0\n ld q,zz\n endif\n nop\n"), [0]);
    assert_eq!(one_error(" else\n").2, "`else` without IF");
    assert_eq!(one_error(" endif\n").2, "ENDIF without IF");
    assert_eq!(one_error(" if 1\n nop\n").0, 1);
    assert!(one_error(" if 1\n else\n else\n endif\n")
        .2
        .contains("after ELSE"));
    assert!(one_error(" if undefined_thing\n endif\n")
        .2
        .contains("undefined symbol"));
}

#[test]
fn macros_with_parameters_locals_and_exitm() {
    let src = "\
copy macro dst, src, n
 ld hl,src
 ld de,dst
 ld bc,n
 ldir
 endm
delay macro n
 local again
 ld b,n
again: djnz again
 endm
 macro twice, what
 what
 what
 endm
 copy 0C000h, 4000h, 10
 delay 3
 delay 4
 twice nop
";
    assert_eq!(
        bytes(src),
        [
            0x21, 0x00, 0x40, 0x11, 0x00, 0xC0, 0x01, 0x0A, 0x00, 0xED, 0xB0, 0x06, 0x03, 0x10,
            0xFE, 0x06, 0x04, 0x10, 0xFE, 0x00, 0x00
        ]
    );
    // EXITM leaves the expansion; a missing argument is empty (tested with IF).
    let src = "mm macro a\n db 1\n if 1\n exitm\n endif\n db 2\n endm\n mm\n db 3\n";
    assert_eq!(bytes(src), [1, 3]);
}

#[test]
fn macro_errors_name_the_call() {
    let d = assemble(
        "mm macro\n ld a,nowhere\n endm\n nop\n mm\n",
        "t.asm",
        &Options::default(),
    )
    .unwrap_err();
    assert_eq!(d.errors.len(), 1);
    assert_eq!(d.errors[0].line, 2);
    assert_eq!(d.errors[0].notes, ["in macro `mm` used at t.asm:5"]);
    assert!(d.render().contains("note: in macro `mm` used at t.asm:5"));
    assert_eq!(one_error("mm macro\n nop\n").2, "MACRO without ENDM");
    assert!(one_error("mm macro a\n endm\n mm 1,2\n")
        .2
        .contains("takes 1 argument"));
    assert!(one_error("mm macro\n mm\n endm\n mm\n")
        .2
        .contains("nested more than 64 levels"));
    assert_eq!(one_error(" endm\n").2, "ENDM without MACRO or REPT");
    assert!(one_error("ld macro\n endm\n")
        .2
        .contains("already an instruction"));
    assert_eq!(one_error(" local x\n").2, "LOCAL outside a macro");
}

#[test]
fn rept_repeats() {
    assert_eq!(
        bytes("n = 0\n rept 4\n db n\nn = n + 1\n endm\n"),
        [0, 1, 2, 3]
    );
    assert_eq!(bytes(" rept 0\n db 1\n endm\n db 2\n"), [2]);
    assert_eq!(one_error(" rept 2\n nop\n").2, "REPT without ENDM");
}

#[test]
fn assert_and_end() {
    assert_eq!(bytes(" nop\n assert $ == 1\n"), [0]);
    let e = one_error(" nop\n assert $ == 2\n");
    assert_eq!((e.0, e.1, e.2.as_str()), (2, 9, "assertion failed: $ == 2"));
    let e = one_error(" assert 0, \"table too long\"\n");
    assert_eq!(e.2, "assertion failed: table too long");
    let a = asm(" org 100h\nstart: nop\n end start\n this is not even assembled\n");
    assert_eq!(a.entry, Some(0x100));
    assert_eq!(a.bytes, [0]);
}

#[test]
fn value_and_range_errors_point_at_the_operand() {
    let cases: &[(&str, u32, &str)] = &[
        (" ld a,256", 7, "byte value 256 out of range"),
        (" ld bc,10000h", 8, "word value 65536 out of range"),
        (" ld a,(ix+128)", 7, "index displacement 128 out of range"),
        (" bit 8,a", 6, "bit number 8 out of range"),
        (" im 3", 5, "invalid operand for `im`"),
        (" rst 7", 6, "invalid operand for `rst`"),
        (" jr $+200", 5, "relative jump out of range"),
        (" out (c),1", 10, "invalid operand for `out`"),
        (" ld a,1/0", 7, "division by zero"),
        (" ld a,zz", 7, "undefined symbol `zz`"),
        (" ld a,(de", 10, "expected `)`"),
        (" ld (bc),b", 2, "cannot take this combination"),
        (" ld af,1", 5, "invalid operand for `ld`"),
        (" ld a", 2, "`ld` takes 2 operand(s), found 1"),
        (
            " ld sp,bc",
            2,
            "`ld` cannot take this combination of operands",
        ),
        (
            " frob a",
            2,
            "unknown instruction, directive or macro `frob`",
        ),
        (" ld a,\"ab\"", 7, "one character long"),
        (" ld a,`", 7, "unexpected character"),
        (" db \"abc", 5, "string not closed"),
        (" ld a,12x", 7, "invalid number"),
        (" ld a,b c", 9, "unexpected `c` after `b`"),
        (" ld a,(ix*2)", 10, "expected `+` or `-`"),
    ];
    for (src, col, msg) in cases {
        let e = one_error(&format!("{src}\n"));
        assert!(e.2.contains(msg), "{src}: {e:?}");
        assert_eq!(e.1, *col, "{src}: {e:?}");
    }
}

#[test]
fn all_errors_of_a_file_are_reported() {
    let e = errors(" ld a,nope\n nop\n jr faraway\n ld q,1\n db 300\nfaraway equ 1000h\n");
    let lines: Vec<u32> = e.iter().map(|e| e.0).collect();
    assert_eq!(lines, [1, 3, 4, 5], "{e:?}");
}

#[test]
fn symbols_that_never_settle_are_reported() {
    let e = one_error(" if end_ < 5\n ds 10\n endif\nend_:\n");
    assert!(e.2.contains("still change"), "{}", e.2);
}

#[test]
fn symbol_files_and_listing() {
    let a = asm("K equ 0BEEFh\nv = 3\n org 4000h\nstart: nop\n.l: db 1,2,3,4,5\n");
    assert_eq!(
        a.symbol_file(SymbolFormat::Generic),
        "K: equ 0xBEEF\nstart: equ 0x4000\nstart.l: equ 0x4001\n"
    );
    assert_eq!(
        a.symbol_file(SymbolFormat::NoIce),
        "DEF K BEEF\nDEF start 4000\nDEF start.l 4001\n"
    );
    // The generic symbol file can be included by another source.
    let mut opts = Options::default();
    opts.files.insert(
        "a.sym".into(),
        a.symbol_file(SymbolFormat::Generic).into_bytes(),
    );
    let b = assemble(" include \"a.sym\"\n dw start.l\n", "b.asm", &opts).unwrap();
    assert_eq!(b.bytes, [0x01, 0x40]);
    let lst = a.listing_text();
    assert!(
        lst.contains("    4  4000  00          start: nop\n"),
        "{lst}"
    );
    assert!(
        lst.contains("    5  4001  01 02 03 04 .l: db 1,2,3,4,5\n       4005  05 \n"),
        "{lst}"
    );
    assert_eq!(a.source_of(0x4003), Some(("t.asm", 5)));
    assert_eq!(a.source_of(0x4006), None);
}

#[test]
fn defines_from_options() {
    let opts = Options {
        defines: vec![("DEBUG".into(), 1)],
        ..Options::default()
    };
    let a = assemble(" if DEBUG\n db 1\n endif\n", "t.asm", &opts).unwrap();
    assert_eq!(a.bytes, [1]);
    let e = assemble("DEBUG equ 0\n", "t.asm", &opts).unwrap_err();
    assert!(
        e.errors[0].message.contains("defined by the options"),
        "{e}"
    );
}

#[test]
fn empty_and_comment_only_sources() {
    let a = asm("; nothing\n\n   \n");
    assert!(a.bytes.is_empty());
    assert_eq!(a.origin, 0);
}

/// Random token soup, and random bytes: assembling returns Ok or Err, never panics.
#[test]
fn no_input_makes_it_panic() {
    const WORDS: &[&str] = &[
        "ld", "jr", "djnz", "bit", "res", "rlc", "in", "out", "ex", "push", "im", "rst", "a", "b",
        "hl", "ix", "iy", "ixh", "(ix+", "(hl)", "(c)", "af'", "nz", "(", ")", ",", "+", "-", "*",
        "/", "%", "<<", "!", "~", "?", ":", "$", "0", "1", "255", "65535", "-129", "0FFFFh", "'",
        "\"x\"", "'a'", "lbl", ".loc", "lbl:", "equ", "=", "defl", "db", "dw", "ds", "align",
        "org", "phase", "dephase", "if", "else", "elseif", "endif", "ifdef", "macro", "endm",
        "exitm", "local", "rept", "include", "incbin", "assert", "end", ";", "high", "low",
        "defined", "mm", "\t",
    ];
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for _ in 0..3000 {
        let mut src = String::new();
        for _ in 0..next(12) {
            if next(2) == 0 {
                src.push(' ');
            }
            for _ in 0..next(7) {
                src.push_str(WORDS[next(WORDS.len())]);
                if next(3) > 0 {
                    src.push(' ');
                }
            }
            src.push('\n');
        }
        let _ = assemble(&src, "fuzz.asm", &Options::default());
    }
    for _ in 0..500 {
        let raw: Vec<u8> = (0..next(200)).map(|_| next(256) as u8).collect();
        let text: String = raw.iter().map(|&b| b as char).collect();
        let _ = assemble(&text, "bytes.asm", &Options::default());
    }
}
