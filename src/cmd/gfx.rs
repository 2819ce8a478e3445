//! `msx gfx`: pictures to and from the MSX2 SCREEN 5 bitmap format.
//!
//! SCREEN 5 (GRAPHIC4) is 256 pixels wide, 16 colours from a 9-bit palette (3 bits per
//! channel), 4 bits per pixel: a line is 128 bytes, the left pixel of each pair in the
//! high nibble. A VRAM page is 32 KB, 256 lines, of which 212 are shown.
//!
//! Colour indices matter to the program that draws with them (`Color(15, 4, 0)`), so
//! by default a picture must use the MSX2 power-on palette and each pixel keeps that
//! palette's index; `--colors image` numbers the picture's own colours instead and the
//! palette file tells the program what to load. See `docs/gfx.md`.

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use msx_machine::vdp::DEFAULT_PALETTE;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args)]
pub struct GfxArgs {
    #[command(subcommand)]
    command: GfxCommand,
}

#[derive(Subcommand)]
enum GfxCommand {
    /// Convert a PNG 256 pixels wide to a headerless SCREEN 5 bitmap (128 bytes per line).
    Png2sc5(Png2Sc5Args),
    /// Render a SCREEN 5 bitmap (with or without BSAVE header) as a PNG.
    Sc52png(Sc52PngArgs),
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Colors {
    /// Each colour must be one of the MSX2 power-on palette; pixels keep its index.
    Msx,
    /// The picture's own colours, numbered in the order they first appear.
    Image,
}

#[derive(Args)]
struct Png2Sc5Args {
    /// The picture: 256 pixels wide, 1 to 256 lines high (212 are visible).
    input: PathBuf,
    /// The SCREEN 5 file to write (default: INPUT with the extension .sc5).
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
    /// Also write the palette: 16 entries of 2 bytes, as written to VDP port 0x9A.
    #[arg(long, value_name = "OUT.pal")]
    palette: Option<PathBuf>,
    /// Start the file with the 7-byte BSAVE header (0xFE, start, end, exec), as
    /// `BSAVE "X",0,N,S` writes it. Off by default: the MarMSX loader reads raw bytes.
    #[arg(long)]
    header: bool,
    /// The VRAM address written in the header (page 1 starts at 0x8000).
    #[arg(long, value_parser = parse_address, default_value = "0", requires = "header")]
    address: u16,
    /// How pixel colours become colour indices.
    #[arg(long, value_enum, default_value = "msx")]
    colors: Colors,
    /// Accept any number of colours: with --colors msx each pixel takes the nearest
    /// palette colour; with --colors image the picture is reduced to 16 by median cut.
    #[arg(long)]
    quantize: bool,
}

#[derive(Args)]
struct Sc52PngArgs {
    /// A SCREEN 5 bitmap: 128 bytes per line, optionally with a BSAVE header.
    input: PathBuf,
    /// The PNG to write (default: INPUT with the extension .png).
    #[arg(short, long, value_name = "OUT.png")]
    output: Option<PathBuf>,
    /// Palette file (32 bytes, as `png2sc5 --palette` writes); default: the power-on palette.
    #[arg(long, value_name = "IN.pal")]
    palette: Option<PathBuf>,
}

pub fn run(args: GfxArgs) -> Result<ExitCode> {
    match args.command {
        GfxCommand::Png2sc5(a) => png2sc5(a),
        GfxCommand::Sc52png(a) => sc52png(a),
    }
    .map(|()| ExitCode::SUCCESS)
}

/// `0x8000`, `8000h`, `&H8000` or decimal.
fn parse_address(s: &str) -> Result<u16, String> {
    let t = s.trim();
    let (digits, radix) = if let Some(h) = t.strip_prefix("0x").or(t.strip_prefix("0X")) {
        (h, 16)
    } else if let Some(h) = t.strip_prefix("&H").or(t.strip_prefix("&h")) {
        (h, 16)
    } else if let Some(h) = t.strip_suffix('h').or(t.strip_suffix('H')) {
        (h, 16)
    } else {
        (t, 10)
    };
    u16::from_str_radix(digits, radix).map_err(|_| format!("`{s}` is not an address 0-65535"))
}

/// Pixels of a screen line.
pub const WIDTH: u32 = 256;
/// Lines of a VRAM page (212 of them are on the screen).
pub const MAX_HEIGHT: u32 = 256;

/// A colour with 3 bits per channel, as the V9938 palette holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb3 {
    pub r: u8,
    pub g: u8,
    pub b: u8,
}

impl Rgb3 {
    /// The nearest 3-bit level of each 8-bit channel: round(v · 7 / 255). The levels the
    /// emulator and most MSX tools draw (v · 255 / 7, rounded either way) come back exact.
    pub fn from_rgb8(r: u8, g: u8, b: u8) -> Self {
        let q = |v: u8| ((u32::from(v) * 7 + 127) / 255) as u8;
        Self {
            r: q(r),
            g: q(g),
            b: q(b),
        }
    }

    /// From the palette's GRB word (`0000 0GGG 0RRR 0BBB`).
    fn from_grb(grb: u16) -> Self {
        Self {
            r: ((grb >> 4) & 7) as u8,
            g: ((grb >> 8) & 7) as u8,
            b: (grb & 7) as u8,
        }
    }

    /// 8 bits per channel as the emulator shows it: v · 255 / 7, rounded down.
    fn to_rgb8(self) -> [u8; 3] {
        let e = |v: u8| (u32::from(v) * 255 / 7) as u8;
        [e(self.r), e(self.g), e(self.b)]
    }

    /// The two bytes written to port 0x9A: `0RRR 0BBB`, then `0000 0GGG`.
    fn port_bytes(self) -> [u8; 2] {
        [(self.r << 4) | self.b, self.g]
    }
}

/// A pixel before numbering: a colour, or fully see-through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Pixel {
    Clear,
    Solid([u8; 3]),
}

/// Alpha below this counts as transparent (it becomes colour 0).
const ALPHA_CUT: u8 = 128;

fn pixel_of(p: &image::Rgba<u8>) -> Pixel {
    if p[3] < ALPHA_CUT {
        Pixel::Clear
    } else {
        Pixel::Solid([p[0], p[1], p[2]])
    }
}

/// The result of a conversion: 4-bit colour indices and the palette they refer to.
pub struct Indexed {
    /// One index (0..15) per pixel, row by row.
    pub pixels: Vec<u8>,
    pub palette: [Rgb3; 16],
}

/// Turns the picture into colour indices (see the module comment for the rules).
fn index_picture(img: &image::RgbaImage, colors: Colors, quantize: bool) -> Result<Indexed> {
    let pixels: Vec<Pixel> = img.pixels().map(pixel_of).collect();
    let mut distinct: Vec<Pixel> = Vec::new();
    let mut seen = HashMap::new();
    for &p in &pixels {
        if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(p) {
            e.insert(distinct.len());
            distinct.push(p);
        }
    }
    if distinct.len() > 16 && !quantize {
        bail!(
            "{} distinct colours, SCREEN 5 shows 16 (reduce them, or pass --quantize)",
            distinct.len()
        );
    }
    let default: [Rgb3; 16] = DEFAULT_PALETTE.map(Rgb3::from_grb);
    // The index of each distinct pixel value, and the palette.
    let (map, palette): (Vec<u8>, [Rgb3; 16]) = match colors {
        Colors::Msx => {
            let mut map = Vec::with_capacity(distinct.len());
            for (n, &p) in distinct.iter().enumerate() {
                let index = match p {
                    Pixel::Clear => 0,
                    Pixel::Solid(c) => {
                        let c3 = Rgb3::from_rgb8(c[0], c[1], c[2]);
                        // Opaque black is colour 1: colour 0 is the see-through one.
                        match (1..16).find(|&i| default[i] == c3) {
                            Some(i) => i as u8,
                            None if quantize => nearest(&default[1..], c) as u8 + 1,
                            None => {
                                let at = pixels.iter().position(|q| *q == p).unwrap_or(n);
                                let w = img.width() as usize;
                                bail!(
                                    "colour #{:02X}{:02X}{:02X} at ({}, {}) is not in the MSX2 \
                                     power-on palette (use --colors image, or --quantize)",
                                    c[0],
                                    c[1],
                                    c[2],
                                    at % w,
                                    at / w
                                );
                            }
                        }
                    }
                };
                map.push(index);
            }
            (map, default)
        }
        Colors::Image => {
            let has_clear = distinct.contains(&Pixel::Clear);
            let first = usize::from(has_clear);
            let solids: Vec<[u8; 3]> = distinct
                .iter()
                .filter_map(|p| match p {
                    Pixel::Solid(c) => Some(*c),
                    Pixel::Clear => None,
                })
                .collect();
            // Each colour's entry: its own when they fit, else its median-cut box.
            let (reps, entry_of): (Vec<[u8; 3]>, HashMap<[u8; 3], usize>) =
                if solids.len() > 16 - first {
                    median_cut(&solids, 16 - first)
                } else {
                    let entry_of = solids.iter().enumerate().map(|(i, c)| (*c, i)).collect();
                    (solids, entry_of)
                };
            let mut palette = [Rgb3 { r: 0, g: 0, b: 0 }; 16];
            for (i, c) in reps.iter().enumerate() {
                palette[first + i] = Rgb3::from_rgb8(c[0], c[1], c[2]);
            }
            let map = distinct
                .iter()
                .map(|p| match p {
                    Pixel::Clear => 0,
                    Pixel::Solid(c) => (first + entry_of[c]) as u8,
                })
                .collect();
            (map, palette)
        }
    };
    let pixels = pixels.iter().map(|p| map[seen[p]]).collect();
    Ok(Indexed { pixels, palette })
}

fn dist2(a: [i32; 3], b: [i32; 3]) -> i32 {
    (0..3).map(|i| (a[i] - b[i]).pow(2)).sum()
}

/// The palette entry nearest to an 8-bit colour (as the emulator would show the entry).
fn nearest(palette: &[Rgb3], c: [u8; 3]) -> usize {
    let c = c.map(i32::from);
    (0..palette.len())
        .min_by_key(|&i| dist2(palette[i].to_rgb8().map(i32::from), c))
        .unwrap_or(0)
}

/// Median cut: split the box with the widest channel at its median until there are `n`
/// boxes; each box is represented by its mean colour. Returns the representatives and
/// the box of every colour.
fn median_cut(colors: &[[u8; 3]], n: usize) -> (Vec<[u8; 3]>, HashMap<[u8; 3], usize>) {
    let mut boxes: Vec<Vec<[u8; 3]>> = vec![colors.to_vec()];
    while boxes.len() < n {
        let widest = boxes
            .iter()
            .enumerate()
            .filter(|(_, b)| b.len() > 1)
            .map(|(i, b)| {
                let (ch, span) = widest_channel(b);
                (i, ch, span)
            })
            .max_by_key(|&(_, _, span)| span);
        let Some((i, ch, _)) = widest else { break };
        let mut b = boxes.swap_remove(i);
        b.sort_by_key(|c| c[ch]);
        let upper = b.split_off(b.len() / 2);
        boxes.push(b);
        boxes.push(upper);
    }
    let mut box_of = HashMap::new();
    let reps = boxes
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let mut sum = [0u32; 3];
            for c in b {
                box_of.insert(*c, i);
                for k in 0..3 {
                    sum[k] += u32::from(c[k]);
                }
            }
            let len = b.len().max(1) as u32;
            sum.map(|s| ((s + len / 2) / len) as u8)
        })
        .collect();
    (reps, box_of)
}

fn widest_channel(b: &[[u8; 3]]) -> (usize, u8) {
    (0..3)
        .map(|ch| {
            let lo = b.iter().map(|c| c[ch]).min().unwrap_or(0);
            let hi = b.iter().map(|c| c[ch]).max().unwrap_or(0);
            (ch, hi - lo)
        })
        .max_by_key(|&(_, span)| span)
        .unwrap_or((0, 0))
}

/// Packs indices two per byte, the left pixel in the high nibble.
fn pack(pixels: &[u8]) -> Vec<u8> {
    pixels
        .chunks(2)
        .map(|pair| (pair[0] << 4) | pair.get(1).copied().unwrap_or(0))
        .collect()
}

/// The 7-byte BSAVE header: 0xFE, start, end (inclusive), execution address (= start).
fn bsave_header(start: u16, len: usize) -> Result<[u8; 7]> {
    let end = u32::from(start) + len as u32 - 1;
    if end > 0xFFFF {
        bail!("the data ends at 0x{end:X}: a BSAVE header holds 16-bit addresses");
    }
    let [s0, s1] = start.to_le_bytes();
    let [e0, e1] = (end as u16).to_le_bytes();
    Ok([0xFE, s0, s1, e0, e1, s0, s1])
}

fn png2sc5(a: Png2Sc5Args) -> Result<()> {
    let name = a.input.display().to_string();
    let img = image::open(&a.input)
        .with_context(|| format!("cannot read {name}"))?
        .to_rgba8();
    if img.width() != WIDTH {
        bail!(
            "{name}: the picture is {} pixels wide; SCREEN 5 lines are 256",
            img.width()
        );
    }
    if img.height() == 0 || img.height() > MAX_HEIGHT {
        bail!(
            "{name}: the picture is {} lines high; a SCREEN 5 page has 1 to 256",
            img.height()
        );
    }
    let indexed = index_picture(&img, a.colors, a.quantize).with_context(|| name.clone())?;
    let mut bytes = pack(&indexed.pixels);
    if a.header {
        let mut with = bsave_header(a.address, bytes.len())
            .with_context(|| name.clone())?
            .to_vec();
        with.append(&mut bytes);
        bytes = with;
    }
    let output = a.output.unwrap_or_else(|| a.input.with_extension("sc5"));
    super::write_atomic(&output, &bytes)?;
    if let Some(p) = &a.palette {
        let pal: Vec<u8> = indexed
            .palette
            .iter()
            .flat_map(|c| c.port_bytes())
            .collect();
        super::write_atomic(p, &pal)?;
    }
    Ok(())
}

/// The bitmap bytes of a SCREEN 5 file: after the BSAVE header when there is one (first
/// byte 0xFE and a length that matches its addresses), else the whole file.
fn bitmap_of(data: &[u8]) -> &[u8] {
    if data.len() >= 7 && data[0] == 0xFE {
        let start = u16::from_le_bytes([data[1], data[2]]);
        let end = u16::from_le_bytes([data[3], data[4]]);
        if end >= start && usize::from(end - start) + 1 + 7 == data.len() {
            return &data[7..];
        }
    }
    data
}

fn read_palette(path: &Path) -> Result<[Rgb3; 16]> {
    let data = super::read_input(path)?;
    if data.len() != 32 {
        bail!(
            "{}: a palette file is 32 bytes, this one is {}",
            path.display(),
            data.len()
        );
    }
    let mut pal = [Rgb3 { r: 0, g: 0, b: 0 }; 16];
    for (i, e) in data.chunks(2).enumerate() {
        pal[i] = Rgb3 {
            r: (e[0] >> 4) & 7,
            g: e[1] & 7,
            b: e[0] & 7,
        };
    }
    Ok(pal)
}

fn sc52png(a: Sc52PngArgs) -> Result<()> {
    let data = super::read_input(&a.input)?;
    let bitmap = bitmap_of(&data);
    let line = (WIDTH / 2) as usize;
    if bitmap.is_empty()
        || !bitmap.len().is_multiple_of(line)
        || bitmap.len() > line * MAX_HEIGHT as usize
    {
        bail!(
            "{}: {} bytes is not a whole number of 128-byte lines (1 to 256 of them)",
            a.input.display(),
            bitmap.len()
        );
    }
    let palette = match &a.palette {
        Some(p) => read_palette(p)?,
        None => DEFAULT_PALETTE.map(Rgb3::from_grb),
    };
    let height = (bitmap.len() / line) as u32;
    let mut img = image::RgbImage::new(WIDTH, height);
    for (i, byte) in bitmap.iter().enumerate() {
        let (x, y) = ((i % line) as u32 * 2, (i / line) as u32);
        img.put_pixel(x, y, image::Rgb(palette[usize::from(byte >> 4)].to_rgb8()));
        img.put_pixel(
            x + 1,
            y,
            image::Rgb(palette[usize::from(byte & 15)].to_rgb8()),
        );
    }
    let mut png = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .context("cannot encode the PNG")?;
    let output = a.output.unwrap_or_else(|| a.input.with_extension("png"));
    super::write_atomic(&output, &png)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_bit_levels_round_trip() {
        for v in 0..8u8 {
            let c = Rgb3 { r: v, g: v, b: v };
            let [r, g, b] = c.to_rgb8();
            assert_eq!(Rgb3::from_rgb8(r, g, b), c);
            // The other common expansion, (v << 5) | (v << 2) | (v >> 1), too.
            let e = (v << 5) | (v << 2) | (v >> 1);
            assert_eq!(Rgb3::from_rgb8(e, e, e), c);
        }
        // Half way between levels 3 (109) and 4 (145): 127 · 7 / 255 = 3.49 → 3.
        assert_eq!(Rgb3::from_rgb8(127, 128, 0), Rgb3 { r: 3, g: 4, b: 0 });
    }

    #[test]
    fn port_bytes_are_rb_then_g() {
        assert_eq!(Rgb3 { r: 5, g: 6, b: 3 }.port_bytes(), [0x53, 0x06]);
    }

    #[test]
    fn median_cut_keeps_distinct_extremes() {
        let colors: Vec<[u8; 3]> = (0..=255u8).map(|v| [v, 0, 0]).collect();
        let (reps, box_of) = median_cut(&colors, 4);
        assert_eq!(reps.len(), 4);
        assert_eq!(box_of[&[63, 0, 0]], box_of[&[0, 0, 0]]);
        assert_ne!(box_of[&[64, 0, 0]], box_of[&[63, 0, 0]]);
        let mut r: Vec<u8> = reps.iter().map(|c| c[0]).collect();
        r.sort();
        // Four boxes of 64 values each, represented by their means.
        assert_eq!(r, vec![32, 96, 160, 224]);
    }

    #[test]
    fn header_detection_needs_matching_length() {
        let mut f = vec![0xFE, 0, 0, 1, 0, 0, 0, 0xAB, 0xCD];
        assert_eq!(bitmap_of(&f), &[0xAB, 0xCD]);
        f.push(0);
        assert_eq!(bitmap_of(&f).len(), 10);
    }
}
