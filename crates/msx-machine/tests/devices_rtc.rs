//! RTC RP5C01, from `msx-hardware.md` §6.1 and the Handbook.

use msx_machine::rtc::{DateTime, Rtc, RtcError};

const SECOND: u64 = 3_579_545;

fn select(rtc: &mut Rtc, reg: u8) {
    rtc.write_io(0xB4, reg, 0);
}

fn write(rtc: &mut Rtc, reg: u8, value: u8, now: u64) {
    rtc.write_io(0xB4, reg, now);
    rtc.write_io(0xB5, value, now);
}

fn read(rtc: &mut Rtc, reg: u8, now: u64) -> u8 {
    rtc.write_io(0xB4, reg, now);
    rtc.read_io(0xB5, now)
}

/// Registers 0–12 of block 0, low nibbles.
fn time_regs(rtc: &mut Rtc, now: u64) -> Vec<u8> {
    write(rtc, 13, 0x08, now); // block 0, timer on
    (0..13).map(|r| read(rtc, r, now) & 0x0F).collect()
}

#[test]
fn start_time_in_bcd_registers() {
    let mut rtc = Rtc::new(DateTime::new(2026, 11, 22, 13, 45, 30)).unwrap();
    // s 0 3, m 5 4, h 3 1, Sunday 0, day 2 2, month 1 1, year 46 → 6 4.
    assert_eq!(
        time_regs(&mut rtc, 0),
        [0, 3, 5, 4, 3, 1, 0, 2, 2, 1, 1, 6, 4]
    );
    // Leap-year counter: 2026 % 4 = 2; 24-hour mode set.
    write(&mut rtc, 13, 0x09, 0);
    assert_eq!(read(&mut rtc, 11, 0), 0xF2);
    assert_eq!(read(&mut rtc, 10, 0), 0xF1);
}

#[test]
fn clock_runs_on_emulated_time() {
    let mut rtc = Rtc::new(DateTime::new(2026, 11, 22, 13, 45, 30)).unwrap();
    assert_eq!(
        rtc.date_time(SECOND - 1),
        DateTime::new(2026, 11, 22, 13, 45, 30)
    );
    assert_eq!(
        rtc.date_time(SECOND),
        DateTime::new(2026, 11, 22, 13, 45, 31)
    );
    assert_eq!(
        rtc.date_time(90 * SECOND),
        DateTime::new(2026, 11, 22, 13, 47, 0)
    );
}

#[test]
fn leap_day_and_month_rollover() {
    let mut rtc = Rtc::new(DateTime::new(2024, 2, 28, 23, 59, 59)).unwrap();
    assert_eq!(rtc.date_time(SECOND), DateTime::new(2024, 2, 29, 0, 0, 0));
    // Thursday = 4.
    assert_eq!(time_regs(&mut rtc, SECOND)[6], 4);
    let day = 86_400 * SECOND;
    assert_eq!(
        rtc.date_time(SECOND + day),
        DateTime::new(2024, 3, 1, 0, 0, 0)
    );
    assert_eq!(time_regs(&mut rtc, SECOND + day)[6], 5);
    // Not a leap year: 28 February → 1 March.
    let mut rtc = Rtc::new(DateTime::new(2023, 2, 28, 23, 59, 59)).unwrap();
    assert_eq!(rtc.date_time(SECOND), DateTime::new(2023, 3, 1, 0, 0, 0));
    // New year: leap counter 3 → 0.
    let mut rtc = Rtc::new(DateTime::new(2023, 12, 31, 23, 59, 59)).unwrap();
    assert_eq!(rtc.date_time(SECOND), DateTime::new(2024, 1, 1, 0, 0, 0));
    write(&mut rtc, 13, 0x09, SECOND);
    assert_eq!(read(&mut rtc, 11, SECOND) & 0x0F, 0);
}

#[test]
fn timer_enable_bit_stops_the_clock() {
    let mut rtc = Rtc::new(DateTime::new(2026, 1, 1, 0, 0, 0)).unwrap();
    write(&mut rtc, 13, 0x00, 0); // timer off
    assert_eq!(rtc.date_time(10 * SECOND).second, 0);
    write(&mut rtc, 13, 0x08, 10 * SECOND);
    assert_eq!(rtc.date_time(12 * SECOND).second, 2);
}

#[test]
fn twelve_hour_mode_sets_the_pm_bit() {
    let mut rtc = Rtc::new(DateTime::new(2026, 1, 1, 13, 0, 0)).unwrap();
    write(&mut rtc, 13, 0x09, 0);
    write(&mut rtc, 10, 0x00, 0); // 12-hour mode
    let regs = time_regs(&mut rtc, 0);
    // 13 h = 1 PM: units 1, tens 2 (bit 1 = PM).
    assert_eq!((regs[4], regs[5]), (1, 2));
    assert_eq!(rtc.date_time(0).hour, 13);
}

#[test]
fn writing_the_time() {
    let mut rtc = Rtc::new(DateTime::new(2026, 1, 1, 0, 0, 0)).unwrap();
    write(&mut rtc, 13, 0x08, 0);
    write(&mut rtc, 4, 8, 0); // hour units 8
    write(&mut rtc, 5, 1, 0); // hour tens 1
    write(&mut rtc, 2, 5, 0); // minutes 05
    assert_eq!(rtc.date_time(0), DateTime::new(2026, 1, 1, 18, 5, 0));
}

#[test]
fn unused_bits_read_zero_and_high_nibble_one() {
    let mut rtc = Rtc::new(DateTime::new(2026, 1, 1, 0, 0, 0)).unwrap();
    write(&mut rtc, 13, 0x09, 0); // alarm block
    write(&mut rtc, 3, 0x0F, 0); // alarm minutes tens: 3 bits
    assert_eq!(read(&mut rtc, 3, 0), 0xF7);
    write(&mut rtc, 5, 0x0F, 0); // alarm hours tens: 2 bits
    assert_eq!(read(&mut rtc, 5, 0), 0xF3);
    // Register 0 of the alarm block has no bits.
    write(&mut rtc, 0, 0x0F, 0);
    assert_eq!(read(&mut rtc, 0, 0), 0xF0);
    write(&mut rtc, 13, 0x0A, 0); // RAM block 2: 4 bits
    write(&mut rtc, 0, 0x0A, 0);
    assert_eq!(read(&mut rtc, 0, 0), 0xFA);
    // MODE reads back; TEST and RESET are write-only (read 0xF | 0xF0).
    assert_eq!(read(&mut rtc, 13, 0), 0xFA);
    assert_eq!(read(&mut rtc, 14, 0), 0xFF);
    assert_eq!(read(&mut rtc, 15, 0), 0xFF);
    select(&mut rtc, 0);
    assert_eq!(rtc.read_io(0xB4, 0), 0xFF);
}

#[test]
fn ram_blocks() {
    let mut rtc = Rtc::new(DateTime::new(2026, 1, 1, 0, 0, 0)).unwrap();
    let settings = [0xA, 0, 0, 1, 8, 2, 0xF, 4, 7, 1, 0, 0, 0x1F];
    rtc.set_ram(2, settings).unwrap();
    write(&mut rtc, 13, 0x0A, 0);
    assert_eq!(read(&mut rtc, 0, 0), 0xFA);
    assert_eq!(read(&mut rtc, 12, 0), 0xFF); // 0x1F cut to 4 bits
    write(&mut rtc, 13, 0x0B, 0);
    write(&mut rtc, 5, 0x3, 0);
    assert_eq!(rtc.ram(3).unwrap()[5], 3);
    assert_eq!(rtc.ram(1), Err(RtcError::NotRam(1)));
}

#[test]
fn test_bit_counts_seconds_at_16384_hz() {
    let mut rtc = Rtc::new(DateTime::new(2026, 1, 1, 10, 0, 0)).unwrap();
    write(&mut rtc, 14, 0x01, 0);
    // 100 divider ticks: ceil(100 × 3 579 545 / 16384) = 21 849 T-states.
    assert_eq!(rtc.date_time(21_849), DateTime::new(2026, 1, 1, 10, 1, 40));
}

#[test]
fn reset_clears_the_sub_second_divider() {
    let mut rtc = Rtc::new(DateTime::new(2026, 1, 1, 10, 0, 0)).unwrap();
    write(&mut rtc, 15, 0x02, SECOND / 2);
    assert_eq!(rtc.date_time(SECOND / 2 + SECOND * 6 / 10).second, 0);
    assert_eq!(rtc.date_time(SECOND / 2 + SECOND).second, 1);
}

#[test]
fn invalid_start_dates() {
    for bad in [
        DateTime::new(2023, 2, 29, 0, 0, 0),
        DateTime::new(1979, 12, 31, 0, 0, 0),
        DateTime::new(2080, 1, 1, 0, 0, 0),
        DateTime::new(2026, 4, 31, 0, 0, 0),
        DateTime::new(2026, 1, 1, 24, 0, 0),
    ] {
        assert_eq!(Rtc::new(bad).unwrap_err(), RtcError::BadDate(bad));
    }
    assert!(Rtc::new(DateTime::new(2000, 2, 29, 0, 0, 0)).is_ok());
}

#[test]
fn reset_selects_block_0_and_keeps_time() {
    let mut rtc = Rtc::new(DateTime::new(2026, 1, 1, 10, 0, 0)).unwrap();
    write(&mut rtc, 13, 0x02, 0); // block 2, timer off
    rtc.reset(SECOND);
    assert_eq!(rtc.mode(), 0x08);
    // The timer was off until the reset: still 10:00:00, then counting.
    assert_eq!(rtc.date_time(SECOND), DateTime::new(2026, 1, 1, 10, 0, 0));
    assert_eq!(
        rtc.date_time(3 * SECOND),
        DateTime::new(2026, 1, 1, 10, 0, 2)
    );
}
