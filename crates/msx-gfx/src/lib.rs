//! Pictures to and from the MSX2 screen formats. Being moved here from the
//! `msx gfx` command (`src/cmd/gfx.rs`).
