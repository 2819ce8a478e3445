//! `msx gfx` end to end, through the binary, on small PNGs made here. The expected
//! bytes are worked out by hand from the formats: SCREEN 5 (4 bits per pixel, the left
//! pixel in the high nibble, 128 bytes per line), SCREEN 6/7/8, SCREEN 2 tiles and
//! sprites (see docs/gfx.md).

mod support;
use support::{msx, scratch};

use std::path::Path;

fn ok(dir: &Path, args: &[&str]) {
    let out = msx(dir, args);
    assert!(
        out.status.success(),
        "msx {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn fails(dir: &Path, args: &[&str]) -> String {
    let out = msx(dir, args);
    assert!(!out.status.success(), "msx {args:?} succeeded");
    String::from_utf8(out.stderr).unwrap()
}

const WHITE: [u8; 4] = [255, 255, 255, 255];
const BLACK: [u8; 4] = [0, 0, 0, 255];
const CLEAR: [u8; 4] = [0, 0, 0, 0];
/// Colour 7 of the power-on palette, (2, 6, 7), at the levels v * 255 / 7.
const CYAN: [u8; 4] = [72, 218, 255, 255];
/// Colour 14, (5, 5, 5).
const GREY: [u8; 4] = [182, 182, 182, 255];
/// Colour 9, (7, 3, 3), at the other usual levels (v << 5 | v << 2 | v >> 1).
const LIGHT_RED: [u8; 4] = [255, 109, 109, 255];

fn save(dir: &Path, name: &str, w: u32, h: u32, f: impl Fn(u32, u32) -> [u8; 4]) {
    image::RgbaImage::from_fn(w, h, |x, y| image::Rgba(f(x, y)))
        .save(dir.join(name))
        .unwrap();
}

/// A picture (for [`save`]) of `background` but for one pixel of `colour` at `at`.
fn all_but(at: (u32, u32), colour: [u8; 4], background: [u8; 4]) -> impl Fn(u32, u32) -> [u8; 4] {
    move |x, y| if (x, y) == at { colour } else { background }
}

/// The bytes of `name` in `dir`.
fn read(dir: &Path, name: &str) -> Vec<u8> {
    std::fs::read(dir.join(name)).unwrap()
}

/// The PNG `name` in `dir`, as RGB.
fn open_rgb(dir: &Path, name: &str) -> image::RgbImage {
    image::open(dir.join(name)).unwrap().to_rgb8()
}

/// Two lines: white, black, transparent, cyan, then grey; a line of light red.
fn two_lines(dir: &Path) {
    save(dir, "two.png", 256, 2, |x, y| match (x, y) {
        (0, 0) => WHITE,
        (1, 0) => BLACK,
        (2, 0) => CLEAR,
        (3, 0) => CYAN,
        (_, 0) => GREY,
        _ => LIGHT_RED,
    });
}

fn two_lines_bytes() -> Vec<u8> {
    let mut want = vec![0xF1, 0x07];
    want.extend([0xEE; 126]);
    want.extend([0x99; 128]);
    want
}

#[test]
fn power_on_palette_indices_two_pixels_per_byte() {
    let dir = scratch("basic");
    two_lines(&dir);
    ok(&dir, &["gfx", "png2sc5", "two.png", "-o", "two.sc5"]);
    assert_eq!(read(&dir, "two.sc5"), two_lines_bytes());
    // Without -o the output is the input with the extension .sc5.
    std::fs::remove_file(dir.join("two.sc5")).unwrap();
    ok(&dir, &["gfx", "png2sc5", "two.png"]);
    assert_eq!(read(&dir, "two.sc5"), two_lines_bytes());
}

#[test]
fn bsave_header_on_request() {
    let dir = scratch("header");
    two_lines(&dir);
    ok(
        &dir,
        &["gfx", "png2sc5", "two.png", "-o", "a.sc5", "--header"],
    );
    let a = read(&dir, "a.sc5");
    // 256 bytes from 0: end 0x00FF, run address = start.
    assert_eq!(&a[..7], &[0xFE, 0x00, 0x00, 0xFF, 0x00, 0x00, 0x00]);
    assert_eq!(&a[7..], &two_lines_bytes()[..]);

    ok(
        &dir,
        &[
            "gfx",
            "png2sc5",
            "two.png",
            "-o",
            "b.sc5",
            "--header",
            "--address",
            "0x8000",
        ],
    );
    let b = read(&dir, "b.sc5");
    assert_eq!(&b[..7], &[0xFE, 0x00, 0x80, 0xFF, 0x80, 0x00, 0x80]);
}

#[test]
fn palette_file_is_port_9a_order() {
    let dir = scratch("palette");
    two_lines(&dir);
    ok(
        &dir,
        &[
            "gfx",
            "png2sc5",
            "two.png",
            "-o",
            "a.sc5",
            "--palette",
            "a.pal",
        ],
    );
    let pal = read(&dir, "a.pal");
    // 16 entries of (0RRR0BBB, 00000GGG): the power-on palette.
    let want: Vec<u8> = vec![
        0x00, 0, 0x00, 0, 0x11, 6, 0x33, 7, 0x17, 1, 0x27, 3, 0x51, 1, 0x27, 6, //
        0x71, 1, 0x73, 3, 0x61, 6, 0x64, 6, 0x11, 4, 0x65, 2, 0x55, 5, 0x77, 7,
    ];
    assert_eq!(pal, want);
}

#[test]
fn a_whole_page_of_256_lines() {
    let dir = scratch("page");
    save(&dir, "page.png", 256, 256, |x, _| {
        if x < 128 {
            WHITE
        } else {
            BLACK
        }
    });
    ok(&dir, &["gfx", "png2sc5", "page.png", "-o", "page.sc5"]);
    let page = read(&dir, "page.sc5");
    assert_eq!(page.len(), 32768);
    assert_eq!(&page[..128], &[[0xFF; 64], [0x11; 64]].concat()[..]);
}

#[test]
fn wrong_sizes_are_refused_naming_the_file() {
    let dir = scratch("sizes");
    save(&dir, "narrow.png", 255, 4, |_, _| WHITE);
    let err = fails(&dir, &["gfx", "png2sc5", "narrow.png", "-o", "x.sc5"]);
    assert!(
        err.contains("narrow.png") && err.contains("255 pixels wide"),
        "{err}"
    );
    save(&dir, "tall.png", 256, 257, |_, _| WHITE);
    let err = fails(&dir, &["gfx", "png2sc5", "tall.png", "-o", "x.sc5"]);
    assert!(
        err.contains("tall.png") && err.contains("257 lines"),
        "{err}"
    );
    let err = fails(&dir, &["gfx", "png2sc5", "missing.png", "-o", "x.sc5"]);
    assert!(err.contains("missing.png"), "{err}");
    std::fs::write(dir.join("junk.png"), b"not a png").unwrap();
    let err = fails(&dir, &["gfx", "png2sc5", "junk.png", "-o", "x.sc5"]);
    assert!(err.contains("junk.png"), "{err}");
    assert!(!dir.join("x.sc5").exists());
}

#[test]
fn more_than_16_colours_is_an_error_naming_the_count() {
    let dir = scratch("many");
    // 17 greys, each in the power-on palette or not does not matter: the count comes first.
    save(&dir, "many.png", 256, 1, |x, _| {
        let v = (x.min(16) * 15) as u8;
        [v, v, v, 255]
    });
    std::fs::write(dir.join("old.sc5"), b"keep me").unwrap();
    let err = fails(&dir, &["gfx", "png2sc5", "many.png", "-o", "old.sc5"]);
    assert!(
        err.contains("many.png") && err.contains("17 distinct colours"),
        "{err}"
    );
    // A failed conversion leaves an existing output alone.
    assert_eq!(read(&dir, "old.sc5"), b"keep me");
}

#[test]
fn a_colour_outside_the_power_on_palette() {
    let dir = scratch("outside");
    let purple = [128, 0, 128, 255];
    save(&dir, "purple.png", 256, 3, all_but((5, 2), purple, WHITE));
    let err = fails(&dir, &["gfx", "png2sc5", "purple.png", "-o", "p.sc5"]);
    assert!(
        err.contains("purple.png") && err.contains("#800080") && err.contains("(5, 2)"),
        "{err}"
    );
    // --quantize takes the nearest palette colour instead. (128,0,128) against the levels
    // the emulator shows: dark red (182,36,36) is 54²+36²+92² = 12676 away, magenta
    // (218,72,182) 90²+72²+54² = 16200, dark blue (36,36,255) 92²+36²+127² = 26609.
    ok(
        &dir,
        &["gfx", "png2sc5", "purple.png", "-o", "p.sc5", "--quantize"],
    );
    let p = read(&dir, "p.sc5");
    assert_eq!(
        p[2 * 128 + 2],
        0xF6,
        "pixel (5,2) is the low nibble of byte 2 of line 2"
    );
    assert!(p
        .iter()
        .enumerate()
        .all(|(i, &b)| i == 2 * 128 + 2 || b == 0xFF));
}

#[test]
fn image_colours_numbered_in_order_of_appearance() {
    let dir = scratch("image");
    let red = [255, 0, 0, 255];
    let green = [0, 255, 0, 255];
    let odd = [100, 150, 200, 255]; // (3, 4, 5) in 3 bits: (100*7+127)/255 = 3, …
    save(&dir, "own.png", 256, 1, |x, _| match x {
        0 => green,
        1 => red,
        2 => odd,
        _ => red,
    });
    ok(
        &dir,
        &[
            "gfx",
            "png2sc5",
            "own.png",
            "-o",
            "own.sc5",
            "--colors",
            "image",
            "--palette",
            "own.pal",
        ],
    );
    let sc5 = read(&dir, "own.sc5");
    assert_eq!(&sc5[..2], &[0x01, 0x21]);
    assert!(sc5[2..].iter().all(|&b| b == 0x11));
    let pal = read(&dir, "own.pal");
    // green (0,7,0), red (7,0,0), (3,4,5), then black.
    assert_eq!(&pal[..6], &[0x00, 7, 0x70, 0, 0x35, 4]);
    assert!(pal[6..].iter().all(|&b| b == 0));

    // A transparent pixel anywhere keeps index 0 for itself.
    save(
        &dir,
        "clear.png",
        256,
        1,
        |x, _| if x == 9 { CLEAR } else { red },
    );
    ok(
        &dir,
        &[
            "gfx",
            "png2sc5",
            "clear.png",
            "-o",
            "clear.sc5",
            "--colors",
            "image",
        ],
    );
    let sc5 = read(&dir, "clear.sc5");
    assert_eq!(sc5[4], 0x10);
    assert!(sc5.iter().enumerate().all(|(i, &b)| i == 4 || b == 0x11));
}

#[test]
fn image_colours_quantized_by_median_cut() {
    let dir = scratch("cut");
    // 256 greys: median cut makes 16 boxes of 16 neighbouring greys, each shown by its
    // mean, (16k + 120) / 16 rounded = k + 8 for the box starting at k.
    save(&dir, "greys.png", 256, 1, |x, _| {
        [x as u8, x as u8, x as u8, 255]
    });
    let err = fails(
        &dir,
        &[
            "gfx",
            "png2sc5",
            "greys.png",
            "-o",
            "g.sc5",
            "--colors",
            "image",
        ],
    );
    assert!(err.contains("256 distinct colours"), "{err}");
    ok(
        &dir,
        &[
            "gfx",
            "png2sc5",
            "greys.png",
            "-o",
            "g.sc5",
            "--colors",
            "image",
            "--quantize",
            "--palette",
            "g.pal",
        ],
    );
    let sc5 = read(&dir, "g.sc5");
    let pal = read(&dir, "g.pal");
    let index = |x: usize| {
        let b = sc5[x / 2];
        if x.is_multiple_of(2) {
            b >> 4
        } else {
            b & 15
        }
    };
    for x in 0..256 {
        let k = x / 16 * 16;
        assert_eq!(index(x), index(k), "pixel {x} shares its box's index");
        let e = usize::from(index(x)) * 2;
        let level = ((k + 8) * 7 + 127) / 255;
        assert_eq!(pal[e], (level << 4 | level) as u8, "red/blue of pixel {x}");
        assert_eq!(pal[e + 1], level as u8, "green of pixel {x}");
    }
    let mut seen: Vec<u8> = (0..256).map(index).collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 16);
}

#[test]
fn sc52png_renders_back_what_png2sc5_read() {
    let dir = scratch("back");
    two_lines(&dir);
    ok(
        &dir,
        &["gfx", "png2sc5", "two.png", "-o", "two.sc5", "--header"],
    );
    ok(&dir, &["gfx", "sc52png", "two.sc5", "-o", "back.png"]);
    let back = open_rgb(&dir, "back.png");
    assert_eq!(back.dimensions(), (256, 2));
    let px = |x, y| back.get_pixel(x, y).0;
    assert_eq!(px(0, 0), [255, 255, 255]);
    assert_eq!(px(1, 0), [0, 0, 0]);
    assert_eq!(px(2, 0), [0, 0, 0]);
    assert_eq!(px(3, 0), [72, 218, 255]);
    assert_eq!(px(200, 0), [182, 182, 182]);
    // 3 on the 3-bit scale is 109 at the levels v * 255 / 7.
    assert_eq!(px(7, 1), [255, 109, 109]);

    std::fs::write(dir.join("bad.sc5"), [0u8; 100]).unwrap();
    let err = fails(&dir, &["gfx", "sc52png", "bad.sc5", "-o", "bad.png"]);
    assert!(
        err.contains("bad.sc5") && err.contains("100 bytes"),
        "{err}"
    );
}

/// Colour 2 of the power-on palette, (1, 6, 1); colour 3, (3, 7, 3); colour 4, (1, 1, 7).
const MEDIUM_GREEN: [u8; 4] = [36, 218, 36, 255];
const LIGHT_GREEN: [u8; 4] = [109, 255, 109, 255];
const DARK_BLUE: [u8; 4] = [36, 36, 255, 255];

#[test]
fn screen_6_four_pixels_per_byte() {
    let dir = scratch("sc6");
    // 2 bits per pixel, the left pixel in bits 7-6: clear, black, green, light green.
    save(&dir, "four.png", 512, 2, |x, _| match x {
        0 => CLEAR,
        1 => BLACK,
        2 => MEDIUM_GREEN,
        _ => LIGHT_GREEN,
    });
    ok(&dir, &["gfx", "png2sc", "--screen", "6", "four.png"]);
    let sc6 = read(&dir, "four.sc6");
    assert_eq!(sc6.len(), 256, "128 bytes per line");
    for line in sc6.chunks(128) {
        assert_eq!(line[0], 0b00_01_10_11);
        assert!(line[1..].iter().all(|&b| b == 0xFF));
    }
    // Back: 512 pixels wide, colour 0 shown black.
    ok(&dir, &["gfx", "sc2png", "four.sc6", "-o", "back.png"]);
    let back = open_rgb(&dir, "back.png");
    assert_eq!(back.dimensions(), (512, 2));
    assert_eq!(back.get_pixel(0, 1).0, [0, 0, 0]);
    assert_eq!(back.get_pixel(2, 1).0, [36, 218, 36]);
    assert_eq!(back.get_pixel(511, 1).0, [109, 255, 109]);

    // Colour 4 of the power-on palette is beyond SCREEN 6's four.
    save(&dir, "blue.png", 512, 3, all_but((9, 1), DARK_BLUE, BLACK));
    let err = fails(&dir, &["gfx", "png2sc", "--screen", "6", "blue.png"]);
    assert!(
        err.contains("blue.png")
            && err.contains("#2424FF")
            && err.contains("(9, 1)")
            && err.contains("colour 4")
            && err.contains("SCREEN 6"),
        "{err}"
    );
    // 256 pixels is SCREEN 5's width, not SCREEN 6's.
    save(&dir, "narrow.png", 256, 1, |_, _| BLACK);
    let err = fails(&dir, &["gfx", "png2sc", "--screen", "6", "narrow.png"]);
    assert!(
        err.contains("256 pixels wide") && err.contains("512"),
        "{err}"
    );
}

#[test]
fn screen_7_from_the_output_extension() {
    let dir = scratch("sc7");
    save(&dir, "wide.png", 512, 1, |x, _| match x {
        0 => WHITE,
        1 => CYAN,
        _ => GREY,
    });
    ok(&dir, &["gfx", "png2sc", "wide.png", "-o", "WIDE.SC7"]);
    let sc7 = read(&dir, "WIDE.SC7");
    assert_eq!(sc7.len(), 256);
    assert_eq!(sc7[0], 0xF7);
    assert!(sc7[1..].iter().all(|&b| b == 0xEE));
    ok(&dir, &["gfx", "sc2png", "WIDE.SC7", "-o", "back.png"]);
    let back = open_rgb(&dir, "back.png");
    assert_eq!(back.dimensions(), (512, 1));
    assert_eq!(back.get_pixel(1, 0).0, [72, 218, 255]);
    // Without --screen or a .scN name there is no way to know the mode.
    let err = fails(&dir, &["gfx", "png2sc", "wide.png", "-o", "wide.bin"]);
    assert!(err.contains("--screen"), "{err}");
}

#[test]
fn screen_8_bytes_are_green_red_blue() {
    let dir = scratch("sc8");
    // GGGRRRBB: white FF; green 7, red 1, blue level 4 (145, the third of 0, 2, 4, 7)
    // is 111 001 10; a transparent pixel is byte 0.
    save(&dir, "c.png", 256, 1, |x, _| match x {
        0 => WHITE,
        1 => [36, 255, 145, 255],
        2 => CLEAR,
        _ => [0, 0, 255, 255],
    });
    ok(&dir, &["gfx", "png2sc", "--screen", "8", "c.png"]);
    let sc8 = read(&dir, "c.sc8");
    assert_eq!(&sc8[..4], &[0xFF, 0b1110_0110, 0x00, 0x03]);
    assert_eq!(sc8.len(), 256);
    ok(&dir, &["gfx", "sc2png", "c.sc8", "-o", "back.png"]);
    let back = open_rgb(&dir, "back.png");
    assert_eq!(back.get_pixel(1, 0).0, [36, 255, 145]);

    // Blue level 5 (182) is no SCREEN 8 blue; --quantize takes 145 (level 4).
    let blue_5 = [0, 0, 182, 255];
    save(&dir, "b.png", 256, 2, all_but((3, 1), blue_5, BLACK));
    let err = fails(&dir, &["gfx", "png2sc", "--screen", "8", "b.png"]);
    assert!(
        err.contains("b.png") && err.contains("#0000B6") && err.contains("(3, 1)"),
        "{err}"
    );
    ok(
        &dir,
        &["gfx", "png2sc", "--screen", "8", "b.png", "--quantize"],
    );
    let sc8 = read(&dir, "b.sc8");
    assert_eq!(sc8[256 + 3], 0b10);
    // Its colours are fixed: no palette to number or write.
    let err = fails(
        &dir,
        &[
            "gfx", "png2sc", "--screen", "8", "c.png", "--colors", "image",
        ],
    );
    assert!(err.contains("fixed"), "{err}");
}

/// Colour 15 (white) on colour 4 (dark blue) in the first tile row, one colour in the
/// others, the rest of the screen black.
fn tile_screen(dir: &Path, name: &str, third_colour_at: Option<(u32, u32)>) {
    save(dir, name, 256, 192, |x, y| {
        if Some((x, y)) == third_colour_at {
            return GREY;
        }
        match (x, y) {
            (1 | 2 | 7, 0) => WHITE,
            (0..=7, 0) => DARK_BLUE,
            (8..=15, 0..=7) => CYAN,
            _ => BLACK,
        }
    });
}

#[test]
fn screen_2_tables_at_basics_addresses() {
    let dir = scratch("sc2");
    tile_screen(&dir, "t.png", None);
    ok(&dir, &["gfx", "png2sc2", "t.png"]);
    let vram = read(&dir, "t.sc2");
    assert_eq!(vram.len(), 0x3800);
    // Tile 0, row 0: 15 takes the 1 bits (pixels 1, 2, 7), 4 the 0 bits.
    assert_eq!(vram[0], 0b0110_0001);
    assert_eq!(vram[0x2000], 0xF4);
    // Row 1 of tile 0 is all black (colour 1): pattern 0, colour 1 on 1.
    assert_eq!((vram[1], vram[0x2001]), (0x00, 0x11));
    // Tile 1 is cyan (7) throughout.
    assert_eq!(&vram[8..16], &[0; 8]);
    assert_eq!(&vram[0x2008..0x2010], &[0x77; 8]);
    // Names 0..255 in each third; the sprite list ends at once.
    assert_eq!(vram[0x1800 + 255], 255);
    assert_eq!(vram[0x1800 + 256], 0);
    assert_eq!(vram[0x1B00], 0xD0);
    ok(&dir, &["gfx", "sc22png", "t.sc2", "-o", "back.png"]);
    let back = open_rgb(&dir, "back.png");
    assert_eq!(back.get_pixel(1, 0).0, [255, 255, 255]);
    assert_eq!(back.get_pixel(0, 0).0, [36, 36, 255]);
    assert_eq!(back.get_pixel(9, 5).0, [72, 218, 255]);
    // With a header for BLOAD ,S.
    ok(
        &dir,
        &["gfx", "png2sc2", "t.png", "-o", "h.sc2", "--header"],
    );
    let h = read(&dir, "h.sc2");
    assert_eq!(&h[..7], &[0xFE, 0, 0, 0xFF, 0x37, 0, 0]);
}

#[test]
fn screen_2_a_third_colour_in_a_row() {
    let dir = scratch("sc2three");
    // Grey at (4, 0) joins white and dark blue in tile (0, 0) row 0.
    tile_screen(&dir, "three.png", Some((4, 0)));
    let err = fails(&dir, &["gfx", "png2sc2", "three.png"]);
    assert!(
        err.contains("three.png")
            && err.contains("tile (0, 0) row 0")
            && err.contains("#2424FF")
            && err.contains("#FFFFFF")
            && err.contains("#B6B6B6"),
        "{err}"
    );
    // --quantize: grey is nearer white (73² · 3) than blue, so white and blue stay.
    ok(&dir, &["gfx", "png2sc2", "three.png", "--quantize"]);
    let vram = read(&dir, "three.sc2");
    assert_eq!((vram[0], vram[0x2000]), (0b0110_1001, 0xF4));
}

#[test]
fn screen_2_tile_set_without_duplicates() {
    let dir = scratch("tiles");
    // 3 × 2 tiles: cyan, black, cyan / black, black, white-on-blue row.
    save(&dir, "set.png", 24, 16, |x, y| match (x / 8, y / 8) {
        (0 | 2, 0) => CYAN,
        (2, 1) if y == 8 && x % 2 == 0 => WHITE,
        (2, 1) if y == 8 => DARK_BLUE,
        _ => BLACK,
    });
    ok(&dir, &["gfx", "png2sc2", "--tiles", "set.png", "-o", "set"]);
    let pat = read(&dir, "set.pat");
    let col = read(&dir, "set.col");
    let nam = read(&dir, "set.nam");
    assert_eq!(nam, vec![0, 1, 0, 1, 1, 2]);
    assert_eq!(pat.len(), 24);
    assert_eq!(&col[..8], &[0x77; 8]);
    assert_eq!(&col[8..16], &[0x11; 8]);
    assert_eq!((pat[16], col[16]), (0b1010_1010, 0xF4));
    assert_eq!(&col[17..], &[0x11; 7]);
    ok(&dir, &["gfx", "tiles2png", "set", "--columns", "3"]);
    let back = open_rgb(&dir, "set.png");
    assert_eq!(back.dimensions(), (24, 16));
    assert_eq!(back.get_pixel(16, 0).0, [72, 218, 255]);
    assert_eq!(back.get_pixel(18, 8).0, [255, 255, 255]);
    assert_eq!(back.get_pixel(19, 8).0, [36, 36, 255]);
    // Not whole tiles.
    save(&dir, "odd.png", 20, 8, |_, _| BLACK);
    let err = fails(&dir, &["gfx", "png2sc2", "--tiles", "odd.png"]);
    assert!(err.contains("odd.png") && err.contains("20 × 8"), "{err}");
}

#[test]
fn sprites_mode_2_with_an_or_plane() {
    let dir = scratch("spr");
    // Two 16 × 16 sprites. Sprite 0: line 0 has white (15) at x 0 and cyan (7) at x 8;
    // line 1 has medium green (2), dark blue (4) and dark red (6 = 2 | 4) at x 0, 1, 2.
    // Sprite 1: one grey (14) pixel at (15, 15).
    save(&dir, "s.png", 32, 16, |x, y| match (x, y) {
        (0, 0) => WHITE,
        (8, 0) => CYAN,
        (0, 1) => MEDIUM_GREEN,
        (1, 1) => DARK_BLUE,
        (2, 1) => [182, 36, 36, 255],
        (31, 15) => GREY,
        _ => CLEAR,
    });
    ok(&dir, &["gfx", "png2spr", "s.png"]);
    let spr = read(&dir, "s.spr");
    let spc = read(&dir, "s.spc");
    // Sprite 0 takes planes 0 and 1, sprite 1 plane 2: 3 patterns, 3 × 16 colours.
    assert_eq!(spr.len(), 96);
    assert_eq!(spc.len(), 48);
    // Plane 0: line 0 colour 7 (the lower of 7 and 15) at x 8: right half, byte 16.
    assert_eq!((spr[0], spr[16], spc[0]), (0x00, 0x80, 7));
    // Line 1: 2 and 6 (= 2 | 4) in plane 0, colour 2.
    assert_eq!((spr[1], spc[1]), (0b1010_0000, 2));
    // Plane 1 (bytes 32..64): line 0 white at x 0, line 1 4 and 6; CC on every line.
    assert_eq!((spr[32], spc[16]), (0x80, 0x40 | 15));
    assert_eq!((spr[33], spc[17]), (0b0110_0000, 0x40 | 4));
    assert!(spc[16..32].iter().all(|c| c & 0x40 != 0));
    // Plane 2: sprite 1, pixel (15, 15): byte 16 + 15, bit 0.
    assert_eq!(spr[64 + 31], 0x01);
    assert_eq!(spc[32 + 15], 14);
    assert!(spc[32..47].iter().all(|&c| c == 0));
    ok(
        &dir,
        &["gfx", "spr2png", "s", "--columns", "2", "-o", "back.png"],
    );
    let back = image::open(dir.join("back.png")).unwrap().to_rgba8();
    assert_eq!(back.dimensions(), (32, 16));
    assert_eq!(back.get_pixel(2, 1).0, [182, 36, 36, 255]);
    assert_eq!(back.get_pixel(0, 0).0, WHITE);
    assert_eq!(back.get_pixel(5, 5).0[3], 0);

    // Three colours with no OR among them: 2, 4, 7.
    save(&dir, "bad.png", 16, 16, |x, y| match (x, y) {
        (0, 3) => MEDIUM_GREEN,
        (1, 3) => DARK_BLUE,
        (2, 3) => CYAN,
        _ => CLEAR,
    });
    let err = fails(&dir, &["gfx", "png2spr", "bad.png"]);
    assert!(
        err.contains("bad.png") && err.contains("sprite 0") && err.contains("line 3"),
        "{err}"
    );
}

#[test]
fn sprites_mode_1_one_colour_each() {
    let dir = scratch("spr1");
    save(&dir, "m.png", 16, 8, |x, y| match (x, y) {
        (0, 0) | (7, 7) => WHITE,
        (8.., _) if x == y + 8 => CYAN,
        _ => CLEAR,
    });
    ok(
        &dir,
        &[
            "gfx", "png2spr", "m.png", "--size", "8", "--mode", "1", "-o", "m",
        ],
    );
    assert_eq!(
        read(&dir, "m.spr"),
        vec![0x80, 0, 0, 0, 0, 0, 0, 0x01, 0x80, 0x40, 0x20, 0x10, 8, 4, 2, 1]
    );
    assert_eq!(read(&dir, "m.spc"), vec![15, 7]);
    save(
        &dir,
        "two.png",
        8,
        8,
        |x, _| if x == 0 { WHITE } else { CYAN },
    );
    let err = fails(
        &dir,
        &["gfx", "png2spr", "two.png", "--size", "8", "--mode", "1"],
    );
    assert!(
        err.contains("sprite 0") && err.contains("more than one colour"),
        "{err}"
    );
}

#[test]
fn tiles_and_sprites_in_the_pictures_own_colours() {
    let dir = scratch("own");
    let odd = [100, 150, 200, 255]; // (3, 4, 5) in 3 bits, not a power-on colour
    let red = [255, 0, 0, 255];
    // An 8 × 8 sprite: odd at x 0, red at x 1 on line 0, nothing else.
    save(&dir, "o.png", 8, 8, |x, y| match (x, y) {
        (0, 0) => odd,
        (1, 0) => red,
        _ => CLEAR,
    });
    let err = fails(&dir, &["gfx", "png2spr", "o.png", "--size", "8"]);
    assert!(err.contains("#6496C8") && err.contains("(0, 0)"), "{err}");
    ok(
        &dir,
        &[
            "gfx",
            "png2spr",
            "o.png",
            "--size",
            "8",
            "--colors",
            "image",
            "--palette",
            "o.pal",
        ],
    );
    // Colour 0 stays "no pixel": odd is 1, red 2; line 0 has two colours, so a CC plane.
    let spr = read(&dir, "o.spr");
    let spc = read(&dir, "o.spc");
    assert_eq!(
        spr,
        vec![0x80, 0, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!((spc[0], spc[16]), (1, 0x40 | 2));
    let pal = read(&dir, "o.pal");
    assert_eq!(&pal[..6], &[0x00, 0, 0x35, 4, 0x70, 0]);

    // A SCREEN 2 tile set: the same two colours fill one tile row, index 0 is odd
    // (no pixel is transparent), red is 1: red takes the 1 bits.
    save(&dir, "t.png", 8, 8, |x, _| if x < 4 { odd } else { red });
    ok(
        &dir,
        &[
            "gfx",
            "png2sc2",
            "--tiles",
            "t.png",
            "--colors",
            "image",
            "--palette",
            "t.pal",
        ],
    );
    assert_eq!(read(&dir, "t.pat"), vec![0x0F; 8]);
    assert_eq!(read(&dir, "t.col"), vec![0x10; 8]);
    let pal = read(&dir, "t.pal");
    assert_eq!(&pal[..4], &[0x35, 4, 0x70, 0]);
}
