//! Where the MSX picture goes in the window, and the blit that puts it there.
//!
//! The machine's frame is 320×240 (or 640×240 when a line has 512 pixels:
//! the same picture with pixels half as wide), which is the 4:3 picture of
//! a TV with square 256-mode pixels, openMSX's convention. So the picture
//! is always shown 4:3; a 640-wide frame is squeezed horizontally.

use msx_machine::vdp::Frame;

/// Logical picture size: a 256-pixel-mode frame.
pub const PICTURE_W: u32 = 320;
/// Logical picture height.
pub const PICTURE_H: u32 = 240;

/// How the picture fills the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScaleMode {
    /// The largest whole multiple of 320×240 that fits (sharp, even
    /// pixels); a window smaller than 320×240 falls back to `Fit`.
    Integer,
    /// As large as fits, keeping 4:3.
    Fit,
}

/// The rectangle of the window the picture occupies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Viewport {
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
}

/// The picture's place in a `win_w`×`win_h` window.
pub fn viewport(win_w: u32, win_h: u32, mode: ScaleMode) -> Viewport {
    let (w, h) = match mode {
        ScaleMode::Integer if win_w >= PICTURE_W && win_h >= PICTURE_H => {
            let s = (win_w / PICTURE_W).min(win_h / PICTURE_H);
            (PICTURE_W * s, PICTURE_H * s)
        }
        _ => {
            // Widest 4:3 rectangle inside; u64 so huge sizes cannot overflow.
            let (ww, wh) = (u64::from(win_w), u64::from(win_h));
            if ww * 3 <= wh * 4 {
                (win_w, (ww * 3 / 4) as u32)
            } else {
                ((wh * 4 / 3) as u32, win_h)
            }
        }
    };
    Viewport {
        x: (win_w - w) / 2,
        y: (win_h - h) / 2,
        w,
        h,
    }
}

/// The window size that shows the picture at `scale` times 320×240.
pub fn window_size(scale: u32) -> (u32, u32) {
    (PICTURE_W * scale.max(1), PICTURE_H * scale.max(1))
}

/// For each of `dst` output cells, the source cell it shows (nearest
/// neighbour, sampling at cell centres so an integer scale repeats each
/// source cell exactly `dst / src` times).
pub fn sample_map(src: usize, dst: usize) -> Vec<usize> {
    (0..dst)
        .map(|d| ((2 * d + 1) * src / (2 * dst)).min(src.saturating_sub(1)))
        .collect()
}

/// Draws `frame` into `out` (`out_w` pixels wide, row-major `0x00RRGGBB`)
/// inside `vp`, and `background` everywhere else.
pub fn blit(frame: &Frame, vp: Viewport, out: &mut [u32], out_w: u32, background: u32) {
    let out_w = out_w as usize;
    if out_w == 0 {
        return;
    }
    out.fill(background);
    let out_h = out.len() / out_w;
    let (vx, vy) = (vp.x as usize, vp.y as usize);
    let vw = (vp.w as usize).min(out_w.saturating_sub(vx));
    let vh = (vp.h as usize).min(out_h.saturating_sub(vy));
    if vw == 0 || vh == 0 || frame.width == 0 || frame.height == 0 {
        return;
    }
    // Maps over the whole viewport, then clipped, so a clipped picture is
    // not squeezed.
    let cols = sample_map(frame.width, vp.w as usize);
    let rows = sample_map(frame.height, vp.h as usize);
    let mut previous: Option<(usize, usize)> = None; // (source row, output start)
    for (dy, &sy) in rows.iter().take(vh).enumerate() {
        let start = (vy + dy) * out_w + vx;
        match previous {
            // A source row shown on several output rows is scaled once and
            // copied after that.
            Some((row, from)) if row == sy => out.copy_within(from..from + vw, start),
            _ => {
                let src = &frame.pixels[sy * frame.width..(sy + 1) * frame.width];
                let dst = &mut out[start..start + vw];
                for (d, &sx) in dst.iter_mut().zip(&cols) {
                    *d = src[sx];
                }
                previous = Some((sy, start));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_scale_picks_the_largest_multiple_and_centres() {
        assert_eq!(
            viewport(640, 480, ScaleMode::Integer),
            Viewport {
                x: 0,
                y: 0,
                w: 640,
                h: 480
            }
        );
        // 1000×700: 3× is 960×720, too tall; 2× = 640×480.
        assert_eq!(
            viewport(1000, 700, ScaleMode::Integer),
            Viewport {
                x: 180,
                y: 110,
                w: 640,
                h: 480
            }
        );
        // 1920×1080: 4× (1280×960) is the largest that fits.
        assert_eq!(
            viewport(1920, 1080, ScaleMode::Integer),
            Viewport {
                x: 320,
                y: 60,
                w: 1280,
                h: 960
            }
        );
    }

    #[test]
    fn fit_keeps_four_to_three() {
        assert_eq!(
            viewport(1920, 1080, ScaleMode::Fit),
            Viewport {
                x: 240,
                y: 0,
                w: 1440,
                h: 1080
            }
        );
        assert_eq!(
            viewport(800, 1000, ScaleMode::Fit),
            Viewport {
                x: 0,
                y: 200,
                w: 800,
                h: 600
            }
        );
    }

    #[test]
    fn tiny_windows_fall_back_to_fit() {
        assert_eq!(
            viewport(160, 120, ScaleMode::Integer),
            Viewport {
                x: 0,
                y: 0,
                w: 160,
                h: 120
            }
        );
        assert_eq!(viewport(0, 0, ScaleMode::Integer).w, 0);
    }

    #[test]
    fn sample_maps() {
        assert_eq!(sample_map(2, 4), [0, 0, 1, 1]);
        assert_eq!(sample_map(4, 2), [1, 3]);
        assert_eq!(sample_map(3, 3), [0, 1, 2]);
        // A 640-wide frame in a 640-wide viewport: one to one.
        assert_eq!(sample_map(640, 640), (0..640).collect::<Vec<_>>());
        assert!(sample_map(0, 3).iter().all(|&s| s == 0));
    }

    fn test_frame(width: usize) -> Frame {
        let pixels = (0..width * 240)
            .map(|i| ((i % width) as u32) << 8 | (i / width) as u32)
            .collect();
        Frame {
            width,
            height: 240,
            pixels,
        }
    }

    #[test]
    fn blit_doubles_each_pixel_at_2x() {
        let f = test_frame(320);
        let mut out = vec![0; 700 * 500];
        let vp = viewport(700, 500, ScaleMode::Integer);
        blit(&f, vp, &mut out, 700, 0xABCDEF);
        assert_eq!(out[0], 0xABCDEF);
        let at = |x: u32, y: u32| out[(y * 700 + x) as usize];
        for (x, y) in [(0, 0), (5, 7), (319, 239)] {
            let p = f.pixel(x, y);
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                assert_eq!(at(vp.x + 2 * x as u32 + dx, vp.y + 2 * y as u32 + dy), p);
            }
        }
        assert_eq!(at(vp.x - 1, vp.y), 0xABCDEF);
        assert_eq!(at(vp.x + vp.w, vp.y + vp.h - 1), 0xABCDEF);
    }

    #[test]
    fn blit_squeezes_wide_frames() {
        let f = test_frame(640);
        let mut out = vec![0; 320 * 240];
        blit(&f, viewport(320, 240, ScaleMode::Integer), &mut out, 320, 0);
        // Output column x shows source column 2x+1 (cell centre).
        assert_eq!(out[10], f.pixel(21, 0));
        assert_eq!(out[239 * 320 + 319], f.pixel(639, 239));
    }

    #[test]
    fn blit_survives_odd_buffers() {
        let f = test_frame(320);
        let mut out = vec![0; 10];
        blit(&f, viewport(640, 480, ScaleMode::Integer), &mut out, 5, 0);
        blit(&f, viewport(640, 480, ScaleMode::Integer), &mut out, 0, 0);
        let empty = Frame {
            width: 0,
            height: 0,
            pixels: vec![],
        };
        blit(&empty, viewport(5, 2, ScaleMode::Fit), &mut out, 5, 7);
        assert!(out.iter().all(|&p| p == 7));
    }
}
