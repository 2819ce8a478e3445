//! The MSX mouse, as a device in a joystick port.
//!
//! # Protocol (what the MSX sees through PSG R#14 / R#15)
//!
//! The mouse has a counter for each axis. The computer reads it four bits at
//! a time on pins 1–4 (R#14 bits 0–3) and asks for the next four bits by
//! flipping pin 8 (R#15 bit 4 for port 1, bit 5 for port 2):
//!
//! | pin 8 goes | the pins then show |
//! |---|---|
//! | high | X bits 7–4 (the counters are latched and cleared now) |
//! | low  | X bits 3–0 |
//! | high | Y bits 7–4 |
//! | low  | Y bits 3–0 |
//!
//! Each value is a signed byte, the movement since the last latch, **with the
//! sign a real MSX mouse uses: positive is a move to the left (X) or up
//! (Y)** — the counters count the other way from the screen's axes. The BIOS
//! negates them, so that `PAD(13)`/`PAD(14)` are positive to the right and
//! down. (openMSX `Mouse.cc` negates the host's motion before it reaches the
//! counters; the Dutch "muis" article on hansotten.file-hunter.com says of
//! the offsets "deze offsets zijn negatief"; the msx.org wiki's `PAD()` page
//! moves a sprite by `STEP(PAD(13),PAD(14))`.)
//!
//! The MSX2 BIOS reads a second round of four nibbles right after the first
//! (the "alternate cycle"): it tells a trackball from a mouse by the second
//! round's X low nibble (a trackball sends its 4-bit values with an inverted
//! sign bit there). A mouse sends zero movement in that round, as openMSX
//! does, so the BIOS sees a mouse. After 1.5 ms without a flip of pin 8 the
//! mouse starts over at "X bits 7–4 next" (openMSX's timeout), so software
//! that reads only one round still stays in step.
//!
//! Movements larger than a signed byte are handed out over several reads
//! (±127 at a time) instead of wrapping, as openMSX does.
//!
//! The buttons are the trigger lines: left = trigger A (pin 6, R#14 bit 4),
//! right = trigger B (pin 7, bit 5), 0 = pressed.

use serde::{Deserialize, Serialize};

/// Pin 8 flips further apart than this (in CPU T-states: 1.5 ms at
/// 3.579545 MHz) restart the read at the first nibble.
pub const MOUSE_TIMEOUT_TSTATES: u64 = 5_369;

/// Where the mouse is in its read cycle: which nibble the pins show.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    XHigh1,
    XLow1,
    YHigh1,
    YLow1,
    XHigh2,
    XLow2,
    YHigh2,
    /// At rest (pin 8 low): the next rise latches new counters.
    YLow2,
}

/// A left or right mouse button.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MouseButton {
    /// Trigger A.
    Left,
    /// Trigger B.
    Right,
}

/// An MSX mouse (see the module documentation).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Mouse {
    phase: Phase,
    /// The values being sent, in the mouse's sign (positive = left / up).
    sent_x: i8,
    sent_y: i8,
    /// Movement not yet latched, in the mouse's sign.
    pending_x: i32,
    pending_y: i32,
    left: bool,
    right: bool,
    /// T-state of the last write to the port's pin 8.
    last_write: u64,
}

impl Default for Mouse {
    fn default() -> Self {
        Mouse::new()
    }
}

impl Mouse {
    /// A mouse at rest, no button down.
    pub fn new() -> Self {
        Mouse {
            phase: Phase::YLow2,
            sent_x: 0,
            sent_y: 0,
            pending_x: 0,
            pending_y: 0,
            left: false,
            right: false,
            last_write: 0,
        }
    }

    /// The mouse moves `dx` to the right and `dy` down (screen directions;
    /// the counters store the opposite, see the module documentation).
    pub fn move_by(&mut self, dx: i32, dy: i32) {
        self.pending_x = self.pending_x.saturating_sub(dx);
        self.pending_y = self.pending_y.saturating_sub(dy);
    }

    /// A button goes down (`true`) or up.
    pub fn set_button(&mut self, button: MouseButton, down: bool) {
        match button {
            MouseButton::Left => self.left = down,
            MouseButton::Right => self.right = down,
        }
    }

    /// Whether a button is down.
    pub fn button(&self, button: MouseButton) -> bool {
        match button {
            MouseButton::Left => self.left,
            MouseButton::Right => self.right,
        }
    }

    /// Movement not yet read by the computer, in screen directions.
    pub fn pending(&self) -> (i32, i32) {
        (-self.pending_x, -self.pending_y)
    }

    /// The port's output pins changed at T-state `now`: bit 2 is pin 8
    /// (the layout of `Psg::joystick_outputs`).
    pub fn write(&mut self, outputs: u8, now: u64) {
        let pin8 = outputs & 0x04 != 0;
        if now.saturating_sub(self.last_write) > MOUSE_TIMEOUT_TSTATES {
            self.phase = Phase::YLow2;
        }
        self.last_write = now;
        use Phase::*;
        // XHigh/YHigh wait for pin 8 low, XLow/YLow for pin 8 high; writes
        // that leave pin 8 as it is change nothing.
        self.phase = match (self.phase, pin8) {
            (XHigh1, false) => XLow1,
            (XLow1, true) => YHigh1,
            (YHigh1, false) => YLow1,
            (YLow1, true) => {
                // The alternate round sends no movement (mouse, not trackball).
                self.sent_x = 0;
                self.sent_y = 0;
                XHigh2
            }
            (XHigh2, false) => XLow2,
            (XLow2, true) => YHigh2,
            (YHigh2, false) => YLow2,
            (YLow2, true) => {
                self.sent_x = self.pending_x.clamp(-127, 127) as i8;
                self.sent_y = self.pending_y.clamp(-127, 127) as i8;
                self.pending_x -= i32::from(self.sent_x);
                self.pending_y -= i32::from(self.sent_y);
                XHigh1
            }
            (same, _) => same,
        };
    }

    /// The pins as R#14 reads them (bits 0–3 pins 1–4, bit 4 trigger A,
    /// bit 5 trigger B; 0 = active).
    pub fn read(&self) -> u8 {
        use Phase::*;
        let x = self.sent_x as u8;
        let y = self.sent_y as u8;
        let nibble = match self.phase {
            XHigh1 | XHigh2 => x >> 4,
            XLow1 | XLow2 => x & 0x0F,
            YHigh1 | YHigh2 => y >> 4,
            YLow1 | YLow2 => y & 0x0F,
        };
        let buttons = if self.left { 0 } else { 0x10 } | if self.right { 0 } else { 0x20 };
        nibble | buttons
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads one round the way a program does: pin 8 high, low, high, low,
    /// a nibble after each flip.
    fn round(m: &mut Mouse, t: &mut u64) -> [u8; 4] {
        let mut out = [0; 4];
        for (i, pin8) in [true, false, true, false].into_iter().enumerate() {
            *t += 100;
            m.write(if pin8 { 4 } else { 0 }, *t);
            out[i] = m.read() & 0x0F;
        }
        out
    }

    #[test]
    fn nibbles_carry_the_negated_movement() {
        let mut m = Mouse::new();
        let mut t = 10_000;
        m.move_by(5, -3);
        // X = -5 = 0xFB, Y = +3 = 0x03.
        assert_eq!(round(&mut m, &mut t), [0xF, 0xB, 0x0, 0x3]);
        // The alternate round: nothing.
        assert_eq!(round(&mut m, &mut t), [0, 0, 0, 0]);
        // Latched and cleared.
        assert_eq!(round(&mut m, &mut t), [0, 0, 0, 0]);
    }

    #[test]
    fn big_moves_come_in_pieces_of_127() {
        let mut m = Mouse::new();
        let mut t = 10_000;
        m.move_by(-200, 0);
        assert_eq!(round(&mut m, &mut t), [0x7, 0xF, 0, 0]);
        round(&mut m, &mut t);
        // 73 = 0x49.
        assert_eq!(round(&mut m, &mut t), [0x4, 0x9, 0, 0]);
    }

    #[test]
    fn a_pause_restarts_the_round() {
        let mut m = Mouse::new();
        let mut t = 10_000;
        m.move_by(1, 0);
        t += 100;
        m.write(4, t); // X high: latched
        t += 100;
        m.write(0, t); // X low
                       // Long pause, then pin 8 high again: a new first round.
        m.move_by(2, 0);
        t += MOUSE_TIMEOUT_TSTATES + 1;
        m.write(4, t);
        assert_eq!(m.read() & 0x0F, 0xF); // -2 = 0xFE: high nibble F
        t += 100;
        m.write(0, t);
        assert_eq!(m.read() & 0x0F, 0xE);
    }

    #[test]
    fn buttons_are_active_low_triggers() {
        let mut m = Mouse::new();
        assert_eq!(m.read() & 0x30, 0x30);
        m.set_button(MouseButton::Left, true);
        assert_eq!(m.read() & 0x30, 0x20);
        m.set_button(MouseButton::Right, true);
        m.set_button(MouseButton::Left, false);
        assert_eq!(m.read() & 0x30, 0x10);
    }
}
