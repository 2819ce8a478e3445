//! A BASIC program through the whole compiler: tokenizer, parser, lowering,
//! code generation, the runtime's assembly.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = msx_basic::compile("fuzz.bas", data, z80_codegen::Target::Dsk);
});
