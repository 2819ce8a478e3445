//! Small programs compiled, booted on the emulated MSX2, their screen read.

#[path = "compile_harness.rs"]
mod harness;

use harness::run;

#[test]
fn hello() {
    let s = run("10 PRINT \"HELLO\"\n");
    eprintln!("{s}");
    assert!(s.contains("HELLO"), "{s}");
}

#[test]
fn battleship_compiles() {
    for name in ["battle.bas", "batalha.bas"] {
        let path = format!(
            "{}/../../examples/battleship/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        let src = std::fs::read(&path).unwrap();
        match msx_basic::compile(name, &src, z80_codegen::Target::Dsk) {
            Ok(c) => eprintln!("{name}: {:?}", c.output.sizes),
            Err(f) => panic!("{f}"),
        }
    }
}

/// Both Battleship listings boot to the board: the column letters, the
/// row numbers, the computer's empty sea, the ship table from DATA, and the
/// player's 20 ship cells (1 carrier AAAA, 2 cruisers CCC, 3 battleships
/// BB, 4 submarines S; other letters in Portuguese), placed at random, on
/// the left board.
#[test]
fn battleship_boots_to_the_board() {
    for (name, you, me, ships) in [
        ("battle.bas", "You", "Me", ['A', 'C', 'B', 'S']),
        ("batalha.bas", "Voce", "Eu", ['P', 'C', 'H', 'S']),
    ] {
        let path = format!(
            "{}/../../examples/battleship/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        let src = std::fs::read_to_string(&path).unwrap();
        let out = harness::build(&src);
        let mut m = harness::boot(&out);
        m.run_frames(900);
        let s = harness::screen(&m);
        eprintln!("{name}:\n{s}");
        let rows: Vec<&str> = s.lines().collect();
        assert_eq!(rows[0], "  ABCDEFGHIJ        ABCDEFGHIJ", "{s}");
        let mut cells = String::new();
        for (y, row) in rows.iter().enumerate().take(11).skip(1) {
            let row = format!("{row:<30}");
            assert_eq!(&row[..2], format!("{y:>2}"), "{s}");
            assert_eq!(&row[18..30], format!("{y:>2}.........."), "{s}");
            cells.push_str(&row[2..12]);
        }
        let count = |c| cells.chars().filter(|&x| x == c).count();
        assert_eq!(
            (
                count(ships[0]),
                count(ships[1]),
                count(ships[2]),
                count(ships[3]),
                count(' ')
            ),
            (4, 6, 6, 4, 80),
            "{s}"
        );
        assert!(s.contains(you) && s.contains(me), "{s}");
    }
}
