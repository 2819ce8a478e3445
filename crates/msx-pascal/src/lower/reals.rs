//! Reals: Turbo Pascal 3's 6-byte values, kept in memory and reached by address like
//! strings. A real expression is made addressable: a variable (or typed constant,
//! element, field, `var` parameter) is used in place, a constant is in the read-only
//! data, anything computed is built in a 6-byte temporary (or straight into the
//! assignment's target) by a runtime routine that takes the operands' addresses
//! (`crates/z80-codegen/runtime/real.asm`: HL = a, DE = b, BC = the result, which may
//! be an operand since the routines read both before writing).

use z80_codegen::ir::{CmpOp, Cond, Expr as E, Reg, Stmt as S, W};

use super::expr::word;
use super::strings::{rt, rt_stmt};
use super::Lower;
use crate::check::stdlib::StdRoutine as R;
use crate::checked::{Arg, BinaryOp, Conversion, Expr, ExprKind, UnaryOp, WriteItem};
use crate::symbols::ConstValue;
use crate::types::encode_real;

/// The runtime routine of a real binary operation.
fn binary_routine(op: BinaryOp) -> Option<&'static str> {
    Some(match op {
        BinaryOp::RealAdd => "rt_fadd",
        BinaryOp::RealSub => "rt_fsub",
        BinaryOp::RealMul => "rt_fmul",
        BinaryOp::RealDiv => "rt_fdiv",
        _ => return None,
    })
}

/// The runtime routine of a real function of one real (HL = x, DE = the result).
fn unary_routine(r: R) -> Option<&'static str> {
    Some(match r {
        R::Abs => "rt_fabs",
        R::Int => "rt_fint",
        R::Frac => "rt_ffrac",
        R::Sqrt => "rt_fsqrt",
        R::Sin => "rt_fsin",
        R::Cos => "rt_fcos",
        R::ArcTan => "rt_fatan",
        R::Ln => "rt_fln",
        R::Exp => "rt_fexp",
        _ => return None,
    })
}

impl Lower<'_> {
    /// The label of a real constant in the read-only data.
    fn real_const(&mut self, e: &Expr, v: f64) -> E {
        match encode_real(v) {
            Some(bytes) => {
                let l = self.rodata_bytes(bytes.to_vec(), &format!("real {v}"));
                E::Sym(l, 0)
            }
            None => {
                self.error(e.span, "real constant out of range");
                word(0)
            }
        }
    }

    /// Whether `e` names a real in memory (used in place).
    fn real_in_memory(&self, e: &Expr) -> bool {
        self.is_lvalue(e)
            || matches!(
                e.kind,
                ExprKind::Deref(_)
                    | ExprKind::Call { .. }
                    | ExprKind::Convert {
                        conv: Conversion::Retype,
                        ..
                    }
            )
    }

    /// The address of a 6-byte real holding the value of `e` (a real expression, or an
    /// integer one, converted).
    pub(crate) fn real_addr(&mut self, e: &Expr) -> E {
        match &e.kind {
            ExprKind::Const(ConstValue::Real(v)) => self.real_const(e, *v),
            ExprKind::Const(ConstValue::Ord(v)) if !self.p.types.is_real(e.ty) => {
                self.real_const(e, *v as f64)
            }
            _ if self.p.types.is_real(e.ty) && self.real_in_memory(e) => self.addr(e),
            _ => {
                let t = self.temp(6);
                self.real_into(E::Sym(t.clone(), 0), e);
                E::Sym(t, 0)
            }
        }
    }

    /// Computes the real value of `e` into the 6 bytes at `dst`.
    pub(crate) fn real_into(&mut self, dst: E, e: &Expr) {
        if !self.p.types.is_real(e.ty) {
            // An integer where a real is wanted.
            let v = self.word_value(e);
            self.emit(rt_stmt("rt_ffloat", vec![(Reg::HL, v), (Reg::DE, dst)]));
            return;
        }
        match &e.kind {
            ExprKind::Binary { op, lhs, rhs } if binary_routine(*op).is_some() => {
                let a = self.real_addr(lhs);
                let b = self.real_addr(rhs);
                let name = binary_routine(*op).unwrap_or("rt_fadd");
                self.emit(rt_stmt(
                    name,
                    vec![(Reg::HL, a), (Reg::DE, b), (Reg::BC, dst)],
                ));
            }
            ExprKind::Unary {
                op: UnaryOp::RealNeg,
                operand,
            } => {
                let a = self.real_addr(operand);
                self.emit(rt_stmt("rt_fneg", vec![(Reg::HL, a), (Reg::DE, dst)]));
            }
            ExprKind::Convert {
                conv: Conversion::IntToReal,
                expr,
            } => {
                let v = self.word_value(expr);
                self.emit(rt_stmt("rt_ffloat", vec![(Reg::HL, v), (Reg::DE, dst)]));
            }
            ExprKind::StdCall { routine, args } => self.real_function(e, dst, *routine, args),
            _ => {
                let src = self.real_addr(e);
                self.emit(S::Copy {
                    dst,
                    src,
                    len: word(6),
                });
            }
        }
    }

    /// A standard function with a real result, into `dst`.
    fn real_function(&mut self, e: &Expr, dst: E, r: R, args: &[Arg]) {
        let first = args.first().map(|a| a.expr());
        if r == R::Random && args.is_empty() {
            self.emit(rt_stmt("rt_frand", vec![(Reg::DE, dst)]));
            return;
        }
        let Some(x) = first else {
            self.error(e.span, "an argument is missing");
            return;
        };
        if r == R::GetChannel {
            // GIOS GetChannel (TP 3.3f manual 18.4.1.3): the channel's position.
            let ch = self.word_value(x);
            self.emit(rt_stmt("rt_getchan", vec![(Reg::HL, ch), (Reg::DE, dst)]));
            return;
        }
        if r == R::Sqr {
            let a = self.real_addr(x);
            let a = self.stable_addr(a);
            self.emit(rt_stmt(
                "rt_fmul",
                vec![(Reg::HL, a.clone()), (Reg::DE, a), (Reg::BC, dst)],
            ));
            return;
        }
        match unary_routine(r) {
            Some(name) => {
                let a = self.real_addr(x);
                self.emit(rt_stmt(name, vec![(Reg::HL, a), (Reg::DE, dst)]));
            }
            None => self.error(
                e.span,
                format!("`{r:?}` with a real result is not supported by the code generator"),
            ),
        }
    }

    /// An address that can be evaluated twice (kept in a temporary if computed).
    fn stable_addr(&mut self, a: E) -> E {
        match &a {
            E::Const(..) | E::Sym(..) => a,
            _ => {
                let t = self.temp(2);
                self.emit(S::Store {
                    w: W::Word,
                    addr: E::Sym(t.clone(), 0),
                    value: a,
                });
                E::Load(W::Word, Box::new(E::Sym(t, 0)))
            }
        }
    }

    /// `Trunc(x)` or `Round(x)`: an integer (the program stops outside -32768..32767).
    pub(crate) fn real_to_int(&mut self, r: R, args: &[Arg]) -> E {
        let a = match args.first() {
            Some(x) => self.real_addr(x.expr()),
            None => word(0),
        };
        let name = if r == R::Round {
            "rt_fround"
        } else {
            "rt_ftrunc"
        };
        rt(name, vec![(Reg::HL, a)], W::Word)
    }

    /// A comparison of two reals (integers are converted): `rt_fcmp` answers in the
    /// flags, Z when equal, carry when the first is smaller.
    pub(crate) fn compare_reals(&mut self, op: CmpOp, l: &Expr, r: &Expr) -> Cond {
        self.compare_by_call("rt_fcmp", op, l, r, Self::real_addr)
    }

    /// Whether a write item is printed as a real (a real value, or an integer with
    /// decimals).
    pub(crate) fn is_real_item(&self, it: &WriteItem) -> bool {
        self.p.types.is_real(it.value.ty) || it.decimals.is_some()
    }

    /// The width and decimals of a real write item (-1 when not given).
    fn real_format(&mut self, it: &WriteItem) -> (E, E) {
        // TP3's reference manual, "Write parameters": a real without a width is written
        // "in a field 18 characters wide", `  d.ddddddddddE+dd` (` -d.dd…` when negative).
        let width = match &it.width {
            Some(w) => self.word_value(w),
            None => word(18),
        };
        let width = self.stable_addr_value(width);
        let decimals = match &it.decimals {
            Some(d) => self.word_value(d),
            None => word(-1),
        };
        let decimals = self.stable_addr_value(decimals);
        (width, decimals)
    }

    /// A word value kept in a temporary unless it is a constant or a plain variable.
    fn stable_addr_value(&mut self, v: E) -> E {
        match &v {
            E::Const(..) | E::Sym(..) => v,
            E::Load(_, a) if matches!(**a, E::Sym(..)) => v,
            _ => {
                let t = self.temp(2);
                self.emit(S::Store {
                    w: W::Word,
                    addr: E::Sym(t.clone(), 0),
                    value: v,
                });
                E::Load(W::Word, Box::new(E::Sym(t, 0)))
            }
        }
    }

    /// `Write(r)`, `Write(r:w)`, `Write(r:w:d)`.
    pub(crate) fn write_real(&mut self, it: &WriteItem) {
        let (width, decimals) = self.real_format(it);
        let a = self.real_addr(&it.value);
        self.emit(rt_stmt(
            "rt_wreal",
            vec![(Reg::HL, a), (Reg::DE, width), (Reg::BC, decimals)],
        ));
    }

    /// `Str(r:w:d, s)`.
    pub(crate) fn str_real(&mut self, it: &WriteItem, target: &Expr) {
        let (width, decimals) = self.real_format(it);
        let max = self.str_max(target.ty);
        let a = self.real_addr(&it.value);
        let a = self.stable_addr(a);
        let s = self.addr(target);
        let s = self.stable_addr(s);
        self.emit(S::Store {
            w: W::Word,
            addr: E::Sym("rt_fsw".into(), 0),
            value: width,
        });
        self.emit(rt_stmt(
            "rt_strreal",
            vec![
                (Reg::HL, a),
                (Reg::DE, s),
                (Reg::BC, decimals),
                (Reg::A, E::Const(W::Byte, max as u16)),
            ],
        ));
    }
}
