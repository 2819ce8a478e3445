//! MSX2 emulator: VDP, PSG, PPI, slots, RTC, floppy, cartridges.
