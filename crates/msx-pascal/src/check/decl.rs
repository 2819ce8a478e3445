//! Declarations: constants, types, variables, labels, procedures and functions.

use super::{Checker, Resolved};
use crate::ast::{self, Absolute, Decl, Ident, Init, ParamMode, RoutineBody, TypeExprKind};
use crate::checked::{Label, Routine, Stmt, StmtKind};
use crate::diagnostics::Diagnostic;
use crate::symbols::{ConstValue, LabelId, PassMode, RoutineId, Storage, SymbolKind};
use crate::types::{Field, Type, TypeId};

/// Largest object the 64 KB address space can hold.
const MAX_SIZE: u32 = 0xFFFF;

impl Checker<'_> {
    /// Checks the declarations of a block, then its statements.
    pub(super) fn block(&mut self, block: &ast::Block) -> Vec<Stmt> {
        let forwards_before = self.forwards.len();
        for decl in &block.decls {
            // A type section ends at the next other declaration: `^Node` must be known by then.
            if !matches!(decl, Decl::Type(_)) {
                self.resolve_pending_pointers();
            }
            match decl {
                Decl::Labels(labels) => self.label_decl(labels),
                Decl::Const(c) => self.const_decl(c),
                Decl::Type(t) => self.type_decl(t),
                Decl::Var(v) => self.var_decl(v),
                Decl::Routine(r) => self.routine_decl(r),
            }
        }
        self.resolve_pending_pointers();
        for r in self.forwards.split_off(forwards_before) {
            let routine = &self.routines[r.0 as usize];
            let (name, span) = (routine.name.clone(), routine.span);
            self.error(
                span,
                format!("`{name}` is declared forward but its body never follows"),
            );
        }
        let body = self.stmts(&block.body);
        self.check_labels_defined();
        body
    }

    fn owner_storage(&self) -> Storage {
        match self.current {
            None => Storage::Global,
            Some(r) if self.routines[r.0 as usize].recursive => {
                Storage::RecursiveLocal { routine: r }
            }
            Some(r) => Storage::Local { routine: r },
        }
    }

    fn add_variable(&mut self, sym: crate::symbols::SymbolId) {
        match self.current {
            None => self.globals.push(sym),
            Some(r) => self.routines[r.0 as usize].locals.push(sym),
        }
    }

    fn label_decl(&mut self, labels: &[Ident]) {
        for l in labels {
            let id = LabelId(self.labels.len() as u32);
            self.labels.push(Label {
                name: l.name.clone(),
                routine: self.current,
                span: l.span,
                defined: false,
            });
            self.declare(l, SymbolKind::Label(id), TypeId::ERROR);
        }
    }

    fn check_labels_defined(&mut self) {
        let missing: Vec<_> = self
            .labels
            .iter()
            .filter(|l| l.routine == self.current && !l.defined)
            .map(|l| (l.span, l.name.clone()))
            .collect();
        for (span, name) in missing {
            self.diags
                .warning(span, format!("label `{name}` is declared but never placed"));
        }
        // Mark them so an enclosing block does not report them again.
        for l in self.labels.iter_mut().filter(|l| l.routine == self.current) {
            l.defined = true;
        }
    }

    fn const_decl(&mut self, c: &ast::ConstDecl) {
        match &c.ty {
            None => {
                let Init::Expr(e) = &c.value else {
                    return self.error(c.value.span(), "expected a constant expression");
                };
                let (value, ty) = self
                    .const_expr(e)
                    .unwrap_or((ConstValue::Ord(0), TypeId::ERROR));
                self.declare(&c.name, SymbolKind::Const(value), ty);
            }
            Some(texpr) => {
                let ty = self.type_expr(texpr);
                let bytes = self.init_bytes(ty, &c.value);
                let sym = self.declare(
                    &c.name,
                    SymbolKind::Var {
                        storage: Storage::TypedConst,
                        init: Some(bytes),
                    },
                    ty,
                );
                self.add_variable(sym);
            }
        }
    }

    fn type_decl(&mut self, t: &ast::TypeDecl) {
        let ty = self.type_expr(&t.ty);
        self.types.set_name(ty, &t.name.name);
        self.declare(&t.name, SymbolKind::Type, ty);
    }

    fn var_decl(&mut self, v: &ast::VarDecl) {
        let ty = self.type_expr(&v.ty);
        let storage = match &v.absolute {
            None => self.owner_storage(),
            Some(abs) => {
                if v.names.len() > 1 {
                    self.error(
                        v.names[1].span,
                        "`absolute` declares one variable at a time",
                    );
                }
                match abs {
                    Absolute::Address(e) => {
                        let address = self.const_int(e).unwrap_or(0);
                        Storage::Absolute {
                            address: address as u16,
                        }
                    }
                    Absolute::Var(id) => match self.resolve(&id.key) {
                        Some(Resolved::Symbol(s)) if self.symbols.get(s).is_var() => {
                            Storage::AbsoluteVar { of: s }
                        }
                        Some(_) => {
                            self.error(id.span, format!("`{}` is not a variable", id.name));
                            self.owner_storage()
                        }
                        None => {
                            self.unknown(id);
                            self.owner_storage()
                        }
                    },
                }
            }
        };
        for name in &v.names {
            let sym = self.declare(
                name,
                SymbolKind::Var {
                    storage,
                    init: None,
                },
                ty,
            );
            self.add_variable(sym);
        }
    }

    // ---- routines ----------------------------------------------------------------------------

    fn routine_decl(&mut self, r: &ast::RoutineDecl) {
        // The body of a routine declared `forward` earlier in this scope.
        let earlier = self
            .scopes
            .local(&r.name.key)
            .and_then(|s| match self.symbols.get(s).kind {
                SymbolKind::Routine(id) if self.forwards.contains(&id) => Some(id),
                _ => None,
            });
        let id = match earlier {
            Some(id) => {
                self.forwards.retain(|&f| f != id);
                id
            }
            None => self.routine_heading(r),
        };
        match &r.body {
            RoutineBody::Forward => {
                if earlier.is_some() {
                    self.error(
                        r.name.span,
                        format!("`{}` is declared forward twice", r.name.name),
                    );
                } else {
                    self.forwards.push(id);
                }
            }
            RoutineBody::External(e) => {
                let address = self.const_int(e).unwrap_or(0);
                self.routines[id.0 as usize].external = Some(address as u16);
            }
            RoutineBody::Block(block) => self.routine_body(id, r, block),
        }
    }

    /// Creates the routine, its symbol and its parameters (in a scope of their own, kept in
    /// the routine so the body can reopen it).
    fn routine_heading(&mut self, r: &ast::RoutineDecl) -> RoutineId {
        let id = RoutineId(self.routines.len() as u32);
        let result_type = match (&r.result, r.kind) {
            (Some(t), _) => Some(self.type_expr(t)),
            (None, ast::RoutineKind::Function) => {
                self.error(
                    r.name.span,
                    format!("function `{}` needs a result type", r.name.name),
                );
                Some(TypeId::ERROR)
            }
            (None, ast::RoutineKind::Procedure) => None,
        };
        if let Some(t) = result_type {
            let ok = self.types.is_ordinal(t)
                || self.types.is_real(t)
                || self.types.is_string(t)
                || self.types.is_pointer(t)
                || self.types.is_error(t);
            if !ok {
                self.error(
                    r.result.as_ref().map_or(r.name.span, |t| t.span),
                    "a function result must be a simple type, a string or a pointer",
                );
            }
        }
        let symbol = self.declare(
            &r.name,
            SymbolKind::Routine(id),
            result_type.unwrap_or(TypeId::ERROR),
        );
        self.routines.push(Routine {
            name: r.name.name.clone(),
            symbol,
            kind: r.kind,
            parent: self.current,
            level: self.scopes.level(),
            params: Vec::new(),
            result: None,
            result_type,
            locals: Vec::new(),
            body: Vec::new(),
            recursive: r.switches.recursive,
            external: None,
            span: r.span,
        });
        // Parameters get symbols now (their types resolve in the outer scope); they are
        // entered into the routine's scope when the body is checked.
        let mut index = 0u16;
        for group in &r.params {
            let (ty, mode) = match (&group.ty, group.mode) {
                (None, ParamMode::Var) => (TypeId::ERROR, PassMode::UntypedVar),
                (None, ParamMode::Value) => {
                    self.error(group.names[0].span, "a value parameter needs a type");
                    (TypeId::ERROR, PassMode::Value)
                }
                (Some(t), m) => {
                    let ty = self.type_expr(t);
                    if m == ParamMode::Value && self.types.is_file(ty) {
                        self.error(t.span, "files can only be passed as `var` parameters");
                    }
                    (
                        ty,
                        if m == ParamMode::Var {
                            PassMode::Var
                        } else {
                            PassMode::Value
                        },
                    )
                }
            };
            for name in &group.names {
                let storage = Storage::Param {
                    routine: id,
                    index,
                    mode,
                };
                index += 1;
                let sym = self.symbols.add(crate::symbols::Symbol {
                    name: name.name.clone(),
                    kind: SymbolKind::Var {
                        storage,
                        init: None,
                    },
                    ty,
                    span: name.span,
                    level: self.scopes.level() + 1,
                });
                self.routines[id.0 as usize].params.push(sym);
            }
        }
        id
    }

    fn routine_body(&mut self, id: RoutineId, r: &ast::RoutineDecl, block: &ast::Block) {
        self.scopes.push();
        let params = self.routines[id.0 as usize].params.clone();
        for p in params {
            let sym = self.symbols.get(p);
            let (key, span) = (sym.name.to_ascii_uppercase(), sym.span);
            if let Err(old) = self.scopes.declare(&key, p) {
                let old_span = self.symbols.get(old).span;
                self.diags.push(
                    Diagnostic::error(span, format!("parameter `{}` is declared twice", sym.name))
                        .with_secondary(old_span, "first declared here"),
                );
            }
        }
        if let Some(ty) = self.routines[id.0 as usize].result_type {
            let result = self.symbols.add(crate::symbols::Symbol {
                name: r.name.name.clone(),
                kind: SymbolKind::Var {
                    storage: Storage::Result { routine: id },
                    init: None,
                },
                ty,
                span: r.name.span,
                level: self.scopes.level(),
            });
            self.routines[id.0 as usize].result = Some(result);
        }
        let outer = self.current.replace(id);
        let outer_withs = std::mem::take(&mut self.withs);
        let body = self.block(block);
        self.withs = outer_withs;
        self.current = outer;
        let has_inline = body.iter().any(|s| matches!(s.kind, StmtKind::Inline(_)));
        let is_function = self.routines[id.0 as usize].result.is_some();
        if is_function && !has_inline && !self.results_set.contains(&id) {
            self.diags.push(
                Diagnostic::warning(
                    r.name.span,
                    format!("function `{}` never sets its result", r.name.name),
                )
                .with_label(format!("assign `{} := …` in its body", r.name.name)),
            );
        }
        self.routines[id.0 as usize].body = body;
        self.scopes.pop();
    }

    // ---- types -------------------------------------------------------------------------------

    pub(super) fn type_expr(&mut self, t: &ast::TypeExpr) -> TypeId {
        let id = self.type_expr_inner(t);
        if self.types.size(id) > MAX_SIZE {
            self.error(
                t.span,
                format!(
                    "this type takes {} bytes, more than the 64 KB of memory",
                    self.types.size(id)
                ),
            );
            return TypeId::ERROR;
        }
        id
    }

    fn type_expr_inner(&mut self, t: &ast::TypeExpr) -> TypeId {
        match &t.kind {
            TypeExprKind::Named(id) => self.type_name(id),
            TypeExprKind::String(None) => {
                self.diags.warning(
                    t.span,
                    "Turbo Pascal 3 needs a length (`string[n]`); taken as `string[255]`",
                );
                TypeId::STRING
            }
            TypeExprKind::String(Some(len)) => match self.const_int(len) {
                Some(n) if (1..=255).contains(&n) => self.types.add(Type::String { max: n as u8 }),
                Some(n) => {
                    self.error(len.span, format!("string length {n} is outside 1..255"));
                    TypeId::ERROR
                }
                None => TypeId::ERROR,
            },
            TypeExprKind::Subrange(lo, hi) => self.subrange(lo, hi, t.span),
            TypeExprKind::Enum(names) => {
                if names.len() > 256 {
                    self.error(t.span, "an enumeration can have at most 256 values");
                    return TypeId::ERROR;
                }
                let ty = self.types.add(Type::Enum {
                    values: names.iter().map(|n| n.name.clone()).collect(),
                });
                for (i, n) in names.iter().enumerate() {
                    self.declare(n, SymbolKind::EnumValue(i as i64), ty);
                }
                ty
            }
            TypeExprKind::Array(indices, elem) => {
                let mut ty = self.type_expr(elem);
                for index in indices.iter().rev() {
                    let index_ty = self.type_expr(index);
                    if !self.types.is_ordinal(index_ty) && !self.types.is_error(index_ty) {
                        self.error(index.span, "an array index must be an ordinal type");
                        return TypeId::ERROR;
                    }
                    if self.types.get(self.types.base(index_ty)) == &Type::Integer
                        && !matches!(self.types.get(index_ty), Type::Subrange { .. })
                    {
                        self.error(index.span, "`array[integer]` is too large; use a subrange");
                        return TypeId::ERROR;
                    }
                    ty = self.types.add(Type::Array {
                        index: index_ty,
                        elem: ty,
                    });
                }
                ty
            }
            TypeExprKind::Record(body) => {
                let mut fields = Vec::new();
                self.record_fields(body, 0, &mut fields);
                self.types.add(Type::Record { fields })
            }
            TypeExprKind::Set(elem) => {
                let elem_ty = self.type_expr(elem);
                match self.types.ordinal_range(elem_ty) {
                    Some((lo, hi)) if lo >= 0 && hi <= 255 => {
                        self.types.add(Type::Set { elem: elem_ty })
                    }
                    Some(_) => {
                        self.error(elem.span, "a set's elements must lie in 0..255");
                        TypeId::ERROR
                    }
                    None if self.types.is_error(elem_ty) => TypeId::ERROR,
                    None => {
                        self.error(elem.span, "a set's elements must be an ordinal type");
                        TypeId::ERROR
                    }
                }
            }
            TypeExprKind::File(None) => TypeId::UNTYPED_FILE,
            TypeExprKind::File(Some(elem)) => {
                let elem_ty = self.type_expr(elem);
                if self.types.is_file(elem_ty) {
                    self.error(elem.span, "a file cannot hold files");
                }
                self.types.add(Type::File {
                    elem: Some(elem_ty),
                })
            }
            TypeExprKind::Pointer(target) => match self.scopes.lookup(&target.key) {
                Some(s) if self.symbols.get(s).kind == SymbolKind::Type => {
                    let target = self.symbols.get(s).ty;
                    self.types.add(Type::Pointer { target })
                }
                _ => {
                    let ty = self.types.add(Type::Pointer {
                        target: TypeId::ERROR,
                    });
                    self.pending_pointers.push((ty, target.clone()));
                    ty
                }
            },
        }
    }

    fn type_name(&mut self, id: &Ident) -> TypeId {
        match self.scopes.lookup(&id.key) {
            Some(s) if self.symbols.get(s).kind == SymbolKind::Type => self.symbols.get(s).ty,
            Some(_) => {
                self.error(id.span, format!("`{}` is not a type", id.name));
                TypeId::ERROR
            }
            None => {
                self.diags.push(
                    Diagnostic::error(id.span, format!("unknown type `{}`", id.name))
                        .with_label("not declared"),
                );
                TypeId::ERROR
            }
        }
    }

    fn subrange(&mut self, lo: &ast::Expr, hi: &ast::Expr, span: crate::source::Span) -> TypeId {
        let (Some((lo_v, lo_t)), Some((hi_v, hi_t))) = (self.const_expr(lo), self.const_expr(hi))
        else {
            return TypeId::ERROR;
        };
        let (ConstValue::Ord(l), ConstValue::Ord(h)) = (lo_v, hi_v) else {
            self.error(span, "subrange bounds must be ordinal constants");
            return TypeId::ERROR;
        };
        let (Some(lc), Some(hc)) = (self.types.ord_class(lo_t), self.types.ord_class(hi_t)) else {
            return TypeId::ERROR;
        };
        if lc != hc {
            self.error(span, "subrange bounds are of different types");
            return TypeId::ERROR;
        }
        if l > h {
            self.error(span, format!("empty subrange: {l} is greater than {h}"));
            return TypeId::ERROR;
        }
        let base = match self.types.get(self.types.base(lo_t)) {
            Type::Byte => TypeId::INTEGER,
            _ => self.types.base(lo_t),
        };
        self.types.add(Type::Subrange { base, lo: l, hi: h })
    }

    /// Lays out the fields of a record body starting at `offset`; returns the end offset.
    /// Each variant starts at the same offset, so variants overlay each other.
    fn record_fields(
        &mut self,
        body: &ast::RecordBody,
        offset: u32,
        fields: &mut Vec<Field>,
    ) -> u32 {
        let mut offset = offset;
        for group in &body.fields {
            let ty = self.type_expr(&group.ty);
            for name in &group.names {
                self.add_field(fields, name, ty, offset);
                offset = offset.saturating_add(self.types.size(ty));
            }
        }
        let Some(variant) = &body.variant else {
            return offset;
        };
        let tag_ty = self.type_name(&variant.tag_type);
        if !self.types.is_ordinal(tag_ty) && !self.types.is_error(tag_ty) {
            self.error(
                variant.tag_type.span,
                "a variant tag must be an ordinal type",
            );
        }
        if let Some(tag) = &variant.tag {
            self.add_field(fields, tag, tag_ty, offset);
            offset = offset.saturating_add(self.types.size(tag_ty));
        }
        let mut end = offset;
        for case in &variant.cases {
            for label in &case.labels {
                self.const_expr(label);
            }
            end = end.max(self.record_fields(&case.body, offset, fields));
        }
        end
    }

    fn add_field(&mut self, fields: &mut Vec<Field>, name: &Ident, ty: TypeId, offset: u32) {
        if let Some(old) = fields.iter().find(|f| f.key == name.key) {
            let old_span = old.span;
            self.diags.push(
                Diagnostic::error(
                    name.span,
                    format!("field `{}` is declared twice", name.name),
                )
                .with_secondary(old_span, "first declared here"),
            );
            return;
        }
        fields.push(Field {
            name: name.name.clone(),
            key: name.key.clone(),
            ty,
            offset,
            span: name.span,
        });
    }

    fn resolve_pending_pointers(&mut self) {
        for (ptr, target) in std::mem::take(&mut self.pending_pointers) {
            match self.scopes.lookup(&target.key) {
                Some(s) if self.symbols.get(s).kind == SymbolKind::Type => {
                    let t = self.symbols.get(s).ty;
                    self.types.resolve_pointer(ptr, t);
                }
                _ => {
                    self.diags.push(
                        Diagnostic::error(target.span, format!("unknown type `{}`", target.name))
                            .with_label("not declared"),
                    );
                }
            }
        }
    }
}
