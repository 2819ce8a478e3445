//! `msx play`: a disk, a ROM or a program in a window, with the keyboard,
//! sound and the comforts of an emulator (see `docs/player.md`).

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use msx_machine::rtc::DateTime;
use msx_player::{DiskFile, PlayerError, PlayerOptions, ScaleMode};

use super::read_input;

// Building the machine is shared with `msx run`.
use super::machine_setup::{build_machine, media_kind, parse_rtc, MachineArgs, MediaKind, Video};

#[derive(clap::Args)]
pub struct PlayArgs {
    /// The program: a ROM cartridge (.rom) or a disk image (.dsk); a
    /// program (`.pas`, `.bas`) is built into a temporary disk first, as
    /// `msx build` would. Without it the machine powers on with nothing
    /// inserted, into MSX-BASIC's `Ok` prompt.
    pub file: Option<PathBuf>,
    /// More disk images: host key + D (right Ctrl + D) puts the next one in
    /// drive A:.
    #[arg(value_name = "MORE_DISKS")]
    pub more_disks: Vec<PathBuf>,
    /// Window size in multiples of 320x240.
    #[arg(long, default_value_t = 2, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=8))]
    pub scale: u32,
    /// Scale the picture to fill the window at 4:3, not by whole multiples.
    #[arg(long)]
    pub fit: bool,
    /// Start in full screen (F11 toggles).
    #[arg(long)]
    pub fullscreen: bool,
    /// No sound.
    #[arg(long)]
    pub mute: bool,
    /// A joystick in port 1 on the cursor keys, space (trigger A) and left
    /// Alt (trigger B); right Ctrl + J toggles.
    #[arg(long)]
    pub joystick: bool,
    /// The MSX mouse in port 1 (a click in the window grabs the host mouse
    /// for it; right Ctrl lets go).
    #[arg(long, conflicts_with = "joystick")]
    pub mouse: bool,
    /// Quit after this many frames (for tests and demos).
    #[arg(long, value_name = "N")]
    pub frames: Option<u64>,
    /// A data file to put on the disk built from a .pas or .bas program
    /// (as `msx build --add`); repeatable.
    #[arg(long = "add", value_name = "FILE")]
    pub add: Vec<PathBuf>,
    /// Write disks the program changed back to their files.
    #[arg(long)]
    pub save_disk: bool,
    /// Start from a save state (written by host key + S, or by `msx run
    /// --save-state`) instead of power-on. The machine must be the one the
    /// state was saved on (FILE, ROMs, --ram, --machine): a state that
    /// does not fit is refused, naming what differs.
    #[arg(long, value_name = "FILE")]
    pub load_state: Option<PathBuf>,
    /// Directory for the save-state slots (host key + 1-9, S, L)
    /// [default: $XDG_DATA_HOME/msx/states, else ~/.local/share/msx/states].
    #[arg(long, value_name = "DIR")]
    pub state_dir: Option<PathBuf>,
    /// Directory for screenshots (F12).
    #[arg(long, default_value = ".", value_name = "DIR")]
    pub screenshot_dir: PathBuf,
    /// Video timing at power-on.
    #[arg(long, value_enum, default_value = "ntsc")]
    pub machine: Video,
    /// What the real-time clock shows at power-on: YYYY-MM-DDTHH:MM:SS
    /// (default: the host's time, UTC).
    #[arg(long, value_name = "TIME", value_parser = parse_rtc)]
    pub rtc: Option<DateTime>,
    /// What varies from one power-on to the next, as on a real MSX (the floppy
    /// disk's rotational position: the boot's timing, `RND(-TIME)`'s seed).
    /// Default: a fresh one at every launch, shown in the window's title and on
    /// stderr; give it again to repeat a session (docs/machine.md).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub setup: MachineArgs,
}

pub fn run(mut args: PlayArgs) -> Result<ExitCode> {
    let Some(source) = args.file.clone() else {
        if !args.add.is_empty() || !args.more_disks.is_empty() || args.save_disk {
            bail!("--add, --save-disk and more disks need a FILE to play");
        }
        return play(args, None);
    };
    let built = if matches!(extension(&source).as_deref(), Some("pas" | "bas" | "asc")) {
        if args.save_disk {
            bail!(
                "--save-disk: {} is built into a temporary disk, which has no file to save to; \
                 build it with `msx build` and play the .dsk",
                source.display()
            );
        }
        let dir = BuiltDisk::new()?;
        args.file = Some(build_disk(&source, &args.add, &dir.0)?);
        args.setup.kind = MediaKind::Dsk;
        Some(dir)
    } else {
        if !args.add.is_empty() {
            bail!("--add puts files on the disk built from a program (.pas or .bas)");
        }
        None
    };
    let code = play(args, Some(&source));
    drop(built);
    code
}

/// A temporary directory for the disk built from a program, removed when
/// play ends.
struct BuiltDisk(PathBuf);

impl BuiltDisk {
    fn new() -> Result<BuiltDisk> {
        let dir = std::env::temp_dir().join(format!("msx-play-{}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
        Ok(BuiltDisk(dir))
    }
}

impl Drop for BuiltDisk {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Builds `source` into a bootable disk in `dir` with `msx build` (its
/// diagnostics are printed there); returns the disk's path.
fn build_disk(source: &Path, add: &[PathBuf], dir: &Path) -> Result<PathBuf> {
    // Through `msx build`'s own command line, so play builds exactly as
    // `msx build` does, with its defaults.
    #[derive(clap::Parser)]
    struct Build {
        #[command(flatten)]
        args: super::build::BuildArgs,
    }
    let stem = source
        .file_stem()
        .map_or_else(|| "program".into(), |s| s.to_string_lossy().into_owned());
    let out = dir.join(format!("{stem}.dsk"));
    let mut argv: Vec<std::ffi::OsString> = vec!["build".into(), source.into()];
    argv.extend([
        "-o".into(),
        out.clone().into(),
        "--format".into(),
        "dsk".into(),
    ]);
    for file in add {
        argv.extend(["--add".into(), file.into()]);
    }
    let build = <Build as clap::Parser>::try_parse_from(argv).context("msx build")?;
    let _ = super::build::run(build.args)?;
    if !out.exists() {
        bail!("{}: could not be built (see above)", source.display());
    }
    Ok(out)
}

/// Plays `args.file` (built from `source` when that was a program), or
/// the empty machine when there is no file.
fn play(args: PlayArgs, source: Option<&Path>) -> Result<ExitCode> {
    let file = args.file.as_deref().unwrap_or(Path::new(""));
    let (image, media) = match &args.file {
        Some(f) => {
            let image = read_input(f)?;
            let media = media_kind(f, &image, args.setup.kind)?;
            (image, media)
        }
        None if args.setup.kind != MediaKind::Auto => {
            bail!("--kind says what FILE is, and no FILE was given")
        }
        None => (Vec::new(), MediaKind::Empty),
    };
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let spec = args
        .setup
        .spec(args.machine, args.rtc.unwrap_or_else(host_time), seed);
    if media != MediaKind::Dsk && !args.more_disks.is_empty() {
        bail!(
            "more disks were given but {} is not a disk; play the disk first",
            file.display()
        );
    }
    let mut disks = Vec::new();
    if media == MediaKind::Dsk {
        disks.push(DiskFile {
            path: file.to_path_buf(),
            image: image.clone(),
        });
        for p in &args.more_disks {
            let bytes = read_input(p)?;
            if media_kind(p, &bytes, MediaKind::Auto)? != MediaKind::Dsk {
                bail!("{}: not a disk image", p.display());
            }
            disks.push(DiskFile {
                path: p.clone(),
                image: bytes,
            });
        }
    }
    let mut machine = build_machine(file, media, image, &spec)?;
    if let Some(path) = &args.load_state {
        let bytes = read_input(path)?;
        machine
            .load_state(&bytes)
            .with_context(|| format!("{}: cannot load this state", path.display()))?;
    }

    let title = match source {
        Some(source) => source.file_name().map_or_else(
            || source.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        ),
        None => "MSX-BASIC".to_string(),
    };
    let mut options = PlayerOptions::new(title);
    if args.load_state.is_none() {
        // A state brings its own disk position: the seed then changed nothing.
        eprintln!("msx play: seed {seed} (`--seed {seed}` powers on the same machine again)");
        options.title = format!("{} (seed {seed})", options.title);
    }
    options.scale = args.scale;
    options.scale_mode = if args.fit {
        ScaleMode::Fit
    } else {
        ScaleMode::Integer
    };
    options.fullscreen = args.fullscreen;
    options.audio = !args.mute;
    options.joystick = args.joystick;
    options.mouse = args.mouse;
    options.frames = args.frames;
    if args.save_disk {
        // Checked before the window opens, not when a changed disk is saved: the file a
        // symbolic link names is the one written, and a read-only image is refused.
        for disk in &mut disks {
            disk.path = super::outputs::writable_target(&disk.path)?;
        }
    }
    options.first_disk_inserted = !disks.is_empty();
    options.disks = disks;
    options.save_disks = args.save_disk;
    options.screenshot_dir = args.screenshot_dir;
    if let Some(dir) = args.state_dir {
        options.state_dir = Some(dir);
    }

    match msx_player::play(machine, options, &mut |note| eprintln!("note: {note}")) {
        Ok(_) => Ok(ExitCode::SUCCESS),
        Err(PlayerError::NoDisplay(why)) => bail!(
            "`msx play` needs a window, and there is no display ({why}).\n\
             Without a display, run it headless: {} (see `msx run --help`)",
            headless_suggestion(source)
        ),
        Err(e) => Err(e.into()),
    }
}

/// The `msx run` command line that shows headless what `msx play` would
/// have shown: a program is built into a disk first.
fn headless_suggestion(source: Option<&Path>) -> String {
    const SHOT: &str = "--frames 600 --png screen.png";
    match source {
        None => format!("msx run {SHOT}"),
        Some(src) if matches!(extension(src).as_deref(), Some("pas" | "bas" | "asc")) => {
            let disk = src.with_extension("dsk");
            format!(
                "msx build {} -o {} && msx run {} {SHOT}",
                src.display(),
                disk.display(),
                disk.display()
            )
        }
        Some(src) => format!("msx run {} {SHOT}", src.display()),
    }
}

fn extension(path: &Path) -> Option<String> {
    path.extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
}

/// A new power-on seed from the operating system's randomness (1 to
/// 2^32 - 1: short enough to type back with `--seed`).
fn fresh_seed() -> u64 {
    loop {
        // Without OS randomness, the host clock's nanoseconds are random enough
        // for a disk's position.
        let n = getrandom::u32().unwrap_or_else(|_| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.subsec_nanos())
        });
        if n != 0 {
            return u64::from(n);
        }
    }
}

/// The host's time now, UTC, as the RTC's start (playing is not meant to
/// be deterministic; `--rtc` makes it so).
fn host_time() -> DateTime {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let t = secs % 86_400;
    let dt = DateTime::new(
        y as u16,
        m,
        d,
        (t / 3600) as u8,
        (t / 60 % 60) as u8,
        (t % 60) as u8,
    );
    // The RTC counts years 1980-2079.
    if dt.validate().is_ok() {
        dt
    } else {
        msx_machine::machine::DEFAULT_RTC_START
    }
}

/// Days since 1970-01-01 → (year, month, day) in the proleptic Gregorian
/// calendar (the era arithmetic of H. Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u8, u8) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097); // [0, 146096]
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // [0, 399]
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // [0, 365]
    let mp = (5 * doy + 2) / 153; // [0, 11], March = 0
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(31 + 28), (1970, 3, 1));
        // 2000-02-29 (a leap day of a century leap year) is day 11016.
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(11_017), (2000, 3, 1));
        // 2026-11-22 = day 20779.
        assert_eq!(civil_from_days(20_779), (2026, 11, 22));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    #[test]
    fn headless_suggestions_run() {
        assert_eq!(
            headless_suggestion(Some(Path::new("g/mines.pas"))),
            "msx build g/mines.pas -o g/mines.dsk && msx run g/mines.dsk --frames 600 --png screen.png"
        );
        assert_eq!(
            headless_suggestion(Some(Path::new("a.dsk"))),
            "msx run a.dsk --frames 600 --png screen.png"
        );
        assert_eq!(
            headless_suggestion(None),
            "msx run --frames 600 --png screen.png"
        );
    }

    #[test]
    fn host_time_is_valid() {
        assert!(host_time().validate().is_ok());
    }
}
