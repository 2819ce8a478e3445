//! Shared compiler back end: IR, optimiser, Z80 code generation, the runtime library.
