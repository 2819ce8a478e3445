//! The disassembler. Its decode tables are built from the assembler's own
//! instruction table (every canonical row, every register choice), so an
//! instruction it prints assembles back to the bytes it read.
//!
//! Byte sequences that the CPU executes but that have no spelling of their own
//! (a DD/FD prefix in front of an instruction that ignores it, the unused ED
//! opcodes, the duplicates of NEG/RETN/IM and of `ld hl,(nn)`, the DDCB `bit`
//! duplicates) are printed as `db` with the bytes, so that they re-assemble to
//! exactly the same bytes too; where the CPU runs them like another instruction,
//! a comment says which (`db 0EDh,4Ch ; neg`), and the length is the executed one.

use std::sync::OnceLock;

use crate::encode::check_mix;
use crate::operand::Idx;
use crate::table::{choices, Choice, Form, Pat, Pre, Shape, FORMS};

/// One decoded instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instruction {
    /// Assembler text, lower case, e.g. `ld a,(ix+05h)`.
    pub text: String,
    /// How many bytes it takes (1..=4).
    pub len: usize,
}

#[derive(Clone, Copy, Debug)]
enum Pick {
    Reg(Choice),
    Bit(u8),
    Value,
}

#[derive(Clone, Debug)]
struct Entry {
    form: &'static Form,
    picks: Vec<Pick>,
}

/// The opcode spaces: what came before the opcode byte.
const BASE: usize = 0;
const CB: usize = 1;
const ED: usize = 2;
const DD: usize = 3;
const FD: usize = 4;
const DDCB: usize = 5;
const FDCB: usize = 6;

type Tables = Vec<Vec<Option<Entry>>>;

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(build)
}

fn candidates(p: Pat) -> Vec<Pick> {
    match (p, choices(p)) {
        (_, Some(list)) => list.iter().map(|c| Pick::Reg(*c)).collect(),
        (Pat::Bit, None) => (0..8).map(Pick::Bit).collect(),
        _ => vec![Pick::Value],
    }
}

fn build() -> Tables {
    let mut t: Tables = vec![vec![None; 256]; 7];
    for form in FORMS.iter().filter(|f| !f.alias) {
        let cands: Vec<Vec<Pick>> = form.ops.iter().map(|p| candidates(*p)).collect();
        // Walk the cartesian product of the operands' candidates.
        let mut pos = vec![0usize; cands.len()];
        loop {
            let picks: Vec<Pick> = pos.iter().zip(&cands).map(|(i, c)| c[*i]).collect();
            insert(&mut t, form, picks);
            let mut k = 0;
            while k < pos.len() {
                pos[k] += 1;
                if pos[k] < cands[k].len() {
                    break;
                }
                pos[k] = 0;
                k += 1;
            }
            if k == pos.len() {
                break;
            }
        }
    }
    t
}

fn insert(t: &mut Tables, form: &'static Form, picks: Vec<Pick>) {
    let regs: Vec<Choice> = picks
        .iter()
        .filter_map(|p| match p {
            Pick::Reg(c) => Some(*c),
            _ => None,
        })
        .collect();
    let Ok(idx) = check_mix(&regs) else { return };
    let mut opcode = form.opcode;
    for (p, pick) in form.ops.iter().zip(&picks) {
        match pick {
            Pick::Reg(c) => opcode |= c.code << p.shift(),
            Pick::Bit(b) => opcode |= b << 3,
            Pick::Value => {}
        }
    }
    let space = match (idx, form.pre) {
        (None, Pre::None) => BASE,
        (None, Pre::Cb) => CB,
        (None, Pre::Ed) => ED,
        (Some(Idx::Ix), Pre::None) => DD,
        (Some(Idx::Iy), Pre::None) => FD,
        (Some(Idx::Ix), Pre::Cb) => DDCB,
        (Some(Idx::Iy), Pre::Cb) => FDCB,
        (Some(_), Pre::Ed) => return,
    };
    let slot = &mut t[space][opcode as usize];
    if slot.is_none() {
        *slot = Some(Entry { form, picks });
    }
}

/// Writes a byte the way the assembler reads it: `05h`, `0FFh`.
pub fn hex8(v: u8) -> String {
    lead(format!("{v:02X}h"))
}

/// Writes a word the way the assembler reads it: `1234h`, `0C000h`.
pub fn hex16(v: u16) -> String {
    lead(format!("{v:04X}h"))
}

fn lead(s: String) -> String {
    if s.starts_with(|c: char| c.is_ascii_alphabetic()) {
        format!("0{s}")
    } else {
        s
    }
}

fn db(bytes: &[u8]) -> Instruction {
    let list: Vec<String> = bytes.iter().map(|b| hex8(*b)).collect();
    Instruction {
        text: format!("db {}", list.join(",")),
        len: bytes.len(),
    }
}

/// Decodes the instruction at the start of `bytes`, which sits at address `addr`
/// (relative jumps are shown as their target). Never fails: what is not an
/// instruction comes back as `db`. Empty input gives an empty text and length 0.
pub fn disassemble_one(bytes: &[u8], addr: u16) -> Instruction {
    let Some(&b0) = bytes.first() else {
        return Instruction {
            text: String::new(),
            len: 0,
        };
    };
    let t = tables();
    let (space, at) = match (b0, bytes.get(1)) {
        (0xDD | 0xFD, Some(0xCB)) => {
            let space = if b0 == 0xDD { DDCB } else { FDCB };
            return match (bytes.get(2), bytes.get(3)) {
                (Some(&d), Some(&op)) => match &t[space][op as usize] {
                    Some(e) => render(e, &bytes[..4], Some(d), 4, addr),
                    None => {
                        // DDCB d 40..7F: every low 3 bits mean `bit n,(ix+d)`.
                        let same = [b0, 0xCB, d, (op & 0xF8) | 6];
                        let mut ins = db(&bytes[..4]);
                        ins.text = format!("{} ; {}", ins.text, disassemble_one(&same, addr).text);
                        ins
                    }
                },
                _ => db(&bytes[..1]),
            };
        }
        (0xDD, Some(_)) => (DD, 1),
        (0xFD, Some(_)) => (FD, 1),
        (0xED, Some(_)) => (ED, 1),
        (0xCB, Some(_)) => (CB, 1),
        (0xDD | 0xFD | 0xED | 0xCB, None) => return db(&bytes[..1]),
        _ => (BASE, 0),
    };
    let op = bytes[at];
    let Some(e) = &t[space][op as usize] else {
        if space == ED {
            return ed_duplicate(bytes, addr).unwrap_or_else(|| db(&bytes[..2]));
        }
        // An ignored DD/FD prefix is one byte; the instruction after it is decoded on its own.
        return db(&bytes[..1]);
    };
    let mut len = at + 1;
    let has_disp = e
        .picks
        .iter()
        .any(|p| matches!(p, Pick::Reg(c) if matches!(c.shape, Shape::IdxDisp(_))));
    let disp = if has_disp {
        let d = bytes.get(len).copied();
        len += 1;
        d
    } else {
        None
    };
    len += e
        .form
        .ops
        .iter()
        .map(|p| match p {
            Pat::N8 | Pat::Port | Pat::Rel => 1,
            Pat::N16 | Pat::Abs => 2,
            _ => 0,
        })
        .sum::<usize>();
    if len > bytes.len() {
        return db(&bytes[..1]);
    }
    render(e, &bytes[..len], disp, len, addr)
}

/// ED opcodes that repeat another instruction (the CPU runs them like it), with
/// the bytes of the instruction they repeat.
const ED_DUPLICATES: &[(u8, &[u8])] = &[
    (0x4C, &[0xED, 0x44]),
    (0x54, &[0xED, 0x44]),
    (0x5C, &[0xED, 0x44]),
    (0x64, &[0xED, 0x44]),
    (0x6C, &[0xED, 0x44]),
    (0x74, &[0xED, 0x44]),
    (0x7C, &[0xED, 0x44]),
    (0x55, &[0xED, 0x45]),
    (0x5D, &[0xED, 0x45]),
    (0x65, &[0xED, 0x45]),
    (0x6D, &[0xED, 0x45]),
    (0x75, &[0xED, 0x45]),
    (0x7D, &[0xED, 0x45]),
    (0x4E, &[0xED, 0x46]),
    (0x66, &[0xED, 0x46]),
    (0x6E, &[0xED, 0x46]),
    (0x76, &[0xED, 0x56]),
    (0x7E, &[0xED, 0x5E]),
    (0x63, &[0x22]),
    (0x6B, &[0x2A]),
];

/// An ED duplicate as `db` with its full length, and what it does as a comment.
fn ed_duplicate(bytes: &[u8], addr: u16) -> Option<Instruction> {
    let (_, same) = ED_DUPLICATES.iter().find(|(op, _)| *op == bytes[1])?;
    // `ld (nn),hl` / `ld hl,(nn)` carry the address after the opcode.
    let operands = if same.len() == 1 { 2 } else { 0 };
    let len = 2 + operands;
    if bytes.len() < len {
        return None;
    }
    let mut equivalent = same.to_vec();
    equivalent.extend_from_slice(&bytes[2..len]);
    let mut ins = db(&bytes[..len]);
    ins.text = format!("{} ; {}", ins.text, disassemble_one(&equivalent, addr).text);
    Some(ins)
}

fn render(e: &Entry, bytes: &[u8], disp: Option<u8>, len: usize, addr: u16) -> Instruction {
    // Immediate values sit at the end of the instruction, after any displacement.
    let imm_len: usize = e
        .form
        .ops
        .iter()
        .map(|p| match p {
            Pat::N8 | Pat::Port | Pat::Rel => 1,
            Pat::N16 | Pat::Abs => 2,
            _ => 0,
        })
        .sum();
    let imm = if e.form.pre == Pre::Cb {
        &[][..]
    } else {
        &bytes[len - imm_len..]
    };
    let byte = imm.first().copied().unwrap_or(0);
    let word = u16::from_le_bytes([byte, imm.get(1).copied().unwrap_or(0)]);
    let ops: Vec<String> = e
        .form
        .ops
        .iter()
        .zip(&e.picks)
        .map(|(p, pick)| match (pick, p) {
            (Pick::Reg(c), _) => reg_text(c, disp.unwrap_or(0)),
            (Pick::Bit(b), _) => b.to_string(),
            (Pick::Value, Pat::K(k)) => k.name().to_string(),
            (Pick::Value, Pat::M(k)) => format!("({})", k.name()),
            (Pick::Value, Pat::N8) => hex8(byte),
            (Pick::Value, Pat::Port) => format!("({})", hex8(byte)),
            (Pick::Value, Pat::N16) => hex16(word),
            (Pick::Value, Pat::Abs) => format!("({})", hex16(word)),
            (Pick::Value, Pat::Rel) => {
                let target = addr
                    .wrapping_add(len as u16)
                    .wrapping_add(byte as i8 as u16);
                hex16(target)
            }
            (Pick::Value, Pat::Num(v)) if *v >= 8 => hex8(*v),
            (Pick::Value, Pat::Num(v)) => v.to_string(),
            (Pick::Value, _) => String::new(),
        })
        .collect();
    let text = if ops.is_empty() {
        e.form.mnemonic.to_string()
    } else {
        format!("{} {}", e.form.mnemonic, ops.join(","))
    };
    Instruction { text, len }
}

fn reg_text(c: &Choice, disp: u8) -> String {
    match c.shape {
        Shape::Kw(k) => k.name().to_string(),
        Shape::Mem(k) => format!("({})", k.name()),
        Shape::IdxBare(i) => format!("({})", i.name()),
        Shape::IdxDisp(i) => {
            let d = disp as i8;
            let sign = if d < 0 { '-' } else { '+' };
            format!("({}{}{})", i.name(), sign, hex8(d.unsigned_abs()))
        }
    }
}

/// One line of a disassembly listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DisasmLine {
    pub addr: u16,
    pub bytes: Vec<u8>,
    pub text: String,
}

/// Disassembles a whole block loaded at `org`.
pub fn disassemble(bytes: &[u8], org: u16) -> Vec<DisasmLine> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let addr = org.wrapping_add(i as u16);
        let ins = disassemble_one(&bytes[i..], addr);
        let len = ins.len.max(1);
        out.push(DisasmLine {
            addr,
            bytes: bytes[i..i + len].to_vec(),
            text: ins.text,
        });
        i += len;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(bytes: &[u8]) -> (String, usize) {
        let i = disassemble_one(bytes, 0x100);
        (i.text, i.len)
    }

    #[test]
    fn documented_examples() {
        assert_eq!(d(&[0x00]), ("nop".into(), 1));
        assert_eq!(d(&[0x3E, 0xFF]), ("ld a,0FFh".into(), 2));
        assert_eq!(d(&[0x21, 0x34, 0x12]), ("ld hl,1234h".into(), 3));
        assert_eq!(d(&[0xDD, 0x7E, 0xFB]), ("ld a,(ix-05h)".into(), 3));
        assert_eq!(d(&[0xFD, 0x36, 0x02, 0x99]), ("ld (iy+02h),99h".into(), 4));
        assert_eq!(d(&[0x18, 0xFE]), ("jr 0100h".into(), 2));
        assert_eq!(d(&[0x10, 0x00]), ("djnz 0102h".into(), 2));
        assert_eq!(d(&[0xED, 0xB0]), ("ldir".into(), 2));
        assert_eq!(d(&[0xFF]), ("rst 38h".into(), 1));
        assert_eq!(d(&[0xED, 0x5E]), ("im 2".into(), 2));
        assert_eq!(d(&[0x08]), ("ex af,af'".into(), 1));
        assert_eq!(d(&[0xE9]), ("jp (hl)".into(), 1));
        assert_eq!(d(&[0xDD, 0xE9]), ("jp (ix)".into(), 2));
        assert_eq!(d(&[0xDB, 0x98]), ("in a,(98h)".into(), 2));
        assert_eq!(d(&[0x76]), ("halt".into(), 1));
        assert_eq!(d(&[0x90]), ("sub b".into(), 1));
        assert_eq!(d(&[0x80]), ("add a,b".into(), 1));
    }

    #[test]
    fn undocumented_examples() {
        assert_eq!(d(&[0xDD, 0x7C]), ("ld a,ixh".into(), 2));
        assert_eq!(d(&[0xFD, 0x6C]), ("ld iyl,iyh".into(), 2));
        assert_eq!(d(&[0xCB, 0x31]), ("sll c".into(), 2));
        assert_eq!(d(&[0xED, 0x70]), ("in f,(c)".into(), 2));
        assert_eq!(d(&[0xED, 0x71]), ("out (c),0".into(), 2));
        assert_eq!(d(&[0xDD, 0xCB, 0x05, 0x00]), ("rlc (ix+05h),b".into(), 4));
        assert_eq!(d(&[0xFD, 0xCB, 0xFF, 0x86]), ("res 0,(iy-01h)".into(), 4));
        assert_eq!(d(&[0xFD, 0xCB, 0x01, 0xFF]), ("set 7,(iy+01h),a".into(), 4));
        assert_eq!(d(&[0xDD, 0xCB, 0x01, 0x46]), ("bit 0,(ix+01h)".into(), 4));
    }

    #[test]
    fn non_canonical_encodings_become_db() {
        assert_eq!(d(&[0xDD, 0x00]), ("db 0DDh".into(), 1));
        assert_eq!(d(&[0xDD, 0xDD]), ("db 0DDh".into(), 1));
        assert_eq!(d(&[0xED, 0x00]), ("db 0EDh,00h".into(), 2));
        assert_eq!(d(&[0xED, 0x4C]), ("db 0EDh,4Ch ; neg".into(), 2));
        assert_eq!(d(&[0xED, 0x7E]), ("db 0EDh,7Eh ; im 2".into(), 2));
        assert_eq!(
            d(&[0xED, 0x6B, 0x34, 0x12]),
            ("db 0EDh,6Bh,34h,12h ; ld hl,(1234h)".into(), 4)
        );
        assert_eq!(d(&[0xED, 0x63, 0x34]), ("db 0EDh,63h".into(), 2));
        assert_eq!(
            d(&[0xDD, 0xCB, 0x01, 0x40]),
            ("db 0DDh,0CBh,01h,40h ; bit 0,(ix+01h)".into(), 4)
        );
    }

    #[test]
    fn truncated_input_never_panics() {
        assert_eq!(d(&[]), (String::new(), 0));
        assert_eq!(d(&[0x21, 0x34]), ("db 21h".into(), 1));
        assert_eq!(d(&[0xDD]), ("db 0DDh".into(), 1));
        assert_eq!(d(&[0xDD, 0xCB, 0x01]), ("db 0DDh".into(), 1));
        assert_eq!(d(&[0xDD, 0x36, 0x01]), ("db 0DDh".into(), 1));
    }
}
