//! A BASIC listing (UTF-8 text, the MSX character set, or a tokenized file: what
//! `msx basic tokenize`, `basic list` and `msx build` accept) through the
//! tokenizer, and what it gives back through the lister.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(program) = msx_basic::load_source(data) {
        let _ = msx_basic::list(&program);
        let _ = msx_basic::to_msx_ascii(&program);
    }
    let _ = msx_basic::tokenize_msx_ascii(data);
});
