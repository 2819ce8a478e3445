//! Directory-entry dates and times. The library never reads the clock: the
//! caller passes the timestamp, so the same inputs give the same image.
//!
//! FAT encoding (Handbook ch. 3 fig. 3.14): time = hours << 11 | minutes << 5 |
//! seconds / 2; date = (year − 1980) << 9 | month << 5 | day.

use crate::DiskError;
use std::fmt;

/// A date and time as MSX-DOS stores it (two-second resolution).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp {
    pub year: u16,
    pub month: u8,
    pub day: u8,
    pub hour: u8,
    pub minute: u8,
    pub second: u8,
}

fn days_in_month(year: u16, month: u8) -> u8 {
    const DAYS: [u8; 12] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let leap = (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400);
    if month == 2 && leap {
        29
    } else {
        DAYS[usize::from(month.clamp(1, 12)) - 1]
    }
}

impl Timestamp {
    /// A checked timestamp. Odd seconds are rounded down on disk (FAT keeps
    /// seconds / 2), so they are refused here to keep round trips exact.
    pub fn new(
        year: u16,
        month: u8,
        day: u8,
        hour: u8,
        minute: u8,
        second: u8,
    ) -> Result<Timestamp, DiskError> {
        let t = Timestamp {
            year,
            month,
            day,
            hour,
            minute,
            second,
        };
        let valid = (1980..=2107).contains(&year)
            && (1..=12).contains(&month)
            && day >= 1
            && day <= days_in_month(year, month)
            && hour < 24
            && minute < 60
            && second < 60
            && second.is_multiple_of(2);
        if valid {
            Ok(t)
        } else {
            Err(DiskError::BadTimestamp(t.to_string()))
        }
    }

    /// The timestamp of a Unix time (seconds since 1970-01-01 00:00 UTC),
    /// in UTC, seconds rounded down to even.
    pub fn from_unix(secs: i64) -> Result<Timestamp, DiskError> {
        let days = secs.div_euclid(86_400);
        let rem = secs.rem_euclid(86_400);
        // Civil-from-days (proleptic Gregorian), H. Hinnant's algorithm.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        let year = u16::try_from(year)
            .map_err(|_| DiskError::BadTimestamp(format!("Unix time {secs}")))?;
        Timestamp::new(
            year,
            month as u8,
            day as u8,
            (rem / 3600) as u8,
            (rem / 60 % 60) as u8,
            ((rem % 60) & !1) as u8,
        )
    }

    /// (date, time) words for a directory entry.
    pub(crate) fn to_fat(self) -> (u16, u16) {
        let date = (self.year - 1980) << 9 | u16::from(self.month) << 5 | u16::from(self.day);
        let time =
            u16::from(self.hour) << 11 | u16::from(self.minute) << 5 | u16::from(self.second / 2);
        (date, time)
    }

    /// Decodes directory-entry words; `None` when they hold no valid date
    /// (e.g. zero, as some tools write).
    pub(crate) fn from_fat(date: u16, time: u16) -> Option<Timestamp> {
        Timestamp::new(
            1980 + (date >> 9),
            (date >> 5 & 0x0F) as u8,
            (date & 0x1F) as u8,
            (time >> 11) as u8,
            (time >> 5 & 0x3F) as u8,
            ((time & 0x1F) * 2) as u8,
        )
        .ok()
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_like_the_handbook() {
        let t = Timestamp::new(1985, 5, 1, 13, 45, 30).unwrap();
        // 1985-05-01: 5 << 9 | 5 << 5 | 1; 13:45:30: 13 << 11 | 45 << 5 | 15.
        assert_eq!(t.to_fat(), (0x0AA1, 0x6DAF));
        assert_eq!(Timestamp::from_fat(0x0AA1, 0x6DAF), Some(t));
        assert_eq!(Timestamp::from_fat(0, 0), None);
    }

    #[test]
    fn unix_time_converts() {
        assert_eq!(
            Timestamp::from_unix(315_532_800).unwrap(),
            Timestamp::new(1980, 1, 1, 0, 0, 0).unwrap()
        );
        // 2024-02-29 23:59:59 UTC.
        assert_eq!(
            Timestamp::from_unix(1_709_251_199).unwrap(),
            Timestamp::new(2024, 2, 29, 23, 59, 58).unwrap()
        );
        assert!(Timestamp::from_unix(0).is_err());
    }

    #[test]
    fn refuses_impossible_dates() {
        assert!(Timestamp::new(2023, 2, 29, 0, 0, 0).is_err());
        assert!(Timestamp::new(2108, 1, 1, 0, 0, 0).is_err());
        assert!(Timestamp::new(2000, 1, 1, 24, 0, 0).is_err());
        assert!(Timestamp::new(2000, 1, 1, 0, 0, 1).is_err());
    }
}
