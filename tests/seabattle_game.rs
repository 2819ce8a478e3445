//! The sea battle of `examples/seabattle` (the user's document `001_…`, in Turbo Pascal),
//! built by `msx build` into a boot disk and played on the emulated MSX2 with scripted
//! keys.
//!
//! The field and the fleets are drawn at random, so the test reads them from the
//! program's RAM (the arrays `owner`, `what`, `ship`, `damaged`, … through the symbol
//! file) and checks them against the document's rules: sides 10-20, area 200-250, each
//! side one ship of 4, two of 3, three of 2, four of 1 and two mines, no two objects
//! touching. It aims the player's shots with the cursor keys, and before each shot of
//! the computer it computes, from what the computer may know (its own objects and
//! shots, and the hit and sunk ships both sides see), the document's count of ways a
//! ship can cover each cell: the computer's shot must be one of the cells where that
//! count is highest (among the cells next to a hit ship not yet sunk, while there is
//! one). Where the player's ships are is never an input of that model, so a computer
//! that peeked would be caught.

mod support;
use support::scratch;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use msx_machine::machine::{KeyScript, Machine, MachineConfig, RunOutcome, Until};
use msx_machine::memory::SlotId;

const RAM: SlotId = SlotId {
    primary: 3,
    secondary: Some(2),
};

fn example(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/seabattle")
        .join(file)
}

fn build(name: &str) -> (Vec<u8>, HashMap<String, u16>) {
    let dir = scratch(name);
    let out = Command::new(env!("CARGO_BIN_EXE_msx"))
        .current_dir(&dir)
        .args(["build", example("seabattle.pas").to_str().unwrap()])
        .args(["-o", "sea.dsk", "--sym", "sea.sym"])
        .env("SOURCE_DATE_EPOCH", "1714564800")
        .output()
        .expect("run msx");
    assert!(
        out.status.success(),
        "msx build: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sym = std::fs::read_to_string(dir.join("sea.sym")).unwrap();
    let symbols = sym
        .lines()
        .filter_map(|l| {
            let (name, rest) = l.split_once(": equ 0x")?;
            Some((name.to_string(), u16::from_str_radix(rest.trim(), 16).ok()?))
        })
        .collect();
    (std::fs::read(dir.join("sea.dsk")).unwrap(), symbols)
}

/// The program's constants (`seabattle.pas`): sides, things, characters.
const PLAYER: u8 = 1;
const COMPUTER: u8 = 2;
const SHIP: u8 = 1;
const MINE: u8 = 2;
const CH_WATER: u8 = 128;
const CH_SHIP: u8 = 144;
const CH_MINE: u8 = 152;
const CH_HIT: u8 = 168;
const CH_SUNK: u8 = 176;
const CH_LEFT: u8 = 184;
/// The fleet of each side (the document: 1 of 4, 2 of 3, 3 of 2, 4 of 1).
const LENGTHS: [usize; 10] = [4, 3, 3, 2, 2, 2, 1, 1, 1, 1];

/// Frames a key is held and then left up (the BIOS scans the keyboard every third
/// interrupt; Read(Kbd) takes keys from the BIOS's buffer).
const HOLD: u64 = 3;
const RELEASED: u64 = 6;

/// One cell as the program holds it.
#[derive(Clone, Copy, Default, Debug)]
struct Cell {
    owner: u8,
    what: u8,
    ship: u8,
    damaged: bool,
    by_player: bool,
    by_computer: bool,
}

struct Field {
    w: usize,
    h: usize,
    /// 0..=21 × 0..=21, a border of empty cells around 1..=w × 1..=h.
    cells: Vec<Vec<Cell>>,
}

impl Field {
    fn at(&self, x: i32, y: i32) -> Cell {
        if x < 0 || y < 0 || x > 21 || y > 21 {
            return Cell::default();
        }
        self.cells[x as usize][y as usize]
    }

    fn inside(&self, x: i32, y: i32) -> bool {
        x >= 1 && y >= 1 && x <= self.w as i32 && y <= self.h as i32
    }

    fn ship_cells(&self, id: u8) -> Vec<(i32, i32)> {
        let mut v = Vec::new();
        for x in 1..=self.w as i32 {
            for y in 1..=self.h as i32 {
                let c = self.at(x, y);
                if c.what == SHIP && c.ship == id {
                    v.push((x, y));
                }
            }
        }
        v
    }

    /// A ship is sunk when every cell of it is hit: both sides see that.
    fn sunk(&self, id: u8) -> bool {
        self.ship_cells(id)
            .iter()
            .all(|&(x, y)| self.at(x, y).damaged)
    }

    fn afloat(&self, side: u8) -> usize {
        let first = if side == PLAYER { 1 } else { 11 };
        (first..first + 10).filter(|&k| !self.sunk(k)).count()
    }
}

/// The computer's view of a cell (document: a cell that was shot, or touches one of
/// its own objects or a sunk ship of the enemy, cannot hold an enemy ship; a hit cell
/// is known already).
fn usable(f: &Field, x: i32, y: i32) -> bool {
    let c = f.at(x, y);
    if !f.inside(x, y) || c.by_computer || c.damaged {
        return false;
    }
    for i in x - 1..=x + 1 {
        for j in y - 1..=y + 1 {
            let n = f.at(i, j);
            if n.owner == COMPUTER {
                return false;
            }
            if n.owner == PLAYER && n.what == SHIP && n.damaged && f.sunk(n.ship) {
                return false;
            }
        }
    }
    true
}

/// The document's formula: for N ≥ 2, C_N · (min(L,N) + min(R,N) − N) across plus the
/// same down (each at least 0: a direction with no room has no way), L, R, T, B the
/// usable cells from the cell to the nearest unusable one or the edge, the cell
/// counted; plus C_1 for the single-cell ships. C_N: the player's ships of length N
/// still afloat (the sunk ones are seen).
fn ways(f: &Field, x: i32, y: i32) -> i32 {
    if !usable(f, x, y) {
        return 0;
    }
    let run = |dx: i32, dy: i32| {
        let mut n = 0;
        let (mut i, mut j) = (x, y);
        while usable(f, i, j) {
            n += 1;
            i += dx;
            j += dy;
        }
        n
    };
    let (l, r, t, b) = (run(-1, 0), run(1, 0), run(0, -1), run(0, 1));
    let mut total = 0;
    for n in 1..=4 {
        let afloat = (1..=10u8)
            .filter(|&k| LENGTHS[k as usize - 1] == n as usize && !f.sunk(k))
            .count() as i32;
        if n == 1 {
            total += afloat;
        } else {
            let across = (l.min(n) + r.min(n) - n).max(0);
            let down = (t.min(n) + b.min(n) - n).max(0);
            total += afloat * (across + down);
        }
    }
    total
}

/// The cells the computer may choose: the best counts, among the cells beside (4
/// sides) a hit ship of the player that is not sunk while there are any.
fn best_cells(f: &Field) -> Vec<(i32, i32)> {
    let wreck = |x: i32, y: i32| {
        let c = f.at(x, y);
        c.owner == PLAYER && c.what == SHIP && c.damaged && !f.sunk(c.ship)
    };
    let mut cand = Vec::new();
    for x in 1..=f.w as i32 {
        for y in 1..=f.h as i32 {
            if usable(f, x, y) {
                let next = wreck(x - 1, y) || wreck(x + 1, y) || wreck(x, y - 1) || wreck(x, y + 1);
                cand.push(((x, y), next));
            }
        }
    }
    if cand.iter().any(|&(_, n)| n) {
        cand.retain(|&(_, n)| n);
    }
    let best = cand.iter().map(|&((x, y), _)| ways(f, x, y)).max();
    cand.into_iter()
        .map(|(c, _)| c)
        .filter(|&(x, y)| Some(ways(f, x, y)) == best)
        .collect()
}

struct Game {
    m: Machine,
    sym: HashMap<String, u16>,
    free_at: u64,
    /// Every key tapped: (frame, key), for demo.keys.
    log: Vec<(u64, String)>,
}

impl Game {
    fn addr(&self, name: &str) -> u16 {
        *self
            .sym
            .get(name)
            .unwrap_or_else(|| panic!("no symbol {name}"))
    }

    fn bytes(&self, name: &str, len: usize) -> Vec<u8> {
        self.m.peek_slot(RAM, self.addr(name), len)
    }

    fn int(&self, name: &str) -> i32 {
        let b = self.bytes(name, 2);
        i32::from(i16::from_le_bytes([b[0], b[1]]))
    }

    fn field(&self) -> Field {
        let n = 22 * 22;
        let [owner, what, ship, damaged, by_p, by_c] = [
            "owner",
            "what",
            "ship",
            "damaged",
            "shotByPlayer",
            "shotByComputer",
        ]
        .map(|a| self.bytes(a, n));
        let cells = (0..22)
            .map(|x| {
                (0..22)
                    .map(|y| {
                        let i = x * 22 + y; // array[0..21, 0..21]: the last index fastest
                        Cell {
                            owner: owner[i],
                            what: what[i],
                            ship: ship[i],
                            damaged: damaged[i] != 0,
                            by_player: by_p[i] != 0,
                            by_computer: by_c[i] != 0,
                        }
                    })
                    .collect()
            })
            .collect();
        Field {
            w: self.int("cols") as usize,
            h: self.int("rows") as usize,
            cells,
        }
    }

    fn tap(&mut self, key: &str) {
        let at = (self.m.frame_count() + 1).max(self.free_at);
        self.free_at = at + HOLD + RELEASED;
        self.log.push((at, key.to_string()));
        let script = KeyScript::parse(&format!("at {at} press {key} for {HOLD}")).unwrap();
        self.m.schedule_script(&script);
    }

    fn run_to(&mut self, routine: &str, frames: u64) -> bool {
        let pc = self.addr(routine);
        support::run_to_program_pc(&mut self.m, pc, support::PROGRAM_RAM, frames)
    }

    fn char_at(&self, x: i32, y: i32) -> u8 {
        self.m.text_screen().unwrap().row(y as usize)[x as usize]
    }

    fn status(&self) -> String {
        self.m.text_screen().unwrap().line(23).trim().to_string()
    }

    /// Moves the cursor to (x, y) and fires. True while the game goes on; the
    /// computer's answer is checked against the model.
    fn fire_at(&mut self, x: i32, y: i32) -> bool {
        let (cx, cy) = (self.int("cx"), self.int("cy"));
        let keys: Vec<&str> = std::iter::repeat_n(
            if x > cx { "RIGHT" } else { "LEFT" },
            x.abs_diff(cx) as usize,
        )
        .chain(std::iter::repeat_n(
            if y > cy { "DOWN" } else { "UP" },
            y.abs_diff(cy) as usize,
        ))
        .collect();
        for k in keys {
            self.tap(k);
        }
        self.m.run_until(
            &Until::FrameLimit,
            self.free_at.saturating_sub(self.m.frame_count()),
        );
        assert_eq!((self.int("cx"), self.int("cy")), (x, y), "the cursor");
        self.tap("SPACE");
        // The player's shot; then the computer's, unless the game ended.
        let pc = self.addr("ComputerShoots");
        if !support::run_to_program_pc(&mut self.m, pc, support::PROGRAM_RAM, 600) {
            return false;
        }
        let before = self.field();
        let best = best_cells(&before);
        if !self.run_to("PlayerTurn", 1200) {
            return false;
        }
        let after = self.field();
        let shot: Vec<(i32, i32)> = (1..=after.w as i32)
            .flat_map(|i| (1..=after.h as i32).map(move |j| (i, j)))
            .filter(|&(i, j)| after.at(i, j).by_computer && !before.at(i, j).by_computer)
            .collect();
        assert_eq!(shot.len(), 1, "one shot of the computer");
        if !best.is_empty() {
            assert!(
                best.contains(&shot[0]),
                "the computer shot {:?} (count {}), the best cells are {best:?} (count {})",
                shot[0],
                ways(&before, shot[0].0, shot[0].1),
                ways(&before, best[0].0, best[0].1)
            );
        }
        true
    }
}

/// Boots and waits for the title.
fn to_title(disk: Vec<u8>, sym: HashMap<String, u16>) -> Game {
    let mut m = Machine::new(MachineConfig::new(support::free_bios_layout())).unwrap();
    m.insert_disk(0, disk).unwrap();
    let mut g = Game {
        m,
        sym,
        free_at: 0,
        log: Vec::new(),
    };
    let out =
        g.m.run_until(&Until::TextOnScreen("PRESS SPACE".into()), 3000);
    assert!(matches!(out, RunOutcome::Reached { .. }), "no title");
    g
}

/// Boots, starts with SPACE at the title and waits for the first turn.
fn start(disk: Vec<u8>, sym: HashMap<String, u16>) -> Game {
    let mut g = to_title(disk, sym);
    g.tap("SPACE");
    assert!(g.run_to("PlayerTurn", 3000), "no first turn");
    g
}

/// The placement follows the document.
fn check_field(f: &Field) {
    assert!(
        (10..=20).contains(&f.w) && (10..=20).contains(&f.h),
        "{}x{}",
        f.w,
        f.h
    );
    assert!((200..=250).contains(&(f.w * f.h)), "area {}", f.w * f.h);
    for side in [PLAYER, COMPUTER] {
        let first = if side == PLAYER { 1 } else { 11 };
        for k in 0..10u8 {
            let cells = f.ship_cells(first + k);
            assert_eq!(cells.len(), LENGTHS[k as usize], "ship {}", first + k);
            let xs: Vec<i32> = cells.iter().map(|c| c.0).collect();
            let ys: Vec<i32> = cells.iter().map(|c| c.1).collect();
            let (w, h) = (
                xs.iter().max().unwrap() - xs.iter().min().unwrap() + 1,
                ys.iter().max().unwrap() - ys.iter().min().unwrap() + 1,
            );
            assert!(
                (w == 1 || h == 1) && (w * h) as usize == cells.len(),
                "ship {} is a straight line",
                first + k
            );
            assert!(cells.iter().all(|&(x, y)| f.at(x, y).owner == side));
        }
        let mines = (1..=f.w as i32)
            .flat_map(|x| (1..=f.h as i32).map(move |y| (x, y)))
            .filter(|&(x, y)| f.at(x, y).what == MINE && f.at(x, y).owner == side)
            .count();
        assert_eq!(mines, 2, "side {side}'s mines");
    }
    // No two objects touch: cells of different objects are never neighbours (mines are
    // objects of their own).
    let id = |x: i32, y: i32| {
        let c = f.at(x, y);
        match c.what {
            SHIP => Some(u32::from(c.ship)),
            MINE => Some(1000 + (x * 32 + y) as u32),
            _ => None,
        }
    };
    for x in 1..=f.w as i32 {
        for y in 1..=f.h as i32 {
            let Some(a) = id(x, y) else { continue };
            for i in x - 1..=x + 1 {
                for j in y - 1..=y + 1 {
                    if let Some(b) = id(i, j) {
                        assert!(a == b, "objects touch at ({x},{y}) and ({i},{j})");
                    }
                }
            }
        }
    }
}

/// What the player sees before a shot: their own ships and mines, the sea elsewhere.
fn check_first_screen(g: &Game, f: &Field) {
    for x in 1..=f.w as i32 {
        for y in 1..=f.h as i32 {
            let c = f.at(x, y);
            let want = match (c.owner, c.what) {
                (PLAYER, SHIP) => CH_SHIP,
                (PLAYER, MINE) => CH_MINE,
                _ => CH_WATER,
            };
            assert_eq!(g.char_at(x, y), want, "({x},{y})");
        }
    }
}

/// The player fires at every ship cell of the computer; the game ends with YOU WIN.
fn play_to_win(g: &mut Game) -> Field {
    let f = g.field();
    let targets: Vec<(i32, i32)> = (11..=20).flat_map(|k| f.ship_cells(k)).collect();
    for (x, y) in targets {
        let now = g.field();
        if now.at(x, y).damaged {
            continue; // already hit by a mine's blast
        }
        if !g.fire_at(x, y) {
            break;
        }
    }
    g.m.run_until(&Until::FrameLimit, 60);
    g.field()
}

#[test]
fn placement_ai_and_a_won_game() {
    let (disk, sym) = build("win");
    let mut g = start(disk, sym);
    let f = g.field();
    check_field(&f);
    check_first_screen(&g, &f);
    assert_eq!(g.status(), "YOUR SHOT");
    let end = play_to_win(&mut g);
    assert_eq!(end.afloat(COMPUTER), 0);
    assert!(end.afloat(PLAYER) > 0);
    assert_eq!(g.status(), "YOU WIN");
    for k in 11..=20 {
        for (x, y) in end.ship_cells(k) {
            assert_eq!(g.char_at(x, y), CH_SUNK, "sunk ship cell ({x},{y})");
        }
    }
    // The player never sees where the computer fired on the sea.
    for x in 1..=end.w as i32 {
        for y in 1..=end.h as i32 {
            let c = end.at(x, y);
            if c.owner == 0 && !c.by_player {
                assert_eq!(g.char_at(x, y), CH_WATER, "({x},{y})");
            }
        }
    }
    if std::env::var_os("SEABATTLE_WRITE_DEMO").is_some() {
        let last = g.m.frame_count();
        let mut text = format!(
            "# msx run seabattle.dsk --keys demo.keys --frames {last} --png end.png\n\
             # seabattle.dsk: msx build seabattle.pas -o seabattle.dsk (see README.md).\n\
             # Written by tests/seabattle_game.rs (SEABATTLE_WRITE_DEMO=1): the player fires at\n\
             # every ship of the computer, read from RAM; the game is the same on every run.\n"
        );
        for (at, key) in &g.log {
            text.push_str(&format!("at {at} press {key} for {HOLD}\n"));
        }
        std::fs::write(example("demo.keys"), text).unwrap();
        std::fs::write(example("end.png"), g.m.png_bytes().unwrap()).unwrap();
    }
}

/// The player fires only at the sea: the computer plays a whole
/// game, each shot checked against the model, and wins.
#[test]
fn the_computer_aims_by_the_formula_and_wins() {
    let (disk, sym) = build("lose");
    let mut g = start(disk, sym);
    let f = g.field();
    let sea: Vec<(i32, i32)> = (1..=f.h as i32)
        .flat_map(|y| (1..=f.w as i32).map(move |x| (x, y)))
        .filter(|&(x, y)| f.at(x, y).what == 0)
        .collect();
    let mut ended = false;
    for (x, y) in sea {
        if !g.fire_at(x, y) {
            ended = true;
            break;
        }
    }
    let now = g.field();
    let fired = (1..=now.w as i32)
        .flat_map(|x| (1..=now.h as i32).map(move |y| (x, y)))
        .filter(|&(x, y)| now.at(x, y).by_computer)
        .count();
    assert!(
        ended,
        "the computer did not win while the player shot the sea: {fired} shots, {} ships afloat, {:?}",
        now.afloat(PLAYER),
        g.status()
    );
    g.m.run_until(&Until::FrameLimit, 60);
    let end = g.field();
    assert_eq!(end.afloat(PLAYER), 0);
    assert_eq!(g.status(), "YOU LOSE");
    // The end shows the computer's ships: sunk red, hit crossed, never hit grey.
    for k in 11..=20 {
        for (x, y) in end.ship_cells(k) {
            let want = if end.sunk(k) {
                CH_SUNK
            } else if end.at(x, y).damaged {
                CH_HIT
            } else {
                CH_LEFT
            };
            assert_eq!(g.char_at(x, y), want, "the computer's ship cell ({x},{y})");
        }
    }
}

/// `demo.keys` plays the won game to its end screen, `end.png`.
///
/// The field comes from `Randomize` (JIFFY and the R register) when SPACE is pressed at
/// the title, so a change of the ROMs' or the runtime's timing makes another game: then
/// this test fails, and `SEABATTLE_WRITE_DEMO=1 cargo test --test seabattle_game
/// placement` writes demo.keys and end.png again (look at the picture before committing).
#[test]
fn demo_keys_play_to_end_png() {
    let script = std::fs::read_to_string(example("demo.keys")).unwrap();
    let first = script.lines().next().unwrap();
    assert!(first.starts_with("# msx run seabattle.dsk --keys demo.keys --frames "));
    let frames: u64 = first.split_whitespace().nth(7).unwrap().parse().unwrap();
    let (disk, _) = build("demo");
    let mut m = Machine::new(MachineConfig::new(support::free_bios_layout())).unwrap();
    m.insert_disk(0, disk).unwrap();
    m.schedule_script(&KeyScript::parse(&script).unwrap());
    m.run_until(&Until::FrameLimit, frames);
    assert_eq!(
        m.text_screen().unwrap().line(23).trim(),
        "YOU WIN",
        "demo.keys no longer wins: the field changed (see this test's comment)"
    );
    let png = std::fs::read(example("end.png")).unwrap();
    assert!(
        m.png_bytes().unwrap() == png,
        "the end screen is not end.png"
    );
}

/// The MSX mouse (issue 19): a click starts the game, moves of the mouse in
/// port 1 move the cursor a cell per 8 counts (a cell is 8 dots), and the left
/// button fires at the cell under the cursor. Everything comes from one key
/// script, as `msx run --keys` would play it.
#[test]
fn the_mouse_aims_and_fires() {
    let (disk, sym) = build("mouse");
    let mut g = to_title(disk, sym);
    let at = g.m.frame_count() + 1;
    g.m.schedule_script(&KeyScript::parse(&format!("at {at} click")).unwrap());
    assert!(
        g.run_to("PlayerTurn", 3000),
        "a click did not start the game"
    );
    assert_eq!((g.int("cx"), g.int("cy")), (1, 1));
    // A cell the player may fire at, away from the corner.
    let f = g.field();
    let (x, y) = (4..=f.w as i32)
        .flat_map(|x| (3..=f.h as i32).map(move |y| (x, y)))
        .find(|&(x, y)| f.at(x, y).owner != PLAYER)
        .unwrap();
    // 3 + 5 counts make the first cell; the rest, spread over 10 frames, the
    // others. 8 counts a cell, right and down positive.
    let at = g.m.frame_count() + 1;
    let script = format!(
        "at {at} mouse +3 0 wait 2 mouse +5 0 wait 2\nmouse {} {} for 10 wait 5 click",
        (x - 2) * 8,
        (y - 1) * 8
    );
    g.m.schedule_script(&KeyScript::parse(&script).unwrap());
    assert!(g.run_to("ComputerShoots", 600), "the click did not fire");
    assert_eq!((g.int("cx"), g.int("cy")), (x, y), "the cursor");
    let after = g.field();
    let shots: Vec<(i32, i32)> = (1..=after.w as i32)
        .flat_map(|i| (1..=after.h as i32).map(move |j| (i, j)))
        .filter(|&(i, j)| after.at(i, j).by_player)
        .collect();
    assert_eq!(shots, [(x, y)], "one shot, at the cell under the cursor");
}
