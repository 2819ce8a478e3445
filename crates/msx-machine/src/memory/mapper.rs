//! The MSX2 memory mapper: RAM cut into 16 KB segments, one segment register
//! per page at I/O ports 0xFC (page 0) to 0xFF (page 3).
//!
//! Facts (openMSX `MSXMemoryMapperBase.cc`, MSX2 Technical Handbook ch. 5):
//! a register keeps only the bits that can address a segment (the size is a
//! power of two), and reads back with the unused high bits set to 1, as real
//! mapper chips do (a 128 KB mapper written 0x03 reads 0xFB). Power-on value
//! of every register is 0; the BIOS sets 3, 2, 1, 0.

use super::store::{Line, Region};

/// The smallest and largest mapper sizes in KB.
pub const MIN_KB: u32 = 16;
/// See [`MIN_KB`].
pub const MAX_KB: u32 = 4096;

/// Mapper RAM.
#[derive(Clone, Debug)]
pub struct MapperRam {
    pub region: Region,
    /// Number of 16 KB segments (a power of two).
    pub segments: u32,
    /// Segment registers of pages 0–3, already masked.
    pub regs: [u8; 4],
}

impl MapperRam {
    pub fn new(region: Region, segments: u32) -> Self {
        Self {
            region,
            segments,
            regs: [0; 4],
        }
    }

    fn mask(&self) -> u8 {
        // segments ≤ 256, a power of two: the mask fits a byte.
        (self.segments - 1) as u8
    }

    pub fn line(&self, line: u8) -> Line {
        let page = usize::from(line >> 6);
        let segment = u32::from(self.regs[page]);
        let offset = segment * 0x4000 + (u32::from(line & 0x3F) << 8);
        Line::ram(self.region.start + offset)
    }

    /// Value read from port 0xFC + `page`.
    pub fn read_port(&self, page: usize) -> u8 {
        self.regs[page & 3] | !self.mask()
    }

    /// Write to port 0xFC + `page`.
    pub fn write_port(&mut self, page: usize, value: u8) {
        self.regs[page & 3] = value & self.mask();
    }
}
