//! The `irq_check` mark against looking every time: over random port
//! traffic (register writes including IE0/IE1 and the timing registers,
//! VRAM and palette writes, indirect register writes, S#0/S#1 reads) at
//! random times across lines and frames, whenever the mark says nothing
//! may have changed, the INT level and the timing epoch must be what they
//! were after the previous access (what the machine last saw).

use super::*;
use proptest::prelude::*;

/// One port access, `dt` T-states after the previous one.
#[derive(Clone, Debug)]
enum Access {
    /// `OUT (port), value` to 0x98–0x9B.
    Out(u8, u8),
    /// `IN` from 0x98–0x9B.
    In(u8),
    /// `run_to` (a frame end or an interrupt moment).
    Run,
}

fn access() -> impl Strategy<Value = Access> {
    prop_oneof![
        // Register writes (pairs on 0x99) are made likely: random second
        // bytes with bit 7 set pick registers 0–63, often R#0/R#1/R#15/R#19.
        4 => (0u8..4, any::<u8>()).prop_map(|(p, v)| Access::Out(0x98 + p, v)),
        3 => (prop::sample::select(vec![0u8, 1, 9, 15, 17, 19, 23]), any::<u8>())
            .prop_map(|(r, v)| Access::Out(0x99, if v & 1 == 0 { 0x80 | r } else { v })),
        2 => (0u8..4).prop_map(|p| Access::In(0x98 + p)),
        1 => Just(Access::Run),
    ]
}

/// Mostly gaps inside one line (a port access that only moves time), some
/// across lines and frames.
fn gap() -> impl Strategy<Value = u64> {
    prop_oneof![4 => 0u64..40, 1 => 0u64..20_000]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn irq_check_mark_is_set_whenever_int_or_timing_may_change(
        accesses in prop::collection::vec((gap(), access()), 1..600),
    ) {
        let mut v = Vdp::new(VdpConfig::default()).unwrap();
        // Both interrupts enabled, display on, a line interrupt at 40.
        let mut now = 0u64;
        for (r, x) in [(0u8, 0x10u8), (1, 0x60), (19, 40)] {
            now += 20;
            v.write_port(0x99, x, now);
            v.write_port(0x99, 0x80 | r, now);
        }
        let mut seen = (v.irq(), v.timing_epoch());
        v.take_irq_check();
        for (dt, a) in &accesses {
            now += dt;
            match *a {
                Access::Out(p, x) => v.write_port(p, x, now),
                Access::In(p) => {
                    v.read_port(p, now);
                }
                Access::Run => v.run_to(now),
            }
            let now_seen = (v.irq(), v.timing_epoch());
            if !v.take_irq_check() {
                prop_assert_eq!(now_seen, seen, "unmarked change after {:?}", a);
            }
            seen = now_seen;
        }
    }
}
