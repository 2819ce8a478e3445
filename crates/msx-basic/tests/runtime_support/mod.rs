//! Runs the BASIC runtime's `rt_bas_*` routines (with the math pack) on the
//! `z80-cpu` core over flat RAM, with a stub BIOS written here: CHPUT feeds a
//! small text screen kept in Rust (it keeps CSRX/CSRY like the BIOS),
//! CHGET/CHSNS read a key queue, INLIN reads queued lines.

#![allow(dead_code)]

use std::collections::VecDeque;
#[path = "../z80_call/mod.rs"]
mod z80_call;

use z80_cpu::Bus;

/// Where the assembled runtime's RAM (variables, math pack) lives.
pub const BCD_RAM: u16 = 0xC000;
const VARS: u16 = 0xC100;
/// The test's own scratch area: descriptors, heap.
pub const SCRATCH: u16 = 0xD000;
pub const HEAP: u16 = 0xE000;
use z80_call::RETURN_TRAP;
const CSRX: usize = 0xF3DD;
const CSRY: usize = 0xF3DC;
pub const LINLEN: u16 = 0xF3B0;
pub const CLMLST: u16 = 0xF3B2;
pub const TTYPOS: u16 = 0xF661;
const INLIN_BUF: usize = 0xF55E;

pub struct Screen {
    pub width: usize,
    pub rows: Vec<Vec<u8>>,
    pub col: usize,
    pub row: usize,
    /// Every byte sent to CHPUT.
    pub out: Vec<u8>,
}

impl Screen {
    fn put(&mut self, c: u8) {
        self.out.push(c);
        match c {
            13 => self.col = 0,
            10 => self.row += 1,
            7 => {}
            _ => {
                while self.rows.len() <= self.row {
                    self.rows.push(vec![b' '; self.width]);
                }
                self.rows[self.row][self.col] = c;
                self.col += 1;
                if self.col >= self.width {
                    self.col = 0;
                    self.row += 1;
                }
            }
        }
    }
}

struct Ram {
    mem: Vec<u8>,
    screen: Screen,
    keys: VecDeque<u8>,
    lines: VecDeque<Vec<u8>>,
    /// Every byte the stub LPTOUT sent to the printer (port 5).
    printer: Vec<u8>,
    /// The stub LPTOUT returns carry (port 6 bit 0).
    printer_fails: bool,
}

impl Bus for Ram {
    fn read(&mut self, addr: u16, _cycle: u64) -> u8 {
        self.mem[addr as usize]
    }
    fn write(&mut self, addr: u16, value: u8, _cycle: u64) {
        self.mem[addr as usize] = value;
    }
    fn input(&mut self, port: u16, _cycle: u64) -> u8 {
        match port & 0xFF {
            2 => self.keys.pop_front().expect("CHGET with no key queued"),
            3 => self.keys.len().min(255) as u8,
            4 => {
                // INLIN: the line into BUF, echoed, then a newline.
                let line = self.lines.pop_front().expect("INLIN with no line queued");
                for &c in &line {
                    self.screen.put(c);
                }
                self.screen.put(13);
                self.screen.put(10);
                self.mem[INLIN_BUF..INLIN_BUF + line.len()].copy_from_slice(&line);
                self.mem[INLIN_BUF + line.len()] = 0;
                self.sync_cursor();
                0
            }
            6 => u8::from(self.printer_fails),
            _ => 0xFF,
        }
    }
    fn output(&mut self, port: u16, value: u8, _cycle: u64) {
        match port & 0xFF {
            1 => {
                self.screen.put(value);
                self.sync_cursor();
            }
            5 => self.printer.push(value),
            _ => {}
        }
    }
}

impl Ram {
    fn sync_cursor(&mut self) {
        self.mem[CSRX] = self.screen.col as u8 + 1;
        self.mem[CSRY] = self.screen.row.min(23) as u8 + 1;
    }
}

/// What a call ended with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// Returned: registers.
    Ret {
        a: u8,
        f: u8,
        bc: u16,
        de: u16,
        hl: u16,
    },
    /// The program stopped (rt_halt: END or an error).
    Halt,
}

impl End {
    pub fn hl(self) -> u16 {
        match self {
            End::Ret { hl, .. } => hl,
            End::Halt => panic!("the routine stopped the program"),
        }
    }
}

pub struct Rt {
    ram: Ram,
    pub asm: z80_asm::Assembly,
    pub cycles: u64,
}

/// The runtime source as the tests assemble it: the linker's prelude
/// (BIOS equates, the `bios` macro), the math pack and every rt_bas file,
/// `rt_halt`, a line table, and the `;@var` variables placed from VARS.
pub fn source(lines_table: &str) -> String {
    let files = [
        msx_basic::RT_STRINGS_ASM,
        msx_basic::RT_PRINT_ASM,
        msx_basic::RT_ERRORS_ASM,
        // No ROM here: a .COM's end, with the runtime's own texts.
        msx_basic::RT_ENDTEXT_ASM,
        msx_basic::RT_INPUT_ASM,
        msx_basic::RT_MATH_ASM,
        msx_basic::RT_FILES_ASM,
        msx_basic::RT_MACHINE_ASM,
    ];
    let mut vars = String::new();
    let mut at = VARS;
    for f in files {
        for line in f.lines() {
            if let Some(v) = line.strip_prefix(";@var ") {
                let mut p = v.split_whitespace();
                let name = p.next().unwrap();
                let size: u16 = p.next().unwrap().parse().unwrap();
                vars.push_str(&format!("{name} equ 0{at:04X}h\n"));
                at += size;
            }
        }
    }
    assert!(at < SCRATCH, "runtime variables overflow the test area");
    let mut s = String::new();
    s.push_str("CHSNS equ 009Ch\nCHGET equ 009Fh\nCHPUT equ 00A2h\nPOSIT equ 00C6h\n");
    s.push_str("bios macro entry\n        call entry\n        endm\n");
    // diskfiles.asm's BDOS (never called by these tests).
    s.push_str("BDOS equ 0F37Dh\n");
    // Every file is linked, so the file errors' texts are there too.
    s.push_str(&format!(
        "BCD_RAM equ 0{BCD_RAM:04X}h\nBCD_ERROR equ rt_bas_error\nBAS_FILE_ERRORS equ 1\n"
    ));
    s.push_str(&vars);
    s.push_str("        org 0200h\n");
    s.push_str(msx_basic::BCD_RUNTIME_ASM);
    for f in files {
        s.push_str(f);
        s.push('\n');
    }
    s.push_str("rt_halt:\n        halt\n");
    s.push_str(lines_table);
    s
}

impl Rt {
    /// The runtime with an empty line table (errors print no line).
    pub fn new() -> Rt {
        Rt::with_code(
            "rt_bas_lines:\n        db 0\n        dw 0FFFFh\n        db 0\n        dw 0FFFFh\n",
        )
    }

    /// The runtime plus `code` (assembled after it: test programs, the
    /// line table).
    pub fn with_code(code: &str) -> Rt {
        let source = source(code);
        let asm = z80_asm::assemble(&source, "rt.asm", &z80_asm::Options::default())
            .unwrap_or_else(|d| panic!("{}", d.render()));
        let mut mem = vec![0u8; 0x10000];
        let start = asm.origin as usize;
        mem[start..start + asm.bytes.len()].copy_from_slice(&asm.bytes);
        // The stub BIOS: at each entry a jump (entries are 3 bytes apart)
        // to a body from 0010h on.
        let stubs: &[(usize, &[u8])] = &[
            (0x009C, &[0xDB, 0x03, 0xB7, 0xC9]), // CHSNS: in a,(3): or a: ret
            (0x009F, &[0xDB, 0x02, 0xC9]),       // CHGET: in a,(2): ret
            (0x00A2, &[0xD3, 0x01, 0xC9]),       // CHPUT: out (1),a: ret
            // LPTOUT: out (5),a, carry = bit 0 of port 6 (the printer
            // gave up: CTRL+STOP while busy), A kept.
            (
                0x00A5,
                &[0xD3, 0x05, 0xC5, 0x47, 0xDB, 0x06, 0x0F, 0x78, 0xC1, 0xC9],
            ),
            (0x00B1, &[0xDB, 0x04, 0x21, 0x5D, 0xF5, 0xB7, 0xC9]), // INLIN
            (0x00C6, &[0xC9]),                                     // POSIT
            (0x00D2, &[0xC9]),                                     // TOTEXT
        ];
        let mut body = 0x0010usize;
        for (entry, bytes) in stubs {
            mem[*entry] = 0xC3;
            mem[entry + 1] = body as u8;
            mem[entry + 2] = (body >> 8) as u8;
            mem[body..body + bytes.len()].copy_from_slice(bytes);
            body += bytes.len();
        }
        mem[RETURN_TRAP as usize] = 0x76;
        // Garbage in the work areas, so nothing relies on zeroed RAM.
        for (i, b) in mem[BCD_RAM as usize..0xF000].iter_mut().enumerate() {
            *b = (i as u8).wrapping_mul(37).wrapping_add(0x5A);
        }
        let mut rt = Rt {
            ram: Ram {
                mem,
                screen: Screen {
                    width: 32,
                    rows: Vec::new(),
                    col: 0,
                    row: 0,
                    out: Vec::new(),
                },
                keys: VecDeque::new(),
                lines: VecDeque::new(),
                printer: Vec::new(),
                printer_fails: false,
            },
            asm,
            cycles: 0,
        };
        rt.set_width(32);
        rt.ram.sync_cursor();
        rt.poke(TTYPOS, &[0]);
        // The output hook, the END hooks and FIELD's buffer range are 0 at
        // a program's start (the linker zeroes every variable): the
        // screen, no files to close, no H.TIMI to give back, no FIELD.
        for v in [
            "rt_bas_pout",
            "rt_bas_endhook",
            "rt_bas_exithook",
            "rt_bas_fldlo",
            "rt_bas_fldhi",
        ] {
            let at = rt.symbol(v);
            rt.poke(at, &[0, 0]);
        }
        rt.call("bcd_init", 0, 0, 0);
        rt.call("rt_bas_heapinit", HEAP, 0, HEAP + 0x800);
        rt
    }

    /// WIDTH n: LINLEN and CLMLST as MSX computes it (SUB-ROM C2033:
    /// n - n mod 14 - 14).
    pub fn set_width(&mut self, n: u8) {
        self.ram.screen.width = n as usize;
        self.poke(LINLEN, &[n]);
        self.poke(CLMLST, &[n - n % 14 - 14]);
    }

    /// The nearest symbol at or before `addr` (for failure messages).
    pub fn near(&self, addr: u16) -> String {
        near(&self.asm, addr)
    }

    pub fn symbol(&self, name: &str) -> u16 {
        self.asm
            .symbol(name)
            .unwrap_or_else(|| panic!("no symbol {name}"))
    }

    pub fn poke(&mut self, addr: u16, bytes: &[u8]) {
        self.ram.mem[addr as usize..addr as usize + bytes.len()].copy_from_slice(bytes);
    }

    pub fn peek(&self, addr: u16, len: usize) -> Vec<u8> {
        self.ram.mem[addr as usize..addr as usize + len].to_vec()
    }

    pub fn word(&self, addr: u16) -> u16 {
        u16::from_le_bytes([self.ram.mem[addr as usize], self.ram.mem[addr as usize + 1]])
    }

    pub fn keys(&mut self, keys: &[u8]) {
        self.ram.keys.extend(keys.iter().copied());
    }

    pub fn line(&mut self, line: &[u8]) {
        self.ram.lines.push_back(line.to_vec());
    }

    /// Everything printed so far, as text (CR LF kept, 7 shown as `<BEEP>`).
    pub fn output(&self) -> String {
        self.ram
            .screen
            .out
            .iter()
            .map(|&c| match c {
                7 => "<BEEP>".to_string(),
                c => (c as char).to_string(),
            })
            .collect()
    }

    /// Makes the stub LPTOUT fail (carry) from now on.
    pub fn printer_fails(&mut self) {
        self.ram.printer_fails = true;
    }

    /// What reached the printer (LPTOUT).
    pub fn printer(&self) -> Vec<u8> {
        self.ram.printer.clone()
    }

    pub fn clear_output(&mut self) {
        self.ram.screen.out.clear();
    }

    /// The screen rows, trailing blanks trimmed.
    pub fn screen(&self) -> Vec<String> {
        self.ram
            .screen
            .rows
            .iter()
            .map(|r| String::from_utf8_lossy(r).trim_end().to_string())
            .collect()
    }

    /// Calls a routine with HL, DE, BC.
    pub fn call(&mut self, routine: &str, hl: u16, bc: u16, de: u16) -> End {
        let entry = self.symbol(routine);
        self.call_at(entry, hl, bc, de, 0)
    }

    pub fn call_a(&mut self, routine: &str, a: u8, hl: u16, bc: u16, de: u16) -> End {
        let entry = self.symbol(routine);
        self.call_at(entry, hl, bc, de, a)
    }

    pub fn call_at(&mut self, entry: u16, hl: u16, bc: u16, de: u16, a: u8) -> End {
        let args = z80_call::Args { a, bc, de, hl };
        let asm = &self.asm;
        let (cpu, cycles) =
            z80_call::call(&mut self.ram, entry, args, 200_000_000, |pc| near(asm, pc));
        self.cycles = cycles;
        let pc = cpu.regs.pc.wrapping_sub(1);
        if pc == self.symbol("rt_halt") {
            return End::Halt;
        }
        assert_eq!(pc, RETURN_TRAP, "stopped at {pc:#06x}");
        assert_eq!(cpu.regs.sp, 0xFFE0, "unbalanced stack");
        End::Ret {
            a: cpu.regs.a,
            f: cpu.regs.f,
            bc: cpu.regs.bc(),
            de: cpu.regs.de(),
            hl: cpu.regs.hl(),
        }
    }

    /// The MSX error code of the last error (rt_bas_errno).
    pub fn errno(&self) -> u8 {
        self.peek(self.symbol("rt_bas_errno"), 1)[0]
    }

    // ---- strings

    /// A descriptor at `at` pointing to `text` placed at `text_at`
    /// (outside the heap: a literal).
    pub fn literal(&mut self, at: u16, text_at: u16, text: &[u8]) -> u16 {
        self.poke(text_at, text);
        self.poke(at, &[text.len() as u8, text_at as u8, (text_at >> 8) as u8]);
        at
    }

    /// The string a descriptor holds.
    pub fn string(&self, desc: u16) -> Vec<u8> {
        let d = self.peek(desc, 3);
        let len = d[0] as usize;
        let addr = u16::from_le_bytes([d[1], d[2]]);
        if len == 0 {
            return Vec::new();
        }
        self.peek(addr, len)
    }

    pub fn heap_used(&self) -> u16 {
        self.word(self.symbol("rt_bas_hfree")) - self.word(self.symbol("rt_bas_hbase"))
    }
}

/// The label at or before `addr`, and the distance from it.
fn near(asm: &z80_asm::Assembly, addr: u16) -> String {
    asm.symbols
        .iter()
        .filter(|(_, s)| s.value as u16 <= addr && s.value >= 0x100)
        .max_by_key(|(_, s)| s.value)
        .map(|(n, s)| format!("{n}+{}", addr - s.value as u16))
        .unwrap_or_default()
}
