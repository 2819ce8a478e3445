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

use harness::{boot, build, run_to_end, screen};
use msx_disk::{Disk, Timestamp};

/// Runs `src` behind `1 SCREEN 0:WIDTH 40` with `files` on the disk; the
/// screen lines (the final `Ok` checked and dropped, blanks at the ends of
/// lines dropped) and the disk afterwards.
fn run_disk_with(src: &str, files: &[(&str, &[u8])]) -> (Vec<String>, Disk) {
    let out = build(&format!("1 SCREEN 0:WIDTH 40\n{src}"));
    let mut m = boot(&out);
    if !files.is_empty() {
        let mut d = Disk::from_bytes(m.disk_image(0).unwrap()).unwrap();
        let when = Timestamp::new(2024, 1, 1, 12, 0, 0).unwrap();
        for (name, bytes) in files {
            d.write_file(name, bytes, when).unwrap();
        }
        m.insert_disk(0, d.to_bytes()).unwrap();
    }
    run_to_end(&out, &mut m, 3000);
    let s = screen(&m);
    let mut lines: Vec<String> = s.lines().map(|l| l.trim_end().to_string()).collect();
    assert_eq!(lines.last().map(|l| l.trim()), Some("Ok"), "{s}");
    lines.pop();
    let disk = Disk::from_bytes(m.disk_image(0).unwrap()).unwrap();
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
