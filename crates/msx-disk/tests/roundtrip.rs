//! Round trips through the public API, with the bytes on disk checked by hand
//! (offsets from the MSX2 Technical Handbook, ch. 3) rather than by the code
//! under test.

use msx_disk::{Disk, DiskError, Format, Timestamp};

fn when() -> Timestamp {
    Timestamp::new(2024, 5, 1, 12, 34, 56).unwrap()
}

/// Bytes 0..n of a pattern that differs per file and per position.
fn data(seed: u8, n: usize) -> Vec<u8> {
    (0..n)
        .map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed) ^ (i >> 8) as u8)
        .collect()
}

/// FAT12 entry n of the first FAT of a 720 KB image, decoded here.
fn fat_entry(image: &[u8], n: usize) -> u16 {
    let at = 512 + n * 3 / 2;
    let w = u16::from(image[at]) | u16::from(image[at + 1]) << 8;
    if n.is_multiple_of(2) {
        w & 0xFFF
    } else {
        w >> 4
    }
}

fn chain(image: &[u8], first: u16) -> Vec<u16> {
    let mut out = vec![first];
    let mut c = first;
    while fat_entry(image, c.into()) < 0xFF8 {
        c = fat_entry(image, c.into());
        out.push(c);
    }
    out
}

const ROOT: usize = 7 * 512;

#[test]
fn new_720k_disk_is_formatted_like_msx_dos() {
    let image = Disk::new(Format::Kb720).to_bytes();
    assert_eq!(image.len(), 737_280);
    assert_eq!(&image[..3], &[0xEB, 0xFE, 0x90]);
    assert_eq!(image[0x15], 0xF9);
    assert_eq!(image[0x1E], 0xC9, "boot code is a RET");
    // Both FATs start with the media byte, FF, FF.
    assert_eq!(&image[512..515], &[0xF9, 0xFF, 0xFF]);
    assert_eq!(&image[4 * 512..4 * 512 + 3], &[0xF9, 0xFF, 0xFF]);
    let disk = Disk::from_bytes(&image).unwrap();
    assert!(disk.list().is_empty());
    assert_eq!(disk.free_bytes(), 713 * 1024);
    assert_eq!(disk.boot_program(), None);
}

#[test]
fn new_360k_disk() {
    let disk = Disk::new(Format::Kb360);
    let image = disk.to_bytes();
    assert_eq!(image.len(), 368_640);
    assert_eq!(image[0x15], 0xF8);
    assert_eq!(&image[512..515], &[0xF8, 0xFF, 0xFF]);
    assert_eq!(disk.free_bytes(), 354 * 1024);
}

#[test]
fn add_list_extract() {
    let mut disk = Disk::new(Format::Kb720);
    let game = data(1, 5000);
    disk.write_file("game.bin", &game, when()).unwrap();
    disk.write_file("MINERANK.DAT", b"", when()).unwrap();
    let image = disk.to_bytes();

    // First entry, checked byte by byte.
    let e = &image[ROOT..ROOT + 32];
    assert_eq!(&e[..11], b"GAME    BIN");
    assert_eq!(e[0x0B], 0x20);
    assert_eq!(
        u16::from_le_bytes([e[0x16], e[0x17]]),
        12 << 11 | 34 << 5 | 28
    );
    assert_eq!(u16::from_le_bytes([e[0x18], e[0x19]]), 44 << 9 | 5 << 5 | 1);
    assert_eq!(u16::from_le_bytes([e[0x1A], e[0x1B]]), 2);
    assert_eq!(
        u32::from_le_bytes([e[0x1C], e[0x1D], e[0x1E], e[0x1F]]),
        5000
    );
    assert_eq!(chain(&image, 2), vec![2, 3, 4, 5, 6]);
    // Data of cluster 2 starts at sector 14.
    assert_eq!(&image[14 * 512..14 * 512 + 5000], &game[..]);
    // The empty file owns no cluster.
    assert_eq!(&image[ROOT + 32 + 0x1A..ROOT + 32 + 0x20], &[0; 6]);

    let disk = Disk::from_bytes(&image).unwrap();
    let list = disk.list();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0].name.to_string(), "GAME.BIN");
    assert_eq!(list[0].size, 5000);
    assert_eq!(
        list[0].modified,
        Some(Timestamp::new(2024, 5, 1, 12, 34, 56).unwrap())
    );
    assert_eq!(list[1].name.to_string(), "MINERANK.DAT");
    assert_eq!(disk.read_file("Game.Bin").unwrap(), game);
    assert_eq!(disk.read_file("minerank.dat").unwrap(), b"");
    assert_eq!(disk.free_bytes(), (713 - 5) * 1024);
}

#[test]
fn replacing_a_file_frees_its_old_clusters() {
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("A.BIN", &data(1, 4000), when()).unwrap();
    disk.write_file("A.BIN", &data(2, 100), when()).unwrap();
    assert_eq!(disk.list().len(), 1);
    assert_eq!(disk.read_file("A.BIN").unwrap(), data(2, 100));
    assert_eq!(disk.free_bytes(), 712 * 1024);
    let image = disk.to_bytes();
    assert_eq!(fat_entry(&image, 2), 0xFFF);
    assert_eq!(fat_entry(&image, 3), 0);
}

#[test]
fn delete_and_refill_makes_a_fragmented_file() {
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("A", &data(1, 3 * 1024), when()).unwrap(); // clusters 2-4
    disk.write_file("B", &data(2, 2 * 1024), when()).unwrap(); // 5-6
    disk.write_file("C", &data(3, 3 * 1024), when()).unwrap(); // 7-9
    disk.remove("B").unwrap();
    let image = disk.to_bytes();
    assert_eq!(image[ROOT + 32], 0xE5, "deleted entry is marked E5");
    assert_eq!((fat_entry(&image, 5), fat_entry(&image, 6)), (0, 0));

    let d = data(4, 4 * 1024 + 1); // 5 clusters: 5, 6, then 10, 11, 12
    disk.write_file("D", &d, when()).unwrap();
    let image = disk.to_bytes();
    // The freed slot is reused.
    assert_eq!(&image[ROOT + 32..ROOT + 43], b"D          ");
    assert_eq!(chain(&image, 5), vec![5, 6, 10, 11, 12]);
    let disk = Disk::from_bytes(&image).unwrap();
    assert_eq!(disk.read_file("D").unwrap(), d);
    assert_eq!(disk.read_file("A").unwrap(), data(1, 3 * 1024));
    assert_eq!(disk.read_file("C").unwrap(), data(3, 3 * 1024));
    let names: Vec<String> = disk.list().iter().map(|f| f.name.to_string()).collect();
    assert_eq!(names, ["A", "D", "C"]);
}

#[test]
fn full_disk_is_refused_and_leaves_the_disk_unchanged() {
    let mut disk = Disk::new(Format::Kb360);
    let free = disk.free_bytes() as usize;
    disk.write_file("BIG", &data(9, free - 10), when()).unwrap();
    assert_eq!(disk.free_bytes(), 0);
    let before = disk.to_bytes();
    let err = disk.write_file("MORE", b"x", when()).unwrap_err();
    assert!(
        matches!(err, DiskError::DiskFull { needed: 1, free: 0 }),
        "{err}"
    );
    assert_eq!(disk.to_bytes(), before);
    // Replacing the big file by a smaller one still works.
    disk.write_file("BIG", b"small", when()).unwrap();
    assert_eq!(disk.read_file("BIG").unwrap(), b"small");
    let reread = Disk::from_bytes(&disk.to_bytes()).unwrap();
    assert_eq!(reread.free_bytes() as usize, free - 1024);
}

#[test]
fn root_directory_holds_112_entries() {
    let mut disk = Disk::new(Format::Kb720);
    for i in 0..112 {
        disk.write_file(&format!("F{i}"), &[i as u8], when())
            .unwrap();
    }
    let before = disk.to_bytes();
    let err = disk.write_file("ONEMORE", b"", when()).unwrap_err();
    assert_eq!(err, DiskError::DirectoryFull { entries: 112 });
    assert_eq!(disk.to_bytes(), before);
    let disk = Disk::from_bytes(&before).unwrap();
    assert_eq!(disk.list().len(), 112);
    assert_eq!(disk.read_file("F111").unwrap(), [111]);
}

#[test]
fn rename() {
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("OLD.TXT", b"abc", when()).unwrap();
    disk.write_file("OTHER", b"def", when()).unwrap();
    assert!(matches!(
        disk.rename("OLD.TXT", "other"),
        Err(DiskError::AlreadyExists(_))
    ));
    disk.rename("old.txt", "NEW.DAT").unwrap();
    assert_eq!(&disk.as_bytes()[ROOT..ROOT + 11], b"NEW     DAT");
    assert_eq!(disk.read_file("NEW.DAT").unwrap(), b"abc");
    assert!(matches!(
        disk.read_file("OLD.TXT"),
        Err(DiskError::NotFound(_))
    ));
    assert!(matches!(
        disk.rename("NOPE", "X"),
        Err(DiskError::NotFound(_))
    ));
    assert!(matches!(
        disk.rename("NEW.DAT", "BAD*"),
        Err(DiskError::BadName { .. })
    ));
}

#[test]
fn reads_a_disk_without_a_bpb_by_its_media_byte() {
    // Early MSX-DOS 1 disks: no BPB, the FAT's first byte names the format.
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("X", b"hello", when()).unwrap();
    let mut image = disk.to_bytes();
    image[..512].fill(0);
    let disk = Disk::from_bytes(&image).unwrap();
    assert_eq!(disk.read_file("X").unwrap(), b"hello");
}

#[test]
fn reads_a_disk_with_a_different_bpb() {
    // One sector per cluster, 224 root entries, one FAT, as a PC tool might make.
    let mut image = vec![0u8; 737_280];
    image[..3].copy_from_slice(&[0xEB, 0x3C, 0x90]);
    image[0x0B..0x1C].copy_from_slice(&[0, 2, 1, 1, 0, 1, 224, 0, 0xA0, 5, 0xF9, 5, 0, 9, 0, 2, 0]);
    // FAT at 1..=5, root 6..=19, data from 20.
    image[512..515].copy_from_slice(&[0xF9, 0xFF, 0xFF]);
    // Cluster 2 -> 3 -> end.
    image[515..518].copy_from_slice(&[0x03, 0xF0, 0xFF]);
    let root = 6 * 512;
    image[root..root + 11].copy_from_slice(b"TWO     SEC");
    image[root + 0x1A] = 2;
    image[root + 0x1C] = 0x00;
    image[root + 0x1D] = 0x03; // 768 bytes
    image[20 * 512..21 * 512].fill(b'a');
    image[21 * 512..22 * 512].fill(b'b');
    let mut disk = Disk::from_bytes(&image).unwrap();
    let mut expect = vec![b'a'; 512];
    expect.extend_from_slice(&[b'b'; 256]);
    assert_eq!(disk.read_file("TWO.SEC").unwrap(), expect);
    // Writing keeps to that layout: the next file goes to cluster 4 = sector 22.
    disk.write_file("NEXT", b"zz", when()).unwrap();
    assert_eq!(&disk.as_bytes()[22 * 512..22 * 512 + 2], b"zz");
    assert_eq!(
        &disk.as_bytes()[..3],
        &[0xEB, 0x3C, 0x90],
        "boot sector kept"
    );
}

#[test]
fn long_name_fragments_are_skipped_and_dropped() {
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("PLACE", b"", when()).unwrap();
    disk.write_file("SHORT.TXT", b"x", when()).unwrap();
    let mut image = disk.to_bytes();
    // Turn the first entry into a VFAT long-name fragment.
    image[ROOT..ROOT + 32].fill(0);
    image[ROOT] = 0x41;
    image[ROOT + 1] = b'l';
    image[ROOT + 0x0B] = 0x0F;
    let mut disk = Disk::from_bytes(&image).unwrap();
    let names: Vec<String> = disk.list().iter().map(|f| f.name.to_string()).collect();
    assert_eq!(names, ["SHORT.TXT"]);
    disk.remove("SHORT.TXT").unwrap();
    assert_eq!(
        disk.as_bytes()[ROOT],
        0xE5,
        "fragment deleted with its file"
    );
}

fn corrupt(image: &[u8]) -> String {
    match Disk::from_bytes(image) {
        Ok(_) => panic!("corrupt image accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn corrupt_images_are_refused_with_a_reason() {
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("A.BIN", &data(1, 3000), when()).unwrap(); // 2, 3, 4
    disk.write_file("B.BIN", &data(2, 1500), when()).unwrap(); // 5, 6
    let good = disk.to_bytes();
    let set_fat = |image: &mut Vec<u8>, n: usize, v: u16| {
        for fat in [512, 4 * 512] {
            let at = fat + n * 3 / 2;
            if n.is_multiple_of(2) {
                image[at] = v as u8;
                image[at + 1] = (image[at + 1] & 0xF0) | (v >> 8) as u8;
            } else {
                image[at] = (image[at] & 0x0F) | (v << 4) as u8;
                image[at + 1] = (v >> 4) as u8;
            }
        }
    };

    let mut cycle = good.clone();
    set_fat(&mut cycle, 4, 2);
    let e = corrupt(&cycle);
    assert!(
        e.contains("A.BIN") && e.contains("loops back to cluster 2"),
        "{e}"
    );

    let mut cross = good.clone();
    set_fat(&mut cross, 6, 3);
    let e = corrupt(&cross);
    assert!(e.contains("cross-linked") && e.contains("cluster 3"), "{e}");

    let mut outside = good.clone();
    outside[ROOT + 32 + 0x1A..ROOT + 32 + 0x1C].copy_from_slice(&800u16.to_le_bytes());
    let e = corrupt(&outside);
    assert!(
        e.contains("B.BIN") && e.contains("cluster 800, outside the disk"),
        "{e}"
    );

    let mut short = good.clone();
    short[ROOT + 0x1C..ROOT + 0x1E].copy_from_slice(&9000u16.to_le_bytes());
    let e = corrupt(&short);
    assert!(
        e.contains("A.BIN") && e.contains("needs 9 clusters") && e.contains("has 3"),
        "{e}"
    );

    let mut free_link = good.clone();
    set_fat(&mut free_link, 3, 0);
    assert!(corrupt(&free_link).contains("free cluster"));

    let e = corrupt(&good[..700_000]);
    assert!(e.contains("700000 bytes"), "{e}");

    let mut bad_bpb = good.clone();
    bad_bpb[0x0B] = 0x33;
    bad_bpb[512] = 0x12; // and no media byte to fall back on
    let e = corrupt(&bad_bpb);
    assert!(e.contains("bytes per sector") && e.contains("0x0b"), "{e}");

    assert!(corrupt(&[]).contains("0 bytes"));
}

#[test]
fn names_are_checked() {
    let mut disk = Disk::new(Format::Kb720);
    for bad in ["", "TOOLONGNAME", "A.TOOL", "WHAT?", "A B"] {
        let err = disk.write_file(bad, b"", when()).unwrap_err();
        assert!(matches!(err, DiskError::BadName { .. }), "{bad:?}: {err}");
    }
    assert!(matches!(
        disk.read_file("NONE"),
        Err(DiskError::NotFound(_))
    ));
    assert!(matches!(disk.remove("NONE"), Err(DiskError::NotFound(_))));
}

#[test]
fn same_inputs_same_image() {
    let build = || {
        let mut disk = Disk::new(Format::Kb720);
        disk.write_file("A", &data(1, 2000), when()).unwrap();
        disk.write_file("B", &data(2, 100), when()).unwrap();
        disk.remove("A").unwrap();
        disk.write_file("C", &data(3, 3000), when()).unwrap();
        disk.to_bytes()
    };
    assert_eq!(build(), build());
}
