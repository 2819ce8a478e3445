//! Test programs that set screen modes and draw, run as cartridges on the
//! free BIOS; their frames are golden PNG snapshots (reviewed by eye) and the
//! character modes also a text snapshot.

mod machine_support;

use machine_support::{cartridge, machine_with, SCREEN1, SCREEN5, VDP_ROUTINES};
use msx_machine::machine::Until;

#[test]
fn screen1_text_and_frame() {
    let mut m = machine_with(cartridge(SCREEN1));
    let outcome = m.run_until(&Until::DebugOutputContains("DRAWN".into()), 600);
    assert!(outcome.reached(), "{outcome:?}");
    m.run_frames(2);
    assert_eq!(m.vdp().mode().name(), "GRAPHIC1");
    let text = m.text_screen().expect("a character mode").to_string();
    insta::assert_snapshot!("screen1_text", text);
    insta::assert_binary_snapshot!("screen1_frame.png", m.png_bytes().unwrap());
}

/// SCREEN 0 (TEXT1, 40 columns): CHPUT with wrapping and scrolling.
const SCREEN0: &str = "
        ld a,0
        call CHGMOD
        ld b,30
        ld c,'A'
lines:  push bc
        ld a,'L'
        call CHPUT
        ld a,'i'
        call CHPUT
        ld a,'n'
        call CHPUT
        ld a,'e'
        call CHPUT
        ld a,' '
        call CHPUT
        ld a,c
        call CHPUT
        ld a,13
        call CHPUT
        ld a,10
        call CHPUT
        pop bc
        inc c
        djnz lines
        ld hl,long
print:  ld a,(hl)
        or a
        jr z,printed
        call CHPUT
        inc hl
        jr print
printed:
        ld a,63h
        out (2Eh),a
        ld a,'!'
        out (2Fh),a
idle:   ei
        halt
        jr idle
long:   db 'This line is longer than the forty columns of the screen and wraps.', 0
";

#[test]
fn screen0_scrolls_and_wraps() {
    let mut m = machine_with(cartridge(SCREEN0));
    let outcome = m.run_until(&Until::DebugOutputContains("!".into()), 900);
    assert!(outcome.reached(), "{outcome:?}");
    m.run_frames(1);
    assert_eq!(m.vdp().mode().name(), "TEXT1");
    insta::assert_snapshot!("screen0_text", m.text_screen().unwrap().to_string());
}

#[test]
fn screen5_command_engine_frame() {
    let src = format!("{SCREEN5}{VDP_ROUTINES}");
    let mut m = machine_with(cartridge(&src));
    let outcome = m.run_until(&Until::DebugOutputContains("Z".into()), 900);
    assert!(outcome.reached(), "{outcome:?}");
    m.run_frames(2);
    assert_eq!(m.vdp().mode().name(), "GRAPHIC4");
    assert!(m.text_screen().is_none());
    // Worked out by hand: two 4-bit pixels per byte, 128 bytes per line.
    let vram = m.vram();
    let px = |x: usize, y: usize| (vram[y * 128 + x / 2] >> (4 * (1 - x % 2))) & 15;
    assert_eq!(px(24, 50), 2, "second bar");
    assert_eq!(px(245, 99), 15, "last bar (X 232–245), last pixel");
    assert_eq!(px(246, 99), 1, "right of the bars");
    assert_eq!(px(180, 140), 2, "TIMP copy of the second bar");
    assert_eq!(px(200, 200), 15, "XOR line: 1 ^ 14");
    assert_eq!(m.vdp().palette()[15], 0x0370, "orange: G=3, R=7, B=0");
    insta::assert_binary_snapshot!("screen5_frame.png", m.png_bytes().unwrap());
}
