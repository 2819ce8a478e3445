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

/// SCREEN 1 (GRAPHIC1): coloured text through CHPUT, a redefined character,
/// colour-table groups, one 16×16 magnified sprite.
pub const SCREEN1: &str = "
        ld a,15
        ld (FORCLR),a
        ld a,4
        ld (BAKCLR),a
        ld a,7
        ld (BDRCLR),a
        ld a,1
        call CHGMOD
        ld hl,msg
print:  ld a,(hl)
        or a
        jr z,printed
        call CHPUT
        inc hl
        jr print
printed:
        ; character 80h: a checkerboard; its colour group (80h/8 = 16) red on white
        ld hl,checker
        ld de,0000h+80h*8
        ld bc,8
        call LDIRVM
        ld a,06Fh
        ld hl,2000h+16
        ld bc,1
        call FILVRM
        ; a row of 80h at row 20
        ld a,80h
        ld hl,1800h+20*32+4
        ld bc,24
        call FILVRM
        ; digits group (30h-37h = group 6) yellow on dark blue
        ld a,0A4h
        ld hl,2000h+6
        ld bc,1
        call FILVRM
        ; sprite 0: a 16x16 ring, magnified (R#1 bits 1 and 0)
        ld hl,ring
        ld de,3800h
        ld bc,32
        call LDIRVM
        ld hl,attr
        ld de,1B00h
        ld bc,5
        call LDIRVM
        ld b,0E3h
        ld c,1
        call WRTVDP
        ld a,23h
        out (2Eh),a
        ld hl,done
say:    ld a,(hl)
        or a
        jr z,idle
        out (2Fh),a
        inc hl
        jr say
idle:   ei
        halt
        jr idle
msg:    db 'SCREEN 1 test', 13, 10, 'Hello, MSX2!', 13, 10, 13, 10
        db '0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ', 13, 10
        db 'abcdefghijklmnopqrstuvwxyz !?*+-/', 0
done:   db 'DRAWN', 0
checker: db 0AAh,55h,0AAh,55h,0AAh,55h,0AAh,55h
ring:   db 07h,18h,20h,40h,40h,80h,80h,80h,80h,80h,80h,40h,40h,20h,18h,07h
        db 0E0h,18h,04h,02h,02h,01h,01h,01h,01h,01h,01h,02h,02h,04h,18h,0E0h
attr:   db 100, 160, 0, 8, 208
";

/// SCREEN 5 (GRAPHIC4): the command engine draws — HMMV fills, LINEs with
/// logical operations, an LMMM copy with TIMP — and the palette changes.
pub const SCREEN5: &str = "
RAMBAR  equ 0C000h
        ld a,5
        call CHGMOD
        ; background: colour 1 over the whole page
        ld hl,fill_bg
        call vdp_cmd
        ; 15 bars of colours 1..15 (HMMV, X 8..247 by 16, Y 20..99),
        ; from a parameter block copied to RAM
        ld hl,bar
        ld de,RAMBAR
        ld bc,15
        ldir
        ld b,15
bars:   push bc
        ld a,(RAMBAR+12)
        add a,11h
        ld (RAMBAR+12),a
        ld hl,RAMBAR
        call vdp_cmd
        ld a,(RAMBAR+4)
        add a,16
        ld (RAMBAR+4),a
        pop bc
        djnz bars
        ; a fan of lines from (128,200), colour 15
        ld hl,line1
        call vdp_cmd
        ld hl,line2
        call vdp_cmd
        ld hl,line3
        call vdp_cmd
        ; copy 64x40 from (8,30), the first four bars, to (160,120) with TIMP
        ld hl,copy
        call vdp_cmd
        ; (with interrupts off: the BIOS handler reads the status register
        ; R#15 selects, and S#2 would never acknowledge the interrupt)
        di
        call wait_ce
        ; palette entry 15 becomes orange (R=7, G=3, B=0)
        ld a,15
        out (99h),a
        ld a,80h+16
        out (99h),a
        ld a,70h
        out (9Ah),a
        ld a,03h
        out (9Ah),a
        ei
        ld a,23h
        out (2Eh),a
        ld a,'Z'
        out (2Fh),a
idle:   ei
        halt
        jr idle
; R#32..R#46: SX SY DX DY NX NY CLR ARG CMD (16-bit little endian pairs)
fill_bg: dw 0, 0, 0, 0, 256, 212
        db 11h, 0, 0C0h
bar:    dw 0, 0, 8, 20, 14, 80
        db 0, 0, 0C0h
line1:  dw 0, 0, 128, 200, 120, 90
        db 0Fh, 0Ch, 70h
line2:  dw 0, 0, 128, 200, 120, 90
        db 0Fh, 0Dh, 70h
line3:  dw 0, 0, 128, 200, 100, 0
        db 0Eh, 00h, 73h
copy:   dw 8, 30, 160, 120, 64, 40
        db 0, 0, 98h
";
