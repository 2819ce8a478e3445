//! A disk image in memory: the raw sectors plus their geometry.
//!
//! The image bytes are the only state: every operation reads and patches them
//! in place, so bytes we do not understand (another tool's boot code, unused
//! sectors, data after the last sector) survive a round trip untouched.
//! Every mutation runs on a copy and replaces the image only when it has
//! fully succeeded: a failed operation leaves the disk as it was.

use crate::dir::{self, FileInfo, Slot, ENTRY_BYTES};
use crate::geometry::{media_geometry, Format, Geometry};
use crate::{boot, check, fat, DiskError, Name, Timestamp};
use std::ops::Range;

#[derive(Clone, PartialEq, Eq)]
pub struct Disk {
    image: Vec<u8>,
    geo: Geometry,
}

impl std::fmt::Debug for Disk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Disk")
            .field("bytes", &self.image.len())
            .field("geometry", &self.geo)
            .finish()
    }
}

impl Disk {
    /// A freshly formatted, empty disk. Its boot sector has an MSX BPB and
    /// boot code that returns at once, so an MSX boots to Disk BASIC from it
    /// (see [`Disk::set_boot_program`] to make it start a program).
    pub fn new(format: Format) -> Disk {
        let geo = format.geometry();
        let mut image = vec![0u8; geo.disk_bytes()];
        image[..512].copy_from_slice(&boot::plain_boot_sector(&geo));
        let mut disk = Disk { image, geo };
        for copy in 0..geo.fat_count {
            let at = disk.fat_range(copy).start;
            disk.image[at..at + 3].copy_from_slice(&[geo.media, 0xFF, 0xFF]);
        }
        disk
    }

    /// Reads an image made by us or by another tool, and checks it: the boot
    /// sector's BPB (or, when it has none, the standard MSX format named by
    /// the FAT's media byte, as MSX-DOS 1 does), then every directory entry
    /// and FAT chain. A corrupt image is refused with an error naming the
    /// problem.
    pub fn from_bytes(bytes: &[u8]) -> Result<Disk, DiskError> {
        if bytes.len() < 512 + 3 {
            return Err(DiskError::ImageTooSmall {
                len: bytes.len(),
                needed: 512 + 3,
            });
        }
        let geo = match Geometry::from_boot_sector(&bytes[..512]) {
            Ok(geo) => geo,
            Err(bpb_error) => media_geometry(bytes[512]).ok_or(bpb_error)?,
        };
        if bytes.len() < geo.disk_bytes() {
            return Err(DiskError::ImageTooSmall {
                len: bytes.len(),
                needed: geo.disk_bytes(),
            });
        }
        let disk = Disk {
            image: bytes.to_vec(),
            geo,
        };
        check::check(&disk)?;
        Ok(disk)
    }

    /// The image, sector by sector (the `.dsk` file's contents).
    pub fn to_bytes(&self) -> Vec<u8> {
        self.image.clone()
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.image
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// Files and subdirectories of the root directory, in directory order.
    /// Volume labels, deleted entries and long-name fragments are left out.
    pub fn list(&self) -> Vec<FileInfo> {
        self.root_slots()
            .filter(|&at| dir::classify(&self.image[at..]) == Slot::Entry)
            .map(|at| FileInfo::parse(&self.image[at..at + ENTRY_BYTES]))
            .collect()
    }

    /// The volume label, if the root directory has one.
    pub fn volume_label(&self) -> Option<String> {
        self.root_slots()
            .find(|&at| dir::classify(&self.image[at..]) == Slot::Volume)
            .map(|at| {
                let raw = &self.image[at..at + 11];
                let text: String = raw.iter().map(|&b| char::from(b)).collect();
                text.trim_end().to_string()
            })
    }

    /// Bytes free for file data.
    pub fn free_bytes(&self) -> u64 {
        self.free_clusters().count() as u64 * self.geo.cluster_bytes() as u64
    }

    /// Information about one file.
    pub fn file_info(&self, name: &str) -> Result<FileInfo, DiskError> {
        let name = Name::parse_existing(name)?;
        self.find(&name)
            .map(|(_, info)| info)
            .ok_or_else(|| DiskError::NotFound(name.to_string()))
    }

    /// The contents of a file of the root directory.
    pub fn read_file(&self, name: &str) -> Result<Vec<u8>, DiskError> {
        let name = Name::parse_existing(name)?;
        let (_, info) = self
            .find(&name)
            .ok_or_else(|| DiskError::NotFound(name.to_string()))?;
        if info.is_dir() {
            return Err(DiskError::NotAFile(name.to_string()));
        }
        let size = info.size as usize;
        if size == 0 {
            return Ok(Vec::new());
        }
        // Chains were checked when the disk was read and are kept consistent
        // by every change; checking again costs little and guards the slices.
        let clusters = fat::chain(
            self.fat(),
            info.first_cluster,
            self.geo.max_cluster(),
            &name.to_string(),
        )?;
        let mut data = Vec::with_capacity(size);
        for c in clusters {
            let at = self.geo.cluster_offset(c);
            let take = (size - data.len()).min(self.geo.cluster_bytes());
            data.extend_from_slice(&self.image[at..at + take]);
        }
        if data.len() != size {
            return Err(DiskError::Corrupt(format!(
                "{name}: size is {size} bytes but its clusters hold {}",
                data.len()
            )));
        }
        Ok(data)
    }

    /// Creates a file, or replaces the file of that name, in the root
    /// directory. The name must follow the MSX-DOS rules (see
    /// [`Name::parse`]). Clusters are taken first-fit from the start of the
    /// disk, as MSX-DOS does. `when` becomes the file's date and time.
    pub fn write_file(
        &mut self,
        name: &str,
        data: &[u8],
        when: Timestamp,
    ) -> Result<(), DiskError> {
        let name = Name::parse(name)?;
        let size = u32::try_from(data.len()).map_err(|_| DiskError::FileTooLarge(data.len()))?;
        self.transaction(|d| {
            let slot = match d.find(&name) {
                Some((at, info)) => {
                    if info.is_dir() {
                        return Err(DiskError::NotAFile(name.to_string()));
                    }
                    d.free_chain(info.first_cluster);
                    d.drop_long_name(at);
                    at
                }
                None => d.free_slot()?,
            };
            let cb = d.geo.cluster_bytes();
            let needed = data.len().div_ceil(cb);
            let clusters: Vec<u16> = d.free_clusters().take(needed).collect();
            if clusters.len() < needed {
                return Err(DiskError::DiskFull {
                    needed: data.len() as u64,
                    free: d.free_bytes(),
                });
            }
            for (i, &c) in clusters.iter().enumerate() {
                let next = clusters.get(i + 1).copied().unwrap_or(fat::END);
                d.set_fat(c, next);
                let chunk = &data[i * cb..data.len().min((i + 1) * cb)];
                let at = d.geo.cluster_offset(c);
                d.image[at..at + chunk.len()].copy_from_slice(chunk);
                // Zero the slack so the same inputs always give the same image.
                d.image[at + chunk.len()..at + cb].fill(0);
            }
            let first = clusters.first().copied().unwrap_or(0);
            let entry = dir::new_entry(&name, size, first, when);
            d.image[slot..slot + ENTRY_BYTES].copy_from_slice(&entry);
            Ok(())
        })
    }

    /// Deletes a file: its clusters become free and its entry is marked 0xE5.
    pub fn remove(&mut self, name: &str) -> Result<(), DiskError> {
        let name = Name::parse_existing(name)?;
        self.transaction(|d| {
            let (at, info) = d
                .find(&name)
                .ok_or_else(|| DiskError::NotFound(name.to_string()))?;
            if info.is_dir() {
                return Err(DiskError::NotAFile(name.to_string()));
            }
            d.free_chain(info.first_cluster);
            d.drop_long_name(at);
            d.image[at] = 0xE5;
            Ok(())
        })
    }

    /// Renames a file; the new name must not be taken by another entry.
    pub fn rename(&mut self, old: &str, new: &str) -> Result<(), DiskError> {
        let old = Name::parse_existing(old)?;
        let new = Name::parse(new)?;
        self.transaction(|d| {
            let (at, _) = d
                .find(&old)
                .ok_or_else(|| DiskError::NotFound(old.to_string()))?;
            if let Some((other, _)) = d.find(&new) {
                if other != at {
                    return Err(DiskError::AlreadyExists(new.to_string()));
                }
            }
            d.drop_long_name(at);
            d.image[at..at + 11].copy_from_slice(&new.entry_bytes());
            Ok(())
        })
    }

    /// Runs `change` on a copy and keeps the copy only if it succeeded.
    pub(crate) fn transaction<T>(
        &mut self,
        change: impl FnOnce(&mut Disk) -> Result<T, DiskError>,
    ) -> Result<T, DiskError> {
        let mut copy = self.clone();
        let result = change(&mut copy)?;
        *self = copy;
        Ok(result)
    }

    pub(crate) fn image_mut(&mut self) -> &mut [u8] {
        &mut self.image
    }

    /// Byte range of FAT copy `copy`.
    fn fat_range(&self, copy: u8) -> Range<usize> {
        let first = self.geo.fat_start() + u32::from(copy) * u32::from(self.geo.sectors_per_fat);
        let start = self.geo.sector_offset(first);
        start..start + usize::from(self.geo.sectors_per_fat) * self.geo.sector_bytes()
    }

    /// The first FAT (the one MSX-DOS reads).
    pub(crate) fn fat(&self) -> &[u8] {
        &self.image[self.fat_range(0)]
    }

    /// Sets a FAT entry in every copy of the FAT.
    fn set_fat(&mut self, cluster: u16, value: u16) {
        for copy in 0..self.geo.fat_count {
            let range = self.fat_range(copy);
            fat::set(&mut self.image[range], cluster, value);
        }
    }

    fn free_clusters(&self) -> impl Iterator<Item = u16> + '_ {
        let fat = self.fat();
        (2..=self.geo.max_cluster()).filter(move |&c| fat::get(fat, c) == fat::FREE)
    }

    /// Frees a chain that the disk check has already validated.
    fn free_chain(&mut self, first: u16) {
        let mut cluster = first;
        let max = self.geo.max_cluster();
        // At most one step per cluster, whatever the FAT holds.
        for _ in 0..max {
            if !(2..=max).contains(&cluster) {
                break;
            }
            let next = fat::get(self.fat(), cluster);
            self.set_fat(cluster, fat::FREE);
            cluster = next;
        }
    }

    pub(crate) fn root_range(&self) -> Range<usize> {
        let start = self.geo.sector_offset(self.geo.root_start());
        start..start + usize::from(self.geo.root_entries) * ENTRY_BYTES
    }

    /// Offsets of the root directory's slots, up to the end marker.
    pub(crate) fn root_slots(&self) -> impl Iterator<Item = usize> + '_ {
        self.root_range()
            .step_by(ENTRY_BYTES)
            .take_while(|&at| dir::classify(&self.image[at..]) != Slot::End)
    }

    /// The root-directory entry of a name: its byte offset and contents.
    pub(crate) fn find(&self, name: &Name) -> Option<(usize, FileInfo)> {
        self.root_slots()
            .filter(|&at| dir::classify(&self.image[at..]) == Slot::Entry)
            .map(|at| (at, FileInfo::parse(&self.image[at..at + ENTRY_BYTES])))
            .find(|(_, info)| info.name == *name)
    }

    fn free_slot(&self) -> Result<usize, DiskError> {
        self.root_range()
            .step_by(ENTRY_BYTES)
            .find(|&at| matches!(dir::classify(&self.image[at..]), Slot::End | Slot::Deleted))
            .ok_or(DiskError::DirectoryFull {
                entries: self.geo.root_entries,
            })
    }

    /// Marks deleted the long-name fragments a PC tool put before the entry
    /// at `at`, so they cannot name another file later.
    fn drop_long_name(&mut self, at: usize) {
        let start = self.root_range().start;
        let mut slot = at;
        while slot > start {
            slot -= ENTRY_BYTES;
            if dir::classify(&self.image[slot..]) != Slot::LongName {
                break;
            }
            self.image[slot] = 0xE5;
        }
    }
}
