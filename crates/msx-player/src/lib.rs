//! The windowed MSX2 emulator behind `msx play`: a window that shows the
//! machine's frames scaled at 4:3, the host keyboard on the MSX matrix by
//! key position, the PSG and SCC on the sound card, at the real speed of
//! the machine, with pause, warp, reset, save states, disk changes and
//! screenshots.
//!
//! ```no_run
//! # fn run(machine: msx_machine::machine::Machine) -> Result<(), msx_player::PlayerError> {
//! use msx_player::{play, PlayerOptions};
//! let report = play(machine, PlayerOptions::new("game.dsk"), &mut |note| eprintln!("{note}"))?;
//! println!("{} frames", report.frames);
//! # Ok(())
//! # }
//! ```
//!
//! The window is winit + softbuffer (a CPU blit: no GPU, no GL, runs under
//! a bare X server); the sound is ALSA loaded at run time (no build-time
//! system library; no ALSA → silent play). Everything that can be tested
//! without a display lives in plain modules: [`keymap`], [`scale`],
//! [`pacing`], [`ring`], [`overlay`], [`session`].
#![deny(unsafe_code)]

mod alsa;
mod app;
pub mod audio;
pub mod font;
pub mod keymap;
pub mod overlay;
pub mod pacing;
pub mod ring;
pub mod scale;
pub mod session;

pub use alsa::AlsaError;
pub use app::{play, PlayReport};
pub use scale::ScaleMode;
pub use session::{default_state_dir, media_kind, DiskFile, Media, STATE_EXTENSION};

use std::path::PathBuf;

/// How to play.
#[derive(Clone, Debug)]
pub struct PlayerOptions {
    /// The window's title (the file played).
    pub title: String,
    /// The window's first size, in multiples of 320×240.
    pub scale: u32,
    /// Integer scaling (default) or any size at 4:3.
    pub scale_mode: ScaleMode,
    /// Start in full screen.
    pub fullscreen: bool,
    /// Play sound (when the host can).
    pub audio: bool,
    /// The joystick on the cursor keys and space from the start.
    pub joystick: bool,
    /// The MSX mouse in port 1 from the start (a click in the window grabs
    /// the host mouse for it).
    pub mouse: bool,
    /// Quit after this many emulated frames (for tests and demos).
    pub frames: Option<u64>,
    /// Disks for drive A: to cycle through (the first one is inserted by
    /// `play` unless `first_disk_inserted` says it already is).
    pub disks: Vec<DiskFile>,
    /// Whether `disks[0]` is already in the machine's drive A:.
    pub first_disk_inserted: bool,
    /// Write disks the MSX changed back to their files.
    pub save_disks: bool,
    /// Where screenshots go.
    pub screenshot_dir: PathBuf,
    /// Screenshot file names: `<stem>-0001.png`…
    pub screenshot_stem: String,
    /// Where the save-state slots are kept (`None`: saving says there is
    /// nowhere to).
    pub state_dir: Option<PathBuf>,
    /// Slot files are `<state_stem>-1.msxstate`…`-9.msxstate`.
    pub state_stem: String,
}

impl PlayerOptions {
    /// Defaults: 2× window, integer scaling, sound on, keyboard (no
    /// joystick), no frame limit, screenshots in the current directory,
    /// save states in [`default_state_dir`].
    pub fn new(title: impl Into<String>) -> PlayerOptions {
        let title = title.into();
        let stem = std::path::Path::new(&title)
            .file_stem()
            .map_or_else(|| "msx".to_string(), |s| s.to_string_lossy().into_owned());
        PlayerOptions {
            title,
            scale: 2,
            scale_mode: ScaleMode::Integer,
            fullscreen: false,
            audio: true,
            joystick: false,
            mouse: false,
            frames: None,
            disks: Vec::new(),
            first_disk_inserted: false,
            save_disks: false,
            screenshot_dir: PathBuf::from("."),
            screenshot_stem: stem.clone(),
            state_dir: session::default_state_dir(),
            state_stem: stem,
        }
    }
}

/// What can stop the player.
#[derive(Debug, thiserror::Error)]
pub enum PlayerError {
    /// No display server to open a window on.
    #[error("no display to open a window on: {0}")]
    NoDisplay(String),
    /// The window system failed.
    #[error("window: {0}")]
    Window(String),
    /// A file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A save state this machine cannot load (another machine's, other
    /// ROMs, a damaged file); the machine is unchanged.
    #[error("{source} ({})", path.display())]
    State {
        path: PathBuf,
        source: msx_machine::machine::StateError,
    },
    /// Nowhere to keep save states.
    #[error("no directory for save states: set HOME or XDG_DATA_HOME, or give --state-dir")]
    NoStateDir,
    /// A disk for a machine without a disk drive.
    #[error("this machine has no disk drive (no disk ROM in its layout)")]
    NoDiskDrive,
    /// The machine refused a medium or a PNG failed.
    #[error(transparent)]
    Machine(#[from] msx_machine::machine::MachineError),
}
