//! The sample queue between the emulation (producer, one frame of samples
//! at a time) and the audio thread (consumer, one device period at a time).
//!
//! A bounded ring under a mutex: the lock is taken twice per frame by the
//! producer side and a few hundred times a second by the consumer, for a
//! `memcpy` each, so there is no contention worth a lock-free design, and
//! no `unsafe`.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};

/// A bounded queue of 16-bit samples, shared by cloning.
#[derive(Clone, Debug)]
pub struct SampleRing {
    inner: Arc<Mutex<VecDeque<i16>>>,
    capacity: usize,
}

impl SampleRing {
    /// A ring holding at most `capacity` samples.
    pub fn new(capacity: usize) -> SampleRing {
        SampleRing {
            inner: Arc::new(Mutex::new(VecDeque::with_capacity(capacity))),
            capacity,
        }
    }

    fn lock(&self) -> MutexGuard<'_, VecDeque<i16>> {
        // A panic on the other side must not take the sound down with it:
        // the samples are plain data, always valid.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Appends `samples`; what does not fit is dropped (the newest, so what
    /// is already queued plays without a jump). Returns how many were kept.
    pub fn push(&self, samples: &[i16]) -> usize {
        let mut q = self.lock();
        let room = self.capacity.saturating_sub(q.len());
        let n = room.min(samples.len());
        q.extend(&samples[..n]);
        n
    }

    /// Moves up to `out.len()` samples into `out`; returns how many.
    pub fn pop_into(&self, out: &mut [i16]) -> usize {
        let mut q = self.lock();
        let n = q.len().min(out.len());
        for (o, s) in out.iter_mut().zip(q.drain(..n)) {
            *o = s;
        }
        n
    }

    /// Samples waiting.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether nothing waits.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Drops everything waiting (pause, warp, reset: stale sound would
    /// play late).
    pub fn clear(&self) {
        self.lock().clear();
    }

    /// The most samples it holds.
    pub fn capacity(&self) -> usize {
        self.capacity
    }
}

/// The machine's mixed samples (−1..1, PSG plus SCCs) as 16-bit PCM with
/// headroom: the mix can exceed 1 with several chips, so it is scaled and
/// clipped rather than wrapped.
pub fn to_pcm(samples: &[f32], gain: f32) -> Vec<i16> {
    samples
        .iter()
        .map(|&s| ((s * gain).clamp(-1.0, 1.0) * 32767.0).round() as i16)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fifo_order_and_bounds() {
        let r = SampleRing::new(4);
        assert_eq!(r.push(&[1, 2, 3]), 3);
        assert_eq!(r.push(&[4, 5, 6]), 1);
        assert_eq!(r.len(), 4);
        let mut out = [0; 3];
        assert_eq!(r.pop_into(&mut out), 3);
        assert_eq!(out, [1, 2, 3]);
        assert_eq!(r.push(&[7]), 1);
        let mut out = [0; 8];
        assert_eq!(r.pop_into(&mut out), 2);
        assert_eq!(&out[..2], [4, 7]);
        assert!(r.is_empty());
        assert_eq!(r.pop_into(&mut out), 0);
    }

    #[test]
    fn shared_between_threads() {
        let r = SampleRing::new(100_000);
        let consumer = r.clone();
        let t = std::thread::spawn(move || {
            let mut got = Vec::new();
            let mut buf = [0; 97];
            while got.len() < 50_000 {
                let n = consumer.pop_into(&mut buf);
                got.extend_from_slice(&buf[..n]);
                if n == 0 {
                    std::thread::yield_now();
                }
            }
            got
        });
        let all: Vec<i16> = (0..50_000).map(|i| (i % 30_000) as i16).collect();
        for chunk in all.chunks(735) {
            r.push(chunk);
        }
        assert_eq!(t.join().unwrap(), all);
    }

    #[test]
    fn clear_and_capacity() {
        let r = SampleRing::new(10);
        r.push(&[1; 5]);
        r.clear();
        assert!(r.is_empty());
        assert_eq!(r.capacity(), 10);
    }

    #[test]
    fn pcm_conversion_clips() {
        assert_eq!(
            to_pcm(&[0.0, 0.5, 1.0, -1.0, 3.0, -3.0], 1.0),
            [0, 16384, 32767, -32767, 32767, -32767]
        );
        assert_eq!(to_pcm(&[1.0], 0.5), [16384]);
    }
}
