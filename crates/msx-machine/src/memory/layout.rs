//! The machine description a user can change: which ROM image sits in which
//! slot, sub-slot and page, how much mapper RAM there is, where the disk ROM
//! and the cartridges go.
//!
//! A [`MachineLayout`] is plain data; [`super::Memory::new`] checks it and
//! builds the slot system from it.

use std::fmt;

use super::cartridge::CartridgeKind;

/// A slot address: primary slot 0–3 and, for an expanded primary slot, the
/// sub-slot 0–3. Displayed the MSX way: `1` or `3-2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SlotId {
    /// Primary slot 0–3.
    pub primary: u8,
    /// Sub-slot 0–3 when the primary slot is expanded, `None` when it is not.
    pub secondary: Option<u8>,
}

impl SlotId {
    /// A slot in a primary slot that is not expanded.
    pub const fn primary(primary: u8) -> Self {
        Self {
            primary,
            secondary: None,
        }
    }

    /// A sub-slot of an expanded primary slot.
    pub const fn sub(primary: u8, secondary: u8) -> Self {
        Self {
            primary,
            secondary: Some(secondary),
        }
    }

    /// The slot ID byte the BIOS uses (RDSLT, ENASLT, EXPTBL…): `E000SSPP`.
    pub const fn id_byte(self) -> u8 {
        match self.secondary {
            None => self.primary & 3,
            Some(s) => 0x80 | ((s & 3) << 2) | (self.primary & 3),
        }
    }
}

impl fmt::Display for SlotId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.secondary {
            None => write!(f, "{}", self.primary),
            Some(s) => write!(f, "{}-{}", self.primary, s),
        }
    }
}

/// What sits in a slot.
#[derive(Clone, PartialEq, Eq)]
pub enum SlotContent {
    /// A ROM image at a fixed address (the BIOS at 0x0000, a SUB-ROM, a logo
    /// ROM). Nothing is mirrored: addresses outside the image read 0xFF.
    /// `base` must be a multiple of 0x2000.
    Rom {
        /// The image (any multiple of 8 KB up to 64 KB − base).
        image: Vec<u8>,
        /// First address of the image in the slot.
        base: u16,
    },
    /// Memory-mapper RAM (ports 0xFC–0xFF) covering the whole slot.
    /// `size_kb` is a power of two from 16 to 4096.
    MapperRam {
        /// Size in KB.
        size_kb: u32,
    },
    /// Plain RAM without a mapper (as in an MSX1) from `base` for `size` bytes,
    /// both multiples of 0x4000 (a page).
    Ram {
        /// First address.
        base: u16,
        /// Size in bytes (0x4000, 0x8000, 0xC000 or 0x10000).
        size: u32,
    },
    /// A game cartridge: plain ROM (mirrored the way cartridges are) or one of
    /// the mapper chips. `kind: None` means "detect" (see
    /// [`super::cartridge::detect`]).
    Cartridge {
        /// The ROM image.
        image: Vec<u8>,
        /// The mapper, or `None` to guess it from the image.
        kind: Option<CartridgeKind>,
    },
    /// A disk ROM with the WD2793 floppy controller wired like the Philips
    /// MSX2 machines: ROM at 0x4000–0x7FFF, FDC registers at 0x7FF8–0x7FFF and
    /// 0xBFF8–0xBFFF (see [`crate::fdc`]).
    DiskRom {
        /// The disk ROM image (16 KB; a larger one is cut to 16 KB).
        image: Vec<u8>,
        /// Number of drives, 1 or 2.
        drives: u8,
    },
}

impl fmt::Debug for SlotContent {
    // Images are large: print their sizes, not their bytes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Rom { image, base } => write!(f, "Rom({} bytes at {base:#06X})", image.len()),
            Self::MapperRam { size_kb } => write!(f, "MapperRam({size_kb} KB)"),
            Self::Ram { base, size } => write!(f, "Ram({size:#X} bytes at {base:#06X})"),
            Self::Cartridge { image, kind } => {
                write!(f, "Cartridge({} bytes, {kind:?})", image.len())
            }
            Self::DiskRom { image, drives } => {
                write!(f, "DiskRom({} bytes, {drives} drives)", image.len())
            }
        }
    }
}

/// One entry of a layout: a content in a slot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotItem {
    /// Where.
    pub slot: SlotId,
    /// What.
    pub content: SlotContent,
}

/// The slot layout of a machine.
///
/// The default, [`MachineLayout::msx2`], is the project's recommended MSX2:
///
/// | slot | content |
/// |---|---|
/// | 0 (not expanded) | main ROM (BIOS + BASIC, 32 KB at 0x0000) |
/// | 1, 2 | cartridge slots (empty until [`MachineLayout::insert_cartridge`]) |
/// | 3-0 | free |
/// | 3-1 | SUB-ROM (16 KB at 0x0000) — slot ID 0x87 for EXBRSA |
/// | 3-2 | memory mapper RAM, 256 KB by default — slot ID 0x8B |
/// | 3-3 | disk ROM + WD2793 (Philips wiring) — slot ID 0x8F |
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MachineLayout {
    /// Which primary slots are expanded (have a sub-slot register at 0xFFFF).
    pub expanded: [bool; 4],
    /// The contents.
    pub items: Vec<SlotItem>,
}

/// The default mapper size in KB.
pub const DEFAULT_RAM_KB: u32 = 256;

impl MachineLayout {
    /// An empty machine: no slot expanded, nothing anywhere (every read 0xFF).
    pub fn empty() -> Self {
        Self {
            expanded: [false; 4],
            items: Vec::new(),
        }
    }

    /// The recommended MSX2 layout (see the type's documentation), with
    /// [`DEFAULT_RAM_KB`] of mapper RAM. `disk_rom: None` leaves 3-3 empty.
    pub fn msx2(main_rom: Vec<u8>, sub_rom: Vec<u8>, disk_rom: Option<Vec<u8>>) -> Self {
        let mut items = vec![
            SlotItem {
                slot: SlotId::primary(0),
                content: SlotContent::Rom {
                    image: main_rom,
                    base: 0x0000,
                },
            },
            SlotItem {
                slot: SlotId::sub(3, 1),
                content: SlotContent::Rom {
                    image: sub_rom,
                    base: 0x0000,
                },
            },
            SlotItem {
                slot: SlotId::sub(3, 2),
                content: SlotContent::MapperRam {
                    size_kb: DEFAULT_RAM_KB,
                },
            },
        ];
        if let Some(image) = disk_rom {
            items.push(SlotItem {
                slot: SlotId::sub(3, 3),
                content: SlotContent::DiskRom { image, drives: 1 },
            });
        }
        Self {
            expanded: [false, false, false, true],
            items,
        }
    }

    /// The layout of C-BIOS's own MSX2 machine (`configs/openMSX/C-BIOS_MSX2.xml`):
    /// main ROM in slot 0 with the logo ROM at 0x8000, SUB-ROM in 3-0,
    /// 512 KB mapper in 3-2. Used to compare with openMSX running C-BIOS.
    pub fn cbios_msx2(main_rom: Vec<u8>, sub_rom: Vec<u8>, logo_rom: Vec<u8>) -> Self {
        Self {
            expanded: [false, false, false, true],
            items: vec![
                SlotItem {
                    slot: SlotId::primary(0),
                    content: SlotContent::Rom {
                        image: main_rom,
                        base: 0x0000,
                    },
                },
                SlotItem {
                    slot: SlotId::primary(0),
                    content: SlotContent::Rom {
                        image: logo_rom,
                        base: 0x8000,
                    },
                },
                SlotItem {
                    slot: SlotId::sub(3, 0),
                    content: SlotContent::Rom {
                        image: sub_rom,
                        base: 0x0000,
                    },
                },
                SlotItem {
                    slot: SlotId::sub(3, 2),
                    content: SlotContent::MapperRam { size_kb: 512 },
                },
            ],
        }
    }

    /// Changes the size of every mapper RAM of the layout.
    pub fn set_ram_kb(&mut self, kb: u32) {
        for item in &mut self.items {
            if let SlotContent::MapperRam { size_kb } = &mut item.content {
                *size_kb = kb;
            }
        }
    }

    /// Puts a cartridge in cartridge slot `slot` (1 or 2 in the standard
    /// layouts; any primary slot is accepted), replacing what was there.
    pub fn insert_cartridge(&mut self, slot: u8, image: Vec<u8>, kind: Option<CartridgeKind>) {
        let id = SlotId::primary(slot);
        self.items.retain(|i| i.slot != id);
        self.items.push(SlotItem {
            slot: id,
            content: SlotContent::Cartridge { image, kind },
        });
    }

    /// Adds an item.
    pub fn add(&mut self, slot: SlotId, content: SlotContent) {
        self.items.push(SlotItem { slot, content });
    }

    /// The slot of the first mapper RAM, if any.
    pub fn ram_slot(&self) -> Option<SlotId> {
        self.items
            .iter()
            .find(|i| matches!(i.content, SlotContent::MapperRam { .. }))
            .map(|i| i.slot)
    }
}
