//! The PSG: AY-3-8910 (or YM2149) at ports 0xA0 (register address),
//! 0xA1 (write) and 0xA2 (read), synthesised into audio samples.
//!
//! # Model
//!
//! The chip clock is the CPU clock / 2 (1.79 MHz); tone, noise and envelope
//! counters advance once every 8 chip clocks, i.e. once every **16 CPU
//! T-states** (a "tick"). Facts from openMSX `AY8910.cc` and the datasheets:
//!
//! * tone: a counter counts up each tick until it reaches the 12-bit period
//!   (0 behaves as 1), then the square output flips: frequency = clock /
//!   (16 × TP);
//! * noise: a 17-bit LFSR (input = bit 0 XOR bit 3) stepped every 2 × NP
//!   ticks (NP 0 behaves as 1): half the rate of a tone of the same period;
//! * envelope: 32 steps (YM2149) or 16 steps shown twice (AY-3-8910), one
//!   step per EP ticks (EP 0 is twice as fast as EP 1), the 16 shapes of R13
//!   (writing R13 restarts it);
//! * mixer: channel out = (tone OR tone disabled) AND (noise OR noise
//!   disabled) × volume, so both disabled gives a constant level a program
//!   can modulate with the volume (sample playback);
//! * volume: logarithmic, 1.5 dB per envelope step of the YM2149 (32 steps)
//!   and 3 dB per step of the 16 fixed volumes: level *n* of 15 is
//!   2^(−(15 − n)/2), level 0 is silence. This is openMSX's table, which
//!   follows the datasheets' 3 dB/step description of the DAC;
//! * read-back: the AY-3-8910 returns unused bits as 0 (R1/R3/R5/R13 keep 4
//!   bits, R6/R8–R10 keep 5); the YM2149 returns what was written;
//! * R7 bits 6–7: on MSX the PSG sits in an MSX-engine that keeps port A an
//!   input and port B an output whatever is written (openMSX
//!   `ignorePortDirections`): R7 reads back with bit 6 = 0 and bit 7 = 1.
//!
//! # Audio
//!
//! The PSG catches up lazily: every register access carries `now`, and the
//! ticks up to `now` are synthesised then. Output samples (mono `f32`) are
//! the **average of the signal over each output sample period** (a box
//! filter: no aliasing mess from point sampling a 224 kHz square wave), then
//! pass a one-pole DC blocker (the coupling capacitor of a real machine), so
//! they are centred on 0 within −1.0..1.0. The key click (PPI port C bit 7)
//! is mixed in through [`Psg::set_click`].
//!
//! # Speed
//!
//! Ticking every generator 223 722 times per emulated second is the PSG's
//! whole cost, so `run_to` avoids it whenever the result does not depend on
//! it, with bit-identical results:
//!
//! * while the output level cannot change (every channel silent, or at a
//!   constant level with tone and noise both disabled, or on an envelope
//!   that holds), the generators jump ahead in closed form
//!   ([`Psg::advance`]: tone and envelope counters by division, the noise
//!   LFSR by powers of its GF(2) step matrix) and the constant level is held
//!   over the whole stretch at once;
//! * with synthesis off ([`Psg::set_synthesis`], what a machine does while
//!   nobody records its audio) no samples are made at all: only the
//!   generators jump ahead, so registers, tone phases, noise and envelope
//!   stay exact. Synthesis switched back on starts with a fresh sample at
//!   that moment and the DC blocker at rest, which is exactly what a PSG
//!   that was silent until then would have (see [`Psg::set_synthesis`]).

use crate::mouse::Mouse;

/// CPU T-states per PSG tick.
pub const TICK: u64 = 16;
/// CPU clock in Hz.
pub const CPU_HZ: u64 = 3_579_545;

/// Which chip.
#[derive(
    serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, Default,
)]
pub enum Chip {
    /// General Instrument AY-3-8910 (MSX1 machines): unused register bits read 0, 16
    /// envelope levels.
    Ay8910,
    /// Yamaha YM2149 (the default: the PSG of the MSX-engines of most MSX2 machines,
    /// S1985 and S3527, and of openMSX's MSX2 machines): registers read as written, 32
    /// envelope levels.
    #[default]
    Ym2149,
}

/// Errors of the PSG's configuration.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PsgError {
    /// A sample rate outside 8000–192000 Hz.
    #[error("sample rate {0} Hz: choose 8000 to 192000 Hz")]
    SampleRate(u32),
}

/// YM2149 envelope levels: 1.5 dB apart, level 31 = 1.0, level 0 = silence.
fn ym_level(i: usize) -> f32 {
    if i == 0 {
        0.0
    } else {
        2f32.powf(-((31 - i) as f32) / 4.0)
    }
}

/// Shares of the final mix: three channels and the click.
const CHANNEL_GAIN: f32 = 0.25;
const CLICK_GAIN: f32 = 0.2;

#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]
struct Tables {
    /// Fixed volumes 0–15.
    volume: [f32; 16],
    /// Envelope levels by 5-bit step.
    envelope: [f32; 32],
}

impl Tables {
    fn new(chip: Chip) -> Self {
        let mut volume = [0.0; 16];
        for (i, v) in volume.iter_mut().enumerate().skip(1) {
            *v = ym_level(2 * i + 1);
        }
        let mut envelope = [0.0; 32];
        for (i, e) in envelope.iter_mut().enumerate() {
            *e = match chip {
                Chip::Ym2149 => ym_level(i),
                // 16 levels, each shown for two steps: step 2k and 2k+1 play
                // the fixed volume k.
                Chip::Ay8910 => volume[i / 2],
            };
        }
        Self { volume, envelope }
    }
}

#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq, Eq)]
struct Tone {
    period: u32,
    count: u32,
    output: bool,
}

#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq, Eq)]
struct Noise {
    period: u32,
    count: u32,
    lfsr: u32,
}

#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq, Eq)]
struct Envelope {
    /// In half ticks (the envelope runs at twice the tick rate in steps).
    period: u32,
    count: u32,
    /// Step 31 down to 0.
    step: i32,
    /// 0 or 0x1F: XORed into the step to rise instead of fall.
    attack: i32,
    hold: bool,
    alternate: bool,
    holding: bool,
}

impl Envelope {
    fn new() -> Self {
        Self {
            period: 1,
            count: 0,
            step: 0,
            attack: 0,
            hold: true,
            alternate: false,
            holding: true,
        }
    }

    /// Shapes (C = continue, At = attack, Al = alternate, H = hold):
    /// `00xx` fall then 0; `01xx` rise then 0; `1000` saw down; `1001` fall
    /// then 0; `1010` triangle down first; `1011` fall then hold max;
    /// `1100` saw up; `1101` rise then hold max; `1110` triangle up first;
    /// `1111` rise then 0. A shape without C behaves as the C shape that
    /// holds at 0.
    fn set_shape(&mut self, shape: u8) {
        self.attack = if shape & 0x04 != 0 { 0x1F } else { 0 };
        if shape & 0x08 == 0 {
            self.hold = true;
            self.alternate = self.attack != 0;
        } else {
            self.hold = shape & 0x01 != 0;
            self.alternate = shape & 0x02 != 0;
        }
        self.count = 0;
        self.step = 0x1F;
        self.holding = false;
    }

    fn set_period(&mut self, ep: u32) {
        self.period = (2 * ep).max(1);
        self.count = self.count.min(self.period - 1);
    }

    fn level(&self) -> usize {
        (self.step ^ self.attack) as usize
    }

    /// `ticks` ticks at once: the same state as `ticks` calls of [`Self::tick`].
    fn advance(&mut self, ticks: u64) {
        if self.holding || ticks == 0 {
            return;
        }
        let period = u64::from(self.period);
        let count = u64::from(self.count);
        let total = count + 2 * ticks;
        let steps = total / period;
        let step = self.step as u64;
        if steps <= step {
            self.step -= steps as i32;
            self.count = (total % period) as u32;
        } else if self.hold {
            // The tick that takes the step below 0 starts the hold; the
            // counter keeps what that tick left.
            let k = ((step + 1) * period - count).div_ceil(2);
            self.count = ((count + 2 * k) % period) as u32;
            self.step = 0;
            self.holding = true;
            if self.alternate {
                self.attack ^= 0x1F;
            }
        } else {
            // Each pass below 0 is one loop of the shape (a tick moves at
            // most 2 steps, so every loop is seen by the ticking model too).
            let loops = (steps - step).div_ceil(32);
            if self.alternate && loops & 1 != 0 {
                self.attack ^= 0x1F;
            }
            self.step = (step as i64 - steps as i64).rem_euclid(32) as i32;
            self.count = (total % period) as u32;
        }
    }

    fn tick(&mut self) {
        if self.holding {
            return;
        }
        self.count += 2;
        if self.count < self.period {
            return;
        }
        let steps = self.count / self.period;
        self.count -= steps * self.period;
        self.step -= steps as i32;
        if self.step < 0 {
            if self.hold {
                if self.alternate {
                    self.attack ^= 0x1F;
                }
                self.holding = true;
                self.step = 0;
            } else {
                // Looped an odd number of times: flip direction.
                if self.alternate && self.step & 0x10 != 0 {
                    self.attack ^= 0x1F;
                }
                self.step &= 0x1F;
            }
        }
    }
}

/// What sits in a joystick port.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PortDevice {
    /// A joystick (its pins set with [`Psg::set_joystick`]; nothing pressed
    /// reads as nothing plugged in). The default.
    #[default]
    Joystick,
    /// An MSX mouse ([`crate::mouse`]).
    Mouse,
}

/// The PSG.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]
pub struct Psg {
    chip: Chip,
    tables: Tables,
    regs: [u8; 16],
    latch: u8,
    tone: [Tone; 3],
    noise: Noise,
    envelope: Envelope,
    /// T-state up to which ticks are synthesised (a multiple of [`TICK`]).
    time: u64,
    // Inputs of port A.
    joystick: [u8; 2],
    /// A mouse plugged into port 1 / 2 instead of the joystick there.
    mice: [Option<Mouse>; 2],
    japanese: bool,
    cassette_in: bool,
    click: bool,
    /// Whether samples are made (see the module's "Speed").
    synthesis: bool,
    out: Resampler,
}

/// The noise LFSR's one-step map as a GF(2) matrix (column j = image of bit
/// j), raised to the powers 2^0..2^63, so that k steps cost one
/// matrix-vector product per set bit of k.
const NOISE_JUMPS: [[u32; 17]; 64] = {
    let mut t = [[0u32; 17]; 64];
    // One step: v >> 1, and bit 0 feeds bits 13 and 16.
    t[0][0] = (1 << 13) | (1 << 16);
    let mut j = 1;
    while j < 17 {
        t[0][j] = 1 << (j - 1);
        j += 1;
    }
    let mut i = 1;
    while i < 64 {
        let mut j = 0;
        while j < 17 {
            t[i][j] = apply(&t[i - 1], t[i - 1][j]);
            j += 1;
        }
        i += 1;
    }
    t
};

/// The matrix `m` applied to the 17-bit vector `v`.
const fn apply(m: &[u32; 17], v: u32) -> u32 {
    let mut out = 0;
    let mut j = 0;
    while j < 17 {
        if v & (1 << j) != 0 {
            out ^= m[j];
        }
        j += 1;
    }
    out
}

/// The LFSR after `steps` steps.
fn noise_jump(mut lfsr: u32, steps: u64) -> u32 {
    let mut bits = steps;
    let mut i = 0;
    while bits != 0 {
        if bits & 1 != 0 {
            lfsr = apply(&NOISE_JUMPS[i], lfsr);
        }
        bits >>= 1;
        i += 1;
    }
    lfsr
}

impl Psg {
    /// A PSG producing `sample_rate` samples per second.
    pub fn new(chip: Chip, sample_rate: u32) -> Result<Self, PsgError> {
        if !(8000..=192_000).contains(&sample_rate) {
            return Err(PsgError::SampleRate(sample_rate));
        }
        let mut psg = Self {
            chip,
            tables: Tables::new(chip),
            regs: [0; 16],
            latch: 0,
            tone: std::array::from_fn(|_| Tone {
                period: 1,
                count: 0,
                output: false,
            }),
            noise: Noise {
                period: 2,
                count: 0,
                lfsr: 1,
            },
            envelope: Envelope::new(),
            time: 0,
            joystick: [0x3F; 2],
            mice: [None, None],
            japanese: false,
            // Nothing plugged into the cassette port reads 1, as openMSX's empty
            // cassette port (DummyCassetteDevice: a full positive sample).
            cassette_in: true,
            click: false,
            synthesis: true,
            out: Resampler::new(sample_rate),
        };
        // Power-on: every register written 0 (R7 then forced to 0x80).
        for reg in 0..16 {
            psg.write_register(reg, 0);
        }
        Ok(psg)
    }

    /// The reset button at time `now`: every register 0, generators
    /// restarted (openMSX `AY8910::reset`); the audio already made stays.
    pub fn reset(&mut self, now: u64) {
        self.run_to(now);
        for t in &mut self.tone {
            t.count = 0;
            t.output = false;
        }
        self.noise.count = 0;
        self.noise.lfsr = 1;
        self.envelope = Envelope::new();
        self.latch = 0;
        for reg in 0..16 {
            self.write_register(reg, 0);
        }
        self.drive_mice(now);
    }

    /// Hands the output pins of R15 to the mice plugged in.
    fn drive_mice(&mut self, now: u64) {
        for port in 0..2 {
            let outputs = self.joystick_outputs(port);
            if let Some(mouse) = &mut self.mice[port] {
                mouse.write(outputs, now);
            }
        }
    }

    /// The chip type.
    pub fn chip(&self) -> Chip {
        self.chip
    }

    /// I/O write to port 0xA0 + (`port` & 3) at time `now`.
    pub fn write_io(&mut self, port: u8, value: u8, now: u64) {
        match port & 3 {
            // MSX-engines decode 4 address bits: R16 is R0.
            0 => self.latch = value & 0x0F,
            1 => {
                self.run_to(now);
                self.write_register(self.latch, value);
                if self.latch == 15 {
                    self.drive_mice(now);
                }
            }
            _ => {}
        }
    }

    /// I/O read of port 0xA0 + (`port` & 3): only 0xA2 answers.
    pub fn read_io(&mut self, port: u8, _now: u64) -> u8 {
        if port & 3 == 2 {
            self.read_register(self.latch)
        } else {
            0xFF
        }
    }

    /// The register address latch.
    pub fn latch(&self) -> u8 {
        self.latch
    }

    /// Register value as a read of port 0xA2 returns it.
    pub fn read_register(&self, reg: u8) -> u8 {
        let reg = usize::from(reg & 0x0F);
        let value = match reg {
            14 => self.port_a(),
            _ => self.regs[reg],
        };
        const AY_MASK: [u8; 16] = [
            0xFF, 0x0F, 0xFF, 0x0F, 0xFF, 0x0F, 0x1F, 0xFF, 0x1F, 0x1F, 0x1F, 0xFF, 0xFF, 0x0F,
            0xFF, 0xFF,
        ];
        match self.chip {
            Chip::Ay8910 => value & AY_MASK[reg],
            Chip::Ym2149 => value,
        }
    }

    /// Port A as read through R14: joystick pins of the port selected by
    /// R15 bit 6 (bits 0–5, 0 = active), keyboard layout (bit 6: 1 = JIS,
    /// 0 = the others), cassette input (bit 7).
    fn port_a(&self) -> u8 {
        let port = self.selected_joystick();
        let pins = match &self.mice[port] {
            Some(mouse) => mouse.read(),
            None => self.joystick[port],
        };
        (pins & 0x3F)
            | if self.japanese { 0x40 } else { 0 }
            | if self.cassette_in { 0x80 } else { 0 }
    }

    fn write_register(&mut self, reg: u8, value: u8) {
        let reg = usize::from(reg & 0x0F);
        // Port directions are fixed by the MSX-engine (see module docs).
        let value = if reg == 7 {
            (value & !0x40) | 0x80
        } else {
            value
        };
        self.regs[reg] = value;
        match reg {
            0..=5 => {
                let ch = reg / 2;
                let period =
                    u32::from(self.regs[2 * ch]) | (u32::from(self.regs[2 * ch + 1] & 0x0F) << 8);
                let t = &mut self.tone[ch];
                t.period = period.max(1);
                t.count = t.count.min(t.period - 1);
            }
            6 => {
                let n = &mut self.noise;
                n.period = 2 * u32::from(value & 0x1F).max(1);
                n.count = n.count.min(n.period - 1);
            }
            11 | 12 => {
                let ep = u32::from(self.regs[11]) | (u32::from(self.regs[12]) << 8);
                self.envelope.set_period(ep);
            }
            13 => self.envelope.set_shape(value & 0x0F),
            _ => {}
        }
    }

    /// The joystick pins of port `port` (0 or 1): bits 0–3 up, down, left,
    /// right, bits 4–5 triggers A and B, **0 = active**. Nothing plugged in
    /// reads 0x3F.
    pub fn set_joystick(&mut self, port: usize, pins: u8) {
        if let Some(j) = self.joystick.get_mut(port) {
            *j = pins & 0x3F;
        }
    }

    /// Plugs `device` into joystick port `port` (0 or 1). A mouse starts at
    /// rest; plugging the one already there keeps its state.
    pub fn plug(&mut self, port: usize, device: PortDevice) {
        let Some(slot) = self.mice.get_mut(port) else {
            return;
        };
        match device {
            PortDevice::Joystick => *slot = None,
            PortDevice::Mouse => {
                if slot.is_none() {
                    *slot = Some(Mouse::new());
                }
            }
        }
    }

    /// What is plugged into joystick port `port` (0 or 1).
    pub fn plugged(&self, port: usize) -> PortDevice {
        match self.mice.get(port) {
            Some(Some(_)) => PortDevice::Mouse,
            _ => PortDevice::Joystick,
        }
    }

    /// The mouse in port `port`, if one is plugged in.
    pub fn mouse(&self, port: usize) -> Option<&Mouse> {
        self.mice.get(port)?.as_ref()
    }

    /// The mouse in port `port`, writable (move it, press its buttons).
    pub fn mouse_mut(&mut self, port: usize) -> Option<&mut Mouse> {
        self.mice.get_mut(port)?.as_mut()
    }

    /// Selects the Japanese (JIS) keyboard layout bit of port A.
    pub fn set_japanese_layout(&mut self, jis: bool) {
        self.japanese = jis;
    }

    /// The cassette input level.
    pub fn set_cassette_input(&mut self, level: bool) {
        self.cassette_in = level;
    }

    /// Port B (R15) as output: bits 0–1 / 2–3 pins 6–7 of joystick ports 1 / 2,
    /// bits 4 / 5 pin 8, bit 6 joystick port select, bit 7 KANA LED (0 = on).
    pub fn port_b(&self) -> u8 {
        self.regs[15]
    }

    /// The joystick port (0 or 1) that R14 reads (R15 bit 6).
    pub fn selected_joystick(&self) -> usize {
        usize::from((self.regs[15] >> 6) & 1)
    }

    /// Output pins of joystick port `port` (0 or 1) from R15: bit 0 = pin 6,
    /// bit 1 = pin 7, bit 2 = pin 8 (openMSX `MSXPSG::writeB`).
    pub fn joystick_outputs(&self, port: usize) -> u8 {
        let b = self.regs[15];
        if port == 0 {
            (b & 0x03) | ((b & 0x10) >> 2)
        } else {
            ((b & 0x0C) >> 2) | ((b & 0x20) >> 3)
        }
    }

    /// Whether the KANA / CODE LED is lit.
    pub fn kana_led(&self) -> bool {
        self.regs[15] & 0x80 == 0
    }

    /// The key click level from PPI port C bit 7, changing at `now`.
    pub fn set_click(&mut self, level: bool, now: u64) {
        if level != self.click {
            self.run_to(now);
            self.click = level;
        }
    }

    /// The level of one channel (0.0–1.0) for the current tick.
    fn channel(&self, ch: usize, noise: bool) -> f32 {
        let mixer = self.regs[7];
        let tone_on = self.tone[ch].output || mixer & (1 << ch) != 0;
        let noise_on = noise || mixer & (8 << ch) != 0;
        if !(tone_on && noise_on) {
            return 0.0;
        }
        let vol = self.regs[8 + ch];
        if vol & 0x10 != 0 {
            self.tables.envelope[self.envelope.level()]
        } else {
            self.tables.volume[usize::from(vol & 0x0F)]
        }
    }

    fn tick(&mut self) {
        for t in &mut self.tone {
            t.count += 1;
            if t.count >= t.period {
                t.count = 0;
                t.output = !t.output;
            }
        }
        let n = &mut self.noise;
        n.count += 1;
        if n.count >= n.period {
            n.count = 0;
            let bit = n.lfsr & 1;
            n.lfsr = (n.lfsr >> 1) ^ (bit << 13) ^ (bit << 16);
        }
        self.envelope.tick();
    }

    /// Synthesises up to `now` (T-states since power-on).
    pub fn run_to(&mut self, now: u64) {
        if !self.synthesis {
            let ticks = now.saturating_sub(self.time) / TICK;
            self.advance(ticks);
            self.time += ticks * TICK;
            return;
        }
        while self.time + TICK <= now {
            // A sample already holding other levels takes tick-sized pieces
            // up to its end, so its sum is added in the same order as ever;
            // a sample holding only this level (or nothing) can take the
            // whole stretch at once: its products and sums are exact in f64.
            if let Some(level) = self.constant_level() {
                if self.out.can_merge(f64::from(level)) {
                    let ticks = (now - self.time) / TICK;
                    self.advance(ticks);
                    let end = self.time + ticks * TICK;
                    self.out.hold(self.time, end, f64::from(level));
                    self.time = end;
                    return;
                }
            }
            self.tick();
            let noise = self.noise.lfsr & 1 != 0;
            let level = self.mix([
                self.channel(0, noise),
                self.channel(1, noise),
                self.channel(2, noise),
            ]);
            self.out.hold(self.time, self.time + TICK, f64::from(level));
            self.time += TICK;
        }
    }

    /// The output level from the three channels' levels.
    fn mix(&self, ch: [f32; 3]) -> f32 {
        (ch[0] + ch[1] + ch[2]) * CHANNEL_GAIN + if self.click { CLICK_GAIN } else { 0.0 }
    }

    /// The output level if it cannot change until the next register write,
    /// whatever the generators do.
    fn constant_level(&self) -> Option<f32> {
        let mixer = self.regs[7];
        let mut ch = [0.0; 3];
        for (c, level) in ch.iter_mut().enumerate() {
            let vol = self.regs[8 + c];
            let amp = if vol & 0x10 != 0 {
                if !self.envelope.holding {
                    return None;
                }
                self.tables.envelope[self.envelope.level()]
            } else {
                self.tables.volume[usize::from(vol & 0x0F)]
            };
            // Silent whatever the gates do, or both gates held open.
            if amp != 0.0 && mixer & (9 << c) != (9 << c) {
                return None;
            }
            *level = amp;
        }
        Some(self.mix(ch))
    }

    /// `ticks` ticks of every generator at once, in closed form: the same
    /// state as ticking them one by one.
    fn advance(&mut self, ticks: u64) {
        if ticks == 0 {
            return;
        }
        for t in &mut self.tone {
            let total = u64::from(t.count) + ticks;
            let period = u64::from(t.period);
            t.count = (total % period) as u32;
            if (total / period) & 1 != 0 {
                t.output = !t.output;
            }
        }
        let n = &mut self.noise;
        let total = u64::from(n.count) + ticks;
        let period = u64::from(n.period);
        n.count = (total % period) as u32;
        n.lfsr = noise_jump(n.lfsr, total / period);
        self.envelope.advance(ticks);
    }

    /// Turns sample making on or off at `now` (on for a new PSG). Off, the
    /// PSG makes no samples but keeps every register and generator exact.
    /// Back on, the first sample starts at `now` (a partial one if `now` is
    /// inside a sample period) with the DC blocker at rest: the same samples
    /// a PSG that had been synthesising all along makes if it was silent
    /// (level 0) until then; after sound, only the first few hundred
    /// samples differ (by the DC blocker's settling).
    pub fn set_synthesis(&mut self, on: bool, now: u64) {
        if on == self.synthesis {
            return;
        }
        self.run_to(now);
        self.synthesis = on;
        if on {
            self.out.restart_at(self.time);
        }
    }

    /// Whether a loaded PSG state fits the machine's PSG `mine` (same chip
    /// and sample rate) and holds values its generators can run with.
    pub(crate) fn check_state(&self, mine: &Psg) -> Result<(), String> {
        if self.chip != mine.chip || self.tables != mine.tables {
            return Err(format!(
                "the state's PSG is a {:?}, this machine's a {:?}",
                self.chip, mine.chip
            ));
        }
        let e = &self.envelope;
        let periods_ok =
            self.tone.iter().all(|t| t.period >= 1) && self.noise.period >= 1 && e.period >= 1;
        if !periods_ok || !(0..32).contains(&e.step) || !matches!(e.attack, 0 | 0x1F) {
            return Err("PSG generator state out of range".into());
        }
        self.out.check_state(&mine.out)
    }

    /// Whether samples are made.
    pub fn synthesis(&self) -> bool {
        self.synthesis
    }

    /// The samples produced so far (mono, `sample_rate` per second), removed.
    pub fn take_samples(&mut self) -> Vec<f32> {
        self.out.take()
    }

    /// Samples waiting to be taken.
    pub fn samples(&self) -> &[f32] {
        self.out.samples()
    }

    /// The register file as written (R7 with its forced direction bits).
    pub fn registers(&self) -> [u8; 16] {
        self.regs
    }

    /// The current envelope level index (0–31), for tests and debuggers.
    pub fn envelope_level(&self) -> u8 {
        self.envelope.level() as u8
    }

    /// The output of tone generator `ch` (square wave high?), for tests.
    pub fn tone_output(&self, ch: usize) -> bool {
        self.tone.get(ch).is_some_and(|t| t.output)
    }

    /// The noise LFSR state, for tests.
    pub fn noise_state(&self) -> u32 {
        self.noise.lfsr
    }
}

/// Turns a signal that is piecewise constant over CPU time into output
/// samples: each sample is the average of the signal over its period (a box
/// filter), then a one-pole DC blocker (the coupling capacitor of a real
/// machine) centres it on 0. Sample n covers T-states
/// [n × CPU_HZ / rate, (n + 1) × CPU_HZ / rate), computed exactly in
/// integers, so every sound source at the same rate makes the same samples
/// at the same times.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]
pub(crate) struct Resampler {
    rate: u64,
    /// End of the current sample, in T-states × rate.
    sample_end: u64,
    acc: f64,
    /// The bits of the one non-zero level the current sample's terms have
    /// had, if only one (see [`Resampler::can_merge`]).
    acc_level: Option<u64>,
    dc_in: f32,
    dc_out: f32,
    samples: Vec<f32>,
}

impl Resampler {
    pub(crate) fn new(rate: u32) -> Self {
        Self {
            rate: u64::from(rate),
            sample_end: CPU_HZ,
            acc: 0.0,
            acc_level: None,
            dc_in: 0.0,
            dc_out: 0.0,
            samples: Vec::new(),
        }
    }

    /// Adds `level` held from T-state `from` to T-state `to`.
    pub(crate) fn hold(&mut self, from: u64, to: u64, level: f64) {
        let mut start = from * self.rate;
        let end = to * self.rate;
        while end >= self.sample_end {
            self.add(level, self.sample_end - start);
            self.emit();
            start = self.sample_end;
            self.sample_end += CPU_HZ;
        }
        self.add(level, end - start);
    }

    /// Whether holding `level` in one piece gives the same sum as holding it
    /// in many: true when every term of the current sample so far is 0 or
    /// `level`. (The terms of one level are multiples of its last mantissa
    /// bit and sum to at most level × [`CPU_HZ`]: 46 bits, exact in f64, in
    /// any grouping.)
    fn can_merge(&self, level: f64) -> bool {
        // Levels are never negative: a zero sum means only zero terms.
        self.acc == 0.0 || self.acc_level == Some(level.to_bits())
    }

    /// Adds `level` held for `len` units (T-states × rate).
    #[inline]
    fn add(&mut self, level: f64, len: u64) {
        if level != 0.0 {
            if self.acc == 0.0 {
                self.acc_level = Some(level.to_bits());
            } else if self.acc_level != Some(level.to_bits()) {
                self.acc_level = None;
            }
        }
        self.acc += level * len as f64;
    }

    /// Starts over at T-state `time`: the next sample is the one containing
    /// it, nothing accumulated, the DC blocker at rest.
    fn restart_at(&mut self, time: u64) {
        self.sample_end = (time * self.rate / CPU_HZ + 1) * CPU_HZ;
        self.acc = 0.0;
        self.acc_level = None;
        self.dc_in = 0.0;
        self.dc_out = 0.0;
    }

    fn emit(&mut self) {
        let x = (self.acc / CPU_HZ as f64) as f32;
        self.acc = 0.0;
        self.acc_level = None;
        // Corner ≈ rate × (1 − R) / 2π ≈ 10 Hz at 44.1 kHz.
        const R: f32 = 0.9985;
        let y = x - self.dc_in + R * self.dc_out;
        self.dc_in = x;
        self.dc_out = y;
        self.samples.push(y.clamp(-1.0, 1.0));
    }

    /// Whether a loaded resampler fits the machine's `mine`: the same rate.
    pub(crate) fn check_state(&self, mine: &Resampler) -> Result<(), String> {
        if self.rate == mine.rate {
            Ok(())
        } else {
            Err(format!(
                "the state's audio runs at {} Hz, this machine's at {} Hz",
                self.rate, mine.rate
            ))
        }
    }

    pub(crate) fn take(&mut self) -> Vec<f32> {
        std::mem::take(&mut self.samples)
    }

    pub(crate) fn samples(&self) -> &[f32] {
        &self.samples
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Psg {
        /// The ticking model the fast paths must equal: one tick at a time,
        /// a sample piece per tick.
        fn run_to_ticking(&mut self, now: u64) {
            while self.time + TICK <= now {
                self.tick();
                let noise = self.noise.lfsr & 1 != 0;
                let level = self.mix([
                    self.channel(0, noise),
                    self.channel(1, noise),
                    self.channel(2, noise),
                ]);
                self.out.hold(self.time, self.time + TICK, f64::from(level));
                self.time += TICK;
            }
        }
    }

    /// A small deterministic generator (xorshift64*).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// Register writes that favour the cases with shortcuts: silence,
    /// constant levels (both gates off), holding envelopes, short periods.
    fn random_write(rng: &mut Rng) -> (u8, u8) {
        let reg = rng.below(14) as u8;
        let value = match reg {
            0 | 2 | 4 | 6 | 11 => [0, 1, 2, 3, rng.below(256) as u8][rng.below(5) as usize],
            1 | 3 | 5 | 12 => [0, 0, 1, rng.below(256) as u8][rng.below(4) as usize],
            7 => [0xFF, 0xBF, 0xB8, 0xBE, 0xB7, rng.below(256) as u8][rng.below(6) as usize],
            8..=10 => [0, 0, 15, 0x10, rng.below(32) as u8][rng.below(5) as usize],
            _ => rng.below(16) as u8,
        };
        (reg, value)
    }

    fn generators(p: &Psg) -> (Vec<Tone>, Noise, Envelope, u64) {
        (p.tone.to_vec(), p.noise.clone(), p.envelope.clone(), p.time)
    }

    #[test]
    fn fast_paths_equal_ticking() {
        for chip in [Chip::Ay8910, Chip::Ym2149] {
            for seed in 1..40u64 {
                let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
                let rate = [44_100, 8000, 48_000][seed as usize % 3];
                let mut fast = Psg::new(chip, rate).unwrap();
                let mut slow = fast.clone();
                let mut silent = fast.clone();
                silent.set_synthesis(false, 0);
                let mut now = 0u64;
                for _ in 0..300 {
                    // From a few T-states to a few frames between events.
                    now +=
                        [rng.below(40), rng.below(2000), rng.below(200_000)][rng.below(3) as usize];
                    let event = rng.below(10);
                    for p in [&mut fast, &mut silent] {
                        p.run_to(now);
                    }
                    slow.run_to_ticking(now);
                    let (reg, value) = random_write(&mut rng);
                    for p in [&mut fast, &mut slow, &mut silent] {
                        match event {
                            0 => p.set_click(!p.click, now),
                            _ => {
                                p.write_io(0, reg, now);
                                p.write_io(1, value, now);
                            }
                        }
                    }
                    assert_eq!(fast, slow, "chip {chip:?} seed {seed}");
                    assert_eq!(generators(&silent), generators(&slow), "seed {seed}");
                    assert_eq!(silent.registers(), slow.registers());
                }
                assert!(silent.samples().is_empty());
            }
        }
    }

    #[test]
    fn synthesis_back_on_matches_a_psg_silent_until_then() {
        let mut always = Psg::new(Chip::Ay8910, 44_100).unwrap();
        let mut resumed = always.clone();
        resumed.set_synthesis(false, 0);
        // Silent (power-on registers) until 1 000 001 T-states, then a tone.
        let start = 1_000_001;
        always.run_to(start);
        always.take_samples();
        resumed.set_synthesis(true, start);
        for p in [&mut always, &mut resumed] {
            for (reg, value) in [(0, 100), (7, 0xBE), (8, 15)] {
                p.write_io(0, reg, start);
                p.write_io(1, value, start);
            }
            p.run_to(start + 500_000);
        }
        assert_eq!(always.take_samples(), resumed.take_samples());
    }

    #[test]
    fn noise_jumps_equal_steps() {
        let mut lfsr = 1u32;
        for k in 0..300u64 {
            assert_eq!(noise_jump(1, k), lfsr, "{k}");
            let bit = lfsr & 1;
            lfsr = (lfsr >> 1) ^ (bit << 13) ^ (bit << 16);
        }
    }
}
