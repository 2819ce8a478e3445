//! Konami mapper without SCC (Nemesis, Penguin Adventure, Metal Gear, Usas…).
//!
//! 0x4000–0x5FFF is fixed to block 0; the 8 KB banks at 0x6000, 0x8000 and
//! 0xA000 are selected by writing anywhere in them (games use 0x6000, 0x8000,
//! 0xA000). The chip decodes 256 KB (block numbers wrap at 32). Pages 1 and
//! 2 are mirrored: 0x0000–0x3FFF shows what 0x4000–0x7FFF shows, 0xC000–0xFFFF
//! what 0x8000–0xBFFF shows (openMSX `RomKonami.cc`; note the mirror differs
//! from Konami SCC). Power-on: blocks 0, 1, 2, 3.

use super::Banks;

fn switch(banks: &mut Banks, region: usize, block: u32) {
    banks.set(region, block);
    let mirror = if region < 4 { region - 2 } else { region + 2 };
    banks.set(mirror, block);
}

pub(super) fn reset(banks: &mut Banks) {
    banks.mask = 31;
    for region in 2..6 {
        switch(banks, region, region as u32 - 2);
    }
}

pub(super) fn is_register(addr: u16) -> bool {
    (0x6000..0xC000).contains(&addr)
}

pub(super) fn write(banks: &mut Banks, addr: u16, value: u8) -> bool {
    if !is_register(addr) {
        return false;
    }
    switch(banks, usize::from(addr >> 13), u32::from(value));
    true
}
