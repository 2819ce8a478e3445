//! The runtime library: Z80 assembly sources shipped inside the crate
//! (`runtime/*.asm`), split into routines so that only what a program uses is linked.
//!
//! A source file holds several routines; each routine starts at a line `rt_name:` in
//! column 1 and runs to the next such line. Local labels (`.loop`) belong to it. A routine
//! is linked when the program (or another linked routine) names it. RAM a routine needs is
//! declared on its own line as `;@var rt_name size`, and allocated with the program's
//! variables (so it works from ROM too).

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

/// Every `rt_…` identifier in a text (outside comments).
pub fn references(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let code = line.split(';').next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("rt_") {
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
    out
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
        for line in src.lines() {
            if let Some(v) = line.strip_prefix(";@var ") {
                let mut parts = v.split_whitespace();
                if let (Some(n), Some(s)) = (parts.next(), parts.next()) {
                    lib.vars.insert(n.to_string(), s.parse().unwrap_or(0));
                }
                continue;
            }
            let starts_routine = line.starts_with("rt_")
                && line
                    .split(':')
                    .next()
                    .is_some_and(|n| n.chars().all(is_name_char))
                && line.contains(':');
            if starts_routine {
                let name = line.split(':').next().unwrap_or("").to_string();
                finish(current.take(), &mut lib);
                current = Some((name, String::new()));
            }
            if let Some((_, text)) = current.as_mut() {
                text.push_str(line);
                text.push('\n');
            }
        }
        finish(current.take(), &mut lib);
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
    fn references_skip_comments_and_local_labels() {
        let r = references(" call rt_a ; rt_b\n jr foo.rt_c\nx_rt_d: jp rt_e\n");
        assert_eq!(
            r.into_iter().collect::<Vec<_>>(),
            vec!["rt_a".to_string(), "rt_e".to_string()]
        );
    }
}
