//! Declarations (`label`, `const`, `type`, `var`, procedures and functions) and types.

use super::{PResult, Parser};
use crate::ast::*;
use crate::lexer::{Keyword, Symbol, TokenKind};

impl Parser<'_, '_> {
    /// The declaration part of a block, up to (not including) `begin`.
    pub(super) fn declarations(&mut self) -> Vec<Decl> {
        let mut decls = Vec::new();
        loop {
            let before = self.pos;
            match self.kind() {
                TokenKind::Keyword(Keyword::Label) => {
                    self.bump();
                    self.label_decl(&mut decls);
                }
                TokenKind::Keyword(Keyword::Const) => {
                    self.bump();
                    self.section(&mut decls, Self::const_decl);
                }
                TokenKind::Keyword(Keyword::Type) => {
                    self.bump();
                    self.section(&mut decls, Self::type_decl);
                }
                TokenKind::Keyword(Keyword::Var) => {
                    self.bump();
                    self.section(&mut decls, Self::var_decl);
                }
                TokenKind::Keyword(Keyword::Overlay) => {
                    let span = self.bump().span;
                    self.diags.warning(
                        span,
                        "`overlay` is ignored: the routine is compiled into the program",
                    );
                }
                TokenKind::Keyword(Keyword::Procedure | Keyword::Function) => {
                    match self.routine() {
                        Ok(r) => decls.push(Decl::Routine(Box::new(r))),
                        Err(_) => self.sync(),
                    }
                }
                TokenKind::Keyword(Keyword::Begin) | TokenKind::Eof => break,
                _ => {
                    let _ = self.unexpected("a declaration or `begin`");
                    self.sync();
                }
            }
            if self.pos == before {
                self.bump();
            }
        }
        decls
    }

    fn label_decl(&mut self, decls: &mut Vec<Decl>) {
        let mut labels = Vec::new();
        loop {
            match self.kind().clone() {
                TokenKind::Ident(name) => labels.push(Ident::new(&name, self.bump().span)),
                TokenKind::Int(v) => labels.push(Ident::new(&v.to_string(), self.bump().span)),
                _ => {
                    let _ = self.unexpected("a label");
                    self.sync();
                    break;
                }
            }
            if !self.eat_sym(Symbol::Comma) {
                if !self.eat_sym(Symbol::Semicolon) {
                    self.missing_semicolon("the label declaration");
                }
                break;
            }
        }
        decls.push(Decl::Labels(labels));
    }

    /// Repeats one kind of declaration while the next token is an identifier.
    fn section(&mut self, decls: &mut Vec<Decl>, one: fn(&mut Self) -> PResult<Decl>) {
        if !matches!(self.kind(), TokenKind::Ident(_)) {
            let _ = self.unexpected("an identifier");
            return;
        }
        while matches!(self.kind(), TokenKind::Ident(_)) {
            let before = self.pos;
            match one(self) {
                Ok(d) => {
                    decls.push(d);
                    if !self.eat_sym(Symbol::Semicolon) {
                        self.missing_semicolon("the declaration");
                        if !matches!(self.kind(), TokenKind::Ident(_)) {
                            self.sync();
                        }
                    }
                }
                Err(_) => self.sync(),
            }
            if self.pos == before {
                self.bump();
            }
        }
    }

    fn const_decl(&mut self) -> PResult<Decl> {
        let name = self.ident()?;
        let ty = if self.eat_sym(Symbol::Colon) {
            Some(self.type_expr()?)
        } else {
            None
        };
        self.expect_sym(Symbol::Eq)?;
        let value = if ty.is_some() {
            self.init()?
        } else {
            Init::Expr(self.expr()?)
        };
        let span = name.span.to(self.prev_span());
        Ok(Decl::Const(ConstDecl {
            name,
            ty,
            value,
            span,
        }))
    }

    /// The value of a typed constant: an expression, `(a, b, …)` or `(field: v; …)`.
    fn init(&mut self) -> PResult<Init> {
        if !self.is_sym(Symbol::LParen) {
            return Ok(Init::Expr(self.expr()?));
        }
        self.nested(|p| {
            let start = p.bump().span;
            let is_record = matches!(p.kind(), TokenKind::Ident(_))
                && *p.kind_at(1) == TokenKind::Symbol(Symbol::Colon);
            if is_record {
                let mut fields = Vec::new();
                while matches!(p.kind(), TokenKind::Ident(_)) {
                    let name = p.ident()?;
                    p.expect_sym(Symbol::Colon)?;
                    fields.push((name, p.init()?));
                    if !p.eat_sym(Symbol::Semicolon) {
                        break;
                    }
                }
                p.expect_sym(Symbol::RParen)?;
                Ok(Init::Record(fields, start.to(p.prev_span())))
            } else {
                let mut items = vec![p.init()?];
                while p.eat_sym(Symbol::Comma) {
                    items.push(p.init()?);
                }
                p.expect_sym(Symbol::RParen)?;
                Ok(Init::List(items, start.to(p.prev_span())))
            }
        })
    }

    fn type_decl(&mut self) -> PResult<Decl> {
        let name = self.ident()?;
        self.expect_sym(Symbol::Eq)?;
        let ty = self.type_expr()?;
        let span = name.span.to(self.prev_span());
        Ok(Decl::Type(TypeDecl { name, ty, span }))
    }

    fn var_decl(&mut self) -> PResult<Decl> {
        let names = self.ident_list()?;
        self.expect_sym(Symbol::Colon)?;
        let ty = self.type_expr()?;
        let absolute = if self.eat_kw(Keyword::Absolute) {
            Some(match self.kind() {
                TokenKind::Ident(_) => Absolute::Var(self.ident()?),
                _ => Absolute::Address(self.expr()?),
            })
        } else {
            None
        };
        let span = names[0].span.to(self.prev_span());
        Ok(Decl::Var(VarDecl {
            names,
            ty,
            absolute,
            span,
        }))
    }

    fn ident_list(&mut self) -> PResult<Vec<Ident>> {
        let mut names = vec![self.ident()?];
        while self.eat_sym(Symbol::Comma) {
            names.push(self.ident()?);
        }
        Ok(names)
    }

    // ---- routines ----------------------------------------------------------------------------

    fn routine(&mut self) -> PResult<RoutineDecl> {
        // The switches at the heading decide how the routine is compiled (`{$A-}`).
        let switches = self.switches;
        let start = self.span();
        let kind = if self.eat_kw(Keyword::Function) {
            RoutineKind::Function
        } else {
            self.expect_kw(Keyword::Procedure)?;
            RoutineKind::Procedure
        };
        let name = self.ident()?;
        let mut params = Vec::new();
        let has_param_list = self.is_sym(Symbol::LParen);
        if self.eat_sym(Symbol::LParen) {
            loop {
                params.push(self.param_group()?);
                if !self.eat_sym(Symbol::Semicolon) {
                    break;
                }
            }
            self.expect_sym(Symbol::RParen)?;
        }
        let result = if kind == RoutineKind::Function && self.eat_sym(Symbol::Colon) {
            Some(self.type_expr()?)
        } else {
            None
        };
        if !self.eat_sym(Symbol::Semicolon) {
            self.missing_semicolon("the heading");
        }
        let body = if self.eat_kw(Keyword::Forward) {
            RoutineBody::Forward
        } else if self.eat_kw(Keyword::External) {
            RoutineBody::External(self.expr()?)
        } else {
            RoutineBody::Block(self.nested(|p| Ok(p.block()))?)
        };
        let span = start.to(self.prev_span());
        let recovered = std::mem::take(&mut self.block_closed_by_recovery);
        if !self.eat_sym(Symbol::Semicolon) && !recovered {
            self.missing_semicolon("the routine");
        }
        Ok(RoutineDecl {
            kind,
            name,
            params,
            has_param_list,
            result,
            body,
            switches,
            span,
        })
    }

    fn param_group(&mut self) -> PResult<ParamGroup> {
        let mode = if self.eat_kw(Keyword::Var) {
            ParamMode::Var
        } else {
            ParamMode::Value
        };
        let names = self.ident_list()?;
        let ty = if self.eat_sym(Symbol::Colon) {
            Some(self.type_expr()?)
        } else {
            None
        };
        Ok(ParamGroup { mode, names, ty })
    }

    // ---- types -------------------------------------------------------------------------------

    pub(super) fn type_expr(&mut self) -> PResult<TypeExpr> {
        self.nested(Self::type_inner)
    }

    fn type_inner(&mut self) -> PResult<TypeExpr> {
        let start = self.span();
        self.eat_kw(Keyword::Packed);
        let kind = match self.kind().clone() {
            TokenKind::Symbol(Symbol::Caret) => {
                self.bump();
                TypeExprKind::Pointer(self.ident()?)
            }
            TokenKind::Keyword(Keyword::Array) => {
                self.bump();
                self.expect_sym(Symbol::LBracket)?;
                let mut indices = vec![self.type_expr()?];
                while self.eat_sym(Symbol::Comma) {
                    indices.push(self.type_expr()?);
                }
                self.expect_sym(Symbol::RBracket)?;
                self.expect_kw(Keyword::Of)?;
                TypeExprKind::Array(indices, Box::new(self.type_expr()?))
            }
            TokenKind::Keyword(Keyword::Record) => {
                self.bump();
                let body = self.record_body(false)?;
                self.expect_kw(Keyword::End)?;
                TypeExprKind::Record(body)
            }
            TokenKind::Keyword(Keyword::Set) => {
                self.bump();
                self.expect_kw(Keyword::Of)?;
                TypeExprKind::Set(Box::new(self.type_expr()?))
            }
            TokenKind::Keyword(Keyword::File) => {
                self.bump();
                if self.eat_kw(Keyword::Of) {
                    TypeExprKind::File(Some(Box::new(self.type_expr()?)))
                } else {
                    TypeExprKind::File(None)
                }
            }
            TokenKind::Keyword(Keyword::String) => {
                self.bump();
                if self.eat_sym(Symbol::LBracket) {
                    let len = self.expr()?;
                    self.expect_sym(Symbol::RBracket)?;
                    TypeExprKind::String(Some(Box::new(len)))
                } else {
                    TypeExprKind::String(None)
                }
            }
            // `P = ^T` with a one-letter type name was lexed as the control character ^T
            // (a 2-character token for a byte below 32): it is a pointer type here.
            TokenKind::Str(s)
                if s.len() == 1
                    && (s[0] < 0x20 || s[0] == 0x7F)
                    && self.span().end - self.span().start == 2 =>
            {
                let span = self.bump().span;
                let letter = ((s[0] ^ 0x40) as char).to_string();
                TypeExprKind::Pointer(Ident::new(&letter, span))
            }
            TokenKind::Symbol(Symbol::LParen) => {
                self.bump();
                let names = self.ident_list()?;
                self.expect_sym(Symbol::RParen)?;
                TypeExprKind::Enum(names)
            }
            _ => {
                // A type name, or a subrange whose bounds are constant expressions.
                let lo = self.simple_expr()?;
                if self.eat_sym(Symbol::DotDot) {
                    let hi = self.simple_expr()?;
                    TypeExprKind::Subrange(Box::new(lo), Box::new(hi))
                } else if let ExprKind::Name(id) = lo.kind {
                    TypeExprKind::Named(id)
                } else {
                    return Err(self.error(lo.span, "expected a type"));
                }
            }
        };
        Ok(TypeExpr {
            kind,
            span: start.to(self.prev_span()),
        })
    }

    /// Fields `a, b: T; …` and an optional variant part; stops before `end` or `)`.
    fn record_body(&mut self, in_variant: bool) -> PResult<RecordBody> {
        let mut fields = Vec::new();
        let mut variant = None;
        loop {
            match self.kind() {
                TokenKind::Ident(_) => {
                    let names = self.ident_list()?;
                    self.expect_sym(Symbol::Colon)?;
                    let ty = self.type_expr()?;
                    fields.push(FieldGroup { names, ty });
                }
                TokenKind::Keyword(Keyword::Case) => {
                    variant = Some(Box::new(self.variant()?));
                    break;
                }
                _ => break,
            }
            if !self.eat_sym(Symbol::Semicolon) {
                break;
            }
        }
        let end_ok = if in_variant {
            self.is_sym(Symbol::RParen)
        } else {
            self.is_kw(Keyword::End)
        };
        if !end_ok {
            let expected = if in_variant { "`)`" } else { "`end`" };
            return Err(self.unexpected(&format!("a field or {expected}")));
        }
        Ok(RecordBody { fields, variant })
    }

    fn variant(&mut self) -> PResult<Variant> {
        let start = self.expect_kw(Keyword::Case)?;
        let first = self.ident()?;
        let (tag, tag_type) = if self.eat_sym(Symbol::Colon) {
            (Some(first), self.ident()?)
        } else {
            (None, first)
        };
        self.expect_kw(Keyword::Of)?;
        let mut cases = Vec::new();
        while !self.is_kw(Keyword::End) && !self.is_sym(Symbol::RParen) && !self.at_eof() {
            let mut labels = vec![self.expr()?];
            while self.eat_sym(Symbol::Comma) {
                labels.push(self.expr()?);
            }
            self.expect_sym(Symbol::Colon)?;
            self.expect_sym(Symbol::LParen)?;
            let body = self.nested(|p| p.record_body(true))?;
            self.expect_sym(Symbol::RParen)?;
            cases.push(VariantCase { labels, body });
            if !self.eat_sym(Symbol::Semicolon) {
                break;
            }
        }
        Ok(Variant {
            tag,
            tag_type,
            cases,
            span: start.to(self.prev_span()),
        })
    }
}
