//! MSX FAT12 disk images and the boot loader that starts a program from them.
//!
//! ```
//! use msx_disk::{Disk, Format, Timestamp};
//!
//! let mut disk = Disk::new(Format::Kb720);
//! let when = Timestamp::new(2024, 5, 1, 12, 0, 0).unwrap();
//! disk.write_file("hello.txt", b"Hello, MSX!", when).unwrap();
//! let image: Vec<u8> = disk.to_bytes(); // the .dsk file
//!
//! let disk = Disk::from_bytes(&image).unwrap();
//! assert_eq!(disk.list()[0].name.to_string(), "HELLO.TXT");
//! assert_eq!(disk.read_file("HELLO.TXT").unwrap(), b"Hello, MSX!");
//! ```
//!
//! Only the root directory is read and written (MSX-DOS 1 has no other);
//! subdirectories that other tools made are listed and kept intact. The
//! library never reads the clock: callers pass the files' timestamps.

mod boot;
mod check;
mod dir;
mod disk;
mod error;
mod fat;
mod geometry;
mod name;
mod time;

pub use boot::{
    loader, offset as boot_offset, BootProgram, DEFAULT_LOAD, MAX_COMMAND, PROGRAM_END,
    PROGRAM_START,
};
pub use dir::{
    FileInfo, ATTR_ARCHIVE, ATTR_DIRECTORY, ATTR_HIDDEN, ATTR_READ_ONLY, ATTR_SYSTEM, ATTR_VOLUME,
};
pub use disk::Disk;
pub use error::DiskError;
pub use geometry::{media_geometry, Format, Geometry};
pub use name::Name;
pub use time::Timestamp;
