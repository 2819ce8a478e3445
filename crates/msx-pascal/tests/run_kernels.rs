//! The code-quality kernels (`tests/kernels/*.pas`): each is run and its output checked
//! against the value worked out from Pascal's semantics (16-bit wrapping integers,
//! division toward zero); the cycles and bytes are printed for `docs/performance.md`
//! (`cargo test -p msx-pascal --test run_kernels -- --nocapture`), and bounded so that a
//! regression in the code generator fails the test.

use msx_pascal::lower::compile;
use msx_pascal::{render_diagnostics, DirFiles};
use z80_codegen::sim::{Sim, Stop};
use z80_codegen::Target;

/// (file, expected output, cycle budget)
const KERNELS: &[(&str, &str, u64)] = &[
    ("sieve.pas", "1027\r\n", 8_000_000),
    ("bubble.pas", "210 1 -2682\r\n", 13_000_000),
    ("muldiv.pas", "-3945\r\n", 18_000_000),
    ("copy.pas", "-3788\r\n", 8_000_000),
    ("strings.pas", "1009\r\n", 10_000_000),
    ("flood.pas", "557\r\n", 3_000_000),
];

#[test]
fn kernels_compute_the_right_results_within_their_budgets() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/kernels");
    let mut table =
        String::from("| kernel | cycles | program bytes | runtime bytes |\n|---|---:|---:|---:|\n");
    let mut failures = Vec::new();
    for &(file, expected, budget) in KERNELS {
        let out = match compile(file, &DirFiles::new(dir), Target::Dsk) {
            Ok(b) => b.output,
            Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
        };
        let mut sim = Sim::new(&out);
        let stop = sim.run(budget * 4);
        assert_eq!(stop, Stop::Halted, "{file}: {:?}", sim.output());
        assert_eq!(sim.output(), expected, "{file}");
        let main = out.symbol("_main").unwrap_or(0);
        let halt = out.symbol("rt_halt").unwrap_or(0);
        let end = out.symbol("_code_end").unwrap_or(0);
        table.push_str(&format!(
            "| {file} | {} | {} | {} |\n",
            sim.cycles(),
            halt - main,
            end - halt
        ));
        if sim.cycles() > budget {
            failures.push(format!("{file}: {} cycles > {budget}", sim.cycles()));
        }
    }
    println!("{table}");
    assert!(failures.is_empty(), "{failures:?}");
}
