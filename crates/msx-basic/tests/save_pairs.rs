//! Listings in the MSX character set tokenize to what MSX-BASIC itself saves.
//!
//! A pair is a program saved twice by MSX-BASIC: `SAVE "X"` (tokenized) and
//! `SAVE "X",A` (the listing, in the MSX character set). Pairs written here
//! from documented facts always run; real pairs from public repositories run
//! when `MSX_BASIC_SAVE_PAIRS` names a directory holding them as `NAME.bas`
//! (tokenized) and `NAME.asc` (listing). Where they come from and how to fetch
//! them: docs/basic-tokenizer.md, "Real SAVE / SAVE,A pairs". They are not
//! kept in this repository.

use msx_basic::{tokenize_in, Charset};

/// `10 PRINT "é"` and `20 REM ☺` as `SAVE "X",A` writes them: é is 0x82 in
/// the MSX character set; the graphic character ☺ (font code 01h) is stored
/// as 01h 41h; CR LF after each line and a final ^Z.
const LISTING: &[u8] = b"10 PRINT \"\x82\"\r\n20 REM \x01\x41\r\n\x1a";

/// The same program as `SAVE "X"` writes it, worked out from the file format:
/// FFh; each line a link (the address of the next line, the program loaded
/// at 8001h), the line number, the body, 00h; then a 0000h link. PRINT is
/// token 91h, REM 8Fh; the string's and the remark's bytes are kept as they are.
const TOKENIZED: &[u8] = &[
    0xFF, // tokenized file
    0x0B, 0x80, 0x0A, 0x00, 0x91, 0x20, 0x22, 0x82, 0x22, 0x00, // 10 PRINT "é"
    0x14, 0x80, 0x14, 0x00, 0x8F, 0x20, 0x01, 0x41, 0x00, // 20 REM ☺
    0x00, 0x00, // end
];

#[test]
fn an_msx_charset_listing_is_detected_and_tokenizes_as_saved() {
    assert_eq!(Charset::detect(LISTING), Charset::Msx);
    let t = tokenize_in(LISTING, Charset::detect(LISTING)).unwrap();
    assert_eq!(t.program.to_bytes(), TOKENIZED);
    // And through the entry point `msx build` and `msx run` use.
    assert_eq!(
        msx_basic::load_source(LISTING).unwrap().to_bytes(),
        TOKENIZED
    );
}

#[test]
fn the_same_listing_in_utf8_tokenizes_the_same() {
    let utf8 = "10 PRINT \"é\"\n20 REM ☺\n".as_bytes();
    assert_eq!(Charset::detect(utf8), Charset::Utf8);
    let t = tokenize_in(utf8, Charset::Utf8).unwrap();
    assert_eq!(t.program.to_bytes(), TOKENIZED);
}

#[test]
fn forcing_utf8_on_an_msx_listing_is_an_error_at_the_byte() {
    let e = tokenize_in(LISTING, Charset::Utf8).unwrap_err().to_string();
    assert!(e.contains("0x82"), "{e}");
}

#[test]
fn what_to_msx_ascii_writes_reads_back() {
    let t = tokenize_in(LISTING, Charset::Msx).unwrap();
    let written = msx_basic::to_msx_ascii(&t.program).unwrap();
    assert_eq!(written, LISTING);
    let again = msx_basic::load_source(&written).unwrap();
    assert_eq!(again.to_bytes(), TOKENIZED);
}

#[test]
fn real_pairs_tokenize_byte_for_byte() {
    let Ok(dir) = std::env::var("MSX_BASIC_SAVE_PAIRS") else {
        return; // The pairs above stand in for them.
    };
    let mut checked = 0;
    let mut failed = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("MSX_BASIC_SAVE_PAIRS={dir}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "asc"))
        .collect();
    entries.sort();
    for listing in entries {
        let saved = std::fs::read(listing.with_extension("bas"))
            .unwrap_or_else(|e| panic!("{}: its .bas: {e}", listing.display()));
        let text = std::fs::read(&listing).unwrap();
        checked += 1;
        match msx_basic::load_source(&text) {
            Ok(p) if p.to_bytes() == saved => {}
            Ok(p) => {
                let bytes = p.to_bytes();
                let at = bytes.iter().zip(&saved).position(|(a, b)| a != b);
                failed.push(format!(
                    "{}: differs at byte {at:?} ({} bytes, saved {})",
                    listing.display(),
                    bytes.len(),
                    saved.len()
                ));
            }
            Err(e) => failed.push(format!("{}: {e}", listing.display())),
        }
    }
    assert!(checked > 0, "no NAME.asc + NAME.bas pairs in {dir}");
    assert!(
        failed.is_empty(),
        "{} of {checked} pairs:\n{}",
        failed.len(),
        failed.join("\n")
    );
}
