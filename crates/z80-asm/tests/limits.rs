//! Inputs that would make the assembler work without end: each stops with a
//! clear error, quickly. Before the limits, the first three ran until the
//! machine ran out of memory.

use std::time::{Duration, Instant};

use z80_asm::{assemble, Diagnostics, Options};

/// Assembles `src` (with in-memory files) and returns its errors, checking
/// that it took at most a few seconds.
fn errors_of(src: &str, files: &[(&str, &str)]) -> Diagnostics {
    let mut opts = Options::default();
    for (name, text) in files {
        opts.files
            .insert(name.to_string(), text.as_bytes().to_vec());
    }
    let start = Instant::now();
    let result = assemble(src, "t.asm", &opts);
    let took = start.elapsed();
    // Generous for an unoptimised build on a busy machine; unbounded before.
    assert!(took < Duration::from_secs(60), "took {took:?}");
    result.expect_err("assembled")
}

fn last_message(d: &Diagnostics) -> &str {
    &d.errors.last().expect("an error").message
}

#[test]
fn a_macro_calling_itself_twice_stops_at_the_depth_limit() {
    let d = errors_of("rec macro\n rec\n rec\n endm\n rec\n", &[]);
    assert_eq!(d.errors.len(), 1, "{:?}", d.errors);
    let last = last_message(&d);
    assert!(last.contains("nested more than 64 levels"), "{last}");
}

#[test]
fn three_nested_repts_stop_at_the_line_limit() {
    let d = errors_of(
        " rept 1000\n rept 1000\n rept 1000\n x = 1\n endm\n endm\n endm\n",
        &[],
    );
    assert_eq!(d.errors.len(), 1, "{:?}", d.errors);
    assert!(last_message(&d).contains("more than 1000000 lines"));
}

#[test]
fn nested_repts_with_empty_bodies_count_too() {
    let d = errors_of(" rept 65536\n rept 65536\n endm\n endm\n", &[]);
    assert!(last_message(&d).contains("more than 1000000 lines"));
}

#[test]
fn a_file_including_itself_twice_stops() {
    let d = errors_of(
        " include \"self.inc\"\n",
        &[("self.inc", " include \"self.inc\"\n include \"self.inc\"\n")],
    );
    assert_eq!(d.errors.len(), 1, "{:?}", d.errors);
    assert!(last_message(&d).contains("includes nested more than 64 levels"));
}

#[test]
fn a_wide_include_tree_stops_at_the_line_limit() {
    // Ten levels, each including the next twice with 1000 lines of its own:
    // not recursive, but 2^10 * 1000 lines.
    let mut files = Vec::new();
    let names: Vec<String> = (0..11).map(|i| format!("f{i}.inc")).collect();
    for i in 0..10 {
        let mut text = String::new();
        text.push_str(&format!(
            " include \"{}\"\n include \"{}\"\n",
            names[i + 1],
            names[i + 1]
        ));
        text.push_str(&" x = 1\n".repeat(1000));
        files.push(text);
    }
    files.push(" x = 2\n".into());
    let pairs: Vec<(&str, &str)> = names
        .iter()
        .map(String::as_str)
        .zip(files.iter().map(String::as_str))
        .collect();
    let d = errors_of(" include \"f0.inc\"\n", &pairs);
    assert!(last_message(&d).contains("more than 1000000 lines"));
}

#[test]
fn arguments_doubling_at_each_level_stop_at_the_text_limit() {
    // Each level passes its argument twice to the next: the text doubles.
    let d = errors_of("grow macro x\n grow x x\n endm\n grow nop\n", &[]);
    let last = last_message(&d);
    assert!(last.contains("MiB of source text"), "{last}");
}

#[test]
fn output_beyond_memory_is_bounded() {
    // 1000 times 64 KiB over the same addresses: one error for the overlap,
    // then a stop instead of a listing of 64 MB.
    let d = errors_of(" rept 1000\n org 0\n ds 65536\n endm\n", &[]);
    let last = last_message(&d);
    assert!(last.contains("KiB of output"), "{last}");
}

#[test]
fn errors_are_bounded() {
    let d = errors_of(" rept 60000\n ld a,(\n endm\n", &[]);
    assert_eq!(d.errors.len(), 501);
    let last = last_message(&d);
    assert_eq!(
        last,
        "59500 more errors not shown (only the first 500 are kept)"
    );
}

#[test]
fn many_forward_references_still_settle() {
    // The first pass has an error for each of them; later passes resolve them.
    let mut src = String::new();
    for i in 0..2000 {
        src.push_str(&format!(" jp l{i}\n"));
    }
    for i in 0..2000 {
        src.push_str(&format!("l{i}: nop\n"));
    }
    assemble(&src, "t.asm", &Options::default()).unwrap();
}

#[test]
fn a_large_real_shape_still_assembles() {
    // 65536 repetitions of a 3-line body: well inside the limits.
    let src = "n = 0\n rept 65536\n n = n + 1\n if n < 0\n endif\n endm\n assert n == 65536\n";
    let a = assemble(src, "t.asm", &Options::default()).unwrap();
    assert_eq!(a.symbol("n"), Some(0));
    assert_eq!(a.symbols["n"].value, 65536);
}

/// Integer literals beyond 64 bits: before, the `$`, `#`, `&H` and `%` forms wrapped
/// silently (`ld a,$FFFFFFFFFFFFFFFFFF` assembled as `ld a,0FFh`) and the others were
/// only "invalid".
#[test]
fn literals_beyond_64_bits_are_refused_where_they_are() {
    let src = " ld a,99999999999999999999\n ld a,$FFFFFFFFFFFFFFFFFF\n ld a,#1_0000_0000_0000_0000\n ld a,&HFFFFFFFFFFFFFFFFFFFF\n ld a,%11111111111111111111111111111111111111111111111111111111111111111\n ld a,0FFFFFFFFFFFFFFFFFh\n ld a,0b11111111111111111111111111111111111111111111111111111111111111111\n";
    let d = errors_of(src, &[]);
    let places: Vec<(u32, u32)> = d.errors.iter().map(|e| (e.line, e.column)).collect();
    assert_eq!(
        places,
        (1..=7).map(|l| (l, 7)).collect::<Vec<_>>(),
        "{:?}",
        d.errors
    );
    for e in &d.errors {
        assert!(
            e.message.contains("is too large") && e.message.contains("64-bit"),
            "{}",
            e.message
        );
    }
    assert!(
        d.errors[1].message.contains("`$FFFFFFFFFFFFFFFFFF`"),
        "{}",
        d.errors[1].message
    );
    // The largest value is still a number.
    let ok = assemble(
        "big equ 7FFFFFFFFFFFFFFFh\n dw big & 0FFFFh, $7FFF_FFFF_FFFF_FFFF & 1\n",
        "t.asm",
        &Options::default(),
    );
    assert!(ok.is_ok(), "{:?}", ok.err());
}
