//! The intermediate representation: what a front end (Pascal today, BASIC later) hands to
//! the back end.
//!
//! It is deliberately small and not tied to any source language:
//!
//! - values are 8 bits ([`W::Byte`], computed in A) or 16 bits ([`W::Word`], computed in HL);
//!   addresses are 16-bit values;
//! - memory is reached through address expressions: a static address is [`Expr::Sym`]
//!   (a label plus an offset), anything else is computed (`Sym + index * stride`, a pointer
//!   loaded from memory, …), so one `Load`/`Store` covers static, indexed and indirect
//!   locations;
//! - calls name a label (a compiled routine or a runtime-library routine) and say which
//!   register each argument goes in;
//! - a routine is a list of basic blocks, each ending in a [`Term`]inator; conditions are
//!   [`Cond`] trees that the code generator turns into compare-and-branch code, never into
//!   materialised booleans unless a value is asked for ([`Expr::Cond`]).
//!
//! Storage follows Turbo Pascal 3's model, which suits the Z80 (no cheap stack-relative
//! addressing): every variable has a static address, and a routine that may be re-entered
//! (`{$A-}` in Pascal) saves its whole area on a recursion stack on entry and restores it
//! on exit ([`Frame`]).

/// Width of a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum W {
    Byte,
    Word,
}

impl W {
    pub fn bytes(self) -> u16 {
        match self {
            W::Byte => 1,
            W::Word => 2,
        }
    }
}

/// A CPU register an argument is passed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reg {
    A,
    HL,
    DE,
    BC,
}

impl Reg {
    pub fn width(self) -> W {
        match self {
            Reg::A => W::Byte,
            _ => W::Word,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    /// Low 16 (or 8) bits of the product; the same for signed and unsigned.
    Mul,
    /// Signed division truncating toward zero (Pascal `div`, BASIC `\`).
    Div,
    /// Remainder of [`BinOp::Div`]: its sign is the dividend's.
    Mod,
    And,
    Or,
    Xor,
    /// Shift left by the right operand (0..15; larger gives 0).
    Shl,
    /// Logical shift right.
    Shr,
}

impl BinOp {
    pub fn commutative(self) -> bool {
        matches!(
            self,
            BinOp::Add | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    Neg,
    /// Every bit inverted.
    Not,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpOp {
    /// The comparison that holds exactly when this one does not.
    pub fn negate(self) -> CmpOp {
        match self {
            CmpOp::Eq => CmpOp::Ne,
            CmpOp::Ne => CmpOp::Eq,
            CmpOp::Lt => CmpOp::Ge,
            CmpOp::Ge => CmpOp::Lt,
            CmpOp::Gt => CmpOp::Le,
            CmpOp::Le => CmpOp::Gt,
        }
    }

    /// The comparison with its operands exchanged (`a < b` is `b > a`).
    pub fn swap(self) -> CmpOp {
        match self {
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Ge => CmpOp::Le,
            other => other,
        }
    }
}

/// An expression producing a byte (in A) or a word (in HL).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    /// A constant (for a byte only the low 8 bits count).
    Const(W, u16),
    /// The address of a label plus an offset (a word).
    Sym(String, i32),
    /// The value at an address.
    Load(W, Box<Expr>),
    Un(UnOp, W, Box<Expr>),
    Bin(BinOp, W, Box<Expr>, Box<Expr>),
    /// A byte widened to a word with zeros.
    ZExt(Box<Expr>),
    /// A byte widened to a word with its sign.
    SExt(Box<Expr>),
    /// The low byte of a word.
    Lo(Box<Expr>),
    /// The high byte of a word.
    Hi(Box<Expr>),
    /// A condition as a byte: 1 if it holds, else 0.
    Cond(Box<Cond>),
    /// A call; the result is in A (byte) or HL (word).
    Call(Call),
    /// `IN A,(C)` from the port given as a byte.
    PortIn(Box<Expr>),
}

impl Expr {
    /// Calls `f` on each direct sub-expression: the operands, a call's
    /// arguments, and the expressions a condition tests. The optimiser's
    /// passes walk the IR through this and [`Expr::for_each_child_mut`].
    pub fn for_each_child<'a>(&'a self, f: &mut dyn FnMut(&'a Expr)) {
        match self {
            Expr::Const(..) | Expr::Sym(..) => {}
            Expr::Load(_, a)
            | Expr::Un(_, _, a)
            | Expr::ZExt(a)
            | Expr::SExt(a)
            | Expr::Lo(a)
            | Expr::Hi(a)
            | Expr::PortIn(a) => f(a),
            Expr::Bin(_, _, a, b) => {
                f(a);
                f(b);
            }
            Expr::Cond(c) => c.for_each_expr(f),
            Expr::Call(c) => c.args.iter().for_each(|(_, a)| f(a)),
        }
    }

    /// [`Expr::for_each_child`], for rewriting.
    pub fn for_each_child_mut(&mut self, f: &mut dyn FnMut(&mut Expr)) {
        match self {
            Expr::Const(..) | Expr::Sym(..) => {}
            Expr::Load(_, a)
            | Expr::Un(_, _, a)
            | Expr::ZExt(a)
            | Expr::SExt(a)
            | Expr::Lo(a)
            | Expr::Hi(a)
            | Expr::PortIn(a) => f(a),
            Expr::Bin(_, _, a, b) => {
                f(a);
                f(b);
            }
            Expr::Cond(c) => c.for_each_expr_mut(f),
            Expr::Call(c) => c.args.iter_mut().for_each(|(_, a)| f(a)),
        }
    }
}

/// A call of a label, with arguments in registers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Call {
    pub target: String,
    pub args: Vec<(Reg, Expr)>,
    /// The width of the result (ignored when the call is a statement).
    pub ret: W,
}

/// A condition for a branch.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cond {
    True,
    False,
    /// Compare two values of width `w`, signed or unsigned.
    Cmp {
        op: CmpOp,
        w: W,
        signed: bool,
        l: Expr,
        r: Expr,
    },
    /// The value (byte or word) is not zero.
    NonZero(W, Expr),
    Not(Box<Cond>),
    /// Both hold (the right side is evaluated only when the left holds).
    And(Box<Cond>, Box<Cond>),
    /// Either holds (the right side is evaluated only when the left does not).
    Or(Box<Cond>, Box<Cond>),
    /// A call of a runtime routine that answers in the flags: the condition holds when
    /// `flag` is set (`when_set`) or clear. For set membership, string comparison and
    /// the like.
    Flag {
        call: Call,
        flag: Flag,
        when_set: bool,
    },
}

impl Cond {
    /// Calls `f` on each expression the condition tests, through `Not`, `And`
    /// and `Or` (a runtime call's arguments included).
    pub fn for_each_expr<'a>(&'a self, f: &mut dyn FnMut(&'a Expr)) {
        match self {
            Cond::True | Cond::False => {}
            Cond::Cmp { l, r, .. } => {
                f(l);
                f(r);
            }
            Cond::NonZero(_, e) => f(e),
            Cond::Not(c) => c.for_each_expr(f),
            Cond::And(a, b) | Cond::Or(a, b) => {
                a.for_each_expr(f);
                b.for_each_expr(f);
            }
            Cond::Flag { call, .. } => call.args.iter().for_each(|(_, a)| f(a)),
        }
    }

    /// [`Cond::for_each_expr`], for rewriting.
    pub fn for_each_expr_mut(&mut self, f: &mut dyn FnMut(&mut Expr)) {
        match self {
            Cond::True | Cond::False => {}
            Cond::Cmp { l, r, .. } => {
                f(l);
                f(r);
            }
            Cond::NonZero(_, e) => f(e),
            Cond::Not(c) => c.for_each_expr_mut(f),
            Cond::And(a, b) | Cond::Or(a, b) => {
                a.for_each_expr_mut(f);
                b.for_each_expr_mut(f);
            }
            Cond::Flag { call, .. } => call.args.iter_mut().for_each(|(_, a)| f(a)),
        }
    }
}

/// A flag a runtime routine answers in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Flag {
    Zero,
    Carry,
}

/// A part of an `inline` statement or an [`Stmt::Data`] block.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Bytes {
    Byte(u8),
    Word(u16),
    /// A label's address plus an offset, as a word (or its low byte when `word` is false).
    Label {
        name: String,
        offset: i32,
        word: bool,
    },
    /// The address of this item plus an offset (Turbo Pascal's `*` in `inline`).
    Here {
        offset: i32,
        word: bool,
    },
}

/// A statement (inside a basic block: no jumps).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stmt {
    Store {
        w: W,
        addr: Expr,
        value: Expr,
    },
    /// Evaluates an expression for its side effects (a call).
    Eval(Expr),
    /// Pushes a word (arguments of a re-entrant routine).
    Push(Expr),
    /// Copies `len` bytes from `src` to `dst` (they must not overlap with `dst` above `src`).
    Copy {
        dst: Expr,
        src: Expr,
        len: Expr,
    },
    /// `OUT (port),value`: both bytes.
    PortOut {
        port: Expr,
        value: Expr,
    },
    /// Machine code bytes placed in the code (Pascal's `inline`).
    Inline(Vec<Bytes>),
    /// A comment naming the source line that the next statements come from.
    Line(SrcLoc),
}

impl Stmt {
    /// Calls `f` on each top-level expression of the statement: a store's address and
    /// value, a copy's destination, source and length, a port and its value (in that
    /// order). `Inline` and `Line` have none.
    pub fn for_each_expr<'a>(&'a self, f: &mut dyn FnMut(&'a Expr)) {
        match self {
            Stmt::Store { addr, value, .. } => {
                f(addr);
                f(value);
            }
            Stmt::Eval(e) | Stmt::Push(e) => f(e),
            Stmt::Copy { dst, src, len } => {
                f(dst);
                f(src);
                f(len);
            }
            Stmt::PortOut { port, value } => {
                f(port);
                f(value);
            }
            Stmt::Inline(_) | Stmt::Line(_) => {}
        }
    }

    /// [`Stmt::for_each_expr`], for rewriting.
    pub fn for_each_expr_mut(&mut self, f: &mut dyn FnMut(&mut Expr)) {
        match self {
            Stmt::Store { addr, value, .. } => {
                f(addr);
                f(value);
            }
            Stmt::Eval(e) | Stmt::Push(e) => f(e),
            Stmt::Copy { dst, src, len } => {
                f(dst);
                f(src);
                f(len);
            }
            Stmt::PortOut { port, value } => {
                f(port);
                f(value);
            }
            Stmt::Inline(_) | Stmt::Line(_) => {}
        }
    }
}

/// Where a statement came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SrcLoc {
    /// Index into [`Program::sources`].
    pub file: u32,
    /// 1-based line.
    pub line: u32,
}

/// Index of a block in its [`Function`].
pub type BlockId = usize;

/// How a basic block ends.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    Jump(BlockId),
    Branch {
        cond: Cond,
        then: BlockId,
        els: BlockId,
    },
    /// Jump to a block by a byte or word value: `targets[value - base]`, else `default`.
    Switch {
        w: W,
        value: Expr,
        base: i32,
        targets: Vec<BlockId>,
        default: BlockId,
    },
    /// Return from the routine, with a value in A or HL.
    Ret(Option<(W, Expr)>),
    /// Jump to a label outside the routine and never come back (program end, errors).
    Goto(String),
}

impl Term {
    /// The blocks control may go to next (none after a return or a `Goto`).
    pub fn successors(&self) -> Vec<BlockId> {
        match self {
            Term::Jump(b) => vec![*b],
            Term::Branch { then, els, .. } => vec![*then, *els],
            Term::Switch {
                targets, default, ..
            } => targets.iter().copied().chain([*default]).collect(),
            Term::Ret(_) | Term::Goto(_) => vec![],
        }
    }

    /// Calls `f` on each expression the block's end evaluates: a branch's condition's
    /// expressions (through [`Cond::for_each_expr`]), a switch's value, a returned value.
    pub fn for_each_expr<'a>(&'a self, f: &mut dyn FnMut(&'a Expr)) {
        match self {
            Term::Branch { cond, .. } => cond.for_each_expr(f),
            Term::Switch { value, .. } => f(value),
            Term::Ret(Some((_, e))) => f(e),
            Term::Ret(None) | Term::Jump(_) | Term::Goto(_) => {}
        }
    }

    /// [`Term::for_each_expr`], for rewriting.
    pub fn for_each_expr_mut(&mut self, f: &mut dyn FnMut(&mut Expr)) {
        match self {
            Term::Branch { cond, .. } => cond.for_each_expr_mut(f),
            Term::Switch { value, .. } => f(value),
            Term::Ret(Some((_, e))) => f(e),
            Term::Ret(None) | Term::Jump(_) | Term::Goto(_) => {}
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub term: Term,
}

/// The saved area of a re-entrant routine, and the arguments it takes off the stack.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Frame {
    /// Label of the area: the routine's parameters, locals and temporaries, contiguous.
    pub area: String,
    pub size: u16,
    /// Parameters pushed by the caller, first pushed first. On entry, after the area is
    /// saved, they are popped into their static places.
    pub params: Vec<FrameParam>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FrameParam {
    /// A word (or a byte: the low byte of the pushed word) stored at the label.
    Value { label: String, w: W },
    /// The caller pushed an address; `len` bytes are copied from there.
    CopyFrom { label: String, len: u16 },
    /// The caller pushed the address of a string; it is copied with truncation to `max`.
    StrFrom { label: String, max: u8 },
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Function {
    /// The label it is called by (named after the source routine).
    pub name: String,
    /// Shown as a comment above the code (e.g. the source declaration).
    pub comment: String,
    /// Block 0 is the entry.
    pub blocks: Vec<Block>,
    /// `Some` for a re-entrant routine.
    pub frame: Option<Frame>,
}

/// Initialised, writable data (Pascal typed constants). On a cartridge it is copied to RAM
/// at start-up.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Data {
    pub label: String,
    pub bytes: Vec<u8>,
    pub comment: String,
}

/// A variable: `size` bytes of RAM, zero at start-up.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Var {
    pub label: String,
    pub size: u16,
    pub comment: String,
}

/// A label defined at a fixed address (`absolute $F3E9`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fixed {
    pub label: String,
    pub addr: u16,
}

/// A source file, for the comments of the generated assembly and the line table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Source {
    pub name: String,
    pub text: String,
}

/// A whole program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Program {
    /// The routine started first (it must end with a [`Term::Goto`] to `rt_halt` or loop).
    pub main: String,
    pub functions: Vec<Function>,
    /// Read-only data (string literals): stays in ROM on a cartridge.
    pub rodata: Vec<Data>,
    pub data: Vec<Data>,
    /// Variables in declaration order. Variables listed in one [`Frame`] must be listed
    /// together, in the frame's order, starting with the frame's area label.
    pub vars: Vec<Var>,
    pub fixed: Vec<Fixed>,
    pub sources: Vec<Source>,
    /// Routines of the front end's runtime that also come in a form taking their
    /// address operand from the words after the `CALL` (the last step of
    /// [`crate::peephole`]).
    pub inline_calls: InlineCalls,
    /// Variables (words and bytes) the front end uses as scratch: their values never outlive the
    /// statement that made them, so none is live where the runtime may jump to behind
    /// the code's back ([`crate::stack_temps`] carries them on the stack).
    pub scratch: Vec<String>,
}

/// Call forms with inline operands, which a front end's runtime provides to make
/// frequent calls shorter: `ld hl,x` / `call r` (6 bytes) becomes `call r_i` / `dw x`
/// (5), and two neighbouring such calls (or one and a plain call after it) become one
/// call followed by both operands (a `CALL` fewer). Each inline form takes its words in
/// order and returns past them, with the registers and flags its plain routines leave.
/// A form costs its own bytes once, so a program gets only the forms whose uses save
/// more than that.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InlineCalls {
    /// Routines taking an address in HL, and their inline forms.
    pub operand: Vec<InlineForm>,
    /// Fusions: `call first` [`dw` its words] `call second` [`dw` its words] becomes
    /// `call form` and all the words. A plain routine named as first or second takes no
    /// words. Tried in order, as the instructions come.
    pub fuse: Vec<(String, InlineForm)>,
    /// Checks that branch to one place: `ld hl,x` / `call replaces` / `jp c,l` becomes
    /// `call form` / `dw x`, the form going to `l` itself (through the label `target`,
    /// put at `l`) where the plain routine returned carry. Only where every such check
    /// goes to the same `l`.
    pub branch: Vec<InlineBranch>,
}

/// A check with its operand inline that also makes its own jump (see
/// [`InlineCalls::branch`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlineBranch {
    pub form: InlineForm,
    /// The label the form jumps to, which the rewrite places at the branches' target.
    pub target: String,
}

/// One inline form: the call it replaces (for a fusion, the second one), its name and
/// its size in bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlineForm {
    pub replaces: String,
    pub form: String,
    pub bytes: u16,
}

/// Shorthands for building expressions.
pub mod build {
    use super::*;

    pub fn word(v: i64) -> Expr {
        Expr::Const(W::Word, v as u16)
    }

    pub fn byte(v: i64) -> Expr {
        Expr::Const(W::Byte, v as u8 as u16)
    }

    pub fn sym(name: &str) -> Expr {
        Expr::Sym(name.to_string(), 0)
    }

    pub fn load(w: W, addr: Expr) -> Expr {
        Expr::Load(w, Box::new(addr))
    }

    pub fn bin(op: BinOp, w: W, l: Expr, r: Expr) -> Expr {
        Expr::Bin(op, w, Box::new(l), Box::new(r))
    }

    pub fn add(l: Expr, r: Expr) -> Expr {
        bin(BinOp::Add, W::Word, l, r)
    }

    pub fn zext(e: Expr) -> Expr {
        Expr::ZExt(Box::new(e))
    }

    pub fn lo(e: Expr) -> Expr {
        Expr::Lo(Box::new(e))
    }

    pub fn call(target: &str, args: Vec<(Reg, Expr)>, ret: W) -> Expr {
        Expr::Call(Call {
            target: target.to_string(),
            args,
            ret,
        })
    }
}
