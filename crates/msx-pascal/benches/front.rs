//! Compile time of the front end on the Minesweeper-shaped test program (the design asks
//! for milliseconds, not seconds, for the whole game).

use criterion::{criterion_group, criterion_main, Criterion};
use msx_pascal::{compile_front, MemoryFiles};

fn front(c: &mut Criterion) {
    let files = MemoryFiles::new()
        .with("mines.pas", include_str!("../tests/programs/mines.pas"))
        .with("map.inc", include_str!("../tests/programs/map.inc"))
        .with(
            "minetime.inc",
            include_str!("../tests/programs/minetime.inc"),
        );
    c.bench_function("front end: mines.pas (630 lines)", |b| {
        b.iter(|| compile_front("mines.pas", &files).is_ok())
    });
}

criterion_group!(benches, front);
criterion_main!(benches);
