//! Sprites: a picture of 16×16 (or 8×8) sprites, in reading order, to the bytes of the
//! sprite pattern table and the colours, and back.
//!
//! A pattern is 8 bytes for 8×8 (one per line, the left pixel in bit 7); for 16×16 it
//! is 32 bytes: the left 8 columns of lines 0–15, then the right 8 columns of lines
//! 0–15 (the four 8×8 quarters top-left, bottom-left, top-right, bottom-right).
//!
//! **Mode 1** (SCREEN 1–3): one colour per sprite, held in the attribute table; every
//! visible pixel of a sprite must have that colour.
//!
//! **Mode 2** (SCREEN 4–8): one colour per line, in the colour table (16 bytes per
//! sprite plane: bit 6 CC, the low nibble the colour). A line may use more colours
//! through a second plane at the same place with CC set on its lines: the VDP shows the
//! second plane's pixels in its own colour and, where both planes have a pixel, the OR
//! of the two colours. So a sprite line may have
//! - one colour: it goes to the first plane;
//! - two colours `a < b`: `a`'s pixels in the first plane, `b`'s in the second;
//! - three colours where one is the OR of the other two, `a | b = c` (`a < b`): the first
//!   plane has the pixels of `a` and `c` in colour `a`, the second those of `b` and `c`
//!   in colour `b`.
//!
//! Anything else is refused naming the sprite, the line and its colours. A sprite that
//! needs a second plane on any line gets one for all its lines (CC set on each).
//! Colours are power-on palette indices, or the picture's own (alpha below 128 is no
//! pixel).

use crate::error::Hex;
use crate::index::index_each;
use crate::palette::{Palette, POWER_ON};
use crate::{GfxError, Options};

/// Sprite sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    S8,
    S16,
}

impl Size {
    pub fn pixels(self) -> u32 {
        match self {
            Self::S8 => 8,
            Self::S16 => 16,
        }
    }

    /// Bytes of one pattern.
    pub fn pattern_bytes(self) -> usize {
        match self {
            Self::S8 => 8,
            Self::S16 => 32,
        }
    }
}

/// The sprite modes of the V9938.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// SCREEN 1 to 3: one colour per sprite.
    One,
    /// SCREEN 4 to 8: one colour per line, CC planes.
    Two,
}

/// The CC bit of a mode 2 colour byte.
pub const CC: u8 = 0x40;

/// The converted sprites.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sprites {
    /// One pattern per plane, in order.
    pub patterns: Vec<u8>,
    /// Mode 1: one colour byte per plane (for the attribute table). Mode 2: 16 bytes
    /// per plane (the colour table), CC set on the lines of a second plane.
    pub colours: Vec<u8>,
    /// For each sprite of the picture, its first plane and how many (1 or 2).
    pub planes: Vec<(usize, usize)>,
    /// The palette the colours index: the power-on palette, or the picture's own.
    pub palette: Palette,
}

/// The pattern of one sprite from a bit per pixel, `bits[line][column]`.
fn pattern_of(bits: &[[bool; 16]; 16], size: Size) -> Vec<u8> {
    let byte = |line: usize, from: usize| {
        (0..8).fold(0u8, |b, i| (b << 1) | u8::from(bits[line][from + i]))
    };
    match size {
        Size::S8 => (0..8).map(|l| byte(l, 0)).collect(),
        Size::S16 => (0..16)
            .map(|l| byte(l, 0))
            .chain((0..16).map(|l| byte(l, 8)))
            .collect(),
    }
}

/// One plane's line: its colour and the picture colours whose pixels it sets.
type PlaneLine = (u8, Vec<u8>);

/// The two planes' colours of a mode 2 line with the colours `set` (sorted, distinct),
/// and which colours each plane shows: `(first, second)`, `None` if it cannot be done.
fn split_line(set: &[u8]) -> Option<(PlaneLine, PlaneLine)> {
    match *set {
        [] => Some(((0, vec![]), (0, vec![]))),
        [a] => Some(((a, vec![a]), (0, vec![]))),
        [a, b] => Some(((a, vec![a]), (b, vec![b]))),
        [_, _, _] => {
            // Which one is the OR of the other two?
            (0..3).find_map(|k| {
                let c = set[k];
                let rest: Vec<u8> = set.iter().copied().filter(|&v| v != c).collect();
                let (a, b) = (rest[0], rest[1]);
                (a | b == c).then(|| ((a, vec![a, c]), (b, vec![b, c])))
            })
        }
        _ => None,
    }
}

/// Converts a picture whose sides are multiples of the sprite size, sprites taken in
/// reading order, for sprite `mode`. Colours are the power-on palette's ([`Colors::Msx`],
/// with `quantize` the nearest entry) or the picture's own 15 ([`Colors::Image`], with
/// `quantize` cut to 15 by median cut).
pub fn encode(
    img: &image::RgbaImage,
    size: Size,
    mode: Mode,
    opts: Options,
) -> Result<Sprites, GfxError> {
    let n = size.pixels();
    let (w, h) = img.dimensions();
    if w == 0 || h == 0 || !w.is_multiple_of(n) || !h.is_multiple_of(n) {
        return Err(GfxError::SpriteSheet {
            width: w,
            height: h,
            size: n,
        });
    }
    // Colour 0 never shows in a sprite: it stays for "no pixel".
    let (all, palette) = index_each(img, "a sprite sheet", true, opts)?;
    let mut out = Sprites {
        patterns: Vec::new(),
        colours: Vec::new(),
        planes: Vec::new(),
        palette,
    };
    let mut number = 0;
    for sy in 0..h / n {
        for sx in 0..w / n {
            // Colour indices of the sprite, `None` where there is no pixel.
            let mut idx = [[None; 16]; 16];
            for (l, row) in idx.iter_mut().enumerate().take(n as usize) {
                for (c, v) in row.iter_mut().enumerate().take(n as usize) {
                    let (x, y) = (sx * n + c as u32, sy * n + l as u32);
                    let i = all[(y * w + x) as usize];
                    *v = (i != 0).then_some(i);
                }
            }
            let first = out.patterns.len() / size.pattern_bytes();
            let count = if mode == Mode::One {
                encode_mode1(&idx, size, number, (sx * n, sy * n), &mut out)?
            } else {
                encode_mode2(&idx, size, number, (sx * n, sy * n), &mut out)?
            };
            out.planes.push((first, count));
            number += 1;
        }
    }
    Ok(out)
}

/// The distinct colours of some pixels (`None`: no pixel), smallest first.
fn colours_in<'a>(pixels: impl Iterator<Item = &'a Option<u8>>) -> Vec<u8> {
    let mut set: Vec<u8> = pixels.flatten().copied().collect();
    set.sort_unstable();
    set.dedup();
    set
}

fn colours_named(set: &[u8], palette: &Palette) -> String {
    set.iter()
        .map(|&i| format!("{i} ({})", Hex(palette[usize::from(i) & 15].to_rgb8())))
        .collect::<Vec<_>>()
        .join(", ")
}

fn encode_mode1(
    idx: &[[Option<u8>; 16]; 16],
    size: Size,
    number: usize,
    at: (u32, u32),
    out: &mut Sprites,
) -> Result<usize, GfxError> {
    let set = colours_in(idx.iter().flatten());
    if set.len() > 1 {
        return Err(GfxError::SpriteColours {
            sprite: number,
            x: at.0,
            y: at.1,
            colours: colours_named(&set, &out.palette),
        });
    }
    let bits = idx.map(|l| l.map(|v| v.is_some()));
    out.patterns.extend(pattern_of(&bits, size));
    out.colours.push(set.first().copied().unwrap_or(0));
    Ok(1)
}

fn encode_mode2(
    idx: &[[Option<u8>; 16]; 16],
    size: Size,
    number: usize,
    at: (u32, u32),
    out: &mut Sprites,
) -> Result<usize, GfxError> {
    let mut bits = [[[false; 16]; 16]; 2];
    let mut colours = [[0u8; 16]; 2];
    for (l, line) in idx.iter().enumerate().take(size.pixels() as usize) {
        let set = colours_in(line.iter());
        let Some(planes) = split_line(&set) else {
            return Err(GfxError::SpriteLine {
                sprite: number,
                x: at.0,
                y: at.1,
                line: l,
                colours: colours_named(&set, &out.palette),
            });
        };
        for (p, (colour, shows)) in [planes.0, planes.1].into_iter().enumerate() {
            colours[p][l] = colour;
            for (c, v) in line.iter().enumerate() {
                bits[p][l][c] = v.is_some_and(|v| shows.contains(&v));
            }
        }
    }
    let second = bits[1].iter().flatten().any(|&b| b);
    out.patterns.extend(pattern_of(&bits[0], size));
    out.colours.extend(colours[0]);
    if second {
        out.patterns.extend(pattern_of(&bits[1], size));
        out.colours.extend(colours[1].map(|c| c | CC));
    }
    Ok(1 + usize::from(second))
}

/// The pixel (line, column) of a pattern.
fn bit(pattern: &[u8], size: Size, line: usize, column: usize) -> bool {
    let byte = match size {
        Size::S8 => pattern[line],
        Size::S16 => pattern[line + 16 * (column / 8)],
    };
    byte & (0x80 >> (column % 8)) != 0
}

/// Renders sprites `columns` to a row, as the VDP shows them (mode 2: a plane whose
/// lines all have CC set joins the plane before it, overlapping pixels ORed), with
/// alpha 0 where there is no pixel.
pub fn decode(
    patterns: &[u8],
    colours: &[u8],
    size: Size,
    mode: Mode,
    columns: u32,
    palette: Option<&Palette>,
) -> Result<image::RgbaImage, GfxError> {
    let pb = size.pattern_bytes();
    let count = patterns.len() / pb;
    let per_plane = if mode == Mode::One { 1 } else { 16 };
    if count == 0
        || !patterns.len().is_multiple_of(pb)
        || colours.len() != count * per_plane
        || columns == 0
    {
        return Err(GfxError::SpriteTables {
            patterns: patterns.len(),
            colours: colours.len(),
        });
    }
    let palette = palette.unwrap_or(&POWER_ON);
    // Group the planes: a mode 2 plane with CC on every line joins the one before.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for p in 0..count {
        let cc = mode == Mode::Two && colours[p * 16..p * 16 + 16].iter().all(|c| c & CC != 0);
        match groups.last_mut() {
            Some(g) if cc => g.push(p),
            _ => groups.push(vec![p]),
        }
    }
    let n = size.pixels();
    // More columns than sprites would only add empty space (and could overflow).
    let columns = columns.min(groups.len() as u32);
    let rows = (groups.len() as u32).div_ceil(columns);
    let mut img = image::RgbaImage::new(columns * n, rows * n);
    for (s, group) in groups.iter().enumerate() {
        let (ox, oy) = ((s as u32 % columns) * n, (s as u32 / columns) * n);
        for l in 0..n as usize {
            for c in 0..n as usize {
                let mut colour = None;
                for &p in group {
                    if bit(&patterns[p * pb..], size, l, c) {
                        let own = if mode == Mode::One {
                            colours[p]
                        } else {
                            colours[p * 16 + l]
                        } & 15;
                        colour = Some(colour.unwrap_or(0) | own);
                    }
                }
                if let Some(i) = colour {
                    let [r, g, b] = palette[usize::from(i)].to_rgb8();
                    img.put_pixel(ox + c as u32, oy + l as u32, image::Rgba([r, g, b, 255]));
                }
            }
        }
    }
    Ok(img)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_into_planes() {
        assert_eq!(split_line(&[5]), Some(((5, vec![5]), (0, vec![]))));
        assert_eq!(split_line(&[2, 9]), Some(((2, vec![2]), (9, vec![9]))));
        // 2 | 4 = 6: 2 and 6 in the first plane, 4 and 6 in the second.
        assert_eq!(
            split_line(&[2, 4, 6]),
            Some(((2, vec![2, 6]), (4, vec![4, 6])))
        );
        // 3 | 12 = 15 with 15 listed last; 3, 5, 9 has no OR.
        assert_eq!(
            split_line(&[3, 12, 15]),
            Some(((3, vec![3, 15]), (12, vec![12, 15])))
        );
        assert_eq!(split_line(&[3, 5, 9]), None);
        assert_eq!(split_line(&[1, 2, 3, 4]), None);
    }

    #[test]
    fn sixteen_by_sixteen_quarters() {
        let mut bits = [[false; 16]; 16];
        bits[0][0] = true; // top-left: byte 0 bit 7
        bits[15][7] = true; // bottom-left: byte 15 bit 0
        bits[0][8] = true; // top-right: byte 16 bit 7
        bits[9][15] = true; // bottom-right: byte 16 + 9 bit 0
        let p = pattern_of(&bits, Size::S16);
        let mut want = vec![0u8; 32];
        want[0] = 0x80;
        want[15] = 0x01;
        want[16] = 0x80;
        want[25] = 0x01;
        assert_eq!(p, want);
        assert!(bit(&p, Size::S16, 9, 15) && !bit(&p, Size::S16, 9, 14));
    }
}
