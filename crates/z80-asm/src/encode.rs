//! Turns a mnemonic and its parsed operands into bytes, by finding the first
//! row of the instruction table whose patterns accept the operands.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::expr::{eval, Env, EvalError, Expr};
use crate::operand::{Idx, Op, Operand};
use crate::table::{choices, Choice, Form, Pat, Pre, Shape, Use, FORMS};

/// A problem with one instruction, at a column of its line.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub col: u32,
    pub message: String,
    /// An undefined symbol: tolerated until the last pass.
    pub undefined: bool,
}

impl Problem {
    fn new(col: u32, message: impl Into<String>) -> Problem {
        Problem {
            col,
            message: message.into(),
            undefined: false,
        }
    }
}

/// The bytes of an instruction, and the problems found while encoding it.
/// With problems the bytes still have the right length (unknown values as 0),
/// so that the addresses after it stay right while errors are collected.
#[derive(Debug, Default)]
pub struct Encoded {
    pub bytes: Vec<u8>,
    pub problems: Vec<Problem>,
}

fn rows_by_mnemonic() -> &'static HashMap<&'static str, Vec<&'static Form>> {
    static MAP: OnceLock<HashMap<&'static str, Vec<&'static Form>>> = OnceLock::new();
    MAP.get_or_init(|| {
        let mut m: HashMap<&'static str, Vec<&'static Form>> = HashMap::new();
        for form in FORMS {
            m.entry(form.mnemonic).or_default().push(form);
        }
        m
    })
}

/// What one operand contributed when it matched its pattern.
#[derive(Clone, Copy, Debug)]
struct Bound<'a> {
    pat: Pat,
    op: &'a Op,
    choice: Option<Choice>,
}

/// Does operand `op` fit pattern `p`? (Value ranges are checked later.)
fn bind<'a>(p: Pat, op: &'a Op, env: &dyn Env) -> Option<Bound<'a>> {
    let bound = |choice| Some(Bound { pat: p, op, choice });
    if let Some(list) = choices(p) {
        let c = list.iter().find(|c| shape_fits(c.shape, &op.kind))?;
        return bound(Some(*c));
    }
    let ok = match (p, &op.kind) {
        (Pat::K(k), Operand::Kw(o)) => k == *o,
        (Pat::M(k), Operand::Mem(o)) => k == *o,
        (Pat::N8 | Pat::N16 | Pat::Rel | Pat::Bit, Operand::Imm(_)) => true,
        (Pat::Abs | Pat::Port, Operand::Abs(_)) => true,
        // An unknown value matches the first row, so the size is right until it is known.
        (Pat::Num(v), Operand::Imm(e)) => eval(e, env).map_or(true, |x| x == v as i64),
        _ => false,
    };
    if ok {
        bound(None)
    } else {
        None
    }
}

fn shape_fits(shape: Shape, op: &Operand) -> bool {
    match (shape, op) {
        (Shape::Kw(k), Operand::Kw(o)) => k == *o,
        (Shape::Mem(k), Operand::Mem(o)) => k == *o,
        (Shape::IdxDisp(i), Operand::Idx { reg, .. }) => i == *reg,
        (Shape::IdxBare(i), Operand::Idx { reg, disp: None }) => i == *reg,
        _ => false,
    }
}

/// Checks that the register choices of one instruction can share one prefix.
/// Returns the index register in use, or why the mix is impossible.
pub fn check_mix(chosen: &[Choice]) -> Result<Option<Idx>, &'static str> {
    let mut idx = None;
    for c in chosen {
        if let Some(i) = c.idx {
            if idx.is_some_and(|j| j != i) {
                return Err("cannot use IX and IY in one instruction");
            }
            idx = Some(i);
        }
    }
    let has = |u: Use| chosen.iter().any(|c| c.used == u);
    if (has(Use::Half) || has(Use::Whole)) && (has(Use::PlainHl) || has(Use::MemHl)) {
        return Err("H, L, HL and (HL) cannot be combined with IX or IY in one instruction");
    }
    if has(Use::Half) && has(Use::Disp) {
        return Err("an index half (IXH...) cannot be combined with (IX+d)");
    }
    let mems = chosen
        .iter()
        .filter(|c| matches!(c.used, Use::MemHl | Use::Disp))
        .count();
    if mems > 1 {
        return Err("only one memory operand is allowed");
    }
    Ok(idx)
}

/// Encodes one instruction. `pc` is the address of its first byte ($).
/// Err is returned when no form of the mnemonic accepts the operands.
pub fn encode(
    mnemonic: &str,
    mn_col: u32,
    ops: &[Op],
    env: &dyn Env,
    pc: i64,
) -> Result<Encoded, Problem> {
    let lower = mnemonic.to_ascii_lowercase();
    let Some(rows) = rows_by_mnemonic().get(lower.as_str()) else {
        return Err(Problem::new(
            mn_col,
            format!("unknown instruction `{mnemonic}`"),
        ));
    };
    let mut mix_error = None;
    for form in rows.iter().filter(|f| f.ops.len() == ops.len()) {
        let bound: Option<Vec<Bound>> = form
            .ops
            .iter()
            .zip(ops)
            .map(|(p, op)| bind(*p, op, env))
            .collect();
        let Some(bound) = bound else { continue };
        let chosen: Vec<Choice> = bound.iter().filter_map(|b| b.choice).collect();
        match check_mix(&chosen) {
            Ok(idx) => return Ok(emit(form, &bound, idx, env, pc)),
            Err(e) => mix_error = Some(e),
        }
    }
    if let Some(e) = mix_error {
        return Err(Problem::new(ops.first().map_or(mn_col, |o| o.col), e));
    }
    let counts: Vec<usize> = {
        let mut c: Vec<usize> = rows.iter().map(|f| f.ops.len()).collect();
        c.sort_unstable();
        c.dedup();
        c
    };
    if !counts.contains(&ops.len()) {
        let want: Vec<String> = counts.iter().map(|c| c.to_string()).collect();
        return Err(Problem::new(
            mn_col,
            format!(
                "`{lower}` takes {} operand(s), found {}",
                want.join(" or "),
                ops.len()
            ),
        ));
    }
    // Point at the first operand that no form of this size accepts in its position.
    for (i, op) in ops.iter().enumerate() {
        let fits_somewhere = rows
            .iter()
            .filter(|f| f.ops.len() == ops.len())
            .any(|f| bind(f.ops[i], op, env).is_some());
        if !fits_somewhere {
            return Err(Problem::new(
                op.col,
                format!("invalid operand for `{lower}`"),
            ));
        }
    }
    Err(Problem::new(
        mn_col,
        format!("`{lower}` cannot take this combination of operands"),
    ))
}

/// Evaluates a value, recording problems; unknown values become 0.
fn value(e: &Expr, col: u32, env: &dyn Env, problems: &mut Vec<Problem>) -> Option<i64> {
    match eval(e, env) {
        Ok(v) => Some(v),
        Err(EvalError::Undefined { name, col }) => {
            problems.push(Problem {
                col,
                message: format!("undefined symbol `{name}`"),
                undefined: true,
            });
            None
        }
        Err(EvalError::DivByZero) => {
            problems.push(Problem::new(col, "division by zero"));
            None
        }
    }
}

/// Checks that `v` lies in `lo..=hi`, recording a problem otherwise.
fn ranged(
    v: Option<i64>,
    lo: i64,
    hi: i64,
    what: &str,
    col: u32,
    problems: &mut Vec<Problem>,
) -> i64 {
    match v {
        Some(v) if (lo..=hi).contains(&v) => v,
        Some(v) => {
            problems.push(Problem::new(
                col,
                format!("{what} {v} out of range ({lo}..{hi})"),
            ));
            0
        }
        None => 0,
    }
}

fn emit(form: &Form, bound: &[Bound], idx: Option<Idx>, env: &dyn Env, pc: i64) -> Encoded {
    let mut problems = Vec::new();
    let mut opcode = form.opcode;
    let mut disp: Option<u8> = None;
    let mut tail: Vec<u8> = Vec::new();
    let len = instruction_len(form, bound, idx);
    for b in bound {
        let col = b.op.col;
        if let Some(c) = b.choice {
            opcode |= c.code << b.pat.shift();
            if c.used == Use::Disp {
                let d = match &b.op.kind {
                    Operand::Idx { disp: Some(e), .. } => {
                        let v = value(e, col, env, &mut problems);
                        ranged(v, -128, 127, "index displacement", col, &mut problems)
                    }
                    _ => 0,
                };
                disp = Some(d as u8);
            }
            continue;
        }
        let e = match &b.op.kind {
            Operand::Imm(e) | Operand::Abs(e) => e,
            _ => continue,
        };
        let v = value(e, col, env, &mut problems);
        match b.pat {
            Pat::N8 => tail.push(ranged(v, -128, 255, "byte value", col, &mut problems) as u8),
            Pat::Port => tail.push(ranged(v, 0, 255, "port number", col, &mut problems) as u8),
            Pat::N16 | Pat::Abs => {
                let w = ranged(v, -32768, 65535, "word value", col, &mut problems) as u16;
                tail.extend_from_slice(&w.to_le_bytes());
            }
            Pat::Rel => {
                // The offset counts from the next instruction; addresses wrap at 64K.
                let d = v.map(|t| {
                    let raw = (t - (pc + len as i64)) & 0xFFFF;
                    if raw >= 0x8000 {
                        raw - 0x10000
                    } else {
                        raw
                    }
                });
                if v.is_some_and(|t| !(0..=0xFFFF).contains(&t)) {
                    problems.push(Problem::new(col, "jump target outside 0..FFFFh"));
                }
                let d = match d {
                    Some(d) if !(-128..=127).contains(&d) => {
                        problems.push(Problem::new(
                            col,
                            format!("relative jump out of range ({d} bytes; -128..127)"),
                        ));
                        0
                    }
                    Some(d) => d,
                    None => 0,
                };
                tail.push(d as u8);
            }
            Pat::Bit => {
                let bit = ranged(v, 0, 7, "bit number", col, &mut problems);
                opcode |= (bit as u8) << 3;
            }
            Pat::Num(want) if v.is_some_and(|x| x != want as i64) => {
                problems.push(Problem::new(col, "invalid value for this instruction"));
            }
            _ => {}
        }
    }
    let mut bytes = Vec::with_capacity(4);
    if let Some(i) = idx {
        bytes.push(i.prefix());
    }
    match form.pre {
        Pre::Cb if idx.is_some() => {
            // DD CB d op: the displacement comes before the opcode.
            bytes.extend([0xCB, disp.unwrap_or(0), opcode]);
            return Encoded { bytes, problems };
        }
        Pre::Cb => bytes.push(0xCB),
        Pre::Ed => bytes.push(0xED),
        Pre::None => {}
    }
    bytes.push(opcode);
    bytes.extend(disp);
    bytes.extend(tail);
    Encoded { bytes, problems }
}

/// The length an instruction will have (needed before its relative offset is known).
fn instruction_len(form: &Form, bound: &[Bound], idx: Option<Idx>) -> usize {
    let mut n = 1 + usize::from(idx.is_some()) + usize::from(form.pre != Pre::None);
    for b in bound {
        n += match (b.choice, b.pat) {
            (Some(c), _) if c.used == Use::Disp => 1,
            (Some(_), _) => 0,
            (None, Pat::N8 | Pat::Port | Pat::Rel) => 1,
            (None, Pat::N16 | Pat::Abs) => 2,
            _ => 0,
        };
    }
    n
}
