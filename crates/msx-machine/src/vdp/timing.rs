//! Frame and line timing, in VDP clock ticks (21.477 MHz, 6 per CPU T-state).
//!
//! The model is openMSX's (`VDP.cc` `scheduleDisplayStart`, `scheduleHScan`,
//! `getHR`, `peekStatusReg`): a frame starts with 3 sync and 13 top-erase
//! lines, then the top border (9 lines NTSC, 36 PAL, 10 more in 192-line
//! mode), shifted by the vertical set-adjust of R#18; then the 192/212
//! display lines; the rest is bottom border and erase. Within a line the
//! 256 display pixels start 258 ticks after the line start (4 ticks a pixel).

/// VDP ticks per CPU T-state.
pub const TICKS_PER_CPU_CYCLE: u64 = 6;
/// VDP ticks per line (= 228 CPU T-states).
pub const TICKS_PER_LINE: u32 = 1368;
/// Lines per NTSC frame.
pub const NTSC_LINES: u32 = 262;
/// Lines per PAL frame.
pub const PAL_LINES: u32 = 313;

/// Where the VDP starts the left border of a line (VR flips here).
const LEFT_BORDER_START: u32 = 100 + 102;
/// Ticks from line start to pixel 0 of a 256-pixel mode, neutral adjust.
pub const LEFT_SPRITES_NEUTRAL: u32 = 258;
/// Where in a line this emulator renders the whole line: the middle of the
/// display area, so a register written by a line-interrupt handler (which
/// runs early in the next line) shows from that next line on.
pub const RENDER_POINT: u32 = LEFT_SPRITES_NEUTRAL + 512;

/// Register-derived timing facts for one moment of a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// PAL (313 lines) rather than NTSC (262).
    pub pal: bool,
    /// 212 display lines rather than 192.
    pub lines212: bool,
    /// Vertical set-adjust, 0..15, 7 = neutral.
    pub v_adjust: i32,
    /// Horizontal set-adjust, 0..15, 7 = neutral.
    pub h_adjust: i32,
    /// A text mode (narrower display, different HR length).
    pub text: bool,
}

impl Geometry {
    /// Lines in a frame.
    pub fn lines_per_frame(&self) -> u32 {
        if self.pal {
            PAL_LINES
        } else {
            NTSC_LINES
        }
    }

    /// VDP ticks in a frame.
    pub fn ticks_per_frame(&self) -> u32 {
        self.lines_per_frame() * TICKS_PER_LINE
    }

    /// Number of display lines.
    pub fn display_lines(&self) -> u32 {
        if self.lines212 {
            212
        } else {
            192
        }
    }

    /// The absolute line (from frame start) of display line 0.
    pub fn line_zero(&self) -> u32 {
        let top = 3 + 13 + if self.pal { 36 } else { 9 } + if self.lines212 { 0 } else { 10 };
        (top + self.v_adjust) as u32
    }

    /// Tick in the frame where the display area starts.
    pub fn display_start(&self) -> u32 {
        self.line_zero() * TICKS_PER_LINE + LEFT_BORDER_START
    }

    /// Tick in the frame where the display ends: VSCAN, F flag, VBlank IRQ.
    pub fn display_end(&self) -> u32 {
        self.display_start() + self.display_lines() * TICKS_PER_LINE
    }

    /// Ticks from line start to display pixel 0 (the sprite plane origin).
    pub fn left_sprites(&self) -> u32 {
        let text = if self.text { 9 * 4 } else { 0 };
        (LEFT_SPRITES_NEUTRAL as i32 + (self.h_adjust - 7) * 4 + text) as u32
    }

    /// Ticks from line start to the right border.
    pub fn right_border(&self) -> u32 {
        self.left_sprites() + if self.text { 960 } else { 1024 }
    }

    /// The tick in the frame at which the line interrupt for R#19 fires (the
    /// start of the right border of the matching line), or `None` when the
    /// line counter never reaches it (openMSX: it wraps into the next frame
    /// only as far as the counter reset a few lines into the frame).
    pub fn hscan(&self, r19: u8, r23: u8) -> Option<u32> {
        let line = u32::from(r19.wrapping_sub(r23));
        let mut offset =
            self.display_start() - LEFT_BORDER_START + line * TICKS_PER_LINE + self.right_border();
        if offset >= self.ticks_per_frame() {
            offset -= self.ticks_per_frame();
            let reset = (8 + self.v_adjust) as u32 * TICKS_PER_LINE;
            if offset >= reset {
                return None;
            }
        }
        Some(offset)
    }

    /// S#2 VR: outside the display lines (it drops one line before the
    /// display starts, as openMSX measured). The definition [`Beam`] is
    /// tested against.
    #[cfg(test)]
    pub fn vr(&self, tick: u32) -> bool {
        tick + TICKS_PER_LINE < self.display_start() || tick >= self.display_end()
    }

    /// S#2 HR: in the horizontal border/blanking part of any line. The
    /// definition [`Beam`] is tested against.
    #[cfg(test)]
    pub fn hr(&self, tick: u32) -> bool {
        let len = if self.text { 404 } else { 312 };
        (tick + TICKS_PER_LINE - self.right_border()) % TICKS_PER_LINE < len
    }

    /// The S#2 VR/HR positions of this geometry, for [`Beam::bits`].
    pub fn beam(&self) -> Beam {
        Beam {
            // display_start is at least 25 lines into the frame.
            vr_from: self.display_start() - TICKS_PER_LINE,
            vr_to: self.display_end(),
            hr_shift: TICKS_PER_LINE - self.right_border(),
            hr_len: if self.text { 404 } else { 312 },
        }
    }

    /// S#1 FH when line interrupts are disabled: true while the beam is in
    /// the part of the matching line from its right border to the next left
    /// border (openMSX `peekStatusReg`).
    pub fn fh_polled(&self, tick: u32, r19: u8, r23: u8) -> bool {
        let Some(offset) = self.hscan(r19, r23) else {
            return false;
        };
        let mut after = tick as i64 - offset as i64;
        if after < 0 {
            after += self.ticks_per_frame() as i64;
        }
        let len = if self.text { 87 } else { 59 } + 27 + 100 + 102;
        (0..len).contains(&after)
    }
}

/// What the event loop and the status reads need of the registers, worked
/// out once when one of them changes (see `Vdp::plan`) instead of at every
/// line and every access.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// [`Geometry::ticks_per_frame`].
    pub ticks_per_frame: u32,
    /// [`Geometry::lines_per_frame`].
    pub lines_per_frame: u32,
    /// The first display line and the line after the last.
    pub display_first: u32,
    pub display_stop: u32,
    /// [`Geometry::display_end`]: VSCAN, F, the VBlank interrupt.
    pub display_end: u32,
    /// The line interrupt's tick when IE1 is set and the line is reached.
    pub hscan: Option<u32>,
    /// The command engine's speed ([`super::COSTS`] column) in a border
    /// line and in a display line.
    pub speed_border: usize,
    pub speed_display: usize,
    /// S#2's VR/HR positions.
    pub beam: Beam,
    /// The absolute line drawn as the frame's row 0.
    pub first_visible: u32,
    /// Display enabled (R#1 BL).
    pub display_on: bool,
    /// The mode has sprites and R#8 does not switch them off.
    pub sprites_on: bool,
    /// Where the display pixels start in a drawn row, in 256-mode pixels
    /// from the neutral position (horizontal adjust, text modes' margin).
    pub x_shift: i32,
    /// The CPU's VRAM accesses use the planar mapping (G6/G7).
    pub planar: bool,
    /// The address counter carries into R#14 (the V9938 modes).
    pub v9938: bool,
}

impl Plan {
    /// The command engine's speed at `tick` of the frame.
    #[inline]
    pub fn cmd_speed(&self, tick: u32) -> usize {
        let line = tick / TICKS_PER_LINE;
        if line >= self.display_first && line < self.display_stop {
            self.speed_display
        } else {
            self.speed_border
        }
    }
}

/// S#2's beam bits for one [`Geometry`], worked out once: a polling loop
/// reads S#2 thousands of times per frame, and the geometry changes only
/// with R#0/R#1 (text mode), R#9 (LN), R#18 (adjust) and at a frame start
/// (NT). Same answers as [`Geometry::vr`] and [`Geometry::hr`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Beam {
    /// VR is clear from here (one line before the display starts)...
    vr_from: u32,
    /// ...up to here (the display end).
    vr_to: u32,
    /// Ticks from the right border to the next line start.
    hr_shift: u32,
    /// Ticks of HR from the right border on.
    hr_len: u32,
}

impl Beam {
    /// VR (0x40) and HR (0x20) at `tick` of the frame.
    #[inline]
    pub fn bits(&self, tick: u32) -> u8 {
        let vr = tick < self.vr_from || tick >= self.vr_to;
        let hr = (tick + self.hr_shift) % TICKS_PER_LINE < self.hr_len;
        (u8::from(vr) << 6) | (u8::from(hr) << 5)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ntsc212() -> Geometry {
        Geometry {
            pal: false,
            lines212: true,
            v_adjust: 7,
            h_adjust: 7,
            text: false,
        }
    }

    #[test]
    fn frame_lengths_in_cpu_cycles() {
        let g = ntsc212();
        // 262 lines of 228 T-states.
        assert_eq!(g.ticks_per_frame() as u64 / TICKS_PER_CPU_CYCLE, 262 * 228);
        let p = Geometry { pal: true, ..g };
        assert_eq!(p.ticks_per_frame() as u64 / TICKS_PER_CPU_CYCLE, 313 * 228);
    }

    #[test]
    fn display_area_position() {
        let g = ntsc212();
        // 3 sync + 13 erase + 9 border + neutral adjust 7.
        assert_eq!(g.line_zero(), 32);
        let g192 = Geometry {
            lines212: false,
            ..g
        };
        assert_eq!(g192.line_zero(), 42);
        // VBlank interrupt at the end of the last display line.
        assert_eq!(g.display_end(), (32 + 212) * 1368 + 202);
        assert_eq!(g192.display_end(), (42 + 192) * 1368 + 202);
    }

    #[test]
    fn vr_and_hr() {
        let g = ntsc212();
        assert!(g.vr(0));
        assert!(!g.vr(g.display_start()));
        assert!(!g.vr(g.display_start() - 1368), "VR drops a line early");
        assert!(g.vr(g.display_end()));
        assert!(!g.vr(g.display_end() - 1));
        // HR: set from the right border (258 + 1024 = 1282) for 312 ticks.
        let line = 100 * 1368;
        assert!(!g.hr(line + 600));
        assert!(g.hr(line + 1282));
        assert!(g.hr(line + 1368 + 200));
        assert!(!g.hr(line + 1368 + 258));
    }

    proptest::proptest! {
        /// The worked-out beam bits are the geometry's, for every geometry
        /// and any tick of a PAL frame (the longer one).
        #[test]
        fn beam_bits_are_vr_and_hr(
            pal: bool, lines212: bool, v in 0i32..16, h in 0i32..16, text: bool,
            tick in 0u32..PAL_LINES * TICKS_PER_LINE,
        ) {
            let g = Geometry { pal, lines212, v_adjust: v, h_adjust: h, text };
            let want = (u8::from(g.vr(tick)) << 6) | (u8::from(g.hr(tick)) << 5);
            proptest::prop_assert_eq!(g.beam().bits(tick), want);
        }
    }

    #[test]
    fn line_interrupt_position() {
        let g = ntsc212();
        // R#19 = 10, no scroll: right border of display line 10.
        assert_eq!(g.hscan(10, 0), Some((32 + 10) * 1368 + 1282));
        // Scrolling by 5 moves the match 5 lines up.
        assert_eq!(g.hscan(10, 5), Some((32 + 5) * 1368 + 1282));
        // Line 255 is past the end of an NTSC frame and past the reset.
        assert_eq!(g.hscan(255, 0), None);
        assert!(g.fh_polled((32 + 10) * 1368 + 1300, 10, 0));
        assert!(!g.fh_polled((32 + 10) * 1368 + 1000, 10, 0));
    }
}
