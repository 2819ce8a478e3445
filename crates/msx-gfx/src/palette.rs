//! Colours as the V9938 palette holds them (3 bits per channel), the MSX2 power-on
//! palette, and `.pal` files (16 entries of the two bytes written to port 0x9A).

use crate::GfxError;

/// A colour with 3 bits per channel, as the V9938 palette holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Rgb3 {
    pub r: u8,
    pub g: u8,
    pub b: u8,
}

/// 16 palette entries.
pub type Palette = [Rgb3; 16];

const fn rgb3(r: u8, g: u8, b: u8) -> Rgb3 {
    Rgb3 { r, g, b }
}

/// The V9938's power-on palette (its rendition of the TMS9918 colours; the data book's
/// appendix 8). Entry 0 is the transparent colour, shown black.
pub const POWER_ON: Palette = [
    rgb3(0, 0, 0),
    rgb3(0, 0, 0),
    rgb3(1, 6, 1),
    rgb3(3, 7, 3),
    rgb3(1, 1, 7),
    rgb3(2, 3, 7),
    rgb3(5, 1, 1),
    rgb3(2, 6, 7),
    rgb3(7, 1, 1),
    rgb3(7, 3, 3),
    rgb3(6, 6, 1),
    rgb3(6, 6, 4),
    rgb3(1, 4, 1),
    rgb3(6, 2, 5),
    rgb3(5, 5, 5),
    rgb3(7, 7, 7),
];

/// A 3-bit level as 8 bits, as the emulator shows it: l · 255 / 7, rounded down.
pub fn level8(l: u8) -> u8 {
    (u32::from(l & 7) * 255 / 7) as u8
}

/// The nearest 3-bit level of an 8-bit channel: round(v · 7 / 255). Both usual
/// expansions back to 8 bits (l · 255 / 7 either way rounded, `l<<5 | l<<2 | l>>1`)
/// come back exact.
pub fn level3(v: u8) -> u8 {
    ((u32::from(v) * 7 + 127) / 255) as u8
}

impl Rgb3 {
    /// Each channel rounded to its nearest 3-bit level.
    pub fn from_rgb8([r, g, b]: [u8; 3]) -> Self {
        Self {
            r: level3(r),
            g: level3(g),
            b: level3(b),
        }
    }

    /// 8 bits per channel as the emulator shows it.
    pub fn to_rgb8(self) -> [u8; 3] {
        [level8(self.r), level8(self.g), level8(self.b)]
    }

    /// The two bytes written to port 0x9A: `0RRR 0BBB`, then `0000 0GGG`.
    pub fn port_bytes(self) -> [u8; 2] {
        [(self.r << 4) | self.b, self.g]
    }

    /// From the two port 0x9A bytes (the bits the VDP ignores are ignored).
    pub fn from_port_bytes([rb, g]: [u8; 2]) -> Self {
        Self {
            r: (rb >> 4) & 7,
            g: g & 7,
            b: rb & 7,
        }
    }
}

/// The 32 bytes of a `.pal` file.
pub fn to_pal_bytes(palette: &Palette) -> Vec<u8> {
    palette.iter().flat_map(|c| c.port_bytes()).collect()
}

/// A `.pal` file's palette; anything but 32 bytes is refused.
pub fn from_pal_bytes(data: &[u8]) -> Result<Palette, GfxError> {
    if data.len() != 32 {
        return Err(GfxError::PaletteSize(data.len()));
    }
    let mut pal = [Rgb3::default(); 16];
    for (entry, bytes) in pal.iter_mut().zip(data.chunks_exact(2)) {
        *entry = Rgb3::from_port_bytes([bytes[0], bytes[1]]);
    }
    Ok(pal)
}

fn dist2(a: [u8; 3], b: [u8; 3]) -> i32 {
    (0..3)
        .map(|i| (i32::from(a[i]) - i32::from(b[i])).pow(2))
        .sum()
}

/// The entry of `palette` nearest to an 8-bit colour (squared RGB distance, the entries
/// taken at the levels the emulator shows; the first of equals wins).
pub fn nearest(palette: &[Rgb3], c: [u8; 3]) -> usize {
    (0..palette.len())
        .min_by_key(|&i| dist2(palette[i].to_rgb8(), c))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_bit_levels_round_trip() {
        for v in 0..8u8 {
            let c = rgb3(v, v, v);
            assert_eq!(Rgb3::from_rgb8(c.to_rgb8()), c);
            // The other common expansion, (v << 5) | (v << 2) | (v >> 1), too.
            let e = (v << 5) | (v << 2) | (v >> 1);
            assert_eq!(Rgb3::from_rgb8([e, e, e]), c);
        }
        // Half way between levels 3 (109) and 4 (145): 127 · 7 / 255 = 3.49 → 3.
        assert_eq!(Rgb3::from_rgb8([127, 128, 0]), rgb3(3, 4, 0));
    }

    #[test]
    fn port_bytes_are_rb_then_g() {
        assert_eq!(rgb3(5, 6, 3).port_bytes(), [0x53, 0x06]);
        assert_eq!(Rgb3::from_port_bytes([0xD3, 0xF6]), rgb3(5, 6, 3));
    }

    #[test]
    fn pal_files_are_32_bytes() {
        let bytes = to_pal_bytes(&POWER_ON);
        assert_eq!(&bytes[4..8], &[0x11, 6, 0x33, 7]);
        assert_eq!(from_pal_bytes(&bytes), Ok(POWER_ON));
        assert_eq!(from_pal_bytes(&bytes[1..]), Err(GfxError::PaletteSize(31)));
    }
}
