//! SCREEN 2 and SCREEN 4 (GRAPHIC2/3): 8×8 tiles, each 8-pixel row of a tile having its
//! own two colours.
//!
//! A tile is 8 bytes of the pattern generator table (one per row, the left pixel in bit
//! 7) and 8 bytes of the colour table (one per row: the colour of the 1 bits in the high
//! nibble, of the 0 bits in the low nibble). The screen is 32 × 24 tiles; the name table
//! (768 bytes) says which pattern each position shows, and in GRAPHIC2 each third of the
//! screen (8 tile rows) takes its patterns from its own 256 (so the usual name table is
//! 0..255 three times and the tables are 6144 bytes each).
//!
//! Colours are indices of the power-on palette (the TMS9918 colours; 0 is transparent),
//! as with `--colors msx` in the bitmap modes, or with [`Colors::Image`] the picture's own
//! 16 colours numbered as in the bitmap modes (SCREEN 4 on an MSX2 loads a palette). Each row is made canonical so equal
//! tiles give equal bytes: two colours `lo < hi` give `hi` to the 1 bits and `lo` to
//! the 0 bits; a row of one colour `c` is pattern 0x00 and colour `c c`.

use crate::error::Hex;
use crate::index::{index_each, pixel_of, Pixel, ALPHA_CUT};
use crate::palette::{Palette, POWER_ON};
use crate::{Colors, GfxError, Options};
use std::collections::HashMap;

/// The tables of a picture made of tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tiles {
    /// 8 bytes per tile.
    pub patterns: Vec<u8>,
    /// 8 bytes per tile, `fg << 4 | bg` per row.
    pub colours: Vec<u8>,
    /// One byte per tile position of the picture, row by row.
    pub names: Vec<u8>,
}

/// VRAM addresses of the tables as BASIC sets SCREEN 2 up (R#2 = 6, R#3 = 0xFF,
/// R#4 = 3, R#5 = 0x36).
pub const PATTERNS: usize = 0x0000;
pub const NAMES: usize = 0x1800;
pub const SPRITE_ATTRIBUTES: usize = 0x1B00;
pub const COLOURS: usize = 0x2000;
/// Bytes of a whole-screen VRAM image, 0x0000 to 0x37FF.
pub const SCREEN_BYTES: usize = 0x3800;

/// One row of a tile, canonical: pattern byte and colour byte.
fn row_bytes(indices: &[u8; 8]) -> Option<(u8, u8)> {
    let lo = *indices.iter().min()?;
    let hi = *indices.iter().max()?;
    if indices.iter().any(|&i| i != lo && i != hi) {
        return None;
    }
    let pattern = indices
        .iter()
        .fold(0u8, |p, &i| (p << 1) | u8::from(i == hi && hi != lo));
    Some((pattern, (hi << 4) | lo))
}

/// A large cost: a solid pixel cannot be shown by colour 0, a transparent one by any
/// other.
const NEVER: u32 = 1 << 24;

fn cost(p: Pixel, entry: usize, palette: &Palette, zero_clear: bool) -> u32 {
    match (p, entry) {
        (Pixel::Clear, 0) => 0,
        (Pixel::Clear, _) => NEVER,
        (Pixel::Solid(_), 0) if zero_clear => NEVER,
        (Pixel::Solid(c), e) => {
            let q = palette[e].to_rgb8();
            (0..3)
                .map(|k| (i32::from(c[k]) - i32::from(q[k])).unsigned_abs().pow(2))
                .sum()
        }
    }
}

/// The two palette entries that show the row with the least squared error, each pixel
/// taking the nearer of the two (the first pair of equal cost wins). `zero_clear`: entry
/// 0 is the transparent colour, for clear pixels only.
fn cheapest_pair(row: &[Pixel; 8], palette: &Palette, zero_clear: bool) -> [u8; 8] {
    let cost = |p, e| cost(p, e, palette, zero_clear);
    let mut best = (u32::MAX, 0usize, 0usize);
    for a in 0..16 {
        for b in a..16 {
            let total: u32 = row.iter().map(|&p| cost(p, a).min(cost(p, b))).sum();
            if total < best.0 {
                best = (total, a, b);
            }
        }
    }
    let (_, a, b) = best;
    row.map(|p| {
        if cost(p, a) <= cost(p, b) {
            a as u8
        } else {
            b as u8
        }
    })
}

/// A tile's 8 (pattern, colour) rows.
type Tile = [(u8, u8); 8];

/// The tiles of a picture whose sides are multiples of 8, in reading order, and the
/// palette their colours index.
fn cut(img: &image::RgbaImage, opts: Options) -> Result<(Vec<Tile>, Palette), GfxError> {
    let (w, h) = img.dimensions();
    if w == 0 || h == 0 || !w.is_multiple_of(8) || !h.is_multiple_of(8) {
        return Err(GfxError::TileSize {
            width: w,
            height: h,
        });
    }
    let (all, palette) = index_each(img, "SCREEN 2", false, opts)?;
    // Index 0 is see-through unless the picture's own colours gave it to a colour.
    let zero_clear = opts.colors == Colors::Msx || img.pixels().any(|p| p[3] < ALPHA_CUT);
    let mut tiles = Vec::with_capacity((w / 8 * h / 8) as usize);
    for ty in 0..h / 8 {
        for tx in 0..w / 8 {
            let mut tile = [(0u8, 0u8); 8];
            for (r, row_out) in tile.iter_mut().enumerate() {
                let y = ty * 8 + r as u32;
                let pixels: [Pixel; 8] =
                    std::array::from_fn(|i| pixel_of(img.get_pixel(tx * 8 + i as u32, y)));
                let at = (y * w + tx * 8) as usize;
                let indices: [u8; 8] = std::array::from_fn(|i| all[at + i]);
                *row_out = match row_bytes(&indices) {
                    Some(bytes) => bytes,
                    None if opts.quantize => {
                        let two = cheapest_pair(&pixels, &palette, zero_clear);
                        row_bytes(&two).unwrap_or((0, 0))
                    }
                    None => {
                        let mut colours: Vec<Hex> = Vec::new();
                        for p in pixels {
                            let hex = match p {
                                Pixel::Clear => Hex([0, 0, 0]),
                                Pixel::Solid(c) => Hex(c),
                            };
                            if !colours.contains(&hex) {
                                colours.push(hex);
                            }
                        }
                        return Err(GfxError::TileRow {
                            tile: (tx, ty),
                            row: r as u32,
                            x: tx * 8,
                            y,
                            colours: colours
                                .iter()
                                .map(|h| h.to_string())
                                .collect::<Vec<_>>()
                                .join(", "),
                        });
                    }
                };
            }
            tiles.push(tile);
        }
    }
    Ok((tiles, palette))
}

fn split(tiles: &[Tile]) -> (Vec<u8>, Vec<u8>) {
    let patterns = tiles.iter().flat_map(|t| t.map(|r| r.0)).collect();
    let colours = tiles.iter().flat_map(|t| t.map(|r| r.1)).collect();
    (patterns, colours)
}

/// A whole SCREEN 2 picture (256 × 192): the VRAM image from 0x0000 to 0x37FF, the
/// tables where BASIC puts them, the name table 0..255 in each third, and the sprite
/// attribute table ending at its first entry (Y = 0xD0), so no sprite shows; and the
/// palette the colours index.
pub fn encode_screen(
    img: &image::RgbaImage,
    opts: Options,
) -> Result<(Vec<u8>, Palette), GfxError> {
    if img.dimensions() != (256, 192) {
        return Err(GfxError::ScreenSize {
            width: img.width(),
            height: img.height(),
        });
    }
    let (tiles, palette) = cut(img, opts)?;
    let (patterns, colours) = split(&tiles);
    let mut vram = vec![0u8; SCREEN_BYTES];
    vram[PATTERNS..PATTERNS + 6144].copy_from_slice(&patterns);
    vram[COLOURS..COLOURS + 6144].copy_from_slice(&colours);
    for (i, name) in vram[NAMES..NAMES + 768].iter_mut().enumerate() {
        *name = i as u8;
    }
    vram[SPRITE_ATTRIBUTES] = 0xD0;
    Ok((vram, palette))
}

/// A tile set: the distinct tiles of a picture (sides multiples of 8) in order of first
/// appearance, at most 256, and the name of each tile position; and the palette.
pub fn encode_tiles(img: &image::RgbaImage, opts: Options) -> Result<(Tiles, Palette), GfxError> {
    let (tiles, palette) = cut(img, opts)?;
    let mut unique: Vec<Tile> = Vec::new();
    let mut seen: HashMap<Tile, u8> = HashMap::new();
    let mut names = Vec::with_capacity(tiles.len());
    for t in tiles {
        let name = match seen.get(&t) {
            Some(&n) => n,
            None => {
                if unique.len() == 256 {
                    return Err(GfxError::TooManyTiles);
                }
                let n = unique.len() as u8;
                seen.insert(t, n);
                unique.push(t);
                n
            }
        };
        names.push(name);
    }
    let (patterns, colours) = split(&unique);
    let tiles = Tiles {
        patterns,
        colours,
        names,
    };
    Ok((tiles, palette))
}

/// Draws one tile row into `out` (8 pixels) as the VDP shows it with a black backdrop.
fn draw_row(pattern: u8, colour: u8, palette: &Palette, out: &mut [[u8; 3]]) {
    for (i, px) in out.iter_mut().enumerate().take(8) {
        let bit = (pattern >> (7 - i)) & 1;
        let c = if bit == 1 { colour >> 4 } else { colour & 15 };
        *px = palette[usize::from(c)].to_rgb8();
    }
}

/// Renders a whole-screen VRAM image (at least 0x3800 bytes, tables where
/// [`encode_screen`] puts them) as 256 × 192.
pub fn decode_screen(vram: &[u8], palette: Option<&Palette>) -> Result<image::RgbImage, GfxError> {
    if vram.len() < SCREEN_BYTES || vram.len() > 0x4000 {
        return Err(GfxError::ScreenBytes(vram.len()));
    }
    let palette = palette.unwrap_or(&POWER_ON);
    let mut img = image::RgbImage::new(256, 192);
    let mut row = [[0u8; 3]; 8];
    for pos in 0..768usize {
        let third = pos / 256;
        let tile = third * 256 + usize::from(vram[NAMES + pos]);
        let (tx, ty) = ((pos % 32) as u32, (pos / 32) as u32);
        for r in 0..8 {
            let at = tile * 8 + r;
            draw_row(vram[PATTERNS + at], vram[COLOURS + at], palette, &mut row);
            for (i, c) in row.iter().enumerate() {
                img.put_pixel(tx * 8 + i as u32, ty * 8 + r as u32, image::Rgb(*c));
            }
        }
    }
    Ok(img)
}

/// Renders a tile set's name table `columns` tiles wide (the picture it came from).
pub fn decode_tiles(
    tiles: &Tiles,
    columns: u32,
    palette: Option<&Palette>,
) -> Result<image::RgbImage, GfxError> {
    let count = tiles.patterns.len() / 8;
    if !tiles.patterns.len().is_multiple_of(8) || tiles.colours.len() != tiles.patterns.len() {
        return Err(GfxError::TileTables {
            patterns: tiles.patterns.len(),
            colours: tiles.colours.len(),
        });
    }
    if columns == 0 || tiles.names.is_empty() || !tiles.names.len().is_multiple_of(columns as usize)
    {
        return Err(GfxError::NameTable {
            names: tiles.names.len(),
            columns,
        });
    }
    if let Some(at) = tiles.names.iter().position(|&n| usize::from(n) >= count) {
        return Err(GfxError::NameOutOfSet {
            at,
            name: tiles.names[at],
            count,
        });
    }
    let palette = palette.unwrap_or(&POWER_ON);
    let rows = tiles.names.len() as u32 / columns;
    let mut img = image::RgbImage::new(columns * 8, rows * 8);
    let mut row = [[0u8; 3]; 8];
    for (pos, &name) in tiles.names.iter().enumerate() {
        let (tx, ty) = (pos as u32 % columns, pos as u32 / columns);
        for r in 0..8 {
            let at = usize::from(name) * 8 + r;
            draw_row(tiles.patterns[at], tiles.colours[at], palette, &mut row);
            for (i, c) in row.iter().enumerate() {
                img.put_pixel(tx * 8 + i as u32, ty * 8 + r as u32, image::Rgb(*c));
            }
        }
    }
    Ok(img)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_canonical() {
        // Colours 4 and 15: 15 takes the 1 bits whichever comes first.
        assert_eq!(row_bytes(&[4, 15, 15, 4, 4, 4, 4, 15]), Some((0x61, 0xF4)));
        assert_eq!(
            row_bytes(&[15, 4, 4, 15, 15, 15, 15, 4]),
            Some((0x9E, 0xF4))
        );
        assert_eq!(row_bytes(&[7; 8]), Some((0x00, 0x77)));
        assert_eq!(row_bytes(&[1, 2, 3, 1, 1, 1, 1, 1]), None);
    }

    #[test]
    fn the_cheapest_pair_for_three_colours() {
        // White ×5, grey ×2, black ×1: white and grey leave one black pixel at grey
        // (182² · 3 = 99372); white and black leave two greys at white (73² · 3 · 2 =
        // 31974) or black (182² · 3 · 2), so white and black win.
        let w = Pixel::Solid([255, 255, 255]);
        let g = Pixel::Solid([182, 182, 182]);
        let k = Pixel::Solid([0, 0, 0]);
        let row = [w, w, g, w, g, w, k, w];
        assert_eq!(
            cheapest_pair(&row, &POWER_ON, true),
            [15, 15, 15, 15, 15, 15, 1, 15]
        );
    }
}
