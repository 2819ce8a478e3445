//! Emulated seconds per wall second, rendering on, for two test programs on
//! the free BIOS:
//!
//! * `text`: SCREEN 0, a busy Z80 loop printing with CHPUT (the console
//!   path: BIOS calls, VRAM writes, scrolling) — the "SCREEN 1 game" class;
//! * `screen5_cmd`: SCREEN 5 with the command engine never idle (HMMV and
//!   LMMM issued back to back, CE polled) — the "SCREEN 5 game" class.
//!
//! Each iteration runs 60 frames (one emulated NTSC second), one by one so
//! that every frame is drawn, from a booted machine (a clone of it, so every
//! iteration does the same work). The figures are printed at the end as
//! emulated seconds per wall second: this machine on the free BIOS (every
//! frame drawn, and headless: one `run_frames(600)`, which draws only the
//! last frame), this machine on C-BIOS, and — when `openmsx`
//! and `cbios` are installed — openMSX 18 on C-BIOS_MSX2 running the same
//! cartridge with throttle off, once with `renderer none` and twice with the
//! SDL renderer on a dummy video driver (its default output, and
//! `scale_factor 1`, 320×240, the least post-processing it does). With
//! throttle off openMSX paints a frame only every 100 ms of host time,
//! whatever `maxframeskip` says (`PixelRenderer::frameStart`): it draws
//! every frame only while throttled, which no wall-clock run can time —
//! docs/performance.md counts that case with callgrind instead. openMSX's
//! figure is the difference of two runs (to 10 s and to 70 s of emulated
//! time), so its start-up and C-BIOS's boot do not count.

use criterion::{criterion_group, criterion_main, Criterion};
use msx_machine::machine::{Machine, MachineConfig, Until};
use msx_machine::memory::MachineLayout;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const CBIOS: &str = "/usr/share/cbios";

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

fn booted(program: &str, cbios: bool) -> Machine {
    let mut layout = if cbios {
        let rom = |n: &str| std::fs::read(Path::new(CBIOS).join(n)).unwrap();
        MachineLayout::cbios_msx2(
            rom("cbios_main_msx2.rom"),
            rom("cbios_sub.rom"),
            rom("cbios_logo_msx2.rom"),
        )
    } else {
        MachineLayout::msx2(
            msx_bios::main_rom().to_vec(),
            msx_bios::sub_rom().to_vec(),
            None,
        )
    };
    layout.insert_cartridge(1, cartridge(program), None);
    let mut m = Machine::new(MachineConfig::new(layout)).unwrap();
    assert!(m
        .run_until(&Until::DebugOutputContains("!".into()), 900)
        .reached());
    m.run_frames(10);
    m
}

fn bench(c: &mut Criterion) {
    // `MSX_BENCH_ROMS=<dir>`: write the two cartridges there (to time
    // openMSX by other means, e.g. its CPU time) and stop.
    if let Ok(dir) = std::env::var("MSX_BENCH_ROMS") {
        for (name, program) in [("text", TEXT), ("screen5_cmd", SCREEN5)] {
            std::fs::write(
                Path::new(&dir).join(format!("{name}.rom")),
                cartridge(program),
            )
            .unwrap();
        }
        return;
    }
    // `MSX_BENCH_QUICK=<frames>`: only this machine on the free BIOS, best
    // of three runs of that many frames per program, rendering every frame
    // and headless (`run_frames`), no criterion, no openMSX — for profilers
    // and before/after comparisons while working.
    if let Some(frames) = std::env::var("MSX_BENCH_QUICK")
        .ok()
        .and_then(|f| f.parse::<u64>().ok())
    {
        // `MSX_BENCH_ONLY=<program>:<every|headless>`: that one run, once
        // (for callgrind: subtract a run with 0 frames to drop the boot).
        if let Ok(only) = std::env::var("MSX_BENCH_ONLY") {
            let (name, how) = only.split_once(':').unwrap_or((&only, "every"));
            let program = if name == "text" { TEXT } else { SCREEN5 };
            // `MSX_BENCH_CBIOS=1`: on C-BIOS, as openMSX runs it, for a
            // comparison of host instructions per emulated second.
            let cbios = std::env::var_os("MSX_BENCH_CBIOS").is_some();
            let m = booted(program, cbios);
            let t0 = m.cycles();
            let (speed, m) = if how == "headless" {
                ours_frames(m, frames)
            } else {
                ours_every_frame(m, frames)
            };
            // The emulated time, to turn a callgrind count into a count per
            // emulated second (C-BIOS sets 50 Hz, the free BIOS 60 Hz).
            let emulated = (m.cycles() - t0) as f64 / 3_579_545.0;
            println!("{only} {speed:.0} emulated s / wall s over {emulated:.4} emulated s");
            return;
        }
        for (name, program) in [("text", TEXT), ("screen5_cmd", SCREEN5)] {
            let start = booted(program, false);
            let best = |f: fn(Machine, u64) -> (f64, Machine)| {
                (0..3)
                    .map(|_| f(start.clone(), frames).0)
                    .fold(0f64, f64::max)
            };
            let every = best(ours_every_frame);
            let headless = best(ours_frames);
            println!(
                "{name:12} every frame {every:6.0}  headless {headless:6.0} emulated s / wall s"
            );
        }
        return;
    }
    let mut group = c.benchmark_group("machine");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    let mut figures = Vec::new();
    let have_cbios = Path::new(CBIOS).join("cbios_main_msx2.rom").exists();
    for (name, program) in [("text", TEXT), ("screen5_cmd", SCREEN5)] {
        let start = booted(program, false);
        group.bench_function(name, |b| {
            b.iter_batched(
                || start.clone(),
                |mut m| {
                    // Frame by frame, so every frame is drawn.
                    for _ in 0..60 {
                        m.run_frame();
                    }
                    m
                },
                criterion::BatchSize::LargeInput,
            )
        });
        // The headline figures, each over 10 emulated seconds.
        figures.push((name, "this machine, free BIOS", ours(start.clone())));
        figures.push((
            name,
            "this machine, free BIOS, headless",
            ours_frames(start, 600).0,
        ));
        if have_cbios {
            figures.push((name, "this machine, C-BIOS", ours(booted(program, true))));
            let rom = cartridge(program);
            for (settings, what) in [
                ("set renderer none", "openMSX, renderer none"),
                ("set renderer SDL", "openMSX, renderer SDL (dummy)"),
                (
                    "set renderer SDL\nset scale_factor 1",
                    "openMSX, SDL (dummy), scale_factor 1",
                ),
            ] {
                if let Some(r) = openmsx(&rom, settings) {
                    figures.push((name, what, r));
                }
            }
        }
    }
    group.finish();
    for (name, what, ratio) in figures {
        println!("{name:12} {what:38} {ratio:6.0} emulated s / wall s");
    }
}

/// Emulated seconds per wall second over 600 frames run one by one, every
/// frame drawn (what a player does).
fn ours(m: Machine) -> f64 {
    ours_every_frame(m, 600).0
}

/// Emulated seconds per wall second over `frames` frames run one by one, as
/// a player does: every frame is rendered. The machine comes back.
fn ours_every_frame(mut m: Machine, frames: u64) -> (f64, Machine) {
    let t0 = m.cycles();
    let wall = Instant::now();
    for _ in 0..frames {
        m.run_frame();
    }
    let emulated = (m.cycles() - t0) as f64 / 3_579_545.0;
    (emulated / wall.elapsed().as_secs_f64(), m)
}

/// Emulated seconds per wall second over `frames` frames in one
/// `run_frames` call, as a headless run does. The machine comes back.
fn ours_frames(mut m: Machine, frames: u64) -> (f64, Machine) {
    let t0 = m.cycles();
    let wall = Instant::now();
    m.run_frames(frames);
    let emulated = (m.cycles() - t0) as f64 / 3_579_545.0;
    (emulated / wall.elapsed().as_secs_f64(), m)
}

/// openMSX on C-BIOS_MSX2 with `rom`, the Tcl `settings` and throttle off:
/// emulated seconds per wall second between 10 s and 70 s of emulated
/// time. None if openMSX is not installed or fails.
fn openmsx(rom: &[u8], settings: &str) -> Option<f64> {
    let dir = std::env::temp_dir().join(format!("msx-bench-openmsx-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("home")).ok()?;
    std::fs::write(dir.join("test.rom"), rom).ok()?;
    let mut wall = Vec::new();
    for seconds in [10, 70] {
        let script = format!(
            "set save_settings_on_exit false\n{settings}\nset throttle off\nafter time {seconds} exit\n"
        );
        std::fs::write(dir.join("run.tcl"), script).ok()?;
        let t = Instant::now();
        let out = Command::new("openmsx")
            .current_dir(&dir)
            .env("OPENMSX_HOME", dir.join("home"))
            .env("SDL_VIDEODRIVER", "dummy")
            .env("SDL_AUDIODRIVER", "dummy")
            .args(["-machine", "C-BIOS_MSX2", "-carta", "test.rom"])
            .args(["-romtype", "mirrored", "-script", "run.tcl"])
            .output()
            .ok()?;
        if !out.status.success() {
            return None;
        }
        wall.push(t.elapsed().as_secs_f64());
    }
    let _ = std::fs::remove_dir_all(&dir);
    Some(60.0 / (wall[1] - wall[0]))
}

criterion_group!(benches, bench);
criterion_main!(benches);
