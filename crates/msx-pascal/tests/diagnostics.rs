//! The messages and positions of common mistakes, and how they are rendered.

mod common;

use common::{diagnostics, first_error, Found};
use msx_pascal::{compile_front, render_diagnostics, MemoryFiles};

fn found(message: &str, line: usize, col: usize) -> Found {
    Found {
        message: message.to_string(),
        line,
        col,
    }
}

#[test]
fn undeclared_identifier() {
    assert_eq!(
        first_error("var i : integer;\nbegin\n  i := count + 1\nend."),
        found("unknown identifier `count`", 3, 8)
    );
    assert_eq!(
        first_error("begin\n  DrawBoard(1)\nend."),
        found("unknown identifier `DrawBoard`", 2, 3)
    );
    assert_eq!(
        first_error("var a : TBoard;\nbegin end."),
        found("unknown type `TBoard`", 1, 9)
    );
}

#[test]
fn type_mismatch() {
    assert_eq!(
        first_error("var i : integer;\nbegin\n  i := 'hello'\nend."),
        found("type mismatch: expected integer, found string", 3, 8)
    );
    assert_eq!(
        first_error("var i : integer;\nbegin\n  if i then i := 0\nend."),
        found("type mismatch: expected boolean, found integer", 3, 6)
    );
    assert_eq!(
        first_error("var b : boolean; c : char;\nbegin\n  b := c + 1\nend."),
        found("operator `+` cannot be applied to char and integer", 3, 8)
    );
    // A byte keeps the low byte of an integer constant, as TP3 stores it (PopolonY2k's
    // library assigns -1 to bytes); a subrange is checked.
    assert_eq!(
        diagnostics("var b : byte;\nbegin\n  b := 300; b := -1\nend."),
        vec![
            found("constant 300 is stored in a byte as 44", 3, 8),
            found("constant -1 is stored in a byte as 255", 3, 18)
        ]
    );
    assert_eq!(
        first_error("var d : 1..9;\nbegin\n  d := 10\nend."),
        found("constant 10 is out of range 1..9", 3, 8)
    );
}

#[test]
fn missing_semicolon_is_reported_after_the_previous_token() {
    assert_eq!(
        diagnostics("var i : integer;\nbegin\n  i := 1\n  i := 2\nend."),
        vec![found("missing `;` after this statement", 3, 9)]
    );
    assert_eq!(
        first_error("var i : integer\nbegin end."),
        found("missing `;` after the declaration", 1, 16)
    );
}

#[test]
fn wrong_argument_count() {
    let src = "procedure box(x, y : integer);\nbegin end;\nbegin\n  box(1)\nend.";
    assert_eq!(
        first_error(src),
        found("`box` takes 2 arguments, but 1 was given", 4, 3)
    );
    assert_eq!(
        first_error("begin\n  GotoXY(1, 2, 3)\nend."),
        found("`GotoXY` takes 2 arguments, but 3 were given", 2, 3)
    );
    assert_eq!(
        first_error("var s : string[5];\nbegin\n  s := copy(s, 1)\nend."),
        found("`copy` takes 3 or 8 arguments, but 2 were given", 3, 8)
    );
}

#[test]
fn assignment_to_a_constant() {
    assert_eq!(
        first_error("const mines = 10;\nbegin\n  mines := 40\nend."),
        found("cannot assign to constant `mines`", 3, 3)
    );
    assert_eq!(
        first_error("begin\n  true := false\nend."),
        found("cannot assign to constant `true`", 2, 3)
    );
}

#[test]
fn var_parameters_need_variables_of_the_same_type() {
    let src = "var b : byte;\nprocedure inc2(var x : integer); begin x := x + 2 end;\n\
               begin\n  inc2(b);\n  inc2(3)\nend.";
    assert_eq!(
        diagnostics(src),
        vec![
            found(
                "type mismatch: `var` parameter `x` needs a variable of type integer, found byte",
                4,
                8
            ),
            found("cannot pass as `var` a constant", 5, 8),
        ]
    );
}

#[test]
fn several_errors_in_one_run() {
    let src = "var i : integer;\nbegin\n  i := ;\n  j := 1;\n  i := 'x' + 1;\n  i := 2\nend.";
    let all = diagnostics(src);
    assert_eq!(
        all,
        vec![
            found("expected an expression, found `;`", 3, 8),
            found("unknown identifier `j`", 4, 3),
            found("operator `+` cannot be applied to char and integer", 5, 8),
        ]
    );
}

#[test]
fn other_common_mistakes() {
    assert_eq!(
        first_error("var i : integer;\nbegin\n  i = 3\nend."),
        found("expected `:=` in an assignment, found `=`", 3, 5)
    );
    assert_eq!(
        first_error("begin\nend"),
        found("missing `.` after the final `end`", 2, 4)
    );
    assert_eq!(
        first_error("var a, b : integer;\n    a : char;\nbegin end."),
        found("`a` is declared twice", 2, 5)
    );
    assert_eq!(
        first_error("var a : array[1..8] of integer;\nbegin\n  a[9] := 0\nend."),
        found("index 9 is out of range 1..8", 3, 5)
    );
    assert_eq!(
        first_error("var c : char;\nbegin\n  case c of 'a': ; 'b', 'a': ; end\nend."),
        found("this case label is already used", 3, 25)
    );
    assert_eq!(
        first_error("function f : integer; begin f := 1 end;\nbegin\n  f\nend."),
        found("the result of function `f` must be used", 3, 3)
    );
    assert_eq!(
        first_error("begin\n  goto 99\nend."),
        found("label `99` is not declared", 2, 8)
    );
    assert_eq!(
        first_error("{ never closed\nbegin end."),
        found("comment is not closed (missing `}`)", 1, 1)
    );
}

#[test]
fn an_unclosed_comment_is_the_one_error_reported() {
    // Not the parser's complaints about the program's missing rest, placed before it.
    assert_eq!(
        diagnostics("program x;\nbegin\n  { never closed\n  writeln(1);\nend.\n"),
        vec![found("comment is not closed (missing `}`)", 3, 3)]
    );
    assert_eq!(
        diagnostics("program x;\nbegin\n  (* never closed\nend.\n"),
        vec![found("comment is not closed (missing `*)`)", 3, 3)]
    );
}

#[test]
fn an_unknown_identifier_in_writeln_is_reported_once() {
    assert_eq!(
        diagnostics("begin\n  writeln(foo);\n  write(1, bar:3)\nend."),
        vec![
            found("unknown identifier `foo`", 2, 11),
            found("unknown identifier `bar`", 3, 12)
        ]
    );
}

#[test]
fn directives_warn_and_include_errors_point_at_the_directive() {
    assert_eq!(
        diagnostics("{$Z+}\nbegin end."),
        vec![found("unknown directive `{$Z+}` is ignored", 1, 1)]
    );
    let all = diagnostics("begin\n  {$I missing.inc}\nend.");
    assert_eq!(all[0].line, 2);
    assert_eq!(all[0].col, 3);
    assert!(all[0]
        .message
        .starts_with("cannot read include file `missing.inc`"));
}

#[test]
fn errors_inside_include_files_name_the_include() {
    let files = MemoryFiles::new()
        .with("main.pas", "{$I lib.inc}\nbegin draw end.")
        .with("lib.inc", "procedure draw;\nbegin\n  x := 1\nend;");
    let failed = compile_front("main.pas", &files).unwrap_err();
    let text = render_diagnostics(&failed.diagnostics, &failed.sources);
    assert!(text.contains("error: unknown identifier `x`"), "{text}");
    assert!(text.contains("lib.inc:3:3"), "{text}");
}

#[test]
fn rendering_shows_file_line_source_and_caret() {
    let files = MemoryFiles::new().with("game.pas", "begin\n  score := 1\nend.");
    let failed = compile_front("game.pas", &files).unwrap_err();
    let text = render_diagnostics(&failed.diagnostics, &failed.sources);
    let expected = "\
error: unknown identifier `score`
  ┌─ game.pas:2:3
  │
2 │   score := 1
  │   ^^^^^ not declared

";
    assert_eq!(text, expected);
    assert_eq!(failed.to_string(), "1 error(s) in the Pascal program");
}

#[test]
fn a_missing_main_file_is_an_error_not_a_panic() {
    let failed = compile_front("nothere.pas", &MemoryFiles::new()).unwrap_err();
    assert!(failed.diagnostics[0]
        .message
        .starts_with("cannot read `nothere.pas`"));
}

#[test]
fn recursion_without_a_minus_is_a_warning() {
    let src = "procedure fill(i : integer);\nbegin\n  if i > 0 then fill(i - 1)\nend;\n\
               begin fill(3) end.";
    assert_eq!(
        diagnostics(src),
        vec![found(
            "`fill` calls itself, but it was compiled with `{$A+}`",
            3,
            17
        )]
    );
    let fixed = format!("{{$A-}}\n{src}");
    assert_eq!(diagnostics(&fixed), vec![]);
}

#[test]
fn semicolon_before_else() {
    let src = "var i : integer;\nbegin\n  if i > 0 then i := 1;\n  else i := 2\nend.";
    assert_eq!(diagnostics(src), vec![found("`else` without `if`", 4, 3)]);
}

#[test]
fn strict_var_strings_follow_the_v_switch() {
    let src = "type s10 = string[10];\nvar name : string[20];\n\
               procedure clean(var s : s10); begin s := '' end;\n\
               begin\n  clean(name)\nend.";
    assert_eq!(
        first_error(src),
        found(
            "type mismatch: `var` parameter `s` needs a variable of type s10, found string[20]",
            5,
            9
        )
    );
    let relaxed = src.replace("begin\n  clean", "begin\n  {$V-} clean");
    assert_eq!(diagnostics(&relaxed), vec![]);
}

#[test]
fn missing_end_of_a_routine_is_one_error() {
    let src = "var i : integer;\nprocedure a;\nbegin\n  i := 1;\n\nprocedure c;\nbegin\n  i := 2\nend;\n\nbegin\n  a; c\nend.";
    assert_eq!(
        diagnostics(src),
        vec![found("missing `end` before this declaration", 6, 1)]
    );
}

#[test]
fn diagnostics_come_in_reading_order_across_includes() {
    let files = MemoryFiles::new()
        .with(
            "main.pas",
            "var a : integer;\n{$I lib.inc}\nbegin\n  a := 'x'\nend.",
        )
        .with("lib.inc", "procedure p;\nbegin\n  b := 1\nend;");
    let failed = compile_front("main.pas", &files).unwrap_err();
    let messages: Vec<_> = failed
        .diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        messages,
        [
            "unknown identifier `b`",
            "type mismatch: expected integer, found char"
        ]
    );
    let text = render_diagnostics(&failed.diagnostics, &failed.sources);
    assert!(
        text.contains("= in the file included at main.pas:2:1"),
        "{text}"
    );
}

#[test]
fn a_function_that_never_sets_its_result_is_a_warning() {
    let src = "var i : integer;\nfunction twice(x : integer) : integer;\nbegin\n  i := x * 2\nend;\nbegin i := twice(2) end.";
    assert_eq!(
        diagnostics(src),
        vec![found("function `twice` never sets its result", 2, 10)]
    );
}

/// TP3's reference manual (chapter 3.2): a decimal integer constant is -32768..32767, a
/// hexadecimal one `$0000..$FFFF`. TP 3.3f for MSX reads a larger decimal whole number
/// (up to 2147483647) as a `LongInt` constant; here it is a real constant, so it is
/// accepted where a real is, and a type mismatch where an integer is needed.
#[test]
fn decimal_constants_above_32767_are_reals() {
    assert_eq!(
        diagnostics("var r : real;\nbegin\n  r := r * 40000 + 704000; r := 32768 + Abs(r)\nend."),
        vec![]
    );
    assert_eq!(
        diagnostics("const big = 65280; var i : integer;\nbegin\n  if i >= big then i := 0\nend."),
        vec![]
    );
    assert_eq!(
        first_error("const big = 32768; var i : integer;\nbegin i := big end."),
        found("type mismatch: expected integer, found real", 2, 12)
    );
    assert_eq!(
        first_error("var i : integer;\nbegin\n  i := 1 - 32768\nend."),
        found("type mismatch: expected integer, found real", 3, 8)
    );
    assert_eq!(
        first_error("var r : real;\nbegin\n  r := 2147483648\nend."),
        found("integer constant out of range", 3, 8)
    );
    // `-32768` is in range (TP3's own compiler wrongly rejects it).
    assert_eq!(
        diagnostics("const lo = -32768; m = $8000; f = $FFFF;\nbegin end."),
        vec![]
    );
    assert_eq!(
        first_error("var i : integer;\nbegin\n  i := $10000\nend."),
        found(
            "hexadecimal constant out of range `$0000..$FFFF` (TP3 error 56)",
            3,
            8
        )
    );
    let files = MemoryFiles::new().with("big.pas", "var i : integer;\nbegin\n  i := 40000\nend.");
    let failed = compile_front("big.pas", &files).unwrap_err();
    let text = render_diagnostics(&failed.diagnostics, &failed.sources);
    assert!(
        text.contains(
            "a whole number above 32767 is a real constant; write `$9C40` for the 16-bit pattern"
        ),
        "{text}"
    );
}
