//! The cruncher: one line body of MSX text bytes to its tokenized form.
//!
//! This follows the ROM routine that encodes a typed line (`C42B2` in
//! `base200/basic2.asm`) step by step, because byte-exact output depends on
//! its quirks: first-prefix keyword search with no word boundary, the
//! numeric mode that decides whether digits are constants, line numbers or
//! plain characters, the `:` put before ELSE, `'` stored as `:REM'`, and
//! DATA, REM, strings and CALL names copied (almost) verbatim. The comments
//! name the ROM labels where it helps to compare.

use crate::keywords::{Keyword, TokenCode, SEARCH_ORDER, SINGLE_CHAR};
use crate::number::{is_blank, read_decimal, read_radix};

/// Longest tokenized body: the ROM's buffer counter starts at 315 and the
/// 315th byte raises "Line buffer overflow".
pub(crate) const MAX_BODY: usize = 314;

/// The ROM's DONUM: what a digit means at this point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Numeric {
    /// A numeric constant (0x11–0x1F encodings).
    Constant,
    /// A line number (0x0E), after GOTO, THEN, ELSE…
    LineNumber,
    /// Plain ASCII, after a letter that is part of a name (`A1`).
    Ascii,
}

/// Why a line could not be crunched; `at` indexes the source bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CrunchError {
    Overflow { at: usize },
    TooLong { len: usize },
}

/// A crunched body and the source indices of characters the ROM drops.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Crunched {
    pub body: Vec<u8>,
    pub dropped: Vec<usize>,
}

enum Flow {
    Continue,
    EndOfLine,
}

struct Cruncher<'a> {
    src: &'a [u8],
    i: usize,
    out: Vec<u8>,
    dropped: Vec<usize>,
    numeric: Numeric,
    in_data: bool,
}

/// Crunches `src`, the MSX bytes of a line after its number.
pub(crate) fn crunch(src: &[u8]) -> Result<Crunched, CrunchError> {
    let mut c = Cruncher {
        src,
        i: 0,
        out: Vec::with_capacity(src.len()),
        dropped: Vec::new(),
        numeric: Numeric::Constant,
        in_data: false,
    };
    c.run()?;
    if c.out.len() > MAX_BODY {
        return Err(CrunchError::TooLong { len: c.out.len() });
    }
    Ok(Crunched {
        body: c.out,
        dropped: c.dropped,
    })
}

fn upper(b: u8) -> u8 {
    b.to_ascii_uppercase()
}

impl Cruncher<'_> {
    fn at(&self, i: usize) -> Option<u8> {
        self.src.get(i).copied()
    }

    fn end(&self) -> bool {
        self.i >= self.src.len()
    }

    /// The main loop (J42C2).
    fn run(&mut self) -> Result<(), CrunchError> {
        while let Some(c) = self.at(self.i) {
            let flow = if c == b'"' {
                self.string()
            } else if c == b' ' || self.in_data {
                self.i += 1;
                self.put_plain(c)
            } else {
                self.normal(c)?
            };
            if let Flow::EndOfLine = flow {
                break;
            }
        }
        Ok(())
    }

    /// Stores one byte, except a graphic-character header 0x01 at the very
    /// end of the line (it has no character to go with).
    fn push_copied(&mut self, c: u8) {
        if c != 0x01 || !self.end() {
            self.out.push(c);
        }
    }

    /// Stores a character or token that has been consumed (J42E9) and reacts
    /// to the ones that change mode: `:` ends DATA and numeric modes, the
    /// DATA token starts DATA mode, the REM token copies the rest of the line.
    fn put_plain(&mut self, c: u8) -> Flow {
        self.push_copied(c);
        match c {
            b':' => {
                self.in_data = false;
                self.numeric = Numeric::Constant;
            }
            0x84 => {
                self.in_data = true;
                self.numeric = Numeric::LineNumber;
            }
            // Also a raw 0x8F byte typed inside DATA, as in the ROM.
            0x8F => return self.copy_until(None),
            _ => {}
        }
        Flow::Continue
    }

    /// Copies bytes verbatim up to `end` (stored through `put_plain`) or to
    /// the end of the line (J430C).
    fn copy_until(&mut self, end: Option<u8>) -> Flow {
        while let Some(c) = self.at(self.i) {
            self.i += 1;
            if Some(c) == end {
                return self.put_plain(c);
            }
            self.push_copied(c);
        }
        Flow::EndOfLine
    }

    /// A string literal: the quotes and everything between them verbatim.
    fn string(&mut self) -> Flow {
        self.i += 1;
        self.out.push(b'"');
        self.copy_until(Some(b'"'))
    }

    /// A character outside strings and DATA (J4326 onwards).
    fn normal(&mut self, c: u8) -> Result<Flow, CrunchError> {
        if c >= 0x80 {
            // Bytes 0x80–0xFF are dropped outside strings, REM and DATA.
            self.dropped.push(self.i);
            self.i += 1;
            return Ok(Flow::Continue);
        }
        if c == 0x01 {
            // So are graphic characters (0x01 and the byte after it).
            if self.at(self.i + 1).is_none() {
                return Ok(Flow::EndOfLine);
            }
            self.dropped.push(self.i);
            self.i += 2;
            return Ok(Flow::Continue);
        }
        if c == b'?' {
            return self.statement(Keyword::Print.bytes()[0]);
        }
        if c == b'_' {
            return self.statement(b'_');
        }
        if upper(c).is_ascii_uppercase() {
            return self.word(c);
        }
        if c.is_ascii_digit() || c == b'.' {
            return self.digit(c);
        }
        // One-character tokens (J44A2), else the character itself (J44FA);
        // control characters other than TAB and LF become spaces.
        let a = match SINGLE_CHAR.iter().find(|&&(ch, _)| ch == c) {
            Some(&(_, k)) => k.bytes()[0],
            None if c >= 0x20 || c == b'\t' || c == b'\n' => c,
            None => b' ',
        };
        // J4509: punctuation ends "digits are ASCII" but keeps line-number mode.
        if self.numeric == Numeric::Ascii {
            self.numeric = Numeric::Constant;
        }
        self.dispatch(a)
    }

    /// A letter: the first keyword of its list that prefixes the input, or
    /// else the letter itself, upper-cased, as part of a name.
    fn word(&mut self, c: u8) -> Result<Flow, CrunchError> {
        let list = SEARCH_ORDER[usize::from(upper(c) - b'A')];
        let rest = &self.src[self.i..];
        let found = list.iter().find(|(spelling, _)| {
            let s = spelling.as_bytes();
            rest.len() >= s.len() && rest.iter().zip(s).all(|(&r, &k)| upper(r) == k)
        });
        let Some(&(spelling, keyword)) = found else {
            // J44EB: digits after a name's letter stay ASCII (`A1`).
            self.numeric = Numeric::Ascii;
            return self.dispatch(upper(c));
        };
        match keyword.code() {
            TokenCode::Function(b) => {
                self.out.extend([0xFF, b]);
                self.numeric = Numeric::Constant;
                self.i += spelling.len();
                Ok(Flow::Continue)
            }
            TokenCode::Byte(b) => {
                // Point at the keyword's last character, as the ROM does.
                self.i += spelling.len() - 1;
                self.statement(b)
            }
        }
    }

    /// A one-byte keyword token (or `_`): sets the numeric mode (J43A3).
    fn statement(&mut self, a: u8) -> Result<Flow, CrunchError> {
        let takes_line = Keyword::from_byte(a).is_some_and(Keyword::takes_line_number);
        self.numeric = if takes_line {
            Numeric::LineNumber
        } else {
            Numeric::Constant
        };
        self.dispatch(a)
    }

    /// Stores a token or character whose last source byte is at `self.i`
    /// (J43CC), with the special cases ELSE, CALL/`_`, `'` and `&`.
    fn dispatch(&mut self, a: u8) -> Result<Flow, CrunchError> {
        const ELSE: u8 = 0xA1;
        const CALL: u8 = 0xCA;
        const APOSTROPHE: u8 = 0xE6;
        const REM: u8 = 0x8F;
        if a == ELSE {
            self.out.push(b':');
        }
        match a {
            CALL | b'_' => {
                self.out.push(a);
                Ok(self.call_name())
            }
            APOSTROPHE => {
                self.out.extend([b':', REM, APOSTROPHE]);
                self.i += 1;
                Ok(self.copy_until(None))
            }
            b'&' => self.radix(),
            _ => {
                self.i += 1;
                Ok(self.put_plain(a))
            }
        }
    }

    /// After CALL or `_`: the extension name, upper-cased, up to `:` or `(`
    /// (J43E0). Spaces are kept, bytes 0x80–0xFF, graphic characters and
    /// other characters below '0' are dropped.
    fn call_name(&mut self) -> Flow {
        loop {
            self.i += 1;
            let Some(c) = self.at(self.i).map(upper) else {
                return Flow::EndOfLine;
            };
            match c {
                0x80..=0xFF => self.dropped.push(self.i),
                0x01 => {
                    self.dropped.push(self.i);
                    self.i += 1;
                    if self.end() {
                        return Flow::EndOfLine;
                    }
                }
                b' ' => self.out.push(c),
                b':' | b'(' => {
                    self.i += 1;
                    return self.put_plain(c);
                }
                b'0'..=0x7F => self.out.push(c),
                _ => self.dropped.push(self.i),
            }
        }
    }

    /// `&H` and `&O` constants; any other `&` is an ordinary character
    /// (so `&B…` stays text). The ROM finds the letter after skipping
    /// blanks, but reads the digits that follow it without skipping.
    fn radix(&mut self) -> Result<Flow, CrunchError> {
        let mut j = self.i + 1;
        while self.at(j).is_some_and(is_blank) {
            j += 1;
        }
        let (token, radix) = match self.at(j).map(upper) {
            Some(b'H') => (0x0C, 16),
            Some(b'O') => (0x0B, 8),
            _ => {
                self.i += 1;
                return Ok(self.put_plain(b'&'));
            }
        };
        let at = self.i;
        let (value, end) =
            read_radix(self.src, j + 1, radix).map_err(|_| CrunchError::Overflow { at })?;
        self.out.push(token);
        self.out.extend(value.to_le_bytes());
        self.i = end;
        Ok(Flow::Continue)
    }

    /// A digit or '.' (J441D): ASCII after a name, a line number after
    /// GOTO and friends, otherwise a numeric constant.
    fn digit(&mut self, c: u8) -> Result<Flow, CrunchError> {
        match self.numeric {
            Numeric::Ascii => {
                self.i += 1;
                Ok(self.put_plain(c))
            }
            Numeric::LineNumber if c == b'.' => {
                self.i += 1;
                Ok(self.put_plain(c))
            }
            Numeric::LineNumber => {
                let (n, end) = read_line_number(self.src, self.i);
                self.out.push(0x0E);
                self.out.extend(n.to_le_bytes());
                self.i = end;
                Ok(Flow::Continue)
            }
            Numeric::Constant => {
                let at = self.i;
                let (number, end) =
                    read_decimal(self.src, self.i).map_err(|_| CrunchError::Overflow { at })?;
                number.encode(&mut self.out);
                self.i = end;
                Ok(Flow::Continue)
            }
        }
    }
}

/// Reads a line number the way the ROM's "collect linenumber" does (C4769):
/// digits, with blanks between them skipped, while the value so far is at
/// most 6552 (so the result is at most 65529 and any further digit is left
/// for the caller). Returns the number and the index after its last digit.
pub(crate) fn read_line_number(src: &[u8], start: usize) -> (u16, usize) {
    let mut value: u16 = 0;
    let mut i = start;
    let mut end = start;
    loop {
        while src.get(i).copied().is_some_and(is_blank) {
            i += 1;
        }
        match src.get(i) {
            Some(&c) if c.is_ascii_digit() && value <= 6552 => {
                value = value * 10 + u16::from(c - b'0');
                i += 1;
                end = i;
            }
            _ => return (value, end),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(text: &str) -> Vec<u8> {
        crunch(text.as_bytes()).unwrap().body
    }

    #[test]
    fn worked_example_from_the_fact_sheet() {
        assert_eq!(
            c("GOTO1234:GOTO   50:GOTO 9"),
            [
                0x89, 0x0E, 0xD2, 0x04, 0x3A, 0x89, 0x20, 0x20, 0x20, 0x0E, 0x32, 0x00, 0x3A, 0x89,
                0x20, 0x0E, 0x09, 0x00
            ]
        );
    }

    #[test]
    fn keywords_inside_names() {
        assert_eq!(c("SCORE"), [b'S', b'C', 0xF7, b'E']);
        assert_eq!(c("FORI=1TO9"), [0x82, b'I', 0xEF, 0x12, 0xD9, 0x1A]);
        assert_eq!(c("INTERVAL"), [0xFF, 0x85, b'E', b'R', 0xFF, 0x94]);
        assert_eq!(c("A1=2"), [b'A', b'1', 0xEF, 0x13]);
    }

    #[test]
    fn line_number_mode_persists_across_punctuation() {
        assert_eq!(c("GOTO-789"), [0x89, 0xF2, 0x0E, 0x15, 0x03]);
        assert_eq!(
            c("ON A GOTO 10,20"),
            [0x95, b' ', b'A', b' ', 0x89, b' ', 0x0E, 10, 0, b',', 0x0E, 20, 0]
        );
        assert_eq!(c("LIST ."), [0x93, b' ', b'.']);
        assert_eq!(c("GOTO 0010"), [0x89, b' ', 0x0E, 10, 0]);
        // 65535 is not absorbed whole: 6553 then 5.
        assert_eq!(c("GOTO65535"), [0x89, 0x0E, 0x99, 0x19, 0x0E, 5, 0]);
    }

    #[test]
    fn line_number_reader_stops_at_6552() {
        assert_eq!(read_line_number(b"65529", 0), (65529, 5));
        assert_eq!(read_line_number(b"1 0 x", 0), (10, 3));
        assert_eq!(read_line_number(b"x", 0), (0, 0));
    }
}
