//! Symbols: what each identifier of the program was resolved to, and the scopes used to
//! resolve them.
//!
//! Standard routines and variables (`Write`, `Mem`, `Kbd` …) are not symbols: they live in
//! the table of `check/stdlib.rs`, are looked up after every scope (so declarations hide
//! them), and appear in the checked program as `StdCall` and `StdVar` nodes.

use std::collections::HashMap;

use crate::source::Span;
use crate::types::TypeId;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SymbolId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoutineId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LabelId(pub u32);

/// A value known at compile time.
#[derive(Clone, Debug, PartialEq)]
pub enum ConstValue {
    /// integer, byte, char, boolean and enumeration values (their ordinal number).
    Ord(i64),
    Real(f64),
    /// A string in the MSX character set.
    Str(Vec<u8>),
    /// A set as its 256 membership bits (bit `e mod 8` of byte `e div 8`).
    Set(Box<[u8; 32]>),
    Nil,
}

/// Where a variable lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Storage {
    /// Declared in the main program.
    Global,
    /// A local of a `{$A+}` routine: one static address, as TP3 does.
    Local { routine: RoutineId },
    /// A local of a `{$A-}` routine: each activation needs its own copy.
    RecursiveLocal { routine: RoutineId },
    /// The `index`-th parameter of a routine.
    Param {
        routine: RoutineId,
        index: u16,
        mode: PassMode,
    },
    /// The result of a function, assigned through the function's name.
    Result { routine: RoutineId },
    /// `absolute $F3E9`.
    Absolute { address: u16 },
    /// `absolute OtherVar`: shares the other variable's storage.
    AbsoluteVar { of: SymbolId },
    /// A typed constant: an initialised variable stored in the program image.
    TypedConst,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassMode {
    Value,
    Var,
    /// `var x` without a type: any variable, passed by address.
    UntypedVar,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SymbolKind {
    Const(ConstValue),
    /// An enumeration value (also a constant; kept apart for listings and debuggers).
    EnumValue(i64),
    Var {
        storage: Storage,
        /// Initial bytes of a typed constant, laid out as in memory (`size` bytes).
        init: Option<Vec<u8>>,
    },
    Type,
    Routine(RoutineId),
    Label(LabelId),
}

impl SymbolKind {
    /// A copy without the initial bytes of a typed constant (cheap to take while looking
    /// a name up).
    pub fn without_data(&self) -> SymbolKind {
        match self {
            SymbolKind::Var { storage, .. } => SymbolKind::Var {
                storage: *storage,
                init: None,
            },
            other => other.clone(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Symbol {
    pub name: String,
    pub kind: SymbolKind,
    /// The type of a constant, variable or function result; the type itself for a type.
    pub ty: TypeId,
    pub span: Span,
    /// 0 for predeclared names, 1 for the program, +1 for each routine level.
    pub level: u8,
}

impl Symbol {
    pub fn is_var(&self) -> bool {
        matches!(self.kind, SymbolKind::Var { .. })
    }
}

/// All symbols of a program, in declaration order.
#[derive(Clone, Debug, Default)]
pub struct SymbolTable {
    symbols: Vec<Symbol>,
}

impl SymbolTable {
    pub fn add(&mut self, sym: Symbol) -> SymbolId {
        self.symbols.push(sym);
        SymbolId(self.symbols.len() as u32 - 1)
    }

    pub fn get(&self, id: SymbolId) -> &Symbol {
        &self.symbols[id.0 as usize]
    }

    pub fn get_mut(&mut self, id: SymbolId) -> &mut Symbol {
        &mut self.symbols[id.0 as usize]
    }

    pub fn iter(&self) -> impl Iterator<Item = (SymbolId, &Symbol)> {
        self.symbols
            .iter()
            .enumerate()
            .map(|(i, s)| (SymbolId(i as u32), s))
    }

    pub fn len(&self) -> usize {
        self.symbols.len()
    }

    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }
}

/// Nested name spaces: the predeclared names, the program, each routine being checked.
#[derive(Debug, Default)]
pub struct Scopes {
    stack: Vec<HashMap<String, SymbolId>>,
}

impl Scopes {
    pub fn push(&mut self) {
        self.stack.push(HashMap::new());
    }

    pub fn pop(&mut self) {
        self.stack.pop();
    }

    /// Level of the innermost scope (0 = predeclared).
    pub fn level(&self) -> u8 {
        self.stack.len().saturating_sub(1) as u8
    }

    /// Declares `key` in the innermost scope; returns the symbol it would hide there.
    pub fn declare(&mut self, key: &str, id: SymbolId) -> Result<(), SymbolId> {
        let Some(top) = self.stack.last_mut() else {
            return Ok(());
        };
        if let Some(&old) = top.get(key) {
            return Err(old);
        }
        top.insert(key.to_string(), id);
        Ok(())
    }

    /// Looks a name up in the innermost scope only.
    pub fn local(&self, key: &str) -> Option<SymbolId> {
        self.stack.last().and_then(|s| s.get(key)).copied()
    }

    pub fn lookup(&self, key: &str) -> Option<SymbolId> {
        self.stack.iter().rev().find_map(|s| s.get(key)).copied()
    }
}
