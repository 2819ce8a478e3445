//! The V9938 VDP (MSX-VIDEO), TMS9918 modes included.
//!
//! # Use
//!
//! ```
//! use msx_machine::vdp::{Vdp, VdpConfig};
//!
//! let mut vdp = Vdp::new(VdpConfig { vram_kb: 128, pal: false }).unwrap();
//! // Write R#7 = 0xF4 (white on dark blue) through port 0x99: data, then 0x80 | reg.
//! vdp.write_port(0x99, 0xF4, 0);
//! vdp.write_port(0x99, 0x87, 10);
//! // Run one NTSC frame (262 lines of 228 T-states) and look at it.
//! vdp.run_to(262 * 228);
//! assert_eq!(vdp.frame_count(), 1);
//! let frame = vdp.frame();
//! assert_eq!((frame.width, frame.height), (320, 240));
//! ```
//!
//! * Time is the machine's count of CPU T-states since power-on (`now`).
//!   The VDP catches up lazily: every port access first runs the chip up to
//!   `now` (rendering lines, setting VBlank/line-interrupt flags, advancing
//!   the command engine), so a register write takes effect from the line
//!   being drawn after it. `now` must not go backwards.
//! * [`Vdp::irq`] is the level of the INT line; the machine polls it after
//!   [`Vdp::run_to`]. [`Vdp::next_irq_time`] says when it may rise next.
//! * [`Vdp::frame`] is the last complete frame; [`Vdp::frame_count`] counts
//!   them. [`Vdp::text_screen`] reads the characters of TEXT1/TEXT2/G1–G3.
//! * Nothing here panics on any value a program writes.
//!
//! The chip's behaviour follows the MSX2 Technical Handbook, the V9938 data
//! book and, where they disagree or are silent, openMSX; `docs/vdp.md` lists
//! the model and its limits.

mod command;
mod mode;
mod palette;
mod render;
mod sprites;
mod text;
mod timing;
mod vram;

pub use command::{logical_op, COSTS};
pub use mode::{CmdMode, Mode};
pub use palette::{g7_to_rgb, grb_to_rgb, DEFAULT_PALETTE};
pub use render::{Frame, FRAME_HEIGHT, NARROW_WIDTH, WIDE_WIDTH};
pub use text::TextScreen;
pub use timing::{NTSC_LINES, PAL_LINES, TICKS_PER_CPU_CYCLE, TICKS_PER_LINE};
pub use vram::planar;

use command::CmdEngine;
use render::Screen;
use timing::Geometry;
use vram::Vram;

/// How the VDP is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VdpConfig {
    /// Video RAM in KB: 16, 64 or 128 (an MSX2 has 64 or 128).
    pub vram_kb: u32,
    /// Start in PAL timing (R#9 NT = 1, 313 lines), as European machines'
    /// BIOSes set it; the program can change it through R#9 at any time.
    pub pal: bool,
}

impl Default for VdpConfig {
    fn default() -> Self {
        VdpConfig {
            vram_kb: 128,
            pal: false,
        }
    }
}

/// Errors building a VDP.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum VdpError {
    /// The VRAM size is not one the V9938 can address.
    #[error("unsupported VRAM size {0} KB (use 16, 64 or 128)")]
    VramSize(u32),
}

/// Bits of each control register R#0–R#23 that exist (openMSX
/// `VALUE_MASKS_MSX2`); R#24–R#31 do not exist on the V9938.
const REGISTER_MASKS: [u8; 32] = [
    0x7E, 0x7F, 0x7F, 0xFF, 0x3F, 0xFF, 0x3F, 0xFF, // R#0..R#7
    0xFB, 0xBF, 0x07, 0x03, 0xFF, 0xFF, 0x07, 0x0F, // R#8..R#15
    0x0F, 0xBF, 0xFF, 0xFF, 0x3F, 0x3F, 0x3F, 0xFF, // R#16..R#23
    0, 0, 0, 0, 0, 0, 0, 0, // R#24..R#31
];

/// The registers `next_event_tick`, `line_end` and `cmd_speed` depend on,
/// as a bit set: the mode (R#0, R#1), display enable (R#1), sprites off
/// (R#8), NT and LN (R#9), adjust (R#18), the interrupt line (R#19), IE1
/// (R#0) and the vertical scroll (R#23).
const EVENT_REGISTERS: u32 = 1 | 1 << 1 | 1 << 8 | 1 << 9 | 1 << 18 | 1 << 19 | 1 << 23;

/// The registers whose write only stores the value (masked): not one of
/// the [`EVENT_REGISTERS`], not R#13 (restarts blinking), not R#16 (resets
/// the palette latch). Nonexistent R#24–R#31 are stored as 0.
const PLAIN_REGISTERS: u32 = !(EVENT_REGISTERS | 1 << 13 | 1 << 16 | SPRITE_TABLE_REGISTERS);

/// The sprite attribute table's base (R#5, R#11): the lines whose sprite
/// checks are skipped (see [`Vdp::idle_lines`]) must be counted under the
/// old base.
const SPRITE_TABLE_REGISTERS: u32 = 1 << 5 | 1 << 11;

/// The registers that decide when the next interrupt comes and when the
/// frame ends (IE1 and the mode in R#0/R#1, NT and LN in R#9, adjust R#18,
/// the interrupt line R#19, vertical scroll R#23): a change bumps
/// [`Vdp::timing_epoch`].
const INTERRUPT_TIMING_REGISTERS: u32 = 1 | 1 << 1 | 1 << 9 | 1 << 18 | 1 << 19 | 1 << 23;

/// S#0 bits.
const S0_F: u8 = 0x80;
const S0_5S: u8 = 0x40;
const S0_C: u8 = 0x20;

/// The V9938 video display processor.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug)]
pub struct Vdp {
    vram: Vram,
    /// Control registers R#0–R#31 (only the existing bits).
    regs: [u8; 32],
    palette: [u16; 16],
    /// `palette` as RGB.
    palette_rgb: [u32; 16],
    cmd: CmdEngine,

    // CPU interface.
    /// 14-bit VRAM address counter (R#14 holds the top 3 bits).
    address: u32,
    /// Read-ahead buffer, shared with writes.
    read_buffer: u8,
    /// Latch shared by ports 0x99 and 0x9A.
    latch: u8,
    /// Port 0x99 has its first byte.
    reg_pending: bool,
    /// Port 0x9A has its first byte.
    palette_pending: bool,
    /// R#45 MXC: CPU accesses go to the (absent) expansion RAM.
    cpu_ext: bool,

    // Status.
    /// S#0: F, 5S, C and the sprite number.
    s0: u8,
    /// Line interrupt flag (S#1 FH) when IE1 = 1.
    fh: bool,
    /// S#2 EO: odd field.
    odd_field: bool,
    collision_x: u32,
    collision_y: u32,

    // Timing.
    /// VDP tick up to which the chip has run.
    time: u64,
    /// VDP tick at which the current frame started.
    frame_start: u64,
    /// R#9 NT after power-on and reset (the configuration's `pal`).
    reset_pal: bool,
    /// PAL timing of the current frame (R#9 NT latched at frame start).
    pal_timing: bool,
    /// Next line (from frame start) to render. While the lines are idle
    /// (see [`Vdp::idle_lines`]) it may lag behind `time`: the lines whose
    /// turn has passed are counted by [`Vdp::sync_lines`] when someone
    /// looks.
    next_line: u32,
    frames: u64,
    blink_on: bool,
    blink_count: u32,

    screen: Screen,
    /// Draw the lines (see [`Vdp::set_render`]).
    render: bool,
    /// Before this tick `run_to` only moves time (see `next_event_tick`);
    /// 0 = unknown.
    next_event: u64,
    /// Up to this tick (and `next_event`) the command engine's speed
    /// ([`COSTS`] column) stays `line_speed`: the end of the line
    /// `next_event` was found in, or `next_event` itself when the next line
    /// has the same speed. Up to there a call can run the engine without
    /// the loop. `line_speed` is also the speed of the owed work.
    line_end: u64,
    line_speed: usize,
    /// Port accesses between events leave the command engine's work owed up
    /// to this tick (0: nothing owed), at `line_speed`: it is done when
    /// something can see it (a VRAM access, a command register, S#2 unless
    /// the command surely still runs, S#7–S#9, a register that changes the
    /// engine's speed, the next event, or [`Vdp::run_to`]). Running the
    /// engine to t1 then to t2 at one speed does exactly what running it to
    /// t2 does, so nothing observable changes; polling loops stop paying
    /// for the engine at every access.
    cmd_owed: u64,
    /// Counts the changes of the [`INTERRUPT_TIMING_REGISTERS`].
    timing_epoch: u64,
    /// The display pixels of the line being drawn (512 once used).
    /// (Scratch: only the pixels drawn in the current line are read.)
    #[serde(skip)]
    line_buf: Vec<u32>,
    /// The lines showing sprites, kept between lines (see
    /// [`sprites::SpriteRows`]); rebuilt after a load.
    #[serde(skip)]
    sprite_rows: Option<sprites::SpriteRows>,
    /// Pixel runs of pattern bytes in the text colours (TEXT2's second
    /// table: the blink colours), see [`render::GlyphRuns`].
    #[serde(skip)]
    glyphs: [render::GlyphRuns; 2],
    /// Pixel pairs of GRAPHIC4/6 bytes in the palette, see
    /// [`render::NibblePairs`].
    #[serde(skip)]
    nibble_pairs: render::NibblePairs,
    /// What the event loop and S#2 need of the registers (made again when
    /// one of the [`EVENT_REGISTERS`] changes, at a frame start, at a reset
    /// and after a load), see [`Vdp::make_plan`].
    #[serde(skip)]
    plan: timing::Plan,
    /// Set whenever the INT level or the timing epoch may have changed: the
    /// event loop (VBlank, line interrupt), the general register write (R#0,
    /// R#1, the timing registers), status reads, a new or reset or loaded
    /// chip. The machine looks at the INT level and the timing epoch after an
    /// `OUT` only while it is set (see [`Vdp::take_irq_check`]), so a port
    /// write that only moves time or stores a plain register costs one test.
    /// Set too often is harmless (the check finds nothing); never too rarely.
    #[serde(skip)]
    irq_check: bool,
    /// Tests: run the command engine at every stretch, as before its work
    /// was owed across stretches (the reference `owed_tests` compares with).
    #[cfg(test)]
    #[serde(skip)]
    eager_cmd: bool,
    /// Tests: an event at every line, idle or not, as before idle lines
    /// were skipped (the reference `idle_lines_tests` compares with).
    #[cfg(test)]
    #[serde(skip)]
    every_line_event: bool,
}

impl Vdp {
    /// A powered-on VDP: registers 0 (but R#9 NT for PAL, R#21 = 0x3B,
    /// R#22 = 0x05), S#2 = 0x0C, default palette, VRAM zeros.
    pub fn new(config: VdpConfig) -> Result<Vdp, VdpError> {
        if !matches!(config.vram_kb, 16 | 64 | 128) {
            return Err(VdpError::VramSize(config.vram_kb));
        }
        let mut regs = [0u8; 32];
        regs[9] = if config.pal { 0x02 } else { 0 };
        regs[21] = 0x3B;
        regs[22] = 0x05;
        let mut vdp = Vdp {
            vram: Vram::new(config.vram_kb as usize * 1024),
            regs,
            palette: DEFAULT_PALETTE,
            palette_rgb: [0; 16],
            cmd: CmdEngine::new(),
            address: 0,
            read_buffer: 0,
            latch: 0,
            reg_pending: false,
            palette_pending: false,
            cpu_ext: false,
            s0: 0,
            fh: false,
            // The first frame reads EO = 1: openMSX toggles EO at every frame start,
            // the power-on one included (`VDP::resetInit` calls `frameStart`). In
            // non-interlaced modes the phase is otherwise arbitrary.
            odd_field: true,
            collision_x: 0,
            collision_y: 0,
            time: 0,
            frame_start: 0,
            reset_pal: config.pal,
            pal_timing: config.pal,
            next_line: 0,
            frames: 0,
            blink_on: false,
            blink_count: 0,
            screen: Screen::new(),
            render: true,
            next_event: 0,
            line_end: 0,
            line_speed: 0,
            cmd_owed: 0,
            timing_epoch: 0,
            line_buf: vec![0; 512],
            sprite_rows: None,
            glyphs: Default::default(),
            nibble_pairs: Default::default(),
            plan: Default::default(),
            irq_check: true,
            #[cfg(test)]
            eager_cmd: false,
            #[cfg(test)]
            every_line_event: false,
        };
        for i in 0..16 {
            vdp.palette_rgb[i] = grb_to_rgb(vdp.palette[i]);
        }
        vdp.cmd.set_mode(vdp.mode().command_mode());
        vdp.plan = vdp.make_plan();
        Ok(vdp)
    }

    /// Whether a loaded VDP state `self` fits the machine's VDP `mine`
    /// (same VRAM size) and has consistent buffers and times.
    pub(crate) fn check_state(&self, mine: &Vdp) -> Result<(), String> {
        self.vram.check_state(&mine.vram)?;
        self.screen.check_state()?;
        if self.frame_start > self.time {
            return Err("the VDP's timing or line buffer is out of range".into());
        }
        Ok(())
    }

    /// The RESET line: registers, status, palette, port latches and the
    /// command engine return to their power-on values; VRAM, the frame
    /// position and the frame counter are kept (as openMSX does).
    pub fn reset(&mut self, now: u64) {
        self.run_to(now);
        self.sync_lines();
        let config = VdpConfig {
            vram_kb: (self.vram.bytes().len() / 1024) as u32,
            pal: self.reset_pal,
        };
        let Ok(mut fresh) = Vdp::new(config) else {
            return;
        };
        std::mem::swap(&mut fresh.vram, &mut self.vram);
        std::mem::swap(&mut fresh.screen, &mut self.screen);
        fresh.time = self.time;
        fresh.frame_start = self.frame_start;
        fresh.pal_timing = self.pal_timing;
        fresh.next_line = self.next_line;
        fresh.frames = self.frames;
        fresh.odd_field = self.odd_field;
        fresh.render = self.render;
        // The registers changed (or may have): a new epoch.
        fresh.timing_epoch = self.timing_epoch + 1;
        *self = fresh;
        self.plan = self.make_plan();
    }

    /// Makes the caches a saved state does not hold (a loaded VDP has them
    /// at their defaults).
    pub(crate) fn after_load(&mut self) {
        self.plan = self.make_plan();
        self.cmd.refresh_untimed();
        self.irq_check = true;
    }

    // ----- The CPU interface -------------------------------------------

    /// An `OUT` to port 0x98–0x9B (only the low two bits of `port` count,
    /// so the 0x9C–0x9F mirrors of MSX2 engines work too).
    pub fn write_port(&mut self, port: u8, value: u8, now: u64) {
        self.advance(now);
        match port & 3 {
            0 => {
                self.reg_pending = false;
                self.read_buffer = value;
                self.cpu_access(Some(value));
            }
            1 => self.write_control(value),
            2 => {
                if self.palette_pending {
                    let grb = ((u16::from(value) << 8) | u16::from(self.latch)) & 0x777;
                    let index = usize::from(self.regs[16] & 0x0F);
                    self.palette[index] = grb;
                    self.palette_rgb[index] = grb_to_rgb(grb);
                    self.regs[16] = (self.regs[16] + 1) & 0x0F;
                    self.palette_pending = false;
                } else {
                    self.latch = value;
                    self.palette_pending = true;
                }
            }
            _ => {
                self.latch = value;
                let reg = self.regs[17];
                self.write_register(reg & 0x3F, value);
                if reg & 0x80 == 0 {
                    self.regs[17] = (reg + 1) & 0x3F;
                }
            }
        }
    }

    /// An `IN` from port 0x98–0x9B. Any read ends a half-written port 0x99
    /// pair.
    pub fn read_port(&mut self, port: u8, now: u64) -> u8 {
        self.advance(now);
        self.reg_pending = false;
        match port & 3 {
            0 => {
                let value = self.read_buffer;
                self.cpu_access(None);
                value
            }
            1 => {
                let reg = self.regs[15] & 0x0F;
                // S#2 shows CE: a command that surely runs past now needs
                // not be caught up to say so (its other bits do not change
                // while it runs).
                let sees_engine = match reg {
                    2 => !self.cmd.busy_through(self.cmd_owed),
                    7..=9 => true,
                    _ => false,
                };
                if sees_engine {
                    self.settle_cmd();
                }
                self.read_status(reg)
            }
            _ => 0xFF,
        }
    }

    /// The second byte of a port 0x99 pair selects a register write
    /// (`10rrrrrr`) or an address set-up (`0Wxxxxxx`; read mode pre-fetches).
    fn write_control(&mut self, value: u8) {
        if !self.reg_pending {
            self.latch = value;
            self.reg_pending = true;
            return;
        }
        self.reg_pending = false;
        if value & 0x80 != 0 {
            // 11xxxxxx is not a register write on the V9938 (openMSX: the
            // "SNOW26" demo depends on it).
            if value & 0x40 == 0 {
                self.write_register(value & 0x3F, self.latch);
            }
        } else {
            self.address = (u32::from(value & 0x3F) << 8) | u32::from(self.latch);
            if value & 0x40 == 0 {
                self.cpu_access(None);
            }
        }
    }

    /// One CPU access through port 0x98: a write of `value`, or a read that
    /// refills the read-ahead buffer. Then the address counter moves on,
    /// carrying into R#14 in the V9938 modes.
    fn cpu_access(&mut self, value: Option<u8>) {
        self.settle_cmd();
        let logical = (u32::from(self.regs[14]) << 14) | self.address;
        // The mode's facts from the plan (made again when R#0/R#1 change).
        let plan = &self.plan;
        let (is_planar, v9938) = (plan.planar, plan.v9938);
        let phys = if is_planar { planar(logical) } else { logical };
        match value {
            // No expansion RAM: MXC reads 0xFF and drops writes.
            Some(_) if self.cpu_ext => {}
            // The same range test `Vram::write` makes, taken out here: a
            // write near the watched pages goes out of line.
            Some(v) if self.vram.watches(phys) => self.write_watched(phys, v),
            Some(v) => self.vram.write_unwatched(phys, v),
            None if self.cpu_ext => self.read_buffer = 0xFF,
            None => self.read_buffer = self.vram.read(phys),
        }
        self.address = (self.address + 1) & 0x3FFF;
        if self.address == 0 && v9938 {
            self.regs[14] = (self.regs[14] + 1) & 0x07;
        }
    }

    /// A CPU write near the watched pages (those of the sprite Y scan).
    #[inline(never)]
    fn write_watched(&mut self, phys: u32, v: u8) {
        if self.sprite_checks_skippable() {
            // The sprite table may change: the lines passed saw the old
            // one, and the next access asks whether lines need events.
            self.sync_lines();
            self.vram.write(phys, v);
            self.next_event = 0;
        } else {
            self.vram.write(phys, v);
        }
    }

    /// Write register `reg` (0–63) as port 0x99 or 0x9B does.
    #[inline]
    fn write_register(&mut self, reg: u8, value: u8) {
        // Most writes (R#15 and R#17 in polling loops, the table bases) only
        // store the value: no call into the general path.
        if reg < 32 && PLAIN_REGISTERS & (1 << reg) != 0 {
            self.regs[usize::from(reg)] = value & REGISTER_MASKS[usize::from(reg)];
            return;
        }
        self.write_register_slow(reg, value);
    }

    /// [`Vdp::write_register`] for the registers with side effects: the
    /// command registers, the [`EVENT_REGISTERS`], R#13 (blinking) and R#16
    /// (palette latch).
    #[inline(never)]
    fn write_register_slow(&mut self, reg: u8, value: u8) {
        self.irq_check = true;
        if (reg >= 32 || SPRITE_TABLE_REGISTERS & (1 << reg) != 0) && self.sprite_checks_skippable()
        {
            // A command (or a CPU-fed datum) may write the sprite table, a
            // base may move it: the lines passed saw the old one, and
            // whether lines need events is asked again at the next access.
            self.sync_lines();
            self.next_event = 0;
        }
        if reg >= 32 || EVENT_REGISTERS & (1 << reg) != 0 {
            // The engine's registers, or its mode or speed, change now.
            self.settle_cmd();
        }
        if reg >= 32 {
            if reg == 45 {
                self.cpu_ext = value & 0x40 != 0;
            }
            if reg < 47 {
                self.cmd.write(&mut self.vram, reg - 32, value, self.time);
            }
            return;
        }
        let value = value & REGISTER_MASKS[usize::from(reg)];
        let old = self.regs[usize::from(reg)];
        // The events' times (and the command engine's speed) may move: find
        // them again at the next run_to. Only a few registers decide them;
        // polling loops rewrite R#15 thousands of times per frame.
        if old != value && EVENT_REGISTERS & (1 << reg) != 0 {
            self.next_event = 0;
            if INTERRUPT_TIMING_REGISTERS & (1 << reg) != 0 {
                self.timing_epoch += 1;
            }
        }
        if reg == 13 {
            // Writing R#13 restarts blinking even with the same value:
            // ON state unless the ON period is 0.
            self.blink_on = value & 0xF0 != 0;
            self.blink_count = if value & 0xF0 != 0 && value & 0x0F != 0 {
                u32::from(value >> 4) * 10
            } else {
                0
            };
        }
        if old != value && EVENT_REGISTERS & (1 << reg) != 0 {
            // The lines passed so far were idle or not under the old plan.
            self.sync_lines();
            self.regs[usize::from(reg)] = value;
            self.plan = self.make_plan();
        } else {
            self.regs[usize::from(reg)] = value;
        }
        match reg {
            0 | 1 => {
                if reg == 0 && (old ^ value) & 0x10 != 0 && value & 0x10 == 0 {
                    // Clearing IE1 drops a pending line interrupt.
                    self.fh = false;
                }
                self.cmd.set_mode(self.mode().command_mode());
            }
            16 => self.palette_pending = false,
            _ => {}
        }
    }

    /// Read S#`reg` with its side effects.
    fn read_status(&mut self, reg: u8) -> u8 {
        if reg == 0 {
            // The sprite number of the lines passed, before 5S is cleared.
            self.sync_lines();
        }
        let value = self.peek_status(reg);
        match reg {
            // S#0 and S#1 reads clear F and FH: the INT level may change.
            0 => {
                self.s0 &= 0x1F;
                self.irq_check = true;
            }
            1 if self.regs[0] & 0x10 != 0 => {
                self.fh = false;
                self.irq_check = true;
            }
            5 => {
                self.collision_x = 0;
                self.collision_y = 0;
            }
            7 => {
                self.cmd.read_color(&self.vram);
            }
            _ => {}
        }
        value
    }

    /// S#`reg` as it reads now, without side effects (S#10–15 read 0xFF).
    pub fn peek_status(&self, reg: u8) -> u8 {
        let tick = self.tick_in_frame();
        match reg {
            0 => self.s0_now(),
            1 => {
                // V9938 ID is 0; FH is the flag with IE1, else the raw match.
                let fh = if self.regs[0] & 0x10 != 0 {
                    self.fh
                } else {
                    self.geometry()
                        .fh_polled(tick, self.regs[19], self.regs[23])
                };
                u8::from(fh)
            }
            2 => {
                0x0C | self.cmd.status()
                    | self.plan.beam.bits(tick)
                    | (u8::from(self.odd_field) << 1)
            }
            3 => self.collision_x as u8,
            4 => ((self.collision_x >> 8) as u8) | 0xFE,
            5 => self.collision_y as u8,
            6 => ((self.collision_y >> 8) as u8) | 0xFC,
            7 => self.cmd.peek_color(),
            8 => self.cmd.border_x() as u8,
            9 => ((self.cmd.border_x() >> 8) as u8) | 0xFE,
            _ => 0xFF,
        }
    }

    // ----- Time ----------------------------------------------------------

    /// Run the chip up to CPU T-state `now`: render the lines whose turn has
    /// come, raise VBlank and line interrupts, advance the command engine.
    pub fn run_to(&mut self, now: u64) {
        self.advance(now);
        self.settle_cmd();
    }

    /// Does the command engine's owed work (see `cmd_owed`).
    #[inline]
    fn settle_cmd(&mut self) {
        if self.cmd_owed != 0 {
            self.run_owed_cmd();
        }
    }

    #[inline(never)]
    fn run_owed_cmd(&mut self) {
        let until = self.cmd_owed;
        self.cmd_owed = 0;
        self.cmd.run(&mut self.vram, until, self.line_speed);
    }

    /// The command engine owes its work up to `until` at `speed`: work owed
    /// at another speed is done first. Running the engine to t1 then to t2
    /// at one speed does what running it to t2 does, so the work of many
    /// stretches of time goes into one call.
    #[inline]
    fn owe_cmd(&mut self, until: u64, speed: usize) {
        #[cfg(test)]
        if self.eager_cmd {
            self.settle_cmd();
            self.line_speed = speed;
            self.cmd.run(&mut self.vram, until, speed);
            return;
        }
        if self.cmd.untimed() {
            // Idle or CPU-fed: running it would only note the time.
            self.settle_cmd();
            self.cmd.note_time(until);
            return;
        }
        if self.cmd_owed != 0 && self.line_speed != speed {
            self.run_owed_cmd();
        }
        self.cmd_owed = until;
        self.line_speed = speed;
    }

    /// [`Vdp::run_to`], leaving the command engine's work owed when the
    /// time stays between two events.
    #[inline]
    fn advance(&mut self, now: u64) {
        let target = now.saturating_mul(TICKS_PER_CPU_CYCLE);
        if target <= self.time {
            return;
        }
        // Most port accesses fall between two events: only time moves (and
        // the command engine, at the speed of the current line, owes work).
        let untimed = self.cmd.untimed();
        if target < self.next_event && (untimed || target < self.line_end) {
            self.time = target;
            // An idle (or CPU-fed) engine has nothing to do until a register
            // write starts it, which sets its clock.
            if !untimed {
                self.cmd_owed = target;
            }
            return;
        }
        self.advance_through_events(target);
    }

    /// [`Vdp::advance`] when an event (a line to draw, the frame end,
    /// VBlank, the line interrupt) or a speed change may come before
    /// `target`. Kept out of line so that the common case, only moving
    /// time, stays a short function.
    #[inline(never)]
    fn advance_through_events(&mut self, target: u64) {
        self.irq_check = true;
        if let Some(sprites) = self.idle_lines() {
            self.advance_idle(target, sprites);
            return;
        }
        while self.time < target {
            let line = self.next_line;
            let (chunk_end, render_at, frame_end) = self.run_chunk(target, line);
            if chunk_end == render_at && line < self.plan.lines_per_frame {
                self.render_line(line);
                self.next_line += 1;
            }
            if chunk_end == frame_end {
                self.start_frame();
            }
        }
        self.after_events(false);
    }

    /// [`Vdp::advance_through_events`] while the lines are idle: events
    /// only where the engine's speed may change, VBlank, the line
    /// interrupt and the frame end; the lines passed are counted. (Neither
    /// rendering nor the plan's display and sprite bits change in here: a
    /// new frame's plan has the same registers.)
    #[inline(never)]
    fn advance_idle(&mut self, target: u64, sprites: Option<u8>) {
        self.count_idle_lines(sprites);
        while self.time < target {
            let line = self.idle_event_line();
            let (chunk_end, _, frame_end) = self.run_chunk(target, line);
            self.count_idle_lines(sprites);
            if chunk_end == frame_end {
                self.start_frame();
            }
        }
        self.after_events(true);
    }

    /// Runs time to the next of `target`, the frame end and the render
    /// point of `line`, raising VBlank and the line interrupt on the way;
    /// returns that time, the render point and the frame end.
    #[inline(always)]
    fn run_chunk(&mut self, target: u64, line: u32) -> (u64, u64, u64) {
        let plan = self.plan;
        let frame_ticks = u64::from(plan.ticks_per_frame);
        let frame_end = self.frame_start + frame_ticks;
        let render_at = self.frame_start
            + u64::from(line) * u64::from(TICKS_PER_LINE)
            + u64::from(timing::RENDER_POINT);
        let chunk_end = target.min(frame_end).min(render_at);
        let from = (self.time - self.frame_start) as u32;
        let to = (chunk_end - self.frame_start) as u32;

        // The engine's work is only owed here: it is done when the line
        // drawn next reads VRAM, at a speed change, or when something
        // else looks (see `cmd_owed`).
        self.owe_cmd(chunk_end, plan.cmd_speed(from));
        let crossed = |t: u32| from < t && t <= to;
        if crossed(plan.display_end) {
            self.s0 |= S0_F;
        }
        if let Some(h) = plan.hscan {
            if crossed(h) {
                self.fh = true;
            }
        }
        self.time = chunk_end;
        (chunk_end, render_at, frame_end)
    }

    /// After the event loop: the next event, the engine's speed now and
    /// how far the fast path may run at it.
    #[inline(always)]
    fn after_events(&mut self, idle: bool) {
        self.next_event = self.next_event_tick(idle);
        let tick = self.tick_in_frame();
        let speed = self.plan.cmd_speed(tick);
        // The owed work keeps the speed of the stretch it was owed in.
        if speed != self.line_speed {
            self.settle_cmd();
            self.line_speed = speed;
        }
        if idle {
            self.line_end = self.idle_line_end(tick, speed);
            return;
        }
        let next_line = (tick / TICKS_PER_LINE + 1) * TICKS_PER_LINE;
        // Up to the next event the engine's speed can only change at the
        // line boundary (a register write that could change it ends the
        // fast path): when the next line has the same speed, the boundary
        // needs no stop.
        #[cfg(test)]
        let same_speed = self.plan.cmd_speed(next_line) == speed && !self.eager_cmd;
        #[cfg(not(test))]
        let same_speed = self.plan.cmd_speed(next_line) == speed;
        self.line_end = if same_speed {
            self.next_event
        } else {
            self.frame_start + u64::from(next_line)
        };
    }

    /// `line_end` while the lines are idle: the next event may be many
    /// lines away, and the engine's speed changes only where the display
    /// lines start or stop (a register write that could change it ends the
    /// fast path), so the fast path may run to the first such line
    /// boundary with another speed. (With an event at every line this is
    /// the rule above: the next line boundary or none.)
    #[inline(never)]
    fn idle_line_end(&self, tick: u32, speed: usize) -> u64 {
        let line = tick / TICKS_PER_LINE;
        let plan = &self.plan;
        let change = [plan.display_first, plan.display_stop]
            .into_iter()
            .filter(|&l| l > line && plan.cmd_speed(l * TICKS_PER_LINE) != speed)
            .min();
        #[cfg(test)]
        let change = if self.eager_cmd {
            Some(line + 1)
        } else {
            change
        };
        match change {
            Some(l) => self
                .next_event
                .min(self.frame_start + u64::from(l * TICKS_PER_LINE)),
            None => self.next_event,
        }
    }

    /// Whether no line of the frame needs its event, and what the lines'
    /// sprite checks do then. `None`: some line does (it is drawn, or its
    /// sprites are checked and may show). `Some(None)`: nothing is drawn
    /// (rendering off) and no sprite is checked (display off, or a mode or
    /// R#8 without sprites). `Some(Some(last))`: nothing is drawn and the
    /// display lines' sprite checks find no sprite on any of them (the kept
    /// Y scan, [`sprites::SpriteRows::empty_run`]) and nothing can change
    /// that unseen (no watched page written since the scan, a running
    /// command cannot write those pages, and every CPU write to them, to
    /// the table's base or to the command registers counts the lines
    /// passed first): each check would only set S#0's sprite number to
    /// `last` while 5S is clear. A line then needs no event of its own: its
    /// turn is counted when someone looks ([`Vdp::sync_lines`]) instead of
    /// stopping the port accesses' fast path 262 times a frame.
    #[inline]
    fn idle_lines(&self) -> Option<Option<u8>> {
        #[cfg(test)]
        if self.every_line_event {
            return None;
        }
        if self.render {
            return None;
        }
        if !(self.plan.display_on && self.plan.sprites_on) {
            return Some(None);
        }
        self.empty_sprite_lines().map(Some)
    }

    /// Whether the display lines' sprite checks may be skipping now (see
    /// [`Vdp::idle_lines`]): a cheap test before the writes that could
    /// change that (otherwise they need not count the lines passed first:
    /// with rendering on or no sprite check the table does not matter, and
    /// a touched table or no scan already gives every line its event).
    #[inline]
    fn sprite_checks_skippable(&self) -> bool {
        !self.render
            && self.plan.sprites_on
            && self.plan.display_on
            && !self.vram.touched()
            && self.sprite_rows.is_some()
    }

    /// The sprite number every display line's check would leave in S#0 when
    /// none of them shows a sprite, and no write can change that unseen (see
    /// [`Vdp::idle_lines`]).
    #[inline(never)]
    fn empty_sprite_lines(&self) -> Option<u8> {
        let rows = self.sprite_rows.as_ref()?;
        if self.vram.touched() {
            return None;
        }
        match self.vram.watched_rows() {
            Some((first, last)) if !self.cmd.may_write_rows(first, last) => {}
            None if self.cmd.untimed() => {}
            _ => return None,
        }
        // The registers the scan depends on, as `check_sprites` reads them.
        let setup = self.sprite_setup(self.mode());
        // Display line d checks line counter d - 1 + R#23.
        let lines = self.plan.display_stop - self.plan.display_first;
        rows.empty_run(&setup, self.regs[23].wrapping_sub(1), lines)
    }

    /// S#0 as it reads now: the sprite number of display lines passed
    /// without their events caught up (see [`Vdp::idle_lines`]).
    fn s0_now(&self) -> u8 {
        if self.s0 & S0_5S == 0 {
            if let Some(Some(last)) = self.idle_lines() {
                if self.display_lines_passed() {
                    return (self.s0 & (S0_F | S0_C)) | last;
                }
            }
        }
        self.s0
    }

    /// Whether a display line's render point passed since `next_line`.
    fn display_lines_passed(&self) -> bool {
        let passed = self.lines_passed();
        passed > self.next_line
            && self.next_line < self.plan.display_stop
            && passed > self.plan.display_first
    }

    /// The line at whose render point the event loop stops next while the
    /// lines are idle: the next line where the command engine's speed may
    /// change (the first display line and the one after the last: a
    /// stretch of owed work keeps the speed of its start, so those render
    /// points still split it as before), else none (`lines_per_frame`).
    #[inline(never)]
    fn idle_event_line(&self) -> u32 {
        let plan = &self.plan;
        [plan.display_first, plan.display_stop]
            .into_iter()
            .filter(|&l| l >= self.next_line)
            .min()
            .unwrap_or(plan.lines_per_frame)
            .min(plan.lines_per_frame)
    }

    /// Counts the idle lines whose render point `time` has passed (the
    /// fast path moves time past them without an event): each would only
    /// have marked the frame as not drawn whole if its row is visible, and
    /// set S#0's sprite number if it checks sprites. Called before anything
    /// that reads `next_line` or S#0 or changes whether the lines are idle.
    pub(crate) fn sync_lines(&mut self) {
        if let Some(sprites) = self.idle_lines() {
            self.count_idle_lines(sprites);
        }
    }

    /// The lines (from frame start) whose render point `time` has passed.
    fn lines_passed(&self) -> u32 {
        let tick = self.tick_in_frame();
        match tick.checked_sub(timing::RENDER_POINT) {
            Some(from_render) => (from_render / TICKS_PER_LINE + 1).min(self.plan.lines_per_frame),
            None => 0,
        }
    }

    /// [`Vdp::sync_lines`] once the lines are known to be idle, with what
    /// their sprite checks do (see [`Vdp::idle_lines`]).
    #[inline(never)]
    fn count_idle_lines(&mut self, sprites: Option<u8>) {
        let passed = self.lines_passed();
        if passed > self.next_line {
            let first = self.plan.first_visible;
            if self.next_line < first + FRAME_HEIGHT as u32 && passed > first {
                self.screen.row_skipped();
            }
            if let Some(last) = sprites {
                // One check or many: each sets the same number while 5S
                // stays clear (only an S#0 read, which counts first, or a
                // line showing sprites changes it).
                if self.display_lines_passed() && self.s0 & S0_5S == 0 {
                    self.s0 = (self.s0 & (S0_F | S0_C)) | last;
                }
            }
            self.next_line = passed;
        }
    }

    /// The first tick after now at which [`Vdp::run_to`] has something to
    /// do besides moving time (a line to draw, the frame end, VBlank, the
    /// line interrupt), for the current registers; a register write resets
    /// it.
    fn next_event_tick(&self, idle: bool) -> u64 {
        let plan = &self.plan;
        let at = |offset: u32| self.frame_start + u64::from(offset);
        let mut next = at(plan.ticks_per_frame);
        let line = if idle {
            self.idle_event_line()
        } else {
            self.next_line
        };
        if line < plan.lines_per_frame {
            next = next.min(at(line * TICKS_PER_LINE + timing::RENDER_POINT));
        }
        let mut consider = |t: u64| {
            if t > self.time {
                next = next.min(t);
            }
        };
        consider(at(plan.display_end));
        if let Some(h) = plan.hscan {
            consider(at(h));
        }
        next
    }

    /// Works out [`Vdp::plan`] from the registers and the frame's NT.
    #[inline(never)]
    fn make_plan(&self) -> timing::Plan {
        let g = self.geometry();
        let line_zero = g.line_zero();
        // Which [`COSTS`] column applies to the command engine.
        let sprites_off = self.regs[8] & 0x02 != 0 || self.mode().sprite_mode() == 0;
        let speed_border = usize::from(sprites_off) << 1;
        timing::Plan {
            ticks_per_frame: g.ticks_per_frame(),
            lines_per_frame: g.lines_per_frame(),
            display_first: line_zero,
            display_stop: line_zero + g.display_lines(),
            display_end: g.display_end(),
            hscan: if self.regs[0] & 0x10 != 0 {
                g.hscan(self.regs[19], self.regs[23])
            } else {
                None
            },
            speed_border,
            speed_display: speed_border | usize::from(self.regs[1] & 0x40 != 0),
            beam: g.beam(),
            first_visible: self.first_visible_line(),
            display_on: self.regs[1] & 0x40 != 0,
            sprites_on: !sprites_off,
            x_shift: g.h_adjust - 7 + if g.text { 9 } else { 0 },
            planar: self.mode().is_planar(),
            v9938: self.mode().is_v9938(),
        }
    }

    fn start_frame(&mut self) {
        self.screen.finish_frame();
        self.frames += 1;
        self.frame_start = self.time;
        self.next_line = 0;
        self.odd_field = !self.odd_field;
        self.pal_timing = self.regs[9] & 0x02 != 0;
        self.plan = self.make_plan();
        if self.blink_count != 0 {
            self.blink_count -= 1;
            if self.blink_count == 0 {
                self.blink_on = !self.blink_on;
                let r13 = self.regs[13];
                let period = if self.blink_on { r13 >> 4 } else { r13 & 0x0F };
                self.blink_count = u32::from(period) * 10;
            }
        }
    }

    fn tick_in_frame(&self) -> u32 {
        (self.time - self.frame_start) as u32
    }

    fn geometry(&self) -> Geometry {
        let r18 = self.regs[18];
        Geometry {
            pal: self.pal_timing,
            lines212: self.regs[9] & 0x80 != 0,
            v_adjust: i32::from((r18 >> 4) ^ 7),
            h_adjust: i32::from((r18 & 0x0F) ^ 7),
            text: self.mode().is_text(),
        }
    }

    /// The INT line: VBlank (F with IE0) or line interrupt (FH with IE1).
    /// It stays up until S#0 (or S#1) is read or the enable bit cleared.
    pub fn irq(&self) -> bool {
        (self.s0 & S0_F != 0 && self.regs[1] & 0x20 != 0) || (self.fh && self.regs[0] & 0x10 != 0)
    }

    /// The next moment after `now` (CPU T-states) of a VBlank or, with IE1,
    /// of a line interrupt, for the current registers: a machine can run
    /// the CPU in one stretch up to it without missing an interrupt (a port
    /// write that changes the registers ends such a stretch anyway).
    pub fn next_irq_time(&self, now: u64) -> u64 {
        let g = self.geometry();
        let frame = u64::from(g.ticks_per_frame());
        let base = self.frame_start;
        let mut best = u64::MAX;
        let now_ticks = now.saturating_mul(TICKS_PER_CPU_CYCLE);
        let mut consider = |offset: u32| {
            let mut t = base + u64::from(offset);
            // This frame or, if passed, the same point of a later frame.
            if t <= now_ticks {
                t += ((now_ticks - t) / frame + 1) * frame;
            }
            best = best.min(t);
        };
        consider(g.display_end());
        if self.regs[0] & 0x10 != 0 {
            if let Some(h) = g.hscan(self.regs[19], self.regs[23]) {
                consider(h);
            }
        }
        best.div_ceil(TICKS_PER_CPU_CYCLE)
    }

    /// The CPU T-state at which the current frame ends (the next frame
    /// starts and [`Vdp::frame_count`] goes up), for "run one frame" loops.
    pub fn frame_end_time(&self) -> u64 {
        let end = self.frame_start + u64::from(self.geometry().ticks_per_frame());
        end.div_ceil(TICKS_PER_CPU_CYCLE)
    }

    // ----- Inspection ------------------------------------------------------

    /// The current display mode.
    pub fn mode(&self) -> Mode {
        Mode::from_regs(self.regs[0], self.regs[1])
    }

    /// Control register R#`n` (0–46; command registers as the engine holds
    /// them now; others read 0xFF).
    pub fn register(&self, n: u8) -> u8 {
        match n {
            0..=31 => self.regs[usize::from(n)],
            32..=46 => self.cmd.register(n - 32),
            _ => 0xFF,
        }
    }

    /// All 64 register slots (like openMSX's `VDP regs` debuggable).
    pub fn registers(&self) -> [u8; 64] {
        let mut r = [0u8; 64];
        for (n, slot) in r.iter_mut().enumerate() {
            *slot = self.register(n as u8);
        }
        r
    }

    /// S#0–S#9 as they read now (without clearing anything).
    pub fn status(&self) -> [u8; 10] {
        let mut s = [0u8; 10];
        for (n, slot) in s.iter_mut().enumerate() {
            *slot = self.peek_status(n as u8);
        }
        s
    }

    /// The 16 palette entries, `0b0000_0GGG_0RRR_0BBB`.
    pub fn palette(&self) -> [u16; 16] {
        self.palette
    }

    /// The palette as programs write it to port 9Ah: per colour `0RRR0BBB`, then
    /// `00000GGG` (the form openMSX's debugger and a VRAM palette table use).
    pub fn palette_port_bytes(&self) -> Vec<u8> {
        self.palette
            .iter()
            .flat_map(|&e| {
                // Kept as 0GGG_0RRR_0BBB.
                let (g, r, b) = ((e >> 8) & 7, (e >> 4) & 7, e & 7);
                [(r << 4 | b) as u8, g as u8]
            })
            .collect()
    }

    /// The physical VRAM (GRAPHIC6/7 bytes interleaved as the chip stores them).
    pub fn vram(&self) -> &[u8] {
        self.vram.bytes()
    }

    /// The physical VRAM, writable (loaders, tests, debuggers).
    pub fn vram_mut(&mut self) -> &mut [u8] {
        // Whoever holds these may write the sprite table (as a VRAM write).
        if self.sprite_checks_skippable() {
            self.sync_lines();
        }
        self.next_event = 0;
        self.vram.bytes_mut()
    }

    /// The VRAM as the CPU sees it in the current mode (openMSX's `VRAM`
    /// debuggable): what golden dumps should compare.
    pub fn vram_cpu_view(&self) -> Vec<u8> {
        self.vram.cpu_view(self.mode().is_planar())
    }

    /// True while the command engine works (S#2 CE).
    pub fn command_busy(&self) -> bool {
        self.cmd.busy()
    }

    /// Number of frames completed since power-on.
    pub fn frame_count(&self) -> u64 {
        self.frames
    }

    /// The last completed frame that was drawn whole.
    pub fn frame(&self) -> &Frame {
        self.screen.frame()
    }

    /// Draws the lines (on, the default) or not. Off, everything else goes
    /// on exactly as before (status, sprite collisions and the 5th-sprite
    /// flag, interrupts, commands, VRAM), but no pixels are made, and a
    /// frame of which a visible row was not drawn is not shown:
    /// [`Vdp::frame`] keeps the last frame drawn whole. Switch it on before
    /// the first visible line (line 18 NTSC, 45 PAL) of a frame to get that
    /// frame.
    pub fn set_render(&mut self, on: bool) {
        if on != self.render {
            // Whether the lines are idle may change: count the idle lines
            // passed, and find the next event again.
            self.sync_lines();
            self.render = on;
            self.next_event = 0;
        }
    }

    /// Whether lines are drawn.
    pub fn render(&self) -> bool {
        self.render
    }

    /// A number that changes whenever a register deciding the interrupt
    /// times or the frame end (R#0, R#1, R#9, R#18, R#19, R#23) changes
    /// value: a machine compares it to know whether its plan still holds.
    /// Whether the INT level or the timing epoch may have changed since the
    /// last call (see `irq_check`); clears the mark.
    #[inline]
    pub fn take_irq_check(&mut self) -> bool {
        std::mem::take(&mut self.irq_check)
    }

    /// Whether the INT level may have changed since the mark was last
    /// taken (see `irq_check`); keeps the mark.
    #[inline]
    pub fn irq_check(&self) -> bool {
        self.irq_check
    }

    pub fn timing_epoch(&self) -> u64 {
        self.timing_epoch
    }

    /// The VDP clock tick (CPU T-states × 6) up to which the chip has run.
    pub fn time_ticks(&self) -> u64 {
        self.time
    }

    /// Line of the frame (0-based from the frame start) being scanned.
    pub fn current_line(&self) -> u32 {
        self.tick_in_frame() / TICKS_PER_LINE
    }
}

#[cfg(test)]
mod idle_lines_tests;
#[cfg(test)]
mod irq_check_tests;
#[cfg(test)]
mod owed_tests;
#[cfg(test)]
mod side_by_side;
#[cfg(test)]
mod tests;
