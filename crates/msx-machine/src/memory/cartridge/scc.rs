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
//! # Sound
//!
//! Each channel steps through its 32-byte waveform, one byte every
//! (frequency + 1) CPU clocks (tone = 3 579 545 / (32 × (f + 1)) Hz); a
//! frequency of 8 or less stops the channel. Writing a frequency restarts the
//! current byte (and, with deformation bit 5, the waveform). A channel plays
//! (byte × volume) >> 4 when its enable bit is set; the five are summed
//! (Jon De Schrijder's measurements quoted in openMSX). Synthesis runs
//! lazily in steps of 32 CPU clocks and is averaged into output samples
//! like the PSG's ([`crate::psg`]). Not emulated: the deformation
//! register's 4/8-bit frequency modes and waveform rotation (bits 0, 1, 6,
//! 7), which only a few demos use.
//!
//! Facts: openMSX `SCC.cc` ("Real" mode).

use crate::psg::Resampler;

/// CPU clocks per synthesis step.
const STEP: u64 = 32;

/// The SCC: registers and sound.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]
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
    /// Waveform position and clock count of each channel.
    pos: [u8; 5],
    count: [u64; 5],
    /// CPU time synthesised so far (a multiple of [`STEP`]).
    time: u64,
    out: Resampler,
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
            pos: [0; 5],
            count: [0; 5],
            time: 0,
            out: Resampler::new(44_100),
        }
    }

    /// Sets the output sample rate (default 44100 Hz); samples not yet taken
    /// are dropped. Rates outside 8000–192000 Hz are clamped.
    pub fn set_sample_rate(&mut self, rate: u32) {
        let mut out = Resampler::new(rate.clamp(8000, 192_000));
        // Keep the sample grid aligned with the time already synthesised.
        out.hold(0, self.time, 0.0);
        out.take();
        self.out = out;
    }

    /// The waveform byte channel `ch` plays (channel 5 uses channel 4's).
    fn wave_byte(&self, ch: usize, pos: u8) -> i8 {
        self.wave[ch.min(3)][usize::from(pos & 31)]
    }

    /// The summed output of the five channels, −1.0..1.0.
    fn level(&self) -> f64 {
        let mut sum = 0i32;
        for ch in 0..5 {
            if self.enable & (1 << ch) != 0 {
                let byte = i32::from(self.wave_byte(ch, self.pos[ch]));
                sum += (byte * i32::from(self.volume[ch])) >> 4;
            }
        }
        // Five channels of at most ±120.
        f64::from(sum) / 640.0
    }

    /// Synthesises up to `now` (CPU T-states).
    pub fn run_to(&mut self, now: u64) {
        while self.time + STEP <= now {
            let level = self.level();
            self.out.hold(self.time, self.time + STEP, level);
            for ch in 0..5 {
                let period = u64::from(self.freq[ch]);
                if period <= 8 {
                    continue;
                }
                self.count[ch] += STEP;
                let steps = self.count[ch] / (period + 1);
                self.count[ch] %= period + 1;
                self.pos[ch] = ((u64::from(self.pos[ch]) + steps) % 32) as u8;
            }
            self.time += STEP;
        }
    }

    /// Whether a loaded SCC state fits the machine's SCC `mine` (same
    /// sample rate).
    pub(crate) fn check_state(&self, mine: &Scc) -> Result<(), String> {
        self.out.check_state(&mine.out)
    }

    /// The samples produced so far (mono), removed.
    pub fn take_samples(&mut self) -> Vec<f32> {
        self.out.take()
    }

    /// Waveform position of channel `ch` (0–31), for tests and debuggers.
    pub fn position(&self, ch: usize) -> u8 {
        self.pos.get(ch).copied().unwrap_or(0)
    }

    /// Read at offset `addr` (0x00–0xFF) of the SCC area.
    pub fn read(&mut self, addr: u8, now: u64) -> u8 {
        if addr >= 0xE0 {
            self.run_to(now);
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
    pub fn write(&mut self, addr: u8, value: u8, now: u64) {
        self.run_to(now);
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
                        // A frequency write restarts the current byte.
                        self.count[ch] = 0;
                        if self.deform & 0x20 != 0 {
                            self.pos[ch] = 0;
                        }
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
