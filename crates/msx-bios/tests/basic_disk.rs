//! Disk BASIC (roms-free-bios/ext/disk.asm, docs/basic-interpreter.md "Disk
//! BASIC"): the interpreter with the free disk ROM, commands typed into it,
//! the disk image read back with msx-disk.
//!
//! Expected values come from the facts, not from this code: the files a
//! SAVE writes are what the `msx-basic` crate (the project's reference
//! tokenizer and lister) makes of the same program — `Program::to_bytes` is
//! SAVE "f" byte for byte, `to_msx_ascii` is SAVE "f",A (LIST text, CR LF,
//! ^Z), msx-basic-format.md A1; AUTOEXEC.BAS is run at power-on (fact sheet
//! §5); FILES prints "NAME    .EXT" (§6.5); the error texts are §4.7's.

mod support;

use msx_disk::{Disk, Format};
use msx_machine::machine::{Machine, Until};
use support::*;

/// PINLIN (00AEh): the main loop waits for a typed line there.
const PINLIN: u16 = 0x00AE;

/// The machine with the free ROMs and `disk` in drive A:, run to the first
/// line it waits for.
fn boot(disk: &Disk) -> Machine {
    let mut m = disk_machine();
    m.insert_disk(0, disk.to_bytes()).expect("insert");
    let o = m.run_until(&Until::PcReached(PINLIN), 2000);
    assert!(o.reached(), "no prompt:\n{}", screen(&m));
    m
}

/// Types `line` and RETURN, and runs until the interpreter waits for the
/// next line.
fn cmd(m: &mut Machine, line: &str) {
    // The interpreter sits in PINLIN while the keys come; it enters it
    // again once the line has been done.
    // (The last key of the line before is let go first.)
    m.run_frames(8);
    m.type_text(&format!("{line}\n")).expect("type");
    let o = m.run_until(&Until::PcReached(PINLIN), 3000);
    assert!(o.reached(), "`{line}` did not finish:\n{}", screen(m));
}

/// The disk in drive A: as it is now.
fn disk_of(m: &Machine) -> Disk {
    Disk::from_bytes(m.disk_image(0).expect("a disk")).expect("image")
}

fn program(text: &str) -> msx_basic::Program {
    msx_basic::tokenize(text).expect("tokenize")
}

fn disk_with(files: &[(&str, Vec<u8>)]) -> Disk {
    let mut d = Disk::new(Format::Kb720);
    for (name, bytes) in files {
        d.write_file(name, bytes, when()).expect("write");
    }
    d
}

#[test]
fn autoexec_bas_runs_at_power_on() {
    let p = program("10 PRINT \"AUTO\";\"RUNS\"\n20 PRINT 6*7\n");
    let d = disk_with(&[("AUTOEXEC.BAS", p.to_bytes())]);
    let m = boot(&d);
    let s = screen(&m);
    assert!(s.contains("AUTORUNS"), "{s}");
    assert!(s.contains(" 42"), "{s}");
}

#[test]
fn without_autoexec_bas_basic_waits_in_direct_mode() {
    let d = disk_with(&[("OTHER.BAS", program("10 PRINT \"NO\"\n").to_bytes())]);
    let m = boot(&d);
    let s = screen(&m);
    // The start screen with Disk BASIC ends with its version (fact sheet §5).
    let at = |t: &str| s.find(t).unwrap_or_else(|| panic!("no `{t}`:\n{s}"));
    assert!(at("Bytes free") < at("Disk BASIC version 1.0"), "{s}");
    assert!(at("Disk BASIC version 1.0") < at("Ok"), "{s}");
    assert!(!s.contains("NO"), "{s}");
}

#[test]
fn save_writes_the_tokenized_file_byte_for_byte() {
    let text = "10 A=1:B$=\"X\"\n20 FOR I=1 TO 10:PRINT I*2.5;:NEXT\n30 GOTO 10\n";
    let d = disk_with(&[]);
    let mut m = boot(&d);
    for line in text.lines() {
        cmd(&mut m, line);
    }
    cmd(&mut m, "SAVE \"PROG.BAS\"");
    let saved = disk_of(&m).read_file("PROG.BAS").expect("saved");
    assert_eq!(saved, program(text).to_bytes());
    assert_eq!(
        msx_basic::detokenize(&saved).unwrap(),
        program(text).list().unwrap()
    );
}

#[test]
fn save_a_writes_the_list_text_with_cr_lf_and_ctrl_z() {
    let text = "10 PRINT \"HI\":REM X\n20 IF A<>1 THEN 10 ELSE PRINT &HFF\n";
    let d = disk_with(&[]);
    let mut m = boot(&d);
    for line in text.lines() {
        cmd(&mut m, line);
    }
    cmd(&mut m, "SAVE \"A:PROG.TXT\",A");
    let saved = disk_of(&m).read_file("PROG.TXT").expect("saved");
    assert_eq!(saved, msx_basic::to_msx_ascii(&program(text)).unwrap());
}

#[test]
fn load_of_a_tokenized_file_then_list_and_run() {
    let text = "10 PRINT \"LOADED\";77\n";
    let d = disk_with(&[("GAME.BAS", program(text).to_bytes())]);
    let mut m = boot(&d);
    cmd(&mut m, "LOAD \"GAME.BAS\"");
    cmd(&mut m, "CLS:LIST");
    assert!(
        screen(&m).contains("10 PRINT \"LOADED\";77"),
        "{}",
        screen(&m)
    );
    cmd(&mut m, "RUN");
    assert!(screen(&m).contains("LOADED 77"), "{}", screen(&m));
}

#[test]
fn load_of_a_text_file_reads_it_as_typed_and_replaces_the_program() {
    // LF-only lines and a blank line are accepted (msx-basic-format.md A1).
    let d = disk_with(&[(
        "TXT.BAS",
        b"20 PRINT \"TWO\"\n\n10 PRINT \"ONE\";\n".to_vec(),
    )]);
    let mut m = boot(&d);
    cmd(&mut m, "30 PRINT \"OLD\"");
    cmd(&mut m, "LOAD \"TXT.BAS\"");
    cmd(&mut m, "SAVE \"OUT.BAS\"");
    let saved = disk_of(&m).read_file("OUT.BAS").expect("saved");
    assert_eq!(
        saved,
        program("10 PRINT \"ONE\";\n20 PRINT \"TWO\"\n").to_bytes()
    );
}

#[test]
fn merge_adds_the_lines_of_a_text_file() {
    let d = disk_with(&[("M.BAS", b"20 PRINT 2\r\n30 PRINT 3\r\n\x1a".to_vec())]);
    let mut m = boot(&d);
    cmd(&mut m, "10 PRINT 1");
    cmd(&mut m, "30 PRINT 9");
    cmd(&mut m, "MERGE \"M.BAS\"");
    cmd(&mut m, "SAVE \"OUT.BAS\"");
    let saved = disk_of(&m).read_file("OUT.BAS").expect("saved");
    assert_eq!(
        saved,
        program("10 PRINT 1\n20 PRINT 2\n30 PRINT 3\n").to_bytes()
    );
}

#[test]
fn run_file_and_load_r_run_the_program() {
    let d = disk_with(&[
        ("A.BAS", program("10 PRINT \"RAN\";\"A\"\n").to_bytes()),
        ("B.BAS", b"10 PRINT \"RAN\";\"B\"\r\n\x1a".to_vec()),
    ]);
    let mut m = boot(&d);
    cmd(&mut m, "RUN \"A.BAS\"");
    assert!(screen(&m).contains("RANA"), "{}", screen(&m));
    cmd(&mut m, "LOAD \"B.BAS\",R");
    assert!(screen(&m).contains("RANB"), "{}", screen(&m));
}

#[test]
fn a_direct_statement_in_a_text_file_stops_the_load() {
    let d = disk_with(&[("D.BAS", b"10 PRINT 1\r\nPRINT 2\r\n20 PRINT 3\r\n".to_vec())]);
    let mut m = boot(&d);
    cmd(&mut m, "LOAD \"D.BAS\"");
    assert!(
        screen(&m).contains("Direct statement in file"),
        "{}",
        screen(&m)
    );
    // The main loop reads the keyboard again.
    cmd(&mut m, "PRINT 40+2");
    assert!(screen(&m).contains(" 42"), "{}", screen(&m));
}

#[test]
fn files_kill_and_name() {
    let d = disk_with(&[("ONE.BAS", vec![0xFF, 0, 0]), ("TWO.TXT", b"x".to_vec())]);
    let mut m = boot(&d);
    cmd(&mut m, "CLS:FILES");
    let s = screen(&m);
    assert!(s.contains("ONE     .BAS TWO     .TXT"), "{s}");
    cmd(&mut m, "CLS:FILES \"*.TXT\"");
    let s = screen(&m);
    assert!(s.contains("TWO     .TXT") && !s.contains("ONE"), "{s}");
    cmd(&mut m, "KILL \"ONE.BAS\"");
    cmd(&mut m, "NAME \"TWO.TXT\" AS \"THREE.TXT\"");
    let names: Vec<String> = disk_of(&m)
        .list()
        .into_iter()
        .map(|f| f.name.to_string())
        .collect();
    assert_eq!(names, vec!["THREE.TXT".to_string()]);
    cmd(&mut m, "CLS:KILL \"ONE.BAS\"");
    assert!(screen(&m).contains("File not found"), "{}", screen(&m));
    cmd(&mut m, "CLS:LOAD \"NONE.BAS\"");
    assert!(screen(&m).contains("File not found"), "{}", screen(&m));
}

/// NAME with wildcards renames every match, a '?' of the new name keeping
/// the old character (the BDOS's rename); its errors in the disk ROM's order.
#[test]
fn name_with_wildcards_and_its_errors() {
    let d = disk_with(&[
        ("A1.BAS", b"1".to_vec()),
        ("A2.BAS", b"2".to_vec()),
        ("B.TXT", b"b".to_vec()),
        ("C.TXT", b"c".to_vec()),
    ]);
    let mut m = boot(&d);
    cmd(&mut m, "NAME \"A?.BAS\" AS \"Z?.BAK\"");
    let mut names: Vec<String> = disk_of(&m)
        .list()
        .into_iter()
        .map(|f| f.name.to_string())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["B.TXT", "C.TXT", "Z1.BAK", "Z2.BAK"],
        "{}",
        screen(&m)
    );
    assert_eq!(disk_of(&m).read_file("Z2.BAK").unwrap(), b"2");
    // A file of the new name: 65; no file of the old one: 53, even when the
    // new one exists; an open file: 64.
    cmd(&mut m, "CLS:NAME \"B.TXT\" AS \"C.TXT\"");
    assert!(screen(&m).contains("File already exists"), "{}", screen(&m));
    cmd(&mut m, "CLS:NAME \"NONE.TXT\" AS \"C.TXT\"");
    assert!(screen(&m).contains("File not found"), "{}", screen(&m));
    cmd(
        &mut m,
        "CLS:OPEN \"B.TXT\" FOR INPUT AS #1:NAME \"B.TXT\" AS \"D.TXT\"",
    );
    assert!(screen(&m).contains("File still open"), "{}", screen(&m));
}

#[test]
fn without_a_disk_rom_the_disk_statements_answer_as_msx_basic_does() {
    let mut m = plain_machine();
    let o = m.run_until(&Until::PcReached(PINLIN), 2000);
    assert!(o.reached(), "no prompt:\n{}", screen(&m));
    assert!(screen(&m).contains("Ok"), "{}", screen(&m));
    assert!(!screen(&m).contains("Disk BASIC"), "{}", screen(&m));
    // No cassette on this machine: LOAD/SAVE cannot reach a device; the
    // disk-only statements are the main ROM's "Illegal function call".
    cmd(&mut m, "CLS:LOAD \"X\"");
    assert!(screen(&m).contains("Device I/O error"), "{}", screen(&m));
    cmd(&mut m, "CLS:FILES");
    assert!(
        screen(&m).contains("Illegal function call"),
        "{}",
        screen(&m)
    );
    // Errors 60-71 are named by a disk ROM only (fact sheet §4.7).
    cmd(&mut m, "CLS:ERROR 61");
    assert!(screen(&m).contains("Unprintable error"), "{}", screen(&m));
}

/// Types the lines of `text` as a program, then RUN.
fn run_program(m: &mut Machine, text: &str) {
    for line in text.lines() {
        cmd(m, line);
    }
    cmd(m, "CLS:RUN");
}

#[test]
fn sequential_files_written_appended_and_read_back() {
    let d = disk_with(&[]);
    let mut m = boot(&d);
    run_program(
        &mut m,
        "5 MAXFILES=2\n\
         10 OPEN \"DATA.TXT\" FOR OUTPUT AS #1\n\
         20 PRINT #1,\"HELLO\";42\n\
         30 PRINT #1,\"TWO,X\"\n\
         40 CLOSE #1\n\
         50 OPEN \"DATA.TXT\" FOR APPEND AS 2:PRINT #2,-7:CLOSE\n\
         60 OPEN \"DATA.TXT\" FOR INPUT AS #1\n\
         70 LINE INPUT #1,A$:PRINT \"[\";A$;\"]\"\n\
         80 INPUT #1,B$,C$:PRINT B$;\"/\";C$;EOF(1)\n\
         90 INPUT #1,N:PRINT N*2;EOF(1)\n\
         100 INPUT #1,N\n",
    );
    let s = screen(&m);
    // PRINT #'s numbers as PRINT's: a blank before and after; CR LF after
    // each PRINT; CLOSE ends the file with 1Ah (fact sheet §6; the
    // compiled runtime's diskfiles.asm writes the same).
    assert!(s.contains("[HELLO 42 ]"), "{s}");
    assert!(s.contains("TWO/X 0"), "{s}");
    assert!(s.contains("-14 -1"), "{s}");
    assert!(s.contains("Input past end in 100"), "{s}");
    let data = disk_of(&m).read_file("DATA.TXT").expect("file");
    assert_eq!(data, b"HELLO 42 \r\nTWO,X\r\n-7 \r\n\x1a".to_vec());
}

#[test]
fn file_numbers_and_modes_are_checked() {
    let d = disk_with(&[("IN.TXT", b"1\r\n\x1a".to_vec())]);
    let mut m = boot(&d);
    // MAXFILES is 1 at start (fact sheet §1.3).
    cmd(&mut m, "CLS:OPEN \"X.TXT\" FOR OUTPUT AS #2");
    assert!(screen(&m).contains("Bad file number"), "{}", screen(&m));
    cmd(&mut m, "CLS:PRINT #1,1");
    assert!(screen(&m).contains("File not OPEN"), "{}", screen(&m));
    cmd(&mut m, "CLS:OPEN \"IN.TXT\" FOR INPUT AS #1:PRINT #1,1");
    assert!(screen(&m).contains("Bad file mode"), "{}", screen(&m));
    cmd(&mut m, "CLS:OPEN \"IN.TXT\" FOR INPUT AS #1");
    assert!(screen(&m).contains("File already open"), "{}", screen(&m));
    cmd(&mut m, "CLS:CLOSE:OPEN \"NO.TXT\" FOR INPUT AS #1");
    assert!(screen(&m).contains("File not found"), "{}", screen(&m));
}

#[test]
fn crt_and_grp_devices() {
    let d = disk_with(&[]);
    let mut m = boot(&d);
    cmd(
        &mut m,
        "CLS:OPEN \"CRT:\" FOR OUTPUT AS #1:PRINT #1,\"ON\";\"SCREEN\":CLOSE",
    );
    assert!(screen(&m).contains("ONSCREEN"), "{}", screen(&m));
    // GRP: draws only on a graphic screen (fact sheet §6.1): it opens on
    // any (programs open it before their SCREEN 2), printing there is the
    // error.
    cmd(&mut m, "CLS:OPEN \"GRP:\" FOR OUTPUT AS #1:PRINT #1,\"X\"");
    assert!(
        screen(&m).contains("Illegal function call"),
        "{}",
        screen(&m)
    );
    cmd(&mut m, "CLS:OPEN \"CRT:\" FOR INPUT AS #1");
    assert!(screen(&m).contains("Bad file name"), "{}", screen(&m));
}

#[test]
fn bsave_bload_with_offset_vram_and_run() {
    let d = disk_with(&[]);
    let mut m = boot(&d);
    run_program(
        &mut m,
        "10 FOR I=0 TO 15:POKE &HC000+I,I*3:NEXT\n\
         20 BSAVE \"DUMP.BIN\",&HC000,&HC00F,&HC004\n\
         30 FOR I=0 TO 15:POKE &HC000+I,0:NEXT\n\
         40 BLOAD \"DUMP.BIN\",&H100\n\
         50 PRINT PEEK(&HC105);PEEK(&HC10F);PEEK(&HC005)\n\
         70 POKE &HD000,&HC9:BSAVE \"R.BIN\",&HD000,&HD000:BLOAD \"R.BIN\",R:PRINT \"BACK\"\n\
         80 VPOKE &H3005,77:BSAVE \"V.BIN\",&H3000,&H300F,S:VPOKE &H3005,0:BLOAD \"V.BIN\",S:PRINT VPEEK(&H3005)\n",
    );
    let s = screen(&m);
    assert!(s.contains(" 15  45  0"), "{s}");
    assert!(s.contains("BACK"), "{s}");
    assert!(s.contains(" 77"), "{s}");
    // FEh, start, end, execution address, the bytes (fact sheet §6.4).
    let mut want = vec![0xFE, 0x00, 0xC0, 0x0F, 0xC0, 0x04, 0xC0];
    want.extend((0..16u8).map(|i| i * 3));
    assert_eq!(disk_of(&m).read_file("DUMP.BIN").unwrap(), want);
}

#[test]
fn dskf_counts_the_free_clusters() {
    let d = disk_with(&[("BIG.BIN", vec![0x55; 5000])]);
    // 720 KB disks have clusters of 1 KB; msx-disk counts the free ones.
    let free = d.free_bytes() / 1024;
    let mut m = boot(&d);
    cmd(&mut m, "CLS:PRINT DSKF(0);DSKF(1)");
    assert!(
        screen(&m).contains(&format!(" {free}  {free}")),
        "{}",
        screen(&m)
    );
}

#[test]
fn random_files_field_lset_rset_put_get_mk_cv() {
    let d = disk_with(&[]);
    let mut m = boot(&d);
    run_program(
        &mut m,
        "10 OPEN \"R.DAT\" AS #1 LEN=10\n\
         20 FIELD #1,2 AS A$,4 AS B$,4 AS C$\n\
         30 FOR I=1 TO 3:LSET A$=MKI$(I*100):LSET B$=MKS$(I/4):RSET C$=CHR$(64+I):PUT #1,I:NEXT\n\
         40 GET #1,2:PRINT CVI(A$);CVS(B$);\"[\";C$;\"]\";LOC(1);LOF(1)\n\
         50 GET #1:PRINT CVI(A$);CVS(B$);\"[\";C$;\"]\"\n\
         60 CLOSE:PRINT CVD(MKD$(1.25))\n",
    );
    let s = screen(&m);
    assert!(s.contains(" 200  .5 [   B] 2  30"), "{s}");
    assert!(s.contains(" 300  .75 [   C]"), "{s}");
    assert!(s.contains(" 1.25"), "{s}");
    // Three records of 10 bytes: the integer low byte first, the single in
    // the Math-Pack's BCD format (fact sheet §3.1), the text right aligned.
    let mut want = Vec::new();
    for (i, single) in [
        (1u16, [0x40, 0x25, 0, 0]),
        (2, [0x40, 0x50, 0, 0]),
        (3, [0x40, 0x75, 0, 0]),
    ] {
        want.extend((i * 100).to_le_bytes());
        want.extend(single);
        want.extend(b"   ");
        want.push(b'@' + i as u8);
    }
    assert_eq!(disk_of(&m).read_file("R.DAT").unwrap(), want);
}

/// LOF and LOC give the FCB's whole 32-bit number (as a double: the disk
/// ROM ends them in DECADD), also past 32767 and 65535.
#[test]
fn lof_counts_past_32767() {
    let d = disk_with(&[
        ("BIG.BIN", vec![0x55; 70_000]),
        ("MID.BIN", vec![0xAA; 40_000]),
    ]);
    let mut m = boot(&d);
    cmd(&mut m, "MAXFILES=2");
    cmd(
        &mut m,
        "CLS:OPEN \"BIG.BIN\" FOR INPUT AS #1:OPEN \"MID.BIN\" FOR INPUT AS #2:PRINT LOF(1);LOF(2);LOF(1)-LOF(2)",
    );
    let s = screen(&m);
    assert!(s.contains(" 70000  40000  30000"), "{s}");
}

#[test]
fn copy_makes_a_second_file_and_kill_refuses_an_open_one() {
    let data: Vec<u8> = (0..700u32).map(|i| (i * 7 % 251) as u8).collect();
    let d = disk_with(&[("BIG.BIN", data.clone())]);
    let mut m = boot(&d);
    cmd(&mut m, "COPY \"BIG.BIN\" TO \"A:B2.BIN\"");
    assert_eq!(disk_of(&m).read_file("B2.BIN").unwrap(), data);
    cmd(
        &mut m,
        "CLS:OPEN \"BIG.BIN\" FOR INPUT AS #1:KILL \"BIG.BIN\"",
    );
    assert!(screen(&m).contains("File still open"), "{}", screen(&m));
    cmd(&mut m, "CLS:CLOSE:KILL \"BIG.BIN\":PRINT \"GONE\"");
    assert!(screen(&m).contains("GONE"), "{}", screen(&m));
    cmd(&mut m, "CLS:COPY \"NONE\" TO \"X\"");
    assert!(screen(&m).contains("File not found"), "{}", screen(&m));
}

/// COPY with wildcards copies every file the first name matches; in the
/// second a '?' (or '*') keeps the copied file's character, so "*.BAK" gives
/// each file its own name with another extension and "X*.BIN" replaces the
/// first letter. A file copied onto itself is refused (making the copy
/// would empty it), and the files are untouched.
#[test]
fn copy_with_wildcards_copies_every_file_matched() {
    let one: Vec<u8> = (0..300u32).map(|i| (i * 3 % 256) as u8).collect();
    let two: Vec<u8> = b"second file".to_vec();
    let d = disk_with(&[
        ("ONE.BIN", one.clone()),
        ("TWO.BIN", two.clone()),
        ("OTHER.DAT", b"x".to_vec()),
    ]);
    let mut m = boot(&d);
    cmd(&mut m, "COPY \"*.BIN\" TO \"*.BAK\":PRINT \"DONE\"");
    assert!(screen(&m).contains("DONE"), "{}", screen(&m));
    let disk = disk_of(&m);
    assert_eq!(disk.read_file("ONE.BAK").unwrap(), one);
    assert_eq!(disk.read_file("TWO.BAK").unwrap(), two);
    assert!(
        disk.read_file("OTHER.BAK").is_err(),
        "only the files matched"
    );
    cmd(&mut m, "COPY \"T*.BIN\" TO \"X*.BIN\"");
    assert_eq!(disk_of(&m).read_file("XWO.BIN").unwrap(), two);
    cmd(&mut m, "CLS:COPY \"ONE.BIN\" TO \"A:\"");
    assert!(screen(&m).contains("File already exists"), "{}", screen(&m));
    assert_eq!(
        disk_of(&m).read_file("ONE.BIN").unwrap(),
        one,
        "not emptied"
    );
    cmd(&mut m, "CLS:COPY \"*.XYZ\" TO \"*.BAK\"");
    assert!(screen(&m).contains("File not found"), "{}", screen(&m));
}

#[test]
fn autoexec_bas_may_be_text() {
    let d = disk_with(&[(
        "AUTOEXEC.BAS",
        b"10 FOR I=1 TO 3\r\n20 PRINT \"T\";I;\r\n30 NEXT\r\n\x1a".to_vec(),
    )]);
    let m = boot(&d);
    assert!(screen(&m).contains("T 1 T 2 T 3"), "{}", screen(&m));
}

#[test]
fn save_after_run_writes_line_numbers_not_pointers() {
    // A GOTO that has run holds a pointer to its line in memory; the file
    // has the number (msx-basic-format.md A1: "convert linepointers to
    // linenumbers").
    let text = "10 I=I+1:IF I<3 THEN 10\n20 GOSUB 40:GOTO 30\n30 END\n40 RETURN\n";
    let d = disk_with(&[]);
    let mut m = boot(&d);
    for line in text.lines() {
        cmd(&mut m, line);
    }
    cmd(&mut m, "RUN");
    cmd(&mut m, "SAVE \"P.BAS\"");
    let saved = disk_of(&m).read_file("P.BAS").expect("saved");
    assert_eq!(saved, program(text).to_bytes());
}

#[test]
fn print_to_a_file_counts_the_file_s_columns_not_the_screen_s() {
    // With the screen's cursor far right, a number must not start a new
    // line in the file; ',' zones (14 columns) count from the file's line.
    let d = disk_with(&[]);
    let mut m = boot(&d);
    run_program(
        &mut m,
        "10 OPEN \"C.TXT\" FOR OUTPUT AS #1\n\
         20 PRINT STRING$(33,\"-\");\n\
         30 PRINT #1,123456;\n\
         40 PRINT #1,\"A\",\"B\"\n\
         50 CLOSE\n",
    );
    let data = disk_of(&m).read_file("C.TXT").expect("file");
    assert_eq!(data, b" 123456 A     B\r\n\x1a".to_vec());
}

#[test]
fn input_dollar_reads_characters_of_a_file() {
    let d = disk_with(&[("IN.TXT", b"ABCDEFG\r\n\x1a".to_vec())]);
    let mut m = boot(&d);
    run_program(
        &mut m,
        "10 OPEN \"IN.TXT\" FOR INPUT AS #1\n\
         20 A$=INPUT$(3,#1):B$=INPUT$(2,1)\n\
         30 PRINT \"[\";A$;\"|\";B$;\"]\";LEN(INPUT$(4,#1))\n\
         40 C$=INPUT$(1,#1)\n",
    );
    let s = screen(&m);
    assert!(s.contains("[ABC|DE] 4"), "{s}");
    assert!(s.contains("Input past end in 40"), "{s}");
}

#[test]
fn grp_draws_text_on_a_graphic_screen() {
    // OPEN "GRP:" AS #1 (no FOR: output, as programs write it). GRP:
    // sends each character to GRPPRT (008Dh), which draws it at the
    // graphic cursor (fact sheet §6.1): SCREEN 2's pattern table (0000h-
    // 17FFh) gets pixels. The program stays in SCREEN 2 (line 50) while
    // the VRAM is looked at.
    let d = disk_with(&[]);
    let mut m = boot(&d);
    for line in [
        "10 SCREEN 2",
        "20 OPEN \"GRP:\" AS #1",
        "30 PRINT #1,\"HELLO\";",
        "40 CLOSE:POKE &HC000,1",
        "50 GOTO 50",
    ] {
        cmd(&mut m, line);
    }
    m.run_frames(8);
    m.type_text("RUN\n").expect("type");
    m.run_frames(120);
    assert_eq!(m.peek(0xC000), 1, "the program ran to line 50");
    assert_eq!(m.peek(0xFCAF), 2, "SCRMOD: still SCREEN 2");
    let vram = m.vram();
    let lit = vram[..0x1800].iter().filter(|&&b| b != 0).count();
    assert!(lit > 10, "{lit} pattern bytes set");
}

/// DSKI$(d,s) reads sector s into the 512 bytes F351h points to and gives
/// ""; DSKO$ d,s writes them back to sector s (fact sheet §6, the msx.org
/// wiki's DSKI$()/DSKO$ pages; drive 0 is the default, 1 is A:). The boot
/// sector read back must be the image's first 512 bytes, and a sector
/// written must land in the image at sector * 512. LFILES is FILES on the
/// printer (§6.5).
#[test]
fn dski_dsko_and_lfiles() {
    let disk = disk_with(&[("HELLO.TXT", b"hi".to_vec())]);
    let image = disk.to_bytes();
    let mut m = boot(&disk);
    cmd(
        &mut m,
        "A$=DSKI$(0,0):B=PEEK(&HF351)+256*PEEK(&HF352):PRINT LEN(A$)",
    );
    let buf = usize::from(m.peek(0xF351)) | usize::from(m.peek(0xF352)) << 8;
    let read: Vec<u8> = (0..512).map(|i| m.peek((buf + i) as u16)).collect();
    assert_eq!(read, image[..512], "the boot sector in the buffer");
    assert!(screen(&m).contains(" 0\n"), "{}", screen(&m));
    // Sector 1000 of the 720 KB disk is free space: the buffer goes there.
    cmd(&mut m, "POKE B,123:POKE B+511,45:DSKO$ 1,1000");
    let after = disk_of(&m).to_bytes();
    let at = 1000 * 512;
    assert_eq!(after[at], 123);
    assert_eq!(after[at + 511], 45);
    assert_eq!(after[at + 1..at + 511], image[1..511]);
    cmd(&mut m, "A$=DSKI$(9,0)");
    assert!(screen(&m).contains("Bad drive name"), "{}", screen(&m));

    m.plug_printer(true);
    cmd(&mut m, "LFILES");
    let printed = String::from_utf8_lossy(&m.take_printer_output()).into_owned();
    assert!(printed.contains("HELLO   .TXT"), "{printed:?}");
}

/// COPY (x1,y1)-(x2,y2) TO "file" writes the block as COPY ... TO array
/// keeps it (MSX2 Technical Handbook, chapter 2, COPY): the width and
/// height as words, then the dots packed as in VRAM (SCREEN 5: two a byte,
/// left one high; the last byte padded). COPY "file"[,dir] TO (x,y) draws
/// it back (direction 2: upwards). A 5-wide block is moved two rows at a
/// time (5 dots do not fill whole bytes), which must not show in the file.
/// COPY array TO "file" and COPY "file" TO array move those bytes as they are.
#[test]
fn copy_to_and_from_a_file() {
    let listing = concat!(
        "10 DEFINT A-Z:DIM A(20):SCREEN 5\n",
        "20 FOR Y=0 TO 2:FOR X=0 TO 4:PSET(X,Y),(X+5*Y) MOD 16:NEXT:NEXT\n",
        "30 COPY (0,0)-(4,2) TO \"PIC.DAT\"\n",
        "40 COPY (0,0)-(4,2) TO A\n",
        "50 COPY \"PIC.DAT\" TO (50,50):COPY \"PIC.DAT\",2 TO (100,100)\n",
        "60 FOR Y=0 TO 2:FOR X=0 TO 4:IF POINT(50+X,50+Y)<>POINT(X,Y) THEN E=E+1\n",
        "70 IF POINT(100+X,100-Y)<>POINT(X,Y) THEN F=F+1\n",
        "80 NEXT:NEXT:DIM B(20):COPY A TO \"ARR.DAT\":COPY \"PIC.DAT\" TO B\n",
        "90 FOR I=0 TO 5:IF A(I)<>B(I) THEN G=G+1\n",
        "100 NEXT:SCREEN 0:PRINT \"DIFF\";E;F;G\n",
    );
    let disk = disk_with(&[("CF.BAS", program(listing).to_bytes())]);
    let mut m = boot(&disk);
    cmd(&mut m, "RUN \"CF.BAS\"");
    assert!(screen(&m).contains("DIFF 0  0  0"), "{}", screen(&m));
    let file = disk_of(&m).read_file("PIC.DAT").expect("PIC.DAT written");
    // COPY array TO "file" writes the same bytes (the array's header gives
    // their number); COPY "file" TO array read them back (G = 0).
    assert_eq!(disk_of(&m).read_file("ARR.DAT").expect("ARR.DAT"), file);
    let dots: Vec<u8> = (0..15)
        .map(|i| ((i % 5 + 5 * (i / 5)) % 16) as u8)
        .collect();
    let mut want = vec![5, 0, 3, 0];
    for pair in dots.chunks(2) {
        want.push(pair[0] << 4 | pair.get(1).copied().unwrap_or(0));
    }
    assert_eq!(file, want);
}

/// PRINT #n, USING formats into a file as PRINT USING does on the screen
/// (fact sheet §6.2: PRINT # takes PRINT's items): "##.#" gives " 3.1",
/// "+###" gives " +42" (the sign just before the digits), then CR LF.
#[test]
fn print_hash_using_writes_formatted_numbers() {
    let mut m = boot(&disk_with(&[]));
    cmd(
        &mut m,
        "OPEN \"T.TXT\" FOR OUTPUT AS 1:PRINT #1,USING \"##.#\";3.14159:PRINT #1,USING \"+###\";42:CLOSE 1",
    );
    let file = disk_of(&m).read_file("T.TXT").expect("T.TXT");
    let text = String::from_utf8_lossy(&file);
    assert!(text.starts_with(" 3.1\r\n +42\r\n"), "{text:?}");
}

/// A BLOAD file of `len` bytes for `start`: FEh, start, end, execution
/// address, then byte i = (i * 7 + i / 512) as u8.
fn bload_file(start: u16, len: usize) -> (Vec<u8>, Vec<u8>) {
    let end = start + (len - 1) as u16;
    let data: Vec<u8> = (0..len).map(|i| (i * 7 + i / 512) as u8).collect();
    let mut f = vec![0xFE];
    for w in [start, end, start] {
        f.extend(w.to_le_bytes());
    }
    f.extend(&data);
    (f, data)
}

#[test]
fn large_bloads_and_bsaves_move_ram_and_vram_whole_and_quickly() {
    // 14 343 bytes, a SCREEN 2 picture's size: to RAM at 9000h (whole
    // sectors go straight from the disk), and with ,S to VRAM through the
    // free memory above STREND.
    let (ram_file, ram_data) = bload_file(0x9000, 14343);
    // (VRAM from 4000h: the text screen's tables stay clear of it.)
    let (vram_file, vram_data) = bload_file(0x4000, 14343);
    let d = disk_with(&[("RAM.BIN", ram_file), ("VRAM.BIN", vram_file)]);
    let mut m = boot(&d);
    // Each timed against typing a line as long that does nothing.
    let timed = |m: &mut Machine, line: &str| {
        let blank = format!("REM{}", &line[3..]);
        let c0 = m.cycles();
        cmd(m, &blank);
        let c1 = m.cycles();
        cmd(m, line);
        ((m.cycles() - c1) as f64 - (c1 - c0) as f64) / 3_579_545.0
    };
    // RAM from 9000h kept from BASIC (as a program must: BLOAD and BSAVE
    // with ,S use the free memory as their buffer, as Disk BASIC does).
    cmd(&mut m, "CLEAR 200,&H8FFF");
    let ram_s = timed(&mut m, "BLOAD \"RAM.BIN\"");
    assert!(
        m.peek_range(0x9000, ram_data.len()) == ram_data,
        "RAM differs"
    );
    let vram_s = timed(&mut m, "BLOAD \"VRAM.BIN\",S");
    assert!(
        m.vram()[0x4000..0x4000 + vram_data.len()] == vram_data[..],
        "VRAM differs"
    );
    // And back with BSAVE (the execution address is the start here).
    let save_ram_s = timed(&mut m, "BSAVE \"R2.BIN\",&H9000,&H9000+14342");
    let save_vram_s = timed(&mut m, "BSAVE \"V2.BIN\",&H4000,&H4000+14342,S");
    let disk = disk_of(&m);
    let got = disk.read_file("R2.BIN").unwrap();
    let want = ram_file_again(0x9000);
    let first = got.iter().zip(&want).position(|(a, b)| a != b);
    assert!(
        got == want,
        "R2.BIN: {} vs {} bytes, first difference at {first:?}: {:02X?}",
        got.len(),
        want.len(),
        &got[..16.min(got.len())]
    );
    assert!(
        disk.read_file("V2.BIN").unwrap() == ram_file_again(0x4000),
        "V2.BIN"
    );
    // Byte by byte through the one-sector cache they took a disk turn per
    // sector: 6.9 s each. Now 1.3 s, and 2.2 s with ,S (a 3 KB buffer
    // between STREND and the stack here).
    assert!(ram_s < 1.6, "RAM: {ram_s:.2} s");
    assert!(vram_s < 2.6, "VRAM: {vram_s:.2} s");
    // BSAVE byte by byte: 7.4 s and 7.3 s; by blocks 1.6 s and 2.3 s.
    assert!(save_ram_s < 2.0, "BSAVE RAM: {save_ram_s:.2} s");
    assert!(save_vram_s < 2.8, "BSAVE VRAM: {save_vram_s:.2} s");
}

fn ram_file_again(start: u16) -> Vec<u8> {
    bload_file(start, 14343).0
}

#[test]
fn call_system_goes_to_msx_dos_and_basic_comes_back() {
    let d = disk_with(&[("NOTE.TXT", b"hi".to_vec())]);
    let mut m = boot(&d);
    cmd(&mut m, "CALL SYSTEM 1");
    assert!(screen(&m).contains("Syntax error"), "{}", screen(&m));
    m.run_frames(8);
    m.type_text("CALL SYSTEM\n").unwrap();
    run_to_text(&mut m, "A>", 600);
    let f = m.frame_count();
    m.type_text_at(f + 5, "DIR\n").unwrap();
    run_to_text(&mut m, "NOTE     TXT", 600);
    let f = m.frame_count();
    m.type_text_at(f + 5, "BASIC\n").unwrap();
    run_to_text(&mut m, "Bytes free", 600);
    let o = m.run_until(&Until::PcReached(PINLIN), 600);
    assert!(o.reached(), "{}", screen(&m));
    // CALL FORMAT asks as FORMAT does (one drive: A: and B:).
    m.run_frames(8);
    m.type_text("_FORMAT\n").unwrap();
    run_to_text(&mut m, "Drive name? (A,B)", 600);
}
