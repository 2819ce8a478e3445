//! FAT12 entries and cluster chains.
//!
//! Entry n sits at byte n·3/2 of the FAT: for even n the low 12 bits of the
//! little-endian word there, for odd n its high 12 bits (Handbook fig. 3.13).

use crate::DiskError;

/// FAT12 values: 0 free, 0xFF7 bad cluster, 0xFF8..=0xFFF end of chain.
pub const FREE: u16 = 0;
pub const BAD: u16 = 0xFF7;
/// The end-of-chain value MSX-DOS writes.
pub const END: u16 = 0xFFF;

pub fn get(fat: &[u8], n: u16) -> u16 {
    let at = usize::from(n) * 3 / 2;
    let word = u16::from_le_bytes([fat[at], fat[at + 1]]);
    if n.is_multiple_of(2) {
        word & 0x0FFF
    } else {
        word >> 4
    }
}

pub fn set(fat: &mut [u8], n: u16, value: u16) {
    let at = usize::from(n) * 3 / 2;
    let value = value & 0x0FFF;
    if n.is_multiple_of(2) {
        fat[at] = value as u8;
        fat[at + 1] = (fat[at + 1] & 0xF0) | (value >> 8) as u8;
    } else {
        fat[at] = (fat[at] & 0x0F) | ((value as u8) << 4);
        fat[at + 1] = (value >> 4) as u8;
    }
}

pub fn is_end(value: u16) -> bool {
    value >= 0xFF8
}

/// The clusters of the chain starting at `first`, checked: every link is a
/// data cluster (2..=max_cluster), the chain ends with an end mark and never
/// comes back to a cluster it has visited. `what` names the owner in errors.
pub fn chain(fat: &[u8], first: u16, max_cluster: u16, what: &str) -> Result<Vec<u16>, DiskError> {
    let mut seen = vec![false; usize::from(max_cluster) + 1];
    let mut clusters = Vec::new();
    let mut cluster = first;
    loop {
        if !(2..=max_cluster).contains(&cluster) {
            let detail = match cluster {
                FREE => "a free cluster".to_string(),
                BAD => "a cluster marked bad".to_string(),
                c => format!("cluster {c}, outside the disk (last is {max_cluster})"),
            };
            let from = clusters
                .last()
                .map_or("its directory entry".to_string(), |c| {
                    format!("cluster {c}")
                });
            return Err(DiskError::Corrupt(format!(
                "{what}: {from} points to {detail}"
            )));
        }
        if seen[usize::from(cluster)] {
            return Err(DiskError::Corrupt(format!(
                "{what}: the FAT chain loops back to cluster {cluster}"
            )));
        }
        seen[usize::from(cluster)] = true;
        clusters.push(cluster);
        let next = get(fat, cluster);
        if is_end(next) {
            return Ok(clusters);
        }
        cluster = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_twelve_bit_entries() {
        // Handbook fig. 3.12: a chain 2 -> 3 -> 4 -> end, then 5 -> 6 -> end.
        let mut fat = vec![0u8; 12];
        fat[..3].copy_from_slice(&[0xF9, 0xFF, 0xFF]);
        for (n, v) in [(2, 3), (3, 4), (4, END), (5, 6), (6, END)] {
            set(&mut fat, n, v);
        }
        assert_eq!(
            &fat[..11],
            &[0xF9, 0xFF, 0xFF, 0x03, 0x40, 0x00, 0xFF, 0x6F, 0x00, 0xFF, 0x0F]
        );
        assert_eq!(chain(&fat, 2, 6, "X").unwrap(), vec![2, 3, 4]);
        assert_eq!(chain(&fat, 5, 6, "X").unwrap(), vec![5, 6]);
    }

    #[test]
    fn finds_loops_and_strays() {
        let mut fat = vec![0u8; 12];
        set(&mut fat, 2, 3);
        set(&mut fat, 3, 2);
        let e = chain(&fat, 2, 6, "A.BIN").unwrap_err().to_string();
        assert!(
            e.contains("A.BIN") && e.contains("loops back to cluster 2"),
            "{e}"
        );
        set(&mut fat, 3, 7);
        let e = chain(&fat, 2, 6, "A.BIN").unwrap_err().to_string();
        assert!(e.contains("cluster 3 points to cluster 7"), "{e}");
        set(&mut fat, 3, 0);
        let e = chain(&fat, 2, 6, "A.BIN").unwrap_err().to_string();
        assert!(e.contains("free cluster"), "{e}");
    }
}
