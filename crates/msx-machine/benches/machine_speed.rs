//! Emulated seconds per wall second, rendering on, for two test programs on
//! the free BIOS:
//!
//! * `text`: SCREEN 0, a busy Z80 loop printing with CHPUT (the console
//!   path: BIOS calls, VRAM writes, scrolling) — the "SCREEN 1 game" class;
//! * `screen5_cmd`: SCREEN 5 with the command engine never idle (HMMV and
//!   LMMM issued back to back, CE polled) — the "SCREEN 5 game" class.
//!
//! Each iteration runs 60 frames (one emulated NTSC second) from a booted
//! machine (a clone of it, so every iteration does the same work). The
//! figure is printed at the end as emulated seconds per wall second.

use criterion::{criterion_group, criterion_main, Criterion};
use msx_machine::machine::{Machine, MachineConfig, Until};
use msx_machine::memory::MachineLayout;
use std::time::{Duration, Instant};

fn cartridge(body: &str) -> Vec<u8> {
    let src = format!(
        "CHGMOD equ 005Fh
CHPUT equ 00A2h
        org 4000h
        db 'AB'
        dw init
        dw 0,0,0,0,0,0
init:
{body}"
    );
    let asm = z80_asm::assemble(&src, "bench.asm", &z80_asm::Options::default())
        .unwrap_or_else(|d| panic!("{}", d.render()));
    let mut rom = asm.bytes;
    rom.resize(0x4000, 0xFF);
    rom
}

const TEXT: &str = "
        xor a
        call CHGMOD
        ld a,23h
        out (2Eh),a
        ld a,'!'
        out (2Fh),a
again:  ld hl,msg
loop:   ld a,(hl)
        or a
        jr z,again
        call CHPUT
        inc hl
        jr loop
msg:    db 'The quick brown fox jumps over the lazy dog. 0123456789', 13, 10, 0
";

const SCREEN5: &str = "
        ld a,5
        call CHGMOD
        ld a,23h
        out (2Eh),a
        ld a,'!'
        out (2Fh),a
        ld e,0
again:  ld hl,fill
        call cmd
        ld hl,copy
        call cmd
        jr again
cmd:    di
wait:   ld a,2
        out (99h),a
        ld a,8Fh
        out (99h),a
        in a,(99h)
        ld b,a
        xor a
        out (99h),a
        ld a,8Fh
        out (99h),a
        ei
        bit 0,b
        di
        jr nz,wait
        ld a,32
        out (99h),a
        ld a,80h+17
        out (99h),a
        ld bc,0F9Bh
        otir
        ei
        ret
fill:   dw 0, 0, 0, 0, 256, 212
        db 37h, 0, 0C0h
copy:   dw 0, 0, 64, 64, 128, 100
        db 0, 0, 93h
";

fn booted(program: &str) -> Machine {
    let mut layout = MachineLayout::msx2(
        msx_bios::main_rom().to_vec(),
        msx_bios::sub_rom().to_vec(),
        None,
    );
    layout.insert_cartridge(1, cartridge(program), None);
    let mut m = Machine::new(MachineConfig::new(layout)).unwrap();
    assert!(m
        .run_until(&Until::DebugOutputContains("!".into()), 600)
        .reached());
    m.run_frames(10);
    m
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("machine");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    let mut figures = Vec::new();
    for (name, program) in [("text", TEXT), ("screen5_cmd", SCREEN5)] {
        let start = booted(program);
        group.bench_function(name, |b| {
            b.iter_batched(
                || start.clone(),
                |mut m| {
                    m.run_frames(60);
                    m
                },
                criterion::BatchSize::LargeInput,
            )
        });
        // The headline figure, measured over 10 emulated seconds.
        let mut m = start.clone();
        let t0 = m.cycles();
        let wall = Instant::now();
        m.run_frames(600);
        let emulated = (m.cycles() - t0) as f64 / 3_579_545.0;
        figures.push((
            name,
            emulated / wall.elapsed().as_secs_f64(),
            m.vdp().command_busy(),
        ));
    }
    group.finish();
    for (name, ratio, _) in figures {
        println!("{name}: {ratio:.0} emulated seconds per wall second (rendering on)");
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
