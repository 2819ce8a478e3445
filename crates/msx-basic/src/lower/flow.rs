//! FOR/NEXT pairing and GOSUB/RETURN.
//!
//! MSX-BASIC finds a NEXT's FOR at run time on its stack. The compiler pairs
//! them in program order instead, the way the listing reads: a FOR opens a
//! loop, a NEXT closes the innermost open loop of its variable (and the
//! loops opened inside it, as MSX's NEXT pops them), a NEXT without a
//! variable closes the innermost loop, and a FOR of a variable whose loop is
//! open closes that loop first (MSX: a FOR on the same variable replaces the
//! old one; its NEXT opens the old one again, for programs whose inner
//! loop reuses the outer loop's variable). A NEXT of a variable whose loop
//! a NEXT before it already closed goes to that loop too (several NEXTs for
//! one FOR: `IF … THEN NEXT I` before the loop's last line). Each FOR has
//! static slots for its limit, step and step sign. A NEXT that no FOR
//! before it opened is "NEXT without FOR" when it runs, as on MSX. Programs that jump into or out of loops
//! work as on MSX as long as each NEXT belongs to the FOR that precedes it
//! in the listing.
//!
//! GOSUB pushes the number of its return site on the runtime's stack
//! (`rt_bx_gosub`); RETURN pops it (`rt_bx_return`, "RETURN without GOSUB"
//! when empty) and jumps through a table of all return sites.

use z80_codegen::ir::{build::*, Term, W};

use super::{Lowerer, R};
use crate::parse::{Stmt, StmtKind, Var};

/// Pairs every NEXT with its FOR (see the module comment).
pub(crate) fn pair_loops(l: &mut Lowerer) {
    let mut open: Vec<(Var, usize)> = Vec::new();
    // The loops a FOR of an open loop's variable closed, by that FOR: they
    // are open again when its NEXT closes it.
    let mut shadowed: std::collections::HashMap<usize, Vec<(Var, usize)>> =
        std::collections::HashMap::new();
    // Loops closed by a NEXT, last closed last: where a later NEXT of that
    // variable goes when no loop of it is open.
    let mut closed: Vec<(Var, usize)> = Vec::new();
    let lines = &l.prog.lines;
    let mut all: Vec<&Stmt> = Vec::new();
    for line in lines {
        flatten(&line.statements, &mut all);
    }
    let close = |open: &mut Vec<(Var, usize)>,
                 closed: &mut Vec<(Var, usize)>,
                 shadowed: &mut std::collections::HashMap<usize, Vec<(Var, usize)>>,
                 p: usize| {
        let (v, id) = open[p];
        open.truncate(p);
        closed.push((v, id));
        if let Some(back) = shadowed.remove(&id) {
            open.extend(back);
        }
    };
    for s in all {
        let key = (s.span.line, s.span.statement);
        match &s.kind {
            StmtKind::For { var, .. } => {
                let id = l.for_vars.len();
                if let Some(p) = open.iter().rposition(|(v, _)| v == var) {
                    shadowed.insert(id, open.split_off(p));
                }
                l.for_vars.push(*var);
                l.fors.insert(key, id);
                open.push((*var, id));
            }
            StmtKind::Next(vars) => {
                let mut ids = Vec::new();
                if vars.is_empty() {
                    if open.is_empty() {
                        match closed.last() {
                            Some(&(_, id)) => ids.push(id),
                            None => ids.push(NEXT_WITHOUT_FOR),
                        }
                    } else {
                        let last = open.len() - 1;
                        ids.push(open[last].1);
                        close(&mut open, &mut closed, &mut shadowed, last);
                    }
                }
                for v in vars {
                    match open.iter().rposition(|(w, _)| w == v) {
                        Some(p) => {
                            ids.push(open[p].1);
                            close(&mut open, &mut closed, &mut shadowed, p);
                        }
                        None => match closed.iter().rev().find(|(w, _)| w == v) {
                            Some(&(_, id)) => ids.push(id),
                            None => ids.push(NEXT_WITHOUT_FOR),
                        },
                    }
                }
                l.nexts.insert(key, ids);
            }
            _ => {}
        }
    }
}

/// In a NEXT's list of loops: no FOR before it in the listing opened one
/// of its variable. MSX stops there with "NEXT without FOR" when it runs
/// (after the loops before it in the list have ended); so does the
/// compiled program.
pub(crate) const NEXT_WITHOUT_FOR: usize = usize::MAX;

fn flatten<'a>(stmts: &'a [Stmt], out: &mut Vec<&'a Stmt>) {
    for s in stmts {
        out.push(s);
        if let StmtKind::If {
            then, otherwise, ..
        } = &s.kind
        {
            flatten(then, out);
            flatten(otherwise, out);
        }
    }
}

impl Lowerer<'_> {
    /// GOSUB: push a new return site, jump; code after it goes to the site.
    pub(crate) fn gosub(&mut self, target: u16) -> R<()> {
        let Some(&t) = self.line_blocks.get(&target) else {
            self.raise(super::UNDEFINED_LINE);
            return Ok(());
        };
        let site = self.return_sites.len();
        self.call_stmt(
            self.gosub_routine(),
            vec![(z80_codegen::ir::Reg::HL, word(site as i64))],
        );
        self.terminate(Term::Jump(t));
        self.return_sites.push(self.cur);
        Ok(())
    }

    /// RETURN (its jump is made at the end, when all sites are known).
    pub(crate) fn ret(&mut self) {
        let b = self.cur;
        self.returns.push(b);
        // A placeholder; see finish_returns.
        self.terminate(Term::Goto("rt_halt".into()));
    }
}

/// Makes the RETURN jumps through the table of return sites: each RETURN
/// asks the runtime for its site (the call there, so that "RETURN without
/// GOSUB" names the RETURN's line) and goes to one dispatch block holding
/// the program's only table, 2 bytes a site.
pub(crate) fn finish_returns(l: &mut Lowerer) {
    let sites = l.return_sites.clone();
    let routine = l.return_routine();
    let returns = std::mem::take(&mut l.returns);
    if sites.is_empty() {
        // No GOSUB anywhere: RETURN always fails.
        for b in returns {
            let value = call(routine, vec![], W::Word);
            l.blocks[b].stmts.push(z80_codegen::ir::Stmt::Eval(value));
            l.blocks[b].term = Term::Goto("rt_halt".into());
        }
        return;
    }
    l.reset_temps();
    let site = l.word_temp();
    let dispatch = l.new_block();
    l.blocks[dispatch].term = Term::Switch {
        w: W::Word,
        value: load(W::Word, sym(&site)),
        base: 0,
        targets: sites.clone(),
        default: sites[0],
    };
    for b in returns {
        l.blocks[b].stmts.push(z80_codegen::ir::Stmt::Store {
            w: W::Word,
            addr: sym(&site),
            value: call(routine, vec![], W::Word),
        });
        l.blocks[b].term = Term::Jump(dispatch);
    }
}
