//! Video RAM, stored as the chips hold it.
//!
//! The V9938 addresses 128 KB. In GRAPHIC6/7 it interleaves the two 64 KB
//! banks: the byte the CPU sees at address A lives at physical address
//! `(A & 1) << 16 | A >> 1`. Storing physical bytes (as openMSX does) keeps
//! the picture right when a program switches between planar and linear
//! modes; [`Vram::cpu_view`] gives the CPU's view for dumps and tests.

/// Physical VRAM is watched for writes in pages of this many bytes.
const PAGE_BITS: u32 = 7;

/// The bytes of video RAM plus the size mask.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug)]
pub struct Vram {
    #[serde(with = "crate::codec::bytes")]
    data: Vec<u8>,
    mask: u32,
    /// One bit per 128-byte physical page (128 KB at most) whose writes
    /// set `touched`: lets a cache of a table (the sprite Y scan) know
    /// when it is stale without every writer knowing about it.
    #[serde(skip)]
    watched: [u64; 16],
    /// The physical bytes from the first to the last watched page: a
    /// write outside them (most of them) costs one comparison.
    #[serde(skip)]
    watch_from: u32,
    #[serde(skip)]
    watch_len: u32,
    /// A watched page was written (or the bytes were lent out writable)
    /// since the last [`Vram::watch`].
    #[serde(skip)]
    touched: bool,
}

/// The physical address of the CPU's address `addr` in a planar mode.
pub fn planar(addr: u32) -> u32 {
    ((addr & 1) << 16) | ((addr >> 1) & 0xFFFF)
}

impl Vram {
    /// `size` must be a power of two (16, 64 or 128 KB); contents are zeros.
    pub fn new(size: usize) -> Vram {
        Vram {
            data: vec![0; size],
            mask: (size - 1) as u32,
            watched: [0; 16],
            watch_from: 0,
            watch_len: 0,
            touched: true,
        }
    }

    /// Whether a loaded VRAM has this one's size.
    pub fn check_state(&self, mine: &Vram) -> Result<(), String> {
        if self.data.len() == mine.data.len() && self.mask == mine.mask {
            Ok(())
        } else {
            Err(format!(
                "the state has {} KB of VRAM, this machine {} KB",
                self.data.len() / 1024,
                mine.data.len() / 1024
            ))
        }
    }

    /// Read a physical address (wraps at the chip size).
    #[inline]
    pub fn read(&self, addr: u32) -> u8 {
        self.data[(addr & self.mask) as usize]
    }

    /// Write a physical address (wraps at the chip size).
    #[inline]
    pub fn write(&mut self, addr: u32, value: u8) {
        let addr = addr & self.mask;
        self.data[addr as usize] = value;
        if addr.wrapping_sub(self.watch_from) < self.watch_len {
            self.note(addr >> PAGE_BITS);
        }
    }

    /// [`Vram::write`] of an address [`Vram::watches`] said no to.
    #[inline]
    pub fn write_unwatched(&mut self, addr: u32, value: u8) {
        debug_assert!(!self.watches(addr));
        self.data[(addr & self.mask) as usize] = value;
    }

    /// Mark `touched` if physical page `page` is watched.
    #[inline]
    fn note(&mut self, page: u32) {
        let word = self.watched[(page >> 6) as usize & 15];
        self.touched |= (word >> (page & 63)) & 1 != 0;
    }

    /// Watch the pages holding these physical addresses (wrapped at the
    /// chip size), forgetting earlier watches, and clear `touched`.
    pub fn watch(&mut self, addrs: impl IntoIterator<Item = u32>) {
        self.watched = [0; 16];
        let (mut first, mut last) = (u32::MAX, 0);
        for addr in addrs {
            let page = (addr & self.mask) >> PAGE_BITS;
            self.watched[(page >> 6) as usize & 15] |= 1 << (page & 63);
            first = first.min(page);
            last = last.max(page);
        }
        (self.watch_from, self.watch_len) = if first <= last {
            (first << PAGE_BITS, (last + 1 - first) << PAGE_BITS)
        } else {
            (0, 0)
        };
        self.touched = false;
    }

    /// The physical rows of 128 bytes from the first to the last watched
    /// page, if any (pages are rows), and whether the chip is 128 KB (so
    /// that an address the command engine works out is not wrapped).
    pub fn watched_rows(&self) -> Option<(u32, u32)> {
        (self.watch_len != 0 && self.data.len() == 0x20000).then(|| {
            (
                self.watch_from >> PAGE_BITS,
                (self.watch_from + self.watch_len - 1) >> PAGE_BITS,
            )
        })
    }

    /// Whether a write to physical address `addr` may mark `touched` (it
    /// falls between the first and the last watched page).
    #[inline]
    pub fn watches(&self, addr: u32) -> bool {
        (addr & self.mask).wrapping_sub(self.watch_from) < self.watch_len
    }

    /// Whether a watched page may have changed since [`Vram::watch`].
    #[inline]
    pub fn touched(&self) -> bool {
        self.touched
    }

    /// The 128 bytes of the bitmap line at physical address `addr` (a
    /// multiple of 128; wraps at the chip size like [`Vram::read`]).
    #[inline]
    pub fn line(&self, addr: u32) -> &[u8] {
        let start = (addr & self.mask & !0x7F) as usize;
        self.data.get(start..start + 128).unwrap_or(&[])
    }

    /// Write `value` to `len` physical addresses from `start` (wrapping at
    /// the chip size like [`Vram::write`]).
    #[inline]
    pub fn fill(&mut self, start: u32, len: u32, value: u8) {
        let from = (start & self.mask) as usize;
        match self.data.get_mut(from..from + len as usize) {
            Some(bytes) => {
                bytes.fill(value);
                if len > 0 {
                    let last = (from as u32 + len - 1) >> PAGE_BITS;
                    for page in (from as u32 >> PAGE_BITS)..=last {
                        self.note(page);
                    }
                }
            }
            None => {
                for i in 0..len {
                    self.write(start.wrapping_add(i), value);
                }
            }
        }
    }

    /// Read a logical (CPU-view) address in a planar or linear mode.
    #[inline]
    pub fn read_logical(&self, addr: u32, planar_mode: bool) -> u8 {
        if planar_mode {
            self.read(planar(addr))
        } else {
            self.read(addr)
        }
    }

    /// The physical bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.data
    }

    /// The physical bytes, writable (for loaders and tests).
    pub fn bytes_mut(&mut self) -> &mut [u8] {
        // Whoever holds these may write anywhere.
        self.touched = true;
        &mut self.data
    }

    /// The VRAM as the CPU sees it through ports 0x98 in the given mode
    /// (the same as openMSX's `VRAM` debuggable).
    pub fn cpu_view(&self, planar_mode: bool) -> Vec<u8> {
        if !planar_mode {
            return self.data.clone();
        }
        (0..self.data.len() as u32)
            .map(|a| self.read(planar(a)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn planar_mapping() {
        assert_eq!(planar(0), 0);
        assert_eq!(planar(1), 0x10000);
        assert_eq!(planar(2), 1);
        assert_eq!(planar(0x1FFFF), 0x1FFFF);
        assert_eq!(planar(0x1FFFE), 0xFFFF);
    }

    #[test]
    fn writes_to_watched_pages_are_noticed() {
        let mut v = Vram::new(128 * 1024);
        v.watch([0x1B00, 0x1_0D80]);
        assert!(!v.touched());
        v.write(0x1A7F, 1); // the page before
        v.write(0x1B80, 1); // the page after
        v.fill(0x1B80, 0x80, 2);
        v.fill(0x1A00, 0x80, 2);
        assert!(!v.touched());
        v.write(0x1B7F, 3);
        assert!(v.touched());
        v.watch([0x1_0D80]);
        v.fill(0x1_0C00, 0x181, 4); // ends on the watched page's first byte
        assert!(v.touched());
        v.watch([0x1_0D80]);
        let _ = v.bytes_mut();
        assert!(v.touched(), "lent-out bytes count as written");
        let mut small = Vram::new(64 * 1024);
        small.watch([0x1_1B00]); // wraps to 0x1B00
        small.write(0x1B05, 0);
        assert!(small.touched());
    }

    #[test]
    fn sizes_wrap() {
        let mut v = Vram::new(64 * 1024);
        v.write(0x10005, 7);
        assert_eq!(v.read(5), 7);
        let view = v.cpu_view(true);
        assert_eq!(view.len(), 65536);
    }
}
