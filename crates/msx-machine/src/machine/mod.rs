//! The whole MSX2: the Z80 core wired to the devices, run frame by frame,
//! headless and deterministic.
//!
//! ```no_run
//! use msx_machine::machine::{Machine, MachineConfig, Until, RunOutcome};
//! use msx_machine::memory::MachineLayout;
//! use msx_machine::ppi::Key;
//!
//! # let (main_rom, sub_rom, game): (Vec<u8>, Vec<u8>, Vec<u8>) = (vec![], vec![], vec![]);
//! let mut layout = MachineLayout::msx2(main_rom, sub_rom, None);
//! layout.insert_cartridge(1, game, None); // None: detect the mapper
//! let mut m = Machine::new(MachineConfig::new(layout))?;
//! m.run_frames(120);
//! m.type_text("hello\n")?;
//! m.press_at(400, Key::Space);
//! m.release_at(403, Key::Space);
//! let outcome = m.run_until(&Until::TextOnScreen("GAME OVER".into()), 3000);
//! assert!(matches!(outcome, RunOutcome::Reached { .. }));
//! let png = m.png_bytes()?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Time
//!
//! The only clock is the CPU's T-state counter (3 579 545 Hz). A frame is
//! what the VDP says it is: 262 lines × 228 T-states = 59 736 T-states in
//! NTSC (313 lines, 71 364 T-states in PAL), switchable by the program
//! through R#9 as on the real chip. Every device catches up lazily to the
//! T-state of each access (the CPU passes it on every bus call), so a frame
//! run in one go or instruction by instruction gives the same result. No
//! wall clock is read anywhere: the RTC starts from a configured time, key
//! presses are scheduled at frames, and the same inputs give the same VRAM,
//! byte for byte, on every run and host.
//!
//! # The run loop
//!
//! The CPU runs in stretches that end at the next moment the VDP may raise
//! its interrupt (VBlank, line interrupt) or the frame ends. A VDP register
//! write or a status read ends a stretch early (it may move the next
//! interrupt or change the INT level); the loop then brings the VDP up to
//! the CPU's time and hands the INT level to the CPU before the next
//! instruction. Key events are applied at frame starts; audio is collected at
//! frame ends. A halted CPU with no interrupt possible skips to the end of
//! the stretch at once.

mod audio;
mod board;
mod debug_device;
mod input;
mod printer;
mod run;
mod script;
mod seed;
mod state;
mod trace;

pub use audio::wav_bytes;
pub use debug_device::DebugDevice;
pub use input::{
    type_events, KeyAction, KeyEvent, MouseAction, MouseEvent, TypingPace, UntypableChar,
};
pub use printer::PrinterPort;
pub use run::{RunOutcome, Until};
pub use script::{KeyScript, ScriptError};
pub use state::{StateError, STATE_FORMAT_VERSION, STATE_MAGIC};
pub use trace::{TraceEntry, TraceKind};

use z80_cpu::Cpu;

use crate::fdc::{DiskError, DiskImage};
use crate::memory::{CartridgeKind, MachineLayout, Memory, MemoryError, SlotContent, SlotId};
use crate::ppi::{Key, Ppi};
use crate::psg::{Chip, PortDevice, Psg, PsgError};
use crate::rtc::{DateTime, Rtc, RtcError};
use crate::vdp::{Frame, TextScreen, Vdp, VdpConfig, VdpError};
use audio::Mixer;
use board::Board;
use input::InputQueue;
use trace::Trace;

/// The CPU clock of every MSX2 in Hz.
pub const CPU_HZ: u64 = 3_579_545;

/// How to build a machine: the slot layout (ROM images, RAM size,
/// cartridges, disk ROM) and the chips' settings.
#[derive(Clone, Debug)]
pub struct MachineConfig {
    /// What sits in which slot; RAM size with `layout.set_ram_kb`.
    pub layout: MachineLayout,
    /// Start in PAL timing (313 lines, 50 Hz) instead of NTSC (262, 60 Hz).
    pub pal: bool,
    /// Video RAM: 64 or 128 KB (16 for an MSX1-like VDP setup).
    pub vram_kb: u32,
    /// What the real-time clock shows at power-on (it then counts emulated
    /// time only).
    pub rtc_start: DateTime,
    /// YM2149 (default, as MSX2 machines) or AY-3-8910.
    pub psg_chip: Chip,
    /// Audio sample rate in Hz.
    pub sample_rate: u32,
    /// What is plugged into joystick port 1: a joystick (the default; with
    /// nothing pressed it reads as an empty port) or a mouse. Port 2 holds a
    /// joystick.
    pub port1: PortDevice,
    /// What a real machine varies from one power-on to the next (see
    /// `docs/machine.md`): the floppy disk's rotational position, and so
    /// the timing of the boot and of everything after it. 0, the default,
    /// is the disk standing at the index: the same machine on every run.
    /// Not part of a save state's fingerprint: a state holds the disk's
    /// position itself.
    pub seed: u64,
}

/// The RTC's time at power-on unless configured: a fixed moment, so that
/// runs do not depend on when they happen.
pub const DEFAULT_RTC_START: DateTime = DateTime::new(2026, 1, 1, 0, 0, 0);

impl MachineConfig {
    /// NTSC, 128 KB VRAM, RTC at [`DEFAULT_RTC_START`], YM2149, 44 100 Hz,
    /// seed 0.
    pub fn new(layout: MachineLayout) -> Self {
        MachineConfig {
            layout,
            pal: false,
            vram_kb: 128,
            rtc_start: DEFAULT_RTC_START,
            psg_chip: Chip::Ym2149,
            sample_rate: 44_100,
            port1: PortDevice::Joystick,
            seed: 0,
        }
    }
}

/// What can go wrong building or changing a machine.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum MachineError {
    /// The slot layout is not buildable.
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// The VDP configuration.
    #[error(transparent)]
    Vdp(#[from] VdpError),
    /// The RTC start time.
    #[error(transparent)]
    Rtc(#[from] RtcError),
    /// The PSG configuration.
    #[error(transparent)]
    Psg(#[from] PsgError),
    /// A disk for a machine without a disk ROM (no floppy controller).
    #[error("this machine has no disk drive: its layout has no disk ROM (SlotContent::DiskRom)")]
    NoDiskDrive,
    /// A disk image that is not a supported format.
    #[error(transparent)]
    Disk(#[from] DiskError),
    /// Text with a character no key types.
    #[error(transparent)]
    Untypable(#[from] UntypableChar),
    /// Encoding the PNG failed.
    #[error("PNG encoding failed: {0}")]
    Png(String),
}

/// An MSX2 computer.
///
/// `Clone` is a save state: a clone continues exactly as the original would.
#[derive(Clone, Debug)]
pub struct Machine {
    cpu: Cpu,
    board: Board,
    config: MachineConfig,
    input: InputQueue,
    pace: TypingPace,
    mixer: Mixer,
    /// Slots whose cartridge has an SCC (audio sources after the PSG).
    scc_slots: Vec<SlotId>,
    /// Frame count at which audio was last collected.
    audio_frame: u64,
    trace: Option<Trace>,
    /// Frames are drawn (see [`Machine::set_rendering`]).
    rendering: bool,
}

impl Machine {
    /// Powers on a machine built from `config`.
    pub fn new(config: MachineConfig) -> Result<Machine, MachineError> {
        let memory = Memory::new(&config.layout)?;
        let vdp = Vdp::new(VdpConfig {
            vram_kb: config.vram_kb,
            pal: config.pal,
        })?;
        let mut psg = Psg::new(config.psg_chip, config.sample_rate)?;
        psg.plug(0, config.port1);
        let rtc = Rtc::new(config.rtc_start)?;
        let mut cpu = Cpu::new();
        // Every MSX inserts one wait state in each M1 cycle.
        cpu.set_m1_wait_states(1);
        let mut machine = Machine {
            cpu,
            board: Board {
                memory,
                vdp,
                psg,
                ppi: Ppi::new(),
                rtc,
                debug: DebugDevice::new(),
                printer: PrinterPort::default(),
                int_level: false,
                resync: false,
                timing_key: 0,
            },
            config,
            input: InputQueue::default(),
            pace: TypingPace::default(),
            mixer: Mixer::default(),
            scc_slots: Vec::new(),
            audio_frame: 0,
            trace: None,
            rendering: true,
        };
        machine.find_sccs();
        if let Some(fdc) = machine.board.memory.fdc_mut() {
            fdc.set_power_on_rotation(seed::disk_rotation(machine.config.seed));
        }
        // Nobody records audio yet.
        machine.board.psg.set_synthesis(false, 0);
        Ok(machine)
    }

    /// The configuration the machine was built from (with the cartridges
    /// inserted since).
    pub fn config(&self) -> &MachineConfig {
        &self.config
    }

    fn find_sccs(&mut self) {
        let rate = self.config.sample_rate;
        self.scc_slots.clear();
        for item in &self.config.layout.items {
            if let Some(scc) = self
                .board
                .memory
                .cartridge_mut(item.slot)
                .and_then(|c| c.scc_mut())
            {
                scc.set_sample_rate(rate);
                self.scc_slots.push(item.slot);
            }
        }
    }

    /// The reset button: CPU, VDP registers, slots and mapper, cartridge
    /// banks, PPI, PSG and the floppy controller return to their power-on
    /// state; RAM, VRAM, disks, the RTC's time and RAM and the keys held are
    /// kept.
    pub fn reset(&mut self) {
        let now = self.cpu.cycles();
        self.cpu.reset();
        let b = &mut self.board;
        b.vdp.reset(now);
        b.memory.reset();
        b.ppi.reset();
        b.memory.set_primary_slots(b.ppi.slot_select());
        b.psg.reset(now);
        b.rtc.reset(now);
        b.debug.reset();
        b.resync = true;
    }

    // ----- Inspection -----------------------------------------------------

    /// The Z80 (registers in `cpu().regs`, T-states in `cpu().cycles()`).
    pub fn cpu(&self) -> &Cpu {
        &self.cpu
    }

    /// The Z80, writable (set registers from a test or a debugger).
    pub fn cpu_mut(&mut self) -> &mut Cpu {
        &mut self.cpu
    }

    /// T-states since power-on.
    pub fn cycles(&self) -> u64 {
        self.cpu.cycles()
    }

    /// Frames completed since power-on.
    pub fn frame_count(&self) -> u64 {
        self.board.vdp.frame_count()
    }

    /// The VDP (registers, status, VRAM, palette, mode).
    pub fn vdp(&self) -> &Vdp {
        &self.board.vdp
    }

    /// The VDP, writable (load VRAM directly in a test).
    pub fn vdp_mut(&mut self) -> &mut Vdp {
        &mut self.board.vdp
    }

    /// The slot system (slot registers, mapper, cartridges, FDC).
    pub fn memory(&self) -> &Memory {
        &self.board.memory
    }

    /// The slot system, writable.
    pub fn memory_mut(&mut self) -> &mut Memory {
        &mut self.board.memory
    }

    /// The PSG (registers, joystick ports).
    pub fn psg(&self) -> &Psg {
        &self.board.psg
    }

    /// The PSG, writable (plug joysticks with `set_joystick`).
    pub fn psg_mut(&mut self) -> &mut Psg {
        &mut self.board.psg
    }

    /// The PPI (keyboard matrix, slot select, LEDs).
    pub fn ppi(&self) -> &Ppi {
        &self.board.ppi
    }

    /// The real-time clock.
    pub fn rtc(&self) -> &Rtc {
        &self.board.rtc
    }

    /// The real-time clock, writable (restore its RAM).
    pub fn rtc_mut(&mut self) -> &mut Rtc {
        &mut self.board.rtc
    }

    /// The byte the CPU would read at `addr` now, without side effects.
    pub fn peek(&self, addr: u16) -> u8 {
        self.board.memory.peek(addr, self.cpu.cycles())
    }

    /// `len` bytes from `addr` as the CPU sees them now (wrapping at 64 KB).
    pub fn peek_range(&self, addr: u16, len: usize) -> Vec<u8> {
        (0..len)
            .map(|i| self.peek(addr.wrapping_add(i as u16)))
            .collect()
    }

    /// `len` bytes from `addr` of slot `slot`, whatever is selected now (as
    /// RDSLT would read them), without side effects on the machine.
    pub fn peek_slot(&self, slot: SlotId, addr: u16, len: usize) -> Vec<u8> {
        // Select the slot in a copy of the slot system, page by page.
        let mut mem = self.board.memory.clone();
        let now = self.cpu.cycles();
        let mut out = Vec::with_capacity(len);
        let mut selected_page = None;
        for i in 0..len {
            let a = addr.wrapping_add(i as u16);
            let page = (a >> 14) as u8;
            if selected_page != Some(page) {
                select_slot(&mut mem, slot, page);
                selected_page = Some(page);
            }
            out.push(mem.peek(a, now));
        }
        out
    }

    /// The memory mapper's RAM (segment n at n × 16 KB), if the machine has one.
    pub fn mapper_ram(&self) -> Option<&[u8]> {
        self.board.memory.mapper_ram()
    }

    /// A CPU write at `addr` (through the slots selected now, with the
    /// side effects a program's write would have).
    pub fn poke(&mut self, addr: u16, value: u8) {
        let now = self.cpu.cycles();
        self.board.memory.write(addr, value, now);
    }

    /// The VRAM as the CPU sees it in the current mode (what golden dumps
    /// compare; openMSX's `VRAM` debuggable).
    pub fn vram(&self) -> Vec<u8> {
        self.board.vdp.vram_cpu_view()
    }

    /// The last complete frame (RGB, 320 or 640 × 240 with the border).
    pub fn frame(&self) -> &Frame {
        self.board.vdp.frame()
    }

    /// Draws frames (on, the default) or not. Off, the machine runs exactly
    /// as before (VRAM, status flags, sprite collisions, interrupts, sound)
    /// but makes no pixels, and [`Machine::frame`] keeps the last frame
    /// drawn whole: for headless runs that only look at VRAM, text or debug
    /// output. Switch it back on and run a frame (`run_frame`) to see the
    /// screen again. [`Machine::run_frames`] already skips drawing all but
    /// its last frame by itself.
    pub fn set_rendering(&mut self, on: bool) {
        self.rendering = on;
        self.board.vdp.set_render(on);
    }

    /// Whether frames are drawn.
    pub fn rendering(&self) -> bool {
        self.rendering
    }

    /// The last complete frame as a PNG file.
    pub fn png_bytes(&self) -> Result<Vec<u8>, MachineError> {
        frame_png(self.frame())
    }

    /// The characters on screen in a character mode (SCREEN 0–3), `None` in
    /// the bitmap modes.
    pub fn text_screen(&self) -> Option<TextScreen> {
        self.board.vdp.text_screen()
    }

    /// What programs printed on the debug device (ports 0x2E/0x2F).
    pub fn debug_output(&self) -> &[u8] {
        self.board.debug.output()
    }

    /// Plugs a printer into the printer port (`true`), or pulls it out. With
    /// none (the power-on state) the port reads busy, as on an MSX without a
    /// printer; a plugged-in printer is always ready and keeps what it is sent.
    pub fn plug_printer(&mut self, plugged: bool) {
        self.board.printer.plug(plugged);
    }

    /// The bytes the printer took (LPTOUT, LPRINT, MSX-DOS's PRN…), since
    /// power-on or the last [`Machine::take_printer_output`].
    pub fn printer_output(&self) -> &[u8] {
        self.board.printer.printed()
    }

    /// The printer's output, removed.
    pub fn take_printer_output(&mut self) -> Vec<u8> {
        self.board.printer.take_printed()
    }

    /// The debug output, removed.
    pub fn take_debug_output(&mut self) -> Vec<u8> {
        self.board.debug.take_output()
    }

    // ----- Keyboard -------------------------------------------------------

    /// Presses a key now.
    pub fn press(&mut self, key: Key) {
        self.board.ppi.press(key);
    }

    /// Releases a key now.
    pub fn release(&mut self, key: Key) {
        self.board.ppi.release(key);
    }

    /// Releases every key now.
    pub fn release_all(&mut self) {
        self.board.ppi.keyboard_mut().release_all();
    }

    /// Presses a key when frame `frame` (counted from power-on) starts.
    pub fn press_at(&mut self, frame: u64, key: Key) {
        self.schedule(KeyEvent {
            frame,
            key,
            action: KeyAction::Press,
        });
    }

    /// Releases a key when frame `frame` starts.
    pub fn release_at(&mut self, frame: u64, key: Key) {
        self.schedule(KeyEvent {
            frame,
            key,
            action: KeyAction::Release,
        });
    }

    /// Schedules one key event.
    pub fn schedule(&mut self, event: KeyEvent) {
        self.input.push(event);
    }

    /// Schedules every event of a key script (its frames are absolute). A
    /// script with mouse commands plugs a mouse into port 1 (if one is not
    /// there already): it cannot mean the joystick.
    pub fn schedule_script(&mut self, script: &KeyScript) {
        for &e in &script.events {
            self.input.push(e);
        }
        if !script.mouse_events.is_empty() {
            self.board.psg.plug(0, PortDevice::Mouse);
        }
        for &e in &script.mouse_events {
            self.input.push_mouse(e);
        }
    }

    /// Schedules one mouse event (for the mouse in port 1; ignored when port
    /// 1 holds a joystick at that frame).
    pub fn schedule_mouse(&mut self, event: MouseEvent) {
        self.input.push_mouse(event);
    }

    /// Applies a mouse action now to the mouse in port 1, if there is one.
    pub fn apply_mouse(&mut self, action: MouseAction) {
        let Some(mouse) = self.board.psg.mouse_mut(0) else {
            return;
        };
        match action {
            MouseAction::Move { dx, dy } => mouse.move_by(dx, dy),
            MouseAction::Press(b) => mouse.set_button(b, true),
            MouseAction::Release(b) => mouse.set_button(b, false),
        }
    }

    /// Key events not yet applied.
    pub fn pending_key_events(&self) -> usize {
        self.input.len()
    }

    /// Drops the key events not yet applied.
    pub fn clear_key_events(&mut self) {
        self.input.clear();
    }

    /// How `type_text` paces the keys.
    pub fn set_typing_pace(&mut self, pace: TypingPace) {
        self.pace = pace;
    }

    /// Types `text` from now on (`\n` is RETURN), one character per
    /// [`TypingPace::per_char`] frames; returns the frame after the last
    /// character. Run the machine to that frame to have it all typed.
    pub fn type_text(&mut self, text: &str) -> Result<u64, MachineError> {
        self.type_text_at(self.frame_count(), text)
    }

    /// Types `text` from frame `frame` on; returns the frame after it.
    pub fn type_text_at(&mut self, frame: u64, text: &str) -> Result<u64, MachineError> {
        let (events, end) = type_events(text, frame, self.pace)?;
        for e in events {
            self.input.push(e);
        }
        Ok(end)
    }

    // ----- Media ----------------------------------------------------------

    fn fdc_mut(&mut self) -> Result<&mut crate::fdc::PhilipsFdc, MachineError> {
        self.board.memory.fdc_mut().ok_or(MachineError::NoDiskDrive)
    }

    /// Number of floppy drives (0 without a disk ROM).
    pub fn drive_count(&self) -> usize {
        self.board.memory.fdc().map_or(0, |f| f.drive_count())
    }

    /// Puts a disk image (720/360 KB, or the 8-sector formats) in drive
    /// `drive` (0 = A:), replacing the one there. The disk ROM sees a disk
    /// change.
    pub fn insert_disk(&mut self, drive: usize, image: Vec<u8>) -> Result<(), MachineError> {
        // No drive is the first thing to say, whatever the image.
        let fdc = self.fdc_mut()?;
        let disk = DiskImage::from_bytes(image)?;
        fdc.insert(drive, disk)?;
        Ok(())
    }

    /// Takes the disk out of drive `drive`: its bytes, writes included.
    pub fn eject_disk(&mut self, drive: usize) -> Option<Vec<u8>> {
        let fdc = self.board.memory.fdc_mut()?;
        fdc.eject(drive).map(DiskImage::into_bytes)
    }

    /// The current bytes of the disk in drive `drive` (writes included).
    pub fn disk_image(&self, drive: usize) -> Option<&[u8]> {
        self.board.memory.fdc()?.image(drive).map(DiskImage::bytes)
    }

    /// Whether the program wrote to the disk in drive `drive`.
    pub fn disk_modified(&self, drive: usize) -> bool {
        self.board
            .memory
            .fdc()
            .and_then(|f| f.image(drive))
            .is_some_and(DiskImage::is_modified)
    }

    /// Inserts a cartridge in slot `slot` (1 or 2 on the standard layouts),
    /// `kind: None` to detect the mapper, and **resets the machine**, as
    /// plugging a cartridge into a running MSX does at best. RAM, VRAM and
    /// disks are kept; time goes on. Returns the mapper chosen.
    pub fn insert_cartridge(
        &mut self,
        slot: u8,
        image: Vec<u8>,
        kind: Option<CartridgeKind>,
    ) -> Result<CartridgeKind, MachineError> {
        let mut layout = self.config.layout.clone();
        layout.insert_cartridge(slot, image, kind);
        let mut memory = Memory::new(&layout)?;
        // Keep the RAM and the disks.
        if let (Some(old), Some(new)) = (self.board.memory.mapper_ram(), memory.mapper_ram_mut()) {
            if old.len() == new.len() {
                new.copy_from_slice(old);
            }
        }
        let drives = self.drive_count();
        for d in 0..drives {
            let disk = self.board.memory.fdc_mut().and_then(|f| f.take_image(d));
            if let (Some(disk), Some(fdc)) = (disk, memory.fdc_mut()) {
                // The drive count is the same: the disk ROM item is unchanged.
                let _ = fdc.insert(d, disk);
            }
        }
        self.board.memory = memory;
        self.config.layout = layout;
        self.find_sccs();
        self.reset();
        Ok(self.cartridge_kind(slot).unwrap_or(CartridgeKind::Plain))
    }

    /// The mapper of the cartridge in primary slot `slot`, if one is there.
    pub fn cartridge_kind(&self, slot: u8) -> Option<CartridgeKind> {
        self.board
            .memory
            .cartridge(SlotId::primary(slot))
            .map(|c| c.kind())
    }

    /// Whether the layout has a disk ROM (disks can boot).
    pub fn has_disk_rom(&self) -> bool {
        self.config
            .layout
            .items
            .iter()
            .any(|i| matches!(i.content, SlotContent::DiskRom { .. }))
    }

    // ----- Audio and trace ------------------------------------------------

    /// Starts (or stops) keeping the mixed audio. Off by default: a long
    /// headless run would otherwise hold minutes of samples.
    ///
    /// While off, the PSG makes no samples at all (only its registers and
    /// generators are kept exact): synthesis is most of the cost of a
    /// silent-by-default headless run. Switched on, the sound starts at the
    /// current T-state (see [`Psg::set_synthesis`]).
    pub fn set_audio_capture(&mut self, on: bool) {
        if on == self.mixer.capturing() {
            return;
        }
        // Every source up to now first, so that they all start (or stop)
        // at the same sample.
        self.collect_audio();
        let now = self.cpu.cycles();
        self.board.psg.set_synthesis(on, now);
        self.mixer.set_capture(on);
    }

    /// Whether audio is being kept.
    pub fn audio_capture(&self) -> bool {
        self.mixer.capturing()
    }

    /// The audio kept so far: mono samples in −1..1 at the configured rate,
    /// up to the last frame end.
    pub fn audio_samples(&self) -> &[f32] {
        self.mixer.captured()
    }

    /// The audio kept so far, removed.
    pub fn take_audio(&mut self) -> Vec<f32> {
        self.mixer.take()
    }

    /// The audio kept so far as a WAV file (16-bit mono PCM).
    pub fn wav_bytes(&self) -> Vec<u8> {
        wav_bytes(self.mixer.captured(), self.config.sample_rate)
    }

    /// Turns the instruction trace on, keeping the last `limit` entries, or
    /// off with `None`. Tracing makes the run several times slower.
    pub fn set_trace(&mut self, limit: Option<usize>) {
        self.trace = limit.map(Trace::new);
    }

    /// The trace so far (oldest first) and how many older entries were
    /// dropped to respect the limit; the buffer is emptied.
    pub fn take_trace(&mut self) -> (Vec<TraceEntry>, u64) {
        self.trace.as_mut().map_or((Vec::new(), 0), Trace::take)
    }

    /// Collects the samples of every sound source up to now.
    fn collect_audio(&mut self) {
        let now = self.cpu.cycles();
        let b = &mut self.board;
        b.psg.run_to(now);
        let mut sources = vec![b.psg.take_samples()];
        for &slot in &self.scc_slots {
            if let Some(scc) = b.memory.cartridge_mut(slot).and_then(|c| c.scc_mut()) {
                scc.run_to(now);
                sources.push(scc.take_samples());
            }
        }
        self.mixer.add(sources);
    }
}

/// Makes slot `slot` visible in `page` of `mem` (primary register, and the
/// sub-slot register of an expanded slot, written through page 3).
fn select_slot(mem: &mut Memory, slot: SlotId, page: u8) {
    let p = slot.primary & 3;
    let shift = 2 * page;
    if let Some(sub) = slot.secondary {
        // Page 3 on the primary slot to reach its sub-slot register.
        let with_p3 = (mem.primary_slots() & 0x3F) | (p << 6);
        mem.set_primary_slots(with_p3);
        let current = mem.subslot_register(p).unwrap_or(0);
        let value = (current & !(3 << shift)) | ((sub & 3) << shift);
        mem.write(0xFFFF, value, 0);
    }
    let value = (mem.primary_slots() & !(3 << shift)) | (p << shift);
    mem.set_primary_slots(value);
}

/// A frame as a PNG file.
pub fn frame_png(frame: &Frame) -> Result<Vec<u8>, MachineError> {
    let img = image::RgbImage::from_raw(frame.width as u32, frame.height as u32, frame.to_rgb8())
        .ok_or_else(|| MachineError::Png("frame size does not match its pixels".into()))?;
    let mut out = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .map_err(|e| MachineError::Png(e.to_string()))?;
    Ok(out)
}
