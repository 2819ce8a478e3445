//! The Minesweeper of `examples/minesweeper`, built by `msx build` into a bootable disk
//! and played on the emulated MSX2 (free BIOS and disk ROM) with scripted keys. The
//! golden screens are PNG snapshots of the real frame (insta), each looked at before it
//! was accepted.
//!
//! The board: after `createMap` the test reads the map from RAM through the symbol file
//! and checks it (chapter 4's rules); for the games that need a known board it then
//! writes a fixed map over it before the first key, so the pictures do not depend on the
//! random generator.

#![allow(clippy::needless_range_loop)] // boards are indexed by their 1-based coordinates

mod support;
use support::scratch;

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

use msx_machine::machine::{KeyScript, Machine, MachineConfig};
use msx_machine::memory::SlotId;

/// The memory mapper of the default MSX2 layout, where the program runs.
const RAM: SlotId = SlotId {
    primary: 3,
    secondary: Some(2),
};

fn msx(dir: &Path, args: &[&str]) -> std::process::Output {
    let out = Command::new(env!("CARGO_BIN_EXE_msx"))
        .current_dir(dir)
        .args(args)
        .env("SOURCE_DATE_EPOCH", "1714564800")
        .output()
        .expect("run msx");
    assert!(
        out.status.success(),
        "msx {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// `msx build` of the game (its `msx.toml` puts the sheet on the disk): the image and
/// the symbols.
fn build(dir: &Path) -> (Vec<u8>, HashMap<String, u16>) {
    build_program(dir, "mines")
}

fn build_program(dir: &Path, program: &str) -> (Vec<u8>, HashMap<String, u16>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/minesweeper");
    let main = src.join(format!("{program}.pas"));
    msx(
        dir,
        &[
            "build",
            main.to_str().unwrap(),
            "-o",
            "mines.dsk",
            "--sym",
            "mines.sym",
        ],
    );
    let sym = std::fs::read_to_string(dir.join("mines.sym")).unwrap();
    let symbols = sym
        .lines()
        .filter_map(|l| {
            let (name, rest) = l.split_once(": equ 0x")?;
            Some((name.to_string(), u16::from_str_radix(rest.trim(), 16).ok()?))
        })
        .collect();
    (std::fs::read(dir.join("mines.dsk")).unwrap(), symbols)
}

const HOLD: u64 = 3;

struct Game {
    m: Machine,
    sym: HashMap<String, u16>,
}

impl Game {
    /// Powers on with the disk in drive A and waits for the menu.
    fn boot(disk: Vec<u8>, sym: HashMap<String, u16>) -> Game {
        Self::boot_seeded(disk, sym, 0)
    }

    /// As `boot`, on the machine of power-on seed `seed` (`msx run --seed`).
    fn boot_seeded(disk: Vec<u8>, sym: HashMap<String, u16>, seed: u64) -> Game {
        let mut config = MachineConfig::new(support::free_bios_layout());
        config.seed = seed;
        let mut m = Machine::new(config).unwrap();
        m.insert_disk(0, disk).unwrap();
        let mut g = Game { m, sym };
        g.run_to("chooseOption", 3000);
        g.m.run_frames(30);
        g
    }

    fn addr(&self, name: &str) -> u16 {
        *self
            .sym
            .get(name)
            .unwrap_or_else(|| panic!("no symbol {name}"))
    }

    fn run_to(&mut self, name: &str, frames: u64) {
        let pc = self.addr(name);
        assert!(
            support::run_to_program_pc(&mut self.m, pc, support::PROGRAM_RAM, frames),
            "{name} not reached in {frames} frames"
        );
    }

    /// A key tapped, then `settle` frames for the game to draw. It is held for 6 frames,
    /// two keyboard scans of the BIOS (every third interrupt), as a finger would.
    fn tap(&mut self, key: &str, settle: u64) {
        let at = self.m.frame_count() + 1;
        let script = KeyScript::parse(&format!("at {at} press {key} for {HOLD}")).unwrap();
        self.m.schedule_script(&script);
        self.m.run_frames(HOLD + 1 + settle);
    }

    /// A key tapped, then the run goes on until the game reaches the routine `name`.
    fn tap_to(&mut self, key: &str, name: &str, frames: u64) {
        let at = self.m.frame_count() + 1;
        let script = KeyScript::parse(&format!("at {at} press {key} for {HOLD}")).unwrap();
        self.m.schedule_script(&script);
        self.run_to(name, frames);
    }

    fn type_text(&mut self, text: &str) {
        let at = self.m.frame_count() + 1;
        let quoted = text.replace('\n', "\\n").replace('\u{8}', "\\b");
        let script = KeyScript::parse(&format!("at {at} type \"{quoted}\"")).unwrap();
        self.m.schedule_script(&script);
        self.m.run_frames(6 * text.len() as u64 + 30);
    }

    /// A byte of the program's RAM (slot 3-2). Not `peek`: while the game asks the
    /// BDOS for the time, page 1 holds the disk ROM, not the program.
    fn byte(&self, addr: u16) -> u8 {
        self.m.peek_slot(RAM, addr, 1)[0]
    }

    fn word(&self, addr: u16) -> i16 {
        let b = self.m.peek_slot(RAM, addr, 2);
        i16::from_le_bytes([b[0], b[1]])
    }

    /// `array[1..30, 1..16]`: the last index varies fastest.
    fn cell_offset(x: usize, y: usize) -> u16 {
        ((x - 1) * 16 + (y - 1)) as u16
    }

    fn map(&self, x: usize, y: usize) -> i16 {
        self.word(self.addr("mineMap") + 2 * Self::cell_offset(x, y))
    }

    /// Only while the game waits in its main loop before the clock starts (page 1 is
    /// the program's RAM then: the game calls the BDOS only for the time).
    fn set_map(&mut self, x: usize, y: usize, v: i16) {
        let a = self.addr("mineMap") + 2 * Self::cell_offset(x, y);
        let [lo, hi] = v.to_le_bytes();
        self.m.poke(a, lo);
        self.m.poke(a + 1, hi);
    }

    fn is_open(&self, x: usize, y: usize) -> bool {
        self.byte(self.addr("mapOpen") + Self::cell_offset(x, y)) != 0
    }

    /// Starts a game from the menu (0 = easy, 1 = hard) and waits for its main loop.
    fn start(&mut self, downs: usize) {
        for _ in 0..downs {
            self.tap("DOWN", 10);
        }
        self.tap_to("RETURN", "gameControl", 600);
        self.m.run_frames(30);
        self.align_to_second();
    }

    /// Runs until the clock chip's seconds have just changed. The game's clock starts
    /// at the first Z and shows whole seconds of that chip; from here the keys come at
    /// the same point of a second however long the boot took, so the times on the
    /// panel depend only on the game's own timing (a faster disk boot would otherwise
    /// move them by a second).
    fn align_to_second(&mut self) {
        let first = self.rtc_second();
        for _ in 0..70 {
            self.m.run_frames(1);
            if self.rtc_second() != first {
                return;
            }
        }
        panic!("the clock chip does not count");
    }

    fn rtc_second(&mut self) -> u8 {
        let now = self.m.cycles();
        self.m.rtc_mut().date_time(now).second
    }

    /// Moves the cursor from where it is to (x, y).
    fn goto(&mut self, x: usize, y: usize) {
        let (cx, cy) = (self.cursor().0, self.cursor().1);
        let steps = |from: usize, to: usize, more: &'static str, less: &'static str| {
            let key = if to > from { more } else { less };
            std::iter::repeat_n(key, from.abs_diff(to))
        };
        let keys: Vec<&str> = steps(cx, x, "RIGHT", "LEFT")
            .chain(steps(cy, y, "DOWN", "UP"))
            .collect();
        for k in keys {
            self.tap(k, 6);
        }
        assert_eq!(self.cursor(), (x, y));
    }

    fn cursor(&self) -> (usize, usize) {
        let x = self.word(self.addr("cursorX"));
        let y = self.word(self.addr("cursorY"));
        (x as usize, y as usize)
    }

    fn png(&mut self) -> Vec<u8> {
        // A last few frames, so the picture is complete and the frame is whole.
        self.m.run_frames(20);
        self.m.png_bytes().unwrap()
    }
}

/// The easy board the scripted games use: 10 mines ('*'), x to the right, y down.
const EASY: [&str; 8] = [
    ".......*", //
    ".......*", //
    "........", //
    "........", //
    "...**..*", //
    ".*...*..", //
    "........", //
    "*.....**", //
];

/// Chapter 4's map of a set of mines: -1 for a mine, else the mines among the 8
/// neighbours.
fn numbers(mines: &[(usize, usize)], w: usize, h: usize) -> Vec<Vec<i16>> {
    let mut m = vec![vec![0i16; h + 1]; w + 1];
    for x in 1..=w {
        for y in 1..=h {
            m[x][y] = if mines.contains(&(x, y)) {
                -1
            } else {
                mines
                    .iter()
                    .filter(|&&(a, b)| a.abs_diff(x) <= 1 && b.abs_diff(y) <= 1)
                    .count() as i16
            };
        }
    }
    m
}

fn easy_mines() -> Vec<(usize, usize)> {
    let mut v = Vec::new();
    for (y, row) in EASY.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c == '*' {
                v.push((x + 1, y + 1));
            }
        }
    }
    v
}

/// Writes the easy board over the random one (the game is in its main loop, no key yet).
fn use_easy_board(g: &mut Game) {
    let map = numbers(&easy_mines(), 8, 8);
    for x in 1..=8 {
        for y in 1..=8 {
            g.set_map(x, y, map[x][y]);
        }
    }
}

/// The map createMap made: the right number of mines, and every other cell counts its
/// mine neighbours; outside the board everything is still 0.
fn check_random_map(g: &Game, w: usize, h: usize, mines: usize) {
    let mut found = Vec::new();
    for x in 1..=30 {
        for y in 1..=16 {
            let v = g.map(x, y);
            if x > w || y > h {
                assert_eq!(v, 0, "({x},{y}) is off the board");
            } else if v == -1 {
                found.push((x, y));
            }
        }
    }
    assert_eq!(found.len(), mines);
    let want = numbers(&found, w, h);
    for x in 1..=w {
        for y in 1..=h {
            assert_eq!(g.map(x, y), want[x][y], "cell ({x},{y})");
        }
    }
    assert_eq!(g.word(g.addr("mines")), mines as i16);
}

#[test]
fn menu_and_start_boards() {
    let dir = scratch("boards");
    let (disk, sym) = build(&dir);
    let mut g = Game::boot(disk.clone(), sym.clone());
    insta::assert_binary_snapshot!("minesweeper_menu.png", g.png());

    // The highlight moves down and wraps around from the last option to the first.
    g.tap("DOWN", 10);
    insta::assert_binary_snapshot!("minesweeper_menu_hard.png", g.png());
    for _ in 0..4 {
        g.tap("DOWN", 10);
    }
    let wrapped = g.png();
    g.tap("UP", 10);
    g.tap("DOWN", 10);
    assert_eq!(g.png(), wrapped);

    // The highlight is on Mines Hard again.
    g.start(0);
    check_random_map(&g, 16, 16, 40);
    insta::assert_binary_snapshot!("minesweeper_hard_start.png", g.png());

    let mut g = Game::boot(disk, sym);
    g.start(0);
    check_random_map(&g, 8, 8, 10);
    insta::assert_binary_snapshot!("minesweeper_easy_start.png", g.png());
}

/// The mines of the first easy board on the machine of power-on seed `seed`.
fn first_easy_mines(disk: &[u8], sym: &HashMap<String, u16>, seed: u64) -> Vec<(usize, usize)> {
    let mut g = Game::boot_seeded(disk.to_vec(), sym.clone(), seed);
    g.start(0);
    check_random_map(&g, 8, 8, 10);
    let mut mines = Vec::new();
    for x in 1..=8 {
        for y in 1..=8 {
            if g.map(x, y) == -1 {
                mines.push((x, y));
            }
        }
    }
    mines
}

/// `randomize` seeds from the interrupt count and the R register, both of which the
/// boot's disk timing moves: the first board follows the power-on seed, and the same
/// seed gives the same board.
#[test]
fn the_power_on_seed_changes_the_first_board() {
    let dir = scratch("seeded-boards");
    let (disk, sym) = build(&dir);
    let one = first_easy_mines(&disk, &sym, 1);
    let two = first_easy_mines(&disk, &sym, 2);
    assert_ne!(one, two, "seeds 1 and 2 gave the same first board");
    assert_eq!(
        first_easy_mines(&disk, &sym, 1),
        one,
        "seed 1 twice gave different boards"
    );
}

#[test]
fn flood_fill_flags_open_neighbours_and_loss() {
    let dir = scratch("play");
    let (disk, sym) = build(&dir);
    let mut g = Game::boot(disk, sym);
    g.start(0);
    use_easy_board(&mut g);

    // Z on (1,1): the empty region opens up to its border of numbers.
    g.tap("Z", 60);
    let want_open = [(1, 1), (7, 1), (7, 4), (1, 5), (3, 5), (6, 4)];
    for (x, y) in want_open {
        assert!(g.is_open(x, y), "({x},{y}) should be open");
    }
    for (x, y) in [(8, 1), (8, 3), (1, 7), (4, 6)] {
        assert!(!g.is_open(x, y), "({x},{y}) should be closed");
    }
    insta::assert_binary_snapshot!("minesweeper_flood_fill.png", g.png());

    // X puts a flag on the mine at (8,1) and takes it off again; the counter follows.
    g.goto(8, 1);
    g.tap("X", 10);
    assert_eq!(g.word(g.addr("flags")), 9);
    insta::assert_binary_snapshot!("minesweeper_flag_placed.png", g.png());
    g.tap("X", 10);
    assert_eq!(g.word(g.addr("flags")), 10);
    insta::assert_binary_snapshot!("minesweeper_flag_removed.png", g.png());

    // C on the 2 at (7,2), with the mines (8,1) and (8,2) flagged, opens (8,3).
    g.tap("X", 10);
    g.goto(8, 2);
    g.tap("X", 10);
    g.goto(7, 2);
    g.tap("C", 30);
    assert!(g.is_open(8, 3));
    insta::assert_binary_snapshot!("minesweeper_open_neighbours.png", g.png());

    // A wrong flag on (3,6), then Z on the mine at (2,6): lost.
    g.goto(3, 6);
    g.tap("X", 10);
    g.goto(2, 6);
    g.tap("Z", 60);
    assert_ne!(g.byte(g.addr("lost")), 0);
    insta::assert_binary_snapshot!("minesweeper_lost.png", g.png());

    // ENTER goes back to the menu.
    g.tap_to("RETURN", "chooseOption", 300);
}

/// Opens the safe cells of the easy board, left to right, top to bottom, until the game
/// is won (the last ones may open together); the game then asks for the name.
fn win_easy(g: &mut Game) {
    let mines = easy_mines();
    for y in 1..=8 {
        for x in 1..=8 {
            if mines.contains(&(x, y)) || g.is_open(x, y) {
                continue;
            }
            g.goto(x, y);
            g.tap("Z", 30);
            if g.byte(g.addr("theEnd")) != 0 {
                assert_eq!(g.byte(g.addr("lost")), 0, "lost at ({x},{y})");
                return;
            }
        }
    }
    panic!("every safe cell is open and the game goes on");
}

#[test]
fn win_name_records_and_persistence() {
    let dir = scratch("win");
    let (disk, sym) = build(&dir);
    let mut g = Game::boot(disk, sym.clone());
    g.start(0);
    use_easy_board(&mut g);
    win_easy(&mut g);
    g.m.run_frames(30);
    g.type_text("Ana\u{8}na");
    insta::assert_binary_snapshot!("minesweeper_won_name.png", g.png());
    let time = g.word(g.addr("shownTime"));
    assert!((1..999).contains(&time), "time {time}");
    g.tap_to("RETURN", "waitEnter", 3000);
    g.tap_to("RETURN", "chooseOption", 300);

    // Records: the new time is first among the easy ones.
    g.m.run_frames(30);
    g.tap("DOWN", 10);
    g.tap("DOWN", 10);
    // The screen is complete when the game waits for a key.
    g.tap_to("RETURN", "rt_readkey", 1200);
    insta::assert_binary_snapshot!("minesweeper_records.png", g.png());

    // The disk now holds MINERANK.DAT: 20 records of TP 3.3f's layout (string[80] is a
    // length byte and 80 characters, then the time as a little-endian integer).
    assert!(g.m.disk_modified(0));
    let image = g.m.disk_image(0).unwrap().to_vec();
    std::fs::write(dir.join("after.dsk"), &image).unwrap();
    msx(&dir, &["disk", "get", "after.dsk", "MINERANK.DAT"]);
    let rank = std::fs::read(dir.join("MINERANK.DAT")).unwrap();
    assert_eq!(rank.len(), 20 * 83);
    assert_eq!(rank[0], 4);
    assert_eq!(&rank[1..5], b"Anna");
    assert_eq!(i16::from_le_bytes([rank[81], rank[82]]), time);
    for r in 1..20 {
        let rec = &rank[r * 83..(r + 1) * 83];
        assert_eq!(rec[0], 0, "record {r} is empty");
        assert_eq!(i16::from_le_bytes([rec[81], rec[82]]), -1, "record {r}");
    }

    // Booted again from the saved disk, the game loads the ranking and shows it.
    let mut again = Game::boot(image, sym);
    again.tap("DOWN", 10);
    again.tap("DOWN", 10);
    again.tap_to("RETURN", "rt_readkey", 1200);
    let shown = again.png();
    if shown != g.png() {
        std::fs::write(dir.join("records_again.png"), &shown).unwrap();
        panic!(
            "the records screen differs after a new boot: {}",
            dir.display()
        );
    }
}

/// Open cells of a flood fill from (x, y) by chapter 7's rules, computed here.
fn flood(map: &[Vec<i16>], w: usize, h: usize, x: usize, y: usize) -> Vec<(usize, usize)> {
    let mut open = vec![vec![false; h + 2]; w + 2];
    let mut todo = vec![(x, y)];
    let mut cells = Vec::new();
    while let Some((x, y)) = todo.pop() {
        if x < 1 || y < 1 || x > w || y > h || open[x][y] {
            continue;
        }
        open[x][y] = true;
        cells.push((x, y));
        if map[x][y] == 0 {
            for (dx, dy) in [
                (-1, -1),
                (0, -1),
                (1, -1),
                (-1, 0),
                (1, 0),
                (-1, 1),
                (0, 1),
                (1, 1),
            ] {
                todo.push(((x as i64 + dx) as usize, (y as i64 + dy) as usize));
            }
        }
    }
    cells
}

#[test]
fn supermines_board_and_flood_fill() {
    let dir = scratch("super");
    let (disk, sym) = build_program(&dir, "smines");
    let mut g = Game::boot(disk, sym);
    insta::assert_binary_snapshot!("supermines_menu.png", g.png());
    g.start(0);
    check_random_map(&g, 30, 16, 99);
    insta::assert_binary_snapshot!("supermines_start.png", g.png());

    // A fixed board of 99 mines (a small linear congruential generator picks them),
    // then Z on its first empty cell.
    let mut mines = Vec::new();
    let mut seed: u32 = 12345;
    while mines.len() < 99 {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        let cell = ((seed >> 16) % 480) as usize;
        let (x, y) = (cell % 30 + 1, cell / 30 + 1);
        if !mines.contains(&(x, y)) {
            mines.push((x, y));
        }
    }
    let map = numbers(&mines, 30, 16);
    for x in 1..=30 {
        for y in 1..=16 {
            g.set_map(x, y, map[x][y]);
        }
    }
    let start = (1..=16)
        .flat_map(|y| (1..=30).map(move |x| (x, y)))
        .find(|&(x, y)| map[x][y] == 0)
        .expect("an empty cell");
    g.goto(start.0, start.1);
    g.tap("Z", 120);
    let want = flood(&map, 30, 16, start.0, start.1);
    assert!(want.len() > 10, "a real flood: {} cells", want.len());
    for x in 1..=30 {
        for y in 1..=16 {
            assert_eq!(g.is_open(x, y), want.contains(&(x, y)), "cell ({x},{y})");
        }
    }
    assert_eq!(g.word(g.addr("opened")), want.len() as i16);
    insta::assert_binary_snapshot!("supermines_flood_fill.png", g.png());
}

/// Writes the easy table of the ranking: `times[i]` for place i + 1, named "P1".."P10".
fn set_easy_ranking(g: &mut Game, times: &[i16; 10]) {
    let base = g.addr("ranking");
    for (i, t) in times.iter().enumerate() {
        let rec = base + 83 * i as u16;
        let name = format!("P{}", i + 1);
        g.m.poke(rec, name.len() as u8);
        for (k, b) in name.bytes().enumerate() {
            g.m.poke(rec + 1 + k as u16, b);
        }
        let [lo, hi] = t.to_le_bytes();
        g.m.poke(rec + 81, lo);
        g.m.poke(rec + 82, hi);
    }
}

/// The easy table as the game holds it: (name, time) for places 1..10.
fn easy_ranking(g: &Game) -> Vec<(String, i16)> {
    let base = g.addr("ranking");
    (0..10u16)
        .map(|i| {
            let rec = g.m.peek_slot(RAM, base + 83 * i, 83);
            let len = usize::from(rec[0]).min(80);
            let name = String::from_utf8_lossy(&rec[1..1 + len]).into_owned();
            (name, i16::from_le_bytes([rec[81], rec[82]]))
        })
        .collect()
}

#[test]
fn a_record_goes_to_its_place_and_a_slow_time_to_none() {
    let dir = scratch("places");
    let (disk, sym) = build(&dir);

    // A full table around the time this script wins in: the new record goes after the
    // faster (and equal) ones, the tenth falls off.
    let mut g = Game::boot(disk.clone(), sym.clone());
    g.start(0);
    use_easy_board(&mut g);
    let times = [2, 4, 6, 8, 10, 12, 14, 996, 997, 998];
    set_easy_ranking(&mut g, &times);
    win_easy(&mut g);
    let time = g.word(g.addr("shownTime"));
    assert!((14..996).contains(&time), "this script wins in {time} s");
    g.type_text("New");
    g.tap_to("RETURN", "waitEnter", 3000);
    let mut want: Vec<(String, i16)> = (0..7).map(|i| (format!("P{}", i + 1), times[i])).collect();
    want.push(("New".into(), time));
    want.push(("P8".into(), 996));
    want.push(("P9".into(), 997));
    assert_eq!(easy_ranking(&g), want);

    // A table of ten faster times: no name is asked, nothing is written.
    let mut g = Game::boot(disk.clone(), sym);
    g.start(0);
    use_easy_board(&mut g);
    set_easy_ranking(&mut g, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    win_easy(&mut g);
    // One RETURN goes back to the menu: the game waits in waitEnter, not for a name.
    g.tap_to("RETURN", "chooseOption", 300);
    // (The machine's "modified" flag is set by the disk ROM's writes of unchanged
    // sectors when files are closed; the bytes are what matter.)
    assert!(
        g.m.disk_image(0).unwrap() == &disk[..],
        "nothing was written"
    );
    assert_eq!(easy_ranking(&g)[9], ("P10".into(), 10));
}

#[test]
fn escape_leaves_the_game_and_exit_the_program() {
    let dir = scratch("exit");
    let (disk, sym) = build(&dir);
    let mut g = Game::boot(disk, sym);
    g.start(0);
    g.tap_to("ESC", "chooseOption", 300);
    g.m.run_frames(30);
    for _ in 0..3 {
        g.tap("DOWN", 10);
    }
    g.tap("RETURN", 60);
    let text = g.m.text_screen().expect("SCREEN 0 after Exit").to_string();
    assert!(
        text.contains("Thanks for playing MSX Minesweeper."),
        "{text}"
    );
}

#[test]
fn flood_fill_recursion_over_a_whole_empty_supermines_board() {
    // The deepest recursion the game can meet: 480 empty cells opened from one corner.
    let dir = scratch("deep");
    let (disk, sym) = build_program(&dir, "smines");
    let mut g = Game::boot(disk, sym);
    g.start(0);
    for x in 1..=30 {
        for y in 1..=16 {
            g.set_map(x, y, 0);
        }
    }
    g.tap("Z", 600);
    assert_eq!(g.word(g.addr("opened")), 480);
    // The game goes on: the cursor still moves.
    g.tap("RIGHT", 10);
    assert_eq!(g.cursor(), (2, 1));
}
