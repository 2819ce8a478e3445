//! The free MSX2 BIOS (main ROM, SUB-ROM, disk ROM), assembled at build time.
