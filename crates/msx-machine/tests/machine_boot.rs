//! The free BIOS boots on the machine facade into MSX-BASIC.

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
fn free_bios_boots_into_msx_basic() {
    let mut m = free_bios_machine();
    let outcome = m.run_until(&Until::TextOnScreen("MSX BASIC version 2.0".into()), 600);
    assert!(
        outcome.reached(),
        "{outcome:?}\n{:?}",
        m.text_screen().map(|t| t.to_string())
    );
    // the prompt follows the banner
    assert!(m.run_until(&Until::TextOnScreen("Ok".into()), 60).reached());
    let text = m.text_screen().unwrap().to_string();
    assert!(
        text.lines().any(|l| l.trim() == "Ok"),
        "no Ok prompt:\n{text}"
    );
    eprintln!("{text}");
    eprintln!("{outcome:?}");
}
