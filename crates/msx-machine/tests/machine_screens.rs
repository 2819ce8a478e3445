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

/// A split screen by line interrupt: the BIOS's H.KEYI hook reads S#1 and,
/// at line 100, turns the backdrop red; H.TIMI turns it blue again at the
/// VBlank. The frame shows the change where the beam was, which tests the
/// line interrupt's timing through the whole machine (VDP, INT line, BIOS
/// handler, per-line rendering).
const SPLIT: &str = "
H_KEYI  equ 0FD9Ah
H_TIMI  equ 0FD9Fh
RG0SAV  equ 0F3DFh
        ld a,15
        ld (FORCLR),a
        xor a
        ld (BAKCLR),a
        ld a,4
        ld (BDRCLR),a
        ld a,1
        call CHGMOD
        ld hl,msg
print:  ld a,(hl)
        or a
        jr z,hooks
        call CHPUT
        inc hl
        jr print
hooks:  di
        ld a,0C3h
        ld (H_KEYI),a
        ld hl,keyi
        ld (H_KEYI+1),hl
        ld (H_TIMI),a
        ld hl,timi
        ld (H_TIMI+1),hl
        ld b,100
        ld c,19
        call WRTVDP
        ld a,(RG0SAV)
        or 10h
        ld b,a
        ld c,0
        call WRTVDP
        ei
        ld a,23h
        out (2Eh),a
        ld a,'S'
        out (2Fh),a
idle:   halt
        jr idle
keyi:   ld a,1
        out (99h),a
        ld a,8Fh
        out (99h),a
        in a,(99h)
        ld b,a
        xor a
        out (99h),a
        ld a,8Fh
        out (99h),a
        bit 0,b
        ret z
        ld a,08h
        out (99h),a
        ld a,87h
        out (99h),a
        ret
timi:   ld a,04h
        out (99h),a
        ld a,87h
        out (99h),a
        ret
msg:    db 'Line interrupt split', 0
";

#[test]
fn line_interrupt_splits_the_screen() {
    let mut m = machine_with(cartridge(SPLIT));
    let outcome = m.run_until(&Until::DebugOutputContains("S".into()), 600);
    assert!(outcome.reached(), "{outcome:?}");
    m.run_frames(3);
    let frame = m.frame();
    // 192 lines: display line 0 is frame row 24. The interrupt comes at the
    // end of line 100; the handler's OUT lands one or two lines later.
    // Colours 4 (GRB 1,1,7) and 8 (GRB 1,7,1) of the power-on palette,
    // levels scaled v * 255 / 7.
    let blue = 0x2424FF;
    let red = 0xFF2424;
    // Blue from the top border (drawn after the previous VBlank) to line
    // 100, red to the last display line (191), blue again in the bottom
    // border, which is drawn after this frame's VBlank handler ran.
    let expected = [
        (0, blue),
        (24, blue),
        (24 + 99, blue),
        (24 + 104, red),
        (24 + 191, red),
        (239, blue),
    ];
    for (row, colour) in expected {
        assert_eq!(frame.pixel(10, row), colour, "row {row}");
        assert_eq!(frame.pixel(300, row), colour, "row {row}");
    }
    insta::assert_binary_snapshot!("split_frame.png", m.png_bytes().unwrap());
}
