//! `msx gfx` (being written: see the issue tracker).

use anyhow::{bail, Result};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct GfxArgs {}

pub fn run(_args: GfxArgs) -> Result<ExitCode> {
    bail!("`msx gfx` is not available yet")
}
