//! Constant folding and algebraic simplification of IR expressions.
//!
//! Run over every expression before code generation. Besides folding constants it puts
//! address arithmetic in the shape the code generator handles best: constants and
//! labels to the right of additions and merged (`map - 34 + i*32 + j*2`), constant factors
//! distributed over additions (`(i - 1) * 32` becomes `i*32 - 32`), and word arithmetic
//! whose result is cut to a byte done in bytes (`lo(zext(a) + zext(b))` becomes `a + b`
//! in the accumulator).

use crate::ir::*;

/// Whether evaluating the expression can have side effects (calls, port reads).
pub fn has_effects(e: &Expr) -> bool {
    match e {
        Expr::Const(..) | Expr::Sym(..) => false,
        Expr::Load(_, a) => has_effects(a),
        Expr::Un(_, _, a) | Expr::ZExt(a) | Expr::SExt(a) | Expr::Lo(a) | Expr::Hi(a) => {
            has_effects(a)
        }
        Expr::Bin(_, _, l, r) => has_effects(l) || has_effects(r),
        Expr::Cond(c) => cond_has_effects(c),
        Expr::Call(_) | Expr::PortIn(_) => true,
    }
}

pub fn cond_has_effects(c: &Cond) -> bool {
    match c {
        Cond::True | Cond::False => false,
        Cond::Cmp { l, r, .. } => has_effects(l) || has_effects(r),
        Cond::NonZero(_, e) => has_effects(e),
        Cond::Not(a) => cond_has_effects(a),
        Cond::And(a, b) | Cond::Or(a, b) => cond_has_effects(a) || cond_has_effects(b),
        Cond::Flag { .. } => true,
    }
}

fn mask(w: W, v: i64) -> u16 {
    match w {
        W::Byte => v as u8 as u16,
        W::Word => v as u16,
    }
}

fn signed(w: W, v: u16) -> i64 {
    match w {
        W::Byte => v as u8 as i8 as i64,
        W::Word => v as i16 as i64,
    }
}

/// Folds a binary operation on two constants; `None` for division by zero.
pub fn eval_bin(op: BinOp, w: W, a: u16, b: u16) -> Option<u16> {
    let (sa, sb) = (signed(w, a), signed(w, b));
    let bits = if w == W::Byte { 8 } else { 16 };
    let v = match op {
        BinOp::Add => sa + sb,
        BinOp::Sub => sa - sb,
        BinOp::Mul => sa * sb,
        BinOp::Div => {
            if sb == 0 {
                return None;
            }
            sa / sb
        }
        BinOp::Mod => {
            if sb == 0 {
                return None;
            }
            sa % sb
        }
        BinOp::And => (a & b) as i64,
        BinOp::Or => (a | b) as i64,
        BinOp::Xor => (a ^ b) as i64,
        BinOp::Shl => {
            if b >= bits {
                0
            } else {
                (a as i64) << b
            }
        }
        BinOp::Shr => {
            if b >= bits {
                0
            } else {
                (mask(w, a as i64) as i64) >> b
            }
        }
    };
    Some(mask(w, v))
}

fn cmp_holds(op: CmpOp, a: i64, b: i64) -> bool {
    match op {
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
    }
}

/// A constant or a label plus offset: something that can be merged at assembly time.
fn addend(e: &Expr) -> Option<(Option<&str>, i64)> {
    match e {
        Expr::Const(W::Word, v) => Some((None, *v as i16 as i64)),
        Expr::Sym(s, o) => Some((Some(s.as_str()), *o as i64)),
        _ => None,
    }
}

fn make_addend(sym: Option<&str>, v: i64) -> Expr {
    match sym {
        Some(s) => Expr::Sym(s.to_string(), v as i16 as i32),
        None => Expr::Const(W::Word, v as u16),
    }
}

/// Adds two addends if at most one of them is a label.
fn merge(a: (Option<&str>, i64), b: (Option<&str>, i64)) -> Option<Expr> {
    match (a.0, b.0) {
        (Some(_), Some(_)) => None,
        (s, None) | (None, s) => Some(make_addend(s, a.1 + b.1)),
    }
}

pub fn expr(e: Expr) -> Expr {
    match e {
        Expr::Load(w, a) => {
            let a = expr(*a);
            Expr::Load(w, Box::new(a))
        }
        Expr::Un(op, w, a) => {
            let a = expr(*a);
            match (op, &a) {
                (UnOp::Neg, Expr::Const(_, v)) => Expr::Const(w, mask(w, -signed(w, *v))),
                (UnOp::Not, Expr::Const(_, v)) => Expr::Const(w, mask(w, !*v as i64)),
                (UnOp::Neg, Expr::Un(UnOp::Neg, _, inner))
                | (UnOp::Not, Expr::Un(UnOp::Not, _, inner)) => (**inner).clone(),
                _ => Expr::Un(op, w, Box::new(a)),
            }
        }
        Expr::ZExt(a) => match expr(*a) {
            Expr::Const(_, v) => Expr::Const(W::Word, v & 0xFF),
            a => Expr::ZExt(Box::new(a)),
        },
        Expr::SExt(a) => match expr(*a) {
            Expr::Const(_, v) => Expr::Const(W::Word, v as u8 as i8 as i16 as u16),
            a => Expr::SExt(Box::new(a)),
        },
        Expr::Lo(a) => lo(expr(*a)),
        Expr::Hi(a) => match expr(*a) {
            Expr::Const(_, v) => Expr::Const(W::Byte, v >> 8),
            Expr::ZExt(inner) if !has_effects(&inner) => Expr::Const(W::Byte, 0),
            Expr::Load(W::Word, addr) => {
                Expr::Load(W::Byte, Box::new(expr(add(*addr, Expr::Const(W::Word, 1)))))
            }
            a => Expr::Hi(Box::new(a)),
        },
        Expr::Bin(op, w, l, r) => bin(op, w, expr(*l), expr(*r)),
        Expr::Cond(c) => match cond(*c) {
            Cond::True => Expr::Const(W::Byte, 1),
            Cond::False => Expr::Const(W::Byte, 0),
            c => Expr::Cond(Box::new(c)),
        },
        Expr::Call(c) => Expr::Call(call(c)),
        Expr::PortIn(p) => Expr::PortIn(Box::new(expr(*p))),
        e @ (Expr::Const(..) | Expr::Sym(..)) => e,
    }
}

pub fn call(c: Call) -> Call {
    Call {
        target: c.target,
        args: c.args.into_iter().map(|(r, e)| (r, expr(e))).collect(),
        ret: c.ret,
    }
}

fn add(l: Expr, r: Expr) -> Expr {
    Expr::Bin(BinOp::Add, W::Word, Box::new(l), Box::new(r))
}

/// The low byte of an (already folded) word expression.
fn lo(a: Expr) -> Expr {
    match a {
        Expr::Const(_, v) => Expr::Const(W::Byte, v & 0xFF),
        Expr::ZExt(inner) | Expr::SExt(inner) => *inner,
        Expr::Load(W::Word, addr) => Expr::Load(W::Byte, addr),
        Expr::Bin(
            op @ (BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor),
            W::Word,
            l,
            r,
        ) => bin(op, W::Byte, lo(*l), lo(*r)),
        Expr::Un(op, W::Word, a) => expr(Expr::Un(op, W::Byte, Box::new(lo(*a)))),
        a => Expr::Lo(Box::new(a)),
    }
}

fn is_const(e: &Expr, v: u16) -> bool {
    matches!(e, Expr::Const(_, c) if *c == v)
}

fn bin(op: BinOp, w: W, l: Expr, r: Expr) -> Expr {
    use BinOp::*;
    if let (Expr::Const(_, a), Expr::Const(_, b)) = (&l, &r) {
        if let Some(v) = eval_bin(op, w, *a, *b) {
            return Expr::Const(w, v);
        }
    }
    // Constants and labels go to the right of commutative operators.
    let (l, r) = if op.commutative() && addend(&l).is_some() && addend(&r).is_none()
        || op.commutative() && matches!(l, Expr::Const(..)) && !matches!(r, Expr::Const(..))
    {
        (r, l)
    } else {
        (l, r)
    };
    match (op, w) {
        (Add, W::Word) => {
            if is_const(&r, 0) {
                return l;
            }
            if let (Some(a), Some(b)) = (addend(&l), addend(&r)) {
                if let Some(m) = merge(a, b) {
                    return m;
                }
            }
            // (x + k1) + k2 = x + (k1 + k2)
            if let (Expr::Bin(Add, W::Word, x, k1), Some(b)) = (&l, addend(&r)) {
                if let Some(a) = addend(k1) {
                    if let Some(m) = merge(a, b) {
                        return bin(Add, W::Word, (**x).clone(), m);
                    }
                }
            }
            // (x + k) + y = (x + y) + k: keep the constant outermost.
            if let Expr::Bin(Add, W::Word, x, k) = &l {
                if addend(k).is_some() && addend(&r).is_none() {
                    return bin(
                        Add,
                        W::Word,
                        bin(Add, W::Word, (**x).clone(), r),
                        (**k).clone(),
                    );
                }
            }
            // x + (y + k) = (x + y) + k
            if let Expr::Bin(Add, W::Word, y, k) = &r {
                if addend(k).is_some() {
                    return bin(
                        Add,
                        W::Word,
                        bin(Add, W::Word, l, (**y).clone()),
                        (**k).clone(),
                    );
                }
            }
            Expr::Bin(Add, w, Box::new(l), Box::new(r))
        }
        (Sub, W::Word) => {
            if let Expr::Const(_, c) = r {
                return bin(Add, W::Word, l, Expr::Const(W::Word, c.wrapping_neg()));
            }
            if let (Some((Some(a), x)), Some((Some(b), y))) = (addend(&l), addend(&r)) {
                if a == b {
                    return Expr::Const(W::Word, (x - y) as u16);
                }
            }
            // (x + k) - y = (x - y) + k
            if let Expr::Bin(Add, W::Word, x, k) = &l {
                if addend(k).is_some() {
                    return bin(
                        Add,
                        W::Word,
                        bin(Sub, W::Word, (**x).clone(), r),
                        (**k).clone(),
                    );
                }
            }
            Expr::Bin(Sub, w, Box::new(l), Box::new(r))
        }
        (Mul, _) => {
            if is_const(&r, 1) {
                return l;
            }
            if is_const(&r, 0) && !has_effects(&l) {
                return Expr::Const(w, 0);
            }
            // (x + k) * c = x*c + k*c: index arithmetic folds into the base address.
            if let (Expr::Bin(Add, W::Word, x, k), Expr::Const(_, c)) = (&l, &r) {
                if let Expr::Const(_, kv) = **k {
                    return bin(
                        Add,
                        W::Word,
                        bin(Mul, W::Word, (**x).clone(), r.clone()),
                        Expr::Const(W::Word, kv.wrapping_mul(*c)),
                    );
                }
            }
            Expr::Bin(Mul, w, Box::new(l), Box::new(r))
        }
        (Or | Xor | Shl | Shr, _) if is_const(&r, 0) => l,
        (And, _) if is_const(&r, mask(w, -1)) => l,
        (And, _) if is_const(&r, 0) && !has_effects(&l) => Expr::Const(w, 0),
        (Div, _) if is_const(&r, 1) => l,
        (Add, W::Byte) if is_const(&r, 0) => l,
        (Sub, W::Byte) if is_const(&r, 0) => l,
        _ => Expr::Bin(op, w, Box::new(l), Box::new(r)),
    }
}

pub fn cond(c: Cond) -> Cond {
    match c {
        Cond::Cmp {
            op,
            w,
            signed: s,
            l,
            r,
        } => {
            let (l, r) = (expr(l), expr(r));
            if let (Expr::Const(_, a), Expr::Const(_, b)) = (&l, &r) {
                let (a, b) = if s {
                    (signed(w, *a), signed(w, *b))
                } else {
                    (*a as i64, *b as i64)
                };
                return if cmp_holds(op, a, b) {
                    Cond::True
                } else {
                    Cond::False
                };
            }
            // Constants to the right.
            if matches!(l, Expr::Const(..)) {
                return cond(Cond::Cmp {
                    op: op.swap(),
                    w,
                    signed: s,
                    l: r,
                    r: l,
                });
            }
            // Two bytes widened to words (or a widened byte and a constant 0..255)
            // compare as bytes, unsigned: both sides are within 0..255 either way.
            if w == W::Word {
                let narrow = match (&l, &r) {
                    (Expr::ZExt(a), Expr::ZExt(b)) => Some(((**a).clone(), (**b).clone())),
                    (Expr::ZExt(a), Expr::Const(_, c)) if *c < 256 => {
                        Some(((**a).clone(), Expr::Const(W::Byte, *c)))
                    }
                    _ => None,
                };
                if let Some((l, r)) = narrow {
                    return Cond::Cmp {
                        op,
                        w: W::Byte,
                        signed: false,
                        l,
                        r,
                    };
                }
            }
            Cond::Cmp {
                op,
                w,
                signed: s,
                l,
                r,
            }
        }
        Cond::NonZero(w, e) => match expr(e) {
            Expr::Const(_, v) => {
                if mask(w, v as i64) != 0 {
                    Cond::True
                } else {
                    Cond::False
                }
            }
            Expr::Cond(c) => *c,
            // A widened byte is non-zero when the byte is.
            Expr::ZExt(b) if w == W::Word => Cond::NonZero(W::Byte, *b),
            e => Cond::NonZero(w, e),
        },
        Cond::Not(a) => match cond(*a) {
            Cond::True => Cond::False,
            Cond::False => Cond::True,
            Cond::Not(inner) => *inner,
            Cond::Cmp {
                op,
                w,
                signed,
                l,
                r,
            } => Cond::Cmp {
                op: op.negate(),
                w,
                signed,
                l,
                r,
            },
            a => Cond::Not(Box::new(a)),
        },
        Cond::And(a, b) => match (cond(*a), cond(*b)) {
            (Cond::True, x) | (x, Cond::True) => x,
            (Cond::False, _) => Cond::False,
            (a, b) => Cond::And(Box::new(a), Box::new(b)),
        },
        Cond::Or(a, b) => match (cond(*a), cond(*b)) {
            (Cond::False, x) | (x, Cond::False) => x,
            (Cond::True, _) => Cond::True,
            (a, b) => Cond::Or(Box::new(a), Box::new(b)),
        },
        Cond::Flag {
            call: c,
            flag,
            when_set,
        } => Cond::Flag {
            call: call(c),
            flag,
            when_set,
        },
        c @ (Cond::True | Cond::False) => c,
    }
}

pub fn stmt(s: Stmt) -> Stmt {
    match s {
        Stmt::Store { w, addr, value } => Stmt::Store {
            w,
            addr: expr(addr),
            value: expr(value),
        },
        Stmt::Eval(e) => Stmt::Eval(expr(e)),
        Stmt::Push(e) => Stmt::Push(expr(e)),
        Stmt::Copy { dst, src, len } => Stmt::Copy {
            dst: expr(dst),
            src: expr(src),
            len: expr(len),
        },
        Stmt::PortOut { port, value } => Stmt::PortOut {
            port: expr(port),
            value: expr(value),
        },
        s @ (Stmt::Inline(_) | Stmt::Line(_)) => s,
    }
}

pub fn term(t: Term) -> Term {
    match t {
        Term::Branch { cond: c, then, els } => match cond(c) {
            Cond::True => Term::Jump(then),
            Cond::False => Term::Jump(els),
            c => Term::Branch { cond: c, then, els },
        },
        Term::Switch {
            w,
            value,
            base,
            targets,
            default,
        } => Term::Switch {
            w,
            value: expr(value),
            base,
            targets,
            default,
        },
        Term::Ret(v) => Term::Ret(v.map(|(w, e)| (w, expr(e)))),
        t => t,
    }
}

pub fn function(f: &mut Function) {
    for b in &mut f.blocks {
        let stmts = std::mem::take(&mut b.stmts);
        b.stmts = stmts.into_iter().map(stmt).collect();
        let t = std::mem::replace(&mut b.term, Term::Ret(None));
        b.term = term(t);
    }
}

#[cfg(test)]
mod tests {
    use super::{cond, expr};
    use crate::ir::build::*;
    use crate::ir::*;

    #[test]
    fn widened_bytes_compare_as_bytes() {
        let b = load(W::Byte, sym("b"));
        let c = load(W::Byte, sym("c"));
        let cmp = |op, signed, l, r| Cond::Cmp {
            op,
            w: W::Word,
            signed,
            l,
            r,
        };
        // b < 200 (signed words) is an unsigned byte comparison.
        assert_eq!(
            cond(cmp(CmpOp::Lt, true, zext(b.clone()), word(200))),
            Cond::Cmp {
                op: CmpOp::Lt,
                w: W::Byte,
                signed: false,
                l: b.clone(),
                r: Expr::Const(W::Byte, 200),
            }
        );
        // 0 <> b: the constant goes right, then narrows.
        assert_eq!(
            cond(cmp(CmpOp::Ne, true, word(0), zext(b.clone()))),
            Cond::Cmp {
                op: CmpOp::Ne,
                w: W::Byte,
                signed: false,
                l: b.clone(),
                r: Expr::Const(W::Byte, 0),
            }
        );
        assert_eq!(
            cond(cmp(CmpOp::Ge, true, zext(b.clone()), zext(c.clone()))),
            Cond::Cmp {
                op: CmpOp::Ge,
                w: W::Byte,
                signed: false,
                l: b.clone(),
                r: c,
            }
        );
        // A constant outside 0..255 (-1 as a signed word) is left to the word compare.
        let keep = cmp(CmpOp::Gt, true, zext(b.clone()), word(0xFFFF));
        assert_eq!(cond(keep.clone()), keep);
        assert_eq!(
            cond(Cond::NonZero(W::Word, zext(b.clone()))),
            Cond::NonZero(W::Byte, b)
        );
    }

    #[test]
    fn index_arithmetic_folds_into_the_base() {
        // map[i, j] of integer, array[1..16, 1..16]: map + ((i-1)*16 + (j-1)) * 2
        let i = load(W::Word, sym("i"));
        let j = load(W::Word, sym("j"));
        let idx = bin(
            BinOp::Add,
            W::Word,
            bin(
                BinOp::Mul,
                W::Word,
                bin(BinOp::Sub, W::Word, i.clone(), word(1)),
                word(16),
            ),
            bin(BinOp::Sub, W::Word, j.clone(), word(1)),
        );
        let addr = add(sym("map"), bin(BinOp::Mul, W::Word, idx, word(2)));
        let folded = expr(addr);
        // Horner's form, the cheapest on a Z80: ((i*16 + j) * 2) + (map - 34).
        let expect = add(
            bin(
                BinOp::Mul,
                W::Word,
                add(bin(BinOp::Mul, W::Word, i, word(16)), j),
                word(2),
            ),
            Expr::Sym("map".into(), -34),
        );
        assert_eq!(folded, expect);
    }

    #[test]
    fn byte_results_are_computed_in_bytes() {
        let a = load(W::Byte, sym("a"));
        let e = lo(add(zext(a.clone()), word(1)));
        assert_eq!(expr(e), bin(BinOp::Add, W::Byte, a, byte(1)));
    }

    #[test]
    fn constants_fold_with_wrapping_and_signs() {
        assert_eq!(
            expr(bin(BinOp::Mul, W::Word, word(1000), word(100))),
            word(1000 * 100)
        );
        assert_eq!(expr(bin(BinOp::Div, W::Word, word(-7), word(2))), word(-3));
        assert_eq!(expr(bin(BinOp::Mod, W::Word, word(-7), word(2))), word(-1));
        assert_eq!(
            expr(bin(BinOp::Div, W::Word, word(1), word(0))),
            bin(BinOp::Div, W::Word, word(1), word(0))
        );
        assert_eq!(
            cond(Cond::Cmp {
                op: CmpOp::Lt,
                w: W::Word,
                signed: true,
                l: word(-1),
                r: word(1)
            }),
            Cond::True
        );
        assert_eq!(
            cond(Cond::Cmp {
                op: CmpOp::Lt,
                w: W::Word,
                signed: false,
                l: word(-1),
                r: word(1)
            }),
            Cond::False
        );
    }
}
