//! The parser on small programs: precedence as the ROM ranks operators,
//! types by suffix and DEFxxx, IF/ELSE nesting, and diagnostics.

use msx_basic::parse::{
    parse, types::type_of, BinOp, DiagnosticKind, Expr, ExprKind, LValue, StmtKind, Type,
};

fn stmts(src: &str) -> Vec<msx_basic::parse::Stmt> {
    let program = msx_basic::tokenize(src).unwrap();
    let parsed = parse(&program).unwrap_or_else(|e| panic!("{src}: {e}"));
    parsed
        .program
        .lines
        .into_iter()
        .flat_map(|l| l.statements)
        .collect()
}

/// The program's errors: the parse errors when it does not parse, else its
/// syntax errors, which the parser turns into run-time "Syntax error"
/// statements with a warning (as `Syntax` diagnostics of their line and
/// statement); none at all is a test failure.
fn errors(src: &str) -> Vec<msx_basic::parse::Diagnostic> {
    let program = msx_basic::tokenize(src).unwrap();
    match parse(&program) {
        Err(e) => e.0,
        Ok(p) => {
            let e: Vec<_> = p
                .warnings
                .iter()
                .filter(|w| w.message.starts_with("Syntax error"))
                .map(|w| msx_basic::parse::Diagnostic {
                    line: w.line,
                    statement: w.statement,
                    offset: 0,
                    kind: DiagnosticKind::Syntax(w.message.clone()),
                })
                .collect();
            assert!(!e.is_empty(), "{src}: no error");
            e
        }
    }
}

/// Fully parenthesised form of an expression, written here (not by the
/// code under test) so the expected strings are independent.
fn show(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Int(v) => v.to_string(),
        ExprKind::Single(_) => "s".into(),
        ExprKind::Double(_) => "d".into(),
        ExprKind::Str(s) => format!("\"{}\"", String::from_utf8_lossy(s)),
        ExprKind::Var(v) => v.to_string(),
        ExprKind::Element(v, i) => {
            format!("{v}({})", i.iter().map(show).collect::<Vec<_>>().join(","))
        }
        ExprKind::Neg(x) => format!("(-{})", show(x)),
        ExprKind::Not(x) => format!("(NOT {})", show(x)),
        ExprKind::Binary(op, a, b) => {
            let o = match op {
                BinOp::Power => "^".to_string(),
                BinOp::Mul => "*".into(),
                BinOp::Div => "/".into(),
                BinOp::IntDiv => "\\".into(),
                BinOp::Mod => "MOD".into(),
                BinOp::Add => "+".into(),
                BinOp::Sub => "-".into(),
                BinOp::Compare(m) => format!("cmp{m:03b}"),
                BinOp::And => "AND".into(),
                BinOp::Or => "OR".into(),
                BinOp::Xor => "XOR".into(),
                BinOp::Eqv => "EQV".into(),
                BinOp::Imp => "IMP".into(),
            };
            format!("({} {o} {})", show(a), show(b))
        }
        ExprKind::Call(k, args) => format!(
            "{}[{}]",
            k.spelling(),
            args.iter().map(show).collect::<Vec<_>>().join(",")
        ),
        ExprKind::UserFn(v, args) => {
            format!(
                "FN {v}[{}]",
                args.iter().map(show).collect::<Vec<_>>().join(",")
            )
        }
    }
}

fn value(src: &str) -> String {
    let s = stmts(&format!("10 X={src}\n"));
    let StmtKind::Let { value, .. } = &s[0].kind else {
        panic!()
    };
    show(value)
}

#[test]
fn precedence_follows_the_rom_table() {
    // ^ binds tighter than unary minus: -2^2 = -4 (ROM: NEG at level 7DH).
    assert_eq!(value("-2^2"), "(-(2 ^ 2))");
    assert_eq!(value("-2*3"), "((-2) * 3)");
    // ^ is left-associative.
    assert_eq!(value("2^3^2"), "((2 ^ 3) ^ 2)");
    assert_eq!(value("2^-1"), "(2 ^ (-1))");
    // * / above \ above MOD above + -.
    assert_eq!(value("1+2*3"), "(1 + (2 * 3))");
    assert_eq!(value("7\\2*3"), "(7 \\ (2 * 3))");
    assert_eq!(value("7 MOD 3\\2"), "(7 MOD (3 \\ 2))");
    assert_eq!(value("1+7 MOD 3"), "(1 + (7 MOD 3))");
    // Relational below arithmetic, NOT below relational, then AND OR XOR EQV IMP.
    assert_eq!(value("NOT A=B"), "(NOT (A# cmp010 B#))");
    assert_eq!(value("NOT 1 AND 2"), "((NOT 1) AND 2)");
    assert_eq!(value("1 OR 2 AND 3"), "(1 OR (2 AND 3))");
    assert_eq!(value("1 IMP 2 EQV 3 XOR 4"), "(1 IMP (2 EQV (3 XOR 4)))");
    assert_eq!(value("A<>B"), "(A# cmp101 B# )".replace(" )", ")"));
    assert_eq!(value("A>=B"), "(A# cmp011 B#)");
    assert_eq!(value("A=<B"), "(A# cmp110 B#)");
    assert_eq!(value("A=B=C"), "((A# cmp010 B#) cmp010 C#)");
    assert_eq!(value("+5"), "5");
    assert_eq!(value("(1+2)*3"), "((1 + 2) * 3)");
    assert_eq!(value("&HFFFF+&O17+&B101"), "((-1 + 15) + 5)");
}

#[test]
fn names_and_types() {
    // Two significant characters; suffixes; blanks inside names are skipped.
    assert_eq!(value("SPEED%+SP%"), "(SP% + SP%)");
    assert_eq!(value("A1$"), "A1$");
    assert_eq!(value("B!+C#"), "(B! + C#)");
    let s = stmts("10 DEFINT A-C,Z:DEFSTR S\n20 A=1:Z=2:D=3:S=\"x\"\n");
    let tys: Vec<Type> = s[2..]
        .iter()
        .map(|s| match &s.kind {
            StmtKind::Let { target, .. } => target.var().ty,
            _ => panic!(),
        })
        .collect();
    assert_eq!(
        tys,
        [Type::Integer, Type::Integer, Type::Double, Type::String]
    );
    // SCORE crunches as S C OR E: the name is SC, then the OR operator.
    assert_eq!(value("SCORE"), "(SC# OR E#)");
}

#[test]
fn functions() {
    assert_eq!(value("LEFT$(A$,2)"), "LEFT$[A$,2]");
    assert_eq!(value("MID$(A$,2)"), "MID$[A$,2]");
    assert_eq!(value("MID$(A$,2,1)"), "MID$[A$,2,1]");
    assert_eq!(value("INPUT$(1)"), "INPUT[1]");
    assert_eq!(value("INKEY$"), "INKEY$[]");
    assert_eq!(value("TIME"), "TIME[]");
    assert_eq!(value("INSTR(3,A$,\"x\")"), "INSTR[3,A$,\"x\"]");
    assert_eq!(value("STRING$(3,42)"), "STRING$[3,42]");
    assert_eq!(value("VPEEK(6144+X)"), "VPEEK[(6144 + X#)]");
    assert_eq!(value("RND(-TIME)"), "RND[(-TIME[])]");
    assert_eq!(value("FN F(1,2)"), "FN F#[1,2]");
    assert_eq!(value("A(1,2)+A"), "(A#(1,2) + A#)");
}

#[test]
fn static_types() {
    let ty = |src: &str| {
        let s = stmts(&format!("10 X={src}\n"));
        let StmtKind::Let { value, .. } = &s[0].kind else {
            panic!()
        };
        type_of(value)
    };
    assert_eq!(ty("1+2"), Some(Type::Integer));
    assert_eq!(ty("1/3"), Some(Type::Double));
    assert_eq!(ty("1!*2!"), Some(Type::Double));
    assert_eq!(ty("7\\2"), Some(Type::Integer));
    assert_eq!(ty("A$+B$"), Some(Type::String));
    assert_eq!(ty("A$<B$"), Some(Type::Integer));
    assert_eq!(ty("A$+1"), None);
    assert_eq!(ty("INT(A%)"), Some(Type::Integer));
    assert_eq!(ty("INT(A!)"), Some(Type::Single));
    assert_eq!(ty("TIME"), Some(Type::Single));
    assert_eq!(ty("LEN(A$)"), Some(Type::Integer));
}

#[test]
fn if_then_else_nesting() {
    // The inner IF takes the first ELSE (MSX counts IFs when it skips).
    let s = stmts("10 IF A THEN IF B THEN 20 ELSE 30 ELSE 40\n20 END\n30 END\n40 END\n");
    let StmtKind::If {
        then, otherwise, ..
    } = &s[0].kind
    else {
        panic!()
    };
    assert!(matches!(otherwise[0].kind, StmtKind::Goto(40)));
    let StmtKind::If {
        then: t2,
        otherwise: o2,
        ..
    } = &then[0].kind
    else {
        panic!()
    };
    assert!(matches!(t2[0].kind, StmtKind::Goto(20)));
    assert!(matches!(o2[0].kind, StmtKind::Goto(30)));
    // IF … GOTO, and statements in both branches.
    let s = stmts("10 IF A GOTO 10\n20 IF A THEN B=1:C=2 ELSE D=3:E=4\n");
    assert!(
        matches!(&s[0].kind, StmtKind::If { then, .. } if matches!(then[0].kind, StmtKind::Goto(10)))
    );
    let StmtKind::If {
        then, otherwise, ..
    } = &s[1].kind
    else {
        panic!()
    };
    assert_eq!((then.len(), otherwise.len()), (2, 2));
    // A second ELSE after a finished IF is a REM.
    let s = stmts("10 IF A THEN B=1 ELSE C=2 ELSE D=3\n");
    assert_eq!(s.len(), 2);
    assert!(matches!(s[1].kind, StmtKind::Rem));
}

#[test]
fn statements() {
    let s = stmts(
        "10 FOR I=1 TO 10 STEP -2:NEXT:ON X GOSUB 10,20:ON X GOTO 20\n\
         20 DIM A(3,4),B$(5):READ A(1,1),B$(2):RESTORE 30:SWAP A,B\n\
         30 DATA 1,\"two\", three \n\
         40 DEF FN F(X,Y)=X*Y:DEF FNG=1:LOCATE ,5:COLOR 15,,1:SCREEN 1,2\n\
         50 PSET(10,20),3:LINE(0,0)-STEP(5,5),7,BF:LINE -(1,1):PUT SPRITE 0,(10,10),15,0\n\
         60 INPUT \"Name\";N$,A:KEY OFF:VPOKE 6144,65:MID$(A$,2)=\"x\":TIME=0:?TAB(3);SPC(2);1,\n\
         70 CIRCLE(128,96),50,15:PAINT STEP(0,0),5:SPRITE$(0)=A$:A$=INPUT$(1)\n",
    );
    let kinds: Vec<&str> = s
        .iter()
        .map(|s| match &s.kind {
            StmtKind::For { step: Some(_), .. } => "for-step",
            StmtKind::Next(v) if v.is_empty() => "next",
            StmtKind::On {
                gosub: true,
                targets,
                ..
            } if targets.len() == 2 => "on-gosub",
            StmtKind::On { gosub: false, .. } => "on-goto",
            StmtKind::Dim(a) if a.len() == 2 && a[0].1.len() == 2 => "dim",
            StmtKind::Read(t) if matches!(t[0], LValue::Element(..)) => "read",
            StmtKind::Restore(Some(30)) => "restore",
            StmtKind::Swap(..) => "swap",
            StmtKind::Data { count: 3, .. } => "data",
            StmtKind::DefFn { params, .. } => {
                if params.len() == 2 {
                    "deffn2"
                } else {
                    "deffn0"
                }
            }
            StmtKind::Locate {
                x: None,
                y: Some(_),
                ..
            } => "locate",
            StmtKind::Color {
                fg: Some(_),
                bg: None,
                border: Some(_),
            } => "color",
            StmtKind::Screen(a) if a.len() == 2 => "screen",
            StmtKind::Pset {
                set: true,
                color: Some(_),
                ..
            } => "pset",
            StmtKind::Line {
                from: Some(_),
                to,
                shape: msx_basic::parse::LineShape::FilledBox,
                ..
            } if to.step => "line-bf",
            StmtKind::Line { from: None, .. } => "line-to",
            StmtKind::PutSprite {
                at: Some(_),
                color: Some(_),
                pattern: Some(_),
                ..
            } => "put-sprite",
            StmtKind::Input {
                prompt: Some(_),
                targets,
            } if targets.len() == 2 => "input",
            StmtKind::KeyDisplay(false) => "key-off",
            StmtKind::Vpoke { .. } => "vpoke",
            StmtKind::MidAssign { len: None, .. } => "mid",
            StmtKind::SetTime(_) => "time",
            StmtKind::Print(items) if items.len() == 6 => "print",
            StmtKind::Circle { args, .. } if args.len() == 1 => "circle",
            StmtKind::Paint { at, .. } if at.step => "paint",
            StmtKind::SetSprite { .. } => "sprite$",
            StmtKind::Let { .. } => "let",
            other => panic!("unexpected {other:?}"),
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "for-step",
            "next",
            "on-gosub",
            "on-goto",
            "dim",
            "read",
            "restore",
            "swap",
            "data",
            "deffn2",
            "deffn0",
            "locate",
            "color",
            "screen",
            "pset",
            "line-bf",
            "line-to",
            "put-sprite",
            "input",
            "key-off",
            "vpoke",
            "mid",
            "time",
            "print",
            "circle",
            "paint",
            "sprite$",
            "let"
        ]
    );
}

#[test]
fn diagnostics_name_line_and_statement() {
    let e = errors("450 CLS:MERGE \"X\"\n");
    assert_eq!(e[0].kind, DiagnosticKind::Unsupported("MERGE".into()));
    assert_eq!((e[0].line, e[0].statement), (450, 2));

    let e = errors("10 A=1:LLIST\n20 MERGE \"X\"\n30 X=(1+\n40 PRINT FPOS(1)\n");
    let lines: Vec<u16> = e.iter().map(|d| d.line).collect();
    assert_eq!(lines, [10, 20, 40]);
    assert_eq!(
        e[0].to_string(),
        "line 10: LLIST is not supported yet (statement 2, byte 4)"
    );
}

#[test]
fn syntax_errors_and_missing_lines_fail_at_run_time_with_a_warning() {
    // MSX reports both only when the statement runs: the statement before
    // the error is kept, the one in error fails, a GOTO to a missing line
    // stays a GOTO (the lowering makes it fail).
    let program = msx_basic::tokenize("10 PRINT 1:GOTO 99\n20 PRINT 2:X=(1+\n").unwrap();
    let parsed = parse(&program).unwrap();
    let kinds: Vec<&StmtKind> = parsed.program.lines[1]
        .statements
        .iter()
        .map(|s| &s.kind)
        .collect();
    assert!(
        matches!(kinds[..], [StmtKind::Print(_), StmtKind::Fails(2)]),
        "{kinds:?}"
    );
    let w: Vec<String> = parsed.warnings.iter().map(|w| w.to_string()).collect();
    assert_eq!(w.len(), 2, "{w:?}");
    assert!(
        w[0].starts_with("line 10: Undefined line number 99"),
        "{w:?}"
    );
    assert!(w[0].ends_with("(statement 2)"), "{w:?}");
    assert!(w[1].starts_with("line 20: Syntax error"), "{w:?}");
}

#[test]
fn next_without_any_for_is_a_warning() {
    let program = msx_basic::tokenize("10 FOR I=1 TO 2:NEXT J\n").unwrap();
    let p = parse(&program).unwrap();
    assert_eq!(p.warnings.len(), 1);
    assert_eq!(p.warnings[0].line, 10);
}

#[test]
fn file_statements() {
    use msx_basic::parse::FileMode;
    // OUTPUT crunches as OUT PUT, AS and APPEND are letters; no blanks
    // needed, as on MSX.
    let s = stmts(concat!(
        "10 OPEN\"A:X\"FOR OUTPUT AS#1:OPEN \"Y\" FOR APPEND AS 2\n",
        "20 OPEN \"Z\" FOR INPUT AS #3:CLOSE:CLOSE #1,2\n",
        "30 PRINT #1,A;:INPUT #1,A$,B:LINE INPUT #2,C$:KILL \"X\"\n",
        "40 NAME \"X\" AS \"Y\":MAXFILES=3\n",
    ));
    let modes: Vec<FileMode> = s
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Open { mode, .. } => Some(*mode),
            _ => None,
        })
        .collect();
    assert_eq!(modes, [FileMode::Output, FileMode::Append, FileMode::Input]);
    assert!(matches!(&s[3].kind, StmtKind::Close(n) if n.is_empty()));
    assert!(matches!(&s[4].kind, StmtKind::Close(n) if n.len() == 2));
    assert!(
        matches!(&s[5].kind, StmtKind::PrintFile { body, .. } if matches!(**body, StmtKind::Print(ref i) if i.len() == 2))
    );
    assert!(matches!(&s[6].kind, StmtKind::InputFile { targets, .. } if targets.len() == 2));
    assert!(matches!(&s[7].kind, StmtKind::LineInputFile { .. }));
    assert!(matches!(&s[8].kind, StmtKind::Kill(_)));
    assert!(matches!(&s[9].kind, StmtKind::Rename { .. }));
    assert!(matches!(&s[10].kind, StmtKind::MaxFiles(_)));

    // LEN= is for random files only (disk ROM H.NOFO: Syntax error).
    let e = errors("10 OPEN \"X\" FOR OUTPUT AS 1 LEN=5\n20 INPUT #1 A\n");
    assert!(matches!(e[0].kind, DiagnosticKind::Syntax(_)));
    assert!(matches!(e[1].kind, DiagnosticKind::Syntax(_)));
}

#[test]
fn random_file_and_bsave_statements() {
    use msx_basic::parse::{BloadOption, FileMode};
    let s = stmts(concat!(
        "10 OPEN \"R\" AS #1 LEN=32:OPEN \"S\" AS 2\n",
        "20 FIELD #1,2 AS A$,30 AS B$(3):FIELD 2,1 AS C$\n",
        "30 LSET A$=\"X\":RSET B$(3)=C$\n",
        "40 GET #1:GET 1,5:PUT #2,R%:PUT SPRITE 0,(1,2)\n",
        "50 BSAVE \"B\",&HC000,&HC0FF:BSAVE \"B\",1,2,3:BSAVE \"V\",0,99,S\n",
        "60 BLOAD \"B\":BLOAD \"B\",R:BLOAD \"B\",S,100:BLOAD \"B\",&H10\n",
    ));
    assert!(matches!(
        &s[0].kind,
        StmtKind::Open {
            mode: FileMode::Random,
            len: Some(_),
            ..
        }
    ));
    assert!(matches!(
        &s[1].kind,
        StmtKind::Open {
            mode: FileMode::Random,
            len: None,
            ..
        }
    ));
    assert!(matches!(&s[2].kind, StmtKind::Field { fields, .. }
        if fields.len() == 2 && matches!(fields[1].1, LValue::Element(..))));
    assert!(matches!(&s[3].kind, StmtKind::Field { fields, .. } if fields.len() == 1));
    assert!(matches!(
        &s[4].kind,
        StmtKind::SetField { right: false, .. }
    ));
    assert!(matches!(&s[5].kind, StmtKind::SetField { right: true, .. }));
    assert!(matches!(
        &s[6].kind,
        StmtKind::GetPut {
            put: false,
            record: None,
            ..
        }
    ));
    assert!(matches!(
        &s[7].kind,
        StmtKind::GetPut {
            put: false,
            record: Some(_),
            ..
        }
    ));
    assert!(matches!(
        &s[8].kind,
        StmtKind::GetPut {
            put: true,
            record: Some(_),
            ..
        }
    ));
    assert!(matches!(&s[9].kind, StmtKind::PutSprite { .. }));
    assert!(matches!(
        &s[10].kind,
        StmtKind::Bsave {
            exec: None,
            vram: false,
            ..
        }
    ));
    assert!(matches!(
        &s[11].kind,
        StmtKind::Bsave {
            exec: Some(_),
            vram: false,
            ..
        }
    ));
    assert!(matches!(
        &s[12].kind,
        StmtKind::Bsave {
            exec: None,
            vram: true,
            ..
        }
    ));
    assert!(matches!(
        &s[13].kind,
        StmtKind::Bload {
            option: BloadOption::None,
            offset: None,
            ..
        }
    ));
    assert!(matches!(
        &s[14].kind,
        StmtKind::Bload {
            option: BloadOption::Run,
            offset: None,
            ..
        }
    ));
    assert!(matches!(
        &s[15].kind,
        StmtKind::Bload {
            option: BloadOption::Vram,
            offset: Some(_),
            ..
        }
    ));
    assert!(matches!(
        &s[16].kind,
        StmtKind::Bload {
            option: BloadOption::None,
            offset: Some(_),
            ..
        }
    ));

    // The functions' types (disk ROM: CVS and CVD set VALTYP 4 and 8).
    let types: Vec<Option<Type>> = [
        "CVI(A$)", "CVS(A$)", "CVD(A$)", "MKI$(1)", "MKS$(1)", "MKD$(1)", "LOC(1)", "LOF(1)",
    ]
    .iter()
    .map(|f| match &stmts(&format!("10 X={f}\n"))[0].kind {
        StmtKind::Let { value, .. } => type_of(value),
        _ => None,
    })
    .collect();
    use Type::*;
    assert_eq!(
        types,
        [
            Some(Integer),
            Some(Single),
            Some(Double),
            Some(String),
            Some(String),
            Some(String),
            Some(Double),
            Some(Double)
        ]
    );

    // FOR RANDOM is no MSX-BASIC (ROM C6AB7); BSAVE's S ends the
    // statement; FIELD needs AS.
    assert!(matches!(
        errors("10 OPEN \"R\" FOR RANDOM AS 1\n")[0].kind,
        DiagnosticKind::Syntax(_)
    ));
    assert!(matches!(
        errors("10 BSAVE \"B\",1,2,SX\n")[0].kind,
        DiagnosticKind::Syntax(_)
    ));
    assert!(matches!(
        errors("10 FIELD 1,2 A$\n")[0].kind,
        DiagnosticKind::Syntax(_)
    ));
}

#[test]
fn usr_varptr_and_lprint_forms() {
    // DEF USR[n]: the digit is the cruncher's 0-9 token (ROM C4FF4).
    let s = stmts("10 DEFUSR=&HC000:DEF USR3=100\n");
    assert!(matches!(s[0].kind, StmtKind::DefUsr { number: 0, .. }));
    assert!(matches!(s[1].kind, StmtKind::DefUsr { number: 3, .. }));
    // USR5(x): the number, then the argument; a string argument makes a
    // string, a number a double.
    let s = stmts("10 A=USR5(1):B$=USR(\"X\")\n");
    let StmtKind::Let { value, .. } = &s[0].kind else {
        panic!("{:?}", s[0].kind)
    };
    let ExprKind::Call(_, args) = &value.kind else {
        panic!("{value:?}")
    };
    assert!(matches!(args[0].kind, ExprKind::Int(5)));
    assert_eq!(type_of(value), Some(Type::Double));
    let StmtKind::Let { value, .. } = &s[1].kind else {
        panic!("{:?}", s[1].kind)
    };
    assert_eq!(type_of(value), Some(Type::String));
    assert!(matches!(
        errors("10 A=USR12(1)\n")[0].kind,
        DiagnosticKind::Syntax(_)
    ));
    // VARPTR of a variable, an element, a file; not of an expression.
    let s = stmts("10 P=VARPTR(A$):P=VARPTR(M%(2)):P=VARPTR(#1)\n");
    for (st, n) in s.iter().zip([1, 1, 2]) {
        let StmtKind::Let { value, .. } = &st.kind else {
            panic!("{:?}", st.kind)
        };
        let ExprKind::Call(_, args) = &value.kind else {
            panic!("{value:?}")
        };
        assert_eq!(args.len(), n);
        assert_eq!(type_of(value), Some(Type::Integer));
    }
    assert!(matches!(
        errors("10 P=VARPTR(1+2)\n")[0].kind,
        DiagnosticKind::Syntax(_)
    ));
    // LPRINT takes PRINT's items and USING, no file number.
    let s = stmts("10 LPRINT 1;\"A\",:LPRINT USING \"##\";5\n");
    assert!(matches!(s[0].kind, StmtKind::Lprint(_)));
    assert!(matches!(s[1].kind, StmtKind::Lprint(_)));
    assert!(matches!(
        errors("10 LPRINT #1,1\n")[0].kind,
        DiagnosticKind::Syntax(_)
    ));
}
