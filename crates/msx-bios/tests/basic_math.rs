//! The Math-Pack of the free main ROM (docs/basic-interpreter.md, "Math-Pack"):
//! each documented entry called at its address on the emulated machine with
//! DAC/ARG/VALTYP and registers set by the test, its results read back.
//! Expected values come from the `msx-basic` crate (the tokenizer's number
//! reading, the FIN model; `Number::list`, the FOUT model), from an exact
//! decimal model written here (for the arithmetic), or from cited facts
//! (MSX2 Technical Handbook Appendix 2, the fact sheet §3) — never from the
//! code under test.

mod support;

use msx_basic::{tokenize_bytes, ListStyle, Number, Token};
use msx_machine::machine::{Machine, Until};
use support::*;

const STOP: u16 = 0xD000;
const ERRCODE: u16 = 0xD002;
const TEXT: u16 = 0xC000;
const STACK: u16 = 0xCFF0;
const VALTYP: u16 = 0xF663;
const DAC: u16 = 0xF7F6;
const ARG: u16 = 0xF847;

const FIN: u16 = 0x3299;
const FOUT: u16 = 0x3425;

/// Registers in and out of an entry.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Regs {
    a: u8,
    b: u8,
    c: u8,
    d: u8,
    e: u8,
    h: u8,
    l: u8,
}

impl Regs {
    fn hl(&self) -> u16 {
        u16::from_le_bytes([self.l, self.h])
    }
    fn de(&self) -> u16 {
        u16::from_le_bytes([self.e, self.d])
    }
    fn with_hl(mut self, v: u16) -> Regs {
        [self.l, self.h] = v.to_le_bytes();
        self
    }
    fn with_de(mut self, v: u16) -> Regs {
        [self.e, self.d] = v.to_le_bytes();
        self
    }
}

/// A machine stopped in a cartridge's INIT with interrupts off; page 1 is
/// the cartridge, whose 406Fh (the interpreter's error entry) records E.
struct Mp {
    m: Machine,
}

impl Mp {
    fn new() -> Mp {
        let cart = cartridge(
            "        di
        jp 7F00h
        org 406Fh
        ld a,e
        ld (0D002h),a
        jp 0D000h
        org 7F00h
mark:   jr mark
",
        );
        let mut m = machine_with_cartridge(cart);
        run_to_pc(&mut m, 0x7F00, 1200);
        Mp { m }
    }

    fn poke(&mut self, addr: u16, bytes: &[u8]) {
        for (i, &b) in bytes.iter().enumerate() {
            self.m.poke(addr + i as u16, b);
        }
    }

    fn peek(&self, addr: u16, n: usize) -> Vec<u8> {
        self.m.peek_range(addr, n)
    }

    /// Calls `entry` with `r`; the registers after it, or the error code it
    /// raised through 406Fh.
    fn call(&mut self, entry: u16, r: Regs) -> Result<Regs, u8> {
        self.poke(STOP, &[0x18, 0xFE, 0]);
        self.poke(STACK, &STOP.to_le_bytes());
        {
            let g = &mut self.m.cpu_mut().regs;
            (g.a, g.b, g.c, g.d, g.e, g.h, g.l) = (r.a, r.b, r.c, r.d, r.e, r.h, r.l);
            g.sp = STACK;
            g.pc = entry;
            g.iff1 = false;
            g.iff2 = false;
        }
        let outcome = self.m.run_until(&Until::PcReached(STOP), 30);
        assert!(outcome.reached(), "{entry:04X}h did not return");
        let code = self.m.peek(ERRCODE);
        if code != 0 {
            return Err(code);
        }
        let g = &self.m.cpu().regs;
        assert_eq!(g.sp, STACK + 2, "{entry:04X}h left the stack unbalanced");
        Ok(Regs {
            a: g.a,
            b: g.b,
            c: g.c,
            d: g.d,
            e: g.e,
            h: g.h,
            l: g.l,
        })
    }

    /// DAC and VALTYP from a number.
    fn set_dac(&mut self, n: Number) {
        match n {
            Number::Integer(v) => {
                self.poke(DAC + 2, &v.to_le_bytes());
                self.poke(VALTYP, &[2]);
            }
            Number::Single(b) => {
                self.poke(DAC, &b);
                self.poke(DAC + 4, &[0x55; 4]); // a single's tail is not read
                self.poke(VALTYP, &[4]);
            }
            Number::Double(b) => {
                self.poke(DAC, &b);
                self.poke(VALTYP, &[8]);
            }
            _ => unreachable!(),
        }
    }

    /// The number in DAC as VALTYP says.
    fn dac(&self) -> Number {
        let d = self.peek(DAC, 8);
        match self.m.peek(VALTYP) {
            2 => Number::Integer(i16::from_le_bytes([d[2], d[3]])),
            4 => Number::Single(d[..4].try_into().unwrap()),
            8 => Number::Double(d[..8].try_into().unwrap()),
            t => panic!("VALTYP {t}"),
        }
    }

    fn string_at(&self, addr: u16) -> String {
        let bytes = self.peek(addr, 64);
        let end = bytes.iter().position(|&b| b == 0).expect("0-terminated");
        String::from_utf8_lossy(&bytes[..end]).into_owned()
    }

    /// FIN on `text`: the number, the registers.
    fn fin(&mut self, text: &str) -> Result<(Number, Regs), u8> {
        let mut bytes = text.as_bytes().to_vec();
        bytes.push(0);
        self.poke(TEXT, &bytes);
        let r = Regs {
            a: bytes[0],
            ..Regs::default()
        }
        .with_hl(TEXT);
        let out = self.call(FIN, r)?;
        Ok((self.dac(), out))
    }

    /// FOUT of a number: its text.
    fn fout(&mut self, n: Number) -> String {
        self.set_dac(n);
        let r = self
            .call(FOUT, Regs::default())
            .expect("FOUT raised an error");
        self.string_at(r.hl())
    }
}

/// The number the cruncher reads from `text` (msx-basic's FIN model).
fn model_fin(text: &str) -> Number {
    let src = format!("10 A={text}\n");
    let t = tokenize_bytes(src.as_bytes()).expect("tokenizes");
    let line = &t.program.lines[0];
    line.tokens()
        .find_map(|tok| match tok {
            Ok((_, Token::Number(n))) => Some(n),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no number in {text:?}"))
}

/// The text PRINT/STR$ show (FOUT): LIST's form of the constant without the
/// type suffix, a blank in front of a non-negative number.
fn model_fout(n: Number) -> String {
    let listed = match n {
        // LIST never sees a negative constant; the model lists the magnitude.
        Number::Single(mut b) if b[0] & 0x80 != 0 => {
            b[0] &= 0x7F;
            format!("-{}", Number::Single(b).list(ListStyle::Msx))
        }
        Number::Double(mut b) if b[0] & 0x80 != 0 => {
            b[0] &= 0x7F;
            format!("-{}", Number::Double(b).list(ListStyle::Msx))
        }
        _ => n.list(ListStyle::Msx),
    };
    let text = listed.trim_end_matches(['!', '#', '%']).to_string();
    if text.starts_with('-') {
        text
    } else {
        format!(" {text}")
    }
}

/// A small deterministic generator for the randomized cases (xorshift64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// `len` BCD digits, the first non-zero.
    fn digits(&mut self, len: usize) -> Vec<u8> {
        (0..len)
            .map(|i| {
                if i == 0 {
                    1 + self.below(9) as u8
                } else {
                    self.below(10) as u8
                }
            })
            .collect()
    }
    /// A real of `len` (6 or 14) digits, exponent byte within `exp`.
    fn real(&mut self, len: usize, exp: std::ops::RangeInclusive<u8>) -> Vec<u8> {
        let span = u64::from(exp.end() - exp.start()) + 1;
        let e = exp.start() + self.below(span) as u8;
        let sign = if self.below(2) == 0 { 0 } else { 0x80 };
        let mut d = self.digits(len);
        if len % 2 == 1 {
            d.push(0);
        }
        let mut out = vec![e | sign];
        out.extend(d.chunks(2).map(|p| p[0] << 4 | p[1]));
        out
    }
    fn number(&mut self) -> Number {
        match self.below(3) {
            0 => Number::Integer(self.next() as i16),
            1 => Number::Single(self.real(6, 1..=127).try_into().unwrap()),
            _ => Number::Double(self.real(14, 1..=127).try_into().unwrap()),
        }
    }
}

#[test]
fn fin_reads_numbers_as_the_cruncher_does() {
    let mut mp = Mp::new();
    // Hand cases: the types FIN gives (fact sheet §3.1, FIN's rules in
    // msx-basic's number.rs) and the Handbook's Figure A.2 examples.
    let cases = [
        "0",
        "5",
        "32767",
        "32768",
        "123456",
        "1234567",
        "123456.78901234",
        ".5",
        "1.5E3",
        "1D-3",
        "2#",
        "3!",
        "12345678901234567",
        "0.000001",
        "1E-64",
        "9.99999E62",
        "00012",
        "1.",
        "65535",
        "7E+05",
    ];
    for text in cases {
        let (n, r) = mp.fin(text).unwrap_or_else(|e| panic!("{text}: error {e}"));
        assert_eq!(n, model_fin(text), "FIN {text:?}");
        assert_eq!(
            r.hl(),
            TEXT + text.len() as u16,
            "FIN {text:?}: HL after it"
        );
    }
    assert_eq!(
        mp.fin("123456").unwrap().0,
        Number::Single([0x46, 0x12, 0x34, 0x56])
    );
    assert_eq!(
        mp.fin("123456.78901234").unwrap().0,
        Number::Double([0x46, 0x12, 0x34, 0x56, 0x78, 0x90, 0x12, 0x34])
    );
    // The registers of the Handbook's return condition: C = FFh without a
    // point, 0 with one; B = digits after the point; D = digits.
    let (_, r) = mp.fin("12.345").unwrap();
    assert_eq!((r.c, r.b, r.d), (0, 3, 5));
    let (_, r) = mp.fin("789").unwrap();
    assert_eq!(r.c, 0xFF);
    // A sign in front, and what ends a number.
    assert_eq!(mp.fin("-12").unwrap().0, Number::Integer(-12));
    let (n, r) = mp.fin("1.5+2").unwrap();
    assert_eq!((n, r.hl(), r.a), (model_fin("1.5"), TEXT + 3, b'+'));
    // Overflow (6) past 1E63.
    assert_eq!(mp.fin("1E64").unwrap_err(), 6);

    let mut rng = Rng(0x5EED_F1A7);
    for _ in 0..300 {
        let mut text = String::new();
        for _ in 0..1 + rng.below(18) {
            text.push(char::from(b'0' + rng.below(10) as u8));
        }
        if rng.below(2) == 0 {
            let at = rng.below(text.len() as u64 + 1) as usize;
            text.insert(at, '.');
        }
        match rng.below(4) {
            0 => text.push_str(&format!("E-{}", rng.below(30))),
            1 => text.push_str(&format!("D{}", rng.below(30))),
            2 => text.push(['#', '!'][rng.below(2) as usize]),
            _ => {}
        }
        let (n, r) = mp
            .fin(&text)
            .unwrap_or_else(|e| panic!("{text}: error {e}"));
        assert_eq!(n, model_fin(&text), "FIN {text:?}");
        assert_eq!(r.hl(), TEXT + text.len() as u16, "FIN {text:?}: HL");
    }
}

#[test]
fn fout_prints_numbers_as_print_does() {
    let mut mp = Mp::new();
    // Hand cases from the E-notation rules (fact sheet, FOUT; the compiler's
    // PRINT): fixed from .01 up to the precision, else d.dddE+xx.
    let hand: [(Number, &str); 10] = [
        (Number::Integer(0), " 0"),
        (Number::Integer(-32768), "-32768"),
        (Number::Integer(1234), " 1234"),
        (Number::Single([0x46, 0x12, 0x34, 0x56]), " 123456"),
        (Number::Single([0x47, 0x10, 0, 0]), " 1E+06"),
        (Number::Double([0x47, 0x10, 0, 0, 0, 0, 0, 0]), " 1000000"),
        (Number::Single([0xC0, 0x50, 0, 0]), "-.5"),
        (Number::Single([0x3F, 0x50, 0, 0]), " .05"),
        (Number::Single([0x3E, 0x50, 0, 0]), " 5E-03"),
        (Number::Single([0, 0, 0, 0]), " 0"),
    ];
    for (n, text) in hand {
        assert_eq!(mp.fout(n), text, "FOUT {n:?}");
        assert_eq!(model_fout(n), text, "the model of {n:?}");
    }
    let mut rng = Rng(0xF00F_1234);
    for _ in 0..400 {
        let n = rng.number();
        assert_eq!(mp.fout(n), model_fout(n), "FOUT {n:?}");
    }
}

#[test]
fn foutb_fouto_fouth() {
    let mut mp = Mp::new();
    for v in [0i16, 1, 10, 255, 4096, -1, i16::MIN, 12345] {
        let u = v as u16;
        for (entry, want) in [
            (0x371A, format!("{u:b}")),
            (0x371E, format!("{u:o}")),
            (0x3722, format!("{u:X}")),
        ] {
            mp.set_dac(Number::Integer(v));
            let r = mp.call(entry, Regs::default()).unwrap();
            assert_eq!(mp.string_at(r.hl()), want, "{entry:04X}h of {v}");
        }
    }
}

// ---- an exact decimal model: value = m * 10^e -----------------------------

/// A double's sign, 14-digit mantissa and power of ten of its last digit.
fn decode(b: &[u8]) -> (bool, u128, i32) {
    if b[0] & 0x7F == 0 {
        return (false, 0, 0);
    }
    let mut m = 0u128;
    for i in 0..14 {
        let byte = b.get(1 + i / 2).copied().unwrap_or(0);
        let d = if i % 2 == 0 { byte >> 4 } else { byte & 15 };
        m = m * 10 + u128::from(d);
    }
    (b[0] & 0x80 != 0, m, i32::from(b[0] & 0x7F) - 64 - 14)
}

/// The double for -m * 10^e (neg) or m * 10^e, which must fit 14 digits
/// exactly.
fn encode(neg: bool, mut m: u128, mut e: i32) -> [u8; 8] {
    if m == 0 {
        return [0; 8];
    }
    while m >= 100_000_000_000_000 {
        assert_eq!(m % 10, 0, "not exact in 14 digits");
        m /= 10;
        e += 1;
    }
    while m < 10_000_000_000_000 {
        m *= 10;
        e -= 1;
    }
    let mut out = [0u8; 8];
    out[0] = (e + 14 + 64) as u8 | if neg { 0x80 } else { 0 };
    let digits = format!("{m:014}");
    for (i, p) in digits.as_bytes().chunks(2).enumerate() {
        out[1 + i] = (p[0] - b'0') << 4 | (p[1] - b'0');
    }
    out
}

/// m * 10^e rounded half up to `digits` significant digits (on the first
/// digit dropped, as FRCSNG does: fact sheet §3.3).
fn round_to(m: u128, e: i32, digits: u32) -> (u128, i32) {
    let (mut m, mut e) = (m, e);
    let mut last = 0;
    while m >= 10u128.pow(digits) {
        last = m % 10;
        m /= 10;
        e += 1;
    }
    if last >= 5 {
        m += 1;
    }
    (m, e)
}

/// Exponent byte 0 is zero whatever the digits (Handbook Figure A.4).
fn zero_canon(n: Number) -> Number {
    match n {
        Number::Double(b) if b[0] == 0 => Number::Double([0; 8]),
        Number::Single(b) if b[0] == 0 => Number::Single([0; 4]),
        n => n,
    }
}

fn single_of(neg: bool, m: u128, e: i32) -> Number {
    let (m, e) = round_to(m, e, 6);
    let b = encode(neg, m, e);
    Number::Single(b[..4].try_into().unwrap())
}

/// A double of `len` random digits, exponent byte within `exp`, random sign.
fn real_in(rng: &mut Rng, len: usize, exp: std::ops::RangeInclusive<u8>) -> [u8; 8] {
    let mut r = rng.real(len, exp);
    r.resize(8, 0);
    r.try_into().unwrap()
}

fn signed(neg: bool, m: u128) -> i128 {
    if neg {
        -(m as i128)
    } else {
        m as i128
    }
}

impl Mp {
    fn set8(&mut self, addr: u16, b: [u8; 8]) {
        self.poke(addr, &b);
    }
    fn dac8(&self) -> [u8; 8] {
        self.peek(DAC, 8).try_into().unwrap()
    }
    /// An entry of DAC op ARG on doubles.
    fn op(&mut self, entry: u16, a: [u8; 8], b: [u8; 8]) -> Result<[u8; 8], u8> {
        self.set8(DAC, a);
        self.set8(ARG, b);
        self.poke(VALTYP, &[8]);
        self.call(entry, Regs::default())?;
        Ok(self.dac8())
    }
}

const DECSUB: u16 = 0x268C;
const DECADD: u16 = 0x269A;
const DECMUL: u16 = 0x27E6;
const DECDIV: u16 = 0x289F;

#[test]
fn decadd_decsub_decmul_decdiv_exact_cases() {
    let mut mp = Mp::new();
    let mut rng = Rng(0x0ADD_50B7);
    for _ in 0..150 {
        // 7 digits each, exponents at most 6 apart: every sum, difference
        // and product is exact in 14 digits, so the model is plain arithmetic.
        let a = real_in(&mut rng, 7, 40..=80);
        let shift = rng.below(7) as u8;
        let mut b = real_in(&mut rng, 7, 40..=80);
        b[0] = (b[0] & 0x80) | ((a[0] & 0x7F) - 3 + shift);
        let (an, am, ae) = decode(&a);
        let (bn, bm, be) = decode(&b);
        let low = ae.min(be);
        let ai = signed(an, am) * 10i128.pow((ae - low) as u32);
        let bi = signed(bn, bm) * 10i128.pow((be - low) as u32);
        let sum = ai + bi;
        let want = encode(sum < 0, sum.unsigned_abs(), low);
        assert_eq!(mp.op(DECADD, a, b), Ok(want), "{a:02X?} + {b:02X?}");
        let dif = ai - bi;
        let want = encode(dif < 0, dif.unsigned_abs(), low);
        assert_eq!(mp.op(DECSUB, a, b), Ok(want), "{a:02X?} - {b:02X?}");
        let want = encode(an != bn, am * bm, ae + be);
        assert_eq!(mp.op(DECMUL, a, b), Ok(want), "{a:02X?} * {b:02X?}");
        // (a * b) / b = a, exactly.
        let p = encode(an != bn, am * bm, ae + be);
        assert_eq!(mp.op(DECDIV, p, b), Ok(a), "{p:02X?} / {b:02X?}");
    }
    // Rounding half up on the guard digits (fact sheet §3.3, DECDIV):
    // 2/3 = .66666666666667, 1/3 = .33333333333333.
    let two = encode(false, 2, 0);
    let three = encode(false, 3, 0);
    let one = encode(false, 1, 0);
    assert_eq!(
        mp.op(DECDIV, two, three),
        Ok([0x40, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x67])
    );
    assert_eq!(
        mp.op(DECDIV, one, three),
        Ok([0x40, 0x33, 0x33, 0x33, 0x33, 0x33, 0x33, 0x33])
    );
    // Division by zero (11) and Overflow (6) through 406Fh.
    assert_eq!(mp.op(DECDIV, one, [0; 8]), Err(11));
    let big = [0x7F, 0x99, 0x99, 0x99, 0x99, 0x99, 0x99, 0x99];
    assert_eq!(mp.op(DECADD, big, big), Err(6));
    assert_eq!(mp.op(DECMUL, big, big), Err(6));
}

/// m (`digits` long) * 10^e cut to its first 16 digits (the 16 DECMUL and
/// DECDIV keep in DAC+1..DAC+8), then rounded half up on the 15th: the
/// 14-digit result DECNRM gives (fact sheet §3.3).
fn keep16_round14(m: u128, e: i32) -> (u128, i32) {
    let (mut m, mut e) = (m, e);
    while m >= 10u128.pow(16) {
        m /= 10;
        e += 1;
    }
    round_to(m, e, 14)
}

#[test]
fn decmul_decdiv_full_length_operands() {
    // 14-digit operands and short ones (1 to 3 significant bytes: 2, 0.5,
    // 12.5 ...), which both routines shorten their work for; the product
    // is exact in u128, the quotient's 16 digits are the integer division.
    let mut mp = Mp::new();
    let mut rng = Rng(0x0D1F_F00D);
    for i in 0..300 {
        let a = real_in(&mut rng, 14, 0x38..=0x48);
        let len = if i % 3 == 0 {
            1 + rng.below(6) as usize
        } else {
            14
        };
        let b = real_in(&mut rng, len, 0x38..=0x48);
        let (an, am, ae) = decode(&a);
        let (bn, bm, be) = decode(&b);
        if am == 0 || bm == 0 {
            continue;
        }
        let (m, e) = keep16_round14(am * bm, ae + be);
        let want = encode(an != bn, m, e);
        assert_eq!(mp.op(DECMUL, a, b), Ok(want), "{a:02X?} * {b:02X?}");
        // 16 quotient digits: floor(am * 10^k / bm) with k making 16 (or
        // 15, when am < bm: the leading digit is then 0) digits.
        let k = if am >= bm { 15 } else { 16 };
        let q = am * 10u128.pow(k) / bm;
        let (m, e) = keep16_round14(q, ae - be - k as i32);
        let want = encode(an != bn, m, e);
        assert_eq!(mp.op(DECDIV, a, b), Ok(want), "{a:02X?} / {b:02X?}");
    }
}

const FRCINT: u16 = 0x2F8A;
const FRCSNG: u16 = 0x2FB2;
const FRCDBL: u16 = 0x303A;
const FIXER: u16 = 0x30BE;

#[test]
fn conversions() {
    let mut mp = Mp::new();
    let mut rng = Rng(0x00C0_4E27);
    for _ in 0..200 {
        let d = real_in(&mut rng, 14, 0x3E..=0x46);
        let (neg, m, e) = decode(&d);
        let int_part = if e >= 0 {
            m * 10u128.pow(e as u32)
        } else {
            m / 10u128.pow((-e) as u32)
        };
        let v = signed(neg, int_part);
        // FRCINT: toward zero; Overflow outside -32768..32767.
        mp.set_dac(Number::Double(d));
        let got = mp.call(FRCINT, Regs::default()).map(|_| mp.dac());
        if (-32768..=32767).contains(&v) {
            assert_eq!(got, Ok(Number::Integer(v as i16)), "FRCINT {d:02X?}");
        } else {
            assert_eq!(got, Err(6), "FRCINT {d:02X?}");
        }
        // FIXER: the fraction dropped, the type kept.
        mp.set_dac(Number::Double(d));
        mp.call(FIXER, Regs::default()).unwrap();
        let want = if int_part == 0 {
            [0; 8]
        } else {
            encode(neg, int_part, 0)
        };
        assert_eq!(zero_canon(mp.dac()), Number::Double(want), "FIXER {d:02X?}");
        // FRCSNG: rounded half up to 6 digits.
        mp.set_dac(Number::Double(d));
        mp.call(FRCSNG, Regs::default()).unwrap();
        assert_eq!(mp.dac(), single_of(neg, m, e), "FRCSNG {d:02X?}");
        // FRCDBL of that single: the same 6 digits, zeros after.
        mp.call(FRCDBL, Regs::default()).unwrap();
        let Number::Single(s) = single_of(neg, m, e) else {
            unreachable!()
        };
        let mut want = [0u8; 8];
        want[..4].copy_from_slice(&s);
        assert_eq!(mp.dac(), Number::Double(want), "FRCDBL {d:02X?}");
    }
    for v in [0i16, 1, -1, 32767, -32768, 1000, -12345] {
        // FRCINT of an integer: HL = it (ROM reconstruction C2F8A).
        mp.set_dac(Number::Integer(v));
        assert_eq!(mp.call(FRCINT, Regs::default()).unwrap().hl(), v as u16);
        mp.set_dac(Number::Integer(v));
        mp.call(FRCDBL, Regs::default()).unwrap();
        let want = encode(v < 0, u128::from(v.unsigned_abs()), 0);
        assert_eq!(
            zero_canon(mp.dac()),
            Number::Double(if v == 0 { [0; 8] } else { want })
        );
        mp.set_dac(Number::Integer(v));
        mp.call(FRCSNG, Regs::default()).unwrap();
        assert_eq!(
            zero_canon(mp.dac()),
            single_of(v < 0, u128::from(v.unsigned_abs()), 0)
        );
    }
    // A string is Type mismatch (13).
    mp.poke(VALTYP, &[3]);
    assert_eq!(mp.call(FRCINT, Regs::default()), Err(13));
}

#[test]
fn integer_entries() {
    let mut mp = Mp::new();
    let mut rng = Rng(0x1D1D_1D1D);
    for i in 0..300 {
        let (de, hl) = if i % 3 == 0 {
            (rng.next() as i16 / 200, rng.next() as i16 / 200)
        } else {
            (rng.next() as i16, rng.next() as i16)
        };
        let r = Regs::default().with_de(de as u16).with_hl(hl as u16);
        // IADD, ISUB, IMULT: HL = DE op HL; past 16 bits a single (fact
        // sheet §3.3: redone in single precision).
        for (entry, exact) in [
            (0x3172u16, i64::from(de) + i64::from(hl)),
            (0x3167, i64::from(de) - i64::from(hl)),
            (0x3193, i64::from(de) * i64::from(hl)),
        ] {
            let out = mp.call(entry, r).unwrap();
            if (-32768..=32767).contains(&exact) {
                assert_eq!(out.hl(), exact as i16 as u16, "{entry:04X}h {de} {hl}");
                assert_eq!(mp.dac(), Number::Integer(exact as i16));
            } else {
                let want = single_of(exact < 0, u128::from(exact.unsigned_abs()), 0);
                assert_eq!(mp.dac(), want, "{entry:04X}h {de} {hl}");
            }
        }
        // IDIV, IMOD: toward zero, the remainder with the dividend's sign.
        if hl != 0 && !(de == i16::MIN && hl == -1) {
            let out = mp.call(0x31E6, r).unwrap();
            assert_eq!(out.hl() as i16, de / hl, "IDIV {de} {hl}");
            let out = mp.call(0x323A, r).unwrap();
            assert_eq!(out.hl() as i16, de % hl, "IMOD {de} {hl}");
            assert_eq!(out.de() as i16, de / hl, "IMOD's quotient {de} {hl}");
        }
        // ICOMP: DE against HL, A = 1 (<), 0, FFh (>).
        let out = mp.call(0x2F4D, r).unwrap();
        let want = match de.cmp(&hl) {
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Greater => 0xFF,
        };
        assert_eq!(out.a, want, "ICOMP {de} {hl}");
        assert_eq!(out.de(), de as u16, "ICOMP keeps DE");
        // UMULT: DE = BC * DE.
        let (bc, de2) = (rng.below(250) as u16, rng.below(250) as u16);
        let out = mp
            .call(
                0x314A,
                Regs {
                    b: (bc >> 8) as u8,
                    c: bc as u8,
                    ..Regs::default()
                }
                .with_de(de2)
                .with_hl(0x1234),
            )
            .unwrap();
        assert_eq!((out.de(), out.hl()), (bc * de2, 0x1234), "UMULT {bc} {de2}");
    }
    let r = Regs::default().with_de(5).with_hl(0);
    assert_eq!(mp.call(0x31E6, r), Err(11), "IDIV by zero");
    // -32768 \ -1 is the single 32768 (ROM reconstruction C31E6).
    let r = Regs::default().with_de(0x8000).with_hl(0xFFFF);
    mp.call(0x31E6, r).unwrap();
    assert_eq!(mp.dac(), Number::Single([0x45, 0x32, 0x76, 0x80]));
}

#[test]
fn comparisons_and_signs() {
    let mut mp = Mp::new();
    let mut rng = Rng(0x0C03_BA2E);
    for _ in 0..200 {
        let a = real_in(&mut rng, 14, 0x3F..=0x41);
        let mut b = if rng.below(4) == 0 {
            a
        } else {
            real_in(&mut rng, 14, 0x3F..=0x41)
        };
        if rng.below(8) == 0 {
            b = [0; 8];
        }
        let value = |x: &[u8; 8]| {
            let (n, m, e) = decode(x);
            signed(n, m) * 10i128.pow((e + 20) as u32)
        };
        let want = |l: i128, r: i128| match l.cmp(&r) {
            std::cmp::Ordering::Less => 1u8,
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Greater => 0xFF,
        };
        // XDCOMP: ARG (left) against DAC (right).
        mp.set8(ARG, a);
        mp.set8(DAC, b);
        let out = mp.call(0x2F5C, Regs::default()).unwrap();
        assert_eq!(
            out.a,
            want(value(&a), value(&b)),
            "XDCOMP {a:02X?} {b:02X?}"
        );
        // FCOMP: CBED (left) against DAC (right), singles.
        let mut a4 = a;
        a4[4..].fill(0);
        let mut b4 = b;
        b4[4..].fill(0);
        mp.set8(DAC, b4);
        let r = Regs {
            c: a4[0],
            b: a4[1],
            e: a4[2],
            d: a4[3],
            h: 0x12,
            l: 0x34,
            a: 0,
        };
        let out = mp.call(0x2F21, r).unwrap();
        assert_eq!(
            out.a,
            want(value(&a4), value(&b4)),
            "FCOMP {a4:02X?} {b4:02X?}"
        );
        assert_eq!(
            (out.b, out.c, out.d, out.e),
            (r.b, r.c, r.d, r.e),
            "FCOMP keeps CBED"
        );
        // SIGN, SGN, NEG, ABSFN of a double.
        let sign = want(0, value(&a));
        mp.set_dac(Number::Double(a));
        assert_eq!(mp.call(0x2E71, Regs::default()).unwrap().a, sign, "SIGN");
        mp.call(0x2E97, Regs::default()).unwrap();
        let sgn = match sign {
            1 => 1,
            0 => 0,
            _ => -1,
        };
        assert_eq!(mp.dac(), Number::Integer(sgn), "SGN");
        mp.set_dac(Number::Double(a));
        mp.call(0x2E8D, Regs::default()).unwrap();
        let mut neg = a;
        neg[0] ^= 0x80;
        assert_eq!(mp.dac(), Number::Double(neg), "NEG");
        mp.call(0x2E82, Regs::default()).unwrap();
        let mut abs = a;
        abs[0] &= 0x7F;
        assert_eq!(mp.dac(), Number::Double(abs), "ABSFN");
    }
    // Integers: -32768 negated is the single 32768 (fact sheet §3.3).
    mp.set_dac(Number::Integer(-32768));
    mp.call(0x2E8D, Regs::default()).unwrap();
    assert_eq!(mp.dac(), Number::Single([0x45, 0x32, 0x76, 0x80]));
    mp.set_dac(Number::Integer(-7));
    mp.call(0x2E82, Regs::default()).unwrap();
    assert_eq!(mp.dac(), Number::Integer(7));
    mp.set_dac(Number::Integer(-7));
    assert_eq!(mp.call(0x2E71, Regs::default()).unwrap().a, 0xFF);
}

#[test]
fn moves() {
    let mut mp = Mp::new();
    let x = [0x41, 0x12, 0x34, 0x56, 0x78, 0x90, 0x12, 0x34];
    let y = [0xC2, 0x98, 0x76, 0x54, 0x32, 0x10, 0x98, 0x76];
    let at = 0xC100u16;
    // MAF 2C4Dh: ARG <- DAC; MFA 2C59h: DAC <- ARG; MAM/MFM from (HL);
    // MMF (HL) <- DAC; MOV8DH (DE) <- (HL); MOV8HD (HL) <- (DE).
    mp.set8(DAC, x);
    mp.set8(ARG, y);
    mp.call(0x2C4D, Regs::default()).unwrap();
    assert_eq!(mp.peek(ARG, 8), x);
    mp.set8(ARG, y);
    mp.call(0x2C59, Regs::default()).unwrap();
    assert_eq!(mp.peek(DAC, 8), y);
    mp.set8(at, x);
    mp.call(0x2C50, Regs::default().with_hl(at)).unwrap();
    assert_eq!(mp.peek(ARG, 8), x);
    mp.set8(at, y);
    mp.call(0x2C5C, Regs::default().with_hl(at)).unwrap();
    assert_eq!(mp.peek(DAC, 8), y);
    mp.set8(DAC, x);
    mp.call(0x2C67, Regs::default().with_hl(at + 8)).unwrap();
    assert_eq!(mp.peek(at + 8, 8), x);
    mp.set8(at, y);
    let out = mp
        .call(
            0x2C53,
            Regs {
                c: 0x77,
                ..Regs::default()
            }
            .with_hl(at)
            .with_de(at + 16),
        )
        .unwrap();
    assert_eq!(
        (mp.peek(at + 16, 8), out.c),
        (y.to_vec(), 0x77),
        "MOV8DH keeps C"
    );
    mp.set8(at, x);
    mp.call(0x2C6A, Regs::default().with_hl(at + 24).with_de(at))
        .unwrap();
    assert_eq!(mp.peek(at + 24, 8), x);
    // Singles: MOVFR 2EC1h DAC <- CBED, MOVRF 2ECCh CBED <- DAC, MOVMF
    // 2EE8h (HL) <- DAC, MOVFM 2EBEh DAC <- (HL), MOVE 2EEBh (HL) <- (DE).
    let r = Regs {
        c: 0x43,
        b: 0x12,
        e: 0x34,
        d: 0x56,
        ..Regs::default()
    };
    mp.call(0x2EC1, r).unwrap();
    assert_eq!(mp.peek(DAC, 4), [0x43, 0x12, 0x34, 0x56]);
    let out = mp.call(0x2ECC, Regs::default()).unwrap();
    assert_eq!((out.c, out.b, out.e, out.d), (0x43, 0x12, 0x34, 0x56));
    mp.call(0x2EE8, Regs::default().with_hl(at + 40)).unwrap();
    assert_eq!(mp.peek(at + 40, 4), [0x43, 0x12, 0x34, 0x56]);
    mp.poke(at + 44, &[0x45, 0x99, 0x88, 0x77]);
    mp.call(0x2EBE, Regs::default().with_hl(at + 44)).unwrap();
    assert_eq!(mp.peek(DAC, 4), [0x45, 0x99, 0x88, 0x77]);
    // MOVRMI 2ED6h: CBED <- (HL); MOVRM 2EDFh: BCDE <- (HL) with E first
    // (ROM reconstruction apoloval/msx-system base200/basic1.asm C2EDF).
    let out = mp.call(0x2ED6, Regs::default().with_hl(at + 44)).unwrap();
    assert_eq!((out.c, out.b, out.e, out.d), (0x45, 0x99, 0x88, 0x77));
    let out = mp.call(0x2EDF, Regs::default().with_hl(at + 44)).unwrap();
    assert_eq!((out.e, out.d, out.c, out.b), (0x45, 0x99, 0x88, 0x77));
    // VALTYP-sized: VMOVFM 2F08h DAC <- (HL) with VALTYP 8, VMOVAF 2F0Dh.
    mp.poke(VALTYP, &[8]);
    mp.set8(at, y);
    mp.call(0x2F08, Regs::default().with_hl(at)).unwrap();
    assert_eq!(mp.peek(DAC, 8), y);
    mp.set8(ARG, x);
    mp.call(0x2F0D, Regs::default()).unwrap();
    assert_eq!(mp.peek(ARG, 8), y);
}

#[test]
fn functions_agree_with_f64() {
    let mut mp = Mp::new();
    let f = |b: &[u8; 8]| Number::Double(*b).to_f64();
    let mut rng = Rng(0xF00D);
    for _ in 0..25 {
        let x = real_in(&mut rng, 14, 0x3F..=0x41);
        let v = f(&x);
        for (entry, want, name) in [
            (0x2993u16, v.cos(), "COS"),
            (0x29AC, v.sin(), "SIN"),
            (0x2A14, v.atan(), "ATN"),
            (0x2B4A, v.exp(), "EXP"),
        ] {
            let got = mp.op(entry, x, [0; 8]).unwrap();
            let g = f(&got);
            assert!(
                (g - want).abs() <= 1e-11 * want.abs().max(1.0),
                "{name}({v}) = {g}, f64 {want}"
            );
        }
        let ax = {
            let mut a = x;
            a[0] &= 0x7F;
            a
        };
        let av = f(&ax);
        for (entry, want, name) in [(0x2AFFu16, av.sqrt(), "SQR"), (0x2A72, av.ln(), "LOG")] {
            let got = mp.op(entry, ax, [0; 8]).unwrap();
            let g = f(&got);
            assert!(
                (g - want).abs() <= 1e-11 * want.abs().max(1.0),
                "{name}({av}) = {g}, f64 {want}"
            );
        }
    }
    // LOG of 0 and SQR of a negative are Illegal function call (5).
    assert_eq!(mp.op(0x2A72, [0; 8], [0; 8]), Err(5));
    assert_eq!(mp.op(0x2AFF, encode(true, 4, 0), [0; 8]), Err(5));
    // SQR(4) = 2, 2^10 = 1024 (INTEXP DE^HL, DBLEXP DAC^ARG).
    assert_eq!(
        mp.op(0x2AFF, encode(false, 4, 0), [0; 8]),
        Ok(encode(false, 2, 0))
    );
    // INTEXP gives an integer while the power fits (ROM reconstruction
    // apoloval/msx-system base200/basic1.asm C383F multiplies integers).
    mp.call(0x383F, Regs::default().with_de(2).with_hl(10))
        .unwrap();
    assert_eq!(mp.dac(), Number::Integer(1024));
    mp.call(0x383F, Regs::default().with_de(-3i16 as u16).with_hl(3))
        .unwrap();
    assert_eq!(mp.dac(), Number::Integer(-27));
    mp.call(0x383F, Regs::default().with_de(300).with_hl(2))
        .unwrap();
    assert_eq!(mp.dac(), Number::Double(encode(false, 90000, 0)));
    mp.call(0x383F, Regs::default().with_de(2).with_hl(-1i16 as u16))
        .unwrap();
    assert_eq!(mp.dac(), Number::Double(encode(false, 5, -1)));
    assert_eq!(
        mp.call(0x383F, Regs::default().with_de(0).with_hl(-1i16 as u16)),
        Err(11)
    );
    assert_eq!(
        mp.op(0x37D7, encode(false, 3, 0), encode(false, 4, 0)),
        Ok(encode(false, 81, 0))
    );
}

#[test]
fn rnd_steps_the_generator() {
    // RND (fact sheet §3.3): negative reseeds from the argument's digits,
    // positive steps RNDX = RNDX * 21132486540519 + 14389820420821 (the low
    // 14 digits), zero repeats; the result is 0.RNDX.
    let mut mp = Mp::new();
    let seed = encode(true, 5, -1); // -0.5: digits 50000000000000
    let step = |r: u128| (r * 21_132_486_540_519 + 14_389_820_420_821) % 100_000_000_000_000;
    let r1 = step(50_000_000_000_000);
    let r2 = step(r1);
    let as_dac = |r: u128| encode(false, r, -14);
    assert_eq!(mp.op(0x2BDF, seed, [0; 8]), Ok(as_dac(r1)));
    assert_eq!(mp.op(0x2BDF, encode(false, 1, 0), [0; 8]), Ok(as_dac(r2)));
    assert_eq!(mp.op(0x2BDF, [0; 8], [0; 8]), Ok(as_dac(r2)));
}

#[test]
fn stack_moves() {
    // PHF 2CCCh pushes DAC, PHA 2CC7h ARG, PPA 2CDCh / PPF 2CE1h pop, XTF
    // 2C6Fh exchanges DAC with the top of the stack; PUSHF 2EB1h pushes the
    // single in DAC so that POP BC, POP DE give CBED (Handbook Appendix 2).
    let mut mp = Mp::new();
    let (code, origin) = assemble(
        "        org 0C200h
        call 2CCCh      ; PHF: x on the stack
        call 2C59h      ; MFA: DAC = y
        call 2C6Fh      ; XTF: DAC = x, y on the stack
        call 2CDCh      ; PPA: ARG = y
        call 2CC7h      ; PHA: y on the stack
        call 2CE1h      ; PPF: DAC = y
        call 2C4Dh      ; MAF: ARG = y
        ld hl,0C100h
        call 2C50h      ; MAM: ARG = (HL) = x
        call 2EB1h      ; PUSHF
        pop bc
        pop de
        ld (0C300h),bc
        ld (0C302h),de
        ret
",
    );
    mp.poke(origin, &code);
    let x = [0x41, 0x12, 0x34, 0x56, 0x78, 0x90, 0x12, 0x34];
    let y = [0xC2, 0x98, 0x76, 0x54, 0x32, 0x10, 0x98, 0x76];
    mp.set8(DAC, x);
    mp.set8(ARG, y);
    mp.set8(0xC100, x);
    mp.call(origin, Regs::default()).unwrap();
    assert_eq!(mp.peek(DAC, 8), y);
    assert_eq!(mp.peek(ARG, 8), x);
    assert_eq!(mp.peek(0xC300, 4), y[..4]);
}

#[test]
fn pufout_formats_print_using_fields() {
    // PUFOUT 3426h, A bit 7 set (Handbook Appendix 2): bit 6 commas, bit 5
    // '*' fill, bit 4 '$', bit 3 '+', bit 2 the sign after; B = positions
    // before the point, C = the point and the decimals. The texts are PRINT
    // USING's (MSX2 Technical Handbook chapter 2, "PRINT USING": the value
    // rounded to the decimals shown, right-aligned, '%' when it does not fit).
    let mut mp = Mp::new();
    let single = |text: &str| match text.strip_prefix('-') {
        Some(t) => match model_fin(t) {
            Number::Single(mut b) => {
                b[0] |= 0x80;
                Number::Single(b)
            }
            n => panic!("{n:?}"),
        },
        None => model_fin(text),
    };
    let cases: [(&str, Number, u8, u8, u8, &str); 11] = [
        ("##.##", single("1.456"), 0x80, 2, 3, " 1.46"),
        ("###.##", single("-1.5"), 0x80, 3, 3, " -1.50"),
        ("+##.#", single("2.25"), 0x88, 3, 2, " +2.3"),
        ("**##", Number::Integer(12), 0xA0, 4, 0, "**12"),
        ("$$##.##", single("5.5"), 0x90, 4, 3, "  $5.50"),
        ("#,###", Number::Integer(1234), 0xC0, 5, 0, "1,234"),
        ("##.##-", single("-1.5"), 0x84, 2, 3, " 1.50-"),
        ("##.##+", single("1.5"), 0x8C, 2, 3, " 1.50+"),
        ("##", Number::Integer(123), 0x80, 2, 0, "%123"),
        ("#.#", single("0.25"), 0x80, 1, 2, "0.3"),
        (
            "###",
            Number::Double(encode(false, 5, -1)),
            0x80,
            3,
            0,
            "  1",
        ),
    ];
    for (format, n, a, b, c, want) in cases {
        mp.set_dac(n);
        let r = mp
            .call(
                0x3426,
                Regs {
                    a,
                    b,
                    c,
                    ..Regs::default()
                },
            )
            .unwrap();
        assert_eq!(
            mp.string_at(r.hl()),
            want,
            "PRINT USING \"{format}\"; {n:?}"
        );
    }
    // A = 0 is the unformatted text (FOUT falls into PUFOUT with A = 0).
    mp.set_dac(Number::Integer(7));
    let r = mp.call(0x3426, Regs::default()).unwrap();
    assert_eq!(mp.string_at(r.hl()), " 7");
}

#[test]
fn decnrm_decrou_tan_sgnexp() {
    let mut mp = Mp::new();
    // DECNRM 26FAh: "excessive zeros in mantissa are removed (0.00123 ->
    // 0.123 E-2)" (Handbook Appendix 2).
    mp.poke(DAC, &[0x40, 0x00, 0x12, 0x30, 0, 0, 0, 0, 0]);
    mp.call(0x26FA, Regs::default()).unwrap();
    assert_eq!(mp.dac8(), [0x3E, 0x12, 0x30, 0, 0, 0, 0, 0]);
    // DECROU 273Ch: half up on the guard byte DAC+8 (fact sheet §3.3).
    mp.poke(DAC, &[0x41, 0x12, 0x34, 0x56, 0x78, 0x90, 0x12, 0x34, 0x50]);
    mp.call(0x273C, Regs::default()).unwrap();
    assert_eq!(mp.dac8(), [0x41, 0x12, 0x34, 0x56, 0x78, 0x90, 0x12, 0x35]);
    mp.poke(DAC, &[0x41, 0x12, 0x34, 0x56, 0x78, 0x90, 0x12, 0x34, 0x49]);
    mp.call(0x273C, Regs::default()).unwrap();
    assert_eq!(mp.dac8(), [0x41, 0x12, 0x34, 0x56, 0x78, 0x90, 0x12, 0x34]);
    // TAN 29FBh against f64.
    for x in [0.1f64, 0.5, 1.0, -1.2, 2.5] {
        let b = model_fin(&format!("{}#", x.abs()));
        let Number::Double(mut b) = b else { panic!() };
        if x < 0.0 {
            b[0] |= 0x80;
        }
        let got = Number::Double(mp.op(0x29FB, b, [0; 8]).unwrap()).to_f64();
        assert!(
            (got - x.tan()).abs() < 1e-11 * x.tan().abs().max(1.0),
            "TAN({x}) = {got}"
        );
    }
    // SGNEXP 37C8h: singles 2 ^ 3 = 8 (a double, VALTYP 8).
    mp.poke(DAC, &[0x41, 0x20, 0, 0, 0x99, 0x99, 0x99, 0x99]);
    mp.poke(ARG, &[0x41, 0x30, 0, 0, 0x99, 0x99, 0x99, 0x99]);
    mp.poke(VALTYP, &[4]);
    mp.call(0x37C8, Regs::default()).unwrap();
    assert_eq!(mp.dac(), Number::Double(encode(false, 8, 0)));
}
