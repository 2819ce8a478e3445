//! Tokenizer special cases and number encodings. Expected bytes come from
//! files saved by MSX-BASIC (quoted in the fact sheet `msx-basic-format.md`,
//! sections A7–A10, with its sources) or are worked out by hand from the
//! ROM listing; none is produced by this crate.

use msx_basic::{tokenize, tokenize_bytes, ListStyle, Warning};

fn body(text: &str) -> Vec<u8> {
    let p = tokenize(&format!("10 {text}")).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    p.lines[0].body.clone()
}

fn listed(text: &str) -> String {
    let p = tokenize(&format!("10 {text}")).unwrap();
    p.list()
        .unwrap()
        .strip_prefix("10 ")
        .unwrap()
        .trim_end_matches('\n')
        .to_string()
}

#[test]
fn small_integers() {
    for (text, b) in [("0", 0x11), ("1", 0x12), ("5", 0x16), ("9", 0x1A)] {
        assert_eq!(body(&format!("A={text}")), [b'A', 0xEF, b], "{text}");
    }
}

#[test]
fn byte_and_word_integers() {
    assert_eq!(body("?10"), [0x91, 0x0F, 0x0A]);
    assert_eq!(body("?15"), [0x91, 0x0F, 0x0F]);
    assert_eq!(body("?255"), [0x91, 0x0F, 0xFF]);
    assert_eq!(body("?256"), [0x91, 0x1C, 0x00, 0x01]);
    assert_eq!(body("?1000"), [0x91, 0x1C, 0xE8, 0x03]);
    assert_eq!(body("?32767"), [0x91, 0x1C, 0xFF, 0x7F]);
    // Minus is always the operator token.
    assert_eq!(body("?-1"), [0x91, 0xF2, 0x12]);
    assert_eq!(body("?-10000"), [0x91, 0xF2, 0x1C, 0x10, 0x27]);
    // -32768 is minus and the single 32768.
    assert_eq!(body("?-32768"), [0x91, 0xF2, 0x1D, 0x45, 0x32, 0x76, 0x80]);
    assert_eq!(body("?7%"), [0x91, 0x18]);
}

#[test]
fn hex_octal_binary() {
    assert_eq!(body("?&HF"), [0x91, 0x0C, 0x0F, 0x00]);
    assert_eq!(body("?&H1234"), [0x91, 0x0C, 0x34, 0x12]);
    assert_eq!(body("?&hffff"), [0x91, 0x0C, 0xFF, 0xFF]);
    assert_eq!(body("?&H"), [0x91, 0x0C, 0x00, 0x00]);
    assert_eq!(body("?&O177777"), [0x91, 0x0B, 0xFF, 0xFF]);
    assert_eq!(body("?&O"), [0x91, 0x0B, 0x00, 0x00]);
    // &B has no token: the characters stay as typed.
    assert_eq!(body("?&B1111"), [0x91, b'&', b'B', b'1', b'1', b'1', b'1']);
    assert_eq!(listed("?&H0080"), "PRINT&H80");
    assert_eq!(listed("?&O0"), "PRINT&O0");
}

#[test]
fn singles() {
    for text in ["1.", "1.0", "1!"] {
        assert_eq!(
            body(&format!("?{text}")),
            [0x91, 0x1D, 0x41, 0x10, 0, 0],
            "{text}"
        );
        assert_eq!(listed(&format!("?{text}")), "PRINT1!");
    }
    assert_eq!(body("?1.1234567!"), [0x91, 0x1D, 0x41, 0x11, 0x23, 0x46]);
    assert_eq!(listed("?1.1234567!"), "PRINT1.12346");
    assert_eq!(body("?.123456"), [0x91, 0x1D, 0x40, 0x12, 0x34, 0x56]);
    assert_eq!(body("?12345.6"), [0x91, 0x1D, 0x45, 0x12, 0x34, 0x56]);
    assert_eq!(body("?2E-7"), [0x91, 0x1D, 0x3A, 0x20, 0, 0]);
    assert_eq!(listed("?2E-7"), "PRINT2E-07");
    assert_eq!(body("?3E+19"), [0x91, 0x1D, 0x54, 0x30, 0, 0]);
    assert_eq!(listed("?3e19"), "PRINT3E+19");
    assert_eq!(body("?36000"), [0x91, 0x1D, 0x45, 0x36, 0, 0]);
    assert_eq!(listed("?36000"), "PRINT36000!");
}

#[test]
fn doubles() {
    assert_eq!(
        body("?-4.123456789012345e20"),
        [0x91, 0xF2, 0x1F, 0x55, 0x41, 0x23, 0x45, 0x67, 0x89, 0x01, 0x23]
    );
    assert_eq!(
        listed("?-4.123456789012345e20"),
        "PRINT-4.1234567890123E+20"
    );
    assert_eq!(
        body("?5.123D+21"),
        [0x91, 0x1F, 0x56, 0x51, 0x23, 0, 0, 0, 0, 0]
    );
    // LIST writes E, which would read back as a single; the round-trip
    // style writes D.
    assert_eq!(listed("?5.123D+21"), "PRINT5.123E+21");
    assert_eq!(listed("?1234567890"), "PRINT1234567890#");
    assert_eq!(listed("?.12345678901234#"), "PRINT.12345678901234#");
    assert_eq!(body("?1#"), [0x91, 0x1F, 0x41, 0x10, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn numbers_next_to_words() {
    // An E before L or Q is not an exponent.
    assert_eq!(
        body("IF A THEN 1ELSE 2"),
        [0x8B, b' ', b'A', b' ', 0xDA, b' ', 0x0E, 1, 0, 0x3A, 0xA1, b' ', 0x0E, 2, 0]
    );
    assert_eq!(body("?1EQV2"), [0x91, 0x12, 0xF9, 0x13]);
    // Blanks inside a number are skipped; after it they are kept.
    assert_eq!(body("?1 000 "), [0x91, 0x1C, 0xE8, 0x03, b' ']);
    // Digits after a name are ASCII; punctuation ends that.
    assert_eq!(body("A1=B2+3"), [b'A', b'1', 0xEF, b'B', b'2', 0xF1, 0x14]);
    // SET PAGE 0,1: '0' after the name PAGE is ASCII, '1' after ',' a constant.
    assert_eq!(
        body("SET PAGE 0,1"),
        [0xD2, b' ', b'P', b'A', b'G', b'E', b' ', b'0', b',', 0x12]
    );
}

#[test]
fn line_numbers() {
    assert_eq!(
        body("GOTO1234:GOTO   50:GOTO 9"),
        [
            0x89, 0x0E, 0xD2, 0x04, 0x3A, 0x89, 0x20, 0x20, 0x20, 0x0E, 0x32, 0x00, 0x3A, 0x89,
            0x20, 0x0E, 0x09, 0x00
        ]
    );
    assert_eq!(body("GOTO-789"), [0x89, 0xF2, 0x0E, 0x15, 0x03]);
    assert_eq!(
        body("ON X GOSUB 100,200"),
        [0x95, b' ', b'X', b' ', 0x8D, b' ', 0x0E, 100, 0, b',', 0x0E, 200, 0]
    );
    assert_eq!(
        body("DELETE 10-20"),
        [0xA8, b' ', 0x0E, 10, 0, 0xF2, 0x0E, 20, 0]
    );
    assert_eq!(
        body("IF ERL=100 THEN"),
        [0x8B, b' ', 0xE1, 0xEF, 0x0E, 100, 0, b' ', 0xDA]
    );
    assert_eq!(body("LIST ."), [0x93, b' ', b'.']);
    assert_eq!(listed("GOTO 0010"), "GOTO 10");
    // GO TO (one space) is GOTO; LIST writes GOTO.
    assert_eq!(body("GO TO 10"), [0x89, b' ', 0x0E, 10, 0]);
    assert_eq!(listed("GO TO 10"), "GOTO 10");
    assert_eq!(body("GO  TO"), [b'G', b'O', b' ', b' ', 0xD9]);
    // THEN followed by a statement or a name.
    assert_eq!(
        body("IF A THENXY"),
        [0x8B, b' ', b'A', b' ', 0xDA, b'X', b'Y']
    );
}

#[test]
fn strings_rem_data() {
    assert_eq!(body("?\"print:goto\""), b"\x91\"print:goto\"");
    assert_eq!(body("?\"open"), b"\x91\"open");
    assert_eq!(body("REM SAVE \"x\":GOTO 10"), b"\x8F SAVE \"x\":GOTO 10");
    assert_eq!(body("A=1 'note: PRINT"), b"A\xEF\x12 :\x8F\xE6note: PRINT");
    assert_eq!(listed("A=1 'note: PRINT"), "A=1 'note: PRINT");
    assert_eq!(
        body("DATA abc, 12 ,\"gh:i\",'x:PRINT"),
        b"\x84 abc, 12 ,\"gh:i\",'x:\x91"
    );
    assert_eq!(listed("data abc:print"), "DATA abc:PRINT");
}

#[test]
fn else_question_mark_call() {
    assert_eq!(body("IF A THEN B ELSE C"), b"\x8B A \xDA B :\xA1 C");
    assert_eq!(body("IF A THEN B:ELSE C"), b"\x8B A \xDA B::\xA1 C");
    assert_eq!(listed("IF A THEN B ELSE C"), "IF A THEN B ELSE C");
    assert_eq!(listed("IF A THEN B:ELSE C"), "IF A THEN B:ELSE C");
    assert_eq!(body("?A"), [0x91, b'A']);
    assert_eq!(listed("?A"), "PRINTA");
    // _ is not turned into CALL; the name is upper-cased, arguments crunched.
    assert_eq!(body("_system"), b"_SYSTEM");
    assert_eq!(body("CALL foo (1)"), b"\xCA FOO (\x12)");
    assert_eq!(body("call a,b:cls"), b"\xCA AB:\x9F");
}

#[test]
fn keywords_inside_names() {
    assert_eq!(body("SCORE=1"), [b'S', b'C', 0xF7, b'E', 0xEF, 0x12]);
    assert_eq!(body("FORI=1TO9"), [0x82, b'I', 0xEF, 0x12, 0xD9, 0x1A]);
    assert_eq!(
        body("ON INTERVAL=36000! GOSUB 440"),
        [
            0x95, b' ', 0xFF, 0x85, b'E', b'R', 0xFF, 0x94, 0xEF, 0x1D, 0x45, 0x36, 0, 0, b' ',
            0x8D, b' ', 0x0E, 0xB8, 0x01
        ]
    );
    assert_eq!(body("KEYOFF"), [0xCC, 0xEB]);
    assert_eq!(body("PUTSPRITE"), [0xB3, 0xC7]);
    assert_eq!(body("MAXFILES=1"), [0xCD, 0xB7, 0xEF, 0x12]);
    assert_eq!(body("LINEINPUT"), [0xAF, 0x85]);
    assert_eq!(body("DEFUSR"), [0x97, 0xDD]);
    assert_eq!(
        body("A$=INPUT$(1)"),
        [b'A', b'$', 0xEF, 0x85, b'$', b'(', 0x12, b')']
    );
    assert_eq!(body("a=b<=c"), [b'A', 0xEF, b'B', 0xF0, 0xEF, b'C']);
}

#[test]
fn spaces_after_the_line_number() {
    let b = |t: &str| tokenize(t).unwrap().lines[0].body.clone();
    assert_eq!(b("10PRINT"), [0x91]);
    assert_eq!(b("10 PRINT"), [0x91]);
    assert_eq!(b("10  PRINT"), [b' ', 0x91]);
    assert_eq!(b("10\tPRINT"), [b'\t', 0x91]);
    assert_eq!(b("  10 PRINT"), [0x91]);
    // Line 0 keeps its space.
    assert_eq!(b("0 PRINT"), [b' ', 0x91]);
    assert_eq!(
        tokenize("10  PRINT\n").unwrap().list().unwrap(),
        "10  PRINT\n"
    );
}

#[test]
fn characters_dropped_outside_strings() {
    let t = tokenize_bytes("10 PRINTé\"é☺\"\n".as_bytes()).unwrap();
    assert_eq!(
        t.program.lines[0].body,
        [0x91, b'"', 0x82, 0x01, 0x41, b'"']
    );
    assert!(matches!(
        t.warnings.as_slice(),
        [Warning::DroppedChar { ch: 'é', pos }] if pos.column == Some(9)
    ));
    assert_eq!(t.program.list().unwrap(), "10 PRINT\"é☺\"\n");
}

#[test]
fn round_trip_style() {
    let p = tokenize("10 ?5.123D+21:?1%.5:?1.5! E5\n0 CLS\n").unwrap();
    let text = p.list_with(ListStyle::RoundTrip).unwrap();
    assert_eq!(text, "0 CLS\n10 PRINT5.123D+21:PRINT1%.5:PRINT1.5! E5\n");
    assert_eq!(tokenize(&text).unwrap(), p);
    // MSX's own LIST of the same program reads back differently.
    let msx = p.list().unwrap();
    assert_eq!(msx, "0  CLS\n10 PRINT5.123E+21:PRINT1.5:PRINT1.5 E5\n");
    assert_ne!(tokenize(&msx).unwrap(), p);
}

#[test]
fn longest_line() {
    // 314 bytes is the most the ROM's buffer takes: A= (2 bytes),
    // 31 times 1#+ (10 bytes each), 10 (2 bytes).
    let ok = format!("10 A={}10", "1#+".repeat(31));
    assert_eq!(tokenize(&ok).unwrap().lines[0].body.len(), 314);
    let too_long = format!("10 A={}256", "1#+".repeat(31));
    let err = tokenize(&too_long).unwrap_err().to_string();
    assert_eq!(
        err,
        "line 1 (BASIC line 10): tokenized line would be 315 bytes; MSX-BASIC's limit is 314 \
         (Line buffer overflow)"
    );
}
