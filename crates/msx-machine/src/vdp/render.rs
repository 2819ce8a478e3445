//! Rendering, one whole line at a time, into an RGB frame with a border.
//!
//! # Frame geometry (openMSX's 320×240 convention)
//!
//! A frame is 240 rows. Row 0 is 14 lines above the first display line of
//! a 212-line screen with neutral set-adjust (absolute line 18 of an NTSC
//! frame, 45 of a PAL frame), so 212 display lines sit at rows 14..226 and
//! 192 lines at rows 24..216. A row is 320 pixels in 256-pixel modes with
//! the display at x 32..288 (TEXT1's 240 pixels at 41..281); a frame that
//! contains any 512-pixel line (TEXT2, GRAPHIC5, GRAPHIC6) is 640 wide and
//! its 256-pixel lines are doubled. R#18 shifts the display by whole
//! pixels and lines. Pixels are `0x00RRGGBB`.
//!
//! A line is drawn when the beam reaches the middle of its display area
//! ([`super::timing::RENDER_POINT`]), from the registers and VRAM of that
//! moment.

use super::mode::Mode;
use super::palette::{g7_to_rgb, grb_to_rgb, G7_SPRITE_PALETTE};
use super::sprites::{draw, table_addr, SpritePlane, SpriteRows, SpriteSetup};
use super::vram::Vram;
use super::Vdp;

/// Width of a frame made only of 256-pixel lines.
pub const NARROW_WIDTH: usize = 320;
/// Width of a frame with a 512-pixel line.
pub const WIDE_WIDTH: usize = 640;
/// Rows in a frame.
pub const FRAME_HEIGHT: usize = 240;
/// Narrow-pixel column of display pixel 0 with neutral adjust.
const LEFT_BORDER: i32 = 32;
/// Rows above the first line of a 212-line display with neutral adjust.
const TOP_BORDER_212: u32 = 14;

/// A finished frame.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// 320 or 640.
    pub width: usize,
    /// 240.
    pub height: usize,
    /// Row-major `0x00RRGGBB` pixels.
    #[serde(with = "crate::codec::pixels")]
    pub pixels: Vec<u32>,
}

impl Frame {
    /// The pixel at (x, y), or black outside the frame.
    pub fn pixel(&self, x: usize, y: usize) -> u32 {
        if x < self.width && y < self.height {
            self.pixels[y * self.width + x]
        } else {
            0
        }
    }

    /// The pixels as packed RGB bytes (for PNG encoders).
    pub fn to_rgb8(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.pixels.len() * 3);
        for p in &self.pixels {
            out.extend_from_slice(&[(p >> 16) as u8, (p >> 8) as u8, *p as u8]);
        }
        out
    }
}

/// The frame being drawn and the last finished frame.
///
/// Rows are drawn straight into the frame in progress at its final width:
/// it starts as wide as the previous frame; the first 512-pixel row of a
/// narrow frame widens the rows drawn so far (each pixel doubled), a
/// 256-pixel row of a wide frame is drawn doubled, and a wide frame
/// without any 512-pixel row is narrowed back at its end. The finished
/// frame is then swapped in, not copied.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug)]
pub(super) struct Screen {
    /// The frame in progress, `width` × [`FRAME_HEIGHT`].
    #[serde(with = "crate::codec::pixels")]
    building: Vec<u32>,
    width: usize,
    /// A 512-pixel row was drawn in this frame.
    any_wide: bool,
    /// Rows drawn so far in this frame (they are drawn top to bottom).
    drawn: usize,
    /// Every row of this frame was drawn (rendering was not off).
    complete: bool,
    /// A 256-pixel row of a wide frame, before it is doubled.
    #[serde(with = "crate::codec::pixels")]
    scratch: Vec<u32>,
    frame: Frame,
    /// The border each row of `building` holds (`None` or missing: not
    /// known). The buffers are swapped, not copied, so `building` holds the
    /// frame before last; a row whose border is the same as it was there
    /// is not filled again. Anything that rewrites a row otherwise (widening,
    /// narrowing, a width change, a doubled scratch row) forgets the
    /// record. Not saved: a loaded screen starts without records.
    #[serde(skip)]
    borders: Vec<Option<RowBorder>>,
    /// The records of `frame.pixels`, swapped with it.
    #[serde(skip)]
    frame_borders: Vec<Option<RowBorder>>,
}

/// The border of one row: `colors` (even, odd columns) on columns
/// `..start` and `end..`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct RowBorder {
    pub colors: [u32; 2],
    pub start: usize,
    pub end: usize,
}

impl Screen {
    /// Whether a loaded screen's buffers have the sizes drawing relies on.
    pub fn check_state(&self) -> Result<(), String> {
        let f = &self.frame;
        let ok = matches!(self.width, NARROW_WIDTH | WIDE_WIDTH)
            && self.building.len() == self.width * FRAME_HEIGHT
            && self.drawn <= FRAME_HEIGHT
            && self.scratch.len() == NARROW_WIDTH
            && matches!(f.width, NARROW_WIDTH | WIDE_WIDTH)
            && f.height == FRAME_HEIGHT
            && f.pixels.len() == f.width * f.height;
        if ok {
            Ok(())
        } else {
            Err("the VDP's frame buffers have impossible sizes".into())
        }
    }

    pub fn new() -> Screen {
        Screen {
            building: vec![0; NARROW_WIDTH * FRAME_HEIGHT],
            width: NARROW_WIDTH,
            any_wide: false,
            drawn: 0,
            complete: true,
            scratch: vec![0; NARROW_WIDTH],
            frame: Frame {
                width: NARROW_WIDTH,
                height: FRAME_HEIGHT,
                pixels: vec![0; NARROW_WIDTH * FRAME_HEIGHT],
            },
            borders: Vec::new(),
            frame_borders: Vec::new(),
        }
    }

    /// The buffer to draw `row` into, lent out so that the drawing can
    /// borrow the VDP while it writes: the frame in progress itself, or the
    /// scratch row for a 256-pixel row of a wide frame. Its
    /// [`RowBuffer::row_mut`] is 640 pixels if `wide`, else 320; give it
    /// back with [`Screen::put_row`].
    #[inline]
    pub fn take_row(&mut self, row: usize, wide: bool) -> RowBuffer {
        self.drawn = self.drawn.max(row + 1);
        if wide {
            self.any_wide = true;
            if self.width == NARROW_WIDTH {
                self.widen();
            }
        }
        if !wide && self.width == WIDE_WIDTH {
            RowBuffer {
                pixels: std::mem::take(&mut self.scratch),
                start: 0,
                len: NARROW_WIDTH,
                row,
                scratch: true,
            }
        } else {
            RowBuffer {
                pixels: std::mem::take(&mut self.building),
                start: row * self.width,
                len: self.width,
                row,
                scratch: false,
            }
        }
    }

    /// `row` is drawn: its buffer comes back, and a 256-pixel row of a wide
    /// frame is doubled into the frame.
    #[inline]
    pub fn put_row(&mut self, buffer: RowBuffer) {
        if buffer.scratch {
            self.scratch = buffer.pixels;
            let row = buffer.row;
            if let Some(record) = self.borders.get_mut(row) {
                *record = None;
            }
            let dst = &mut self.building[row * WIDE_WIDTH..(row + 1) * WIDE_WIDTH];
            for (pair, &px) in dst.chunks_exact_mut(2).zip(&self.scratch) {
                pair[0] = px;
                pair[1] = px;
            }
        } else {
            self.building = buffer.pixels;
        }
    }

    /// A visible row was not drawn (rendering off): this frame will not be
    /// shown.
    pub fn row_skipped(&mut self) {
        self.complete = false;
    }

    /// The narrow frame in progress becomes wide: the rows drawn so far get
    /// each pixel doubled (in place, from the end, so nothing is read after
    /// it is overwritten).
    fn widen(&mut self) {
        self.borders.clear();
        self.building.resize(WIDE_WIDTH * FRAME_HEIGHT, 0);
        for row in (0..self.drawn.min(FRAME_HEIGHT)).rev() {
            for i in (0..NARROW_WIDTH).rev() {
                let px = self.building[row * NARROW_WIDTH + i];
                self.building[row * WIDE_WIDTH + 2 * i] = px;
                self.building[row * WIDE_WIDTH + 2 * i + 1] = px;
            }
        }
        self.width = WIDE_WIDTH;
    }

    /// A wide frame without 512-pixel rows becomes narrow: every other pixel
    /// (in place, from the start).
    fn narrow(&mut self) {
        self.borders.clear();
        for row in 0..FRAME_HEIGHT {
            for i in 0..NARROW_WIDTH {
                self.building[row * NARROW_WIDTH + i] = self.building[row * WIDE_WIDTH + 2 * i];
            }
        }
        self.building.truncate(NARROW_WIDTH * FRAME_HEIGHT);
        self.width = NARROW_WIDTH;
    }

    /// The frame ends: it becomes the finished frame if all of it was
    /// drawn, and the next one starts as wide as it.
    pub fn finish_frame(&mut self) {
        if self.width == WIDE_WIDTH && !self.any_wide {
            self.narrow();
        }
        if self.complete {
            std::mem::swap(&mut self.building, &mut self.frame.pixels);
            std::mem::swap(&mut self.borders, &mut self.frame_borders);
            self.frame.width = self.width;
        }
        self.width = self.frame.width;
        if self.building.len() != self.width * FRAME_HEIGHT {
            // Rows of another width: what they hold is no row of this one.
            self.borders.clear();
            self.building.resize(self.width * FRAME_HEIGHT, 0);
        }
        self.any_wide = false;
        self.drawn = 0;
        self.complete = true;
    }

    pub fn frame(&self) -> &Frame {
        &self.frame
    }

    /// Fill the border of the lent `buffer` (`border` on columns `..start`
    /// and `end..`) unless its row already holds exactly that border.
    #[inline]
    pub fn fill_borders(&mut self, buffer: &mut RowBuffer, border: RowBorder) {
        if !buffer.scratch {
            if self.borders.len() != FRAME_HEIGHT {
                self.borders.resize(FRAME_HEIGHT, None);
            }
            if let Some(record) = self.borders.get_mut(buffer.row) {
                if *record == Some(border) {
                    return;
                }
                *record = Some(border);
            }
        }
        let out = buffer.row_mut();
        fill_border(&mut out[..border.start], 0, border.colors);
        fill_border(&mut out[border.end..], border.end, border.colors);
    }
}

/// One row of the frame in progress, lent out by [`Screen::take_row`].
pub(super) struct RowBuffer {
    pixels: Vec<u32>,
    start: usize,
    len: usize,
    row: usize,
    /// `pixels` is the scratch row, not the frame.
    scratch: bool,
}

impl RowBuffer {
    /// The row's pixels (320 or 640).
    #[inline]
    pub fn row_mut(&mut self) -> &mut [u32] {
        &mut self.pixels[self.start..self.start + self.len]
    }
}

/// Fill `out`, which starts at row column `first`, with the border colours
/// (`border[0]` on even columns, `border[1]` on odd ones).
///
/// Eight pixels at a time from one 8-pixel pattern: a fixed-size copy the
/// compiler turns into wide stores, where a fill of a slice of any length
/// went pixel by pixel (1.35 host instructions per pixel).
fn fill_border(out: &mut [u32], first: usize, border: [u32; 2]) {
    let [a, b] = if first & 1 == 0 {
        border
    } else {
        [border[1], border[0]]
    };
    let pattern = [a, b, a, b, a, b, a, b];
    let (chunks, rest) = out.as_chunks_mut::<8>();
    for chunk in chunks {
        *chunk = pattern;
    }
    // At most 7 pixels: a loop, not a call to memcpy.
    for (px, &p) in rest.iter_mut().zip(&pattern) {
        *px = p;
    }
}

/// Draw 6 or 8 pixels of a pattern byte.
#[inline]
fn pattern_pixels(out: &mut [u32], pattern: u8, fg: u32, bg: u32) {
    for (i, px) in out.iter_mut().enumerate() {
        *px = if pattern & (0x80 >> i) != 0 { fg } else { bg };
    }
}

/// The 8 pixels of every pattern byte in one pair of colours: a text line
/// copies a glyph's row out of it instead of testing bit by bit. Only the
/// colours decide the runs, so the table holds until they change (text
/// modes keep theirs for the whole screen); VRAM writes cannot make it
/// stale.
#[derive(Clone, Debug)]
pub(super) struct GlyphRuns {
    /// The colours the runs are drawn in, `None` before the first use.
    colors: Option<(u32, u32)>,
    runs: Box<[[u32; 8]; 256]>,
}

impl Default for GlyphRuns {
    fn default() -> Self {
        GlyphRuns {
            colors: None,
            runs: Box::new([[0; 8]; 256]),
        }
    }
}

/// The bytes of a VRAM table at indices `first..first + N`, each where
/// [`table_addr`] puts it: one copy when the base address has ones in
/// every index bit that changes over the run (then the addresses are
/// consecutive), else byte by byte.
fn table_run<const N: usize>(v: &Vram, base: u32, first: u32, bits: u32) -> [u8; N] {
    let mut out = [0u8; N];
    let varying = first ^ (first + N as u32 - 1);
    let span = u32::MAX.checked_shr(varying.leading_zeros()).unwrap_or(0);
    let bytes = v.bytes();
    let start = table_addr(base, first, bits) as usize & (bytes.len() - 1);
    if span >> bits == 0 && base & span == span {
        if let Some(run) = bytes.get(start..start + N) {
            out.copy_from_slice(run);
            return out;
        }
    }
    for (i, b) in out.iter_mut().enumerate() {
        *b = v.read(table_addr(base, first + i as u32, bits));
    }
    out
}

/// The 2 KB pattern table of the text modes and GRAPHIC1: R#4 gives the
/// address bits above the 11 index bits, so the table is one aligned run
/// (an array, so that an index `ch << 3 | line` needs no bounds check).
fn pattern_table(v: &Vram, pattern_base: u32) -> &[u8; 2048] {
    /// Never used: VRAM is a power of two of at least 16 KB, so an
    /// aligned 2 KB run always fits.
    static NONE: [u8; 2048] = [0; 2048];
    let bytes = v.bytes();
    let start = table_addr(pattern_base, 0, 11) as usize & (bytes.len() - 1);
    bytes
        .get(start..start + 2048)
        .and_then(|run| run.try_into().ok())
        .unwrap_or(&NONE)
}

/// The two pixels of every GRAPHIC4/GRAPHIC6 byte (high nibble first) in
/// one palette: a bitmap line copies pairs instead of looking up each
/// nibble. Kept until the palette (with colour 0 as drawn) changes.
#[derive(Clone, Debug)]
pub(super) struct NibblePairs {
    palette: Option<[u32; 16]>,
    pairs: Box<[[u32; 2]; 256]>,
}

impl Default for NibblePairs {
    fn default() -> Self {
        NibblePairs {
            palette: None,
            pairs: Box::new([[0; 2]; 256]),
        }
    }
}

impl NibblePairs {
    /// The pairs in `palette`, made again only if it differs from the last
    /// call's.
    #[inline]
    pub fn pairs(&mut self, palette: &[u32; 16]) -> &[[u32; 2]; 256] {
        if self.palette.as_ref() != Some(palette) {
            self.palette = Some(*palette);
            for (b, pair) in self.pairs.iter_mut().enumerate() {
                *pair = [palette[b >> 4], palette[b & 15]];
            }
        }
        &self.pairs
    }
}

impl GlyphRuns {
    /// The runs in foreground `fg` on background `bg`, made again only if
    /// the colours differ from the last call's.
    #[inline]
    pub fn runs(&mut self, fg: u32, bg: u32) -> &[[u32; 8]; 256] {
        if self.colors != Some((fg, bg)) {
            self.colors = Some((fg, bg));
            for (pattern, run) in self.runs.iter_mut().enumerate() {
                pattern_pixels(run, pattern as u8, fg, bg);
            }
        }
        &self.runs
    }
}

impl Vdp {
    /// Palette with colour 0 replaced by the backdrop when TP = 0.
    fn foreground_palette(&self) -> [u32; 16] {
        let mut p = self.palette_rgb;
        if self.regs[8] & 0x20 == 0 {
            p[0] = self.palette_rgb[usize::from(self.regs[7] & 0x0F)];
        }
        p
    }

    /// Absolute line of frame row 0.
    pub(super) fn first_visible_line(&self) -> u32 {
        let g = super::timing::Geometry {
            lines212: true,
            v_adjust: 7,
            ..self.geometry()
        };
        g.line_zero() - TOP_BORDER_212
    }

    /// The registers the sprite check reads, in `mode` (the line drawing and
    /// the headless empty-lines test must agree on them).
    pub(super) fn sprite_setup(&self, mode: Mode) -> SpriteSetup {
        SpriteSetup {
            mode: mode.sprite_mode(),
            planar: mode.is_planar(),
            attr_base: (u32::from(self.regs[11]) << 15) | (u32::from(self.regs[5]) << 7) | 0x7F,
            pattern_base: (u32::from(self.regs[6]) << 11) | 0x7FF,
            size16: self.regs[1] & 0x02 != 0,
            mag: self.regs[1] & 0x01 != 0,
            transparent: self.regs[8] & 0x20 == 0,
        }
    }

    /// Check the sprites of display line `d`, update S#0 and the collision
    /// registers, and return the sprite colours of the line.
    fn check_sprites(&mut self, d: u32, mode: Mode) -> Option<SpritePlane> {
        let setup = self.sprite_setup(mode);
        let counter = (d as u8).wrapping_sub(1).wrapping_add(self.regs[23]);
        let line = SpriteRows::check(&mut self.sprite_rows, &setup, &mut self.vram, counter);
        // 5th/9th sprite: latched only while F and 5S are both clear.
        if let Some(n) = line.overflow {
            if self.s0 & (super::S0_F | super::S0_5S) == 0 {
                self.s0 = super::S0_5S | (self.s0 & super::S0_C) | n;
            }
        }
        if self.s0 & super::S0_5S == 0 {
            self.s0 = (self.s0 & (super::S0_F | super::S0_C)) | line.last.min(31);
        }
        if self.s0 & super::S0_C == 0 {
            if let Some(x) = line.collision_x {
                self.s0 |= super::S0_C;
                // The data book's offsets: X + 12, Y + 8 (Y of the checked line).
                self.collision_x = (x + 12) as u32;
                self.collision_y = d + 7;
            }
        }
        if line.count == 0 {
            return None;
        }
        let mut plane = [None; 256];
        draw(&mut plane, &line, setup.mode, setup.transparent);
        Some(plane)
    }

    /// Render absolute line `line` of the frame (and check its sprites).
    pub(super) fn render_line(&mut self, line: u32) {
        // The geometry and the mode's facts come from the plan (made when
        // the registers change), not worked out again at every line.
        let plan = self.plan;
        let mode = self.mode();
        let lz = plan.display_first;
        let display = line >= lz && line < plan.display_stop;
        let enabled = plan.display_on;
        let d = line.wrapping_sub(lz);
        let sprites = if display && enabled && plan.sprites_on {
            // The sprite check and the drawing read VRAM: the command
            // engine's owed work must be done first.
            self.settle_cmd();
            self.check_sprites(d, mode)
        } else {
            None
        };
        let first = plan.first_visible;
        let Some(row) = line
            .checked_sub(first)
            .filter(|r| (*r as usize) < FRAME_HEIGHT)
        else {
            return;
        };
        if !self.render {
            self.screen.row_skipped();
            return;
        }
        let wide = mode.is_wide();
        let border = self.border_colors(mode);
        let shift = plan.x_shift;
        let scale = if wide { 2 } else { 1 };
        let x0 = (LEFT_BORDER + shift) * scale;
        // The display pixels a line may write (a mode draws at most this
        // many; sprites too).
        let span = if wide { 512 } else { 256 };
        let draw = display && enabled;
        if draw {
            self.settle_cmd();
        }
        let mut target = self.screen.take_row(row as usize, wide);
        let out = target.row_mut();
        // The display part, clipped to the row; the border around it.
        let len = out.len() as i32;
        let start = x0.clamp(0, len);
        let end = if start == x0 && x0 + span <= len {
            // The whole display span lies inside the row (always, with the
            // V9938's adjust range): drawn straight into the frame.
            let (start, span) = (start as usize, span as usize);
            let buf = &mut out[start..start + span];
            let width = if draw {
                self.render_display(buf, mode, d)
            } else {
                0
            };
            if let Some(plane) = sprites {
                self.overlay_sprites(buf, &plane, mode);
            }
            start + width
        } else {
            // Otherwise through the line buffer, clipped.
            let mut line = std::mem::take(&mut self.line_buf);
            line.resize(512, 0);
            let buf = &mut line[..span as usize];
            let width = if draw {
                self.render_display(buf, mode, d)
            } else {
                0
            };
            if let Some(plane) = sprites {
                self.overlay_sprites(buf, &plane, mode);
            }
            let end = (x0 + width as i32).clamp(start, len) as usize;
            let start = start as usize;
            let skip = (start as i32 - x0) as usize;
            out[start..end].copy_from_slice(&buf[skip..skip + (end - start)]);
            self.line_buf = line;
            end
        };
        let start = start as usize;
        let border = RowBorder {
            colors: border,
            start,
            end,
        };
        self.screen.fill_borders(&mut target, border);
        self.screen.put_row(target);
    }

    /// Border colours for even and odd pixels (they differ only in GRAPHIC5).
    fn border_colors(&self, mode: Mode) -> [u32; 2] {
        let r7 = self.regs[7];
        match mode {
            Mode::GRAPHIC7 => [g7_to_rgb(r7); 2],
            Mode::GRAPHIC5 => [
                self.palette_rgb[usize::from((r7 & 0x0C) >> 2)],
                self.palette_rgb[usize::from(r7 & 0x03)],
            ],
            _ => [self.palette_rgb[usize::from(r7 & 0x0F)]; 2],
        }
    }

    /// Draw the display pixels of display line `d`; returns their number.
    fn render_display(&mut self, buf: &mut [u32], mode: Mode, d: u32) -> usize {
        let y = (d + u32::from(self.regs[23])) & 0xFF;
        let fg = self.foreground_palette();
        let name_base = (u32::from(self.regs[2]) << 10) | 0x3FF;
        let color_base = (u32::from(self.regs[10]) << 14) | (u32::from(self.regs[3]) << 6) | 0x3F;
        let pattern_base = (u32::from(self.regs[4]) << 11) | 0x7FF;
        let v = &self.vram;
        match mode {
            Mode::TEXT1 => {
                let (fc, bc) = (
                    fg[usize::from(self.regs[7] >> 4)],
                    fg[usize::from(self.regs[7] & 15)],
                );
                // Text modes: rows do not scroll, only the line inside a row
                // does (what openMSX does; real chips differ).
                let l = ((d + u32::from(self.regs[23])) & 7) as usize;
                let runs = self.glyphs[0].runs(fc, bc);
                let names: [u8; 40] = table_run(v, name_base, (d / 8) * 40 + 0xC00, 12);
                let patterns = pattern_table(v, pattern_base);
                // Fixed-size pieces: each glyph row is one 6-pixel copy.
                let (cells, _) = buf[..240].as_chunks_mut::<6>();
                for (&ch, out) in names.iter().zip(cells) {
                    let pat = patterns[usize::from(ch) << 3 | l];
                    out.copy_from_slice(&runs[usize::from(pat)][..6]);
                }
                240
            }
            Mode::TEXT2 => {
                let (fc, bc) = (
                    fg[usize::from(self.regs[7] >> 4)],
                    fg[usize::from(self.regs[7] & 15)],
                );
                let (bfc, bbc) = if self.blink_on {
                    let r12 = self.regs[12];
                    let f = if r12 >> 4 != 0 { r12 >> 4 } else { r12 & 15 };
                    (
                        self.palette_rgb[usize::from(f)],
                        self.palette_rgb[usize::from(r12 & 15)],
                    )
                } else {
                    (fc, bc)
                };
                let l = ((d + u32::from(self.regs[23])) & 7) as usize;
                let [plain, blinking] = &mut self.glyphs;
                let (plain, blinking) = (plain.runs(fc, bc), blinking.runs(bfc, bbc));
                let row = d / 8;
                let names: [u8; 80] = table_run(v, name_base, row * 80, 12);
                // One blink bit per column, eight columns to a byte.
                let blinks: [u8; 10] = table_run(v, color_base, row * 10, 9);
                let patterns = pattern_table(v, pattern_base);
                let (cells, _) = buf[..480].as_chunks_mut::<6>();
                for ((col, &ch), out) in (0..80).zip(&names).zip(cells) {
                    let pat = patterns[usize::from(ch) << 3 | l];
                    let runs = if blinks[col / 8] & (0x80 >> (col & 7)) != 0 {
                        blinking
                    } else {
                        plain
                    };
                    out.copy_from_slice(&runs[usize::from(pat)][..6]);
                }
                480
            }
            Mode::GRAPHIC1 => {
                for col in 0..32 {
                    let ch = u32::from(v.read(table_addr(name_base, (y / 8) * 32 + col, 10)));
                    let pat = v.read(table_addr(pattern_base, ch * 8 + (y & 7), 11));
                    let c = v.read(table_addr(color_base, ch / 8, 6));
                    let at = col as usize * 8;
                    pattern_pixels(
                        &mut buf[at..at + 8],
                        pat,
                        fg[usize::from(c >> 4)],
                        fg[usize::from(c & 15)],
                    );
                }
                256
            }
            Mode::GRAPHIC2 | Mode::GRAPHIC3 => {
                let third = (y / 64) * 2048;
                for col in 0..32 {
                    let ch = u32::from(v.read(table_addr(name_base, (y / 8) * 32 + col, 10)));
                    let index = third + ch * 8 + (y & 7);
                    let pat = v.read(table_addr(pattern_base, index, 13));
                    let c = v.read(table_addr(color_base, index, 13));
                    let at = col as usize * 8;
                    pattern_pixels(
                        &mut buf[at..at + 8],
                        pat,
                        fg[usize::from(c >> 4)],
                        fg[usize::from(c & 15)],
                    );
                }
                256
            }
            Mode::MULTICOLOR => {
                for col in 0..32 {
                    let ch = u32::from(v.read(table_addr(name_base, (y / 8) * 32 + col, 10)));
                    let c = v.read(table_addr(pattern_base, ch * 8 + ((y / 4) & 7), 11));
                    let at = col as usize * 8;
                    buf[at..at + 4].fill(fg[usize::from(c >> 4)]);
                    buf[at + 4..at + 8].fill(fg[usize::from(c & 15)]);
                }
                256
            }
            Mode::GRAPHIC4 | Mode::GRAPHIC5 | Mode::GRAPHIC6 | Mode::GRAPHIC7 => {
                self.render_bitmap(buf, mode, y, &fg)
            }
            _ => {
                // Undefined mode bits: the V9938 shows colour 15.
                let n = if mode.is_wide() { 512 } else { 256 };
                buf[..n].fill(fg[15]);
                n
            }
        }
    }

    /// The VRAM line a bitmap display line shows: R#2 page bits, and the
    /// even/odd page alternation (R#9 EO, or R#13 blinking) that swaps in
    /// the page below on even fields / off periods (openMSX `getEvenOddMask`).
    fn bitmap_vram_line(&self, mode: Mode, y: u32) -> u32 {
        let eo_off = self.regs[9] & 0x04 == 0;
        let mut eo_mask = if eo_off || self.odd_field { 0x100 } else { 0 };
        if self.blink_on {
            eo_mask = 0;
        }
        let page_mask = if mode.is_planar() { 0 } else { 0x200 } | eo_mask;
        let name_mask = (u32::from(self.regs[2]) << 10) | 0x3FF;
        (name_mask >> 7) & (page_mask | y)
    }

    fn render_bitmap(&mut self, buf: &mut [u32], mode: Mode, y: u32, fg: &[u32; 16]) -> usize {
        let base = self.bitmap_vram_line(mode, y) * 128;
        let v = &self.vram;
        let pairs = &mut self.nibble_pairs;
        match mode {
            Mode::GRAPHIC4 => {
                let pairs = pairs.pairs(fg);
                for (px, &b) in buf.chunks_exact_mut(2).zip(v.line(base)) {
                    px.copy_from_slice(&pairs[usize::from(b)]);
                }
                256
            }
            Mode::GRAPHIC5 => {
                // Colour 0 is transparent per half: even pixels show
                // backdrop bits 3-2, odd pixels bits 1-0 (openMSX).
                let (mut even, mut odd) = (self.palette_rgb, self.palette_rgb);
                let tp = if self.regs[8] & 0x20 == 0 {
                    self.regs[7] & 0x0F
                } else {
                    0
                };
                even[0] = self.palette_rgb[usize::from(tp >> 2)];
                odd[0] = self.palette_rgb[usize::from(tp & 3)];
                for (px, &b) in buf.chunks_exact_mut(4).zip(v.line(base)) {
                    px[0] = even[usize::from(b >> 6)];
                    px[1] = odd[usize::from((b >> 4) & 3)];
                    px[2] = even[usize::from((b >> 2) & 3)];
                    px[3] = odd[usize::from(b & 3)];
                }
                512
            }
            Mode::GRAPHIC6 => {
                let pairs = pairs.pairs(fg);
                let planes = v.line(base).iter().zip(v.line(0x10000 + base));
                for (px, (&b0, &b1)) in buf.chunks_exact_mut(4).zip(planes) {
                    px[..2].copy_from_slice(&pairs[usize::from(b0)]);
                    px[2..].copy_from_slice(&pairs[usize::from(b1)]);
                }
                512
            }
            _ => {
                // GRAPHIC7: no palette, no transparency.
                let planes = v.line(base).iter().zip(v.line(0x10000 + base));
                for (px, (&b0, &b1)) in buf.chunks_exact_mut(2).zip(planes) {
                    px[0] = g7_to_rgb(b0);
                    px[1] = g7_to_rgb(b1);
                }
                256
            }
        }
    }

    /// Put the sprite plane over the display pixels.
    fn overlay_sprites(&self, buf: &mut [u32], plane: &SpritePlane, mode: Mode) {
        let pal = self.palette_rgb;
        for (x, c) in plane.iter().enumerate() {
            let Some(c) = *c else { continue };
            match mode {
                Mode::GRAPHIC5 => {
                    buf[2 * x] = pal[usize::from(c >> 2)];
                    buf[2 * x + 1] = pal[usize::from(c & 3)];
                }
                Mode::GRAPHIC6 => {
                    buf[2 * x] = pal[usize::from(c)];
                    buf[2 * x + 1] = pal[usize::from(c)];
                }
                Mode::GRAPHIC7 => buf[x] = grb_to_rgb(G7_SPRITE_PALETTE[usize::from(c & 15)]),
                _ => buf[x] = pal[usize::from(c & 15)],
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Draw `row` as the line drawing does: `fill` on the display columns
    /// `x0..x0 + width`, the border around them.
    fn draw_row(
        screen: &mut Screen,
        row: usize,
        wide: bool,
        colors: [u32; 2],
        x0: usize,
        width: usize,
        fill: u32,
    ) {
        let mut target = screen.take_row(row, wide);
        let out = target.row_mut();
        let end = (x0 + width).min(out.len());
        let start = x0.min(end);
        out[start..end].fill(fill);
        screen.fill_borders(&mut target, RowBorder { colors, start, end });
        screen.put_row(target);
    }

    proptest! {
        /// Borders kept from the frame before last give the frames that
        /// filling every border gives, across border colours and
        /// positions, narrow and wide rows (widening and narrowing frames),
        /// display-off rows and frames left incomplete (rendering off).
        #[test]
        fn kept_borders_match_filled_borders(
            frames in prop::collection::vec(
                (any::<u64>(), 0u8..4, any::<bool>()),
                1..12,
            ),
        ) {
            let mut kept = Screen::new();
            let mut filled = Screen::new();
            for (seed, wide_kind, incomplete) in frames {
                let mut x = seed | 1;
                let mut next = move || {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    x
                };
                for row in 0..FRAME_HEIGHT {
                    let r = next();
                    if incomplete && r % 17 == 0 {
                        kept.row_skipped();
                        filled.row_skipped();
                        continue;
                    }
                    // Whole frames narrow or wide, or rows mixed.
                    let wide = match wide_kind {
                        0 => false,
                        1 => true,
                        _ => r & 0x100 != 0,
                    };
                    let scale = if wide { 2 } else { 1 };
                    let colors = [[1, 1], [2, 2], [1, 3]][(r >> 12) as usize % 3];
                    let x0 = [24, 32, 49][(r >> 16) as usize % 3] * scale;
                    let width = [0, 240, 256][(r >> 20) as usize % 3] * scale;
                    let fill = (r >> 32) as u32 & 0xFF;
                    draw_row(&mut kept, row, wide, colors, x0, width, fill);
                    filled.borders.clear();
                    draw_row(&mut filled, row, wide, colors, x0, width, fill);
                }
                kept.finish_frame();
                filled.finish_frame();
                prop_assert_eq!(kept.frame(), filled.frame());
            }
        }

        /// The kept runs give, for any sequence of colour pairs (repeated
        /// or changing), the pixels the bit-by-bit drawing gives.
        /// Table runs read as one copy give the bytes read one by one,
        /// whatever the base, the first index and the table's index bits.
        #[test]
        fn table_runs_match_byte_by_byte_reads(
            base in any::<u32>(),
            first in 0u32..0x1100,
            bits in 9u32..14,
            seed in any::<u64>(),
            small in any::<bool>(),
        ) {
            let mut v = Vram::new(if small { 16 * 1024 } else { 128 * 1024 });
            let mut x = seed | 1;
            for b in v.bytes_mut() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *b = x as u8;
            }
            let base = base | 0x3FF;
            let run: [u8; 80] = table_run(&v, base, first, bits);
            for (i, &b) in run.iter().enumerate() {
                prop_assert_eq!(b, v.read(table_addr(base, first + i as u32, bits)), "index {}", i);
            }
            // TEXT2's blink bits: ten bytes.
            let run: [u8; 10] = table_run(&v, base, first, bits);
            for (i, &b) in run.iter().enumerate() {
                prop_assert_eq!(b, v.read(table_addr(base, first + i as u32, bits)), "index {}", i);
            }
            let patterns = pattern_table(&v, (base << 11) | 0x7FF);
            for i in 0..2048u32 {
                prop_assert_eq!(
                    patterns[i as usize],
                    v.read(table_addr((base << 11) | 0x7FF, i, 11))
                );
            }
        }

        /// The kept pairs give, for any sequence of palettes (repeated or
        /// changing in one entry), each nibble's palette colour.
        #[test]
        fn nibble_pairs_match_palette_lookups(
            uses in prop::collection::vec((0usize..16, 0u32..3, any::<u8>()), 1..60),
        ) {
            let mut kept = NibblePairs::default();
            let mut palette: [u32; 16] = std::array::from_fn(|i| i as u32 * 0x0F_0F0F);
            for (entry, value, b) in uses {
                palette[entry] = value * 0x11_1111;
                let expected = [palette[usize::from(b >> 4)], palette[usize::from(b & 15)]];
                prop_assert_eq!(kept.pairs(&palette)[usize::from(b)], expected);
            }
        }

        /// The border fill gives each pixel the colour of its column's
        /// parity, for any start column, length and pair of colours.
        #[test]
        fn border_fill_matches_pixel_by_pixel(
            first in 0usize..640,
            len in 0usize..640,
            border in any::<[u32; 2]>(),
            same in any::<bool>(),
        ) {
            let border = if same { [border[0]; 2] } else { border };
            let mut out = vec![0x5A5A_5A5A; len];
            fill_border(&mut out, first, border);
            for (i, &px) in out.iter().enumerate() {
                prop_assert_eq!(px, border[(first + i) & 1], "pixel {}", i);
            }
        }

        #[test]
        fn glyph_runs_match_bit_by_bit_drawing(
            uses in prop::collection::vec((0u32..4, 0u32..4, any::<u8>()), 1..60),
        ) {
            let mut kept = GlyphRuns::default();
            for (fg, bg, pattern) in uses {
                // Few colours, so pairs repeat and the table is reused.
                let (fg, bg) = (fg * 0x10_1010, bg * 0x01_0203);
                let mut expected = [0u32; 8];
                pattern_pixels(&mut expected, pattern, fg, bg);
                prop_assert_eq!(kept.runs(fg, bg)[usize::from(pattern)], expected);
                let mut six = [0u32; 6];
                pattern_pixels(&mut six, pattern, fg, bg);
                prop_assert_eq!(&kept.runs(fg, bg)[usize::from(pattern)][..6], &six[..]);
            }
        }
    }
}
