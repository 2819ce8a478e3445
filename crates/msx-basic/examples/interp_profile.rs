//! Where the free ROMs' MSX-BASIC interpreter spends its time on a program:
//! T-states per ROM routine (the nearest symbol at or below each PC), for
//! tuning the interpreter against the published timings of
//! `docs/performance.md`. A developer's tool, not a test.
//!
//! `cargo run --release -p msx-basic --example interp_profile -- PROG.bas MAIN.sym [N]`
//!
//! MAIN.sym is the symbol file of the main ROM
//! (`msx asm roms-free-bios/main/main.asm -o main.rom --sym main.sym`);
//! PCs in pages 0–1 are attributed to it (the SUB-ROM's are few in
//! non-graphic programs and show as the symbols they land near).

#[path = "../tests/compile_harness.rs"]
mod harness;

use std::collections::HashMap;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: interp_profile PROG.bas MAIN.sym [TOP]");
        std::process::exit(2);
    }
    let src = String::from_utf8_lossy(&std::fs::read(&args[1]).expect("the program")).into_owned();
    let syms = std::fs::read_to_string(&args[2]).expect("the symbol file");
    let top: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(40);
    let mut table: Vec<(u16, String)> = syms
        .lines()
        .filter_map(|l| {
            let (name, v) = l.split_once(": equ 0x")?;
            let v = u16::from_str_radix(v.trim(), 16).ok()?;
            (v < 0x8000).then(|| (v, name.to_string()))
        })
        .collect();
    table.sort();

    let mut m = harness::interpreter();
    let program = msx_basic::tokenize(&src).expect("a listing");
    let bytes = program.to_bytes();
    let text = &bytes[1..];
    for (i, b) in text.iter().enumerate() {
        m.poke(msx_basic::TEXT_START + i as u16, *b);
    }
    let end = msx_basic::TEXT_START + text.len() as u16;
    m.poke(0xF6C2, end as u8);
    m.poke(0xF6C3, (end >> 8) as u8);
    m.type_text("RUN\n").unwrap();
    m.step_instruction();
    let mut per_pc: HashMap<u16, u64> = HashMap::new();
    let start = m.cycles();
    // Until the interpreter is back at its prompt (PINLIN).
    loop {
        let pc = m.cpu().regs.pc;
        if pc == 0x00AE {
            break;
        }
        let t = m.step_instruction() as u64;
        *per_pc.entry(pc).or_default() += t;
    }
    let total = m.cycles() - start;
    let mut per_sym: HashMap<&str, u64> = HashMap::new();
    let mut ram = 0u64;
    for (pc, t) in &per_pc {
        if *pc >= 0x8000 {
            ram += t;
            continue;
        }
        let i = table.partition_point(|(v, _)| v <= pc);
        let name = if i == 0 { "?" } else { table[i - 1].1.as_str() };
        *per_sym.entry(name).or_default() += t;
    }
    let mut rows: Vec<_> = per_sym.into_iter().collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.1));
    println!(
        "{:.1} s emulated, {} T-states; RAM (hooks, stack code): {:.1} %",
        total as f64 / 3_579_545.0,
        total,
        ram as f64 * 100.0 / total as f64
    );
    for (name, t) in rows.into_iter().take(top) {
        println!("{:>6.2} %  {name}", t as f64 * 100.0 / total as f64);
    }
}
