//! `msx run hello.com`: an MSX-DOS program runs without a disk image made by hand — the CLI
//! puts it on a disk whose boot sector starts it in the free disk ROM's MSX-DOS environment.

use std::path::PathBuf;
use std::process::Command;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("msx-cli-com-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_com_program_runs_under_msx_dos() {
    let dir = scratch("hello");
    // BDOS 9 prints up to '$'; RET returns to MSX-DOS, whose prompt comes back.
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
    let out = Command::new(env!("CARGO_BIN_EXE_msx"))
        .current_dir(&dir)
        .args([
            "run",
            "hello.com",
            "--frames",
            "1200",
            "--until-text",
            "A>",
            "--text",
        ])
        .output()
        .expect("run msx");
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
