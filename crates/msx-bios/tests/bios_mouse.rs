//! The MSX mouse in joystick port 1, read by Z80 programs: once straight
//! through PSG R#14/R#15, once through GTPAD (00DBh) and GTTRIG (00D8h).
//! The expected values are worked out by hand from the protocol
//! (docs/machine.md "The mouse": four nibbles per round, X high, X low,
//! Y high, Y low; the mouse counts positive to the left and up; the BIOS
//! negates, so PAD(13)/PAD(14) are positive to the right and down), never
//! read back from the emulator.

mod support;

use msx_machine::machine::{Machine, MouseAction};
use msx_machine::mouse::MouseButton;
use msx_machine::psg::PortDevice;
use support::*;

/// Programs stop at `mark` (7F00h) for the test to move the mouse.
const MARK: u16 = 0x7F00;

const COMMON: &str = "
GTTRIG  equ 00D8h
GTPAD   equ 00DBh
XSAVE   equ 0FAFEh
YSAVE   equ 0FB00h
RESULT  equ 0C000h
";

const TAIL: &str = "
        org 7F00h
mark:   ret
";

/// A machine running `body` with a mouse in port 1, stopped at the first
/// mark.
fn machine(body: &str) -> Machine {
    let cart = cartridge(&format!("{COMMON}\n{body}\n{TAIL}"));
    let mut m = machine_with_cartridge(cart);
    m.psg_mut().plug(0, PortDevice::Mouse);
    run_to_pc(&mut m, MARK, 1200);
    m
}

/// Leaves the mark and runs to the next one.
fn next_mark(m: &mut Machine) {
    m.step_instruction();
    run_to_pc(m, MARK, 100);
}

fn moved(m: &mut Machine, dx: i32, dy: i32) {
    m.apply_mouse(MouseAction::Move { dx, dy });
}

/// Eight flips of pin 8 straight through the PSG, the nibble after each.
const RAW_PROGRAM: &str = "
loop:   call mark
        di
        ld hl,RESULT
        ld b,4                  ; 4 x (pin 8 high, pin 8 low)
flips:  ld a,10h                ; R#15: port 1 selected, pin 8 (bit 4) high
        call strobe
        xor a                   ; pin 8 low
        call strobe
        djnz flips
        ei
        jr loop
strobe: push af
        ld a,15
        out (0A0h),a
        pop af
        out (0A1h),a
        ld a,14
        out (0A0h),a
        in a,(0A2h)
        ld (hl),a
        inc hl
        ret
";

#[test]
fn the_pins_carry_the_negated_movement_high_nibble_first() {
    let mut m = machine(RAW_PROGRAM);
    // Right 5, up 3: the mouse sends X = -5 = FBh, Y = +3 = 03h.
    moved(&mut m, 5, -3);
    next_mark(&mut m);
    let r = m.peek_range(0xC000, 8);
    // Bits 4-5 are the buttons (1 = up), bits 6-7 the keyboard layout and
    // the cassette input.
    let nibbles: Vec<u8> = r.iter().map(|b| b & 0x0F).collect();
    assert_eq!(nibbles, [0xF, 0xB, 0x0, 0x3, 0, 0, 0, 0], "{r:02X?}");
    assert!(r.iter().all(|b| b & 0x30 == 0x30), "no button: {r:02X?}");

    // Left button down, left 16 and down 18: X = +16 = 10h, Y = -18 = EEh.
    m.apply_mouse(MouseAction::Press(MouseButton::Left));
    moved(&mut m, -16, 18);
    next_mark(&mut m);
    let r = m.peek_range(0xC000, 8);
    let nibbles: Vec<u8> = r.iter().map(|b| b & 0x0F).collect();
    assert_eq!(nibbles, [0x1, 0x0, 0xE, 0xE, 0, 0, 0, 0], "{r:02X?}");
    assert!(
        r.iter().all(|b| b & 0x30 == 0x20),
        "trigger A low: {r:02X?}"
    );
}

/// GTPAD 12 to 15, GTTRIG 1 and 3, and XSAVE/YSAVE, into RESULT+0..7.
const PAD_PROGRAM: &str = "
        ei
loop:   call mark
        ld ix,RESULT
        ld a,12
        call GTPAD
        ld (ix+0),a
        ld a,13
        call GTPAD
        ld (ix+1),a
        ld a,14
        call GTPAD
        ld (ix+2),a
        ld a,15
        call GTPAD
        ld (ix+3),a
        ld a,1
        call GTTRIG
        ld (ix+4),a
        ld a,3
        call GTTRIG
        ld (ix+5),a
        ld a,(XSAVE)
        ld (ix+6),a
        ld a,(YSAVE)
        ld (ix+7),a
        jr loop
";

fn pad(m: &mut Machine) -> Vec<u8> {
    next_mark(m);
    m.peek_range(0xC000, 8)
}

#[test]
fn gtpad_reads_the_offsets_right_and_down_positive() {
    let mut m = machine(PAD_PROGRAM);
    // Right 5, up 3: PAD(13) = 5, PAD(14) = -3 = FDh; PAD(12) = FFh,
    // PAD(15) = 0; no button.
    moved(&mut m, 5, -3);
    assert_eq!(pad(&mut m), [0xFF, 5, 0xFD, 0, 0, 0, 5, 0xFD]);
    // Nothing moved since: zero, so the previous read left the mouse at rest
    // and in step.
    assert_eq!(pad(&mut m), [0xFF, 0, 0, 0, 0, 0, 0, 0]);
    // Left 100, down 127; right button: GTTRIG(3) = FFh.
    moved(&mut m, -100, 127);
    m.apply_mouse(MouseAction::Press(MouseButton::Right));
    assert_eq!(pad(&mut m), [0xFF, 0x9C, 0x7F, 0, 0, 0xFF, 0x9C, 0x7F]);
    // Left button instead: GTTRIG(1) = FFh.
    m.apply_mouse(MouseAction::Release(MouseButton::Right));
    m.apply_mouse(MouseAction::Press(MouseButton::Left));
    assert_eq!(pad(&mut m), [0xFF, 0, 0, 0, 0xFF, 0, 0, 0]);
    // Right 300 in one go: 127, 127, then 46 (2Eh).
    m.apply_mouse(MouseAction::Release(MouseButton::Left));
    moved(&mut m, 300, 0);
    assert_eq!(pad(&mut m)[1], 127);
    assert_eq!(pad(&mut m)[1], 127);
    assert_eq!(pad(&mut m)[1], 0x2E);
}

#[test]
fn gtpad_without_a_mouse_and_below_12() {
    // Port 2 holds a joystick with nothing pressed (all pins high): GTPAD 16
    // still answers FFh (a mouse is assumed, as on the MSX2) and reads
    // FFh, FFh = -1, negated +1. Touch pads (0-7) and the light pen (8-11)
    // answer 0.
    let mut m = machine(
        "
        ei
        call mark
        ld ix,RESULT
        ld a,16
        call GTPAD
        ld (ix+0),a
        ld a,17
        call GTPAD
        ld (ix+1),a
        ld a,18
        call GTPAD
        ld (ix+2),a
        ld a,19
        call GTPAD
        ld (ix+3),a
        xor a
        call GTPAD
        ld (ix+4),a
        ld a,8
        call GTPAD
        ld (ix+5),a
        call mark
        jr $
",
    );
    next_mark(&mut m);
    assert_eq!(m.peek_range(0xC000, 6), [0xFF, 1, 1, 0, 0, 0]);
}

/// The interpreter's PAD() reads through GTPAD: PAD(12) is -1, PAD(13) and
/// PAD(14) the movement as -128 to 127 (msx.org wiki, `PAD()`), STRIG(1)
/// the left button.
#[test]
fn basic_pad_and_strig_read_the_mouse() {
    let mut m = plain_machine();
    m.set_rendering(false);
    m.psg_mut().plug(0, PortDevice::Mouse);
    run_to_text(&mut m, "Ok", 600);
    moved(&mut m, -7, 20);
    m.apply_mouse(MouseAction::Press(MouseButton::Left));
    let end = m
        .type_text("PRINT \"M\";PAD(12);PAD(13);PAD(14);STRIG(1);STRIG(3)\n")
        .unwrap();
    m.run_frames(end - m.frame_count() + 30);
    assert!(screen(&m).contains("M-1 -7  20 -1  0"), "{}", screen(&m));
}

/// Keys typed while a program calls GTPAD without a pause all arrive: the
/// interrupts taken inside the SUB-ROM scan the keyboard as anywhere else.
/// GTPAD 12 reads the mouse with interrupts off; 13 takes them inside the
/// SUB-ROM (its interrupt entry, SUBISR).
#[test]
fn keys_typed_during_gtpad_calls_all_arrive() {
    for function in [12, 13] {
        keys_during_gtpad(function);
    }
}

fn keys_during_gtpad(function: u8) {
    let mut m = machine(&format!(
        "
        ei
        call mark
        ld hl,RESULT
poll:   push hl
        ld a,{function}
        call GTPAD
        call CHSNS
        pop hl
        jr z,poll
        push hl
        call CHGET
        pop hl
        ld (hl),a
        inc hl
        cp 'j'
        jr nz,poll
        call mark
        jr $
"
    ));
    let end = m.type_text("abcdefghij").unwrap();
    next_mark(&mut m);
    assert!(m.frame_count() <= end + 10, "GTPAD {function}");
    assert_eq!(m.peek_range(0xC000, 10), b"abcdefghij", "GTPAD {function}");
}

#[test]
fn keys_typed_during_a_mouse_polling_loop_all_arrive() {
    let mut m = machine(
        "
        ei
        call mark
        ld hl,RESULT
poll:   push hl
        ld a,12
        call GTPAD
        ld a,13
        call GTPAD
        ld a,14
        call GTPAD
        ld a,1
        call GTTRIG
        call CHSNS
        pop hl
        jr z,poll
        push hl
        call CHGET
        pop hl
        ld (hl),a
        inc hl
        cp 'j'
        jr nz,poll
        call mark
        jr $
",
    );
    // Taps as in tests/seabattle_game.rs: held 3 frames, 6 up.
    let start = m.frame_count() + 5;
    let mut script = String::new();
    for (i, k) in "ABCDEFGHIJ".chars().enumerate() {
        script.push_str(&format!("at {} press {k} for 3\n", start + 9 * i as u64));
    }
    m.schedule_script(&msx_machine::machine::KeyScript::parse(&script).unwrap());
    next_mark(&mut m);
    assert_eq!(m.peek_range(0xC000, 10), b"abcdefghij");
}
