//! Screen modes: how the mode bits M1–M5 of R#0/R#1 select a mode, and the
//! few properties of a mode the rest of the chip asks about.
//!
//! The mode number is the 5-bit value `M5 M4 M3 M2 M1` (openMSX calls it the
//! display-mode byte), so every combination — including the meaningless ones,
//! which a program can still write — has a defined behaviour.

/// A display mode, identified by its mode bits `M5 M4 M3 M2 M1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mode(u8);

impl Mode {
    /// GRAPHIC1 (SCREEN 1).
    pub const GRAPHIC1: Mode = Mode(0x00);
    /// TEXT1 (SCREEN 0, WIDTH 40).
    pub const TEXT1: Mode = Mode(0x01);
    /// MULTICOLOR (SCREEN 3).
    pub const MULTICOLOR: Mode = Mode(0x02);
    /// GRAPHIC2 (SCREEN 2).
    pub const GRAPHIC2: Mode = Mode(0x04);
    /// GRAPHIC3 (SCREEN 4).
    pub const GRAPHIC3: Mode = Mode(0x08);
    /// TEXT2 (SCREEN 0, WIDTH 80).
    pub const TEXT2: Mode = Mode(0x09);
    /// GRAPHIC4 (SCREEN 5).
    pub const GRAPHIC4: Mode = Mode(0x0C);
    /// GRAPHIC5 (SCREEN 6).
    pub const GRAPHIC5: Mode = Mode(0x10);
    /// GRAPHIC6 (SCREEN 7).
    pub const GRAPHIC6: Mode = Mode(0x14);
    /// GRAPHIC7 (SCREEN 8).
    pub const GRAPHIC7: Mode = Mode(0x1C);

    /// The mode selected by R#0 (M5–M3 in bits 3–1) and R#1 (M1 bit 4, M2 bit 3).
    pub fn from_regs(r0: u8, r1: u8) -> Mode {
        Mode(((r0 & 0x0E) << 1) | ((r1 & 0x08) >> 2) | ((r1 & 0x10) >> 4))
    }

    /// The raw mode bits `M5 M4 M3 M2 M1`.
    pub fn bits(self) -> u8 {
        self.0
    }

    /// TEXT1 or TEXT2 (and the undocumented TEXT1 variant with M3 set).
    pub fn is_text(self) -> bool {
        matches!(self.0, 0x01 | 0x05 | 0x09)
    }

    /// G4–G7 and the unnamed modes above them: the VRAM is a bitmap.
    pub fn is_bitmap(self) -> bool {
        self.0 >= 0x0C
    }

    /// G6/G7 store even bytes in the first 64 KB and odd bytes in the second.
    pub fn is_planar(self) -> bool {
        self.0 & 0x14 == 0x14
    }

    /// The V9938-only modes, in which the VRAM address counter carries into R#14.
    pub fn is_v9938(self) -> bool {
        self.0 & 0x18 != 0
    }

    /// 512 pixels per line (TEXT2 counts its 480 pixels as a 512 mode).
    pub fn is_wide(self) -> bool {
        matches!(self, Mode::TEXT2 | Mode::GRAPHIC5 | Mode::GRAPHIC6)
    }

    /// Sprite mode: 0 (none), 1 (TMS9918 sprites) or 2 (V9938 sprites).
    pub fn sprite_mode(self) -> u8 {
        match self {
            Mode::GRAPHIC1 | Mode::MULTICOLOR | Mode::GRAPHIC2 => 1,
            Mode::GRAPHIC3 | Mode::GRAPHIC4 | Mode::GRAPHIC5 | Mode::GRAPHIC6 | Mode::GRAPHIC7 => 2,
            _ => 0,
        }
    }

    /// The command engine geometry of this mode, or `None` where the V9938
    /// refuses commands (every non-bitmap mode).
    pub fn command_mode(self) -> Option<CmdMode> {
        match self {
            Mode::GRAPHIC4 => Some(CmdMode::G4),
            Mode::GRAPHIC5 => Some(CmdMode::G5),
            Mode::GRAPHIC6 => Some(CmdMode::G6),
            Mode::GRAPHIC7 => Some(CmdMode::G7),
            _ => None,
        }
    }

    /// A short name for debugging output and documentation.
    pub fn name(self) -> &'static str {
        match self {
            Mode::GRAPHIC1 => "GRAPHIC1",
            Mode::TEXT1 => "TEXT1",
            Mode::MULTICOLOR => "MULTICOLOR",
            Mode::GRAPHIC2 => "GRAPHIC2",
            Mode::GRAPHIC3 => "GRAPHIC3",
            Mode::TEXT2 => "TEXT2",
            Mode::GRAPHIC4 => "GRAPHIC4",
            Mode::GRAPHIC5 => "GRAPHIC5",
            Mode::GRAPHIC6 => "GRAPHIC6",
            Mode::GRAPHIC7 => "GRAPHIC7",
            _ => "undefined",
        }
    }
}

/// The four bitmap modes in which the command engine works, with the
/// geometry of their VRAM "sheet" in command coordinates.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmdMode {
    /// SCREEN 5: 256 × 1024 pixels of 4 bits.
    G4,
    /// SCREEN 6: 512 × 1024 pixels of 2 bits.
    G5,
    /// SCREEN 7: 512 × 512 pixels of 4 bits, planar.
    G6,
    /// SCREEN 8: 256 × 512 pixels of 8 bits, planar.
    G7,
}

impl CmdMode {
    /// Pixels per line of the sheet.
    pub fn width(self) -> u32 {
        match self {
            CmdMode::G4 | CmdMode::G7 => 256,
            CmdMode::G5 | CmdMode::G6 => 512,
        }
    }

    /// log2 of the pixels per byte.
    pub fn ppb_shift(self) -> u32 {
        match self {
            CmdMode::G4 | CmdMode::G6 => 1,
            CmdMode::G5 => 2,
            CmdMode::G7 => 0,
        }
    }

    /// The bits of a colour that make up one pixel.
    #[inline]
    pub fn color_mask(self) -> u8 {
        match self {
            CmdMode::G4 | CmdMode::G6 => 0x0F,
            CmdMode::G5 => 0x03,
            CmdMode::G7 => 0xFF,
        }
    }

    /// The physical VRAM address of the byte holding pixel (x, y).
    ///
    /// G4/G5 address 1024 lines of 128 bytes; G6/G7 512 lines of 256 bytes
    /// spread over the two 64 KB banks (even bytes in bank 0).
    #[inline]
    pub fn address_of(self, x: u32, y: u32) -> u32 {
        match self {
            CmdMode::G4 => ((y & 1023) << 7) | ((x & 255) >> 1),
            CmdMode::G5 => ((y & 1023) << 7) | ((x & 511) >> 2),
            CmdMode::G6 => ((x & 2) << 15) | ((y & 511) << 7) | ((x & 511) >> 2),
            CmdMode::G7 => ((x & 1) << 16) | ((y & 511) << 7) | ((x & 255) >> 1),
        }
    }

    /// The shift that brings pixel x's bits to the bottom of its byte
    /// (the leftmost pixel sits in the high bits).
    #[inline]
    pub fn pixel_shift(self, x: u32) -> u32 {
        match self {
            CmdMode::G4 | CmdMode::G6 => ((!x) & 1) << 2,
            CmdMode::G5 => ((!x) & 3) << 1,
            CmdMode::G7 => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bios_register_values_select_the_documented_modes() {
        // (R#0, R#1) as the BIOS writes them for SCREEN 0..8 (Handbook table).
        let cases = [
            (0x00, 0x50, Mode::TEXT1),
            (0x04, 0x50, Mode::TEXT2),
            (0x00, 0x60, Mode::GRAPHIC1),
            (0x02, 0x60, Mode::GRAPHIC2),
            (0x00, 0x68, Mode::MULTICOLOR),
            (0x04, 0x60, Mode::GRAPHIC3),
            (0x06, 0x60, Mode::GRAPHIC4),
            (0x08, 0x60, Mode::GRAPHIC5),
            (0x0A, 0x60, Mode::GRAPHIC6),
            (0x0E, 0x60, Mode::GRAPHIC7),
        ];
        for (r0, r1, mode) in cases {
            assert_eq!(Mode::from_regs(r0, r1), mode, "R#0={r0:02X} R#1={r1:02X}");
        }
    }

    #[test]
    fn mode_properties() {
        assert!(Mode::TEXT2.is_v9938() && Mode::GRAPHIC3.is_v9938());
        assert!(!Mode::GRAPHIC2.is_v9938() && !Mode::TEXT1.is_v9938());
        assert!(Mode::GRAPHIC6.is_planar() && Mode::GRAPHIC7.is_planar());
        assert!(!Mode::GRAPHIC4.is_planar() && !Mode::GRAPHIC5.is_planar());
        assert_eq!(Mode::GRAPHIC2.sprite_mode(), 1);
        assert_eq!(Mode::GRAPHIC3.sprite_mode(), 2);
        assert_eq!(Mode::TEXT1.sprite_mode(), 0);
        assert_eq!(Mode::GRAPHIC1.command_mode(), None);
    }

    #[test]
    fn command_addresses() {
        // SCREEN 5 page 1 starts at 0x8000 = line 256.
        assert_eq!(CmdMode::G4.address_of(0, 256), 0x8000);
        assert_eq!(CmdMode::G4.address_of(255, 1), 128 + 127);
        // SCREEN 6: 4 pixels per byte.
        assert_eq!(CmdMode::G5.address_of(511, 0), 127);
        // SCREEN 8: pixel 1 of line 0 is the CPU's byte 1 = physical 0x10000.
        assert_eq!(CmdMode::G7.address_of(1, 0), 0x10000);
        assert_eq!(CmdMode::G7.address_of(2, 1), 0x81);
        // SCREEN 7: pixels 2,3 are CPU byte 1 = physical 0x10000.
        assert_eq!(CmdMode::G6.address_of(2, 0), 0x10000);
        assert_eq!(CmdMode::G6.address_of(4, 0), 1);
    }
}
