//! The MSX-BASIC interpreter of the free main ROM (roms-free-bios/basic/),
//! driven as a user drives it: the default machine without a disk boots into
//! BASIC, lines are typed into the direct mode and the screen is read back.
//! Expected screens follow MSX-BASIC's documented behaviour (fact sheet
//! /work/shared/docs/msx-basic-interpreter.md: §1.5 start screen, §4.2 FOR
//! blocks, §4.3 GOSUB, §4.4 IF/STOP/CONT, §4.5 ON ERROR/RESUME, §4.7 the
//! messages, §5 the main loop and LIST) and the number formats PRINT uses
//! (a blank or '-' before a number, a blank after it).

mod support;

use msx_machine::machine::Machine;
use msx_machine::ppi::Key;
use support::*;

/// The machine at BASIC's first "Ok".
fn basic() -> Machine {
    let mut m = plain_machine();
    m.set_rendering(false);
    run_to_text(&mut m, "Ok", 600);
    m
}

/// The key buffer ring (KEYBUF FBF0h, 40 bytes) and its pointers PUTPNT
/// F3F8h / GETPNT F3FAh: text is put there as the keyboard handler would, so
/// long programs are typed in a few frames instead of 6 frames a key.
const KEYBUF: u16 = 0xFBF0;
const PUTPNT: u16 = 0xF3F8;
const GETPNT: u16 = 0xF3FA;

fn word(m: &Machine, a: u16) -> u16 {
    u16::from_le_bytes([m.peek(a), m.peek(a + 1)])
}

/// Puts `text` into the key buffer as fast as BASIC takes it.
fn feed(m: &mut Machine, text: &str) {
    for &b in text.as_bytes() {
        let mut waited = 0;
        loop {
            let put = word(m, PUTPNT);
            let next = if put + 1 == KEYBUF + 40 {
                KEYBUF
            } else {
                put + 1
            };
            if next != word(m, GETPNT) {
                m.poke(put, b);
                m.poke(PUTPNT, next as u8);
                m.poke(PUTPNT + 1, (next >> 8) as u8);
                break;
            }
            m.run_frames(1);
            waited += 1;
            assert!(waited < 3000, "the key buffer is not read");
        }
    }
    // until it is all read
    let mut waited = 0;
    while word(m, PUTPNT) != word(m, GETPNT) && waited < 3000 {
        m.run_frames(1);
        waited += 1;
    }
    m.run_frames(2);
}

/// The screen rows without the 2-column margin of the 37-column window,
/// trailing blanks removed; not the function-key row (KEY ON: CNSDFG F3DEh).
fn rows(m: &Machine) -> Vec<String> {
    let t = m.text_screen().expect("a text screen");
    let keys = usize::from(m.peek(0xF3DE) != 0);
    (0..t.rows - keys)
        .map(|r| {
            let l = t.line(r);
            l.get(2..).unwrap_or("").trim_end().to_string()
        })
        .collect()
}

/// The last row that is not empty and not just the cursor.
fn last_row(m: &Machine) -> String {
    rows(m)
        .into_iter()
        .rev()
        .find(|l| !l.is_empty() && l != ".")
        .unwrap_or_default()
}

/// Types `line` and RETURN.
fn enter(m: &mut Machine, line: &str) {
    feed(m, &format!("{line}\r"));
}

/// Types a direct statement and returns the rows it printed before "Ok".
fn cmd(m: &mut Machine, line: &str) -> Vec<String> {
    enter(m, line);
    // Done when "Ok" is the last row and the screen stays the same for a
    // few frames (a scroll in progress shows rows twice).
    let mut waited = 0;
    loop {
        let before = rows(m);
        m.run_frames(5);
        waited += 5;
        if last_row(m) == "Ok" && rows(m) == before {
            break;
        }
        assert!(
            waited < 3000,
            "no Ok after `{line}`:\n{}",
            rows(m).join("\n")
        );
    }
    let r = rows(m);
    let ok = r.iter().rposition(|l| l == "Ok").unwrap();
    // the command, over as many 37-column rows as it takes
    let n = line.len().max(1).div_ceil(37);
    let start = (0..ok.saturating_sub(n - 1))
        .rev()
        .find(|&i| r[i..i + n].concat() == line)
        .unwrap_or_else(|| panic!("`{line}` not on screen:\n{}", r.join("\n")));
    let out = r[start + n..ok].to_vec();
    assert!(
        !out.iter().any(|l| l == "Ok"),
        "two Oks after `{line}`:\n{}",
        r.join("\n")
    );
    out
}

/// Enters program lines (no output expected).
fn program(m: &mut Machine, lines: &[&str]) {
    for l in lines {
        enter(m, l);
    }
}

#[test]
fn start_screen() {
    let m = basic();
    let r = rows(&m);
    // §1.5: HIMEM F380h, MAXFILES 1, 200 bytes of strings: 28815 bytes.
    assert_eq!(
        r[..4],
        [
            "MSX BASIC version 2.0",
            "Free ROM of the msx project",
            "28815 Bytes free",
            "Ok"
        ]
    );
    // KEY ON: the function keys' texts on the bottom row.
    let t = m.text_screen().unwrap();
    assert!(t.line(t.rows - 1).trim_start().starts_with("color"));
    // The work area as MSX-BASIC leaves it (§1.1-§1.3).
    let word = |a: u16| u16::from_le_bytes([m.peek(a), m.peek(a + 1)]);
    assert_eq!(word(0xF676), 0x8001, "TXTTAB");
    assert_eq!(m.peek(0x8000), 0);
    assert_eq!(word(0xF6C2), 0x8003, "VARTAB");
    assert_eq!(word(0xFC4A), 0xF380, "HIMEM");
    assert_eq!(word(0xF860), 0xF16A, "FILTAB");
    assert_eq!(word(0xF672), 0xF168, "MEMSIZ");
    assert_eq!(word(0xF674), 0xF0A0, "STKTOP");
    assert_eq!(m.peek(0xF85F), 1, "MAXFILES");
    assert_eq!(
        &m.peek_range(0xF87F, 16)[..6],
        b"color ",
        "FNKSTR F1 (the MSX-BASIC default)"
    );
    assert_eq!(&m.peek_range(0xF87F + 16 * 9, 5), b"\x0crun\r");
}

#[test]
fn direct_print() {
    let mut m = basic();
    assert_eq!(cmd(&mut m, "PRINT 1+2"), [" 3"]);
    assert_eq!(cmd(&mut m, "PRINT 1;-1;\"A\";2*3"), [" 1 -1 A 6"]);
    assert_eq!(cmd(&mut m, "?7\\2;7 MOD 3;7/2;2^10"), [" 3  1  3.5  1024"]);
    assert_eq!(cmd(&mut m, "PRINT -32768-1;32767+1"), ["-32769  32768"]);
    // Integer \ and MOD (the dividend's sign); -32768 \ -1 is the single
    // 32768 as the ROM's IDIV makes it; integer * past 16 bits is single.
    assert_eq!(
        cmd(&mut m, "PRINT -7\\2;-7 MOD 2;-32768\\-1"),
        ["-3 -1  32768"]
    );
    assert_eq!(cmd(&mut m, "PRINT 200*200;-2*3"), [" 40000 -6"]);
    // Single + - * / widen to double and give a double; a single variable
    // rounds it (the ROM's 324Eh-3267h; crates/msx-basic conformance tests).
    assert_eq!(
        cmd(&mut m, "PRINT 1/3;1!/3!"),
        [" .33333333333333  .33333333333333"]
    );
    assert_eq!(
        cmd(&mut m, "A!=1/3:A#=A!:PRINT A!;A#"),
        [" .333333  .333333"]
    );
    // The functions work in double precision; RND's first number after
    // power-on is .59521943994623 on every MSX.
    assert_eq!(cmd(&mut m, "PRINT SQR(2);EXP(0)"), [" 1.4142135623731  1"]);
    assert_eq!(
        cmd(&mut m, "PRINT RND(1);RND(0)"),
        [" .59521943994623  .59521943994623"]
    );
    assert_eq!(cmd(&mut m, "PRINT 3>2;2>3;\"A\"<\"B\""), ["-1  0 -1"]);
    assert_eq!(
        cmd(&mut m, "PRINT NOT 0;5 AND 3;5 OR 3;5 XOR 3"),
        ["-1  1  7  6"]
    );
    assert_eq!(cmd(&mut m, "PRINT 2+3*4;(2+3)*4;-2^2"), [" 14  20 -4"]);
    assert_eq!(cmd(&mut m, "PRINT &HFF;&O17;&B101"), [" 255  15  5"]);
    assert_eq!(
        cmd(&mut m, "PRINT 1,2"),
        [format!(" 1{} 2", " ".repeat(12))]
    );
}

#[test]
fn strings_and_functions() {
    let mut m = basic();
    assert_eq!(
        cmd(&mut m, "A$=\"HEL\"+\"LO\":PRINT A$;LEN(A$)"),
        ["HELLO 5"]
    );
    assert_eq!(
        cmd(&mut m, "PRINT LEFT$(A$,2);RIGHT$(A$,2);MID$(A$,2,3)"),
        ["HELOELL"]
    );
    assert_eq!(
        cmd(&mut m, "PRINT ASC(\"A\");CHR$(66);STR$(12)"),
        [" 65 B 12"]
    );
    assert_eq!(
        cmd(&mut m, "PRINT VAL(\"3.5\")*2;HEX$(255);OCT$(8)"),
        [" 7 FF10"]
    );
    assert_eq!(
        cmd(&mut m, "PRINT SPACE$(3);\"X\";STRING$(3,\"*\")"),
        ["   X***"]
    );
    assert_eq!(cmd(&mut m, "PRINT INSTR(\"ABCABC\",\"CA\")"), [" 3"]);
    assert_eq!(cmd(&mut m, "MID$(A$,2,2)=\"XY\":PRINT A$"), ["HXYLO"]);
    assert_eq!(
        cmd(&mut m, "PRINT ABS(-3);SGN(-2);INT(-2.5);FIX(-2.5)"),
        [" 3 -1 -3 -2"]
    );
}

#[test]
fn program_lines_list_and_run() {
    let mut m = basic();
    program(
        &mut m,
        &[
            "20 PRINT \"TWO\"",
            "10 PRINT \"ONE\"",
            "30 GOTO 50",
            "40 PRINT \"NO\"",
            "50 END",
        ],
    );
    assert_eq!(
        cmd(&mut m, "LIST"),
        [
            "10 PRINT \"ONE\"",
            "20 PRINT \"TWO\"",
            "30 GOTO 50",
            "40 PRINT \"NO\"",
            "50 END"
        ]
    );
    assert_eq!(
        cmd(&mut m, "LIST 20-30"),
        ["20 PRINT \"TWO\"", "30 GOTO 50"]
    );
    assert_eq!(
        cmd(&mut m, "LIST -20"),
        ["10 PRINT \"ONE\"", "20 PRINT \"TWO\""]
    );
    assert_eq!(cmd(&mut m, "LIST 40-"), ["40 PRINT \"NO\"", "50 END"]);
    assert_eq!(cmd(&mut m, "LIST 30"), ["30 GOTO 50"]);
    assert_eq!(cmd(&mut m, "RUN"), ["ONE", "TWO"]);
    // Replacing and deleting lines.
    program(&mut m, &["20 PRINT \"2\"", "40"]);
    assert_eq!(
        cmd(&mut m, "LIST"),
        ["10 PRINT \"ONE\"", "20 PRINT \"2\"", "30 GOTO 50", "50 END"]
    );
    assert_eq!(cmd(&mut m, "RUN 20"), ["2"]);
    assert_eq!(cmd(&mut m, "DELETE 10-20"), Vec::<String>::new());
    assert_eq!(cmd(&mut m, "LIST"), ["30 GOTO 50", "50 END"]);
    assert_eq!(cmd(&mut m, "NEW"), Vec::<String>::new());
    assert_eq!(cmd(&mut m, "LIST"), Vec::<String>::new());
}

#[test]
fn errors_and_their_lines() {
    let mut m = basic();
    assert_eq!(cmd(&mut m, "PRINT 1/0"), ["Division by zero"]);
    assert_eq!(cmd(&mut m, "GOTO 99"), ["Undefined line number"]);
    assert_eq!(cmd(&mut m, "FOO"), ["Syntax error"]);
    assert_eq!(cmd(&mut m, "NEXT"), ["NEXT without FOR"]);
    assert_eq!(cmd(&mut m, "RETURN"), ["RETURN without GOSUB"]);
    assert_eq!(cmd(&mut m, "PRINT \"A\"+1"), ["Type mismatch"]);
    // The temporaries of failed statements do not pile up (10 at most, §1.2).
    for _ in 0..11 {
        assert_eq!(cmd(&mut m, "PRINT \"A\"+1"), ["Type mismatch"]);
    }
    assert_eq!(cmd(&mut m, "PRINT \"X\"+\"Y\""), ["XY"]);
    assert_eq!(cmd(&mut m, "ERROR 55"), ["Input past end"]);
    assert_eq!(cmd(&mut m, "ERROR 40"), ["Unprintable error"]);
    assert_eq!(cmd(&mut m, "ERROR 200"), ["Unprintable error"]);
    assert_eq!(cmd(&mut m, "A(11)=1"), ["Subscript out of range"]);
    assert_eq!(cmd(&mut m, "DIM B(5):DIM B(5)"), ["Redimensioned array"]);
    assert_eq!(cmd(&mut m, "CONT"), ["Can't CONTINUE"]);
    assert_eq!(cmd(&mut m, "PRINT 40000%"), ["Overflow"]);
    program(&mut m, &["10 X=1", "20 Y=X/0"]);
    assert_eq!(cmd(&mut m, "RUN"), ["Division by zero in 20"]);
    program(&mut m, &["20 PRINT (1"]);
    assert_eq!(cmd(&mut m, "RUN"), ["Syntax error in 20"]);
}

#[test]
fn for_next_rules() {
    let mut m = basic();
    // The body runs once even past the limit; the variable ends past it.
    assert_eq!(
        cmd(&mut m, "FOR I=5 TO 1:PRINT \"X\";:NEXT:PRINT I"),
        ["X 6"]
    );
    assert_eq!(
        cmd(&mut m, "FOR I=10 TO 1 STEP -3:PRINT I;:NEXT"),
        [" 10  7  4  1"]
    );
    assert_eq!(
        cmd(&mut m, "FOR I=1 TO 2:FOR J=1 TO 2:PRINT I*10+J;:NEXT J,I"),
        [" 11  12  21  22"]
    );
    assert_eq!(cmd(&mut m, "FOR I%=1 TO 3:NEXT I%:PRINT I%"), [" 4"]);
    // Several NEXTs for one FOR.
    program(
        &mut m,
        &[
            "10 FOR I=1 TO 3",
            "20 IF I=2 THEN PRINT \"TWO\";:NEXT",
            "30 PRINT I;",
            "40 NEXT",
        ],
    );
    assert_eq!(cmd(&mut m, "RUN"), [" 1 TWO 3"]);
    // A FOR run again drops its old block (and those above it): no stack
    // growth over 2000 passes (25 bytes each would be 50000 bytes).
    assert_eq!(cmd(&mut m, "NEW"), Vec::<String>::new());
    program(
        &mut m,
        &[
            "10 N%=N%+1:FOR I=1 TO 2",
            "20 IF N%<2000 THEN 10",
            "30 PRINT N%",
        ],
    );
    assert_eq!(cmd(&mut m, "RUN"), [" 2000"]);
    // NEXT of an outer loop ends the inner ones.
    assert_eq!(
        cmd(&mut m, "FOR I=1 TO 2:FOR J=1 TO 5:NEXT I:PRINT I;J"),
        [" 3  1"]
    );
}

#[test]
fn gosub_on_and_if() {
    let mut m = basic();
    program(
        &mut m,
        &[
            "10 FOR K=1 TO 3:ON K GOSUB 100,200:NEXT",
            "20 ON 2 GOTO 30,40",
            "30 PRINT \"NO\"",
            "40 PRINT \"END\":END",
            "100 PRINT \"A\";:RETURN",
            "200 PRINT \"B\";:RETURN",
        ],
    );
    assert_eq!(cmd(&mut m, "RUN"), ["ABEND"]);
    assert_eq!(
        cmd(
            &mut m,
            "IF 1 THEN IF 0 THEN PRINT 1 ELSE PRINT 2 ELSE PRINT 3"
        ),
        [" 2"]
    );
    assert_eq!(
        cmd(
            &mut m,
            "IF 0 THEN IF 1 THEN PRINT 1 ELSE PRINT 2 ELSE PRINT 3"
        ),
        [" 3"]
    );
    assert_eq!(cmd(&mut m, "IF 1 THEN PRINT \"Y\" ELSE PRINT \"N\""), ["Y"]);
    assert_eq!(cmd(&mut m, "IF \"A\"=\"A\" GOTO 40"), ["END"]);
}

#[test]
fn on_error_resume_err_erl() {
    let mut m = basic();
    program(
        &mut m,
        &[
            "10 ON ERROR GOTO 100",
            "20 X=1/0",
            "30 PRINT \"BACK\"",
            "40 ERROR 250",
            "50 END",
            "100 PRINT ERR;ERL",
            "110 IF ERR=11 THEN RESUME NEXT",
            "120 RESUME 50",
        ],
    );
    assert_eq!(cmd(&mut m, "RUN"), [" 11  20", "BACK", " 250  40"]);
    assert_eq!(cmd(&mut m, "RESUME"), ["RESUME without error"]);
    // No RESUME: the program ends inside the handler.
    assert_eq!(cmd(&mut m, "NEW"), Vec::<String>::new());
    program(
        &mut m,
        &["10 ON ERROR GOTO 30", "20 ERROR 5", "30 PRINT \"H\""],
    );
    assert_eq!(cmd(&mut m, "RUN"), ["H", "No RESUME in 30"]);
}

#[test]
fn stop_cont_and_tron() {
    let mut m = basic();
    program(
        &mut m,
        &["10 PRINT \"A\":STOP:PRINT \"B\"", "20 PRINT \"C\""],
    );
    assert_eq!(cmd(&mut m, "RUN"), ["A", "Break in 10"]);
    assert_eq!(cmd(&mut m, "CONT"), ["B", "C"]);
    assert_eq!(cmd(&mut m, "TRON"), Vec::<String>::new());
    assert_eq!(cmd(&mut m, "RUN 20"), ["[20]C"]);
    assert_eq!(cmd(&mut m, "TROFF"), Vec::<String>::new());
}

#[test]
fn ctrl_stop_breaks_a_loop() {
    let mut m = basic();
    program(&mut m, &["10 GOTO 10"]);
    enter(&mut m, "RUN");
    m.run_frames(20);
    let f = m.frame_count();
    m.press_at(f + 1, Key::Ctrl);
    m.press_at(f + 2, Key::Stop);
    m.release_at(f + 5, Key::Stop);
    m.release_at(f + 6, Key::Ctrl);
    m.run_frames(30);
    let r = rows(&m);
    assert!(
        r.iter().any(|l| l == "Break in 10"),
        "no Break:\n{}",
        r.join("\n")
    );
    assert_eq!(last_row(&m), "Ok");
}

#[test]
fn variables_arrays_data() {
    let mut m = basic();
    assert_eq!(cmd(&mut m, "DEFINT I:I=7/2:J=7/2:PRINT I;J"), [" 3  3.5"]);
    assert_eq!(
        cmd(&mut m, "DIM A$(2,3):A$(2,3)=\"Z\":PRINT A$(2,3);A$(0,0)"),
        ["Z"]
    );
    assert_eq!(cmd(&mut m, "B(10)=4:PRINT B(10)+B[9]"), [" 4"]);
    assert_eq!(cmd(&mut m, "A=1:B=2:SWAP A,B:PRINT A;B"), [" 2  1"]);
    assert_eq!(cmd(&mut m, "ERASE B:DIM B(20):PRINT B(20)"), [" 0"]);
    program(
        &mut m,
        &[
            "10 DATA 1,\"X,Y\",2.5,ABC",
            "20 READ A,B$,C,D$:PRINT A;B$;C;D$",
            "30 RESTORE:READ E:PRINT E:READ F$,G,H$,I",
        ],
    );
    assert_eq!(
        cmd(&mut m, "RUN"),
        [" 1 X,Y 2.5 ABC", " 1", "Out of DATA in 30"]
    );
}

#[test]
fn input_statements() {
    let mut m = basic();
    program(
        &mut m,
        &[
            "10 INPUT \"N\";N,S$",
            "20 LINE INPUT L$",
            "30 PRINT N*2;S$;L$",
        ],
    );
    enter(&mut m, "RUN");
    enter(&mut m, "21,HI");
    enter(&mut m, "A, B");
    m.run_frames(30);
    let r = rows(&m);
    let run = r.iter().rposition(|l| l == "RUN").unwrap();
    assert_eq!(
        r[run + 1..run + 5],
        ["N? 21,HI", "A, B", " 42 HIA, B", "Ok"]
    );
    // INPUT$ waits for its characters and shows none of them.
    enter(&mut m, "A$=INPUT$(3):PRINT A$;LEN(A$)");
    feed(&mut m, "xyz");
    m.run_frames(20);
    let r = rows(&m);
    let at = r.iter().rposition(|l| l.starts_with("A$=INPUT$")).unwrap();
    assert_eq!(r[at + 1..at + 3], ["xyz 3", "Ok"]);
}

#[test]
fn renum_and_auto() {
    let mut m = basic();
    program(
        &mut m,
        &["10 GOTO 30", "20 GOSUB 10:ON X GOTO 10,20,99", "30 END"],
    );
    // A reference to a missing line is reported and left as it is.
    assert_eq!(cmd(&mut m, "RENUM 100,20,5"), ["Undefined line 99 in 20"]);
    assert_eq!(
        cmd(&mut m, "LIST"),
        ["10 GOTO 105", "100 GOSUB 10:ON X GOTO 10,100,99", "105 END"]
    );
    // The new numbers must stay above the lines before.
    assert_eq!(cmd(&mut m, "RENUM 5,100"), ["Illegal function call"]);
    // AUTO types the numbers; CTRL+STOP ends it.
    enter(&mut m, "AUTO 200,5");
    enter(&mut m, "PRINT 1");
    enter(&mut m, "PRINT 2");
    let f = m.frame_count();
    m.press_at(f + 1, Key::Ctrl);
    m.press_at(f + 2, Key::Stop);
    m.release_at(f + 5, Key::Stop);
    m.release_at(f + 6, Key::Ctrl);
    m.run_frames(20);
    assert_eq!(cmd(&mut m, "LIST 200-"), ["200 PRINT 1", "205 PRINT 2"]);
}

#[test]
fn def_fn_and_string_space() {
    let mut m = basic();
    program(
        &mut m,
        &[
            "10 DEF FNA(X,Y)=X*10+Y",
            "20 DEF FNB$(S$)=S$+\"!\"",
            "30 X=5:PRINT FNA(1,2);FNB$(\"HI\");X",
        ],
    );
    assert_eq!(cmd(&mut m, "RUN"), [" 12 HI! 5"]);
    assert_eq!(cmd(&mut m, "DEF FNZ(Q)=Q"), ["Illegal direct"]);
    assert_eq!(cmd(&mut m, "PRINT FNQ(1)"), ["Undefined user function"]);
    // 200 bytes of string space (§1.1): FRE("") collects the garbage; a
    // loop making far more than 200 bytes of strings still works, and a
    // string that cannot fit is "Out of string space".
    assert_eq!(cmd(&mut m, "NEW"), Vec::<String>::new());
    assert_eq!(cmd(&mut m, "PRINT FRE(\"\")"), [" 200"]);
    assert_eq!(
        cmd(&mut m, "FOR I=1 TO 300:A$=STR$(I)+\"XY\":NEXT:PRINT A$"),
        [" 300XY"]
    );
    assert_eq!(cmd(&mut m, "PRINT FRE(\"\")"), [" 194"]);
    // A collection while a FOR loop runs leaves the loop alone.
    assert_eq!(
        cmd(&mut m, "FOR J=1 TO 90:A$=CHR$(65)+\"BC\":NEXT:PRINT J;A$"),
        [" 91 ABC"]
    );
    assert_eq!(
        cmd(&mut m, "DIM S$(30):FOR J=0 TO 30:S$(J)=STR$(J):NEXT"),
        Vec::<String>::new()
    );
    assert_eq!(cmd(&mut m, "PRINT S$(0);S$(17);S$(30)"), [" 0 17 30"]);
    assert_eq!(
        cmd(&mut m, "B$=SPACE$(150):C$=SPACE$(60)"),
        ["Out of string space"]
    );
    assert_eq!(cmd(&mut m, "CLEAR 1000:PRINT FRE(\"\")"), [" 1000"]);
    assert_eq!(cmd(&mut m, "PRINT LEN(A$)"), [" 0"]);
}

#[test]
fn time_and_event_traps() {
    let mut m = basic();
    assert_eq!(cmd(&mut m, "TIME=1000:PRINT TIME\\1000"), [" 1"]);
    program(
        &mut m,
        &[
            "10 FOR I=1 TO 300:NEXT:PRINT \"END\":END",
            "100 PRINT \"TRAP\";I>0:RETURN",
        ],
    );
    enter(&mut m, "RUN");
    // An event raised as the interrupt handler raises one (fact sheet §4.6):
    // entry 17 (ON INTERVAL) on and occurred, its handler line 100 (the
    // line's address, as ON ... GOSUB stores it), ONGSBF counting it.
    let mut line = word(&m, 0xF676);
    while word(&m, line + 2) != 100 {
        line = word(&m, line);
    }
    let entry = 0xFC4C + 17 * 3;
    m.poke(entry + 1, line as u8);
    m.poke(entry + 2, (line >> 8) as u8);
    m.poke(entry, 5);
    m.poke(0xFBD8, 1);
    let mut waited = 0;
    while last_row(&m) != "Ok" {
        m.run_frames(5);
        waited += 5;
        assert!(waited < 3000, "{}", rows(&m).join("\n"));
    }
    let r = rows(&m);
    let run = r.iter().rposition(|l| l == "RUN").unwrap();
    assert_eq!(r[run + 1..run + 4], ["TRAP-1", "END", "Ok"]);
    // Served once: paused while it ran, on again after RETURN.
    assert_eq!(m.peek(entry), 1);
}

#[test]
fn call_reaches_a_cartridge_statement() {
    // A cartridge with a STATEMENT entry (header +4, fact sheet §7.1): it
    // takes CALL HELLO (PROCNM = "HELLO") and refuses anything else (carry).
    let (mut cart, origin) = assemble(&format!(
        "
        org 4000h
        db 'AB'
        dw init
        dw stmt
        ds 4010h-$,0
init:   ret
stmt:   push hl
        ld hl,name
        ld de,0FD89h
same:   ld a,(de)
        cp (hl)
        jr nz,other
        or a
        jr z,mine
        inc hl
        inc de
        jr same
other:  pop hl
        scf
        ret
mine:   ld hl,hi
        call print
        pop hl
        or a
        ret
name:   db 'HELLO',0
hi:     db 'HI THERE',13,10,0
{PRINT}"
    ));
    assert_eq!(origin, 0x4000);
    cart.resize(0x4000, 0xFF);
    let mut m = machine_with_cartridge(cart);
    m.set_rendering(false);
    run_to_text(&mut m, "Ok", 1200);
    assert_eq!(cmd(&mut m, "CALL HELLO"), ["HI THERE"]);
    assert_eq!(cmd(&mut m, "_HELLO:PRINT 1"), ["HI THERE", " 1"]);
    assert_eq!(cmd(&mut m, "CALL BYE"), ["Syntax error"]);
}

#[test]
fn more_rules() {
    let mut m = basic();
    // A number that does not fit the rest of the 37-column line starts a
    // new one.
    assert_eq!(
        cmd(&mut m, "PRINT \"123456789012345678901234567890123\";12345"),
        ["123456789012345678901234567890123", " 12345"]
    );
    // TAB and SPC.
    assert_eq!(
        cmd(&mut m, "PRINT \"A\";TAB(5);\"B\";SPC(2);\"C\""),
        ["A    B  C"]
    );
    // READ of a string into a number: Syntax error in the DATA line.
    program(&mut m, &["10 DATA X", "20 READ A"]);
    assert_eq!(cmd(&mut m, "RUN"), ["Syntax error in 10"]);
    // After an error in direct mode ERL is 65535.
    assert_eq!(cmd(&mut m, "ERROR 7"), ["Out of memory"]);
    assert_eq!(cmd(&mut m, "PRINT ERR;ERL"), [" 7  65535"]);
    // INPUT asks again when a number is not a number.
    program(&mut m, &["10 INPUT A", "20 PRINT A*2", "30 END"]);
    enter(&mut m, "RUN");
    enter(&mut m, "X1");
    enter(&mut m, "4");
    m.run_frames(20);
    let r = rows(&m);
    let run = r.iter().rposition(|l| l == "RUN").unwrap();
    assert_eq!(
        r[run + 1..run + 5],
        ["? X1", "?Redo from start", "? 4", " 8"]
    );
    // CLEAR: string space and the top of BASIC's memory (§1.3).
    assert_eq!(cmd(&mut m, "CLEAR 300,&HE000:PRINT FRE(\"\")"), [" 300"]);
    assert_eq!(word(&m, 0xFC4A), 0xE000, "HIMEM");
    assert_eq!(word(&m, 0xF672), 0xE000 - 2 * 267 - 2, "MEMSIZ");
    assert_eq!(cmd(&mut m, "CLEAR 100,&H7000"), ["Illegal function call"]);
}

#[test]
fn cont_after_ctrl_stop() {
    let mut m = basic();
    program(
        &mut m,
        &["10 I=I+1:IF I<3000 THEN 10", "20 PRINT \"DONE\";I"],
    );
    enter(&mut m, "RUN");
    m.run_frames(10);
    let f = m.frame_count();
    m.press_at(f + 1, Key::Ctrl);
    m.press_at(f + 2, Key::Stop);
    m.release_at(f + 5, Key::Stop);
    m.release_at(f + 6, Key::Ctrl);
    m.run_frames(20);
    assert!(rows(&m).iter().any(|l| l == "Break in 10"));
    assert_eq!(cmd(&mut m, "CONT"), ["DONE 3000"]);
}

#[test]
fn line_pointers_come_and_go() {
    let mut m = basic();
    program(&mut m, &["10 GOTO 30", "20 END", "30 PRINT \"X\""]);
    // 10 GOTO 30 is stored 89 20 0E 1E 00 (fact sheet §4.1, [FMT] A7).
    let body = |m: &Machine| m.peek_range(0x8001 + 4, 5);
    assert_eq!(body(&m), [0x89, 0x20, 0x0E, 30, 0]);
    assert_eq!(cmd(&mut m, "RUN"), ["X"]);
    // Run once, the operand points at line 30 (its address - 1).
    let mut line = word(&m, 0xF676);
    while word(&m, line + 2) != 30 {
        line = word(&m, line);
    }
    let b = body(&m);
    assert_eq!(b[2], 0x0D);
    assert_eq!(u16::from_le_bytes([b[3], b[4]]), line - 1);
    assert_eq!(cmd(&mut m, "LIST 10"), ["10 GOTO 30"]);
    // Editing turns pointers back into numbers first.
    program(&mut m, &["15 REM"]);
    assert_eq!(body(&m), [0x89, 0x20, 0x0E, 30, 0]);
    assert_eq!(cmd(&mut m, "RUN"), ["X"]);
}

/// ON x GOTO/GOSUB finds the chosen line as GOTO does: its operand (and only
/// its) becomes a 0Dh pointer, so the next ON jumps at once; the others stay
/// numbers; LIST shows numbers; GOSUB returns after the list.
#[test]
fn on_goto_and_gosub_turn_the_chosen_number_into_a_pointer() {
    let mut m = basic();
    program(
        &mut m,
        &[
            "10 FOR I=1 TO 2:ON I GOSUB 40,50:NEXT",
            "20 ON 2 GOTO 40,60",
            "40 PRINT \"A\";:RETURN",
            "50 PRINT \"B\";:RETURN",
            "60 PRINT \"C\"",
        ],
    );
    assert_eq!(cmd(&mut m, "RUN"), ["ABC"]);
    assert_eq!(cmd(&mut m, "RUN"), ["ABC"], "again, through the pointers");
    // Line 20 is 95 20 13 20 89 20 0E 28 00 2C 0E 3C 00: ON 2 GOTO 40,60
    // (95 ON, 13 the digit 2, 89 GOTO); the second operand is now a pointer.
    let mut line = word(&m, 0xF676);
    while word(&m, line + 2) != 20 {
        line = word(&m, line);
    }
    let body = m.peek_range(line + 4, 10);
    assert_eq!(
        &body[..6],
        &[0x95, 0x20, 0x13, 0x20, 0x89, 0x20],
        "ON 2 GOTO"
    );
    assert_eq!(
        &body[6..9],
        &[0x0E, 40, 0],
        "the operand not taken: a number"
    );
    assert_eq!(body[9], b',');
    let last = m.peek(line + 14);
    assert_eq!(last, 0x0D, "the operand taken: a pointer");
    assert_eq!(cmd(&mut m, "LIST 20"), ["20 ON 2 GOTO 40,60"]);
}

#[test]
fn a_hook_names_its_own_errors() {
    let mut m = basic();
    // H.ERRP (FEFDh): E = code, HL = the text; this one names error 66.
    // Code at D000h: CP 66 / RET NZ / LD HL,text / RET.
    let code = [0x7B, 0xFE, 66, 0xC0, 0x21, 0x10, 0xD0, 0xC9];
    for (i, b) in code.iter().enumerate() {
        m.poke(0xD000 + i as u16, *b);
    }
    for (i, b) in b"Disk full\0".iter().enumerate() {
        m.poke(0xD010 + i as u16, *b);
    }
    m.poke(0xFEFD, 0xC3);
    m.poke(0xFEFE, 0x00);
    m.poke(0xFEFF, 0xD0);
    assert_eq!(cmd(&mut m, "ERROR 66"), ["Disk full"]);
    assert_eq!(cmd(&mut m, "ERROR 67"), ["Unprintable error"]);
}

#[test]
fn print_using() {
    // PRINT USING's fields (MSX2 Technical Handbook ch. 2; the rules the
    // compiler's runtime/using.asm lists): # digits, . decimals rounded half
    // up, + and - signs, ** fill, $$ / **$ dollar, , thousands, % before a
    // number that does not fit; ! & \  \ for strings; literals as they are.
    let mut m = basic();
    assert_eq!(
        cmd(&mut m, "PRINT USING \"X=#### Y=##.#\";12;3.25"),
        ["X=  12 Y= 3.3"]
    );
    assert_eq!(cmd(&mut m, "PRINT USING \"+##.#\";-1.5;2"), [" -1.5 +2.0"]);
    assert_eq!(cmd(&mut m, "PRINT USING \"##.#-\";-1.5"), [" 1.5-"]);
    assert_eq!(cmd(&mut m, "PRINT USING \"**$##.##\";7.5"), ["***$7.50"]);
    assert_eq!(cmd(&mut m, "PRINT USING \"#,###\";12345"), ["%12,345"]);
    assert_eq!(cmd(&mut m, "PRINT USING \"##\";123"), ["%123"]);
    assert_eq!(
        cmd(
            &mut m,
            "PRINT USING \"!-&-\\  \\|\";\"ABC\";\"DE\";\"FGHIJ\""
        ),
        ["A-DE-FGHI|"]
    );
    assert_eq!(cmd(&mut m, "PRINT USING \"[#]\";1;2;3"), ["[1][2][3]"]);
    // A format without a field: its literals, then Illegal function call
    // (found at its end, as the compiler's runtime does).
    assert_eq!(
        cmd(&mut m, "PRINT USING \"AB\";1"),
        ["AB", "Illegal function call"]
    );
    assert_eq!(cmd(&mut m, "PRINT USING \"#\";\"A\""), ["Type mismatch"]);
}

/// NEW, the program's lines, RUN: what it printed.
fn run_program(m: &mut Machine, text: &str) -> Vec<String> {
    assert_eq!(cmd(m, "NEW"), Vec::<String>::new());
    for line in text.lines() {
        enter(m, line);
    }
    cmd(m, "RUN")
}

#[test]
fn on_error_as_the_compiler_conformance_has_it() {
    // The expectations of crates/msx-basic/tests/compile_onerror.rs (ROM
    // 406Fh-411Eh, 48E4h, 495Dh, 49AAh; fact sheet §4.5).
    let mut m = basic();
    let cases: &[(&str, &[&str])] = &[
        (
            "10 ON ERROR GOTO 100\n20 A=1/0:PRINT \"AFTER\"\n30 PRINT \"LINE 30\":END\n\
             100 PRINT \"ERR\";ERR;\"ERL\";ERL\n110 RESUME NEXT",
            &["ERR 11 ERL 20", "AFTER", "LINE 30"],
        ),
        (
            "10 ON ERROR GOTO 100\n20 D=0:PRINT \"A\":PRINT 10/D:PRINT \"B\"\n30 END\n\
             100 PRINT \"E\";ERR:D=2:RESUME 0",
            &["A", "E 11", " 5", "B"],
        ),
        (
            "10 ON ERROR GOTO 100\n20 X=1/0\n30 PRINT \"NOT HERE\"\n\
             40 N=N+1:IF N<3 THEN X=SQR(-1):PRINT \"NOR HERE\"\n50 PRINT \"N\";N:END\n\
             100 PRINT ERR;ERL:IF ERL=20 THEN RESUME 40 ELSE RESUME NEXT",
            &[" 11  20", " 5  40", "NOR HERE", "N 1"],
        ),
        (
            "10 ON ERROR GOTO 100\n20 ERROR 200\n100 PRINT ERR;ERL:END",
            &[" 200  20"],
        ),
        ("10 ERROR 200", &["Unprintable error in 10"]),
        ("10 ERROR 0", &["Illegal function call in 10"]),
        (
            "10 ON ERROR GOTO 100\n20 X=1/0\n100 PRINT \"H\":Y=1/0",
            &["H", "Division by zero in 100"],
        ),
        (
            "10 ON ERROR GOTO 100\n20 X=1/0\n100 ON ERROR GOTO 0",
            &["Division by zero in 20"],
        ),
        ("10 RESUME", &["RESUME without error in 10"]),
        ("10 ON ERROR GOTO 0\n20 X=1/0", &["Division by zero in 20"]),
        (
            "10 ON ERROR GOTO 100\n20 FOR I=1 TO 3:GOSUB 50:NEXT:PRINT \"DONE\":END\n\
             50 X=1/(I-2):PRINT I;:RETURN\n100 PRINT \"E\";:RESUME NEXT",
            &[" 1 E 2  3 DONE"],
        ),
    ];
    for (program, want) in cases {
        assert_eq!(run_program(&mut m, program), *want, "{program}");
    }
}

#[test]
fn memory_and_more_functions() {
    let mut m = basic();
    // POKE/PEEK, VARPTR (the value's address, fact sheet §2.1: an integer).
    assert_eq!(cmd(&mut m, "POKE &HD000,171:PRINT PEEK(&HD000)"), [" 171"]);
    assert_eq!(
        cmd(&mut m, "A%=258:P=VARPTR(A%):PRINT PEEK(P);PEEK(P+1)"),
        [" 2  1"]
    );
    assert_eq!(word(&m, 0xF6C2), 0x8003, "VARTAB");
    // A% is the first variable: type 2, 'A', 0, then its value (§2.1).
    assert_eq!(m.peek_range(0x8003, 5), [2, b'A', 0, 2, 1]);
    // DEF USR: A = the argument's type, HL = DAC; this one doubles DAC+2.
    // Code at D100h: LD HL,(F7F8h) / ADD HL,HL / LD (F7F8h),HL / RET.
    for (i, b) in [0x2A, 0xF8, 0xF7, 0x29, 0x22, 0xF8, 0xF7, 0xC9]
        .iter()
        .enumerate()
    {
        m.poke(0xD100 + i as u16, *b);
    }
    assert_eq!(cmd(&mut m, "DEFUSR1=&HD100:PRINT USR1(21)"), [" 42"]);
    assert_eq!(cmd(&mut m, "PRINT USR2(1)"), ["Illegal function call"]);
    // More string functions.
    assert_eq!(
        cmd(
            &mut m,
            "PRINT OCT$(8);BIN$(5);STRING$(2,65);MID$(\"ABCD\",3)"
        ),
        ["10101AACD"]
    );
    assert_eq!(
        cmd(&mut m, "PRINT INSTR(3,\"ABCABC\",\"B\");VAL(\"&H1F\")"),
        [" 5  31"]
    );
    assert_eq!(cmd(&mut m, "PRINT POS(0);:PRINT \"X\";POS(0)"), [" 0 X 4"]);
    assert_eq!(cmd(&mut m, "PRINT INKEY$=\"\""), ["-1"]);
    assert_eq!(cmd(&mut m, "PRINT FRE(0)>20000"), ["-1"]);
}

#[test]
fn lprint_and_llist_go_to_the_printer() {
    let mut m = basic();
    m.plug_printer(true);
    program(&mut m, &["10 PRINT \"HI\""]);
    assert_eq!(
        cmd(&mut m, "LPRINT 1;\"A\",2:LPRINT TAB(3);\"B\""),
        Vec::<String>::new()
    );
    assert_eq!(cmd(&mut m, "LLIST"), Vec::<String>::new());
    assert_eq!(
        String::from_utf8_lossy(&m.take_printer_output()),
        format!(" 1 A{} 2 \r\n   B\r\n10 PRINT \"HI\"\r\n", " ".repeat(10))
    );
    // The screen's column is its own again.
    assert_eq!(cmd(&mut m, "PRINT \"X\";POS(0)"), ["X 1"]);
}

/// SET and GET DATE/TIME keep MSX2's settings in the clock chip, at the
/// places the msx.org wiki gives for them (SET_BEEP: block 2 register 10 =
/// (tone-1)*4 + volume-1; SET_TITLE: block 2 register 11 = colours-1,
/// block 3 = ID 0 and the first 6 characters as two nibbles each, low
/// first; SET_PROMPT: ID 2, and the prompt replaces "Ok"; SET_DATE: the
/// year register holds year - 1980), ranges from the fact sheet (SET ADJUST
/// -7..8, SET BEEP 1-4).
#[test]
fn set_and_get_date_time_and_the_clock_ram() {
    let mut m = basic();
    assert_eq!(
        cmd(&mut m, "SET DATE \"11/27/26\":SET TIME \"16:45:30\""),
        Vec::<String>::new()
    );
    let out = cmd(&mut m, "GET DATE D$:GET TIME T$:PRINT D$;\" \";LEFT$(T$,5)");
    assert_eq!(out, ["11/27/26 16:45"]);
    let now = m.cycles();
    let dt = m.rtc_mut().date_time(now);
    assert_eq!((dt.year, dt.month, dt.day, dt.hour), (2026, 11, 27, 16));
    let out = cmd(&mut m, "SET TIME \"07:08:09\",A:GET TIME A$,A:PRINT A$");
    assert_eq!(out, ["07:08:00"], "the alarm keeps hours and minutes");
    assert_eq!(
        cmd(&mut m, "SET DATE \"13/01/26\""),
        ["Illegal function call"]
    );
    assert_eq!(cmd(&mut m, "SET ADJUST(9,0)"), ["Illegal function call"]);
    assert_eq!(cmd(&mut m, "SET BEEP 5,1"), ["Illegal function call"]);
    assert_eq!(cmd(&mut m, "GET DATE X"), ["Type mismatch"]);

    cmd(&mut m, "SET BEEP 3,2:SET TITLE \"HELLO WORLD\",3");
    let b2 = m.rtc().ram(2).unwrap();
    assert_eq!((b2[10], b2[11]), (9, 2));
    cmd(&mut m, "SET BEEP ,4");
    assert_eq!(m.rtc().ram(2).unwrap()[10], 11, "the tone kept, volume 4");
    let b3 = m.rtc().ram(3).unwrap();
    let title: Vec<u8> = (0..6).map(|i| b3[1 + 2 * i] | b3[2 + 2 * i] << 4).collect();
    assert_eq!((b3[0], title.as_slice()), (0, &b"HELLO "[..]));

    enter(&mut m, "SET PROMPT \"READY\"");
    m.run_frames(120);
    enter(&mut m, "PRINT 6*7");
    m.run_frames(120);
    let r = rows(&m);
    let at = r.iter().rposition(|l| l == "PRINT 6*7").unwrap();
    assert_eq!(&r[at - 1..at + 3], ["READY", "PRINT 6*7", " 42", "READY"]);
    assert_eq!(m.rtc().ram(3).unwrap()[0], 2);
}

/// What SET SCREEN and SET ADJUST keep in the clock chip is applied at the
/// next power-on (the reset button keeps the clock, as a battery does):
/// SCREEN 1 with its WIDTH, the colours, KEY OFF, and R#18 (the wiki's
/// SET_SCREEN and SET_ADJUST layouts, which ext/setget.asm writes). A clock
/// never set up first gets the ID 0Ah and the defaults.
#[test]
fn set_screen_and_set_adjust_come_back_at_power_on() {
    let mut m = basic();
    let b2 = m.rtc().ram(2).unwrap();
    assert_eq!(b2[0], 0x0A, "the first power-on sets the clock's RAM up");
    assert_eq!(b2[9] & 1, 1, "KEY ON by default");
    cmd(&mut m, "SET ADJUST(2,-3)");
    enter(&mut m, "SCREEN 1:WIDTH 30:COLOR 1,15,11:KEY OFF:SET SCREEN");
    m.run_frames(60);
    m.reset();
    run_to_text(&mut m, "Ok", 600);
    assert_eq!(m.peek(0xFCAF), 1, "SCREEN 1 (SCRMOD)");
    assert_eq!(m.peek(0xF3B0), 30, "WIDTH 30 (LINLEN)");
    assert_eq!(
        (m.peek(0xF3E9), m.peek(0xF3EA), m.peek(0xF3EB)),
        (1, 15, 11),
        "COLOR (FORCLR, BAKCLR, BDRCLR)"
    );
    assert_eq!(m.peek(0xF3DE), 0, "KEY OFF (CNSDFG)");
    // R#18: the nibbles are minus the offsets (x right and y down positive).
    assert_eq!(m.vdp().register(18), 0x3E, "SET ADJUST (2,-3)");
}

/// What SET TITLE and SET PASSWORD keep is used at the next power-on (the
/// msx.org wiki's SET_TITLE and SET_PASSWORD): the title is shown and the
/// boot waits for a key; the password is asked for, typed blind, ended by
/// RETURN, and asked again until it is right; GRAPH and STOP held at
/// power-on skip it. A password is kept as the wiki's marks (registers
/// 1-3 = 1, 2, 3) and a 16-bit checksum, not as its characters.
#[test]
fn set_title_and_set_password_at_power_on() {
    let mut m = basic();
    cmd(&mut m, "SET TITLE \"HELLO\"");
    m.reset();
    assert!(
        m.run_until(
            &msx_machine::machine::Until::TextOnScreen("HELLO".into()),
            600
        )
        .reached(),
        "the title at power-on:\n{}",
        rows(&m).join("\n")
    );
    m.run_frames(60);
    assert!(
        !rows(&m).iter().any(|l| l == "Ok"),
        "the boot waits for a key"
    );
    m.type_text(" ").unwrap();
    run_to_text(&mut m, "Ok", 600);
    assert!(
        !rows(&m).iter().any(|l| l.contains("HELLO")),
        "the screen cleared"
    );

    cmd(&mut m, "SET PASSWORD \"Sesame\"");
    let b3 = m.rtc().ram(3).unwrap();
    assert_eq!(&b3[..4], &[1, 1, 2, 3], "ID 1 and the marks");
    assert!(
        !b3.windows(2).any(|w| w[0] | w[1] << 4 == b'S'),
        "not the characters"
    );
    m.reset();
    run_to_text(&mut m, "Password:", 600);
    m.type_text("sesame\r").unwrap();
    m.run_frames(120);
    let r = rows(&m);
    assert_eq!(
        r.iter().filter(|l| l.starts_with("Password:")).count(),
        2,
        "asked again:\n{}",
        r.join("\n")
    );
    assert!(!r.iter().any(|l| l.contains("esame")), "typed blind");
    m.type_text("Sesame\r").unwrap();
    run_to_text(&mut m, "Ok", 600);

    // GRAPH and STOP held through the power-on: no question.
    enter(&mut m, "CLS");
    m.run_frames(30);
    m.press(Key::Graph);
    m.press(Key::Stop);
    m.reset();
    run_to_text(&mut m, "Bytes free", 600);
    assert!(!rows(&m).iter().any(|l| l.starts_with("Password:")));
    m.release(Key::Graph);
    m.release(Key::Stop);

    // SET PROMPT replaces the password (block 3 holds one of the three). The
    // STOP held at power-on pauses the first statement until STOP is
    // pressed again, as MSX-BASIC does with STOP.
    enter(&mut m, "SET PROMPT \"Ready\":CLS");
    m.run_frames(30);
    m.press(Key::Stop);
    m.run_frames(5);
    m.release(Key::Stop);
    run_to_text(&mut m, "Ready", 600);
    m.reset();
    run_to_text(&mut m, "Bytes free", 600);
    m.run_frames(30);
    assert!(!rows(&m).iter().any(|l| l.starts_with("Password:")));
}

/// RUN n inside a program starts again at line n (the line is searched from
/// the first one: RUN clears everything first), and FRMQNT's addresses
/// past 65535 are Overflow (TH2 §4.4), as POKE shows.
#[test]
fn run_n_in_a_program_and_poke_past_65535() {
    let mut m = basic();
    let out = run_program(
        &mut m,
        "10 A=A+1:IF A>1 THEN PRINT \"TWICE\":END\n20 RUN 30\n30 PRINT \"THIRTY\";A\n",
    );
    assert_eq!(out, ["THIRTY 0"]);
    assert_eq!(cmd(&mut m, "POKE 70000!,1"), ["Overflow"]);
    assert_eq!(cmd(&mut m, "POKE -32769!,1"), ["Overflow"]);
}
