//! Opt-in oracle (`MSX_ORACLES` contains `openmsx`): C-BIOS MSX2 boots on
//! this machine to its logo screen, and a test cartridge run on openMSX with
//! C-BIOS and on this machine with C-BIOS leaves the same VRAM after the
//! same number of frames. Needs the Debian packages `openmsx` and `cbios`;
//! when the oracle is asked for and they are missing, the tests fail.

mod machine_support;

use std::path::{Path, PathBuf};
use std::process::Command;

use machine_support::{cartridge, SCREEN1, SCREEN5, VDP_ROUTINES};
use msx_machine::machine::{Machine, MachineConfig};
use msx_machine::memory::MachineLayout;

fn enabled() -> bool {
    std::env::var("MSX_ORACLES")
        .map(|v| v.split(',').any(|t| t.trim() == "openmsx"))
        .unwrap_or(false)
}

/// Where the cbios package puts the ROMs.
fn cbios_dir() -> PathBuf {
    for dir in ["/usr/share/cbios", "/usr/share/openmsx/systemroms/cbios"] {
        if Path::new(dir).join("cbios_main_msx2.rom").exists() {
            return PathBuf::from(dir);
        }
    }
    panic!("MSX_ORACLES=openmsx but the C-BIOS ROMs are not installed (apt-get install cbios)");
}

fn cbios(name: &str) -> Vec<u8> {
    let path = cbios_dir().join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// C-BIOS's own MSX2 machine: main + logo in slot 0, SUB-ROM in 3-0, 512 KB
/// mapper in 3-2; 50 Hz like openMSX's C-BIOS_MSX2 (the European ROM).
fn cbios_machine(cart: Option<Vec<u8>>) -> Machine {
    let mut layout = MachineLayout::cbios_msx2(
        cbios("cbios_main_msx2.rom"),
        cbios("cbios_sub.rom"),
        cbios("cbios_logo_msx2.rom"),
    );
    if let Some(cart) = cart {
        layout.insert_cartridge(1, cart, None);
    }
    let mut config = MachineConfig::new(layout);
    config.pal = true;
    Machine::new(config).unwrap()
}

#[test]
fn cbios_boots_to_its_logo() {
    if !enabled() {
        return;
    }
    // 3 s into the boot the logo is on screen (GRAPHIC4); openMSX has the
    // same VRAM at that moment.
    let vram = compare("logo", None, 3.0);
    let mut m = cbios_machine(None);
    m.run_cycles(3 * 3_579_545);
    assert_eq!(m.vdp().mode().name(), "GRAPHIC4");
    assert_eq!(m.vram(), vram);
    let colours: std::collections::BTreeSet<u32> = m.frame().pixels.iter().copied().collect();
    assert!(
        colours.len() >= 10,
        "the logo has many colours, got {}",
        colours.len()
    );
}

/// Runs `rom` on openMSX's C-BIOS_MSX2 for `seconds` of emulated time and
/// returns its VRAM (the CPU view, openMSX's `VRAM` debuggable).
fn openmsx_vram(name: &str, rom: Option<&[u8]>, seconds: f64) -> Vec<u8> {
    openmsx_vram_with(name, rom, seconds, "")
}

/// As [`openmsx_vram`], with extra Tcl commands run at start-up (e.g.
/// `after time 8 {type {abc}}`).
fn openmsx_vram_with(name: &str, rom: Option<&[u8]>, seconds: f64, tcl: &str) -> Vec<u8> {
    let dir = std::env::temp_dir().join(format!("msx-oracle-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("home")).unwrap();
    if let Some(rom) = rom {
        std::fs::write(dir.join("test.rom"), rom).unwrap();
    }
    let script = format!(
        "set save_settings_on_exit false
set renderer none
set throttle off
{tcl}
after time {seconds} {{
  set f [open vram.bin wb]
  fconfigure $f -translation binary
  puts -nonewline $f [debug read_block VRAM 0 131072]
  close $f
  exit
}}
"
    );
    std::fs::write(dir.join("dump.tcl"), script).unwrap();
    let mut cmd = Command::new("openmsx");
    cmd.current_dir(&dir)
        .env("OPENMSX_HOME", dir.join("home"))
        .env("SDL_VIDEODRIVER", "dummy")
        .env("SDL_AUDIODRIVER", "dummy")
        .args(["-machine", "C-BIOS_MSX2"]);
    if rom.is_some() {
        // openMSX's "mirrored" is our plain ROM: 16 KB in all four pages.
        cmd.args(["-carta", "test.rom", "-romtype", "mirrored"]);
    }
    let out = cmd
        .args(["-script", "dump.tcl"])
        .output()
        .unwrap_or_else(|e| panic!("MSX_ORACLES=openmsx but openmsx cannot run: {e}"));
    let vram = std::fs::read(dir.join("vram.bin")).unwrap_or_else(|e| {
        panic!(
            "openmsx wrote no VRAM dump ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let _ = std::fs::remove_dir_all(&dir);
    vram
}

/// Byte ranges where two dumps differ, for the failure message.
fn differences(a: &[u8], b: &[u8]) -> Vec<(usize, usize)> {
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    for i in 0..a.len().min(b.len()) {
        if a[i] != b[i] {
            match ranges.last_mut() {
                Some((_, end)) if *end + 16 >= i => *end = i,
                _ => ranges.push((i, i)),
            }
        }
    }
    ranges
}

fn compare(name: &str, body: Option<&str>, seconds: f64) -> Vec<u8> {
    let rom = body.map(cartridge);
    let theirs = openmsx_vram(name, rom.as_deref(), seconds);
    let mut m = cbios_machine(rom);
    m.run_cycles((seconds * 3_579_545.0) as u64 - m.cycles());
    let ours = m.vram();
    let diff = differences(&ours, &theirs);
    let shown: Vec<String> = diff
        .iter()
        .take(12)
        .map(|&(s, e)| {
            format!(
                "{s:05X}-{e:05X}: ours {:02X?} openMSX {:02X?}",
                &ours[s..=e.min(s + 7)],
                &theirs[s..=e.min(s + 7)]
            )
        })
        .collect();
    assert!(
        diff.is_empty(),
        "{name}: VRAM differs in {} ranges:\n{}",
        diff.len(),
        shown.join("\n")
    );
    ours
}

#[test]
fn screen1_cartridge_same_vram_as_openmsx() {
    if !enabled() {
        return;
    }
    let vram = compare("screen1", Some(SCREEN1), 8.0);
    // The comparison saw the program's work (so it can fail).
    assert!(vram.windows(5).any(|w| w == b"Hello"));
}

#[test]
fn screen5_command_engine_same_vram_as_openmsx() {
    if !enabled() {
        return;
    }
    let vram = compare("screen5", Some(&format!("{SCREEN5}{VDP_ROUTINES}")), 8.0);
    // A bar of colour 2 at (24, 50): two pixels per byte.
    assert_eq!(vram[50 * 128 + 12], 0x22);
}

/// Keys typed on both machines reach the same program the same way: the
/// echo program prints what CHGET returns. openMSX types through its own
/// keyboard matrix (`type`, about 13 characters per second), this machine
/// with `type_text`; the timing differs, so the dumps are taken once both
/// are idle again. C-BIOS 0.28 scans the keyboard only after about 5 s
/// (openmsx-reference.md §5), so typing starts at 8 s on both.
#[test]
fn typed_keys_same_vram_as_openmsx() {
    if !enabled() {
        return;
    }
    let body = "
        ld a,1
        call CHGMOD
loop:   call CHGET
        call CHPUT
        jr loop
";
    let text = "Hello, MSX! 42 &*()_+[]";
    let rom = cartridge(body);
    let theirs = openmsx_vram_with(
        "typing",
        Some(&rom),
        16.0,
        // Braces, not quotes: Tcl would run "[]" as a command.
        &format!("after time 8 {{type {{{text}}}}}"),
    );
    let mut m = cbios_machine(Some(rom));
    m.run_cycles(8 * 3_579_545);
    m.type_text(text).unwrap();
    m.run_cycles(16 * 3_579_545 - m.cycles());
    let ours = m.vram();
    assert!(ours.windows(text.len()).any(|w| w == text.as_bytes()));
    let diff = differences(&ours, &theirs);
    let show = |v: &[u8]| v[0x1800..0x1820].to_vec();
    assert!(
        diff.is_empty(),
        "VRAM differs: {diff:X?}\nours   {:02X?}\nopenMSX {:02X?}",
        show(&ours),
        show(&theirs)
    );
}

/// What a program reads back where this emulator used to differ from openMSX: S#2's
/// BD around SRCH (a found search sets it, reading S#9 leaves it, a search that runs
/// off the edge clears it) and the PSG (YM2149: unused register bits read back as
/// written; R14 bit 7, the empty cassette input, reads 1). The program stores what it
/// reads at VRAM 7000h (unused in SCREEN 5), so the VRAM comparison covers it.
#[test]
fn status_and_psg_read_back_as_on_openmsx() {
    if !enabled() {
        return;
    }
    let body = "
        ld a,5
        call CHGMOD
        ; a dot of colour 7 at (5,3) (PSET), then SRCH from (0,3) for it.
        ld hl,pset_dot
        call vdp_cmd
        ld hl,srch_found
        call vdp_cmd
        di
        call wait_ce
        call s2
        ld (0C000h),a
        ld a,8
        call sn
        ld (0C001h),a
        ld a,9
        call sn
        ld (0C002h),a
        call s2
        ld (0C003h),a
        ; SRCH for colour 9, which is nowhere: it runs off the right edge.
        ld hl,srch_none
        call vdp_cmd
        di
        call wait_ce
        call s2
        ld (0C004h),a
        ; PSG: 0FFh into R1, R3, R5, R6, R8-R10, R13 (envelope shape), read back.
        ld ix,0C005h
        ld hl,psg_regs
        ld b,8
psg:    ld a,(hl)
        out (0A0h),a
        ld a,0FFh
        out (0A1h),a
        in a,(0A2h)
        ld (ix+0),a
        inc ix
        inc hl
        djnz psg
        ld a,8
        out (0A0h),a
        xor a
        out (0A1h),a
        ld a,9
        out (0A0h),a
        xor a
        out (0A1h),a
        ld a,10
        out (0A0h),a
        xor a
        out (0A1h),a
        ld a,15
        out (0A0h),a
        ld a,8Fh
        out (0A1h),a
        ld a,14
        out (0A0h),a
        in a,(0A2h)
        and 0C0h               ; cassette input and layout bits (no joystick)
        ld (ix+0),a
        ; the 14 results to VRAM 7000h (R#14 = 1, address 3000h of that 16 KB)
        ld a,1
        out (99h),a
        ld a,80h+14
        out (99h),a
        xor a
        out (99h),a
        ld a,70h
        out (99h),a
        ld hl,0C000h
        ld b,14
        ld c,98h
        otir
        ei
done:   jr done
; A = S#2, then S#0 selected again.
s2:     ld a,2
; A = S#n for n in A.
sn:     out (99h),a
        ld a,8Fh
        out (99h),a
        in a,(99h)
        push af
        xor a
        out (99h),a
        ld a,8Fh
        out (99h),a
        pop af
        ret
psg_regs: db 1,3,5,6,8,9,10,13
pset_dot:   dw 0,0, 5,3, 0,0
        db 7, 0, 50h
srch_found: dw 0,3, 0,0, 0,0
        db 7, 0, 60h
srch_none:  dw 0,3, 0,0, 0,0
        db 9, 0, 60h
";
    let vram = compare("status", Some(&format!("{body}{VDP_ROUTINES}")), 8.0);
    let got = &vram[0x7000..0x700E];
    // Found: BD (bit 4) set, X = 5 (S#9 reads 0FEh | bit 8); BD kept after S#9; cleared
    // by the search that found nothing.
    assert_eq!(got[0] & 0x10, 0x10, "{got:02X?}");
    assert_eq!((got[1], got[2]), (0x05, 0xFE), "{got:02X?}");
    assert_eq!(got[3] & 0x10, 0x10, "{got:02X?}");
    assert_eq!(got[4] & 0x10, 0x00, "{got:02X?}");
    assert_eq!(&got[5..13], &[0xFF; 8], "YM2149 read-back");
    assert_eq!(got[13] & 0x80, 0x80, "cassette input");
}
