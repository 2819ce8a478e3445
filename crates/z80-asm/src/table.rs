//! The Z80 instruction set as data: every mnemonic with its operand patterns
//! and base encoding. The encoder matches operands against these rows (first
//! match wins); the disassembler enumerates the same rows to build its decode
//! tables, so both always agree on what an encoding means.

use crate::operand::{Idx, Kw};

/// The prefix byte in front of the opcode (an index prefix DD/FD comes from the operands).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pre {
    None,
    Cb,
    Ed,
}

/// An operand pattern. Patterns that select a register put its code into the
/// opcode at the given shift (`R8(3)` is the destination field of `LD r,r'`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pat {
    /// Exactly this register or condition name.
    K(Kw),
    /// Exactly this register in parentheses: `(bc)`, `(de)`, `(sp)`, `(c)`.
    M(Kw),
    /// b c d e h l (hl) a, the index halves, (ix+d) (iy+d).
    R8(u8),
    /// b c d e h l (hl) a, (ix+d) (iy+d): the CB-prefixed operand (no index halves).
    R8Cb(u8),
    /// b c d e h l a: plain registers only.
    Reg8(u8),
    /// (ix+d) (iy+d) only: the first operand of the undocumented DDCB copy forms.
    IdxMem,
    /// hl ix iy.
    Hlx,
    /// (hl) (ix) (iy): `jp (hl)`.
    MemHlx,
    /// bc de hl/ix/iy sp, code at bit 4.
    Rr,
    /// bc de hl/ix/iy af, code at bit 4 (push/pop).
    Qq,
    /// bc de sp: the ED forms of `ld rr,(nn)` (hl has a shorter encoding of its own).
    RrEd,
    /// bc de hl sp without index (adc/sbc hl,rr).
    RrHl,
    /// nz z nc c po pe p m, code at bit 3.
    Cc,
    /// nz z nc c: the conditions of `jr`.
    Cj,
    /// An 8-bit value.
    N8,
    /// A 16-bit value.
    N16,
    /// A jump target within -128..127 of the next instruction.
    Rel,
    /// `(nn)`: a 16-bit address in parentheses.
    Abs,
    /// `(n)`: an 8-bit port number in parentheses.
    Port,
    /// A bit number 0..7, at bit 3.
    Bit,
    /// An expression that must equal this value (`im 1`, `rst 38h`, `out (c),0`).
    Num(u8),
}

impl Pat {
    /// Where the selected code goes in the opcode byte.
    pub fn shift(self) -> u8 {
        match self {
            Pat::R8(s) | Pat::R8Cb(s) | Pat::Reg8(s) => s,
            Pat::Rr | Pat::Qq | Pat::RrEd | Pat::RrHl => 4,
            Pat::Cc | Pat::Cj | Pat::Bit => 3,
            _ => 0,
        }
    }
}

/// How a register choice involves an index register; the encoder uses it to
/// reject impossible mixes such as `ld ixh,h` or `ld ixh,(ix+1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    /// Nothing special (b, c, d, e, a, bc, de, sp, conditions...).
    Plain,
    /// h, l, hl, (hl): these turn into the index register under a DD/FD prefix.
    PlainHl,
    /// (hl): like PlainHl, and also a memory operand.
    MemHl,
    /// ixh ixl iyh iyl.
    Half,
    /// ix iy, (ix) as a jump target.
    Whole,
    /// (ix+d) (iy+d): takes a displacement byte.
    Disp,
}

/// What an operand must look like to select a register choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Kw(Kw),
    Mem(Kw),
    /// (ix+d), also written (ix).
    IdxDisp(Idx),
    /// (ix) with no displacement: jump target.
    IdxBare(Idx),
}

#[derive(Clone, Copy, Debug)]
pub struct Choice {
    pub shape: Shape,
    pub code: u8,
    pub idx: Option<Idx>,
    pub used: Use,
}

const fn ch(shape: Shape, code: u8, idx: Option<Idx>, used: Use) -> Choice {
    Choice {
        shape,
        code,
        idx,
        used,
    }
}

use Shape::{IdxBare, IdxDisp};
use Use::{Disp, Half, MemHl, Plain, PlainHl, Whole};

const fn k(kw: Kw, code: u8) -> Choice {
    ch(Shape::Kw(kw), code, None, Plain)
}
const fn khl(kw: Kw, code: u8) -> Choice {
    ch(Shape::Kw(kw), code, None, PlainHl)
}

const IX: Option<Idx> = Some(Idx::Ix);
const IY: Option<Idx> = Some(Idx::Iy);

const C_REG8: &[Choice] = &[
    k(Kw::B, 0),
    k(Kw::C, 1),
    k(Kw::D, 2),
    k(Kw::E, 3),
    khl(Kw::H, 4),
    khl(Kw::L, 5),
    k(Kw::A, 7),
];
const C_R8CB: &[Choice] = &[
    k(Kw::B, 0),
    k(Kw::C, 1),
    k(Kw::D, 2),
    k(Kw::E, 3),
    khl(Kw::H, 4),
    khl(Kw::L, 5),
    ch(Shape::Mem(Kw::Hl), 6, None, MemHl),
    k(Kw::A, 7),
    ch(IdxDisp(Idx::Ix), 6, IX, Disp),
    ch(IdxDisp(Idx::Iy), 6, IY, Disp),
];
const C_R8: &[Choice] = &[
    k(Kw::B, 0),
    k(Kw::C, 1),
    k(Kw::D, 2),
    k(Kw::E, 3),
    khl(Kw::H, 4),
    khl(Kw::L, 5),
    ch(Shape::Mem(Kw::Hl), 6, None, MemHl),
    k(Kw::A, 7),
    ch(Shape::Kw(Kw::Ixh), 4, IX, Half),
    ch(Shape::Kw(Kw::Ixl), 5, IX, Half),
    ch(Shape::Kw(Kw::Iyh), 4, IY, Half),
    ch(Shape::Kw(Kw::Iyl), 5, IY, Half),
    ch(IdxDisp(Idx::Ix), 6, IX, Disp),
    ch(IdxDisp(Idx::Iy), 6, IY, Disp),
];
const C_IDXMEM: &[Choice] = &[
    ch(IdxDisp(Idx::Ix), 0, IX, Disp),
    ch(IdxDisp(Idx::Iy), 0, IY, Disp),
];
const C_HLX: &[Choice] = &[
    khl(Kw::Hl, 0),
    ch(Shape::Kw(Kw::Ix), 0, IX, Whole),
    ch(Shape::Kw(Kw::Iy), 0, IY, Whole),
];
const C_MEMHLX: &[Choice] = &[
    ch(Shape::Mem(Kw::Hl), 0, None, PlainHl),
    ch(IdxBare(Idx::Ix), 0, IX, Whole),
    ch(IdxBare(Idx::Iy), 0, IY, Whole),
];
const C_RR: &[Choice] = &[
    k(Kw::Bc, 0),
    k(Kw::De, 1),
    khl(Kw::Hl, 2),
    ch(Shape::Kw(Kw::Ix), 2, IX, Whole),
    ch(Shape::Kw(Kw::Iy), 2, IY, Whole),
    k(Kw::Sp, 3),
];
const C_QQ: &[Choice] = &[
    k(Kw::Bc, 0),
    k(Kw::De, 1),
    khl(Kw::Hl, 2),
    ch(Shape::Kw(Kw::Ix), 2, IX, Whole),
    ch(Shape::Kw(Kw::Iy), 2, IY, Whole),
    k(Kw::Af, 3),
];
const C_RRED: &[Choice] = &[k(Kw::Bc, 0), k(Kw::De, 1), k(Kw::Sp, 3)];
const C_RRHL: &[Choice] = &[k(Kw::Bc, 0), k(Kw::De, 1), khl(Kw::Hl, 2), k(Kw::Sp, 3)];
const C_CC: &[Choice] = &[
    k(Kw::Nz, 0),
    k(Kw::Z, 1),
    k(Kw::Nc, 2),
    k(Kw::C, 3),
    k(Kw::Po, 4),
    k(Kw::Pe, 5),
    k(Kw::P, 6),
    k(Kw::M, 7),
];
const C_CJ: &[Choice] = &[k(Kw::Nz, 0), k(Kw::Z, 1), k(Kw::Nc, 2), k(Kw::C, 3)];

/// The register choices of a pattern; None for value patterns.
pub fn choices(p: Pat) -> Option<&'static [Choice]> {
    Some(match p {
        Pat::R8(_) => C_R8,
        Pat::R8Cb(_) => C_R8CB,
        Pat::Reg8(_) => C_REG8,
        Pat::IdxMem => C_IDXMEM,
        Pat::Hlx => C_HLX,
        Pat::MemHlx => C_MEMHLX,
        Pat::Rr => C_RR,
        Pat::Qq => C_QQ,
        Pat::RrEd => C_RRED,
        Pat::RrHl => C_RRHL,
        Pat::Cc => C_CC,
        Pat::Cj => C_CJ,
        Pat::K(_) | Pat::M(_) => return None,
        Pat::N8 | Pat::N16 | Pat::Rel | Pat::Abs | Pat::Port | Pat::Bit | Pat::Num(_) => {
            return None
        }
    })
}

/// One row of the instruction table.
#[derive(Clone, Copy, Debug)]
pub struct Form {
    pub mnemonic: &'static str,
    pub ops: &'static [Pat],
    pub pre: Pre,
    pub opcode: u8,
    /// Another spelling of an instruction that has a canonical row: accepted by
    /// the assembler, never produced by the disassembler.
    pub alias: bool,
}

const fn f(mnemonic: &'static str, ops: &'static [Pat], pre: Pre, opcode: u8) -> Form {
    Form {
        mnemonic,
        ops,
        pre,
        opcode,
        alias: false,
    }
}
const fn alias(mnemonic: &'static str, ops: &'static [Pat], pre: Pre, opcode: u8) -> Form {
    Form {
        mnemonic,
        ops,
        pre,
        opcode,
        alias: true,
    }
}

use Pat::*;
use Pre::{Cb, Ed};
const N: Pre = Pre::None;
const A_: Pat = K(Kw::A);

/// Every instruction. Order matters only among rows that could match the same
/// operands: the first row that matches is the one assembled.
pub static FORMS: &[Form] = &[
    // 8-bit loads
    f("ld", &[R8(3), R8(0)], N, 0x40),
    f("ld", &[R8(3), N8], N, 0x06),
    f("ld", &[A_, M(Kw::Bc)], N, 0x0A),
    f("ld", &[A_, M(Kw::De)], N, 0x1A),
    f("ld", &[A_, Abs], N, 0x3A),
    f("ld", &[M(Kw::Bc), A_], N, 0x02),
    f("ld", &[M(Kw::De), A_], N, 0x12),
    f("ld", &[Abs, A_], N, 0x32),
    f("ld", &[A_, K(Kw::I)], Ed, 0x57),
    f("ld", &[A_, K(Kw::R)], Ed, 0x5F),
    f("ld", &[K(Kw::I), A_], Ed, 0x47),
    f("ld", &[K(Kw::R), A_], Ed, 0x4F),
    // 16-bit loads
    f("ld", &[Rr, N16], N, 0x01),
    f("ld", &[Hlx, Abs], N, 0x2A),
    f("ld", &[RrEd, Abs], Ed, 0x4B),
    f("ld", &[Abs, Hlx], N, 0x22),
    f("ld", &[Abs, RrEd], Ed, 0x43),
    f("ld", &[K(Kw::Sp), Hlx], N, 0xF9),
    f("push", &[Qq], N, 0xC5),
    f("pop", &[Qq], N, 0xC1),
    // exchange, block transfer and search
    f("ex", &[K(Kw::De), K(Kw::Hl)], N, 0xEB),
    alias("ex", &[K(Kw::Hl), K(Kw::De)], N, 0xEB),
    f("ex", &[K(Kw::Af), K(Kw::AfX)], N, 0x08),
    alias("ex", &[K(Kw::Af), K(Kw::Af)], N, 0x08),
    f("ex", &[M(Kw::Sp), Hlx], N, 0xE3),
    f("exx", &[], N, 0xD9),
    f("ldi", &[], Ed, 0xA0),
    f("ldir", &[], Ed, 0xB0),
    f("ldd", &[], Ed, 0xA8),
    f("lddr", &[], Ed, 0xB8),
    f("cpi", &[], Ed, 0xA1),
    f("cpir", &[], Ed, 0xB1),
    f("cpd", &[], Ed, 0xA9),
    f("cpdr", &[], Ed, 0xB9),
    // 8-bit arithmetic: ADD/ADC/SBC are written with A, the others without (Zilog's
    // spelling); the other spelling of each is accepted too.
    f("add", &[A_, R8(0)], N, 0x80),
    f("add", &[A_, N8], N, 0xC6),
    alias("add", &[R8(0)], N, 0x80),
    alias("add", &[N8], N, 0xC6),
    f("adc", &[A_, R8(0)], N, 0x88),
    f("adc", &[A_, N8], N, 0xCE),
    alias("adc", &[R8(0)], N, 0x88),
    alias("adc", &[N8], N, 0xCE),
    f("sub", &[R8(0)], N, 0x90),
    f("sub", &[N8], N, 0xD6),
    alias("sub", &[A_, R8(0)], N, 0x90),
    alias("sub", &[A_, N8], N, 0xD6),
    f("sbc", &[A_, R8(0)], N, 0x98),
    f("sbc", &[A_, N8], N, 0xDE),
    alias("sbc", &[R8(0)], N, 0x98),
    alias("sbc", &[N8], N, 0xDE),
    f("and", &[R8(0)], N, 0xA0),
    f("and", &[N8], N, 0xE6),
    alias("and", &[A_, R8(0)], N, 0xA0),
    alias("and", &[A_, N8], N, 0xE6),
    f("xor", &[R8(0)], N, 0xA8),
    f("xor", &[N8], N, 0xEE),
    alias("xor", &[A_, R8(0)], N, 0xA8),
    alias("xor", &[A_, N8], N, 0xEE),
    f("or", &[R8(0)], N, 0xB0),
    f("or", &[N8], N, 0xF6),
    alias("or", &[A_, R8(0)], N, 0xB0),
    alias("or", &[A_, N8], N, 0xF6),
    f("cp", &[R8(0)], N, 0xB8),
    f("cp", &[N8], N, 0xFE),
    alias("cp", &[A_, R8(0)], N, 0xB8),
    alias("cp", &[A_, N8], N, 0xFE),
    f("inc", &[R8(3)], N, 0x04),
    f("dec", &[R8(3)], N, 0x05),
    // general purpose
    f("daa", &[], N, 0x27),
    f("cpl", &[], N, 0x2F),
    f("neg", &[], Ed, 0x44),
    f("ccf", &[], N, 0x3F),
    f("scf", &[], N, 0x37),
    f("nop", &[], N, 0x00),
    f("halt", &[], N, 0x76),
    f("di", &[], N, 0xF3),
    f("ei", &[], N, 0xFB),
    f("im", &[Num(0)], Ed, 0x46),
    f("im", &[Num(1)], Ed, 0x56),
    f("im", &[Num(2)], Ed, 0x5E),
    // 16-bit arithmetic
    f("add", &[Hlx, Rr], N, 0x09),
    f("adc", &[K(Kw::Hl), RrHl], Ed, 0x4A),
    f("sbc", &[K(Kw::Hl), RrHl], Ed, 0x42),
    f("inc", &[Rr], N, 0x03),
    f("dec", &[Rr], N, 0x0B),
    // rotates and shifts
    f("rlca", &[], N, 0x07),
    f("rla", &[], N, 0x17),
    f("rrca", &[], N, 0x0F),
    f("rra", &[], N, 0x1F),
    f("rlc", &[R8Cb(0)], Cb, 0x00),
    f("rrc", &[R8Cb(0)], Cb, 0x08),
    f("rl", &[R8Cb(0)], Cb, 0x10),
    f("rr", &[R8Cb(0)], Cb, 0x18),
    f("sla", &[R8Cb(0)], Cb, 0x20),
    f("sra", &[R8Cb(0)], Cb, 0x28),
    f("sll", &[R8Cb(0)], Cb, 0x30),
    alias("sli", &[R8Cb(0)], Cb, 0x30),
    alias("sl1", &[R8Cb(0)], Cb, 0x30),
    f("srl", &[R8Cb(0)], Cb, 0x38),
    // undocumented: the result also goes to a register (DD CB d op)
    f("rlc", &[IdxMem, Reg8(0)], Cb, 0x00),
    f("rrc", &[IdxMem, Reg8(0)], Cb, 0x08),
    f("rl", &[IdxMem, Reg8(0)], Cb, 0x10),
    f("rr", &[IdxMem, Reg8(0)], Cb, 0x18),
    f("sla", &[IdxMem, Reg8(0)], Cb, 0x20),
    f("sra", &[IdxMem, Reg8(0)], Cb, 0x28),
    f("sll", &[IdxMem, Reg8(0)], Cb, 0x30),
    alias("sli", &[IdxMem, Reg8(0)], Cb, 0x30),
    alias("sl1", &[IdxMem, Reg8(0)], Cb, 0x30),
    f("srl", &[IdxMem, Reg8(0)], Cb, 0x38),
    f("rld", &[], Ed, 0x6F),
    f("rrd", &[], Ed, 0x67),
    // bit set, reset and test
    f("bit", &[Bit, R8Cb(0)], Cb, 0x40),
    f("res", &[Bit, R8Cb(0)], Cb, 0x80),
    f("set", &[Bit, R8Cb(0)], Cb, 0xC0),
    f("res", &[Bit, IdxMem, Reg8(0)], Cb, 0x80),
    f("set", &[Bit, IdxMem, Reg8(0)], Cb, 0xC0),
    // jumps, calls, returns
    f("jp", &[N16], N, 0xC3),
    f("jp", &[Cc, N16], N, 0xC2),
    f("jp", &[MemHlx], N, 0xE9),
    alias("jp", &[Hlx], N, 0xE9),
    f("jr", &[Rel], N, 0x18),
    f("jr", &[Cj, Rel], N, 0x20),
    f("djnz", &[Rel], N, 0x10),
    f("call", &[N16], N, 0xCD),
    f("call", &[Cc, N16], N, 0xC4),
    f("ret", &[], N, 0xC9),
    f("ret", &[Cc], N, 0xC0),
    f("reti", &[], Ed, 0x4D),
    f("retn", &[], Ed, 0x45),
    f("rst", &[Num(0x00)], N, 0xC7),
    f("rst", &[Num(0x08)], N, 0xCF),
    f("rst", &[Num(0x10)], N, 0xD7),
    f("rst", &[Num(0x18)], N, 0xDF),
    f("rst", &[Num(0x20)], N, 0xE7),
    f("rst", &[Num(0x28)], N, 0xEF),
    f("rst", &[Num(0x30)], N, 0xF7),
    f("rst", &[Num(0x38)], N, 0xFF),
    // input and output
    f("in", &[A_, Port], N, 0xDB),
    f("in", &[Reg8(3), M(Kw::C)], Ed, 0x40),
    f("in", &[K(Kw::F), M(Kw::C)], Ed, 0x70),
    alias("in", &[M(Kw::C)], Ed, 0x70),
    f("out", &[Port, A_], N, 0xD3),
    f("out", &[M(Kw::C), Reg8(3)], Ed, 0x41),
    f("out", &[M(Kw::C), Num(0)], Ed, 0x71),
    f("ini", &[], Ed, 0xA2),
    f("inir", &[], Ed, 0xB2),
    f("ind", &[], Ed, 0xAA),
    f("indr", &[], Ed, 0xBA),
    f("outi", &[], Ed, 0xA3),
    f("otir", &[], Ed, 0xB3),
    f("outd", &[], Ed, 0xAB),
    f("otdr", &[], Ed, 0xBB),
];

/// Whether `name` (any case) is an instruction mnemonic.
pub fn is_mnemonic(name: &str) -> bool {
    FORMS.iter().any(|f| f.mnemonic.eq_ignore_ascii_case(name))
}
