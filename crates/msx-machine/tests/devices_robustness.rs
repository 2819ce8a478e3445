//! Devices never panic on any value a program writes: long random sequences
//! of port and memory accesses with random values (time only moves forward,
//! as in the machine).

use msx_machine::fdc::{DiskImage, PhilipsFdc};
use msx_machine::memory::{CartridgeKind, MachineLayout, Memory, SlotContent, SlotId};
use msx_machine::ppi::Ppi;
use msx_machine::psg::{Chip, Psg};
use msx_machine::rtc::{DateTime, Rtc};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

#[test]
fn fdc_survives_random_register_traffic() {
    let mut rng = Rng(1);
    let mut fdc = PhilipsFdc::new(2);
    fdc.insert(0, DiskImage::blank_720k()).unwrap();
    fdc.insert(1, DiskImage::from_bytes(vec![0; 368_640]).unwrap())
        .unwrap();
    let mut now = 0u64;
    for _ in 0..200_000 {
        now += rng.next() % 2000;
        let reg = (rng.next() % 8) as u8;
        if rng.next().is_multiple_of(2) {
            // Commands are rarer than data traffic, as in real code.
            let value = rng.next() as u8;
            if reg != 0 || rng.next().is_multiple_of(50) {
                fdc.write(reg, value, now);
            }
        } else {
            fdc.read(reg, now);
            fdc.peek(reg, now);
        }
    }
}

#[test]
fn psg_rtc_ppi_survive_random_traffic() {
    let mut rng = Rng(2);
    let mut psg = Psg::new(Chip::Ym2149, 22_050).unwrap();
    let mut rtc = Rtc::new(DateTime::new(2079, 12, 31, 23, 59, 50)).unwrap();
    let mut ppi = Ppi::new();
    let mut now = 0u64;
    for _ in 0..300_000 {
        now += rng.next() % 300;
        let port = rng.next() as u8;
        let value = rng.next() as u8;
        match rng.next() % 6 {
            0 => psg.write_io(port, value, now),
            1 => {
                psg.read_io(port, now);
            }
            2 => rtc.write_io(port, value, now),
            3 => {
                rtc.read_io(port, now);
            }
            4 => ppi.write(port, value),
            _ => {
                ppi.read(port);
            }
        }
        psg.set_click(ppi.click(), now);
    }
    psg.take_samples();
    rtc.date_time(now);
}

#[test]
fn cartridges_survive_random_writes() {
    let mut rng = Rng(3);
    for kind in [
        CartridgeKind::Ascii8,
        CartridgeKind::Ascii16,
        CartridgeKind::Konami,
        CartridgeKind::KonamiScc,
        CartridgeKind::Generic8k,
        CartridgeKind::Plain,
    ] {
        // An odd size (40 KB) to exercise block masking.
        let mut layout = MachineLayout::empty();
        layout.add(
            SlotId::primary(1),
            SlotContent::Cartridge {
                image: vec![0xAA; 40 * 1024],
                kind: Some(kind),
            },
        );
        let mut m = Memory::new(&layout).unwrap();
        m.set_primary_slots(0x55);
        for t in 0..100_000u64 {
            let addr = rng.next() as u16;
            if rng.next().is_multiple_of(2) {
                m.write(addr, rng.next() as u8, t);
            } else {
                m.read(addr, t);
            }
        }
    }
}
