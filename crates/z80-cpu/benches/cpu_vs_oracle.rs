//! This core against the `z80` crate on the same Z80 programs.
//!
//! `cargo bench -p z80-cpu --bench cpu_vs_oracle` runs the criterion
//! measurements (throughput in T-states per second, i.e. emulated Hz) and
//! then prints a table of emulated MHz for both cores and their ratio.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use z80::{Z80_io, Z80};
use z80_cpu::{Bus, Cpu};

/// T-states per measured run: about 17 MSX frames.
const RUN: u64 = 1_000_000;

struct Ram {
    mem: Vec<u8>,
    out_sum: u32,
}

impl Ram {
    fn with(program: &[u8]) -> Ram {
        let mut mem = vec![0u8; 0x10000];
        mem[..program.len()].copy_from_slice(program);
        for (i, b) in mem[0x8000..0xC000].iter_mut().enumerate() {
            *b = (i * 7) as u8;
        }
        Ram { mem, out_sum: 0 }
    }
}

impl Bus for Ram {
    #[inline(always)]
    fn read(&mut self, addr: u16, _cycle: u64) -> u8 {
        self.mem[addr as usize]
    }
    #[inline(always)]
    fn write(&mut self, addr: u16, value: u8, _cycle: u64) {
        self.mem[addr as usize] = value;
    }
    #[inline(always)]
    fn input(&mut self, port: u16, _cycle: u64) -> u8 {
        port as u8 ^ 0x5A
    }
    #[inline(always)]
    fn output(&mut self, port: u16, value: u8, _cycle: u64) {
        self.out_sum = self.out_sum.wrapping_add(port as u32 ^ value as u32);
    }
}

impl Z80_io for Ram {
    #[inline(always)]
    fn read_byte(&self, addr: u16) -> u8 {
        self.mem[addr as usize]
    }
    #[inline(always)]
    fn write_byte(&mut self, addr: u16, value: u8) {
        self.mem[addr as usize] = value;
    }
    #[inline(always)]
    fn port_in(&self, addr: u16) -> u8 {
        addr as u8 ^ 0x5A
    }
    #[inline(always)]
    fn port_out(&mut self, addr: u16, value: u8) {
        self.out_sum = self.out_sum.wrapping_add(addr as u32 ^ value as u32);
    }
}

/// The three workloads, hand-assembled; each loops forever.
fn workloads() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        (
            // LD SP,0F000h ; start: LD HL,8000h ; LD BC,0800h ; LD C,3 (C = addend)
            // loop: LD A,(HL) ; ADD A,C ; LD (HL),A ; INC L ; DEC BC ; LD A,B ; OR C
            //       JP NZ,loop ; JP start
            "alu_loop",
            vec![
                0x31, 0x00, 0xF0, // 0000
                0x21, 0x00, 0x80, // 0003 start
                0x01, 0x03, 0x08, // 0006
                0x7E, 0x81, 0x77, 0x2C, 0x0B, 0x78, 0xB1, // 0009 loop
                0xC2, 0x09, 0x00, // 0010
                0xC3, 0x03, 0x00, // 0013
            ],
        ),
        (
            // start: LD HL,8000h ; LD DE,0C000h ; LD BC,0400h ; LDIR
            //        LD HL,0C000h ; LD DE,9000h ; LD BC,0400h ; LDDR ; JR start
            "memory_copy",
            vec![
                0x21, 0x00, 0x80, 0x11, 0x00, 0xC0, 0x01, 0x00, 0x04, 0xED, 0xB0, //
                0x21, 0xFF, 0xC3, 0x11, 0xFF, 0x93, 0x01, 0x00, 0x04, 0xED, 0xB8, //
                0x18, 0xE8,
            ],
        ),
        (
            // A mix of what games do: calls, stack, IX-indexed data, bit
            // tests, rotations, port I/O, DJNZ and conditional jumps.
            //
            // 0000 LD SP,0F000h
            // 0003 start: LD IX,8100h ; LD B,40h
            // 0009 loop:  CALL sub ; LD A,(IX+3) ; BIT 0,A ; JR Z,skip
            // 0013        OUT (98h),A ; INC (IX+5)
            // 0018 skip:  RLC (IX+1) ; IN A,(99h) ; AND 0Fh ; ADD A,(IX+2)
            // 0023        LD (IX+2),A ; INC IX ; EX DE,HL ; DJNZ loop ; JR start
            // 002D sub:   PUSH BC ; PUSH HL ; LD HL,8400h ; LD C,(HL) ; SRL C
            // 0035        SET 3,(HL) ; ADD HL,BC ; POP HL ; POP BC ; RET
            "mixed_program",
            vec![
                0x31, 0x00, 0xF0, //
                0xDD, 0x21, 0x00, 0x81, 0x06, 0x40, //
                0xCD, 0x2D, 0x00, 0xDD, 0x7E, 0x03, 0xCB, 0x47, 0x28, 0x05, //
                0xD3, 0x98, 0xDD, 0x34, 0x05, //
                0xDD, 0xCB, 0x01, 0x06, 0xDB, 0x99, 0xE6, 0x0F, 0xDD, 0x86, 0x02, //
                0xDD, 0x77, 0x02, 0xDD, 0x23, 0xEB, 0x10, 0xDE, 0x18, 0xD6, //
                0xC5, 0xE5, 0x21, 0x00, 0x84, 0x4E, 0xCB, 0x39, //
                0xCB, 0xDE, 0x09, 0xE1, 0xC1, 0xC9,
            ],
        ),
    ]
}

fn run_ours(cpu: &mut Cpu, bus: &mut Ram, t: u64) {
    let until = cpu.cycles() + t;
    cpu.run(bus, until);
}

/// The same through `step` in a loop, as a machine that checks something
/// between instructions drives the core.
fn run_ours_stepping(cpu: &mut Cpu, bus: &mut Ram, t: u64) {
    let until = cpu.cycles() + t;
    while cpu.cycles() < until {
        cpu.step(bus);
    }
}

fn run_oracle(z: &mut Z80, io: &mut Ram, t: u64) {
    let mut done = 0u64;
    while done < t {
        done += z.step(io) as u64;
    }
}

fn criterion_benches(c: &mut Criterion) {
    for (name, program) in workloads() {
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(RUN));
        group.bench_function("z80-cpu", |b| {
            let mut bus = Ram::with(&program);
            let mut cpu = Cpu::new();
            b.iter(|| run_ours(&mut cpu, black_box(&mut bus), RUN));
        });
        group.bench_function("z80 crate", |b| {
            let mut io = Ram::with(&program);
            let mut z = Z80::new();
            z.init();
            b.iter(|| run_oracle(&mut z, black_box(&mut io), RUN));
        });
        group.finish();
    }
}

/// Seconds for `t` T-states of `f`.
fn time(f: &mut impl FnMut(u64), t: u64) -> f64 {
    let start = Instant::now();
    f(t);
    start.elapsed().as_secs_f64()
}

/// Emulated MHz of both cores, measured in alternation (so that load from
/// other processes hits both alike) and keeping each core's best round.
fn mhz_pair(mut ours: impl FnMut(u64), mut theirs: impl FnMut(u64)) -> (f64, f64) {
    const T: u64 = 2_000_000;
    ours(T / 10);
    theirs(T / 10);
    let (mut best_ours, mut best_theirs) = (f64::MAX, f64::MAX);
    for _ in 0..41 {
        best_ours = best_ours.min(time(&mut ours, T));
        best_theirs = best_theirs.min(time(&mut theirs, T));
    }
    (T as f64 / best_ours / 1e6, T as f64 / best_theirs / 1e6)
}

fn summary() {
    println!();
    println!("| workload | z80-cpu (MHz) | z80 crate (MHz) | ratio |");
    println!("|---|---|---|---|");
    for (name, program) in workloads() {
        let mut bus = Ram::with(&program);
        let mut cpu = Cpu::new();
        let mut io = Ram::with(&program);
        let mut z = Z80::new();
        z.init();
        let (ours, theirs) = mhz_pair(
            |t| run_ours(&mut cpu, black_box(&mut bus), t),
            |t| run_oracle(&mut z, black_box(&mut io), t),
        );
        println!(
            "| {name} | {ours:.0} | {theirs:.0} | {:.2} |",
            ours / theirs
        );
        black_box((bus.out_sum, io.out_sum));
    }
    // The mixed program once more, driven by `step` instead of `run`.
    let (_, program) = workloads().pop().expect("three workloads");
    let mut bus = Ram::with(&program);
    let mut cpu = Cpu::new();
    let mut io = Ram::with(&program);
    let mut z = Z80::new();
    z.init();
    let (ours, theirs) = mhz_pair(
        |t| run_ours_stepping(&mut cpu, black_box(&mut bus), t),
        |t| run_oracle(&mut z, black_box(&mut io), t),
    );
    println!(
        "| mixed_program, `step` loop | {ours:.0} | {theirs:.0} | {:.2} |",
        ours / theirs
    );
}

/// Before timing anything: both cores must compute the same memory from
/// each workload, or the comparison would be meaningless.
fn check_workloads_agree() {
    for (name, program) in workloads() {
        let mut bus = Ram::with(&program);
        let mut cpu = Cpu::new();
        run_ours(&mut cpu, &mut bus, 2_000_000);
        let mut io = Ram::with(&program);
        let mut z = Z80::new();
        z.init();
        // Same T-state budget; both stop at the first instruction boundary
        // at or after it, which is the same boundary for identical timing.
        run_oracle(&mut z, &mut io, cpu.cycles());
        assert!(bus.mem == io.mem, "{name}: the cores disagree on memory");
        assert_eq!(bus.out_sum, io.out_sum, "{name}: port traffic differs");
        assert_eq!(cpu.regs.pc, z.pc, "{name}: PC differs");
    }
}

/// T-states for `Z80_BENCH_ONLY` (`Z80_BENCH_T`, default 100 M).
fn only_t() -> u64 {
    std::env::var("Z80_BENCH_T")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000_000)
}

/// `Z80_BENCH_ONLY=<workload>:<ours|step|oracle>` runs only that core on that
/// workload and exits: a steady target for a profiler, or for counting
/// executed host instructions (`valgrind --tool=callgrind`), which unlike
/// time does not depend on the load of the machine.
fn only(spec: &str) {
    let (name, core) = spec.split_once(':').unwrap_or((spec, "ours"));
    let Some((_, program)) = workloads().into_iter().find(|(n, _)| *n == name) else {
        eprintln!("unknown workload {name}");
        return;
    };
    let mut ram = Ram::with(&program);
    if core == "oracle" {
        let mut z = Z80::new();
        z.init();
        run_oracle(&mut z, black_box(&mut ram), only_t());
    } else if core == "step" {
        let mut cpu = Cpu::new();
        run_ours_stepping(&mut cpu, black_box(&mut ram), only_t());
    } else {
        let mut cpu = Cpu::new();
        run_ours(&mut cpu, black_box(&mut ram), only_t());
    }
    black_box(ram.out_sum);
}

fn main() {
    if let Ok(spec) = std::env::var("Z80_BENCH_ONLY") {
        only(&spec);
        return;
    }
    check_workloads_agree();
    let mut c = Criterion::default()
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1))
        .configure_from_args();
    criterion_benches(&mut c);
    c.final_summary();
    summary();
}
