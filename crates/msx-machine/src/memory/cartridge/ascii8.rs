//! ASCII 8 KB mapper (many Japanese cartridges: Valis, Dragon Slayer…).
//!
//! Four 8 KB banks at 0x4000, 0x6000, 0x8000, 0xA000, selected by writing
//! the block number to 0x6000–0x67FF, 0x6800–0x6FFF, 0x7000–0x77FF,
//! 0x7800–0x7FFF (games use 0x6000/0x6800/0x7000/0x7800). Power-on: block 0
//! in all four banks; nothing in pages 0 and 3 (openMSX `RomAscii8kB.cc`).

use super::Banks;

pub(super) fn reset(banks: &mut Banks) {
    for region in 0..8 {
        if (2..6).contains(&region) {
            banks.set(region, 0);
        } else {
            banks.unmap(region);
        }
    }
}

pub(super) fn is_register(addr: u16) -> bool {
    (0x6000..0x8000).contains(&addr)
}

pub(super) fn write(banks: &mut Banks, addr: u16, value: u8) -> bool {
    if !is_register(addr) {
        return false;
    }
    let region = usize::from((addr >> 11) & 3) + 2;
    banks.set(region, u32::from(value));
    true
}
