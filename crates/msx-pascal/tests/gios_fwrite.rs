//! GIOS's FWrite of Turbo Pascal 3.3f. The manual does not describe it (it is in none
//! of chapter 18's lists nor in appendix J); its example, fwrite.pas, copies a sentence
//! into a string variable and passes that to FWrite until a key is pressed, "the
//! sentence is put on the screen continuously". So FWrite(var s) writes the string at
//! the cursor, as Write(s) does: that is what this checks on the emulated MSX2.

mod common;

use msx_machine::machine::Until;
use msx_machine::memory::DEFAULT_RAM_KB;
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
    let mut disk = common::disk_with("T.BIN", &out.bytes);
    disk.set_boot_program("T.BIN", out.load, out.entry).unwrap();
    let mut m = common::free_msx2_with(&disk, DEFAULT_RAM_KB);
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
