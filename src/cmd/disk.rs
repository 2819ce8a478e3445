//! `msx disk` (being written: see the issue tracker).

use anyhow::{bail, Result};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct DiskArgs {}

pub fn run(_args: DiskArgs) -> Result<ExitCode> {
    bail!("`msx disk` is not available yet")
}
