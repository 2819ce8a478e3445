//! GIOS's memory-mapper routines of Turbo Pascal 3.3f (its manual: SetMem 18.4.1.17,
//! ClearMem 18.4.2.6, SetChannel 18.4.2.43, ReadMem 18.4.2.37, WriteMem 18.4.2.57) on the
//! emulated MSX2 (free BIOS and disk ROM, 256 KB mapper): the pages reserved are 16 KB
//! segments of the mapper outside the program's 64 KB, reached through channels.

mod common;

use msx_machine::machine::{Machine, Until};
use msx_machine::memory::DEFAULT_RAM_KB;
use msx_pascal::lower::compile;
use msx_pascal::{render_diagnostics, MemoryFiles};
use z80_codegen::{Output, Target};

fn build(src: &str, target: Target) -> Result<Output, String> {
    let files = MemoryFiles::new().with("t.pas", src);
    compile("t.pas", &files, target)
        .map(|b| b.output)
        .map_err(|f| render_diagnostics(&f.diagnostics, &f.sources))
}

/// Boots the program from a disk and runs it until `done` is on the screen; the screen's
/// first lines, trimmed.
fn run(src: &str) -> (Machine, Vec<String>) {
    run_with(src, 256)
}

/// As [`run`], with a mapper of `ram_kb` KB.
fn run_with(src: &str, ram_kb: u32) -> (Machine, Vec<String>) {
    let out = build(src, Target::Dsk).unwrap_or_else(|e| panic!("{e}"));
    let mut disk = common::disk_with("T.BIN", &out.bytes);
    disk.set_boot_program("T.BIN", out.load, out.entry).unwrap();
    let mut m = common::free_msx2_with(&disk, ram_kb);
    let outcome = m.run_until(&Until::TextOnScreen("done".into()), 1500);
    let t = m.text_screen().expect("a text screen");
    assert!(outcome.reached(), "{outcome:?}\n{t}");
    let rows = (0..24).map(|r| t.line(r).trim().to_string()).collect();
    (m, rows)
}

const SEGMENT: usize = 0x4000;

/// SetMem adds the pages asked for to those reserved and answers how many there are in
/// all; a count of 0 or less only asks. The 256 KB mapper has 16 segments, the 4 of the
/// program's 64 KB are taken, so 12 can be reserved: asking for more gets what is free.
/// ClearMem gives them all back.
#[test]
fn setmem_counts_the_pages_and_clearmem_frees_them() {
    let (_, rows) = run("begin
           ClearMem;
           writeln(SetMem(5), ' ', SetMem(0), ' ', SetMem(-3), ' ', SetMem(2));
           writeln(SetMem(100), ' ', SetMem(1));
           ClearMem;
           writeln(SetMem(0), ' ', SetMem(12), ' ', SetMem(0));
           writeln('done')
         end.");
    assert_eq!(rows[0], "5 5 5 7");
    assert_eq!(rows[1], "12 12");
    assert_eq!(rows[2], "0 12 12");
}

/// What can be reserved is what the mapper has beyond the program's 4 segments, however
/// large it is (MemMan's Alloc finds the free segments; here the runtime measures the
/// mapper).
#[test]
fn setmem_gets_what_the_mapper_has() {
    let src = "begin ClearMem; writeln(SetMem(300)); writeln('done') end.";
    for (kb, free) in [(64, 0), (128, 4), (512, 28), (1024, 60), (4096, 252)] {
        let (_, rows) = run_with(src, kb);
        assert_eq!(rows[0], free.to_string(), "{kb} KB");
    }
}

/// WriteMem puts bytes at a channel's position and moves the channel on by as many;
/// ReadMem gets them back. A transfer crosses from one reserved page to the next. The
/// positions are reals (an integer is converted), a fraction is dropped.
#[test]
fn writemem_and_readmem_move_bytes_through_the_channels() {
    let (m, rows) = run("var a, b: array[0..299] of byte; i, bad: integer;
         begin
           for i := 0 to 299 do begin a[i] := (i * 7 + 3) and 255; b[i] := 0 end;
           ClearMem;
           writeln(SetMem(2));
           SetChannel(1, 16300);
           WriteMem(1, Addr(a), 100);
           WriteMem(1, Addr(a[100]), 200);    { goes on after the first 100 }
           SetChannel(2, 16300.75);
           ReadMem(2, Addr(b), 300);
           bad := 0;
           for i := 0 to 299 do if a[i] <> b[i] then bad := bad + 1;
           writeln('differ ', bad);
           { channel 2 moved on by 300 bytes: the next byte read is the one after }
           a[0] := 99; SetChannel(3, 16600.0); WriteMem(3, Addr(a), 1);
           ReadMem(2, Addr(b), 1);
           { interrupts are on again: the clock's tick (JIFFY) moves }
           i := Mem[$FC9E]; repeat until Mem[$FC9E] <> i;
           writeln('next ', b[0]);
           writeln('done')
         end.");
    assert_eq!(rows[0], "2");
    assert_eq!(rows[1], "differ 0");
    assert_eq!(rows[2], "next 99");
    // The bytes are in the mapper, outside the program's 64 KB (segments 0-3): position
    // 16300 is page 0 of those reserved at offset 16300, and the 216 bytes past 16384 go
    // to the next page.
    let ram = m.mapper_ram().expect("a mapper");
    let a: Vec<u8> = (0..300).map(|i| ((i * 7 + 3) & 255) as u8).collect();
    let first = 4 * SEGMENT + 16300;
    assert_eq!(&ram[first..first + 84], &a[..84]);
    assert_eq!(&ram[5 * SEGMENT..5 * SEGMENT + 216], &a[84..]);
}

/// A position at or past the end of the pages reserved (or negative) makes the channel
/// invalid, and ReadMem and WriteMem on it are abandoned; a transfer that meets the end
/// stops there and leaves the channel invalid; after ClearMem nothing is reserved.
#[test]
fn an_invalid_channel_does_nothing() {
    let (m, rows) = run("var a, b: array[0..9] of byte; i: integer;
         procedure show; var i: integer;
         begin for i := 0 to 9 do write(b[i], ' '); writeln end;
         begin
           for i := 0 to 9 do begin a[i] := i + 1; b[i] := 0 end;
           ClearMem;
           writeln(SetMem(1));
           SetChannel(1, 16384); WriteMem(1, Addr(a), 10);
           SetChannel(2, -1); WriteMem(2, Addr(a), 10);
           SetChannel(16, 0); WriteMem(16, Addr(a), 10);
           SetChannel(3, 16379);
           WriteMem(3, Addr(a), 10);           { 5 bytes fit }
           WriteMem(3, Addr(a), 10);           { the channel is invalid now }
           SetChannel(4, 16374); ReadMem(4, Addr(b), 10);
           show;
           SetChannel(5, 0); ClearMem; ReadMem(5, Addr(b), 10);
           show;
           writeln('done')
         end.");
    assert_eq!(rows[0], "1");
    // Five zeros (the segment at 16374..16378 was never written), then the 5 that fit.
    assert_eq!(rows[1], "0 0 0 0 0 1 2 3 4 5");
    assert_eq!(rows[2], "0 0 0 0 0 1 2 3 4 5");
    let ram = m.mapper_ram().expect("a mapper");
    assert_eq!(&ram[4 * SEGMENT + 16379..5 * SEGMENT], &[1, 2, 3, 4, 5]);
    assert!(
        ram[5 * SEGMENT..5 * SEGMENT + 10].iter().all(|&b| b == 0),
        "nothing past the page reserved"
    );
}

/// The corpus's ReadMem example (TP 3.3f's readmem.pas): a record array read from
/// position 17384 of 5 pages.
#[test]
fn the_manuals_readmem_example_runs() {
    let (_, rows) = run("VAR serie : ARRAY [1..5] OF RECORD
                              x : ARRAY[0..49] OF INTEGER;
                              y : BYTE;
                              z : STRING[40]
                            END;
         BEGIN
           ClearMem;
           WriteLN(Setmem(5));
           SetChannel(1,17384);
           ReadMem(1,ADDR(serie[1]),142);
           ClearMem;
           writeln('done')
         END.");
    assert_eq!(rows[0], "5");
}

/// GetChannel answers a channel's position as a real, -1.0 when the channel is invalid
/// (18.4.1.3): past the pages reserved, not 0-15, or moved to the end by a transfer.
#[test]
fn getchannel_answers_the_position() {
    let (_, rows) = run("var a: array[0..99] of byte;
         begin
           ClearMem;
           writeln(SetMem(3));
           SetChannel(1, 40000.0); writeln(GetChannel(1):0:1);
           WriteMem(1, Addr(a), 100); writeln(GetChannel(1):0:1);
           SetChannel(2, 0); writeln(GetChannel(2):0:1);
           SetChannel(3, 1); writeln(GetChannel(3):0:1);
           SetChannel(4, 49151.9); writeln(GetChannel(4):0:1);
           ReadMem(4, Addr(a), 1); writeln(GetChannel(4):0:1);
           SetChannel(5, 49152.0); writeln(GetChannel(5):0:1);
           writeln(GetChannel(16):0:1);
           ClearMem; writeln(GetChannel(1):0:1);
           writeln('done')
         end.");
    let want = [
        "3", "40000.0", "40100.0", "0.0", "1.0", "49151.0", "-1.0", "-1.0", "-1.0", "-1.0",
    ];
    assert_eq!(&rows[..want.len()], &want);
}

/// Interrupts are off while a segment is in page 2, and afterwards as they were: a
/// program that turned them off finds them off (the clock's tick does not move).
#[test]
fn interrupts_stay_as_the_program_had_them() {
    let (_, rows) = run("var a: array[0..9] of byte; i, k: integer; still: boolean;
         begin
           ClearMem;
           writeln(SetMem(1));
           SetChannel(0, 0);
           inline($F3);
           WriteMem(0, Addr(a), 10);
           i := Mem[$FC9E];
           for k := 1 to 20000 do ;
           still := Mem[$FC9E] = i;
           inline($FB);
           writeln(still);
           writeln('done')
         end.");
    assert_eq!(rows[..2], ["1", "TRUE"]);
}

/// A cartridge has its ROM in page 2, where the segments are put: refused there.
#[test]
fn a_cartridge_refuses_the_mapper_routines() {
    let e = build("begin ClearMem end.", Target::Rom).unwrap_err();
    assert!(e.contains("needs RAM in page 2"), "{e}");
    assert!(build("begin ClearMem end.", Target::Com).is_ok());
}

/// Under MSX-DOS too (a .COM, as TP 3.3f makes): the bytes go through the mapper and
/// back, and the program returns to the prompt with its pages as it found them.
#[test]
fn under_msx_dos() {
    let out = build(
        "var a, b: string[20];
         begin
           a := 'through the mapper'; b := '';
           ClearMem;
           writeln(SetMem(3));
           SetChannel(0, 40000.0);
           WriteMem(0, Addr(a), 21);
           SetChannel(1, 40000);       { an integer above 32767 is a real constant }
           ReadMem(1, Addr(b), 21);
           writeln('[', b, ']');
           ClearMem
         end.",
        Target::Com,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut disk = common::disk_with("T.COM", &out.bytes);
    disk.set_boot_command("T").unwrap();
    let mut m = common::free_msx2_with(&disk, DEFAULT_RAM_KB);
    let outcome = m.run_until(&Until::TextOnScreen("A>".into()), 3000);
    let text = m.text_screen().map(|t| t.to_string()).unwrap_or_default();
    assert!(outcome.reached(), "{outcome:?}\n{text}");
    assert!(text.lines().any(|l| l.trim() == "3"), "{text}");
    assert!(text.contains("[through the mapper]"), "{text}");
    // Position 40000 is page 2 of those reserved (segment 6), offset 40000 - 32768.
    let ram = m.mapper_ram().expect("a mapper");
    let at = 6 * SEGMENT + 40000 - 32768;
    assert_eq!(&ram[at..at + 19], b"\x12through the mapper");
}
