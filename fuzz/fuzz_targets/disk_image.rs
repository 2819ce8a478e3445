//! A disk image through the disk tools' reader (it checks the FAT and directory; then list and read every file)
//! and through the emulated drive's.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(disk) = msx_disk::Disk::from_bytes(data) {
        let _ = disk.volume_label();
        let _ = disk.free_bytes();
        for f in disk.list() {
            let _ = disk.read_file(&f.name.to_string());
        }
    }
    let _ = msx_machine::fdc::DiskImage::from_bytes(data.to_vec());
});
