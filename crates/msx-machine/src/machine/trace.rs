//! Instruction trace: what the CPU executed, with its registers before each
//! instruction. The machine only records; turning the bytes into mnemonics
//! is the caller's business (`msx run --trace` uses `z80_asm::disassemble_one`),
//! which keeps the emulator free of the toolchain crates.
//!
//! The trace is bounded: it keeps the last `limit` entries (what led up to
//! the moment the run stopped) and counts how many were dropped.

use std::collections::VecDeque;

use z80_cpu::Registers;

/// What a trace entry records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceKind {
    /// An instruction at `pc` was executed.
    Instruction,
    /// A maskable interrupt was accepted at `pc` (the address pushed).
    Interrupt,
    /// A non-maskable interrupt was accepted at `pc`.
    Nmi,
}

/// One step of the CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceEntry {
    /// T-state at which the step started.
    pub cycle: u64,
    /// Frame (since power-on) in which it ran.
    pub frame: u64,
    /// Instruction or interrupt.
    pub kind: TraceKind,
    /// The four bytes at PC as the CPU saw them (enough for any Z80
    /// instruction; read without side effects).
    pub bytes: [u8; 4],
    /// The registers before the step (`regs.pc` is the instruction's address).
    pub regs: Registers,
}

/// The bounded trace buffer.
#[derive(Clone, Debug)]
pub(crate) struct Trace {
    entries: VecDeque<TraceEntry>,
    limit: usize,
    dropped: u64,
}

impl Trace {
    pub fn new(limit: usize) -> Self {
        Trace {
            entries: VecDeque::with_capacity(limit.min(1 << 16)),
            limit: limit.max(1),
            dropped: 0,
        }
    }

    pub fn push(&mut self, entry: TraceEntry) {
        if self.entries.len() == self.limit {
            self.entries.pop_front();
            self.dropped += 1;
        }
        self.entries.push_back(entry);
    }

    /// The entries kept and the number dropped before them; the buffer is
    /// emptied.
    pub fn take(&mut self) -> (Vec<TraceEntry>, u64) {
        let dropped = std::mem::take(&mut self.dropped);
        (self.entries.drain(..).collect(), dropped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_entries() {
        let mut t = Trace::new(2);
        for cycle in 0..5 {
            t.push(TraceEntry {
                cycle,
                frame: 0,
                kind: TraceKind::Instruction,
                bytes: [0; 4],
                regs: Registers::default(),
            });
        }
        let (entries, dropped) = t.take();
        assert_eq!(dropped, 3);
        assert_eq!(entries.iter().map(|e| e.cycle).collect::<Vec<_>>(), [3, 4]);
        assert_eq!(t.take().0.len(), 0);
    }
}
