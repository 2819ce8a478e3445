//! Source files: loading (from memory or disk), include-path search, and a
//! cache so that every file is read once per run, however many passes there are.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Index of a file in [`Sources`].
pub type FileId = u32;

pub struct SourceFile {
    /// The name shown in diagnostics and listings.
    pub name: String,
    /// Where it was read from, for resolving its own includes.
    pub dir: Option<PathBuf>,
    pub lines: Rc<[Rc<str>]>,
}

/// All the files a run has read.
#[derive(Default)]
pub struct Sources {
    pub files: Vec<SourceFile>,
    by_key: HashMap<String, FileId>,
    binaries: HashMap<String, Rc<[u8]>>,
}

/// Text of a file: UTF-8 if it is valid UTF-8, otherwise Latin-1, so that any
/// byte in a string literal of an old MSX source survives unchanged.
pub fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    }
}

fn split_lines(text: &str) -> Rc<[Rc<str>]> {
    text.lines()
        .map(|l| Rc::from(l.strip_suffix('\r').unwrap_or(l)))
        .collect()
}

impl Sources {
    pub fn add(&mut self, name: &str, dir: Option<PathBuf>, text: &str) -> FileId {
        let id = self.files.len() as FileId;
        self.files.push(SourceFile {
            name: name.to_string(),
            dir,
            lines: split_lines(text),
        });
        id
    }

    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id as usize]
    }

    /// Finds and loads a source file named by an INCLUDE in file `from`.
    pub fn include(
        &mut self,
        name: &str,
        from: FileId,
        opts: &crate::Options,
    ) -> Result<FileId, String> {
        let (key, display, dir, bytes) = self.find(name, from, opts)?;
        if let Some(id) = self.by_key.get(&key) {
            return Ok(*id);
        }
        let id = self.add(&display, dir, &decode(&bytes));
        self.by_key.insert(key, id);
        Ok(id)
    }

    /// Finds and loads a binary file named by an INCBIN in file `from`.
    pub fn binary(
        &mut self,
        name: &str,
        from: FileId,
        opts: &crate::Options,
    ) -> Result<Rc<[u8]>, String> {
        let (key, _, _, bytes) = self.find(name, from, opts)?;
        if let Some(b) = self.binaries.get(&key) {
            return Ok(b.clone());
        }
        let b: Rc<[u8]> = Rc::from(bytes);
        self.binaries.insert(key, b.clone());
        Ok(b)
    }

    /// Looks for `name`: first among the in-memory files of the options, then
    /// beside the including file, then in each include directory in order.
    fn find(
        &self,
        name: &str,
        from: FileId,
        opts: &crate::Options,
    ) -> Result<(String, String, Option<PathBuf>, Vec<u8>), String> {
        if let Some(bytes) = opts.files.get(name) {
            let dir = Path::new(name).parent().map(Path::to_path_buf);
            return Ok((format!("mem:{name}"), name.to_string(), dir, bytes.clone()));
        }
        let mut candidates = Vec::new();
        let p = Path::new(name);
        if p.is_absolute() {
            candidates.push(p.to_path_buf());
        } else {
            match &self.file(from).dir {
                Some(d) => candidates.push(d.join(p)),
                None => candidates.push(p.to_path_buf()),
            }
            candidates.extend(opts.include_dirs.iter().map(|d| d.join(p)));
        }
        for c in &candidates {
            if c.is_file() {
                let bytes =
                    std::fs::read(c).map_err(|e| format!("cannot read `{}`: {e}", c.display()))?;
                let key = c
                    .canonicalize()
                    .unwrap_or_else(|_| c.clone())
                    .display()
                    .to_string();
                let dir = c.parent().map(Path::to_path_buf);
                return Ok((key, c.display().to_string(), dir, bytes));
            }
        }
        let tried: Vec<String> = candidates.iter().map(|c| c.display().to_string()).collect();
        Err(format!(
            "file `{name}` not found (looked for {})",
            tried.join(", ")
        ))
    }
}
