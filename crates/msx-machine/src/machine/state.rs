//! Save states as bytes: [`Machine::save_state`] and [`Machine::load_state`].
//!
//! # Format (version 4)
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `MSXSTATE` |
//! | 8 | 2 | format version, little-endian |
//! | 10 | 8 | payload length in bytes, little-endian |
//! | 18 | 8 | FNV-1a 64 hash of the payload, little-endian |
//! | 26 | … | payload |
//!
//! The payload is two [postcard](https://docs.rs/postcard) values one after
//! the other: the machine's fingerprint (slot layout with a hash of every ROM
//! image, RAM and VRAM sizes, drives, PSG chip, sample rate), then the device
//! state (CPU in `z80-cpu`'s own state layout, slots and mapper with all RAM,
//! VDP with VRAM, command engine and the frame being drawn, PSG, PPI and
//! keyboard, RTC, floppy controller with the disks and their modified flags,
//! cartridge banks and SCC, debug device, printer port, pending key events and unmixed
//! audio). ROM bytes are never stored: a state loads only into a machine
//! whose fingerprint is the same, and the error names what differs.
//!
//! The promise (docs/machine.md): a state loads into the build that saved it
//! and into any later build with the same format version; a change of the
//! device state bumps the version, and older versions are refused with
//! [`StateError::UnsupportedVersion`] rather than misread.

use serde::{Deserialize, Serialize};

use super::{InputQueue, Machine};
use crate::machine::{DebugDevice, PrinterPort};
use crate::memory::{MemoryState, SlotContent};
use crate::ppi::Ppi;
use crate::psg::{Chip, Psg};
use crate::rtc::Rtc;
use crate::vdp::Vdp;

/// The first bytes of every state.
pub const STATE_MAGIC: &[u8; 8] = b"MSXSTATE";
/// The format version this build writes and reads.
pub const STATE_FORMAT_VERSION: u16 = 4;
const HEADER_LEN: usize = 26;

/// Why bytes are not a state this machine can load. The machine is left
/// unchanged whenever one of these is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    /// Fewer bytes than the header or the payload length says.
    #[error("the state is truncated: {needed} bytes needed, {found} present")]
    Truncated {
        /// Bytes the header (or the payload length field) asks for.
        needed: usize,
        /// Bytes given.
        found: usize,
    },
    /// More bytes than the header's payload length.
    #[error("{extra} bytes after the end of the state (at byte offset {offset})")]
    TrailingBytes {
        /// Offset of the first extra byte.
        offset: usize,
        /// How many.
        extra: usize,
    },
    /// Not a state at all.
    #[error("not an MSX machine state: the first 8 bytes are not \"MSXSTATE\"")]
    BadMagic,
    /// A state of another format version.
    #[error(
        "state format version {found} (at byte offset 8); this build reads version {supported}"
    )]
    UnsupportedVersion {
        /// The file's version.
        found: u16,
        /// This build's.
        supported: u16,
    },
    /// The payload's hash does not match the header: the bytes were changed.
    #[error("the state is corrupt: its payload hash (header offset 18) does not match its bytes")]
    Checksum,
    /// The state was saved with another ROM image in a slot.
    #[error("slot {slot}: the state was saved with a different {what} (ROM hash {state:016x}, this machine's {machine:016x})")]
    RomMismatch {
        /// The slot, `1` or `3-2`.
        slot: String,
        /// What the ROM is (main ROM, cartridge, disk ROM…).
        what: String,
        /// The hash of the state's image.
        state: u64,
        /// The hash of this machine's image.
        machine: u64,
    },
    /// The state was saved on a machine built differently.
    #[error("the state was saved on a different machine: {0}")]
    MachineMismatch(String),
    /// The payload decodes but holds values no machine can be in.
    #[error("the state is invalid: {0}")]
    Invalid(String),
    /// The CPU part.
    #[error("the state's CPU part: {0}")]
    Cpu(#[from] z80_cpu::StateError),
}

/// One slot item as the state records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct ItemPrint {
    slot: String,
    /// What the item is (kind, address, size).
    what: String,
    /// FNV-1a 64 of the ROM image, for items with one.
    rom: Option<u64>,
}

/// What a state must agree with to load into a machine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Fingerprint {
    expanded: [bool; 4],
    items: Vec<ItemPrint>,
    vram_kb: u32,
    psg_chip: Chip,
    sample_rate: u32,
}

/// Everything that changes while the machine runs.
#[derive(Serialize, Deserialize)]
struct MachineState {
    #[serde(with = "crate::codec::bytes")]
    cpu: Vec<u8>,
    memory: MemoryState,
    vdp: Vdp,
    psg: Psg,
    ppi: Ppi,
    rtc: Rtc,
    debug: DebugDevice,
    printer: PrinterPort,
    int_level: bool,
    resync: bool,
    timing_key: u64,
    input: InputQueue,
    audio_pending: Vec<Vec<f32>>,
    audio_frame: u64,
}

/// FNV-1a, 64 bits: stable across builds and hosts, and enough to tell ROM
/// images apart and to catch damaged bytes (it is no defence against a
/// forger, nor needs to be).
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}

fn item_print(slot: String, content: &SlotContent) -> ItemPrint {
    let (what, rom) = match content {
        SlotContent::Rom { image, base } => (format!("ROM at {base:#06X}"), Some(fnv1a(image))),
        SlotContent::MapperRam { size_kb } => (format!("{size_kb} KB mapper RAM"), None),
        SlotContent::Ram { base, size } => (format!("{size:#X} bytes of RAM at {base:#06X}"), None),
        SlotContent::Cartridge { image, kind } => {
            let kind = kind.map_or("detected".to_string(), |k| format!("{k:?}"));
            (format!("cartridge ({kind} mapper)"), Some(fnv1a(image)))
        }
        SlotContent::DiskRom { image, drives } => {
            (format!("disk ROM with {drives} drives"), Some(fnv1a(image)))
        }
    };
    ItemPrint { slot, what, rom }
}

fn postcard_error(e: postcard::Error) -> StateError {
    StateError::Invalid(format!("the payload does not decode ({e})"))
}

impl Machine {
    fn fingerprint(&self) -> Fingerprint {
        let c = &self.config;
        Fingerprint {
            expanded: c.layout.expanded,
            items: c
                .layout
                .items
                .iter()
                .map(|i| item_print(i.slot.to_string(), &i.content))
                .collect(),
            vram_kb: c.vram_kb,
            psg_chip: c.psg_chip,
            sample_rate: c.sample_rate,
        }
    }

    /// The whole machine as bytes (see the format in this module's source
    /// and in `docs/machine.md`). Load them with [`Machine::load_state`]
    /// into a machine built from the same ROMs and configuration: it then
    /// runs on exactly as this one would. Not in the state: the ROM images
    /// (identified by hash), the audio already captured, the instruction
    /// trace, and host choices (rendering, audio capture, typing pace).
    pub fn save_state(&self) -> Vec<u8> {
        let b = &self.board;
        let state = MachineState {
            cpu: self.cpu.save_state(),
            memory: b.memory.save_state(),
            vdp: {
                // The state holds the exact line count (idle lines are
                // counted only when someone looks).
                let mut vdp = b.vdp.clone();
                vdp.sync_lines();
                vdp
            },
            psg: b.psg.clone(),
            ppi: b.ppi.clone(),
            rtc: b.rtc.clone(),
            debug: b.debug.clone(),
            printer: b.printer.clone(),
            int_level: b.int_level,
            resync: b.resync,
            timing_key: b.timing_key,
            input: self.input.clone(),
            audio_pending: self.mixer.pending().to_vec(),
            audio_frame: self.audio_frame,
        };
        // Serialising plain data into a Vec cannot fail (no maps with
        // non-string keys, no I/O); an empty payload would be refused on
        // load rather than misread.
        let mut payload = postcard::to_allocvec(&self.fingerprint()).unwrap_or_default();
        payload.extend(postcard::to_allocvec(&state).unwrap_or_default());
        let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
        out.extend_from_slice(STATE_MAGIC);
        out.extend_from_slice(&STATE_FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        out.extend_from_slice(&fnv1a(&payload).to_le_bytes());
        out.extend_from_slice(&payload);
        out
    }

    /// Replaces this machine's state with one saved by
    /// [`Machine::save_state`]. On any error the machine is unchanged.
    /// Host choices stay as they are: rendering on or off, audio capture
    /// (sound restarts at the loaded T-state), the trace and the audio
    /// captured so far.
    pub fn load_state(&mut self, bytes: &[u8]) -> Result<(), StateError> {
        let payload = split_header(bytes)?;
        let (print, rest) =
            postcard::take_from_bytes::<Fingerprint>(payload).map_err(postcard_error)?;
        self.check_fingerprint(&print)?;
        let (state, rest) =
            postcard::take_from_bytes::<MachineState>(rest).map_err(postcard_error)?;
        if !rest.is_empty() {
            return Err(StateError::Invalid(format!(
                "{} bytes left over after the machine state",
                rest.len()
            )));
        }
        let mut cpu = z80_cpu::Cpu::load_state(&state.cpu)?;
        // Everything that can fail is checked before anything changes.
        let b = &self.board;
        let invalid = StateError::Invalid;
        state.vdp.check_state(&b.vdp).map_err(invalid)?;
        state.psg.check_state(&b.psg).map_err(invalid)?;
        if state.audio_pending.len() > 1 + self.scc_slots.len() {
            return Err(invalid("more audio sources than the machine has".into()));
        }
        let vdp_ticks = state.vdp.time_ticks();
        if vdp_ticks / 6 > cpu.cycles().saturating_add(1 << 32) {
            return Err(invalid("the VDP is far ahead of the CPU".into()));
        }
        self.board
            .memory
            .load_state(state.memory)
            .map_err(invalid)?;
        // From here on nothing fails.
        std::mem::swap(&mut self.cpu, &mut cpu);
        let b = &mut self.board;
        b.vdp = state.vdp;
        b.vdp.after_load();
        b.psg = state.psg;
        b.ppi = state.ppi;
        b.rtc = state.rtc;
        b.debug = state.debug;
        b.printer = state.printer;
        b.int_level = state.int_level;
        b.resync = state.resync;
        b.timing_key = state.timing_key;
        self.input = state.input;
        self.mixer.set_pending(state.audio_pending);
        self.audio_frame = state.audio_frame;
        // The host's choices, not the saved machine's.
        b.vdp.set_render(self.rendering);
        let now = self.cpu.cycles();
        let capturing = self.mixer.capturing();
        if b.psg.synthesis() != capturing {
            b.psg.set_synthesis(capturing, now);
        }
        Ok(())
    }

    fn check_fingerprint(&self, state: &Fingerprint) -> Result<(), StateError> {
        let mine = self.fingerprint();
        if state == &mine {
            return Ok(());
        }
        let mismatch = StateError::MachineMismatch;
        if state.items.len() != mine.items.len() {
            return Err(mismatch(format!(
                "{} slot items in the state, {} in this machine",
                state.items.len(),
                mine.items.len()
            )));
        }
        for (s, m) in state.items.iter().zip(&mine.items) {
            if s.slot != m.slot || s.what != m.what {
                return Err(mismatch(format!(
                    "the state has {} in slot {}, this machine {} in slot {}",
                    s.what, s.slot, m.what, m.slot
                )));
            }
            if let (Some(state_rom), Some(machine_rom)) = (s.rom, m.rom) {
                if state_rom != machine_rom {
                    return Err(StateError::RomMismatch {
                        slot: s.slot.clone(),
                        what: s.what.clone(),
                        state: state_rom,
                        machine: machine_rom,
                    });
                }
            }
        }
        Err(mismatch(if state.expanded != mine.expanded {
            "the expanded slots differ".to_string()
        } else if state.vram_kb != mine.vram_kb {
            format!(
                "{} KB of VRAM in the state, {} KB in this machine",
                state.vram_kb, mine.vram_kb
            )
        } else if state.psg_chip != mine.psg_chip {
            format!(
                "a {:?} PSG in the state, a {:?} in this machine",
                state.psg_chip, mine.psg_chip
            )
        } else {
            format!(
                "audio at {} Hz in the state, {} Hz in this machine",
                state.sample_rate, mine.sample_rate
            )
        }))
    }
}

/// Checks the header and the hash; returns the payload.
fn split_header(bytes: &[u8]) -> Result<&[u8], StateError> {
    if bytes.len() < HEADER_LEN {
        // A short prefix of a state is still recognisably one.
        let magic_len = bytes.len().min(STATE_MAGIC.len());
        if bytes[..magic_len] != STATE_MAGIC[..magic_len] {
            return Err(StateError::BadMagic);
        }
        return Err(StateError::Truncated {
            needed: HEADER_LEN,
            found: bytes.len(),
        });
    }
    if &bytes[..8] != STATE_MAGIC {
        return Err(StateError::BadMagic);
    }
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version != STATE_FORMAT_VERSION {
        return Err(StateError::UnsupportedVersion {
            found: version,
            supported: STATE_FORMAT_VERSION,
        });
    }
    let word = |at: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&bytes[at..at + 8]);
        u64::from_le_bytes(w)
    };
    let len = word(10);
    let hash = word(18);
    let available = (bytes.len() - HEADER_LEN) as u64;
    if len > available {
        return Err(StateError::Truncated {
            needed: usize::try_from(len)
                .unwrap_or(usize::MAX)
                .saturating_add(HEADER_LEN),
            found: bytes.len(),
        });
    }
    let end = HEADER_LEN + len as usize;
    if end < bytes.len() {
        return Err(StateError::TrailingBytes {
            offset: end,
            extra: bytes.len() - end,
        });
    }
    let payload = &bytes[HEADER_LEN..end];
    if fnv1a(payload) != hash {
        return Err(StateError::Checksum);
    }
    Ok(payload)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::MachineConfig;
    use crate::memory::MachineLayout;

    fn disk_machine() -> Machine {
        // Dummy ROMs: the state's disks do not depend on what runs.
        let layout =
            MachineLayout::msx2(vec![0; 0x8000], vec![0; 0x4000], Some(vec![0xC9; 0x4000]));
        Machine::new(MachineConfig::new(layout)).unwrap()
    }

    #[test]
    fn disks_and_their_modified_flag_travel_in_the_state() {
        let mut a = disk_machine();
        let mut image = vec![0u8; 737_280];
        image[0] = 0xEB;
        a.insert_disk(0, image).unwrap();
        let fdc = a.board.memory.fdc_mut().unwrap();
        fdc.image_mut(0)
            .unwrap()
            .write_sector(3, 1, 5, &[0x42; 512]);
        assert!(a.disk_modified(0));
        let bytes = a.save_state();

        let mut b = disk_machine();
        assert_eq!(b.disk_image(0), None);
        b.load_state(&bytes).unwrap();
        assert!(b.disk_modified(0), "the modified flag is kept");
        assert_eq!(b.disk_image(0), a.disk_image(0));
        let changed = b.disk_image(0).unwrap();
        assert_eq!(changed[0], 0xEB);
        assert!(changed.contains(&0x42), "the written sector is there");

        // A clean disk stays clean.
        let mut c = disk_machine();
        c.insert_disk(0, vec![0; 368_640]).unwrap();
        let mut d = disk_machine();
        d.load_state(&c.save_state()).unwrap();
        assert!(!d.disk_modified(0));
        assert_eq!(d.disk_image(0).map(<[u8]>::len), Some(368_640));
    }

    #[test]
    fn rom_hash_is_fnv1a() {
        // Reference values of FNV-1a 64 (the offset basis for no bytes).
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
