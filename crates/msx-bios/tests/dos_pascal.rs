//! A program compiled by the Pascal compiler for MSX-DOS (`Target::Com`)
//! runs on the free disk ROM's MSX-DOS environment: it prints through the
//! BIOS (CALSLT from page 0), writes and reads a file with the BDOS at
//! 0005h, and its end (BDOS 00h) lands at the A> prompt.

mod support;

use msx_disk::{Disk, Format};
use msx_pascal::lower::compile;
use msx_pascal::{render_diagnostics, MemoryFiles};
use support::*;
use z80_codegen::Target;

const SOURCE: &str = "
type rec = record name: string[3]; time: integer end;
var f: file of rec; r: rec;
begin
  writeln('PASCAL ON MSX-DOS');
  assign(f, 'RANK.DAT');
  rewrite(f);
  r.name := 'ABC';
  r.time := 4242;
  write(f, r);
  close(f);
  r.name := '';
  r.time := 0;
  reset(f);
  read(f, r);
  close(f);
  writeln('READ ', r.name, ' ', r.time);
end.
";

#[test]
fn a_pascal_com_program_writes_a_file_and_returns_to_the_prompt() {
    let files = MemoryFiles::new().with("t.pas", SOURCE);
    let out = match compile("t.pas", &files, Target::Com) {
        Ok(b) => b.output,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    };
    assert_eq!(out.load, 0x0100);
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("T.COM", &out.bytes, when()).unwrap();
    disk.set_boot_command("T").unwrap();
    let mut m = disk_machine();
    m.set_rendering(false);
    m.insert_disk(0, disk.to_bytes()).unwrap();
    run_to_text(&mut m, "READ ABC 4242", 3000);
    run_to_text(&mut m, "A>", 300);
    let s = screen(&m);
    assert!(s.contains("PASCAL ON MSX-DOS"), "{s}");
    let image = Disk::from_bytes(m.disk_image(0).unwrap()).expect("valid image");
    let data = image.read_file("RANK.DAT").unwrap();
    // string[3] (length, 3 characters) and the integer, little endian.
    assert_eq!(data, [3, b'A', b'B', b'C', 0x92, 0x10]);
}

/// Turbo Pascal 3's `Bios(n, param)` reaches the CP/M BIOS table that the
/// MSX-DOS environment keeps behind (0001h), entry n at (0001h) + 3n (TP3's
/// numbering: 0 = WBOOT): 3 = CONOUT (C = the character), 1 = CONST (0, no
/// key waiting), then the program ends at the prompt.
#[test]
fn a_pascal_program_calls_the_cp_m_bios_with_bios() {
    let source = "
var c: integer;
begin
  bios(3, ord('H'));
  bios(3, ord('I'));
  c := bios(1);
  writeln(' CONST=', c);
end.
";
    let files = MemoryFiles::new().with("b.pas", source);
    let out = match compile("b.pas", &files, Target::Com) {
        Ok(b) => b.output,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    };
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("B.COM", &out.bytes, when()).unwrap();
    disk.set_boot_command("B").unwrap();
    let mut m = disk_machine();
    m.set_rendering(false);
    m.insert_disk(0, disk.to_bytes()).unwrap();
    run_to_text(&mut m, "HI CONST=0", 3000);
    run_to_text(&mut m, "A>", 300);
}
