//! Z80 assembly source through the assembler, as `msx asm` reads it (UTF-8,
//! else Latin-1). Run it from an empty directory: INCLUDE and INCBIN look for
//! files beside the source.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = match std::str::from_utf8(data) {
        Ok(t) => t.to_string(),
        Err(_) => data.iter().map(|&b| b as char).collect(),
    };
    let opts = z80_asm::Options::default();
    if let Ok(a) = z80_asm::assemble(&text, "fuzz.asm", &opts) {
        let _ = a.listing_text();
    }
});
