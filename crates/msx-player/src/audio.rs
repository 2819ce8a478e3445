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
        if let Some(why) = nothing_to_play_on(&HostAudio::probe()) {
            return Err(AlsaError::NoDevice(why));
        }
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

/// What the host says about its sound, read before ALSA is asked: ALSA
/// prints a screenful of configuration errors to stderr when its default
/// device has no card behind it, which a player should not inflict on a
/// user who simply has no sound card (containers, CI, remote X).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HostAudio {
    /// `/proc/asound/cards`, if readable.
    pub cards: Option<String>,
    /// A user or system ALSA configuration exists, or `ALSA_CONFIG_PATH`
    /// names one (it may define a default device without a card, e.g. a
    /// file or network plugin).
    pub alsa_config: bool,
    /// A sound server is reachable (PulseAudio or PipeWire socket, or
    /// `PULSE_SERVER`): ALSA's default may go there without a local card.
    pub sound_server: bool,
}

impl HostAudio {
    /// Looks at the files and variables that decide it.
    pub fn probe() -> HostAudio {
        let exists = |p: &std::path::Path| p.exists();
        let home = std::env::var_os("HOME").map(std::path::PathBuf::from);
        let runtime = std::env::var_os("XDG_RUNTIME_DIR").map(std::path::PathBuf::from);
        HostAudio {
            cards: std::fs::read_to_string("/proc/asound/cards").ok(),
            // ALSA_CONFIG_PATH replaces ALSA's whole configuration.
            alsa_config: std::env::var_os("ALSA_CONFIG_PATH").is_some()
                || exists("/etc/asound.conf".as_ref())
                || home.is_some_and(|h| exists(&h.join(".asoundrc"))),
            sound_server: std::env::var_os("PULSE_SERVER").is_some()
                || runtime.is_some_and(|r| {
                    exists(&r.join("pulse/native")) || exists(&r.join("pipewire-0"))
                }),
        }
    }
}

/// Why ALSA certainly has nothing to play on, or `None` to try it.
pub fn nothing_to_play_on(host: &HostAudio) -> Option<String> {
    if host.alsa_config || host.sound_server {
        return None;
    }
    let no_cards = match &host.cards {
        None => true,
        Some(text) => text.trim().is_empty() || text.contains("no soundcards"),
    };
    no_cards.then(|| "no sound card (/proc/asound/cards lists none) and no sound server".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn when_to_ask_alsa() {
        let none = HostAudio::default();
        assert!(nothing_to_play_on(&none).is_some());
        let empty = HostAudio {
            cards: Some("--- no soundcards ---\n".into()),
            ..HostAudio::default()
        };
        assert!(nothing_to_play_on(&empty).is_some());
        let card = HostAudio {
            cards: Some(" 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n".into()),
            ..HostAudio::default()
        };
        assert_eq!(nothing_to_play_on(&card), None);
        let server = HostAudio {
            sound_server: true,
            ..HostAudio::default()
        };
        assert_eq!(nothing_to_play_on(&server), None);
        let config = HostAudio {
            alsa_config: true,
            ..empty
        };
        assert_eq!(nothing_to_play_on(&config), None);
    }
}
