//! `msx play` end to end.
//!
//! Always: without a display it points at `msx run`, and it refuses
//! arguments that cannot work.
//!
//! `MSX_ORACLES=xvfb` (then `xvfb-run`, `xdotool` and `xwd` must be
//! installed: Debian `xvfb xdotool x11-apps`, plus the libraries winit
//! loads, `libx11-6 libx11-xcb1 libxcursor1 libxi6 libxkbcommon-x11-0`): a
//! cartridge echoes typed keys through the BIOS; the test types keys into
//! the window with XTEST (as a user would), takes a screenshot of the X
//! screen, and checks that the window shows, pixel for pixel at 2×, what
//! `msx run` shows headless after typing the same keys. Then F12 must save
//! a screenshot with the headless run's pixels, and the host key (right
//! Ctrl) with Q must quit. Then Minesweeper, built by issue #9's `msx
//! build` command, is played in the window (on an Xvfb of the test's own;
//! `Xvfb` is in the same package) from its menu to a loss and Exit, and
//! from a save state to a win and the records; and Battleship, compiled by
//! the BASIC compiler, to the player's win; every step's picture compared
//! with the headless run of the same keys.
//!
//! `MSX_ORACLES=alsa` (also `libasound2`): a PSG tone reaches ALSA.

mod support;
use support::scratch;

use std::path::{Path, PathBuf};
use std::process::Command;

fn oracle_enabled(name: &str) -> bool {
    std::env::var("MSX_ORACLES")
        .map(|v| v.split(',').any(|t| t.trim() == name))
        .unwrap_or(false)
}

fn require_tool(tool: &str) {
    let found = std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).any(|d| d.join(tool).is_file()))
        .unwrap_or(false);
    assert!(
        found,
        "MSX_ORACLES names xvfb but `{tool}` is not installed (Debian: xvfb xdotool x11-apps)"
    );
}

/// The window tests take turns: several emulators at real speed at once
/// on a small CI machine could fall so far behind that a key held 200 ms
/// spans less than one keyboard scan.
fn one_window_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static WINDOWS: std::sync::Mutex<()> = std::sync::Mutex::new(());
    WINDOWS.lock().unwrap_or_else(|e| e.into_inner())
}

/// How every window test starts: skipped (said on stderr) unless `MSX_ORACLES` names
/// xvfb; otherwise the X tools must be installed, and the test waits for its turn at the
/// display.
fn window_test(tools: &[&str]) -> Option<std::sync::MutexGuard<'static, ()>> {
    if !oracle_enabled("xvfb") {
        eprintln!("skipped: set MSX_ORACLES=xvfb to run the window test");
        return None;
    }
    let turn = one_window_at_a_time();
    for tool in tools {
        require_tool(tool);
    }
    Some(turn)
}

/// A 16 KB cartridge: prints a line with CHPUT, then echoes every key
/// CHGET returns.
fn echo_rom(dir: &Path) -> PathBuf {
    let src = "
        org 4000h
        db 'AB'
        dw init
        dw 0,0,0,0,0,0
init:   ld hl,msg
loop:   ld a,(hl)
        or a
        jr z,keys
        call 00A2h
        inc hl
        jr loop
keys:   call 009Fh
        call 00A2h
        jr keys
msg:    db 'Type here:', 13, 10, 0
";
    let asm = z80_asm::assemble(src, "echo.asm", &z80_asm::Options::default()).unwrap();
    let mut rom = asm.bytes;
    rom.resize(0x4000, 0xFF);
    let path = dir.join("echo.rom");
    std::fs::write(&path, rom).unwrap();
    path
}

/// An X window dump (`xwd`, ZPixmap, 24 or 32 bits per pixel) as RGB rows.
struct Xwd {
    width: usize,
    height: usize,
    pixels: Vec<u32>,
}

fn parse_xwd(data: &[u8]) -> Xwd {
    let field = |i: usize| u32::from_be_bytes(data[i * 4..i * 4 + 4].try_into().unwrap());
    let header_size = field(0) as usize;
    assert_eq!(field(1), 7, "XWD version");
    assert_eq!(field(2), 2, "ZPixmap");
    let (width, height) = (field(4) as usize, field(5) as usize);
    let byte_order = field(7); // 0 = least significant byte first
    let bits_per_pixel = field(11) as usize;
    let bytes_per_line = field(12) as usize;
    let (red, green, blue) = (field(14), field(15), field(16));
    let ncolors = field(19) as usize;
    assert!(
        bits_per_pixel == 32 || bits_per_pixel == 24,
        "{bits_per_pixel} bpp"
    );
    let start = header_size + ncolors * 12;
    let bpp = bits_per_pixel / 8;
    let channel = |v: u32, mask: u32| (v & mask) >> mask.trailing_zeros();
    let mut pixels = Vec::with_capacity(width * height);
    for y in 0..height {
        let row = &data[start + y * bytes_per_line..];
        for x in 0..width {
            let b = &row[x * bpp..x * bpp + bpp];
            let v = b.iter().enumerate().fold(0u32, |v, (i, &byte)| {
                let shift = if byte_order == 0 { i } else { bpp - 1 - i };
                v | u32::from(byte) << (8 * shift)
            });
            pixels.push(channel(v, red) << 16 | channel(v, green) << 8 | channel(v, blue));
        }
    }
    Xwd {
        width,
        height,
        pixels,
    }
}

/// Without any display, the player says where to go instead (this one
/// needs no X server and always runs).
#[test]
fn without_a_display_it_points_at_msx_run() {
    let dir = scratch("nodisplay");
    echo_rom(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_msx"))
        .current_dir(&dir)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .args(["play", "echo.rom"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("no display"), "{err}");
    assert!(err.contains("msx run echo.rom"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every launch powers on another machine (a fresh seed, said on stderr before the
/// window opens, so this needs no display); `--seed` repeats one.
#[test]
fn each_launch_says_its_seed_and_seed_repeats_one() {
    let dir = scratch("seed");
    echo_rom(&dir);
    let seed_of = |extra: &[&str]| -> String {
        let out = Command::new(env!("CARGO_BIN_EXE_msx"))
            .current_dir(&dir)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .args(["play", "echo.rom"])
            .args(extra)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        let line = err
            .lines()
            .find_map(|l| l.strip_prefix("msx play: seed "))
            .unwrap_or_else(|| panic!("no seed said: {err}"));
        let seed = line.split_whitespace().next().unwrap().to_string();
        assert!(
            line.contains(&format!("`--seed {seed}`")),
            "the line does not say how to repeat it: {err}"
        );
        seed
    };
    let first = seed_of(&[]);
    let second = seed_of(&[]);
    assert!(first.parse::<u64>().unwrap() > 0);
    assert_ne!(first, second, "two launches had the same seed");
    assert_eq!(seed_of(&["--seed", "42"]), "42");
    assert_eq!(seed_of(&["--seed", "0"]), "0");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `msx play game.pas` builds as `msx build` does, with the program's
/// `msx.toml` (its data files go on the temporary disk), before it looks for
/// a display.
#[test]
fn a_program_is_built_with_its_manifest() {
    let dir = scratch("manifest");
    let out = Command::new(env!("CARGO_BIN_EXE_msx"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("TMPDIR", &dir)
        .args(["play", "examples/minesweeper/mines.pas"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "examples/minesweeper/msx.toml: added examples/minesweeper/MINES.SC5 as MINES.SC5"
        ),
        "{err}"
    );
    assert!(err.contains("mines.dsk: "), "{err}");
    assert!(err.contains("no display"), "{err}");
    // The temporary disk is gone.
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Arguments that cannot work are refused before any window opens.
#[test]
fn refuses_what_cannot_work() {
    let dir = scratch("refuse");
    echo_rom(&dir);
    let msx = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_msx"))
            .current_dir(&dir)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let err = msx(&["play", "echo.rom", "--add", "x.txt"]);
    assert!(err.contains("--add"), "{err}");
    let err = msx(&["play", "echo.rom", "more.dsk"]);
    assert!(err.contains("not a disk"), "{err}");
    let err = msx(&["play", "game.pas", "--save-disk"]);
    assert!(err.contains("--save-disk"), "{err}");
    let err = msx(&["play", "missing.rom"]);
    assert!(err.contains("missing.rom"), "{err}");
    // A state that is missing or is no state: refused before any window.
    let err = msx(&["play", "echo.rom", "--load-state", "missing.msxstate"]);
    assert!(err.contains("missing.msxstate"), "{err}");
    std::fs::write(dir.join("junk.msxstate"), b"not a state").unwrap();
    let err = msx(&["play", "echo.rom", "--load-state", "junk.msxstate"]);
    assert!(
        err.contains("junk.msxstate: cannot load this state"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn window_shows_what_the_headless_run_shows() {
    let Some(_turn) = window_test(&["xvfb-run", "xdotool", "xwd"]) else {
        return;
    };
    let dir = scratch("echo");
    echo_rom(&dir);
    let msx = env!("CARGO_BIN_EXE_msx");

    // The reference: the same keys typed headless.
    let out = Command::new(msx)
        .current_dir(&dir)
        .args(["run", "echo.rom", "--type", "msx1", "--type-at", "240"])
        .args(["--frames", "600", "--png", "ref.png"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // The window: XTEST keys (xdotool without --window) after focusing it,
    // each held 150 ms so the BIOS's 60 Hz scan sees it.
    let script = format!(
        r#"
"{msx}" play echo.rom --mute --scale 2 --frames 3600 > play.log 2>&1 &
pid=$!
wid=$(xdotool search --sync --onlyvisible --name 'msx play' | head -1)
xdotool windowfocus --sync "$wid"
sleep 6
for k in m s x 1; do xdotool keydown $k; sleep 0.15; xdotool keyup $k; sleep 0.2; done
sleep 1
xdotool getwindowgeometry --shell "$wid" > geom.txt
xwd -root -silent > shot.xwd
# The player's own keys: F12 saves a screenshot, host key (right Ctrl) + Q quits.
xdotool keydown F12; sleep 0.15; xdotool keyup F12; sleep 0.5
xdotool keydown Control_R; xdotool keydown q; sleep 0.15; xdotool keyup q; xdotool keyup Control_R
sleep 2
kill -0 $pid 2>/dev/null && echo "still running 2 s after host key + Q" > alive.txt
wait $pid
echo $? > play.rc
"#
    );
    std::fs::write(dir.join("play.sh"), script).unwrap();
    let out = Command::new("xvfb-run")
        .current_dir(&dir)
        .args(["-a", "-s", "-screen 0 800x600x24", "sh", "play.sh"])
        .output()
        .unwrap();
    let log = std::fs::read_to_string(dir.join("play.log")).unwrap_or_default();
    assert!(
        out.status.success(),
        "xvfb-run: {}\n{}\nplay: {log}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let rc = std::fs::read_to_string(dir.join("play.rc")).unwrap_or_default();
    assert_eq!(rc.trim(), "0", "msx play failed:\n{log}");
    assert!(
        !dir.join("alive.txt").exists(),
        "host key + Q did not quit the player"
    );

    let geom = std::fs::read_to_string(dir.join("geom.txt")).unwrap();
    let get = |key: &str| -> usize {
        geom.lines()
            .find_map(|l| l.strip_prefix(key)?.strip_prefix('='))
            .unwrap_or_else(|| panic!("no {key} in {geom}"))
            .parse()
            .unwrap()
    };
    let (wx, wy, ww, wh) = (get("X"), get("Y"), get("WIDTH"), get("HEIGHT"));
    assert_eq!((ww, wh), (640, 480), "--scale 2 opens a 640x480 window");

    let shot = parse_xwd(&std::fs::read(dir.join("shot.xwd")).unwrap());
    let reference = image::open(dir.join("ref.png")).unwrap().to_rgb8();
    assert_eq!(reference.dimensions(), (320, 240));
    assert!(wx + ww <= shot.width && wy + wh <= shot.height);

    let mut differences = 0;
    let mut first = None;
    for y in 0..wh {
        for x in 0..ww {
            let p = reference.get_pixel((x / 2) as u32, (y / 2) as u32);
            let want = u32::from(p[0]) << 16 | u32::from(p[1]) << 8 | u32::from(p[2]);
            let got = shot.pixels[(wy + y) * shot.width + wx + x];
            if got != want {
                differences += 1;
                first.get_or_insert((x, y, got, want));
            }
        }
    }
    assert_eq!(
        differences,
        0,
        "window pixels differ from `msx run` (first at {first:x?}: window, headless); files in {}",
        dir.display()
    );
    // F12 saved the MSX frame itself: the same pixels as the headless run.
    let saved = image::open(dir.join("echo-0001.png"))
        .expect("F12 wrote echo-0001.png")
        .to_rgb8();
    assert!(
        saved == reference,
        "the F12 screenshot differs from `msx run`'s PNG"
    );
    // And the picture is not trivially blank: the typed text is there.
    let colours: std::collections::HashSet<_> = reference.pixels().collect();
    assert!(colours.len() >= 2, "the reference shows a blank screen");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A cartridge that sounds channel A of the PSG at 440 Hz (tone period 254:
/// 3579545 / 32 / 254 = 440.4 Hz), full volume, forever.
fn tone_rom(dir: &Path) -> PathBuf {
    let src = "
        org 4000h
        db 'AB'
        dw init
        dw 0,0,0,0,0,0
init:   di
        ld hl,regs
        ld b,4
next:   ld a,(hl)
        out (0A0h),a
        inc hl
        ld a,(hl)
        out (0A1h),a
        inc hl
        djnz next
hang:   jr hang
regs:   db 0,254, 1,0, 7,0BEh, 8,15
";
    let asm = z80_asm::assemble(src, "tone.asm", &z80_asm::Options::default()).unwrap();
    let mut rom = asm.bytes;
    rom.resize(0x4000, 0xFF);
    let path = dir.join("tone.rom");
    std::fs::write(&path, rom).unwrap();
    path
}

/// The sound reaches ALSA (opt-in: `MSX_ORACLES=alsa`, with `libasound2`
/// and the Xvfb tools installed). No sound card is needed, so it runs on CI
/// machines: `ALSA_CONFIG_PATH` points ALSA at a configuration of the
/// test's own, whose default device is the `file` plugin over the `null`
/// device (both built into libasound; nothing of the host's ALSA setup is
/// read). The test reads back what the player played and finds the 440 Hz
/// square wave of the PSG.
#[test]
fn sound_goes_to_alsa() {
    if !oracle_enabled("alsa") {
        eprintln!("skipped: set MSX_ORACLES=alsa to run the sound test");
        return;
    }
    let _turn = one_window_at_a_time();
    require_tool("xvfb-run");
    let dir = scratch("alsa");
    tone_rom(&dir);
    let raw = dir.join("out.raw");
    let config = dir.join("asound.conf");
    std::fs::write(
        &config,
        format!(
            "pcm.!default {{\n  type file\n  slave.pcm {{ type null }}\n  file \"{}\"\n  format \"raw\"\n}}\n",
            raw.display()
        ),
    )
    .unwrap();
    let out = Command::new("xvfb-run")
        .current_dir(&dir)
        .env("ALSA_CONFIG_PATH", &config)
        .args([
            "-a",
            env!("CARGO_BIN_EXE_msx"),
            "play",
            "tone.rom",
            "--frames",
            "300",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        !err.contains("no sound"),
        "MSX_ORACLES names alsa but the player found no sound (is libasound2 installed?): {err}"
    );
    let bytes = std::fs::read(&raw).expect("ALSA wrote nothing");
    let samples: Vec<i16> = bytes
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect();
    // The file device has no clock, so the player's silence fills gaps
    // between the frames' samples: measure the wave between rising edges,
    // where a period of 100 samples (44100 / 440.4) must dominate. The
    // tone starts when the BIOS has booted and run the cartridge (about
    // two seconds in), so 300 frames leave some 1000 periods.
    let edges: Vec<usize> = (1..samples.len())
        .filter(|&i| samples[i - 1] <= 0 && samples[i] > 0)
        .collect();
    let periods: Vec<usize> = edges.windows(2).map(|w| w[1] - w[0]).collect();
    let near_440 = periods.iter().filter(|&&p| (99..=101).contains(&p)).count();
    assert!(
        near_440 > 500 && near_440 * 2 > periods.len(),
        "{near_440} of {} periods near 100 samples (440 Hz); {} samples",
        periods.len(),
        samples.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// An X server of our own (Xvfb, on the first free display it finds), killed
/// when dropped, and what a test does on it: start a program, type keys as a
/// user (XTEST), look at the screen.
struct XServer {
    xvfb: std::process::Child,
    display: String,
}

impl XServer {
    fn start() -> XServer {
        use std::io::BufRead;
        // -displayfd: Xvfb picks a free display and writes its number.
        let mut xvfb = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "800x600x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("start Xvfb");
        let mut line = String::new();
        std::io::BufReader::new(xvfb.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let number: u32 = line.trim().parse().expect("Xvfb's display number");
        XServer {
            xvfb,
            display: format!(":{number}"),
        }
    }

    fn command(&self, program: &str) -> Command {
        let mut c = Command::new(program);
        c.env("DISPLAY", &self.display)
            .env_remove("WAYLAND_DISPLAY");
        c
    }

    fn xdotool(&self, args: &[&str]) -> String {
        let out = self.command("xdotool").args(args).output().unwrap();
        assert!(
            out.status.success(),
            "xdotool {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Taps `keys` (xdotool key names) one after the other: each held 200 ms,
    /// long enough for the BIOS's scan (every third frame) even on a slow host.
    fn tap(&self, keys: &[&str]) {
        for k in keys {
            self.xdotool(&["keydown", k]);
            std::thread::sleep(std::time::Duration::from_millis(200));
            self.xdotool(&["keyup", k]);
            std::thread::sleep(std::time::Duration::from_millis(250));
        }
    }

    /// The window `wid`'s picture, as 0xRRGGBB rows (from a dump of the
    /// whole screen: what the user sees, not what the program thinks it drew).
    fn window_pixels(&self, wid: &str) -> (usize, usize, Vec<u32>) {
        let geom = self.xdotool(&["getwindowgeometry", "--shell", wid]);
        let get = |key: &str| -> usize {
            geom.lines()
                .find_map(|l| l.strip_prefix(key)?.strip_prefix('='))
                .unwrap_or_else(|| panic!("no {key} in {geom}"))
                .parse()
                .unwrap()
        };
        let (wx, wy, ww, wh) = (get("X"), get("Y"), get("WIDTH"), get("HEIGHT"));
        let out = self
            .command("xwd")
            .args(["-root", "-silent"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let shot = parse_xwd(&out.stdout);
        let mut pixels = Vec::with_capacity(ww * wh);
        for y in 0..wh {
            let row = (wy + y) * shot.width + wx;
            pixels.extend_from_slice(&shot.pixels[row..row + ww]);
        }
        (ww, wh, pixels)
    }
}

impl Drop for XServer {
    fn drop(&mut self) {
        let _ = self.xvfb.kill();
        let _ = self.xvfb.wait();
    }
}

/// Pixels of the MSX frame (320×240) a comparison leaves out, where the
/// program's own randomness (not the player) decides what is shown.
type Ignored = fn(usize, usize) -> bool;

fn nothing_ignored(_: usize, _: usize) -> bool {
    false
}

/// How `picture` (the window, `w`×`h`) differs from `reference` shown at 2×,
/// outside `ignored`: the number of pixels and the first one.
fn differences(
    w: usize,
    h: usize,
    picture: &[u32],
    reference: &image::RgbImage,
    ignored: Ignored,
) -> (usize, Option<(usize, usize, u32, u32)>) {
    if (w, h)
        != (
            2 * reference.width() as usize,
            2 * reference.height() as usize,
        )
    {
        return (w * h, None);
    }
    let mut count = 0;
    let mut first = None;
    for y in 0..h {
        for x in 0..w {
            if ignored(x / 2, y / 2) {
                continue;
            }
            let p = reference.get_pixel((x / 2) as u32, (y / 2) as u32);
            let want = u32::from(p[0]) << 16 | u32::from(p[1]) << 8 | u32::from(p[2]);
            let got = picture[y * w + x];
            if got != want {
                count += 1;
                first.get_or_insert((x, y, got, want));
            }
        }
    }
    (count, first)
}

fn save_rgb(path: &Path, w: usize, h: usize, pixels: &[u32]) {
    let img = image::RgbImage::from_fn(w as u32, h as u32, |x, y| {
        let v = pixels[y as usize * w + x as usize];
        image::Rgb([(v >> 16) as u8, (v >> 8) as u8, v as u8])
    });
    img.save(path).unwrap();
}

/// One step of a game played in the window and headless: the keys (MSX key
/// script names), then the picture both must come to.
struct Step {
    what: &'static str,
    keys: Vec<&'static str>,
    /// Frames the headless run waits after the last key (the window waits
    /// until its picture comes).
    settle: u64,
}

impl Step {
    fn new(what: &'static str, keys: Vec<&'static str>) -> Step {
        Step {
            what,
            keys,
            settle: SETTLE,
        }
    }
}

/// Where both runs start: power-on, or a save state (of `frame`).
struct Start<'a> {
    /// Extra arguments of `msx run` and `msx play` (`--load-state F`).
    args: &'a [&'a str],
    /// The frame (from power-on) the machine starts at.
    frame: u64,
    /// The frame at which the first step's keys go down headless.
    first_keys_at: u64,
    /// What the comparisons leave out.
    ignored: Ignored,
    /// What `msx play` is given instead of the disk `msx run` runs (a
    /// program it builds into that same disk first).
    play_file: Option<&'a str>,
    /// After the last step, save a state with host key + S and check that
    /// `msx run --load-state` shows the last step's picture from it.
    save_state_at_end: bool,
}

/// The MSX key script name of a key → the X key name xdotool presses.
fn x_key(msx: &str) -> &'static str {
    match msx {
        "UP" => "Up",
        "DOWN" => "Down",
        "LEFT" => "Left",
        "RIGHT" => "Right",
        "RETURN" => "Return",
        "ESC" => "Escape",
        "Z" => "z",
        "X" => "x",
        "C" => "c",
        "A" => "a",
        "N" => "n",
        "SPACE" => "space",
        other => panic!("no X name for {other}"),
    }
}

/// Frame of the headless run at which the first step's keys start: the disk
/// has booted and the program waits for a key (checked by
/// `minesweeper_machine`).
const FIRST_KEYS_AT: u64 = 2000;
/// Frames each key is held and then left alone in the headless run.
const KEY_HOLD: u64 = 3;
const KEY_GAP: u64 = 27;
/// Frames after a step's last key before its picture is taken.
const SETTLE: u64 = 300;

/// The key script of `steps` from frame `at`, and the frame at which the
/// last one's picture is due.
fn key_script(steps: &[Step], at: u64) -> (String, u64) {
    let mut script = format!("at {at}\n");
    let mut frame = at;
    for step in steps {
        for k in &step.keys {
            script += &format!("press {k} for {KEY_HOLD}\nwait {KEY_GAP}\n");
            frame += KEY_HOLD + KEY_GAP;
        }
        script += &format!("wait {}\n", step.settle);
        frame += step.settle;
    }
    (script, frame)
}

/// The disks' file dates (`msx build` and the build of `msx play` alike).
const SOURCE_DATE_EPOCH: &str = "1714564800";

/// The clock chip's start for both runs (the window's default is the host's time).
const RTC: &str = "2026-01-01T00:00:00";

/// Plays `steps` in `msx play` under Xvfb with XTEST keys, waiting after each
/// step until the window shows, pixel for pixel at 2×, what `msx run` shows
/// headless after the same keys (a step's picture must appear within
/// `timeout`; on failure both pictures are left in `dir`). Then host key + Q
/// must quit the player.
fn play_steps_in_window(dir: &Path, disk: &str, start: &Start, steps: &[Step], timeout_s: u64) {
    let msx = env!("CARGO_BIN_EXE_msx");
    // The references: the headless run of each prefix of the steps.
    let mut references = Vec::new();
    for n in 0..=steps.len() {
        let (script, end) = key_script(&steps[..n], start.first_keys_at);
        let end = if n == 0 { start.first_keys_at } else { end };
        // With a state, --frames counts from the state.
        let frames = end - start.frame;
        std::fs::write(dir.join(format!("keys{n}.txt")), script).unwrap();
        let png = format!("ref{n}.png");
        let out = Command::new(msx)
            .current_dir(dir)
            .args(["run", disk, "--rtc", RTC])
            .args(start.args)
            .arg("--keys")
            .arg(format!("keys{n}.txt"))
            .args(["--frames", &frames.to_string(), "--png", &png])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let picture = image::open(dir.join(&png)).unwrap().to_rgb8();
        // Every step changes the picture, so a window stuck on an earlier
        // one cannot pass.
        assert!(
            references.last() != Some(&picture),
            "step {n} shows the same picture as the step before (keys{n}.txt in {})",
            dir.display()
        );
        references.push(picture);
    }

    let x = XServer::start();
    let mut player = x
        .command(msx)
        .current_dir(dir)
        .arg("play")
        .arg(start.play_file.unwrap_or(disk))
        .args([
            "--mute",
            "--scale",
            "2",
            "--rtc",
            RTC,
            // The machine of `msx run` (seed 0), not a fresh power-on.
            "--seed",
            "0",
            "--state-dir",
            "states",
        ])
        .args(start.args)
        // A program built by play gets the same disk as `msx build` made.
        .env("SOURCE_DATE_EPOCH", SOURCE_DATE_EPOCH)
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(dir.join("play.log")).unwrap())
        .spawn()
        .unwrap();
    let wid = x.xdotool(&["search", "--sync", "--onlyvisible", "--name", "msx play"]);
    let wid = wid.lines().next().expect("the player's window").to_string();
    x.xdotool(&["windowfocus", "--sync", &wid]);
    // Boot in warp (F10), back to real speed for the keys.
    x.tap(&["F10"]);
    let what = |n: usize| {
        if n == 0 {
            "the program's first screen"
        } else {
            steps[n - 1].what
        }
    };
    for (n, reference) in references.iter().enumerate() {
        if n > 0 {
            let keys: Vec<&str> = steps[n - 1].keys.iter().map(|k| x_key(k)).collect();
            x.tap(&keys);
        }
        let limit = std::time::Instant::now() + std::time::Duration::from_secs(timeout_s);
        loop {
            let (w, h, pixels) = x.window_pixels(&wid);
            let (count, first) = differences(w, h, &pixels, reference, start.ignored);
            if count == 0 {
                break;
            }
            if std::time::Instant::now() > limit {
                save_rgb(&dir.join(format!("window{n}.png")), w, h, &pixels);
                let _ = player.kill();
                let _ = player.wait();
                panic!(
                    "step {n} ({}): the window ({w}x{h}) never showed what `msx run` shows: \
                     {count} pixels differ, the first at {first:x?} (window, headless); \
                     window{n}.png and ref{n}.png in {}",
                    what(n),
                    dir.display()
                );
            }
            std::thread::sleep(std::time::Duration::from_millis(500));
        }
        if n == 0 {
            // Real speed; the message line ("REAL SPEED") goes after 3 s.
            x.tap(&["F10"]);
            std::thread::sleep(std::time::Duration::from_millis(3500));
        }
    }
    if start.save_state_at_end {
        // Host key + S: slot 1's file in --state-dir, which `msx run`
        // loads to the same picture.
        let file = dir.join("states").join(format!(
            "{}-1.msxstate",
            Path::new(start.play_file.unwrap_or(disk))
                .file_stem()
                .unwrap()
                .to_string_lossy()
        ));
        x.xdotool(&["keydown", "Control_R", "keydown", "s"]);
        std::thread::sleep(std::time::Duration::from_millis(200));
        x.xdotool(&["keyup", "s", "keyup", "Control_R"]);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while !file.exists() {
            assert!(
                std::time::Instant::now() < deadline,
                "host key + S wrote no {}",
                file.display()
            );
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        std::thread::sleep(std::time::Duration::from_millis(500));
        let out = Command::new(msx)
            .current_dir(dir)
            .args(["run", disk, "--rtc", RTC, "--load-state"])
            .arg(&file)
            .args(["--frames", "60", "--png", "saved.png"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let saved = image::open(dir.join("saved.png")).unwrap().to_rgb8();
        assert!(
            &saved == references.last().unwrap(),
            "the state saved by the window shows another picture (saved.png in {})",
            dir.display()
        );
    }
    x.xdotool(&["keydown", "Control_R", "keydown", "q"]);
    std::thread::sleep(std::time::Duration::from_millis(200));
    x.xdotool(&["keyup", "q", "keyup", "Control_R"]);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let status = loop {
        if let Some(status) = player.try_wait().unwrap() {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = player.kill();
            panic!("host key + Q did not quit the player");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    let log = std::fs::read_to_string(dir.join("play.log")).unwrap_or_default();
    assert!(status.success(), "msx play: {log}");
}

/// A symbol's address in a symbol file (`name: equ 0xADDR`).
fn symbol(sym: &str, name: &str) -> u16 {
    sym.lines()
        .find_map(|l| {
            let rest = l.strip_prefix(name)?.strip_prefix(": equ 0x")?;
            u16::from_str_radix(rest.trim(), 16).ok()
        })
        .unwrap_or_else(|| panic!("no symbol {name}"))
}

/// The machine of `msx run DISK --rtc RTC`, headless, with Minesweeper
/// started in an easy game: the menu came up by [`FIRST_KEYS_AT`] and
/// RETURN was pressed then; it stops where the game waits for its keys.
fn minesweeper_machine(disk: &[u8], sym: &str) -> msx_machine::machine::Machine {
    use msx_machine::machine::{KeyScript, Machine, MachineConfig, RunOutcome, Until};
    let layout = support::free_bios_layout();
    let mut config = MachineConfig::new(layout);
    config.rtc_start = msx_machine::rtc::DateTime::new(2026, 1, 1, 0, 0, 0);
    let mut m = Machine::new(config).unwrap();
    m.insert_disk(0, disk.to_vec()).unwrap();
    let reached = m.run_until(
        &Until::PcReached(symbol(sym, "chooseOption")),
        FIRST_KEYS_AT,
    );
    assert!(
        matches!(reached, RunOutcome::Reached { .. }),
        "the menu is not up by frame {FIRST_KEYS_AT}: {reached:?}"
    );
    let at = FIRST_KEYS_AT;
    m.schedule_script(&KeyScript::parse(&format!("at {at} press RETURN for 3")).unwrap());
    let reached = m.run_until(&Until::PcReached(symbol(sym, "gameControl")), 600 + at);
    assert!(matches!(reached, RunOutcome::Reached { .. }), "{reached:?}");
    m
}

/// The program's RAM (the memory mapper, slot 3-2).
const PROGRAM_RAM: msx_machine::memory::SlotId = msx_machine::memory::SlotId {
    primary: 3,
    secondary: Some(2),
};

/// The address of `mineMap[x, y]` (`array[1..30, 1..16] of integer`: the
/// last index varies fastest).
fn mine_cell(sym: &str, x: usize, y: usize) -> u16 {
    symbol(sym, "mineMap") + 2 * ((x - 1) * 16 + (y - 1)) as u16
}

/// The easy board a machine holds (mines -1, else the count of mine
/// neighbours; `[x][y]`, 1-based).
fn easy_board(m: &msx_machine::machine::Machine, sym: &str) -> Vec<Vec<i16>> {
    let cell = |x: usize, y: usize| {
        let b = m.peek_slot(PROGRAM_RAM, mine_cell(sym, x, y), 2);
        i16::from_le_bytes([b[0], b[1]])
    };
    (0..=8)
        .map(|x| {
            (0..=8)
                .map(|y| if x * y == 0 { 0 } else { cell(x, y) })
                .collect()
        })
        .collect()
}

/// `msx build` of Minesweeper into `dir/mines.dsk` (and `mines.sym`), by
/// issue #9's command: its `msx.toml` puts the sheet on the disk.
fn build_minesweeper(dir: &Path) -> (Vec<u8>, String) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/minesweeper/mines.pas");
    let out = Command::new(env!("CARGO_BIN_EXE_msx"))
        .current_dir(dir)
        .arg("build")
        .arg(&src)
        .args(["-o", "mines.dsk", "--sym", "mines.sym"])
        .env("SOURCE_DATE_EPOCH", SOURCE_DATE_EPOCH)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        std::fs::read(dir.join("mines.dsk")).unwrap(),
        std::fs::read_to_string(dir.join("mines.sym")).unwrap(),
    )
}

/// Cursor keys from (x0, y0) to (x1, y1).
fn moves(from: (usize, usize), to: (usize, usize)) -> Vec<&'static str> {
    let mut keys = Vec::new();
    let h = if to.0 > from.0 { "RIGHT" } else { "LEFT" };
    keys.extend(std::iter::repeat_n(h, from.0.abs_diff(to.0)));
    let v = if to.1 > from.1 { "DOWN" } else { "UP" };
    keys.extend(std::iter::repeat_n(v, from.1.abs_diff(to.1)));
    keys
}

/// Issue #9's command, played in the window from the menu to the end: the
/// menu's highlight, an easy game, a wrong flag, a mine (the game lost: every
/// mine shown, the one hit in red, the flag crossed out), the records, and
/// Exit. Every picture is compared with the headless run of the same keys.
/// (The first Z of a game starts its clock and this one hits a mine, so the
/// time shown is the same in both runs whatever the host's speed.)
#[test]
fn minesweeper_plays_to_the_end_in_the_window() {
    let Some(_turn) = window_test(&["Xvfb", "xdotool", "xwd"]) else {
        return;
    };
    let dir = scratch("mines");
    let (disk, sym) = build_minesweeper(&dir);
    // The board depends only on the boot (the seed is taken before the
    // menu), so the window gets this one too.
    let board = easy_board(&minesweeper_machine(&disk, &sym), &sym);
    let cells = || (1..=8).flat_map(|y| (1..=8).map(move |x| (x, y)));
    let mine = cells().find(|&(x, y)| board[x][y] == -1).unwrap();
    // A flag on a numbered cell away from the start: a wrong flag at the loss.
    let flag = cells()
        .find(|&(x, y)| board[x][y] > 0 && (x, y) != (1, 1))
        .unwrap();
    let mut to_flag = moves((1, 1), flag);
    to_flag.push("X");
    let mut to_mine = moves(flag, mine);
    to_mine.push("Z");
    let steps = [
        Step::new("the menu, Mines Hard lit", vec!["DOWN"]),
        Step::new("an easy game's start", vec!["UP", "RETURN"]),
        Step::new("a wrong flag", to_flag),
        Step::new("a mine: the game lost", to_mine),
        Step::new("the records", vec!["RETURN", "DOWN", "DOWN", "RETURN"]),
        Step::new(
            "Exit: the text screen's goodbye",
            vec!["RETURN", "DOWN", "DOWN", "DOWN", "RETURN"],
        ),
    ];
    let start = Start {
        args: &[],
        frame: 0,
        first_keys_at: FIRST_KEYS_AT,
        ignored: nothing_ignored,
        play_file: None,
        save_state_at_end: false,
    };
    play_steps_in_window(&dir, "mines.dsk", &start, &steps, 60);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A win in the window, from a save state: an easy game with a known board
/// (ten mines in the bottom right corner, so one Z opens every other cell),
/// prepared headless as `tests/minesweeper_game.rs` prepares its boards and
/// saved to a file that `msx play --load-state` and `msx run --load-state`
/// both start from. Then Z wins, the name is typed, RETURN records it
/// (written to the disk), and the records screen shows it; every picture
/// compared with the headless run of the same keys. Last, host key + S
/// saves the window's machine to a state file, which `msx run` loads to the
/// same records screen. The game's clock is set
/// in the state to have started more than 16 minutes ago, so it shows its
/// cap, 999, in both runs whatever the host's speed (a time that depended
/// on when XTEST's keys arrive could differ by a second).
#[test]
fn minesweeper_win_from_a_save_state_in_the_window() {
    let Some(_turn) = window_test(&["Xvfb", "xdotool", "xwd"]) else {
        return;
    };
    let dir = scratch("mineswin");
    let (disk, sym) = build_minesweeper(&dir);
    let mut m = minesweeper_machine(&disk, &sym);
    let mines: Vec<(usize, usize)> = (4..=8).flat_map(|x| [(x, 7), (x, 8)]).collect();
    for x in 1..=8usize {
        for y in 1..=8usize {
            let v: i16 = if mines.contains(&(x, y)) {
                -1
            } else {
                mines
                    .iter()
                    .filter(|&&(a, b)| a.abs_diff(x) <= 1 && b.abs_diff(y) <= 1)
                    .count() as i16
            };
            let [lo, hi] = v.to_le_bytes();
            let a = mine_cell(&sym, x, y);
            m.poke(a, lo);
            m.poke(a + 1, hi);
        }
    }
    // The clock started at 23:00:00 (the RTC says about 00:00:40).
    m.poke(symbol(&sym, "timeStart"), 1);
    for (name, v) in [("startH", 23u8), ("startM", 0), ("startS", 0)] {
        m.poke(symbol(&sym, name), v);
        m.poke(symbol(&sym, name) + 1, 0);
    }
    let frame = m.frame_count();
    std::fs::write(dir.join("win.msxstate"), m.save_state()).unwrap();

    let name_and_return = Step {
        what: "RETURN: the record taken and written to the disk",
        keys: vec!["RETURN"],
        // Writing MINERANK.DAT takes the disk some seconds.
        settle: 900,
    };
    let steps = [
        Step::new("Z: the board opens, won, the name asked", vec!["Z"]),
        Step::new("the name typed", vec!["A", "N", "A"]),
        name_and_return,
        Step::new("RETURN: the menu", vec!["RETURN"]),
        Step::new(
            "the records, with ana's 999",
            vec!["DOWN", "DOWN", "RETURN"],
        ),
    ];
    let start = Start {
        args: &["--load-state", "win.msxstate"],
        frame,
        first_keys_at: frame + 60,
        ignored: nothing_ignored,
        play_file: None,
        save_state_at_end: true,
    };
    play_steps_in_window(&dir, "mines.dsk", &start, &steps, 60);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The frame at which Battleship, booted from its disk, has drawn both
/// boards and waits for the first key.
const BATTLESHIP_KEYS_AT: u64 = 1500;

/// Battleship's picture outside the player's own board (text columns 0-11
/// of rows 1-10 in SCREEN 1, 8×8 characters inside the 32/24-pixel border):
/// the computer's shots land there, aimed by `RND(-TIME)` at the moment of
/// each answer, which the host's key timing decides.
fn battleship_players_board(x: usize, y: usize) -> bool {
    (32..32 + 12 * 8).contains(&x) && (24 + 8..24 + 11 * 8).contains(&y)
}

/// Battleship played in the window to the player's win: `msx play
/// battle.bas` (issue #11's command) builds the listing with the BASIC
/// compiler into a disk and plays it, as `msx build` + `msx run` do for the
/// headless runs. The computer's ships are placed at random while the game
/// boots (the same boot in both runs, so the same fleet), found here by a
/// headless run that fires at every cell, and the window then sinks them,
/// 20 shots, to "You win the game". Every picture is compared with the headless run of the
/// same keys, except the player's own board, where the computer's answers
/// depend on when the keys came.
#[test]
fn battleship_plays_to_a_win_in_the_window() {
    let Some(_turn) = window_test(&["Xvfb", "xdotool", "xwd"]) else {
        return;
    };
    use msx_machine::machine::{KeyScript, Machine, MachineConfig};
    let dir = scratch("battle");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/battleship/battle.bas"),
        dir.join("battle.bas"),
    )
    .unwrap();
    // The compiled game (`msx build --compile`), played in the window and
    // headless from the same disk.
    let out = Command::new(env!("CARGO_BIN_EXE_msx"))
        .current_dir(&dir)
        .args(["build", "--compile", "battle.bas", "-o", "battle.dsk"])
        .env("SOURCE_DATE_EPOCH", SOURCE_DATE_EPOCH)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // The machine `msx run battle.dsk --rtc RTC` builds.
    let layout = support::free_bios_layout();
    let mut config = MachineConfig::new(layout);
    config.rtc_start = msx_machine::rtc::DateTime::new(2026, 1, 1, 0, 0, 0);
    let mut m = Machine::new(config).unwrap();
    m.insert_disk(0, std::fs::read(dir.join("battle.dsk")).unwrap())
        .unwrap();
    m.run_frames(BATTLESHIP_KEYS_AT);
    let name_table = |m: &Machine, x: usize, y: usize| m.vdp().vram()[0x1800 + y * 32 + x];
    assert_eq!(name_table(&m, 20, 0), b'A', "the board is not drawn yet");
    let tap = |m: &mut Machine, key: &str| {
        let at = m.frame_count() + 1;
        m.schedule_script(&KeyScript::parse(&format!("at {at} press {key} for 3")).unwrap());
        m.run_frames(40);
    };
    // Fire at every cell of the computer's board, noting the ship letters;
    // the cursor starts at (20, 1), text columns 20-29. Each row from a copy
    // of the machine as it booted, so the computer (which answers every
    // shot) cannot win first. A cell is read after the cursor has left it
    // (while INPUT$ waits, the cell under the cursor shows the cursor).
    let mut ships = Vec::new();
    for y in 1..=10usize {
        let mut row = m.clone();
        for _ in 1..y {
            tap(&mut row, "DOWN");
        }
        for x in 20..=29usize {
            tap(&mut row, "SPACE");
            tap(&mut row, if x < 29 { "RIGHT" } else { "LEFT" });
            if matches!(name_table(&row, x, y), b'A' | b'C' | b'B' | b'S') {
                ships.push((x, y));
            }
        }
    }
    assert_eq!(
        ships.len(),
        20,
        "the computer's fleet has 20 cells: {ships:?}"
    );

    // Sink them in the window, five shots a step.
    let mut steps = Vec::new();
    let mut at = (20, 1);
    for (n, chunk) in ships.chunks(5).enumerate() {
        let mut keys = Vec::new();
        for &cell in chunk {
            keys.extend(moves(at, cell));
            keys.push("SPACE");
            at = cell;
        }
        let what = [
            "five hits",
            "ten hits",
            "fifteen hits",
            "twenty hits: the player wins",
        ][n];
        let mut step = Step::new(what, keys);
        step.settle = 120;
        steps.push(step);
    }
    let start = Start {
        args: &[],
        frame: 0,
        first_keys_at: BATTLESHIP_KEYS_AT,
        ignored: battleship_players_board,
        play_file: None,
        save_state_at_end: false,
    };
    play_steps_in_window(&dir, "battle.dsk", &start, &steps, 60);
    // The game was won: the headless run of all the keys says so.
    let (_, frames) = key_script(&steps, BATTLESHIP_KEYS_AT);
    let out = Command::new(env!("CARGO_BIN_EXE_msx"))
        .current_dir(&dir)
        .args(["run", "battle.dsk", "--rtc", RTC, "--keys"])
        .arg(format!("keys{}.txt", steps.len()))
        .args(["--frames", &frames.to_string(), "--text"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("** You win the game !! **"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--save-disk` through a symbolic link: the program writes a file on its disk, the
/// player quits (`--frames`), and the changed disk goes into the file the link names;
/// the link stays a link (before, the link was replaced by a plain file and the real
/// image kept its old contents).
#[test]
fn save_disk_writes_through_a_symbolic_link() {
    let Some(_turn) = window_test(&["Xvfb"]) else {
        return;
    };
    let dir = scratch("savelink");
    std::fs::write(
        dir.join("w.bas"),
        "10 OPEN \"OUT.TXT\" FOR OUTPUT AS #1\n20 PRINT #1,\"WRITTEN\"\n30 CLOSE #1\n",
    )
    .unwrap();
    let msx = env!("CARGO_BIN_EXE_msx");
    let run = |args: &[&str]| {
        let out = Command::new(msx)
            .current_dir(&dir)
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    };
    run(&["build", "w.bas", "-o", "real.dsk"]);
    let before = std::fs::read(dir.join("real.dsk")).unwrap();
    std::os::unix::fs::symlink("real.dsk", dir.join("link.dsk")).unwrap();

    let x = XServer::start();
    let out = x
        .command(msx)
        .current_dir(&dir)
        .args(["play", "link.dsk", "--save-disk", "--mute", "--seed", "0"])
        .args(["--frames", "900"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "msx play: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let link = std::fs::symlink_metadata(dir.join("link.dsk")).unwrap();
    assert!(link.file_type().is_symlink(), "the link was replaced");
    let after = std::fs::read(dir.join("real.dsk")).unwrap();
    assert_ne!(after, before, "the image the link names was not written");
    let listing = run(&["disk", "get", "real.dsk", "OUT.TXT", "-o", "-"]);
    // PRINT # ends the line with CR LF; CLOSE ends the file with ^Z, as on an MSX.
    assert_eq!(
        listing.stdout, b"WRITTEN\r\n\x1a",
        "the file the program wrote"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Key taps shorter than a keyboard scan (`xdotool key`: down and up at once, as
/// a fast typist's or a script's) each reach the program: the player holds an MSX key
/// for at least one scan of the BIOS (every third frame). Before, most such taps fell
/// between two scans and were lost.
#[test]
fn instant_key_taps_are_not_lost() {
    let Some(_turn) = window_test(&["Xvfb", "xdotool", "xwd"]) else {
        return;
    };
    let dir = scratch("taps");
    echo_rom(&dir);
    let msx = env!("CARGO_BIN_EXE_msx");
    let reference = |typed: &str, name: &str| -> image::RgbImage {
        let mut c = Command::new(msx);
        c.current_dir(&dir)
            .args(["run", "echo.rom", "--frames", "600", "--png", name]);
        if !typed.is_empty() {
            c.args(["--type", typed, "--type-at", "240"]);
        }
        let out = c.output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        image::open(dir.join(name)).unwrap().to_rgb8()
    };
    let waiting = reference("", "waiting.png");
    let typed = reference("msx1", "typed.png");
    assert!(waiting != typed);

    let x = XServer::start();
    let mut player = x
        .command(msx)
        .current_dir(&dir)
        .args(["play", "echo.rom", "--mute", "--scale", "2", "--seed", "0"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let wid = x.xdotool(&["search", "--sync", "--onlyvisible", "--name", "msx play"]);
    let wid = wid.lines().next().expect("the player's window").to_string();
    x.xdotool(&["windowfocus", "--sync", &wid]);
    let mut shows = |reference: &image::RgbImage, what: &str| {
        let limit = std::time::Instant::now() + std::time::Duration::from_secs(60);
        loop {
            let (w, h, pixels) = x.window_pixels(&wid);
            let (count, first) = differences(w, h, &pixels, reference, nothing_ignored);
            if count == 0 {
                return;
            }
            if std::time::Instant::now() > limit {
                save_rgb(&dir.join("window.png"), w, h, &pixels);
                let _ = player.kill();
                let _ = player.wait();
                panic!(
                    "the window never showed {what}: {count} pixels differ, the first at \
                     {first:x?}; window.png in {}",
                    dir.display()
                );
            }
            std::thread::sleep(std::time::Duration::from_millis(300));
        }
    };
    shows(&waiting, "the prompt");
    // Each key down and up with nothing in between (`--delay 0`: xdotool otherwise
    // waits between the two), 200 ms apart.
    for k in ["m", "s", "x", "1"] {
        x.xdotool(&["key", "--delay", "0", k]);
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    shows(&typed, "the four letters typed");
    let _ = player.kill();
    let _ = player.wait();
    let _ = std::fs::remove_dir_all(&dir);
}
