//! The byte store behind the fast path, and the encoding of a "line"
//! target.
//!
//! Every RAM and ROM byte of the machine lives in one `Vec<u8>`. The CPU's
//! 64 KB address space is cut into 256 lines of 256 bytes; for each line the
//! memory system keeps, for reads and for writes, either the offset in the
//! store where the line's bytes are, or the mark [`SLOW`] meaning "ask the
//! device" (memory-mapped registers: mapper bank switches, FDC, SCC). A read
//! is then one table look-up and one index: no dispatch on the device.
//!
//! Lines are 256 bytes (like openMSX's cache lines) so that a device with a
//! few registers (the FDC at 0x7FF8) only slows down its own line.

/// Marks a line target whose accesses go to the device.
pub const SLOW: u32 = 1 << 31;
/// A line of 0xFF bytes: what an empty address reads. Never written.
pub const UNMAPPED: u32 = 0;
/// A line nobody reads: where writes to ROM go.
pub const SINK: u32 = 256;
/// Size of a line.
pub const LINE: usize = 256;

/// Read and write targets of one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// Store offset of the line's first byte for reads, or [`SLOW`].
    pub read: u32,
    /// Store offset for writes, or [`SLOW`].
    pub write: u32,
}

impl Line {
    /// Reads 0xFF, writes ignored.
    pub const EMPTY: Line = Line {
        read: UNMAPPED,
        write: SINK,
    };
    /// Everything through the device.
    pub const DEVICE: Line = Line {
        read: SLOW,
        write: SLOW,
    };

    /// Read-only bytes at `base`; writes ignored.
    pub const fn rom(base: u32) -> Line {
        Line {
            read: base,
            write: SINK,
        }
    }

    /// Read-write bytes at `base`.
    pub const fn ram(base: u32) -> Line {
        Line {
            read: base,
            write: base,
        }
    }
}

/// A range of the store owned by one device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// First byte.
    pub start: u32,
    /// Length in bytes (a multiple of [`LINE`]).
    pub len: u32,
}

/// The store: all RAM and ROM bytes of the machine.
#[derive(Clone, Debug)]
pub struct Store {
    pub bytes: Vec<u8>,
}

impl Store {
    pub fn new() -> Self {
        let mut bytes = vec![0xFF; LINE];
        bytes.extend_from_slice(&[0; LINE]);
        Self { bytes }
    }

    /// Reserves `len` bytes (rounded up to a line) filled with `fill`.
    pub fn alloc(&mut self, len: usize, fill: u8) -> Region {
        let rounded = len.div_ceil(LINE) * LINE;
        let start = self.bytes.len();
        self.bytes.resize(start + rounded, fill);
        Region {
            start: start as u32,
            len: rounded as u32,
        }
    }

    /// Reserves a region holding `data`, padded with 0xFF to `min_len` and
    /// to a whole line.
    pub fn alloc_with(&mut self, data: &[u8], min_len: usize) -> Region {
        let region = self.alloc(data.len().max(min_len), 0xFF);
        let start = region.start as usize;
        self.bytes[start..start + data.len()].copy_from_slice(data);
        region
    }

    pub fn slice(&self, region: Region) -> &[u8] {
        &self.bytes[region.start as usize..(region.start + region.len) as usize]
    }

    pub fn slice_mut(&mut self, region: Region) -> &mut [u8] {
        &mut self.bytes[region.start as usize..(region.start + region.len) as usize]
    }
}
