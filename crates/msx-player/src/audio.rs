//! The sound output: a thread that moves samples from the [`SampleRing`]
//! to the sound card, and says so if it cannot.

use crate::alsa::{AlsaError, AlsaPcm};
use crate::ring::SampleRing;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread::JoinHandle;
use std::time::Duration;

/// Device buffer: small enough for prompt sound, large enough that a busy
/// host does not underrun.
const DEVICE_LATENCY_US: u32 = 50_000;

/// A running sound output. Dropping it stops the thread.
pub struct AudioOutput {
    ring: SampleRing,
    rate: u32,
    stop: Arc<AtomicBool>,
    alive: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl AudioOutput {
    /// Opens the default ALSA device at `rate` Hz on a thread of its own.
    pub fn start(rate: u32) -> Result<AudioOutput, AlsaError> {
        // Half a second of room: the pacer keeps it near 40 ms; the rest
        // only matters if the device stalls.
        let ring = SampleRing::new(rate as usize / 2);
        let stop = Arc::new(AtomicBool::new(false));
        let alive = Arc::new(AtomicBool::new(true));
        let (opened_tx, opened_rx) = mpsc::channel();
        let thread = {
            let (ring, stop, alive) = (ring.clone(), stop.clone(), alive.clone());
            std::thread::Builder::new()
                .name("msx-audio".into())
                .spawn(move || {
                    // Opened here: ALSA's handle stays on this thread.
                    let pcm = match AlsaPcm::open(rate, DEVICE_LATENCY_US) {
                        Ok(pcm) => {
                            let _ = opened_tx.send(Ok(()));
                            pcm
                        }
                        Err(e) => {
                            alive.store(false, Ordering::Relaxed);
                            let _ = opened_tx.send(Err(e));
                            return;
                        }
                    };
                    feed(pcm, &ring, &stop, rate);
                    alive.store(false, Ordering::Relaxed);
                })
                .map_err(|e| AlsaError::Library(format!("cannot start the audio thread: {e}")))?
        };
        let opened = opened_rx
            .recv()
            .unwrap_or_else(|_| Err(AlsaError::Library("the audio thread ended".into())));
        match opened {
            Ok(()) => Ok(AudioOutput {
                ring,
                rate,
                stop,
                alive,
                thread: Some(thread),
            }),
            Err(e) => {
                let _ = thread.join();
                Err(e)
            }
        }
    }

    /// Where to put samples.
    pub fn ring(&self) -> &SampleRing {
        &self.ring
    }

    /// The device's sample rate.
    pub fn rate(&self) -> u32 {
        self.rate
    }

    /// False once playback failed for good (the player then paces by the
    /// clock).
    pub fn is_alive(&self) -> bool {
        self.alive.load(Ordering::Relaxed)
    }
}

impl Drop for AudioOutput {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The thread's loop: one period (10 ms) at a time from the ring, silence
/// when it is empty so the device never starves into an underrun (the
/// silence is bounded by the device buffer, since writes block when full).
fn feed(mut pcm: AlsaPcm, ring: &SampleRing, stop: &AtomicBool, rate: u32) {
    let period = (rate as usize / 100).max(64);
    let mut buf = vec![0i16; period];
    let mut idle = false;
    while !stop.load(Ordering::Relaxed) {
        let n = ring.pop_into(&mut buf);
        let chunk = if n > 0 {
            idle = false;
            &buf[..n]
        } else if !idle {
            // The emulator may be a moment late: give it a little time
            // before playing silence.
            idle = true;
            std::thread::sleep(Duration::from_millis(3));
            continue;
        } else {
            buf[..period / 2].fill(0);
            &buf[..period / 2]
        };
        let silence = n == 0;
        if pcm.write(chunk).is_err() {
            return;
        }
        if silence {
            // A device without a clock of its own takes silence as fast as
            // it comes: never make it faster than real time.
            std::thread::sleep(Duration::from_secs_f64(
                chunk.len() as f64 / f64::from(rate),
            ));
        }
    }
}
