//! The MSX slot system: primary slots (port 0xA8), expanded slots with their
//! sub-slot register at 0xFFFF, the memory mapper (ports 0xFC–0xFF), ROMs,
//! cartridges with mapper chips, and the disk ROM with its floppy controller.
//!
//! # Where the primary slot register lives
//!
//! In hardware the primary slot register is port A of the PPI (8255). Here
//! the [`crate::ppi::Ppi`] owns the port (its latch, its direction, what a
//! read returns) and the memory system owns the decoding: after every write
//! to ports 0xA8–0xAB the machine calls
//! `memory.set_primary_slots(ppi.slot_select())`. So neither device knows
//! the other, and the decode tables are rebuilt only when the value changes.
//!
//! # Speed
//!
//! Reads and writes are the hottest path of the emulator. The 64 KB are cut
//! into 256 lines of 256 bytes; when anything that changes the decoding
//! happens (port 0xA8, a sub-slot register, a mapper port, a cartridge bank
//! switch) the target of every line is recomputed once. A read is then one
//! table look-up and one index into a single byte store; only lines holding
//! device registers (FDC, SCC, mapper-chip registers on writes) go through
//! the device. See `store.rs`.
//!
//! Facts: MSX2 Technical Handbook ch. 5 §7 (slots), `msx-hardware.md` §1,
//! openMSX `MSXCPUInterface.cc`, `MSXMemoryMapperBase.cc`.

pub mod cartridge;
mod disk_rom;
mod fixed;
pub mod layout;
mod mapper;
mod state;
mod store;

pub use cartridge::{detect, Cartridge, CartridgeError, CartridgeKind};
pub use layout::{MachineLayout, SlotContent, SlotId, SlotItem, DEFAULT_RAM_KB};
pub use mapper::{MAX_KB as MAPPER_MAX_KB, MIN_KB as MAPPER_MIN_KB};

use crate::fdc::PhilipsFdc;
use disk_rom::DiskRom;
use fixed::{FixedRam, FixedRom};
use mapper::MapperRam;
pub(crate) use state::MemoryState;
use store::{Line, Store, SLOW};

/// Errors in a [`MachineLayout`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MemoryError {
    /// A slot number outside 0–3.
    #[error("slot {0}: primary and sub-slot numbers go from 0 to 3")]
    BadSlot(SlotId),
    /// A sub-slot given for a primary slot that is not expanded, or none for
    /// one that is.
    #[error("slot {slot}: primary slot {} is {}expanded", slot.primary, if *.expanded { "" } else { "not " })]
    Expansion {
        /// The slot named by the item.
        slot: SlotId,
        /// Whether the layout expands its primary slot.
        expanded: bool,
    },
    /// Two contents claim the same page of a slot.
    #[error("slot {slot}: page {page} (0x{:04X}) is used twice", *page as u32 * 0x4000)]
    Overlap {
        /// The slot.
        slot: SlotId,
        /// The page 0–3.
        page: u8,
    },
    /// A ROM image that is empty, misplaced or too large.
    #[error("slot {slot}: ROM of {len} bytes at {base:#06X} must be non-empty, start at a multiple of 0x2000 and end by 0x10000")]
    RomPlacement {
        /// The slot.
        slot: SlotId,
        /// The base address asked for.
        base: u16,
        /// The image length.
        len: usize,
    },
    /// A RAM size or place that is not whole pages.
    #[error(
        "slot {slot}: RAM of {size:#X} bytes at {base:#06X} must be whole 16 KB pages inside 64 KB"
    )]
    RamPlacement {
        /// The slot.
        slot: SlotId,
        /// The base address.
        base: u16,
        /// The size in bytes.
        size: u32,
    },
    /// A mapper size that is not a power of two in 16–4096 KB.
    #[error("slot {slot}: mapper RAM of {size_kb} KB: the size must be a power of two from 16 to 4096 KB")]
    MapperSize {
        /// The slot.
        slot: SlotId,
        /// The size asked for.
        size_kb: u32,
    },
    /// A disk ROM with a drive count other than 1 or 2, or an empty image.
    #[error("slot {slot}: disk ROM needs a non-empty image and 1 or 2 drives (got {drives})")]
    DiskRom {
        /// The slot.
        slot: SlotId,
        /// The drive count asked for.
        drives: u8,
    },
    /// A cartridge image the chosen mapper cannot hold.
    #[error("slot {slot}: {source}")]
    Cartridge {
        /// The slot.
        slot: SlotId,
        /// What is wrong.
        source: CartridgeError,
    },
    /// More devices than the decode tables can index.
    #[error("too many slot contents (at most 64)")]
    TooMany,
}

/// A device sitting in a slot (enum dispatch: the set is closed, and a
/// `Clone` of the memory system is a save state).
#[derive(Clone, Debug)]
enum Device {
    Rom(FixedRom),
    Ram(FixedRam),
    Mapper(MapperRam),
    Cartridge(Box<Cartridge>),
    DiskRom(Box<DiskRom>),
}

impl Device {
    fn line(&self, line: u8) -> Line {
        match self {
            Device::Rom(d) => d.line(line),
            Device::Ram(d) => d.line(line),
            Device::Mapper(d) => d.line(line),
            Device::Cartridge(d) => d.line(line),
            Device::DiskRom(d) => d.line(line),
        }
    }
}

/// No device: the entry of an empty page.
const NONE: u8 = 0xFF;

/// The slot system and everything in the slots.
#[derive(Clone, Debug)]
pub struct Memory {
    store: Store,
    devices: Vec<Device>,
    /// Device index per primary slot, sub-slot and page (sub-slot 0 for a
    /// primary slot that is not expanded).
    slot_map: [[[u8; 4]; 4]; 4],
    expanded: [bool; 4],
    primary: u8,
    subslot: [u8; 4],
    /// Whether 0xFFFF is the sub-slot register now (page 3's primary slot is
    /// expanded).
    ffff_register: bool,
    /// Store offset (or [`SLOW`]) of each 256-byte line for CPU reads and
    /// writes. While 0xFFFF is the sub-slot register, line 0xFF is marked
    /// [`SLOW`] here and its own targets are in `line_ff`: the common
    /// access then needs no test for 0xFFFF.
    read_lines: [u32; 256],
    write_lines: [u32; 256],
    line_device: [u8; 256],
    /// Line 0xFF's read and write targets as its device gives them.
    line_ff: [u32; 2],
    /// The mapper I/O latches as last written (for `mapper_registers`).
    mapper_io: [u8; 4],
}

impl Memory {
    /// Builds the slot system from a layout. Power-on state: port 0xA8 = 0,
    /// sub-slot registers 0, mapper registers 0, RAM zeros.
    pub fn new(layout: &MachineLayout) -> Result<Self, MemoryError> {
        let mut mem = Self {
            store: Store::new(),
            devices: Vec::new(),
            slot_map: [[[NONE; 4]; 4]; 4],
            expanded: layout.expanded,
            primary: 0,
            subslot: [0; 4],
            ffff_register: false,
            read_lines: [store::UNMAPPED; 256],
            write_lines: [store::SINK; 256],
            line_device: [NONE; 256],
            line_ff: [store::UNMAPPED, store::SINK],
            mapper_io: [0; 4],
        };
        for item in &layout.items {
            mem.install(item)?;
        }
        mem.remap();
        Ok(mem)
    }

    fn install(&mut self, item: &SlotItem) -> Result<(), MemoryError> {
        let slot = item.slot;
        if slot.primary > 3 || slot.secondary.is_some_and(|s| s > 3) {
            return Err(MemoryError::BadSlot(slot));
        }
        let expanded = self.expanded[usize::from(slot.primary)];
        if expanded != slot.secondary.is_some() {
            return Err(MemoryError::Expansion { slot, expanded });
        }
        if self.devices.len() >= 64 {
            return Err(MemoryError::TooMany);
        }
        let (device, pages) = self.build(slot, &item.content)?;
        let index = self.devices.len() as u8;
        let map =
            &mut self.slot_map[usize::from(slot.primary)][usize::from(slot.secondary.unwrap_or(0))];
        for page in pages {
            if map[page] != NONE {
                return Err(MemoryError::Overlap {
                    slot,
                    page: page as u8,
                });
            }
            map[page] = index;
        }
        self.devices.push(device);
        Ok(())
    }

    /// Makes the device for a content and says which pages it covers.
    fn build(
        &mut self,
        slot: SlotId,
        content: &SlotContent,
    ) -> Result<(Device, std::ops::Range<usize>), MemoryError> {
        Ok(match content {
            SlotContent::Rom { image, base } => {
                let end = usize::from(*base) + image.len();
                if image.is_empty() || base % 0x2000 != 0 || end > 0x10000 {
                    return Err(MemoryError::RomPlacement {
                        slot,
                        base: *base,
                        len: image.len(),
                    });
                }
                let region = self.store.alloc_with(image, 0);
                let pages = usize::from(*base) / 0x4000..end.div_ceil(0x4000);
                let dev = FixedRom {
                    base: u32::from(*base),
                    len: region.len,
                    region,
                };
                (Device::Rom(dev), pages)
            }
            SlotContent::Ram { base, size } => {
                let end = u32::from(*base) + size;
                if *size == 0 || base % 0x4000 != 0 || size % 0x4000 != 0 || end > 0x10000 {
                    return Err(MemoryError::RamPlacement {
                        slot,
                        base: *base,
                        size: *size,
                    });
                }
                let region = self.store.alloc(*size as usize, 0);
                let pages = usize::from(*base) / 0x4000..(end / 0x4000) as usize;
                let dev = FixedRam {
                    base: u32::from(*base),
                    len: *size,
                    region,
                };
                (Device::Ram(dev), pages)
            }
            SlotContent::MapperRam { size_kb } => {
                let kb = *size_kb;
                if !kb.is_power_of_two() || !(mapper::MIN_KB..=mapper::MAX_KB).contains(&kb) {
                    return Err(MemoryError::MapperSize { slot, size_kb: kb });
                }
                let region = self.store.alloc(kb as usize * 1024, 0);
                (Device::Mapper(MapperRam::new(region, kb / 16)), 0..4)
            }
            SlotContent::Cartridge { image, kind } => {
                let kind = kind.unwrap_or_else(|| detect(image));
                let len = Cartridge::rom_store_len(kind, image.len());
                let region = self.store.alloc_with(image, len);
                let cart = Cartridge::new(kind, image, region)
                    .map_err(|source| MemoryError::Cartridge { slot, source })?;
                (Device::Cartridge(Box::new(cart)), 0..4)
            }
            SlotContent::DiskRom { image, drives } => {
                if image.is_empty() || !(1..=2).contains(drives) {
                    return Err(MemoryError::DiskRom {
                        slot,
                        drives: *drives,
                    });
                }
                let image = &image[..image.len().min(0x4000)];
                let rom = self.store.alloc_with(image, 0x4000);
                let dev = DiskRom {
                    rom,
                    fdc: PhilipsFdc::new(*drives),
                };
                (Device::DiskRom(Box::new(dev)), 1..3)
            }
        })
    }

    /// The device index seen in `page` under the current slot selection.
    fn device_of_page(&self, page: usize) -> u8 {
        let p = usize::from((self.primary >> (2 * page)) & 3);
        let s = if self.expanded[p] {
            usize::from((self.subslot[p] >> (2 * page)) & 3)
        } else {
            0
        };
        self.slot_map[p][s][page]
    }

    /// Recomputes the line tables of every page.
    fn remap(&mut self) {
        self.ffff_register = self.expanded[usize::from(self.primary >> 6)];
        for page in 0..4 {
            self.remap_page(page);
        }
    }

    fn remap_page(&mut self, page: usize) {
        let dev = self.device_of_page(page);
        for line in page * 64..page * 64 + 64 {
            let target = match self.devices.get(usize::from(dev)) {
                Some(d) => d.line(line as u8),
                None => Line::EMPTY,
            };
            self.read_lines[line] = target.read;
            self.write_lines[line] = target.write;
            self.line_device[line] = dev;
        }
        if page == 3 {
            self.line_ff = [self.read_lines[0xFF], self.write_lines[0xFF]];
            if self.ffff_register {
                self.read_lines[0xFF] = SLOW;
                self.write_lines[0xFF] = SLOW;
            }
        }
    }

    /// Remaps the pages where device `dev` is visible.
    fn remap_device(&mut self, dev: u8) {
        for page in 0..4 {
            if self.device_of_page(page) == dev {
                self.remap_page(page);
            }
        }
    }

    /// Memory read by the CPU at time `now`.
    #[inline]
    pub fn read(&mut self, addr: u16, now: u64) -> u8 {
        let target = self.read_lines[usize::from(addr >> 8)];
        if target & SLOW == 0 {
            self.store.bytes[target as usize + usize::from(addr & 0xFF)]
        } else {
            self.read_device(addr, now)
        }
    }

    #[cold]
    fn read_device(&mut self, addr: u16, now: u64) -> u8 {
        if addr >> 8 == 0xFF && self.ffff_register {
            if addr == 0xFFFF {
                return !self.subslot[usize::from(self.primary >> 6)];
            }
            let target = self.line_ff[0];
            if target & SLOW == 0 {
                return self.store.bytes[target as usize + usize::from(addr & 0xFF)];
            }
        }
        let dev = self.line_device[usize::from(addr >> 8)];
        let store = &self.store.bytes;
        match self.devices.get_mut(usize::from(dev)) {
            Some(Device::Cartridge(c)) => c.read(addr, now, store),
            Some(Device::DiskRom(d)) => d.read(addr, now, store),
            // Other devices never mark a line slow.
            _ => 0xFF,
        }
    }

    /// Memory write by the CPU at time `now`.
    #[inline]
    pub fn write(&mut self, addr: u16, value: u8, now: u64) {
        let target = self.write_lines[usize::from(addr >> 8)];
        if target & SLOW == 0 {
            self.store.bytes[target as usize + usize::from(addr & 0xFF)] = value;
        } else {
            self.write_device(addr, value, now);
        }
    }

    #[cold]
    fn write_device(&mut self, addr: u16, value: u8, now: u64) {
        if addr >> 8 == 0xFF && self.ffff_register {
            if addr == 0xFFFF {
                let p = usize::from(self.primary >> 6);
                self.subslot[p] = value;
                self.remap();
                return;
            }
            let target = self.line_ff[1];
            if target & SLOW == 0 {
                self.store.bytes[target as usize + usize::from(addr & 0xFF)] = value;
                return;
            }
        }
        let dev = self.line_device[usize::from(addr >> 8)];
        let remap = match self.devices.get_mut(usize::from(dev)) {
            Some(Device::Cartridge(c)) => c.write(addr, value, now),
            Some(Device::DiskRom(d)) => {
                d.write(addr, value, now);
                false
            }
            _ => false,
        };
        if remap {
            self.remap_device(dev);
        }
    }

    /// What the CPU would read at `addr`, without side effects (for
    /// debuggers and tests). `now` only matters to device registers.
    pub fn peek(&self, addr: u16, now: u64) -> u8 {
        if addr == 0xFFFF && self.ffff_register {
            return !self.subslot[usize::from(self.primary >> 6)];
        }
        let target = match addr >> 8 {
            0xFF => self.line_ff[0],
            line => self.read_lines[usize::from(line)],
        };
        if target & SLOW == 0 {
            return self.store.bytes[target as usize + usize::from(addr & 0xFF)];
        }
        let dev = self.line_device[usize::from(addr >> 8)];
        let store = &self.store.bytes;
        match self.devices.get(usize::from(dev)) {
            Some(Device::Cartridge(c)) => c.peek(addr, store),
            Some(Device::DiskRom(d)) => d.peek(addr, now, store),
            _ => 0xFF,
        }
    }

    /// The reset button: primary and sub-slot registers 0, mapper registers
    /// 0, cartridges back to their power-on banks, the floppy controller
    /// reset. RAM keeps its content, disks stay in their drives.
    pub fn reset(&mut self) {
        self.primary = 0;
        self.subslot = [0; 4];
        self.mapper_io = [0; 4];
        for d in &mut self.devices {
            match d {
                Device::Mapper(m) => m.regs = [0; 4],
                Device::Cartridge(c) => c.reset(),
                Device::DiskRom(r) => r.fdc.reset(),
                Device::Rom(_) | Device::Ram(_) => {}
            }
        }
        self.remap();
    }

    /// Sets the primary slot register (the PPI's port A output).
    pub fn set_primary_slots(&mut self, value: u8) {
        if value != self.primary {
            self.primary = value;
            self.remap();
        }
    }

    /// The primary slot register.
    pub fn primary_slots(&self) -> u8 {
        self.primary
    }

    /// The sub-slot register of primary slot `p` (not inverted), if expanded.
    pub fn subslot_register(&self, p: u8) -> Option<u8> {
        let p = usize::from(p & 3);
        self.expanded[p].then_some(self.subslot[p])
    }

    /// The slot selected for `page` (0–3) now.
    pub fn selected_slot(&self, page: u8) -> SlotId {
        let page = usize::from(page & 3);
        let p = (self.primary >> (2 * page)) & 3;
        if self.expanded[usize::from(p)] {
            SlotId::sub(p, (self.subslot[usize::from(p)] >> (2 * page)) & 3)
        } else {
            SlotId::primary(p)
        }
    }

    /// Read of a mapper port 0xFC–0xFF: the segment register with the
    /// unused high bits set; with several mappers, the AND of their values;
    /// with none, 0xFF.
    pub fn read_mapper_port(&self, port: u8) -> u8 {
        let page = usize::from(port & 3);
        self.devices
            .iter()
            .filter_map(|d| match d {
                Device::Mapper(m) => Some(m.read_port(page)),
                _ => None,
            })
            .fold(0xFF, |acc, v| acc & v)
    }

    /// Write of a mapper port 0xFC–0xFF (to every mapper, as on the bus).
    pub fn write_mapper_port(&mut self, port: u8, value: u8) {
        let page = usize::from(port & 3);
        self.mapper_io[page] = value;
        for d in &mut self.devices {
            if let Device::Mapper(m) = d {
                m.write_port(page, value);
            }
        }
        self.remap_page(page);
    }

    /// The mapper port values as last written (all 8 bits).
    pub fn mapper_ports(&self) -> [u8; 4] {
        self.mapper_io
    }

    fn mapper(&self) -> Option<&MapperRam> {
        self.devices.iter().find_map(|d| match d {
            Device::Mapper(m) => Some(m),
            _ => None,
        })
    }

    /// The bytes of the (first) mapper RAM: segment `n` at `n * 0x4000`.
    pub fn mapper_ram(&self) -> Option<&[u8]> {
        let region = self.mapper()?.region;
        Some(self.store.slice(region))
    }

    /// The bytes of the (first) mapper RAM, writable (to load a program).
    pub fn mapper_ram_mut(&mut self) -> Option<&mut [u8]> {
        let region = self.mapper()?.region;
        Some(self.store.slice_mut(region))
    }

    /// The floppy controller of the disk ROM, if the layout has one.
    pub fn fdc(&self) -> Option<&PhilipsFdc> {
        self.devices.iter().find_map(|d| match d {
            Device::DiskRom(r) => Some(&r.fdc),
            _ => None,
        })
    }

    /// The floppy controller, mutable (insert or take disks).
    pub fn fdc_mut(&mut self) -> Option<&mut PhilipsFdc> {
        self.devices.iter_mut().find_map(|d| match d {
            Device::DiskRom(r) => Some(&mut r.fdc),
            _ => None,
        })
    }

    /// The cartridge in slot `slot`, if any.
    pub fn cartridge(&self, slot: SlotId) -> Option<&Cartridge> {
        let dev = self.device_in(slot)?;
        match &self.devices[dev] {
            Device::Cartridge(c) => Some(c),
            _ => None,
        }
    }

    /// The cartridge in slot `slot`, mutable (its SCC's audio).
    pub fn cartridge_mut(&mut self, slot: SlotId) -> Option<&mut Cartridge> {
        let dev = self.device_in(slot)?;
        match &mut self.devices[dev] {
            Device::Cartridge(c) => Some(c),
            _ => None,
        }
    }

    fn device_in(&self, slot: SlotId) -> Option<usize> {
        let map = self
            .slot_map
            .get(usize::from(slot.primary))?
            .get(usize::from(slot.secondary.unwrap_or(0)))?;
        map.iter().find(|&&d| d != NONE).map(|&d| usize::from(d))
    }
}
