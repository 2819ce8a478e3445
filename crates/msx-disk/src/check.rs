//! The consistency check run on every image we read: each directory entry's
//! chain is walked (range, loops), no cluster belongs to two chains, and each
//! file's chain holds exactly as many clusters as its size needs.
//! Subdirectories (which MSX-DOS 2 and PC tools may write) are walked too, so
//! that their clusters count as used.
//!
//! Clusters marked used but owned by no entry ("lost clusters") are not an
//! error: they waste space but endanger no data, and MSX-DOS leaves them behind
//! when a program is interrupted while writing.

use crate::dir::{self, FileInfo, Slot, ENTRY_BYTES};
use crate::{fat, Disk, DiskError};

/// Directory nesting deeper than this is treated as corrupt (a loop of
/// directories would otherwise recurse without end).
const MAX_DEPTH: usize = 16;

struct Walk<'a> {
    disk: &'a Disk,
    /// For each cluster, the path of the entry whose chain holds it.
    owner: Vec<Option<String>>,
}

pub fn check(disk: &Disk) -> Result<(), DiskError> {
    let mut walk = Walk {
        disk,
        owner: vec![None; usize::from(disk.geometry().max_cluster()) + 1],
    };
    let root: Vec<u8> = disk.as_bytes()[disk.root_range()].to_vec();
    walk.directory(&root, "", 0)
}

impl Walk<'_> {
    fn directory(&mut self, entries: &[u8], prefix: &str, depth: usize) -> Result<(), DiskError> {
        for entry in entries.chunks_exact(ENTRY_BYTES) {
            match dir::classify(entry) {
                Slot::End => break,
                Slot::Entry => {}
                Slot::Deleted | Slot::LongName | Slot::Volume => continue,
            }
            // "." and ".." of a subdirectory point at itself and its parent.
            if entry[0] == b'.' {
                continue;
            }
            let info = FileInfo::parse(entry);
            let path = format!("{prefix}{}", info.name);
            if info.is_dir() {
                self.subdirectory(&info, &path, depth)?;
            } else {
                self.file(&info, &path)?;
            }
        }
        Ok(())
    }

    fn file(&mut self, info: &FileInfo, path: &str) -> Result<(), DiskError> {
        let cb = self.disk.geometry().cluster_bytes() as u64;
        let needed = u64::from(info.size).div_ceil(cb);
        if info.first_cluster == 0 {
            if needed == 0 {
                return Ok(());
            }
            return Err(DiskError::Corrupt(format!(
                "{path}: {} bytes long but owns no cluster",
                info.size
            )));
        }
        let chain = self.claim(info.first_cluster, path)?;
        if chain.len() as u64 != needed {
            return Err(DiskError::Corrupt(format!(
                "{path}: its size ({} bytes) needs {needed} clusters, its FAT chain has {}",
                info.size,
                chain.len()
            )));
        }
        Ok(())
    }

    fn subdirectory(&mut self, info: &FileInfo, path: &str, depth: usize) -> Result<(), DiskError> {
        if depth >= MAX_DEPTH {
            return Err(DiskError::Corrupt(format!(
                "{path}: directories nested more than {MAX_DEPTH} deep"
            )));
        }
        let chain = self.claim(info.first_cluster, path)?;
        let geo = self.disk.geometry();
        let mut entries = Vec::with_capacity(chain.len() * geo.cluster_bytes());
        for c in chain {
            let at = geo.cluster_offset(c);
            entries.extend_from_slice(&self.disk.as_bytes()[at..at + geo.cluster_bytes()]);
        }
        self.directory(&entries, &format!("{path}\\"), depth + 1)
    }

    /// Walks a chain and records `path` as the owner of its clusters.
    fn claim(&mut self, first: u16, path: &str) -> Result<Vec<u16>, DiskError> {
        let max = self.disk.geometry().max_cluster();
        let chain = fat::chain(self.disk.fat(), first, max, path)?;
        for &c in &chain {
            let slot = &mut self.owner[usize::from(c)];
            if let Some(other) = slot {
                return Err(DiskError::Corrupt(format!(
                    "{path} and {other} both use cluster {c} (cross-linked chains)"
                )));
            }
            *slot = Some(path.to_string());
        }
        Ok(chain)
    }
}
