//! Name resolution and type checking: the syntax tree to a [`CheckedProgram`].
//!
//! One pass, in source order, as Pascal's declare-before-use allows: declarations create
//! symbols and types, bodies are checked when reached. The parts: this file (the checker's
//! state, scopes and name lookup), `decl.rs` (declarations and types), `init.rs` (the bytes
//! of typed constants), `expr.rs` (names, selectors and conversions), `ops.rs` (operators and constant folding),
//! `calls.rs` (calls of user and standard routines, type casts), `stmt.rs` (statements), and
//! `stdlib.rs` (the table of standard routines).

mod calls;
mod decl;
mod expr;
mod init;
mod ops;
pub mod stdlib;
mod stmt;

use crate::ast::{self, Ident};
use crate::checked::{CheckedProgram, Label, Routine};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::directives::Switches;
use crate::source::{SourceMap, Span};
use crate::symbols::{ConstValue, RoutineId, Scopes, Symbol, SymbolId, SymbolKind, SymbolTable};
use crate::types::{TypeId, TypeTable};
use stdlib::{StdEntry, StdVar, STD_VARS};

/// What a name resolves to.
#[derive(Clone, Copy, Debug)]
enum Resolved {
    Symbol(SymbolId),
    /// A field of the record of an enclosing `with` (slot, record type, field index).
    WithField(u32, TypeId, usize),
    /// One or more standard routines of this name (overloaded by argument count).
    Std(&'static str),
    StdVar(StdVar),
}

pub(crate) struct Checker<'d> {
    types: TypeTable,
    symbols: SymbolTable,
    scopes: Scopes,
    routines: Vec<Routine>,
    labels: Vec<Label>,
    globals: Vec<SymbolId>,
    diags: &'d mut Diagnostics,
    /// The routine whose body is being checked (`None`: the main program).
    current: Option<RoutineId>,
    /// Enclosing `with` records, innermost last: (slot, record type).
    withs: Vec<(u32, TypeId)>,
    next_with_slot: u32,
    /// Routines declared `forward` whose bodies have not come yet.
    forwards: Vec<RoutineId>,
    /// Pointer types whose target was not declared yet (`^Node` before `Node`).
    pending_pointers: Vec<(TypeId, Ident)>,
    /// The switches of the statement being checked.
    switches: Switches,
    /// Routines already warned about for calling themselves under `{$A+}`.
    warned_recursion: Vec<RoutineId>,
    /// Functions whose result is assigned somewhere in their body.
    results_set: Vec<RoutineId>,
}

/// Checks a parsed program. Errors go to `diags`; the returned program is complete only
/// when there were none.
pub fn check_program(
    program: &ast::Program,
    sources: SourceMap,
    diags: &mut Diagnostics,
) -> CheckedProgram {
    let mut c = Checker {
        types: TypeTable::new(),
        symbols: SymbolTable::default(),
        scopes: Scopes::default(),
        routines: Vec::new(),
        labels: Vec::new(),
        globals: Vec::new(),
        diags,
        current: None,
        withs: Vec::new(),
        next_with_slot: 0,
        forwards: Vec::new(),
        pending_pointers: Vec::new(),
        switches: Switches::default(),
        warned_recursion: Vec::new(),
        results_set: Vec::new(),
    };
    c.scopes.push();
    c.predeclare();
    c.scopes.push();
    let body = c.block(&program.block);
    CheckedProgram {
        name: program.name.as_ref().map(|n| n.name.clone()),
        sources,
        types: c.types,
        symbols: c.symbols,
        routines: c.routines,
        globals: c.globals,
        labels: c.labels,
        body,
    }
}

impl Checker<'_> {
    /// The predeclared types and constants (level 0). Standard routines and variables are
    /// looked up in their tables after the scopes, so any declaration hides them.
    fn predeclare(&mut self) {
        let types = [
            ("INTEGER", TypeId::INTEGER),
            ("BYTE", TypeId::BYTE),
            ("CHAR", TypeId::CHAR),
            ("BOOLEAN", TypeId::BOOLEAN),
            ("REAL", TypeId::REAL),
            ("TEXT", TypeId::TEXT),
        ];
        for (name, ty) in types {
            self.predeclared(name, SymbolKind::Type, ty);
        }
        let consts = [
            ("FALSE", 0, TypeId::BOOLEAN),
            ("TRUE", 1, TypeId::BOOLEAN),
            ("MAXINT", 32767, TypeId::INTEGER),
        ];
        for (name, v, ty) in consts {
            self.predeclared(name, SymbolKind::Const(ConstValue::Ord(v)), ty);
        }
    }

    fn predeclared(&mut self, name: &str, kind: SymbolKind, ty: TypeId) {
        let id = self.symbols.add(Symbol {
            name: name.to_ascii_lowercase(),
            kind,
            ty,
            span: Span::default(),
            level: 0,
        });
        let _ = self.scopes.declare(name, id);
    }

    /// Declares a new symbol in the innermost scope, reporting a duplicate.
    fn declare(&mut self, id: &Ident, kind: SymbolKind, ty: TypeId) -> SymbolId {
        let sym = self.symbols.add(Symbol {
            name: id.name.clone(),
            kind,
            ty,
            span: id.span,
            level: self.scopes.level(),
        });
        if let Err(old) = self.scopes.declare(&id.key, sym) {
            let old_span = self.symbols.get(old).span;
            self.diags.push(
                Diagnostic::error(id.span, format!("`{}` is declared twice", id.name))
                    .with_label("second declaration")
                    .with_secondary(old_span, "first declared here"),
            );
        }
        sym
    }

    fn resolve(&self, key: &str) -> Option<Resolved> {
        for &(slot, record) in self.withs.iter().rev() {
            if let Some((index, _)) = self.types.field(record, key) {
                return Some(Resolved::WithField(slot, record, index));
            }
        }
        if let Some(sym) = self.scopes.lookup(key) {
            return Some(Resolved::Symbol(sym));
        }
        if let Some(e) = stdlib::lookup(key).next() {
            return Some(Resolved::Std(e.name));
        }
        STD_VARS
            .iter()
            .find(|(n, _)| *n == key)
            .map(|&(_, v)| Resolved::StdVar(v))
    }

    fn unknown(&mut self, id: &Ident) {
        self.diags.push(
            Diagnostic::error(id.span, format!("unknown identifier `{}`", id.name))
                .with_label("not declared"),
        );
    }

    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.diags.error(span, message);
    }

    /// Reports "expected X, found Y" for a type mismatch.
    fn mismatch(&mut self, span: Span, expected: &str, found: TypeId) {
        if self.types.is_error(found) {
            return;
        }
        let found = self.types.name(found);
        self.diags.push(
            Diagnostic::error(
                span,
                format!("type mismatch: expected {expected}, found {found}"),
            )
            .with_label(format!("this is {found}")),
        );
    }

    fn std_entries(name: &str) -> Vec<&'static StdEntry> {
        stdlib::lookup(name).collect()
    }
}
