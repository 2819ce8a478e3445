//! Helpers the whole-program tests share (each test binary compiles this module; not every
//! binary uses every helper).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh, empty directory for one test: `<tmp>/msx-<test binary>-<name>-<pid>`, so tests
/// of different binaries and runs never share one.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "msx-{}-{name}-{}",
        env!("CARGO_CRATE_NAME"),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the `msx` binary with `args` in `dir`.
pub fn msx(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_msx"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run msx")
}

/// The default MSX2 of `msx run`: the free BIOS's main ROM, SUB-ROM and disk ROM.
pub fn free_bios_layout() -> msx_machine::memory::MachineLayout {
    msx_machine::memory::MachineLayout::msx2(
        msx_bios::main_rom().to_vec(),
        msx_bios::sub_rom().to_vec(),
        Some(msx_bios::disk_rom().to_vec()),
    )
}

/// The memory mapper of the default MSX2 layout, where a disk's program runs.
pub const PROGRAM_RAM: msx_machine::memory::SlotId = msx_machine::memory::SlotId {
    primary: 3,
    secondary: Some(2),
};

/// Runs until the program's code at `pc` is about to run: that address with
/// `slot` selected in its page (the ROMs run code at the same addresses
/// while the machine boots, and a compiled program's routine can move onto
/// one of them when the code grows). False when `frames` frames pass first.
pub fn run_to_program_pc(
    m: &mut msx_machine::machine::Machine,
    pc: u16,
    slot: msx_machine::memory::SlotId,
    frames: u64,
) -> bool {
    use msx_machine::machine::{RunOutcome, Until};
    let deadline = m.frame_count() + frames;
    loop {
        let left = deadline.saturating_sub(m.frame_count());
        if left == 0
            || !matches!(
                m.run_until(&Until::PcReached(pc), left),
                RunOutcome::Reached { .. }
            )
        {
            return false;
        }
        if m.memory().selected_slot((pc >> 14) as u8) == slot {
            return true;
        }
        m.step_instruction();
    }
}
