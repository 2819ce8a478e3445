//! The tokenized file: what `SAVE "X"` writes on a disk system.
//!
//! Byte 0 is 0xFF; then a copy of the program as it sits in memory from
//! TXTTAB = 0x8001: for each line a link (the address of the next line),
//! the line number, the tokenized body and a 00; after the last line a 0000
//! link. Nothing follows. (Disk BASIC's binary save hook, and the ROM's
//! link fix-up `C4257`, in `apoloval/msx-system`.)

use crate::error::{BinaryErrorKind, Error, Warning};
use crate::list::{list_program, ListStyle};
use crate::tokens::{Token, Tokens};

/// Where MSX-BASIC keeps the first line (TXTTAB); links in a file are
/// addresses as if the program were loaded here.
pub const TEXT_START: u16 = 0x8001;

/// One program line: its number and tokenized body (without the final 00).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub number: u16,
    pub body: Vec<u8>,
}

impl Line {
    /// The tokens of the body.
    pub fn tokens(&self) -> Tokens<'_> {
        Tokens::new(&self.body)
    }
}

/// A program: lines in ascending order of number.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Program {
    pub lines: Vec<Line>,
}

/// A loaded file and what looked wrong in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loaded {
    pub program: Program,
    pub warnings: Vec<Warning>,
}

/// Bytes of the operand that follows a numeric token, as the ROM's link
/// fix-up skips them; `None` for bytes that are not numeric tokens it knows.
pub(crate) fn operand_len(token: u8) -> Option<usize> {
    match token {
        0x0B..=0x0E | 0x1C => Some(2),
        0x0F => Some(1),
        0x11..=0x1B | 0x1E => Some(0),
        0x1D => Some(4),
        0x1F => Some(8),
        _ => None,
    }
}

impl Program {
    /// Size of the memory image (links, numbers, bodies, 00s and the 0000 end).
    pub(crate) fn byte_len(&self) -> usize {
        self.lines.iter().map(|l| l.body.len() + 5).sum::<usize>() + 2
    }

    /// The tokenized file, byte for byte as MSX-BASIC saves it.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(1 + self.byte_len());
        out.push(0xFF);
        let mut address = TEXT_START;
        for line in &self.lines {
            // Wrapping only matters for programs too large for an MSX,
            // which the tokenizer refuses.
            let next = address.wrapping_add((line.body.len() + 5) as u16);
            out.extend(next.to_le_bytes());
            out.extend(line.number.to_le_bytes());
            out.extend(&line.body);
            out.push(0);
            address = next;
        }
        out.extend([0, 0]);
        out
    }

    /// Reads a tokenized file. Line pointers (token 0x0D, only ever found in
    /// memory dumps) become line numbers, as SAVE does.
    pub fn from_bytes(bytes: &[u8]) -> Result<Program, Error> {
        Program::load(bytes).map(|l| l.program)
    }

    /// Like [`Program::from_bytes`], and also returns the oddities that
    /// MSX-BASIC would tolerate (wrong links, bytes after the end, lines out
    /// of order).
    pub fn load(bytes: &[u8]) -> Result<Loaded, Error> {
        let err = |offset, kind| Error::binary(offset, None, kind);
        match bytes.first() {
            None => return Err(err(0, BinaryErrorKind::Empty)),
            Some(0xFF) => {}
            Some(&b) => return Err(err(0, BinaryErrorKind::NotTokenized(b))),
        }
        let word = |at: usize| -> Option<u16> {
            Some(u16::from_le_bytes([*bytes.get(at)?, *bytes.get(at + 1)?]))
        };
        let mut warnings = Vec::new();
        let mut lines = Vec::new();
        // (address, body start offset in the file) of every line
        let mut starts: Vec<(u16, usize)> = Vec::new();
        let mut pos = 1;
        let mut address = TEXT_START;
        loop {
            let link = word(pos).ok_or_else(|| err(pos, BinaryErrorKind::Truncated))?;
            if link == 0 {
                let end = pos + 2;
                if end < bytes.len() {
                    warnings.push(Warning::TrailingBytes {
                        offset: end,
                        count: bytes.len() - end,
                    });
                }
                break;
            }
            let number = word(pos + 2).ok_or_else(|| err(pos, BinaryErrorKind::Truncated))?;
            let body_start = pos + 4;
            let body_end = find_line_end(bytes, body_start)
                .ok_or_else(|| err(pos, BinaryErrorKind::Truncated))?;
            let expected = address.wrapping_add((body_end + 1 - pos) as u16);
            if link != expected {
                warnings.push(Warning::BadLink {
                    offset: pos,
                    found: link,
                    expected,
                });
            }
            if lines.last().is_some_and(|l: &Line| l.number >= number) {
                warnings.push(Warning::LinesOutOfOrder {
                    offset: pos + 2,
                    number,
                });
            }
            starts.push((address, body_start));
            lines.push(Line {
                number,
                body: bytes[body_start..body_end].to_vec(),
            });
            address = expected;
            pos = body_end + 1;
        }
        // Check every body, and turn line pointers into line numbers.
        for (line, &(_, body_start)) in lines.iter_mut().zip(&starts) {
            let mut pointers = Vec::new();
            for item in Tokens::new(&line.body) {
                let (at, token) = item.map_err(|e| match e {
                    Error::Binary { offset, kind, .. } => {
                        Error::binary(body_start + offset, Some(line.number), kind)
                    }
                    other => other,
                })?;
                if let Token::LinePointer(p) = token {
                    pointers.push((at, p));
                }
            }
            for (at, p) in pointers {
                let target = starts
                    .iter()
                    .zip(0..)
                    .find(|((a, _), _)| *a == p.wrapping_add(1))
                    .map(|(_, i)| i);
                let Some(i) = target else {
                    return Err(Error::binary(
                        body_start + at,
                        Some(line.number),
                        BinaryErrorKind::BadLinePointer(p),
                    ));
                };
                let number = lines_number(bytes, starts[i].1);
                line.body[at] = 0x0E;
                line.body[at + 1..at + 3].copy_from_slice(&number.to_le_bytes());
            }
        }
        Ok(Loaded {
            program: Program { lines },
            warnings,
        })
    }

    /// The text `LIST` shows, one line per `\n`, in UTF-8.
    pub fn list(&self) -> Result<String, Error> {
        list_program(self, ListStyle::Msx)
    }

    /// The listing in a chosen style (see [`ListStyle`]).
    pub fn list_with(&self, style: ListStyle) -> Result<String, Error> {
        list_program(self, style)
    }
}

/// The line number stored just before a body starting at `body_start`.
fn lines_number(bytes: &[u8], body_start: usize) -> u16 {
    u16::from_le_bytes([bytes[body_start - 2], bytes[body_start - 1]])
}

/// Where the body starting at `start` ends (the index of its 00), found the
/// way the ROM does when it rebuilds links after LOAD: numeric tokens
/// 0x0B–0x1F are skipped together with their operands (even inside strings,
/// where the cruncher never puts such bytes). `None` if the file ends first.
fn find_line_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut i = start;
    loop {
        let b = *bytes.get(i)?;
        if b == 0 {
            return Some(i);
        }
        // 0x10 is an internal token the ROM never stores; treat it as a byte.
        i += 1 + operand_len(b).unwrap_or(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimal_file() {
        // 1 PRINT ABS(5), as in the fact sheet and S5.
        let p = Program {
            lines: vec![Line {
                number: 1,
                body: vec![0x91, 0x20, 0xFF, 0x86, 0x28, 0x16, 0x29],
            }],
        };
        let bytes = p.to_bytes();
        assert_eq!(
            bytes,
            [
                0xFF, 0x0D, 0x80, 0x01, 0x00, 0x91, 0x20, 0xFF, 0x86, 0x28, 0x16, 0x29, 0x00, 0x00,
                0x00
            ]
        );
        assert_eq!(Program::from_bytes(&bytes).unwrap(), p);
        assert_eq!(Program::load(&bytes).unwrap().warnings, []);
    }

    #[test]
    fn operands_may_contain_zero() {
        // 10 GOTO 50: the operand 32 00 holds a zero byte.
        let bytes = [
            0xFF, 0x0A, 0x80, 0x0A, 0x00, 0x89, 0x0E, 0x32, 0x00, 0x00, 0x00, 0x00,
        ];
        let p = Program::from_bytes(&bytes).unwrap();
        assert_eq!(p.lines[0].body, [0x89, 0x0E, 0x32, 0x00]);
        assert_eq!(p.to_bytes(), bytes);
    }

    #[test]
    fn errors_and_warnings() {
        assert!(matches!(
            Program::from_bytes(&[]),
            Err(Error::Binary {
                kind: BinaryErrorKind::Empty,
                ..
            })
        ));
        assert!(matches!(
            Program::from_bytes(b"10 PRINT"),
            Err(Error::Binary {
                kind: BinaryErrorKind::NotTokenized(b'1'),
                ..
            })
        ));
        assert!(matches!(
            Program::from_bytes(&[0xFF, 0x0A, 0x80, 0x0A, 0x00, 0x91]),
            Err(Error::Binary {
                offset: 1,
                kind: BinaryErrorKind::Truncated,
                ..
            })
        ));
        let loaded =
            Program::load(&[0xFF, 0x34, 0x12, 0x0A, 0x00, 0x91, 0x00, 0x00, 0x00, 0x1A]).unwrap();
        assert_eq!(
            loaded.warnings,
            [
                Warning::BadLink {
                    offset: 1,
                    found: 0x1234,
                    expected: 0x8007
                },
                Warning::TrailingBytes {
                    offset: 9,
                    count: 1
                }
            ]
        );
    }

    #[test]
    fn line_pointers_become_numbers() {
        // 10 GOTO 20 with a pointer to line 20 (at 0x800A: pointer 0x8009).
        let bytes = [
            0xFF, 0x0A, 0x80, 0x0A, 0x00, 0x89, 0x0D, 0x09, 0x80, 0x00, //
            0x10, 0x80, 0x14, 0x00, 0x81, 0x00, 0x00, 0x00,
        ];
        let p = Program::from_bytes(&bytes).unwrap();
        assert_eq!(p.lines[0].body, [0x89, 0x0E, 20, 0]);
        let mut bad = bytes;
        bad[7] = 0x07;
        assert!(matches!(
            Program::from_bytes(&bad),
            Err(Error::Binary {
                offset: 6,
                line: Some(10),
                kind: BinaryErrorKind::BadLinePointer(0x8007)
            })
        ));
    }
}
