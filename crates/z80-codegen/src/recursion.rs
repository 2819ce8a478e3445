//! Caller-saved areas for re-entrant routines, where no one can tell the difference.
//!
//! Turbo Pascal 3's `{$A-}` model ([`crate::ir::Frame`]): each routine's parameters and
//! locals live at static addresses, and every call saves the whole area on entry and
//! restores it on exit. Most of those saves are wasted: a flood fill's call that finds
//! its cell filled returns at once, and the last recursive call of a routine is followed
//! by nothing that reads the area. This pass finds the routines where the area can be
//! saved by the *caller* instead, around exactly the calls that may re-enter the
//! routine, and only the words still needed after them (live, in the data-flow sense).
//! The callee then just takes its arguments off the stack into their places.
//!
//! The two models give the same results when nothing but the routine's own code can
//! observe the area, which is what a routine must show to qualify:
//!
//! - every mention of an area label, in the whole program, is the static address of a
//!   load or a store in the routine itself: no address taken (`var` arguments, `with`,
//!   `inline`, copies), no nested routine reaching it;
//! - no part of the area other than the parameters is read before it is written on
//!   some path from the entry (TP3's callee would see the caller's value there);
//! - the calls that may re-enter it are whole statements (`f(…)` or `t := f(…)` into a
//!   static place), so that nothing of the statement runs after the call with the
//!   callee's values in the area;
//! - its parameters are all scalars pushed by value (or addresses of `var` ones).
//!
//! Which calls may re-enter a routine comes from the call graph: a call of a routine
//! that can reach it, a call of anything else (the runtime) when a routine whose
//! address is taken can reach it, and any call made by a routine holding `inline` code.

use std::collections::{HashMap, HashSet};

use crate::ir::*;

/// One part of an area saved as a unit: a word or a byte at `label+offset`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    pub label: String,
    pub offset: i32,
    pub w: W,
}

/// How a routine whose area its callers save is compiled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CallerSaved {
    pub units: Vec<Unit>,
    /// Units to push before the statement at (block, index): the first of the pushes
    /// of a call's arguments, or the call itself.
    pub save_before: HashMap<(BlockId, usize), Vec<usize>>,
    /// Units to pop back after the call statement at (block, index), in the same order
    /// (the last pushed is popped first).
    pub restore_after: HashMap<(BlockId, usize), Vec<usize>>,
    /// Restores after which the saved units stay on the stack, because the next
    /// statement is the next call that saves the same ones (`f(x+1, y); f(x-1, y)`):
    /// they are copied back into place instead of popped and pushed again.
    pub kept: HashSet<(BlockId, usize)>,
}

impl CallerSaved {
    /// The units listed in `map` (one of the two above) at a statement.
    pub fn units_at(
        &self,
        map: &HashMap<(BlockId, usize), Vec<usize>>,
        b: BlockId,
        i: usize,
    ) -> Option<Vec<Unit>> {
        let us = map.get(&(b, i))?;
        Some(us.iter().map(|&u| self.units[u].clone()).collect())
    }
}

/// The routines that can have caller-saved areas, by name.
pub fn plan(program: &Program) -> HashMap<String, CallerSaved> {
    let graph = CallGraph::new(program);
    let mut out = HashMap::new();
    for f in &program.functions {
        if let Some(frame) = &f.frame {
            if let Some(p) = plan_one(program, &graph, f, frame) {
                out.insert(f.name.clone(), p);
            }
        }
    }
    out
}

/// Byte ranges of an area's variables (area offset, size), by label.
fn area_vars(program: &Program, frame: &Frame) -> Option<HashMap<String, (u16, u16)>> {
    let start = program.vars.iter().position(|v| v.label == frame.area)?;
    let mut vars = HashMap::new();
    let mut at: u32 = 0;
    for v in &program.vars[start..] {
        if at >= frame.size as u32 {
            break;
        }
        vars.insert(v.label.clone(), (at as u16, v.size));
        at += v.size as u32;
    }
    (at == frame.size as u32).then_some(vars)
}

/// A set of units.
type Set = u64;

struct Area {
    vars: HashMap<String, (u16, u16)>,
    /// (area offset, size) of each unit.
    spans: Vec<(u16, u16)>,
}

impl Area {
    /// The units a `w`-wide access at `label+offset` touches, and those it covers whole.
    fn access(&self, label: &str, offset: i32, w: W) -> Option<(Set, Set)> {
        let &(base, size) = self.vars.get(label)?;
        let lo = base as i32 + offset;
        let hi = lo + w.bytes() as i32;
        if offset < 0 || offset + w.bytes() as i32 > size as i32 {
            return None;
        }
        let (mut touched, mut covered) = (0, 0);
        for (i, &(s, n)) in self.spans.iter().enumerate() {
            let (us, ue) = (s as i32, s as i32 + n as i32);
            if us < hi && lo < ue {
                touched |= 1 << i;
                if lo <= us && ue <= hi {
                    covered |= 1 << i;
                }
            }
        }
        Some((touched, covered))
    }
}

fn plan_one(
    program: &Program,
    graph: &CallGraph,
    f: &Function,
    frame: &Frame,
) -> Option<CallerSaved> {
    if !frame
        .params
        .iter()
        .all(|p| matches!(p, FrameParam::Value { .. }))
    {
        return None;
    }
    let vars = area_vars(program, frame)?;
    // Units: a byte variable is a byte, anything else words (an odd tail a byte).
    let mut spans = Vec::new();
    let mut units = Vec::new();
    let mut ordered: Vec<(&String, &(u16, u16))> = vars.iter().collect();
    ordered.sort_by_key(|(_, (at, _))| *at);
    for (label, &(at, size)) in ordered {
        let mut o = 0;
        while o < size {
            let w = if size - o >= 2 { W::Word } else { W::Byte };
            spans.push((at + o, w.bytes()));
            units.push(Unit {
                label: label.clone(),
                offset: o as i32,
                w,
            });
            o += w.bytes();
        }
    }
    if units.len() > 64 {
        return None;
    }
    let area = Area { vars, spans };
    // Every mention of the area in the program must be a load or store in `f`.
    for g in &program.functions {
        let mut ok = true;
        visit_function(g, &mut |m| {
            if let Mention::Label(l, how) = m {
                if area.vars.contains_key(l) && (g.name != f.name || how == How::Other) {
                    ok = false;
                }
            }
        });
        if !ok {
            return None;
        }
    }
    let reenters = |c: &Call| graph.may_reach(&c.target, &f.name);
    // Uses and definitions of each statement; the calls that may re-enter `f`.
    let mut facts: Vec<Vec<(Set, Set)>> = Vec::new();
    let mut term_use: Vec<Set> = Vec::new();
    let mut calls: Vec<(BlockId, usize)> = Vec::new();
    for (b, block) in f.blocks.iter().enumerate() {
        let mut v = Vec::new();
        for (i, s) in block.stmts.iter().enumerate() {
            let mut bad = false;
            let (uses, def) = stmt_facts(&area, s, &mut bad)?;
            // A re-entering call: only as a whole statement.
            let whole = match s {
                Stmt::Eval(Expr::Call(c)) => Some(c),
                Stmt::Store {
                    addr: Expr::Sym(..),
                    value: Expr::Call(c),
                    ..
                } => Some(c),
                _ => None,
            };
            let mut inner = false;
            visit_stmt_calls(s, &mut |c| {
                if reenters(c) && whole.is_none_or(|w| !std::ptr::eq(w, c)) {
                    inner = true;
                }
            });
            if inner || bad {
                return None;
            }
            if whole.is_some_and(reenters) {
                // The result stored after the call must cover whole units, or the
                // restore after it would undo part of the store.
                if let Stmt::Store {
                    addr: Expr::Sym(l, o),
                    w,
                    ..
                } = s
                {
                    if let Some((touched, covered)) = area.access(l, *o, *w) {
                        if touched != covered {
                            return None;
                        }
                    }
                }
                calls.push((b, i));
            }
            v.push((uses, def));
        }
        let mut u = 0;
        let mut bad = false;
        let mut re = false;
        visit_term(&block.term, &mut |m| match m {
            Mention::Label(l, How::Load(o, w)) => match area.access(l, o, w) {
                Some((t, _)) => u |= t,
                // A condition may read any other variable (`i > width`);
                // only a load of the area that does not fit its words is unsafe.
                None if area.vars.contains_key(l) => bad = true,
                None => {}
            },
            Mention::Call(c) if reenters(c) => re = true,
            _ => {}
        });
        if bad || re {
            return None;
        }
        facts.push(v);
        term_use.push(u);
    }
    // Liveness, backwards to a fixed point.
    let succ: Vec<Vec<BlockId>> = f.blocks.iter().map(|b| b.term.successors()).collect();
    let n = f.blocks.len();
    let mut live_in: Vec<Set> = vec![0; n];
    loop {
        let mut changed = false;
        for b in (0..n).rev() {
            let mut live = term_use[b];
            for s in &succ[b] {
                live |= live_in.get(*s).copied().unwrap_or(0);
            }
            for &(uses, def) in facts[b].iter().rev() {
                live = (live & !def) | uses;
            }
            if live != live_in[b] {
                live_in[b] = live;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // Only the parameters may be read before they are written.
    let mut params: Set = 0;
    for p in &frame.params {
        if let FrameParam::Value { label, w } = p {
            params |= area.access(label, 0, *w)?.1;
        }
    }
    if n == 0 || live_in[0] & !params != 0 {
        return None;
    }
    let mut plan = CallerSaved {
        units,
        ..CallerSaved::default()
    };
    let mut prev = None;
    for (b, i) in calls {
        // What is live right after the call statement, less what it sets itself.
        let mut live = term_use[b];
        for s in &succ[b] {
            live |= live_in.get(*s).copied().unwrap_or(0);
        }
        for &(uses, def) in facts[b][i + 1..].iter().rev() {
            live = (live & !def) | uses;
        }
        let save: Vec<usize> = (0..plan.units.len())
            .filter(|u| (live & !facts[b][i].1) >> u & 1 != 0)
            .collect();
        if save.is_empty() {
            prev = None;
            continue;
        }
        // Before the arguments the call takes off the stack.
        let stmts = &f.blocks[b].stmts;
        let mut first = i;
        while first > 0 && matches!(stmts[first - 1], Stmt::Push(_) | Stmt::Line(_)) {
            first -= 1;
        }
        while first < i && matches!(stmts[first], Stmt::Line(_)) {
            first += 1;
        }
        // Right after the previous call's restore of the same units (two words at
        // most, which fit the registers): keep them on the stack.
        let stays = prev
            .as_ref()
            .is_some_and(|(pb, pi, ps): &(BlockId, usize, Vec<usize>)| {
                *pb == b
                    && *ps == save
                    && (pi + 1..first).all(|k| matches!(stmts[k], Stmt::Line(_)))
                    && save.len() <= 2
                    && save.iter().all(|&u| plan.units[u].w == W::Word)
            });
        if stays {
            plan.kept.insert((b, prev.as_ref().map_or(0, |p| p.1)));
        } else {
            plan.save_before.insert((b, first), save.clone());
        }
        plan.restore_after.insert((b, i), save.clone());
        prev = Some((b, i, save));
    }
    Some(plan)
}

/// The units a statement reads and those it sets whole; `bad` when it mentions the
/// area any other way (the caller checked that already) or out of bounds.
fn stmt_facts(area: &Area, s: &Stmt, bad: &mut bool) -> Option<(Set, Set)> {
    let mut uses = 0;
    let mut def = 0;
    visit_stmt(s, &mut |m| match m {
        Mention::Label(l, How::Load(o, w)) => match area.access(l, o, w) {
            Some((t, _)) => uses |= t,
            None if area.vars.contains_key(l) => *bad = true,
            None => {}
        },
        Mention::Label(l, How::Store(o, w)) => match area.access(l, o, w) {
            Some((_, c)) => def |= c,
            None if area.vars.contains_key(l) => *bad = true,
            None => {}
        },
        _ => {}
    });
    Some((uses, def))
}

/// How a label is mentioned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum How {
    /// The static address of a load of width `w` at the offset.
    Load(i32, W),
    /// The static address of a store.
    Store(i32, W),
    /// Anything else: an address taken.
    Other,
}

enum Mention<'a> {
    Label(&'a str, How),
    Call(&'a Call),
    Inline,
}

fn visit_function<'a>(f: &'a Function, v: &mut dyn FnMut(Mention<'a>)) {
    for b in &f.blocks {
        for s in &b.stmts {
            visit_stmt(s, v);
        }
        visit_term(&b.term, v);
    }
}

fn visit_stmt<'a>(s: &'a Stmt, v: &mut dyn FnMut(Mention<'a>)) {
    match s {
        Stmt::Store {
            w,
            addr: Expr::Sym(l, o),
            value,
        } => {
            v(Mention::Label(l, How::Store(*o, *w)));
            visit_expr(value, v);
        }
        Stmt::Inline(items) => {
            v(Mention::Inline);
            for it in items {
                if let Bytes::Label { name, .. } = it {
                    v(Mention::Label(name, How::Other));
                }
            }
        }
        s => s.for_each_expr(&mut |e| visit_expr(e, v)),
    }
}

fn visit_stmt_calls<'a>(s: &'a Stmt, v: &mut dyn FnMut(&'a Call)) {
    visit_stmt(s, &mut |m| {
        if let Mention::Call(c) = m {
            v(c)
        }
    });
}

fn visit_term<'a>(t: &'a Term, v: &mut dyn FnMut(Mention<'a>)) {
    match t {
        // Through `visit_cond`, which names a `Flag` condition's call.
        Term::Branch { cond, .. } => visit_cond(cond, v),
        Term::Goto(l) => v(Mention::Label(l, How::Other)),
        t => t.for_each_expr(&mut |e| visit_expr(e, v)),
    }
}

fn visit_cond<'a>(c: &'a Cond, v: &mut dyn FnMut(Mention<'a>)) {
    match c {
        // The nested conditions through `visit_cond` again, so that a `Flag` inside
        // them is named as a call too.
        Cond::Not(c) => visit_cond(c, v),
        Cond::And(a, b) | Cond::Or(a, b) => {
            visit_cond(a, v);
            visit_cond(b, v);
        }
        Cond::Flag { call, .. } => visit_call(call, v),
        c => c.for_each_expr(&mut |e| visit_expr(e, v)),
    }
}

fn visit_call<'a>(c: &'a Call, v: &mut dyn FnMut(Mention<'a>)) {
    for (_, e) in &c.args {
        visit_expr(e, v);
    }
    v(Mention::Call(c));
}

fn visit_expr<'a>(e: &'a Expr, v: &mut dyn FnMut(Mention<'a>)) {
    match e {
        Expr::Sym(l, _) => v(Mention::Label(l, How::Other)),
        Expr::Load(w, a) => match &**a {
            Expr::Sym(l, o) => v(Mention::Label(l, How::Load(*o, *w))),
            a => visit_expr(a, v),
        },
        // Conditions and calls name their calls (`Expr::for_each_child` does not).
        Expr::Cond(c) => visit_cond(c, v),
        Expr::Call(c) => visit_call(c, v),
        e => e.for_each_child(&mut |c| visit_expr(c, v)),
    }
}

/// Which routine may call which, directly or not.
struct CallGraph {
    /// For each routine, the routines that can reach it (itself included).
    reached_by: HashMap<String, HashSet<String>>,
    /// Routines whose address is taken (anything unknown may call them).
    address_taken: HashSet<String>,
    names: HashSet<String>,
}

impl CallGraph {
    fn new(program: &Program) -> CallGraph {
        let names: HashSet<String> = program.functions.iter().map(|f| f.name.clone()).collect();
        let mut address_taken = HashSet::new();
        let mut callees: HashMap<&str, HashSet<String>> = HashMap::new();
        for f in &program.functions {
            let mut out = HashSet::new();
            let mut inline = false;
            let mut unknown = false;
            visit_function(f, &mut |m| match m {
                Mention::Call(c) if names.contains(&c.target) => {
                    out.insert(c.target.clone());
                }
                Mention::Call(_) => unknown = true,
                Mention::Label(l, _) if names.contains(l) => {
                    address_taken.insert(l.to_string());
                }
                Mention::Inline => inline = true,
                _ => {}
            });
            if inline {
                out.extend(names.iter().cloned());
            }
            if unknown {
                // Marked here, resolved once every taken address is known.
                out.insert(String::new());
            }
            callees.insert(&f.name, out);
        }
        // `Goto` targets are labels too, but a routine jumped to never returns: the
        // main routine is the only one ended that way and no one calls it.
        for set in callees.values_mut() {
            if set.remove("") {
                set.extend(address_taken.iter().cloned());
            }
        }
        let mut reached_by: HashMap<String, HashSet<String>> = HashMap::new();
        for target in &names {
            let mut seen: HashSet<String> = HashSet::from([target.clone()]);
            let mut work = vec![target.clone()];
            while let Some(t) = work.pop() {
                for (caller, set) in &callees {
                    if set.contains(&t) && seen.insert(caller.to_string()) {
                        work.push(caller.to_string());
                    }
                }
            }
            reached_by.insert(target.clone(), seen);
        }
        CallGraph {
            reached_by,
            address_taken,
            names,
        }
    }

    /// Whether calling `target` may run `f`.
    fn may_reach(&self, target: &str, f: &str) -> bool {
        let Some(by) = self.reached_by.get(f) else {
            return true;
        };
        if self.names.contains(target) {
            by.contains(target)
        } else {
            self.address_taken.iter().any(|a| by.contains(a))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::build::*;

    fn ld(l: &str) -> Expr {
        load(W::Word, sym(l))
    }

    fn st(l: &str, value: Expr) -> Stmt {
        Stmt::Store {
            w: W::Word,
            addr: sym(l),
            value,
        }
    }

    fn call_f(target: &str) -> Stmt {
        Stmt::Eval(call(target, vec![], W::Word))
    }

    /// `f(x, y)`: if x <> 0 then begin f(x-1, y); f(x, y-1) end; with x, y its area.
    fn program(body: Vec<Stmt>, extra: Vec<Function>) -> Program {
        let f = Function {
            name: "f".into(),
            comment: String::new(),
            blocks: vec![
                Block {
                    stmts: vec![],
                    term: Term::Branch {
                        cond: Cond::NonZero(W::Word, ld("f.x")),
                        then: 1,
                        els: 2,
                    },
                },
                Block {
                    stmts: body,
                    term: Term::Jump(2),
                },
                Block {
                    stmts: vec![],
                    term: Term::Ret(None),
                },
            ],
            frame: Some(Frame {
                area: "f.x".into(),
                size: 6,
                params: vec![
                    FrameParam::Value {
                        label: "f.x".into(),
                        w: W::Word,
                    },
                    FrameParam::Value {
                        label: "f.y".into(),
                        w: W::Word,
                    },
                ],
            }),
        };
        let var = |l: &str| Var {
            label: l.into(),
            size: 2,
            comment: String::new(),
        };
        let mut functions = vec![f];
        functions.extend(extra);
        Program {
            main: "f".into(),
            functions,
            vars: vec![var("f.x"), var("f.y"), var("f.t")],
            ..Program::default()
        }
    }

    fn two_calls() -> Vec<Stmt> {
        vec![
            Stmt::Push(bin(BinOp::Sub, W::Word, ld("f.x"), word(1))),
            Stmt::Push(ld("f.y")),
            call_f("f"),
            Stmt::Push(ld("f.x")),
            Stmt::Push(bin(BinOp::Sub, W::Word, ld("f.y"), word(1))),
            call_f("f"),
        ]
    }

    #[test]
    fn only_what_is_live_after_a_call_is_saved_around_it() {
        let plans = plan(&program(two_calls(), vec![]));
        let p = &plans["f"];
        // x and y (units 0 and 1) around the first call, from before its arguments;
        // nothing around the last one.
        assert_eq!(p.save_before, HashMap::from([((1, 0), vec![0, 1])]));
        assert_eq!(p.restore_after, HashMap::from([((1, 2), vec![0, 1])]));
        assert!(p.kept.is_empty());
    }

    #[test]
    fn the_same_units_saved_by_the_next_call_stay_on_the_stack() {
        let mut body = two_calls();
        body.extend(two_calls());
        let p = &plan(&program(body, vec![]))["f"];
        // Calls at 2, 5, 8, 11: the first three save x and y, pushed once before the
        // first call's arguments, copied back after the first two, popped after the third.
        assert_eq!(p.save_before, HashMap::from([((1, 0), vec![0, 1])]));
        assert_eq!(p.restore_after.len(), 3);
        assert_eq!(p.kept, HashSet::from([(1, 2), (1, 5)]));
    }

    #[test]
    fn a_result_stored_by_the_call_statement_is_not_restored() {
        let mut body = two_calls();
        body[5] = st("f.t", call("f", vec![], W::Word));
        body.push(st("f.x", bin(BinOp::Add, W::Word, ld("f.t"), ld("f.y"))));
        let plans = plan(&program(body, vec![]));
        let p = &plans["f"];
        // Around the second call: y (read after it), not t (set by it).
        assert_eq!(p.restore_after[&(1, 5)], vec![1]);
        assert_eq!(p.save_before[&(1, 3)], vec![1]);
    }

    #[test]
    fn an_address_taken_or_a_mention_elsewhere_keeps_the_callee_save() {
        // `var` argument: the address of y pushed.
        let mut body = two_calls();
        body[1] = Stmt::Push(sym("f.y"));
        assert!(plan(&program(body, vec![])).is_empty());
        // A nested routine reading x.
        let g = Function {
            name: "g".into(),
            comment: String::new(),
            blocks: vec![Block {
                stmts: vec![st("f.t", ld("f.x"))],
                term: Term::Ret(None),
            }],
            frame: None,
        };
        assert!(plan(&program(two_calls(), vec![g])).is_empty());
        // `inline` naming a local.
        let mut body = two_calls();
        body.push(Stmt::Inline(vec![Bytes::Label {
            name: "f.t".into(),
            offset: 0,
            word: true,
        }]));
        assert!(plan(&program(body, vec![])).is_empty());
    }

    #[test]
    fn a_local_read_before_it_is_written_keeps_the_callee_save() {
        let mut body = two_calls();
        body.insert(0, st("f.x", ld("f.t")));
        assert!(plan(&program(body, vec![])).is_empty());
        // Written first, it is fine.
        let mut body = two_calls();
        body.insert(0, st("f.t", word(3)));
        body.insert(1, st("f.x", ld("f.t")));
        assert!(plan(&program(body, vec![])).contains_key("f"));
    }

    #[test]
    fn a_call_inside_an_expression_keeps_the_callee_save() {
        let mut body = two_calls();
        body[5] = st(
            "f.t",
            bin(BinOp::Add, W::Word, ld("f.x"), call("f", vec![], W::Word)),
        );
        assert!(plan(&program(body, vec![])).is_empty());
        // A runtime call inside an expression is fine: it cannot re-enter f.
        let mut body = two_calls();
        body.push(st(
            "f.t",
            bin(
                BinOp::Add,
                W::Word,
                ld("f.x"),
                call("rt_x", vec![], W::Word),
            ),
        ));
        assert!(plan(&program(body, vec![])).contains_key("f"));
    }

    #[test]
    fn calls_through_other_routines_are_saved_around() {
        // f calls h, h calls f: the call of h is saved around like a direct one.
        let h = Function {
            name: "h".into(),
            comment: String::new(),
            blocks: vec![Block {
                stmts: vec![call_f("f")],
                term: Term::Ret(None),
            }],
            frame: None,
        };
        let mut body = two_calls();
        body[2] = call_f("h");
        let plans = plan(&program(body.clone(), vec![h.clone()]));
        assert_eq!(plans["f"].restore_after[&(1, 2)], vec![0, 1]);
        // If h's address is taken, a runtime call may reach f too.
        let mut body2 = body;
        body2[2] = call_f("rt_x");
        body2.push(Stmt::Eval(call("rt_y", vec![(Reg::HL, sym("h"))], W::Word)));
        let plans = plan(&program(body2, vec![h]));
        assert_eq!(plans["f"].restore_after[&(1, 2)], vec![0, 1]);
    }
}
