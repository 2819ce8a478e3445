//! The BDOS at F37Dh on the default machine, called by programs booted from
//! a disk: files created, written, closed, reopened and read back, and then
//! found in the image by `msx-disk`; date and time from the RTC.

mod support;

use msx_disk::Disk;
use support::*;

/// A program that writes 3 sequential records to TEST.DAT (FMAKE, SETDTA,
/// WRSEQ, FCLOSE), reopens it with a fresh FCB (FOPEN), checks the size,
/// reads it back with one random block read of 384 one-byte records, compares,
/// and prints `FILE OK` or `FAIL n`. `bufs` is where its FCBs and buffers
/// live: in page 1 (4000h-7FFFh) the BDOS reaches them through the caller's
/// slot, in page 2 directly.
pub fn file_program(bufs: u16) -> String {
    format!(
        "
        org 4000h
        ld hl,data              ; data[i] = 7 * i
        ld bc,384
        ld e,0
gen:    ld (hl),e
        ld a,e
        add a,7
        ld e,a
        inc hl
        dec bc
        ld a,b
        or c
        jr nz,gen
        ld hl,name              ; two unopened FCBs for TEST.DAT
        ld de,fcb
        ld bc,37
        ldir
        ld hl,name
        ld de,fcb2
        ld bc,37
        ldir
        ld de,fcb
        ld c,16h                ; FMAKE
        call BDOS
        ld b,'1'
        or a
        jp nz,fail
        xor a
        ld (fcb+20h),a          ; current record 0
        ld b,3
        ld hl,data
wrrec:  push bc
        push hl
        ex de,hl
        ld c,1Ah                ; SETDTA
        call BDOS
        ld de,fcb
        ld c,15h                ; WRSEQ
        call BDOS
        pop hl
        pop bc
        or a
        jp nz,wrfail
        ld de,128
        add hl,de
        djnz wrrec
        ld de,fcb
        ld c,10h                ; FCLOSE
        call BDOS
        ld b,'3'
        or a
        jp nz,fail
        ld de,fcb2
        ld c,0Fh                ; FOPEN
        call BDOS
        ld b,'4'
        or a
        jp nz,fail
        ld hl,(fcb2+10h)        ; size 384
        ld de,384
        or a
        sbc hl,de
        ld b,'5'
        jp nz,fail
        ld hl,1                 ; record size 1, random record 0
        ld (fcb2+0Eh),hl
        ld hl,0
        ld (fcb2+21h),hl
        ld (fcb2+23h),hl
        ld de,rbuf
        ld c,1Ah
        call BDOS
        ld de,fcb2
        ld hl,384
        ld c,27h                ; RDBLK
        call BDOS
        ld b,'6'
        or a
        jp nz,fail
        ld de,384               ; HL = records read
        or a
        sbc hl,de
        ld b,'7'
        jp nz,fail
        ld hl,data
        ld de,rbuf
        ld bc,384
cmp:    ld a,(de)
        cp (hl)
        jr nz,diff
        inc hl
        inc de
        dec bc
        ld a,b
        or c
        jr nz,cmp
        ld de,fcb2
        ld c,10h
        call BDOS
        ld hl,okmsg
        call print
        jr $
diff:   ld b,'8'
        jr fail
wrfail: ld b,'2'
fail:   ld a,b
        ld (failmsg+5),a
        ld hl,failmsg
        call print
        jr $
{PRINT}
okmsg:  db 'FILE OK',0
failmsg: db 'FAIL  ',0
name:   db 0,'TEST    DAT'
        ds 25,0
        org {bufs}
fcb:    ds 37
fcb2:   ds 37
data:   ds 384
rbuf:   ds 384
"
    )
}

fn expected_data() -> Vec<u8> {
    (0..384u32).map(|i| (i * 7) as u8).collect()
}

fn run_file_program(bufs: u16) {
    let mut m = disk_machine();
    m.insert_disk(0, boot_disk(&file_program(bufs)).to_bytes())
        .unwrap();
    run_to_text(&mut m, "FILE OK", 3000);
    let image = m.disk_image(0).expect("disk in drive A").to_vec();
    let disk = Disk::from_bytes(&image).expect("the BDOS left a valid FAT12 image");
    assert_eq!(disk.read_file("TEST.DAT").unwrap(), expected_data());
    let info = disk.list();
    let names: Vec<String> = info.iter().map(|f| f.name.to_string()).collect();
    assert!(names.contains(&"TEST.DAT".to_string()), "{names:?}");
}

#[test]
fn file_written_and_read_back_with_buffers_in_page_2() {
    run_file_program(0x9000);
}

#[test]
fn file_written_and_read_back_with_buffers_in_page_1() {
    run_file_program(0x6000);
}

/// GTIME (2Ch) twice, 300 VBlanks (5 s at 60 Hz) apart, and GDATE (2Ah): the
/// RTC counts emulated time from the machine's start date (2026-01-01
/// 00:00:00 by default).
#[test]
fn date_and_time_come_from_the_rtc() {
    let program = "
        org 4000h
        ld c,2Ch
        call BDOS
        ld (0C100h),hl          ; L = minutes, H = hours
        ld a,d
        ld (0C102h),a           ; seconds
        ld hl,(JIFFY)
        ld de,300
        add hl,de
        ex de,hl
wait:   ld hl,(JIFFY)
        or a
        sbc hl,de
        jr nz,wait
        ld c,2Ch
        call BDOS
        ld (0C103h),hl
        ld a,d
        ld (0C105h),a
        ld c,2Ah
        call BDOS
        ld (0C106h),hl          ; year
        ld (0C108h),de          ; E = day, D = month
        ld hl,msg
        call print
        jr $
msg:    db 'TIME READ',0
";
    let mut m = disk_machine();
    m.insert_disk(0, boot_disk(&format!("{program}{PRINT}")).to_bytes())
        .unwrap();
    run_to_text(&mut m, "TIME READ", 3000);
    let t = m.peek_range(0xC100, 10);
    let (min1, hour1, sec1) = (t[0], t[1], t[2]);
    let (min2, hour2, sec2) = (t[3], t[4], t[5]);
    assert_eq!((hour1, min1, hour2, min2), (0, 0, 0, 0), "{t:?}");
    // Booting took under a minute of emulated time; then 300 VBlanks passed.
    assert!(sec1 < 50, "{t:?}");
    assert!((5..=6).contains(&(sec2 - sec1)), "{t:?}");
    let year = u16::from(t[6]) | u16::from(t[7]) << 8;
    assert_eq!((year, t[9], t[8]), (2026, 1, 1));
}

/// FSIZE, SFIRST with a wildcard, FREN and FDEL on files msx-disk wrote; the
/// image afterwards shows the rename and the deletion.
#[test]
fn size_search_rename_and_delete() {
    let program = "
        org 4000h
        ld de,dma
        ld c,1Ah
        call BDOS
        ld de,fcb1              ; FSIZE DATA.TXT (300 bytes: 3 records)
        ld c,23h
        call BDOS
        ld b,'1'
        or a
        jp nz,fail
        ld a,(fcb1+21h)
        cp 3
        ld b,'2'
        jp nz,fail
        ld de,fcb2              ; SFIRST ????????.TXT: DATA.TXT
        ld c,11h
        call BDOS
        ld b,'3'
        or a
        jp nz,fail
        ld a,(dma+1)
        cp 'D'
        ld b,'4'
        jp nz,fail
        ld de,fcb3              ; FREN DATA.TXT -> NEW.TXT
        ld c,17h
        call BDOS
        ld b,'5'
        or a
        jp nz,fail
        ld de,fcb4              ; FDEL OLD.BIN
        ld c,13h
        call BDOS
        ld b,'6'
        or a
        jp nz,fail
        ld de,fcb4              ; again: not found
        ld c,13h
        call BDOS
        ld b,'7'
        cp 0FFh
        jp nz,fail
        ld hl,okmsg
        jr show
fail:   ld a,b
        ld (failmsg+5),a
        ld hl,failmsg
show:   call print
        jr $
okmsg:  db 'NAMES OK',0
failmsg: db 'FAIL  ',0
fcb1:   db 0,'DATA    TXT'
        ds 25,0
fcb2:   db 0,'????????TXT'
        ds 25,0
fcb3:   db 0,'DATA    TXT',0,0,0,0,0
        db 'NEW     TXT'
        ds 9,0
fcb4:   db 0,'OLD     BIN'
        ds 25,0
dma:    ds 64
";
    let mut disk = boot_disk(&format!("{program}{PRINT}"));
    disk.write_file("DATA.TXT", &[b'x'; 300], when()).unwrap();
    disk.write_file("OLD.BIN", &[1; 2000], when()).unwrap();
    let free_before = disk.free_bytes();
    let mut m = disk_machine();
    m.insert_disk(0, disk.to_bytes()).unwrap();
    run_to_text(&mut m, "NAMES OK", 3000);
    let after = Disk::from_bytes(m.disk_image(0).unwrap()).expect("valid image");
    assert_eq!(after.read_file("NEW.TXT").unwrap(), vec![b'x'; 300]);
    assert!(after.read_file("DATA.TXT").is_err());
    assert!(after.read_file("OLD.BIN").is_err());
    assert_eq!(
        after.free_bytes(),
        free_before + 2048,
        "OLD.BIN's two clusters freed"
    );
}
