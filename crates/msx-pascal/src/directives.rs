//! Compiler directives: `{$I file}` includes and the `{$A±}`, `{$I±}`, `{$R±}` … switches.
//!
//! This layer sits between the lexer and the parser. It lexes the main file, splices the
//! tokens of every included file in place of its `{$I name}` directive, and turns switch
//! directives into [`TokenKind::Switch`] tokens. The parser keeps the current [`Switches`] as
//! it reads and stamps them on the routines and statements they govern, so `{$A-}` before a
//! procedure makes that procedure recursive, and `{$I-}` around a `Reset` turns off its I/O
//! check — exactly where the programmer put them.

use crate::diagnostics::Diagnostics;
use crate::lexer::{lex, Token, TokenKind};
use crate::source::{FileId, FileProvider, SourceMap, Span};

/// How deep `{$I}` files may include further files (TP 3.3 allows 4; we are generous).
const MAX_INCLUDE_DEPTH: usize = 8;

/// How many files one compilation may read, counting repeated includes: files that include
/// each other several times could otherwise multiply into millions of copies.
const MAX_FILES: usize = 256;

/// The compiler switches in effect at a point of the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switches {
    /// `{$A-}`: routines compiled now may call themselves (default `{$A+}`: static locals).
    pub recursive: bool,
    /// `{$I+}` (default): an I/O error stops the program; with `{$I-}` it sets `IOResult`.
    pub io_check: bool,
    /// `{$R+}`: index and subrange assignments are checked at run time (default off).
    pub range_check: bool,
    /// `{$V+}` (default): a string passed as `var` must have the parameter's exact length.
    pub strict_var_strings: bool,
    /// `{$C+}` (default): ^C and ^S are honoured during console I/O.
    pub ctrl_c: bool,
    /// `{$U+}`: ^C interrupts the program anywhere (default off).
    pub user_interrupt: bool,
    /// `{$B+}` (default): standard input is CON (line edited); `{$B-}` is TRM.
    pub console_input: bool,
}

impl Default for Switches {
    fn default() -> Switches {
        Switches {
            recursive: false,
            io_check: true,
            range_check: false,
            strict_var_strings: true,
            ctrl_c: true,
            user_interrupt: false,
            console_input: true,
        }
    }
}

/// One switch set on or off by a directive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwitchChange {
    pub letter: char,
    pub on: bool,
}

/// Switch letters: which field each sets. `A` is inverted: `{$A-}` means recursive.
/// Sets one field of [`Switches`].
type Setter = fn(&mut Switches, bool);

const SWITCHES: &[(char, Setter)] = &[
    ('A', |s, on| s.recursive = !on),
    ('I', |s, on| s.io_check = on),
    ('R', |s, on| s.range_check = on),
    ('V', |s, on| s.strict_var_strings = on),
    ('C', |s, on| s.ctrl_c = on),
    ('U', |s, on| s.user_interrupt = on),
    ('B', |s, on| s.console_input = on),
];

/// TP3 directives we accept and ignore, because they only tune the original compiler
/// (`{$K}` stack check on other systems, `{$W}` WITH depth, `{$X}` array optimisation).
const IGNORED: &[char] = &['K', 'W', 'X'];

impl Switches {
    pub fn apply(&mut self, change: SwitchChange) {
        if let Some((_, set)) = SWITCHES.iter().find(|(l, _)| *l == change.letter) {
            set(self, change.on);
        }
    }
}

/// Lexes `main` and everything it includes into one token stream ending in `Eof`.
pub fn expand(
    main: FileId,
    sources: &mut SourceMap,
    files: &dyn FileProvider,
    diags: &mut Diagnostics,
) -> Vec<Token> {
    let mut out = Vec::new();
    let mut stack = vec![main];
    expand_file(main, sources, files, diags, &mut stack, &mut out);
    let end = sources.file(main).map_or(0, |f| f.text.len());
    out.push(Token {
        kind: TokenKind::Eof,
        span: Span::new(main, end, end),
    });
    out
}

fn expand_file(
    file: FileId,
    sources: &mut SourceMap,
    files: &dyn FileProvider,
    diags: &mut Diagnostics,
    stack: &mut Vec<FileId>,
    out: &mut Vec<Token>,
) {
    let text = sources
        .file(file)
        .map(|f| f.text.clone())
        .unwrap_or_default();
    for token in lex(file, &text, diags) {
        match token.kind {
            TokenKind::Eof => break,
            TokenKind::Directive(ref body) => {
                for item in parse_items(body) {
                    match item {
                        Item::Switch(change) => out.push(Token {
                            kind: TokenKind::Switch(change),
                            span: token.span,
                        }),
                        Item::Include(name) => {
                            include(&name, token.span, sources, files, diags, stack, out)
                        }
                        Item::Ignored => {}
                        Item::Unknown(text) => diags.warning(
                            token.span,
                            format!("unknown directive `{{${text}}}` is ignored"),
                        ),
                    }
                }
            }
            _ => out.push(token),
        }
    }
}

fn include(
    name: &str,
    at: Span,
    sources: &mut SourceMap,
    files: &dyn FileProvider,
    diags: &mut Diagnostics,
    stack: &mut Vec<FileId>,
    out: &mut Vec<Token>,
) {
    if name.is_empty() {
        diags.error(at, "`{$I}` needs a file name");
        return;
    }
    if stack.len() > MAX_INCLUDE_DEPTH {
        diags.error(
            at,
            format!("include files nested more than {MAX_INCLUDE_DEPTH} deep"),
        );
        return;
    }
    if sources.files().len() >= MAX_FILES {
        diags.error(at, format!("more than {MAX_FILES} include files"));
        return;
    }
    let including = stack
        .last()
        .and_then(|&f| sources.file(f))
        .map(|f| f.name.clone());
    let mut found = None;
    let mut first_error = None;
    for candidate in include_candidates(name, including.as_deref()) {
        match files.read(&candidate) {
            Ok(text) => {
                found = Some((candidate, text));
                break;
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    let Some((path, text)) = found else {
        let e = first_error.map_or_else(|| "no such file".to_string(), |e| e.to_string());
        diags.error(at, format!("cannot read include file `{name}`: {e}"));
        return;
    };
    let already_open = stack.iter().any(|&f| {
        sources
            .file(f)
            .is_some_and(|src| src.name.eq_ignore_ascii_case(&path))
    });
    if already_open {
        diags.error(at, format!("`{name}` includes itself"));
        return;
    }
    let id = sources.add_included(&path, text, at);
    stack.push(id);
    expand_file(id, sources, files, diags, stack, out);
    stack.pop();
}

/// The names under which the file of `{$I name}` is looked for, in order.
///
/// TP3 on MSX-DOS opens the name as written: `D:TYPES.INC` on drive D:, `..\SRC\X.PAS`
/// relative to the current directory. Here the drive is dropped and `\` read as a
/// directory separator, and the file is looked for in the directory of the file that
/// includes it, then in the main program's (the directory TP3 ran in, where programs
/// keep their includes). TP3 adds `.PAS` to a name without an extension.
fn include_candidates(name: &str, including: Option<&str>) -> Vec<String> {
    let mut name = name.replace('\\', "/");
    let bytes = name.as_bytes();
    if bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' {
        name.drain(..2);
    }
    let dir = including
        .and_then(|f| f.rfind('/').map(|i| &f[..i]))
        .unwrap_or("");
    let mut bases = vec![normalize_path(&format!("{dir}/{name}"))];
    if name.starts_with('/') {
        bases = vec![normalize_path(&name)];
    } else if !dir.is_empty() {
        bases.push(normalize_path(&name));
    }
    let has_extension = name
        .rsplit('/')
        .next()
        .is_some_and(|last| last.contains('.'));
    let mut out = Vec::new();
    for base in bases {
        if !out.contains(&base) {
            out.push(base.clone());
        }
        if !has_extension {
            out.push(format!("{base}.PAS"));
        }
    }
    out
}

/// `a/./b/../c` as `a/c`; a leading `..` that goes above the start is kept.
fn normalize_path(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." if parts.last().is_some_and(|p| *p != "..") => {
                parts.pop();
            }
            _ => parts.push(part),
        }
    }
    parts.join("/")
}

#[derive(Debug, PartialEq)]
enum Item {
    Switch(SwitchChange),
    Include(String),
    Ignored,
    Unknown(String),
}

/// Parses the text after `{$`: `A-`, `R+,I-`, `I file.inc`, `W2`.
fn parse_items(body: &str) -> Vec<Item> {
    let body = body.trim();
    let mut chars = body.chars();
    let Some(first) = chars.next() else {
        return vec![Item::Unknown(String::new())];
    };
    let letter = first.to_ascii_uppercase();
    let rest = chars.as_str();
    // `{$I name}`: an include, unless `I` is directly followed by `+`/`-`.
    if letter == 'I' && !rest.starts_with(['+', '-']) {
        return vec![Item::Include(rest.trim().to_string())];
    }
    // `{$R-,B+}`, and as some programs write them, `{$v- c- u-}`.
    body.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|item| !item.trim().is_empty())
        .map(|item| {
            let item = item.trim();
            let mut cs = item.chars();
            let letter = cs.next().map(|c| c.to_ascii_uppercase()).unwrap_or(' ');
            let arg = cs.as_str().trim();
            if SWITCHES.iter().any(|(l, _)| *l == letter) && (arg == "+" || arg == "-") {
                Item::Switch(SwitchChange {
                    letter,
                    on: arg == "+",
                })
            } else if IGNORED.contains(&letter) {
                Item::Ignored
            } else {
                Item::Unknown(item.to_string())
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::MemoryFiles;

    fn sw(letter: char, on: bool) -> Item {
        Item::Switch(SwitchChange { letter, on })
    }

    #[test]
    fn directive_items() {
        assert_eq!(parse_items("A-"), vec![sw('A', false)]);
        assert_eq!(parse_items("r+, i-"), vec![sw('R', true), sw('I', false)]);
        assert_eq!(
            parse_items("I mine.inc"),
            vec![Item::Include("mine.inc".into())]
        );
        assert_eq!(
            parse_items("Itime.inc "),
            vec![Item::Include("time.inc".into())]
        );
        assert_eq!(parse_items("W2"), vec![Item::Ignored]);
        assert_eq!(parse_items("Q+"), vec![Item::Unknown("Q+".into())]);
    }

    #[test]
    fn switch_state() {
        let mut s = Switches::default();
        s.apply(SwitchChange {
            letter: 'A',
            on: false,
        });
        s.apply(SwitchChange {
            letter: 'I',
            on: false,
        });
        assert!(s.recursive && !s.io_check);
    }

    fn expand_text(main: &str, files: &MemoryFiles) -> (Vec<TokenKind>, Diagnostics) {
        let mut map = SourceMap::new();
        let id = map.add("main.pas", main);
        let mut d = Diagnostics::new();
        let toks = expand(id, &mut map, files, &mut d);
        (toks.into_iter().map(|t| t.kind).collect(), d)
    }

    #[test]
    fn includes_are_spliced() {
        let files = MemoryFiles::new()
            .with("LIB.INC", "b {$R+}")
            .with("X.PAS", "c");
        let (toks, d) = expand_text("a {$I lib.inc} {$I x} d", &files);
        assert!(!d.has_errors());
        assert_eq!(
            toks,
            vec![
                TokenKind::Ident("a".into()),
                TokenKind::Ident("b".into()),
                TokenKind::Switch(SwitchChange {
                    letter: 'R',
                    on: true
                }),
                TokenKind::Ident("c".into()),
                TokenKind::Ident("d".into()),
                TokenKind::Eof
            ]
        );
    }

    #[test]
    fn include_explosions_are_stopped() {
        // Each level includes the next one ten times: 10^7 copies without a limit.
        let mut files = MemoryFiles::new();
        for level in 0..7 {
            let line = format!("{{$I l{}.inc}} ", level + 1);
            files.insert(&format!("l{level}.inc"), &line.repeat(10));
        }
        files.insert("l7.inc", "x");
        let (toks, d) = expand_text("{$I l0.inc}", &files);
        assert!(d
            .into_vec()
            .iter()
            .any(|d| d.message == "more than 256 include files"));
        assert!(toks.len() < 1000);
    }

    #[test]
    fn switches_may_be_separated_by_spaces() {
        assert_eq!(
            parse_items("v- c- u- a+ r-"),
            vec![
                sw('V', false),
                sw('C', false),
                sw('U', false),
                sw('A', true),
                sw('R', false)
            ]
        );
        assert_eq!(parse_items("I-,R+"), vec![sw('I', false), sw('R', true)]);
        assert_eq!(
            parse_items("c-,u-, a+ ,x+"),
            vec![sw('C', false), sw('U', false), sw('A', true), Item::Ignored]
        );
    }

    #[test]
    fn include_names_lose_their_drive_and_read_backslashes_as_directories() {
        assert_eq!(
            include_candidates("D:TYPES.INC", Some("main.pas")),
            vec!["TYPES.INC"]
        );
        assert_eq!(
            include_candidates("..\\src\\types.pas", Some("prog/main.pas")),
            vec!["src/types.pas", "../src/types.pas"]
        );
        assert_eq!(
            include_candidates("a:lib", Some("sub/x.inc")),
            vec!["sub/lib", "sub/lib.PAS", "lib", "lib.PAS"]
        );
    }

    #[test]
    fn includes_are_found_next_to_the_including_file() {
        let files = MemoryFiles::new()
            .with("SUB/ONE.INC", "b {$I c:two.inc} {$I \\three.inc}")
            .with("SUB/TWO.INC", "c")
            .with("SUB/THREE.INC", "wrong: `\\` is the top directory")
            .with("THREE.INC", "d");
        let (toks, d) = expand_text("a {$I d:sub\\one.inc} {$I b:Three.Inc}", &files);
        assert!(!d.has_errors(), "{:?}", d.into_vec());
        let names: Vec<_> = toks
            .iter()
            .filter_map(|t| match t {
                TokenKind::Ident(n) => Some(n.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(names, ["a", "b", "c", "d", "d"]);
    }

    #[test]
    fn a_control_z_ends_an_include_file() {
        let files = MemoryFiles::new().with("LIB.INC", "b\u{1a}\u{1a}garbage 'unclosed");
        let (toks, d) = expand_text("a {$I lib.inc} c\u{1a}{", &files);
        assert!(!d.has_errors(), "{:?}", d.into_vec());
        assert_eq!(toks.len(), 4); // a b c Eof
    }

    #[test]
    fn missing_and_recursive_includes_are_errors() {
        let files = MemoryFiles::new().with("SELF.INC", "{$I self.inc}");
        let (_, d) = expand_text("{$I nothere.inc} {$I self.inc} {$Z+}", &files);
        let msgs: Vec<_> = d.into_vec().into_iter().map(|d| d.message).collect();
        assert!(msgs[0].contains("cannot read include file `nothere.inc`"));
        assert!(msgs[1].contains("includes itself"));
        assert!(msgs[2].contains("unknown directive `{$Z+}`"));
    }
}
