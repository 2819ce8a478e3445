//! Expressions: names, selectors, operators, conversions and constant folding.

use super::{Checker, Resolved};
use crate::ast::{self, BinOp, ExprKind as A, Ident, UnOp};
use crate::check::stdlib::StdVar;
use crate::checked::{BinaryOp, Cmp, CmpKind, Conversion, Expr, ExprKind, UnaryOp};
use crate::diagnostics::Diagnostic;
use crate::source::Span;
use crate::symbols::{ConstValue, RoutineId, SymbolKind};
use crate::types::{OrdClass, Type, TypeId};

/// Integers wrap at 16 bits, as on the Z80.
pub(super) fn wrap16(v: i64) -> i64 {
    v as i16 as i64
}

pub(super) fn mk(kind: ExprKind, ty: TypeId, span: Span) -> Expr {
    Expr { kind, ty, span }
}

pub(super) fn error_expr(span: Span) -> Expr {
    mk(ExprKind::Const(ConstValue::Ord(0)), TypeId::ERROR, span)
}

fn konst(v: ConstValue, ty: TypeId, span: Span) -> Expr {
    mk(ExprKind::Const(v), ty, span)
}

impl Checker<'_> {
    /// Checks an expression used as a value.
    pub(super) fn expr(&mut self, e: &ast::Expr) -> Expr {
        match &e.kind {
            A::Int(v) => self.int_literal(*v, e.span),
            A::Real(v) => konst(ConstValue::Real(*v), TypeId::REAL, e.span),
            A::Str(s) if s.len() == 1 => konst(ConstValue::Ord(s[0] as i64), TypeId::CHAR, e.span),
            A::Str(s) => konst(ConstValue::Str(s.clone()), TypeId::STRING, e.span),
            A::Nil => konst(ConstValue::Nil, TypeId::ANY_POINTER, e.span),
            A::Name(_) | A::Index(..) | A::Field(..) | A::Deref(_) | A::Call(..) => {
                self.designator(e, false)
            }
            A::Unary(op, inner) => self.unary(*op, inner, e.span),
            A::Binary(op, l, r) => self.binary(*op, l, r, e.span),
            A::Set(items) => self.set_constructor(items, e.span),
            A::LocationCounter => {
                self.error(
                    e.span,
                    "`*` (the location counter) is only allowed in `inline`",
                );
                error_expr(e.span)
            }
        }
    }

    fn int_literal(&mut self, v: i64, span: Span) -> Expr {
        if v <= 0xFFFF {
            // Hexadecimal constants like $FFFF are 16-bit patterns: $FFFF is -1.
            konst(ConstValue::Ord(wrap16(v)), TypeId::INTEGER, span)
        } else {
            konst(ConstValue::Real(v as f64), TypeId::REAL, span)
        }
    }

    /// A constant expression: checked, then required to have folded to a value.
    pub(super) fn const_expr(&mut self, e: &ast::Expr) -> Option<(ConstValue, TypeId)> {
        let x = self.expr(e);
        match x.kind {
            ExprKind::Const(c) if !self.types.is_error(x.ty) => Some((c, x.ty)),
            _ if self.types.is_error(x.ty) => None,
            _ => {
                self.error(e.span, "expected a constant expression");
                None
            }
        }
    }

    /// A constant integer (addresses, lengths, `external`).
    pub(super) fn const_int(&mut self, e: &ast::Expr) -> Option<i64> {
        let (v, ty) = self.const_expr(e)?;
        match v {
            ConstValue::Ord(n) if self.types.is_integer(ty) => Some(n),
            _ => {
                self.mismatch(e.span, "an integer constant", ty);
                None
            }
        }
    }

    /// A boolean expression (conditions of `if`, `while`, `until`).
    pub(super) fn condition(&mut self, e: &ast::Expr) -> Expr {
        let x = self.expr(e);
        if !self.types.is_boolean(x.ty) {
            self.mismatch(e.span, "boolean", x.ty);
        }
        x
    }

    // ---- names and selectors --------------------------------------------------------------

    /// A name with selectors. With `as_target`, a function's own name means its result.
    pub(super) fn designator(&mut self, e: &ast::Expr, as_target: bool) -> Expr {
        match &e.kind {
            A::Name(id) => self.name_expr(id, as_target),
            A::Index(base, indices) => self.index_expr(base, indices, e.span),
            A::Field(base, field) => {
                let record = self.designator(base, false);
                self.field_expr(record, field, e.span)
            }
            A::Deref(base) => {
                let p = self.designator(base, false);
                match self.types.get(p.ty).clone() {
                    Type::Pointer { target } => mk(ExprKind::Deref(Box::new(p)), target, e.span),
                    Type::Error => error_expr(e.span),
                    _ => {
                        self.mismatch(base.span, "a typed pointer", p.ty);
                        error_expr(e.span)
                    }
                }
            }
            A::Call(callee, args) => self.call_expr(callee, args, e.span),
            _ => self.expr(e),
        }
    }

    fn name_expr(&mut self, id: &Ident, as_target: bool) -> Expr {
        let span = id.span;
        match self.resolve(&id.key) {
            None => {
                self.unknown(id);
                error_expr(span)
            }
            Some(Resolved::WithField(slot, record, index)) => {
                let base = mk(ExprKind::WithRecord(slot), record, span);
                self.field_at(base, index, span)
            }
            Some(Resolved::Symbol(s)) => {
                let sym = self.symbols.get(s);
                let ty = sym.ty;
                match sym.kind.without_data() {
                    SymbolKind::Const(v) => konst(v, ty, span),
                    SymbolKind::EnumValue(n) => konst(ConstValue::Ord(n), ty, span),
                    SymbolKind::Var { .. } => mk(ExprKind::Var(s), ty, span),
                    SymbolKind::Routine(r) => self.routine_name(r, id, as_target),
                    SymbolKind::Type => {
                        self.error(span, format!("`{}` is a type, not a value", id.name));
                        error_expr(span)
                    }
                    SymbolKind::Label(_) => {
                        self.error(span, format!("`{}` is a label, not a value", id.name));
                        error_expr(span)
                    }
                    SymbolKind::StdRoutine(_) | SymbolKind::StdVar(_) => error_expr(span),
                }
            }
            Some(Resolved::Std(name)) => self.std_call_expr(name, id, &[], span),
            Some(Resolved::StdVar(v @ (StdVar::Mem | StdVar::Port))) => {
                self.error(
                    span,
                    format!("`{}` needs an index: `{}[address]`", id.name, id.name),
                );
                let _ = v;
                error_expr(span)
            }
            Some(Resolved::StdVar(v)) => mk(ExprKind::StdVar(v, None), TypeId::TEXT, span),
        }
    }

    /// A routine's name used without arguments: the result variable (as an assignment
    /// target inside the function) or a call.
    fn routine_name(&mut self, r: RoutineId, id: &Ident, as_target: bool) -> Expr {
        let routine = &self.routines[r.0 as usize];
        let span = id.span;
        if routine.kind == ast::RoutineKind::Procedure {
            self.error(
                span,
                format!("procedure `{}` does not return a value", id.name),
            );
            return error_expr(span);
        }
        if as_target {
            if self.encloses(r) {
                if let Some(result) = routine.result {
                    let ty = self.symbols.get(result).ty;
                    return mk(ExprKind::Var(result), ty, span);
                }
            }
            self.error(
                span,
                format!("the result of `{}` can only be set inside it", id.name),
            );
            return error_expr(span);
        }
        self.call_routine_expr(r, id, &[], span)
    }

    /// True if `r` is the routine being checked or one it is nested in.
    pub(super) fn encloses(&self, r: RoutineId) -> bool {
        let mut cur = self.current;
        while let Some(c) = cur {
            if c == r {
                return true;
            }
            cur = self.routines[c.0 as usize].parent;
        }
        false
    }

    fn index_expr(&mut self, base: &ast::Expr, indices: &[ast::Expr], span: Span) -> Expr {
        if let A::Name(id) = &base.kind {
            if let Some(Resolved::StdVar(v @ (StdVar::Mem | StdVar::Port))) = self.resolve(&id.key)
            {
                if indices.len() != 1 {
                    self.error(span, format!("`{}` takes one index", id.name));
                }
                let index = self.expr(&indices[0]);
                let index = self.coerce(index, TypeId::INTEGER, "an address");
                return mk(
                    ExprKind::StdVar(v, Some(Box::new(index))),
                    TypeId::BYTE,
                    span,
                );
            }
        }
        let mut cur = self.designator(base, false);
        for ix in indices {
            let index = self.expr(ix);
            let whole = cur.span.to(ix.span);
            cur = match self.types.get(cur.ty).clone() {
                Type::Array {
                    index: index_ty,
                    elem,
                } => {
                    let index = self.index_value(index, index_ty);
                    mk(
                        ExprKind::Index {
                            array: Box::new(cur),
                            index: Box::new(index),
                        },
                        elem,
                        whole,
                    )
                }
                Type::String { max } => {
                    let index = self.coerce(index, TypeId::INTEGER, "a string index");
                    if let Some(i) = index.const_ord() {
                        if !(0..=max as i64).contains(&i) {
                            self.error(
                                ix.span,
                                format!("index {i} is outside the string's 0..{max}"),
                            );
                        }
                    }
                    mk(
                        ExprKind::StrIndex {
                            string: Box::new(cur),
                            index: Box::new(index),
                        },
                        TypeId::CHAR,
                        whole,
                    )
                }
                Type::Error => error_expr(whole),
                _ => {
                    self.mismatch(base.span, "an array or a string", cur.ty);
                    error_expr(whole)
                }
            };
        }
        cur
    }

    /// An index converted for an array whose index type is `index_ty`; integer-like indexes
    /// become 16-bit integers, constant indexes are checked against the bounds.
    fn index_value(&mut self, index: Expr, index_ty: TypeId) -> Expr {
        let (Some(want), Some(have)) = (
            self.types.ord_class(index_ty),
            self.types.ord_class(index.ty),
        ) else {
            if !self.types.is_error(index.ty) {
                let expected = self.types.name(index_ty);
                self.mismatch(
                    index.span,
                    &format!("an index of type {expected}"),
                    index.ty,
                );
            }
            return index;
        };
        if want != have {
            let expected = self.types.name(index_ty);
            self.mismatch(
                index.span,
                &format!("an index of type {expected}"),
                index.ty,
            );
            return index;
        }
        if let (Some(v), Some((lo, hi))) = (index.const_ord(), self.types.ordinal_range(index_ty)) {
            if v < lo || v > hi {
                self.diags.push(
                    Diagnostic::error(index.span, format!("index {v} is out of range {lo}..{hi}"))
                        .with_label("out of range"),
                );
            }
        }
        if want == OrdClass::Integer {
            self.widen(index)
        } else {
            index
        }
    }

    fn field_expr(&mut self, record: Expr, field: &Ident, span: Span) -> Expr {
        if self.types.is_error(record.ty) {
            return error_expr(span);
        }
        match self.types.field(record.ty, &field.key) {
            Some((index, _)) => self.field_at(record, index, span),
            None if matches!(self.types.get(record.ty), Type::Record { .. }) => {
                let rname = self.types.name(record.ty);
                self.diags.push(
                    Diagnostic::error(
                        field.span,
                        format!("`{rname}` has no field `{}`", field.name),
                    )
                    .with_label("unknown field"),
                );
                error_expr(span)
            }
            None => {
                self.mismatch(record.span, "a record", record.ty);
                error_expr(span)
            }
        }
    }

    fn field_at(&mut self, record: Expr, index: usize, span: Span) -> Expr {
        let Type::Record { fields } = self.types.get(record.ty) else {
            return error_expr(span);
        };
        let f = &fields[index];
        let (ty, offset) = (f.ty, f.offset);
        mk(
            ExprKind::Field {
                record: Box::new(record),
                field: index as u32,
                offset,
            },
            ty,
            span,
        )
    }

    /// Checks that `e` names a variable (something with an address that may be written).
    pub(super) fn require_variable(&mut self, e: &Expr, what: &str) -> bool {
        if self.types.is_error(e.ty) || is_variable(e) {
            return true;
        }
        let message = match &e.kind {
            ExprKind::Const(_) => format!("cannot {what} a constant"),
            ExprKind::Call { .. } | ExprKind::StdCall { .. } => {
                format!("cannot {what} the result of a function call")
            }
            _ => format!("cannot {what} an expression; a variable is needed"),
        };
        self.diags
            .push(Diagnostic::error(e.span, message).with_label("not a variable"));
        false
    }

    // ---- conversions -------------------------------------------------------------------------

    /// An integer-like one-byte value widened to integer; other values unchanged.
    pub(super) fn widen(&mut self, e: Expr) -> Expr {
        if self.types.is_integer(e.ty) && self.types.size(e.ty) == 1 {
            return self.convert(Conversion::ByteToInt, e, TypeId::INTEGER);
        }
        if self.types.is_integer(e.ty) && e.ty != TypeId::INTEGER {
            // A two-byte integer subrange: already an integer.
            return Expr {
                ty: TypeId::INTEGER,
                ..e
            };
        }
        e
    }

    pub(super) fn as_real(&mut self, e: Expr) -> Expr {
        if self.types.is_integer(e.ty) {
            let e = self.widen(e);
            return self.convert(Conversion::IntToReal, e, TypeId::REAL);
        }
        e
    }

    fn as_str(&mut self, e: Expr) -> Expr {
        if self.types.is_char(e.ty) {
            return self.convert(Conversion::CharToStr, e, TypeId::STRING);
        }
        e
    }

    /// Builds a conversion node, folding it for constants.
    pub(super) fn convert(&mut self, conv: Conversion, e: Expr, to: TypeId) -> Expr {
        let span = e.span;
        if let ExprKind::Const(c) = &e.kind {
            let folded = match (conv, c) {
                (Conversion::IntToReal, ConstValue::Ord(v)) => Some(ConstValue::Real(*v as f64)),
                (Conversion::CharToStr, ConstValue::Ord(v)) => {
                    Some(ConstValue::Str(vec![*v as u8]))
                }
                (Conversion::ByteToInt, ConstValue::Ord(v)) => Some(ConstValue::Ord(*v)),
                (Conversion::IntToByte, ConstValue::Ord(v)) => Some(ConstValue::Ord(*v & 0xFF)),
                (Conversion::Retype | Conversion::SetResize, c) => Some(c.clone()),
                _ => None,
            };
            if let Some(v) = folded {
                return konst(v, to, span);
            }
        }
        mk(
            ExprKind::Convert {
                conv,
                expr: Box::new(e),
            },
            to,
            span,
        )
    }

    /// Makes `e` fit a place of type `to` (assignment compatibility), adding the
    /// conversion it needs, or reports a mismatch. `what` names the place in messages.
    pub(super) fn coerce(&mut self, e: Expr, to: TypeId, what: &str) -> Expr {
        let from = e.ty;
        if from == to || self.types.is_error(from) || self.types.is_error(to) {
            return e;
        }
        let span = e.span;
        if let (Some(tc), Some(fc)) = (self.types.ord_class(to), self.types.ord_class(from)) {
            if tc == fc {
                return self.coerce_ordinal(e, to);
            }
        }
        let target = self.types.get(to).clone();
        let source = self.types.get(from).clone();
        match (&target, &source) {
            (Type::Real, _) if self.types.is_integer(from) => return self.as_real(e),
            (Type::String { max }, Type::String { .. }) => {
                if let Some(ConstValue::Str(s)) = e.as_const() {
                    if s.len() > *max as usize {
                        self.error(
                            span,
                            format!(
                                "string constant of {} characters does not fit string[{max}]",
                                s.len()
                            ),
                        );
                    }
                }
                return e;
            }
            (Type::String { .. }, _) if self.types.is_char(from) => return self.as_str(e),
            (Type::Set { elem: te }, Type::Set { elem: fe }) => {
                let compatible = from == TypeId::EMPTY_SET
                    || self.types.ord_class(*te) == self.types.ord_class(*fe);
                if compatible {
                    if self.types.set_layout(to) == self.types.set_layout(from)
                        || e.as_const().is_some()
                    {
                        return Expr { ty: to, ..e };
                    }
                    return self.convert(Conversion::SetResize, e, to);
                }
            }
            (Type::Pointer { .. }, Type::AnyPointer) => return Expr { ty: to, ..e },
            (Type::Pointer { target: a }, Type::Pointer { target: b }) if a == b => {
                return Expr { ty: to, ..e }
            }
            _ => {}
        }
        let expected = self.types.name(to);
        let found = self.types.name(from);
        self.diags.push(
            Diagnostic::error(
                span,
                format!("type mismatch: expected {expected}, found {found}"),
            )
            .with_label(format!("this is {found}, but {what} is {expected}")),
        );
        Expr {
            ty: TypeId::ERROR,
            ..e
        }
    }

    fn coerce_ordinal(&mut self, e: Expr, to: TypeId) -> Expr {
        if let Some(v) = e.const_ord() {
            if let Some((lo, hi)) = self.types.ordinal_range(to) {
                // Integer constants wrap like the machine does; narrower types are checked.
                if self.types.get(to) != &Type::Integer && (v < lo || v > hi) {
                    self.diags.push(
                        Diagnostic::error(
                            e.span,
                            format!("constant {v} is out of range {lo}..{hi}"),
                        )
                        .with_label("out of range"),
                    );
                }
            }
            return konst(ConstValue::Ord(v), to, e.span);
        }
        match (self.types.size(to), self.types.size(e.ty)) {
            (1, 2) => self.convert(Conversion::IntToByte, e, to),
            (2, 1) => self.convert(Conversion::ByteToInt, e, to),
            _ => Expr { ty: to, ..e },
        }
    }

    // ---- operators -----------------------------------------------------------------------------

    fn unary(&mut self, op: UnOp, inner: &ast::Expr, span: Span) -> Expr {
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

    fn binary(&mut self, op: BinOp, l: &ast::Expr, r: &ast::Expr, span: Span) -> Expr {
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
        let stringish = |x: TypeId| t.is_string(x) || t.is_char(x);
        let (ls, rs) = (stringish(lhs.ty), stringish(rhs.ty));
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
        let stringish = |x: TypeId| t.is_string(x) || t.is_char(x);
        if stringish(lhs.ty) && stringish(rhs.ty) {
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

    fn set_constructor(&mut self, items: &[ast::SetItem], span: Span) -> Expr {
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

/// True for expressions that denote storage (assignable, passable by reference).
pub(super) fn is_variable(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Var(_) | ExprKind::WithRecord(_) | ExprKind::Deref(_) => true,
        ExprKind::StdVar(_, _) => true,
        ExprKind::Index { array, .. } => is_variable(array),
        ExprKind::StrIndex { string, .. } => is_variable(string),
        ExprKind::Field { record, .. } => is_variable(record),
        _ => false,
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
