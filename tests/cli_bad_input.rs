//! Bad input and odd situations on the command line (issue #18): no output over an input,
//! disk images edited through links and refused when read-only, all of a command's outputs
//! or none, no temporary file left behind, a closed stdout, one table of exit statuses,
//! and nothing raw from a binary file sent to the terminal.

mod support;

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use support::{msx, scratch};

const PROGRAM: &str = "program x;\nbegin\n  writeln(1);\nend.\n";
const ASM: &str = " org 100h\n ld a,1\n ret\n";

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The names in `dir`, sorted (hidden ones too: that is where temporary files hide).
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn write(dir: &Path, name: &str, bytes: impl AsRef<[u8]>) {
    std::fs::write(dir.join(name), bytes).unwrap();
}

/// Asserts that `out` failed with status 1 and that its message holds `needle`.
fn fails_with(out: &Output, needle: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(needle), "wanted {needle:?} in: {err}");
}

#[test]
fn an_output_that_is_an_input_is_refused() {
    let dir = scratch("same");
    write(&dir, "x.pas", PROGRAM);
    write(&dir, "a.asm", ASM);
    write(&dir, "p.bas", "10 PRINT 1\n");
    write(&dir, "code.bin", [0x3E, 0x01, 0xC9]);
    std::os::unix::fs::symlink("x.pas", dir.join("link.pas")).unwrap();
    std::fs::hard_link(dir.join("x.pas"), dir.join("hard.pas")).unwrap();
    let cases: &[&[&str]] = &[
        &["build", "x.pas", "-o", "x.pas"],
        &["build", "x.pas", "-o", "./x.pas", "--format", "com"],
        // Through a symbolic link and a hard link to the input.
        &["build", "x.pas", "-o", "link.pas", "--format", "com"],
        &["build", "x.pas", "-o", "hard.pas", "--format", "com"],
        &["build", "x.pas", "--lst", "x.pas"],
        &["asm", "a.asm", "-o", "a.asm"],
        &["asm", "a.asm", "--sym", "a.asm"],
        &["basic", "tokenize", "p.bas", "-o", "p.bas"],
        &["disasm", "code.bin", "-o", "code.bin"],
    ];
    for args in cases {
        let out = msx(&dir, args);
        fails_with(&out, "refusing to write");
        assert_eq!(std::fs::read_to_string(dir.join("x.pas")).unwrap(), PROGRAM);
        assert_eq!(std::fs::read_to_string(dir.join("a.asm")).unwrap(), ASM);
        assert_eq!(
            std::fs::read_to_string(dir.join("p.bas")).unwrap(),
            "10 PRINT 1\n"
        );
        assert_eq!(
            std::fs::read(dir.join("code.bin")).unwrap(),
            [0x3E, 1, 0xC9]
        );
    }
    // The same name for two outputs is refused as well, before either is written.
    let out = msx(&dir, &["asm", "a.asm", "-o", "a.out", "--lst", "a.out"]);
    fails_with(&out, "name the same file");
    assert!(!dir.join("a.out").exists());
    // Still symlinked, still hard-linked.
    assert!(dir
        .join("link.pas")
        .symlink_metadata()
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(dir.join("x.pas").metadata().unwrap().nlink(), 2);
}

/// `msx disk new NAME` in `dir`.
fn new_disk(dir: &Path, name: &str) {
    let out = msx(dir, &["disk", "new", name]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

fn listing(dir: &Path, image: &str) -> String {
    let out = msx(dir, &["disk", "ls", image]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_disk_image_is_edited_through_its_links_and_keeps_its_mode() {
    let dir = scratch("links");
    new_disk(&dir, "real.dsk");
    write(&dir, "A.TXT", "a");
    write(&dir, "B.TXT", "b");
    std::fs::set_permissions(dir.join("real.dsk"), std::fs::Permissions::from_mode(0o640)).unwrap();
    std::os::unix::fs::symlink("real.dsk", dir.join("link.dsk")).unwrap();
    std::fs::hard_link(dir.join("real.dsk"), dir.join("hard.dsk")).unwrap();

    let out = msx(&dir, &["disk", "add", "link.dsk", "A.TXT"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // The link is still a link, and the file it names changed.
    assert!(dir
        .join("link.dsk")
        .symlink_metadata()
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(listing(&dir, "real.dsk").contains("A        TXT"));

    // Through one hard link: every name sees the change.
    let out = msx(&dir, &["disk", "add", "hard.dsk", "B.TXT"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(listing(&dir, "real.dsk").contains("B        TXT"));
    assert_eq!(dir.join("real.dsk").metadata().unwrap().nlink(), 2);

    for args in [
        &["disk", "rename", "link.dsk", "A.TXT", "C.TXT"][..],
        &["disk", "rm", "link.dsk", "B.TXT"],
        &["disk", "dos", "link.dsk", "DIR"],
    ] {
        let out = msx(&dir, args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    }
    let ls = listing(&dir, "real.dsk");
    assert!(
        ls.contains("C        TXT") && !ls.contains("B        TXT"),
        "{ls}"
    );
    assert!(ls.contains("boots into MSX-DOS"), "{ls}");
    let meta = dir.join("real.dsk").metadata().unwrap();
    assert_eq!(meta.permissions().mode() & 0o777, 0o640);
    assert_eq!(meta.nlink(), 2);
    assert_eq!(
        names(&dir),
        ["A.TXT", "B.TXT", "hard.dsk", "link.dsk", "real.dsk"]
    );
}

#[test]
fn a_read_only_disk_image_is_refused() {
    let dir = scratch("readonly");
    new_disk(&dir, "ro.dsk");
    write(&dir, "A.TXT", "a");
    let before = std::fs::read(dir.join("ro.dsk")).unwrap();
    std::fs::set_permissions(dir.join("ro.dsk"), std::fs::Permissions::from_mode(0o444)).unwrap();
    for args in [
        &["disk", "add", "ro.dsk", "A.TXT"][..],
        &["disk", "dos", "ro.dsk", ""],
    ] {
        let out = msx(&dir, args);
        fails_with(&out, "ro.dsk: it is read-only");
    }
    // `msx play --save-disk` says so before it opens a window (here: before it finds
    // there is no display to open one on).
    let out = Command::new(env!("CARGO_BIN_EXE_msx"))
        .current_dir(&dir)
        .args(["play", "ro.dsk", "--save-disk"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    fails_with(&out, "ro.dsk: it is read-only");
    assert_eq!(std::fs::read(dir.join("ro.dsk")).unwrap(), before);
    let mode = dir.join("ro.dsk").metadata().unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o444);
}

#[test]
fn a_command_writes_all_its_outputs_or_none() {
    let dir = scratch("allornone");
    write(&dir, "x.pas", PROGRAM);
    write(&dir, "a.asm", ASM);
    // A listing that cannot be written: no disk either.
    let out = msx(&dir, &["build", "x.pas", "--lst", "nodir/x.lst"]);
    fails_with(&out, "cannot write nodir/x.lst");
    assert!(!dir.join("x.dsk").exists());
    // An old disk stays as it was.
    write(&dir, "x.dsk", "old");
    let out = msx(&dir, &["build", "x.pas", "--asm", "nodir/x.asm"]);
    fails_with(&out, "cannot write nodir/x.asm");
    assert_eq!(std::fs::read(dir.join("x.dsk")).unwrap(), b"old");
    // A bad --sym: no .bin.
    let out = msx(&dir, &["asm", "a.asm", "--sym", "nodir/a.sym"]);
    fails_with(&out, "cannot write nodir/a.sym");
    assert!(!dir.join("a.bin").exists());
    assert_eq!(names(&dir), ["a.asm", "x.dsk", "x.pas"]);
}

/// Runs `msx ARGS` in `dir` with files limited to `blocks` blocks of the shell's `ulimit
/// -f`: a write past it fails (EFBIG, with SIGXFSZ ignored), as on a full disk.
fn msx_with_file_limit(dir: &Path, blocks: u32, args: &[&str]) -> Output {
    let mut script = format!("trap '' XFSZ; ulimit -f {blocks}; exec \"$0\"");
    for i in 1..=args.len() {
        script.push_str(&format!(" \"${i}\""));
    }
    Command::new("sh")
        .current_dir(dir)
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_msx"))
        .args(args)
        .output()
        .expect("run sh")
}

#[test]
fn a_write_that_fails_half_way_leaves_no_temporary_file() {
    let dir = scratch("full");
    write(&dir, "x.pas", PROGRAM);
    // A 720 KB disk does not fit in 100 blocks (of 512 or 1024 bytes, by shell).
    let out = msx_with_file_limit(&dir, 100, &["build", "x.pas"]);
    fails_with(&out, "cannot write x.dsk");
    assert_eq!(names(&dir), ["x.pas"]);
    // Replacing a file: the old one stays whole.
    write(&dir, "x.dsk", "old");
    let out = msx_with_file_limit(&dir, 100, &["build", "x.pas", "--lst", "x.lst"]);
    fails_with(&out, "cannot write x.dsk");
    assert_eq!(names(&dir), ["x.dsk", "x.pas"]);
    assert_eq!(std::fs::read(dir.join("x.dsk")).unwrap(), b"old");
    // The same command with room for its files succeeds: the limit was the cause.
    let out = msx_with_file_limit(&dir, 10_000, &["build", "x.pas", "--lst", "x.lst"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(names(&dir), ["x.dsk", "x.lst", "x.pas"]);
}

/// Runs `msx ARGS` in `dir` with a standard output whose reader is already gone.
fn msx_to_closed_pipe(dir: &Path, args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_msx"))
        .current_dir(dir)
        .args(args)
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("run msx")
}

#[test]
fn a_closed_stdout_ends_the_command_quietly() {
    let dir = scratch("pipe");
    write(&dir, "code.bin", vec![0u8; 4000]);
    write(&dir, "A.TXT", "a".repeat(100_000));
    write(&dir, "p.bas", "10 PRINT 1\n");
    new_disk(&dir, "d.dsk");
    let out = msx(&dir, &["disk", "add", "d.dsk", "A.TXT"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for args in [
        &["disasm", "code.bin"][..],
        &["disk", "ls", "d.dsk"],
        &["disk", "get", "d.dsk", "A.TXT", "-o", "-"],
        &["basic", "list", "p.bas"],
    ] {
        let out = msx_to_closed_pipe(&dir, args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert_eq!(stderr(&out), "", "{args:?}");
    }
}

#[test]
fn exit_statuses_follow_one_table() {
    let dir = scratch("exit");
    // 2: the command line is wrong (clap's usage error).
    for args in [
        &["run", "--frmaes", "3"][..],
        &["build"],
        &["disk", "ls"],
        &["nosuchcommand"],
    ] {
        let out = msx(&dir, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    }
    // --help and --version are no error.
    assert_eq!(msx(&dir, &["--version"]).status.code(), Some(0));
    assert_eq!(msx(&dir, &["run", "--help"]).status.code(), Some(0));
    // 1: an error.
    assert_eq!(msx(&dir, &["run", "missing.dsk"]).status.code(), Some(1));
    // 4: the condition was not reached (MSX-BASIC never prints this).
    let out = msx(
        &dir,
        &["run", "--frames", "30", "--until-text", "NEVER SHOWN"],
    );
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    assert!(stderr(&out).contains("frame limit 30 came before"));
}

/// Bytes that would clear the screen, retitle the terminal and ring its bell.
const GARBAGE: &[u8] = b"\x1b[2J\x1b]0;owned\x07\r\x00\x9b31m";

fn assert_no_raw_controls(out: &Output) {
    let raw = out
        .stderr
        .iter()
        .chain(&out.stdout)
        .find(|&&b| b < 0x20 && b != b'\n' && b != b'\t' || b == 0x7F);
    assert!(
        raw.is_none(),
        "raw control byte {raw:?} in: {}",
        stderr(out)
    );
}

/// Asserts that the ESC of the input was shown, as `\x1B` in a message or as the visible
/// `␛` (U+241B) in a source line of a diagnostic, where each character keeps one column.
fn assert_shown_escaped(text: &[u8]) {
    let text = String::from_utf8_lossy(text);
    assert!(
        text.contains("\\x1B[2J") || text.contains("\u{241b}[2J"),
        "{text}"
    );
}

/// The column (in characters) of the first `^` under the source line that holds `at`,
/// and the column of `at` in that line.
fn caret_and_target(err: &str, at: &str) -> (usize, usize) {
    let lines: Vec<&str> = err.lines().collect();
    let i = (0..lines.len().saturating_sub(1))
        .find(|&i| lines[i].contains(at) && lines[i + 1].contains('^'))
        .unwrap_or_else(|| panic!("no source line with {at:?} and a caret in: {err}"));
    let column = |line: &str, needle: &str| line[..line.find(needle).unwrap()].chars().count();
    (column(lines[i + 1], "^"), column(lines[i], at))
}

#[test]
fn the_caret_stays_under_its_character_after_control_characters() {
    let dir = scratch("caret");
    // The control characters are legal where they are (in a string); the error is
    // the undefined name after them.
    write(&dir, "c.asm", b" db \"\x1b[1m\x07\x9b\",nowhere\n");
    let out = msx(&dir, &["asm", "c.asm", "-o", "c.bin"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_no_raw_controls(&out);
    let (caret, target) = caret_and_target(&err, "nowhere");
    assert_eq!(caret, target, "{err}");

    write(
        &dir,
        "c.pas",
        b"program c;\nbegin\n  writeln('\x1b[2J\x07'); nowhere := 1;\nend.\n",
    );
    let out = msx(&dir, &["build", "c.pas", "-o", "c.com"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_no_raw_controls(&out);
    let (caret, target) = caret_and_target(&err, "nowhere :=");
    assert_eq!(caret, target, "{err}");
}

#[test]
fn binary_garbage_is_never_echoed_raw() {
    let dir = scratch("garbage");
    let mut source = b"program x;\nbegin\n  ".to_vec();
    source.extend_from_slice(GARBAGE);
    source.extend_from_slice(b"\nend.\n");
    write(&dir, "g.pas", &source);
    let mut asm = b" ld a,".to_vec();
    asm.extend_from_slice(GARBAGE);
    asm.push(b'\n');
    write(&dir, "g.asm", &asm);
    let mut bas = b"10 PRINT 1\n20 ".to_vec();
    bas.extend_from_slice(GARBAGE);
    bas.push(b'\n');
    write(&dir, "g.bas", &bas);
    for (args, echoes) in [
        (&["build", "g.pas"][..], true),
        (&["asm", "g.asm"], true),
        // BASIC names the line and column without echoing the line.
        (&["build", "--compile", "g.bas"], false),
        (&["basic", "tokenize", "g.bas", "-o", "g.tok"], false),
    ] {
        let out = msx(&dir, args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert_no_raw_controls(&out);
        if echoes {
            assert_shown_escaped(&out.stderr);
        }
    }

    // A damaged volume label in `disk ls`.
    new_disk(&dir, "d.dsk");
    let mut image = std::fs::read(dir.join("d.dsk")).unwrap();
    // 720 KB: boot sector, two FATs of 3 sectors, then the root directory at sector 7.
    let root = 7 * 512;
    image[root..root + 11].copy_from_slice(b"\x1b[2J\x07LABEL ");
    image[root + 11] = 0x08;
    write(&dir, "d.dsk", &image);
    let out = msx(&dir, &["disk", "ls", "d.dsk"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_no_raw_controls(&out);
    assert_shown_escaped(&out.stdout);
}

#[test]
fn an_empty_program_builds_with_a_warning() {
    let dir = scratch("empty");
    write(&dir, "e.bas", "");
    write(&dir, "blank.bas", "\n  \n");
    write(&dir, "e.asm", "\n");
    for args in [
        &["build", "e.bas"][..],
        &["build", "--compile", "blank.bas"],
        &["basic", "tokenize", "e.bas", "-o", "e.tok"],
    ] {
        let out = msx(&dir, args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(err.contains("the program has no lines"), "{args:?}: {err}");
    }
    let out = msx(&dir, &["asm", "e.asm"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("warning: e.asm: the source is empty"), "{err}");
    // A program with lines says nothing of the kind.
    write(&dir, "p.bas", "10 PRINT 1\n");
    let out = msx(&dir, &["build", "p.bas"]);
    assert!(!stderr(&out).contains("no lines"), "{}", stderr(&out));
}

#[test]
fn basic_reports_parse_and_compile_errors_in_one_run() {
    let dir = scratch("basicstages");
    // Lines 20 and 40 do not parse (statements the compiler lacks); line 30 parses
    // but does not compile (A() with two numbers of subscripts).
    write(
        &dir,
        "st.bas",
        "10 PRINT A(1)\n20 MERGE \"X\"\n30 X=A(1,2)\n40 LLIST\n",
    );
    let out = msx(&dir, &["build", "--compile", "st.bas"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 4, "{err}");
    assert!(
        lines[0].starts_with("error: st.bas: line 20, statement 1: MERGE"),
        "{err}"
    );
    assert!(
        lines[1].starts_with("error: st.bas: line 30, statement 1: array A#()"),
        "{err}"
    );
    assert!(
        lines[2].starts_with("error: st.bas: line 40, statement 1: LLIST"),
        "{err}"
    );
    assert_eq!(lines[3], "error: st.bas could not be compiled (3 error(s))");
}

#[test]
fn basic_reports_character_errors_with_the_other_lines_errors() {
    let dir = scratch("basicchars");
    // Line 20 has a character MSX-BASIC cannot store; line 30 does not parse; line 40
    // jumps nowhere; line 50 jumps to line 20, which exists (it is only wrong).
    // (The compiler used to refuse lines 30 and 40 too: see below.)
    write(
        &dir,
        "ch.bas",
        "10 PRINT 1\n20 PRINT \"\u{6f22}\"\n30 PRINT (\n40 GOTO 1000\n50 GOTO 20\n",
    );
    let out = msx(&dir, &["build", "--compile", "ch.bas"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    // Lines 30 and 40 are no errors for the compiler: MSX reports them only when they
    // run, and so does the compiled program (warnings when it builds). The character
    // is the one error.
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with("error: ch.bas: line 2, column 11: character"),
        "{err}"
    );
    assert_eq!(lines[1], "error: ch.bas could not be compiled (1 error(s))");

    // Tokenizing (and building for the interpreter, which only tokenizes) reports every
    // line's error, not only the first.
    write(
        &dir,
        "two.bas",
        "10 PRINT \"\u{6f22}\"\n20 PRINT 1\nPRINT 2\n30 PRINT \"\u{20ac}\"\n",
    );
    for args in [
        &["basic", "tokenize", "two.bas", "-o", "two.tok"][..],
        &["build", "two.bas", "-o", "two.dsk"],
    ] {
        let out = msx(&dir, args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 4, "{args:?}: {err}");
        assert!(
            lines[0].starts_with("error: two.bas: line 1, column 11: character"),
            "{err}"
        );
        assert!(
            lines[1].starts_with(
                "error: two.bas: line 3, column 1: line does not start with a line number"
            ),
            "{err}"
        );
        assert!(
            lines[2].starts_with("error: two.bas: line 4, column 11: character"),
            "{err}"
        );
        assert_eq!(lines[3], "error: two.bas could not be tokenized (3 errors)");
    }
    assert!(!dir.join("two.tok").exists() && !dir.join("two.dsk").exists());
}

#[test]
fn a_special_file_as_output_is_written_into_not_replaced() {
    // A named pipe stands for any device (`-o /dev/null`): replacing it with a regular
    // file, as a rename would, is what must not happen (a test must not risk the
    // machine's own /dev/null).
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("device");
    write(&dir, "a.asm", ASM);
    let status = Command::new("mkfifo")
        .arg(dir.join("pipe"))
        .status()
        .unwrap();
    assert!(status.success());
    let reader = {
        let pipe = dir.join("pipe");
        std::thread::spawn(move || std::fs::read(pipe).unwrap())
    };
    let out = msx(&dir, &["asm", "a.asm", "-o", "pipe"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // Checked before waiting for the reader, which waits for ever if the pipe was
    // replaced (its thread then ends with the test binary).
    let meta = std::fs::symlink_metadata(dir.join("pipe")).unwrap();
    assert!(meta.file_type().is_fifo(), "the pipe was replaced");
    assert_eq!(names(&dir), ["a.asm", "pipe"]);
    assert_eq!(reader.join().unwrap(), [0x3E, 0x01, 0xC9]);
}
