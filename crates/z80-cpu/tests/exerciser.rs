//! An instruction exerciser in the spirit of ZEXDOC/ZEXALL, written for
//! this project: for each instruction group, every value of A with every
//! operand byte and both carry values (other flag bits random), or with
//! every value of F for the groups without operand, goes through the
//! instruction on both cores. Each case is `POP AF ; <op> ;
//! PUSH AF ; INC SP ; INC SP` over a table of (F, A) pairs, so every result
//! is a compared bus write (see `oracle/mod.rs`); a CRC-32 of the results
//! per group is printed as a fingerprint, as ZEXALL does.
//!
//! The default run takes a sample of A values; the full run is part of
//! `cargo test -p z80-cpu --release -- --ignored`.

mod oracle;

use oracle::{compare, Rng, Setup};

const TABLE: u16 = 0x8000;

/// How the second input of a group varies.
#[derive(Clone, Copy)]
enum Input {
    /// An immediate operand byte after the opcode, all 256 values, with
    /// both carries (other flag bits random).
    Immediate,
    /// Bits 5-3 of the last opcode byte (BIT n), all 8, with all 256 F.
    BitIndex,
    /// No operand: all 256 values of F instead.
    Flags,
}

/// One instruction group: a name, its opcode bytes and what varies.
struct Group {
    name: &'static str,
    bytes: &'static [u8],
    input: Input,
}

fn groups() -> Vec<Group> {
    use Input::*;
    let g = |name, bytes, input| Group { name, bytes, input };
    vec![
        g("add a,n", &[0xC6], Immediate),
        g("adc a,n", &[0xCE], Immediate),
        g("sub n", &[0xD6], Immediate),
        g("sbc a,n", &[0xDE], Immediate),
        g("and n", &[0xE6], Immediate),
        g("xor n", &[0xEE], Immediate),
        g("or n", &[0xF6], Immediate),
        g("cp n", &[0xFE], Immediate),
        g("inc a", &[0x3C], Flags),
        g("dec a", &[0x3D], Flags),
        g("rlca", &[0x07], Flags),
        g("rrca", &[0x0F], Flags),
        g("rla", &[0x17], Flags),
        g("rra", &[0x1F], Flags),
        g("daa", &[0x27], Flags),
        g("cpl", &[0x2F], Flags),
        g("neg", &[0xED, 0x44], Flags),
        g("rlc a", &[0xCB, 0x07], Flags),
        g("rrc a", &[0xCB, 0x0F], Flags),
        g("rl a", &[0xCB, 0x17], Flags),
        g("rr a", &[0xCB, 0x1F], Flags),
        g("sla a", &[0xCB, 0x27], Flags),
        g("sra a", &[0xCB, 0x2F], Flags),
        g("sll a", &[0xCB, 0x37], Flags),
        g("srl a", &[0xCB, 0x3F], Flags),
        g("bit n,a", &[0xCB, 0x47], BitIndex),
    ]
}

/// The (instruction bytes, F) pairs of one group for one value of A.
fn group_cases(group: &Group, rng: &mut Rng) -> Vec<(Vec<u8>, u8)> {
    let mut out = Vec::new();
    match group.input {
        Input::Immediate => {
            for n in 0..=255u8 {
                for carry in [0u8, 1] {
                    let mut b = group.bytes.to_vec();
                    b.push(n);
                    out.push((b, (rng.byte() & !1) | carry));
                }
            }
        }
        Input::BitIndex => {
            for bit in 0..8u8 {
                for f in 0..=255u8 {
                    let mut b = group.bytes.to_vec();
                    *b.last_mut().unwrap() |= bit << 3;
                    out.push((b, f));
                }
            }
        }
        Input::Flags => {
            for f in 0..=255u8 {
                out.push((group.bytes.to_vec(), f));
            }
        }
    }
    out
}

/// CRC-32 (IEEE), bitwise: small and independent of the core.
fn crc32(bytes: &[u8], mut crc: u32) -> u32 {
    crc = !crc;
    for &b in bytes {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// Runs one group for the given A values; returns the CRC of all results
/// and the number of cases.
fn exercise(group: &Group, a_values: &[u8], rng: &mut Rng) -> (u32, usize) {
    let mut crc = 0;
    let mut cases = 0;
    for &a in a_values {
        let mut mem = vec![0u8; 0x10000];
        let mut program = Vec::new();
        let mut slot = 0usize;
        for (bytes, f) in group_cases(group, rng) {
            mem[TABLE as usize + 2 * slot] = f;
            mem[TABLE as usize + 2 * slot + 1] = a;
            slot += 1;
            program.push(0xF1); // POP AF
            program.extend(bytes);
            program.extend([0xF5, 0x33, 0x33]); // PUSH AF ; INC SP ; INC SP
        }
        program.push(0x76);
        let setup = Setup {
            mem,
            pairs: [0; 8],
            ix: 0,
            iy: 0,
            sp: TABLE,
            i: 0,
            r: 0,
            im: 1,
            iff: false,
            wz: 0,
        };
        let outcome = compare(&setup, &program, 10_000_000)
            .unwrap_or_else(|e| panic!("{} with A={a:#04x}: {e}", group.name));
        assert!(outcome.halted, "{}: program did not finish", group.name);
        let results = &outcome.mem[TABLE as usize..TABLE as usize + 2 * slot];
        crc = crc32(results, crc);
        cases += slot;
    }
    (crc, cases)
}

fn run(a_values: &[u8]) -> usize {
    let mut rng = Rng::new(0xE4E7_C15E);
    let mut total = 0;
    for group in groups() {
        let (crc, cases) = exercise(&group, a_values, &mut rng);
        eprintln!("{:<10} {cases:>7} cases  crc {crc:08x}  OK", group.name);
        total += cases;
    }
    total
}

#[test]
fn exerciser_sample_matches_the_oracle() {
    let sample = [
        0x00, 0x01, 0x0F, 0x10, 0x5A, 0x7F, 0x80, 0x99, 0x9A, 0xF0, 0xFF,
    ];
    assert!(run(&sample) > 40_000);
}

/// Every value of A: about 2.7 million cases.
#[test]
#[ignore]
fn exerciser_full_matches_the_oracle() {
    let all: Vec<u8> = (0..=255).collect();
    let cases = run(&all);
    eprintln!("exerciser: {cases} cases");
}
