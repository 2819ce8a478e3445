//! The PPI 8255 at ports 0xA8–0xAB (mirrored up to 0xAF) and the keyboard.
//!
//! | port | 8255 | MSX use |
//! |---|---|---|
//! | 0xA8 | port A (output) | primary slot register |
//! | 0xA9 | port B (input) | keyboard row data (0 = key down) |
//! | 0xAA | port C (output) | bits 0–3 keyboard row; bit 4 cassette motor (0 = on); bit 5 cassette out; bit 6 CAPS LED (0 = on); bit 7 key click |
//! | 0xAB | control | bit 7 = 1: mode word (the BIOS writes 0x82); bit 7 = 0: set (bit 0 = 1) or reset port C bit (bits 3–1) |
//!
//! Only mode 0 (plain input/output) is modelled: the MSX uses nothing else.
//! A port (or half of port C) programmed as output reads back its latch;
//! as input, port B reads the keyboard row, port A reads 0 and port C's
//! halves read 0xF (as openMSX, `MSXPPI.cc`, `I8255.cc`). After reset every
//! port is an input and the latches are 0; a mode word keeps the latches.
//!
//! Wiring (see [`crate::memory`]): the primary slot register lives here as
//! the port A latch; after a write the machine hands [`Ppi::slot_select`]
//! to the memory system and [`Ppi::click`] to the PSG's mixer.

pub mod keyboard;

pub use keyboard::{chord_for_char, Chord, Key, Keyboard, UnknownKey};

/// Control word bits.
const MODE_SET: u8 = 0x80;
const A_INPUT: u8 = 0x10;
const C_HIGH_INPUT: u8 = 0x08;
const B_INPUT: u8 = 0x02;
const C_LOW_INPUT: u8 = 0x01;

/// The PPI and the keyboard matrix behind it.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Ppi {
    control: u8,
    latch_a: u8,
    latch_b: u8,
    latch_c: u8,
    /// Port A as last driven onto the slot select lines.
    slot_select: u8,
    keyboard: Keyboard,
}

impl Default for Ppi {
    fn default() -> Self {
        Self::new()
    }
}

impl Ppi {
    /// Power-on: all ports input, latches 0, no key down.
    pub fn new() -> Self {
        Self {
            control: MODE_SET | A_INPUT | C_HIGH_INPUT | B_INPUT | C_LOW_INPUT,
            latch_a: 0,
            latch_b: 0,
            latch_c: 0,
            slot_select: 0,
            keyboard: Keyboard::new(),
        }
    }

    /// The reset button: every port an input, latches 0 (the keys held
    /// stay held).
    pub fn reset(&mut self) {
        let keyboard = std::mem::take(&mut self.keyboard);
        *self = Self {
            keyboard,
            ..Self::new()
        };
    }

    /// Read of port 0xA8 + (`port` & 3).
    pub fn read(&self, port: u8) -> u8 {
        match port & 3 {
            0 => {
                if self.control & A_INPUT == 0 {
                    self.latch_a
                } else {
                    0
                }
            }
            1 => {
                if self.control & B_INPUT == 0 {
                    self.latch_b
                } else {
                    self.keyboard.row(self.selected_row())
                }
            }
            2 => {
                let high = if self.control & C_HIGH_INPUT == 0 {
                    self.latch_c & 0xF0
                } else {
                    0xF0
                };
                let low = if self.control & C_LOW_INPUT == 0 {
                    self.latch_c & 0x0F
                } else {
                    0x0F
                };
                high | low
            }
            _ => self.control,
        }
    }

    /// Write of port 0xA8 + (`port` & 3).
    pub fn write(&mut self, port: u8, value: u8) {
        match port & 3 {
            0 => {
                self.latch_a = value;
                if self.control & A_INPUT == 0 {
                    self.slot_select = value;
                }
            }
            1 => self.latch_b = value,
            2 => self.latch_c = value,
            _ => {
                if value & MODE_SET != 0 {
                    self.control = value;
                    if value & A_INPUT == 0 {
                        self.slot_select = self.latch_a;
                    }
                } else {
                    let bit = (value >> 1) & 7;
                    if value & 1 != 0 {
                        self.latch_c |= 1 << bit;
                    } else {
                        self.latch_c &= !(1 << bit);
                    }
                }
            }
        }
    }

    /// Port C as seen on its output pins (an input half reads as 1s, like
    /// pulled-up lines).
    fn port_c_out(&self) -> u8 {
        let mut c = self.latch_c;
        if self.control & C_HIGH_INPUT != 0 {
            c |= 0xF0;
        }
        if self.control & C_LOW_INPUT != 0 {
            c |= 0x0F;
        }
        c
    }

    /// The primary slot register value driven by port A.
    pub fn slot_select(&self) -> u8 {
        self.slot_select
    }

    /// The keyboard row selected by port C bits 0–3.
    pub fn selected_row(&self) -> u8 {
        self.port_c_out() & 0x0F
    }

    /// The key click / 1-bit sound output (port C bit 7).
    pub fn click(&self) -> bool {
        self.port_c_out() & 0x80 != 0
    }

    /// Whether the CAPS LED is lit (port C bit 6 = 0).
    pub fn caps_led(&self) -> bool {
        self.port_c_out() & 0x40 == 0
    }

    /// Whether the cassette motor runs (port C bit 4 = 0).
    pub fn cassette_motor(&self) -> bool {
        self.port_c_out() & 0x10 == 0
    }

    /// The cassette output bit (port C bit 5).
    pub fn cassette_out(&self) -> bool {
        self.port_c_out() & 0x20 != 0
    }

    /// The keyboard.
    pub fn keyboard(&self) -> &Keyboard {
        &self.keyboard
    }

    /// The keyboard, to press and release keys.
    pub fn keyboard_mut(&mut self) -> &mut Keyboard {
        &mut self.keyboard
    }

    /// Holds `key` down.
    pub fn press(&mut self, key: Key) {
        self.keyboard.press(key);
    }

    /// Lets `key` up.
    pub fn release(&mut self, key: Key) {
        self.keyboard.release(key);
    }
}
