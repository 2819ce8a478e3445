//! What the CPU needs from the machine around it.

/// The Z80's view of the machine: memory, I/O ports and the interrupting
/// device.
///
/// All methods take `&mut self` because reading a device changes it (a VDP
/// data-port read advances the VRAM pointer, a status read clears flags).
///
/// # Time
///
/// Every call receives `cycle`: the CPU's running T-state counter
/// ([`crate::Cpu::cycles`]) at the **start of the machine cycle** that
/// performs the access, wait states of earlier machine cycles included.
/// The data of a read is sampled, and the data of a write is valid, within
/// the 3 (memory) or 4 (I/O) T-states that follow. Devices whose behaviour
/// depends on time (VDP, PSG, timers) can catch up to `cycle` before
/// answering.
pub trait Bus {
    /// Reads a byte of memory (operands, data, stack).
    fn read(&mut self, addr: u16, cycle: u64) -> u8;

    /// Writes a byte of memory.
    fn write(&mut self, addr: u16, value: u8, cycle: u64);

    /// Reads an opcode byte in an M1 cycle (the opcode itself and each
    /// CB/DD/ED/FD prefix; not the displacement or the opcode after
    /// DD CB / FD CB, which are ordinary reads). The default is [`Bus::read`].
    #[inline(always)]
    fn fetch(&mut self, addr: u16, cycle: u64) -> u8 {
        self.read(addr, cycle)
    }

    /// Reads an I/O port. `port` is the full 16-bit address the Z80 puts on
    /// the bus: `A:n` for `IN A,(n)`, `BC` for `IN r,(C)` and the block
    /// instructions. MSX decodes only the low byte.
    fn input(&mut self, port: u16, cycle: u64) -> u8;

    /// Writes an I/O port (the address as for [`Bus::input`]).
    fn output(&mut self, port: u16, value: u8, cycle: u64);

    /// The byte the interrupting device puts on the data bus during the
    /// interrupt acknowledge cycle: the opcode executed in IM 0, the low byte
    /// of the vector address in IM 2. Unused in IM 1. A floating MSX bus
    /// reads 0xFF (which in IM 0 is `RST 38h`).
    #[inline(always)]
    fn int_ack(&mut self, cycle: u64) -> u8 {
        let _ = cycle;
        0xFF
    }

    /// Asked by [`crate::Cpu::run`] after every instruction: `true` makes
    /// `run` return before `until_cycle`, so that a device whose state
    /// changed (an interrupt line, a new VDP timing) can have the machine
    /// re-plan. The default never stops, and costs nothing.
    #[inline(always)]
    fn stop_run(&mut self) -> bool {
        false
    }
}
