//! Numbers and conditions.
//!
//! An integer value is an IR word expression (computed in HL). It is kept
//! *pure*: constants, loads of variables and temporaries, inline operations
//! and calls that touch neither the math pack's accumulators nor the string
//! temporaries; anything else is evaluated at once into a temporary
//! ([`Lowerer::hoist`]). So the order of the generated code is the order of
//! the BASIC evaluation.
//!
//! Any other number is computed in `BCD_DAC`: the statements that put it
//! there are emitted at once. A binary operation puts its left operand in
//! DAC and its right one in ARG: straight from the operand's address when it
//! is a variable or a constant, else through an 8-byte temporary.
//!
//! Types follow `parse::types::type_of` (the ROM's VALTYP). Integer
//! `+ - * ^` are computed in BCD wherever a number (not an integer) is
//! wanted: MSX-BASIC redoes an overflowing integer operation in double
//! precision, and the BCD result is the same exact integer otherwise. Where
//! an integer is wanted (a subscript, an integer variable) they are integer
//! operations that stop with "Overflow".

use z80_codegen::ir::{self, build::*, BinOp as IBin, CmpOp, Cond, Reg, Stmt as IStmt, UnOp, W};

use super::ichain::is_chain;
use super::{consts, err, Lowerer, R};
use crate::keywords::Keyword as K;
use crate::parse::types::type_of;
use crate::parse::{cmp, BinOp, Expr, ExprKind, Type};

/// Where a number was left.
pub(crate) enum Num {
    /// An integer word.
    Int(ir::Expr),
    /// In BCD_DAC, with the precision PRINT and STR$ show it with.
    Dac(Type),
}

/// MSX error codes the compiled code raises itself.
pub(crate) const TYPE_MISMATCH: u8 = 13;

fn bcd(name: &str) -> ir::Expr {
    sym(name)
}

impl Lowerer<'_> {
    /// The static type, or a run-time "Type mismatch" (then `None`).
    pub(crate) fn type_or_mismatch(&mut self, e: &Expr) -> Option<Type> {
        let t = type_of(e);
        if t.is_none() {
            self.raise(TYPE_MISMATCH);
        }
        t
    }

    /// A number, as an integer word or in DAC.
    pub(crate) fn num(&mut self, e: &Expr) -> R<Num> {
        let Some(t) = self.type_or_mismatch(e) else {
            return Ok(Num::Int(word(0)));
        };
        if t == Type::String {
            self.raise(TYPE_MISMATCH);
            return Ok(Num::Int(word(0)));
        }
        let overflowing = matches!(
            e.kind,
            ExprKind::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Power, ..)
                | ExprKind::Neg(_)
                | ExprKind::Call(K::Abs, _)
        );
        if t == Type::Integer && !overflowing {
            return Ok(Num::Int(self.int(e)?));
        }
        let p = self.dac(e)?;
        Ok(Num::Dac(p))
    }

    /// Puts a number in DAC; returns the precision to show it with.
    pub(crate) fn dac(&mut self, e: &Expr) -> R<Type> {
        let Some(t) = self.type_or_mismatch(e) else {
            return Ok(Type::Double);
        };
        match &e.kind {
            ExprKind::Int(v) => {
                let k = self.constant(consts::int_to_double(*v));
                self.call_stmt("bcd_load_dac", vec![(Reg::HL, k)]);
                Ok(Type::Integer)
            }
            ExprKind::Single(b) => {
                let k = self.constant(consts::single_to_double(*b));
                self.call_stmt("bcd_load_dac", vec![(Reg::HL, k)]);
                Ok(Type::Single)
            }
            ExprKind::Double(b) => {
                let k = self.constant(*b);
                self.call_stmt("bcd_load_dac", vec![(Reg::HL, k)]);
                Ok(Type::Double)
            }
            ExprKind::Var(_) | ExprKind::Element(..) => {
                let addr = self.address_of(e)?;
                self.load_dac(t, addr);
                Ok(t)
            }
            _ if is_chain(e) => self.dac_chain(e),
            ExprKind::Neg(x) => {
                let p = self.dac(x)?;
                self.call_stmt("bcd_neg", vec![]);
                Ok(if p == Type::Integer { Type::Double } else { p })
            }
            ExprKind::Binary(op, a, b)
                if matches!(
                    op,
                    BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Power
                ) =>
            {
                self.arith(*op, a, b, t)
            }
            ExprKind::Call(k, args) => self.num_call(*k, args, e),
            ExprKind::UserFn(name, args) => {
                let v = self.user_fn(*name, args, e.span)?;
                if t == Type::Integer {
                    self.call_stmt("bcd_from_int", vec![(Reg::HL, v)]);
                }
                Ok(t)
            }
            _ => {
                let x = self.int(e)?;
                self.call_stmt("bcd_from_int", vec![(Reg::HL, x)]);
                Ok(Type::Integer)
            }
        }
    }

    /// DAC = the number at `addr` of type `t`.
    pub(crate) fn load_dac(&mut self, t: Type, addr: ir::Expr) {
        match t {
            Type::Integer => {
                self.call_stmt("bcd_from_int", vec![(Reg::HL, load(W::Word, addr))]);
            }
            Type::Single => self.call_stmt("bcd_load_single_dac", vec![(Reg::HL, addr)]),
            _ => {
                if self.dac_holds == Some((self.cur, addr.clone())) {
                    return;
                }
                self.call_stmt("bcd_load_dac", vec![(Reg::HL, addr)]);
            }
        }
    }

    /// Stores DAC at `addr` as type `t` (single: rounded to 6 digits;
    /// integer: truncated, "Overflow" outside -32768..32767).
    pub(crate) fn store_dac(&mut self, t: Type, addr: ir::Expr) {
        match t {
            Type::Integer => {
                let v = call("bcd_to_int", vec![], W::Word);
                self.emit(IStmt::Store {
                    w: W::Word,
                    addr,
                    value: v,
                });
            }
            Type::Single => {
                self.call_stmt("bcd_round_single", vec![]);
                self.emit(IStmt::Copy {
                    dst: addr,
                    src: bcd("BCD_DAC"),
                    len: word(4),
                });
            }
            _ => {
                self.call_stmt("bcd_store_dac", vec![(Reg::HL, addr.clone())]);
                if matches!(addr, ir::Expr::Sym(..)) {
                    self.dac_holds = Some((self.cur, addr));
                }
            }
        }
    }

    /// The address of a variable or array element expression.
    pub(crate) fn address_of(&mut self, e: &Expr) -> R<ir::Expr> {
        match &e.kind {
            ExprKind::Var(v) => Ok(self.scalar(*v)),
            ExprKind::Element(v, subs) => self.element(*v, subs, e.span),
            _ => err(e.span, "internal: not a variable"),
        }
    }

    /// The address of a double or single in memory that ARG can be loaded
    /// from without disturbing DAC, if `e` is one (constants, variables).
    fn memory_operand(&mut self, e: &Expr) -> Option<(Type, ir::Expr)> {
        match &e.kind {
            ExprKind::Int(v) => Some((Type::Double, self.constant(consts::int_to_double(*v)))),
            ExprKind::Single(b) => {
                Some((Type::Double, self.constant(consts::single_to_double(*b))))
            }
            ExprKind::Double(b) => Some((Type::Double, self.constant(*b))),
            ExprKind::Var(v) if matches!(v.ty, Type::Single | Type::Double) => {
                Some((v.ty, self.scalar(*v)))
            }
            _ => None,
        }
    }

    /// DAC = a, ARG = b (both as doubles).
    fn operands(&mut self, a: &Expr, b: &Expr) -> R<Type> {
        if let Some((t, addr)) = self.memory_operand(b) {
            let p = self.dac(a)?;
            let loader = if t == Type::Single {
                "bcd_load_single_arg"
            } else {
                "bcd_load_arg"
            };
            self.call_stmt(loader, vec![(Reg::HL, addr)]);
            return Ok(p);
        }
        self.dac(b)?;
        let t = self.num_temp();
        self.call_stmt("bcd_store_dac", vec![(Reg::HL, sym(&t))]);
        let p = self.dac(a)?;
        self.call_stmt("bcd_load_arg", vec![(Reg::HL, sym(&t))]);
        Ok(p)
    }

    fn arith(&mut self, op: BinOp, a: &Expr, b: &Expr, t: Type) -> R<Type> {
        if op == BinOp::Power {
            if type_of(b) == Some(Type::Integer) {
                let n = self.int(b)?;
                let n = self.hoist(n);
                self.dac(a)?;
                self.call_stmt("rt_bcd_powi", vec![(Reg::HL, n)]);
            } else {
                self.dac(b)?;
                let tmp = self.num_temp();
                self.call_stmt("bcd_store_dac", vec![(Reg::HL, sym(&tmp))]);
                self.dac(a)?;
                self.call_stmt("rt_bas_pow", vec![(Reg::HL, sym(&tmp))]);
            }
            return Ok(Type::Double);
        }
        self.operands(a, b)?;
        let routine = match op {
            BinOp::Add => "bcd_add",
            BinOp::Sub => "bcd_sub",
            BinOp::Mul => "bcd_mul",
            _ => "bcd_div",
        };
        self.call_stmt(routine, vec![]);
        // The ROM computes single operations in double precision and the
        // result is a double (see docs/basic.md).
        Ok(if t == Type::Integer { Type::Double } else { t })
    }

    /// An integer (CINT: truncated toward zero, "Overflow" outside
    /// -32768..32767).
    pub(crate) fn int(&mut self, e: &Expr) -> R<ir::Expr> {
        let Some(t) = self.type_or_mismatch(e) else {
            return Ok(word(0));
        };
        if t == Type::String {
            self.raise(TYPE_MISMATCH);
            return Ok(word(0));
        }
        if t != Type::Integer {
            self.dac(e)?;
            return Ok(self.hoist(call("bcd_to_int", vec![], W::Word)));
        }
        if is_chain(e) {
            return self.int_chain(e);
        }
        match &e.kind {
            ExprKind::Int(v) => Ok(word(i64::from(*v))),
            ExprKind::Var(_) | ExprKind::Element(..) => {
                let a = self.address_of(e)?;
                Ok(load(W::Word, a))
            }
            ExprKind::Not(x) => {
                let x = self.int(x)?;
                Ok(Expr_un(UnOp::Not, x))
            }
            ExprKind::Binary(op, a, b) => self.int_binary(*op, a, b, e),
            ExprKind::Call(k, args) => self.int_call(*k, args, e),
            ExprKind::UserFn(name, args) => {
                let v = self.user_fn(*name, args, e.span)?;
                Ok(self.hoist(v))
            }
            _ => err(e.span, "internal: integer expression"),
        }
    }

    /// An integer for the very next statement: a number in DAC is
    /// converted by a call in the expression itself (no temporary), so the
    /// expression must be used before anything else is emitted.
    pub(crate) fn int_now(&mut self, e: &Expr) -> R<ir::Expr> {
        match type_of(e) {
            Some(Type::Single | Type::Double) => {
                self.dac(e)?;
                Ok(call("bcd_to_int", vec![], W::Word))
            }
            _ => self.int(e),
        }
    }

    fn int_binary(&mut self, op: BinOp, a: &Expr, b: &Expr, e: &Expr) -> R<ir::Expr> {
        if let BinOp::Compare(mask) = op {
            let c = self.compare(mask, a, b)?;
            // -1 when it holds, else 0.
            return Ok(Expr_un(UnOp::Neg, zext(ir::Expr::Cond(Box::new(c)))));
        }
        // Pure integer values stay expressions; the checked operations are
        // calls that touch only registers, so they may stay inside them.
        let x = self.int(a)?;
        let y = self.int(b)?;
        let r = match op {
            BinOp::And => bin(IBin::And, W::Word, x, y),
            BinOp::Or => bin(IBin::Or, W::Word, x, y),
            BinOp::Xor => bin(IBin::Xor, W::Word, x, y),
            BinOp::Eqv => Expr_un(UnOp::Not, bin(IBin::Xor, W::Word, x, y)),
            BinOp::Imp => bin(IBin::Or, W::Word, Expr_un(UnOp::Not, x), y),
            BinOp::IntDiv => self.hoist(call(
                "rt_bcd_idiv",
                vec![(Reg::HL, x), (Reg::DE, y)],
                W::Word,
            )),
            BinOp::Mod => self.hoist(call(
                "rt_bcd_imod",
                vec![(Reg::HL, x), (Reg::DE, y)],
                W::Word,
            )),
            BinOp::Add | BinOp::Sub | BinOp::Mul => {
                // Integer-typed ones are chains (int_chain).
                return err(e.span, "internal: integer chain");
            }
            BinOp::Power => {
                // Integer `^` is computed in BCD (as the ROM does); as an
                // integer operand (`256-2^(7-J%)`), a result outside
                // -32768..32767 is "Overflow" here where MSX would go on in
                // double precision.
                self.dac(e)?;
                return Ok(self.hoist(call("bcd_to_int", vec![], W::Word)));
            }
            BinOp::Div | BinOp::Compare(_) => {
                // Not integer-typed (types.rs); reached only through a
                // mismatch of the type rules.
                return err(e.span, "internal: integer operator");
            }
        };
        Ok(r)
    }

    // ---- conditions

    /// Whether `e` is a truth value (-1 or 0) built from comparisons.
    fn is_truth(e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Binary(BinOp::Compare(_), ..) => true,
            ExprKind::Binary(BinOp::And | BinOp::Or, a, b) => {
                Self::is_truth(a) && Self::is_truth(b)
            }
            ExprKind::Not(x) => Self::is_truth(x),
            _ => false,
        }
    }

    /// The condition "e is not zero" (IF). Every part is evaluated before
    /// the branch, as MSX evaluates the whole expression.
    pub(crate) fn cond(&mut self, e: &Expr) -> R<Cond> {
        match &e.kind {
            ExprKind::Binary(BinOp::Compare(mask), a, b) => self.compare(*mask, a, b),
            ExprKind::Binary(BinOp::And, a, b) if Self::is_truth(e) => {
                let x = self.cond(a)?;
                let y = self.cond(b)?;
                Ok(Cond::And(Box::new(x), Box::new(y)))
            }
            ExprKind::Binary(BinOp::Or, a, b) if Self::is_truth(e) => {
                let x = self.cond(a)?;
                let y = self.cond(b)?;
                Ok(Cond::Or(Box::new(x), Box::new(y)))
            }
            ExprKind::Not(x) if Self::is_truth(x) => {
                let c = self.cond(x)?;
                Ok(Cond::Not(Box::new(c)))
            }
            _ => match self.num(e)? {
                Num::Int(x) => Ok(Cond::NonZero(W::Word, x)),
                Num::Dac(_) => {
                    // Zero has exponent byte 0.
                    let t = self.byte_temp();
                    self.emit(IStmt::Store {
                        w: W::Byte,
                        addr: sym(&t),
                        value: load(W::Byte, bcd("BCD_DAC")),
                    });
                    Ok(Cond::NonZero(W::Byte, load(W::Byte, sym(&t))))
                }
            },
        }
    }

    /// A comparison (mask of the ROM: bit 0 >, bit 1 =, bit 2 <).
    pub(crate) fn compare(&mut self, mask: u8, a: &Expr, b: &Expr) -> R<Cond> {
        let op = match mask {
            cmp::GT => CmpOp::Gt,
            cmp::EQ => CmpOp::Eq,
            cmp::LT => CmpOp::Lt,
            cmp::NE => CmpOp::Ne,
            cmp::GE => CmpOp::Ge,
            cmp::LE => CmpOp::Le,
            0 => return Ok(Cond::False),
            _ => return Ok(Cond::True),
        };
        let (ta, tb) = (type_of(a), type_of(b));
        let result = match (ta, tb) {
            (Some(Type::String), Some(Type::String)) => {
                let x = self.string(a)?;
                let y = self.string(b)?;
                call("rt_bas_scmp", vec![(Reg::HL, x), (Reg::DE, y)], W::Byte)
            }
            (Some(Type::Integer), Some(Type::Integer)) if is_chain(a) || is_chain(b) => {
                return self.compare_chains(op, a, b);
            }
            (Some(Type::Integer), Some(Type::Integer)) => {
                let x = self.int(a)?;
                let y = self.int(b)?;
                return Ok(Cond::Cmp {
                    op,
                    w: W::Word,
                    signed: true,
                    l: x,
                    r: y,
                });
            }
            (Some(x), Some(y)) if x != Type::String && y != Type::String => {
                self.operands(a, b)?;
                call("bcd_cmp", vec![], W::Byte)
            }
            _ => {
                self.raise(TYPE_MISMATCH);
                return Ok(Cond::False);
            }
        };
        let t = self.byte_temp();
        self.emit(IStmt::Store {
            w: W::Byte,
            addr: sym(&t),
            value: result,
        });
        Ok(relation(op, load(W::Byte, sym(&t))))
    }

    // ---- functions

    fn num_call(&mut self, k: K, args: &[Expr], e: &Expr) -> R<Type> {
        let arg = |i: usize| -> R<&Expr> {
            args.get(i).ok_or_else(|| super::LowerError {
                line: e.span.line,
                statement: e.span.statement,
                message: "missing argument".into(),
            })
        };
        let on_dac = |this: &mut Self, routine: &str| -> R<Type> {
            this.dac(arg(0)?)?;
            this.call_stmt(routine, vec![]);
            Ok(Type::Double)
        };
        match k {
            K::Abs if type_of(arg(0)?) == Some(Type::Integer) => {
                // ABS(-32768) is 32768 (ROM ABSFN C2E82 negates through
                // J322B, which makes -32768 the unsigned 32768).
                self.dac(arg(0)?)?;
                self.call_stmt("bcd_abs", vec![]);
                Ok(Type::Double)
            }
            K::Int | K::Fix | K::Abs => {
                let a = arg(0)?;
                if type_of(a) == Some(Type::Integer) {
                    let x = self.int(e)?;
                    self.call_stmt("bcd_from_int", vec![(Reg::HL, x)]);
                    return Ok(Type::Integer);
                }
                let p = self.dac(a)?;
                let r = match k {
                    K::Int => "rt_bcd_int",
                    K::Fix => "rt_bcd_fix",
                    _ => "bcd_abs",
                };
                self.call_stmt(r, vec![]);
                Ok(p)
            }
            K::Rnd => {
                if args.is_empty() {
                    // RND without an argument is RND(1).
                    let k1 = self.constant(consts::int_to_double(1));
                    self.call_stmt("bcd_load_dac", vec![(Reg::HL, k1)]);
                } else {
                    self.dac(arg(0)?)?;
                }
                self.call_stmt("bcd_rnd", vec![]);
                Ok(Type::Double)
            }
            K::Time => {
                self.call_stmt("rt_bx_time", vec![]);
                Ok(Type::Single)
            }
            K::Erl => {
                self.call_stmt("rt_bas_erl", vec![]);
                Ok(Type::Single)
            }
            K::Csng => {
                self.dac(arg(0)?)?;
                self.call_stmt("bcd_round_single", vec![]);
                Ok(Type::Single)
            }
            K::Cdbl => {
                self.dac(arg(0)?)?;
                Ok(Type::Double)
            }
            K::Sqr => on_dac(self, "rt_bas_sqr"),
            K::Sin => on_dac(self, "rt_bas_sin"),
            K::Cos => on_dac(self, "rt_bas_cos"),
            K::Tan => on_dac(self, "rt_bas_tan"),
            K::Atn => on_dac(self, "rt_bas_atn"),
            K::Log => on_dac(self, "rt_bas_log"),
            K::Exp => on_dac(self, "rt_bas_exp"),
            K::Fre => {
                // FRE(s$) is the string space, any number the memory free;
                // both are unsigned 16-bit counts, as singles.
                let a = arg(0)?;
                let routine = if type_of(a) == Some(Type::String) {
                    let s = self.string(a)?;
                    self.call_stmt("rt_bas_sfree", vec![(Reg::HL, s)]);
                    "rt_bx_fres"
                } else {
                    let _ = self.num(a)?;
                    "rt_bx_fre"
                };
                let n = self.hoist(call(routine, vec![], W::Word));
                self.call_stmt("rt_bas_unum", vec![(Reg::HL, n)]);
                Ok(Type::Single)
            }
            K::Val => {
                let s = self.string(arg(0)?)?;
                self.call_stmt("rt_bas_val", vec![(Reg::HL, s)]);
                Ok(Type::Double)
            }
            K::Cvs | K::Cvd => {
                let s = self.string(arg(0)?)?;
                let (routine, t) = if k == K::Cvs {
                    ("rt_bas_cvs", Type::Single)
                } else {
                    ("rt_bas_cvd", Type::Double)
                };
                self.call_stmt(routine, vec![(Reg::HL, s)]);
                Ok(t)
            }
            K::Usr => {
                // USR[n](x) with a number: x in DAC as its own type.
                let n = usr_number(arg(0)?);
                self.usr = true;
                let x = arg(1)?;
                if type_of(x) == Some(Type::Integer) {
                    // An integer (VALTYP 2), as MSX passes -50 or A%+1:
                    // an operation beyond -32768..32767 stops with
                    // Overflow here where MSX would pass a double.
                    let v = self.int(x)?;
                    self.call_stmt("rt_bas_usri", vec![(Reg::HL, v), (Reg::A, byte(n))]);
                } else {
                    let p = self.dac(x)?;
                    let valtyp = if p == Type::Single { 4 } else { 8 };
                    self.call_stmt(
                        "rt_bas_usrd",
                        vec![(Reg::A, byte(n)), (Reg::BC, word(valtyp))],
                    );
                }
                Ok(Type::Double)
            }
            K::Base => {
                // An address 0-65535: positive above 32767, as the ROM gives it.
                let n = self.int(arg(0)?)?;
                self.call_stmt("rt_bx_base", vec![(Reg::HL, n)]);
                Ok(Type::Single)
            }
            K::Loc | K::Lof => {
                let n = self.int(arg(0)?)?;
                let routine = if k == K::Loc {
                    "rt_bas_loc"
                } else {
                    "rt_bas_lof"
                };
                self.call_stmt(routine, vec![(Reg::HL, n)]);
                Ok(Type::Double)
            }
            _ => match type_of(e) {
                Some(Type::Integer) => {
                    let x = self.int(e)?;
                    self.call_stmt("bcd_from_int", vec![(Reg::HL, x)]);
                    Ok(Type::Integer)
                }
                _ => err(e.span, format!("{} is not supported yet", k.spelling())),
            },
        }
    }

    fn int_call(&mut self, k: K, args: &[Expr], e: &Expr) -> R<ir::Expr> {
        let missing = || super::LowerError {
            line: e.span.line,
            statement: e.span.statement,
            message: "missing argument".into(),
        };
        let a0 = args.first().ok_or_else(missing);
        match k {
            K::Int | K::Fix => self.int(a0?),
            K::Abs => {
                let x = self.int(a0?)?;
                Ok(call("rt_bx_iabs", vec![(Reg::HL, x)], W::Word))
            }
            K::Sgn => {
                let a = a0?;
                if type_of(a) == Some(Type::Integer) {
                    let x = self.int(a)?;
                    return Ok(call("rt_bx_isgn", vec![(Reg::HL, x)], W::Word));
                }
                self.dac(a)?;
                let s = ir::Expr::SExt(Box::new(call("bcd_sgn", vec![], W::Byte)));
                Ok(self.hoist(s))
            }
            K::Cint => self.int(a0?),
            K::Len => {
                let s = self.string(a0?)?;
                Ok(self.hoist(call("rt_bas_len", vec![(Reg::HL, s)], W::Word)))
            }
            K::Asc => {
                let s = self.string(a0?)?;
                Ok(self.hoist(call("rt_bas_asc", vec![(Reg::HL, s)], W::Word)))
            }
            K::Instr => {
                let (start, a, b) = match args {
                    [a, b] => (None, a, b),
                    [n, a, b] => (Some(n), a, b),
                    _ => return Err(missing()),
                };
                let n = match start {
                    Some(n) => {
                        let n = self.int(n)?;
                        self.hoist(n)
                    }
                    None => word(1),
                };
                let x = self.string(a)?;
                let y = self.string(b)?;
                Ok(self.hoist(call(
                    "rt_bas_instr",
                    vec![(Reg::HL, x), (Reg::DE, y), (Reg::BC, n)],
                    W::Word,
                )))
            }
            K::Peek => {
                let a = self.address(a0?)?;
                Ok(self.hoist(zext(load(W::Byte, a))))
            }
            K::Vpeek => {
                let a = self.address(a0?)?;
                Ok(self.hoist(call("rt_bx_vpeek", vec![(Reg::HL, a)], W::Word)))
            }
            K::Inp => {
                let a = self.int(a0?)?;
                Ok(self.hoist(zext(ir::Expr::PortIn(Box::new(lo(a))))))
            }
            K::Stick | K::Strig => {
                let a = self.int(a0?)?;
                let r = if k == K::Stick {
                    "rt_bx_stick"
                } else {
                    "rt_bx_strig"
                };
                Ok(self.hoist(call(r, vec![(Reg::A, lo(a))], W::Word)))
            }
            K::Point => {
                let [x, y] = args else {
                    return Err(missing());
                };
                let x = self.int(x)?;
                let x = self.hoist(x);
                let y = self.int(y)?;
                self.emit(IStmt::Store {
                    w: W::Word,
                    addr: ir::Expr::Sym("rt_bx_pts".into(), 2),
                    value: y,
                });
                self.emit(IStmt::Store {
                    w: W::Word,
                    addr: sym("rt_bx_pts"),
                    value: x,
                });
                Ok(self.hoist(call("rt_bx_point", vec![], W::Word)))
            }
            K::Err => Ok(self.hoist(zext(load(W::Byte, sym("rt_bas_errno"))))),
            K::Varptr => match args {
                // The address of the value: 2, 4 or 8 bytes of the number,
                // a string's 3-byte descriptor.
                [v] => {
                    let a = self.address_of(v)?;
                    Ok(self.hoist(a))
                }
                [n, _] => {
                    let n = self.int(n)?;
                    Ok(self.hoist(call("rt_bas_fcbptr", vec![(Reg::HL, n)], W::Word)))
                }
                _ => Err(missing()),
            },
            K::Dskf => {
                let d = self.int(a0?)?;
                Ok(self.hoist(call("rt_bas_dskf", vec![(Reg::HL, d)], W::Word)))
            }
            K::Lpos => {
                if let Ok(a) = a0 {
                    let _ = self.num(a)?;
                }
                Ok(self.hoist(call("rt_bas_lpos", vec![], W::Word)))
            }
            K::Pad | K::Pdl => {
                let n = self.int(a0?)?;
                let r = if k == K::Pad {
                    "rt_bx_pad"
                } else {
                    "rt_bx_pdl"
                };
                Ok(self.hoist(call(r, vec![(Reg::HL, n)], W::Word)))
            }
            K::Vdp => {
                let n = self.int(a0?)?;
                Ok(self.hoist(call("rt_bx_vdp", vec![(Reg::HL, n)], W::Word)))
            }
            K::Play => {
                let n = self.int(a0?)?;
                Ok(self.hoist(call("rt_bas_playfn", vec![(Reg::HL, n)], W::Word)))
            }
            K::Eof => {
                let n = self.int(a0?)?;
                Ok(self.hoist(call("rt_bas_eof", vec![(Reg::HL, n)], W::Word)))
            }
            K::Cvi => {
                let s = self.string(a0?)?;
                Ok(self.hoist(call("rt_bas_cvi", vec![(Reg::HL, s)], W::Word)))
            }
            K::Csrlin => Ok(self.hoist(bin(
                IBin::Sub,
                W::Word,
                zext(load(W::Byte, word(0xF3DC))),
                word(1),
            ))),
            K::Pos => {
                if let Ok(a) = a0 {
                    let _ = self.num(a)?;
                }
                Ok(self.hoist(zext(load(W::Byte, word(0xF661)))))
            }
            _ => match type_of(e) {
                Some(Type::Integer) => {
                    err(e.span, format!("{} is not supported yet", k.spelling()))
                }
                _ => {
                    self.dac(e)?;
                    Ok(self.hoist(call("bcd_to_int", vec![], W::Word)))
                }
            },
        }
    }
}

/// The n of `USR[n]`: the parser's constant 0-9.
pub(crate) fn usr_number(e: &Expr) -> i64 {
    match e.kind {
        ExprKind::Int(n) => i64::from(n),
        _ => 0,
    }
}

#[allow(non_snake_case)]
fn Expr_un(op: UnOp, x: ir::Expr) -> ir::Expr {
    ir::Expr::Un(op, W::Word, Box::new(x))
}

/// The relation `op` on a comparison result `r` (A = 1, 0 or 0FFh for
/// greater, equal, less, as `bcd_cmp` and `rt_bas_scmp` give it): each
/// relation is an equality test against one of them.
pub(crate) fn relation(op: CmpOp, r: ir::Expr) -> Cond {
    let (op, k) = match op {
        CmpOp::Eq => (CmpOp::Eq, 0),
        CmpOp::Ne => (CmpOp::Ne, 0),
        CmpOp::Gt => (CmpOp::Eq, 1),
        CmpOp::Lt => (CmpOp::Eq, 0xFF),
        CmpOp::Ge => (CmpOp::Ne, 0xFF),
        CmpOp::Le => (CmpOp::Ne, 1),
    };
    Cond::Cmp {
        op,
        w: W::Byte,
        signed: false,
        l: r,
        r: byte(k),
    }
}
