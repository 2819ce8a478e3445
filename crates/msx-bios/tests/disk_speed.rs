//! How long the disk ROM takes to read and write a file, in emulated time.
//! The disk turns once in 0.2 s: a sector read or written on its own, after
//! the BDOS has worked on the one before, costs a turn (27 KB by 128-byte
//! records took 12.0 s that way). Two remedies, as on MSX-DOS:
//! - whole sectors go straight between the disk and the caller's memory in
//!   pages 2-3, a run of consecutive sectors in one DSKIO call (a block read
//!   of 16 KB reads a track per turn) — in every environment;
//! - where MSX-BASIC does not run (a boot program, the MSX-DOS
//!   environment), a cache of a whole track read ahead, so CP/M-style
//!   128-byte records come quickly too (4.0 s: six track reads of ~0.35 s
//!   each, ~1 s in the BDOS for 216 calls, 0.35 s adding up the bytes).
//!   While MSX-BASIC runs the cache is one sector, which leaves BASIC as
//!   much memory as a real Disk BASIC: small pieces cost a turn per sector
//!   there, as with a real MSX-DOS 1 disk ROM (basic_disk's BLOAD/BSAVE
//!   test: blocks of whole sectors).

mod support;

use support::*;

/// 27 KB, the size of Minesweeper's SCREEN 5 sheet.
const SIZE: usize = 27 * 1024;

/// Opens BIG.DAT, reads it with RDSEQ into a 128-byte DMA at `dma` until
/// the end of the file, adds up its bytes (16 bits) and prints `GO` before
/// and `END` after, then the sum as four hex digits.
fn reader(dma: u16) -> String {
    format!(
        "{}
        ld hl,go
        call print
        ld hl,0
        ld (sum),hl
rec:    ld de,fcb
        ld c,14h
        call BDOS
        or a
        jr nz,eof
        ld hl,{dma}
        ld b,128
        ld de,(sum)
add:    ld a,(hl)
        add a,e
        ld e,a
        ld a,d
        adc a,0
        ld d,a
        inc hl
        djnz add
        ld (sum),de
        jr rec
{}",
        opening(dma),
        tail()
    )
}

/// The start shared by the readers: the DMA at `dma`, BIG.DAT opened.
fn opening(dma: u16) -> String {
    format!(
        "
        org 4000h
        ld de,{dma}
        ld c,1Ah
        call BDOS
        ld de,fcb
        ld c,0Fh
        call BDOS
        or a
        jr nz,$
"
    )
}

/// The end shared by the readers.
fn tail() -> String {
    format!(
        "
eof:    ld hl,endm
        call print
        ld a,(sum+1)
        call hex
        ld a,(sum)
        call hex
        jr $
hex:    push af
        rrca
        rrca
        rrca
        rrca
        call nib
        pop af
nib:    and 0Fh
        add a,'0'
        cp '9'+1
        jr c,nibo
        add a,7
nibo:   jp CHPUT
{PRINT}
go:     db 'GO ',0
endm:   db 'END ',0
sum:    dw 0
fcb:    db 0,'BIG     DAT'
        ds 25,0
"
    )
}

fn data() -> Vec<u8> {
    (0..SIZE).map(|i| (i * 7 + i / 256) as u8).collect()
}

/// Emulated seconds from `GO` to `END`, after checking the sum.
fn read_time(dma: u16) -> f64 {
    read_time_of(&reader(dma))
}

fn read_time_of(program: &str) -> f64 {
    let mut disk = boot_disk(program);
    disk.write_file("BIG.DAT", &data(), when()).unwrap();
    let mut m = disk_machine();
    m.set_rendering(false);
    m.insert_disk(0, disk.to_bytes()).unwrap();
    run_to_text(&mut m, "GO", 3000);
    let c0 = m.cycles();
    run_to_text(&mut m, "END", 3000);
    let c1 = m.cycles();
    m.run_frames(2);
    let sum = data()
        .iter()
        .fold(0u16, |s, &b| s.wrapping_add(u16::from(b)));
    let want = format!("END {sum:04X}");
    assert!(screen(&m).contains(&want), "{want}:\n{}", screen(&m));
    (c1 - c0) as f64 / 3_579_545.0
}

/// A boot program that reads BIG.DAT by blocks of 128 records of 128 bytes
/// (16 KB) into `dma` with the random block read (27h), as LoadPicture
/// does, adds up its bytes and prints `GO`, `END` and the sum as `reader`.
fn block_program(dma: u16) -> String {
    format!(
        "{}
        ld hl,128
        ld (fcb+14),hl
        ld hl,0
        ld (fcb+33),hl
        ld (fcb+35),hl
        ld (sum),hl
        ld hl,go
        call print
blk:    ld de,fcb
        ld hl,128
        ld c,27h
        call BDOS
        ld a,h
        or l
        jr z,eof
        ld b,l                  ; records read
        ld hl,{dma}
        ld de,(sum)
rec:    ld c,128
add:    ld a,(hl)
        add a,e
        ld e,a
        ld a,d
        adc a,0
        ld d,a
        inc hl
        dec c
        jr nz,add
        djnz rec
        ld (sum),de
        jr blk
{}",
        opening(dma),
        tail()
    )
}

#[test]
fn a_27_kb_file_read_by_16_kb_blocks_takes_under_2_5_seconds() {
    // (16 KB from 8000h: a boot program keeps below HIMEM, CE00h.)
    let t = read_time_of(&block_program(0x8000));
    // Straight to the caller's memory: 2.0 s (six tracks, a turn and a
    // half each with the steps, 0.4 s adding up the bytes).
    assert!(t < 2.5, "{t:.2} s");
}

#[test]
fn a_27_kb_file_read_by_128_byte_records_takes_under_4_5_seconds() {
    // A boot program has the track cache (MSX-BASIC does not run). The DMA
    // in page 2, and in page 1 (the BDOS copies through the caller's slot
    // there).
    for dma in [0x9000, 0x6000] {
        let t = read_time(dma);
        // One turn per sector (the old disk ROM) took 12 s.
        assert!(t < 4.5, "DMA {dma:04X}h: {t:.2} s");
    }
}

/// Creates NEW.DAT and writes SIZE bytes to it with WRSEQ, 128-byte records
/// from a DMA at 9000h whose bytes are rewritten for each record (byte i
/// of record r is `r * 7 + i`), then closes it; `GO` before, `END` and the
/// close's result after.
const WRITER: &str = "
        org 4000h
        ld de,9000h
        ld c,1Ah
        call BDOS
        ld de,fcb
        ld c,16h
        call BDOS
        or a
        jr nz,$
        ld hl,go
        call print
        ld bc,0                 ; record number
rec:    push bc
        ld hl,9000h             ; fill the record
        ld e,c
        ld a,c
        add a,a
        add a,a
        add a,a
        sub e                   ; A = r * 7
        ld b,128
fillr:  ld (hl),a
        inc hl
        inc a
        djnz fillr
        ld de,fcb
        ld c,15h
        call BDOS
        pop bc
        or a
        jr nz,$
        inc bc
        ld a,b
        cp 27*1024/128/256
        jr nz,rec
        ld a,c
        cp 27*1024/128 MOD 256
        jr nz,rec
        ld de,fcb
        ld c,10h
        call BDOS
        push af
        ld hl,endm
        call print
        pop af
        add a,'0'
        call CHPUT
        jr $
go:     db 'GO ',0
endm:   db 'END ',0
fcb:    db 0,'NEW     DAT'
        ds 25,0
";

#[test]
fn a_com_program_writes_27_kb_by_128_byte_records_under_6_seconds() {
    let mut disk = msx_disk::Disk::new(msx_disk::Format::Kb720);
    disk.write_file("WRITE.COM", &as_com(&format!("{WRITER}{PRINT}")), when())
        .unwrap();
    disk.set_boot_command("WRITE").unwrap();
    let mut m = disk_machine();
    m.set_rendering(false);
    m.insert_disk(0, disk.to_bytes()).unwrap();
    run_to_text(&mut m, "GO", 3000);
    let c0 = m.cycles();
    run_to_text(&mut m, "END", 3000);
    let t = (m.cycles() - c0) as f64 / 3_579_545.0;
    m.run_frames(2);
    assert!(screen(&m).contains("END 0"), "{}", screen(&m));
    let image = msx_disk::Disk::from_bytes(m.disk_image(0).unwrap()).unwrap();
    let data = image.read_file("NEW.DAT").unwrap();
    let want: Vec<u8> = (0..SIZE).map(|i| ((i / 128) * 7 + i % 128) as u8).collect();
    assert!(data == want, "NEW.DAT differs");
    // Each sector written on its own after the BDOS filled it cost a turn
    // (0.2 s): the 54 sectors took 12.6 s. The changed sectors are now kept
    // as one run of up to 9 in the window and written with one DSKIO call:
    // 4.2 s (six runs, each awaited for about half a turn, and ~1 s in the
    // BDOS for 216 calls).
    assert!(t < 6.0, "{t:.2} s");
}

/// The reader as a .COM program: FCB and DMA in page 0 (the TPA), where
/// MSX-DOS programs keep them; the BDOS copies through RAMAD0's RAM.
fn com_reader() -> Vec<u8> {
    as_com(&reader(0x0080))
}

/// A boot program's source made an MSX-DOS program: at 0100h, the BDOS
/// through 0005h and CHPUT through the BDOS's console output.
fn as_com(source: &str) -> Vec<u8> {
    let src = source
        .replace("org 4000h", "org 0100h")
        .replace("call BDOS", "call 0005h")
        .replace("call CHPUT", "call chput")
        .replace("jp CHPUT", "jp chput");
    let src = format!(
        "{src}
chput:  push hl
        push de
        push bc
        ld e,a
        ld c,2
        call 0005h
        pop bc
        pop de
        pop hl
        ret
"
    );
    let (bytes, origin) = assemble(&src);
    assert_eq!(origin, 0x100);
    bytes
}

#[test]
fn a_com_program_reads_27_kb_by_128_byte_records_in_page_0_under_4_5_seconds() {
    let mut disk = msx_disk::Disk::new(msx_disk::Format::Kb720);
    disk.write_file("READ.COM", &com_reader(), when()).unwrap();
    disk.write_file("BIG.DAT", &data(), when()).unwrap();
    disk.set_boot_command("READ").unwrap();
    let mut m = disk_machine();
    m.set_rendering(false);
    m.insert_disk(0, disk.to_bytes()).unwrap();
    run_to_text(&mut m, "GO", 3000);
    let c0 = m.cycles();
    run_to_text(&mut m, "END", 3000);
    let t = (m.cycles() - c0) as f64 / 3_579_545.0;
    m.run_frames(2);
    let sum = data()
        .iter()
        .fold(0u16, |s, &b| s.wrapping_add(u16::from(b)));
    let want = format!("END {sum:04X}");
    assert!(screen(&m).contains(&want), "{want}:\n{}", screen(&m));
    // 3.6 s: the copies to and from page 0 cost no more than those of a
    // boot program's page-1 buffers.
    assert!(t < 4.5, "{t:.2} s");
}
