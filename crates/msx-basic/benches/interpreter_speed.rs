//! How fast the free ROMs' MSX-BASIC interpreter runs published benchmark
//! programs, in emulated seconds (deterministic: the emulated CPU's cycles
//! at 3.579545 MHz), beside the times measured on MSX machines. The
//! programs are other people's, so they are not in the repository:
//! `docs/performance.md` ("MSX-BASIC interpreter") lists each with its
//! source and published time; put them as NAME.bas in the folder
//! `MSX_BENCH_DIR` names (default `/work/corpus/bench`).
//!
//! `cargo bench -p msx-basic --bench interpreter_speed`

#[path = "../tests/compile_harness.rs"]
mod harness;

fn main() {
    let dir = std::env::var("MSX_BENCH_DIR").unwrap_or_else(|_| "/work/corpus/bench".into());
    let mut names: Vec<_> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "bas"))
            .collect(),
        Err(e) => {
            println!(
                "interpreter_speed: no benchmark programs ({dir}: {e}); see docs/performance.md"
            );
            return;
        }
    };
    names.sort();
    for path in names {
        let src = match std::fs::read(&path) {
            Ok(s) => s,
            Err(e) => {
                println!("{}: {e}", path.display());
                continue;
            }
        };
        let src = String::from_utf8_lossy(&src);
        let mut m = harness::interpreter();
        let start = m.cycles();
        // At most an hour of emulated time.
        harness::interp_run(&mut m, &src, 60 * 60 * 60);
        let secs = (m.cycles() - start) as f64 / 3_579_545.0;
        println!(
            "{:<24} {secs:>9.1} s emulated (NTSC, RUN typed to Ok)",
            path.file_name().unwrap_or_default().to_string_lossy()
        );
    }
}
