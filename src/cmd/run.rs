//! `msx run` (being written: see the issue tracker).

use anyhow::{bail, Result};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct RunArgs {}

pub fn run(_args: RunArgs) -> Result<ExitCode> {
    bail!("`msx run` is not available yet")
}
