//! `msx disk` end to end, through the binary.

mod support;
use support::scratch;

use std::path::Path;
use std::process::{Command, Output};

fn msx(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_msx"))
        .current_dir(dir)
        .args(args)
        // Fixed file dates: 2024-05-01 12:00:00 UTC.
        .env("SOURCE_DATE_EPOCH", "1714564800")
        .output()
        .expect("run msx")
}

fn ok(dir: &Path, args: &[&str]) -> String {
    let out = msx(dir, args);
    assert!(
        out.status.success(),
        "msx {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn fails(dir: &Path, args: &[&str]) -> String {
    let out = msx(dir, args);
    assert!(!out.status.success(), "msx {args:?} succeeded");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn new_add_ls_get_rename_rm() {
    let dir = scratch("cycle");
    let game: Vec<u8> = (0..5000u32).map(|i| (i * 7 % 251) as u8).collect();
    std::fs::write(dir.join("game.bin"), &game).unwrap();
    std::fs::write(dir.join("notes.txt"), b"hello").unwrap();

    ok(&dir, &["disk", "new", "a.dsk"]);
    assert_eq!(std::fs::metadata(dir.join("a.dsk")).unwrap().len(), 737_280);
    ok(&dir, &["disk", "add", "a.dsk", "game.bin", "notes.txt"]);
    ok(
        &dir,
        &["disk", "add", "a.dsk", "notes.txt", "--name", "copy"],
    );

    let listing = ok(&dir, &["disk", "ls", "a.dsk"]);
    assert_eq!(
        listing,
        "GAME     BIN      5000  2024-05-01 12:00:00\n\
         NOTES    TXT         5  2024-05-01 12:00:00\n\
         COPY                 5  2024-05-01 12:00:00\n\
         3 files, 722944 bytes free\n"
    );

    ok(&dir, &["disk", "get", "a.dsk", "game.bin", "-o", "out.bin"]);
    assert_eq!(std::fs::read(dir.join("out.bin")).unwrap(), game);
    ok(&dir, &["disk", "get", "a.dsk", "notes.txt"]);
    assert_eq!(std::fs::read(dir.join("NOTES.TXT")).unwrap(), b"hello");
    assert_eq!(
        ok(&dir, &["disk", "get", "a.dsk", "COPY", "-o", "-"]),
        "hello"
    );

    ok(&dir, &["disk", "rename", "a.dsk", "notes.txt", "readme"]);
    ok(&dir, &["disk", "rm", "a.dsk", "game.bin", "copy"]);
    let listing = ok(&dir, &["disk", "ls", "a.dsk"]);
    assert_eq!(
        listing,
        "README               5  2024-05-01 12:00:00\n1 file, 729088 bytes free\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_failed_command_leaves_the_image_as_it_was() {
    let dir = scratch("atomic");
    ok(&dir, &["disk", "new", "--size", "360", "s.dsk"]);
    std::fs::write(dir.join("small"), b"x").unwrap();
    ok(&dir, &["disk", "add", "s.dsk", "small"]);
    let before = std::fs::read(dir.join("s.dsk")).unwrap();

    // Too big for 360 KB: the first file fits, the second does not.
    std::fs::write(dir.join("big1"), vec![1u8; 200_000]).unwrap();
    std::fs::write(dir.join("big2"), vec![2u8; 200_000]).unwrap();
    let err = fails(&dir, &["disk", "add", "s.dsk", "big1", "big2"]);
    assert!(err.contains("disk full"), "{err}");
    let err = fails(&dir, &["disk", "rm", "s.dsk", "small", "missing"]);
    assert!(err.contains("MISSING: no such file"), "{err}");
    let err = fails(
        &dir,
        &["disk", "add", "s.dsk", "small", "--name", "bad*name"],
    );
    assert!(err.contains("invalid MSX file name"), "{err}");
    assert_eq!(std::fs::read(dir.join("s.dsk")).unwrap(), before);

    // No overwriting by accident, nor reading garbage.
    let err = fails(&dir, &["disk", "new", "s.dsk"]);
    assert!(err.contains("--force"), "{err}");
    std::fs::write(dir.join("junk.dsk"), vec![0x55u8; 4096]).unwrap();
    let err = fails(&dir, &["disk", "ls", "junk.dsk"]);
    assert!(
        err.contains("junk.dsk") && err.contains("boot sector"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn new_with_a_boot_program() {
    let dir = scratch("boot");
    std::fs::write(dir.join("game.bin"), vec![0xC9u8; 300]).unwrap();
    let out = msx(
        &dir,
        &[
            "disk", "new", "b.dsk", "--boot", "game.bin", "--load", "0x8000",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let listing = ok(&dir, &["disk", "ls", "b.dsk"]);
    assert!(
        listing.ends_with("boots GAME.BIN (load 0x8000, start 0x8000)\n"),
        "{listing}"
    );
    let image = std::fs::read(dir.join("b.dsk")).unwrap();
    assert_eq!(&image[0xD0..0xDB], b"GAME    BIN");
    // A program that would not fit is refused, and nothing is written.
    std::fs::write(dir.join("huge.bin"), vec![0u8; 0x8001]).unwrap();
    let err = fails(&dir, &["disk", "new", "c.dsk", "--boot", "huge.bin"]);
    assert!(err.contains("must end below 0xC000"), "{err}");
    assert!(!dir.join("c.dsk").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn dos_sets_the_command_the_disk_boots_into() {
    let dir = scratch("dos");
    ok(&dir, &["disk", "new", "d.dsk"]);
    std::fs::write(dir.join("hello.txt"), b"Hello from a batch file\r\n\x1a").unwrap();
    std::fs::write(dir.join("run.bat"), b"TYPE HELLO.TXT\r\n").unwrap();
    ok(&dir, &["disk", "add", "d.dsk", "hello.txt", "run.bat"]);
    let before = std::fs::read(dir.join("d.dsk")).unwrap();

    // A program that is not on the disk is refused, and nothing is written.
    let err = fails(&dir, &["disk", "dos", "d.dsk", "GAME /F"]);
    assert!(err.contains("d.dsk") && err.contains("GAME.COM"), "{err}");
    assert_eq!(std::fs::read(dir.join("d.dsk")).unwrap(), before);

    ok(&dir, &["disk", "dos", "d.dsk", "RUN"]);
    let listing = ok(&dir, &["disk", "ls", "d.dsk"]);
    assert!(
        listing.ends_with("boots into MSX-DOS: \"RUN\"\n"),
        "{listing}"
    );
    // The free disk ROM runs RUN.BAT at boot, which types the file.
    let screen = ok(&dir, &["run", "d.dsk", "--frames", "400", "--text"]);
    assert!(screen.contains("A>TYPE HELLO.TXT"), "{screen}");
    assert!(screen.contains("Hello from a batch file"), "{screen}");
    let _ = std::fs::remove_dir_all(&dir);
}
