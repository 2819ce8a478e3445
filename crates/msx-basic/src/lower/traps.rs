//! Event traps: `ON KEY/STOP/SPRITE/STRIG/INTERVAL GOSUB` and the `ON`,
//! `OFF`, `STOP` switches (runtime `runtime/traps.asm`, which documents the
//! table and the H.TIMI hook that sees the events).
//!
//! MSX-BASIC checks for a trapped event before every statement (NEWSTT,
//! ROM `C4601`). A compiled program checks at the start of every line and
//! at every NEXT (before it loops back), so that a loop on one line is
//! interrupted too: one test of a byte (`rt_bas_trpn`) that the interrupt
//! sets. When it is set, the check GOSUBs (its return site is the code right
//! after it) to one dispatch block, which asks the runtime for the handler
//! (`rt_bas_trapsel`) and jumps to its line, or RETURNs at once when no
//! trapped event has a handler. Only programs that use a trap statement
//! get the checks, the hook and the trap-aware GOSUB/RETURN.

use z80_codegen::ir::{self, build::*, Cond, Reg, Stmt as IStmt, Term, W};

use super::{any_statement, err, Lowerer, R};
use crate::parse::types::type_of;
use crate::parse::{Event, EventAction, Expr, Program, Span, StmtKind, Type};

/// Whether the program uses any event trap statement.
pub(crate) fn uses_traps(prog: &Program) -> bool {
    any_statement(prog, |k| {
        matches!(k, StmtKind::OnEvent { .. } | StmtKind::EventSwitch { .. })
    })
}

/// Whether the program has a PLAY statement (its start-up then installs
/// the music player on the timer interrupt).
pub(crate) fn uses_play(prog: &Program) -> bool {
    any_statement(prog, |k| matches!(k, StmtKind::Play(_)))
}

impl Lowerer<'_> {
    /// The GOSUB routine: the trap-aware one when the program uses traps.
    pub(crate) fn gosub_routine(&self) -> &'static str {
        if self.trap_dispatch.is_some() {
            "rt_bas_tgosub"
        } else {
            "rt_bx_gosub"
        }
    }

    /// The RETURN routine (a trap's handler starts its trap again).
    pub(crate) fn return_routine(&self) -> &'static str {
        if self.trap_dispatch.is_some() {
            "rt_bas_treturn"
        } else {
            "rt_bx_return"
        }
    }

    /// The trap check (a line start, a NEXT): when an event is waiting,
    /// GOSUB the dispatch block, returning right here. One call with the
    /// return site (`rt_bas_tchk`, which pushes it when it answers carry)
    /// and a conditional jump: 9 bytes a line, as a program with traps has
    /// one at every line.
    pub(crate) fn trap_check(&mut self) {
        let Some(dispatch) = self.trap_dispatch else {
            return;
        };
        let cont = self.new_block();
        let site = self.return_sites.len();
        self.return_sites.push(cont);
        self.blocks[self.cur].term = Term::Branch {
            cond: Cond::Flag {
                call: ir::Call {
                    target: "rt_bas_tchk".into(),
                    args: vec![(Reg::HL, word(site as i64))],
                    ret: W::Word,
                },
                flag: ir::Flag::Carry,
                when_set: true,
            },
            then: dispatch,
            els: cont,
        };
        self.cur = cont;
    }

    /// The handler number (1-based) of a line, for `rt_bas_trph`.
    fn trap_handler(&mut self, line: u16, span: Span) -> R<i64> {
        if !self.line_blocks.contains_key(&line) {
            return err(span, format!("Undefined line number {line}"));
        }
        let i = match self.trap_lines.iter().position(|&l| l == line) {
            Some(i) => i,
            None => {
                self.trap_lines.push(line);
                self.trap_lines.len() - 1
            }
        };
        Ok(i as i64 + 1)
    }

    /// `ON event GOSUB …`: the handlers of the event's entries (ROM
    /// `J490D`, `C785C`); `ON INTERVAL=n` also sets the interval.
    pub(crate) fn on_event(
        &mut self,
        event: Event,
        interval: Option<&Expr>,
        targets: &[Option<u16>],
        span: Span,
    ) -> R<()> {
        if targets
            .iter()
            .flatten()
            .any(|l| !self.line_blocks.contains_key(l))
        {
            // MSX looks the lines up when the statement runs.
            self.raise(super::UNDEFINED_LINE);
            return Ok(());
        }
        if let Some(n) = interval {
            // An address operand (ROM C542F): 1-65535.
            let n = if type_of(n) == Some(Type::Integer) {
                self.int(n)?
            } else {
                self.dac(n)?;
                self.hoist(call("rt_bx_uword", vec![], W::Word))
            };
            self.call_stmt("rt_bas_interval", vec![(Reg::HL, n)]);
        }
        let (first, _) = event.slots();
        for (i, t) in targets.iter().enumerate() {
            let h = match t {
                Some(line) => self.trap_handler(*line, span)?,
                None => 0,
            };
            self.emit(IStmt::Store {
                w: W::Word,
                addr: ir::Expr::Sym("rt_bas_trph".into(), 2 * (i32::from(first) + i as i32)),
                value: word(h),
            });
        }
        Ok(())
    }

    /// `KEY(n) ON`, `STRIG(n) OFF`, `INTERVAL STOP`…
    pub(crate) fn event_switch(
        &mut self,
        event: Event,
        number: Option<&Expr>,
        action: EventAction,
    ) -> R<()> {
        let (first, count) = event.slots();
        let n = match number {
            Some(n) => {
                let x = self.int(n)?;
                if event == Event::Key {
                    // KEY(1) is the first entry.
                    bin(ir::BinOp::Sub, W::Word, x, word(1))
                } else {
                    x
                }
            }
            None => word(0),
        };
        let n = self.hoist(n);
        let a = match action {
            EventAction::On => 0,
            EventAction::Off => 1,
            EventAction::Stop => 2,
        };
        self.call_stmt(
            "rt_bas_trsw",
            vec![
                (Reg::HL, n),
                (Reg::DE, word((i64::from(first) << 8) | i64::from(count))),
                (Reg::A, byte(a)),
            ],
        );
        Ok(())
    }
}

/// Makes the dispatch block: the handler from the runtime, then a jump to
/// its line; 0 (no handler) RETURNs.
pub(crate) fn finish_dispatch(l: &mut Lowerer) {
    let Some(dispatch) = l.trap_dispatch else {
        return;
    };
    let none = l.new_block();
    l.returns.push(none);
    let mut targets = vec![none];
    for line in l.trap_lines.clone() {
        targets.push(l.line_blocks[&line]);
    }
    l.blocks[dispatch].term = Term::Switch {
        w: W::Word,
        value: call("rt_bas_trapsel", vec![], W::Word),
        base: 0,
        targets,
        default: none,
    };
}
