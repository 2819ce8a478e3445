//! The string runtime (`runtime/strings.asm`) on the Z80 core: every
//! function against a reference model written here from the MSX-BASIC
//! definitions (the ROM routines named at each one), and the heap's
//! collector against a model of the variables under random assignments.

mod runtime_support;
mod xorshift;

use runtime_support::{End, Rt, HEAP, SCRATCH};
use xorshift::Gen;

/// Variables at SCRATCH (3 bytes each), literal descriptors after them and
/// literal texts further on.
struct Env {
    rt: Rt,
    next_desc: u16,
    next_text: u16,
}

const VARS: u16 = 32;

impl Env {
    fn new() -> Env {
        Env::from(Rt::new())
    }
    fn from(mut rt: Rt) -> Env {
        rt.poke(SCRATCH, &[0; 3 * VARS as usize]);
        Env {
            rt,
            next_desc: SCRATCH + 3 * VARS,
            next_text: SCRATCH + 0x400,
        }
    }
    /// Forgets the literals made so far (their room is reused).
    fn reset_lits(&mut self) {
        self.next_desc = SCRATCH + 3 * VARS;
        self.next_text = SCRATCH + 0x400;
    }
    fn var(i: u16) -> u16 {
        SCRATCH + 3 * i
    }
    /// A literal descriptor (text outside the heap).
    fn lit(&mut self, text: &[u8]) -> u16 {
        let d = self.next_desc;
        self.rt.literal(d, self.next_text, text);
        self.next_desc += 3;
        self.next_text += text.len() as u16;
        assert!(self.next_text < HEAP);
        d
    }
    fn call(&mut self, routine: &str, hl: u16, de: u16, bc: u16) -> Result<u16, u8> {
        match self.rt.call(routine, hl, bc, de) {
            End::Ret { hl, .. } => Ok(hl),
            End::Halt => Err(self.rt.errno()),
        }
    }
    /// A string function's result (HL = a descriptor) as bytes.
    fn s(&mut self, routine: &str, hl: u16, de: u16, bc: u16) -> Result<Vec<u8>, u8> {
        self.call(routine, hl, de, bc).map(|d| self.rt.string(d))
    }
    fn set(&mut self, var: u16, text: &[u8]) {
        let l = self.lit(text);
        self.call("rt_bas_sassign", l, Env::var(var), 0).unwrap();
    }
    /// Sets a variable to a copy of `text` in the heap.
    fn set_heap(&mut self, var: u16, text: &[u8]) {
        let l = self.lit(text);
        let z = self.lit(b"");
        let t = self.call("rt_bas_concat", l, z, 0).unwrap();
        self.call("rt_bas_sassign", t, Env::var(var), 0).unwrap();
    }
    fn get(&self, var: u16) -> Vec<u8> {
        self.rt.string(Env::var(var))
    }
}

#[test]
fn literals_concatenation_and_assignment() {
    let mut e = Env::new();
    let a = e.lit(b"Battle");
    let b = e.lit(b"ship");
    let t = e.call("rt_bas_concat", a, b, 0).unwrap();
    assert_eq!(e.rt.string(t), b"Battleship");
    e.call("rt_bas_sassign", t, Env::var(0), 0).unwrap();
    assert_eq!(e.get(0), b"Battleship");
    // The temporary handed its string over: it is "" now.
    assert_eq!(e.rt.string(t), b"");
    // A$ = B$ copies a heap string; a literal is pointed at, not copied.
    e.call("rt_bas_sassign", Env::var(0), Env::var(1), 0)
        .unwrap();
    assert_eq!(e.get(1), b"Battleship");
    assert_ne!(e.rt.peek(Env::var(0), 3), e.rt.peek(Env::var(1), 3));
    let used = e.rt.heap_used();
    e.call("rt_bas_sassign", a, Env::var(2), 0).unwrap();
    assert_eq!(e.rt.heap_used(), used);
    assert_eq!(e.rt.peek(Env::var(2), 3), e.rt.peek(a, 3));
    // "" + "" is "", no heap.
    let z = e.lit(b"");
    let t = e.call("rt_bas_concat", z, z, 0).unwrap();
    assert_eq!(e.rt.string(t), b"");
    assert_eq!(e.rt.heap_used(), used);
}

#[test]
fn string_too_long_is_error_15() {
    // MSX-BASIC: a concatenation over 255 characters is "String too long"
    // (error 15, ROM I3D75 table).
    let mut e = Env::new();
    let a = e.lit(&[b'x'; 200]);
    let b = e.lit(&[b'y'; 55]);
    let t = e.call("rt_bas_concat", a, b, 0).unwrap();
    assert_eq!(e.rt.string(t).len(), 255);
    let c = e.lit(b"z");
    assert_eq!(e.call("rt_bas_concat", t, c, 0), Err(15));
    let out = e.rt.output();
    assert!(out.contains("String too long"), "{out}");
}

#[test]
fn out_of_string_space_is_error_14() {
    let mut rt = Rt::new();
    // A 100-byte heap.
    rt.call("rt_bas_heapinit", HEAP, 0, HEAP + 100);
    let mut e = Env::from(rt);
    e.set_heap(0, &[b'a'; 40]);
    e.set_heap(1, &[b'b'; 40]);
    let a = Env::var(0);
    let b = Env::var(1);
    // 40 + 40 + 3 + 3 = 86 used; another copy of 40 does not fit even
    // after collecting (nothing is garbage).
    assert_eq!(e.call("rt_bas_sassign", a, Env::var(2), 0), Err(14));
    assert!(e.rt.output().contains("Out of string space"));
    // Once B$ is dropped, collecting makes room.
    let mut rt = Rt::new();
    rt.call("rt_bas_heapinit", HEAP, 0, HEAP + 100);
    let mut e = Env::from(rt);
    e.set_heap(0, &[b'a'; 40]);
    e.set_heap(1, &[b'b'; 40]);
    e.set(1, b"");
    e.call("rt_bas_sassign", a, Env::var(2), 0).unwrap();
    assert_eq!(e.get(2), vec![b'a'; 40]);
    assert_eq!(e.get(0), vec![b'a'; 40]);
    let _ = b;
}

impl Gen {
    fn text(&mut self, max: u64) -> Vec<u8> {
        let n = self.below(max + 1);
        (0..n).map(|_| b'A' + self.below(26) as u8).collect()
    }
}

#[test]
fn the_collector_keeps_every_variable_under_random_assignments() {
    // A 600-byte heap and 8 variables assigned thousands of times with
    // concatenations, substrings and copies: the heap fills and is
    // compacted again and again; the model is a Vec of byte strings.
    let mut rt = Rt::new();
    rt.call("rt_bas_heapinit", HEAP, 0, HEAP + 600);
    let mut e = Env::from(rt);
    let mut model: Vec<Vec<u8>> = vec![Vec::new(); 8];
    let lits: Vec<(u16, Vec<u8>)> = {
        let mut g = Gen(99);
        (0..16)
            .map(|_| {
                let t = g.text(40);
                (e.lit(&t), t)
            })
            .collect()
    };
    let mut g = Gen(7);
    for step in 0..3000 {
        let dst = g.below(8) as u16;
        let x = g.below(8) as usize;
        let y = g.below(8) as usize;
        let (lit, ltext) = lits[g.below(16) as usize].clone();
        let want: Vec<u8> = match g.below(6) {
            0 => {
                e.call("rt_bas_sassign", lit, Env::var(dst), 0).unwrap();
                ltext
            }
            1 => {
                e.call("rt_bas_sassign", Env::var(x as u16), Env::var(dst), 0)
                    .unwrap();
                model[x].clone()
            }
            2 => {
                let mut w = model[x].clone();
                w.extend_from_slice(&model[y]);
                if w.len() > 60 {
                    continue;
                }
                let t = e
                    .call("rt_bas_concat", Env::var(x as u16), Env::var(y as u16), 0)
                    .unwrap();
                e.call("rt_bas_sassign", t, Env::var(dst), 0).unwrap();
                w
            }
            3 => {
                // A$ = A$ + literal, the usual way strings grow.
                let mut w = model[dst as usize].clone();
                w.extend_from_slice(&ltext);
                if w.len() > 60 {
                    continue;
                }
                let t = e.call("rt_bas_concat", Env::var(dst), lit, 0).unwrap();
                e.call("rt_bas_sassign", t, Env::var(dst), 0).unwrap();
                w
            }
            4 => {
                let n = g.below(10) as u16;
                let t = e.call("rt_bas_left", Env::var(x as u16), n, 0).unwrap();
                e.call("rt_bas_sassign", t, Env::var(dst), 0).unwrap();
                model[x][..model[x].len().min(n as usize)].to_vec()
            }
            _ => {
                // temporaries dropped unassigned (PRINT MID$(...)): garbage
                let t = e.call("rt_bas_mid", Env::var(x as u16), 2, 5).unwrap();
                e.call("rt_bas_sfree", t, 0, 0).unwrap();
                let t = e.call("rt_bas_concat", lit, lit, 0).unwrap();
                e.call("rt_bas_sfree", t, 0, 0).unwrap();
                continue;
            }
        };
        model[dst as usize] = want;
        for (i, m) in model.iter().enumerate() {
            assert_eq!(&e.get(i as u16), m, "step {step}: variable {i}");
        }
    }
}

/// The reference model of the string functions (MSX-BASIC definitions).
fn mid(s: &[u8], start: usize, n: usize) -> Vec<u8> {
    if start > s.len() {
        return Vec::new();
    }
    s[start - 1..(start - 1 + n).min(s.len())].to_vec()
}

fn instr(s: &[u8], p: &[u8], start: usize) -> u16 {
    // ROM J68EB: 0 when start is past the end (even for ""), start for "".
    if start > s.len() {
        return 0;
    }
    if p.is_empty() {
        return start as u16;
    }
    (start - 1..s.len())
        .find(|&i| s[i..].starts_with(p))
        .map_or(0, |i| i as u16 + 1)
}

#[test]
fn substring_functions_match_the_model() {
    let mut e = Env::new();
    let mut g = Gen(3);
    for _ in 0..400 {
        e.reset_lits();
        let text = g.text(12);
        let s = e.lit(&text);
        let n = g.below(16) as usize;
        let start = 1 + g.below(15) as usize;
        let l = e.s("rt_bas_left", s, n as u16, 0).unwrap();
        assert_eq!(l, text[..n.min(text.len())], "LEFT$({text:?},{n})");
        let r = e.s("rt_bas_right", s, n as u16, 0).unwrap();
        assert_eq!(r, text[text.len() - n.min(text.len())..], "RIGHT$");
        let m = e.s("rt_bas_mid", s, start as u16, n as u16).unwrap();
        assert_eq!(m, mid(&text, start, n), "MID$({text:?},{start},{n})");
        let m = e.s("rt_bas_mid", s, start as u16, 255).unwrap();
        assert_eq!(m, mid(&text, start, 255), "MID$({text:?},{start})");
        let pat = if g.below(2) == 0 {
            let a = g.below(text.len() as u64 + 1) as usize;
            let b = a + g.below((text.len() - a) as u64 + 1).min(3) as usize;
            text[a..b].to_vec()
        } else {
            g.text(2)
        };
        let p = e.lit(&pat);
        let got = e.call("rt_bas_instr", s, p, start as u16).unwrap();
        assert_eq!(
            got,
            instr(&text, &pat, start),
            "INSTR({start},{text:?},{pat:?})"
        );
        assert_eq!(e.call("rt_bas_len", s, 0, 0).unwrap(), text.len() as u16);
    }
}

#[test]
fn documented_cases() {
    let mut e = Env::new();
    let abc = e.lit(b"ABCDEF");
    // MSX-BASIC manual examples: LEFT$("ABCDEF",3) = "ABC",
    // RIGHT$(..,2) = "EF", MID$(..,2,3) = "BCD", INSTR("ABCDEF","CD") = 3.
    assert_eq!(e.s("rt_bas_left", abc, 3, 0).unwrap(), b"ABC");
    assert_eq!(e.s("rt_bas_right", abc, 2, 0).unwrap(), b"EF");
    assert_eq!(e.s("rt_bas_mid", abc, 2, 3).unwrap(), b"BCD");
    let cd = e.lit(b"CD");
    assert_eq!(e.call("rt_bas_instr", abc, cd, 1), Ok(3));
    assert_eq!(e.call("rt_bas_instr", abc, cd, 4), Ok(0));
    let empty = e.lit(b"");
    // ROM J68EB: INSTR("","") is 0, INSTR("ABCDEF","") is 1.
    assert_eq!(e.call("rt_bas_instr", empty, empty, 1), Ok(0));
    assert_eq!(e.call("rt_bas_instr", abc, empty, 1), Ok(1));
    // Illegal function call (5): MID$ start 0, LEFT$ n 256, INSTR start 0,
    // ASC(""), CHR$(256), negative counts.
    assert_eq!(e.s("rt_bas_mid", abc, 0, 1), Err(5));
    assert_eq!(e.s("rt_bas_mid", abc, 1, 256), Err(5));
    assert_eq!(e.s("rt_bas_left", abc, 256, 0), Err(5));
    assert_eq!(e.s("rt_bas_right", abc, 0xFFFF, 0), Err(5));
    assert_eq!(e.call("rt_bas_instr", abc, cd, 0), Err(5));
    assert_eq!(e.call("rt_bas_asc", empty, 0, 0), Err(5));
    assert_eq!(e.s("rt_bas_chr", 256, 0, 0), Err(5));
    assert_eq!(e.s("rt_bas_space", 0xFFFF, 0, 0), Err(5));
    assert_eq!(e.s("rt_bas_strings", 3, empty, 0), Err(5));
    // ASC, CHR$, STRING$, SPACE$.
    assert_eq!(e.call("rt_bas_asc", abc, 0, 0), Ok(65));
    assert_eq!(e.s("rt_bas_chr", 88, 0, 0).unwrap(), b"X");
    assert_eq!(e.s("rt_bas_chr", 0, 0, 0).unwrap(), b"\0");
    assert_eq!(e.s("rt_bas_stringn", 4, 42, 0).unwrap(), b"****");
    assert_eq!(e.s("rt_bas_stringn", 0, 42, 0).unwrap(), b"");
    assert_eq!(e.s("rt_bas_strings", 3, abc, 0).unwrap(), b"AAA");
    assert_eq!(e.s("rt_bas_space", 5, 0, 0).unwrap(), b"     ");
    assert_eq!(e.s("rt_bas_space", 255, 0, 0).unwrap().len(), 255);
    // HEX$/OCT$/BIN$ (MSX2 BASIC manual: HEX$(255) = "FF"; negative values
    // as their 16-bit two's complement, HEX$(-1) = "FFFF").
    assert_eq!(e.s("rt_bas_hex", 255, 0, 0).unwrap(), b"FF");
    assert_eq!(e.s("rt_bas_hex", 0, 0, 0).unwrap(), b"0");
    assert_eq!(e.s("rt_bas_hex", 0xFFFF, 0, 0).unwrap(), b"FFFF");
    assert_eq!(e.s("rt_bas_hex", 0x0A0B, 0, 0).unwrap(), b"A0B");
    assert_eq!(e.s("rt_bas_oct", 8, 0, 0).unwrap(), b"10");
    assert_eq!(e.s("rt_bas_oct", 0xFFFF, 0, 0).unwrap(), b"177777");
    assert_eq!(e.s("rt_bas_bin", 5, 0, 0).unwrap(), b"101");
    assert_eq!(
        e.s("rt_bas_bin", 0x8000, 0, 0).unwrap(),
        b"1000000000000000"
    );
    // STR$ of integers: a leading blank or minus, no trailing blank.
    assert_eq!(e.s("rt_bas_stri", 7, 0, 0).unwrap(), b" 7");
    assert_eq!(e.s("rt_bas_stri", 0xFFFF, 0, 0).unwrap(), b"-1");
    assert_eq!(e.s("rt_bas_stri", 0x8000, 0, 0).unwrap(), b"-32768");
}

#[test]
fn radix_functions_match_the_model() {
    let mut e = Env::new();
    for v in (0..=0xFFFFu32).step_by(97).chain([0xFFFF, 1, 2]) {
        let v = v as u16;
        assert_eq!(
            e.s("rt_bas_hex", v, 0, 0).unwrap(),
            format!("{v:X}").as_bytes()
        );
        assert_eq!(
            e.s("rt_bas_oct", v, 0, 0).unwrap(),
            format!("{v:o}").as_bytes()
        );
        assert_eq!(
            e.s("rt_bas_bin", v, 0, 0).unwrap(),
            format!("{v:b}").as_bytes()
        );
    }
}

#[test]
fn comparison_is_msx_order() {
    // Byte by byte, unsigned; a prefix sorts first ("AB" < "ABC"); "" is
    // the smallest.
    let mut e = Env::new();
    let mut g = Gen(11);
    for _ in 0..500 {
        e.reset_lits();
        let mut a = g.text(4);
        let mut b = if g.below(3) == 0 {
            a.clone()
        } else {
            g.text(4)
        };
        if g.below(4) == 0 {
            a.push(0xE0);
        }
        if g.below(5) == 0 {
            b.truncate(g.below(3) as usize);
        }
        let da = e.lit(&a);
        let db = e.lit(&b);
        let End::Ret { a: r, f, .. } = e.rt.call("rt_bas_scmp", da, 0, db) else {
            panic!("stopped");
        };
        let want = a.cmp(&b);
        let (code, z, c) = match want {
            std::cmp::Ordering::Equal => (0, true, false),
            std::cmp::Ordering::Greater => (1, false, false),
            std::cmp::Ordering::Less => (0xFF, false, true),
        };
        assert_eq!(
            (r, f & 0x40 != 0, f & 1 != 0),
            (code, z, c),
            "{a:?} vs {b:?}"
        );
    }
}

#[test]
fn mid_statement_overwrites_in_place() {
    // MID$(A$,2)="xyz" on "ABCDEF" gives "AxyzEF"; MID$(A$,5,9)="xyz" gives
    // "ABCDxy" (never longer); start past the end is error 5 (ROM J696E).
    let mut e = Env::new();
    let arg3 = e.rt.symbol("rt_bas_arg3");
    let src = e.lit(b"xyz");
    let cases: &[(u16, u16, &[u8])] = &[
        (2, 255, b"AxyzEF"),
        (5, 9, b"ABCDxy"),
        (1, 1, b"xBCDEF"),
        (3, 0, b"ABCDEF"),
        (6, 255, b"ABCDEx"),
    ];
    for &(start, n, want) in cases {
        e.set(0, b"ABCDEF"); // a literal: copied into the heap first
        e.rt.poke(arg3, &n.to_le_bytes());
        e.call("rt_bas_midset", Env::var(0), src, start).unwrap();
        assert_eq!(e.get(0), want, "MID$(A$,{start},{n})");
    }
    // The literal itself is untouched.
    let lit_text = e.rt.string(e.next_desc - 3);
    assert_eq!(lit_text, b"ABCDEF");
    e.set(0, b"ABCDEF");
    e.rt.poke(arg3, &255u16.to_le_bytes());
    assert_eq!(e.call("rt_bas_midset", Env::var(0), src, 7), Err(5));
    assert_eq!(e.call("rt_bas_midset", Env::var(0), src, 0), Err(5));
}

#[test]
fn swap_and_keys() {
    let mut e = Env::new();
    e.set(0, b"one");
    let t = e.call("rt_bas_stri", 12, 0, 0).unwrap();
    e.call("rt_bas_sassign", t, Env::var(1), 0).unwrap();
    e.call("rt_bas_sswap", Env::var(0), Env::var(1), 0).unwrap();
    assert_eq!((e.get(0), e.get(1)), (b" 12".to_vec(), b"one".to_vec()));
    // The swapped heap string survives a collection.
    e.call("rt_bas_gc", 0, 0, 0).unwrap();
    assert_eq!(e.get(0), b" 12");
    // INKEY$: "" without a key, else the key; INPUT$(3) waits for 3 keys.
    assert_eq!(e.s("rt_bas_inkey", 0, 0, 0).unwrap(), b"");
    e.rt.keys(b"Qabc");
    assert_eq!(e.s("rt_bas_inkey", 0, 0, 0).unwrap(), b"Q");
    assert_eq!(e.s("rt_bas_inputs", 3, 0, 0).unwrap(), b"abc");
    // Nothing was echoed.
    assert_eq!(e.rt.output(), "");
    assert_eq!(e.s("rt_bas_inputs", 0, 0, 0), Err(5));
}

#[test]
fn str_of_numbers() {
    // STR$ uses FOUT: STR$(1/4) = " .25" (MSX shows no leading zero).
    let mut e = Env::new();
    let dac = runtime_support::BCD_RAM;
    e.rt.poke(dac, &[0x40, 0x25, 0, 0, 0, 0, 0, 0]);
    match e.rt.call_a("rt_bas_strs", 14, 0, 0, 0) {
        End::Ret { hl, .. } => assert_eq!(e.rt.string(hl), b" .25"),
        End::Halt => panic!(),
    }
    e.rt.poke(dac, &[0xC1, 0x15, 0, 0, 0, 0, 0, 0]);
    match e.rt.call_a("rt_bas_strs", 6, 0, 0, 0) {
        End::Ret { hl, .. } => assert_eq!(e.rt.string(hl), b"-1.5"),
        End::Halt => panic!(),
    }
}

#[test]
fn operands_that_the_collector_moves_are_read_after_it() {
    // A 100-byte heap with 53 bytes of garbage below two temporaries: the
    // concatenation's allocation collects, which moves both operands.
    let mut rt = Rt::new();
    rt.call("rt_bas_heapinit", HEAP, 0, HEAP + 100);
    let mut e = Env::from(rt);
    e.set_heap(0, &[b'g'; 50]);
    e.set(0, b"");
    let xyz = e.lit(b"xyz");
    let z = e.lit(b"");
    let t1 = e.call("rt_bas_concat", xyz, z, 0).unwrap();
    let long = e.lit(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    let t2 = e.call("rt_bas_left", long, 20, 0).unwrap();
    assert_eq!(e.rt.heap_used(), 53 + 6 + 23);
    let t = e.call("rt_bas_concat", t1, t2, 0).unwrap();
    assert_eq!(e.rt.string(t), b"xyzABCDEFGHIJKLMNOPQRST");
    // The garbage is gone; the operands were released after the copy.
    assert!(e.rt.heap_used() <= 6 + 23 + 26);
    e.call("rt_bas_sassign", t, Env::var(1), 0).unwrap();
    e.call("rt_bas_gc", 0, 0, 0).unwrap();
    assert_eq!(e.get(1), b"xyzABCDEFGHIJKLMNOPQRST");
    assert_eq!(e.rt.heap_used(), 26);
}

#[test]
fn fre_counts_after_collecting() {
    let mut rt = Rt::new();
    rt.call("rt_bas_heapinit", HEAP, 0, HEAP + 200);
    let mut e = Env::from(rt);
    assert_eq!(e.call("rt_bas_fre", 0, 0, 0), Ok(200));
    e.set_heap(0, &[b'a'; 40]);
    e.set_heap(1, &[b'b'; 10]);
    e.set(0, b"");
    // B$ (10 + 3) is all that is left once A$'s 43 bytes are collected.
    assert_eq!(e.call("rt_bas_fre", 0, 0, 0), Ok(200 - 13));
    assert_eq!(e.get(1), vec![b'b'; 10]);
}
