//! Expressions: scalar values (bytes and words), addresses of variables, and conditions.

use z80_codegen::ir::{self, BinOp, CmpOp, Cond, Expr as E, W};

use super::{Lower, Place};
use crate::check::stdlib::StdVar;
use crate::checked::{BinaryOp, Cmp, CmpKind, Conversion, Expr, ExprKind, UnaryOp};
use crate::symbols::ConstValue;
use crate::types::Type;

pub(crate) fn word(v: i64) -> E {
    E::Const(W::Word, v as u16)
}

pub(crate) fn byte(v: i64) -> E {
    E::Const(W::Byte, v as u8 as u16)
}

pub(crate) fn add(l: E, r: E) -> E {
    E::Bin(BinOp::Add, W::Word, Box::new(l), Box::new(r))
}

pub(crate) fn load(w: W, addr: E) -> E {
    E::Load(w, Box::new(addr))
}

/// Converts a value between widths (zero extension, or the low byte).
pub(crate) fn to_width(e: E, from: W, to: W) -> E {
    match (from, to) {
        (W::Byte, W::Word) => E::ZExt(Box::new(e)),
        (W::Word, W::Byte) => E::Lo(Box::new(e)),
        _ => e,
    }
}

fn cmp_op(c: Cmp) -> CmpOp {
    match c {
        Cmp::Eq => CmpOp::Eq,
        Cmp::Ne => CmpOp::Ne,
        Cmp::Lt => CmpOp::Lt,
        Cmp::Le => CmpOp::Le,
        Cmp::Gt => CmpOp::Gt,
        Cmp::Ge => CmpOp::Ge,
    }
}

/// Whether evaluating a checked expression may call a routine.
pub(crate) fn has_calls(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Call { .. } => true,
        ExprKind::RoutineAddr(_) => false,
        ExprKind::StdCall { routine, args } => {
            use crate::check::stdlib::StdRoutine as S;
            // Those with effects (or reading the machine): never skipped.
            matches!(
                routine,
                S::Random
                    | S::KeyPressed
                    | S::IOResult
                    | S::Eof
                    | S::Eoln
                    | S::FilePos
                    | S::FileSize
                    | S::Bdos
                    | S::BdosHL
                    | S::Bios
                    | S::BiosHL
                    | S::MemAvail
                    | S::MaxAvail
            ) || args.iter().any(|a| has_calls(a.expr()))
        }
        ExprKind::Const(_) | ExprKind::Var(_) | ExprKind::WithRecord(_) => false,
        ExprKind::Index { array, index } => has_calls(array) || has_calls(index),
        ExprKind::StrIndex { string, index } => has_calls(string) || has_calls(index),
        ExprKind::Field { record, .. } => has_calls(record),
        ExprKind::Deref(x) | ExprKind::Unary { operand: x, .. } => has_calls(x),
        ExprKind::Convert { expr, .. } => has_calls(expr),
        ExprKind::StdVar(_, x) => x.as_deref().is_some_and(has_calls),
        ExprKind::Binary { lhs, rhs, .. } => has_calls(lhs) || has_calls(rhs),
        ExprKind::Set(items) => items
            .iter()
            .any(|(a, b)| has_calls(a) || b.as_ref().is_some_and(has_calls)),
    }
}

impl Lower<'_> {
    /// The width of an expression's type (scalar types only).
    pub(crate) fn w(&mut self, e: &Expr) -> W {
        match self.width(e.ty) {
            Some(w) => w,
            None => {
                self.error(e.span, "a scalar value is expected here");
                W::Word
            }
        }
    }

    /// A scalar value: a byte or a word, by the expression's type.
    pub(crate) fn value(&mut self, e: &Expr) -> E {
        match &e.kind {
            ExprKind::RoutineAddr(r) => self.routine_address(*r, e.span),
            ExprKind::Const(c) => match c {
                ConstValue::Ord(v) => {
                    let w = self.width(e.ty).unwrap_or(W::Word);
                    E::Const(w, *v as u16)
                }
                ConstValue::Nil => word(0),
                ConstValue::Str(s) if s.len() == 1 => byte(s[0] as i64),
                ConstValue::Real(_) => {
                    self.unsupported_real(e);
                    word(0)
                }
                _ => {
                    self.error(e.span, "a scalar value is expected here");
                    word(0)
                }
            },
            ExprKind::Var(_)
            | ExprKind::WithRecord(_)
            | ExprKind::Index { .. }
            | ExprKind::StrIndex { .. }
            | ExprKind::Field { .. }
            | ExprKind::Deref(_)
            | ExprKind::StdVar(StdVar::Mem | StdVar::IoVector(_) | StdVar::WorkByte(_), _) => {
                let w = self.w(e);
                let a = self.addr(e);
                load(w, a)
            }
            ExprKind::StdVar(StdVar::Port, Some(p)) => {
                let p = self.value(p);
                let pw = ir_width(&p);
                E::PortIn(Box::new(to_width(p, pw, W::Byte)))
            }
            ExprKind::StdVar(..) => {
                self.error(e.span, "a device cannot be used as a value");
                word(0)
            }
            ExprKind::Unary { op, operand } => match op {
                UnaryOp::IntNeg => {
                    let v = self.word_value(operand);
                    E::Un(ir::UnOp::Neg, W::Word, Box::new(v))
                }
                UnaryOp::IntNot => {
                    let v = self.word_value(operand);
                    E::Un(ir::UnOp::Not, W::Word, Box::new(v))
                }
                UnaryOp::BoolNot => {
                    let v = self.value(operand);
                    E::Bin(BinOp::Xor, W::Byte, Box::new(v), Box::new(byte(1)))
                }
                UnaryOp::RealNeg => {
                    self.unsupported_real(e);
                    word(0)
                }
            },
            ExprKind::Binary { op, lhs, rhs } => self.binary(e, *op, lhs, rhs),
            ExprKind::Convert { conv, expr } => match conv {
                Conversion::ByteToInt => {
                    let v = self.value(expr);
                    let w = ir_width(&v);
                    to_width(v, w, W::Word)
                }
                Conversion::IntToByte => {
                    let v = self.value(expr);
                    let w = ir_width(&v);
                    to_width(v, w, W::Byte)
                }
                Conversion::Retype => {
                    let v = self.value(expr);
                    let from = ir_width(&v);
                    let to = self.width(e.ty).unwrap_or(from);
                    to_width(v, from, to)
                }
                Conversion::IntToReal => {
                    self.unsupported_real(e);
                    word(0)
                }
                Conversion::StrToChar => {
                    let s = self.str_addr(expr);
                    let c = super::strings::rt("rt_strchr", vec![(ir::Reg::HL, s)], W::Byte);
                    let to = self.width(e.ty).unwrap_or(W::Byte);
                    to_width(c, W::Byte, to)
                }
                Conversion::CharToStr | Conversion::CharArrayToStr | Conversion::SetResize => {
                    self.error(e.span, "a scalar value is expected here");
                    word(0)
                }
            },
            ExprKind::Call { routine, args } => {
                let w = self.w(e);
                let temp = self.call_function(*routine, args, e.span);
                load(w, ir::Expr::Sym(temp, 0))
            }
            ExprKind::StdCall { routine, args } => self.std_function(e, *routine, args),
            ExprKind::Set(_) => {
                self.error(e.span, "a scalar value is expected here");
                word(0)
            }
        }
    }

    /// A value widened to a word.
    pub(crate) fn word_value(&mut self, e: &Expr) -> E {
        let v = self.value(e);
        let w = ir_width(&v);
        to_width(v, w, W::Word)
    }

    /// A value cut or widened to a byte.
    pub(crate) fn byte_value(&mut self, e: &Expr) -> E {
        let v = self.value(e);
        let w = ir_width(&v);
        to_width(v, w, W::Byte)
    }

    /// A real where a byte or word is wanted: the checker never produces it.
    pub(crate) fn unsupported_real(&mut self, e: &Expr) {
        self.error(e.span, "a real value cannot be used here");
    }

    fn binary(&mut self, e: &Expr, op: BinaryOp, l: &Expr, r: &Expr) -> E {
        let int = |op| Some((op, W::Word));
        let (iop, w) = match op {
            BinaryOp::IntAdd => int(BinOp::Add),
            BinaryOp::IntSub => int(BinOp::Sub),
            BinaryOp::IntMul => int(BinOp::Mul),
            BinaryOp::IntDiv => int(BinOp::Div),
            BinaryOp::IntMod => int(BinOp::Mod),
            BinaryOp::IntAnd => int(BinOp::And),
            BinaryOp::IntOr => int(BinOp::Or),
            BinaryOp::IntXor => int(BinOp::Xor),
            BinaryOp::Shl => int(BinOp::Shl),
            BinaryOp::Shr => int(BinOp::Shr),
            BinaryOp::BoolAnd => Some((BinOp::And, W::Byte)),
            BinaryOp::BoolOr => Some((BinOp::Or, W::Byte)),
            BinaryOp::BoolXor => Some((BinOp::Xor, W::Byte)),
            BinaryOp::Cmp(..) | BinaryOp::In => None,
            BinaryOp::RealAdd | BinaryOp::RealSub | BinaryOp::RealMul | BinaryOp::RealDiv => {
                self.unsupported_real(e);
                return word(0);
            }
            BinaryOp::Concat | BinaryOp::SetUnion | BinaryOp::SetDiff | BinaryOp::SetIntersect => {
                self.error(e.span, "a scalar value is expected here");
                return word(0);
            }
        }
        .unzip();
        match (iop, w) {
            (Some(iop), Some(W::Word)) => {
                let a = self.word_value(l);
                let b = self.word_value(r);
                E::Bin(iop, W::Word, Box::new(a), Box::new(b))
            }
            (Some(iop), Some(_)) => {
                let a = self.byte_value(l);
                let b = self.byte_value(r);
                E::Bin(iop, W::Byte, Box::new(a), Box::new(b))
            }
            _ => {
                let c = self.cond(e);
                E::Cond(Box::new(c))
            }
        }
    }

    /// A boolean expression as a branch condition.
    pub(crate) fn cond(&mut self, e: &Expr) -> Cond {
        match &e.kind {
            ExprKind::Const(ConstValue::Ord(v)) => {
                if *v != 0 {
                    Cond::True
                } else {
                    Cond::False
                }
            }
            ExprKind::Unary {
                op: UnaryOp::BoolNot,
                operand,
            } => Cond::Not(Box::new(self.cond(operand))),
            ExprKind::Binary { op, lhs, rhs } => match op {
                // TP3 evaluates both sides; when the right one cannot call anything,
                // jumping over it is the same.
                BinaryOp::BoolAnd if !has_calls(rhs) => {
                    let a = self.cond(lhs);
                    let b = self.cond(rhs);
                    Cond::And(Box::new(a), Box::new(b))
                }
                BinaryOp::BoolOr if !has_calls(rhs) => {
                    let a = self.cond(lhs);
                    let b = self.cond(rhs);
                    Cond::Or(Box::new(a), Box::new(b))
                }
                BinaryOp::Cmp(c, kind) => self.compare(*c, *kind, lhs, rhs),
                BinaryOp::In => self.set_in(lhs, rhs),
                _ => {
                    let v = self.value(e);
                    Cond::NonZero(W::Byte, v)
                }
            },
            _ => {
                let v = self.value(e);
                let w = ir_width(&v);
                Cond::NonZero(w, v)
            }
        }
    }

    fn compare(&mut self, c: Cmp, kind: CmpKind, l: &Expr, r: &Expr) -> Cond {
        let op = cmp_op(c);
        match kind {
            CmpKind::Byte => {
                let a = self.byte_value(l);
                let b = self.byte_value(r);
                Cond::Cmp {
                    op,
                    w: W::Byte,
                    signed: false,
                    l: a,
                    r: b,
                }
            }
            CmpKind::Int | CmpKind::Pointer => {
                let a = self.word_value(l);
                let b = self.word_value(r);
                Cond::Cmp {
                    op,
                    w: W::Word,
                    signed: kind == CmpKind::Int,
                    l: a,
                    r: b,
                }
            }
            CmpKind::Str => self.compare_strings(op, l, r),
            CmpKind::Set => self.compare_sets(op, l, r),
            CmpKind::Real => self.compare_reals(op, l, r),
        }
    }

    /// The address of a variable (or of anything with one: a typed constant, an element,
    /// a field, a pointer's target, `Mem[a]`).
    pub(crate) fn addr(&mut self, e: &Expr) -> E {
        match &e.kind {
            ExprKind::Var(s) => match self.place(*s).cloned() {
                Some(Place::Label(l)) => E::Sym(l, 0),
                Some(Place::Indirect(l)) => load(W::Word, E::Sym(l, 0)),
                Some(Place::Fixed(a)) => word(a as i64),
                None => {
                    self.error(e.span, "this name has no storage");
                    word(0)
                }
            },
            ExprKind::WithRecord(slot) => match self.withs.get(slot) {
                Some(a) => a.clone(),
                None => {
                    self.error(e.span, "internal error: `with` record not found");
                    word(0)
                }
            },
            ExprKind::Index { array, index } => {
                let base = self.addr(array);
                let (lo, stride) = match self.p.types.get(array.ty) {
                    Type::Array { index, elem } => (
                        self.p.types.ordinal_range(*index).map_or(0, |r| r.0),
                        self.size(*elem) as i64,
                    ),
                    _ => (0, 1),
                };
                let i = self.word_value(index);
                let i = match self.p.types.get(array.ty) {
                    Type::Array { index: it, .. } => {
                        let (lo, hi) = self.p.types.ordinal_range(*it).unwrap_or((-32768, 32767));
                        self.range_checked(i, lo, hi)
                    }
                    _ => i,
                };
                // base + (i - lo) * stride; the folding pass merges the constants.
                let off = E::Bin(
                    BinOp::Mul,
                    W::Word,
                    Box::new(E::Bin(BinOp::Sub, W::Word, Box::new(i), Box::new(word(lo)))),
                    Box::new(word(stride)),
                );
                add(base, off)
            }
            ExprKind::StrIndex { string, index } => {
                let base = self.addr(string);
                let i = self.word_value(index);
                let max = self.str_max(string.ty) as i64;
                let i = self.range_checked(i, 0, max);
                add(base, i)
            }
            ExprKind::Field { record, offset, .. } => {
                let base = self.addr(record);
                add(base, word(*offset as i64))
            }
            ExprKind::Deref(p) => self.word_value(p),
            ExprKind::StdVar(StdVar::Mem, Some(a)) => self.word_value(a),
            ExprKind::StdVar(StdVar::IoVector(v), _) => {
                self.uses_io_vectors = true;
                E::Sym(v.label().into(), 0)
            }
            ExprKind::StdVar(StdVar::WorkByte(a), _) => word(*a as i64),
            ExprKind::Convert {
                conv: Conversion::Retype,
                expr,
            } => self.addr(expr),
            ExprKind::Call { routine, args } => {
                // A structured function result: its copy in a temporary.
                let temp = self.call_function(*routine, args, e.span);
                E::Sym(temp, 0)
            }
            _ => {
                // A value without an address: keep it in a temporary.
                match self.width(e.ty) {
                    Some(w) => {
                        let v = self.value(e);
                        let t = self.temp(w.bytes());
                        self.emit(ir::Stmt::Store {
                            w,
                            addr: E::Sym(t.clone(), 0),
                            value: v,
                        });
                        E::Sym(t, 0)
                    }
                    None if self.p.types.is_string(e.ty) => self.str_addr(e),
                    None if self.p.types.is_set(e.ty) => self.set32(e),
                    None if self.p.types.is_real(e.ty) => self.real_addr(e),
                    None => {
                        self.error(e.span, "this expression has no address");
                        word(0)
                    }
                }
            }
        }
    }
}

/// The width of an IR expression's value.
pub(crate) fn ir_width(e: &E) -> W {
    match e {
        E::Const(w, _) | E::Load(w, _) | E::Un(_, w, _) | E::Bin(_, w, _, _) => *w,
        E::Sym(..) | E::ZExt(_) | E::SExt(_) => W::Word,
        E::Lo(_) | E::Hi(_) | E::Cond(_) | E::PortIn(_) => W::Byte,
        E::Call(c) => c.ret,
    }
}
