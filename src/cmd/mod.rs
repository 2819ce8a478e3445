//! One module per subcommand. Shared helpers for all of them live here.

pub mod asm;
pub mod basic;
pub mod bios;
pub mod build;
pub mod disk;
pub mod gfx;
pub mod golden;
pub mod machine_setup;
pub mod manifest;
pub mod outputs;
pub mod play;
pub mod run;
pub mod terminal;
pub mod test;

use anyhow::{Context, Result};
use std::path::Path;

/// Writes one file on its own, as [`outputs::Outputs`] writes a set: whole or not at
/// all, never over an input.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut out = outputs::Outputs::new();
    out.file(path, bytes);
    out.commit()
}

/// Reads a whole input file, naming it in the error.
pub fn read_input(path: &Path) -> Result<Vec<u8>> {
    outputs::note_input(path);
    std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
}

/// The files' timestamp on a disk: now, or SOURCE_DATE_EPOCH when set (reproducible
/// images, the convention of reproducible-builds.org). MSX disks have no time zone; this
/// is UTC.
pub fn disk_timestamp() -> Result<msx_disk::Timestamp> {
    let secs = match std::env::var("SOURCE_DATE_EPOCH") {
        Ok(v) => v
            .trim()
            .parse::<i64>()
            .with_context(|| format!("SOURCE_DATE_EPOCH={v:?} is not a number of seconds"))?,
        Err(_) => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0),
    };
    Ok(msx_disk::Timestamp::from_unix(secs)?)
}

/// The MSX-DOS base name for a program file: the host file's stem, the characters an MSX
/// name takes, cut to 8, in capitals; `PROGRAM` when nothing is left.
pub fn disk_stem(path: &Path) -> String {
    let stem: String = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("")
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .take(8)
        .collect::<String>()
        .to_ascii_uppercase();
    if stem.is_empty() {
        "PROGRAM".to_string()
    } else {
        stem
    }
}
