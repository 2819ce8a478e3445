//! One test per language construct: the program checks, and the checked tree says what the
//! code generator needs (types, sizes, conversions, folded constants, resolved names).

mod common;

use common::{check, check_with, global, routine, symbol};
use msx_pascal::check::stdlib::{StdRoutine, StdVar};
use msx_pascal::checked::{Arg, BinaryOp, CmpKind, Conversion, ExprKind, InlineValue, StmtKind};
use msx_pascal::symbols::{ConstValue, PassMode, Storage, SymbolKind};
use msx_pascal::types::{Type, TypeId};
use msx_pascal::MemoryFiles;

fn init_bytes(p: &msx_pascal::CheckedProgram, name: &str) -> Vec<u8> {
    match &global(p, name).1.kind {
        SymbolKind::Var { init: Some(b), .. } => b.clone(),
        other => panic!("{name} is not a typed constant: {other:?}"),
    }
}

fn assign_value(stmt: &StmtKind) -> &msx_pascal::checked::Expr {
    match stmt {
        StmtKind::Assign { value, .. } => value,
        other => panic!("not an assignment: {other:?}"),
    }
}

#[test]
fn constants_fold_and_wrap() {
    let p = check(
        "const a = 3 * (4 + 1); b = a div 2 - 10; big = $FFFF; c = 'x'; s = 'ab' + 'cd';
               r = 1.5 * 2; e = 30000 + 30000; n = -a; o = ord('A') + 1; l = length(s);
         var i : integer; begin i := a + b + o end.",
    );
    let value = |n: &str| match &global(&p, n).1.kind {
        SymbolKind::Const(v) => v.clone(),
        k => panic!("{k:?}"),
    };
    assert_eq!(value("a"), ConstValue::Ord(15));
    assert_eq!(value("b"), ConstValue::Ord(-3));
    assert_eq!(value("big"), ConstValue::Ord(-1));
    assert_eq!(value("c"), ConstValue::Ord(b'x' as i64));
    assert_eq!(value("s"), ConstValue::Str(b"abcd".to_vec()));
    assert_eq!(value("r"), ConstValue::Real(3.0));
    assert_eq!(value("e"), ConstValue::Ord(60000 - 65536));
    assert_eq!(value("n"), ConstValue::Ord(-15));
    assert_eq!(value("o"), ConstValue::Ord(66));
    assert_eq!(value("l"), ConstValue::Ord(4));
    // i := a + b + o is folded to one constant.
    assert_eq!(
        assign_value(&p.body[0].kind).as_const(),
        Some(&ConstValue::Ord(15 - 3 + 66))
    );
}

#[test]
fn typed_constants_records_sets_strings_reals() {
    let p = check(
        "type point = record x, y : integer; tag : char end;
              letters = set of 'a'..'z';
         const origin : point = (x: 1; y: -2; tag: 'o');
               vowels : letters = ['a', 'e', 'i', 'o', 'u'];
               title : string[5] = 'Mine';
               half : real = 0.5;
               name : array[1..3] of char = 'abc';
               flags : array[boolean] of byte = (7, 9);
         begin origin.x := 5 end.",
    );
    assert_eq!(init_bytes(&p, "origin"), vec![1, 0, 0xFE, 0xFF, b'o']);
    // 'a'..'z' = 97..122: bytes 12..15 are stored; 'a' is bit 1 of byte 12.
    let v = init_bytes(&p, "vowels");
    assert_eq!(v.len(), 4);
    assert_eq!(v[0], 0b0010_0010); // a (97), e (101)
    assert_eq!(v[1], 0b1000_0010); // i (105), o (111)
    assert_eq!(v[2], 0b0010_0000); // u (117)
    assert_eq!(init_bytes(&p, "title"), vec![4, b'M', b'i', b'n', b'e', 0]);
    assert_eq!(init_bytes(&p, "half"), vec![0x80, 0, 0, 0, 0, 0]);
    assert_eq!(init_bytes(&p, "name"), b"abc".to_vec());
    assert_eq!(init_bytes(&p, "flags"), vec![7, 9]);
}

#[test]
fn record_layout_with_variants() {
    let p = check(
        "type shape = (circle, box);
              fig = record
                id : byte;
                case kind : shape of
                  circle : (radius : integer);
                  box : (w, h : integer; name : string[3]);
              end;
         var f : fig;
         begin f.kind := box; f.w := 3 end.",
    );
    let ty = global(&p, "f").1.ty;
    let Type::Record { fields } = p.types.get(ty) else {
        panic!()
    };
    let offsets: Vec<_> = fields.iter().map(|f| (f.name.as_str(), f.offset)).collect();
    assert_eq!(
        offsets,
        [
            ("id", 0),
            ("kind", 1),
            ("radius", 2),
            ("w", 2),
            ("h", 4),
            ("name", 6)
        ]
    );
    assert_eq!(p.types.size(ty), 10);
}

#[test]
fn arrays_with_any_ordinal_bounds() {
    let p = check(
        "type color = (red, green, blue);
         var a : array[-1..18, 1..4] of integer;
             b : array[color] of char;
             c : array['a'..'c'] of boolean;
             i : integer;
         begin a[i, 2] := 1; b[green] := 'g'; c['b'] := true end.",
    );
    assert_eq!(p.types.size(global(&p, "a").1.ty), 160);
    assert_eq!(p.types.size(global(&p, "b").1.ty), 3);
    assert_eq!(p.types.size(global(&p, "c").1.ty), 3);
    // a[i, 2] is Index(Index(a, i), 2): one dimension at a time.
    let StmtKind::Assign { target, .. } = &p.body[0].kind else {
        panic!()
    };
    let ExprKind::Index { array, index } = &target.kind else {
        panic!()
    };
    assert_eq!(index.const_ord(), Some(2));
    assert!(matches!(array.kind, ExprKind::Index { .. }));
    assert_eq!(target.ty, TypeId::INTEGER);
}

#[test]
fn byte_operands_are_widened_and_narrowed_explicitly() {
    let p = check(
        "var b, c : byte; i : integer; r : real; ch : char; s : string[10];
         begin
           i := b + 1;
           b := i;
           r := i;
           s := ch;
           if b = c then ;
           if i = b then ;
         end.",
    );
    let v0 = assign_value(&p.body[0].kind);
    let ExprKind::Binary { op, lhs, .. } = &v0.kind else {
        panic!("{v0:?}")
    };
    assert_eq!(*op, BinaryOp::IntAdd);
    assert!(matches!(
        lhs.kind,
        ExprKind::Convert {
            conv: Conversion::ByteToInt,
            ..
        }
    ));
    let conv = |i: usize| match &assign_value(&p.body[i].kind).kind {
        ExprKind::Convert { conv, .. } => *conv,
        other => panic!("{other:?}"),
    };
    assert_eq!(conv(1), Conversion::IntToByte);
    assert_eq!(conv(2), Conversion::IntToReal);
    assert_eq!(conv(3), Conversion::CharToStr);
    let cmp = |i: usize| match &p.body[i].kind {
        StmtKind::If { cond, .. } => match cond.kind {
            ExprKind::Binary { op, .. } => op,
            _ => panic!(),
        },
        _ => panic!(),
    };
    assert_eq!(
        cmp(4),
        BinaryOp::Cmp(msx_pascal::checked::Cmp::Eq, CmpKind::Byte)
    );
    assert_eq!(
        cmp(5),
        BinaryOp::Cmp(msx_pascal::checked::Cmp::Eq, CmpKind::Int)
    );
}

#[test]
fn nested_routines_params_and_storage() {
    let p = check(
        "var g : integer;
         procedure outer(a : integer; var b : integer);
         var l : integer;
           function inner(x : integer) : integer;
           begin inner := x + a + l end;
         begin l := inner(a); b := l end;
         {$A-}
         function fact(n : integer) : integer;
         var t : integer;
         begin if n <= 1 then fact := 1 else begin t := fact(n - 1); fact := n * t end end;
         {$A+}
         begin outer(1, g); g := fact(5) end.",
    );
    let outer = routine(&p, "outer");
    let inner = routine(&p, "inner");
    let fact = routine(&p, "fact");
    assert_eq!((outer.level, inner.level), (1, 2));
    assert_eq!(inner.parent, Some(msx_pascal::symbols::RoutineId(0)));
    let mode = |s| match p.symbols.get(s).kind {
        SymbolKind::Var {
            storage: Storage::Param { mode, .. },
            ..
        } => mode,
        ref k => panic!("{k:?}"),
    };
    assert_eq!(mode(outer.params[0]), PassMode::Value);
    assert_eq!(mode(outer.params[1]), PassMode::Var);
    assert!(fact.recursive && !outer.recursive);
    assert!(matches!(
        p.symbols.get(fact.locals[0]).kind,
        SymbolKind::Var {
            storage: Storage::RecursiveLocal { .. },
            ..
        }
    ));
    // `fact := 1` assigns the result variable.
    let StmtKind::If { then, .. } = &fact.body[0].kind else {
        panic!()
    };
    let StmtKind::Assign { target, .. } = &then.kind else {
        panic!()
    };
    assert_eq!(target.kind_var(), fact.result);
    // outer(1, g): g is passed by reference.
    let StmtKind::Call { args, .. } = &p.body[0].kind else {
        panic!()
    };
    assert!(matches!(args[0], Arg::Value(_)));
    assert!(matches!(args[1], Arg::Ref(_)));
}

trait VarOf {
    fn kind_var(&self) -> Option<msx_pascal::symbols::SymbolId>;
}

impl VarOf for msx_pascal::checked::Expr {
    fn kind_var(&self) -> Option<msx_pascal::symbols::SymbolId> {
        match self.kind {
            ExprKind::Var(s) => Some(s),
            _ => None,
        }
    }
}

#[test]
fn forward_declarations() {
    let p = check(
        "procedure b(n : integer); forward;
         procedure a(n : integer); begin if n > 0 then b(n - 1) end;
         procedure b; begin if n > 0 then a(n - 1) end;
         begin a(3) end.",
    );
    assert_eq!(p.routines.len(), 2);
    assert!(!routine(&p, "b").body.is_empty());
}

#[test]
fn case_with_ranges_lists_and_else() {
    let p = check(
        "var c : char; n : integer;
         begin
           case c of
             'a'..'z', '_' : n := 1;
             '0'..'9' : n := 2;
           else n := 3; n := n + 1
           end
         end.",
    );
    let StmtKind::Case { arms, els, .. } = &p.body[0].kind else {
        panic!()
    };
    assert_eq!(arms[0].ranges, vec![(97, 122), (95, 95)]);
    assert_eq!(arms[1].ranges, vec![(48, 57)]);
    assert_eq!(els.as_ref().map(|e| e.len()), Some(2));
}

#[test]
fn loops_and_control() {
    let p = check(
        "label 10, done;
         var i, n : integer;
         begin
           n := 0;
           for i := 10 downto 1 do n := n + i;
           while n > 0 do n := n - 7;
           repeat n := n + 1 until n >= 3;
           10: n := n - 1;
           if n > 0 then goto 10;
           done: exit;
           halt
         end.",
    );
    assert!(matches!(p.body[1].kind, StmtKind::For { down: true, .. }));
    assert!(matches!(p.body[4].kind, StmtKind::Labeled { .. }));
    assert!(matches!(p.body[6].kind, StmtKind::Labeled { .. }));
    assert!(matches!(p.body[7].kind, StmtKind::Halt));
    assert_eq!(p.labels.len(), 2);
}

#[test]
fn with_statements_are_resolved() {
    let p = check(
        "type r = record a, b : integer; inner : record c : char end end;
         var x : array[1..3] of r; a : integer;
         begin
           with x[2], inner do begin a := 1; c := 'z' end;
           a := 5
         end.",
    );
    let StmtKind::With { slot, record, body } = &p.body[0].kind else {
        panic!()
    };
    assert!(matches!(record.kind, ExprKind::Index { .. }));
    let StmtKind::With {
        slot: inner_slot,
        record: inner,
        body,
    } = &body.kind
    else {
        panic!()
    };
    // The inner record is a field of the outer `with` record.
    let ExprKind::Field { record: base, .. } = &inner.kind else {
        panic!()
    };
    assert!(matches!(base.kind, ExprKind::WithRecord(s) if s == *slot));
    let StmtKind::Compound(stmts) = &body.kind else {
        panic!()
    };
    // `a` inside the with is the field, not the global.
    let StmtKind::Assign { target, .. } = &stmts[0].kind else {
        panic!()
    };
    assert!(
        matches!(&target.kind, ExprKind::Field { record, offset: 0, .. }
        if matches!(record.kind, ExprKind::WithRecord(s) if s == *slot))
    );
    let StmtKind::Assign { target, .. } = &stmts[1].kind else {
        panic!()
    };
    assert!(matches!(&target.kind, ExprKind::Field { record, .. }
        if matches!(record.kind, ExprKind::WithRecord(s) if s == *inner_slot)));
    // After the with, `a` is the global again.
    let StmtKind::Assign { target, .. } = &p.body[1].kind else {
        panic!()
    };
    assert_eq!(target.kind_var(), Some(global(&p, "a").0));
}

#[test]
fn strings_and_string_functions() {
    let p = check(
        "var s, t : string[20]; i, code : integer; c : char;
         begin
           s := 'abc' + t + c;
           i := length(s) + pos('b', s);
           t := copy(s, 2, 3);
           delete(s, 1, 1);
           insert('x', s, 2);
           str(i:4, s);
           val(t, i, code);
           c := s[1];
           s := concat(s, t, 'z');
           c := upcase(c);
         end.",
    );
    assert!(matches!(
        assign_value(&p.body[0].kind).kind,
        ExprKind::Binary {
            op: BinaryOp::Concat,
            ..
        }
    ));
    assert!(matches!(p.body[5].kind, StmtKind::Str { .. }));
    assert!(matches!(
        p.body[6].kind,
        StmtKind::StdCall {
            routine: StdRoutine::Val,
            ..
        }
    ));
    assert!(matches!(
        assign_value(&p.body[7].kind).kind,
        ExprKind::StrIndex { .. }
    ));
}

#[test]
fn sets_and_membership() {
    let p = check(
        "type day = (mon, tue, wed, thu, fri, sat, sun);
         var work, all : set of day; d : day; s : set of 0..15; i : integer; ok : boolean;
         begin
           work := [mon..fri];
           all := work + [sat, sun] - [wed];
           ok := (d in work) and (i in [1, 3..5]) and (work <= all);
           s := [i, 2];
         end.",
    );
    let set_ty = global(&p, "s").1.ty;
    assert_eq!(p.types.size(set_ty), 2);
    assert_eq!(p.types.size(global(&p, "work").1.ty), 1);
    // [i, 2] is built at run time and resized to the 2-byte set.
    let v = assign_value(&p.body[3].kind);
    assert!(matches!(
        v.kind,
        ExprKind::Convert {
            conv: Conversion::SetResize,
            ..
        }
    ));
}

#[test]
fn pointers_and_the_heap() {
    let p = check(
        "type pnode = ^node;
              node = record value : integer; next : pnode end;
         var head, n : pnode;
         begin
           new(n); n^.value := 1; n^.next := nil; head := n;
           if head <> nil then dispose(head);
         end.",
    );
    let node_ptr = global(&p, "head").1.ty;
    let Type::Pointer { target } = p.types.get(node_ptr) else {
        panic!()
    };
    assert_eq!(p.types.size(*target), 4);
    assert!(matches!(
        p.body[0].kind,
        StmtKind::StdCall {
            routine: StdRoutine::New,
            ..
        }
    ));
}

#[test]
fn files_text_and_typed() {
    let p = check(
        "type rec = record name : string[8]; score : integer end;
         var f : file of rec; t : text; r : rec; line : string[80]; n : integer;
         begin
           assign(f, 'SCORES.DAT'); rewrite(f); write(f, r); close(f);
           reset(f); seek(f, 0); n := filesize(f) + filepos(f);
           while not eof(f) do read(f, r);
           assign(t, 'README.TXT'); reset(t); readln(t, line); close(t);
           {$I-} erase(f); {$I+} n := ioresult;
         end.",
    );
    assert_eq!(p.types.size(global(&p, "f").1.ty), 48);
    assert_eq!(p.types.size(global(&p, "t").1.ty), 176);
    let StmtKind::Write {
        file,
        items,
        newline,
    } = &p.body[2].kind
    else {
        panic!()
    };
    assert!(file.is_some() && !newline && items.len() == 1);
    let erase = &p.body[12];
    assert!(matches!(
        erase.kind,
        StmtKind::StdCall {
            routine: StdRoutine::Erase,
            ..
        }
    ));
    assert!(!erase.checks.io);
    assert!(p.body[13].checks.io);
}

#[test]
fn write_read_keyboard_and_screen() {
    let p = check(
        "var c : char; i : integer; r : real; ok : boolean;
         begin
           ClrScr; GotoXY(10, 5);
           write('Score: ', i:5, r:8:2, ok, c);
           writeln;
           read(kbd, c);
           readln(i);
           if KeyPressed then Delay(100);
           i := Random(10); r := Random; Randomize;
         end.",
    );
    let StmtKind::Write { items, .. } = &p.body[2].kind else {
        panic!()
    };
    assert_eq!(items.len(), 5);
    assert!(items[1].width.is_some() && items[2].decimals.is_some());
    let StmtKind::Read { file: Some(f), .. } = &p.body[4].kind else {
        panic!()
    };
    assert!(matches!(f.kind, ExprKind::StdVar(StdVar::Kbd, None)));
    assert_eq!(assign_value(&p.body[7].kind).ty, TypeId::INTEGER);
    assert_eq!(assign_value(&p.body[8].kind).ty, TypeId::REAL);
}

#[test]
fn mem_port_inline_absolute() {
    let p = check(
        "var scr : byte absolute $FCAF; alias : integer absolute scr; b : byte;
         procedure beep; begin end;
         begin
           Mem[$F3DB] := 0;
           b := Port[$A8];
           Port[$AA] := b or 1;
           inline($3A/scr/$3C/>$0001/<$1234/beep/*+3/$C9);
         end.",
    );
    let (scr, _) = global(&p, "scr");
    assert!(matches!(
        global(&p, "alias").1.kind,
        SymbolKind::Var { storage: Storage::AbsoluteVar { of }, .. } if of == scr
    ));
    let StmtKind::Assign { target, .. } = &p.body[0].kind else {
        panic!()
    };
    assert!(matches!(
        target.kind,
        ExprKind::StdVar(StdVar::Mem, Some(_))
    ));
    let StmtKind::Inline(items) = &p.body[3].kind else {
        panic!()
    };
    let got: Vec<_> = items.iter().map(|i| (i.size, &i.value)).collect();
    assert_eq!(got.len(), 8);
    assert_eq!(got[0], (1, &InlineValue::Const(0x3A)));
    assert_eq!(
        got[1],
        (
            2,
            &InlineValue::VarAddress {
                symbol: scr,
                offset: 0
            }
        )
    );
    assert_eq!(got[3], (2, &InlineValue::Const(1)));
    assert_eq!(got[4], (1, &InlineValue::Const(0x1234)));
    assert!(matches!(got[5], (2, InlineValue::RoutineAddress { .. })));
    assert_eq!(got[6], (2, &InlineValue::LocationCounter { offset: 3 }));
}

#[test]
fn enums_subranges_and_ordinal_functions() {
    let p = check(
        "type suit = (clubs, diamonds, hearts, spades); small = 1..10; letter = 'A'..'Z';
         var s : suit; n : small; l : letter; i : integer; b : boolean;
         begin
           s := succ(clubs); s := pred(s);
           n := 5; l := 'Q';
           i := ord(s) + ord(l) + abs(-3) + sqr(2) + hi($1234) + lo($1234) + swap($0102);
           b := odd(i);
           l := chr(65);
         end.",
    );
    assert_eq!(p.types.size(global(&p, "n").1.ty), 1);
    assert_eq!(
        assign_value(&p.body[0].kind).as_const(),
        Some(&ConstValue::Ord(1))
    );
    let (_, hearts) = symbol(&p, "hearts");
    assert_eq!(hearts.kind, SymbolKind::EnumValue(2));
}

#[test]
fn type_casts() {
    let p = check(
        "var c : char; i : integer; b : byte;
         begin c := char(i); i := integer(c); b := byte(300 - 100); i := ord(c) end.",
    );
    assert!(matches!(
        assign_value(&p.body[0].kind).kind,
        ExprKind::Convert {
            conv: Conversion::IntToByte,
            ..
        }
    ));
    assert!(matches!(
        assign_value(&p.body[1].kind).kind,
        ExprKind::Convert {
            conv: Conversion::ByteToInt,
            ..
        }
    ));
    assert_eq!(
        assign_value(&p.body[2].kind).as_const(),
        Some(&ConstValue::Ord(200))
    );
}

#[test]
fn reals() {
    let p = check(
        "var r : real; i : integer;
         begin r := 1 / 3 + sqrt(2.0) * pi; i := round(r) + trunc(r * 10) end.",
    );
    assert_eq!(assign_value(&p.body[0].kind).ty, TypeId::REAL);
    assert_eq!(p.types.size(TypeId::REAL), 6);
}

#[test]
fn include_files_and_directives() {
    let p = check_with(
        MemoryFiles::new()
            .with(
                "test.pas",
                "{$I defs.inc} {$R+} begin x := max; {$R-} x := 1 end.",
            )
            .with("DEFS.INC", "const max = 7; var x : 1..10;"),
    );
    assert_eq!(p.sources.files().len(), 2);
    assert!(p.body[0].checks.range);
    assert!(!p.body[1].checks.range);
}

#[test]
fn bare_names_call_procedures_and_functions() {
    let p = check(
        "var n : integer;
         function seven : integer; begin seven := 7 end;
         procedure reset7; begin n := seven end;
         begin reset7; n := seven + 1 end.",
    );
    assert!(matches!(p.body[0].kind, StmtKind::Call { .. }));
    let ExprKind::Binary { lhs, .. } = &assign_value(&p.body[1].kind).kind else {
        panic!()
    };
    assert!(matches!(lhs.kind, ExprKind::Call { .. }));
}

#[test]
fn user_routines_hide_standard_ones() {
    // A program that brings its own `Copy` (as an include of the graphics library would).
    let p = check(
        "procedure Copy(a, b : integer); begin end;
         begin Copy(1, 2) end.",
    );
    assert!(matches!(p.body[0].kind, StmtKind::Call { .. }));
    // Without it, Copy with 3 arguments is the string function and with 8 the screen copy.
    let p = check(
        "var s : string[9];
         begin s := copy('abcdef', 2, 3); Copy(0, 0, 11, 11, 1, 40, 40, 0) end.",
    );
    assert!(matches!(
        assign_value(&p.body[0].kind).kind,
        ExprKind::StdCall {
            routine: StdRoutine::Copy,
            ..
        }
    ));
    assert!(matches!(
        p.body[1].kind,
        StmtKind::StdCall {
            routine: StdRoutine::CopyBox,
            ..
        }
    ));
}

#[test]
fn sizeof_move_fillchar_bdos() {
    let p = check(
        "type buf = array[0..127] of byte;
         var a, b : buf; n : integer;
         begin
           n := sizeof(buf) + sizeof(n);
           fillchar(a, sizeof(a), 0);
           move(a, b, 128);
           bdos(2, 65);
           n := bdos(11);
         end.",
    );
    assert_eq!(
        assign_value(&p.body[0].kind).as_const(),
        Some(&ConstValue::Ord(130))
    );
    assert!(matches!(
        p.body[3].kind,
        StmtKind::StdCall {
            routine: StdRoutine::Bdos,
            ..
        }
    ));
}

#[test]
fn caret_characters_and_one_letter_pointer_types() {
    let p = check(
        "type R = record v : integer end; P = ^R;
         var c : char; q : P; rec : R;
         begin
           if (c = ^M) or (c = ^[) then c := ^G;
           new(q); q^.v := 1;
         end.",
    );
    let (_, sym) = global(&p, "q");
    let Type::Pointer { target } = p.types.get(sym.ty) else {
        panic!("{:?}", p.types.get(sym.ty))
    };
    assert_eq!(*target, global(&p, "rec").1.ty);
}
