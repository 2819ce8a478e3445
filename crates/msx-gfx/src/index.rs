//! Pictures to colour indices, for the palette modes (SCREEN 5, 6, 7).
//!
//! Colour indices matter to the program that draws with them (`COLOR 15,4`), so by
//! default ([`Colors::Msx`]) every colour must be one of the MSX2 power-on palette and
//! each pixel keeps that palette's index; [`Colors::Image`] numbers the picture's own
//! colours in order of first appearance instead and returns the palette to load.
//! A pixel with alpha below 128 is colour 0, the one the V9938 shows as transparent.

use crate::bitmap::Screen;
use crate::error::Hex;
use crate::palette::{nearest, Palette, Rgb3, POWER_ON};
use crate::quantize::median_cut;
use crate::GfxError;
use std::collections::HashMap;

/// How pixel colours become colour indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Colors {
    /// Each colour must be one of the MSX2 power-on palette; pixels keep its index.
    #[default]
    Msx,
    /// The picture's own colours, numbered in the order they first appear.
    Image,
}

/// The choices of a conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    pub colors: Colors,
    /// Accept any colours: the nearest palette colour ([`Colors::Msx`], SCREEN 8) or a
    /// median-cut reduction ([`Colors::Image`]).
    pub quantize: bool,
}

/// A pixel before numbering: a colour, or fully see-through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Pixel {
    Clear,
    Solid([u8; 3]),
}

/// Alpha below this counts as transparent (it becomes colour 0).
pub(crate) const ALPHA_CUT: u8 = 128;

pub(crate) fn pixel_of(p: &image::Rgba<u8>) -> Pixel {
    if p[3] < ALPHA_CUT {
        Pixel::Clear
    } else {
        Pixel::Solid([p[0], p[1], p[2]])
    }
}

/// A picture as colour indices and the palette they refer to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Indexed {
    /// One index per pixel, row by row, each below the mode's colour count.
    pub pixels: Vec<u8>,
    pub palette: Palette,
}

/// The distinct pixel values in order of first appearance, and each one's rank.
fn distinct(pixels: &[Pixel]) -> (Vec<Pixel>, HashMap<Pixel, usize>) {
    let mut order = Vec::new();
    let mut rank = HashMap::new();
    for &p in pixels {
        rank.entry(p).or_insert_with(|| {
            order.push(p);
            order.len() - 1
        });
    }
    (order, rank)
}

/// Turns the picture into indices below `screen`'s colour count (see the module comment);
/// SCREEN 8, which has no palette, is refused.
pub fn index_picture(
    img: &image::RgbaImage,
    screen: Screen,
    opts: Options,
) -> Result<Indexed, GfxError> {
    if !screen.has_palette() {
        return Err(GfxError::FixedColours);
    }
    index_into(img, screen.colours(), screen.name(), false, opts)
}

/// [`index_picture`] for `max` colours (4 or 16) of a format called `name` in messages.
/// With `reserve_zero`, index 0 is kept for transparency even when no pixel is clear
/// (sprites: colour 0 never shows).
pub(crate) fn index_into(
    img: &image::RgbaImage,
    max: usize,
    name: &'static str,
    reserve_zero: bool,
    opts: Options,
) -> Result<Indexed, GfxError> {
    let pixels: Vec<Pixel> = img.pixels().map(pixel_of).collect();
    let (order, rank) = distinct(&pixels);
    let solid = order.iter().filter(|p| **p != Pixel::Clear).count();
    let room = max - usize::from(reserve_zero);
    let count = if reserve_zero { solid } else { order.len() };
    if count > room && !opts.quantize {
        return Err(GfxError::TooManyColours {
            screen: name,
            count,
            max: room,
        });
    }
    let at = |p: Pixel| {
        let i = pixels.iter().position(|q| *q == p).unwrap_or(0) as u32;
        (i % img.width().max(1), i / img.width().max(1))
    };
    let (map, palette) = match opts.colors {
        Colors::Msx => (msx_indices(&order, max, name, opts.quantize, at)?, POWER_ON),
        Colors::Image => image_indices(&order, max, reserve_zero),
    };
    let pixels = pixels.iter().map(|p| map[rank[p]]).collect();
    Ok(Indexed { pixels, palette })
}

/// Every pixel's colour index (0: clear) and the palette, for the tile and sprite
/// formats, which take any number of power-on colours: with [`Colors::Msx`] each pixel's
/// power-on index (exact, or with `quantize` the nearest), with [`Colors::Image`] the
/// picture's own 16 colours ([`index_into`], `name` and `reserve_zero` as there).
pub(crate) fn index_each(
    img: &image::RgbaImage,
    name: &'static str,
    reserve_zero: bool,
    opts: Options,
) -> Result<(Vec<u8>, Palette), GfxError> {
    match opts.colors {
        Colors::Msx => {
            let idx = img
                .enumerate_pixels()
                .map(|(x, y, p)| power_on_index(pixel_of(p), opts.quantize, x, y))
                .collect::<Result<_, _>>()?;
            Ok((idx, POWER_ON))
        }
        Colors::Image => {
            let indexed = index_into(img, 16, name, reserve_zero, opts)?;
            Ok((indexed.pixels, indexed.palette))
        }
    }
}

/// The power-on index of the pixel at (`x`, `y`): exact, or with `quantize` the
/// nearest entry; 0 for a clear pixel.
fn power_on_index(p: Pixel, quantize: bool, x: u32, y: u32) -> Result<u8, GfxError> {
    match p {
        Pixel::Clear => Ok(0),
        Pixel::Solid(c) => {
            let c3 = Rgb3::from_rgb8(c);
            match (1..16).find(|&i| POWER_ON[i] == c3) {
                Some(i) => Ok(i as u8),
                None if quantize => Ok(nearest(&POWER_ON[1..], c) as u8 + 1),
                None => Err(GfxError::NotInPalette {
                    colour: Hex(c),
                    x,
                    y,
                }),
            }
        }
    }
}

/// The power-on palette index of each distinct pixel value.
fn msx_indices(
    order: &[Pixel],
    max: usize,
    screen: &'static str,
    quantize: bool,
    at: impl Fn(Pixel) -> (u32, u32),
) -> Result<Vec<u8>, GfxError> {
    let mut map = Vec::with_capacity(order.len());
    for &p in order {
        let Pixel::Solid(c) = p else {
            map.push(0);
            continue;
        };
        // Opaque black is colour 1: colour 0 is the see-through one.
        let c3 = Rgb3::from_rgb8(c);
        let index = match (1..16).find(|&i| POWER_ON[i] == c3) {
            Some(i) if i < max => i as u8,
            _ if quantize => nearest(&POWER_ON[1..max], c) as u8 + 1,
            Some(i) => {
                let (x, y) = at(p);
                return Err(GfxError::IndexTooHigh {
                    screen,
                    colour: Hex(c),
                    x,
                    y,
                    index: i as u8,
                    last: max - 1,
                });
            }
            None => {
                let (x, y) = at(p);
                return Err(GfxError::NotInPalette {
                    colour: Hex(c),
                    x,
                    y,
                });
            }
        };
        map.push(index);
    }
    Ok(map)
}

/// The picture's own colours: index 0 for transparency when there is any (or it is
/// reserved), then the
/// colours in order of appearance (median-cut boxes when there are too many).
fn image_indices(order: &[Pixel], max: usize, reserve_zero: bool) -> (Vec<u8>, Palette) {
    let first = usize::from(reserve_zero || order.contains(&Pixel::Clear));
    let solids: Vec<[u8; 3]> = order
        .iter()
        .filter_map(|p| match p {
            Pixel::Solid(c) => Some(*c),
            Pixel::Clear => None,
        })
        .collect();
    let (reps, entry_of): (Vec<[u8; 3]>, HashMap<[u8; 3], usize>) = if solids.len() > max - first {
        median_cut(&solids, max - first)
    } else {
        let entry_of = solids.iter().enumerate().map(|(i, c)| (*c, i)).collect();
        (solids, entry_of)
    };
    let mut palette = [Rgb3::default(); 16];
    for (i, c) in reps.iter().enumerate() {
        palette[first + i] = Rgb3::from_rgb8(*c);
    }
    let map = order
        .iter()
        .map(|p| match p {
            Pixel::Clear => 0,
            Pixel::Solid(c) => (first + entry_of[c]) as u8,
        })
        .collect();
    (map, palette)
}
