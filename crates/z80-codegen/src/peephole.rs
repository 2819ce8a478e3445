//! The peephole pass: small rewrites over the emitted instructions, repeated until none
//! applies. Each rule looks at neighbouring instructions only (comments are transparent,
//! labels are not: something may jump there), so each is easy to check by eye:
//!
//! | before | after | why |
//! | --- | --- | --- |
//! | `ld (x),hl` / `ld hl,(x)` | `ld (x),hl` | HL still holds x |
//! | `ld (x),a` / `ld a,(x)` | `ld (x),a` | A still holds x |
//! | `push hl` / `pop hl` | — | |
//! | `push hl` / `pop de` | `ld d,h` / `ld e,l` | 8 T-states instead of 21 |
//! | `ex de,hl` / `ex de,hl` | — | |
//! | `jp l` / `l:` | `l:` | falls through |
//! | `jp cc,l1` / `jp l2` / `l1:` | `jp !cc,l2` / `l1:` | one jump fewer |
//! | `jp l1` … `l1: jp l2` | `jp l2` | jump threading |
//! | `ld l,a` / `ld h,0` / `ld a,l` | `ld l,a` / `ld h,0` | A still holds L |
//! | `ld hl,n` / `ex de,hl` / `ld hl,m` | `ld de,n` / `ld hl,m` | the old HL is not needed |
//! | `jp l` … `l: ret` | `ret` | 10 T-states less than jumping to the return |
//! | `jp cc,l` / `ret` / `l:` | `ret !cc` / `l:` | 11 T-states (5 not taken) for 20 (10) |
//! | `ld (x),de` / `ld hl,(x)` | `ld (x),de` / `ld h,d` / `ld l,e` | 8 T-states for 16 |
//!
//! and, across blocks, the loads of values HL or A already hold ([`crate::regs`]);
//! generated labels nothing jumps to any more are dropped. Last, [`inline_calls`] gives
//! the front end's routines their operands inline where its table says they have such a
//! form (`ld hl,x` / `call r` → `call r_i` / `dw x`, and fusions of neighbours).

use std::collections::{HashMap, HashSet};

use crate::gen::{ends_flow, Line};

/// Optimises the lines; `volatile` names labels whose memory may change by itself
/// (`absolute` variables), which are never assumed to stay in a register.
pub fn optimise(lines: &mut Vec<Line>, volatile: &std::collections::HashSet<String>) {
    let local = |lines: &mut Vec<Line>| {
        for _ in 0..20 {
            if !(local_rules(lines) | thread_jumps(lines) | drop_unreachable(lines)) {
                break;
            }
        }
    };
    // The cheap rules to a fixed point, the data-flow pass (which costs more), then the
    // cheap rules again on what it left.
    local(lines);
    drop_unused_labels(lines);
    local(lines);
    if crate::regs::reuse(lines, volatile) {
        local(lines);
    }
    drop_unused_labels(lines);
}

/// Removes the instructions between a jump or return that never goes on and the next
/// label: nothing reaches them (a block whose label went is left behind like this).
/// Not after a jump written relative to `$`, whose target has no label.
fn drop_unreachable(lines: &mut Vec<Line>) -> bool {
    let mut dead = false;
    let mut changed = false;
    for line in lines.iter_mut() {
        match line {
            Line::Label(_) => dead = false,
            Line::Op(s) if dead && !s.is_empty() => {
                s.clear();
                changed = true;
            }
            Line::Op(s) => dead = ends_flow(s) && !s.contains('$'),
            Line::Comment(_) | Line::Src(_) => {}
        }
    }
    lines.retain(|l| !matches!(l, Line::Op(s) if s.is_empty()));
    changed
}

/// Indices of the next `n` instruction or label lines after `i` (comments skipped).
fn next_code(lines: &[Line], i: usize, n: usize) -> Vec<usize> {
    let mut out = Vec::with_capacity(n);
    let mut j = i + 1;
    while j < lines.len() && out.len() < n {
        match &lines[j] {
            Line::Op(s) if s.is_empty() => {}
            Line::Op(_) | Line::Label(_) => out.push(j),
            _ => {}
        }
        j += 1;
    }
    out
}

/// The instruction at line `i`, if it is one.
pub(crate) fn op(lines: &[Line], i: usize) -> Option<&str> {
    match lines.get(i) {
        Some(Line::Op(s)) => Some(s.as_str()),
        _ => None,
    }
}

fn inverse(cc: &str) -> Option<&'static str> {
    Some(match cc {
        "z" => "nz",
        "nz" => "z",
        "c" => "nc",
        "nc" => "c",
        "m" => "p",
        "p" => "m",
        "pe" => "po",
        "po" => "pe",
        _ => return None,
    })
}

/// `ld hl,X` where X is an immediate (not memory).
fn is_ld_hl_imm(s: &str) -> Option<&str> {
    let x = s.strip_prefix("ld hl,")?;
    (!x.starts_with('(')).then_some(x)
}

fn local_rules(lines: &mut Vec<Line>) -> bool {
    let changed = local_rules_marking(lines);
    lines.retain(|l| !matches!(l, Line::Op(s) if s.is_empty()));
    // A rule may replace one instruction by several, written with line breaks.
    if lines
        .iter()
        .any(|l| matches!(l, Line::Op(s) if s.contains('\n')))
    {
        let old = std::mem::take(lines);
        for l in old {
            match l {
                Line::Op(s) if s.contains('\n') => {
                    lines.extend(s.split('\n').map(|o| Line::Op(o.to_string())))
                }
                l => lines.push(l),
            }
        }
    }
    changed
}

fn local_rules_marking(lines: &mut [Line]) -> bool {
    let mut changed = false;
    let mut i = 0;
    while i < lines.len() {
        let Some(a) = op(lines, i).filter(|s| !s.is_empty()).map(str::to_string) else {
            i += 1;
            continue;
        };
        let nx = next_code(lines, i, 2);
        let b = nx.first().and_then(|&j| op(lines, j)).map(str::to_string);
        let c = nx.get(1).and_then(|&j| op(lines, j)).map(str::to_string);
        let mut rewrite: Option<Vec<(usize, Option<String>)>> = None;
        if let (Some(b), Some(&jb)) = (&b, nx.first()) {
            // Store then reload of the same place.
            if let Some(x) = a.strip_prefix("ld (").and_then(|r| r.strip_suffix("),hl")) {
                if *b == format!("ld hl,({x})") {
                    rewrite = Some(vec![(jb, None)]);
                }
            }
            if let Some(x) = a.strip_prefix("ld (").and_then(|r| r.strip_suffix("),a")) {
                if *b == format!("ld a,({x})") {
                    rewrite = Some(vec![(jb, None)]);
                }
            }
            if let Some(x) = a.strip_prefix("ld (").and_then(|r| r.strip_suffix("),de")) {
                if *b == format!("ld hl,({x})") {
                    rewrite = Some(vec![(jb, Some("ld h,d\nld l,e".into()))]);
                }
            }
            // jp cc,l / ret / l:  →  ret !cc / l:
            if let (Some((cc, l)), "ret", Some(&jb)) = (
                a.strip_prefix("jp ").and_then(|r| r.split_once(',')),
                b.as_str(),
                nx.first(),
            ) {
                if let Some(inv) = inverse(cc) {
                    if jumps_to_next(lines, jb, l) && !l.contains('$') {
                        rewrite = Some(vec![(i, Some(format!("ret {inv}"))), (jb, None)]);
                    }
                }
            }
            match (a.as_str(), b.as_str()) {
                ("push hl", "pop hl") | ("push de", "pop de") | ("ex de,hl", "ex de,hl") => {
                    rewrite = Some(vec![(i, None), (jb, None)]);
                }
                ("push hl", "pop de") => {
                    rewrite = Some(vec![
                        (i, Some("ld d,h".into())),
                        (jb, Some("ld e,l".into())),
                    ]);
                }
                ("push de", "pop hl") => {
                    rewrite = Some(vec![
                        (i, Some("ld h,d".into())),
                        (jb, Some("ld l,e".into())),
                    ]);
                }
                _ => {}
            }
            if let (Some(n), "ex de,hl", Some(c)) = (is_ld_hl_imm(&a), b.as_str(), &c) {
                if c.starts_with("ld hl,") {
                    rewrite = Some(vec![(i, Some(format!("ld de,{n}"))), (jb, None)]);
                }
            }
            if let (Some(c), Some(&jc)) = (&c, nx.get(1)) {
                if a == "ld l,a" && b == "ld h,0" && c == "ld a,l" {
                    rewrite = Some(vec![(jc, None)]);
                }
            }
        }
        // A jump to the label that follows.
        if rewrite.is_none() {
            if let Some(target) = a.strip_prefix("jp ").filter(|t| !t.contains(',')) {
                if jumps_to_next(lines, i, target) {
                    rewrite = Some(vec![(i, None)]);
                }
            }
        }
        // jp cc,l1 / jp l2 / l1:  →  jp !cc,l2 / l1:
        if rewrite.is_none() {
            if let (Some((cc, l1)), Some(b), Some(&jb)) = (
                a.strip_prefix("jp ").and_then(|r| r.split_once(',')),
                &b,
                nx.first(),
            ) {
                if let (Some(inv), Some(l2)) = (
                    inverse(cc),
                    b.strip_prefix("jp ").filter(|t| !t.contains(',')),
                ) {
                    if jumps_to_next(lines, jb, l1) && !l1.contains('$') {
                        rewrite = Some(vec![(i, Some(format!("jp {inv},{l2}"))), (jb, None)]);
                    }
                }
            }
        }
        match rewrite {
            Some(edits) => {
                // Apply from the back so indices stay valid.
                let mut edits = edits;
                edits.sort_by_key(|e| std::cmp::Reverse(e.0));
                for (j, new) in edits {
                    // Deleted lines become empty and are dropped at the end (no O(n)
                    // removal in the middle of the vector).
                    lines[j] = Line::Op(new.unwrap_or_default());
                }
                changed = true;
                i += 1;
            }
            None => i += 1,
        }
    }
    changed
}

/// Whether `target` labels one of the lines right after `i` (only labels and comments in
/// between).
fn jumps_to_next(lines: &[Line], i: usize, target: &str) -> bool {
    for l in &lines[i + 1..] {
        match l {
            Line::Label(name) if name == target => return true,
            Line::Label(_) | Line::Comment(_) | Line::Src(_) => {}
            Line::Op(s) if s.is_empty() => {}
            Line::Op(_) => return false,
        }
    }
    false
}

/// Removes the generated labels (`….b?n`, `….l?n`) nothing refers to any more: a label
/// is where other paths may join, so each one left stops the rules above.
fn drop_unused_labels(lines: &mut Vec<Line>) {
    let mut used = std::collections::HashSet::new();
    for l in lines.iter() {
        if let Line::Op(s) = l {
            for w in s.split(|c: char| !(c.is_ascii_alphanumeric() || "_.?@".contains(c))) {
                if w.contains('?') {
                    used.insert(w.to_string());
                }
            }
        }
    }
    lines.retain(|l| match l {
        Line::Label(name) => !name.contains('?') || used.contains(name),
        _ => true,
    });
}

/// `jp l1` where `l1:` is followed by `jp l2`: jump to l2 directly; where it is
/// followed by `ret`, return at once.
fn thread_jumps(lines: &mut [Line]) -> bool {
    let mut after_label: HashMap<String, String> = HashMap::new();
    let mut returns: HashSet<String> = HashSet::new();
    for (i, l) in lines.iter().enumerate() {
        if let Line::Label(name) = l {
            if let Some(&j) = next_code(lines, i, 1).first() {
                if op(lines, j) == Some("ret") {
                    returns.insert(name.clone());
                }
                if let Some(t) = op(lines, j)
                    .and_then(|s| s.strip_prefix("jp "))
                    .filter(|t| !t.contains(',') && !t.contains('(') && !t.contains('$'))
                {
                    if t != name {
                        after_label.insert(name.clone(), t.to_string());
                    }
                }
            }
        }
    }
    let mut changed = false;
    for l in lines.iter_mut() {
        if let Line::Op(s) = l {
            let Some(rest) = s.strip_prefix("jp ") else {
                continue;
            };
            if returns.contains(rest) {
                *s = "ret".into();
                changed = true;
                continue;
            }
            let (cc, target) = match rest.split_once(',') {
                Some((cc, t)) => (Some(cc.to_string()), t.to_string()),
                None => (None, rest.to_string()),
            };
            // Follow a chain, but not around a loop.
            let mut t = target.clone();
            for _ in 0..8 {
                match after_label.get(&t) {
                    Some(n) if *n != target => t = n.clone(),
                    _ => break,
                }
            }
            if t != target {
                *s = match cc {
                    Some(cc) => format!("jp {cc},{t}"),
                    None => format!("jp {t}"),
                };
                changed = true;
            }
        }
    }
    changed
}

/// The last step, after [`optimise`]: calls given an inline operand and fused as the
/// front end's table says ([`crate::ir::InlineCalls`]). Only neighbouring instructions
/// are rewritten, never across a label (something may jump between them) nor across a
/// source line (the error routine finds the line from a call's return address). Then
/// the uses of a form that would not save more bytes than it costs in this program
/// (one `CALL` fewer saves 3 bytes, an operand 1) are taken apart again, into the two
/// calls it fused or the `ld hl` and call it replaced, until every form left pays.
pub fn inline_calls(lines: &mut Vec<Line>, table: &crate::ir::InlineCalls) {
    for b in &table.branch {
        inline_branch(lines, b);
    }
    if table.operand.is_empty() && table.fuse.is_empty() {
        return;
    }
    let mut out = rewrite_inline(lines, table);
    // form → (what it stands for, its saving a use, its bytes)
    let mut defs: HashMap<&str, (Vec<&str>, usize, usize)> = HashMap::new();
    for f in &table.operand {
        defs.insert(
            &f.form,
            (vec![f.replaces.as_str()], 1, usize::from(f.bytes)),
        );
    }
    for (a, f) in &table.fuse {
        defs.insert(
            &f.form,
            (
                vec![a.as_str(), f.replaces.as_str()],
                3,
                usize::from(f.bytes),
            ),
        );
    }
    let words = form_words(table);
    loop {
        let mut uses: HashMap<&str, usize> = HashMap::new();
        for i in 0..out.len() {
            if let Some(r) = op(&out, i).and_then(|s| s.strip_prefix("call ")) {
                if let Some((k, _)) = defs.get_key_value(r) {
                    *uses.entry(k).or_default() += 1;
                }
            }
        }
        let losing: HashSet<&str> = uses
            .iter()
            .filter(|(f, n)| {
                let (_, saving, bytes) = &defs[**f];
                **n * saving <= *bytes
            })
            .map(|(f, _)| *f)
            .collect();
        if losing.is_empty() {
            break;
        }
        let mut next = Vec::with_capacity(out.len());
        let mut i = 0;
        while i < out.len() {
            let form = op(&out, i)
                .and_then(|s| s.strip_prefix("call "))
                .filter(|r| losing.contains(r));
            let Some(form) = form else {
                next.push(out[i].clone());
                i += 1;
                continue;
            };
            let parts = &defs[form].0;
            let operands: Vec<&str> = (1..=words[form])
                .map(|k| op(&out, i + k).unwrap_or("").trim_start_matches("dw "))
                .collect();
            if let [plain] = parts.as_slice() {
                next.push(Line::Op(format!("ld hl,{}", operands[0])));
                next.push(Line::Op(format!("call {plain}")));
            } else {
                let mut rest = operands.iter();
                for part in parts {
                    next.push(Line::Op(format!("call {part}")));
                    for _ in 0..words.get(part).copied().unwrap_or(0) {
                        next.push(Line::Op(format!("dw {}", rest.next().unwrap_or(&"0"))));
                    }
                }
            }
            i += 1 + words[form];
        }
        out = next;
    }
    *lines = out;
}

/// One [`crate::ir::InlineBranch`]: `ld hl,x` / `call r` / `jp c,l` (or `jr c,l`)
/// becomes `call f` / `dw x` (5 bytes for 9 or 8), with `target:` put before `l:`. Left
/// as it is when the checks go to different places, when `l` is not among these lines,
/// or when the uses do not save the form's bytes.
fn inline_branch(lines: &mut Vec<Line>, b: &crate::ir::InlineBranch) {
    let call = format!("call {}", b.form.replaces);
    let mut sites = Vec::new();
    let mut goes_to: Option<String> = None;
    let mut saving = 0;
    for i in 0..lines.len().saturating_sub(2) {
        let (Some(x), Some(c), Some(j)) = (
            op(lines, i).and_then(is_ld_hl_imm),
            op(lines, i + 1),
            op(lines, i + 2),
        ) else {
            continue;
        };
        let Some(l) = j.strip_prefix("jp c,").or_else(|| j.strip_prefix("jr c,")) else {
            continue;
        };
        if c != call {
            continue;
        }
        if goes_to.get_or_insert_with(|| l.to_string()) != l {
            return;
        }
        saving += if j.starts_with("jp") { 4 } else { 3 };
        sites.push((i, x.to_string()));
    }
    let Some(l) = goes_to else { return };
    let here = |line: &Line| matches!(line, Line::Label(n) if *n == l);
    if saving <= usize::from(b.form.bytes) || !lines.iter().any(here) {
        return;
    }
    // One pass: each site becomes the form and its word, the target label goes
    // before `l:`.
    let mut out = Vec::with_capacity(lines.len() + 1);
    let mut sites = sites.into_iter().peekable();
    let mut i = 0;
    while i < lines.len() {
        if let Some((_, x)) = sites.next_if(|(at, _)| *at == i) {
            out.push(Line::Op(format!("call {}", b.form.form)));
            out.push(Line::Op(format!("dw {x}")));
            i += 3;
            continue;
        }
        if here(&lines[i]) {
            out.push(Line::Label(b.target.clone()));
        }
        out.push(lines[i].clone());
        i += 1;
    }
    *lines = out;
}

/// How many words follow a call of each inline form.
fn form_words(table: &crate::ir::InlineCalls) -> HashMap<&str, usize> {
    let mut words: HashMap<&str, usize> =
        table.operand.iter().map(|f| (f.form.as_str(), 1)).collect();
    for (a, f) in &table.fuse {
        let n = words.get(a.as_str()).copied().unwrap_or(0)
            + words.get(f.replaces.as_str()).copied().unwrap_or(0);
        words.insert(f.form.as_str(), n);
    }
    words
}

fn rewrite_inline(lines: &[Line], table: &crate::ir::InlineCalls) -> Vec<Line> {
    let operand: HashMap<&str, &str> = table
        .operand
        .iter()
        .map(|f| (f.replaces.as_str(), f.form.as_str()))
        .collect();
    let words = form_words(table);
    let mut out: Vec<Line> = Vec::with_capacity(lines.len());
    for line in lines {
        out.push(line.clone());
        // `ld hl,x` / `call r` → `call r_i` / `dw x`.
        let n = out.len();
        if n >= 2 {
            if let (Line::Op(a), Line::Op(b)) = (&out[n - 2], &out[n - 1]) {
                if let (Some(x), Some(i)) = (
                    is_ld_hl_imm(a),
                    b.strip_prefix("call ").and_then(|r| operand.get(r)),
                ) {
                    let (call, dw) = (format!("call {i}"), format!("dw {x}"));
                    out.truncate(n - 2);
                    out.push(Line::Op(call));
                    out.push(Line::Op(dw));
                }
            }
        }
        // Fusions, as long as one applies to the tail.
        while let Some((start, call, ws)) = fuse_tail(&out, table, &words) {
            out.truncate(start);
            out.push(Line::Op(call));
            out.extend(ws.into_iter().map(Line::Op));
        }
    }
    out
}

/// If the instructions at the end of `out` are `call a` + its words + `call b` + its
/// words with a fusion (a, b) in the table, where to cut, the fused call and the words.
fn fuse_tail(
    out: &[Line],
    table: &crate::ir::InlineCalls,
    words: &HashMap<&str, usize>,
) -> Option<(usize, String, Vec<String>)> {
    let op_at = |i: usize| op(out, i);
    let dw_at = |i: usize| op_at(i).and_then(|s| s.strip_prefix("dw "));
    for (a, f) in &table.fuse {
        let b = &f.replaces;
        let (na, nb) = (
            words.get(a.as_str()).copied().unwrap_or(0),
            words.get(b.as_str()).copied().unwrap_or(0),
        );
        let len = 2 + na + nb;
        if out.len() < len {
            continue;
        }
        let start = out.len() - len;
        if op_at(start).and_then(|s| s.strip_prefix("call ")) != Some(a.as_str())
            || op_at(start + 1 + na).and_then(|s| s.strip_prefix("call ")) != Some(b.as_str())
        {
            continue;
        }
        let ws: Option<Vec<String>> = (start + 1..start + 1 + na)
            .chain(start + 2 + na..out.len())
            .map(|i| dw_at(i).map(|x| format!("dw {x}")))
            .collect();
        if let Some(ws) = ws {
            return Some((start, format!("call {}", f.form), ws));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::gen::lines_of as ops;

    #[test]
    fn reload_after_store_goes() {
        let mut l = ops(&["ld (x),hl", "ld hl,(x)", "inc hl"]);
        optimise(&mut l, &Default::default());
        assert_eq!(l, ops(&["ld (x),hl", "inc hl"]));
        // Not across a label: another path may arrive there with another HL.
        let mut l = ops(&["ld (x),hl", "a:", "ld hl,(x)"]);
        optimise(&mut l, &Default::default());
        assert_eq!(l, ops(&["ld (x),hl", "a:", "ld hl,(x)"]));
    }

    #[test]
    fn branches_are_tidied() {
        let mut l = ops(&["jp z,t", "jp f", "t:", "ld a,1", "f:", "jp g", "g:", "ret"]);
        optimise(&mut l, &Default::default());
        assert_eq!(l, ops(&["jp nz,f", "t:", "ld a,1", "f:", "g:", "ret"]));
    }

    #[test]
    fn jumps_to_returns_return() {
        // `call f` / `ret` stays: f may take arguments pushed under its return address.
        let mut l = ops(&["call f", "ret", "x:", "jp r", "ld a,1", "r:", "ret"]);
        optimise(&mut l, &Default::default());
        assert_eq!(l, ops(&["call f", "ret", "x:", "ret", "r:", "ret"]));
        // A conditional jump stays a jump.
        let mut l = ops(&["jp z,r", "ld a,1", "r:", "ret"]);
        optimise(&mut l, &Default::default());
        assert_eq!(l, ops(&["jp z,r", "ld a,1", "r:", "ret"]));
    }

    #[test]
    fn conditional_returns_and_reloads_from_de() {
        let mut l = ops(&[
            "or a",
            "jp z,go",
            "ret",
            "go:",
            "ld (x),de",
            "ld hl,(x)",
            "ret",
        ]);
        optimise(&mut l, &Default::default());
        assert_eq!(
            l,
            ops(&[
                "or a",
                "ret nz",
                "go:",
                "ld (x),de",
                "ld h,d",
                "ld l,e",
                "ret"
            ])
        );
        // Only over a return to the label that follows.
        let mut l = ops(&["jp z,go", "ret", "m:", "ld a,1", "go:", "ret"]);
        optimise(&mut l, &Default::default());
        assert_eq!(l, ops(&["jp z,go", "ret", "m:", "ld a,1", "go:", "ret"]));
    }

    #[test]
    fn code_after_a_jump_up_to_a_label_goes() {
        let mut l = ops(&[
            "jp a", "jp b", "ld a,1", "c:", "ret", "jp d", "e:", "jp (hl)",
        ]);
        optimise(&mut l, &Default::default());
        assert_eq!(l, ops(&["jp a", "c:", "ret", "e:", "jp (hl)"]));
        // A relative jump's target has no label: kept.
        let mut l = ops(&["jr $+3", "inc a", "ret"]);
        optimise(&mut l, &Default::default());
        assert_eq!(l, ops(&["jr $+3", "inc a", "ret"]));
    }

    #[test]
    fn push_pop_pairs() {
        let mut l = ops(&["push hl", "pop de", "push hl", "pop hl", "ret"]);
        optimise(&mut l, &Default::default());
        assert_eq!(l, ops(&["ld d,h", "ld e,l", "ret"]));
    }

    fn table() -> crate::ir::InlineCalls {
        let form = |r: &str, f: &str, bytes| crate::ir::InlineForm {
            replaces: r.into(),
            form: f.into(),
            bytes,
        };
        crate::ir::InlineCalls {
            operand: vec![form("load", "load_i", 6), form("arg", "arg_i", 6)],
            fuse: vec![
                ("arg_i".into(), form("add", "add_i", 9)),
                ("load_i".into(), form("arg_i", "both_i", 12)),
            ],
            branch: vec![crate::ir::InlineBranch {
                form: form("check", "check_i", 10),
                target: "dispatch".into(),
            }],
        }
    }

    #[test]
    fn checks_that_branch_to_one_place_make_their_jump_themselves() {
        let one = ["ld hl,3", "call check", "jp c,d", "inc a"];
        let mut v = one.repeat(3);
        v.extend(["d:", "ret"]);
        let mut l = ops(&v);
        inline_calls(&mut l, &table());
        let mut want = ["call check_i", "dw 3", "inc a"].repeat(3);
        want.extend(["dispatch:", "d:", "ret"]);
        assert_eq!(l, ops(&want));
        // Two uses save 8 bytes, not more than the form's 10: left alone.
        let mut v = one.repeat(2);
        v.extend(["d:", "ret"]);
        let mut l = ops(&v);
        inline_calls(&mut l, &table());
        assert_eq!(l, ops(&v));
        // Two places, or a place that is not here: left alone.
        let mut v = one.repeat(3);
        v.extend(["ld hl,3", "call check", "jp c,e", "d:", "e:", "ret"]);
        let mut l = ops(&v);
        inline_calls(&mut l, &table());
        assert_eq!(l, ops(&v));
        let v = one.repeat(3);
        let mut l = ops(&v);
        inline_calls(&mut l, &table());
        assert_eq!(l, ops(&v));
    }

    /// `a + b + c` as the front end leaves it: loads and an addition.
    const A_PLUS: [&str; 7] = [
        "ld hl,a",
        "call load",
        "ld hl,b",
        "call arg",
        "ld hl,c",
        "call arg",
        "call add",
    ];

    #[test]
    fn inline_forms_replace_and_fuse_calls_that_pay() {
        // Ten uses: every form pays for itself.
        let one = A_PLUS;
        let mut l = ops(&one.repeat(10));
        inline_calls(&mut l, &table());
        let want = ["call both_i", "dw a", "dw b", "call add_i", "dw c"];
        assert_eq!(l, ops(&want.repeat(10)));
    }

    #[test]
    fn inline_forms_that_do_not_pay_are_taken_apart() {
        // One use of each: no form saves its own bytes, so the code stays as it was.
        let one = A_PLUS;
        let mut l = ops(&one);
        inline_calls(&mut l, &table());
        assert_eq!(l, ops(&one));
        // Four uses of add_i pay (12 > 9), the one use of both_i does not: it is taken
        // apart into load_i and arg_i, which then pay or not by their own uses.
        let mut v = vec!["ld hl,a", "call load", "ld hl,b", "call arg"];
        for _ in 0..4 {
            v.extend(["ld hl,c", "call arg", "call add"]);
        }
        let mut l = ops(&v);
        inline_calls(&mut l, &table());
        let mut want = vec!["ld hl,a", "call load", "ld hl,b", "call arg"];
        for _ in 0..4 {
            want.extend(["call add_i", "dw c"]);
        }
        assert_eq!(l, ops(&want));
    }

    #[test]
    fn inline_forms_never_span_a_label_or_a_source_line() {
        let mut v: Vec<Line> = Vec::new();
        for _ in 0..10 {
            v.extend(ops(&["ld hl,a", "here:", "call load"]));
            v.extend(ops(&["ld hl,b", "call arg"]));
            v.push(Line::Src(crate::ir::SrcLoc { file: 0, line: 1 }));
            v.extend(ops(&["call add"]));
        }
        let mut l = v.clone();
        inline_calls(&mut l, &table());
        let mut want: Vec<Line> = Vec::new();
        for _ in 0..10 {
            want.extend(ops(&[
                "ld hl,a",
                "here:",
                "call load",
                "call arg_i",
                "dw b",
            ]));
            want.push(Line::Src(crate::ir::SrcLoc { file: 0, line: 1 }));
            want.extend(ops(&["call add"]));
        }
        assert_eq!(l, want);
    }
}
