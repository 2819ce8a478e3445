//! Disk formats and the BIOS parameter block (BPB) of the boot sector.
//!
//! Facts: MSX2 Technical Handbook ch. 3 table 3.1 (the four MSX media), the
//! `DEFDPB` tables of the MSX disk drivers (e.g. Philips NMS 8250) and the
//! Microsoft FAT specification for the BPB offsets.

use crate::DiskError;

/// The formats `Disk::new` creates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// 720 KB: 2 sides × 80 tracks × 9 sectors, media byte 0xF9 (MSX 2DD).
    Kb720,
    /// 360 KB: 1 side × 80 tracks × 9 sectors, media byte 0xF8 (MSX 1DD).
    Kb360,
}

impl Format {
    /// The format whose media byte this is, if it is one we create.
    pub fn from_media(media: u8) -> Option<Format> {
        match media {
            0xF9 => Some(Format::Kb720),
            0xF8 => Some(Format::Kb360),
            _ => None,
        }
    }

    pub fn geometry(self) -> Geometry {
        let media = match self {
            Format::Kb720 => 0xF9,
            Format::Kb360 => 0xF8,
        };
        // Both are in the media table: unwrap-free lookup.
        media_geometry(media).unwrap_or(MEDIA_TABLE[1].1)
    }
}

/// Where everything is on a FAT12 disk: the BPB fields, plus the derived
/// positions. All positions are in sectors from the start of the image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    pub bytes_per_sector: u16,
    pub sectors_per_cluster: u8,
    pub reserved_sectors: u16,
    pub fat_count: u8,
    pub root_entries: u16,
    pub total_sectors: u32,
    pub media: u8,
    pub sectors_per_fat: u16,
    pub sectors_per_track: u16,
    pub heads: u16,
    pub hidden_sectors: u32,
}

/// The standard MSX media (Handbook table 3.1): what MSX-DOS 1 assumes from
/// the FAT's first byte when a boot sector carries no usable BPB.
const MEDIA_TABLE: [(u8, Geometry); 4] = [
    (0xF8, std_geometry(0xF8, 720, 1, 2)),
    (0xF9, std_geometry(0xF9, 1440, 2, 3)),
    (0xFA, std_geometry_8(0xFA, 640, 1, 1)),
    (0xFB, std_geometry_8(0xFB, 1280, 2, 2)),
];

const fn std_geometry(media: u8, total: u32, heads: u16, fat: u16) -> Geometry {
    Geometry {
        bytes_per_sector: 512,
        sectors_per_cluster: 2,
        reserved_sectors: 1,
        fat_count: 2,
        root_entries: 112,
        total_sectors: total,
        media,
        sectors_per_fat: fat,
        sectors_per_track: 9,
        heads,
        hidden_sectors: 0,
    }
}

const fn std_geometry_8(media: u8, total: u32, heads: u16, fat: u16) -> Geometry {
    let mut g = std_geometry(media, total, heads, fat);
    g.sectors_per_track = 8;
    g
}

/// The standard geometry of an MSX media byte (0xF8–0xFB).
pub fn media_geometry(media: u8) -> Option<Geometry> {
    MEDIA_TABLE
        .iter()
        .find(|(m, _)| *m == media)
        .map(|(_, g)| *g)
}

/// FAT12 can address clusters 2..=0xFF6; this many data clusters at most.
pub const FAT12_MAX_CLUSTERS: u32 = 4084;

fn le16(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn le32(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

impl Geometry {
    /// Reads the BPB of a boot sector (at least 512 bytes, checked by the
    /// caller) and checks that it describes a usable FAT12 disk.
    pub fn from_boot_sector(b: &[u8]) -> Result<Geometry, DiskError> {
        let total16 = le16(b, 0x13);
        let g = Geometry {
            bytes_per_sector: le16(b, 0x0B),
            sectors_per_cluster: b[0x0D],
            reserved_sectors: le16(b, 0x0E),
            fat_count: b[0x10],
            root_entries: le16(b, 0x11),
            total_sectors: if total16 != 0 {
                u32::from(total16)
            } else {
                le32(b, 0x20)
            },
            media: b[0x15],
            sectors_per_fat: le16(b, 0x16),
            sectors_per_track: le16(b, 0x18),
            heads: le16(b, 0x1A),
            hidden_sectors: le32(b, 0x1C),
        };
        g.validate()?;
        Ok(g)
    }

    /// Writes the BPB fields into a boot sector (offsets 0x0B..0x20).
    pub fn write_bpb(&self, b: &mut [u8]) {
        b[0x0B..0x0D].copy_from_slice(&self.bytes_per_sector.to_le_bytes());
        b[0x0D] = self.sectors_per_cluster;
        b[0x0E..0x10].copy_from_slice(&self.reserved_sectors.to_le_bytes());
        b[0x10] = self.fat_count;
        b[0x11..0x13].copy_from_slice(&self.root_entries.to_le_bytes());
        // Floppies always fit the 16-bit field; the 32-bit one is for big disks.
        let total16 = u16::try_from(self.total_sectors).unwrap_or(0);
        b[0x13..0x15].copy_from_slice(&total16.to_le_bytes());
        b[0x15] = self.media;
        b[0x16..0x18].copy_from_slice(&self.sectors_per_fat.to_le_bytes());
        b[0x18..0x1A].copy_from_slice(&self.sectors_per_track.to_le_bytes());
        b[0x1A..0x1C].copy_from_slice(&self.heads.to_le_bytes());
        b[0x1C..0x1E].copy_from_slice(&(self.hidden_sectors as u16).to_le_bytes());
    }

    fn validate(&self) -> Result<(), DiskError> {
        let bad = |field, offset, value: u32, reason| {
            Err(DiskError::BadBpb {
                field,
                offset,
                value,
                reason,
            })
        };
        let bps = self.bytes_per_sector;
        if !(128..=4096).contains(&bps) || !bps.is_power_of_two() {
            return bad(
                "bytes per sector",
                0x0B,
                bps.into(),
                "must be a power of two from 128 to 4096",
            );
        }
        let spc = self.sectors_per_cluster;
        if spc == 0 || !spc.is_power_of_two() {
            return bad(
                "sectors per cluster",
                0x0D,
                spc.into(),
                "must be a power of two",
            );
        }
        if self.reserved_sectors == 0 {
            return bad(
                "reserved sectors",
                0x0E,
                0,
                "the boot sector itself is reserved",
            );
        }
        if self.fat_count == 0 || self.fat_count > 4 {
            return bad(
                "number of FATs",
                0x10,
                self.fat_count.into(),
                "must be 1 to 4",
            );
        }
        if self.root_entries == 0 || (u32::from(self.root_entries) * 32) % u32::from(bps) != 0 {
            return bad(
                "root directory entries",
                0x11,
                self.root_entries.into(),
                "must fill whole sectors",
            );
        }
        if self.media < 0xF0 {
            return bad(
                "media byte",
                0x15,
                self.media.into(),
                "must be 0xF0 to 0xFF",
            );
        }
        if self.sectors_per_fat == 0 {
            return bad("sectors per FAT", 0x16, 0, "must not be 0");
        }
        if self.total_sectors <= self.data_start() {
            return bad(
                "total sectors",
                0x13,
                self.total_sectors,
                "leaves no room for data",
            );
        }
        let clusters = self.cluster_count();
        if clusters > FAT12_MAX_CLUSTERS {
            return Err(DiskError::NotFat12 { clusters });
        }
        // The FAT must hold an entry for every cluster (1.5 bytes each, 2 reserved).
        let fat_bytes = u32::from(self.sectors_per_fat) * u32::from(bps);
        if (clusters + 2) * 3 / 2 + 1 > fat_bytes {
            return bad(
                "sectors per FAT",
                0x16,
                self.sectors_per_fat.into(),
                "too small for the number of clusters",
            );
        }
        Ok(())
    }

    pub fn sector_bytes(&self) -> usize {
        usize::from(self.bytes_per_sector)
    }

    pub fn cluster_bytes(&self) -> usize {
        self.sector_bytes() * usize::from(self.sectors_per_cluster)
    }

    pub fn fat_start(&self) -> u32 {
        u32::from(self.reserved_sectors)
    }

    pub fn root_start(&self) -> u32 {
        self.fat_start() + u32::from(self.fat_count) * u32::from(self.sectors_per_fat)
    }

    pub fn root_sectors(&self) -> u32 {
        u32::from(self.root_entries) * 32 / u32::from(self.bytes_per_sector)
    }

    pub fn data_start(&self) -> u32 {
        self.root_start() + self.root_sectors()
    }

    /// Number of data clusters (numbered 2..=`max_cluster`).
    pub fn cluster_count(&self) -> u32 {
        self.total_sectors.saturating_sub(self.data_start()) / u32::from(self.sectors_per_cluster)
    }

    pub fn max_cluster(&self) -> u16 {
        // cluster_count ≤ 4084 once validated, so this fits.
        (self.cluster_count() + 1) as u16
    }

    /// Size of the whole disk in bytes.
    pub fn disk_bytes(&self) -> usize {
        self.total_sectors as usize * self.sector_bytes()
    }

    /// Byte offset of a sector in the image.
    pub fn sector_offset(&self, sector: u32) -> usize {
        sector as usize * self.sector_bytes()
    }

    /// Byte offset of the first byte of a data cluster (2..=max_cluster).
    pub fn cluster_offset(&self, cluster: u16) -> usize {
        let sector =
            self.data_start() + (u32::from(cluster) - 2) * u32::from(self.sectors_per_cluster);
        self.sector_offset(sector)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_of_720k_matches_the_handbook() {
        let g = Format::Kb720.geometry();
        assert_eq!(g.media, 0xF9);
        assert_eq!(g.fat_start(), 1);
        assert_eq!(g.root_start(), 7);
        assert_eq!(g.root_sectors(), 7);
        assert_eq!(g.data_start(), 14);
        assert_eq!(g.max_cluster(), 714);
        assert_eq!(g.disk_bytes(), 737_280);
    }

    #[test]
    fn layout_of_360k_matches_the_driver_dpb() {
        // Philips NMS 8250 driver DPB for media F8: data at 12, highest cluster 355.
        let g = Format::Kb360.geometry();
        assert_eq!(g.media, 0xF8);
        assert_eq!(g.root_start(), 5);
        assert_eq!(g.data_start(), 12);
        assert_eq!(g.max_cluster(), 355);
        assert_eq!(g.disk_bytes(), 368_640);
    }

    #[test]
    fn bpb_round_trips() {
        let g = Format::Kb720.geometry();
        let mut b = [0u8; 512];
        g.write_bpb(&mut b);
        assert_eq!(Geometry::from_boot_sector(&b), Ok(g));
        // The 720 KB BPB as MSX-DOS and openMSX write it (Handbook / openMSX fact sheet).
        assert_eq!(
            &b[0x0B..0x1C],
            &[0x00, 0x02, 2, 1, 0, 2, 112, 0, 0xA0, 5, 0xF9, 3, 0, 9, 0, 2, 0]
        );
    }

    #[test]
    fn bad_bpb_fields_are_named() {
        let mut b = [0u8; 512];
        Format::Kb720.geometry().write_bpb(&mut b);
        b[0x0D] = 3;
        let err = Geometry::from_boot_sector(&b).unwrap_err();
        assert!(err.to_string().contains("sectors per cluster"), "{err}");
        assert!(err.to_string().contains("0x0d"), "{err}");
    }
}
