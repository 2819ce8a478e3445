//! The WD2793 floppy disk controller: four registers (status/command,
//! track, sector, data), the DRQ and INTRQ lines, and the commands.
//!
//! | type | commands (high nibble) |
//! |---|---|
//! | I | 0 restore, 1 seek, 2/3 step, 4/5 step in, 6/7 step out (odd = update the track register); bit 3 h load head, bit 2 V verify, bits 1–0 step rate 6/12/20/30 ms |
//! | II | 8/9 read sector (9 = multiple), A/B write sector; bit 2 E 30 ms head settle delay, bit 0 deleted data mark (write) |
//! | III | C read address, E read track, F write track |
//! | IV | D force interrupt: bit 3 immediate INTRQ, bit 2 at the next index pulse, 0 none |
//!
//! Status bits: 7 not ready, 6 write protected, 5 head loaded (type I) /
//! record type (II, III), 4 seek error / record not found, 3 CRC error,
//! 2 track 0 (I) / lost data (II, III), 1 index pulse (I) / DRQ (II, III),
//! 0 busy. Reading the status clears INTRQ; writing a command clears it.
//!
//! # Timing model
//!
//! The disk turns at 300 rpm, 6250 bytes per turn (see `disk.rs`); the
//! rotation angle is a function of emulated time, so index pulses, the wait
//! for a sector, and the data rate (one byte every 114.5 T-states) are those
//! of a real drive. Everything is computed lazily at the next register
//! access, from `now`. A data byte is available (DRQ) from the moment it has
//! passed the head; if the CPU reads it after the next one has passed, the
//! earlier byte is lost and LOST DATA is set (as the chip does). Writes work
//! the same way backwards: the chip takes byte k when it reaches the disk
//! and writes 0 with LOST DATA if the CPU has not supplied it. A sector not
//! found gives RECORD NOT FOUND after 5 index pulses (1 s), at once if the
//! disk does not turn. Step rates are those of the 1 MHz clock of MSX
//! interfaces (6/12/20/30 ms); E adds 30 ms. This is what real disk ROMs'
//! polling loops expect (openMSX `WD2793.cc`, facts only).
//!
//! Simplifications (documented in `docs/devices.md`): a new command is
//! accepted even while BUSY (openMSX does the same; the datasheet says only
//! Force Interrupt is); the side-compare flag is ignored; a write cancelled
//! by Force Interrupt writes nothing; a sector image has no CRC errors or
//! deleted marks.

use super::disk::{self, DiskImage, BYTES_PER_SECOND, SECTOR, TRACK_BYTES};
use super::Drive;

/// CPU clock.
const CPU_HZ: u64 = 3_579_545;

const BUSY: u8 = 0x01;
const INDEX: u8 = 0x02;
const DRQ: u8 = 0x02;
const TRACK0: u8 = 0x04;
const LOST_DATA: u8 = 0x04;
const CRC_ERROR: u8 = 0x08;
const SEEK_ERROR: u8 = 0x10;
const NOT_FOUND: u8 = 0x10;
const HEAD_LOADED: u8 = 0x20;
const RECORD_TYPE: u8 = 0x20;
const WRITE_PROTECT: u8 = 0x40;
const NOT_READY: u8 = 0x80;

/// T-states of one turn of the disk (200 ms at 300 rpm).
pub const T_STATES_PER_TURN: u64 = CPU_HZ * TRACK_BYTES / BYTES_PER_SECOND;

/// Highest head position (cylinder) the drive mechanism reaches.
const MAX_CYLINDER: u8 = 81;

/// T-states for `ms` milliseconds.
const fn ms(ms: u64) -> u64 {
    ms * CPU_HZ / 1000
}

/// What the controller sees of the selected drive.
pub(crate) struct Bus<'a> {
    pub drive: Option<&'a mut Drive>,
    pub side: u8,
    pub motor: bool,
}

/// The drive signals the controller looks at, borrowed read-only.
pub(crate) struct View<'a> {
    pub drive: Option<&'a Drive>,
    pub side: u8,
    pub motor: bool,
}

impl View<'_> {
    fn disk(&self) -> Option<&DiskImage> {
        self.drive.and_then(|d| d.disk.as_ref())
    }

    fn ready(&self) -> bool {
        self.disk().is_some()
    }

    /// Whether the disk turns (index pulses, sectors passing).
    fn turning(&self) -> bool {
        self.motor && self.ready()
    }

    fn head(&self) -> u8 {
        self.drive.map_or(0, |d| d.head)
    }

    /// TRACK 00 sensor. On Philips interfaces the drive signals only work
    /// with the motor on (openMSX `RealDrive::isTrack00`).
    fn track0(&self) -> bool {
        self.motor && self.drive.is_some() && self.head() == 0
    }

    /// Write-protect sensor (also only with the motor on).
    fn write_protected(&self) -> bool {
        self.motor && self.disk().is_some_and(|d| d.is_write_protected())
    }

    /// Whether the track under the head has sector `r`'s ID with cylinder `c`.
    fn has_sector(&self, c: u8, r: u8) -> bool {
        let head = self.head();
        self.disk().is_some_and(|d| {
            d.has_track(head, self.side) && c == head && r >= 1 && r <= d.sectors_per_track()
        })
    }

    /// Sectors on the track under the head.
    fn sectors(&self) -> u8 {
        let head = self.head();
        self.disk()
            .filter(|d| d.has_track(head, self.side))
            .map_or(0, |d| d.sectors_per_track())
    }
}

impl Bus<'_> {
    fn view(&self) -> View<'_> {
        View {
            drive: self.drive.as_deref(),
            side: self.side,
            motor: self.motor,
        }
    }
}

/// What a read transfer is for (decides what happens at its end).
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
enum ReadKind {
    Sector,
    Address,
    Track,
}

/// The command in progress.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq, Eq)]
enum Phase {
    Idle,
    /// Type I: the next head step (or the end of the seek) is due at `at`.
    Seek {
        at: u64,
    },
    /// Type I verify: result known at `at`.
    Verify {
        at: u64,
        ok: bool,
    },
    /// Type II/III: the search for the sector (or index) starts at `at`
    /// (after the optional head settle delay).
    Start {
        at: u64,
    },
    /// RECORD NOT FOUND at `at`.
    NotFound {
        at: u64,
    },
    /// Bytes coming from the disk: byte k has passed at byte index
    /// `first + k`; the command ends at byte index `end`.
    Read {
        kind: ReadKind,
        buf: Vec<u8>,
        first: u64,
        next: usize,
        end: u64,
    },
    /// Bytes going to the disk: the chip raises DRQ for byte 0 at byte
    /// index `drq0`, gives up at `check` if nothing came, takes byte k at
    /// `take0 + k` and ends at `end`.
    Write {
        buf: Vec<u8>,
        provided: usize,
        drq0: u64,
        check: u64,
        take0: u64,
        end: u64,
        /// Where the data goes: (cylinder, side, sector) or the whole
        /// track (write track).
        target: WriteTarget,
    },
}

#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
enum WriteTarget {
    Sector { track: u8, side: u8, r: u8 },
    Track { track: u8, side: u8 },
}

/// The controller.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Wd2793 {
    command: u8,
    status: u8,
    track: u8,
    sector: u8,
    data: u8,
    step_in: bool,
    phase: Phase,
    /// INTRQ rises at this time (None: low).
    irq_at: Option<u64>,
    immediate_irq: bool,
    /// Head loaded from `hld_from` until `hld_until` (exclusive).
    hld_from: u64,
    hld_until: u64,
    /// The disk turns only while the motor is on (openMSX `RealDrive`: the angle
    /// stands still with the motor off, and is 0, the index, at power-on). While it
    /// turns, `spin_base` is the T-state at which the track would have started at the
    /// index had it always turned; while it stands, `spin_stopped` is how far it had
    /// turned (in T-states of turning).
    #[serde(default)]
    spinning: bool,
    #[serde(default)]
    spin_base: u64,
    #[serde(default)]
    spin_stopped: u64,
}

impl Default for Wd2793 {
    fn default() -> Self {
        Self::new()
    }
}

impl Wd2793 {
    /// Power-on state: registers 0, sector 1, idle (openMSX runs a restore
    /// at reset; the disk ROM does its own).
    pub fn new() -> Self {
        Self {
            command: 0,
            status: 0,
            track: 0,
            sector: 1,
            data: 0,
            step_in: true,
            phase: Phase::Idle,
            irq_at: None,
            immediate_irq: false,
            hld_from: u64::MAX,
            hld_until: 0,
            spinning: false,
            spin_base: 0,
            spin_stopped: 0,
        }
    }

    /// Power-on state with the disk standing `turned` T-states of turning past the
    /// index (taken modulo one turn): where a real disk happens to stop, which
    /// [`crate::machine::MachineConfig::seed`] chooses.
    pub fn with_rotation(turned: u64) -> Self {
        Self {
            spin_stopped: turned % T_STATES_PER_TURN,
            ..Self::new()
        }
    }

    /// The motor line at time `now`: the disk starts turning from where it stopped,
    /// or stops where it is.
    pub(crate) fn set_spinning(&mut self, on: bool, now: u64) {
        if on == self.spinning {
            return;
        }
        if on {
            self.spin_base = now.saturating_sub(self.spin_stopped);
        } else {
            self.spin_stopped = now.saturating_sub(self.spin_base);
        }
        self.spinning = on;
    }

    /// T-states the disk has turned by time `t`.
    fn turned(&self, t: u64) -> u64 {
        if self.spinning {
            t.saturating_sub(self.spin_base)
        } else {
            self.spin_stopped
        }
    }

    /// Bytes of track that have passed the head by time `t` (counting every turn).
    fn byte_clock(&self, t: u64) -> u64 {
        (u128::from(self.turned(t)) * u128::from(BYTES_PER_SECOND) / u128::from(CPU_HZ)) as u64
    }

    /// The first T-state at which `byte_clock` reaches `b` (the disk turning from now
    /// on).
    fn byte_time(&self, b: u64) -> u64 {
        let turned =
            (u128::from(b) * u128::from(CPU_HZ)).div_ceil(u128::from(BYTES_PER_SECOND)) as u64;
        if self.spinning {
            self.spin_base + turned
        } else {
            turned.saturating_sub(self.spin_stopped)
        }
    }

    /// The absolute byte index of the next passage of track position `pos` strictly
    /// after time `t`.
    fn next_pass(&self, t: u64, pos: u64) -> u64 {
        let b = self.byte_clock(t);
        let mut c = b - b % TRACK_BYTES + pos;
        if c <= b {
            c += TRACK_BYTES;
        }
        c
    }

    /// Whether a loaded controller's transfer positions lie inside its
    /// buffer.
    pub(crate) fn check_state(&self) -> Result<(), String> {
        let ok = match &self.phase {
            Phase::Read { buf, next, .. } => *next <= buf.len(),
            Phase::Write { buf, provided, .. } => *provided <= buf.len(),
            _ => true,
        };
        if ok {
            Ok(())
        } else {
            Err("the controller's transfer position is outside its buffer".into())
        }
    }

    /// Whether a command is running (status bit 0).
    pub fn busy(&self) -> bool {
        self.phase != Phase::Idle
    }

    /// INTRQ line.
    pub fn irq(&self, now: u64) -> bool {
        self.immediate_irq || self.irq_at.is_some_and(|t| t <= now)
    }

    /// DRQ line.
    pub fn drq(&self, now: u64) -> bool {
        let b = self.byte_clock(now);
        match &self.phase {
            Phase::Read {
                buf, first, next, ..
            } => *next < buf.len() && b >= first + *next as u64,
            Phase::Write {
                buf,
                provided,
                drq0,
                take0,
                ..
            } => *provided < buf.len() && b >= Self::raise(*drq0, *take0, *provided),
            _ => false,
        }
    }

    /// Byte index at which DRQ rises for write byte `k`: when byte k − 1 is
    /// taken (byte 0: at `drq0`).
    fn raise(drq0: u64, take0: u64, k: usize) -> u64 {
        if k == 0 {
            drq0
        } else {
            take0 + k as u64 - 1
        }
    }

    fn head_loaded(&self, now: u64) -> bool {
        self.hld_from <= now && now < self.hld_until
    }

    fn end(&mut self, at: u64) {
        if self.head_loaded(at) || self.hld_until == u64::MAX {
            // The head stays loaded for 15 index pulses (3 s) after a command.
            self.hld_until = at + ms(3000);
        }
        self.phase = Phase::Idle;
        self.status &= !BUSY;
        self.irq_at = Some(at);
    }

    /// Runs the command up to `now`.
    pub(crate) fn advance(&mut self, now: u64, bus: &mut Bus<'_>) {
        loop {
            match self.phase.clone() {
                Phase::Seek { at } if at <= now => self.step(at, bus),
                Phase::Verify { at, ok } if at <= now => {
                    if !ok {
                        self.status |= SEEK_ERROR;
                    }
                    self.end(at);
                }
                Phase::Start { at } if at <= now => self.start_search(at, bus),
                Phase::NotFound { at } if at <= now => {
                    self.status |= NOT_FOUND;
                    self.end(at);
                }
                Phase::Read {
                    kind,
                    buf,
                    next,
                    end,
                    ..
                } if self.byte_clock(now) >= end => {
                    if next < buf.len() {
                        self.status |= LOST_DATA;
                    }
                    let at = self.byte_time(end);
                    if kind == ReadKind::Sector && self.command & 0x10 != 0 {
                        // Multiple sectors: go on with the next one.
                        self.sector = self.sector.wrapping_add(1);
                        self.phase = Phase::Start { at };
                    } else {
                        self.end(at);
                    }
                }
                Phase::Write {
                    provided, check, ..
                } if provided == 0 && self.byte_clock(now) >= check => {
                    self.status |= LOST_DATA;
                    self.end(self.byte_time(check));
                }
                Phase::Write {
                    buf,
                    provided,
                    end,
                    target,
                    ..
                } if self.byte_clock(now) >= end => {
                    if provided < buf.len() {
                        self.status |= LOST_DATA;
                    }
                    let at = self.byte_time(end);
                    self.commit(&buf, provided, target, bus);
                    if matches!(target, WriteTarget::Sector { .. }) && self.command & 0x10 != 0 {
                        self.sector = self.sector.wrapping_add(1);
                        self.phase = Phase::Start { at };
                    } else {
                        self.end(at);
                    }
                }
                _ => return,
            }
        }
    }

    fn commit(&mut self, buf: &[u8], provided: usize, target: WriteTarget, bus: &mut Bus<'_>) {
        let Some(disk) = bus.drive.as_mut().and_then(|d| d.disk.as_mut()) else {
            return;
        };
        match target {
            WriteTarget::Sector { track, side, r } => {
                // Bytes the CPU did not supply in time were written as 0.
                let mut data = buf.to_vec();
                data[provided.min(SECTOR)..].fill(0);
                disk.write_sector(track, side, r, &data);
            }
            WriteTarget::Track { track, side } => {
                for (r, data) in parse_format_stream(&buf[..provided]) {
                    disk.write_sector(track, side, r, &data);
                }
            }
        }
    }

    /// Status register read (clears INTRQ).
    pub(crate) fn read_status(&mut self, now: u64, bus: &mut Bus<'_>) -> u8 {
        self.advance(now, bus);
        let status = self.peek_status(now, &bus.view());
        if self.irq_at.is_some_and(|t| t <= now) {
            self.irq_at = None;
        }
        status
    }

    /// Status register as it would read, without clearing INTRQ.
    pub(crate) fn peek_status(&self, now: u64, bus: &View<'_>) -> u8 {
        let mut s = self.status;
        if self.command & 0x80 == 0 || self.command & 0xF0 == 0xD0 {
            // Type I (and after Force Interrupt): live drive signals.
            s &= !(INDEX | TRACK0 | HEAD_LOADED | WRITE_PROTECT);
            let at_index = self.byte_clock(now) % TRACK_BYTES < TRACK_BYTES / 50;
            if bus.turning() && at_index {
                s |= INDEX;
            }
            if bus.track0() {
                s |= TRACK0;
            }
            if self.head_loaded(now) {
                s |= HEAD_LOADED;
            }
            if bus.write_protected() {
                s |= WRITE_PROTECT;
            }
        } else if self.drq(now) {
            s |= DRQ;
        } else {
            s &= !DRQ;
        }
        if bus.ready() {
            s & !NOT_READY
        } else {
            s | NOT_READY
        }
    }

    /// Track register.
    pub fn track(&self) -> u8 {
        self.track
    }

    /// Sector register.
    pub fn sector(&self) -> u8 {
        self.sector
    }

    pub(crate) fn set_track(&mut self, value: u8) {
        self.track = value;
    }

    pub(crate) fn set_sector(&mut self, value: u8) {
        self.sector = value;
    }

    /// Data register read: the next byte of a read transfer when DRQ is up.
    pub(crate) fn read_data(&mut self, now: u64, bus: &mut Bus<'_>) -> u8 {
        self.advance(now, bus);
        let b = self.byte_clock(now);
        if let Phase::Read {
            buf, first, next, ..
        } = &mut self.phase
        {
            if *next < buf.len() && b >= *first + *next as u64 {
                // The newest byte that has passed the head; any older unread
                // byte was overwritten in the data register.
                let newest = ((b - *first) as usize).min(buf.len() - 1);
                if newest > *next {
                    self.status |= LOST_DATA;
                    *next = newest;
                }
                self.data = buf[*next];
                *next += 1;
            }
        }
        self.data
    }

    /// The data register without side effects.
    pub(crate) fn peek_data(&self, now: u64) -> u8 {
        if let Phase::Read {
            buf, first, next, ..
        } = &self.phase
        {
            let b = self.byte_clock(now);
            if *next < buf.len() && b >= *first + *next as u64 {
                let newest = ((b - *first) as usize).min(buf.len() - 1);
                return buf[newest.max(*next)];
            }
        }
        self.data
    }

    /// Data register write: the next byte of a write transfer.
    pub(crate) fn write_data(&mut self, value: u8, now: u64, bus: &mut Bus<'_>) {
        self.advance(now, bus);
        self.data = value;
        let b = self.byte_clock(now);
        if let Phase::Write {
            buf,
            provided,
            drq0,
            take0,
            ..
        } = &mut self.phase
        {
            if *provided < buf.len() && b >= Self::raise(*drq0, *take0, *provided) {
                // Bytes whose turn has passed were written as 0.
                if *provided > 0 && b >= *take0 + *provided as u64 {
                    self.status |= LOST_DATA;
                    *provided = (b - *take0 + 1) as usize;
                }
                if *provided < buf.len() {
                    buf[*provided] = value;
                    *provided += 1;
                }
            } else if *provided > 0 && b < *take0 + *provided as u64 - 1 {
                // The previous byte is still in the data register: replace it.
                buf[*provided - 1] = value;
            }
        }
    }

    /// Command register write.
    pub(crate) fn write_command(&mut self, value: u8, now: u64, bus: &mut Bus<'_>) {
        self.advance(now, bus);
        self.command = value;
        self.irq_at = None;
        match value >> 4 {
            0x0..=0x7 => self.start_type1(now, bus),
            0x8..=0xB => self.start_type2(now, bus),
            0xD => self.force_interrupt(now, bus),
            _ => self.start_type3(now, bus),
        }
    }

    fn start_type1(&mut self, now: u64, bus: &mut Bus<'_>) {
        self.status &= !(SEEK_ERROR | CRC_ERROR);
        self.status |= BUSY;
        if self.command & 0x08 != 0 {
            self.hld_from = now;
            self.hld_until = u64::MAX;
        } else {
            self.hld_from = u64::MAX;
            self.hld_until = 0;
        }
        match self.command >> 4 {
            0x0 => {
                // Restore: seek to 0 from "track 255".
                self.track = 0xFF;
                self.data = 0;
            }
            0x4 | 0x5 => self.step_in = true,
            0x6 | 0x7 => self.step_in = false,
            _ => {}
        }
        self.phase = Phase::Seek { at: now };
        self.advance(now, bus);
    }

    /// One step of a type I command at time `at` (or its end).
    fn step(&mut self, at: u64, bus: &mut Bus<'_>) {
        let seeking = self.command & 0xE0 == 0x00; // restore or seek
        if seeking {
            if self.track == self.data {
                return self.end_type1(at, bus);
            }
            self.step_in = self.data > self.track;
        }
        // Restore and seek always count; step commands only with the T flag.
        if seeking || self.command & 0x10 != 0 {
            self.track = if self.step_in {
                self.track.wrapping_add(1)
            } else {
                self.track.wrapping_sub(1)
            };
        }
        if !self.step_in && bus.view().track0() {
            self.track = 0;
            return self.end_type1(at, bus);
        }
        if let Some(d) = bus.drive.as_mut() {
            d.head = if self.step_in {
                (d.head + 1).min(MAX_CYLINDER)
            } else {
                d.head.saturating_sub(1)
            };
        }
        const RATE: [u64; 4] = [ms(6), ms(12), ms(20), ms(30)];
        let next = at + RATE[usize::from(self.command & 3)];
        if seeking {
            self.phase = Phase::Seek { at: next };
        } else if self.command & 0x04 != 0 {
            // A single step, then the verify.
            self.schedule_verify(next, bus);
        } else {
            // A single step: the command ends when the step time is over.
            self.phase = Phase::Verify { at: next, ok: true };
        }
    }

    fn end_type1(&mut self, at: u64, bus: &mut Bus<'_>) {
        if self.command & 0x04 != 0 {
            self.schedule_verify(at, bus);
        } else {
            self.end(at);
        }
    }

    /// Verify: after 30 ms of head settling, the next ID field must carry
    /// the track register's value; else SEEK ERROR after 5 index pulses.
    fn schedule_verify(&mut self, at: u64, bus: &Bus<'_>) {
        let settled = at + ms(30);
        let ok =
            bus.view().turning() && bus.view().sectors() > 0 && self.track == bus.view().head();
        let when = if !bus.view().turning() {
            settled
        } else if ok {
            // The end of the next ID field of any sector.
            let next_id = (0..bus.view().sectors())
                .map(|s| self.next_pass(settled, disk::id_position(s)))
                .min()
                .unwrap_or(0);
            self.byte_time(next_id + 7)
        } else {
            self.byte_time((self.byte_clock(settled) / TRACK_BYTES + 5) * TRACK_BYTES)
        };
        self.phase = Phase::Verify { at: when, ok };
    }

    fn start_type2(&mut self, now: u64, bus: &mut Bus<'_>) {
        self.status &= !(LOST_DATA | NOT_FOUND | RECORD_TYPE | WRITE_PROTECT | CRC_ERROR);
        self.status |= BUSY;
        if !bus.view().ready() {
            return self.end(now);
        }
        self.hld_from = now;
        self.hld_until = u64::MAX;
        let at = if self.command & 0x04 != 0 {
            now + ms(30)
        } else {
            now
        };
        self.phase = Phase::Start { at };
        self.advance(now, bus);
    }

    fn start_type3(&mut self, now: u64, bus: &mut Bus<'_>) {
        self.status &= !(LOST_DATA | NOT_FOUND | RECORD_TYPE | CRC_ERROR);
        self.status |= BUSY;
        if !bus.view().ready() {
            return self.end(now);
        }
        self.hld_from = now;
        self.hld_until = u64::MAX;
        let at = if self.command & 0x04 != 0 {
            now + ms(30)
        } else {
            now
        };
        if self.command >> 4 == 0xF {
            // Write track raises DRQ at once: the first byte must be there
            // before the index pulse.
            let b = self.byte_clock(now);
            let index = self.next_pass(at, 0);
            self.phase = Phase::Write {
                buf: vec![0; TRACK_BYTES as usize],
                provided: 0,
                drq0: b,
                check: index,
                take0: index,
                end: index + TRACK_BYTES,
                target: WriteTarget::Track {
                    track: bus.view().head(),
                    side: bus.side,
                },
            };
            if bus.view().write_protected() {
                self.status |= WRITE_PROTECT;
                return self.end(now);
            }
            return;
        }
        self.phase = Phase::Start { at };
        self.advance(now, bus);
    }

    /// Type II and III (read address, read track): find what the command
    /// needs under the head, from time `at`.
    fn start_search(&mut self, at: u64, bus: &mut Bus<'_>) {
        let five_turns = self.byte_time((self.byte_clock(at) / TRACK_BYTES + 5) * TRACK_BYTES);
        let not_found = |wd: &mut Self| {
            wd.phase = if bus.view().turning() {
                Phase::NotFound { at: five_turns }
            } else {
                Phase::NotFound { at }
            };
        };
        match self.command >> 4 {
            0x8..=0xB => {
                let write = self.command & 0x20 != 0;
                if write && bus.view().write_protected() {
                    self.status |= WRITE_PROTECT;
                    return self.end(at);
                }
                if !bus.view().turning() || !bus.view().has_sector(self.track, self.sector) {
                    return not_found(self);
                }
                let slot = self.sector - 1;
                let id = self.next_pass(at, disk::id_position(slot));
                let (track, side, r) = (bus.view().head(), bus.side, self.sector);
                if write {
                    let drq0 = id + 9;
                    let check = drq0 + 8;
                    let take0 = check + 17;
                    self.phase = Phase::Write {
                        buf: vec![0; SECTOR],
                        provided: 0,
                        drq0,
                        check,
                        take0,
                        end: take0 + SECTOR as u64 + 3,
                        target: WriteTarget::Sector { track, side, r },
                    };
                } else {
                    let dam = id - disk::id_position(slot) + disk::data_position(slot);
                    let buf = bus
                        .view()
                        .disk()
                        .and_then(|d| d.read_sector(track, side, r))
                        .map_or_else(|| vec![0; SECTOR], <[u8]>::to_vec);
                    self.phase = Phase::Read {
                        kind: ReadKind::Sector,
                        buf,
                        first: dam + 1,
                        next: 0,
                        end: dam + 1 + SECTOR as u64 + 2,
                    };
                }
            }
            0xC => {
                let sectors = bus.view().sectors();
                if !bus.view().turning() || sectors == 0 {
                    return not_found(self);
                }
                // The next ID field of any sector.
                let (slot, id) = (0..sectors)
                    .map(|s| (s, self.next_pass(at, disk::id_position(s))))
                    .min_by_key(|&(_, b)| b)
                    .unwrap_or((0, 0));
                let field = disk::id_field(bus.view().head(), bus.side, slot + 1);
                // The chip copies the ID's track address into the sector register.
                self.sector = field[0];
                self.phase = Phase::Read {
                    kind: ReadKind::Address,
                    buf: field.to_vec(),
                    first: id + 1,
                    next: 0,
                    end: id + 7,
                };
            }
            _ => {
                // Read track: from one index pulse to the next.
                if !bus.view().turning() {
                    return self.end(at);
                }
                let index = self.next_pass(at, 0);
                let buf = bus
                    .view()
                    .disk()
                    .map(|d| disk::raw_track(d, bus.view().head(), bus.side))
                    .unwrap_or_default();
                self.phase = Phase::Read {
                    kind: ReadKind::Track,
                    buf,
                    first: index + 1,
                    next: 0,
                    end: index + TRACK_BYTES,
                };
            }
        }
    }

    fn force_interrupt(&mut self, now: u64, bus: &mut Bus<'_>) {
        let flags = self.command & 0x0F;
        if flags == 0 {
            self.immediate_irq = false;
        }
        if flags & 0x04 != 0 && bus.view().ready() {
            self.irq_at = Some(self.byte_time(self.next_pass(now, 0)));
        }
        if flags & 0x08 != 0 {
            self.immediate_irq = true;
        }
        self.phase = Phase::Idle;
        self.status &= !BUSY;
    }
}

/// The sectors a WRITE TRACK byte stream formats: ID marks
/// (F5 F5 F5 FE C H R N F7) followed by a data mark (F5 F5 F5 FB) and the
/// sector's bytes. F5 stands for A1 and F7 for the two CRC bytes, as the
/// chip interprets them.
fn parse_format_stream(stream: &[u8]) -> Vec<(u8, Vec<u8>)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i + 8 <= stream.len() {
        if stream[i..i + 4] != [0xF5, 0xF5, 0xF5, 0xFE] {
            i += 1;
            continue;
        }
        let r = stream[i + 6];
        let size = 128usize << (stream[i + 7] & 3);
        let mut j = i + 8;
        while j + 4 <= stream.len() && stream[j..j + 4] != [0xF5, 0xF5, 0xF5, 0xFB] {
            if stream[j..j + 4] == [0xF5, 0xF5, 0xF5, 0xFE] {
                break;
            }
            j += 1;
        }
        if j + 4 + size <= stream.len() && stream[j..j + 4] == [0xF5, 0xF5, 0xF5, 0xFB] {
            out.push((r, stream[j + 4..j + 4 + size].to_vec()));
            i = j + 4 + size;
        } else {
            i = j;
        }
    }
    out
}
