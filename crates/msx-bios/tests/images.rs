//! The assembled images: sizes, headers, fixed data, and every standard entry
//! at its standard address jumping to code that does what the coverage table
//! (`msx_bios::entries`) says.

use msx_bios::entries::{self, Status};
use msx_bios::{main_rom, sub_rom};

fn word(rom: &[u8], at: usize) -> usize {
    usize::from(rom[at]) | usize::from(rom[at + 1]) << 8
}

/// The first bytes of a routine that returns at once: RET, XOR A/RET, SCF/RET.
fn returns_at_once(rom: &[u8], at: usize) -> bool {
    matches!(&rom[at..at + 2], [0xC9, _] | [0xAF, 0xC9] | [0x37, 0xC9])
}

#[test]
fn sizes() {
    assert_eq!(main_rom().len(), 0x8000);
    assert_eq!(sub_rom().len(), 0x8000);
    assert_eq!(&sub_rom()[..2], b"CD", "the SUB-ROM in page 0");
    assert_eq!(
        &sub_rom()[0x4000..0x4002],
        b"AB",
        "the BASIC extension in page 1"
    );
}

#[test]
fn main_rom_fixed_data() {
    let rom = main_rom();
    assert_eq!(&rom[0..2], &[0xF3, 0xC3], "CHKRAM: DI / JP");
    assert_eq!(rom[6], 0x98, "VDP read port");
    assert_eq!(rom[7], 0x98, "VDP write port");
    assert_eq!(rom[0x2D], 1, "MSX version: MSX2");
    assert_eq!(rom[0x2B] & 0x0F, 1, "international character set");
    assert_eq!(rom[0x2C] & 0x0F, 1, "international keyboard");
    assert_eq!(
        word(rom, 4),
        0x1BBF,
        "CGTABL: the font where the original has it"
    );
    // The interrupt handler tail that some games jump to.
    assert_eq!(rom[0x0D01], 0xC9);
    assert_eq!(&rom[0x0D02..0x0D04], &[0xDD, 0xE1], "POP IX at 0D02h");
    assert_eq!(&rom[0x0D10..0x0D12], &[0xFB, 0xC9], "EI / RET ends it");
    // No "AB" header in page 1 (the BASIC interpreter): the ROM search must
    // not call into us.
    assert_ne!(&rom[0x4000..0x4002], b"AB");
    // Page 1 is MSX-BASIC: its fixed-code error entries fall into ERROR at
    // 406Fh (LD E,code then LD BC,nn swallowing the next LD E), and the
    // BDOS entry 7FFDh is JP F37Dh (fact sheet msx-basic-interpreter.md §8).
    assert_eq!(&rom[0x4055..0x4058], &[0x1E, 2, 0x01], "Syntax error");
    assert_eq!(&rom[0x406D..0x406F], &[0x1E, 13], "Type mismatch");
    for at in [
        0x406F, 0x409B, 0x4601, 0x4666, 0x4C64, 0x521C, 0x542F, 0x5EA4, 0x67D0,
    ] {
        assert_eq!(rom[at], 0xC3, "{at:04X}h is a jump");
    }
    assert_eq!(&rom[0x7FFD..], &[0xC3, 0x7D, 0xF3]);
}

#[test]
fn main_rom_entries_jump_into_page_0() {
    let rom = main_rom();
    for entry in entries::MAIN {
        let at = usize::from(entry.addr);
        let jp = if entry.name == "CHKRAM" { at + 1 } else { at };
        assert_eq!(rom[jp], 0xC3, "{} at {:04X}h is not a JP", entry.name, at);
        let target = word(rom, jp + 1);
        assert!(
            (0x01B6..0x4000).contains(&target),
            "{} jumps to {:04X}h, outside page 0 code",
            entry.name,
            target
        );
        let harmless = returns_at_once(rom, target);
        match entry.status {
            Status::Harmless => assert!(harmless, "{} should return at once", entry.name),
            Status::Implemented => assert!(!harmless, "{} is only a stub", entry.name),
        }
    }
}

#[test]
fn main_rom_reserved_area_returns() {
    let rom = main_rom();
    // After the last entry (018Ch) up to 01B5h: RETs, so stray calls are harmless.
    assert!(rom[0x018C..0x01B6].iter().all(|&b| b == 0xC9));
}

#[test]
fn sub_rom_header_and_entries() {
    let rom = sub_rom();
    assert_eq!(&rom[0..2], b"CD");
    assert_eq!(rom[0x38], 0xC3, "interrupt entry");
    assert_eq!(rom[0x66], 0xC3, "NMI entry");
    for entry in entries::SUB {
        let at = usize::from(entry.addr);
        assert_eq!(
            &rom[at..at + 2],
            &[0xFB, 0xC3],
            "{} at {:04X}h is not EI / JP",
            entry.name,
            at
        );
        let target = word(rom, at + 2);
        assert!((0x0200..0x4000).contains(&target), "{} target", entry.name);
        let harmless = returns_at_once(rom, target);
        match entry.status {
            Status::Harmless => assert!(harmless, "{} should return at once", entry.name),
            Status::Implemented => assert!(!harmless, "{} is only a stub", entry.name),
        }
    }
}

#[test]
fn entry_tables_have_the_standard_spacing() {
    // From 003Bh on, main-ROM entries are three bytes apart; SUB-ROM entries four.
    let main: Vec<u16> = entries::MAIN
        .iter()
        .map(|e| e.addr)
        .filter(|&a| a >= 0x3B)
        .collect();
    assert!(main
        .windows(2)
        .all(|w| w[1] - w[0] == 3 || (w[0], w[1]) == (0x0062, 0x0066)));
    assert_eq!(main.last(), Some(&0x0189));
    let sub: Vec<u16> = entries::SUB.iter().map(|e| e.addr).collect();
    assert_eq!(sub.first(), Some(&0x0069));
    assert!(sub
        .windows(2)
        .all(|w| w[1] - w[0] == 4 || (w[0], w[1]) == (0x01BD, 0x01F5)));
    assert_eq!(sub.last(), Some(&0x01F9));
}

#[test]
fn well_known_entries_are_where_programs_call_them() {
    for (name, addr) in [
        ("RDSLT", 0x000C),
        ("CALSLT", 0x001C),
        ("ENASLT", 0x0024),
        ("WRTVDP", 0x0047),
        ("CHGMOD", 0x005F),
        ("CHSNS", 0x009C),
        ("CHGET", 0x009F),
        ("CHPUT", 0x00A2),
        ("BEEP", 0x00C0),
        ("CLS", 0x00C3),
        ("POSIT", 0x00C6),
        ("GTSTCK", 0x00D5),
        ("GTTRIG", 0x00D8),
        ("SNSMAT", 0x0141),
        ("KILBUF", 0x0156),
        ("EXTROM", 0x015F),
        ("NWRVRM", 0x0177),
        ("NVBXLN", 0x00C9),
        ("SETPLT", 0x014D),
        ("BLTVV", 0x0191),
        ("CHGMDP", 0x01B5),
        ("REDCLK", 0x01F5),
    ] {
        let entry = entries::find(name).unwrap_or_else(|| panic!("{name} missing"));
        assert_eq!(entry.addr, addr, "{name}");
    }
}
