//! Running the machine: whole frames, or until a condition holds.

use super::input::{KeyAction, Queued};
use super::trace::{TraceEntry, TraceKind};
use super::Machine;

/// When [`Machine::run_until`] stops (besides its frame limit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Until {
    /// Only the frame limit.
    FrameLimit,
    /// The text appears in the character screen (checked at each frame end;
    /// SCREEN 0–3, on one line; non-ASCII codes read as `.`).
    TextOnScreen(String),
    /// The debug device's output contains the text (checked at each frame
    /// end). An empty text means "any output".
    DebugOutputContains(String),
    /// The CPU is about to execute the instruction at this address (checked
    /// before every instruction; the instruction at the starting PC counts
    /// only after the first step).
    PcReached(u16),
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunOutcome {
    /// The condition held, during frame `frame` (frames completed so far).
    Reached {
        /// [`Machine::frame_count`] when it was noticed.
        frame: u64,
    },
    /// The frame limit came first.
    FrameLimit {
        /// [`Machine::frame_count`] at the stop.
        frame: u64,
    },
}

impl RunOutcome {
    /// Whether the condition was met.
    pub fn reached(&self) -> bool {
        matches!(self, RunOutcome::Reached { .. })
    }
}

/// What the instruction loop watches for besides time.
#[derive(Clone, Copy, Debug)]
struct Watch {
    pc: Option<u16>,
    /// The first instruction of a run is not checked (a run that starts on
    /// the breakpoint goes past it).
    armed: bool,
}

impl Machine {
    /// Runs until the current frame ends (the VDP starts the next one).
    pub fn run_frame(&mut self) {
        self.run_frames(1);
    }

    /// Runs `n` whole frames.
    ///
    /// Only the last of them is drawn: the others are never seen (the
    /// caller gets control back after the last), and everything but the
    /// pixels (status flags, sprite collisions, VRAM, sound) runs exactly
    /// as when they are drawn, so [`Machine::frame`] afterwards is the
    /// same, byte for byte. (With [`Machine::set_rendering`] off, none is.)
    pub fn run_frames(&mut self, n: u64) {
        let target = self.frame_count() + n;
        let mut watch = Watch {
            pc: None,
            armed: true,
        };
        while self.frame_count() < target {
            self.board.vdp.run_to(self.cpu.cycles());
            // Each pass ends at a frame end; the last frame is drawn from
            // its start (the few T-states the CPU runs past a frame end do
            // not reach the first visible line).
            let last = self.frame_count() + 1 >= target;
            self.board.vdp.set_render(self.rendering && last);
            let end = self.board.vdp.frame_end_time();
            self.run_stretches(end, &mut watch);
        }
        self.board.vdp.set_render(self.rendering);
    }

    /// Runs at least `t_states` T-states (the last instruction may end a few
    /// later).
    pub fn run_cycles(&mut self, t_states: u64) {
        let end = self.cpu.cycles() + t_states;
        let mut watch = Watch {
            pc: None,
            armed: true,
        };
        self.run_stretches(end, &mut watch);
    }

    /// Executes one instruction (or accepts one interrupt, or spends one
    /// halted M1 cycle); returns its T-states.
    pub fn step_instruction(&mut self) -> u32 {
        self.sync_devices();
        let t = if let Some(trace) = self.trace.as_mut() {
            record(trace, &self.cpu, &self.board, self.board.vdp.frame_count());
            self.cpu.step(&mut self.board)
        } else {
            self.cpu.step(&mut self.board)
        };
        self.board.vdp.run_to(self.cpu.cycles());
        t
    }

    /// Runs until `until` holds or `max_frames` more frames have run.
    pub fn run_until(&mut self, until: &Until, max_frames: u64) -> RunOutcome {
        let limit = self.frame_count().saturating_add(max_frames);
        let mut watch = Watch {
            pc: match until {
                Until::PcReached(pc) => Some(*pc),
                _ => None,
            },
            armed: false,
        };
        let mut debug_from = 0usize;
        loop {
            let frame = self.frame_count();
            if self.holds(until, &mut debug_from) {
                return RunOutcome::Reached { frame };
            }
            if frame >= limit {
                return RunOutcome::FrameLimit { frame };
            }
            self.board.vdp.run_to(self.cpu.cycles());
            let end = self.board.vdp.frame_end_time();
            if self.run_stretches(end, &mut watch) {
                return RunOutcome::Reached {
                    frame: self.frame_count(),
                };
            }
        }
    }

    /// The frame-end conditions.
    fn holds(&self, until: &Until, debug_from: &mut usize) -> bool {
        match until {
            Until::FrameLimit | Until::PcReached(_) => false,
            Until::TextOnScreen(text) => self
                .text_screen()
                .is_some_and(|s| s.to_string().contains(text.as_str())),
            Until::DebugOutputContains(text) => {
                let out = self.debug_output();
                if text.is_empty() {
                    return !out.is_empty();
                }
                let needle = text.as_bytes();
                // Search only what is new, plus an overlap for a match that
                // straddles the previous end.
                let from = debug_from.saturating_sub(needle.len() - 1).min(out.len());
                *debug_from = out.len();
                out[from..].windows(needle.len()).any(|w| w == needle)
            }
        }
    }

    /// Brings the devices up to the CPU's time: the VDP (frames, interrupt
    /// flags), the audio of finished frames, the key events due, the INT
    /// line.
    fn sync_devices(&mut self) {
        let now = self.cpu.cycles();
        self.board.vdp.run_to(now);
        let frame = self.board.vdp.frame_count();
        if frame != self.audio_frame {
            self.audio_frame = frame;
            self.collect_audio();
        }
        while let Some(e) = self.input.pop_due(frame) {
            match e {
                Queued::Key(e) => match e.action {
                    KeyAction::Press => self.board.ppi.press(e.key),
                    KeyAction::Release => self.board.ppi.release(e.key),
                },
                Queued::Mouse(e) => self.apply_mouse(e.action),
            }
        }
        self.board.sync_int();
        self.cpu.set_int_line(self.board.int_level);
        self.board.resync = false;
        self.board.timing_key = super::board::timing_key(&self.board.vdp);
    }

    /// Runs the CPU up to T-state `until` in stretches between interrupt
    /// moments. Returns true if the watched PC was reached.
    fn run_stretches(&mut self, until: u64, watch: &mut Watch) -> bool {
        loop {
            self.sync_devices();
            let now = self.cpu.cycles();
            if now >= until {
                return false;
            }
            let vdp = &self.board.vdp;
            let end = until.min(vdp.frame_end_time()).min(vdp.next_irq_time(now));
            if watch.pc.is_some() || self.trace.is_some() {
                if self.run_watched(end, watch) {
                    return true;
                }
            } else {
                self.run_fast(end);
            }
        }
    }

    /// The hot loop: the core's own `run` until `end`, or until the board
    /// asks for a resync through `Bus::stop_run` (a halted CPU with no
    /// interrupt possible skips to `end` inside `run`).
    fn run_fast(&mut self, end: u64) {
        self.cpu.run(&mut self.board, end);
    }

    /// The loop with a breakpoint and/or the trace.
    fn run_watched(&mut self, end: u64, watch: &mut Watch) -> bool {
        let frame = self.board.vdp.frame_count();
        let cpu = &mut self.cpu;
        let board = &mut self.board;
        while cpu.cycles() < end && !board.resync {
            let halted = cpu.regs.halted;
            if watch.armed
                && !halted
                && watch.pc == Some(cpu.regs.pc)
                && !will_interrupt(cpu, board.int_level)
            {
                return true;
            }
            watch.armed = true;
            if halted && !(board.int_level && cpu.regs.iff1) && !cpu.nmi_pending() {
                cpu.run(board, end);
                break;
            }
            if let Some(trace) = self.trace.as_mut() {
                if !halted || will_interrupt(cpu, board.int_level) {
                    record(trace, cpu, board, frame);
                }
            }
            cpu.step(board);
        }
        false
    }
}

/// Whether the next step accepts an interrupt instead of executing at PC.
fn will_interrupt(cpu: &z80_cpu::Cpu, int_level: bool) -> bool {
    !cpu.in_prefix() && (cpu.nmi_pending() || (int_level && cpu.regs.iff1 && !cpu.regs.ei_delay))
}

fn record(
    trace: &mut super::trace::Trace,
    cpu: &z80_cpu::Cpu,
    board: &super::board::Board,
    frame: u64,
) {
    let pc = cpu.regs.pc;
    let now = cpu.cycles();
    let mut bytes = [0u8; 4];
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = board.memory.peek(pc.wrapping_add(i as u16), now);
    }
    let kind = if cpu.in_prefix() {
        TraceKind::Instruction
    } else if cpu.nmi_pending() {
        TraceKind::Nmi
    } else if board.int_level && cpu.regs.iff1 && !cpu.regs.ei_delay {
        TraceKind::Interrupt
    } else {
        TraceKind::Instruction
    };
    trace.push(TraceEntry {
        cycle: now,
        frame,
        kind,
        bytes,
        regs: cpu.regs,
    });
}
