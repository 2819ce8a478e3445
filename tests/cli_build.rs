//! `msx build`: the command line around the Pascal compiler.

use std::path::Path;
use std::process::Command;

fn msx() -> Command {
    Command::new(env!("CARGO_BIN_EXE_msx"))
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("msx-cli-build-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn builds_a_bootable_disk_with_data_files() {
    let dir = temp_dir("dsk");
    let src = write(&dir, "hello.pas", "{$I greet.inc}\nbegin greet end.\n");
    write(
        &dir,
        "greet.inc",
        "procedure greet; begin writeln('Hi') end;\n",
    );
    let data = write(&dir, "scores.dat", "12345");
    let out = dir.join("hello.dsk");
    let sym = dir.join("hello.sym");
    let asm = dir.join("hello.asm");
    let lst = dir.join("hello.lst");
    let status = msx()
        .arg("build")
        .arg(&src)
        .arg("-o")
        .arg(&out)
        .arg("--add")
        .arg(&data)
        .arg("--sym")
        .arg(&sym)
        .arg("--asm")
        .arg(&asm)
        .arg("--lst")
        .arg(&lst)
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .status()
        .unwrap();
    assert!(status.success());
    let disk = msx_disk::Disk::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(disk.read_file("SCORES.DAT").unwrap(), b"12345");
    let prog = disk.read_file("HELLO.BIN").unwrap();
    let boot = disk.boot_program().unwrap();
    assert_eq!((boot.load, boot.exec), (0x4000, 0x4000));
    assert!(!prog.is_empty());
    // The symbol file names the procedure and maps code back to the include file.
    let sym = std::fs::read_to_string(&sym).unwrap();
    assert!(sym.contains("greet: equ 0x"), "{sym}");
    assert!(sym.contains("greet.inc:1"), "{sym}");
    assert!(std::fs::read_to_string(&asm)
        .unwrap()
        .contains("call rt_wstr"));
    assert!(std::fs::read_to_string(&lst).unwrap().contains("greet:"));
}

#[test]
fn format_follows_the_extension() {
    let dir = temp_dir("fmt");
    let src = write(&dir, "t.pas", "begin writeln(1) end.");
    for (ext, check) in [
        (
            "com",
            &(|b: &[u8]| b.len() < 1024) as &dyn Fn(&[u8]) -> bool,
        ),
        ("rom", &|b: &[u8]| b.len() == 16384 && b.starts_with(b"AB")),
    ] {
        let out = dir.join(format!("t.{ext}"));
        let status = msx()
            .arg("build")
            .arg(&src)
            .arg("-o")
            .arg(&out)
            .status()
            .unwrap();
        assert!(status.success(), "{ext}");
        let bytes = std::fs::read(&out).unwrap();
        assert!(check(&bytes), "{ext}: {} bytes", bytes.len());
    }
    // Without -o: the input name with .dsk.
    let status = msx().arg("build").arg(&src).status().unwrap();
    assert!(status.success());
    assert!(dir.join("t.dsk").exists());
}

#[test]
fn errors_name_the_place_and_write_nothing() {
    let dir = temp_dir("err");
    let src = write(&dir, "bad.pas", "begin\n  x := 1\nend.\n");
    let out = dir.join("bad.com");
    let result = msx()
        .arg("build")
        .arg(&src)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(result.status.code(), Some(1));
    let err = String::from_utf8_lossy(&result.stderr);
    assert!(err.contains("bad.pas:2:3"), "{err}");
    assert!(!out.exists());
}
