//! Directory entries (32 bytes each; Handbook ch. 3 fig. 3.14).
//!
//! | offset | size | field |
//! | --- | --- | --- |
//! | 0x00 | 8+3 | name and extension (first byte 0x00 = end of directory, 0xE5 = deleted) |
//! | 0x0B | 1 | attributes |
//! | 0x16 | 2 | time |
//! | 0x18 | 2 | date |
//! | 0x1A | 2 | first cluster |
//! | 0x1C | 4 | size in bytes |

use crate::{Name, Timestamp};

pub const ENTRY_BYTES: usize = 32;

/// Attribute bits.
pub const ATTR_READ_ONLY: u8 = 0x01;
pub const ATTR_HIDDEN: u8 = 0x02;
pub const ATTR_SYSTEM: u8 = 0x04;
pub const ATTR_VOLUME: u8 = 0x08;
pub const ATTR_DIRECTORY: u8 = 0x10;
pub const ATTR_ARCHIVE: u8 = 0x20;
/// The attribute value of a VFAT long-name fragment (written by PC tools).
const ATTR_LONG_NAME: u8 = 0x0F;

/// What a 32-byte directory slot holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// 0x00: this slot and all after it were never used.
    End,
    /// 0xE5: a deleted entry, free for reuse.
    Deleted,
    /// A VFAT long-name fragment; MSX-DOS does not know them.
    LongName,
    Volume,
    Entry,
}

pub fn classify(entry: &[u8]) -> Slot {
    match entry[0] {
        0x00 => Slot::End,
        0xE5 => Slot::Deleted,
        _ if entry[0x0B] == ATTR_LONG_NAME => Slot::LongName,
        _ if entry[0x0B] & ATTR_VOLUME != 0 => Slot::Volume,
        _ => Slot::Entry,
    }
}

/// One file (or subdirectory) as listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileInfo {
    pub name: Name,
    pub size: u32,
    /// `None` when the entry holds no valid date (some tools write zero).
    pub modified: Option<Timestamp>,
    /// The attribute byte (see the `ATTR_*` constants).
    pub attributes: u8,
    pub first_cluster: u16,
}

impl FileInfo {
    pub fn is_dir(&self) -> bool {
        self.attributes & ATTR_DIRECTORY != 0
    }

    pub(crate) fn parse(entry: &[u8]) -> FileInfo {
        let word = |at: usize| u16::from_le_bytes([entry[at], entry[at + 1]]);
        FileInfo {
            name: Name::from_entry(entry),
            size: u32::from_le_bytes([entry[0x1C], entry[0x1D], entry[0x1E], entry[0x1F]]),
            modified: Timestamp::from_fat(word(0x18), word(0x16)),
            attributes: entry[0x0B],
            first_cluster: word(0x1A),
        }
    }
}

/// A new file's entry: archive attribute (as MSX-DOS 2 and PC tools set it;
/// MSX-DOS 1 ignores it), reserved bytes zero.
pub fn new_entry(name: &Name, size: u32, first_cluster: u16, when: Timestamp) -> [u8; 32] {
    let mut e = [0u8; 32];
    e[..11].copy_from_slice(&name.entry_bytes());
    e[0x0B] = ATTR_ARCHIVE;
    let (date, time) = when.to_fat();
    e[0x16..0x18].copy_from_slice(&time.to_le_bytes());
    e[0x18..0x1A].copy_from_slice(&date.to_le_bytes());
    e[0x1A..0x1C].copy_from_slice(&first_cluster.to_le_bytes());
    e[0x1C..0x20].copy_from_slice(&size.to_le_bytes());
    e
}
