//! Colours: the 16-entry 9-bit palette, and the fixed colour sets of GRAPHIC7.
//!
//! Palette entries are kept as `0b0000_0GGG_0RRR_0BBB` (openMSX's "GRB"
//! layout, the same bits as the two bytes written to port 0x9A).
//! Output pixels are `0x00RRGGBB`.

/// Power-on palette of the V9938 (data book appendix 8; openMSX
/// `V9938_PALETTE`). It is the V9938's rendition of the TMS9918 colours, so
/// MSX1 modes look as on an MSX1 until a program changes the palette.
pub const DEFAULT_PALETTE: [u16; 16] = [
    0x000, 0x000, 0x611, 0x733, 0x117, 0x327, 0x151, 0x627, 0x171, 0x373, 0x661, 0x664, 0x411,
    0x265, 0x555, 0x777,
];

/// The fixed sprite colours of GRAPHIC7 (SCREEN 8), GRB layout (openMSX
/// `GRAPHIC7_SPRITE_PALETTE`, from the data book).
pub const G7_SPRITE_PALETTE: [u16; 16] = [
    0x000, 0x002, 0x030, 0x032, 0x300, 0x302, 0x330, 0x332, 0x472, 0x007, 0x070, 0x077, 0x700,
    0x707, 0x770, 0x777,
];

/// A 3-bit intensity as 8 bits: v·255/7, rounded down (0, 36, 72, 109, …, 255).
pub fn level(v: u32) -> u32 {
    (v & 7) * 255 / 7
}

/// RGB of three 3-bit intensities.
pub fn rgb333(r: u32, g: u32, b: u32) -> u32 {
    (level(r) << 16) | (level(g) << 8) | level(b)
}

/// RGB of a palette entry in GRB layout.
pub fn grb_to_rgb(grb: u16) -> u32 {
    let grb = u32::from(grb);
    rgb333((grb >> 4) & 7, (grb >> 8) & 7, grb & 7)
}

/// RGB of a GRAPHIC7 pixel byte `GGGRRRBB`: blue's 2 bits stand for the
/// 3-bit levels 0, 2, 4, 7 (openMSX `PALETTE256`).
pub fn g7_to_rgb(byte: u8) -> u32 {
    G7_RGB[usize::from(byte)]
}

/// [`g7_to_rgb`] for every byte, computed at compile time.
static G7_RGB: [u32; 256] = g7_table();

const fn g7_table() -> [u32; 256] {
    let mut t = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u32;
        let blue = if b & 3 == 3 { 7 } else { (b & 3) * 2 };
        let (r, g) = ((b >> 2) & 7, b >> 5);
        t[i] = ((r * 255 / 7) << 16) | ((g * 255 / 7) << 8) | (blue * 255 / 7);
        i += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels() {
        let want = [0, 36, 72, 109, 145, 182, 218, 255];
        for (v, w) in want.iter().enumerate() {
            assert_eq!(level(v as u32), *w);
        }
    }

    #[test]
    fn default_palette_colours() {
        // Colour 2 (medium green) is R1 G6 B1; colour 15 is white.
        assert_eq!(grb_to_rgb(DEFAULT_PALETTE[2]), (36 << 16) | (218 << 8) | 36);
        assert_eq!(grb_to_rgb(DEFAULT_PALETTE[15]), 0xFF_FF_FF);
        assert_eq!(grb_to_rgb(DEFAULT_PALETTE[4]), (36 << 16) | (36 << 8) | 255);
    }

    #[test]
    fn graphic7_colours() {
        assert_eq!(g7_to_rgb(0xFF), 0xFF_FF_FF);
        assert_eq!(g7_to_rgb(0x03), 0x00_00_FF);
        assert_eq!(g7_to_rgb(0x01), 72); // blue 1 -> level 2
        assert_eq!(g7_to_rgb(0x1C), 0xFF_00_00);
        assert_eq!(g7_to_rgb(0xE0), 0x00_FF_00);
    }
}
