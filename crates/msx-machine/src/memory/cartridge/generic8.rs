//! Generic 8 KB mapper: four 8 KB banks at 0x4000–0xBFFF, each selected by a
//! write anywhere inside it. Power-on: blocks 0, 1, 2, 3; nothing in pages 0
//! and 3 (openMSX `RomGeneric8kB.cc`). It is what detection falls back to
//! when a large ROM shows no known mapper write.

use super::Banks;

pub(super) fn reset(banks: &mut Banks) {
    for region in 0..8 {
        if (2..6).contains(&region) {
            banks.set(region, region as u32 - 2);
        } else {
            banks.unmap(region);
        }
    }
}

pub(super) fn is_register(addr: u16) -> bool {
    (0x4000..0xC000).contains(&addr)
}

pub(super) fn write(banks: &mut Banks, addr: u16, value: u8) -> bool {
    if !is_register(addr) {
        return false;
    }
    banks.set(usize::from(addr >> 13), u32::from(value));
    true
}
