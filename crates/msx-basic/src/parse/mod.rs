//! The front end of the BASIC compiler: a tokenized program (exactly what
//! MSX-BASIC holds in memory) to an AST of lines and statements.
//!
//! ```
//! let program = msx_basic::tokenize("10 A%=1:PRINT A%+2.5\n20 GOTO 10\n").unwrap();
//! let parsed = msx_basic::parse::parse(&program).unwrap();
//! assert_eq!(parsed.program.lines[0].statements.len(), 2);
//! ```
//!
//! The grammar follows the MSX-BASIC 2.0 interpreter (the ROM source
//! reconstruction `apoloval/msx-system`, `base200/basic2.asm`): the
//! expression evaluator `C4C64` and its precedence table `I3D3B`, the factor
//! evaluator `C4DC7`, variable names `C5EA4` (two significant characters,
//! type by suffix or by the DEF table), the READ item scanner `J4BD1`.
//!
//! Phases, one module each: [`cursor`] (the line as CHRGTR sees it),
//! [`expr`], [`stmt`], [`data`] (DATA items), [`check`] (line numbers and
//! FOR/NEXT), [`types`] (types of expressions). Errors name the BASIC line,
//! the statement and the byte offset; unsupported statements are errors
//! that say so, never silently wrong code.

pub mod ast;
pub(crate) mod check;
pub(crate) mod cursor;
pub(crate) mod data;
pub(crate) mod expr;
pub(crate) mod macros;
pub(crate) mod stmt;
pub mod types;

use std::fmt;

use crate::keywords::Keyword;
use crate::program::Program as Tokenized;

pub use ast::*;
use cursor::{lex, Cursor, Lex};

/// What went wrong, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind} (statement {statement}, byte {offset})")]
pub struct Diagnostic {
    /// The BASIC line number.
    pub line: u16,
    /// 1-based statement index in the line.
    pub statement: u16,
    /// Byte offset in the tokenized line body.
    pub offset: u16,
    pub kind: DiagnosticKind,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiagnosticKind {
    /// What MSX-BASIC would call a "Syntax error"; the text says what was
    /// expected.
    #[error("Syntax error: {0}")]
    Syntax(String),
    /// A statement or function MSX-BASIC has but this compiler does not.
    #[error("{0} is not supported yet")]
    Unsupported(String),
    /// The line body cannot be decoded (a corrupt tokenized file).
    #[error("unreadable line: {0}")]
    Corrupt(String),
}

/// Things that are legal but probably wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    pub line: u16,
    pub statement: u16,
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}: {} (statement {})",
            self.line, self.message, self.statement
        )
    }
}

/// Every error of a program, in line order.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ParseErrors(pub Vec<Diagnostic>);

impl fmt::Display for ParseErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// A parsed program and its warnings.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    pub program: Program,
    pub warnings: Vec<Warning>,
}

/// Parses a whole program. Every line is parsed even after an error, so
/// all errors come back at once.
pub fn parse(program: &Tokenized) -> Result<Parsed, ParseErrors> {
    let (program, errors) = parse_partial(program);
    if !errors.is_empty() {
        return Err(ParseErrors(errors));
    }
    let warnings = warnings(&program);
    Ok(Parsed { program, warnings })
}

/// The warnings of a parsed program (a NEXT that closes no FOR …), as [`parse`] gives them.
pub fn warnings(program: &Program) -> Vec<Warning> {
    let mut out = program.notes.clone();
    out.extend(check::line_numbers(program));
    out.extend(check::for_next(program));
    out.sort_by_key(|w| (w.line, w.statement));
    out
}

/// Parses a whole program even when some lines do not parse: those lines are kept empty
/// (so that jumps to them are not reported too), and their errors come back beside the
/// program, for a compiler that reports what the later stages find in the other lines
/// in the same run.
pub fn parse_partial(program: &Tokenized) -> (Program, Vec<Diagnostic>) {
    let mut state = State {
        types: [Type::Double; 26],
        data: Vec::new(),
        notes: Vec::new(),
    };
    let mut lines = Vec::with_capacity(program.lines.len());
    let mut errors = Vec::new();
    for line in &program.lines {
        match parse_line(line.number, &line.body, &mut state) {
            Ok(statements) => lines.push(Line {
                number: line.number,
                statements,
            }),
            Err(e) => {
                errors.push(e);
                // Keep the line so that jumps to it are not reported too.
                lines.push(Line {
                    number: line.number,
                    statements: Vec::new(),
                });
            }
        }
    }
    let program = Program {
        lines,
        data: state.data,
        notes: state.notes,
    };
    (program, errors)
}

/// What carries over from line to line.
pub(crate) struct State {
    /// Type of variables by first letter (DEFINT…); double by default.
    pub types: [Type; 26],
    pub data: Vec<DataItem>,
    /// Warnings of the lines read so far (see [`Program::notes`]).
    pub notes: Vec<Warning>,
}

fn parse_line(number: u16, body: &[u8], state: &mut State) -> Result<Vec<Stmt>, Diagnostic> {
    let items = lex(body).map_err(|e| Diagnostic {
        line: number,
        statement: 1,
        offset: clamp(e.offset),
        kind: DiagnosticKind::Corrupt(e.message),
    })?;
    let mut p = Parser {
        cur: Cursor::new(items, body.len()),
        line: number,
        statement: 0,
        stmt_offset: 0,
        state,
        depth: 0,
    };
    p.statements(false)
}

fn clamp(offset: usize) -> u16 {
    u16::try_from(offset).unwrap_or(u16::MAX)
}

/// Deepest nesting of expressions and IFs accepted (MSX runs out of stack
/// long before; this keeps hostile input from overflowing ours).
const MAX_DEPTH: u32 = 200;

pub(crate) struct Parser<'a, 's> {
    pub cur: Cursor<'a>,
    pub line: u16,
    pub statement: u16,
    pub stmt_offset: usize,
    pub state: &'s mut State,
    pub depth: u32,
}

pub(crate) type PResult<T> = Result<T, Diagnostic>;

impl Parser<'_, '_> {
    /// A span at the next item.
    pub fn span(&self) -> Span {
        Span {
            line: self.line,
            statement: self.statement.max(1),
            offset: clamp(self.cur.offset()),
        }
    }

    pub fn error(&self, kind: DiagnosticKind) -> Diagnostic {
        Diagnostic {
            line: self.line,
            statement: self.statement.max(1),
            offset: clamp(self.cur.offset()),
            kind,
        }
    }

    pub fn syntax<T>(&self, what: impl Into<String>) -> PResult<T> {
        Err(self.error(DiagnosticKind::Syntax(what.into())))
    }

    /// A warning for this statement, kept with the program.
    pub fn note(&mut self, message: impl Into<String>) {
        let w = Warning {
            line: self.line,
            statement: self.statement.max(1),
            message: message.into(),
        };
        self.state.notes.push(w);
    }

    pub fn unsupported<T>(&self, what: impl Into<String>) -> PResult<T> {
        Err(self.error(DiagnosticKind::Unsupported(what.into())))
    }

    pub fn expect_char(&mut self, c: u8) -> PResult<()> {
        if self.cur.eat_char(c) {
            Ok(())
        } else {
            self.syntax(format!("'{}' expected", char::from(c)))
        }
    }

    pub fn expect_kw(&mut self, k: Keyword) -> PResult<()> {
        if self.cur.eat_kw(k) {
            Ok(())
        } else {
            self.syntax(format!("{} expected", k.spelling()))
        }
    }

    /// Guards recursion on nested expressions and IFs.
    pub fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.syntax("nesting too deep");
        }
        Ok(())
    }

    pub fn leave(&mut self) {
        self.depth -= 1;
    }

    /// A line number operand (token 0x0E).
    pub fn line_number(&mut self) -> PResult<u16> {
        match self.cur.peek() {
            Some(Lex::LineNum(n)) => {
                self.cur.bump();
                Ok(n)
            }
            _ => self.syntax("line number expected"),
        }
    }
}
