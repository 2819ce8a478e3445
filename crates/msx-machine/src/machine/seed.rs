//! What [`MachineConfig::seed`](super::MachineConfig::seed) varies at power-on.
//!
//! A real MSX is not the same at every power-on, and that is what makes
//! `RND(-TIME)` or a `LD A,R` seed differ from one game to the next: above
//! all the floppy disk has stopped wherever it stopped, so the boot waits a
//! different time for each sector, and everything after it (the interrupt
//! count `TIME`, the R register at a given instruction) shifts. The seed
//! chooses that rotational position; the rest of the machine powers on as
//! always (the Z80 clears R at reset, the BIOS clears the RAM it uses).
//! Seed 0 is the disk standing at the index, the machine of every run before
//! the seed existed.

use crate::fdc::T_STATES_PER_TURN;

/// How far the disk has turned past the index at power-on, in T-states of
/// turning (below one turn): 0 for seed 0, else spread over the whole turn
/// so that neighbouring seeds give unrelated positions.
pub(super) fn disk_rotation(seed: u64) -> u64 {
    if seed == 0 {
        0
    } else {
        mix(seed) % T_STATES_PER_TURN
    }
}

/// A 64-bit bijective mixer (the SplitMix64 finalizer): every input bit
/// changes about half the output bits.
fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_zero_is_the_index() {
        assert_eq!(disk_rotation(0), 0);
    }

    #[test]
    fn seeds_spread_over_the_turn() {
        let positions: Vec<u64> = (1..=64).map(disk_rotation).collect();
        assert!(positions.iter().all(|&p| p < T_STATES_PER_TURN));
        let mut distinct = positions.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 64, "{positions:?}");
        // Both halves of the turn are reached.
        assert!(positions.iter().any(|&p| p < T_STATES_PER_TURN / 2));
        assert!(positions.iter().any(|&p| p >= T_STATES_PER_TURN / 2));
    }
}
