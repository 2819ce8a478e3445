//! The bitmap modes: SCREEN 5 to 8 (the V9938's GRAPHIC4 to GRAPHIC7).
//!
//! Each line is a run of bytes in VRAM, line *y* at `y · line_bytes` (the addresses the
//! CPU uses through port 0x98; the chip's interleaving of SCREEN 7/8 is its own
//! business). Within a byte **the left pixel is in the high bits**. A page holds 256
//! lines, 212 of them on the screen.
//!
//! | mode | pixels | bits/pixel | colours | line bytes | page |
//! |---|---|---|---|---|---|
//! | SCREEN 5 | 256 | 4 | 16 of 512 | 128 | 32 KB |
//! | SCREEN 6 | 512 | 2 | 4 of 512 | 128 | 32 KB |
//! | SCREEN 7 | 512 | 4 | 16 of 512 | 256 | 64 KB |
//! | SCREEN 8 | 256 | 8 | 256 fixed | 256 | 64 KB |
//!
//! SCREEN 8 has no palette: a byte is `GGGRRRBB`, green and red 3-bit levels, blue's
//! two bits standing for the 3-bit levels 0, 2, 4 and 7.

use crate::index::{index_picture, pixel_of, Indexed, Options, Pixel};
use crate::palette::{level3, level8, Palette, POWER_ON};
use crate::{error::Hex, Colors, GfxError};

/// A bitmap screen mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Screen {
    Sc5,
    Sc6,
    Sc7,
    Sc8,
}

/// Lines of a VRAM page (212 of them are on the screen).
pub const MAX_HEIGHT: u32 = 256;

/// SCREEN 8's blue: the 3-bit level of each 2-bit value.
pub const SC8_BLUE: [u8; 4] = [0, 2, 4, 7];

impl Screen {
    /// From the BASIC screen number (5 to 8).
    pub fn from_number(n: u8) -> Option<Self> {
        [Self::Sc5, Self::Sc6, Self::Sc7, Self::Sc8]
            .into_iter()
            .find(|s| s.number() == n)
    }

    /// The BASIC screen number.
    pub fn number(self) -> u8 {
        match self {
            Self::Sc5 => 5,
            Self::Sc6 => 6,
            Self::Sc7 => 7,
            Self::Sc8 => 8,
        }
    }

    /// Pixels per line.
    pub fn width(self) -> u32 {
        match self {
            Self::Sc5 | Self::Sc8 => 256,
            Self::Sc6 | Self::Sc7 => 512,
        }
    }

    /// Bits per pixel.
    pub fn bits(self) -> u32 {
        match self {
            Self::Sc6 => 2,
            Self::Sc5 | Self::Sc7 => 4,
            Self::Sc8 => 8,
        }
    }

    /// How many colours a line can show at once.
    pub fn colours(self) -> usize {
        1 << self.bits()
    }

    /// Bytes per line.
    pub fn line_bytes(self) -> usize {
        (self.width() * self.bits() / 8) as usize
    }

    /// "SCREEN 5" … "SCREEN 8", for messages.
    pub fn name(self) -> &'static str {
        ["SCREEN 5", "SCREEN 6", "SCREEN 7", "SCREEN 8"][usize::from(self.number() - 5)]
    }

    /// Whether pixels are palette indices (all but SCREEN 8).
    pub fn has_palette(self) -> bool {
        self != Self::Sc8
    }
}

impl std::fmt::Display for Screen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A converted picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoded {
    /// The VRAM bytes, `line_bytes` per line.
    pub bytes: Vec<u8>,
    /// The palette the indices refer to (`None` for SCREEN 8).
    pub palette: Option<Palette>,
}

/// Converts a picture exactly `screen.width()` wide and 1 to 256 lines high.
pub fn encode(img: &image::RgbaImage, screen: Screen, opts: Options) -> Result<Encoded, GfxError> {
    if img.width() != screen.width() {
        return Err(GfxError::Width {
            screen,
            width: img.width(),
            want: screen.width(),
        });
    }
    if img.height() == 0 || img.height() > MAX_HEIGHT {
        return Err(GfxError::Height {
            screen,
            height: img.height(),
            max: MAX_HEIGHT,
        });
    }
    if screen == Screen::Sc8 {
        if opts.colors == Colors::Image {
            return Err(GfxError::FixedColours);
        }
        return Ok(Encoded {
            bytes: sc8_bytes(img, opts.quantize)?,
            palette: None,
        });
    }
    let Indexed { pixels, palette } = index_picture(img, screen, opts)?;
    Ok(Encoded {
        bytes: pack(&pixels, screen.bits()),
        palette: Some(palette),
    })
}

/// Packs indices of `bits` bits (2, 4 or 8: a mode's) into bytes, the left pixel in the
/// high bits.
pub(crate) fn pack(pixels: &[u8], bits: u32) -> Vec<u8> {
    let per_byte = (8 / bits) as usize;
    let mask = ((1u16 << bits) - 1) as u8;
    pixels
        .chunks(per_byte)
        .map(|group| {
            group.iter().enumerate().fold(0u8, |byte, (i, &p)| {
                let shift = 8 - bits as usize * (i + 1);
                byte | ((p & mask) << shift)
            })
        })
        .collect()
}

/// The indices in `bytes`, `bits` bits each (2, 4 or 8), the left pixel in the high bits.
pub(crate) fn unpack(bytes: &[u8], bits: u32) -> Vec<u8> {
    let per_byte = 8 / bits;
    let mask = ((1u16 << bits) - 1) as u8;
    bytes
        .iter()
        .flat_map(|&b| (1..=per_byte).map(move |i| (b >> (8 - bits * i)) & mask))
        .collect()
}

/// The SCREEN 8 byte of an 8-bit colour: green and red rounded to 3 bits; blue must
/// round to one of the levels 0, 2, 4, 7, or with `quantize` takes the nearest of them.
fn sc8_byte(c: [u8; 3], quantize: bool) -> Result<u8, u8> {
    let [r, g, b] = c;
    let b3 = level3(b);
    let b2 = match SC8_BLUE.iter().position(|&l| l == b3) {
        Some(i) => i as u8,
        None if quantize => (0..4u8)
            .min_by_key(|&i| (i16::from(level8(SC8_BLUE[usize::from(i)])) - i16::from(b)).abs())
            .unwrap_or(0),
        None => return Err(b3),
    };
    Ok((level3(g) << 5) | (level3(r) << 2) | b2)
}

fn sc8_bytes(img: &image::RgbaImage, quantize: bool) -> Result<Vec<u8>, GfxError> {
    img.enumerate_pixels()
        .map(|(x, y, p)| match pixel_of(p) {
            // Byte 0 is the colour SCREEN 8 shows as transparent (with R#8 TP off).
            Pixel::Clear => Ok(0),
            Pixel::Solid(c) => sc8_byte(c, quantize).map_err(|level| {
                // The first pixel with that colour, as the palette modes name it.
                let (x, y) = img
                    .enumerate_pixels()
                    .find(|(_, _, q)| pixel_of(q) == Pixel::Solid(c))
                    .map_or((x, y), |(x, y, _)| (x, y));
                GfxError::NotInScreen8 {
                    colour: Hex(c),
                    x,
                    y,
                    level,
                }
            }),
        })
        .collect()
}

/// The colour of a SCREEN 8 byte at the levels the emulator shows.
pub fn sc8_rgb(byte: u8) -> [u8; 3] {
    [
        level8((byte >> 2) & 7),
        level8(byte >> 5),
        level8(SC8_BLUE[usize::from(byte & 3)]),
    ]
}

/// Renders bitmap bytes (no header) as the screen shows them, each index in `palette`
/// (the power-on palette when `None`; ignored for SCREEN 8). Colour 0 is drawn as its
/// palette colour, as with a backdrop of colour 0.
pub fn decode(
    bytes: &[u8],
    screen: Screen,
    palette: Option<&Palette>,
) -> Result<image::RgbImage, GfxError> {
    let line = screen.line_bytes();
    if bytes.is_empty() || !bytes.len().is_multiple_of(line) || bytes.len() > line * 256 {
        return Err(GfxError::BitmapSize {
            len: bytes.len(),
            line,
        });
    }
    let palette = palette.unwrap_or(&POWER_ON);
    let colour = |v: u8| match screen {
        Screen::Sc8 => sc8_rgb(v),
        _ => palette[usize::from(v)].to_rgb8(),
    };
    let height = (bytes.len() / line) as u32;
    let pixels: Vec<u8> = unpack(bytes, screen.bits())
        .into_iter()
        .flat_map(colour)
        .collect();
    // The sizes match by construction: width · height pixels of 3 bytes.
    image::RgbImage::from_raw(screen.width(), height, pixels).ok_or(GfxError::BitmapSize {
        len: bytes.len(),
        line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_puts_the_left_pixel_high() {
        assert_eq!(pack(&[1, 2, 3, 0, 3, 3, 3, 3], 2), vec![0b0110_1100, 0xFF]);
        assert_eq!(pack(&[0xA, 0x5], 4), vec![0xA5]);
        assert_eq!(unpack(&[0b0110_1100], 2), vec![1, 2, 3, 0]);
        assert_eq!(unpack(&[0xA5], 4), vec![0xA, 5]);
        assert_eq!(unpack(&[0x7E], 8), vec![0x7E]);
    }

    #[test]
    fn screen_8_bytes_are_gggrrrbb() {
        // GGG RRR BB: green 7, red 1, blue level 4 (the third of 0, 2, 4, 7).
        assert_eq!(sc8_byte([36, 255, 145], false), Ok(0b1110_0110));
        assert_eq!(sc8_rgb(0b1110_0110), [36, 255, 145]);
        // Blue level 5 (182) is not a SCREEN 8 blue; the nearest is 145 (level 4).
        assert_eq!(sc8_byte([0, 0, 182], false), Err(5));
        assert_eq!(sc8_byte([0, 0, 182], true), Ok(0b10));
        for b in 0..=255u8 {
            let back = sc8_rgb(b);
            assert_eq!(sc8_byte(back, false), Ok(b), "byte {b:02X}");
        }
    }

    #[test]
    fn geometry_table() {
        let lines: Vec<usize> = [5, 6, 7, 8]
            .map(|n| Screen::from_number(n).unwrap().line_bytes())
            .to_vec();
        assert_eq!(lines, vec![128, 128, 256, 256]);
        assert_eq!(Screen::from_number(4), None);
    }
}
