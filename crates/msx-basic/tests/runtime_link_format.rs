//! The rt_bas files follow the back end's link format
//! (`crates/z80-codegen/src/runtime.rs`): routines start at `rt_bas_…:` in
//! column 1, and since only the routines a program names are linked, none
//! may run on into the next one (it might not be there).

const FILES: &[(&str, &str)] = &[
    ("strings.asm", msx_basic::RT_STRINGS_ASM),
    ("print.asm", msx_basic::RT_PRINT_ASM),
    ("errors.asm", msx_basic::RT_ERRORS_ASM),
    ("endtext.asm", msx_basic::RT_ENDTEXT_ASM),
    ("endrom.asm", msx_basic::RT_ENDROM_ASM),
    ("input.asm", msx_basic::RT_INPUT_ASM),
    ("math.asm", msx_basic::RT_MATH_ASM),
    ("mathrom.asm", msx_basic::RT_MATHROM_ASM),
    ("romcall.asm", msx_basic::RT_ROMCALL_ASM),
    ("traps.asm", msx_basic::RT_TRAPS_ASM),
    ("play.asm", msx_basic::RT_PLAY_ASM),
    ("using.asm", msx_basic::RT_USING_ASM),
    ("usingfmt.asm", msx_basic::RT_USINGFMT_ASM),
    ("usingrom.asm", msx_basic::RT_USINGROM_ASM),
    ("diskfiles.asm", msx_basic::RT_FILES_ASM),
    ("machine.asm", msx_basic::RT_MACHINE_ASM),
];

/// The code of a line: no comment, no label.
fn code(line: &str) -> String {
    let mut c = line.split(';').next().unwrap_or("").trim().to_string();
    if let Some(i) = c.find(':') {
        let label = &c[..i];
        if label
            .chars()
            .all(|ch| ch.is_ascii_alphanumeric() || ch == '_' || ch == '.')
        {
            c = c[i + 1..].trim().to_string();
        }
    }
    c.to_ascii_lowercase()
}

fn ends_routine(code: &str) -> bool {
    let mut words = code.split_whitespace();
    let op = words.next().unwrap_or("");
    let args = words.collect::<String>();
    match op {
        "ret" | "halt" => args.is_empty(),
        "jp" | "jr" => !args.contains(',') || args == "(hl)",
        "db" | "dw" => true,
        _ => false,
    }
}

#[test]
fn no_routine_runs_into_the_next() {
    for (file, text) in FILES {
        let mut current: Option<String> = None;
        let mut last = String::new();
        let mut names = Vec::new();
        for line in text.lines().chain(std::iter::once("rt_bas_end_of_file:")) {
            if line.starts_with("rt_") {
                let name = line.split(':').next().unwrap().to_string();
                assert!(name.starts_with("rt_bas_"), "{file}: {name} lacks rt_bas_");
                if let Some(cur) = current.take() {
                    assert!(
                        ends_routine(&last),
                        "{file}: {cur} runs into {name} (last: {last:?})"
                    );
                }
                names.push(name.clone());
                current = Some(name);
            }
            let c = code(line);
            // Conditional assembly (IFDEF/ELSE/ENDIF) is no code: each branch
            // must end the routine by itself where it is the last.
            let conditional = ["if", "ifdef", "ifndef", "else", "endif"]
                .contains(&c.split_whitespace().next().unwrap_or(""));
            if !c.is_empty() && !conditional {
                last = c;
            }
        }
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "{file}: a routine name twice");
    }
}
