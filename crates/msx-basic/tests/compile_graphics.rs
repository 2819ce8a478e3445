//! Graphics statements on the emulated MSX2: the pixels they leave in VRAM.

#[path = "compile_harness.rs"]
mod harness;

/// SCREEN 5: pixel (x, y) is a nibble of byte y * 128 + x / 2 (the high one
/// for an even x) — V9938 Technical Data Book, GRAPHIC 4.
fn pixel5(m: &msx_machine::machine::Machine, x: usize, y: usize) -> u8 {
    let b = m.vdp().vram()[y * 128 + x / 2];
    if x.is_multiple_of(2) {
        b >> 4
    } else {
        b & 15
    }
}

#[test]
fn pset_and_line_in_screen_5() {
    let out = harness::build(concat!(
        "10 SCREEN 5:COLOR 15,0,0:CLS\n",
        "20 PSET (10,10),15:PSET STEP(2,0),7\n",
        "30 LINE (0,20)-(9,20),8:LINE -STEP(0,5),9\n",
        "40 LINE (30,30)-(33,32),4,BF:LINE (50,50)-(53,53),6,B\n",
        "50 LINE (0,40)-(4,44),3\n",
        "60 GOTO 60\n",
    ));
    let mut m = harness::boot(&out);
    m.run_frames(400);
    let p = |x, y| pixel5(&m, x, y);
    assert_eq!((p(10, 10), p(11, 10), p(12, 10)), (15, 0, 7));
    assert!((0..=8).all(|x| p(x, 20) == 8));
    assert_eq!(p(10, 20), 0);
    // LINE -STEP(0,5) from the last point (9,20) to (9,25), over the end
    // of the first line.
    assert!((20..=25).all(|y| p(9, y) == 9));
    assert_eq!(p(9, 26), 0);
    assert!((30..=33).all(|x| (30..=32).all(|y| p(x, y) == 4)));
    assert_eq!((p(50, 50), p(53, 53), p(51, 52), p(50, 52)), (6, 6, 0, 6));
    // A 45-degree line: the diagonal only.
    assert!((0..=4).all(|i| p(i, 40 + i) == 3));
    assert_eq!(p(1, 40), 0);
}

#[test]
fn pset_in_screen_2() {
    let out = harness::build("10 SCREEN 2:COLOR 15,4,4:CLS\n20 PSET (9,3),10\n30 GOTO 30\n");
    let mut m = harness::boot(&out);
    m.run_frames(400);
    let vram = m.vdp().vram();
    // Pattern table at 0, colour table at 2000h (the BIOS's SCREEN 2): the
    // byte of (9,3) is 8 + 3, bit 7 - (9 AND 7).
    assert_eq!(vram[8 + 3] & 0x40, 0x40);
    assert_eq!(vram[0x2000 + 8 + 3] >> 4, 10);
}

#[test]
fn circle_in_screen_5() {
    let out =
        harness::build("10 SCREEN 5:COLOR 15,0,0:CLS\n20 CIRCLE (100,100),10,11\n30 GOTO 30\n");
    let mut m = harness::boot(&out);
    m.run_frames(400);
    let p = |x, y| pixel5(&m, x, y);
    // The four extreme points and the centre left empty; symmetric.
    assert_eq!(
        (p(110, 100), p(90, 100), p(100, 110), p(100, 90)),
        (11, 11, 11, 11)
    );
    assert_eq!(p(100, 100), 0);
    let drawn: Vec<(usize, usize)> = (85..116)
        .flat_map(|y| (85..116).map(move |x| (x, y)))
        .filter(|&(x, y)| p(x, y) != 0)
        .collect();
    for &(x, y) in &drawn {
        assert_eq!(p(200 - x, y), 11, "mirror of ({x},{y})");
        assert_eq!(p(y, x), 11, "transpose of ({x},{y})");
        let d2 = (x as i32 - 100).pow(2) + (y as i32 - 100).pow(2);
        assert!((81..=121).contains(&d2), "({x},{y}) is off the circle");
    }
}

#[test]
fn sprites_in_screen_1_and_5() {
    // SCREEN 1: attributes at 1B00h (y, x, pattern, colour), patterns at
    // 3800h (MSX2 Technical Handbook, VRAM maps); x < 0 sets the early
    // clock bit and writes x + 32 (ROM J7AB6).
    let out = harness::build(concat!(
        "10 SCREEN 1,0:SPRITE$(1)=STRING$(7,255)+CHR$(129)\n",
        "20 PUT SPRITE 0,(100,50),15,1:PUT SPRITE 2,(-5,9),7,0\n",
        "30 GOTO 30\n",
    ));
    let mut m = harness::boot(&out);
    m.run_frames(400);
    let vram = m.vdp().vram();
    assert_eq!(&vram[0x1B00..0x1B04], &[50, 100, 1, 15]);
    assert_eq!(&vram[0x1B08..0x1B0C], &[9, 27, 0, 0x87]);
    assert_eq!(
        &vram[0x3808..0x3810],
        &[255, 255, 255, 255, 255, 255, 255, 129]
    );
    // SCREEN 5: attributes at 7600h, the line colours of plane n at
    // 7400h + 16n.
    let out = harness::build("10 SCREEN 5\n20 PUT SPRITE 1,(30,40),9,3\n30 GOTO 30\n");
    let mut m = harness::boot(&out);
    m.run_frames(400);
    let vram = m.vdp().vram();
    assert_eq!(&vram[0x7604..0x7607], &[40, 30, 3]);
    assert!(vram[0x7410..0x7420].iter().all(|&c| c == 9));
}

#[test]
fn point_reads_what_pset_drew() {
    let got = harness::run(concat!(
        "10 SCREEN 5:COLOR 15,1,1:CLS:PSET (7,9),12:A=POINT(7,9):B=POINT(8,9):C=POINT(300,9)\n",
        "20 SCREEN 2:CLS:PSET (3,3),6:D=POINT(3,3):E=POINT(4,3)\n",
        "30 SCREEN 0:PRINT A;B;C;D;E\n",
    ));
    // The drawn colour, the background (CLS filled it with colour 1),
    // -1 outside the screen.
    assert_eq!(
        got.lines().next().map(str::trim),
        Some("12  1 -1  6  1"),
        "{got}"
    );
}

#[test]
fn paint_fills_inside_a_border() {
    let out = harness::build(concat!(
        "10 SCREEN 5:COLOR 15,0,0:CLS\n",
        "20 LINE (10,10)-(30,30),8,B:LINE (10,10)-(30,30),8\n",
        "30 PAINT (25,15),3,8\n",
        "40 GOTO 40\n",
    ));
    let mut m = harness::boot(&out);
    m.run_frames(600);
    let p = |x, y| pixel5(&m, x, y);
    // The triangle above the diagonal is painted, the one below is not,
    // the border stays, outside is untouched.
    assert_eq!((p(25, 15), p(29, 11), p(12, 11)), (3, 3, 3));
    assert_eq!((p(15, 25), p(11, 29)), (0, 0));
    assert_eq!((p(10, 10), p(20, 20), p(30, 20)), (8, 8, 8));
    assert_eq!((p(35, 15), p(5, 5)), (0, 0));
}

#[test]
fn draw_in_screen_5() {
    // DRAW (MSX2 Technical Handbook, chapter 2): from the last point (the
    // PSET), R5 right 5 points, D3 down 3; BM moves without drawing to an
    // absolute point, N comes back after drawing, C sets the colour, M+x,y
    // is relative; S8 doubles the distances (n*8/4); A1 turns 90 degrees
    // anticlockwise: R becomes up.
    let out = harness::build(concat!(
        "10 SCREEN 5:COLOR 15,0,0:CLS\n",
        "20 PSET (10,10),15:DRAW \"C9R5D3\"\n",
        "30 DRAW \"BM40,40C7NR4NU4E2\"\n",
        "40 DRAW \"BM60,60C5M+3,0S8L2A1S0R3A0\"\n",
        "50 GOTO 50\n",
    ));
    let mut m = harness::boot(&out);
    m.run_frames(400);
    let p = |x, y| pixel5(&m, x, y);
    assert!((10..=15).all(|x| p(x, 10) == 9), "R5");
    assert!((10..=13).all(|y| p(15, y) == 9), "D3");
    assert_eq!(p(16, 10), 0);
    // NR4 and NU4 both from (40,40), then E2 from (40,40) too.
    assert!((40..=44).all(|x| p(x, 40) == 7), "NR4");
    assert!((36..=40).all(|y| p(40, y) == 7), "NU4");
    assert_eq!((p(41, 39), p(42, 38), p(43, 37)), (7, 7, 0), "E2");
    // M+3,0: (60,60)-(63,60); S8 L2: 4 points left, to (59,60); A1 R3:
    // up 3, to (59,57).
    assert!((59..=63).all(|x| p(x, 60) == 5), "M+3,0 and L2 at S8");
    assert_eq!(p(58, 60), 0);
    assert!((57..=60).all(|y| p(59, y) == 5), "R3 at A1");
    assert_eq!(p(59, 56), 0);
}

#[test]
fn draw_refuses_what_it_cannot_do() {
    // X and = are taken from constant strings only (parse::macros); in a
    // string made at run time the names are gone.
    let out = harness::build("10 SCREEN 5:B$=\"XA$;\":DRAW B$\n");
    let mut m = harness::boot(&out);
    harness::run_to_end(&out, &mut m, 3000);
    assert!(harness::screen(&m).contains("Illegal function call in 10"));
}

#[test]
fn circle_aspect_in_screen_5() {
    // CIRCLE's aspect (MSX2 Technical Handbook, chapter 2): below 1 the
    // vertical radius is r * aspect, above 1 the horizontal one is
    // r / aspect.
    let out = harness::build(concat!(
        "10 SCREEN 5:COLOR 15,0,0:CLS\n",
        "20 CIRCLE (60,60),20,11,,,.5\n",
        "30 CIRCLE (160,100),20,12,,,2\n",
        "40 GOTO 40\n",
    ));
    let mut m = harness::boot(&out);
    m.run_frames(400);
    let p = |x, y| pixel5(&m, x, y);
    assert_eq!(
        (p(80, 60), p(40, 60), p(60, 50), p(60, 70)),
        (11, 11, 11, 11)
    );
    assert_eq!((p(60, 40), p(60, 80)), (0, 0));
    assert_eq!(
        (p(170, 100), p(150, 100), p(160, 80), p(160, 120)),
        (12, 12, 12, 12)
    );
    assert_eq!((p(180, 100), p(140, 100)), (0, 0));
}

#[test]
fn copy_moves_rectangles_in_screen_5() {
    // COPY (MSX2 Technical Handbook, chapter 2): the rectangle's pixels to
    // (x3,y3) on, on a page (page 1 starts at VRAM 8000h in SCREEN 5); a
    // rectangle given right-to-left and bottom-up is copied leftwards and
    // upwards from (x3,y3); XOR with the same pixels clears them.
    let out = harness::build(concat!(
        "10 SCREEN 5:COLOR 15,0,0:CLS\n",
        "20 LINE (10,10)-(13,12),9,BF\n",
        "30 COPY (10,10)-(13,12) TO (50,60)\n",
        "40 COPY (10,10)-(13,12) TO (0,0),1\n",
        "50 COPY (13,12)-(10,10) TO (100,100)\n",
        "60 COPY (10,10)-(13,12) TO (120,120):COPY (10,10)-(13,12) TO (120,120),,XOR\n",
        "70 GOTO 70\n",
    ));
    let mut m = harness::boot(&out);
    m.run_frames(400);
    let p = |x, y| pixel5(&m, x, y);
    assert!((50..=53).all(|x| (60..=62).all(|y| p(x, y) == 9)));
    assert_eq!((p(54, 60), p(50, 63)), (0, 0));
    assert_eq!(m.vdp().vram()[0x8000] >> 4, 9);
    assert!((97..=100).all(|x| (98..=100).all(|y| p(x, y) == 9)));
    assert_eq!((p(101, 100), p(100, 101), p(96, 100)), (0, 0, 0));
    assert!((120..=123).all(|x| (120..=122).all(|y| p(x, y) == 0)));
}

#[test]
fn copy_needs_a_bitmap_screen() {
    let out = harness::build("10 SCREEN 2:COPY (0,0)-(1,1) TO (5,5)\n");
    let mut m = harness::boot(&out);
    harness::run_to_end(&out, &mut m, 3000);
    assert!(harness::screen(&m).contains("Illegal function call in 10"));
}

#[test]
fn circle_arcs_in_screen_5() {
    // CIRCLE's start and end (radians, anticlockwise; MSX2 Technical
    // Handbook, chapter 2): 0 to PI/2 is the upper right quarter; a
    // negative angle adds a line from the centre to that end; 3*PI/2 to
    // PI/2 goes through 0 (the right half).
    let out = harness::build(concat!(
        "10 SCREEN 5:COLOR 15,0,0:CLS:P=3.14159\n",
        "20 CIRCLE (60,60),20,11,0,P/2\n",
        "30 CIRCLE (160,60),20,12,-.0001,-P/2\n",
        "40 CIRCLE (100,150),20,13,3*P/2,P/2\n",
        "50 GOTO 50\n",
    ));
    let mut m = harness::boot(&out);
    m.run_frames(400);
    let p = |x, y| pixel5(&m, x, y);
    // Upper right quarter only: (80,60) and (60,40) are its ends.
    assert_eq!((p(80, 60), p(60, 40), p(74, 46)), (11, 11, 11));
    assert_eq!(
        (p(40, 60), p(60, 80), p(46, 74), p(46, 46), p(74, 74)),
        (0, 0, 0, 0, 0)
    );
    // With the lines from the centre to (180,60) and to (160,40).
    assert!((161..=179).all(|x| p(x, 60) == 12), "line to the start");
    assert!((41..=59).all(|y| p(160, y) == 12), "line to the end");
    assert_eq!((p(140, 60), p(160, 80)), (0, 0));
    // The right half: (120,150), (100,130), (100,170) on, (80,150) off.
    assert_eq!((p(120, 150), p(100, 130), p(100, 170)), (13, 13, 13));
    assert_eq!((p(80, 150), p(86, 136), p(86, 164)), (0, 0, 0));
}

#[test]
fn circle_angles_beyond_two_pi_are_illegal() {
    let out = harness::build("10 SCREEN 5:CIRCLE (50,50),10,15,0,7\n");
    let mut m = harness::boot(&out);
    harness::run_to_end(&out, &mut m, 3000);
    assert!(harness::screen(&m).contains("Illegal function call in 10"));
}
