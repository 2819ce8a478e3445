//! `msx run hello.com`: an MSX-DOS program runs without a disk image made by hand — the CLI
//! puts it on a disk whose boot sector starts it in the free disk ROM's MSX-DOS environment.

mod support;
use support::{msx, scratch};

use std::path::PathBuf;
use std::process::Command;

#[test]
fn a_com_program_runs_under_msx_dos() {
    // BDOS 9 prints up to '$'; RET returns to MSX-DOS, whose prompt comes back.
    let dir = hello_com("hello");
    let out = msx(
        &dir,
        &[
            "run",
            "hello.com",
            "--frames",
            "1200",
            "--until-text",
            "A>",
            "--text",
        ],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let hello = stdout
        .lines()
        .position(|l| l.trim() == "Hello from MSX-DOS")
        .unwrap_or_else(|| panic!("no greeting on the screen:\n{stdout}"));
    assert!(
        stdout
            .lines()
            .skip(hello + 1)
            .any(|l| l.trim_start().starts_with("A>")),
        "the prompt does not follow the program's end:\n{stdout}"
    );
}

/// A scratch directory holding `hello.com`, which prints a greeting with BDOS 9 and returns.
fn hello_com(name: &str) -> PathBuf {
    let dir = scratch(name);
    let src = "
        org 0100h
        ld de,msg
        ld c,9
        call 0005h
        ret
msg:    db 'Hello from MSX-DOS', 13, 10, '$'
";
    let asm = z80_asm::assemble(src, "hello.asm", &z80_asm::Options::default()).unwrap();
    std::fs::write(dir.join("hello.com"), asm.bytes).unwrap();
    dir
}

/// A run saved after 100 frames and continued for 50 ends in the same state as 150 frames
/// straight, and a state of another program is refused with a non-zero exit.
#[test]
fn save_state_then_load_state_continues_the_same_run() {
    let dir = hello_com("state");
    let run = |args: &[&str]| {
        let out = msx(&dir, args);
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let ok = |r: (Option<i32>, String)| assert_eq!(r.0, Some(0), "{}", r.1);
    ok(run(&[
        "run",
        "hello.com",
        "--frames",
        "100",
        "--save-state",
        "a.st",
    ]));
    ok(run(&[
        "run",
        "hello.com",
        "--load-state",
        "a.st",
        "--frames",
        "50",
        "--save-state",
        "b.st",
    ]));
    ok(run(&[
        "run",
        "hello.com",
        "--frames",
        "150",
        "--save-state",
        "c.st",
    ]));
    let b = std::fs::read(dir.join("b.st")).unwrap();
    let c = std::fs::read(dir.join("c.st")).unwrap();
    assert!(b == c, "100 + 50 frames differ from 150 frames");
    let a = std::fs::read(dir.join("a.st")).unwrap();
    assert!(a != c, "the states cannot tell 100 frames from 150");

    // The same state, offered to a machine with a cartridge instead: refused, named.
    let mut rom = vec![0xFFu8; 0x4000];
    rom[..4].copy_from_slice(&[b'A', b'B', 0x10, 0x40]);
    rom[0x10..0x12].copy_from_slice(&[0x18, 0xFE]); // jr $
    std::fs::write(dir.join("other.rom"), rom).unwrap();
    let (code, err) = run(&["run", "other.rom", "--load-state", "a.st", "--frames", "1"]);
    assert_ne!(code, Some(0), "a state of another machine was accepted");
    assert!(
        err.contains("a.st"),
        "the error does not name the state file: {err}"
    );
}

/// `msx run … --text | head`: a reader that goes away ends the command quietly.
#[test]
fn a_closed_stdout_is_not_a_crash() {
    let dir = hello_com("pipe");
    let mut child = Command::new(env!("CARGO_BIN_EXE_msx"))
        .current_dir(&dir)
        .args(["run", "hello.com", "--frames", "300", "--text"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run msx");
    drop(child.stdout.take()); // the reader is gone before anything is printed
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
