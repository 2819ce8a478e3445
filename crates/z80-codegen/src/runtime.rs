//! The runtime library: Z80 assembly sources shipped inside the crate
//! (`runtime/*.asm`), split into routines so that only what a program uses is linked.
//!
//! A source file holds several routines; each routine starts at a line `rt_name:` in
//! column 1 and runs to the next such line. Local labels (`.loop`) belong to it. A routine
//! is linked when the program (or another linked routine) names it. RAM a routine needs is
//! declared on its own line as `;@var rt_name size`, and allocated with the program's
//! variables (so it works from ROM too).
//!
//! The math pack's routines (`bcd_name:`, BASIC's `bcd.asm`) are split the same way,
//! outside conditional assembly only; one whose last instruction runs on into the
//! next routine (no jump, return or data ends it) links that one too, and one that
//! defines constants (`EQU`) is linked with its file's first routine.

use std::collections::{BTreeMap, BTreeSet};

const FILES: &[(&str, &str)] = &[
    ("arith.asm", include_str!("../runtime/arith.asm")),
    ("mem.asm", include_str!("../runtime/mem.asm")),
    ("console.asm", include_str!("../runtime/console.asm")),
    ("strings.asm", include_str!("../runtime/strings.asm")),
    ("system.asm", include_str!("../runtime/system.asm")),
    ("sets.asm", include_str!("../runtime/sets.asm")),
    ("files.asm", include_str!("../runtime/files.asm")),
    ("graphics.asm", include_str!("../runtime/graphics.asm")),
    ("mapper.asm", include_str!("../runtime/mapper.asm")),
    ("real.asm", include_str!("../runtime/real.asm")),
];

/// One routine of the library.
#[derive(Clone, Debug)]
struct Routine {
    file: String,
    text: String,
    /// `rt_` names it uses (labels of other routines and variables).
    refs: BTreeSet<String>,
}

/// The routines and variables a program needs.
#[derive(Debug, Default)]
pub struct Linked {
    /// Assembly text of the routines, in library order.
    pub text: String,
    /// Runtime variables: (name, size).
    pub vars: Vec<(String, u16)>,
    /// Names of the linked routines.
    pub routines: Vec<String>,
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Prefixes of the names that start routines.
const PREFIXES: [&str; 2] = ["rt_", "bcd_"];

/// Every `rt_…` and `bcd_…` identifier in a text (outside comments).
pub fn references(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let code = line.split(';').next().unwrap_or("");
        for prefix in PREFIXES {
            names_after(code, prefix, &mut out);
        }
    }
    out
}

/// The identifiers of `code` that begin with `prefix`, into `out`.
fn names_after(code: &str, prefix: &str, out: &mut BTreeSet<String>) {
    {
        let mut rest = code;
        while let Some(i) = rest.find(prefix) {
            let before_ok = rest[..i]
                .chars()
                .next_back()
                .is_none_or(|c| !is_name_char(c) && c != '.');
            let tail = &rest[i..];
            let end = tail.find(|c: char| !is_name_char(c)).unwrap_or(tail.len());
            if before_ok {
                out.insert(tail[..end].to_string());
            }
            rest = &tail[end..];
        }
    }
}

/// The instruction of a line, lower case, without its label and comment.
fn instruction(line: &str) -> String {
    let code = line.split(';').next().unwrap_or("");
    let code = match code.split_once(':') {
        Some((label, rest))
            if !label.starts_with([' ', '\t'])
                && label.chars().all(|c| is_name_char(c) || c == '.') =>
        {
            rest
        }
        _ => code,
    };
    code.trim().to_ascii_lowercase()
}

/// Whether control can run off the end of a routine's text into the next routine:
/// its last instruction (constants aside) is not an unconditional jump, a return or
/// data (yes when that cannot be told, after an `ENDIF`).
fn runs_on(text: &str) -> bool {
    let Some(last) = text
        .lines()
        .filter(|l| !defines_constant(l))
        .map(instruction)
        .rfind(|t| !t.is_empty())
    else {
        return true;
    };
    let word = last.split_whitespace().next().unwrap_or("");
    let data = matches!(word, "db" | "dw" | "ds" | "defb" | "defw" | "defs" | "defm");
    !(crate::gen::ends_flow(&last) || data)
}

/// The name a line defines as a constant (`NAME EQU value`), if it does.
pub fn constant_name(line: &str) -> Option<&str> {
    let mut words = line.split_whitespace();
    match (words.next(), words.next()) {
        (Some(name), Some(e))
            if !line.starts_with([' ', '\t']) && e.eq_ignore_ascii_case("equ") =>
        {
            Some(name)
        }
        _ => None,
    }
}

fn defines_constant(line: &str) -> bool {
    constant_name(line).is_some()
}

/// The label a line starts with (`name:` in column 1), if any.
pub fn label_of(line: &str) -> Option<&str> {
    line.split_once(':')
        .map(|(n, _)| n)
        .filter(|n| !n.is_empty() && n.chars().all(is_name_char))
}

struct Library {
    routines: BTreeMap<String, Routine>,
    /// Variable name → (size, the routine that declared it).
    vars: BTreeMap<String, u16>,
    /// Routine names in library order.
    order: Vec<String>,
}

/// Extra runtime files a front end links in addition to the shared library (MSX-BASIC's
/// math pack and BASIC runtime): `(file name, assembly text)`, in the same format.
pub type ExtraFiles<'a> = &'a [(&'a str, &'a str)];

fn library(extra: ExtraFiles) -> Library {
    let mut lib = Library {
        routines: BTreeMap::new(),
        vars: BTreeMap::new(),
        order: Vec::new(),
    };
    for (file, src) in FILES.iter().chain(extra.iter()) {
        let first = lib.order.len();
        let mut current: Option<(String, String)> = None;
        let finish = |cur: Option<(String, String)>, lib: &mut Library| {
            if let Some((name, text)) = cur {
                let mut refs = references(&text);
                refs.remove(&name);
                lib.order.push(name.clone());
                lib.routines.insert(
                    name,
                    Routine {
                        file: file.to_string(),
                        text,
                        refs,
                    },
                );
            }
        };
        // Depth of conditional assembly: a math-pack routine starts only outside it.
        let mut depth = 0usize;
        for line in src.lines() {
            if let Some(v) = line.strip_prefix(";@var ") {
                let mut parts = v.split_whitespace();
                if let (Some(n), Some(s)) = (parts.next(), parts.next()) {
                    lib.vars.insert(n.to_string(), s.parse().unwrap_or(0));
                }
                continue;
            }
            let label = label_of(line);
            let starts_routine = match label {
                Some(n) if n.starts_with("rt_") => true,
                Some(n) if n.starts_with("bcd_") => depth == 0,
                _ => false,
            };
            if starts_routine {
                let name = label.unwrap_or("").to_string();
                let previous = current.take();
                if let Some((prev, text)) = &previous {
                    if name.starts_with("bcd_") && runs_on(text) {
                        // Linked with the routine that runs on into it.
                        let prev = prev.clone();
                        finish(previous, &mut lib);
                        if let Some(r) = lib.routines.get_mut(&prev) {
                            r.refs.insert(name.clone());
                        }
                    } else {
                        finish(previous, &mut lib);
                    }
                }
                current = Some((name, String::new()));
            }
            match instruction(line).split_whitespace().next() {
                Some("if") => depth += 1,
                Some("endif") => depth = depth.saturating_sub(1),
                _ => {}
            }
            if let Some((_, text)) = current.as_mut() {
                text.push_str(line);
                text.push('\n');
            }
        }
        finish(current.take(), &mut lib);
        // A math-pack routine that defines constants comes with the file's first.
        let names = &lib.order[first..];
        let with_constants: Vec<String> = names
            .iter()
            .skip(1)
            .filter(|n| n.starts_with("bcd_"))
            .filter(|n| lib.routines[*n].text.lines().any(defines_constant))
            .cloned()
            .collect();
        if let Some(head) = names.first().cloned() {
            if let Some(r) = lib.routines.get_mut(&head) {
                r.refs.extend(with_constants);
            }
        }
    }
    lib
}

/// The routines (and their variables) reachable from the names used in `code`.
pub fn link(code: &str) -> Linked {
    link_with(code, &[])
}

/// [`link`] with extra runtime files searched after the shared library's.
pub fn link_with(code: &str, extra: ExtraFiles) -> Linked {
    let lib = library(extra);
    let mut need: BTreeSet<String> = BTreeSet::new();
    let mut work: Vec<String> = references(code).into_iter().collect();
    while let Some(n) = work.pop() {
        if !need.insert(n.clone()) {
            continue;
        }
        if let Some(r) = lib.routines.get(&n) {
            work.extend(r.refs.iter().cloned());
        }
    }
    let mut linked = Linked::default();
    let mut last_file = String::new();
    for name in &lib.order {
        if need.contains(name) {
            let r = &lib.routines[name];
            if r.file != last_file {
                linked
                    .text
                    .push_str(&format!("\n; ---- runtime: {}\n", r.file));
                last_file = r.file.clone();
            }
            linked.text.push_str(&r.text);
            linked.routines.push(name.clone());
        }
    }
    for (name, size) in &lib.vars {
        if need.contains(name) {
            linked.vars.push((name.clone(), *size));
        }
    }
    linked
}

/// Every routine name in the library (for documentation and tests).
pub fn routine_names() -> Vec<String> {
    library(&[]).order
}

/// Every variable (`;@var`) name in the library.
pub fn var_names() -> Vec<String> {
    library(&[]).vars.into_keys().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_is_used_is_linked() {
        let l = link(" call rt_wint\n");
        assert!(l.routines.contains(&"rt_wint".to_string()));
        assert!(l.routines.contains(&"rt_itoa".to_string()));
        assert!(l.routines.contains(&"rt_chput".to_string()));
        assert!(!l.routines.contains(&"rt_mul16".to_string()));
        assert!(l.vars.iter().any(|(n, _)| n == "rt_numbuf"));
    }

    #[test]
    fn math_pack_routines_are_linked_one_by_one() {
        let pack = concat!(
            "rt_pack:\n        jp bcd_a\n",
            "bcd_a:\n        ld a,1\n", // runs on into bcd_b
            "bcd_b:\n        ret\n",
            "bcd_c:\n        jp bcd_g\n", // used by nobody
            "bcd_d:\n        ret\n",
            "K       EQU 5\n",          // a constant: bcd_d comes
            "bcd_e:\n        db 1,2\n", // used by nobody
            "        IF DEFINED X\n",
            "bcd_f:\n        ret\n", // inside IF: part of bcd_e
            "        ENDIF\n",
            "bcd_g:\n        ret\n", // after ENDIF: bcd_e may run on
        );
        let l = link_with(" call rt_pack\n", &[("pack.asm", pack)]);
        let names: Vec<&str> = l.routines.iter().map(String::as_str).collect();
        assert_eq!(names, ["rt_pack", "bcd_a", "bcd_b", "bcd_d"]);
        let l = link_with(" call rt_pack\n call bcd_e\n", &[("pack.asm", pack)]);
        let names: Vec<&str> = l.routines.iter().map(String::as_str).collect();
        assert_eq!(
            names,
            ["rt_pack", "bcd_a", "bcd_b", "bcd_d", "bcd_e", "bcd_g"]
        );
        assert!(l.text.contains("bcd_f:") && !l.text.contains("bcd_c:"));
    }

    #[test]
    fn references_skip_comments_and_local_labels() {
        let r = references(" call rt_a ; rt_b\n jr foo.rt_c\nx_rt_d: jp rt_e\n");
        assert_eq!(
            r.into_iter().collect::<Vec<_>>(),
            vec!["rt_a".to_string(), "rt_e".to_string()]
        );
    }
}
