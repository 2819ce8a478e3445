//! Both Battleship listings played to the end on the free ROMs' MSX-BASIC
//! interpreter, from the disk `msx build` makes by default (BATTLE.BAS and an
//! AUTOEXEC.BAS that runs it), keys typed as a player types them.
//!
//! The computer's ships are placed at random while the game starts. A copy
//! of the machine for each row of the computer's board fires along that row,
//! reading what each shot uncovers; then the game itself sinks the twenty
//! cells found, to the player's win. Nothing is read from the program's
//! memory: only the screen, as a player sees it.

mod support;
use support::scratch;

use msx_machine::machine::{KeyScript, Machine, MachineConfig, Until};
use std::path::Path;
use std::process::Command;

/// H.CHGE (FDC2h), the hook CHGET calls as it starts to wait for a key: the
/// game's INPUT$(1) waits for the player there.
const H_CHGE: u16 = 0xFDC2;

/// The disk `msx build` makes of a listing of examples/battleship.
fn disk(file: &str) -> Vec<u8> {
    let dir = scratch(&format!("interp-{file}"));
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/battleship")
        .join(file);
    let out = Command::new(env!("CARGO_BIN_EXE_msx"))
        .current_dir(&dir)
        .args(["build", src.to_str().unwrap(), "-o", "game.dsk"])
        .env("SOURCE_DATE_EPOCH", "1714564800")
        .output()
        .expect("run msx");
    assert!(
        out.status.success(),
        "msx build: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(dir.join("game.dsk")).unwrap();
    let image = msx_disk::Disk::from_bytes(&bytes).unwrap();
    assert!(
        image.read_file("AUTOEXEC.BAS").is_ok(),
        "not the interpreted disk"
    );
    bytes
}

/// The game waiting for the player's first key (the board drawn, INPUT$).
fn started(file: &str) -> Machine {
    let mut config = MachineConfig::new(support::free_bios_layout());
    config.rtc_start = msx_machine::rtc::DateTime::new(2026, 1, 1, 0, 0, 0);
    let mut m = Machine::new(config).unwrap();
    m.set_rendering(false);
    m.insert_disk(0, disk(file)).unwrap();
    // The fleets are placed first ("Placing ships: n %"), then the boards.
    let r = m.run_until(&Until::PcReached(H_CHGE), 60 * 120);
    assert!(
        r.reached(),
        "the game never waited for a key:\n{}",
        text(&m)
    );
    m
}

/// The screen as text.
fn text(m: &Machine) -> String {
    m.text_screen().expect("a text mode").to_string()
}

/// The character at text column `x`, row `y` (SCREEN 1: 32 columns).
fn cell(m: &Machine, x: usize, y: usize) -> u8 {
    m.vdp().vram()[0x1800 + y * 32 + x]
}

/// A key pressed as a player presses it; then the program's answer, up to
/// its next wait for a key (the computer's own shot included).
fn tap(m: &mut Machine, key: &str) {
    assert!(answered(m, key), "no answer to {key}:\n{}", text(m));
}

/// Presses `key` and runs to the game's next wait for a key: false when it
/// does not come (the program ended).
fn answered(m: &mut Machine, key: &str) -> bool {
    let at = m.frame_count() + 1;
    m.schedule_script(&KeyScript::parse(&format!("at {at} press {key} for 3")).unwrap());
    m.step_instruction(); // off the hook it waits at
    m.run_until(&Until::PcReached(H_CHGE), 60 * 30).reached()
}

/// The cursor keys from one cell to another.
fn moves(from: (usize, usize), to: (usize, usize)) -> Vec<&'static str> {
    let mut keys = Vec::new();
    let h = if to.0 > from.0 { "RIGHT" } else { "LEFT" };
    keys.extend(std::iter::repeat_n(h, from.0.abs_diff(to.0)));
    let v = if to.1 > from.1 { "DOWN" } else { "UP" };
    keys.extend(std::iter::repeat_n(v, from.1.abs_diff(to.1)));
    keys
}

/// Plays `file` to the player's win; `letters` are its ships' letters (the
/// listing's DATA); returns the machine and its last screen.
fn play_to_a_win(file: &str, letters: &[u8], win: &str) -> (Machine, String) {
    let start = started(file);
    // The computer's board is text columns 20-29, rows 1-10; the cursor
    // starts on its top left cell (CX=20, CY=1).
    assert_eq!(cell(&start, 20, 0), b'A', "{}", text(&start));
    let mut ships = Vec::new();
    for y in 1..=10usize {
        let mut row = start.clone();
        for _ in 1..y {
            tap(&mut row, "DOWN");
        }
        for x in 20..=29usize {
            tap(&mut row, "SPACE");
            // Read once the cursor has left the cell (it shows over it).
            tap(&mut row, if x < 29 { "RIGHT" } else { "LEFT" });
            if letters.contains(&cell(&row, x, y)) {
                ships.push((x, y));
            }
        }
    }
    assert_eq!(ships.len(), 20, "the fleet has 20 cells: {ships:?}");
    let mut m = start;
    let mut at = (20, 1);
    for &target in &ships {
        for key in moves(at, target) {
            tap(&mut m, key);
        }
        at = target;
        // The last hit ends the program (END): no more waiting for a key.
        if !answered(&mut m, "SPACE") {
            break;
        }
    }
    let end = text(&m);
    assert!(end.contains(win), "the player did not win:\n{end}");
    (m, end)
}

/// The computer's board (text columns 20-29, rows 1-10) at the end: every
/// ship uncovered, so each letter as often as the fleet has cells.
fn fleet_uncovered(end: &Machine, letters: &[(u8, usize)]) {
    for &(letter, cells) in letters {
        let n = (1..=10usize)
            .flat_map(|y| (20..=29usize).map(move |x| (x, y)))
            .filter(|&(x, y)| cell(end, x, y) == letter)
            .count();
        assert_eq!(n, cells, "{}: {}", letter as char, text(end));
    }
}

/// The screen from row 11 on: who won, and the legend. The boards above
/// depend on where the fleets were placed at random (RND(-TIME), so on the
/// ROMs' timing) and are checked by `fleet_uncovered` instead.
fn below_the_boards(end: &str) -> String {
    end.lines().skip(11).collect::<Vec<_>>().join("\n")
}

#[test]
fn battle_bas_plays_to_the_players_win_interpreted() {
    let (m, end) = play_to_a_win("battle.bas", b"ACBS", "** You win the game !! **");
    // 1 aircraft carrier, 2 cruisers, 3 battleships, 4 submarines.
    fleet_uncovered(&m, &[(b'A', 4), (b'C', 6), (b'B', 6), (b'S', 4)]);
    insta::assert_snapshot!("battle_interpreted_win", below_the_boards(&end));
}

#[test]
fn batalha_bas_plays_to_the_players_win_interpreted() {
    let (m, end) = play_to_a_win("batalha.bas", b"PCHS", "** Voce venceu o jogo !! **");
    fleet_uncovered(&m, &[(b'P', 4), (b'C', 6), (b'H', 6), (b'S', 4)]);
    insta::assert_snapshot!("batalha_interpreted_win", below_the_boards(&end));
}
