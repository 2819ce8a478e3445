//! The heap (New, Dispose, Mark, Release, MemAvail, MaxAvail), untyped files, the
//! command line and the devices, run on the back end's runner.

use msx_pascal::lower::compile;
use msx_pascal::{render_diagnostics, MemoryFiles};
use z80_codegen::sim::{Sim, Stop};
use z80_codegen::Target;

fn build(src: &str, target: Target) -> z80_codegen::Output {
    let files = MemoryFiles::new().with("t.pas", src);
    match compile("t.pas", &files, target) {
        Ok(b) => b.output,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    }
}

fn run(src: &str) -> String {
    let mut sim = Sim::new(&build(src, Target::Dsk));
    assert_eq!(sim.run(50_000_000), Stop::Halted, "{}", sim.output());
    sim.output()
}

#[test]
fn dispose_gives_memory_back_and_new_reuses_it() {
    // Addresses are printed relative to the first block, so the test does not depend
    // on where the variables end. Sizes are rounded up to multiples of 4.
    let out = run("
        type P10 = ^A10; A10 = array[1..10] of byte;
             P2 = ^integer; P40 = ^A40; A40 = array[1..40] of byte;
        var a, b, c, d: P10; i, j: P2; big: P40; base, free0: integer;
        function at(x: P10): integer; begin at := integer(x) - base end;
        begin
          free0 := MemAvail;
          new(a); base := integer(a);
          new(b); new(c);
          writeln(at(b), ' ', at(c), ' ', free0 - MemAvail);
          { a hole in the middle: taken again by the next New of its size }
          dispose(b);
          writeln(free0 - MemAvail, ' ', MaxAvail = free0 - 36);
          new(d); writeln(at(d));
          { a smaller block takes the end of a larger hole }
          dispose(d); new(i); writeln(integer(i) - base);
          new(j); writeln(integer(j) - base);
          { neighbours merge: a, then the rest of b's hole, then c; and the top comes down }
          dispose(i); dispose(j); dispose(a);
          writeln(free0 - MemAvail, ' ', MaxAvail = free0 - 36);
          dispose(c);
          writeln(free0 - MemAvail, ' ', MaxAvail = free0);
          new(big); writeln(integer(big) - base);
          dispose(big); a := nil; dispose(a);
          writeln(MemAvail = free0)
        end.");
    assert_eq!(
        out,
        "12 24 36\r\n24 TRUE\r\n12\r\n20\r\n16\r\n12 TRUE\r\n0 TRUE\r\n0\r\nTRUE\r\n"
    );
}

#[test]
fn mark_and_release_forget_the_blocks_above_the_mark() {
    let out = run("
        type PInt = ^integer;
        var p, q, r, s: PInt; m: ^integer; free0, base: integer;
        begin
          free0 := MemAvail;
          new(p); base := integer(p);
          mark(m);
          new(q); new(r);
          dispose(q);
          release(m);
          writeln(free0 - MemAvail, ' ', MaxAvail = MemAvail);
          new(s); writeln(integer(s) - base)
        end.");
    assert_eq!(out, "4 TRUE\r\n4\r\n");
}

#[test]
fn block_read_and_write_move_128_byte_records() {
    let src = "
        var f: file; buf: array[1..3, 1..128] of byte; i, n: integer;
        begin
          for i := 1 to 128 do begin buf[1, i] := i; buf[2, i] := 200; buf[3, i] := 7 end;
          assign(f, 'DATA.BIN'); rewrite(f);
          blockwrite(f, buf, 2);
          blockwrite(f, buf[3], 1, n);
          writeln(n, ' ', filesize(f));
          close(f);
          fillchar(buf, sizeof(buf), 0);
          reset(f);
          blockread(f, buf, 3, n);
          writeln(n, ' ', buf[1, 5], ' ', buf[2, 128], ' ', buf[3, 1], ' ', eof(f));
          seek(f, 1);
          blockread(f, buf, 5, n);
          writeln(n, ' ', buf[1, 1], ' ', buf[2, 1]);
          seek(f, 2);
          {$I-} blockread(f, buf, 2); {$I+}
          writeln(IOResult);
          close(f)
        end.";
    let mut sim = Sim::new(&build(src, Target::Dsk));
    assert_eq!(sim.run(50_000_000), Stop::Halted, "{}", sim.output());
    assert_eq!(sim.output(), "1 3\r\n3 5 200 7 TRUE\r\n2 200 7\r\n99\r\n");
    let file = &sim.files["DATA.BIN"];
    assert_eq!(file.len(), 384);
    assert_eq!(file[0..3], [1, 2, 3]);
    assert_eq!(file[128], 200);
    assert_eq!(file[383], 7);
}

#[test]
fn param_str_and_count_read_the_command_line_of_a_com() {
    let src = "
        var i: integer; s: string[5];
        begin
          writeln(ParamCount);
          for i := 1 to ParamCount do writeln('[', ParamStr(i), ']');
          s := ParamStr(2); writeln(s, ' ', length(ParamStr(3)), ParamStr(4), '.')
        end.";
    let out = build(src, Target::Com);
    let mut sim = Sim::new(&out);
    let tail = b" GAME.DAT  /FAST\tlonger-word";
    sim.bus.mem[0x80] = tail.len() as u8;
    sim.bus.mem[0x81..0x81 + tail.len()].copy_from_slice(tail);
    assert_eq!(sim.run(50_000_000), Stop::Halted, "{}", sim.output());
    assert_eq!(
        sim.output(),
        "3\r\n[GAME.DAT]\r\n[/FAST]\r\n[longer-word]\r\n/FAST 11.\r\n"
    );
    // From a boot disk there is no command line.
    let mut sim = Sim::new(&build(src, Target::Dsk));
    sim.bus.mem[0x80] = tail.len() as u8;
    sim.bus.mem[0x81..0x81 + tail.len()].copy_from_slice(tail);
    assert_eq!(sim.run(50_000_000), Stop::Halted, "{}", sim.output());
    assert_eq!(sim.output(), "0\r\n 0.\r\n");
}

#[test]
fn lst_goes_to_the_printer_aux_to_the_aux_device_usr_to_the_screen() {
    let mut sim = Sim::new(&build(
        "begin
           writeln(Lst, 'Page ', 1:3);
           write(Aux, 'A', 'B');
           writeln(Usr, 'user');
           writeln('screen')
         end.",
        Target::Com,
    ));
    assert_eq!(sim.run(50_000_000), Stop::Halted, "{}", sim.output());
    assert_eq!(sim.printer, b"Page   1\r\n");
    assert_eq!(sim.aux, b"AB");
    assert_eq!(sim.output(), "user\r\nscreen\r\n");
}

#[test]
fn recursive_functions_return_strings() {
    let out = run("
        {$A-}
        function rev(s: string[20]): string[20];
        begin
          if length(s) <= 1 then rev := s
          else rev := rev(copy(s, 2, 20)) + s[1]
        end;
        { the result is set before the recursive call and must survive it }
        function wrap(n: integer): string[30];
        var inner: string[30];
        begin
          wrap := '<';
          if n > 0 then begin
            inner := wrap(n - 1);
            wrap := '(' + inner + ')'
          end
        end;
        function digits(n: integer): string[10];
        begin
          if n < 10 then digits := chr(48 + n)
          else digits := digits(n div 10) + chr(48 + n mod 10)
        end;
        {$A+}
        begin
          writeln(rev('Minesweeper'));
          writeln(wrap(3), ' ', rev(rev('abc')) + rev('xy'));
          writeln(digits(31416), length(digits(7)))
        end.");
    assert_eq!(out, "repeewseniM\r\n(((<))) abcyx\r\n314161\r\n");
}

#[test]
fn new_past_the_recursion_stack_ends_the_program() {
    let out = run("
        type Block = array[1..1000] of byte;
        var p: ^Block; n: integer;
        begin
          n := 0;
          repeat new(p); n := n + 1; write('.') until n = 100;
          writeln('not reached')
        end.");
    // The heap starts after the variables (below 4400h on a boot disk) and the
    // recursion stack 1 KB below the machine stack (0DE00h in the runner): some forty
    // blocks of 1000 bytes fit, not a hundred.
    let dots = out.chars().take_while(|&c| c == '.').count();
    assert!((30..60).contains(&dots), "{out}");
    assert!(out.ends_with("Heap/stack collision\r\n"), "{out}");
}

#[test]
fn an_address_kept_in_hl_is_reused_only_where_it_still_holds() {
    // The code generator keeps a computed address in HL for a block whose only way in
    // is the branch right after it; joins, stores and loops must compute it again.
    let out = run("
        var a: array[0..9] of byte; i, n: integer;
        begin
          for i := 0 to 9 do a[i] := 0;
          a[4] := 7;
          i := 3;
          if a[i] = 0 then i := 4;            { the join: i changed on one way }
          a[i] := a[i] + 1;
          writeln(a[3], ' ', a[4]);
          if a[i] <> 0 then a[i] := 20;       { one way in: the address is reused }
          writeln(a[4]);
          i := 0; n := 0;
          while a[i] = 0 do begin i := i + 1; n := n + 1 end;
          writeln(i, ' ', n);
          i := 2;
          if a[i] = 0 then begin a[5] := 1; i := 5 end else i := 6;
          if a[i] <> 0 then writeln('five ', a[i]) else writeln('six')
        end.");
    assert_eq!(out, "0 8\r\n20\r\n4 4\r\nfive 1\r\n");
}

#[test]
fn a_compound_condition_jumps_to_its_block_from_several_places() {
    // `(w[i] = -1) and b[i]`: the else block is reached from both tests, with
    // different addresses in HL (the loss screen of the Minesweeper).
    let out = run("
        var w: array[1..4] of integer; b: array[1..4] of boolean; i: integer;
        begin
          w[1] := -1; b[1] := true;
          w[2] := -1; b[2] := false;
          w[3] := 5;  b[3] := true;
          w[4] := 5;  b[4] := false;
          for i := 1 to 4 do
            if (w[i] = -1) and not b[i] then write('M')
            else if b[i] and (w[i] <> -1) then write('X')
            else write('.');
          writeln
        end.");
    assert_eq!(out, ".MX.\r\n");
}
