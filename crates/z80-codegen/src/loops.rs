//! Strength reduction of array indexing in loops.
//!
//! In a loop whose counter `v` changes only by `v := v + c` (a `for` loop's step, or a
//! `while` loop counting by a constant), the element addresses `v*k + base` (what
//! [`crate::fold`] makes of `a[v]`, `a[v + 1]`: the same product, the label's offset
//! differing) are kept in a pointer of their own: set before the loop, advanced by
//! `c*k` right after each change of `v`, and read instead of multiplying and adding.
//! On the Z80 the pointer lives in memory (16 T-states to load, 44 to advance), so a
//! family of addresses is reduced only when the loop mentions it at least twice
//! (`if a[j] < a[j + 1] then … a[j] := a[j + 1]`); one `b[i] := a[i]` each gains nothing.
//!
//! It must be impossible for anything but the counted store to change `v` in the loop:
//! the counter is a named variable whose address the program never takes (so no `var`
//! argument or pointer reaches it), not `absolute`, and the loop calls none of the
//! program's routines (which might assign it) and holds no `inline` code. Routines with
//! a re-entrant area are left alone: a pointer outside the area would not be saved.

use std::collections::{HashMap, HashSet};

use crate::ir::*;

/// Applies the pass to every routine without a re-entrant area; new pointers are
/// added to the program's variables.
pub fn strength_reduce(program: &mut Program) {
    let functions: HashSet<String> = program.functions.iter().map(|f| f.name.clone()).collect();
    let taken = address_taken(program);
    let fixed: HashSet<String> = program.fixed.iter().map(|f| f.label.clone()).collect();
    let mut vars = Vec::new();
    for f in &mut program.functions {
        if f.frame.is_some() {
            continue;
        }
        let ctx = Ctx {
            functions: &functions,
            taken: &taken,
            fixed: &fixed,
        };
        function(f, &ctx, &mut vars);
    }
    program.vars.extend(vars);
}

struct Ctx<'a> {
    functions: &'a HashSet<String>,
    taken: &'a HashSet<String>,
    fixed: &'a HashSet<String>,
}

/// Labels mentioned other than as the static address of a load or store.
fn address_taken(program: &Program) -> HashSet<String> {
    let mut out = HashSet::new();
    for f in &program.functions {
        for b in &f.blocks {
            for s in &b.stmts {
                if let Stmt::Inline(items) = s {
                    for it in items {
                        if let Bytes::Label { name, .. } = it {
                            out.insert(name.clone());
                        }
                    }
                }
                match s {
                    // A store's static address is no address taken.
                    Stmt::Store {
                        addr: Expr::Sym(..),
                        value,
                        ..
                    } => taken_in(value, &mut out),
                    s => s.for_each_expr(&mut |e| taken_in(e, &mut out)),
                }
            }
            b.term.for_each_expr(&mut |e| taken_in(e, &mut out));
        }
    }
    out
}

fn taken_in(e: &Expr, out: &mut HashSet<String>) {
    match e {
        Expr::Sym(l, _) => {
            out.insert(l.clone());
        }
        Expr::Load(_, a) if matches!(**a, Expr::Sym(..)) => {}
        _ => e.for_each_child(&mut |c| taken_in(c, out)),
    }
}

/// Rewrites every expression of a statement, bottom-up.
fn map_stmt(s: &mut Stmt, f: &mut dyn FnMut(&mut Expr)) {
    s.for_each_expr_mut(&mut |e| map_expr(e, f));
}

fn map_term(t: &mut Term, f: &mut dyn FnMut(&mut Expr)) {
    t.for_each_expr_mut(&mut |e| map_expr(e, f));
}

fn map_expr(e: &mut Expr, f: &mut dyn FnMut(&mut Expr)) {
    e.for_each_child_mut(&mut |c| map_expr(c, f));
    f(e);
}

/// `v*k + base+off` with `v` a word variable: (v, k, base, off).
fn indexed(e: &Expr) -> Option<(&str, u16, &str, i32)> {
    let Expr::Bin(BinOp::Add, W::Word, x, s) = e else {
        return None;
    };
    let Expr::Sym(base, off) = &**s else {
        return None;
    };
    let (v, k) = match &**x {
        Expr::Load(W::Word, a) => (&**a, 1),
        Expr::Bin(BinOp::Mul, W::Word, a, k) => match (&**a, &**k) {
            (Expr::Load(W::Word, a), Expr::Const(_, k)) => (&**a, *k),
            _ => return None,
        },
        Expr::Bin(BinOp::Shl, W::Word, a, k) => match (&**a, &**k) {
            (Expr::Load(W::Word, a), Expr::Const(_, s)) if *s < 16 => (&**a, 1u16 << s),
            _ => return None,
        },
        _ => return None,
    };
    match v {
        Expr::Sym(v, 0) => Some((v.as_str(), k, base.as_str(), *off)),
        _ => None,
    }
}

/// `v := v + c` (or `- c`): c.
fn step(s: &Stmt, v: &str) -> Option<u16> {
    let Stmt::Store {
        w: W::Word,
        addr: Expr::Sym(a, 0),
        value: Expr::Bin(op @ (BinOp::Add | BinOp::Sub), W::Word, l, r),
    } = s
    else {
        return None;
    };
    match (&**l, &**r) {
        (Expr::Load(W::Word, x), Expr::Const(_, c)) if a == v && **x == Expr::Sym(v.into(), 0) => {
            Some(if *op == BinOp::Add {
                *c
            } else {
                c.wrapping_neg()
            })
        }
        _ => None,
    }
}

/// Dominator sets (`dom[b][d]`: d dominates b), for the blocks reachable from 0.
fn dominators(f: &Function, preds: &[Vec<BlockId>]) -> Vec<Vec<bool>> {
    let n = f.blocks.len();
    let mut dom = vec![vec![true; n]; n];
    if n == 0 {
        return dom;
    }
    dom[0] = vec![false; n];
    dom[0][0] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for b in 1..n {
            let mut d = vec![true; n];
            if preds[b].is_empty() {
                d = vec![false; n];
            }
            for &p in &preds[b] {
                for (x, dp) in d.iter_mut().zip(&dom[p]) {
                    *x &= *dp;
                }
            }
            d[b] = true;
            if d != dom[b] {
                dom[b] = d;
                changed = true;
            }
        }
    }
    dom
}

fn function(f: &mut Function, ctx: &Ctx, vars: &mut Vec<Var>) {
    let n = f.blocks.len();
    // Blocks nothing reaches (code after an `exit`) would spoil the dominators.
    let mut reach = vec![false; n];
    let mut work = vec![0];
    while let Some(b) = work.pop() {
        if b < n && !reach[b] {
            reach[b] = true;
            work.extend(f.blocks[b].term.successors());
        }
    }
    let mut preds = vec![Vec::new(); n];
    for (b, block) in f.blocks.iter().enumerate().filter(|(b, _)| reach[*b]) {
        for s in block.term.successors() {
            if s < n {
                preds[s].push(b);
            }
        }
    }
    let dom = dominators(f, &preds);
    // Loops by header, innermost (smallest) first.
    let mut loops: HashMap<BlockId, HashSet<BlockId>> = HashMap::new();
    for (b, block) in f.blocks.iter().enumerate().filter(|(b, _)| reach[*b]) {
        for h in block.term.successors() {
            if h < n && dom[b][h] {
                let body = loops.entry(h).or_insert_with(|| HashSet::from([h]));
                let mut work = vec![b];
                while let Some(x) = work.pop() {
                    if body.insert(x) {
                        work.extend(preds[x].iter().copied());
                    }
                }
            }
        }
    }
    let mut order: Vec<(BlockId, HashSet<BlockId>)> = loops.into_iter().collect();
    order.sort_by_key(|(h, body)| (body.len(), *h));
    for (h, body) in order {
        reduce_loop(f, ctx, vars, h, &body, &preds);
    }
}

/// A family of addresses `v*k + base` to reduce: (v, k, base), the smallest offset,
/// where `v` is stored in the loop, its step.
type Chosen = ((String, u16, String), i32, (BlockId, usize), u16);

fn reduce_loop(
    f: &mut Function,
    ctx: &Ctx,
    vars: &mut Vec<Var>,
    h: BlockId,
    body: &HashSet<BlockId>,
    preds: &[Vec<BlockId>],
) {
    let outside: Vec<BlockId> = preds[h]
        .iter()
        .copied()
        .filter(|p| !body.contains(p))
        .collect();
    // The pointer is set at the end of each way in: nothing after it there may change
    // the counter (a call in the branch that leads into the loop).
    let effects = |t: &Term| match t {
        Term::Branch { cond, .. } => crate::fold::cond_has_effects(cond),
        Term::Switch { value, .. } => crate::fold::has_effects(value),
        _ => false,
    };
    if outside.is_empty() || outside.iter().any(|&o| effects(&f.blocks[o].term)) {
        return;
    }
    let mut blocks: Vec<BlockId> = body.iter().copied().collect();
    blocks.sort_unstable();
    // No routine of the program called, no inline code; the stores to each label.
    let calls = std::cell::Cell::new(false);
    let mut unsafe_loop = false;
    let mut stores: HashMap<String, Vec<(BlockId, usize)>> = HashMap::new();
    let mut families: HashMap<(String, u16, String), Vec<i32>> = HashMap::new();
    for &b in &blocks {
        let block = &f.blocks[b];
        let mut visit = |e: &Expr| {
            visit_all(e, &mut |x| {
                if let Expr::Call(c) = x {
                    if ctx.functions.contains(&c.target) {
                        calls.set(true);
                    }
                }
                if let Some((v, k, base, off)) = indexed(x) {
                    families
                        .entry((v.to_string(), k, base.to_string()))
                        .or_default()
                        .push(off);
                }
            })
        };
        for (i, s) in block.stmts.iter().enumerate() {
            match s {
                Stmt::Inline(_) => unsafe_loop = true,
                Stmt::Store {
                    addr: Expr::Sym(l, _),
                    ..
                } => {
                    stores.entry(l.clone()).or_default().push((b, i));
                }
                _ => {}
            }
            s.for_each_expr(&mut visit);
        }
        block.term.for_each_expr(&mut visit);
        if let Term::Branch {
            cond: Cond::Flag { call, .. },
            ..
        } = &block.term
        {
            if ctx.functions.contains(&call.target) {
                unsafe_loop = true;
            }
        }
    }
    if unsafe_loop || calls.get() {
        return;
    }
    let mut chosen: Vec<Chosen> = Vec::new();
    for ((v, k, base), offs) in families {
        if offs.len() < 2 || ctx.taken.contains(&v) || ctx.fixed.contains(&v) {
            continue;
        }
        // One store to the counter in the loop, a constant step.
        let Some(at) = stores.get(&v).filter(|s| s.len() == 1).map(|s| s[0]) else {
            continue;
        };
        let Some(c) = step(&f.blocks[at.0].stmts[at.1], &v) else {
            continue;
        };
        let base_off = offs.iter().copied().min().unwrap_or(0);
        chosen.push(((v, k, base), base_off, at, c));
    }
    // Last counter store first, so that inserting after one leaves the positions of
    // those still to come unchanged.
    chosen.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    for ((v, k, base), base_off, at, c) in chosen {
        let p = format!("{}.p?{}", f.name, vars.len() + 1);
        vars.push(Var {
            label: p.clone(),
            size: 2,
            comment: format!("&{base}[{v}], strength-reduced"),
        });
        let ptr = Expr::Load(W::Word, Box::new(Expr::Sym(p.clone(), 0)));
        let mut rewrite = |e: &mut Expr| {
            if let Some((ev, ek, eb, off)) = indexed(e) {
                if ev == v && ek == k && eb == base {
                    let d = off - base_off;
                    *e = if d == 0 {
                        ptr.clone()
                    } else {
                        Expr::Bin(
                            BinOp::Add,
                            W::Word,
                            Box::new(ptr.clone()),
                            Box::new(Expr::Const(W::Word, d as u16)),
                        )
                    };
                }
            }
        };
        for &b in &blocks {
            let block = &mut f.blocks[b];
            for s in &mut block.stmts {
                map_stmt(s, &mut rewrite);
            }
            map_term(&mut block.term, &mut rewrite);
        }
        // Advanced right after the counter, set on every way into the loop.
        let advance = Stmt::Store {
            w: W::Word,
            addr: Expr::Sym(p.clone(), 0),
            value: Expr::Bin(
                BinOp::Add,
                W::Word,
                Box::new(ptr.clone()),
                Box::new(Expr::Const(W::Word, c.wrapping_mul(k))),
            ),
        };
        f.blocks[at.0].stmts.insert(at.1 + 1, advance);
        let init = Stmt::Store {
            w: W::Word,
            addr: Expr::Sym(p.clone(), 0),
            value: crate::fold::expr(Expr::Bin(
                BinOp::Add,
                W::Word,
                Box::new(Expr::Bin(
                    BinOp::Mul,
                    W::Word,
                    Box::new(Expr::Load(W::Word, Box::new(Expr::Sym(v.clone(), 0)))),
                    Box::new(Expr::Const(W::Word, k)),
                )),
                Box::new(Expr::Sym(base.clone(), base_off)),
            )),
        };
        for &o in &outside {
            f.blocks[o].stmts.push(init.clone());
        }
    }
}

/// Every sub-expression, outermost first.
fn visit_all(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    e.for_each_child(&mut |c| visit_all(c, f));
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::build::*;

    fn ld(l: &str) -> Expr {
        load(W::Word, sym(l))
    }

    /// a[j] (a word array from 1): `j*2 + (a-2)`, folded as the code generator sees it.
    fn elem(j: &str, plus: i32) -> Expr {
        crate::fold::expr(add(
            bin(BinOp::Mul, W::Word, ld(j), word(2)),
            Expr::Sym("a".into(), plus * 2 - 2),
        ))
    }

    /// j := 1; repeat t := a[j] + a[j+1] (the body) ; j := j + 1 until j = 10.
    fn program(body: Vec<Stmt>, latch: Vec<Stmt>, extra: Vec<Function>) -> Program {
        let main = Function {
            name: "main".into(),
            comment: String::new(),
            blocks: vec![
                Block {
                    stmts: vec![Stmt::Store {
                        w: W::Word,
                        addr: sym("j"),
                        value: word(1),
                    }],
                    term: Term::Jump(1),
                },
                Block {
                    stmts: body,
                    term: Term::Branch {
                        cond: Cond::Cmp {
                            op: CmpOp::Eq,
                            w: W::Word,
                            signed: false,
                            l: ld("j"),
                            r: word(10),
                        },
                        then: 3,
                        els: 2,
                    },
                },
                Block {
                    stmts: latch,
                    term: Term::Jump(1),
                },
                Block {
                    stmts: vec![],
                    term: Term::Goto("rt_halt".into()),
                },
            ],
            frame: None,
        };
        let mut functions = vec![main];
        functions.extend(extra);
        Program {
            main: "main".into(),
            functions,
            ..Program::default()
        }
    }

    fn sum_body() -> Vec<Stmt> {
        vec![Stmt::Store {
            w: W::Word,
            addr: sym("t"),
            value: add(load(W::Word, elem("j", 0)), load(W::Word, elem("j", 1))),
        }]
    }

    fn step() -> Vec<Stmt> {
        vec![Stmt::Store {
            w: W::Word,
            addr: sym("j"),
            value: add(ld("j"), word(1)),
        }]
    }

    fn ptr() -> Expr {
        ld("main.p?1")
    }

    #[test]
    fn two_elements_indexed_by_the_counter_share_a_pointer() {
        let mut p = program(sum_body(), step(), vec![]);
        strength_reduce(&mut p);
        let f = &p.functions[0];
        // Set on the way in, after j := 1: 1*2 + (a-2) computed from j at run time.
        assert_eq!(
            f.blocks[0].stmts[1],
            Stmt::Store {
                w: W::Word,
                addr: sym("main.p?1"),
                value: elem("j", 0),
            }
        );
        // Read in the body: a[j] is the pointer, a[j+1] two bytes further.
        assert_eq!(
            f.blocks[1].stmts[0],
            Stmt::Store {
                w: W::Word,
                addr: sym("t"),
                value: add(load(W::Word, ptr()), load(W::Word, add(ptr(), word(2)))),
            }
        );
        // Advanced by the step times the element size right after j.
        assert_eq!(
            f.blocks[2].stmts[1],
            Stmt::Store {
                w: W::Word,
                addr: sym("main.p?1"),
                value: add(ptr(), word(2)),
            }
        );
        assert_eq!(p.vars.len(), 1);
    }

    #[test]
    fn a_counter_that_can_change_otherwise_is_left_alone() {
        let unchanged = |p: Program| {
            let mut q = p.clone();
            strength_reduce(&mut q);
            assert_eq!(q, p);
        };
        // Its address taken (a `var` argument, a pointer) anywhere in the program.
        let mut body = sum_body();
        body.push(Stmt::Eval(call(
            "rt_read",
            vec![(Reg::HL, sym("j"))],
            W::Word,
        )));
        unchanged(program(body, step(), vec![]));
        // A second store in the loop.
        let mut body = sum_body();
        body.push(Stmt::Store {
            w: W::Word,
            addr: sym("j"),
            value: ld("t"),
        });
        unchanged(program(body, step(), vec![]));
        // A step that is not a constant.
        let latch = vec![Stmt::Store {
            w: W::Word,
            addr: sym("j"),
            value: add(ld("j"), ld("t")),
        }];
        unchanged(program(sum_body(), latch, vec![]));
        // A call of one of the program's routines, which may assign j.
        let g = Function {
            name: "g".into(),
            comment: String::new(),
            blocks: vec![Block {
                stmts: vec![],
                term: Term::Ret(None),
            }],
            frame: None,
        };
        let mut body = sum_body();
        body.push(Stmt::Eval(call("g", vec![], W::Word)));
        unchanged(program(body, step(), vec![g]));
        // A call in the branch into the loop, after where the pointer would be set.
        let mut p = program(sum_body(), step(), vec![]);
        p.functions[0].blocks[0].term = Term::Branch {
            cond: Cond::NonZero(W::Word, call("rt_x", vec![], W::Word)),
            then: 1,
            els: 3,
        };
        unchanged(p);
        // A single use does not pay for the pointer.
        let body = vec![Stmt::Store {
            w: W::Word,
            addr: sym("t"),
            value: load(W::Word, elem("j", 0)),
        }];
        unchanged(program(body, step(), vec![]));
    }
}
