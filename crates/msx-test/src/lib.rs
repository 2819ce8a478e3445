//! Golden-screen tests of MSX programs, written in Rust.
//!
//! `msx test` runs the cases a project declares in `msx.toml`; this crate is for
//! the tests a project would rather write in Rust: build an MSX2 (the free BIOS
//! and disk ROM, as `msx run` builds it) from a program or a disk, drive its
//! keys, run it until something happens, and compare what it shows with golden
//! files. Pictures are compared pixel by pixel with the same comparison and the
//! same difference picture as `msx test` ([`picture`]); text screens go well
//! with [insta](https://insta.rs) snapshots.
//!
//! ```no_run
//! use msx_test::{Mode, Session, Until};
//!
//! # fn main() -> Result<(), msx_test::Error> {
//! // The program, as MSX-BASIC interprets it from a disk with an AUTOEXEC.BAS.
//! let mut game = Session::basic(b"10 SCREEN 2\n20 LINE (0,0)-(255,191),15\n30 GOTO 30\n", Mode::Interpreted)?;
//! game.keys("at 400\npress SPACE for 3\n")?;
//! game.run_frames(500);
//! // Fails with how many pixels differ and where, and writes `title.actual.png`
//! // and `title.diff.png` beside the golden picture. With MSX_BLESS=1 in the
//! // environment it writes the golden picture instead (look at it first).
//! game.assert_png("tests/golden/title.png");
//! # Ok(())
//! # }
//! ```
//!
//! A text screen (SCREEN 0 to 3) as an insta snapshot:
//!
//! ```no_run
//! use msx_test::{Session, Until};
//!
//! let mut basic = Session::empty().unwrap();
//! basic.type_text(150, "PRINT 6*7\n").unwrap();
//! basic.run_until(Until::TextOnScreen(" 42".into()), 600).unwrap();
//! insta::assert_snapshot!(basic.screen_text().unwrap());
//! ```
//!
//! The crate lives in the msx repository (`crates/msx-test`); a project takes it
//! as a dev-dependency from there (see docs/testing.md).

pub mod disks;
pub mod picture;

use std::path::{Path, PathBuf};

pub use msx_machine::machine::{Machine, RunOutcome, Until};

use msx_machine::machine::{KeyScript, MachineConfig, MachineError, ScriptError};
use msx_machine::memory::MachineLayout;

/// How a BASIC program runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Tokenized on a disk with an AUTOEXEC.BAS, for MSX-BASIC to interpret
    /// (what `msx build game.bas` makes and `msx run game.bas` runs).
    Interpreted,
    /// Compiled to Z80 on a disk whose boot sector starts it (`msx build --compile`).
    Compiled,
}

/// What can go wrong.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Machine(#[from] MachineError),
    #[error("the key script, {0}")]
    KeyScript(#[from] ScriptError),
    #[error("not an MSX-BASIC program: {0}")]
    Basic(#[from] msx_basic::Error),
    #[error("the program does not compile:\n{0}")]
    Compile(String),
    #[error(transparent)]
    Disk(#[from] msx_disk::DiskError),
    #[error("{what} did not happen in {frames} frames")]
    NotReached { what: String, frames: u64 },
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: not a PNG picture: {source}", path.display())]
    NotPng {
        path: PathBuf,
        source: image::ImageError,
    },
    #[error("{}: {what}", path.display())]
    Differs { path: PathBuf, what: String },
}

/// An MSX2 with a program in it.
pub struct Session {
    machine: Machine,
}

/// The result of comparing the screen with a golden picture.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Same,
    /// The golden picture was written (blessing); `created` when it did not exist.
    Blessed {
        created: bool,
    },
}

/// The MSX2 of `msx run`: the free main ROM, SUB-ROM and disk ROM, 256 KB of
/// RAM, NTSC.
pub fn free_machine() -> Result<Machine, MachineError> {
    Machine::new(MachineConfig::new(free_layout()))
}

/// The slots of [`free_machine`], to change before powering on.
pub fn free_layout() -> MachineLayout {
    MachineLayout::msx2(
        msx_bios::main_rom().to_vec(),
        msx_bios::sub_rom().to_vec(),
        Some(msx_bios::disk_rom().to_vec()),
    )
}

impl Session {
    /// Nothing inserted: the machine powers on into MSX-BASIC's `Ok` prompt.
    pub fn empty() -> Result<Session, Error> {
        Ok(Session {
            machine: free_machine()?,
        })
    }

    /// A machine you built yourself (other ROMs, PAL, more RAM).
    pub fn with_machine(machine: Machine) -> Session {
        Session { machine }
    }

    /// A disk image in drive A:.
    pub fn disk(image: Vec<u8>) -> Result<Session, Error> {
        let mut session = Session::empty()?;
        session.machine.insert_disk(0, image)?;
        Ok(session)
    }

    /// A cartridge in slot 1 (its mapper detected).
    pub fn rom(image: Vec<u8>) -> Result<Session, Error> {
        let mut layout = free_layout();
        layout.insert_cartridge(1, image, None);
        Ok(Session {
            machine: Machine::new(MachineConfig::new(layout))?,
        })
    }

    /// An MSX-BASIC program (a listing or a tokenized file), interpreted or compiled,
    /// on a disk that starts it at power-on. It is `PROGRAM.BAS` on the disk.
    pub fn basic(source: &[u8], mode: Mode) -> Result<Session, Error> {
        let when = msx_disk::Timestamp::new(2026, 1, 1, 0, 0, 0)?;
        let disk = match mode {
            Mode::Interpreted => {
                let program = msx_basic::load_source(source)?;
                disks::basic_disk("PROGRAM.BAS", &program.to_bytes(), when)?
            }
            Mode::Compiled => disks::compiled_basic_disk("PROGRAM", source, when)?,
        };
        Session::disk(disk.to_bytes())
    }

    /// The machine, to look at or to drive by hand.
    pub fn machine(&self) -> &Machine {
        &self.machine
    }

    pub fn machine_mut(&mut self) -> &mut Machine {
        &mut self.machine
    }

    /// Schedules a key script (docs/key-script.md); its frame numbers count from power-on.
    pub fn keys(&mut self, script: &str) -> Result<&mut Self, Error> {
        let script = KeyScript::parse(script)?;
        self.machine.schedule_script(&script);
        Ok(self)
    }

    /// Types `text` (`\n` is RETURN) from frame `frame` on.
    pub fn type_text(&mut self, frame: u64, text: &str) -> Result<&mut Self, Error> {
        self.machine.type_text_at(frame, text)?;
        Ok(self)
    }

    /// Runs `n` frames.
    pub fn run_frames(&mut self, n: u64) -> &mut Self {
        self.machine.run_frames(n);
        self
    }

    /// Runs until `until` holds, at most `max_frames` frames; the frame it held
    /// in, or [`Error::NotReached`].
    pub fn run_until(&mut self, until: Until, max_frames: u64) -> Result<u64, Error> {
        match self.machine.run_until(&until, max_frames) {
            RunOutcome::Reached { frame } => Ok(frame),
            RunOutcome::FrameLimit { .. } => Err(Error::NotReached {
                what: describe(&until),
                frames: max_frames,
            }),
        }
    }

    /// The character screen (SCREEN 0 to 3) as text, a line per row; `None` in a
    /// bitmap mode.
    pub fn screen_text(&self) -> Option<String> {
        self.machine.text_screen().map(|t| t.to_string())
    }

    /// The last frame as a picture.
    pub fn picture(&self) -> image::RgbImage {
        let frame = self.machine.frame();
        image::RgbImage::from_raw(frame.width as u32, frame.height as u32, frame.to_rgb8())
            .expect("a frame holds width × height pixels")
    }

    /// Compares the last frame with the golden PNG at `golden`, or writes it when
    /// `bless`. On a difference the frame is written beside it as
    /// `NAME.actual.png`, with `NAME.diff.png` showing the differing pixels.
    pub fn check_png(&self, golden: impl AsRef<Path>, bless: bool) -> Result<Verdict, Error> {
        let golden = golden.as_ref();
        let actual = self.picture();
        if bless {
            let created = !golden.exists();
            save(&actual, golden)?;
            return Ok(Verdict::Blessed { created });
        }
        let expected = image::open(golden)
            .map_err(|source| match source {
                image::ImageError::IoError(source) => Error::Io {
                    path: golden.to_path_buf(),
                    source,
                },
                source => Error::NotPng {
                    path: golden.to_path_buf(),
                    source,
                },
            })?
            .to_rgb8();
        let Some(difference) = picture::compare(&actual, &expected) else {
            return Ok(Verdict::Same);
        };
        let actual_path = beside(golden, "actual");
        save(&actual, &actual_path)?;
        let mut what = format!(
            "{difference}; this run's picture is {}",
            actual_path.display()
        );
        if let picture::Difference::Pixels(d) = &difference {
            let diff_path = beside(golden, "diff");
            save(&d.image, &diff_path)?;
            what.push_str(&format!(
                ", the differing pixels in {}",
                diff_path.display()
            ));
        }
        Err(Error::Differs {
            path: golden.to_path_buf(),
            what,
        })
    }

    /// [`check_png`](Self::check_png) for a `#[test]`: panics with the difference.
    /// Blesses instead when the environment has `MSX_BLESS=1`.
    #[track_caller]
    pub fn assert_png(&self, golden: impl AsRef<Path>) {
        let bless = std::env::var("MSX_BLESS").is_ok_and(|v| v == "1");
        if let Err(e) = self.check_png(golden, bless) {
            panic!("{e}");
        }
    }
}

/// `dir/NAME.WHAT.png` for the golden `dir/NAME.png`.
pub fn beside(golden: &Path, what: &str) -> PathBuf {
    let stem = golden
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = match golden.extension() {
        Some(ext) => format!("{stem}.{what}.{}", ext.to_string_lossy()),
        None => format!("{stem}.{what}"),
    };
    golden.with_file_name(name)
}

fn save(picture: &image::RgbImage, path: &Path) -> Result<(), Error> {
    let mut bytes = Vec::new();
    picture
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .map_err(|source| Error::NotPng {
            path: path.to_path_buf(),
            source,
        })?;
    std::fs::write(path, bytes).map_err(|source| Error::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// What a condition waits for, in words.
pub fn describe(until: &Until) -> String {
    match until {
        Until::TextOnScreen(t) => format!("text {t:?} on screen"),
        Until::DebugOutputContains(t) => format!("debug output {t:?}"),
        Until::PcReached(pc) => format!("PC {pc:04X}h"),
        Until::FrameLimit => "the frame limit".to_string(),
    }
}
