//! Disk BASIC's random files (OPEN … AS n LEN=r, FIELD, LSET/RSET, GET,
//! PUT, MKI$/MKS$/MKD$, CVI/CVS/CVD, LOC, LOF) and BSAVE/BLOAD, compiled
//! and run on the emulated MSX2 with the free BIOS and disk ROM; the disk
//! image is read back with `msx-disk`.
//!
//! Expected bytes are worked out by hand from the formats: a random file is
//! its records one after the other (record r at (r-1)·LEN); MKI$ is the
//! integer's two bytes, low first; MKS$/MKD$ the 4/8 bytes of the math
//! pack's number (sign and excess-64 decimal exponent in the first byte,
//! then packed BCD digits, value 0.d1d2… × 10^exponent: 1.5 is 41h 15h
//! 00h 00h, -0.25 is C0h 25h 00h…); a BSAVE file is FEh, start, end, exec
//! (words, low byte first), then the bytes. Behaviour and error numbers
//! from the MSX-DOS 1 disk ROM (source reconstruction `dos1x.asm`: GET/PUT
//! A6BDA, FIELD A6C49, LSET A6CD7, BSAVE A69E7, BLOAD A6AA7): 50 FIELD
//! overflow, 5 Illegal function call for record 0, 55 Input past end for
//! a GET past the end, 61 Bad file mode.

#[path = "compile_harness.rs"]
mod harness;

use harness::{boot_com, build_com, run_until_text, screen};
use msx_disk::Disk;

/// [`harness::run_disk_with`], blanks at the ends of lines dropped.
fn run_disk_with(src: &str, files: &[(&str, &[u8])]) -> (Vec<String>, Disk) {
    let (lines, disk) = harness::run_disk_with(src, files);
    let lines = lines.iter().map(|l| l.trim_end().to_string()).collect();
    (lines, disk)
}

#[test]
fn records_are_written_where_their_numbers_say_and_read_back() {
    let (lines, disk) = run_disk_with(
        concat!(
            "10 MAXFILES=2:OPEN \"R.DAT\" AS #1 LEN=16\n",
            "20 FIELD #1,2 AS I$,4 AS S$,8 AS D$,2 AS N$\n",
            "30 LSET I$=MKI$(258):LSET S$=MKS$(1.5):LSET D$=MKD$(-1/4):LSET N$=\"AB\"\n",
            "40 PUT #1,2\n",
            "50 LSET N$=\"X\":RSET I$=\"Q\"\n",
            "60 PUT #1,1:PRINT LOC(1);LOF(1)\n",
            "70 CLOSE\n",
            "80 OPEN \"R.DAT\" AS #2 LEN=16:FIELD #2,2 AS A$,4 AS B$,8 AS C$,2 AS E$\n",
            "90 GET #2,2:PRINT CVI(A$);CVS(B$);CVD(C$);E$;LOC(2);LOF(2)\n",
            "100 K$=E$:GET #2,1:PRINT ASC(A$);MID$(A$,2);E$;\"|\";K$;LOC(2)\n",
            "110 GET #2:PRINT CVI(A$);LOC(2)\n",
            "120 CLOSE\n",
        ),
        &[],
    );
    assert_eq!(
        lines,
        [
            " 1  32",
            " 258  1.5 -.25 AB 2  32",
            " 32 QX |AB 1",
            " 258  2"
        ]
    );
    let mut rec2 = vec![0x02, 0x01, 0x41, 0x15, 0x00, 0x00, 0xC0, 0x25];
    rec2.extend([0; 6]);
    rec2.extend(b"AB");
    let mut rec1 = rec2.clone();
    rec1[0..2].copy_from_slice(b" Q");
    rec1[14..16].copy_from_slice(b"X ");
    let mut want = rec1;
    want.extend(rec2);
    assert_eq!(disk.read_file("R.DAT").unwrap(), want);
}

#[test]
fn random_file_errors_are_disk_basics() {
    let (lines, _) = run_disk_with(
        concat!(
            "10 ON ERROR GOTO 100:MAXFILES=2\n",
            "20 OPEN \"E.DAT\" AS #1 LEN=4:FIELD #1,2 AS A$,2 AS B$\n",
            "30 FIELD #1,3 AS A$,2 AS B$\n",
            "40 GET #1,1\n",
            "50 PUT #1,0\n",
            "60 OPEN \"F.TXT\" FOR OUTPUT AS #2:GET #2,1\n",
            "70 PRINT #1,\"X\"\n",
            "80 OPEN \"G.DAT\" AS #2 LEN=257\n",
            "90 PRINT CVI(\"A\"):PRINT EOF(1):PRINT LOC(2):END\n",
            "100 PRINT ERR;ERL:RESUME NEXT\n",
        ),
        &[],
    );
    assert_eq!(
        lines,
        [
            " 50  30", " 55  40", " 5  50", " 61  60", " 61  70",
            // LEN= is checked before the channel (ROM C6AB7 calls H.NOFO
            // before opening).
            " 5  80", " 5  90", " 61  90", " 0"
        ]
    );
}

#[test]
fn lset_rset_keep_the_length_and_fields_stay_in_the_buffer() {
    let (lines, disk) = run_disk_with(
        concat!(
            // LSET/RSET on an ordinary variable holding a literal: the
            // literal is copied first, so the program's text is unchanged.
            "10 X$=\"HELLO\":LSET X$=\"AB\":Y$=\"HELLO\":RSET Y$=\"LONGER TEXT\"\n",
            "20 PRINT \"[\";X$;\"][\";Y$;\"][\";\"HELLO\";\"]\"\n",
            // A field changed by MID$()= stays in the buffer; a copy taken
            // by LET does not follow the buffer. A record number that is
            // not an integer is truncated.
            "30 OPEN \"M.DAT\" AS 1 LEN=3:FIELD 1,3 AS F$\n",
            "40 LSET F$=\"ABC\":C$=F$:MID$(F$,2,1)=\"*\":R=2.7:PUT 1,R\n",
            "50 LSET F$=\"xyz\":PRINT C$;F$;LOC(1);LOF(1)\n",
            "60 GET 1,2:PRINT F$:CLOSE\n",
        ),
        &[],
    );
    assert_eq!(lines, ["[AB   ][LONGE][HELLO]", "ABCxyz 2  6", "A*C"]);
    // Record 1 was never written: the BDOS fills the gap (its content is
    // the disk's, not checked); record 2 is A*C.
    let bytes = disk.read_file("M.DAT").unwrap();
    assert_eq!(bytes.len(), 6);
    assert_eq!(&bytes[3..], b"A*C");
}

#[test]
fn loc_and_lof_of_sequential_files_count_what_went_through_the_disk() {
    // Disk BASIC reads 256 bytes at OPEN and then whenever the buffer is
    // used up; LOC is the FCB's random record, so the bytes read so far.
    let text: Vec<u8> = (0..300).map(|i| b'A' + (i % 26) as u8).collect();
    let (lines, _) = run_disk_with(
        concat!(
            "10 OPEN \"S.TXT\" FOR INPUT AS #1:PRINT LOC(1);LOF(1)\n",
            "20 A$=INPUT$(255,#1):PRINT LOC(1)\n",
            "30 A$=INPUT$(2,#1):PRINT LOC(1);A$\n",
        ),
        &[("S.TXT", &text)],
    );
    assert_eq!(lines, [" 256  300", " 256", " 300 VW"]);
}

#[test]
fn maxfiles_15_opens_15_files() {
    let (lines, disk) = run_disk_with(
        concat!(
            "10 MAXFILES=15\n",
            "20 FOR I=1 TO 15:OPEN \"F\"+MID$(STR$(I),2) FOR OUTPUT AS #I:PRINT #I,I*I:NEXT\n",
            "30 CLOSE:PRINT \"DONE\"\n",
        ),
        &[],
    );
    assert_eq!(lines, ["DONE"]);
    for i in 1..=15 {
        assert_eq!(
            disk.read_file(&format!("F{i}")).unwrap(),
            format!(" {} \r\n\x1a", i * i).as_bytes()
        );
    }
}

#[test]
fn bsave_writes_the_header_and_the_bytes() {
    let (lines, disk) = run_disk_with(
        concat!(
            "10 ON ERROR GOTO 100\n",
            "20 FOR I=0 TO 9:POKE &HC000+I,I*3:NEXT\n",
            "30 BSAVE \"B.BIN\",&HC000,&HC009\n",
            "40 BSAVE \"E.BIN\",&HC000,&HC001,&HC100\n",
            "50 VPOKE 1280,65:VPOKE 1281,66:BSAVE \"V.BIN\",1280,1281,S\n",
            "60 BSAVE \"X.BIN\",&HC001,&HC000\n",
            "70 BSAVE \"Y.BIN\",&H7000,&H7001\n",
            "80 BSAVE \"W.BIN\",49152!,49153#:END\n",
            "100 PRINT ERR;ERL:RESUME NEXT\n",
        ),
        &[],
    );
    // End before start, and RAM below 8000h: Illegal function call (disk
    // ROM A69E7).
    assert_eq!(lines, [" 5  60", " 5  70"]);
    let mut want = vec![0xFE, 0x00, 0xC0, 0x09, 0xC0, 0x00, 0xC0];
    want.extend((0..10).map(|i| i * 3));
    assert_eq!(disk.read_file("B.BIN").unwrap(), want);
    assert_eq!(
        disk.read_file("E.BIN").unwrap(),
        [0xFE, 0x00, 0xC0, 0x01, 0xC0, 0x00, 0xC1, 0x00, 0x03]
    );
    assert_eq!(
        disk.read_file("V.BIN").unwrap(),
        [0xFE, 0x00, 0x05, 0x01, 0x05, 0x00, 0x05, b'A', b'B']
    );
    // Addresses above 32767 written as numbers.
    assert_eq!(
        disk.read_file("W.BIN").unwrap(),
        [0xFE, 0x00, 0xC0, 0x01, 0xC0, 0x00, 0xC0, 0x00, 0x03]
    );
    assert!(disk.read_file("X.BIN").is_err() && disk.read_file("Y.BIN").is_err());
}

#[test]
fn bload_loads_runs_and_fills_vram() {
    let (lines, _) = run_disk_with(
        concat!(
            "10 ON ERROR GOTO 100\n",
            "20 BLOAD \"L.BIN\":PRINT PEEK(&HC100);PEEK(&HC103)\n",
            "30 BLOAD \"L.BIN\",&H10:PRINT PEEK(&HC110);PEEK(&HC113)\n",
            "40 BLOAD \"CODE.BIN\",R:PRINT PEEK(&HC300)\n",
            "50 BLOAD \"VR.BIN\",S:PRINT VPEEK(1280);VPEEK(1281)\n",
            "60 BLOAD \"NONE.BIN\"\n",
            "70 BLOAD \"TEXT.TXT\"\n",
            "80 END\n",
            "100 PRINT ERR;ERL:RESUME NEXT\n",
        ),
        &[
            (
                "L.BIN",
                &[
                    0xFE, 0x00, 0xC1, 0x03, 0xC1, 0x00, 0xC1, 0x11, 0x22, 0x33, 0x44,
                ],
            ),
            // LD A,42 / LD (C300h),A / RET at C200h, exec C200h.
            (
                "CODE.BIN",
                &[
                    0xFE, 0x00, 0xC2, 0x05, 0xC2, 0x00, 0xC2, 0x3E, 42, 0x32, 0x00, 0xC3, 0xC9,
                ],
            ),
            (
                "VR.BIN",
                &[0xFE, 0x00, 0x05, 0x01, 0x05, 0x00, 0x05, b'H', b'I'],
            ),
            ("TEXT.TXT", b"HELLO\r\n"),
        ],
    );
    assert_eq!(
        lines,
        [" 17  68", " 17  68", " 42", " 72  73", " 53  60", " 61  70"]
    );
}

/// Random files, BSAVE and BLOAD from an MSX-DOS program (`Target::Com`,
/// the BDOS at 0005h), started from the A> prompt.
#[test]
fn random_files_and_bsave_from_an_msx_dos_program() {
    let src = concat!(
        "10 OPEN \"D.DAT\" AS #1 LEN=2:FIELD #1,2 AS A$\n",
        "20 FOR I=1 TO 3:LSET A$=MKI$(I*100):PUT #1:NEXT\n",
        "30 GET #1,2:PRINT \"GOT\";CVI(A$);LOC(1);LOF(1):CLOSE\n",
        "40 POKE &HA000,7:POKE &HA001,9:BSAVE \"D.BIN\",&HA000,&HA001\n",
        "50 POKE &HA000,0:BLOAD \"D.BIN\",&H10:PRINT \"AND\";PEEK(&HA010);PEEK(&HA011)\n",
    );
    let out = build_com(src);
    let mut m = boot_com(&out);
    run_until_text(&mut m, "AND", 3000);
    run_until_text(&mut m, "A>", 300);
    let s = screen(&m);
    assert!(s.contains("GOT 200  2  6"), "{s}");
    assert!(s.contains("AND 7  9"), "{s}");
    let disk = Disk::from_bytes(m.disk_image(0).unwrap()).unwrap();
    assert_eq!(disk.read_file("D.DAT").unwrap(), [100, 0, 200, 0, 44, 1]);
    assert_eq!(
        disk.read_file("D.BIN").unwrap(),
        [0xFE, 0x00, 0xA0, 0x01, 0xA0, 0x00, 0xA0, 7, 9]
    );
}

#[test]
fn all_64_kb_of_vram_go_to_a_file_and_back() {
    let (lines, disk) = run_disk_with(
        concat!(
            // SCREEN 8: the BIOS's LDIRMV/LDIRVM take 16-bit addresses
            // (SCREEN 0-4 wrap at 16 KB, as on MSX2).
            "10 SCREEN 8:VPOKE 1280,7:VPOKE &HFFFF,9:VPOKE &H8000,5\n",
            "20 BSAVE \"ALL.VRM\",0,&HFFFF,S\n",
            "30 VPOKE 1280,0:VPOKE &HFFFF,0:VPOKE &H8000,0\n",
            "40 BLOAD \"ALL.VRM\",S:A=VPEEK(1280):B=VPEEK(&HFFFF):C=VPEEK(&H8000)\n",
            "50 SCREEN 0:PRINT A;B;C\n",
        ),
        &[],
    );
    let bytes = disk.read_file("ALL.VRM").unwrap();
    assert_eq!(bytes.len(), 7 + 65536);
    assert_eq!(bytes[..7], [0xFE, 0, 0, 0xFF, 0xFF, 0, 0]);
    assert_eq!(
        (bytes[7 + 1280], bytes[7 + 0x8000], bytes[7 + 0xFFFF]),
        (7, 5, 9)
    );
    assert_eq!(lines, [" 7  9  5"]);
}

#[test]
fn a_record_the_file_ends_inside_reads_with_zeros() {
    // The BDOS counts a partial last record as read (MSX-DOS 1 kernel: the
    // record count is rounded up, the missing bytes zeroed), so GET gives
    // no error for it; the record after it is Input past end.
    let (lines, _) = run_disk_with(
        concat!(
            "10 ON ERROR GOTO 100\n",
            "20 OPEN \"P.DAT\" AS #1 LEN=4:FIELD #1,4 AS R$\n",
            "30 GET #1,2:PRINT ASC(R$);ASC(MID$(R$,2));LEN(R$);LOC(1)\n",
            "40 GET #1:PRINT \"NO\"\n",
            "50 END\n",
            "100 PRINT ERR;ERL:RESUME NEXT\n",
        ),
        &[("P.DAT", b"ABCDE")],
    );
    assert_eq!(lines, [" 69  0  4  2", " 55  40", "NO"]);
}
