//! The command engine (R#32–R#46): block moves, fills, lines, search,
//! point and pset, with the 16 logical operations.
//!
//! The engine runs progressively: each element (a pixel or a byte) costs a
//! number of VDP ticks that depends on what the display is doing (see
//! [`COSTS`]), and the VDP advances the engine as emulated time passes, so a
//! command's VRAM effect appears over time and CE stays set until the work
//! is done. CPU-fed commands (LMMC, HMMC) and LMCM move one element per
//! data transfer, immediately.
//!
//! The semantics — clipping, NX/NY = 0, what SY/DY/NY hold afterwards, the
//! LINE error term, SRCH's EQ polarity, the "transfer" flag set by writing
//! CLR — follow openMSX's `VDPCmdEngine.cc` (facts, not code).

use super::mode::CmdMode;
use super::vram::Vram;

/// S#2 bit 7: transfer ready.
pub const TR: u8 = 0x80;
/// S#2 bit 4: border colour detected (SRCH).
pub const BD: u8 = 0x10;
/// S#2 bit 0: command executing.
pub const CE: u8 = 0x01;

/// ARG (R#45) bits.
const MXD: u8 = 0x20;
const MXS: u8 = 0x10;
const DIY: u8 = 0x08;
const DIX: u8 = 0x04;
const EQ: u8 = 0x02;
const MAJ: u8 = 0x01;

/// A command, from the high nibble of CMR.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Nothing running.
    Idle,
    Point,
    Pset,
    Srch,
    Line,
    Lmmv,
    Lmmm,
    Lmcm,
    Lmmc,
    Hmmv,
    Hmmm,
    Ymmm,
    Hmmc,
}

impl Op {
    fn from_code(code: u8) -> Op {
        match code & 0x0F {
            0x4 => Op::Point,
            0x5 => Op::Pset,
            0x6 => Op::Srch,
            0x7 => Op::Line,
            0x8 => Op::Lmmv,
            0x9 => Op::Lmmm,
            0xA => Op::Lmcm,
            0xB => Op::Lmmc,
            0xC => Op::Hmmv,
            0xD => Op::Hmmm,
            0xE => Op::Ymmm,
            0xF => Op::Hmmc,
            // 0 is STOP; 1–3 do not exist and act as STOP.
            _ => Op::Idle,
        }
    }

    /// The self-timed commands that work line by line with ANX counting
    /// the elements left in the line.
    fn is_block(self) -> bool {
        matches!(self, Op::Hmmv | Op::Lmmv | Op::Lmmm | Op::Hmmm | Op::Ymmm)
    }

    /// Row of [`COSTS`] and the per-line overhead, for self-timed commands.
    fn timing(self) -> Option<(usize, u32)> {
        match self {
            Op::Srch => Some((0, 0)),
            Op::Line => Some((1, 0)),
            Op::Hmmv => Some((2, 56)),
            Op::Lmmv => Some((3, 64)),
            Op::Ymmm => Some((4, 68)),
            Op::Hmmm => Some((5, 64)),
            Op::Lmmm => Some((6, 64)),
            Op::Point => Some((7, 0)),
            Op::Pset => Some((8, 0)),
            _ => None,
        }
    }
}

/// VDP ticks per element, by command and by what the display is doing:
/// column = `active | sprites_off << 1`, where `active` means "display
/// enabled and inside the display lines". Rows: SRCH, LINE, HMMV, LMMV,
/// YMMM, HMMM, LMMM (blueMSX's measured table, `V9938.c`), then POINT and
/// PSET (one read, or one read and one write, with slot waits).
/// Block commands add a per-line overhead (openMSX's figures: HMMV 56,
/// LMMV, HMMM, LMMM 64, YMMM 68 ticks).
pub const COSTS: [[u32; 4]; 9] = [
    [92, 125, 92, 92],
    [120, 147, 120, 120],
    [49, 65, 49, 62],
    [98, 137, 98, 124],
    [65, 125, 65, 68],
    [92, 136, 92, 97],
    [129, 197, 129, 132],
    [40, 56, 40, 48],
    [64, 88, 64, 80],
];

/// Each [`COSTS`] row's smallest cost (the fastest the command can go,
/// whatever the display does), for [`CmdEngine::busy_through`], which every
/// S#2 poll asks.
const FASTEST: [u32; 9] = {
    let mut out = [0; 9];
    let mut row = 0;
    while row < 9 {
        let mut min = COSTS[row][0];
        let mut i = 1;
        while i < 4 {
            if COSTS[row][i] < min {
                min = COSTS[row][i];
            }
            i += 1;
        }
        out[row] = min;
        row += 1;
    }
    out
};

/// The five logical operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Logic {
    Imp,
    And,
    Or,
    Eor,
    Not,
}

/// LOP (low nibble of CMR) → operation and whether it is a T variant
/// (source colour 0 leaves the destination alone). The undefined codes write
/// nothing (openMSX `DummyOp`).
const LOGICAL_OPS: [Option<(Logic, bool)>; 16] = [
    Some((Logic::Imp, false)),
    Some((Logic::And, false)),
    Some((Logic::Or, false)),
    Some((Logic::Eor, false)),
    Some((Logic::Not, false)),
    None,
    None,
    None,
    Some((Logic::Imp, true)),
    Some((Logic::And, true)),
    Some((Logic::Or, true)),
    Some((Logic::Eor, true)),
    Some((Logic::Not, true)),
    None,
    None,
    None,
];

/// Combine a source colour with a destination byte.
///
/// `color` is the source pixel already shifted into its place in the byte;
/// `keep` has the bits of the *other* pixels of the byte (0 in GRAPHIC7).
/// Returns the byte to write, or `None` when nothing is written.
pub fn logical_op(lop: u8, dst: u8, color: u8, keep: u8) -> Option<u8> {
    combine(LOGICAL_OPS[usize::from(lop & 0x0F)]?, dst, color, keep)
}

/// [`logical_op`] with the operation already looked up (row loops do it
/// once, not per pixel).
#[inline(always)]
fn combine((logic, transparent): (Logic, bool), dst: u8, color: u8, keep: u8) -> Option<u8> {
    if transparent && color == 0 {
        return None;
    }
    Some(match logic {
        Logic::Imp => (dst & keep) | color,
        Logic::And => dst & (color | keep),
        Logic::Or => dst | color,
        Logic::Eor => dst ^ color,
        Logic::Not => (dst & keep) | !(color | keep),
    })
}

/// Read one pixel.
#[inline(always)]
fn point(vram: &Vram, mode: CmdMode, x: u32, y: u32) -> u8 {
    let byte = vram.read(mode.address_of(x, y));
    (byte >> mode.pixel_shift(x)) & mode.color_mask()
}

/// Combine one pixel into VRAM with a logical operation.
fn pset(vram: &mut Vram, mode: CmdMode, x: u32, y: u32, color: u8, lop: u8) {
    if let Some(op) = LOGICAL_OPS[usize::from(lop & 0x0F)] {
        pset_op(vram, mode, x, y, color, op);
    }
}

/// [`pset`] with the operation looked up.
#[inline(always)]
fn pset_op(vram: &mut Vram, mode: CmdMode, x: u32, y: u32, color: u8, op: (Logic, bool)) {
    let addr = mode.address_of(x, y);
    let sh = mode.pixel_shift(x);
    let (color, keep) = if mode == CmdMode::G7 {
        (color, 0)
    } else {
        let m = mode.color_mask();
        ((color & m) << sh, !(m << sh))
    };
    if let Some(v) = combine(op, vram.read(addr), color, keep) {
        vram.write(addr, v);
    }
}

/// A command mode as a const-generic parameter (0–3 = G4–G7): the row
/// loops below are compiled once per mode, so the per-pixel address,
/// shift and mask arithmetic has no match on the mode left in it.
#[inline(always)]
fn const_mode<const M: u8>() -> CmdMode {
    match M {
        0 => CmdMode::G4,
        1 => CmdMode::G5,
        2 => CmdMode::G6,
        _ => CmdMode::G7,
    }
}

/// A logical operation as a const-generic parameter: LOP's code (0–4, and
/// 8–12 for the T variants), so the row loops are compiled once per
/// operation as well and no pixel matches on it. Codes that write nothing
/// never get here (the batch's `op` is `None`).
#[inline(always)]
fn const_logic<const L: u8>() -> (Logic, bool) {
    let logic = match L & 7 {
        0 => Logic::Imp,
        1 => Logic::And,
        2 => Logic::Or,
        3 => Logic::Eor,
        _ => Logic::Not,
    };
    (logic, L & 8 != 0)
}

/// Calls `$f::<M, L>(args)` for the batch's mode `M` (a [`CmdMode`]) and
/// LOP code `L`; the codes that write nothing take `L` = 0 (the row
/// functions only move the counters then, since the batch's `op` is `None`).
macro_rules! by_mode_and_lop {
    ($mode:expr, $lop:expr, $f:ident($($arg:expr),*)) => {
        match $mode {
            CmdMode::G4 => by_mode_and_lop!(@lop 0, $lop, $f($($arg),*)),
            CmdMode::G5 => by_mode_and_lop!(@lop 1, $lop, $f($($arg),*)),
            CmdMode::G6 => by_mode_and_lop!(@lop 2, $lop, $f($($arg),*)),
            CmdMode::G7 => by_mode_and_lop!(@lop 3, $lop, $f($($arg),*)),
        }
    };
    (@lop $m:literal, $lop:expr, $f:ident($($arg:expr),*)) => {
        match $lop & 0x0F {
            1 => $f::<$m, 1>($($arg),*),
            2 => $f::<$m, 2>($($arg),*),
            3 => $f::<$m, 3>($($arg),*),
            4 => $f::<$m, 4>($($arg),*),
            8 => $f::<$m, 8>($($arg),*),
            9 => $f::<$m, 9>($($arg),*),
            10 => $f::<$m, 10>($($arg),*),
            11 => $f::<$m, 11>($($arg),*),
            12 => $f::<$m, 12>($($arg),*),
            _ => $f::<$m, 0>($($arg),*),
        }
    };
}

/// The position registers and settings an LMMV/LMMM batch works with.
struct RowBatch {
    asx: u32,
    adx: u32,
    sy: u32,
    dy: u32,
    dir: u32,
    n: u32,
    /// The source reads 0xFF (MXS: no expansion RAM).
    mxs: bool,
    /// The destination is the expansion RAM: nothing is written.
    mxd: bool,
    /// The operation, or `None` for the codes that write nothing.
    op: Option<(Logic, bool)>,
}

/// `n` LMMV pixels of colour `color` (already masked) in mode `M`, as `n`
/// calls of [`pset`]; returns the new ADX.
fn lmmv_row<const M: u8, const L: u8>(vram: &mut Vram, b: &RowBatch, color: u8) -> u32 {
    let mode = const_mode::<M>();
    let mut x = b.adx;
    if let (false, Some(_)) = (b.mxd, b.op) {
        let op = const_logic::<L>();
        for _ in 0..b.n {
            pset_op(vram, mode, x, b.dy, color, op);
            x = x.wrapping_add(b.dir);
        }
        x
    } else {
        x.wrapping_add(b.dir.wrapping_mul(b.n))
    }
}

/// `n` LMMM pixels in mode `M`, as `n` [`point`]/[`pset`] pairs (a read
/// has no effect, so a batch that writes nothing only moves); returns the
/// new ASX and ADX.
///
/// In the modes with two pixels per byte (G4, G6), when the source and
/// destination pixels sit at the same place in their bytes, the pixels go
/// two by two: one read of the source byte, one of the destination, both
/// nibbles combined in turn, one write if either pixel writes. The same
/// bytes result: each pixel's operation changes only its own nibble, and
/// the second pixel reads the other nibble of the source byte, which the
/// first one cannot have changed even when the two bytes are one.
fn lmmm_row<const M: u8, const L: u8>(vram: &mut Vram, b: &RowBatch) -> (u32, u32) {
    let mode = const_mode::<M>();
    let (mut sx, mut dx) = (b.asx, b.adx);
    if let (false, Some(_)) = (b.mxd, b.op) {
        let op = const_logic::<L>();
        let cmask = mode.color_mask();
        let mut n = b.n;
        if mode.ppb_shift() == 1 && !b.mxs && (sx ^ dx) & 1 == 0 {
            // A pair starts on the byte's first pixel in the direction of
            // travel: even X going right, odd X going left.
            let first = u32::from(b.dir != 1);
            if n > 0 && sx & 1 != first {
                let c = point(vram, mode, sx, b.sy);
                pset_op(vram, mode, dx, b.dy, c & cmask, op);
                sx = sx.wrapping_add(b.dir);
                dx = dx.wrapping_add(b.dir);
                n -= 1;
            }
            let step = b.dir.wrapping_mul(2);
            while n >= 2 {
                lmmm_pair(vram, mode, op, (sx, b.sy), (dx, b.dy), b.dir);
                sx = sx.wrapping_add(step);
                dx = dx.wrapping_add(step);
                n -= 2;
            }
        }
        for _ in 0..n {
            let c = if b.mxs {
                0xFF
            } else {
                point(vram, mode, sx, b.sy)
            };
            pset_op(vram, mode, dx, b.dy, c & cmask, op);
            sx = sx.wrapping_add(b.dir);
            dx = dx.wrapping_add(b.dir);
        }
        (sx, dx)
    } else {
        let d = b.dir.wrapping_mul(b.n);
        (sx.wrapping_add(d), dx.wrapping_add(d))
    }
}

/// Two LMMM pixels of a 4-bit mode sharing their source byte and their
/// destination byte: (sx, sy) → (dx, dy), then the next pixel in the
/// direction `dir` (see [`lmmm_row`]).
#[inline(always)]
fn lmmm_pair(
    vram: &mut Vram,
    mode: CmdMode,
    op: (Logic, bool),
    (sx, sy): (u32, u32),
    (dx, dy): (u32, u32),
    dir: u32,
) {
    let src = vram.read(mode.address_of(sx, sy));
    let addr = mode.address_of(dx, dy);
    let dst = vram.read(addr);
    let nibble = |byte: u8, x: u32| (byte >> mode.pixel_shift(x)) & 0x0F;
    let one = |dst: u8, c: u8, x: u32| {
        let sh = mode.pixel_shift(x);
        combine(op, dst, c << sh, !(0x0F << sh))
    };
    let (sx2, dx2) = (sx.wrapping_add(dir), dx.wrapping_add(dir));
    let first = one(dst, nibble(src, sx), dx);
    let after = first.unwrap_or(dst);
    let second = one(after, nibble(src, sx2), dx2);
    if first.is_some() || second.is_some() {
        vram.write(addr, second.unwrap_or(after));
    }
}

/// Elements per line for a command with one coordinate pair, in pixels.
fn clip_nx1_pixel(mode: CmdMode, dx: u32, nx: u32, arg: u8) -> u32 {
    let ppl = mode.width();
    if dx >= ppl {
        return 1;
    }
    let nx = if nx == 0 { ppl } else { nx };
    if arg & DIX != 0 {
        nx.min(dx + 1)
    } else {
        nx.min(ppl - dx)
    }
}

/// Elements per line for a command with one coordinate pair, in bytes.
fn clip_nx1_byte(mode: CmdMode, dx: u32, nx: u32, arg: u8) -> u32 {
    let s = mode.ppb_shift();
    let bpl = mode.width() >> s;
    let dx = dx >> s;
    if dx >= bpl {
        return 1;
    }
    let nx = nx >> s;
    let nx = if nx == 0 { bpl } else { nx };
    if arg & DIX != 0 {
        nx.min(dx + 1)
    } else {
        nx.min(bpl - dx)
    }
}

/// Elements per line for a command with source and destination, in pixels.
fn clip_nx2_pixel(mode: CmdMode, sx: u32, dx: u32, nx: u32, arg: u8) -> u32 {
    let ppl = mode.width();
    if sx >= ppl || dx >= ppl {
        return 1;
    }
    let nx = if nx == 0 { ppl } else { nx };
    if arg & DIX != 0 {
        nx.min(sx.min(dx) + 1)
    } else {
        nx.min(ppl - sx.max(dx))
    }
}

/// Elements per line for a command with source and destination, in bytes.
fn clip_nx2_byte(mode: CmdMode, sx: u32, dx: u32, nx: u32, arg: u8) -> u32 {
    let s = mode.ppb_shift();
    let bpl = mode.width() >> s;
    let (sx, dx) = (sx >> s, dx >> s);
    if sx >= bpl || dx >= bpl {
        return 1;
    }
    let nx = nx >> s;
    let nx = if nx == 0 { bpl } else { nx };
    if arg & DIX != 0 {
        nx.min(sx.min(dx) + 1)
    } else {
        nx.min(bpl - sx.max(dx))
    }
}

/// Lines to process: NY = 0 means 1024; going up stops at line 0, going
/// down wraps at the bottom (so is not clipped).
fn clip_ny1(dy: u32, ny: u32, arg: u8) -> u32 {
    let ny = if ny == 0 { 1024 } else { ny };
    if arg & DIY != 0 {
        ny.min(dy + 1)
    } else {
        ny
    }
}

fn clip_ny2(sy: u32, dy: u32, ny: u32, arg: u8) -> u32 {
    let ny = if ny == 0 { 1024 } else { ny };
    if arg & DIY != 0 {
        ny.min(sy.min(dy) + 1)
    } else {
        ny
    }
}

/// Step a 10-bit Y register; `None` when it would go above line 0.
fn step_y(y: u32, up: bool) -> Option<u32> {
    if up {
        y.checked_sub(1)
    } else {
        Some((y + 1) & 1023)
    }
}

/// The command engine's registers and progress.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug)]
pub struct CmdEngine {
    sx: u32,
    sy: u32,
    dx: u32,
    dy: u32,
    nx: u32,
    ny: u32,
    col: u8,
    arg: u8,
    cmr: u8,
    /// Working source X (also what S#8/S#9 report).
    asx: u32,
    /// Working destination X.
    adx: u32,
    /// Elements left on this line (LINE: elements done).
    anx: u32,
    /// Elements per line after clipping.
    line_len: u32,
    /// Lines left, after clipping.
    lines_left: u32,
    op: Op,
    status: u8,
    /// A value written to CLR (or a S#7 read) not yet consumed.
    transfer: bool,
    /// VDP tick up to which the engine has worked.
    time: u64,
    mode: Option<CmdMode>,
    /// [`CmdEngine::untimed`]'s answer, kept (made again whenever the mode
    /// or the command changes, and after a load): every port access asks.
    #[serde(skip)]
    untimed: bool,
}

impl CmdEngine {
    pub fn new() -> CmdEngine {
        CmdEngine {
            sx: 0,
            sy: 0,
            dx: 0,
            dy: 0,
            nx: 0,
            ny: 0,
            col: 0,
            arg: 0,
            cmr: 0,
            asx: 0,
            adx: 0,
            anx: 0,
            line_len: 0,
            lines_left: 0,
            op: Op::Idle,
            status: 0,
            transfer: false,
            time: 0,
            mode: None,
            untimed: true,
        }
    }

    /// The TR, BD and CE bits of S#2.
    pub fn status(&self) -> u8 {
        self.status
    }

    /// True while a command runs.
    /// Whether [`CmdEngine::run`] has nothing to do but note the time (no
    /// mode, idle, or waiting for the CPU): then the chip can skip time
    /// without asking it which speed applies.
    #[inline]
    pub fn untimed(&self) -> bool {
        self.untimed
    }

    /// Makes the kept [`CmdEngine::untimed`] again from the mode and the
    /// command.
    pub fn refresh_untimed(&mut self) {
        self.untimed = self.untimed_now();
    }

    /// [`CmdEngine::untimed`] worked out from the mode and the command.
    pub(crate) fn untimed_now(&self) -> bool {
        self.mode.is_none() || self.op.timing().is_none()
    }

    pub fn busy(&self) -> bool {
        self.op != Op::Idle
    }

    /// S#7: the colour register (POINT/LMCM result). Reading it requests
    /// the next LMCM pixel.
    pub fn read_color(&mut self, vram: &Vram) -> u8 {
        let value = self.col;
        if self.op == Op::Idle {
            self.status &= !TR;
        }
        self.transfer = true;
        self.pump_read(vram);
        value
    }

    /// S#7 without side effects.
    pub fn peek_color(&self) -> u8 {
        self.col
    }

    /// S#8/S#9: the engine's working source X counter (the SRCH result).
    pub fn border_x(&self) -> u32 {
        self.asx
    }

    /// R#32 + `index` as a program reads it back (debuggers, tests).
    pub fn register(&self, index: u8) -> u8 {
        match index {
            0 => self.sx as u8,
            1 => (self.sx >> 8) as u8 & 1,
            2 => self.sy as u8,
            3 => (self.sy >> 8) as u8 & 3,
            4 => self.dx as u8,
            5 => (self.dx >> 8) as u8 & 1,
            6 => self.dy as u8,
            7 => (self.dy >> 8) as u8 & 3,
            8 => self.nx as u8,
            9 => (self.nx >> 8) as u8 & 3,
            10 => self.ny as u8,
            11 => (self.ny >> 8) as u8 & 3,
            12 => self.col,
            13 => self.arg,
            14 => self.cmr,
            _ => 0xFF,
        }
    }

    /// The display mode changed: commands work only in G4–G7; leaving the
    /// bitmap modes aborts a running command.
    pub fn set_mode(&mut self, mode: Option<CmdMode>) {
        if mode.is_none() && self.op != Op::Idle {
            self.done();
        }
        self.mode = mode;
        self.refresh_untimed();
    }

    /// Write R#32 + `index` at VDP tick `now` (the caller has already run
    /// the engine up to `now`).
    pub fn write(&mut self, vram: &mut Vram, index: u8, value: u8, now: u64) {
        let v = u32::from(value);
        match index {
            0 => self.sx = (self.sx & 0x100) | v,
            1 => self.sx = (self.sx & 0xFF) | ((v & 1) << 8),
            2 => self.sy = (self.sy & 0x300) | v,
            3 => self.sy = (self.sy & 0xFF) | ((v & 3) << 8),
            4 => self.dx = (self.dx & 0x100) | v,
            5 => self.dx = (self.dx & 0xFF) | ((v & 1) << 8),
            6 => self.dy = (self.dy & 0x300) | v,
            7 => self.dy = (self.dy & 0xFF) | ((v & 3) << 8),
            // NX is 10 bits, not the data book's 9 (openMSX: needed by "UR").
            8 => self.nx = (self.nx & 0x300) | v,
            9 => self.nx = (self.nx & 0xFF) | ((v & 3) << 8),
            10 => self.ny = (self.ny & 0x300) | v,
            11 => self.ny = (self.ny & 0xFF) | ((v & 3) << 8),
            12 => {
                self.col = value;
                if self.op == Op::Idle {
                    self.status &= !TR;
                }
                self.transfer = true;
                self.pump_write(vram);
            }
            13 => self.arg = value,
            14 => {
                self.cmr = value;
                self.start(vram, now);
            }
            _ => {}
        }
    }

    fn done(&mut self) {
        // TR is left as it is: it drops at the next CLR write or S#7 read.
        self.status &= !CE;
        self.op = Op::Idle;
        self.cmr = 0;
        self.refresh_untimed();
    }

    fn start(&mut self, vram: &mut Vram, now: u64) {
        self.time = now;
        let Some(mode) = self.mode else {
            // V9938: no commands outside G4–G7.
            self.done();
            return;
        };
        let op = Op::from_code(self.cmr >> 4);
        if op == Op::Idle {
            self.done();
            return;
        }
        self.op = op;
        self.refresh_untimed();
        self.status |= CE;
        self.ny &= 1023;
        let arg = self.arg;
        match op {
            Op::Idle | Op::Point | Op::Pset => {}
            Op::Srch => self.asx = self.sx,
            Op::Line => {
                self.asx = self.nx.wrapping_sub(1) >> 1;
                self.adx = self.dx;
                self.anx = 0;
            }
            Op::Lmmv | Op::Lmmc => {
                self.line_len = clip_nx1_pixel(mode, self.dx, self.nx, arg);
                self.lines_left = clip_ny1(self.dy, self.ny, arg);
                self.adx = self.dx;
                self.anx = self.line_len;
                if op == Op::Lmmc {
                    self.status |= TR;
                }
            }
            Op::Lmcm => {
                self.line_len = clip_nx1_pixel(mode, self.sx, self.nx, arg);
                self.lines_left = clip_ny1(self.sy, self.ny, arg);
                self.asx = self.sx;
                self.anx = self.line_len;
                self.transfer = true;
                self.status |= TR;
            }
            Op::Lmmm => {
                self.line_len = clip_nx2_pixel(mode, self.sx, self.dx, self.nx, arg);
                self.lines_left = clip_ny2(self.sy, self.dy, self.ny, arg);
                self.asx = self.sx;
                self.adx = self.dx;
                self.anx = self.line_len;
            }
            Op::Hmmv | Op::Hmmc => {
                self.line_len = clip_nx1_byte(mode, self.dx, self.nx, arg);
                self.lines_left = clip_ny1(self.dy, self.ny, arg);
                self.adx = self.dx;
                self.anx = self.line_len;
                if op == Op::Hmmc {
                    self.status |= TR;
                }
            }
            Op::Hmmm => {
                self.line_len = clip_nx2_byte(mode, self.sx, self.dx, self.nx, arg);
                self.lines_left = clip_ny2(self.sy, self.dy, self.ny, arg);
                self.asx = self.sx;
                self.adx = self.dx;
                self.anx = self.line_len;
            }
            Op::Ymmm => {
                // NX is not used: the line runs from DX to the edge.
                self.line_len = clip_nx1_byte(mode, self.dx, 512, arg);
                self.lines_left = clip_ny2(self.sy, self.dy, self.ny, arg);
                self.adx = self.dx;
                self.anx = self.line_len;
            }
        }
        // A CLR value written before the start is the first datum (LMMC,
        // HMMC); LMCM fetches its first pixel at once.
        self.pump_write(vram);
        self.pump_read(vram);
    }

    /// Whether the engine, left to run on its own, may write a byte in the
    /// physical VRAM rows `first..=last` (row r: bytes `r << 7` to
    /// `r << 7 | 127`; G6/G7's second bank holds rows 512–1023). The answer
    /// may say yes too often, never no wrongly: a block command's whole
    /// destination lines left count (in the 128 KB the addresses span), any
    /// other timed command that writes says yes; an idle or CPU-fed engine
    /// says no (it writes only when the CPU writes CLR). The VDP skips the
    /// sprite checks of lines whose sprite table nothing can change.
    pub fn may_write_rows(&self, first: u32, last: u32) -> bool {
        if self.untimed || matches!(self.op, Op::Idle | Op::Srch | Op::Point | Op::Lmcm) {
            return false;
        }
        let Some(mode) = self.mode else {
            return false;
        };
        if !self.op.is_block() {
            return true;
        }
        let (rows, banks): (u32, &[u32]) = match mode {
            CmdMode::G4 | CmdMode::G5 => (1024, &[0]),
            CmdMode::G6 | CmdMode::G7 => (512, &[0, 512]),
        };
        let k = self.lines_left;
        if k >= rows {
            return true;
        }
        let start = if self.up() {
            self.dy.wrapping_sub(k.saturating_sub(1))
        } else {
            self.dy
        } & (rows - 1);
        // The lines as at most two runs of rows, each in every bank.
        let runs = [
            (start, (start + k).min(rows)),
            (0, (start + k).saturating_sub(rows)),
        ];
        runs.iter()
            .any(|&(a, b)| a < b && banks.iter().any(|&o| a + o <= last && first < b + o))
    }

    /// What [`CmdEngine::run`] does to an [`CmdEngine::untimed`] engine:
    /// note that time has reached `until`.
    #[inline]
    pub fn note_time(&mut self, until: u64) {
        if self.mode.is_some() {
            self.time = self.time.max(until);
        }
    }

    /// Run self-timed commands up to VDP tick `until`. `speed` is the
    /// [`COSTS`] column for the current display state.
    pub fn run(&mut self, vram: &mut Vram, until: u64, speed: usize) {
        let Some(mode) = self.mode else {
            return;
        };
        while let Some((row, line_cost)) = self.op.timing() {
            let cost = u64::from(COSTS[row][speed & 3]);
            if self.time + cost > until {
                return;
            }
            // The elements before the last of a line need none of `step`'s
            // bookkeeping: as many as the time allows go in one batch, with
            // the same VRAM accesses in the same order.
            if self.anx > 1 && self.op.is_block() {
                let fit = (until - self.time) / cost;
                let n = fit.min(u64::from(self.anx - 1)) as u32;
                self.run_within_line(vram, mode, n);
                self.time += u64::from(n) * cost;
                continue;
            }
            self.time += cost;
            if self.step(vram, mode) {
                self.time += u64::from(line_cost);
            }
        }
        // Idle or waiting for the CPU: nothing to catch up later.
        self.time = self.time.max(until);
    }

    /// `n` elements of a block command (fewer than ANX: the line does not
    /// end), exactly as `n` calls of `step` would do them.
    fn run_within_line(&mut self, vram: &mut Vram, mode: CmdMode, n: u32) {
        let lop = self.cmr & 0x0F;
        let mxs = self.arg & MXS != 0;
        let mxd = self.arg & MXD != 0;
        let dir = self.dir_x();
        let byte_step = dir.wrapping_mul(1u32 << mode.ppb_shift());
        let cmask = mode.color_mask();
        match self.op {
            Op::Hmmv => {
                // G4/G5 keep a row's bytes at consecutive addresses: when
                // the first and last of the batch are n - 1 apart (no
                // wrap at the sheet's edge; n is at most a row), one fill.
                let last_x = self.adx.wrapping_add(byte_step.wrapping_mul(n.max(1) - 1));
                let linear = matches!(mode, CmdMode::G4 | CmdMode::G5) && (1..=128).contains(&n);
                let (first, last) = (
                    mode.address_of(self.adx, self.dy),
                    mode.address_of(last_x, self.dy),
                );
                // The lowest address of the batch, if its addresses are
                // consecutive in the direction of travel.
                let low = if dir == 1 {
                    (last.wrapping_sub(first) == n - 1).then_some(first)
                } else {
                    (first.wrapping_sub(last) == n - 1).then_some(last)
                };
                if let (false, true, Some(low)) = (mxd, linear, low) {
                    vram.fill(low, n, self.col);
                    self.adx = last_x.wrapping_add(byte_step);
                } else if !mxd {
                    for _ in 0..n {
                        vram.write(mode.address_of(self.adx, self.dy), self.col);
                        self.adx = self.adx.wrapping_add(byte_step);
                    }
                } else {
                    self.adx = self.adx.wrapping_add(byte_step.wrapping_mul(n));
                }
            }
            Op::Lmmv | Op::Lmmm => {
                let batch = RowBatch {
                    asx: self.asx,
                    adx: self.adx,
                    sy: self.sy,
                    dy: self.dy,
                    dir,
                    n,
                    mxs,
                    mxd,
                    op: LOGICAL_OPS[usize::from(lop)],
                };
                if self.op == Op::Lmmv {
                    let color = self.col & cmask;
                    self.adx = by_mode_and_lop!(mode, lop, lmmv_row(vram, &batch, color));
                } else {
                    (self.asx, self.adx) = by_mode_and_lop!(mode, lop, lmmm_row(vram, &batch));
                }
            }
            Op::Hmmm => {
                for _ in 0..n {
                    let b = if mxs {
                        0xFF
                    } else {
                        vram.read(mode.address_of(self.asx, self.sy))
                    };
                    if !mxd {
                        vram.write(mode.address_of(self.adx, self.dy), b);
                    }
                    self.asx = self.asx.wrapping_add(byte_step);
                    self.adx = self.adx.wrapping_add(byte_step);
                }
            }
            Op::Ymmm => {
                for _ in 0..n {
                    if !mxd {
                        let b = vram.read(mode.address_of(self.adx, self.sy));
                        vram.write(mode.address_of(self.adx, self.dy), b);
                    }
                    self.adx = self.adx.wrapping_add(byte_step);
                }
            }
            // Not block commands: `run` never batches them.
            _ => return,
        }
        self.anx -= n;
    }

    /// Whether a command runs for sure at least until tick `t` (exclusive
    /// of finishing at `t`), whatever the display does: a block command
    /// with more elements left than the fastest speed does by then.
    pub fn busy_through(&self, t: u64) -> bool {
        let Some((row, _)) = self.op.timing() else {
            return false;
        };
        if !self.op.is_block() || self.lines_left == 0 {
            return false;
        }
        let fastest = FASTEST[row];
        let left = u64::from(self.anx) + u64::from(self.lines_left - 1) * u64::from(self.line_len);
        self.time + left * u64::from(fastest) > t
    }

    fn dir_x(&self) -> u32 {
        if self.arg & DIX != 0 {
            u32::MAX // -1, wrapping
        } else {
            1
        }
    }

    fn up(&self) -> bool {
        self.arg & DIY != 0
    }

    /// One element of a self-timed command. Returns true at the end of a
    /// line (block commands), for the per-line overhead.
    fn step(&mut self, vram: &mut Vram, mode: CmdMode) -> bool {
        let lop = self.cmr & 0x0F;
        let mxs = self.arg & MXS != 0;
        let mxd = self.arg & MXD != 0;
        let ppb = 1u32 << mode.ppb_shift();
        match self.op {
            Op::Point => {
                // No expansion RAM on an MSX2: MXS reads 0xFF.
                self.col = if mxs {
                    0xFF
                } else {
                    point(vram, mode, self.sx, self.sy)
                };
                self.done();
                false
            }
            Op::Pset => {
                if !mxd {
                    pset(
                        vram,
                        mode,
                        self.dx,
                        self.dy,
                        self.col & mode.color_mask(),
                        lop,
                    );
                }
                self.done();
                false
            }
            Op::Srch => {
                let cl = self.col & mode.color_mask();
                let p = if mxs {
                    0xFF
                } else {
                    point(vram, mode, self.asx, self.sy)
                };
                // EQ = 0: stop on the colour; EQ = 1: stop on any other colour.
                if (p == cl) != (self.arg & EQ != 0) {
                    self.status |= BD;
                    self.done();
                    return false;
                }
                self.asx = self.asx.wrapping_add(self.dir_x());
                if self.asx & mode.width() != 0 {
                    // Reached the edge without finding it: BD = 0, so BD tells the
                    // last search's result (openMSX VDPCmdEngine::executeSrch; the
                    // Handbook's SRCH example tests BD after CE to learn which).
                    self.status &= !BD;
                    self.done();
                }
                false
            }
            Op::Line => {
                self.line_step(vram, mode, lop, mxd);
                false
            }
            Op::Lmmv => {
                if !mxd {
                    pset(
                        vram,
                        mode,
                        self.adx,
                        self.dy,
                        self.col & mode.color_mask(),
                        lop,
                    );
                }
                self.adx = self.adx.wrapping_add(self.dir_x());
                self.next_dst_element()
            }
            Op::Lmmm => {
                let c = if mxs {
                    0xFF
                } else {
                    point(vram, mode, self.asx, self.sy)
                };
                if !mxd {
                    pset(vram, mode, self.adx, self.dy, c & mode.color_mask(), lop);
                }
                self.asx = self.asx.wrapping_add(self.dir_x());
                self.adx = self.adx.wrapping_add(self.dir_x());
                self.next_src_dst_element()
            }
            Op::Hmmv => {
                if !mxd {
                    vram.write(mode.address_of(self.adx, self.dy), self.col);
                }
                self.adx = self.adx.wrapping_add(self.dir_x().wrapping_mul(ppb));
                self.next_dst_element()
            }
            Op::Hmmm => {
                let b = if mxs {
                    0xFF
                } else {
                    vram.read(mode.address_of(self.asx, self.sy))
                };
                if !mxd {
                    vram.write(mode.address_of(self.adx, self.dy), b);
                }
                self.asx = self.asx.wrapping_add(self.dir_x().wrapping_mul(ppb));
                self.adx = self.adx.wrapping_add(self.dir_x().wrapping_mul(ppb));
                self.next_src_dst_element()
            }
            Op::Ymmm => {
                // The data book says MXD selects both sides.
                if !mxd {
                    let b = vram.read(mode.address_of(self.adx, self.sy));
                    vram.write(mode.address_of(self.adx, self.dy), b);
                }
                self.adx = self.adx.wrapping_add(self.dir_x().wrapping_mul(ppb));
                self.anx -= 1;
                if self.anx == 0 {
                    self.end_line_src_dst();
                    return true;
                }
                false
            }
            Op::Idle | Op::Lmcm | Op::Lmmc | Op::Hmmc => false,
        }
    }

    /// LINE, one pixel: openMSX's hardware-verified Bresenham. ASX is the
    /// error term, ANX counts pixels, DY moves in the register itself.
    fn line_step(&mut self, vram: &mut Vram, mode: CmdMode, lop: u8, mxd: bool) {
        if !mxd {
            pset(
                vram,
                mode,
                self.adx,
                self.dy,
                self.col & mode.color_mask(),
                lop,
            );
        }
        let up = self.up();
        let ppl = mode.width();
        if self.arg & MAJ == 0 {
            // X is the long axis: the end test comes before the Y step.
            self.adx = self.adx.wrapping_add(self.dir_x());
            let count = self.anx;
            self.anx += 1;
            if count == self.nx || self.adx & ppl != 0 {
                self.done();
                return;
            }
            if self.asx < self.ny {
                self.asx = self.asx.wrapping_add(self.nx);
                match step_y(self.dy, up) {
                    Some(y) => self.dy = y,
                    None => {
                        self.dy = 1023;
                        self.done();
                        return;
                    }
                }
            }
            self.asx = self.asx.wrapping_sub(self.ny) & 1023;
        } else {
            // Y is the long axis: the Y step comes before the end test.
            match step_y(self.dy, up) {
                Some(y) => self.dy = y,
                None => {
                    self.dy = 1023;
                    self.done();
                    return;
                }
            }
            if self.asx < self.ny {
                self.asx = self.asx.wrapping_add(self.nx);
                self.adx = self.adx.wrapping_add(self.dir_x());
            }
            self.asx = self.asx.wrapping_sub(self.ny) & 1023;
            let count = self.anx;
            self.anx += 1;
            if count == self.nx || self.adx & ppl != 0 {
                self.done();
            }
        }
    }

    /// After a destination-only element: end of line? end of command?
    fn next_dst_element(&mut self) -> bool {
        self.anx -= 1;
        if self.anx != 0 {
            return false;
        }
        self.dy = step_y(self.dy, self.up()).unwrap_or(1023);
        self.ny = self.ny.wrapping_sub(1) & 1023;
        self.adx = self.dx;
        self.anx = self.line_len;
        self.lines_left -= 1;
        if self.lines_left == 0 {
            self.done();
        }
        true
    }

    /// After a source-and-destination element.
    fn next_src_dst_element(&mut self) -> bool {
        self.anx -= 1;
        if self.anx != 0 {
            return false;
        }
        self.asx = self.sx;
        self.end_line_src_dst();
        true
    }

    fn end_line_src_dst(&mut self) {
        let up = self.up();
        self.sy = step_y(self.sy, up).unwrap_or(1023);
        self.dy = step_y(self.dy, up).unwrap_or(1023);
        self.ny = self.ny.wrapping_sub(1) & 1023;
        self.adx = self.dx;
        self.anx = self.line_len;
        self.lines_left -= 1;
        if self.lines_left == 0 {
            self.done();
        }
    }

    /// Consume a CPU datum for LMMC/HMMC.
    fn pump_write(&mut self, vram: &mut Vram) {
        let Some(mode) = self.mode else {
            return;
        };
        if !self.transfer || !matches!(self.op, Op::Lmmc | Op::Hmmc) {
            return;
        }
        self.transfer = false;
        let mxd = self.arg & MXD != 0;
        if self.op == Op::Lmmc {
            if !mxd {
                pset(
                    vram,
                    mode,
                    self.adx,
                    self.dy,
                    self.col & mode.color_mask(),
                    self.cmr & 0x0F,
                );
            }
            self.adx = self.adx.wrapping_add(self.dir_x());
        } else {
            if !mxd {
                vram.write(mode.address_of(self.adx, self.dy), self.col);
            }
            let ppb = 1u32 << mode.ppb_shift();
            self.adx = self.adx.wrapping_add(self.dir_x().wrapping_mul(ppb));
        }
        self.next_dst_element();
    }

    /// Fetch the next LMCM pixel into CLR once the CPU asked for it.
    fn pump_read(&mut self, vram: &Vram) {
        let Some(mode) = self.mode else {
            return;
        };
        if !self.transfer || self.op != Op::Lmcm {
            return;
        }
        self.transfer = false;
        self.col = if self.arg & MXS != 0 {
            0xFF
        } else {
            point(vram, mode, self.asx, self.sy)
        };
        self.asx = self.asx.wrapping_add(self.dir_x());
        self.anx -= 1;
        if self.anx == 0 {
            self.sy = step_y(self.sy, self.up()).unwrap_or(1023);
            self.ny = self.ny.wrapping_sub(1) & 1023;
            self.asx = self.sx;
            self.anx = self.line_len;
            self.lines_left -= 1;
            if self.lines_left == 0 {
                self.done();
            }
        }
    }
}

impl Default for CmdEngine {
    fn default() -> Self {
        CmdEngine::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    impl CmdEngine {
        /// `run` as it was before batching: one `step` per element.
        fn run_unbatched(&mut self, vram: &mut Vram, until: u64, speed: usize) {
            let Some(mode) = self.mode else {
                return;
            };
            while let Some((row, line_cost)) = self.op.timing() {
                let cost = u64::from(COSTS[row][speed & 3]);
                if self.time + cost > until {
                    return;
                }
                self.time += cost;
                if self.step(vram, mode) {
                    self.time += u64::from(line_cost);
                }
            }
            self.time = self.time.max(until);
        }

        fn registers(&self) -> Vec<u8> {
            (0..15).map(|i| self.register(i)).collect()
        }
    }

    const MODES: [CmdMode; 4] = [CmdMode::G4, CmdMode::G5, CmdMode::G6, CmdMode::G7];
    /// HMMV, LMMV, LMMM, HMMM, YMMM.
    const OPS: [u8; 5] = [0xC, 0x8, 0x9, 0xD, 0xE];

    #[test]
    fn fastest_is_each_cost_rows_minimum() {
        for (row, costs) in COSTS.iter().enumerate() {
            assert_eq!(Some(&FASTEST[row]), costs.iter().min(), "row {row}");
        }
    }

    #[test]
    fn const_logic_matches_the_table() {
        fn check<const L: u8>() {
            assert_eq!(
                Some(const_logic::<L>()),
                LOGICAL_OPS[usize::from(L)],
                "LOP {L}"
            );
        }
        check::<0>();
        check::<1>();
        check::<2>();
        check::<3>();
        check::<4>();
        check::<8>();
        check::<9>();
        check::<10>();
        check::<11>();
        check::<12>();
    }

    /// Runs one block command batched and element by element from the
    /// same random VRAM (with `zeros`, a 128-byte row in three is 0: rows
    /// of transparent pixels), catching up at the times of `steps`, and compares
    /// VRAM, the writes to the page of `watched`, registers, status and
    /// time.
    #[allow(clippy::too_many_arguments)]
    fn check_batched(
        (zeros, watched): (bool, u32),
        mode: CmdMode,
        opcode: u8,
        lop: u8,
        regs: [u8; 12],
        col: u8,
        arg: u8,
        speed: usize,
        seed: u64,
        steps: &[u64],
    ) -> Result<(), TestCaseError> {
        let mut vram = Vram::new(128 * 1024);
        let mut x = seed | 1;
        for a in 0..128 * 1024u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            vram.write(
                a,
                if zeros && (a >> 7) % 3 == 0 {
                    0
                } else {
                    x as u8
                },
            );
        }
        let mut a = CmdEngine::new();
        a.set_mode(Some(mode));
        let mut va = vram.clone();
        for (i, &r) in regs.iter().enumerate() {
            a.write(&mut va, i as u8, r, 0);
        }
        a.write(&mut va, 12, col, 0);
        a.write(&mut va, 13, arg, 0);
        a.write(&mut va, 14, (opcode << 4) | lop, 0);
        let mut b = a.clone();
        let mut vb = va.clone();
        // A watched page (as the sprite cache watches its table): the
        // batched engine writes it exactly when the other one does.
        va.watch([watched]);
        vb.watch([watched]);
        let mut t = 0;
        for &dt in steps {
            t += dt;
            a.run(&mut va, t, speed);
            b.run_unbatched(&mut vb, t, speed);
            prop_assert_eq!(a.status(), b.status(), "status at {}", t);
            prop_assert_eq!(a.registers(), b.registers(), "registers at {}", t);
            prop_assert_eq!(a.time, b.time);
            prop_assert!(va.bytes() == vb.bytes(), "VRAM differs at {}", t);
            prop_assert_eq!(va.touched(), vb.touched(), "watched page written at {}", t);
            prop_assert_eq!(a.untimed(), a.untimed_now(), "kept untimed at {}", t);
            va.watch([watched]);
            vb.watch([watched]);
        }
        a.run(&mut va, u64::MAX / 2, speed);
        b.run_unbatched(&mut vb, u64::MAX / 2, speed);
        prop_assert_eq!(a.registers(), b.registers());
        prop_assert!(va.bytes() == vb.bytes(), "VRAM differs at the end");
        Ok(())
    }

    proptest! {
        /// The batched engine writes the same VRAM and leaves the same
        /// registers and status as the element-by-element one, at every
        /// moment it is asked to catch up, for every block command, mode,
        /// direction, MXS/MXD, logical operation and clipping case.
        #[test]
        fn batched_runs_match_element_by_element(
            mode in 0usize..4,
            op in 0usize..5,
            lop in 0u8..16,
            mut regs in prop::array::uniform12(any::<u8>()),
            col in any::<u8>(),
            arg in any::<u8>(),
            speed in 0usize..4,
            seed in any::<u64>(),
            steps in prop::collection::vec(1u64..4000, 1..40),
        ) {
            // Keep the blocks small enough to finish: NX and NY high bytes
            // 0, low bytes as drawn.
            regs[9] = 0;
            regs[11] = 0;
            let watched = (seed >> 40) as u32 & 0x1FF80;
            check_batched((false, watched), MODES[mode], OPS[op], lop, regs, col, arg, speed, seed, &steps)?;
        }

        /// LMMM in the modes with two pixels per byte, where rows go two
        /// pixels at a time when source and destination are aligned: source
        /// and destination on the sheet, in every alignment and direction,
        /// blocks that overlap themselves included.
        #[test]
        fn lmmm_by_pairs_matches_element_by_element(
            g6 in any::<bool>(),
            lop in 0u8..16,
            (sx, dx) in (0u32..512, 0u32..512),
            (sy, dy) in (0u32..64, 0u32..64),
            (nx, ny) in (1u32..300, 1u32..24),
            arg in any::<u8>(),
            speed in 0usize..4,
            seed in any::<u64>(),
            steps in prop::collection::vec(1u64..3000, 1..40),
        ) {
            let (mode, width) = if g6 { (CmdMode::G6, 512) } else { (CmdMode::G4, 256) };
            let (sx, dx, nx) = (sx % width, dx % width, nx.min(width));
            let mut regs = [0u8; 12];
            for (i, v) in [sx, sy, dx, dy, nx, ny].into_iter().enumerate() {
                regs[2 * i] = v as u8;
                regs[2 * i + 1] = (v >> 8) as u8;
            }
            // The destination's first row is watched.
            let watched = mode.address_of(dx, dy);
            check_batched((true, watched), mode, 0x9, lop, regs, 0, arg, speed, seed, &steps)?;
        }
    }
}
