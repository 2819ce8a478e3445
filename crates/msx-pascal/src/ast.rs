//! The syntax tree, as the parser reads it: names are still names, nothing is typed.
//!
//! Every node carries its [`Span`]. Statements and routines also carry the [`Switches`] in
//! effect where they were written (`{$A-}`, `{$I-}`, `{$R+}` …).

use crate::directives::Switches;
use crate::source::Span;

/// A name as written, with its upper-case key for lookups.
#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    pub name: String,
    pub key: String,
    pub span: Span,
}

impl Ident {
    pub fn new(name: &str, span: Span) -> Ident {
        Ident {
            name: name.to_string(),
            key: name.to_ascii_uppercase(),
            span,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Program {
    pub name: Option<Ident>,
    pub block: Block,
    pub span: Span,
}

/// Declarations followed by a compound statement.
#[derive(Clone, Debug)]
pub struct Block {
    pub decls: Vec<Decl>,
    pub body: Vec<Stmt>,
    /// The `begin` … `end` of the body.
    pub body_span: Span,
}

#[derive(Clone, Debug)]
pub enum Decl {
    Labels(Vec<Ident>),
    Const(ConstDecl),
    Type(TypeDecl),
    Var(VarDecl),
    Routine(Box<RoutineDecl>),
}

/// `name = expr` or, for a typed constant, `name : type = init`.
#[derive(Clone, Debug)]
pub struct ConstDecl {
    pub name: Ident,
    pub ty: Option<TypeExpr>,
    pub value: Init,
    pub span: Span,
}

/// The value of a constant: an expression, or a parenthesised list for structured typed
/// constants (`((1,2),(3,4))`, `(name: 'x'; time: 0)`).
#[derive(Clone, Debug)]
pub enum Init {
    Expr(Expr),
    List(Vec<Init>, Span),
    Record(Vec<(Ident, Init)>, Span),
}

impl Init {
    pub fn span(&self) -> Span {
        match self {
            Init::Expr(e) => e.span,
            Init::List(_, s) | Init::Record(_, s) => *s,
        }
    }
}

#[derive(Clone, Debug)]
pub struct TypeDecl {
    pub name: Ident,
    pub ty: TypeExpr,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct VarDecl {
    pub names: Vec<Ident>,
    pub ty: TypeExpr,
    pub absolute: Option<Absolute>,
    pub span: Span,
}

/// `absolute $F3E9` or `absolute OtherVar`.
#[derive(Clone, Debug)]
pub enum Absolute {
    Address(Expr),
    Var(Ident),
}

#[derive(Clone, Debug)]
pub struct TypeExpr {
    pub kind: TypeExprKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum TypeExprKind {
    Named(Ident),
    /// `string[n]`; TP3 requires the length, but a bare `string` is accepted (as 255) with
    /// a diagnostic from the checker.
    String(Option<Box<Expr>>),
    Subrange(Box<Expr>, Box<Expr>),
    Enum(Vec<Ident>),
    /// `array[i1, i2] of elem`, index types in order.
    Array(Vec<TypeExpr>, Box<TypeExpr>),
    Record(RecordBody),
    Set(Box<TypeExpr>),
    /// `file of T`, or an untyped `file`.
    File(Option<Box<TypeExpr>>),
    Pointer(Ident),
}

#[derive(Clone, Debug)]
pub struct RecordBody {
    pub fields: Vec<FieldGroup>,
    pub variant: Option<Box<Variant>>,
}

#[derive(Clone, Debug)]
pub struct FieldGroup {
    pub names: Vec<Ident>,
    pub ty: TypeExpr,
}

/// `case [tag :] TagType of labels: (fields); ...`
#[derive(Clone, Debug)]
pub struct Variant {
    pub tag: Option<Ident>,
    pub tag_type: Ident,
    pub cases: Vec<VariantCase>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct VariantCase {
    pub labels: Vec<Expr>,
    pub body: RecordBody,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoutineKind {
    Procedure,
    Function,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamMode {
    Value,
    Var,
}

#[derive(Clone, Debug)]
pub struct ParamGroup {
    pub mode: ParamMode,
    pub names: Vec<Ident>,
    /// A type name (TP3 allows only names here, or `string` meaning any string);
    /// `None` for an untyped `var` parameter.
    pub ty: Option<TypeExpr>,
}

#[derive(Clone, Debug)]
pub struct RoutineDecl {
    pub kind: RoutineKind,
    pub name: Ident,
    pub params: Vec<ParamGroup>,
    /// The parameter list was written (a forward-declared routine's body may omit it).
    pub has_param_list: bool,
    pub result: Option<TypeExpr>,
    pub body: RoutineBody,
    pub switches: Switches,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum RoutineBody {
    Block(Block),
    Forward,
    External(Expr),
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
    pub switches: Switches,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    Empty,
    Assign {
        target: Expr,
        value: Expr,
    },
    /// A procedure call, or a bare name (a call without arguments).
    Call(Expr),
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
        var: Ident,
        from: Expr,
        down: bool,
        to: Expr,
        body: Box<Stmt>,
    },
    With {
        records: Vec<Expr>,
        body: Box<Stmt>,
    },
    Goto(Ident),
    Labeled {
        label: Ident,
        stmt: Box<Stmt>,
    },
    Inline(Vec<InlineItem>),
}

#[derive(Clone, Debug)]
pub struct CaseArm {
    pub labels: Vec<CaseLabel>,
    pub body: Stmt,
}

/// `v` or `lo..hi`.
#[derive(Clone, Debug)]
pub struct CaseLabel {
    pub lo: Expr,
    pub hi: Option<Expr>,
}

/// One element of `inline(...)`: `<` forces a byte, `>` a word.
#[derive(Clone, Debug)]
pub struct InlineItem {
    pub size: InlineSize,
    pub expr: Expr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InlineSize {
    Auto,
    Byte,
    Word,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// `/`: always real division.
    RealDiv,
    Div,
    Mod,
    And,
    Or,
    Xor,
    Shl,
    Shr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    In,
}

impl BinOp {
    pub fn text(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::RealDiv => "/",
            BinOp::Div => "div",
            BinOp::Mod => "mod",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::Xor => "xor",
            BinOp::Shl => "shl",
            BinOp::Shr => "shr",
            BinOp::Eq => "=",
            BinOp::Ne => "<>",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::In => "in",
        }
    }

    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Plus,
    Not,
}

/// An argument of a call: `write`-style arguments may carry `:width` and `:decimals`.
#[derive(Clone, Debug)]
pub struct Arg {
    pub expr: Expr,
    pub width: Option<Expr>,
    pub decimals: Option<Expr>,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Int(i64),
    Real(f64),
    Str(Vec<u8>),
    Nil,
    Name(Ident),
    /// `a[i, j]` (all indices of one bracket pair).
    Index(Box<Expr>, Vec<Expr>),
    Field(Box<Expr>, Ident),
    Deref(Box<Expr>),
    /// `f(args)`: a function call, a type cast (`integer(c)`), or a procedure call in a
    /// call statement.
    Call(Box<Expr>, Vec<Arg>),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `[a, b..c]`.
    Set(Vec<SetItem>),
    /// `*` inside `inline(...)`: the address of the current byte.
    LocationCounter,
}

#[derive(Clone, Debug)]
pub struct SetItem {
    pub lo: Expr,
    pub hi: Option<Expr>,
}
