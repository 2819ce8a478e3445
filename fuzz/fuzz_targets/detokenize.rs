//! A tokenized BASIC file (what `SAVE "X"` writes) through the detokenizer.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = msx_basic::detokenize(data);
});
