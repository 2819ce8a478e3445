//! Operators: choosing the typed operation for `+ - * / div mod and or xor shl shr`,
//! comparisons and `in`, converting the operands, set constructors, and folding operations
//! on constants.

use super::expr::{error_expr, mk, wrap16};
use super::Checker;
use crate::ast::{self, BinOp, UnOp};
use crate::checked::{BinaryOp, Cmp, CmpKind, Expr, ExprKind, UnaryOp};
use crate::diagnostics::Diagnostic;
use crate::source::Span;
use crate::symbols::ConstValue;
use crate::types::{OrdClass, Type, TypeId};

fn konst(v: ConstValue, ty: TypeId, span: Span) -> Expr {
    mk(ExprKind::Const(v), ty, span)
}

impl Checker<'_> {
    pub(super) fn unary(&mut self, op: UnOp, inner: &ast::Expr, span: Span) -> Expr {
        // `-32768` is within TP3's documented integer range, though the literal 32768 is
        // not (TP3 itself rejects `-32768` with error 56, a known bug of its compiler).
        if let (UnOp::Neg, ast::ExprKind::Int(32768)) = (op, &inner.kind) {
            return konst(ConstValue::Ord(-32768), TypeId::INTEGER, span);
        }
        let x = self.expr(inner);
        if self.types.is_error(x.ty) {
            return error_expr(span);
        }
        let (op, x, ty) = match op {
            UnOp::Plus if self.types.is_integer(x.ty) || self.types.is_real(x.ty) => {
                let x = self.widen(x);
                return Expr { span, ..x };
            }
            UnOp::Neg if self.types.is_integer(x.ty) => {
                (UnaryOp::IntNeg, self.widen(x), TypeId::INTEGER)
            }
            UnOp::Neg if self.types.is_real(x.ty) => (UnaryOp::RealNeg, x, TypeId::REAL),
            UnOp::Not if self.types.is_boolean(x.ty) => (UnaryOp::BoolNot, x, TypeId::BOOLEAN),
            UnOp::Not if self.types.is_integer(x.ty) => {
                (UnaryOp::IntNot, self.widen(x), TypeId::INTEGER)
            }
            _ => {
                let text = match op {
                    UnOp::Neg => "-",
                    UnOp::Plus => "+",
                    UnOp::Not => "not",
                };
                let name = self.types.name(x.ty);
                self.error(
                    span,
                    format!("operator `{text}` cannot be applied to {name}"),
                );
                return error_expr(span);
            }
        };
        if let Some(c) = x.as_const() {
            let folded = match (op, c) {
                (UnaryOp::IntNeg, ConstValue::Ord(v)) => Some(ConstValue::Ord(wrap16(-v))),
                (UnaryOp::RealNeg, ConstValue::Real(v)) => Some(ConstValue::Real(-v)),
                (UnaryOp::BoolNot, ConstValue::Ord(v)) => Some(ConstValue::Ord(1 - v)),
                (UnaryOp::IntNot, ConstValue::Ord(v)) => Some(ConstValue::Ord(wrap16(!v))),
                _ => None,
            };
            if let Some(v) = folded {
                return konst(v, ty, span);
            }
        }
        mk(
            ExprKind::Unary {
                op,
                operand: Box::new(x),
            },
            ty,
            span,
        )
    }

    pub(super) fn binary(&mut self, op: BinOp, l: &ast::Expr, r: &ast::Expr, span: Span) -> Expr {
        let lhs = self.expr(l);
        let rhs = self.expr(r);
        if self.types.is_error(lhs.ty) || self.types.is_error(rhs.ty) {
            return error_expr(span);
        }
        let Some((op2, lhs, rhs, ty)) = self.binary_types(op, lhs, rhs) else {
            return error_expr(span);
        };
        if let (Some(a), Some(b)) = (lhs.as_const(), rhs.as_const()) {
            match fold_binary(op2, a, b) {
                Ok(Some(v)) => return konst(v, ty, span),
                Ok(None) => {}
                Err(message) => {
                    self.error(span, message);
                    return error_expr(span);
                }
            }
        }
        mk(
            ExprKind::Binary {
                op: op2,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
            },
            ty,
            span,
        )
    }

    /// Picks the typed operator for `op` on these operands and converts them.
    fn binary_types(
        &mut self,
        op: BinOp,
        lhs: Expr,
        rhs: Expr,
    ) -> Option<(BinaryOp, Expr, Expr, TypeId)> {
        let t = &self.types;
        let (li, ri) = (t.is_integer(lhs.ty), t.is_integer(rhs.ty));
        let numeric = |x: TypeId| t.is_integer(x) || t.is_real(x);
        let (ln, rn) = (numeric(lhs.ty), numeric(rhs.ty));
        let (ls, rs) = (self.is_stringish(lhs.ty), self.is_stringish(rhs.ty));
        let (lset, rset) = (t.is_set(lhs.ty), t.is_set(rhs.ty));
        let (lb, rb) = (t.is_boolean(lhs.ty), t.is_boolean(rhs.ty));

        let int_op = match op {
            BinOp::Add => Some(BinaryOp::IntAdd),
            BinOp::Sub => Some(BinaryOp::IntSub),
            BinOp::Mul => Some(BinaryOp::IntMul),
            BinOp::Div => Some(BinaryOp::IntDiv),
            BinOp::Mod => Some(BinaryOp::IntMod),
            BinOp::And => Some(BinaryOp::IntAnd),
            BinOp::Or => Some(BinaryOp::IntOr),
            BinOp::Xor => Some(BinaryOp::IntXor),
            BinOp::Shl => Some(BinaryOp::Shl),
            BinOp::Shr => Some(BinaryOp::Shr),
            _ => None,
        };
        let real_op = match op {
            BinOp::Add => Some(BinaryOp::RealAdd),
            BinOp::Sub => Some(BinaryOp::RealSub),
            BinOp::Mul => Some(BinaryOp::RealMul),
            BinOp::RealDiv => Some(BinaryOp::RealDiv),
            _ => None,
        };
        let bool_op = match op {
            BinOp::And => Some(BinaryOp::BoolAnd),
            BinOp::Or => Some(BinaryOp::BoolOr),
            BinOp::Xor => Some(BinaryOp::BoolXor),
            _ => None,
        };
        let set_op = match op {
            BinOp::Add => Some(BinaryOp::SetUnion),
            BinOp::Sub => Some(BinaryOp::SetDiff),
            BinOp::Mul => Some(BinaryOp::SetIntersect),
            _ => None,
        };

        if op.is_comparison() {
            return self.comparison(op, lhs, rhs);
        }
        if op == BinOp::In {
            return self.membership(lhs, rhs);
        }
        if let (Some(o), true, true) = (int_op, li, ri) {
            let (l, r) = (self.widen(lhs), self.widen(rhs));
            return Some((o, l, r, TypeId::INTEGER));
        }
        if let (Some(o), true, true) = (real_op, ln, rn) {
            let (l, r) = (self.as_real(lhs), self.as_real(rhs));
            return Some((o, l, r, TypeId::REAL));
        }
        if let (Some(o), true, true) = (bool_op, lb, rb) {
            return Some((o, lhs, rhs, TypeId::BOOLEAN));
        }
        if op == BinOp::Add && ls && rs {
            let (l, r) = (self.as_str(lhs), self.as_str(rhs));
            return Some((BinaryOp::Concat, l, r, TypeId::STRING));
        }
        if let (Some(o), true, true) = (set_op, lset, rset) {
            if let Some(ty) = self.common_set(lhs.ty, rhs.ty) {
                let (l, r) = (
                    self.coerce(lhs, ty, "the set"),
                    self.coerce(rhs, ty, "the set"),
                );
                return Some((o, l, r, ty));
            }
        }
        self.bad_operands(op, &lhs, &rhs);
        None
    }

    fn bad_operands(&mut self, op: BinOp, lhs: &Expr, rhs: &Expr) {
        let (a, b) = (self.types.name(lhs.ty), self.types.name(rhs.ty));
        self.diags.push(
            Diagnostic::error(
                lhs.span.to(rhs.span),
                format!("operator `{}` cannot be applied to {a} and {b}", op.text()),
            )
            .with_label(format!("{a} {} {b}", op.text())),
        );
    }

    fn comparison(
        &mut self,
        op: BinOp,
        lhs: Expr,
        rhs: Expr,
    ) -> Option<(BinaryOp, Expr, Expr, TypeId)> {
        let cmp = match op {
            BinOp::Eq => Cmp::Eq,
            BinOp::Ne => Cmp::Ne,
            BinOp::Lt => Cmp::Lt,
            BinOp::Le => Cmp::Le,
            BinOp::Gt => Cmp::Gt,
            _ => Cmp::Ge,
        };
        let t = &self.types;
        let (lc, rc) = (t.ord_class(lhs.ty), t.ord_class(rhs.ty));
        let result = |kind, l, r| Some((BinaryOp::Cmp(cmp, kind), l, r, TypeId::BOOLEAN));
        if lc.is_some() && lc == rc {
            if t.size(lhs.ty) == 1 && t.size(rhs.ty) == 1 {
                return result(CmpKind::Byte, lhs, rhs);
            }
            let (l, r) = (self.widen(lhs), self.widen(rhs));
            return result(CmpKind::Int, l, r);
        }
        let numeric = |x: TypeId| t.is_integer(x) || t.is_real(x);
        if numeric(lhs.ty) && numeric(rhs.ty) {
            let (l, r) = (self.as_real(lhs), self.as_real(rhs));
            return result(CmpKind::Real, l, r);
        }
        if self.is_stringish(lhs.ty) && self.is_stringish(rhs.ty) {
            let (l, r) = (self.as_str(lhs), self.as_str(rhs));
            return result(CmpKind::Str, l, r);
        }
        let sets = t.is_set(lhs.ty) && t.is_set(rhs.ty);
        let pointers = t.is_pointer(lhs.ty) && t.is_pointer(rhs.ty);
        if sets && !matches!(cmp, Cmp::Lt | Cmp::Gt) {
            if let Some(ty) = self.common_set(lhs.ty, rhs.ty) {
                let (l, r) = (
                    self.coerce(lhs, ty, "the set"),
                    self.coerce(rhs, ty, "the set"),
                );
                return result(CmpKind::Set, l, r);
            }
        }
        if pointers && matches!(cmp, Cmp::Eq | Cmp::Ne) {
            return result(CmpKind::Pointer, lhs, rhs);
        }
        self.bad_operands(op, &lhs, &rhs);
        None
    }

    fn membership(&mut self, lhs: Expr, rhs: Expr) -> Option<(BinaryOp, Expr, Expr, TypeId)> {
        let elem_class = match self.types.get(rhs.ty) {
            Type::Set { elem } if rhs.ty != TypeId::EMPTY_SET => self.types.ord_class(*elem),
            Type::Set { .. } => self.types.ord_class(lhs.ty),
            _ => None,
        };
        if elem_class.is_none() || elem_class != self.types.ord_class(lhs.ty) {
            self.bad_operands(BinOp::In, &lhs, &rhs);
            return None;
        }
        let lhs = self.widen(lhs);
        Some((BinaryOp::In, lhs, rhs, TypeId::BOOLEAN))
    }

    /// The set type both operands convert to, if their elements are of one family.
    fn common_set(&mut self, a: TypeId, b: TypeId) -> Option<TypeId> {
        if a == b || b == TypeId::EMPTY_SET {
            return Some(a);
        }
        if a == TypeId::EMPTY_SET {
            return Some(b);
        }
        let (Type::Set { elem: ea }, Type::Set { elem: eb }) =
            (self.types.get(a), self.types.get(b))
        else {
            return None;
        };
        let class = self.types.ord_class(*ea)?;
        if Some(class) != self.types.ord_class(*eb) {
            return None;
        }
        if self.types.set_layout(a) == self.types.set_layout(b) {
            return Some(a);
        }
        Some(self.set_of_class(class))
    }

    /// The widest set type for an ordinal family.
    fn set_of_class(&mut self, class: OrdClass) -> TypeId {
        let elem = match class {
            OrdClass::Integer => return TypeId::BYTE_SET,
            OrdClass::Char => TypeId::CHAR,
            OrdClass::Boolean => TypeId::BOOLEAN,
            OrdClass::Enum(e) => e,
        };
        self.types.add(Type::Set { elem })
    }

    pub(super) fn set_constructor(&mut self, items: &[ast::SetItem], span: Span) -> Expr {
        if items.is_empty() {
            return konst(ConstValue::Set(Box::new([0; 32])), TypeId::EMPTY_SET, span);
        }
        let mut class = None;
        let mut elems = Vec::new();
        let mut bits = Some(Box::new([0u8; 32]));
        for item in items {
            let lo = self.expr(&item.lo);
            let hi = item.hi.as_ref().map(|h| self.expr(h));
            for x in std::iter::once(&lo).chain(hi.as_ref()) {
                if self.types.is_error(x.ty) {
                    return error_expr(span);
                }
                let c = self.types.ord_class(x.ty);
                if c.is_none() || (class.is_some() && class != c) {
                    self.mismatch(x.span, "set elements of one ordinal type", x.ty);
                    return error_expr(span);
                }
                class = c;
                if let Some(v) = x.const_ord() {
                    if !(0..=255).contains(&v) {
                        self.error(x.span, format!("set element {v} is outside 0..255"));
                        return error_expr(span);
                    }
                }
            }
            match (lo.const_ord(), hi.as_ref().map(|h| h.const_ord())) {
                (Some(a), None) => set_bits(&mut bits, a, a),
                (Some(a), Some(Some(b))) => set_bits(&mut bits, a, b),
                _ => bits = None,
            }
            elems.push((lo, hi));
        }
        let ty = self.set_of_class(class.unwrap_or(OrdClass::Integer));
        match bits {
            Some(b) => konst(ConstValue::Set(b), ty, span),
            None => mk(ExprKind::Set(elems), ty, span),
        }
    }
}

fn set_bits(bits: &mut Option<Box<[u8; 32]>>, lo: i64, hi: i64) {
    if let Some(b) = bits {
        for v in lo.max(0)..=hi.min(255) {
            b[(v / 8) as usize] |= 1 << (v % 8);
        }
    }
}

/// Folds a binary operation on constants. `Ok(None)`: not foldable; `Err`: a compile-time
/// error (division by zero).
fn fold_binary(op: BinaryOp, a: &ConstValue, b: &ConstValue) -> Result<Option<ConstValue>, String> {
    use ConstValue::{Ord, Real, Set, Str};
    let bool_of = |x: bool| Ord(x as i64);
    Ok(Some(match (op, a, b) {
        (BinaryOp::IntAdd, Ord(x), Ord(y)) => Ord(wrap16(x + y)),
        (BinaryOp::IntSub, Ord(x), Ord(y)) => Ord(wrap16(x - y)),
        (BinaryOp::IntMul, Ord(x), Ord(y)) => Ord(wrap16(x.wrapping_mul(*y))),
        (BinaryOp::IntDiv | BinaryOp::IntMod, Ord(_), Ord(0)) => {
            return Err("division by zero".to_string())
        }
        (BinaryOp::IntDiv, Ord(x), Ord(y)) => Ord(wrap16(x / y)),
        (BinaryOp::IntMod, Ord(x), Ord(y)) => Ord(wrap16(x % y)),
        (BinaryOp::IntAnd | BinaryOp::BoolAnd, Ord(x), Ord(y)) => Ord(x & y),
        (BinaryOp::IntOr | BinaryOp::BoolOr, Ord(x), Ord(y)) => Ord(x | y),
        (BinaryOp::IntXor | BinaryOp::BoolXor, Ord(x), Ord(y)) => Ord(x ^ y),
        (BinaryOp::Shl, Ord(x), Ord(y)) => Ord(wrap16(((*x as u16 as u32) << (y & 31)) as i64)),
        (BinaryOp::Shr, Ord(x), Ord(y)) => Ord(wrap16(((*x as u16 as u32) >> (y & 31)) as i64)),
        (BinaryOp::RealAdd, Real(x), Real(y)) => Real(x + y),
        (BinaryOp::RealSub, Real(x), Real(y)) => Real(x - y),
        (BinaryOp::RealMul, Real(x), Real(y)) => Real(x * y),
        (BinaryOp::RealDiv, Real(_), Real(y)) if *y == 0.0 => {
            return Err("division by zero".to_string())
        }
        (BinaryOp::RealDiv, Real(x), Real(y)) => Real(x / y),
        (BinaryOp::Concat, Str(x), Str(y)) => {
            let mut s = x.clone();
            s.extend_from_slice(y);
            s.truncate(255);
            Str(s)
        }
        (BinaryOp::SetUnion, Set(x), Set(y)) => Set(Box::new(std::array::from_fn(|i| x[i] | y[i]))),
        (BinaryOp::SetDiff, Set(x), Set(y)) => Set(Box::new(std::array::from_fn(|i| x[i] & !y[i]))),
        (BinaryOp::SetIntersect, Set(x), Set(y)) => {
            Set(Box::new(std::array::from_fn(|i| x[i] & y[i])))
        }
        (BinaryOp::In, Ord(v), Set(s)) => {
            bool_of((0..=255).contains(v) && s[(*v / 8) as usize] & (1 << (v % 8)) != 0)
        }
        (BinaryOp::Cmp(cmp, _), x, y) => {
            let ordering = match (x, y) {
                (Ord(x), Ord(y)) => x.partial_cmp(y),
                (Real(x), Real(y)) => x.partial_cmp(y),
                (Str(x), Str(y)) => x.partial_cmp(y),
                (Set(x), Set(y)) => {
                    let sub = |a: &[u8; 32], b: &[u8; 32]| (0..32).all(|i| a[i] & !b[i] == 0);
                    return Ok(Some(bool_of(match cmp {
                        Cmp::Eq => x == y,
                        Cmp::Ne => x != y,
                        Cmp::Le => sub(x, y),
                        Cmp::Ge => sub(y, x),
                        _ => return Ok(None),
                    })));
                }
                _ => return Ok(None),
            };
            let Some(o) = ordering else { return Ok(None) };
            bool_of(match cmp {
                Cmp::Eq => o.is_eq(),
                Cmp::Ne => o.is_ne(),
                Cmp::Lt => o.is_lt(),
                Cmp::Le => o.is_le(),
                Cmp::Gt => o.is_gt(),
                Cmp::Ge => o.is_ge(),
            })
        }
        _ => return Ok(None),
    }))
}
