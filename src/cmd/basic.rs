//! `msx basic` (being written: see the issue tracker).

use anyhow::{bail, Result};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct BasicArgs {}

pub fn run(_args: BasicArgs) -> Result<ExitCode> {
    bail!("`msx basic` is not available yet")
}
