//! Text to number (`runtime/input.asm`, MSX-BASIC's FIN, ROM C3299) on the
//! Z80 core: against a model of FIN's rules written here from the ROM
//! routine's description (blanks skipped everywhere, integer below 32768
//! without point or exponent, single up to 6 significant digits, double from
//! the 7th or with D/#, 15 digits kept and a double rounded on the 15th),
//! and against values from the MSX-BASIC manuals.

mod runtime_support;
mod xorshift;

use runtime_support::{End, Rt, BCD_RAM, SCRATCH};
use xorshift::Gen;

/// What FIN gives: the type, the number in the math-pack format, and how
/// many characters it read; or an error code.
type Fin = Result<(u8, [u8; 8], usize), u8>;

fn blank(c: u8) -> bool {
    c == b' ' || c == 9 || c == 10
}

fn skip(t: &[u8], mut i: usize) -> usize {
    while i < t.len() && blank(t[i]) {
        i += 1;
    }
    i
}

/// A double in the math-pack format from a sign, significant digits (the
/// first non-zero) and the exponent byte (excess 64).
fn pack(neg: bool, digits: &[u8], exp: i32) -> [u8; 8] {
    let mut d = [0u8; 8];
    if digits.is_empty() {
        return d;
    }
    d[0] = exp as u8 | if neg { 0x80 } else { 0 };
    for (i, &x) in digits.iter().take(14).enumerate() {
        d[1 + i / 2] |= if i % 2 == 0 { x << 4 } else { x };
    }
    d
}

fn int_dac(v: i32) -> [u8; 8] {
    if v == 0 {
        return [0; 8];
    }
    let s = v.unsigned_abs().to_string();
    let digits: Vec<u8> = s.bytes().map(|c| c - b'0').collect();
    pack(v < 0, &digits, 0x40 + digits.len() as i32)
}

/// Rounds `digits` half up at position `keep` (carry may add a digit).
fn round(digits: &mut Vec<u8>, keep: usize, exp: &mut i32) {
    if digits.len() > keep {
        let up = digits[keep] >= 5;
        digits.truncate(keep);
        if up {
            let mut i = keep;
            loop {
                if i == 0 {
                    digits.insert(0, 1);
                    digits.truncate(keep);
                    *exp += 1;
                    break;
                }
                i -= 1;
                if digits[i] == 9 {
                    digits[i] = 0;
                } else {
                    digits[i] += 1;
                    break;
                }
            }
        }
    }
    while digits.last() == Some(&0) {
        digits.pop();
    }
}

fn model(t: &[u8]) -> Fin {
    let mut i = skip(t, 0);
    let at = |i: usize| t.get(i).copied().unwrap_or(0);
    if at(i) == b'&' {
        i = skip(t, i + 1);
        let (bits, base) = match at(i).to_ascii_uppercase() {
            b'B' => (1, 2),
            b'O' => (3, 8),
            b'H' => (4, 16),
            _ => return Err(2),
        };
        let mut v: u32 = 0;
        i += 1;
        while let Some(d) = (at(i) as char).to_digit(base) {
            v = (v << bits) | d;
            if v > 0xFFFF {
                return Err(6);
            }
            i += 1;
        }
        return Ok((2, int_dac(v as u16 as i16 as i32), i));
    }
    let mut neg = false;
    if at(i) == b'-' {
        neg = true;
        i += 1;
    } else if at(i) == b'+' {
        i += 1;
    }
    let mut ty = 2u8;
    let (mut d, mut b, mut point, mut int) = (0i32, 0i32, false, 0i32);
    let mut digits: Vec<u8> = Vec::new();
    let mut e: i32 = 0;
    let mut pct = false;
    loop {
        i = skip(t, i);
        let c = at(i);
        if c.is_ascii_digit() {
            let x = c - b'0';
            i += 1;
            if x == 0 && !point && d == 0 {
                continue;
            }
            d += 1;
            if d == 7 {
                ty = 8;
            }
            if point {
                b += 1;
            }
            if ty == 2 {
                if int >= 3277 || int * 10 + x as i32 >= 32768 {
                    ty = 4;
                } else {
                    int = int * 10 + x as i32;
                }
            }
            if x == 0 && digits.is_empty() {
                d = 0;
                continue;
            }
            if d <= 15 {
                digits.push(x);
            }
        } else if c == b'.' {
            if point {
                break;
            }
            point = true;
            if ty == 2 {
                ty = 4;
            }
            i += 1;
        } else if matches!(c.to_ascii_uppercase(), b'E' | b'D') {
            let n = skip(t, i + 1);
            if c.eq_ignore_ascii_case(&b'E') && matches!(at(n).to_ascii_uppercase(), b'L' | b'Q') {
                break;
            }
            if c.eq_ignore_ascii_case(&b'D') {
                ty = 8;
            } else if ty != 8 {
                ty = 4;
            }
            i = n;
            let mut eneg = false;
            if at(i) == b'-' || at(i) == 0xF2 {
                eneg = true;
                i += 1;
            } else if at(i) == b'+' || at(i) == 0xF1 {
                i += 1;
            }
            loop {
                i = skip(t, i);
                if !at(i).is_ascii_digit() {
                    break;
                }
                e = if e >= 12 {
                    128
                } else {
                    e * 10 + (at(i) - b'0') as i32
                };
                i += 1;
            }
            if eneg {
                e = -e;
            }
            break;
        } else {
            match c {
                b'%' => pct = true,
                b'#' => ty = 8,
                b'!' => ty = 4,
                _ => break,
            }
            i += 1;
            break;
        }
    }
    let mut dac = if ty == 2 {
        int_dac(if neg { -int } else { int })
    } else if digits.is_empty() {
        [0; 8]
    } else {
        let mut exp = 0x40 + d - b + e;
        if !(0..0x80).contains(&exp) {
            return Err(6);
        }
        if exp == 0 {
            [0; 8]
        } else {
            round(&mut digits, if ty == 8 { 14 } else { 6 }, &mut exp);
            if exp >= 0x80 {
                return Err(6);
            }
            pack(neg, &digits, exp)
        }
    };
    if pct {
        // CINT: toward zero, Overflow outside -32768..32767.
        let v = int_part(&dac);
        if !(-32768..=32767).contains(&v) {
            return Err(6);
        }
        dac = int_dac(v as i32);
        ty = 2;
    }
    Ok((ty, dac, i))
}

/// The integer part of a packed number, toward zero (exact; saturated
/// far beyond the integer range).
fn int_part(d: &[u8; 8]) -> i64 {
    if d[0] & 0x7F == 0 {
        return 0;
    }
    let mut m: i128 = 0;
    for &byte in &d[1..] {
        m = m * 100 + ((byte >> 4) * 10 + (byte & 15)) as i128;
    }
    let e = (d[0] & 0x7F) as i32 - 64 - 14;
    let v = if e >= 0 {
        m * 10i128.pow(e.min(20) as u32)
    } else if e < -30 {
        0
    } else {
        m / 10i128.pow((-e) as u32)
    };
    let v = v.min(1 << 40) as i64;
    if d[0] & 0x80 != 0 {
        -v
    } else {
        v
    }
}

fn run(rt: &mut Rt, t: &[u8]) -> Fin {
    let mut text = t.to_vec();
    text.push(0);
    rt.poke(SCRATCH, &text);
    match rt.call("rt_bas_fin", SCRATCH, 0, 0) {
        End::Ret { a, hl, .. } => {
            let mut dac: [u8; 8] = rt.peek(BCD_RAM, 8).try_into().unwrap();
            if dac[0] == 0 {
                dac = [0; 8]; // zero: the digit bytes do not matter
            }
            Ok((a, dac, (hl - SCRATCH) as usize))
        }
        End::Halt => Err(rt.errno()),
    }
}

#[test]
fn fin_matches_the_model_on_random_text() {
    let mut rt = Rt::new();
    let mut g = Gen(5);
    let alphabet = b"0123456789999000000.. -+EeDd%!#LH&AB";
    for n in 0..6000 {
        let len = 1 + g.below(22) as usize;
        let mut t: Vec<u8> = (0..len)
            .map(|_| {
                if g.below(3) == 0 {
                    alphabet[g.below(alphabet.len() as u64) as usize]
                } else {
                    b'0' + g.below(10) as u8
                }
            })
            .collect();
        if g.below(5) == 0 {
            t.insert(0, b'&');
            t.insert(1, b"HhOB"[g.below(4) as usize]);
        }
        let want = model(&t);
        let got = run(&mut rt, &t);
        assert_eq!(got, want, "#{n}: {:?}", String::from_utf8_lossy(&t));
    }
}

/// VAL of a text, and what PRINT shows for it (the number's FOUT text at
/// its type's precision).
fn val_text(rt: &mut Rt, t: &str) -> Result<(u8, String), u8> {
    let d = rt.literal(SCRATCH, SCRATCH + 8, t.as_bytes());
    let ty = match rt.call("rt_bas_val", d, 0, 0) {
        End::Ret { a, .. } => a,
        End::Halt => return Err(rt.errno()),
    };
    let prec = if ty == 4 { 6 } else { 14 };
    rt.call("rt_bas_prnl", 0, 0, 0);
    rt.clear_output();
    rt.call_a("rt_bas_prn", prec, 0, 0, 0);
    Ok((ty, rt.output()))
}

#[test]
fn val_as_msx_basic_prints_it() {
    // Types and texts as MSX-BASIC shows them (MSX2 BASIC manual, VAL and
    // number types; FOUT's formats in bcd.asm).
    let cases: &[(&str, u8, &str)] = &[
        ("123", 2, " 123 "),
        ("  -12.5", 4, "-12.5 "),
        ("1 2 3", 2, " 123 "), // blanks are skipped inside numbers
        ("12AB", 2, " 12 "),   // stops at the first non-number
        ("", 2, " 0 "),
        ("ABC", 2, " 0 "),
        (".5", 4, " .5 "),
        ("1E6", 4, " 1E+06 "),       // single: exponent form from 10^6
        ("1000000", 8, " 1000000 "), // 7 digits: double
        ("32767", 2, " 32767 "),
        ("32768", 4, " 32768 "), // no longer an integer
        ("-32768", 4, "-32768 "),
        ("3.14159265358979", 8, " 3.1415926535898 "),
        ("1.5D3", 8, " 1500 "),
        ("&HFF", 2, " 255 "),
        ("&hff", 2, " 255 "),
        ("&HFFFF", 2, "-1 "),
        ("&O17", 2, " 15 "),
        ("&B101", 2, " 5 "),
        ("2.7%", 2, " 2 "),
        ("5#", 8, " 5 "),
        ("1.2345678!", 4, " 1.23457 "),
        ("9.9999999999999E62", 8, " 9.9999999999999E+62 "),
        ("0.000001", 4, " 1E-06 "),
        ("-0", 2, " 0 "),
    ];
    let mut rt = Rt::new();
    for &(text, ty, shown) in cases {
        assert_eq!(
            val_text(&mut rt, text),
            Ok((ty, shown.to_string())),
            "VAL({text:?})"
        );
    }
    // Errors: 1E63 and &H10000 are Overflow, "&X" a Syntax error.
    assert_eq!(val_text(&mut rt, "1E63"), Err(6));
    assert_eq!(val_text(&mut rt, "&H10000"), Err(6));
    assert_eq!(val_text(&mut rt, "&X1"), Err(2));
    assert_eq!(val_text(&mut rt, "40000%"), Err(6));
}
