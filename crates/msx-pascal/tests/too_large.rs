//! A program whose code does not fit in memory gets one clear error saying how
//! large it is and which part crosses the limit, instead of an "internal error"
//! and megabytes of assembler messages.

use msx_pascal::lower::compile;
use msx_pascal::MemoryFiles;
use z80_codegen::Target;

/// `procs` procedures of 30 `writeln`s each (each call a few dozen bytes of code).
fn big_program(procs: usize) -> String {
    let mut s = String::from("program big;\nvar i: integer;\n");
    for p in 0..procs {
        s.push_str(&format!("procedure p{p};\nbegin\n"));
        for k in 0..30 {
            s.push_str(&format!("  writeln('line {k} of {p}', i * {k} + {p});\n"));
        }
        s.push_str("end;\n");
    }
    s.push_str("begin\n");
    for p in 0..procs {
        s.push_str(&format!("  p{p};\n"));
    }
    s.push_str("end.\n");
    s
}

fn only_error(procs: usize, target: Target) -> String {
    let files = MemoryFiles::new().with("big.pas", &big_program(procs));
    let failed = compile("big.pas", &files, target).expect_err("compiled");
    assert_eq!(failed.diagnostics.len(), 1, "{:?}", failed.diagnostics);
    failed.diagnostics[0].message.clone()
}

#[test]
fn code_past_64_kb_is_reported_as_too_large() {
    let m = only_error(80, Target::Com);
    assert!(
        m.starts_with("the program is too large: the code would end at 0x1"),
        "{m}"
    );
    assert!(m.contains("past the limit 0xD000"), "{m}");
    assert!(!m.contains("internal error"), "{m}");
    assert!(m.len() < 300, "{m}");
}

#[test]
fn code_just_past_the_targets_limit_is_reported_too() {
    // Fits in 64 KB, not below the disk target's 0xC000.
    let m = only_error(40, Target::Dsk);
    assert!(
        m.starts_with("the program is too large: the code would end at 0x"),
        "{m}"
    );
    assert!(m.contains("past the limit 0xC000"), "{m}");
}

#[test]
fn a_program_that_fits_still_builds() {
    let files = MemoryFiles::new().with("big.pas", &big_program(3));
    compile("big.pas", &files, Target::Dsk).expect("compiles");
}
