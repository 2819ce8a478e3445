//! Arithmetic and logic as pure functions: operands and old flags in,
//! result and new flags out. Keeping them free of CPU state makes each one
//! checkable on its own and lets every addressing mode share them.

use crate::registers::flag;
use crate::tables::{SZXY, SZXYP};

/// ADD/ADC: `cin` is 0 or 1.
#[inline(always)]
pub(crate) fn add8(a: u8, b: u8, cin: u8) -> (u8, u8) {
    let wide = a as u16 + b as u16 + cin as u16;
    let r = wide as u8;
    let mut f = SZXY[r as usize] | ((a ^ b ^ r) & flag::H);
    // Overflow: both operands had the same sign and the result has the other.
    f |= (((a ^ r) & (b ^ r)) >> 5) & flag::PV;
    f |= (wide >> 8) as u8;
    (r, f)
}

/// SUB/SBC: `cin` is the borrow, 0 or 1.
#[inline(always)]
pub(crate) fn sub8(a: u8, b: u8, cin: u8) -> (u8, u8) {
    let wide = (a as u16).wrapping_sub(b as u16).wrapping_sub(cin as u16);
    let r = wide as u8;
    let mut f = SZXY[r as usize] | ((a ^ b ^ r) & flag::H) | flag::N;
    f |= (((a ^ b) & (a ^ r)) >> 5) & flag::PV;
    f |= ((wide >> 8) as u8) & flag::C;
    (r, f)
}

/// CP: a subtraction whose X/Y bits come from the operand, not the result.
#[inline(always)]
pub(crate) fn cp8(a: u8, b: u8) -> u8 {
    let (_, f) = sub8(a, b, 0);
    (f & !flag::XY) | (b & flag::XY)
}

/// The eight accumulator operations of opcodes 0x80-0xBF and 0xC6-0xFE,
/// selected by bits 5-3 of the opcode: ADD ADC SUB SBC AND XOR OR CP.
#[inline(always)]
pub(crate) fn alu(op: u8, a: u8, b: u8, f: u8) -> (u8, u8) {
    let carry = f & flag::C;
    match op & 7 {
        0 => add8(a, b, 0),
        1 => add8(a, b, carry),
        2 => sub8(a, b, 0),
        3 => sub8(a, b, carry),
        4 => {
            let r = a & b;
            (r, SZXYP[r as usize] | flag::H)
        }
        5 => {
            let r = a ^ b;
            (r, SZXYP[r as usize])
        }
        6 => {
            let r = a | b;
            (r, SZXYP[r as usize])
        }
        _ => (a, cp8(a, b)),
    }
}

/// INC r: carry is kept.
#[inline(always)]
pub(crate) fn inc8(v: u8, f: u8) -> (u8, u8) {
    let r = v.wrapping_add(1);
    let mut nf = (f & flag::C) | SZXY[r as usize];
    if v & 0x0F == 0x0F {
        nf |= flag::H;
    }
    if v == 0x7F {
        nf |= flag::PV;
    }
    (r, nf)
}

/// DEC r: carry is kept.
#[inline(always)]
pub(crate) fn dec8(v: u8, f: u8) -> (u8, u8) {
    let r = v.wrapping_sub(1);
    let mut nf = (f & flag::C) | SZXY[r as usize] | flag::N;
    if v & 0x0F == 0 {
        nf |= flag::H;
    }
    if v == 0x80 {
        nf |= flag::PV;
    }
    (r, nf)
}

/// The CB-prefixed shifts and rotations, selected by bits 5-3 of the
/// opcode: RLC RRC RL RR SLA SRA SLL SRL. SLL (undocumented) shifts a 1 in.
#[inline(always)]
pub(crate) fn rot(op: u8, v: u8, f: u8) -> (u8, u8) {
    let cin = f & flag::C;
    let (r, cout) = match op & 7 {
        0 => (v.rotate_left(1), v >> 7),
        1 => (v.rotate_right(1), v & 1),
        2 => ((v << 1) | cin, v >> 7),
        3 => ((v >> 1) | (cin << 7), v & 1),
        4 => (v << 1, v >> 7),
        5 => ((v >> 1) | (v & 0x80), v & 1),
        6 => ((v << 1) | 1, v >> 7),
        _ => (v >> 1, v & 1),
    };
    (r, SZXYP[r as usize] | cout)
}

/// RLCA RRCA RLA RRA (opcodes 0x07/0x0F/0x17/0x1F, `op` 0..3): like the CB
/// forms but S, Z and P/V are kept.
#[inline(always)]
pub(crate) fn rot_a(op: u8, a: u8, f: u8) -> (u8, u8) {
    let (r, rf) = rot(op, a, f);
    (
        r,
        (f & (flag::S | flag::Z | flag::PV)) | (rf & (flag::C | flag::XY)),
    )
}

/// BIT n,v. X and Y come from `xy_source`: the operand for registers, an
/// internal address byte for the memory forms.
#[inline(always)]
pub(crate) fn bit(n: u8, v: u8, xy_source: u8, f: u8) -> u8 {
    let masked = v & (1 << (n & 7));
    let mut nf = (f & flag::C) | flag::H | (xy_source & flag::XY);
    if masked == 0 {
        nf |= flag::Z | flag::PV;
    }
    nf | (masked & flag::S)
}

/// ADD HL,rr (and ADD IX/IY,rr): S, Z and P/V are kept; H is the carry out
/// of bit 11; X/Y come from the high byte of the result.
#[inline(always)]
pub(crate) fn add16(a: u16, b: u16, f: u8) -> (u16, u8) {
    let wide = a as u32 + b as u32;
    let r = wide as u16;
    let hi = (r >> 8) as u8;
    let nf = (f & (flag::S | flag::Z | flag::PV))
        | (hi & flag::XY)
        | ((((a ^ b ^ r) >> 8) as u8) & flag::H)
        | ((wide >> 16) as u8);
    (r, nf)
}

/// ADC HL,rr.
#[inline(always)]
pub(crate) fn adc16(a: u16, b: u16, f: u8) -> (u16, u8) {
    let wide = a as u32 + b as u32 + (f & flag::C) as u32;
    let r = wide as u16;
    let hi = (r >> 8) as u8;
    let mut nf =
        (hi & (flag::S | flag::XY)) | ((((a ^ b ^ r) >> 8) as u8) & flag::H) | ((wide >> 16) as u8);
    if r == 0 {
        nf |= flag::Z;
    }
    nf |= ((((a ^ r) & (b ^ r)) >> 13) as u8) & flag::PV;
    (r, nf)
}

/// SBC HL,rr.
#[inline(always)]
pub(crate) fn sbc16(a: u16, b: u16, f: u8) -> (u16, u8) {
    let wide = (a as u32)
        .wrapping_sub(b as u32)
        .wrapping_sub((f & flag::C) as u32);
    let r = wide as u16;
    let hi = (r >> 8) as u8;
    let mut nf = (hi & (flag::S | flag::XY))
        | ((((a ^ b ^ r) >> 8) as u8) & flag::H)
        | (((wide >> 16) as u8) & flag::C)
        | flag::N;
    if r == 0 {
        nf |= flag::Z;
    }
    nf |= ((((a ^ b) & (a ^ r)) >> 13) as u8) & flag::PV;
    (r, nf)
}

/// DAA: the correction the Z80 adds (or, after a subtraction, subtracts)
/// depends on the low nibble, H, the whole value and C; N is kept.
#[inline(always)]
pub(crate) fn daa(a: u8, f: u8) -> (u8, u8) {
    let mut correction = 0u8;
    let mut carry = f & flag::C;
    if f & flag::H != 0 || a & 0x0F > 9 {
        correction |= 0x06;
    }
    if carry != 0 || a > 0x99 {
        correction |= 0x60;
        carry = flag::C;
    }
    let subtract = f & flag::N != 0;
    let (r, half) = if subtract {
        (a.wrapping_sub(correction), f & flag::H != 0 && a & 0x0F < 6)
    } else {
        (a.wrapping_add(correction), a & 0x0F > 9)
    };
    let mut nf = SZXYP[r as usize] | carry | (f & flag::N);
    if half {
        nf |= flag::H;
    }
    (r, nf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_and_sub_flags_on_known_cases() {
        // 0x7F + 1 overflows into the sign bit.
        assert_eq!(add8(0x7F, 1, 0), (0x80, flag::S | flag::H | flag::PV));
        // 0xFF + 1 wraps to zero with carry and half carry.
        assert_eq!(add8(0xFF, 1, 0), (0, flag::Z | flag::H | flag::C));
        // 0x80 - 1 overflows.
        assert_eq!(
            sub8(0x80, 1, 0),
            (0x7F, flag::H | flag::PV | flag::N | flag::XY)
        );
        // 0 - 1 borrows.
        assert_eq!(
            sub8(0, 1, 0),
            (0xFF, flag::S | flag::H | flag::N | flag::C | flag::XY)
        );
    }

    #[test]
    fn sixteen_bit_adc_sbc_set_zero_and_overflow() {
        assert_eq!(
            adc16(0xFFFF, 0, flag::C).1 & (flag::Z | flag::C),
            flag::Z | flag::C
        );
        assert_eq!(sbc16(0x8000, 1, 0).1 & flag::PV, flag::PV);
        assert_eq!(sbc16(0x1234, 0x1234, 0).0, 0);
    }
}
