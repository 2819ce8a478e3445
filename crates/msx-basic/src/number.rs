//! Numeric constants: how the cruncher reads them from text (the ROM's FIN
//! routine, `C3299` in `base200/basic1.asm`) and how `LIST` prints them
//! (FOUT, `C3425`, and the suffix rules of the LIST decoder `C5284`).
//!
//! Reals are the MSX math pack's BCD: byte 0 is the exponent, excess 64
//! (value = 0.d1d2d3… × 10^(byte0 − 64)), then two digits per byte;
//! single precision has 6 digits, double precision 14.

use std::fmt::Write as _;

/// A numeric constant as stored in a line body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Number {
    /// Integer (tokens 0x11–0x1A, 0x0F, 0x1C); 0x1C holds a signed word.
    Integer(i16),
    /// Single precision BCD (token 0x1D): exponent byte and 3 digit bytes.
    Single([u8; 4]),
    /// Double precision BCD (token 0x1F): exponent byte and 7 digit bytes.
    Double([u8; 8]),
    /// `&O` constant (token 0x0B).
    Octal(u16),
    /// `&H` constant (token 0x0C).
    Hex(u16),
}

/// How to print doubles whose LIST form would read back as singles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ListStyle {
    /// Exactly what `LIST` on an MSX shows. Beware: MSX's own listing of a
    /// double in exponent form with at most 6 digits (`5.123E+21`) reads back
    /// as a single; that is how MSX-BASIC behaves.
    #[default]
    Msx,
    /// A listing that always tokenizes back to the same bytes: like `Msx`,
    /// except that doubles in exponent form use `D` (`5.123D+21`), a
    /// constant keeps its type suffix where the next character could extend
    /// it (`1%.5`), and line 0 gets no space after its number.
    RoundTrip,
}

impl Number {
    /// Appends the token and operand bytes the cruncher stores.
    pub fn encode(&self, out: &mut Vec<u8>) {
        match *self {
            Number::Integer(v @ 0..=9) => out.push(0x11 + v as u8),
            Number::Integer(v @ 10..=255) => out.extend([0x0F, v as u8]),
            Number::Integer(v) => {
                out.push(0x1C);
                out.extend(v.to_le_bytes());
            }
            Number::Single(b) => {
                out.push(0x1D);
                out.extend(b);
            }
            Number::Double(b) => {
                out.push(0x1F);
                out.extend(b);
            }
            Number::Octal(v) => {
                out.push(0x0B);
                out.extend(v.to_le_bytes());
            }
            Number::Hex(v) => {
                out.push(0x0C);
                out.extend(v.to_le_bytes());
            }
        }
    }

    /// The value as an `f64` (exact for integers; reals are decimal, so a
    /// few may differ from their BCD value in the last binary digit).
    pub fn to_f64(&self) -> f64 {
        match *self {
            Number::Integer(v) => f64::from(v),
            Number::Octal(v) | Number::Hex(v) => f64::from(v),
            Number::Single(b) => bcd_to_f64(&b),
            Number::Double(b) => bcd_to_f64(&b),
        }
    }

    /// The text `LIST` prints for this constant.
    pub fn list(&self, style: ListStyle) -> String {
        match *self {
            Number::Integer(v) => v.to_string(),
            Number::Octal(v) => format!("&O{v:o}"),
            Number::Hex(v) => format!("&H{v:X}"),
            Number::Single(b) => list_real(&b, 6, '!', style),
            Number::Double(b) => list_real(&b, 14, '#', style),
        }
    }

    /// Like [`Number::list`], but with the type suffix (`%`, `!`, `#`)
    /// even where LIST leaves it out, so that characters listed right after
    /// the constant cannot be read back as part of it. Exponent forms are
    /// left alone: nothing after them can extend them.
    pub fn list_with_suffix(&self, style: ListStyle) -> String {
        let mut text = self.list(style);
        let suffix = match self {
            Number::Integer(_) => '%',
            Number::Single(_) => '!',
            Number::Double(_) => '#',
            Number::Octal(_) | Number::Hex(_) => return text,
        };
        if !text.ends_with(suffix) && !text.contains(['E', 'D']) {
            text.push(suffix);
        }
        text
    }
}

impl Number {
    /// A real in the form `.ddd` (`.!` for zero, `.1E-03`), which reads
    /// back as the same constant and does not start with a digit; integer
    /// zero is `.%`. Other integers and `&H`/`&O` constants list as usual.
    pub fn list_from_point(&self, style: ListStyle) -> String {
        let (bytes, max_digits, suffix): (&[u8], usize, char) = match self {
            Number::Single(b) => (b, 6, '!'),
            Number::Double(b) => (b, 14, '#'),
            // `.%` is zero truncated to an integer.
            Number::Integer(0) => return ".%".to_string(),
            _ => return self.list(style),
        };
        let has_digits = bytes[1..].iter().any(|&b| b != 0);
        if bytes[0] & 0x7F == 0 && !has_digits {
            return format!(".{suffix}");
        }
        let mut digits: Vec<u8> = (0..max_digits).map(|i| b'0' + digit_at(bytes, i)).collect();
        while digits.len() > 1 && digits.last() == Some(&b'0') {
            digits.pop();
        }
        let x = i32::from(bytes[0] & 0x7F) - 0x40;
        let letter = if suffix == '#' { 'D' } else { 'E' };
        format!(
            ".{}{letter}{}{:02}",
            String::from_utf8_lossy(&digits),
            if x < 0 { '-' } else { '+' },
            x.abs()
        )
    }
}

fn digit_at(bytes: &[u8], i: usize) -> u8 {
    let b = bytes[1 + i / 2];
    if i.is_multiple_of(2) {
        b >> 4
    } else {
        b & 0x0F
    }
}

fn bcd_to_f64(bytes: &[u8]) -> f64 {
    if bytes[0] & 0x7F == 0 {
        return 0.0;
    }
    let mut text = String::from("0.");
    for i in 0..(bytes.len() - 1) * 2 {
        text.push(char::from(b'0' + digit_at(bytes, i).min(9)));
    }
    let exp = i32::from(bytes[0] & 0x7F) - 0x40;
    let value = text.parse::<f64>().unwrap_or(0.0) * 10f64.powi(exp);
    if bytes[0] & 0x80 != 0 {
        -value
    } else {
        value
    }
}

/// FOUT's free format without the leading sign blank, plus LIST's suffix.
fn list_real(bytes: &[u8], max_digits: usize, suffix: char, style: ListStyle) -> String {
    let exp_byte = bytes[0];
    let mut out = String::new();
    if exp_byte & 0x80 != 0 {
        // Never produced by the cruncher (numbers are stored positive).
        out.push('-');
    }
    if exp_byte & 0x7F == 0 {
        // Exponent 0 means zero to the math pack, whatever the digits say.
        // Such a constant (an underflow like `1D-70`) keeps its digits; the
        // round-trip form writes them so they read back the same.
        let has_digits = bytes[1..].iter().any(|&b| b != 0);
        if style == ListStyle::RoundTrip && has_digits {
            let n = if suffix == '#' {
                Number::Double(bytes.try_into().unwrap_or([0; 8]))
            } else {
                Number::Single(bytes.try_into().unwrap_or([0; 4]))
            };
            out.push_str(&n.list_from_point(style));
            return out;
        }
        out.push('0');
        out.push(suffix);
        return out;
    }
    // Digits with trailing zeros removed; a corrupt nibble above 9 prints as
    // the character after '9', as the ROM's digit loop would.
    let mut digits: Vec<u8> = (0..max_digits).map(|i| b'0' + digit_at(bytes, i)).collect();
    while digits.len() > 1 && digits.last() == Some(&b'0') {
        digits.pop();
    }
    let digits = String::from_utf8_lossy(&digits).into_owned();
    let x = i32::from(exp_byte & 0x7F) - 0x40;
    let n = digits.len() as i32;
    if (-1..=max_digits as i32).contains(&x) {
        if x <= 0 {
            out.push('.');
            out.extend(std::iter::repeat_n('0', (-x) as usize));
            out.push_str(&digits);
        } else if x >= n {
            out.push_str(&digits);
            out.extend(std::iter::repeat_n('0', (x - n) as usize));
        } else {
            out.push_str(&digits[..x as usize]);
            out.push('.');
            out.push_str(&digits[x as usize..]);
        }
        // A single shows '!' unless it has a point; a double always shows '#'.
        if suffix == '#' || !out.contains('.') {
            out.push(suffix);
        }
    } else {
        out.push_str(&digits[..1]);
        if n > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        let letter = if suffix == '#' && style == ListStyle::RoundTrip {
            'D'
        } else {
            'E'
        };
        let e = x - 1;
        let _ = write!(
            out,
            "{letter}{}{:02}",
            if e < 0 { '-' } else { '+' },
            e.abs()
        );
    }
    out
}

/// Why a constant could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Overflow;

/// Blank characters the ROM's CHRGTR skips between the characters of a
/// number (space, TAB, LF).
pub(crate) fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n')
}

fn skip_blanks(src: &[u8], mut i: usize) -> usize {
    while i < src.len() && is_blank(src[i]) {
        i += 1;
    }
    i
}

fn at(src: &[u8], i: usize) -> u8 {
    src.get(i).copied().unwrap_or(0)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Integer,
    Single,
    Double,
}

/// Reads a decimal constant starting at `src[start]` (a digit or '.'), the
/// way FIN does inside the cruncher. Returns the constant and the index
/// after it; blanks after the constant are not consumed (the cruncher keeps
/// them), blanks inside it are.
pub(crate) fn read_decimal(src: &[u8], start: usize) -> Result<(Number, usize), Overflow> {
    let mut kind = Kind::Integer;
    let mut int_value: u32 = 0;
    // Significant digits (the ROM keeps 15 and ignores the rest).
    let mut digits: Vec<u8> = Vec::new();
    // D: significant digits seen; B: digits after the point. 8-bit in the ROM.
    let mut d: u8 = 0;
    let mut b: u8 = 0;
    let mut seen_point = false;
    let mut exp: u8 = 0;
    let mut suffix_integer = false;
    let mut i = start;
    let mut last = start; // index after the last character consumed
    loop {
        i = skip_blanks(src, i);
        let c = at(src, i);
        match c {
            b'0'..=b'9' => {
                let v = c - b'0';
                i += 1;
                last = i;
                // Zeros before the point are not significant until a
                // non-zero digit has been seen.
                if v == 0 && !seen_point && d == 0 {
                    continue;
                }
                d = d.wrapping_add(1);
                if d == 7 {
                    kind = Kind::Double;
                }
                if seen_point {
                    b = b.wrapping_add(1);
                }
                if kind == Kind::Integer {
                    let next = int_value * 10 + u32::from(v);
                    if int_value < 3277 && next < 32768 {
                        int_value = next;
                        digits.push(v);
                        continue;
                    }
                    kind = Kind::Single;
                }
                if v == 0 && digits.is_empty() {
                    // Zeros while the value is still zero do not count.
                    d = 0;
                } else if d < 16 {
                    digits.push(v);
                }
            }
            b'.' => {
                if seen_point {
                    break;
                }
                seen_point = true;
                i += 1;
                last = i;
                if kind == Kind::Integer {
                    kind = Kind::Single;
                }
            }
            b'E' | b'e' | b'D' | b'd' => {
                if matches!(c, b'E' | b'e') {
                    // `1ELSE`, `1EQV`: an E before L or Q is not an exponent.
                    let next = at(src, skip_blanks(src, i + 1));
                    if matches!(next, b'L' | b'l' | b'Q' | b'q') {
                        break;
                    }
                    if kind != Kind::Double {
                        kind = Kind::Single;
                    }
                } else {
                    kind = Kind::Double;
                }
                i += 1;
                last = i;
                let mut j = skip_blanks(src, i);
                let mut negative = false;
                // 0xF1/0xF2 are the + and - tokens (FIN also reads tokenized text).
                match at(src, j) {
                    b'-' | 0xF2 => {
                        negative = true;
                        j += 1;
                        last = j;
                    }
                    b'+' | 0xF1 => {
                        j += 1;
                        last = j;
                    }
                    _ => {}
                }
                loop {
                    j = skip_blanks(src, j);
                    let c = at(src, j);
                    if !c.is_ascii_digit() {
                        break;
                    }
                    exp = if exp >= 12 {
                        0x80
                    } else {
                        exp * 10 + (c - b'0')
                    };
                    j += 1;
                    last = j;
                }
                if negative {
                    exp = exp.wrapping_neg();
                }
                break;
            }
            b'%' => {
                last = i + 1;
                suffix_integer = true;
                break;
            }
            b'#' => {
                last = i + 1;
                kind = Kind::Double;
                break;
            }
            b'!' => {
                last = i + 1;
                if kind == Kind::Double {
                    // The ROM rounds while converting, then overwrites the
                    // exponent with D − B + E, so a carry out of the top
                    // digit is lost: `999999.9!` reads as 100000.
                    round(&mut digits, 6);
                }
                kind = Kind::Single;
                break;
            }
            _ => break,
        }
    }

    let number = if kind == Kind::Integer {
        Number::Integer(int_value as i16)
    } else {
        let mut exp_byte = if digits.is_empty() {
            0
        } else {
            let e = d.wrapping_sub(b).wrapping_add(exp).wrapping_add(0x40);
            if e & 0x80 != 0 {
                return Err(Overflow);
            }
            e
        };
        // Doubles are rounded to 14 digits after the exponent is set, so
        // here a carry does raise the exponent.
        if kind == Kind::Double && round(&mut digits, 14) {
            exp_byte += 1;
            if exp_byte & 0x80 != 0 {
                return Err(Overflow);
            }
        }
        if suffix_integer {
            Number::Integer(truncate_to_integer(&digits, exp_byte)?)
        } else if kind == Kind::Single {
            Number::Single(pack(exp_byte, &digits))
        } else {
            Number::Double(pack(exp_byte, &digits))
        }
    };
    Ok((number, last))
}

/// Rounds the significant digits to `keep` digits, half up on the next
/// digit, as the math pack does. Returns true when the carry ran out of the
/// top digit (999… became 1000…), which the caller may add to the exponent.
fn round(digits: &mut Vec<u8>, keep: usize) -> bool {
    if digits.len() <= keep {
        return false;
    }
    let up = digits[keep] >= 5;
    digits.truncate(keep);
    if !up {
        return false;
    }
    for i in (0..keep).rev() {
        if digits[i] == 9 {
            digits[i] = 0;
        } else {
            digits[i] += 1;
            return false;
        }
    }
    digits[0] = 1;
    true
}

fn pack<const N: usize>(exp_byte: u8, digits: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    out[0] = exp_byte;
    for (i, &dig) in digits.iter().take((N - 1) * 2).enumerate() {
        out[1 + i / 2] |= if i.is_multiple_of(2) { dig << 4 } else { dig };
    }
    out
}

/// CINT on a positive real: truncation; Overflow above 32767.
fn truncate_to_integer(digits: &[u8], exp_byte: u8) -> Result<i16, Overflow> {
    if digits.is_empty() || exp_byte <= 0x40 {
        return Ok(0);
    }
    let x = usize::from(exp_byte - 0x40);
    if x > 5 {
        return Err(Overflow);
    }
    let mut v: u32 = 0;
    for i in 0..x {
        v = v * 10 + u32::from(digits.get(i).copied().unwrap_or(0));
    }
    i16::try_from(v).map_err(|_| Overflow)
}

/// Reads the digits of an `&H` (radix 16) or `&O` (radix 8) constant
/// starting at `src[start]`, with no blanks allowed between them (the ROM
/// reads these characters directly). Returns the value and the index after
/// the last digit; Overflow past 16 bits.
pub(crate) fn read_radix(src: &[u8], start: usize, radix: u32) -> Result<(u16, usize), Overflow> {
    let mut value: u32 = 0;
    let mut i = start;
    while let Some(d) = src.get(i).and_then(|&c| char::from(c).to_digit(radix)) {
        value = value * radix + d;
        if value > 0xFFFF {
            return Err(Overflow);
        }
        i += 1;
    }
    Ok((value as u16, i))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn crunch(text: &str) -> Vec<u8> {
        let (n, end) = read_decimal(text.as_bytes(), 0).expect("no overflow");
        assert_eq!(end, text.len(), "whole of {text:?} consumed");
        let mut v = Vec::new();
        n.encode(&mut v);
        v
    }

    #[test]
    fn integers() {
        assert_eq!(crunch("0"), [0x11]);
        assert_eq!(crunch("9"), [0x1A]);
        assert_eq!(crunch("10"), [0x0F, 10]);
        assert_eq!(crunch("255"), [0x0F, 255]);
        assert_eq!(crunch("256"), [0x1C, 0x00, 0x01]);
        assert_eq!(crunch("1000"), [0x1C, 0xE8, 0x03]);
        assert_eq!(crunch("32767"), [0x1C, 0xFF, 0x7F]);
        assert_eq!(crunch("007"), [0x18]);
        assert_eq!(crunch("1 000"), [0x1C, 0xE8, 0x03]);
        assert_eq!(crunch("5%"), [0x16]);
        assert_eq!(crunch("1.9%"), [0x12]);
    }

    #[test]
    fn singles() {
        assert_eq!(crunch("32768"), [0x1D, 0x45, 0x32, 0x76, 0x80]);
        assert_eq!(crunch("36000"), [0x1D, 0x45, 0x36, 0x00, 0x00]);
        assert_eq!(crunch("1."), [0x1D, 0x41, 0x10, 0, 0]);
        assert_eq!(crunch("1.0"), [0x1D, 0x41, 0x10, 0, 0]);
        assert_eq!(crunch("1!"), [0x1D, 0x41, 0x10, 0, 0]);
        assert_eq!(crunch("1.1234567!"), [0x1D, 0x41, 0x11, 0x23, 0x46]);
        assert_eq!(crunch(".123456"), [0x1D, 0x40, 0x12, 0x34, 0x56]);
        assert_eq!(crunch("12345.6"), [0x1D, 0x45, 0x12, 0x34, 0x56]);
        assert_eq!(crunch("2E-7"), [0x1D, 0x3A, 0x20, 0, 0]);
        assert_eq!(crunch("3E+19"), [0x1D, 0x54, 0x30, 0, 0]);
        assert_eq!(crunch("0.0000001"), [0x1D, 0x3A, 0x10, 0, 0]);
        assert_eq!(crunch("."), [0x1D, 0, 0, 0, 0]);
        // ROM quirk: the rounding carry is lost (see read_decimal).
        assert_eq!(crunch("999999.9!"), [0x1D, 0x46, 0x10, 0, 0]);
        assert_eq!(
            crunch("99999999999999.9"),
            [0x1F, 0x4F, 0x10, 0, 0, 0, 0, 0, 0]
        );
    }

    #[test]
    fn doubles() {
        assert_eq!(
            crunch("4.123456789012345e20"),
            [0x1F, 0x55, 0x41, 0x23, 0x45, 0x67, 0x89, 0x01, 0x23]
        );
        assert_eq!(crunch("5.123D+21"), [0x1F, 0x56, 0x51, 0x23, 0, 0, 0, 0, 0]);
        assert_eq!(
            crunch("1234567"),
            [0x1F, 0x47, 0x12, 0x34, 0x56, 0x70, 0, 0, 0]
        );
        assert_eq!(crunch("1#"), [0x1F, 0x41, 0x10, 0, 0, 0, 0, 0, 0]);
        assert_eq!(
            crunch(".0001234567"),
            [0x1F, 0x3D, 0x12, 0x34, 0x56, 0x70, 0, 0, 0]
        );
    }

    #[test]
    fn exponent_not_before_l_or_q() {
        let (n, end) = read_decimal(b"1ELSE", 0).unwrap();
        assert_eq!((n, end), (Number::Integer(1), 1));
        let (n, end) = read_decimal(b"1 EQV 2", 0).unwrap();
        assert_eq!((n, end), (Number::Integer(1), 1));
    }

    #[test]
    fn trailing_blanks_are_left() {
        let (n, end) = read_decimal(b"10 TO", 0).unwrap();
        assert_eq!((n, end), (Number::Integer(10), 2));
    }

    #[test]
    fn overflow() {
        assert_eq!(read_decimal(b"40000%", 0), Err(Overflow));
        assert_eq!(read_decimal(b"1E63", 0), Err(Overflow));
        assert!(read_decimal(b"1E62", 0).is_ok());
        assert_eq!(read_radix(b"10000", 0, 16), Err(Overflow));
        assert_eq!(read_radix(b"FFFF", 0, 16), Ok((0xFFFF, 4)));
        assert_eq!(read_radix(b"177777x", 0, 8), Ok((0xFFFF, 6)));
        assert_eq!(read_radix(b"200000", 0, 8), Err(Overflow));
    }

    #[test]
    fn list_forms() {
        let l = |t: &str| {
            read_decimal(t.as_bytes(), 0)
                .unwrap()
                .0
                .list(ListStyle::Msx)
        };
        assert_eq!(l("1"), "1");
        assert_eq!(l("1.0"), "1!");
        assert_eq!(l("36000"), "36000!");
        assert_eq!(l("123456!"), "123456!");
        assert_eq!(l("1.1234567!"), "1.12346");
        assert_eq!(l("2E-7"), "2E-07");
        assert_eq!(l("3E+19"), "3E+19");
        assert_eq!(l(".5"), ".5");
        assert_eq!(l(".05"), ".05");
        assert_eq!(l(".005"), "5E-03");
        assert_eq!(l("1000000!"), "1E+06");
        assert_eq!(l("1000000"), "1000000#");
        assert_eq!(l("5.123D+21"), "5.123E+21");
        assert_eq!(l("1234567890"), "1234567890#");
        assert_eq!(l(".12345678901234#"), ".12345678901234#");
        assert_eq!(l("4.123456789012345e20"), "4.1234567890123E+20");
        assert_eq!(l("0!"), "0!");
        assert_eq!(l("0#"), "0#");
        assert_eq!(l("1.5#"), "1.5#");
        let r = |t: &str| {
            read_decimal(t.as_bytes(), 0)
                .unwrap()
                .0
                .list(ListStyle::RoundTrip)
        };
        assert_eq!(r("5.123D+21"), "5.123D+21");
        assert_eq!(r("3E+19"), "3E+19");
        assert_eq!(Number::Hex(0x80).list(ListStyle::Msx), "&H80");
        assert_eq!(Number::Hex(0).list(ListStyle::Msx), "&H0");
        assert_eq!(Number::Octal(0o17).list(ListStyle::Msx), "&O17");
    }
}
