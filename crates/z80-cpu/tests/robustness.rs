//! Arbitrary bytes, arbitrary interrupt traffic: the core must never panic
//! or hang, `step` must always make progress, and a saved state must resume
//! exactly. (No oracle here: the `z80` crate cannot take interrupts at the
//! same boundaries, see `tests/oracle/mod.rs`.)

use z80_cpu::{Bus, Cpu};

struct Noise {
    mem: Vec<u8>,
    seed: u64,
}

impl Noise {
    fn next(&mut self) -> u8 {
        self.seed ^= self.seed << 13;
        self.seed ^= self.seed >> 7;
        self.seed ^= self.seed << 17;
        self.seed as u8
    }
}

impl Bus for Noise {
    fn read(&mut self, addr: u16, _cycle: u64) -> u8 {
        self.mem[addr as usize]
    }
    fn write(&mut self, addr: u16, value: u8, _cycle: u64) {
        self.mem[addr as usize] = value;
    }
    fn input(&mut self, _port: u16, _cycle: u64) -> u8 {
        self.next()
    }
    fn output(&mut self, _port: u16, _value: u8, _cycle: u64) {}
    fn int_ack(&mut self, _cycle: u64) -> u8 {
        // Any byte, prefixes included, as IM 0 opcode or IM 2 vector.
        self.next()
    }
}

fn noise(seed: u64) -> Noise {
    let mut n = Noise {
        mem: vec![0; 0x10000],
        seed: seed | 1,
    };
    for i in 0..0x10000 {
        n.mem[i] = n.next();
    }
    n
}

#[test]
fn random_code_with_random_interrupts_never_panics_and_always_progresses() {
    for seed in 1..=40u64 {
        let mut bus = noise(seed * 0x9E37_79B9);
        let mut cpu = Cpu::new();
        cpu.set_m1_wait_states((seed % 3) as u8);
        cpu.regs.im = (seed % 3) as u8;
        for n in 0..20_000u32 {
            match bus.next() {
                0..=5 => cpu.set_int_line(true),
                6..=20 => cpu.set_int_line(false),
                21 => cpu.nmi(),
                22 if n % 7 == 0 => {
                    // Enable interrupts now and then so that they happen.
                    cpu.regs.iff1 = true;
                    cpu.regs.iff2 = true;
                }
                _ => {}
            }
            let before = cpu.cycles();
            let t = cpu.step(&mut bus);
            assert!(t >= 4, "seed {seed}: a step took {t} T-states");
            assert_eq!(cpu.cycles() - before, t as u64);
            assert!(cpu.regs.im <= 2);
        }
        // `run` returns too, whatever the state (halted, in a prefix...).
        let until = cpu.cycles() + 50_000;
        cpu.run(&mut bus, until);
        assert!(cpu.cycles() >= until);
    }
}

#[test]
fn save_and_load_at_any_point_resumes_identically() {
    let mut bus = noise(0x5151);
    let mut cpu = Cpu::new();
    cpu.set_m1_wait_states(1);
    cpu.regs.im = 1;
    for round in 0..200 {
        for _ in 0..37 {
            cpu.step(&mut bus);
        }
        if round % 5 == 0 {
            cpu.set_int_line(round % 10 == 0);
            cpu.regs.iff1 = true;
        }
        let saved = cpu.save_state();
        let copy = Cpu::load_state(&saved).expect("own state loads");
        assert_eq!(copy, cpu, "round {round}");
        assert_eq!(copy.save_state(), saved);
        // Continue both from copies of the bus: same result.
        let mut bus2 = Noise {
            mem: bus.mem.clone(),
            seed: bus.seed,
        };
        let mut a = cpu.clone();
        let mut b = copy;
        for _ in 0..50 {
            a.step(&mut bus);
            b.step(&mut bus2);
        }
        assert_eq!(a, b);
        assert_eq!(bus.mem, bus2.mem);
        cpu = a;
    }
}

#[test]
fn arbitrary_bytes_never_panic_load_state() {
    let mut n = noise(77);
    for len in 0..=Cpu::STATE_LEN + 2 {
        for _ in 0..200 {
            let bytes: Vec<u8> = (0..len).map(|_| n.next()).collect();
            let _ = Cpu::load_state(&bytes);
        }
    }
    // Mostly valid states with one byte changed: either loads or names it.
    let good = Cpu::new().save_state();
    for at in 0..good.len() {
        for v in 0..=255u8 {
            let mut b = good.clone();
            b[at] = v;
            if let Ok(cpu) = Cpu::load_state(&b) {
                assert_eq!(cpu.save_state(), b);
            }
        }
    }
}
