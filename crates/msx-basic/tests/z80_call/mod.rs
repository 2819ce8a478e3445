//! One call of a Z80 routine on the `z80-cpu` core, shared by the runtime
//! test harnesses (`runtime_harness`, `runtime_support`): the routine
//! returns to a trap address holding HALT, must keep IX and IY, and must
//! return within a number of cycles.

#![allow(dead_code)]

use z80_cpu::{Bus, Cpu};

/// Where a routine returns to (the harnesses put a HALT there).
pub const RETURN_TRAP: u16 = 0xFFF0;

/// The registers a call starts with.
#[derive(Clone, Copy, Default)]
pub struct Args {
    pub a: u8,
    pub bc: u16,
    pub de: u16,
    pub hl: u16,
}

/// Calls `entry` with `args` and the return address RETURN_TRAP on the
/// stack (SP = 0xFFDE, so 0xFFE0 after the return), runs until a HALT
/// (assertion failure after `limit` cycles, the message naming the place
/// with `near`), checks that IX and IY were kept. Gives the CPU at the
/// HALT (its PC is the halting address + 1) and the cycles it took.
pub fn call<B: Bus>(
    bus: &mut B,
    entry: u16,
    args: Args,
    limit: u64,
    near: impl Fn(u16) -> String,
) -> (Cpu, u64) {
    let mut cpu = Cpu::new();
    cpu.regs.pc = entry;
    cpu.regs.a = args.a;
    cpu.regs.set_bc(args.bc);
    cpu.regs.set_de(args.de);
    cpu.regs.set_hl(args.hl);
    cpu.regs.ix = 0x1234;
    cpu.regs.iy = 0x5678;
    bus.write(0xFFDE, RETURN_TRAP as u8, 0);
    bus.write(0xFFDF, (RETURN_TRAP >> 8) as u8, 0);
    cpu.regs.sp = 0xFFDE;
    let start = cpu.cycles();
    while !cpu.regs.halted {
        assert!(
            cpu.cycles() - start < limit,
            "{entry:#06x} does not return: at {:#06x} ({})",
            cpu.regs.pc,
            near(cpu.regs.pc)
        );
        cpu.step(bus);
    }
    assert_eq!(
        (cpu.regs.ix, cpu.regs.iy),
        (0x1234, 0x5678),
        "{entry:#06x} changed IX/IY"
    );
    let cycles = cpu.cycles() - start;
    (cpu, cycles)
}
