//! The one error type of the crate. Messages are what `msx gfx` shows after the file
//! name, so each carries what the user must change.

use crate::bitmap::Screen;

/// An 8-bit colour, shown as `#RRGGBB`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hex(pub [u8; 3]);

impl std::fmt::Display for Hex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [r, g, b] = self.0;
        write!(f, "#{r:02X}{g:02X}{b:02X}")
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum GfxError {
    #[error("the picture is {width} pixels wide; {screen} lines are {want}")]
    Width {
        screen: Screen,
        width: u32,
        want: u32,
    },
    #[error("the picture is {height} lines high; a {screen} page has 1 to {max}")]
    Height {
        screen: Screen,
        height: u32,
        max: u32,
    },
    #[error("{count} distinct colours, {screen} shows {max} (reduce them, or pass --quantize)")]
    TooManyColours {
        screen: &'static str,
        count: usize,
        max: usize,
    },
    #[error(
        "colour {colour} at ({x}, {y}) is not in the MSX2 power-on palette \
         (use --colors image, or --quantize)"
    )]
    NotInPalette { colour: Hex, x: u32, y: u32 },
    #[error(
        "colour {colour} at ({x}, {y}) is colour {index} of the power-on palette; \
         {screen} shows colours 0 to {last} (use --colors image, or --quantize)"
    )]
    IndexTooHigh {
        screen: &'static str,
        colour: Hex,
        x: u32,
        y: u32,
        index: u8,
        last: usize,
    },
    #[error(
        "colour {colour} at ({x}, {y}) is not one of SCREEN 8's 256 colours: its blue \
         rounds to level {level} of 7, SCREEN 8 has 0, 2, 4 and 7 (pass --quantize)"
    )]
    NotInScreen8 {
        colour: Hex,
        x: u32,
        y: u32,
        level: u8,
    },
    #[error("SCREEN 8's 256 colours are fixed: --colors image and palettes do not apply")]
    FixedColours,
    #[error("{len} bytes is not a whole number of {line}-byte lines (1 to 256 of them)")]
    BitmapSize { len: usize, line: usize },
    #[error("a palette file is 32 bytes, this one is {0}")]
    PaletteSize(usize),
    #[error("the picture is {width} × {height}; tiles need sides that are multiples of 8")]
    TileSize { width: u32, height: u32 },
    #[error("the picture is {width} × {height}; a SCREEN 2 screen is 256 × 192 (or pass --tiles)")]
    ScreenSize { width: u32, height: u32 },
    #[error(
        "tile ({}, {}) row {row} (pixels ({x}, {y}) to ({}, {y})) has more than two colours: \
         {colours} (pass --quantize)", tile.0, tile.1, x + 7
    )]
    TileRow {
        tile: (u32, u32),
        row: u32,
        x: u32,
        y: u32,
        colours: String,
    },
    #[error("more than 256 different tiles: a pattern table holds 256")]
    TooManyTiles,
    #[error("{0} bytes is not a SCREEN 2 VRAM image (0x3800 to 0x4000 bytes)")]
    ScreenBytes(usize),
    #[error("{patterns} pattern bytes and {colours} colour bytes: both must be the same whole number of 8-byte tiles")]
    TileTables { patterns: usize, colours: usize },
    #[error("a name table of {names} bytes is not whole rows of {columns} tiles")]
    NameTable { names: usize, columns: u32 },
    #[error("name {name} at byte {at} of the name table is beyond the {count} tiles")]
    NameOutOfSet { at: usize, name: u8, count: usize },
    #[error("the picture is {width} × {height}; a sheet of {size} × {size} sprites needs sides that are multiples of {size}")]
    SpriteSheet { width: u32, height: u32, size: u32 },
    #[error("sprite {sprite} at ({x}, {y}) has more than one colour: {colours}; sprite mode 1 gives a sprite one colour")]
    SpriteColours {
        sprite: usize,
        x: u32,
        y: u32,
        colours: String,
    },
    #[error("sprite {sprite} at ({x}, {y}) line {line} has the colours {colours}: two planes show at most two colours and their OR")]
    SpriteLine {
        sprite: usize,
        x: u32,
        y: u32,
        line: usize,
        colours: String,
    },
    #[error("{patterns} pattern bytes and {colours} colour bytes do not make whole sprites")]
    SpriteTables { patterns: usize, colours: usize },
    #[error("the data ends at 0x{end:X}: a BSAVE header holds 16-bit addresses")]
    HeaderEnd { end: u64 },
}
