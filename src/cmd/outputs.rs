//! The files a command writes: all together or none, never over an input.
//!
//! A command stages every file it means to write in an [`Outputs`] and commits them at the
//! end, after everything that can fail has run. The commit
//!
//! 1. refuses an output that is the same file as one the command read (compared by device
//!    and inode, so through symbolic and hard links too: `msx build x.pas -o x.pas`), or
//!    that is named twice, or that is a directory or read-only;
//! 2. writes each file into a temporary file in its target's own directory (the `tempfile`
//!    crate removes it on every failure path, a full disk included), copying the mode of
//!    the file it replaces;
//! 3. only when every one of them was written, renames each over its target.
//!
//! A symbolic link is followed: the file it names is replaced and the link stays a link. A
//! device (`-o /dev/null`) is written into, never replaced. A
//! file with more than one hard link cannot be replaced by a rename without cutting it off
//! from its other names, so it is rewritten in place instead, in step 3, after all the
//! temporary files of the others were written; not atomic, but an edited disk image keeps
//! its size, so rewriting it needs no new space on the host disk.

use anyhow::{bail, Context, Result};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Every file this process has read as an input (see [`note_input`]).
static INPUTS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Remembers that `path` is an input of this command, so that no output replaces it.
pub fn note_input(path: &Path) {
    if let Ok(mut inputs) = INPUTS.lock() {
        if !inputs.iter().any(|p| p == path) {
            inputs.push(path.to_path_buf());
        }
    }
}

fn inputs() -> Vec<PathBuf> {
    INPUTS.lock().map(|v| v.clone()).unwrap_or_default()
}

/// One staged file.
struct Staged {
    path: PathBuf,
    bytes: Vec<u8>,
    /// The file the command read and changes (a disk image): it must exist, and it is of
    /// course the same file as that input.
    edit: bool,
}

/// The files one command writes, committed together.
#[derive(Default)]
pub struct Outputs {
    files: Vec<Staged>,
}

/// A staged file checked and ready to be written.
struct Target<'a> {
    /// As the user named it, for messages.
    named: &'a Path,
    /// The file itself: symbolic links followed.
    real: PathBuf,
    bytes: &'a [u8],
    /// The mode of the file replaced, if there is one.
    existing: Option<std::fs::Permissions>,
    /// Written into, not replaced: a file with other hard links, or no regular file at
    /// all (`-o /dev/null` must not replace the device with a file).
    in_place: bool,
    /// Whether the file ends where the bytes end (a regular file; not a device).
    regular: bool,
}

impl Outputs {
    pub fn new() -> Outputs {
        Outputs::default()
    }

    /// A file to create or replace.
    pub fn file(&mut self, path: impl Into<PathBuf>, bytes: impl Into<Vec<u8>>) {
        self.files.push(Staged {
            path: path.into(),
            bytes: bytes.into(),
            edit: false,
        });
    }

    /// New contents for a file the command read and changes in place (a disk image).
    pub fn edit(&mut self, path: impl Into<PathBuf>, bytes: impl Into<Vec<u8>>) {
        self.files.push(Staged {
            path: path.into(),
            bytes: bytes.into(),
            edit: true,
        });
    }

    /// Writes every staged file, or none (see the module's comment).
    pub fn commit(self) -> Result<()> {
        let targets = self.check()?;
        let mut prepared = Vec::with_capacity(targets.len());
        for target in &targets {
            prepared.push(prepare(target)?);
        }
        for (target, temp) in targets.iter().zip(prepared) {
            install(target, temp)?;
        }
        Ok(())
    }

    /// Step 1: every output resolved and checked before anything is written.
    fn check(&self) -> Result<Vec<Target<'_>>> {
        let inputs = inputs();
        let mut targets: Vec<Target<'_>> = Vec::with_capacity(self.files.len());
        for file in &self.files {
            let named = file.path.as_path();
            let real = follow_links(named)?;
            let meta = std::fs::metadata(&real).ok();
            if let Some(meta) = &meta {
                if meta.is_dir() {
                    bail!("cannot write {}: it is a directory", named.display());
                }
                if meta.permissions().readonly() {
                    bail!(
                        "cannot write {}: it is read-only (make it writable first if it is to be changed)",
                        named.display()
                    );
                }
                if !file.edit {
                    if let Some(input) = inputs.iter().find(|i| same_file(i, &real)) {
                        bail!(
                            "refusing to write {}: it is the input {}; choose another output name",
                            named.display(),
                            input.display()
                        );
                    }
                }
            } else if file.edit {
                bail!("cannot write {}: it no longer exists", named.display());
            }
            let place = place_of(&real);
            if let Some(earlier) = targets.iter().find(|t| {
                place_of(&t.real) == place || (meta.is_some() && same_file(&t.real, &real))
            }) {
                bail!(
                    "{} and {} name the same file: each output needs its own",
                    earlier.named.display(),
                    named.display()
                );
            }
            targets.push(Target {
                named,
                real,
                bytes: &file.bytes,
                existing: meta.as_ref().map(|m| m.permissions()),
                in_place: meta
                    .as_ref()
                    .is_some_and(|m| !m.is_file() || link_count_above_one(m)),
                regular: meta.as_ref().is_none_or(|m| m.is_file()),
            });
        }
        Ok(targets)
    }
}

/// Step 2: the bytes in a temporary file beside the target, with the target's mode (none
/// for a file written in place).
fn prepare(target: &Target<'_>) -> Result<Option<tempfile::NamedTempFile>> {
    if target.in_place {
        return Ok(None);
    }
    let fail = || format!("cannot write {}", target.named.display());
    let dir = match target.real.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = target
        .real
        .file_name()
        .with_context(|| format!("{}: not a file path", target.named.display()))?;
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(name);
    prefix.push(".");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // A new file gets the mode `fs::write` would give it (0666 less the umask), not the
    // 0600 of a temporary file.
    #[cfg(unix)]
    let new_mode = {
        use std::os::unix::fs::PermissionsExt;
        std::fs::Permissions::from_mode(0o666)
    };
    #[cfg(unix)]
    builder.permissions(new_mode);
    let mut temp = builder.tempfile_in(dir).with_context(fail)?;
    if let Some(mode) = &target.existing {
        // Set outright: the umask applied at creation must not narrow the old mode.
        temp.as_file()
            .set_permissions(mode.clone())
            .with_context(fail)?;
    }
    // Every error from here on drops `temp`, which removes the half-written file.
    temp.write_all(target.bytes).with_context(fail)?;
    // Data a full disk refuses late is reported here, not lost after the rename.
    temp.as_file().sync_all().with_context(fail)?;
    Ok(Some(temp))
}

/// Step 3: the temporary file takes the target's place.
fn install(target: &Target<'_>, temp: Option<tempfile::NamedTempFile>) -> Result<()> {
    let fail = || format!("cannot write {}", target.named.display());
    let Some(temp) = temp else {
        // Rewritten in place so that every name of the file sees the change; not
        // truncated first, so a file of the same size needs no new space.
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .open(&target.real)
            .with_context(fail)?;
        file.write_all(target.bytes).with_context(fail)?;
        if target.regular {
            file.set_len(target.bytes.len() as u64).with_context(fail)?;
            file.sync_all().with_context(fail)?;
        }
        return Ok(());
    };
    temp.persist(&target.real)
        .map_err(|e| anyhow::Error::new(e.error))
        .with_context(fail)?;
    Ok(())
}

/// The file to write for `path`, an existing file another part of the program replaces
/// later (`msx play --save-disk`): symbolic links followed, refused when read-only.
pub fn writable_target(path: &Path) -> Result<PathBuf> {
    let real = follow_links(path)?;
    let meta =
        std::fs::metadata(&real).with_context(|| format!("cannot read {}", path.display()))?;
    if meta.permissions().readonly() {
        bail!(
            "cannot write {}: it is read-only (make it writable first if it is to be changed)",
            path.display()
        );
    }
    Ok(real)
}

/// `path` with symbolic links in its last component followed, even to a file that does not
/// exist yet (a link made before its target).
fn follow_links(path: &Path) -> Result<PathBuf> {
    let mut current = path.to_path_buf();
    // Linux's own limit on links in one lookup.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let to = std::fs::read_link(&current)
                    .with_context(|| format!("cannot read the link {}", current.display()))?;
                current = match current.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            _ => return Ok(current),
        }
    }
    bail!("{}: too many levels of symbolic links", path.display())
}

/// Where a file that may not exist yet would be: its directory made absolute and
/// canonical, and its name (`a.bin` and `./a.bin` are one place).
fn place_of(path: &Path) -> PathBuf {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    match (dir.canonicalize(), path.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => path.to_path_buf(),
    }
}

/// Whether two paths name one file (same device and inode); false when either is missing.
/// By `stat`, never by opening them: opening a named pipe would wait for its other end.
#[cfg(unix)]
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(a: &Path, b: &Path) -> bool {
    matches!((a.canonicalize(), b.canonicalize()), (Ok(a), Ok(b)) if a == b)
}

#[cfg(unix)]
fn link_count_above_one(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    meta.nlink() > 1
}

#[cfg(not(unix))]
fn link_count_above_one(_: &std::fs::Metadata) -> bool {
    false
}
