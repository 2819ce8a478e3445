//! Boot speed: the free BIOS clears VRAM with the VDP command engine, so a
//! cartridge starts within a fraction of a second of power-on.

mod support;

use support::*;

/// Boot to cartridge: the BIOS clears VRAM with the command engine, so a
/// cartridge's INIT runs within a fraction of a second of power-on (the CPU
/// clearing 128 KB byte by byte took 108 frames at 60 Hz; now about 23, of
/// which the HMMV over 128 KB is about 17).
#[test]
fn cartridge_starts_soon_after_power_on() {
    let cart = cartridge("        jr $\n");
    let mut m = machine_with_cartridge(cart);
    // Power-on VRAM is not zero on a real machine: start from a pattern.
    m.vdp_mut().vram_mut().fill(0xA5);
    let outcome = m.run_until(&msx_machine::machine::Until::PcReached(0x4010), 600);
    assert!(outcome.reached(), "INIT never called");
    let frames = m.frame_count();
    assert!(frames <= 30, "INIT called after {frames} frames");
    // VRAM above the text screen's tables is all zero at that point: the
    // clear covered all 128 KB and finished before the BIOS set up its screen.
    let vram = m.vram();
    assert_eq!(vram.len(), 0x20000);
    assert!(vram[0x4000..].iter().all(|&b| b == 0), "VRAM cleared");
}
