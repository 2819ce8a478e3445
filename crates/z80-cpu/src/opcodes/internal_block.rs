//! Block instructions: LDI/LDD/LDIR/LDDR, CPI/CPD/CPIR/CPDR,
//! INI/IND/INIR/INDR, OUTI/OUTD/OTIR/OTDR.
//!
//! Undocumented flags follow Sean Young ("The Undocumented Z80
//! Documented") for one iteration. When a repeating form goes round again
//! it spends 5 more T-states moving PC back to the instruction, and during
//! them X and Y are replaced by bits 11 and 13 of that PC; the I/O forms
//! also rework P/V and H (David Banks, 2018, "Z80 undocumented flags" in
//! hoglet67/Z80Decoder). Those flags are what an interrupt accepted between
//! two iterations sees.

use crate::bus::Bus;
use crate::cpu::Cpu;
use crate::registers::flag;
use crate::tables::{parity, SZXY};

/// X from bit 3 and Y from bit 1 of `n`, the LDI/CPI rule.
#[inline(always)]
fn xy_from_bits_3_1(n: u8) -> u8 {
    (n & flag::X) | ((n << 4) & flag::Y)
}

impl Cpu {
    /// Goes round again: PC back to the ED prefix, 5 T-states, MEMPTR and
    /// the X/Y bits from that PC.
    #[inline(always)]
    fn repeat_block(&mut self) {
        self.tick(5);
        self.regs.pc = self.regs.pc.wrapping_sub(2);
        let pc_hi = (self.regs.pc >> 8) as u8;
        self.set_f((self.regs.f & !flag::XY) | (pc_hi & flag::XY));
    }

    #[inline(always)]
    pub(crate) fn block_ld<B: Bus, const DEC: bool, const REPEAT: bool>(&mut self, bus: &mut B) {
        let step: u16 = if DEC { 0xFFFF } else { 1 };
        let hl = self.regs.hl();
        let de = self.regs.de();
        let v = self.read8(bus, hl);
        self.write8(bus, de, v);
        self.tick(2);
        self.regs.set_hl(hl.wrapping_add(step));
        self.regs.set_de(de.wrapping_add(step));
        let bc = self.regs.bc().wrapping_sub(1);
        self.regs.set_bc(bc);
        let n = v.wrapping_add(self.regs.a);
        let mut f = (self.regs.f & (flag::S | flag::Z | flag::C)) | xy_from_bits_3_1(n);
        if bc != 0 {
            f |= flag::PV;
        }
        self.set_f(f);
        if REPEAT && bc != 0 {
            self.repeat_block();
            self.regs.wz = self.regs.pc.wrapping_add(1);
        }
    }

    #[inline(always)]
    pub(crate) fn block_cp<B: Bus, const DEC: bool, const REPEAT: bool>(&mut self, bus: &mut B) {
        let step: u16 = if DEC { 0xFFFF } else { 1 };
        let hl = self.regs.hl();
        let v = self.read8(bus, hl);
        self.tick(5);
        self.regs.set_hl(hl.wrapping_add(step));
        self.regs.wz = self.regs.wz.wrapping_add(step);
        let bc = self.regs.bc().wrapping_sub(1);
        self.regs.set_bc(bc);
        let a = self.regs.a;
        let r = a.wrapping_sub(v);
        let half = (a ^ v ^ r) & flag::H;
        let n = r.wrapping_sub(half >> 4);
        let mut f = (SZXY[r as usize] & (flag::S | flag::Z))
            | half
            | flag::N
            | (self.regs.f & flag::C)
            | xy_from_bits_3_1(n);
        if bc != 0 {
            f |= flag::PV;
        }
        self.set_f(f);
        if REPEAT && bc != 0 && r != 0 {
            self.repeat_block();
            self.regs.wz = self.regs.pc.wrapping_add(1);
        }
    }

    #[inline(always)]
    pub(crate) fn block_in<B: Bus, const DEC: bool, const REPEAT: bool>(&mut self, bus: &mut B) {
        let step: u16 = if DEC { 0xFFFF } else { 1 };
        self.tick(1);
        let bc = self.regs.bc();
        let v = self.port_in(bus, bc);
        self.regs.wz = bc.wrapping_add(step);
        let hl = self.regs.hl();
        self.write8(bus, hl, v);
        self.regs.set_hl(hl.wrapping_add(step));
        self.regs.b = self.regs.b.wrapping_sub(1);
        let k = v as u16 + (self.regs.c.wrapping_add(step as u8)) as u16;
        self.io_block_flags::<REPEAT>(v, k);
    }

    #[inline(always)]
    pub(crate) fn block_out<B: Bus, const DEC: bool, const REPEAT: bool>(&mut self, bus: &mut B) {
        let step: u16 = if DEC { 0xFFFF } else { 1 };
        self.tick(1);
        let hl = self.regs.hl();
        let v = self.read8(bus, hl);
        self.regs.b = self.regs.b.wrapping_sub(1);
        let bc = self.regs.bc();
        self.port_out(bus, bc, v);
        self.regs.wz = bc.wrapping_add(step);
        self.regs.set_hl(hl.wrapping_add(step));
        let k = v as u16 + self.regs.l as u16;
        self.io_block_flags::<REPEAT>(v, k);
    }

    /// Flags of INI/OUTI and friends from the new B, the byte moved and
    /// `k`, the sum Sean Young describes (byte + C±1 for input, byte + L
    /// for output); then the repeat.
    #[inline(always)]
    fn io_block_flags<const REPEAT: bool>(&mut self, v: u8, k: u16) {
        let b = self.regs.b;
        let mut f = SZXY[b as usize] | ((v >> 6) & flag::N) | parity((k as u8 & 7) ^ b);
        let carry = k > 0xFF;
        if carry {
            f |= flag::H | flag::C;
        }
        self.set_f(f);
        if REPEAT && b != 0 {
            self.repeat_block();
            let mut f = self.regs.f & !flag::H;
            let x = if carry {
                if v & 0x80 != 0 {
                    if b & 0x0F == 0 {
                        f |= flag::H;
                    }
                    b.wrapping_sub(1)
                } else {
                    if b & 0x0F == 0x0F {
                        f |= flag::H;
                    }
                    b.wrapping_add(1)
                }
            } else {
                b
            };
            // P/V ^= parity(x & 7) ^ 1, with `parity` giving PV for even.
            f ^= parity(x & 7) ^ flag::PV;
            self.set_f(f);
        }
    }
}
