//! Random Z80 programs that both cores can run to the end.
//!
//! Every opcode of every prefix group (none, CB, ED, DD, FD, DD CB, FD CB,
//! chains of DD/FD) is drawn, with operands at random. Instructions that
//! would send the program somewhere unpredictable are wrapped so that the
//! program still reaches its epilogue:
//! - JR, DJNZ, JP, CALL (all conditions) jump forward to the start of a
//!   later instruction group;
//! - RET, RET cc, RETI, RETN run inside `CALL L; JR skip; L: RET..; INC SP;
//!   INC SP; skip:`, which works whether the return is taken or not;
//! - JP (HL/IX/IY) and LD SP,HL/IX/IY get their register loaded first;
//! - repeating block instructions get a small count first;
//! - SCF/CCF follow a flag-setting instruction, because the oracle computes
//!   their X/Y bits from A alone, which equals Zilog's `(Q ^ F) | A` only when
//!   the previous instruction wrote the flags (Q = F);
//! - HALT is left out (the epilogue ends with one).
//!
//! After every group (or every few), a probe `PUSH AF/BC/DE/HL` +
//! `POP` in reverse order puts the registers the oracle hides on the bus.

use super::{data_pointer, stack_pointer, Rng};

enum Target {
    /// The start of the group `n` groups after the current one (past the
    /// end: the epilogue).
    GroupAhead(usize),
    /// A given item (instruction) index.
    Item(usize),
}

enum Fix {
    Rel { at: usize, target: Target },
    Abs { at: usize, target: Target },
}

struct Item {
    bytes: Vec<u8>,
    fix: Option<Fix>,
    group: usize,
}

pub struct Generator<'a> {
    rng: &'a mut Rng,
    items: Vec<Item>,
    group_starts: Vec<usize>,
}

impl<'a> Generator<'a> {
    pub fn new(rng: &'a mut Rng) -> Self {
        Generator {
            rng,
            items: Vec::new(),
            group_starts: Vec::new(),
        }
    }

    fn push(&mut self, bytes: Vec<u8>, fix: Option<Fix>) {
        let group = self.group_starts.len() - 1;
        self.items.push(Item { bytes, fix, group });
    }

    fn start_group(&mut self) {
        self.group_starts.push(self.items.len());
    }

    fn word(v: u16) -> [u8; 2] {
        v.to_le_bytes()
    }

    /// A program of `groups` random instruction groups, probes between
    /// them, and the epilogue, laid out at `base`.
    pub fn program(mut self, groups: usize, base: u16) -> Vec<u8> {
        for _ in 0..groups {
            self.start_group();
            self.random_group();
            if self.rng.chance(60) {
                self.start_group();
                self.probe(false);
            }
        }
        self.start_group();
        self.epilogue();
        self.layout(base)
    }

    fn probe(&mut self, with_shadow: bool) {
        for op in [0xF5, 0xC5, 0xD5, 0xE5, 0xE1, 0xD1, 0xC1, 0xF1] {
            self.push(vec![op], None);
        }
        if with_shadow {
            self.push(vec![0xD9], None);
            self.push(vec![0x08], None);
            for op in [0xF5, 0xC5, 0xD5, 0xE5, 0xE1, 0xD1, 0xC1, 0xF1] {
                self.push(vec![op], None);
            }
            self.push(vec![0x08], None);
            self.push(vec![0xD9], None);
        }
    }

    fn epilogue(&mut self) {
        self.probe(true);
        self.push(vec![0xDD, 0xE5], None); // PUSH IX
        self.push(vec![0xFD, 0xE5], None); // PUSH IY
        self.push(vec![0x76], None); // HALT
    }

    fn layout(self, base: u16) -> Vec<u8> {
        let mut addr = Vec::with_capacity(self.items.len() + 1);
        let mut a = base as usize;
        for it in &self.items {
            addr.push(a);
            a += it.bytes.len();
        }
        addr.push(a);
        let epilogue = *self.group_starts.last().unwrap();
        let resolve = |t: &Target, group: usize| -> usize {
            match *t {
                Target::Item(i) => addr[i],
                Target::GroupAhead(n) => {
                    let g = group + n;
                    addr[self.group_starts.get(g).copied().unwrap_or(epilogue)]
                }
            }
        };
        let mut out = Vec::new();
        for (i, it) in self.items.iter().enumerate() {
            let mut bytes = it.bytes.clone();
            match &it.fix {
                None => {}
                Some(Fix::Abs { at, target }) => {
                    let t = resolve(target, it.group) as u16;
                    bytes[*at..*at + 2].copy_from_slice(&t.to_le_bytes());
                }
                Some(Fix::Rel { at, target }) => {
                    let t = resolve(target, it.group) as i64;
                    let next = (addr[i] + bytes.len()) as i64;
                    let mut d = t - next;
                    if !(-128..=127).contains(&d) {
                        d = 0; // falls through: still a forward, valid path
                    }
                    bytes[*at] = d as i8 as u8;
                }
            }
            out.extend_from_slice(&bytes);
        }
        out
    }

    fn random_group(&mut self) {
        let class = self.rng.below(100);
        match class {
            0..=37 => {
                let op = self.rng.byte();
                self.base_op(&[], op);
            }
            38..=49 => {
                let op = self.rng.byte();
                self.push(vec![0xCB, op], None);
            }
            50..=63 => {
                let op = self.rng.byte();
                self.ed_op(&[], op);
            }
            64..=75 => {
                let op = self.rng.byte();
                self.base_op(&[0xDD], op);
            }
            76..=87 => {
                let op = self.rng.byte();
                self.base_op(&[0xFD], op);
            }
            88..=96 => {
                let p = if self.rng.chance(50) { 0xDD } else { 0xFD };
                let d = self.rng.byte();
                let op = self.rng.byte();
                self.push(vec![p, 0xCB, d, op], None);
            }
            _ => {
                // A chain of prefixes: only the last DD/FD counts.
                let n = 1 + self.rng.below(3) as usize;
                let chain: Vec<u8> = (0..=n)
                    .map(|_| if self.rng.chance(50) { 0xDD } else { 0xFD })
                    .collect();
                let op = self.rng.byte();
                self.base_op(&chain, op);
            }
        }
    }

    /// An opcode of the unprefixed table behind `prefix` (empty, or DD/FD
    /// bytes).
    fn base_op(&mut self, prefix: &[u8], op: u8) {
        let index = !prefix.is_empty();
        let with = |rest: &[u8]| -> Vec<u8> {
            let mut v = prefix.to_vec();
            v.extend_from_slice(rest);
            v
        };
        let pl = prefix.len();
        match op {
            0x76 => self.push(with(&[0x00]), None), // no HALT: a NOP instead
            0xCB => {
                if index {
                    let (d, o) = (self.rng.byte(), self.rng.byte());
                    self.push(with(&[0xCB, d, o]), None);
                } else {
                    let o = self.rng.byte();
                    self.push(vec![0xCB, o], None);
                }
            }
            0xED => {
                let o = self.rng.byte();
                self.ed_op(prefix, o);
            }
            0xDD | 0xFD => {
                let o = self.rng.byte();
                let mut p = prefix.to_vec();
                p.push(op);
                self.base_op(&p, o);
            }
            0x10 | 0x18 | 0x20 | 0x28 | 0x30 | 0x38 => {
                let ahead = 1 + self.rng.below(3) as usize;
                self.push(
                    with(&[op, 0]),
                    Some(Fix::Rel {
                        at: pl + 1,
                        target: Target::GroupAhead(ahead),
                    }),
                );
            }
            0xC3 | 0xCD | 0xC2 | 0xCA | 0xD2 | 0xDA | 0xE2 | 0xEA | 0xF2 | 0xFA | 0xC4 | 0xCC
            | 0xD4 | 0xDC | 0xE4 | 0xEC | 0xF4 | 0xFC => {
                let ahead = 1 + self.rng.below(3) as usize;
                self.push(
                    with(&[op, 0, 0]),
                    Some(Fix::Abs {
                        at: pl + 1,
                        target: Target::GroupAhead(ahead),
                    }),
                );
            }
            0xC9 | 0xC0 | 0xC8 | 0xD0 | 0xD8 | 0xE0 | 0xE8 | 0xF0 | 0xF8 => {
                self.ret_wrapper(with(&[op]));
            }
            0xE9 => {
                // LD HL/IX/IY,next ; JP (HL/IX/IY)
                self.push(
                    with(&[0x21, 0, 0]),
                    Some(Fix::Abs {
                        at: pl + 1,
                        target: Target::GroupAhead(1),
                    }),
                );
                self.push(with(&[0xE9]), None);
            }
            0xF9 => {
                let [lo, hi] = Self::word(stack_pointer(self.rng));
                self.push(with(&[0x21, lo, hi]), None);
                self.push(with(&[0xF9]), None);
            }
            0x31 => {
                let [lo, hi] = Self::word(stack_pointer(self.rng));
                self.push(with(&[0x31, lo, hi]), None);
            }
            0x37 | 0x3F => {
                let n = self.rng.byte();
                self.push(vec![0xFE, n], None);
                self.push(with(&[op]), None);
            }
            0x01 | 0x11 | 0x21 | 0x22 | 0x2A | 0x32 | 0x3A => {
                let [lo, hi] = Self::word(data_pointer(self.rng));
                self.push(with(&[op, lo, hi]), None);
            }
            _ => {
                let len = base_operand_len(op, index);
                let mut v = with(&[op]);
                for _ in 0..len {
                    v.push(self.rng.byte());
                }
                self.push(v, None);
            }
        }
    }

    fn ed_op(&mut self, prefix: &[u8], op: u8) {
        let mut v = prefix.to_vec();
        v.extend_from_slice(&[0xED, op]);
        match op {
            0x45 | 0x4D | 0x55 | 0x5D | 0x65 | 0x6D | 0x75 | 0x7D => self.ret_wrapper(v),
            0x7B => {
                // LD SP,(nn) reads back what LD (nn),SP stored.
                let [lo, hi] = Self::word(data_pointer(self.rng));
                self.push(vec![0xED, 0x73, lo, hi], None);
                v.extend_from_slice(&[lo, hi]);
                self.push(v, None);
            }
            0x43 | 0x4B | 0x53 | 0x5B | 0x63 | 0x6B | 0x73 => {
                let [lo, hi] = Self::word(data_pointer(self.rng));
                v.extend_from_slice(&[lo, hi]);
                self.push(v, None);
            }
            0xB0 | 0xB1 | 0xB8 | 0xB9 => {
                let n = 1 + self.rng.below(8) as u8;
                self.push(vec![0x01, n, 0], None);
                self.push(v, None);
            }
            0xB2 | 0xB3 | 0xBA | 0xBB => {
                let n = 1 + self.rng.below(8) as u8;
                self.push(vec![0x06, n], None);
                self.push(v, None);
            }
            _ => self.push(v, None),
        }
    }

    /// `CALL L; JR skip; L: ret; INC SP; INC SP; skip:`
    fn ret_wrapper(&mut self, ret: Vec<u8>) {
        let call = self.items.len();
        let ret_item = call + 2;
        let skip = call + 5;
        self.push(
            vec![0xCD, 0, 0],
            Some(Fix::Abs {
                at: 1,
                target: Target::Item(ret_item),
            }),
        );
        self.push(
            vec![0x18, 0],
            Some(Fix::Rel {
                at: 1,
                target: Target::Item(skip),
            }),
        );
        self.push(ret, None);
        self.push(vec![0x33], None);
        self.push(vec![0x33], None);
        // `skip` is the next item pushed; make sure one exists.
        self.push(vec![0x00], None);
    }
}

/// Operand bytes after an unprefixed opcode (with an index prefix, the
/// (HL) forms gain a displacement byte).
fn base_operand_len(op: u8, index: bool) -> usize {
    let disp = |uses_mem: bool| usize::from(index && uses_mem);
    match op {
        0x01 | 0x11 | 0x21 | 0x31 | 0x22 | 0x2A | 0x32 | 0x3A | 0xC2 | 0xC3 | 0xC4 | 0xCA
        | 0xCC | 0xCD | 0xD2 | 0xD4 | 0xDA | 0xDC | 0xE2 | 0xE4 | 0xEA | 0xEC | 0xF2 | 0xF4
        | 0xFA | 0xFC => 2,
        0x36 => 1 + disp(true),
        0x06 | 0x0E | 0x16 | 0x1E | 0x26 | 0x2E | 0x3E | 0x10 | 0x18 | 0x20 | 0x28 | 0x30
        | 0x38 | 0xC6 | 0xCE | 0xD6 | 0xDE | 0xE6 | 0xEE | 0xF6 | 0xFE | 0xD3 | 0xDB => 1,
        0x34 | 0x35 => disp(true),
        0x40..=0x7F => disp(op & 7 == 6 || (op >> 3) & 7 == 6),
        0x80..=0xBF => disp(op & 7 == 6),
        _ => 0,
    }
}
