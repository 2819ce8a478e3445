//! The MSX international character set, to and from Unicode.
//!
//! Programs are read and written as UTF-8 text; inside the tokenized file
//! (and in an MSX's memory) the same text is MSX bytes:
//! - 0x20–0x7E are ASCII;
//! - 0x7F and 0x80–0xFF are the glyphs of the international set (mostly code
//!   page 437, plus accented capitals, block graphics and Greek letters);
//! - the 32 "graphic characters" 0x00–0x1F of the font are written as two
//!   bytes, 0x01 followed by code + 0x40 (this is how `CHR$(1)+CHR$(&H41)`,
//!   the GRAPH key and a program's string literals store them).
//!
//! The Unicode choices follow `mc68-net/r8format` (`psrc/bastok/charset/msx.py`,
//! glyph rows from Wikipedia's "MSX character sets" and CP437) with two
//! deliberate differences, documented in `docs/basic-tokenizer.md`: 0x03 and
//! 0x04 are the filled ♥ ♦ of code page 437 (r8format's outline ♡ ♢ are
//! accepted on input too), and 0x7F is △.

/// Unicode for the graphic characters 0x00–0x1F (stored as 0x01, 0x40–0x5F).
/// 0x00 is a blank glyph; ∅ keeps it distinct from a space. 0x10 and 0x1F
/// are crosses with short arms that Unicode lacks; ╪ and ╫ stand in.
const GRAPHIC: [char; 32] = [
    '∅', '☺', '☻', '♥', '♦', '♣', '♠', '•', '◘', '○', '◙', '♂', '♀', '♪', '♫', '☼', //
    '╪', '┴', '┬', '┤', '├', '┼', '│', '─', '┌', '┐', '└', '┘', '╳', '╱', '╲', '╫',
];

/// Unicode for the one-byte codes 0x80–0xFF.
const HIGH: [char; 128] = [
    // 0x80
    'Ç', 'ü', 'é', 'â', 'ä', 'à', 'å', 'ç', 'ê', 'ë', 'è', 'ï', 'î', 'ì', 'Ä', 'Å', //
    // 0x90
    'É', 'æ', 'Æ', 'ô', 'ö', 'ò', 'û', 'ù', 'ÿ', 'Ö', 'Ü', '¢', '£', '¥', '₧', 'ƒ', //
    // 0xA0
    'á', 'í', 'ó', 'ú', 'ñ', 'Ñ', 'ª', 'º', '¿', '⌐', '¬', '½', '¼', '¡', '«', '»', //
    // 0xB0
    'Ã', 'ã', 'Ĩ', 'ĩ', 'Õ', 'õ', 'Ũ', 'ũ', 'Ĳ', 'ĳ', '¾', '∽', '◇', '‰', '¶', '§', //
    // 0xC0: block graphics (several only exist in Symbols for Legacy Computing)
    '▂', '▚', '▆', '🮂', '▬', '🮅', '▎', '▞', '▊', '🮇', '🮊', '🮙', '🮘', '🭭', '🭯', '🭬', //
    // 0xD0
    '🭮', '🮚', '🮛', '▘', '▗', '▝', '▖', '🮖', 'Δ', '‡', 'ω', '█', '▄', '▌', '▐', '▀', //
    // 0xE0
    'α', 'ß', 'Γ', 'π', 'Σ', 'σ', 'µ', 'τ', 'Φ', 'Θ', 'Ω', 'δ', '∞', 'φ', '∈', '∩', //
    // 0xF0
    '≡', '±', '≥', '≤', '⌠', '⌡', '÷', '≈', '°', '∙', '·', '√', 'ⁿ', '²', '■', '▒',
];

/// Unicode for byte 0x7F (a triangle in the international font).
const DEL_GLYPH: char = '△';

/// Extra spellings accepted on input only.
const ALIASES: &[(char, MsxChar)] = &[
    ('♡', MsxChar::Graphic(0x03)),
    ('♢', MsxChar::Graphic(0x04)),
    ('\u{7F}', MsxChar::Byte(0x7F)),
];

/// How one Unicode character is stored in MSX text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MsxChar {
    /// A single byte.
    Byte(u8),
    /// A graphic character 0x00–0x1F, stored as 0x01 followed by code + 0x40.
    Graphic(u8),
}

/// The Unicode character for a one-byte code 0x20–0xFF, or for TAB; other
/// control bytes have no glyph and come back as the same-numbered C0 control.
pub fn byte_to_char(byte: u8) -> char {
    match byte {
        0x7F => DEL_GLYPH,
        0x80..=0xFF => HIGH[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

/// The Unicode character for graphic character `code` (0x00–0x1F).
pub fn graphic_to_char(code: u8) -> Option<char> {
    GRAPHIC.get(usize::from(code)).copied()
}

/// How `c` is stored, or `None` when the MSX character set lacks it.
/// C0 control characters (except NUL) map to the same byte.
pub fn char_to_msx(c: char) -> Option<MsxChar> {
    match c {
        '\u{1}'..='\u{1F}' | ' '..='~' => Some(MsxChar::Byte(c as u8)),
        DEL_GLYPH => Some(MsxChar::Byte(0x7F)),
        _ => {
            if let Some(i) = HIGH.iter().position(|&h| h == c) {
                return Some(MsxChar::Byte(0x80 + i as u8));
            }
            if let Some(i) = GRAPHIC.iter().position(|&g| g == c) {
                return Some(MsxChar::Graphic(i as u8));
            }
            ALIASES.iter().find(|&&(a, _)| a == c).map(|&(_, m)| m)
        }
    }
}

/// MSX bytes (as `LIST` prints them) to a Unicode string: `01 xx` pairs with
/// xx in 0x40–0x5F become graphic characters, everything else maps byte by byte.
pub fn decode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == 0x01 {
            if let Some(&next @ 0x40..=0x5F) = bytes.get(i + 1) {
                out.push(GRAPHIC[usize::from(next - 0x40)]);
                i += 2;
                continue;
            }
        }
        out.push(byte_to_char(b));
        i += 1;
    }
    out
}

/// Appends the MSX bytes for `c` to `out`; `None` when there are none.
pub fn encode_char(c: char, out: &mut Vec<u8>) -> Option<()> {
    match char_to_msx(c)? {
        MsxChar::Byte(b) => out.push(b),
        MsxChar::Graphic(code) => out.extend([0x01, code + 0x40]),
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_round_trips() {
        for b in (0x20..=0xFF).chain([0x09]) {
            let c = byte_to_char(b);
            assert_eq!(
                char_to_msx(c),
                Some(MsxChar::Byte(b)),
                "byte {b:#04x} ({c})"
            );
        }
        for code in 0..0x20 {
            let c = graphic_to_char(code).unwrap();
            assert_eq!(
                char_to_msx(c),
                Some(MsxChar::Graphic(code)),
                "graphic {code:#04x}"
            );
        }
    }

    #[test]
    fn glyphs_are_distinct() {
        let mut all: Vec<char> = GRAPHIC.iter().chain(HIGH.iter()).copied().collect();
        all.push(DEL_GLYPH);
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n);
        assert!(all.iter().all(|c| !c.is_ascii()));
    }

    #[test]
    fn decode_pairs_and_bytes() {
        assert_eq!(decode(b"A\x01\x41B\x82"), "A☺Bé");
        assert_eq!(decode(b"\x01"), "\u{1}");
        assert_eq!(decode(b"\x01\x20"), "\u{1} ");
        let mut v = Vec::new();
        for c in "☺é".chars() {
            encode_char(c, &mut v).unwrap();
        }
        assert_eq!(v, [0x01, 0x41, 0x82]);
        assert_eq!(char_to_msx('€'), None);
        assert_eq!(char_to_msx('\u{1b}'), Some(MsxChar::Byte(0x1B)));
        assert_eq!(char_to_msx('\u{0}'), None);
        assert_eq!(char_to_msx('♡'), Some(MsxChar::Graphic(3)));
    }
}
