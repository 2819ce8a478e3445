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
    let vdp = Vdp::new(VdpConfig {
        vram_kb: 128,
        pal: false,
    })
    .unwrap();
    let mut cpu = Cpu { vdp, now: 0 };
    // Display on; sprites off (R#8 SPD), 212 lines (R#9 LN), page 0, backdrop 0.
    cpu.reg(1, 0x40);
    cpu.reg(0, r0(screen));
    cpu.reg(8, 0x0A);
    cpu.reg(9, 0x80);
    cpu.reg(2, 0x1F);
    cpu.reg(7, 0x00);
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
    let frame = vdp.frame();
    let (x0, scale) = if frame.width == 640 { (64, 2) } else { (32, 1) };
    // A 512-pixel mode fills the 640 frame one to one; 256-pixel modes use 320.
    let step = if screen.width() == 512 { 1 } else { scale };
    for y in 0..want.height() {
        for x in 0..want.width() {
            let p = frame.pixel((x0 + x * step) as usize, 14 + y as usize);
            let got = [(p >> 16) as u8, (p >> 8) as u8, p as u8];
            assert_eq!(got, want.get_pixel(x, y).0, "{screen} pixel ({x}, {y})");
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
        let opts = Options {
            colors: Colors::Image,
            quantize: false,
        };
        let enc = encode(&img, screen, opts).unwrap();
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
