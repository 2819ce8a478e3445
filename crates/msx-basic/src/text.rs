//! A whole text listing to a program: line breaks, character set, line
//! numbers, and what MSX-BASIC does when lines repeat or are empty.

use std::collections::BTreeMap;

use crate::charset;
use crate::crunch::{crunch, read_line_number, CrunchError};
use crate::error::{Error, TextErrorKind, TextPos, Warning};
use crate::number::is_blank;
use crate::program::{Line, Program, TEXT_START};

/// The ROM reads at most 255 characters per line from a file.
const MAX_TEXT_LINE: usize = 255;

/// A tokenized program and what the tokenizer noticed on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tokenized {
    pub program: Program,
    pub warnings: Vec<Warning>,
}

/// Splits text into lines at CR LF, LF or CR (MSX files end lines with CR),
/// stopping at the first ^Z (0x1A), which ends an MSX text file.
fn split_lines(input: &[u8]) -> impl Iterator<Item = &[u8]> {
    let input = match input.iter().position(|&b| b == 0x1A) {
        Some(eof) => &input[..eof],
        None => input,
    };
    let mut rest = input;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        match rest.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(i) => {
                let line = &rest[..i];
                let skip = if rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                rest = &rest[i + skip..];
                Some(line)
            }
            None => {
                let line = rest;
                rest = &[];
                Some(line)
            }
        }
    })
}

/// One text line in MSX bytes, with the 1-based character column of each byte.
struct MsxLine {
    bytes: Vec<u8>,
    columns: Vec<usize>,
}

fn to_msx(raw: &[u8], text_line: usize) -> Result<MsxLine, Error> {
    let pos = |column| TextPos {
        line: text_line,
        basic_line: None,
        column: Some(column),
    };
    let text = std::str::from_utf8(raw).map_err(|e| {
        let valid = &raw[..e.valid_up_to()];
        // The prefix is valid UTF-8 by construction.
        let column = std::str::from_utf8(valid).map_or(1, |s| s.chars().count() + 1);
        Error::text(
            pos(column),
            TextErrorKind::InvalidUtf8(raw[e.valid_up_to()]),
        )
    })?;
    let mut line = MsxLine {
        bytes: Vec::with_capacity(raw.len()),
        columns: Vec::with_capacity(raw.len()),
    };
    for (n, ch) in text.chars().enumerate() {
        let column = n + 1;
        if !storable_control(ch) {
            return Err(Error::text(
                pos(column),
                TextErrorKind::ControlChar(u32::from(ch)),
            ));
        }
        let before = line.bytes.len();
        charset::encode_char(ch, &mut line.bytes)
            .ok_or_else(|| Error::text(pos(column), TextErrorKind::UnmappableChar(ch)))?;
        line.columns
            .extend(std::iter::repeat_n(column, line.bytes.len() - before));
    }
    Ok(line)
}

/// False for the control characters that cannot be stored in a line: NUL
/// (it ends a line) and the bytes MSX-BASIC itself would misread as numeric
/// tokens when it rebuilds line links (0x0B–0x10, 0x1C–0x1F). The others
/// are kept raw in strings, REM and DATA, as a real MSX keeps them.
fn storable_control(ch: char) -> bool {
    !matches!(u32::from(ch), 0x00 | 0x0A..=0x10 | 0x1C..=0x1F | 0x80..=0x9F)
}

/// Tokenizes a UTF-8 listing (CR LF, LF or CR line ends, optional ^Z end).
pub fn tokenize_bytes(input: &[u8]) -> Result<Tokenized, Error> {
    let (tokenized, errors) = tokenize_bytes_lenient(input);
    match errors.into_iter().next() {
        Some(first) => Err(first),
        None => Ok(tokenized),
    }
}

/// Tokenizes a listing as [`tokenize_bytes`] does, but goes on past a line with an
/// error, so that one run reports them all: returns every error, in text order, and
/// the program of the other lines. A line with an error whose number could be read
/// stays in that program with an empty body, so that a later stage (the compiler's
/// parser) reports nothing about jumps to it; the program is for finding the other
/// stages' errors, not for running, whenever there is an error.
pub fn tokenize_bytes_lenient(input: &[u8]) -> (Tokenized, Vec<Error>) {
    let mut lines: BTreeMap<u16, (Vec<u8>, usize)> = BTreeMap::new();
    let mut warnings = Vec::new();
    let mut errors = Vec::new();
    for (index, raw) in split_lines(input).enumerate() {
        let text_line = index + 1;
        if let Err(e) = tokenize_line(raw, text_line, &mut lines, &mut warnings) {
            let deletes = matches!(
                e,
                Error::Text {
                    kind: TextErrorKind::DeleteMissingLine(_),
                    ..
                }
            );
            if let Some(number) = leading_line_number(raw).filter(|_| !deletes) {
                lines.entry(number).or_insert((Vec::new(), text_line));
            }
            errors.push(e);
        }
    }
    let program = Program {
        lines: lines
            .into_iter()
            .map(|(number, (body, _))| Line { number, body })
            .collect(),
    };
    // Links are 16-bit addresses from TEXT_START; a larger program cannot exist.
    if program.byte_len() + usize::from(TEXT_START) > 0x1_0000 {
        let pos = TextPos {
            line: 1,
            basic_line: None,
            column: None,
        };
        errors.push(Error::text(pos, TextErrorKind::ProgramTooLarge));
    }
    (Tokenized { program, warnings }, errors)
}

/// The line number a raw text line starts with (after blanks), if it has one that
/// MSX-BASIC accepts.
fn leading_line_number(raw: &[u8]) -> Option<u16> {
    let start = raw.iter().position(|&b| !is_blank(b))?;
    if !raw[start].is_ascii_digit() {
        return None;
    }
    let digits: String = raw[start..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .map(|&b| char::from(b))
        .collect();
    digits.parse::<u16>().ok().filter(|&n| n <= 65529)
}

/// Tokenizes text line `text_line` into `lines` (a blank line adds nothing; a line
/// of a number alone deletes that line).
fn tokenize_line(
    raw: &[u8],
    text_line: usize,
    lines: &mut BTreeMap<u16, (Vec<u8>, usize)>,
    warnings: &mut Vec<Warning>,
) -> Result<(), Error> {
    let msx = to_msx(raw, text_line)?;
    let src = &msx.bytes;
    // Blank lines are skipped, as LOAD does.
    let start = match src.iter().position(|&b| !is_blank(b)) {
        Some(i) => i,
        None => return Ok(()),
    };
    let mut pos = TextPos {
        line: text_line,
        basic_line: None,
        column: None,
    };
    if src.len() > MAX_TEXT_LINE {
        return Err(Error::text(pos, TextErrorKind::LineTooLong(src.len())));
    }
    if !src[start].is_ascii_digit() {
        pos.column = Some(msx.columns[start]);
        return Err(Error::text(pos, TextErrorKind::MissingLineNumber));
    }
    let (number, mut body_start) = read_line_number(src, start);
    // The reader stops before a digit only when the number would pass 65529.
    let after = body_start
        + src[body_start..]
            .iter()
            .take_while(|&&b| is_blank(b))
            .count();
    if src.get(after).is_some_and(u8::is_ascii_digit) {
        let digits: String = src[start..]
            .iter()
            .take_while(|&&b| b.is_ascii_digit() || is_blank(b))
            .filter(|b| b.is_ascii_digit())
            .map(|&b| char::from(b))
            .collect();
        let value = digits.parse::<u32>().unwrap_or(u32::MAX);
        return Err(Error::text(pos, TextErrorKind::LineNumberTooLarge(value)));
    }
    pos.basic_line = Some(number);
    // Exactly one space after the number is skipped (not after line 0).
    if number != 0 && src.get(body_start) == Some(&b' ') {
        body_start += 1;
    }
    let body_src = &src[body_start..];
    let crunched = crunch(body_src).map_err(|e| match e {
        CrunchError::Overflow { at } => {
            pos.column = msx.columns.get(body_start + at).copied();
            Error::text(pos, TextErrorKind::Overflow)
        }
        CrunchError::TooLong { len } => Error::text(pos, TextErrorKind::TokenizedTooLong(len)),
    })?;
    for at in crunched.dropped {
        let column = msx.columns[body_start + at];
        let ch = raw_char_at(raw, column);
        warnings.push(Warning::DroppedChar {
            pos: TextPos {
                column: Some(column),
                ..pos
            },
            ch,
        });
    }
    // A body of blanks only is an empty line: typing it deletes the line.
    if crunched.body.iter().all(|&b| is_blank(b)) {
        match lines.remove(&number) {
            Some((_, first_text_line)) => warnings.push(Warning::DeletedLine {
                number,
                first_text_line,
                text_line,
            }),
            None => return Err(Error::text(pos, TextErrorKind::DeleteMissingLine(number))),
        }
        return Ok(());
    }
    if let Some((_, first_text_line)) = lines.insert(number, (crunched.body, text_line)) {
        warnings.push(Warning::DuplicateLine {
            number,
            first_text_line,
            text_line,
        });
    }
    Ok(())
}

/// The character at a 1-based column of a line known to be valid UTF-8.
fn raw_char_at(raw: &[u8], column: usize) -> char {
    std::str::from_utf8(raw)
        .ok()
        .and_then(|s| s.chars().nth(column - 1))
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_ends() {
        let lines: Vec<&[u8]> = split_lines(b"a\r\nb\nc\rd\x1Aignored").collect();
        assert_eq!(lines, [&b"a"[..], b"b", b"c", b"d"]);
        let lines: Vec<&[u8]> = split_lines(b"a\n\nb\n").collect();
        assert_eq!(lines, [&b"a"[..], b"", b"b"]);
    }
}
