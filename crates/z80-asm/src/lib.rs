//! Z80 assembler and disassembler for the msx toolchain.
//!
//! Assembling is one call, from text or from a file:
//!
//! ```
//! let asm = z80_asm::assemble(
//!     "  org 100h\nstart: ld a,'A'\n  call 0A2h\n  jr start\n",
//!     "hello.asm",
//!     &z80_asm::Options::default(),
//! )
//! .unwrap();
//! assert_eq!(asm.origin, 0x100);
//! assert_eq!(asm.bytes, [0x3E, 0x41, 0xCD, 0xA2, 0x00, 0x18, 0xF9]);
//! assert_eq!(asm.symbol("start"), Some(0x100));
//! ```
//!
//! and disassembling one instruction is another:
//!
//! ```
//! let ins = z80_asm::disassemble_one(&[0xDD, 0x7E, 0x05], 0);
//! assert_eq!((ins.text.as_str(), ins.len), ("ld a,(ix+05h)", 3));
//! ```
//!
//! Errors come back all together as [`Diagnostics`], each with file, line and
//! column; [`Diagnostics::render`] gives the text with source lines and carets.
//! The library never prints. The accepted syntax is in `docs/assembler.md`.

mod diag;
mod directives;
mod disasm;
mod encode;
mod expr;
mod lexer;
mod macros;
mod operand;
mod output;
mod pass;
mod source;
mod table;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

pub use diag::{Diagnostic, Diagnostics};
pub use disasm::{disassemble, disassemble_one, DisasmLine, Instruction};
pub use output::SymbolFormat;

use pass::{Pass, Sym};
use source::Sources;

/// Settings of an assembly run.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Where INCLUDE and INCBIN look after the directory of the including file, in order.
    pub include_dirs: Vec<PathBuf>,
    /// Symbols defined before the first line, as if by EQU (like `-D NAME=VALUE`).
    pub defines: Vec<(String, i64)>,
    /// Files given in memory, found by INCLUDE/INCBIN under exactly this name before
    /// any disk lookup (e.g. a compiler's runtime library kept as a string).
    pub files: HashMap<String, Vec<u8>>,
}

/// What kind of definition a symbol comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    /// A label: the address of the line it is on.
    Label,
    /// `EQU`: a constant.
    Equ,
    /// `=` / `DEFL`: a value that may be reassigned.
    Defl,
}

/// A symbol of the finished assembly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub value: i64,
    pub kind: SymbolKind,
    /// Where it was defined (file index into [`Assembly::files`], 1-based line;
    /// line 0 for symbols from [`Options::defines`]).
    pub file: u32,
    pub line: u32,
}

/// One entry of the address-to-source map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineMapEntry {
    /// Address the code runs at (inside PHASE, the phased address).
    pub addr: u16,
    /// Number of bytes the line produced.
    pub len: u16,
    /// Index into [`Assembly::files`].
    pub file: u32,
    /// 1-based line number (for a macro expansion, the line of the macro body).
    pub line: u32,
}

/// One line of the listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListingLine {
    pub file: u32,
    pub line: u32,
    /// Address at the start of the line; None for lines skipped by IF.
    pub addr: Option<u16>,
    pub bytes: Vec<u8>,
    pub text: String,
    /// Whether the line comes from a macro or REPT expansion.
    pub expanded: bool,
}

/// The result of assembling.
#[derive(Clone, Debug)]
pub struct Assembly {
    /// The bytes from the lowest to the highest address written; gaps between
    /// ORG blocks are filled with 0.
    pub bytes: Vec<u8>,
    /// Address of `bytes[0]`.
    pub origin: u16,
    /// The address given to `END`, if any.
    pub entry: Option<u16>,
    pub symbols: BTreeMap<String, Symbol>,
    pub listing: Vec<ListingLine>,
    /// Sorted by the order of assembly (usually by address).
    pub line_map: Vec<LineMapEntry>,
    /// Names of the source files, indexed by the `file` fields above.
    pub files: Vec<String>,
}

impl Assembly {
    /// The value of a label or constant, as a 16-bit address.
    pub fn symbol(&self, name: &str) -> Option<u16> {
        self.symbols.get(name).map(|s| s.value as u16)
    }

    /// The source line that produced the byte at `addr`: (file name, line).
    pub fn source_of(&self, addr: u16) -> Option<(&str, u32)> {
        self.line_map
            .iter()
            .rev()
            .find(|e| addr.wrapping_sub(e.addr) < e.len)
            .map(|e| (self.files[e.file as usize].as_str(), e.line))
    }
}

/// Reads a number written as in assembler source (`255`, `-3`, `0FFh`, `#FF`, `$FF`,
/// `0xFF`, `&HFF`, `%1010`, `0b1010`): for command lines (`--org`, `-D NAME=VALUE`).
pub fn parse_value(text: &str) -> Option<i64> {
    let toks = lexer::lex_line(text.trim()).ok()?;
    match toks.as_slice() {
        [lexer::Token {
            kind: lexer::Tok::Num(n),
            ..
        }] => Some(*n),
        [lexer::Token {
            kind: lexer::Tok::Punct(lexer::Punct::Minus),
            ..
        }, lexer::Token {
            kind: lexer::Tok::Num(n),
            ..
        }] => Some(-*n),
        _ => None,
    }
}

/// Passes allowed before giving up on symbols that keep changing.
const MAX_PASSES: usize = 10;

/// Assembles source text. `name` is used in diagnostics, and its directory (if it
/// has one) is where INCLUDE looks first.
pub fn assemble(source: &str, name: &str, opts: &Options) -> Result<Assembly, Diagnostics> {
    let mut sources = Sources::default();
    let dir = Path::new(name)
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map(Path::to_path_buf);
    let main = sources.add(name, dir, source);
    run(sources, main, opts)
}

/// Reads and assembles a file (UTF-8, or Latin-1 if it is not valid UTF-8).
pub fn assemble_file(path: &Path, opts: &Options) -> Result<Assembly, Diagnostics> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| Diagnostics {
        errors: vec![Diagnostic {
            file: name.clone(),
            line: 0,
            column: 0,
            message: format!("cannot read `{name}`: {e}"),
            source_line: String::new(),
            notes: Vec::new(),
        }],
        symbols: BTreeMap::new(),
    })?;
    assemble(&source::decode(&bytes), &name, opts)
}

fn run(mut sources: Sources, main: u32, opts: &Options) -> Result<Assembly, Diagnostics> {
    let mut prev: HashMap<String, Sym> = HashMap::new();
    let mut pass_no = 0;
    loop {
        pass_no += 1;
        let mut p = Pass::new(opts, &mut sources, &prev);
        p.run_file(main);
        // A pass stopped by a limit would stop the same way again.
        let settled = p.syms == prev || p.aborted;
        if settled || pass_no == MAX_PASSES {
            let mut raw = std::mem::take(&mut p.diags);
            if !settled {
                let changing: Vec<&String> = p
                    .syms
                    .iter()
                    .filter(|(k, v)| prev.get(*k) != Some(v))
                    .map(|(k, _)| k)
                    .take(5)
                    .collect();
                raw.push(pass::RawDiag {
                    file: main,
                    line: 0,
                    col: 0,
                    message: format!(
                        "symbol values still change after {MAX_PASSES} passes: {changing:?}"
                    ),
                    notes: Vec::new(),
                    text: "".into(),
                });
            }
            if p.errors_dropped > 0 {
                raw.push(pass::RawDiag {
                    file: main,
                    line: 0,
                    col: 0,
                    message: format!(
                        "{} more errors not shown (only the first {} are kept)",
                        p.errors_dropped,
                        pass::limits::ERRORS
                    ),
                    notes: Vec::new(),
                    text: "".into(),
                });
            }
            let result = finish(p);
            if raw.is_empty() {
                return Ok(result);
            }
            return Err(Diagnostics {
                symbols: result
                    .symbols
                    .iter()
                    .map(|(k, s)| (k.clone(), s.value))
                    .collect(),
                errors: raw
                    .into_iter()
                    .map(|d| Diagnostic {
                        file: sources.file(d.file).name.clone(),
                        line: d.line,
                        column: d.col,
                        message: d.message,
                        source_line: d.text.to_string(),
                        notes: d.notes,
                    })
                    .collect(),
            });
        }
        prev = p.syms;
    }
}

fn finish(p: Pass) -> Assembly {
    let first = p.used.iter().position(|u| *u);
    let last = p.used.iter().rposition(|u| *u);
    let (origin, bytes) = match (first, last) {
        (Some(a), Some(b)) => (a as u16, p.image[a..=b].to_vec()),
        _ => (0, Vec::new()),
    };
    let symbols = p
        .syms
        .iter()
        .map(|(k, s)| {
            (
                k.clone(),
                Symbol {
                    value: s.value,
                    kind: s.kind,
                    file: s.file,
                    line: s.line,
                },
            )
        })
        .collect();
    Assembly {
        bytes,
        origin,
        entry: p.entry.map(|e| e as u16),
        symbols,
        listing: p.listing,
        line_map: p.line_map,
        files: p.src.files.iter().map(|f| f.name.clone()).collect(),
    }
}
