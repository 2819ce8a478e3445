//! Lexer: turns the text of one file into tokens.
//!
//! Pascal is case-insensitive: identifiers keep their spelling for messages and carry an
//! upper-case key for lookups. Comments are `{...}` and `(*...*)`; a comment that starts with
//! `$` is a compiler directive and becomes a [`TokenKind::Directive`] token, which the
//! directive layer (`directives.rs`) interprets. String literals may be glued to control
//! characters (`'Line'#13#10`, `^G`) and become one string token, as in Turbo Pascal.

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::source::{FileId, Span};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Keyword {
    Absolute,
    And,
    Array,
    Begin,
    Case,
    Const,
    Div,
    Do,
    Downto,
    Else,
    End,
    External,
    File,
    For,
    Forward,
    Function,
    Goto,
    If,
    In,
    Inline,
    Label,
    Mod,
    Nil,
    Not,
    Of,
    Or,
    Overlay,
    Packed,
    Procedure,
    Program,
    Record,
    Repeat,
    Set,
    Shl,
    Shr,
    String,
    Then,
    To,
    Type,
    Until,
    Var,
    While,
    With,
    Xor,
}

/// Reserved words of Turbo Pascal 3, upper case.
const KEYWORDS: &[(&str, Keyword)] = &[
    ("ABSOLUTE", Keyword::Absolute),
    ("AND", Keyword::And),
    ("ARRAY", Keyword::Array),
    ("BEGIN", Keyword::Begin),
    ("CASE", Keyword::Case),
    ("CONST", Keyword::Const),
    ("DIV", Keyword::Div),
    ("DO", Keyword::Do),
    ("DOWNTO", Keyword::Downto),
    ("ELSE", Keyword::Else),
    ("END", Keyword::End),
    ("EXTERNAL", Keyword::External),
    ("FILE", Keyword::File),
    ("FOR", Keyword::For),
    ("FORWARD", Keyword::Forward),
    ("FUNCTION", Keyword::Function),
    ("GOTO", Keyword::Goto),
    ("IF", Keyword::If),
    ("IN", Keyword::In),
    ("INLINE", Keyword::Inline),
    ("LABEL", Keyword::Label),
    ("MOD", Keyword::Mod),
    ("NIL", Keyword::Nil),
    ("NOT", Keyword::Not),
    ("OF", Keyword::Of),
    ("OR", Keyword::Or),
    ("OVERLAY", Keyword::Overlay),
    ("PACKED", Keyword::Packed),
    ("PROCEDURE", Keyword::Procedure),
    ("PROGRAM", Keyword::Program),
    ("RECORD", Keyword::Record),
    ("REPEAT", Keyword::Repeat),
    ("SET", Keyword::Set),
    ("SHL", Keyword::Shl),
    ("SHR", Keyword::Shr),
    ("STRING", Keyword::String),
    ("THEN", Keyword::Then),
    ("TO", Keyword::To),
    ("TYPE", Keyword::Type),
    ("UNTIL", Keyword::Until),
    ("VAR", Keyword::Var),
    ("WHILE", Keyword::While),
    ("WITH", Keyword::With),
    ("XOR", Keyword::Xor),
];

impl Keyword {
    pub fn from_upper(word: &str) -> Option<Keyword> {
        KEYWORDS.iter().find(|(w, _)| *w == word).map(|&(_, k)| k)
    }

    pub fn text(self) -> &'static str {
        KEYWORDS
            .iter()
            .find(|(_, k)| *k == self)
            .map_or("?", |(w, _)| w)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symbol {
    Plus,
    Minus,
    Star,
    Slash,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    LParen,
    RParen,
    LBracket,
    RBracket,
    Dot,
    DotDot,
    Comma,
    Colon,
    Semicolon,
    Assign,
    Caret,
    At,
}

impl Symbol {
    pub fn text(self) -> &'static str {
        match self {
            Symbol::Plus => "+",
            Symbol::Minus => "-",
            Symbol::Star => "*",
            Symbol::Slash => "/",
            Symbol::Eq => "=",
            Symbol::Ne => "<>",
            Symbol::Lt => "<",
            Symbol::Le => "<=",
            Symbol::Gt => ">",
            Symbol::Ge => ">=",
            Symbol::LParen => "(",
            Symbol::RParen => ")",
            Symbol::LBracket => "[",
            Symbol::RBracket => "]",
            Symbol::Dot => ".",
            Symbol::DotDot => "..",
            Symbol::Comma => ",",
            Symbol::Colon => ":",
            Symbol::Semicolon => ";",
            Symbol::Assign => ":=",
            Symbol::Caret => "^",
            Symbol::At => "@",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum TokenKind {
    /// An identifier: spelling as written.
    Ident(String),
    Keyword(Keyword),
    /// An integer literal (decimal or `$hex`); range is checked later.
    Int(i64),
    Real(f64),
    /// A string literal, in the MSX character set.
    Str(Vec<u8>),
    Symbol(Symbol),
    /// The text of a `{$...}` comment after the `$`.
    Directive(String),
    /// A compiler switch, produced by the directive layer (never by the lexer).
    Switch(crate::directives::SwitchChange),
    Eof,
}

impl TokenKind {
    /// How the token is named in "expected X, found Y" messages.
    pub fn describe(&self) -> String {
        match self {
            TokenKind::Ident(name) => format!("identifier `{name}`"),
            TokenKind::Keyword(k) => format!("`{}`", k.text().to_ascii_lowercase()),
            // Only hexadecimal constants are negative here (`$FFFF` is -1).
            TokenKind::Int(v) if *v < 0 => format!("number `${:04X}`", *v as u16),
            TokenKind::Int(v) => format!("number `{v}`"),
            TokenKind::Real(v) => format!("number `{v}`"),
            TokenKind::Str(_) => "a string".to_string(),
            TokenKind::Symbol(s) => format!("`{}`", s.text()),
            TokenKind::Directive(_) | TokenKind::Switch(_) => "a directive".to_string(),
            TokenKind::Eof => "the end of the file".to_string(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

/// Lexes a whole file. Errors are reported to `diags`; the lexer always produces a token
/// list ending in `Eof` and skips what it cannot read.
/// How the error for a comment that runs to the end of the file begins: everything after
/// its opening is inside it, so the parser's complaints about the missing rest are not
/// worth reporting (see `compile_front`).
pub const UNCLOSED_COMMENT: &str = "comment is not closed";

pub fn lex(file: FileId, text: &str, diags: &mut Diagnostics) -> Vec<Token> {
    // A ^Z ends a CP/M or MSX-DOS text file: TP3 reads no further (whatever follows is
    // the rest of the file's last record).
    let text = text.split('\u{1a}').next().unwrap_or("");
    let mut lexer = Lexer {
        file,
        text,
        pos: 0,
        tokens: Vec::new(),
        diags,
    };
    lexer.run();
    lexer.tokens
}

struct Lexer<'a, 'd> {
    file: FileId,
    text: &'a str,
    pos: usize,
    tokens: Vec<Token>,
    diags: &'d mut Diagnostics,
}

impl Lexer<'_, '_> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.text[self.pos..].chars().nth(n)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn span(&self, start: usize) -> Span {
        Span::new(self.file, start, self.pos)
    }

    fn push(&mut self, kind: TokenKind, start: usize) {
        let span = self.span(start);
        self.tokens.push(Token { kind, span });
    }

    fn run(&mut self) {
        while let Some(c) = self.peek() {
            let start = self.pos;
            match c {
                c if c.is_whitespace() => {
                    self.bump();
                }
                '{' => self.comment(start, "}"),
                '(' if self.peek_at(1) == Some('*') => self.comment(start, "*)"),
                c if c.is_ascii_alphabetic() || c == '_' => self.word(start),
                c if c.is_ascii_digit() => self.number(start),
                '$' => self.hex(start),
                '\'' | '#' => self.string(start),
                '^' if self.caret_is_char() => self.string(start),
                _ => self.symbol(start, c),
            }
        }
        let end = self.text.len();
        self.tokens.push(Token {
            kind: TokenKind::Eof,
            span: Span::new(self.file, end, end),
        });
    }

    fn comment(&mut self, start: usize, close: &str) {
        self.pos += if close == "}" { 1 } else { 2 };
        let body_start = self.pos;
        match self.text[self.pos..].find(close) {
            Some(i) => {
                let body = &self.text[body_start..body_start + i];
                self.pos = body_start + i + close.len();
                if let Some(directive) = body.strip_prefix('$') {
                    self.push(TokenKind::Directive(directive.to_string()), start);
                }
            }
            None => {
                self.pos = self.text.len();
                self.diags.push(
                    Diagnostic::error(
                        Span::new(self.file, start, start + 1),
                        format!("{UNCLOSED_COMMENT} (missing `{close}`)"),
                    )
                    .with_note("everything after it, to the end of the file, is inside it"),
                );
            }
        }
    }

    fn word(&mut self, start: usize) {
        while matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || c == '_') {
            self.bump();
        }
        let word = &self.text[start..self.pos];
        let kind = match Keyword::from_upper(&word.to_ascii_uppercase()) {
            Some(k) => TokenKind::Keyword(k),
            None => TokenKind::Ident(word.to_string()),
        };
        self.push(kind, start);
    }

    fn digits(&mut self) {
        while matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
            self.bump();
        }
    }

    fn number(&mut self, start: usize) {
        self.digits();
        let mut real = false;
        // `1..5` is a range, not the real `1.`.
        if self.peek() == Some('.') && matches!(self.peek_at(1), Some(c) if c.is_ascii_digit()) {
            real = true;
            self.bump();
            self.digits();
        }
        if matches!(self.peek(), Some('e' | 'E')) {
            let sign = matches!(self.peek_at(1), Some('+' | '-'));
            let digit_at = if sign { 2 } else { 1 };
            if matches!(self.peek_at(digit_at), Some(c) if c.is_ascii_digit()) {
                real = true;
                self.bump();
                if sign {
                    self.bump();
                }
                self.digits();
            }
        }
        let text = &self.text[start..self.pos];
        if real {
            match text.parse::<f64>() {
                Ok(v) => self.push(TokenKind::Real(v), start),
                Err(_) => self.bad_number(start),
            }
        } else {
            match text.parse::<i64>() {
                Ok(v) if v <= 0xFFFF_FFFF => self.push(TokenKind::Int(v), start),
                _ => self.bad_number(start),
            }
        }
    }

    fn bad_number(&mut self, start: usize) {
        self.diags
            .error(self.span(start), "number is too large".to_string());
        self.push(TokenKind::Int(0), start);
    }

    fn hex(&mut self, start: usize) {
        self.bump();
        let digits_start = self.pos;
        while matches!(self.peek(), Some(c) if c.is_ascii_hexdigit()) {
            self.bump();
        }
        let digits = &self.text[digits_start..self.pos];
        if digits.is_empty() {
            self.diags.error(
                self.span(start),
                "`$` must be followed by hexadecimal digits",
            );
            self.push(TokenKind::Int(0), start);
            return;
        }
        // TP3's hexadecimal constants are 16-bit patterns, `$0000..$FFFF`: `$FFFF` is -1.
        match i64::from_str_radix(digits, 16) {
            Ok(v) if v <= 0xFFFF => self.push(TokenKind::Int(v as u16 as i16 as i64), start),
            _ => {
                self.diags.error(
                    self.span(start),
                    "hexadecimal constant out of range `$0000..$FFFF` (TP3 error 56)",
                );
                self.push(TokenKind::Int(0), start);
            }
        }
    }

    /// `^X` is a control character only where a value can start (`c = ^M`); after an
    /// identifier, `)`, `]` or `^` it is a pointer dereference, after `:` a pointer type.
    fn caret_is_char(&self) -> bool {
        let next_is_char = matches!(self.peek_at(1), Some(c) if c.is_ascii_graphic());
        let after_is_word =
            matches!(self.peek_at(2), Some(c) if c.is_ascii_alphanumeric() || c == '_');
        if !next_is_char || after_is_word {
            return false;
        }
        match self.tokens.last().map(|t| &t.kind) {
            None => false,
            Some(TokenKind::Ident(_)) => false,
            Some(TokenKind::Keyword(_)) => false,
            // After `=` it may also be a pointer type (`P = ^T`); the parser turns such a
            // one-letter "control character" back into a pointer type.
            Some(TokenKind::Symbol(s)) => matches!(
                s,
                Symbol::Assign
                    | Symbol::LParen
                    | Symbol::Comma
                    | Symbol::Plus
                    | Symbol::LBracket
                    | Symbol::Eq
                    | Symbol::Ne
                    | Symbol::Lt
                    | Symbol::Le
                    | Symbol::Gt
                    | Symbol::Ge
                    | Symbol::DotDot
            ),
            _ => true,
        }
    }

    /// A string literal: quoted parts (`''` is a quote), `#n` / `#$hh` characters and `^X`
    /// control characters, glued together without spaces.
    fn string(&mut self, start: usize) {
        let mut bytes = Vec::new();
        loop {
            match self.peek() {
                Some('\'') => {
                    let part_start = self.pos;
                    self.bump();
                    loop {
                        match self.bump() {
                            Some('\'') if self.peek() == Some('\'') => {
                                self.bump();
                                bytes.push(b'\'');
                            }
                            Some('\'') => break,
                            Some('\n') | None => {
                                self.diags.error(
                                    Span::new(self.file, part_start, part_start + 1),
                                    "string is not closed on this line (missing `'`)",
                                );
                                return self.push(TokenKind::Str(bytes), start);
                            }
                            Some(c) => self.msx_char(c, &mut bytes),
                        }
                    }
                }
                Some('#') => {
                    let part_start = self.pos;
                    self.bump();
                    let value = if self.peek() == Some('$') {
                        self.bump();
                        let s = self.pos;
                        while matches!(self.peek(), Some(c) if c.is_ascii_hexdigit()) {
                            self.bump();
                        }
                        i64::from_str_radix(&self.text[s..self.pos], 16).ok()
                    } else {
                        let s = self.pos;
                        self.digits();
                        self.text[s..self.pos].parse::<i64>().ok()
                    };
                    match value {
                        Some(v) if (0..=255).contains(&v) => bytes.push(v as u8),
                        _ => self.diags.error(
                            self.span(part_start),
                            "`#` must be followed by a character code 0..255",
                        ),
                    }
                }
                Some('^') if matches!(self.peek_at(1), Some(c) if c.is_ascii_graphic()) => {
                    self.bump();
                    let c = self.bump().unwrap_or('@');
                    bytes.push((c.to_ascii_uppercase() as u8) ^ 0x40);
                }
                _ => break,
            }
        }
        self.push(TokenKind::Str(bytes), start);
    }

    /// Stores `c` in the MSX international character set (`é` is 0x82, as the MSX shows
    /// it; a graphic character like `♥` is the two bytes 0x01, 0x43 that print it).
    fn msx_char(&mut self, c: char, bytes: &mut Vec<u8>) {
        if msx_basic::charset::encode_char(c, bytes).is_none() {
            let end = self.pos;
            let start = end - c.len_utf8();
            self.diags.warning(
                Span::new(self.file, start, end),
                format!(
                    "character `{}` is not in the MSX character set; stored as `?`",
                    c.escape_default()
                ),
            );
            bytes.push(b'?');
        }
    }

    fn symbol(&mut self, start: usize, c: char) {
        self.bump();
        let two = |l: &Self, next: char| l.peek() == Some(next);
        let sym = match c {
            '+' => Symbol::Plus,
            '-' => Symbol::Minus,
            '*' => Symbol::Star,
            '/' => Symbol::Slash,
            '=' => Symbol::Eq,
            '<' if two(self, '>') => Symbol::Ne,
            '<' if two(self, '=') => Symbol::Le,
            '<' => Symbol::Lt,
            '>' if two(self, '=') => Symbol::Ge,
            '>' => Symbol::Gt,
            '(' => Symbol::LParen,
            ')' => Symbol::RParen,
            '[' => Symbol::LBracket,
            ']' => Symbol::RBracket,
            '.' if two(self, '.') => Symbol::DotDot,
            '.' => Symbol::Dot,
            ',' => Symbol::Comma,
            ':' if two(self, '=') => Symbol::Assign,
            ':' => Symbol::Colon,
            ';' => Symbol::Semicolon,
            '^' => Symbol::Caret,
            '@' => Symbol::At,
            other => {
                self.diags.error(
                    self.span(start),
                    format!("unexpected character `{}`", other.escape_default()),
                );
                return;
            }
        };
        if matches!(
            sym,
            Symbol::Ne | Symbol::Le | Symbol::Ge | Symbol::DotDot | Symbol::Assign
        ) {
            self.bump();
        }
        self.push(TokenKind::Symbol(sym), start);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<TokenKind> {
        let mut d = Diagnostics::new();
        let toks = lex(FileId(0), text, &mut d);
        assert!(!d.has_errors(), "{:?}", d.into_vec());
        toks.into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn words_numbers_symbols() {
        use TokenKind::*;
        assert_eq!(
            kinds("Begin x1:=$1F+10; a[1..2]^ end."),
            vec![
                Keyword(self::Keyword::Begin),
                Ident("x1".into()),
                Symbol(self::Symbol::Assign),
                Int(31),
                Symbol(self::Symbol::Plus),
                Int(10),
                Symbol(self::Symbol::Semicolon),
                Ident("a".into()),
                Symbol(self::Symbol::LBracket),
                Int(1),
                Symbol(self::Symbol::DotDot),
                Int(2),
                Symbol(self::Symbol::RBracket),
                Symbol(self::Symbol::Caret),
                Keyword(self::Keyword::End),
                Symbol(self::Symbol::Dot),
                Eof
            ]
        );
    }

    #[test]
    fn reals() {
        assert_eq!(kinds("1.5e3")[0], TokenKind::Real(1500.0));
        // Hexadecimal constants are 16-bit patterns; decimal ones keep their value for
        // the checker (labels may be long digit strings, 32768 may follow a `-`).
        assert_eq!(kinds("$FFFF")[0], TokenKind::Int(-1));
        assert_eq!(kinds("$8000")[0], TokenKind::Int(-32768));
        assert_eq!(kinds("$7fff")[0], TokenKind::Int(32767));
        assert_eq!(kinds("40000")[0], TokenKind::Int(40000));
        assert_eq!(TokenKind::Int(-1).describe(), "number `$FFFF`");
        assert_eq!(kinds("2E-1")[0], TokenKind::Real(0.2));
    }

    #[test]
    fn strings_with_control_characters() {
        assert_eq!(
            kinds("'It''s'#13#$0A^G")[0],
            TokenKind::Str(b"It's\r\n\x07".to_vec())
        );
        assert_eq!(kinds("x := ^M")[2], TokenKind::Str(vec![13]));
        assert_eq!(kinds("if c = ^[ then")[3], TokenKind::Str(vec![27]));
        // Before a longer name, or after `:`, `^` is a pointer.
        assert_eq!(kinds("p = ^Node;")[2], TokenKind::Symbol(Symbol::Caret));
        assert_eq!(kinds("v : ^T;")[2], TokenKind::Symbol(Symbol::Caret));
    }

    #[test]
    fn strings_are_stored_in_the_msx_character_set() {
        // ê is 0x88 and é 0x82 in the MSX font; ♥ is graphic character 3.
        assert_eq!(
            kinds("'Você é ♥'")[0],
            TokenKind::Str(b"Voc\x88 \x82 \x01\x43".to_vec())
        );
        let mut d = Diagnostics::new();
        lex(FileId(0), "'€'", &mut d);
        assert!(
            !d.has_errors()
                && d.into_vec()[0]
                    .message
                    .contains("not in the MSX character set")
        );
    }

    #[test]
    fn comments_and_directives() {
        assert_eq!(
            kinds("{ c } (* d *) {$A-} (*$I lib.inc*)"),
            vec![
                TokenKind::Directive("A-".into()),
                TokenKind::Directive("I lib.inc".into()),
                TokenKind::Eof
            ]
        );
    }

    #[test]
    fn positions() {
        let mut d = Diagnostics::new();
        let toks = lex(FileId(0), "a  bc", &mut d);
        assert_eq!((toks[1].span.start, toks[1].span.end), (3, 5));
    }

    #[test]
    fn errors_are_reported_not_panicked() {
        for text in [
            "{ open",
            "'open",
            "#999",
            "$",
            "$10000",
            "¤",
            "(*",
            "99999999999999999999",
        ] {
            let mut d = Diagnostics::new();
            let toks = lex(FileId(0), text, &mut d);
            assert!(d.has_errors(), "{text}");
            assert_eq!(toks.last().unwrap().kind, TokenKind::Eof);
        }
    }
}
