//! Numbers in the math pack's format, made at compile time: constants of
//! the program (all kept as doubles: an integer or single constant is
//! exactly representable); and the DATA table.
//!
//! Format (MSX2 Technical Handbook, Appendix 2 "Math-Pack"): byte 0 is the
//! sign (bit 7) and the exponent excess 64 (value = 0.d1d2... x 10^(e-64)),
//! 0 for zero; then packed BCD digits, the first one not zero.

use crate::parse::DataItem;

/// An integer as a double.
pub fn int_to_double(v: i16) -> [u8; 8] {
    let mut out = [0u8; 8];
    if v == 0 {
        return out;
    }
    let digits: Vec<u8> = i32::from(v)
        .unsigned_abs()
        .to_string()
        .bytes()
        .map(|b| b - b'0')
        .collect();
    out[0] = 0x40 + digits.len() as u8;
    if v < 0 {
        out[0] |= 0x80;
    }
    for (i, d) in digits.iter().enumerate() {
        let byte = 1 + i / 2;
        if i % 2 == 0 {
            out[byte] |= d << 4;
        } else {
            out[byte] |= d;
        }
    }
    out
}

/// A single as a double (its digits 7-14 are zero).
pub fn single_to_double(s: [u8; 4]) -> [u8; 8] {
    let mut out = [0u8; 8];
    out[..4].copy_from_slice(&s);
    out
}

/// Starts the items of a new DATA line in [`data_table`]: the marker, then
/// the line's number (READ's "Syntax error" names the DATA line, as MSX's
/// READ sets CURLIN to DATLIN before reporting it).
pub const DATA_LINE_MARK: u8 = 0xFF;

/// The DATA table read by `rt_bx_read`: the items as their text, converted
/// when READ takes them (a number by the runtime's FIN, as MSX-BASIC reads
/// DATA), so it costs about what the tokenized line does. Each item is its
/// length and its characters; a quoted item keeps its opening quote (READ
/// into a string drops it, READ into a number stops on it with "Syntax
/// error", as FIN does on MSX). Before the first item of each line:
/// [`DATA_LINE_MARK`] and the line number.
pub fn data_table(items: &[DataItem]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut line = None;
    for item in items {
        if line != Some(item.line) {
            line = Some(item.line);
            out.push(DATA_LINE_MARK);
            out.extend_from_slice(&item.line.to_le_bytes());
        }
        let quote: &[u8] = if item.quoted { b"\"" } else { b"" };
        // A line holds at most 255 bytes, so an item's length never reaches
        // the marker; the cap only keeps a malformed input from wrapping.
        let len = (item.text.len() + quote.len()).min(usize::from(DATA_LINE_MARK) - 1);
        out.push(len as u8);
        out.extend_from_slice(quote);
        out.extend_from_slice(&item.text[..len - quote.len()]);
    }
    out
}

/// The byte offset of item `index` in [`data_table`]'s output: at its
/// line's marker when it is the first item of its line (where RESTORE
/// points, so that READ learns the line).
pub fn data_offset(items: &[DataItem], index: usize) -> usize {
    data_table(&items[..index.min(items.len())]).len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_in_bcd() {
        assert_eq!(int_to_double(0), [0; 8]);
        assert_eq!(int_to_double(1), [0x41, 0x10, 0, 0, 0, 0, 0, 0]);
        assert_eq!(int_to_double(-32768), [0xC5, 0x32, 0x76, 0x80, 0, 0, 0, 0]);
        assert_eq!(int_to_double(1234), [0x44, 0x12, 0x34, 0, 0, 0, 0, 0]);
    }

    #[test]
    fn data_as_text_with_line_marks() {
        let item = |line, text: &[u8], quoted| DataItem {
            line,
            text: text.to_vec(),
            quoted,
            malformed: false,
        };
        let items = [
            item(10, b"60", false),
            item(10, b"a,b", true),
            item(20, b"", false),
        ];
        assert_eq!(
            data_table(&items),
            [0xFF, 10, 0, 2, b'6', b'0', 4, b'"', b'a', b',', b'b', 0xFF, 20, 0, 0]
        );
        assert_eq!(data_offset(&items, 1), 6);
        assert_eq!(data_offset(&items, 2), 11);
        assert_eq!(data_offset(&items, 3), 15);
    }
}
