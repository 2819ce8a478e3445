//! The MSX-BASIC compiler in one call: source (a listing or a tokenized
//! `.BAS`) → tokenizer → parser → lowering → the shared back end.
//!
//! ```
//! use msx_basic::compile::compile;
//! use z80_codegen::Target;
//! let out = compile("hello.bas", b"10 PRINT \"HELLO\"\n", Target::Dsk).unwrap();
//! assert_eq!(out.output.load, 0x4000);
//! ```
//!
//! The build runs twice: the first pass gives the address of every BASIC
//! line's code and of every string literal, the second one puts them in
//! the read-only data (the table `rt_bas_lines` that the runtime's error
//! routine uses to name the line of a run-time error, and the literals'
//! descriptors). Code addresses do not depend on that data, which comes
//! after the code; the compiler checks that they did not move.

use std::fmt;

use z80_codegen::ir::{self, Data};
use z80_codegen::{Output, Target};

use crate::lower;
use crate::parse;

/// A compiled program and the front end's warnings.
#[derive(Debug)]
pub struct Compiled {
    pub output: Output,
    pub warnings: Vec<Diagnostic>,
    /// The program as MSX-BASIC saves it (`SAVE "X"`: FFh, then the
    /// tokenized lines), to put on the disk next to the compiled program
    /// so that a real MSX can `RUN` the original.
    pub tokenized: Vec<u8>,
}

/// Why a program did not compile: every diagnostic found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct Failed {
    pub diagnostics: Vec<Diagnostic>,
}

impl fmt::Display for Failed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// One message: `battle.bas: line 450, statement 2: CIRCLE is not supported yet`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    /// The BASIC line (or, for a listing that does not tokenize, the text
    /// line), when known.
    pub line: Option<u32>,
    pub statement: Option<u16>,
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.file)?;
        match (self.line, self.statement) {
            (Some(l), Some(s)) => write!(f, "line {l}, statement {s}: ")?,
            (Some(l), None) => write!(f, "line {l}: ")?,
            _ => {}
        }
        write!(f, "{}", self.message)
    }
}

/// Whether a target's compiled program calls the Math-Pack of the main ROM:
/// where the main ROM is in page 0 while the program runs (a disk's program,
/// a cartridge), as MSX-BASIC compilers do. A .COM runs under MSX-DOS with
/// RAM in page 0 and keeps its own (see docs/basic.md "Memory").
fn uses_rom_mathpack(target: Target) -> bool {
    target != Target::Com
}

/// MSX-BASIC's error entries in page 1 (fact sheet
/// `msx-basic-interpreter.md` §8: 4055h Syntax error, 4058h Division by
/// zero, 405Bh NEXT without FOR, 405Eh Redimensioned array, 4061h Undefined
/// user function, 4064h RESUME without error, 4067h Overflow, 406Ah Missing
/// operand, 406Dh Type mismatch, 406Fh the error E), where the ROM's
/// Math-Pack goes on an error: a real MSX2's to the fixed entries, the free
/// ROMs' to 406Fh with E set. Page 1 is the compiled program's RAM, so it
/// puts its own entries there, leading to its error routine. Each entry is
/// `LD E,n` and the first byte of `LD BC,nn`, which swallows the next `LD E`.
/// (Illegal function call's entry, 475Ah, is not among them: the compiled
/// program calls no Math-Pack routine that raises it.)
const ERROR_ENTRIES: &str = r"
        ld e,2                  ; 4055h Syntax error
        db 1
        ld e,11                 ; 4058h Division by zero
        db 1
        ld e,1                  ; 405Bh NEXT without FOR
        db 1
        ld e,10                 ; 405Eh Redimensioned array
        db 1
        ld e,18                 ; 4061h Undefined user function
        db 1
        ld e,22                 ; 4064h RESUME without error
        db 1
        ld e,6                  ; 4067h Overflow
        db 1
        ld e,24                 ; 406Ah Missing operand
        db 1
        ld e,13                 ; 406Dh Type mismatch
        assert $ = 0406Fh
        jp rt_bas_error         ; 406Fh the error E
";

/// Where [`ERROR_ENTRIES`] start.
const ERROR_ENTRIES_AT: u16 = 0x4055;

/// The runtime files linked with a compiled program: the math pack (through
/// the label `rt_bcd` that starts it: its arithmetic core `bcd_core.asm`, or
/// on a target with the ROM's Math-Pack `mathpack.asm`, which calls it, then
/// `bcd.asm`, whose INT/FIX, `\`/MOD and integer powers are routines of
/// their own, `rt_bcd_int` ..., linked where used), the BASIC runtime
/// (`crates/msx-basic/runtime/`) and the compiler's own routines.
///
/// A program ends in MSX-BASIC where the main ROM's is in page 0 (a disk's,
/// a cartridge's: `endrom.asm`, the ROM prints the error messages), in the
/// runtime's own report and "Ok" in a .COM (`endtext.asm`).
///
/// `file_errors`: a .COM's error table holds the texts of the file errors
/// 50-71 (`BAS_FILE_ERRORS`, endtext.asm), which only a program that links
/// the disk routines or has an ERROR statement can raise (350 bytes the
/// others leave out).
fn runtime_files(target: Target, file_errors: bool) -> Vec<(&'static str, String)> {
    let (rom, core) = if uses_rom_mathpack(target) {
        ("BCD_ROM equ 1\n", crate::MATHPACK_ROM_ASM)
    } else {
        ("", crate::BCD_CORE_ASM)
    };
    let files = if file_errors {
        "BAS_FILE_ERRORS equ 1\n"
    } else {
        ""
    };
    // A cartridge's end gives page 2, which shows the cartridge, back to RAM.
    let cart = if target == Target::Rom {
        "BAS_CART equ 1\n"
    } else {
        ""
    };
    let bcd = format!(
        "rt_bcd:\n        jp bcd_init\n;@var rt_bcd_ram 96\nBCD_RAM equ rt_bcd_ram\nBCD_ERROR equ rt_bas_error\n{rom}{files}{cart}{core}{}",
        crate::BCD_ASM
    );
    vec![
        ("bcd.asm", bcd),
        ("inline.asm", crate::RT_INLINE_ASM.to_string()),
        ("strings.asm", crate::RT_STRINGS_ASM.to_string()),
        ("print.asm", crate::RT_PRINT_ASM.to_string()),
        ("errors.asm", crate::RT_ERRORS_ASM.to_string()),
        (
            "ends.asm",
            if uses_rom_mathpack(target) {
                crate::RT_ENDROM_ASM
            } else {
                crate::RT_ENDTEXT_ASM
            }
            .to_string(),
        ),
        ("input.asm", crate::RT_INPUT_ASM.to_string()),
        (
            "math.asm",
            if uses_rom_mathpack(target) {
                crate::RT_MATHROM_ASM
            } else {
                crate::RT_MATH_ASM
            }
            .to_string(),
        ),
        ("romcall.asm", crate::RT_ROMCALL_ASM.to_string()),
        ("traps.asm", crate::RT_TRAPS_ASM.to_string()),
        ("play.asm", crate::RT_PLAY_ASM.to_string()),
        ("using.asm", crate::RT_USING_ASM.to_string()),
        (
            "usingfmt.asm",
            if uses_rom_mathpack(target) {
                crate::RT_USINGROM_ASM
            } else {
                crate::RT_USINGFMT_ASM
            }
            .to_string(),
        ),
        ("diskfiles.asm", crate::RT_FILES_ASM.to_string()),
        ("machine.asm", crate::RT_MACHINE_ASM.to_string()),
        ("rt_extra.asm", lower::RT_EXTRA_ASM.to_string()),
        ("rt_draw.asm", lower::RT_DRAW_ASM.to_string()),
    ]
}

/// Compiles a BASIC program for a target. `source` is a listing (UTF-8, or
/// the MSX character set as `SAVE "X",A` writes it) or a tokenized file
/// (first byte 0xFF); `name` names it in diagnostics.
pub fn compile(name: &str, source: &[u8], target: Target) -> Result<Compiled, Failed> {
    let fail = |diagnostics| Failed { diagnostics };
    let diag = |line: Option<u32>, statement: Option<u16>, message: String| Diagnostic {
        file: name.to_string(),
        line,
        statement,
        message,
    };
    // A listing's lines that do not tokenize are reported with the other stages'
    // errors of the remaining lines, not alone.
    let (program, load_errors) = crate::load_source_lenient(source);
    let load_errors: Vec<Diagnostic> = load_errors
        .iter()
        .map(|e| diag(None, None, e.to_string()))
        .collect();
    if !load_errors.is_empty() && program.lines.is_empty() {
        return Err(fail(load_errors));
    }
    let listing = program.list().unwrap_or_default();
    let tokenized = program.to_bytes();
    let (parsed_program, parse_errors) = parse::parse_partial(&program);
    let mut errors: Vec<(u16, u16, String)> = parse_errors
        .iter()
        .map(|d| (d.line, d.statement, d.kind.to_string()))
        .collect();
    let warnings: Vec<Diagnostic> = if errors.is_empty() {
        parse::warnings(&parsed_program)
            .iter()
            .map(|w| {
                diag(
                    Some(u32::from(w.line)),
                    Some(w.statement),
                    w.message.clone(),
                )
            })
            .collect()
    } else {
        Vec::new()
    };
    // The lines that parsed are lowered even when others did not, so that one run
    // reports the errors of both stages (a line that did not parse is empty here).
    let lowered = lower::lower(&parsed_program, name, &listing);
    if let Err(lower_errors) = &lowered {
        errors.extend(
            lower_errors
                .iter()
                .map(|e| (e.line, e.statement, e.message.clone())),
        );
    }
    if !errors.is_empty() || !load_errors.is_empty() {
        // In program order; a stable sort keeps a line's parse error before the rest.
        errors.sort_by_key(|&(line, statement, _)| (line, statement));
        // Both stages check jumps to missing lines: say it once.
        errors.dedup();
        // The tokenizer's first (they name text lines), then the others.
        return Err(fail(
            load_errors
                .into_iter()
                .chain(errors.into_iter().map(|(line, statement, message)| {
                    diag(Some(u32::from(line)), Some(statement), message)
                }))
                .collect(),
        ));
    }
    let Ok(lowered) = lowered else {
        unreachable!("lowering errors were returned above")
    };
    let internal = |e: z80_codegen::Error| fail(vec![diag(None, None, e.to_string())]);
    let mut ir = lowered.ir;
    ir.rodata.push(Data {
        label: "rt_bas_lines".into(),
        bytes: Vec::new(),
        comment: "code address and BASIC line of each line's code".into(),
    });
    // The padding before the entries takes the program's literals, constants
    // and DATA where they fit; not the line table, empty in the first pass.
    let fixed = z80_codegen::link::FixedCode {
        addr: ERROR_ENTRIES_AT,
        text: ERROR_ENTRIES.into(),
        fill: ir
            .rodata
            .iter()
            .map(|d| d.label.clone())
            .filter(|l| l != "rt_bas_lines")
            .collect(),
    };
    let build = |ir: &ir::Program, files: &[(&str, &str)]| {
        if uses_rom_mathpack(target) {
            z80_codegen::link::build_with_fixed_code(ir, target, files, &fixed)
        } else {
            z80_codegen::link::build_with_runtime(ir, target, files)
        }
    };

    // Pass 1: addresses; once more with the file errors' texts when the
    // program turns out to link what raises them.
    let plain = runtime_files(target, false);
    let plain: Vec<(&str, &str)> = plain.iter().map(|(n, t)| (*n, t.as_str())).collect();
    if let Some(d) = missing_routines(&ir, &plain) {
        return Err(fail(vec![diag(Some(d.0), None, d.1)]));
    }
    let mut first = build(&ir, &plain).map_err(internal)?;
    let with_files = runtime_files(target, true);
    let with_files: Vec<(&str, &str)> = with_files.iter().map(|(n, t)| (*n, t.as_str())).collect();
    let extra = if raises_file_errors(&first) {
        first = build(&ir, &with_files).map_err(internal)?;
        &with_files
    } else {
        &plain
    };

    // Pass 2: the literals' descriptors and the line table.
    for (label, _) in &lowered.literals {
        let Some(addr) = first.symbol(label) else {
            continue;
        };
        if let Some(d) = ir.rodata.iter_mut().find(|d| &d.label == label) {
            let text = addr.wrapping_add(3).to_le_bytes();
            d.bytes[1] = text[0];
            d.bytes[2] = text[1];
        }
    }
    let end = first.symbol("rt_halt").unwrap_or(0);
    let lines: Vec<(u16, u16)> = first
        .lines
        .iter()
        .filter(|l| l.addr < end)
        .map(|l| (l.addr, l.line as u16))
        .chain([(end, 0xFFFF)])
        .collect();
    let table = line_table(&lines);
    if let Some(d) = ir.rodata.iter_mut().find(|d| d.label == "rt_bas_lines") {
        d.bytes = table;
    }
    let output = build(&ir, extra).map_err(internal)?;
    let moved = lowered
        .literals
        .iter()
        .map(|(l, _)| l.as_str())
        .chain(["rt_halt", "rt_bas_lines"])
        .any(|l| output.symbol(l) != first.symbol(l));
    if moved {
        return Err(fail(vec![diag(
            None,
            None,
            "internal error: code moved between the two build passes".into(),
        )]));
    }
    Ok(Compiled {
        output,
        warnings,
        tokenized,
    })
}

/// Whether a built program can raise a file error (50-71): it links a
/// routine of `diskfiles.asm` (every file and disk statement, VARPTR(#n))
/// or ERROR's `rt_bas_raise`. The compiler itself raises no file error.
fn raises_file_errors(built: &Output) -> bool {
    crate::RT_FILES_ASM
        .lines()
        .filter_map(|l| l.strip_prefix("rt_").and_then(|r| r.split_once(':')))
        .any(|(name, _)| built.symbol(&format!("rt_{name}")).is_some())
        || built.symbol("rt_bas_raise").is_some()
}

/// The first call of a runtime routine that no runtime file defines yet:
/// (BASIC line, message).
fn missing_routines(program: &ir::Program, files: &[(&str, &str)]) -> Option<(u32, String)> {
    let mut known: std::collections::BTreeSet<String> = z80_codegen::runtime::routine_names()
        .into_iter()
        .chain(z80_codegen::runtime::var_names())
        .collect();
    for (_, text) in files {
        for line in text.lines() {
            if let Some(v) = line.strip_prefix(";@var ") {
                if let Some(name) = v.split_whitespace().next() {
                    known.insert(name.to_string());
                }
                continue;
            }
            // `name EQU value` (mathpack.asm's ROM entries) names a routine too.
            let names = z80_codegen::runtime::constant_name(line)
                .into_iter()
                .chain(z80_codegen::runtime::label_of(line));
            known.extend(names.map(str::to_string));
        }
    }
    known.insert("rt_halt".into());
    let labels: std::collections::BTreeSet<&str> = program
        .vars
        .iter()
        .map(|v| v.label.as_str())
        .chain(program.rodata.iter().map(|d| d.label.as_str()))
        .chain(program.data.iter().map(|d| d.label.as_str()))
        .collect();
    let ok = |name: &str| known.contains(name) || labels.contains(name);
    for f in &program.functions {
        for b in &f.blocks {
            let mut line = 0;
            let mut found = None;
            for s in &b.stmts {
                if let ir::Stmt::Line(l) = s {
                    line = l.line;
                }
                visit_stmt(s, &mut |name| {
                    if found.is_none() && !ok(name) {
                        found = Some(name.to_string());
                    }
                });
            }
            visit_term(&b.term, &mut |name| {
                if found.is_none() && !ok(name) {
                    found = Some(name.to_string());
                }
            });
            if let Some(name) = found {
                return Some((
                    line,
                    format!("the runtime routine {name} this line needs is not written yet"),
                ));
            }
        }
    }
    None
}

fn visit_stmt(s: &ir::Stmt, f: &mut dyn FnMut(&str)) {
    match s {
        ir::Stmt::Store { addr, value, .. } => {
            visit_expr(addr, f);
            visit_expr(value, f);
        }
        ir::Stmt::Eval(e) | ir::Stmt::Push(e) => visit_expr(e, f),
        ir::Stmt::Copy { dst, src, len } => {
            visit_expr(dst, f);
            visit_expr(src, f);
            visit_expr(len, f);
        }
        ir::Stmt::PortOut { port, value } => {
            visit_expr(port, f);
            visit_expr(value, f);
        }
        ir::Stmt::Inline(_) | ir::Stmt::Line(_) => {}
    }
}

fn visit_term(t: &ir::Term, f: &mut dyn FnMut(&str)) {
    match t {
        ir::Term::Branch { cond, .. } => visit_cond(cond, f),
        ir::Term::Switch { value, .. } => visit_expr(value, f),
        ir::Term::Ret(Some((_, e))) => visit_expr(e, f),
        ir::Term::Goto(l) => f(l),
        _ => {}
    }
}

fn visit_cond(c: &ir::Cond, f: &mut dyn FnMut(&str)) {
    match c {
        ir::Cond::Cmp { l, r, .. } => {
            visit_expr(l, f);
            visit_expr(r, f);
        }
        ir::Cond::NonZero(_, e) => visit_expr(e, f),
        ir::Cond::Not(c) => visit_cond(c, f),
        ir::Cond::And(a, b) | ir::Cond::Or(a, b) => {
            visit_cond(a, f);
            visit_cond(b, f);
        }
        ir::Cond::Flag { call, .. } => visit_call(call, f),
        ir::Cond::True | ir::Cond::False => {}
    }
}

fn visit_call(c: &ir::Call, f: &mut dyn FnMut(&str)) {
    f(&c.target);
    for (_, e) in &c.args {
        visit_expr(e, f);
    }
}

fn visit_expr(e: &ir::Expr, f: &mut dyn FnMut(&str)) {
    match e {
        ir::Expr::Const(..) => {}
        ir::Expr::Sym(name, _) => {
            if name.starts_with("rt_") || name.starts_with("bcd_") {
                f(name)
            }
        }
        ir::Expr::Load(_, x)
        | ir::Expr::Un(_, _, x)
        | ir::Expr::ZExt(x)
        | ir::Expr::SExt(x)
        | ir::Expr::Lo(x)
        | ir::Expr::Hi(x)
        | ir::Expr::PortIn(x) => visit_expr(x, f),
        ir::Expr::Bin(_, _, a, b) => {
            visit_expr(a, f);
            visit_expr(b, f);
        }
        ir::Expr::Cond(c) => visit_cond(c, f),
        ir::Expr::Call(c) => visit_call(c, f),
    }
}

/// The address-to-line table the error routine reads (`rt_bas_callsite`,
/// errors.asm): per entry its address and its line, each as a byte, the
/// difference from the entry before when that is 1-255, or 00h and the
/// whole word (two bytes a line for most programs, where four would do).
/// Of entries at one address (lines without code) only the last counts.
fn line_table(entries: &[(u16, u16)]) -> Vec<u8> {
    let mut table = Vec::new();
    // The first entry's words are whole (the error routine starts from nothing).
    let field = |table: &mut Vec<u8>, prev: Option<u16>, value: u16| match prev
        .map(|p| value.wrapping_sub(p))
    {
        Some(d @ 1..=255) => table.push(d as u8),
        _ => {
            table.push(0);
            table.extend_from_slice(&value.to_le_bytes());
        }
    };
    let mut prev: Option<(u16, u16)> = None;
    for (i, &(a, l)) in entries.iter().enumerate() {
        if entries.get(i + 1).is_some_and(|next| next.0 == a) {
            continue;
        }
        field(&mut table, prev.map(|p| p.0), a);
        field(&mut table, prev.map(|p| p.1), l);
        prev = Some((a, l));
    }
    table
}

#[cfg(test)]
mod tests {
    use super::line_table;

    #[test]
    fn the_line_table_packs_differences_and_keeps_the_last_line_of_an_address() {
        let table = line_table(&[
            (0x4010, 10),
            (0x4020, 20),
            (0x4020, 30), // line 20 has no code: 30 starts at the same address
            (0x4200, 25), // code placed after a later line's, far away
            (0x4300, 0xFFFF),
        ]);
        assert_eq!(
            table,
            [
                0, 0x10, 0x40, 0, 10, 0, // the first: whole words
                0x10, 20, // +16 bytes, +20 lines (line 30)
                0, 0x00, 0x42, 0, 25, 0, // +480 bytes and -5 lines: whole words
                0, 0x00, 0x43, 0, 0xFF, 0xFF, // the end
            ]
        );
    }
}
