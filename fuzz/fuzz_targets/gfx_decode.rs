//! MSX picture data through the graphics decoders (`msx gfx *2png`): the first
//! byte chooses the decoder and its settings, the rest is the data.
#![no_main]

use libfuzzer_sys::fuzz_target;
use msx_gfx::sprites::{Mode, Size};
use msx_gfx::tiles::Tiles;
use msx_gfx::{bsave, palette, sprites, tiles, Screen};

fuzz_target!(|data: &[u8]| {
    let Some((&how, rest)) = data.split_first() else {
        return;
    };
    let rest = bsave::strip(rest);
    // A palette from the first 32 bytes when bit 7 says so.
    let pal = if how & 0x80 != 0 && rest.len() >= 32 {
        palette::from_pal_bytes(&rest[..32]).ok()
    } else {
        None
    };
    match how & 7 {
        0..=3 => {
            let screen = [Screen::Sc5, Screen::Sc6, Screen::Sc7, Screen::Sc8][usize::from(how & 3)];
            let _ = msx_gfx::decode(rest, screen, pal.as_ref());
        }
        4 => {
            let _ = tiles::decode_screen(rest, pal.as_ref());
        }
        5 => {
            // Patterns, colours and names in thirds.
            let third = rest.len() / 3;
            let t = Tiles {
                patterns: rest[..third].to_vec(),
                colours: rest[third..2 * third].to_vec(),
                names: rest[2 * third..].to_vec(),
            };
            let _ = tiles::decode_tiles(&t, u32::from(how >> 3 & 15), pal.as_ref());
        }
        _ => {
            let size = if how & 8 != 0 { Size::S16 } else { Size::S8 };
            let mode = if how & 16 != 0 { Mode::Two } else { Mode::One };
            let half = rest.len() / 2;
            let _ = sprites::decode(
                &rest[..half],
                &rest[half..],
                size,
                mode,
                u32::from(how >> 5 & 3),
                pal.as_ref(),
            );
            let _ = palette::from_pal_bytes(rest);
        }
    }
});
