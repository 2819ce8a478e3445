//! The command engine's work owed across stretches of time (see
//! `Vdp::owe_cmd`) against the engine run at every stretch, as the VDP did
//! before: over random port traffic with commands running across display
//! lines, speed-changing register writes, VRAM accesses and status reads,
//! everything the CPU and the display can see must be the same.

use super::*;
use proptest::prelude::*;

/// One thing the CPU does, `dt` T-states after the previous one.
#[derive(Clone, Debug)]
enum Act {
    /// A register write through port 0x99.
    Reg(u8, u8),
    /// A command: R#32–R#46 through port 0x9B (NX/NY high bytes small).
    Command([u8; 15]),
    /// A VRAM write or read through port 0x98.
    Data(Option<u8>),
    /// A status read (R#15 then port 0x99).
    Status(u8),
    /// `run_to` (what the machine does at an interrupt or frame end).
    Run,
}

/// Registers a program changes while the engine runs: display enable and
/// mode bits (R#1), sprites off (R#8), line count (R#9), adjust (R#18),
/// interrupt line (R#19), scroll (R#23), plus R#15 (no effect on timing).
const REGS: [(u8, u8); 7] = [
    (1, 0x40),
    (8, 0x0A),
    (9, 0x80),
    (18, 0xFF),
    (19, 0xFF),
    (23, 0xFF),
    (15, 0x0F),
];

fn act() -> impl Strategy<Value = Act> {
    prop_oneof![
        3 => (0usize..REGS.len(), any::<u8>()).prop_map(|(i, v)| {
            let (r, keep) = REGS[i];
            // R#1 keeps display on most of the time; its other bits stay.
            let v = if r == 1 { (v & keep) | 0x20 } else { v & keep };
            Act::Reg(r, v)
        }),
        2 => (prop::array::uniform15(any::<u8>()), 0usize..5).prop_map(|(mut r, op)| {
            r[1] &= 1;
            r[5] &= 1;
            r[9] &= 0; // NX < 256
            r[11] &= 0; // NY < 256
            r[14] = ([0xC, 0x8, 0x9, 0xD, 0xE][op] << 4) | (r[14] & 0x0F);
            Act::Command(r)
        }),
        2 => prop::option::of(any::<u8>()).prop_map(Act::Data),
        2 => prop::sample::select(vec![0u8, 2, 7, 8, 9]).prop_map(Act::Status),
        1 => Just(Act::Run),
    ]
}

/// A VDP in SCREEN 5 with sprites on, display on, one sprite on screen.
fn vdp(eager: bool) -> Vdp {
    let mut v = Vdp::new(VdpConfig::default()).unwrap();
    v.eager_cmd = eager;
    let mut now = 0;
    let mut reg = |v: &mut Vdp, r: u8, x: u8| {
        now += 20;
        v.write_port(0x99, x, now);
        v.write_port(0x99, 0x80 | r, now);
    };
    for (r, x) in [
        (0, 0x06),
        (1, 0x60),
        (2, 0x1F),
        (5, 0xEF),
        (6, 0x0F),
        (8, 0x08),
        (9, 0x80),
        (11, 0),
    ] {
        reg(&mut v, r, x);
    }
    // Sprite attributes at 0x7600 (mode 2): sprite 0 at y 40, the rest off.
    v.vram_mut()[0x7600..0x7604].copy_from_slice(&[40, 50, 0, 0]);
    v.vram_mut()[0x7604] = 216;
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn owed_engine_work_matches_running_it_at_every_stretch(
        acts in prop::collection::vec((0u64..1500, act()), 1..300),
    ) {
        let (mut a, mut b) = (vdp(false), vdp(true));
        let mut now = 1000;
        let mut frames = 0;
        for (i, (dt, act)) in acts.iter().enumerate() {
            now += dt;
            let write = |v: &mut Vdp, port: u8, x: u8, now: u64| v.write_port(port, x, now);
            match act {
                Act::Reg(r, x) => {
                    for v in [&mut a, &mut b] {
                        write(v, 0x99, *x, now);
                        write(v, 0x99, 0x80 | r, now + 10);
                    }
                }
                Act::Command(regs) => {
                    for v in [&mut a, &mut b] {
                        write(v, 0x99, 32, now);
                        write(v, 0x99, 0x80 | 17, now + 10);
                        for (k, x) in regs.iter().enumerate() {
                            write(v, 0x9B, *x, now + 20 + 12 * k as u64);
                        }
                    }
                    now += 200;
                }
                Act::Data(Some(x)) => {
                    write(&mut a, 0x98, *x, now);
                    write(&mut b, 0x98, *x, now);
                }
                Act::Data(None) => {
                    prop_assert_eq!(a.read_port(0x98, now), b.read_port(0x98, now), "VRAM read, act {}", i);
                }
                Act::Status(n) => {
                    for v in [&mut a, &mut b] {
                        write(v, 0x99, *n, now);
                        write(v, 0x99, 0x8F, now + 10);
                    }
                    prop_assert_eq!(a.read_port(0x99, now + 20), b.read_port(0x99, now + 20), "S#{}, act {}", n, i);
                }
                Act::Run => {
                    a.run_to(now);
                    b.run_to(now);
                }
            }
            prop_assert_eq!(a.frame_count(), b.frame_count());
            prop_assert_eq!(a.irq(), b.irq(), "INT, act {}", i);
            if a.frame_count() != frames {
                frames = a.frame_count();
                prop_assert!(a.frame() == b.frame(), "frame {} differs", frames);
            }
        }
        now += 2 * 262 * 228;
        a.run_to(now);
        b.run_to(now);
        prop_assert_eq!(a.registers(), b.registers());
        prop_assert_eq!(a.status(), b.status());
        prop_assert!(a.vram() == b.vram(), "VRAM differs");
        prop_assert!(a.frame() == b.frame(), "frames differ");
    }
}
