//! Scaffolding of the proptests that run two VDPs side by side over the same
//! random port traffic, one taking a fast path and one the plain way
//! (`owed_tests`, `idle_lines_tests`): the SCREEN 5 set-up, the port
//! traffic both generate (each with its own mix) and the comparisons after
//! each act and at the end.

use super::*;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// One thing the CPU does through the ports, the same on both VDPs.
#[derive(Clone, Debug)]
pub(super) enum Port {
    /// A register write through port 0x99.
    Reg(u8, u8),
    /// A command: R#32–R#46 through port 0x9B (NX and NY below 256).
    Command([u8; 15]),
    /// A VRAM write or read through port 0x98.
    Data(Option<u8>),
    /// A status read (R#15 then port 0x99).
    Status(u8),
    /// `run_to` (what the machine does at an interrupt or frame end).
    Run,
}

/// Register writes: a register of `regs` and a value masked by the bits
/// kept there; R#1 keeps display on (its other bits as masked).
pub(super) fn reg_writes(regs: &'static [(u8, u8)]) -> impl Strategy<Value = Port> {
    (0..regs.len(), any::<u8>()).prop_map(move |(i, v)| {
        let (r, keep) = regs[i];
        let v = if r == 1 { (v & keep) | 0x20 } else { v & keep };
        Port::Reg(r, v)
    })
}

/// Commands HMMV, LMMV, LMMM, HMMM, YMMM (anywhere, any size below 256,
/// any logical operation and direction).
pub(super) fn commands() -> impl Strategy<Value = Port> {
    (prop::array::uniform15(any::<u8>()), 0usize..5).prop_map(|(mut r, op)| {
        r[1] &= 1;
        r[5] &= 1;
        r[9] = 0; // NX < 256
        r[11] = 0; // NY < 256
        r[14] = ([0xC, 0x8, 0x9, 0xD, 0xE][op] << 4) | (r[14] & 0x0F);
        Port::Command(r)
    })
}

pub(super) fn write(v: &mut Vdp, port: u8, x: u8, now: u64) {
    v.write_port(port, x, now);
}

/// SCREEN 5 as BASIC sets it, display and sprites on: attributes at
/// 0x7600, sprite colours at 0x7400, patterns at 0x7800.
pub(super) fn screen_5(v: &mut Vdp) {
    let mut now = 0;
    for (r, x) in [
        (0, 0x06),
        (1, 0x60),
        (2, 0x1F),
        (5, 0xEF),
        (6, 0x0F),
        (8, 0x08),
        (9, 0x80),
        (11, 0),
    ] {
        now += 20;
        write(v, 0x99, x, now);
        write(v, 0x99, 0x80 | r, now);
    }
}

/// Does `act` on both VDPs at `now` (moved on past a command's writes),
/// and what the CPU reads must be the same; `i` numbers the act.
pub(super) fn apply(
    a: &mut Vdp,
    b: &mut Vdp,
    act: &Port,
    now: &mut u64,
    i: usize,
) -> Result<(), TestCaseError> {
    let t = *now;
    match act {
        Port::Reg(r, x) => {
            for v in [&mut *a, &mut *b] {
                write(v, 0x99, *x, t);
                write(v, 0x99, 0x80 | r, t + 10);
            }
        }
        Port::Command(regs) => {
            for v in [&mut *a, &mut *b] {
                write(v, 0x99, 32, t);
                write(v, 0x99, 0x80 | 17, t + 10);
                for (k, x) in regs.iter().enumerate() {
                    write(v, 0x9B, *x, t + 20 + 12 * k as u64);
                }
            }
            *now += 200;
        }
        Port::Data(Some(x)) => {
            write(a, 0x98, *x, t);
            write(b, 0x98, *x, t);
        }
        Port::Data(None) => {
            prop_assert_eq!(
                a.read_port(0x98, t),
                b.read_port(0x98, t),
                "VRAM read, act {}",
                i
            );
        }
        Port::Status(n) => {
            for v in [&mut *a, &mut *b] {
                write(v, 0x99, *n, t);
                write(v, 0x99, 0x8F, t + 10);
            }
            prop_assert_eq!(
                a.read_port(0x99, t + 20),
                b.read_port(0x99, t + 20),
                "S#{}, act {}",
                n,
                i
            );
        }
        Port::Run => {
            a.run_to(t);
            b.run_to(t);
        }
    }
    Ok(())
}

/// After act `i`: the same frame count and interrupt line, and the same
/// picture whenever a frame has ended since `frames` (which follows).
pub(super) fn compare_after_act(
    a: &Vdp,
    b: &Vdp,
    i: usize,
    frames: &mut u64,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(a.frame_count(), b.frame_count());
    prop_assert_eq!(a.irq(), b.irq(), "INT, act {}", i);
    if a.frame_count() != *frames {
        *frames = a.frame_count();
        prop_assert!(a.frame() == b.frame(), "frame {} differs", frames);
    }
    Ok(())
}

/// After the last act: two more frames, then registers, status, VRAM
/// and picture must be the same.
pub(super) fn finish(a: &mut Vdp, b: &mut Vdp, now: u64) -> Result<(), TestCaseError> {
    let now = now + 2 * 262 * 228;
    a.run_to(now);
    b.run_to(now);
    prop_assert_eq!(a.registers(), b.registers());
    prop_assert_eq!(a.status(), b.status());
    prop_assert!(a.vram() == b.vram(), "VRAM differs");
    prop_assert!(a.frame() == b.frame(), "frames differ");
    Ok(())
}
