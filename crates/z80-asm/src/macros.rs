//! MACRO and REPT: recording a body, and expanding it by substituting the
//! parameters (and the names declared LOCAL) in its text.

use std::collections::HashMap;
use std::rc::Rc;

use crate::lexer::{is_ident_char, is_ident_start, lex_line, Tok, Token};
use crate::pass::{Expansion, Line, Pass, Stmt, MAX_DEPTH};

/// A macro as defined by `name MACRO p1, p2` ... `ENDM`.
#[derive(Debug)]
pub struct Macro {
    pub name: String,
    pub params: Vec<String>,
    pub body: Vec<Line>,
}

/// The first word of a line after an optional label (lower case), for block matching.
fn block_word(text: &str) -> Option<String> {
    let toks = lex_line(text).ok()?;
    let idents: Vec<&str> = toks
        .iter()
        .take(3)
        .map(|t| match &t.kind {
            Tok::Ident(s) => s.as_str(),
            Tok::Punct(crate::lexer::Punct::Colon) => ":",
            _ => "",
        })
        .collect();
    let is_block = |w: &str| {
        let w = w.to_ascii_lowercase();
        matches!(w.as_str(), "macro" | "rept" | "endm").then_some(w)
    };
    match idents.as_slice() {
        [w, ..] if is_block(w).is_some() => is_block(w),
        [_, ":", w, ..] | [_, w, ..] => is_block(w),
        _ => None,
    }
}

/// Finds the ENDM that closes a block starting before `from`; returns its index.
fn find_endm(lines: &[Line], from: usize) -> Option<usize> {
    let mut depth = 0;
    for (i, l) in lines.iter().enumerate().skip(from) {
        match block_word(&l.text).as_deref() {
            Some("macro" | "rept") => depth += 1,
            Some("endm") if depth == 0 => return Some(i),
            Some("endm") => depth -= 1,
            _ => {}
        }
    }
    None
}

/// Replaces whole identifiers found in `map`, leaving strings and comments alone.
/// None when the result would be longer than `max` bytes.
fn substitute(text: &str, map: &HashMap<String, String>, max: usize) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == ';' {
            out.extend(&chars[i..]);
            break;
        }
        if c == '\'' || c == '"' {
            let start = i;
            i += 1;
            while i < chars.len() && chars[i] != c {
                if c == '"' && chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i = (i + 1).min(chars.len());
            out.extend(&chars[start..i]);
            continue;
        }
        if is_ident_start(c) {
            let start = i;
            while i < chars.len() && is_ident_char(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            match map.get(&word) {
                Some(r) => out.push_str(r),
                None => out.push_str(&word),
            }
            if out.len() > max {
                return None;
            }
            // `af'` is a register, not the start of a string.
            if word.eq_ignore_ascii_case("af") && chars.get(i) == Some(&'\'') {
                out.push('\'');
                i += 1;
            }
            continue;
        }
        if c.is_ascii_digit() || c == '$' || c == '#' {
            // Keep numbers like 0FFh whole, so that their letters are not taken as names.
            let start = i;
            i += 1;
            while i < chars.len() && chars[i].is_ascii_alphanumeric() {
                i += 1;
            }
            out.extend(&chars[start..i]);
            continue;
        }
        out.push(c);
        i += 1;
    }
    Some(out)
}

/// The raw text of macro arguments: split at top-level commas outside strings.
fn split_args(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth = 0;
    let mut quote: Option<char> = None;
    let mut prev = ' ';
    for c in text.chars() {
        match quote {
            Some(q) => {
                cur.push(c);
                if c == q {
                    quote = None;
                }
            }
            None => match c {
                ';' => break,
                '\'' if prev.eq_ignore_ascii_case(&'f')
                    && cur.to_ascii_lowercase().ends_with("af") =>
                {
                    cur.push(c)
                }
                '\'' | '"' => {
                    quote = Some(c);
                    cur.push(c);
                }
                '(' => {
                    depth += 1;
                    cur.push(c);
                }
                ')' => {
                    depth -= 1;
                    cur.push(c);
                }
                ',' if depth == 0 => out.push(std::mem::take(&mut cur).trim().to_string()),
                _ => cur.push(c),
            },
        }
        prev = c;
    }
    let last = cur.trim().to_string();
    if !last.is_empty() || !out.is_empty() {
        out.push(last);
    }
    out
}

fn ident_list(toks: &[Token]) -> Result<Vec<String>, (u32, String)> {
    crate::operand::split_commas(toks)
        .into_iter()
        .map(|p| match p {
            [Token {
                kind: Tok::Ident(n),
                ..
            }] => Ok(n.clone()),
            [t, ..] => Err((t.col, "expected a name".to_string())),
            [] => Err((0, "expected a name".to_string())),
        })
        .collect()
}

impl Pass<'_> {
    /// MACRO: records the body up to the matching ENDM; returns the index after it.
    pub(crate) fn define_macro(
        &mut self,
        line: &Line,
        st: &Stmt,
        lines: &[Line],
        next: usize,
    ) -> usize {
        let col = st.word.as_ref().map_or(1, |w| w.2);
        let Some(end) = find_endm(lines, next) else {
            self.error(line, col, "MACRO without ENDM");
            return lines.len();
        };
        let body = lines[next..end].to_vec();
        // `name MACRO a, b` or (pasmo) `MACRO name, a, b`.
        let (name, params) = match st.label {
            Some((n, _)) => (Some(n.to_string()), ident_list(st.args)),
            None => match ident_list(st.args) {
                Ok(mut v) if !v.is_empty() => {
                    let n = v.remove(0);
                    (Some(n), Ok(v))
                }
                other => (None, other),
            },
        };
        let Some(name) = name else {
            self.error(line, col, "MACRO needs a name");
            return end + 1;
        };
        let params = match params {
            Ok(p) => p,
            Err((c, m)) => {
                self.error(line, if c == 0 { col } else { c }, m);
                return end + 1;
            }
        };
        if self.is_reserved(&name) || crate::operand::keyword(&name).is_some() {
            self.error(
                line,
                col,
                format!("`{name}` is already an instruction, directive or macro"),
            );
            return end + 1;
        }
        self.macros
            .insert(name.clone(), Rc::new(Macro { name, params, body }));
        end + 1
    }

    /// REPT n ... ENDM: the body n times.
    pub(crate) fn rept(&mut self, line: &Line, st: &Stmt, lines: &[Line], next: usize) -> usize {
        let col = st.word.as_ref().map_or(1, |w| w.2);
        let Some(end) = find_endm(lines, next) else {
            self.error(line, col, "REPT without ENDM");
            return lines.len();
        };
        if let Some((name, lcol)) = st.label {
            self.define(line, name, lcol, self.pc, crate::SymbolKind::Label);
        }
        let body = Rc::new(Macro {
            name: "REPT".into(),
            params: Vec::new(),
            body: lines[next..end].to_vec(),
        });
        match self.eval_args(line, st.args, col) {
            Some(n) if (0..=0x10000).contains(&n) => {
                for _ in 0..n {
                    if self.ended || self.expand(line, &body, &[]) {
                        break;
                    }
                }
            }
            Some(n) => self.error(
                line,
                st.args[0].col,
                format!("repeat count {n} out of range (0..65536)"),
            ),
            None => {}
        }
        end + 1
    }

    /// A macro call: the arguments are the raw text after the macro name.
    pub(crate) fn expand_macro(&mut self, line: &Line, m: &Rc<Macro>, col: u32) {
        let after: String = line
            .text
            .chars()
            .skip(col as usize - 1 + m.name.chars().count())
            .collect();
        let args = split_args(&after);
        if args.len() > m.params.len() {
            self.error(
                line,
                col,
                format!(
                    "macro `{}` takes {} argument(s), found {}",
                    m.name,
                    m.params.len(),
                    args.len()
                ),
            );
            return;
        }
        self.expand(line, m, &args);
    }

    /// Runs one expansion; returns true when it had to stop (too deep).
    fn expand(&mut self, line: &Line, m: &Rc<Macro>, args: &[String]) -> bool {
        if self.depth >= MAX_DEPTH {
            // Stops the assembly: every other expansion of a runaway
            // recursion would end here too, each with the same error.
            self.abort(
                line,
                format!(
                    "macro `{}` nested more than {MAX_DEPTH} levels deep (does it call itself?)",
                    m.name
                ),
            );
            return true;
        }
        self.unique += 1;
        let mut map: HashMap<String, String> = HashMap::new();
        for (i, p) in m.params.iter().enumerate() {
            map.insert(p.clone(), args.get(i).cloned().unwrap_or_default());
        }
        // Names declared LOCAL get a name of their own in each expansion.
        for l in &m.body {
            if let Ok(toks) = lex_line(&l.text) {
                if let [Token {
                    kind: Tok::Ident(w),
                    ..
                }, rest @ ..] = toks.as_slice()
                {
                    if w.eq_ignore_ascii_case("local") {
                        for n in ident_list(rest).unwrap_or_default() {
                            let unique = format!("{n}?{}", self.unique);
                            map.insert(n, unique);
                        }
                    }
                }
            }
        }
        let exp = Rc::new(Expansion {
            name: m.name.clone(),
            file: line.file,
            line: line.line,
            parent: line.exp.clone(),
        });
        // The expansion costs a line of its own (an empty REPT body repeated
        // still costs work) and its substituted text, charged as it grows:
        // arguments passed on at each level can double its length.
        if !self.charge(line, 1, 0) {
            return true;
        }
        let mut lines: Vec<Line> = Vec::with_capacity(m.body.len());
        for l in &m.body {
            let left = self.text_left();
            let Some(text) = substitute(&l.text, &map, left as usize) else {
                // Over the limit: charging one more than is left says so.
                self.charge(line, 0, left + 1);
                return true;
            };
            if !self.charge(line, 0, text.len() as u64) {
                return true;
            }
            lines.push(Line {
                text: Rc::from(text),
                file: l.file,
                line: l.line,
                exp: Some(exp.clone()),
            });
        }
        self.depth += 1;
        self.run(&lines);
        self.depth -= 1;
        self.exit_macro = false;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substitution_respects_words_strings_and_numbers() {
        let mut m = HashMap::new();
        m.insert("x".to_string(), "(ix+1)".to_string());
        m.insert("h".to_string(), "WRONG".to_string());
        let sub = |t: &str| substitute(t, &m, 1000).unwrap();
        assert_eq!(sub(" ld a,x ; x"), " ld a,(ix+1) ; x");
        assert_eq!(sub(" db \"x\",'x',0FFh,xx"), " db \"x\",'x',0FFh,xx");
        assert_eq!(sub(" ex af,af' ; x"), " ex af,af' ; x");
        assert_eq!(substitute("x,x,x", &m, 12), None);
    }

    #[test]
    fn arguments_split_at_top_level_commas() {
        assert_eq!(
            split_args(" a, (ix+1) , \"x,y\" ; c"),
            vec!["a", "(ix+1)", "\"x,y\""]
        );
        assert_eq!(split_args("   "), Vec::<String>::new());
        assert_eq!(split_args(" af', 2"), vec!["af'", "2"]);
    }
}
