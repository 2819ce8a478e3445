//! ASCII 16 KB mapper (Xevious, Fantasy Zone 2, Androgynus…).
//!
//! Two 16 KB banks at 0x4000 and 0x8000, selected by writing the block number
//! to 0x6000–0x67FF and 0x7000–0x77FF (games use 0x6000, 0x7000 and 0x77FF);
//! 0x6800–0x6FFF and 0x7800–0x7FFF do nothing. Power-on: block 0 in both;
//! nothing in pages 0 and 3 (openMSX `RomAscii16kB.cc`).

use super::Banks;

pub(super) fn reset(banks: &mut Banks) {
    banks.unmap(0);
    banks.set(1, 0);
    banks.set(2, 0);
    banks.unmap(3);
}

pub(super) fn is_register(addr: u16) -> bool {
    (0x6000..0x7800).contains(&addr) && addr & 0x0800 == 0
}

pub(super) fn write(banks: &mut Banks, addr: u16, value: u8) -> bool {
    if !is_register(addr) {
        return false;
    }
    let region = usize::from((addr >> 12) & 1) + 1;
    banks.set(region, u32::from(value));
    true
}
