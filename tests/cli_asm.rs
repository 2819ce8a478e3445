//! `msx asm` and `msx disasm`, run as a user would run them.

mod support;
use support::scratch;

use std::path::Path;
use std::process::{Command, Output};

fn msx(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_msx"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run msx")
}

#[test]
fn asm_writes_binary_symbols_and_listing() {
    let dir = scratch("ok");
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    std::fs::write(dir.join("inc/bios.inc"), "CHPUT equ 00A2h\n").unwrap();
    std::fs::write(
        dir.join("hello.asm"),
        "        include \"bios.inc\"\n        org 100h\nstart:  ld a,'!'\n        call CHPUT\n        ret\n",
    )
    .unwrap();
    let out = msx(
        &[
            "asm",
            "hello.asm",
            "-o",
            "hello.com",
            "--sym",
            "hello.sym",
            "--lst",
            "hello.lst",
            "-I",
            "inc",
        ],
        &dir,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read(dir.join("hello.com")).unwrap(),
        [0x3E, 0x21, 0xCD, 0xA2, 0x00, 0xC9]
    );
    let sym = std::fs::read_to_string(dir.join("hello.sym")).unwrap();
    assert_eq!(sym, "CHPUT: equ 0x00A2\nstart: equ 0x0100\n");
    let lst = std::fs::read_to_string(dir.join("hello.lst")).unwrap();
    assert!(lst.contains("0100  3E 21"), "{lst}");
    assert!(lst.contains("CD A2 00"), "{lst}");
}

#[test]
fn asm_reports_every_error_with_place_and_caret_and_writes_nothing() {
    let dir = scratch("err");
    std::fs::write(dir.join("bad.asm"), " ld a,nowhere\n nop\n jp (de)\n").unwrap();
    let out = msx(&["asm", "bad.asm", "-o", "bad.bin"], &dir);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.asm:1:7"), "{err}");
    assert!(err.contains("undefined symbol `nowhere`"), "{err}");
    assert!(err.contains("      ^"), "{err}");
    assert!(err.contains("bad.asm:3:5"), "{err}");
    assert!(err.contains("2 errors"), "{err}");
    assert!(!dir.join("bad.bin").exists());
}

#[test]
fn defines_from_the_command_line() {
    let dir = scratch("def");
    std::fs::write(dir.join("d.asm"), " if DEBUG\n db VALUE\n endif\n").unwrap();
    let out = msx(&["asm", "d.asm", "-D", "DEBUG", "-D", "VALUE=0FEh"], &dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read(dir.join("d.bin")).unwrap(), [0xFE]);
}

#[test]
fn disasm_output_assembles_back_to_the_same_bytes() {
    let dir = scratch("dis");
    let code: Vec<u8> = vec![
        0xF3, 0x31, 0x00, 0xF0, 0xDD, 0x21, 0x34, 0x12, 0xDD, 0x7E, 0xFE, 0xFD, 0xCB, 0x03, 0x16,
        0xED, 0xB0, 0x10, 0xF0, 0xED, 0x70, 0xDD, 0x00, 0xC9,
    ];
    std::fs::write(dir.join("code.bin"), &code).unwrap();
    let out = msx(
        &["disasm", "code.bin", "--org", "0C000h", "-o", "code.asm"],
        &dir,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(dir.join("code.asm")).unwrap();
    assert!(text.contains("ld a,(ix-02h)"), "{text}");
    assert!(text.contains("rl (iy+03h)"), "{text}");
    assert!(text.contains("djnz 0C003h"), "{text}");
    let out = msx(&["asm", "code.asm", "-o", "again.bin"], &dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read(dir.join("again.bin")).unwrap(), code);
}

#[test]
fn disasm_to_stdout_with_skip() {
    let dir = scratch("skip");
    std::fs::write(
        dir.join("b.bin"),
        [0xFE, 0x00, 0x01, 0x02, 0x00, 0x00, 0x00, 0xC9],
    )
    .unwrap();
    let out = msx(&["disasm", "b.bin", "--skip", "7", "--org", "100h"], &dir);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("ret                     ; 0100  C9"),
        "{text}"
    );
}
