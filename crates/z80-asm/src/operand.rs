//! Instruction operands: the reserved register and condition names, and the
//! parser that turns an operand's tokens into a shape the encoder can match.

use crate::expr::{self, Expr, ParseError};
use crate::lexer::{Punct, Tok, Token};

/// Register and condition names. They are reserved: no symbol may use them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kw {
    A,
    B,
    C,
    D,
    E,
    H,
    L,
    I,
    R,
    F,
    Ixh,
    Ixl,
    Iyh,
    Iyl,
    Af,
    AfX,
    Bc,
    De,
    Hl,
    Sp,
    Ix,
    Iy,
    Nz,
    Z,
    Nc,
    Po,
    Pe,
    P,
    M,
}

/// Lower-case spelling of every keyword (also how the disassembler writes them).
const KEYWORDS: &[(&str, Kw)] = &[
    ("a", Kw::A),
    ("b", Kw::B),
    ("c", Kw::C),
    ("d", Kw::D),
    ("e", Kw::E),
    ("h", Kw::H),
    ("l", Kw::L),
    ("i", Kw::I),
    ("r", Kw::R),
    ("f", Kw::F),
    ("ixh", Kw::Ixh),
    ("ixl", Kw::Ixl),
    ("iyh", Kw::Iyh),
    ("iyl", Kw::Iyl),
    ("af", Kw::Af),
    ("af'", Kw::AfX),
    ("bc", Kw::Bc),
    ("de", Kw::De),
    ("hl", Kw::Hl),
    ("sp", Kw::Sp),
    ("ix", Kw::Ix),
    ("iy", Kw::Iy),
    ("nz", Kw::Nz),
    ("z", Kw::Z),
    ("nc", Kw::Nc),
    ("po", Kw::Po),
    ("pe", Kw::Pe),
    ("p", Kw::P),
    ("m", Kw::M),
];

/// The keyword a name spells (case-insensitive), if any.
pub fn keyword(name: &str) -> Option<Kw> {
    KEYWORDS
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, k)| *k)
}

impl Kw {
    pub fn name(self) -> &'static str {
        KEYWORDS
            .iter()
            .find(|(_, k)| *k == self)
            .map_or("?", |(n, _)| n)
    }
}

/// An index register, with the prefix byte that selects it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Idx {
    Ix,
    Iy,
}

impl Idx {
    pub fn prefix(self) -> u8 {
        match self {
            Idx::Ix => 0xDD,
            Idx::Iy => 0xFD,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Idx::Ix => "ix",
            Idx::Iy => "iy",
        }
    }
}

/// What an operand looks like.
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    /// A register or condition name: `a`, `hl`, `af'`, `nz`.
    Kw(Kw),
    /// A register in parentheses: `(hl)`, `(bc)`, `(de)`, `(sp)`, `(c)`.
    Mem(Kw),
    /// `(ix)`, `(ix+d)`, `(iy-d)`; `disp` is None when written without one.
    Idx { reg: Idx, disp: Option<Expr> },
    /// A whole operand in parentheses: `(1234h)`, `(label+1)`.
    Abs(Expr),
    /// Any other expression.
    Imm(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Op {
    pub kind: Operand,
    pub col: u32,
}

/// Index of the `)` that closes the `(` at `open`, if any.
fn closing(toks: &[Token], open: usize) -> Option<usize> {
    let mut depth = 0;
    for (i, t) in toks.iter().enumerate().skip(open) {
        match t.kind {
            Tok::Punct(Punct::LParen) => depth += 1,
            Tok::Punct(Punct::RParen) => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Parses the tokens of one operand (between commas).
pub fn parse_operand(
    toks: &[Token],
    end_col: u32,
    qualify: &dyn Fn(&str) -> String,
) -> Result<Op, ParseError> {
    let Some(first) = toks.first() else {
        return Err(ParseError {
            col: end_col,
            message: "missing operand".into(),
        });
    };
    let col = first.col;
    if let [Token {
        kind: Tok::Ident(name),
        ..
    }] = toks
    {
        if let Some(k) = keyword(name) {
            return Ok(Op {
                kind: Operand::Kw(k),
                col,
            });
        }
    }
    if let (Tok::Ident(name), Some(next)) = (&first.kind, toks.get(1)) {
        if let Some(k) = keyword(name) {
            return Err(ParseError {
                col: next.col,
                message: format!("unexpected {} after `{}`", next.kind, k.name()),
            });
        }
    }
    if first.kind == Tok::Punct(Punct::LParen) && closing(toks, 0).is_none() {
        return Err(ParseError {
            col: end_col,
            message: "expected `)`".into(),
        });
    }
    // Parentheses around the whole operand mean memory (or a port); `(1+2)*3` is a value.
    let wrapped =
        first.kind == Tok::Punct(Punct::LParen) && closing(toks, 0) == Some(toks.len() - 1);
    if !wrapped {
        return Ok(Op {
            kind: Operand::Imm(expr::parse(toks, end_col, qualify)?),
            col,
        });
    }
    let inner = &toks[1..toks.len() - 1];
    let inner_end = toks[toks.len() - 1].col;
    let inner_kw = match inner.first() {
        Some(Token {
            kind: Tok::Ident(n),
            ..
        }) => keyword(n),
        _ => None,
    };
    let kind = match (inner_kw, inner.len()) {
        (Some(Kw::Ix), 1) => Operand::Idx {
            reg: Idx::Ix,
            disp: None,
        },
        (Some(Kw::Iy), 1) => Operand::Idx {
            reg: Idx::Iy,
            disp: None,
        },
        (Some(k @ (Kw::Bc | Kw::De | Kw::Hl | Kw::Sp | Kw::C)), 1) => Operand::Mem(k),
        (Some(k @ (Kw::Ix | Kw::Iy)), _) => {
            // The displacement keeps its sign: `(ix-2+1)` parses `-2+1`.
            let sign = &inner[1];
            if !matches!(sign.kind, Tok::Punct(Punct::Plus | Punct::Minus)) {
                return Err(ParseError {
                    col: sign.col,
                    message: format!("expected `+` or `-` after `{}`", k.name()),
                });
            }
            let disp = expr::parse(&inner[1..], inner_end, qualify)?;
            let reg = if k == Kw::Ix { Idx::Ix } else { Idx::Iy };
            Operand::Idx {
                reg,
                disp: Some(disp),
            }
        }
        (Some(k), 1) => {
            return Err(ParseError {
                col: inner[0].col,
                message: format!("`({})` is not a Z80 operand", k.name()),
            })
        }
        _ => Operand::Abs(expr::parse(inner, inner_end, qualify)?),
    };
    Ok(Op { kind, col })
}

/// Splits operand tokens at the commas that are outside parentheses.
pub fn split_commas(toks: &[Token]) -> Vec<&[Token]> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, t) in toks.iter().enumerate() {
        match t.kind {
            Tok::Punct(Punct::LParen) => depth += 1,
            Tok::Punct(Punct::RParen) => depth -= 1,
            Tok::Punct(Punct::Comma) if depth == 0 => {
                out.push(&toks[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if !toks.is_empty() {
        out.push(&toks[start..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexer::lex_line;

    fn op(s: &str) -> Operand {
        let t = lex_line(s).unwrap();
        parse_operand(&t, 99, &|n| n.into()).unwrap().kind
    }

    #[test]
    fn shapes() {
        assert_eq!(op("HL"), Operand::Kw(Kw::Hl));
        assert_eq!(op("af'"), Operand::Kw(Kw::AfX));
        assert_eq!(op("(hl)"), Operand::Mem(Kw::Hl));
        assert_eq!(op("(c)"), Operand::Mem(Kw::C));
        assert_eq!(
            op("(ix)"),
            Operand::Idx {
                reg: Idx::Ix,
                disp: None
            }
        );
        assert!(matches!(
            op("(iy-3)"),
            Operand::Idx {
                reg: Idx::Iy,
                disp: Some(_)
            }
        ));
        assert!(matches!(op("(1234h)"), Operand::Abs(_)));
        assert!(matches!(op("(1+2)*3"), Operand::Imm(_)));
        assert!(matches!(op("5"), Operand::Imm(_)));
    }

    #[test]
    fn bad_shapes() {
        let t = lex_line("(a)").unwrap();
        assert!(parse_operand(&t, 4, &|n| n.into()).is_err());
        let t = lex_line("(ix*2)").unwrap();
        assert!(parse_operand(&t, 7, &|n| n.into()).is_err());
    }

    #[test]
    fn commas_inside_parentheses_do_not_split() {
        let t = lex_line("a,(ix+1),b").unwrap();
        assert_eq!(split_commas(&t).len(), 3);
    }
}
