//! Boots the main ROM and SUB-ROM on a deliberately small stand-in machine
//! (our Z80 core, slot 0 = main ROM, expanded slot 3 with the SUB-ROM in 3-0 and
//! 64 KB of RAM in 3-2, a VDP reduced to VRAM, registers, S#0 and the VBlank
//! interrupt, a keyboard with no key down) and checks what the BIOS left in
//! RAM and VRAM. It stands in until the real machine facade can boot ROMs.

use z80_cpu::{Bus, Cpu};

struct Mini {
    main: &'static [u8],
    sub: &'static [u8],
    ram: Vec<u8>,
    a8: u8,
    sub3: u8,
    vram: Vec<u8>,
    vaddr: u32,
    latch: Option<u8>,
    regs: [u8; 64],
    status0: u8,
}

impl Mini {
    fn new() -> Self {
        Mini {
            main: msx_bios::main_rom(),
            sub: msx_bios::sub_rom(),
            ram: vec![0; 0x10000],
            a8: 0,
            sub3: 0,
            vram: vec![0; 0x20000],
            vaddr: 0,
            latch: None,
            regs: [0; 64],
            status0: 0,
        }
    }
    /// (primary, secondary) shown in the page of `addr`.
    fn slot(&self, addr: u16) -> (u8, u8) {
        let page = addr >> 14;
        let prim = (self.a8 >> (page * 2)) & 3;
        (prim, (self.sub3 >> (page * 2)) & 3)
    }
    fn vram_text(&self, at: usize, len: usize) -> String {
        self.vram[at..at + len].iter().map(|&b| b as char).collect()
    }
}

impl Bus for Mini {
    fn read(&mut self, addr: u16, _: u64) -> u8 {
        let (p, s) = self.slot(addr);
        match (p, s) {
            (3, _) if addr == 0xFFFF => !self.sub3,
            (0, _) if addr < 0x8000 => self.main[addr as usize],
            (3, 0) if addr < 0x4000 => self.sub[addr as usize],
            (3, 2) => self.ram[addr as usize],
            _ => 0xFF,
        }
    }
    fn write(&mut self, addr: u16, value: u8, _: u64) {
        match self.slot(addr) {
            (3, _) if addr == 0xFFFF => self.sub3 = value,
            (3, 2) => self.ram[addr as usize] = value,
            _ => {}
        }
    }
    fn input(&mut self, port: u16, _: u64) -> u8 {
        match port as u8 {
            0x98 => {
                self.latch = None;
                let v = self.vram[self.vaddr as usize];
                self.vaddr = (self.vaddr + 1) & 0x1FFFF;
                v
            }
            0x99 => {
                self.latch = None;
                std::mem::take(&mut self.status0)
            }
            0xA8 => self.a8,
            _ => 0xFF,
        }
    }
    fn output(&mut self, port: u16, value: u8, _: u64) {
        match port as u8 {
            0x98 => {
                self.latch = None;
                self.vram[self.vaddr as usize] = value;
                self.vaddr = (self.vaddr + 1) & 0x1FFFF;
            }
            0x99 => match self.latch.take() {
                None => self.latch = Some(value),
                Some(low) if value & 0x80 != 0 => {
                    self.regs[usize::from(value & 0x3F)] = low;
                }
                Some(low) => {
                    self.vaddr = u32::from(self.regs[14] & 7) << 14
                        | u32::from(value & 0x3F) << 8
                        | u32::from(low);
                }
            },
            0xA8 => self.a8 = value,
            _ => {}
        }
    }
}

const FRAME: u64 = 59_736;

fn boot(frames: u64) -> (Cpu, Mini) {
    let mut cpu = Cpu::new();
    let mut bus = Mini::new();
    for frame in 1..=frames {
        cpu.run(&mut bus, frame * FRAME);
        bus.status0 |= 0x80;
        let ie0 = bus.regs[1] & 0x20 != 0;
        cpu.set_int_line(ie0);
        cpu.run(&mut bus, frame * FRAME + 200);
        cpu.set_int_line(false);
    }
    (cpu, bus)
}

#[test]
fn boots_into_msx_basic() {
    let (_cpu, bus) = boot(300);
    let ram = &bus.ram;
    // Slots found: slot 3 expanded, RAM in 3-2 for pages 2-3, SUB-ROM in 3-0.
    assert_eq!(&ram[0xFCC1..0xFCC5], &[0x00, 0x00, 0x00, 0x80], "EXPTBL");
    assert_eq!(ram[0xFCC8], 0xA0, "SLTTBL[3]: pages 2-3 on 3-2");
    assert_eq!(ram[0xFAF8], 0x83, "EXBRSA: SUB-ROM in 3-0");
    assert!(
        ram[0xFD9A..0xFFCA].iter().all(|&b| b == 0xC9),
        "hooks are RET"
    );
    // The interrupt handler runs: JIFFY counts VBlanks.
    let jiffy = u16::from_le_bytes([ram[0xFC9E], ram[0xFC9F]]);
    assert!((100..=300).contains(&jiffy), "JIFFY = {jiffy}");
    // SCREEN 0, MSX-BASIC's start screen in the 37-column window (first
    // column 2). Without a disk ROM HIMEM stays F380h: MAXFILES 1 and 200
    // bytes of strings leave STKTOP F0A0h, VARTAB 8003h, so the fact sheet's
    // STKTOP - VARTAB - 14 = 28815 bytes (msx-basic-interpreter.md §1.5).
    assert_eq!(ram[0xFCAF], 0, "SCRMOD");
    assert_eq!(bus.regs[1] & 0x60, 0x60, "display and VBlank interrupt on");
    let row = |r: usize| bus.vram_text(r * 40, 40);
    assert_eq!(row(0), "  MSX BASIC version 2.0                 ");
    assert_eq!(row(1), "  Free ROM of the msx project           ");
    assert_eq!(row(2), "  28815 Bytes free                      ");
    assert_eq!(row(3), "  Ok                                    ");
    // The font is in the pattern table at 0800h.
    assert_eq!(
        &bus.vram[0x0800 + 0x41 * 8..0x0800 + 0x42 * 8],
        &msx_bios::main_rom()[0x1BBF + 0x41 * 8..0x1BBF + 0x42 * 8]
    );
}
