//! Oracle test: pasmo (Debian package `pasmo`) and z80-asm assemble the same
//! corpus, which uses every instruction form and the directives both accept,
//! and must produce the same bytes and the same label values.
//!
//! Runs only when `MSX_ORACLES` names `pasmo`; then it fails if pasmo is missing.
//! The corpus is `tests/corpus/pasmo_common.asm`, written by
//! `tests/corpus/gen_pasmo_corpus.py` from the Zilog instruction list.

use std::path::{Path, PathBuf};
use std::process::Command;

use z80_asm::{assemble_file, disassemble_one, Options};

fn oracle_enabled(name: &str) -> bool {
    std::env::var("MSX_ORACLES")
        .map(|v| v.split(',').any(|t| t.trim() == name))
        .unwrap_or(false)
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

/// Runs pasmo on a corpus file; returns its binary and symbol file.
fn pasmo(file: &str) -> (Vec<u8>, String) {
    let dir = std::env::temp_dir().join(format!("z80-asm-pasmo-{}-{file}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bin = dir.join("out.bin");
    let sym = dir.join("out.sym");
    let result = Command::new("pasmo")
        .arg("-I")
        .arg(corpus_dir())
        .arg(corpus_dir().join(file))
        .arg(&bin)
        .arg(&sym)
        .output();
    let out = match result {
        Ok(o) => o,
        Err(e) => panic!("MSX_ORACLES names pasmo, but it cannot be run ({e}); install the Debian package `pasmo`"),
    };
    assert!(
        out.status.success(),
        "pasmo failed on {file}:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&bin).unwrap();
    let syms = std::fs::read_to_string(&sym).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    (bytes, syms)
}

/// pasmo writes `name<TAB>EQU 0ABCDH`.
fn parse_pasmo_symbols(text: &str) -> Vec<(String, u16)> {
    text.lines()
        .filter_map(|l| {
            let mut parts = l.split_whitespace();
            let name = parts.next()?;
            let equ = parts.next()?;
            let value = parts.next()?;
            if !equ.eq_ignore_ascii_case("equ") {
                return None;
            }
            let hex = value.trim_end_matches(['H', 'h']);
            Some((name.to_string(), u16::from_str_radix(hex, 16).ok()?))
        })
        .collect()
}

#[test]
fn pasmo_and_z80_asm_agree_on_the_common_corpus() {
    if !oracle_enabled("pasmo") {
        return;
    }
    let (expected, pasmo_syms) = pasmo("pasmo_common.asm");
    let ours = assemble_file(&corpus_dir().join("pasmo_common.asm"), &Options::default())
        .unwrap_or_else(|d| panic!("{}", d.render()));
    if ours.bytes != expected {
        let at = ours
            .bytes
            .iter()
            .zip(&expected)
            .position(|(a, b)| a != b)
            .unwrap_or(ours.bytes.len().min(expected.len()));
        let addr = ours.origin.wrapping_add(at as u16);
        let place = ours
            .source_of(addr)
            .map_or("?".to_string(), |(f, l)| format!("{f}:{l}"));
        let end = (at + 4).min(expected.len());
        panic!(
            "first difference at {addr:04X} ({place}): ours {:02X?} (`{}`), pasmo {:02X?} (`{}`); lengths {} and {}",
            &ours.bytes[at..(at + 4).min(ours.bytes.len())],
            disassemble_one(&ours.bytes[at..], addr).text,
            &expected[at..end],
            disassemble_one(&expected[at..], addr).text,
            ours.bytes.len(),
            expected.len()
        );
    }
    let theirs = parse_pasmo_symbols(&pasmo_syms);
    assert!(
        theirs.len() > 10,
        "pasmo symbol file not understood:\n{pasmo_syms}"
    );
    let mut compared = 0;
    for (name, value) in theirs {
        // pasmo names macro LOCAL labels by number; those have other names here.
        if let Some(v) = ours.symbol(&name) {
            assert_eq!(v, value, "symbol `{name}`");
            compared += 1;
        }
    }
    assert!(compared >= 9, "only {compared} symbols compared");
}
