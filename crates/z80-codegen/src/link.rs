//! From IR to a program file: code generation, the peephole pass, the runtime library,
//! the start-up code of the target, assembly by `z80-asm`, and the listing, symbol file
//! and line table.
//!
//! Memory layout (addresses grow downwards in this table):
//!
//! | | `.com` | `.dsk` (boot) | `.rom` |
//! | --- | --- | --- | --- |
//! | load / start | 0x0100 | 0x4000 | 0x4000 (header `AB`) |
//! | code, runtime, string literals | in the file | in the file | in ROM |
//! | typed constants | in the file | in the file | in ROM, copied to 0xC000 at start |
//! | variables (zeroed at start) | after the file | after the file | after the typed constants |
//! | heap (`New`) | after the variables, growing up | same | same |
//! | recursion stack (`{$A-}`) | from SP − 1024, growing down | same | same |
//! | machine stack | DOS's | (HIMEM) | (HIMEM) |

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::gen::{Gen, Line};
use crate::ir::{Data, Program, SrcLoc};
use crate::{fold, peephole, runtime, stack_temps};

/// The kind of program file to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// An MSX-DOS program, loaded at 0x0100; the BIOS is reached through CALSLT and the
    /// BDOS at 0x0005.
    Com,
    /// A program file started by the boot loader of a `.dsk` (loaded and started at
    /// 0x4000, BIOS in page 0, BDOS at 0xF37D).
    Dsk,
    /// A 16 or 32 KB cartridge at 0x4000, variables in page-3 RAM.
    Rom,
}

impl Target {
    pub fn load_address(self) -> u16 {
        match self {
            Target::Com => 0x0100,
            Target::Dsk | Target::Rom => 0x4000,
        }
    }
}

/// A line of the generated program mapped to its source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineInfo {
    pub addr: u16,
    pub len: u16,
    pub file: String,
    pub line: u32,
}

/// Sizes in bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sizes {
    /// Start-up code, compiled routines and linked runtime routines.
    pub code: u32,
    /// String literals and other read-only data.
    pub rodata: u32,
    /// Typed constants.
    pub data: u32,
    /// Variables (RAM, not in the file).
    pub vars: u32,
}

/// A built program.
#[derive(Clone, Debug)]
pub struct Output {
    pub target: Target,
    /// The file's content (a `.rom` is padded to 16 or 32 KB).
    pub bytes: Vec<u8>,
    /// Where the file is loaded and where it starts.
    pub load: u16,
    pub entry: u16,
    /// The generated assembly source.
    pub asm: String,
    /// The assembler's listing of it.
    pub listing: String,
    /// Symbol file: `name: equ 0xADDR` lines (openMSX's generic format), then the line
    /// table as comments `; 0xADDR file:line`.
    pub sym: String,
    pub symbols: BTreeMap<String, u16>,
    /// Address ranges of the code of each source line, in address order.
    pub lines: Vec<LineInfo>,
    pub sizes: Sizes,
    /// Names of the runtime routines that were linked.
    pub runtime: Vec<String>,
}

impl Output {
    pub fn symbol(&self, name: &str) -> Option<u16> {
        self.symbols.get(name).copied()
    }

    /// The source line of the code at `addr`.
    pub fn source_of(&self, addr: u16) -> Option<(&str, u32)> {
        self.lines
            .iter()
            .find(|l| addr.wrapping_sub(l.addr) < l.len.max(1))
            .map(|l| (l.file.as_str(), l.line))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The generated assembly did not assemble: a bug of the compiler.
    #[error("internal error: the generated assembly does not assemble:\n{0}")]
    Assembly(String),
    /// The program does not fit in the memory of its target.
    #[error(
        "the program is too large: {what} would end at 0x{end:04X}, {} bytes past the limit \
         0x{limit:04X} (code {} bytes, read-only data {} bytes, typed constants {} bytes, \
         variables {} bytes)",
        end - limit, sizes.code, sizes.rodata, sizes.data, sizes.vars
    )]
    TooLarge {
        /// Which part crosses the limit.
        what: &'static str,
        end: u32,
        limit: u32,
        sizes: Sizes,
    },
}

/// Where the parts of a program end (from the assembler's symbols, which on a
/// failed assembly may lie past 0xFFFF), checked against the target's memory.
struct Layout {
    target: Target,
    code_end: i64,
    rodata_end: i64,
    /// Where the typed constants end in the file (in a ROM they are copied to
    /// RAM, but their first copy is in the file).
    file_end: i64,
    bss: i64,
    vars: u32,
    chain_layout: bool,
}

impl Layout {
    fn from_symbols(
        target: Target,
        sym: impl Fn(&str) -> i64,
        vars: u32,
        chain_layout: bool,
    ) -> Layout {
        let data_size = sym("_data_end") - sym("_data");
        let file_end = if target == Target::Rom {
            sym("_data_load") + data_size
        } else {
            sym("_data_end")
        };
        Layout {
            target,
            code_end: sym("_code_end"),
            rodata_end: sym("_rodata_end"),
            file_end,
            bss: sym("_bss"),
            vars,
            chain_layout,
        }
    }

    fn sizes(&self) -> Sizes {
        let load = i64::from(self.target.load_address());
        let clamp = |v: i64| v.clamp(0, i64::from(u32::MAX)) as u32;
        Sizes {
            code: clamp(self.code_end - load),
            rodata: clamp(self.rodata_end - self.code_end),
            data: clamp(self.file_end - self.rodata_end),
            vars: self.vars,
        }
    }

    /// An error naming the first part that crosses the limits, if any does.
    fn check(&self) -> Result<(), Error> {
        let (file_limit, ram_limit) = match self.target {
            Target::Com => (0xD000, 0xD000),
            // The boot loader loads below 0xC000; the stack may be as low as 0xCE00.
            Target::Dsk => (0xC000, 0xC800),
            Target::Rom => (0xC000, 0xE800),
        };
        let too_large = |what, end: i64, limit: u32| Error::TooLarge {
            what,
            end: end.clamp(0, i64::from(u32::MAX)) as u32,
            limit,
            sizes: self.sizes(),
        };
        let file_parts = [
            ("the code", self.code_end),
            ("the read-only data (string literals)", self.rodata_end),
            ("the typed constants", self.file_end),
        ];
        for (what, end) in file_parts {
            if end > i64::from(file_limit) {
                return Err(too_large(what, end, file_limit));
            }
        }
        if self.chain_layout && self.file_end > i64::from(CHAIN_VARS) {
            return Err(too_large(
                "the code and data of a program of a chain (its variables start there)",
                self.file_end,
                u32::from(CHAIN_VARS),
            ));
        }
        let bss_end = self.bss + i64::from(self.vars);
        if bss_end > i64::from(ram_limit) {
            return Err(too_large("the variables", bss_end, ram_limit));
        }
        Ok(())
    }
}

/// At most this many of the assembler's errors are kept in an internal error.
const INTERNAL_ERRORS_SHOWN: usize = 10;

/// BIOS entries and system variables the runtime uses (front ends must not define
/// labels with these names; neither `bios`, the macro, nor `BDOS`).
pub const EQUATES: &[(&str, u16)] = &[
    ("RDSLT", 0x000C),
    ("CALSLT", 0x001C),
    ("ENASLT", 0x0024),
    ("WRTVDP", 0x0047),
    ("CHGMOD", 0x005F),
    ("CHSNS", 0x009C),
    ("CHGET", 0x009F),
    ("CHPUT", 0x00A2),
    ("CHGCLR", 0x0062),
    ("POSIT", 0x00C6),
    ("RSLREG", 0x0138),
    ("EXTROM", 0x015F),
    ("FORCLR", 0xF3E9),
    ("BAKCLR", 0xF3EA),
    ("BDRCLR", 0xF3EB),
    ("HIMEM", 0xFC4A),
    ("JIFFY", 0xFC9E),
    ("EXPTBL", 0xFCC1),
    ("SCRMOD", 0xFCAF),
    ("CGPNT", 0xF91F),
];

fn prelude(target: Target) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "; target: {target:?}");
    for (name, v) in EQUATES {
        let _ = writeln!(s, "{name} equ 0{v:04X}h");
    }
    match target {
        Target::Com => s.push_str("BDOS equ 00005h\n"),
        Target::Dsk => s.push_str("BDOS equ 0F37Dh\n"),
        // A cartridge may start before any disk ROM (its INIT runs first, or there is
        // none): the BDOS goes through a guard (halt_routine) that fails when none was set up.
        Target::Rom => s.push_str("BDOS equ rt_bdos\n"),
    }
    // How the runtime calls the BIOS: directly when it is in page 0, else through CALSLT.
    s.push_str("bios macro entry\n");
    if target == Target::Com {
        s.push_str("        ld iy,(EXPTBL-1)\n        ld ix,entry\n        call CALSLT\n");
    } else {
        s.push_str("        call entry\n");
    }
    s.push_str("        endm\n");
    s
}

/// The start-up code: the machine set up, then the variables from `_bss + kept` to
/// `_bss + vars` zeroed (`kept` is 0 but in a `.chn`, whose globals are shared).
fn startup(
    target: Target,
    has_data: bool,
    kept: u32,
    vars: u32,
    uses: &dyn Fn(&str) -> bool,
    fixed_text: Option<&str>,
) -> String {
    let mut s = String::new();
    match target {
        Target::Com => s.push_str("        org 0100h\n_start:\n"),
        Target::Dsk => s.push_str("        org 04000h\n_start:\n"),
        Target::Rom => {
            s.push_str(
                "        org 04000h\n        db \"AB\"\n        dw _start\n        dw 0,0,0\n        ds 6\n",
            );
            if let Some(text) = fixed_text {
                s.push_str(text);
            }
            s.push_str("_start:\n");
            s.push_str("        ld sp,(HIMEM)\n");
            // Page 2 gets the cartridge's slot too (the slot of page 1, expanded or not).
            s.push_str(concat!(
                "        call RSLREG\n        rrca\n        rrca\n        and 3\n        ld c,a\n",
                "        ld b,0\n        ld hl,EXPTBL\n        add hl,bc\n        ld a,(hl)\n",
                "        and 080h\n        or c\n        ld c,a\n        inc hl\n        inc hl\n",
                "        inc hl\n        inc hl\n        ld a,(hl)\n        and 0Ch\n        or c\n",
                "        ld h,080h\n        call ENASLT\n",
            ));
            if has_data {
                s.push_str("        ld hl,_data_load\n        ld de,_data\n        ld bc,_data_end-_data\n        ldir\n");
            }
        }
    }
    let at = |k: u32| match k {
        0 => "_bss".to_string(),
        k => format!("_bss+{k}"),
    };
    match vars - kept {
        0 => {}
        1 => {
            let _ = writeln!(s, "        xor a\n        ld ({}),a", at(kept));
        }
        n => {
            let _ = writeln!(
                s,
                "        ld hl,{}\n        ld de,{}\n        ld bc,{}\n        ld (hl),0\n        ldir",
                at(kept),
                at(kept + 1),
                n - 1
            );
        }
    }
    if uses("rt_rsp") {
        s.push_str("        ld hl,-1024\n        add hl,sp\n        ld (rt_rsp),hl\n");
    }
    if uses("rt_heap") {
        s.push_str("        ld hl,_bss_end\n        ld (rt_heap),hl\n");
    }
    if target == Target::Rom {
        s.push_str("        ei\n");
    }
    s
}

fn halt_routine(target: Target) -> &'static str {
    match target {
        // Back to MSX-DOS.
        Target::Com => "rt_halt:\n        ld c,0\n        jp BDOS\n",
        // Nowhere to return to: wait for ever with interrupts on.
        Target::Dsk => "rt_halt:\n        ei\n        halt\n        jr rt_halt\n",
        // The same, and the cartridge's BDOS guard: 0F37Dh holds the BDOS only once a
        // disk ROM's INIT has run, which also hooks H.PHYD (0FFA7h; the BIOS leaves it a
        // RET, and PHYDIO tests it the same way). Without one every function fails as
        // the BDOS does for a missing file (A = 0FFh, HL = 0: nothing read), so file
        // operations end in the language's I/O error instead of jumping into garbage.
        Target::Rom => concat!(
            "rt_halt:\n        ei\n        halt\n        jr rt_halt\n",
            "rt_bdos:\n        ld a,(0FFA7h)\n        cp 0C9h\n        jp nz,0F37Dh\n",
            "        ld a,0FFh\n        ld hl,0\n        ret\n",
        ),
    }
}

/// Text of the generated assembly, with the source location of every line.
struct AsmText {
    text: String,
    /// For each line (0-based) the source location in effect.
    locs: Vec<Option<SrcLoc>>,
}

impl AsmText {
    fn push(&mut self, s: &str, loc: Option<SrcLoc>) {
        for line in s.lines() {
            self.text.push_str(line);
            self.text.push('\n');
            self.locs.push(loc);
        }
    }
}

/// Builds a program for a target.
pub fn build(program: &Program, target: Target) -> Result<Output, Error> {
    build_with_runtime(program, target, &[])
}

/// [`build`] with extra runtime files (see [`runtime::link_with`]): a front end's own
/// library, linked routine by routine like the shared one.
pub fn build_with_runtime(
    program: &Program,
    target: Target,
    extra: runtime::ExtraFiles,
) -> Result<Output, Error> {
    build_inner(program, target, extra, None, None)
}

/// Code a front end needs at a fixed address of page 1: the ROM routines it calls
/// jump there (MSX-BASIC's error entries, which the Math-Pack's errors reach).
#[derive(Clone, Debug)]
pub struct FixedCode {
    /// Where `text` starts; the image is padded up to it.
    pub addr: u16,
    /// Assembly text.
    pub text: String,
    /// Read-only data (labels of [`Program::rodata`]) that may fill the padding
    /// before `addr` instead of going after the code: each, in order, where it
    /// still fits. Only data whose size is the same in every build of the program
    /// (a front end that builds twice must leave out what it fills in later).
    pub fill: Vec<String>,
}

/// [`build_with_runtime`] with a block of [`FixedCode`], for the targets whose image
/// starts at 4000h (`Dsk`: after the start-up code and its jump to the program;
/// `Rom`: after the cartridge header, before the start-up code). The start-up code
/// (or the header) must end below `addr`. `Com` has no such block: its page 1 is
/// the program's own and the ROM cannot be called there without an inter-slot call.
pub fn build_with_fixed_code(
    program: &Program,
    target: Target,
    extra: runtime::ExtraFiles,
    fixed_code: &FixedCode,
) -> Result<Output, Error> {
    if target == Target::Com {
        return Err(Error::Assembly(
            "a .COM program has no fixed code in page 1".into(),
        ));
    }
    build_inner(program, target, extra, None, Some(fixed_code))
}

/// The assembly of a [`FixedCode`]: padding up to its address, then its text.
fn fixed_code_text(code: &FixedCode, rodata: &[Data]) -> String {
    let mut s = String::new();
    for (i, d) in fill_candidates(code, rodata) {
        // Placed here when it fits before the fixed code (the start-up code before
        // it has the same size in every pass); `_fillN` says where it went.
        let _ = writeln!(s, "        if $+{} <= 0{:04X}h", d.bytes.len(), code.addr);
        s.push_str(&data_lines(&d.label, &d.bytes, &d.comment));
        let _ = writeln!(
            s,
            "_fill{i} equ 1\n        else\n_fill{i} equ 0\n        endif"
        );
    }
    let _ = write!(
        s,
        "; ---- fixed code at 0{:04X}h\n        ds 0{:04X}h-$\n{}\n",
        code.addr, code.addr, code.text
    );
    s
}

/// The read-only data that may fill the padding before a [`FixedCode`], with the
/// index that names its `_fillN` symbol.
fn fill_candidates<'a>(
    code: &'a FixedCode,
    rodata: &'a [Data],
) -> impl Iterator<Item = (usize, &'a Data)> + 'a {
    rodata
        .iter()
        .enumerate()
        .filter(move |(_, d)| code.fill.contains(&d.label))
}

/// Where the variables of the programs of a chain start (Turbo Pascal 3's `Chain`, under
/// MSX-DOS): at the same address in all of them, in declaration order, so that the
/// global variables declared first, in the same order, share their places (TP3 gets the
/// same from equal start and end addresses). Their code and data must end below it.
pub const CHAIN_VARS: u16 = 0x8000;

/// Builds a program that a `Chain` starts (TP3's `.chn`): an MSX-DOS program loaded at
/// 0100h like a `.com`, its variables from [`CHAIN_VARS`] on, whose start-up keeps the
/// first `globals` bytes of them (the global variables, which the program that chained
/// to it left there) and zeroes the rest. A program that calls `Chain` (the runtime's
/// `rt_fchain`) gets the same layout by itself, all its variables zeroed.
pub fn build_chn(program: &Program, globals: u32) -> Result<Output, Error> {
    build_inner(program, Target::Com, &[], Some(globals), None)
}

fn build_inner(
    program: &Program,
    target: Target,
    extra: runtime::ExtraFiles,
    chained: Option<u32>,
    fixed_code: Option<&FixedCode>,
) -> Result<Output, Error> {
    let mut program = program.clone();
    for f in &mut program.functions {
        fold::function(f);
    }
    crate::loops::strength_reduce(&mut program);
    crate::cse::eliminate(&mut program);
    let mut gen = Gen::new(&program);
    // The main routine first, right after the start-up code.
    let mut order: Vec<usize> = (0..program.functions.len()).collect();
    order.sort_by_key(|&i| program.functions[i].name != program.main);
    for &i in &order {
        gen.function(&program.functions[i]);
    }
    let mut lines = std::mem::take(&mut gen.lines);
    let volatile = program.fixed.iter().map(|f| f.label.clone()).collect();
    peephole::optimise(&mut lines, &volatile);
    if stack_temps::run(&mut lines, &program.scratch) {
        peephole::optimise(&mut lines, &volatile);
    }
    peephole::inline_calls(&mut lines, &program.inline_calls);

    // Code text, with source comments.
    let mut code = AsmText {
        text: String::new(),
        locs: Vec::new(),
    };
    let mut loc = None;
    for l in &lines {
        match l {
            Line::Op(s) => code.push(&format!("        {s}"), loc),
            Line::Label(s) => code.push(&format!("{s}:"), loc),
            Line::Comment(c) if c.is_empty() => code.push("", None),
            Line::Comment(c) => code.push(&format!("; {c}"), None),
            Line::Src(l) => {
                loc = Some(*l);
                let text = gen
                    .source_line(*l)
                    .map(|(f, t)| format!("; {f}:{}: {}", l.line, t.trim()))
                    .unwrap_or_default();
                code.push(&text, None);
            }
        }
    }
    let linked = runtime::link_with(&code.text, extra);
    let uses = |n: &str| linked.vars.iter().any(|(v, _)| v == n);
    let chain_layout = chained.is_some() || linked.routines.iter().any(|r| r == "rt_fchain");

    // Variables: the program's, then the runtime's.
    let mut var_text = String::new();
    let mut offset: u32 = 0;
    for v in &program.vars {
        let comment = if v.comment.is_empty() {
            String::new()
        } else {
            format!("  ; {}", v.comment)
        };
        let _ = writeln!(var_text, "{} equ _bss+{offset}{comment}", v.label);
        offset += v.size as u32;
    }
    for (name, size) in &linked.vars {
        let _ = writeln!(var_text, "{name} equ _bss+{offset}");
        offset += *size as u32;
    }
    let _ = writeln!(var_text, "_bss_end equ _bss+{offset}");
    for f in &program.fixed {
        let _ = writeln!(var_text, "{} equ 0{:04X}h", f.label, f.addr);
    }
    let has_data = program.data.iter().any(|d| !d.bytes.is_empty());

    let mut asm = AsmText {
        text: String::new(),
        locs: Vec::new(),
    };
    asm.push(
        "; Generated by msx (z80-codegen). Edit the source program, not this file.",
        None,
    );
    asm.push(&prelude(target), None);
    let kept = chained.unwrap_or(0).min(offset);
    let fixed_text = fixed_code.map(|code| fixed_code_text(code, &program.rodata));
    asm.push(
        &startup(target, has_data, kept, offset, &uses, fixed_text.as_deref()),
        None,
    );
    asm.push(&format!("        jp {}", program.main), None);
    if let (Some(text), Target::Dsk) = (&fixed_text, target) {
        asm.push(text, None);
    }
    let base = asm.locs.len();
    asm.text.push_str(&code.text);
    asm.locs.extend(code.locs.iter().copied());
    debug_assert_eq!(asm.locs.len(), base + code.locs.len());
    asm.push("\n; ---- end of the program", None);
    asm.push(halt_routine(target), None);
    asm.push(&linked.text, None);
    asm.push("_code_end:\n\n; ---- read-only data", None);
    let filling: Vec<usize> = fixed_code
        .map(|code| {
            fill_candidates(code, &program.rodata)
                .map(|(i, _)| i)
                .collect()
        })
        .unwrap_or_default();
    for (i, d) in program.rodata.iter().enumerate() {
        let lines = data_lines(&d.label, &d.bytes, &d.comment);
        if filling.contains(&i) {
            asm.push(
                &format!("        if _fill{i} = 0\n{lines}        endif"),
                None,
            );
        } else {
            asm.push(&lines, None);
        }
    }
    asm.push("_rodata_end:\n\n; ---- typed constants", None);
    if target == Target::Rom {
        asm.push("_data_load:\n        phase 0C000h", None);
    }
    asm.push("_data:", None);
    for d in &program.data {
        asm.push(&data_lines(&d.label, &d.bytes, &d.comment), None);
    }
    asm.push("_data_end:", None);
    if target == Target::Rom {
        asm.push("        dephase", None);
    }
    if chain_layout {
        asm.push(
            &format!("\n; ---- variables (at the chain's address)\n_bss equ 0{CHAIN_VARS:04X}h"),
            None,
        );
    } else {
        asm.push(
            "\n; ---- variables (zeroed at start)\n_bss equ _data_end",
            None,
        );
    }
    asm.push(&var_text, None);

    let assembled = match z80_asm::assemble(&asm.text, "program.asm", &z80_asm::Options::default())
    {
        Ok(a) => a,
        Err(mut d) => {
            // Code past 0xFFFF makes every address after it fail to assemble:
            // that is a program too large, not a bug, and the labels of the
            // failed run say how large.
            let sym = |n: &str| d.symbols.get(n).copied().unwrap_or(0);
            Layout::from_symbols(target, sym, offset, chain_layout).check()?;
            let total = d.errors.len();
            d.errors.truncate(INTERNAL_ERRORS_SHOWN);
            let mut text = d.render();
            if total > INTERNAL_ERRORS_SHOWN {
                let _ = writeln!(
                    text,
                    "({} more errors not shown)",
                    total - INTERNAL_ERRORS_SHOWN
                );
            }
            return Err(Error::Assembly(text));
        }
    };

    let sym_of = |n: &str| assembled.symbol(n).map(u32::from).unwrap_or(0);
    let load = target.load_address();
    let code_end = sym_of("_code_end");
    let sizes = Sizes {
        code: code_end.saturating_sub(load as u32),
        rodata: sym_of("_rodata_end").saturating_sub(code_end),
        data: sym_of("_data_end").saturating_sub(sym_of("_data")),
        vars: offset,
    };
    let sym = |n: &str| assembled.symbols.get(n).map_or(0, |s| s.value);
    let mut layout = Layout::from_symbols(target, sym, offset, chain_layout);
    // The file's true end (an ORG or DS could move it past the last label).
    let file_end = assembled.origin as i64 + assembled.bytes.len() as i64;
    layout.file_end = layout.file_end.max(file_end);
    layout.check()?;
    let mut bytes = assembled.bytes.clone();
    if target == Target::Rom {
        let size = if bytes.len() <= 0x4000 {
            0x4000
        } else {
            0x8000
        };
        bytes.resize(size, 0xFF);
    }

    // The line table: assembly lines of the code map back to source lines.
    let mut line_table = Vec::new();
    for e in &assembled.line_map {
        if e.file != 0 || e.len == 0 {
            continue;
        }
        let Some(Some(l)) = asm.locs.get((e.line as usize).wrapping_sub(1)) else {
            continue;
        };
        let file = program
            .sources
            .get(l.file as usize)
            .map_or("?".to_string(), |s| s.name.clone());
        match line_table.last_mut() {
            Some(LineInfo {
                addr,
                len,
                file: f,
                line,
            }) if *f == file && *line == l.line && addr.wrapping_add(*len) == e.addr => {
                *len += e.len;
            }
            _ => line_table.push(LineInfo {
                addr: e.addr,
                len: e.len,
                file,
                line: l.line,
            }),
        }
    }
    let symbols: BTreeMap<String, u16> = assembled
        .symbols
        .iter()
        .filter(|(n, _)| !n.contains("?"))
        .map(|(n, s)| (n.clone(), s.value as u16))
        .collect();
    let mut sym = assembled.symbol_file(z80_asm::SymbolFormat::Generic);
    sym.push_str("; line table: address, length, source\n");
    for l in &line_table {
        let _ = writeln!(sym, "; 0x{:04X} {} {}:{}", l.addr, l.len, l.file, l.line);
    }
    Ok(Output {
        target,
        bytes,
        load,
        entry: sym_of("_start") as u16,
        listing: assembled.listing_text(),
        asm: asm.text,
        sym,
        symbols,
        lines: line_table,
        sizes,
        runtime: linked.routines,
    })
}

fn data_lines(label: &str, bytes: &[u8], comment: &str) -> String {
    let mut s = String::new();
    if !comment.is_empty() {
        let _ = writeln!(s, "; {comment}");
    }
    let _ = writeln!(s, "{label}:");
    for chunk in bytes.chunks(16) {
        let items: Vec<String> = chunk.iter().map(|b| b.to_string()).collect();
        let _ = writeln!(s, "        db {}", items.join(","));
    }
    s
}
