//! Lowering of the checked program to the shared back end's IR (`z80-codegen`), and the
//! whole compiler in one call: [`compile`].
//!
//! Storage follows Turbo Pascal 3: every variable, parameter and function result has a
//! static address (`{$A+}`); a `{$A-}` routine's parameters, locals and temporaries form
//! one contiguous area that the routine saves on the recursion stack on entry and restores
//! on exit, and its callers push the arguments instead of storing them. Calls to functions
//! inside expressions are hoisted into temporaries in left-to-right order, so arguments
//! of one call are never overwritten by another.
//!
//! The parts: this file (names, storage, the block builder, the driver), `expr.rs`
//! (values, addresses, conditions), `strings.rs` (strings and sets), `stmt.rs`
//! (statements and calls), `std.rs` (standard procedures and functions).

mod expr;
mod reals;
mod std_calls;
mod stmt;
mod strings;
mod thunks;

use std::collections::HashMap;

use z80_codegen::ir::{self, Block, BlockId, Data, Fixed, Function, Stmt as IStmt, Term, Var, W};
use z80_codegen::{Output, Target};

use crate::checked::{CheckedProgram, Routine};
use crate::diagnostics::Diagnostic;
use crate::source::{FileProvider, SourceMap, Span};
use crate::symbols::{LabelId, PassMode, RoutineId, Storage, SymbolId, SymbolKind};
use crate::types::{Type, TypeId};
use crate::{compile_front, Failed};

/// A compiled program with the front end's warnings.
#[derive(Debug)]
pub struct Compiled {
    pub output: Output,
    pub warnings: Vec<Diagnostic>,
    pub sources: SourceMap,
}

/// Include files shipped with the compiler, found when the program's own directory has no
/// file of that name.
pub const LIBRARY: &[(&str, &str)] = &[("MSXLIB.INC", include_str!("lib/msxlib.inc"))];

/// The program's files, then the shipped library.
struct WithLibrary<'a>(&'a dyn FileProvider);

impl FileProvider for WithLibrary<'_> {
    fn read(&self, name: &str) -> std::io::Result<String> {
        self.0.read(name).or_else(|e| {
            LIBRARY
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, text)| text.to_string())
                .ok_or(e)
        })
    }
}

/// Compiles a Pascal program to a target: front end, lowering, code generation.
/// Errors (from any phase) come back as diagnostics with the sources to render them.
/// `{$I msxlib.inc}` finds the shipped MSX library (see [`LIBRARY`]).
pub fn compile(
    source_name: &str,
    files: &dyn FileProvider,
    target: Target,
) -> Result<Compiled, Box<Failed>> {
    compile_as(source_name, files, target, false)
}

/// Compiles a Pascal program into TP3's `.chn` form, the program a `Chain` starts:
/// an MSX-DOS program loaded at 0100h whose global variables keep what the program that
/// chained to it left at their addresses (see `z80_codegen::link::build_chn`). The
/// `output.target` is `Target::Com`; write `output.bytes` to a `.CHN` file.
pub fn compile_chn(source_name: &str, files: &dyn FileProvider) -> Result<Compiled, Box<Failed>> {
    compile_as(source_name, files, Target::Com, true)
}

fn compile_as(
    source_name: &str,
    files: &dyn FileProvider,
    target: Target,
    chn: bool,
) -> Result<Compiled, Box<Failed>> {
    let front = compile_front(source_name, &WithLibrary(files))?;
    let program = &front.program;
    let fail = |diagnostics: Vec<Diagnostic>| {
        Box::new(Failed {
            diagnostics,
            sources: program.sources.clone(),
        })
    };
    let (ir, globals) = lower_program(program, Some(target)).map_err(|d| {
        let mut all = front.warnings.clone();
        all.extend(d);
        fail(all)
    })?;
    let built = if chn {
        z80_codegen::link::build_chn(&ir, globals)
    } else {
        z80_codegen::build(&ir, target)
    };
    let output = built.map_err(|e| {
        let span = program
            .routines
            .first()
            .map(|r| Span::new(r.span.file, 0, 0))
            .unwrap_or_default();
        fail(vec![Diagnostic::error(span, e.to_string())])
    })?;
    Ok(Compiled {
        output,
        warnings: front.warnings,
        sources: program.sources.clone(),
    })
}

/// Names the assembler reserves (registers, conditions, instructions, directives) and the
/// back end's own names: user names equal to one of them get a `?` appended.
const RESERVED: &[&str] = &[
    "a", "b", "c", "d", "e", "h", "l", "i", "r", "f", "af", "bc", "de", "hl", "ix", "iy", "sp",
    "ixh", "ixl", "iyh", "iyl", "nz", "z", "nc", "po", "pe", "p", "m", "adc", "add", "and", "bit",
    "call", "ccf", "cp", "cpd", "cpdr", "cpi", "cpir", "cpl", "daa", "dec", "di", "djnz", "ei",
    "ex", "exx", "halt", "im", "in", "inc", "ind", "indr", "ini", "inir", "jp", "jr", "ld", "ldd",
    "lddr", "ldi", "ldir", "neg", "nop", "or", "otdr", "otir", "out", "outd", "outi", "pop",
    "push", "res", "ret", "reti", "retn", "rl", "rla", "rlc", "rlca", "rld", "rr", "rra", "rrc",
    "rrca", "rrd", "rst", "sbc", "scf", "set", "sla", "sll", "sli", "sl1", "sra", "srl", "sub",
    "xor", "org", "equ", "db", "dw", "ds", "defb", "defw", "defs", "defm", "defl", "align",
    "phase", "dephase", "include", "incbin", "if", "elseif", "else", "endif", "ifdef", "ifndef",
    "macro", "endm", "local", "exitm", "rept", "assert", "end", "high", "low", "not", "mod", "shl",
    "shr", "eq", "ne", "lt", "le", "gt", "ge", "defined", "bios", "calslt", "enaslt", "wrtvdp",
    "chgmod", "chsns", "chget", "chput", "posit", "rslreg", "extrom", "forclr", "bakclr", "bdrclr",
    "himem", "jiffy", "exptbl", "scrmod", "bdos",
];

fn escape(name: &str) -> String {
    let lower = name.to_ascii_lowercase();
    let equate = z80_codegen::link::EQUATES
        .iter()
        .any(|(n, _)| n.eq_ignore_ascii_case(name));
    if equate
        || RESERVED.contains(&lower.as_str())
        || lower.starts_with("rt_")
        || name.starts_with('_')
    {
        format!("{name}?")
    } else {
        name.to_string()
    }
}

/// Where a symbol lives, as the lowering sees it.
#[derive(Clone, Debug)]
pub(crate) enum Place {
    /// A static label.
    Label(String),
    /// A static label holding the variable's address (`var` parameters).
    Indirect(String),
    /// A fixed address (`absolute $F3E9`).
    Fixed(u16),
}

/// A temporary of the routine being lowered.
#[derive(Clone, Debug)]
struct Temp {
    label: String,
    size: u16,
    busy: bool,
}

/// Storage of one routine (or of the main program).
#[derive(Default)]
struct Area {
    temps: Vec<Temp>,
}

pub(crate) struct Lower<'p> {
    p: &'p CheckedProgram,
    places: HashMap<SymbolId, Place>,
    routine_labels: Vec<String>,
    diags: Vec<Diagnostic>,
    rodata: Vec<Data>,
    data: Vec<Data>,
    fixed: Vec<Fixed>,
    /// The program names one of TP3's I/O vectors (`ConOutPtr` …): they are set up at
    /// its start.
    pub(crate) uses_io_vectors: bool,
    /// Entries with TP3's calling convention for routines whose address `Addr` took.
    pub(crate) thunks: Vec<(RoutineId, String)>,
    /// String literals already in `rodata`.
    literals: HashMap<Vec<u8>, String>,
    // The routine being lowered.
    prefix: String,
    area: Area,
    current: Option<RoutineId>,
    blocks: Vec<Block>,
    cur: BlockId,
    exit_block: BlockId,
    labels: HashMap<LabelId, BlockId>,
    /// Addresses of the records of enclosing `with` statements, by slot.
    withs: HashMap<u32, ir::Expr>,
    last_line: Option<(u32, u32)>,
    /// `{$R+}` where the statement being lowered was written.
    range_checks: bool,
    /// The target, when known: `Execute` is refused where there is no MSX-DOS.
    target: Option<Target>,
}

/// Lowers a checked program to IR. Constructs the back end does not handle yet are
/// reported as errors at their source position. What only some targets can do
/// (`Execute` needs MSX-DOS) is checked by [`lower_for`].
pub fn lower(p: &CheckedProgram) -> Result<ir::Program, Vec<Diagnostic>> {
    lower_for(p, None)
}

/// [`lower`] for a known target: routines the target cannot run are errors at the call.
pub fn lower_for(
    p: &CheckedProgram,
    target: Option<Target>,
) -> Result<ir::Program, Vec<Diagnostic>> {
    lower_program(p, target).map(|(ir, _)| ir)
}

/// The IR and the size in bytes of the global variables, which come first in its
/// variables (a `.chn` keeps them, see [`compile_chn`]).
fn lower_program(
    p: &CheckedProgram,
    target: Option<Target>,
) -> Result<(ir::Program, u32), Vec<Diagnostic>> {
    let mut l = Lower {
        p,
        target,
        places: HashMap::new(),
        routine_labels: Vec::new(),
        diags: Vec::new(),
        rodata: Vec::new(),
        data: Vec::new(),
        fixed: Vec::new(),
        uses_io_vectors: false,
        thunks: Vec::new(),
        literals: HashMap::new(),
        prefix: String::new(),
        area: Area::default(),
        current: None,
        blocks: Vec::new(),
        cur: 0,
        exit_block: 0,
        labels: HashMap::new(),
        withs: HashMap::new(),
        last_line: None,
        range_checks: false,
    };
    // Routine labels: nested routines are qualified by their parents.
    for r in &p.routines {
        let own = escape(&r.name);
        let label = match r.parent {
            Some(parent) => format!("{}.{own}", l.routine_labels[parent.0 as usize]),
            None => own,
        };
        l.routine_labels.push(label);
    }
    let mut vars = Vec::new();
    // Globals.
    for &s in &p.globals {
        let sym = p.symbols.get(s);
        let label = escape(&sym.name);
        l.place_symbol(s, &label, &mut vars);
    }
    let globals = vars.iter().map(|v| v.size as u32).sum();
    let mut functions = Vec::new();
    for (i, r) in p.routines.iter().enumerate() {
        if let Some(addr) = r.external {
            // No body: calls go to the fixed address.
            l.fixed.push(Fixed {
                label: l.routine_labels[i].clone(),
                addr,
            });
            continue;
        }
        let (f, area) = l.routine(RoutineId(i as u32), r);
        functions.push(f);
        vars.extend(area);
    }
    let mut main = l.main_program();
    if l.uses_io_vectors {
        main.0.blocks[0].stmts.insert(
            0,
            ir::Stmt::Eval(ir::Expr::Call(ir::Call {
                target: "rt_iovinit".into(),
                args: vec![],
                ret: ir::W::Word,
            })),
        );
    }
    vars.extend(main.1);
    functions.push(main.0);
    functions.extend(l.thunk_functions());
    if !l.diags.is_empty() {
        return Err(l.diags);
    }
    let sources = p
        .sources
        .files()
        .iter()
        .map(|f| ir::Source {
            name: f.name.clone(),
            text: f.text.clone(),
        })
        .collect();
    let ir = ir::Program {
        main: "_main".into(),
        functions,
        rodata: l.rodata,
        data: l.data,
        vars,
        fixed: l.fixed,
        sources,
        inline_calls: ir::InlineCalls::default(),
        scratch: Vec::new(),
    };
    Ok((ir, globals))
}

impl<'p> Lower<'p> {
    pub(crate) fn error(&mut self, span: Span, msg: impl Into<String>) {
        if self.diags.len() < 50 {
            self.diags.push(Diagnostic::error(span, msg));
        }
    }

    pub(crate) fn size(&self, ty: TypeId) -> u32 {
        self.p.types.size(ty)
    }

    /// The width of a scalar type (1 or 2 bytes), `None` for structured types.
    pub(crate) fn width(&self, ty: TypeId) -> Option<W> {
        match self.p.types.get(ty) {
            Type::Real
            | Type::String { .. }
            | Type::Array { .. }
            | Type::Record { .. }
            | Type::Set { .. }
            | Type::File { .. }
            | Type::Text => None,
            _ => match self.size(ty) {
                1 => Some(W::Byte),
                2 => Some(W::Word),
                _ => None,
            },
        }
    }

    /// Gives a symbol its place; variables that need RAM are added to `vars`.
    fn place_symbol(&mut self, s: SymbolId, label: &str, vars: &mut Vec<Var>) {
        let sym = self.p.symbols.get(s);
        let SymbolKind::Var { storage, init } = &sym.kind else {
            return;
        };
        let size = self.size(sym.ty);
        let place = match storage {
            Storage::Absolute { address } => {
                self.fixed.push(Fixed {
                    label: label.to_string(),
                    addr: *address,
                });
                Place::Fixed(*address)
            }
            Storage::AbsoluteVar { of } => match self.places.get(of) {
                Some(p) => p.clone(),
                None => Place::Label(label.to_string()),
            },
            Storage::TypedConst => {
                self.data.push(Data {
                    label: label.to_string(),
                    bytes: init.clone().unwrap_or_else(|| vec![0; size as usize]),
                    comment: format!("typed constant {}", sym.name),
                });
                Place::Label(label.to_string())
            }
            Storage::Param {
                mode: PassMode::Var | PassMode::UntypedVar,
                ..
            } => {
                vars.push(Var {
                    label: label.to_string(),
                    size: 2,
                    comment: format!("var parameter {} (its address)", sym.name),
                });
                Place::Indirect(label.to_string())
            }
            _ => {
                if size > 0xFFFF {
                    self.error(sym.span, "this variable is larger than 64 KB");
                }
                vars.push(Var {
                    label: label.to_string(),
                    size: size.min(0xFFFF) as u16,
                    comment: sym.name.clone(),
                });
                Place::Label(label.to_string())
            }
        };
        self.places.insert(s, place);
    }

    pub(crate) fn place(&self, s: SymbolId) -> Option<&Place> {
        self.places.get(&s)
    }

    pub(crate) fn routine_label(&self, r: RoutineId) -> String {
        self.routine_labels[r.0 as usize].clone()
    }

    // ---- blocks

    pub(crate) fn new_block(&mut self) -> BlockId {
        self.blocks.push(Block {
            stmts: Vec::new(),
            // Replaced when the block is sealed.
            term: Term::Ret(None),
        });
        self.blocks.len() - 1
    }

    pub(crate) fn emit(&mut self, s: IStmt) {
        self.blocks[self.cur].stmts.push(s);
    }

    /// Ends the current block with `t` and continues in `next`.
    pub(crate) fn seal(&mut self, t: Term, next: BlockId) {
        self.blocks[self.cur].term = t;
        self.cur = next;
    }

    /// Ends the current block with `t` and continues in a new (unreachable until jumped
    /// to) block.
    pub(crate) fn seal_dead(&mut self, t: Term) {
        let b = self.new_block();
        self.seal(t, b);
    }

    // ---- temporaries

    /// A temporary of `size` bytes, free again when the statement that took it ends.
    pub(crate) fn temp(&mut self, size: u16) -> String {
        if let Some(t) = self
            .area
            .temps
            .iter_mut()
            .find(|t| !t.busy && t.size == size)
        {
            t.busy = true;
            return t.label.clone();
        }
        let label = format!("{}.t?{}", self.prefix, self.area.temps.len() + 1);
        self.area.temps.push(Temp {
            label: label.clone(),
            size,
            busy: true,
        });
        label
    }

    pub(crate) fn temps_busy(&self) -> Vec<bool> {
        self.area.temps.iter().map(|t| t.busy).collect()
    }

    pub(crate) fn temps_restore(&mut self, busy: Vec<bool>) {
        for (t, b) in self.area.temps.iter_mut().zip(busy) {
            t.busy = b;
        }
    }

    /// The label of a string literal in the read-only data.
    pub(crate) fn literal(&mut self, bytes: &[u8]) -> String {
        if let Some(l) = self.literals.get(bytes) {
            return l.clone();
        }
        let label = format!("_str{}", self.literals.len() + 1);
        let mut data = vec![bytes.len().min(255) as u8];
        data.extend_from_slice(&bytes[..bytes.len().min(255)]);
        let shown: String = bytes
            .iter()
            .map(|&b| {
                if (32..127).contains(&b) {
                    b as char
                } else {
                    '.'
                }
            })
            .collect();
        self.rodata.push(Data {
            label: label.clone(),
            bytes: data,
            comment: format!("'{shown}'"),
        });
        self.literals.insert(bytes.to_vec(), label.clone());
        label
    }

    /// Read-only bytes (set constants and the like).
    pub(crate) fn rodata_bytes(&mut self, bytes: Vec<u8>, comment: &str) -> String {
        let label = format!("_const{}", self.rodata.len() + 1);
        self.rodata.push(Data {
            label: label.clone(),
            bytes,
            comment: comment.to_string(),
        });
        label
    }

    /// Under `{$R+}`, the value checked against `lo..hi` (the program stops outside).
    pub(crate) fn range_checked(&mut self, v: ir::Expr, lo: i64, hi: i64) -> ir::Expr {
        if !self.range_checks || lo <= -32768 && hi >= 32767 {
            return v;
        }
        strings::rt(
            "rt_rchk",
            vec![
                (ir::Reg::HL, v),
                (ir::Reg::DE, expr::word(lo)),
                (ir::Reg::BC, expr::word(hi)),
            ],
            W::Word,
        )
    }

    /// A source-line marker before the code of a statement.
    pub(crate) fn line(&mut self, span: Span) {
        let (line, _) = self.p.sources.line_col(span);
        let key = (span.file.0, line as u32);
        if self.last_line != Some(key) {
            self.last_line = Some(key);
            self.emit(IStmt::Line(ir::SrcLoc {
                file: span.file.0,
                line: line as u32,
            }));
        }
    }

    // ---- routines

    fn start_body(&mut self, prefix: String, current: Option<RoutineId>) {
        self.prefix = prefix;
        self.current = current;
        self.area = Area::default();
        self.blocks = Vec::new();
        self.labels.clear();
        self.withs.clear();
        self.last_line = None;
        self.cur = self.new_block();
        self.exit_block = self.new_block();
    }

    fn routine(&mut self, id: RoutineId, r: &Routine) -> (Function, Vec<Var>) {
        let label = self.routine_label(id);
        self.start_body(label.clone(), Some(id));
        let mut vars = Vec::new();
        for &s in r.params.iter().chain(r.result.iter()).chain(&r.locals) {
            let name = escape(&self.p.symbols.get(s).name);
            self.place_symbol(s, &format!("{label}.{name}"), &mut vars);
        }
        self.line(r.span);
        let body: Vec<_> = r.body.iter().collect();
        for s in body {
            self.stmt(s);
        }
        let exit = self.exit_block;
        self.seal(Term::Jump(exit), exit);
        // A re-entrant function's string or structured result is in its area, which
        // the return restores to the caller's copy: on the way out it is copied to a
        // place of its own outside the area, where the caller picks it up.
        let ret_slot = match (r.recursive, r.result, r.result_type) {
            (true, Some(res), Some(ty)) if self.width(ty).is_none() => {
                match self.place(res).cloned() {
                    Some(Place::Label(l)) => {
                        let size = self.size(ty).min(0xFFFF) as u16;
                        let slot = Var {
                            label: format!("{label}.ret?"),
                            size,
                            comment: "the result, out of the re-entrant area".into(),
                        };
                        self.emit(ir::Stmt::Copy {
                            dst: ir::Expr::Sym(slot.label.clone(), 0),
                            src: ir::Expr::Sym(l, 0),
                            len: ir::Expr::Const(W::Word, size),
                        });
                        Some(slot)
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        let ret = match (r.result, r.result_type) {
            (Some(res), Some(ty)) => match (self.width(ty), self.place(res).cloned()) {
                (Some(w), Some(Place::Label(l))) => {
                    Some((w, ir::Expr::Load(w, Box::new(ir::Expr::Sym(l, 0)))))
                }
                _ => None,
            },
            _ => None,
        };
        self.seal_dead(Term::Ret(ret));
        // The area: parameters, result, locals, then temporaries.
        vars.extend(self.area.temps.iter().map(|t| Var {
            label: t.label.clone(),
            size: t.size,
            comment: "temporary".into(),
        }));
        let frame = if r.recursive {
            let size: u32 = vars.iter().map(|v| v.size as u32).sum();
            let params = r
                .params
                .iter()
                .filter_map(|&s| self.frame_param(s))
                .collect();
            vars.first().map(|first| ir::Frame {
                area: first.label.clone(),
                size: size.min(0xFFFF) as u16,
                params,
            })
        } else {
            None
        };
        vars.extend(ret_slot);
        let kind = match r.kind {
            crate::ast::RoutineKind::Function => "function",
            crate::ast::RoutineKind::Procedure => "procedure",
        };
        let (line, _) = self.p.sources.line_col(r.span);
        let file = self
            .p
            .sources
            .file(r.span.file)
            .map_or("?", |f| f.name.as_str());
        let comment = format!(
            "{kind} {} ({file}:{line}){}",
            r.name,
            if r.recursive {
                ", {$A-}: re-entrant"
            } else {
                ""
            }
        );
        let f = Function {
            name: label,
            comment,
            blocks: std::mem::take(&mut self.blocks),
            frame,
        };
        (f, vars)
    }

    /// How a re-entrant routine takes a parameter off the stack.
    fn frame_param(&self, s: SymbolId) -> Option<ir::FrameParam> {
        let sym = self.p.symbols.get(s);
        let label = match self.place(s)? {
            Place::Label(l) | Place::Indirect(l) => l.clone(),
            Place::Fixed(_) => return None,
        };
        if let SymbolKind::Var {
            storage:
                Storage::Param {
                    mode: PassMode::Var | PassMode::UntypedVar,
                    ..
                },
            ..
        } = sym.kind
        {
            return Some(ir::FrameParam::Value { label, w: W::Word });
        }
        Some(match (self.width(sym.ty), self.p.types.get(sym.ty)) {
            (Some(w), _) => ir::FrameParam::Value { label, w },
            (None, Type::String { max }) => ir::FrameParam::StrFrom { label, max: *max },
            (None, _) => ir::FrameParam::CopyFrom {
                label,
                len: self.size(sym.ty).min(0xFFFF) as u16,
            },
        })
    }

    fn main_program(&mut self) -> (Function, Vec<Var>) {
        self.start_body("_main".into(), None);
        let body: Vec<_> = self.p.body.iter().collect();
        for s in body {
            self.stmt(s);
        }
        let exit = self.exit_block;
        self.seal(Term::Jump(exit), exit);
        self.seal_dead(Term::Goto("rt_halt".into()));
        let vars = self
            .area
            .temps
            .iter()
            .map(|t| Var {
                label: t.label.clone(),
                size: t.size,
                comment: "temporary".into(),
            })
            .collect();
        let name = self.p.name.clone().unwrap_or_else(|| "program".into());
        (
            Function {
                name: "_main".into(),
                comment: format!("program {name}: the main block"),
                blocks: std::mem::take(&mut self.blocks),
                frame: None,
            },
            vars,
        )
    }
}
