//! `ON ERROR GOTO`, `RESUME`, `ERROR n` (runtime: `runtime/errors.asm`).
//!
//! A program with `ON ERROR GOTO` calls `rt_bas_errcatch` at its start and
//! switches on what it returns: 0 goes on with the program; when an error
//! is trapped the runtime returns from that call again with the handler's
//! number (a `setjmp`), and the switch jumps to the handler's line.
//!
//! `RESUME n` jumps to line n. `RESUME` (or `RESUME 0`) and `RESUME NEXT`
//! go back to the statement that failed or to the one after it: in a
//! program that uses them, every statement starts a block (a "site") and
//! stores its number in `rt_bas_stmt` (the runtime keeps the failing one in
//! `rt_bas_errstmt`), and RESUME switches on that number. The statement
//! after the last one of a line (or of a THEN/ELSE part) is the next line.

use z80_codegen::ir::{build::*, BlockId, Reg, Stmt as IStmt, Term, W};

use super::{any_statement, Lowerer, R};
use crate::parse::{Program, Resume, StmtKind};

/// Whether the program has an `ON ERROR GOTO`.
pub(crate) fn uses_on_error(prog: &Program) -> bool {
    any_statement(prog, |k| matches!(k, StmtKind::OnErrorGoto(_)))
}

/// Whether the program has a `RESUME` that goes back to a statement.
pub(crate) fn uses_statement_resume(prog: &Program) -> bool {
    any_statement(prog, |k| {
        matches!(k, StmtKind::Resume(Resume::Same | Resume::Next))
    })
}

impl Lowerer<'_> {
    /// Starts the block of a statement (programs with statement RESUME):
    /// its number goes into `rt_bas_stmt`. Gives the number.
    pub(crate) fn statement_site(&mut self) -> usize {
        let site = self.new_block();
        self.blocks[self.cur].term = Term::Jump(site);
        self.cur = site;
        self.stmt_sites.push(site);
        self.next_sites.push(site);
        let k = self.stmt_sites.len();
        self.emit(IStmt::Store {
            w: W::Word,
            addr: sym("rt_bas_stmt"),
            value: word(k as i64),
        });
        k
    }

    /// The statement after each of `ids` (statement numbers of one list):
    /// the next one, or `next` after the last.
    pub(crate) fn link_next_sites(&mut self, ids: &[usize], next: BlockId) {
        for (j, &k) in ids.iter().enumerate() {
            let after = match ids.get(j + 1) {
                Some(&n) => self.stmt_sites[n - 1],
                None => next,
            };
            self.next_sites[k - 1] = after;
        }
    }

    /// `ON ERROR GOTO n`.
    pub(crate) fn on_error(&mut self, line: u16) -> R<()> {
        let h = if line == 0 {
            0
        } else {
            if !self.line_blocks.contains_key(&line) {
                self.raise(super::UNDEFINED_LINE);
                return Ok(());
            }
            let i = match self.err_lines.iter().position(|&l| l == line) {
                Some(i) => i,
                None => {
                    self.err_lines.push(line);
                    self.err_lines.len() - 1
                }
            };
            i as i64 + 1
        };
        self.call_stmt("rt_bas_onerr", vec![(Reg::HL, word(h))]);
        Ok(())
    }

    /// `RESUME …`.
    pub(crate) fn resume(&mut self, to: Resume) -> R<()> {
        self.call_stmt("rt_bas_resume", vec![]);
        match to {
            Resume::Line(n) => {
                let Some(&b) = self.line_blocks.get(&n) else {
                    self.raise(super::UNDEFINED_LINE);
                    return Ok(());
                };
                self.terminate(Term::Jump(b));
            }
            Resume::Same | Resume::Next => {
                let b = self.cur;
                self.resumes.push((b, to == Resume::Next));
                self.terminate(Term::Goto("rt_halt".into()));
            }
        }
        Ok(())
    }
}

/// The switches: the start's (to the handlers) and RESUME's (to the
/// statements).
pub(crate) fn finish(l: &mut Lowerer) {
    if let Some((catch, cont)) = l.err_catch {
        let mut targets = vec![cont];
        for line in l.err_lines.clone() {
            targets.push(l.line_blocks[&line]);
        }
        l.blocks[catch].term = Term::Switch {
            w: W::Word,
            value: call("rt_bas_errcatch", vec![], W::Word),
            base: 0,
            targets,
            default: cont,
        };
    }
    for (b, next) in std::mem::take(&mut l.resumes) {
        let sites = if next {
            l.next_sites.clone()
        } else {
            l.stmt_sites.clone()
        };
        // No statement recorded (an error before the first): the end.
        let default = l.end_block;
        l.blocks[b].term = if sites.is_empty() {
            Term::Jump(default)
        } else {
            Term::Switch {
                w: W::Word,
                value: load(W::Word, sym("rt_bas_errstmt")),
                base: 1,
                targets: sites,
                default,
            }
        };
    }
}
