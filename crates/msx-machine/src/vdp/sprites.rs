//! Sprites: which sprites a line shows (with the 4/8 per line limit), the
//! 5th/9th sprite and collision status, and drawing them onto a line.
//!
//! Model (openMSX `SpriteChecker.cc`, `SpriteConverter.hh`): the sprites of
//! display line `d` are those whose Y matches line `d - 1` (a sprite with
//! Y = y first shows on line y + 1), counted with the vertical scroll R#23.
//! Mode 1 ends the list at Y = 208 and shows 4 per line; mode 2 ends it at
//! Y = 216, shows 8 per line, and takes a colour byte per sprite line from
//! the table 0x200 below the attributes (EC, CC, IC bits). Collision is
//! checked between the shown sprites only, on pixels inside the screen;
//! colour-0 sprites collide only when TP (R#8 bit 5) makes colour 0 opaque.

use super::vram::{planar, Vram};

/// A sprite as shown on one line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpriteInfo {
    /// X of the leftmost pixel (EC already subtracted 32).
    pub x: i32,
    /// Pixels of this line, leftmost in bit 31 (magnified if MAG).
    pub pattern: u32,
    /// Mode 1: the colour byte (EC, colour). Mode 2: the line's colour byte
    /// (EC, CC, IC, colour).
    pub attr: u8,
}

/// What the VDP registers say about sprites, fixed for one line.
#[derive(Clone, Copy, Debug)]
pub struct SpriteSetup {
    /// Sprite mode 1 or 2.
    pub mode: u8,
    /// GRAPHIC6/7: tables are read through the planar mapping.
    pub planar: bool,
    /// `R#11 << 15 | R#5 << 7 | 0x7F`.
    pub attr_base: u32,
    /// `R#6 << 11 | 0x7FF`.
    pub pattern_base: u32,
    /// 16×16 sprites (R#1 SI).
    pub size16: bool,
    /// Magnified ×2 (R#1 MAG).
    pub mag: bool,
    /// Colour 0 is transparent (R#8 TP = 0).
    pub transparent: bool,
}

/// The result of checking one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineSprites {
    /// The shown sprites, highest priority first.
    pub sprites: [SpriteInfo; 8],
    /// How many of `sprites` are used.
    pub count: usize,
    /// Number of the first sprite over the limit (5th or 9th), if any.
    pub overflow: Option<u8>,
    /// The sprite number at which the scan stopped (the terminator or 32).
    pub last: u8,
    /// X of the leftmost colliding pixel, if two sprites collide.
    pub collision_x: Option<i32>,
}

/// What the sprite Y scan depends on besides VRAM.
type RowsKey = (u8, bool, u32, bool, bool);

/// The lines that show any sprite, from one scan of the Y bytes, kept until
/// a watched VRAM page (those holding the 32 Y bytes) is written or the
/// registers the scan reads change. A line outside it has no sprites, no
/// 5th/9th sprite and no collision, so its check is only the terminator's
/// number; other lines run the whole [`SpriteSetup::check`].
#[derive(Clone, Debug)]
pub struct SpriteRows {
    key: RowsKey,
    /// Bit `c` set: some sprite before the terminator covers line counter `c`.
    rows: [u64; 4],
    /// [`LineSprites::last`] of every line.
    last: u8,
}

impl SpriteRows {
    fn shows(&self, counter: u8) -> bool {
        (self.rows[usize::from(counter >> 6)] >> (counter & 63)) & 1 != 0
    }

    /// [`LineSprites::last`] of the lines with counters `from`, `from + 1`,
    /// … (`n` of them, mod 256) when this scan was made for `setup`'s
    /// registers and shows a sprite on none of them; `None` otherwise. (The
    /// caller checks that no watched VRAM page was written since.) Those
    /// lines' checks would only set S#0's sprite number to it.
    pub fn empty_run(&self, setup: &SpriteSetup, from: u8, n: u32) -> Option<u8> {
        if self.key != setup.rows_key() {
            return None;
        }
        // The 256 line bits turned so that counter `from` is bit 0.
        let (q, r) = (usize::from(from >> 6), u32::from(from & 63));
        let word = |i: usize| {
            let lo = self.rows[(i + q) & 3] >> r;
            lo | self.rows[(i + q + 1) & 3].checked_shl(64 - r).unwrap_or(0)
        };
        let n = n.min(256);
        let shows = (0..4).any(|i| {
            let bits = n.saturating_sub(64 * i as u32).min(64);
            let mask = if bits == 64 { !0 } else { (1u64 << bits) - 1 };
            word(i) & mask != 0
        });
        (!shows).then_some(self.last)
    }

    /// [`SpriteSetup::check`] of line counter `line`, using and keeping the
    /// scan in `cache` (rebuilt, and its VRAM pages watched, when stale).
    pub fn check(
        cache: &mut Option<SpriteRows>,
        setup: &SpriteSetup,
        vram: &mut Vram,
        line: u8,
    ) -> LineSprites {
        let key = setup.rows_key();
        let rows = match cache {
            Some(rows) if rows.key == key && !vram.touched() => rows,
            _ => cache.insert(setup.scan_rows(vram)),
        };
        if rows.shows(line) {
            setup.check(vram, line)
        } else {
            LineSprites {
                sprites: [SpriteInfo::default(); 8],
                count: 0,
                overflow: None,
                last: rows.last,
                collision_x: None,
            }
        }
    }
}

/// `index` inside a table whose base register bits are `base` (low bits set
/// to 1): the register bits AND the index (the hardware's masking rule).
#[inline]
pub fn table_addr(base: u32, index: u32, index_bits: u32) -> u32 {
    base & (index | (!0u32 << index_bits)) & 0x1FFFF
}

/// "abcdefgh ijklmnop" (top 16 bits) to "aabbccdd…" (32 bits).
fn double(p: u32) -> u32 {
    let mut out = 0;
    for i in 0..16 {
        if p & (0x8000_0000 >> i) != 0 {
            out |= 0xC000_0000 >> (2 * i);
        }
    }
    out
}

impl SpriteSetup {
    fn read(&self, vram: &Vram, addr: u32) -> u8 {
        vram.read_logical(addr, self.planar)
    }

    fn attr(&self, vram: &Vram, index: u32) -> u8 {
        let bits = if self.mode == 1 { 7 } else { 10 };
        self.read(vram, table_addr(self.attr_base, index, bits))
    }

    fn pattern(&self, vram: &Vram, number: u8, row: u32) -> u32 {
        let number = u32::from(if self.size16 { number & 0xFC } else { number });
        let index = number * 8 + row;
        let left = self.read(vram, table_addr(self.pattern_base, index, 11));
        let mut p = u32::from(left) << 24;
        if self.size16 {
            let right = self.read(vram, table_addr(self.pattern_base, index + 16, 11));
            p |= u32::from(right) << 16;
        }
        if self.mag {
            double(p)
        } else {
            p
        }
    }

    fn rows_key(&self) -> RowsKey {
        (
            self.mode,
            self.planar,
            self.attr_base,
            self.size16,
            self.mag,
        )
    }

    /// Mode-dependent scan constants: sprites per line, the terminating Y,
    /// the attribute index of sprite 0's Y.
    fn scan_limits(&self) -> (usize, u8, u32) {
        if self.mode == 1 {
            (4, 208, 0)
        } else {
            (8, 216, 512)
        }
    }

    /// Lines covered by each sprite's Y (as [`SpriteSetup::check`] tests
    /// them), with the pages of all 32 Y bytes watched in `vram`.
    fn scan_rows(&self, vram: &mut Vram) -> SpriteRows {
        let (_, end_y, first_attr) = self.scan_limits();
        let bits = if self.mode == 1 { 7 } else { 10 };
        let size = if self.size16 { 16 } else { 8 };
        let mag_size = if self.mag { size * 2 } else { size };
        let mut out = SpriteRows {
            key: self.rows_key(),
            rows: [0; 4],
            last: 31,
        };
        for n in 0..32u32 {
            let y = self.attr(vram, first_attr + 4 * n);
            if y == end_y {
                out.last = n as u8;
                break;
            }
            for r in 0..mag_size {
                let c = y.wrapping_add(r);
                out.rows[usize::from(c >> 6)] |= 1 << (c & 63);
            }
        }
        let planar_mode = self.planar;
        let base = self.attr_base;
        vram.watch((0..32u32).map(|n| {
            let addr = table_addr(base, first_attr + 4 * n, bits);
            if planar_mode {
                planar(addr)
            } else {
                addr
            }
        }));
        out
    }

    /// Check the sprites of the display line whose sprite line counter is
    /// `line` (display line − 1 + R#23, mod 256).
    pub fn check(&self, vram: &Vram, line: u8) -> LineSprites {
        let (limit, end_y, first_attr) = self.scan_limits();
        let size = if self.size16 { 16 } else { 8 };
        let mag_size = if self.mag { size * 2 } else { size };
        let mut out = LineSprites {
            sprites: [SpriteInfo::default(); 8],
            count: 0,
            overflow: None,
            last: 31,
            collision_x: None,
        };
        for n in 0..32u32 {
            let y = self.attr(vram, first_attr + 4 * n);
            if y == end_y {
                out.last = n as u8;
                break;
            }
            let row = u32::from(line.wrapping_sub(y));
            if row >= mag_size {
                continue;
            }
            if out.count == limit {
                out.overflow.get_or_insert(n as u8);
                continue;
            }
            let row = if self.mag { row / 2 } else { row };
            let x = i32::from(self.attr(vram, first_attr + 4 * n + 1));
            let number = self.attr(vram, first_attr + 4 * n + 2);
            let attr = if self.mode == 1 {
                self.attr(vram, 4 * n + 3)
            } else {
                self.attr(vram, n * 16 + row)
            };
            let x = if attr & 0x80 != 0 { x - 32 } else { x };
            out.sprites[out.count] = SpriteInfo {
                x,
                pattern: self.pattern(vram, number, row),
                attr,
            };
            out.count += 1;
        }
        out.collision_x = self.collision(&out.sprites[..out.count], mag_size as i32);
        out
    }

    /// Leftmost on-screen pixel where two shown sprites overlap.
    fn collision(&self, sprites: &[SpriteInfo], mag_size: i32) -> Option<i32> {
        let can_collide = |s: &SpriteInfo| {
            let color0 = s.attr & 0x0F == 0;
            // Mode 2: CC and IC sprites never collide.
            !(color0 && self.transparent) && (self.mode == 1 || s.attr & 0x60 == 0)
        };
        let mut best: Option<i32> = None;
        for (i, a) in sprites.iter().enumerate() {
            if !can_collide(a) {
                continue;
            }
            for b in &sprites[..i] {
                if !can_collide(b) {
                    continue;
                }
                let dist = b.x - a.x;
                if dist <= -mag_size || dist >= mag_size {
                    continue;
                }
                let shifted = if dist < 0 {
                    b.pattern << -dist
                } else {
                    b.pattern >> dist
                };
                let mut both = a.pattern & shifted;
                if a.x < 0 {
                    // Pixels left of the screen do not collide.
                    both &= (1u32 << (32 + a.x)) - 1;
                }
                if both != 0 {
                    let x = a.x + both.leading_zeros() as i32;
                    best = Some(best.map_or(x, |b| b.min(x)));
                }
            }
        }
        best.filter(|&x| x < 256)
    }
}

/// Sprite colours of one line, by screen X (0..256): `None` = no sprite.
pub type SpritePlane = [Option<u8>; 256];

/// Draw the shown sprites into a plane of colour indices. Lower-numbered
/// sprites win. Mode 2 ORs the colour of following CC sprites into a
/// sprite's pixels; a CC sprite with no CC = 0 sprite before it is hidden.
pub fn draw(plane: &mut SpritePlane, line: &LineSprites, mode: u8, transparent: bool) {
    let sprites = &line.sprites[..line.count];
    let first = if mode == 1 {
        0
    } else {
        sprites
            .iter()
            .position(|s| s.attr & 0x40 == 0)
            .unwrap_or(sprites.len())
    };
    for i in (first..sprites.len()).rev() {
        let s = sprites[i];
        let c = s.attr & 0x0F;
        if c == 0 && transparent {
            continue;
        }
        for bit in 0..32 {
            if s.pattern & (0x8000_0000 >> bit) == 0 {
                continue;
            }
            let x = s.x + bit;
            if !(0..256).contains(&x) {
                continue;
            }
            let mut color = c;
            if mode == 2 {
                for t in &sprites[i + 1..] {
                    if t.attr & 0x40 == 0 {
                        break;
                    }
                    let shift = x - t.x;
                    if (0..32).contains(&shift) && t.pattern & (0x8000_0000 >> shift) != 0 {
                        color |= t.attr & 0x0F;
                    }
                }
            }
            plane[x as usize] = Some(color);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A VRAM write the cache must notice (or rightly ignore): near the
    /// attribute tables of both modes and planar mappings, or anywhere.
    fn vram_write() -> impl Strategy<Value = (u32, u8, bool)> {
        let y_slot = 0u32..10;
        let addr = prop_oneof![
            y_slot.clone().prop_map(|k| 0x1B00 + 4 * k),
            y_slot.clone().prop_map(|k| 0x1E00 + 4 * k),
            y_slot.clone().prop_map(|k| planar(0x1B00 + 4 * k)),
            y_slot.prop_map(|k| planar(0x1E00 + 4 * k)),
            0x1B00u32..0x1B80,
            0x1C00u32..0x1E80,
            0x0D80u32..0x0DC0,
            0x1_0D80u32..0x1_0DC0,
            0u32..0x20000,
        ];
        let value = prop_oneof![Just(208u8), Just(216u8), any::<u8>(), 0u8..40];
        (addr, value, any::<bool>())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// The cached scan gives every line exactly what the full check
        /// does, across VRAM writes (single and filled) and setup changes.
        #[test]
        fn cached_rows_match_full_check(
            ys in proptest::collection::vec(prop_oneof![1 => Just(208u8), 1 => Just(216u8), 8 => any::<u8>()], 32),
            setups in proptest::collection::vec((1u8..=2, any::<bool>(), any::<bool>(), any::<bool>()), 1..4),
            writes in proptest::collection::vec(vram_write(), 1..24),
        ) {
            let mut vram = Vram::new(0x20000);
            for (n, y) in ys.iter().enumerate() {
                let n = n as u32;
                for addr in [0x1B00 + 4 * n, 0x1E00 + 4 * n, planar(0x1B00 + 4 * n), planar(0x1E00 + 4 * n)] {
                    vram.write(addr, *y);
                    vram.write(addr + 1, (n * 7) as u8);
                }
            }
            for i in 0..0x40 {
                vram.write(0x3800 + i, (i * 37) as u8);
            }
            let mut cache = None;
            for (step, (w_addr, w_value, fill)) in writes.into_iter().enumerate() {
                let (mode, planar_mode, size16, mag) = setups[step % setups.len()];
                let mut s = setup(mode);
                s.planar = planar_mode;
                s.size16 = size16;
                s.mag = mag;
                for line in 0..=255u8 {
                    let cached = SpriteRows::check(&mut cache, &s, &mut vram, line);
                    prop_assert_eq!(cached, s.check(&vram, line), "line {}", line);
                }
                if fill {
                    vram.fill(w_addr, 5, w_value);
                } else {
                    vram.write(w_addr, w_value);
                }
            }
        }
    }

    fn setup(mode: u8) -> SpriteSetup {
        // SCREEN 1 tables (mode 1): attributes 0x1B00, patterns 0x3800.
        // SCREEN 4 tables (mode 2): attributes 0x1E00, colours 0x1C00.
        let attr_base = if mode == 1 {
            (0x36 << 7) | 0x7F
        } else {
            (0x3F << 7) | 0x7F
        };
        SpriteSetup {
            mode,
            planar: false,
            attr_base,
            pattern_base: (0x07 << 11) | 0x7FF,
            size16: false,
            mag: false,
            transparent: true,
        }
    }

    fn put(vram: &mut Vram, addr: u32, bytes: &[u8]) {
        for (i, b) in bytes.iter().enumerate() {
            vram.write(addr + i as u32, *b);
        }
    }

    #[test]
    fn table_addressing_masks() {
        // G2 colour table R#3 = 0xFF: index bits pass through.
        assert_eq!(table_addr(0x3FFF, 0x1234, 13), 0x3FFF & 0x1234 | 0x2000);
        // R#3 = 0x9F (colour at 0x2000, only 0x7FF of index kept).
        let base = (0x9F << 6) | 0x3F;
        assert_eq!(table_addr(base, 0x1234, 13), 0x2000 | (0x1234 & 0x7FF));
    }

    #[test]
    fn mode1_sprite_appears_one_line_below_its_y() {
        let mut vram = Vram::new(0x20000);
        let s = setup(1);
        // Sprite 0 at Y=10, X=20, pattern 1, colour 15; sprite 1 ends the list.
        put(&mut vram, 0x1B00, &[10, 20, 1, 15, 208]);
        put(&mut vram, 0x3808, &[0xFF; 8]);
        // Line counter 10 is display line 11: row 0 of the sprite.
        let l = s.check(&vram, 10);
        assert_eq!(l.count, 1);
        assert_eq!(l.sprites[0].x, 20);
        assert_eq!(l.sprites[0].pattern, 0xFF00_0000);
        assert_eq!(l.last, 1);
        assert_eq!(s.check(&vram, 9).count, 0);
        assert_eq!(s.check(&vram, 17).count, 1);
        assert_eq!(s.check(&vram, 18).count, 0);
    }

    #[test]
    fn fifth_sprite_is_reported_and_not_shown() {
        let mut vram = Vram::new(0x20000);
        let s = setup(1);
        for n in 0..6u32 {
            put(&mut vram, 0x1B00 + 4 * n, &[50, (n * 10) as u8, 0, 4]);
        }
        put(&mut vram, 0x1B00 + 24, &[208]);
        let l = s.check(&vram, 50);
        assert_eq!(l.count, 4);
        assert_eq!(l.overflow, Some(4));
    }

    #[test]
    fn ninth_sprite_in_mode_2() {
        let mut vram = Vram::new(0x20000);
        let s = setup(2);
        for n in 0..10u32 {
            put(&mut vram, 0x1E00 + 4 * n, &[50, (n * 10) as u8, 0, 0]);
        }
        put(&mut vram, 0x1E00 + 40, &[216]);
        let l = s.check(&vram, 50);
        assert_eq!(l.count, 8);
        assert_eq!(l.overflow, Some(8));
        assert_eq!(l.last, 10);
    }

    #[test]
    fn collision_at_first_overlapping_pixel() {
        let mut vram = Vram::new(0x20000);
        let s = setup(1);
        // Two solid 8×8 sprites at X=100 and X=104: overlap starts at 104.
        put(&mut vram, 0x1B00, &[0, 100, 1, 15, 0, 104, 1, 15, 208]);
        put(&mut vram, 0x3808, &[0xFF; 8]);
        assert_eq!(s.check(&vram, 0).collision_x, Some(104));
        // Apart by 8: no overlap.
        put(&mut vram, 0x1B05, &[108]);
        assert_eq!(s.check(&vram, 0).collision_x, None);
    }

    #[test]
    fn transparent_sprites_do_not_collide_unless_tp() {
        let mut vram = Vram::new(0x20000);
        let mut s = setup(1);
        put(&mut vram, 0x1B00, &[0, 100, 1, 0, 0, 104, 1, 15, 208]);
        put(&mut vram, 0x3808, &[0xFF; 8]);
        assert_eq!(s.check(&vram, 0).collision_x, None);
        s.transparent = false;
        assert_eq!(s.check(&vram, 0).collision_x, Some(104));
    }

    #[test]
    fn mode2_colour_per_line_and_cc() {
        let mut vram = Vram::new(0x20000);
        let s = setup(2);
        // Sprite 0 at (0,100) colour 2; sprite 1 at (0,102) CC colour 4.
        put(&mut vram, 0x1E00, &[0, 100, 1, 0, 0, 102, 1, 0, 216]);
        put(&mut vram, 0x3808, &[0xFF; 8]);
        // Colour table: sprite 0 line 0 = 2, sprite 1 line 0 = CC|4.
        put(&mut vram, 0x1C00, &[2]);
        put(&mut vram, 0x1C10, &[0x40 | 4]);
        let l = s.check(&vram, 0);
        assert_eq!(l.count, 2);
        assert_eq!(l.collision_x, None, "CC sprites do not collide");
        let mut plane = [None; 256];
        draw(&mut plane, &l, 2, true);
        assert_eq!(plane[99], None);
        assert_eq!(plane[100], Some(2)); // only sprite 0
        assert_eq!(plane[102], Some(6)); // 2 | 4
        assert_eq!(plane[108], Some(4)); // only the CC sprite, own colour
        assert_eq!(plane[110], None);
    }

    #[test]
    fn cc_sprite_without_partner_is_hidden() {
        let mut vram = Vram::new(0x20000);
        let s = setup(2);
        put(&mut vram, 0x1E00, &[0, 100, 1, 0, 216]);
        put(&mut vram, 0x3808, &[0xFF; 8]);
        put(&mut vram, 0x1C00, &[0x40 | 4]);
        let l = s.check(&vram, 0);
        let mut plane = [None; 256];
        draw(&mut plane, &l, 2, true);
        assert!(plane.iter().all(|p| p.is_none()));
    }

    #[test]
    fn magnified_16x16_pattern_and_early_clock() {
        let mut vram = Vram::new(0x20000);
        let mut s = setup(1);
        s.size16 = true;
        s.mag = true;
        // Pattern 4 (16×16): left column 0x80, right column 0x01 on row 0.
        put(&mut vram, 0x1B00, &[0, 40, 5, 0x80 | 3, 208]);
        put(&mut vram, 0x3800 + 32, &[0x80]);
        put(&mut vram, 0x3800 + 48, &[0x01]);
        let l = s.check(&vram, 0);
        assert_eq!(l.sprites[0].x, 8); // 40 - 32
        assert_eq!(l.sprites[0].pattern, 0xC000_0003);
        // Rows 0 and 1 show pattern row 0; row 31 is the last.
        assert_eq!(s.check(&vram, 31).count, 1);
        assert_eq!(s.check(&vram, 32).count, 0);
    }
}
