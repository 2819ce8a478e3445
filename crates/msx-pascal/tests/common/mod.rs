//! Helpers shared by the integration tests.
#![allow(dead_code)]

use msx_pascal::checked::{CheckedProgram, Routine};
use msx_pascal::symbols::{Symbol, SymbolId};
use msx_pascal::{compile_front, render_diagnostics, Diagnostic, MemoryFiles};

/// Checks a one-file program that must have no errors.
pub fn check(src: &str) -> CheckedProgram {
    check_with(MemoryFiles::new().with("test.pas", src))
}

pub fn check_with(files: MemoryFiles) -> CheckedProgram {
    match compile_front("test.pas", &files) {
        Ok(front) => front.program,
        Err(failed) => panic!(
            "unexpected errors:\n{}",
            render_diagnostics(&failed.diagnostics, &failed.sources)
        ),
    }
}

/// A reported problem: message, line and column (1-based).
#[derive(Debug, PartialEq)]
pub struct Found {
    pub message: String,
    pub line: usize,
    pub col: usize,
}

/// The diagnostics (errors and warnings) of a program.
pub fn diagnostics(src: &str) -> Vec<Found> {
    let files = MemoryFiles::new().with("test.pas", src);
    let (diags, sources): (Vec<Diagnostic>, _) = match compile_front("test.pas", &files) {
        Ok(front) => (front.warnings.clone(), front.program.sources),
        Err(failed) => (failed.diagnostics, failed.sources),
    };
    diags
        .iter()
        .map(|d| {
            let (line, col) = sources.line_col(d.span);
            Found {
                message: d.message.clone(),
                line,
                col,
            }
        })
        .collect()
}

/// The first diagnostic of a program that must have one.
pub fn first_error(src: &str) -> Found {
    diagnostics(src)
        .into_iter()
        .next()
        .expect("the program should have a diagnostic")
}

pub fn global<'p>(p: &'p CheckedProgram, name: &str) -> (SymbolId, &'p Symbol) {
    p.symbols
        .iter()
        .find(|(_, s)| s.name.eq_ignore_ascii_case(name) && s.level == 1)
        .unwrap_or_else(|| panic!("no global `{name}`"))
}

pub fn symbol<'p>(p: &'p CheckedProgram, name: &str) -> (SymbolId, &'p Symbol) {
    p.symbols
        .iter()
        .find(|(_, s)| s.name.eq_ignore_ascii_case(name))
        .unwrap_or_else(|| panic!("no symbol `{name}`"))
}

pub fn routine<'p>(p: &'p CheckedProgram, name: &str) -> &'p Routine {
    p.routines
        .iter()
        .find(|r| r.name.eq_ignore_ascii_case(name))
        .unwrap_or_else(|| panic!("no routine `{name}`"))
}

/// An MSX2 with the free BIOS and disk ROM and `ram_kb` of mapped RAM, rendering off,
/// `disk` in drive A.
pub fn free_msx2_with(disk: &msx_disk::Disk, ram_kb: u32) -> msx_machine::machine::Machine {
    use msx_machine::machine::{Machine, MachineConfig};
    let mut layout = msx_machine::memory::MachineLayout::msx2(
        msx_bios::main_rom().to_vec(),
        msx_bios::sub_rom().to_vec(),
        Some(msx_bios::disk_rom().to_vec()),
    );
    layout.set_ram_kb(ram_kb);
    let mut m = Machine::new(MachineConfig::new(layout)).unwrap();
    m.set_rendering(false);
    m.insert_disk(0, disk.to_bytes()).unwrap();
    m
}

/// A 720 KB disk holding `name` with `bytes`, dated as the tests date their files.
pub fn disk_with(name: &str, bytes: &[u8]) -> msx_disk::Disk {
    let when = msx_disk::Timestamp::new(2024, 1, 1, 12, 0, 0).unwrap();
    let mut disk = msx_disk::Disk::new(msx_disk::Format::Kb720);
    disk.write_file(name, bytes, when).unwrap();
    disk
}
