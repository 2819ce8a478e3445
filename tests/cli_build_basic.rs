//! `msx build x.bas` end to end, through the binary: with --compile the disk boots the
//! compiled program and carries the tokenized listing; a program the compiler refuses gets its line and
//! statement named, a failure exit, and no output file.

mod support;
use support::{msx, scratch};

#[test]
fn a_listing_builds_into_a_disk_that_boots_it_and_keeps_the_bas() {
    let dir = scratch("hello");
    let listing = "10 CLS\n20 FOR I=1 TO 3:PRINT I;:NEXT\n30 PRINT \"DONE\"\n";
    std::fs::write(dir.join("hello.bas"), listing).unwrap();
    let out = msx(
        &dir,
        &["build", "--compile", "hello.bas", "-o", "hello.dsk"],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let image = std::fs::read(dir.join("hello.dsk")).unwrap();
    let disk = msx_disk::Disk::from_bytes(&image).unwrap();
    assert!(
        disk.read_file("HELLO.BIN").is_ok(),
        "no program on the disk"
    );
    // The .BAS is what MSX-BASIC's SAVE writes for the listing: LIST gives it back.
    let bas = disk.read_file("HELLO.BAS").unwrap();
    assert_eq!(bas[0], 0xFF, "not a tokenized file");
    assert_eq!(
        msx_basic::detokenize(&bas).unwrap().replace("\r\n", "\n"),
        listing
    );

    // MSX-BASIC prints numbers with a leading blank and a trailing one (the text window of
    // SCREEN 0 does not start at the screen's first column: trim both ends).
    let run = msx(
        &dir,
        &[
            "run",
            "hello.dsk",
            "--frames",
            "900",
            "--until-text",
            "DONE",
            "--text",
        ],
    );
    let text = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{text}");
    assert!(
        text.lines().any(|l| l.trim() == "1  2  3 DONE"),
        "the program's output is not on the screen:\n{text}"
    );
}

#[test]
fn an_unsupported_statement_is_named_and_nothing_is_written() {
    let dir = scratch("refused");
    std::fs::write(dir.join("bad.bas"), "10 PRINT \"A\"\n20 CLS:MERGE \"F\"\n").unwrap();
    let out = msx(&dir, &["build", "--compile", "bad.bas", "-o", "bad.dsk"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("line 20"), "the line is not named: {err}");
    assert!(
        err.contains("statement 2"),
        "the statement is not named: {err}"
    );
    assert!(!dir.join("bad.dsk").exists(), "an output file was written");
}

/// A compiled program that stops on an error ends in MSX-BASIC: the ROM's message, "Ok",
/// and a prompt that takes what a key script types (docs/basic.md, "The end of a
/// program").
#[test]
fn a_compiled_programs_error_leaves_a_working_basic_prompt() {
    let dir = scratch("endrom");
    std::fs::write(dir.join("err.bas"), "10 PRINT \"A\"\n20 X=1/0\n").unwrap();
    let out = msx(&dir, &["build", "--compile", "err.bas", "-o", "err.dsk"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(dir.join("k.txt"), "at 400 type \"PRINT 6*7\\n\"\n").unwrap();
    let run = msx(
        &dir,
        &[
            "run", "err.dsk", "--frames", "700", "--keys", "k.txt", "--text",
        ],
    );
    let text = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{text}");
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(
        lines[..6],
        ["A", "Division by zero in 20", "Ok", "PRINT 6*7", "42", "Ok"],
        "{text}"
    );
}

/// LPRINT reaches the printer `msx run --printer` plugs in: MSX-BASIC's number
/// blanks, `;` and `,` (14-column zones), TAB as blanks to the next multiple of 8
/// (the BIOS's OUTDLP), and CR LF at each line's end.
#[test]
fn lprint_reaches_the_printer() {
    let dir = scratch("lprint");
    let listing = "10 LPRINT \"SCORE\";42\n20 LPRINT \"A\",\"B\"\n30 LPRINT CHR$(9);\"T\"\n40 PRINT \"DONE\"\n";
    std::fs::write(dir.join("lp.bas"), listing).unwrap();
    let out = msx(&dir, &["build", "--compile", "lp.bas", "-o", "lp.dsk"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = msx(
        &dir,
        &[
            "run",
            "lp.dsk",
            "--frames",
            "900",
            "--until-text",
            "DONE",
            "--printer",
            "paper.txt",
        ],
    );
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let paper = std::fs::read(dir.join("paper.txt")).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&paper),
        "SCORE 42 \r\nA             B\r\n        T\r\n"
    );
}

#[test]
fn interpret_makes_the_disk_an_msx_user_makes() {
    // An MSX user's disk: the program as SAVE "HELLO.BAS" writes it, and an AUTOEXEC.BAS
    // whose one line runs it, which Disk BASIC runs at power-on (MSX2 Technical Handbook,
    // chapter 3, 4: AUTOEXEC.BAS).
    let dir = scratch("interpret");
    let listing = "10 PRINT \"HI\"\n";
    std::fs::write(dir.join("hello.bas"), listing).unwrap();
    let out = msx(&dir, &["build", "hello.bas", "--interpret", "-o", "h.dsk"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let disk = msx_disk::Disk::from_bytes(&std::fs::read(dir.join("h.dsk")).unwrap()).unwrap();
    let bas = disk.read_file("HELLO.BAS").unwrap();
    assert_eq!(msx_basic::detokenize(&bas).unwrap(), listing);
    let autoexec = disk.read_file("AUTOEXEC.BAS").unwrap();
    assert_eq!(
        msx_basic::detokenize(&autoexec).unwrap(),
        "10 RUN\"HELLO.BAS\"\n"
    );
    assert!(disk.read_file("HELLO.BIN").is_err(), "nothing compiled");
    // It is what `msx build` makes of a .bas by default.
    let out = msx(&dir, &["build", "hello.bas", "-o", "d.dsk"]);
    assert_eq!(out.status.code(), Some(0));
    let default = msx_disk::Disk::from_bytes(&std::fs::read(dir.join("d.dsk")).unwrap()).unwrap();
    assert_eq!(default.read_file("AUTOEXEC.BAS").unwrap(), autoexec);
    assert!(default.read_file("HELLO.BIN").is_err(), "nothing compiled");
    // What only a compiled program has (MSX-DOS, listings) compiles.
    let out = msx(&dir, &["build", "hello.bas", "--dos", "-o", "dos.dsk"]);
    assert_eq!(out.status.code(), Some(0));
    let dos = msx_disk::Disk::from_bytes(&std::fs::read(dir.join("dos.dsk")).unwrap()).unwrap();
    assert!(dos.read_file("HELLO.COM").is_ok(), "compiled for MSX-DOS");

    // The options about compiled code make no sense with it: refused, nothing written.
    for extra in [&["--dos"][..], &["--format", "com"], &["--asm", "x.asm"]] {
        let mut argv = vec!["build", "hello.bas", "--interpret", "-o", "no.dsk"];
        argv.extend_from_slice(extra);
        let out = msx(&dir, &argv);
        assert_eq!(out.status.code(), Some(1), "{extra:?}");
        assert!(!dir.join("no.dsk").exists(), "{extra:?}");
    }
}
