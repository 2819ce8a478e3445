//! One module per subcommand. Shared helpers for all of them live here.

pub mod asm;
pub mod basic;
pub mod build;
pub mod disk;
pub mod gfx;
pub mod machine_setup;
pub mod manifest;
pub mod play;
pub mod run;

use anyhow::{Context, Result};
use std::path::Path;

/// Writes `bytes` to `path` atomically: into a temporary file beside it, then
/// renamed over it, so a failure never leaves a half-written output file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .with_context(|| format!("{}: not a file path", path.display()))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".tmp{}", std::process::id()));
    let tmp = dir.join(tmp_name);
    std::fs::write(&tmp, bytes).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        anyhow::Error::new(e).context(format!("cannot write {}", path.display()))
    })
}

/// Reads a whole input file, naming it in the error.
pub fn read_input(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
}
