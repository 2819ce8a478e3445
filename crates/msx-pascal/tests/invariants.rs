//! The invariants `checked.rs` promises the code generator, checked over whole programs.

mod common;

use msx_pascal::checked::{
    Arg, BinaryOp, CheckedProgram, Conversion, Expr, ExprKind, Stmt, StmtKind, UnaryOp,
};
use msx_pascal::types::TypeId;
use msx_pascal::{compile_front, DirFiles};

struct Walker<'p> {
    p: &'p CheckedProgram,
    exprs: usize,
}

impl Walker<'_> {
    fn stmts(&mut self, list: &[Stmt]) {
        for s in list {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Assign { target, value } => {
                self.variable(target);
                self.expr(target);
                self.expr(value);
                let t = &self.p.types;
                if t.is_ordinal(target.ty) {
                    assert_eq!(
                        t.size(target.ty),
                        t.size(value.ty),
                        "assignment at {} needs an explicit size conversion",
                        self.p.sources.position(s.span)
                    );
                }
            }
            StmtKind::Call { args, .. } | StmtKind::StdCall { args, .. } => self.args(args),
            StmtKind::Write { file, items, .. } => {
                file.iter().for_each(|f| self.expr(f));
                for i in items {
                    self.expr(&i.value);
                    if self.p.types.is_integer(i.value.ty) {
                        assert_eq!(self.p.types.size(i.value.ty), 2);
                    }
                }
            }
            StmtKind::Read { file, targets, .. } => {
                file.iter().for_each(|f| self.expr(f));
                for t in targets {
                    self.variable(t);
                    self.expr(t);
                }
            }
            StmtKind::Str { item, target } => {
                self.expr(&item.value);
                self.variable(target);
            }
            StmtKind::Compound(list) => self.stmts(list),
            StmtKind::If { cond, then, els } => {
                self.boolean(cond);
                self.stmt(then);
                els.iter().for_each(|e| self.stmt(e));
            }
            StmtKind::Case {
                selector,
                arms,
                els,
            } => {
                self.expr(selector);
                let mut ranges: Vec<(i64, i64)> =
                    arms.iter().flat_map(|a| a.ranges.clone()).collect();
                ranges.sort();
                assert!(
                    ranges.windows(2).all(|w| w[0].1 < w[1].0),
                    "overlapping case arms"
                );
                arms.iter().for_each(|a| self.stmt(&a.body));
                els.iter().for_each(|e| self.stmts(e));
            }
            StmtKind::While { cond, body } => {
                self.boolean(cond);
                self.stmt(body);
            }
            StmtKind::Repeat { body, cond } => {
                self.stmts(body);
                self.boolean(cond);
            }
            StmtKind::For {
                var,
                from,
                to,
                body,
                ..
            } => {
                self.variable(var);
                self.expr(from);
                self.expr(to);
                self.stmt(body);
            }
            StmtKind::With { record, body, .. } => {
                self.variable(record);
                self.stmt(body);
            }
            StmtKind::Labeled { stmt, .. } => self.stmt(stmt),
            StmtKind::Empty
            | StmtKind::Goto(_)
            | StmtKind::Exit
            | StmtKind::Halt
            | StmtKind::Inline(_) => {}
        }
    }

    fn args(&mut self, args: &[Arg]) {
        for a in args {
            if let Arg::Ref(e) = a {
                self.variable(e);
            }
            self.expr(a.expr());
        }
    }

    fn boolean(&mut self, e: &Expr) {
        assert!(self.p.types.is_boolean(e.ty));
        self.expr(e);
    }

    fn variable(&self, e: &Expr) {
        let ok = matches!(
            e.kind,
            ExprKind::Var(_)
                | ExprKind::WithRecord(_)
                | ExprKind::Deref(_)
                | ExprKind::StdVar(..)
                | ExprKind::Index { .. }
                | ExprKind::StrIndex { .. }
                | ExprKind::Field { .. }
        );
        assert!(ok, "not a variable: {:?}", e.kind);
    }

    fn int(&self, e: &Expr) {
        assert_eq!(e.ty, TypeId::INTEGER, "integer operand expected: {e:?}");
    }

    fn expr(&mut self, e: &Expr) {
        self.exprs += 1;
        assert_ne!(e.ty, TypeId::ERROR, "error type in {e:?}");
        match &e.kind {
            ExprKind::Index { array, index } => {
                self.expr(array);
                self.expr(index);
                let index_ty = match self.p.types.get(array.ty) {
                    msx_pascal::types::Type::Array { index, .. } => *index,
                    other => panic!("indexing a {other:?}"),
                };
                if self.p.types.is_integer(index_ty) {
                    self.int(index);
                }
            }
            ExprKind::StrIndex { string, index } => {
                self.expr(string);
                self.int(index);
            }
            ExprKind::Field { record, .. } => self.expr(record),
            ExprKind::Deref(p) => self.expr(p),
            ExprKind::StdVar(_, Some(i)) => {
                self.int(i);
                self.expr(i);
            }
            ExprKind::Unary { op, operand } => {
                if matches!(op, UnaryOp::IntNeg | UnaryOp::IntNot) {
                    self.int(operand);
                    self.int(e);
                }
                self.expr(operand);
            }
            ExprKind::Binary { op, lhs, rhs } => {
                use BinaryOp::*;
                if matches!(
                    op,
                    IntAdd
                        | IntSub
                        | IntMul
                        | IntDiv
                        | IntMod
                        | IntAnd
                        | IntOr
                        | IntXor
                        | Shl
                        | Shr
                ) {
                    self.int(lhs);
                    self.int(rhs);
                    self.int(e);
                }
                self.expr(lhs);
                self.expr(rhs);
            }
            ExprKind::Convert { conv, expr } => {
                let t = &self.p.types;
                match conv {
                    Conversion::ByteToInt => assert_eq!((t.size(expr.ty), t.size(e.ty)), (1, 2)),
                    Conversion::IntToByte => assert_eq!((t.size(expr.ty), t.size(e.ty)), (2, 1)),
                    Conversion::IntToReal => self.int(expr),
                    _ => {}
                }
                self.expr(expr);
            }
            ExprKind::Call { args, .. } | ExprKind::StdCall { args, .. } => self.args(args),
            ExprKind::Set(items) => {
                for (lo, hi) in items {
                    self.expr(lo);
                    hi.iter().for_each(|h| self.expr(h));
                }
            }
            ExprKind::Const(_)
            | ExprKind::Var(_)
            | ExprKind::WithRecord(_)
            | ExprKind::RoutineAddr(_)
            | ExprKind::StdVar(_, None) => {}
        }
    }
}

fn walk(p: &CheckedProgram) -> usize {
    let mut w = Walker { p, exprs: 0 };
    w.stmts(&p.body);
    for r in &p.routines {
        w.stmts(&r.body);
    }
    w.exprs
}

#[test]
fn minesweeper_program_keeps_the_invariants() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/programs");
    let front = compile_front("mines.pas", &DirFiles::new(dir)).expect("mines.pas checks");
    assert!(walk(&front.program) > 1000);
}

#[test]
fn mixed_byte_and_integer_code_keeps_the_invariants() {
    let p = common::check(
        "type small = 0..100; color = (red, green);
         var b, c : byte; i : integer; s : small; ch : char; st : string[9];
             a : array[small] of byte; m : array[color] of integer; k : color;
         begin
           b := b + c; i := b * c - i; s := i; a[b] := i; a[s] := a[b + 1];
           m[k] := b; st[b] := ch; i := -b; i := not b;
           for b := i to c do s := s + 1;
           case b of 1..3: i := 0; 4: i := 1 end;
           write(b, s, i:3);
           i := Mem[b] + Port[c];
         end.",
    );
    assert!(walk(&p) > 40);
}
