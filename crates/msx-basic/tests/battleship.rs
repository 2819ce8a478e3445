//! The Battleship listings: tokenize, save, load, list, and tokenize again.

use msx_basic::{tokenize_bytes, Program};

const BATALHA: &str = include_str!("../../../examples/battleship/batalha.bas");
const BATTLE: &str = include_str!("../../../examples/battleship/battle.bas");

fn round_trip(text: &str) {
    let t = tokenize_bytes(text.as_bytes()).unwrap();
    assert!(t.warnings.is_empty(), "{:?}", t.warnings);
    assert_eq!(t.program.lines.len(), text.lines().count());
    let file = t.program.to_bytes();
    let loaded = Program::load(&file).unwrap();
    assert!(loaded.warnings.is_empty());
    assert_eq!(loaded.program, t.program);
    let listed = loaded.program.list().unwrap();
    // LIST shows everything as typed, except that `?` comes back as PRINT.
    let expected = text.replace(":?\"ABCDEFGHIJ\"", ":PRINT\"ABCDEFGHIJ\"");
    assert_eq!(listed, expected);
    assert_eq!(
        tokenize_bytes(listed.as_bytes()).unwrap().program,
        t.program
    );
}

#[test]
fn batalha_round_trips() {
    round_trip(BATALHA);
}

#[test]
fn battle_round_trips() {
    round_trip(BATTLE);
}

#[test]
fn both_listings_are_the_same_program_apart_from_texts() {
    let pt = tokenize_bytes(BATALHA.as_bytes()).unwrap().program;
    let en = tokenize_bytes(BATTLE.as_bytes()).unwrap().program;
    let numbers = |p: &Program| p.lines.iter().map(|l| l.number).collect::<Vec<_>>();
    assert_eq!(numbers(&pt), numbers(&en));
}

fn line(p: &Program, n: u16) -> &[u8] {
    &p.lines.iter().find(|l| l.number == n).unwrap().body
}

#[test]
fn lines_worked_out_by_hand() {
    let p = tokenize_bytes(BATTLE.as_bytes()).unwrap().program;
    // 440 IF I>1 THEN GOSUB 500 ELSE 460
    assert_eq!(
        line(&p, 440),
        [
            0x8B, 0x20, b'I', 0xEE, 0x12, 0x20, 0xDA, 0x20, 0x8D, 0x20, 0x0E, 0xF4, 0x01, 0x20,
            0x3A, 0xA1, 0x20, 0x0E, 0xCC, 0x01
        ]
    );
    // 430 X=INT((BT-C+1)*RND(-TIME))+1
    assert_eq!(
        line(&p, 430),
        [
            b'X', 0xEF, 0xFF, 0x85, b'(', b'(', b'B', b'T', 0xF2, b'C', 0xF1, 0x12, b')', 0xF3,
            0xFF, 0x88, b'(', 0xF2, 0xCB, b')', b')', 0xF1, 0x12
        ]
    );
    // 610 V=1:IF VPEEK(6144+CX+CY*32)<>46 THEN V=0:RETURN
    assert_eq!(
        line(&p, 610),
        [
            b'V', 0xEF, 0x12, b':', 0x8B, b' ', 0xFF, 0x98, b'(', 0x1C, 0x00, 0x18, 0xF1, b'C',
            b'X', 0xF1, b'C', b'Y', 0xF3, 0x0F, 32, b')', 0xF0, 0xEE, 0x0F, 46, b' ', 0xDA, b' ',
            b'V', 0xEF, 0x11, b':', 0x8E
        ]
    );
    // 1025 'LOCATE ... (a comment: stored as :REM' and raw text)
    assert!(line(&p, 1025).starts_with(b":\x8F\xE6LOCATE X+19"));
    // 2010 DATA A,4,1,...: raw text
    assert_eq!(line(&p, 2010), b"\x84 A,4,1,C,3,2,B,2,3,S,1,4");
}
