//! Statements, and calls of the program's own routines.

use z80_codegen::ir::{self, BinOp, CmpOp, Cond, Expr as E, Stmt as S, Term, W};

use super::expr::{add, ir_width, load, word};
use super::{Lower, Place};
use crate::checked::{Arg, Expr, ExprKind, InlineValue, Stmt, StmtKind};
use crate::source::Span;
use crate::symbols::{ConstValue, PassMode, RoutineId, Storage, SymbolKind};
use crate::types::Type;

/// How an argument reaches its parameter.
enum ArgValue {
    /// A scalar value of this width.
    Scalar(W, E),
    /// An address: of a `var` argument, or of a structured value to copy.
    Addr(E),
}

impl Lower<'_> {
    pub(crate) fn stmt(&mut self, s: &Stmt) {
        let busy = self.temps_busy();
        let checks = self.range_checks;
        self.range_checks = s.checks.range;
        if !matches!(s.kind, StmtKind::Compound(_) | StmtKind::Empty) {
            self.line(s.span);
        }
        self.stmt_kind(s);
        self.temps_restore(busy);
        self.range_checks = checks;
    }

    fn stmt_kind(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Empty => {}
            StmtKind::Assign { target, value } => self.assign(target, value),
            StmtKind::Call { routine, args } => {
                self.pass_args(*routine, args);
                let label = self.routine_label(*routine);
                self.emit(S::Eval(E::Call(ir::Call {
                    target: label,
                    args: vec![],
                    ret: W::Word,
                })));
            }
            StmtKind::StdCall { routine, args } => self.std_proc(s, *routine, args),
            StmtKind::Write {
                file,
                items,
                newline,
            } => self.write(s, file.as_ref(), items, *newline),
            StmtKind::Read {
                file,
                targets,
                newline,
            } => self.read(s, file.as_ref(), targets, *newline),
            StmtKind::Str { item, target } => self.str_proc(item, target),
            StmtKind::Compound(list) => {
                for st in list {
                    self.stmt(st);
                }
            }
            StmtKind::If { cond, then, els } => {
                let c = self.cond(cond);
                let (t, e, end) = (self.new_block(), self.new_block(), self.new_block());
                self.seal(
                    Term::Branch {
                        cond: c,
                        then: t,
                        els: if els.is_some() { e } else { end },
                    },
                    t,
                );
                self.stmt(then);
                self.seal(Term::Jump(end), e);
                if let Some(els) = els {
                    self.stmt(els);
                }
                self.seal(Term::Jump(end), end);
            }
            StmtKind::While { cond, body } => {
                let (head, b, end) = (self.new_block(), self.new_block(), self.new_block());
                self.seal(Term::Jump(head), head);
                let c = self.cond(cond);
                self.seal(
                    Term::Branch {
                        cond: c,
                        then: b,
                        els: end,
                    },
                    b,
                );
                self.stmt(body);
                self.seal(Term::Jump(head), end);
            }
            StmtKind::Repeat { body, cond } => {
                let (b, end) = (self.new_block(), self.new_block());
                self.seal(Term::Jump(b), b);
                for st in body {
                    self.stmt(st);
                }
                let c = self.cond(cond);
                self.seal(
                    Term::Branch {
                        cond: c,
                        then: end,
                        els: b,
                    },
                    end,
                );
            }
            StmtKind::For {
                var,
                from,
                to,
                down,
                body,
            } => self.for_loop(var, from, to, *down, body),
            StmtKind::Case {
                selector,
                arms,
                els,
            } => self.case(selector, arms, els.as_deref()),
            StmtKind::With { slot, record, body } => {
                let a = self.addr(record);
                let a = if matches!(a, E::Sym(..) | E::Const(..)) {
                    a
                } else {
                    // Computed once, as Pascal says.
                    let t = self.temp(2);
                    self.emit(S::Store {
                        w: W::Word,
                        addr: E::Sym(t.clone(), 0),
                        value: a,
                    });
                    load(W::Word, E::Sym(t, 0))
                };
                self.withs.insert(*slot, a);
                self.stmt(body);
                self.withs.remove(slot);
            }
            StmtKind::Goto(label) => {
                let b = self.label_block(*label);
                self.seal_dead(Term::Jump(b));
            }
            StmtKind::Labeled { label, stmt } => {
                let b = self.label_block(*label);
                self.seal(Term::Jump(b), b);
                self.stmt(stmt);
            }
            StmtKind::Exit => {
                let e = self.exit_block;
                self.seal_dead(Term::Jump(e));
            }
            StmtKind::Halt => self.seal_dead(Term::Goto("rt_halt".into())),
            StmtKind::Inline(items) => {
                let bytes = items
                    .iter()
                    .map(|it| {
                        let is_word = it.size == 2;
                        match &it.value {
                            InlineValue::Const(v) => {
                                if is_word {
                                    ir::Bytes::Word(*v as u16)
                                } else {
                                    ir::Bytes::Byte(*v as u8)
                                }
                            }
                            InlineValue::VarAddress { symbol, offset } => {
                                let (name, base) = match self.place(*symbol) {
                                    Some(Place::Label(l) | Place::Indirect(l)) => (l.clone(), 0),
                                    Some(Place::Fixed(a)) => ("0".to_string(), *a as i64),
                                    None => ("0".to_string(), 0),
                                };
                                ir::Bytes::Label {
                                    name,
                                    offset: (base + offset) as i32,
                                    word: is_word,
                                }
                            }
                            InlineValue::RoutineAddress { routine, offset } => ir::Bytes::Label {
                                name: self.routine_label(*routine),
                                offset: *offset as i32,
                                word: is_word,
                            },
                            InlineValue::LocationCounter { offset } => ir::Bytes::Here {
                                offset: *offset as i32,
                                word: is_word,
                            },
                        }
                    })
                    .collect();
                self.emit(S::Inline(bytes));
            }
        }
    }

    fn label_block(&mut self, l: crate::symbols::LabelId) -> ir::BlockId {
        if let Some(b) = self.labels.get(&l) {
            return *b;
        }
        let b = self.new_block();
        self.labels.insert(l, b);
        b
    }

    pub(crate) fn assign(&mut self, target: &Expr, value: &Expr) {
        let ty = target.ty;
        if let Some(w) = self.width(ty) {
            if let ExprKind::StdVar(crate::check::stdlib::StdVar::Port, Some(p)) = &target.kind {
                let port = self.byte_value(p);
                let v = self.byte_value(value);
                self.emit(S::PortOut { port, value: v });
                return;
            }
            let v = self.value(value);
            let vw = ir_width(&v);
            // Under {$R+} a value outside the target's range stops the program.
            let v = match self.p.types.ordinal_range(ty) {
                Some((lo, hi)) if self.range_checks && !(lo == 0 && hi == 255 && vw == W::Byte) => {
                    let wide = super::expr::to_width(v, vw, W::Word);
                    let checked = self.range_checked(wide, lo, hi);
                    super::expr::to_width(checked, W::Word, w)
                }
                _ => super::expr::to_width(v, vw, w),
            };
            let a = self.addr(target);
            self.emit(S::Store {
                w,
                addr: a,
                value: v,
            });
            return;
        }
        match self.p.types.get(ty) {
            Type::String { .. } => self.assign_string(target, value),
            Type::Set { .. } => self.assign_set(target, value),
            Type::Real => {
                let dst = self.addr(target);
                self.real_into(dst, value);
            }
            _ => {
                let src = match &value.kind {
                    // A string constant put in a character array of its length: its
                    // characters, without the length byte.
                    ExprKind::Const(ConstValue::Str(s)) => {
                        let l = self.literal(s);
                        E::Sym(l, 1)
                    }
                    _ => self.addr(value),
                };
                let dst = self.addr(target);
                let len = self.size(ty);
                self.emit(S::Copy {
                    dst,
                    src,
                    len: word(len as i64),
                });
            }
        }
    }

    /// Computes the arguments of a call of the program's routine `r`, then hands them
    /// over: stored in the parameters' static places, or pushed for a re-entrant routine.
    pub(crate) fn pass_args(&mut self, r: RoutineId, args: &[Arg]) {
        let routine = self.p.routine(r);
        let params = routine.params.clone();
        // An `external` routine takes its arguments as TP3 passes them: pushed in order,
        // one word each (a byte zero-extended), removed by the routine.
        let recursive = routine.recursive || routine.external.is_some();
        let mut values = Vec::new();
        let n = params.len().min(args.len());
        for (i, (&param, arg)) in params.iter().zip(args).enumerate() {
            let later_calls = args[i + 1..n]
                .iter()
                .any(|a| super::expr::has_calls(a.expr()));
            let sym = self.p.symbols.get(param);
            let by_ref = matches!(
                sym.kind,
                SymbolKind::Var {
                    storage: Storage::Param {
                        mode: PassMode::Var | PassMode::UntypedVar,
                        ..
                    },
                    ..
                }
            );
            let v = if by_ref {
                ArgValue::Addr(self.addr(arg.expr()))
            } else {
                match self.width(sym.ty) {
                    Some(w) => {
                        let v = self.value(arg.expr());
                        let vw = ir_width(&v);
                        ArgValue::Scalar(w, super::expr::to_width(v, vw, w))
                    }
                    None if self.p.types.is_string(sym.ty) => {
                        ArgValue::Addr(self.str_addr(arg.expr()))
                    }
                    None if self.p.types.is_set(sym.ty) => {
                        let (first, _) = self.p.types.set_layout(sym.ty);
                        let a = self.set32(arg.expr());
                        ArgValue::Addr(add(a, word(first as i64)))
                    }
                    None => ArgValue::Addr(self.addr(arg.expr())),
                }
            };
            // A value computed with calls is kept in a temporary, so that a later
            // argument's calls cannot disturb it.
            let v = match v {
                v if !later_calls => v,
                ArgValue::Scalar(w, e) if !is_stable(&e) => {
                    let t = self.temp(w.bytes());
                    self.emit(S::Store {
                        w,
                        addr: E::Sym(t.clone(), 0),
                        value: e,
                    });
                    ArgValue::Scalar(w, load(w, E::Sym(t, 0)))
                }
                ArgValue::Addr(e) if !is_stable(&e) => {
                    let t = self.temp(2);
                    self.emit(S::Store {
                        w: W::Word,
                        addr: E::Sym(t.clone(), 0),
                        value: e,
                    });
                    ArgValue::Addr(load(W::Word, E::Sym(t, 0)))
                }
                v => v,
            };
            values.push((param, v));
        }
        for (param, v) in values {
            if recursive {
                let e = match v {
                    ArgValue::Scalar(W::Byte, e) => E::ZExt(Box::new(e)),
                    ArgValue::Scalar(_, e) | ArgValue::Addr(e) => e,
                };
                self.emit(S::Push(e));
                continue;
            }
            let slot = match self.place(param).cloned() {
                Some(Place::Label(l) | Place::Indirect(l)) => E::Sym(l, 0),
                _ => continue,
            };
            let sym = self.p.symbols.get(param);
            let ty = sym.ty;
            match v {
                ArgValue::Scalar(w, e) => self.emit(S::Store {
                    w,
                    addr: slot,
                    value: e,
                }),
                ArgValue::Addr(e) => {
                    let by_ref = self.width(ty).is_some()
                        || matches!(
                            sym.kind,
                            SymbolKind::Var {
                                storage: Storage::Param {
                                    mode: PassMode::Var | PassMode::UntypedVar,
                                    ..
                                },
                                ..
                            }
                        );
                    if by_ref {
                        self.emit(S::Store {
                            w: W::Word,
                            addr: slot,
                            value: e,
                        });
                    } else if let Type::String { max } = self.p.types.get(ty) {
                        let max = *max;
                        self.emit(super::strings::rt_stmt(
                            "rt_strcpy",
                            vec![
                                (ir::Reg::HL, e),
                                (ir::Reg::DE, slot),
                                (ir::Reg::BC, word(max as i64)),
                            ],
                        ));
                    } else {
                        let len = self.size(ty);
                        self.emit(S::Copy {
                            dst: slot,
                            src: e,
                            len: word(len as i64),
                        });
                    }
                }
            }
        }
    }

    /// Calls a function of the program and keeps its result in a temporary (whose label
    /// is returned): calls inside expressions are made before the expression.
    pub(crate) fn call_function(&mut self, r: RoutineId, args: &[Arg], span: Span) -> String {
        self.pass_args(r, args);
        let label = self.routine_label(r);
        let routine = self.p.routine(r);
        let ty = routine.result_type;
        let result = routine.result;
        // A re-entrant function leaves a structured result outside its area.
        let ret_slot = routine.recursive.then(|| format!("{label}.ret?"));
        match ty.map(|t| (t, self.width(t))) {
            Some((_, Some(w))) => {
                let t = self.temp(w.bytes());
                self.emit(S::Store {
                    w,
                    addr: E::Sym(t.clone(), 0),
                    value: E::Call(ir::Call {
                        target: label,
                        args: vec![],
                        ret: w,
                    }),
                });
                t
            }
            Some((t, None)) => {
                // A structured result is left in the function's result variable; copy it.
                self.emit(S::Eval(E::Call(ir::Call {
                    target: label,
                    args: vec![],
                    ret: W::Word,
                })));
                let size = self.size(t).min(256) as u16;
                let tmp = self.temp(if self.p.types.is_string(t) { 256 } else { size });
                let src = match ret_slot {
                    Some(slot) => Some(slot),
                    None => match result.and_then(|r| self.place(r).cloned()) {
                        Some(Place::Label(res)) => Some(res),
                        _ => None,
                    },
                };
                if let Some(res) = src {
                    self.emit(S::Copy {
                        dst: E::Sym(tmp.clone(), 0),
                        src: E::Sym(res, 0),
                        len: word(self.size(t) as i64),
                    });
                }
                tmp
            }
            None => {
                self.error(span, "a procedure has no value");
                self.temp(2)
            }
        }
    }

    fn for_loop(&mut self, var: &Expr, from: &Expr, to: &Expr, down: bool, body: &Stmt) {
        let w = self.w(var);
        let signed = w == W::Word && self.p.types.is_integer(var.ty);
        let start = self.value(from);
        let sw = ir_width(&start);
        let start = super::expr::to_width(start, sw, w);
        let a = self.addr(var);
        let limit = self.value(to);
        let lw = ir_width(&limit);
        let limit = super::expr::to_width(limit, lw, w);
        // The final value is evaluated once, before the loop.
        let limit = if matches!(limit, E::Const(..)) {
            limit
        } else {
            let t = self.temp(w.bytes());
            self.emit(S::Store {
                w,
                addr: E::Sym(t.clone(), 0),
                value: limit,
            });
            load(w, E::Sym(t, 0))
        };
        // Constant bounds: whether the body runs at all is known now.
        let known = match (&start, &limit) {
            (E::Const(_, x), E::Const(_, y)) => {
                let (x, y) = if signed {
                    (*x as i16 as i64, *y as i16 as i64)
                } else {
                    (*x as i64, *y as i64)
                };
                Some(if down { x >= y } else { x <= y })
            }
            _ => None,
        };
        self.emit(S::Store {
            w,
            addr: a.clone(),
            value: start,
        });
        let (b, end) = (self.new_block(), self.new_block());
        let cur = load(w, a.clone());
        let first = match known {
            Some(true) => Cond::True,
            Some(false) => Cond::False,
            None => Cond::Cmp {
                op: if down { CmpOp::Ge } else { CmpOp::Le },
                w,
                signed,
                l: cur.clone(),
                r: limit.clone(),
            },
        };
        self.seal(
            Term::Branch {
                cond: first,
                then: b,
                els: end,
            },
            b,
        );
        self.stmt(body);
        let step = self.new_block();
        self.seal(
            Term::Branch {
                cond: Cond::Cmp {
                    op: CmpOp::Eq,
                    w,
                    signed: false,
                    l: cur.clone(),
                    r: limit,
                },
                then: end,
                els: step,
            },
            step,
        );
        let op = if down { BinOp::Sub } else { BinOp::Add };
        let one = E::Const(w, 1);
        self.emit(S::Store {
            w,
            addr: a,
            value: E::Bin(op, w, Box::new(cur), Box::new(one)),
        });
        self.seal(Term::Jump(b), end);
    }

    fn case(&mut self, selector: &Expr, arms: &[crate::checked::CaseArm], els: Option<&[Stmt]>) {
        let v = self.value(selector);
        let w = ir_width(&v);
        let signed = w == W::Word;
        let v = if matches!(&v, E::Load(_, a) if matches!(**a, E::Sym(..))) {
            v
        } else {
            let t = self.temp(w.bytes());
            self.emit(S::Store {
                w,
                addr: E::Sym(t.clone(), 0),
                value: v,
            });
            load(w, E::Sym(t, 0))
        };
        let end = self.new_block();
        let els_block = self.new_block();
        let arm_blocks: Vec<_> = arms.iter().map(|_| self.new_block()).collect();
        // A jump table when the values are dense enough, else compare-and-branch.
        let lo = arms
            .iter()
            .flat_map(|a| a.ranges.iter().map(|r| r.0))
            .min()
            .unwrap_or(0);
        let hi = arms
            .iter()
            .flat_map(|a| a.ranges.iter().map(|r| r.1))
            .max()
            .unwrap_or(0);
        let values: i64 = arms
            .iter()
            .flat_map(|a| a.ranges.iter().map(|r| r.1 - r.0 + 1))
            .sum();
        let span = hi - lo + 1;
        if values >= 5 && span <= 64 && values * 2 >= span {
            let mut targets = vec![els_block; span as usize];
            for (arm, &b) in arms.iter().zip(&arm_blocks) {
                for &(a, z) in &arm.ranges {
                    for x in a..=z {
                        targets[(x - lo) as usize] = b;
                    }
                }
            }
            self.seal(
                Term::Switch {
                    w,
                    value: v,
                    base: lo as i32,
                    targets,
                    default: els_block,
                },
                els_block,
            );
        } else {
            for (arm, &b) in arms.iter().zip(&arm_blocks) {
                let mut c = Cond::False;
                for &(a, z) in arm.ranges.iter().rev() {
                    let cmp = |op, x: i64| Cond::Cmp {
                        op,
                        w,
                        signed,
                        l: v.clone(),
                        r: E::Const(w, x as u16),
                    };
                    let one = if a == z {
                        cmp(CmpOp::Eq, a)
                    } else {
                        Cond::And(Box::new(cmp(CmpOp::Ge, a)), Box::new(cmp(CmpOp::Le, z)))
                    };
                    c = match c {
                        Cond::False => one,
                        rest => Cond::Or(Box::new(one), Box::new(rest)),
                    };
                }
                let next = self.new_block();
                self.seal(
                    Term::Branch {
                        cond: c,
                        then: b,
                        els: next,
                    },
                    next,
                );
            }
            self.seal(Term::Jump(els_block), els_block);
        }
        // The else part comes first in the block order, right after the dispatch.
        if let Some(els) = els {
            for s in els {
                self.stmt(s);
            }
        }
        self.seal(Term::Jump(end), end);
        for (arm, &b) in arms.iter().zip(&arm_blocks) {
            self.cur = b;
            self.stmt(&arm.body);
            self.seal(Term::Jump(end), end);
        }
    }
}

/// Whether a value can be evaluated later with the same result even if routines are
/// called in between: constants, labels, temporaries.
fn is_stable(e: &E) -> bool {
    match e {
        E::Const(..) | E::Sym(..) => true,
        E::Load(_, a) => matches!(&**a, E::Sym(l, _) if l.contains(".t?")),
        E::ZExt(x) | E::Lo(x) => is_stable(x),
        _ => false,
    }
}
