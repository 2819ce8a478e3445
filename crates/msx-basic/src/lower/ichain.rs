//! Integer `+ - *` and negation: fast in registers, exact on overflow.
//!
//! MSX-BASIC computes an integer `+ - *` in 16 bits and, when it overflows,
//! redoes it in double precision (`bcd_iadd`'s carry says when; see
//! docs/basic.md); only storing an out-of-range value into an integer is
//! "Overflow". So `A%=(B%+C%)-D%` is fine when the end result fits, and
//! `PRINT A%+1` shows 32768 for `A%=32767`.
//!
//! A maximal tree of such operations (a *chain*) is compiled twice over
//! the same leaves (every other integer operand, evaluated once, before):
//! 1. in registers, with routines that set the flag `rt_bx_ovf` instead of
//!    stopping (`rt_bx_iaddo`…); this is the code that normally runs;
//! 2. when the flag is set, in BCD from the leaves again (they are pure:
//!    constants, variables, temporaries), giving the value MSX gives.
//!
//! Every intermediate value of a chain that did not overflow is an exact
//! integer, and a double holds it exactly, so the second computation is
//! the ROM's: the same operations, switched to double precision at the
//! first overflow.

use z80_codegen::ir::{self, build::*, Bytes, CmpOp, Cond, Reg, Stmt as IStmt, Term, W};

use super::num::relation;
use super::{Lowerer, R};
use crate::parse::types::type_of;
use crate::parse::{BinOp, Expr, ExprKind, Type};

/// The flag the overflow-tolerant routines set (1 byte of runtime RAM).
const FLAG: &str = "rt_bx_ovf";

/// An integer `+ - *` or negation (whose result MSX may make a double).
pub(crate) fn is_chain(e: &Expr) -> bool {
    type_of(e) == Some(Type::Integer)
        && matches!(
            e.kind,
            ExprKind::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, ..) | ExprKind::Neg(_)
        )
}

/// A chain over its leaves (pure word expressions).
enum Chain {
    Leaf(ir::Expr),
    Neg(Box<Chain>),
    Op(BinOp, Box<Chain>, Box<Chain>),
}

/// An operator's routines: in registers stopping with Overflow, in registers
/// setting the flag, in BCD.
fn routines(op: BinOp) -> (&'static str, &'static str, &'static str) {
    match op {
        BinOp::Add => ("rt_bx_iadd", "rt_bx_iaddo", "bcd_add"),
        BinOp::Sub => ("rt_bx_isub", "rt_bx_isubo", "bcd_sub"),
        _ => ("rt_bx_imul", "rt_bx_imulo", "bcd_mul"),
    }
}

/// `routine(x, y)` in registers.
fn word_call(routine: &str, x: ir::Expr, y: ir::Expr) -> ir::Expr {
    call(routine, vec![(Reg::HL, x), (Reg::DE, y)], W::Word)
}

/// The integer computation (flag set on overflow).
fn fast(c: &Chain) -> ir::Expr {
    match c {
        Chain::Leaf(x) => x.clone(),
        Chain::Neg(x) => word_call(routines(BinOp::Sub).1, word(0), fast(x)),
        Chain::Op(o, a, b) => word_call(routines(*o).1, fast(a), fast(b)),
    }
}

/// A chain of one operation on leaves, as the routine that stops with
/// Overflow (a negation is 0 minus its operand).
fn single_op(c: &Chain) -> Option<ir::Expr> {
    match c {
        Chain::Neg(x) => match &**x {
            Chain::Leaf(x) => Some(word_call(routines(BinOp::Sub).0, word(0), x.clone())),
            _ => None,
        },
        Chain::Op(op, a, b) => match (&**a, &**b) {
            (Chain::Leaf(x), Chain::Leaf(y)) => {
                Some(word_call(routines(*op).0, x.clone(), y.clone()))
            }
            _ => None,
        },
        Chain::Leaf(_) => None,
    }
}

/// What the second computation leaves: the value in DAC, or made an integer
/// in the chain's temporary.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    Dac,
    Int,
}

/// Slots of `rt_bx_ichain`'s stack (48 bytes: six numbers).
const RPN_SLOTS: usize = 6;

/// The chain as `rt_bx_ichain`'s bytes (without the end), or None when a leaf is
/// not a number or a word at a named address (or through one), or the chain needs
/// more than the routine's stack.
fn rpn(c: &Chain) -> Option<Vec<Bytes>> {
    fn walk(c: &Chain, out: &mut Vec<Bytes>, depth: &mut usize, max: &mut usize) -> Option<()> {
        match c {
            Chain::Leaf(x) => {
                let (tag, word) = match x {
                    ir::Expr::Const(W::Word, v) => (1, Bytes::Word(*v)),
                    ir::Expr::Load(W::Word, a) => match &**a {
                        ir::Expr::Sym(name, offset) => (2, label(name, *offset)),
                        ir::Expr::Load(W::Word, b) => match &**b {
                            ir::Expr::Sym(name, offset) => (3, label(name, *offset)),
                            _ => return None,
                        },
                        _ => return None,
                    },
                    _ => return None,
                };
                out.push(Bytes::Byte(tag));
                out.push(word);
                *depth += 1;
                *max = (*max).max(*depth);
            }
            Chain::Neg(x) => {
                walk(x, out, depth, max)?;
                out.push(Bytes::Byte(7));
            }
            Chain::Op(op, a, b) => {
                // The right operand first: DAC then holds the left one.
                walk(b, out, depth, max)?;
                walk(a, out, depth, max)?;
                out.push(Bytes::Byte(match op {
                    BinOp::Add => 4,
                    BinOp::Sub => 5,
                    _ => 6,
                }));
                *depth -= 1;
            }
        }
        Some(())
    }
    fn label(name: &str, offset: i32) -> Bytes {
        Bytes::Label {
            name: name.to_string(),
            offset,
            word: true,
        }
    }
    let (mut out, mut depth, mut max) = (Vec::new(), 0, 0);
    walk(c, &mut out, &mut depth, &mut max)?;
    // Every operand pushes DAC first, the first one a value nobody reads.
    (max <= RPN_SLOTS).then_some(out)
}

impl Lowerer<'_> {
    /// Builds the chain of `e`, evaluating its leaves (left to right, as
    /// MSX does) into pure expressions.
    fn chain(&mut self, e: &Expr) -> R<Chain> {
        if !is_chain(e) {
            return Ok(Chain::Leaf(self.int(e)?));
        }
        match &e.kind {
            ExprKind::Neg(x) => Ok(Chain::Neg(Box::new(self.chain(x)?))),
            ExprKind::Binary(op, a, b) => {
                let a = self.chain(a)?;
                let b = self.chain(b)?;
                Ok(Chain::Op(*op, Box::new(a), Box::new(b)))
            }
            _ => Ok(Chain::Leaf(self.int(e)?)),
        }
    }

    /// DAC = the chain computed in double precision.
    fn slow_dac(&mut self, c: &Chain) {
        match c {
            Chain::Leaf(x) => self.call_stmt("bcd_from_int", vec![(Reg::HL, x.clone())]),
            Chain::Neg(x) => {
                self.slow_dac(x);
                self.call_stmt("bcd_neg", vec![]);
            }
            Chain::Op(op, a, b) => {
                self.slow_dac(b);
                let t = self.num_temp();
                self.call_stmt("bcd_store_dac", vec![(Reg::HL, sym(&t))]);
                self.slow_dac(a);
                self.call_stmt("bcd_load_arg", vec![(Reg::HL, sym(&t))]);
                self.call_stmt(routines(*op).2, vec![]);
            }
        }
    }

    /// Computes the chain in registers into a word temporary, then branches:
    /// gives (the temporary, the block to go on with when it did not
    /// overflow); the current block is then the overflow path, which has
    /// cleared the flag and computed the chain in DAC.
    fn chain_split(&mut self, c: &Chain, want: Want) -> (String, ir::BlockId, ir::BlockId) {
        let t = self.word_temp();
        self.emit(IStmt::Store {
            w: W::Word,
            addr: sym(&t),
            value: fast(c),
        });
        let slow = self.new_block();
        let ok = self.new_block();
        let join = self.new_block();
        self.blocks[self.cur].term = Term::Branch {
            cond: Cond::NonZero(W::Byte, load(W::Byte, sym(FLAG))),
            then: slow,
            els: ok,
        };
        self.cur = slow;
        match rpn(c) {
            Some(mut bytes) => {
                // rt_bx_ichain clears the flag, computes and ends as wanted.
                match want {
                    Want::Dac => bytes.push(Bytes::Byte(0)),
                    Want::Int => bytes.extend([
                        Bytes::Byte(8),
                        Bytes::Label {
                            name: t.clone(),
                            offset: 0,
                            word: true,
                        },
                    ]),
                }
                self.call_stmt("rt_bx_ichain", vec![]);
                self.emit(IStmt::Inline(bytes));
            }
            None => {
                self.emit(IStmt::Store {
                    w: W::Byte,
                    addr: sym(FLAG),
                    value: byte(0),
                });
                self.slow_dac(c);
                if want == Want::Int {
                    self.emit(IStmt::Store {
                        w: W::Word,
                        addr: sym(&t),
                        value: call("bcd_to_int", vec![], W::Word),
                    });
                }
            }
        }
        (t, ok, join)
    }

    /// An integer chain where an integer is wanted: "Overflow" only when
    /// the final value does not fit.
    pub(crate) fn int_chain(&mut self, e: &Expr) -> R<ir::Expr> {
        let c = self.chain(e)?;
        // One operation on two leaves: when it overflows, the double MSX
        // computes instead lies outside -32768..32767, so converting it
        // back is "Overflow" anyway; the routine that says so at once
        // needs no second computation. Like the other checked operations,
        // a call that touches only registers: it may stay inside the
        // expression that uses it.
        if let Some(v) = single_op(&c) {
            return Ok(v);
        }
        let (t, ok, join) = self.chain_split(&c, Want::Int);
        self.blocks[self.cur].term = Term::Jump(join);
        self.blocks[ok].term = Term::Jump(join);
        self.cur = join;
        Ok(load(W::Word, sym(&t)))
    }

    /// An integer chain where a number is wanted: DAC = its value (a
    /// double when it overflowed; an integer shows the same digits).
    pub(crate) fn dac_chain(&mut self, e: &Expr) -> R<Type> {
        let c = self.chain(e)?;
        let (t, ok, join) = self.chain_split(&c, Want::Dac);
        self.blocks[self.cur].term = Term::Jump(join);
        self.cur = ok;
        self.call_stmt("bcd_from_int", vec![(Reg::HL, load(W::Word, sym(&t)))]);
        self.blocks[self.cur].term = Term::Jump(join);
        self.cur = join;
        Ok(Type::Double)
    }

    /// A comparison of two integers one of which (at least) is a chain:
    /// compared as words, or as doubles when a chain overflowed (as MSX
    /// compares the double it made).
    pub(crate) fn compare_chains(&mut self, op: CmpOp, a: &Expr, b: &Expr) -> R<Cond> {
        let ca = self.chain(a)?;
        let cb = self.chain(b)?;
        let (ta, tb) = (self.word_temp(), self.word_temp());
        for (t, c) in [(&ta, &ca), (&tb, &cb)] {
            self.emit(IStmt::Store {
                w: W::Word,
                addr: sym(t),
                value: fast(c),
            });
        }
        // `o`: whether the doubles decide; `r`: their bcd_cmp result.
        let (o, r) = (self.byte_temp(), self.byte_temp());
        let slow = self.new_block();
        let ok = self.new_block();
        let join = self.new_block();
        self.blocks[self.cur].term = Term::Branch {
            cond: Cond::NonZero(W::Byte, load(W::Byte, sym(FLAG))),
            then: slow,
            els: ok,
        };
        let set = |this: &mut Self, name: &str, v: ir::Expr| {
            this.emit(IStmt::Store {
                w: W::Byte,
                addr: sym(name),
                value: v,
            });
        };
        self.cur = slow;
        set(self, FLAG, byte(0));
        set(self, &o, byte(1));
        self.slow_dac(&cb);
        let n = self.num_temp();
        self.call_stmt("bcd_store_dac", vec![(Reg::HL, sym(&n))]);
        self.slow_dac(&ca);
        self.call_stmt("bcd_load_arg", vec![(Reg::HL, sym(&n))]);
        set(self, &r, call("bcd_cmp", vec![], W::Byte));
        self.blocks[self.cur].term = Term::Jump(join);
        self.cur = ok;
        set(self, &o, byte(0));
        self.blocks[self.cur].term = Term::Jump(join);
        self.cur = join;
        let doubles = Cond::NonZero(W::Byte, load(W::Byte, sym(&o)));
        let words = Cond::Cmp {
            op,
            w: W::Word,
            signed: true,
            l: load(W::Word, sym(&ta)),
            r: load(W::Word, sym(&tb)),
        };
        Ok(Cond::Or(
            Box::new(Cond::And(
                Box::new(doubles.clone()),
                Box::new(relation(op, load(W::Byte, sym(&r)))),
            )),
            Box::new(Cond::And(
                Box::new(Cond::Not(Box::new(doubles))),
                Box::new(words),
            )),
        ))
    }
}
