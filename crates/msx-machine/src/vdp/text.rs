//! A text form of the character modes, for readable golden tests: the
//! character codes of the name table, row by row, as the screen shows them.

use super::mode::Mode;
use super::sprites::table_addr;
use super::Vdp;

/// The characters on screen in a character mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextScreen {
    /// Characters per row (40, 80 or 32).
    pub columns: usize,
    /// Rows (24, or 26/27 in TEXT2 with 212 lines; 24 in the other modes).
    pub rows: usize,
    /// `columns × rows` character codes.
    pub codes: Vec<u8>,
}

impl TextScreen {
    /// The codes of row `row`.
    pub fn row(&self, row: usize) -> &[u8] {
        let start = (row * self.columns).min(self.codes.len());
        let end = (start + self.columns).min(self.codes.len());
        &self.codes[start..end]
    }

    /// Row `row` as a string: printable ASCII as itself, other codes as `.`,
    /// trailing spaces removed.
    pub fn line(&self, row: usize) -> String {
        let s: String = self
            .row(row)
            .iter()
            .map(|&c| {
                if (0x20..0x7F).contains(&c) {
                    c as char
                } else {
                    '.'
                }
            })
            .collect();
        s.trim_end().to_string()
    }
}

impl std::fmt::Display for TextScreen {
    /// All rows, one per line (see [`TextScreen::line`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for r in 0..self.rows {
            writeln!(f, "{}", self.line(r))?;
        }
        Ok(())
    }
}

impl Vdp {
    /// The name table of TEXT1, TEXT2, GRAPHIC1, GRAPHIC2/3 or MULTICOLOR as
    /// characters (addressed exactly as the renderer does, vertical scroll
    /// ignored), or `None` in the bitmap modes.
    pub fn text_screen(&self) -> Option<TextScreen> {
        let mode = self.mode();
        let lines212 = self.regs[9] & 0x80 != 0;
        let (columns, rows) = match mode {
            Mode::TEXT1 => (40, 24),
            Mode::TEXT2 => (80, if lines212 { 27 } else { 24 }),
            Mode::GRAPHIC1 | Mode::GRAPHIC2 | Mode::GRAPHIC3 | Mode::MULTICOLOR => (32, 24),
            _ => return None,
        };
        let name_base = (u32::from(self.regs[2]) << 10) | 0x3FF;
        let mut codes = Vec::with_capacity(columns * rows);
        for i in 0..(columns * rows) as u32 {
            let addr = match mode {
                Mode::TEXT1 => table_addr(name_base, i + 0xC00, 12),
                Mode::TEXT2 => table_addr(name_base, i, 12),
                _ => table_addr(name_base, i, 10),
            };
            codes.push(self.vram.read(addr));
        }
        Some(TextScreen {
            columns,
            rows,
            codes,
        })
    }
}
