//! The real-time clock: Ricoh RP5C01 at ports 0xB4 (register select) and
//! 0xB5 (data), running on emulated time from a start date the caller sets.
//!
//! Four blocks of 13 four-bit registers, selected by the MODE register:
//!
//! | block | registers 0–12 |
//! |---|---|
//! | 0 time | seconds (units, tens), minutes, hours (tens: 2 bits, in 12-hour mode bit 1 = PM), day of week, day, month, year (year − 1980) — all BCD |
//! | 1 alarm | 2–8 alarm minutes … day; 10 bit 0 = 24-hour mode; 11 = leap-year counter (0 = leap year) |
//! | 2, 3 | battery-backed RAM: the BIOS's settings (screen, colours, click, title, password) |
//!
//! and three global registers: 13 MODE (bits 0–1 block, bit 2 alarm enable,
//! bit 3 timer enable: the clock counts only when set), 14 TEST (write
//! only: bits 0–3 make seconds, minutes, days, years count at 16384 Hz),
//! 15 RESET (write only: bit 0 clears the alarm, bit 1 the sub-second
//! divider). Unused bits read 0 (a mask per block and register); a read of
//! 0xB5 returns the nibble with bits 7–4 set. The alarm and the 1 Hz / 16 Hz
//! outputs are not connected on an MSX.
//!
//! Facts: `msx-hardware.md` §6.1, MSX2 Technical Handbook ch. 5 §6, openMSX
//! `RP5C01.cc` and `MSXRTC.cc` (counting rules, masks, 16384 Hz divider).

use std::fmt;

/// The RP5C01's divider input: 16384 Hz.
const FREQ: u64 = 16384;
/// CPU clock in Hz.
const CPU_HZ: u64 = 3_579_545;

const MODE: usize = 13;
const TEST: usize = 14;
const RESET: usize = 15;
const TIMER_ENABLE: u8 = 0x08;

/// Bits kept by each register of each block; the others read 0.
const MASK: [[u8; 13]; 4] = [
    [
        0xF, 0x7, 0xF, 0x7, 0xF, 0x3, 0x7, 0xF, 0x3, 0xF, 0x1, 0xF, 0xF,
    ],
    [
        0x0, 0x0, 0xF, 0x7, 0xF, 0x3, 0x7, 0xF, 0x3, 0x0, 0x1, 0x3, 0x0,
    ],
    [0xF; 13],
    [0xF; 13],
];

/// A calendar date and time (local time of the emulated machine).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DateTime {
    /// 1980–2079 (the RTC keeps year − 1980 in two BCD digits).
    pub year: u16,
    /// 1–12.
    pub month: u8,
    /// 1–31.
    pub day: u8,
    /// 0–23.
    pub hour: u8,
    /// 0–59.
    pub minute: u8,
    /// 0–59.
    pub second: u8,
}

impl DateTime {
    /// A date and time; check it with [`DateTime::validate`] (or let
    /// [`Rtc::new`] do it).
    pub const fn new(year: u16, month: u8, day: u8, hour: u8, minute: u8, second: u8) -> Self {
        Self {
            year,
            month,
            day,
            hour,
            minute,
            second,
        }
    }

    /// Checks the ranges, including the days of the month (leap years
    /// every 4 years: 2000 is one, 1980–2079 has no exception).
    pub fn validate(&self) -> Result<(), RtcError> {
        let ok = (1980..=2079).contains(&self.year)
            && (1..=12).contains(&self.month)
            && self.day >= 1
            && self.day <= days_in_month(i64::from(self.month) - 1, self.year.is_multiple_of(4))
            && self.hour < 24
            && self.minute < 60
            && self.second < 60;
        if ok {
            Ok(())
        } else {
            Err(RtcError::BadDate(*self))
        }
    }

    /// Day of the week, 0 = Sunday (Sakamoto's method).
    pub fn weekday(&self) -> u8 {
        const T: [u16; 12] = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
        let y = if self.month < 3 {
            self.year - 1
        } else {
            self.year
        };
        let m = usize::from(self.month.clamp(1, 12) - 1);
        ((y + y / 4 - y / 100 + y / 400 + T[m] + u16::from(self.day)) % 7) as u8
    }
}

impl fmt::Display for DateTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }
}

/// RTC errors.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RtcError {
    /// A start time outside the calendar or the RTC's range.
    #[error("{0} is not a valid RTC date and time (years 1980–2079)")]
    BadDate(DateTime),
    /// RAM block other than 2 or 3.
    #[error("RTC block {0} is not a RAM block (2 or 3)")]
    NotRam(u8),
}

/// Days in 0-based month `month0` (taken modulo 12, as the chip's counter
/// can hold an invalid month written by a program).
fn days_in_month(month0: i64, leap: bool) -> u8 {
    const DAYS: [u8; 12] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let m = month0.rem_euclid(12) as usize;
    if m == 1 && leap {
        29
    } else {
        DAYS[m]
    }
}

/// The RP5C01 and its port latch.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Rtc {
    latch: u8,
    regs: [[u8; 13]; 4],
    mode: u8,
    test: u8,
    reset: u8,
    /// Divider ticks (16384 Hz) since power-on already counted.
    ticks: u64,
    fraction: u64,
    seconds: i64,
    minutes: i64,
    hours: i64,
    weekday: i64,
    /// 0-based day of the month (−1 while the day register reads 0).
    days: i64,
    /// 0-based month.
    months: i64,
    /// Year − 1980, 0–99.
    years: i64,
    /// 0 = leap year.
    leap: i64,
}

impl Rtc {
    /// A clock showing `start` at power-on (T-state 0), timer running,
    /// 24-hour mode, RAM blocks zero.
    pub fn new(start: DateTime) -> Result<Self, RtcError> {
        start.validate()?;
        let mut rtc = Self {
            latch: 0,
            regs: [[0; 13]; 4],
            mode: TIMER_ENABLE,
            test: 0,
            reset: 0,
            ticks: 0,
            fraction: 0,
            seconds: i64::from(start.second),
            minutes: i64::from(start.minute),
            hours: i64::from(start.hour),
            weekday: i64::from(start.weekday()),
            days: i64::from(start.day) - 1,
            months: i64::from(start.month) - 1,
            years: i64::from(start.year) - 1980,
            leap: i64::from(start.year % 4),
        };
        rtc.regs[1][10] = 1;
        rtc.time_to_regs();
        Ok(rtc)
    }

    /// The reset button at time `now`: MODE = timer on, block 0; TEST and
    /// RESET 0 (openMSX `RP5C01::reset`). The time keeps running.
    pub fn reset(&mut self, now: u64) {
        self.update(now);
        self.mode = TIMER_ENABLE;
        self.test = 0;
        self.reset = 0;
    }

    /// I/O write: port 0xB4 selects a register, 0xB5 writes its low nibble.
    pub fn write_io(&mut self, port: u8, value: u8, now: u64) {
        if port & 1 == 0 {
            self.latch = value & 0x0F;
        } else {
            self.write_register(self.latch, value & 0x0F, now);
        }
    }

    /// I/O read: 0xB5 returns 0xF0 | the selected register; 0xB4 reads 0xFF.
    pub fn read_io(&mut self, port: u8, now: u64) -> u8 {
        if port & 1 == 0 {
            0xFF
        } else {
            0xF0 | self.read_register(self.latch, now)
        }
    }

    fn block(&self) -> usize {
        usize::from(self.mode & 3)
    }

    /// Register `reg` (0–15) of the selected block, as the chip returns it.
    pub fn read_register(&mut self, reg: u8, now: u64) -> u8 {
        let reg = usize::from(reg & 0x0F);
        match reg {
            MODE => self.mode,
            TEST | RESET => 0x0F,
            _ => {
                if self.block() < 2 {
                    self.update(now);
                }
                let b = self.block();
                self.regs[b][reg] & MASK[b][reg]
            }
        }
    }

    /// Writes register `reg` (0–15) of the selected block.
    pub fn write_register(&mut self, reg: u8, value: u8, now: u64) {
        let reg = usize::from(reg & 0x0F);
        let value = value & 0x0F;
        match reg {
            MODE => {
                self.update(now);
                self.mode = value;
            }
            TEST => {
                self.update(now);
                self.test = value;
            }
            RESET => {
                self.reset = value;
                if value & 1 != 0 {
                    for r in 2..=8 {
                        self.regs[1][r] = 0;
                    }
                }
                if value & 2 != 0 {
                    self.update(now);
                    self.fraction = 0;
                }
            }
            _ => {
                let b = self.block();
                if b < 2 {
                    self.update(now);
                }
                self.regs[b][reg] = value & MASK[b][reg];
                if b < 2 {
                    self.regs_to_time();
                }
            }
        }
    }

    fn twelve_hour(&self) -> bool {
        self.regs[1][10] & 1 == 0
    }

    fn regs_to_time(&mut self) {
        let t = |i: usize| i64::from(self.regs[0][i]);
        self.seconds = t(0) + 10 * t(1);
        self.minutes = t(2) + 10 * t(3);
        self.hours = t(4) + 10 * t(5);
        self.weekday = t(6);
        self.days = t(7) + 10 * t(8) - 1;
        self.months = t(9) + 10 * t(10) - 1;
        self.years = t(11) + 10 * t(12);
        self.leap = i64::from(self.regs[1][11]);
        // In 12-hour mode the tens digit's bit 1 is PM: "20" + h means h + 12.
        if self.twelve_hour() && self.hours >= 20 {
            self.hours = self.hours - 20 + 12;
        }
    }

    fn time_to_regs(&mut self) {
        let mut hours = self.hours;
        if self.twelve_hour() && hours >= 12 {
            hours = hours - 12 + 20;
        }
        let digits = [
            self.seconds % 10,
            self.seconds / 10,
            self.minutes % 10,
            self.minutes / 10,
            hours % 10,
            hours / 10,
            self.weekday,
            (self.days + 1) % 10,
            (self.days + 1) / 10,
            (self.months + 1) % 10,
            (self.months + 1) / 10,
            self.years % 10,
            self.years / 10,
        ];
        for (r, d) in self.regs[0].iter_mut().zip(digits) {
            *r = (d & 0x0F) as u8;
        }
        self.regs[1][11] = (self.leap & 3) as u8;
    }

    /// Counts the time elapsed up to `now`.
    fn update(&mut self, now: u64) {
        // Exact divider ticks since power-on: floor(now × 16384 / CPU_HZ).
        let ticks = (u128::from(now) * u128::from(FREQ) / u128::from(CPU_HZ)) as u64;
        let elapsed = ticks.saturating_sub(self.ticks);
        self.ticks = self.ticks.max(ticks);
        // Test bits make a unit count at the divider rate (openMSX).
        let fast = |bit: u8| self.test & bit != 0;
        if self.mode & TIMER_ENABLE != 0 {
            self.fraction += elapsed;
        }
        // Elapsed ticks fit an i64 for 80 million years of emulated time.
        let fast_count = elapsed as i64;
        let carry_s = if fast(1) {
            fast_count
        } else {
            (self.fraction / FREQ) as i64
        };
        self.seconds += carry_s;
        let carry_m = if fast(2) {
            fast_count
        } else {
            self.seconds / 60
        };
        self.minutes += carry_m;
        self.hours += self.minutes / 60;
        let carry_d = if fast(4) { fast_count } else { self.hours / 24 };
        if carry_d > 0 {
            // Only roll the month over when days actually advance, so that a
            // program writing the date nibble by nibble through an invalid
            // date (31 February) is not disturbed.
            self.days += carry_d;
            self.weekday += carry_d;
            loop {
                let len = i64::from(days_in_month(self.months, self.leap == 0));
                if self.days < len {
                    break;
                }
                self.days -= len;
                self.months += 1;
            }
        }
        let carry_y = if fast(8) {
            fast_count
        } else {
            self.months / 12
        };
        self.years += carry_y;
        self.leap += carry_y;
        self.fraction %= FREQ;
        self.seconds = self.seconds.rem_euclid(60);
        self.minutes = self.minutes.rem_euclid(60);
        self.hours = self.hours.rem_euclid(24);
        self.weekday = self.weekday.rem_euclid(7);
        self.months = self.months.rem_euclid(12);
        self.years = self.years.rem_euclid(100);
        self.leap = self.leap.rem_euclid(4);
        self.time_to_regs();
    }

    /// The date and time the clock shows at `now`.
    pub fn date_time(&mut self, now: u64) -> DateTime {
        self.update(now);
        DateTime {
            year: 1980 + self.years as u16,
            month: (self.months + 1) as u8,
            day: (self.days + 1) as u8,
            hour: self.hours as u8,
            minute: self.minutes as u8,
            second: self.seconds as u8,
        }
    }

    /// The 13 nibbles of RAM block 2 or 3 (what the BIOS keeps there).
    pub fn ram(&self, block: u8) -> Result<[u8; 13], RtcError> {
        match block {
            2 | 3 => Ok(self.regs[usize::from(block)]),
            _ => Err(RtcError::NotRam(block)),
        }
    }

    /// Loads RAM block 2 or 3 (e.g. from a saved "CMOS" file); values are
    /// cut to 4 bits.
    pub fn set_ram(&mut self, block: u8, nibbles: [u8; 13]) -> Result<(), RtcError> {
        match block {
            2 | 3 => {
                self.regs[usize::from(block)] = nibbles.map(|n| n & 0x0F);
                Ok(())
            }
            _ => Err(RtcError::NotRam(block)),
        }
    }

    /// The MODE register.
    pub fn mode(&self) -> u8 {
        self.mode
    }
}
