//! Property tests: no input makes the library panic, and any sequence of
//! operations keeps the disk equal to a simple model of it.

use msx_disk::{Disk, DiskError, Format, Timestamp};
use proptest::prelude::*;
use std::collections::BTreeMap;

fn when() -> Timestamp {
    Timestamp::new(2024, 5, 1, 12, 0, 0).unwrap()
}

/// A valid image with a few files, some fragmented.
fn sample_image() -> Vec<u8> {
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("A.BIN", &[1; 3000], when()).unwrap();
    disk.write_file("B.BIN", &[2; 1024], when()).unwrap();
    disk.write_file("C.BIN", &[3; 9000], when()).unwrap();
    disk.remove("B.BIN").unwrap();
    disk.write_file("D.BIN", &[4; 5000], when()).unwrap();
    disk.write_file("E", b"", when()).unwrap();
    disk.to_bytes()
}

/// Whatever `from_bytes` accepts, every read and write must handle.
fn exercise(bytes: &[u8]) {
    let Ok(mut disk) = Disk::from_bytes(bytes) else {
        return;
    };
    let _ = disk.free_bytes();
    let _ = disk.volume_label();
    let _ = disk.boot_program();
    for f in disk.list() {
        let name = f.name.to_string();
        let _ = disk.read_file(&name);
        let _ = disk.file_info(&name);
    }
    let _ = disk.write_file("NEW.BIN", &[9; 2500], when());
    if let Some(f) = disk.list().first() {
        let name = f.name.to_string();
        let _ = disk.rename(&name, "RENAMED");
        let _ = disk.remove("RENAMED");
    }
    // A disk we changed must read back.
    Disk::from_bytes(&disk.to_bytes()).expect("our own writes must stay consistent");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..4096)) {
        exercise(&bytes);
    }

    #[test]
    fn mutated_images_never_panic(
        edits in proptest::collection::vec((0usize..16 * 512, any::<u8>()), 1..24)
    ) {
        // Boot sector, FATs, root directory and the first data clusters.
        let mut image = sample_image();
        for (at, value) in edits {
            image[at] = value;
        }
        exercise(&image);
    }

    #[test]
    fn arbitrary_bpbs_never_panic(bpb in proptest::collection::vec(any::<u8>(), 0x15)) {
        let mut image = sample_image();
        image[0x0B..0x20].copy_from_slice(&bpb);
        exercise(&image);
    }
}

#[derive(Debug, Clone)]
enum Op {
    Write(usize, usize),
    Remove(usize),
    Rename(usize, usize),
}

const NAMES: [&str; 6] = ["A", "B.BIN", "MINERANK.DAT", "X1", "GAME.COM", "Z.Z"];

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (0..NAMES.len(), 0usize..90_000).prop_map(|(n, len)| Op::Write(n, len)),
        1 => (0..NAMES.len()).prop_map(Op::Remove),
        1 => (0..NAMES.len(), 0..NAMES.len()).prop_map(|(a, b)| Op::Rename(a, b)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn operations_match_a_model(ops in proptest::collection::vec(op(), 1..40), format in prop_oneof![Just(Format::Kb720), Just(Format::Kb360)]) {
        let mut disk = Disk::new(format);
        let capacity = disk.free_bytes();
        let mut model: BTreeMap<&str, Vec<u8>> = BTreeMap::new();
        for (step, op) in ops.into_iter().enumerate() {
            match op {
                Op::Write(n, len) => {
                    let bytes: Vec<u8> = (0..len).map(|i| (i + step) as u8).collect();
                    let used: u64 = model
                        .iter()
                        .filter(|(k, _)| **k != NAMES[n])
                        .map(|(_, v)| (v.len() as u64).div_ceil(1024) * 1024)
                        .sum();
                    let fits = used + (len as u64).div_ceil(1024) * 1024 <= capacity;
                    let before = disk.to_bytes();
                    match disk.write_file(NAMES[n], &bytes, when()) {
                        Ok(()) => {
                            prop_assert!(fits);
                            model.insert(NAMES[n], bytes);
                        }
                        Err(DiskError::DiskFull { .. }) => {
                            prop_assert!(!fits);
                            prop_assert_eq!(disk.to_bytes(), before);
                        }
                        Err(e) => prop_assert!(false, "{}", e),
                    }
                }
                Op::Remove(n) => {
                    let r = disk.remove(NAMES[n]);
                    prop_assert_eq!(r.is_ok(), model.remove(NAMES[n]).is_some());
                }
                Op::Rename(a, b) => {
                    let r = disk.rename(NAMES[a], NAMES[b]);
                    let allowed = model.contains_key(NAMES[a]) && (a == b || !model.contains_key(NAMES[b]));
                    prop_assert_eq!(r.is_ok(), allowed);
                    if allowed {
                        let v = model.remove(NAMES[a]).unwrap();
                        model.insert(NAMES[b], v);
                    }
                }
            }
            // The image always reads back, with the model's contents.
            let reread = Disk::from_bytes(&disk.to_bytes()).unwrap();
            let mut names: Vec<String> = reread.list().iter().map(|f| f.name.to_string()).collect();
            names.sort();
            let mut expect: Vec<String> = model.keys().map(|k| k.to_string()).collect();
            expect.sort();
            prop_assert_eq!(names, expect);
            for (name, bytes) in &model {
                prop_assert_eq!(&reread.read_file(name).unwrap(), bytes);
            }
            let used: u64 = model.values().map(|v| (v.len() as u64).div_ceil(1024) * 1024).sum();
            prop_assert_eq!(reread.free_bytes(), capacity - used);
        }
    }
}
