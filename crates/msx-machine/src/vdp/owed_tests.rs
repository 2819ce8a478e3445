//! The command engine's work owed across stretches of time (see
//! `Vdp::owe_cmd`) against the engine run at every stretch, as the VDP did
//! before: over random port traffic with commands running across display
//! lines, speed-changing register writes, VRAM accesses and status reads,
//! everything the CPU and the display can see must be the same.

use super::side_by_side::{apply, commands, compare_after_act, finish, reg_writes, screen_5, Port};
use super::*;
use proptest::prelude::*;

/// Registers a program changes while the engine runs: display enable and
/// mode bits (R#1), sprites off (R#8), line count (R#9), adjust (R#18),
/// interrupt line (R#19), scroll (R#23), plus R#15 (no effect on timing).
const REGS: [(u8, u8); 7] = [
    (1, 0x40),
    (8, 0x0A),
    (9, 0x80),
    (18, 0xFF),
    (19, 0xFF),
    (23, 0xFF),
    (15, 0x0F),
];

/// One thing the CPU does (see `Port`), mostly commands and what changes
/// their speed.
fn act() -> impl Strategy<Value = Port> {
    prop_oneof![
        3 => reg_writes(&REGS),
        2 => commands(),
        2 => prop::option::of(any::<u8>()).prop_map(Port::Data),
        2 => prop::sample::select(vec![0u8, 2, 7, 8, 9]).prop_map(Port::Status),
        1 => Just(Port::Run),
    ]
}

/// A VDP in SCREEN 5 with sprites on, display on, one sprite on screen.
fn vdp(eager: bool) -> Vdp {
    let mut v = Vdp::new(VdpConfig::default()).unwrap();
    v.eager_cmd = eager;
    screen_5(&mut v);
    // Sprite attributes at 0x7600 (mode 2): sprite 0 at y 40, the rest off.
    v.vram_mut()[0x7600..0x7604].copy_from_slice(&[40, 50, 0, 0]);
    v.vram_mut()[0x7604] = 216;
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn owed_engine_work_matches_running_it_at_every_stretch(
        acts in prop::collection::vec((0u64..1500, act()), 1..300),
    ) {
        let (mut a, mut b) = (vdp(false), vdp(true));
        let mut now = 1000;
        let mut frames = 0;
        for (i, (dt, act)) in acts.iter().enumerate() {
            now += dt;
            apply(&mut a, &mut b, act, &mut now, i)?;
            compare_after_act(&a, &b, i, &mut frames)?;
        }
        finish(&mut a, &mut b, now)?;
    }
}
