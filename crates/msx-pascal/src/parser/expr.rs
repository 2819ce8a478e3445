//! Expressions, by Pascal's four precedence levels: relations, adding operators,
//! multiplying operators, factors.

use super::{PResult, Parser};
use crate::ast::*;
use crate::lexer::{Keyword, Symbol, TokenKind};

impl Parser<'_, '_> {
    pub(super) fn expr(&mut self) -> PResult<Expr> {
        self.nested(|p| {
            let lhs = p.simple_expr()?;
            let op = match p.kind() {
                TokenKind::Symbol(Symbol::Eq) => BinOp::Eq,
                TokenKind::Symbol(Symbol::Ne) => BinOp::Ne,
                TokenKind::Symbol(Symbol::Lt) => BinOp::Lt,
                TokenKind::Symbol(Symbol::Le) => BinOp::Le,
                TokenKind::Symbol(Symbol::Gt) => BinOp::Gt,
                TokenKind::Symbol(Symbol::Ge) => BinOp::Ge,
                TokenKind::Keyword(Keyword::In) => BinOp::In,
                _ => return Ok(lhs),
            };
            p.bump();
            let rhs = p.simple_expr()?;
            Ok(binary(op, lhs, rhs))
        })
    }

    /// `[+|-] term { (+|-|or|xor) term }`; the sign applies to the first term.
    pub(super) fn simple_expr(&mut self) -> PResult<Expr> {
        let start = self.span();
        let sign = if self.eat_sym(Symbol::Minus) {
            Some(UnOp::Neg)
        } else if self.eat_sym(Symbol::Plus) {
            Some(UnOp::Plus)
        } else {
            None
        };
        let mut lhs = self.term()?;
        if let Some(op) = sign {
            let span = start.to(lhs.span);
            lhs = Expr {
                kind: ExprKind::Unary(op, Box::new(lhs)),
                span,
            };
        }
        let mut ops = 0;
        loop {
            ops += 1;
            self.check_chain(ops)?;
            let op = match self.kind() {
                TokenKind::Symbol(Symbol::Plus) => BinOp::Add,
                TokenKind::Symbol(Symbol::Minus) => BinOp::Sub,
                TokenKind::Keyword(Keyword::Or) => BinOp::Or,
                TokenKind::Keyword(Keyword::Xor) => BinOp::Xor,
                _ => return Ok(lhs),
            };
            self.bump();
            let rhs = self.term()?;
            lhs = binary(op, lhs, rhs);
        }
    }

    fn term(&mut self) -> PResult<Expr> {
        let mut lhs = self.factor()?;
        let mut ops = 0;
        loop {
            ops += 1;
            self.check_chain(ops)?;
            let op = match self.kind() {
                TokenKind::Symbol(Symbol::Star) => BinOp::Mul,
                TokenKind::Symbol(Symbol::Slash) => BinOp::RealDiv,
                TokenKind::Keyword(Keyword::Div) => BinOp::Div,
                TokenKind::Keyword(Keyword::Mod) => BinOp::Mod,
                TokenKind::Keyword(Keyword::And) => BinOp::And,
                TokenKind::Keyword(Keyword::Shl) => BinOp::Shl,
                TokenKind::Keyword(Keyword::Shr) => BinOp::Shr,
                _ => return Ok(lhs),
            };
            self.bump();
            let rhs = self.factor()?;
            lhs = binary(op, lhs, rhs);
        }
    }

    fn factor(&mut self) -> PResult<Expr> {
        self.nested(Self::factor_inner)
    }

    fn factor_inner(&mut self) -> PResult<Expr> {
        let span = self.span();
        let kind = match self.kind().clone() {
            TokenKind::Int(v) => ExprKind::Int(v),
            TokenKind::Real(v) => ExprKind::Real(v),
            TokenKind::Str(s) => ExprKind::Str(s),
            TokenKind::Keyword(Keyword::Nil) => ExprKind::Nil,
            TokenKind::Keyword(Keyword::Not) => {
                self.bump();
                let inner = self.factor()?;
                let span = span.to(inner.span);
                return Ok(Expr {
                    kind: ExprKind::Unary(UnOp::Not, Box::new(inner)),
                    span,
                });
            }
            TokenKind::Symbol(Symbol::LParen) => {
                self.bump();
                let mut inner = self.expr()?;
                self.expect_sym(Symbol::RParen)?;
                inner.span = span.to(self.prev_span());
                return Ok(inner);
            }
            TokenKind::Symbol(Symbol::LBracket) => return self.set_constructor(),
            TokenKind::Ident(_) => return self.designator(),
            // `-` right after an operator (`a * -b`): TP3 accepts it.
            TokenKind::Symbol(Symbol::Minus) => {
                self.bump();
                let inner = self.factor()?;
                let span = span.to(inner.span);
                return Ok(Expr {
                    kind: ExprKind::Unary(UnOp::Neg, Box::new(inner)),
                    span,
                });
            }
            _ => return Err(self.unexpected("an expression")),
        };
        self.bump();
        Ok(Expr { kind, span })
    }

    /// `lo [.. hi] {, lo [.. hi]}`: a set constructor's elements, a `case` arm's labels.
    pub(super) fn ranges(&mut self) -> PResult<Vec<(Expr, Option<Expr>)>> {
        let mut items = Vec::new();
        loop {
            let lo = self.expr()?;
            let hi = if self.eat_sym(Symbol::DotDot) {
                Some(self.expr()?)
            } else {
                None
            };
            items.push((lo, hi));
            if !self.eat_sym(Symbol::Comma) {
                return Ok(items);
            }
        }
    }

    fn set_constructor(&mut self) -> PResult<Expr> {
        let start = self.bump().span;
        let items = if self.is_sym(Symbol::RBracket) {
            Vec::new()
        } else {
            self.ranges()?
        };
        self.expect_sym(Symbol::RBracket)?;
        let items = items
            .into_iter()
            .map(|(lo, hi)| SetItem { lo, hi })
            .collect();
        Ok(Expr {
            kind: ExprKind::Set(items),
            span: start.to(self.prev_span()),
        })
    }

    /// A name followed by selectors: `a[i, j]`, `.field`, `^`, `(arguments)`.
    pub(super) fn designator(&mut self) -> PResult<Expr> {
        let id = self.ident()?;
        let mut e = Expr {
            span: id.span,
            kind: ExprKind::Name(id),
        };
        loop {
            e = match self.kind() {
                TokenKind::Symbol(Symbol::LBracket) => {
                    self.bump();
                    let mut indices = vec![self.expr()?];
                    while self.eat_sym(Symbol::Comma) {
                        indices.push(self.expr()?);
                    }
                    self.expect_sym(Symbol::RBracket)?;
                    Expr {
                        span: e.span.to(self.prev_span()),
                        kind: ExprKind::Index(Box::new(e), indices),
                    }
                }
                TokenKind::Symbol(Symbol::Dot) => {
                    self.bump();
                    let field = self.ident()?;
                    Expr {
                        span: e.span.to(field.span),
                        kind: ExprKind::Field(Box::new(e), field),
                    }
                }
                TokenKind::Symbol(Symbol::Caret) => {
                    let end = self.bump().span;
                    Expr {
                        span: e.span.to(end),
                        kind: ExprKind::Deref(Box::new(e)),
                    }
                }
                TokenKind::Symbol(Symbol::LParen) => {
                    self.bump();
                    let mut args = Vec::new();
                    if !self.is_sym(Symbol::RParen) {
                        loop {
                            args.push(self.arg()?);
                            if !self.eat_sym(Symbol::Comma) {
                                break;
                            }
                        }
                    }
                    self.expect_sym(Symbol::RParen)?;
                    Expr {
                        span: e.span.to(self.prev_span()),
                        kind: ExprKind::Call(Box::new(e), args),
                    }
                }
                _ => return Ok(e),
            };
        }
    }

    /// `expr [: width [: decimals]]`.
    fn arg(&mut self) -> PResult<Arg> {
        let expr = self.expr()?;
        let mut width = None;
        let mut decimals = None;
        if self.eat_sym(Symbol::Colon) {
            width = Some(self.expr()?);
            if self.eat_sym(Symbol::Colon) {
                decimals = Some(self.expr()?);
            }
        }
        Ok(Arg {
            expr,
            width,
            decimals,
        })
    }
}

impl Parser<'_, '_> {
    /// `a + b + c …` builds a tree as deep as the chain is long, and later phases walk it
    /// recursively: count such chains against the nesting limit too.
    fn check_chain(&mut self, ops: u32) -> PResult<()> {
        if self.depth + ops <= super::MAX_DEPTH * 2 {
            return Ok(());
        }
        let span = self.span();
        while !self.at_eof() {
            self.bump();
        }
        Err(self.error(span, "expression is too long"))
    }
}

fn binary(op: BinOp, lhs: Expr, rhs: Expr) -> Expr {
    let span = lhs.span.to(rhs.span);
    Expr {
        kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
        span,
    }
}
