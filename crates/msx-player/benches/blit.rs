//! What drawing a frame costs the player: scaling the MSX frame into the
//! window buffer (2×, 3×, a 1080p fit, a wide 640-pixel frame) and drawing
//! the message line. At 60 frames a second the budget is 16.7 ms.

use criterion::{criterion_group, criterion_main, Criterion};
use msx_machine::vdp::Frame;
use msx_player::overlay::draw_message;
use msx_player::scale::{blit, viewport, ScaleMode};
use std::hint::black_box;

fn frame(width: usize) -> Frame {
    Frame {
        width,
        height: 240,
        pixels: (0..width * 240)
            .map(|i| (i as u32).wrapping_mul(2_654_435_761) >> 8)
            .collect(),
    }
}

fn bench(c: &mut Criterion) {
    let narrow = frame(320);
    let wide = frame(640);
    for (name, f, w, h, mode) in [
        (
            "blit 320 at 2x (640x480)",
            &narrow,
            640,
            480,
            ScaleMode::Integer,
        ),
        (
            "blit 320 at 3x (960x720)",
            &narrow,
            960,
            720,
            ScaleMode::Integer,
        ),
        (
            "blit 320 fit 1920x1080",
            &narrow,
            1920,
            1080,
            ScaleMode::Fit,
        ),
        (
            "blit 640 at 2x (640x480)",
            &wide,
            640,
            480,
            ScaleMode::Integer,
        ),
    ] {
        let mut out = vec![0u32; w * h];
        let vp = viewport(w as u32, h as u32, mode);
        c.bench_function(name, |b| {
            b.iter(|| blit(black_box(f), vp, &mut out, w as u32, 0))
        });
    }
    let mut out = vec![0u32; 960 * 720];
    let vp = viewport(960, 720, ScaleMode::Integer);
    c.bench_function("message line at 3x", |b| {
        b.iter(|| draw_message(black_box("STATE 1 SAVED"), vp, &mut out, 960))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
