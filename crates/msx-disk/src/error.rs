//! The one error type of the crate. Every message names what was wrong and
//! where (a file name, a cluster, a byte offset into the image).

use thiserror::Error;

/// What went wrong in a disk operation. Operations that fail leave the
/// [`crate::Disk`] exactly as it was.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DiskError {
    /// The image is shorter than its boot sector says the disk is.
    #[error("image is {len} bytes, but its boot sector describes a {needed}-byte disk")]
    ImageTooSmall { len: usize, needed: usize },

    /// A boot-sector (BPB) field makes no sense, and the FAT's media byte does
    /// not name a standard MSX format either.
    #[error("bad boot sector: {field} at byte offset {offset:#04x} is {value}: {reason}")]
    BadBpb {
        field: &'static str,
        offset: usize,
        value: u32,
        reason: &'static str,
    },

    /// The disk has too many clusters for FAT12 (FAT16 disks are not MSX floppies).
    #[error("not a FAT12 disk: {clusters} clusters (FAT12 holds at most 4084)")]
    NotFat12 { clusters: u32 },

    /// The FAT or a directory entry is inconsistent.
    #[error("corrupt disk: {0}")]
    Corrupt(String),

    /// A file name that MSX-DOS would not accept.
    #[error("invalid MSX file name {name:?}: {reason}")]
    BadName { name: String, reason: &'static str },

    #[error("{0}: no such file on the disk")]
    NotFound(String),

    #[error("{0}: a file with this name already exists")]
    AlreadyExists(String),

    /// The entry is a directory or a volume label, not a file.
    #[error("{0}: not a regular file")]
    NotAFile(String),

    #[error("disk full: {needed} bytes needed, {free} bytes free")]
    DiskFull { needed: u64, free: u64 },

    #[error("root directory full ({entries} entries)")]
    DirectoryFull { entries: u16 },

    #[error("file too large for a FAT12 disk: {0} bytes")]
    FileTooLarge(usize),

    #[error("invalid timestamp {0}: MSX-DOS dates run from 1980-01-01 to 2107-12-31")]
    BadTimestamp(String),

    /// The boot loader cannot start this program (see `docs/disk.md`).
    #[error("boot program: {0}")]
    Boot(String),
}
