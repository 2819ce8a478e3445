//! Checks over the whole program: jumps to lines that do not exist, and
//! NEXT statements no FOR can ever match.

use std::collections::HashSet;

use super::ast::{Program, Stmt, StmtKind, Var};
use super::{stmt::next_vars, Warning};

/// Calls `f` on every statement, THEN and ELSE branches included.
pub(crate) fn walk<'p>(stmts: &'p [Stmt], f: &mut impl FnMut(&'p Stmt)) {
    for s in stmts {
        f(s);
        if let StmtKind::If {
            then, otherwise, ..
        } = &s.kind
        {
            walk(then, f);
            walk(otherwise, f);
        }
    }
}

/// Line numbers a statement refers to.
fn targets(kind: &StmtKind) -> Vec<u16> {
    match kind {
        StmtKind::Goto(n) | StmtKind::Gosub(n) => vec![*n],
        StmtKind::Return(Some(n)) | StmtKind::Restore(Some(n)) | StmtKind::Run(Some(n)) => {
            vec![*n]
        }
        StmtKind::On { targets, .. } => targets.clone(),
        StmtKind::OnEvent { targets, .. } => targets.iter().flatten().copied().collect(),
        StmtKind::OnErrorGoto(n) if *n != 0 => vec![*n],
        StmtKind::Resume(crate::parse::Resume::Line(n)) => vec![*n],
        _ => Vec::new(),
    }
}

/// A warning for every jump to a missing line: MSX reports "Undefined line
/// number" only when the jump runs, and so does the compiled program (the
/// lowering makes each such jump raise it).
pub(crate) fn line_numbers(program: &Program) -> Vec<Warning> {
    let exists: HashSet<u16> = program.lines.iter().map(|l| l.number).collect();
    let mut out = Vec::new();
    for line in &program.lines {
        walk(&line.statements, &mut |s| {
            for n in targets(&s.kind) {
                if !exists.contains(&n) {
                    out.push(Warning {
                        line: s.span.line,
                        statement: s.span.statement,
                        message: format!(
                            "Undefined line number {n} (compiled to a run-time error, as MSX reports it when this runs)"
                        ),
                    });
                }
            }
        });
    }
    out
}

/// A warning for each NEXT naming a variable that no FOR of the program
/// uses: if it ever runs, MSX stops with "NEXT without FOR" (which the
/// compiled program reports the same way, at run time).
pub(crate) fn for_next(program: &Program) -> Vec<Warning> {
    let mut loop_vars: HashSet<Var> = HashSet::new();
    let mut has_for = false;
    for line in &program.lines {
        walk(&line.statements, &mut |s| {
            if let StmtKind::For { var, .. } = &s.kind {
                loop_vars.insert(*var);
                has_for = true;
            }
        });
    }
    let mut out = Vec::new();
    for line in &program.lines {
        walk(&line.statements, &mut |s| {
            let Some(vars) = next_vars(&s.kind) else {
                return;
            };
            if vars.is_empty() && !has_for {
                out.push(Warning {
                    line: s.span.line,
                    statement: s.span.statement,
                    message: "NEXT without FOR (the program has no FOR)".into(),
                });
            }
            for v in vars {
                if !loop_vars.contains(v) {
                    out.push(Warning {
                        line: s.span.line,
                        statement: s.span.statement,
                        message: format!("NEXT without FOR (no FOR uses {v})"),
                    });
                }
            }
        });
    }
    out
}
