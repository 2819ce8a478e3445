//! Expressions: literals, names and selectors (`a[i]`, `r.f`, `p^`), and the conversions
//! that make a value fit where it goes. Operators are in `ops.rs`.

use super::{Checker, Resolved};
use crate::ast::{self, ExprKind as A, Ident};
use crate::check::stdlib::StdVar;
use crate::checked::{Conversion, Expr, ExprKind};
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

    /// A whole number. The lexer has already turned hexadecimal constants (`$0000..$FFFF`)
    /// into 16-bit patterns (`$FFFF` is -1), so a value above 32767 here is a decimal
    /// constant outside TP3's integer range. TP 3.0 refuses it (error 56), but TP 3.3f for
    /// MSX, the compiler MSX programs were built with, reads a decimal constant up to
    /// 2147483647 as a `LongInt` (its manual, 3.2 "Numbers"), and programs use that:
    /// `65536 * Major + Minor`, `32768 + Abs(x)`, `704000` passed to a `real`. Without
    /// `LongInt`, such a constant is a real here: the same value wherever a real or a
    /// comparison takes it; where an integer is needed it is a type mismatch.
    /// `-32768` itself is taken by `unary` before it gets here.
    pub(super) fn int_literal(&mut self, v: i64, span: Span) -> Expr {
        if v <= i16::MAX as i64 {
            return konst(ConstValue::Ord(v), TypeId::INTEGER, span);
        }
        if v <= i32::MAX as i64 {
            return konst(ConstValue::Real(v as f64), TypeId::REAL, span);
        }
        self.diags.push(
            Diagnostic::error(span, "integer constant out of range")
                .with_label("a whole number is at most 2147483647")
                .with_note(format!("write `{v}.0` for a real")),
        );
        error_expr(span)
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
                }
            }
            Some(Resolved::Std(name)) => self.std_call_expr(name, id, &[], span),
            Some(Resolved::StdVar(StdVar::Mem | StdVar::Port)) => {
                self.error(
                    span,
                    format!("`{}` needs an index: `{}[address]`", id.name, id.name),
                );
                error_expr(span)
            }
            Some(Resolved::StdVar(v @ StdVar::IoVector(_))) => {
                mk(ExprKind::StdVar(v, None), TypeId::INTEGER, span)
            }
            Some(Resolved::StdVar(v @ StdVar::WorkByte(_))) => {
                mk(ExprKind::StdVar(v, None), TypeId::BYTE, span)
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
                    self.results_set.push(r);
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
        let want = match (
            self.types.ord_class(index_ty),
            self.types.ord_class(index.ty),
        ) {
            (Some(want), Some(have)) if want == have => want,
            _ => {
                if !self.types.is_error(index.ty) {
                    let expected = self.types.name(index_ty);
                    self.mismatch(
                        index.span,
                        &format!("an index of type {expected}"),
                        index.ty,
                    );
                }
                return index;
            }
        };
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

    /// A character or a character array used as a string value; other values unchanged.
    pub(super) fn as_str(&mut self, e: Expr) -> Expr {
        if self.types.is_char(e.ty) {
            return self.convert(Conversion::CharToStr, e, TypeId::STRING);
        }
        if self.types.string_like_char_array(e.ty).is_some() {
            return self.convert(Conversion::CharArrayToStr, e, TypeId::STRING);
        }
        e
    }

    /// A string, a character or a character array: what string operators take.
    pub(super) fn is_stringish(&self, ty: TypeId) -> bool {
        self.types.is_string(ty)
            || self.types.is_char(ty)
            || self.types.string_like_char_array(ty).is_some()
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
                // TP3 cuts a string that is too long for its place, a constant too.
                if let Some(ConstValue::Str(s)) = e.as_const() {
                    if s.len() > *max as usize {
                        self.diags.push(
                            Diagnostic::warning(
                                span,
                                format!(
                                    "string constant of {} characters is cut to the {max} of string[{max}]",
                                    s.len()
                                ),
                            )
                            .with_label("as TP3 does, the rest is dropped"),
                        );
                        let cut = s[..*max as usize].to_vec();
                        return konst(ConstValue::Str(cut), from, span);
                    }
                }
                return e;
            }
            (Type::String { .. }, _) if self.is_stringish(from) => return self.as_str(e),
            (Type::Char, Type::String { .. }) if e.as_const().is_none() => {
                return self.convert(Conversion::StrToChar, e, TypeId::CHAR)
            }
            // A string constant of the array's length (TP3: "string constants may be
            // assigned to character arrays of the same length"; string variables may not).
            (Type::Array { .. }, _) if self.types.string_like_char_array(to).is_some() => {
                let n = self.types.string_like_char_array(to).unwrap_or(0) as usize;
                let text = match e.as_const() {
                    Some(ConstValue::Str(s)) => Some(s.clone()),
                    Some(ConstValue::Ord(c)) if self.types.is_char(from) => Some(vec![*c as u8]),
                    _ => None,
                };
                if let Some(text) = text.filter(|t| t.len() == n) {
                    return konst(ConstValue::Str(text), to, span);
                }
            }
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
        let mut d = Diagnostic::error(
            span,
            format!("type mismatch: expected {expected}, found {found}"),
        )
        .with_label(format!("this is {found}, but {what} is {expected}"));
        if let (Some(ConstValue::Real(v)), true) = (e.as_const(), self.types.is_integer(to)) {
            if v.fract() == 0.0 && *v > 32767.0 && *v <= 65535.0 {
                d = d.with_note(format!(
                    "a whole number above 32767 is a real constant; write `${:X}` for the 16-bit pattern",
                    *v as u32
                ));
            }
        }
        self.diags.push(d);
        Expr {
            ty: TypeId::ERROR,
            ..e
        }
    }

    fn coerce_ordinal(&mut self, e: Expr, to: TypeId) -> Expr {
        if let Some(v) = e.const_ord() {
            if let Some((lo, hi)) = self.types.ordinal_range(to) {
                // Integer constants wrap like the machine does; a byte keeps the low byte
                // as TP3 stores it (PopolonY2k's library puts -1 in bytes); subranges
                // are checked.
                if self.types.get(to) == &Type::Byte && (v < lo || v > hi) {
                    self.diags.push(
                        Diagnostic::warning(
                            e.span,
                            format!("constant {v} is stored in a byte as {}", v & 0xFF),
                        )
                        .with_label("its low byte, as TP3 stores it"),
                    );
                    return konst(ConstValue::Ord(v & 0xFF), to, e.span);
                }
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
