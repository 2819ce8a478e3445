//! The free BIOS boots on the machine facade to its idle screen.

use msx_machine::machine::{Machine, MachineConfig, Until};
use msx_machine::memory::MachineLayout;

fn free_bios_machine() -> Machine {
    let layout = MachineLayout::msx2(
        msx_bios::main_rom().to_vec(),
        msx_bios::sub_rom().to_vec(),
        None,
    );
    Machine::new(MachineConfig::new(layout)).unwrap()
}

#[test]
fn free_bios_boots_to_its_idle_screen() {
    let mut m = free_bios_machine();
    let outcome = m.run_until(&Until::TextOnScreen("No cartridge or disk".into()), 600);
    assert!(
        outcome.reached(),
        "{outcome:?}\n{:?}",
        m.text_screen().map(|t| t.to_string())
    );
    let text = m.text_screen().unwrap().to_string();
    eprintln!("{text}");
    eprintln!("{outcome:?}");
}
