//! The Minesweeper of the MarMSX article (the front end's rebuilt copy in
//! `tests/programs/`) compiled and played on the Z80 with the BIOS, the BDOS and the
//! VDP ports served by the back end's runner.

use msx_pascal::lower::compile;
use msx_pascal::{render_diagnostics, DirFiles};
use z80_codegen::sim::{Sim, Stop};
use z80_codegen::Target;

const KEY_ENTER: u8 = 13;
const KEY_ESC: u8 = 27;
const KEY_DOWN: u8 = 31;

fn build(target: Target) -> z80_codegen::Output {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/programs");
    match compile("mines.pas", &DirFiles::new(dir), target) {
        Ok(b) => b.output,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    }
}

/// The VDP commands started: the value written to R#46 by each 15-byte block sent
/// through port 9Bh after R#17 was set to 32 (other 9Bh writes are LMMC pixels).
fn commands(sim: &Sim) -> Vec<u8> {
    let mut out = Vec::new();
    let mut last99 = [0u8; 2];
    let mut block: Option<Vec<u8>> = None;
    for &(port, value) in &sim.bus.port_writes {
        match port {
            0x99 => {
                last99 = [last99[1], value];
                block = (last99 == [32, 0x80 + 17]).then(Vec::new);
            }
            0x9B => {
                if let Some(b) = block.as_mut() {
                    b.push(value);
                    if b.len() == 15 {
                        out.push(value);
                        block = None;
                    }
                }
            }
            _ => {}
        }
    }
    out
}

#[test]
fn minesweeper_compiles_for_every_target() {
    for target in [Target::Com, Target::Dsk, Target::Rom] {
        let out = build(target);
        assert!(out.sizes.code > 1000, "{target:?}: {:?}", out.sizes);
        // The game's own routines are labelled after the source.
        for name in ["flood_fill", "drawCell", "gameControl", "_main"] {
            assert!(out.symbol(name).is_some(), "{target:?}: no {name}");
        }
        // flood_fill is {$A-} and only its own code touches its area (i, j, x, y),
        // so its callers save what they still need around the recursive calls
        // (z80-codegen's recursion.rs): the entry just takes the arguments off the
        // stack, the return address waiting in BC, and saves nothing.
        let at = out.asm.find("\nflood_fill:").unwrap();
        let entry = &out.asm[at..at + 300];
        assert!(
            entry.contains("pop bc\n        pop hl\n        ld (flood_fill.j),hl")
                && entry.contains("ld (flood_fill.i?),hl\n        push bc")
                && !entry.contains("ex (sp),hl"),
            "{entry}"
        );
    }
}

#[test]
fn minesweeper_plays_a_game_and_quits() {
    let out = build(Target::Com);
    let mut sim = Sim::new(&out);
    sim.files.insert("MINES.SCR".into(), vec![0x11; 300]);
    // Menu: Enter (Mines Easy). In the game: x puts a flag under the cursor, ESC leaves
    // the game (`exit` from gameControl). Then down three times to Exit, Enter.
    sim.type_keys(&[KEY_ENTER, b'x', KEY_ESC]);
    sim.type_keys(&[KEY_DOWN, KEY_DOWN, KEY_DOWN, KEY_ENTER]);
    let stop = sim.run(400_000_000);
    if stop != Stop::Halted {
        let mut where_ = Vec::new();
        for _ in 0..20 {
            sim.run(1000);
            let pc = sim.cpu.regs.pc;
            let near = out
                .symbols
                .iter()
                .filter(|(_, &a)| a <= pc)
                .max_by_key(|(_, &a)| a)
                .map(|(n, _)| n.clone());
            where_.push(format!("{pc:04X} {near:?}"));
        }
        panic!(
            "{stop:?}, printed {:?}, keys left {:?}, at {where_:#?}",
            sim.output(),
            sim.keys
        );
    }
    // Screen 5 for the game, screen 0 at the end.
    assert_eq!(sim.modes, vec![5, 0]);
    // The closing message, right-aligned in 25 columns.
    assert!(
        sim.output().ends_with("      Thanks for playing!\r\n"),
        "{:?}",
        sim.output()
    );
    let cmds = commands(&sim);
    // cls2 is HMMV (C0h); boxes are LMMV (80h | logop), copies LMMM (90h), Print's
    // characters LMMC (B0h).
    assert!(cmds.contains(&0xC0), "{cmds:x?}");
    assert!(cmds.contains(&0x80), "{cmds:x?}");
    assert!(cmds.contains(&0x82), "{cmds:x?}");
    assert!(cmds.contains(&0x90), "{cmds:x?}");
    assert!(cmds.contains(&0xB0), "{cmds:x?}");
    // The picture was sent to VRAM page 1: 300 bytes through port 98h.
    let vram: Vec<u8> = sim
        .bus
        .port_writes
        .iter()
        .filter(|(p, _)| *p == 0x98)
        .map(|(_, v)| *v)
        .collect();
    assert_eq!(vram.len(), 300);
    // The keyboard click was switched off and the port poke done.
    assert_eq!(sim.bus.mem[0xF3DB], 0);
}
