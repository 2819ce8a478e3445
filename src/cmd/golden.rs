//! `msx run --expect-png / --expect-vram / --expect-text`: the end of a run
//! compared with golden files, for a game's own CI.
//!
//! A golden file is compared by what it shows, not by its encoding: a PNG by
//! its pixels (any PNG encoder's file of the same picture matches), VRAM byte
//! for byte, the text screen line by line. On a difference the run's own
//! picture, VRAM or text is written beside the golden file as
//! `NAME.actual.EXT`, to look at or to diff, and the command says where the
//! first difference is and how large it is. `--bless` writes the run's output
//! over the golden files instead (creating them), after the user has looked.

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};

use msx_machine::machine::Machine;

use super::outputs::Outputs;

/// What one golden file is compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Png,
    Vram,
    Text,
}

/// One `--expect-…` request.
pub struct Expect<'a> {
    pub kind: Kind,
    pub golden: &'a Path,
}

/// The outcome of one comparison.
pub enum Verdict {
    Same,
    /// The golden file was written (`--bless`); `created` when it did not exist.
    Blessed {
        created: bool,
    },
    /// What differs, in a sentence, and where the run's output was saved.
    Differs {
        what: String,
        actual: PathBuf,
    },
}

/// The run's output of `kind`, as the bytes of the file it would be saved in.
fn actual_bytes(machine: &Machine, kind: Kind) -> Result<Vec<u8>> {
    Ok(match kind {
        Kind::Png => machine.png_bytes()?,
        Kind::Vram => machine.vram(),
        Kind::Text => match machine.text_screen() {
            Some(t) => t.to_string().into_bytes(),
            None => bail!(
                "--expect-text: the screen is in a bitmap mode ({}), there are no characters to compare",
                machine.vdp().mode().name()
            ),
        },
    })
}

/// `dir/name.actual.ext` beside `golden`.
fn actual_path(golden: &Path) -> PathBuf {
    let stem = golden
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = match golden.extension() {
        Some(ext) => format!("{stem}.actual.{}", ext.to_string_lossy()),
        None => format!("{stem}.actual"),
    };
    golden.with_file_name(name)
}

/// Compares the run's output with `expect.golden`, or blesses it; the files to write (the
/// golden file blessed, or the run's `.actual` beside it) go into `files`.
pub fn check(
    machine: &Machine,
    expect: &Expect<'_>,
    bless: bool,
    files: &mut Outputs,
) -> Result<Verdict> {
    let actual = actual_bytes(machine, expect.kind)?;
    let golden_path = expect.golden;
    if bless {
        let created = !golden_path.exists();
        files.file(golden_path, actual);
        return Ok(Verdict::Blessed { created });
    }
    super::outputs::note_input(golden_path);
    let golden = std::fs::read(golden_path).with_context(|| {
        format!(
            "cannot read the golden file {} (run with --bless to create it from this run, after looking at it)",
            golden_path.display()
        )
    })?;
    let difference = match expect.kind {
        Kind::Png => png_difference(machine, &golden, golden_path)?,
        Kind::Vram => bytes_difference(&golden, &actual),
        Kind::Text => text_difference(&golden, &actual),
    };
    match difference {
        None => Ok(Verdict::Same),
        Some(what) => {
            let path = actual_path(golden_path);
            files.file(&path, actual);
            Ok(Verdict::Differs { what, actual: path })
        }
    }
}

/// Where the frame differs from a golden PNG, by pixels.
fn png_difference(machine: &Machine, golden: &[u8], path: &Path) -> Result<Option<String>> {
    let image = image::load_from_memory_with_format(golden, image::ImageFormat::Png)
        .with_context(|| format!("{}: not a PNG picture", path.display()))?
        .to_rgb8();
    let frame = machine.frame();
    let (gw, gh) = (image.width() as usize, image.height() as usize);
    if (gw, gh) != (frame.width, frame.height) {
        return Ok(Some(format!(
            "the frame is {}×{} pixels, the golden picture {gw}×{gh}",
            frame.width, frame.height
        )));
    }
    let ours = frame.to_rgb8();
    let theirs = image.as_raw();
    let differing = ours
        .chunks_exact(3)
        .zip(theirs.chunks_exact(3))
        .enumerate()
        .filter(|(_, (a, b))| a != b);
    let mut count = 0usize;
    let mut first = None;
    for (i, (a, b)) in differing {
        count += 1;
        first.get_or_insert((i, [a[0], a[1], a[2]], [b[0], b[1], b[2]]));
    }
    Ok(first.map(|(i, a, b)| {
        format!(
            "{} (of {}); the first at x {}, y {}: #{:02X}{:02X}{:02X} in this run, #{:02X}{:02X}{:02X} in the golden picture",
            counted(count, "pixel", "pixels"),
            gw * gh,
            i % gw,
            i / gw,
            a[0],
            a[1],
            a[2],
            b[0],
            b[1],
            b[2]
        )
    }))
}

/// Where two byte strings (VRAM dumps) differ.
fn bytes_difference(golden: &[u8], actual: &[u8]) -> Option<String> {
    if golden.len() != actual.len() {
        return Some(format!(
            "the VRAM is {} bytes, the golden file {}",
            actual.len(),
            golden.len()
        ));
    }
    let mut differing = golden
        .iter()
        .zip(actual)
        .enumerate()
        .filter(|(_, (g, a))| g != a);
    let (first, (g, a)) = differing.next()?;
    let count = 1 + differing.count();
    Some(format!(
        "{}; the first at {first:05X}h: {a:02X}h in this run, {g:02X}h in the golden file",
        counted(count, "byte", "bytes")
    ))
}

/// Where two text screens differ, by line.
fn text_difference(golden: &[u8], actual: &[u8]) -> Option<String> {
    let golden = String::from_utf8_lossy(golden);
    let actual = String::from_utf8_lossy(actual);
    if golden == actual {
        return None;
    }
    let g: Vec<&str> = golden.lines().collect();
    let a: Vec<&str> = actual.lines().collect();
    let count = (0..g.len().max(a.len()))
        .filter(|&i| g.get(i) != a.get(i))
        .count();
    let first = (0..g.len().max(a.len())).find(|&i| g.get(i) != a.get(i));
    Some(match first {
        Some(i) => format!(
            "{}; the first is line {}: {:?} in this run, {:?} in the golden file",
            counted(count, "line", "lines"),
            i + 1,
            a.get(i).copied().unwrap_or("(none)"),
            g.get(i).copied().unwrap_or("(none)")
        ),
        // Same lines, different line ends or a final newline.
        None => "the lines are the same but the line ends differ".to_string(),
    })
}

/// "1 line differs", "3 lines differ".
fn counted(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one} differs")
    } else {
        format!("{n} {many} differ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_name_the_first_difference_and_count_them() {
        assert_eq!(bytes_difference(&[1, 2, 3], &[1, 2, 3]), None);
        assert_eq!(
            bytes_difference(&[1, 2, 3, 4], &[1, 9, 3, 8]).unwrap(),
            "2 bytes differ; the first at 00001h: 09h in this run, 02h in the golden file"
        );
        assert!(bytes_difference(&[1], &[1, 2]).unwrap().contains("2 bytes"));
        assert!(bytes_difference(&[1], &[2])
            .unwrap()
            .starts_with("1 byte differs;"));
    }

    #[test]
    fn text_names_the_first_differing_line() {
        assert_eq!(text_difference(b"a\nb\n", b"a\nb\n"), None);
        assert_eq!(
            text_difference(b"a\nb\nc\n", b"a\nB\nc\nd\n").unwrap(),
            "2 lines differ; the first is line 2: \"B\" in this run, \"b\" in the golden file"
        );
        assert!(text_difference(b"a\n", b"a").unwrap().contains("line ends"));
    }

    #[test]
    fn the_actual_file_sits_beside_the_golden_one() {
        assert_eq!(
            actual_path(Path::new("golden/menu.png")),
            PathBuf::from("golden/menu.actual.png")
        );
        assert_eq!(actual_path(Path::new("vram")), PathBuf::from("vram.actual"));
    }
}
