//! Statements.

use super::{PResult, Parser};
use crate::ast::*;
use crate::lexer::{Keyword, Symbol, TokenKind};

impl Parser<'_, '_> {
    /// After `begin`: statements up to and including `end`.
    pub(super) fn compound_rest(&mut self) -> Vec<Stmt> {
        let body = self.stmt_list();
        if self.eat_kw(Keyword::End) {
            return body;
        }
        if self.at_declaration() {
            // `begin … procedure next;`: the block was never closed. Close it here so the
            // declaration that follows is read as one.
            let span = self.span();
            self.diags.push(
                crate::diagnostics::Diagnostic::error(
                    span,
                    "missing `end` before this declaration",
                )
                .with_label("the `begin … end` before this is not closed"),
            );
            self.block_closed_by_recovery = true;
        } else {
            let _ = self.unexpected("`end`");
        }
        body
    }

    fn at_declaration(&self) -> bool {
        matches!(
            self.kind(),
            TokenKind::Keyword(
                Keyword::Procedure
                    | Keyword::Function
                    | Keyword::Var
                    | Keyword::Const
                    | Keyword::Type
                    | Keyword::Label
            )
        )
    }

    /// Statements separated by `;`, up to `end`, `until` or the end of the file.
    pub(super) fn stmt_list(&mut self) -> Vec<Stmt> {
        let mut list = Vec::new();
        loop {
            let before = self.pos;
            if self.at_declaration() {
                break;
            }
            if self.is_kw(Keyword::Else) {
                // `if c then a; else b`: the `;` ended the `if`. Say so, then read `b`.
                let span = self.bump().span;
                self.diags.push(
                    crate::diagnostics::Diagnostic::error(span, "`else` without `if`")
                        .with_label("the `;` before this `else` ends the `if`; remove it"),
                );
            }
            match self.statement() {
                Ok(s) => list.push(s),
                Err(_) => self.sync_statement(),
            }
            if self.eat_sym(Symbol::Semicolon) {
                continue;
            }
            if self.at_list_end() {
                break;
            }
            if self.starts_statement() && self.pos > before {
                // Most likely a forgotten `;`: say so and read on.
                self.missing_semicolon("this statement");
                continue;
            }
            let _ = self.unexpected("`;` or `end`");
            self.sync_statement();
            if self.pos == before {
                self.bump();
            }
            if self.at_eof() {
                break;
            }
        }
        list
    }

    fn at_list_end(&self) -> bool {
        matches!(
            self.kind(),
            TokenKind::Keyword(Keyword::End | Keyword::Until) | TokenKind::Eof
        ) || self.at_declaration()
    }

    fn starts_statement(&self) -> bool {
        matches!(
            self.kind(),
            TokenKind::Ident(_)
                | TokenKind::Keyword(
                    Keyword::Begin
                        | Keyword::If
                        | Keyword::Case
                        | Keyword::While
                        | Keyword::Repeat
                        | Keyword::For
                        | Keyword::With
                        | Keyword::Goto
                        | Keyword::Inline
                )
        )
    }

    /// Skips to the end of the current statement: a `;` (not consumed) or a keyword that
    /// closes the enclosing statement list.
    fn sync_statement(&mut self) {
        let mut depth = 0usize;
        loop {
            match self.kind() {
                TokenKind::Eof => return,
                TokenKind::Symbol(Symbol::Semicolon) if depth == 0 => return,
                TokenKind::Keyword(Keyword::Until) if depth == 0 => return,
                TokenKind::Keyword(Keyword::End) => {
                    if depth == 0 {
                        return;
                    }
                    depth -= 1;
                }
                TokenKind::Keyword(Keyword::Begin | Keyword::Case) => depth += 1,
                _ => {}
            }
            self.bump();
        }
    }

    pub(super) fn statement(&mut self) -> PResult<Stmt> {
        self.nested(Self::statement_inner)
    }

    fn statement_inner(&mut self) -> PResult<Stmt> {
        let switches = self.switches;
        let start = self.span();
        let kind = match self.kind().clone() {
            TokenKind::Keyword(Keyword::Begin) => {
                self.bump();
                StmtKind::Compound(self.compound_rest())
            }
            TokenKind::Keyword(Keyword::If) => {
                self.bump();
                let cond = self.expr()?;
                self.expect_kw(Keyword::Then)?;
                let then = Box::new(self.statement()?);
                let els = if self.eat_kw(Keyword::Else) {
                    Some(Box::new(self.statement()?))
                } else {
                    None
                };
                StmtKind::If { cond, then, els }
            }
            TokenKind::Keyword(Keyword::Case) => self.case_stmt()?,
            TokenKind::Keyword(Keyword::While) => {
                self.bump();
                let cond = self.expr()?;
                self.expect_kw(Keyword::Do)?;
                StmtKind::While {
                    cond,
                    body: Box::new(self.statement()?),
                }
            }
            TokenKind::Keyword(Keyword::Repeat) => {
                self.bump();
                let body = self.stmt_list();
                self.expect_kw(Keyword::Until)?;
                StmtKind::Repeat {
                    body,
                    cond: self.expr()?,
                }
            }
            TokenKind::Keyword(Keyword::For) => {
                self.bump();
                let var = self.ident()?;
                self.expect_sym(Symbol::Assign)?;
                let from = self.expr()?;
                let down = if self.eat_kw(Keyword::Downto) {
                    true
                } else {
                    self.expect_kw(Keyword::To)?;
                    false
                };
                let to = self.expr()?;
                self.expect_kw(Keyword::Do)?;
                StmtKind::For {
                    var,
                    from,
                    down,
                    to,
                    body: Box::new(self.statement()?),
                }
            }
            TokenKind::Keyword(Keyword::With) => {
                self.bump();
                let mut records = vec![self.designator()?];
                while self.eat_sym(Symbol::Comma) {
                    records.push(self.designator()?);
                }
                self.expect_kw(Keyword::Do)?;
                StmtKind::With {
                    records,
                    body: Box::new(self.statement()?),
                }
            }
            TokenKind::Keyword(Keyword::Goto) => {
                self.bump();
                StmtKind::Goto(self.label_name()?)
            }
            TokenKind::Keyword(Keyword::Inline) => {
                self.bump();
                StmtKind::Inline(self.inline_items()?)
            }
            TokenKind::Int(_) | TokenKind::Ident(_)
                if *self.kind_at(1) == TokenKind::Symbol(Symbol::Colon) =>
            {
                let label = self.label_name()?;
                self.bump();
                StmtKind::Labeled {
                    label,
                    stmt: Box::new(self.statement()?),
                }
            }
            TokenKind::Ident(_) => {
                let target = self.designator()?;
                if self.eat_sym(Symbol::Assign) {
                    StmtKind::Assign {
                        target,
                        value: self.expr()?,
                    }
                } else if self.is_sym(Symbol::Eq) {
                    let span = self.span();
                    return Err(self.error(span, "expected `:=` in an assignment, found `=`"));
                } else {
                    StmtKind::Call(target)
                }
            }
            TokenKind::Symbol(Symbol::Semicolon)
            | TokenKind::Keyword(Keyword::End | Keyword::Until | Keyword::Else)
            | TokenKind::Eof => StmtKind::Empty,
            _ => return Err(self.unexpected("a statement")),
        };
        let span = if matches!(kind, StmtKind::Empty) {
            start
        } else {
            start.to(self.prev_span())
        };
        Ok(Stmt {
            kind,
            span,
            switches,
        })
    }

    fn label_name(&mut self) -> PResult<Ident> {
        match self.kind().clone() {
            TokenKind::Int(v) => Ok(Ident::new(&v.to_string(), self.bump().span)),
            _ => self.ident(),
        }
    }

    fn case_stmt(&mut self) -> PResult<StmtKind> {
        self.bump();
        let selector = self.expr()?;
        self.expect_kw(Keyword::Of)?;
        let mut arms = Vec::new();
        let mut els = None;
        loop {
            if self.eat_kw(Keyword::Else) {
                els = Some(self.stmt_list());
                break;
            }
            if self.is_kw(Keyword::End) || self.at_eof() {
                break;
            }
            let labels = self
                .ranges()?
                .into_iter()
                .map(|(lo, hi)| CaseLabel { lo, hi })
                .collect();
            self.expect_sym(Symbol::Colon)?;
            let body = self.statement()?;
            arms.push(CaseArm { labels, body });
            if !self.eat_sym(Symbol::Semicolon)
                && !self.is_kw(Keyword::End)
                && !self.is_kw(Keyword::Else)
            {
                self.missing_semicolon("this case arm");
            }
        }
        self.expect_kw(Keyword::End)?;
        Ok(StmtKind::Case {
            selector,
            arms,
            els,
        })
    }

    /// `( item / item / … )`: each item `[<|>] term {(+|-) term}` where a term is a number,
    /// a character, a name or `*` (the location counter).
    fn inline_items(&mut self) -> PResult<Vec<InlineItem>> {
        self.expect_sym(Symbol::LParen)?;
        let mut items = Vec::new();
        loop {
            let size = if self.eat_sym(Symbol::Lt) {
                InlineSize::Byte
            } else if self.eat_sym(Symbol::Gt) {
                InlineSize::Word
            } else {
                InlineSize::Auto
            };
            let mut expr = self.inline_term()?;
            loop {
                let op = if self.is_sym(Symbol::Plus) {
                    BinOp::Add
                } else if self.is_sym(Symbol::Minus) {
                    BinOp::Sub
                } else {
                    break;
                };
                self.bump();
                let rhs = self.inline_term()?;
                let span = expr.span.to(rhs.span);
                expr = Expr {
                    kind: ExprKind::Binary(op, Box::new(expr), Box::new(rhs)),
                    span,
                };
            }
            items.push(InlineItem { size, expr });
            if !self.eat_sym(Symbol::Slash) {
                break;
            }
        }
        self.expect_sym(Symbol::RParen)?;
        Ok(items)
    }

    fn inline_term(&mut self) -> PResult<Expr> {
        let span = self.span();
        let kind = match self.kind().clone() {
            TokenKind::Symbol(Symbol::Star) => ExprKind::LocationCounter,
            TokenKind::Int(v) => ExprKind::Int(v),
            TokenKind::Str(s) => ExprKind::Str(s),
            TokenKind::Ident(name) => ExprKind::Name(Ident::new(&name, span)),
            TokenKind::Symbol(Symbol::Minus) => {
                self.bump();
                let inner = self.nested(Self::inline_term)?;
                let span = span.to(inner.span);
                return Ok(Expr {
                    kind: ExprKind::Unary(UnOp::Neg, Box::new(inner)),
                    span,
                });
            }
            _ => return Err(self.unexpected("a byte, a word, a name or `*`")),
        };
        self.bump();
        Ok(Expr { kind, span })
    }
}
