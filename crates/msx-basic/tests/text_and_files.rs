//! Whole listings and files: line ends, character set, repeated lines, and
//! the error each kind of bad input gets.

use msx_basic::{
    detokenize, tokenize, tokenize_bytes, BinaryErrorKind, Error, Program, TextErrorKind, Warning,
};

fn text_error(input: &[u8]) -> (usize, Option<u16>, Option<usize>, TextErrorKind) {
    match tokenize_bytes(input) {
        Err(Error::Text { pos, kind }) => (pos.line, pos.basic_line, pos.column, kind),
        other => panic!("{input:?}: {other:?}"),
    }
}

fn binary_error(input: &[u8]) -> (usize, BinaryErrorKind) {
    match Program::from_bytes(input) {
        Err(Error::Binary { offset, kind, .. }) => (offset, kind),
        other => panic!("{input:?}: {other:?}"),
    }
}

#[test]
fn line_ends_and_end_of_file() {
    let expected = tokenize("10 CLS\n20 END\n").unwrap();
    for input in [
        &b"10 CLS\r\n20 END\r\n\x1A"[..],
        b"10 CLS\n20 END",
        b"10 CLS\r20 END\r",
        b"\n10 CLS\n   \n20 END\n\x1A\x1A garbage after EOF",
    ] {
        assert_eq!(
            tokenize_bytes(input).unwrap().program,
            expected,
            "{input:?}"
        );
    }
}

#[test]
fn file_layout() {
    // 10 CLS / 20 END at 0x8001: links 0x8007 and 0x800D, then 0000.
    let bytes = tokenize("10 CLS\n20 END\n").unwrap().to_bytes();
    assert_eq!(
        bytes,
        [
            0xFF, 0x07, 0x80, 0x0A, 0x00, 0x9F, 0x00, 0x0D, 0x80, 0x14, 0x00, 0x81, 0x00, 0x00,
            0x00
        ]
    );
    assert_eq!(detokenize(&bytes).unwrap(), "10 CLS\n20 END\n");
}

#[test]
fn repeated_and_deleted_lines_behave_as_on_an_msx() {
    let t = tokenize_bytes(b"20 PRINT 2\n10 PRINT 1\n20 PRINT 3\n").unwrap();
    assert_eq!(t.program.list().unwrap(), "10 PRINT 1\n20 PRINT 3\n");
    assert_eq!(
        t.warnings,
        [Warning::DuplicateLine {
            number: 20,
            first_text_line: 1,
            text_line: 3
        }]
    );
    let t = tokenize_bytes(b"10 PRINT 1\n20 PRINT 2\n10\n").unwrap();
    assert_eq!(t.program.list().unwrap(), "20 PRINT 2\n");
    assert!(matches!(
        t.warnings[0],
        Warning::DeletedLine { number: 10, .. }
    ));
    assert_eq!(
        text_error(b"10 PRINT\n30 \n"),
        (2, Some(30), None, TextErrorKind::DeleteMissingLine(30))
    );
}

#[test]
fn text_errors_name_the_line() {
    assert_eq!(
        text_error(b"10 CLS\nPRINT\n"),
        (2, None, Some(1), TextErrorKind::MissingLineNumber)
    );
    assert_eq!(
        text_error(b"10 CLS\n  ?\n"),
        (2, None, Some(3), TextErrorKind::MissingLineNumber)
    );
    assert_eq!(
        text_error(b"65529 END\n65530 END\n"),
        (2, None, None, TextErrorKind::LineNumberTooLarge(65530))
    );
    assert_eq!(
        text_error(b"10 PRINT \"\xC3\xA9\xFF\"\n"),
        (1, None, Some(12), TextErrorKind::InvalidUtf8(0xFF))
    );
    assert_eq!(
        text_error("10 PRINT \"€\"\n".as_bytes()),
        (1, None, Some(11), TextErrorKind::UnmappableChar('€'))
    );
    assert_eq!(
        text_error(b"10 PRINT \"\x0E\"\n"),
        (1, None, Some(11), TextErrorKind::ControlChar(0x0E))
    );
    let long = format!("10 REM{}\n", "x".repeat(250));
    assert_eq!(
        text_error(long.as_bytes()),
        (1, None, None, TextErrorKind::LineTooLong(256))
    );
    assert_eq!(
        text_error(b"10 A=40000%\n"),
        (1, Some(10), Some(6), TextErrorKind::Overflow)
    );
    assert_eq!(
        text_error(b"10 A=&H10000\n"),
        (1, Some(10), Some(6), TextErrorKind::Overflow)
    );
    let message = tokenize("10 CLS\n20 A=1E99\n").unwrap_err().to_string();
    assert_eq!(
        message,
        "line 2 (BASIC line 20), column 6: number constant overflows (Overflow)"
    );
}

#[test]
fn binary_errors_name_the_offset() {
    assert_eq!(binary_error(b""), (0, BinaryErrorKind::Empty));
    assert_eq!(
        binary_error(b"10 CLS"),
        (0, BinaryErrorKind::NotTokenized(b'1'))
    );
    assert_eq!(binary_error(b"\xFF"), (1, BinaryErrorKind::Truncated));
    assert_eq!(
        binary_error(b"\xFF\x07\x80\x0A\x00\x9F\x00"),
        (7, BinaryErrorKind::Truncated)
    );
    // The 0x1C operand swallows the line's 00, so the end marker is missing.
    assert_eq!(
        binary_error(b"\xFF\x07\x80\x0A\x00\x1C\x00\x00\x00"),
        (9, BinaryErrorKind::Truncated)
    );
    assert_eq!(
        binary_error(b"\xFF\x07\x80\x0A\x00\xFD\x00\x00\x00"),
        (5, BinaryErrorKind::UnknownToken(0xFD))
    );
    assert_eq!(
        binary_error(b"\xFF\x08\x80\x0A\x00\xFF\xB1\x00\x00\x00"),
        (5, BinaryErrorKind::UnknownFunction(0xB1))
    );
    let message = Program::from_bytes(b"\xFF\x07\x80\x0A\x00\xFD\x00\x00\x00")
        .unwrap_err()
        .to_string();
    assert_eq!(message, "BASIC line 10, byte 5 (0x5): unknown token 0xfd");
}

#[test]
fn graphic_characters_in_strings() {
    let p = tokenize("10 PRINT \"☺♥┼╳\"\n").unwrap();
    assert_eq!(
        p.lines[0].body,
        b"\x91 \"\x01\x41\x01\x43\x01\x55\x01\x5C\""
    );
    assert_eq!(p.list().unwrap(), "10 PRINT \"☺♥┼╳\"\n");
    // The SAVE "X",A form keeps MSX bytes, CR LF and the final ^Z.
    assert_eq!(
        msx_basic::to_msx_ascii(&p).unwrap(),
        b"10 PRINT \"\x01\x41\x01\x43\x01\x55\x01\x5C\"\r\n\x1A"
    );
    let again = msx_basic::tokenize_msx_ascii(&msx_basic::to_msx_ascii(&p).unwrap()).unwrap();
    assert_eq!(again.program, p);
}
