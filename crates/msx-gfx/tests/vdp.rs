//! Proof on the emulated V9938: the converted bytes go into VRAM through port 0x98 with
//! the mode set through port 0x99, exactly as a program would do it, and the frame the
//! VDP renders must show the source picture pixel for pixel.

use msx_gfx::{encode, palette, Colors, Options, Screen, POWER_ON};
use msx_machine::vdp::{Vdp, VdpConfig, DEFAULT_PALETTE};

/// R#0 of each mode (M5..M3 in bits 3..1): GRAPHIC4 to GRAPHIC7.
fn r0(screen: Screen) -> u8 {
    match screen {
        Screen::Sc5 => 0x06,
        Screen::Sc6 => 0x08,
        Screen::Sc7 => 0x0A,
        Screen::Sc8 => 0x0E,
    }
}

/// The CPU's side of the VDP: port writes at the pace of an OUTI loop.
struct Cpu {
    vdp: Vdp,
    now: u64,
}

impl Cpu {
    fn out(&mut self, port: u8, v: u8) {
        self.now += 20;
        self.vdp.write_port(port, v, self.now);
    }

    fn reg(&mut self, r: u8, v: u8) {
        self.out(0x99, v);
        self.out(0x99, 0x80 | r);
    }
}

/// A VDP showing `bytes` at page 0 in `screen`, with `pal` loaded, after a whole frame.
fn show(screen: Screen, bytes: &[u8], pal: Option<&palette::Palette>) -> Vdp {
    // Display on; sprites off (R#8 SPD), 212 lines (R#9 LN), page 0, backdrop 0.
    let regs = [
        (1, 0x40),
        (0, r0(screen)),
        (8, 0x0A),
        (9, 0x80),
        (2, 0x1F),
        (7, 0),
    ];
    show_with(&regs, bytes, pal)
}

/// A VDP with `regs` written, `pal` loaded and `bytes` from VRAM address 0, after a
/// whole frame.
fn show_with(regs: &[(u8, u8)], bytes: &[u8], pal: Option<&palette::Palette>) -> Vdp {
    let vdp = Vdp::new(VdpConfig {
        vram_kb: 128,
        pal: false,
    })
    .unwrap();
    let mut cpu = Cpu { vdp, now: 0 };
    for &(r, v) in regs {
        cpu.reg(r, v);
    }
    if let Some(pal) = pal {
        cpu.reg(16, 0);
        for b in palette::to_pal_bytes(pal) {
            cpu.out(0x9A, b);
        }
    }
    // 16 KB at a time: R#14 holds address bits 16..14.
    for (k, chunk) in bytes.chunks(0x4000).enumerate() {
        cpu.reg(14, k as u8);
        cpu.out(0x99, 0x00);
        cpu.out(0x99, 0x40);
        for &b in chunk {
            cpu.out(0x98, b);
        }
    }
    // Two frame ends: the one in progress, then a whole frame with everything set.
    let mut vdp = cpu.vdp;
    vdp.run_to(vdp.frame_end_time());
    vdp.run_to(vdp.frame_end_time());
    vdp
}

/// Compares the displayed area of the frame with the expected picture.
fn assert_frame(vdp: &Vdp, screen: Screen, want: &image::RgbImage) {
    assert_frame_at(vdp, screen.width(), 14, want, &screen.to_string());
}

/// Compares the frame from row `top` (14 for 212 lines, 24 for 192) with the picture,
/// `width` being the mode's pixels per line.
fn assert_frame_at(vdp: &Vdp, width: u32, top: usize, want: &image::RgbImage, what: &str) {
    let frame = vdp.frame();
    let (x0, scale) = if frame.width == 640 { (64, 2) } else { (32, 1) };
    // A 512-pixel mode fills the 640 frame one to one; 256-pixel modes use 320.
    let step = if width == 512 { 1 } else { scale };
    for y in 0..want.height() {
        for x in 0..want.width() {
            let p = frame.pixel((x0 + x * step) as usize, top + y as usize);
            let got = [(p >> 16) as u8, (p >> 8) as u8, p as u8];
            assert_eq!(got, want.get_pixel(x, y).0, "{what} pixel ({x}, {y})");
        }
    }
}

/// A picture of `screen`'s size from a colour function (alpha 255 unless clear).
fn picture(screen: Screen, f: impl Fn(u32, u32) -> [u8; 4]) -> image::RgbaImage {
    image::RgbaImage::from_fn(screen.width(), 212, |x, y| image::Rgba(f(x, y)))
}

fn rgb(img: &image::RgbaImage) -> image::RgbImage {
    // Transparent pixels show the backdrop, colour 0: black in every palette here.
    image::RgbImage::from_fn(img.width(), img.height(), |x, y| {
        let p = img.get_pixel(x, y).0;
        image::Rgb(if p[3] < 128 {
            [0, 0, 0]
        } else {
            [p[0], p[1], p[2]]
        })
    })
}

#[test]
fn power_on_palette_is_the_vdps() {
    for (i, c) in POWER_ON.iter().enumerate() {
        let grb = DEFAULT_PALETTE[i];
        let want = palette::Rgb3 {
            r: ((grb >> 4) & 7) as u8,
            g: ((grb >> 8) & 7) as u8,
            b: (grb & 7) as u8,
        };
        assert_eq!(*c, want, "entry {i}");
    }
}

/// Power-on colours by position, every index of the mode, a transparent stripe.
fn msx_colours(screen: Screen) -> image::RgbaImage {
    let n = screen.colours() as u32;
    picture(screen, |x, y| {
        if y % 50 == 7 {
            return [0, 0, 0, 0];
        }
        let i = ((x / 3 + y) % (n - 1) + 1) as usize;
        let [r, g, b] = POWER_ON[i].to_rgb8();
        [r, g, b, 255]
    })
}

#[test]
fn palette_modes_with_the_power_on_palette() {
    for screen in [Screen::Sc5, Screen::Sc6, Screen::Sc7] {
        let img = msx_colours(screen);
        let enc = encode(&img, screen, Options::default()).unwrap();
        assert_eq!(enc.bytes.len(), screen.line_bytes() * 212);
        let vdp = show(screen, &enc.bytes, None);
        assert_frame(&vdp, screen, &rgb(&img));
    }
}

#[test]
fn palette_modes_with_the_pictures_own_colours() {
    for screen in [Screen::Sc5, Screen::Sc6, Screen::Sc7] {
        let n = screen.colours() as u32;
        // n colours not in the power-on palette, at the emulator's levels.
        let colour = |i: u32| {
            let l = |v: u32| palette::level8((v % 8) as u8);
            // (red, green) differ for each i below 16.
            [l(i), l(2 + 4 * (i / 8)), l(i * 3 + 1), 255]
        };
        let img = picture(screen, |x, y| colour((x * 7 + y * 3) / 11 % n));
        let enc = encode(&img, screen, OWN_COLOURS).unwrap();
        let vdp = show(screen, &enc.bytes, enc.palette.as_ref());
        assert_frame(&vdp, screen, &rgb(&img));
    }
}

#[test]
fn screen_8_every_byte() {
    let screen = Screen::Sc8;
    let img = picture(screen, |x, y| {
        let [r, g, b] = msx_gfx::bitmap::sc8_rgb((x + y * 7) as u8);
        [r, g, b, 255]
    });
    let enc = encode(&img, screen, Options::default()).unwrap();
    assert_eq!(enc.palette, None);
    assert_eq!(enc.bytes[1], 1, "pixel (1, 0) is byte 1");
    let vdp = show(screen, &enc.bytes, None);
    assert_frame(&vdp, screen, &rgb(&img));
}

/// GRAPHIC2 as BASIC's SCREEN 2 sets it: names at 0x1800 (R#2 = 6), colours at 0x2000
/// (R#3 = 0xFF), patterns at 0 (R#4 = 3), sprite attributes at 0x1B00 (R#5 = 0x36),
/// 192 lines, sprites off.
const SCREEN_2: [(u8, u8); 9] = [
    (1, 0x40),
    (0, 0x02),
    (2, 0x06),
    (3, 0xFF),
    (10, 0x00),
    (4, 0x03),
    (5, 0x36),
    (8, 0x0A),
    (9, 0x00),
];

/// Two power-on colours per tile row, changing with the row and the column, some
/// transparent pixels (the backdrop, black).
fn two_per_row(w: u32, h: u32, f: impl Fn(u32, u32) -> (usize, usize, bool)) -> image::RgbaImage {
    image::RgbaImage::from_fn(w, h, |x, y| {
        let (a, b, left) = f(x, y);
        let i = if left { a } else { b };
        if i == 0 {
            return image::Rgba([0, 0, 0, 0]);
        }
        let [r, g, b] = POWER_ON[i].to_rgb8();
        image::Rgba([r, g, b, 255])
    })
}

#[test]
fn screen_2_whole_screen() {
    let img = two_per_row(256, 192, |x, y| {
        let a = ((x / 8 + y) % 16) as usize;
        let b = ((x / 8 * 3 + y / 8 + 5) % 16) as usize;
        (a, b, (x * 7 + y * 3) % 5 < 2)
    });
    let (vram, pal) = msx_gfx::tiles::encode_screen(&img, Options::default()).unwrap();
    assert_eq!(pal, POWER_ON);
    let vdp = show_with(&SCREEN_2, &vram, None);
    assert_frame_at(&vdp, 256, 24, &rgb(&img), "SCREEN 2");
    let back = msx_gfx::tiles::decode_screen(&vram, None).unwrap();
    assert_eq!(back, rgb(&img));
}

#[test]
fn screen_2_tile_set_in_each_third() {
    // 32 × 24 tiles from 12 different ones.
    let img = two_per_row(256, 192, |x, y| {
        let kind = (x / 8 + y / 8 * 5) % 12;
        let a = (kind + 2) as usize;
        let b = (15 - kind / 3) as usize;
        (a, b, (x % 8 + y % 8 + kind) % 3 == 0)
    });
    let (set, _) = msx_gfx::tiles::encode_tiles(&img, Options::default()).unwrap();
    assert_eq!(set.patterns.len(), 12 * 8);
    assert_eq!(set.names.len(), 768);
    // A program copies the set into each third's pattern and colour banks.
    let mut vram = vec![0u8; 0x3800];
    for third in 0..3 {
        let at = third * 0x800;
        vram[at..at + set.patterns.len()].copy_from_slice(&set.patterns);
        vram[0x2000 + at..0x2000 + at + set.colours.len()].copy_from_slice(&set.colours);
    }
    vram[0x1800..0x1800 + 768].copy_from_slice(&set.names);
    vram[0x1B00] = 0xD0;
    let vdp = show_with(&SCREEN_2, &vram, None);
    assert_frame_at(&vdp, 256, 24, &rgb(&img), "SCREEN 2 tiles");
    let back = msx_gfx::tiles::decode_tiles(&set, 32, None).unwrap();
    assert_eq!(back, rgb(&img));
}

use msx_gfx::sprites::{self, Mode, Size};

/// A sprite sheet where pixel colours come from `f(sprite, line, column)` (0: none).
fn sheet(cols: u32, rows: u32, n: u32, f: impl Fn(u32, u32, u32) -> u8) -> image::RgbaImage {
    image::RgbaImage::from_fn(cols * n, rows * n, |x, y| {
        let s = y / n * cols + x / n;
        match f(s, y % n, x % n) {
            0 => image::Rgba([0, 0, 0, 0]),
            i => {
                let [r, g, b] = POWER_ON[usize::from(i)].to_rgb8();
                image::Rgba([r, g, b, 255])
            }
        }
    })
}

/// Where sprite `s` of a sheet `cols` wide goes on the screen: apart from the others.
fn place(s: usize, cols: u32) -> (u32, u32) {
    let s = s as u32;
    (8 + (s % cols) * 24, 20 + (s / cols) * 24)
}

/// The screen the sprites should make: the sheet's sprites at their places on black.
fn expected(img: &image::RgbaImage, cols: u32, n: u32, height: u32) -> image::RgbImage {
    let mut want = image::RgbImage::new(256, height);
    for (x, y, p) in img.enumerate_pixels() {
        if p[3] == 255 {
            let (px, py) = place((y / n * cols + x / n) as usize, cols);
            want.put_pixel(px + x % n, py + y % n, image::Rgb([p[0], p[1], p[2]]));
        }
    }
    want
}

/// The VRAM and registers of SCREEN 5 showing mode 2 sprites `set` of `size`, four to a
/// row as [`place`] puts them. SCREEN 5 as BASIC sets it: attributes 0x7600 (R#5 = 0xEF,
/// R#11 = 0), colours 0x7400, patterns 0x7800 (R#6 = 0x0F); R#1's SI bit for 16 × 16,
/// sprites on.
fn screen_5_sprites(set: &sprites::Sprites, size: Size) -> (Vec<u8>, [(u8, u8); 9]) {
    let mut vram = vec![0u8; 0x8000];
    vram[0x7800..0x7800 + set.patterns.len()].copy_from_slice(&set.patterns);
    vram[0x7400..0x7400 + set.colours.len()].copy_from_slice(&set.colours);
    // Pattern numbers count 8 × 8 patterns: a 16 × 16 one is four of them.
    let per_pattern = match size {
        Size::S8 => 1,
        Size::S16 => 4,
    };
    let mut plane = 0;
    for (s, &(first, count)) in set.planes.iter().enumerate() {
        let (x, y) = place(s, 4);
        for p in first..first + count {
            let a = 0x7600 + plane * 4;
            // Line Y + 1 is the sprite's first.
            let attributes = [(y - 1) as u8, x as u8, (p * per_pattern) as u8, 0];
            vram[a..a + 4].copy_from_slice(&attributes);
            plane += 1;
        }
    }
    vram[0x7600 + plane * 4] = 0xD8;
    let si = match size {
        Size::S8 => 0,
        Size::S16 => 0x02,
    };
    let regs = [
        (1, 0x40 | si),
        (0, 0x06),
        (8, 0x08),
        (9, 0x80),
        (2, 0x1F),
        (5, 0xEF),
        (11, 0x00),
        (6, 0x0F),
        (7, 0),
    ];
    (vram, regs)
}

#[test]
fn sprite_mode_2_with_or_colour_planes() {
    // 4 × 2 sprites of 16 × 16: lines of one colour, of two, and of three where one is
    // the OR of the others (2|4 = 6, 1|8 = 9, 3|12 = 15, 5|10 = 15).
    let triples = [[2, 4, 6], [1, 8, 9], [3, 12, 15], [5, 10, 15]];
    let img = sheet(4, 2, 16, |s, l, c| {
        let t = triples[(s as usize + l as usize) % 4];
        let k = (c + l + s) % 5;
        match l % 4 {
            0 if k < 3 => t[k as usize],
            1 if k < 2 => t[0],
            1 if k == 2 => t[2],
            2 if k % 2 == 0 => 7,
            3 if s != 5 && (c * l) % 7 == 3 => 13,
            _ => 0,
        }
    });
    let set = sprites::encode(&img, Size::S16, Mode::Two, Options::default()).unwrap();
    assert!(
        set.planes.iter().all(|&(_, n)| n == 2),
        "every sprite has a three-colour line"
    );
    let (vram, regs) = screen_5_sprites(&set, Size::S16);
    let vdp = show_with(&regs, &vram, None);
    assert_frame_at(&vdp, 256, 14, &expected(&img, 4, 16, 80), "sprite mode 2");
    let back = sprites::decode(&set.patterns, &set.colours, Size::S16, Mode::Two, 4, None).unwrap();
    assert_eq!(back, img);
}

#[test]
fn sprite_mode_1_one_colour_each() {
    // 4 × 2 sprites of 8 × 8, each of its own colour.
    let img = sheet(4, 2, 8, |s, l, c| {
        if (l * 3 + c + s) % 4 < 2 {
            (s + 2) as u8
        } else {
            0
        }
    });
    let set = sprites::encode(&img, Size::S8, Mode::One, Options::default()).unwrap();
    assert_eq!(set.colours, vec![2, 3, 4, 5, 6, 7, 8, 9]);
    // SCREEN 2: attributes 0x1B00 (R#5 = 0x36), patterns 0x3800 (R#6 = 7), 8 × 8.
    let mut vram = vec![0u8; 0x4000];
    vram[0x3800..0x3800 + set.patterns.len()].copy_from_slice(&set.patterns);
    for (s, &(first, _)) in set.planes.iter().enumerate() {
        let (x, y) = place(s, 4);
        let a = 0x1B00 + s * 4;
        vram[a..a + 4].copy_from_slice(&[(y - 1) as u8, x as u8, first as u8, set.colours[first]]);
    }
    vram[0x1B00 + set.planes.len() * 4] = 0xD0;
    let regs: Vec<(u8, u8)> = SCREEN_2
        .iter()
        .map(|&(r, v)| if r == 8 { (8, 0x08) } else { (r, v) })
        .chain([(6, 0x07)])
        .collect();
    let vdp = show_with(&regs, &vram, None);
    assert_frame_at(&vdp, 256, 24, &expected(&img, 4, 8, 60), "sprite mode 1");
    let back = sprites::decode(&set.patterns, &set.colours, Size::S8, Mode::One, 4, None).unwrap();
    assert_eq!(back, img);
}

/// Opaque colours none of which is in the power-on palette, at the emulator's levels.
fn own_colour(i: u32) -> image::Rgba<u8> {
    let l = |v: u32| palette::level8((v % 8) as u8);
    image::Rgba([l(i), l(3 + 4 * (i / 8)), l(i * 5 + 1), 255])
}

/// The picture's own colours, exact.
const OWN_COLOURS: Options = Options {
    colors: Colors::Image,
    quantize: false,
};

#[test]
fn screen_4_tiles_in_the_pictures_own_colours() {
    // 14 own colours and transparency, two per tile row.
    let img = image::RgbaImage::from_fn(256, 192, |x, y| {
        let a = (x / 8 + y) % 15;
        let b = (x / 8 * 3 + y / 8 + 4) % 15;
        let k = if (x + y * 3) % 7 < 3 { a } else { b };
        match k {
            0 => image::Rgba([0, 0, 0, 0]),
            k => own_colour(k),
        }
    });
    let (vram, pal) = msx_gfx::tiles::encode_screen(&img, OWN_COLOURS).unwrap();
    assert_ne!(pal, POWER_ON);
    let vdp = show_with(&SCREEN_2, &vram, Some(&pal));
    assert_frame_at(&vdp, 256, 24, &rgb(&img), "SCREEN 2, own colours");
    assert_eq!(
        msx_gfx::tiles::decode_screen(&vram, Some(&pal)).unwrap(),
        rgb(&img)
    );
}

#[test]
fn sprites_in_the_sheets_own_colours() {
    // 8 × 8 sprites, mode 2, two own colours per line (all different sprites).
    let img = image::RgbaImage::from_fn(32, 8, |x, y| {
        let s = x / 8;
        let k = 1 + (s * 3 + y + u32::from((x + y) % 3 == 0)) % 15;
        if (x * 5 + y) % 4 == 0 {
            image::Rgba([0, 0, 0, 0])
        } else {
            own_colour(k)
        }
    });
    let set = sprites::encode(&img, Size::S8, Mode::Two, OWN_COLOURS).unwrap();
    let (vram, regs) = screen_5_sprites(&set, Size::S8);
    let vdp = show_with(&regs, &vram, Some(&set.palette));
    assert_frame_at(
        &vdp,
        256,
        14,
        &expected(&img, 4, 8, 40),
        "own-colour sprites",
    );
}
