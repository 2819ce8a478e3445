//! Strings and sets: values that live in memory, reached by address.
//!
//! A string expression is made addressable: a variable is used in place, a literal is in
//! the read-only data, anything computed (`+`, `Copy`, a character, a function result) is
//! built in a 256-byte temporary. Assignment copies with truncation to the target's
//! length; `s := s + x` appends in place. A set expression is a 32-byte image (bit
//! `e mod 8` of byte `e div 8`); set variables keep only the bytes their range needs.

use z80_codegen::ir::{BinOp, Call, CmpOp, Cond, Expr as E, Flag, Reg, Stmt as S, W};

use super::expr::{add, byte, load, word};
use super::Lower;
use crate::check::stdlib::StdRoutine;
use crate::checked::{Arg, BinaryOp, Conversion, Expr, ExprKind};
use crate::symbols::ConstValue;
use crate::types::Type;

pub(crate) fn rt(target: &str, args: Vec<(Reg, E)>, ret: W) -> E {
    E::Call(Call {
        target: target.to_string(),
        args,
        ret,
    })
}

pub(crate) fn rt_stmt(target: &str, args: Vec<(Reg, E)>) -> S {
    S::Eval(rt(target, args, W::Word))
}

impl Lower<'_> {
    /// The maximum length of a string type (255 for anything else).
    pub(crate) fn str_max(&self, ty: crate::types::TypeId) -> u8 {
        match self.p.types.get(ty) {
            Type::String { max } => *max,
            _ => 255,
        }
    }

    /// The parts of a concatenation, left to right.
    fn concat_parts<'e>(&self, e: &'e Expr, out: &mut Vec<&'e Expr>) {
        match &e.kind {
            ExprKind::Binary {
                op: BinaryOp::Concat,
                lhs,
                rhs,
            } => {
                self.concat_parts(lhs, out);
                self.concat_parts(rhs, out);
            }
            ExprKind::StdCall {
                routine: StdRoutine::Concat,
                args,
            } => {
                for a in args {
                    self.concat_parts(a.expr(), out);
                }
            }
            _ => out.push(e),
        }
    }

    /// A character that is used as a string (`'a'` or `Convert(CharToStr)`), as a byte.
    fn as_char(&mut self, e: &Expr) -> Option<E> {
        match &e.kind {
            ExprKind::Convert {
                conv: Conversion::CharToStr,
                expr,
            } => Some(self.byte_value(expr)),
            _ if self.p.types.is_char(e.ty) => Some(self.byte_value(e)),
            _ => None,
        }
    }

    /// The address of a string holding the value of `e`.
    pub(crate) fn str_addr(&mut self, e: &Expr) -> E {
        match &e.kind {
            ExprKind::Const(ConstValue::Str(s)) => {
                let l = self.literal(s);
                E::Sym(l, 0)
            }
            ExprKind::Const(ConstValue::Ord(c)) => {
                let l = self.literal(&[*c as u8]);
                E::Sym(l, 0)
            }
            ExprKind::Var(_)
            | ExprKind::WithRecord(_)
            | ExprKind::Index { .. }
            | ExprKind::Field { .. }
            | ExprKind::Deref(_)
                if self.p.types.is_string(e.ty) =>
            {
                self.addr(e)
            }
            ExprKind::Call { routine, args } => {
                let t = self.call_function(*routine, args, e.span);
                E::Sym(t, 0)
            }
            // A character array as a string: its characters after a length byte.
            ExprKind::Convert {
                conv: Conversion::CharArrayToStr,
                expr,
            } => {
                let n = self.p.types.string_like_char_array(expr.ty).unwrap_or(0);
                let t = self.temp(256);
                let src = self.addr(expr);
                self.emit(S::Store {
                    w: W::Byte,
                    addr: E::Sym(t.clone(), 0),
                    value: byte(n as i64),
                });
                self.emit(S::Copy {
                    dst: E::Sym(t.clone(), 1),
                    src,
                    len: word(n as i64),
                });
                E::Sym(t, 0)
            }
            ExprKind::StdCall {
                routine: StdRoutine::ParamStr,
                args,
            } => {
                let n = match args.first() {
                    Some(a) => self.word_value(a.expr()),
                    None => word(0),
                };
                let t = self.temp(256);
                self.emit(S::Store {
                    w: W::Word,
                    addr: E::Sym("rt_sdst".into(), 0),
                    value: E::Sym(t.clone(), 0),
                });
                self.emit(rt_stmt("rt_paramstr", vec![(Reg::HL, n)]));
                E::Sym(t, 0)
            }
            _ => {
                let t = self.temp(256);
                self.str_into(E::Sym(t.clone(), 0), 255, e);
                E::Sym(t, 0)
            }
        }
    }

    /// Stores the string value `e` at `dst` (maximum length `max`).
    pub(crate) fn str_into(&mut self, dst: E, max: u8, e: &Expr) {
        let mut parts = Vec::new();
        self.concat_parts(e, &mut parts);
        // A part that reads the destination (other than in first place) would see it
        // half-built: then build in a temporary first.
        let first_is_dst = match parts.first() {
            Some(p) if self.is_lvalue(p) => {
                let a = self.addr_no_effects(p);
                a.as_ref() == Some(&dst)
            }
            _ => false,
        };
        let dst_read_later = parts.iter().skip(1).any(|p| self.mentions_place(p, &dst));
        if dst_read_later {
            let t = self.temp(256);
            let tmp = E::Sym(t, 0);
            self.str_into(tmp.clone(), 255, e);
            self.emit(rt_stmt(
                "rt_strcpy",
                vec![(Reg::HL, tmp), (Reg::DE, dst), (Reg::BC, word(max as i64))],
            ));
            return;
        }
        for (i, part) in parts.iter().enumerate() {
            if i == 0 {
                if first_is_dst {
                    continue;
                }
                if let ExprKind::StdCall {
                    routine: StdRoutine::Copy,
                    args,
                } = &part.kind
                {
                    if max == 255 {
                        self.copy_into(dst.clone(), args);
                        continue;
                    }
                }
                match self.as_char(part) {
                    Some(c) => {
                        self.emit(S::Store {
                            w: W::Byte,
                            addr: dst.clone(),
                            value: byte(1),
                        });
                        self.emit(S::Store {
                            w: W::Byte,
                            addr: add(dst.clone(), word(1)),
                            value: c,
                        });
                    }
                    None => {
                        let src = self.str_addr(part);
                        self.emit(rt_stmt(
                            "rt_strcpy",
                            vec![
                                (Reg::HL, src),
                                (Reg::DE, dst.clone()),
                                (Reg::BC, word(max as i64)),
                            ],
                        ));
                    }
                }
                continue;
            }
            match self.as_char(part) {
                Some(c) => self.emit(rt_stmt(
                    "rt_chrcat",
                    vec![
                        (Reg::A, c),
                        (Reg::DE, dst.clone()),
                        (Reg::BC, word(max as i64)),
                    ],
                )),
                None => {
                    let src = self.str_addr(part);
                    self.emit(rt_stmt(
                        "rt_strcat",
                        vec![
                            (Reg::HL, src),
                            (Reg::DE, dst.clone()),
                            (Reg::BC, word(max as i64)),
                        ],
                    ));
                }
            }
        }
        if parts.is_empty() {
            self.emit(S::Store {
                w: W::Byte,
                addr: dst,
                value: byte(0),
            });
        }
    }

    /// `Copy(s, index, count)` into `dst` (a 255-character string).
    pub(crate) fn copy_into(&mut self, dst: E, args: &[Arg]) {
        let (Some(s), Some(i), Some(n)) = (args.first(), args.get(1), args.get(2)) else {
            return;
        };
        let src = self.str_addr(s.expr());
        let i = self.word_value(i.expr());
        let n = self.word_value(n.expr());
        self.emit(S::Store {
            w: W::Word,
            addr: E::Sym("rt_sdst".into(), 0),
            value: dst,
        });
        self.emit(rt_stmt(
            "rt_copy",
            vec![(Reg::HL, src), (Reg::DE, i), (Reg::BC, n)],
        ));
    }

    /// A variable, a `with` record, an element or a field: a place with a static or
    /// computed address.
    pub(crate) fn is_lvalue(&self, e: &Expr) -> bool {
        matches!(
            e.kind,
            ExprKind::Var(_)
                | ExprKind::WithRecord(_)
                | ExprKind::Index { .. }
                | ExprKind::Field { .. }
        )
    }

    /// The address of an lvalue, if computing it emits nothing.
    fn addr_no_effects(&mut self, e: &Expr) -> Option<E> {
        if super::expr::has_calls(e) {
            return None;
        }
        let before = self.blocks[self.cur].stmts.len();
        let a = self.addr(e);
        if self.blocks[self.cur].stmts.len() != before {
            return None;
        }
        Some(a)
    }

    /// Whether `e` may read the string at `dst` (conservatively: any variable whose
    /// address is `dst`'s label, or anything with calls).
    fn mentions_place(&mut self, e: &Expr, dst: &E) -> bool {
        let label = match root_label(dst) {
            Some(l) => l.to_string(),
            None => return true,
        };
        // A temporary of this routine is no variable: nothing else reads it (a call of
        // the routine itself, {$A-}, gives it back as it was).
        if label.starts_with(&format!("{}.t?", self.prefix)) {
            return false;
        }
        let mut found = false;
        self.visit_vars(e, &mut |l: &Lower, ex: &Expr| {
            if let ExprKind::Var(s) = ex.kind {
                if let Some(super::Place::Label(x) | super::Place::Indirect(x)) = l.place(s) {
                    if *x == label {
                        found = true;
                    }
                }
            }
            if let ExprKind::WithRecord(_) | ExprKind::Deref(_) | ExprKind::Call { .. } = ex.kind {
                found = true;
            }
        });
        found
    }

    fn visit_vars(&self, e: &Expr, f: &mut dyn FnMut(&Lower, &Expr)) {
        f(self, e);
        match &e.kind {
            ExprKind::Index { array, index } => {
                self.visit_vars(array, f);
                self.visit_vars(index, f);
            }
            ExprKind::StrIndex { string, index } => {
                self.visit_vars(string, f);
                self.visit_vars(index, f);
            }
            ExprKind::Field { record, .. } => self.visit_vars(record, f),
            ExprKind::Deref(x) | ExprKind::Unary { operand: x, .. } => self.visit_vars(x, f),
            ExprKind::Convert { expr, .. } => self.visit_vars(expr, f),
            ExprKind::Binary { lhs, rhs, .. } => {
                self.visit_vars(lhs, f);
                self.visit_vars(rhs, f);
            }
            ExprKind::StdCall { args, .. } | ExprKind::Call { args, .. } => {
                for a in args {
                    self.visit_vars(a.expr(), f);
                }
            }
            ExprKind::StdVar(_, Some(x)) => self.visit_vars(x, f),
            ExprKind::Set(items) => {
                for (a, b) in items {
                    self.visit_vars(a, f);
                    if let Some(b) = b {
                        self.visit_vars(b, f);
                    }
                }
            }
            _ => {}
        }
    }

    /// `s := e` for a string target.
    pub(crate) fn assign_string(&mut self, target: &Expr, value: &Expr) {
        let max = self.str_max(target.ty);
        let dst = self.addr(target);
        // Keep a computed destination address in a temporary if building the value
        // could change what it points at.
        let dst = if matches!(dst, E::Sym(..)) {
            dst
        } else {
            let t = self.temp(2);
            self.emit(S::Store {
                w: W::Word,
                addr: E::Sym(t.clone(), 0),
                value: dst,
            });
            load(W::Word, E::Sym(t, 0))
        };
        self.str_into(dst, max, value);
    }

    pub(crate) fn compare_strings(&mut self, op: CmpOp, l: &Expr, r: &Expr) -> Cond {
        // s = '' and s <> '': the length byte alone.
        for (a, b, op) in [(l, r, op), (r, l, op.swap())] {
            if let ExprKind::Const(ConstValue::Str(s)) = &b.kind {
                if s.is_empty() && matches!(op, CmpOp::Eq | CmpOp::Ne) {
                    let addr = self.str_addr(a);
                    return Cond::Cmp {
                        op,
                        w: W::Byte,
                        signed: false,
                        l: load(W::Byte, addr),
                        r: byte(0),
                    };
                }
            }
        }
        self.compare_by_call("rt_strcmp", op, l, r, Self::str_addr)
    }

    /// A comparison made by a runtime routine that takes the operands'
    /// addresses (`addr` of each) in HL and DE and answers in the flags, Z when
    /// equal and carry when the first is smaller (`rt_strcmp`, `rt_fcmp`).
    /// `>` and `<=` swap the operands, so only Z and carry are ever tested.
    pub(crate) fn compare_by_call(
        &mut self,
        target: &str,
        op: CmpOp,
        l: &Expr,
        r: &Expr,
        addr: fn(&mut Self, &Expr) -> E,
    ) -> Cond {
        let (op, l, r) = match op {
            CmpOp::Gt | CmpOp::Le => (op.swap(), r, l),
            _ => (op, l, r),
        };
        let a = addr(self, l);
        let b = addr(self, r);
        let (flag, when_set) = match op {
            CmpOp::Eq => (Flag::Zero, true),
            CmpOp::Ne => (Flag::Zero, false),
            CmpOp::Lt => (Flag::Carry, true),
            _ => (Flag::Carry, false),
        };
        Cond::Flag {
            call: Call {
                target: target.into(),
                args: vec![(Reg::HL, a), (Reg::DE, b)],
                ret: W::Byte,
            },
            flag,
            when_set,
        }
    }

    // ---- sets

    /// (first stored byte, stored bytes) of a set type.
    fn set_layout(&self, ty: crate::types::TypeId) -> (u32, u32) {
        self.p.types.set_layout(ty)
    }

    /// The address of a 32-byte image of the set `e`.
    pub(crate) fn set32(&mut self, e: &Expr) -> E {
        match &e.kind {
            ExprKind::Const(ConstValue::Set(bits)) => {
                let l = self.rodata_bytes(bits.to_vec(), "set constant");
                E::Sym(l, 0)
            }
            ExprKind::Convert {
                conv: Conversion::SetResize,
                expr,
            } => self.set32(expr),
            ExprKind::Set(items) => {
                let t = E::Sym(self.temp(32), 0);
                self.set_clear(t.clone());
                for (a, b) in items {
                    let lo = self.byte_value(a);
                    let hi = match b {
                        Some(b) => self.byte_value(b),
                        None => lo.clone(),
                    };
                    self.emit(rt_stmt(
                        "rt_setadd",
                        vec![
                            (Reg::HL, t.clone()),
                            (Reg::BC, E::ZExt(Box::new(hi))),
                            (Reg::A, lo),
                        ],
                    ));
                }
                t
            }
            ExprKind::Binary { op, lhs, rhs }
                if matches!(
                    op,
                    BinaryOp::SetUnion | BinaryOp::SetDiff | BinaryOp::SetIntersect
                ) =>
            {
                let a = self.set32(lhs);
                let t = E::Sym(self.temp(32), 0);
                self.emit(S::Copy {
                    dst: t.clone(),
                    src: a,
                    len: word(32),
                });
                let b = self.set32(rhs);
                let routine = match op {
                    BinaryOp::SetUnion => "rt_setor",
                    BinaryOp::SetDiff => "rt_setsub",
                    _ => "rt_setand",
                };
                self.emit(rt_stmt(
                    routine,
                    vec![(Reg::HL, b), (Reg::DE, t.clone()), (Reg::BC, word(32 << 8))],
                ));
                t
            }
            _ => {
                let (first, len) = self.set_layout(e.ty);
                let a = self.addr(e);
                if first == 0 && len == 32 {
                    return a;
                }
                let t = E::Sym(self.temp(32), 0);
                self.set_clear(t.clone());
                self.emit(S::Copy {
                    dst: add(t.clone(), word(first as i64)),
                    src: a,
                    len: word(len as i64),
                });
                t
            }
        }
    }

    fn set_clear(&mut self, at: E) {
        self.emit(rt_stmt(
            "rt_fill",
            vec![(Reg::HL, at), (Reg::BC, word(32)), (Reg::A, byte(0))],
        ));
    }

    /// `s := e` for a set target.
    pub(crate) fn assign_set(&mut self, target: &Expr, value: &Expr) {
        let (first, len) = self.set_layout(target.ty);
        let src = self.set32(value);
        let dst = self.addr(target);
        self.emit(S::Copy {
            dst,
            src: add(src, word(first as i64)),
            len: word(len as i64),
        });
    }

    /// `x in s`.
    pub(crate) fn set_in(&mut self, x: &Expr, s: &Expr) -> Cond {
        let xv = self.value(x);
        let xw = super::expr::ir_width(&xv);
        // A constant set: range tests on the element, no set in memory.
        let bits = match &s.kind {
            ExprKind::Const(ConstValue::Set(bits)) => Some(bits.clone()),
            ExprKind::Convert {
                conv: Conversion::SetResize,
                expr,
            } => match &expr.kind {
                ExprKind::Const(ConstValue::Set(bits)) => Some(bits.clone()),
                _ => None,
            },
            _ => None,
        };
        if let Some(bits) = bits {
            let x = if matches!(xv, E::Load(_, ref a) if matches!(**a, E::Sym(..))) {
                xv
            } else {
                let t = self.temp(xw.bytes());
                self.emit(S::Store {
                    w: xw,
                    addr: E::Sym(t.clone(), 0),
                    value: xv,
                });
                load(xw, E::Sym(t, 0))
            };
            let member = |e: usize| bits[e / 8] & (1 << (e % 8)) != 0;
            let mut runs = Vec::new();
            let mut e = 0;
            while e < 256 {
                if member(e) {
                    let start = e;
                    while e < 256 && member(e) {
                        e += 1;
                    }
                    runs.push((start as i64, e as i64 - 1));
                } else {
                    e += 1;
                }
            }
            let cmp = |op, v: i64| Cond::Cmp {
                op,
                w: xw,
                signed: false,
                l: x.clone(),
                r: E::Const(xw, v as u16),
            };
            let mut c = Cond::False;
            for (a, b) in runs.into_iter().rev() {
                let one = if a == b {
                    cmp(CmpOp::Eq, a)
                } else if a == 0 {
                    cmp(CmpOp::Le, b)
                } else {
                    Cond::And(Box::new(cmp(CmpOp::Ge, a)), Box::new(cmp(CmpOp::Le, b)))
                };
                c = match c {
                    Cond::False => one,
                    rest => Cond::Or(Box::new(one), Box::new(rest)),
                };
            }
            return c;
        }
        let set = self.set32(s);
        let elem = super::expr::to_width(xv, xw, W::Byte);
        Cond::Flag {
            call: Call {
                target: "rt_setin".into(),
                args: vec![(Reg::HL, set), (Reg::A, elem)],
                ret: W::Byte,
            },
            flag: Flag::Zero,
            when_set: false,
        }
    }

    pub(crate) fn compare_sets(&mut self, op: CmpOp, l: &Expr, r: &Expr) -> Cond {
        let (l, r, routine, flag_when) = match op {
            CmpOp::Eq => (l, r, "rt_seteq", true),
            CmpOp::Ne => (l, r, "rt_seteq", false),
            CmpOp::Le => (l, r, "rt_setle", true),
            _ => (r, l, "rt_setle", true),
        };
        let a = self.set32(l);
        let t = E::Sym(self.temp(2), 0);
        self.emit(S::Store {
            w: W::Word,
            addr: t.clone(),
            value: a,
        });
        let b = self.set32(r);
        Cond::Flag {
            call: Call {
                target: routine.into(),
                args: vec![
                    (Reg::HL, load(W::Word, t)),
                    (Reg::DE, b),
                    (Reg::BC, word(32 << 8)),
                ],
                ret: W::Byte,
            },
            flag: Flag::Zero,
            when_set: flag_when,
        }
    }
}

/// The label an address is based on (`label + …`).
fn root_label(e: &E) -> Option<&str> {
    match e {
        E::Sym(l, _) => Some(l),
        E::Bin(BinOp::Add, _, a, b) => root_label(a).or_else(|| root_label(b)),
        _ => None,
    }
}
