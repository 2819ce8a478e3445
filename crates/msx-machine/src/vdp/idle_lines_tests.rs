//! Idle lines (rendering off, no sprite check) without events of their own
//! (see `Vdp::idle_lines`) against an event at every line, as the VDP did
//! before: over random port traffic with mode, display, sprite, geometry
//! and interrupt-line writes, commands running across lines, rendering
//! switched on and off, everything the CPU, the display and a saved state
//! can see must be the same.

use super::side_by_side::{
    apply, commands, compare_after_act, finish, reg_writes, screen_5, write, Port,
};
use super::*;
use proptest::prelude::*;

/// One thing the CPU (or the host) does, `dt` T-states after the previous.
#[derive(Clone, Debug)]
enum Act {
    /// What `owed_tests` does too: register writes, commands, VRAM and
    /// status accesses, `run_to`.
    Port(Port),
    /// A polling loop: `n` reads of a status register 13 T-states apart
    /// (dense accesses find the line boundaries where the command engine's
    /// speed changes).
    Poll(u8, u8),
    /// Sprite `n`'s Y in the attribute table at 0x7600 through port 0x98
    /// (216 ends the list; 217 and above, as 209–212, show on no display
    /// line unless R#23 scrolls them in).
    SpriteY(u8, u8),
    /// R#5: the attribute table at 0x7600 (the one `SpriteY` writes) or at
    /// 0x7A00 (zeros: 32 sprites at Y = 0).
    AttrBase(bool),
    /// Rendering on or off (`run_frames` switches it at frame ends, a
    /// host at any time).
    Render(bool),
}

/// Registers that decide whether lines are idle or where the speed
/// changes: the mode and IE1 (R#0), display enable, mode and sprite size
/// (R#1, IE0 kept), sprites off (R#8), NT and LN (R#9), adjust (R#18), the
/// interrupt line (R#19), scroll (R#23), and R#15 (no effect on timing).
const REGS: [(u8, u8); 8] = [
    (0, 0x16),
    (1, 0x5A),
    (8, 0x0A),
    (9, 0x82),
    (18, 0xFF),
    (19, 0xFF),
    (23, 0xFF),
    (15, 0x0F),
];

fn act() -> impl Strategy<Value = Act> {
    prop_oneof![
        4 => reg_writes(&REGS).prop_map(Act::Port),
        2 => commands().prop_map(Act::Port),
        // HMMV or LMMV over the attribute table's rows (232-239; the Y
        // bytes sit in row 236): sprites appear (Y 0, 100: the 9th on a
        // line latches 5S) or the list ends (216) while lines pass.
        2 => (0u8..8, 0u8..8, 1u8..8, prop::sample::select(vec![0u8, 100, 216, 217]), any::<bool>())
            .prop_map(|(dx, dy, ny, col, hmmv)| {
                let op = if hmmv { 0xC0 } else { 0x80 };
                let col = if hmmv { col } else { col & 0x0F };
                Act::Port(Port::Command([0, 0, 0, 0, dx, 0, 232 + dy, 0, 0, 1, ny, 0, col, 0, op]))
            }),
        2 => prop::option::of(any::<u8>()).prop_map(|d| Act::Port(Port::Data(d))),
        2 => prop::sample::select(vec![0u8, 1, 2, 7, 8, 9]).prop_map(|n| Act::Port(Port::Status(n))),
        1 => (prop::sample::select(vec![2u8, 7]), 1u8..40).prop_map(|(r, n)| Act::Poll(r, n)),
        1 => Just(Act::Port(Port::Run)),
        1 => any::<bool>().prop_map(Act::Render),
        3 => (0u8..3, prop_oneof![
            3 => prop::sample::select(vec![216u8, 217, 230, 240, 250]),
            1 => any::<u8>(),
        ]).prop_map(|(n, y)| Act::SpriteY(n, y)),
        1 => any::<bool>().prop_map(Act::AttrBase),
    ]
}

/// A VDP in SCREEN 5, display on, one sprite on screen (sprite 1 below
/// the display lines, 2 ends the list), rendering off.
fn vdp(every_line_event: bool) -> Vdp {
    let mut v = Vdp::new(VdpConfig::default()).unwrap();
    v.every_line_event = every_line_event;
    v.set_render(false);
    screen_5(&mut v);
    // Solid pattern 0 in colour 15 for every sprite: sprites on one line
    // collide (X 0 and 4).
    v.vram_mut()[0x7800..0x7820].fill(0xFF);
    v.vram_mut()[0x7400..0x7600].fill(0x0F);
    v.vram_mut()[0x7600..0x7604].copy_from_slice(&[40, 4, 0, 0]);
    v.vram_mut()[0x7604] = 230;
    v.vram_mut()[0x7608] = 216;
    v
}

/// The line count a saved state would hold.
fn synced_line(v: &Vdp) -> u32 {
    let mut c = v.clone();
    c.sync_lines();
    c.next_line
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn idle_lines_without_events_match_an_event_at_every_line(
        acts in prop::collection::vec((prop_oneof![3 => 0u64..4000, 1 => 0u64..300], act()), 1..300),
    ) {
        let (mut a, mut b) = (vdp(false), vdp(true));
        let mut now = 1000;
        let mut frames = 0;
        for (i, (dt, act)) in acts.iter().enumerate() {
            now += dt;
            match act {
                Act::Port(port) => apply(&mut a, &mut b, port, &mut now, i)?,
                Act::Poll(n, count) => {
                    for v in [&mut a, &mut b] {
                        write(v, 0x99, *n, now);
                        write(v, 0x99, 0x8F, now + 10);
                    }
                    for k in 0..u64::from(*count) {
                        now += 13;
                        prop_assert_eq!(a.read_port(0x99, now + 10), b.read_port(0x99, now + 10), "S#{} poll {}, act {}", n, k, i);
                    }
                }
                Act::Render(on) => {
                    a.set_render(*on);
                    b.set_render(*on);
                }
                Act::SpriteY(n, y) => {
                    for v in [&mut a, &mut b] {
                        // R#14 = 1, address 0x3600 + 4n: 0x7600 + 4n.
                        for (k, (port, x)) in [
                            (0x99, 1),
                            (0x99, 0x8E),
                            (0x99, 4 * n),
                            (0x99, 0x76),
                            (0x98, *y),
                        ]
                        .into_iter()
                        .enumerate()
                        {
                            write(v, port, x, now + 12 * k as u64);
                        }
                    }
                    now += 60;
                }
                Act::AttrBase(second) => {
                    for v in [&mut a, &mut b] {
                        write(v, 0x99, if *second { 0xF7 } else { 0xEF }, now);
                        write(v, 0x99, 0x85, now + 10);
                    }
                }
            }
            // S#0 as a debugger sees it (the sprite number caught up).
            prop_assert_eq!(a.peek_status(0), b.peek_status(0), "S#0 peek, act {}", i);
            prop_assert_eq!(synced_line(&a), synced_line(&b), "line count, act {}", i);
            // The engine's kept `untimed` (asked by every port access) as
            // worked out afresh, across mode changes and commands.
            for v in [&a, &b] {
                prop_assert_eq!(v.cmd.untimed(), v.cmd.untimed_now(), "kept untimed, act {}", i);
            }
            compare_after_act(&a, &b, i, &mut frames)?;
        }
        finish(&mut a, &mut b, now)?;
        prop_assert_eq!(synced_line(&a), synced_line(&b));
    }
}

/// The command engine's speed changes where the display lines start and
/// stop; with idle lines the fast path must still stop there. Polls S#2
/// densely across both boundaries while an LMMV runs with sprites off
/// (lines idle, display on), in every phase against the 13-T-state step,
/// and compares how far the command got.
#[test]
fn idle_lines_keep_the_engine_speed_change_at_the_display_boundaries() {
    let probe = vdp(false);
    let boundaries = [probe.plan.display_first, probe.plan.display_stop];
    for line in boundaries {
        // The line's start in CPU T-states from the frame start (tick 0).
        let start = u64::from(line * TICKS_PER_LINE) / TICKS_PER_CPU_CYCLE;
        for phase in 0..13 {
            let mut pair = [vdp(false), vdp(true)];
            let mut now = start - 2000;
            for v in &mut pair {
                let mut t = now;
                let mut out = |port: u8, x: u8| {
                    t += 12;
                    v.write_port(port, x, t);
                };
                // Sprites off: the lines are idle, the speed still changes.
                out(0x99, 0x0A);
                out(0x99, 0x88);
                // LMMV 256 x 212 at (0, 0), colour 5, IMP.
                out(0x99, 36);
                out(0x99, 0x80 | 17);
                for x in [0, 0, 0, 0, 0, 1, 212, 0, 5, 0, 0x80] {
                    out(0x9B, x);
                }
                // R#15 = 2 for the polls.
                out(0x99, 2);
                out(0x99, 0x8F);
            }
            now = start - 300 + phase;
            while now < start + 300 {
                let [a, b] = &mut pair;
                assert_eq!(
                    a.read_port(0x99, now),
                    b.read_port(0x99, now),
                    "S#2 at line {line}, phase {phase}, T {now}"
                );
                now += 13;
            }
            let [a, b] = &mut pair;
            a.run_to(now);
            b.run_to(now);
            assert!(a.vram() == b.vram(), "line {line}, phase {phase}");
            assert_eq!(a.status(), b.status(), "line {line}, phase {phase}");
        }
    }
}
