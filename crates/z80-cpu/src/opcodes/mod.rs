//! Opcode execution, one file per prefix group as in rustzx:
//! `group_nonprefixed` (no prefix, and DD/FD which reuse it with IX/IY in
//! place of HL), `group_bits` (CB, DD CB, FD CB), `group_extended` (ED).
//! Arithmetic lives in `internal_alu`, block transfers in `internal_block`.
//!
//! Decoding follows the regular structure of the instruction set (the
//! x/y/z/p/q fields of an opcode byte). To keep that readable *and* fast,
//! each opcode group is one generic function with the opcode as a const
//! parameter, and a 256-arm `match` instantiates it once per opcode: the
//! compiler folds the decoding away, leaving straight-line code per opcode.

use crate::bus::Bus;
use crate::cpu::Cpu;

mod group_bits;
mod group_extended;
mod group_nonprefixed;
pub(crate) mod internal_alu;
mod internal_block;

/// Calls `$callback!($args ; 0x00 0x01 ... 0xFF)`: the list of every
/// opcode value, written once.
macro_rules! with_all_opcodes {
    ($callback:ident ! ( $($args:tt)* )) => {
        $callback!(
            $($args)* ;
            0x00 0x01 0x02 0x03 0x04 0x05 0x06 0x07 0x08 0x09 0x0A 0x0B 0x0C 0x0D 0x0E 0x0F
            0x10 0x11 0x12 0x13 0x14 0x15 0x16 0x17 0x18 0x19 0x1A 0x1B 0x1C 0x1D 0x1E 0x1F
            0x20 0x21 0x22 0x23 0x24 0x25 0x26 0x27 0x28 0x29 0x2A 0x2B 0x2C 0x2D 0x2E 0x2F
            0x30 0x31 0x32 0x33 0x34 0x35 0x36 0x37 0x38 0x39 0x3A 0x3B 0x3C 0x3D 0x3E 0x3F
            0x40 0x41 0x42 0x43 0x44 0x45 0x46 0x47 0x48 0x49 0x4A 0x4B 0x4C 0x4D 0x4E 0x4F
            0x50 0x51 0x52 0x53 0x54 0x55 0x56 0x57 0x58 0x59 0x5A 0x5B 0x5C 0x5D 0x5E 0x5F
            0x60 0x61 0x62 0x63 0x64 0x65 0x66 0x67 0x68 0x69 0x6A 0x6B 0x6C 0x6D 0x6E 0x6F
            0x70 0x71 0x72 0x73 0x74 0x75 0x76 0x77 0x78 0x79 0x7A 0x7B 0x7C 0x7D 0x7E 0x7F
            0x80 0x81 0x82 0x83 0x84 0x85 0x86 0x87 0x88 0x89 0x8A 0x8B 0x8C 0x8D 0x8E 0x8F
            0x90 0x91 0x92 0x93 0x94 0x95 0x96 0x97 0x98 0x99 0x9A 0x9B 0x9C 0x9D 0x9E 0x9F
            0xA0 0xA1 0xA2 0xA3 0xA4 0xA5 0xA6 0xA7 0xA8 0xA9 0xAA 0xAB 0xAC 0xAD 0xAE 0xAF
            0xB0 0xB1 0xB2 0xB3 0xB4 0xB5 0xB6 0xB7 0xB8 0xB9 0xBA 0xBB 0xBC 0xBD 0xBE 0xBF
            0xC0 0xC1 0xC2 0xC3 0xC4 0xC5 0xC6 0xC7 0xC8 0xC9 0xCA 0xCB 0xCC 0xCD 0xCE 0xCF
            0xD0 0xD1 0xD2 0xD3 0xD4 0xD5 0xD6 0xD7 0xD8 0xD9 0xDA 0xDB 0xDC 0xDD 0xDE 0xDF
            0xE0 0xE1 0xE2 0xE3 0xE4 0xE5 0xE6 0xE7 0xE8 0xE9 0xEA 0xEB 0xEC 0xED 0xEE 0xEF
            0xF0 0xF1 0xF2 0xF3 0xF4 0xF5 0xF6 0xF7 0xF8 0xF9 0xFA 0xFB 0xFC 0xFD 0xFE 0xFF
        )
    };
}
pub(crate) use with_all_opcodes;

/// Index register selectors for the `I` const parameter.
pub(crate) const HL: u8 = 0;
pub(crate) const IX: u8 = 1;
pub(crate) const IY: u8 = 2;

impl Cpu {
    /// HL, IX or IY.
    #[inline(always)]
    pub(crate) fn idx<const I: u8>(&self) -> u16 {
        match I {
            HL => self.regs.hl(),
            IX => self.regs.ix,
            _ => self.regs.iy,
        }
    }

    #[inline(always)]
    pub(crate) fn set_idx<const I: u8>(&mut self, v: u16) {
        match I {
            HL => self.regs.set_hl(v),
            IX => self.regs.ix = v,
            _ => self.regs.iy = v,
        }
    }

    /// 8-bit register by its 3-bit code B C D E H L - A; with a DD/FD
    /// prefix, H and L mean the halves of IX/IY. Code 6 is the memory
    /// operand and is handled by the callers.
    #[inline(always)]
    pub(crate) fn reg8<const I: u8>(&self, code: u8) -> u8 {
        let r = &self.regs;
        match code {
            0 => r.b,
            1 => r.c,
            2 => r.d,
            3 => r.e,
            4 => (self.idx::<I>() >> 8) as u8,
            5 => self.idx::<I>() as u8,
            _ => r.a,
        }
    }

    #[inline(always)]
    pub(crate) fn set_reg8<const I: u8>(&mut self, code: u8, v: u8) {
        match code {
            0 => self.regs.b = v,
            1 => self.regs.c = v,
            2 => self.regs.d = v,
            3 => self.regs.e = v,
            4 => {
                let x = self.idx::<I>();
                self.set_idx::<I>((x & 0x00FF) | ((v as u16) << 8));
            }
            5 => {
                let x = self.idx::<I>();
                self.set_idx::<I>((x & 0xFF00) | v as u16);
            }
            6 => {}
            _ => self.regs.a = v,
        }
    }

    /// Register pair by code BC DE HL SP (HL replaced by IX/IY).
    #[inline(always)]
    pub(crate) fn rp<const I: u8>(&self, p: u8) -> u16 {
        match p {
            0 => self.regs.bc(),
            1 => self.regs.de(),
            2 => self.idx::<I>(),
            _ => self.regs.sp,
        }
    }

    #[inline(always)]
    pub(crate) fn set_rp<const I: u8>(&mut self, p: u8, v: u16) {
        match p {
            0 => self.regs.set_bc(v),
            1 => self.regs.set_de(v),
            2 => self.set_idx::<I>(v),
            _ => self.regs.sp = v,
        }
    }

    /// The address of the memory operand: HL, or IX/IY plus the signed
    /// displacement that follows the opcode (read, then 5 internal
    /// T-states to add it). The indexed forms leave the address in WZ.
    #[inline(always)]
    pub(crate) fn mem_addr<B: Bus, const I: u8>(&mut self, bus: &mut B) -> u16 {
        if I == HL {
            self.regs.hl()
        } else {
            let d = self.imm8(bus) as i8;
            self.tick(5);
            let addr = self.idx::<I>().wrapping_add(d as u16);
            self.regs.wz = addr;
            addr
        }
    }

    /// An 8-bit operand by code: a register, or the memory operand for 6.
    #[inline(always)]
    pub(crate) fn operand<B: Bus, const I: u8>(&mut self, bus: &mut B, code: u8) -> u8 {
        if code == 6 {
            let addr = self.mem_addr::<B, I>(bus);
            self.read8(bus, addr)
        } else {
            self.reg8::<I>(code)
        }
    }
}
