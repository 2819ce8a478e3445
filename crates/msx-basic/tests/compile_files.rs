//! Disk BASIC's sequential files (OPEN, PRINT #, INPUT #, LINE INPUT #,
//! EOF, CLOSE, KILL, NAME), compiled and run on the emulated MSX2 with the
//! free BIOS and disk ROM; the disk image is read back with `msx-disk`.
//!
//! Expected bytes and messages from the MSX2 Technical Handbook / Disk
//! BASIC: PRINT # writes what PRINT would show (numbers with their leading
//! blank or sign and a trailing blank, CR LF at the end of a PRINT), a
//! closed output file ends with 1Ah; errors 52 Bad file number, 53 File
//! not found, 54 File already open, 55 Input past end, 59 File not OPEN.

#[path = "compile_harness.rs"]
mod harness;

use harness::{boot_com, build, build_com, run_disk_with, run_until_text, screen};
use msx_disk::Disk;

/// Runs `src` behind `1 SCREEN 0:WIDTH 40`; the screen lines (the final
/// `Ok` checked and dropped) and the disk afterwards.
fn run_disk(src: &str) -> (Vec<String>, Disk) {
    run_disk_with(src, &[])
}

#[test]
fn a_file_written_is_read_back_and_holds_disk_basics_bytes() {
    let (lines, disk) = run_disk(concat!(
        "10 OPEN \"A:DATA.TXT\" FOR OUTPUT AS #1\n",
        "20 PRINT #1,\"HELLO\";12;-3\n",
        "30 PRINT #1,\"X,Y\";\",\";7\n",
        "35 PRINT #1,\"A\",1\n",
        "40 CLOSE #1\n",
        "50 OPEN \"data.txt\" FOR INPUT AS #1\n",
        "60 LINE INPUT #1,A$:PRINT \"[\";A$;\"]\"\n",
        "70 INPUT #1,B$,C$,N\n",
        "80 PRINT \"[\";B$;\"][\";C$;\"]\";N;EOF(1)\n",
        "85 LINE INPUT #1,D$:PRINT LEN(D$);EOF(1)\n",
        "90 CLOSE\n",
    ));
    let lines: Vec<&str> = lines.iter().map(|l| l.trim_end()).collect();
    assert_eq!(lines, ["[HELLO 12 -3 ]", "[X][Y] 7  0", " 17 -1"]);
    let bytes = disk.read_file("DATA.TXT").unwrap();
    // "A" then the comma's blanks up to column 14, then " 1 ".
    let mut want = b"HELLO 12 -3 \r\nX,Y, 7 \r\nA".to_vec();
    want.extend([b' '; 13]);
    want.extend(b" 1 \r\n\x1a");
    assert_eq!(bytes, want, "{:?}", String::from_utf8_lossy(&bytes));
}

#[test]
fn input_past_the_end_is_error_55_with_its_line() {
    let (lines, _) = run_disk(concat!(
        "10 OPEN \"N.TXT\" FOR OUTPUT AS #1:PRINT #1,1;2:CLOSE\n",
        "20 OPEN \"N.TXT\" FOR INPUT AS #1:INPUT #1,A,B:PRINT A;B\n",
        "30 INPUT #1,C\n",
    ));
    assert_eq!(lines, [" 1  2", "Input past end in 30"]);
}

#[test]
fn file_errors_are_trapped_by_on_error() {
    let (lines, _) = run_disk(concat!(
        "10 ON ERROR GOTO 100\n",
        "20 OPEN \"NONE.TXT\" FOR INPUT AS #1\n",
        "30 PRINT #1,\"X\"\n",
        "40 OPEN \"W.TXT\" FOR OUTPUT AS #2\n",
        "50 OPEN \"W.TXT\" FOR OUTPUT AS #1:OPEN \"V.TXT\" FOR OUTPUT AS #1\n",
        "60 INPUT #1,A$\n",
        "70 OPEN \"A:B:C\" FOR OUTPUT AS #3\n",
        "80 PRINT \"EOF\";EOF(1):END\n",
        "100 PRINT ERR;ERL:RESUME NEXT\n",
    ));
    assert_eq!(
        lines,
        [
            " 53  20",
            " 59  30",
            " 52  40",
            " 54  50",
            " 61  60",
            " 52  70",
            "EOF 61  80",
        ]
    );
}

#[test]
fn error_messages_of_the_disk_rom() {
    let (lines, _) = run_disk("10 OPEN \"A.TXT\" FOR OUTPUT AS 1\n20 ERROR 66\n");
    assert_eq!(lines, ["Disk full in 20"]);
    let (lines, _) = run_disk("10 OPEN \"NO.TXT\" FOR INPUT AS 1\n");
    assert_eq!(lines, ["File not found in 10"]);
}

#[test]
fn append_writes_over_the_end_mark_and_long_files_cross_buffers() {
    // 40 lines of 10 bytes: 400 bytes, more than three 128-byte buffers.
    let (lines, disk) = run_disk_with(
        concat!(
            "10 OPEN \"OLD.TXT\" FOR APPEND AS #1\n",
            "20 FOR I=1 TO 40:PRINT #1,USING \"L### ####\";I,I*I:NEXT\n",
            "30 CLOSE #1\n",
            "40 OPEN \"OLD.TXT\" FOR INPUT AS #1\n",
            "50 IF EOF(1) THEN 80\n",
            "60 LINE INPUT #1,A$:N=N+1:L$=A$:GOTO 50\n",
            "80 PRINT N;L$\n",
        ),
        &[("OLD.TXT", b"FIRST\r\n\x1a")],
    );
    assert_eq!(lines, [" 41 L 40 1600"]);
    let bytes = disk.read_file("OLD.TXT").unwrap();
    let mut want = b"FIRST\r\n".to_vec();
    for i in 1..=40 {
        want.extend(format!("L{i:3}{:5}\r\n", i * i).bytes());
    }
    want.push(0x1a);
    assert_eq!(bytes, want, "{:?}", String::from_utf8_lossy(&bytes));
}

#[test]
fn a_file_without_an_end_mark_ends_at_its_size() {
    let (lines, _) = run_disk_with(
        concat!(
            "10 OPEN \"Q.TXT\" FOR INPUT AS #1\n",
            "20 INPUT #1,A$,B$,C\n",
            "30 PRINT \"<\";A$;\"><\";B$;\">\";C;EOF(1)\n",
        ),
        &[("Q.TXT", b"  \"A, B\" , plain text \r\n  -2.5")],
    );
    assert_eq!(lines, ["<A, B><plain text >-2.5 -1"]);
}

#[test]
fn kill_and_name() {
    let (lines, disk) = run_disk_with(
        concat!(
            "10 ON ERROR GOTO 100\n",
            "20 KILL \"GONE.TXT\"\n",
            "30 NAME \"OLD.TXT\" AS \"NEW.TXT\"\n",
            "40 NAME \"NEW.TXT\" AS \"KEEP.TXT\"\n",
            "50 KILL \"GONE.TXT\"\n",
            "60 NAME \"NONE.TXT\" AS \"X.TXT\"\n",
            "70 KILL \"*.BAK\"\n",
            "80 OPEN \"KEEP.TXT\" FOR INPUT AS #1:KILL \"KEEP.TXT\"\n",
            "90 NAME \"KEEP.TXT\" AS \"K2.TXT\"\n",
            "95 CLOSE:NAME \"A:KEEP.TXT\" AS \"B:K3.TXT\":NAME \"KEEP.TXT\" AS \"A:K4.TXT\":END\n",
            "100 PRINT ERR;ERL:RESUME NEXT\n",
        ),
        &[
            ("GONE.TXT", b"x"),
            ("OLD.TXT", b"old"),
            ("KEEP.TXT", b"keep"),
            ("A.BAK", b"a"),
            ("B.BAK", b"b"),
        ],
    );
    assert_eq!(
        lines,
        [" 65  40", " 53  50", " 53  60", " 64  80", " 64  90", " 71  95"]
    );
    let mut names: Vec<String> = disk.list().iter().map(|f| f.name.to_string()).collect();
    names.sort();
    assert_eq!(names, ["K4.TXT", "NEW.TXT", "T.BIN"]);
    assert_eq!(disk.read_file("NEW.TXT").unwrap(), b"old");
}

#[test]
fn maxfiles_and_bad_names() {
    let (lines, disk) = run_disk(concat!(
        "10 ON ERROR GOTO 100\n",
        "20 MAXFILES=2\n",
        "30 OPEN \"ONE\" FOR OUTPUT AS #1:OPEN \"TWO.TXT\" FOR OUTPUT AS #2\n",
        "40 PRINT #2,\"2\";:PRINT #1,\"1\";:PRINT #2,\"B\":PRINT #2\n",
        "50 OPEN \"A:B:C\" FOR INPUT AS #3\n",
        "60 CLOSE:OPEN \"A:B:C\" FOR INPUT AS #2\n",
        "70 OPEN \"\" FOR INPUT AS #2\n",
        "80 OPEN \"X*.TXT\" FOR INPUT AS #2\n",
        "90 MAXFILES=16:END\n",
        "100 PRINT ERR;ERL:RESUME NEXT\n",
    ));
    assert_eq!(
        lines,
        [" 52  50", " 56  60", " 56  70", " 56  80", " 5  90"]
    );
    assert_eq!(disk.read_file("ONE").unwrap(), b"1\x1a");
    assert_eq!(disk.read_file("TWO.TXT").unwrap(), b"2B\r\n\r\n\x1a");
}

/// The same files from an MSX-DOS program (`Target::Com`): the runtime
/// calls the BDOS at 0005h; the program is started from the A> prompt
/// and returns to it.
#[test]
fn files_from_an_msx_dos_program() {
    let src = concat!(
        "10 OPEN \"COM.TXT\" FOR OUTPUT AS #1:PRINT #1,\"DOS\";\",\";42:CLOSE\n",
        "20 OPEN \"COM.TXT\" FOR APPEND AS #1:PRINT #1,\"MORE\":CLOSE\n",
        "30 OPEN \"COM.TXT\" FOR INPUT AS #1:INPUT #1,A$,N:LINE INPUT #1,B$\n",
        "40 PRINT \"GOT \";A$;N;B$;EOF(1)\n",
    );
    let out = build_com(src);
    let mut m = boot_com(&out);
    run_until_text(&mut m, "GOT DOS", 3000);
    run_until_text(&mut m, "A>", 300);
    let s = screen(&m);
    assert!(s.contains("GOT DOS 42 MORE-1"), "{s}");
    let disk = Disk::from_bytes(m.disk_image(0).unwrap()).unwrap();
    assert_eq!(
        disk.read_file("COM.TXT").unwrap(),
        b"DOS, 42 \r\nMORE\r\n\x1a"
    );
}

#[test]
fn input_dollar_reads_bytes_of_a_file() {
    let (lines, _) = run_disk_with(
        concat!(
            "10 OPEN \"B.TXT\" FOR INPUT AS #1\n",
            "20 A$=INPUT$(4,#1):B$=INPUT$(2,1)\n",
            "30 PRINT A$;ASC(MID$(A$,3));LEN(B$);B$;EOF(1)\n",
            "40 C$=INPUT$(1,#1)\n",
        ),
        &[("B.TXT", b"AB\r\nCD")],
    );
    assert_eq!(lines, ["AB", " 13  2 CD-1", "Input past end in 40"]);
}

#[test]
fn clear_closes_the_files() {
    let (lines, disk) = run_disk(concat!(
        "10 OPEN \"C.TXT\" FOR OUTPUT AS #1:PRINT #1,\"KEPT\"\n",
        "20 CLEAR:OPEN \"C.TXT\" FOR INPUT AS #1:LINE INPUT #1,A$:PRINT A$\n",
    ));
    assert_eq!(lines, ["KEPT"]);
    assert_eq!(disk.read_file("C.TXT").unwrap(), b"KEPT\r\n\x1a");
}

#[test]
fn name_with_wildcards_renames_every_match() {
    // Disk BASIC's NAME takes wildcards (disk ROM A6F20 evaluates both
    // names with them); '?' in the new name keeps the old character.
    let (lines, disk) = run_disk_with(
        concat!(
            "10 ON ERROR GOTO 100\n",
            "20 NAME \"*.BAK\" AS \"*.OLD\"\n",
            "30 NAME \"*.BAK\" AS \"*.OLD\":END\n",
            "100 PRINT ERR;ERL:RESUME NEXT\n",
        ),
        &[("A.BAK", b"a"), ("BB.BAK", b"b"), ("C.TXT", b"c")],
    );
    assert_eq!(lines, [" 53  30"]);
    let mut names: Vec<String> = disk.list().iter().map(|f| f.name.to_string()).collect();
    names.sort();
    assert_eq!(names, ["A.OLD", "BB.OLD", "C.TXT", "T.BIN"]);
    assert_eq!(disk.read_file("BB.OLD").unwrap(), b"b");
}

#[test]
fn files_lists_the_directory_and_dskf_counts_free_clusters() {
    // The disk ROM's FILES (A6E88): each name as 8 characters, '.' (a
    // blank without extension) and 3; a blank after it while TTYPOS + 12 <
    // LINLEN, else a new line; 53 File not found when nothing matches.
    // DSKF (A7061): the free clusters of a 720 KB disk, 713 clusters of
    // 1 KB ((1440 - 14 sectors) / 2) less each file's clusters.
    let src = concat!(
        "10 FILES\n",
        "20 PRINT:FILES \"*.TXT\"\n",
        "30 PRINT:PRINT DSKF(0);DSKF(1)\n",
        "40 FILES \"NONE.*\"\n",
    );
    let big = vec![0x55u8; 1500];
    let (lines, disk) = run_disk_with(
        src,
        &[
            ("A.TXT", b"0123456789"),
            ("BB.BAS", &big),
            ("CCCCCCCC.DAT", b"x"),
            ("NOEXT", b""),
        ],
    );
    let program = build(&format!("1 SCREEN 0:WIDTH 40\n{src}")).bytes.len();
    let free = 713 - program.div_ceil(1024) - 2 - 1 - 1;
    assert_eq!(disk.free_bytes(), free as u64 * 1024);
    let lines: Vec<&str> = lines.iter().map(|l| l.trim_end()).collect();
    assert_eq!(
        lines,
        [
            "T       .BIN A       .TXT BB      .BAS",
            "CCCCCCCC.DAT NOEXT",
            "A       .TXT",
            &format!(" {free}  {free}"),
            "File not found in 40",
        ]
    );
}
