//! MSX2 emulator: VDP, PSG, PPI, slots, RTC, floppy, cartridges.
//!
//! Each chip owns its state and exposes a few methods; the machine facade
//! (to come) wires them to the Z80 core. Nothing here knows about windows,
//! sound cards or compilers.

mod codec;
pub mod fdc;
pub mod machine;
pub mod memory;
pub mod mouse;
pub mod ppi;
pub mod psg;
pub mod rtc;
pub mod vdp;
