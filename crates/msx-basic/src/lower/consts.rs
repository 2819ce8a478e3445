//! Numbers in the math pack's format, made at compile time: constants of
//! the program (all kept as doubles: an integer or single constant is
//! exactly representable), and the DATA table.
//!
//! Format (MSX2 Technical Handbook, Appendix 2 "Math-Pack"): byte 0 is the
//! sign (bit 7) and the exponent excess 64 (value = 0.d1d2... x 10^(e-64)),
//! 0 for zero; then packed BCD digits, the first one not zero.

use crate::parse::{DataItem, ExprKind, StmtKind};

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

/// The value of a DATA item's text as READ converts it into a number, as a
/// double; `None` where READ stops with "Syntax error". The text is read by
/// MSX's own number cruncher (the tokenizer), so `&H10`, `1E3`, `-5`, `.5`
/// and type suffixes give what the ROM's FIN gives.
pub fn to_double(text: &[u8]) -> Option<[u8; 8]> {
    let s = std::str::from_utf8(text).ok()?;
    let s = s.trim_matches(' ');
    if s.is_empty() {
        // An empty item reads as 0.
        return Some([0; 8]);
    }
    if !s
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"+-.&%!#".contains(&b))
    {
        return None;
    }
    let program = crate::tokenize(&format!("1 A#={s}\n")).ok()?;
    let parsed = crate::parse::parse(&program).ok()?;
    let stmt = parsed.program.lines.first()?.statements.first()?;
    let StmtKind::Let { value, .. } = &stmt.kind else {
        return None;
    };
    let (negative, kind) = match &value.kind {
        ExprKind::Neg(x) => (true, &x.kind),
        k => (false, k),
    };
    let mut v = match kind {
        ExprKind::Int(i) => int_to_double(*i),
        ExprKind::Single(b) => single_to_double(*b),
        ExprKind::Double(b) => *b,
        _ => return None,
    };
    if negative && v[0] != 0 {
        v[0] ^= 0x80;
    }
    Some(v)
}

/// The DATA table read by `rt_bx_read`: per item its length, its text, then
/// 0 (not a number) or 1 and its value as a double.
pub fn data_table(items: &[DataItem]) -> Vec<u8> {
    let mut out = Vec::new();
    for item in items {
        let len = item.text.len().min(255);
        out.push(len as u8);
        out.extend_from_slice(&item.text[..len]);
        let value = if item.quoted || item.malformed {
            None
        } else {
            to_double(&item.text)
        };
        match value {
            Some(v) => {
                out.push(1);
                out.extend_from_slice(&v);
            }
            None => out.push(0),
        }
    }
    out
}

/// The byte offset of item `index` in [`data_table`]'s output.
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
    fn data_text_as_fin_reads_it() {
        assert_eq!(to_double(b"4"), Some(int_to_double(4)));
        assert_eq!(to_double(b" -5"), Some(int_to_double(-5)));
        assert_eq!(to_double(b"&H10"), Some(int_to_double(16)));
        assert_eq!(to_double(b"1.5"), Some([0x41, 0x15, 0, 0, 0, 0, 0, 0]));
        assert_eq!(to_double(b"A"), None);
        assert_eq!(to_double(b"Ship"), None);
        assert_eq!(to_double(b""), Some([0; 8]));
    }
}
