//! The programmer-visible state of the Z80, as one plain struct.
//!
//! Every field is public so that a debugger, a test or a BIOS trap served
//! from Rust can read and change any register between two instructions.

/// Flag bits of F.
pub mod flag {
    /// Carry.
    pub const C: u8 = 0x01;
    /// Add/subtract (used by DAA).
    pub const N: u8 = 0x02;
    /// Parity/overflow.
    pub const PV: u8 = 0x04;
    /// Undocumented copy of bit 3 of a result ("F3", XF).
    pub const X: u8 = 0x08;
    /// Half carry.
    pub const H: u8 = 0x10;
    /// Undocumented copy of bit 5 of a result ("F5", YF).
    pub const Y: u8 = 0x20;
    /// Zero.
    pub const Z: u8 = 0x40;
    /// Sign.
    pub const S: u8 = 0x80;
    /// Both undocumented bits.
    pub const XY: u8 = X | Y;
}

/// Z80 registers and the hidden state that influences later results.
///
/// `wz` (MEMPTR) and `q` are internal latches of the real chip: they are not
/// reachable by instructions, but they leak into the undocumented flag bits
/// (`BIT n,(HL)`, `SCF`, `CCF`), so a faithful save state has to keep them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Registers {
    pub a: u8,
    pub f: u8,
    pub b: u8,
    pub c: u8,
    pub d: u8,
    pub e: u8,
    pub h: u8,
    pub l: u8,
    /// Shadow AF' (A' in the high byte).
    pub af_alt: u16,
    /// Shadow BC'.
    pub bc_alt: u16,
    /// Shadow DE'.
    pub de_alt: u16,
    /// Shadow HL'.
    pub hl_alt: u16,
    pub ix: u16,
    pub iy: u16,
    pub sp: u16,
    pub pc: u16,
    /// Interrupt vector base (high byte of the IM 2 table address).
    pub i: u8,
    /// Memory refresh counter: the low 7 bits count M1 cycles, bit 7 only
    /// changes through `LD R,A`.
    pub r: u8,
    pub iff1: bool,
    pub iff2: bool,
    /// Interrupt mode: 0, 1 or 2.
    pub im: u8,
    /// MEMPTR, the internal address latch (also called WZ).
    pub wz: u16,
    /// The flags written by the last instruction, or 0 if it wrote none.
    /// Zilog chips compute SCF/CCF's X and Y bits from it.
    pub q: u8,
    /// The CPU executed HALT and waits for an interrupt. `pc` already points
    /// past the HALT opcode, which is the address an interrupt pushes.
    pub halted: bool,
    /// The previous instruction was EI: no maskable interrupt is accepted
    /// before the next instruction has run.
    pub ei_delay: bool,
}

impl Default for Registers {
    /// The state after power-on as most emulators assume it: AF and SP all
    /// ones, everything else zero. (Real chips power up with undefined values
    /// except PC, I, R, IFF1/2 and IM.)
    fn default() -> Self {
        Registers {
            a: 0xFF,
            f: 0xFF,
            b: 0,
            c: 0,
            d: 0,
            e: 0,
            h: 0,
            l: 0,
            af_alt: 0xFFFF,
            bc_alt: 0,
            de_alt: 0,
            hl_alt: 0,
            ix: 0xFFFF,
            iy: 0xFFFF,
            sp: 0xFFFF,
            pc: 0,
            i: 0,
            r: 0,
            iff1: false,
            iff2: false,
            im: 0,
            wz: 0,
            q: 0,
            halted: false,
            ei_delay: false,
        }
    }
}

impl Registers {
    #[inline(always)]
    pub fn af(&self) -> u16 {
        u16::from_be_bytes([self.a, self.f])
    }
    #[inline(always)]
    pub fn bc(&self) -> u16 {
        u16::from_be_bytes([self.b, self.c])
    }
    #[inline(always)]
    pub fn de(&self) -> u16 {
        u16::from_be_bytes([self.d, self.e])
    }
    #[inline(always)]
    pub fn hl(&self) -> u16 {
        u16::from_be_bytes([self.h, self.l])
    }
    #[inline(always)]
    pub fn set_af(&mut self, v: u16) {
        [self.a, self.f] = v.to_be_bytes();
    }
    #[inline(always)]
    pub fn set_bc(&mut self, v: u16) {
        [self.b, self.c] = v.to_be_bytes();
    }
    #[inline(always)]
    pub fn set_de(&mut self, v: u16) {
        [self.d, self.e] = v.to_be_bytes();
    }
    #[inline(always)]
    pub fn set_hl(&mut self, v: u16) {
        [self.h, self.l] = v.to_be_bytes();
    }
}
