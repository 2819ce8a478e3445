//! ED-prefixed opcodes. Undefined ED opcodes are 8-T-state no-ops; the
//! undocumented mirrors (NEG, RETN, IM at the unused y values, IN (C),
//! OUT (C),0) behave as on NMOS Zilog chips.

use super::internal_alu::{adc16, sbc16, sub8};
use super::HL;
use crate::bus::Bus;
use crate::cpu::Cpu;
use crate::registers::flag;
use crate::tables::{SZXY, SZXYP};

/// Interrupt mode set by ED 46/4E/56/5E/66/6E/76/7E, by `y`. The "IM 0/1"
/// opcodes 4E and 6E select mode 0.
const IM_BY_Y: [u8; 8] = [0, 0, 1, 2, 0, 0, 1, 2];

impl Cpu {
    /// After the ED prefix's M1: fetch the second opcode (also an M1).
    #[inline(never)]
    pub(crate) fn exec_ed<B: Bus>(&mut self, bus: &mut B) {
        self.exec_ed_inline(bus)
    }

    /// [`Cpu::exec_ed`] inlined where ED is common (the unprefixed table),
    /// so that LDIR and OTIR loops cost no extra call per iteration.
    #[inline(always)]
    pub(crate) fn exec_ed_inline<B: Bus>(&mut self, bus: &mut B) {
        let op = self.fetch_op(bus);
        let y = (op >> 3) & 7;
        let z = op & 7;
        let p = y >> 1;
        match op {
            0x40..=0x7F => match z {
                0 => {
                    // IN r,(C); IN (C) (y = 6) only sets flags.
                    let bc = self.regs.bc();
                    let v = self.port_in(bus, bc);
                    self.regs.wz = bc.wrapping_add(1);
                    self.set_reg8::<HL>(y, v);
                    self.set_f(SZXYP[v as usize] | (self.regs.f & flag::C));
                }
                1 => {
                    // OUT (C),r; OUT (C),0 for y = 6 (NMOS; CMOS sends 0xFF).
                    let bc = self.regs.bc();
                    let v = if y == 6 { 0 } else { self.reg8::<HL>(y) };
                    self.port_out(bus, bc, v);
                    self.regs.wz = bc.wrapping_add(1);
                }
                2 => {
                    self.tick(7);
                    let hl = self.regs.hl();
                    self.regs.wz = hl.wrapping_add(1);
                    let rr = self.rp::<HL>(p);
                    let (r, f) = if y & 1 == 0 {
                        sbc16(hl, rr, self.regs.f)
                    } else {
                        adc16(hl, rr, self.regs.f)
                    };
                    self.regs.set_hl(r);
                    self.set_f(f);
                }
                3 => {
                    let nn = self.imm16(bus);
                    if y & 1 == 0 {
                        let v = self.rp::<HL>(p);
                        self.write16(bus, nn, v);
                    } else {
                        let v = self.read16(bus, nn);
                        self.set_rp::<HL>(p, v);
                    }
                    self.regs.wz = nn.wrapping_add(1);
                }
                4 => {
                    let (r, f) = sub8(0, self.regs.a, 0);
                    self.regs.a = r;
                    self.set_f(f);
                }
                5 => {
                    // RETN, and RETI (y = 1), which also copies IFF2 to IFF1
                    // on the Z80; a Z80 PIO tells them apart on the bus.
                    self.regs.iff1 = self.regs.iff2;
                    // A waiting /INT is taken right after it (`attention`
                    // leaves out /INT while IFF1 is clear).
                    self.attention |= self.int_line & self.regs.iff1;
                    self.ret(bus);
                }
                6 => self.regs.im = IM_BY_Y[y as usize],
                _ => self.ed_misc(bus, y),
            },
            // Block instructions: ED A0-A3 (I), A8-AB (D), B0-B3 (IR),
            // B8-BB (DR) for LD, CP, IN, OUT.
            0xA0 => self.block_ld::<B, false, false>(bus),
            0xA8 => self.block_ld::<B, true, false>(bus),
            0xB0 => self.block_ld::<B, false, true>(bus),
            0xB8 => self.block_ld::<B, true, true>(bus),
            0xA1 => self.block_cp::<B, false, false>(bus),
            0xA9 => self.block_cp::<B, true, false>(bus),
            0xB1 => self.block_cp::<B, false, true>(bus),
            0xB9 => self.block_cp::<B, true, true>(bus),
            0xA2 => self.block_in::<B, false, false>(bus),
            0xAA => self.block_in::<B, true, false>(bus),
            0xB2 => self.block_in::<B, false, true>(bus),
            0xBA => self.block_in::<B, true, true>(bus),
            0xA3 => self.block_out::<B, false, false>(bus),
            0xAB => self.block_out::<B, true, false>(bus),
            0xB3 => self.block_out::<B, false, true>(bus),
            0xBB => self.block_out::<B, true, true>(bus),
            _ => {}
        }
    }

    /// LD I,A  LD R,A  LD A,I  LD A,R  RRD  RLD, and two no-ops.
    fn ed_misc<B: Bus>(&mut self, bus: &mut B, y: u8) {
        match y {
            0 => {
                self.tick(1);
                self.regs.i = self.regs.a;
            }
            1 => {
                self.tick(1);
                // This instruction's own refreshes come before the write.
                self.r_pending = 0;
                self.regs.r = self.regs.a;
            }
            2 | 3 => {
                self.tick(1);
                self.sync_r();
                let v = if y == 2 { self.regs.i } else { self.regs.r };
                self.regs.a = v;
                let mut f = SZXY[v as usize] | (self.regs.f & flag::C);
                if self.regs.iff2 {
                    f |= flag::PV;
                }
                self.set_f(f);
                self.after_ld_a_ir = true;
                self.attention = true;
            }
            4 | 5 => {
                let hl = self.regs.hl();
                let v = self.read8(bus, hl);
                self.tick(4);
                let a = self.regs.a;
                let (mem, new_a) = if y == 4 {
                    // RRD: A's low nibble goes into the memory's high one.
                    ((a << 4) | (v >> 4), (a & 0xF0) | (v & 0x0F))
                } else {
                    // RLD.
                    ((v << 4) | (a & 0x0F), (a & 0xF0) | (v >> 4))
                };
                self.write8(bus, hl, mem);
                self.regs.a = new_a;
                self.set_f(SZXYP[new_a as usize] | (self.regs.f & flag::C));
                self.regs.wz = hl.wrapping_add(1);
            }
            _ => {}
        }
    }
}
