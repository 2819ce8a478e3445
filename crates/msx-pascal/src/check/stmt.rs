//! Statements.

use super::stdlib::{Form, StdRoutine, StdVar};
use super::{Checker, Resolved};
use crate::ast::{self, ExprKind as A, Ident, InlineSize, RoutineKind, StmtKind as S};
use crate::checked::{
    CaseArm, Checks, Expr, ExprKind, InlineItem, InlineValue, Stmt, StmtKind, WriteItem,
};
use crate::diagnostics::Diagnostic;
use crate::source::Span;
use crate::symbols::{ConstValue, LabelId, SymbolKind};
use crate::types::{Type, TypeId};

impl Checker<'_> {
    pub(super) fn stmts(&mut self, list: &[ast::Stmt]) -> Vec<Stmt> {
        list.iter().map(|s| self.stmt(s)).collect()
    }

    fn stmt(&mut self, s: &ast::Stmt) -> Stmt {
        self.switches = s.switches;
        let kind = self.stmt_kind(s);
        Stmt {
            kind,
            span: s.span,
            checks: Checks::from(s.switches),
        }
    }

    fn boxed(&mut self, s: &ast::Stmt) -> Box<Stmt> {
        Box::new(self.stmt(s))
    }

    fn stmt_kind(&mut self, s: &ast::Stmt) -> StmtKind {
        match &s.kind {
            S::Empty => StmtKind::Empty,
            S::Assign { target, value } => self.assign(target, value),
            S::Call(e) => self.call_stmt(e),
            S::Compound(list) => StmtKind::Compound(self.stmts(list)),
            S::If { cond, then, els } => StmtKind::If {
                cond: self.condition(cond),
                then: self.boxed(then),
                els: els.as_ref().map(|e| self.boxed(e)),
            },
            S::Case {
                selector,
                arms,
                els,
            } => self.case(selector, arms, els.as_deref()),
            S::While { cond, body } => StmtKind::While {
                cond: self.condition(cond),
                body: self.boxed(body),
            },
            S::Repeat { body, cond } => StmtKind::Repeat {
                body: self.stmts(body),
                cond: self.condition(cond),
            },
            S::For {
                var,
                from,
                down,
                to,
                body,
            } => self.for_stmt(var, from, *down, to, body),
            S::With { records, body } => self.with(records, body),
            S::Goto(label) => match self.label(label) {
                Some(id) => StmtKind::Goto(id),
                None => StmtKind::Empty,
            },
            S::Labeled { label, stmt } => {
                let id = self.label(label);
                if let Some(id) = id {
                    let l = &mut self.labels[id.0 as usize];
                    if l.defined {
                        let name = l.name.clone();
                        self.error(label.span, format!("label `{name}` is placed twice"));
                    }
                    self.labels[id.0 as usize].defined = true;
                }
                let inner = self.boxed(stmt);
                match id {
                    Some(label) => StmtKind::Labeled { label, stmt: inner },
                    None => inner.kind,
                }
            }
            S::Inline(items) => {
                StmtKind::Inline(items.iter().map(|i| self.inline_item(i)).collect())
            }
        }
    }

    fn assign(&mut self, target: &ast::Expr, value: &ast::Expr) -> StmtKind {
        if let A::Name(id) = &target.kind {
            if let Some(Resolved::Symbol(s)) = self.resolve(&id.key) {
                let sym = self.symbols.get(s);
                if matches!(sym.kind, SymbolKind::Const(_) | SymbolKind::EnumValue(_)) {
                    let decl = sym.span;
                    let mut d = Diagnostic::error(
                        id.span,
                        format!("cannot assign to constant `{}`", id.name),
                    )
                    .with_label("a constant, not a variable");
                    if sym.level > 0 {
                        d = d.with_secondary(decl, "declared as a constant here");
                    }
                    self.diags.push(d);
                    self.expr(value);
                    return StmtKind::Empty;
                }
            }
        }
        let t = self.designator(target, true);
        let v = self.expr(value);
        if !self.require_variable(&t, "assign to") {
            return StmtKind::Empty;
        }
        if self.types.is_file(t.ty) {
            self.error(target.span, "files cannot be assigned");
            return StmtKind::Empty;
        }
        let what = match &t.kind {
            ExprKind::Var(s) => format!("`{}`", self.symbols.get(*s).name),
            _ => "the target".to_string(),
        };
        let v = self.coerce(v, t.ty, &what);
        StmtKind::Assign {
            target: t,
            value: v,
        }
    }

    /// A procedure call statement: `p`, `p(args)`, or a standard procedure.
    fn call_stmt(&mut self, e: &ast::Expr) -> StmtKind {
        let (id, args): (&Ident, &[ast::Arg]) = match &e.kind {
            A::Name(id) => (id, &[]),
            A::Call(callee, args) => match &callee.kind {
                A::Name(id) => (id, args.as_slice()),
                _ => {
                    self.error(e.span, "expected a procedure call");
                    return StmtKind::Empty;
                }
            },
            _ => {
                self.error(e.span, "expected an assignment `:=` or a procedure call");
                return StmtKind::Empty;
            }
        };
        match self.resolve(&id.key) {
            Some(Resolved::Symbol(s)) => match self.symbols.get(s).kind.without_data() {
                SymbolKind::Routine(r) => {
                    let args = self.user_args(r, id, args, e.span);
                    if self.routines[r.0 as usize].kind == RoutineKind::Function {
                        self.diags.push(
                            Diagnostic::error(
                                e.span,
                                format!("the result of function `{}` must be used", id.name),
                            )
                            .with_label("write `x := …` to keep the result"),
                        );
                    }
                    StmtKind::Call { routine: r, args }
                }
                _ => {
                    self.error(id.span, format!("`{}` is not a procedure", id.name));
                    StmtKind::Empty
                }
            },
            Some(Resolved::Std(name)) => self.std_stmt(name, id, args, e.span),
            Some(_) => {
                self.error(id.span, format!("`{}` is not a procedure", id.name));
                StmtKind::Empty
            }
            None => {
                self.unknown(id);
                for a in args {
                    self.expr(&a.expr);
                }
                StmtKind::Empty
            }
        }
    }

    fn std_stmt(
        &mut self,
        name: &'static str,
        id: &Ident,
        args: &[ast::Arg],
        span: Span,
    ) -> StmtKind {
        let rows = Self::std_entries(name);
        let form = rows.first().map_or(Form::Plain, |e| e.form);
        let first_id = rows.first().map(|e| e.id);
        match (form, first_id) {
            (Form::Write, Some(id)) => return self.write_stmt(args, id == StdRoutine::Writeln),
            (Form::Read, Some(id)) => return self.read_stmt(args, id == StdRoutine::Readln),
            _ => {}
        }
        if first_id == Some(StdRoutine::Str) && args.len() == 2 {
            return self.str_stmt(args);
        }
        let Some((entry, args, _)) = self.std_args(name, id, args, span) else {
            return StmtKind::Empty;
        };
        if entry.is_function() && !entry.statement_ok {
            self.error(
                span,
                format!("the result of function `{}` must be used", id.name),
            );
        }
        match entry.id {
            StdRoutine::Exit => StmtKind::Exit,
            StdRoutine::Halt => StmtKind::Halt,
            routine => StmtKind::StdCall { routine, args },
        }
    }

    /// The optional file argument of `write`/`read`: the first argument, if it is a file.
    fn io_file(&mut self, args: &[ast::Arg]) -> (Option<Expr>, usize) {
        let Some(first) = args.first() else {
            return (None, 0);
        };
        // A trial: when the first argument is no file it is checked again as a value to
        // write or read, which reports its problems (an unknown name) once.
        let mark = self.diags.mark();
        let x = self.designator(&first.expr, false);
        if self.types.is_file(x.ty) {
            (Some(x), 1)
        } else {
            self.diags.rollback(mark);
            (None, 0)
        }
    }

    fn write_stmt(&mut self, args: &[ast::Arg], newline: bool) -> StmtKind {
        let (file, skip) = self.io_file(args);
        let elem = file.as_ref().and_then(|f| self.typed_file_elem(f.ty));
        if newline && elem.is_some() {
            self.error(args[0].expr.span, "`writeln` works on text files only");
        }
        let mut items = Vec::new();
        for a in &args[skip..] {
            let v = self.expr(&a.expr);
            let v = match elem {
                Some(t) => self.coerce(v, t, "the file's record type"),
                None => self.write_value(v),
            };
            let width = a.width.as_ref().map(|w| {
                let x = self.expr(w);
                self.coerce(x, TypeId::INTEGER, "a width")
            });
            let decimals = a.decimals.as_ref().map(|d| {
                let x = self.expr(d);
                self.coerce(x, TypeId::INTEGER, "a number of decimals")
            });
            if decimals.is_some() && !self.types.is_real(v.ty) && !self.types.is_error(v.ty) {
                self.error(a.expr.span, "decimals (`:w:d`) are only for real values");
            }
            items.push(WriteItem {
                value: v,
                width,
                decimals,
            });
        }
        StmtKind::Write {
            file,
            items,
            newline,
        }
    }

    /// What `write` can print on a text file: numbers, characters, strings, booleans.
    fn write_value(&mut self, v: Expr) -> Expr {
        let t = &self.types;
        if t.is_error(v.ty)
            || t.is_char(v.ty)
            || t.is_string(v.ty)
            || t.is_boolean(v.ty)
            || t.is_real(v.ty)
        {
            return v;
        }
        if t.is_integer(v.ty) {
            return self.widen(v);
        }
        if t.string_like_char_array(v.ty).is_some() {
            return self.as_str(v);
        }
        self.mismatch(
            v.span,
            "a number, character, string or boolean to write",
            v.ty,
        );
        v
    }

    fn typed_file_elem(&self, ty: TypeId) -> Option<TypeId> {
        match self.types.get(ty) {
            Type::File { elem: Some(e) } => Some(*e),
            _ => None,
        }
    }

    fn read_stmt(&mut self, args: &[ast::Arg], newline: bool) -> StmtKind {
        let (file, skip) = self.io_file(args);
        let elem = file.as_ref().and_then(|f| self.typed_file_elem(f.ty));
        let mut targets = Vec::new();
        for a in &args[skip..] {
            let v = self.designator(&a.expr, false);
            if !self.require_variable(&v, "read into") {
                continue;
            }
            let t = &self.types;
            let ok = t.is_error(v.ty)
                || match elem {
                    Some(e) => e == v.ty,
                    None => {
                        t.is_char(v.ty)
                            || t.is_string(v.ty)
                            || t.is_integer(v.ty)
                            || t.is_real(v.ty)
                    }
                };
            if !ok {
                let expected = match elem {
                    Some(e) => self.types.name(e),
                    None => "a character, string, integer or real variable".to_string(),
                };
                self.mismatch(v.span, &expected, v.ty);
            }
            targets.push(v);
        }
        StmtKind::Read {
            file,
            targets,
            newline,
        }
    }

    /// `Str(x:w:d, s)`.
    fn str_stmt(&mut self, args: &[ast::Arg]) -> StmtKind {
        let v = self.expr(&args[0].expr);
        if !self.types.is_integer(v.ty) && !self.types.is_real(v.ty) && !self.types.is_error(v.ty) {
            self.mismatch(v.span, "integer or real", v.ty);
        }
        let v = self.widen(v);
        let width = args[0].width.as_ref().map(|w| {
            let x = self.expr(w);
            self.coerce(x, TypeId::INTEGER, "a width")
        });
        let decimals = args[0].decimals.as_ref().map(|d| {
            let x = self.expr(d);
            self.coerce(x, TypeId::INTEGER, "a number of decimals")
        });
        let target = self.designator(&args[1].expr, false);
        if self.require_variable(&target, "store into") && !self.types.is_string(target.ty) {
            self.mismatch(target.span, "a string variable", target.ty);
        }
        StmtKind::Str {
            item: WriteItem {
                value: v,
                width,
                decimals,
            },
            target,
        }
    }

    fn case(
        &mut self,
        selector: &ast::Expr,
        arms: &[ast::CaseArm],
        els: Option<&[ast::Stmt]>,
    ) -> StmtKind {
        let sel = self.expr(selector);
        let class = self.types.ord_class(sel.ty);
        if class.is_none() && !self.types.is_error(sel.ty) {
            self.mismatch(selector.span, "an ordinal value", sel.ty);
        }
        let sel = if self.types.is_integer(sel.ty) {
            self.widen(sel)
        } else {
            sel
        };
        let mut seen: Vec<(i64, i64, Span)> = Vec::new();
        let mut out = Vec::new();
        for arm in arms {
            let mut ranges = Vec::new();
            for label in &arm.labels {
                let lo = self.case_label(&label.lo, class);
                let hi = match &label.hi {
                    Some(h) => self.case_label(h, class),
                    None => lo,
                };
                let span = label
                    .lo
                    .span
                    .to(label.hi.as_ref().map_or(label.lo.span, |h| h.span));
                let (Some(lo), Some(hi)) = (lo, hi) else {
                    continue;
                };
                if lo > hi {
                    self.error(span, format!("empty case range {lo}..{hi}"));
                    continue;
                }
                if let Some(&(_, _, first)) = seen.iter().find(|(a, b, _)| lo <= *b && *a <= hi) {
                    self.diags.push(
                        Diagnostic::error(span, "this case label is already used")
                            .with_label("duplicate case label")
                            .with_secondary(first, "first used here"),
                    );
                    continue;
                }
                seen.push((lo, hi, span));
                ranges.push((lo, hi));
            }
            let body = self.stmt(&arm.body);
            out.push(CaseArm { ranges, body });
        }
        StmtKind::Case {
            selector: sel,
            arms: out,
            els: els.map(|e| self.stmts(e)),
        }
    }

    fn case_label(&mut self, e: &ast::Expr, class: Option<crate::types::OrdClass>) -> Option<i64> {
        let (v, ty) = self.const_expr(e)?;
        match v {
            ConstValue::Ord(n) if class.is_none() || self.types.ord_class(ty) == class => Some(n),
            _ => {
                self.mismatch(e.span, "a constant of the selector's type", ty);
                None
            }
        }
    }

    fn for_stmt(
        &mut self,
        var: &Ident,
        from: &ast::Expr,
        down: bool,
        to: &ast::Expr,
        body: &ast::Stmt,
    ) -> StmtKind {
        let v = self.designator(
            &ast::Expr {
                kind: A::Name(var.clone()),
                span: var.span,
            },
            false,
        );
        // GIOS's predeclared bytes (AtrByt …) are simple variables too: TP 3.3f's own
        // example counts `for Atrbyt := 0 to 255`.
        let simple = matches!(
            v.kind,
            ExprKind::Var(_) | ExprKind::StdVar(StdVar::WorkByte(_), _)
        ) || self.types.is_error(v.ty);
        let mut var_ty = v.ty;
        if !simple {
            self.error(var.span, "a `for` loop needs a simple variable");
            var_ty = TypeId::ERROR;
        } else if !self.types.is_ordinal(v.ty) && !self.types.is_error(v.ty) {
            self.mismatch(var.span, "an ordinal variable", v.ty);
            var_ty = TypeId::ERROR;
        }
        let f = self.expr(from);
        let f = self.coerce(f, var_ty, "the loop variable");
        let t = self.expr(to);
        let t = self.coerce(t, var_ty, "the loop variable");
        StmtKind::For {
            var: v,
            from: f,
            to: t,
            down,
            body: self.boxed(body),
        }
    }

    /// `with a, b do s` is `with a do with b do s`.
    fn with(&mut self, records: &[ast::Expr], body: &ast::Stmt) -> StmtKind {
        let Some((first, rest)) = records.split_first() else {
            return self.stmt(body).kind;
        };
        let record = self.designator(first, false);
        let is_record = matches!(self.types.get(record.ty), Type::Record { .. });
        if !is_record && !self.types.is_error(record.ty) {
            self.mismatch(first.span, "a record", record.ty);
        }
        if is_record {
            self.require_variable(&record, "use `with` on");
        }
        let slot = self.next_with_slot;
        self.next_with_slot += 1;
        if is_record {
            self.withs.push((slot, record.ty));
        }
        let inner = if rest.is_empty() {
            self.stmt(body)
        } else {
            let kind = self.with(rest, body);
            Stmt {
                kind,
                span: body.span,
                checks: Checks::from(self.switches),
            }
        };
        if is_record {
            self.withs.pop();
        }
        StmtKind::With {
            slot,
            record,
            body: Box::new(inner),
        }
    }

    fn label(&mut self, label: &Ident) -> Option<LabelId> {
        match self.resolve(&label.key) {
            Some(Resolved::Symbol(s)) => match self.symbols.get(s).kind {
                SymbolKind::Label(id) => {
                    if self.labels[id.0 as usize].routine != self.current {
                        self.error(
                            label.span,
                            format!("label `{}` belongs to another routine", label.name),
                        );
                        return None;
                    }
                    Some(id)
                }
                _ => {
                    self.error(label.span, format!("`{}` is not a label", label.name));
                    None
                }
            },
            _ => {
                self.diags.push(
                    Diagnostic::error(
                        label.span,
                        format!("label `{}` is not declared", label.name),
                    )
                    .with_label("declare it with `label`"),
                );
                None
            }
        }
    }

    fn inline_item(&mut self, item: &ast::InlineItem) -> InlineItem {
        let mut value = self.inline_value(&item.expr);
        let size = match (item.size, &value) {
            (InlineSize::Byte, _) => 1,
            (InlineSize::Word, _) => 2,
            (InlineSize::Auto, InlineValue::Const(v)) if (0..=255).contains(v) => 1,
            _ => 2,
        };
        // Constants are emitted as their 16-bit pattern (low byte only for size 1).
        if let InlineValue::Const(v) = &mut value {
            *v &= 0xFFFF;
        }
        InlineItem { size, value }
    }

    fn inline_value(&mut self, e: &ast::Expr) -> InlineValue {
        match &e.kind {
            A::LocationCounter => InlineValue::LocationCounter { offset: 0 },
            A::Binary(op @ (ast::BinOp::Add | ast::BinOp::Sub), l, r) => {
                let base = self.inline_value(l);
                let sign = if *op == ast::BinOp::Add { 1 } else { -1 };
                let offset = match self.inline_value(r) {
                    InlineValue::Const(v) => sign * v,
                    _ => {
                        self.error(
                            r.span,
                            "only a constant can be added to an address in `inline`",
                        );
                        0
                    }
                };
                match base {
                    InlineValue::Const(v) => InlineValue::Const(v + offset),
                    InlineValue::VarAddress { symbol, offset: o } => InlineValue::VarAddress {
                        symbol,
                        offset: o + offset,
                    },
                    InlineValue::RoutineAddress { routine, offset: o } => {
                        InlineValue::RoutineAddress {
                            routine,
                            offset: o + offset,
                        }
                    }
                    InlineValue::LocationCounter { offset: o } => {
                        InlineValue::LocationCounter { offset: o + offset }
                    }
                }
            }
            A::Name(id) => match self.resolve(&id.key) {
                Some(Resolved::Symbol(s)) => match self.symbols.get(s).kind.without_data() {
                    SymbolKind::Var { .. } => InlineValue::VarAddress {
                        symbol: s,
                        offset: 0,
                    },
                    SymbolKind::Routine(r) => InlineValue::RoutineAddress {
                        routine: r,
                        offset: 0,
                    },
                    SymbolKind::Const(ConstValue::Ord(v)) | SymbolKind::EnumValue(v) => {
                        InlineValue::Const(v)
                    }
                    _ => {
                        self.error(id.span, format!("`{}` cannot be used in `inline`", id.name));
                        InlineValue::Const(0)
                    }
                },
                Some(_) => {
                    self.error(id.span, format!("`{}` cannot be used in `inline`", id.name));
                    InlineValue::Const(0)
                }
                None => {
                    self.unknown(id);
                    InlineValue::Const(0)
                }
            },
            _ => {
                let x = self.expr(e);
                match x.kind {
                    ExprKind::Const(ConstValue::Ord(v)) => InlineValue::Const(v & 0xFFFF),
                    _ => {
                        if x.ty != TypeId::ERROR {
                            self.error(e.span, "expected a constant, a name or `*` in `inline`");
                        }
                        InlineValue::Const(0)
                    }
                }
            }
        }
    }
}
