//! The shared compiler back end of the msx toolchain: an IR that front ends (Turbo
//! Pascal now, MSX-BASIC later) lower their programs to, constant folding, a Z80 code
//! generator with a peephole pass, the runtime library in Z80 assembly, and the packing
//! of the result as an MSX-DOS `.com`, a program for a bootable `.dsk`, or a `.rom`.
//!
//! ```
//! use z80_codegen::ir::{build::*, Block, Function, Program, Reg, Stmt, Term, W};
//! use z80_codegen::{build, Target};
//!
//! // writeln(6 * 7)
//! let main = Function {
//!     name: "main".into(),
//!     comment: String::new(),
//!     blocks: vec![Block {
//!         stmts: vec![
//!             Stmt::Eval(call("rt_wint", vec![(Reg::HL, bin(z80_codegen::ir::BinOp::Mul, W::Word, word(6), word(7))), (Reg::DE, word(0))], W::Word)),
//!             Stmt::Eval(call("rt_wln", vec![], W::Word)),
//!         ],
//!         term: Term::Goto("rt_halt".into()),
//!     }],
//!     frame: None,
//! };
//! let program = Program { main: "main".into(), functions: vec![main], ..Program::default() };
//! let out = build(&program, Target::Com).unwrap();
//! assert_eq!(out.load, 0x100);
//! assert!(out.asm.contains("ld hl,42"));
//! ```
//!
//! The phases, one module each: [`ir`] (the representation), [`fold`] (constant folding
//! and algebraic simplification), [`gen`] (code generation), [`peephole`], [`runtime`]
//! (the library and its linking), [`link`] (start-up code, assembly, outputs). With the
//! `sim` feature, [`sim`] runs a built program on the Z80 core with the BIOS served in
//! Rust, for tests and benchmarks. How the generated code works is described in
//! `docs/pascal-codegen.md`.

pub mod cse;
pub mod fold;
pub mod gen;
pub mod ir;
pub mod link;
pub mod loops;
pub mod peephole;
pub mod recursion;
pub mod regs;
pub mod runtime;
#[cfg(feature = "sim")]
pub mod sim;
#[cfg(feature = "sim")]
mod sim_bdos;
pub mod stack_temps;

pub use link::{build, Error, LineInfo, Output, Sizes, Target};
