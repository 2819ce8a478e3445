//! Both Battleship listings parse completely, and the parts of them that
//! exercise the parser's trickier rules come out as MSX-BASIC reads them.

use msx_basic::parse::{parse, ExprKind, LValue, PrintItem, StmtKind, Type};

fn parsed(file: &str) -> msx_basic::parse::Parsed {
    let path = format!(
        "{}/../../examples/battleship/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let program = msx_basic::tokenize(&text).unwrap();
    parse(&program).unwrap_or_else(|e| panic!("{file}:\n{e}"))
}

#[test]
fn both_listings_parse() {
    for file in ["battle.bas", "batalha.bas"] {
        let p = parsed(file);
        assert_eq!(p.program.lines.len(), 111, "{file}");
        assert!(p.warnings.is_empty(), "{file}: {:?}", p.warnings);
        // 2010: 12 items, 2020: 15 items.
        assert_eq!(p.program.data.len(), 27, "{file}");
    }
}

#[test]
fn battle_details() {
    let p = parsed("battle.bas").program;
    // 270 NEXT I,Y
    let l270 = p.line(270).unwrap();
    let StmtKind::Next(vars) = &l270.statements[0].kind else {
        panic!()
    };
    assert_eq!(vars.len(), 2);
    assert_eq!(vars[0].name.to_string(), "I");
    assert_eq!(vars[1].name.to_string(), "Y");
    assert_eq!(vars[0].ty, Type::Double);

    // 440 IF I>1 THEN GOSUB 500 ELSE 460
    let StmtKind::If {
        then, otherwise, ..
    } = &p.line(440).unwrap().statements[0].kind
    else {
        panic!()
    };
    assert!(matches!(then[0].kind, StmtKind::Gosub(500)));
    assert!(matches!(otherwise[0].kind, StmtKind::Goto(460)));

    // 120 IF A=29 THEN CX=CX-1:IF CX<20 THEN CX=20 — the nested IF is in the THEN branch.
    let l120 = p.line(120).unwrap();
    assert_eq!(l120.statements.len(), 1);
    let StmtKind::If { then, .. } = &l120.statements[0].kind else {
        panic!()
    };
    assert_eq!(then.len(), 2);
    assert!(matches!(then[1].kind, StmtKind::If { .. }));
    assert_eq!(then[1].span.statement, 3);

    // 300 LOCATE 0:READ A$:PRINT A$;
    let s = &p.line(300).unwrap().statements;
    let StmtKind::Locate { x, y, cursor } = &s[0].kind else {
        panic!()
    };
    assert!(x.is_some() && y.is_none() && cursor.is_none());
    let StmtKind::Read(targets) = &s[1].kind else {
        panic!()
    };
    assert_eq!(targets[0].var().ty, Type::String);
    let StmtKind::Print(items) = &s[2].kind else {
        panic!()
    };
    assert!(matches!(
        items[..],
        [PrintItem::Expr(_), PrintItem::Semicolon]
    ));

    // 830 FOR PY=Y TO Y+2:FOR PX=X TO X+C+1 — PX the scalar, PX() the array of line 210.
    let StmtKind::For { var, .. } = &p.line(830).unwrap().statements[1].kind else {
        panic!()
    };
    assert_eq!(var.name.to_string(), "PX");
    let StmtKind::Let { target, .. } = &p.line(210).unwrap().statements[1].kind else {
        panic!()
    };
    assert!(matches!(target, LValue::Element(v, _) if v.name.to_string() == "PX"));

    // 430 X=INT((BT-C+1)*RND(-TIME))+1
    let StmtKind::Let { value, .. } = &p.line(430).unwrap().statements[0].kind else {
        panic!()
    };
    let ExprKind::Binary(_, int, _) = &value.kind else {
        panic!()
    };
    assert!(matches!(
        int.kind,
        ExprKind::Call(msx_basic::Keyword::Int, _)
    ));

    // 2020: unquoted items lose leading blanks.
    let d: Vec<String> = p
        .data
        .iter()
        .map(|d| String::from_utf8(d.text.clone()).unwrap())
        .collect();
    assert_eq!(d[12..16], ["Ship", "Format", "Total", "Aircraft Carrier"]);
    assert_eq!(p.data_index_at(2020), 12);
}
