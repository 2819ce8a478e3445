//! The disk interface of the Philips MSX2 machines as a slot device: the
//! 16 KB disk ROM at 0x4000–0x7FFF and the WD2793 registers at 0x7FF8–0x7FFF,
//! mirrored at 0xBFF8–0xBFFF (openMSX `PhilipsFDC.cc` and the NMS 8245
//! machine file: "rom only visible in page 1, FDC registers in both page 1
//! and 2"). Everything else in the slot reads 0xFF.

use super::store::{Line, Region, UNMAPPED};
use crate::fdc::PhilipsFdc;

/// The disk ROM + FDC device.
#[derive(Clone, Debug)]
pub struct DiskRom {
    pub rom: Region,
    pub fdc: PhilipsFdc,
}

/// True for the eight register addresses of a page.
fn is_register(addr: u16) -> bool {
    addr & 0x3FF8 == 0x3FF8
}

impl DiskRom {
    pub fn line(&self, line: u8) -> Line {
        match line {
            // The last line of pages 1 and 2 holds the registers.
            0x7F | 0xBF => Line::DEVICE,
            0x40..=0x7E => Line::rom(self.rom.start + (u32::from(line - 0x40) << 8)),
            _ => Line {
                read: UNMAPPED,
                write: super::store::SINK,
            },
        }
    }

    pub fn read(&mut self, addr: u16, now: u64, store: &[u8]) -> u8 {
        if is_register(addr) && (0x4000..0xC000).contains(&addr) {
            self.fdc.read(addr as u8 & 7, now)
        } else {
            self.peek_rom(addr, store)
        }
    }

    pub fn peek(&self, addr: u16, now: u64, store: &[u8]) -> u8 {
        if is_register(addr) && (0x4000..0xC000).contains(&addr) {
            self.fdc.peek(addr as u8 & 7, now)
        } else {
            self.peek_rom(addr, store)
        }
    }

    fn peek_rom(&self, addr: u16, store: &[u8]) -> u8 {
        if (0x4000..0x8000).contains(&addr) {
            store[(self.rom.start + u32::from(addr - 0x4000)) as usize]
        } else {
            0xFF
        }
    }

    pub fn write(&mut self, addr: u16, value: u8, now: u64) {
        if is_register(addr) && (0x4000..0xC000).contains(&addr) {
            self.fdc.write(addr as u8 & 7, value, now);
        }
    }
}
