//! The front end's last gaps, run on the Z80 (the back end's `sim` runner): `Bios` and
//! `BiosHL`, `Eof`/`Eoln` of the console, reading from `Usr`.

use msx_pascal::lower::compile;
use msx_pascal::{render_diagnostics, MemoryFiles};
use z80_codegen::sim::{Sim, Stop};
use z80_codegen::Target;

fn sim_for(src: &str, target: Target) -> Sim {
    let files = MemoryFiles::new().with("t.pas", src);
    match compile("t.pas", &files, target) {
        Ok(b) => Sim::new(&b.output),
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    }
}

fn finish(mut sim: Sim) -> String {
    let stop = sim.run(200_000_000);
    assert_eq!(stop, Stop::Halted, "printed so far: {:?}", sim.output());
    sim.output()
}

#[test]
fn bios_calls_the_cpm_bios_table_under_msx_dos() {
    let mut sim = sim_for(
        "var r: integer;
         begin
           writeln(bios(2, $0305), ' ', bioshl(3, 1000));
           bios(3, 7);
           r := bios(0);
           writeln(r);
         end.",
        Target::Com,
    );
    // A CP/M BIOS table at C100h (WBOOT), its address at 0001h as MSX-DOS leaves it.
    let m = &mut sim.bus.mem;
    m[1] = 0x00;
    m[2] = 0xC1;
    // Entry 0 (C100h): xor a / ret; entry 2 (C106h): ld a,c / add a,b / ret;
    // entry 3 (C109h): ld h,b / ld l,c / inc hl / ret.
    m[0xC100..0xC102].copy_from_slice(&[0xAF, 0xC9]);
    m[0xC106..0xC109].copy_from_slice(&[0x79, 0x80, 0xC9]);
    m[0xC109..0xC10D].copy_from_slice(&[0x60, 0x69, 0x23, 0xC9]);
    // 5 + 3 = 8 in A; 1000 + 1 in HL; Bios(0) answers A = 0.
    assert_eq!(finish(sim), "8 1001\r\n0\r\n");
}

#[test]
fn bios_stops_without_msx_dos() {
    let sim = sim_for(
        "begin writeln('a'); bios(2, 0); writeln('b') end.",
        Target::Dsk,
    );
    assert_eq!(finish(sim), "a\r\nBios needs MSX-DOS\r\n");
}

#[test]
fn eoln_and_eof_of_the_console_look_at_the_next_key() {
    let mut sim = sim_for(
        "var c: char; n: integer; s: string[10];
         begin
           n := 0;
           while not eoln do begin read(c); n := n + 1 end;
           readln;
           writeln(' ', n);
           readln(s); writeln('[', s, ']');
           n := 0;
           while not eof(input) do begin read(kbd, c); n := n + 1 end;
           writeln(n);
         end.",
        Target::Dsk,
    );
    sim.type_keys(b"abc\rxy\r12345\x1a");
    // "abc" echoed, Enter ends the line (CR LF), then the count; the key Eoln looked at
    // is not lost: readln(s) reads "xy"; Eof sees Ctrl-Z after 5 keys read without echo.
    assert_eq!(finish(sim), "abc\r\n 3\r\nxy\r\n[xy]\r\n5\r\n");
}

#[test]
fn usr_reads_from_the_console() {
    let mut sim = sim_for(
        "var c: char; begin read(usr, c); writeln('=', c) end.",
        Target::Dsk,
    );
    sim.type_keys(b"q");
    assert_eq!(finish(sim), "q=q\r\n");
}
