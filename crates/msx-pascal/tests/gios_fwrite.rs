//! GIOS's FWrite of Turbo Pascal 3.3f. The manual does not describe it (it is in none
//! of chapter 18's lists nor in appendix J); its example, fwrite.pas, copies a sentence
//! into a string variable and passes that to FWrite until a key is pressed, "the
//! sentence is put on the screen continuously". So FWrite(var s) writes the string at
//! the cursor, as Write(s) does: that is what this checks on the emulated MSX2.

use msx_disk::{Disk, Format, Timestamp};
use msx_machine::machine::{Machine, MachineConfig, Until};
use msx_machine::memory::MachineLayout;
use msx_pascal::lower::compile;
use msx_pascal::{render_diagnostics, MemoryFiles};
use z80_codegen::Target;

#[test]
fn fwrite_puts_the_string_at_the_cursor() {
    let files = MemoryFiles::new().with(
        "t.pas",
        "type str255 = string[255];
         var s: str255;
         begin
           ClrScr;
           s := 'fast '; FWrite(s); s := 'text'; FWrite(s);
           writeln('!');
           GotoXY(3, 4); s := 'here'; FWrite(s);
           writeln; writeln('done')
         end.",
    );
    let out = match compile("t.pas", &files, Target::Dsk) {
        Ok(b) => b.output,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    };
    let when = Timestamp::new(2024, 1, 1, 12, 0, 0).unwrap();
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("T.BIN", &out.bytes, when).unwrap();
    disk.set_boot_program("T.BIN", out.load, out.entry).unwrap();
    let layout = MachineLayout::msx2(
        msx_bios::main_rom().to_vec(),
        msx_bios::sub_rom().to_vec(),
        Some(msx_bios::disk_rom().to_vec()),
    );
    let mut m = Machine::new(MachineConfig::new(layout)).unwrap();
    m.set_rendering(false);
    m.insert_disk(0, disk.to_bytes()).unwrap();
    let outcome = m.run_until(&Until::TextOnScreen("done".into()), 1500);
    let t = m.text_screen().expect("a text screen");
    assert!(outcome.reached(), "{outcome:?}\n{t}");
    // The text screen's lines begin with the border's columns.
    let first = t.line(0);
    let margin = first.len() - first.trim_start().len();
    assert_eq!(first.trim(), "fast text!");
    assert_eq!(
        &t.line(3).trim_end()[margin..],
        "  here",
        "column 3 of row 4"
    );
}
