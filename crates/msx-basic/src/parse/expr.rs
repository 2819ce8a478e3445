//! Expressions, by precedence climbing with the ROM's own levels (the
//! evaluator `C4C67` applies an operator when its level is above the level
//! it was called with; see [`BinOp::precedence`]).

use super::ast::{BinOp, Expr, ExprKind, LValue, Name, Type, Var, NEG_PRECEDENCE, NOT_PRECEDENCE};
use super::cursor::Lex;
use super::{PResult, Parser};
use crate::keywords::Keyword as K;
use crate::number::{read_decimal, Number};

/// How a built-in function takes its arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Args {
    /// No parentheses: `TIME`, `CSRLIN`, `INKEY$`.
    None,
    /// `(a)`, `(a,b)`, …: between `min` and `max` expressions.
    List(usize, usize),
}

/// Functions written with a one-byte token (the 0xFF functions all take
/// `(x)` except LEFT$, RIGHT$ and MID$). `$`-less tokens whose name ends
/// in `$` (`INPUT$`, `SPRITE$`) are handled in `keyword_function`.
const KEYWORD_FUNCTIONS: &[(K, Args)] = &[
    (K::Time, Args::None),
    (K::Csrlin, Args::None),
    (K::InkeyStr, Args::None),
    (K::StringStr, Args::List(2, 2)),
    (K::Instr, Args::List(2, 3)),
    (K::Point, Args::List(2, 2)),
    (K::Vdp, Args::List(1, 1)),
    (K::Base, Args::List(1, 1)),
    (K::Play, Args::List(1, 1)),
    (K::Eof, Args::List(1, 1)),
    (K::Err, Args::None),
    (K::Erl, Args::None),
];

/// Functions MSX-BASIC has that the compiler refuses (ATTR$ and DSKI$,
/// which need MSX-DOS 2 or sector access, and FPOS).
const UNSUPPORTED_FUNCTIONS: &[K] = &[K::AttrStr, K::DskiStr, K::Fpos];

fn binop(k: K) -> Option<BinOp> {
    Some(match k {
        K::Power => BinOp::Power,
        K::Times => BinOp::Mul,
        K::Divide => BinOp::Div,
        K::IntDivide => BinOp::IntDiv,
        K::Mod => BinOp::Mod,
        K::Plus => BinOp::Add,
        K::Minus => BinOp::Sub,
        K::And => BinOp::And,
        K::Or => BinOp::Or,
        K::Xor => BinOp::Xor,
        K::Eqv => BinOp::Eqv,
        K::Imp => BinOp::Imp,
        K::Greater | K::Equal | K::Less => BinOp::Compare(0),
        _ => return None,
    })
}

fn relation_bit(k: K) -> Option<u8> {
    match k {
        K::Greater => Some(0b001),
        K::Equal => Some(0b010),
        K::Less => Some(0b100),
        _ => None,
    }
}

impl Parser<'_, '_> {
    /// A whole expression.
    pub fn expr(&mut self) -> PResult<Expr> {
        self.expr_above(0)
    }

    /// An expression whose operators all bind tighter than `level`.
    fn expr_above(&mut self, level: u8) -> PResult<Expr> {
        self.enter()?;
        let r = self.climb(level);
        self.leave();
        r
    }

    fn climb(&mut self, level: u8) -> PResult<Expr> {
        let mut lhs = self.factor()?;
        while let Some(Lex::Kw(k)) = self.cur.peek() {
            let Some(mut op) = binop(k) else { break };
            if op.precedence() <= level {
                break;
            }
            if let BinOp::Compare(_) = op {
                // `>=`, `=<`, `<>`… arrive as separate tokens; the ROM ORs
                // their bits and refuses a repeated one (`==`).
                let mut mask = 0;
                while let Some(Lex::Kw(k)) = self.cur.peek() {
                    let Some(bit) = relation_bit(k) else { break };
                    if mask & bit != 0 {
                        return self.syntax("repeated relational operator");
                    }
                    mask |= bit;
                    self.cur.bump();
                }
                op = BinOp::Compare(mask);
            } else {
                self.cur.bump();
            }
            let rhs = self.expr_above(op.precedence())?;
            let span = lhs.span;
            lhs = Expr {
                kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
                span,
            };
        }
        Ok(lhs)
    }

    fn factor(&mut self) -> PResult<Expr> {
        let span = self.span();
        let kind = match self.cur.peek() {
            None | Some(Lex::Char(b':')) => return self.syntax("missing operand"),
            Some(Lex::Num(n)) => {
                self.cur.bump();
                number(n)
            }
            // A number after ERL (IF ERL=20) is crunched as a line number;
            // in an expression it is that number (0-65529).
            Some(Lex::LineNum(n)) => {
                self.cur.bump();
                line_number_value(n)
            }
            Some(Lex::Str(s)) => {
                self.cur.bump();
                ExprKind::Str(s.to_vec())
            }
            Some(Lex::Char(c)) if c.is_ascii_uppercase() => match self.variable()? {
                LValue::Scalar(v) => ExprKind::Var(v),
                LValue::Element(v, i) => ExprKind::Element(v, i),
            },
            Some(Lex::Char(c)) if c.is_ascii_digit() || c == b'.' => self.text_number()?,
            Some(Lex::Char(b'(')) => {
                self.cur.bump();
                let e = self.expr()?;
                self.expect_char(b')')?;
                return Ok(Expr { span, ..e });
            }
            Some(Lex::Char(b'&')) => self.binary_constant()?,
            Some(Lex::Kw(K::Plus)) => {
                self.cur.bump();
                self.enter()?;
                let e = self.factor();
                self.leave();
                return e;
            }
            Some(Lex::Kw(K::Minus)) => {
                self.cur.bump();
                ExprKind::Neg(Box::new(self.expr_above(NEG_PRECEDENCE)?))
            }
            Some(Lex::Kw(K::Not)) => {
                self.cur.bump();
                ExprKind::Not(Box::new(self.expr_above(NOT_PRECEDENCE)?))
            }
            Some(Lex::Kw(K::Fn)) => {
                self.cur.bump();
                let var = self.name_and_type()?;
                let args = if self.cur.peek() == Some(Lex::Char(b'(')) {
                    self.arguments(1, usize::MAX)?
                } else {
                    Vec::new()
                };
                ExprKind::UserFn(var, args)
            }
            Some(Lex::Kw(k)) => self.function(k)?,
            _ => return self.syntax("missing operand"),
        };
        Ok(Expr { kind, span })
    }

    fn function(&mut self, k: K) -> PResult<ExprKind> {
        if UNSUPPORTED_FUNCTIONS.contains(&k) {
            return self.unsupported(k.spelling());
        }
        self.cur.bump();
        if k == K::Usr {
            let n = self.usr_number()?;
            let span = self.span();
            let x = self.arguments(1, 1)?.remove(0);
            return Ok(ExprKind::Call(
                k,
                vec![
                    Expr {
                        kind: ExprKind::Int(i16::from(n)),
                        span,
                    },
                    x,
                ],
            ));
        }
        if k == K::Varptr {
            return self.varptr();
        }
        let args = if k.is_function() {
            match k {
                K::LeftStr | K::RightStr => self.arguments(2, 2)?,
                K::MidStr => self.arguments(2, 3)?,
                _ => self.arguments(1, 1)?,
            }
        } else if matches!(k, K::Input | K::Sprite) {
            // INPUT$ and SPRITE$ are the INPUT and SPRITE tokens and a `$`.
            self.expect_char(b'$')?;
            if k == K::Input {
                self.expect_char(b'(')?;
                let mut args = vec![self.expr()?];
                // INPUT$(n, [#]f): n bytes of a file.
                if self.cur.eat_char(b',') {
                    self.cur.eat_char(b'#');
                    args.push(self.expr()?);
                }
                self.expect_char(b')')?;
                args
            } else {
                self.arguments(1, 1)?
            }
        } else {
            match KEYWORD_FUNCTIONS.iter().find(|(f, _)| *f == k) {
                Some((_, Args::None)) => Vec::new(),
                Some((_, Args::List(min, max))) => self.arguments(*min, *max)?,
                None => {
                    return self.syntax(format!("{} is not a function", k.spelling()));
                }
            }
        };
        Ok(ExprKind::Call(k, args))
    }

    /// The digit after USR (ROM C4FF4: a crunched 0-9, else 0).
    pub fn usr_number(&mut self) -> PResult<u8> {
        match self.cur.peek() {
            Some(Lex::Num(Number::Integer(n))) if (0..=9).contains(&n) => {
                self.cur.bump();
                Ok(n as u8)
            }
            Some(Lex::Char(c)) if c.is_ascii_digit() => {
                self.cur.bump();
                Ok(c - b'0')
            }
            Some(Lex::Num(_)) => self.syntax("USR number 0-9 expected"),
            _ => Ok(0),
        }
    }

    /// `VARPTR(variable)` or `VARPTR(#file)` (ROM J4E53).
    fn varptr(&mut self) -> PResult<ExprKind> {
        self.expect_char(b'(')?;
        let span = self.span();
        if self.cur.eat_char(b'#') {
            let n = self.expr()?;
            self.expect_char(b')')?;
            let mark = Expr {
                kind: ExprKind::Str(b"#".to_vec()),
                span,
            };
            return Ok(ExprKind::Call(K::Varptr, vec![n, mark]));
        }
        let kind = match self.cur.peek() {
            Some(Lex::Char(c)) if c.is_ascii_uppercase() => match self.variable()? {
                LValue::Scalar(v) => ExprKind::Var(v),
                LValue::Element(v, i) => ExprKind::Element(v, i),
            },
            _ => return self.syntax("variable expected"),
        };
        self.expect_char(b')')?;
        Ok(ExprKind::Call(K::Varptr, vec![Expr { kind, span }]))
    }

    /// `(a, b, …)` with between `min` and `max` expressions.
    pub fn arguments(&mut self, min: usize, max: usize) -> PResult<Vec<Expr>> {
        self.expect_char(b'(')?;
        let mut args = vec![self.expr()?];
        while self.cur.eat_char(b',') {
            args.push(self.expr()?);
        }
        self.expect_char(b')')?;
        if args.len() < min || args.len() > max {
            return self.syntax(format!(
                "{} argument{} given",
                args.len(),
                if args.len() == 1 { "" } else { "s" }
            ));
        }
        Ok(args)
    }

    /// A variable name and its type (ROM `C5EA4`): a letter, then letters
    /// and digits of which only the first counts, then an optional suffix;
    /// without one, the DEF table gives the type.
    pub fn name_and_type(&mut self) -> PResult<Var> {
        let first = match self.cur.peek() {
            Some(Lex::Char(c)) if c.is_ascii_uppercase() => c,
            _ => return self.syntax("variable name expected"),
        };
        self.cur.bump();
        let mut second = 0;
        while let Some(Lex::Char(c)) = self.cur.peek() {
            if !c.is_ascii_uppercase() && !c.is_ascii_digit() {
                break;
            }
            if second == 0 {
                second = c;
            }
            self.cur.bump();
        }
        let suffix = match self.cur.peek() {
            Some(Lex::Char(b'%')) => Some(Type::Integer),
            Some(Lex::Char(b'$')) => Some(Type::String),
            Some(Lex::Char(b'!')) => Some(Type::Single),
            Some(Lex::Char(b'#')) => Some(Type::Double),
            _ => None,
        };
        let ty = match suffix {
            Some(t) => {
                self.cur.bump();
                t
            }
            None => self.state.types[usize::from(first - b'A')],
        };
        Ok(Var {
            name: Name([first, second]),
            ty,
        })
    }

    /// A variable or array element (`(` or `[` starts the subscripts).
    pub fn variable(&mut self) -> PResult<LValue> {
        let var = self.name_and_type()?;
        if matches!(self.cur.peek(), Some(Lex::Char(b'(' | b'['))) {
            self.cur.bump();
            let mut subs = vec![self.expr()?];
            while self.cur.eat_char(b',') {
                subs.push(self.expr()?);
            }
            if !(self.cur.eat_char(b')') || self.cur.eat_char(b']')) {
                return self.syntax("')' expected");
            }
            Ok(LValue::Element(var, subs))
        } else {
            Ok(LValue::Scalar(var))
        }
    }

    /// A number whose digits the cruncher left as text (it does after a
    /// name: `SET PAGE 0,1` keeps the `0` as ASCII). Read as FIN would.
    fn text_number(&mut self) -> PResult<ExprKind> {
        let mut text = Vec::new();
        let mut n = 0;
        while let Some(l) = self.cur.peek_at(n) {
            let b = match l {
                Lex::Char(c)
                    if c.is_ascii_alphanumeric() || matches!(c, b'.' | b'%' | b'!' | b'#') =>
                {
                    c
                }
                Lex::Kw(K::Plus) => 0xF1,
                Lex::Kw(K::Minus) => 0xF2,
                _ => break,
            };
            text.push(b);
            n += 1;
        }
        let Ok((number, used)) = read_decimal(&text, 0) else {
            return self.syntax("Overflow in constant");
        };
        for _ in 0..used {
            self.cur.bump();
        }
        Ok(self::number(number))
    }

    /// `&B` followed by binary digits (the cruncher leaves it as text).
    fn binary_constant(&mut self) -> PResult<ExprKind> {
        self.cur.bump();
        if !self.cur.eat_char(b'B') {
            return self.syntax("&H, &O or &B expected");
        }
        let mut value: u32 = 0;
        while let Some(Lex::Char(c @ (b'0' | b'1'))) = self.cur.peek() {
            self.cur.bump();
            value = value * 2 + u32::from(c - b'0');
            if value > 0xFFFF {
                return self.syntax("Overflow in &B constant");
            }
        }
        Ok(ExprKind::Int(value as u16 as i16))
    }
}

/// A line number as a constant: an integer below 32768, else a single
/// (five BCD digits).
fn line_number_value(n: u16) -> ExprKind {
    if let Ok(v) = i16::try_from(n) {
        return ExprKind::Int(v);
    }
    let d: Vec<u8> = n.to_string().bytes().map(|b| b - b'0').collect();
    ExprKind::Single([0x45, d[0] << 4 | d[1], d[2] << 4 | d[3], d[4] << 4])
}

fn number(n: Number) -> ExprKind {
    match n {
        Number::Integer(v) => ExprKind::Int(v),
        // &H and &O constants are 16-bit patterns: &HFFFF is -1.
        Number::Hex(v) | Number::Octal(v) => ExprKind::Int(v as i16),
        Number::Single(b) => ExprKind::Single(b),
        Number::Double(b) => ExprKind::Double(b),
    }
}
