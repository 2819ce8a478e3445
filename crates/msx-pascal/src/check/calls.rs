//! Calls: user routines, standard routines (from the table in `stdlib.rs`) and type casts.

use super::expr::{error_expr, mk, wrap16};
use super::stdlib::{Form, StdEntry, StdRoutine, P, R};
use super::{Checker, Resolved};
use crate::ast::{self, ExprKind as A, Ident, RoutineKind};
use crate::checked::{Arg, Conversion, Expr, ExprKind};
use crate::diagnostics::Diagnostic;
use crate::source::Span;
use crate::symbols::{ConstValue, PassMode, RoutineId, Storage, SymbolKind};
use crate::types::{Type, TypeId};

impl Checker<'_> {
    /// `f(args)` used as a value.
    pub(super) fn call_expr(&mut self, callee: &ast::Expr, args: &[ast::Arg], span: Span) -> Expr {
        let A::Name(id) = &callee.kind else {
            self.error(callee.span, "only procedures and functions can be called");
            return error_expr(span);
        };
        match self.resolve(&id.key) {
            Some(Resolved::Symbol(s)) => match self.symbols.get(s).kind.without_data() {
                SymbolKind::Routine(r) => {
                    if self.routines[r.0 as usize].kind == RoutineKind::Procedure {
                        self.user_args(r, id, args, span);
                        self.error(
                            span,
                            format!("procedure `{}` does not return a value", id.name),
                        );
                        return error_expr(span);
                    }
                    self.call_routine_expr(r, id, args, span)
                }
                SymbolKind::Type => {
                    let ty = self.symbols.get(s).ty;
                    self.cast(ty, id, args, span)
                }
                _ => {
                    self.error(id.span, format!("`{}` is not a function", id.name));
                    error_expr(span)
                }
            },
            Some(Resolved::Std(name)) => self.std_call_expr(name, id, args, span),
            Some(_) => {
                self.error(id.span, format!("`{}` is not a function", id.name));
                error_expr(span)
            }
            None => {
                self.unknown(id);
                error_expr(span)
            }
        }
    }

    pub(super) fn call_routine_expr(
        &mut self,
        r: RoutineId,
        id: &Ident,
        args: &[ast::Arg],
        span: Span,
    ) -> Expr {
        let args = self.user_args(r, id, args, span);
        let ty = self.routines[r.0 as usize]
            .result_type
            .unwrap_or(TypeId::ERROR);
        mk(ExprKind::Call { routine: r, args }, ty, span)
    }

    /// Checks the arguments of a call of a user routine against its parameters.
    pub(super) fn user_args(
        &mut self,
        r: RoutineId,
        id: &Ident,
        args: &[ast::Arg],
        span: Span,
    ) -> Vec<Arg> {
        self.warn_static_recursion(r, span);
        let params = self.routines[r.0 as usize].params.clone();
        if params.len() != args.len() {
            let decl = self.symbols.get(self.routines[r.0 as usize].symbol).span;
            self.diags.push(
                Diagnostic::error(
                    span,
                    format!(
                        "`{}` takes {} argument{}, but {} {} given",
                        id.name,
                        params.len(),
                        if params.len() == 1 { "" } else { "s" },
                        args.len(),
                        if args.len() == 1 { "was" } else { "were" }
                    ),
                )
                .with_label("wrong number of arguments")
                .with_secondary(decl, "declared here"),
            );
        }
        let mut out = Vec::new();
        for (i, arg) in args.iter().enumerate() {
            self.no_width(arg);
            let Some(&p) = params.get(i) else {
                self.expr(&arg.expr);
                continue;
            };
            let sym = self.symbols.get(p);
            let (pty, pname) = (sym.ty, sym.name.clone());
            let mode = match sym.kind {
                SymbolKind::Var {
                    storage: Storage::Param { mode, .. },
                    ..
                } => mode,
                _ => PassMode::Value,
            };
            out.push(match mode {
                PassMode::Value => {
                    let v = self.expr(&arg.expr);
                    Arg::Value(self.coerce(v, pty, &format!("parameter `{pname}`")))
                }
                PassMode::UntypedVar => {
                    let v = self.designator(&arg.expr, false);
                    self.require_variable(&v, "pass as `var`");
                    Arg::Ref(v)
                }
                PassMode::Var => {
                    let v = self.designator(&arg.expr, false);
                    if self.require_variable(&v, "pass as `var`") {
                        self.check_var_arg(&v, pty, &pname);
                    }
                    Arg::Ref(v)
                }
            });
        }
        out
    }

    /// A routine that calls itself under `{$A+}` shares one copy of its parameters and locals
    /// between the calls (TP3 semantics): almost always a forgotten `{$A-}`.
    fn warn_static_recursion(&mut self, r: RoutineId, span: Span) {
        let routine = &self.routines[r.0 as usize];
        let has_state = !routine.params.is_empty() || !routine.locals.is_empty();
        if !self.encloses(r)
            || routine.recursive
            || !has_state
            || self.warned_recursion.contains(&r)
        {
            return;
        }
        let name = routine.name.clone();
        self.warned_recursion.push(r);
        self.diags.push(
            Diagnostic::warning(
                span,
                format!("`{name}` calls itself, but it was compiled with `{{$A+}}`"),
            )
            .with_label("this call overwrites the caller's parameters and locals")
            .with_note("put `{$A-}` before the routine to make it recursive"),
        );
    }

    /// A `var` argument must have exactly the parameter's type (TP3), except that under
    /// `{$V-}` any string fits a string parameter.
    fn check_var_arg(&mut self, v: &Expr, pty: TypeId, pname: &str) {
        let t = &self.types;
        if v.ty == pty || t.is_error(v.ty) || t.is_error(pty) {
            return;
        }
        let same = match (t.get(v.ty), t.get(pty)) {
            (Type::String { max: a }, Type::String { max: b }) => {
                a == b || !self.current_switches_strict()
            }
            (a, b) if t.is_ordinal(v.ty) || t.is_real(v.ty) => {
                // Predeclared simple types are identical to themselves only; subranges
                // with the same bounds and base are the same type written twice.
                a == b
            }
            _ => false,
        };
        if !same {
            let (expected, found) = (t.name(pty), t.name(v.ty));
            self.diags.push(
                Diagnostic::error(
                    v.span,
                    format!("type mismatch: `var` parameter `{pname}` needs a variable of type {expected}, found {found}"),
                )
                .with_label(format!("this is {found}")),
            );
        }
    }

    fn current_switches_strict(&self) -> bool {
        self.switches.strict_var_strings
    }

    fn no_width(&mut self, arg: &ast::Arg) {
        if let Some(w) = arg.width.as_ref().or(arg.decimals.as_ref()) {
            self.error(
                w.span,
                "`:width` is only allowed in `write`, `writeln` and `str`",
            );
        }
    }

    /// `T(x)`: a value cast to type `T`.
    fn cast(&mut self, ty: TypeId, id: &Ident, args: &[ast::Arg], span: Span) -> Expr {
        if args.len() != 1 {
            self.error(
                span,
                format!("a type cast `{}(…)` takes exactly one value", id.name),
            );
            return error_expr(span);
        }
        self.no_width(&args[0]);
        let v = self.expr(&args[0].expr);
        if self.types.is_error(v.ty) || self.types.is_error(ty) {
            return error_expr(span);
        }
        let (to_size, from_size) = (self.types.size(ty), self.types.size(v.ty));
        let ordinal = self.types.is_ordinal(ty) && self.types.is_ordinal(v.ty);
        let conv = match (ordinal, to_size, from_size) {
            (true, 1, 2) => Conversion::IntToByte,
            (true, 2, 1) => Conversion::ByteToInt,
            (_, a, b) if a == b => Conversion::Retype,
            _ => {
                let (to, from) = (self.types.name(ty), self.types.name(v.ty));
                self.error(
                    span,
                    format!("cannot cast {from} ({from_size} bytes) to {to} ({to_size} bytes)"),
                );
                return error_expr(span);
            }
        };
        let e = self.convert(conv, v, ty);
        Expr { span, ..e }
    }

    /// A standard function used as a value.
    pub(super) fn std_call_expr(
        &mut self,
        name: &'static str,
        id: &Ident,
        args: &[ast::Arg],
        span: Span,
    ) -> Expr {
        let Some((entry, args, ty)) = self.std_args(name, id, args, span) else {
            return error_expr(span);
        };
        if !entry.is_function() {
            self.error(
                span,
                format!("`{}` is a procedure; it has no value", id.name),
            );
            return error_expr(span);
        }
        if let Some(v) = self.fold_std(entry.id, &args) {
            return mk(ExprKind::Const(v), ty, span);
        }
        mk(
            ExprKind::StdCall {
                routine: entry.id,
                args,
            },
            ty,
            span,
        )
    }

    /// Picks the row for this many arguments and checks the arguments. For `Form::Plain`
    /// rows only (`write`/`read`/`str` are statements, see `stmt.rs`).
    pub(super) fn std_args(
        &mut self,
        name: &'static str,
        id: &Ident,
        args: &[ast::Arg],
        span: Span,
    ) -> Option<(&'static StdEntry, Vec<Arg>, TypeId)> {
        let rows = Self::std_entries(name);
        let Some(entry) = rows.iter().copied().find(|e| e.accepts_count(args.len())) else {
            let counts: Vec<String> = rows
                .iter()
                .map(|e| {
                    if e.min_args == e.params.len() {
                        e.min_args.to_string()
                    } else {
                        format!("{} to {}", e.min_args, e.params.len())
                    }
                })
                .collect();
            let plural = if counts.last().is_some_and(|c| c == "1") {
                ""
            } else {
                "s"
            };
            self.diags.push(
                Diagnostic::error(
                    span,
                    format!(
                        "`{}` takes {} argument{plural}, but {} {} given",
                        id.name,
                        counts.join(" or "),
                        args.len(),
                        if args.len() == 1 { "was" } else { "were" }
                    ),
                )
                .with_label("wrong number of arguments"),
            );
            for a in args {
                self.expr(&a.expr);
            }
            return None;
        };
        if entry.form != Form::Plain {
            self.error(
                span,
                format!("`{}` can only be used as a statement", id.name),
            );
            return None;
        }
        let mut out = Vec::new();
        for (i, arg) in args.iter().enumerate() {
            self.no_width(arg);
            let kind = entry.param(i).unwrap_or(P::Ord);
            out.push(self.std_arg(kind, &arg.expr)?);
        }
        let ty = match entry.ret {
            R::None => TypeId::ERROR,
            R::Int => TypeId::INTEGER,
            R::Char => TypeId::CHAR,
            R::Bool => TypeId::BOOLEAN,
            R::Real => TypeId::REAL,
            R::Str => TypeId::STRING,
            R::Pointer => TypeId::ANY_POINTER,
            R::Random if args.is_empty() => TypeId::REAL,
            R::Random => TypeId::INTEGER,
            R::Same => out.first().map_or(TypeId::ERROR, |a| a.expr().ty),
        };
        Some((entry, out, ty))
    }

    /// Checks one argument of a standard routine.
    fn std_arg(&mut self, kind: P, e: &ast::Expr) -> Option<Arg> {
        let value = |c: &mut Self| c.expr(e);
        let var = |c: &mut Self| {
            let v = c.designator(e, false);
            c.require_variable(&v, "pass as `var`").then_some(v)
        };
        let t = |c: &Self, x: &Expr| (c.types.is_error(x.ty), x.ty);
        Some(match kind {
            P::Int => {
                let x = value(self);
                if !self.types.is_integer(x.ty) && !t(self, &x).0 {
                    self.mismatch(x.span, "integer", x.ty);
                    return None;
                }
                Arg::Value(self.widen(x))
            }
            P::OrdOrPointer => {
                let x = value(self);
                if self.types.is_pointer(x.ty) {
                    return Some(Arg::Value(x));
                }
                // `Ord(Copy(s, i, 1))`: a string of length 1 is a character (TP3).
                if self.types.is_string(x.ty) && x.as_const().is_none() {
                    return Some(Arg::Value(self.coerce(x, TypeId::CHAR, "the argument")));
                }
                if !self.types.is_ordinal(x.ty) && !t(self, &x).0 {
                    self.mismatch(x.span, "an ordinal value or a pointer", x.ty);
                    return None;
                }
                Arg::Value(x)
            }
            P::VarOrRoutine => {
                if let A::Name(id) = &e.kind {
                    if let Some(Resolved::Symbol(s)) = self.resolve(&id.key) {
                        if let SymbolKind::Routine(r) = self.symbols.get(s).kind.without_data() {
                            return Some(Arg::Value(mk(
                                ExprKind::RoutineAddr(r),
                                TypeId::INTEGER,
                                e.span,
                            )));
                        }
                    }
                }
                Arg::Ref(var(self)?)
            }
            P::Ord => {
                let x = value(self);
                if !self.types.is_ordinal(x.ty) && !t(self, &x).0 {
                    self.mismatch(x.span, "an ordinal value", x.ty);
                    return None;
                }
                Arg::Value(x)
            }
            P::Char => {
                let x = value(self);
                Arg::Value(self.coerce(x, TypeId::CHAR, "the argument"))
            }
            P::Real => {
                let x = value(self);
                Arg::Value(self.coerce(x, TypeId::REAL, "the argument"))
            }
            P::Num => {
                let x = value(self);
                if !self.types.is_integer(x.ty) && !self.types.is_real(x.ty) && !t(self, &x).0 {
                    self.mismatch(x.span, "integer or real", x.ty);
                    return None;
                }
                Arg::Value(self.widen(x))
            }
            P::Str => {
                let x = value(self);
                Arg::Value(self.coerce(x, TypeId::STRING, "the argument"))
            }
            P::VarStr | P::VarNum | P::VarInt | P::VarPtr | P::File | P::VarAny => {
                let x = var(self)?;
                let ok = self.types.is_error(x.ty)
                    || match kind {
                        P::VarStr => self.types.is_string(x.ty),
                        P::VarNum => self.types.is_integer(x.ty) || self.types.is_real(x.ty),
                        P::VarInt => self.types.is_integer(x.ty),
                        P::VarPtr => matches!(self.types.get(x.ty), Type::Pointer { .. }),
                        P::File => self.types.is_file(x.ty),
                        _ => true,
                    };
                if !ok {
                    let expected = match kind {
                        P::VarStr => "a string variable",
                        P::VarNum => "an integer or real variable",
                        P::VarInt => "an integer variable",
                        P::VarPtr => "a pointer variable",
                        _ => "a file variable",
                    };
                    self.mismatch(x.span, expected, x.ty);
                    return None;
                }
                Arg::Ref(x)
            }
            P::TypeOrVar => {
                // `SizeOf(T)` with a type name, or `SizeOf(x)` with a variable.
                if let A::Name(id) = &e.kind {
                    if let Some(Resolved::Symbol(s)) = self.resolve(&id.key) {
                        if self.symbols.get(s).kind == SymbolKind::Type {
                            let ty = self.symbols.get(s).ty;
                            return Some(Arg::Value(mk(
                                ExprKind::Const(ConstValue::Ord(self.types.size(ty) as i64)),
                                ty,
                                e.span,
                            )));
                        }
                    }
                }
                let x = self.designator(e, false);
                Arg::Value(x)
            }
        })
    }

    /// Folds a standard function whose arguments are constants.
    fn fold_std(&mut self, id: StdRoutine, args: &[Arg]) -> Option<ConstValue> {
        if id == StdRoutine::SizeOf {
            let x = args.first()?.expr();
            return Some(ConstValue::Ord(self.types.size(x.ty) as i64));
        }
        if id == StdRoutine::Pi {
            return Some(ConstValue::Real(std::f64::consts::PI));
        }
        let consts: Vec<&ConstValue> = args
            .iter()
            .map(|a| a.expr().as_const())
            .collect::<Option<_>>()?;
        use ConstValue::{Ord, Real, Str};
        Some(match (id, consts.as_slice()) {
            (StdRoutine::Ord, [Ord(v)]) => Ord(*v),
            (StdRoutine::Chr, [Ord(v)]) => Ord(v & 0xFF),
            (StdRoutine::Succ, [Ord(v)]) => Ord(v + 1),
            (StdRoutine::Pred, [Ord(v)]) => Ord(v - 1),
            (StdRoutine::Odd, [Ord(v)]) => Ord(v & 1),
            (StdRoutine::Abs, [Ord(v)]) => Ord(wrap16(v.abs())),
            (StdRoutine::Abs, [Real(v)]) => Real(v.abs()),
            (StdRoutine::Sqr, [Ord(v)]) => Ord(wrap16(v.wrapping_mul(*v))),
            (StdRoutine::Sqr, [Real(v)]) => Real(v * v),
            (StdRoutine::Hi, [Ord(v)]) => Ord((v >> 8) & 0xFF),
            (StdRoutine::Lo, [Ord(v)]) => Ord(v & 0xFF),
            (StdRoutine::Swap, [Ord(v)]) => Ord(wrap16(((v & 0xFF) << 8) | ((v >> 8) & 0xFF))),
            (StdRoutine::UpCase, [Ord(v)]) => Ord((*v as u8).to_ascii_uppercase() as i64),
            (StdRoutine::Length, [Str(s)]) => Ord(s.len() as i64),
            (StdRoutine::Round, [Real(v)]) if v.abs() < 32768.0 => Ord(v.round() as i64),
            (StdRoutine::Trunc, [Real(v)]) if v.abs() < 32768.0 => Ord(v.trunc() as i64),
            _ => return None,
        })
    }
}
