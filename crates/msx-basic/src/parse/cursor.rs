//! A line body as the interpreter reads it: the tokenizer's tokens with
//! blanks dropped and runs of text split into single characters, because
//! the ROM's CHRGTR (`C4666`) skips spaces, TAB and LF everywhere outside
//! strings, REM and DATA — `A B=1` assigns `AB`, `GOTO   50` is `GOTO 50`.

use crate::keywords::Keyword;
use crate::number::Number;
use crate::tokens::{tokens, Token};

/// One unit the parser sees.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Lex<'a> {
    Kw(Keyword),
    Num(Number),
    LineNum(u16),
    Str(&'a [u8]),
    /// Text after REM or `'`.
    Remark(&'a [u8]),
    /// Raw items after DATA.
    Data(&'a [u8]),
    /// Any other byte: punctuation `: , ; ( )`, letters, digits stored as
    /// text, `$ % ! # & [ ] _ .` …
    Char(u8),
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Item<'a> {
    pub lex: Lex<'a>,
    pub offset: usize,
}

/// Why a body could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LexError {
    pub offset: usize,
    pub message: String,
}

/// The items of a body.
pub(crate) fn lex(body: &[u8]) -> Result<Vec<Item<'_>>, LexError> {
    let mut out = Vec::new();
    for t in tokens(body) {
        let (offset, token) = t.map_err(|e| LexError {
            offset: 0,
            message: e.to_string(),
        })?;
        let lex = match token {
            // `'` is stored as `:REM'` (3A 8F E6) wherever it is typed, so it
            // ends the statement before it even without a colon (`GOSUB 100
            // ' note`), as the ROM's NEWSTT finds the `:`.
            Token::Keyword(Keyword::Apostrophe) => {
                if !matches!(
                    out.last(),
                    Some(Item {
                        lex: Lex::Char(b':'),
                        ..
                    })
                ) {
                    out.push(Item {
                        lex: Lex::Char(b':'),
                        offset,
                    });
                }
                Lex::Kw(Keyword::Apostrophe)
            }
            Token::Keyword(k) => Lex::Kw(k),
            Token::Number(n) => Lex::Num(n),
            Token::LineNumber(n) => Lex::LineNum(n),
            Token::LinePointer(_) => {
                return Err(LexError {
                    offset,
                    message: "line pointer (token 0x0D) in a program file".into(),
                })
            }
            Token::Str { text, .. } => Lex::Str(text),
            Token::Remark(r) => Lex::Remark(r),
            Token::Data(d) => Lex::Data(d),
            Token::Space(_) => continue,
            Token::Punct(p) => Lex::Char(p),
            Token::Text(text) => {
                for (i, &b) in text.iter().enumerate() {
                    // LF is skipped by CHRGTR like a space.
                    if b != b'\n' {
                        out.push(Item {
                            lex: Lex::Char(b),
                            offset: offset + i,
                        });
                    }
                }
                continue;
            }
        };
        out.push(Item { lex, offset });
    }
    Ok(out)
}

/// A position in the items of one line.
#[derive(Debug, Clone)]
pub(crate) struct Cursor<'a> {
    items: Vec<Item<'a>>,
    pos: usize,
    end_offset: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(items: Vec<Item<'a>>, body_len: usize) -> Self {
        Cursor {
            items,
            pos: 0,
            end_offset: body_len,
        }
    }

    pub fn peek(&self) -> Option<Lex<'a>> {
        self.items.get(self.pos).map(|i| i.lex)
    }

    pub fn peek_at(&self, ahead: usize) -> Option<Lex<'a>> {
        self.items.get(self.pos + ahead).map(|i| i.lex)
    }

    /// Byte offset of the next item (the body length at the end).
    pub fn offset(&self) -> usize {
        self.items
            .get(self.pos)
            .map_or(self.end_offset, |i| i.offset)
    }

    pub fn bump(&mut self) -> Option<Lex<'a>> {
        let l = self.peek();
        if l.is_some() {
            self.pos += 1;
        }
        l
    }

    pub fn eat_char(&mut self, c: u8) -> bool {
        if self.peek() == Some(Lex::Char(c)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub fn eat_kw(&mut self, k: Keyword) -> bool {
        if self.peek() == Some(Lex::Kw(k)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// At the end of the statement: the end of the line or a `:`.
    pub fn at_statement_end(&self) -> bool {
        matches!(self.peek(), None | Some(Lex::Char(b':')))
    }

    /// At `:ELSE`, which ends the THEN branch of an IF.
    pub fn at_else(&self) -> bool {
        self.peek() == Some(Lex::Char(b':')) && self.peek_at(1) == Some(Lex::Kw(Keyword::Else))
    }

    /// Skips to the end of the line (after REM, or after an error).
    pub fn skip_line(&mut self) {
        self.pos = self.items.len();
    }
}
