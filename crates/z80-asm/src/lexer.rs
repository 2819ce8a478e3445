//! Splits one source line into tokens.
//!
//! The assembler is line oriented, so the lexer works on a single line and
//! returns every token with the column it starts at (1-based, in characters):
//! diagnostics point at that column.

use std::fmt;

/// A token and where it starts on its line.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub kind: Tok,
    /// 1-based column of the first character.
    pub col: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// Identifier, mnemonic, register or directive (case kept as written).
    Ident(String),
    /// A numeric literal, already converted.
    Num(i64),
    /// A quoted string (escapes resolved). Length 1 doubles as a character constant.
    Str(Vec<u8>),
    /// `$` on its own: the current address.
    Dollar,
    /// Operators and punctuation.
    Punct(Punct),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Punct {
    LParen,
    RParen,
    Comma,
    Colon,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Amp,
    Pipe,
    Caret,
    Tilde,
    Bang,
    Lt,
    Gt,
    Le,
    Ge,
    Shl,
    Shr,
    Eq,
    EqEq,
    Ne,
    AndAnd,
    OrOr,
    Question,
}

impl Punct {
    pub fn text(self) -> &'static str {
        use Punct::*;
        match self {
            LParen => "(",
            RParen => ")",
            Comma => ",",
            Colon => ":",
            Plus => "+",
            Minus => "-",
            Star => "*",
            Slash => "/",
            Percent => "%",
            Amp => "&",
            Pipe => "|",
            Caret => "^",
            Tilde => "~",
            Bang => "!",
            Lt => "<",
            Gt => ">",
            Le => "<=",
            Ge => ">=",
            Shl => "<<",
            Shr => ">>",
            Eq => "=",
            EqEq => "==",
            Ne => "!=",
            AndAnd => "&&",
            OrOr => "||",
            Question => "?",
        }
    }
}

/// Two-character operators first, so that `<<` is not read as `<` `<`.
const PUNCTS: &[(&str, Punct)] = &[
    ("<<", Punct::Shl),
    (">>", Punct::Shr),
    ("<=", Punct::Le),
    (">=", Punct::Ge),
    ("==", Punct::EqEq),
    ("!=", Punct::Ne),
    ("<>", Punct::Ne),
    ("&&", Punct::AndAnd),
    ("||", Punct::OrOr),
    ("(", Punct::LParen),
    (")", Punct::RParen),
    (",", Punct::Comma),
    (":", Punct::Colon),
    ("+", Punct::Plus),
    ("-", Punct::Minus),
    ("*", Punct::Star),
    ("/", Punct::Slash),
    ("%", Punct::Percent),
    ("&", Punct::Amp),
    ("|", Punct::Pipe),
    ("^", Punct::Caret),
    ("~", Punct::Tilde),
    ("!", Punct::Bang),
    ("<", Punct::Lt),
    (">", Punct::Gt),
    ("=", Punct::Eq),
    ("?", Punct::Question),
];

impl fmt::Display for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Ident(s) => write!(f, "`{s}`"),
            Tok::Num(n) => write!(f, "number {n}"),
            Tok::Str(_) => write!(f, "string"),
            Tok::Dollar => write!(f, "`$`"),
            Tok::Punct(p) => write!(f, "`{}`", p.text()),
        }
    }
}

/// A lexical error: message and 1-based column.
#[derive(Clone, Debug, PartialEq)]
pub struct LexError {
    pub col: u32,
    pub message: String,
}

pub fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || matches!(c, '_' | '.' | '@')
}

pub fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '?' | '@')
}

/// Tokenizes one line; the comment (from `;`) is dropped.
pub fn lex_line(line: &str) -> Result<Vec<Token>, LexError> {
    let chars: Vec<char> = line.chars().collect();
    let mut toks: Vec<Token> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = i as u32 + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == ';' {
            break;
        }
        // Whether the previous token ends an operand: then `%` and `&` are operators,
        // otherwise they may start a binary / `&H` hexadecimal literal.
        let after_operand = matches!(
            toks.last().map(|t| &t.kind),
            Some(
                Tok::Ident(_) | Tok::Num(_) | Tok::Str(_) | Tok::Dollar | Tok::Punct(Punct::RParen)
            )
        );
        let next = chars.get(i + 1).copied();
        let push = |toks: &mut Vec<Token>, kind| toks.push(Token { kind, col });

        if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_alphanumeric() {
                i += 1;
            }
            let text: String = chars[start..i].iter().collect();
            let n = number_value(&text).map_err(|e| match e {
                NumberError::TooLarge => too_large(col, &text),
                NumberError::Invalid => LexError {
                    col,
                    message: format!("invalid number `{text}`"),
                },
            })?;
            push(&mut toks, Tok::Num(n));
            continue;
        }
        if c == '$' || c == '#' {
            if next.is_some_and(|n| n.is_ascii_hexdigit()) {
                let start = i;
                let (n, len) = radix_run(&chars[i + 1..], 16);
                i += 1 + len;
                if chars.get(i).is_some_and(|c| is_ident_char(*c)) {
                    return Err(LexError {
                        col,
                        message: "invalid hexadecimal number".into(),
                    });
                }
                let n =
                    n.ok_or_else(|| too_large(col, &chars[start..i].iter().collect::<String>()))?;
                push(&mut toks, Tok::Num(n));
                continue;
            }
            if c == '$' {
                push(&mut toks, Tok::Dollar);
                i += 1;
                continue;
            }
            return Err(LexError {
                col,
                message: "`#` must start a hexadecimal number such as #FF".into(),
            });
        }
        if c == '%' && !after_operand && matches!(next, Some('0' | '1')) {
            let start = i;
            let (n, len) = radix_run(&chars[i + 1..], 2);
            i += 1 + len;
            let n = n.ok_or_else(|| too_large(col, &chars[start..i].iter().collect::<String>()))?;
            push(&mut toks, Tok::Num(n));
            continue;
        }
        if c == '&'
            && !after_operand
            && matches!(next, Some('h' | 'H'))
            && chars.get(i + 2).is_some_and(|c| c.is_ascii_hexdigit())
        {
            let start = i;
            let (n, len) = radix_run(&chars[i + 2..], 16);
            i += 2 + len;
            let n = n.ok_or_else(|| too_large(col, &chars[start..i].iter().collect::<String>()))?;
            push(&mut toks, Tok::Num(n));
            continue;
        }
        if is_ident_start(c) {
            let start = i;
            while i < chars.len() && is_ident_char(chars[i]) {
                i += 1;
            }
            let mut text: String = chars[start..i].iter().collect();
            // The shadow register pair is written `AF'`; the quote is part of the name.
            if text.eq_ignore_ascii_case("af") && chars.get(i) == Some(&'\'') {
                text.push('\'');
                i += 1;
            }
            push(&mut toks, Tok::Ident(text));
            continue;
        }
        if c == '\'' || c == '"' {
            let (bytes, len) =
                lex_string(&chars[i..]).map_err(|message| LexError { col, message })?;
            i += len;
            push(&mut toks, Tok::Str(bytes));
            continue;
        }
        let rest: String = chars[i..chars.len().min(i + 2)].iter().collect();
        match PUNCTS.iter().find(|(p, _)| rest.starts_with(p)) {
            Some((p, kind)) => {
                push(&mut toks, Tok::Punct(*kind));
                i += p.len();
            }
            None => {
                return Err(LexError {
                    col,
                    message: format!("unexpected character `{c}`"),
                })
            }
        }
    }
    Ok(toks)
}

/// Reads digits of `radix` (and `_` separators); returns the value (`None` when it does
/// not fit in 64 bits) and the length consumed.
fn radix_run(chars: &[char], radix: u32) -> (Option<i64>, usize) {
    let mut n: Option<i64> = Some(0);
    let mut len = 0;
    for &c in chars {
        if let Some(d) = c.to_digit(radix) {
            n = n
                .and_then(|n| n.checked_mul(radix as i64))
                .and_then(|n| n.checked_add(d as i64));
        } else if c != '_' {
            break;
        }
        len += 1;
    }
    (n, len)
}

/// The error for a literal whose value does not fit in the assembler's numbers.
fn too_large(col: u32, text: &str) -> LexError {
    LexError {
        col,
        message: format!(
            "number `{text}` is too large: numbers are 64-bit signed, at most 7FFFFFFFFFFFFFFFh"
        ),
    }
}

/// Why a literal that starts with a digit is not a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberError {
    /// A character that is not a digit of the literal's radix, or no digits.
    Invalid,
    /// More than 64 bits (signed).
    TooLarge,
}

/// A literal that starts with a digit: `255`, `0FFh`, `0xFF`, `0b1010`, `1010b`, `17o`, `17q`, `99d`.
pub fn number_value(text: &str) -> Result<i64, NumberError> {
    let t = text.to_ascii_lowercase().replace('_', "");
    let digits = |s: &str, radix| -> Result<i64, NumberError> {
        if s.is_empty() || !s.chars().all(|c| c.is_digit(radix)) {
            return Err(NumberError::Invalid);
        }
        let mut n: i64 = 0;
        for c in s.chars() {
            n = n
                .checked_mul(radix as i64)
                .and_then(|n| n.checked_add(c.to_digit(radix).unwrap_or(0) as i64))
                .ok_or(NumberError::TooLarge)?;
        }
        Ok(n)
    };
    if let Some(h) = t.strip_suffix('h') {
        return digits(h, 16);
    }
    if let Some(h) = t.strip_prefix("0x") {
        return digits(h, 16);
    }
    if let Some(b) = t.strip_prefix("0b") {
        // Else perhaps a hexadecimal `0B1h`.
        match digits(b, 2) {
            Err(NumberError::Invalid) => {}
            result => return result,
        }
    }
    if let Some(b) = t.strip_suffix('b') {
        return digits(b, 2);
    }
    if let Some(o) = t.strip_suffix('o').or_else(|| t.strip_suffix('q')) {
        return digits(o, 8);
    }
    if let Some(d) = t.strip_suffix('d') {
        return digits(d, 10);
    }
    digits(&t, 10)
}

/// A quoted string starting at `chars[0]`. Single quotes: `''` is a quote, nothing else
/// is special. Double quotes: C escapes (`\n \r \t \a \0 \\ \" \' \xHH`).
fn lex_string(chars: &[char]) -> Result<(Vec<u8>, usize), String> {
    let quote = chars[0];
    let mut out = Vec::new();
    let mut i = 1;
    loop {
        let Some(&c) = chars.get(i) else {
            return Err("string not closed before the end of the line".into());
        };
        i += 1;
        if c == quote {
            if quote == '\'' && chars.get(i) == Some(&'\'') {
                out.push(b'\'');
                i += 1;
                continue;
            }
            return Ok((out, i));
        }
        if c == '\\' && quote == '"' {
            let Some(&e) = chars.get(i) else {
                return Err("string not closed before the end of the line".into());
            };
            i += 1;
            let b = match e {
                'n' => b'\n',
                'r' => b'\r',
                't' => b'\t',
                'a' => 7,
                '0' => 0,
                '\\' => b'\\',
                '"' => b'"',
                '\'' => b'\'',
                'x' | 'X' => {
                    // At most two digits: always fits.
                    let (n, len) = radix_run(&chars[i..chars.len().min(i + 2)], 16);
                    if len == 0 {
                        return Err("`\\x` must be followed by hexadecimal digits".into());
                    }
                    i += len;
                    n.unwrap_or(0) as u8
                }
                other => return Err(format!("unknown escape `\\{other}` in string")),
            };
            out.push(b);
            continue;
        }
        // Characters up to U+00FF stand for the byte of the same value (Latin-1),
        // so a file that is not UTF-8 (read as Latin-1) keeps its raw bytes.
        let Ok(b) = u8::try_from(c as u32) else {
            return Err(format!(
                "character `{c}` has no single-byte code; write its byte value instead"
            ));
        };
        out.push(b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<Tok> {
        lex_line(s).unwrap().into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn number_forms() {
        for s in [
            "255",
            "0FFh",
            "#FF",
            "$FF",
            "0xFF",
            "&HFF",
            "11111111b",
            "0b11111111",
            "%11111111",
            "377o",
            "377q",
            "255d",
            "0ffH",
        ] {
            assert_eq!(kinds(s), vec![Tok::Num(255)], "{s}");
        }
        assert_eq!(kinds("0bh"), vec![Tok::Num(11)]);
    }

    #[test]
    fn percent_and_amp_after_operand_are_operators() {
        assert_eq!(
            kinds("7%10"),
            vec![Tok::Num(7), Tok::Punct(Punct::Percent), Tok::Num(10)]
        );
        assert_eq!(
            kinds("x&hff"),
            vec![
                Tok::Ident("x".into()),
                Tok::Punct(Punct::Amp),
                Tok::Ident("hff".into())
            ]
        );
    }

    #[test]
    fn dollar_alone_is_current_address() {
        assert_eq!(
            kinds("$+2"),
            vec![Tok::Dollar, Tok::Punct(Punct::Plus), Tok::Num(2)]
        );
    }

    #[test]
    fn strings_and_af_shadow() {
        assert_eq!(kinds("'it''s'"), vec![Tok::Str(b"it's".to_vec())]);
        assert_eq!(kinds(r#""a\n\x41""#), vec![Tok::Str(b"a\nA".to_vec())]);
        assert_eq!(
            kinds("ex af,af'"),
            vec![
                Tok::Ident("ex".into()),
                Tok::Ident("af".into()),
                Tok::Punct(Punct::Comma),
                Tok::Ident("af'".into())
            ]
        );
    }

    #[test]
    fn comment_and_columns() {
        let t = lex_line("  ld a,1 ; x").unwrap();
        assert_eq!(t.len(), 4);
        assert_eq!(t[0].col, 3);
        assert_eq!(t[3].col, 8);
    }

    #[test]
    fn errors_name_the_column() {
        assert_eq!(lex_line(" db \"abc").unwrap_err().col, 5);
        assert_eq!(lex_line(" ld a,`").unwrap_err().col, 7);
        assert!(lex_line(" ld a,12x").is_err());
    }
}
