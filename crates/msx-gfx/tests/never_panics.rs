//! Any bytes given to the decoders, and any picture given to the encoders, give a
//! picture or an error, never a panic; and what the encoders accept comes back as it was.

use msx_gfx::sprites::{self, Mode, Size};
use msx_gfx::{bitmap, decode, encode, tiles, Colors, Options, Screen, POWER_ON};
use proptest::prelude::*;

fn screen() -> impl Strategy<Value = Screen> {
    prop_oneof![
        Just(Screen::Sc5),
        Just(Screen::Sc6),
        Just(Screen::Sc7),
        Just(Screen::Sc8)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn decoders_take_any_bytes(data in proptest::collection::vec(any::<u8>(), 0..3000),
                               s in screen(), columns in 0u32..100) {
        let _ = decode(&data, s, None);
        let _ = tiles::decode_screen(&data, None);
        let half = data.len() / 2;
        let set = tiles::Tiles {
            patterns: data[..half / 2].to_vec(),
            colours: data[half / 2..half].to_vec(),
            names: data[half..].to_vec(),
        };
        let _ = tiles::decode_tiles(&set, columns, None);
        for size in [Size::S8, Size::S16] {
            for mode in [Mode::One, Mode::Two] {
                let _ = sprites::decode(&data[..half], &data[half..], size, mode, columns, None);
            }
        }
    }

    #[test]
    fn encoders_take_any_picture(w in 0u32..40, h in 0u32..40, seed in any::<u64>(),
                                 s in screen(), quantize in any::<bool>()) {
        let img = image::RgbaImage::from_fn(w, h, |x, y| {
            let v = seed.wrapping_mul(u64::from(x * 31 + y * 7 + 1)) >> 24;
            image::Rgba((v as u32).to_le_bytes())
        });
        for colors in [Colors::Msx, Colors::Image] {
            let _ = encode(&img, s, Options { colors, quantize });
        }
        for colors in [Colors::Msx, Colors::Image] {
            let opts = Options { colors, quantize };
            let _ = tiles::encode_tiles(&img, opts);
            let _ = sprites::encode(&img, Size::S8, Mode::Two, opts);
            let _ = sprites::encode(&img, Size::S16, Mode::One, opts);
        }
    }

    /// Power-on colours a mode can show, any arrangement: back exactly.
    #[test]
    fn bitmaps_round_trip(s in screen(), h in 1u32..4,
                          picks in proptest::collection::vec(any::<u8>(), 512 * 3)) {
        let img = image::RgbaImage::from_fn(s.width(), h, |x, y| {
            let k = picks[(y * s.width() + x) as usize % picks.len()];
            let [r, g, b] = match s {
                Screen::Sc8 => bitmap::sc8_rgb(k),
                // Index 0 would come back as index 1 (both black): use 1 and up.
                _ => POWER_ON[1 + usize::from(k) % (s.colours() - 1)].to_rgb8(),
            };
            image::Rgba([r, g, b, 255])
        });
        let enc = encode(&img, s, Options::default()).unwrap();
        let back = decode(&enc.bytes, s, enc.palette.as_ref()).unwrap();
        prop_assert_eq!(image::DynamicImage::ImageRgb8(back).to_rgba8(), img);
    }
}
