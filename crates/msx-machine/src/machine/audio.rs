//! The machine's sound output: the PSG and the cartridges' SCC chips mixed
//! into one mono stream, and the WAV file format to save it.
//!
//! Every source makes sample n from T-states [n·3579545/rate,
//! (n+1)·3579545/rate), so the mixer adds them index by index. At a given
//! moment one source may hold a sample more than another (they synthesise in
//! different steps); only the common prefix is mixed, the rest waits for the
//! next frame (see `docs/devices.md`, PSG).

/// Mixes the sources, keeping what not all of them have produced yet.
#[derive(Clone, Debug, Default)]
pub(crate) struct Mixer {
    /// Per source (0 = PSG, then one per SCC), samples not yet mixed.
    pending: Vec<Vec<f32>>,
    /// The mixed stream, while capturing.
    captured: Vec<f32>,
    capture: bool,
}

impl Mixer {
    pub fn set_capture(&mut self, on: bool) {
        self.capture = on;
    }

    pub fn capturing(&self) -> bool {
        self.capture
    }

    /// Adds the new samples of each source (`sources[i]` for source i) and
    /// mixes the prefix they all have.
    pub fn add(&mut self, sources: Vec<Vec<f32>>) {
        if self.pending.len() < sources.len() {
            self.pending.resize(sources.len(), Vec::new());
        }
        for (pending, new) in self.pending.iter_mut().zip(sources) {
            pending.extend(new);
        }
        let common = self.pending.iter().map(Vec::len).min().unwrap_or(0);
        if self.capture {
            for i in 0..common {
                let sum: f32 = self.pending.iter().map(|p| p[i]).sum();
                self.captured.push(sum);
            }
        }
        for p in &mut self.pending {
            if self.capture {
                p.drain(..common);
            } else {
                // Not capturing, the PSG makes no samples: nothing is kept
                // for a mix that will not happen.
                p.clear();
            }
        }
    }

    /// Samples of each source not yet mixed (part of a save state).
    pub fn pending(&self) -> &[Vec<f32>] {
        &self.pending
    }

    /// Puts a save state's unmixed samples back.
    pub fn set_pending(&mut self, pending: Vec<Vec<f32>>) {
        self.pending = pending;
    }

    pub fn captured(&self) -> &[f32] {
        &self.captured
    }

    pub fn take(&mut self) -> Vec<f32> {
        std::mem::take(&mut self.captured)
    }
}

/// A mono 16-bit PCM WAV file of `samples` (clipped to −1..1) at `rate` Hz:
/// the 44-byte RIFF header, then the data. A RIFF file holds at most 4 GB:
/// longer audio (over 13 hours at 44 100 Hz) is cut there.
pub fn wav_bytes(samples: &[f32], rate: u32) -> Vec<u8> {
    let samples = &samples[..samples.len().min((u32::MAX as usize - 36) / 2)];
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + samples.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes()); // fmt chunk size
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&rate.to_le_bytes());
    out.extend_from_slice(&rate.saturating_mul(2).to_le_bytes()); // bytes per second
    out.extend_from_slice(&2u16.to_le_bytes()); // block align
    out.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for &s in samples {
        let v = (s.clamp(-1.0, 1.0) * 32767.0).round() as i16;
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixes_the_common_prefix() {
        let mut m = Mixer::default();
        m.set_capture(true);
        m.add(vec![vec![0.1, 0.2, 0.3], vec![1.0, 1.0]]);
        assert_eq!(m.captured(), [1.1, 1.2]);
        m.add(vec![vec![0.4], vec![2.0, 2.0]]);
        assert_eq!(m.take(), [1.1, 1.2, 2.3, 2.4]);
    }

    #[test]
    fn nothing_kept_without_capture() {
        let mut m = Mixer::default();
        m.add(vec![vec![0.5; 100]]);
        assert!(m.captured().is_empty());
    }

    #[test]
    fn wav_header() {
        let w = wav_bytes(&[0.0, 1.0, -1.0, 2.0], 44100);
        assert_eq!(w.len(), 44 + 8);
        assert_eq!(&w[0..4], b"RIFF");
        assert_eq!(u32::from_le_bytes(w[4..8].try_into().unwrap()), 44);
        assert_eq!(&w[8..16], b"WAVEfmt ");
        assert_eq!(u32::from_le_bytes(w[24..28].try_into().unwrap()), 44100);
        assert_eq!(u32::from_le_bytes(w[28..32].try_into().unwrap()), 88200);
        assert_eq!(&w[36..40], b"data");
        assert_eq!(u32::from_le_bytes(w[40..44].try_into().unwrap()), 8);
        let s: Vec<i16> = w[44..]
            .chunks(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        assert_eq!(s, [0, 32767, -32767, 32767]);
    }
}
