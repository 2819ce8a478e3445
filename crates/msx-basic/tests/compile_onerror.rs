//! ON ERROR GOTO, RESUME, ERR, ERL and ERROR n, compiled and run on the
//! emulated MSX2.
//!
//! Expected behaviour from the MSX2 Technical Handbook (chapter 2: ON
//! ERROR GOTO, RESUME [0 | NEXT | line], ERR, ERL, ERROR, and the error
//! code list: 11 Division by zero, 21 No RESUME, 22 RESUME without error,
//! codes without a message "Unprintable error") and the ROM (J406F: an error with a
//! handler set and none running goes to it; an error inside the handler
//! is printed; ON ERROR GOTO 0 there prints the error being handled).

#[path = "compile_harness.rs"]
mod harness;

use harness::both_lines as run;

#[test]
fn resume_next_goes_on_after_the_failing_statement() {
    let got = run(concat!(
        "10 ON ERROR GOTO 100\n",
        "20 A=1/0:PRINT \"AFTER\"\n",
        "30 PRINT \"LINE 30\":END\n",
        "100 PRINT \"ERR\";ERR;\"ERL\";ERL\n",
        "110 RESUME NEXT\n",
    ));
    assert_eq!(got, ["ERR 11 ERL 20", "AFTER", "LINE 30"]);
}

#[test]
fn resume_runs_the_failing_statement_again() {
    let got = run(concat!(
        "10 ON ERROR GOTO 100\n",
        "20 D=0:PRINT \"A\":PRINT 10/D:PRINT \"B\"\n",
        "30 END\n",
        "100 PRINT \"E\";ERR:D=2:RESUME 0\n",
    ));
    assert_eq!(got, ["A", "E 11", " 5", "B"]);
}

#[test]
fn resume_line_and_a_second_error() {
    // After RESUME the handler can trap again. ERL=20 compares with a
    // number crunched as a line number. RESUME NEXT after a statement
    // of a THEN part goes on with the statement after it there.
    let got = run(concat!(
        "10 ON ERROR GOTO 100\n",
        "20 X=1/0\n",
        "30 PRINT \"NOT HERE\"\n",
        "40 N=N+1:IF N<3 THEN X=SQR(-1):PRINT \"NOR HERE\"\n",
        "50 PRINT \"N\";N:END\n",
        "100 PRINT ERR;ERL:IF ERL=20 THEN RESUME 40 ELSE RESUME NEXT\n",
    ));
    assert_eq!(got, [" 11  20", " 5  40", "NOR HERE", "N 1"]);
}

#[test]
fn error_n_raises_any_code() {
    assert_eq!(
        run("10 ON ERROR GOTO 100\n20 ERROR 200\n100 PRINT ERR;ERL:END\n"),
        [" 200  20"]
    );
    assert_eq!(run("10 ERROR 200\n"), ["Unprintable error in 10"]);
    assert_eq!(run("10 ERROR 2\n"), ["Syntax error in 10"]);
    assert_eq!(run("10 ERROR 0\n"), ["Illegal function call in 10"]);
}

#[test]
fn errors_in_a_handler_and_on_error_goto_0() {
    assert_eq!(
        run("10 ON ERROR GOTO 100\n20 X=1/0\n100 PRINT \"H\":Y=1/0\n"),
        ["H", "Division by zero in 100"]
    );
    assert_eq!(
        run("10 ON ERROR GOTO 100\n20 X=1/0\n100 ON ERROR GOTO 0\n"),
        ["Division by zero in 20"]
    );
    assert_eq!(run("10 RESUME\n"), ["RESUME without error in 10"]);
    // The handler runs off the end of the program: No RESUME.
    assert_eq!(
        run("10 ON ERROR GOTO 100\n20 X=1/0\n100 PRINT \"H\"\n"),
        ["H", "No RESUME in 100"]
    );
    // No handler: the error is printed as before.
    assert_eq!(
        run("10 ON ERROR GOTO 0\n20 X=1/0\n"),
        ["Division by zero in 20"]
    );
}

#[test]
fn the_handler_keeps_gosub_and_for() {
    // The error happens inside a subroutine inside a loop; RESUME NEXT
    // goes on there: the loop and the RETURN still work.
    let got = run(concat!(
        "10 ON ERROR GOTO 100\n",
        "20 FOR I=1 TO 3:GOSUB 50:NEXT:PRINT \"DONE\":END\n",
        "50 X=1/(I-2):PRINT I;:RETURN\n",
        "100 PRINT \"E\";:RESUME NEXT\n",
    ));
    assert_eq!(got, [" 1 E 2  3 DONE"]);
}
