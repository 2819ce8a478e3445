//! Lowering of the checked program to the shared back end's IR (`z80-codegen`).
