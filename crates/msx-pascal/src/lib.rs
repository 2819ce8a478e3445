//! Turbo Pascal 3 (subset) front end: lexer, parser, type checker, diagnostics.

pub mod ast;
pub mod diagnostics;
pub mod directives;
pub mod lexer;
pub mod parser;
pub mod source;
