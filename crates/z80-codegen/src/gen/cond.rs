//! Conditions as compare-and-branch: a comparison sets the flags and jumps; no boolean
//! is materialised unless an expression asks for one ([`Expr::Cond`]).
//!
//! - bytes (unsigned): `cp`, carry and zero;
//! - words, equality: `or a / sbc hl,de` (or `ld a,h / or l` against zero);
//! - words, signed order: the high-byte subtraction's sign corrected by its overflow
//!   (`ld a,l / sub e / ld a,h / sbc a,d / jp po,$+5 / xor 80h`, then `jp m`), which
//!   keeps HL and DE;
//! - words, unsigned order: `or a / sbc hl,de`, carry.

use super::expr::{simple_word, width};
use super::Gen;
use crate::ir::*;

/// A flag condition and its opposite.
fn inverse(cc: &str) -> &'static str {
    match cc {
        "z" => "nz",
        "nz" => "z",
        "c" => "nc",
        "nc" => "c",
        "m" => "p",
        "p" => "m",
        "pe" => "po",
        _ => "pe",
    }
}

impl Gen<'_> {
    /// Jumps to `t` when the flag condition `cc` holds, else to `f`; `next` is the label
    /// that follows (no jump is needed to reach it).
    fn jump_if(&mut self, cc: &str, t: &str, f: &str, next: Option<&str>) {
        if next == Some(t) {
            self.op(format!("jp {},{f}", inverse(cc)));
        } else {
            self.op(format!("jp {cc},{t}"));
            if next != Some(f) {
                self.op(format!("jp {f}"));
            }
        }
    }

    fn goto(&mut self, l: &str, next: Option<&str>) {
        if next != Some(l) {
            self.op(format!("jp {l}"));
        }
    }

    /// Branches to `t` if the condition holds, else to `f`.
    pub fn branch(&mut self, c: &Cond, t: &str, f: &str, next: Option<&str>) {
        match c {
            Cond::True => self.goto(t, next),
            Cond::False => self.goto(f, next),
            Cond::Not(a) => self.branch(a, f, t, next),
            Cond::And(a, b) => {
                let mid = self.new_label();
                self.branch(a, &mid, f, Some(&mid));
                self.label(mid);
                self.branch(b, t, f, next);
            }
            Cond::Or(a, b) => {
                let mid = self.new_label();
                self.branch(a, t, &mid, Some(&mid));
                self.label(mid);
                self.branch(b, t, f, next);
            }
            Cond::NonZero(w, e) => {
                match w {
                    W::Byte => {
                        self.byte(e);
                        self.op("or a");
                    }
                    W::Word => {
                        self.word(e);
                        self.op("ld a,h");
                        self.op("or l");
                    }
                }
                self.jump_if("nz", t, f, next);
            }
            Cond::Flag {
                call,
                flag,
                when_set,
            } => {
                self.call(call);
                let cc = match (flag, when_set) {
                    (Flag::Zero, true) => "z",
                    (Flag::Zero, false) => "nz",
                    (Flag::Carry, true) => "c",
                    (Flag::Carry, false) => "nc",
                };
                self.jump_if(cc, t, f, next);
            }
            Cond::Cmp {
                op,
                w,
                signed,
                l,
                r,
            } => match (w, signed) {
                (W::Byte, false) => self.cmp_byte(*op, l, r, t, f, next),
                (W::Byte, true) => {
                    // Signed bytes are compared as words.
                    let (l, r) = (
                        Expr::SExt(Box::new(l.clone())),
                        Expr::SExt(Box::new(r.clone())),
                    );
                    self.cmp_word(*op, true, &l, &r, t, f, next)
                }
                (W::Word, s) => self.cmp_word(*op, *s, l, r, t, f, next),
            },
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn cmp_byte(&mut self, op: CmpOp, l: &Expr, r: &Expr, t: &str, f: &str, n: Option<&str>) {
        if let Expr::Const(_, c) = r {
            let c = *c as u8;
            // l > c is l >= c+1, l <= c is l < c+1.
            let (op, c) = match op {
                CmpOp::Gt if c == 255 => return self.goto_effects(l, f, n),
                CmpOp::Le if c == 255 => return self.goto_effects(l, t, n),
                CmpOp::Gt => (CmpOp::Ge, c + 1),
                CmpOp::Le => (CmpOp::Lt, c + 1),
                op => (op, c),
            };
            self.byte(l);
            if c == 0 && matches!(op, CmpOp::Eq | CmpOp::Ne) {
                self.op("or a");
            } else {
                self.op(format!("cp {c}"));
            }
            return self.jump_cmp_unsigned(op, t, f, n);
        }
        // Put the operand that is cheaper to reach through HL on the right.
        let (op, l, r) = match (op, static_byte(r)) {
            (CmpOp::Gt | CmpOp::Le, _) => (op.swap(), r, l),
            _ => (op, l, r),
        };
        if let Some(s) = static_byte(r) {
            self.byte(l);
            self.op(format!("ld hl,{s}"));
            self.op("cp (hl)");
        } else {
            self.byte(r);
            self.op("push af");
            self.byte(l);
            self.op("pop bc");
            self.op("cp b");
        }
        self.jump_cmp_unsigned(op, t, f, n)
    }

    /// Evaluates an expression only for its effects, then jumps.
    fn goto_effects(&mut self, e: &Expr, l: &str, n: Option<&str>) {
        if crate::fold::has_effects(e) {
            self.byte(e);
        }
        self.goto(l, n);
    }

    /// After `cp`/`sbc` (l - r): jump on an unsigned comparison (Gt and Le were turned
    /// into Lt/Ge by the caller).
    fn jump_cmp_unsigned(&mut self, op: CmpOp, t: &str, f: &str, n: Option<&str>) {
        match op {
            CmpOp::Eq => self.jump_if("z", t, f, n),
            CmpOp::Ne => self.jump_if("nz", t, f, n),
            CmpOp::Lt => self.jump_if("c", t, f, n),
            CmpOp::Ge => self.jump_if("nc", t, f, n),
            // Not produced by the callers; handled for completeness: l > r is
            // not (l < r or l = r).
            CmpOp::Gt => {
                self.op(format!("jp z,{f}"));
                self.jump_if("nc", t, f, n);
            }
            CmpOp::Le => {
                self.op(format!("jp z,{t}"));
                self.jump_if("c", t, f, n);
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn cmp_word(
        &mut self,
        op: CmpOp,
        signed: bool,
        l: &Expr,
        r: &Expr,
        t: &str,
        f: &str,
        n: Option<&str>,
    ) {
        let l = &as_word(l);
        let r = &as_word(r);
        if let Expr::Const(_, c) = r {
            let c = *c;
            if c == 0 && matches!(op, CmpOp::Eq | CmpOp::Ne) {
                self.word(l);
                self.op("ld a,h");
                self.op("or l");
                return self.jump_if(if op == CmpOp::Eq { "z" } else { "nz" }, t, f, n);
            }
            if matches!(op, CmpOp::Eq | CmpOp::Ne) {
                // Byte by byte, low first: most values differ there, so the test is
                // over after `ld a,l / cp n / jp nz` (21 T-states against 39 for
                // `ld de,n / or a / sbc hl,de / jp`), and HL survives for what follows
                // (a loop's counter, incremented next).
                self.word(l);
                let differ = if op == CmpOp::Eq { f } else { t };
                self.op("ld a,l");
                self.op(format!("cp {}", c & 0xFF));
                self.op(format!("jp nz,{differ}"));
                self.op("ld a,h");
                match c >> 8 {
                    0 => self.op("or a"),
                    h => self.op(format!("cp {h}")),
                }
                return self.jump_if(if op == CmpOp::Eq { "z" } else { "nz" }, t, f, n);
            }
            if signed && c == 0 && matches!(op, CmpOp::Lt | CmpOp::Ge) {
                self.word(l);
                self.op("bit 7,h");
                return self.jump_if(if op == CmpOp::Lt { "nz" } else { "z" }, t, f, n);
            }
            // l > c is l >= c+1 and l <= c is l < c+1, unless c is the largest value.
            let max = if signed { 0x7FFF } else { 0xFFFF };
            match op {
                CmpOp::Gt | CmpOp::Le if c == max => {
                    if crate::fold::has_effects(l) {
                        self.word(l);
                    }
                    return self.goto(if op == CmpOp::Gt { f } else { t }, n);
                }
                CmpOp::Gt | CmpOp::Le => {
                    let op = if op == CmpOp::Gt {
                        CmpOp::Ge
                    } else {
                        CmpOp::Lt
                    };
                    let r = Expr::Const(W::Word, c.wrapping_add(1));
                    return self.cmp_word(op, signed, l, &r, t, f, n);
                }
                _ => {}
            }
        }
        // l > r is r < l; l <= r is r >= l.
        let (op, l, r) = match op {
            CmpOp::Gt | CmpOp::Le => (op.swap(), r, l),
            _ => (op, l, r),
        };
        // A signed comparison with a constant uses it as immediate bytes.
        let (lo, hi) = match (signed, op, r) {
            (true, CmpOp::Lt | CmpOp::Ge, Expr::Const(_, c)) => {
                self.word(l);
                ((c & 0xFF).to_string(), (c >> 8).to_string())
            }
            _ => {
                self.word_pair(l, r);
                ("e".to_string(), "d".to_string())
            }
        };
        if lo != "e" {
            self.op("ld a,l");
            self.op(format!("sub {lo}"));
            self.op("ld a,h");
            self.op(format!("sbc a,{hi}"));
            self.op("jp po,$+5");
            self.op("xor 128");
            return self.jump_if(if op == CmpOp::Lt { "m" } else { "p" }, t, f, n);
        }
        match (op, signed) {
            (CmpOp::Eq | CmpOp::Ne, _) => {
                // Byte by byte as against a constant: HL survives (`j = t` then
                // `j := j + 1` at the end of a `for` loop needs no reload).
                let differ = if op == CmpOp::Eq { f } else { t };
                self.op("ld a,l");
                self.op("cp e");
                self.op(format!("jp nz,{differ}"));
                self.op("ld a,h");
                self.op("cp d");
                self.jump_if(if op == CmpOp::Eq { "z" } else { "nz" }, t, f, n);
            }
            (_, false) => {
                self.op("or a");
                self.op("sbc hl,de");
                self.jump_cmp_unsigned(op, t, f, n);
            }
            (_, true) => {
                // Sign of l - r, corrected on overflow: minus means l < r.
                self.op("ld a,l");
                self.op(format!("sub {lo}"));
                self.op("ld a,h");
                self.op(format!("sbc a,{hi}"));
                self.op("jp po,$+5");
                self.op("xor 128");
                self.jump_if(if op == CmpOp::Lt { "m" } else { "p" }, t, f, n);
            }
        }
    }
}

impl Gen<'_> {
    /// HL = l, DE = r.
    fn word_pair(&mut self, l: &Expr, r: &Expr) {
        if let Some(s) = simple_word(r) {
            self.word(l);
            self.load_simple("de", &s);
        } else if let Some(s) = simple_word(l) {
            self.word(r);
            self.op("ex de,hl");
            self.load_simple("hl", &s);
        } else {
            self.word(r);
            self.op("push hl");
            self.word(l);
            self.op("pop de");
        }
    }
}

fn static_byte(e: &Expr) -> Option<String> {
    match e {
        Expr::Load(W::Byte, a) => match &**a {
            Expr::Sym(s, o) => Some(super::sym_text(s, *o)),
            _ => None,
        },
        _ => None,
    }
}

/// A word comparison operand given as a byte is zero-extended.
fn as_word(e: &Expr) -> Expr {
    if width(e) == W::Byte {
        match e {
            Expr::Const(_, v) => Expr::Const(W::Word, v & 0xFF),
            e => Expr::ZExt(Box::new(e.clone())),
        }
    } else {
        e.clone()
    }
}
