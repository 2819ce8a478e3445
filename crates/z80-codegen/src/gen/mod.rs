//! Z80 code generation: IR routines to assembly lines.
//!
//! Register use: a word is computed in HL, a byte in A; DE holds the second operand of a
//! word operation, BC and the alternate set are free for runtime routines. Any expression
//! may use AF, BC, DE and HL; nothing is kept in registers across statements here — the
//! peephole pass ([`crate::peephole`]) removes the reloads that straight-line code makes
//! redundant (`ld (x),hl` followed by `ld hl,(x)`).
//!
//! The parts: this file (lines, labels, routines and blocks, statements), `expr.rs`
//! (expressions), `cond.rs` (conditions as compare-and-branch).

mod cond;
mod expr;

pub use expr::width as expr_width;

use crate::ir::*;

/// One line of generated assembly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// An instruction or directive, in lower case, operands separated by `,` only.
    Op(String),
    Label(String),
    Comment(String),
    /// The source line the following code comes from (shown as a comment).
    Src(SrcLoc),
}

/// Lines written the short way, for tests: `name:` a label, anything else an
/// instruction.
#[cfg(test)]
pub(crate) fn lines_of(v: &[&str]) -> Vec<Line> {
    v.iter()
        .map(|s| match s.strip_suffix(':') {
            Some(l) => Line::Label(l.to_string()),
            None => Line::Op(s.to_string()),
        })
        .collect()
}

pub struct Gen<'p> {
    pub lines: Vec<Line>,
    program: &'p Program,
    /// Prefix of the labels made for the current routine.
    prefix: String,
    next_label: u32,
    frame: Option<Frame>,
    /// The computed address (or other pure word) HL holds, if known: a block that the
    /// only way into is a branch taken right after computing it does not compute it
    /// again (`if g[x, y] <> 0 then exit; g[x, y] := 2`).
    hl_memo: Option<Expr>,
    /// What HL held at each jump to a block label emitted so far in the routine.
    at_jump: std::collections::HashMap<String, Option<Expr>>,
    /// Re-entrant routines whose callers save what they need of the area
    /// ([`crate::recursion`]).
    caller_saved: std::collections::HashMap<String, crate::recursion::CallerSaved>,
}

/// Formats `label+offset`.
pub fn sym_text(name: &str, offset: i32) -> String {
    match offset {
        0 => name.to_string(),
        o if o > 0 => format!("{name}+{o}"),
        o => format!("{name}-{}", -(o as i64)),
    }
}

impl<'p> Gen<'p> {
    pub fn new(program: &'p Program) -> Gen<'p> {
        Gen {
            lines: Vec::new(),
            program,
            prefix: String::new(),
            next_label: 0,
            frame: None,
            hl_memo: None,
            at_jump: std::collections::HashMap::new(),
            caller_saved: crate::recursion::plan(program),
        }
    }

    pub fn op(&mut self, s: impl Into<String>) {
        let s = s.into();
        if let Some(target) = branch_target(&s) {
            // Every jump to a block counts (a compound condition jumps to the same block
            // from several places): what HL holds there is what all of them agree on.
            if target.starts_with(&format!("{}.b?", self.prefix)) {
                let now = self.hl_memo.clone();
                self.at_jump
                    .entry(target.to_string())
                    .and_modify(|m| {
                        if *m != now {
                            *m = None;
                        }
                    })
                    .or_insert(now);
            }
        } else if self.hl_memo.is_some() && !keeps_hl_and_memory(&s) {
            self.hl_memo = None;
        }
        self.lines.push(Line::Op(s));
    }

    /// Whether a label is an `absolute` variable at a fixed address.
    fn is_fixed(&self, label: &str) -> bool {
        self.program.fixed.iter().any(|f| f.label == label)
    }

    pub fn label(&mut self, s: impl Into<String>) {
        // Ways in from elsewhere: nothing is known about HL (a block with one way in
        // sets it again right after).
        self.hl_memo = None;
        self.lines.push(Line::Label(s.into()));
    }

    pub fn comment(&mut self, s: impl Into<String>) {
        self.lines.push(Line::Comment(s.into()));
    }

    /// A fresh label local to the current routine.
    pub fn new_label(&mut self) -> String {
        self.next_label += 1;
        format!("{}.l?{}", self.prefix, self.next_label)
    }

    fn block_label(&self, b: BlockId) -> String {
        format!("{}.b?{}", self.prefix, b)
    }

    /// Emits one routine.
    pub fn function(&mut self, f: &Function) {
        self.prefix = f.name.clone();
        self.next_label = 0;
        let plan = self.caller_saved.get(&f.name).cloned();
        // A routine whose callers save its area returns with a plain `ret`.
        self.frame = f.frame.clone().filter(|_| plan.is_none());
        self.lines.push(Line::Comment(String::new()));
        for c in f.comment.lines() {
            self.comment(c.to_string());
        }
        self.label(f.name.clone());
        match (&f.frame, &plan) {
            (Some(frame), Some(_)) => self.take_args(frame),
            (Some(frame), None) => self.prologue(&frame.clone()),
            _ => {}
        }
        // Blocks that nothing jumps to (code after `exit`, …) are left out.
        let order = layout(f);
        let preds = predecessors(f);
        self.hl_memo = None;
        self.at_jump.clear();
        let mut falls_in = false;
        for (i, &b) in order.iter().enumerate() {
            let next = order.get(i + 1).copied();
            if b != 0 {
                let l = self.block_label(b);
                // HL is known at a block with one way in (the jumps emitted to it
                // and the fall-through from the block before, when they all agree).
                let known = match (preds[b], self.at_jump.get(&l), falls_in) {
                    (1, Some(m), true) if *m == self.hl_memo => m.clone(),
                    (1, Some(m), false) => m.clone(),
                    (1, None, true) => self.hl_memo.clone(),
                    _ => None,
                };
                self.label(l);
                self.hl_memo = known;
            }
            let block = &f.blocks[b];
            for (i, s) in block.stmts.iter().enumerate() {
                if let Some(us) = plan.as_ref().and_then(|p| p.units_at(&p.save_before, b, i)) {
                    self.save_units(&us);
                }
                self.stmt(s);
                if let Some(us) = plan
                    .as_ref()
                    .and_then(|p| p.units_at(&p.restore_after, b, i))
                {
                    let kept = plan.as_ref().is_some_and(|p| p.kept.contains(&(b, i)));
                    self.restore_units(&us, kept);
                }
            }
            self.term(&block.term, next);
            falls_in = !self
                .lines
                .iter()
                .rev()
                .find_map(|l| match l {
                    Line::Op(o) => Some(ends_flow(o)),
                    _ => None,
                })
                .unwrap_or(false);
        }
        self.hl_memo = None;
        self.frame = None;
    }

    /// The entry of a routine whose callers save its area: the arguments go from the
    /// stack to their places, the return address waiting in BC.
    fn take_args(&mut self, frame: &Frame) {
        if frame.params.is_empty() {
            return;
        }
        self.op("pop bc");
        for p in frame.params.iter().rev() {
            if let FrameParam::Value { label, w } = p {
                self.op("pop hl");
                match w {
                    W::Word => self.op(format!("ld ({label}),hl")),
                    W::Byte => {
                        self.op("ld a,l");
                        self.op(format!("ld ({label}),a"));
                    }
                }
            }
        }
        self.op("push bc");
    }

    /// Pushes parts of a caller-saved area before a call that may re-enter its routine.
    fn save_units(&mut self, units: &[crate::recursion::Unit]) {
        for u in units {
            let at = sym_text(&u.label, u.offset);
            match u.w {
                W::Word => {
                    self.op(format!("ld hl,({at})"));
                    self.op("push hl");
                }
                W::Byte => {
                    self.op(format!("ld a,({at})"));
                    self.op("push af");
                }
            }
        }
    }

    /// Pops back what [`Gen::save_units`] pushed, after the call; when `kept`, the
    /// words (two at most) stay on the stack for the next call.
    fn restore_units(&mut self, units: &[crate::recursion::Unit], kept: bool) {
        if kept {
            let regs = ["hl", "de"];
            let places: Vec<String> = units
                .iter()
                .rev()
                .map(|u| sym_text(&u.label, u.offset))
                .collect();
            for r in &regs[..places.len()] {
                self.op(format!("pop {r}"));
            }
            for r in regs[..places.len()].iter().rev() {
                self.op(format!("push {r}"));
            }
            for (r, at) in regs.iter().zip(&places) {
                self.op(format!("ld ({at}),{r}"));
            }
            return;
        }
        for u in units.iter().rev() {
            let at = sym_text(&u.label, u.offset);
            match u.w {
                W::Word => {
                    self.op("pop hl");
                    self.op(format!("ld ({at}),hl"));
                }
                W::Byte => {
                    self.op("pop af");
                    self.op(format!("ld ({at}),a"));
                }
            }
        }
    }

    /// Saves the re-entrant routine's area, then takes its arguments off the stack.
    fn prologue(&mut self, frame: &Frame) {
        if small_frame(frame) && self.prologue_in_place(frame) {
            return;
        }
        if small_frame(frame) {
            // A few words: kept on the machine stack under the return address.
            self.op("pop ix");
            let regs = ["bc", "de"];
            let k = frame.params.len();
            for r in regs[..k].iter().rev() {
                self.op(format!("pop {r}"));
            }
            for i in 0..frame.size / 2 {
                self.op(format!("ld hl,({})", sym_text(&frame.area, 2 * i as i32)));
                self.op("push hl");
            }
            for (p, r) in frame.params.iter().zip(regs) {
                if let FrameParam::Value { label, w } = p {
                    match w {
                        W::Word => self.op(format!("ld ({label}),{r}")),
                        W::Byte => {
                            self.op(format!("ld a,{}", &r[1..]));
                            self.op(format!("ld ({label}),a"));
                        }
                    }
                }
            }
            self.op("push ix");
            return;
        }
        self.op(format!("ld hl,{}", frame.area));
        self.op(format!("ld bc,{}", frame.size));
        self.op("call rt_rsave");
        if frame.params.is_empty() {
            return;
        }
        self.op("pop ix"); // the return address, while the arguments are taken
        for p in frame.params.iter().rev() {
            self.op("pop hl");
            match p {
                FrameParam::Value { label, w: W::Word } => self.op(format!("ld ({label}),hl")),
                FrameParam::Value { label, w: W::Byte } => {
                    self.op("ld a,l");
                    self.op(format!("ld ({label}),a"));
                }
                FrameParam::CopyFrom { label, len } => {
                    self.op(format!("ld de,{label}"));
                    self.op(format!("ld bc,{len}"));
                    self.op("ldir");
                }
                FrameParam::StrFrom { label, max } => {
                    self.op(format!("ld de,{label}"));
                    self.op(format!("ld c,{max}"));
                    self.op("call rt_strcpy");
                }
            }
        }
        self.op("push ix");
    }

    /// The small-frame prologue when the first argument is the area's first word: the
    /// return address waits in BC (not IX), the second argument in DE, and the first
    /// argument's slot on the stack takes the area's first word (`ex (sp),hl`), so
    /// the stack ends as the epilogue expects (the area's words, the first deepest,
    /// under the return address). 18 T-states less than through IX.
    fn prologue_in_place(&mut self, frame: &Frame) -> bool {
        let Some(FrameParam::Value {
            label: first,
            w: W::Word,
        }) = frame.params.first()
        else {
            return false;
        };
        if *first != frame.area {
            return false;
        }
        self.op("pop bc");
        if frame.params.len() == 2 {
            self.op("pop de");
        }
        self.op(format!("ld hl,({})", frame.area));
        self.op("ex (sp),hl");
        self.op(format!("ld ({}),hl", frame.area));
        for i in 1..frame.size / 2 {
            self.op(format!("ld hl,({})", sym_text(&frame.area, 2 * i as i32)));
            self.op("push hl");
        }
        if let Some(FrameParam::Value { label, w }) = frame.params.get(1) {
            match w {
                W::Word => self.op(format!("ld ({label}),de")),
                W::Byte => {
                    self.op("ld a,e");
                    self.op(format!("ld ({label}),a"));
                }
            }
        }
        self.op("push bc");
        true
    }

    fn stmt(&mut self, s: &Stmt) {
        match s {
            Stmt::Line(loc) => self.lines.push(Line::Src(*loc)),
            Stmt::Store { w, addr, value } => self.store(*w, addr, value),
            Stmt::Eval(e) => match e {
                Expr::Call(c) => self.call(c),
                e if expr::width(e) == W::Byte => self.byte(e),
                e => self.word(e),
            },
            Stmt::Push(e) => {
                self.word(e);
                self.op("push hl");
            }
            Stmt::Copy { dst, src, len } => self.copy(dst, src, len),
            Stmt::PortOut { port, value } => {
                if let Expr::Const(_, p) = port {
                    self.byte(value);
                    self.op(format!("out ({}),a", p & 0xFF));
                } else {
                    self.byte(port);
                    self.op("push af");
                    self.byte(value);
                    self.op("pop bc");
                    self.op("ld c,b");
                    self.op("out (c),a");
                }
            }
            Stmt::Inline(items) => {
                for it in items {
                    let line = match it {
                        Bytes::Byte(b) => format!("db {b}"),
                        Bytes::Word(w) => format!("dw {w}"),
                        Bytes::Label {
                            name,
                            offset,
                            word: true,
                        } => format!("dw {}", sym_text(name, *offset)),
                        Bytes::Label {
                            name,
                            offset,
                            word: false,
                        } => format!("db low ({})", sym_text(name, *offset)),
                        Bytes::Here { offset, word: true } => {
                            format!("dw {}", sym_text("$", *offset))
                        }
                        Bytes::Here {
                            offset,
                            word: false,
                        } => format!("db low ({})", sym_text("$", *offset)),
                    };
                    self.op(line);
                }
            }
        }
    }

    fn copy(&mut self, dst: &Expr, src: &Expr, len: &Expr) {
        match len {
            Expr::Const(_, 0) => {}
            Expr::Const(_, n) => {
                self.src_dst(src, dst);
                self.op(format!("ld bc,{n}"));
                self.op("ldir");
            }
            _ => {
                self.word(len);
                self.op("push hl");
                self.src_dst(src, dst);
                self.op("pop bc");
                self.op("call rt_move");
            }
        }
    }

    /// HL = src, DE = dst.
    fn src_dst(&mut self, src: &Expr, dst: &Expr) {
        if let Some(d) = expr::simple_word(dst) {
            self.word(src);
            self.load_simple("de", &d);
        } else {
            self.word(dst);
            self.op("push hl");
            self.word(src);
            self.op("pop de");
        }
    }

    fn term(&mut self, t: &Term, next: Option<BlockId>) {
        match t {
            Term::Jump(b) => {
                if next != Some(*b) {
                    let l = self.block_label(*b);
                    self.op(format!("jp {l}"));
                }
            }
            Term::Branch { cond, then, els } => {
                let (tl, el) = (self.block_label(*then), self.block_label(*els));
                let nl = next.map(|n| self.block_label(n));
                self.branch(cond, &tl, &el, nl.as_deref());
            }
            Term::Switch {
                w,
                value,
                base,
                targets,
                default,
            } => self.switch(*w, value, *base, targets, *default),
            Term::Ret(v) => {
                let w = v.as_ref().map(|(w, e)| {
                    match w {
                        W::Byte => self.byte(e),
                        W::Word => self.word(e),
                    }
                    *w
                });
                if let Some(frame) = self.frame.clone().filter(small_frame) {
                    if w == Some(W::Word) {
                        self.op("ex de,hl");
                    }
                    self.op("pop ix");
                    for i in (0..frame.size / 2).rev() {
                        self.op("pop hl");
                        self.op(format!("ld ({}),hl", sym_text(&frame.area, 2 * i as i32)));
                    }
                    if w == Some(W::Word) {
                        self.op("ex de,hl");
                    }
                    self.op("jp (ix)");
                    return;
                }
                if let Some(frame) = self.frame.clone() {
                    if w == Some(W::Word) {
                        self.op("push hl");
                    }
                    self.op(format!("ld hl,{}", frame.area));
                    self.op(format!("ld bc,{}", frame.size));
                    self.op("call rt_rrest");
                    if w == Some(W::Word) {
                        self.op("pop hl");
                    }
                }
                self.op("ret");
            }
            Term::Goto(l) => self.op(format!("jp {l}")),
        }
    }

    fn switch(&mut self, w: W, value: &Expr, base: i32, targets: &[BlockId], default: BlockId) {
        let dl = self.block_label(default);
        let n = targets.len();
        match w {
            W::Byte => {
                self.byte(value);
                if base != 0 {
                    self.op(format!("sub {}", base & 0xFF));
                }
                if n < 256 {
                    self.op(format!("cp {n}"));
                    self.op(format!("jp nc,{dl}"));
                }
                self.op("ld l,a");
                self.op("ld h,0");
            }
            W::Word => {
                self.word(value);
                if base != 0 {
                    self.op(format!("ld de,{}", (-base) as u16));
                    self.op("add hl,de");
                }
                if n < 256 {
                    self.op("ld a,h");
                    self.op("or a");
                    self.op(format!("jp nz,{dl}"));
                    self.op("ld a,l");
                    self.op(format!("cp {n}"));
                } else {
                    // More targets than a byte counts (a BASIC program's
                    // RETURN with hundreds of GOSUB sites): HL against n.
                    self.op(format!("ld de,{n}"));
                    self.op("or a");
                    self.op("sbc hl,de");
                    self.op("add hl,de");
                }
                self.op(format!("jp nc,{dl}"));
            }
        }
        let table = self.new_label();
        self.op("add hl,hl");
        self.op(format!("ld de,{table}"));
        self.op("add hl,de");
        self.op("ld a,(hl)");
        self.op("inc hl");
        self.op("ld h,(hl)");
        self.op("ld l,a");
        self.op("jp (hl)");
        self.label(table);
        for t in targets {
            let l = self.block_label(*t);
            self.op(format!("dw {l}"));
        }
    }
}

/// The order blocks are emitted in: each block is followed, when possible, by the
/// successor that comes next in the source (the `then` part, a loop body, the code after
/// a loop's test), so that the common path falls through instead of jumping.
fn layout(f: &Function) -> Vec<BlockId> {
    let reach = reachable(f);
    let mut placed = vec![false; f.blocks.len()];
    let mut order = Vec::new();
    let mut cur = Some(0);
    while let Some(b) = cur {
        placed[b] = true;
        order.push(b);
        let succ: Vec<BlockId> = match &f.blocks[b].term {
            Term::Jump(t) => vec![*t],
            Term::Branch { then, els, .. } => vec![*then, *els],
            _ => vec![],
        };
        let forward = succ
            .iter()
            .copied()
            .filter(|&s| s > b && !placed[s] && reach[s])
            .min();
        let jump_target = match &f.blocks[b].term {
            Term::Jump(t) if !placed[*t] && reach[*t] => Some(*t),
            _ => None,
        };
        cur = forward
            .or(jump_target)
            .or_else(|| (0..f.blocks.len()).find(|&x| reach[x] && !placed[x]));
    }
    order
}

/// A re-entrant routine whose area is a few words and whose arguments are at most two
/// scalars saves the area on the machine stack, inline, instead of calling the runtime.
fn small_frame(f: &Frame) -> bool {
    f.size <= 8
        && f.size.is_multiple_of(2)
        && f.params.len() <= 2
        && f.params
            .iter()
            .all(|p| matches!(p, FrameParam::Value { .. }))
}

/// How many ways lead into each block from blocks that can run (the entry counts one
/// more: it is called).
fn predecessors(f: &Function) -> Vec<u32> {
    let reach = reachable(f);
    let mut n = vec![0u32; f.blocks.len()];
    if let Some(e) = n.first_mut() {
        *e = 1;
    }
    let mut add = |b: BlockId| {
        if let Some(x) = n.get_mut(b) {
            *x += 1;
        }
    };
    for (b, _) in f.blocks.iter().zip(&reach).filter(|(_, r)| **r) {
        match &b.term {
            Term::Jump(t) => add(*t),
            Term::Branch { then, els, .. } => {
                add(*then);
                add(*els);
            }
            Term::Switch {
                targets, default, ..
            } => {
                for t in targets {
                    add(*t);
                }
                add(*default);
            }
            _ => {}
        }
    }
    n
}

/// The label a conditional or unconditional `jp`/`jr`/`djnz` to a label goes to (not
/// a register, nor `$`-relative).
pub(crate) fn branch_target(op: &str) -> Option<&str> {
    let rest = op
        .strip_prefix("jp ")
        .or_else(|| op.strip_prefix("jr "))
        .or_else(|| op.strip_prefix("djnz "))?;
    let t = rest.rsplit(',').next()?.trim();
    (!t.starts_with('(') && !t.starts_with('$')).then_some(t)
}

/// Instructions that change neither HL nor memory (so a known HL stays known): what
/// a byte test between computing an address and branching is made of.
fn keeps_hl_and_memory(op: &str) -> bool {
    const SAFE: &[&str] = &["ld a,(hl)", "or a", "and a", "cp (hl)", "ld a,(de)"];
    if SAFE.contains(&op) {
        return true;
    }
    if let Some(x) = op.strip_prefix("cp ") {
        return !x.contains('(');
    }
    if let Some(x) = op.strip_prefix("ld a,") {
        return !x.starts_with('(') || x.starts_with("(hl)");
    }
    false
}

/// Whether control never goes on to the next line after this instruction.
pub(crate) fn ends_flow(op: &str) -> bool {
    matches!(
        op,
        "ret" | "reti" | "retn" | "jp (hl)" | "jp (ix)" | "jp (iy)"
    ) || (op.starts_with("jp ") || op.starts_with("jr ")) && !op.contains(',')
}

/// Which blocks can be reached from the entry.
fn reachable(f: &Function) -> Vec<bool> {
    let mut seen = vec![false; f.blocks.len()];
    let mut work = vec![0usize];
    while let Some(b) = work.pop() {
        if b >= seen.len() || seen[b] {
            continue;
        }
        seen[b] = true;
        match &f.blocks[b].term {
            Term::Jump(t) => work.push(*t),
            Term::Branch { then, els, .. } => {
                work.push(*then);
                work.push(*els);
            }
            Term::Switch {
                targets, default, ..
            } => {
                work.extend(targets);
                work.push(*default);
            }
            Term::Ret(_) | Term::Goto(_) => {}
        }
    }
    seen
}

impl Gen<'_> {
    /// The source text of a line, for comments.
    pub fn source_line(&self, loc: SrcLoc) -> Option<(&str, &str)> {
        let src = self.program.sources.get(loc.file as usize)?;
        let text = src.text.lines().nth(loc.line.checked_sub(1)? as usize)?;
        Some((src.name.as_str(), text))
    }
}
