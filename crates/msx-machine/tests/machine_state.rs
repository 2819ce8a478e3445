//! Save states as bytes: a state saved in the middle of a run and loaded
//! into another machine continues exactly as the original; damaged, foreign
//! or truncated states are refused with typed errors, never a panic.

mod machine_support;

use machine_support::{cartridge, free_bios_layout, machine_with, VDP_ROUTINES};
use msx_machine::machine::{Machine, MachineConfig, StateError, STATE_MAGIC};
use msx_machine::ppi::Key;
use proptest::prelude::*;

/// SCREEN 5 with the command engine never idle (an HMMV whose colour
/// changes every time, then an LMMM), a sprite moving one pixel per frame,
/// a PSG tone whose pitch follows a RAM counter, and the keyboard read into
/// RAM: every device the state must carry changes all the time.
const BUSY: &str = "
        ld a,5
        call CHGMOD
        ; sprite 0: a 8x8 block, colour from the table at 7400h (mode 2)
        ld hl,block
        ld de,7800h
        ld bc,8
        call LDIRVM
        ; PSG: channel A tone on, volume 12
        ld a,7
        out (0A0h),a
        ld a,3Eh
        out (0A1h),a
        ld a,8
        out (0A0h),a
        ld a,12
        out (0A1h),a
        ld a,23h
        out (2Eh),a
        ld a,'!'
        out (2Fh),a
again:  ld hl,0C000h
        inc (hl)
        ld a,(hl)
        ld (fill+12-fill+0C010h),a
        ; PSG pitch from the counter
        ld b,a
        xor a
        out (0A0h),a
        ld a,b
        out (0A1h),a
        ; keyboard row 8 into RAM
        in a,(0AAh)
        and 0F0h
        or 8
        out (0AAh),a
        in a,(0A9h)
        ld (0C001h),a
        ; the fill, from RAM with the new colour
        ld hl,fill
        ld de,0C010h
        ld bc,15
        ldir
        ld a,(0C000h)
        ld (0C010h+12),a
        ld hl,0C010h
        call vdp_cmd
        ld hl,copy
        call vdp_cmd
        ; the sprite's X follows the counter too
        ld a,(0C000h)
        ld (0C020h+1),a
        ld a,50
        ld (0C020h),a
        xor a
        ld (0C020h+2),a
        ld a,15
        ld (0C020h+3),a
        ld hl,0C020h
        ld de,7600h
        ld bc,4
        call LDIRVM
        jr again
fill:   dw 0, 0, 0, 0, 256, 212
        db 37h, 0, 0C0h
copy:   dw 0, 0, 64, 64, 128, 100
        db 0, 0, 93h
block:  db 0FFh,0FFh,0FFh,0FFh,0FFh,0FFh,0FFh,0FFh
";

fn busy_machine() -> Machine {
    machine_with(cartridge(&format!("{BUSY}{VDP_ROUTINES}")))
}

fn assert_same(a: &Machine, b: &Machine, when: &str) {
    assert_eq!(a.cycles(), b.cycles(), "{when}: T-states");
    assert_eq!(a.cpu().regs, b.cpu().regs, "{when}: CPU registers");
    assert!(a.vram() == b.vram(), "{when}: VRAM differs");
    assert!(a.frame() == b.frame(), "{when}: frame differs");
    assert_eq!(a.vdp().registers(), b.vdp().registers(), "{when}: VDP");
    assert_eq!(a.vdp().status(), b.vdp().status(), "{when}: VDP status");
    assert_eq!(a.psg().registers(), b.psg().registers(), "{when}: PSG");
    assert!(a.mapper_ram() == b.mapper_ram(), "{when}: RAM differs");
    assert_eq!(a.frame_count(), b.frame_count(), "{when}: frames");
}

#[test]
fn a_loaded_state_runs_on_like_the_original() {
    let mut a = busy_machine();
    a.run_frames(150);
    // Mid-frame, and keys pressed now and scheduled for later.
    a.run_cycles(23_456);
    a.press(Key::Space);
    a.release_at(160, Key::Space);
    a.press_at(170, Key::Left);
    let bytes = a.save_state();
    assert!(a.vdp().command_busy(), "saved while a command runs");
    assert_eq!(&bytes[..8], STATE_MAGIC);

    // Into a fresh machine, and into one that has been running elsewhere.
    let mut fresh = busy_machine();
    fresh.load_state(&bytes).unwrap();
    let mut used = busy_machine();
    used.run_frames(40);
    used.load_state(&bytes).unwrap();
    assert_same(&a, &fresh, "just loaded");
    assert_same(&a, &used, "just loaded over a used machine");

    for m in [&mut a, &mut fresh, &mut used] {
        m.run_frames(30);
        m.run_cycles(1000);
    }
    assert_same(&a, &fresh, "30 frames later");
    assert_same(&a, &used, "30 frames later (used)");
    assert_eq!(a.peek(0xC001), fresh.peek(0xC001), "keyboard row");
    // The keys were seen: LEFT (row 8 bit 4) is down from frame 170.
    assert_eq!(fresh.peek(0xC001) & 0x10, 0, "LEFT is down");
    // Saving the loaded machine gives the same bytes as the original.
    assert!(a.save_state() == fresh.save_state(), "states differ");

    // The comparison can fail: one more frame on one side shows.
    fresh.run_frame();
    assert!(a.vram() != fresh.vram(), "VRAM did not change in a frame");
}

#[test]
fn audio_continues_across_a_state() {
    let mut a = busy_machine();
    a.set_audio_capture(true);
    a.run_frames(120);
    a.run_cycles(777);
    let bytes = a.save_state();
    let mut b = busy_machine();
    b.set_audio_capture(true);
    b.load_state(&bytes).unwrap();
    a.take_audio();
    b.take_audio();
    a.run_frames(20);
    b.run_frames(20);
    let (sa, sb) = (a.take_audio(), b.take_audio());
    assert!(sa.len() > 10_000 && sa.iter().any(|&s| s != 0.0));
    assert_eq!(sa, sb, "the loaded machine's sound differs");
}

#[test]
fn host_choices_stay_with_the_loading_machine() {
    let mut a = busy_machine();
    a.set_rendering(false);
    a.run_frames(100);
    let bytes = a.save_state();
    let mut b = busy_machine();
    b.load_state(&bytes).unwrap();
    assert!(b.rendering(), "rendering is the host's choice");
    b.run_frame();
    a.set_rendering(true);
    a.run_frame();
    assert!(a.frame() == b.frame());
}

fn machine_with_other_cartridge() -> Machine {
    machine_with(cartridge("idle: ei\n halt\n jr idle\n"))
}

#[test]
fn foreign_states_are_refused_by_name() {
    let mut a = busy_machine();
    a.run_frames(100);
    let bytes = a.save_state();

    let mut other = machine_with_other_cartridge();
    other.run_frames(5);
    let before = other.save_state();
    let err = other.load_state(&bytes).unwrap_err();
    match &err {
        StateError::RomMismatch { slot, what, .. } => {
            assert_eq!(slot, "1");
            assert!(what.contains("cartridge"), "{what}");
        }
        e => panic!("expected a ROM mismatch, got {e:?}"),
    }
    assert!(err.to_string().starts_with("slot 1: "), "{err}");
    // The machine is untouched by a refused state.
    assert!(
        other.save_state() == before,
        "a refused state changed the machine"
    );

    // Another RAM size.
    let mut layout = free_bios_layout();
    layout.insert_cartridge(1, cartridge(&format!("{BUSY}{VDP_ROUTINES}")), None);
    layout.set_ram_kb(512);
    let mut bigger = Machine::new(MachineConfig::new(layout)).unwrap();
    let err = bigger.load_state(&bytes).unwrap_err();
    assert!(
        matches!(&err, StateError::MachineMismatch(m) if m.contains("512 KB mapper RAM")),
        "{err}"
    );

    // Another VRAM size.
    let mut layout = free_bios_layout();
    layout.insert_cartridge(1, cartridge(&format!("{BUSY}{VDP_ROUTINES}")), None);
    let mut config = MachineConfig::new(layout);
    config.vram_kb = 64;
    let mut small = Machine::new(config).unwrap();
    let err = small.load_state(&bytes).unwrap_err();
    assert!(
        matches!(&err, StateError::MachineMismatch(m) if m.contains("VRAM")),
        "{err}"
    );
}

#[test]
fn damaged_states_get_typed_errors() {
    let mut a = busy_machine();
    a.run_frames(60);
    let bytes = a.save_state();
    let mut m = busy_machine();

    assert_eq!(
        m.load_state(b""),
        Err(StateError::Truncated {
            needed: 26,
            found: 0
        })
    );
    assert_eq!(
        m.load_state(b"MSXST"),
        Err(StateError::Truncated {
            needed: 26,
            found: 5
        })
    );
    assert_eq!(m.load_state(b"PNG\x89"), Err(StateError::BadMagic));
    assert_eq!(m.load_state(&[0u8; 100]), Err(StateError::BadMagic));
    let cut = &bytes[..bytes.len() - 1];
    assert_eq!(
        m.load_state(cut),
        Err(StateError::Truncated {
            needed: bytes.len(),
            found: bytes.len() - 1
        })
    );
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        m.load_state(&longer),
        Err(StateError::TrailingBytes {
            offset: bytes.len(),
            extra: 1
        })
    );
    let mut version = bytes.clone();
    version[8] = 1;
    assert_eq!(
        m.load_state(&version),
        Err(StateError::UnsupportedVersion {
            found: 1,
            supported: 4
        })
    );
    let mut flipped = bytes.clone();
    let mid = bytes.len() / 2;
    flipped[mid] ^= 0x10;
    assert_eq!(m.load_state(&flipped), Err(StateError::Checksum));
    // Every error leaves a machine that still runs and can load the good state.
    m.run_frame();
    m.load_state(&bytes).unwrap();
}

/// FNV-1a 64, as the format documents it, to re-seal a changed payload.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}

fn sealed(mut bytes: Vec<u8>) -> Vec<u8> {
    let len = (bytes.len() - 26) as u64;
    bytes[10..18].copy_from_slice(&len.to_le_bytes());
    let hash = fnv1a(&bytes[26..]);
    bytes[18..26].copy_from_slice(&hash.to_le_bytes());
    bytes
}

fn state_and_machine() -> &'static (Vec<u8>, Machine) {
    static CELL: std::sync::OnceLock<(Vec<u8>, Machine)> = std::sync::OnceLock::new();
    CELL.get_or_init(|| {
        let mut a = busy_machine();
        a.run_frames(130);
        a.run_cycles(5000);
        (a.save_state(), busy_machine())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Arbitrary damage (flipped bytes, a cut, inserted bytes) is always
    /// an error, never a panic.
    #[test]
    fn mutated_states_never_panic(
        flips in prop::collection::vec((any::<prop::sample::Index>(), 1u8..=255), 0..4),
        cut in any::<prop::sample::Index>(),
        insert in prop::collection::vec(any::<u8>(), 0..3),
        mode in 0u8..3,
    ) {
        let (good, machine) = state_and_machine();
        let mut bytes = good.clone();
        for (at, x) in &flips {
            let i = at.index(bytes.len());
            bytes[i] ^= x;
        }
        match mode {
            0 => bytes.truncate(cut.index(bytes.len())),
            1 => {
                let at = cut.index(bytes.len());
                for (k, b) in insert.iter().enumerate() {
                    bytes.insert(at + k, *b);
                }
            }
            _ => {}
        }
        let mut m = machine.clone();
        let result = m.load_state(&bytes);
        if bytes != *good {
            prop_assert!(result.is_err(), "a damaged state loaded");
        }
    }

    /// Changed payload bytes with a valid hash (a state written by a buggy
    /// or hostile tool) load or fail, and a loaded machine runs: no panic.
    #[test]
    fn resealed_payloads_never_panic(
        flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
    ) {
        let (good, machine) = state_and_machine();
        let mut bytes = good.clone();
        for (at, x) in &flips {
            let i = 26 + at.index(bytes.len() - 26);
            bytes[i] = *x;
        }
        let bytes = sealed(bytes);
        let mut m = machine.clone();
        if m.load_state(&bytes).is_ok() {
            m.run_frames(2);
        }
    }
}

/// The printer port travels in the state: what was printed, and that a printer
/// is plugged in (the loading machine has none of its own).
#[test]
fn the_printer_travels_in_the_state() {
    const PRINTS: &str = "
again:  ld a,'P'
        call 00A5h          ; LPTOUT
        ld b,30
wait:   ei
        halt
        djnz wait
        jr again
";
    let printing = || machine_with(cartridge(PRINTS));
    let mut a = printing();
    a.plug_printer(true);
    a.run_frames(200);
    let before = a.printer_output().len();
    assert!(before >= 2, "printed {before} bytes");
    let mut b = printing();
    b.load_state(&a.save_state()).unwrap();
    assert_eq!(b.printer_output(), a.printer_output());
    a.run_frames(100);
    b.run_frames(100);
    assert!(a.printer_output().len() > before);
    assert_eq!(b.printer_output(), a.printer_output());
    // Without a printer the same program prints nothing (LPTOUT waits).
    let mut c = printing();
    c.run_frames(200);
    assert!(c.printer_output().is_empty());
}
