//! Keys typed while a program keeps the BDOS busy with disk reads all
//! arrive: the BDOS runs with interrupts enabled (the keyboard is scanned
//! by the interrupt handler) except while a sector's bytes come in. The old
//! disk ROM kept interrupts off for whole BDOS calls, which last a disk
//! turn or more, and keys pressed meanwhile were never seen.

mod support;

use msx_machine::machine::TypingPace;
use support::*;

/// Reads records of BIG.DAT in an order that jumps between tracks (each
/// RDRND needs the disk), taking the keys that came in between; at `.` it
/// prints `KEYS:` and what it got.
const PROGRAM: &str = "
        org 4000h
        ld de,dma
        ld c,1Ah
        call BDOS
        ld de,fcb
        ld c,0Fh
        call BDOS
        or a
        jr nz,$
        ld hl,keys
        ld (kptr),hl
        ld hl,go
        call print
loop:   ld hl,(rec)             ; the next record: 53 further, modulo 216
        ld de,53
        add hl,de
        ld de,216
        or a
        sbc hl,de
        jr nc,recok
        add hl,de
recok:  ld (rec),hl
        ld (fcb+21h),hl
        xor a
        ld (fcb+23h),a
        ld (fcb+24h),a
        ld de,fcb
        ld c,21h                ; RDRND
        call BDOS
        or a
        jr nz,$
kl:     call CHSNS
        jr z,loop
        call CHGET
        ld hl,(kptr)
        ld (hl),a
        inc hl
        ld (hl),0
        ld (kptr),hl
        cp '.'
        jr nz,kl
        ld hl,keysm
        call print
        jr $
go:     db 'READING ',0
keysm:  db 'KEYS:'
keys:   ds 64
kptr:   dw 0
rec:    dw 0
fcb:    db 0,'BIG     DAT'
        ds 25,0
        org 9000h
dma:    ds 128
";

#[test]
fn keys_typed_during_heavy_bdos_reads_are_all_seen() {
    let mut disk = boot_disk(&format!("{PROGRAM}{PRINT}"));
    let data: Vec<u8> = (0..27 * 1024).map(|i| i as u8).collect();
    disk.write_file("BIG.DAT", &data, when()).unwrap();
    let mut m = disk_machine();
    m.set_rendering(false);
    m.insert_disk(0, disk.to_bytes()).unwrap();
    run_to_text(&mut m, "READING", 3000);
    let text = "HELLOWORLD12345.";
    // Keys held 6 frames (0.1 s, a quick tap), 3 frames apart: the keyboard
    // is scanned every third VBlank, so each is seen by one scan or two.
    m.set_typing_pace(TypingPace {
        hold: 6,
        release: 3,
    });
    let f = m.frame_count();
    let end = m.type_text_at(f + 10, text).unwrap();
    m.run_frames(end - m.frame_count() + 120);
    let s = screen(&m);
    assert!(s.contains(&format!("KEYS:{text}")), "{s}");
}
