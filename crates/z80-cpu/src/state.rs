//! Save states: the whole CPU as a fixed, versioned byte layout.
//!
//! Layout (version 1, all multi-byte values little-endian):
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 4 | magic `Z80S` |
//! | 4 | 1 | version (1) |
//! | 5 | 8 | A F B C D E H L |
//! | 13 | 8 | AF' BC' DE' HL' |
//! | 21 | 8 | IX IY SP PC |
//! | 29 | 2 | I R |
//! | 31 | 3 | IFF1 IFF2 IM |
//! | 34 | 2 | WZ (MEMPTR) |
//! | 36 | 3 | Q, halted, EI delay |
//! | 39 | 8 | cycle counter |
//! | 47 | 6 | /INT level, NMI pending, pending prefix, M1 wait states, after LD A,I/R, Q of the previous instruction |
//!
//! Booleans are stored as 0 or 1; anything else is rejected.

use crate::cpu::Cpu;
use crate::registers::Registers;

const MAGIC: &[u8; 4] = b"Z80S";
const VERSION: u8 = 1;

/// Why a byte string is not a CPU state.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    #[error("CPU state must be {expected} bytes, got {found}")]
    WrongLength { expected: usize, found: usize },
    #[error("not a Z80 CPU state (magic bytes at offset 0 are not \"Z80S\")")]
    BadMagic,
    #[error("unsupported CPU state version {0} at offset 4 (this build reads version 1)")]
    UnsupportedVersion(u8),
    #[error("invalid {field} value {value:#04x} at byte offset {offset}")]
    InvalidValue {
        field: &'static str,
        offset: usize,
        value: u8,
    },
}

impl Cpu {
    /// Size in bytes of [`Cpu::save_state`]'s output.
    pub const STATE_LEN: usize = 53;

    /// The complete CPU state in the documented byte layout.
    pub fn save_state(&self) -> Vec<u8> {
        let r = &self.regs;
        let mut out = Vec::with_capacity(Self::STATE_LEN);
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        out.extend_from_slice(&[r.a, r.f, r.b, r.c, r.d, r.e, r.h, r.l]);
        for w in [
            r.af_alt, r.bc_alt, r.de_alt, r.hl_alt, r.ix, r.iy, r.sp, r.pc,
        ] {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&[r.i, r.r, r.iff1 as u8, r.iff2 as u8, r.im]);
        out.extend_from_slice(&r.wz.to_le_bytes());
        out.extend_from_slice(&[r.q, r.halted as u8, r.ei_delay as u8]);
        out.extend_from_slice(&self.cycles.to_le_bytes());
        out.extend_from_slice(&[
            self.int_line as u8,
            self.nmi_pending as u8,
            self.prefix,
            self.m1_wait_states(),
            self.after_ld_a_ir as u8,
            self.last_q,
        ]);
        debug_assert_eq!(out.len(), Self::STATE_LEN);
        out
    }

    /// Rebuilds a CPU from [`Cpu::save_state`] bytes.
    pub fn load_state(bytes: &[u8]) -> Result<Cpu, StateError> {
        if bytes.len() != Self::STATE_LEN {
            return Err(StateError::WrongLength {
                expected: Self::STATE_LEN,
                found: bytes.len(),
            });
        }
        if &bytes[0..4] != MAGIC {
            return Err(StateError::BadMagic);
        }
        if bytes[4] != VERSION {
            return Err(StateError::UnsupportedVersion(bytes[4]));
        }
        let word = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        let boolean = |at: usize, field: &'static str| match bytes[at] {
            0 => Ok(false),
            1 => Ok(true),
            value => Err(StateError::InvalidValue {
                field,
                offset: at,
                value,
            }),
        };
        let im = bytes[33];
        if im > 2 {
            return Err(StateError::InvalidValue {
                field: "interrupt mode",
                offset: 33,
                value: im,
            });
        }
        let prefix = bytes[49];
        if !matches!(prefix, 0 | 0xDD | 0xFD) {
            return Err(StateError::InvalidValue {
                field: "pending prefix",
                offset: 49,
                value: prefix,
            });
        }
        let regs = Registers {
            a: bytes[5],
            f: bytes[6],
            b: bytes[7],
            c: bytes[8],
            d: bytes[9],
            e: bytes[10],
            h: bytes[11],
            l: bytes[12],
            af_alt: word(13),
            bc_alt: word(15),
            de_alt: word(17),
            hl_alt: word(19),
            ix: word(21),
            iy: word(23),
            sp: word(25),
            pc: word(27),
            i: bytes[29],
            r: bytes[30],
            iff1: boolean(31, "IFF1")?,
            iff2: boolean(32, "IFF2")?,
            im,
            wz: word(34),
            q: bytes[36],
            halted: boolean(37, "halted")?,
            ei_delay: boolean(38, "EI delay")?,
        };
        let mut cycle_bytes = [0u8; 8];
        cycle_bytes.copy_from_slice(&bytes[39..47]);
        let mut cpu = Cpu {
            regs,
            cycles: u64::from_le_bytes(cycle_bytes),
            int_line: boolean(47, "/INT level")?,
            nmi_pending: boolean(48, "NMI pending")?,
            prefix,
            m1_cycles: 4 + u64::from(bytes[50]),
            after_ld_a_ir: boolean(51, "after LD A,I/R")?,
            last_q: bytes[52],
            attention: false,
            r_pending: 0,
        };
        cpu.refresh_attention();
        Ok(cpu)
    }
}
