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

/// CPU T-states per PSG tick.
pub const TICK: u64 = 16;
/// CPU clock in Hz.
pub const CPU_HZ: u64 = 3_579_545;

/// Which chip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Chip {
    /// General Instrument AY-3-8910: unused register bits read 0, 16 envelope levels.
    #[default]
    Ay8910,
    /// Yamaha YM2149 (in most MSX-engines): registers read as written, 32 envelope levels.
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

#[derive(Clone, Debug, PartialEq)]
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

#[derive(Clone, Debug, PartialEq, Eq)]
struct Tone {
    period: u32,
    count: u32,
    output: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Noise {
    period: u32,
    count: u32,
    lfsr: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
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

/// The PSG.
#[derive(Clone, Debug, PartialEq)]
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
    japanese: bool,
    cassette_in: bool,
    click: bool,
    out: Resampler,
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
            japanese: false,
            cassette_in: false,
            click: false,
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
        (self.joystick[port] & 0x3F)
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
        while self.time + TICK <= now {
            self.tick();
            let noise = self.noise.lfsr & 1 != 0;
            let level = (self.channel(0, noise) + self.channel(1, noise) + self.channel(2, noise))
                * CHANNEL_GAIN
                + if self.click { CLICK_GAIN } else { 0.0 };
            self.out.hold(self.time, self.time + TICK, f64::from(level));
            self.time += TICK;
        }
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
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Resampler {
    rate: u64,
    /// End of the current sample, in T-states × rate.
    sample_end: u64,
    acc: f64,
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
            self.acc += level * (self.sample_end - start) as f64;
            self.emit();
            start = self.sample_end;
            self.sample_end += CPU_HZ;
        }
        self.acc += level * (end - start) as f64;
    }

    fn emit(&mut self) {
        let x = (self.acc / CPU_HZ as f64) as f32;
        self.acc = 0.0;
        // Corner ≈ rate × (1 − R) / 2π ≈ 10 Hz at 44.1 kHz.
        const R: f32 = 0.9985;
        let y = x - self.dc_in + R * self.dc_out;
        self.dc_in = x;
        self.dc_out = y;
        self.samples.push(y.clamp(-1.0, 1.0));
    }

    pub(crate) fn take(&mut self) -> Vec<f32> {
        std::mem::take(&mut self.samples)
    }

    pub(crate) fn samples(&self) -> &[f32] {
        &self.samples
    }
}
