//! The MarMSX Battleship of `examples/battleship` (both listings), built by `msx build`
//! into a bootable disk and played on the emulated MSX2 (free BIOS and disk ROM) with
//! scripted keys. The golden screens are text snapshots of SCREEN 1 (the name table as
//! characters), each read before it was accepted.
//!
//! The ships are placed at random (`RND(-TIME)`), so the test reads where they are from
//! the program's RAM: the array `TJ(x, y, p)` (p = 1 the player's, 2 the computer's)
//! through its descriptor in the symbol file. It then aims at known cells. Every screen
//! is the real one; the facts the test checks beside the snapshots (the letter a hit
//! shows, the `X` of the computer's shot, the counters `PJ`/`PC`) come from the listing
//! and from RAM, not from the screen under test.

mod support;
use support::scratch;

use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::process::Command;

use msx_machine::machine::{KeyScript, Machine, MachineConfig};
use msx_machine::memory::SlotId;

/// The memory mapper of the default MSX2 layout, where the program runs.
const RAM: SlotId = support::PROGRAM_RAM;

/// The BIOS's interrupt counter, which `TIME` reads.
const JIFFY: u16 = 0xFC9E;

/// Frames a key is held: two keyboard scans of the BIOS (every third interrupt).
const HOLD: u64 = 3;

/// Frames a key stays released before the next press: the BIOS scans the keyboard at
/// every third interrupt, so two scans must see it up for the next press to be a new key.
const RELEASED: u64 = 6;

/// What differs between the two listings that the test relies on.
struct Listing {
    file: &'static str,
    /// `N$(1..4)` from line 2010's DATA: the letter a hit on ship `i` shows.
    letters: [char; 4],
    win: &'static str,
    loss: &'static str,
}

const BATTLE: Listing = Listing {
    file: "battle.bas",
    letters: ['A', 'C', 'B', 'S'],
    win: "** You win the game !! **",
    loss: "** I win the game !! **",
};

const BATALHA: Listing = Listing {
    file: "batalha.bas",
    letters: ['P', 'C', 'H', 'S'],
    win: "** Voce venceu o jogo !! **",
    loss: "** Eu venci o jogo !! **",
};

/// The fleets the tests play with (ship index 1-4, `.` water), placed as lines
/// 410-550 would: horizontal, no two ships touching.
const PLAYER_FLEET: [&str; 10] = [
    "....33.4.4",
    "222.......",
    "..........",
    "222..1111.",
    "..........",
    "4.4.....33",
    "..........",
    "..33......",
    "..........",
    "..........",
];

const COMPUTER_FLEET: [&str; 10] = [
    "4........4",
    "..........",
    "33..222...",
    "..........",
    "1111...33.",
    "..........",
    "..222...4.",
    "..........",
    "33....4...",
    "..........",
];

/// Ship lengths by index (line 2010: carrier 4, cruiser 3, battleship 2, submarine 1)
/// and how many of each: 4 + 2*3 + 3*2 + 4*1 = 20 cells per side.
const SHIPS: [(u8, usize); 4] = [(4, 1), (3, 2), (2, 3), (1, 4)];

/// `msx build` of a listing: the disk image, the symbols and the start address of each
/// BASIC line (the symbol file's line table; the lowest address of a line is its start).
fn build(dir: &Path, listing: &Listing) -> (Vec<u8>, HashMap<String, u16>, HashMap<u32, u16>) {
    build_as(dir, listing, Format::Disk)
}

/// What `msx build` makes: a boot disk, or a cartridge (`--format rom`).
#[derive(Clone, Copy, PartialEq)]
enum Format {
    Disk,
    Rom,
}

fn build_as(
    dir: &Path,
    listing: &Listing,
    format: Format,
) -> (Vec<u8>, HashMap<String, u16>, HashMap<u32, u16>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/battleship")
        .join(listing.file);
    let out = Command::new(env!("CARGO_BIN_EXE_msx"))
        .current_dir(dir)
        .args(["build", src.to_str().unwrap(), "--sym", "game.sym", "-o"])
        .args(match format {
            Format::Disk => ["game.dsk", "--format", "dsk"],
            Format::Rom => ["game.rom", "--format", "rom"],
        })
        .env("SOURCE_DATE_EPOCH", "1714564800")
        .output()
        .expect("run msx");
    assert!(
        out.status.success(),
        "msx build: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sym = std::fs::read_to_string(dir.join("game.sym")).unwrap();
    let mut symbols = HashMap::new();
    let mut lines: HashMap<u32, u16> = HashMap::new();
    for l in sym.lines() {
        if let Some((name, rest)) = l.split_once(": equ 0x") {
            if let Ok(v) = u16::from_str_radix(rest.trim(), 16) {
                symbols.insert(name.to_string(), v);
            }
        } else if let Some(row) = l.strip_prefix("; 0x") {
            // "; 0x43DD 69 /path/battle.bas:110"
            let mut f = row.split_whitespace();
            let addr = f.next().and_then(|a| u16::from_str_radix(a, 16).ok());
            let line = f
                .nth(1)
                .and_then(|p| p.rsplit_once(':'))
                .and_then(|(_, n)| n.parse::<u32>().ok());
            if let (Some(a), Some(n)) = (addr, line) {
                let e = lines.entry(n).or_insert(a);
                *e = (*e).min(a);
            }
        }
    }
    let image = match format {
        Format::Disk => "game.dsk",
        Format::Rom => "game.rom",
    };
    (std::fs::read(dir.join(image)).unwrap(), symbols, lines)
}

/// A number in the math pack's double format (as MSX stores it): sign and excess-64
/// exponent, then 14 BCD digits, value 0.d1d2… × 10^exponent.
fn bcd(bytes: &[u8]) -> f64 {
    if bytes[0] & 0x7F == 0 {
        return 0.0;
    }
    let exp = i32::from(bytes[0] & 0x7F) - 0x40;
    // Through decimal text, so small integers come out exact.
    let digits: String = bytes[1..8].iter().map(|b| format!("{b:02X}")).collect();
    let v: f64 = format!("0.{digits}e{exp}").parse().expect("BCD digits");
    if bytes[0] & 0x80 != 0 {
        -v
    } else {
        v
    }
}

struct Game {
    m: Machine,
    sym: HashMap<String, u16>,
    lines: HashMap<u32, u16>,
    /// The first frame the next key may be pressed (the last one released).
    free_at: u64,
    /// Random answers of the computer so far (each gets its own TIME).
    shots: u16,
    /// The slot the program runs from: RAM (a disk), slot 1 (a cartridge).
    program: SlotId,
}

impl Game {
    fn power_on(disk: Vec<u8>, sym: HashMap<String, u16>, lines: HashMap<u32, u16>) -> Game {
        Self::power_on_as(disk, sym, lines, Format::Disk)
    }

    /// A disk goes into drive A; a cartridge into slot 1 (the machine keeps its drive).
    fn power_on_as(
        image: Vec<u8>,
        sym: HashMap<String, u16>,
        lines: HashMap<u32, u16>,
        format: Format,
    ) -> Game {
        Self::power_on_seeded(image, sym, lines, format, 0)
    }

    /// As `power_on_as`, on the machine of power-on seed `seed` (`msx run --seed`).
    fn power_on_seeded(
        image: Vec<u8>,
        sym: HashMap<String, u16>,
        lines: HashMap<u32, u16>,
        format: Format,
        seed: u64,
    ) -> Game {
        let mut layout = support::free_bios_layout();
        if format == Format::Rom {
            layout.insert_cartridge(1, image.clone(), None);
        }
        let mut config = MachineConfig::new(layout);
        config.seed = seed;
        let mut m = Machine::new(config).unwrap();
        if format == Format::Disk {
            m.insert_disk(0, image).unwrap();
        }
        let program = match format {
            Format::Disk => RAM,
            Format::Rom => SlotId {
                primary: 1,
                secondary: None,
            },
        };
        Game {
            m,
            sym,
            lines,
            free_at: 0,
            shots: 0,
            program,
        }
    }

    fn line(&self, n: u32) -> u16 {
        *self
            .lines
            .get(&n)
            .unwrap_or_else(|| panic!("no line {n} in the line table"))
    }

    /// Runs until the program starts BASIC line `n`.
    /// Runs until the program's line `n` starts (in the program's slot).
    fn run_to_line(&mut self, n: u32, frames: u64) -> bool {
        let pc = self.line(n);
        support::run_to_program_pc(&mut self.m, pc, self.program, frames)
    }

    fn screen(&self) -> String {
        self.m.text_screen().expect("a character mode").to_string()
    }

    /// The character at (column, row) of the name table.
    fn at(&self, col: usize, row: usize) -> char {
        let s = self.m.text_screen().unwrap();
        char::from(s.row(row)[col])
    }

    fn bytes(&self, addr: u16, len: usize) -> Vec<u8> {
        self.m.peek_slot(RAM, addr, len)
    }

    fn word(&self, addr: u16) -> u16 {
        let b = self.bytes(addr, 2);
        u16::from_le_bytes([b[0], b[1]])
    }

    /// A double scalar variable (the listing declares no types: all are doubles).
    fn var(&self, name: &str) -> f64 {
        let a = *self
            .sym
            .get(&format!("bv_{name}_d"))
            .unwrap_or_else(|| panic!("no variable {name}"));
        bcd(&self.bytes(a, 8))
    }

    /// `TJ(x, y, p)`. The descriptor `ba_tj_d` holds the elements' address, the number
    /// of dimensions, the element size and each dimension's size; the first subscript
    /// varies fastest, as in MSX-BASIC.
    fn tj(&self, x: usize, y: usize, p: usize) -> u8 {
        let d = self.sym["ba_tj_d"];
        let base = self.word(d);
        let desc = self.bytes(d + 2, 2);
        assert_eq!(desc[0], 3, "TJ has three dimensions");
        let size = usize::from(desc[1]);
        let dims: Vec<usize> = (0..3)
            .map(|i| usize::from(self.word(d + 4 + 2 * i)))
            .collect();
        assert_eq!(dims, [11, 11, 3], "DIM TJ(10,10,2)");
        let index = x + dims[0] * (y + dims[1] * p);
        let v = bcd(&self.bytes(base + (index * size) as u16, size));
        assert!(
            v == v.trunc() && (0.0..=4.0).contains(&v),
            "TJ({x},{y},{p}) = {v}"
        );
        v as u8
    }

    /// Writes `TJ(x, y, p) = v` (a small integer as a BCD double).
    fn set_tj(&mut self, x: usize, y: usize, p: usize, v: u8) {
        let d = self.sym["ba_tj_d"];
        let base = self.word(d);
        let size = usize::from(self.bytes(d + 3, 1)[0]);
        let addr = base + ((x + 11 * (y + 11 * p)) * size) as u16;
        let mut bytes = vec![0u8; size];
        if v != 0 {
            bytes[0] = 0x41;
            bytes[1] = v << 4;
        }
        for (i, b) in bytes.into_iter().enumerate() {
            self.m.poke(addr + i as u16, b);
        }
    }

    /// The ship cells of side `p`, row by row.
    fn ships(&self, p: usize) -> Vec<(usize, usize, u8)> {
        let mut v = Vec::new();
        for y in 1..=10 {
            for x in 1..=10 {
                let s = self.tj(x, y, p);
                if s != 0 {
                    v.push((x, y, s));
                }
            }
        }
        v
    }

    /// A key tapped, then the run goes on until the main loop asks for the next key
    /// (the start of line 110). False when line 110 did not come back (the game ended).
    ///
    /// The screen is read there, before line 110's `INPUT$` waits: while it waits the
    /// BIOS shows the cursor by writing character 255 into the name table (CHGET, as on
    /// MSX), and takes it away when a key comes. So the next key is pressed only after
    /// this one has been seen released (a new press, not a held key).
    fn tap(&mut self, key: &str) -> bool {
        let at = (self.m.frame_count() + 1).max(self.free_at);
        self.free_at = at + HOLD + RELEASED;
        let script = KeyScript::parse(&format!("at {at} press {key} for {HOLD}")).unwrap();
        self.m.schedule_script(&script);
        self.run_to_line(110, 600)
    }

    /// The cursor on the computer's board, as board coordinates (line 110's `CX-19`, `CY`).
    fn cursor(&self) -> (usize, usize) {
        ((self.var("cx") - 19.0) as usize, self.var("cy") as usize)
    }

    fn aim(&mut self, x: usize, y: usize) {
        let (cx, cy) = self.cursor();
        let steps = |from: usize, to: usize, more: &'static str, less: &'static str| {
            let key = if to > from { more } else { less };
            std::iter::repeat_n(key, from.abs_diff(to))
        };
        let keys: Vec<&str> = steps(cx, x, "RIGHT", "LEFT")
            .chain(steps(cy, y, "DOWN", "UP"))
            .collect();
        for k in keys {
            assert!(self.tap(k), "the game ended on a cursor key");
        }
        assert_eq!(self.cursor(), (x, y));
    }

    /// Aims at (x, y) of the computer's board and fires. False when the game ended.
    ///
    /// The computer's random shot (lines 660-665, `RND(-TIME)`) would depend on the
    /// jiffy count, so on how fast the compiled code runs; when the test knows that the
    /// answer is a random one (the shot is new, it does not end the game, `OE=0`), it
    /// sets `TIME` (JIFFY) at the start of each of those lines, so the game is the same
    /// from build to build.
    fn shoot(&mut self, x: usize, y: usize) -> bool {
        self.aim(x, y);
        let fresh = self.at(x + 19, y) == '.';
        let ends = self.tj(x, y, 2) != 0 && self.var("pj") == 19.0;
        if !(fresh && !ends && self.var("oe") == 0.0) {
            return self.tap("SPACE");
        }
        self.shots += 1;
        let at = (self.m.frame_count() + 1).max(self.free_at);
        self.free_at = at + HOLD + RELEASED;
        let script = KeyScript::parse(&format!("at {at} press SPACE for {HOLD}")).unwrap();
        self.m.schedule_script(&script);
        for (line, time) in [(660, 1000 + 37 * self.shots), (665, 2000 + 53 * self.shots)] {
            assert!(self.run_to_line(line, 600), "line {line} not reached");
            let [lo, hi] = time.to_le_bytes();
            self.m.poke(JIFFY, lo);
            self.m.poke(JIFFY + 1, hi);
        }
        self.run_to_line(110, 600)
    }

    /// The cells of the player's board (columns 2–11) that show the computer's `X`.
    fn computer_shots(&self) -> BTreeSet<(usize, usize)> {
        let mut s = BTreeSet::new();
        for y in 1..=10 {
            for x in 1..=10 {
                if self.at(x + 1, y) == 'X' {
                    s.insert((x, y));
                }
            }
        }
        s
    }
}

/// Builds and boots a listing up to its main loop; checks the placement in RAM against
/// the listing's rules and the player's board against it.
fn boot(listing: &Listing, name: &str) -> Game {
    boot_as(listing, name, Format::Disk)
}

fn boot_as(listing: &Listing, name: &str, format: Format) -> Game {
    let dir = scratch(name);
    let (image, sym, lines) = build_as(&dir, listing, format);
    let mut g = Game::power_on_as(image, sym, lines, format);
    // The random placement (lines 410-470) depends on the jiffy count during the boot;
    // once it is done and before line 1010 shows the player's ships, both fleets are
    // replaced by fixed ones, so the screens do not change with the code's speed.
    assert!(g.run_to_line(1010, 3000), "the board was not drawn");
    check_fleet(&g, 1);
    check_fleet(&g, 2);
    for (p, art) in [(1, &PLAYER_FLEET), (2, &COMPUTER_FLEET)] {
        for (y, row) in art.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let v = c.to_digit(10).unwrap_or(0) as u8;
                g.set_tj(x + 1, y + 1, p, v);
            }
        }
    }
    assert!(g.run_to_line(110, 3000), "the main loop was not reached");
    check_fleet(&g, 1);
    check_fleet(&g, 2);
    // Line 1020 prints N$(TJ(x,y,1)) on every ship cell of the player's board.
    for y in 1..=10 {
        for x in 1..=10 {
            let s = g.tj(x, y, 1);
            let want = if s == 0 {
                ' '
            } else {
                listing.letters[usize::from(s) - 1]
            };
            assert_eq!(g.at(x + 1, y), want, "player's board ({x},{y})");
            assert_eq!(g.at(x + 19, y), '.', "computer's board ({x},{y})");
        }
    }
    g
}

/// Each side has the listing's fleet: horizontal runs of one ship index as long as the
/// ship, as many of each as line 2010 says.
fn check_fleet(g: &Game, p: usize) {
    let mut count = [0usize; 4];
    for y in 1..=10 {
        let mut x = 1;
        while x <= 10 {
            let s = g.tj(x, y, p);
            if s == 0 {
                x += 1;
                continue;
            }
            let len = (x..=10).take_while(|&i| g.tj(i, y, p) == s).count();
            let (ship_len, _) = SHIPS[usize::from(s) - 1];
            // Lines 510-550 refuse a ship whose box (a cell around it, plus the rows
            // below as printed) holds another, so no two ships touch: a run is one ship.
            assert_eq!(
                len,
                usize::from(ship_len),
                "side {p}: a run of ship {s} at ({x},{y}) has length {len}"
            );
            count[usize::from(s) - 1] += 1;
            x += len;
        }
    }
    let want: Vec<usize> = SHIPS.iter().map(|&(_, n)| n).collect();
    assert_eq!(count.to_vec(), want, "side {p}'s fleet");
}

/// The fleets both sides get on the machine of power-on seed `seed`, placed by lines
/// 410-470 from `RND(-TIME)`.
fn fleets_of_seed(
    image: &[u8],
    sym: &HashMap<String, u16>,
    lines: &HashMap<u32, u16>,
    seed: u64,
) -> [Vec<(usize, usize, u8)>; 2] {
    let mut g = Game::power_on_seeded(
        image.to_vec(),
        sym.clone(),
        lines.clone(),
        Format::Disk,
        seed,
    );
    assert!(
        g.run_to_line(1010, 3000),
        "seed {seed}: the board was not drawn"
    );
    check_fleet(&g, 1);
    check_fleet(&g, 2);
    [g.ships(1), g.ships(2)]
}

/// A real MSX places other fleets at every power-on (its disk stops anywhere, so the
/// boot and `TIME` differ); `--seed` chooses such a power-on, and the same seed
/// repeats it.
#[test]
fn the_power_on_seed_changes_the_fleets() {
    let dir = scratch("battleship-seed");
    let (image, sym, lines) = build(&dir, &BATTLE);
    let fleets: Vec<_> = (1..=4)
        .map(|seed| fleets_of_seed(&image, &sym, &lines, seed))
        .collect();
    let distinct: BTreeSet<_> = fleets.iter().collect();
    assert!(
        distinct.len() >= 3,
        "seeds 1-4 gave only {} different fleets",
        distinct.len()
    );
    assert_ne!(fleets[0], fleets[1], "seeds 1 and 2 gave the same fleets");
    assert_eq!(
        fleets_of_seed(&image, &sym, &lines, 2),
        fleets[1],
        "seed 2 twice gave different fleets"
    );
}

#[test]
fn board_ships_shots_and_a_won_game() {
    let dir = scratch("win-build");
    let (disk, sym, lines) = build(&dir, &BATTLE);
    let mut g = Game::power_on(disk, sym, lines);
    // Line 413 shows the progress before each ship kind is placed (line 415 reads it):
    // MSX prints a number with a blank for its sign and one after it.
    for (i, pct) in [0, 25, 50, 75].into_iter().enumerate() {
        assert!(g.run_to_line(415, 3000), "ship kind {} not reached", i + 1);
        let screen = g.screen();
        assert_eq!(
            screen.lines().nth(2),
            Some(format!("Placing ships: {pct} %").as_str()),
            "{screen}"
        );
    }
    let placing = g.screen();
    assert_eq!(placing.lines().next(), Some("Battleship - MarMSX 2018"));
    insta::assert_snapshot!("placing_ships", placing);
    // Line 1010 starts showing the player's ships: the board and the legend are drawn.
    assert!(g.run_to_line(1010, 3000), "the board was not drawn");
    let drawn = g.screen();
    assert!(drawn.starts_with("  ABCDEFGHIJ        ABCDEFGHIJ\n"));
    insta::assert_snapshot!("board_drawn", drawn);
    drop(g);

    let mut g = boot(&BATTLE, "win");
    insta::assert_snapshot!("players_ships", g.screen());

    // A shot on water: line 620 prints a space where the dot was, and the computer
    // answers (line 690) with an X on the player's board.
    let enemy = g.ships(2);
    let is_ship = |x, y| enemy.iter().any(|&(a, b, _)| (a, b) == (x, y));
    let water = (1..=10)
        .flat_map(|y| (1..=10).map(move |x| (x, y)))
        .find(|&(x, y)| !is_ship(x, y))
        .unwrap();
    assert!(g.shoot(water.0, water.1));
    assert_eq!(g.at(water.0 + 19, water.1), ' ');
    assert_eq!(g.var("pj"), 0.0);
    let answered = g.computer_shots();
    assert_eq!(answered.len(), 1, "the computer shot once");
    let mut hits = 0;
    let &(cx, cy) = answered.iter().next().unwrap();
    if g.tj(cx, cy, 1) != 0 {
        hits += 1;
    }
    assert_eq!(g.var("pc"), f64::from(hits));
    insta::assert_snapshot!("shot_on_water_and_answer", g.screen());

    // A shot on a ship: the ship's letter (N$) appears and PJ counts it.
    let (x, y, s) = enemy[0];
    assert!(g.shoot(x, y));
    assert_eq!(g.at(x + 19, y), BATTLE.letters[usize::from(s) - 1]);
    assert_eq!(g.var("pj"), 1.0);
    insta::assert_snapshot!("shot_on_ship", g.screen());

    // The rest of the fleet; the last hit ends the game (line 630).
    shoot_all(&mut g, &BATTLE, &enemy[1..]);
    assert_eq!(g.var("pj"), 20.0);
    assert!(g.var("pc") < 20.0);
    let end = g.screen();
    assert_eq!(end.lines().nth(14), Some(BATTLE.win));
    insta::assert_snapshot!("player_wins", end);
}

/// The player fires only on water, so the computer plays a whole game: its first hit on
/// a ship longer than one cell, the improved AI's next shot beside it on the same row,
/// and its win.
#[test]
fn the_computer_hunts_and_wins() {
    let mut g = boot(&BATTLE, "loss");
    let enemy = g.ships(2);
    let water: Vec<(usize, usize)> = (1..=10)
        .flat_map(|y| (1..=10).map(move |x| (x, y)))
        .filter(|&(x, y)| !enemy.iter().any(|&(a, b, _)| (a, b) == (x, y)))
        .collect();
    let mut shots = water.into_iter();
    let mut hunted = false;
    let mut marked = false;
    let mut ended = false;
    let mut before = g.computer_shots();
    while let Some((x, y)) = shots.next() {
        let back = g.shoot(x, y);
        if !back {
            ended = true;
            break;
        }
        let after = g.computer_shots();
        let new: Vec<_> = after.difference(&before).copied().collect();
        before = after;
        if !marked && new.len() > 1 {
            check_marks(&g, &new);
            insta::assert_snapshot!("computer_sinks_and_marks", g.screen());
            marked = true;
        }
        // Line 685: a hit on a ship starts the hunt (OE=1); one new X, on a ship.
        if hunted || new.len() != 1 {
            continue;
        }
        let (hx, hy) = new[0];
        let ship = g.tj(hx, hy, 1);
        if ship == 0 || SHIPS[usize::from(ship) - 1].0 < 2 {
            continue;
        }
        assert_eq!(g.var("oe"), 1.0, "a hit starts the hunt");
        insta::assert_snapshot!("computer_hits", g.screen());
        // The next answer is beside the hit on the same row (line 730: X+DX).
        let (nx, ny) = shots.next().expect("water left");
        assert!(g.shoot(nx, ny));
        let after = g.computer_shots();
        let next: Vec<_> = after.difference(&before).copied().collect();
        before = after;
        assert_eq!(next.len(), 1, "one shot: {next:?}");
        assert_eq!(next[0].1, hy, "the hunt stays on the row");
        assert_eq!(next[0].0.abs_diff(hx), 1, "the hunt shoots beside the hit");
        insta::assert_snapshot!("computer_hunts", g.screen());
        hunted = true;
    }
    assert!(hunted, "the computer never hit a ship longer than one cell");
    assert!(marked, "the computer never marked around a sunk ship");
    assert!(
        ended,
        "the computer did not win with the player on water only"
    );
    assert_eq!(g.var("pc"), 20.0);
    assert_eq!(g.var("pj"), 0.0);
    // Every ship cell of the player shows the computer's X.
    for (x, y, _) in g.ships(1) {
        assert_eq!(g.at(x + 1, y), 'X', "player's ship cell ({x},{y})");
    }
    let end = g.screen();
    assert_eq!(end.lines().nth(14), Some(BATTLE.loss));
    insta::assert_snapshot!("computer_wins", end);
}

/// An answer that drew several `X`s sank a ship (line 720) and marked the cells around
/// it (lines 800-860): every new `X` is on or beside a ship of the player whose every
/// cell now shows `X`, and that ship's whole surrounding box on the board is `X`.
fn check_marks(g: &Game, new: &[(usize, usize)]) {
    let shots = g.computer_shots();
    let sunk: Vec<(usize, usize, usize)> = runs(g, 1)
        .into_iter()
        .filter(|&(x, y, len)| (x..x + len).all(|i| shots.contains(&(i, y))))
        .collect();
    let near = |&(cx, cy): &(usize, usize), &(x, y, len): &(usize, usize, usize)| {
        cy.abs_diff(y) <= 1 && cx + 1 >= x && cx <= x + len
    };
    for c in new {
        let ship = sunk.iter().find(|s| near(c, s));
        let &(x, y, len) = ship.unwrap_or_else(|| panic!("X at {c:?} is beside no sunk ship"));
        for py in y.saturating_sub(1).max(1)..=(y + 1).min(10) {
            for px in x.saturating_sub(1).max(1)..=(x + len).min(10) {
                assert!(
                    shots.contains(&(px, py)),
                    "({px},{py}) around the ship at ({x},{y}) is not marked"
                );
            }
        }
    }
}

/// The ships of side `p` as (first x, y, length): runs of one ship index in a row, split
/// by the ship's length.
fn runs(g: &Game, p: usize) -> Vec<(usize, usize, usize)> {
    let mut v = Vec::new();
    for y in 1..=10 {
        let mut x = 1;
        while x <= 10 {
            let s = g.tj(x, y, p);
            if s == 0 {
                x += 1;
                continue;
            }
            let len = usize::from(SHIPS[usize::from(s) - 1].0);
            v.push((x, y, len));
            x += len;
        }
    }
    v
}

/// The Portuguese listing plays to a finished game too: every ship cell of the
/// computer, read from RAM, shot in turn.
#[test]
fn batalha_plays_to_the_end() {
    let mut g = boot(&BATALHA, "batalha");
    insta::assert_snapshot!("batalha_start", g.screen());
    sink_the_fleet(&mut g, &BATALHA);
    let end = g.screen();
    assert_eq!(end.lines().nth(14), Some(BATALHA.win));
    insta::assert_snapshot!("batalha_player_wins", end);
}

/// `msx build --format rom`: the same game from a cartridge (code in ROM, variables
/// and arrays in page 3's RAM) plays to the end. The placement differs from the disk's
/// (the start takes another time), so only facts are checked, no snapshot.
#[test]
fn battle_rom_plays_to_the_end() {
    let mut g = boot_as(&BATTLE, "rom", Format::Rom);
    sink_the_fleet(&mut g, &BATTLE);
    assert_eq!(g.screen().lines().nth(14), Some(BATTLE.win));
    assert_eq!(g.var("pj"), 20.0);
}

/// Shoots every ship cell of the computer, read from RAM, in turn; the last one ends
/// the game.
fn sink_the_fleet(g: &mut Game, listing: &Listing) {
    let enemy = g.ships(2);
    shoot_all(g, listing, &enemy);
}

/// Shoots `cells` (x, y, ship) in turn, each shown with its ship's letter; the
/// last one, and only the last, ends the game.
fn shoot_all(g: &mut Game, listing: &Listing, cells: &[(usize, usize, u8)]) {
    let mut ended = false;
    for (i, &(x, y, s)) in cells.iter().enumerate() {
        let back = g.shoot(x, y);
        assert_eq!(g.at(x + 19, y), listing.letters[usize::from(s) - 1]);
        if !back {
            assert_eq!(
                i,
                cells.len() - 1,
                "the game ended before the last ship cell"
            );
            ended = true;
        }
    }
    assert!(ended, "the game did not end");
}

/// `examples/battleship/demo.keys` (the docs' screenshot) still hits what it aims at:
/// the submarine at E1 and the carrier at F3-I3. When a compiler change moves the
/// random placement, this fails and the script needs new targets. Not in the default
/// run, since every change to the compiler's speed moves the placement: run it with
/// `--ignored` after such a change, before releasing the docs' screenshot.
#[test]
#[ignore = "follows the build's speed: run with --ignored after compiler changes"]
fn demo_script_hits_its_targets() {
    let dir = scratch("demo");
    let (disk, sym, lines) = build(&dir, &BATTLE);
    let mut g = Game::power_on(disk, sym, lines);
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/battleship/demo.keys"),
    )
    .unwrap();
    g.m.schedule_script(&KeyScript::parse(&text).unwrap());
    g.m.run_frames(1700);
    // The placement the script was written for, from RAM.
    assert_eq!(g.tj(5, 1, 2), 4, "submarine at (5,1)");
    assert_eq!(g.at(5 + 19, 1), 'S');
    for x in 6..=9 {
        assert_eq!(g.tj(x, 3, 2), 1, "carrier at ({x},3)");
        assert_eq!(g.at(x + 19, 3), 'A');
    }
    assert_eq!(g.at(20, 2), ' ', "the shot on water at A2");
    assert_eq!(g.var("pj"), 5.0);
}
