//! The font: font.txt is the drawing, font.asm the generated source the ROM
//! includes; they must agree, and the ROM must carry exactly those bytes.

use msx_bios::font;
use std::path::PathBuf;

fn font_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../roms-free-bios/font")
}

fn glyphs() -> Vec<font::Glyph> {
    let text = std::fs::read_to_string(font_dir().join("font.txt")).unwrap();
    font::parse(&text).unwrap()
}

#[test]
fn font_asm_is_generated_from_font_txt() {
    let asm = std::fs::read_to_string(font_dir().join("font.asm")).unwrap();
    assert!(
        asm == font::to_asm(&glyphs()),
        "font.asm is stale: run `cargo run -p msx-bios --example gen-font`"
    );
}

#[test]
fn main_rom_carries_the_font_at_cgtabl() {
    let rom = msx_bios::main_rom();
    let at = usize::from(rom[4]) | usize::from(rom[5]) << 8;
    assert_eq!(&rom[at..at + 2048], font::to_bytes(&glyphs()).as_slice());
}

#[test]
fn letters_are_drawn_and_distinct() {
    let glyphs = glyphs();
    // Every printable ASCII character except the space has dots, within the
    // six columns SCREEN 0 shows.
    for g in &glyphs[0x21..0x7F] {
        assert!(g.rows.iter().any(|&r| r != 0), "{:02X} is empty", g.code);
        assert!(
            g.rows.iter().all(|&r| r & 0x03 == 0),
            "{:02X} is too wide",
            g.code
        );
    }
    assert!(glyphs[0x20].rows.iter().all(|&r| r == 0));
    for a in 0x21..0x7F {
        for b in a + 1..0x7F {
            assert_ne!(
                glyphs[a].rows, glyphs[b].rows,
                "{a:02X} and {b:02X} look the same"
            );
        }
    }
    // The hand-drawn "A": apex, sides, bar.
    assert_eq!(
        glyphs[0x41].rows,
        [0x20, 0x50, 0x88, 0x88, 0xF8, 0x88, 0x88, 0x00]
    );
}
