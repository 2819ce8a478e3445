//! Compiled Pascal programs run on the Z80 (the back end's `sim` runner, BIOS served in
//! Rust). Every expected output is worked out by hand from Pascal's semantics.

use msx_pascal::lower::compile;
use msx_pascal::{render_diagnostics, MemoryFiles};
use z80_codegen::sim::{Sim, Stop};
use z80_codegen::Target;

/// Compiles and runs a program; returns what it printed.
fn run_with(src: &str, keys: &[u8], target: Target) -> String {
    let files = MemoryFiles::new().with("test.pas", src);
    let built = match compile("test.pas", &files, target) {
        Ok(b) => b,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    };
    let mut sim = Sim::new(&built.output);
    sim.type_keys(keys);
    let stop = sim.run(200_000_000);
    assert_eq!(
        stop,
        Stop::Halted,
        "printed so far: {:?}\n{}",
        sim.output(),
        built.output.asm
    );
    sim.output()
}

fn run(src: &str) -> String {
    run_with(src, &[], Target::Dsk)
}

#[test]
fn hello() {
    assert_eq!(run("begin writeln('Hello, MSX') end."), "Hello, MSX\r\n");
}

#[test]
fn integer_arithmetic_wraps_and_divides_toward_zero() {
    let out = run("
        var a, b: integer;
        begin
          a := 1000; b := 100;
          writeln(a * b);          { 100000 wraps to -31072 }
          writeln(-7 div 2, ' ', -7 mod 2, ' ', 7 div -2, ' ', 7 mod -2);
          a := -7; b := 2;
          writeln(a div b, ' ', a mod b);
          writeln(maxint + 1);
          writeln(a shl 2, ' ', 256 shr 4, ' ', a and 15, ' ', a or 1, ' ', a xor -1);
          writeln(abs(a), ' ', sqr(a), ' ', hi(258), ' ', lo(258), ' ', swap(258));
          writeln(ord(odd(a)), ' ', succ(a), ' ', pred(a));
        end.");
    assert_eq!(
        out,
        "-31072\r\n-3 -1 -3 1\r\n-3 -1\r\n-32768\r\n-28 16 9 -7 6\r\n7 49 1 2 513\r\n1 -6 -8\r\n"
    );
}

/// The edges of TP3's integer constants: `-32768`, and hexadecimal patterns.
#[test]
fn integer_constants_at_the_edges() {
    let out = run("
        const lo = -32768; m = $8000;
        var i: integer;
        begin
          i := -32768;
          writeln(lo, ' ', m, ' ', i div 2, ' ', $FFFF, ' ', -32768 + 1, ' ', 32767);
        end.");
    assert_eq!(out, "-32768 -32768 -16384 -1 -32767 32767\r\n");
}

#[test]
fn control_flow() {
    let out = run("
        var i, j, s: integer; c: char;
        begin
          s := 0;
          for i := 1 to 10 do s := s + i;
          write(s, ' ');
          for i := 10 downto 8 do write(i);
          write(' ');
          i := 0;
          while i < 5 do i := i + 2;
          write(i, ' ');
          repeat i := i - 1 until i = 0;
          write(i, ' ');
          for i := 1 to 0 do write('never');
          for c := 'a' to 'e' do write(c);
          writeln;
          for i := 1 to 12 do
            case i of
              1: write('one ');
              2, 3: write('few ');
              4..6: write('some ');
              10: write('ten ');
            else write('. ')
            end;
          writeln;
          j := 0;
          for i := 1 to 3 do
            case i * 100 of
              100: j := j + 1;
              300: j := j + 30;
            end;
          writeln(j);
        end.");
    assert_eq!(
        out,
        "55 1098 6 0 abcde\r\none few few some some some . . . ten . . \r\n31\r\n"
    );
}

#[test]
fn booleans_and_comparisons() {
    let out = run("
        var a, b: integer; t, f: boolean; x: byte;
        begin
          a := -5; b := 3; x := 200;
          t := a < b; f := a > b;
          writeln(t, ' ', f, ' ', t and f, ' ', t or f, ' ', t xor t, ' ', not f);
          writeln(a < b, a <= -5, a >= b, x > 100, x < 201, 'abc' < 'abd', 'ab' < 'abc');
          if (a < 0) and (b > 0) then writeln('yes') else writeln('no');
          if not ((a = -5) or (b = 0)) then writeln('no') else writeln('yes');
          writeln(t:6, 'x':3, 42:5, 'str':5);
        end.");
    assert_eq!(
        out,
        "TRUE FALSE FALSE TRUE FALSE TRUE\r\nTRUETRUEFALSETRUETRUETRUETRUE\r\nyes\r\nyes\r\n  TRUE  x   42  str\r\n"
    );
}

#[test]
fn arrays_records_and_typed_constants() {
    let out = run("
        type Point = record x, y: integer end;
        const coord: array[-1..2, 1..3] of integer = ((1,2,3),(4,5,6),(7,8,9),(10,11,12));
              names: array[1..2] of string[5] = ('Easy', 'Hard');
              origin: Point = (x: 3; y: -4);
        var m: array[1..4, 1..4] of integer;
            b: array['a'..'c'] of byte;
            p: Point; ps: array[1..3] of Point;
            i, j: integer;
        begin
          for i := 1 to 4 do for j := 1 to 4 do m[i, j] := i * 10 + j;
          writeln(m[2, 3], ' ', m[4, 4], ' ', coord[-1, 1], ' ', coord[2, 3], ' ', coord[0, 2]);
          b['a'] := 1; b['b'] := 2; b['c'] := b['a'] + b['b'];
          writeln(b['c']);
          p := origin; p.x := p.x + 1;
          ps[2] := p;
          with ps[2] do writeln(x, ' ', y);
          writeln(names[1], names[2], origin.x);
          coord[0, 1] := 99;
          writeln(coord[0, 1]);
          m[2, 2] := m[2, 2] + 5;
          writeln(m[2, 2]);
        end.");
    assert_eq!(
        out,
        "23 44 1 12 5\r\n3\r\n4 -4\r\nEasyHard3\r\n99\r\n27\r\n"
    );
}

#[test]
fn procedures_functions_and_var_parameters() {
    let out = run("
        var g: integer;
        procedure swap2(var a, b: integer);
        var t: integer;
        begin t := a; a := b; b := t end;
        function twice(x: integer): integer;
        begin twice := x * 2 end;
        function add3(a, b, c: integer): integer;
        begin add3 := a + b + c end;
        procedure outer(n: integer);
          procedure inner; begin g := g + n end;
        begin inner; inner end;
        var x, y: integer;
        begin
          x := 1; y := 2; swap2(x, y);
          writeln(x, ' ', y);
          writeln(twice(twice(3)), ' ', twice(1) + twice(2));
          writeln(add3(twice(1), twice(2), twice(3)));
          g := 0; outer(5);
          writeln(g);
        end.");
    assert_eq!(out, "2 1\r\n12 6\r\n12\r\n10\r\n");
}

#[test]
fn recursion_under_a_minus() {
    let out = run("
        {$A-}
        function fib(n: integer): integer;
        begin
          if n < 2 then fib := n else fib := fib(n - 1) + fib(n - 2)
        end;
        procedure count(n: integer);
        var local: integer;
        begin
          local := n * 10;
          if n > 0 then count(n - 1);
          write(local, ' ');
        end;
        procedure big(depth: integer; tag: char; s: string[5]);
        var buf: array[1..4] of integer; k: integer;
        begin
          for k := 1 to 4 do buf[k] := depth * 10 + k;
          if depth > 0 then big(depth - 1, succ(tag), s + tag);
          write(tag, s, buf[1] + buf[4], ' ');
        end;
        {$A+}
        begin
          big(2, 'a', '');
          writeln;
          writeln(fib(15));
          count(3);
          writeln;
        end.");
    assert_eq!(out, "cab5 ba25 a45 \r\n610\r\n0 10 20 30 \r\n");
}

#[test]
fn strings() {
    let out = run("
        var s, t: string[10]; u: string[40]; n, code: integer; c: char;
        begin
          s := 'Hello';
          t := s + ', world';         { truncated to 10 }
          writeln(t, ' ', length(t));
          u := copy(t, 2, 3) + '|' + copy(t, 9, 5) + '|' + copy(t, 20, 2) + '|';
          writeln(u);
          writeln(pos('lo', s), ' ', pos('x', s), ' ', pos('Hello', s));
          delete(s, 2, 2); writeln(s);
          insert('EL', s, 2); writeln(s);
          s := 'ab'; c := 'c';
          s := s + c + upcase('d');
          writeln(s, ' ', s[1], ' ', ord(s[0]));
          str(-123:6, u); writeln('[', u, ']');
          str(45, u); writeln('[', u, ']');
          val('1234', n, code); writeln(n, ' ', code);
          val('12x4', n, code); writeln(n, ' ', code);
          val('-$1F', n, code); writeln(n, ' ', code);
          if s = 'abcD' then writeln('equal');
          if s <> '' then writeln('not empty');
          s := '';
          if s = '' then writeln('empty');
          u := 'x';
          u := u + u + u;
          writeln(u);
        end.");
    assert_eq!(
        out,
        "Hello, wor 10\r\nell|or||\r\n4 0 1\r\nHlo\r\nHELlo\r\nabcD a 4\r\n[  -123]\r\n[45]\r\n1234 0\r\n0 3\r\n-31 0\r\nequal\r\nnot empty\r\nempty\r\nxxx\r\n"
    );
}

#[test]
fn sets() {
    let out = run("
        type Keys = set of char;
        var k: Keys; c: char; small: set of 1..20; i: integer;
        begin
          k := ['A'..'Z', 'a'..'z', '0'..'9', ' '];
          for c := '/' to ';' do if c in k then write(c);
          if '!' in k then write('bad');
          writeln;
          small := [2, 3, 5, 7, 11, 13, 17, 19];
          for i := 1 to 20 do if i in small then write(i, ' ');
          writeln;
          if 'q' in ['a'..'z'] then writeln('lower');
          small := small + [1] - [2];
          for i := 1 to 5 do write(ord(i in small));
          writeln;
          if [1, 3] <= small then writeln('subset');
          if small = [1, 3, 5, 7, 11, 13, 17, 19] then writeln('same');
        end.");
    assert_eq!(
        out,
        "0123456789\r\n2 3 5 7 11 13 17 19 \r\nlower\r\n10101\r\nsubset\r\nsame\r\n"
    );
}

#[test]
fn keyboard_input() {
    let out = run_with(
        "var c: char; s: string[5]; n: integer;
         begin
           read(kbd, c); writeln(ord(c));
           if keypressed then writeln('waiting');
           readln(s); writeln('[', s, ']');
           readln(n); writeln(n + 1);
         end.",
        b"zabcdefgh\r41\r",
        Target::Dsk,
    );
    assert_eq!(out, "122\r\nwaiting\r\nabcde\r\n[abcde]\r\n41\r\n42\r\n");
}

#[test]
fn com_target_calls_the_bios_through_calslt() {
    let out = run_with("begin writeln('via CALSLT', 1 + 2) end.", &[], Target::Com);
    assert_eq!(out, "via CALSLT3\r\n");
}

#[test]
fn memory_pointers_and_absolute() {
    let out = run("
        type PNode = ^Node; Node = record v: integer; next: PNode end;
        var head, p: PNode; i, sum: integer;
            buf: array[1..8] of byte;
            w: integer absolute $E000;
        begin
          head := nil;
          for i := 1 to 4 do begin new(p); p^.v := i; p^.next := head; head := p end;
          sum := 0; p := head;
          while p <> nil do begin sum := sum * 10 + p^.v; p := p^.next end;
          writeln(sum);
          fillchar(buf, sizeof(buf), 7);
          buf[8] := 1;
          move(buf[1], buf[2], 7);
          writeln(buf[1], buf[2], buf[8]);
          mem[$E000] := 52; mem[$E001] := 1;
          writeln(w);
          port[$A8] := 3;
        end.");
    assert_eq!(out, "4321\r\n777\r\n308\r\n");
}

#[test]
fn clrscr_and_gotoxy_place_text() {
    let files = MemoryFiles::new().with(
        "t.pas",
        "begin write('junk'); ClrScr; GotoXY(5, 3); write('X'); GotoXY(1, 1); write('ab':4) end.",
    );
    let built = compile("t.pas", &files, Target::Dsk).unwrap();
    let mut sim = Sim::new(&built.output);
    assert_eq!(sim.run(10_000_000), Stop::Halted);
    assert_eq!(sim.screen.text(), "  ab\n\n    X");
}
