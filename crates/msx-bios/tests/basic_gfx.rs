//! MSX-BASIC's graphic statements: the SUB-ROM bodies (sub/gfxbas.asm)
//! called by EXTROM with the registers and work area their contracts name
//! (docs/basic-interpreter.md, "Graphics and music"), as the parsers in
//! basic/gfxstmt.asm call them. Expected VRAM comes from the documented
//! table layouts (MSX2 Technical Handbook chapter 4: SCREEN 2's pattern and
//! colour tables, SCREEN 3's blocks, SCREEN 5's 4-bit dots, the sprite
//! attribute and colour tables) and MSX-BASIC's rules (a dot off the screen
//! is not drawn, the ends of a line are moved onto it), never from a run of
//! the code under test.

mod support;

use msx_machine::machine::Machine;
use support::*;

/// Programs stop at `mark` (7F00h) for the test to look.
const MARK: u16 = 0x7F00;

const COMMON: &str = "
ATRBYT  equ 0F3F2h
FORCLR  equ 0F3E9h
BAKCLR  equ 0F3EAh
LOGOPR  equ 0FB02h
GXPOS   equ 0FCB3h
GYPOS   equ 0FCB5h
ACPAGE  equ 0FAF6h
RESULT  equ 0C000h
S_PSET  equ 006Dh
S_GLINE equ 0075h
S_POINT equ 01C1h
S_PUTSPRT equ 0151h
S_CIRCLE equ 01C5h
S_PAINT equ 0069h
GW_CFAC equ 0F945h
GW_CASP equ 0F947h
GW_CARC equ 0F948h
GW_CLIN equ 0F949h
GW_CVEC equ 0F94Bh
GW_X    equ 0F92Dh
S_SCOPY equ 018Dh
S_BASEF equ 016Dh
GW_SPL  equ 0F947h
GW_SFL  equ 0F948h
GW_SCOL equ 0F949h
GW_SPAT equ 0F94Ah
";

const TAIL: &str = "
        org 7F00h
mark:   ret
; dot: BC = x, DE = y, A = colour (PSET)
dot:    ld (ATRBYT),a
        ld ix,S_PSET
        jp EXTROM
; line: BC, DE = (x1,y1), GXPOS/GYPOS = (x2,y2), A = shape
line:   ld ix,S_GLINE
        jp EXTROM
";

fn run(body: &str) -> Machine {
    run_for(&format!("{body}\n        call mark\n        jr $\n"), 1200)
}

/// `run` for a body that calls `mark` itself, with a frame limit.
fn run_for(body: &str, frames: u64) -> Machine {
    let cart = cartridge(&format!("{COMMON}\n{body}\n{TAIL}"));
    let mut m = machine_with_cartridge(cart);
    run_to_pc(&mut m, MARK, frames);
    for _ in 0..20 {
        if !m.vdp().command_busy() {
            return m;
        }
        m.run_frame();
    }
    panic!("the command engine is still busy");
}

fn word(m: &Machine, addr: u16) -> usize {
    m.peek(addr) as usize | (m.peek(addr + 1) as usize) << 8
}

/// SCREEN 5: the colour of dot (x, y) of page 0 (two dots a byte, the left
/// one in the high nibble).
fn dot5(vram: &[u8], x: usize, y: usize) -> u8 {
    let b = vram[y * 128 + x / 2];
    if x.is_multiple_of(2) {
        b >> 4
    } else {
        b & 15
    }
}

/// SCREEN 2: whether dot (x, y) is on in the pattern table at `cgp`, and the
/// colour byte of its 8 dots in the colour table at `col`.
fn dot2(vram: &[u8], cgp: usize, col: usize, x: usize, y: usize) -> (bool, u8) {
    let off = (y & 0xF8) * 32 + (x & 0xF8) + (y & 7);
    (vram[cgp + off] & (0x80 >> (x & 7)) != 0, vram[col + off])
}

/// PSET in SCREEN 5 writes the dot's nibble; a dot off the screen is not
/// drawn (x 256 wraps nowhere, y -1 neither).
#[test]
fn pset_screen_5_and_off_screen() {
    let m = run("
        ld a,5
        call CHGMOD
        xor a
        ld (LOGOPR),a
        ld bc,10
        ld de,20
        ld a,7
        call dot
        ld bc,11
        ld de,20
        ld a,12
        call dot
        ld bc,256
        ld de,0
        ld a,9
        call dot
        ld bc,0
        ld de,-1
        ld a,9
        call dot
");
    let vram = m.vram();
    assert_eq!(dot5(&vram, 10, 20), 7);
    assert_eq!(dot5(&vram, 11, 20), 12);
    let back = m.peek(0xF3EA);
    assert_eq!(dot5(&vram, 0, 0), back, "x 256 drew nothing at 0 (no wrap)");
    assert_eq!(dot5(&vram, 0, 1), back);
    assert_eq!(
        dot5(&vram, 255, 211),
        back,
        "y -1 drew nothing at the bottom"
    );
}

/// PSET in SCREEN 2: the dot's bit in the pattern table, its colour the
/// foreground nibble of its 8 dots; drawing it in the background colour (as
/// PRESET does) turns it off and leaves the colour.
#[test]
fn pset_screen_2_pattern_and_colour() {
    let m = run("
        ld a,2
        call CHGMOD
        xor a
        ld (LOGOPR),a
        ld bc,9
        ld de,10
        ld a,12
        call dot
        ld bc,100
        ld de,150
        ld a,3
        call dot
        ld bc,101
        ld de,150
        ld a,3
        call dot
        ld bc,100
        ld de,150
        ld a,(BAKCLR)
        call dot
");
    let vram = m.vram();
    let cgp = word(&m, 0xF3CB);
    let col = word(&m, 0xF3C9);
    let back = m.peek(0xF3EA) & 15;
    let (on, c) = dot2(&vram, cgp, col, 9, 10);
    assert!(on);
    assert_eq!(c, 12 << 4 | back);
    assert!(!dot2(&vram, cgp, col, 8, 10).0, "its neighbour stays off");
    let (on, c) = dot2(&vram, cgp, col, 100, 150);
    assert!(!on, "the background colour turned it off");
    assert_eq!(c, 3 << 4 | back);
    assert!(dot2(&vram, cgp, col, 101, 150).0);
}

/// SCREEN 3: a dot is a 4x4 block, a nibble of the pattern byte
/// MLTCGP + (y AND E0h) * 8 + (x AND F8h) + (y / 4) AND 7, the left block
/// in the high nibble.
#[test]
fn pset_screen_3_blocks() {
    let m = run("
        ld a,3
        call CHGMOD
        xor a
        ld (LOGOPR),a
        ld bc,5
        ld de,9
        ld a,9
        call dot
        ld bc,130
        ld de,70
        ld a,4
        call dot
");
    let vram = m.vram();
    let cgp = word(&m, 0xF3D5);
    assert_eq!(vram[cgp + 2] & 0x0F, 9, "x 5 is the right block");
    let addr = cgp + (70 & 0xE0) * 8 + (130 & 0xF8) + ((70 / 4) & 7);
    assert_eq!(vram[addr] >> 4, 4, "x 130 is a left block");
}

/// POINT reads back what PSET drew in SCREEN 5, 2 and 3; outside the screen
/// it answers carry (the parser's -1).
#[test]
fn point_reads_dots() {
    let m = run("
        ld a,5
        call CHGMOD
        ld bc,33
        ld de,44
        ld a,13
        call dot
        ld bc,33
        ld de,44
        ld ix,S_POINT
        call EXTROM
        ld (RESULT),a
        ld bc,-1
        ld de,44
        ld ix,S_POINT
        call EXTROM
        sbc a,a
        ld (RESULT+1),a
        ld a,2
        call CHGMOD
        ld bc,50
        ld de,60
        ld a,6
        call dot
        ld bc,50
        ld de,60
        ld ix,S_POINT
        call EXTROM
        ld (RESULT+2),a
        ld bc,51
        ld de,60
        ld ix,S_POINT
        call EXTROM
        ld (RESULT+3),a
        ld a,3
        call CHGMOD
        ld bc,200
        ld de,100
        ld a,11
        call dot
        ld bc,201
        ld de,102
        ld ix,S_POINT
        call EXTROM
        ld (RESULT+4),a
");
    let back = m.peek(0xF3EA) & 15;
    assert_eq!(m.peek_range(0xC000, 5), vec![13, 0xFF, 6, back, 11]);
}

/// LINE in SCREEN 2, dot by dot: a diagonal, and a line whose ends lie off
/// the screen is drawn between the ends moved onto it (x -10 -> 0, 300 -> 255).
#[test]
fn line_screen_2_diagonal_and_clamped() {
    let m = run("
        ld a,2
        call CHGMOD
        xor a
        ld (LOGOPR),a
        ld a,15
        ld (ATRBYT),a
        ld bc,0
        ld de,0
        ld hl,7
        ld (GXPOS),hl
        ld (GYPOS),hl
        xor a
        call line
        ld bc,-10
        ld de,100
        ld hl,300
        ld (GXPOS),hl
        ld hl,100
        ld (GYPOS),hl
        xor a
        call line
");
    let vram = m.vram();
    let cgp = word(&m, 0xF3CB);
    let col = word(&m, 0xF3C9);
    for y in 0..8 {
        for x in 0..8 {
            assert_eq!(dot2(&vram, cgp, col, x, y).0, x == y, "dot {x},{y}");
        }
    }
    for x in 0..256 {
        assert!(dot2(&vram, cgp, col, x, 100).0, "dot {x},100");
        assert!(!dot2(&vram, cgp, col, x, 101).0);
    }
}

/// LINE ... ,B and ,BF in SCREEN 2 and SCREEN 5: the outline, and every
/// dot of the filled box, corners included, whichever corner comes first.
#[test]
fn boxes_screen_2_and_5() {
    let body = "
        xor a
        ld (LOGOPR),a
        ld a,4
        ld (ATRBYT),a
        ld bc,20
        ld de,15
        ld hl,10
        ld (GXPOS),hl
        ld (GYPOS),hl
        ld a,1
        call line
        ld a,9
        ld (ATRBYT),a
        ld bc,40
        ld de,40
        ld hl,30
        ld (GXPOS),hl
        ld hl,35
        ld (GYPOS),hl
        ld a,2
        call line
";
    for mode in [2u8, 5] {
        let m = run(&format!("        ld a,{mode}\n        call CHGMOD\n{body}"));
        let vram = m.vram();
        let cgp = word(&m, 0xF3CB);
        let col = word(&m, 0xF3C9);
        let back = m.peek(0xF3EA) & 15;
        let colour = |x: usize, y: usize| -> u8 {
            if mode == 5 {
                dot5(&vram, x, y)
            } else {
                let (on, c) = dot2(&vram, cgp, col, x, y);
                if on {
                    c >> 4
                } else {
                    back
                }
            }
        };
        for y in 5..50 {
            for x in 5..50 {
                let edge = ((x == 10 || x == 20) && (10..=15).contains(&y))
                    || ((y == 10 || y == 15) && (10..=20).contains(&x));
                let fill = (30..=40).contains(&x) && (35..=40).contains(&y);
                let want = if edge {
                    4
                } else if fill {
                    9
                } else {
                    back
                };
                assert_eq!(colour(x, y), want, "SCREEN {mode} dot {x},{y}");
            }
        }
    }
}

/// LINE in SCREEN 5 with the command engine, and the XOR operation.
#[test]
fn line_screen_5_and_xor() {
    let m = run("
        ld a,5
        call CHGMOD
        xor a
        ld (LOGOPR),a
        ld a,5
        ld (ATRBYT),a
        ld bc,0
        ld de,50
        ld hl,255
        ld (GXPOS),hl
        ld hl,50
        ld (GYPOS),hl
        xor a
        call line
        ld a,3
        ld (LOGOPR),a
        ld a,3
        ld (ATRBYT),a
        ld bc,10
        ld de,50
        ld hl,10
        ld (GXPOS),hl
        ld hl,60
        ld (GYPOS),hl
        xor a
        call line
");
    let vram = m.vram();
    for x in 0..256 {
        let want = if x == 10 { 5 ^ 3 } else { 5 };
        assert_eq!(dot5(&vram, x, 50), want, "dot {x},50");
    }
    let back = m.peek(0xF3EA) & 15;
    assert_eq!(dot5(&vram, 10, 55), back ^ 3);
}

/// PUT SPRITE in SCREEN 1 (sprite mode 1): y, x, pattern and colour in the
/// 4 attribute bytes; x < 0 is written as x + 32 with the early-clock bit 7
/// of the colour; only what was given changes.
#[test]
fn put_sprite_mode_1() {
    let m = run("
        ld a,1
        call CHGMOD
        ld a,3
        ld (GW_SPL),a
        ld a,7
        ld (GW_SFL),a
        ld hl,100
        ld (GXPOS),hl
        ld hl,50
        ld (GYPOS),hl
        ld a,10
        ld (GW_SCOL),a
        ld a,17
        ld (GW_SPAT),a
        ld ix,S_PUTSPRT
        call EXTROM
        ld a,4
        ld (GW_SPL),a
        ld a,1
        ld (GW_SFL),a
        ld hl,-5
        ld (GXPOS),hl
        ld hl,60
        ld (GYPOS),hl
        ld ix,S_PUTSPRT
        call EXTROM
");
    let vram = m.vram();
    let atr = word(&m, 0xF928);
    assert_eq!(&vram[atr + 12..atr + 16], &[50, 100, 17, 10]);
    // Plane 4 keeps its pattern (4) and the colour CLRSPR gave it (FORCLR).
    let fore = m.peek(0xF3E9);
    assert_eq!(&vram[atr + 16..atr + 20], &[60, 27, 4, 0x80 | fore]);
}

/// PUT SPRITE in SCREEN 5 (sprite mode 2): the colour goes to all 16 line
/// colours of the plane (512 bytes below the attributes); a 16x16 pattern
/// number is stored times 4, and above 63 it is refused (carry).
#[test]
fn put_sprite_mode_2() {
    let m = run("
        ld a,5
        call CHGMOD
        ld a,(0F3E0h)           ; 16x16 sprites (R#1 bit 1)
        or 2
        ld b,a
        ld c,1
        call 0047h
        ld a,2
        ld (GW_SPL),a
        ld a,7
        ld (GW_SFL),a
        ld hl,-3
        ld (GXPOS),hl
        ld hl,80
        ld (GYPOS),hl
        ld a,6
        ld (GW_SCOL),a
        ld a,5
        ld (GW_SPAT),a
        ld ix,S_PUTSPRT
        call EXTROM
        sbc a,a
        ld (RESULT),a
        ld a,4
        ld (GW_SFL),a
        ld a,64
        ld (GW_SPAT),a
        ld ix,S_PUTSPRT
        call EXTROM
        sbc a,a
        ld (RESULT+1),a
");
    let vram = m.vram();
    let atr = word(&m, 0xF928);
    assert_eq!(&vram[atr + 8..atr + 11], &[80, 29, 20]);
    assert_eq!(&vram[atr - 512 + 32..atr - 512 + 48], &[0x86; 16]);
    assert_eq!(m.peek_range(0xC000, 2), vec![0, 0xFF]);
}

/// The dots of SCREEN 5 page 0 (256 x 212) that are not the background.
fn drawn5(m: &Machine) -> Vec<(i32, i32, u8)> {
    let vram = m.vram();
    let back = m.peek(0xF3EA) & 15;
    let mut out = vec![];
    for y in 0..212 {
        for x in 0..256 {
            let c = dot5(&vram, x, y);
            if c != back {
                out.push((x as i32, y as i32, c));
            }
        }
    }
    out
}

/// Runs a SCREEN 5 program that first sets no aspect and no arc, colour 10.
fn circle_run(setup: &str, cx: i32, cy: i32, r: i32) -> Machine {
    run(&format!(
        "
        ld a,5
        call CHGMOD
        xor a
        ld (LOGOPR),a
        ld (GW_CASP),a
        ld (GW_CARC),a
        ld (GW_CLIN),a
        ld a,10
        ld (ATRBYT),a
{setup}
        ld bc,{cx}
        ld de,{cy}
        ld hl,{r}
        ld ix,S_CIRCLE
        call EXTROM
"
    ))
}

/// CIRCLE: every dot lies on the circle (within one dot), the four ends of
/// its axes are drawn, the figure is symmetric about both axes, and a
/// circle partly off the screen draws the rest.
#[test]
fn circle_whole() {
    let m = circle_run("", 100, 90, 30);
    let dots = drawn5(&m);
    assert!(dots.len() > 150, "{} dots", dots.len());
    for &(x, y, c) in &dots {
        assert_eq!(c, 10);
        let d = (((x - 100).pow(2) + (y - 90).pow(2)) as f64).sqrt();
        assert!((d - 30.0).abs() < 1.0, "dot {x},{y} at {d}");
        let has = |x: i32, y: i32| dots.iter().any(|&(a, b, _)| (a, b) == (x, y));
        assert!(has(200 - x, y) && has(x, 180 - y), "mirror of {x},{y}");
    }
    for (x, y) in [(130, 90), (70, 90), (100, 60), (100, 120)] {
        assert!(dots.iter().any(|&(a, b, _)| (a, b) == (x, y)), "{x},{y}");
    }
    let m = circle_run("", 0, 0, 10);
    let dots = drawn5(&m);
    assert!(dots.iter().all(|&(x, y, _)| x <= 10 && y <= 10));
    assert!(dots.iter().any(|&(x, y, _)| (x, y) == (10, 0)));
    assert!(dots.iter().any(|&(x, y, _)| (x, y) == (0, 10)));
}

/// CIRCLE with an aspect of 0.5 (the factor 16384 / 32768 on the y offsets):
/// an ellipse 30 wide and 15 high either side.
#[test]
fn circle_aspect() {
    let m = circle_run(
        "        ld hl,16384\n        ld (GW_CFAC),hl\n        ld a,2\n        ld (GW_CASP),a",
        100,
        90,
        30,
    );
    let dots = drawn5(&m);
    for &(x, y, _) in &dots {
        let e = ((x - 100) as f64 / 30.0).powi(2) + ((y - 90) as f64 / 15.0).powi(2);
        assert!((e - 1.0).abs() < 0.15, "dot {x},{y}: {e}");
    }
    for (x, y) in [(130, 90), (70, 90), (100, 75), (100, 105)] {
        assert!(dots.iter().any(|&(a, b, _)| (a, b) == (x, y)), "{x},{y}");
    }
}

/// An arc from 0 to a quarter turn (directions (1,0) and (0,1), y up) is the
/// upper right quarter; with the start's line (a negative start angle) the
/// radius to (cx + r, cy) is drawn too. From a quarter turn back to 0 is the
/// other three quarters.
#[test]
fn circle_arcs() {
    let arc = |from: (i32, i32), to: (i32, i32), lines: u8| {
        format!(
            "        ld a,1\n        ld (GW_CARC),a\n        ld a,{lines}\n        ld (GW_CLIN),a
        ld hl,{}\n        ld (GW_CVEC),hl\n        ld hl,{}\n        ld (GW_CVEC+2),hl
        ld hl,{}\n        ld (GW_CVEC+4),hl\n        ld hl,{}\n        ld (GW_CVEC+6),hl",
            from.0, from.1, to.0, to.1
        )
    };
    let m = circle_run(&arc((16384, 0), (0, 16384), 0), 100, 90, 30);
    let dots = drawn5(&m);
    assert!(dots.len() > 30);
    assert!(
        dots.iter().all(|&(x, y, _)| x >= 100 && y <= 90),
        "{dots:?}"
    );
    assert!(dots.iter().any(|&(a, b, _)| (a, b) == (130, 90)));
    assert!(dots.iter().any(|&(a, b, _)| (a, b) == (100, 60)));

    let m = circle_run(&arc((16384, 0), (0, 16384), 1), 100, 90, 30);
    let dots = drawn5(&m);
    for x in 100..=130 {
        assert!(
            dots.iter().any(|&(a, b, _)| (a, b) == (x, 90)),
            "radius dot {x}"
        );
    }

    let m = circle_run(&arc((0, 16384), (16384, 0), 0), 100, 90, 30);
    let dots = drawn5(&m);
    assert!(!dots.iter().any(|&(x, y, _)| x > 101 && y < 89), "{dots:?}");
    for (x, y) in [(70, 90), (100, 120)] {
        assert!(dots.iter().any(|&(a, b, _)| (a, b) == (x, y)), "{x},{y}");
    }
}

/// PAINT in SCREEN 5 fills a U-shaped room up to the border colour (the
/// fill goes round the wall's end), nothing outside; in SCREEN 2 the border
/// is the paint colour itself.
#[test]
fn paint_screen_5_and_2() {
    // The seeds go above the arrays (STREND F6C6h): free RAM here.
    let room = "
        ld hl,0C100h
        ld (0F6C6h),hl
        xor a
        ld (LOGOPR),a
        ld a,9
        ld (ATRBYT),a
        ld bc,10
        ld de,10
        ld hl,40
        ld (GXPOS),hl
        ld hl,30
        ld (GYPOS),hl
        ld a,1
        call line
        ld bc,25
        ld de,10
        ld hl,25
        ld (GXPOS),hl
        ld hl,25
        ld (GYPOS),hl
        xor a
        call line
        ld a,7
        ld (ATRBYT),a
        ld bc,15
        ld de,12
        ld a,9
        ld ix,S_PAINT
        call EXTROM
        sbc a,a
        ld (RESULT),a
";
    let m = run(&format!("        ld a,5\n        call CHGMOD\n{room}"));
    assert_eq!(m.peek(0xC000), 0, "no Out of memory");
    let vram = m.vram();
    let back = m.peek(0xF3EA) & 15;
    for y in 0..50 {
        for x in 0..60 {
            let edge = ((x == 10 || x == 40) && (10..=30).contains(&y))
                || ((y == 10 || y == 30) && (10..=40).contains(&x))
                || (x == 25 && (10..=25).contains(&y));
            let inside = (11..40).contains(&x) && (11..30).contains(&y);
            let want = if edge {
                9
            } else if inside {
                7
            } else {
                back
            };
            assert_eq!(dot5(&vram, x, y), want, "dot {x},{y}");
        }
    }
    let m = run(&format!(
        "        ld a,2\n        call CHGMOD\n{}",
        room.replace("ld a,7\n", "ld a,9\n")
    ));
    let vram = m.vram();
    let cgp = word(&m, 0xF3CB);
    let col = word(&m, 0xF3C9);
    for y in 11..30 {
        for x in 11..40 {
            let (on, c) = dot2(&vram, cgp, col, x, y);
            assert!(on && c >> 4 == 9, "dot {x},{y}");
        }
    }
    assert!(!dot2(&vram, cgp, col, 9, 20).0);
    assert!(!dot2(&vram, cgp, col, 41, 20).0);
}

/// COPY (SCREEN 5): (x1,y1) goes to the destination point and the copy runs
/// towards (x2,y2)'s side; pages add 256 lines; what would leave the screen
/// at the destination is cut off.
#[test]
fn copy_screen_5() {
    // copy: x1, y1, x2, y2, dx, dy, source page, destination page
    let copy = |k: [i32; 8]| {
        format!(
            "        ld hl,{}\n        ld (GW_X),hl\n        ld hl,{}\n        ld (GW_X+2),hl
        ld hl,{}\n        ld (GW_X+4),hl\n        ld hl,{}\n        ld (GW_X+6),hl
        ld hl,{}\n        ld (GW_X+8),hl\n        ld hl,{}\n        ld (GW_X+10),hl
        ld a,{}\n        ld (GW_X+12),a\n        ld a,{}\n        ld (GW_X+13),a
        ld ix,S_SCOPY\n        call EXTROM\n",
            k[0], k[1], k[2], k[3], k[4], k[5], k[6], k[7]
        )
    };
    let mut body = String::from(
        "        ld a,5\n        call CHGMOD\n        xor a\n        ld (LOGOPR),a
        ld bc,10\n        ld de,10\n        ld a,3\n        call dot
        ld bc,12\n        ld de,11\n        ld a,5\n        call dot
        ld bc,20\n        ld de,10\n        ld a,6\n        call dot\n",
    );
    body += &copy([10, 10, 12, 11, 100, 50, 0, 0]);
    body += &copy([12, 11, 10, 10, 50, 60, 0, 0]);
    body += &copy([10, 10, 12, 11, 0, 0, 0, 1]);
    body += &copy([10, 10, 20, 10, 250, 100, 0, 0]);
    let m = run(&body);
    let vram = m.vram();
    let back = m.peek(0xF3EA) & 15;
    assert_eq!(dot5(&vram, 100, 50), 3);
    assert_eq!(dot5(&vram, 102, 51), 5);
    assert_eq!(dot5(&vram, 101, 50), back);
    assert_eq!(dot5(&vram, 103, 51), back, "3 dots wide");
    assert_eq!(
        dot5(&vram, 50, 60),
        5,
        "(x1,y1) = (12,11) to (50,60), leftwards and up"
    );
    assert_eq!(dot5(&vram, 48, 59), 3);
    assert_eq!(dot5(&vram, 0, 256), 3, "page 1 starts at line 256");
    assert_eq!(dot5(&vram, 2, 257), 5);
    assert_eq!(dot5(&vram, 250, 100), 3);
    assert!((251..256).all(|x| dot5(&vram, x, 100) == back));
    assert_eq!(
        dot5(&vram, 0, 101),
        back,
        "nothing wrapped to the next line"
    );
}

/// BASE(n): SCREEN 0-3 from the BIOS's table (TXTNAM + 2n), SCREEN 4's first
/// three are SCREEN 2's, the sprite tables of SCREEN 4-8 where the mode sets
/// them (Handbook 2.5, Table 2.8).
#[test]
fn base_values() {
    let mut body = String::new();
    for (i, n) in [0u8, 12, 20, 22, 23, 24, 28, 29, 43, 44].iter().enumerate() {
        body += &format!(
            "        ld a,{n}\n        ld ix,S_BASEF\n        call EXTROM\n        ld (RESULT+{}),hl\n",
            2 * i
        );
    }
    let m = run(&body);
    let w = |i: u16| word(&m, 0xC000 + 2 * i);
    assert_eq!(w(0), word(&m, 0xF3B3), "TXTNAM");
    assert_eq!(w(1), word(&m, 0xF3CB), "GRPCGP");
    assert_eq!(w(2), word(&m, 0xF3C7), "SCREEN 4's names are SCREEN 2's");
    assert_eq!(w(3), word(&m, 0xF3CB));
    assert_eq!((w(4), w(5)), (0x1E00, 0x3800));
    assert_eq!((w(6), w(7)), (0x7600, 0x7800));
    assert_eq!((w(8), w(9)), (0xFA00, 0xF000));
}

/// DRAW's macro language (the SUB-ROM body, the text already written out):
/// moves without drawing (B), lines, come back (N), relative M, colour, a
/// quarter turn anticlockwise (A1: up becomes left), scale (S8: twice).
#[test]
fn draw_macro_language() {
    let m = run("
        ld a,5
        call CHGMOD
        xor a
        ld (LOGOPR),a
        ld (0FCBCh),a           ; DRWSCL
        ld (0FCBDh),a           ; DRWANG
        ld a,15
        ld (ATRBYT),a
        ld hl,text
        ld b,textend-text
        ld ix,01C9h             ; DRAW
        call EXTROM
        sbc a,a
        ld (RESULT),a
        ld hl,(0FCB7h)
        ld (RESULT+1),hl
        ld hl,(0FCB9h)
        ld (RESULT+3),hl
        ld hl,bad
        ld b,3
        ld ix,01C9h
        call EXTROM
        sbc a,a
        ld (RESULT+5),a
        call mark
        jr $
text:   db 'bm10,10 C7R5D5NL5;BM+10,0U3A1U2A0S8R1'
textend:
bad:    db 'A4U'
");
    let vram = m.vram();
    let back = m.peek(0xF3EA) & 15;
    let mut want = vec![];
    for x in 10..=15 {
        want.push((x, 10));
        want.push((x, 15));
    }
    for y in 10..=15 {
        want.push((15, y));
    }
    for y in 12..=15 {
        want.push((25, y));
    }
    for x in 23..=25 {
        want.push((x, 12));
    }
    for y in 0..30 {
        for x in 0..40 {
            let c = if want.contains(&(x, y)) { 7 } else { back };
            assert_eq!(dot5(&vram, x, y), c, "dot {x},{y}");
        }
    }
    assert_eq!(m.peek_range(0xC000, 6), vec![0, 25, 0, 12, 0, 0xFF]);
}

/// PLAY's SUB-ROM half: the notes of one voice queued (VOICAQ, 7 bytes a
/// note: interrupts, tone period, volume, envelope period; the count at
/// QUETAB+3), held while PRSCNT is set, then played by the interrupt: the
/// PSG gets each note's period and volume, and once the queue is empty the
/// voice falls silent and leaves MUSICF. Expected values from the rules in
/// gfxbas.asm's PLAY notes: T255 L64 lasts 14400 / (64 x 255) < 5, so 5
/// interrupts; O4 C is octave 1's 0D5Dh shifted right 3 times, rounded up by
/// the last bit out: 1ACh; D 0BE7h -> 17Dh; E 0A9Bh -> 153h; V8.
#[test]
fn play_queue_and_player() {
    let mut m = run("
        ld a,1
        ld (0FB35h),a           ; PRSCNT: held
        xor a
        ld hl,text
        ld b,textend-text
        ld ix,01CDh             ; PLAY voice 0
        call EXTROM
        sbc a,a
        ld (RESULT),a
        ld hl,bad
        ld b,2
        ld a,1
        ld ix,01CDh
        call EXTROM
        sbc a,a
        ld (RESULT+1),a
        ld a,(0FB3Fh)           ; MUSICF
        ld (RESULT+2),a
        call mark
        xor a
        ld (0FB35h),a           ; released
        ei
        jr $
text:   db 'T255L64CD E'
textend:
bad:    db 'O9'
");
    assert_eq!(m.peek_range(0xC000, 3), vec![0, 0xFF, 1]);
    assert_eq!(m.peek(0xF959 + 3), 3, "three notes queued");
    let q = m.peek_range(0xF975, 21);
    assert_eq!(&q[0..7], &[5, 0, 0xAC, 0x01, 8, 255, 0]);
    assert_eq!(&q[7..14], &[5, 0, 0x7D, 0x01, 8, 255, 0]);
    assert_eq!(&q[14..21], &[5, 0, 0x53, 0x01, 8, 255, 0]);
    m.run_frame();
    m.run_frame();
    let r = m.psg().registers();
    assert_eq!((r[0], r[1], r[8]), (0xAC, 0x01, 8), "the first note sounds");
    for _ in 0..30 {
        m.run_frame();
    }
    let r = m.psg().registers();
    assert_eq!((r[0], r[1]), (0x53, 0x01), "the last note's tone stays");
    assert_eq!(r[8], 0, "silent at the end");
    assert_eq!(m.peek(0xFB3F), 0, "MUSICF clear");
}

/// POINT reads back in every bitmap mode what PSET drew (the dots' packing
/// of SCREEN 5-8, x up to 511 in SCREEN 6 and 7, the active page 1).
#[test]
fn point_bitmap_modes() {
    let mut body = String::new();
    // mode, x, y, colour
    let dots = [
        (5, 7, 3, 9),
        (5, 8, 3, 6),
        (6, 509, 200, 2),
        (6, 510, 200, 1),
        (6, 3, 1, 3),
        (7, 301, 10, 11),
        (7, 300, 10, 4),
        (8, 77, 150, 0xC5),
    ];
    for (i, (mode, x, y, c)) in dots.iter().enumerate() {
        body += &format!(
            "        ld a,{mode}\n        call CHGMOD\n        xor a\n        ld (LOGOPR),a
        ld a,1\n        ld (ACPAGE),a
        ld bc,{x}\n        ld de,{y}\n        ld a,{c}\n        call dot
        ld bc,{x}\n        ld de,{y}\n        ld ix,S_POINT\n        call EXTROM
        ld (RESULT+{i}),a\n"
        );
    }
    let m = run(&body);
    let want: Vec<u8> = dots.iter().map(|d| d.3 as u8).collect();
    assert_eq!(m.peek_range(0xC000, dots.len()), want);
}

/// PAINT in SCREEN 6, 7 and 8 on page 1 (rows read whole from VRAM): a box
/// outlined in colour 2 and painted in 1 from inside; POINT then finds 1
/// inside, 2 on the edge, and no paint outside.
#[test]
fn paint_bitmap_modes() {
    let mut body = String::from("        ld hl,0C100h\n        ld (0F6C6h),hl\n");
    for (i, (mode, x0)) in [(6, 300), (7, 400), (8, 100)].iter().enumerate() {
        body += &format!(
            "        ld a,{mode}\n        call CHGMOD\n        xor a\n        ld (LOGOPR),a
        ld a,1\n        ld (ACPAGE),a
        ld a,2\n        ld (ATRBYT),a
        ld bc,{x0}\n        ld de,50\n        ld hl,{x1}\n        ld (GXPOS),hl
        ld hl,70\n        ld (GYPOS),hl\n        ld a,1\n        call line
        ld a,1\n        ld (ATRBYT),a
        ld bc,{xm}\n        ld de,60\n        ld a,2\n        ld ix,S_PAINT\n        call EXTROM
        ld bc,{x0p}\n        ld de,51\n        ld ix,S_POINT\n        call EXTROM\n        ld (RESULT+{a}),a
        ld bc,{x1m}\n        ld de,69\n        ld ix,S_POINT\n        call EXTROM\n        ld (RESULT+{b}),a
        ld bc,{x1}\n        ld de,60\n        ld ix,S_POINT\n        call EXTROM\n        ld (RESULT+{c}),a
        ld bc,{x1p}\n        ld de,60\n        ld ix,S_POINT\n        call EXTROM\n        ld (RESULT+{d}),a\n",
            x1 = x0 + 30,
            xm = x0 + 15,
            x0p = x0 + 1,
            x1m = x0 + 29,
            x1p = x0 + 31,
            a = 4 * i,
            b = 4 * i + 1,
            c = 4 * i + 2,
            d = 4 * i + 3,
        );
    }
    let m = run(&body);
    let r = m.peek_range(0xC000, 12);
    // Outside: whatever page 1 held (CHGMOD clears page 0 only), not painted.
    for (k, mode) in [6, 7, 8].iter().enumerate() {
        assert_eq!(&r[4 * k..4 * k + 3], &[1, 1, 2], "SCREEN {mode}");
        assert_ne!(r[4 * k + 3], 1, "SCREEN {mode}: the paint stayed inside");
    }
}

/// SPRSET: SPRITE$(1)="AB" in SCREEN 1 (the string, then 0s to 8 bytes);
/// COLOR SPRITE is refused in sprite mode 1; in SCREEN 5 COLOR SPRITE(3)=89h
/// gives 09h to the 16 line colours (bit 7 left out), COLOR SPRITE$(4)="ABC"
/// the first three, the rest kept.
#[test]
fn sprite_strings_and_colours() {
    let m = run("
        ld a,1
        call CHGMOD
        xor a
        ld de,1
        ld hl,desc
        ld ix,01D9h
        call EXTROM
        sbc a,a
        ld (RESULT),a
        ld a,1
        ld de,1
        ld hl,5
        ld ix,01D9h
        call EXTROM
        sbc a,a
        ld (RESULT+1),a
        ld hl,(0F926h)          ; PATBAS
        ld de,RESULT+2
        ld bc,16
        call 0059h              ; LDIRMV
        ld a,5
        call CHGMOD
        ld a,1
        ld de,3
        ld hl,89h
        ld ix,01D9h
        call EXTROM
        ld a,2
        ld de,4
        ld hl,desc2
        ld ix,01D9h
        call EXTROM
        jr done
desc:   db 2
        dw text
desc2:  db 3
        dw text
text:   db 'ABC'
done:
");
    assert_eq!(m.peek_range(0xC000, 2), vec![0, 0xFF]);
    assert_eq!(
        &m.peek_range(0xC002 + 8, 8),
        &[b'A', b'B', 0, 0, 0, 0, 0, 0]
    );
    let vram = m.vram();
    let atr = word(&m, 0xF928);
    assert_eq!(&vram[atr - 512 + 48..atr - 512 + 64], &[9; 16]);
    assert_eq!(&vram[atr - 512 + 64..atr - 512 + 67], b"ABC");
    assert_eq!(
        vram[atr - 512 + 67],
        m.peek(0xF3E9),
        "the rest kept (CLRSPR's FORCLR)"
    );
}

// ---- whole statements, typed into MSX-BASIC ------------------------------------
//
// The core's dispatch points at basic/gfxstmt.asm's handlers
// (docs/basic-interpreter.md, "Graphics and music"). Each program ends by
// POKEing A5h to E000h and waiting there, so the test sees the screen it drew.

const DONE: u16 = 0xE000;

/// Boots the free ROMs into MSX-BASIC, types `program` (lines without the
/// final POKE) and RUN, and runs until the program is done.
fn basic(program: &str) -> Machine {
    let mut m = plain_machine();
    run_to_text(&mut m, "Ok", 600);
    let text = format!("{program}\n9000 POKE &HE000,&HA5\n9010 GOTO 9010\nRUN\n");
    let end = m.type_text(&text).unwrap();
    for _ in 0..end + 3000 {
        m.run_frame();
        if m.frame_count() > end && m.peek(DONE) == 0xA5 {
            return m;
        }
    }
    panic!("the program did not finish:\n{}", screen(&m));
}

/// The values a program POKEd from E001h on.
fn poked(m: &Machine, n: usize) -> Vec<u8> {
    m.peek_range(DONE + 1, n)
}

#[test]
fn statements_pset_line_point() {
    let m = basic(
        "10 SCREEN 5:PSET(10,10),15:PSET STEP(1,0)
20 LINE(20,20)-(30,25),8,B:LINE-(40,30),10,BF
30 PSET(5,5),5:PSET(5,5),3,XOR:PSET(6,6),0,TPSET:PRESET(7,7)
40 LINE(0,100)-STEP(255,0),3
50 POKE &HE001,POINT(10,10):POKE &HE002,POINT(-1,0)+2:POKE &HE003,POINT(30,25)",
    );
    let vram = m.vram();
    let back = m.peek(0xF3EA) & 15;
    assert_eq!(dot5(&vram, 10, 10), 15);
    assert_eq!(dot5(&vram, 11, 10), 15, "STEP from the last point, FORCLR");
    assert_eq!(dot5(&vram, 20, 22), 8, "the box's left side");
    assert_eq!(dot5(&vram, 25, 22), back, "inside the box");
    assert_eq!(dot5(&vram, 30, 25), 10, "BF from the box's end point");
    assert_eq!(dot5(&vram, 40, 30), 10);
    assert_eq!(dot5(&vram, 5, 5), 5 ^ 3);
    assert_eq!(dot5(&vram, 6, 6), back, "TPSET leaves colour 0 out");
    assert_eq!(dot5(&vram, 7, 7), back, "PRESET draws BAKCLR");
    assert!((0..256).all(|x| dot5(&vram, x, 100) == 3));
    assert_eq!(poked(&m, 3), vec![15, 1, 10], "POINT, -1 off the screen");
}

#[test]
fn statements_circle_paint() {
    let m = basic(
        "10 SCREEN 5:CIRCLE(100,100),30,7:PAINT(100,100),9,7
20 CIRCLE(200,50),20,11,0,3.14159/2
30 CIRCLE(60,170),20,12,,,.5",
    );
    let vram = m.vram();
    let back = m.peek(0xF3EA) & 15;
    assert_eq!(dot5(&vram, 130, 100), 7);
    assert_eq!(dot5(&vram, 100, 100), 9);
    assert_eq!(dot5(&vram, 128, 100), 9);
    assert_eq!(dot5(&vram, 132, 100), back);
    assert_eq!(dot5(&vram, 220, 50), 11, "the arc's start");
    assert_eq!(dot5(&vram, 200, 30), 11, "the arc's end");
    assert_eq!(dot5(&vram, 180, 50), back, "not on the arc");
    assert_eq!(dot5(&vram, 80, 170), 12);
    assert_eq!(dot5(&vram, 60, 160), 12, "aspect .5: half as high");
    assert_eq!(dot5(&vram, 60, 150), back);
}

#[test]
fn statements_sprites() {
    let m = basic(
        "10 SCREEN 5:SPRITE$(3)=\"ABC\":PUT SPRITE 1,(100,50),10,3
20 PUT SPRITE 2,(-5,60),,3:COLOR SPRITE(4)=9:COLOR SPRITE$(5)=CHR$(1)+CHR$(2)
30 A$=SPRITE$(3):POKE &HE001,LEN(A$):POKE &HE002,ASC(MID$(A$,3,1)):POKE &HE003,ASC(MID$(A$,4,1))",
    );
    assert_eq!(
        poked(&m, 3),
        vec![8, b'C', 0],
        "SPRITE$(3): 8 bytes, the pattern's"
    );
    let vram = m.vram();
    let pat = word(&m, 0xF926);
    let atr = word(&m, 0xF928);
    assert_eq!(&vram[pat + 24..pat + 32], b"ABC\0\0\0\0\0");
    assert_eq!(&vram[atr + 4..atr + 7], &[50, 100, 3]);
    assert_eq!(&vram[atr - 512 + 16..atr - 512 + 32], &[10; 16]);
    assert_eq!(&vram[atr + 8..atr + 11], &[60, 27, 3]);
    assert!(vram[atr - 512 + 32..atr - 512 + 48]
        .iter()
        .all(|&b| b & 0x80 != 0));
    assert_eq!(&vram[atr - 512 + 64..atr - 512 + 80], &[9; 16]);
    assert_eq!(&vram[atr - 512 + 80..atr - 512 + 82], &[1, 2]);
}

#[test]
fn statements_set_page_and_errors() {
    let m = basic("10 SCREEN 5:SET PAGE 1,1:PSET(0,0),7:SET PAGE 0,0:POKE &HE001,POINT(0,0)");
    assert_eq!(m.vdp().register(2), 0x1F, "page 0 shown again");
    assert_eq!(m.vram()[0x8000] >> 4, 7, "the dot went to page 1");
    assert_eq!(poked(&m, 1), vec![m.peek(0xF3EA) & 15]);
    let mut m = plain_machine();
    run_to_text(&mut m, "Ok", 600);
    m.type_text("PSET(1,1)\nSCREEN 2:CIRCLE(9,9),-1\n").unwrap();
    run_to_text(&mut m, "Illegal function call", 600);
}

#[test]
fn statements_copy_base() {
    let m = basic(
        "10 SCREEN 5:PSET(10,10),3:PSET(12,11),5:COPY(10,10)-(12,11) TO (100,50)
20 PSET(0,0),6:COPY(10,10)-(12,11),0 TO (0,0),1:COPY(10,10)-STEP(0,0) TO (0,0),,XOR
30 BASE(5)=&H1C00:POKE &HE001,BASE(44)/256:POKE &HE002,BASE(5)/256",
    );
    let vram = m.vram();
    assert_eq!(dot5(&vram, 100, 50), 3);
    assert_eq!(dot5(&vram, 102, 51), 5);
    assert_eq!(dot5(&vram, 2, 257), 5, "to page 1");
    assert_eq!(dot5(&vram, 0, 0), 6 ^ 3, "XOR on the active page");
    assert_eq!(poked(&m, 2), vec![0xF0, 0x1C]);
}

#[test]
fn statements_draw() {
    let m = basic(
        "10 SCREEN 5:PSET(10,10):B$=\"R5\":N=4:DRAW \"C7XB$;D=N;\":DRAW \"L2\"
20 POKE &HE001,PEEK(&HFCB7):POKE &HE002,PEEK(&HFCB9)",
    );
    let vram = m.vram();
    assert!((10..=15).all(|x| dot5(&vram, x, 10) == 7));
    assert!((10..=13).all(|y| dot5(&vram, 15, y) == 7), "D=N; (4)");
    assert_eq!(dot5(&vram, 15, 15), m.peek(0xF3EA) & 15);
    assert_eq!(dot5(&vram, 13, 14), 15, "each DRAW starts in FORCLR");
    assert_eq!(poked(&m, 2), vec![13, 14]);
}

#[test]
fn statements_play() {
    let m = basic(
        "10 A$=\"CDE\":N=5:PLAY \"T120L4XA$;\",\"O=N;C\":POKE &HE001,-PLAY(0):POKE &HE002,-PLAY(3)
20 IF PLAY(0) THEN 20
30 POKE &HE003,PEEK(&HFB3F)",
    );
    assert_eq!(poked(&m, 3), vec![1, 0, 0]);
}

/// A small xorshift for the pictures below (the test's own, so that the
/// pictures do not depend on another crate's sequence).
struct Rng(u32);
impl Rng {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }
}

/// The region a PAINT from `seed` must fill: the dots 4-connected to it whose
/// colour is neither the border nor the paint colour (MSX-BASIC's PAINT,
/// Handbook §2.4: the fill stops at the border colour; a dot already of the
/// paint colour stops it too), computed here over the picture as the test
/// made it, not by the code under test.
fn flood(pic: &[Vec<u8>], seed: (usize, usize), border: u8, paint: u8) -> Vec<(usize, usize)> {
    let free = |x: usize, y: usize| pic[y][x] != border && pic[y][x] != paint;
    let (h, w) = (pic.len(), pic[0].len());
    let mut seen = vec![vec![false; w]; h];
    let mut out = Vec::new();
    let mut stack = vec![seed];
    while let Some((x, y)) = stack.pop() {
        if seen[y][x] || !free(x, y) {
            continue;
        }
        seen[y][x] = true;
        out.push((x, y));
        if x > 0 {
            stack.push((x - 1, y));
        }
        if x + 1 < w {
            stack.push((x + 1, y));
        }
        if y > 0 {
            stack.push((x, y - 1));
        }
        if y + 1 < h {
            stack.push((x, y + 1));
        }
    }
    out
}

/// A picture for PAINT: `rows` rows of `width` dots, then a row of the
/// border colour (2). `winding`: walls of the border colour every 6 columns
/// with a one-dot gap at alternate ends (the fill must find each gap: a
/// lost seed leaves the rest unpainted), long free stretches between them
/// and a few stray dots; else random dots, 22 % of them border, above the
/// density where free regions join into long and branching ones. Other colours (never
/// 2) fill the rest, a few dots of colour 1 among them.
fn paint_picture(
    rng: &mut Rng,
    bits: u32,
    width: usize,
    rows: usize,
    winding: bool,
) -> Vec<Vec<u8>> {
    let colours = 1u32 << bits;
    let stray = if winding { 2 } else { 22 };
    let mut pic: Vec<Vec<u8>> = (0..rows)
        .map(|y| {
            (0..width)
                .map(|x| {
                    let r = rng.next() % 100;
                    let wall = winding && x % 6 == 5 && y != if x % 12 == 5 { rows - 1 } else { 0 };
                    // (a winding picture's strays keep off the walls' gaps)
                    let near_gap = winding && (x % 6 == 0 || x % 6 == 4 || y == 0 || y == rows - 1);
                    if wall || (r < stray && !near_gap) {
                        2
                    } else if r < stray + 2 && !near_gap {
                        1 // the first fill's own colour: a stop for it
                    } else if bits == 2 {
                        [0, 3][rng.next() as usize % 2]
                    } else {
                        (3 + rng.next() % (colours - 3)) as u8
                    }
                })
                .collect()
        })
        .collect();
    pic.push(vec![2; width]);
    pic
}

/// PAINT in SCREEN 5-8 against a flood fill computed here, on random and
/// winding pictures (`paint_picture`) in the top rows: three PAINTs one
/// after the other, border 2, paint colours 1, 3 and 0, from random dots
/// dots not of the border or paint colour (the winding picture's first
/// from its top left corner). Every dot must
/// end as the flood fill says: the region in the paint colour, the rest
/// untouched.
#[test]
fn paint_fills_what_a_flood_fill_fills() {
    // (mode, bits a dot, dots a row, rows)
    for (mode, bits, width, rows) in [
        (5, 4, 256, 40),
        (6, 2, 512, 40),
        (7, 4, 512, 20),
        (8, 8, 256, 20),
    ] {
        for winding in [false, true] {
            let mut rng = Rng(0x9E37_79B9 ^ mode);
            let colours = 1u32 << bits;
            let border = 2u8;
            let mut pic = paint_picture(&mut rng, bits, width, rows, winding);
            if winding {
                pic[0][0] = 0;
            }
            let bytes_row = width * bits as usize / 8;
            let mut data = Vec::new();
            for row in &pic {
                for chunk in row.chunks(8 / bits as usize) {
                    let mut b = 0u8;
                    for &c in chunk {
                        b = if bits == 8 { c } else { b << bits | c };
                    }
                    data.push(b);
                }
            }
            let seeds: Vec<(usize, usize, u8)> = (0..3)
                .map(|k| {
                    let p = [1u8, 3, 0][k];
                    if winding && k == 0 {
                        (0, 0, p)
                    } else {
                        loop {
                            let (x, y) = (rng.next() as usize % width, rng.next() as usize % rows);
                            if pic[y][x] != border && pic[y][x] != p {
                                break (x, y, p);
                            }
                        }
                    }
                })
                .collect();
            let mut body = format!(
            "        ld hl,0C100h\n        ld (0F6C6h),hl\n        ld a,{mode}\n        call CHGMOD
        xor a\n        ld (LOGOPR),a\n        ld hl,pic\n        ld de,0\n        ld bc,{len}\n        call 005Ch\n",
            len = data.len()
        );
            for (i, &(x, y, p)) in seeds.iter().enumerate() {
                body += &format!(
                "        ld a,{p}\n        ld (ATRBYT),a\n        ld bc,{x}\n        ld de,{y}
        ld a,{border}\n        ld ix,S_PAINT\n        call EXTROM\n        sbc a,a\n        ld (RESULT+{i}),a\n"
            );
            }
            body += "        call mark\n        jr $\npic:\n";
            for chunk in data.chunks(32) {
                let list: Vec<String> = chunk.iter().map(|b| b.to_string()).collect();
                body += &format!("        db {}\n", list.join(","));
            }
            let m = run_for(&body, 3000);
            assert_eq!(
                m.peek_range(0xC000, 3),
                vec![0; 3],
                "SCREEN {mode}: no Out of memory"
            );
            let mut filled = 0;
            for &(x, y, p) in &seeds {
                for (fx, fy) in flood(&pic, (x, y), border, p) {
                    pic[fy][fx] = p;
                    filled += 1;
                }
            }
            assert!(
                filled > 1000,
                "SCREEN {mode}: the seeds fell in small regions ({filled} dots)"
            );
            let vram = m.vram();
            for (y, row) in pic.iter().enumerate() {
                for (x, &want) in row.iter().enumerate() {
                    let per = 8 / bits as usize;
                    let b = vram[y * bytes_row + x / per];
                    let shift = (per - 1 - x % per) * bits as usize;
                    let got = (b >> shift) & (colours as u8).wrapping_sub(1);
                    assert_eq!(got, want, "SCREEN {mode} (winding {winding}): dot {x},{y}");
                }
            }
        }
    }
}

/// PAINT in SCREEN 2 against a flood fill computed here: 32 rows whose dots
/// that are on show colour 2 (the border; the colour bytes' foreground),
/// those off a background of 3-15, random or winding as in
/// `paint_picture`, row 32 all on. PAINT in colour 1 from an off dot: the
/// region's dots go on, and the colour byte of every 8 dots that had one of
/// them takes 1 as foreground (its background kept), so the border dots
/// there turn 1 too (the Handbook's colour restriction, §4 "GRAPHIC 2");
/// every other byte stays as it was.
#[test]
fn paint_screen_2_fills_what_a_flood_fill_fills() {
    for winding in [false, true] {
        let mut rng = Rng(0x0BAD_5EED);
        let pic = paint_picture(&mut rng, 4, 256, 32, winding);
        // on: the border; off: the 8 dots' background (any colour but 1, 2)
        let mut pattern = vec![0u8; 1280];
        let mut colour = vec![0u8; 1280];
        for (off, c) in colour.iter_mut().enumerate() {
            *c = 0x20 | (3 + rng.next() % 13) as u8;
            if off >= 1024 {
                pattern[off] = 0xFF;
            }
        }
        for (y, row) in pic.iter().enumerate().take(32) {
            for (x, &c) in row.iter().enumerate() {
                if c == 2 {
                    pattern[(y & 0xF8) * 32 + (x & 0xF8) + (y & 7)] |= 0x80 >> (x & 7);
                }
            }
        }
        let on = |x: usize, y: usize| {
            pattern[(y & 0xF8) * 32 + (x & 0xF8) + (y & 7)] & (0x80 >> (x & 7)) != 0
        };
        let free: Vec<Vec<u8>> = (0..=32)
            .map(|y| {
                (0..256)
                    .map(|x| if y == 32 || on(x, y) { 2 } else { 0 })
                    .collect()
            })
            .collect();
        let seed = if winding {
            (0, 1)
        } else {
            loop {
                let (x, y) = (rng.next() as usize % 256, rng.next() as usize % 32);
                if free[y][x] == 0 {
                    break (x, y);
                }
            }
        };
        let region = flood(&free, seed, 2, 1);
        assert!(
            region.len() > 1000,
            "the seed fell in a small region ({})",
            region.len()
        );
        let mut want_p = pattern.clone();
        let mut want_c = colour.clone();
        for &(x, y) in &region {
            let off = (y & 0xF8) * 32 + (x & 0xF8) + (y & 7);
            want_p[off] |= 0x80 >> (x & 7);
            want_c[off] = 0x10 | (colour[off] & 15);
        }
        let mut body = format!(
            "        ld hl,0C100h\n        ld (0F6C6h),hl\n        ld a,2\n        call CHGMOD
        xor a\n        ld (LOGOPR),a\n        ld hl,pat\n        ld de,0\n        ld bc,1280\n        call 005Ch
        ld hl,col\n        ld de,2000h\n        ld bc,1280\n        call 005Ch
        ld a,1\n        ld (ATRBYT),a\n        ld bc,{}\n        ld de,{}\n        ld a,2
        ld ix,S_PAINT\n        call EXTROM\n        sbc a,a\n        ld (RESULT),a\n        call mark\n        jr $\n",
            seed.0, seed.1
        );
        for (label, bytes) in [("pat", &pattern), ("col", &colour)] {
            body += &format!("{label}:\n");
            for chunk in bytes.chunks(32) {
                let list: Vec<String> = chunk.iter().map(|b| b.to_string()).collect();
                body += &format!("        db {}\n", list.join(","));
            }
        }
        let m = run_for(&body, 3000);
        assert_eq!(m.peek(0xC000), 0, "no Out of memory");
        let vram = m.vram();
        for off in 0..1280 {
            assert_eq!(
                vram[off], want_p[off],
                "winding {winding}: pattern byte {off}"
            );
            assert_eq!(
                vram[0x2000 + off],
                want_c[off],
                "winding {winding}: colour byte {off}"
            );
        }
    }
}
