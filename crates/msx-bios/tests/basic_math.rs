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
        let d = self.digits(len);
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
    let mut rng = Rng(0xF0_0F_1234);
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
