//! Running at the real MSX speed: when to emulate the next frame.
//!
//! Two clocks can lead. With sound, the sound card's: a frame is emulated
//! whenever the queue of samples waiting for the card falls below a target,
//! so the emulation produces exactly what the card plays, picture and sound
//! stay together and neither drifts. Without sound, the wall clock: the
//! emulated T-states since a starting moment say when each frame is due
//! (59 736 T-states is a 59.92 Hz NTSC frame, 71 364 a 50.16 Hz PAL one,
//! whatever mode the program chose), computed from the total so rounding
//! never accumulates.

use msx_machine::machine::CPU_HZ;
use std::time::{Duration, Instant};

/// The real time `t_states` CPU cycles take.
pub fn cycles_to_duration(t_states: u64) -> Duration {
    let nanos = u128::from(t_states) * 1_000_000_000 / u128::from(CPU_HZ);
    Duration::from_nanos(u64::try_from(nanos).unwrap_or(u64::MAX))
}

/// How far behind the clock the emulation may fall before it stops trying
/// to catch up (a slow host, a dragged window, a debugger): it then
/// continues at real speed from now rather than racing.
pub const MAX_LAG: Duration = Duration::from_millis(100);

/// How far ahead of the wall clock an audio-paced emulation may run. A
/// sound card's crystal differs from the host clock by some parts per
/// million; a second of slack takes hours of play to use up.
pub const MAX_AHEAD: Duration = Duration::from_secs(1);

/// Most frames emulated in one go to catch up, so the window keeps
/// responding on a host that is too slow.
pub const MAX_CATCH_UP_FRAMES: u32 = 4;

/// The wall-clock pacer: T-states run since `origin` → when they are due.
#[derive(Clone, Debug)]
pub struct ClockPacer {
    origin: Instant,
    cycles: u64,
}

impl ClockPacer {
    /// Starts counting at `now`.
    pub fn new(now: Instant) -> ClockPacer {
        ClockPacer {
            origin: now,
            cycles: 0,
        }
    }

    /// Counts `t_states` more emulated cycles.
    pub fn advance(&mut self, t_states: u64) {
        self.cycles += t_states;
    }

    /// When the emulation so far is due in real time (the next frame may
    /// start then).
    pub fn deadline(&self) -> Instant {
        self.origin + cycles_to_duration(self.cycles)
    }

    /// Whether the next frame is due at `now`; if the emulation lags more
    /// than [`MAX_LAG`], it is due and the clock restarts at `now`.
    pub fn due(&mut self, now: Instant) -> bool {
        let deadline = self.deadline();
        if now >= deadline + MAX_LAG {
            self.restart(now);
            return true;
        }
        now >= deadline
    }

    /// How far the emulation is ahead of the wall clock at `now` (zero if
    /// it is behind; far behind, the clock restarts at `now` as in
    /// [`ClockPacer::due`]). With sound, the card leads, and this only
    /// guards against a device that has no clock of its own (ALSA's `null`
    /// and `file` outputs accept samples as fast as they come): the
    /// emulation may not run more than [`MAX_AHEAD`] ahead of real time.
    pub fn ahead(&mut self, now: Instant) -> Duration {
        let deadline = self.deadline();
        if now >= deadline + MAX_LAG {
            self.restart(now);
        }
        self.deadline().saturating_duration_since(now)
    }

    /// Counts from `now` again (after a pause).
    pub fn restart(&mut self, now: Instant) {
        self.origin = now;
        self.cycles = 0;
    }
}

/// What the audio-locked pacer wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AudioPace {
    /// Emulate a frame now.
    Run,
    /// Enough sound is queued: check again after this long.
    Wait(Duration),
}

/// Samples to keep queued ahead of the card: enough to ride out a late
/// frame, few enough that a key press is heard promptly.
pub fn audio_target(rate: u32) -> usize {
    (rate as usize * 40) / 1000
}

/// Decides from the number of samples queued.
pub fn audio_pace(queued: usize, target: usize, rate: u32) -> AudioPace {
    if queued < target || rate == 0 {
        AudioPace::Run
    } else {
        let excess = (queued - target + 1) as u64;
        AudioPace::Wait(Duration::from_nanos(
            excess * 1_000_000_000 / u64::from(rate),
        ))
    }
}

/// The samples one frame of `t_states` produces at `rate` (fractional: the
/// machine carries the remainder over).
pub fn samples_per_frame(t_states: u64, rate: u32) -> f64 {
    t_states as f64 * f64::from(rate) / CPU_HZ as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    const NTSC_FRAME: u64 = 59_736;
    const PAL_FRAME: u64 = 71_364;

    #[test]
    fn frame_lengths() {
        let ntsc = cycles_to_duration(NTSC_FRAME);
        assert_eq!(ntsc.as_nanos(), 16_688_154); // 59.92 Hz
        let pal = cycles_to_duration(PAL_FRAME);
        assert_eq!(pal.as_nanos(), 19_936_612); // 50.16 Hz
        assert_eq!(cycles_to_duration(CPU_HZ), Duration::from_secs(1));
    }

    #[test]
    fn no_drift_over_an_hour() {
        let t0 = Instant::now();
        let mut p = ClockPacer::new(t0);
        let frames = 3600 * 60;
        for _ in 0..frames {
            p.advance(NTSC_FRAME);
        }
        let expected = Duration::from_nanos(frames * NTSC_FRAME * 1_000_000_000 / CPU_HZ);
        let got = p.deadline() - t0;
        assert!(got.abs_diff(expected) < Duration::from_micros(1), "{got:?}");
    }

    #[test]
    fn due_and_lag() {
        let t0 = Instant::now();
        let mut p = ClockPacer::new(t0);
        assert!(p.due(t0));
        p.advance(NTSC_FRAME);
        assert!(!p.due(t0 + Duration::from_millis(16)));
        assert!(p.due(t0 + Duration::from_millis(17)));
        // Far behind: due, and the clock restarts instead of racing.
        let late = t0 + Duration::from_secs(5);
        assert!(p.due(late));
        assert_eq!(p.deadline(), late);
    }

    #[test]
    fn ahead_of_the_clock() {
        let t0 = Instant::now();
        let mut p = ClockPacer::new(t0);
        p.advance(CPU_HZ); // one second of emulation at once
        assert_eq!(p.ahead(t0), Duration::from_secs(1));
        assert_eq!(
            p.ahead(t0 + Duration::from_millis(400)),
            Duration::from_millis(600)
        );
        assert_eq!(p.ahead(t0 + Duration::from_millis(1050)), Duration::ZERO);
        // Far behind: restarts, so being ahead is measured from now on.
        let late = t0 + Duration::from_secs(10);
        assert_eq!(p.ahead(late), Duration::ZERO);
        p.advance(2 * CPU_HZ);
        assert_eq!(p.ahead(late), Duration::from_secs(2));
    }

    #[test]
    fn audio_decisions() {
        assert_eq!(audio_target(44_100), 1764);
        assert_eq!(audio_pace(0, 1764, 44_100), AudioPace::Run);
        assert_eq!(audio_pace(1763, 1764, 44_100), AudioPace::Run);
        match audio_pace(1764 + 440, 1764, 44_100) {
            AudioPace::Wait(d) => assert_eq!(d.as_micros(), 10_000),
            other => panic!("{other:?}"),
        }
        assert_eq!(audio_pace(5, 0, 0), AudioPace::Run);
    }

    #[test]
    fn samples_in_a_frame() {
        let n = samples_per_frame(NTSC_FRAME, 44_100);
        assert!((n - 735.95).abs() < 0.01, "{n}");
    }
}
