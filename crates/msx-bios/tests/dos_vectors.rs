//! DISKVE (F323h) and BREAKV (F325h) in the free disk ROM's MSX-DOS
//! environment: a .COM program puts its own disk-error handler and its own
//! CTRL+C handler there, as MSX-DOS 1 programs do (each holds the address of
//! a word holding the handler's address; docs/bios.md), and the BDOS uses
//! them instead of its question and its `^C`.

mod support;

use msx_disk::{Disk, Format};
use msx_machine::machine::Machine;
use msx_machine::ppi::Key;
use support::*;

/// A machine booted into MSX-DOS running `program` (a .COM at 0100h) as
/// PROG.COM.
fn booted_with(program: &str) -> Machine {
    let (bytes, origin) = assemble(program);
    assert_eq!(origin, 0x100);
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("PROG.COM", &bytes, when()).unwrap();
    disk.write_file("DATA.TXT", b"data", when()).unwrap();
    disk.set_boot_command("PROG").unwrap();
    let mut m = disk_machine();
    m.set_rendering(false);
    m.insert_disk(0, disk.to_bytes()).unwrap();
    m
}

/// Installs its handler, waits for a key (the test takes the disk out
/// meanwhile), then opens DATA.TXT. The handler counts its calls and keeps
/// A and C of each at 9000h; the first time it answers Retry (1), then
/// Abort (2).
const DISK_ERROR_PROGRAM: &str = r#"
DISKVE  equ 0F323h
        org 0100h
        xor a
        ld (9000h),a
        ld hl,vec
        ld (DISKVE),hl
        ld de,ready
        ld c,9
        call 5
        ld c,1                  ; a key: the disk is gone by then
        call 5
        ld de,fcb
        ld c,0Fh                ; FOPEN reads the disk
        call 5
        ld de,back              ; only after Ignore
        ld c,9
        call 5
        ret
vec:    dw handler
handler:
        ld hl,9000h
        inc (hl)
        ld e,(hl)               ; 9001h, 9002h: A and C of the first call
        ld d,0                  ; 9003h, 9004h: of the second
        ex de,hl
        add hl,hl
        ld de,8FFFh
        add hl,de
        ld (hl),a
        inc hl
        ld (hl),c
        ld a,(9000h)
        ld c,1                  ; first: retry
        cp 1
        ret z
        ld c,2                  ; then: abort
        ret
ready:  db 'READY',13,10,'$'
back:   db 'BACK',13,10,'$'
fcb:    db 0,'DATA    TXT'
        ds 25,0
"#;

#[test]
fn a_program_s_disk_error_handler_is_called_through_diskve() {
    let mut m = booted_with(DISK_ERROR_PROGRAM);
    run_to_text(&mut m, "READY", 3000);
    let disk = m.eject_disk(0).expect("a disk");
    let f = m.frame_count();
    let end = m.type_text_at(f + 2, "x").unwrap();
    m.run_frames(end - m.frame_count() + 200);
    let calls = m.peek_range(0x9000, 5);
    // Drive A (0), not ready (2) while reading (bit 0 clear), twice: the
    // Retry tried again.
    assert_eq!(calls, [2, 0, 2, 0, 2], "{}", screen(&m));
    let s = screen(&m);
    assert!(!s.contains("Abort, Retry"), "the BDOS asked itself:\n{s}");
    assert!(!s.contains("BACK"), "Abort went back to the program:\n{s}");
    assert!(at_prompt(&s), "Abort ends at the prompt:\n{s}");
    // At the prompt DISKVE is the BDOS's own handler again: a disk error
    // there asks the question (the program's handler is gone with it).
    let vec = m.peek_range(0xF323, 2);
    let vec = u16::from(vec[0]) | u16::from(vec[1]) << 8;
    assert!(vec >= 0xC000, "DISKVE = {vec:04X}h, still the program's");
    let f = m.frame_count();
    let end = m.type_text_at(f + 2, "DIR\n").unwrap();
    m.run_frames(end - m.frame_count() + 100);
    run_to_text(&mut m, "Abort, Retry, Ignore?", 300);
    assert!(screen(&m).contains("Not ready error reading drive A"));
    m.insert_disk(0, disk).unwrap();
    let f = m.frame_count();
    let end = m.type_text_at(f + 2, "r").unwrap();
    m.run_frames(end - m.frame_count() + 2);
    run_to_text(&mut m, "DATA     TXT", 600);
}

/// Installs a CTRL+C handler and prints `X` forever with BDOS 02h; the
/// handler takes the program's stack back, puts RAM in page 1 again
/// (ENASLT at 0024h) and says CAUGHT, then returns to 0000h.
const BREAK_PROGRAM: &str = r#"
BREAKV  equ 0F325h
        org 0100h
        ld (stack),sp
        ld hl,vec
        ld (BREAKV),hl
loop:   ld e,'X'
        ld c,2
        call 5
        jr loop
vec:    dw handler
handler:
        ld sp,(stack)
        ld a,(RAMAD1)
        ld h,40h
        call 0024h
        ld de,caught
        ld c,9
        call 5
        ret
caught: db 13,10,'CAUGHT',13,10,'$'
stack:  dw 0
"#;

#[test]
fn a_program_s_ctrl_c_handler_is_reached_through_breakv() {
    let mut m = booted_with(BREAK_PROGRAM);
    run_to_text(&mut m, "XXXXXXXX", 3000);
    let f = m.frame_count() + 1;
    m.press_at(f, Key::Ctrl);
    m.press_at(f + 1, Key::C);
    m.release_at(f + 6, Key::C);
    m.release_at(f + 7, Key::Ctrl);
    m.run_frames(60);
    let s = screen(&m);
    assert!(s.contains("CAUGHT"), "{s}");
    assert!(!s.contains("^C"), "the BDOS's own handler ran:\n{s}");
    assert!(at_prompt(&s), "{s}");
}

/// Whether the screen's last line is the A> prompt.
fn at_prompt(screen: &str) -> bool {
    screen
        .trim_end()
        .lines()
        .last()
        .is_some_and(|l| l.trim_start().starts_with("A>"))
}
