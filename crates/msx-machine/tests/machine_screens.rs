//! Test programs that set screen modes and draw, run as cartridges on the
//! free BIOS; their frames are golden PNG snapshots (reviewed by eye) and the
//! character modes also a text snapshot.

mod machine_support;

use machine_support::{cartridge, machine_with, VDP_ROUTINES};
use msx_machine::machine::Until;

/// SCREEN 1 (GRAPHIC1): coloured text through CHPUT, a redefined character,
/// colour-table groups, one 16×16 magnified sprite.
const SCREEN1: &str = "
        ld a,15
        ld (FORCLR),a
        ld a,4
        ld (BAKCLR),a
        ld a,7
        ld (BDRCLR),a
        ld a,1
        call CHGMOD
        ld hl,msg
print:  ld a,(hl)
        or a
        jr z,printed
        call CHPUT
        inc hl
        jr print
printed:
        ; character 80h: a checkerboard; its colour group (80h/8 = 16) red on white
        ld hl,checker
        ld de,0000h+80h*8
        ld bc,8
        call LDIRVM
        ld a,06Fh
        ld hl,2000h+16
        ld bc,1
        call FILVRM
        ; a row of 80h at row 20
        ld a,80h
        ld hl,1800h+20*32+4
        ld bc,24
        call FILVRM
        ; digits group (30h-37h = group 6) yellow on dark blue
        ld a,0A4h
        ld hl,2000h+6
        ld bc,1
        call FILVRM
        ; sprite 0: a 16x16 ring, magnified (R#1 bits 1 and 0)
        ld hl,ring
        ld de,3800h
        ld bc,32
        call LDIRVM
        ld hl,attr
        ld de,1B00h
        ld bc,5
        call LDIRVM
        ld b,0E3h
        ld c,1
        call WRTVDP
        ld a,23h
        out (2Eh),a
        ld hl,done
say:    ld a,(hl)
        or a
        jr z,idle
        out (2Fh),a
        inc hl
        jr say
idle:   ei
        halt
        jr idle
msg:    db 'SCREEN 1 test', 13, 10, 'Hello, MSX2!', 13, 10, 13, 10
        db '0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ', 13, 10
        db 'abcdefghijklmnopqrstuvwxyz !?*+-/', 0
done:   db 'DRAWN', 0
checker: db 0AAh,55h,0AAh,55h,0AAh,55h,0AAh,55h
ring:   db 07h,18h,20h,40h,40h,80h,80h,80h,80h,80h,80h,40h,40h,20h,18h,07h
        db 0E0h,18h,04h,02h,02h,01h,01h,01h,01h,01h,01h,02h,02h,04h,18h,0E0h
attr:   db 100, 160, 0, 8, 208
";

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

/// SCREEN 5 (GRAPHIC4): the command engine draws — HMMV fills, LINEs with
/// logical operations, an LMMM copy with TIMP — and the palette changes.
const SCREEN5: &str = "
RAMBAR  equ 0C000h
        ld a,5
        call CHGMOD
        ; background: colour 1 over the whole page
        ld hl,fill_bg
        call vdp_cmd
        ; 15 bars of colours 1..15 (HMMV, X 8..247 by 16, Y 20..99),
        ; from a parameter block copied to RAM
        ld hl,bar
        ld de,RAMBAR
        ld bc,15
        ldir
        ld b,15
bars:   push bc
        ld a,(RAMBAR+12)
        add a,11h
        ld (RAMBAR+12),a
        ld hl,RAMBAR
        call vdp_cmd
        ld a,(RAMBAR+4)
        add a,16
        ld (RAMBAR+4),a
        pop bc
        djnz bars
        ; a fan of lines from (128,200), colour 15
        ld hl,line1
        call vdp_cmd
        ld hl,line2
        call vdp_cmd
        ld hl,line3
        call vdp_cmd
        ; copy 64x40 from (8,30), the first four bars, to (160,120) with TIMP
        ld hl,copy
        call vdp_cmd
        ; (with interrupts off: the BIOS handler reads the status register
        ; R#15 selects, and S#2 would never acknowledge the interrupt)
        di
        call wait_ce
        ; palette entry 15 becomes orange (R=7, G=3, B=0)
        ld a,15
        out (99h),a
        ld a,80h+16
        out (99h),a
        ld a,70h
        out (9Ah),a
        ld a,03h
        out (9Ah),a
        ei
        ld a,23h
        out (2Eh),a
        ld a,'Z'
        out (2Fh),a
idle:   ei
        halt
        jr idle
; R#32..R#46: SX SY DX DY NX NY CLR ARG CMD (16-bit little endian pairs)
fill_bg: dw 0, 0, 0, 0, 256, 212
        db 11h, 0, 0C0h
bar:    dw 0, 0, 8, 20, 14, 80
        db 0, 0, 0C0h
line1:  dw 0, 0, 128, 200, 120, 90
        db 0Fh, 0Ch, 70h
line2:  dw 0, 0, 128, 200, 120, 90
        db 0Fh, 0Dh, 70h
line3:  dw 0, 0, 128, 200, 100, 0
        db 0Eh, 00h, 73h
copy:   dw 8, 30, 160, 120, 64, 40
        db 0, 0, 98h
";

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
