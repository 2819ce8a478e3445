//! Key presses scheduled at frames, and typing text as key chords.
//!
//! Everything is keyed to the machine's frame counter (frames since power-on),
//! never to host time, so a run with the same schedule is the same run. An
//! event for frame `f` takes effect when frame `f` starts; one for a frame
//! already begun takes effect at the start of the next stretch of emulation
//! (at once, for practical purposes).

use crate::mouse::MouseButton;
use crate::ppi::{chord_for_char, Key};

/// Press or release.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyAction {
    /// The key goes down.
    Press,
    /// The key comes up.
    Release,
}

/// One scheduled change of the keyboard matrix.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyEvent {
    /// Frame (since power-on) at whose start it happens.
    pub frame: u64,
    /// Which key.
    pub key: Key,
    /// What happens to it.
    pub action: KeyAction,
}

/// What happens to the mouse in port 1.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MouseAction {
    /// It moves `dx` to the right and `dy` down (negative: left, up), in
    /// mouse counts.
    Move {
        /// Counts to the right.
        dx: i32,
        /// Counts down.
        dy: i32,
    },
    /// A button goes down.
    Press(MouseButton),
    /// A button comes up.
    Release(MouseButton),
}

/// One scheduled change of the mouse in port 1.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MouseEvent {
    /// Frame (since power-on) at whose start it happens.
    pub frame: u64,
    /// What happens.
    pub action: MouseAction,
}

/// A scheduled input of either kind.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Queued {
    Key(KeyEvent),
    Mouse(MouseEvent),
}

impl Queued {
    fn frame(&self) -> u64 {
        match self {
            Queued::Key(e) => e.frame,
            Queued::Mouse(e) => e.frame,
        }
    }
}

/// How long typed keys are held and released, in frames.
///
/// The BIOS (ours and C-BIOS alike) scans the keyboard matrix on every third
/// VBlank interrupt, so a key must stay down for 3 frames to be seen by one
/// scan whatever the phase, and up for 3 frames so that the release is seen
/// too (two equal letters in a row need it). The default, 3 + 3, types 10
/// characters per second at 60 Hz.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TypingPace {
    /// Frames each chord is held (at least 1).
    pub hold: u64,
    /// Frames with no key down between two chords (at least 1).
    pub release: u64,
}

impl Default for TypingPace {
    fn default() -> Self {
        TypingPace {
            hold: 3,
            release: 3,
        }
    }
}

impl TypingPace {
    /// Frames one character takes.
    pub fn per_char(&self) -> u64 {
        self.hold.max(1) + self.release.max(1)
    }
}

/// A character [`type_events`] cannot type on the international layout
/// (GRAPH and CODE characters, non-ASCII).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("character {0:?} has no key on the MSX international keyboard (GRAPH/CODE characters are not typed)")]
pub struct UntypableChar(pub char);

/// The press/release events that type `text` from frame `start`, and the
/// frame after the last release gap.
pub fn type_events(
    text: &str,
    start: u64,
    pace: TypingPace,
) -> Result<(Vec<KeyEvent>, u64), UntypableChar> {
    let mut events = Vec::new();
    let mut frame = start;
    for c in text.chars() {
        let chord = chord_for_char(c).ok_or(UntypableChar(c))?;
        let up = frame + pace.hold.max(1);
        let keys: &[Key] = if chord.shift {
            &[Key::Shift, chord.key]
        } else {
            &[chord.key]
        };
        for &key in keys {
            events.push(KeyEvent {
                frame,
                key,
                action: KeyAction::Press,
            });
        }
        for &key in keys.iter().rev() {
            events.push(KeyEvent {
                frame: up,
                key,
                action: KeyAction::Release,
            });
        }
        frame = up + pace.release.max(1);
    }
    Ok((events, frame))
}

/// The pending events, in frame order (events of the same frame in the order
/// they were scheduled).
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default)]
pub(crate) struct InputQueue {
    events: std::collections::VecDeque<Queued>,
}

impl InputQueue {
    pub fn push(&mut self, event: KeyEvent) {
        self.push_queued(Queued::Key(event));
    }

    pub fn push_mouse(&mut self, event: MouseEvent) {
        self.push_queued(Queued::Mouse(event));
    }

    fn push_queued(&mut self, event: Queued) {
        let at = self.events.partition_point(|e| e.frame() <= event.frame());
        self.events.insert(at, event);
    }

    /// The frame of the next event, if any.
    #[inline]
    pub fn next_frame(&self) -> Option<u64> {
        self.events.front().map(Queued::frame)
    }

    /// Removes and returns the next event if it is due at `frame`.
    pub fn pop_due(&mut self, frame: u64) -> Option<Queued> {
        if self.next_frame()? <= frame {
            self.events.pop_front()
        } else {
            None
        }
    }

    pub fn len(&self) -> usize {
        self.events.len()
    }

    pub fn clear(&mut self) {
        self.events.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typing_holds_shift_with_the_key() {
        let (events, end) = type_events("aB", 10, TypingPace::default()).unwrap();
        let expected = [
            (10, Key::A, KeyAction::Press),
            (13, Key::A, KeyAction::Release),
            (16, Key::Shift, KeyAction::Press),
            (16, Key::B, KeyAction::Press),
            (19, Key::B, KeyAction::Release),
            (19, Key::Shift, KeyAction::Release),
        ];
        let got: Vec<_> = events.iter().map(|e| (e.frame, e.key, e.action)).collect();
        assert_eq!(got, expected);
        assert_eq!(end, 22);
    }

    #[test]
    fn untypable_characters_are_named() {
        assert_eq!(
            type_events("a\u{e9}", 0, TypingPace::default()).unwrap_err(),
            UntypableChar('\u{e9}')
        );
    }

    #[test]
    fn queue_keeps_frame_order_and_insertion_order() {
        let mut q = InputQueue::default();
        let ev = |frame, key| KeyEvent {
            frame,
            key,
            action: KeyAction::Press,
        };
        q.push(ev(5, Key::B));
        q.push(ev(2, Key::A));
        q.push(ev(5, Key::C));
        assert_eq!(q.pop_due(1), None);
        assert_eq!(
            q.pop_due(4).and_then(|e| match e {
                Queued::Key(k) => Some(k.key),
                Queued::Mouse(_) => None,
            }),
            Some(Key::A)
        );
        assert_eq!(q.pop_due(4), None);
        assert_eq!(
            q.pop_due(9).and_then(|e| match e {
                Queued::Key(k) => Some(k.key),
                Queued::Mouse(_) => None,
            }),
            Some(Key::B)
        );
        assert_eq!(
            q.pop_due(9).and_then(|e| match e {
                Queued::Key(k) => Some(k.key),
                Queued::Mouse(_) => None,
            }),
            Some(Key::C)
        );
        assert_eq!(q.len(), 0);
    }
}
