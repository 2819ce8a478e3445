//! The end of a compiled program on a disk (endrom.asm): it hands over to
//! MSX-BASIC in the main ROM, as a program compiled by an MSX-BASIC
//! compiler goes back to BASIC on an MSX2. An error no ON ERROR GOTO takes
//! is printed by the ROM's error handler (406Fh: the message, " in " and
//! the line, "Ok"), END and the end of the program by READYR (409Bh: "Ok"),
//! and the user is then at a working prompt with an empty program (fact
//! sheet msx-basic-interpreter.md §4.5, §5, §8).

#[path = "compile_harness.rs"]
mod harness;

use harness::{boot, build, run_to_end, screen};
use msx_machine::machine::Machine;

/// Runs `src` (behind `1 SCREEN 0:WIDTH 40`) to MSX-BASIC's prompt, then
/// types `typed` there; the screen's lines, trimmed, the function-key row
/// and the cursor's line left out.
fn end_then_type(src: &str, typed: &str) -> (Vec<String>, Machine) {
    let out = build(&format!("1 SCREEN 0:WIDTH 40\n{src}"));
    let mut m = boot(&out);
    run_to_end(&out, &mut m, 3000);
    if !typed.is_empty() {
        m.type_text(typed).unwrap();
        m.run_frames(60 + 7 * typed.len() as u64);
    }
    let lines = prompt_lines(&m);
    (lines, m)
}

/// The screen's lines, trimmed, without blank lines, the cursor's line and
/// the function-key row.
fn prompt_lines(m: &Machine) -> Vec<String> {
    screen(m)
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty() && l != ".")
        .take_while(|l| !l.starts_with("color"))
        .collect()
}

#[test]
fn an_error_is_the_roms_message_and_the_prompt_works() {
    let (lines, _) = end_then_type("10 PRINT \"A\"\n20 X=1/0\n", "PRINT 1+1\n");
    assert_eq!(
        lines,
        ["A", "Division by zero in 20", "Ok", "PRINT 1+1", "2", "Ok"]
    );
}

#[test]
fn end_gives_ok_on_a_fresh_line_and_an_empty_program() {
    // LIST lists nothing; a line typed in is a program that RUN runs.
    let (lines, _) = end_then_type(
        "10 PRINT \"HELLO\";\n20 END\n30 PRINT \"NOT HERE\"\n",
        "LIST\n10 PRINT 7*6\nRUN\n",
    );
    assert_eq!(
        lines,
        [
            "HELLO",
            "Ok",
            "LIST",
            "Ok",
            "10 PRINT 7*6",
            "RUN",
            "42",
            "Ok"
        ]
    );
}

#[test]
fn running_off_the_last_line_is_the_end_and_cont_cannot_continue() {
    let (lines, _) = end_then_type("10 PRINT \"LAST\"\n", "CONT\nPRINT FRE(\"\")\n");
    // 200 bytes of string space, as after NEW.
    assert_eq!(
        lines,
        [
            "LAST",
            "Ok",
            "CONT",
            "Can't CONTINUE",
            "Ok",
            "PRINT FRE(\"\")",
            "200",
            "Ok"
        ]
    );
}

#[test]
fn on_error_still_catches_and_an_error_in_the_handler_reaches_the_rom() {
    let (lines, _) = end_then_type(
        concat!(
            "10 ON ERROR GOTO 100\n",
            "20 X=1/0\n",
            "30 PRINT \"BACK\":Y=SQR(-1)\n",
            "100 PRINT \"CAUGHT\";ERR;ERL\n",
            "110 IF ERL=20 THEN RESUME 30\n",
            "120 ERROR 200\n",
        ),
        "PRINT 3\n",
    );
    assert_eq!(
        lines,
        [
            "CAUGHT 11  20",
            "BACK",
            "CAUGHT 5  30",
            "Unprintable error in 120",
            "Ok",
            "PRINT 3",
            "3",
            "Ok"
        ]
    );
}

#[test]
fn no_resume_and_on_error_goto_0_in_a_handler_are_the_roms_messages() {
    let (lines, _) = end_then_type("10 ON ERROR GOTO 100\n20 ERROR 5\n100 PRINT \"H\"\n", "");
    assert_eq!(lines, ["H", "No RESUME in 100", "Ok"]);
    let (lines, _) = end_then_type("10 ON ERROR GOTO 100\n20 X=1/0\n100 ON ERROR GOTO 0\n", "");
    assert_eq!(lines, ["Division by zero in 20", "Ok"]);
}

#[test]
fn a_file_programs_files_are_closed_before_the_error_is_reported() {
    let (lines, m) = end_then_type(
        "10 OPEN \"OUT.TXT\" FOR OUTPUT AS #1\n20 PRINT #1,\"WRITTEN\"\n30 X=1/0\n",
        "PRINT 1+1\n",
    );
    assert_eq!(
        lines,
        ["Division by zero in 30", "Ok", "PRINT 1+1", "2", "Ok"]
    );
    let disk = msx_disk::Disk::from_bytes(m.disk_image(0).unwrap()).unwrap();
    assert_eq!(disk.read_file("OUT.TXT").unwrap(), b"WRITTEN\r\n\x1a");
}

#[test]
fn end_in_a_graphic_screen_goes_back_to_text_as_the_interpreter_does() {
    // MSX-BASIC's prompt puts the text screen back (TOTEXT).
    let src = "10 SCREEN 2\n20 LINE (0,0)-(100,100),15\n30 END\n";
    let (lines, m) = end_then_type(src, "PRINT 5\n");
    assert_eq!(m.peek(0xFCAF), 0, "SCRMOD");
    assert_eq!(lines, ["Ok", "PRINT 5", "5", "Ok"]);
    let mut i = harness::interpreter();
    harness::interp_run(&mut i, src, 600);
    assert_eq!(i.peek(0xFCAF), 0, "the interpreter's SCRMOD");
}

#[test]
fn play_plays_out_before_the_prompt_and_traps_give_h_timi_back() {
    // H.TIMI is as a program that hooks nothing leaves it (the disk ROM's).
    let (lines, m) = end_then_type(
        concat!(
            "10 ON INTERVAL=10 GOSUB 100:INTERVAL ON\n",
            "20 PLAY \"T255L16CDEC\":FOR I=1 TO 200:NEXT\n",
            "30 END\n",
            "100 RETURN\n",
        ),
        "PRINT PLAY(0)\n",
    );
    assert_eq!(lines, ["Ok", "PRINT PLAY(0)", "0", "Ok"]);
    let (_, plain) = end_then_type("10 END\n", "");
    assert_eq!(
        m.peek_range(0xFD9F, 5),
        plain.peek_range(0xFD9F, 5),
        "H.TIMI"
    );
}

#[test]
fn a_cartridges_program_ends_in_msx_basic_too() {
    // Its INIT never returns; page 2, which showed the cartridge, is RAM
    // again for MSX-BASIC's program text.
    use msx_machine::machine::Until;
    let out = msx_basic::compile(
        "t.bas",
        b"10 PRINT \"A\"\n20 X=1/0\n",
        z80_codegen::Target::Rom,
    )
    .unwrap()
    .output;
    let mut m = harness::boot_cartridge(&out.bytes);
    assert!(m.run_until(&Until::PcReached(0x00AE), 1200).reached());
    m.type_text("10 PRINT 6*7\nRUN\n").unwrap();
    m.run_frames(200);
    let s = screen(&m);
    let lines: Vec<&str> = s.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    assert_eq!(
        lines[..7],
        [
            "A",
            "Division by zero in 20",
            "Ok",
            "10 PRINT 6*7",
            "RUN",
            "42",
            "Ok"
        ],
        "{s}"
    );
}

#[test]
fn disk_basic_works_at_the_prompt_a_program_ends_at() {
    // The free ROMs take Disk BASIC's FCBs before the disk boots (BI_WKBOOT).
    // One line at a time: keys typed while the disk turns would be lost.
    let (_, mut m) = end_then_type("10 PRINT \"A\"\n20 X=1/0\n", "");
    for line in [
        "10 PRINT 5\n",
        "SAVE \"X.BAS\"\n",
        "NEW\n",
        "LOAD \"X.BAS\"\n",
        "RUN\n",
        "FILES \"X.*\"\n",
    ] {
        m.type_text(line).unwrap();
        m.run_frames(120 + 7 * line.len() as u64);
    }
    let lines = prompt_lines(&m);
    assert_eq!(
        lines,
        [
            "A",
            "Division by zero in 20",
            "Ok",
            "10 PRINT 5",
            "SAVE \"X.BAS\"",
            "Ok",
            "NEW",
            "Ok",
            "LOAD \"X.BAS\"",
            "Ok",
            "RUN",
            "5",
            "Ok",
            "FILES \"X.*\"",
            "X       .BAS",
            "Ok"
        ]
    );
    let disk = msx_disk::Disk::from_bytes(m.disk_image(0).unwrap()).unwrap();
    assert_eq!(
        disk.read_file("X.BAS").unwrap()[0],
        0xFF,
        "a tokenized SAVE"
    );
}

/// A file on the program's disk, then the program run to MSX-BASIC's prompt;
/// the screen's lines as `end_then_type` gives them.
fn with_file_to_end(src: &str, name: &str, bytes: &[u8]) -> (Vec<String>, Machine) {
    let out = build(&format!("1 SCREEN 0:WIDTH 40\n{src}"));
    let mut m = boot(&out);
    let mut d = msx_disk::Disk::from_bytes(m.disk_image(0).unwrap()).unwrap();
    let when = msx_disk::Timestamp::new(2026, 11, 28, 12, 0, 0).unwrap();
    d.write_file(name, bytes, when).unwrap();
    m.insert_disk(0, d.to_bytes()).unwrap();
    run_to_end(&out, &mut m, 3000);
    let lines = prompt_lines(&m);
    (lines, m)
}

#[test]
fn run_file_hands_the_next_program_to_msx_basic() {
    // RUN "file": the compiled program ends (its files closed) and MSX-BASIC
    // loads and runs the file, interpreted; it reads what was written.
    let next = msx_basic::tokenize(
        "10 PRINT \"NEXT\";1+1\n20 OPEN \"OUT.TXT\" FOR INPUT AS #1:INPUT #1,A$:PRINT A$\n",
    )
    .unwrap()
    .to_bytes();
    let (lines, _) = with_file_to_end(
        "10 PRINT \"FIRST\"\n20 OPEN \"OUT.TXT\" FOR OUTPUT AS #1:PRINT #1,\"WRITTEN\"\n30 RUN \"NEXT.BAS\"\n40 PRINT \"NOT HERE\"\n",
        "NEXT.BAS",
        &next,
    );
    assert_eq!(lines, ["FIRST", "NEXT 2", "WRITTEN", "Ok"]);
}

#[test]
fn load_file_with_and_without_r() {
    let next = msx_basic::tokenize("10 PRINT \"LOADED\"\n")
        .unwrap()
        .to_bytes();
    let (lines, _) = with_file_to_end(
        "10 A$=\"N\"+\"EXT\":LOAD A$+\".BAS\",R\n",
        "NEXT.BAS",
        &next,
    );
    assert_eq!(lines, ["LOADED", "Ok"]);
    // Without R the program is loaded, not run: LIST shows it.
    let (_, mut m) = with_file_to_end("10 LOAD \"NEXT.BAS\"\n", "NEXT.BAS", &next);
    m.type_text("LIST\n").unwrap();
    m.run_frames(120);
    let s = screen(&m);
    assert!(s.contains("10 PRINT \"LOADED\""), "{s}");
    // A file that is not there: MSX-BASIC's own message.
    let (lines, _) = with_file_to_end("10 RUN \"NONE.BAS\"\n", "NEXT.BAS", &next);
    assert_eq!(lines, ["File not found", "Ok"]);
}

#[test]
fn save_is_left_out_with_a_warning() {
    // SAVE writes the BASIC program in memory, which a compiled program has
    // not: the build warns, the statement does nothing, the program goes on
    // (pilon_fontomas saves itself as it starts).
    let src = "10 PRINT \"A\";:SAVE \"X.BAS\":PRINT \"B\"\n";
    let program = msx_basic::tokenize(src).unwrap();
    let warnings = msx_basic::parse::parse(&program).unwrap().warnings;
    assert_eq!(
        warnings
            .iter()
            .filter(|w| w.message.starts_with("SAVE writes"))
            .map(|w| (w.line, w.statement))
            .collect::<Vec<_>>(),
        [(10, 2)]
    );
    let (lines, m) = end_then_type(src, "");
    assert_eq!(lines, ["AB", "Ok"]);
    let disk = msx_disk::Disk::from_bytes(m.disk_image(0).unwrap()).unwrap();
    assert!(disk.read_file("X.BAS").is_err());
}
