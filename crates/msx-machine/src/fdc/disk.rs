//! Disk images as the drive sees them: sectors in order, a geometry, a
//! write-protect tab, and the raw layout of a track for timing.
//!
//! The FDC knows nothing of FAT12: a `.dsk` image is a list of 512-byte
//! sectors, logical sector L = (track × sides + side) × sectors + (R − 1).
//!
//! Track layout (IBM System 34 double density, the layout MSX-DOS's FORMAT
//! writes; 250 kbit/s MFM at 300 rpm = 6250 bytes per turn): gap 4a of 80
//! bytes, 12 sync, index mark (C2 C2 C2 FC), gap 1 of 50; then per sector
//! 12 sync, ID mark (A1 A1 A1 FE), C H R N, CRC, gap 2 of 22, 12 sync, data
//! mark (A1 A1 A1 FB), 512 data bytes, CRC, gap 3 of 84 — 658 bytes; gap 4b
//! fills the rest. Only the positions matter for timing; [`raw_track`]
//! builds the bytes for the READ TRACK command.

/// Bytes under the head per turn.
pub const TRACK_BYTES: u64 = 6250;
/// Bytes per second (250 kbit/s MFM).
pub const BYTES_PER_SECOND: u64 = 31_250;
/// Sector size.
pub const SECTOR: usize = 512;
/// Offset of the first sector's record in the track.
const FIRST_SECTOR: u64 = 146;
/// Length of a sector's record.
const SECTOR_RECORD: u64 = 658;
/// Offset of the ID mark byte (FE) in a sector's record.
const IDAM: u64 = 15;
/// Offset of the data mark byte (FB) in a sector's record.
const DAM: u64 = 59;

/// Errors about disk images.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiskError {
    /// An image size that is no known MSX disk format.
    #[error("a disk image of {0} bytes is no known format (720 KB = 737280, 360 KB = 368640, 640 KB = 655360, 320 KB = 327680 bytes)")]
    Size(usize),
    /// A drive number the interface does not have.
    #[error("drive {drive} does not exist (this interface has {drives})")]
    NoDrive {
        /// The drive asked for.
        drive: usize,
        /// The number of drives.
        drives: usize,
    },
}

/// A disk: its sectors, geometry and write-protect tab.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct DiskImage {
    #[serde(with = "crate::codec::bytes")]
    data: Vec<u8>,
    sides: u8,
    tracks: u8,
    sectors: u8,
    write_protected: bool,
    modified: bool,
}

impl DiskImage {
    /// A disk from the bytes of a `.dsk` image; the geometry comes from the
    /// size: 737280 = 2 sides × 80 tracks × 9 sectors (720 KB), 368640 = 1 ×
    /// 80 × 9 (360 KB), 655360 = 2 × 80 × 8, 327680 = 1 × 80 × 8.
    pub fn from_bytes(data: Vec<u8>) -> Result<Self, DiskError> {
        let (sides, tracks, sectors) = match data.len() {
            737_280 => (2, 80, 9),
            368_640 => (1, 80, 9),
            655_360 => (2, 80, 8),
            327_680 => (1, 80, 8),
            n => return Err(DiskError::Size(n)),
        };
        Ok(Self {
            data,
            sides,
            tracks,
            sectors,
            write_protected: false,
            modified: false,
        })
    }

    /// Whether a loaded disk's geometry is the one its size says.
    pub(crate) fn check_state(&self) -> Result<(), String> {
        let geometry = match self.data.len() {
            737_280 => (2, 80, 9),
            368_640 => (1, 80, 9),
            655_360 => (2, 80, 8),
            327_680 => (1, 80, 8),
            n => return Err(DiskError::Size(n).to_string()),
        };
        if geometry == (self.sides, self.tracks, self.sectors) {
            Ok(())
        } else {
            Err("the geometry does not match the image size".into())
        }
    }

    /// A blank (all 0xE5, as formatted) 720 KB disk.
    pub fn blank_720k() -> Self {
        Self::from_bytes(vec![0xE5; 737_280]).expect("720 KB is a known size")
    }

    /// The image bytes, with every write made so far.
    pub fn bytes(&self) -> &[u8] {
        &self.data
    }

    /// The image bytes, consuming the disk.
    pub fn into_bytes(self) -> Vec<u8> {
        self.data
    }

    /// Sides (1 or 2).
    pub fn sides(&self) -> u8 {
        self.sides
    }

    /// Tracks per side.
    pub fn tracks(&self) -> u8 {
        self.tracks
    }

    /// Sectors per track.
    pub fn sectors_per_track(&self) -> u8 {
        self.sectors
    }

    /// Whether the write-protect tab is set.
    pub fn is_write_protected(&self) -> bool {
        self.write_protected
    }

    /// Sets or clears the write-protect tab.
    pub fn set_write_protected(&mut self, protected: bool) {
        self.write_protected = protected;
    }

    /// Whether a write changed the image since it was made.
    pub fn is_modified(&self) -> bool {
        self.modified
    }

    /// Byte offset of sector `r` (1-based) of `track`/`side`, if it exists.
    fn offset(&self, track: u8, side: u8, r: u8) -> Option<usize> {
        if track >= self.tracks || side >= self.sides || r == 0 || r > self.sectors {
            return None;
        }
        let spt = usize::from(self.sectors);
        let logical = (usize::from(track) * usize::from(self.sides) + usize::from(side)) * spt
            + usize::from(r - 1);
        Some(logical * SECTOR)
    }

    /// Whether the physical track under the head has ID fields.
    pub(crate) fn has_track(&self, track: u8, side: u8) -> bool {
        track < self.tracks && side < self.sides
    }

    /// Sector `r` of `track`/`side`.
    pub(crate) fn read_sector(&self, track: u8, side: u8, r: u8) -> Option<&[u8]> {
        let o = self.offset(track, side, r)?;
        Some(&self.data[o..o + SECTOR])
    }

    /// Writes sector `r` of `track`/`side` (ignored if it does not exist).
    pub(crate) fn write_sector(&mut self, track: u8, side: u8, r: u8, bytes: &[u8]) {
        if let Some(o) = self.offset(track, side, r) {
            let n = bytes.len().min(SECTOR);
            self.data[o..o + n].copy_from_slice(&bytes[..n]);
            self.modified = true;
        }
    }
}

/// Position in the track (bytes after the index hole) of the ID mark of
/// physical sector slot `i` (0-based; sector R = i + 1, no interleave).
pub(crate) fn id_position(i: u8) -> u64 {
    FIRST_SECTOR + u64::from(i) * SECTOR_RECORD + IDAM
}

/// Position of the data mark of sector slot `i`.
pub(crate) fn data_position(i: u8) -> u64 {
    FIRST_SECTOR + u64::from(i) * SECTOR_RECORD + DAM
}

/// CRC-16-CCITT (polynomial 0x1021, initial 0xFFFF) as the WD279x computes
/// it over the address marks and fields.
pub fn crc16(bytes: &[u8]) -> u16 {
    let mut crc: u16 = 0xFFFF;
    for &b in bytes {
        crc ^= u16::from(b) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

/// The 6 bytes of an ID field: C H R N and the CRC (high byte first).
pub(crate) fn id_field(track: u8, side: u8, r: u8) -> [u8; 6] {
    let crc = crc16(&[0xA1, 0xA1, 0xA1, 0xFE, track, side, r, 2]);
    let [hi, lo] = crc.to_be_bytes();
    [track, side, r, 2, hi, lo]
}

/// The raw bytes of a track as READ TRACK returns them (6250 bytes; a
/// track the disk does not have reads as gap bytes).
pub(crate) fn raw_track(disk: &DiskImage, track: u8, side: u8) -> Vec<u8> {
    let mut t = Vec::with_capacity(TRACK_BYTES as usize);
    t.extend_from_slice(&[0x4E; 80]);
    t.extend_from_slice(&[0x00; 12]);
    t.extend_from_slice(&[0xC2, 0xC2, 0xC2, 0xFC]);
    t.extend_from_slice(&[0x4E; 50]);
    if disk.has_track(track, side) {
        for r in 1..=disk.sectors {
            t.extend_from_slice(&[0x00; 12]);
            t.extend_from_slice(&[0xA1, 0xA1, 0xA1, 0xFE]);
            t.extend_from_slice(&id_field(track, side, r));
            t.extend_from_slice(&[0x4E; 22]);
            t.extend_from_slice(&[0x00; 12]);
            t.extend_from_slice(&[0xA1, 0xA1, 0xA1, 0xFB]);
            let data = disk.read_sector(track, side, r).unwrap_or(&[0; SECTOR]);
            t.extend_from_slice(data);
            let mut marked = vec![0xA1, 0xA1, 0xA1, 0xFB];
            marked.extend_from_slice(data);
            t.extend_from_slice(&crc16(&marked).to_be_bytes());
            t.extend_from_slice(&[0x4E; 84]);
        }
    }
    t.resize(TRACK_BYTES as usize, 0x4E);
    t
}
