//! The precomputed line tables of `Memory` against a naive model that decodes
//! every access from scratch (slot register → sub-slot register → device →
//! byte), over a long random sequence of slot changes, mapper writes,
//! cartridge bank switches, reads and writes.

use msx_machine::memory::{CartridgeKind, MachineLayout, Memory, SlotContent, SlotId};

/// xorshift64*: a fixed, seedable sequence (no dependency, same on every machine).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The naive machine: slot 0 ROM 0x0000–0x7FFF; slot 1 ASCII8 cartridge
/// (128 KB); slot 2 plain RAM 0x8000–0xFFFF; slot 3 expanded: 3-0 ROM at
/// 0x0000–0x3FFF, 3-1 empty, 3-2 mapper 128 KB, 3-3 RAM 0x0000–0xFFFF.
struct Model {
    main_rom: Vec<u8>,
    sub_rom: Vec<u8>,
    cart: Vec<u8>,
    cart_banks: [u8; 4],
    ram2: Vec<u8>,
    ram33: Vec<u8>,
    mapper: Vec<u8>,
    mapper_regs: [u8; 4],
    primary: u8,
    sub3: u8,
}

impl Model {
    fn slot(&self, addr: u16) -> (u8, u8) {
        let page = addr >> 14;
        let p = (self.primary >> (2 * page)) & 3;
        let s = if p == 3 {
            (self.sub3 >> (2 * page)) & 3
        } else {
            0
        };
        (p, s)
    }

    fn read(&self, addr: u16) -> u8 {
        if addr == 0xFFFF && self.primary >> 6 == 3 {
            return !self.sub3;
        }
        let a = usize::from(addr);
        match self.slot(addr) {
            (0, _) if a < 0x8000 => self.main_rom[a],
            (1, _) if (0x4000..0xC000).contains(&a) => {
                let bank = usize::from(self.cart_banks[(a - 0x4000) / 0x2000] & 15);
                self.cart[bank * 0x2000 + a % 0x2000]
            }
            (2, _) if a >= 0x8000 => self.ram2[a - 0x8000],
            (3, 0) if a < 0x4000 => self.sub_rom[a],
            (3, 2) => {
                let seg = usize::from(self.mapper_regs[a >> 14] & 7);
                self.mapper[seg * 0x4000 + (a & 0x3FFF)]
            }
            (3, 3) => self.ram33[a],
            _ => 0xFF,
        }
    }

    fn write(&mut self, addr: u16, v: u8) {
        if addr == 0xFFFF && self.primary >> 6 == 3 {
            self.sub3 = v;
            return;
        }
        let a = usize::from(addr);
        match self.slot(addr) {
            (1, _) if (0x6000..0x8000).contains(&a) => {
                self.cart_banks[(a >> 11) & 3] = v;
            }
            (2, _) if a >= 0x8000 => self.ram2[a - 0x8000] = v,
            (3, 2) => {
                let seg = usize::from(self.mapper_regs[a >> 14] & 7);
                self.mapper[seg * 0x4000 + (a & 0x3FFF)] = v;
            }
            (3, 3) => self.ram33[a] = v,
            _ => {}
        }
    }
}

fn random_bytes(rng: &mut Rng, n: usize) -> Vec<u8> {
    (0..n).map(|_| rng.next() as u8).collect()
}

#[test]
fn line_tables_agree_with_naive_decoding() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let main_rom = random_bytes(&mut rng, 0x8000);
    let sub_rom = random_bytes(&mut rng, 0x4000);
    let cart = random_bytes(&mut rng, 0x20000);

    let mut layout = MachineLayout::empty();
    layout.expanded[3] = true;
    layout.add(
        SlotId::primary(0),
        SlotContent::Rom {
            image: main_rom.clone(),
            base: 0,
        },
    );
    layout.add(
        SlotId::primary(1),
        SlotContent::Cartridge {
            image: cart.clone(),
            kind: Some(CartridgeKind::Ascii8),
        },
    );
    layout.add(
        SlotId::primary(2),
        SlotContent::Ram {
            base: 0x8000,
            size: 0x8000,
        },
    );
    layout.add(
        SlotId::sub(3, 0),
        SlotContent::Rom {
            image: sub_rom.clone(),
            base: 0,
        },
    );
    layout.add(SlotId::sub(3, 2), SlotContent::MapperRam { size_kb: 128 });
    layout.add(
        SlotId::sub(3, 3),
        SlotContent::Ram {
            base: 0,
            size: 0x10000,
        },
    );
    let mut mem = Memory::new(&layout).unwrap();

    let mut model = Model {
        main_rom,
        sub_rom,
        cart,
        cart_banks: [0; 4],
        ram2: vec![0; 0x8000],
        ram33: vec![0; 0x10000],
        mapper: vec![0; 0x20000],
        mapper_regs: [0; 4],
        primary: 0,
        sub3: 0,
    };

    for step in 0..200_000u32 {
        let addr = match rng.below(9) {
            // Favour the interesting addresses: mapper registers, 0xFFFF
            // and the line it shares with RAM.
            0 => 0x6000 + rng.below(0x2000) as u16,
            1 => 0xFFFF,
            2 => 0xFF00 + rng.below(0x100) as u16,
            _ => rng.next() as u16,
        };
        match rng.below(20) {
            0 => {
                let v = rng.next() as u8;
                mem.set_primary_slots(v);
                model.primary = v;
            }
            1 => {
                let port = 0xFC + rng.below(4) as u8;
                let v = rng.next() as u8;
                mem.write_mapper_port(port, v);
                model.mapper_regs[usize::from(port & 3)] = v;
                // 128 KB: 8 segments, read back | 0xF8.
                assert_eq!(mem.read_mapper_port(port), (v & 7) | 0xF8);
            }
            2..=9 => {
                let v = rng.next() as u8;
                mem.write(addr, v, u64::from(step));
                model.write(addr, v);
            }
            _ => {
                let got = mem.read(addr, u64::from(step));
                assert_eq!(got, model.read(addr), "step {step}, read {addr:#06X}");
                assert_eq!(mem.peek(addr, 0), got);
            }
        }
    }
    // Every address once more at the end.
    for addr in 0..=0xFFFFu16 {
        assert_eq!(
            mem.read(addr, 0),
            model.read(addr),
            "final read {addr:#06X}"
        );
    }
}
