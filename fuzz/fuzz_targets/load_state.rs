//! A save state through `Machine::load_state`. The header (magic, version,
//! length, checksum) is put around the payload here, or the checksum would stop
//! nearly every input before the decoder. The payload is either the input
//! itself, or (more useful) a real state's payload edited by the input:
//! truncated, and bytes replaced, so that the fingerprint matches and the
//! decoder of every part of the machine is reached. One machine is built once
//! and reused (a failed load leaves it unchanged; a successful one is a state
//! like any other).
#![no_main]

use std::cell::RefCell;

use libfuzzer_sys::fuzz_target;
use msx_machine::machine::{Machine, MachineConfig, STATE_FORMAT_VERSION, STATE_MAGIC};
use msx_machine::memory::MachineLayout;

const HEADER_LEN: usize = 26;

thread_local! {
    static MACHINE: RefCell<(Machine, Vec<u8>)> = RefCell::new({
        let m = Machine::new(MachineConfig::new(MachineLayout::msx2(
            msx_bios::main_rom().to_vec(),
            msx_bios::sub_rom().to_vec(),
            None,
        )))
        .expect("machine");
        let payload = m.save_state()[HEADER_LEN..].to_vec();
        (m, payload)
    });
}

/// The checksum of the state format (FNV-1a, 64 bits).
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}

fuzz_target!(|data: &[u8]| {
    MACHINE.with(|cell| {
        let (machine, real) = &mut *cell.borrow_mut();
        let payload: Vec<u8> = match data.split_first() {
            Some((&0, raw)) => raw.to_vec(),
            Some((_, edits)) if edits.len() >= 3 => {
                // Keep this many bytes, then patch (offset:3 bytes, value).
                let keep = usize::from(u16::from_le_bytes([edits[0], edits[1]])) * 16
                    + usize::from(edits[2]);
                let mut p = real.clone();
                if keep < p.len() {
                    p.truncate(keep);
                }
                for e in edits[3..].chunks_exact(4) {
                    let at = (usize::from(e[0]) | usize::from(e[1]) << 8 | usize::from(e[2]) << 16)
                        % p.len().max(1);
                    if let Some(b) = p.get_mut(at) {
                        *b = e[3];
                    }
                }
                p
            }
            _ => return,
        };
        let mut bytes = Vec::with_capacity(HEADER_LEN + payload.len());
        bytes.extend_from_slice(STATE_MAGIC);
        bytes.extend_from_slice(&STATE_FORMAT_VERSION.to_le_bytes());
        bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&fnv1a(&payload).to_le_bytes());
        bytes.extend_from_slice(&payload);
        let _ = machine.load_state(&bytes);
    });
});
