//! MSX-DOS programs (.COM) on the free disk ROM: a disk made with
//! `Disk::set_boot_command` boots into the MSX-DOS environment and runs the
//! program with its command line; page 0 holds RAM with the BDOS at 0005h,
//! the inter-slot entries and the interrupt handler; the program's return
//! lands at the A> prompt, which runs further commands.

mod support;

use msx_disk::{Disk, Format};
use msx_machine::machine::Machine;
use support::*;

/// A .COM that exercises its environment and prints what it finds:
/// * `T[...]` its command tail from 0080h (BDOS 02h), `F[...]` and `G[...]` the
///   names in FCB 1 (005Ch) and FCB 2 (006Ch), `P=` whether 0005h is `JP (0006h)` with the TPA top at
///   CD06h;
/// * `*` printed by CHPUT through the page-0 CALSLT, `J` once JIFFY has
///   advanced (interrupts reach the BIOS through 0038h), `+` through CALLF
///   (RST 30h), `S` when a byte written with WRSLT reads back with RDSLT;
/// * a file written and read back with its FCB and DMA in page 0 (`FILE OK`);
/// * `KEY?`, then a key taken with 0Bh + 06h and one with 01h (echoed);
/// * `DONE[...]` with FCB 1 again, then RET (or JP 0 when it is `JP`).
const PROG: &str = r#"
DOS     equ 0005h
        org 0100h
        ld de,hello
        ld c,9
        call DOS
        ld e,'T'
        call out
        ld e,'['
        call out
        ld a,(0080h)
        ld b,a
        ld hl,0081h
tail:   ld a,b
        or a
        jr z,taild
        ld e,(hl)
        call out
        inc hl
        dec b
        jr tail
taild:  ld e,']'
        call out
        ld e,'F'
        call out
        ld e,'['
        call out
        ld hl,005Dh
        call name11
        ld de,crlf
        ld c,9
        call DOS
        ld e,'G'
        call out
        ld e,'['
        call out
        ld hl,006Dh
        call name11
        ld e,'P'
        call out
        ld e,'='
        call out
        ld e,'N'
        ld a,(0005h)
        cp 0C3h
        jr nz,pdone
        ld hl,(0006h)
        ld de,0CD06h
        or a
        sbc hl,de
        ld e,'N'
        jr nz,pdone
        ld e,'Y'
pdone:  call out
        ld a,'*'                ; CHPUT through the page-0 CALSLT
        ld iy,(0FCC1h-1)
        ld ix,00A2h
        call 001Ch
        ei
        ld hl,(JIFFY)           ; interrupts through 0038h
        ld de,3
        add hl,de
        ex de,hl
wj:     ld hl,(JIFFY)
        or a
        sbc hl,de
        jr nz,wj
        ld e,'J'
        call out
        ld a,'+'                ; CHPUT through the page-0 CALLF
        rst 30h
        db 0                    ; the main ROM's slot (EXPTBL) on this machine
        dw 00A2h
        ld a,(0F342h)           ; WRSLT then RDSLT on RAMAD1's 4000h
        ld hl,4000h
        ld e,5Ah
        call 0014h
        ld a,(0F342h)
        ld hl,4000h
        call 000Ch
        ld e,'S'
        cp 5Ah
        jr z,slotok
        ld e,'X'
slotok: call out
        ld de,crlf
        ld c,9
        call DOS
        ; file: FMAKE, 128 bytes from the default DMA 0080h, FCLOSE, FOPEN, RDSEQ
        ld hl,0080h
        ld b,128
        ld a,0
fill:   ld (hl),a
        add a,3
        inc hl
        djnz fill
        ld de,fcb
        ld c,16h
        call DOS
        or a
        jr nz,ffail
        ld de,fcb
        ld c,15h
        call DOS
        or a
        jr nz,ffail
        ld de,fcb
        ld c,10h
        call DOS
        or a
        jr nz,ffail
        ld hl,0080h             ; clear the DMA, read the record back
        ld b,128
clr:    ld (hl),0FFh
        inc hl
        djnz clr
        ld hl,fname
        ld de,fcb
        ld bc,37
        ldir
        ld de,fcb
        ld c,0Fh
        call DOS
        or a
        jr nz,ffail
        ld de,fcb
        ld c,14h
        call DOS
        or a
        jr nz,ffail
        ld hl,0080h
        ld b,128
        ld a,0
cmp:    cp (hl)
        jr nz,ffail
        add a,3
        inc hl
        djnz cmp
        ld de,fileok
        jr fdone
ffail:  ld de,filebad
fdone:  ld c,9
        call DOS
        ; console input
        ld de,keyq
        ld c,9
        call DOS
wk:     ld c,0Bh
        call DOS
        or a
        jr z,wk
        ld c,6
        ld e,0FFh
        call DOS
        push af
        ld e,'K'
        call out
        ld e,'='
        call out
        pop af
        ld e,a
        call out
        ld c,1
        call DOS
        ld de,done
        ld c,9
        call DOS
        ld e,'['                ; DONE and FCB 1 again (the DMA, 0080h,
        call out                ; has held the file's record since)
        ld hl,005Dh
        call name11
        ld a,(005Dh)            ; tail " JP": leave with JP 0
        cp 'J'
        jp z,0
        ret
name11: ld b,11
fcbn:   ld e,(hl)
        call out
        inc hl
        djnz fcbn
        ld e,']'
        jr out
out:    push hl
        push bc
        ld c,2
        call DOS
        pop bc
        pop hl
        ret
hello:  db 'HELLO FROM COM',13,10,'$'
crlf:   db 13,10,'$'
fileok: db 'FILE OK',13,10,'$'
filebad: db 'FILE BAD',13,10,'$'
keyq:   db 'KEY?$'
done:   db 13,10,'DONE$'
fname:  db 0,'DOSTEST DAT'
        ds 25,0
fcb:    db 0,'DOSTEST DAT'
        ds 25,0
"#;

/// Whether the last line on the screen is the prompt (and the cursor).
fn at_prompt(m: &Machine) -> bool {
    let s = screen(m);
    let last = s.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("");
    let last = last.trim();
    // "A>" and the cursor.
    last.starts_with("A>") && last.chars().count() <= 3
}

fn com(source: &str) -> Vec<u8> {
    let (bytes, origin) = assemble(source);
    assert_eq!(origin, 0x0100, ".COM programs start at 0100h");
    bytes
}

/// The default machine with a disk holding `files` that boots `command`.
fn dos_machine(files: &[(&str, &[u8])], command: &str) -> Machine {
    let mut disk = Disk::new(Format::Kb720);
    for (name, bytes) in files {
        disk.write_file(name, bytes, when()).unwrap();
    }
    disk.set_boot_command(command).unwrap();
    let mut m = disk_machine();
    m.set_rendering(false);
    m.insert_disk(0, disk.to_bytes()).unwrap();
    m
}

#[test]
fn a_com_program_runs_in_the_msx_dos_environment_and_returns_to_the_prompt() {
    let prog = com(PROG);
    let mut m = dos_machine(&[("TEST.COM", &prog)], "TEST data.txt *.BAS");
    run_to_text(&mut m, "KEY?", 3000);
    let s = screen(&m);
    assert!(s.contains("HELLO FROM COM"), "{s}");
    assert!(s.contains("T[ data.txt *.BAS]"), "tail as typed:\n{s}");
    assert!(s.contains("F[DATA    TXT]"), "FCB 1 in capitals:\n{s}");
    assert!(
        s.contains("P=Y*J+S"),
        "0005h, CALSLT, interrupts, CALLF, WRSLT and RDSLT:\n{s}"
    );
    assert!(s.contains("FILE OK"), "{s}");
    assert!(s.contains("G[????????BAS]"), "FCB 2, the * expanded:\n{s}");
    let f = m.frame_count();
    m.type_text_at(f + 5, "QW").unwrap();
    run_to_text(&mut m, "DONE[DATA    TXT]", 600);
    let s = screen(&m);
    assert!(
        s.contains("K=QW"),
        "06h took Q, 01h took and echoed W:\n{s}"
    );
    // RET lands at the prompt, which starts the program again with a new
    // tail; this time it leaves with JP 0.
    run_to_text(&mut m, "A>", 300);
    let f = m.frame_count();
    let end = m.type_text_at(f + 5, "test JP\n").unwrap();
    m.run_frames(end - m.frame_count() + 2);
    run_to_text(&mut m, "T[ JP]", 3000);
    let f = m.frame_count();
    m.type_text_at(f + 5, "QW").unwrap();
    run_to_text(&mut m, "DONE[JP         ]", 900);
    m.run_frames(30);
    assert!(at_prompt(&m), "JP 0 back at the prompt:\n{}", screen(&m));
    // The file the program wrote is in the image.
    let disk = Disk::from_bytes(m.disk_image(0).unwrap()).expect("valid image");
    let data = disk.read_file("DOSTEST.DAT").unwrap();
    let want: Vec<u8> = (0..128u32).map(|i| (i * 3) as u8).collect();
    assert_eq!(data, want);
}

#[test]
fn an_unknown_command_says_so_and_the_prompt_goes_on() {
    let prog = com("        org 0100h\n        ld de,msg\n        ld c,9\n        jp 0005h\nmsg: db 'TINY RAN$'\n");
    let mut m = dos_machine(&[("TINY.COM", &prog)], "");
    run_to_text(&mut m, "A>", 3000);
    let f = m.frame_count();
    let end = m.type_text_at(f + 5, "nosuch\n").unwrap();
    m.run_frames(end - m.frame_count() + 2);
    run_to_text(&mut m, "Bad command or file name", 300);
    let f = m.frame_count();
    m.type_text_at(f + 5, "tiny\n").unwrap();
    // BDOS 09h's JP returns to 0000h through the program's stack: the prompt.
    run_to_text(&mut m, "TINY RAN", 600);
    m.run_frames(20);
    assert!(at_prompt(&m), "{}", screen(&m));
}
