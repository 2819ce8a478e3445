//! One `[[test]]` of `msx.toml`: what it says (`Entry`, read with the rest of
//! the manifest) and what `msx test` makes of it (`Case`: the program, the
//! `msx run` options, the golden files), checked before anything runs so that
//! a mistake is reported at its line and column, not halfway through a run.

use anyhow::{anyhow, bail, Result};
use clap::Parser;
use serde::Deserialize;
use std::path::{Path, PathBuf};

use crate::cmd::golden::Kind;
use crate::cmd::manifest::Manifest;
use crate::cmd::run::RunArgs;

/// How a BASIC program runs in a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// On the disk `msx build game.bas` makes, for MSX-BASIC to interpret.
    Interpreted,
    /// Compiled to Z80, on the disk `msx build game.bas --compile` makes.
    Compiled,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Interpreted => "interpreted",
            Mode::Compiled => "compiled",
        }
    }
}

/// A `[[test]]` table as written. The keys are `msx run`'s options without
/// their dashes, and the golden files by what they hold.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Entry {
    name: toml::Spanned<String>,
    program: Option<toml::Spanned<String>>,
    #[serde(default)]
    modes: Option<toml::Spanned<Vec<Mode>>>,
    frames: Option<u64>,
    keys: Option<toml::Spanned<String>>,
    #[serde(rename = "type")]
    type_text: Option<String>,
    type_at: Option<u64>,
    until_text: Option<String>,
    until_debug: Option<String>,
    until_pc: Option<u16>,
    machine: Option<String>,
    ram: Option<u32>,
    rtc: Option<String>,
    seed: Option<u64>,
    kind: Option<String>,
    romtype: Option<String>,
    /// More `msx run` options, as on its command line (`["--psg", "ay8910"]`).
    #[serde(default)]
    args: Vec<String>,
    png: Option<String>,
    vram: Option<String>,
    text: Option<String>,
    printer: Option<String>,
    debug: Option<String>,
    wav: Option<String>,
    #[serde(default)]
    memory: Vec<Memory>,
}

/// `memory = [{ address = 0xC000, length = 16, file = "score.bin" }]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Memory {
    address: u16,
    length: u32,
    file: String,
}

/// What a case runs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Program {
    /// Nothing inserted: MSX-BASIC's `Ok` prompt, typed into.
    Nothing,
    /// A ROM, disk image or MSX-DOS program, run as `msx run` runs it.
    AsIs(PathBuf),
    /// A Pascal or BASIC source, built as `msx build` builds it (with the
    /// manifest's data files) into a disk.
    Built(PathBuf),
}

/// A checked `[[test]]`.
#[derive(Debug)]
pub struct Case {
    pub name: String,
    /// `msx.toml:LINE:COLUMN` of the case.
    pub place: String,
    pub program: Program,
    /// For a BASIC program, each way it runs (the same goldens for each);
    /// empty for anything else.
    pub modes: Vec<Mode>,
    /// `msx run`'s command line for the case, without the program.
    run_line: Vec<String>,
    /// The golden files, relative to the current directory.
    pub goldens: Vec<(Kind, PathBuf)>,
}

/// `msx run`'s options, to read a case's command line with run's own parser.
#[derive(Parser)]
#[command(name = "msx run", no_binary_name = false)]
struct RunLine {
    #[command(flatten)]
    run: RunArgs,
}

impl Case {
    /// The case's `msx run` options, `file` the program to run.
    pub fn run_args(&self, file: Option<PathBuf>) -> Result<RunArgs> {
        let mut args = RunLine::try_parse_from(&self.run_line)
            .map_err(|e| anyhow!("{}: test {:?}: {}", self.place, self.name, clap_message(&e)))?
            .run;
        args.file = file;
        Ok(args)
    }
}

/// The first line of clap's message, without its `error: `.
fn clap_message(e: &clap::Error) -> String {
    let text = e.to_string();
    let first = text.lines().next().unwrap_or("bad option").trim();
    first.strip_prefix("error: ").unwrap_or(first).to_string()
}

/// Every `[[test]]` of the manifest, checked.
pub fn cases(manifest: &Manifest) -> Result<Vec<Case>> {
    let dir = match manifest.path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new(""),
    };
    let mut cases: Vec<Case> = Vec::new();
    for (place, entry) in &manifest.tests {
        let name = entry.name.get_ref().trim().to_string();
        let name_place = manifest.place(entry.name.span().start);
        if name.is_empty() {
            bail!("{name_place}: a test's name cannot be empty");
        }
        if let Some(other) = cases.iter().find(|c| c.name == name) {
            bail!(
                "{name_place}: a second test called {name:?} (the first is at {})",
                other.place
            );
        }
        let case = check(manifest, dir, place, name, entry)?;
        // Read the options now: a bad one is the manifest's mistake.
        case.run_args(None)?;
        cases.push(case);
    }
    Ok(cases)
}

fn check(manifest: &Manifest, dir: &Path, place: &str, name: String, e: &Entry) -> Result<Case> {
    let at = |span: std::ops::Range<usize>| manifest.place(span.start);
    let program = match &e.program {
        None => Program::Nothing,
        Some(p) => {
            let path = dir.join(p.get_ref());
            if !path.is_file() {
                bail!(
                    "{}: test {name:?}: program: there is no file {}",
                    at(p.span()),
                    path.display()
                );
            }
            match extension(&path).as_deref() {
                Some("bas" | "pas") => Program::Built(path),
                _ => Program::AsIs(path),
            }
        }
    };
    let is_basic = matches!(&program, Program::Built(p) if extension(p).as_deref() == Some("bas"));
    let modes = match (&e.modes, is_basic) {
        (None, true) => vec![Mode::Interpreted],
        (None, false) => Vec::new(),
        (Some(m), true) => {
            let mut modes = m.get_ref().clone();
            modes.dedup();
            if modes.is_empty() {
                bail!(
                    "{}: test {name:?}: modes: name at least one, interpreted or compiled",
                    at(m.span())
                );
            }
            modes
        }
        (Some(m), false) => bail!(
            "{}: test {name:?}: modes: interpreted or compiled is for a BASIC program (.bas); {}",
            at(m.span()),
            match &program {
                Program::Built(_) => "a Pascal program is always compiled",
                _ => "this one runs as it is",
            }
        ),
    };

    if e.kind.is_some() && e.program.is_none() {
        bail!("{place}: test {name:?}: kind says what the program is, and there is no program");
    }
    let mut line = vec!["msx run".to_string()];
    let mut option = |flag: &str, value: Option<String>| {
        if let Some(v) = value {
            // `--flag=VALUE`: a value may start with a dash.
            line.push(format!("--{flag}={v}"));
        }
    };
    option("frames", e.frames.map(|n| n.to_string()));
    if let Some(k) = &e.keys {
        let path = dir.join(k.get_ref());
        if !path.is_file() {
            bail!(
                "{}: test {name:?}: keys: there is no key script {}",
                at(k.span()),
                path.display()
            );
        }
        option("keys", Some(path.display().to_string()));
    }
    option("type", e.type_text.clone());
    option("type-at", e.type_at.map(|n| n.to_string()));
    option("until-text", e.until_text.clone());
    option("until-debug", e.until_debug.clone());
    option("until-pc", e.until_pc.map(|pc| format!("{pc:04X}h")));
    option("machine", e.machine.clone());
    option("ram", e.ram.map(|n| n.to_string()));
    option("rtc", e.rtc.clone());
    option("seed", e.seed.map(|n| n.to_string()));
    option("kind", e.kind.clone());
    option("romtype", e.romtype.clone());
    line.extend(e.args.iter().cloned());

    let mut goldens = Vec::new();
    for (kind, file) in [
        (Kind::Png, &e.png),
        (Kind::Vram, &e.vram),
        (Kind::Text, &e.text),
        (Kind::Printer, &e.printer),
        (Kind::Debug, &e.debug),
        (Kind::Wav, &e.wav),
    ] {
        if let Some(f) = file {
            goldens.push((kind, dir.join(f)));
        }
    }
    for m in &e.memory {
        if m.length == 0 || m.address as u32 + m.length > 0x1_0000 {
            bail!(
                "{place}: test {name:?}: memory {:?}: {} bytes from {:04X}h do not fit in the 64 KB the CPU sees",
                m.file,
                m.length,
                m.address
            );
        }
        goldens.push((
            Kind::Ram {
                address: m.address,
                len: m.length as usize,
            },
            dir.join(&m.file),
        ));
    }
    for (i, (_, path)) in goldens.iter().enumerate() {
        if goldens[..i].iter().any(|(_, p)| p == path) {
            bail!(
                "{place}: test {name:?}: {} is named twice as a golden file",
                path.display()
            );
        }
    }
    let waits = e.until_text.is_some() || e.until_debug.is_some() || e.until_pc.is_some();
    if goldens.is_empty() && !waits {
        bail!(
            "{place}: test {name:?} compares nothing and waits for nothing: name a golden file \
             (png, vram, text, memory, printer, debug, wav) or a condition (until-text, until-debug, until-pc)"
        );
    }
    Ok(Case {
        name,
        place: place.to_string(),
        program,
        modes,
        run_line: line,
        goldens,
    })
}

fn extension(path: &Path) -> Option<String> {
    Some(path.extension()?.to_str()?.to_ascii_lowercase())
}
