//! Two pictures compared pixel by pixel, and a picture of where they differ.
//!
//! Both `msx test` and [`Session::check_png`](crate::Session::check_png) use this one
//! comparison, so a failure reads and looks the same whichever ran it.

use image::{Rgb, RgbImage};

/// Where two pictures of the same size differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PictureDiff {
    /// How many pixels differ.
    pub pixels: usize,
    /// How many pixels each picture has.
    pub of: usize,
    /// The smallest rectangle holding every differing pixel: left, top, right,
    /// bottom, all inclusive.
    pub bounds: (u32, u32, u32, u32),
    /// The first differing pixel (in reading order) and its colour in the
    /// actual and in the golden picture.
    pub first: ((u32, u32), Rgb<u8>, Rgb<u8>),
    /// The golden picture faded to grey, with the differing pixels in bright
    /// magenta: what changed stands out, and where it is on the screen too.
    pub image: RgbImage,
}

/// What a comparison found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// The pictures are not the same size: there is no pixel to pixel difference.
    Size {
        actual: (u32, u32),
        golden: (u32, u32),
    },
    Pixels(PictureDiff),
}

/// The colour of a differing pixel in the difference picture: no MSX palette's
/// grey, and bright against the faded ones.
pub const HIGHLIGHT: Rgb<u8> = Rgb([255, 0, 255]);

/// Compares `actual` with `golden`; `None` when every pixel is the same.
pub fn compare(actual: &RgbImage, golden: &RgbImage) -> Option<Difference> {
    if actual.dimensions() != golden.dimensions() {
        return Some(Difference::Size {
            actual: actual.dimensions(),
            golden: golden.dimensions(),
        });
    }
    let (width, height) = golden.dimensions();
    let mut image = RgbImage::new(width, height);
    let mut pixels = 0usize;
    let mut first = None;
    let (mut left, mut top, mut right, mut bottom) = (u32::MAX, u32::MAX, 0, 0);
    for ((x, y, a), g) in actual.enumerate_pixels().zip(golden.pixels()) {
        if a == g {
            image.put_pixel(x, y, faded(*g));
            continue;
        }
        pixels += 1;
        first.get_or_insert(((x, y), *a, *g));
        left = left.min(x);
        top = top.min(y);
        right = right.max(x);
        bottom = bottom.max(y);
        image.put_pixel(x, y, HIGHLIGHT);
    }
    let first = first?;
    Some(Difference::Pixels(PictureDiff {
        pixels,
        of: (width * height) as usize,
        bounds: (left, top, right, bottom),
        first,
        image,
    }))
}

/// A pixel's grey (its luma), pulled towards the middle so that neither black
/// nor white hides the highlight.
fn faded(p: Rgb<u8>) -> Rgb<u8> {
    let [r, g, b] = p.0;
    let luma = (299 * r as u32 + 587 * g as u32 + 114 * b as u32) / 1000;
    let grey = (64 + luma / 3) as u8;
    Rgb([grey, grey, grey])
}

impl std::fmt::Display for Difference {
    /// One sentence: how many pixels differ, where, and the first of them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Difference::Size { actual, golden } => write!(
                f,
                "the frame is {}×{} pixels, the golden picture {}×{}",
                actual.0, actual.1, golden.0, golden.1
            ),
            Difference::Pixels(d) => {
                let ((x, y), a, g) = d.first;
                let (l, t, r, b) = d.bounds;
                let verb = if d.pixels == 1 {
                    "pixel differs"
                } else {
                    "pixels differ"
                };
                write!(
                    f,
                    "{} {verb} (of {}); the first at x {x}, y {y}: {} in this run, {} in the golden picture; all within x {l}..={r}, y {t}..={b}",
                    d.pixels,
                    d.of,
                    hex(a),
                    hex(g)
                )
            }
        }
    }
}

fn hex(p: Rgb<u8>) -> String {
    format!("#{:02X}{:02X}{:02X}", p.0[0], p.0[1], p.0[2])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(w: u32, h: u32, colour: [u8; 3]) -> RgbImage {
        RgbImage::from_pixel(w, h, Rgb(colour))
    }

    #[test]
    fn the_same_pictures_do_not_differ() {
        let a = picture(4, 3, [1, 2, 3]);
        assert_eq!(compare(&a, &a.clone()), None);
    }

    #[test]
    fn differing_pixels_are_counted_bounded_and_highlighted() {
        let golden = picture(6, 5, [255, 255, 255]);
        let mut actual = golden.clone();
        actual.put_pixel(4, 1, Rgb([0, 0, 0]));
        actual.put_pixel(2, 3, Rgb([0, 0, 0]));
        let Some(Difference::Pixels(d)) = compare(&actual, &golden) else {
            panic!("the pictures differ by two pixels");
        };
        assert_eq!(d.pixels, 2);
        assert_eq!(d.of, 30);
        assert_eq!(d.bounds, (2, 1, 4, 3));
        assert_eq!(d.first, ((4, 1), Rgb([0, 0, 0]), Rgb([255, 255, 255])));
        assert_eq!(*d.image.get_pixel(4, 1), HIGHLIGHT);
        assert_eq!(*d.image.get_pixel(2, 3), HIGHLIGHT);
        // Everything else is a grey, not the highlight and not the original white.
        let grey = *d.image.get_pixel(0, 0);
        assert_eq!(grey.0[0], grey.0[1]);
        assert_ne!(grey, HIGHLIGHT);
        assert_ne!(grey, Rgb([255, 255, 255]));
        assert_eq!(
            Difference::Pixels(d).to_string(),
            "2 pixels differ (of 30); the first at x 4, y 1: #000000 in this run, #FFFFFF in the golden picture; all within x 2..=4, y 1..=3"
        );
    }

    #[test]
    fn pictures_of_other_sizes_say_so() {
        let d = compare(&picture(2, 2, [0; 3]), &picture(3, 2, [0; 3])).unwrap();
        assert_eq!(
            d.to_string(),
            "the frame is 2×2 pixels, the golden picture 3×2"
        );
    }
}
