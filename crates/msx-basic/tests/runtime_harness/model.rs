//! MSX-BASIC's arithmetic on digit arrays, written from the math-pack
//! format (MSX2 Technical Handbook, Appendix 2: excess-64 exponent with the
//! sign in bit 7, packed BCD mantissa) and the ROM's rounding rules:
//! operations keep 16 digits (14 and two guard digits) and round half up
//! on the guard; the exact product and quotient are rounded the same way;
//! a subtraction whose shifted subtrahend ends in the guard digits 50 uses
//! 51 there.

/// Overflow (the MSX error code).
pub const OVERFLOW: u8 = 6;
pub const DIV_ZERO: u8 = 11;

/// A number: sign, excess-64 exponent (0 = zero), 14 digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Num {
    pub neg: bool,
    pub exp: u8,
    pub digits: [u8; 14],
}

impl Num {
    pub const ZERO: Num = Num {
        neg: false,
        exp: 0,
        digits: [0; 14],
    };

    pub fn from_bytes(b: &[u8; 8]) -> Num {
        if b[0] & 0x7F == 0 {
            return Num::ZERO;
        }
        let mut digits = [0; 14];
        for i in 0..7 {
            digits[2 * i] = b[1 + i] >> 4;
            digits[2 * i + 1] = b[1 + i] & 15;
        }
        Num {
            neg: b[0] & 0x80 != 0,
            exp: b[0] & 0x7F,
            digits,
        }
    }

    pub fn to_bytes(self) -> [u8; 8] {
        if self.exp == 0 {
            return [0; 8];
        }
        let mut b = [0u8; 8];
        b[0] = self.exp | if self.neg { 0x80 } else { 0 };
        for i in 0..7 {
            b[1 + i] = self.digits[2 * i] << 4 | self.digits[2 * i + 1];
        }
        b
    }

    /// The 14 digits as an integer.
    pub fn mantissa(&self) -> u128 {
        self.digits
            .iter()
            .fold(0u128, |m, &d| m * 10 + u128::from(d))
    }

    pub fn negate(self) -> Num {
        if self.exp == 0 {
            self
        } else {
            Num {
                neg: !self.neg,
                ..self
            }
        }
    }

    /// Parses "-1.5E3"-style text exactly (for hand-written cases).
    pub fn parse(text: &str) -> Num {
        let (neg, t) = match text.strip_prefix('-') {
            Some(t) => (true, t),
            None => (false, text),
        };
        let (m, e) = match t.split_once('E') {
            Some((m, e)) => (m, e.parse::<i32>().unwrap()),
            None => (t, 0),
        };
        let (int, frac) = m.split_once('.').unwrap_or((m, ""));
        let all: Vec<u8> = int.bytes().chain(frac.bytes()).map(|c| c - b'0').collect();
        let lead = all.iter().take_while(|&&d| d == 0).count();
        if lead == all.len() {
            return Num::ZERO;
        }
        let sig = &all[lead..];
        assert!(
            sig.len() <= 14 || sig[14..].iter().all(|&d| d == 0),
            "{text}"
        );
        let mut digits = [0; 14];
        for (i, &d) in sig.iter().take(14).enumerate() {
            digits[i] = d;
        }
        let exp = int.len() as i32 - lead as i32 + e + 64;
        Num {
            neg,
            exp: exp as u8,
            digits,
        }
    }
}

/// 16 digits (14 and two guard digits) as an integer, with exponent and sign.
struct Wide {
    neg: bool,
    exp: i32,
    m: u128,
}

const TEN16: u128 = 10_000_000_000_000_000;

/// Normalize the 16 digits and round to 14 (DECNRM, DECROU).
fn finish(w: Wide) -> Result<Num, u8> {
    let Wide {
        neg,
        mut exp,
        mut m,
    } = w;
    if m == 0 {
        return Ok(Num::ZERO);
    }
    let mut z = 0;
    while m < TEN16 / 10 {
        m *= 10;
        z += 1;
    }
    if z > 0 {
        exp -= z;
        if exp < 0 {
            return Err(OVERFLOW);
        }
        if exp == 0 {
            return Ok(Num::ZERO);
        }
    }
    round16(neg, exp, m)
}

fn round16(neg: bool, mut exp: i32, m: u128) -> Result<Num, u8> {
    let mut top = m / 100;
    if m % 100 >= 50 {
        top += 1;
        if top == 100_000_000_000_000 {
            top /= 10;
            exp += 1;
            if exp > 0x7F {
                return Err(OVERFLOW);
            }
        }
    }
    let mut digits = [0u8; 14];
    let mut t = top;
    for i in (0..14).rev() {
        digits[i] = (t % 10) as u8;
        t /= 10;
    }
    Ok(Num {
        neg,
        exp: exp as u8,
        digits,
    })
}

pub fn add(a: Num, b: Num) -> Result<Num, u8> {
    if b.exp == 0 {
        return Ok(a);
    }
    if a.exp == 0 {
        return Ok(b);
    }
    let (x, y) = if b.exp > a.exp { (b, a) } else { (a, b) };
    let d = u32::from(x.exp - y.exp);
    if d >= 16 {
        return Ok(x);
    }
    let xm = x.mantissa() * 100;
    let mut ym = y.mantissa() * 100 / 10u128.pow(d);
    if x.neg == y.neg {
        let sum = xm + ym;
        if sum >= TEN16 {
            let exp = i32::from(x.exp) + 1;
            if exp > 0x7F {
                return Err(OVERFLOW);
            }
            return round16(x.neg, exp, sum / 10);
        }
        return round16(x.neg, i32::from(x.exp), sum);
    }
    if ym % 100 == 50 {
        ym += 1;
    }
    let (neg, m) = if xm >= ym {
        (x.neg, xm - ym)
    } else {
        (!x.neg, ym - xm)
    };
    finish(Wide {
        neg,
        exp: i32::from(x.exp),
        m,
    })
}

pub fn sub(a: Num, b: Num) -> Result<Num, u8> {
    add(a, b.negate())
}

pub fn mul(a: Num, b: Num) -> Result<Num, u8> {
    if a.exp == 0 || b.exp == 0 {
        return Ok(Num::ZERO);
    }
    let r = i32::from(a.exp) + i32::from(b.exp) - 64;
    if r <= 0 {
        return Ok(Num::ZERO);
    }
    if r >= 0x80 {
        return Err(OVERFLOW);
    }
    // The 28-digit product; its first 16 digits go to the normalizer.
    let p = a.mantissa() * b.mantissa();
    let first16 = p / 1_000_000_000_000;
    finish(Wide {
        neg: a.neg != b.neg,
        exp: r,
        m: first16,
    })
}

pub fn div(a: Num, b: Num) -> Result<Num, u8> {
    if b.exp == 0 {
        return Err(DIV_ZERO);
    }
    if a.exp == 0 {
        return Ok(Num::ZERO);
    }
    let r = i32::from(a.exp) - i32::from(b.exp) + 0x41;
    if r >= 0x80 {
        return Err(OVERFLOW);
    }
    if r <= 0 {
        return Ok(Num::ZERO);
    }
    // 16 quotient digits, the first being the units of a/b.
    let q = a.mantissa() * 1_000_000_000_000_000 / b.mantissa();
    finish(Wide {
        neg: a.neg != b.neg,
        exp: r,
        m: q,
    })
}

/// -1, 0 or 1.
pub fn cmp(a: Num, b: Num) -> i8 {
    let key = |n: Num| -> (i8, i32, u128) {
        if n.exp == 0 {
            (0, 0, 0)
        } else {
            (if n.neg { -1 } else { 1 }, i32::from(n.exp), n.mantissa())
        }
    };
    let (sa, ea, ma) = key(a);
    let (sb, eb, mb) = key(b);
    if sa != sb {
        return if sa > sb { 1 } else { -1 };
    }
    let mag = (ea, ma).cmp(&(eb, mb)) as i8;
    if sa < 0 {
        -mag
    } else {
        mag
    }
}

pub fn from_int(v: i16) -> Num {
    if v == 0 {
        return Num::ZERO;
    }
    let text = i32::from(v).abs().to_string();
    let n = Num::parse(&text);
    if v < 0 {
        n.negate()
    } else {
        n
    }
}

/// Truncation toward zero; Overflow outside the 16-bit range.
pub fn to_int(a: Num) -> Result<i16, u8> {
    let x = i32::from(a.exp) - 64;
    if a.exp == 0 || x <= 0 {
        return Ok(0);
    }
    if x > 5 {
        return Err(OVERFLOW);
    }
    let mut v: i32 = 0;
    for &d in &a.digits[..x as usize] {
        v = v * 10 + i32::from(d);
    }
    let v = if a.neg { -v } else { v };
    i16::try_from(v).map_err(|_| OVERFLOW)
}

/// The value as an exact fraction num / 10^k (for INT/FIX reasoning).
pub fn fix(a: Num) -> Num {
    let x = i32::from(a.exp) - 64;
    if a.exp == 0 || x <= 0 {
        return Num::ZERO;
    }
    let mut r = a;
    for i in (x.min(14) as usize)..14 {
        r.digits[i] = 0;
    }
    r
}

pub fn int(a: Num) -> Num {
    let f = fix(a);
    if !a.neg || f == a {
        return f;
    }
    sub(f, Num::parse("1")).unwrap()
}

pub fn round_single(a: Num) -> Result<Num, u8> {
    if a.exp == 0 {
        return Ok(a);
    }
    let mut top: u64 = a.digits[..6].iter().fold(0, |m, &d| m * 10 + u64::from(d));
    let mut exp = a.exp;
    if a.digits[6] >= 5 {
        top += 1;
        if top == 1_000_000 {
            top = 100_000;
            exp += 1;
            if exp > 0x7F {
                return Err(OVERFLOW);
            }
        }
    }
    let mut digits = [0u8; 14];
    for i in (0..6).rev() {
        digits[i] = (top % 10) as u8;
        top /= 10;
    }
    Ok(Num {
        neg: a.neg,
        exp,
        digits,
    })
}

/// PRINT's text of a number (without the space PRINT adds after it):
/// sign or blank; `precision` significant digits (6 single, 14 double)
/// with trailing zeros dropped; fixed notation for 10^-2 <= |x| < 10^precision
/// (decimal exponent -1 to precision), otherwise d.dddE±xx.
pub fn fout(a: Num, precision: usize) -> String {
    let a = if precision == 6 {
        round_single(a).unwrap()
    } else {
        a
    };
    if a.exp == 0 {
        return " 0".into();
    }
    let mut s = String::from(if a.neg { "-" } else { " " });
    let digits: String = a.digits[..precision]
        .iter()
        .map(|d| char::from(b'0' + d))
        .collect();
    let digits = digits.trim_end_matches('0');
    let k = digits.len() as i32;
    let x = i32::from(a.exp) - 64;
    if (-1..=precision as i32).contains(&x) {
        if x <= 0 {
            s.push('.');
            s.push_str(&"0".repeat((-x) as usize));
            s.push_str(digits);
        } else if x >= k {
            s.push_str(digits);
            s.push_str(&"0".repeat((x - k) as usize));
        } else {
            s.push_str(&digits[..x as usize]);
            s.push('.');
            s.push_str(&digits[x as usize..]);
        }
    } else {
        s.push_str(&digits[..1]);
        if k > 1 {
            s.push('.');
            s.push_str(&digits[1..]);
        }
        let e = x - 1;
        s.push_str(&format!("E{}{:02}", if e < 0 { '-' } else { '+' }, e.abs()));
    }
    s
}

/// MSX's RND: RNDX digits as a 14-digit integer, stepped by
/// RNDX = (RNDX * 21132486540519 + 14389820420821) mod 10^14.
pub struct Rnd {
    pub x: u128,
}

impl Rnd {
    pub fn new() -> Rnd {
        Rnd {
            x: 40_649_651_372_358,
        }
    }

    pub fn call(&mut self, arg: Num) -> Num {
        if arg.exp != 0 {
            if arg.neg {
                self.x = arg.mantissa();
            }
            self.x = (self.x * 21_132_486_540_519 + 14_389_820_420_821) % 100_000_000_000_000;
        }
        let mut m = self.x * 100;
        if m == 0 {
            return Num::ZERO;
        }
        let mut exp = 64;
        while m < TEN16 / 10 {
            m *= 10;
            exp -= 1;
        }
        round16(false, exp, m).unwrap()
    }
}
