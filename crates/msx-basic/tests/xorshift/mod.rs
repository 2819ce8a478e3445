//! The runtime tests' random numbers: a small deterministic generator
//! (xorshift64*), so that a failure reproduces from its seed. Each test
//! file adds the methods it needs (`impl Gen` in the same test crate).

#![allow(dead_code)]

pub struct Gen(pub u64);

impl Gen {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in 0..n.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}
