//! Expressions: parsing (precedence climbing) and evaluation.
//!
//! Values are 32-bit signed integers with wrapping arithmetic; whether a value
//! fits its use (a byte, a word, a displacement) is checked where it is used.
//! Comparisons and logical operators give -1 (all bits set) for true and 0 for
//! false, as M80 and pasmo do, so `db 1<2` gives 0FFh.

use crate::lexer::{Punct, Tok, Token};

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Num(i64),
    /// `$`: the address of the current statement.
    Here,
    /// A symbol, already resolved to its full name (local labels qualified).
    Sym {
        name: String,
        col: u32,
    },
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `c ? a : b`
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `DEFINED(name)` / `DEFINED name`.
    Defined(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Plus,
    Not,
    LogNot,
    High,
    Low,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Mul,
    Div,
    Mod,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Xor,
    Or,
    LogAnd,
    LogOr,
}

/// Binary operators by precedence level, loosest first (C's order).
const LEVELS: &[&[(Punct, BinOp)]] = &[
    &[(Punct::OrOr, BinOp::LogOr)],
    &[(Punct::AndAnd, BinOp::LogAnd)],
    &[(Punct::Pipe, BinOp::Or)],
    &[(Punct::Caret, BinOp::Xor)],
    &[(Punct::Amp, BinOp::And)],
    &[
        (Punct::EqEq, BinOp::Eq),
        (Punct::Eq, BinOp::Eq),
        (Punct::Ne, BinOp::Ne),
    ],
    &[
        (Punct::Lt, BinOp::Lt),
        (Punct::Le, BinOp::Le),
        (Punct::Gt, BinOp::Gt),
        (Punct::Ge, BinOp::Ge),
    ],
    &[(Punct::Shl, BinOp::Shl), (Punct::Shr, BinOp::Shr)],
    &[(Punct::Plus, BinOp::Add), (Punct::Minus, BinOp::Sub)],
    &[
        (Punct::Star, BinOp::Mul),
        (Punct::Slash, BinOp::Div),
        (Punct::Percent, BinOp::Mod),
    ],
];

/// Word spellings of the binary operators (M80, pasmo), with the punctuation they stand for.
const WORD_OPS: &[(&str, Punct)] = &[
    ("mod", Punct::Percent),
    ("shl", Punct::Shl),
    ("shr", Punct::Shr),
    ("and", Punct::Amp),
    ("or", Punct::Pipe),
    ("xor", Punct::Caret),
    ("eq", Punct::EqEq),
    ("ne", Punct::Ne),
    ("lt", Punct::Lt),
    ("le", Punct::Le),
    ("gt", Punct::Gt),
    ("ge", Punct::Ge),
];

const UNARY_WORDS: &[(&str, UnOp)] =
    &[("high", UnOp::High), ("low", UnOp::Low), ("not", UnOp::Not)];

#[derive(Clone, Debug, PartialEq)]
pub struct ParseError {
    pub col: u32,
    pub message: String,
}

/// Parses an expression from `toks`; all tokens must be used.
/// `qualify` turns a written symbol name into its full name (local labels).
pub fn parse(
    toks: &[Token],
    end_col: u32,
    qualify: &dyn Fn(&str) -> String,
) -> Result<Expr, ParseError> {
    let mut p = Parser {
        toks,
        pos: 0,
        end_col,
        qualify,
        nodes: 0,
    };
    let e = p.expr()?;
    if let Some(t) = p.toks.get(p.pos) {
        return Err(ParseError {
            col: t.col,
            message: format!("unexpected {} in expression", t.kind),
        });
    }
    Ok(e)
}

struct Parser<'a> {
    toks: &'a [Token],
    pos: usize,
    end_col: u32,
    qualify: &'a dyn Fn(&str) -> String,
    /// Operators and nesting levels so far: bounded, so that no input can make
    /// the recursive parser or evaluator run out of stack.
    nodes: usize,
}

/// More than any real expression needs; far below what would exhaust the stack.
const MAX_NODES: usize = 500;

impl Parser<'_> {
    fn count(&mut self) -> Result<(), ParseError> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return self.err("expression too long or nested too deeply");
        }
        Ok(())
    }

    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.kind)
    }

    fn col(&self) -> u32 {
        self.toks.get(self.pos).map_or(self.end_col, |t| t.col)
    }

    fn err<T>(&self, message: impl Into<String>) -> Result<T, ParseError> {
        Err(ParseError {
            col: self.col(),
            message: message.into(),
        })
    }

    fn expr(&mut self) -> Result<Expr, ParseError> {
        self.count()?;
        let c = self.binary(0)?;
        if self.peek() == Some(&Tok::Punct(Punct::Question)) {
            self.pos += 1;
            let a = self.expr()?;
            if self.peek() != Some(&Tok::Punct(Punct::Colon)) {
                return self.err("expected `:` in conditional expression");
            }
            self.pos += 1;
            let b = self.expr()?;
            return Ok(Expr::Cond(Box::new(c), Box::new(a), Box::new(b)));
        }
        Ok(c)
    }

    /// The operator at the current position, if it belongs to `level`.
    fn level_op(&self, level: usize) -> Option<BinOp> {
        let punct = match self.peek()? {
            Tok::Punct(p) => *p,
            Tok::Ident(w) => {
                let w = w.to_ascii_lowercase();
                WORD_OPS.iter().find(|(n, _)| *n == w)?.1
            }
            _ => return None,
        };
        LEVELS[level]
            .iter()
            .find(|(p, _)| *p == punct)
            .map(|(_, op)| *op)
    }

    fn binary(&mut self, level: usize) -> Result<Expr, ParseError> {
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut lhs = self.binary(level + 1)?;
        while let Some(op) = self.level_op(level) {
            self.count()?;
            self.pos += 1;
            let rhs = self.binary(level + 1)?;
            lhs = Expr::Binary(op, Box::new(lhs), Box::new(rhs));
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<Expr, ParseError> {
        let op = match self.peek() {
            Some(Tok::Punct(Punct::Minus)) => Some(UnOp::Neg),
            Some(Tok::Punct(Punct::Plus)) => Some(UnOp::Plus),
            Some(Tok::Punct(Punct::Tilde)) => Some(UnOp::Not),
            Some(Tok::Punct(Punct::Bang)) => Some(UnOp::LogNot),
            Some(Tok::Ident(w)) => {
                let w = w.to_ascii_lowercase();
                UNARY_WORDS.iter().find(|(n, _)| *n == w).map(|(_, op)| *op)
            }
            _ => None,
        };
        if let Some(op) = op {
            self.count()?;
            self.pos += 1;
            let e = self.unary()?;
            return Ok(Expr::Unary(op, Box::new(e)));
        }
        self.primary()
    }

    fn primary(&mut self) -> Result<Expr, ParseError> {
        let Some(tok) = self.toks.get(self.pos) else {
            return self.err("expected a value");
        };
        let col = tok.col;
        self.pos += 1;
        match &tok.kind {
            Tok::Num(n) => Ok(Expr::Num(*n)),
            Tok::Dollar => Ok(Expr::Here),
            Tok::Str(s) if s.len() == 1 => Ok(Expr::Num(s[0] as i64)),
            Tok::Str(_) => Err(ParseError {
                col,
                message: "a string in an expression must be one character long".into(),
            }),
            Tok::Punct(Punct::LParen) => {
                let e = self.expr()?;
                if self.peek() != Some(&Tok::Punct(Punct::RParen)) {
                    return self.err("expected `)`");
                }
                self.pos += 1;
                Ok(e)
            }
            Tok::Ident(name) if name.eq_ignore_ascii_case("defined") => {
                let paren = self.peek() == Some(&Tok::Punct(Punct::LParen));
                if paren {
                    self.pos += 1;
                }
                let Some(Tok::Ident(sym)) = self.peek().cloned() else {
                    return self.err("DEFINED needs a symbol name");
                };
                self.pos += 1;
                if paren {
                    if self.peek() != Some(&Tok::Punct(Punct::RParen)) {
                        return self.err("expected `)`");
                    }
                    self.pos += 1;
                }
                Ok(Expr::Defined((self.qualify)(&sym)))
            }
            Tok::Ident(name) => {
                if crate::operand::keyword(name).is_some() {
                    return Err(ParseError {
                        col,
                        message: format!(
                            "register or condition `{name}` cannot be used in an expression"
                        ),
                    });
                }
                Ok(Expr::Sym {
                    name: (self.qualify)(name),
                    col,
                })
            }
            other => Err(ParseError {
                col,
                message: format!("expected a value, found {other}"),
            }),
        }
    }
}

/// Why an expression has no value.
#[derive(Clone, Debug, PartialEq)]
pub enum EvalError {
    Undefined { name: String, col: u32 },
    DivByZero,
}

/// What evaluation needs from the assembler.
pub trait Env {
    /// The value of a symbol, if known.
    fn lookup(&self, name: &str) -> Option<i64>;
    /// The address of the current statement (`$`).
    fn here(&self) -> i64;
}

fn truth(b: bool) -> i64 {
    if b {
        -1
    } else {
        0
    }
}

/// Keeps values in 32-bit signed range, as documented.
fn wrap(v: i64) -> i64 {
    v as i32 as i64
}

pub fn eval(e: &Expr, env: &dyn Env) -> Result<i64, EvalError> {
    Ok(match e {
        Expr::Num(n) => wrap(*n),
        Expr::Here => env.here(),
        Expr::Sym { name, col } => env.lookup(name).ok_or_else(|| EvalError::Undefined {
            name: name.clone(),
            col: *col,
        })?,
        Expr::Defined(name) => truth(env.lookup(name).is_some()),
        Expr::Unary(op, a) => {
            let a = eval(a, env)?;
            match op {
                UnOp::Neg => wrap(a.wrapping_neg()),
                UnOp::Plus => a,
                UnOp::Not => !a,
                UnOp::LogNot => truth(a == 0),
                UnOp::High => (a >> 8) & 0xFF,
                UnOp::Low => a & 0xFF,
            }
        }
        Expr::Cond(c, a, b) => {
            if eval(c, env)? != 0 {
                eval(a, env)?
            } else {
                eval(b, env)?
            }
        }
        Expr::Binary(op, a, b) => {
            let x = eval(a, env)?;
            // Short-circuit, so `DEFINED(x) && x > 1` works when x is undefined.
            match op {
                BinOp::LogAnd if x == 0 => return Ok(0),
                BinOp::LogOr if x != 0 => return Ok(-1),
                _ => {}
            }
            let y = eval(b, env)?;
            wrap(match op {
                BinOp::Mul => x.wrapping_mul(y),
                BinOp::Div => {
                    if y == 0 {
                        return Err(EvalError::DivByZero);
                    }
                    x.wrapping_div(y)
                }
                BinOp::Mod => {
                    if y == 0 {
                        return Err(EvalError::DivByZero);
                    }
                    x.wrapping_rem(y)
                }
                BinOp::Add => x.wrapping_add(y),
                BinOp::Sub => x.wrapping_sub(y),
                BinOp::Shl => {
                    if (0..64).contains(&y) {
                        x << y
                    } else {
                        0
                    }
                }
                BinOp::Shr => {
                    if (0..64).contains(&y) {
                        ((x as u32 as u64) >> y) as i64
                    } else {
                        0
                    }
                }
                BinOp::Lt => truth(x < y),
                BinOp::Le => truth(x <= y),
                BinOp::Gt => truth(x > y),
                BinOp::Ge => truth(x >= y),
                BinOp::Eq => truth(x == y),
                BinOp::Ne => truth(x != y),
                BinOp::And => x & y,
                BinOp::Xor => x ^ y,
                BinOp::Or => x | y,
                BinOp::LogAnd | BinOp::LogOr => truth(y != 0),
            })
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexer::lex_line;

    struct E;
    impl Env for E {
        fn lookup(&self, name: &str) -> Option<i64> {
            (name == "ten").then_some(10)
        }
        fn here(&self) -> i64 {
            0x100
        }
    }

    fn val(s: &str) -> Result<i64, EvalError> {
        let toks = lex_line(s).unwrap();
        let e = parse(&toks, 99, &|n| n.to_string()).unwrap();
        eval(&e, &E)
    }

    #[test]
    fn precedence_is_c_like() {
        assert_eq!(val("1+2*3"), Ok(7));
        assert_eq!(val("(1+2)*3"), Ok(9));
        assert_eq!(val("1+2<<3"), Ok(24));
        assert_eq!(val("1|2&3"), Ok(3));
        assert_eq!(val("6^3"), Ok(5));
        assert_eq!(val("-2*-3"), Ok(6));
        assert_eq!(val("~0&0FFh"), Ok(255));
        assert_eq!(val("17%5"), Ok(2));
        assert_eq!(val("17 mod 5"), Ok(2));
        assert_eq!(val("1 shl 4 or 1"), Ok(17));
    }

    #[test]
    fn comparisons_and_logic_give_minus_one() {
        assert_eq!(val("1<2"), Ok(-1));
        assert_eq!(val("2<=1"), Ok(0));
        assert_eq!(val("3==3 && 1!=2"), Ok(-1));
        assert_eq!(val("0 || 0"), Ok(0));
        assert_eq!(val("!5"), Ok(0));
        assert_eq!(val("1 ? 2 : 3"), Ok(2));
    }

    #[test]
    fn symbols_here_and_bytes() {
        assert_eq!(val("ten*2+$"), Ok(0x114));
        assert_eq!(val("high 1234h"), Ok(0x12));
        assert_eq!(val("low(1234h)+1"), Ok(0x35));
        assert_eq!(val("'A'+1"), Ok(66));
        assert_eq!(val("defined(ten) && !defined nope"), Ok(-1));
        assert_eq!(val("0 && nope"), Ok(0));
        assert!(matches!(val("nope+1"), Err(EvalError::Undefined { .. })));
        assert_eq!(val("1/0"), Err(EvalError::DivByZero));
    }

    #[test]
    fn huge_expressions_are_errors_not_crashes() {
        for text in [
            "(".repeat(100_000) + "1",
            "1+".repeat(100_000) + "1",
            "-".repeat(100_000) + "1",
            "1?".repeat(100_000) + "1",
        ] {
            let toks = lex_line(&text).unwrap();
            let e = parse(&toks, 1, &|n| n.into()).unwrap_err();
            assert!(e.message.contains("too long"), "{}", e.message);
        }
    }

    #[test]
    fn parse_errors_have_columns() {
        let toks = lex_line("1 + ").unwrap();
        assert_eq!(parse(&toks, 5, &|n| n.into()).unwrap_err().col, 5);
        let toks = lex_line("(1 + 2").unwrap();
        assert!(parse(&toks, 7, &|n| n.into()).is_err());
        let toks = lex_line("1 2").unwrap();
        assert_eq!(parse(&toks, 4, &|n| n.into()).unwrap_err().col, 3);
    }
}
