//! The exit statuses of `msx`, the same for every command (docs/user-guide.md, "Exit
//! status"), so that a script can tell a typo from a failed check.

use std::process::ExitCode;

/// The command did what was asked.
pub const SUCCESS: u8 = 0;
/// An error: bad input, a file that cannot be read or written, a build that fails.
pub const ERROR: u8 = 1;
/// The command line itself is wrong (clap's own status for a usage error).
pub const USAGE: u8 = 2;
/// A golden file differs (`msx run --expect-png/--expect-vram/--expect-text`).
pub const MISMATCH: u8 = 3;
/// `msx run --until-…`: the frame limit came before the condition.
pub const NOT_REACHED: u8 = 4;

pub fn code(status: u8) -> ExitCode {
    ExitCode::from(status)
}
