//! Z80 assembler and disassembler.
