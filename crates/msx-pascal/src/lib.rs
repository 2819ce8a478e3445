//! Turbo Pascal 3 (subset) front end: lexer, parser, type checker, diagnostics.
