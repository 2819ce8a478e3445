//! Konami SCC sound through the cartridge's 0x9800 window.

use msx_machine::memory::{CartridgeKind, MachineLayout, Memory, SlotId};

const SECOND: u64 = 3_579_545;

fn scc_machine() -> Memory {
    let mut layout = MachineLayout::empty();
    layout.insert_cartridge(1, vec![0; 0x20000], Some(CartridgeKind::KonamiScc));
    let mut m = Memory::new(&layout).unwrap();
    m.set_primary_slots(0x55);
    m.write(0x9000, 0x3F, 0); // SCC on
    m
}

fn rising_crossings(samples: &[f32]) -> usize {
    samples
        .windows(2)
        .filter(|w| w[0] < 0.0 && w[1] >= 0.0)
        .count()
}

#[test]
fn square_wave_at_the_divider_frequency() {
    let mut m = scc_machine();
    // Channel 1 waveform: 16 × +127 then 16 × −128.
    for i in 0..32u16 {
        m.write(0x9800 + i, if i < 16 { 0x7F } else { 0x80 }, 0);
    }
    // f = 111: a byte every 112 clocks, 3 579 545 / (32 × 112) = 998.8 Hz.
    m.write(0x9880, 111, 0);
    m.write(0x9881, 0, 0);
    m.write(0x988A, 15, 0); // volume 15
    m.write(0x988F, 0x01, 0); // enable channel 1
    let scc = m
        .cartridge_mut(SlotId::primary(1))
        .unwrap()
        .scc_mut()
        .unwrap();
    scc.run_to(SECOND);
    let samples = scc.take_samples();
    assert!((44_099..=44_100).contains(&samples.len()));
    let crossings = rising_crossings(&samples[4410..]);
    // 0.9 s × 998.8 Hz = 899 periods.
    assert!((898..=900).contains(&crossings), "{crossings}");
    // (127 × 15) >> 4 = 119 of 640 full scale: ±0.186.
    let peak = samples[4410..].iter().fold(0f32, |p, s| p.max(s.abs()));
    assert!((0.17..0.20).contains(&peak), "{peak}");
}

#[test]
fn disabled_or_stopped_channels_are_silent() {
    let mut m = scc_machine();
    for i in 0..32u16 {
        m.write(0x9800 + i, if i < 16 { 0x7F } else { 0x80 }, 0);
    }
    m.write(0x9880, 111, 0);
    m.write(0x988A, 15, 0);
    // Enable bit off: nothing.
    let scc = m
        .cartridge_mut(SlotId::primary(1))
        .unwrap()
        .scc_mut()
        .unwrap();
    scc.run_to(SECOND / 10);
    assert!(scc.take_samples().iter().all(|&s| s == 0.0));
    // A frequency of 8 or less stops the waveform position.
    let mut m = scc_machine();
    m.write(0x9880, 8, 0);
    m.write(0x988F, 0x01, 0);
    let scc = m
        .cartridge_mut(SlotId::primary(1))
        .unwrap()
        .scc_mut()
        .unwrap();
    scc.run_to(SECOND / 10);
    assert_eq!(scc.position(0), 0);
    // f = 9: a byte every 10 clocks → 1000 bytes in 10 000 clocks = 1000 mod 32 = 8.
    let mut m = scc_machine();
    m.write(0x9880, 9, 0);
    let scc = m
        .cartridge_mut(SlotId::primary(1))
        .unwrap()
        .scc_mut()
        .unwrap();
    scc.run_to(10_016); // whole steps of 32 clocks: 313 steps = 10 016 clocks
    assert_eq!(scc.position(0), ((10_016 / 10) % 32) as u8);
}

#[test]
fn channel_5_plays_channel_4_waveform() {
    let mut m = scc_machine();
    m.write(0x9860, 0x40, 0); // channel 4 byte 0
    let scc = m.cartridge(SlotId::primary(1)).unwrap().scc().unwrap();
    assert_eq!(scc.wave[3][0], 0x40);
    // Reading the deformation register area sets it to 0xFF.
    assert_eq!(m.read(0x98E0, 0), 0xFF);
    assert_eq!(
        m.cartridge(SlotId::primary(1))
            .unwrap()
            .scc()
            .unwrap()
            .deform,
        0xFF
    );
    // 0x9890–0x989F mirror the frequency/volume block.
    m.write(0x989A, 7, 0);
    assert_eq!(
        m.cartridge(SlotId::primary(1))
            .unwrap()
            .scc()
            .unwrap()
            .volume[0],
        7
    );
}
