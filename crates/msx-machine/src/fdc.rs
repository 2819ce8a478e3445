//! WD2793 floppy controller, Philips wiring (being written).

/// The Philips disk interface.
#[derive(Clone, Debug)]
pub struct PhilipsFdc {
    drives: u8,
}

impl PhilipsFdc {
    /// A controller with `drives` drives (1 or 2), all empty.
    pub fn new(drives: u8) -> Self {
        Self { drives }
    }

    /// Number of drives.
    pub fn drives(&self) -> u8 {
        self.drives
    }

    /// Read of register `reg` (0–7 = 0x7FF8–0x7FFF).
    pub fn read(&mut self, reg: u8, now: u64) -> u8 {
        self.peek(reg, now)
    }

    /// Read without side effects.
    pub fn peek(&self, _reg: u8, _now: u64) -> u8 {
        0xFF
    }

    /// Write of register `reg`.
    pub fn write(&mut self, _reg: u8, _value: u8, _now: u64) {}
}
