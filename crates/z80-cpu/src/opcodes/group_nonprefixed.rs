//! Opcodes without prefix, and the same table behind DD/FD, where HL, H, L
//! and (HL) become IX/IY, IXH/IYH, IXL/IYL and (IX+d)/(IY+d).
//!
//! Opcode fields: `x = op >> 6`, `y = (op >> 3) & 7`, `z = op & 7`,
//! `p = y >> 1`, `q = y & 1`.

use super::internal_alu::{add16, alu, daa, dec8, inc8, rot_a};
use super::{with_all_opcodes, HL, IX, IY};
use crate::bus::Bus;
use crate::cpu::Cpu;
use crate::registers::flag;

macro_rules! dispatch_base {
    ($self:ident, $bus:ident, $op:ident, $i:ident ; $($n:literal)*) => {
        match $op {
            $( $n => $self.base_op::<B, $i, $n>($bus), )*
        }
    };
}

impl Cpu {
    /// Executes an unprefixed opcode whose M1 cycle has been done. Inlined
    /// into [`Cpu::run`]'s loop, so the common instruction costs no call.
    #[inline(always)]
    pub(crate) fn exec_base_inline<B: Bus>(&mut self, bus: &mut B, op: u8) {
        with_all_opcodes!(dispatch_base!(self, bus, op, HL))
    }

    /// The same as a function of its own, for the less hot callers.
    #[inline(never)]
    pub(crate) fn exec_base<B: Bus>(&mut self, bus: &mut B, op: u8) {
        self.exec_base_inline(bus, op)
    }

    /// After a DD or FD prefix: fetches the next opcode. Another DD/FD makes
    /// the first prefix a 4-T-state no-op and becomes the pending prefix of
    /// the next step; ED ignores the prefix; everything else runs with the
    /// index register.
    #[inline(never)]
    pub(crate) fn exec_prefixed<B: Bus>(&mut self, bus: &mut B, prefix: u8) {
        let op = self.fetch_op(bus);
        if op == 0xDD || op == 0xFD {
            self.prefix = op;
            self.attention = true;
        } else if prefix == 0xDD {
            with_all_opcodes!(dispatch_base!(self, bus, op, IX))
        } else {
            with_all_opcodes!(dispatch_base!(self, bus, op, IY))
        }
    }

    #[inline(always)]
    fn base_op<B: Bus, const I: u8, const OP: u8>(&mut self, bus: &mut B) {
        let y = (OP >> 3) & 7;
        let z = OP & 7;
        match OP >> 6 {
            0 => self.base_x0::<B, I, OP>(bus),
            1 if OP == 0x76 => {
                self.regs.halted = true;
                self.attention = true;
            }
            1 => self.ld_r_r::<B, I>(bus, y, z),
            2 => {
                let v = self.operand::<B, I>(bus, z);
                self.alu_a(y, v);
            }
            _ => self.base_x3::<B, I, OP>(bus),
        }
    }

    /// ADD ADC SUB SBC AND XOR OR CP with A.
    #[inline(always)]
    fn alu_a(&mut self, op: u8, v: u8) {
        let (r, f) = alu(op, self.regs.a, v, self.regs.f);
        self.regs.a = r;
        self.set_f(f);
    }

    /// LD r,r' and its memory forms. With an index prefix, the register
    /// beside (IX+d) is the real H or L, not IXH/IXL.
    #[inline(always)]
    fn ld_r_r<B: Bus, const I: u8>(&mut self, bus: &mut B, y: u8, z: u8) {
        if y == 6 {
            let addr = self.mem_addr::<B, I>(bus);
            let v = self.reg8::<HL>(z);
            self.write8(bus, addr, v);
        } else if z == 6 {
            let addr = self.mem_addr::<B, I>(bus);
            let v = self.read8(bus, addr);
            self.set_reg8::<HL>(y, v);
        } else {
            let v = self.reg8::<I>(z);
            self.set_reg8::<I>(y, v);
        }
    }

    #[inline(always)]
    fn base_x0<B: Bus, const I: u8, const OP: u8>(&mut self, bus: &mut B) {
        let y = (OP >> 3) & 7;
        let p = y >> 1;
        match OP & 7 {
            0 => match y {
                0 => {}
                1 => {
                    let af = self.regs.af();
                    self.regs.set_af(self.regs.af_alt);
                    self.regs.af_alt = af;
                }
                2 => {
                    // DJNZ: the M1 cycle is one T-state longer.
                    self.tick(1);
                    let e = self.imm8(bus) as i8;
                    self.regs.b = self.regs.b.wrapping_sub(1);
                    if self.regs.b != 0 {
                        self.jump_relative(e);
                    }
                }
                3 => {
                    let e = self.imm8(bus) as i8;
                    self.jump_relative(e);
                }
                _ => {
                    let e = self.imm8(bus) as i8;
                    if self.cond(y - 4) {
                        self.jump_relative(e);
                    }
                }
            },
            1 => {
                if y & 1 == 0 {
                    let v = self.imm16(bus);
                    self.set_rp::<I>(p, v);
                } else {
                    self.tick(7);
                    let a = self.idx::<I>();
                    self.regs.wz = a.wrapping_add(1);
                    let (r, f) = add16(a, self.rp::<I>(p), self.regs.f);
                    self.set_idx::<I>(r);
                    self.set_f(f);
                }
            }
            2 => self.load_indirect::<B, I>(bus, y),
            3 => {
                self.tick(2);
                let v = self.rp::<I>(p);
                let v = if y & 1 == 0 {
                    v.wrapping_add(1)
                } else {
                    v.wrapping_sub(1)
                };
                self.set_rp::<I>(p, v);
            }
            4 | 5 => {
                let step = if OP & 7 == 4 { inc8 } else { dec8 };
                if y == 6 {
                    let addr = self.mem_addr::<B, I>(bus);
                    let v = self.read8(bus, addr);
                    self.tick(1);
                    let (r, f) = step(v, self.regs.f);
                    self.write8(bus, addr, r);
                    self.set_f(f);
                } else {
                    let (r, f) = step(self.reg8::<I>(y), self.regs.f);
                    self.set_reg8::<I>(y, r);
                    self.set_f(f);
                }
            }
            6 => {
                if y != 6 {
                    let n = self.imm8(bus);
                    self.set_reg8::<I>(y, n);
                } else if I == HL {
                    let n = self.imm8(bus);
                    self.write8(bus, self.regs.hl(), n);
                } else {
                    // LD (IX+d),n: the displacement and n are read before
                    // the address is formed, in 2 extra T-states.
                    let d = self.imm8(bus) as i8;
                    let n = self.imm8(bus);
                    self.tick(2);
                    let addr = self.idx::<I>().wrapping_add(d as u16);
                    self.regs.wz = addr;
                    self.write8(bus, addr, n);
                }
            }
            _ => self.accumulator_op(y),
        }
    }

    /// JR/DJNZ taken: 5 internal T-states to add the displacement.
    #[inline(always)]
    fn jump_relative(&mut self, e: i8) {
        self.tick(5);
        self.regs.pc = self.regs.pc.wrapping_add(e as u16);
        self.regs.wz = self.regs.pc;
    }

    /// LD (BC),A  LD A,(BC)  LD (DE),A  LD A,(DE)  LD (nn),HL  LD HL,(nn)
    /// LD (nn),A  LD A,(nn).
    #[inline(always)]
    fn load_indirect<B: Bus, const I: u8>(&mut self, bus: &mut B, y: u8) {
        match y {
            0..=3 => {
                let addr = if y < 2 {
                    self.regs.bc()
                } else {
                    self.regs.de()
                };
                if y & 1 == 0 {
                    let a = self.regs.a;
                    self.write8(bus, addr, a);
                    self.regs.wz = u16::from_be_bytes([a, addr.wrapping_add(1) as u8]);
                } else {
                    self.regs.a = self.read8(bus, addr);
                    self.regs.wz = addr.wrapping_add(1);
                }
            }
            4 => {
                let nn = self.imm16(bus);
                let v = self.idx::<I>();
                self.write16(bus, nn, v);
                self.regs.wz = nn.wrapping_add(1);
            }
            5 => {
                let nn = self.imm16(bus);
                let v = self.read16(bus, nn);
                self.set_idx::<I>(v);
                self.regs.wz = nn.wrapping_add(1);
            }
            6 => {
                let nn = self.imm16(bus);
                let a = self.regs.a;
                self.write8(bus, nn, a);
                self.regs.wz = u16::from_be_bytes([a, nn.wrapping_add(1) as u8]);
            }
            _ => {
                let nn = self.imm16(bus);
                self.regs.a = self.read8(bus, nn);
                self.regs.wz = nn.wrapping_add(1);
            }
        }
    }

    /// RLCA RRCA RLA RRA DAA CPL SCF CCF.
    #[inline(always)]
    fn accumulator_op(&mut self, y: u8) {
        let (a, f) = (self.regs.a, self.regs.f);
        match y {
            0..=3 => {
                let (r, nf) = rot_a(y, a, f);
                self.regs.a = r;
                self.set_f(nf);
            }
            4 => {
                let (r, nf) = daa(a, f);
                self.regs.a = r;
                self.set_f(nf);
            }
            5 => {
                let r = !a;
                self.regs.a = r;
                self.set_f(
                    (f & (flag::S | flag::Z | flag::PV | flag::C))
                        | flag::H
                        | flag::N
                        | (r & flag::XY),
                );
            }
            _ => {
                // SCF/CCF: X and Y are bits of (Q ^ F) | A, where Q is the
                // flags the previous instruction wrote (Patrik Rak, 2012).
                let xy = ((self.last_q ^ f) | a) & flag::XY;
                let kept = f & (flag::S | flag::Z | flag::PV);
                let nf = if y == 6 {
                    kept | xy | flag::C
                } else {
                    kept | xy | ((f & flag::C) << 4) | ((f & flag::C) ^ flag::C)
                };
                self.set_f(nf);
            }
        }
    }

    #[inline(always)]
    fn base_x3<B: Bus, const I: u8, const OP: u8>(&mut self, bus: &mut B) {
        let y = (OP >> 3) & 7;
        let p = y >> 1;
        match OP & 7 {
            0 => {
                self.tick(1);
                if self.cond(y) {
                    self.ret(bus);
                }
            }
            1 => {
                if y & 1 == 0 {
                    let v = self.pop16(bus);
                    match p {
                        // POP AF writes F without computing flags: Q = 0.
                        3 => self.regs.set_af(v),
                        _ => self.set_rp::<I>(p, v),
                    }
                } else {
                    match p {
                        0 => self.ret(bus),
                        1 => {
                            let r = &mut self.regs;
                            let (bc, de, hl) = (r.bc(), r.de(), r.hl());
                            r.set_bc(r.bc_alt);
                            r.set_de(r.de_alt);
                            r.set_hl(r.hl_alt);
                            (r.bc_alt, r.de_alt, r.hl_alt) = (bc, de, hl);
                        }
                        2 => self.regs.pc = self.idx::<I>(),
                        _ => {
                            self.tick(2);
                            self.regs.sp = self.idx::<I>();
                        }
                    }
                }
            }
            2 => {
                let nn = self.imm16(bus);
                self.regs.wz = nn;
                if self.cond(y) {
                    self.regs.pc = nn;
                }
            }
            3 => match y {
                0 => {
                    let nn = self.imm16(bus);
                    self.regs.wz = nn;
                    self.regs.pc = nn;
                }
                1 => {
                    if I == HL {
                        self.exec_cb(bus);
                    } else {
                        self.exec_index_cb::<B, I>(bus);
                    }
                }
                2 => {
                    let n = self.imm8(bus);
                    let a = self.regs.a;
                    self.port_out(bus, u16::from_be_bytes([a, n]), a);
                    self.regs.wz = u16::from_be_bytes([a, n.wrapping_add(1)]);
                }
                3 => {
                    let n = self.imm8(bus);
                    let port = u16::from_be_bytes([self.regs.a, n]);
                    self.regs.a = self.port_in(bus, port);
                    self.regs.wz = port.wrapping_add(1);
                }
                4 => {
                    // EX (SP),HL: read 3+4, write 3+5 T-states.
                    let sp = self.regs.sp;
                    let v = self.read16(bus, sp);
                    self.tick(1);
                    let [lo, hi] = self.idx::<I>().to_le_bytes();
                    self.write8(bus, sp.wrapping_add(1), hi);
                    self.write8(bus, sp, lo);
                    self.tick(2);
                    self.set_idx::<I>(v);
                    self.regs.wz = v;
                }
                5 => {
                    // EX DE,HL ignores DD/FD.
                    let r = &mut self.regs;
                    let (de, hl) = (r.de(), r.hl());
                    r.set_de(hl);
                    r.set_hl(de);
                }
                6 => {
                    self.regs.iff1 = false;
                    self.regs.iff2 = false;
                }
                _ => {
                    self.regs.iff1 = true;
                    self.regs.iff2 = true;
                    self.regs.ei_delay = true;
                    self.attention = true;
                }
            },
            4 => {
                let nn = self.imm16(bus);
                self.regs.wz = nn;
                if self.cond(y) {
                    self.call(bus, nn);
                }
            }
            5 => {
                if y & 1 == 0 {
                    self.tick(1);
                    let v = match p {
                        3 => self.regs.af(),
                        _ => self.rp::<I>(p),
                    };
                    self.push16(bus, v);
                } else {
                    match p {
                        0 => {
                            let nn = self.imm16(bus);
                            self.regs.wz = nn;
                            self.call(bus, nn);
                        }
                        1 => self.exec_prefixed(bus, 0xDD),
                        2 if I == HL => self.exec_ed_inline(bus),
                        2 => self.exec_ed(bus),
                        _ => self.exec_prefixed(bus, 0xFD),
                    }
                }
            }
            6 => {
                let n = self.imm8(bus);
                self.alu_a(y, n);
            }
            _ => {
                self.tick(1);
                let pc = self.regs.pc;
                self.push16(bus, pc);
                self.regs.pc = (y as u16) << 3;
                self.regs.wz = self.regs.pc;
            }
        }
    }

    /// CALL after its operand: one internal T-state, then the push.
    #[inline(always)]
    fn call<B: Bus>(&mut self, bus: &mut B, nn: u16) {
        self.tick(1);
        let pc = self.regs.pc;
        self.push16(bus, pc);
        self.regs.pc = nn;
    }

    #[inline(always)]
    pub(crate) fn ret<B: Bus>(&mut self, bus: &mut B) {
        let pc = self.pop16(bus);
        self.regs.pc = pc;
        self.regs.wz = pc;
    }
}
