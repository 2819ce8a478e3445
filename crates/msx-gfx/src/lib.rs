//! Pictures to and from the MSX2 screen formats.
//!
//! The `msx gfx` command is a thin front over this crate: it reads and writes files,
//! everything else (colour rules, packing, palettes, BSAVE headers) is here, with typed
//! errors that carry what a user needs to fix the picture (the colour, the first pixel
//! that has it, the count). Nothing here prints or touches the file system.
//!
//! - [`bitmap`]: the bitmap modes SCREEN 5, 6, 7 and 8 ([`Screen`]), both ways.
//! - [`palette`]: 3-bit colours, the power-on palette, `.pal` files.
//! - [`index`]: pictures to colour indices (`--colors msx|image`, `--quantize`).
//! - [`tiles`]: SCREEN 2/4 pattern, colour and name tables.
//! - [`sprites`]: sprite patterns and colours, modes 1 and 2.
//! - [`bsave`]: the 7-byte BSAVE header.

pub mod bitmap;
pub mod bsave;
mod error;
pub mod index;
pub mod palette;
mod quantize;
pub mod sprites;
pub mod tiles;

pub use bitmap::{decode, encode, Encoded, Screen};
pub use error::GfxError;
pub use index::{Colors, Options};
pub use palette::{Palette, Rgb3, POWER_ON};
