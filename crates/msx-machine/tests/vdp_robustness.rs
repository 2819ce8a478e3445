//! Whatever a program writes, the VDP must not panic: long runs of random
//! port traffic (biased towards registers, VRAM, commands and mode
//! changes), with time moving on irregularly, through many frames.

use msx_machine::vdp::{Vdp, VdpConfig};

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn byte(&mut self) -> u8 {
        (self.next() >> 32) as u8
    }
}

fn storm(seed: u64, config: VdpConfig) {
    let mut rng = Rng(seed);
    let mut vdp = Vdp::new(config).unwrap();
    let mut now = 0u64;
    for _ in 0..200_000 {
        now += rng.next() % 300;
        let v = rng.byte();
        match rng.next() % 10 {
            // A register write, any register, any value.
            0..=2 => {
                vdp.write_port(0x99, v, now);
                vdp.write_port(0x99, 0x80 | (rng.byte() & 0x3F), now + 5);
            }
            // Indirect writes into the command registers (start commands).
            3 => {
                vdp.write_port(0x99, 32 + (rng.byte() % 15), now);
                vdp.write_port(0x99, 0x91, now + 5);
                vdp.write_port(0x9B, v, now + 10);
            }
            4 => vdp.write_port(0x98, v, now),
            5 => {
                vdp.read_port(rng.byte(), now);
            }
            6 => vdp.write_port(0x9A, v, now),
            7 => vdp.write_port(0x9B, v, now),
            // Favour the bitmap modes, where the command engine works.
            8 => {
                let r0 = [0x06, 0x08, 0x0A, 0x0E][usize::from(v & 3)];
                vdp.write_port(0x99, r0, now);
                vdp.write_port(0x99, 0x80, now + 5);
            }
            _ => vdp.write_port(rng.byte(), v, now),
        }
        now += 10;
        let _ = vdp.irq();
        let _ = vdp.next_irq_time(now);
    }
    vdp.run_to(now + 10 * 71_364);
    assert!(vdp.frame_count() > 0);
    let _ = vdp.text_screen();
    let _ = vdp.vram_cpu_view();
    let f = vdp.frame();
    assert_eq!(f.pixels.len(), f.width * f.height);
}

#[test]
fn random_port_traffic_never_panics() {
    for seed in 1..=4 {
        storm(
            0x9E37_79B9_7F4A_7C15_u64.wrapping_mul(seed),
            VdpConfig {
                vram_kb: 128,
                pal: seed % 2 == 0,
            },
        );
    }
}

#[test]
fn small_vram_sizes_never_panic() {
    storm(
        77,
        VdpConfig {
            vram_kb: 64,
            pal: false,
        },
    );
    storm(
        78,
        VdpConfig {
            vram_kb: 16,
            pal: true,
        },
    );
}

#[test]
fn time_going_backwards_is_tolerated() {
    let mut vdp = Vdp::new(VdpConfig::default()).unwrap();
    vdp.run_to(100_000);
    vdp.write_port(0x99, 0x12, 50);
    vdp.write_port(0x99, 0x87, 10);
    assert_eq!(vdp.register(7), 0x12);
    vdp.run_to(0);
    assert_eq!(vdp.read_port(0x98, 5), 0);
}
