//! The screen editor (PINLIN 00AEh, INLIN 00B1h, QINLIN 00B4h) and the
//! function-key row (DSPFNK 00CFh, ERAFNK 00CCh, FNKSB 00C9h), driven by keys
//! typed on the emulated keyboard. A test cartridge prints a prompt, calls the
//! entry the test chose and keeps the flags, HL and BUF for the test to read.
//!
//! Expected values come from the documented behaviour: MSX Red Book chapter 4
//! (INLIN 23D5H and its key table 2439H, the CR routine 245AH, CTRL-STOP
//! 24C5H, INS 24E5H/24F2H, DEL 2550H, BS 2561H, CTRL-U/E/N/F/B 25AEH-260EH,
//! the line start 266CH, DSPFNK 0B2BH, ERAFNK 0B15H, CHSNS 0D6AH) and the MSX2
//! Technical Handbook appendix 1 (exit HL = BUF - 1, carry on CTRL+STOP).
//! The boot screen is SCREEN 0 with LINLEN 37: the 37-column window starts at
//! physical column (40 + 1 - 37) / 2 = 2.

mod support;

use msx_machine::machine::Machine;
use msx_machine::ppi::Key;
use support::*;

const MARK: u16 = 0x7F00;
/// Entry the program calls next (word), and the prompt printed before (0-ended).
const ENTRY: u16 = 0xC100;
const PROMPT: u16 = 0xC200;
/// Flags (RESULT), HL (RESULT+2), BUF (RESULT+4..).
const RESULT: u16 = 0xC000;
const BUF: u16 = 0xF55E;
const FNKSTR: u16 = 0xF87F;
const CNSDFG: u16 = 0xF3DE;

const PINLIN: u16 = 0x00AE;
const INLIN: u16 = 0x00B1;
const QINLIN: u16 = 0x00B4;
const FNKSB: u16 = 0x00C9;
const ERAFNK: u16 = 0x00CC;
const DSPFNK: u16 = 0x00CF;

const CARRY: u8 = 0x01;
const ZERO: u8 = 0x40;

/// The window's first physical column and width on the boot screen.
const LEFT: usize = 2;
const WIDTH: usize = 37;

const PROGRAM: &str = "
        ld a,0Ch
        call CHPUT
again:  call mark
        ld hl,0C200h
prompt: ld a,(hl)
        or a
        jr z,go
        call CHPUT
        inc hl
        jr prompt
go:     ld hl,(0C100h)
        call jphl
        push af
        pop bc
        ld (0C000h),bc
        ld (0C002h),hl
        ld hl,0F55Eh
        ld de,0C004h
        ld bc,256
        ldir
        jr again
jphl:   jp (hl)
        org 7F00h
mark:   ret
";

/// One keystroke: a text typed as it is, or a key alone / with CTRL / SHIFT.
enum K<'a> {
    T(&'a str),
    Key(Key),
    Ctrl(Key),
}

/// A machine at the program's first mark, the screen cleared.
fn machine() -> Machine {
    let mut m = machine_with_cartridge(cartridge(PROGRAM));
    run_to_pc(&mut m, MARK, 1200);
    m
}

/// Schedules the keys from the next frame on: each chord held 3 frames, 3
/// frames apart (well below the auto-repeat delay).
fn type_keys(m: &mut Machine, keys: &[K]) {
    let mut f = m.frame_count() + 1;
    for k in keys {
        match k {
            K::T(text) => {
                f = m.type_text_at(f, text).unwrap();
            }
            K::Key(key) => {
                m.press_at(f, *key);
                m.release_at(f + 3, *key);
                f += 6;
            }
            K::Ctrl(key) => {
                m.press_at(f, Key::Ctrl);
                m.press_at(f, *key);
                m.release_at(f + 3, *key);
                m.release_at(f + 3, Key::Ctrl);
                f += 6;
            }
        }
    }
}

/// Calls `entry` after printing `prompt`, with `keys` typed; back at the mark.
fn call(m: &mut Machine, entry: u16, prompt: &str, keys: &[K]) {
    m.poke(ENTRY, entry as u8);
    m.poke(ENTRY + 1, (entry >> 8) as u8);
    for (i, b) in prompt.bytes().chain([0]).enumerate() {
        m.poke(PROMPT + i as u16, b);
    }
    type_keys(m, keys);
    m.step_instruction();
    run_to_pc(m, MARK, 3000);
}

/// Flags, HL and BUF (up to its 0) as the entry returned them.
fn returned(m: &Machine) -> (u8, u16, Vec<u8>) {
    let r = m.peek_range(RESULT, 4 + 256);
    let buf = r[4..].iter().copied().take_while(|&b| b != 0).collect();
    (r[0], u16::from_le_bytes([r[2], r[3]]), buf)
}

/// Row `row` (1-based) of the screen as text, window offset included.
fn row(m: &Machine, row: usize) -> String {
    screen(m).lines().nth(row - 1).unwrap_or("").to_string()
}

/// What row text looks like: `text` at the window's start.
fn at_left(text: &str) -> String {
    format!("{}{}", " ".repeat(LEFT), text)
}

fn read_line(m: &mut Machine, entry: u16, prompt: &str, keys: &[K]) -> String {
    call(m, entry, prompt, keys);
    let (flags, hl, buf) = returned(m);
    assert_eq!(flags & CARRY, 0, "RETURN: carry clear\n{}", screen(m));
    assert_eq!(hl, BUF - 1, "HL = BUF - 1");
    String::from_utf8(buf).unwrap()
}

/// Plain typing: the line into BUF, 0-ended, HL = BUF - 1, NC; the cursor
/// goes to the next row, where the next line is read.
#[test]
fn plain_typing() {
    let mut m = machine();
    assert_eq!(
        read_line(&mut m, PINLIN, "", &[K::T("PRINT 1\n")]),
        "PRINT 1"
    );
    assert_eq!(row(&m, 1), at_left("PRINT 1"));
    assert_eq!(m.peek(BUF + 7), 0, "0 at the end");
    assert_eq!(read_line(&mut m, PINLIN, "", &[K::T("list\n")]), "list");
    assert_eq!(row(&m, 2), at_left("list"));
    // Trailing blanks are removed; TAB gives blanks up to column 9.
    assert_eq!(
        read_line(&mut m, PINLIN, "", &[K::T("A  \n")]),
        "A",
        "trailing blanks"
    );
    assert_eq!(
        read_line(
            &mut m,
            PINLIN,
            "",
            &[K::T("A"), K::Key(Key::Tab), K::T("B\n")]
        ),
        "A       B",
        "TAB to column 9"
    );
}

/// Cursor keys, INS (insert mode), DEL and BS in the middle of a line.
#[test]
fn editing_in_the_middle() {
    let mut m = machine();
    let keys = [
        K::T("ABCDE"),
        K::Key(Key::Left),
        K::Key(Key::Left),
        K::Key(Key::Left), // on C (column 3)
        K::Key(Key::Ins),
        K::T("XY"),         // inserted: ABXYCDE, the cursor on C
        K::Key(Key::Right), // insert mode ends; on D
        K::Key(Key::Del),   // D deleted: ABXYCE
        K::Key(Key::Bs),    // C (left of the cursor) deleted: ABXYE
        K::T("\n"),
    ];
    assert_eq!(read_line(&mut m, PINLIN, "", &keys), "ABXYE");
    assert_eq!(row(&m, 1), at_left("ABXYE"));
    // Typing over: without INS a character replaces the one under the cursor.
    let keys = [
        K::T("HELLO"),
        K::Key(Key::Left),
        K::Key(Key::Left),
        K::T("P!\n"),
    ];
    assert_eq!(read_line(&mut m, PINLIN, "", &keys), "HELP!");
    assert_eq!(m.peek(0xFCA8), 0, "INSFLG off after RETURN");
}

/// RETURN on a line higher on the screen reads that line (PINLIN: the whole
/// logical line), changed where it was typed over.
#[test]
fn return_on_an_old_line() {
    let mut m = machine();
    assert_eq!(read_line(&mut m, PINLIN, "", &[K::T("10 OLD\n")]), "10 OLD");
    assert_eq!(read_line(&mut m, PINLIN, "", &[K::T("20 END\n")]), "20 END");
    // Now on row 3: up twice to row 1, right three times onto the O.
    let keys = [
        K::Key(Key::Up),
        K::Key(Key::Up),
        K::Key(Key::Right),
        K::Key(Key::Right),
        K::Key(Key::Right),
        K::T("N\n"),
    ];
    assert_eq!(read_line(&mut m, PINLIN, "", &keys), "10 NLD");
    assert_eq!(row(&m, 1), at_left("10 NLD"));
    assert_eq!(row(&m, 2), at_left("20 END"));
    // The cursor went to the row after the line read (row 2): a new line
    // typed there overwrites 20 END from column 1.
    assert_eq!(read_line(&mut m, PINLIN, "", &[K::T("30\n")]), "30 END");
}

/// INLIN keeps its prompt out of the line (FSTPOS), QINLIN prints "? " first;
/// on another row than the one INLIN started on, the whole line is read.
#[test]
fn inlin_and_qinlin_start_where_they_were_called() {
    let mut m = machine();
    assert_eq!(
        read_line(&mut m, INLIN, "NAME ", &[K::T("MSX\n")]),
        "MSX",
        "INLIN"
    );
    assert_eq!(row(&m, 1), at_left("NAME MSX"));
    assert_eq!(read_line(&mut m, QINLIN, "", &[K::T("42\n")]), "42");
    assert_eq!(row(&m, 2), at_left("? 42"));
    // A character typed over on the starting row: still only from the
    // column INLIN started at.
    assert_eq!(
        read_line(
            &mut m,
            INLIN,
            "AGE ",
            &[K::T("7"), K::Key(Key::Left), K::T("8\n")]
        ),
        "8"
    );
    // Up onto row 1 (NAME MSX), another row than INLIN started on: all of it.
    assert_eq!(
        read_line(
            &mut m,
            INLIN,
            "X ",
            &[
                K::Key(Key::Up),
                K::Key(Key::Up),
                K::Key(Key::Up),
                K::T("\n")
            ]
        ),
        "NAME MSX"
    );
}

/// A logical line wrapped over two rows is read whole, from either row; INS
/// pushing the last character out of a full row starts a continuation row.
#[test]
fn wrapped_logical_line() {
    let mut m = machine();
    let long = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefgh"; // 44 > 37
    let keys = [K::T(long), K::Key(Key::Up), K::T("\n")];
    assert_eq!(read_line(&mut m, PINLIN, "", &keys), long);
    assert_eq!(row(&m, 1), at_left(&long[..WIDTH]));
    assert_eq!(row(&m, 2), at_left(&long[WIDTH..]));
    // The cursor went below the logical line: row 3.
    assert_eq!(read_line(&mut m, PINLIN, "", &[K::T("NEXT\n")]), "NEXT");
    assert_eq!(row(&m, 3), at_left("NEXT"));

    // 36 characters on row 4, then two inserted at its start: the row holds
    // 37, the last one goes on in a new row 5 (row 5 above moves down).
    let row36 = &long[..36];
    let keys = [
        K::T(row36),
        K::Key(Key::Left),
        K::Ctrl(Key::B), // word left: the start of the row
        K::Key(Key::Ins),
        K::T("++\n"),
    ];
    let mut m = machine();
    assert_eq!(read_line(&mut m, PINLIN, "", &keys), format!("++{row36}"));
    assert_eq!(row(&m, 1), at_left(&format!("++{}", &row36[..35])));
    assert_eq!(row(&m, 2), at_left(&row36[35..]));
}

/// CTRL+STOP: carry set, BUF empty; Z (no ON STOP, no protected ROM).
#[test]
fn ctrl_stop() {
    let mut m = machine();
    call(&mut m, PINLIN, "", &[K::T("ABC"), K::Ctrl(Key::Stop)]);
    let (flags, hl, buf) = returned(&m);
    assert_eq!(flags & CARRY, CARRY, "carry on CTRL+STOP");
    assert_eq!(flags & ZERO, ZERO, "Z: a plain CTRL+STOP");
    assert_eq!(hl, BUF - 1);
    assert!(buf.is_empty(), "BUF empty: {buf:?}");
    // The next line is read on the next row.
    assert_eq!(read_line(&mut m, PINLIN, "", &[K::T("OK\n")]), "OK");
    assert_eq!(row(&m, 2), at_left("OK"));
}

/// CTRL+B / CTRL+F (word left / right), CTRL+N (end of line), CTRL+E (erase
/// to the end of the line), CTRL+U (erase the line).
#[test]
fn control_keys() {
    let mut m = machine();
    let keys = [
        K::T("ALPHA BETA"),
        K::Ctrl(Key::B), // onto B
        K::Ctrl(Key::B), // onto the first A
        K::Ctrl(Key::F), // onto B again
        K::T("Z"),
        K::Ctrl(Key::N), // after the last character
        K::T("!\n"),
    ];
    assert_eq!(read_line(&mut m, PINLIN, "", &keys), "ALPHA ZETA!");
    let keys = [
        K::T("ONE TWO THREE"),
        K::Ctrl(Key::B), // onto THREE
        K::Ctrl(Key::E),
        K::T("\n"),
    ];
    assert_eq!(read_line(&mut m, PINLIN, "", &keys), "ONE TWO");
    let keys = [K::T("JUNK"), K::Ctrl(Key::U), K::T("OK\n")];
    assert_eq!(read_line(&mut m, PINLIN, "", &keys), "OK");
    assert_eq!(row(&m, 3), at_left("OK"));
}

/// The function-key row: DSPFNK shows F1-F5 on the bottom row in five
/// fields of (LINLEN - 4) / 5 characters one blank apart, F6-F10 while SHIFT
/// is held; the text rows end above it; ERAFNK takes it away.
#[test]
fn function_key_row() {
    let mut m = machine();
    let texts = [
        "color ",
        "auto ",
        "goto ",
        "list ",
        "run\r",
        "color 15,4,4\r",
        "cload\"",
        "cont\r",
        "list.\r",
        "run\r",
    ];
    for (i, t) in texts.iter().enumerate() {
        let at = FNKSTR + 16 * i as u16;
        for j in 0..16u16 {
            m.poke(at + j, 0);
        }
        for (j, b) in t.bytes().enumerate() {
            m.poke(at + j as u16, b);
        }
    }
    let expected = |keys: &[&str]| -> String {
        let w = (WIDTH - 4) / 5;
        let mut s = String::new();
        for k in keys {
            let shown: String = k
                .chars()
                .map(|c| if c < ' ' { ' ' } else { c })
                .take(w)
                .collect();
            s.push_str(&format!("{shown:<w$} "));
        }
        at_left(s.trim_end())
    };
    call(&mut m, DSPFNK, "", &[]);
    assert_ne!(m.peek(CNSDFG), 0, "CNSDFG set");
    assert_eq!(row(&m, 24), expected(&texts[..5]), "\n{}", screen(&m));

    // SHIFT held while the editor waits: F6-F10.
    call(&mut m, FNKSB, "", &[]);
    m.poke(ENTRY, PINLIN as u8);
    m.poke(ENTRY + 1, (PINLIN >> 8) as u8);
    m.poke(PROMPT, 0);
    m.step_instruction();
    let f = m.frame_count();
    m.press_at(f + 2, Key::Shift);
    m.run_frames(20);
    assert_eq!(row(&m, 24), expected(&texts[5..]), "SHIFT: F6-F10");
    m.release_at(m.frame_count() + 1, Key::Shift);
    m.run_frames(20);
    assert_eq!(row(&m, 24), expected(&texts[..5]), "SHIFT up: F1-F5");
    type_keys(&mut m, &[K::T("KEYS\n")]);
    run_to_pc(&mut m, MARK, 600);
    assert_eq!(returned(&m).2, b"KEYS");

    // Lines typed at the bottom scroll the rows above the key row only.
    for i in 0..24 {
        call(&mut m, PINLIN, "", &[K::T(&format!("L{i}\n"))]);
    }
    assert_eq!(row(&m, 24), expected(&texts[..5]), "kept at the bottom");
    assert_eq!(row(&m, 22), at_left("L23"), "\n{}", screen(&m));
    assert_eq!(row(&m, 23), "", "the cursor's row, above the key row");

    call(&mut m, ERAFNK, "", &[]);
    assert_eq!(m.peek(CNSDFG), 0, "CNSDFG cleared");
    assert_eq!(row(&m, 24), "", "ERAFNK: the row is blank");
}

/// At the bottom row, INS pushing a character out of the row scrolls the
/// screen up and the character starts the row below.
#[test]
fn insert_overflow_at_the_bottom_scrolls() {
    let mut m = machine();
    for i in 0..23 {
        read_line(&mut m, PINLIN, "", &[K::T(&format!("R{i}\n"))]);
    }
    let row36 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let keys = [K::T(row36), K::Ctrl(Key::B), K::Key(Key::Ins), K::T("++\n")];
    assert_eq!(read_line(&mut m, PINLIN, "", &keys), format!("++{row36}"));
    // Scrolled twice: by the overflow, then by RETURN on the bottom row.
    assert_eq!(row(&m, 1), at_left("R2"));
    assert_eq!(row(&m, 22), at_left(&format!("++{}", &row36[..35])));
    assert_eq!(row(&m, 23), at_left("9"));
    assert_eq!(row(&m, 24), "");
}

/// SCREEN 0 with 80 columns: a line of 100 characters takes two rows, keeps
/// being one logical line when the screen scrolls, and is read whole.
#[test]
fn eighty_columns() {
    const INITXT: u16 = 0x006C;
    let mut m = machine();
    m.poke(0xF3AE, 80); // LINL40
    call(&mut m, INITXT, "", &[]);
    for i in 0..22 {
        read_line(&mut m, PINLIN, "", &[K::T(&format!("ROW{i}\n"))]);
    }
    let long: String = (0..100).map(|i| (b'A' + (i % 26) as u8) as char).collect();
    assert_eq!(
        read_line(&mut m, PINLIN, "", &[K::T(&long), K::T("\n")]),
        long
    );
    // Typed on rows 23-24; RETURN on row 24 scrolled the screen up one.
    assert_eq!(row(&m, 1), "ROW1");
    assert_eq!(row(&m, 22), long[..80]);
    assert_eq!(row(&m, 23), long[80..]);
    assert_eq!(row(&m, 24), "");
    // Back up onto its second row: RETURN reads it from its first row.
    assert_eq!(
        read_line(&mut m, PINLIN, "", &[K::Key(Key::Up), K::T("\n")]),
        long
    );
}

/// The cursor while the editor waits is character 255 with the pattern of the
/// character under it inverted: all of it normally, the two bottom lines in
/// insert mode (CSTYLE), which INS switches on and a cursor key off.
#[test]
fn cursor_shape_follows_insert_mode() {
    const PATTERN_255: usize = 0x0800 + 255 * 8; // SCREEN 0 patterns at 0800h
    let mut m = machine();
    m.poke(ENTRY, PINLIN as u8);
    m.poke(ENTRY + 1, (PINLIN >> 8) as u8);
    m.poke(PROMPT, 0);
    m.step_instruction();
    m.run_frames(10);
    let cursor = |m: &Machine| m.vram()[PATTERN_255..PATTERN_255 + 8].to_vec();
    let name_table_cell = |m: &Machine| m.vram()[LEFT]; // row 1, column 1
    assert_eq!(name_table_cell(&m), 0xFF, "the cursor is character 255");
    assert_eq!(cursor(&m), [0xFF; 8], "block: a blank inverted");
    type_keys(&mut m, &[K::Key(Key::Ins)]);
    m.run_frames(20);
    assert_ne!(m.peek(0xFCA8), 0, "INSFLG");
    assert_ne!(m.peek(0xFCAA), 0, "CSTYLE");
    assert_eq!(cursor(&m), [0, 0, 0, 0, 0, 0, 0xFF, 0xFF], "underline");
    type_keys(&mut m, &[K::Key(Key::Right)]);
    m.run_frames(20);
    assert_eq!(m.peek(0xFCA8), 0, "a cursor key ends insert mode");
    assert_eq!(cursor(&m), [0xFF; 8], "block again");
    type_keys(&mut m, &[K::T("\n")]);
    run_to_pc(&mut m, MARK, 600);
}

/// DSPFNK with the cursor on the bottom row scrolls the text up first, so
/// the cursor keeps a text row above the key row.
#[test]
fn function_keys_shown_with_the_cursor_on_the_bottom_row() {
    let mut m = machine();
    for i in 0..23 {
        read_line(&mut m, PINLIN, "", &[K::T(&format!("R{i}\n"))]);
    }
    assert_eq!(m.peek(0xF3DC), 24, "CSRY on the bottom row");
    call(&mut m, DSPFNK, "", &[]);
    assert_eq!(m.peek(0xF3DC), 23, "CSRY above the key row");
    assert_eq!(row(&m, 1), at_left("R1"));
    assert_eq!(row(&m, 22), at_left("R22"));
    assert_eq!(read_line(&mut m, PINLIN, "", &[K::T("UP\n")]), "UP");
    assert_eq!(row(&m, 22), at_left("UP"), "scrolled above the key row");
}
