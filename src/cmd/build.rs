//! `msx build` (being written: see the issue tracker).

use anyhow::{bail, Result};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct BuildArgs {}

pub fn run(_args: BuildArgs) -> Result<ExitCode> {
    bail!("`msx build` is not available yet")
}
