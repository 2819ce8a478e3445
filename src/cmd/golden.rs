//! `msx run --expect-png / --expect-vram / --expect-text` and `msx test`: the
//! end of a run compared with golden files, for a game's own CI.
//!
//! A golden file is compared by what it shows, not by its encoding: a PNG by
//! its pixels (any PNG encoder's file of the same picture matches), VRAM byte
//! for byte, the text screen line by line. On a difference the run's own
//! picture, VRAM or text is written beside the golden file as
//! `NAME.actual.EXT`, to look at or to diff (for a picture also `NAME.diff.png`,
//! the differing pixels highlighted), and the command says where the first
//! difference is and how large it is. `--bless` writes the run's output
//! over the golden files instead (creating them), after the user has looked.

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};

use msx_machine::machine::Machine;

use super::outputs::Outputs;
use super::write_atomic;

/// What one golden file is compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The last frame, by its pixels.
    Png,
    /// The VRAM, as `--vram` writes it.
    Vram,
    /// The character screen, as `--text` prints it.
    Text,
    /// `len` bytes of the CPU's memory from `address`, as the CPU sees them
    /// at the end of the run.
    Ram { address: u16, len: usize },
    /// What the printer received.
    Printer,
    /// What the program wrote to the debug device.
    Debug,
    /// The sound of the whole run, as `--wav` writes it.
    Wav,
}

impl Kind {
    /// What the golden file holds, in the messages.
    fn noun(self) -> &'static str {
        match self {
            Kind::Png => "picture",
            Kind::Vram => "VRAM",
            Kind::Text => "text screen",
            Kind::Ram { .. } => "memory",
            Kind::Printer => "printer output",
            Kind::Debug => "debug output",
            Kind::Wav => "sound",
        }
    }
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
pub fn actual_bytes(machine: &Machine, kind: Kind) -> Result<Vec<u8>> {
    Ok(match kind {
        Kind::Png => machine.png_bytes()?,
        Kind::Vram => machine.vram(),
        Kind::Text => match machine.text_screen() {
            Some(t) => t.to_string().into_bytes(),
            None => bail!(
                "the screen is in a bitmap mode ({}), there are no characters to compare with the golden text",
                machine.vdp().mode().name()
            ),
        },
        Kind::Ram { address, len } => machine.peek_range(address, len),
        Kind::Printer => machine.printer_output().to_vec(),
        Kind::Debug => machine.debug_output().to_vec(),
        Kind::Wav => machine.wav_bytes(),
    })
}

/// Compares the run's output with `expect.golden`, or blesses it (`msx run`);
/// the files to write (the golden file blessed, or the run's `.actual` and
/// `.diff.png` beside it) go into `files`, which the command writes together
/// with its other outputs.
pub fn check(
    machine: &Machine,
    expect: &Expect<'_>,
    bless: bool,
    files: &mut Outputs,
) -> Result<Verdict> {
    let actual = actual_bytes(machine, expect.kind)?;
    if bless {
        let created = !expect.golden.exists();
        files.file(expect.golden, actual);
        return Ok(Verdict::Blessed { created });
    }
    super::outputs::note_input(expect.golden);
    let (verdict, written) = judge(expect.kind, expect.golden, actual, None)?;
    for (path, bytes) in written {
        files.file(path, bytes);
    }
    Ok(verdict)
}

/// Writes `actual` over the golden file (creating it).
pub fn bless_file(golden: &Path, actual: &[u8]) -> Result<Verdict> {
    let created = !golden.exists();
    write_atomic(golden, actual)?;
    Ok(Verdict::Blessed { created })
}

/// What differs between the golden file's bytes and this run's, in a
/// sentence, and for a picture the difference picture; `None` when they are
/// the same. Writes nothing.
pub fn difference(
    kind: Kind,
    golden_path: &Path,
    golden: &[u8],
    actual: &[u8],
) -> Result<Option<(String, Option<image::RgbImage>)>> {
    Ok(match kind {
        Kind::Png => {
            let picture = |bytes: &[u8], path: &Path| -> Result<image::RgbImage> {
                Ok(
                    image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
                        .with_context(|| format!("{}: not a PNG picture", path.display()))?
                        .to_rgb8(),
                )
            };
            let theirs = picture(golden, golden_path)?;
            let ours = picture(actual, Path::new("this run's frame"))?;
            msx_test::picture::compare(&ours, &theirs).map(|d| {
                let what = d.to_string();
                match d {
                    msx_test::picture::Difference::Pixels(p) => (what, Some(p.image)),
                    msx_test::picture::Difference::Size { .. } => (what, None),
                }
            })
        }
        Kind::Text => text_difference(golden, actual).map(|w| (w, None)),
        _ => bytes_difference(kind.noun(), golden, actual).map(|w| (w, None)),
    })
}

/// Reads the golden file, saying how to make it when it is missing.
pub fn read_golden(golden_path: &Path) -> Result<Vec<u8>> {
    std::fs::read(golden_path).with_context(|| {
        format!(
            "cannot read the golden file {} (run with --bless to create it from this run, after looking at it)",
            golden_path.display()
        )
    })
}

/// Compares `actual` (the bytes of the file [`actual_bytes`] gives) with the
/// golden file (`msx test`). On a difference `actual` is written beside it, as
/// `NAME.actual.EXT` or, with a `label`, `NAME.LABEL.actual.EXT` (one per
/// run when several runs share a golden file), and for a picture a
/// difference picture too, `NAME[.LABEL].diff.png`.
pub fn compare(
    kind: Kind,
    golden_path: &Path,
    actual: &[u8],
    label: Option<&str>,
) -> Result<Verdict> {
    let (verdict, written) = judge(kind, golden_path, actual.to_vec(), label)?;
    for (path, bytes) in written {
        write_atomic(&path, &bytes)?;
    }
    Ok(verdict)
}

/// Files to write: (path, bytes).
type Files = Vec<(PathBuf, Vec<u8>)>;

/// The verdict on `actual` against the golden file, and the files a
/// difference leaves (the run's output and, for a picture, the difference
/// picture), not yet written: [`check`] and [`compare`] write them their way.
fn judge(
    kind: Kind,
    golden_path: &Path,
    actual: Vec<u8>,
    label: Option<&str>,
) -> Result<(Verdict, Files)> {
    let golden = read_golden(golden_path)?;
    let Some((mut what, diff_picture)) = difference(kind, golden_path, &golden, &actual)? else {
        return Ok((Verdict::Same, Vec::new()));
    };
    let mut written = Vec::new();
    if let Some(picture) = diff_picture {
        let path = beside(golden_path, label, "diff");
        let mut bytes = Vec::new();
        picture
            .write_to(
                &mut std::io::Cursor::new(&mut bytes),
                image::ImageFormat::Png,
            )
            .context("encoding the difference picture")?;
        what.push_str(&format!(
            "; the differing pixels are highlighted in {}",
            path.display()
        ));
        written.push((path, bytes));
    }
    let path = beside(golden_path, label, "actual");
    written.push((path.clone(), actual));
    Ok((Verdict::Differs { what, actual: path }, written))
}

/// `NAME.WHAT.EXT` or `NAME.LABEL.WHAT.EXT` beside the golden `NAME.EXT`.
pub fn beside(golden: &Path, label: Option<&str>, what: &str) -> PathBuf {
    match label {
        Some(l) => msx_test::beside(golden, &format!("{l}.{what}")),
        None => msx_test::beside(golden, what),
    }
}

/// Where two byte strings (VRAM dumps, memory, printer output) differ.
fn bytes_difference(noun: &str, golden: &[u8], actual: &[u8]) -> Option<String> {
    if golden.len() != actual.len() {
        return Some(format!(
            "the {noun} is {} bytes, the golden file {}",
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
        assert_eq!(bytes_difference("VRAM", &[1, 2, 3], &[1, 2, 3]), None);
        assert_eq!(
            bytes_difference("VRAM", &[1, 2, 3, 4], &[1, 9, 3, 8]).unwrap(),
            "2 bytes differ; the first at 00001h: 09h in this run, 02h in the golden file"
        );
        assert!(bytes_difference("VRAM", &[1], &[1, 2])
            .unwrap()
            .contains("2 bytes"));
        assert!(bytes_difference("VRAM", &[1], &[2])
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
            beside(Path::new("golden/menu.png"), None, "actual"),
            PathBuf::from("golden/menu.actual.png")
        );
        assert_eq!(
            beside(Path::new("golden/menu.png"), Some("compiled"), "diff"),
            PathBuf::from("golden/menu.compiled.diff.png")
        );
        assert_eq!(
            beside(Path::new("vram"), None, "actual"),
            PathBuf::from("vram.actual")
        );
    }
}
