//! Keeping values in registers across statements and blocks: a forward data-flow pass
//! over the emitted instructions that knows, at each point, whether HL holds the word of
//! a static variable (or a constant) and whether A holds a byte of one, and deletes the
//! loads (and stores) that would not change anything.
//!
//! Facts come from `ld hl,(x)`, `ld (x),hl`, `ld hl,n`, `ld a,(x)`, `ld (x),a`, `ld a,n`;
//! any instruction that may write the register forgets its fact, any write to memory
//! forgets the facts about memory, a call forgets everything. At a label the facts are
//! those every way in agrees on (the jumps to it and the fall-through); a label whose
//! address is taken (`dw`, `ld de,label`, a routine's entry) knows nothing. The
//! iteration starts from "nothing known" and only adds facts that every path justifies,
//! so every fact it uses holds.

use std::collections::{HashMap, HashSet};

use crate::gen::{branch_target, ends_flow, Line};

#[derive(Clone, Debug, PartialEq, Eq, Default)]
struct Facts {
    hl: Option<Val>,
    a: Option<Val>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Val {
    /// The register equals the memory at this address (a word for HL, a byte for A).
    Mem(String),
    Imm(String),
}

impl Facts {
    fn meet(&self, other: &Facts) -> Facts {
        Facts {
            hl: if self.hl == other.hl {
                self.hl.clone()
            } else {
                None
            },
            a: if self.a == other.a {
                self.a.clone()
            } else {
                None
            },
        }
    }

    fn forget_memory(&mut self) {
        if matches!(self.hl, Some(Val::Mem(_))) {
            self.hl = None;
        }
        if matches!(self.a, Some(Val::Mem(_))) {
            self.a = None;
        }
    }
}

/// Splits `op a,b` into (mnemonic, operands).
fn parts(s: &str) -> (&str, Vec<&str>) {
    match s.split_once(' ') {
        Some((m, rest)) => (m, rest.split(',').collect()),
        None => (s, Vec::new()),
    }
}

fn is_jump(m: &str) -> bool {
    matches!(m, "jp" | "jr" | "djnz")
}

const BLOCK_OPS: &[&str] = &[
    "ldir", "lddr", "ldi", "ldd", "cpir", "cpdr", "cpi", "cpd", "ini", "inir", "ind", "indr",
    "outi", "otir", "outd", "otdr",
];

/// A fact "the register equals the memory at `addr`", unless that memory is volatile: a
/// numeric address, a register-indirect one, or an absolute variable.
fn mem(addr: &str, volatile: &HashSet<String>) -> Option<Val> {
    let indirect = matches!(addr, "hl" | "de" | "bc" | "sp")
        || addr.starts_with("ix")
        || addr.starts_with("iy");
    let numeric = addr.starts_with(|c: char| c.is_ascii_digit());
    let root = addr.split(['+', '-']).next().unwrap_or(addr);
    (!indirect && !numeric && !volatile.contains(root)).then(|| Val::Mem(addr.to_string()))
}

fn is_reg8(x: &str) -> bool {
    matches!(
        x,
        "a" | "b" | "c" | "d" | "e" | "h" | "l" | "i" | "r" | "ixh" | "ixl" | "iyh" | "iyl"
    )
}

/// What A holds after `ld a,x`.
fn a_source(x: &str, volatile: &HashSet<String>) -> Option<Val> {
    match x.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        Some(addr) => mem(addr, volatile),
        None if is_reg8(x) => None,
        None => Some(Val::Imm(x.to_string())),
    }
}

/// Applies one instruction to the facts.
fn transfer(f: &mut Facts, s: &str, volatile: &HashSet<String>) {
    let (m, ops) = parts(s);
    let dst = ops.first().copied().unwrap_or("");
    match (m, ops.as_slice()) {
        ("ld", ["hl", x]) => {
            f.hl = match x.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
                Some(addr) => mem(addr, volatile),
                None => Some(Val::Imm(x.to_string())),
            };
            return;
        }
        ("ld", ["a", x]) => {
            f.a = a_source(x, volatile);
            return;
        }
        ("ld", [d, "hl"]) if d.starts_with('(') && !d.contains("ix") && !d.contains("iy") => {
            f.forget_memory();
            f.hl = mem(&d[1..d.len() - 1], volatile);
            return;
        }
        ("ld", [d, "a"]) if d.starts_with('(') => {
            f.forget_memory();
            f.a = mem(&d[1..d.len() - 1], volatile);
            return;
        }
        ("xor", ["a"]) => {
            f.a = Some(Val::Imm("0".into()));
            return;
        }
        _ => {}
    }
    if matches!(m, "call" | "rst" | "db" | "dw" | "ds" | "exx" | "halt") || BLOCK_OPS.contains(&m) {
        *f = Facts::default();
        return;
    }
    // Writes to memory.
    let writes_mem = match m {
        "ld" => dst.starts_with('('),
        "inc" | "dec" | "rl" | "rr" | "rlc" | "rrc" | "sla" | "sra" | "srl" | "sll" | "res"
        | "set" | "rld" | "rrd" => {
            ops.iter().any(|o| o.starts_with('(')) || m == "rld" || m == "rrd"
        }
        "ex" => dst == "(sp)",
        _ => false,
    };
    if writes_mem {
        f.forget_memory();
    }
    // Writes to HL.
    let target = match m {
        "res" | "set" => ops.get(1).copied().unwrap_or(""),
        _ => dst,
    };
    let hl_written = match m {
        "ld" | "pop" | "inc" | "dec" | "add" | "adc" | "sbc" | "rl" | "rr" | "rlc" | "rrc"
        | "sla" | "sra" | "srl" | "sll" | "res" | "set" | "in" => {
            matches!(target, "hl" | "h" | "l")
        }
        "ex" => ops.contains(&"hl"),
        _ => false,
    };
    if hl_written {
        f.hl = None;
    }
    let a_written = match m {
        "ld" | "inc" | "dec" | "in" | "rl" | "rr" | "rlc" | "rrc" | "sla" | "sra" | "srl"
        | "sll" | "res" | "set" => target == "a",
        "add" | "adc" | "sbc" => dst == "a",
        "sub" | "and" | "or" | "xor" | "neg" | "cpl" | "daa" | "rla" | "rra" | "rlca" | "rrca"
        | "rld" | "rrd" => true,
        "pop" => dst == "af",
        "ex" => dst == "af",
        _ => false,
    };
    if a_written {
        f.a = None;
    }
}

/// Labels used other than as jump targets (tables, addresses, routine entries).
fn address_taken(lines: &[Line]) -> HashSet<String> {
    let mut out = HashSet::new();
    for l in lines {
        if let Line::Op(s) = l {
            let (m, ops) = parts(s);
            if is_jump(m) {
                continue;
            }
            for o in ops {
                for w in o.split(|c: char| !(c.is_ascii_alphanumeric() || "_.?@".contains(c))) {
                    if !w.is_empty() {
                        out.insert(w.to_string());
                    }
                }
            }
        }
    }
    out
}

/// One pass over the lines; with `apply`, deletes what the facts make redundant.
fn pass(
    lines: &mut [Line],
    at_label: &HashMap<String, Facts>,
    taken: &HashSet<String>,
    volatile: &HashSet<String>,
    apply: bool,
) -> (HashMap<String, Vec<Facts>>, bool) {
    let mut incoming: HashMap<String, Vec<Facts>> = HashMap::new();
    let mut f = Facts::default();
    let mut reachable_fallthrough = true;
    let mut changed = false;
    let mut i = 0;
    while i < lines.len() {
        match &lines[i] {
            Line::Label(name) => {
                let entry = if taken.contains(name) || !name.contains('.') {
                    Facts::default()
                } else {
                    let known = at_label.get(name).cloned().unwrap_or_default();
                    if reachable_fallthrough {
                        known.meet(&f)
                    } else {
                        known
                    }
                };
                if reachable_fallthrough {
                    incoming.entry(name.clone()).or_default().push(f.clone());
                }
                f = entry;
                reachable_fallthrough = true;
            }
            Line::Op(s) if s.is_empty() => {}
            Line::Op(s) => {
                let s = s.clone();
                let (m, ops) = parts(&s);
                let redundant = match (m, ops.as_slice()) {
                    ("ld", ["hl", x]) => {
                        let v = match x.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
                            Some(a) => mem(a, volatile),
                            None => Some(Val::Imm(x.to_string())),
                        };
                        v.is_some() && f.hl == v
                    }
                    ("ld", [d, "hl"]) if d.starts_with('(') => {
                        let v = mem(&d[1..d.len() - 1], volatile);
                        v.is_some() && f.hl == v
                    }
                    ("ld", ["a", x]) => {
                        let v = a_source(x, volatile);
                        v.is_some() && f.a == v
                    }
                    _ => false,
                };
                if apply && redundant {
                    // Emptied now, dropped after the pass.
                    lines[i] = Line::Op(String::new());
                    changed = true;
                    i += 1;
                    continue;
                }
                if let Some(t) = branch_target(&s) {
                    incoming.entry(t.to_string()).or_default().push(f.clone());
                }
                transfer(&mut f, &s, volatile);
                if ends_flow(&s) {
                    reachable_fallthrough = false;
                }
            }
            Line::Comment(_) | Line::Src(_) => {}
        }
        i += 1;
    }
    (incoming, changed)
}

/// Deletes loads of values already in HL or A; `volatile` names labels whose memory
/// may change on its own. Returns whether anything changed.
pub fn reuse(lines: &mut Vec<Line>, volatile: &HashSet<String>) -> bool {
    let taken = address_taken(lines);
    let mut at_label: HashMap<String, Facts> = HashMap::new();
    for _ in 0..6 {
        let (incoming, _) = pass(lines, &at_label, &taken, volatile, false);
        let next: HashMap<String, Facts> = incoming
            .into_iter()
            .map(|(l, fs)| {
                let mut it = fs.into_iter();
                let first = it.next().unwrap_or_default();
                (l, it.fold(first, |a, b| a.meet(&b)))
            })
            .collect();
        if next == at_label {
            break;
        }
        at_label = next;
    }
    let changed = pass(lines, &at_label, &taken, volatile, true).1;
    lines.retain(|l| !matches!(l, Line::Op(s) if s.is_empty()));
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::gen::lines_of as ops;

    #[test]
    fn a_loop_keeps_its_variable_in_hl() {
        let mut l = ops(&[
            "ld (f.k),hl",
            "f.b?1:",
            "ld hl,(f.k)",
            "inc hl",
            "ld (f.k),hl",
            "jp f.b?1",
        ]);
        assert!(reuse(&mut l, &HashSet::new()));
        assert_eq!(
            l,
            ops(&["ld (f.k),hl", "f.b?1:", "inc hl", "ld (f.k),hl", "jp f.b?1"])
        );
    }

    #[test]
    fn paths_that_disagree_keep_the_load() {
        let mut l = ops(&["jp z,f.b?2", "ld hl,(f.x)", "f.b?2:", "ld hl,(f.x)", "ret"]);
        assert!(!reuse(&mut l, &HashSet::new()));
        // A call or a write through a pointer forgets memory facts.
        let mut l = ops(&[
            "ld hl,(f.x)",
            "call rt_a",
            "ld hl,(f.x)",
            "ld (de),a",
            "ld hl,(f.x)",
        ]);
        assert!(!reuse(&mut l, &HashSet::new()));
        let mut l = ops(&["ld hl,(f.x)", "ld (hl),0", "ld hl,(f.x)"]);
        assert!(!reuse(&mut l, &HashSet::new()));
        // Absolute variables and numeric addresses may change by themselves (JIFFY).
        let vol: HashSet<String> = ["jiffy".to_string()].into();
        let mut l = ops(&["ld a,(jiffy)", "f.b?1:", "ld a,(jiffy)", "jp f.b?1"]);
        assert!(!reuse(&mut l, &vol));
        let mut l = ops(&["ld hl,(64670)", "ld hl,(64670)"]);
        assert!(!reuse(&mut l, &vol));
        // Routine entries know nothing.
        let mut l = ops(&["ld hl,(f.x)", "g:", "ld hl,(f.x)"]);
        assert!(!reuse(&mut l, &HashSet::new()));
    }
}
