//! Regenerates `roms-free-bios/font/font.asm` from `roms-free-bios/font/font.txt`.
//! Run after drawing: `cargo run -p msx-bios --example gen-font`.

use std::path::Path;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../roms-free-bios/font");
    let text = std::fs::read_to_string(dir.join("font.txt"))?;
    let glyphs = msx_bios::font::parse(&text)?;
    std::fs::write(dir.join("font.asm"), msx_bios::font::to_asm(&glyphs))?;
    Ok(())
}
