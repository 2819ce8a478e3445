//! Turbo Pascal 3 (subset) front end: lexer, parser, type checker, diagnostics.
//!
//! ```
//! use msx_pascal::{compile_front, render_diagnostics, MemoryFiles};
//!
//! let files = MemoryFiles::new().with("hello.pas", "begin writeln('Hello') end.");
//! match compile_front("hello.pas", &files) {
//!     Ok(front) => assert_eq!(front.program.body.len(), 1),
//!     Err(failed) => panic!("{}", render_diagnostics(&failed.diagnostics, &failed.sources)),
//! }
//! ```
//!
//! The phases, one module each: [`lexer`] (text to tokens), [`directives`] (`{$I}` includes
//! and switches), [`parser`] (tokens to the [`ast`]), [`check`] (names and types, to the
//! [`checked`] program, using [`types`] and [`symbols`]), and [`diagnostics`].

pub mod ast;
pub mod check;
pub mod checked;
pub mod diagnostics;
pub mod directives;
pub mod dump;
pub mod lexer;
pub mod lower;
pub mod parser;
pub mod source;
pub mod symbols;
pub mod types;

pub use checked::CheckedProgram;
pub use diagnostics::{
    render_diagnostics, render_diagnostics_colored, Diagnostic, Diagnostics, Severity,
};
pub use dump::dump;
pub use source::{DirFiles, FileId, FileProvider, MemoryFiles, SourceMap, Span};

/// A program that passed the front end, with its warnings.
#[derive(Debug)]
pub struct Front {
    pub program: CheckedProgram,
    pub warnings: Vec<Diagnostic>,
}

impl Front {
    /// The files read (also in `program.sources`), for [`render_diagnostics`].
    pub fn sources(&self) -> &SourceMap {
        &self.program.sources
    }
}

/// A program with errors: every diagnostic (errors and warnings, in source order per
/// phase) and the files needed to show them.
#[derive(Debug, thiserror::Error)]
#[error("{} error(s) in the Pascal program", self.error_count())]
pub struct Failed {
    pub diagnostics: Vec<Diagnostic>,
    pub sources: SourceMap,
}

impl Failed {
    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }
}

/// Runs the whole front end on the file `source_name` (read through `files`, as are its
/// `{$I}` includes).
pub fn compile_front(source_name: &str, files: &dyn FileProvider) -> Result<Front, Box<Failed>> {
    let mut sources = SourceMap::new();
    let mut diags = Diagnostics::new();
    let text = match files.read(source_name) {
        Ok(t) => t,
        Err(e) => {
            let id = sources.add(source_name, "");
            diags.error(
                Span::new(id, 0, 0),
                format!("cannot read `{source_name}`: {e}"),
            );
            return Err(Box::new(Failed {
                diagnostics: diags.into_vec(),
                sources,
            }));
        }
    };
    let main = sources.add(source_name, text);
    let tokens = directives::expand(main, &mut sources, files, &mut diags);
    // A comment open to the end of the file swallowed the rest of the program: what the
    // parser would say about the missing rest (`begin` without `end`, a missing `.`,
    // placed before the comment) only hides the one error that matters.
    let lexed = std::mem::take(&mut diags).into_vec();
    let unclosed = lexed
        .iter()
        .any(|d| d.is_error() && d.message.starts_with(lexer::UNCLOSED_COMMENT));
    diags.extend(lexed);
    if unclosed {
        let mut diagnostics = diags.into_vec();
        diagnostics.sort_by_cached_key(|d| sources.reading_order(d.span));
        return Err(Box::new(Failed {
            diagnostics,
            sources,
        }));
    }
    let ast = parser::parse_program(&tokens, &mut diags);
    let program = check::check_program(&ast, sources, &mut diags);
    let has_errors = diags.has_errors();
    // Report in reading order, whichever phase found the problem.
    let mut diagnostics = diags.into_vec();
    diagnostics.sort_by_cached_key(|d| program.sources.reading_order(d.span));
    if has_errors {
        return Err(Box::new(Failed {
            diagnostics,
            sources: program.sources,
        }));
    }
    Ok(Front {
        program,
        warnings: diagnostics,
    })
}
