//! INPUT and LINE INPUT (`runtime/input.asm`) on the Z80 core with a stub
//! INLIN that echoes queued lines. The expected screens follow the ROM's
//! INPUT (C4B6C, the field loop J4BAA: "? " prompt, "??" for missing fields,
//! "?Redo from start", "?Extra ignored").

mod runtime_support;

use runtime_support::{End, Rt, BCD_RAM, SCRATCH};

/// Runs INPUT as compiled code would (input.asm's header) for variables of
/// the given types ('$' string, '%' integer, '!' single, '#' double) at
/// SCRATCH + 0x40 (8 bytes each), which start as "" / the sentinel 99; a
/// "?Redo from start" sends the code back to just after rt_bas_input, as
/// the runtime does. Returns what PRINT shows for each variable.
fn input(rt: &mut Rt, prompt: Option<&[u8]>, types: &[char]) -> Vec<String> {
    let var = |i: usize| SCRATCH + 0x40 + 8 * i as u16;
    for (i, &t) in types.iter().enumerate() {
        let init: &[u8] = match t {
            '$' => &[0, 0, 0],
            '%' => &[99, 0],
            '!' => &[0x42, 0x99, 0, 0],
            _ => &[0x42, 0x99, 0, 0, 0, 0, 0, 0],
        };
        rt.poke(var(i), init);
    }
    let p = prompt.map_or(0, |t| rt.literal(SCRATCH, SCRATCH + 8, t));
    rt.call("rt_bas_input", p, 0, 0);
    let redos = |rt: &Rt| rt.output().matches("?Redo from start").count();
    'again: loop {
        for (i, &t) in types.iter().enumerate() {
            let before = redos(rt);
            let end = match t {
                '$' => rt.call("rt_bas_instrf", 0, 0, var(i)),
                '%' => rt.call_a("rt_bas_innum", 2, var(i), 0, 0),
                '!' => rt.call_a("rt_bas_innum", 4, var(i), 0, 0),
                _ => rt.call_a("rt_bas_innum", 8, var(i), 0, 0),
            };
            assert!(matches!(end, End::Ret { .. }), "stopped");
            if redos(rt) > before {
                continue 'again;
            }
        }
        rt.call("rt_bas_inend", 0, 0, 0);
        break;
    }
    let mark = rt.output().len();
    let mut shown = Vec::new();
    for (i, &t) in types.iter().enumerate() {
        let start = rt.output().len();
        match t {
            '$' => {
                shown.push(String::from_utf8(rt.string(var(i))).unwrap());
                continue;
            }
            '%' => {
                let v = rt.word(var(i));
                rt.call("rt_bas_pri", v, 0, 0);
            }
            '!' => {
                let mut d = rt.peek(var(i), 4);
                d.extend([0; 4]);
                rt.poke(BCD_RAM, &d);
                rt.call_a("rt_bas_prn", 6, 0, 0, 0);
            }
            _ => {
                let d = rt.peek(var(i), 8);
                rt.poke(BCD_RAM, &d);
                rt.call_a("rt_bas_prn", 14, 0, 0, 0);
            }
        }
        shown.push(rt.output()[start..].to_string());
    }
    let _ = mark;
    shown
}

fn some(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn prompt_and_fields() {
    let mut rt = Rt::new();
    rt.line(b"12, Anna , -1.5");
    let got = input(&mut rt, Some(b"Age, name"), &['%', '$', '!']);
    // Blanks before an unquoted string are skipped, those after it kept.
    assert_eq!(got, some(&[" 12 ", "Anna ", "-1.5 "]));
    assert!(rt.output().starts_with("Age, name? 12, Anna , -1.5\r\n"));
}

#[test]
fn no_prompt_is_a_question_mark() {
    let mut rt = Rt::new();
    rt.line(b"7");
    assert_eq!(input(&mut rt, None, &['#']), some(&[" 7 "]));
    assert!(rt.output().starts_with("? 7\r\n"));
}

#[test]
fn missing_fields_ask_again_with_two_question_marks() {
    let mut rt = Rt::new();
    rt.line(b"1");
    rt.line(b"2");
    assert_eq!(input(&mut rt, None, &['#', '#']), some(&[" 1 ", " 2 "]));
    assert!(rt.output().starts_with("? 1\r\n"));
    assert!(rt.output().contains("?? 2\r\n"));
}

#[test]
fn a_bad_number_is_redone_from_the_start() {
    let mut rt = Rt::new();
    rt.line(b"abc");
    rt.line(b"42");
    assert_eq!(input(&mut rt, None, &['#']), some(&[" 42 "]));
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
    assert_eq!(input(&mut rt, None, &['#', '#']), some(&[" 1 ", " 2 "]));
    assert!(rt.output().starts_with("? 1,2,3\r\n?Extra ignored\r\n"));
    // "1," gives the second variable an empty field (0), not "??".
    let mut rt = Rt::new();
    rt.line(b"1,");
    assert_eq!(input(&mut rt, None, &['#', '$']), some(&[" 1 ", ""]));
}

#[test]
fn an_empty_line_leaves_the_variables() {
    // (the variables start as 99 and "")
    let mut rt = Rt::new();
    rt.line(b"");
    assert_eq!(input(&mut rt, None, &['#', '$']), some(&[" 99 ", ""]));
    let mut rt = Rt::new();
    rt.line(b"5");
    rt.line(b"");
    assert_eq!(input(&mut rt, None, &['#', '$']), some(&[" 5 ", ""]));
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

#[test]
fn redo_starts_the_statement_again_with_the_prompt() {
    let mut rt = Rt::new();
    rt.line(b"1,x");
    rt.line(b"5,6");
    assert_eq!(
        input(&mut rt, Some(b"N"), &['%', '%']),
        some(&[" 5 ", " 6 "])
    );
    assert!(rt
        .output()
        .starts_with("N? 1,x\r\n?Redo from start\r\nN? 5,6\r\n"));
}

#[test]
fn an_integer_out_of_range_is_overflow() {
    let mut rt = Rt::new();
    rt.line(b"40000");
    rt.call("rt_bas_input", 0, 0, 0);
    assert_eq!(
        rt.call_a("rt_bas_innum", 2, SCRATCH + 0x40, 0, 0),
        End::Halt
    );
    assert_eq!(rt.errno(), 6);
}
