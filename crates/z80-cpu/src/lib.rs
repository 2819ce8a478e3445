//! Z80 CPU core with exact timing, for the MSX2 emulator.
