//! Game cartridges: plain ROMs (mirrored the way real cartridges are) and the
//! common mapper chips, with the usual detection heuristic.
//!
//! A cartridge sees the whole 64 KB of its slot as eight 8 KB regions; each
//! region shows one 8 KB block of the ROM or nothing (0xFF). A mapper chip
//! changes the blocks when the program writes to its register addresses.
//! Each mapper is a small file: which addresses are registers, what a write
//! does, what the power-on banks are.
//!
//! Facts: openMSX `RomPlain.cc`, `RomAscii8kB.cc`, `RomAscii16kB.cc`,
//! `RomKonami.cc`, `RomKonamiSCC.cc`, `RomGeneric8kB.cc`, `RomFactory.cc`
//! (detection), `RomBlocks.cc` (block masking).

mod ascii16;
mod ascii8;
mod generic8;
mod konami;
mod konami_scc;
mod plain;
pub mod scc;

use std::fmt;
use std::str::FromStr;

use super::store::{Line, Region, SINK, SLOW};
use scc::Scc;

pub use plain::guess_base;

/// 8 KB.
const BLOCK: u32 = 0x2000;

/// The kind of a cartridge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CartridgeKind {
    /// Plain ROM up to 64 KB, placed where its header says (0x4000 preferred,
    /// then 0x0000, then 0x8000) and mirrored over the whole slot modulo its
    /// size, as openMSX's "Mirrored" type (a 16 KB ROM shows in all 4 pages).
    Plain,
    /// Plain ROM at a fixed address, not mirrored (e.g. 0x8000 for a BASIC
    /// program cartridge).
    PlainAt(u16),
    /// ASCII 8 KB mapper: 8 KB banks at 0x4000/0x6000/0x8000/0xA000 switched
    /// by writes to 0x6000/0x6800/0x7000/0x7800 (each 2 KB wide).
    Ascii8,
    /// ASCII 16 KB mapper: 16 KB banks at 0x4000/0x8000 switched by writes to
    /// 0x6000–0x67FF / 0x7000–0x77FF.
    Ascii16,
    /// Konami without SCC: 0x4000 fixed to block 0, banks at
    /// 0x6000/0x8000/0xA000 switched by writes anywhere in those 8 KB.
    Konami,
    /// Konami with SCC: banks at 0x4000/0x6000/0x8000/0xA000 switched by
    /// writes to 0x5000/0x7000/0x9000/0xB000; SCC at 0x9800–0x9FFF when
    /// 0x3F is written to 0x9000.
    KonamiScc,
    /// Generic 8 KB mapper: banks at 0x4000–0xBFFF switched by writes anywhere
    /// in the bank (what openMSX guesses when no mapper write is seen).
    Generic8k,
}

impl CartridgeKind {
    /// The names accepted by [`FromStr`] (for a `--romtype` option).
    pub const NAMES: &'static [&'static str] = &[
        "plain",
        "page0",
        "page1",
        "page2",
        "page3",
        "ascii8",
        "ascii16",
        "konami",
        "konamiscc",
        "generic8k",
    ];
}

impl fmt::Display for CartridgeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Plain => write!(f, "plain"),
            Self::PlainAt(base) => write!(f, "page{}", base >> 14),
            Self::Ascii8 => write!(f, "ascii8"),
            Self::Ascii16 => write!(f, "ascii16"),
            Self::Konami => write!(f, "konami"),
            Self::KonamiScc => write!(f, "konamiscc"),
            Self::Generic8k => write!(f, "generic8k"),
        }
    }
}

/// An unknown cartridge type name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown cartridge type `{0}` (known: plain, page0–page3, ascii8, ascii16, konami, konamiscc, generic8k)")]
pub struct UnknownKind(pub String);

impl FromStr for CartridgeKind {
    type Err = UnknownKind;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.to_ascii_lowercase().replace(['-', '_', ' '], "");
        Ok(match lower.as_str() {
            "plain" | "mirrored" | "normal" => Self::Plain,
            "page0" => Self::PlainAt(0x0000),
            "page1" => Self::PlainAt(0x4000),
            "page2" => Self::PlainAt(0x8000),
            "page3" => Self::PlainAt(0xC000),
            "ascii8" | "ascii8kb" => Self::Ascii8,
            "ascii16" | "ascii16kb" => Self::Ascii16,
            "konami" | "konami4" => Self::Konami,
            "konamiscc" | "scc" | "konami5" => Self::KonamiScc,
            "generic8k" | "generic8kb" | "8kb" => Self::Generic8k,
            _ => return Err(UnknownKind(s.to_string())),
        })
    }
}

/// Guesses the kind of a cartridge image, the way openMSX does when its
/// database does not know the ROM (`RomFactory.cc`, facts only):
///
/// * smaller than 64 KB: plain, except a ≤ 16 KB BASIC-program ROM ("AB"
///   header whose TEXT pointer is in 0x8000–0xBFFF, and whose INIT is 0 or a
///   RET in page 2), which sits at 0x8000 only;
/// * 64 KB without an "AB" header at its start: plain;
/// * otherwise a mapper: count the `LD (nnnn),A` instructions (0x32 nn nn)
///   whose address is a register of each mapper — 0x5000/0x9000/0xB000
///   Konami SCC; 0x4000/0x8000/0xA000 Konami; 0x6800/0x7800 ASCII8;
///   0x6000 Konami, ASCII8 and ASCII16; 0x7000 Konami SCC, ASCII8 and ASCII16;
///   0x77FF ASCII16 — take one from the ASCII8 count, and pick the largest
///   (ties go to the later of ASCII8, ASCII16, Konami, Konami SCC). No write
///   seen at all: generic 8 KB.
pub fn detect(image: &[u8]) -> CartridgeKind {
    let size = image.len();
    let has_ab = size >= 2 && image[0] == b'A' && image[1] == b'B';
    if size < 0x10000 {
        if (10..=0x4000).contains(&size) && has_ab {
            let init = u16::from_le_bytes([image[2], image[3]]);
            let text = u16::from_le_bytes([image[8], image[9]]);
            if text & 0xC000 == 0x8000 {
                // A power-of-two image of at most 16 KB mirrors INIT into it.
                let init_is_ret = init & 0xC000 == 0x8000
                    && size.is_power_of_two()
                    && image[usize::from(init) & (size - 1)] == 0xC9;
                if init == 0 || init_is_ret {
                    return CartridgeKind::PlainAt(0x8000);
                }
            }
        }
        return CartridgeKind::Plain;
    }
    if size == 0x10000 && !has_ab {
        return CartridgeKind::Plain;
    }
    // Counts in the tie-break order: a later entry wins a tie.
    let order = [
        CartridgeKind::Ascii8,
        CartridgeKind::Ascii16,
        CartridgeKind::Konami,
        CartridgeKind::KonamiScc,
    ];
    let mut counts = [0u32; 4];
    for w in image.windows(3) {
        if w[0] != 0x32 {
            continue;
        }
        let (a8, a16, k, scc) = (0, 1, 2, 3);
        let hits: &[usize] = match u16::from_le_bytes([w[1], w[2]]) {
            0x5000 | 0x9000 | 0xB000 => &[scc],
            0x4000 | 0x8000 | 0xA000 => &[k],
            0x6800 | 0x7800 => &[a8],
            0x6000 => &[k, a8, a16],
            0x7000 => &[scc, a8, a16],
            0x77FF => &[a16],
            _ => &[],
        };
        for &h in hits {
            counts[h] += 1;
        }
    }
    counts[0] = counts[0].saturating_sub(1);
    let mut best = CartridgeKind::Generic8k;
    let mut best_count = 0;
    for (kind, count) in order.into_iter().zip(counts) {
        if count > 0 && count >= best_count {
            best = kind;
            best_count = count;
        }
    }
    best
}

/// Errors building a cartridge.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CartridgeError {
    /// The image is empty.
    #[error("the cartridge image is empty")]
    Empty,
    /// A plain ROM larger than 64 KB.
    #[error("a plain (unmapped) cartridge holds at most 64 KB; this image has {0} bytes (give a mapper type)")]
    PlainTooLarge(usize),
    /// A fixed address that is not a multiple of 8 KB, or an image that does not fit.
    #[error("a plain cartridge at {base:#06X} must start at a multiple of 0x2000 and fit below 0x10000 ({len} bytes)")]
    BadPlacement {
        /// The requested address.
        base: u16,
        /// The image size.
        len: usize,
    },
}

/// The 8 KB blocks shown in the eight regions of the slot.
#[derive(Clone, Debug)]
pub(crate) struct Banks {
    /// Byte offset in the ROM of the block shown in each region; `None` = 0xFF.
    pub offsets: [Option<u32>; 8],
    /// ROM length (a multiple of 8 KB).
    pub rom_len: u32,
    /// Bank size of the mapper (8 or 16 KB) and its block mask in bank units.
    pub bank: u32,
    pub mask: u32,
}

impl Banks {
    fn new(rom_len: u32, bank: u32) -> Self {
        let blocks = rom_len / bank;
        Self {
            offsets: [None; 8],
            rom_len,
            bank,
            // openMSX `RomBlocks`: the default mask wraps at the end of the image.
            mask: blocks.saturating_sub(1),
        }
    }

    fn blocks(&self) -> u32 {
        self.rom_len / self.bank
    }

    /// Shows bank-size block `block` in bank-size region `region`; a block
    /// beyond the ROM after masking shows 0xFF (openMSX `RomBlocks::setRom`).
    pub fn set(&mut self, region: usize, block: u32) {
        let blocks = self.blocks();
        let block = if block < blocks {
            block
        } else {
            block & self.mask
        };
        let per = (self.bank / BLOCK) as usize;
        for i in 0..per {
            let r = region * per + i;
            if r < 8 {
                self.offsets[r] = (block < blocks).then(|| block * self.bank + i as u32 * BLOCK);
            }
        }
    }

    /// Shows nothing in bank-size region `region`.
    pub fn unmap(&mut self, region: usize) {
        let per = (self.bank / BLOCK) as usize;
        for i in 0..per {
            if let Some(o) = self.offsets.get_mut(region * per + i) {
                *o = None;
            }
        }
    }
}

/// What changes in a cartridge while it runs (its ROM comes from the
/// layout): the banks shown and the SCC.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct CartridgeState {
    /// ROM offset shown in each 8 KB region ([`Banks::offsets`]).
    offsets: [Option<u32>; 8],
    scc: Option<Scc>,
    scc_enabled: bool,
}

/// A cartridge in a slot.
#[derive(Clone, Debug)]
pub struct Cartridge {
    kind: CartridgeKind,
    rom: Region,
    banks: Banks,
    scc: Option<Scc>,
    scc_enabled: bool,
}

impl Cartridge {
    /// The ROM must already be in the store at `rom` (padded to 8 KB);
    /// `image_len` is the original length.
    pub(crate) fn new(
        kind: CartridgeKind,
        image: &[u8],
        rom: Region,
    ) -> Result<Self, CartridgeError> {
        if image.is_empty() {
            return Err(CartridgeError::Empty);
        }
        let rom_len = (image.len() as u32).div_ceil(BLOCK) * BLOCK;
        let bank = if kind == CartridgeKind::Ascii16 {
            0x4000
        } else {
            BLOCK
        };
        let mut banks = Banks::new(rom_len.div_ceil(bank) * bank, bank);
        match kind {
            CartridgeKind::Plain => plain::place(&mut banks, image, None, true)?,
            CartridgeKind::PlainAt(base) => plain::place(&mut banks, image, Some(base), false)?,
            CartridgeKind::Ascii8 => ascii8::reset(&mut banks),
            CartridgeKind::Ascii16 => ascii16::reset(&mut banks),
            CartridgeKind::Konami => konami::reset(&mut banks),
            CartridgeKind::KonamiScc => konami_scc::reset(&mut banks),
            CartridgeKind::Generic8k => generic8::reset(&mut banks),
        }
        Ok(Self {
            kind,
            rom,
            banks,
            scc: (kind == CartridgeKind::KonamiScc).then(Scc::new),
            scc_enabled: false,
        })
    }

    /// The reset button: the mapper's power-on banks, SCC hidden (its
    /// registers keep their values, as the chip has no reset line).
    pub(crate) fn reset(&mut self) {
        match self.kind {
            // Plain ROMs never switch.
            CartridgeKind::Plain | CartridgeKind::PlainAt(_) => {}
            CartridgeKind::Ascii8 => ascii8::reset(&mut self.banks),
            CartridgeKind::Ascii16 => ascii16::reset(&mut self.banks),
            CartridgeKind::Konami => konami::reset(&mut self.banks),
            CartridgeKind::KonamiScc => konami_scc::reset(&mut self.banks),
            CartridgeKind::Generic8k => generic8::reset(&mut self.banks),
        }
        self.scc_enabled = false;
    }

    /// Store length the cartridge's ROM needs (the image rounded up to the
    /// mapper's bank size).
    pub(crate) fn rom_store_len(kind: CartridgeKind, image_len: usize) -> usize {
        let bank = if kind == CartridgeKind::Ascii16 {
            0x4000
        } else {
            0x2000
        };
        image_len.div_ceil(bank) * bank
    }

    pub(crate) fn save_state(&self) -> CartridgeState {
        CartridgeState {
            offsets: self.banks.offsets,
            scc: self.scc.clone(),
            scc_enabled: self.scc_enabled,
        }
    }

    /// Whether `state` fits this cartridge: banks inside the ROM, an SCC
    /// exactly when the mapper has one.
    pub(crate) fn check_state(&self, state: &CartridgeState) -> Result<(), String> {
        for off in state.offsets.iter().flatten() {
            if off % BLOCK != 0 || off + BLOCK > self.banks.rom_len {
                return Err(format!(
                    "bank offset {off:#X} is outside the {:#X}-byte cartridge ROM",
                    self.banks.rom_len
                ));
            }
        }
        if state.scc.is_some() != self.scc.is_some() {
            return Err("the state's SCC does not match the cartridge's mapper".into());
        }
        if let (Some(scc), Some(mine)) = (&state.scc, &self.scc) {
            scc.check_state(mine)?;
        }
        Ok(())
    }

    /// Puts a state back (after [`Cartridge::check_state`]).
    pub(crate) fn load_state(&mut self, state: CartridgeState) {
        self.banks.offsets = state.offsets;
        self.scc = state.scc;
        self.scc_enabled = state.scc_enabled;
    }

    /// The cartridge's kind.
    pub fn kind(&self) -> CartridgeKind {
        self.kind
    }

    /// The ROM block (in 8 KB units) shown in each 8 KB region, `None` for 0xFF.
    pub fn banks(&self) -> [Option<u32>; 8] {
        self.banks.offsets.map(|o| o.map(|o| o / BLOCK))
    }

    /// The SCC of a Konami SCC cartridge.
    pub fn scc(&self) -> Option<&Scc> {
        self.scc.as_ref()
    }

    /// The SCC of a Konami SCC cartridge, mutable (to take its audio).
    pub fn scc_mut(&mut self) -> Option<&mut Scc> {
        self.scc.as_mut()
    }

    fn is_register(&self, addr: u16) -> bool {
        match self.kind {
            CartridgeKind::Plain | CartridgeKind::PlainAt(_) => false,
            CartridgeKind::Ascii8 => ascii8::is_register(addr),
            CartridgeKind::Ascii16 => ascii16::is_register(addr),
            CartridgeKind::Konami => konami::is_register(addr),
            CartridgeKind::KonamiScc => konami_scc::is_register(addr),
            CartridgeKind::Generic8k => generic8::is_register(addr),
        }
    }

    fn in_scc(&self, addr: u16) -> bool {
        self.scc_enabled && (0x9800..0xA000).contains(&addr)
    }

    pub(crate) fn line(&self, line: u8) -> Line {
        let addr = u16::from(line) << 8;
        let read = if self.in_scc(addr) {
            SLOW
        } else {
            match self.banks.offsets[usize::from(line >> 5)] {
                Some(off) => self.rom.start + off + (u32::from(line & 0x1F) << 8),
                None => super::store::UNMAPPED,
            }
        };
        // A line holding a register of the mapper chip goes to the device
        // on writes; registers are wide (2 KB and more), so testing the
        // line's first and last bytes is exact for every mapper here.
        let write = if self.is_register(addr) || self.is_register(addr | 0xFF) {
            SLOW
        } else {
            SINK
        };
        Line { read, write }
    }

    pub(crate) fn read(&mut self, addr: u16, now: u64, store: &[u8]) -> u8 {
        if self.in_scc(addr) {
            if let Some(scc) = &mut self.scc {
                return scc.read(addr as u8, now);
            }
        }
        self.peek(addr, store)
    }

    pub(crate) fn peek(&self, addr: u16, store: &[u8]) -> u8 {
        if self.in_scc(addr) {
            if let Some(scc) = &self.scc {
                return scc.peek(addr as u8);
            }
        }
        match self.banks.offsets[usize::from(addr >> 13)] {
            Some(off) => store[(self.rom.start + off + u32::from(addr & 0x1FFF)) as usize],
            None => 0xFF,
        }
    }

    /// A write; returns true when the banks (hence the lines) changed.
    pub(crate) fn write(&mut self, addr: u16, value: u8, now: u64) -> bool {
        match self.kind {
            CartridgeKind::Plain | CartridgeKind::PlainAt(_) => false,
            CartridgeKind::Ascii8 => ascii8::write(&mut self.banks, addr, value),
            CartridgeKind::Ascii16 => ascii16::write(&mut self.banks, addr, value),
            CartridgeKind::Konami => konami::write(&mut self.banks, addr, value),
            CartridgeKind::Generic8k => generic8::write(&mut self.banks, addr, value),
            CartridgeKind::KonamiScc => {
                if self.in_scc(addr) {
                    if let Some(scc) = &mut self.scc {
                        scc.write(addr as u8, value, now);
                    }
                    return false;
                }
                let (changed, enable) = konami_scc::write(&mut self.banks, addr, value);
                let mut remap = changed;
                if let Some(enable) = enable {
                    remap |= enable != self.scc_enabled;
                    self.scc_enabled = enable;
                }
                remap
            }
        }
    }
}
