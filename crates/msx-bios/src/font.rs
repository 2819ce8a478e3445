//! The BIOS font: `roms-free-bios/font/font.txt` (readable dot drawings) to the
//! 2 KB pattern table and to the `DB` lines of `roms-free-bios/font/font.asm`
//! that the ROM sources include.
//!
//! Format of `font.txt`: lines starting with `#` before the first character
//! are comments; each character is a header `= XX name` (XX = code, two hex
//! digits) followed by exactly eight rows of eight dots, `#` set and `.`
//! clear, top row first, leftmost dot = bit 7. Blank lines separate
//! characters. All 256 codes must appear once, in any order.

use thiserror::Error;

/// Bytes in the pattern table: 256 characters of 8 rows.
pub const FONT_BYTES: usize = 2048;

/// A problem in `font.txt`, with the 1-based line it was found on.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum FontError {
    #[error("line {line}: expected a character header `= XX name`")]
    ExpectedHeader { line: usize },
    #[error("line {line}: `{text}` is not a character code (two hex digits)")]
    BadCode { line: usize, text: String },
    #[error("line {line}: character {code:02X} is drawn twice")]
    Duplicate { line: usize, code: u8 },
    #[error("line {line}: a row must be eight dots of `#` or `.`")]
    BadRow { line: usize },
    #[error("line {line}: character {code:02X} has {rows} rows, it needs 8")]
    RowCount { line: usize, code: u8, rows: usize },
    #[error("character {code:02X} is missing")]
    Missing { code: u8 },
}

/// One character of the font file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glyph {
    pub code: u8,
    pub name: String,
    pub rows: [u8; 8],
}

/// Parses `font.txt` into its 256 glyphs, ordered by code.
pub fn parse(text: &str) -> Result<Vec<Glyph>, FontError> {
    let mut slots: Vec<Option<Glyph>> = vec![None; 256];
    let mut current: Option<(Glyph, usize, usize)> = None; // glyph, rows seen, header line
    let mut seen_first = false;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim_end();
        if !seen_first && (trimmed.starts_with('#') && !is_row(trimmed)) {
            continue;
        }
        if trimmed.is_empty() {
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix('=') {
            finish(&mut current, &mut slots)?;
            seen_first = true;
            let rest = rest.trim_start();
            let (code_text, name) = rest.split_once(' ').unwrap_or((rest, ""));
            let code = parse_code(code_text).ok_or_else(|| FontError::BadCode {
                line,
                text: code_text.to_string(),
            })?;
            if slots[usize::from(code)].is_some() {
                return Err(FontError::Duplicate { line, code });
            }
            let glyph = Glyph {
                code,
                name: name.trim().to_string(),
                rows: [0; 8],
            };
            current = Some((glyph, 0, line));
            continue;
        }
        let Some((glyph, rows, _)) = current.as_mut() else {
            return Err(FontError::ExpectedHeader { line });
        };
        let byte = parse_row(trimmed).ok_or(FontError::BadRow { line })?;
        if *rows >= 8 {
            return Err(FontError::RowCount {
                line,
                code: glyph.code,
                rows: *rows + 1,
            });
        }
        glyph.rows[*rows] = byte;
        *rows += 1;
    }
    finish(&mut current, &mut slots)?;
    slots
        .into_iter()
        .enumerate()
        .map(|(code, slot)| slot.ok_or(FontError::Missing { code: code as u8 }))
        .collect()
}

/// The 2 KB pattern table of the glyphs (character n at offset 8n).
pub fn to_bytes(glyphs: &[Glyph]) -> Vec<u8> {
    let mut bytes = vec![0u8; FONT_BYTES];
    for glyph in glyphs {
        let at = usize::from(glyph.code) * 8;
        bytes[at..at + 8].copy_from_slice(&glyph.rows);
    }
    bytes
}

/// The assembly text of `font.asm`: one `DB` line of eight bytes per character,
/// with its code and name as a comment.
pub fn to_asm(glyphs: &[Glyph]) -> String {
    let mut out = String::from(
        "; Generated from font.txt by `cargo run -p msx-bios --example gen-font`.\n\
         ; Do not edit: draw in font.txt; a test checks that the two agree.\n",
    );
    for glyph in glyphs {
        let bytes: Vec<String> = glyph.rows.iter().map(|b| format!("0{b:02X}h")).collect();
        out.push_str(&format!(
            "        DB {}  ; {:02X} {}\n",
            bytes.join(","),
            glyph.code,
            glyph.name
        ));
    }
    out
}

fn finish(
    current: &mut Option<(Glyph, usize, usize)>,
    slots: &mut [Option<Glyph>],
) -> Result<(), FontError> {
    if let Some((glyph, rows, line)) = current.take() {
        if rows != 8 {
            return Err(FontError::RowCount {
                line,
                code: glyph.code,
                rows,
            });
        }
        let code = usize::from(glyph.code);
        slots[code] = Some(glyph);
    }
    Ok(())
}

fn is_row(text: &str) -> bool {
    parse_row(text).is_some()
}

fn parse_code(text: &str) -> Option<u8> {
    if text.len() != 2 {
        return None;
    }
    u8::from_str_radix(text, 16).ok()
}

fn parse_row(text: &str) -> Option<u8> {
    if text.len() != 8 {
        return None;
    }
    text.bytes().try_fold(0u8, |acc, c| match c {
        b'#' => Some(acc << 1 | 1),
        b'.' => Some(acc << 1),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full_font_with(first: &str) -> String {
        let mut text = String::from(first);
        for code in 1..=255u8 {
            text.push_str(&format!("= {code:02X} c\n"));
            for _ in 0..8 {
                text.push_str("........\n");
            }
        }
        text
    }

    #[test]
    fn rows_become_bytes_msb_first() {
        let text = full_font_with("# comment\n= 00 test\n#.......\n.#......\n..#.....\n...#....\n....#...\n.....#..\n......#.\n.......#\n");
        let glyphs = parse(&text).unwrap();
        assert_eq!(
            glyphs[0].rows,
            [0x80, 0x40, 0x20, 0x10, 0x08, 0x04, 0x02, 0x01]
        );
        assert_eq!(glyphs[0].name, "test");
        let bytes = to_bytes(&glyphs);
        assert_eq!(bytes.len(), 2048);
        assert_eq!(&bytes[0..2], &[0x80, 0x40]);
    }

    #[test]
    fn missing_character_is_reported() {
        let text = "= 00 only\n........\n........\n........\n........\n........\n........\n........\n........\n";
        assert_eq!(parse(text), Err(FontError::Missing { code: 1 }));
    }

    #[test]
    fn short_glyph_names_its_header_line() {
        let text = full_font_with("= 00 short\n........\n");
        assert_eq!(
            parse(&text),
            Err(FontError::RowCount {
                line: 1,
                code: 0,
                rows: 1
            })
        );
    }

    #[test]
    fn bad_row_and_duplicate_are_reported() {
        let text = full_font_with("= 00 x\n....x...\n");
        assert_eq!(parse(&text), Err(FontError::BadRow { line: 2 }));
        let mut text = full_font_with("= 00 a\n........\n........\n........\n........\n........\n........\n........\n........\n");
        let line = text.lines().count() + 1;
        text.push_str("= 00 again\n");
        assert_eq!(parse(&text), Err(FontError::Duplicate { line, code: 0 }));
    }

    #[test]
    fn asm_has_one_db_line_per_character() {
        let text = full_font_with("= 00 z\n########\n........\n........\n........\n........\n........\n........\n........\n");
        let asm = to_asm(&parse(&text).unwrap());
        assert_eq!(
            asm.lines().filter(|l| l.starts_with("        DB ")).count(),
            256
        );
        assert!(asm.contains("DB 0FFh,000h,000h,000h,000h,000h,000h,000h  ; 00 z"));
    }
}
