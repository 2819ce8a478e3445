//! The free MSX2 BIOS (main ROM, SUB-ROM, disk ROM), assembled at build time from the
//! Z80 sources in `roms-free-bios/` by our own assembler, `z80-asm`.
//!
//! ```
//! assert_eq!(msx_bios::main_rom().len(), 0x8000);
//! assert_eq!(&msx_bios::sub_rom()[..2], b"CD");
//! assert_eq!(&msx_bios::disk_rom()[..2], b"AB");
//! ```
//!
//! The machine places the images in the default slot layout (see
//! `docs/bios.md`): main ROM in slot 0 (0000h-7FFFh), SUB-ROM and the BASIC
//! extension ROM in slot 3-1 (0000h-7FFFh), disk ROM in slot 3-3 (4000h-7FFFh, with the WD2793 of the
//! Philips wiring at 7FF8h-7FFFh). The BIOS finds RAM, the SUB-ROM and cartridges by searching,
//! so other layouts work too.

pub mod entries;
pub mod font;
pub mod openmsx;

/// Size of the main ROM image (BIOS in page 0, nothing in page 1).
pub const MAIN_ROM_SIZE: usize = 0x8000;
/// Size of the SUB-ROM's slot image: the SUB-ROM (page 0) and the BASIC
/// extension ROM (page 1).
pub const SUB_ROM_SIZE: usize = 0x8000;
/// Size of the disk ROM image.
pub const DISK_ROM_SIZE: usize = 0x4000;

static MAIN_ROM: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/main.rom"));
static SUB_ROM: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/subext.rom"));
static DISK_ROM: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/disk.rom"));

/// The 32 KB main ROM (BIOS), for slot 0 at 0000h-7FFFh.
pub fn main_rom() -> &'static [u8] {
    MAIN_ROM
}

/// The main ROM of a 50 Hz (PAL) machine: the same code with bit 7 of the
/// ID byte at 002Bh set, as on a European MSX2. The boot code copies that
/// bit into R#9 (NT), so every screen mode keeps PAL timing; a program can
/// read the byte to learn the frame rate, as on real machines.
pub fn main_rom_pal() -> Vec<u8> {
    let mut rom = MAIN_ROM.to_vec();
    rom[ID_BYTE_0] |= 0x80;
    rom
}

/// Offset of the first ID byte in the main ROM: bits 0-3 character set,
/// bits 4-6 date format, bit 7 the frame rate (1 = 50 Hz).
pub const ID_BYTE_0: usize = 0x002B;

/// The 32 KB for the SUB-ROM's slot (an expanded slot's pages 0 and 1; 3-1
/// by default): the MSX2 SUB-ROM ("CD", 0000h-3FFFh) and the MSX-BASIC
/// extension ROM ("AB", 4000h-7FFFh: Disk BASIC and the statements that do
/// not fit in the main ROM, docs/basic-interpreter.md). A machine given only
/// the first 16 KB has a SUB-ROM and no extension: those statements answer
/// "Syntax error".
pub fn sub_rom() -> &'static [u8] {
    SUB_ROM
}

/// The 16 KB disk ROM, for 4000h-7FFFh of the slot that holds the floppy
/// controller (a WD2793 wired as in the Philips MSX2 machines): disk boot,
/// PHYDIO/DSKCHG/GETDPB and the MSX-DOS 1 BDOS at F37Dh.
pub fn disk_rom() -> &'static [u8] {
    DISK_ROM
}
