//! Flag lookup tables, computed at compile time.
//!
//! Most 8-bit results set S, Z and the undocumented X/Y bits straight from the
//! result byte, and logical operations add the parity; a table lookup replaces
//! four tests per instruction.

use crate::registers::flag;

/// S, Z, Y and X of a result byte.
pub(crate) static SZXY: [u8; 256] = build(false);
/// S, Z, Y, X and P (even parity) of a result byte.
pub(crate) static SZXYP: [u8; 256] = build(true);

const fn build(with_parity: bool) -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let v = i as u8;
        let mut f = v & (flag::S | flag::XY);
        if v == 0 {
            f |= flag::Z;
        }
        if with_parity && v.count_ones() & 1 == 0 {
            f |= flag::PV;
        }
        t[i] = f;
        i += 1;
    }
    t
}

/// Even parity of a byte as the P/V flag bit.
#[inline(always)]
pub(crate) fn parity(v: u8) -> u8 {
    SZXYP[v as usize] & flag::PV
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_bit_counting() {
        for v in 0..=255u8 {
            let expect_p = if v.count_ones() & 1 == 0 { flag::PV } else { 0 };
            assert_eq!(parity(v), expect_p, "parity of {v:#04x}");
            assert_eq!(SZXY[v as usize] & flag::Z != 0, v == 0);
            assert_eq!(SZXY[v as usize] & flag::S != 0, v >= 0x80);
            assert_eq!(SZXY[v as usize] & flag::XY, v & 0x28);
            assert_eq!(SZXYP[v as usize] & !flag::PV, SZXY[v as usize]);
        }
    }
}
