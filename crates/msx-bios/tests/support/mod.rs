//! Shared by the tests that run the free BIOS on the machine: test programs
//! assembled with `z80-asm`, machines with and without the disk ROM, disks
//! made with `msx-disk`.
#![allow(dead_code)]

use msx_disk::{Disk, Format, Timestamp};
use msx_machine::machine::{Machine, MachineConfig, RunOutcome, Until};
use msx_machine::memory::MachineLayout;

/// BIOS entries, system variables and the BDOS entry that test programs use
/// (standard addresses, `msx-hardware.md`).
pub const EQUS: &str = "
CHGMOD  equ 005Fh
CHGCLR  equ 0062h
CHSNS   equ 009Ch
CHGET   equ 009Fh
CHPUT   equ 00A2h
POSIT   equ 00C6h
CLS     equ 00C3h
PHYDIO  equ 0144h
EXTROM  equ 015Fh
BDOS    equ 0F37Dh
HIMEM   equ 0FC4Ah
RAMAD1  equ 0F342h
CSRY    equ 0F3DCh
CSRX    equ 0F3DDh
JIFFY   equ 0FC9Eh
";

/// The routine test programs print with: `print` writes the text at HL up
/// to its 0 byte with CHPUT and returns. Append it to a program
/// (`format!("{program}{PRINT}")`).
pub const PRINT: &str = "
print:  ld a,(hl)
        or a
        ret z
        call CHPUT
        inc hl
        jr print
";

/// Assembles `source` (with [`EQUS`] in front); returns the bytes and their
/// origin.
pub fn assemble(source: &str) -> (Vec<u8>, u16) {
    let src = format!("{EQUS}\n{source}\n");
    let asm = z80_asm::assemble(&src, "test.asm", &z80_asm::Options::default())
        .unwrap_or_else(|d| panic!("{}", d.render()));
    (asm.bytes, asm.origin)
}

/// When test files are written: a fixed moment.
pub fn when() -> Timestamp {
    Timestamp::new(2024, 5, 1, 12, 0, 0).expect("valid date")
}

/// A 720 KB disk that boots `program` (assembled at `org 4000h`, started
/// there), stored as PROGRAM.BIN.
pub fn boot_disk(program_source: &str) -> Disk {
    let (bytes, origin) = assemble(program_source);
    assert_eq!(origin, 0x4000, "boot programs start at 4000h");
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("PROGRAM.BIN", &bytes, when())
        .expect("write");
    disk.set_boot_program("PROGRAM.BIN", 0x4000, 0x4000)
        .expect("boot program");
    disk
}

/// The default machine with the free main ROM, SUB-ROM and disk ROM.
pub fn disk_machine() -> Machine {
    let layout = MachineLayout::msx2(
        msx_bios::main_rom().to_vec(),
        msx_bios::sub_rom().to_vec(),
        Some(msx_bios::disk_rom().to_vec()),
    );
    Machine::new(MachineConfig::new(layout)).expect("machine")
}

/// The default machine without a disk ROM.
pub fn plain_machine() -> Machine {
    let layout = MachineLayout::msx2(
        msx_bios::main_rom().to_vec(),
        msx_bios::sub_rom().to_vec(),
        None,
    );
    Machine::new(MachineConfig::new(layout)).expect("machine")
}

/// Runs until `text` is on the screen (at most `frames`), panicking with the
/// screen when it does not appear.
pub fn run_to_text(m: &mut Machine, text: &str, frames: u64) -> RunOutcome {
    let outcome = m.run_until(&Until::TextOnScreen(text.into()), frames);
    assert!(
        outcome.reached(),
        "`{text}` not on screen after {frames} frames ({outcome:?}):\n{}",
        screen(m)
    );
    outcome
}

/// The character screen as text (empty in bitmap modes).
pub fn screen(m: &Machine) -> String {
    m.text_screen().map(|t| t.to_string()).unwrap_or_default()
}

/// A 16 KB "AB" cartridge for 4000h whose INIT is the code of `body`
/// (assembled from 4010h; `org` inside it may place more code or data).
pub fn cartridge(body: &str) -> Vec<u8> {
    let (mut bytes, origin) = assemble(&format!(
        "        org 4000h\n        db 'AB'\n        dw 4010h\n        ds 4010h-$,0\n{body}"
    ));
    assert_eq!(origin, 0x4000);
    assert!(bytes.len() <= 0x4000, "cartridge too large");
    bytes.resize(0x4000, 0xFF);
    bytes
}

/// The default machine (with the disk ROM, no disk) and `cart` in slot 1.
pub fn machine_with_cartridge(cart: Vec<u8>) -> Machine {
    let mut layout = MachineLayout::msx2(
        msx_bios::main_rom().to_vec(),
        msx_bios::sub_rom().to_vec(),
        Some(msx_bios::disk_rom().to_vec()),
    );
    layout.insert_cartridge(1, cart, None);
    Machine::new(MachineConfig::new(layout)).expect("machine")
}

/// Runs until the CPU reaches `pc`, panicking after `frames`.
pub fn run_to_pc(m: &mut Machine, pc: u16, frames: u64) {
    let outcome = m.run_until(&Until::PcReached(pc), frames);
    assert!(
        outcome.reached(),
        "PC {pc:04X}h not reached after {frames} frames:\n{}",
        screen(m)
    );
}
