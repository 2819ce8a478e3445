//! INPUT and LINE INPUT (`runtime/input.asm`) on the Z80 core with a stub
//! INLIN that echoes queued lines. The expected screens follow the ROM's
//! INPUT (C4B6C, the field loop J4BAA: "? " prompt, "??" for missing fields,
//! "?Redo from start", "?Extra ignored").

mod runtime_support;

use runtime_support::{End, Rt, BCD_RAM, SCRATCH};

/// What the compiled INPUT statement would do with the variables' types
/// ('$' string, else numeric): runs the protocol of input.asm's header and
/// returns the values read (numbers as their PRINT text) or None when the
/// statement ended early (empty line).
fn input(rt: &mut Rt, prompt: Option<&[u8]>, types: &[char]) -> Vec<Option<String>> {
    'again: loop {
        let p = prompt.map_or(0, |t| rt.literal(SCRATCH, SCRATCH + 8, t));
        let End::Ret { f, .. } = rt.call("rt_bas_input", p, 0, 0) else {
            panic!("stopped");
        };
        let mut got: Vec<Option<String>> = vec![None; types.len()];
        if f & 0x40 != 0 {
            return got;
        }
        for (i, &t) in types.iter().enumerate() {
            let routine = if t == '$' {
                "rt_bas_instrf"
            } else {
                "rt_bas_innum"
            };
            let End::Ret { a, f, hl, .. } = rt.call(routine, 0, 0, 0) else {
                panic!("stopped");
            };
            if f & 1 != 0 {
                continue 'again;
            }
            if f & 0x40 != 0 {
                return got;
            }
            got[i] = Some(if t == '$' {
                String::from_utf8(rt.string(hl)).unwrap()
            } else {
                let mark = rt.output().len();
                let prec = if a == 4 { 6 } else { 14 };
                let dac = rt.peek(BCD_RAM, 8);
                rt.call_a("rt_bas_prn", prec, 0, 0, 0);
                rt.poke(BCD_RAM, &dac);
                format!("{}:{}", a, &rt.output()[mark..])
            });
        }
        rt.call("rt_bas_inend", 0, 0, 0);
        return got;
    }
}

fn some(v: &[&str]) -> Vec<Option<String>> {
    v.iter().map(|s| Some(s.to_string())).collect()
}

#[test]
fn prompt_and_fields() {
    let mut rt = Rt::new();
    rt.line(b"12, Anna , -1.5");
    let got = input(&mut rt, Some(b"Age, name"), &['%', '$', '!']);
    // Blanks before an unquoted string are skipped, those after it kept.
    assert_eq!(got, some(&["2: 12 ", "Anna ", "4:-1.5 "]));
    assert!(rt.output().starts_with("Age, name? 12, Anna , -1.5\r\n"));
}

#[test]
fn no_prompt_is_a_question_mark() {
    let mut rt = Rt::new();
    rt.line(b"7");
    assert_eq!(input(&mut rt, None, &['#']), some(&["2: 7 "]));
    assert_eq!(rt.output(), "? 7\r\n 7 ");
}

#[test]
fn missing_fields_ask_again_with_two_question_marks() {
    let mut rt = Rt::new();
    rt.line(b"1");
    rt.line(b"2");
    assert_eq!(input(&mut rt, None, &['#', '#']), some(&["2: 1 ", "2: 2 "]));
    assert!(rt.output().starts_with("? 1\r\n"));
    assert!(rt.output().contains("?? 2\r\n"));
}

#[test]
fn a_bad_number_is_redone_from_the_start() {
    let mut rt = Rt::new();
    rt.line(b"abc");
    rt.line(b"42");
    assert_eq!(input(&mut rt, None, &['#']), some(&["2: 42 "]));
    assert!(rt
        .output()
        .starts_with("? abc\r\n?Redo from start\r\n? 42\r\n"));
    // Text after a quoted string is also redone.
    let mut rt = Rt::new();
    rt.line(b"\"a,b\"x");
    rt.line(b"\"a,b\" ");
    assert_eq!(input(&mut rt, None, &['$']), some(&["a,b"]));
    assert!(rt.output().contains("?Redo from start"));
}

#[test]
fn extra_fields_are_ignored_with_a_message() {
    let mut rt = Rt::new();
    rt.line(b"1,2,3");
    assert_eq!(input(&mut rt, None, &['#', '#']), some(&["2: 1 ", "2: 2 "]));
    assert!(rt.output().ends_with("?Extra ignored\r\n"));
    // "1," gives the second variable an empty field (0), not "??".
    let mut rt = Rt::new();
    rt.line(b"1,");
    assert_eq!(input(&mut rt, None, &['#', '$']), some(&["2: 1 ", ""]));
}

#[test]
fn an_empty_line_leaves_the_variables() {
    let mut rt = Rt::new();
    rt.line(b"");
    assert_eq!(input(&mut rt, None, &['#', '$']), vec![None, None]);
    let mut rt = Rt::new();
    rt.line(b"5");
    rt.line(b"");
    assert_eq!(
        input(&mut rt, None, &['#', '$']),
        vec![Some("2: 5 ".to_string()), None]
    );
}

#[test]
fn line_input_takes_the_whole_line() {
    let mut rt = Rt::new();
    rt.line(b"  a, \"b\" c");
    let p = rt.literal(SCRATCH, SCRATCH + 8, b"Say:");
    let hl = rt.call("rt_bas_lineinput", p, 0, 0).hl();
    assert_eq!(rt.string(hl), b"  a, \"b\" c");
    assert!(rt.output().starts_with("Say:  a,"));
}
