//! Runs the BASIC runtime's Z80 routines on the `z80-cpu` core over flat
//! RAM, and a reference model of MSX-BASIC's decimal arithmetic written
//! here from the format's definition (digit arrays and exact integers),
//! for the runtime tests to compare against.

#![allow(dead_code)]

#[path = "../z80_call/mod.rs"]
mod z80_call;

use z80_cpu::Bus;

pub const RAM_BASE: u16 = 0xC000;
const ERROR_TRAP: u16 = 0xFF00;
use z80_call::RETURN_TRAP;

struct Ram(Vec<u8>);

impl Bus for Ram {
    fn read(&mut self, addr: u16, _cycle: u64) -> u8 {
        self.0[addr as usize]
    }
    fn write(&mut self, addr: u16, value: u8, _cycle: u64) {
        self.0[addr as usize] = value;
    }
    fn input(&mut self, _port: u16, _cycle: u64) -> u8 {
        0xFF
    }
    fn output(&mut self, _port: u16, _value: u8, _cycle: u64) {}
}

/// The assembled runtime in 64 KB of RAM.
pub struct Machine {
    ram: Ram,
    asm: z80_asm::Assembly,
    pub cycles: u64,
}

/// What a routine left: registers, or the MSX error code it raised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Ok { a: u8, f: u8, hl: u16 },
    Error(u8),
}

pub const DAC: u16 = RAM_BASE;
pub const ARG: u16 = RAM_BASE + 16;
pub const BUF: u16 = RAM_BASE + 50;

pub mod model;

impl Machine {
    pub fn new() -> Machine {
        let source = format!(
            "BCD_RAM EQU {RAM_BASE:#06X}\nBCD_ERROR EQU {ERROR_TRAP:#06X}\n org 100h\n{}",
            msx_basic::BCD_RUNTIME_ASM
        )
        .replace("0X", "0x");
        let asm = z80_asm::assemble(&source, "bcd.asm", &z80_asm::Options::default())
            .unwrap_or_else(|d| panic!("{}", d.render()));
        let mut ram = vec![0u8; 0x10000];
        let start = asm.origin as usize;
        ram[start..start + asm.bytes.len()].copy_from_slice(&asm.bytes);
        ram[ERROR_TRAP as usize] = 0x76;
        ram[RETURN_TRAP as usize] = 0x76;
        // Garbage in the work area, so nothing relies on it being zero.
        for (i, b) in ram[RAM_BASE as usize..RAM_BASE as usize + 96]
            .iter_mut()
            .enumerate()
        {
            *b = (i as u8).wrapping_mul(37).wrapping_add(0x5A);
        }
        let mut m = Machine {
            ram: Ram(ram),
            asm,
            cycles: 0,
        };
        assert!(matches!(m.call("bcd_init", 0), Outcome::Ok { .. }));
        m
    }

    pub fn symbol(&self, name: &str) -> u16 {
        self.asm
            .symbol(name)
            .unwrap_or_else(|| panic!("no symbol {name}"))
    }

    pub fn poke(&mut self, addr: u16, bytes: &[u8]) {
        self.ram.0[addr as usize..addr as usize + bytes.len()].copy_from_slice(bytes);
    }

    pub fn peek(&self, addr: u16, len: usize) -> Vec<u8> {
        self.ram.0[addr as usize..addr as usize + len].to_vec()
    }

    pub fn dac(&self) -> [u8; 8] {
        self.peek(DAC, 8).try_into().unwrap()
    }

    /// Calls `routine` with HL = `hl` (and DE = `de` via `call_de`).
    pub fn call(&mut self, routine: &str, hl: u16) -> Outcome {
        self.call_de(routine, hl, 0)
    }

    pub fn call_de(&mut self, routine: &str, hl: u16, de: u16) -> Outcome {
        let entry = self.symbol(routine);
        self.call_addr(entry, hl, de)
    }

    /// Calls code at an address (a stub poked into RAM).
    pub fn call_at(&mut self, entry: u16) -> Outcome {
        self.call_addr(entry, 0, 0)
    }

    fn call_addr(&mut self, entry: u16, hl: u16, de: u16) -> Outcome {
        let routine = format!("{entry:#06x}");
        let args = z80_call::Args {
            hl,
            de,
            ..Default::default()
        };
        let (cpu, cycles) =
            z80_call::call(&mut self.ram, entry, args, 50_000_000, |_| String::new());
        self.cycles = cycles;
        let pc = cpu.regs.pc.wrapping_sub(1);
        if pc == ERROR_TRAP {
            return Outcome::Error(cpu.regs.e);
        }
        assert_eq!(pc, RETURN_TRAP, "{routine} stopped elsewhere");
        assert_eq!(cpu.regs.sp, 0xFFE0, "{routine} unbalanced stack");
        Outcome::Ok {
            a: cpu.regs.a,
            f: cpu.regs.f,
            hl: cpu.regs.hl(),
        }
    }
}
