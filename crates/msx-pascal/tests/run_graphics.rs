//! The graphics runtime on the back end's runner: what LoadPicture sends to VRAM and
//! what it costs the Z80 (the BDOS is served in Rust, so only the runtime's own work
//! is counted; `on_machine.rs` has the whole machine with its disk).

use msx_pascal::lower::compile;
use msx_pascal::{render_diagnostics, MemoryFiles};
use z80_codegen::sim::{Sim, Stop};
use z80_codegen::Target;

fn run_with_file(src: &str, name: &str, data: Vec<u8>) -> Sim {
    let files = MemoryFiles::new().with("t.pas", src);
    let out = match compile("t.pas", &files, Target::Dsk) {
        Ok(b) => b.output,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    };
    let mut sim = Sim::new(&out);
    sim.files.insert(name.into(), data);
    assert_eq!(sim.run(50_000_000), Stop::Halted);
    sim
}

/// The bytes written to port 98h (VRAM data).
fn vram_data(sim: &Sim) -> Vec<u8> {
    sim.bus
        .port_writes
        .iter()
        .filter(|(p, _)| *p == 0x98)
        .map(|(_, v)| *v)
        .collect()
}

fn sheet() -> Vec<u8> {
    (0..27136u32).map(|i| (i * 7 + i / 256) as u8).collect()
}

#[test]
fn load_picture_sends_the_file_in_large_blocks() {
    let pic = sheet();
    let sim = run_with_file(
        "begin LoadPicture('PIC.SC5', 1) end.",
        "PIC.SC5",
        pic.clone(),
    );
    let sent = vram_data(&sim);
    let first = sent.iter().zip(&pic).position(|(a, b)| a != b);
    assert!(
        sent == pic,
        "{} bytes sent, first difference at {first:?}",
        sent.len()
    );
    let cycles = sim.cycles();
    eprintln!("LoadPicture of 27136 bytes: {cycles} T-states besides the BDOS");
    // 212 BDOS calls of 128 bytes took 657 565 T-states; two calls (16 KB and 10.5 KB)
    // leave little but the OTIRs (23 T-states a byte with the MSX's M1 waits).
    assert!(cycles < 640_000, "{cycles}");
}

#[test]
fn a_bsave_header_counts_only_when_it_fits() {
    let data = sheet();
    let src = "begin LoadPicture('P.SC5', 0) end.";
    // BSAVE "P.SC5",0,&H69FF,S: header FEh, 0000h, 69FFh, 0000h and 6A00h bytes.
    let mut file = vec![0xFE, 0, 0, 0xFF, 0x69, 0, 0];
    file.extend_from_slice(&data[..0x6A00]);
    assert!(vram_data(&run_with_file(src, "P.SC5", file.clone())) == data[..0x6A00]);
    // The same with the file padded to whole 128-byte records (as a CP/M-style copy
    // leaves it): still a header, still 6A00h bytes.
    let mut padded = file.clone();
    padded.resize(file.len().div_ceil(128) * 128, 0x1A);
    assert!(vram_data(&run_with_file(src, "P.SC5", padded)) == data[..0x6A00]);
    // End before start, a length longer than the file, a file shorter than a header:
    // raw pictures that happen to start with FEh.
    for (end, len) in [(0x0000u16, 0x6A00usize), (0x7000, 0x6A00), (0x0001, 5)] {
        let mut raw = data[..len].to_vec();
        raw[0] = 0xFE;
        raw[1] = 0x10;
        raw[2] = 0x00;
        if len > 4 {
            raw[3] = end as u8;
            raw[4] = (end >> 8) as u8;
        }
        assert!(
            vram_data(&run_with_file(src, "P.SC5", raw.clone())) == raw,
            "end {end:04X}, {len} bytes"
        );
    }
    // A data length 128 or more bytes short of the file: not a header.
    let mut short = file.clone();
    short[3] = 0x7F;
    short[4] = 0x69;
    assert!(vram_data(&run_with_file(src, "P.SC5", short.clone())) == short);
}
