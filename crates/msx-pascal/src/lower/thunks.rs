//! `Addr(Proc)`: the address of a routine, called as TP3 calls one.
//!
//! TP3 passes parameters on the stack, pushed in order, one word for each scalar or `var`
//! parameter, and the routine removes them; a function leaves its result in HL. This is
//! how a program's own I/O drivers (`ConOutPtr := Addr(MyOut)`), interrupt handlers and
//! `inline` calls reach a routine whose address was taken. A routine compiled under
//! `{$A+}` here finds its parameters at static places instead, so `Addr` gives the address
//! of a small entry that takes them off the stack into their places first (and, for a
//! function with a one-byte result, moves it from A to HL); a routine without parameters, or one compiled under
//! `{$A-}` (whose parameters are pushed as TP3 pushes them), is its own entry.

use z80_codegen::ir::{Block, Bytes, Expr as E, Function, Stmt as S, Term, W};

use super::{Lower, Place};
use crate::source::Span;
use crate::symbols::{PassMode, RoutineId, Storage, SymbolKind};

impl Lower<'_> {
    /// The address `Addr(r)` gives.
    pub(crate) fn routine_address(&mut self, r: RoutineId, span: Span) -> E {
        let routine = self.p.routine(r);
        let label = self.routine_label(r);
        let byte_result = routine.result_type.and_then(|t| self.width(t)) == Some(W::Byte);
        if routine.params.is_empty() && !byte_result
            || routine.recursive
            || routine.external.is_some()
        {
            return E::Sym(label, 0);
        }
        let scalar_params = routine.params.iter().all(|&p| {
            let sym = self.p.symbols.get(p);
            by_reference(&sym.kind) || self.width(sym.ty).is_some()
        });
        let scalar_result = routine.result_type.is_none_or(|t| self.width(t).is_some());
        if !scalar_params || !scalar_result {
            self.error(
                span,
                format!(
                    "`Addr` of `{}`: only routines whose parameters and result are scalars \
                     (integers, bytes, characters, booleans, pointers, `var` parameters) can \
                     be called as TP3 calls them",
                    routine.name
                ),
            );
            return E::Sym(label, 0);
        }
        let name = format!("{label}.tp3?");
        if !self.thunks.iter().any(|(t, _)| *t == r) {
            self.thunks.push((r, name.clone()));
        }
        E::Sym(name, 0)
    }

    /// The entries asked for by `routine_address`, made once every parameter has its place.
    pub(crate) fn thunk_functions(&mut self) -> Vec<Function> {
        let thunks = std::mem::take(&mut self.thunks);
        thunks
            .into_iter()
            .map(|(r, name)| {
                let code = self.thunk_code(r);
                Function {
                    name,
                    comment: format!("{}, called as TP3 calls it", self.p.routine(r).name),
                    blocks: vec![Block {
                        stmts: vec![S::Inline(code)],
                        term: Term::Ret(None),
                    }],
                    frame: None,
                }
            })
            .collect()
    }

    fn thunk_code(&self, r: RoutineId) -> Vec<Bytes> {
        let routine = self.p.routine(r);
        let label = |name: &str| Bytes::Label {
            name: name.to_string(),
            offset: 0,
            word: true,
        };
        // pop de: the return address.
        let mut code = vec![Bytes::Byte(0xD1)];
        for &p in routine.params.iter().rev() {
            let sym = self.p.symbols.get(p);
            let slot = match self.place(p) {
                Some(Place::Label(l) | Place::Indirect(l)) => l.clone(),
                _ => continue,
            };
            // pop hl
            code.push(Bytes::Byte(0xE1));
            if by_reference(&sym.kind) || self.width(sym.ty) == Some(W::Word) {
                // ld (slot),hl
                code.extend([Bytes::Byte(0x22), label(&slot)]);
            } else {
                // ld a,l / ld (slot),a
                code.extend([Bytes::Byte(0x7D), Bytes::Byte(0x32), label(&slot)]);
            }
        }
        // push de
        code.push(Bytes::Byte(0xD5));
        let routine_label = self.routine_label(r);
        // A function's body returns a word result in HL already, a byte one in A.
        match routine.result_type.and_then(|t| self.width(t)) {
            Some(W::Byte) => {
                // call routine / ld l,a / ld h,0 / ret
                code.extend([
                    Bytes::Byte(0xCD),
                    label(&routine_label),
                    Bytes::Byte(0x6F),
                    Bytes::Byte(0x26),
                    Bytes::Byte(0x00),
                    Bytes::Byte(0xC9),
                ]);
            }
            // jp routine
            _ => code.extend([Bytes::Byte(0xC3), label(&routine_label)]),
        }
        code
    }
}

fn by_reference(kind: &SymbolKind) -> bool {
    matches!(
        kind,
        SymbolKind::Var {
            storage: Storage::Param {
                mode: PassMode::Var | PassMode::UntypedVar,
                ..
            },
            ..
        }
    )
}
