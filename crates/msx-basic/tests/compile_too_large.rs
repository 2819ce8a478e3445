//! A BASIC program whose compiled code does not fit in memory gets one clear
//! error saying how large it is and which part crosses the limit, instead of
//! an "internal error: the generated assembly does not assemble".

/// `lines` lines of arithmetic: a short line of text, a long run of code.
fn big_program(lines: usize) -> String {
    (1..=lines)
        .map(|n| format!("{} A=B*C+D/E-F*G+H/I-J*K+L/M-N*O\n", n * 10))
        .collect()
}

#[test]
fn compiled_code_past_64_kb_is_reported_as_too_large() {
    let src = big_program(500);
    let failed = msx_basic::compile("big.bas", src.as_bytes(), z80_codegen::Target::Dsk)
        .expect_err("compiled");
    assert_eq!(failed.diagnostics.len(), 1, "{:?}", failed.diagnostics);
    let m = &failed.diagnostics[0].message;
    assert!(
        m.starts_with("the program is too large: the code would end at 0x1"),
        "{m}"
    );
    assert!(m.contains("past the limit 0xC000"), "{m}");
    assert!(!m.contains("internal error"), "{m}");
}

#[test]
fn a_program_that_fits_still_compiles() {
    let src = big_program(20);
    msx_basic::compile("big.bas", src.as_bytes(), z80_codegen::Target::Dsk).expect("compiles");
}
