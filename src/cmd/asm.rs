//! `msx asm` and `msx disasm` (being written: see the issue tracker).

use anyhow::{bail, Result};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct AsmArgs {}

#[derive(clap::Args)]
pub struct DisasmArgs {}

pub fn run_asm(_args: AsmArgs) -> Result<ExitCode> {
    bail!("`msx asm` is not available yet")
}

pub fn run_disasm(_args: DisasmArgs) -> Result<ExitCode> {
    bail!("`msx disasm` is not available yet")
}
