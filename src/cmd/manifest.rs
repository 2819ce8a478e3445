//! `msx.toml`, the project manifest: what a program needs besides its source.
//!
//! Found as cargo finds `Cargo.toml`, but only in the directory of the
//! program's source (`msx build dir/game.pas` reads `dir/msx.toml`), so a
//! program never picks up a stranger's manifest from a parent directory.
//! It says which data files go on the disk, and which test cases `msx test`
//! runs (src/cmd/test.rs, docs/testing.md):
//!
//! ```toml
//! [disk]
//! files = ["MINES.SC5"]   # paths relative to msx.toml, each put on the disk under its file name
//!
//! [[test]]
//! name = "title"
//! program = "mines.pas"
//! png = "golden/title.png"
//! ```
//!
//! Every file is read when the manifest is loaded, so a missing one stops the
//! build before anything is compiled or written, with the manifest's line and
//! column of the entry. Unknown keys are errors too: a misspelt `[disk]`
//! would otherwise silently leave a file off the disk.

use anyhow::{anyhow, bail, Result};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The manifest's file name.
pub const FILE_NAME: &str = "msx.toml";

/// A loaded manifest, its data files read.
#[derive(Debug)]
pub struct Manifest {
    /// Where it was read from.
    pub path: PathBuf,
    /// `[disk] files`, in the order written.
    pub disk_files: Vec<DataFile>,
    /// `[[test]]`, in the order written, each with its `msx.toml:LINE:COLUMN`;
    /// `msx test` checks them further (src/cmd/test/case.rs).
    pub tests: Vec<(String, super::test::case::Entry)>,
    /// The manifest's text, to place what is found wrong later.
    text: String,
}

impl Manifest {
    /// `msx.toml:LINE:COLUMN` of a byte offset in the manifest.
    pub fn place(&self, offset: usize) -> String {
        let (line, col) = line_col(&self.text, offset);
        format!("{}:{line}:{col}", self.path.display())
    }
}

/// One entry of `[disk] files`.
#[derive(Debug)]
pub struct DataFile {
    /// The entry as written in the manifest.
    pub entry: String,
    /// The file on the host (the entry relative to the manifest's directory).
    pub source: PathBuf,
    /// The name it gets on the disk: the file name of the entry.
    pub disk_name: String,
    /// `msx.toml:LINE:COLUMN` of the entry, for messages.
    pub place: String,
    /// Its contents.
    pub bytes: Vec<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    #[serde(default)]
    disk: Option<RawDisk>,
    #[serde(default)]
    test: Vec<toml::Spanned<super::test::case::Entry>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDisk {
    #[serde(default)]
    files: Vec<toml::Spanned<String>>,
}

/// The manifest of the program `input`: `msx.toml` in its directory, if
/// there is one.
pub fn for_program(input: &Path) -> Result<Option<Manifest>> {
    let dir = match input.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let path = dir.join(FILE_NAME);
    if !path.is_file() {
        return Ok(None);
    }
    load(&path).map(Some)
}

/// Reads and checks the manifest at `path` and every file it names.
pub fn load(path: &Path) -> Result<Manifest> {
    let bytes = std::fs::read(path).map_err(|e| anyhow!("cannot read {}: {e}", path.display()))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let (line, col) = line_col(
            &String::from_utf8_lossy(e.as_bytes()),
            e.utf8_error().valid_up_to(),
        );
        anyhow!("{}:{line}:{col}: not UTF-8 text", path.display())
    })?;
    parse(path, &text)
}

fn parse(path: &Path, text: &str) -> Result<Manifest> {
    let raw: Raw = toml::from_str(text).map_err(|e| {
        let (line, col) = e.span().map_or((1, 1), |s| line_col(text, s.start));
        // toml's message can span lines (it may quote the input); the first
        // says what is wrong.
        let message = e.message().lines().next().unwrap_or("invalid TOML").trim();
        anyhow!("{}:{line}:{col}: {message}", path.display())
    })?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut disk_files = Vec::new();
    for entry in raw.disk.map(|d| d.files).unwrap_or_default() {
        let (line, col) = line_col(text, entry.span().start);
        let place = format!("{}:{line}:{col}", path.display());
        let entry = entry.into_inner();
        let source = dir.join(&entry);
        let disk_name = match Path::new(&entry).file_name().and_then(|n| n.to_str()) {
            Some(n) => n.to_string(),
            None => bail!("{place}: [disk] files: {entry:?} names no file"),
        };
        let bytes = std::fs::read(&source).map_err(|e| {
            anyhow!(
                "{place}: [disk] files: {entry:?}: cannot read {}: {e}",
                source.display()
            )
        })?;
        disk_files.push(DataFile {
            entry,
            source,
            disk_name,
            place,
            bytes,
        });
    }
    let tests = raw
        .test
        .into_iter()
        .map(|entry| {
            let (line, col) = line_col(text, entry.span().start);
            (
                format!("{}:{line}:{col}", path.display()),
                entry.into_inner(),
            )
        })
        .collect();
    Ok(Manifest {
        path: path.to_path_buf(),
        disk_files,
        tests,
        text: text.to_string(),
    })
}

/// 1-based line and column (in characters) of byte `offset` in `text`.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut end = offset.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = &text[..end];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("msx-manifest-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("art")).unwrap();
        dir
    }

    #[test]
    fn reads_the_files_it_names() {
        let dir = scratch("ok");
        std::fs::write(dir.join("A.DAT"), b"a").unwrap();
        std::fs::write(dir.join("art/pic.sc5"), b"bc").unwrap();
        let text = "# data\n[disk]\nfiles = [\"A.DAT\", \"art/pic.sc5\"]\n";
        let m = parse(&dir.join(FILE_NAME), text).unwrap();
        let got: Vec<_> = m
            .disk_files
            .iter()
            .map(|f| (f.disk_name.as_str(), f.bytes.as_slice(), f.place.clone()))
            .collect();
        let at = |col| format!("{}:3:{col}", dir.join(FILE_NAME).display());
        assert_eq!(
            got,
            [
                ("A.DAT", &b"a"[..], at(10)),
                ("pic.sc5", &b"bc"[..], at(19))
            ]
        );
        // No [disk] at all, or an empty list: nothing to add.
        assert!(parse(&dir.join(FILE_NAME), "")
            .unwrap()
            .disk_files
            .is_empty());
        assert!(parse(&dir.join(FILE_NAME), "[disk]\n")
            .unwrap()
            .disk_files
            .is_empty());
    }

    #[test]
    fn errors_name_the_manifest_the_entry_and_the_place() {
        let dir = scratch("bad");
        std::fs::write(dir.join("A.DAT"), b"a").unwrap();
        let path = dir.join(FILE_NAME);
        let err = |text: &str| parse(&path, text).unwrap_err().to_string();
        let p = path.display().to_string();

        let e = err("[disk]\nfiles = [\"A.DAT\",\n  \"NOPE.SC5\"]\n");
        assert!(
            e.starts_with(&format!("{p}:3:3: [disk] files: \"NOPE.SC5\"")),
            "{e}"
        );
        assert!(e.contains("NOPE.SC5: "), "{e}");

        let e = err("[disk]\nfile = [\"A.DAT\"]\n");
        assert!(
            e.starts_with(&format!("{p}:2:1: unknown field `file`")),
            "{e}"
        );
        let e = err("[disc]\nfiles = []\n");
        assert!(
            e.starts_with(&format!("{p}:1:2: unknown field `disc`")),
            "{e}"
        );

        let e = err("[disk]\nfiles = \"A.DAT\"\n");
        assert!(e.starts_with(&format!("{p}:2:9: ")), "{e}");
        let e = err("[disk\n");
        assert!(e.starts_with(&format!("{p}:1:")), "{e}");

        let e = err("[disk]\nfiles = [\"..\"]\n");
        assert!(e.contains("names no file"), "{e}");
    }

    #[test]
    fn only_the_programs_own_directory() {
        let dir = scratch("find");
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join(FILE_NAME), "[disk]\nfiles = []\n").unwrap();
        assert!(for_program(&dir.join("sub/game.pas")).unwrap().is_none());
        let m = for_program(&dir.join("game.pas")).unwrap().unwrap();
        assert_eq!(m.path, dir.join(FILE_NAME));
    }

    #[test]
    fn columns_count_characters() {
        assert_eq!(line_col("ab\ncé=x", 7), (2, 4));
        assert_eq!(line_col("", 5), (1, 1));
    }
}
