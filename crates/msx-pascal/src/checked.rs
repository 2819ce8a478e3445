//! The checked program: what the front end hands to the code generator.
//!
//! Every expression has a type, every name is a [`SymbolId`] or a [`RoutineId`], constant
//! expressions are folded to [`ExprKind::Const`], and the implicit conversions of Pascal are
//! explicit [`ExprKind::Convert`] nodes. Arithmetic operators say what they work on
//! ([`BinaryOp`]): integer arithmetic always works on 16-bit integers (byte operands are
//! widened by a `Convert`), while comparisons of two one-byte values stay one-byte
//! ([`CmpKind::Byte`]) so they can be done in the accumulator.
//!
//! `with` statements are resolved: the record is named once ([`StmtKind::With`]) and field
//! references inside use [`ExprKind::WithRecord`] as their base.
//!
//! Invariants the code generator may rely on (in a program the front end accepted):
//! - no expression has type [`TypeId::ERROR`];
//! - integer arithmetic (`IntAdd` … `Shr`, `IntNeg`, `IntNot`) has 16-bit integer operands and
//!   result (`TypeId::INTEGER`); one-byte operands arrive through `Convert(ByteToInt)`;
//! - an assignment's value has the target's type up to subranges of the same size: a
//!   narrowing is a `Convert(IntToByte)` node, a widening `Convert(ByteToInt)`;
//! - the index of an array whose index type is integer-like is a 16-bit integer; for `char`,
//!   `boolean` and enumeration indexes it is the one-byte value. The lower bound to subtract
//!   is the index type's `ordinal_range`;
//! - a `case` selector is a 16-bit integer if integer-like, else a one-byte value; its arms'
//!   ranges are disjoint;
//! - `write` items of integer-like type are 16-bit integers; `read` targets are variables;
//! - every `Arg::Ref` and assignment target is a variable (has an address).

use crate::check::stdlib::{StdRoutine, StdVar};
use crate::directives::Switches;
use crate::source::{SourceMap, Span};
use crate::symbols::{ConstValue, LabelId, RoutineId, SymbolId, SymbolTable};
use crate::types::{TypeId, TypeTable};

pub use crate::ast::RoutineKind;

#[derive(Debug)]
pub struct CheckedProgram {
    pub name: Option<String>,
    /// Every file read, for mapping spans to lines in listings and symbol files.
    pub sources: SourceMap,
    pub types: TypeTable,
    pub symbols: SymbolTable,
    /// All procedures and functions, outer before inner, in declaration order.
    pub routines: Vec<Routine>,
    /// Global variables and typed constants, in declaration order.
    pub globals: Vec<SymbolId>,
    pub labels: Vec<Label>,
    /// The statements of the main program.
    pub body: Vec<Stmt>,
}

impl CheckedProgram {
    pub fn routine(&self, id: RoutineId) -> &Routine {
        &self.routines[id.0 as usize]
    }
}

#[derive(Debug)]
pub struct Routine {
    pub name: String,
    pub symbol: SymbolId,
    pub kind: RoutineKind,
    /// The routine it is declared in (`None` for the program level).
    pub parent: Option<RoutineId>,
    /// 1 for routines of the program, 2 for routines inside those, …
    pub level: u8,
    pub params: Vec<SymbolId>,
    /// The variable holding a function's result.
    pub result: Option<SymbolId>,
    pub result_type: Option<TypeId>,
    /// Local variables and typed constants.
    pub locals: Vec<SymbolId>,
    pub body: Vec<Stmt>,
    /// Compiled under `{$A-}`: may call itself, locals need one copy per activation.
    pub recursive: bool,
    /// `external $addr`: machine code at a fixed address, no body.
    pub external: Option<u16>,
    pub span: Span,
}

#[derive(Debug)]
pub struct Label {
    pub name: String,
    pub routine: Option<RoutineId>,
    pub span: Span,
    /// The label was placed on a statement.
    pub defined: bool,
}

/// Run-time checks asked for where the statement was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checks {
    /// `{$I+}`: an I/O error stops the program (else it sets `IOResult`).
    pub io: bool,
    /// `{$R+}`: indexes and narrowing assignments are range-checked.
    pub range: bool,
}

impl From<Switches> for Checks {
    fn from(s: Switches) -> Checks {
        Checks {
            io: s.io_check,
            range: s.range_check,
        }
    }
}

#[derive(Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
    pub checks: Checks,
}

#[derive(Debug)]
pub enum StmtKind {
    Empty,
    Assign {
        target: Expr,
        value: Expr,
    },
    Call {
        routine: RoutineId,
        args: Vec<Arg>,
    },
    /// A standard procedure (or a standard function whose result is dropped, like `Bdos`).
    StdCall {
        routine: StdRoutine,
        args: Vec<Arg>,
    },
    /// `write`/`writeln`; `file` is `None` for the screen.
    Write {
        file: Option<Expr>,
        items: Vec<WriteItem>,
        newline: bool,
    },
    /// `read`/`readln`; targets are variables. `read(kbd, c)` has `file` = `Kbd`.
    Read {
        file: Option<Expr>,
        targets: Vec<Expr>,
        newline: bool,
    },
    /// `Str(value:width:decimals, s)`.
    Str {
        item: WriteItem,
        target: Expr,
    },
    Compound(Vec<Stmt>),
    If {
        cond: Expr,
        then: Box<Stmt>,
        els: Option<Box<Stmt>>,
    },
    Case {
        selector: Expr,
        arms: Vec<CaseArm>,
        els: Option<Vec<Stmt>>,
    },
    While {
        cond: Expr,
        body: Box<Stmt>,
    },
    Repeat {
        body: Vec<Stmt>,
        cond: Expr,
    },
    For {
        var: Expr,
        from: Expr,
        to: Expr,
        down: bool,
        body: Box<Stmt>,
    },
    /// `with record do body`; inside, `ExprKind::WithRecord(slot)` is this record.
    With {
        slot: u32,
        record: Expr,
        body: Box<Stmt>,
    },
    Goto(LabelId),
    Labeled {
        label: LabelId,
        stmt: Box<Stmt>,
    },
    /// Leave the current routine (the program, at the top level).
    Exit,
    Halt,
    Inline(Vec<InlineItem>),
}

#[derive(Debug)]
pub struct CaseArm {
    /// Inclusive ranges of selector values (single values are `(v, v)`).
    pub ranges: Vec<(i64, i64)>,
    pub body: Stmt,
}

#[derive(Debug)]
pub struct WriteItem {
    pub value: Expr,
    pub width: Option<Expr>,
    pub decimals: Option<Expr>,
}

#[derive(Debug)]
pub struct InlineItem {
    /// 1 or 2 bytes.
    pub size: u8,
    pub value: InlineValue,
}

#[derive(Debug, PartialEq)]
pub enum InlineValue {
    /// A 16-bit pattern (0..=$FFFF); an item of size 1 emits its low byte.
    Const(i64),
    /// The address of a variable (its static address, also in `{$A-}` code) plus an offset.
    VarAddress {
        symbol: SymbolId,
        offset: i64,
    },
    RoutineAddress {
        routine: RoutineId,
        offset: i64,
    },
    /// `*` + offset: the address of this item's first byte plus `offset`.
    LocationCounter {
        offset: i64,
    },
}

/// An argument: by value, or by reference (the address of a variable).
#[derive(Debug)]
pub enum Arg {
    Value(Expr),
    Ref(Expr),
}

impl Arg {
    pub fn expr(&self) -> &Expr {
        match self {
            Arg::Value(e) | Arg::Ref(e) => e,
        }
    }
}

#[derive(Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: TypeId,
    pub span: Span,
}

impl Expr {
    pub fn as_const(&self) -> Option<&ConstValue> {
        match &self.kind {
            ExprKind::Const(c) => Some(c),
            _ => None,
        }
    }

    pub fn const_ord(&self) -> Option<i64> {
        match self.as_const() {
            Some(ConstValue::Ord(v)) => Some(*v),
            _ => None,
        }
    }
}

#[derive(Debug)]
pub enum ExprKind {
    Const(ConstValue),
    /// A variable, parameter, typed constant or function result.
    Var(SymbolId),
    /// The record of the `slot`-th enclosing `with` (see [`StmtKind::With`]).
    WithRecord(u32),
    /// One dimension of array indexing; the index is an ordinal of the array's index class.
    Index {
        array: Box<Expr>,
        index: Box<Expr>,
    },
    /// `s[i]`: a character of a string (`s[0]` is the length byte).
    StrIndex {
        string: Box<Expr>,
        index: Box<Expr>,
    },
    Field {
        record: Box<Expr>,
        field: u32,
        offset: u32,
    },
    Deref(Box<Expr>),
    /// `Mem[addr]`, `Port[p]`, and the predeclared files (`Kbd`, `Lst`, …).
    StdVar(StdVar, Option<Box<Expr>>),
    Unary {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    Binary {
        op: BinaryOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    Convert {
        conv: Conversion,
        expr: Box<Expr>,
    },
    Call {
        routine: RoutineId,
        args: Vec<Arg>,
    },
    StdCall {
        routine: StdRoutine,
        args: Vec<Arg>,
    },
    /// A set built at run time: single elements and ranges.
    Set(Vec<(Expr, Option<Expr>)>),
    /// The address of a procedure or function (`Addr(Proc)`), only as `Addr`'s argument.
    RoutineAddr(RoutineId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    IntNeg,
    RealNeg,
    BoolNot,
    /// `not` on an integer: every bit inverted.
    IntNot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    IntAdd,
    IntSub,
    IntMul,
    IntDiv,
    IntMod,
    IntAnd,
    IntOr,
    IntXor,
    Shl,
    Shr,
    RealAdd,
    RealSub,
    RealMul,
    RealDiv,
    /// Booleans: both sides are always evaluated, as in TP3.
    BoolAnd,
    BoolOr,
    BoolXor,
    Concat,
    SetUnion,
    SetDiff,
    SetIntersect,
    /// `x in s`: lhs is an ordinal, rhs a set.
    In,
    Cmp(Cmp, CmpKind),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// What a comparison compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpKind {
    /// Two one-byte ordinals (byte, char, boolean, enumeration), unsigned.
    Byte,
    /// Two 16-bit signed integers.
    Int,
    Real,
    Str,
    /// `=`/`<>` and `<=`/`>=` (subset) on sets.
    Set,
    Pointer,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conversion {
    /// A one-byte ordinal widened to integer (zero-extended).
    ByteToInt,
    /// An integer narrowed to one byte (checked under `{$R+}`).
    IntToByte,
    IntToReal,
    /// A character used as a one-character string.
    CharToStr,
    /// An `array[a..b] of char` used as a string value: a string of the array's length
    /// (TP3's reference manual, "Character arrays").
    CharArrayToStr,
    /// A string used as a character (TP3's reference manual, "Strings and characters"):
    /// its only character; a string of another length stops the program with *String
    /// length error* (TP3's run-time error 10).
    StrToChar,
    /// A value cast to another type of the same size (`char(65)`, `integer(p)`).
    Retype,
    /// A set moved to a set type with a different stored byte range (`set of 1..10` to
    /// `set of byte`): bytes outside the source range are zero, and under `{$R+}` members
    /// outside the target's range are an error.
    SetResize,
}
