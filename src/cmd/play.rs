//! `msx play` (being written: see the issue tracker).

use anyhow::{bail, Result};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct PlayArgs {}

pub fn run(_args: PlayArgs) -> Result<ExitCode> {
    bail!("`msx play` is not available yet")
}
