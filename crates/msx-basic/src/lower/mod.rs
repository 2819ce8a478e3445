//! Lowering of a parsed MSX-BASIC program to the shared back end's IR
//! (`z80-codegen`).
//!
//! The program becomes one routine: every BASIC line starts a basic block,
//! GOTO is a jump, GOSUB pushes a return-site number on a small stack of the
//! runtime and RETURN jumps through a table of the sites ([`flow`]). Storage
//! is static, like the interpreter's variable area but at fixed addresses:
//! an integer is 2 bytes, a single 4 and a double 8 in the math pack's BCD
//! format, a string a 3-byte descriptor (length, address) owned by the
//! runtime's string heap. Arrays are created at run time (DIM, or a first
//! use with 11 elements per dimension) above the variables; a descriptor in
//! writable data holds their address and sizes.
//!
//! Expressions follow the ROM's typing (`parse::types`): integers are words
//! computed in registers through the IR, everything else goes through the
//! math pack's accumulator `BCD_DAC` with the operands' addresses
//! ([`num`]); strings are descriptors handled by the runtime ([`strs`]).
//!
//! The parts: this file (the lowerer, storage, blocks, temporaries), `num.rs`
//! (numbers and conditions), `strs.rs` (strings), `stmt.rs` (statements),
//! `flow.rs` (FOR/NEXT pairing, GOSUB/RETURN), `consts.rs` (constants in the
//! math-pack format, DATA).

mod consts;
mod flow;
mod ichain;
mod num;
mod onerror;
mod stmt;
mod strs;
mod traps;

use std::collections::{BTreeMap, HashMap};

use z80_codegen::ir::{
    self, build::*, Block, BlockId, Data, Function, Reg, SrcLoc, Stmt as IStmt, Term, Var as IVar,
    W,
};

use crate::parse::{Expr, Program, Span, StmtKind, Type, Var};

/// The compiler's own runtime routines (arrays, GOSUB stack, DATA, screen
/// statements), in the back end's link format.
pub const RT_EXTRA_ASM: &str = include_str!("rt_extra.asm");
/// DRAW, the graphics macro language (uses LINE's routine and PLAY's MML
/// scanner).
pub const RT_DRAW_ASM: &str = include_str!("rt_draw.asm");

/// Something the compiler cannot compile, with where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LowerError {
    pub line: u16,
    pub statement: u16,
    pub message: String,
}

type R<T> = Result<T, LowerError>;

fn err<T>(span: Span, message: impl Into<String>) -> R<T> {
    Err(LowerError {
        line: span.line,
        statement: span.statement,
        message: message.into(),
    })
}

/// The IR program and what the second build pass needs to fill in.
pub struct Lowered {
    pub ir: ir::Program,
    /// String literals: (label of the descriptor, length); the descriptor's
    /// address field is the label's address + 3, known after a first build.
    pub literals: Vec<(String, u8)>,
}

/// MSX-BASIC's error 8, "Undefined line number": a jump to a line that does
/// not exist raises it when it runs.
pub(crate) const UNDEFINED_LINE: u8 = 8;

/// Bytes of a value of each type.
/// A label after the program's variables (CLEAR zeroes up to it).
pub(crate) const VARS_END: &str = "bx_vars_end";

pub(crate) fn size_of(t: Type) -> u16 {
    match t {
        Type::Integer => 2,
        Type::String => 3,
        Type::Single => 4,
        Type::Double => 8,
    }
}

fn type_letter(t: Type) -> char {
    match t {
        Type::Integer => 'i',
        Type::Single => 's',
        Type::Double => 'd',
        Type::String => 't',
    }
}

fn var_suffix(v: Var) -> String {
    let mut s = String::new();
    for b in v.name.0 {
        if b != 0 {
            s.push(char::from(b).to_ascii_lowercase());
        }
    }
    s.push('_');
    s.push(type_letter(v.ty));
    s
}

/// Temporaries of one statement: words, bytes and 8-byte numbers.
#[derive(Default, Clone, Copy)]
struct Temps {
    words: usize,
    bytes: usize,
    nums: usize,
}

pub(crate) struct Lowerer<'p> {
    prog: &'p Program,
    blocks: Vec<Block>,
    cur: BlockId,
    /// The line being lowered (for the blocks made).
    line: u16,
    line_blocks: HashMap<u16, BlockId>,
    /// The block after the last line (END).
    end_block: BlockId,
    scalars: BTreeMap<Var, ()>,
    /// Arrays: number of dimensions.
    arrays: BTreeMap<Var, usize>,
    rodata: Vec<Data>,
    consts: HashMap<[u8; 8], String>,
    literals: Vec<(String, u8)>,
    literal_ids: HashMap<Vec<u8>, String>,
    temps: Temps,
    max_temps: Temps,
    /// FOR statements by (line, statement): their number.
    fors: HashMap<(u16, u16), usize>,
    /// NEXT statements by (line, statement): the FOR of each variable.
    nexts: HashMap<(u16, u16), Vec<usize>>,
    for_vars: Vec<Var>,
    /// The FOR loops' bodies, once lowered.
    for_bodies: HashMap<usize, BlockId>,
    /// Constant STEPs: their sign (true: not negative).
    for_const_step: HashMap<usize, bool>,
    /// Integer FOR loops with a constant STEP: its value (NEXT adds it).
    for_int_step: HashMap<usize, i16>,
    /// GOSUB return sites.
    return_sites: Vec<BlockId>,
    /// Blocks ending in RETURN: their terminators are made at the end.
    returns: Vec<BlockId>,
    fns: HashMap<Var, FnDef<'p>>,
    /// The parameters of the DEF FN bodies being lowered, innermost last.
    fn_scopes: Vec<HashMap<Var, String>>,
    /// The double variable DAC holds (its last statement stored it there),
    /// in that block: loading it again is skipped.
    dac_holds: Option<(BlockId, ir::Expr)>,
    /// The trap dispatch block, when the program uses event traps.
    trap_dispatch: Option<BlockId>,
    /// The lines that ON event GOSUB names, in order: handler k+1 is line k.
    trap_lines: Vec<u16>,
    /// ON ERROR GOTO: the block that calls `rt_bas_errcatch` and the block
    /// after it, when the program has one.
    err_catch: Option<(BlockId, BlockId)>,
    /// The lines ON ERROR GOTO names: handler k+1 is line k.
    err_lines: Vec<u16>,
    /// Every statement starts a numbered site (RESUME, RESUME NEXT).
    resume_marks: bool,
    /// The statements' sites (statement k is `stmt_sites[k-1]`) and the
    /// site after each.
    stmt_sites: Vec<BlockId>,
    next_sites: Vec<BlockId>,
    /// RESUME / RESUME NEXT blocks (true: NEXT), made at the end.
    resumes: Vec<(BlockId, bool)>,
    /// Where each CLEAR is (block, statement index): the arrays' resets
    /// are inserted there at the end, when every array is known.
    clears: Vec<(BlockId, usize)>,
    errors: Vec<LowerError>,
    /// Arrays ERASE names (one used nowhere else gets a descriptor too).
    erased: std::collections::BTreeSet<Var>,
    /// The program calls USR or sets DEF USR: its start fills USRTAB.
    pub(crate) usr: bool,
}

/// Lowers a parsed program. All errors come back together.
pub fn lower(prog: &Program, source_name: &str, listing: &str) -> Result<Lowered, Vec<LowerError>> {
    let mut l = Lowerer {
        prog,
        blocks: Vec::new(),
        cur: 0,
        line: 0,
        line_blocks: HashMap::new(),
        end_block: 0,
        scalars: BTreeMap::new(),
        arrays: BTreeMap::new(),
        rodata: Vec::new(),
        consts: HashMap::new(),
        literals: Vec::new(),
        literal_ids: HashMap::new(),
        temps: Temps::default(),
        max_temps: Temps::default(),
        fors: HashMap::new(),
        nexts: HashMap::new(),
        for_vars: Vec::new(),
        for_bodies: HashMap::new(),
        for_const_step: HashMap::new(),
        for_int_step: HashMap::new(),
        return_sites: Vec::new(),
        returns: Vec::new(),
        fns: HashMap::new(),
        fn_scopes: Vec::new(),
        dac_holds: None,
        clears: Vec::new(),
        trap_dispatch: None,
        trap_lines: Vec::new(),
        err_catch: None,
        err_lines: Vec::new(),
        resume_marks: false,
        stmt_sites: Vec::new(),
        next_sites: Vec::new(),
        resumes: Vec::new(),
        errors: Vec::new(),
        erased: Default::default(),
        usr: false,
    };
    l.run();
    if !l.errors.is_empty() {
        return Err(l.errors);
    }
    Ok(l.finish(source_name, listing))
}

impl<'p> Lowerer<'p> {
    fn run(&mut self) {
        let entry = self.new_block();
        debug_assert_eq!(entry, 0);
        for line in &self.prog.lines {
            self.line = line.number;
            let b = self.new_block();
            self.line_blocks.insert(line.number, b);
        }
        // The end is the last line's (MSX: "No RESUME in" the last line);
        // start-up code is line 0 in the line table.
        self.end_block = self.new_block();
        self.line = 0;
        self.blocks[self.end_block].term = Term::Goto("rt_bas_end".into());
        flow::pair_loops(self);
        self.collect_fns();

        // Start-up: the runtime, then the DATA pointer.
        self.cur = entry;
        self.emit(IStmt::Eval(call("rt_bx_init", vec![], W::Word)));
        if traps::uses_play(self.prog) {
            self.emit(IStmt::Eval(call("rt_bas_playinit", vec![], W::Word)));
        }
        if uses_files(self.prog) {
            // The file blocks; END closes the files (their last bytes
            // reach the disk).
            let count = file_blocks(self.prog);
            self.emit(IStmt::Eval(call(
                "rt_bas_finit",
                vec![(Reg::HL, sym(FILE_BLOCKS)), (Reg::A, byte(count as i64))],
                W::Word,
            )));
        }
        if traps::uses_traps(self.prog) {
            self.trap_dispatch = Some(self.new_block());
            self.emit(IStmt::Eval(call("rt_bas_trapinit", vec![], W::Word)));
        }
        if !self.prog.data.is_empty() {
            self.emit(IStmt::Store {
                w: W::Word,
                addr: sym("rt_bx_dptr"),
                value: sym("bx_data"),
            });
            self.emit(IStmt::Store {
                w: W::Word,
                addr: sym("rt_bx_dleft"),
                value: word(self.prog.data.len() as i64),
            });
        }
        let first = self
            .prog
            .lines
            .first()
            .map_or(self.end_block, |l| self.line_blocks[&l.number]);
        self.blocks[entry].term = Term::Jump(first);
        if onerror::uses_on_error(self.prog) {
            // Running off the end inside a handler is "No RESUME".
            let end = self.end_block;
            self.blocks[end]
                .stmts
                .push(IStmt::Eval(call("rt_bas_noresume", vec![], W::Word)));
            let catch = self.new_block();
            self.blocks[entry].term = Term::Jump(catch);
            self.err_catch = Some((catch, first));
        }
        self.resume_marks = onerror::uses_statement_resume(self.prog);

        self.lower_lines();
        if self.usr {
            // After the other start-up calls, before the first line.
            self.blocks[entry]
                .stmts
                .push(IStmt::Eval(call("rt_bas_usrinit", vec![], W::Word)));
        }
    }

    fn lower_lines(&mut self) {
        let lines = &self.prog.lines;
        for (i, line) in lines.iter().enumerate() {
            self.line = line.number;
            self.cur = self.line_blocks[&line.number];
            // A line of DATA and remarks does nothing: its check would only
            // take a trap one line earlier than the next line's does.
            let idle = line
                .statements
                .iter()
                .all(|s| matches!(s.kind, StmtKind::Data { .. } | StmtKind::Rem));
            if !idle {
                self.trap_check();
            }
            let next = lines
                .get(i + 1)
                .map_or(self.end_block, |l| self.line_blocks[&l.number]);
            if let Err(e) = self.statements(&line.statements, next) {
                self.errors.push(e);
            }
            self.terminate(Term::Jump(next));
        }
        traps::finish_dispatch(self);
        onerror::finish(self);
        flow::finish_returns(self);
    }

    /// The IR program.
    fn finish(mut self, source_name: &str, listing: &str) -> Lowered {
        let mut vars = Vec::new();
        for v in self.scalars.keys() {
            vars.push(IVar {
                label: format!("bv_{}", var_suffix(*v)),
                size: size_of(v.ty),
                comment: format!("{v}"),
            });
        }
        for (k, v) in self.for_vars.iter().enumerate() {
            let size = if v.ty == Type::Integer { 2 } else { 8 };
            for part in ["l", "s"] {
                vars.push(IVar {
                    label: format!("bf{k}{part}"),
                    size,
                    comment: format!("FOR {v}"),
                });
            }
            vars.push(IVar {
                label: format!("bf{k}g"),
                size: 1,
                comment: String::new(),
            });
        }
        for (name, def) in &self.fns {
            for (i, p) in def.params.iter().enumerate() {
                vars.push(IVar {
                    label: fn_param_label(*name, i),
                    size: size_of(p.ty),
                    comment: format!("FN {name} parameter {p}"),
                });
            }
        }
        vars.push(IVar {
            label: VARS_END.into(),
            size: 0,
            comment: "end of the program's variables (CLEAR)".into(),
        });
        if uses_files(self.prog) {
            vars.push(IVar {
                label: FILE_BLOCKS.into(),
                size: file_blocks(self.prog) * FILE_BLOCK_SIZE,
                comment: "the file blocks (runtime diskfiles.asm)".into(),
            });
        }
        let t = self.max_temps;
        for (prefix, n, size) in [("bw", t.words, 2), ("bb", t.bytes, 1), ("bn", t.nums, 8)] {
            for i in 0..n {
                vars.push(IVar {
                    label: format!("{prefix}{i}"),
                    size,
                    comment: String::new(),
                });
            }
        }
        let mut data = Vec::new();
        for v in std::mem::take(&mut self.erased) {
            // Never dimensioned: ERASE finds it unallocated.
            self.arrays.entry(v).or_insert(1);
        }
        for (v, dims) in &self.arrays {
            let mut bytes = vec![0, 0, *dims as u8, size_of(v.ty) as u8];
            for _ in 0..*dims {
                bytes.extend_from_slice(&11u16.to_le_bytes());
            }
            data.push(Data {
                label: format!("ba_{}", var_suffix(*v)),
                bytes,
                comment: format!("array {v}()"),
            });
        }
        if !self.prog.data.is_empty() {
            self.rodata.push(Data {
                label: "bx_data".into(),
                bytes: consts::data_table(&self.prog.data),
                comment: "DATA".into(),
            });
        }
        // Source comments: the listing's line k is BASIC line k.
        let mut text = String::new();
        let mut at = 1u32;
        for l in listing.lines() {
            let n: u32 = l
                .trim_start()
                .split(|c: char| !c.is_ascii_digit())
                .next()
                .and_then(|d| d.parse().ok())
                .unwrap_or(0);
            while at < n {
                text.push('\n');
                at += 1;
            }
            if n == at {
                text.push_str(l);
                text.push('\n');
                at += 1;
            }
        }
        let mut clears = std::mem::take(&mut self.clears);
        clears.sort_unstable_by(|a, b| b.cmp(a));
        for (b, i) in clears {
            let mut resets = Vec::new();
            for (v, dims) in &self.arrays {
                let label = format!("ba_{}", var_suffix(*v));
                resets.push(IStmt::Store {
                    w: W::Word,
                    addr: ir::Expr::Sym(label.clone(), 0),
                    value: word(0),
                });
                for k in 0..*dims {
                    resets.push(IStmt::Store {
                        w: W::Word,
                        addr: ir::Expr::Sym(label.clone(), 4 + 2 * k as i32),
                        value: word(11),
                    });
                }
            }
            let stmts = &mut self.blocks[b].stmts;
            let at = i.min(stmts.len());
            stmts.splice(at..at, resets);
        }
        let main = Function {
            name: "main".into(),
            comment: format!("{source_name}: the program"),
            blocks: std::mem::take(&mut self.blocks),
            frame: None,
        };
        Lowered {
            ir: ir::Program {
                main: "main".into(),
                functions: vec![main],
                rodata: self.rodata,
                data,
                vars,
                fixed: Vec::new(),
                sources: vec![ir::Source {
                    name: source_name.to_string(),
                    text,
                }],
                inline_calls: inline_calls(),
                scratch: (0..self.max_temps.words)
                    .map(|i| format!("bw{i}"))
                    .chain((0..self.max_temps.bytes).map(|i| format!("bb{i}")))
                    .collect(),
            },
            literals: self.literals,
        }
    }

    fn collect_fns(&mut self) {
        for line in &self.prog.lines {
            let mut stack: Vec<&crate::parse::Stmt> = line.statements.iter().collect();
            while let Some(s) = stack.pop() {
                match &s.kind {
                    crate::parse::StmtKind::DefFn { name, params, body } => {
                        self.fns.insert(*name, FnDef { params, body });
                    }
                    crate::parse::StmtKind::If {
                        then, otherwise, ..
                    } => {
                        stack.extend(then.iter());
                        stack.extend(otherwise.iter());
                    }
                    _ => {}
                }
            }
        }
    }

    // ---- blocks

    pub(crate) fn new_block(&mut self) -> BlockId {
        self.blocks.push(Block {
            stmts: vec![IStmt::Line(SrcLoc {
                file: 0,
                line: u32::from(self.line),
            })],
            term: Term::Goto("rt_halt".into()),
        });
        self.blocks.len() - 1
    }

    pub(crate) fn emit(&mut self, s: IStmt) {
        self.dac_holds = None;
        self.blocks[self.cur].stmts.push(s);
    }

    /// Ends the current block; what follows goes into a new (unreachable
    /// unless jumped to) block.
    pub(crate) fn terminate(&mut self, t: Term) {
        self.blocks[self.cur].term = t;
        self.cur = self.new_block();
    }

    pub(crate) fn call_stmt(&mut self, target: &str, args: Vec<(Reg, ir::Expr)>) {
        self.emit(IStmt::Eval(call(target, args, W::Word)));
    }

    /// Raises an MSX error at run time here (the error routine finds the
    /// line from this call's return address).
    pub(crate) fn raise(&mut self, code: u8) {
        self.call_stmt("rt_bas_error", vec![(Reg::DE, word(i64::from(code)))]);
    }

    // ---- temporaries (static, per statement)

    pub(crate) fn reset_temps(&mut self) {
        self.temps = Temps::default();
    }

    fn bump(&mut self, which: fn(&mut Temps) -> &mut usize) -> usize {
        let n = *which(&mut self.temps);
        *which(&mut self.temps) += 1;
        let m = which(&mut self.max_temps);
        *m = (*m).max(n + 1);
        n
    }

    pub(crate) fn word_temp(&mut self) -> String {
        format!("bw{}", self.bump(|t| &mut t.words))
    }

    pub(crate) fn byte_temp(&mut self) -> String {
        format!("bb{}", self.bump(|t| &mut t.bytes))
    }

    pub(crate) fn num_temp(&mut self) -> String {
        format!("bn{}", self.bump(|t| &mut t.nums))
    }

    /// Evaluates a word now (into a temporary) and gives the temporary.
    pub(crate) fn hoist(&mut self, value: ir::Expr) -> ir::Expr {
        if matches!(value, ir::Expr::Const(..) | ir::Expr::Sym(..)) {
            return value;
        }
        let t = self.word_temp();
        self.emit(IStmt::Store {
            w: W::Word,
            addr: sym(&t),
            value,
        });
        load(W::Word, sym(&t))
    }

    // ---- storage

    /// The address of a scalar variable (or of a DEF FN parameter).
    pub(crate) fn scalar(&mut self, v: Var) -> ir::Expr {
        for scope in self.fn_scopes.iter().rev().take(1) {
            if let Some(label) = scope.get(&v) {
                return sym(label);
            }
        }
        self.scalars.insert(v, ());
        sym(&format!("bv_{}", var_suffix(v)))
    }

    /// The address of an array element (computed now, into a temporary).
    pub(crate) fn element(&mut self, v: Var, subs: &[Expr], span: Span) -> R<ir::Expr> {
        if subs.len() > 16 {
            return err(span, "too many subscripts");
        }
        match self.arrays.get(&v) {
            Some(&n) if n != subs.len() => {
                return err(
                    span,
                    format!(
                        "array {v}() is used with {} and with {n} subscripts (MSX: Subscript out of range)",
                        subs.len()
                    ),
                )
            }
            _ => {
                self.arrays.insert(v, subs.len());
            }
        }
        let desc = sym(&format!("ba_{}", var_suffix(v)));
        if let [s] = subs {
            if !uses_arrays(s) {
                // One subscript goes to the routine in HL.
                let x = self.int_now(s)?;
                let element = call("rt_bx_elem1", vec![(Reg::HL, x), (Reg::DE, desc)], W::Word);
                return Ok(self.hoist(element));
            }
        }
        if subs.iter().all(|s| !uses_arrays(s)) {
            // Nothing in the subscripts touches rt_bx_idx: each goes there
            // as soon as it is computed.
            for (i, s) in subs.iter().enumerate() {
                let x = self.int_now(s)?;
                self.emit(IStmt::Store {
                    w: W::Word,
                    addr: ir::Expr::Sym("rt_bx_idx".into(), 2 * i as i32),
                    value: x,
                });
            }
        } else {
            let mut values = Vec::new();
            for s in subs {
                let x = self.int(s)?;
                values.push(self.hoist(x));
            }
            for (i, x) in values.into_iter().enumerate() {
                self.emit(IStmt::Store {
                    w: W::Word,
                    addr: ir::Expr::Sym("rt_bx_idx".into(), 2 * i as i32),
                    value: x,
                });
            }
        }
        Ok(self.hoist(call("rt_bx_elem", vec![(Reg::HL, desc)], W::Word)))
    }

    /// The descriptor of array `v` with `dims` dimensions (for DIM).
    pub(crate) fn array_desc(&mut self, v: Var, dims: usize, span: Span) -> R<ir::Expr> {
        match self.arrays.get(&v) {
            Some(&n) if n != dims => err(
                span,
                format!("array {v}() is used with {dims} and with {n} subscripts"),
            ),
            _ => {
                self.arrays.insert(v, dims);
                Ok(sym(&format!("ba_{}", var_suffix(v))))
            }
        }
    }

    /// The address of a numeric constant (as a double) in read-only data.
    pub(crate) fn constant(&mut self, value: [u8; 8]) -> ir::Expr {
        if let Some(l) = self.consts.get(&value) {
            return sym(l);
        }
        let label = format!("bk{}", self.consts.len());
        self.rodata.push(Data {
            label: label.clone(),
            bytes: value.to_vec(),
            comment: String::new(),
        });
        self.consts.insert(value, label.clone());
        sym(&label)
    }

    /// The descriptor of a string literal in read-only data.
    pub(crate) fn literal(&mut self, text: &[u8]) -> ir::Expr {
        if let Some(l) = self.literal_ids.get(text) {
            return sym(l);
        }
        let label = format!("bs{}", self.literals.len());
        let len = text.len().min(255) as u8;
        let mut bytes = vec![len, 0, 0];
        bytes.extend_from_slice(&text[..len as usize]);
        self.rodata.push(Data {
            label: label.clone(),
            bytes,
            comment: String::new(),
        });
        self.literals.push((label.clone(), len));
        self.literal_ids.insert(text.to_vec(), label.clone());
        sym(&label)
    }
}

/// A DEF FN: its parameters and body.
#[derive(Clone, Copy)]
pub(crate) struct FnDef<'p> {
    pub params: &'p [Var],
    pub body: &'p Expr,
}

/// Whether an expression reads an array or calls a DEF FN (whose body may).
fn uses_arrays(e: &Expr) -> bool {
    use crate::parse::ExprKind as K;
    match &e.kind {
        K::Element(..) | K::UserFn(..) => true,
        K::Int(_) | K::Single(_) | K::Double(_) | K::Str(_) | K::Var(_) => false,
        K::Neg(x) | K::Not(x) => uses_arrays(x),
        K::Binary(_, a, b) => uses_arrays(a) || uses_arrays(b),
        K::Call(_, args) => args.iter().any(uses_arrays),
    }
}

/// Whether a statement of the program (THEN and ELSE parts included)
/// satisfies `f`.
pub(crate) fn any_statement(prog: &Program, f: fn(&crate::parse::StmtKind) -> bool) -> bool {
    fn any(stmts: &[crate::parse::Stmt], f: fn(&crate::parse::StmtKind) -> bool) -> bool {
        stmts.iter().any(|s| match &s.kind {
            crate::parse::StmtKind::If {
                then, otherwise, ..
            } => any(then, f) || any(otherwise, f),
            k => f(k),
        })
    }
    prog.lines.iter().any(|l| any(&l.statements, f))
}

/// Whether the program opens files (its start-up then makes END close
/// them, and CLEAR closes them as on MSX).
pub(crate) fn uses_files(prog: &Program) -> bool {
    any_statement(prog, |k| matches!(k, StmtKind::Open { .. }))
}

/// The label of the file blocks and one block's size (runtime
/// `diskfiles.asm`: 42 bytes of state and FCB, a 256-byte buffer).
const FILE_BLOCKS: &str = "bx_files";
const FILE_BLOCK_SIZE: u16 = 298;

/// How many file blocks the program needs: MAXFILES is 1 at start and
/// takes up to 15; a program whose MAXFILES statements all have constant
/// arguments gets room for the largest of them, any other 15.
fn file_blocks(prog: &Program) -> u16 {
    fn walk(stmts: &[crate::parse::Stmt], most: &mut u16, variable: &mut bool) {
        for s in stmts {
            match &s.kind {
                StmtKind::MaxFiles(e) => match e.kind {
                    crate::parse::ExprKind::Int(n) => *most = (*most).max(n.clamp(1, 15) as u16),
                    _ => *variable = true,
                },
                StmtKind::If {
                    then, otherwise, ..
                } => {
                    walk(then, most, variable);
                    walk(otherwise, most, variable);
                }
                _ => {}
            }
        }
    }
    let mut most = 1;
    let mut variable = false;
    for line in &prog.lines {
        walk(&line.statements, &mut most, &mut variable);
    }
    if variable {
        15
    } else {
        most
    }
}

pub(crate) fn fn_param_label(name: Var, i: usize) -> String {
    format!("bp_{}{i}", var_suffix(name))
}

/// The runtime's forms with inline operands (`runtime/inline.asm`), for
/// z80-codegen's last peephole step: the moves between numbers in memory and
/// DAC/ARG that every non-integer expression makes, and the operations that
/// follow them, in one call and its words (and PRINT of a constant string,
/// and the trap check, `traps.asm`). Fusions apply as the instructions
/// come, so `ld hl,a` / `call bcd_load_dac` / `ld hl,b` / `call bcd_load_arg` /
/// `call bcd_add` is `rt_bcd_ldlai` with a fifth call after it, fused again; no two
/// fusions match the same instructions, so their order does not matter.
/// The sizes are the forms' bytes in inline.asm.
fn inline_calls() -> ir::InlineCalls {
    let form = |replaces: &str, form: &str, bytes: u16| ir::InlineForm {
        replaces: replaces.to_string(),
        form: form.to_string(),
        bytes,
    };
    let mut fuse = vec![(
        "rt_bcd_ldi".to_string(),
        form("rt_bcd_lai", "rt_bcd_ldlai", 12),
    )];
    for op in ["add", "sub", "mul", "div", "cmp"] {
        let plain = format!("bcd_{op}");
        fuse.push((
            "rt_bcd_lai".to_string(),
            form(&plain, &format!("rt_bcd_{op}i"), 9),
        ));
        fuse.push((
            "rt_bcd_ldlai".to_string(),
            form(&plain, &format!("rt_bcd_ld{op}i"), 15),
        ));
    }
    // (first, second, their form, its bytes)
    const PAIRS: [(&str, &str, &str, u16); 4] = [
        ("rt_bcd_sti", "rt_bcd_ldi", "rt_bcd_stldi", 12),
        ("rt_bcd_ldi", "rt_bcd_sti", "rt_bcd_cpyi", 12),
        ("rt_bcd_ldi", "bcd_to_int", "rt_bcd_ldinti", 9),
        ("rt_bas_prsi", "rt_bas_prnl", "rt_bas_prsnli", 9),
    ];
    for (first, second, fused, bytes) in PAIRS {
        fuse.push((first.to_string(), form(second, fused, bytes)));
    }
    ir::InlineCalls {
        operand: vec![
            form("bcd_load_dac", "rt_bcd_ldi", 6),
            form("bcd_load_arg", "rt_bcd_lai", 6),
            form("bcd_store_dac", "rt_bcd_sti", 6),
            form("rt_bas_prs", "rt_bas_prsi", 6),
        ],
        fuse,
        // The trap check at every line of a program with traps (traps.rs).
        branch: vec![ir::InlineBranch {
            form: form("rt_bas_tchk", "rt_bas_tchki", 22),
            target: "rt_bas_tdisp".to_string(),
        }],
    }
}
