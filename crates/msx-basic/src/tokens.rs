//! The tokens of one line body, for the lister and for parsers.
//!
//! The walk follows the ROM's LIST decoder (`C5284`): after REM, and after
//! the `'` form `3A 8F E6`, the rest of the line is raw text; after DATA the
//! raw text runs to the first `:` outside quotes; inside quotes bytes are raw.
//! One deliberate difference: LIST decodes bytes 0x0B–0x1F as numbers even
//! inside strings; here string contents are always raw (the cruncher never
//! stores such bytes there, so only hand-made files can tell).

use crate::error::{BinaryErrorKind, Error};
use crate::keywords::Keyword;
use crate::number::Number;
use crate::program::operand_len;

/// One token of a line body. Byte slices borrow the body and hold MSX
/// bytes (see [`crate::charset`] for their characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token<'a> {
    /// A keyword, operator or function. `ELSE` is always preceded by a
    /// `Punct(b':')` in the stream (the cruncher inserts it); the comment
    /// form `3A 8F E6` is a single `Keyword(Keyword::Apostrophe)`
    /// followed by a `Remark`.
    Keyword(Keyword),
    /// A numeric constant.
    Number(Number),
    /// A line number operand (token 0x0E), after GOTO, THEN, ELSE…
    LineNumber(u16),
    /// A line pointer (token 0x0D): an address, found only in memory images.
    LinePointer(u16),
    /// A string literal without its quotes; `closed` is false when the line
    /// ends before the closing quote (legal in MSX-BASIC).
    Str { text: &'a [u8], closed: bool },
    /// The raw text after REM or `'`, to the end of the line.
    Remark(&'a [u8]),
    /// The raw text after DATA, to the first `:` outside quotes.
    Data(&'a [u8]),
    /// A run of spaces and TABs.
    Space(&'a [u8]),
    /// One of `: , ; ( )`.
    Punct(u8),
    /// Any other run of untokenized bytes: names (`A`, `N$`, `PX`), digits
    /// stored as ASCII after a name, `&B101`, CALL names, stray characters.
    Text(&'a [u8]),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Normal,
    Data,
    Remark,
}

/// Iterator over the tokens of a line body, each with its byte offset in
/// the body. After an error it yields nothing more.
#[derive(Debug, Clone)]
pub struct Tokens<'a> {
    body: &'a [u8],
    pos: usize,
    mode: Mode,
    failed: bool,
}

/// Iterates over the tokens of a line body.
pub fn tokens(body: &[u8]) -> Tokens<'_> {
    Tokens::new(body)
}

fn is_punct(b: u8) -> bool {
    matches!(b, b':' | b',' | b';' | b'(' | b')')
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t')
}

/// Bytes that end a `Text` run: tokens, quotes, spaces and punctuation.
fn ends_text(b: u8) -> bool {
    is_punct(b) || is_space(b) || b == b'"' || b == 0 || (0x0B..=0x1F).contains(&b) || b >= 0x80
}

impl<'a> Tokens<'a> {
    pub fn new(body: &'a [u8]) -> Tokens<'a> {
        Tokens {
            body,
            pos: 0,
            mode: Mode::Normal,
            failed: false,
        }
    }

    fn fail(
        &mut self,
        offset: usize,
        kind: BinaryErrorKind,
    ) -> Option<Result<(usize, Token<'a>), Error>> {
        self.failed = true;
        Some(Err(Error::binary(offset, None, kind)))
    }

    fn operand(&self, start: usize, len: usize) -> Option<&'a [u8]> {
        self.body.get(start + 1..start + 1 + len)
    }

    fn number(&mut self, start: usize, b: u8) -> Option<Result<(usize, Token<'a>), Error>> {
        let Some(len) = operand_len(b).filter(|_| !matches!(b, 0x1B | 0x1E)) else {
            return self.fail(start, BinaryErrorKind::UnknownToken(b));
        };
        let Some(op) = self.operand(start, len) else {
            return self.fail(start, BinaryErrorKind::TruncatedOperand(b));
        };
        let word = || u16::from_le_bytes([op[0], op[1]]);
        let token = match b {
            0x0B => Token::Number(Number::Octal(word())),
            0x0C => Token::Number(Number::Hex(word())),
            0x0D => Token::LinePointer(word()),
            0x0E => Token::LineNumber(word()),
            0x0F => Token::Number(Number::Integer(i16::from(op[0]))),
            0x11..=0x1A => Token::Number(Number::Integer(i16::from(b - 0x11))),
            0x1C => Token::Number(Number::Integer(word() as i16)),
            0x1D => Token::Number(Number::Single([op[0], op[1], op[2], op[3]])),
            _ => {
                let mut d = [0u8; 8];
                d.copy_from_slice(op);
                Token::Number(Number::Double(d))
            }
        };
        self.pos = start + 1 + len;
        Some(Ok((start, token)))
    }

    fn run(&mut self, start: usize, keep: impl Fn(u8) -> bool) -> &'a [u8] {
        let len = self.body[start..].iter().take_while(|&&b| keep(b)).count();
        self.pos = start + len;
        &self.body[start..start + len]
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Result<(usize, Token<'a>), Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let start = self.pos;
        let &b = self.body.get(start)?;
        match self.mode {
            Mode::Remark => {
                self.pos = self.body.len();
                return Some(Ok((start, Token::Remark(&self.body[start..]))));
            }
            Mode::Data => {
                self.mode = Mode::Normal;
                let mut quoted = false;
                let len = self.body[start..]
                    .iter()
                    .take_while(|&&c| {
                        if c == b'"' {
                            quoted = !quoted;
                        }
                        quoted || c != b':'
                    })
                    .count();
                if len > 0 {
                    self.pos = start + len;
                    return Some(Ok((start, Token::Data(&self.body[start..start + len]))));
                }
            }
            Mode::Normal => {}
        }
        let token = match b {
            0x00 => return self.fail(start, BinaryErrorKind::NulInBody),
            0x0B..=0x1F => return self.number(start, b),
            b'"' => {
                let rest = &self.body[start + 1..];
                match rest.iter().position(|&c| c == b'"') {
                    Some(q) => {
                        self.pos = start + q + 2;
                        Token::Str {
                            text: &rest[..q],
                            closed: true,
                        }
                    }
                    None => {
                        self.pos = self.body.len();
                        Token::Str {
                            text: rest,
                            closed: false,
                        }
                    }
                }
            }
            b':' if self.body[start..].starts_with(&[0x3A, 0x8F, 0xE6]) => {
                self.pos = start + 3;
                self.mode = Mode::Remark;
                Token::Keyword(Keyword::Apostrophe)
            }
            0xFF => {
                let Some(&f) = self.body.get(start + 1) else {
                    return self.fail(start, BinaryErrorKind::TruncatedOperand(0xFF));
                };
                let Some(k) = Keyword::from_function_byte(f) else {
                    return self.fail(start, BinaryErrorKind::UnknownFunction(f));
                };
                self.pos = start + 2;
                Token::Keyword(k)
            }
            0x80..=0xFE => {
                let Some(k) = Keyword::from_byte(b) else {
                    return self.fail(start, BinaryErrorKind::UnknownToken(b));
                };
                self.pos = start + 1;
                match k {
                    Keyword::Rem => self.mode = Mode::Remark,
                    Keyword::Data => self.mode = Mode::Data,
                    _ => {}
                }
                Token::Keyword(k)
            }
            _ if is_punct(b) => {
                self.pos = start + 1;
                Token::Punct(b)
            }
            _ if is_space(b) => Token::Space(self.run(start, is_space)),
            _ => Token::Text(self.run(start, |c| !ends_text(c))),
        };
        Some(Ok((start, token)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(body: &[u8]) -> Vec<Token<'_>> {
        tokens(body).map(|t| t.unwrap().1).collect()
    }

    #[test]
    fn statement_with_everything() {
        // 10 IF A$="x:y" THEN 20 ELSE PRINT 1.5:DATA a,"b:c",d:'hi
        let body = b"\x8B A$\xEF\"x:y\" \xDA \x0E\x14\x00 :\xA1 \x91 \x1D\x41\x15\x00\x00:\x84 a,\"b:c\",d:\x3A\x8F\xE6hi";
        let t = all(body);
        assert_eq!(
            t,
            [
                Token::Keyword(Keyword::If),
                Token::Space(b" "),
                Token::Text(b"A$"),
                Token::Keyword(Keyword::Equal),
                Token::Str {
                    text: b"x:y",
                    closed: true
                },
                Token::Space(b" "),
                Token::Keyword(Keyword::Then),
                Token::Space(b" "),
                Token::LineNumber(20),
                Token::Space(b" "),
                Token::Punct(b':'),
                Token::Keyword(Keyword::Else),
                Token::Space(b" "),
                Token::Keyword(Keyword::Print),
                Token::Space(b" "),
                Token::Number(Number::Single([0x41, 0x15, 0, 0])),
                Token::Punct(b':'),
                Token::Keyword(Keyword::Data),
                Token::Data(b" a,\"b:c\",d"),
                Token::Punct(b':'),
                Token::Keyword(Keyword::Apostrophe),
                Token::Remark(b"hi"),
            ]
        );
    }

    #[test]
    fn corrupt_bodies_are_errors_not_panics() {
        for body in [
            &b"\x1C\x01"[..],
            b"\xFF",
            b"\xFF\x10",
            b"\x80",
            b"\x10",
            b"A\x00",
        ] {
            let last = tokens(body).last().unwrap();
            assert!(last.is_err(), "{body:?}");
        }
        assert_eq!(tokens(b"\x1F\x41").count(), 1);
    }
}
