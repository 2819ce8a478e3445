//! The detokenizer: line bodies back to the text `LIST` prints.

use crate::charset;
use crate::error::{BinaryErrorKind, Error};
use crate::keywords::Keyword;
pub use crate::number::ListStyle;
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
    for item in Tokens::new(body) {
        let (at, token) = item?;
        match token {
            Token::Keyword(k) => {
                // The ':' the cruncher put before ELSE is not listed.
                if k == Keyword::Else && out.len() > line_start && out.last() == Some(&b':') {
                    out.pop();
                }
                out.extend(k.spelling().bytes());
            }
            Token::Number(n) => out.extend(n.list(style).bytes()),
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
        out.push(b' ');
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
