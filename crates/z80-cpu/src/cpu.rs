//! The CPU object: instruction stepping, interrupts and the machine cycles
//! every instruction is built from.
//!
//! Time is counted as the instruction runs: each machine cycle adds its
//! T-states to [`Cpu::cycles`] when it happens, so a bus access sees the time
//! of its own machine cycle and an instruction's length is simply the
//! difference of the counter before and after it.

use crate::bus::Bus;
use crate::registers::{flag, Registers};

/// A Z80 CPU. The bus is passed to every call instead of being owned, so
/// the machine keeps its devices and lends them to the CPU for one step or
/// one run.
///
/// Two CPUs are equal when their state is: the derived `attention` byte is
/// left out (it may lag a register set by hand until the next `step` or
/// `run`, which look at the registers themselves).
#[derive(Clone, Debug)]
pub struct Cpu {
    /// All registers, readable and writable between instructions.
    pub regs: Registers,
    pub(crate) cycles: u64,
    pub(crate) int_line: bool,
    pub(crate) nmi_pending: bool,
    /// A DD or FD prefix fetched as the last byte of the previous step (a
    /// chain of prefixes is executed one prefix per step, so that a memory
    /// full of DD bytes cannot trap `step` in an endless loop). 0 = none.
    pub(crate) prefix: u8,
    /// T-states of an M1 cycle: 4 plus the wait states (added as one
    /// number at every opcode fetch).
    pub(crate) m1_cycles: u64,
    /// The last instruction was `LD A,I` or `LD A,R`: an interrupt accepted
    /// right now clears P/V, the NMOS Z80 quirk.
    pub(crate) after_ld_a_ir: bool,
    /// Q of the previous instruction, for SCF/CCF (transient within a step).
    pub(crate) last_q: u8,
    /// Something other than a plain instruction may happen at the next
    /// step: a pending prefix, NMI, /INT asserted while IFF1 is set, HALT,
    /// or the one-instruction shadow of EI or LD A,I/R. Derived from those
    /// (never saved); lets the common step test one byte. Recomputed at the
    /// start of `step` and `run`, since callers may set `regs.halted`,
    /// `regs.ei_delay` or `regs.iff1`.
    ///
    /// /INT with IFF1 clear does not count: an interrupt handler runs with
    /// the line still asserted until it reads the device's status, and
    /// every instruction of it would otherwise go through the special step.
    /// Whatever sets IFF1 again sets `attention` itself: EI (its shadow),
    /// RETN/RETI (copying IFF2, when the line is asserted), a line change
    /// (`set_int_line`).
    pub(crate) attention: bool,
    /// M1 cycles whose refresh (R's low 7 bits going up by one) is not yet
    /// in `regs.r`: counting them costs one addition per instruction, the
    /// 7-bit increment with bit 7 kept costs several. Folded into `regs.r`
    /// (see [`Cpu::sync_r`]) before R is read or written and before `step`
    /// and `run` return, so it is always 0 between calls.
    pub(crate) r_pending: u8,
}

impl Cpu {
    /// Everything but the derived `attention` byte, for `Eq` and `Hash`.
    #[allow(clippy::type_complexity)]
    fn state_key(&self) -> (&Registers, u64, bool, bool, u8, u64, bool, u8, u8) {
        (
            &self.regs,
            self.cycles,
            self.int_line,
            self.nmi_pending,
            self.prefix,
            self.m1_cycles,
            self.after_ld_a_ir,
            self.last_q,
            self.r_pending,
        )
    }
}

impl PartialEq for Cpu {
    fn eq(&self, other: &Self) -> bool {
        self.state_key() == other.state_key()
    }
}

impl Eq for Cpu {}

impl core::hash::Hash for Cpu {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.state_key().hash(state);
    }
}

impl Default for Cpu {
    fn default() -> Self {
        Self::new()
    }
}

impl Cpu {
    /// A CPU in the power-on state of [`Registers::default`], cycle counter
    /// at zero, no wait states.
    pub fn new() -> Self {
        Cpu {
            regs: Registers::default(),
            cycles: 0,
            int_line: false,
            nmi_pending: false,
            prefix: 0,
            m1_cycles: 4,
            after_ld_a_ir: false,
            last_q: 0,
            attention: false,
            r_pending: 0,
        }
    }

    /// Recomputes [`Cpu::attention`] from the state it summarises.
    #[inline]
    pub(crate) fn refresh_attention(&mut self) {
        self.attention = self.prefix != 0
            || self.nmi_pending
            || (self.int_line && self.regs.iff1)
            || self.after_ld_a_ir
            || self.regs.halted
            || self.regs.ei_delay;
    }

    /// The /RESET line: PC, I, R, IM and the interrupt flip-flops go to
    /// zero; other registers keep their values, as on the real chip.
    pub fn reset(&mut self) {
        let r = &mut self.regs;
        r.pc = 0;
        r.i = 0;
        r.r = 0;
        r.im = 0;
        r.iff1 = false;
        r.iff2 = false;
        r.halted = false;
        r.ei_delay = false;
        r.wz = 0;
        r.q = 0;
        self.prefix = 0;
        self.nmi_pending = false;
        self.after_ld_a_ir = false;
        self.r_pending = 0;
        self.refresh_attention();
    }

    /// T-states elapsed since the counter was last set (wait states
    /// included). The bus receives this counter with every access.
    #[inline]
    pub fn cycles(&self) -> u64 {
        self.cycles
    }

    /// Sets the T-state counter (for example to rebase it each frame).
    pub fn set_cycles(&mut self, cycles: u64) {
        self.cycles = cycles;
    }

    /// Extra T-states added to every M1 (opcode fetch) cycle: 0 for a bare
    /// Z80, 1 for an MSX, whose engine inserts one wait state per M1. Each
    /// prefix byte is an M1 cycle of its own, so `LD IX,nn` gets two, and so
    /// do `DD CB d op` (DD and CB are M1; d and op are ordinary reads).
    /// Interrupt acknowledge and NMI response cycles are M1 cycles too.
    pub fn set_m1_wait_states(&mut self, waits: u8) {
        self.m1_cycles = 4 + u64::from(waits);
    }

    /// See [`Cpu::set_m1_wait_states`].
    pub fn m1_wait_states(&self) -> u8 {
        (self.m1_cycles - 4) as u8
    }

    /// Sets the level of the /INT input (`true` = asserted). The line is
    /// level-triggered: while it stays asserted and interrupts are enabled,
    /// an interrupt is accepted at the next instruction boundary. The device
    /// must release it (usually when its status is read).
    #[inline]
    pub fn set_int_line(&mut self, asserted: bool) {
        self.int_line = asserted;
        self.refresh_attention();
    }

    /// The current level of /INT as last set.
    pub fn int_line(&self) -> bool {
        self.int_line
    }

    /// A falling edge on /NMI: the non-maskable interrupt is accepted at the
    /// next instruction boundary, whatever IFF1 says.
    pub fn nmi(&mut self) {
        self.nmi_pending = true;
        self.attention = true;
    }

    /// An NMI edge has been seen and not yet accepted.
    pub fn nmi_pending(&self) -> bool {
        self.nmi_pending
    }

    /// True when the CPU is between the bytes of a prefixed instruction
    /// (after a DD/FD that was itself followed by DD/FD). No interrupt is
    /// accepted in that state.
    pub fn in_prefix(&self) -> bool {
        self.prefix != 0
    }

    /// Runs one instruction, or accepts one interrupt, or spends one M1
    /// cycle halted, and returns the T-states it took (wait states
    /// included).
    #[inline]
    pub fn step<B: Bus>(&mut self, bus: &mut B) -> u32 {
        let start = self.cycles;
        // `regs.halted`, `regs.ei_delay` and `regs.iff1` are tested as
        // well as `attention`, since the caller may have changed them.
        if self.attention | self.regs.halted | self.regs.ei_delay | (self.int_line & self.regs.iff1)
        {
            self.step_special(bus);
        } else {
            self.last_q = self.regs.q;
            self.regs.q = 0;
            let op = self.fetch_op(bus);
            self.exec_base_inline(bus, op);
        }
        self.sync_r();
        (self.cycles - start) as u32
    }

    /// A step with something pending: the rest of a prefixed instruction,
    /// an interrupt to accept, a halted M1 cycle, or the instruction after
    /// EI or LD A,I/R.
    #[inline(never)]
    fn step_special<B: Bus>(&mut self, bus: &mut B) {
        let after_ld_a_ir = core::mem::take(&mut self.after_ld_a_ir);
        if self.prefix != 0 {
            let prefix = core::mem::take(&mut self.prefix);
            self.exec_prefixed(bus, prefix);
        } else if self.nmi_pending {
            self.regs.ei_delay = false;
            self.accept_nmi(bus);
        } else if self.int_line && self.regs.iff1 && !self.regs.ei_delay {
            if after_ld_a_ir {
                self.regs.f &= !flag::PV;
            }
            self.accept_int(bus);
        } else {
            self.regs.ei_delay = false;
            self.last_q = self.regs.q;
            self.regs.q = 0;
            if self.regs.halted {
                // HALT repeats internal NOPs: one M1 cycle each, with refresh.
                self.inc_r();
                self.cycles += self.m1_cycles;
            } else {
                let op = self.fetch_op(bus);
                self.exec_base(bus, op);
            }
        }
        self.refresh_attention();
    }

    /// Whether the only thing pending is the EI shadow: no prefix, NMI,
    /// LD A,I/R flag fix-up or HALT (an /INT on the line waits for the
    /// shadow to end anyway).
    #[inline]
    fn only_ei_shadow(&self) -> bool {
        self.regs.ei_delay
            && self.prefix == 0
            && !self.nmi_pending
            && !self.after_ld_a_ir
            && !self.regs.halted
    }

    /// True while halted with no interrupt able to wake the CPU before the
    /// caller changes a line.
    #[inline]
    fn halted_for_good(&self) -> bool {
        self.regs.halted
            && self.prefix == 0
            && !self.nmi_pending
            && !(self.int_line && self.regs.iff1 && !self.regs.ei_delay)
    }

    /// Runs until the cycle counter reaches `until_cycle` (the last
    /// instruction may end a few T-states later), or until
    /// [`Bus::stop_run`] returns true after an instruction. While halted
    /// with no interrupt possible, time is skipped in whole M1 cycles
    /// without touching the bus.
    pub fn run<B: Bus>(&mut self, bus: &mut B, until_cycle: u64) {
        // The caller may have changed `regs.halted`, `regs.ei_delay` or
        // `regs.iff1`; inside the loop every change sets `attention` itself.
        self.refresh_attention();
        while self.cycles < until_cycle {
            if self.attention {
                if self.halted_for_good() {
                    let per = self.m1_cycles;
                    let n = (until_cycle - self.cycles).div_ceil(per);
                    self.cycles += n * per;
                    // Only R's low 7 bits count: n modulo 256 will do.
                    self.r_pending = self.r_pending.wrapping_add(n as u8);
                    self.regs.ei_delay = false;
                    // As n halted steps leave Q and the previous Q.
                    self.last_q = if n == 1 { self.regs.q } else { 0 };
                    self.regs.q = 0;
                    self.after_ld_a_ir = false;
                    self.refresh_attention();
                    break;
                }
                if !self.only_ei_shadow() {
                    self.step_special(bus);
                    if bus.stop_run() {
                        break;
                    }
                    continue;
                }
                // The instruction after EI (programs bracket their VDP
                // accesses with DI and EI): nothing else is pending, so it
                // runs on the fast path below. The shadow ends with it; an
                // interrupt waiting on the line is taken after it, since
                // `attention` stays set for the line (and anything the
                // instruction starts sets it again itself).
                self.regs.ei_delay = false;
                self.refresh_attention();
            }
            self.last_q = self.regs.q;
            self.regs.q = 0;
            let op = self.fetch_op(bus);
            self.exec_base_inline(bus, op);
            if bus.stop_run() {
                break;
            }
        }
        self.sync_r();
    }

    /// Advances the 7-bit refresh counter once, as every M1 cycle does
    /// (counted in `r_pending`, folded into R by [`Cpu::sync_r`]).
    #[inline(always)]
    pub(crate) fn inc_r(&mut self) {
        self.r_pending = self.r_pending.wrapping_add(1);
    }

    /// Folds the pending refreshes into `regs.r`: the low 7 bits go up by
    /// their number (modulo 128), bit 7 stays.
    #[inline(always)]
    pub(crate) fn sync_r(&mut self) {
        let n = core::mem::take(&mut self.r_pending);
        let r = self.regs.r;
        self.regs.r = (r & 0x80) | (r.wrapping_add(n) & 0x7F);
    }

    /// Whether the next [`Cpu::step`] accepts an interrupt (NMI, or /INT
    /// with interrupts enabled and no EI shadow) rather than executing the
    /// instruction at PC. Useful for tracers and debuggers.
    pub fn interrupt_due(&self) -> bool {
        self.prefix == 0
            && (self.nmi_pending || (self.int_line && self.regs.iff1 && !self.regs.ei_delay))
    }

    /// NMI response: a 5-T-state M1 cycle whose opcode is ignored, then a
    /// call to 0066h. IFF2 keeps the old IFF1 for RETN.
    fn accept_nmi<B: Bus>(&mut self, bus: &mut B) {
        self.nmi_pending = false;
        self.regs.halted = false;
        self.regs.iff1 = false;
        self.regs.q = 0;
        self.inc_r();
        self.cycles += 1 + self.m1_cycles;
        let pc = self.regs.pc;
        self.push16(bus, pc);
        self.regs.pc = 0x0066;
        self.regs.wz = 0x0066;
    }

    /// Maskable interrupt acceptance in the current mode.
    fn accept_int<B: Bus>(&mut self, bus: &mut B) {
        self.regs.halted = false;
        self.regs.iff1 = false;
        self.regs.iff2 = false;
        self.regs.ei_delay = false;
        self.last_q = self.regs.q;
        self.regs.q = 0;
        self.inc_r();
        let wait = self.m1_cycles - 4;
        match self.regs.im {
            0 => {
                // The acknowledge cycle is an M1 cycle with two automatic
                // wait states; the byte read is executed as an opcode. Only
                // one-byte instructions (RST n in practice) are fully
                // supported: operand bytes would come from memory at PC.
                let op = bus.int_ack(self.cycles);
                self.cycles += 6 + wait;
                self.exec_base(bus, op);
            }
            1 => {
                self.cycles += 7 + wait;
                let pc = self.regs.pc;
                self.push16(bus, pc);
                self.regs.pc = 0x0038;
                self.regs.wz = 0x0038;
            }
            _ => {
                let low = bus.int_ack(self.cycles);
                self.cycles += 7 + wait;
                let pc = self.regs.pc;
                self.push16(bus, pc);
                let vector = u16::from_be_bytes([self.regs.i, low]);
                let target = self.read16(bus, vector);
                self.regs.pc = target;
                self.regs.wz = target;
            }
        }
    }

    // ----- machine cycles -------------------------------------------------

    /// M1: opcode fetch at PC, refresh counter, 4 T-states plus wait states.
    #[inline(always)]
    pub(crate) fn fetch_op<B: Bus>(&mut self, bus: &mut B) -> u8 {
        let v = bus.fetch(self.regs.pc, self.cycles);
        self.regs.pc = self.regs.pc.wrapping_add(1);
        self.inc_r();
        self.cycles += self.m1_cycles;
        v
    }

    /// Internal T-states with no bus activity.
    #[inline(always)]
    pub(crate) fn tick(&mut self, n: u64) {
        self.cycles += n;
    }

    #[inline(always)]
    pub(crate) fn read8<B: Bus>(&mut self, bus: &mut B, addr: u16) -> u8 {
        let v = bus.read(addr, self.cycles);
        self.cycles += 3;
        v
    }

    #[inline(always)]
    pub(crate) fn write8<B: Bus>(&mut self, bus: &mut B, addr: u16, v: u8) {
        bus.write(addr, v, self.cycles);
        self.cycles += 3;
    }

    #[inline(always)]
    pub(crate) fn read16<B: Bus>(&mut self, bus: &mut B, addr: u16) -> u16 {
        let lo = self.read8(bus, addr);
        let hi = self.read8(bus, addr.wrapping_add(1));
        u16::from_le_bytes([lo, hi])
    }

    #[inline(always)]
    pub(crate) fn write16<B: Bus>(&mut self, bus: &mut B, addr: u16, v: u16) {
        let [lo, hi] = v.to_le_bytes();
        self.write8(bus, addr, lo);
        self.write8(bus, addr.wrapping_add(1), hi);
    }

    /// Operand byte at PC.
    #[inline(always)]
    pub(crate) fn imm8<B: Bus>(&mut self, bus: &mut B) -> u8 {
        let v = self.read8(bus, self.regs.pc);
        self.regs.pc = self.regs.pc.wrapping_add(1);
        v
    }

    /// Operand word at PC, low byte first.
    #[inline(always)]
    pub(crate) fn imm16<B: Bus>(&mut self, bus: &mut B) -> u16 {
        let lo = self.imm8(bus);
        let hi = self.imm8(bus);
        u16::from_le_bytes([lo, hi])
    }

    /// Two writes, high byte first, as the Z80 pushes.
    #[inline(always)]
    pub(crate) fn push16<B: Bus>(&mut self, bus: &mut B, v: u16) {
        let [lo, hi] = v.to_le_bytes();
        self.regs.sp = self.regs.sp.wrapping_sub(1);
        self.write8(bus, self.regs.sp, hi);
        self.regs.sp = self.regs.sp.wrapping_sub(1);
        self.write8(bus, self.regs.sp, lo);
    }

    #[inline(always)]
    pub(crate) fn pop16<B: Bus>(&mut self, bus: &mut B) -> u16 {
        let lo = self.read8(bus, self.regs.sp);
        self.regs.sp = self.regs.sp.wrapping_add(1);
        let hi = self.read8(bus, self.regs.sp);
        self.regs.sp = self.regs.sp.wrapping_add(1);
        u16::from_le_bytes([lo, hi])
    }

    #[inline(always)]
    pub(crate) fn port_in<B: Bus>(&mut self, bus: &mut B, port: u16) -> u8 {
        let v = bus.input(port, self.cycles);
        self.cycles += 4;
        v
    }

    #[inline(always)]
    pub(crate) fn port_out<B: Bus>(&mut self, bus: &mut B, port: u16, v: u8) {
        bus.output(port, v, self.cycles);
        self.cycles += 4;
    }

    /// Writes F and records it as this instruction's Q.
    #[inline(always)]
    pub(crate) fn set_f(&mut self, f: u8) {
        self.regs.f = f;
        self.regs.q = f;
    }

    /// Condition `cc` of JP/JR/CALL/RET: NZ Z NC C PO PE P M.
    #[inline(always)]
    pub(crate) fn cond(&self, cc: u8) -> bool {
        let f = self.regs.f;
        let set = match cc >> 1 {
            0 => f & flag::Z,
            1 => f & flag::C,
            2 => f & flag::PV,
            _ => f & flag::S,
        } != 0;
        set == (cc & 1 != 0)
    }
}
