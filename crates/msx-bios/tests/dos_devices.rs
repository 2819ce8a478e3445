//! Devices through FCBs in the free disk ROM's BDOS, as MSX-DOS 1 has them
//! (docs/bios.md): FOPEN / FMAKE of CON, NUL, AUX, LST or PRN opens the
//! device instead of a file; records written to CON appear on the screen,
//! reading CON takes a typed line, NUL reads as an empty file; the disk gets
//! no such file.

mod support;

use msx_disk::{Disk, Format};
use support::*;

const PROGRAM: &str = r#"
        org 0100h
        ld de,text
        ld c,1Ah                ; DMA: the record to write
        call 5
        ld de,fcon
        ld c,16h                ; FMAKE CON
        call 5
        ld (9000h),a
        ld a,(fcon+18h)
        ld (9001h),a            ; its device ID
        ld de,fcon
        ld c,15h                ; WRSEQ: to the screen
        call 5
        ld (9002h),a
        ld de,fcon
        ld c,10h                ; FCLOSE
        call 5
        ld (9003h),a
        ld de,fnul
        ld c,0Fh                ; FOPEN NUL.TXT: the NUL device
        call 5
        ld (9004h),a
        ld a,(fnul+18h)
        ld (9005h),a
        ld de,fnul
        ld c,14h                ; RDSEQ: at its end at once
        call 5
        ld (9006h),a
        ld de,fnul
        ld c,15h                ; WRSEQ: taken
        call 5
        ld (9007h),a
        ld de,buf
        ld c,1Ah
        call 5
        ld de,prompt
        ld c,9
        call 5
        ld de,fcon2
        ld c,0Fh                ; FOPEN CON, RDSEQ: a typed line
        call 5
        ld de,fcon2
        ld c,14h
        call 5
        ld (9008h),a
        ld hl,buf
        ld de,9010h
        ld bc,8
        ldir
        ret
text:   db 'VIA THE CON DEVICE',13,10
        ds 128-20,0
prompt: db 'LINE?$'
fcon:   db 0,'CON        '
        ds 25,0FFh              ; (byte 18h holds garbage before FMAKE)
fnul:   db 0,'NUL     TXT'
        ds 25,0
fcon2:  db 0,'CON     '
        db 'DAT'
        ds 25,0
buf:    ds 128,0
"#;

#[test]
fn fcbs_open_the_devices_con_and_nul() {
    let (bytes, origin) = assemble(PROGRAM);
    assert_eq!(origin, 0x100);
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("DEV.COM", &bytes, when()).unwrap();
    disk.set_boot_command("DEV").unwrap();
    let mut m = disk_machine();
    m.set_rendering(false);
    m.insert_disk(0, disk.to_bytes()).unwrap();
    run_to_text(&mut m, "LINE?", 3000);
    let f = m.frame_count();
    let end = m.type_text_at(f + 5, "hi\n").unwrap();
    m.run_frames(end - m.frame_count() + 60);
    let r = m.peek_range(0x9000, 9);
    // FMAKE 0, CON's ID FFh, WRSEQ 0, FCLOSE 0; FOPEN 0, NUL's ID FDh,
    // RDSEQ 1 (end of file), WRSEQ 0; RDSEQ of CON 0.
    assert_eq!(r, [0, 0xFF, 0, 0, 0, 0xFD, 1, 0, 0], "{}", screen(&m));
    assert_eq!(m.peek_range(0x9010, 8), b"hi\r\n\0\0\0\0");
    let s = screen(&m);
    assert!(s.contains("VIA THE CON DEVICE"), "{s}");
    assert!(s.contains("LINE?hi"), "the typed line is echoed:\n{s}");
    let image = Disk::from_bytes(m.disk_image(0).unwrap()).unwrap();
    let names: Vec<String> = image.list().iter().map(|f| f.name.to_string()).collect();
    assert_eq!(names, ["DEV.COM"], "no file for a device");
}
