//! A small runner for built programs: the `z80-cpu` core over a flat 64 KB of RAM, with
//! the BIOS entries and BDOS functions the runtime uses served in Rust (high-level
//! emulation: when the program counter reaches an entry, the call is answered and a `RET`
//! is simulated). It is the test bench of the code generator and the cycle counter of
//! the code-quality benchmarks; whole-machine tests use `msx-machine` instead.
//!
//! Timing follows an MSX: one wait state on every opcode fetch. There are no interrupts;
//! JIFFY (0xFC9E) reads as the number of 1/60 s periods elapsed.

use std::collections::{BTreeMap, VecDeque};

use z80_cpu::{Bus, Cpu};

use crate::link::{Output, Target};

/// Why [`Sim::run`] stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The program ended (`rt_halt`).
    Halted,
    /// The program waits for a key and none is queued.
    NeedKey,
    /// The cycle budget ran out.
    Timeout,
    /// The program called something the runner does not serve.
    Unhandled(String),
}

/// A text screen fed by CHPUT (40 × 24, as SCREEN 0 after `WIDTH 40`).
#[derive(Clone, Debug)]
pub struct Screen {
    pub cols: usize,
    pub rows: usize,
    pub cells: Vec<u8>,
    pub x: usize,
    pub y: usize,
    esc: Vec<u8>,
}

impl Screen {
    fn new() -> Screen {
        Screen {
            cols: 40,
            rows: 24,
            cells: vec![b' '; 40 * 24],
            x: 0,
            y: 0,
            esc: Vec::new(),
        }
    }

    fn scroll(&mut self) {
        self.cells.drain(..self.cols);
        self.cells.extend(std::iter::repeat_n(b' ', self.cols));
        self.y = self.rows - 1;
    }

    fn newline(&mut self) {
        self.y += 1;
        if self.y >= self.rows {
            self.scroll();
        }
    }

    fn put(&mut self, c: u8) {
        if !self.esc.is_empty() {
            self.esc.push(c);
            match self.esc.as_slice() {
                [27, b'Y', r, c] => {
                    self.y = (r.saturating_sub(32) as usize).min(self.rows - 1);
                    self.x = (c.saturating_sub(32) as usize).min(self.cols - 1);
                    self.esc.clear();
                }
                [27, b'Y'] | [27, b'Y', _] => {}
                [27, b'K'] => {
                    let row = self.y * self.cols;
                    self.cells[row + self.x..row + self.cols].fill(b' ');
                    self.esc.clear();
                }
                _ => self.esc.clear(),
            }
            return;
        }
        match c {
            27 => self.esc.push(27),
            13 => self.x = 0,
            10 => self.newline(),
            12 => {
                self.cells.fill(b' ');
                self.x = 0;
                self.y = 0;
            }
            11 => {
                self.x = 0;
                self.y = 0;
            }
            8 => self.x = self.x.saturating_sub(1),
            c if c >= 32 => {
                self.cells[self.y * self.cols + self.x] = c;
                self.x += 1;
                if self.x >= self.cols {
                    self.x = 0;
                    self.newline();
                }
            }
            _ => {}
        }
    }

    /// The screen as lines with trailing blanks removed, trailing empty lines dropped.
    pub fn text(&self) -> String {
        let mut lines: Vec<String> = self
            .cells
            .chunks(self.cols)
            .map(|r| String::from_utf8_lossy(r).trim_end().to_string())
            .collect();
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        lines.join("\n")
    }
}

/// Memory and ports of the runner.
pub struct Machine {
    pub mem: Vec<u8>,
    /// Every OUT, in order: (port, value).
    pub port_writes: Vec<(u8, u8)>,
    /// Values returned by IN (default 0, but 80h on port 99h: a VDP status whose TR
    /// bit always says "ready for the next byte" and whose CE bit says "no command
    /// running", so the runtime's LMMC loops and command waits go straight through).
    pub port_values: [u8; 256],
}

impl Bus for Machine {
    fn read(&mut self, addr: u16, cycle: u64) -> u8 {
        match addr {
            // JIFFY counts 1/60 s.
            0xFC9E => (cycle / 59659) as u8,
            0xFC9F => ((cycle / 59659) >> 8) as u8,
            _ => self.mem[addr as usize],
        }
    }
    fn write(&mut self, addr: u16, value: u8, _cycle: u64) {
        self.mem[addr as usize] = value;
    }
    fn input(&mut self, port: u16, _cycle: u64) -> u8 {
        self.port_values[(port & 0xFF) as usize]
    }
    fn output(&mut self, port: u16, value: u8, _cycle: u64) {
        self.port_writes.push((port as u8, value));
    }
}

/// A program loaded in the runner.
pub struct Sim {
    pub cpu: Cpu,
    pub bus: Machine,
    /// Every byte sent to CHPUT.
    pub printed: Vec<u8>,
    /// Every byte sent to the printer (LPTOUT).
    pub printer: Vec<u8>,
    /// Every byte sent to the auxiliary device (BDOS 04h).
    pub aux: Vec<u8>,
    pub screen: Screen,
    /// Keys CHGET will return, in order.
    pub keys: VecDeque<u8>,
    /// Files seen by the BDOS functions (name in 8.3 upper case, e.g. `RANK.DAT`).
    pub files: BTreeMap<String, Vec<u8>>,
    /// Screen modes set through CHGMOD.
    pub modes: Vec<u8>,
    target: Target,
    halt: u16,
    pub(crate) bdos: crate::sim_bdos::Bdos,
}

const HIMEM: u16 = 0xDE00;
/// The top of the TPA the runner gives a `.com` (a typical MSX-DOS one).
const COM_TPA_TOP: u16 = 0xD800;

impl Sim {
    /// Loads a built program; the stack starts at HIMEM (0xDE00) or, for a `.com`, at
    /// 0xD800 (the top of a typical MSX-DOS TPA).
    pub fn new(out: &Output) -> Sim {
        Sim::from_image(
            &[(out.load, &out.bytes)],
            out.entry,
            out.symbol("rt_halt").unwrap_or(0),
            out.target,
        )
    }

    /// Loads code made elsewhere (e.g. by another compiler, for comparisons): blocks of
    /// bytes at their addresses, the start address, and the address whose execution
    /// means the end. `target` chooses how BIOS calls are served (directly, or through
    /// CALSLT for a `.com`) and where the stack starts.
    pub fn from_image(blocks: &[(u16, &[u8])], entry: u16, halt: u16, target: Target) -> Sim {
        let mut mem = vec![0u8; 0x10000];
        for (load, bytes) in blocks {
            let load = *load as usize;
            let n = bytes.len().min(0x10000 - load);
            mem[load..load + n].copy_from_slice(&bytes[..n]);
        }
        mem[0xFC4A] = HIMEM as u8;
        mem[0xFC4B] = (HIMEM >> 8) as u8;
        if target == Target::Com {
            // MSX-DOS's page 0: `jp` to the BDOS at 0005h, whose address is the top of
            // the TPA, where the stack starts.
            mem[5] = 0xC3;
            mem[6] = COM_TPA_TOP as u8;
            mem[7] = (COM_TPA_TOP >> 8) as u8;
        }
        let mut port_values = [0; 256];
        port_values[0x99] = 0x80;
        let mut cpu = Cpu::new();
        cpu.set_m1_wait_states(1);
        cpu.regs.pc = entry;
        cpu.regs.sp = if target == Target::Com {
            COM_TPA_TOP
        } else {
            HIMEM
        };
        Sim {
            cpu,
            bus: Machine {
                mem,
                port_writes: Vec::new(),
                port_values,
            },
            printed: Vec::new(),
            printer: Vec::new(),
            aux: Vec::new(),
            screen: Screen::new(),
            keys: VecDeque::new(),
            files: BTreeMap::new(),
            modes: Vec::new(),
            target,
            halt,
            bdos: Default::default(),
        }
    }

    /// Queues keys for CHGET.
    pub fn type_keys(&mut self, keys: &[u8]) {
        self.keys.extend(keys);
    }

    /// What was printed, as text (bytes as Latin-1).
    pub fn output(&self) -> String {
        self.printed.iter().map(|&b| b as char).collect()
    }

    pub fn cycles(&self) -> u64 {
        self.cpu.cycles()
    }

    fn ret(&mut self) {
        let sp = self.cpu.regs.sp;
        let lo = self.bus.mem[sp as usize] as u16;
        let hi = self.bus.mem[sp.wrapping_add(1) as usize] as u16;
        self.cpu.regs.pc = hi << 8 | lo;
        self.cpu.regs.sp = sp.wrapping_add(2);
    }

    fn set_zero(&mut self, z: bool) {
        if z {
            self.cpu.regs.f |= 0x40;
        } else {
            self.cpu.regs.f &= !0x40;
        }
    }

    /// Serves a BIOS entry; `None` if the program must stop.
    fn bios(&mut self, entry: u16) -> Result<(), Stop> {
        let r = &mut self.cpu.regs;
        match entry {
            0x00A2 => {
                let c = r.a;
                self.printed.push(c);
                self.screen.put(c);
            }
            0x009F => match self.keys.pop_front() {
                Some(k) => r.a = k,
                None => return Err(Stop::NeedKey),
            },
            0x009C => {
                let empty = self.keys.is_empty();
                r.a = self.keys.front().copied().unwrap_or(0);
                self.set_zero(empty);
            }
            0x00C6 => {
                self.screen.x = (r.h as usize).saturating_sub(1).min(self.screen.cols - 1);
                self.screen.y = (r.l as usize).saturating_sub(1).min(self.screen.rows - 1);
            }
            0x005F => self.modes.push(r.a),
            // LPTOUT: the printer takes every byte (carry clear: not aborted).
            0x00A5 => {
                self.printer.push(r.a);
                r.f &= !1;
            }
            // RDSLT: flat memory, whatever the slot.
            0x000C => r.a = self.bus.mem[r.hl() as usize],
            // RSLREG: page 1 and 2 in slot 1; ENASLT, WRTVDP and the rest: nothing to do.
            0x0138 => r.a = 0x54,
            0x0024 | 0x0047 | 0x0041 | 0x0044 | 0x0062 => {}
            other => return Err(Stop::Unhandled(format!("BIOS entry 0x{other:04X}"))),
        }
        Ok(())
    }

    /// Runs until the program ends, waits for a key, or `max_cycles` T-states pass.
    pub fn run(&mut self, max_cycles: u64) -> Stop {
        let limit = self.cpu.cycles() + max_cycles;
        loop {
            if self.cpu.cycles() >= limit {
                return Stop::Timeout;
            }
            let pc = self.cpu.regs.pc;
            if pc == self.halt {
                return Stop::Halted;
            }
            let served = match pc {
                0x0005 | 0xF37D => Some(crate::sim_bdos::call(self)),
                0x001C if self.target == Target::Com => {
                    let entry = self.cpu.regs.ix;
                    Some(self.bios(entry))
                }
                0x0000 if self.target == Target::Com => return Stop::Halted,
                // MSX-DOS keeps RDSLT in its page 0 too.
                0x000C => Some(self.bios(pc)),
                // The main BIOS's jump table, and RSLREG (0138h), which a
                // cartridge's start-up calls to find its own slot.
                pc if (pc < 0x0100 || pc == 0x0138) && self.target != Target::Com => {
                    Some(self.bios(pc))
                }
                _ => None,
            };
            match served {
                Some(Ok(())) => self.ret(),
                Some(Err(stop)) => return stop,
                None => {
                    self.cpu.step(&mut self.bus);
                }
            }
        }
    }

    /// Reads a byte from memory.
    pub fn byte(&self, addr: u16) -> u8 {
        self.bus.mem[addr as usize]
    }

    /// Reads a 16-bit little-endian word from memory.
    pub fn word(&self, addr: u16) -> u16 {
        self.bus.mem[addr as usize] as u16
            | (self.bus.mem[addr.wrapping_add(1) as usize] as u16) << 8
    }
}
