//! `msx basic`: the command line over the tokenizer, run as a user would.

use std::path::PathBuf;
use std::process::{Command, Output};

fn msx(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_msx"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("msx runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("msx-cli-basic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn list_shows_the_battleship_listing() {
    let out = msx(&["basic", "list", "examples/battleship/battle.bas"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let source = std::fs::read_to_string("examples/battleship/battle.bas").unwrap();
    let expected = source.replace(":?\"ABCDEFGHIJ\"", ":PRINT\"ABCDEFGHIJ\"");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
    assert!(out.stderr.is_empty());
}

#[test]
fn tokenize_then_detokenize() {
    let bin = scratch("battle.bin");
    let out = msx(&[
        "basic",
        "tokenize",
        "examples/battleship/batalha.bas",
        "-o",
        bin.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&bin).unwrap();
    assert_eq!(bytes[0], 0xFF);
    assert_eq!(&bytes[bytes.len() - 3..], [0, 0, 0]);
    // Line 5 first: link, number 5, `'`, then the comment.
    assert_eq!(&bytes[3..9], [5, 0, b':', 0x8F, 0xE6, b' ']);

    let out = msx(&["basic", "detokenize", bin.to_str().unwrap()]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("5 ' Rem MarMSX 2018\n10 COLOR 15,0,0:SCREEN 1:WIDTH 32:KEY OFF\n"));

    // The list command reads the tokenized file too.
    let out = msx(&["basic", "list", bin.to_str().unwrap()]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), text);
}

#[test]
fn errors_name_file_and_line() {
    let bad = scratch("bad.bas");
    std::fs::write(&bad, "10 CLS\nPRINT\n").unwrap();
    let out = msx(&[
        "basic",
        "tokenize",
        bad.to_str().unwrap(),
        "-o",
        "/dev/null",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("bad.bas"), "{err}");
    assert!(
        err.contains("line 2, column 1: line does not start with a line number"),
        "{err}"
    );
}

#[test]
fn warnings_go_to_stderr() {
    let dup = scratch("dup.bas");
    std::fs::write(&dup, "10 PRINT 1\n10 PRINT 2\n").unwrap();
    let out = msx(&["basic", "list", dup.to_str().unwrap()]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "10 PRINT 2\n");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("warning: "), "{err}");
    assert!(err.contains("BASIC line 10 appears again"), "{err}");
}

#[test]
fn failed_tokenize_leaves_no_output_file() {
    let bad = scratch("overflow.bas");
    std::fs::write(&bad, "10 A=40000%\n").unwrap();
    let target = scratch("overflow.bin");
    let _ = std::fs::remove_file(&target);
    let out = msx(&[
        "basic",
        "tokenize",
        bad.to_str().unwrap(),
        "-o",
        target.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    assert!(!target.exists());
}
