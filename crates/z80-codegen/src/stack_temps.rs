//! Scratch words on the stack: a front end's temporary that is stored once and read
//! once, a few instructions later in the same straight line, travels on the stack:
//! `ld (t),hl` … `ld de,(t)` becomes `push hl` … `pop de` (2 bytes for 6 or 7, and
//! 21 T-states for 36). A store whose value nothing reads goes (a byte's too).
//!
//! The front end names its scratch words ([`crate::ir::Program::scratch`]) and
//! promises that their values never outlive the statement that made them, so that no
//! jump its runtime makes behind the code's back (an event trap, an error handler, a
//! RETURN) lands where one is live. Which loads read a store is then a matter of the
//! routine's own jumps: liveness over its blocks (labels, jumps, fall-through; a
//! `jp (hl)` may go to any label a `dw` table names).

use std::collections::HashMap;

use crate::gen::{branch_target, ends_flow, Line};
use crate::peephole::op;

/// Rewrites the lines; true when something changed.
pub fn run(lines: &mut [Line], scratch: &[String]) -> bool {
    let names: HashMap<&str, u32> = scratch
        .iter()
        .take(64)
        .enumerate()
        .map(|(i, s)| (s.as_str(), i as u32))
        .collect();
    if names.is_empty() {
        return false;
    }
    let blocks = blocks(lines);
    let after = live_after(lines, &blocks, &names);
    let mut changed = false;
    for b in &blocks {
        for i in b.start..b.end {
            let Some((t, from)) = op(lines, i).and_then(store) else {
                continue;
            };
            let Some(&bit) = names.get(t) else { continue };
            let (t, from) = (t.to_string(), from.to_string());
            if after[i] & (1 << bit) == 0 {
                lines[i] = Line::Op(String::new());
                changed = true;
                continue;
            }
            if from == "a" {
                // A byte on the stack would bring the flags back with it.
                continue;
            }
            let Some(k) = (i + 1..b.end).find(|&k| op(lines, k).is_some_and(|s| mentions(s, &t)))
            else {
                continue;
            };
            let Some(to) = op(lines, k).and_then(|s| load(s, &t)).map(str::to_string) else {
                continue;
            };
            if after[k] & (1 << bit) == 0 && stack_neutral(lines, i + 1, k) {
                lines[i] = Line::Op(format!("push {from}"));
                lines[k] = Line::Op(format!("pop {to}"));
                changed = true;
            }
        }
    }
    changed
}

/// `ld (t),rr` for HL, DE or BC, or `ld (t),a` (a byte scratch variable): the place
/// and the register.
fn store(s: &str) -> Option<(&str, &str)> {
    let rest = s.strip_prefix("ld (")?;
    let (t, r) = rest.split_once("),")?;
    matches!(r, "hl" | "de" | "bc" | "a").then_some((t, r))
}

/// `ld rr,(t)` for HL, DE or BC: the register.
fn load<'a>(s: &'a str, t: &str) -> Option<&'a str> {
    let rest = s.strip_prefix("ld ")?;
    let (r, m) = rest.split_once(',')?;
    (matches!(r, "hl" | "de" | "bc") && m.strip_prefix('(')?.strip_suffix(')')? == t).then_some(r)
}

/// The names an instruction mentions.
fn words(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '?' | '.')))
        .filter(|w| !w.is_empty())
}

fn mentions(s: &str, t: &str) -> bool {
    words(s).any(|w| w == t)
}

/// Whether the instructions from `a` to before `b` leave the stack as they found it,
/// never taking what was under it, and do nothing else with SP.
fn stack_neutral(lines: &[Line], a: usize, b: usize) -> bool {
    let mut depth = 0i32;
    for i in a..b {
        let Some(s) = op(lines, i) else { continue };
        if s.starts_with("push ") {
            depth += 1;
        } else if s.starts_with("pop ") {
            depth -= 1;
            if depth < 0 {
                return false;
            }
        } else if words(s).any(|w| w == "sp") {
            return false;
        }
    }
    depth == 0
}

/// A straight run of lines: from a label or the line after a jump to the next ones.
struct Block {
    start: usize,
    end: usize,
    succ: Vec<usize>,
}

/// Whether an instruction ends a block: a jump to a label or through a register, taken
/// or not, or a return (a jump relative to `$` stays inside its block).
fn ends_block(s: &str) -> bool {
    !s.contains('$') && (branch_target(s).is_some() || ends_flow(s) || s.starts_with("ret"))
}

fn blocks(lines: &[Line]) -> Vec<Block> {
    let mut starts = vec![0];
    for (i, l) in lines.iter().enumerate() {
        match l {
            Line::Label(_) if i > 0 => starts.push(i),
            Line::Op(s) if ends_block(s) => starts.push(i + 1),
            _ => {}
        }
    }
    starts.push(lines.len());
    starts.dedup();
    let ranges: Vec<(usize, usize)> = starts.windows(2).map(|w| (w[0], w[1])).collect();
    let mut at: HashMap<&str, usize> = HashMap::new();
    for (n, &(a, e)) in ranges.iter().enumerate() {
        for l in &lines[a..e] {
            if let Line::Label(name) = l {
                at.insert(name.as_str(), n);
            }
        }
    }
    // Where a `jp (hl)` may go: every label a table names.
    let mut tables: Vec<usize> = lines
        .iter()
        .filter_map(|l| match l {
            Line::Op(s) => s.strip_prefix("dw "),
            _ => None,
        })
        .flat_map(|s| s.split(','))
        .filter_map(|w| at.get(w.trim()).copied())
        .collect();
    tables.sort_unstable();
    tables.dedup();
    ranges
        .iter()
        .enumerate()
        .map(|(n, &(start, end))| {
            let last = (start..end).rev().find_map(|i| op(lines, i));
            let mut succ = Vec::new();
            match last {
                Some(s) => {
                    if let Some(b) = branch_target(s).and_then(|l| at.get(l)) {
                        succ.push(*b);
                    }
                    if s.starts_with("jp (") {
                        succ.extend(&tables);
                    }
                    if !ends_flow(s) && n + 1 < ranges.len() {
                        succ.push(n + 1);
                    }
                }
                None if n + 1 < ranges.len() => succ.push(n + 1),
                None => {}
            }
            Block { start, end, succ }
        })
        .collect()
}

/// Per line, the scratch words live after it (a bit each).
fn live_after(lines: &[Line], blocks: &[Block], names: &HashMap<&str, u32>) -> Vec<u64> {
    // What a line does to the set live after it: kills (a whole-word store) and uses.
    let effect = |i: usize| -> (u64, u64) {
        let Some(s) = op(lines, i) else { return (0, 0) };
        let mut used = 0;
        let mut kill = 0;
        let stored = store(s).and_then(|(t, _)| names.get(t));
        for w in words(s) {
            if let Some(&b) = names.get(w) {
                if stored == Some(&b) {
                    kill |= 1 << b;
                } else {
                    used |= 1 << b;
                }
            }
        }
        (kill, used)
    };
    let through = |b: &Block, out: u64| {
        (b.start..b.end).rev().fold(out, |live, i| {
            let (kill, used) = effect(i);
            (live & !kill) | used
        })
    };
    let mut live_in = vec![0u64; blocks.len()];
    loop {
        let mut changed = false;
        for (n, b) in blocks.iter().enumerate().rev() {
            let out = b.succ.iter().fold(0, |a, &s| a | live_in[s]);
            let inn = through(b, out);
            if inn != live_in[n] {
                live_in[n] = inn;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut after = vec![0u64; lines.len()];
    for b in blocks {
        let mut live = b.succ.iter().fold(0, |a, &s| a | live_in[s]);
        for i in (b.start..b.end).rev() {
            after[i] = live;
            let (kill, used) = effect(i);
            live = (live & !kill) | used;
        }
    }
    after
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::gen::lines_of as ops;

    fn rewrite(v: &[&str]) -> Vec<Line> {
        let mut l = ops(v);
        run(&mut l, &["t0".to_string(), "t1".to_string()]);
        l.retain(|l| !matches!(l, Line::Op(s) if s.is_empty()));
        l
    }

    #[test]
    fn a_word_read_once_goes_on_the_stack() {
        let got = rewrite(&["ld (t0),hl", "call f", "ld de,(t0)", "call g", "ret"]);
        assert_eq!(got, ops(&["push hl", "call f", "pop de", "call g", "ret"]));
    }

    #[test]
    fn pairs_nest_or_stay() {
        // t1 inside t0: both move.
        let got = rewrite(&[
            "ld (t0),hl",
            "ld (t1),hl",
            "ld de,(t1)",
            "ld hl,(t0)",
            "ret",
        ]);
        assert_eq!(got, ops(&["push hl", "push hl", "pop de", "pop hl", "ret"]));
        // Crossed: the first (t0) moves; then t1 would be read from under t0's pop,
        // so it stays in memory.
        let got = rewrite(&[
            "ld (t0),hl",
            "ld (t1),de",
            "ld hl,(t0)",
            "ld de,(t1)",
            "ret",
        ]);
        assert_eq!(
            got,
            ops(&["push hl", "ld (t1),de", "pop hl", "ld de,(t1)", "ret"])
        );
    }

    #[test]
    fn a_value_read_after_a_join_or_twice_stays() {
        // Read again after the label (another path may come there).
        let v = [
            "ld (t0),hl",
            "ld hl,(t0)",
            "jp z,j",
            "ld (t0),hl",
            "j:",
            "ld de,(t0)",
            "ret",
        ];
        assert_eq!(rewrite(&v), ops(&v));
        // Read twice.
        let v = ["ld (t0),hl", "ld de,(t0)", "ld bc,(t0)", "ret"];
        assert_eq!(rewrite(&v), ops(&v));
    }

    #[test]
    fn unread_byte_stores_go() {
        let got = rewrite(&["ld (t1),a", "cp 1", "jp nz,x", "ld a,(t1)", "x:", "ret"]);
        assert_eq!(
            got,
            ops(&["ld (t1),a", "cp 1", "jp nz,x", "ld a,(t1)", "x:", "ret"])
        );
        let got = rewrite(&["ld (t1),a", "cp 1", "jp nz,x", "x:", "ret"]);
        assert_eq!(got, ops(&["cp 1", "jp nz,x", "x:", "ret"]));
    }

    #[test]
    fn unread_stores_go_and_others_stay() {
        // Stored again before any read: the first store goes.
        let got = rewrite(&["ld (t0),hl", "ld (t0),de", "ld hl,(t0)", "ret"]);
        assert_eq!(got, ops(&["push de", "pop hl", "ret"]));
        // Not a scratch word: untouched.
        let v = ["ld (x),hl", "ld de,(x)", "ret"];
        assert_eq!(rewrite(&v), ops(&v));
        // A loop reads it on the next round.
        let v = ["l:", "ld de,(t0)", "ld (t0),hl", "jp nz,l", "ret"];
        assert_eq!(rewrite(&v), ops(&v));
        // A table's targets count as successors of `jp (hl)`.
        let v = [
            "ld (t0),hl",
            "jp (hl)",
            "a:",
            "ld de,(t0)",
            "ret",
            "t:",
            "dw a",
        ];
        assert_eq!(rewrite(&v), ops(&v));
    }

    #[test]
    fn the_stack_between_must_balance() {
        let v = ["ld (t0),hl", "pop bc", "ld de,(t0)", "ret"];
        assert_eq!(rewrite(&v), ops(&v));
        let v = ["ld (t0),hl", "ex (sp),hl", "ld de,(t0)", "ret"];
        assert_eq!(rewrite(&v), ops(&v));
        let got = rewrite(&["ld (t0),hl", "push hl", "pop bc", "ld de,(t0)", "ret"]);
        assert_eq!(got, ops(&["push hl", "push hl", "pop bc", "pop de", "ret"]));
    }
}
