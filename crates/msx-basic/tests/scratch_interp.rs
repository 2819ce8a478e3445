#[path = "compile_harness.rs"]
mod harness;

#[test]
fn scratch() {
    let src = std::fs::read_to_string(std::env::var("BAS").unwrap()).unwrap();
    let mut m = harness::interpreter();
    let frames: u64 = std::env::var("FRAMES")
        .map(|f| f.parse().unwrap())
        .unwrap_or(600);
    let program = msx_basic::load_source(src.as_bytes()).unwrap();
    let bytes = program.to_bytes();
    let text = &bytes[1..];
    for (i, b) in text.iter().enumerate() {
        m.poke(msx_basic::TEXT_START + i as u16, *b);
    }
    let end = msx_basic::TEXT_START + text.len() as u16;
    m.poke(0xF6C2, end as u8);
    m.poke(0xF6C3, (end >> 8) as u8);
    m.type_text("RUN\n").unwrap();
    m.run_frames(frames);
    println!("{}", harness::screen(&m));
    if let Ok(p) = std::env::var("PNG") {
        m.set_rendering(true);
        m.run_frames(2);
        std::fs::write(p, m.png_bytes().unwrap()).unwrap();
    }
}

#[test]
fn timing() {
    let Ok(path) = std::env::var("BENCH") else {
        return;
    };
    let src = std::fs::read_to_string(path).unwrap();
    let mut m = harness::interpreter();
    let start = m.cycles();
    harness::interp_run(&mut m, &src, 60 * 60 * 20);
    let secs = (m.cycles() - start) as f64 / 3_579_545.0;
    println!("emulated seconds: {secs:.1}");
    println!("{}", harness::screen(&m));
}
