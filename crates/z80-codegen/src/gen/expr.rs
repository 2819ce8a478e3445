//! Expressions: words into HL, bytes into A.
//!
//! The shape of the code follows the operands: an operand that can be loaded without
//! disturbing HL (a constant, a label, a static variable) goes straight into DE; only when
//! both sides are computed is the left one pushed while the right one is evaluated.
//! Multiplication by a constant is shifts and adds, division by a power of two a shift;
//! only general multiplication and division call the runtime.

use super::{sym_text, Gen};
use crate::ir::*;

/// Width of an expression's value.
pub fn width(e: &Expr) -> W {
    match e {
        Expr::Const(w, _) | Expr::Load(w, _) | Expr::Un(_, w, _) | Expr::Bin(_, w, _, _) => *w,
        Expr::Sym(..) | Expr::ZExt(_) | Expr::SExt(_) => W::Word,
        Expr::Lo(_) | Expr::Hi(_) | Expr::Cond(_) | Expr::PortIn(_) => W::Byte,
        Expr::Call(c) => c.ret,
    }
}

/// A word operand loadable into any register pair without touching HL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Simple {
    /// `ld rr,X`
    Imm(String),
    /// `ld rr,(X)`
    Mem(String),
    /// A static byte, zero-extended: `ld a,(X)` … (uses A).
    ByteMem(String),
}

pub fn simple_word(e: &Expr) -> Option<Simple> {
    match e {
        Expr::Const(W::Word, v) => Some(Simple::Imm(v.to_string())),
        Expr::Sym(s, o) => Some(Simple::Imm(sym_text(s, *o))),
        Expr::Load(W::Word, a) => match &**a {
            Expr::Sym(s, o) => Some(Simple::Mem(sym_text(s, *o))),
            Expr::Const(_, v) => Some(Simple::Mem(v.to_string())),
            _ => None,
        },
        Expr::ZExt(b) => match &**b {
            Expr::Const(_, v) => Some(Simple::Imm((v & 0xFF).to_string())),
            Expr::Load(W::Byte, a) => match &**a {
                Expr::Sym(s, o) => Some(Simple::ByteMem(sym_text(s, *o))),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// A byte operand usable directly by `cp`/`add`/`and`…: an immediate, or a static byte
/// reached through HL.
enum ByteOperand {
    Imm(u8),
    Static(String),
}

fn byte_operand(e: &Expr) -> Option<ByteOperand> {
    match e {
        Expr::Const(_, v) => Some(ByteOperand::Imm(*v as u8)),
        Expr::Load(W::Byte, a) => match &**a {
            Expr::Sym(s, o) => Some(ByteOperand::Static(sym_text(s, *o))),
            _ => None,
        },
        Expr::Lo(inner) => match &**inner {
            Expr::Load(W::Word, a) => match &**a {
                Expr::Sym(s, o) => Some(ByteOperand::Static(sym_text(s, *o))),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

fn pair(r: &str) -> (char, char) {
    let mut c = r.chars();
    (c.next().unwrap_or('h'), c.next().unwrap_or('l'))
}

impl Gen<'_> {
    /// Loads a simple word operand into a register pair (`hl`, `de` or `bc`).
    pub fn load_simple(&mut self, rr: &str, s: &Simple) {
        match s {
            Simple::Imm(x) => self.op(format!("ld {rr},{x}")),
            Simple::Mem(x) => self.op(format!("ld {rr},({x})")),
            Simple::ByteMem(x) => {
                let (hi, lo) = pair(rr);
                if rr == "hl" {
                    // One load of two bytes, then drop the high one: 23 T-states, A kept.
                    self.op(format!("ld hl,({x})"));
                    self.op("ld h,0");
                } else {
                    self.op(format!("ld a,({x})"));
                    self.op(format!("ld {lo},a"));
                    self.op(format!("ld {hi},0"));
                }
            }
        }
    }

    /// Evaluates a word into HL (nothing to do when HL is known to hold it already).
    pub fn word(&mut self, e: &Expr) {
        if self.hl_memo.as_ref() == Some(e) {
            return;
        }
        self.word_inner(e);
        if simple_word(e).is_none() && self.memoizable(e) {
            self.hl_memo = Some(e.clone());
        }
    }

    /// A word worth remembering in HL and safe to: computed from constants and static
    /// variables that only the program changes (no call, no port, no fixed address).
    fn memoizable(&self, e: &Expr) -> bool {
        match e {
            Expr::Const(..) | Expr::Sym(..) => true,
            // Only loads of named variables: a computed or numeric address may be a
            // system variable the interrupt changes.
            Expr::Load(_, a) => match &**a {
                Expr::Sym(l, _) => !self.is_fixed(l),
                _ => false,
            },
            Expr::Un(_, _, a) | Expr::ZExt(a) | Expr::SExt(a) | Expr::Lo(a) | Expr::Hi(a) => {
                self.memoizable(a)
            }
            Expr::Bin(_, _, a, b) => self.memoizable(a) && self.memoizable(b),
            Expr::Cond(_) | Expr::Call(_) | Expr::PortIn(_) => false,
        }
    }

    fn word_inner(&mut self, e: &Expr) {
        if width(e) == W::Byte {
            self.byte(e);
            self.op("ld l,a");
            self.op("ld h,0");
            return;
        }
        if let Some(s) = simple_word(e) {
            self.load_simple("hl", &s);
            return;
        }
        match e {
            Expr::Load(_, addr) => {
                self.word(addr);
                self.op("ld a,(hl)");
                self.op("inc hl");
                self.op("ld h,(hl)");
                self.op("ld l,a");
            }
            Expr::ZExt(b) => {
                self.byte(b);
                self.op("ld l,a");
                self.op("ld h,0");
            }
            Expr::SExt(b) => {
                self.byte(b);
                self.op("ld l,a");
                self.op("rla");
                self.op("sbc a,a");
                self.op("ld h,a");
            }
            Expr::Un(UnOp::Neg, _, a) => {
                self.word(a);
                self.neg_hl();
            }
            Expr::Un(UnOp::Not, _, a) => {
                self.word(a);
                for r in ["h", "l"] {
                    self.op(format!("ld a,{r}"));
                    self.op("cpl");
                    self.op(format!("ld {r},a"));
                }
            }
            Expr::Bin(op, _, l, r) => self.bin_word(*op, Some(l), r),
            Expr::Call(c) => self.call(c),
            // Byte-valued nodes were handled above; constants and labels are simple.
            _ => {}
        }
    }

    fn neg_hl(&mut self) {
        self.op("xor a");
        self.op("sub l");
        self.op("ld l,a");
        self.op("sbc a,a");
        self.op("sub h");
        self.op("ld h,a");
    }

    /// HL = l, DE = r (in whichever order is cheapest; `swap_ok` if the operator is
    /// commutative so that HL = r, DE = l will do too).
    /// `l` is `None` when the left operand is already in HL.
    fn operands(&mut self, l: Option<&Expr>, r: &Expr, swap_ok: bool) {
        let Some(l) = l else {
            match simple_word(r) {
                Some(s) => self.load_simple("de", &s),
                None => {
                    self.op("push hl");
                    self.word(r);
                    self.op("ex de,hl");
                    self.op("pop hl");
                }
            }
            return;
        };
        if let Some(s) = simple_word(r) {
            self.word(l);
            self.load_simple("de", &s);
        } else if let Some(s) = simple_word(l) {
            self.word(r);
            if swap_ok {
                self.load_simple("de", &s);
            } else {
                self.op("ex de,hl");
                self.load_simple("hl", &s);
            }
        } else {
            self.word(r);
            self.op("push hl");
            self.word(l);
            self.op("pop de");
        }
    }

    fn lhs(&mut self, l: Option<&Expr>) {
        if let Some(l) = l {
            self.word(l);
        }
    }

    /// HL = l op r (`l` is `None` when it is already in HL).
    fn bin_word(&mut self, op: BinOp, l: Option<&Expr>, r: &Expr) {
        let c = match r {
            Expr::Const(_, c) => Some(*c),
            _ => None,
        };
        match op {
            BinOp::Add => {
                if let Some(c) = c {
                    let s = c as i16;
                    if (-4..=4).contains(&s) {
                        self.lhs(l);
                        let step = if s > 0 { "inc hl" } else { "dec hl" };
                        for _ in 0..s.unsigned_abs() {
                            self.op(step);
                        }
                        return;
                    }
                }
                // x + x: one load, then a doubling.
                if let (Some(l), Some(_)) = (l, simple_word(r)) {
                    if l == r {
                        self.word(l);
                        self.op("add hl,hl");
                        return;
                    }
                }
                self.operands(l, r, true);
                self.op("add hl,de");
            }
            BinOp::Sub => {
                if let Some(c) = c {
                    self.lhs(l);
                    self.op(format!("ld de,{}", c.wrapping_neg()));
                    self.op("add hl,de");
                    return;
                }
                self.operands(l, r, false);
                self.op("or a");
                self.op("sbc hl,de");
            }
            BinOp::And | BinOp::Or | BinOp::Xor => {
                let mn = match op {
                    BinOp::And => "and",
                    BinOp::Or => "or",
                    _ => "xor",
                };
                if let Some(c) = c {
                    self.lhs(l);
                    for (r, v) in [("h", (c >> 8) as u8), ("l", c as u8)] {
                        match (op, v) {
                            (BinOp::And, 0xFF) | (BinOp::Or | BinOp::Xor, 0) => {}
                            (BinOp::And, 0) => self.op(format!("ld {r},0")),
                            (BinOp::Or, 0xFF) => self.op(format!("ld {r},255")),
                            _ => {
                                self.op(format!("ld a,{r}"));
                                self.op(format!("{mn} {v}"));
                                self.op(format!("ld {r},a"));
                            }
                        }
                    }
                    return;
                }
                self.operands(l, r, true);
                for (a, b) in [("h", "d"), ("l", "e")] {
                    self.op(format!("ld a,{a}"));
                    self.op(format!("{mn} {b}"));
                    self.op(format!("ld {a},a"));
                }
            }
            BinOp::Mul => {
                if let Some(c) = c {
                    self.lhs(l);
                    self.mul_const(c);
                    return;
                }
                self.operands(l, r, true);
                self.op("call rt_mul16");
            }
            BinOp::Div | BinOp::Mod => {
                if let (BinOp::Div, Some(c)) = (op, c) {
                    let s = c as i16;
                    if s > 1 && (s as u16).is_power_of_two() {
                        self.lhs(l);
                        self.div_pow2(s.trailing_zeros());
                        return;
                    }
                }
                self.operands(l, r, false);
                self.op(if op == BinOp::Div {
                    "call rt_div16"
                } else {
                    "call rt_mod16"
                });
            }
            BinOp::Shl | BinOp::Shr => {
                if let Some(c) = c {
                    self.lhs(l);
                    self.shift_const(op == BinOp::Shl, c);
                    return;
                }
                self.operands(l, r, false);
                self.op(if op == BinOp::Shl {
                    "call rt_shl16"
                } else {
                    "call rt_shr16"
                });
            }
        }
    }

    fn shift_const(&mut self, left: bool, n: u16) {
        if n >= 16 {
            self.op("ld hl,0");
            return;
        }
        let mut n = n;
        if n >= 8 {
            if left {
                self.op("ld h,l");
                self.op("ld l,0");
            } else {
                self.op("ld l,h");
                self.op("ld h,0");
            }
            n -= 8;
        }
        for _ in 0..n {
            if left {
                self.op("add hl,hl");
            } else {
                self.op("srl h");
                self.op("rr l");
            }
        }
    }

    /// HL = HL * c, by shifts and adds (Horner's scheme over the bits of c).
    fn mul_const(&mut self, c: u16) {
        let s = c as i16;
        let (m, negate) = if s < 0 && s != i16::MIN {
            ((-s) as u16, true)
        } else {
            (c, false)
        };
        match m {
            0 => self.op("ld hl,0"),
            1 => {}
            m if m.is_power_of_two() => self.shift_const(true, m.trailing_zeros() as u16),
            m => {
                // Trailing zero bits become a final shift, so DE holds the odd part only.
                let tz = m.trailing_zeros();
                let odd = m >> tz;
                self.op("ld d,h");
                self.op("ld e,l");
                let top = 15 - odd.leading_zeros();
                for bit in (0..top).rev() {
                    self.op("add hl,hl");
                    if odd & (1 << bit) != 0 {
                        self.op("add hl,de");
                    }
                }
                self.shift_const(true, tz as u16);
            }
        }
        if negate {
            self.neg_hl();
        }
    }

    /// Signed HL div 2^k, truncating toward zero as Pascal's `div` does.
    fn div_pow2(&mut self, k: u32) {
        let done = self.new_label();
        self.op("bit 7,h");
        self.op(format!("jr z,{done}"));
        if k == 1 {
            self.op("inc hl");
        } else {
            self.op(format!("ld de,{}", (1u32 << k) - 1));
            self.op("add hl,de");
        }
        self.label(done);
        for _ in 0..k {
            self.op("sra h");
            self.op("rr l");
        }
    }

    /// Evaluates a byte into A.
    pub fn byte(&mut self, e: &Expr) {
        if width(e) == W::Word {
            match e {
                // A word load cut to its low byte reads one byte.
                Expr::Load(W::Word, a) => {
                    return self.byte(&Expr::Load(W::Byte, a.clone()));
                }
                _ => {
                    self.word(e);
                    self.op("ld a,l");
                    return;
                }
            }
        }
        match e {
            Expr::Const(_, 0) => self.op("xor a"),
            Expr::Const(_, v) => self.op(format!("ld a,{}", v & 0xFF)),
            Expr::Load(_, a) => match &**a {
                Expr::Sym(s, o) => self.op(format!("ld a,({})", sym_text(s, *o))),
                Expr::Const(_, v) => self.op(format!("ld a,({v})")),
                a => {
                    self.word(a);
                    self.op("ld a,(hl)");
                }
            },
            Expr::Lo(w) => self.byte(w),
            Expr::Hi(w) => {
                self.word(w);
                self.op("ld a,h");
            }
            Expr::Un(UnOp::Neg, _, a) => {
                self.byte(a);
                self.op("neg");
            }
            Expr::Un(UnOp::Not, _, a) => {
                self.byte(a);
                self.op("cpl");
            }
            Expr::Bin(op, _, l, r) => self.bin_byte(*op, Some(l), r),
            Expr::Cond(c) => {
                let (t, f, end) = (self.new_label(), self.new_label(), self.new_label());
                self.branch(c, &t, &f, Some(&f));
                self.label(f);
                self.op("xor a");
                self.op(format!("jr {end}"));
                self.label(t);
                self.op("ld a,1");
                self.label(end);
            }
            Expr::Call(c) => self.call(c),
            Expr::PortIn(p) => {
                if let Expr::Const(_, p) = &**p {
                    self.op(format!("in a,({})", p & 0xFF));
                } else {
                    self.byte(p);
                    self.op("ld c,a");
                    self.op("in a,(c)");
                }
            }
            // Word-valued nodes were handled above.
            _ => {}
        }
    }

    fn lhs_byte(&mut self, l: Option<&Expr>) {
        if let Some(l) = l {
            self.byte(l);
        }
    }

    /// A = l op r (`l` is `None` when it is already in A).
    fn bin_byte(&mut self, op: BinOp, l: Option<&Expr>, r: &Expr) {
        let mn = match op {
            BinOp::Add => "add a,",
            BinOp::Sub => "sub ",
            BinOp::And => "and ",
            BinOp::Or => "or ",
            BinOp::Xor => "xor ",
            BinOp::Shl | BinOp::Shr => {
                if let Expr::Const(_, n) = r {
                    self.lhs_byte(l);
                    if *n >= 8 {
                        self.op("xor a");
                    } else {
                        for _ in 0..*n {
                            self.op(if op == BinOp::Shl { "add a,a" } else { "srl a" });
                        }
                    }
                    return;
                }
                return self.byte_via_word(op, l, r);
            }
            BinOp::Mul | BinOp::Div | BinOp::Mod => return self.byte_via_word(op, l, r),
        };
        match byte_operand(r) {
            Some(ByteOperand::Imm(1)) if op == BinOp::Add => {
                self.lhs_byte(l);
                self.op("inc a");
            }
            Some(ByteOperand::Imm(1)) if op == BinOp::Sub => {
                self.lhs_byte(l);
                self.op("dec a");
            }
            Some(ByteOperand::Imm(v)) => {
                self.lhs_byte(l);
                self.op(format!("{mn}{v}"));
            }
            Some(ByteOperand::Static(s)) => {
                self.lhs_byte(l);
                self.op(format!("ld hl,{s}"));
                self.op(format!("{mn}(hl)"));
            }
            None => match l {
                Some(l) => {
                    self.byte(r);
                    self.op("push af");
                    self.byte(l);
                    self.op("pop bc");
                    self.op(format!("{mn}b"));
                }
                None => {
                    self.op("push af");
                    self.byte(r);
                    self.op("ld b,a");
                    self.op("pop af");
                    self.op(format!("{mn}b"));
                }
            },
        }
    }

    fn byte_via_word(&mut self, op: BinOp, l: Option<&Expr>, r: &Expr) {
        if l.is_none() {
            self.op("ld l,a");
            self.op("ld h,0");
        }
        let zr = Expr::ZExt(Box::new(r.clone()));
        match l {
            Some(l) => {
                let e = Expr::Bin(
                    op,
                    W::Word,
                    Box::new(Expr::ZExt(Box::new(l.clone()))),
                    Box::new(zr),
                );
                self.word(&e);
            }
            None => self.bin_word(op, None, &zr),
        }
        self.op("ld a,l");
    }

    /// Stores a value.
    pub fn store(&mut self, w: W, addr: &Expr, value: &Expr) {
        if let Expr::Sym(s, o) = addr {
            let at = sym_text(s, *o);
            match w {
                W::Word => {
                    self.word(value);
                    self.op(format!("ld ({at}),hl"));
                }
                W::Byte => {
                    self.byte(value);
                    self.op(format!("ld ({at}),a"));
                }
            }
            return;
        }
        // x := x op y through a computed address: compute the address once.
        if let Expr::Bin(op, _, l, r) = value {
            if let Expr::Load(lw, la) = &**l {
                if *lw == w
                    && **la == *addr
                    && !crate::fold::has_effects(addr)
                    && !crate::fold::has_effects(r)
                {
                    return self.update(w, addr, *op, r);
                }
            }
        }
        match w {
            W::Byte => match byte_operand(value) {
                Some(ByteOperand::Imm(v)) => {
                    self.word(addr);
                    self.op(format!("ld (hl),{v}"));
                }
                Some(ByteOperand::Static(s)) => {
                    self.word(addr);
                    self.op(format!("ld a,({s})"));
                    self.op("ld (hl),a");
                }
                None => {
                    self.byte(value);
                    if let Some(ops) = keeping_a_de(addr) {
                        for o in ops {
                            self.op(o);
                        }
                    } else {
                        self.op("push af");
                        self.word(addr);
                        self.op("pop af");
                    }
                    self.op("ld (hl),a");
                }
            },
            W::Word => {
                if let Some(s) = simple_word(value) {
                    self.word(addr);
                    self.load_simple("de", &s);
                } else if let Some(ops) = keeping_a_de(addr) {
                    // The value waits in DE while the address is made with HL and BC.
                    self.word(value);
                    self.op("ex de,hl");
                    for o in ops {
                        self.op(o);
                    }
                } else {
                    self.word(value);
                    self.op("push hl");
                    self.word(addr);
                    self.op("pop de");
                }
                self.op("ld (hl),e");
                self.op("inc hl");
                self.op("ld (hl),d");
            }
        }
    }

    /// `*addr := *addr op r` with the address computed once (kept on the stack).
    fn update(&mut self, w: W, addr: &Expr, op: BinOp, r: &Expr) {
        self.word(addr);
        match w {
            W::Byte => {
                if let (BinOp::Add | BinOp::Sub, Expr::Const(_, 1)) = (op, r) {
                    self.op(if op == BinOp::Add {
                        "inc (hl)"
                    } else {
                        "dec (hl)"
                    });
                    return;
                }
                self.op("push hl");
                self.op("ld a,(hl)");
                self.bin_byte(op, None, r);
                self.op("pop hl");
                self.op("ld (hl),a");
            }
            W::Word => {
                self.op("push hl");
                self.op("ld a,(hl)");
                self.op("inc hl");
                self.op("ld h,(hl)");
                self.op("ld l,a");
                self.bin_word(op, None, r);
                self.op("ex de,hl");
                self.op("pop hl");
                self.op("ld (hl),e");
                self.op("inc hl");
                self.op("ld (hl),d");
            }
        }
    }

    /// A call: arguments into their registers, then `call`.
    pub fn call(&mut self, c: &Call) {
        let args = &c.args;
        let simple: Vec<bool> = args
            .iter()
            .map(|(reg, e)| match reg {
                Reg::A => byte_operand(e).is_some(),
                _ => simple_word(e).is_some(),
            })
            .collect();
        // Complex arguments are computed first, all but the last one pushed.
        let complex: Vec<usize> = (0..args.len()).filter(|i| !simple[*i]).collect();
        let a_is_complex = complex.iter().any(|&i| args[i].0 == Reg::A);
        for (k, &i) in complex.iter().enumerate() {
            let (reg, e) = &args[i];
            let last = k + 1 == complex.len();
            match reg {
                Reg::A => {
                    self.byte(e);
                    if !last {
                        self.op("push af");
                    }
                }
                r => {
                    self.word(e);
                    if !last {
                        self.op("push hl");
                    } else {
                        self.move_hl(*r);
                    }
                }
            }
        }
        for &i in complex.iter().rev().skip(1) {
            let pop = match args[i].0 {
                Reg::A => "pop af",
                Reg::HL => "pop hl",
                Reg::DE => "pop de",
                Reg::BC => "pop bc",
            };
            self.op(pop);
        }
        // Simple word arguments, then the accumulator last (zero-extending loads use A).
        let mut a_arg = None;
        for (i, (reg, e)) in args.iter().enumerate() {
            if !simple[i] {
                continue;
            }
            match reg {
                Reg::A => a_arg = Some(e),
                r => {
                    let s = simple_word(e).unwrap_or(Simple::Imm("0".into()));
                    let rr = reg_name(*r);
                    if a_is_complex {
                        if let Simple::ByteMem(x) = &s {
                            // Keep A, which holds an argument already.
                            let (hi, lo) = pair(rr);
                            self.op("push af");
                            self.op(format!("ld a,({x})"));
                            self.op(format!("ld {lo},a"));
                            self.op(format!("ld {hi},0"));
                            self.op("pop af");
                            continue;
                        }
                    }
                    self.load_simple(rr, &s);
                }
            }
        }
        if let Some(e) = a_arg {
            self.byte(e);
        }
        self.op(format!("call {}", c.target));
    }

    /// Moves HL into another pair.
    fn move_hl(&mut self, r: Reg) {
        match r {
            Reg::DE => self.op("ex de,hl"),
            Reg::BC => {
                self.op("ld b,h");
                self.op("ld c,l");
            }
            _ => {}
        }
    }
}

/// The code that puts an address into HL using only HL and BC (so that a value waiting
/// in A or DE stays there), for the shapes element addresses take: a label, a static
/// pointer, `x * 2^k`, `x + label`, `x + static word`. `None` for anything else.
pub fn keeping_a_de(e: &Expr) -> Option<Vec<String>> {
    match e {
        Expr::Sym(s, o) => Some(vec![format!("ld hl,{}", sym_text(s, *o))]),
        Expr::Const(W::Word, v) => Some(vec![format!("ld hl,{v}")]),
        Expr::Load(W::Word, a) => match &**a {
            Expr::Sym(s, o) => Some(vec![format!("ld hl,({})", sym_text(s, *o))]),
            _ => None,
        },
        Expr::Bin(op @ (BinOp::Mul | BinOp::Shl), W::Word, x, k) => {
            let Expr::Const(_, k) = &**k else {
                return None;
            };
            let shifts = match op {
                BinOp::Mul if k.is_power_of_two() => k.trailing_zeros(),
                BinOp::Shl if *k < 8 => *k as u32,
                _ => return None,
            };
            let mut ops = keeping_a_de(x)?;
            ops.extend((0..shifts).map(|_| "add hl,hl".to_string()));
            Some(ops)
        }
        Expr::Bin(BinOp::Add, W::Word, x, y) => {
            let mut ops = keeping_a_de(x)?;
            match &**y {
                Expr::Const(_, c) if (*c as i16).unsigned_abs() <= 4 => {
                    let step = if (*c as i16) > 0 { "inc hl" } else { "dec hl" };
                    ops.extend((0..(*c as i16).unsigned_abs()).map(|_| step.to_string()));
                }
                Expr::Const(_, c) => ops.extend([format!("ld bc,{c}"), "add hl,bc".into()]),
                Expr::Sym(s, o) => {
                    ops.extend([format!("ld bc,{}", sym_text(s, *o)), "add hl,bc".into()])
                }
                Expr::Load(W::Word, a) => match &**a {
                    Expr::Sym(s, o) => {
                        ops.extend([format!("ld bc,({})", sym_text(s, *o)), "add hl,bc".into()])
                    }
                    _ => return None,
                },
                _ => return None,
            }
            Some(ops)
        }
        _ => None,
    }
}

fn reg_name(r: Reg) -> &'static str {
    match r {
        Reg::A => "a",
        Reg::HL => "hl",
        Reg::DE => "de",
        Reg::BC => "bc",
    }
}
