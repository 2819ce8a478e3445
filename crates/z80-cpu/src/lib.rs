//! A Z80 CPU core with exact timing, for the MSX2 emulator.
//!
//! - Every documented and undocumented instruction, with the undocumented
//!   X/Y flag bits, MEMPTR (WZ) and Q.
//! - T-states per instruction as the real chip spends them, counted per
//!   machine cycle so that each bus access knows its time, plus a per-machine
//!   number of wait states on every M1 cycle (one on MSX).
//! - Interrupt modes 0, 1, 2, NMI, HALT, the EI delay.
//! - All state in plain structs ([`Registers`], [`Cpu`]); a stable byte
//!   format for save states ([`Cpu::save_state`], [`Cpu::load_state`]).
//!
//! ```
//! use z80_cpu::{Bus, Cpu};
//!
//! struct Ram([u8; 0x10000]);
//! impl Bus for Ram {
//!     fn read(&mut self, addr: u16, _cycle: u64) -> u8 { self.0[addr as usize] }
//!     fn write(&mut self, addr: u16, value: u8, _cycle: u64) { self.0[addr as usize] = value }
//!     fn input(&mut self, _port: u16, _cycle: u64) -> u8 { 0xFF }
//!     fn output(&mut self, _port: u16, _value: u8, _cycle: u64) {}
//! }
//!
//! let mut ram = Ram([0; 0x10000]);
//! ram.0[..3].copy_from_slice(&[0x3E, 0x2A, 0x76]); // LD A,42 ; HALT
//! let mut cpu = Cpu::new();
//! assert_eq!(cpu.step(&mut ram), 7);
//! assert_eq!(cpu.regs.a, 42);
//! cpu.run(&mut ram, 100);
//! assert!(cpu.regs.halted);
//! ```

#![forbid(unsafe_code)]

mod bus;
mod cpu;
mod opcodes;
mod registers;
mod state;
mod tables;

pub use bus::Bus;
pub use cpu::Cpu;
pub use registers::{flag, Registers};
pub use state::StateError;
