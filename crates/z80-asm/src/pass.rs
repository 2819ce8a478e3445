//! One pass over the source: reads lines, keeps the location counters and the
//! symbol table, and hands statements to the instruction encoder or to the
//! directives. The driver in `lib.rs` repeats passes until every symbol keeps
//! its value from one pass to the next, then keeps the last pass's output.

use std::collections::HashMap;
use std::rc::Rc;

use crate::encode;
use crate::expr::{self, Env, EvalError};
use crate::lexer::{lex_line, Punct, Tok, Token};
use crate::macros::Macro;
use crate::operand::{self, keyword};
use crate::source::{FileId, Sources};
use crate::{LineMapEntry, ListingLine, Options, SymbolKind};

/// One line to assemble: from a file, or from a macro expansion.
#[derive(Clone, Debug)]
pub struct Line {
    pub text: Rc<str>,
    pub file: FileId,
    pub line: u32,
    pub exp: Option<Rc<Expansion>>,
}

/// Where a macro expansion came from (for the notes of its errors).
#[derive(Debug)]
pub struct Expansion {
    pub name: String,
    pub file: FileId,
    pub line: u32,
    pub parent: Option<Rc<Expansion>>,
}

/// A symbol as the passes see it.
#[derive(Clone, Debug, PartialEq)]
pub struct Sym {
    pub value: i64,
    pub kind: SymbolKind,
    pub file: FileId,
    pub line: u32,
}

/// An error before it is given its file name and source text.
#[derive(Clone, Debug)]
pub struct RawDiag {
    pub file: FileId,
    pub line: u32,
    pub col: u32,
    pub message: String,
    pub notes: Vec<String>,
    pub text: Rc<str>,
}

/// An open IF block.
struct Cond {
    /// Whether the lines around the IF are assembled.
    parent: bool,
    /// Whether the current branch is assembled.
    active: bool,
    /// Whether a branch has already been taken (ELSE/ELSEIF then stay off).
    taken: bool,
    in_else: bool,
    file: FileId,
    line: u32,
    text: Rc<str>,
}

/// A statement split into its parts.
pub struct Stmt<'t> {
    pub label: Option<(&'t str, u32)>,
    /// The instruction, directive or macro name, lower case, and its column.
    pub word: Option<(String, &'t str, u32)>,
    pub args: &'t [Token],
}

/// Directives whose label is the thing they define (rather than an address).
const LABEL_DIRECTIVES: &[&str] = &["equ", "defl", "macro"];

/// Every directive name (lower case).
pub const DIRECTIVES: &[&str] = &[
    "org", "equ", "defl", "db", "defb", "defm", "dw", "defw", "ds", "defs", "align", "phase",
    "dephase", ".phase", ".dephase", "include", "incbin", "if", "ifdef", "ifndef", "else",
    "elseif", "endif", "macro", "endm", "exitm", "local", "rept", "assert", "end",
];

const CONDITIONALS: &[&str] = &["if", "ifdef", "ifndef", "else", "elseif", "endif"];

/// Deepest nesting of includes and macro expansions (stops runaway recursion).
pub const MAX_DEPTH: usize = 64;

/// What one pass may cost at most. Nesting depth alone does not bound the work:
/// a macro that calls itself twice expands 2^64 times within 64 levels, and
/// three nested `REPT 1000` assemble 10^9 lines. These limits are far above any
/// real program (the largest sources assembled here, the compilers' runtimes,
/// take a few ten thousand lines and one 64 KB image) and keep a hostile or
/// mistaken input to seconds and tens of megabytes.
pub mod limits {
    /// Lines assembled in one pass, counting every line of every expansion
    /// (and every macro or REPT expansion itself, so empty bodies count too).
    pub const LINES: u64 = 1_000_000;
    /// Characters of source text in one pass, counting expanded lines (their
    /// substituted text: arguments can double at each level of a macro).
    pub const TEXT: u64 = 64 << 20;
    /// Bytes emitted in one pass. An image has 64 KB; more than that already
    /// overwrites or runs past the end of memory, both errors.
    pub const BYTES: u64 = 1 << 20;
    /// Error messages kept per pass; the others are only counted.
    pub const ERRORS: usize = 500;
}

/// What a pass has spent of [`limits`].
#[derive(Default)]
struct Spent {
    lines: u64,
    text: u64,
    bytes: u64,
}

pub struct Pass<'a> {
    pub opts: &'a Options,
    pub src: &'a mut Sources,
    prev: &'a HashMap<String, Sym>,
    pub syms: HashMap<String, Sym>,
    /// Logical address: what `$` and labels see.
    pub pc: i64,
    /// Physical address: where bytes are stored (differs inside PHASE).
    pub phys: i64,
    pub phased: bool,
    /// Address of the statement being assembled.
    here: i64,
    pub image: Vec<u8>,
    pub used: Vec<bool>,
    overflowed: bool,
    pub diags: Vec<RawDiag>,
    conds: Vec<Cond>,
    pub macros: HashMap<String, Rc<Macro>>,
    /// The last global label, which scopes `.local` labels.
    global: String,
    pub listing: Vec<ListingLine>,
    pub line_map: Vec<LineMapEntry>,
    line_bytes: Vec<u8>,
    pub ended: bool,
    pub exit_macro: bool,
    pub entry: Option<i64>,
    pub depth: usize,
    pub unique: u32,
    spent: Spent,
    /// Errors beyond [`limits::ERRORS`], counted but not kept.
    pub errors_dropped: u64,
    /// Set when a limit is reached: the pass stops, and so does the assembly.
    pub aborted: bool,
}

impl Env for Pass<'_> {
    fn lookup(&self, name: &str) -> Option<i64> {
        self.syms
            .get(name)
            .or_else(|| self.prev.get(name))
            .map(|s| s.value)
    }
    fn here(&self) -> i64 {
        self.here
    }
}

impl<'a> Pass<'a> {
    pub fn new(opts: &'a Options, src: &'a mut Sources, prev: &'a HashMap<String, Sym>) -> Self {
        let mut syms = HashMap::new();
        for (name, value) in &opts.defines {
            syms.insert(
                name.clone(),
                Sym {
                    value: *value,
                    kind: SymbolKind::Equ,
                    file: 0,
                    line: 0,
                },
            );
        }
        Pass {
            opts,
            src,
            prev,
            syms,
            pc: 0,
            phys: 0,
            phased: false,
            here: 0,
            image: vec![0; 0x10000],
            used: vec![false; 0x10000],
            overflowed: false,
            diags: Vec::new(),
            conds: Vec::new(),
            macros: HashMap::new(),
            global: String::new(),
            listing: Vec::new(),
            line_map: Vec::new(),
            line_bytes: Vec::new(),
            ended: false,
            exit_macro: false,
            entry: None,
            depth: 0,
            unique: 0,
            spent: Spent::default(),
            errors_dropped: 0,
            aborted: false,
        }
    }

    pub fn error(&mut self, line: &Line, col: u32, message: impl Into<String>) {
        if self.aborted {
            return;
        }
        // Not a stop: the errors of a first pass are mostly forward
        // references that later passes resolve. The work is bounded by the
        // other limits; this bounds what is kept.
        if self.diags.len() >= limits::ERRORS {
            self.errors_dropped += 1;
            return;
        }
        let notes = expansion_notes(self.src, line);
        self.diags.push(RawDiag {
            file: line.file,
            line: line.line,
            col,
            message: message.into(),
            notes,
            text: line.text.clone(),
        });
    }

    /// Stops the assembly at `line` with a last error saying why.
    pub(crate) fn abort(&mut self, line: &Line, message: String) {
        if self.aborted {
            return;
        }
        let notes = expansion_notes(self.src, line);
        self.diags.push(RawDiag {
            file: line.file,
            line: line.line,
            col: 1,
            message,
            notes,
            text: line.text.clone(),
        });
        self.aborted = true;
        self.ended = true;
    }

    /// Charges `lines` lines and `text` characters to this pass; on going over
    /// a limit, stops the assembly at `line` and returns false.
    pub fn charge(&mut self, line: &Line, lines: u64, text: u64) -> bool {
        if self.aborted {
            return false;
        }
        self.spent.lines += lines;
        self.spent.text += text;
        let over = if self.spent.lines > limits::LINES {
            Some(format!(
                "more than {} lines to assemble (counting every line of every macro, REPT \
                 and INCLUDE expansion); is a macro or an include recursive?",
                limits::LINES
            ))
        } else if self.spent.text > limits::TEXT {
            Some(format!(
                "more than {} MiB of source text to assemble (counting macro expansions); \
                 do macro arguments grow at each level?",
                limits::TEXT >> 20
            ))
        } else {
            None
        };
        match over {
            Some(m) => {
                self.abort(line, m);
                false
            }
            None => true,
        }
    }

    /// Characters of source text this pass may still assemble.
    pub fn text_left(&self) -> u64 {
        limits::TEXT.saturating_sub(self.spent.text)
    }

    fn active(&self) -> bool {
        self.conds.last().is_none_or(|c| c.active)
    }

    /// The full name of a symbol as written here: `.x` belongs to the last global label.
    pub fn qualify(&self, name: &str) -> String {
        qualify(&self.global, name)
    }

    pub fn is_reserved(&self, name: &str) -> bool {
        let lower = name.to_ascii_lowercase();
        crate::table::is_mnemonic(&lower)
            || DIRECTIVES.contains(&lower.as_str())
            || self.macros.contains_key(name)
    }

    /// Assembles all lines of a file.
    pub fn run_file(&mut self, file: FileId) {
        let lines: Vec<Line> = self
            .src
            .file(file)
            .lines
            .iter()
            .enumerate()
            .map(|(i, t)| Line {
                text: t.clone(),
                file,
                line: i as u32 + 1,
                exp: None,
            })
            .collect();
        self.run(&lines);
    }

    /// Assembles a block of lines (a file or a macro body). IF blocks must close inside it.
    pub fn run(&mut self, lines: &[Line]) {
        let base = self.conds.len();
        let mut i = 0;
        while i < lines.len() && !self.ended && !self.exit_macro {
            let line = &lines[i];
            i += 1;
            if !self.charge(line, 1, line.text.len() as u64) {
                break;
            }
            let list_at = self.listing.len();
            self.listing.push(ListingLine {
                file: line.file,
                line: line.line,
                addr: None,
                bytes: Vec::new(),
                text: line.text.to_string(),
                expanded: line.exp.is_some(),
            });
            let toks = match lex_line(&line.text) {
                Ok(t) => t,
                Err(e) => {
                    if self.active() {
                        self.error(line, e.col, e.message);
                    }
                    continue;
                }
            };
            let st = match self.split(&toks) {
                Ok(st) => st,
                Err((col, msg)) => {
                    if self.active() {
                        self.error(line, col, msg);
                    }
                    continue;
                }
            };
            let word = st.word.as_ref().map(|w| w.0.clone());
            if let Some(w) = word.as_deref().filter(|w| CONDITIONALS.contains(w)) {
                self.conditional(line, w, &st);
                continue;
            }
            if !self.active() {
                continue;
            }
            self.here = self.pc;
            self.listing[list_at].addr = Some(self.pc as u16);
            let start_pc = self.pc;
            match word.as_deref() {
                Some("macro") => i = self.define_macro(line, &st, lines, i),
                Some("rept") => i = self.rept(line, &st, lines, i),
                _ => self.statement(line, &st),
            }
            let bytes = std::mem::take(&mut self.line_bytes);
            if !bytes.is_empty() {
                self.line_map.push(LineMapEntry {
                    addr: start_pc as u16,
                    len: bytes.len().min(0xFFFF) as u16,
                    file: line.file,
                    line: line.line,
                });
            }
            self.listing[list_at].bytes = bytes;
        }
        // EXITM may leave IF blocks of the macro body open: they end with it.
        if self.exit_macro || self.ended {
            self.conds.truncate(base);
        }
        while self.conds.len() > base {
            let c = self.conds.pop().expect("length checked");
            let l = Line {
                text: c.text,
                file: c.file,
                line: c.line,
                exp: None,
            };
            self.error(&l, 1, "IF without ENDIF");
        }
    }

    /// Finds the label, the statement word and its arguments.
    fn split<'t>(&self, toks: &'t [Token]) -> Result<Stmt<'t>, (u32, String)> {
        let mut label = None;
        let mut rest = toks;
        match toks {
            [Token {
                kind: Tok::Ident(n),
                col,
            }, Token {
                kind: Tok::Punct(Punct::Colon),
                ..
            }, ..] => {
                label = Some((n.as_str(), *col));
                rest = &toks[2..];
            }
            [Token {
                kind: Tok::Ident(n),
                col,
            }, second, ..]
                if match &second.kind {
                    Tok::Ident(w) => LABEL_DIRECTIVES.contains(&w.to_ascii_lowercase().as_str()),
                    Tok::Punct(Punct::Eq) => true,
                    _ => false,
                } =>
            {
                label = Some((n.as_str(), *col));
                rest = &toks[1..];
            }
            [Token {
                kind: Tok::Ident(n),
                col: 1,
            }, ..]
                if !self.is_reserved(n) =>
            {
                label = Some((n.as_str(), 1));
                rest = &toks[1..];
            }
            _ => {}
        }
        let word = match rest.first() {
            None => None,
            Some(Token {
                kind: Tok::Ident(w),
                col,
            }) => Some((w.to_ascii_lowercase(), w.as_str(), *col)),
            Some(Token {
                kind: Tok::Punct(Punct::Eq),
                col,
            }) => Some(("=".to_string(), "=", *col)),
            Some(t) => {
                return Err((
                    t.col,
                    format!("expected an instruction or directive, found {}", t.kind),
                ))
            }
        };
        let args = if word.is_some() { &rest[1..] } else { rest };
        Ok(Stmt { label, word, args })
    }

    fn statement(&mut self, line: &Line, st: &Stmt) {
        let word = st.word.as_ref().map(|w| w.0.as_str());
        if let Some(w @ ("equ" | "=" | "defl")) = word {
            let kind = if w == "equ" {
                SymbolKind::Equ
            } else {
                SymbolKind::Defl
            };
            self.assign(line, st, kind);
            return;
        }
        if let Some((name, col)) = st.label {
            self.define(line, name, col, self.pc, SymbolKind::Label);
        }
        let Some((lower, orig, col)) = &st.word else {
            return;
        };
        if DIRECTIVES.contains(&lower.as_str()) {
            self.directive(line, lower, *col, st.args);
        } else if let Some(m) = self.macros.get(*orig).cloned() {
            self.expand_macro(line, &m, *col);
        } else if crate::table::is_mnemonic(lower) {
            self.instruction(line, orig, *col, st.args);
        } else {
            let hint = if *col > 1 && st.label.is_none() && st.args.is_empty() {
                " (a label that does not start in column 1 needs a colon)"
            } else {
                ""
            };
            self.error(
                line,
                *col,
                format!("unknown instruction, directive or macro `{orig}`{hint}"),
            );
        }
    }

    fn instruction(&mut self, line: &Line, mnemonic: &str, col: u32, args: &[Token]) {
        let end = line.text.chars().count() as u32 + 1;
        let global = self.global.clone();
        let q = |n: &str| qualify(&global, n);
        let mut ops = Vec::new();
        for part in operand::split_commas(args) {
            let part_end = end_of(part, args, end);
            match operand::parse_operand(part, part_end, &q) {
                Ok(op) => ops.push(op),
                Err(e) => {
                    self.error(line, e.col, e.message);
                    return;
                }
            }
        }
        match encode::encode(mnemonic, col, &ops, self, self.pc) {
            Ok(enc) => {
                for p in enc.problems {
                    self.error(line, p.col, p.message);
                }
                self.emit(line, &enc.bytes);
            }
            Err(p) => self.error(line, p.col, p.message),
        }
    }

    /// Defines a symbol, reporting a second definition in the same pass.
    pub fn define(&mut self, line: &Line, name: &str, col: u32, value: i64, kind: SymbolKind) {
        if keyword(name).is_some() {
            self.error(
                line,
                col,
                format!("`{name}` is a register or condition name and cannot be a symbol"),
            );
            return;
        }
        let full = self.qualify(name);
        // Names made unique by LOCAL (`x?3`) do not open a scope for `.local` labels.
        if kind == SymbolKind::Label && !name.starts_with('.') && !name.contains('?') {
            self.global = full.clone();
        }
        if let Some(old) = self.syms.get(&full) {
            let both_defl = old.kind == SymbolKind::Defl && kind == SymbolKind::Defl;
            if !both_defl {
                let msg = if old.line == 0 {
                    format!("`{full}` is already defined by the options")
                } else {
                    format!(
                        "`{full}` is already defined at {}:{}",
                        self.src.file(old.file).name,
                        old.line
                    )
                };
                self.error(line, col, msg);
                return;
            }
        }
        self.syms.insert(
            full,
            Sym {
                value,
                kind,
                file: line.file,
                line: line.line,
            },
        );
    }

    /// `name EQU expr`, `name = expr`, `name DEFL expr`.
    fn assign(&mut self, line: &Line, st: &Stmt, kind: SymbolKind) {
        let (_, orig, col) = st.word.as_ref().expect("called with a word");
        let Some((name, lcol)) = st.label else {
            self.error(
                line,
                *col,
                format!("`{orig}` needs a symbol name before it"),
            );
            return;
        };
        if let Some(v) = self.eval_args(line, st.args, *col) {
            self.define(line, name, lcol, v, kind);
        }
    }

    /// Parses and evaluates one expression; reports problems and returns None.
    pub fn eval_args(&mut self, line: &Line, toks: &[Token], col: u32) -> Option<i64> {
        if toks.is_empty() {
            self.error(line, col, "expected an expression");
            return None;
        }
        let end = line.text.chars().count() as u32 + 1;
        let global = self.global.clone();
        let e = match expr::parse(toks, end, &|n| qualify(&global, n)) {
            Ok(e) => e,
            Err(e) => {
                self.error(line, e.col, e.message);
                return None;
            }
        };
        match expr::eval(&e, self) {
            Ok(v) => Some(v),
            Err(EvalError::Undefined { name, col }) => {
                self.error(line, col, format!("undefined symbol `{name}`"));
                None
            }
            Err(EvalError::DivByZero) => {
                self.error(line, toks[0].col, "division by zero");
                None
            }
        }
    }

    /// Stores bytes at the physical address and advances both counters.
    pub fn emit(&mut self, line: &Line, bytes: &[u8]) {
        if self.aborted {
            return;
        }
        self.spent.bytes += bytes.len() as u64;
        if self.spent.bytes > limits::BYTES {
            self.abort(
                line,
                format!(
                    "more than {} KiB of output (a program has 64 KiB of address space)",
                    limits::BYTES >> 10
                ),
            );
            return;
        }
        let mut overlap = None;
        for &b in bytes {
            if self.phys > 0xFFFF || self.phys < 0 {
                if !self.overflowed {
                    self.overflowed = true;
                    self.error(line, 1, "code goes past the end of memory (FFFFh)");
                }
            } else {
                let a = self.phys as usize;
                if self.used[a] && overlap.is_none() {
                    overlap = Some(a);
                }
                self.image[a] = b;
                self.used[a] = true;
            }
            self.phys += 1;
        }
        if let Some(a) = overlap {
            self.error(
                line,
                1,
                format!(
                    "overwrites bytes already assembled at {}",
                    crate::disasm::hex16(a as u16)
                ),
            );
        }
        self.pc += bytes.len() as i64;
        self.line_bytes.extend_from_slice(bytes);
    }

    fn conditional(&mut self, line: &Line, word: &str, st: &Stmt) {
        let col = st.word.as_ref().map_or(1, |w| w.2);
        let active = self.active();
        match word {
            "if" | "ifdef" | "ifndef" => {
                let truth = if !active {
                    false
                } else if word == "if" {
                    self.eval_args(line, st.args, col).is_some_and(|v| v != 0)
                } else {
                    let defined = match st.args {
                        [Token {
                            kind: Tok::Ident(n),
                            ..
                        }] => {
                            self.syms.contains_key(&self.qualify(n)) || self.macros.contains_key(n)
                        }
                        _ => {
                            self.error(line, col, format!("`{word}` needs one symbol name"));
                            false
                        }
                    };
                    defined == (word == "ifdef")
                };
                self.conds.push(Cond {
                    parent: active,
                    active: active && truth,
                    taken: truth || !active,
                    in_else: false,
                    file: line.file,
                    line: line.line,
                    text: line.text.clone(),
                });
            }
            "else" | "elseif" => {
                let Some(top) = self.conds.last() else {
                    self.error(line, col, format!("`{word}` without IF"));
                    return;
                };
                if top.in_else {
                    self.error(line, col, format!("`{word}` after ELSE"));
                    return;
                }
                let (parent, taken) = (top.parent, top.taken);
                let truth = if word == "else" {
                    !taken
                } else if taken {
                    false
                } else {
                    self.eval_args(line, st.args, col).is_some_and(|v| v != 0)
                };
                let top = self.conds.last_mut().expect("checked above");
                top.active = parent && truth;
                top.taken = taken || truth;
                top.in_else = word == "else";
            }
            _ => {
                if self.conds.pop().is_none() {
                    self.error(line, col, "ENDIF without IF");
                }
            }
        }
    }
}

/// "in macro `m` used at file:line" for each expansion a line comes from.
fn expansion_notes(src: &Sources, line: &Line) -> Vec<String> {
    let mut notes = Vec::new();
    let mut exp = line.exp.clone();
    while let Some(e) = exp {
        notes.push(format!(
            "in macro `{}` used at {}:{}",
            e.name,
            src.file(e.file).name,
            e.line
        ));
        exp = e.parent.clone();
    }
    notes
}

/// `.x` after global label `g` is `g.x`; other names stay as written.
pub fn qualify(global: &str, name: &str) -> String {
    if name.starts_with('.') {
        format!("{global}{name}")
    } else {
        name.to_string()
    }
}

/// The column just after a run of tokens taken from `all` (where the next token starts,
/// or the end of the line): used to point at a missing piece.
pub fn end_of(part: &[Token], all: &[Token], line_end: u32) -> u32 {
    let Some(last) = part.last() else {
        return all.first().map_or(line_end, |t| t.col);
    };
    all.iter()
        .position(|t| std::ptr::eq(t, last))
        .and_then(|i| all.get(i + 1))
        .map_or(line_end, |t| t.col)
}
