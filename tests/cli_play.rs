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
//! a screenshot with the headless run's pixels, and host key (right Ctrl)
//! + Q must quit.
//!
//! `MSX_ORACLES=alsa` (also `libasound2`): a PSG tone reaches ALSA.

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

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("msx-cli-play-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
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
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn window_shows_what_the_headless_run_shows() {
    if !oracle_enabled("xvfb") {
        eprintln!("skipped: set MSX_ORACLES=xvfb to run the window test");
        return;
    }
    for tool in ["xvfb-run", "xdotool", "xwd"] {
        require_tool(tool);
    }
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
/// and the Xvfb tools installed). ALSA's default device is pointed at its
/// `file` plugin through a `~/.asoundrc` in a scratch HOME, so no sound
/// card is needed: the test reads back what the player played and finds
/// the 440 Hz square wave of the PSG.
#[test]
fn sound_goes_to_alsa() {
    if !oracle_enabled("alsa") {
        eprintln!("skipped: set MSX_ORACLES=alsa to run the sound test");
        return;
    }
    require_tool("xvfb-run");
    let dir = scratch("alsa");
    tone_rom(&dir);
    let raw = dir.join("out.raw");
    std::fs::write(
        dir.join(".asoundrc"),
        format!(
            "pcm.!default {{ type file; slave.pcm \"null\"; file \"{}\"; format \"raw\" }}\n",
            raw.display()
        ),
    )
    .unwrap();
    let out = Command::new("xvfb-run")
        .current_dir(&dir)
        .env("HOME", &dir)
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
    assert!(!err.contains("no sound"), "{err}");
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
