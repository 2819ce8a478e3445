//! Devices whose bytes never move: a ROM at a fixed address, plain RAM
//! without a mapper.

use super::store::{Line, Region};

/// A ROM image at a fixed address of its slot (BIOS, SUB-ROM, logo ROM).
/// Addresses outside the image read 0xFF; writes are ignored.
#[derive(Clone, Debug)]
pub struct FixedRom {
    pub base: u32,
    pub len: u32,
    pub region: Region,
}

impl FixedRom {
    pub fn line(&self, line: u8) -> Line {
        let addr = u32::from(line) << 8;
        if addr >= self.base && addr < self.base + self.len {
            Line::rom(self.region.start + (addr - self.base))
        } else {
            Line::EMPTY
        }
    }
}

/// Plain RAM from `base` for `len` bytes (MSX1-style, no mapper).
#[derive(Clone, Debug)]
pub struct FixedRam {
    pub base: u32,
    pub len: u32,
    pub region: Region,
}

impl FixedRam {
    pub fn line(&self, line: u8) -> Line {
        let addr = u32::from(line) << 8;
        if addr >= self.base && addr < self.base + self.len {
            Line::ram(self.region.start + (addr - self.base))
        } else {
            Line::EMPTY
        }
    }
}
