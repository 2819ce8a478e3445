//! PRINT (`runtime/print.asm`) and run-time errors (`runtime/errors.asm`)
//! on the Z80 core with a stub screen. Expected texts follow the ROM's
//! PRINT (C4A24: numbers, `,` zones, TAB/SPC) and error routine (J406F,
//! J40D3, J4110), and the MSX-BASIC manuals' examples.

mod runtime_support;

use runtime_support::{End, Rt, BCD_RAM, SCRATCH};

fn pri(rt: &mut Rt, v: i16) {
    rt.call("rt_bas_pri", v as u16, 0, 0);
}

fn prs(rt: &mut Rt, text: &[u8]) {
    let d = rt.literal(SCRATCH, SCRATCH + 16, text);
    rt.call("rt_bas_prs", d, 0, 0);
}

#[test]
fn numbers_have_a_sign_blank_and_a_trailing_blank() {
    // PRINT 1;-2;3 shows " 1 -2  3 " (the manuals' examples of ';').
    let mut rt = Rt::new();
    pri(&mut rt, 1);
    pri(&mut rt, -2);
    pri(&mut rt, 3);
    rt.call("rt_bas_prnl", 0, 0, 0);
    assert_eq!(rt.output(), " 1 -2  3 \r\n");
    // PRINT 1/3 (double) and the same as a single.
    rt.clear_output();
    let third = [0x40, 0x33, 0x33, 0x33, 0x33, 0x33, 0x33, 0x33];
    rt.poke(BCD_RAM, &third);
    rt.call_a("rt_bas_prn", 14, 0, 0, 0);
    rt.poke(BCD_RAM, &third);
    rt.call_a("rt_bas_prn", 6, 0, 0, 0);
    assert_eq!(rt.output(), " .33333333333333  .333333 ");
}

#[test]
fn comma_moves_to_the_next_zone_or_line() {
    // WIDTH 32 gives CLMLST 14 (SUB-ROM C2033: 32 - 32 mod 14 - 14): from
    // column 14 on a comma starts a new line, so PRINT 1,2,3 shows two
    // zones per line.
    let mut rt = Rt::new();
    pri(&mut rt, 1);
    rt.call("rt_bas_prcomma", 0, 0, 0);
    pri(&mut rt, 2);
    rt.call("rt_bas_prcomma", 0, 0, 0);
    pri(&mut rt, 3);
    assert_eq!(rt.screen(), vec![" 1             2", " 3"]);
    // WIDTH 80: CLMLST 56, zones at 14, 28, 42, 56.
    let mut rt = Rt::new();
    rt.set_width(80);
    for v in 1..=5 {
        pri(&mut rt, v);
        rt.call("rt_bas_prcomma", 0, 0, 0);
    }
    let row0 = &rt.screen()[0];
    assert_eq!(
        row0.as_str(),
        " 1             2             3             4             5"
    );
    // At column 56 (= CLMLST) the comma is a newline.
    assert!(rt.output().ends_with(" 5 \r\n"));
}

#[test]
fn a_number_that_would_pass_the_line_starts_a_new_one() {
    // ROM J4A77: newline first when TTYPOS + length (with the trailing
    // blank) - 1 > LINLEN.
    let mut rt = Rt::new();
    prs(&mut rt, &[b'x'; 29]);
    pri(&mut rt, 123); // 29 + 5 - 1 = 33 > 32: new line
    assert_eq!(rt.screen(), vec!["x".repeat(29), " 123".to_string()]);
    let mut rt = Rt::new();
    prs(&mut rt, &[b'x'; 28]);
    pri(&mut rt, 123); // 28 + 5 - 1 = 32: stays, the blank wraps
                       // (the trailing blank went to the next row)
    assert_eq!(
        rt.screen(),
        vec![format!("{} 123", "x".repeat(28)), String::new()]
    );
    assert_eq!(rt.output().len(), 28 + 5);
}

#[test]
fn tab_and_spc() {
    let mut rt = Rt::new();
    prs(&mut rt, b"abc");
    rt.call("rt_bas_tab", 10, 0, 0);
    prs(&mut rt, b"X");
    rt.call("rt_bas_tab", 5, 0, 0); // already past column 5: nothing
    prs(&mut rt, b"Y");
    rt.call("rt_bas_spc", 3, 0, 0);
    prs(&mut rt, b"Z");
    rt.call("rt_bas_spc", 0, 0, 0);
    assert_eq!(rt.screen(), vec!["abc       XY   Z"]);
    assert_eq!(rt.call("rt_bas_pos", 0, 0, 0).hl(), 16);
    assert_eq!(rt.call("rt_bas_tab", 256, 0, 0), End::Halt);
    assert!(rt.output().contains("Illegal function call"));
}

/// A BASIC program's code for the error tests: three "lines" and the
/// table the compiler emits.
const PROGRAM: &str = "
rt_bas_lines:
        db 0
        dw l10
        db 0
        dw 10
        db 0
        dw l20
        db 0
        dw 20
        db 0
        dw l450
        db 0
        dw 450
        db 0
        dw lend
        db 0
        dw 0FFFFh
l10:    nop
        ret
l20:    ld hl,empty             ; ASC(\"\")
        call rt_bas_asc
        ret
l450:   ld hl,l10+1             ; a word that points into the code, but
        push hl                 ; not after a CALL: not taken for the line
        ld e,9
        call rt_bas_error
        pop hl
        ret
        ld a,0
lend:   nop
l500:   ld e,9                  ; after the table's end: no line
        call rt_bas_error
        ret
empty:  db 0,0,0
";

fn with_program() -> Rt {
    Rt::with_code(PROGRAM)
}

#[test]
fn an_error_prints_msx_message_and_line() {
    let mut rt = with_program();
    let l450 = rt.symbol("l450");
    assert_eq!(rt.call_at(l450, 0, 0, 0, 0), End::Halt);
    assert_eq!(rt.output(), "Subscript out of range<BEEP> in 450\r\nOk\r\n");
    assert_eq!(rt.errno(), 9);
}

#[test]
fn an_error_inside_the_runtime_names_the_calling_line() {
    let mut rt = with_program();
    prs(&mut rt, b"AB"); // not at column 0: a newline first
    let l20 = rt.symbol("l20");
    assert_eq!(rt.call_at(l20, 0, 0, 0, 0), End::Halt);
    assert_eq!(
        rt.output(),
        "AB\r\nIllegal function call<BEEP> in 20\r\nOk\r\n"
    );
}

#[test]
fn outside_the_table_no_line_is_printed() {
    let mut rt = with_program();
    let l500 = rt.symbol("l500");
    assert_eq!(rt.call_at(l500, 0, 0, 0, 0), End::Halt);
    assert_eq!(rt.output(), "Subscript out of range<BEEP>\r\nOk\r\n");
}

#[test]
fn division_by_zero_from_the_math_pack() {
    // The math pack's error (BCD_ERROR = rt_bas_error) from a line's call.
    let mut rt = Rt::with_code(
        "
rt_bas_lines:
        db 0
        dw l70
        db 0
        dw 70
        db 0
        dw lend
        db 0
        dw 0FFFFh
l70:    ld hl,0
        ld (BCD_RAM+16),hl
        ld hl,4110h
        ld (BCD_RAM),hl
        call bcd_div
        ret
lend:   nop
",
    );
    let l70 = rt.symbol("l70");
    assert_eq!(rt.call_at(l70, 0, 0, 0, 0), End::Halt);
    assert_eq!(rt.output(), "Division by zero<BEEP> in 70\r\nOk\r\n");
}

#[test]
fn message_table() {
    // The texts of ROM I3D75 by code, 60-71 the disk ROM's (MSX-DOS 1
    // Disk BASIC, source reconstruction dos1x.asm: the table T71F5 of its
    // H.ERRP handler A71D3, which takes 60-71 only); 26-49 and 72 up are
    // "Unprintable error" (ROM J40D3). 72 "File write protected" exists
    // only in Disk BASIC 2 (MSX-DOS 2's table I6775 goes on to 75).
    let cases: &[(u8, &str)] = &[
        (1, "NEXT without FOR"),
        (2, "Syntax error"),
        (3, "RETURN without GOSUB"),
        (4, "Out of DATA"),
        (5, "Illegal function call"),
        (6, "Overflow"),
        (7, "Out of memory"),
        (8, "Undefined line number"),
        (10, "Redimensioned array"),
        (11, "Division by zero"),
        (13, "Type mismatch"),
        (14, "Out of string space"),
        (15, "String too long"),
        (18, "Undefined user function"),
        (25, "Line buffer overflow"),
        (26, "Unprintable error"),
        (49, "Unprintable error"),
        (50, "FIELD overflow"),
        (53, "File not found"),
        (59, "File not OPEN"),
        (51, "Internal error"),
        (52, "Bad file number"),
        (54, "File already open"),
        (55, "Input past end"),
        (56, "Bad file name"),
        (57, "Direct statement in file"),
        (58, "Sequential I/O only"),
        (60, "Bad FAT"),
        (61, "Bad file mode"),
        (62, "Bad drive name"),
        (63, "Bad sector number"),
        (64, "File still open"),
        (65, "File already exists"),
        (66, "Disk full"),
        (67, "Too many files"),
        (68, "Disk write protected"),
        (69, "Disk I/O error"),
        (70, "Disk offline"),
        (71, "Rename across disk"),
        (72, "Unprintable error"),
        (73, "Unprintable error"),
        (0, "Unprintable error"),
        (255, "Unprintable error"),
    ];
    for &(code, text) in cases {
        let mut rt = Rt::new();
        assert_eq!(rt.call("rt_bas_error", 0, 0, code as u16), End::Halt);
        assert_eq!(
            rt.output(),
            format!("{text}<BEEP>\r\nOk\r\n"),
            "code {code}"
        );
    }
}

#[test]
fn end_prints_ok_on_a_fresh_line() {
    let mut rt = Rt::new();
    assert_eq!(rt.call("rt_bas_end", 0, 0, 0), End::Halt);
    assert_eq!(rt.output(), "Ok\r\n");
    let mut rt = Rt::new();
    prs(&mut rt, b"bye");
    rt.call("rt_bas_end", 0, 0, 0);
    assert_eq!(rt.output(), "bye\r\nOk\r\n");
}

#[test]
fn line_numbers_up_to_65529() {
    let mut rt = Rt::with_code(
        "
rt_bas_lines:
        db 0
        dw l1
        db 0
        dw 65529
        db 0
        dw lend
        db 0
        dw 0FFFFh
l1:     ld e,2
        call rt_bas_error
lend:   nop
",
    );
    let l1 = rt.symbol("l1");
    rt.call_at(l1, 0, 0, 0, 0);
    assert_eq!(rt.output(), "Syntax error<BEEP> in 65529\r\nOk\r\n");
}
