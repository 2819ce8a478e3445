//! Assembles the boot sectors (`boot/boot.asm`, the program loader, and
//! `boot/com.asm`, the MSX-DOS program starter) with the project's assembler,
//! so the crate ships bytes built from our own source, never a binary blob.

use std::path::Path;

fn main() {
    for (source, image) in [("boot/boot.asm", "boot.bin"), ("boot/com.asm", "com.bin")] {
        assemble(Path::new(source), image);
    }
}

fn assemble(source: &Path, image: &str) {
    println!("cargo:rerun-if-changed={}", source.display());
    let assembly = match z80_asm::assemble_file(source, &z80_asm::Options::default()) {
        Ok(a) => a,
        Err(diagnostics) => panic!(
            "{} does not assemble:\n{}",
            source.display(),
            diagnostics.render()
        ),
    };
    // The sector is loaded at 0xC000 and must be exactly one sector long.
    assert_eq!(
        assembly.origin,
        0xC000,
        "{} must ORG 0C000h",
        source.display()
    );
    assert_eq!(
        assembly.bytes.len(),
        512,
        "{} must assemble to exactly 512 bytes",
        source.display()
    );
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join(image);
    std::fs::write(&out, &assembly.bytes).expect("write the boot sector");
}
