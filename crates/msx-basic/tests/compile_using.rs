//! PRINT USING, compiled and run on the emulated MSX2.
//!
//! Expected text from the format characters' definitions in the MSX2
//! Technical Handbook (chapter 2, "PRINT USING") and the MSX-BASIC
//! reference they come from (Microsoft BASIC's PRINT USING): # digit
//! positions, . the point, + the sign first or last (a position), - last,
//! ** leading blanks as *, $$ a dollar before the digits, , thousands, !
//! & \ \ string fields, _ a literal character, % before a number too wide,
//! rounding to the decimals shown, the format used again for more items.

#[path = "compile_harness.rs"]
mod harness;

use harness::both_lines as run;
use harness::{boot_com, build_com, run_until_text, screen};

/// Numbers in every kind of field, and the text MSX prints for each.
const NUMERIC: &str = concat!(
    "10 PRINT USING \"###.##\";3.14159\n",
    "20 PRINT USING \"##.##\";-1.5\n",
    "30 PRINT USING \"+##.#\";2.25\n",
    "40 PRINT USING \"##\";123\n",
    "50 PRINT USING \"#,###\";1234\n",
    "60 PRINT USING \"**###\";12\n",
    "70 PRINT USING \"$$##\";5\n",
    "80 PRINT USING \"##-\";-5\n",
    "90 PRINT USING \"##+\";5\n",
    "100 PRINT USING \".##\";.5\n",
    "110 PRINT USING \"#.#\";.25\n",
    // **$: three more positions, * fill, $ before the digits.
    "120 PRINT USING \"**$##.##\";1.5\n",
    // A , before the point: commas every three digits (a position).
    "130 PRINT USING \"#####,.##\";1234.5\n",
    // The sign first, the value rounded to -0.0.
    "140 PRINT USING \"+#.#\";-.04\n",
);

const NUMERIC_TEXT: [&str; 14] = [
    "  3.14",
    "-1.50",
    " +2.3",
    "%123",
    "1,234",
    "***12",
    "  $5",
    " 5-",
    " 5+",
    ".50",
    "0.3",
    "***$1.50",
    " 1,234.50",
    "-0.0",
];

/// On a disk the main ROM's PUFOUT formats them (runtime/usingrom.asm), as
/// MSX-BASIC does.
#[test]
fn numeric_fields() {
    assert_eq!(run(NUMERIC), NUMERIC_TEXT);
}

/// A .COM formats them with the runtime's own code (runtime/usingfmt.asm,
/// no ROM in page 0 under MSX-DOS): the same text.
#[test]
fn numeric_fields_in_an_msx_dos_program() {
    let out = build_com(NUMERIC);
    assert!(out.symbol("rt_bas_usfmtn").is_some());
    let mut m = boot_com(&out);
    run_until_text(&mut m, "-0.0", 3000);
    // The margin below is measured on the "Ok" after the last line.
    run_until_text(&mut m, "Ok", 300);
    let text = screen(&m);
    // The screen's lines begin with the border's columns: as many as "Ok" has.
    let margin = text
        .lines()
        .find(|l| l.trim() == "Ok")
        .map_or(0, |l| l.len() - l.trim_start().len());
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.get(margin..).unwrap_or("").trim_end())
        .collect();
    for want in NUMERIC_TEXT {
        assert!(lines.contains(&want), "{want:?} not in\n{text}");
    }
}

#[test]
fn string_fields_literals_and_reuse() {
    let got = run(concat!(
        "10 PRINT USING \"!\";\"HELLO\"\n",
        "20 PRINT USING \"\\  \\\";\"HELLO\"\n",
        "30 PRINT USING \"&\";\"HI\"\n",
        "40 PRINT USING \"##\";1;2;3\n",
        "50 PRINT USING \"A=## B=##\";1;2\n",
        "60 PRINT USING \"_!##\";5\n",
        "70 PRINT USING \"##\";7;:PRINT \"X\"\n",
        // \ \ with one blank: 3 characters.
        "80 PRINT USING \"\\ \\|\";\"A\"\n",
    ));
    assert_eq!(
        got,
        [
            "H",
            "HELL",
            "HI",
            " 1 2 3",
            "A= 1 B= 2",
            "! 5",
            " 7X",
            "A  |"
        ]
    );
}

#[test]
fn wrong_types_and_formats_without_fields() {
    // A string for a number field: Type mismatch (13); a format with no
    // field: Illegal function call (5), after its literals were printed
    // (the error message starts a new line).
    assert_eq!(
        run("10 PRINT USING \"##\";\"A\"\n"),
        ["Type mismatch in 10"]
    );
    assert_eq!(run("10 PRINT USING \"!\";1\n"), ["Type mismatch in 10"]);
    assert_eq!(
        run("10 PRINT USING \"AB\";1\n"),
        ["AB", "Illegal function call in 10"]
    );
}
