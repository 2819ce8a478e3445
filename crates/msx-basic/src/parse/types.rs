//! The type of an expression, as MSX-BASIC's evaluator leaves VALTYP.
//!
//! Facts from the ROM (`base200/basic1.asm`, `basic2.asm`):
//! - `+ - *` on two integers give an integer; on overflow the ROM redoes
//!   the operation in real arithmetic (`C3172` → `C324E`), so the value is
//!   then a double. `^` on two integers likewise (`C383F`), and a negative
//!   integer exponent gives a real.
//! - Every other arithmetic is done in double precision: the single
//!   precision routines widen both operands and set VALTYP to 8 (`C3042`)
//!   before calling the double routines, and `int / int` goes through the
//!   single divide (`C4DB8`). So `1/3` prints 14 digits.
//! - `\`, MOD, NOT, AND, OR, XOR, EQV, IMP and the relational operators
//!   give integers (relational: -1 or 0).
//! - TIME is a single (`J7900` → `C3236`); INT, FIX and ABS keep their
//!   argument's type; SGN gives an integer.
//!
//! [`type_of`] gives the static type a compiler would pick; where the ROM's
//! type depends on the value (integer overflow), it returns the integer
//! type and the lowering must promote at run time (see `docs/basic.md`).

use super::ast::{BinOp, Expr, ExprKind, Type};
use crate::keywords::Keyword as K;

/// What a built-in function returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ret {
    Fixed(Type),
    /// The type of the first argument (INT, FIX, ABS).
    SameAsArg,
    /// USR: a string for a string argument, else a double (the routine's
    /// VALTYP decides at run time; every number type fits a double).
    Usr,
}

const FUNCTION_TYPES: &[(K, Ret)] = &[
    (K::LeftStr, Ret::Fixed(Type::String)),
    (K::RightStr, Ret::Fixed(Type::String)),
    (K::MidStr, Ret::Fixed(Type::String)),
    (K::StrStr, Ret::Fixed(Type::String)),
    (K::ChrStr, Ret::Fixed(Type::String)),
    (K::SpaceStr, Ret::Fixed(Type::String)),
    (K::StringStr, Ret::Fixed(Type::String)),
    (K::HexStr, Ret::Fixed(Type::String)),
    (K::OctStr, Ret::Fixed(Type::String)),
    (K::BinStr, Ret::Fixed(Type::String)),
    (K::InkeyStr, Ret::Fixed(Type::String)),
    (K::Input, Ret::Fixed(Type::String)),
    (K::Sprite, Ret::Fixed(Type::String)),
    (K::Int, Ret::SameAsArg),
    (K::Fix, Ret::SameAsArg),
    (K::Abs, Ret::SameAsArg),
    (K::Sgn, Ret::Fixed(Type::Integer)),
    (K::Cint, Ret::Fixed(Type::Integer)),
    (K::Len, Ret::Fixed(Type::Integer)),
    (K::Asc, Ret::Fixed(Type::Integer)),
    (K::Instr, Ret::Fixed(Type::Integer)),
    (K::Peek, Ret::Fixed(Type::Integer)),
    (K::Vpeek, Ret::Fixed(Type::Integer)),
    (K::Inp, Ret::Fixed(Type::Integer)),
    (K::Pos, Ret::Fixed(Type::Integer)),
    (K::Csrlin, Ret::Fixed(Type::Integer)),
    (K::Stick, Ret::Fixed(Type::Integer)),
    (K::Strig, Ret::Fixed(Type::Integer)),
    (K::Pad, Ret::Fixed(Type::Integer)),
    (K::Pdl, Ret::Fixed(Type::Integer)),
    (K::Vdp, Ret::Fixed(Type::Integer)),
    // BASE gives an address 0-65535: an integer below 32768, a single
    // above (the ROM's FN_UNSIGNED); the compiler types it single.
    (K::Base, Ret::Fixed(Type::Single)),
    (K::Point, Ret::Fixed(Type::Integer)),
    (K::Play, Ret::Fixed(Type::Integer)),
    (K::Eof, Ret::Fixed(Type::Integer)),
    // Disk BASIC's random-file functions (disk ROM A6DAF, A6DD7, A7009:
    // CVS and CVD set VALTYP 4 and 8, LOC and LOF end in DECADD).
    (K::MkiStr, Ret::Fixed(Type::String)),
    (K::MksStr, Ret::Fixed(Type::String)),
    (K::MkdStr, Ret::Fixed(Type::String)),
    (K::Cvi, Ret::Fixed(Type::Integer)),
    (K::Cvs, Ret::Fixed(Type::Single)),
    (K::Cvd, Ret::Fixed(Type::Double)),
    (K::Loc, Ret::Fixed(Type::Double)),
    (K::Lof, Ret::Fixed(Type::Double)),
    (K::Csng, Ret::Fixed(Type::Single)),
    (K::Time, Ret::Fixed(Type::Single)),
    (K::Fre, Ret::Fixed(Type::Single)),
    (K::Err, Ret::Fixed(Type::Integer)),
    // VARPTR and LPOS end in C2F99 (HL to DAC as an integer).
    (K::Varptr, Ret::Fixed(Type::Integer)),
    (K::Lpos, Ret::Fixed(Type::Integer)),
    // DSKF ends in MAKINT (disk ROM A7061).
    (K::Dskf, Ret::Fixed(Type::Integer)),
    (K::Usr, Ret::Usr),
    // A line number, 0-65535 (65535: no line): a number, not an integer.
    (K::Erl, Ret::Fixed(Type::Single)),
];

/// The static type of `e`; `None` when MSX-BASIC would stop with
/// "Type mismatch" on evaluating it (a run-time error, so the compiler
/// emits code that raises it rather than refusing the program).
pub fn type_of(e: &Expr) -> Option<Type> {
    match &e.kind {
        ExprKind::Int(_) => Some(Type::Integer),
        ExprKind::Single(_) => Some(Type::Single),
        ExprKind::Double(_) => Some(Type::Double),
        ExprKind::Str(_) => Some(Type::String),
        ExprKind::Var(v) | ExprKind::Element(v, _) | ExprKind::UserFn(v, _) => Some(v.ty),
        ExprKind::Neg(x) => numeric(type_of(x)?),
        ExprKind::Not(x) => numeric(type_of(x)?).map(|_| Type::Integer),
        ExprKind::Binary(op, a, b) => binary(*op, type_of(a)?, type_of(b)?),
        ExprKind::Call(k, args) => {
            let ret = FUNCTION_TYPES
                .iter()
                .find(|(f, _)| f == k)
                .map_or(Ret::Fixed(Type::Double), |(_, r)| *r);
            match ret {
                Ret::Fixed(t) => Some(t),
                Ret::SameAsArg => numeric(type_of(args.first()?)?),
                Ret::Usr => match type_of(args.get(1)?)? {
                    Type::String => Some(Type::String),
                    _ => Some(Type::Double),
                },
            }
        }
    }
}

fn numeric(t: Type) -> Option<Type> {
    t.is_numeric().then_some(t)
}

fn binary(op: BinOp, a: Type, b: Type) -> Option<Type> {
    let strings = a == Type::String || b == Type::String;
    match op {
        BinOp::Add if a == Type::String && b == Type::String => Some(Type::String),
        BinOp::Compare(_) if a == Type::String && b == Type::String => Some(Type::Integer),
        _ if strings => None,
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Power => {
            if a == Type::Integer && b == Type::Integer {
                Some(Type::Integer)
            } else {
                Some(Type::Double)
            }
        }
        BinOp::Div => Some(Type::Double),
        BinOp::IntDiv
        | BinOp::Mod
        | BinOp::Compare(_)
        | BinOp::And
        | BinOp::Or
        | BinOp::Xor
        | BinOp::Eqv
        | BinOp::Imp => Some(Type::Integer),
    }
}
