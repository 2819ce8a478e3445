//! File I/O of compiled programs (BDOS FCB functions served by the runner over files in
//! memory): TP 3.3f typed files without a header.

use msx_pascal::lower::compile;
use msx_pascal::{render_diagnostics, MemoryFiles};
use z80_codegen::sim::{Sim, Stop};
use z80_codegen::Target;

fn sim_for(src: &str, target: Target) -> (Sim, z80_codegen::Output) {
    let files = MemoryFiles::new().with("test.pas", src);
    let built = match compile("test.pas", &files, target) {
        Ok(b) => b,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    };
    (Sim::new(&built.output), built.output)
}

#[test]
fn typed_files_round_trip_without_header() {
    let src = "
        type rank = record name: string[3]; time: integer end;
        var f: file of rank; r: rank; i: integer;
        begin
          assign(f, 'rank.dat');
          rewrite(f);
          for i := 1 to 3 do begin
            r.name := chr(64 + i); r.time := i * 100;
            write(f, r);
          end;
          close(f);
          reset(f);
          writeln(filesize(f));
          seek(f, 1);
          read(f, r);
          writeln(r.name, r.time, ' ', filepos(f));
          i := 0;
          reset(f);
          while not eof(f) do begin read(f, r); i := i + r.time end;
          writeln(i);
          close(f);
        end.";
    for target in [Target::Com, Target::Dsk] {
        let (mut sim, _) = sim_for(src, target);
        assert_eq!(sim.run(50_000_000), Stop::Halted, "{}", sim.output());
        assert_eq!(sim.output(), "3\r\nB200 2\r\n600\r\n");
        // Three records of 6 bytes (string[3] + integer), back to back.
        let data = &sim.files["RANK.DAT"];
        assert_eq!(data.len(), 18);
        assert_eq!(&data[6..12], &[1, b'B', 0, 0, 200, 0]);
    }
}

#[test]
fn io_errors_under_i_minus_and_i_plus() {
    let (mut sim, _) = sim_for(
        "var f: file of integer;
         begin
           assign(f, 'none.dat');
           {$I-} reset(f); {$I+}
           writeln(ioresult, ' ', ioresult);
           close(f);
           reset(f);
           writeln('not reached');
         end.",
        Target::Dsk,
    );
    assert_eq!(sim.run(50_000_000), Stop::Halted);
    assert_eq!(sim.output(), "1 0\r\nI/O error 1\r\n");
}

#[test]
fn text_files_are_lines_with_cr_lf_and_a_final_ctrl_z() {
    let (mut sim, _) = sim_for(
        "var t: text; s: string[20]; n, total: integer; c: char;
         begin
           assign(t, 'notes.txt');
           rewrite(t);
           writeln(t, 'first line');
           writeln(t, 42:4);
           write(t, 'x', 'y');
           writeln(t);
           close(t);
           reset(t);
           readln(t, s); writeln('[', s, ']');
           readln(t, n); writeln(n + 1);
           read(t, c); writeln(c, eoln(t));
           readln(t);
           writeln(eof(t));
           close(t);
           { a file longer than one 128-byte buffer }
           rewrite(t);
           for n := 1 to 100 do writeln(t, n);
           close(t);
           reset(t);
           total := 0;
           while not eof(t) do begin readln(t, n); total := total + n end;
           writeln(total);
         end.",
        Target::Dsk,
    );
    assert_eq!(sim.run(100_000_000), Stop::Halted, "{}", sim.output());
    assert_eq!(
        sim.output(),
        "[first line]\r\n43\r\nxFALSE\r\nTRUE\r\n5050\r\n"
    );
    let lines: usize = (1..=100).map(|n: usize| n.to_string().len() + 2).sum();
    let data = &sim.files["NOTES.TXT"];
    assert_eq!(data.len(), lines + 1);
    assert_eq!(data.last(), Some(&0x1A));
}

fn com(src: &str) -> z80_codegen::Output {
    sim_for(src, Target::Com).1
}

/// `Execute(f)` (TP3, chapter "Chain and Execute"): the .COM file assigned to `f` is
/// loaded at 0100h and started in place of the running program; a missing file is I/O
/// error 1 and the program goes on (under `{$I-}`).
#[test]
fn execute_runs_a_com_file_in_place_of_the_program() {
    // The program started: it must not see the first one's command line or variables.
    let second = com("
        var n: integer; s: string[10];
        begin
          writeln('second: ', n, ' ', paramcount, ' [', s, ']');
          n := n + 1;
          writeln('second ends');
        end.");
    let first = com("
        var f: file; t: text; big: array[1..3000] of integer; i: integer;
        begin
          for i := 1 to 3000 do big[i] := i;
          writeln('first ', paramcount);
          assign(f, 'nothere.com');
          {$I-} execute(f); {$I+}
          writeln('missing: ', ioresult);
          assign(t, 'SECOND.COM');
          execute(t);
          writeln('not reached');
        end.");
    let mut sim = Sim::from_image(&[(first.load, &first.bytes)], first.entry, 0, Target::Com);
    sim.files.insert("SECOND.COM".into(), second.bytes.clone());
    assert_eq!(sim.run(50_000_000), Stop::Halted, "{}", sim.output());
    assert_eq!(
        sim.output(),
        "first 0\r\nmissing: 1\r\nsecond: 0 0 []\r\nsecond ends\r\n"
    );
    // The second program's image replaced the first one's from 0100h on.
    assert_eq!(&sim_memory(&sim, 0x100, second.bytes.len()), &second.bytes);

    // Under {$I+} a missing file stops the program with TP3's I/O error.
    let (mut sim, _) = sim_for(
        "var f: file of byte;
         begin assign(f, 'gone.com'); execute(f); writeln('not reached') end.",
        Target::Com,
    );
    assert_eq!(sim.run(50_000_000), Stop::Halted);
    assert_eq!(sim.output(), "I/O error 1\r\n");
}

fn sim_memory(sim: &Sim, from: u16, len: usize) -> Vec<u8> {
    (0..len).map(|i| sim.byte(from + i as u16)).collect()
}

/// `Chain(f)` (TP3, "Chain and Execute"): the `.chn` file is loaded and started like a
/// .COM, and the global variables declared first, in the same order, in both programs
/// keep their values: both programs have their variables at the same address. TP3's own
/// example: the first program reads a line, the chained one counts its capitals.
#[test]
fn chain_keeps_the_global_variables_declared_first() {
    let first = com("
        var line: string[80]; prog: file;
        begin
          write('Text: ');
          readln(line);
          assign(prog, 'COUNT.CHN');
          chain(prog);
          writeln('not reached');
        end.");
    let files = MemoryFiles::new().with(
        "count.pas",
        "var line: string[80]; chars, capitals, i: integer;
         procedure report;
         var unset: integer;
         begin
           writeln(chars, ' characters, ', capitals, ' capitals ', unset, ' ', ioresult);
         end;
         begin
           capitals := 0;
           chars := length(line);
           for i := 1 to length(line) do
             if line[i] in ['A'..'Z'] then capitals := succ(capitals);
           report;
         end.",
    );
    let second = match msx_pascal::lower::compile_chn("count.pas", &files) {
        Ok(b) => b.output,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    };
    // Both programs' variables start at the chain's address.
    for out in [&first, &second] {
        assert_eq!(out.symbol("_bss"), Some(z80_codegen::link::CHAIN_VARS));
    }
    let mut sim = Sim::from_image(&[(first.load, &first.bytes)], first.entry, 0, Target::Com);
    sim.files.insert("COUNT.CHN".into(), second.bytes.clone());
    sim.type_keys(b"Hello MSX World\r");
    assert_eq!(sim.run(50_000_000), Stop::Halted, "{}", sim.output());
    // "Hello MSX World": 15 characters, capitals H, M, S, X, W; the chained program's
    // own variables after its globals (a local, the runtime's) start at 0.
    assert!(
        sim.output()
            .ends_with("Hello MSX World\r\n15 characters, 5 capitals 0 0\r\n"),
        "{:?}",
        sim.output()
    );

    // A program without Chain keeps its variables right after its code.
    let plain = com("var i: integer; begin i := 1 end.");
    assert!(plain.symbol("_bss").unwrap() < 0x1000);
}
