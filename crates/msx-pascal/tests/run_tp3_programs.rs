//! What real Turbo Pascal 3 programs for MSX use (issue 17's corpus), run on the back
//! end's runner: character arrays as strings, decimal constants above 32767, GetMem and
//! FreeMem, `Ord` of a pointer, `Addr` of a routine, the I/O vectors, `external` routines,
//! reading a byte, string constants cut to their place.

use msx_pascal::lower::compile;
use msx_pascal::{render_diagnostics, MemoryFiles};
use z80_codegen::sim::{Sim, Stop};
use z80_codegen::Target;

fn build(src: &str) -> msx_pascal::lower::Compiled {
    let files = MemoryFiles::new().with("t.pas", src);
    match compile("t.pas", &files, Target::Dsk) {
        Ok(b) => b,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    }
}

fn run_with_keys(src: &str, keys: &[u8]) -> String {
    let mut sim = Sim::new(&build(src).output);
    sim.type_keys(keys);
    assert_eq!(sim.run(50_000_000), Stop::Halted, "{}", sim.output());
    sim.output()
}

fn run(src: &str) -> String {
    run_with_keys(src, b"")
}

/// TP3's reference manual, 9.3 "Character arrays": in string expressions a character
/// array is a string of its length; a string constant of that length may be assigned to
/// it. (The MSX-DOS 2 error routines of Lammassaari's library do `Pos(#0, szErrMsg)`.)
#[test]
fn character_arrays_are_strings_of_their_length() {
    let out = run("
        type TMsg = array[0..5] of char;
        var buf: TMsg; other: packed array[1..6] of char; s: string[20];
        begin
          buf := 'ab'#0'cde';
          writeln(Pos(#0, buf), ' ', Length(buf));
          s := buf; writeln(Length(s), ' ', Copy(s, 4, 3));
          other := 'ab'#0'cdf';
          writeln(buf < other, ' ', buf = other, ' ', buf = 'ab'#0'cde');
          writeln('[' + Copy(buf, 1, 2) + ']', buf[4], Concat('>', buf, '<') = '>ab'#0'cde<');
          other := 'XYZXYZ'; writeln(other)
        end.");
    assert_eq!(
        out,
        "3 6\r\n6 cde\r\nTRUE FALSE TRUE\r\n[ab]dTRUE\r\nXYZXYZ\r\n"
    );
}

/// TP 3.3f reads a decimal constant above 32767 as a LongInt; here it is a real, which
/// gives the same results where the corpus's programs use them.
#[test]
fn decimal_constants_above_32767_are_reals() {
    let out = run("
        const LimitVram = 65280;
        var r, major: real; i: integer;
        function IntegerDivision(a, b: real): integer;
        begin IntegerDivision := round(int((a - (a - (b * (a / b)))) / b)) end;
        begin
          writeln(IntegerDivision(704000, 16384));
          major := 3; r := 65536 * major + 7; writeln(r:0:0);
          r := -2; r := 32768 + Abs(r); writeln(r:0:0);
          i := 32767; writeln(i >= LimitVram, ' ', 70000 > i)
        end.");
    assert_eq!(out, "42\r\n196615\r\n32770\r\nFALSE TRUE\r\n");
}

#[test]
fn getmem_and_freemem_take_and_give_back_the_size_given() {
    let out = run("
        type PBuf = ^byte;
        var p, q: PBuf; free0: integer;
        begin
          free0 := MemAvail;
          GetMem(p, 100); GetMem(q, 20);
          writeln(free0 - MemAvail, ' ', Ord(q) - Ord(p));
          p^ := 7; writeln(Mem[Ord(p)]);
          FreeMem(q, 20); FreeMem(p, 100);
          writeln(MemAvail = free0)
        end.");
    assert_eq!(out, "120 100\r\n7\r\nTRUE\r\n");
}

/// TP3's `Ord` of a pointer is its address (the reference manual, "Ord").
#[test]
fn ord_of_a_pointer_is_its_address() {
    let out = run("
        var p: ^integer; x: integer absolute $E000;
        begin
          p := Ptr($E000); writeln(Ord(p) = $E000, ' ', Ord(nil));
          p := Ptr(Addr(x)); writeln(Ord(p) = Addr(x))
        end.");
    assert_eq!(out, "TRUE 0\r\nTRUE\r\n");
}

/// A program's own console driver, as TP3's "User written I/O drivers": `ConOutPtr`
/// holds the address of the routine Write goes through, called with the character on
/// the stack; the saved standard driver puts Write back on the screen.
#[test]
fn con_out_ptr_sends_write_through_the_program_s_driver() {
    let out = run("
        var saved, calls: integer; got: string[20];
        procedure Capture(ch: char);
        begin got := got + ch; calls := calls + 1 end;
        begin
          saved := ConOutPtr;
          got := ''; calls := 0;
          ConOutPtr := Addr(Capture);
          write('hi', 42);
          writeln;
          ConOutPtr := saved;
          writeln(calls, ' [', Copy(got, 1, 4), ']', Ord(got[5]), ' ', Ord(got[6]));
          writeln(saved <> 0, ' ', LstOutPtr <> 0, ' ', ConStPtr <> ConInPtr)
        end.");
    assert_eq!(out, "6 [hi42]13 10\r\nTRUE TRUE TRUE\r\n");
}

/// `Addr` of a routine with parameters gives an entry that takes them as TP3 passes them
/// (pushed in order, removed by the routine), and of a function one that returns the
/// result in HL: called here from `inline` code as TP3 code would.
#[test]
fn addr_of_a_routine_can_be_called_as_tp3_calls_it() {
    let out = run("
        var a: integer; b: byte; r, r2: integer; fa, pa, oa: integer;
        procedure Put(x: integer; y: byte); begin a := x; b := y end;
        function Twice(x: integer): integer; begin Twice := 2 * x end;
        function Odd3(x: integer): boolean; begin Odd3 := x mod 3 = 1 end;
        begin
          pa := Addr(Put); fa := Addr(Twice); oa := Addr(Odd3);
          inline($21/>1234/$E5/        { ld hl,1234 / push hl }
                 $21/>$0105/$E5/       { ld hl,0105h / push hl }
                 $2A/pa/$CD/>*+4/      { ld hl,(pa) / call the jp (hl) }
                 $18/$01/$E9/          { jr over / jp (hl) }
                 $21/>21/$E5/          { ld hl,21 / push hl }
                 $2A/fa/$CD/>*+7/      { ld hl,(fa) / call the jp (hl) }
                 $22/r/$18/$01/$E9/    { ld (r),hl / jr over / jp (hl) }
                 $21/>7/$E5/           { ld hl,7 / push hl }
                 $2A/oa/$CD/>*+7/      { ld hl,(oa) / call the jp (hl) }
                 $22/r2/$18/$01/$E9);  { ld (r2),hl / jr over / jp (hl) }
          writeln(a, ' ', b, ' ', r, ' ', r2)
        end.");
    assert_eq!(out, "1234 5 42 1\r\n");
}

/// `external $addr`: machine code at a fixed address, its arguments pushed as TP3 pushes
/// them (the code here stores the word it is given and removes it).
#[test]
fn external_routines_take_their_arguments_on_the_stack() {
    let out = run("
        const code: array[1..7] of byte = ($E1, $D1, $ED, $53, $00, $E1, $E9);
        procedure Keep(n: integer); external $E000;
        begin
          Move(code, Mem[$E000], 7);
          Keep(4660);
          writeln(Mem[$E100] + 256 * Mem[$E101])
        end.");
    assert_eq!(out, "4660\r\n");
}

#[test]
fn a_byte_can_be_read() {
    let out = run_with_keys(
        "var b: byte; i: integer;
         begin readln(b); readln(i); writeln(b + 1, ' ', i) end.",
        b"41\r300\r",
    );
    assert!(out.ends_with("42 300\r\n"), "{out}");
}

/// TP3 cuts a string that is too long for its variable, a constant too (rjp_mandel
/// assigns 23 characters to a `string[21]`); the compiler warns.
#[test]
fn a_string_constant_too_long_for_its_place_is_cut() {
    let src = "var s: string[3]; begin s := 'abcdef'; writeln(s, length(s)) end.";
    let built = build(src);
    assert_eq!(built.warnings.len(), 1);
    assert!(built.warnings[0]
        .message
        .contains("is cut to the 3 of string[3]"));
    assert_eq!(run(src), "abc3\r\n");
}

/// `Bdos(f, de)` as a statement leaves the registers as the BDOS left them (TP3 calls
/// the BDOS and nothing more), for `inline` code to read: here the time of function 2Ch
/// (H hours, L minutes, D seconds), whose clock the runner advances by a second a call.
#[test]
fn bdos_as_a_statement_leaves_the_registers_as_the_bdos_left_them() {
    let files = MemoryFiles::new().with(
        "t.pas",
        "var i, hl, de: integer;
         begin
           for i := 1 to 61 do hl := Bdos($2C);
           Bdos($2C);
           inline($22/hl/$ED/$53/de);
           writeln(hl, ' ', hi(de))
         end.",
    );
    let built = match compile("t.pas", &files, Target::Com) {
        Ok(b) => b.output,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    };
    let mut sim = Sim::new(&built);
    assert_eq!(sim.run(50_000_000), Stop::Halted, "{}", sim.output());
    // The 62nd call: 61 seconds, 0 h 1 min 1 s.
    assert_eq!(sim.output(), "1 1\r\n");
}

/// TP3's reference manual, "Strings and characters": a string value may stand where a
/// character is expected; its length must be 1, else run-time error 10 (the editors of
/// the corpus do `ord(copy(st, a, 1))`).
#[test]
fn a_string_of_one_character_is_a_character() {
    let out = run("
        var st: string[10]; c: char; n: integer;
        begin
          st := 'MSX'; n := ord(copy(st, 2, 1)); c := copy(st, 3, 1);
          writeln(n, ' ', c);
          c := copy(st, 1, 2);
          writeln('not reached')
        end.");
    assert_eq!(out, "83 X\r\nString length error\r\n");
}

/// The input vectors and the printer's: `read(kbd, …)` takes its key from `ConInPtr`'s
/// function, `KeyPressed` asks `ConStPtr`'s, `write(lst, …)` goes through `LstOutPtr`.
#[test]
fn the_other_io_vectors_are_used_by_read_keypressed_and_the_printer() {
    let out = run_with_keys(
        "
        var c: char; got: string[10]; keys: integer;
        function NextKey: char; begin keys := keys + 1; NextKey := chr(64 + keys) end;
        function Always: boolean; begin Always := true end;
        procedure Printer(ch: char); begin got := got + ch end;
        begin
          got := ''; keys := 0;
          writeln(KeyPressed);
          ConInPtr := Addr(NextKey); ConStPtr := Addr(Always);
          LstOutPtr := Addr(Printer);
          read(kbd, c); write(c); read(kbd, c); writeln(c, ' ', KeyPressed);
          write(lst, 'P', 1);
          writeln(got)
        end.",
        b"",
    );
    assert_eq!(out, "FALSE\r\nAB TRUE\r\nP1\r\n");
}

/// A typed file as TP 3.0 writes it (CP/M and MSX-DOS): a header of the record count and
/// the record length, the records, the rest of the last 128-byte record. Reset recognises
/// it; reading, Seek, FilePos, FileSize and Eof skip the header, a record written past
/// the end raises the count, which Close writes back. A file without the header (TP 3.3f's
/// form, what Rewrite makes) is read from its first byte.
#[test]
fn typed_files_written_by_tp3_keep_their_header() {
    let src = "
        type R = record a: integer; b: byte end;
        var f: file of R; x: R;
        procedure Show(name: string[12]);
        begin
          assign(f, name); reset(f);
          write(filesize(f), ':');
          while not eof(f) do begin read(f, x); write(' ', x.a, '/', x.b) end;
          writeln(' @', filepos(f));
          close(f)
        end;
        begin
          Show('OLD.DAT'); Show('NEW.DAT');
          assign(f, 'OLD.DAT'); reset(f);
          seek(f, 1); read(f, x); writeln(x.a, ' ', filepos(f));
          seek(f, 3); x.a := 500; x.b := 9; write(f, x);
          close(f);
          Show('OLD.DAT');
          assign(f, 'MADE.DAT'); rewrite(f); write(f, x); write(f, x); close(f)
        end.";
    let files = MemoryFiles::new().with("t.pas", src);
    let built = match compile("t.pas", &files, Target::Com) {
        Ok(b) => b.output,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    };
    let mut old = vec![3, 0, 3, 0, 100, 0, 1, 200, 0, 2, 44, 1, 3];
    old.resize(128, 0x1A);
    // Three records without a header; the first looks like one, but 4 + 3 x 3 bytes
    // would not fit in the file's 9.
    let new = vec![3, 0, 3, 7, 0, 8, 9, 0, 10];
    let mut sim = Sim::new(&built);
    sim.files.insert("OLD.DAT".into(), old);
    sim.files.insert("NEW.DAT".into(), new);
    assert_eq!(sim.run(50_000_000), Stop::Halted, "{}", sim.output());
    assert_eq!(
        sim.output(),
        "3: 100/1 200/2 300/3 @3\r\n3: 3/3 7/8 9/10 @3\r\n200 2\r\n4: 100/1 200/2 300/3 500/9 @4\r\n"
    );
    let old = &sim.files["OLD.DAT"];
    assert_eq!(old[..4], [4, 0, 3, 0]);
    assert_eq!(old[13..16], [244, 1, 9]);
    assert_eq!(sim.files["MADE.DAT"], [244, 1, 9, 244, 1, 9]);
}
