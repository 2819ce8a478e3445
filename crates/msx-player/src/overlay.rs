//! The on-screen message line: one short text at the bottom of the
//! picture, shown for a few seconds ("STATE 1 SAVED", "PAUSED"…).
//!
//! Drawn into the window's buffer after the MSX picture is scaled, so the
//! text stays sharp whatever the scale, and the MSX frame itself (what
//! screenshots save) never contains it.

use crate::font::{glyph, GLYPH_H, GLYPH_W};
use crate::scale::Viewport;
use std::time::{Duration, Instant};

/// How long a message stays.
pub const MESSAGE_TIME: Duration = Duration::from_secs(3);

/// Ink and paper of the message line.
const INK: u32 = 0x00FF_FFFF;
const PAPER: u32 = 0x0020_2020;

/// The message shown now, if any.
#[derive(Clone, Debug, Default)]
pub struct MessageLine {
    text: String,
    /// `None`: stays until replaced or cleared (e.g. "PAUSED").
    until: Option<Instant>,
    shown: bool,
}

impl MessageLine {
    /// Shows `text` for [`MESSAGE_TIME`] from `now`.
    pub fn show(&mut self, text: impl Into<String>, now: Instant) {
        self.text = text.into();
        self.until = Some(now + MESSAGE_TIME);
        self.shown = true;
    }

    /// Shows `text` until replaced or cleared.
    pub fn show_sticky(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.until = None;
        self.shown = true;
    }

    /// Removes the message.
    pub fn clear(&mut self) {
        self.shown = false;
    }

    /// The text to draw at `now`.
    pub fn current(&self, now: Instant) -> Option<&str> {
        match self.until {
            _ if !self.shown => None,
            Some(until) if now >= until => None,
            _ => Some(&self.text),
        }
    }

    /// When the message disappears (to redraw then).
    pub fn expires(&self) -> Option<Instant> {
        self.until.filter(|_| self.shown)
    }
}

/// Pixel size of one font pixel for a picture of `vp`'s height: the
/// message line is 1/30 of the picture, as the MSX's own text would be.
pub fn text_scale(vp: Viewport) -> usize {
    (vp.h as usize / 240).max(1)
}

/// Draws `text` on a band at the bottom of `vp` in `out` (`out_w` wide),
/// clipped to the viewport: as many characters as fit.
pub fn draw_message(text: &str, vp: Viewport, out: &mut [u32], out_w: u32) {
    let out_w = out_w as usize;
    if out_w == 0 {
        return;
    }
    let out_h = out.len() / out_w;
    let s = text_scale(vp);
    let pad = s;
    let band_h = (GLYPH_H + 2) * s;
    let (vx, vw) = (vp.x as usize, vp.w as usize);
    let right = (vx + vw).min(out_w);
    let bottom = (vp.y as usize + vp.h as usize).min(out_h);
    if bottom < band_h || right <= vx {
        return;
    }
    let top = bottom - band_h;
    for row in out[top * out_w..bottom * out_w].chunks_exact_mut(out_w) {
        row[vx..right].fill(PAPER);
    }
    let advance = (GLYPH_W + 1) * s;
    let mut x = vx + pad;
    for c in text.chars() {
        if x + GLYPH_W * s > right {
            break;
        }
        for (gy, bits) in glyph(c).iter().enumerate() {
            for gx in 0..GLYPH_W {
                if bits & (0x10 >> gx) == 0 {
                    continue;
                }
                for py in 0..s {
                    let y = top + s + gy * s + py;
                    let start = y * out_w + x + gx * s;
                    out[start..start + s].fill(INK);
                }
            }
        }
        x += advance;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_expire() {
        let t0 = Instant::now();
        let mut m = MessageLine::default();
        assert_eq!(m.current(t0), None);
        m.show("SAVED", t0);
        assert_eq!(m.current(t0 + Duration::from_secs(2)), Some("SAVED"));
        assert_eq!(m.current(t0 + MESSAGE_TIME), None);
        assert_eq!(m.expires(), Some(t0 + MESSAGE_TIME));
        m.show_sticky("PAUSED");
        assert_eq!(m.current(t0 + Duration::from_secs(3600)), Some("PAUSED"));
        assert_eq!(m.expires(), None);
        m.clear();
        assert_eq!(m.current(t0), None);
    }

    #[test]
    fn draws_glyphs_at_the_bottom() {
        let vp = Viewport {
            x: 0,
            y: 0,
            w: 320,
            h: 240,
        };
        let mut out = vec![0u32; 320 * 240];
        draw_message("L", vp, &mut out, 320);
        let at = |x: usize, y: usize| out[y * 320 + x];
        // Band of 9 rows at the bottom, glyph from (1, 232).
        assert_eq!(at(100, 230), 0);
        assert_eq!(at(100, 231), PAPER);
        // 'L': the left column is ink on all 7 rows, the bottom row too.
        for y in 232..239 {
            assert_eq!(at(1, y), INK, "row {y}");
        }
        for x in 1..6 {
            assert_eq!(at(x, 238), INK);
        }
        assert_eq!(at(2, 232), PAPER);
        assert_eq!(at(0, 239), PAPER);
    }

    #[test]
    fn scales_with_the_picture_and_clips() {
        let vp = Viewport {
            x: 10,
            y: 5,
            w: 640,
            h: 480,
        };
        let mut out = vec![0u32; 660 * 490];
        draw_message(&"W".repeat(500), vp, &mut out, 660);
        // 2× pixels: band is 18 rows above the viewport's bottom (y 485).
        assert_eq!(out[466 * 660 + 300], 0);
        assert_eq!(out[467 * 660 + 300], PAPER);
        // Nothing outside the viewport.
        assert!(out[467 * 660 + 650..468 * 660].iter().all(|&p| p == 0));
        assert!(out[467 * 660..467 * 660 + 10].iter().all(|&p| p == 0));
        // A buffer too small for anything is left alone.
        let mut tiny = vec![0u32; 4];
        draw_message("X", vp, &mut tiny, 2);
        assert_eq!(tiny, [0; 4]);
    }
}
