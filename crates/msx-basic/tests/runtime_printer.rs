//! LPRINT's output (`runtime/machine.asm`) on the Z80 core: the PRINT
//! routines between `rt_bas_lselout` and `rt_bas_lselend`, with a stub
//! LPTOUT whose bytes the test reads. Expected bytes from the ROM: the
//! BIOS's OUTDLP (1B63h: TAB to blanks up to a multiple of 8, LPTPOS F415h
//! counted, CR to 0) and PRINT's printer branches (J4A77: a number goes to
//! a new line when LPTPOS + its length reaches 255; J4AB1: `,` to the next
//! 14-column zone, a new line from column 238 on).

mod runtime_support;

use runtime_support::{Rt, SCRATCH, TTYPOS};

const LPTPOS: u16 = 0xF415;

fn prs(rt: &mut Rt, text: &[u8]) {
    let d = rt.literal(SCRATCH, SCRATCH + 16, text);
    rt.call("rt_bas_prs", d, 0, 0);
}

#[test]
fn lprint_goes_to_the_printer_and_the_screen_keeps_its_column() {
    let mut rt = Rt::new();
    rt.poke(LPTPOS, &[0]);
    rt.poke(TTYPOS, &[5]);
    // LPRINT 12;"AB",-3
    rt.call("rt_bas_lselout", 0, 0, 0);
    rt.call("rt_bas_pri", 12, 0, 0);
    prs(&mut rt, b"AB");
    rt.call("rt_bas_prcomma", 0, 0, 0);
    rt.call("rt_bas_pri", (-3i16) as u16, 0, 0);
    assert_eq!(rt.peek(LPTPOS, 1), [17]);
    rt.call("rt_bas_prnl", 0, 0, 0);
    rt.call("rt_bas_lselend", 0, 0, 0);
    assert_eq!(
        String::from_utf8(rt.printer()).unwrap(),
        " 12 AB        -3 \r\n"
    );
    assert_eq!(rt.output(), "", "nothing on the screen");
    assert_eq!(rt.peek(LPTPOS, 1), [0]);
    assert_eq!(rt.peek(TTYPOS, 1), [5]);
    // LPOS(0) is LPTPOS.
    rt.poke(LPTPOS, &[7]);
    assert_eq!(rt.call("rt_bas_lpos", 0, 0, 0).hl(), 7);
}

#[test]
fn tab_expands_to_a_multiple_of_8_and_control_characters_take_no_column() {
    let mut rt = Rt::new();
    rt.poke(LPTPOS, &[0]);
    rt.call("rt_bas_lselout", 0, 0, 0);
    prs(&mut rt, b"ABC\tD\x1bE");
    assert_eq!(rt.printer(), b"ABC     D\x1bE");
    assert_eq!(rt.peek(LPTPOS, 1), [10]);
    rt.call("rt_bas_lselend", 0, 0, 0);
}

#[test]
fn the_printer_line_is_255_columns_and_commas_stop_at_238() {
    let mut rt = Rt::new();
    // A 4-character number (" 12 ") at column 251 ends at 255: new line.
    rt.poke(LPTPOS, &[251]);
    rt.call("rt_bas_lselout", 0, 0, 0);
    rt.call("rt_bas_pri", 12, 0, 0);
    assert_eq!(rt.printer(), b"\r\n 12 ");
    rt.call("rt_bas_lselend", 0, 0, 0);
    // At column 250 it fits.
    let mut rt = Rt::new();
    rt.poke(LPTPOS, &[250]);
    rt.call("rt_bas_lselout", 0, 0, 0);
    rt.call("rt_bas_pri", 12, 0, 0);
    assert_eq!(rt.printer(), b" 12 ");
    rt.call("rt_bas_lselend", 0, 0, 0);
    // `,` at column 238: a new line; at 237, blanks to 238.
    let mut rt = Rt::new();
    rt.poke(LPTPOS, &[238]);
    rt.call("rt_bas_lselout", 0, 0, 0);
    rt.call("rt_bas_prcomma", 0, 0, 0);
    assert_eq!(rt.printer(), b"\r\n");
    rt.call("rt_bas_lselend", 0, 0, 0);
    let mut rt = Rt::new();
    rt.poke(LPTPOS, &[237]);
    rt.call("rt_bas_lselout", 0, 0, 0);
    rt.call("rt_bas_prcomma", 0, 0, 0);
    assert_eq!(rt.printer(), b" ");
    rt.call("rt_bas_lselend", 0, 0, 0);
}

#[test]
fn lptout_giving_up_is_device_io_error() {
    // LPTOUT's carry (CTRL+STOP while the printer is busy) is 19 Device
    // I/O error, as OUTDLP's M73B2; the error goes to the screen.
    let mut rt = Rt::new();
    rt.poke(LPTPOS, &[0]);
    rt.call("rt_bas_lselout", 0, 0, 0);
    rt.printer_fails();
    let d = rt.literal(SCRATCH, SCRATCH + 40, b"A");
    assert_eq!(rt.call("rt_bas_prs", d, 0, 0), runtime_support::End::Halt);
    assert_eq!(rt.errno(), 19);
    assert!(rt.output().contains("Device I/O error"), "{}", rt.output());
}
