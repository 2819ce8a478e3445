//! The detokenizer: line bodies back to the text `LIST` prints.

use crate::charset;
use crate::error::{BinaryErrorKind, Error};
use crate::keywords::Keyword;
pub use crate::number::ListStyle;
use crate::number::Number;
use crate::program::{Program, TEXT_START};
use crate::tokens::{Token, Tokens};

/// Appends the listed form of a line body, as MSX bytes.
///
/// `pointer_target` resolves a line pointer (token 0x0D) to the number of
/// the line it points at.
pub fn list_body(
    body: &[u8],
    style: ListStyle,
    pointer_target: &dyn Fn(u16) -> Option<u16>,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    let line_start = out.len();
    let tokens = Tokens::new(body).collect::<Result<Vec<_>, _>>()?;
    for (index, &(at, token)) in tokens.iter().enumerate() {
        match token {
            Token::Keyword(k) => {
                // The ':' the cruncher put before ELSE is not listed.
                if k == Keyword::Else && out.len() > line_start && out.last() == Some(&b':') {
                    out.pop();
                }
                // `L?` is the name L and PRINT; listed as `LPRINT` it would
                // read back as LPRINT, and `EX?` as `EXPRINT` would read back
                // as EXP and RINT. After a letter or digit the round-trip form
                // keeps the `?`, which is always PRINT.
                if k == Keyword::Print
                    && style == ListStyle::RoundTrip
                    && out.len() > line_start
                    && out.last().is_some_and(u8::is_ascii_alphanumeric)
                {
                    out.push(b'?');
                    continue;
                }
                out.extend(k.spelling().bytes());
            }
            Token::Number(n) => {
                let mut text =
                    if style == ListStyle::RoundTrip && continues_number(&tokens[index + 1..]) {
                        n.list_with_suffix(style)
                    } else {
                        n.list(style)
                    };
                // A digit first in the body would be read as more of the
                // line number (`10 .` lists as `10 0!`, which reads back as
                // line 100), and right after another constant as more of
                // that one (`&H0` `0!`, `1E5` `0!`). Start such a constant
                // with its point instead.
                let first = tokens[..index]
                    .iter()
                    .all(|(_, t)| matches!(t, Token::Space(_)));
                let after_number = tokens[..index]
                    .iter()
                    .rev()
                    .find(|(_, t)| !matches!(t, Token::Space(_)))
                    .is_some_and(|(_, t)| matches!(t, Token::Number(_)));
                if style == ListStyle::RoundTrip
                    && (first || after_number)
                    && matches!(
                        n,
                        Number::Single(_) | Number::Double(_) | Number::Integer(0)
                    )
                    && text.starts_with(|c: char| c.is_ascii_digit())
                {
                    text = n.list_from_point(style);
                }
                out.extend(text.bytes());
            }
            Token::LineNumber(n) => out.extend(n.to_string().bytes()),
            Token::LinePointer(p) => {
                let n = pointer_target(p)
                    .ok_or_else(|| Error::binary(at, None, BinaryErrorKind::BadLinePointer(p)))?;
                out.extend(n.to_string().bytes());
            }
            Token::Str { text, closed } => {
                out.push(b'"');
                out.extend(text);
                if closed {
                    out.push(b'"');
                }
            }
            Token::Remark(t) | Token::Data(t) | Token::Space(t) | Token::Text(t) => out.extend(t),
            Token::Punct(c) => out.push(c),
        }
    }
    Ok(())
}

/// True when the text listed for `rest` starts (after blanks, which the
/// number reader skips) with a character that would extend a constant
/// listed just before it: `1%.5` or `1.5! E5` must keep their suffix.
fn continues_number(rest: &[(usize, Token<'_>)]) -> bool {
    let first = rest.iter().find_map(|(_, t)| match *t {
        Token::Space(_) => None,
        Token::Keyword(k) => k.spelling().bytes().next(),
        Token::Text(t) | Token::Data(t) | Token::Remark(t) => t.first().copied(),
        Token::Number(_) | Token::LineNumber(_) | Token::LinePointer(_) => Some(b'0'),
        Token::Str { .. } => Some(b'"'),
        Token::Punct(c) => Some(c),
    });
    first.is_some_and(|c| {
        c.is_ascii_digit() || matches!(c, b'.' | b'E' | b'e' | b'D' | b'd' | b'%' | b'!' | b'#')
    })
}

/// The whole listing as MSX bytes, each line ended by `eol`.
pub fn list_program_bytes(
    program: &Program,
    style: ListStyle,
    eol: &[u8],
) -> Result<Vec<u8>, Error> {
    // Line addresses, to resolve line pointers in hand-built programs.
    let mut addresses = Vec::with_capacity(program.lines.len());
    let mut address = TEXT_START;
    for line in &program.lines {
        addresses.push((address, line.number));
        address = address.wrapping_add((line.body.len() + 5) as u16);
    }
    let target = |p: u16| {
        addresses
            .iter()
            .find(|(a, _)| *a == p.wrapping_add(1))
            .map(|&(_, n)| n)
    };
    let mut out = Vec::new();
    for line in &program.lines {
        out.extend(line.number.to_string().bytes());
        // LIST always puts one space after the number, and reading a line
        // skips one, except after line number 0; so a round-trip listing
        // of line 0 leaves it out.
        if !(line.number == 0 && style == ListStyle::RoundTrip) {
            out.push(b' ');
        }
        list_body(&line.body, style, &target, &mut out).map_err(|e| match e {
            Error::Binary { offset, kind, .. } => Error::binary(offset, Some(line.number), kind),
            other => other,
        })?;
        out.extend(eol);
    }
    Ok(out)
}

/// The whole listing in UTF-8, one line per `\n`.
pub fn list_program(program: &Program, style: ListStyle) -> Result<String, Error> {
    Ok(charset::decode(&list_program_bytes(program, style, b"\n")?))
}
