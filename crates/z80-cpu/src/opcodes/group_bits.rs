//! CB-prefixed opcodes: rotations and shifts, BIT, RES, SET; and their
//! DD CB d op / FD CB d op forms on (IX+d)/(IY+d).

use super::internal_alu::{bit, rot};
use super::{with_all_opcodes, HL};
use crate::bus::Bus;
use crate::cpu::Cpu;

macro_rules! dispatch_index_cb {
    ($self:ident, $bus:ident, $op:ident, $addr:ident ; $($n:literal)*) => {
        match $op {
            $( $n => $self.index_cb_op::<B, $n>($bus, $addr), )*
        }
    };
}

macro_rules! dispatch_cb {
    ($self:ident, $bus:ident, $op:ident ; $($n:literal)*) => {
        match $op {
            $( $n => $self.cb_op::<B, $n>($bus), )*
        }
    };
}

impl Cpu {
    /// After the CB prefix's M1: fetch the second opcode (also an M1).
    pub(crate) fn exec_cb<B: Bus>(&mut self, bus: &mut B) {
        let op = self.fetch_op(bus);
        with_all_opcodes!(dispatch_cb!(self, bus, op))
    }

    #[inline(always)]
    fn cb_op<B: Bus, const OP: u8>(&mut self, bus: &mut B) {
        let y = (OP >> 3) & 7;
        let z = OP & 7;
        if z == 6 {
            let addr = self.regs.hl();
            let v = self.read8(bus, addr);
            self.tick(1);
            if OP >> 6 == 1 {
                // BIT n,(HL): X and Y leak from the high byte of MEMPTR.
                let f = bit(y, v, (self.regs.wz >> 8) as u8, self.regs.f);
                self.set_f(f);
            } else {
                let r = self.bit_op(OP, v);
                self.write8(bus, addr, r);
            }
        } else {
            let v = self.reg8::<HL>(z);
            if OP >> 6 == 1 {
                let f = bit(y, v, v, self.regs.f);
                self.set_f(f);
            } else {
                let r = self.bit_op(OP, v);
                self.set_reg8::<HL>(z, r);
            }
        }
    }

    /// The value-changing CB operations (everything but BIT): returns the
    /// new value and sets flags for the shifts.
    #[inline(always)]
    fn bit_op(&mut self, op: u8, v: u8) -> u8 {
        let y = (op >> 3) & 7;
        match op >> 6 {
            0 => {
                let (r, f) = rot(y, v, self.regs.f);
                self.set_f(f);
                r
            }
            2 => v & !(1 << y),
            _ => v | (1 << y),
        }
    }

    /// DD CB d op / FD CB d op. The displacement and the opcode are ordinary
    /// memory reads (no M1, no refresh); the address is formed during 2
    /// internal T-states. Except for BIT, the result is written back to
    /// memory and, undocumented, also copied into register `z` unless z = 6.
    #[inline(never)]
    pub(crate) fn exec_index_cb<B: Bus, const I: u8>(&mut self, bus: &mut B) {
        let d = self.imm8(bus) as i8;
        let op = self.imm8(bus);
        self.tick(2);
        let addr = self.idx::<I>().wrapping_add(d as u16);
        self.regs.wz = addr;
        self.exec_index_cb_at(bus, op, addr);
    }

    /// The operation of DD CB / FD CB on the address already formed (one
    /// table for IX and IY).
    #[inline(never)]
    fn exec_index_cb_at<B: Bus>(&mut self, bus: &mut B, op: u8, addr: u16) {
        with_all_opcodes!(dispatch_index_cb!(self, bus, op, addr))
    }

    #[inline(always)]
    fn index_cb_op<B: Bus, const OP: u8>(&mut self, bus: &mut B, addr: u16) {
        let v = self.read8(bus, addr);
        self.tick(1);
        if OP >> 6 == 1 {
            let f = bit((OP >> 3) & 7, v, (addr >> 8) as u8, self.regs.f);
            self.set_f(f);
        } else {
            let r = self.bit_op(OP, v);
            self.write8(bus, addr, r);
            self.set_reg8::<HL>(OP & 7, r);
        }
    }
}
