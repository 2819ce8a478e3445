//! Oracle: mtools (Debian package `mtools`). Runs when `MSX_ORACLES` names
//! `mtools`, and then fails if the tools are missing.
//!
//! * Images we write are listed by `mdir` with the same names, sizes, dates
//!   and free space, and `mcopy` extracts the same bytes.
//! * Images `mformat`/`mcopy`/`mdel`/`mmd` write are read identically by us.

use msx_disk::{Disk, Format, Timestamp};
use std::path::{Path, PathBuf};
use std::process::Command;

fn enabled() -> bool {
    let on = std::env::var("MSX_ORACLES")
        .unwrap_or_default()
        .split(',')
        .any(|o| o.trim() == "mtools");
    if !on {
        eprintln!("MSX_ORACLES lacks mtools: oracle skipped");
    }
    on
}

fn mtool(tool: &str, args: &[&str]) -> Vec<u8> {
    let out = Command::new(tool)
        .args(args)
        // Quiet mtools' geometry sanity checks; we want its reading, not its opinion.
        .env("MTOOLS_SKIP_CHECK", "1")
        .output()
        .unwrap_or_else(|e| panic!("MSX_ORACLES names mtools, but {tool} cannot run: {e}"));
    assert!(
        out.status.success(),
        "{tool} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("msx-disk-mtools-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// One line of `mdir`'s listing: name, extension, size, date, "h:mm".
#[derive(Debug, PartialEq)]
struct MdirLine {
    name: String,
    size: u32,
    date: String,
    time: String,
}

/// Parses `mdir`'s default listing (`NAME EXT SIZE YYYY-MM-DD H:MM [long name]`)
/// and its "bytes free" total.
fn mdir(image: &Path) -> (Vec<MdirLine>, u64) {
    let text = String::from_utf8(mtool("mdir", &["-i", s(image), "::"])).unwrap();
    let mut lines = Vec::new();
    let mut free = None;
    for line in text.lines() {
        if line.trim_end().ends_with("bytes free") {
            let digits: String = line.chars().filter(char::is_ascii_digit).collect();
            free = Some(digits.parse().unwrap());
            continue;
        }
        if line.len() < 12 || line.starts_with(' ') || line.starts_with("Directory") {
            continue;
        }
        // Fixed columns: 8 name, space, 3 extension, then free fields.
        let base = line[..8].trim_end();
        let ext = line[9..12].trim_end();
        let rest: Vec<&str> = line[12..].split_whitespace().collect();
        let name = if ext.is_empty() {
            base.to_string()
        } else {
            format!("{base}.{ext}")
        };
        let size = if rest[0] == "<DIR>" {
            0
        } else {
            rest[0].parse().unwrap()
        };
        lines.push(MdirLine {
            name,
            size,
            date: rest[1].to_string(),
            time: rest[2].to_string(),
        });
    }
    (lines, free.expect("mdir printed no free space"))
}

fn when(day: u8, hour: u8) -> Timestamp {
    Timestamp::new(2024, 5, day, hour, 7, 30).unwrap()
}

fn data(seed: u8, n: usize) -> Vec<u8> {
    (0..n)
        .map(|i| (i as u8).wrapping_mul(13) ^ seed ^ (i >> 10) as u8)
        .collect()
}

#[test]
fn mtools_reads_what_we_write() {
    if !enabled() {
        return;
    }
    for format in [Format::Kb720, Format::Kb360] {
        let dir = scratch(&format!("ours-{format:?}"));
        let mut disk = Disk::new(format);
        disk.write_file("A.BIN", &data(1, 3000), when(1, 9))
            .unwrap();
        disk.write_file("B", &data(2, 2048), when(2, 10)).unwrap();
        disk.write_file("EMPTY.DAT", b"", when(3, 11)).unwrap();
        disk.write_file("C.TXT", &data(3, 7000), when(4, 12))
            .unwrap();
        disk.remove("B").unwrap();
        // Fragmented: takes B's two clusters, then continues after C.TXT.
        disk.write_file("MINERANK.DAT", &data(4, 5000), when(5, 23))
            .unwrap();
        disk.rename("C.TXT", "$RENAMED.{!}").unwrap();
        let image = dir.join("ours.dsk");
        std::fs::write(&image, disk.to_bytes()).unwrap();

        let (listing, free) = mdir(&image);
        assert_eq!(free, disk.free_bytes());
        let ours: Vec<MdirLine> = disk
            .list()
            .iter()
            .map(|f| {
                let t = f.modified.unwrap();
                MdirLine {
                    name: f.name.to_string(),
                    size: f.size,
                    date: format!("{:04}-{:02}-{:02}", t.year, t.month, t.day),
                    time: format!("{}:{:02}", t.hour, t.minute),
                }
            })
            .collect();
        assert_eq!(listing, ours);
        for f in disk.list() {
            let out = dir.join("extracted");
            let _ = std::fs::remove_file(&out);
            let src = format!("::{}", f.name);
            mtool("mcopy", &["-n", "-i", s(&image), &src, s(&out)]);
            let name = f.name.to_string();
            assert_eq!(
                std::fs::read(&out).unwrap(),
                disk.read_file(&name).unwrap(),
                "{name}"
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn we_read_what_mtools_writes() {
    if !enabled() {
        return;
    }
    // 720 KB as mformat makes it, and 360 KB single sided (mformat gives it
    // the MSX layout: media F8, 2 FAT sectors, 112 entries).
    for (label, geometry) in [
        ("720", vec!["-f", "720"]),
        ("360", vec!["-t", "80", "-h", "1", "-s", "9"]),
    ] {
        let dir = scratch(&format!("theirs-{label}"));
        let image = dir.join("theirs.dsk");
        let mut args = vec!["-C", "-i", s(&image)];
        args.extend(&geometry);
        args.push("::");
        mtool("mformat", &args);

        let files = [
            ("ONE.BIN", data(5, 1500)),
            ("TWO.BIN", data(6, 4096)),
            ("THREE", data(7, 10_000)),
            ("EMPTY", Vec::new()),
            ("Long Name.txt", data(8, 700)), // VFAT entries + LONGNA~1.TXT
        ];
        for (name, bytes) in &files {
            let host = dir.join(name);
            std::fs::write(&host, bytes).unwrap();
            mtool("mcopy", &["-i", s(&image), s(&host), "::"]);
        }
        mtool("mdel", &["-i", s(&image), "::TWO.BIN"]);
        let big = dir.join("BIG.DAT");
        std::fs::write(&big, data(9, 30_000)).unwrap();
        mtool("mcopy", &["-i", s(&image), s(&big), "::"]); // fragmented
        mtool("mmd", &["-i", s(&image), "::SUBDIR"]);

        let bytes = std::fs::read(&image).unwrap();
        let disk = Disk::from_bytes(&bytes).unwrap();
        let (listing, free) = mdir(&image);
        assert_eq!(free, disk.free_bytes());
        let names: Vec<String> = disk.list().iter().map(|f| f.name.to_string()).collect();
        let theirs: Vec<String> = listing.iter().map(|l| l.name.clone()).collect();
        assert_eq!(names, theirs);
        for f in disk.list().iter().filter(|f| !f.is_dir()) {
            let out = dir.join("extracted");
            let _ = std::fs::remove_file(&out);
            let src = format!("::{}", f.name);
            mtool("mcopy", &["-n", "-i", s(&image), &src, s(&out)]);
            let name = f.name.to_string();
            assert_eq!(
                disk.read_file(&name).unwrap(),
                std::fs::read(&out).unwrap(),
                "{name}"
            );
        }
        assert_eq!(disk.read_file("BIG.DAT").unwrap(), data(9, 30_000));
        assert_eq!(disk.read_file("LONGNA~1.TXT").unwrap(), data(8, 700));

        // And what we change there, mtools still reads.
        let mut disk = disk;
        disk.remove("LONGNA~1.TXT").unwrap();
        disk.write_file("NEW.BIN", &data(10, 9000), when(6, 6))
            .unwrap();
        std::fs::write(&image, disk.to_bytes()).unwrap();
        let (listing, free) = mdir(&image);
        assert_eq!(free, disk.free_bytes());
        assert!(listing.iter().all(|l| l.name != "LONGNA~1.TXT"));
        let out = dir.join("new.out");
        mtool("mcopy", &["-n", "-i", s(&image), "::NEW.BIN", s(&out)]);
        assert_eq!(std::fs::read(&out).unwrap(), data(10, 9000));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
