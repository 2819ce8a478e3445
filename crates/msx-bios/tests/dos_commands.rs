//! The built-in commands of the free disk ROM's MSX-DOS prompt (DIR, TYPE,
//! DEL, REN, COPY, DATE, TIME, drive change, ...) and batch files: a disk made
//! with `msx-disk` boots to the prompt, commands are typed on the keyboard,
//! and the screen text and the disk image (read back with `msx-disk`) are
//! checked. Expected texts follow the formats documented in docs/bios.md
//! (MSX2 Technical Handbook chapter 3, MS-DOS 1.25 COMMAND messages).

mod support;

use msx_disk::{Disk, Format};
use msx_machine::machine::Machine;
use msx_machine::ppi::Key;
use support::*;

const HELLO: &[u8] = b"Hello, MSX!\r\nSecond line\r\n\x1aNOT SHOWN";

/// The bytes of a test file of `len` bytes (a pattern that shows shifts).
fn pattern(len: usize, seed: u8) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u8).wrapping_mul(7).wrapping_add(seed))
        .collect()
}

/// The default machine with a disk holding `files`, booted to the prompt.
fn prompt_machine(files: &[(&str, Vec<u8>)]) -> Machine {
    let mut disk = Disk::new(Format::Kb720);
    for (name, bytes) in files {
        disk.write_file(name, bytes, when()).unwrap();
    }
    disk.set_boot_command("").unwrap();
    let mut m = disk_machine();
    m.set_rendering(false);
    m.insert_disk(0, disk.to_bytes()).unwrap();
    run_to_text(&mut m, "A>", 3000);
    m
}

/// Whether `line` is a bare prompt: "A>" and perhaps the cursor.
fn is_prompt(line: &str) -> bool {
    let l: Vec<char> = line.trim().chars().collect();
    (2..=3).contains(&l.len()) && l[0].is_ascii_uppercase() && l[1] == '>'
}

/// Whether the last non-blank line is a bare prompt.
fn at_prompt(m: &Machine) -> bool {
    let s = screen(m);
    is_prompt(s.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or(""))
}

/// Types `line` and RETURN, runs until the prompt is back, and returns the
/// screen lines between the command line and the new prompt.
fn command(m: &mut Machine, line: &str) -> Vec<String> {
    typed(m, line);
    output_of(m, line)
}

/// Types `line` and RETURN and runs until the prompt is back.
fn typed(m: &mut Machine, line: &str) {
    let f = m.frame_count();
    let end = m.type_text_at(f + 5, &format!("{line}\n")).unwrap();
    m.run_frames(end - m.frame_count() + 2);
    for _ in 0..2000 {
        if at_prompt(m) {
            break;
        }
        m.run_frames(5);
    }
    assert!(at_prompt(m), "`{line}` did not come back:\n{}", screen(m));
}

/// The lines after the last line ending with `>{line}` (its first line: the
/// rest answers questions), up to the prompt; blank lines and bare prompts
/// left out.
fn output_of(m: &Machine, line: &str) -> Vec<String> {
    let line = line.lines().next().unwrap_or("");
    let s = screen(m);
    let lines: Vec<&str> = s.lines().map(|l| l.trim_end()).collect();
    let start = lines
        .iter()
        .rposition(|l| l.trim_start().ends_with(&format!(">{line}")))
        .unwrap_or_else(|| panic!("`{line}` not on the screen:\n{s}"));
    let end = lines
        .iter()
        .rposition(|l| !l.trim().is_empty())
        .expect("the prompt");
    lines[start + 1..end]
        .iter()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty() && !is_prompt(l))
        .collect()
}

fn image(m: &Machine) -> Disk {
    Disk::from_bytes(m.disk_image(0).unwrap()).expect("valid image")
}

#[test]
fn dir_lists_files_with_size_date_time_and_free_space() {
    let files = vec![
        ("HELLO.TXT", HELLO.to_vec()),
        ("DATA1.BIN", pattern(1000, 1)),
        ("DATA2.BIN", pattern(3000, 2)),
    ];
    let mut m = prompt_machine(&files);
    let free = image(&m).free_bytes();
    // 720 KB: 713 clusters of 1 KB; the files take 1 + 1 + 3.
    assert_eq!(free, (713 - 5) * 1024);
    let out = command(&mut m, "DIR");
    // Written 2024-05-01 12:00:00 (support::when): "5-01-24", "12:00p";
    // 36 columns, as the prompt's width is 37.
    assert_eq!(
        out,
        [
            "HELLO    TXT      36  5-01-24 12:00p",
            "DATA1    BIN    1000  5-01-24 12:00p",
            "DATA2    BIN    3000  5-01-24 12:00p",
            "3 files    724992 bytes free",
        ],
        "{}",
        screen(&m)
    );
    let out = command(&mut m, "DIR *.BIN");
    assert_eq!(out.len(), 3, "{out:?}");
    assert!(out[0].starts_with("DATA1    BIN    1000"));
    assert_eq!(out[2], "2 files    724992 bytes free");
    // DIR name = name.*, DIR .ext = *.ext.
    assert_eq!(command(&mut m, "DIR HELLO")[0].len(), 36);
    assert_eq!(
        command(&mut m, "DIR .TXT")[1],
        "1 file    724992 bytes free"
    );
    let out = command(&mut m, "DIR /W");
    assert_eq!(
        out,
        [
            "HELLO    TXT  DATA1    BIN",
            "DATA2    BIN",
            "3 files    724992 bytes free"
        ]
    );
    assert_eq!(command(&mut m, "DIR NOSUCH"), ["File not found"]);
}

#[test]
fn type_shows_a_text_file_up_to_its_end_mark() {
    let mut m = prompt_machine(&[("HELLO.TXT", HELLO.to_vec())]);
    assert_eq!(
        command(&mut m, "TYPE HELLO.TXT"),
        ["Hello, MSX!", "Second line"]
    );
    // A wildcard types the first match; a missing file says so.
    assert_eq!(command(&mut m, "TYPE H*.*"), ["Hello, MSX!", "Second line"]);
    assert_eq!(command(&mut m, "TYPE NONE.TXT"), ["File not found"]);
    assert_eq!(command(&mut m, "TYPE"), ["Missing file name"]);
}

#[test]
fn del_ren_and_copy_change_the_disk_image() {
    let files = vec![
        ("HELLO.TXT", HELLO.to_vec()),
        ("DATA1.BIN", pattern(1000, 1)),
        ("DATA2.BIN", pattern(40000, 2)),
        ("OLD.DAT", pattern(10, 3)),
    ];
    let mut m = prompt_machine(&files);
    // COPY to another name: the bytes are the same (40000 bytes: more than
    // one buffer load).
    assert_eq!(command(&mut m, "COPY DATA2.BIN BIG.BIN"), ["1 file copied"]);
    assert_eq!(image(&m).read_file("BIG.BIN").unwrap(), pattern(40000, 2));
    // The copy keeps the source's date and time (the clock says otherwise).
    assert_eq!(
        image(&m).file_info("BIG.BIN").unwrap().modified,
        Some(when())
    );
    // COPY with wildcards: each name shown, '?' taken from the source.
    assert_eq!(
        command(&mut m, "COPY DATA?.BIN *.BAK"),
        ["DATA1.BIN", "DATA2.BIN", "2 files copied"]
    );
    let disk = image(&m);
    assert_eq!(disk.read_file("DATA1.BAK").unwrap(), pattern(1000, 1));
    assert_eq!(disk.read_file("DATA2.BAK").unwrap(), pattern(40000, 2));
    assert_eq!(disk.read_file("DATA1.BIN").unwrap(), pattern(1000, 1));
    assert_eq!(
        command(&mut m, "COPY HELLO.TXT"),
        ["File cannot be copied onto itself", "0 files copied"]
    );
    // REN, also with wildcards.
    assert!(command(&mut m, "REN OLD.DAT NEW.DAT").is_empty());
    assert!(command(&mut m, "RENAME *.BAK *.SAV").is_empty());
    assert_eq!(
        command(&mut m, "REN NEW.DAT HELLO.TXT"),
        ["Duplicate file name or File not found"]
    );
    let disk = image(&m);
    assert!(disk.read_file("OLD.DAT").is_err());
    assert_eq!(disk.read_file("NEW.DAT").unwrap(), pattern(10, 3));
    assert_eq!(disk.read_file("DATA2.SAV").unwrap(), pattern(40000, 2));
    assert!(disk.read_file("DATA1.BAK").is_err());
    // DEL one file, then with a wildcard; ERASE is the same.
    assert!(command(&mut m, "DEL NEW.DAT").is_empty());
    assert!(command(&mut m, "ERASE *.SAV").is_empty());
    assert_eq!(command(&mut m, "DEL NEW.DAT"), ["File not found"]);
    let disk = image(&m);
    let mut names: Vec<String> = disk.list().iter().map(|f| f.name.to_string()).collect();
    names.sort();
    assert_eq!(names, ["BIG.BIN", "DATA1.BIN", "DATA2.BIN", "HELLO.TXT"]);
    // DEL *.* asks first: N keeps the files, Y deletes them all.
    assert_eq!(command(&mut m, "DEL *.*\nN").len(), 1);
    assert_eq!(image(&m).list().len(), 4);
    command(&mut m, "DEL *.*\nY");
    assert!(image(&m).list().is_empty(), "{}", screen(&m));
    assert_eq!(image(&m).free_bytes(), 713 * 1024);
}

#[test]
fn date_and_time_set_and_show_the_clock() {
    let mut m = prompt_machine(&[]);
    assert!(command(&mut m, "DATE 12-25-2025").is_empty());
    // 2025-12-25 was a Thursday. DATE then asks; RETURN keeps it.
    let out = command(&mut m, "DATE\n");
    assert_eq!(out[0], "Current date is Thu 12-25-2025", "{out:?}");
    assert_eq!(out[1], "Enter new date:");
    // A bad date says so and asks for another.
    assert_eq!(
        command(&mut m, "DATE 13-1-99\n1-2-03"),
        ["Invalid date", "Enter new date: 1-2-03"]
    );
    let out = command(&mut m, "DATE\n");
    assert_eq!(out[0], "Current date is Thu 01-02-2003", "{out:?}");
    // The month's length: 31 April and 29 February 2023 are no dates, 29
    // February 2024 is (a leap year), and 2000 was one too.
    for bad in ["4-31-2024", "2-29-2023", "2-30-2024", "6-0-2024"] {
        assert_eq!(
            command(&mut m, &format!("DATE {bad}\n1-2-03"))[0],
            "Invalid date",
            "{bad}"
        );
    }
    assert!(command(&mut m, "DATE 2-29-2024").is_empty());
    assert_eq!(
        command(&mut m, "DATE\n")[0],
        "Current date is Thu 02-29-2024"
    );
    assert!(command(&mut m, "DATE 2-29-2000").is_empty());
    assert_eq!(
        command(&mut m, "DATE\n")[0],
        "Current date is Tue 02-29-2000"
    );
    assert!(command(&mut m, "TIME 1:16P").is_empty());
    let out = command(&mut m, "TIME\n");
    assert!(out[0].starts_with("Current time is  1:16:0"), "{out:?}");
    assert!(out[0].ends_with(".00p"), "{out:?}");
    assert!(command(&mut m, "TIME 23:59:50").is_empty());
    let out = command(&mut m, "TIME\n");
    assert!(out[0].starts_with("Current time is 11:59:5"), "{out:?}");
    assert_eq!(command(&mut m, "TIME 25\n")[0], "Invalid time");
}

#[test]
fn drive_change_cls_ver_and_unknown_commands() {
    let mut m = prompt_machine(&[("HELLO.TXT", HELLO.to_vec())]);
    // The default machine has one drive: A: and B: (simulated on it).
    assert_eq!(command(&mut m, "C:"), ["Invalid drive specification"]);
    assert!(command(&mut m, "A:").is_empty());
    assert!(command(&mut m, "VER")[0].contains("MSX-DOS 1"));
    // (BASIC: basic_goes_back_to_msx_basic_and_runs_a_program_given.)
    assert!(command(&mut m, "REM anything at all").is_empty());
    let f = m.frame_count();
    let end = m.type_text_at(f + 5, "CLS\n").unwrap();
    m.run_frames(end - m.frame_count() + 10);
    let s = screen(&m);
    assert_eq!(s.lines().filter(|l| !l.trim().is_empty()).count(), 1, "{s}");
    assert_eq!(command(&mut m, "DIRX"), ["Bad command or file name"]);
}

#[test]
fn batch_files_run_line_by_line_with_parameters_and_autoexec() {
    let bat = b"REM %0 %1 %2\r\nCOPY %1 %2\r\nTYPE %2\r\n".to_vec();
    let auto = b"TYPE HELLO.TXT\r\n".to_vec();
    let mut m = prompt_machine(&[
        ("HELLO.TXT", HELLO.to_vec()),
        ("CP.BAT", bat),
        ("AUTOEXEC.BAT", auto),
    ]);
    // AUTOEXEC.BAT ran at boot: its line shown after the prompt, then done.
    m.run_frames(200);
    let s = screen(&m);
    assert!(s.contains("A>TYPE HELLO.TXT"), "{s}");
    assert!(s.contains("Second line"), "{s}");
    assert!(at_prompt(&m), "{s}");
    command(&mut m, "CP HELLO.TXT COPY.TXT");
    m.run_frames(100);
    let s = screen(&m);
    assert!(s.contains("A>REM CP HELLO.TXT COPY.TXT"), "{s}");
    assert!(s.contains("A>COPY HELLO.TXT COPY.TXT"), "{s}");
    assert!(s.contains("A>TYPE COPY.TXT"), "{s}");
    assert_eq!(image(&m).read_file("COPY.TXT").unwrap(), HELLO);
}

/// Presses CTRL and `key` together for a few frames from the next frame on.
fn ctrl(m: &mut Machine, key: Key) {
    let f = m.frame_count() + 1;
    m.press_at(f, Key::Ctrl);
    m.press_at(f + 1, key);
    m.release_at(f + 6, key);
    m.release_at(f + 7, Key::Ctrl);
}

/// A .COM program that prints `X` with BDOS 02h forever.
fn forever() -> Vec<u8> {
    let (bytes, origin) = assemble(
        "        org 0100h\nloop:   ld e,'X'\n        ld c,2\n        call 5\n        jr loop\n",
    );
    assert_eq!(origin, 0x100);
    bytes
}

#[test]
fn ctrl_c_and_ctrl_stop_end_a_program_and_a_batch_file() {
    let mut m = prompt_machine(&[
        ("LOOP.COM", forever()),
        ("RUN.BAT", b"LOOP\r\nREM after\r\n".to_vec()),
        ("BIG.TXT", vec![b'Y'; 20000]),
    ]);
    let f = m.frame_count();
    let end = m.type_text_at(f + 5, "LOOP\n").unwrap();
    m.run_frames(end - m.frame_count() + 30);
    assert!(screen(&m).contains("XXXXXXXX"), "{}", screen(&m));
    ctrl(&mut m, Key::C);
    m.run_frames(30);
    assert!(at_prompt(&m), "CTRL+C ends it:\n{}", screen(&m));
    // (^C may wrap onto the next row, with the boot's timing.)
    let rows: String = screen(&m).lines().map(str::trim_start).collect();
    assert!(rows.contains("X^C"), "{}", screen(&m));
    // CTRL+STOP ends TYPE at the prompt.
    let f = m.frame_count();
    let end = m.type_text_at(f + 5, "TYPE BIG.TXT\n").unwrap();
    m.run_frames(end - m.frame_count());
    // Once TYPE shows the file (the drive's motor may have to spin up first,
    // which depends on when the disk was last read).
    run_to_text(&mut m, "YYYY", 120);
    ctrl(&mut m, Key::Stop);
    m.run_frames(30);
    assert!(at_prompt(&m), "CTRL+STOP ends TYPE:\n{}", screen(&m));
    assert!(screen(&m).contains("Y^C"), "{}", screen(&m));
    // In a batch file: asked, N goes on with the next line.
    let f = m.frame_count();
    let end = m.type_text_at(f + 5, "RUN\n").unwrap();
    m.run_frames(end - m.frame_count() + 30);
    ctrl(&mut m, Key::C);
    run_to_text(&mut m, "Terminate batch file (Y/N)?", 60);
    let f = m.frame_count();
    m.type_text_at(f + 5, "N").unwrap();
    run_to_text(&mut m, "A>REM after", 120);
    m.run_frames(20);
    assert!(at_prompt(&m), "{}", screen(&m));
}

#[test]
fn a_disk_error_asks_abort_retry_ignore() {
    let mut m = prompt_machine(&[("HELLO.TXT", HELLO.to_vec())]);
    let disk = m.eject_disk(0).expect("a disk");
    let f = m.frame_count();
    let end = m.type_text_at(f + 5, "DIR\n").unwrap();
    m.run_frames(end - m.frame_count() + 2);
    run_to_text(&mut m, "Abort, Retry, Ignore?", 600);
    assert!(
        screen(&m).contains("Not ready error reading drive A"),
        "{}",
        screen(&m)
    );
    // The disk back and R: DIR goes on.
    m.insert_disk(0, disk.clone()).unwrap();
    let f = m.frame_count();
    m.type_text_at(f + 5, "R").unwrap();
    run_to_text(&mut m, "bytes free", 600);
    assert!(screen(&m).contains("HELLO    TXT"), "{}", screen(&m));
    // Without the disk again, A gives up and the prompt comes back.
    m.run_frames(30);
    m.eject_disk(0);
    let f = m.frame_count();
    let end = m.type_text_at(f + 5, "TYPE HELLO.TXT\n").unwrap();
    m.run_frames(end - m.frame_count() + 2);
    run_to_text(&mut m, "Abort, Retry, Ignore?", 600);
    let f = m.frame_count();
    m.type_text_at(f + 5, "A").unwrap();
    m.run_frames(60);
    assert!(at_prompt(&m), "{}", screen(&m));
    assert!(!screen(&m).contains("Hello, MSX!"), "{}", screen(&m));
}

#[test]
fn mode_sets_the_width_and_dir_p_pauses_each_screenful() {
    let files: Vec<(String, Vec<u8>)> = (0..30)
        .map(|i| (format!("F{i:02}.DAT"), vec![i as u8; 10]))
        .collect();
    let refs: Vec<(&str, Vec<u8>)> = files.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    let mut m = prompt_machine(&refs);
    assert_eq!(m.peek(0xF3B0), 37, "LINLEN at the prompt");
    typed(&mut m, "MODE 80");
    assert_eq!(m.peek(0xF3B0), 80);
    assert_eq!(m.text_screen().unwrap().columns, 80);
    typed(&mut m, "MODE 20");
    assert_eq!(
        (m.peek(0xF3B0), m.peek(0xFCAF)),
        (20, 1),
        "SCREEN 1, 20 columns"
    );
    typed(&mut m, "MODE 40");
    assert_eq!((m.peek(0xF3B0), m.peek(0xFCAF)), (40, 0));
    assert_eq!(command(&mut m, "MODE 81"), ["Invalid parameter"]);
    // 30 files, 23 lines a page: one pause, a key goes on.
    let f = m.frame_count();
    let end = m.type_text_at(f + 5, "DIR /P\n").unwrap();
    m.run_frames(end - m.frame_count() + 2);
    run_to_text(&mut m, "Strike a key when ready", 600);
    assert!(!screen(&m).contains("30 files"), "{}", screen(&m));
    let f = m.frame_count();
    m.type_text_at(f + 5, " ").unwrap();
    run_to_text(&mut m, "30 files", 600);
}

#[test]
fn copy_con_makes_a_file_from_typed_lines_and_copy_to_con_shows_one() {
    let mut m = prompt_machine(&[]);
    let f = m.frame_count();
    let end = m
        .type_text_at(f + 5, "COPY CON NEW.BAT\nDIR\nREM hi there\n")
        .unwrap();
    m.run_frames(end - m.frame_count() + 5);
    ctrl(&mut m, Key::Z);
    m.run_frames(15);
    let f = m.frame_count();
    let end = m.type_text_at(f + 2, "\n").unwrap();
    m.run_frames(end - m.frame_count() + 2);
    run_to_text(&mut m, "1 file copied", 300);
    m.run_frames(20);
    assert!(screen(&m).contains("^Z"), "{}", screen(&m));
    assert_eq!(
        image(&m).read_file("NEW.BAT").unwrap(),
        b"DIR\r\nREM hi there\r\n\x1a"
    );
    assert_eq!(
        command(&mut m, "COPY NEW.BAT CON"),
        ["DIR", "REM hi there", "1 file copied"]
    );
}

#[test]
fn copy_with_plus_concatenates_in_ascii_or_binary_mode() {
    let mut m = prompt_machine(&[
        ("A.TXT", b"one\r\n\x1aJUNK".to_vec()),
        ("B.TXT", b"two\r\n".to_vec()),
    ]);
    assert_eq!(
        command(&mut m, "COPY A.TXT+B.TXT AB.TXT"),
        ["1 file copied"]
    );
    assert_eq!(
        image(&m).read_file("AB.TXT").unwrap(),
        b"one\r\ntwo\r\n\x1a",
        "ASCII: each source up to its 1Ah, one 1Ah at the end"
    );
    assert_eq!(
        command(&mut m, "COPY /B A.TXT + B.TXT AB.BIN"),
        ["1 file copied"]
    );
    assert_eq!(
        image(&m).read_file("AB.BIN").unwrap(),
        b"one\r\n\x1aJUNKtwo\r\n"
    );
    assert_eq!(
        command(&mut m, "COPY A.TXT+NONE.TXT X.TXT"),
        ["File not found"]
    );
    assert!(image(&m).read_file("X.TXT").is_err(), "no half-made file");
}

/// Presses `key` alone for a few frames from the next frame on.
fn tap(m: &mut Machine, key: Key) {
    let f = m.frame_count() + 1;
    m.press_at(f, key);
    m.release_at(f + 4, key);
    m.run_frames(8);
}

#[test]
fn the_template_recalls_the_last_line() {
    let mut m = prompt_machine(&[("HELLO.TXT", HELLO.to_vec())]);
    assert_eq!(command(&mut m, "TYPE HELLO.TXT").len(), 2);
    // Down arrow: the whole last line again.
    tap(&mut m, Key::Down);
    typed(&mut m, "");
    let s = screen(&m);
    assert_eq!(s.matches("Second line").count(), 2, "{s}");
    assert_eq!(s.matches("A>TYPE HELLO.TXT").count(), 2, "{s}");
    // Right arrow: one character at a time; typing skips one of the template.
    for _ in 0..4 {
        tap(&mut m, Key::Right);
    }
    let f = m.frame_count();
    let end = m.type_text_at(f + 2, "XX").unwrap();
    m.run_frames(end - m.frame_count() + 2);
    tap(&mut m, Key::Down);
    assert!(screen(&m).contains("A>TYPEXXELLO.TXT"), "{}", screen(&m));
    // Up arrow voids the line typed.
    tap(&mut m, Key::Up);
    assert_eq!(command(&mut m, "VER").len(), 2, "{}", screen(&m));
}

/// A disk whose boot command is `line`, booted until the prompt is back.
fn booted_with_command(files: &[(&str, Vec<u8>)], line: &str) -> Machine {
    let mut disk = Disk::new(Format::Kb720);
    for (name, bytes) in files {
        disk.write_file(name, bytes, when()).unwrap();
    }
    disk.set_boot_command(line).unwrap();
    let mut m = disk_machine();
    m.set_rendering(false);
    m.insert_disk(0, disk.to_bytes()).unwrap();
    run_to_text(&mut m, "A>", 3000);
    for _ in 0..400 {
        if at_prompt(&m) {
            break;
        }
        m.run_frames(5);
    }
    assert!(at_prompt(&m), "`{line}` did not come back:\n{}", screen(&m));
    m
}

#[test]
fn a_boot_command_may_be_a_built_in_or_a_batch_file() {
    // msx-disk accepts these without a program of that name; the disk ROM
    // runs them as if typed at the prompt.
    let m = booted_with_command(&[("HELLO.TXT", HELLO.to_vec())], "TYPE HELLO.TXT");
    let s = screen(&m);
    assert!(s.contains("Second line"), "{s}");

    let bat = b"COPY HELLO.TXT SAVED.TXT\r\n".to_vec();
    let m = booted_with_command(&[("HELLO.TXT", HELLO.to_vec()), ("RUN.BAT", bat)], "RUN");
    assert_eq!(image(&m).read_file("SAVED.TXT").unwrap(), HELLO);
}

/// The devices of MSX-DOS 1 at the prompt: NUL (and AUX, which this system
/// lacks) take a copy without effect and read as an empty file; PRN and LST
/// go to the printer, which waits while it is busy (the emulated machine
/// has none: busy for ever) until CTRL+STOP ends the command with ^C; no
/// file is made for a device name. COPY /A copies the source up to its 1Ah
/// and ends the copy with one.
#[test]
fn copy_knows_the_devices_and_the_ascii_switch() {
    let mut m = prompt_machine(&[("HELLO.TXT", HELLO.to_vec())]);
    assert_eq!(command(&mut m, "COPY HELLO.TXT NUL"), ["1 file copied"]);
    assert_eq!(command(&mut m, "COPY HELLO.TXT AUX"), ["1 file copied"]);
    assert_eq!(command(&mut m, "COPY NUL EMPTY.TXT"), ["1 file copied"]);
    assert_eq!(
        command(&mut m, "COPY HELLO.TXT H2.TXT /A"),
        ["1 file copied"]
    );
    assert_eq!(command(&mut m, "COPY HELLO.TXT H3.TXT"), ["1 file copied"]);
    let disk = image(&m);
    assert_eq!(disk.read_file("EMPTY.TXT").unwrap(), b"");
    assert_eq!(
        disk.read_file("H2.TXT").unwrap(),
        b"Hello, MSX!\r\nSecond line\r\n\x1a"
    );
    assert_eq!(disk.read_file("H3.TXT").unwrap(), HELLO);
    let names: Vec<String> = disk.list().iter().map(|f| f.name.to_string()).collect();
    assert!(
        !names
            .iter()
            .any(|n| n.starts_with("NUL") || n.starts_with("AUX")),
        "{names:?}"
    );
    // The printer: LPTOUT waits; CTRL+STOP gives up.
    let f = m.frame_count();
    let end = m.type_text_at(f + 5, "COPY HELLO.TXT PRN\n").unwrap();
    m.run_frames(end - m.frame_count() + 60);
    assert!(
        !at_prompt(&m),
        "the copy to the printer did not wait:\n{}",
        screen(&m)
    );
    ctrl(&mut m, Key::Stop);
    m.run_frames(40);
    assert!(at_prompt(&m), "{}", screen(&m));
    assert!(screen(&m).contains("^C"), "{}", screen(&m));
    assert!(image(&m).read_file("PRN").is_err());
}

/// The last non-blank screen line, trimmed (the line being typed).
fn last_line(m: &Machine) -> String {
    let s = screen(m);
    s.lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim()
        .trim_end_matches('.')
        .to_string()
}

fn type_keys(m: &mut Machine, text: &str) {
    let f = m.frame_count();
    let end = m.type_text_at(f + 2, text).unwrap();
    m.run_frames(end - m.frame_count() + 2);
}

/// The template keys of MSX2 Technical Handbook table 3.6, in the sequence
/// of its table 3.7 (DOWN, LEFT, INS, RIGHT, UP, HOME), then SELECT and CLS
/// (up to the key typed next) and DEL (skip one).
#[test]
fn the_template_keys_of_table_3_6() {
    let mut m = prompt_machine(&[]);
    assert_eq!(command(&mut m, "DIR ABCDE"), ["File not found"]);
    tap(&mut m, Key::Down);
    assert_eq!(last_line(&m), "A>DIR ABCDE");
    for _ in 0..3 {
        tap(&mut m, Key::Left);
    }
    assert_eq!(last_line(&m), "A>DIR AB");
    tap(&mut m, Key::Ins);
    type_keys(&mut m, "XYZ");
    assert_eq!(last_line(&m), "A>DIR ABXYZ");
    for _ in 0..3 {
        tap(&mut m, Key::Right);
    }
    assert_eq!(last_line(&m), "A>DIR ABXYZCDE");
    tap(&mut m, Key::Up);
    assert_eq!(last_line(&m), "A>");
    tap(&mut m, Key::Down);
    assert_eq!(last_line(&m), "A>DIR ABCDE");
    tap(&mut m, Key::Up);
    type_keys(&mut m, "XXX");
    tap(&mut m, Key::Down);
    assert_eq!(last_line(&m), "A>XXX ABCDE");
    // HOME: that line is the template now.
    tap(&mut m, Key::Home);
    tap(&mut m, Key::Up);
    tap(&mut m, Key::Down);
    assert_eq!(last_line(&m), "A>XXX ABCDE");
    // SELECT C: up to the C; CLS (SHIFT+HOME) E: the template skips to E.
    tap(&mut m, Key::Up);
    tap(&mut m, Key::Select);
    type_keys(&mut m, "C");
    assert_eq!(last_line(&m), "A>XXX AB");
    let f = m.frame_count() + 1;
    m.press_at(f, Key::Shift);
    m.press_at(f + 1, Key::Home);
    m.release_at(f + 5, Key::Home);
    m.release_at(f + 6, Key::Shift);
    m.run_frames(10);
    type_keys(&mut m, "E");
    tap(&mut m, Key::Down);
    assert_eq!(last_line(&m), "A>XXX ABE");
    // DEL skips one character of the template.
    tap(&mut m, Key::Up);
    tap(&mut m, Key::Del);
    tap(&mut m, Key::Del);
    tap(&mut m, Key::Down);
    assert_eq!(last_line(&m), "A>X ABCDE");
    typed(&mut m, "");
    assert_eq!(output_of(&m, "X ABCDE"), ["Bad command or file name"]);
}

/// Booted to the prompt, the system says what it is first (MSX-DOS shows its
/// version before COMMAND's prompt), then runs AUTOEXEC.BAT; a disk that
/// boots into a command runs it without the banner.
#[test]
fn the_startup_banner_comes_before_the_first_prompt() {
    let m = prompt_machine(&[]);
    let lines: Vec<String> = screen(&m)
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(
        lines[..2],
        [
            "Free disk ROM: MSX-DOS 1 environment",
            "BDOS 2.2, no MSXDOS.SYS needed"
        ],
        "{}",
        screen(&m)
    );
    assert!(lines[2].starts_with("A>"), "{}", screen(&m));
    let m = booted_with_command(&[], "VER");
    assert_eq!(
        screen(&m).matches("Free disk ROM").count(),
        1,
        "{}",
        screen(&m)
    );
}

/// CTRL+P sends the console output to the printer too, CTRL+N stops it
/// (MSX2 Technical Handbook table 3.5). The machine has no printer (busy
/// for ever), so with the echo on the output waits for it, until CTRL+STOP
/// switches the echo off.
#[test]
fn ctrl_p_echoes_to_the_printer_and_ctrl_n_stops() {
    let mut m = prompt_machine(&[]);
    let count = |m: &Machine| screen(m).matches("BDOS 2.2").count();
    assert_eq!(count(&m), 1, "the banner");
    ctrl(&mut m, Key::P);
    m.run_frames(10);
    type_keys(&mut m, "VER\n");
    m.run_frames(60);
    assert_eq!(count(&m), 1, "the output did not wait:\n{}", screen(&m));
    ctrl(&mut m, Key::Stop);
    m.run_frames(60);
    assert_eq!(count(&m), 2, "{}", screen(&m));
    assert!(at_prompt(&m), "{}", screen(&m));
    ctrl(&mut m, Key::P);
    m.run_frames(10);
    ctrl(&mut m, Key::N);
    m.run_frames(10);
    assert_eq!(command(&mut m, "VER").len(), 2, "{}", screen(&m));
}

/// COPY with wildcards to one file name joins the files it matches (ASCII
/// mode: each up to its 1Ah, one 1Ah at the end), each name shown; the
/// destination, when it matches too, is left out.
#[test]
fn copy_with_wildcards_to_one_name_concatenates() {
    let mut m = prompt_machine(&[
        ("A1.TXT", b"one\r\n\x1agarbage".to_vec()),
        ("A2.TXT", b"two\r\n".to_vec()),
        ("B.TXT", b"bee\r\n".to_vec()),
    ]);
    assert_eq!(
        command(&mut m, "COPY A*.TXT ALL.TXT"),
        ["A1.TXT", "A2.TXT", "1 file copied"]
    );
    assert_eq!(
        image(&m).read_file("ALL.TXT").unwrap(),
        b"one\r\ntwo\r\n\x1a"
    );
    assert_eq!(
        command(&mut m, "COPY *.TXT ALL.TXT"),
        ["A1.TXT", "A2.TXT", "B.TXT", "1 file copied"]
    );
    assert_eq!(
        image(&m).read_file("ALL.TXT").unwrap(),
        b"one\r\ntwo\r\nbee\r\n\x1a"
    );
    // /B: the bytes as they are.
    assert_eq!(
        command(&mut m, "COPY A?.TXT BIN.DAT /B"),
        ["A1.TXT", "A2.TXT", "1 file copied"]
    );
    assert_eq!(
        image(&m).read_file("BIN.DAT").unwrap(),
        b"one\r\n\x1agarbagetwo\r\n"
    );
}

/// Runs until the screen asks for the disk of drive `letter` once more
/// than `asked` times, puts `disk` in the drive (returning the one taken
/// out) and strikes a key.
fn swap_for(m: &mut Machine, letter: char, asked: usize, disk: Vec<u8>) -> Vec<u8> {
    let want = format!("Insert diskette for drive {letter}:");
    for _ in 0..300 {
        if screen(m).matches(&want).count() > asked {
            break;
        }
        m.run_frames(2);
    }
    assert!(
        screen(m).matches(&want).count() > asked,
        "no `{want}`:\n{}",
        screen(m)
    );
    assert!(screen(m).contains("and strike a key when ready"));
    let out = m.eject_disk(0).expect("a disk");
    m.insert_disk(0, disk).unwrap();
    type_keys(m, " ");
    out
}

/// One drive holds A: and B: as on MSX-DOS: using the other letter asks
/// for its disk first; each letter then sees its own disk, and writes go to
/// the disk asked for.
#[test]
fn one_drive_serves_as_a_and_b() {
    let mut m = prompt_machine(&[("ON_A.TXT", HELLO.to_vec())]);
    let mut other = Disk::new(Format::Kb720);
    other.write_file("ON_B.TXT", b"bee", when()).unwrap();
    assert!(command(&mut m, "B:").is_empty());
    type_keys(&mut m, "DIR\n");
    let disk_a = swap_for(&mut m, 'B', 0, other.to_bytes());
    for _ in 0..200 {
        if at_prompt(&m) {
            break;
        }
        m.run_frames(5);
    }
    let s = screen(&m);
    assert!(s.contains("ON_B     TXT"), "{s}");
    assert!(!s.contains("ON_A     TXT"), "{s}");
    // B: is written on B's disk.
    assert_eq!(command(&mut m, "COPY ON_B.TXT NEW.TXT"), ["1 file copied"]);
    // A: again: its disk is asked for.
    type_keys(&mut m, "DIR A:\n");
    let disk_b = swap_for(&mut m, 'A', 0, disk_a);
    for _ in 0..200 {
        if at_prompt(&m) {
            break;
        }
        m.run_frames(5);
    }
    let s = screen(&m);
    assert!(s.contains("ON_A     TXT"), "{s}");
    let a = image(&m);
    assert!(a.read_file("NEW.TXT").is_err(), "A's disk got B's file");
    let b = Disk::from_bytes(&disk_b).unwrap();
    assert_eq!(b.read_file("NEW.TXT").unwrap(), b"bee");
}

#[test]
fn basic_goes_back_to_msx_basic_and_runs_a_program_given() {
    let hello = msx_basic::tokenize("10 PRINT \"HELLO FROM BASIC\"\n")
        .unwrap()
        .to_bytes();
    // No file: MSX-BASIC's start screen with its whole memory (the TPA
    // the programs used is BASIC's again), and no AUTOEXEC.BAS run again.
    let auto = msx_basic::tokenize("10 PRINT \"AUTO RAN\"\n")
        .unwrap()
        .to_bytes();
    let mut m = prompt_machine(&[("HELLO.BAS", hello.clone()), ("AUTOEXEC.BAS", auto)]);
    let f = m.frame_count();
    m.type_text_at(f + 5, "BASIC\n").unwrap();
    run_to_text(&mut m, "Ok", 600);
    let s = screen(&m);
    assert!(s.contains("23271 Bytes free"), "{s}");
    assert!(!s.contains("AUTO RAN"), "{s}");
    // BASIC works there: a line typed, listed and run.
    let f = m.frame_count();
    m.type_text_at(f + 5, "10 PRINT 6*7\nRUN\n").unwrap();
    run_to_text(&mut m, " 42", 600);
    // With a file: RUN "file".
    let mut m = prompt_machine(&[("HELLO.BAS", hello)]);
    let f = m.frame_count();
    m.type_text_at(f + 5, "BASIC HELLO.BAS\n").unwrap();
    run_to_text(&mut m, "HELLO FROM BASIC", 600);
}
