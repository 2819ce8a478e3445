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
            Ok(c) => {
                eprintln!("{name}: {:?}", c.output.sizes);
                // The original, tokenized, for the disk: what the tokenizer
                // makes of the listing (SAVE's format, first byte FFh).
                let text = String::from_utf8(src.clone()).unwrap();
                assert_eq!(c.tokenized, msx_basic::tokenize(&text).unwrap().to_bytes());
                assert_eq!(c.tokenized[0], 0xFF);
            }
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

/// A few moves of `battle.bas`: SPACE fires at the cursor (A1 of the
/// computer's board: the dot becomes a ship letter or a blank), the
/// computer answers with an X on the player's board; RIGHT moves the
/// cursor one column and the next shot lands on B1. (The cell under the
/// cursor shows the cursor while INPUT$ waits, so each shot is checked
/// after the cursor has moved on.)
#[test]
fn battleship_plays_a_few_shots() {
    use msx_machine::machine::KeyScript;
    let path = format!(
        "{}/../../examples/battleship/battle.bas",
        env!("CARGO_MANIFEST_DIR")
    );
    let src = std::fs::read_to_string(&path).unwrap();
    let out = harness::build(&src);
    let mut m = harness::boot(&out);
    m.run_frames(900);
    let tap = |m: &mut msx_machine::machine::Machine, key: &str| {
        let at = m.frame_count() + 1;
        let script = KeyScript::parse(&format!("at {at} press {key} for 4")).unwrap();
        m.schedule_script(&script);
        m.run_frames(60);
    };
    let cell = |s: &str, x: usize, y: usize| s.lines().nth(y).unwrap_or("").chars().nth(x);
    let xs = |s: &str| {
        s.lines()
            .skip(1)
            .take(10)
            .map(|l| l.chars().skip(2).take(10).filter(|&c| c == 'X').count())
            .sum::<usize>()
    };
    tap(&mut m, "SPACE");
    tap(&mut m, "RIGHT");
    let s = harness::screen(&m);
    eprintln!("{s}");
    assert!(
        matches!(cell(&s, 20, 1), Some(' ' | 'A' | 'C' | 'B' | 'S')),
        "{s}"
    );
    assert!(xs(&s) >= 1, "{s}");
    tap(&mut m, "SPACE");
    tap(&mut m, "DOWN");
    let s = harness::screen(&m);
    eprintln!("{s}");
    assert!(
        matches!(cell(&s, 21, 1), Some(' ' | 'A' | 'C' | 'B' | 'S')),
        "{s}"
    );
    assert_eq!(cell(&s, 22, 1), Some('.'), "{s}");
    assert!(xs(&s) >= 2, "{s}");
}

/// `battle.bas` as a cartridge (variables in page-3 RAM) reaches the board
/// too.
#[test]
fn battleship_as_a_cartridge() {
    let path = format!(
        "{}/../../examples/battleship/battle.bas",
        env!("CARGO_MANIFEST_DIR")
    );
    let src = std::fs::read(&path).unwrap();
    let out = msx_basic::compile("battle.bas", &src, z80_codegen::Target::Rom)
        .unwrap()
        .output;
    assert!(out.bytes.len() == 0x4000 || out.bytes.len() == 0x8000);
    let mut m = harness::boot_cartridge(&out.bytes);
    m.run_frames(1200);
    let s = harness::screen(&m);
    eprintln!("{s}");
    let rows: Vec<&str> = s.lines().collect();
    assert_eq!(rows[0], "  ABCDEFGHIJ        ABCDEFGHIJ", "{s}");
    assert!(rows[10].ends_with("10.........."), "{s}");
}

/// Both listings play to a finished game: the player fires at every cell
/// of the computer's board, row by row (SPACE, then RIGHT; DOWN and LEFTs
/// at the end of a row), while the computer answers each shot. Someone
/// wins (the player after 20 hits, or the computer first), the program
/// ENDs and MSX's "Ok" follows.
#[test]
fn battleship_plays_to_the_end() {
    use msx_machine::machine::KeyScript;
    for (name, win) in [
        ("battle.bas", "win the game"),
        ("batalha.bas", "o jogo !! **"),
    ] {
        let path = format!(
            "{}/../../examples/battleship/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        let src = std::fs::read(&path).unwrap();
        let out = msx_basic::compile(name, &src, z80_codegen::Target::Dsk)
            .unwrap()
            .output;
        let mut m = harness::boot(&out);
        m.run_frames(900);
        let mut script = String::new();
        let mut at = m.frame_count() + 1;
        let mut tap = |key: &str| {
            script.push_str(&format!("at {at} press {key} for 3\n"));
            at += 40;
        };
        for row in 0..10 {
            for col in 0..10 {
                tap("SPACE");
                if col < 9 {
                    tap(if row % 2 == 0 { "RIGHT" } else { "LEFT" });
                }
            }
            tap("DOWN");
        }
        m.schedule_script(&KeyScript::parse(&script).unwrap());
        let frames = at - m.frame_count() + 600;
        harness::run_to_end(&out, &mut m, frames);
        let s = harness::screen(&m);
        eprintln!("{name}:\n{s}");
        assert!(s.contains("**") && s.contains(win), "{s}");
        assert!(s.lines().any(|l| l.trim() == "Ok"), "{s}");
    }
}
