//! `X var;` and `=var;` in the string constants of DRAW and PLAY (the
//! macro languages, MSX2 Technical Handbook chapter 2): MSX looks the
//! variable up by its name when the string runs; a compiled program has no
//! names at run time, so a constant string holding them becomes, here, the
//! concatenation MSX's substitution makes: `"C5XA$;R=N;"` is
//! `"C5"+A$+"R"+MID$(STR$(N),2+(N<0))` (the number without STR$'s leading
//! blank, which the command's number may not hold). Only simple variables
//! are taken (an array element stays in the text, "Illegal function call"
//! when it runs, as does a name of the wrong type).

use super::ast::{BinOp, Expr, ExprKind, Name, Span, Type, Var};
use crate::keywords::Keyword as K;

/// The expression for a DRAW or PLAY string constant `text`, or None when it
/// holds no substitution.
pub(crate) fn expand(text: &[u8], span: Span, types: &[Type; 26]) -> Option<Expr> {
    let mut pieces: Vec<Expr> = Vec::new();
    let mut literal = Vec::new();
    let mut i = 0;
    let lit = |b: Vec<u8>| Expr {
        kind: ExprKind::Str(b),
        span,
    };
    while i < text.len() {
        let c = text[i].to_ascii_uppercase();
        if c == b'X' || c == b'=' {
            if let Some((var, next)) = name_at(text, i + 1, types) {
                let fits = (c == b'X') == (var.ty == Type::String);
                if fits {
                    if !literal.is_empty() {
                        pieces.push(lit(std::mem::take(&mut literal)));
                    }
                    pieces.push(if c == b'X' {
                        var_expr(var, span)
                    } else {
                        number_text(var, span)
                    });
                    i = next;
                    continue;
                }
            }
        }
        literal.push(text[i]);
        i += 1;
    }
    if pieces.is_empty() {
        return None;
    }
    if !literal.is_empty() {
        pieces.push(lit(literal));
    }
    let mut it = pieces.into_iter();
    let first = it.next()?;
    Some(it.fold(first, |a, b| Expr {
        kind: ExprKind::Binary(BinOp::Add, Box::new(a), Box::new(b)),
        span,
    }))
}

/// A variable name at `at` followed by `;`: the variable (its type by
/// suffix or by the DEF table) and the index after the `;`.
fn name_at(text: &[u8], at: usize, types: &[Type; 26]) -> Option<(Var, usize)> {
    let up = |i: usize| text.get(i).map(|b| b.to_ascii_uppercase());
    let first = up(at).filter(u8::is_ascii_uppercase)?;
    let mut i = at + 1;
    let mut second = 0;
    while let Some(c) = up(i).filter(|c| c.is_ascii_uppercase() || c.is_ascii_digit()) {
        if second == 0 {
            second = c;
        }
        i += 1;
    }
    let ty = match up(i) {
        Some(b'$') => Some(Type::String),
        Some(b'%') => Some(Type::Integer),
        Some(b'!') => Some(Type::Single),
        Some(b'#') => Some(Type::Double),
        _ => None,
    };
    if ty.is_some() {
        i += 1;
    }
    if up(i) != Some(b';') {
        return None;
    }
    let ty = ty.unwrap_or(types[usize::from(first - b'A')]);
    Some((
        Var {
            name: Name([first, second]),
            ty,
        },
        i + 1,
    ))
}

fn var_expr(v: Var, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Var(v),
        span,
    }
}

/// `MID$(STR$(v),2+(v<0))`: v's decimal text without the blank before a
/// positive number.
fn number_text(v: Var, span: Span) -> Expr {
    let e = |kind| Expr { kind, span };
    let less = BinOp::Compare(0b100);
    let negative = e(ExprKind::Binary(
        less,
        Box::new(var_expr(v, span)),
        Box::new(e(ExprKind::Int(0))),
    ));
    let start = e(ExprKind::Binary(
        BinOp::Add,
        Box::new(e(ExprKind::Int(2))),
        Box::new(negative),
    ));
    let text = e(ExprKind::Call(K::StrStr, vec![var_expr(v, span)]));
    e(ExprKind::Call(K::MidStr, vec![text, start]))
}
