//! A Pascal program through the whole compiler (front end, lowering, code
//! generation, assembly). Includes are looked up in memory only.
#![no_main]

use libfuzzer_sys::fuzz_target;
use msx_pascal::MemoryFiles;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let files = MemoryFiles::new().with("fuzz.pas", &text);
    let _ = msx_pascal::lower::compile("fuzz.pas", &files, z80_codegen::Target::Com);
});
