//! Less common constructs, and what the code generator refuses (with a diagnostic at the
//! right place, never a crash).

use msx_pascal::lower::compile;
use msx_pascal::{render_diagnostics, MemoryFiles};
use z80_codegen::sim::{Sim, Stop};
use z80_codegen::Target;

fn run(src: &str) -> String {
    let files = MemoryFiles::new().with("t.pas", src);
    let built = match compile("t.pas", &files, Target::Dsk) {
        Ok(b) => b,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    };
    let mut sim = Sim::new(&built.output);
    assert_eq!(sim.run(50_000_000), Stop::Halted, "{}", sim.output());
    sim.output()
}

fn errors(src: &str) -> String {
    let files = MemoryFiles::new().with("t.pas", src);
    match compile("t.pas", &files, Target::Dsk) {
        Ok(_) => panic!("compiled"),
        Err(f) => render_diagnostics(&f.diagnostics, &f.sources),
    }
}

#[test]
fn enumerations_chars_gotos_and_nested_withs() {
    let out = run("
        type Color = (red, green, blue);
             Inner = record a, b: byte end;
             Outer = record n: integer; inner: Inner end;
        var counts: array[Color] of integer; c: Color; ch: char;
            o: Outer; i: integer; hits: array['a'..'z'] of byte;
            cs: set of Color;
        label 1, done;
        begin
          for c := red to blue do counts[c] := ord(c) * 10;
          writeln(counts[green], counts[blue], ' ', ord(succ(red)), ord(pred(blue)));
          for ch := 'a' to 'z' do hits[ch] := 0;
          for ch := 'a' to 'e' do hits[ch] := hits[ch] + ord(ch) - 96;
          writeln(hits['c'], hits['z']);
          with o do begin n := 7; with inner do begin a := 1; b := 2 end end;
          writeln(o.n, o.inner.a, o.inner.b);
          i := 0;
        1: i := i + 1;
          if i < 5 then goto 1;
          writeln(i);
          case 'q' of 'a'..'m': writeln('low'); 'n'..'z': writeln('high') end;
          cs := [red, blue];
          if (green in cs) or not (blue in cs) then writeln('bad') else writeln('ok');
          goto done;
          writeln('skipped');
        done:
          writeln('end');
        end.");
    assert_eq!(out, "1020 11\r\n30\r\n712\r\n5\r\nhigh\r\nok\r\nend\r\n");
}

#[test]
fn exit_halt_and_inline() {
    let out = run("
        var r: integer;
        function f(x: integer): integer;
        begin
          f := 1;
          if x > 0 then exit;
          f := 2;
        end;
        begin
          r := 0;
          inline($21/$2A/$00/    { ld hl,42 }
                 $22/r);         { ld (r),hl }
          writeln(f(1), f(-1), ' ', r);
          halt;
          writeln('not reached');
        end.");
    assert_eq!(out, "12 42\r\n");
}

#[test]
fn unsupported_constructs_are_errors_at_their_place() {
    let e = errors("var c: char;\nbegin\n  read(aux, c)\nend.");
    assert!(e.contains("t.pas:3:8"), "{e}");
    assert!(e.contains("reading from `Aux` is not supported"), "{e}");
    let e = errors("var c: char;\nbegin\n  read(lst, c);\n  if eof(lst) then\nend.");
    assert!(e.contains("t.pas:3:8"), "{e}");
    assert!(e.contains("`Lst` is the printer, an output device"), "{e}");
    assert!(e.contains("t.pas:4:6"), "{e}");
    assert!(e.contains("only the console and text files"), "{e}");
}

/// `Execute` and `Chain` run another program, which only MSX-DOS can: on a boot disk or
/// a cartridge they are errors at the call.
#[test]
fn execute_and_chain_need_msx_dos() {
    for (routine, file) in [("execute", "next.com"), ("chain", "next.chn")] {
        let src = format!("var f: file;\nbegin\n  assign(f, '{file}');\n  {routine}(f)\nend.");
        let name = if routine == "chain" {
            "Chain"
        } else {
            "Execute"
        };
        let e = errors(&src);
        assert!(e.contains(&format!("error: `{name}` needs MSX-DOS")), "{e}");
        assert!(e.contains("t.pas:4:3"), "{e}");
        assert!(
            e.contains("a boot disk has no MSX-DOS to run a program"),
            "{e}"
        );
        let files = MemoryFiles::new().with("t.pas", &src);
        let e = match compile("t.pas", &files, Target::Rom) {
            Ok(_) => panic!("compiled"),
            Err(f) => render_diagnostics(&f.diagnostics, &f.sources),
        };
        assert!(e.contains("a cartridge has no MSX-DOS"), "{e}");
        assert!(compile("t.pas", &files, Target::Com).is_ok());
    }
}

#[test]
fn range_checks_under_r_plus() {
    // Off by default: an index out of range is not checked (and here harmless).
    let out = run("
        var a: array[1..3] of integer; i: integer; s: 1..10;
        begin
          i := 3; a[i] := 7; writeln(a[i]);
          {$R+}
          s := i * 3; writeln(s);
          i := 4;
          a[i] := 1;
          writeln('not reached');
        end.");
    assert_eq!(out, "7\r\n9\r\nRange check error\r\n");
    let out = run("
        var s: 1..10; i: integer;
        begin
          {$R+} i := 11; s := i; writeln('not reached');
        end.");
    assert_eq!(out, "Range check error\r\n");
}

#[test]
fn the_shipped_msx_library() {
    let files = MemoryFiles::new().with(
        "t.pas",
        "{$I msxlib.inc}
         const arrow: array[0..7] of byte = ($80, $C0, $E0, $F0, $F8, $FC, $FE, $FF);
         begin
           SetPalette(1, 7, 2, 5);
           SpritePattern(3, arrow);
           PutSprite(0, 100, 50, 15, 3);
           Sound(8, 12);
           Tone(254, 10);
           Line(10, 20, 5, 60, 7, 0);
           CopyFast(0, 256, 24, 12, 100, 40);
           writeln(VPeek($7600));
         end.",
    );
    let built = match compile("t.pas", &files, Target::Dsk) {
        Ok(b) => b,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    };
    let mut sim = Sim::new(&built.output);
    sim.bus.port_values[0x98] = 50;
    assert_eq!(sim.run(50_000_000), Stop::Halted);
    let w = &sim.bus.port_writes;
    // Palette: R#16 = 1, then 0RRR0BBB = 75h and 00000GGG = 2.
    assert_eq!(
        &w[0..4],
        &[(0x99, 1), (0x99, 0x90), (0x9A, 0x75), (0x9A, 2)]
    );
    // The sprite pattern's first byte at 7800h + 3 * 8 = 7818h: R#14 = 1, then the
    // address 3818h with the write bit.
    assert_eq!(
        &w[4..9],
        &[
            (0x99, 1),
            (0x99, 0x8E),
            (0x99, 0x18),
            (0x99, 0x78),
            (0x98, 0x80)
        ]
    );
    // The PSG writes, in order.
    let psg: Vec<(u8, u8)> = w
        .iter()
        .filter(|(p, _)| *p == 0xA0 || *p == 0xA1)
        .copied()
        .collect();
    assert_eq!(
        psg,
        vec![
            (0xA0, 8),
            (0xA1, 12),
            (0xA0, 0),
            (0xA1, 254),
            (0xA0, 1),
            (0xA1, 0),
            (0xA0, 7),
            (0xA1, 0x3E),
            (0xA0, 8),
            (0xA1, 10),
        ]
    );
    // The two commands, 15 bytes each through port 9Bh: LINE with Y as the long side
    // (NX = 40, NY = 5, ARG = DIX | MAJ), then HMMM from page 1.
    let cmd: Vec<u8> = w
        .iter()
        .filter(|(p, _)| *p == 0x9B)
        .map(|(_, v)| *v)
        .collect();
    assert_eq!(
        cmd,
        vec![
            0, 0, 0, 0, 10, 0, 20, 0, 40, 0, 5, 0, 7, 5, 0x70, 0, 0, 0, 1, 100, 0, 40, 0, 24, 0,
            12, 0, 0, 0, 0xD0,
        ]
    );
    assert_eq!(sim.output(), "50\r\n");
}

#[test]
fn delay_is_calibrated_for_3_58_mhz() {
    // Delay(100) should take 100 ms of a 3.579545 MHz Z80 with the MSX's M1 wait state:
    // about 358 000 T-states (the runner has no interrupts to lengthen it).
    let cycles = |src: &str| {
        let files = MemoryFiles::new().with("t.pas", src);
        let built = compile("t.pas", &files, Target::Dsk).unwrap();
        let mut sim = Sim::new(&built.output);
        assert_eq!(sim.run(10_000_000), Stop::Halted);
        sim.cycles()
    };
    let base = cycles("begin delay(0) end.");
    let d = cycles("begin delay(100) end.") - base;
    assert!((350_000..366_000).contains(&d), "{d} T-states");
}
