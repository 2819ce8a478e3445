//! Source files and positions.
//!
//! Every file the compiler reads (the main program and each `{$I}` include) gets a
//! [`FileId`]; a [`Span`] is a byte range inside one of them. Spans travel from the lexer
//! through the AST into the checked program, so the code generator can map any statement back
//! to its file and line for listings and symbol files.

use std::collections::HashMap;
use std::io;
use std::path::PathBuf;

/// Index of a file in a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct FileId(pub u32);

/// A byte range `start..end` in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span {
            file,
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both (they must be in the same file; if not, `self` wins).
    pub fn to(self, other: Span) -> Span {
        if self.file != other.file {
            return self;
        }
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// One loaded source file.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The name as the program (or the caller) spelled it.
    pub name: String,
    pub text: String,
    /// The `{$I}` directive that included this file (`None` for the main file).
    pub included_at: Option<Span>,
    /// Byte offsets where each line starts (line 1 starts at 0).
    line_starts: Vec<usize>,
}

impl SourceFile {
    fn new(name: String, text: String, included_at: Option<Span>) -> SourceFile {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        SourceFile {
            name,
            text,
            included_at,
            line_starts,
        }
    }
}

/// All files of one compilation, in the order they were loaded.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        self.files
            .push(SourceFile::new(name.into(), text.into(), None));
        FileId(self.files.len() as u32 - 1)
    }

    /// Adds a file read by the `{$I}` directive at `at`.
    pub fn add_included(&mut self, name: &str, text: String, at: Span) -> FileId {
        self.files
            .push(SourceFile::new(name.to_string(), text, Some(at)));
        FileId(self.files.len() as u32 - 1)
    }

    /// A key that orders spans as the compiler reads them, includes in place: the offsets
    /// of the `{$I}` directives leading to the span's file, then the span's own offset.
    pub fn reading_order(&self, span: Span) -> Vec<u32> {
        let mut key = vec![span.start];
        let mut file = span.file;
        // Include chains are short and acyclic (checked when reading); the bound only
        // guards against a hand-made map.
        for _ in 0..64 {
            match self.file(file).and_then(|f| f.included_at) {
                Some(at) => {
                    key.push(at.start);
                    file = at.file;
                }
                None => break,
            }
        }
        key.reverse();
        key
    }

    pub fn file(&self, id: FileId) -> Option<&SourceFile> {
        self.files.get(id.0 as usize)
    }

    pub fn files(&self) -> &[SourceFile] {
        &self.files
    }

    /// 1-based line and column (in characters) of the start of `span`.
    pub fn line_col(&self, span: Span) -> (usize, usize) {
        let Some(file) = self.file(span.file) else {
            return (1, 1);
        };
        let offset = (span.start as usize).min(file.text.len());
        let line = file.line_starts.partition_point(|&s| s <= offset);
        let start = file.line_starts[line - 1];
        let col = file
            .text
            .get(start..offset)
            .map_or(1, |s| s.chars().count() + 1);
        (line, col)
    }

    /// `name:line:col` of the start of `span`, as compilers print positions.
    pub fn position(&self, span: Span) -> String {
        let (line, col) = self.line_col(span);
        let name = self.file(span.file).map_or("?", |f| f.name.as_str());
        format!("{name}:{line}:{col}")
    }

    /// The source text a span covers (empty if the span is out of range).
    pub fn snippet(&self, span: Span) -> &str {
        self.file(span.file)
            .and_then(|f| f.text.get(span.start as usize..span.end as usize))
            .unwrap_or("")
    }
}

/// Where the compiler gets the text of the main program and of `{$I file}` includes.
///
/// Names are passed exactly as written in the program; the provider decides how to find them
/// (MSX-DOS names are case-insensitive, so a provider should be too).
pub trait FileProvider {
    fn read(&self, name: &str) -> io::Result<String>;
}

/// Files held in memory, looked up without regard to case (for tests and for tools that
/// already hold the text).
#[derive(Clone, Debug, Default)]
pub struct MemoryFiles {
    files: HashMap<String, String>,
}

impl MemoryFiles {
    pub fn new() -> MemoryFiles {
        MemoryFiles::default()
    }

    pub fn with(mut self, name: &str, text: &str) -> MemoryFiles {
        self.insert(name, text);
        self
    }

    pub fn insert(&mut self, name: &str, text: &str) {
        self.files
            .insert(name.to_ascii_uppercase(), text.to_string());
    }
}

impl FileProvider for MemoryFiles {
    fn read(&self, name: &str) -> io::Result<String> {
        self.files
            .get(&name.to_ascii_uppercase())
            .cloned()
            .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no such file"))
    }
}

/// Files on disk, relative to a directory. Each part of a name (`src/types.inc`) is matched
/// without regard to case, because programs written on MSX-DOS spell file names in any case
/// and the files may come from a case-sensitive file system.
#[derive(Clone, Debug)]
pub struct DirFiles {
    pub root: PathBuf,
}

impl DirFiles {
    pub fn new(root: impl Into<PathBuf>) -> DirFiles {
        DirFiles { root: root.into() }
    }

    /// The path of the file `name` (relative to the root, `/` between directories) as it
    /// exists on disk: each part as written if that exists, else the one entry of its
    /// directory that equals it without regard to case. `None` when there is none.
    pub fn resolve(&self, name: &str) -> Option<PathBuf> {
        let mut path = self.root.clone();
        for part in name.split('/').filter(|p| !p.is_empty() && *p != ".") {
            let exact = path.join(part);
            if part == ".." || exact.exists() {
                path = exact;
                continue;
            }
            let found = std::fs::read_dir(&path).ok()?.flatten().find(|entry| {
                entry
                    .file_name()
                    .to_str()
                    .is_some_and(|n| n.eq_ignore_ascii_case(part))
            })?;
            path = found.path();
        }
        Some(path)
    }
}

/// The text of a source file from its bytes. It ends at the first ^Z (1Ah), the end mark
/// of CP/M and MSX-DOS text files, as TP3 stops reading there: what follows is the rest
/// of the last 128-byte record, often garbage. Files written on an MSX are in its character
/// set, not UTF-8: they are decoded so that the lexer stores each character back as the
/// same byte.
pub fn source_text(bytes: &[u8]) -> String {
    let end = bytes.iter().position(|&b| b == 0x1A).unwrap_or(bytes.len());
    let bytes = &bytes[..end];
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => msx_basic::charset::decode(bytes),
    }
}

impl FileProvider for DirFiles {
    fn read(&self, name: &str) -> io::Result<String> {
        match self.resolve(name) {
            Some(path) => Ok(source_text(&std::fs::read(path)?)),
            None => Err(io::Error::new(io::ErrorKind::NotFound, "no such file")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column() {
        let mut map = SourceMap::new();
        let f = map.add("a.pas", "ab\ncdé f\n");
        assert_eq!(map.line_col(Span::new(f, 0, 1)), (1, 1));
        assert_eq!(map.line_col(Span::new(f, 3, 4)), (2, 1));
        // 'é' is two bytes but one column.
        assert_eq!(map.line_col(Span::new(f, 8, 9)), (2, 5));
        assert_eq!(map.position(Span::new(f, 4, 5)), "a.pas:2:2");
    }

    #[test]
    fn files_written_on_an_msx_are_decoded_from_its_character_set() {
        let dir = std::env::temp_dir().join(format!("msx-pascal-src-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("OLD.PAS"), b"'caf\x82'").unwrap();
        let text = DirFiles::new(&dir).read("old.pas").unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(text, "'café'");
    }

    #[test]
    fn names_are_matched_part_by_part_without_case() {
        let dir = std::env::temp_dir().join(format!("msx-pascal-case-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("Src")).unwrap();
        std::fs::write(dir.join("Src/Types.Inc"), b"x").unwrap();
        let files = DirFiles::new(dir.join("Src"));
        assert_eq!(files.read("TYPES.INC").unwrap(), "x");
        assert_eq!(files.read("../src/types.inc").unwrap(), "x");
        assert!(files.read("../src/other.inc").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_control_z_ends_the_text() {
        assert_eq!(source_text(b"begin end.\x1a\xff\xfe garbage"), "begin end.");
        assert_eq!(source_text(b"no mark"), "no mark");
    }

    #[test]
    fn memory_files_ignore_case() {
        let files = MemoryFiles::new().with("Lib.Inc", "x");
        assert_eq!(files.read("LIB.INC").unwrap(), "x");
        assert!(files.read("other").is_err());
    }
}
