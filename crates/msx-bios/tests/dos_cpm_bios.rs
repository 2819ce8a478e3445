//! The CP/M 2.2 BIOS jump table of the free disk ROM's MSX-DOS environment
//! (docs/bios.md): (0001h) holds the address of its WBOOT entry, on a page
//! boundary above the BDOS entry; a .COM program calls the entries the CP/M
//! way (Turbo Pascal 3's `Bios(n)` does the same) and the test reads what
//! they returned.

mod support;

use msx_disk::{Disk, Format};
use support::*;

/// Calls entry `n` (0 = BOOT) of the table whose WBOOT entry is at (0001h):
/// `call bios` with A = n.
const PROGRAM: &str = r#"
        org 0100h
        ld hl,(0001h)           ; 9000h: (0001h), (0006h)
        ld (9000h),hl
        ld hl,(0006h)
        ld (9002h),hl
        ld c,'C'                ; CONOUT (4): "CPM"
        ld a,4
        call bios
        ld c,'P'
        ld a,4
        call bios
        ld c,'M'
        ld a,4
        call bios
        ld a,2                  ; CONST: no key yet
        call bios
        ld (9004h),a
        ld a,9                  ; SELDSK: HL = 0, no DPH
        ld c,0
        ld hl,1234h
        call bios
        ld (9005h),hl
        ld a,13                 ; READ: A = 1, error
        call bios
        ld (9007h),a
        ld a,14                 ; WRITE: A = 1
        call bios
        ld (9008h),a
        ld a,16                 ; SECTRAN: HL = BC
        ld bc,0305h
        call bios
        ld (9009h),hl
        ld a,7                  ; READER: 1Ah, no AUX device
        call bios
        ld (900Bh),a
        ld a,15                 ; LISTST: 0 or FFh
        call bios
        ld (900Ch),a
        ld c,'>'                ; CONOUT: the test types a key now
        ld a,4
        call bios
wait:   ld a,2                  ; CONST until the key is there
        call bios
        or a
        jr z,wait
        ld (900Dh),a
        ld a,3                  ; CONIN: the key, no echo
        call bios
        ld (900Eh),a
        ld a,1                  ; WBOOT: the prompt
        call bios
        ld a,0FFh               ; never reached
        ld (900Fh),a
        ret
bios:   ld hl,(0001h)           ; entry n at (0001h) - 3 + 3n
        ld de,-3
        add hl,de
        ld e,a
        add a,a
        add a,e
        ld e,a
        ld d,0
        add hl,de
        jp (hl)
"#;

#[test]
fn a_com_program_calls_the_cp_m_bios_entries() {
    let (bytes, origin) = assemble(PROGRAM);
    assert_eq!(origin, 0x100);
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("CPM.COM", &bytes, when()).unwrap();
    disk.set_boot_command("CPM").unwrap();
    let mut m = disk_machine();
    m.set_rendering(false);
    m.poke(0x900F, 0);
    m.insert_disk(0, disk.to_bytes()).unwrap();
    run_to_text(&mut m, "CPM>", 3000);
    let f = m.frame_count();
    let end = m.type_text_at(f + 5, "q").unwrap();
    m.run_frames(end - m.frame_count() + 60);
    let r = m.peek_range(0x9000, 16);
    let word = |i: usize| u16::from(r[i]) | u16::from(r[i + 1]) << 8;
    let (wboot, bdos) = (word(0), word(2));
    // WBOOT is the second entry of a table on a page boundary, above the
    // BDOS entry (the top of the TPA).
    assert_eq!(wboot & 0xFF, 0x03, "(0001h) = {wboot:04X}h");
    assert!(
        wboot > bdos,
        "table {wboot:04X}h below the BDOS {bdos:04X}h"
    );
    assert_eq!(bdos, 0xCD06);
    assert_eq!(r[4], 0, "CONST with no key");
    assert_eq!(word(5), 0, "SELDSK");
    assert_eq!((r[7], r[8]), (1, 1), "READ, WRITE");
    assert_eq!(word(9), 0x0305, "SECTRAN");
    assert_eq!(r[11], 0x1A, "READER");
    // The machine has no printer: port 90h reads FFh, busy.
    assert_eq!(r[12], 0, "LISTST");
    assert_eq!((r[13], r[14]), (0xFF, b'q'), "CONST, CONIN");
    assert_eq!(r[15], 0, "WBOOT returned");
    let s = screen(&m);
    assert!(!s.contains("CPM>q"), "CONIN echoed:\n{s}");
    let last = s.trim_end().lines().last().unwrap_or("").trim_start();
    assert!(
        last.starts_with("A>"),
        "WBOOT did not reach the prompt:\n{s}"
    );
}
