//! The windowed MSX2 emulator: window, keyboard mapping, audio output.
