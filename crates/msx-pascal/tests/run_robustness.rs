//! The back end never panics: every program the front end accepts is either compiled or
//! refused with diagnostics. Variations of the Minesweeper (one line removed: every
//! fifth line, in turn) give a hundred programs, valid and not, through every phase.

use msx_pascal::lower::compile;
use msx_pascal::MemoryFiles;
use z80_codegen::Target;

#[test]
fn one_line_deletions_of_minesweeper_compile_or_are_refused() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/programs");
    let read = |n: &str| std::fs::read_to_string(format!("{dir}/{n}")).unwrap();
    let main = read("mines.pas");
    let includes = [
        ("minetime.inc", read("minetime.inc")),
        ("map.inc", read("map.inc")),
    ];
    let lines: Vec<&str> = main.lines().collect();
    let mut compiled = 0;
    let mut tried = 0;
    for skip in (0..lines.len()).step_by(5) {
        tried += 1;
        let text: String = lines
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != skip)
            .map(|(_, l)| format!("{l}\n"))
            .collect();
        let mut files = MemoryFiles::new().with("mines.pas", &text);
        for (n, t) in &includes {
            files.insert(n, t);
        }
        let target = [Target::Dsk, Target::Com, Target::Rom][skip % 3];
        match compile("mines.pas", &files, target) {
            Ok(built) => {
                compiled += 1;
                assert!(!built.output.bytes.is_empty());
            }
            Err(failed) => assert!(failed.error_count() > 0),
        }
    }
    // Most lines are comments, blank, or statements whose removal keeps the program valid.
    assert!(compiled > tried / 3, "{compiled} of {tried}");
}
