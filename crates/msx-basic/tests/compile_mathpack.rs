//! Compiled programs on a disk call the main ROM's Math-Pack (DECADD,
//! DECSUB, DECMUL, DECDIV, XDCOMP, RND; docs/basic.md "The ROM's
//! Math-Pack"), and its errors reach the program through the error entries
//! it owns at 4055h-4071h. A .COM keeps the runtime's own arithmetic: the
//! same answers. Checked against the interpreter where it can be.

#[path = "compile_harness.rs"]
mod harness;

use harness::{boot_com, both_lines, build, build_com, run_until_text, screen};

/// Arithmetic on values the compiler cannot fold, with the interpreter's
/// digits (both run the same ROM Math-Pack) and its line numbers on errors.
const ARITHMETIC: &str = concat!(
    "10 A=2:B=3:C!=1/3:PRINT A/B;A*B;A-B;A+B\n",
    "15 PRINT C!;B^A;SGN(A-B)\n",
    "20 D=1E+60:E=D*5:PRINT E;-E;E/D\n",
    "30 IF A<B AND B>A AND A<>B AND C!<1 THEN PRINT \"CMP\"\n",
    "40 X=RND(-3):PRINT RND(1);RND(0)\n",
);

#[test]
fn arithmetic_and_comparisons_through_the_rom() {
    let got = both_lines(ARITHMETIC);
    assert_eq!(got.len(), 5, "{got:?}");
    assert_eq!(got[0], " .66666666666667  6 -1  5");
    assert_eq!(got[1], " .333333  9 -1");
    assert_eq!(got[2], " 5E+60 -5E+60  5");
    assert_eq!(got[3], "CMP");
}

#[test]
fn the_math_packs_errors_name_the_line() {
    assert_eq!(
        both_lines("10 A=0:B=1\n20 PRINT B/A\n"),
        ["Division by zero in 20"]
    );
    assert_eq!(
        both_lines("10 A=9E+62:B=10\n20 PRINT \"X\":PRINT A*B\n"),
        ["X", "Overflow in 20"]
    );
    // ON ERROR sees them as the runtime's own errors.
    assert_eq!(
        both_lines(concat!(
            "10 ON ERROR GOTO 100\n20 A=0:PRINT 1/A\n30 B=9E+62:PRINT B+B\n",
            "40 END\n100 PRINT ERR;ERL:RESUME NEXT\n",
        )),
        [" 11  20", " 6  30"]
    );
}

#[test]
fn the_program_owns_the_error_entries() {
    let out = build("10 PRINT 1\n");
    // 406Fh: JP rt_bas_error; 4067h: LD E,6 (Overflow); 4058h: LD E,11.
    let at = |a: u16| out.bytes[usize::from(a - out.load)];
    let error = out.symbol("rt_bas_error").unwrap().to_le_bytes();
    assert_eq!(
        [at(0x406F), at(0x4070), at(0x4071)],
        [0xC3, error[0], error[1]]
    );
    assert_eq!([at(0x4067), at(0x4068)], [0x1E, 6]);
    assert_eq!([at(0x4058), at(0x4059)], [0x1E, 11]);
    assert_eq!([at(0x4055), at(0x4056), at(0x4057)], [0x1E, 2, 0x01]);
    // The arithmetic core is the ROM's, not linked.
    assert_eq!(out.symbol("bcd_add"), Some(0x269A));
    assert_eq!(out.symbol("bcd_add_loop"), None);
}

#[test]
fn an_msx_dos_program_keeps_its_own_arithmetic() {
    let out = build_com(ARITHMETIC);
    assert!(out.symbol("bcd_add_loop").is_some());
    let interpreted = both_lines(ARITHMETIC);
    let mut m = boot_com(&out);
    run_until_text(&mut m, &interpreted[4], 3000);
    let text = screen(&m);
    for line in &interpreted {
        assert!(text.contains(line.as_str()), "{line:?} not in\n{text}");
    }
    let errors = build_com("10 A=0:PRINT 1/A\n");
    let mut m = boot_com(&errors);
    run_until_text(&mut m, "Division by zero in 10", 3000);
}

/// A disk's program has no error texts of its own: MSX-BASIC's error
/// handler in the ROM prints them (endrom.asm). A .COM's table (endtext.asm)
/// holds the texts of the file errors (50-71) only where something can
/// raise them: the disk routines or ERROR.
#[test]
fn error_texts_are_the_roms_on_a_disk_and_a_coms_own_where_they_can_arise() {
    let has =
        |out: &z80_codegen::Output, text: &[u8]| out.bytes.windows(text.len()).any(|w| w == text);
    let programs = [
        "10 PRINT 1/0\n",
        "10 OPEN \"X\" FOR INPUT AS #1\n",
        "10 KILL \"X\"\n",
        "10 INPUT N:ERROR N\n",
    ];
    for src in programs {
        let disk = build(src);
        assert!(disk.symbol("rt_bas_errtext").is_none(), "{src}");
        assert!(!has(&disk, b"Division by zero"), "{src}");
        assert!(!has(&disk, b"FIELD overflow"), "{src}");
        let com = build_com(src);
        assert!(has(&com, b"Division by zero"), "{src}");
        assert_eq!(has(&com, b"FIELD overflow"), src != programs[0], "{src}");
    }
    assert_eq!(
        both_lines("10 ON ERROR GOTO 30\n20 ERROR 53\n30 PRINT ERR:ERROR 61\n"),
        [" 53", "Bad file mode in 30"]
    );
}

/// CINT and integer variables through FRCINT: truncated toward zero,
/// Overflow outside -32768..32767, as the interpreter has it.
#[test]
fn integers_from_doubles_through_the_rom() {
    assert_eq!(
        both_lines(concat!(
            "10 X=-2.7:Y=32767.9:Z=-32768.4:A%=X:B%=-X:C%=Y:D%=Z\n",
            "20 PRINT A%;B%;C%;D%;CINT(X*2)\n",
            "30 W=Y+1:E%=W\n",
        )),
        ["-2  2  32767 -32768 -5", "Overflow in 30"]
    );
}

/// In a program with enough arithmetic, the moves to and from DAC/ARG and
/// the operations after them are calls with inline operands
/// (`runtime/inline.asm`); an error inside one still names its line, found
/// from the return address past the call's words.
#[test]
fn errors_inside_inline_forms_name_the_line() {
    let mut src = String::from("10 A=9E+62:C=3:D=2:E=5\n");
    for line in 11..30 {
        src.push_str(&format!("{line} D=D*C+E-C/E:E=E+D*C\n"));
    }
    src.push_str("40 PRINT \"X\":B=A*C*A*C\n50 PRINT B/0\n");
    let out = build(&src);
    assert!(
        out.symbol("rt_bcd_muli").is_some(),
        "the test needs the inline forms linked"
    );
    assert_eq!(both_lines(&src), ["X", "Overflow in 40"]);
    let src = src.replace("B=A*C*A*C", "B=C*C+C/E-C");
    assert_eq!(both_lines(&src), ["X", "Division by zero in 50"]);
}

/// READ, VAL and INPUT take their numbers from the main ROM's FIN (3299h),
/// called with page 1 switched to the ROM (runtime `rt_bas_romfin`): the
/// interpreter's answers, an Overflow inside FIN named at its line and
/// caught by ON ERROR, and `&H`/`&O`/`&B` read by the program as MSX-BASIC
/// reads them outside FIN.
#[test]
fn numbers_from_text_through_the_roms_fin() {
    let src = concat!(
        "10 READ A,B,C%,D#:PRINT A;B;C%;D#\n",
        "20 PRINT VAL(\" 1 2.5E2\");VAL(\"&HFF\");VAL(\"-3D1\");VAL(\"&B101\");VAL(\"X\")\n",
        "30 DATA 1.5, -2E3 ,77,1234567890123\n",
        "40 ON ERROR GOTO 100:READ E:PRINT E\n",
        "50 DATA 1E99\n",
        "60 PRINT VAL(\"12%\");VAL(\"3.14159265358979\");VAL(\"1E-5\"):END\n",
        "100 PRINT ERR;ERL:RESUME NEXT\n",
    );
    let out = build(src);
    assert!(out.symbol("rt_bas_romfin").is_some());
    assert_eq!(
        both_lines(src),
        [
            " 1.5 -2000  77  1234567890123",
            " 1250  255 -30  5  0",
            " 6  40",
            " 0",
            " 12  3.1415926535898  1E-05"
        ]
    );
}

/// SQR, SIN, COS, TAN, ATN, LOG, EXP and `^` are the main ROM's
/// (`runtime/mathrom.asm`, through `romcall.asm` with page 1 switched to the
/// ROM): the interpreter's digits and errors, Illegal function call and
/// Overflow caught by ON ERROR at their lines.
#[test]
fn functions_and_powers_through_the_rom() {
    let src = concat!(
        "10 A=1:PRINT SIN(A);COS(A);TAN(A);ATN(A)\n",
        "20 PRINT LOG(10);EXP(A);SQR(2);2^.5;2^10;(-2)^3\n",
        "30 ON ERROR GOTO 100\n",
        "40 PRINT LOG(0)\n50 PRINT SQR(-1)\n60 PRINT EXP(200)\n",
        "70 B=0:PRINT B^-1\n80 PRINT (-8)^(1/3)\n90 END\n",
        "100 PRINT ERR;ERL:RESUME NEXT\n",
    );
    let out = build(src);
    assert!(out.symbol("rt_bas_romcall").is_some());
    assert!(out.symbol("rt_bas_sinr").is_none(), "the runtime's own SIN");
    // The switching code fits below the slot byte that follows it in KBUF.
    let tramp = out.symbol("rt_bas_romcall.tramp").unwrap();
    let tend = out.symbol("rt_bas_romcall.tend").unwrap();
    assert!(tend - tramp <= 88, "{} bytes", tend - tramp);
    assert_eq!(
        both_lines(src),
        [
            // PRINT moves to the next line where a number would not fit.
            " .84147098480792  .54030230586811",
            " 1.557407724655  .78539816339744",
            " 2.302585092994  2.7182818284589",
            " 1.4142135623731  1.4142135623731  1024",
            "-8",
            " 5  40",
            " 5  50",
            " 6  60",
            " 11  70",
            " 5  80"
        ]
    );
}
