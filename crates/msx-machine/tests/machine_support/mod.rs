//! Shared by the machine tests: test cartridges assembled from Z80 source
//! with `z80-asm`, and machines on the free BIOS.
#![allow(dead_code)]

use msx_machine::machine::{Machine, MachineConfig};
use msx_machine::memory::MachineLayout;

/// BIOS entries and system variables the test programs use (standard
/// addresses, `msx-hardware.md`).
pub const BIOS_EQUS: &str = "
CHGMOD  equ 005Fh
CHGCLR  equ 0062h
CHGET   equ 009Fh
CHPUT   equ 00A2h
LDIRVM  equ 005Ch
FILVRM  equ 0056h
WRTVDP  equ 0047h
FORCLR  equ 0F3E9h
BAKCLR  equ 0F3EAh
BDRCLR  equ 0F3EBh
";

/// Assembles `body` (code after the label `init:` which the header points
/// to) into a 16 KB "AB" cartridge at 0x4000, padded with 0xFF.
pub fn cartridge(body: &str) -> Vec<u8> {
    let src = format!(
        "{BIOS_EQUS}
        org 4000h
        db 'AB'
        dw init
        dw 0, 0, 0, 0, 0, 0
init:
{body}
"
    );
    let asm = z80_asm::assemble(&src, "test.asm", &z80_asm::Options::default())
        .unwrap_or_else(|d| panic!("{}", d.render()));
    assert_eq!(asm.origin, 0x4000);
    assert!(asm.bytes.len() <= 0x4000, "program too large");
    let mut rom = asm.bytes;
    rom.resize(0x4000, 0xFF);
    rom
}

/// A layout of the default MSX2 with the free BIOS.
pub fn free_bios_layout() -> MachineLayout {
    MachineLayout::msx2(
        msx_bios::main_rom().to_vec(),
        msx_bios::sub_rom().to_vec(),
        None,
    )
}

/// The free BIOS with `cart` in slot 1 (mapper detected).
pub fn machine_with(cart: Vec<u8>) -> Machine {
    let mut layout = free_bios_layout();
    layout.insert_cartridge(1, cart, None);
    Machine::new(MachineConfig::new(layout)).expect("machine")
}

/// Subroutines for direct VDP programming, appended to a program body.
/// `vdp_cmd`: HL = 15 bytes for R#32–R#46, sent when the engine is free.
pub const VDP_ROUTINES: &str = "
wait_ce:
        ld a,2
        out (99h),a
        ld a,8Fh
        out (99h),a
        in a,(99h)
        ld b,a
        xor a
        out (99h),a
        ld a,8Fh
        out (99h),a
        bit 0,b
        jr nz,wait_ce
        ret
vdp_cmd:
        di
        call wait_ce
        ld a,32
        out (99h),a
        ld a,80h+17
        out (99h),a
        ld bc,0F9Bh
        otir
        ei
        ret
";
