//! PSG (AY-3-8910 / YM2149), from `msx-hardware.md` §4 and the datasheets.
//! One PSG tick = 16 CPU T-states (chip clock CPU/2, counters at chip/8).

use msx_machine::psg::{Chip, Psg, PsgError, CPU_HZ, TICK};

fn psg(chip: Chip) -> Psg {
    Psg::new(chip, 44_100).unwrap()
}

fn set(p: &mut Psg, reg: u8, value: u8, now: u64) {
    p.write_io(0xA0, reg, now);
    p.write_io(0xA1, value, now);
}

fn get(p: &mut Psg, reg: u8) -> u8 {
    p.write_io(0xA0, reg, 0);
    p.read_io(0xA2, 0)
}

#[test]
fn ay_masks_unused_bits() {
    let mut p = psg(Chip::Ay8910);
    for reg in 0..14 {
        set(&mut p, reg, 0xFF, 0);
    }
    let read: Vec<u8> = (0..14).map(|r| get(&mut p, r)).collect();
    // R0 FF, R1 0F, R2 FF, R3 0F, R4 FF, R5 0F, R6 1F, R7 (forced) BF,
    // R8–R10 1F, R11 FF, R12 FF, R13 0F.
    assert_eq!(
        read,
        [0xFF, 0x0F, 0xFF, 0x0F, 0xFF, 0x0F, 0x1F, 0xBF, 0x1F, 0x1F, 0x1F, 0xFF, 0xFF, 0x0F]
    );
}

#[test]
fn ym_reads_back_as_written() {
    let mut p = psg(Chip::Ym2149);
    set(&mut p, 1, 0xFF, 0);
    set(&mut p, 6, 0xE5, 0);
    set(&mut p, 13, 0x3A, 0);
    assert_eq!(get(&mut p, 1), 0xFF);
    assert_eq!(get(&mut p, 6), 0xE5);
    assert_eq!(get(&mut p, 13), 0x3A);
}

#[test]
fn mixer_direction_bits_are_forced() {
    let mut p = psg(Chip::Ay8910);
    set(&mut p, 7, 0x3F, 0); // port A output / port B input asked for
    assert_eq!(get(&mut p, 7), 0xBF);
    set(&mut p, 7, 0xB8, 0); // the BIOS value
    assert_eq!(get(&mut p, 7), 0xB8);
}

#[test]
fn only_port_a2_reads_and_the_latch_has_four_bits() {
    let mut p = psg(Chip::Ay8910);
    p.write_io(0xA0, 0x11, 0); // R17 is R1
    p.write_io(0xA1, 0x05, 0);
    assert_eq!(p.latch(), 1);
    assert_eq!(p.read_io(0xA2, 0), 0x05);
    assert_eq!(p.read_io(0xA0, 0), 0xFF);
    assert_eq!(p.read_io(0xA1, 0), 0xFF);
}

#[test]
fn port_a_joysticks_layout_and_cassette() {
    let mut p = psg(Chip::Ay8910);
    // Nothing plugged in: joystick pins high, and the empty cassette port reads 1
    // (bit 7), as on openMSX.
    assert_eq!(get(&mut p, 14), 0xBF);
    p.set_cassette_input(false);
    assert_eq!(get(&mut p, 14), 0x3F);
    p.set_joystick(0, 0x3F & !0x01 & !0x10); // up + trigger A on port 1
    assert_eq!(get(&mut p, 14), 0x2E);
    set(&mut p, 15, 0x40, 0); // read port 2
    assert_eq!(get(&mut p, 14), 0x3F);
    p.set_japanese_layout(true);
    p.set_cassette_input(true);
    assert_eq!(get(&mut p, 14), 0xFF);
    set(&mut p, 15, 0x8F, 0); // INITIO value: LED off
    assert!(!p.kana_led());
    set(&mut p, 15, 0x0F, 0);
    assert!(p.kana_led());
    assert_eq!(p.port_b(), 0x0F);
    // 0x1D = 0001 1101: port 1 pins 6,7 = 01, pin 8 = 1 → 0b101; port 2
    // pins 6,7 = 11, pin 8 = 0 → 0b011.
    set(&mut p, 15, 0x1D, 0);
    assert_eq!(p.joystick_outputs(0), 0b101);
    assert_eq!(p.joystick_outputs(1), 0b011);
    assert_eq!(p.selected_joystick(), 0);
}

#[test]
fn tone_flips_after_period_ticks() {
    let mut p = psg(Chip::Ay8910);
    set(&mut p, 0, 0x00, 0);
    set(&mut p, 1, 0x01, 0); // TP = 256
    p.run_to(255 * TICK);
    assert!(!p.tone_output(0));
    p.run_to(256 * TICK);
    assert!(p.tone_output(0));
    p.run_to(512 * TICK);
    assert!(!p.tone_output(0));
    // Period 0 behaves as 1: flips every tick.
    set(&mut p, 1, 0, 512 * TICK);
    p.run_to(513 * TICK);
    assert!(p.tone_output(0));
    p.run_to(514 * TICK);
    assert!(!p.tone_output(0));
}

#[test]
fn noise_lfsr_is_maximal_length_17_bit() {
    let mut p = psg(Chip::Ay8910);
    set(&mut p, 6, 1, 0); // one LFSR step every 2 ticks
    assert_eq!(p.noise_state(), 1);
    let steps: u64 = (1 << 17) - 1;
    let mut now = 0;
    for i in 1..=steps {
        now += 2 * TICK;
        p.run_to(now);
        let s = p.noise_state();
        assert!(s < (1 << 17));
        if i < steps {
            assert_ne!(s, 1, "returned to the seed after {i} steps");
        }
    }
    assert_eq!(p.noise_state(), 1);
}

/// Envelope level after `ticks` ticks with EP = `ep` and shape `shape`.
fn envelope_after(shape: u8, ep: u8, ticks: u64) -> u8 {
    let mut p = psg(Chip::Ym2149);
    set(&mut p, 11, ep, 0);
    set(&mut p, 12, 0, 0);
    set(&mut p, 13, shape, 0);
    p.run_to(ticks * TICK);
    p.envelope_level()
}

#[test]
fn envelope_shapes() {
    let curve = |shape: u8, ticks: &[u64]| -> Vec<u8> {
        ticks.iter().map(|&t| envelope_after(shape, 1, t)).collect()
    };
    let at = [0, 1, 30, 31, 32, 33, 63, 64, 65, 200];
    // \___ : 31 down to 0, then 0.
    assert_eq!(curve(0x00, &at), [31, 30, 1, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(curve(0x09, &at), [31, 30, 1, 0, 0, 0, 0, 0, 0, 0]);
    // /___ : 0 up to 31, then 0.
    assert_eq!(curve(0x04, &at), [0, 1, 30, 31, 0, 0, 0, 0, 0, 0]);
    assert_eq!(curve(0x0F, &at), [0, 1, 30, 31, 0, 0, 0, 0, 0, 0]);
    // \\\\ : saw down, period 32.
    assert_eq!(
        curve(0x08, &at),
        [31, 30, 1, 0, 31, 30, 0, 31, 30, 31 - (200 % 32) as u8]
    );
    // //// : saw up.
    assert_eq!(
        curve(0x0C, &at),
        [0, 1, 30, 31, 0, 1, 31, 0, 1, (200 % 32) as u8]
    );
    // \/\/ : triangle, each end shown twice.
    assert_eq!(curve(0x0A, &at), [31, 30, 1, 0, 0, 1, 31, 31, 30, 23]);
    // /\/\ : triangle starting up.
    assert_eq!(curve(0x0E, &at), [0, 1, 30, 31, 31, 30, 0, 0, 1, 8]);
    // \‾‾‾ : fall then hold at the top.
    assert_eq!(curve(0x0B, &at), [31, 30, 1, 0, 31, 31, 31, 31, 31, 31]);
    // /‾‾‾ : rise then hold at the top.
    assert_eq!(curve(0x0D, &at), [0, 1, 30, 31, 31, 31, 31, 31, 31, 31]);
}

#[test]
fn envelope_period_zero_is_twice_as_fast_as_one() {
    assert_eq!(envelope_after(0x00, 0, 15), 1);
    assert_eq!(envelope_after(0x00, 0, 16), 0);
    // EP = 3: one step every 3 ticks.
    assert_eq!(envelope_after(0x00, 3, 2), 31);
    assert_eq!(envelope_after(0x00, 3, 3), 30);
    assert_eq!(envelope_after(0x00, 3, 30), 21);
}

#[test]
fn sample_rate_and_count() {
    assert_eq!(
        Psg::new(Chip::Ay8910, 100).unwrap_err(),
        PsgError::SampleRate(100)
    );
    let mut p = psg(Chip::Ay8910);
    p.run_to(CPU_HZ); // one second
    let n = p.take_samples().len();
    assert!((44_099..=44_100).contains(&n), "{n} samples");
    assert!(p.take_samples().is_empty());
}

#[test]
fn silence_when_volumes_are_zero() {
    let mut p = psg(Chip::Ay8910);
    set(&mut p, 7, 0xB8, 0); // tones on
    p.run_to(CPU_HZ / 10);
    assert!(p.take_samples().iter().all(|&s| s == 0.0));
}

/// Counts rising zero crossings in the samples.
fn rising_crossings(samples: &[f32]) -> usize {
    samples
        .windows(2)
        .filter(|w| w[0] < 0.0 && w[1] >= 0.0)
        .count()
}

#[test]
fn a_440_hz_tone() {
    let mut p = psg(Chip::Ay8910);
    // f = 1 789 772.5 / (16 × 254) = 440.4 Hz.
    set(&mut p, 0, 254, 0);
    set(&mut p, 1, 0, 0);
    set(&mut p, 7, 0xBE, 0); // tone A only
    set(&mut p, 8, 15, 0);
    p.run_to(CPU_HZ);
    let samples = p.take_samples();
    let crossings = rising_crossings(&samples[4410..]); // skip 0.1 s of DC settling
                                                        // 0.9 s × 440.4 Hz = 396 periods.
    assert!((395..=397).contains(&crossings), "{crossings}");
    let peak = samples[4410..].iter().fold(0f32, |m, s| m.max(s.abs()));
    // Volume 15 = 1.0 × channel share 0.25; a square wave centred by the DC
    // blocker swings about ±0.125.
    assert!((0.11..0.14).contains(&peak), "{peak}");
}

#[test]
fn both_disabled_gives_a_level_the_volume_modulates() {
    let mut p = psg(Chip::Ay8910);
    set(&mut p, 7, 0xBF, 0); // tone and noise off on all channels
    set(&mut p, 8, 15, 0);
    let settle = CPU_HZ; // let the DC blocker settle on the constant level
    p.run_to(settle);
    p.take_samples();
    set(&mut p, 8, 0, settle);
    p.run_to(settle + CPU_HZ / 100);
    let s = p.take_samples();
    let min = s.iter().fold(0f32, |m, &x| m.min(x));
    // The level drops by 1.0 × 0.25.
    assert!((-0.26..-0.24).contains(&min), "{min}");
}

#[test]
fn volume_steps_are_3_db() {
    // Volume 13 vs 15 in the constant-level mode: 2 steps = 6 dB = ½ amplitude.
    let drop = |vol: u8| {
        let mut p = psg(Chip::Ay8910);
        set(&mut p, 7, 0xBF, 0);
        set(&mut p, 8, vol, 0);
        p.run_to(CPU_HZ);
        p.take_samples();
        set(&mut p, 8, 0, CPU_HZ);
        p.run_to(CPU_HZ + CPU_HZ / 100);
        p.take_samples().iter().fold(0f32, |m, &x| m.min(x))
    };
    let ratio = drop(13) / drop(15);
    assert!((0.49..0.51).contains(&ratio), "{ratio}");
}

#[test]
fn click_is_mixed_in() {
    let mut p = psg(Chip::Ay8910);
    p.run_to(CPU_HZ / 10);
    p.take_samples();
    p.set_click(true, CPU_HZ / 10);
    p.run_to(CPU_HZ / 10 + 2000);
    let max = p.take_samples().iter().fold(0f32, |m, &x| m.max(x));
    assert!((0.19..0.21).contains(&max), "{max}");
}

#[test]
fn high_tones_do_not_alias() {
    // TP = 1: a 111.9 kHz square wave, far above Nyquist. Averaging over each
    // sample period leaves its mean (removed by the DC blocker) and a small
    // ripple; point sampling would give ±0.125 of aliased noise.
    let mut p = psg(Chip::Ay8910);
    set(&mut p, 0, 1, 0);
    set(&mut p, 7, 0xBE, 0);
    set(&mut p, 8, 15, 0);
    p.run_to(CPU_HZ);
    let samples = p.take_samples();
    let peak = samples[22050..].iter().fold(0f32, |m, s| m.max(s.abs()));
    assert!(peak < 0.03, "{peak}");
}

#[test]
fn reset_clears_the_registers() {
    let mut p = psg(Chip::Ym2149);
    set(&mut p, 8, 15, 0);
    set(&mut p, 0, 0x55, 0);
    p.reset(1000);
    assert_eq!(get(&mut p, 8), 0);
    assert_eq!(get(&mut p, 0), 0);
    assert_eq!(get(&mut p, 7), 0x80);
}
