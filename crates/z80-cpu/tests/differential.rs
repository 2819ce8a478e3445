//! The core against the `z80` crate: random programs over every prefix
//! group, and raw random bytes. See `oracle/mod.rs` for what is compared.

mod oracle;

use oracle::gen::Generator;
use oracle::{compare, random_setup, Rng, CODE};

/// Structured random programs: `programs` of `groups` instruction groups.
/// Returns the instructions compared and how many programs reached their
/// end (a stray write into the program can make one loop; it then stops at
/// the step limit, compared all the way).
fn structured(seed: u64, programs: usize, groups: usize) -> (u64, usize) {
    let mut rng = Rng::new(seed);
    let mut steps = 0;
    let mut completed = 0;
    for n in 0..programs {
        let setup = random_setup(&mut rng);
        let program = Generator::new(&mut rng).program(groups, CODE + 16);
        match compare(&setup, &program, 50_000) {
            Ok(o) => {
                steps += o.steps;
                completed += o.halted as usize;
            }
            Err(e) => panic!("seed {seed:#x}, program {n}: {e}"),
        }
    }
    (steps, completed)
}

/// Raw random bytes as code: prefix chains, self-modifying code and all.
fn chaos(seed: u64, runs: usize, max_steps: u64) -> u64 {
    let mut rng = Rng::new(seed);
    let mut steps = 0;
    for n in 0..runs {
        let setup = random_setup(&mut rng);
        let program: Vec<u8> = (0..512).map(|_| rng.byte()).collect();
        match compare(&setup, &program, max_steps) {
            Ok(o) => steps += o.steps,
            Err(e) => panic!("chaos seed {seed:#x}, run {n}: {e}"),
        }
    }
    steps
}

#[test]
fn structured_programs_match_the_oracle() {
    let (steps, completed) = structured(0x5EED_0001, 300, 150);
    eprintln!("{steps} instructions compared, {completed} of 300 programs completed");
    assert!(
        completed >= 290,
        "only {completed} of 300 programs reached their end"
    );
    assert!(steps > 50_000, "only {steps} steps ran");
}

#[test]
fn random_bytes_match_the_oracle() {
    let steps = chaos(0xC4A0_5001, 300, 2_000);
    eprintln!("{steps} instructions compared");
    assert!(steps > 20_000, "only {steps} steps ran");
}

/// Millions of instructions: `cargo test -p z80-cpu --release -- --ignored`.
/// `Z80_DIFF_SCALE` multiplies the size (default 1).
#[test]
#[ignore]
fn long_differential_run() {
    let scale: usize = std::env::var("Z80_DIFF_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let (s1, completed) = structured(0x10A6_0000, 20_000 * scale, 200);
    let s2 = chaos(0x10A6_C4A0, 20_000 * scale, 5_000);
    eprintln!(
        "long differential run: {s1} structured steps ({completed} of {} programs completed), {s2} chaos steps",
        20_000 * scale
    );
}
