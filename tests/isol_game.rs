//! Isol (`examples/isol/isol.bas`, the 10-liner of Bill Kendrick's NOMAM 2014 game), built
//! by `msx build --compile` into a boot disk and played on the emulated MSX2 (free BIOS and
//! disk ROM) with scripted keys.
//!
//! What each screen must show comes from a model of the game written here from the
//! rules in the user's document (`002_…`): the 7×5 board, the four indestructible
//! centre cells where the players start, a move to a free neighbour, a shot at a free
//! destroyable neighbour, `SKIP` when there is nothing to fire at or nowhere to go,
//! `OVER` when every neighbour is destroyed, the end when one player is left. The
//! model is drawn the way the README and line 9 of the listing say a cell looks (3×3
//! characters: `a` dark, `h` light, blank destroyed, the player's digit in the middle),
//! and every screen of the game is compared with it, character by character.

mod support;
use support::scratch;

use std::path::{Path, PathBuf};
use std::process::Command;

use msx_machine::machine::{KeyScript, Machine, MachineConfig, RunOutcome, Until};

fn example(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/isol")
        .join(file)
}

/// `msx build isol.bas` with the given mode flag (`--compile` or `--interpret`).
fn build(name: &str, mode: &str) -> Vec<u8> {
    let dir = scratch(name);
    let out = Command::new(env!("CARGO_BIN_EXE_msx"))
        .current_dir(&dir)
        .args(["build", example("isol.bas").to_str().unwrap(), mode])
        .args(["-o", "isol.dsk"])
        .env("SOURCE_DATE_EPOCH", "1714564800")
        .output()
        .expect("run msx");
    assert!(
        out.status.success(),
        "msx build: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read(dir.join("isol.dsk")).unwrap()
}

fn power_on(disk: Vec<u8>) -> Machine {
    let mut m = Machine::new(MachineConfig::new(support::free_bios_layout())).unwrap();
    m.insert_disk(0, disk).unwrap();
    m
}

/// The 8 directions as the cursor keys give them (STICK 1-8, clockwise from up) and the
/// step each is on the board (column, row).
const DIRECTIONS: [(&str, (i32, i32)); 8] = [
    ("UP", (0, -1)),
    ("UP+RIGHT", (1, -1)),
    ("RIGHT", (1, 0)),
    ("DOWN+RIGHT", (1, 1)),
    ("DOWN", (0, 1)),
    ("DOWN+LEFT", (-1, 1)),
    ("LEFT", (-1, 0)),
    ("UP+LEFT", (-1, -1)),
];

fn step_of(dir: &str) -> (i32, i32) {
    DIRECTIONS
        .iter()
        .find(|(d, _)| *d == dir)
        .unwrap_or_else(|| panic!("no direction {dir}"))
        .1
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Cell {
    Destroyed,
    Dark,
    Light,
}

/// The seed's game: 7 columns × 5 rows, cells numbered from 1 as (column, row).
#[derive(Clone)]
struct Model {
    cells: [[Cell; 5]; 7],
    /// Where each player stands; `None` once their game is over.
    players: Vec<Option<(i32, i32)>>,
}

/// The four light cells, in the order the seed's `SZ(0..3)` starts the players on them:
/// screen offsets 106, 232, 112 and 226 of the Atari's 20-column board, three columns
/// and three rows a cell, are cells (3,2), (5,4), (5,2) and (3,4).
const STARTS: [(i32, i32); 4] = [(3, 2), (5, 4), (5, 2), (3, 4)];

#[derive(Clone, Copy, PartialEq, Debug)]
enum Turn {
    Move,
    Skip,
    Over,
}

impl Model {
    fn new(players: usize) -> Model {
        let mut cells = [[Cell::Dark; 5]; 7];
        for (x, y) in STARTS {
            cells[x as usize - 1][y as usize - 1] = Cell::Light;
        }
        Model {
            cells,
            players: STARTS[..players].iter().map(|&p| Some(p)).collect(),
        }
    }

    /// The cell at (x, y); outside the board counts as destroyed.
    fn cell(&self, (x, y): (i32, i32)) -> Cell {
        if (1..=7).contains(&x) && (1..=5).contains(&y) {
            self.cells[x as usize - 1][y as usize - 1]
        } else {
            Cell::Destroyed
        }
    }

    fn occupied(&self, c: (i32, i32)) -> bool {
        self.players.contains(&Some(c))
    }

    fn around(c: (i32, i32)) -> impl Iterator<Item = (i32, i32)> {
        DIRECTIONS
            .iter()
            .map(move |(_, (dx, dy))| (c.0 + dx, c.1 + dy))
    }

    fn can_move_to(&self, c: (i32, i32)) -> bool {
        self.cell(c) != Cell::Destroyed && !self.occupied(c)
    }

    fn can_fire_at(&self, c: (i32, i32)) -> bool {
        self.cell(c) == Cell::Dark && !self.occupied(c)
    }

    fn at(&self, p: usize) -> (i32, i32) {
        self.players[p - 1].expect("the player is still on the board")
    }

    /// What player `p`'s turn starts with.
    fn turn(&self, p: usize) -> Turn {
        let c = self.at(p);
        if Self::around(c).all(|n| self.cell(n) == Cell::Destroyed) {
            Turn::Over
        } else if !Self::around(c).any(|n| self.can_move_to(n)) {
            Turn::Skip
        } else {
            Turn::Move
        }
    }

    /// After a move: is there anything to fire at?
    fn can_fire(&self, p: usize) -> bool {
        Self::around(self.at(p)).any(|n| self.can_fire_at(n))
    }

    fn target(&self, p: usize, dir: &str) -> (i32, i32) {
        let (x, y) = self.at(p);
        let (dx, dy) = step_of(dir);
        (x + dx, y + dy)
    }

    fn alive(&self) -> usize {
        self.players.iter().flatten().count()
    }

    /// The screen's 24 rows of 32 characters: each cell 3×3 characters at column
    /// 4x-2, row 4y-2 (`a` dark, `h` light, blank destroyed, the player's digit in the
    /// middle), `status` at column 12 of row 22 and `last` there on row 23.
    fn screen(&self, status: &str, last: &str) -> Vec<String> {
        let mut rows = vec![vec![b' '; 32]; 24];
        for x in 1..=7 {
            for y in 1..=5 {
                let ch = match self.cell((x, y)) {
                    Cell::Destroyed => b' ',
                    Cell::Dark => b'a',
                    Cell::Light => b'h',
                };
                let (col, row) = (4 * x as usize - 2, 4 * y as usize - 2);
                for r in &mut rows[row..row + 3] {
                    r[col..col + 3].fill(ch);
                }
                if let Some(p) = self.players.iter().position(|&q| q == Some((x, y))) {
                    rows[row + 1][col + 1] = b'1' + p as u8;
                }
            }
        }
        for (r, text) in [(22, status), (23, last)] {
            rows[r][12..12 + text.len()].copy_from_slice(text.as_bytes());
        }
        rows.into_iter()
            .map(|r| String::from_utf8(r).unwrap())
            .collect()
    }
}

/// Frames between pressing a direction and the space bar while it is held, and how long
/// each is held: several keyboard scans of the BIOS (every third interrupt).
const SPACE_AFTER: u64 = 4;
const DIRECTION_HELD: u64 = 12;
const SPACE_HELD: u64 = 3;

/// Frames the screen gets to settle once the expected status shows: the status is
/// printed in pieces, so the text can match for a moment before the rest is written.
const SETTLE: u64 = 10;

struct Game {
    m: Machine,
    model: Model,
    /// Who plays now and the status the screen shows.
    player: usize,
    status: String,
    /// Frames the program gets to answer a key (generous: the interpreter is slower).
    patience: u64,
}

impl Game {
    fn screen(&self) -> Vec<String> {
        let s = self.m.text_screen().expect("a character mode");
        assert_eq!((s.columns, s.rows), (32, 24), "SCREEN 1, WIDTH 32");
        (0..24)
            .map(|r| s.row(r).iter().map(|&c| char::from(c)).collect())
            .collect()
    }

    fn check(&self, last: &str) {
        let want = self.model.screen(&self.status, last);
        let got = self.screen();
        assert_eq!(got, want, "screen with status {:?}", self.status);
    }

    fn run_until_text(&mut self, text: &str) {
        let out = self
            .m
            .run_until(&Until::TextOnScreen(text.to_string()), self.patience);
        assert!(
            matches!(out, RunOutcome::Reached { .. }),
            "{text:?} never showed; the screen:\n{}",
            self.screen().join("\n")
        );
        self.m.run_until(&Until::FrameLimit, SETTLE);
    }

    fn keys(&mut self, script: &str) {
        let script = KeyScript::parse(script).unwrap();
        self.m.schedule_script(&script);
    }

    /// Holds `dir` and presses the space bar while it is held.
    fn press(&mut self, dir: &str) {
        let at = self.m.frame_count() + 1;
        self.keys(&format!(
            "at {at} press {dir} for {DIRECTION_HELD} at {} press SPACE for {SPACE_HELD}",
            at + SPACE_AFTER
        ));
    }

    /// Boots to `PLAYERS?`, presses the keys of `refused` (ignored) and then `players`.
    fn start(disk: Vec<u8>, refused: &[char], players: usize, patience: u64) -> Game {
        let mut g = Game {
            m: power_on(disk),
            model: Model::new(players),
            player: 1,
            status: "P1 MOVE".into(),
            patience,
        };
        g.run_until_text("PLAYERS?");
        for &k in refused.iter().chain(&[char::from(b'0' + players as u8)]) {
            let at = g.m.frame_count() + 1;
            g.keys(&format!("at {at} press {k} for 3"));
            g.m.run_until(&Until::FrameLimit, 30);
            if k != char::from(b'0' + players as u8) {
                assert_eq!(g.screen()[0].trim_end(), "PLAYERS?", "key {k} was taken");
            }
        }
        g.run_until_text("P1 MOVE");
        g.check("");
        g
    }

    /// The next player's turn and the status it starts with. A player whose game is
    /// over still has their turn, which only shows `OVER` again (the seed's loop); when
    /// one player is left the game ends with `P… WINS`.
    fn next_turn(&mut self) {
        self.player = self.player % self.model.players.len() + 1;
        let p = self.player;
        let turn = match self.model.players[p - 1] {
            Some(_) => self.model.turn(p),
            None => Turn::Over,
        };
        self.status = format!("P{p} {}", ["MOVE", "SKIP", "OVER"][turn as usize]);
        if turn == Turn::Over && self.model.players[p - 1].is_some() {
            self.model.players[p - 1] = None;
            if self.model.alive() == 1 {
                let w = self.model.players.iter().position(Option::is_some).unwrap();
                let wins = format!("P{} WINS", w + 1);
                self.run_until_text(&wins);
                self.check(&wins);
                return;
            }
        }
        self.run_until_text(&self.status.clone());
        self.check("");
        if turn != Turn::Move {
            self.next_turn();
        }
    }

    /// A key the game must refuse in this step: nothing changes.
    fn refused(&mut self, dir: &str) {
        let p = self.player;
        let c = self.model.target(p, dir);
        let ok = if self.status.ends_with("MOVE") {
            self.model.can_move_to(c)
        } else {
            self.model.can_fire_at(c)
        };
        assert!(!ok, "the rules allow {dir} from {:?}", self.model.at(p));
        self.press(dir);
        self.m.run_until(&Until::FrameLimit, 60);
        self.check("");
    }

    /// The player's turn: refused moves, the move `dir`, then, when there is something
    /// to fire at, refused shots and the shot `fire` (which must then be `Some`).
    fn play_with(&mut self, bad_moves: &[&str], dir: &str, bad_shots: &[&str], fire: Option<&str>) {
        let p = self.player;
        assert_eq!(self.status, format!("P{p} MOVE"));
        for d in bad_moves {
            self.refused(d);
        }
        let to = self.model.target(p, dir);
        assert!(self.model.can_move_to(to), "P{p} may not move {dir}");
        self.press(dir);
        self.model.players[p - 1] = Some(to);
        if !self.model.can_fire(p) {
            assert!(fire.is_none(), "P{p} has nothing to fire at");
            self.status = format!("P{p} SKIP");
            self.run_until_text(&self.status.clone());
            self.check("");
            self.next_turn();
            return;
        }
        self.status = format!("P{p} FIRE");
        self.run_until_text(&self.status.clone());
        self.check("");
        for d in bad_shots {
            self.refused(d);
        }
        let fire = fire.expect("a shot");
        let at = self.model.target(p, fire);
        assert!(self.model.can_fire_at(at), "P{p} may not fire {fire}");
        self.press(fire);
        self.model.cells[at.0 as usize - 1][at.1 as usize - 1] = Cell::Destroyed;
        self.next_turn();
    }

    fn play(&mut self, dir: &str, fire: Option<&str>) {
        self.play_with(&[], dir, &[], fire);
    }
}

/// The game of `demo.keys`: each player's move and shot (`None`: nothing to fire at).
const DEMO: [(&str, Option<&str>); 10] = [
    ("LEFT", Some("DOWN+RIGHT")),    // P1 to (2,2), fires at (3,3)
    ("RIGHT", Some("UP+LEFT")),      // P2 to (6,4), fires at (5,3)
    ("RIGHT", Some("RIGHT")),        // P1 back to (3,2), fires at (4,2)
    ("LEFT", Some("LEFT")),          // P2 back to (5,4), fires at (4,4)
    ("DOWN+RIGHT", None),            // P1 to (4,3): every free neighbour is light
    ("RIGHT", Some("UP+RIGHT")),     // P2 to (6,4), fires at (7,3)
    ("DOWN+RIGHT", Some("UP+LEFT")), // P1 to (5,4), fires at (4,3)
    ("DOWN+RIGHT", Some("UP")),      // P2 into the corner (7,5), fires at (7,4)
    ("DOWN+RIGHT", Some("UP")),      // P1 to (6,5), fires at (6,4): P2's turn is skipped
    ("UP+LEFT", Some("DOWN+RIGHT")), // P1 to (5,4), fires at (6,5): P2 is over
];

/// The demo game, with refused keys on the way: a shot at a light cell, a move onto a
/// destroyed cell, a shot at a player, a move onto a player and one off the board.
fn play_demo(g: &mut Game) {
    for (i, &(dir, fire)) in DEMO.iter().enumerate() {
        let (bad_moves, bad_shots): (&[&str], &[&str]) = match i {
            0 => (&[], &["RIGHT"]),         // P1 on (2,2) at the light (3,2)
            2 => (&["DOWN+RIGHT"], &[]),    // P1 on (2,2) onto the destroyed (3,3)
            8 => (&[], &["RIGHT"]),         // P1 on (6,5) at P2 on (7,5)
            9 => (&["RIGHT", "DOWN"], &[]), // onto P2; off the board
            _ => (&[], &[]),
        };
        g.play_with(bad_moves, dir, bad_shots, fire);
    }
}

#[test]
fn a_whole_game_of_two_compiled() {
    let disk = build("compiled", "--compile");
    let mut g = Game::start(disk, &['5', '1'], 2, 600);
    play_demo(&mut g);
    assert_eq!(g.model.players, [Some((5, 4)), None]);
    // The end stays: the program waits in line 6 for good.
    let end = g.screen();
    g.m.run_until(&Until::FrameLimit, 300);
    assert_eq!(g.screen(), end);
}

/// The same game on the free ROM's MSX-BASIC interpreter, from the disk an MSX user
/// makes (`msx build --interpret`: ISOL.BAS and an AUTOEXEC.BAS that runs it).
#[test]
fn a_whole_game_of_two_interpreted() {
    let disk = build("interpreted", "--interpret");
    let mut g = Game::start(disk, &['5', '1'], 2, 6000);
    play_demo(&mut g);
    assert_eq!(g.model.players, [Some((5, 4)), None]);
}

#[test]
fn three_and_four_players_start_on_the_light_cells() {
    let disk = build("starts", "--compile");
    for players in [3, 4] {
        let g = Game::start(disk.clone(), &[], players, 600);
        assert_eq!(g.model.players.len(), players);
    }
}

/// Of three, P3 is boxed into the corner (7,1): `P3 OVER`, it leaves the board, the
/// other two play on, and each round P3's turn shows `OVER` again.
#[test]
fn an_over_player_leaves_the_board_and_the_others_play_on() {
    let disk = build("three", "--compile");
    let mut g = Game::start(disk, &[], 3, 600);
    // P1 (3,2), P2 (5,4), P3 (5,2).
    let turns: [(&str, &str); 10] = [
        ("LEFT", "LEFT"),         // P1 to (2,2), fires at (1,2)
        ("DOWN", "LEFT"),         // P2 to (5,5), fires at (4,5)
        ("UP+RIGHT", "DOWN"),     // P3 to (6,1), fires at (6,2)
        ("DOWN", "UP"),           // P1 to (2,3), fires at (2,2)
        ("UP", "DOWN"),           // P2 back to (5,4), fires at (5,5)
        ("RIGHT", "LEFT"),        // P3 into the corner (7,1), fires at (6,1)
        ("DOWN", "DOWN"),         // P1 to (2,4), fires at (2,5)
        ("UP+RIGHT", "UP+RIGHT"), // P2 to (6,3), fires at (7,2): P3 is over
        ("RIGHT", "UP"),          // P1 to (3,4), fires at (3,3)
        ("LEFT", "LEFT"),         // P2 to (5,3), fires at (4,3): P3 over again
    ];
    for (dir, fire) in turns {
        g.play(dir, Some(fire));
    }
    assert_eq!(g.model.players, [Some((3, 4)), Some((5, 3)), None]);
    assert_eq!(g.status, "P1 MOVE");
}

/// `demo.keys` is what its first line says: `msx run isol.bas --keys demo.keys --frames
/// N` (the listing interpreted) ends on the end screen of the demo game, which is
/// `end.png`; the compiled game, with the same keys, ends on the same screen.
#[test]
fn demo_keys_play_to_end_png() {
    let script = std::fs::read_to_string(example("demo.keys")).unwrap();
    let first = script.lines().next().unwrap();
    let frames: u64 = first
        .split_whitespace()
        .skip_while(|w| *w != "--frames")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("--frames N in the first line");
    assert!(first.starts_with("# msx run isol.bas --keys demo.keys"));
    for mode in ["--interpret", "--compile"] {
        let mut m = power_on(build(&format!("demo{mode}"), mode));
        m.schedule_script(&KeyScript::parse(&script).unwrap());
        m.run_until(&Until::FrameLimit, frames);
        check_demo_end(&m);
        let png = std::fs::read(example("end.png")).unwrap();
        assert!(
            m.png_bytes().unwrap() == png,
            "{mode}: the end screen is not end.png"
        );
    }
}

fn check_demo_end(m: &Machine) {
    // The same game played by the model.
    let mut model = Model::new(2);
    let mut p = 1;
    for &(dir, fire) in &DEMO {
        let to = model.target(p, dir);
        assert!(model.can_move_to(to));
        model.players[p - 1] = Some(to);
        if let Some(f) = fire {
            let at = model.target(p, f);
            assert!(model.can_fire_at(at));
            model.cells[at.0 as usize - 1][at.1 as usize - 1] = Cell::Destroyed;
        }
        p = 3 - p;
        if model.turn(p) == Turn::Skip {
            p = 3 - p;
        }
    }
    assert_eq!(model.turn(2), Turn::Over);
    model.players[1] = None;
    let s = m.text_screen().unwrap();
    let got: Vec<String> = (0..24)
        .map(|r| s.row(r).iter().map(|&c| char::from(c)).collect())
        .collect();
    assert_eq!(got, model.screen("P2 OVER", "P1 WINS"));
    let png = std::fs::read(example("end.png")).unwrap();
    assert!(
        m.png_bytes().unwrap() == png,
        "the end screen is not end.png"
    );
}
