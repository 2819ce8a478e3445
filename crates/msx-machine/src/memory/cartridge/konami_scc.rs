//! Konami mapper with SCC (Nemesis 2 and 3, King's Valley 2, Space Manbow…).
//!
//! Four 8 KB banks at 0x4000, 0x6000, 0x8000, 0xA000, selected by writes to
//! 0x5000–0x57FF, 0x7000–0x77FF, 0x9000–0x97FF, 0xB000–0xB7FF (any address
//! with A12 = 1 and A11 = 0 in 0x5000–0xBFFF). Writing a value whose low six
//! bits are all 1 (0x3F) to 0x9000–0x97FF makes the SCC appear at
//! 0x9800–0x9FFF; any other value hides it. Mirrors: 0x4000–0x7FFF also in
//! 0xC000–0xFFFF, 0x8000–0xBFFF also in 0x0000–0x3FFF (openMSX
//! `RomKonamiSCC.cc`). Power-on: blocks 0, 1, 2, 3, SCC hidden.

use super::Banks;

fn switch(banks: &mut Banks, region: usize, block: u32) {
    banks.set(region, block);
    let mirror = if region < 4 { region + 4 } else { region - 4 };
    banks.set(mirror, block);
}

pub(super) fn reset(banks: &mut Banks) {
    for region in 2..6 {
        switch(banks, region, region as u32 - 2);
    }
}

pub(super) fn is_register(addr: u16) -> bool {
    (0x5000..0xC000).contains(&addr)
        && (addr & 0x1800 == 0x1000 || addr & 0xF800 == 0x9000 || (0x9800..0xA000).contains(&addr))
}

/// Returns (banks changed, new SCC enable state if the write was to the
/// enable register).
pub(super) fn write(banks: &mut Banks, addr: u16, value: u8) -> (bool, Option<bool>) {
    if !(0x5000..0xC000).contains(&addr) {
        return (false, None);
    }
    let enable = (addr & 0xF800 == 0x9000).then_some(value & 0x3F == 0x3F);
    let mut changed = false;
    if addr & 0x1800 == 0x1000 {
        switch(banks, usize::from(addr >> 13), u32::from(value));
        changed = true;
    }
    (changed, enable)
}
