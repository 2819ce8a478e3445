//! The motherboard: every device, and the Z80 bus that connects them.
//!
//! The CPU calls [`Bus`] with the T-state at which each machine cycle starts;
//! every device receives that time, so each catches up lazily to exactly the
//! moment of the access (see `docs/devices.md`). I/O ports are decoded by a
//! 256-entry table on the low address byte, as an MSX decodes them.
//!
//! The only interrupt source on this machine is the VDP (the Philips floppy
//! wiring polls the controller; the SCC has no interrupt). Any VDP port access
//! may change its INT output (reading S#0 clears it, enabling IE0 while F is
//! set raises it), so the board recomputes the level after each one and
//! flags a change for the run loop, which hands it to the CPU before the
//! next instruction.

use z80_cpu::Bus;

use super::debug_device::DebugDevice;
use super::printer::PrinterPort;
use crate::memory::Memory;
use crate::ppi::Ppi;
use crate::psg::Psg;
use crate::rtc::Rtc;
use crate::vdp::Vdp;

/// Which device answers an I/O port.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Port {
    /// Nothing: reads 0xFF, writes are lost.
    Open,
    /// 0x2E/0x2F.
    Debug,
    /// 0x90/0x91.
    Printer,
    /// 0x98–0x9B.
    Vdp,
    /// 0xA0–0xA2.
    Psg,
    /// 0xA8–0xAB.
    Ppi,
    /// 0xB4/0xB5.
    Rtc,
    /// 0xFC–0xFF.
    Mapper,
}

/// The I/O map of the machine (MSX2 Technical Handbook ch. 5 §7, and the
/// wiring table of `docs/devices.md`).
const PORTS: [Port; 256] = {
    let mut t = [Port::Open; 256];
    let ranges: [(usize, usize, Port); 7] = [
        (0x2E, 0x2F, Port::Debug),
        (0x90, 0x91, Port::Printer),
        (0x98, 0x9B, Port::Vdp),
        (0xA0, 0xA2, Port::Psg),
        (0xA8, 0xAB, Port::Ppi),
        (0xB4, 0xB5, Port::Rtc),
        (0xFC, 0xFF, Port::Mapper),
    ];
    let mut r = 0;
    while r < ranges.len() {
        let (from, to, dev) = ranges[r];
        let mut p = from;
        while p <= to {
            t[p] = dev;
            p += 1;
        }
        r += 1;
    }
    t
};

/// Every device of the machine, wired to the Z80 bus.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    pub memory: Memory,
    pub vdp: Vdp,
    pub psg: Psg,
    pub ppi: Ppi,
    pub rtc: Rtc,
    pub debug: DebugDevice,
    pub printer: PrinterPort,
    /// The /INT level as last computed from the VDP.
    pub int_level: bool,
    /// The run loop must end its stretch: the INT level changed, or a VDP
    /// register write may have moved the next interrupt.
    pub resync: bool,
    /// [`timing_key`] when the current stretch was planned.
    pub timing_key: u64,
}

/// What tells whether a register write changed the plan of the current
/// stretch: the VDP counts the value changes of the registers that decide
/// when the next interrupt comes and when the frame ends (IE1 and the mode
/// in R#0/R#1, NT and LN in R#9, vertical adjust R#18, interrupt line R#19,
/// vertical scroll R#23). Polling loops rewrite R#15 thousands of times per
/// frame; they need no new plan, and one comparison says so.
pub(crate) fn timing_key(vdp: &Vdp) -> u64 {
    vdp.timing_epoch()
}

impl Board {
    /// Recomputes the INT level after something may have changed it.
    #[inline]
    pub fn sync_int(&mut self) {
        let level = self.vdp.irq();
        if level != self.int_level {
            self.int_level = level;
            self.resync = true;
        }
    }

    /// After an `OUT` to the VDP that may have changed the INT level or the
    /// timing key.
    fn vdp_written(&mut self, port: u8) {
        // Ports 0x99 and 0x9B write registers (0x98 and 0x9A never touch
        // the interrupt logic); only the registers that move the next
        // interrupt or the frame end need a new plan.
        if port & 1 != 0 {
            let key = timing_key(&self.vdp);
            if key != self.timing_key {
                self.timing_key = key;
                self.resync = true;
            }
        }
        self.sync_int();
    }

    /// After a write to the PPI: the slot register and the key click follow
    /// its outputs.
    fn ppi_written(&mut self, now: u64) {
        self.memory.set_primary_slots(self.ppi.slot_select());
        self.psg.set_click(self.ppi.click(), now);
    }
}

impl Bus for Board {
    #[inline(always)]
    fn read(&mut self, addr: u16, cycle: u64) -> u8 {
        self.memory.read(addr, cycle)
    }

    #[inline(always)]
    fn write(&mut self, addr: u16, value: u8, cycle: u64) {
        self.memory.write(addr, value, cycle)
    }

    fn input(&mut self, port: u16, cycle: u64) -> u8 {
        let port = port as u8;
        // As for OUT: the VDP (polled through S#2, S#0 in the interrupt
        // handler) before the table, the other devices out of line.
        if port & 0xFC == 0x98 {
            self.vdp_input(port, cycle)
        } else {
            self.other_input(port, cycle)
        }
    }

    /// The CPU's `run` returns after the instruction that made a resync
    /// necessary.
    #[inline(always)]
    fn stop_run(&mut self) -> bool {
        self.resync
    }

    fn output(&mut self, port: u16, value: u8, cycle: u64) {
        let port = port as u8;
        // The VDP takes most OUTs: tested before the table, and the other
        // devices out of line, so this call keeps a small frame.
        if port & 0xFC == 0x98 {
            self.vdp_output(port, value, cycle);
        } else {
            self.other_output(port, value, cycle);
        }
    }
}

impl Board {
    /// An `IN` from the VDP (0x98–0x9B). The mark is kept (not taken): the
    /// next `OUT` still looks at the timing key as before.
    #[inline(always)]
    fn vdp_input(&mut self, port: u8, cycle: u64) -> u8 {
        let v = self.vdp.read_port(port, cycle);
        if self.vdp.irq_check() {
            self.sync_int();
        }
        v
    }

    /// An `IN` from any other port.
    #[inline(never)]
    fn other_input(&mut self, port: u8, cycle: u64) -> u8 {
        match PORTS[usize::from(port)] {
            Port::Open | Port::Debug => 0xFF,
            Port::Printer => self.printer.read(port),
            Port::Vdp => self.vdp_input(port, cycle),
            Port::Psg => self.psg.read_io(port, cycle),
            Port::Ppi => self.ppi.read(port),
            Port::Rtc => self.rtc.read_io(port, cycle),
            Port::Mapper => self.memory.read_mapper_port(port),
        }
    }

    /// An `OUT` to the VDP (0x98–0x9B).
    #[inline(always)]
    fn vdp_output(&mut self, port: u8, value: u8, cycle: u64) {
        self.vdp.write_port(port, value, cycle);
        // Most writes only move the VDP's time or store a plain register:
        // then neither the INT level nor the timing key can have changed,
        // and the VDP says so.
        // (Tested first and taken only when set: no store on the common
        // OUT.)
        if self.vdp.irq_check() {
            self.vdp.take_irq_check();
            self.vdp_written(port);
        }
    }

    /// An `OUT` to any other port.
    #[inline(never)]
    fn other_output(&mut self, port: u8, value: u8, cycle: u64) {
        match PORTS[usize::from(port)] {
            Port::Open => {}
            Port::Debug => self.debug.write(port, value, cycle),
            Port::Printer => self.printer.write(port, value),
            Port::Vdp => self.vdp_output(port, value, cycle),
            Port::Psg => self.psg.write_io(port, value, cycle),
            Port::Ppi => {
                self.ppi.write(port, value);
                self.ppi_written(cycle);
            }
            Port::Rtc => self.rtc.write_io(port, value, cycle),
            Port::Mapper => self.memory.write_mapper_port(port, value),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn port_map() {
        let named = |p: usize| PORTS[p];
        assert_eq!(named(0x2E), Port::Debug);
        assert_eq!(named(0x8F), Port::Open);
        assert_eq!(named(0x90), Port::Printer);
        assert_eq!(named(0x91), Port::Printer);
        assert_eq!(named(0x92), Port::Open);
        assert_eq!(named(0x97), Port::Open);
        assert_eq!(named(0x9B), Port::Vdp);
        assert_eq!(named(0x9C), Port::Open);
        assert_eq!(named(0xA2), Port::Psg);
        assert_eq!(named(0xA3), Port::Open);
        assert_eq!(named(0xAB), Port::Ppi);
        assert_eq!(named(0xB5), Port::Rtc);
        assert_eq!(named(0xFC), Port::Mapper);
        assert_eq!(PORTS.iter().filter(|&&p| p != Port::Open).count(), 21);
    }
}
