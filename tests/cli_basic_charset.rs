//! `msx basic` reads listings in the MSX character set (what `SAVE "X",A`
//! and `detokenize --msx-ascii` write) as well as UTF-8.

use std::path::PathBuf;
use std::process::{Command, Output};

fn msx(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_msx"))
        .args(args)
        .output()
        .expect("run msx")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("msx-cli-charset-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// `10 PRINT "é"` as SAVE "X",A writes it (é is 82h), and as SAVE "X" does
/// (PRINT is token 91h; link 800Bh; see crates/msx-basic/tests/save_pairs.rs).
const LISTING: &[u8] = b"10 PRINT \"\x82\"\r\n\x1a";
const TOKENIZED: &[u8] = &[
    0xFF, 0x0B, 0x80, 0x0A, 0x00, 0x91, 0x20, 0x22, 0x82, 0x22, 0x00, 0x00, 0x00,
];

#[test]
fn tokenize_and_list_take_the_msx_character_set() {
    let src = scratch("e.asc");
    std::fs::write(&src, LISTING).unwrap();
    let out = scratch("e.bas");
    let o = msx(&[
        "basic",
        "tokenize",
        src.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(std::fs::read(&out).unwrap(), TOKENIZED);

    let o = msx(&["basic", "list", src.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "10 PRINT \"é\"\n");
}

#[test]
fn what_detokenize_msx_ascii_writes_tokenizes_back() {
    let bas = scratch("r.bas");
    std::fs::write(&bas, TOKENIZED).unwrap();
    let asc = scratch("r.asc");
    let o = msx(&[
        "basic",
        "detokenize",
        "--msx-ascii",
        bas.to_str().unwrap(),
        "-o",
        asc.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(std::fs::read(&asc).unwrap(), LISTING);
    let back = scratch("r2.bas");
    let o = msx(&[
        "basic",
        "tokenize",
        asc.to_str().unwrap(),
        "-o",
        back.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(std::fs::read(&back).unwrap(), TOKENIZED);
}

#[test]
fn the_charset_can_be_forced() {
    let src = scratch("f.asc");
    std::fs::write(&src, LISTING).unwrap();
    let o = msx(&["basic", "list", "--charset", "utf8", src.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("0x82"), "{err}");
    // Valid UTF-8 read as the MSX character set: each byte one character.
    let utf8 = scratch("u.bas");
    std::fs::write(&utf8, "10 PRINT \"é\"\n").unwrap();
    let o = msx(&["basic", "list", "--charset", "msx", utf8.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // C3h A9h are ├ and ⌐ in the MSX character set.
    let shown = String::from_utf8(o.stdout).unwrap();
    assert_ne!(shown, "10 PRINT \"é\"\n");
}

#[test]
fn build_takes_an_asc_listing_in_the_msx_character_set() {
    let src = scratch("PROG.ASC");
    std::fs::write(&src, LISTING).unwrap();
    let dsk = scratch("prog.dsk");
    let o = msx(&["build", src.to_str().unwrap(), "-o", dsk.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The disk holds the program tokenized, as SAVE "PROG" would have.
    let o = msx(&["disk", "get", dsk.to_str().unwrap(), "PROG.BAS", "-o", "-"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(o.stdout, TOKENIZED);
}
