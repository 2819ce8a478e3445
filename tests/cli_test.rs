//! `msx test` end to end, through the binary: the examples' own cases, and
//! the workflow a new user follows (a failing case, its difference picture,
//! `--bless`, a pass) on a project made here.

mod support;
use support::{msx, scratch};

use std::path::PathBuf;
use std::process::Output;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Every example's `msx.toml` cases pass, and the JUnit report says so.
#[test]
fn the_examples_pass() {
    let dir = scratch("examples");
    let expected: &[(&str, &[&str])] = &[
        ("isol", &["demo-game/interpreted", "demo-game/compiled"]),
        ("seabattle", &["won-game"]),
        ("minesweeper", &["menu"]),
        ("battleship", &["title"]),
    ];
    for (example, cases) in expected {
        let manifest = root().join("examples").join(example).join("msx.toml");
        let junit = dir.join(format!("{example}.xml"));
        let out = msx(
            &dir,
            &[
                "test",
                "--manifest",
                manifest.to_str().unwrap(),
                "--junit",
                junit.to_str().unwrap(),
            ],
        );
        let text = stdout(&out);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{example}:\n{text}{}",
            stderr(&out)
        );
        for case in *cases {
            assert!(
                text.contains(&format!("test {case} ... ok\n")),
                "{example}:\n{text}"
            );
        }
        assert!(
            text.contains(&format!(
                "test result: ok. {} passed; 0 failed;",
                cases.len()
            )),
            "{example}:\n{text}"
        );
        let xml = std::fs::read_to_string(&junit).unwrap();
        assert!(
            xml.contains(&format!(
                r#"tests="{}" skipped="0" failures="0""#,
                cases.len()
            )),
            "{xml}"
        );
    }
}

/// docs/testing.md's first steps: three lines of `[[test]]`, a failure that
/// says how to make the golden, `--bless`, a pass; then the program changes
/// and the failure shows where, with a difference picture.
#[test]
fn a_new_users_first_golden_picture() {
    let dir = scratch("first");
    let program = |greeting: &str| {
        std::fs::write(
            dir.join("hello.bas"),
            format!("10 SCREEN 0:KEY OFF:CLS\n20 PRINT \"{greeting}\"\n30 GOTO 30\n"),
        )
        .unwrap()
    };
    program("HELLO");
    std::fs::write(
        dir.join("msx.toml"),
        "[[test]]\nname = \"hello\"\nprogram = \"hello.bas\"\npng = \"hello.png\"\n",
    )
    .unwrap();

    let out = msx(&dir, &["test"]);
    assert_eq!(out.status.code(), Some(3), "{}", stdout(&out));
    let text = stdout(&out);
    assert!(text.contains("test hello ... FAILED"), "{text}");
    assert!(text.contains("run with --bless to create it"), "{text}");
    assert!(
        text.contains("test result: FAILED. 0 passed; 1 failed;"),
        "{text}"
    );

    let out = msx(&dir, &["test", "--bless"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("test hello ... blessed (hello.png created)"),
        "{}",
        stdout(&out)
    );
    let golden = image::open(dir.join("hello.png")).unwrap().to_rgb8();
    assert_eq!(golden.dimensions(), (320, 240));
    // SCREEN 0's white text on blue: the greeting is there in white.
    let white = golden.pixels().filter(|p| p.0 == [255, 255, 255]).count();
    assert!(white > 20, "{white} white pixels");

    let out = msx(&dir, &["test"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains("test hello ... ok"));

    // One more letter: the difference is on the first line, right of HELLO.
    program("HELLOW");
    let out = msx(&dir, &["test"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(3), "{text}");
    assert!(text.contains("---- hello ("), "{text}");
    assert!(text.contains("pixels differ (of 76800)"), "{text}");
    let bounds = text.split("all within ").nth(1).unwrap();
    assert!(bounds.starts_with("x "), "{text}");
    let diff = image::open(dir.join("hello.diff.png")).unwrap().to_rgb8();
    let changed: Vec<(u32, u32)> = diff
        .enumerate_pixels()
        .filter(|(_, _, p)| **p == msx_test::picture::HIGHLIGHT)
        .map(|(x, y, _)| (x, y))
        .collect();
    assert!(!changed.is_empty());
    // HELLO starts the line; the W is the sixth character of 6 pixels.
    let left_of_w = golden
        .enumerate_pixels()
        .filter(|(_, _, p)| p.0 == [255, 255, 255])
        .map(|(x, _, _)| x)
        .max()
        .unwrap();
    assert!(changed.iter().all(|&(x, _)| x > left_of_w), "{changed:?}");
    assert!(dir.join("hello.actual.png").exists());

    let out = msx(&dir, &["test", "--bless"]);
    assert!(
        stdout(&out).contains("blessed (hello.png changed)"),
        "{}",
        stdout(&out)
    );
    let out = msx(&dir, &["test"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    // What the failure left is gone once the case passes.
    assert!(!dir.join("hello.actual.png").exists());
    assert!(!dir.join("hello.diff.png").exists());
}

/// Memory, printer and debug goldens written here by hand, from what the
/// program does, both interpreted and compiled; a wrong byte is named.
#[test]
fn goldens_of_memory_printer_and_debug_output_both_ways() {
    let dir = scratch("kinds");
    std::fs::write(
        dir.join("out.bas"),
        "10 POKE &HC000,42:POKE &HC001,7\n\
         20 LPRINT \"PAPER\"\n\
         30 OUT &H2E,&H63:FOR I=1 TO 4:OUT &H2F,ASC(MID$(\"PASS\",I,1)):NEXT\n\
         40 GOTO 40\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("msx.toml"),
        "[[test]]\n\
         name = \"outputs\"\n\
         program = \"out.bas\"\n\
         modes = [\"interpreted\", \"compiled\"]\n\
         until-debug = \"PASS\"\n\
         frames = 1200\n\
         printer = \"paper.txt\"\n\
         debug = \"debug.txt\"\n\
         memory = [{ address = 0xC000, length = 2, file = \"c000.bin\" }]\n",
    )
    .unwrap();
    std::fs::write(dir.join("paper.txt"), "PAPER\r\n").unwrap();
    std::fs::write(dir.join("debug.txt"), "PASS").unwrap();
    std::fs::write(dir.join("c000.bin"), [42, 7]).unwrap();
    let out = msx(&dir, &["test"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    assert!(text.contains("test outputs/interpreted ... ok"), "{text}");
    assert!(text.contains("test outputs/compiled ... ok"), "{text}");

    std::fs::write(dir.join("c000.bin"), [42, 8]).unwrap();
    let out = msx(&dir, &["test", "compiled"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(3), "{text}");
    assert!(
        text.contains("c000.bin: 1 byte differs; the first at 00001h: 07h in this run, 08h in the golden file; this run's is in "),
        "{text}"
    );
    assert!(text.contains("1 failed; 1 filtered out;"), "{text}");
    assert_eq!(
        std::fs::read(dir.join("c000.compiled.actual.bin")).unwrap(),
        [42, 7]
    );
}

/// A condition that never comes fails the case, and blesses nothing.
#[test]
fn a_condition_not_reached_fails() {
    let dir = scratch("never");
    std::fs::write(
        dir.join("msx.toml"),
        "[[test]]\nname = \"never\"\nuntil-text = \"NEVER\"\nframes = 60\ntext = \"never.txt\"\n",
    )
    .unwrap();
    let out = msx(&dir, &["test", "--bless"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(3), "{text}");
    assert!(
        text.contains("the frame limit 60 came before text \"NEVER\" on screen; nothing blessed"),
        "{text}"
    );
    assert!(!dir.join("never.txt").exists());
}

/// A mistake in msx.toml is an error (exit 1) at its line and column.
#[test]
fn a_bad_manifest_names_the_place() {
    let dir = scratch("bad");
    std::fs::write(dir.join("game.bas"), "10 PRINT 1\n").unwrap();
    let cases = [
        (
            "[[test]]\nname = \"a\"\nprogram = \"game.bas\"\npgn = \"a.png\"\n",
            "msx.toml:4:1: unknown field `pgn`",
        ),
        (
            "[[test]]\nname = \"a\"\nprogram = \"gme.bas\"\npng = \"a.png\"\n",
            "msx.toml:3:11: test \"a\": program: there is no file gme.bas",
        ),
        (
            "[disk]\nfiles = []\n\n[[test]]\nname = \"a\"\nprogram = \"game.bas\"\nmachine = \"secam\"\npng = \"a.png\"\n",
            "msx.toml:4:1: test \"a\": invalid value 'secam' for '--machine <MACHINE>'",
        ),
        (
            "[[test]]\nname = \"a\"\nuntil-text = \"Ok\"\n[[test]]\nname = \"a\"\nuntil-text = \"Ok\"\n",
            "msx.toml:5:8: a second test called \"a\" (the first is at msx.toml:1:1)",
        ),
        (
            "[[test]]\nname = \"a\"\nprogram = \"game.bas\"\n",
            "msx.toml:1:1: test \"a\" compares nothing and waits for nothing",
        ),
        ("", "msx.toml: no [[test]] cases"),
    ];
    for (manifest, error) in cases {
        std::fs::write(dir.join("msx.toml"), manifest).unwrap();
        let out = msx(&dir, &["test"]);
        assert_eq!(out.status.code(), Some(1), "{manifest}");
        assert!(
            stderr(&out).starts_with(&format!("error: {error}")),
            "{manifest}\n{}",
            stderr(&out)
        );
        assert!(out.stdout.is_empty(), "{}", stdout(&out));
    }
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    let out = msx(&dir.join("empty"), &["test"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("msx.toml: no such file"),
        "{}",
        stderr(&out)
    );
}

/// Sound and VRAM goldens: blessed, then the same run matches them, and they
/// hold what they should (a BEEP is not silence; the VRAM is all 128 KB).
#[test]
fn sound_and_vram_goldens_bless_then_match() {
    let dir = scratch("wav");
    std::fs::write(dir.join("beep.bas"), "10 BEEP\n20 GOTO 20\n").unwrap();
    std::fs::write(
        dir.join("msx.toml"),
        "[[test]]\nname = \"beep\"\nprogram = \"beep.bas\"\nframes = 240\nwav = \"beep.wav\"\nvram = \"beep.vram\"\n",
    )
    .unwrap();
    let out = msx(&dir, &["test", "--bless"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("blessed (beep.vram created, beep.wav created)"),
        "{}",
        stdout(&out)
    );
    let wav = std::fs::read(dir.join("beep.wav")).unwrap();
    assert_eq!(&wav[..4], b"RIFF");
    let samples: Vec<i16> = wav[44..]
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]))
        .collect();
    let loudest = samples.iter().map(|s| s.unsigned_abs()).max().unwrap();
    assert!(loudest > 1000, "the BEEP is silent: {loudest}");
    assert_eq!(std::fs::read(dir.join("beep.vram")).unwrap().len(), 0x20000);
    let out = msx(&dir, &["test"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("test beep ... ok"),
        "{}",
        stdout(&out)
    );
}

/// A case's `seed` powers on the machine `msx run --seed` does: the case with the
/// seed matches that run's screen, the same case without it does not (the program
/// prints the `TIME` it starts at, which the seed's disk position moves).
#[test]
fn a_case_runs_with_its_seed() {
    let dir = scratch("seeded");
    std::fs::write(dir.join("t.bas"), "10 PRINT \"T=\";TIME\n20 GOTO 20\n").unwrap();
    let run = msx(
        &dir,
        &["run", "t.bas", "--seed", "3", "--frames", "400", "--text"],
    );
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    std::fs::write(dir.join("seed3.txt"), &run.stdout).unwrap();
    let unseeded = msx(&dir, &["run", "t.bas", "--frames", "400", "--text"]);
    assert_ne!(
        unseeded.stdout, run.stdout,
        "seed 3 starts at the TIME of seed 0"
    );
    std::fs::write(
        dir.join("msx.toml"),
        "[[test]]\nname = \"seeded\"\nprogram = \"t.bas\"\nframes = 400\nseed = 3\ntext = \"seed3.txt\"\n\n\
         [[test]]\nname = \"unseeded\"\nprogram = \"t.bas\"\nframes = 400\ntext = \"seed3.txt\"\n",
    )
    .unwrap();
    let out = msx(&dir, &["test"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(3), "{text}{}", stderr(&out));
    assert!(text.contains("test seeded ... ok"), "{text}");
    assert!(text.contains("test unseeded ... FAILED"), "{text}");
}
