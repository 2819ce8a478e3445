//! The machine being played and what the player does to it: keys, the
//! joystick, pause, warp, reset, save states, disks, screenshots. No
//! window here, so all of it is tested without a display.

use crate::keymap::{joystick_pins, Command, Route, Stick};
use crate::ring::to_pcm;
use crate::PlayerError;
use msx_machine::machine::{frame_png, Machine, MouseAction};
use msx_machine::mouse::MouseButton;
use msx_machine::ppi::Key;
use msx_machine::psg::PortDevice;
use std::path::{Path, PathBuf};
use winit::keyboard::KeyCode;

/// Number of save-state slots (host key + 1…9).
pub const STATE_SLOTS: usize = 9;

/// The extension of save-state files.
pub const STATE_EXTENSION: &str = "msxstate";

/// Where save states go unless told otherwise: `msx/states` in the user's
/// data directory (`$XDG_DATA_HOME`, else `~/.local/share`), as openMSX
/// keeps its savestates in its user directory: a state belongs to the
/// user, not to the game's directory (which may be read-only, or the
/// temporary one of a program built by `msx play`). `None` without either
/// variable.
pub fn default_state_dir() -> Option<PathBuf> {
    let nonempty = |v: std::ffi::OsString| (!v.is_empty()).then(|| PathBuf::from(v));
    let data = std::env::var_os("XDG_DATA_HOME")
        .and_then(nonempty)
        .or_else(|| {
            std::env::var_os("HOME")
                .and_then(nonempty)
                .map(|h| h.join(".local/share"))
        })?;
    Some(data.join("msx").join("states"))
}

/// Volume of the mix: the PSG's three channels at full volume reach about
/// 1.0, an SCC adds more; this leaves headroom before clipping.
const GAIN: f32 = 0.7;

/// A disk the player can put in drive A: (host key + D cycles through them).
#[derive(Clone, Debug)]
pub struct DiskFile {
    /// Where it came from (for messages, and to save it back).
    pub path: PathBuf,
    /// Its bytes, including what the MSX wrote while it was in the drive
    /// earlier in this session.
    pub image: Vec<u8>,
}

impl DiskFile {
    /// Reads a disk image file.
    pub fn read(path: &Path) -> Result<DiskFile, PlayerError> {
        let image = std::fs::read(path).map_err(|source| PlayerError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Ok(DiskFile {
            path: path.to_path_buf(),
            image,
        })
    }

    fn name(&self) -> String {
        self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }
}

/// The state of play.
pub struct Session {
    machine: Machine,
    /// The chosen save-state slot, 0-based.
    slot: usize,
    /// Where the slots' files are (`None`: nowhere to save).
    state_dir: Option<PathBuf>,
    /// Slot files are `<state_stem>-<slot>.msxstate`.
    state_stem: String,
    disks: Vec<DiskFile>,
    /// Index in `disks` of the disk in drive A:, if one of them is.
    disk: Option<usize>,
    save_disks: bool,
    paused: bool,
    warp: bool,
    joystick: bool,
    /// Host keys held, with where they went when pressed (a release goes
    /// to the same place even if a mode changed in between).
    held: Vec<(KeyCode, Route)>,
    /// MSX keys pressed less than [`MIN_TAP_FRAMES`] frames ago: a release
    /// that comes sooner waits, or the BIOS might never see the key.
    taps: Vec<Tap>,
    screenshot_dir: PathBuf,
    screenshot_stem: String,
    /// Host motion not yet a whole mouse count (see [`Session::mouse_motion`]).
    mouse_rest: (f64, f64),
    /// Mouse buttons pressed less than [`MIN_TAP_FRAMES`] frames ago: frames
    /// left, and whether the host let go already (as `taps` for keys: a
    /// program that looks once a frame must see a quick click).
    button_taps: Vec<(MouseButton, u32, bool)>,
}

/// Frames an MSX key stays down at least, however short the host's tap. The
/// BIOS reads the keyboard on every third VBLANK interrupt (SCNCNT; the free
/// BIOS's main/isr.asm), so a key down for fewer frames may fall between two
/// scans: `xdotool key` taps, and typing faster than that, lost letters.
pub const MIN_TAP_FRAMES: u32 = 3;

/// An MSX key pressed recently (see [`Session::taps`]).
#[derive(Clone, Copy, Debug)]
struct Tap {
    key: Key,
    frames_left: u32,
    /// The host released it already; the MSX key goes up when the frames run out.
    released: bool,
}

/// What a command did, for the message line.
pub type Message = String;

impl Session {
    /// Plays `machine`. `disks[first_disk]` is already in drive A: if
    /// given; `save_disks` writes a disk back to its file when the MSX
    /// changed it and it leaves the drive (or the player quits).
    pub fn new(machine: Machine, disks: Vec<DiskFile>, first_disk: Option<usize>) -> Session {
        Session {
            machine,
            slot: 0,
            state_dir: None,
            state_stem: "msx".into(),
            disk: first_disk.filter(|&i| i < disks.len()),
            disks,
            save_disks: false,
            paused: false,
            warp: false,
            joystick: false,
            held: Vec::new(),
            taps: Vec::new(),
            screenshot_dir: PathBuf::from("."),
            screenshot_stem: "msx".into(),
            mouse_rest: (0.0, 0.0),
            button_taps: Vec::new(),
        }
    }

    /// Writes modified disks back to their files.
    pub fn set_save_disks(&mut self, on: bool) {
        self.save_disks = on;
    }

    /// Where screenshots go: `dir/stem-0001.png`, the first free number.
    pub fn set_screenshots(&mut self, dir: PathBuf, stem: String) {
        self.screenshot_dir = dir;
        self.screenshot_stem = stem;
    }

    /// Where the save-state slots are: `dir/stem-1.msxstate` to
    /// `dir/stem-9.msxstate` (the directory is made at the first save).
    pub fn set_state_files(&mut self, dir: Option<PathBuf>, stem: String) {
        self.state_dir = dir;
        self.state_stem = stem;
    }

    /// The file of slot `slot` (1-based), if there is a state directory.
    pub fn state_file(&self, slot: usize) -> Option<PathBuf> {
        let dir = self.state_dir.as_ref()?;
        Some(dir.join(format!("{}-{slot}.{STATE_EXTENSION}", self.state_stem)))
    }

    /// Writes the machine's state to the chosen slot's file.
    fn save_state(&self) -> Result<Message, PlayerError> {
        let n = self.slot + 1;
        let path = self.state_file(n).ok_or(PlayerError::NoStateDir)?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|source| PlayerError::Io {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        write_file(&path, &self.machine.save_state())?;
        Ok(format!("STATE {n} SAVED"))
    }

    /// Replaces the machine with the chosen slot's state. A missing file
    /// is an empty slot; a state the machine refuses leaves it unchanged.
    fn load_state(&mut self) -> Result<Message, PlayerError> {
        let n = self.slot + 1;
        let path = self.state_file(n).ok_or(PlayerError::NoStateDir)?;
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(format!("STATE {n} IS EMPTY"))
            }
            Err(source) => return Err(PlayerError::Io { path, source }),
        };
        self.machine
            .load_state(&bytes)
            .map_err(|source| PlayerError::State { path, source })?;
        // Keep the host's view of the keys: the saved machine holds the
        // keys held when it was saved.
        self.release_all();
        Ok(format!("STATE {n} LOADED"))
    }

    /// Starts with the joystick on the cursor keys and space (in port 1:
    /// the mouse, if plugged in, is unplugged).
    pub fn set_joystick(&mut self, on: bool) {
        self.release_all();
        self.joystick = on;
        if on {
            self.machine.psg_mut().plug(0, PortDevice::Joystick);
        }
    }

    /// Plugs the MSX mouse into port 1 (`true`; the joystick keys go back to
    /// the keyboard) or a joystick (`false`).
    pub fn set_mouse(&mut self, on: bool) {
        if on {
            self.set_joystick(false);
        }
        self.release_all();
        self.mouse_rest = (0.0, 0.0);
        let device = if on {
            PortDevice::Mouse
        } else {
            PortDevice::Joystick
        };
        self.machine.psg_mut().plug(0, device);
    }

    /// Whether the mouse is in port 1.
    pub fn mouse(&self) -> bool {
        self.machine.psg().plugged(0) == PortDevice::Mouse
    }

    /// The host mouse moved `dx`, `dy` host pixels (right and down
    /// positive); `pixels_per_count` host pixels make one MSX mouse count
    /// (one MSX dot on the screen as shown). Fractions are kept for the next
    /// motion, so slow moves are not lost.
    pub fn mouse_motion(&mut self, dx: f64, dy: f64, pixels_per_count: f64) {
        if !self.mouse() || pixels_per_count.is_nan() || pixels_per_count <= 0.0 {
            return;
        }
        let x = self.mouse_rest.0 + dx / pixels_per_count;
        let y = self.mouse_rest.1 + dy / pixels_per_count;
        let (cx, cy) = (x.trunc(), y.trunc());
        self.mouse_rest = (x - cx, y - cy);
        if cx != 0.0 || cy != 0.0 {
            self.machine.apply_mouse(MouseAction::Move {
                dx: cx as i32,
                dy: cy as i32,
            });
        }
    }

    /// A host mouse button went down or up. A button stays down on the MSX
    /// for at least [`MIN_TAP_FRAMES`] frames, however quick the click.
    pub fn mouse_button(&mut self, button: MouseButton, down: bool) {
        if down {
            self.button_taps.retain(|t| t.0 != button);
            self.button_taps.push((button, MIN_TAP_FRAMES, false));
            self.machine.apply_mouse(MouseAction::Press(button));
        } else if let Some(tap) = self.button_taps.iter_mut().find(|t| t.0 == button) {
            tap.2 = true;
        } else {
            self.machine.apply_mouse(MouseAction::Release(button));
        }
    }

    fn age_button_taps(&mut self) {
        let mut up = Vec::new();
        self.button_taps.retain_mut(|t| {
            t.1 = t.1.saturating_sub(1);
            if t.1 > 0 {
                return true;
            }
            if t.2 {
                up.push(t.0);
            }
            false
        });
        for button in up {
            self.machine.apply_mouse(MouseAction::Release(button));
        }
    }

    /// The machine.
    pub fn machine(&self) -> &Machine {
        &self.machine
    }

    /// The machine, writable.
    pub fn machine_mut(&mut self) -> &mut Machine {
        &mut self.machine
    }

    pub fn paused(&self) -> bool {
        self.paused
    }

    pub fn warp(&self) -> bool {
        self.warp
    }

    pub fn joystick(&self) -> bool {
        self.joystick
    }

    /// Runs one frame; returns its T-states and its sound as 16-bit PCM
    /// (empty unless audio capture is on in the machine).
    pub fn run_frame(&mut self) -> (u64, Vec<i16>) {
        let before = self.machine.cycles();
        self.machine.run_frame();
        self.age_taps();
        self.age_button_taps();
        let pcm = to_pcm(&self.machine.take_audio(), GAIN);
        (self.machine.cycles() - before, pcm)
    }

    /// A host key went down or up. Key repeat must be filtered out by the
    /// caller. Commands are returned for the caller (some are the window's).
    pub fn key(&mut self, code: KeyCode, pressed: bool, route: Route) -> Option<Command> {
        if pressed {
            if self.held.iter().any(|(c, _)| *c == code) {
                return None;
            }
            self.held.push((code, route));
            match route {
                Route::Command(c) => return Some(c),
                Route::Msx(k) => {
                    self.machine.press(k);
                    self.taps.retain(|t| t.key != k);
                    self.taps.push(Tap {
                        key: k,
                        frames_left: MIN_TAP_FRAMES,
                        released: false,
                    });
                }
                Route::Stick(_) => self.update_stick(),
                Route::Ignored => {}
            }
        } else {
            let i = self.held.iter().position(|(c, _)| *c == code)?;
            let (_, route) = self.held.remove(i);
            match route {
                Route::Msx(k) if !self.msx_key_held(k) => {
                    match self.taps.iter_mut().find(|t| t.key == k) {
                        Some(tap) => tap.released = true,
                        None => self.machine.release(k),
                    }
                }
                Route::Stick(_) => self.update_stick(),
                _ => {}
            }
        }
        None
    }

    /// A frame has run: keys tapped long enough ago and released by the host
    /// go up.
    fn age_taps(&mut self) {
        let mut up = Vec::new();
        self.taps.retain_mut(|t| {
            t.frames_left = t.frames_left.saturating_sub(1);
            if t.frames_left > 0 {
                return true;
            }
            if t.released {
                up.push(t.key);
            }
            false
        });
        for k in up {
            if !self.msx_key_held(k) {
                self.machine.release(k);
            }
        }
    }

    /// Whether `code` is held.
    pub fn is_held(&self, code: KeyCode) -> bool {
        self.held.iter().any(|(c, _)| *c == code)
    }

    /// Two host keys can be one MSX key (both shifts, both returns).
    fn msx_key_held(&self, key: Key) -> bool {
        self.held.iter().any(|(_, r)| *r == Route::Msx(key))
    }

    fn update_stick(&mut self) {
        let sticks: Vec<Stick> = self
            .held
            .iter()
            .filter_map(|(_, r)| match r {
                Route::Stick(s) => Some(*s),
                _ => None,
            })
            .collect();
        self.machine
            .psg_mut()
            .set_joystick(0, joystick_pins(&sticks));
    }

    /// Lets go of everything (the window lost the keyboard focus: the key
    /// releases will not arrive).
    pub fn release_all(&mut self) {
        self.held.clear();
        self.taps.clear();
        self.machine.release_all();
        self.machine.psg_mut().set_joystick(0, 0x3F);
        self.button_taps.clear();
        for button in [MouseButton::Left, MouseButton::Right] {
            self.machine.apply_mouse(MouseAction::Release(button));
        }
    }

    /// Carries out a command that concerns the machine; `None` for the
    /// window's own commands (fullscreen, scaling, quit).
    pub fn command(&mut self, cmd: Command) -> Option<Result<Message, PlayerError>> {
        let msg = match cmd {
            Command::Pause => {
                self.paused = !self.paused;
                self.release_all();
                if self.paused { "PAUSED" } else { "RUNNING" }.to_string()
            }
            Command::Warp => {
                self.warp = !self.warp;
                if self.warp {
                    "WARP SPEED"
                } else {
                    "REAL SPEED"
                }
                .to_string()
            }
            Command::Reset => {
                self.machine.reset();
                "RESET".to_string()
            }
            Command::Mouse => {
                let on = !self.mouse();
                self.set_mouse(on);
                if on {
                    "MOUSE IN PORT 1: CLICK TO GRAB"
                } else {
                    "MOUSE OFF"
                }
                .to_string()
            }
            Command::Joystick => {
                let on = !self.joystick;
                self.set_joystick(on);
                if on {
                    "JOYSTICK ON CURSOR KEYS + SPACE"
                } else {
                    "JOYSTICK OFF"
                }
                .to_string()
            }
            Command::Slot(n) => {
                self.slot = usize::from(n.clamp(1, STATE_SLOTS as u8)) - 1;
                let used = match self.state_file(self.slot + 1) {
                    Some(p) if p.exists() => "",
                    _ => " (EMPTY)",
                };
                format!("STATE SLOT {}{used}", self.slot + 1)
            }
            Command::SaveState => return Some(self.save_state()),
            Command::LoadState => return Some(self.load_state()),
            Command::NextDisk => return Some(self.next_disk()),
            Command::Screenshot => {
                return Some(self.screenshot().map(|p| format!("SAVED {}", p.display())))
            }
            Command::Fullscreen | Command::IntegerScaling | Command::Quit => return None,
        };
        Some(Ok(msg))
    }

    /// Puts the next of the disks in drive A:.
    fn next_disk(&mut self) -> Result<Message, PlayerError> {
        if self.disks.is_empty() {
            return Ok("NO DISKS: GIVE SEVERAL .DSK FILES OR DROP ONE ON THE WINDOW".into());
        }
        let next = self.disk.map_or(0, |i| (i + 1) % self.disks.len());
        self.put_disk(next)
    }

    /// Takes the current disk out (keeping what the MSX wrote) and inserts
    /// `disks[index]`.
    fn put_disk(&mut self, index: usize) -> Result<Message, PlayerError> {
        self.take_disk_out()?;
        let disk = &self.disks[index];
        self.machine.insert_disk(0, disk.image.clone())?;
        self.disk = Some(index);
        Ok(format!(
            "DISK {}/{}: {}",
            index + 1,
            self.disks.len(),
            disk.name()
        ))
    }

    fn take_disk_out(&mut self) -> Result<(), PlayerError> {
        let modified = self.machine.disk_modified(0);
        let Some(bytes) = self.machine.eject_disk(0) else {
            return Ok(());
        };
        if let Some(i) = self.disk.take() {
            if modified {
                self.disks[i].image = bytes;
                if self.save_disks {
                    write_file(&self.disks[i].path, &self.disks[i].image)?;
                }
            }
        }
        Ok(())
    }

    /// At the end of play: saves the disk in the drive if asked to.
    pub fn finish(&mut self) -> Result<(), PlayerError> {
        if !self.save_disks || !self.machine.disk_modified(0) {
            return Ok(());
        }
        if let (Some(i), Some(bytes)) = (self.disk, self.machine.disk_image(0)) {
            write_file(&self.disks[i].path, bytes)?;
        }
        Ok(())
    }

    /// A file dropped on the window: a save state (`.msxstate`) is loaded,
    /// a disk goes in drive A:, a ROM in cartridge slot 1 (which resets the
    /// MSX, as plugging one in does).
    pub fn insert_file(&mut self, path: &Path) -> Result<Message, PlayerError> {
        let is_state = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case(STATE_EXTENSION));
        if is_state {
            let bytes = std::fs::read(path).map_err(|source| PlayerError::Io {
                path: path.to_path_buf(),
                source,
            })?;
            self.machine
                .load_state(&bytes)
                .map_err(|source| PlayerError::State {
                    path: path.to_path_buf(),
                    source,
                })?;
            self.release_all();
            let name = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            return Ok(format!("STATE {name} LOADED"));
        }
        let disk = DiskFile::read(path)?;
        match media_kind(path, disk.image.len()) {
            Media::Disk => {
                if self.machine.drive_count() == 0 {
                    return Err(PlayerError::NoDiskDrive);
                }
                // Check the image before it joins the list.
                msx_machine::fdc::DiskImage::from_bytes(disk.image.clone())
                    .map_err(msx_machine::machine::MachineError::from)?;
                self.disks.push(disk);
                self.put_disk(self.disks.len() - 1)
            }
            Media::Rom => {
                let name = disk.name();
                let kind = self.machine.insert_cartridge(1, disk.image, None)?;
                self.release_all();
                Ok(format!("CARTRIDGE {name} ({kind:?}), RESET"))
            }
        }
    }

    /// Saves the last frame as a PNG file; returns its path.
    pub fn screenshot(&self) -> Result<PathBuf, PlayerError> {
        let png = frame_png(self.machine.frame())?;
        let path =
            free_name(&self.screenshot_dir, &self.screenshot_stem, "png").ok_or_else(|| {
                PlayerError::Io {
                    path: self.screenshot_dir.clone(),
                    source: std::io::Error::other("no free screenshot name"),
                }
            })?;
        write_file(&path, &png)?;
        Ok(path)
    }
}

/// What kind of medium a file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Media {
    Disk,
    Rom,
}

/// By extension (`.dsk`; `.rom`, `.mx1`, `.mx2`, `.ri`), else by size: the
/// disk formats have sizes no cartridge has (cartridges are powers of two
/// up to 512 KB or multiples of 8 KB below 64 KB).
pub fn media_kind(path: &Path, len: usize) -> Media {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match ext.as_deref() {
        Some("dsk" | "di1" | "di2") => Media::Disk,
        Some("rom" | "mx1" | "mx2" | "ri") => Media::Rom,
        _ if matches!(len, 737_280 | 368_640 | 655_360 | 327_680) => Media::Disk,
        _ => Media::Rom,
    }
}

/// `dir/stem-NNNN.ext` with the first number not taken.
fn free_name(dir: &Path, stem: &str, ext: &str) -> Option<PathBuf> {
    (1..10_000)
        .map(|n| dir.join(format!("{stem}-{n:04}.{ext}")))
        .find(|p| !p.exists())
}

/// Writes through a temporary file and a rename, so a crash never leaves a
/// half-written disk or picture.
fn write_file(path: &Path, bytes: &[u8]) -> Result<(), PlayerError> {
    let io = |source| PlayerError::Io {
        path: path.to_path_buf(),
        source,
    };
    let old = std::fs::metadata(path).ok();
    if old.as_ref().is_some_and(has_other_names) {
        // A rename would cut the file off from its other hard links: rewrite it in place
        // (a disk image keeps its size, so this needs no new space).
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(io)?;
        std::io::Write::write_all(&mut file, bytes).map_err(io)?;
        return file.set_len(bytes.len() as u64).map_err(io);
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp{}", std::process::id()));
    let tmp = PathBuf::from(tmp);
    if let Err(e) = std::fs::write(&tmp, bytes) {
        let _ = std::fs::remove_file(&tmp);
        return Err(io(e));
    }
    if let Some(old) = old {
        // The replaced file's mode, not the default one.
        let _ = std::fs::set_permissions(&tmp, old.permissions());
    }
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        io(e)
    })
}

#[cfg(unix)]
fn has_other_names(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    meta.nlink() > 1
}

#[cfg(not(unix))]
fn has_other_names(_: &std::fs::Metadata) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use msx_machine::machine::MachineConfig;

    #[cfg(unix)]
    #[test]
    fn a_saved_file_keeps_its_mode_and_hard_links() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let dir = std::env::temp_dir().join(format!("msx-player-write-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let (a, b) = (dir.join("a.dsk"), dir.join("b.dsk"));
        std::fs::write(&a, b"old!").unwrap();
        std::fs::set_permissions(&a, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_file(&a, b"new!").unwrap();
        assert_eq!(std::fs::read(&a).unwrap(), b"new!");
        assert_eq!(a.metadata().unwrap().permissions().mode() & 0o777, 0o640);
        std::fs::hard_link(&a, &b).unwrap();
        write_file(&b, b"both").unwrap();
        assert_eq!(std::fs::read(&a).unwrap(), b"both");
        assert_eq!(a.metadata().unwrap().nlink(), 2);
        let _ = std::fs::remove_dir_all(&dir);
    }
    use msx_machine::memory::MachineLayout;

    /// A machine whose main ROM counts in A forever (`NOP; INC A; JR -3`:
    /// PC is 0 only after a reset),
    /// with a disk drive if asked (its ROM is empty: the drive works).
    fn machine(drive: bool) -> Machine {
        let mut main = vec![0u8; 0x8000];
        main[..4].copy_from_slice(&[0x00, 0x3C, 0x18, 0xFD]);
        let disk_rom = drive.then(|| vec![0xFF; 0x4000]);
        let layout = MachineLayout::msx2(main, vec![0xFF; 0x4000], disk_rom);
        Machine::new(MachineConfig::new(layout)).unwrap()
    }

    fn blank_disk(tag: u8) -> Vec<u8> {
        let mut d = vec![0xE5; 737_280];
        d[0] = tag;
        d
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("msx-player-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn keys_reach_the_matrix_and_both_shifts_are_one_key() {
        let mut s = Session::new(machine(false), vec![], None);
        let pressed = |s: &Session, k| s.machine().ppi().keyboard().is_pressed(k);
        s.key(KeyCode::ShiftLeft, true, Route::Msx(Key::Shift));
        s.key(KeyCode::ShiftRight, true, Route::Msx(Key::Shift));
        // Held longer than a tap (see a_short_tap_lasts_until_the_keyboard_is_scanned).
        for _ in 0..MIN_TAP_FRAMES {
            s.run_frame();
        }
        s.key(KeyCode::ShiftLeft, false, Route::Ignored);
        assert!(pressed(&s, Key::Shift), "the right shift is still down");
        s.key(KeyCode::ShiftRight, false, Route::Ignored);
        assert!(!pressed(&s, Key::Shift));
        // A repeated press is one press; a release of a key never pressed
        // does nothing.
        s.key(KeyCode::KeyA, true, Route::Msx(Key::A));
        s.key(KeyCode::KeyA, true, Route::Msx(Key::A));
        s.key(KeyCode::KeyA, false, Route::Ignored);
        assert!(pressed(&s, Key::A), "a tap lasts MIN_TAP_FRAMES frames");
        for _ in 0..MIN_TAP_FRAMES {
            s.run_frame();
        }
        assert!(!pressed(&s, Key::A));
        s.key(KeyCode::KeyB, false, Route::Ignored);
        // Commands come back to the caller and do not touch the matrix.
        assert_eq!(
            s.key(KeyCode::F9, true, Route::Command(Command::Pause)),
            Some(Command::Pause)
        );
        s.key(KeyCode::KeyC, true, Route::Msx(Key::C));
        s.release_all();
        assert!(!pressed(&s, Key::C));
    }

    #[test]
    fn a_short_tap_lasts_until_the_keyboard_is_scanned() {
        let mut s = Session::new(machine(false), vec![], None);
        let pressed = |s: &Session, k| s.machine().ppi().keyboard().is_pressed(k);
        // Down and up between two frames (an xdotool tap).
        s.key(KeyCode::KeyQ, true, Route::Msx(Key::Q));
        s.key(KeyCode::KeyQ, false, Route::Ignored);
        for frame in 0..MIN_TAP_FRAMES {
            assert!(pressed(&s, Key::Q), "up before frame {frame}");
            s.run_frame();
        }
        assert!(!pressed(&s, Key::Q));
        // A key held longer goes up as soon as it is released.
        s.key(KeyCode::KeyW, true, Route::Msx(Key::W));
        for _ in 0..MIN_TAP_FRAMES + 1 {
            s.run_frame();
        }
        assert!(pressed(&s, Key::W));
        s.key(KeyCode::KeyW, false, Route::Ignored);
        assert!(!pressed(&s, Key::W));
        // Pressed again during a tap: it stays down while held.
        s.key(KeyCode::KeyE, true, Route::Msx(Key::E));
        s.key(KeyCode::KeyE, false, Route::Ignored);
        s.key(KeyCode::KeyE, true, Route::Msx(Key::E));
        for _ in 0..MIN_TAP_FRAMES + 2 {
            s.run_frame();
        }
        assert!(pressed(&s, Key::E));
    }

    #[test]
    fn the_mouse_plugs_moves_and_clicks() {
        let mut s = Session::new(machine(false), vec![], None);
        assert!(!s.mouse());
        // Without a mouse, host motion goes nowhere.
        s.mouse_motion(10.0, 10.0, 1.0);
        assert_eq!(
            s.command(Command::Mouse).unwrap().unwrap(),
            "MOUSE IN PORT 1: CLICK TO GRAB"
        );
        assert!(s.mouse());
        let pending = |s: &Session| s.machine().psg().mouse(0).unwrap().pending();
        // 2 host pixels a count: 5 pixels are 2 counts, the half carried over.
        s.mouse_motion(5.0, -3.0, 2.0);
        assert_eq!(pending(&s), (2, -1));
        s.mouse_motion(1.0, -1.0, 2.0);
        assert_eq!(pending(&s), (3, -2));
        s.mouse_button(MouseButton::Left, true);
        assert!(s
            .machine()
            .psg()
            .mouse(0)
            .unwrap()
            .button(MouseButton::Left));
        // R14 with port 1 selected: trigger A (bit 4) low.
        assert_eq!(s.machine().psg().read_register(14) & 0x30, 0x20);
        s.release_all();
        assert!(!s
            .machine()
            .psg()
            .mouse(0)
            .unwrap()
            .button(MouseButton::Left));
        // The joystick takes port 1 back.
        s.set_joystick(true);
        assert!(!s.mouse());
        s.set_mouse(true);
        assert!(s.mouse() && !s.joystick());
        assert_eq!(s.command(Command::Mouse).unwrap().unwrap(), "MOUSE OFF");
        assert!(!s.mouse());
    }

    #[test]
    fn joystick_pins_follow_the_keys() {
        let mut s = Session::new(machine(false), vec![], None);
        s.set_joystick(true);
        s.key(KeyCode::ArrowUp, true, Route::Stick(Stick::Up));
        s.key(KeyCode::Space, true, Route::Stick(Stick::TriggerA));
        // R15 = 0 selects port 1; R14 reads its pins (bits 0-5, active low).
        assert_eq!(s.machine().psg().read_register(14) & 0x3F, 0x3F & !0x11);
        s.key(KeyCode::ArrowUp, false, Route::Ignored);
        assert_eq!(s.machine().psg().read_register(14) & 0x3F, 0x3F & !0x10);
        s.release_all();
        assert_eq!(s.machine().psg().read_register(14) & 0x3F, 0x3F);
    }

    #[test]
    fn save_and_load_state_files() {
        let dir = scratch("states");
        let states = dir.join("states"); // made by the first save
        let mut s = Session::new(machine(false), vec![], None);
        s.set_state_files(Some(states.clone()), "game".into());
        s.run_frame();
        assert_eq!(
            s.command(Command::LoadState).unwrap().unwrap(),
            "STATE 1 IS EMPTY"
        );
        assert_eq!(
            s.command(Command::Slot(3)).unwrap().unwrap(),
            "STATE SLOT 3 (EMPTY)"
        );
        assert_eq!(
            s.command(Command::SaveState).unwrap().unwrap(),
            "STATE 3 SAVED"
        );
        let file = states.join("game-3.msxstate");
        assert_eq!(std::fs::read(&file).unwrap(), s.machine().save_state());
        assert_eq!(
            s.command(Command::Slot(3)).unwrap().unwrap(),
            "STATE SLOT 3"
        );
        let (frame, cycles, a) = (
            s.machine().frame_count(),
            s.machine().cycles(),
            s.machine().cpu().regs.a,
        );
        for _ in 0..5 {
            s.run_frame();
        }
        assert_eq!(s.machine().frame_count(), frame + 5);
        assert_eq!(
            s.command(Command::LoadState).unwrap().unwrap(),
            "STATE 3 LOADED"
        );
        assert_eq!(s.machine().frame_count(), frame);
        assert_eq!(s.machine().cycles(), cycles);
        assert_eq!(s.machine().cpu().regs.a, a);

        // The file outlives the session: another one (a later run) loads it.
        let mut later = Session::new(machine(false), vec![], None);
        later.set_state_files(Some(states.clone()), "game".into());
        later.command(Command::Slot(3));
        assert_eq!(
            later.command(Command::LoadState).unwrap().unwrap(),
            "STATE 3 LOADED"
        );
        assert_eq!(later.machine().cycles(), cycles);

        // Slot 1 is still empty.
        s.command(Command::Slot(1));
        assert!(s
            .command(Command::LoadState)
            .unwrap()
            .unwrap()
            .contains("EMPTY"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_state_that_cannot_load_is_an_error_and_changes_nothing() {
        let dir = scratch("badstate");
        let mut s = Session::new(machine(false), vec![], None);
        s.set_state_files(Some(dir.clone()), "game".into());
        s.run_frame();
        let cycles = s.machine().cycles();
        // A damaged file.
        std::fs::write(dir.join("game-1.msxstate"), b"MSXSTATE but not really").unwrap();
        let err = s.command(Command::LoadState).unwrap().unwrap_err();
        assert!(matches!(err, PlayerError::State { .. }), "{err}");
        assert!(err.to_string().contains("game-1.msxstate"), "{err}");
        // Another machine's state (this one has a disk drive).
        let other = machine(true).save_state();
        std::fs::write(dir.join("game-2.msxstate"), other).unwrap();
        s.command(Command::Slot(2));
        let err = s.command(Command::LoadState).unwrap().unwrap_err();
        assert!(matches!(err, PlayerError::State { .. }), "{err}");
        assert_eq!(s.machine().cycles(), cycles);
        s.run_frame();
        assert!(s.machine().cycles() > cycles, "the machine still runs");
        // A slot file that is a directory cannot be read.
        std::fs::create_dir_all(dir.join("game-4.msxstate")).unwrap();
        s.command(Command::Slot(4));
        let err = s.command(Command::LoadState).unwrap().unwrap_err();
        assert!(matches!(err, PlayerError::Io { .. }), "{err}");
        let err = s.command(Command::SaveState).unwrap().unwrap_err();
        assert!(matches!(err, PlayerError::Io { .. }), "{err}");
        // Nowhere to keep states.
        let mut s = Session::new(machine(false), vec![], None);
        s.set_state_files(None, "game".into());
        let err = s.command(Command::SaveState).unwrap().unwrap_err();
        assert!(matches!(err, PlayerError::NoStateDir), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn toggles_and_reset() {
        let mut s = Session::new(machine(false), vec![], None);
        assert!(!s.paused() && !s.warp() && !s.joystick());
        s.command(Command::Pause);
        s.command(Command::Warp);
        s.command(Command::Joystick);
        assert!(s.paused() && s.warp() && s.joystick());
        s.command(Command::Pause);
        assert!(!s.paused());
        s.run_frame();
        assert_ne!(s.machine().cpu().regs.pc, 0);
        s.command(Command::Reset);
        assert_eq!(s.machine().cpu().regs.pc, 0);
        // The window's commands are not the session's.
        assert!(s.command(Command::Fullscreen).is_none());
        assert!(s.command(Command::Quit).is_none());
    }

    #[test]
    fn disks_cycle_and_keep_their_place() {
        let disks = vec![
            DiskFile {
                path: "a.dsk".into(),
                image: blank_disk(1),
            },
            DiskFile {
                path: "b.dsk".into(),
                image: blank_disk(2),
            },
        ];
        let mut m = machine(true);
        m.insert_disk(0, disks[0].image.clone()).unwrap();
        let mut s = Session::new(m, disks, Some(0));
        let msg = s.command(Command::NextDisk).unwrap().unwrap();
        assert_eq!(msg, "DISK 2/2: b.dsk");
        assert_eq!(s.machine().disk_image(0).unwrap()[0], 2);
        let msg = s.command(Command::NextDisk).unwrap().unwrap();
        assert_eq!(msg, "DISK 1/2: a.dsk");
        assert_eq!(s.machine().disk_image(0).unwrap()[0], 1);
        // Without disks there is nothing to cycle.
        let mut s = Session::new(machine(true), vec![], None);
        assert!(s
            .command(Command::NextDisk)
            .unwrap()
            .unwrap()
            .starts_with("NO DISKS"));
    }

    #[test]
    fn dropped_files() {
        let dir = scratch("drop");
        let disk = dir.join("new.dsk");
        std::fs::write(&disk, blank_disk(7)).unwrap();
        let mut s = Session::new(machine(true), vec![], None);
        assert_eq!(s.insert_file(&disk).unwrap(), "DISK 1/1: new.dsk");
        assert_eq!(s.machine().disk_image(0).unwrap()[0], 7);
        // A machine without a drive says so.
        let mut s2 = Session::new(machine(false), vec![], None);
        assert!(matches!(
            s2.insert_file(&disk),
            Err(PlayerError::NoDiskDrive)
        ));
        // A bad disk is refused and not added.
        let bad = dir.join("bad.dsk");
        std::fs::write(&bad, [0u8; 1000]).unwrap();
        assert!(matches!(s.insert_file(&bad), Err(PlayerError::Machine(_))));
        assert!(s
            .command(Command::NextDisk)
            .unwrap()
            .unwrap()
            .starts_with("DISK 1/1"));
        // A ROM goes into slot 1 and resets.
        let rom_path = dir.join("game.rom");
        let mut rom = vec![0u8; 0x4000];
        rom[..2].copy_from_slice(b"AB");
        std::fs::write(&rom_path, &rom).unwrap();
        s.run_frame();
        let msg = s.insert_file(&rom_path).unwrap();
        assert!(msg.starts_with("CARTRIDGE game.rom"), "{msg}");
        assert_eq!(s.machine().cpu().regs.pc, 0);
        assert!(s.machine().cartridge_kind(1).is_some());
        // A missing file names itself.
        let err = s.insert_file(&dir.join("nope.dsk")).unwrap_err();
        assert!(err.to_string().contains("nope.dsk"), "{err}");
        // A save state is loaded; one of another machine is refused.
        let saved = s.machine().save_state();
        let cycles = s.machine().cycles();
        std::fs::write(dir.join("here.msxstate"), &saved).unwrap();
        s.run_frame();
        let msg = s.insert_file(&dir.join("here.msxstate")).unwrap();
        assert_eq!(msg, "STATE here.msxstate LOADED");
        assert_eq!(s.machine().cycles(), cycles);
        std::fs::write(dir.join("other.msxstate"), machine(false).save_state()).unwrap();
        let err = s.insert_file(&dir.join("other.msxstate")).unwrap_err();
        assert!(matches!(err, PlayerError::State { .. }), "{err}");
        assert_eq!(s.machine().cycles(), cycles);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn screenshots_are_numbered_pngs_of_the_frame() {
        let dir = scratch("shot");
        let mut s = Session::new(machine(false), vec![], None);
        s.set_screenshots(dir.clone(), "game".into());
        s.run_frame();
        let first = s.screenshot().unwrap();
        let second = s.screenshot().unwrap();
        assert_eq!(first, dir.join("game-0001.png"));
        assert_eq!(second, dir.join("game-0002.png"));
        let img = image::open(&first).unwrap().to_rgb8();
        assert_eq!(img.dimensions(), (320, 240));
        let frame = s.machine().frame();
        let p = img.get_pixel(100, 100);
        let want = frame.pixel(100, 100);
        assert_eq!(
            (u32::from(p[0]) << 16) | (u32::from(p[1]) << 8) | u32::from(p[2]),
            want
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn media_kinds() {
        assert_eq!(media_kind(Path::new("x.DSK"), 10), Media::Disk);
        assert_eq!(media_kind(Path::new("x.rom"), 737_280), Media::Rom);
        assert_eq!(media_kind(Path::new("x"), 737_280), Media::Disk);
        assert_eq!(media_kind(Path::new("x.bin"), 32_768), Media::Rom);
    }
}
