//! The Minesweeper graphics sheet: `examples/minesweeper/art/sheet.txt` (text art) is the
//! source of `sheet.png`, and `msx gfx png2sc5 sheet.png` gives `MINES.SC5`, the page the
//! game loads. These tests keep the three in step, and check the sheet against the
//! rectangles the game copies from (`scrCoord` in `minedef.inc`).
//!
//! After editing the art: `MSX_UPDATE_SHEET=1 cargo test --test minesweeper_sheet`
//! writes `sheet.png` and `MINES.SC5`; look at the PNG before committing.

use std::path::{Path, PathBuf};
use std::process::Command;

const WIDTH: u32 = 256;
const HEIGHT: u32 = 212;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/minesweeper")
}

/// The art's characters, in the order of the MSX2 power-on palette (index 0..15).
const CHARS: &[u8; 16] = b".kgGbBrcRPyYdm-W";

/// The power-on palette as 3-bit R, G, B (V9938 data book), written out here rather than
/// taken from the emulator so that this test checks the converter instead of sharing it.
const PALETTE: [[u8; 3]; 16] = [
    [0, 0, 0],
    [0, 0, 0],
    [1, 6, 1],
    [3, 7, 3],
    [1, 1, 7],
    [2, 3, 7],
    [5, 1, 1],
    [2, 6, 7],
    [7, 1, 1],
    [7, 3, 3],
    [6, 6, 1],
    [6, 6, 4],
    [1, 4, 1],
    [6, 2, 5],
    [5, 5, 5],
    [7, 7, 7],
];

fn colour_index(c: u8, line: usize) -> u8 {
    CHARS
        .iter()
        .position(|&k| k == c)
        .unwrap_or_else(|| panic!("sheet.txt:{line}: `{}` is not a colour", c as char)) as u8
}

/// Draws the text art into a 256x212 grid of colour indices.
fn render_art(text: &str) -> Vec<u8> {
    let mut px = vec![0u8; (WIDTH * HEIGHT) as usize];
    let mut set = |x: i64, y: i64, c: u8, line: usize| {
        assert!(
            (0..WIDTH as i64).contains(&x) && (0..HEIGHT as i64).contains(&y),
            "sheet.txt:{line}: pixel ({x}, {y}) is off the sheet"
        );
        px[(y * WIDTH as i64 + x) as usize] = c;
    };
    let mut lines = text.lines().enumerate().map(|(n, l)| (n + 1, l));
    while let Some((n, line)) = lines.next() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let num = |i: usize| -> i64 {
            words
                .get(i)
                .and_then(|w| w.parse().ok())
                .unwrap_or_else(|| panic!("sheet.txt:{n}: number expected in `{line}`"))
        };
        let col = |i: usize| -> u8 {
            let w = words
                .get(i)
                .unwrap_or_else(|| panic!("sheet.txt:{n}: colour expected in `{line}`"));
            assert_eq!(w.len(), 1, "sheet.txt:{n}: a colour is one character");
            colour_index(w.as_bytes()[0], n)
        };
        match words[0] {
            "fill" => {
                let (c, x1, y1, x2, y2) = (col(5), num(1), num(2), num(3), num(4));
                for y in y1..=y2 {
                    for x in x1..=x2 {
                        set(x, y, c, n);
                    }
                }
            }
            "bevel" => {
                let (a, b, x1, y1, x2, y2) = (col(5), col(6), num(1), num(2), num(3), num(4));
                for x in x1..=x2 {
                    set(x, y1, a, n);
                    set(x, y2, b, n);
                }
                for y in y1..=y2 {
                    set(x1, y, a, n);
                    set(x2, y, b, n);
                }
            }
            "art" => {
                let (x0, y0) = (num(1), num(2));
                let mut y = y0;
                let mut width = None;
                loop {
                    let (m, row) = lines
                        .next()
                        .unwrap_or_else(|| panic!("sheet.txt:{n}: `art` without `end`"));
                    let row = row.trim();
                    if row == "end" {
                        break;
                    }
                    assert_eq!(
                        *width.get_or_insert(row.len()),
                        row.len(),
                        "sheet.txt:{m}: rows of one picture have one length"
                    );
                    for (i, &c) in row.as_bytes().iter().enumerate() {
                        set(x0 + i as i64, y, colour_index(c, m), m);
                    }
                    y += 1;
                }
            }
            other => panic!("sheet.txt:{n}: unknown command `{other}`"),
        }
    }
    px
}

fn level(v: u8) -> u8 {
    (u32::from(v) * 255 / 7) as u8
}

/// The indices as an RGBA picture: colour 0 is see-through, the others opaque.
fn to_png(px: &[u8]) -> image::RgbaImage {
    image::RgbaImage::from_fn(WIDTH, HEIGHT, |x, y| {
        let i = px[(y * WIDTH + x) as usize];
        let [r, g, b] = PALETTE[usize::from(i)];
        let alpha = if i == 0 { 0 } else { 255 };
        image::Rgba([level(r), level(g), level(b), alpha])
    })
}

/// Packs indices as SCREEN 5 does: two per byte, the left one in the high nibble.
fn pack(px: &[u8]) -> Vec<u8> {
    px.chunks(2).map(|p| (p[0] << 4) | p[1]).collect()
}

fn art_indices() -> Vec<u8> {
    let text = std::fs::read_to_string(dir().join("art/sheet.txt")).unwrap();
    render_art(&text)
}

fn updating() -> bool {
    std::env::var_os("MSX_UPDATE_SHEET").is_some()
}

/// With MSX_UPDATE_SHEET set, writes sheet.png from the art, once, before any test reads it.
fn update_png() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    if updating() {
        ONCE.call_once(|| {
            to_png(&art_indices())
                .save(dir().join("sheet.png"))
                .unwrap()
        });
    }
}

#[test]
fn sheet_png_is_drawn_from_the_art() {
    update_png();
    let img = to_png(&art_indices());
    let png_path = dir().join("sheet.png");
    let committed = image::open(&png_path)
        .expect("examples/minesweeper/sheet.png (MSX_UPDATE_SHEET=1 writes it)")
        .to_rgba8();
    assert!(
        committed == img,
        "sheet.png differs from art/sheet.txt: run with MSX_UPDATE_SHEET=1"
    );
}

#[test]
fn mines_sc5_is_png2sc5_of_the_sheet() {
    update_png();
    let dir = dir();
    let tmp = std::env::temp_dir().join(format!("msx-sheet-{}.sc5", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_msx"))
        .args(["gfx", "png2sc5"])
        .arg(dir.join("sheet.png"))
        .arg("-o")
        .arg(&tmp)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "png2sc5 failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let converted = std::fs::read(&tmp).unwrap();
    let _ = std::fs::remove_file(&tmp);
    // The converter agrees with packing the art's own indices by hand.
    assert_eq!(converted, pack(&art_indices()));
    assert_eq!(converted.len(), 128 * 212);
    // LoadPicture takes a file whose first byte is FEh for a BSAVE file and skips 7
    // bytes: the sheet's first two pixels must not be colours 15 and 14.
    assert_ne!(converted[0], 0xFE);
    let sc5 = dir.join("MINES.SC5");
    if updating() {
        std::fs::write(&sc5, &converted).unwrap();
    }
    let committed = std::fs::read(&sc5).expect("examples/minesweeper/MINES.SC5");
    assert!(
        committed == converted,
        "MINES.SC5 is not png2sc5 of sheet.png: run with MSX_UPDATE_SHEET=1"
    );
}

/// The rectangles of `scrCoord` in a definitions file, read from the Pascal source.
fn scr_coord(file: &str) -> Vec<[i64; 4]> {
    let src = std::fs::read_to_string(dir().join(file)).unwrap();
    let start = src.find("scrCoord :").expect("scrCoord in minedef.inc");
    let end = start + src[start..].find(");").expect("end of scrCoord");
    // Drop comments, then every parenthesised group of four numbers is a rectangle.
    let mut body = String::new();
    let mut in_comment = false;
    for c in src[start..end].chars() {
        match c {
            '{' => in_comment = true,
            '}' => in_comment = false,
            _ if !in_comment => body.push(c),
            _ => {}
        }
    }
    let body = &body[body.find('=').unwrap() + 1..];
    body.split(')')
        .filter_map(|g| {
            let nums: Vec<i64> = g
                .split(|c: char| !c.is_ascii_digit() && c != '-')
                .filter(|w| !w.is_empty() && *w != "-")
                .map(|w| w.parse().unwrap())
                .collect();
            (nums.len() == 4).then(|| [nums[0], nums[1], nums[2], nums[3]])
        })
        .collect()
}

/// Every rectangle of a version's `scrCoord` lies on drawn pixels, starts at an even x,
/// and has its object's size: blocks `cell` pixels square, the panels of `panels`, faces
/// 17x17.
fn check_objects(file: &str, cell: i64, panels: [(i64, i64); 2]) {
    let px = art_indices();
    let rects = scr_coord(file);
    assert_eq!(rects.len(), 20, "{file}: scrCoord has the entries -1..18");
    for (n, r) in rects.iter().enumerate() {
        let index = n as i64 - 1;
        let [x1, y1, x2, y2] = *r;
        assert!(
            x1 <= x2 && y1 <= y2 && x2 < 256 && y2 < 212,
            "{file} entry {index}: {r:?}"
        );
        // The article: the copy routine goes wrong at odd x, so objects start at even x.
        assert_eq!(x1 % 2, 0, "{file} entry {index} starts at an odd x: {r:?}");
        let blank = (y1..=y2)
            .flat_map(|y| (x1..=x2).map(move |x| (x, y)))
            .filter(|&(x, y)| px[(y * 256 + x) as usize] == 0)
            .count();
        assert_eq!(
            blank, 0,
            "{file} entry {index} {r:?} has {blank} undrawn pixels"
        );
        let (w, h) = (x2 - x1 + 1, y2 - y1 + 1);
        let expected = match index {
            -1..=12 | 18 => (cell, cell),
            13 => panels[0],
            14 => panels[1],
            _ => (17, 17),
        };
        assert_eq!((w, h), expected, "{file} entry {index} {r:?}");
    }
}

#[test]
fn every_object_of_scr_coord_is_drawn_on_the_sheet() {
    check_objects("minedef.inc", 12, [(96, 19), (192, 19)]);
    check_objects("smindef.inc", 8, [(240, 19), (240, 19)]);
}

/// The two versions' blocks show the same things, tile by tile: each uses the same set
/// of colours in both (a check that no entry of one table points at the wrong object).
#[test]
fn both_versions_draw_the_same_objects() {
    let px = art_indices();
    let colours = |r: [i64; 4]| {
        let mut seen = [false; 16];
        for y in r[1]..=r[3] {
            for x in r[0]..=r[2] {
                seen[usize::from(px[(y * 256 + x) as usize])] = true;
            }
        }
        seen
    };
    let big = scr_coord("minedef.inc");
    let small = scr_coord("smindef.inc");
    for n in 0..13 {
        assert_eq!(
            colours(big[n]),
            colours(small[n]),
            "entry {} uses other colours in the two versions",
            n as i64 - 1
        );
    }
}
