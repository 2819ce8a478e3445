//! Assembles the free BIOS sources in `roms-free-bios/` with our own assembler
//! (`z80-asm`) and leaves the ROM images in OUT_DIR for `include_bytes!`.

use std::path::{Path, PathBuf};

/// (top-level source, image name in OUT_DIR, exact image size, origin)
const ROMS: &[(&str, &str, usize, u16)] = &[
    ("main/main.asm", "main.rom", 0x8000, 0x0000),
    ("sub/sub.asm", "sub.rom", 0x4000, 0x0000),
    ("disk/disk.asm", "disk.rom", 0x4000, 0x4000),
    ("ext/ext.asm", "ext.rom", 0x4000, 0x4000),
];

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let sources = manifest.join("../../roms-free-bios");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"));
    watch(&sources);
    let mut failed = false;
    for (top, image, size, origin) in ROMS {
        let path = sources.join(top);
        match z80_asm::assemble_file(&path, &z80_asm::Options::default()) {
            Ok(asm) if asm.bytes.len() == *size && asm.origin == *origin => {
                std::fs::write(out.join(image), &asm.bytes).expect("OUT_DIR is writable");
            }
            Ok(asm) => {
                eprintln!(
                    "error: {} assembles to {} bytes at origin {:04X}h; the image must be {} bytes at {:04X}h",
                    path.display(),
                    asm.bytes.len(),
                    asm.origin,
                    size,
                    origin
                );
                failed = true;
            }
            Err(diagnostics) => {
                // file:line:column for every error, then the source line with a caret.
                eprintln!("{}", diagnostics.render());
                failed = true;
            }
        }
    }
    if failed {
        std::process::exit(1);
    }
    // The SUB-ROM's slot holds 32 KB: the SUB-ROM in page 0, the BASIC
    // extension ROM in page 1.
    let mut both = std::fs::read(out.join("sub.rom")).expect("just written");
    both.extend(std::fs::read(out.join("ext.rom")).expect("just written"));
    std::fs::write(out.join("subext.rom"), both).expect("OUT_DIR is writable");
}

/// Rebuild whenever any BIOS source changes.
fn watch(dir: &Path) {
    println!("cargo:rerun-if-changed={}", dir.display());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            watch(&path);
        } else {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
}
