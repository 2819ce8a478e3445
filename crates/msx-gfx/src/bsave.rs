//! The 7-byte header `BSAVE "X",S,E,R[,S]` writes: 0xFE, start, end (inclusive),
//! execution address, each little-endian.

use crate::GfxError;

/// The header of `len` bytes loaded at `start` (the execution address is `start`).
pub fn header(start: u16, len: usize) -> Result<[u8; 7], GfxError> {
    let end = u64::from(start) + len as u64;
    if len == 0 || end - 1 > 0xFFFF {
        return Err(GfxError::HeaderEnd {
            end: end.saturating_sub(1),
        });
    }
    let [s0, s1] = start.to_le_bytes();
    let [e0, e1] = ((end - 1) as u16).to_le_bytes();
    Ok([0xFE, s0, s1, e0, e1, s0, s1])
}

/// `data` with the header in front.
pub fn with_header(start: u16, data: &[u8]) -> Result<Vec<u8>, GfxError> {
    let mut out = header(start, data.len())?.to_vec();
    out.extend_from_slice(data);
    Ok(out)
}

/// The bytes after the header when there is one (first byte 0xFE and addresses that
/// match the file's length), else the whole file.
pub fn strip(data: &[u8]) -> &[u8] {
    if data.len() >= 7 && data[0] == 0xFE {
        let start = u16::from_le_bytes([data[1], data[2]]);
        let end = u16::from_le_bytes([data[3], data[4]]);
        if end >= start && usize::from(end - start) + 1 + 7 == data.len() {
            return &data[7..];
        }
    }
    data
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection_needs_matching_length() {
        let mut f = vec![0xFE, 0, 0, 1, 0, 0, 0, 0xAB, 0xCD];
        assert_eq!(strip(&f), &[0xAB, 0xCD]);
        f.push(0);
        assert_eq!(strip(&f).len(), 10);
    }

    #[test]
    fn a_whole_64k_fits_from_zero_only() {
        assert_eq!(header(0, 65536).unwrap(), [0xFE, 0, 0, 0xFF, 0xFF, 0, 0]);
        assert_eq!(
            header(0x8000, 32769),
            Err(GfxError::HeaderEnd { end: 0x10000 })
        );
        assert_eq!(
            header(0x8000, 256).unwrap(),
            [0xFE, 0x00, 0x80, 0xFF, 0x80, 0x00, 0x80]
        );
    }
}
