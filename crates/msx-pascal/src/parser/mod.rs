//! Parser: tokens to the syntax tree ([`crate::ast`]), by recursive descent.
//!
//! Errors are reported and the parser carries on: a missing `;` is reported after the
//! previous token and assumed; an unreadable statement or declaration is skipped up to the
//! next `;` or `end`. Every loop consumes at least one token per turn and nesting is
//! limited, so no input makes the parser loop forever or overflow the stack.
//!
//! The parts: this file (the token cursor and the program/block), `decl.rs` (declarations
//! and types), `stmt.rs` (statements), `expr.rs` (expressions).

mod decl;
mod expr;
mod stmt;

use crate::ast::{Block, Ident, Program};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::directives::Switches;
use crate::lexer::{Keyword, Symbol, Token, TokenKind};
use crate::source::Span;

/// Deepest nesting of expressions, statements and types we accept (TP3 programs never get
/// near it; it keeps the recursive descent within the stack).
const MAX_DEPTH: u32 = 100;

/// The error was reported; the caller recovers.
#[derive(Debug)]
pub struct Reported;

pub type PResult<T> = Result<T, Reported>;

/// Parses a whole program from the token stream of `directives::expand`.
pub fn parse_program(tokens: &[Token], diags: &mut Diagnostics) -> Program {
    let mut p = Parser::new(tokens, diags);
    p.program()
}

pub struct Parser<'t, 'd> {
    tokens: &'t [Token],
    pos: usize,
    /// Switches in effect at the current token.
    switches: Switches,
    diags: &'d mut Diagnostics,
    depth: u32,
    eof: Token,
    /// A block was just closed by recovery (missing `end`); its missing `;` is not news.
    block_closed_by_recovery: bool,
}

impl<'t, 'd> Parser<'t, 'd> {
    fn new(tokens: &'t [Token], diags: &'d mut Diagnostics) -> Parser<'t, 'd> {
        let end = tokens.last().map_or(Span::default(), |t| t.span);
        let mut p = Parser {
            tokens,
            pos: 0,
            switches: Switches::default(),
            diags,
            depth: 0,
            block_closed_by_recovery: false,
            eof: Token {
                kind: TokenKind::Eof,
                span: end,
            },
        };
        p.skip_switches();
        p
    }

    // ---- the token cursor -------------------------------------------------------------

    fn tok(&self) -> &Token {
        self.tokens.get(self.pos).unwrap_or(&self.eof)
    }

    fn kind(&self) -> &TokenKind {
        &self.tok().kind
    }

    /// The token after the current one (switch tokens in between are not skipped, which
    /// only matters for the label/`:` lookahead, where they never occur).
    fn kind_at(&self, n: usize) -> &TokenKind {
        self.tokens
            .get(self.pos + n)
            .map_or(&self.eof.kind, |t| &t.kind)
    }

    fn span(&self) -> Span {
        self.tok().span
    }

    /// The span of the token just consumed.
    fn prev_span(&self) -> Span {
        let mut i = self.pos;
        while i > 0 {
            i -= 1;
            if !matches!(self.tokens[i].kind, TokenKind::Switch(_)) {
                return self.tokens[i].span;
            }
        }
        self.span()
    }

    fn bump(&mut self) -> Token {
        let t = self.tok().clone();
        if self.pos < self.tokens.len() {
            self.pos += 1;
        }
        self.skip_switches();
        t
    }

    /// Applies the switch directives that come next, so the current token never is one.
    fn skip_switches(&mut self) {
        while let Some(Token {
            kind: TokenKind::Switch(change),
            ..
        }) = self.tokens.get(self.pos)
        {
            self.switches.apply(*change);
            self.pos += 1;
        }
    }

    fn at_eof(&self) -> bool {
        matches!(self.kind(), TokenKind::Eof)
    }

    fn is_kw(&self, k: Keyword) -> bool {
        *self.kind() == TokenKind::Keyword(k)
    }

    fn is_sym(&self, s: Symbol) -> bool {
        *self.kind() == TokenKind::Symbol(s)
    }

    fn eat_kw(&mut self, k: Keyword) -> bool {
        let yes = self.is_kw(k);
        if yes {
            self.bump();
        }
        yes
    }

    fn eat_sym(&mut self, s: Symbol) -> bool {
        let yes = self.is_sym(s);
        if yes {
            self.bump();
        }
        yes
    }

    fn expect_kw(&mut self, k: Keyword) -> PResult<Span> {
        if self.is_kw(k) {
            return Ok(self.bump().span);
        }
        Err(self.unexpected(&format!("`{}`", k.text().to_ascii_lowercase())))
    }

    fn expect_sym(&mut self, s: Symbol) -> PResult<Span> {
        if self.is_sym(s) {
            return Ok(self.bump().span);
        }
        Err(self.unexpected(&format!("`{}`", s.text())))
    }

    fn ident(&mut self) -> PResult<Ident> {
        match self.kind() {
            TokenKind::Ident(name) => {
                let id = Ident::new(name, self.span());
                self.bump();
                Ok(id)
            }
            _ => Err(self.unexpected("an identifier")),
        }
    }

    // ---- errors ---------------------------------------------------------------------------

    fn error(&mut self, span: Span, message: impl Into<String>) -> Reported {
        self.diags.error(span, message);
        Reported
    }

    /// "expected X, found Y" at the current token.
    fn unexpected(&mut self, expected: &str) -> Reported {
        let found = self.kind().describe();
        let span = self.span();
        self.diags.push(
            Diagnostic::error(span, format!("expected {expected}, found {found}"))
                .with_label(format!("expected {expected}")),
        );
        Reported
    }

    /// A missing `;` is reported just after the previous token, where it belongs.
    fn missing_semicolon(&mut self, after: &str) {
        let prev = self.prev_span();
        let at = Span {
            start: prev.end,
            ..prev
        };
        let found = self.kind().describe();
        self.diags.push(
            Diagnostic::error(at, format!("missing `;` after {after}"))
                .with_label(format!("expected `;` here, found {found}")),
        );
    }

    /// Skips tokens up to a `;` (consumed) or a keyword that ends a construct (not consumed).
    fn sync(&mut self) {
        let start = self.pos;
        loop {
            match self.kind() {
                TokenKind::Eof => return,
                TokenKind::Symbol(Symbol::Semicolon) => {
                    self.bump();
                    return;
                }
                TokenKind::Keyword(
                    Keyword::End
                    | Keyword::Until
                    | Keyword::Begin
                    | Keyword::Procedure
                    | Keyword::Function
                    | Keyword::Const
                    | Keyword::Type
                    | Keyword::Var,
                ) if self.pos > start => return,
                _ => {
                    self.bump();
                }
            }
        }
    }

    /// Runs `f` one nesting level deeper, refusing absurdly deep input.
    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= MAX_DEPTH {
            let span = self.span();
            // Skip the rest: nothing sensible can follow such nesting.
            while !self.at_eof() {
                self.bump();
            }
            return Err(self.error(span, "nesting is too deep"));
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    // ---- program and block -------------------------------------------------------------------

    fn program(&mut self) -> Program {
        let start = self.span();
        let mut name = None;
        if self.eat_kw(Keyword::Program) {
            match self.ident() {
                Ok(id) => name = Some(id),
                Err(_) => self.sync(),
            }
            // TP3 ignores the optional file list `program p(input, output);`.
            if self.eat_sym(Symbol::LParen) {
                while !self.at_eof() && !self.is_sym(Symbol::RParen) {
                    self.bump();
                }
                self.eat_sym(Symbol::RParen);
            }
            if !self.eat_sym(Symbol::Semicolon) && name.is_some() {
                self.missing_semicolon("the program heading");
            }
        }
        let block = self.block();
        if !self.eat_sym(Symbol::Dot) {
            let prev = self.prev_span();
            self.diags.push(
                Diagnostic::error(
                    Span {
                        start: prev.end,
                        ..prev
                    },
                    "missing `.` after the final `end`",
                )
                .with_label("expected `.`"),
            );
        } else if !self.at_eof() {
            let span = self.span();
            self.diags
                .warning(span, "text after the final `end.` is ignored");
        }
        Program {
            name,
            span: start.to(self.prev_span()),
            block,
        }
    }

    /// Declarations, then `begin` … `end`.
    fn block(&mut self) -> Block {
        let decls = self.declarations();
        let begin = self.span();
        let body = match self.expect_kw(Keyword::Begin) {
            Ok(_) => self.compound_rest(),
            Err(_) => {
                // Read what follows as statements anyway, to report their errors too.
                let body = self.stmt_list();
                self.eat_kw(Keyword::End);
                body
            }
        };
        Block {
            decls,
            body,
            body_span: begin.to(self.prev_span()),
        }
    }
}
