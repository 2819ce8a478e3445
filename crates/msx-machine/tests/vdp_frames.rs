//! Whole frames drawn through the VDP's ports, saved as PNG files under the
//! Cargo test temp directory (`vdp-frames/`) so a person can look at them,
//! and checked at a few pixels worked out by hand.

use msx_machine::vdp::{grb_to_rgb, Frame, Vdp, VdpConfig, DEFAULT_PALETTE};

const FRAME: u64 = 262 * 228;

struct Bus {
    vdp: Vdp,
    now: u64,
}

impl Bus {
    fn new() -> Bus {
        Bus {
            vdp: Vdp::new(VdpConfig::default()).unwrap(),
            now: 0,
        }
    }
    fn out(&mut self, port: u8, v: u8) {
        self.now += 12;
        self.vdp.write_port(port, v, self.now);
    }
    fn inp(&mut self, port: u8) -> u8 {
        self.now += 12;
        self.vdp.read_port(port, self.now)
    }
    fn reg(&mut self, r: u8, v: u8) {
        self.out(0x99, v);
        self.out(0x99, 0x80 | r);
    }
    fn poke(&mut self, addr: u32, bytes: &[u8]) {
        self.reg(14, (addr >> 14) as u8);
        self.out(0x99, addr as u8);
        self.out(0x99, ((addr >> 8) as u8 & 0x3F) | 0x40);
        for b in bytes {
            self.out(0x98, *b);
        }
    }
    fn regs(&mut self, pairs: &[(u8, u8)]) {
        for &(r, v) in pairs {
            self.reg(r, v);
        }
    }
    #[allow(clippy::too_many_arguments)]
    fn command(
        &mut self,
        sx: u16,
        sy: u16,
        dx: u16,
        dy: u16,
        nx: u16,
        ny: u16,
        clr: u8,
        arg: u8,
        cmr: u8,
    ) {
        // Wait for the previous command as a program would.
        self.reg(15, 2);
        while self.inp(0x99) & 1 != 0 {}
        self.reg(15, 0);
        self.reg(17, 32);
        for v in [sx, sy, dx, dy, nx, ny] {
            self.out(0x9B, v as u8);
            self.out(0x9B, (v >> 8) as u8);
        }
        for v in [clr, arg, cmr] {
            self.out(0x9B, v);
        }
    }
    fn frame(&mut self) -> Frame {
        self.now += 2 * FRAME;
        self.vdp.run_to(self.now);
        self.vdp.frame().clone()
    }
}

fn save(name: &str, f: &Frame) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("vdp-frames");
    std::fs::create_dir_all(&dir).unwrap();
    image::save_buffer(
        dir.join(format!("{name}.png")),
        &f.to_rgb8(),
        f.width as u32,
        f.height as u32,
        image::ColorType::Rgb8,
    )
    .unwrap();
}

fn rgb(i: usize) -> u32 {
    grb_to_rgb(DEFAULT_PALETTE[i])
}

/// A few 8×8 glyphs, enough to write "HELLO MSX2".
fn glyph(c: u8) -> [u8; 8] {
    match c {
        b'H' => [0x66, 0x66, 0x66, 0x7E, 0x66, 0x66, 0x66, 0x00],
        b'E' => [0x7E, 0x60, 0x60, 0x7C, 0x60, 0x60, 0x7E, 0x00],
        b'L' => [0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x7E, 0x00],
        b'O' => [0x3C, 0x66, 0x66, 0x66, 0x66, 0x66, 0x3C, 0x00],
        b'M' => [0x63, 0x77, 0x7F, 0x6B, 0x63, 0x63, 0x63, 0x00],
        b'S' => [0x3C, 0x66, 0x60, 0x3C, 0x06, 0x66, 0x3C, 0x00],
        b'X' => [0x66, 0x66, 0x3C, 0x18, 0x3C, 0x66, 0x66, 0x00],
        b'2' => [0x3C, 0x66, 0x06, 0x0C, 0x30, 0x60, 0x7E, 0x00],
        _ => [0; 8],
    }
}

fn font(b: &mut Bus, base: u32) {
    for c in b"HELOMSX2" {
        b.poke(base + u32::from(*c) * 8, &glyph(*c));
    }
}

#[test]
fn screen1_text_and_sprites() {
    let mut b = Bus::new();
    // SCREEN 1 tables as the BIOS sets them.
    b.regs(&[
        (0, 0x00),
        (1, 0x62),
        (2, 0x06),
        (3, 0x80),
        (4, 0x00),
        (5, 0x36),
        (6, 0x07),
        (7, 0xF4),
    ]);
    font(&mut b, 0);
    b.poke(0x2000, &[0xF4; 32]);
    b.poke(0x2000 + 0x48 / 8, &[0xA4]); // 'H'..'O' group in yellow
    let mut names = vec![b' '; 768];
    names[32 * 11 + 11..32 * 11 + 21].copy_from_slice(b"HELLO MSX2");
    b.poke(0x1800, &names);
    // A 16×16 red ball at (120, 40) and a green one over it at (128, 48).
    let ball = [
        0x07, 0x1F, 0x3F, 0x7F, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0x7F, 0x3F, 0x1F,
        0x07, 0xE0, 0xF8, 0xFC, 0xFE, 0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE, 0xFE, 0xFC,
        0xF8, 0xE0,
    ];
    b.poke(0x3800, &ball);
    b.poke(0x1B00, &[39, 120, 0, 8, 47, 128, 0, 2, 208]);
    let f = b.frame();
    save("screen1", &f);
    assert_eq!((f.width, f.height), (320, 240));
    // 'H' at column 11, row 11: first pattern row 0x66 → pixels 1,2 lit.
    let (x, y) = (32 + 11 * 8, 24 + 11 * 8);
    assert_eq!(f.pixel(x, y), rgb(4));
    assert_eq!(f.pixel(x + 1, y), rgb(10));
    // Ball centre row 7 of sprite 0 (display line 47): solid red.
    assert_eq!(f.pixel(32 + 124, 24 + 40 + 7), rgb(8));
    // Overlap: sprite 0 (red) is in front of sprite 1 (green).
    assert_eq!(f.pixel(32 + 132, 24 + 52), rgb(8));
    assert_eq!(f.pixel(32 + 140, 24 + 60), rgb(2));
    let text = b.vdp.text_screen().unwrap();
    assert_eq!(text.line(11), "           HELLO MSX2");
}

#[test]
fn screen5_drawn_by_the_command_engine() {
    let mut b = Bus::new();
    b.regs(&[
        (0, 0x06),
        (1, 0x60),
        (2, 0x1F),
        (5, 0xEF),
        (11, 0x00),
        (6, 0x0F),
        (7, 0x04),
        (8, 0x08),
        (9, 0x80),
    ]);
    // Background: 16 vertical colour bars with HMMV (16 pixels = 8 bytes each).
    for c in 0..16u16 {
        b.command(0, 0, c * 16, 0, 16, 212, (c as u8) * 0x11, 0, 0xC0);
    }
    // A white frame with LINE, a star of lines from the centre.
    b.command(0, 0, 8, 8, 239, 0, 15, 0, 0x70);
    b.command(0, 0, 8, 8, 195, 0, 15, 0x01, 0x70);
    for (nx, ny, arg) in [
        (100, 40, 0),
        (100, 40, 0x08),
        (100, 40, 0x04),
        (100, 40, 0x0C),
        (90, 60, 0x01),
        (90, 60, 0x0D),
    ] {
        b.command(0, 0, 128, 106, nx, ny, 1, arg, 0x70);
    }
    // A box in page 1, copied back with TIMP so its colour-0 hole stays see-through.
    b.command(0, 0, 0, 256, 40, 40, 9, 0, 0x80);
    b.command(0, 0, 10, 266, 20, 20, 0, 0, 0x80);
    b.command(0, 256, 180, 150, 40, 40, 0, 0, 0x98);
    // Sprite mode 2: sprite 0 (colour 8) and a CC sprite 1 (colour 3) ORed: 11.
    b.poke(0x7800, &[0xFF; 8]);
    b.poke(0x7600, &[99, 60, 0, 0, 99, 64, 0, 0, 216]);
    b.poke(0x7400, &[8; 16]);
    b.poke(0x7410, &[0x40 | 3; 16]);
    let f = b.frame();
    save("screen5", &f);
    // Bars: x=20 is bar 1 (colour 1), row 50 → untouched by the lines.
    assert_eq!(f.pixel(32 + 20, 14 + 200), rgb(1));
    assert_eq!(f.pixel(32 + 250, 14 + 200), rgb(15));
    // The frame's top edge from (8,8) to (247,8).
    assert_eq!(f.pixel(32 + 8, 14 + 8), rgb(15));
    assert_eq!(f.pixel(32 + 247, 14 + 8), rgb(15));
    // TIMP copy: box colour 9, transparent hole shows the bar below (x 195 → bar 12).
    assert_eq!(f.pixel(32 + 181, 14 + 151), rgb(9));
    assert_eq!(f.pixel(32 + 195, 14 + 165), rgb(12));
    // Sprites on display line 100: 60..63 colour 8, 64..67 8|3 = 11, 68..71 3.
    assert_eq!(f.pixel(32 + 61, 14 + 100), rgb(8));
    assert_eq!(f.pixel(32 + 65, 14 + 100), rgb(11));
    assert_eq!(f.pixel(32 + 70, 14 + 100), rgb(3));
}

#[test]
fn screen8_all_colours_and_screen7_wide() {
    let mut b = Bus::new();
    b.regs(&[
        (0, 0x0E),
        (1, 0x40),
        (2, 0x1F),
        (7, 0x00),
        (8, 0x0A),
        (9, 0x80),
    ]);
    // 16 × 16 blocks of 16 × 13 pixels, one per colour.
    let mut line = [0u8; 256];
    for y in 0..208u32 {
        for (x, px) in line.iter_mut().enumerate() {
            *px = ((y / 13) * 16 + x as u32 / 16) as u8;
        }
        b.poke(y * 256, &line);
    }
    let f = b.frame();
    save("screen8", &f);
    assert_eq!(f.pixel(32, 14), 0);
    assert_eq!(f.pixel(32 + 255, 14 + 207), 0xFF_FF_FF);
    assert_eq!(f.pixel(32 + 3 * 16, 14), 0x00_00_FF); // byte 3: blue 3 → 7

    let mut b = Bus::new();
    b.regs(&[
        (0, 0x0A),
        (1, 0x40),
        (2, 0x1F),
        (7, 0x05),
        (8, 0x0A),
        (9, 0x80),
    ]);
    // Diagonal stripes of the 16 colours, 512 pixels wide, by LMMV lines.
    for y in 0..212u16 {
        for band in 0..16u16 {
            let x = (band * 32 + y) % 512;
            let n = 32.min(512 - x);
            b.command(0, 0, x, y, n, 1, band as u8, 0, 0x80);
        }
    }
    let f = b.frame();
    save("screen7", &f);
    assert_eq!(f.width, 640);
    assert_eq!(f.pixel(64, 14), rgb(5), "colour 0 shows the backdrop");
    assert_eq!(f.pixel(64 + 40, 14), rgb(1));
}

#[test]
fn text2_with_blink_and_a_mid_frame_split() {
    let mut b = Bus::new();
    b.regs(&[
        (0, 0x04),
        (1, 0x70),
        (2, 0x03),
        (3, 0x27),
        (10, 0),
        (4, 0x02),
        (7, 0xF4),
        (12, 0x1D),
        (13, 0xF0),
    ]);
    font(&mut b, 0x1000);
    let mut names = vec![b' '; 80 * 24];
    for row in 0..24 {
        names[row * 80 + row * 3..row * 80 + row * 3 + 10].copy_from_slice(b"HELLO MSX2");
    }
    b.poke(0, &names);
    // Blink attribute for the first 8 columns of every row.
    let mut blink = vec![0u8; 240];
    for row in 0..24 {
        blink[row * 10] = 0xFF;
    }
    b.poke(0x800, &blink);
    let f = b.frame();
    save("text2", &f);
    assert_eq!(f.width, 640);
    // Row 0 'H' (pattern 0x66: pixels 1,2 lit) at wide x 82: blink colours.
    assert_eq!(f.pixel(82 + 1, 24), rgb(1));
    assert_eq!(f.pixel(82, 24), rgb(13));

    // A split: border blue in the top half, red below, by timing a register write.
    let mut b = Bus::new();
    b.regs(&[(1, 0x40), (7, 0x04)]);
    let start = b.now.next_multiple_of(FRAME);
    b.vdp.run_to(start + 140 * 228);
    b.now = start + 140 * 228;
    b.reg(7, 0x08);
    b.vdp.run_to(start + FRAME + 10);
    let f = b.vdp.frame().clone();
    save("split", &f);
    assert_eq!(f.pixel(0, 140 - 18 - 1), rgb(4));
    assert_eq!(f.pixel(0, 140 - 18 + 1), rgb(8));
}
