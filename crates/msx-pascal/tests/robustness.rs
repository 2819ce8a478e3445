//! No input makes the front end panic, loop or overflow the stack: arbitrary text, mutated
//! valid programs, and absurd nesting all end in diagnostics.

use msx_pascal::{compile_front, render_diagnostics, MemoryFiles};
use proptest::prelude::*;

const MINES: &str = include_str!("programs/mines.pas");
const MAP: &str = include_str!("programs/map.inc");
const TIME: &str = include_str!("programs/minetime.inc");

/// Runs the whole front end and renders whatever it reports.
fn run(src: &str) -> usize {
    let files = MemoryFiles::new()
        .with("test.pas", src)
        .with("map.inc", MAP)
        .with("minetime.inc", TIME);
    match compile_front("test.pas", &files) {
        Ok(front) => render_diagnostics(&front.warnings, front.sources()).len(),
        Err(failed) => {
            assert!(failed.error_count() > 0);
            render_diagnostics(&failed.diagnostics, &failed.sources).len()
        }
    }
}

/// Pieces of Pascal to splice into programs.
const PIECES: &[&str] = &[
    "begin",
    "end",
    "end.",
    ";",
    ":=",
    "(",
    ")",
    "[",
    "]",
    "..",
    ",",
    ":",
    "'",
    "{",
    "}",
    "(*",
    "*)",
    "{$A-}",
    "{$I x.inc}",
    "{$I-}",
    "if",
    "then",
    "else",
    "case",
    "of",
    "while",
    "do",
    "repeat",
    "until",
    "for",
    "to",
    "with",
    "record",
    "array",
    "var",
    "const",
    "type",
    "procedure",
    "function",
    "forward",
    "inline(",
    "/",
    "*",
    "^",
    "nil",
    "not",
    "in",
    "$FF",
    "#13",
    "^G",
    "'x'",
    "1e5",
    "99999999",
    "x",
    "mines",
    "copy(",
    "write(",
    "Mem[",
    "set of",
    "file of",
    "string[",
    "-",
    "=",
    "<>",
    "absolute",
    "goto",
    "label",
    "@",
    "\u{e9}",
    "\n",
];

fn mutation() -> impl Strategy<Value = (usize, usize, Vec<usize>)> {
    (
        0..MINES.len(),
        0usize..40,
        proptest::collection::vec(0..PIECES.len(), 0..4),
    )
}

/// Deletes `len` bytes at `at` (on character boundaries) and inserts some pieces.
fn mutate(src: &str, (at, len, pieces): &(usize, usize, Vec<usize>)) -> String {
    let mut start = (*at).min(src.len());
    while !src.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (start + len).min(src.len());
    while !src.is_char_boundary(end) {
        end -= 1;
    }
    let insert: Vec<&str> = pieces.iter().map(|&i| PIECES[i]).collect();
    format!("{}{}{}", &src[..start], insert.join(" "), &src[end..])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_text_never_panics(src in "\\PC{0,300}") {
        run(&src);
    }

    #[test]
    fn arbitrary_token_soup_never_panics(pieces in proptest::collection::vec(0..PIECES.len(), 0..80)) {
        let src: Vec<&str> = pieces.iter().map(|&i| PIECES[i]).collect();
        run(&src.join(" "));
    }

    #[test]
    fn mutated_programs_never_panic(m1 in mutation(), m2 in mutation()) {
        let once = mutate(MINES, &m1);
        run(&mutate(&once, &m2));
    }
}

/// Run on a thread with the default 2 MB test stack, as `cargo test` does.
fn run_small_stack(src: String) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || run(&src))
        .expect("thread")
        .join()
        .expect("the front end must not overflow a 2 MB stack");
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let deep_parens = format!(
        "var i : integer; begin i := {}1{} end.",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    let long_chain = format!("var i : integer; begin i := 1{} end.", " + 1".repeat(20000));
    let deep_ifs = format!(
        "var b : boolean; begin {} b := true end.",
        "if b then ".repeat(5000)
    );
    let deep_begins = format!("begin {} end.", "begin ".repeat(5000));
    let deep_types = format!(
        "type t = {} integer; begin end.",
        "array[1..2] of ".repeat(5000)
    );
    let deep_not = format!("var b : boolean; begin b := {} b end.", "not ".repeat(5000));
    let deep_minus = format!("var i : integer; begin i := {} 1 end.", "- ".repeat(5000));
    let deep_inits = format!(
        "const c : integer = {}1{}; begin end.",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    for src in [
        deep_parens,
        long_chain,
        deep_ifs,
        deep_begins,
        deep_types,
        deep_not,
        deep_minus,
        deep_inits,
    ] {
        run_small_stack(src);
    }
}

#[test]
fn reasonable_nesting_is_accepted() {
    // 40 levels of parentheses around a chain of 100 additions: far beyond real programs.
    let src = format!(
        "var i : integer; begin i := {}1{}{} end.",
        "(".repeat(40),
        " + i".repeat(100),
        ")".repeat(40)
    );
    let files = MemoryFiles::new().with("test.pas", &src);
    let result = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || compile_front("test.pas", &files).is_ok())
        .unwrap()
        .join()
        .unwrap();
    assert!(result);
}
