//! Errors and warnings. Text errors name the text line (1-based), the BASIC
//! line number when it is known, and a column where one helps; binary errors
//! name the byte offset in the file.

use std::fmt;

/// Where in a text listing something happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextPos {
    /// 1-based line of the text file.
    pub line: usize,
    /// The BASIC line number, once it has been read.
    pub basic_line: Option<u16>,
    /// 1-based column (in characters), when it points at something precise.
    pub column: Option<usize>,
}

impl fmt::Display for TextPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some(n) = self.basic_line {
            write!(f, " (BASIC line {n})")?;
        }
        if let Some(c) = self.column {
            write!(f, ", column {c}")?;
        }
        Ok(())
    }
}

/// What is wrong with a text listing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextErrorKind {
    #[error("invalid UTF-8 byte {0:#04x}")]
    InvalidUtf8(u8),
    #[error("character {0:?} (U+{code:04X}) has no equivalent in the MSX character set", code = u32::from(*.0))]
    UnmappableChar(char),
    #[error("control character U+{0:04X} cannot be stored in a line (MSX-BASIC would misread it); use CHR$")]
    ControlChar(u32),
    #[error("line does not start with a line number")]
    MissingLineNumber,
    #[error("line number {0} is above 65529")]
    LineNumberTooLarge(u32),
    #[error("line is {0} bytes long; MSX-BASIC reads at most 255 per line")]
    LineTooLong(usize),
    #[error("tokenized line would be {0} bytes; MSX-BASIC's limit is 314 (Line buffer overflow)")]
    TokenizedTooLong(usize),
    #[error("number constant overflows (Overflow)")]
    Overflow,
    #[error("line {0} does not exist, so it cannot be deleted (Undefined line number)")]
    DeleteMissingLine(u16),
    #[error("program would not fit in MSX memory (it would end above 0xFFFF)")]
    ProgramTooLarge,
}

/// What is wrong with a tokenized file or line body.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BinaryErrorKind {
    #[error("empty file")]
    Empty,
    #[error("first byte is {0:#04x}, not the 0xFF of a tokenized BASIC file")]
    NotTokenized(u8),
    #[error("file ends inside a line (no end-of-program marker 00 00)")]
    Truncated,
    #[error("unknown token {0:#04x}")]
    UnknownToken(u8),
    #[error("unknown function token FF {0:02X}")]
    UnknownFunction(u8),
    #[error("line body ends inside the operand of token {0:#04x}")]
    TruncatedOperand(u8),
    #[error("line pointer {0:#06x} does not point at a line")]
    BadLinePointer(u16),
    #[error("line body contains a 00 byte")]
    NulInBody,
}

/// Every error the library returns.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A problem in a text listing.
    #[error("{pos}: {kind}")]
    Text { pos: TextPos, kind: TextErrorKind },
    /// A problem in tokenized bytes. `offset` counts from the start of the
    /// file (the 0xFF header is offset 0), or from the start of the line body
    /// when `line` is `Some` and no file is involved.
    #[error("{}byte {offset} ({offset:#x}): {kind}", line.map(|n| format!("BASIC line {n}, ")).unwrap_or_default())]
    Binary {
        offset: usize,
        line: Option<u16>,
        kind: BinaryErrorKind,
    },
}

impl Error {
    pub(crate) fn text(pos: TextPos, kind: TextErrorKind) -> Error {
        Error::Text { pos, kind }
    }

    pub(crate) fn binary(offset: usize, line: Option<u16>, kind: BinaryErrorKind) -> Error {
        Error::Binary { offset, line, kind }
    }
}

/// Things that are legal but probably not what the author meant. The library
/// returns them; the command line prints them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Warning {
    /// A line number appeared again; as on an MSX, the later line replaced the
    /// earlier one.
    DuplicateLine {
        number: u16,
        first_text_line: usize,
        text_line: usize,
    },
    /// A line with a number and nothing else deleted an earlier line, as
    /// typing it on an MSX does.
    DeletedLine {
        number: u16,
        first_text_line: usize,
        text_line: usize,
    },
    /// A character outside strings, REM and DATA that MSX-BASIC drops
    /// (bytes 0x80–0xFF and graphic characters there are discarded).
    DroppedChar { pos: TextPos, ch: char },
    /// A tokenized file's link field differs from the address MSX-BASIC
    /// computes (it recomputes links on LOAD, so this is harmless).
    BadLink {
        offset: usize,
        found: u16,
        expected: u16,
    },
    /// Bytes after the end-of-program marker (MSX-BASIC ignores them).
    TrailingBytes { offset: usize, count: usize },
    /// Lines in a tokenized file are not in ascending order (GOTO and
    /// GOSUB on an MSX would not find some of them).
    LinesOutOfOrder { offset: usize, number: u16 },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::DuplicateLine {
                number,
                first_text_line,
                text_line,
            } => write!(
                f,
                "line {text_line}: BASIC line {number} appears again (first at line \
                 {first_text_line}); the later one replaces it, as on an MSX"
            ),
            Warning::DeletedLine {
                number,
                first_text_line,
                text_line,
            } => write!(
                f,
                "line {text_line}: the bare line number {number} deletes BASIC line {number} \
                 (from line {first_text_line}), as on an MSX"
            ),
            Warning::DroppedChar { pos, ch } => write!(
                f,
                "{pos}: {ch:?} outside a string, REM or DATA is dropped, as MSX-BASIC does"
            ),
            Warning::BadLink {
                offset,
                found,
                expected,
            } => write!(
                f,
                "byte {offset} ({offset:#x}): link {found:#06x} should be {expected:#06x} \
                 (MSX-BASIC recomputes links when loading)"
            ),
            Warning::TrailingBytes { offset, count } => write!(
                f,
                "byte {offset} ({offset:#x}): {count} bytes after the end of the program are ignored"
            ),
            Warning::LinesOutOfOrder { offset, number } => write!(
                f,
                "byte {offset} ({offset:#x}): line {number} is not above the line before it"
            ),
        }
    }
}
