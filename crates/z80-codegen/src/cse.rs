//! Common subexpressions within a basic block.
//!
//! An expression computed by several statements of a block (`mapOpen[i, j] := true;
//! state[i, j] := 1` both compute `i*16 + j`… once folded, `i*26 + j + g` twice in
//! `if g[i, j] = 1 then … g[i, j] := 0` when they share a block) is computed once
//! into a temporary and loaded from there, when that is cheaper: a temporary costs a
//! store and a load per use (16 T-states each), so only expressions that take longer
//! than that to recompute (a multiplication by a constant that is not a power of two,
//! a division, several terms) are worth it.
//!
//! An occurrence may reuse the first only if nothing in between can change what the
//! expression reads. Expressions are made of constants, labels and loads of named,
//! non-`absolute` variables only (never through a computed address, which any store
//! might alias); and
//! - a store to a label forgets every expression reading that label;
//! - a store to an element of an array (`label + index`) forgets the expressions
//!   reading that array (an index out of bounds is undefined in Pascal);
//! - a store through any other computed address (a pointer, a `var` parameter)
//!   forgets every expression that reads memory at all: it might be any variable;
//! - a call, a block copy or `inline` code forgets everything (they may write any
//!   variable), and a statement holding a call does not use the expressions in it
//!   (whether they are computed before or after the call is not fixed).
//!
//! The temporaries live only between statements of one block with no call in between,
//! so re-entrant routines may use them too: no other activation runs meanwhile.

use std::collections::{HashMap, HashSet};

use crate::ir::*;

/// Applies the pass to every routine; temporaries are added to the variables.
pub fn eliminate(program: &mut Program) {
    let fixed: HashSet<String> = program.fixed.iter().map(|f| f.label.clone()).collect();
    let mut vars = Vec::new();
    for f in &mut program.functions {
        for b in 0..f.blocks.len() {
            block(&f.name, &mut f.blocks[b], &fixed, &mut vars);
        }
    }
    program.vars.extend(vars);
}

/// A rough cost in T-states of computing an expression into HL, to tell what is
/// worth a temporary.
fn cost(e: &Expr) -> u32 {
    match e {
        Expr::Const(..) | Expr::Sym(..) => 10,
        Expr::Load(_, a) => 6 + cost(a),
        Expr::ZExt(a) | Expr::SExt(a) | Expr::Lo(a) | Expr::Hi(a) | Expr::Un(_, _, a) => {
            8 + cost(a)
        }
        Expr::Bin(op, _, l, r) => {
            // The right operand goes to DE: directly when it is a constant or a
            // static variable, else computed and pushed meanwhile.
            let right = match &**r {
                Expr::Const(..) | Expr::Sym(..) => 10,
                Expr::Load(_, a) if matches!(**a, Expr::Sym(..)) => 20,
                r => cost(r) + 21,
            };
            cost(l)
                + match (op, &**r) {
                    (BinOp::Mul, Expr::Const(_, k)) if k.is_power_of_two() => {
                        11 * k.trailing_zeros()
                    }
                    (BinOp::Mul, Expr::Const(_, k)) => {
                        8 + 11 * (16 - k.leading_zeros() + k.count_ones())
                    }
                    (BinOp::Shl | BinOp::Shr, Expr::Const(_, k)) => 16 * *k as u32,
                    (BinOp::Mul | BinOp::Div | BinOp::Mod | BinOp::Shl | BinOp::Shr, _) => {
                        right + 600
                    }
                    _ => right + 11,
                }
        }
        Expr::Cond(_) | Expr::Call(_) | Expr::PortIn(_) => 1000,
    }
}

/// Whether an expression may be kept: pure, reading only named variables.
fn keepable(e: &Expr, fixed: &HashSet<String>) -> bool {
    match e {
        Expr::Const(..) | Expr::Sym(..) => true,
        Expr::Load(_, a) => matches!(&**a, Expr::Sym(l, _) if !fixed.contains(l)),
        Expr::ZExt(a) | Expr::SExt(a) | Expr::Lo(a) | Expr::Hi(a) | Expr::Un(_, _, a) => {
            keepable(a, fixed)
        }
        Expr::Bin(_, _, l, r) => keepable(l, fixed) && keepable(r, fixed),
        Expr::Cond(_) | Expr::Call(_) | Expr::PortIn(_) => false,
    }
}

/// The labels an expression reads.
fn reads(e: &Expr, out: &mut HashSet<String>) {
    match e {
        Expr::Load(_, a) => {
            if let Expr::Sym(l, _) = &**a {
                out.insert(l.clone());
            }
            reads(a, out);
        }
        Expr::ZExt(a) | Expr::SExt(a) | Expr::Lo(a) | Expr::Hi(a) | Expr::Un(_, _, a) => {
            reads(a, out)
        }
        Expr::Bin(_, _, l, r) => {
            reads(l, out);
            reads(r, out);
        }
        _ => {}
    }
}

/// The largest keepable, costly-enough subexpressions of `e`, outermost first.
fn candidates<'a>(e: &'a Expr, fixed: &HashSet<String>, out: &mut Vec<&'a Expr>) {
    if matches!(e, Expr::Bin(..)) && keepable(e, fixed) && cost(e) > 48 {
        out.push(e);
        return;
    }
    e.for_each_child(&mut |c| candidates(c, fixed, out));
}

fn cond_candidates<'a>(c: &'a Cond, fixed: &HashSet<String>, out: &mut Vec<&'a Expr>) {
    c.for_each_expr(&mut |e| candidates(e, fixed, out));
}

fn has_call(e: &Expr) -> bool {
    crate::fold::has_effects(e)
}

/// What a statement does to the expressions known so far.
enum Kill {
    Nothing,
    /// A store to these labels.
    Labels(String),
    /// A store through a computed address: everything reading memory.
    Memory,
    All,
}

/// The expressions a statement uses (none when it holds a call) and what it forgets.
fn stmt_effects<'a>(s: &'a Stmt, fixed: &HashSet<String>) -> (Vec<&'a Expr>, Kill) {
    let mut uses = Vec::new();
    let calls = match s {
        Stmt::Store { addr, value, .. } => has_call(addr) || has_call(value),
        Stmt::Eval(e) | Stmt::Push(e) => has_call(e),
        Stmt::PortOut { port, value } => has_call(port) || has_call(value),
        Stmt::Copy { .. } | Stmt::Inline(_) => true,
        Stmt::Line(_) => false,
    };
    if calls {
        return (uses, Kill::All);
    }
    let kill = match s {
        Stmt::Store { addr, value, .. } => {
            candidates(value, fixed, &mut uses);
            match addr {
                // A fixed address may overlap anything.
                Expr::Sym(l, _) if !fixed.contains(l) => Kill::Labels(l.clone()),
                a => {
                    candidates(a, fixed, &mut uses);
                    match a {
                        // An element of an array at a label (`label + index`, as
                        // folding leaves it): only that variable changes, unless the
                        // index is out of bounds, which Pascal leaves undefined.
                        Expr::Bin(BinOp::Add, _, _, base) => match &**base {
                            Expr::Sym(l, _) if !fixed.contains(l) => Kill::Labels(l.clone()),
                            _ => Kill::Memory,
                        },
                        _ => Kill::Memory,
                    }
                }
            }
        }
        Stmt::Eval(e) | Stmt::Push(e) => {
            candidates(e, fixed, &mut uses);
            Kill::Nothing
        }
        Stmt::PortOut { port, value } => {
            candidates(port, fixed, &mut uses);
            candidates(value, fixed, &mut uses);
            Kill::Nothing
        }
        _ => Kill::Nothing,
    };
    (uses, kill)
}

/// One run of an expression: the statements (index; the terminator is `stmts.len()`)
/// that use it with nothing in between that changes it.
struct Run {
    expr: Expr,
    at: Vec<usize>,
}

fn block(fname: &str, b: &mut Block, fixed: &HashSet<String>, vars: &mut Vec<Var>) {
    let mut open: HashMap<Expr, Run> = HashMap::new();
    let mut done: Vec<Run> = Vec::new();
    let n = b.stmts.len();
    for i in 0..=n {
        let (uses, kill) = if i < n {
            stmt_effects(&b.stmts[i], fixed)
        } else {
            let mut uses = Vec::new();
            let calls = match &b.term {
                Term::Branch { cond, .. } => crate::fold::cond_has_effects(cond),
                Term::Switch { value, .. } => has_call(value),
                Term::Ret(Some((_, e))) => has_call(e),
                _ => false,
            };
            if !calls {
                match &b.term {
                    Term::Branch { cond, .. } => cond_candidates(cond, fixed, &mut uses),
                    Term::Switch { value, .. } => candidates(value, fixed, &mut uses),
                    Term::Ret(Some((_, e))) => candidates(e, fixed, &mut uses),
                    _ => {}
                }
            }
            (uses, Kill::Nothing)
        };
        for e in uses {
            let run = open.entry(e.clone()).or_insert_with(|| Run {
                expr: e.clone(),
                at: Vec::new(),
            });
            if run.at.last() != Some(&i) {
                run.at.push(i);
            }
        }
        let dead: Vec<Expr> = open
            .keys()
            .filter(|e| match &kill {
                Kill::Nothing => false,
                Kill::All => true,
                Kill::Memory => {
                    let mut r = HashSet::new();
                    reads(e, &mut r);
                    !r.is_empty()
                }
                Kill::Labels(l) => {
                    let mut r = HashSet::new();
                    reads(e, &mut r);
                    r.contains(l)
                }
            })
            .cloned()
            .collect();
        for e in dead {
            if let Some(run) = open.remove(&e) {
                done.push(run);
            }
        }
    }
    done.extend(open.into_values());
    // Worth a temporary: (uses - 1) recomputations saved against a store and a load
    // per use.
    let mut chosen: Vec<Run> = done
        .into_iter()
        .filter(|r| {
            let k = r.at.len() as u32;
            k >= 2 && (k - 1) * cost(&r.expr) > 16 * (k + 1)
        })
        .collect();
    // The costliest first: a run inside another's expression is left to the outer one.
    chosen.sort_by_key(|r| std::cmp::Reverse(cost(&r.expr)));
    let mut inserts = Vec::new();
    for run in chosen {
        let t = format!("{fname}.c?{}", vars.len() + 1);
        let w = crate::gen::expr_width(&run.expr);
        let with = Expr::Load(w, Box::new(Expr::Sym(t.clone(), 0)));
        let mut replaced = 0;
        for &i in &run.at {
            replaced += replace_at(b, i, &run.expr, &with);
        }
        if replaced < 2 {
            // Swallowed by an outer run: put the use back.
            for &i in &run.at {
                replace_at(b, i, &with, &run.expr);
            }
            continue;
        }
        vars.push(Var {
            label: t.clone(),
            size: 2,
            comment: "common subexpression".into(),
        });
        inserts.push((
            run.at[0],
            Stmt::Store {
                w,
                addr: Expr::Sym(t, 0),
                value: run.expr,
            },
        ));
    }
    // Inserted last, from the back, so that the indexes above stayed valid.
    inserts.sort_by_key(|(i, _)| std::cmp::Reverse(*i));
    for (i, s) in inserts {
        b.stmts.insert(i, s);
    }
}

/// Replaces in statement `i` (the terminator when `i` is past the statements).
fn replace_at(b: &mut Block, i: usize, from: &Expr, to: &Expr) -> usize {
    match b.stmts.get_mut(i) {
        Some(s) => replace_stmt(s, from, to),
        None => replace_term(&mut b.term, from, to),
    }
}

fn replace_stmt(s: &mut Stmt, from: &Expr, to: &Expr) -> usize {
    let mut n = 0;
    match s {
        Stmt::Store { addr, value, .. } => {
            n += replace(addr, from, to);
            n += replace(value, from, to);
        }
        Stmt::Eval(e) | Stmt::Push(e) => n += replace(e, from, to),
        Stmt::PortOut { port, value } => {
            n += replace(port, from, to);
            n += replace(value, from, to);
        }
        _ => {}
    }
    n
}

fn replace_term(t: &mut Term, from: &Expr, to: &Expr) -> usize {
    match t {
        Term::Branch { cond, .. } => replace_cond(cond, from, to),
        Term::Switch { value, .. } => replace(value, from, to),
        Term::Ret(Some((_, e))) => replace(e, from, to),
        _ => 0,
    }
}

fn replace_cond(c: &mut Cond, from: &Expr, to: &Expr) -> usize {
    let mut n = 0;
    c.for_each_expr_mut(&mut |e| n += replace(e, from, to));
    n
}

fn replace(e: &mut Expr, from: &Expr, to: &Expr) -> usize {
    if e == from {
        *e = to.clone();
        return 1;
    }
    let mut n = 0;
    e.for_each_child_mut(&mut |c| n += replace(c, from, to));
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::build::*;

    fn ld(l: &str) -> Expr {
        load(W::Word, sym(l))
    }

    /// g[i, j] of a 26-column byte grid: `i*26 + j + g`, costly enough to keep.
    fn cell() -> Expr {
        add(
            add(bin(BinOp::Mul, W::Word, ld("i"), word(26)), ld("j")),
            sym("g"),
        )
    }

    fn set_cell(v: i64) -> Stmt {
        Stmt::Store {
            w: W::Byte,
            addr: cell(),
            value: byte(v),
        }
    }

    fn run(stmts: Vec<Stmt>) -> (Block, Vec<Var>) {
        let mut b = Block {
            stmts,
            term: Term::Branch {
                cond: Cond::NonZero(W::Byte, load(W::Byte, cell())),
                then: 0,
                els: 0,
            },
        };
        let mut vars = Vec::new();
        block("f", &mut b, &HashSet::new(), &mut vars);
        (b, vars)
    }

    fn temp() -> Expr {
        ld("f.c?1")
    }

    #[test]
    fn an_address_used_by_two_statements_and_the_branch_is_computed_once() {
        let (b, vars) = run(vec![set_cell(1), set_cell(2)]);
        assert_eq!(vars.len(), 1);
        assert_eq!(
            b.stmts,
            vec![
                Stmt::Store {
                    w: W::Word,
                    addr: sym("f.c?1"),
                    value: cell(),
                },
                Stmt::Store {
                    w: W::Byte,
                    addr: temp(),
                    value: byte(1),
                },
                Stmt::Store {
                    w: W::Byte,
                    addr: temp(),
                    value: byte(2),
                },
            ]
        );
        assert_eq!(
            b.term,
            Term::Branch {
                cond: Cond::NonZero(W::Byte, load(W::Byte, temp())),
                then: 0,
                els: 0,
            }
        );
    }

    #[test]
    fn a_store_to_what_it_reads_forgets_it() {
        let j1 = Stmt::Store {
            w: W::Word,
            addr: sym("j"),
            value: word(1),
        };
        // set; j := 1; set: the second set and the branch share the new value.
        let (b, _) = run(vec![set_cell(1), j1.clone(), set_cell(2)]);
        assert_eq!(b.stmts[0], set_cell(1));
        assert_eq!(b.stmts[1], j1);
        // A store to something else keeps it.
        let other = Stmt::Store {
            w: W::Word,
            addr: sym("k"),
            value: word(1),
        };
        let (b, vars) = run(vec![set_cell(1), other, set_cell(2)]);
        assert_eq!(vars.len(), 1);
        assert!(!b.stmts.contains(&set_cell(2)));
    }

    #[test]
    fn stores_through_pointers_and_calls_forget_everything() {
        let through = Stmt::Store {
            w: W::Word,
            addr: ld("p"),
            value: word(0),
        };
        let call_stmt = Stmt::Eval(call("proc", vec![], W::Word));
        // A store to an element of an array the expression reads.
        let into_i = Stmt::Store {
            w: W::Word,
            addr: add(ld("k"), sym("i")),
            value: word(0),
        };
        for between in [through, call_stmt, into_i] {
            // Only the second set and the branch may share: after the kill.
            let (b, _) = run(vec![set_cell(1), between.clone()]);
            assert_eq!(b.stmts, vec![set_cell(1), between.clone()], "{between:?}");
        }
        // A statement holding a call uses nothing it holds.
        let with_call = Stmt::Eval(call("proc", vec![(Reg::HL, cell())], W::Word));
        let (b, _) = run(vec![with_call.clone(), set_cell(1)]);
        assert_eq!(b.stmts[0], with_call);
    }

    #[test]
    fn cheap_expressions_are_recomputed() {
        let elem = add(bin(BinOp::Mul, W::Word, ld("j"), word(2)), sym("a"));
        let st = Stmt::Store {
            w: W::Word,
            addr: elem,
            value: word(0),
        };
        let (b, vars) = run(vec![st.clone(), st.clone()]);
        assert!(vars.is_empty());
        assert_eq!(b.stmts, vec![st.clone(), st]);
    }
}
