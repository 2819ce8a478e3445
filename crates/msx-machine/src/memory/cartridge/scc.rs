//! Konami SCC (K051649) register area, as seen at 0x9800–0x9FFF of a Konami
//! SCC cartridge (the 256-byte map repeats over the 2 KB).
//!
//! | offset | write | read |
//! |---|---|---|
//! | 0x00–0x7F | waveforms of channels 1–4 (32 signed bytes each); channel 5 plays channel 4's waveform | the waveform bytes |
//! | 0x80–0x89 | frequency, 12 bits, low byte then high nibble, channels 1–5 | 0xFF |
//! | 0x8A–0x8E | volume 0–15, channels 1–5 | 0xFF |
//! | 0x8F | channel enable, bits 0–4 | 0xFF |
//! | 0x90–0x9F | mirror of 0x80–0x8F | 0xFF |
//! | 0xA0–0xDF | nothing | 0xFF |
//! | 0xE0–0xFF | deformation register | 0xFF, and the read sets the register to 0xFF |
//!
//! Facts: openMSX `SCC.cc` ("Real" mode).

/// The SCC's registers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scc {
    /// Waveforms of channels 1–4 (channel 5 shares channel 4's).
    pub wave: [[i8; 32]; 4],
    /// 12-bit frequency dividers of channels 1–5.
    pub freq: [u16; 5],
    /// Volumes 0–15 of channels 1–5.
    pub volume: [u8; 5],
    /// Channel enable bits 0–4.
    pub enable: u8,
    /// Deformation register.
    pub deform: u8,
}

impl Default for Scc {
    fn default() -> Self {
        Self::new()
    }
}

impl Scc {
    /// Power-on state: everything 0.
    pub fn new() -> Self {
        Self {
            wave: [[0; 32]; 4],
            freq: [0; 5],
            volume: [0; 5],
            enable: 0,
            deform: 0,
        }
    }

    /// Read at offset `addr` (0x00–0xFF) of the SCC area.
    pub fn read(&mut self, addr: u8, _now: u64) -> u8 {
        if addr >= 0xE0 {
            self.deform = 0xFF;
        }
        self.peek(addr)
    }

    /// Read without side effects.
    pub fn peek(&self, addr: u8) -> u8 {
        if addr < 0x80 {
            self.wave[usize::from(addr >> 5)][usize::from(addr & 0x1F)] as u8
        } else {
            0xFF
        }
    }

    /// Write at offset `addr` (0x00–0xFF) of the SCC area.
    pub fn write(&mut self, addr: u8, value: u8, _now: u64) {
        match addr {
            0x00..=0x7F => {
                self.wave[usize::from(addr >> 5)][usize::from(addr & 0x1F)] = value as i8;
            }
            0x80..=0x9F => {
                let reg = addr & 0x0F;
                match reg {
                    0x0..=0x9 => {
                        let ch = usize::from(reg >> 1);
                        self.freq[ch] = if reg & 1 == 0 {
                            (self.freq[ch] & 0xF00) | u16::from(value)
                        } else {
                            (self.freq[ch] & 0x0FF) | (u16::from(value & 0x0F) << 8)
                        };
                    }
                    0xA..=0xE => self.volume[usize::from(reg - 0xA)] = value & 0x0F,
                    _ => self.enable = value & 0x1F,
                }
            }
            0xA0..=0xDF => {}
            _ => self.deform = value,
        }
    }
}
