//! Formatting with the free disk ROM: the prompt's FORMAT asks the MSX-DOS 1
//! questions (docs/bios.md), DSKFMT writes every track with WRITE TRACK and
//! then the boot sector, the FATs and the root directory. The image is read
//! back with `msx-disk` (and, with `MSX_ORACLES` naming `mtools`, with
//! `mdir`/`mtype`), and MSX-DOS then writes a file to the new disk.

mod support;

use msx_disk::{Disk, Format};
use msx_machine::machine::Machine;
use msx_machine::ppi::Key;
use support::*;

/// The default machine with a `format` disk holding OLD.TXT, at the prompt.
fn prompt_machine(format: Format) -> Machine {
    let mut disk = Disk::new(format);
    disk.write_file("OLD.TXT", b"old contents\r\n", when())
        .unwrap();
    disk.set_boot_command("").unwrap();
    let mut m = disk_machine();
    m.set_rendering(false);
    m.insert_disk(0, disk.to_bytes()).unwrap();
    run_to_text(&mut m, "A>", 3000);
    m
}

fn image(m: &Machine) -> Disk {
    Disk::from_bytes(m.disk_image(0).unwrap()).expect("valid image")
}

/// Types `text` (keys ahead of time are kept in the key buffer) and runs
/// until it has been typed.
fn type_text(m: &mut Machine, text: &str) {
    let f = m.frame_count();
    let end = m.type_text_at(f + 5, text).unwrap();
    m.run_frames(end - m.frame_count() + 2);
}

/// The non-blank screen lines after the one ending with `>FORMAT`, the
/// prompt that follows left out.
fn format_dialogue(m: &Machine) -> Vec<String> {
    let s = screen(m);
    let lines: Vec<&str> = s.lines().map(str::trim_end).collect();
    let start = lines
        .iter()
        .rposition(|l| l.ends_with(">FORMAT"))
        .unwrap_or_else(|| panic!("no FORMAT on the screen:\n{s}"));
    lines[start + 1..]
        .iter()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty() && !l.starts_with("A>"))
        .collect()
}

/// FORMAT at the prompt with `choice` ('1' or '2'), to "Format complete".
fn format_at_prompt(m: &mut Machine, choice: char) {
    type_text(m, &format!("FORMAT\nA{choice} "));
    // 80 tracks (one or two sides) at two turns each: 32 s or 64 s emulated.
    run_to_text(m, "Format complete", 60 * 80);
    m.run_frames(30);
}

/// Sector `n` of the image.
fn sector(m: &Machine, n: usize) -> Vec<u8> {
    m.disk_image(0).unwrap()[n * 512..(n + 1) * 512].to_vec()
}

/// COPY CON NAME with one typed line, ended by CTRL+Z and RETURN.
fn copy_con(m: &mut Machine, name: &str, line: &str) {
    type_text(m, &format!("COPY CON {name}\n{line}\n"));
    let f = m.frame_count() + 1;
    m.press_at(f, Key::Ctrl);
    m.press_at(f + 1, Key::Z);
    m.release_at(f + 6, Key::Z);
    m.release_at(f + 7, Key::Ctrl);
    m.run_frames(15);
    type_text(m, "\n");
    run_to_text(m, "1 file copied", 600);
    m.run_frames(20);
}

fn mtools_asked() -> bool {
    std::env::var("MSX_ORACLES")
        .map(|v| v.split(',').any(|t| t.trim() == "mtools"))
        .unwrap_or(false)
}

/// `mdir` and `mtype` of the image (MSX_ORACLES=mtools): the listing and
/// the file's text.
fn mtools_read(image: &[u8], name: &str) -> (String, Vec<u8>) {
    let dir = std::env::temp_dir().join(format!("msx-bios-format-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("formatted.dsk");
    std::fs::write(&path, image).unwrap();
    let run = |tool: &str, args: &[&str]| {
        let out = std::process::Command::new(tool)
            .args(args)
            .env("MTOOLS_SKIP_CHECK", "1")
            .output()
            .unwrap_or_else(|e| panic!("MSX_ORACLES=mtools but {tool} cannot run: {e}"));
        assert!(
            out.status.success(),
            "{tool} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    let p = path.to_str().unwrap();
    let listing = String::from_utf8_lossy(&run("mdir", &["-i", p, "::"])).into_owned();
    let text = run("mtype", &["-i", p, &format!("::{name}")]);
    let _ = std::fs::remove_dir_all(&dir);
    (listing, text)
}

#[test]
fn format_makes_an_empty_720_kb_disk_that_msx_dos_then_writes_to() {
    let mut m = prompt_machine(Format::Kb720);
    format_at_prompt(&mut m, '2');
    // The drive (A: and B: on the one drive), the choice string, the
    // answer, the prompt for the disk, the result (MSX2 Technical Handbook
    // 2.2 FORMAT, msx.org wiki FORMAT).
    assert_eq!(
        format_dialogue(&m),
        [
            "Drive name? (A,B) A",
            "1 - 1 side, double track",
            "2 - 2 sides, double track",
            "? 2",
            "Strike a key when ready",
            "Format complete",
        ],
        "{}",
        screen(&m)
    );
    let disk = image(&m);
    let geo = disk.geometry();
    assert_eq!(geo.media, 0xF9);
    assert_eq!(geo.total_sectors, 1440);
    assert_eq!(geo.sectors_per_fat, 3);
    assert_eq!(geo.root_entries, 112);
    assert_eq!(geo.heads, 2);
    assert!(disk.list().is_empty(), "OLD.TXT is gone");
    assert_eq!(disk.free_bytes(), 713 * 1024);
    // Its boot sector boots into the prompt (Disk::set_boot_command("")).
    assert_eq!(disk.boot_command().as_deref(), Some(""));
    // Both FATs: media, FFh, FFh, then free clusters; the directory zeros.
    for fat in [1, 4] {
        let s = sector(&m, fat);
        assert_eq!(&s[..3], &[0xF9, 0xFF, 0xFF]);
        assert!(s[3..].iter().all(|&b| b == 0));
    }
    for dir in 7..14 {
        assert!(sector(&m, dir).iter().all(|&b| b == 0), "sector {dir}");
    }
    // The data area holds what WRITE TRACK wrote: E5h in every sector,
    // the last one of the second side included.
    assert!(sector(&m, 14).iter().all(|&b| b == 0xE5));
    assert!(sector(&m, 1439).iter().all(|&b| b == 0xE5));

    // MSX-DOS writes to the new disk at once (the BDOS sees a new disk).
    copy_con(&mut m, "NEW.TXT", "written after FORMAT");
    let disk = image(&m);
    assert_eq!(
        disk.read_file("NEW.TXT").unwrap(),
        b"written after FORMAT\r\n\x1a"
    );
    assert_eq!(disk.free_bytes(), 712 * 1024);
    if mtools_asked() {
        let (listing, text) = mtools_read(m.disk_image(0).unwrap(), "NEW.TXT");
        assert!(listing.contains("NEW      TXT"), "{listing}");
        assert!(listing.contains("1 file"), "{listing}");
        assert_eq!(text, b"written after FORMAT\r\n\x1a");
    }
}

#[test]
fn format_choice_1_makes_a_360_kb_disk() {
    let mut m = prompt_machine(Format::Kb360);
    format_at_prompt(&mut m, '1');
    let disk = image(&m);
    let geo = disk.geometry();
    assert_eq!(geo.media, 0xF8);
    assert_eq!(geo.total_sectors, 720);
    assert_eq!(geo.sectors_per_fat, 2);
    assert_eq!(geo.heads, 1);
    assert!(disk.list().is_empty());
    // 720 sectors, data from sector 12: 354 clusters of 1 KB.
    assert_eq!(disk.free_bytes(), 354 * 1024);
    for fat in [1, 3] {
        assert_eq!(&sector(&m, fat)[..3], &[0xF8, 0xFF, 0xFF]);
    }
    assert!(sector(&m, 719).iter().all(|&b| b == 0xE5));
    copy_con(&mut m, "ONE.TXT", "one side");
    assert_eq!(image(&m).read_file("ONE.TXT").unwrap(), b"one side\r\n\x1a");
    if mtools_asked() {
        let (listing, text) = mtools_read(m.disk_image(0).unwrap(), "ONE.TXT");
        assert!(listing.contains("ONE      TXT"), "{listing}");
        assert_eq!(text, b"one side\r\n\x1a");
    }
}

#[test]
fn ctrl_c_at_a_question_leaves_the_disk_alone() {
    let mut m = prompt_machine(Format::Kb720);
    let before = m.disk_image(0).unwrap().to_vec();
    type_text(&mut m, "FORMAT\n");
    run_to_text(&mut m, "Drive name? (A,B) ", 300);
    type_text(&mut m, "A");
    run_to_text(&mut m, "2 sides", 300);
    let f = m.frame_count() + 1;
    m.press_at(f, Key::Ctrl);
    m.press_at(f + 1, Key::C);
    m.release_at(f + 6, Key::C);
    m.release_at(f + 7, Key::Ctrl);
    m.run_frames(40);
    assert!(
        screen(&m).lines().any(|l| l.trim() == "? ^C"),
        "{}",
        screen(&m)
    );
    assert_eq!(m.disk_image(0).unwrap(), &before[..]);
    assert_eq!(image(&m).read_file("OLD.TXT").unwrap(), b"old contents\r\n");
}

/// DSKFMT (401Ch) called by a program through CALSLT (the Disk-ROM BIOS
/// contract): a bad choice gives CY with A = 12 (bad parameter), so does a
/// drive the interface lacks; choice 2 formats the disk the program booted
/// from (it runs in RAM) and returns CY = 0.
#[test]
fn dskfmt_called_through_calslt_formats_and_checks_its_parameters() {
    let program = "
MASTER  equ 0F348h
CALSLT  equ 001Ch
        org 4000h
        ld a,3                  ; no such choice
        ld d,0
        call dskfmt
        ld (0C100h),a
        push af
        pop hl
        ld a,l
        ld (0C101h),a           ; flags
        ld a,2
        ld d,2                  ; drive C: is not there
        call dskfmt
        ld (0C102h),a
        push af
        pop hl
        ld a,l
        ld (0C103h),a
        ld a,2                  ; two sides, drive A:
        ld d,0
        call dskfmt
        ld (0C104h),a
        push af
        pop hl
        ld a,l
        ld (0C105h),a
        ld hl,msg
        call print
        jr $
dskfmt: ld iy,(MASTER-1)
        ld ix,401Ch
        jp CALSLT
msg:    db 'DSKFMT DONE',0
";
    let mut m = disk_machine();
    m.set_rendering(false);
    m.insert_disk(0, boot_disk(&format!("{program}{PRINT}")).to_bytes())
        .unwrap();
    run_to_text(&mut m, "DSKFMT DONE", 6000);
    let r = m.peek_range(0xC100, 6);
    assert_eq!((r[0], r[1] & 1), (12, 1), "bad choice: {r:?}");
    assert_eq!((r[2], r[3] & 1), (12, 1), "bad drive: {r:?}");
    assert_eq!(r[5] & 1, 0, "format: {r:?}");
    let disk = image(&m);
    assert_eq!(disk.geometry().media, 0xF9);
    assert!(disk.list().is_empty(), "PROGRAM.BIN is gone");
    assert_eq!(disk.free_bytes(), 713 * 1024);
}

/// FORMAT (0147h) in the main ROM goes through H.FORM to the disk ROM's
/// formatter: the same questions, answered here by typed keys, outside the
/// MSX-DOS environment (a boot program); CY = 0 once the disk is formatted.
#[test]
fn the_bios_format_entry_runs_the_formatter() {
    let program = "
FORMAT  equ 0147h
        org 4000h
        call FORMAT
        push af
        pop hl
        ld a,l
        ld (0C100h),a           ; flags
        ld hl,msg
        call print
        jr $
msg:    db 'FORMAT RETURNED',0
";
    let mut m = disk_machine();
    m.set_rendering(false);
    m.insert_disk(0, boot_disk(&format!("{program}{PRINT}")).to_bytes())
        .unwrap();
    run_to_text(&mut m, "? ", 3000);
    type_text(&mut m, "A2 ");
    run_to_text(&mut m, "FORMAT RETURNED", 60 * 80);
    assert!(screen(&m).contains("Format complete"), "{}", screen(&m));
    assert_eq!(m.peek_range(0xC100, 1)[0] & 1, 0, "carry");
    let disk = image(&m);
    assert!(disk.list().is_empty());
    assert_eq!(disk.free_bytes(), 713 * 1024);
}

/// A disk that was never formatted (every byte zero) put in the drive at
/// the prompt: FORMAT makes it usable, DIR finds it empty and MSX-DOS
/// writes to it.
#[test]
fn format_makes_a_blank_disk_usable() {
    let mut m = prompt_machine(Format::Kb720);
    m.eject_disk(0);
    m.insert_disk(0, vec![0; 737_280]).unwrap();
    format_at_prompt(&mut m, '2');
    type_text(&mut m, "DIR\n");
    run_to_text(&mut m, "File not found", 600);
    copy_con(&mut m, "FRESH.TXT", "on a fresh disk");
    let disk = image(&m);
    assert_eq!(
        disk.read_file("FRESH.TXT").unwrap(),
        b"on a fresh disk\r\n\x1a"
    );
    assert_eq!(disk.free_bytes(), 712 * 1024);
}
