//! The BDOS functions of the runner ([`crate::sim`]): MSX-DOS 1 FCB file functions over
//! files held in memory, and the clock.

use crate::sim::{Sim, Stop};

#[derive(Debug, Default)]
pub struct Bdos {
    /// The disk transfer address (function 1Ah).
    pub dta: u16,
    /// Seconds added to the clock by each GTIME call, so a test sees time pass.
    pub clock: u32,
}

/// The 8.3 name in an FCB: `NAME.EXT`.
fn fcb_name(sim: &Sim, fcb: u16) -> String {
    let m = &sim.bus.mem;
    let f = |r: std::ops::Range<usize>| {
        r.map(|i| m[(fcb as usize + i) & 0xFFFF] as char)
            .collect::<String>()
            .trim_end()
            .to_string()
    };
    let (name, ext) = (f(1..9), f(9..12));
    if ext.is_empty() {
        name
    } else {
        format!("{name}.{ext}")
    }
}

fn get32(sim: &Sim, at: u16) -> u32 {
    (0..4).fold(0u32, |v, i| {
        v | (sim.bus.mem[at.wrapping_add(i) as usize] as u32) << (8 * i)
    })
}

fn put32(sim: &mut Sim, at: u16, v: u32) {
    for i in 0..4u16 {
        sim.bus.mem[at.wrapping_add(i) as usize] = (v >> (8 * i)) as u8;
    }
}

/// Serves the BDOS function in C.
pub fn call(sim: &mut Sim) -> Result<(), Stop> {
    let r = sim.cpu.regs;
    let de = r.de();
    let ok = |sim: &mut Sim, a: u8| {
        sim.cpu.regs.a = a;
        sim.cpu.regs.l = a;
        sim.cpu.regs.h = 0;
    };
    match r.c {
        // System reset: the program is over (a .com's end, as a return to 0000h is).
        0x00 => return Err(Stop::Halted),
        // Console output.
        0x02 => {
            sim.printed.push(r.e);
        }
        // Auxiliary output.
        0x04 => sim.aux.push(r.e),
        // Open: A = 0 and the size filled in, or FFh.
        0x0F => {
            let name = fcb_name(sim, de);
            match sim.files.get(&name).map(|f| f.len() as u32) {
                Some(size) => {
                    put32(sim, de.wrapping_add(16), size);
                    sim.bus.mem[de.wrapping_add(14) as usize] = 128;
                    sim.bus.mem[de.wrapping_add(15) as usize] = 0;
                    ok(sim, 0);
                }
                None => ok(sim, 0xFF),
            }
        }
        // Close.
        0x10 => ok(sim, 0),
        // Delete.
        0x13 => {
            let name = fcb_name(sim, de);
            let a = if sim.files.remove(&name).is_some() {
                0
            } else {
                0xFF
            };
            ok(sim, a);
        }
        // Create (an existing file is emptied).
        0x16 => {
            let name = fcb_name(sim, de);
            sim.files.insert(name, Vec::new());
            put32(sim, de.wrapping_add(16), 0);
            sim.bus.mem[de.wrapping_add(14) as usize] = 128;
            sim.bus.mem[de.wrapping_add(15) as usize] = 0;
            ok(sim, 0);
        }
        // Rename: the new name at FCB+16.
        0x17 => {
            let old = fcb_name(sim, de);
            let new = fcb_name(sim, de.wrapping_add(16));
            match sim.files.remove(&old) {
                Some(data) => {
                    sim.files.insert(new, data);
                    ok(sim, 0);
                }
                None => ok(sim, 0xFF),
            }
        }
        // Set DTA.
        0x1A => sim.bdos.dta = de,
        // Random block write / read: HL records of FCB+14 bytes at the random record.
        0x26 | 0x27 => {
            let name = fcb_name(sim, de);
            let recsize = sim.word(de.wrapping_add(14)) as u32;
            let recsize = if recsize == 0 { 128 } else { recsize };
            let rec = get32(sim, de.wrapping_add(33));
            let count = r.hl() as u32;
            let start = (rec * recsize) as usize;
            let len = (count * recsize) as usize;
            let dta = sim.bdos.dta as usize;
            let Some(file) = sim.files.get(&name).cloned() else {
                ok(sim, 0xFF);
                return Ok(());
            };
            if r.c == 0x26 {
                let mut file = file;
                if file.len() < start + len {
                    file.resize(start + len, 0);
                }
                for i in 0..len {
                    file[start + i] = sim.bus.mem[(dta + i) & 0xFFFF];
                }
                let size = file.len() as u32;
                sim.files.insert(name, file);
                put32(sim, de.wrapping_add(16), size);
                put32(sim, de.wrapping_add(33), rec + count);
                ok(sim, 0);
            } else {
                let avail = file.len().saturating_sub(start);
                let got = (avail.min(len) as u32).div_ceil(recsize);
                for i in 0..(got * recsize) as usize {
                    sim.bus.mem[(dta + i) & 0xFFFF] = file.get(start + i).copied().unwrap_or(0);
                }
                put32(sim, de.wrapping_add(33), rec + got);
                let a = if got == count { 0 } else { 1 };
                ok(sim, a);
                sim.cpu.regs.set_hl(got as u16);
            }
        }
        // Get time: H = hours, L = minutes, D = seconds.
        0x2C => {
            let t = sim.bdos.clock;
            sim.bdos.clock += 1;
            sim.cpu.regs.h = ((t / 3600) % 24) as u8;
            sim.cpu.regs.l = ((t / 60) % 60) as u8;
            sim.cpu.regs.d = (t % 60) as u8;
            sim.cpu.regs.e = 0;
        }
        other => return Err(Stop::Unhandled(format!("BDOS function 0x{other:02X}"))),
    }
    Ok(())
}
