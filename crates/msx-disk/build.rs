//! Assembles the boot loader (`boot/boot.asm`) with the project's assembler,
//! so the crate ships bytes built from our own source, never a binary blob.

use std::path::Path;

fn main() {
    let source = Path::new("boot/boot.asm");
    println!("cargo:rerun-if-changed={}", source.display());
    let assembly = match z80_asm::assemble_file(source, &z80_asm::Options::default()) {
        Ok(a) => a,
        Err(diagnostics) => panic!("boot/boot.asm does not assemble:\n{}", diagnostics.render()),
    };
    // The sector is loaded at 0xC000 and must be exactly one sector long.
    assert_eq!(assembly.origin, 0xC000, "boot.asm must ORG 0C000h");
    assert_eq!(
        assembly.bytes.len(),
        512,
        "boot.asm must assemble to exactly 512 bytes"
    );
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("boot.bin");
    std::fs::write(&out, &assembly.bytes).expect("write boot.bin");
}
