//! The assembled disk ROM: header, driver entry table, and the controller's
//! register window left free.

use msx_bios::disk_rom;

fn word(rom: &[u8], at: usize) -> u16 {
    u16::from(rom[at]) | u16::from(rom[at + 1]) << 8
}

#[test]
fn header_and_driver_entries() {
    let rom = disk_rom();
    assert_eq!(rom.len(), 0x4000);
    assert_eq!(&rom[0..2], b"AB");
    let init = word(rom, 2);
    assert!((0x4022..0x7FF0).contains(&init), "INIT at {init:04X}h");
    let statement = word(rom, 4);
    assert!(
        (0x4022..0x7FF0).contains(&statement),
        "CALL FORMAT and CALL SYSTEM at {statement:04X}h"
    );
    assert_eq!(word(rom, 6), 0, "no device");
    assert_eq!(word(rom, 8), 0, "no BASIC text");
    // DSKIO, DSKCHG, GETDPB, CHOICE, DSKFMT, DSKSTP: JP into the ROM.
    for (i, at) in (0x10..0x22).step_by(3).enumerate() {
        assert_eq!(rom[at], 0xC3, "entry {i} at {:04X}h", 0x4000 + at);
        let target = word(rom, at + 1);
        assert!(
            (0x4022..0x7FF0).contains(&target),
            "entry {i} jumps to {target:04X}h"
        );
    }
}

#[test]
fn controller_window_holds_no_code() {
    // 7FF8h-7FFFh are the WD2793's registers in this slot: the ROM's own
    // bytes there are never seen.
    assert!(disk_rom()[0x3FF0..].iter().all(|&b| b == 0xFF));
}
