//! `msx gfx`: pictures to and from the MSX2 bitmap screens (SCREEN 5 to 8).
//!
//! A thin front over `msx_gfx`: argument parsing and file I/O here, every conversion
//! rule there. See `docs/gfx.md`.

use anyhow::{anyhow, Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use msx_gfx::{bsave, palette, sprites, tiles, Options, Screen};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::outputs::Outputs;

#[derive(Args)]
pub struct GfxArgs {
    #[command(subcommand)]
    command: GfxCommand,
}

#[derive(Subcommand)]
enum GfxCommand {
    /// Convert a PNG to a headerless bitmap of SCREEN 5, 6, 7 or 8.
    Png2sc(Png2ScArgs),
    /// Render a bitmap of SCREEN 5, 6, 7 or 8 (with or without BSAVE header) as a PNG.
    Sc2png(Sc2PngArgs),
    /// Convert a PNG 256 pixels wide to a headerless SCREEN 5 bitmap (`png2sc --screen 5`).
    // The shared arguments' help speaks of every mode: here only SCREEN 5's is true.
    #[command(
        mut_arg("input", |a| a
            .help("The picture: 256 pixels wide, 1 to 256 lines high (212 are visible)")
            .long_help(None::<&str>)),
        mut_arg("output", |a| a
            .help("The file to write (default: INPUT with the extension .sc5)")
            .long_help(None::<&str>)),
        mut_arg("colors", |a| a
            .help("How pixel colours become colour indices")
            .long_help(None::<&str>)),
        mut_arg("quantize", |a| a
            .help("Accept any colours: with --colors msx each pixel takes the nearest \
                   palette colour; with --colors image the picture is reduced to 16 by \
                   median cut")
            .long_help(None::<&str>)),
    )]
    Png2sc5(PngIn),
    /// Render a SCREEN 5 bitmap as a PNG (`sc2png --screen 5`).
    #[command(mut_arg("input", |a| a
        .help("A SCREEN 5 bitmap, whole lines of 128 bytes, optionally with a BSAVE header")
        .long_help(None::<&str>)))]
    Sc52png(ScIn),
    /// Convert a PNG to SCREEN 2/4 tiles: a whole-screen VRAM image, or with --tiles a
    /// tile set (.pat, .col, .nam).
    Png2sc2(Png2Sc2Args),
    /// Render a SCREEN 2/4 VRAM image (0x3800 bytes or more, BSAVE header or not) as a PNG.
    #[command(mut_arg("input", |a| a
        .help("A SCREEN 2/4 VRAM image of 0x3800 to 0x4000 bytes (as `png2sc2` writes it), \
               optionally with a BSAVE header")
        .long_help(None::<&str>)))]
    Sc22png(ScIn),
    /// Render a tile set (BASE.pat, BASE.col, BASE.nam) as a PNG.
    Tiles2png(Tiles2PngArgs),
    /// Convert a PNG of sprites to the pattern table (BASE.spr) and colours (BASE.spc).
    Png2spr(Png2SprArgs),
    /// Render sprites (BASE.spr, BASE.spc) as a PNG.
    Spr2png(Spr2PngArgs),
}

#[derive(Clone, Copy, ValueEnum)]
enum SpriteSize {
    #[value(name = "8")]
    S8,
    #[value(name = "16")]
    S16,
}

#[derive(Clone, Copy, ValueEnum)]
enum SpriteMode {
    /// SCREEN 1-3: one colour per sprite.
    #[value(name = "1")]
    One,
    /// SCREEN 4-8: a colour per line, a second (CC) plane where a line needs it.
    #[value(name = "2")]
    Two,
}

#[derive(Args)]
struct SpriteKind {
    /// Sprite size in pixels.
    #[arg(long, value_enum, default_value = "16")]
    size: SpriteSize,
    /// Sprite mode.
    #[arg(long, value_enum, default_value = "2")]
    mode: SpriteMode,
}

impl SpriteKind {
    fn lib(&self) -> (sprites::Size, sprites::Mode) {
        let size = match self.size {
            SpriteSize::S8 => sprites::Size::S8,
            SpriteSize::S16 => sprites::Size::S16,
        };
        let mode = match self.mode {
            SpriteMode::One => sprites::Mode::One,
            SpriteMode::Two => sprites::Mode::Two,
        };
        (size, mode)
    }
}

#[derive(Args)]
struct Png2SprArgs {
    /// The sheet: sprites side by side, taken in reading order.
    input: PathBuf,
    /// The base name of the outputs (default: INPUT without its extension).
    #[arg(short, long, value_name = "BASE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    kind: SpriteKind,
    /// How pixel colours become colour indices (image: the sheet's own 15 colours).
    #[arg(long, value_enum, default_value = "msx")]
    colors: Colors,
    /// With --colors msx a colour outside the power-on palette takes its nearest entry;
    /// with --colors image more than 15 colours are cut to 15 by median cut.
    #[arg(long)]
    quantize: bool,
    /// Also write the palette (32 bytes, as for port 0x9A).
    #[arg(long, value_name = "OUT.pal")]
    palette: Option<PathBuf>,
}

#[derive(Args)]
struct Spr2PngArgs {
    /// The base name: BASE.spr and BASE.spc are read.
    base: PathBuf,
    /// The PNG to write (default: BASE.png).
    #[arg(short, long, value_name = "OUT.png")]
    output: Option<PathBuf>,
    #[command(flatten)]
    kind: SpriteKind,
    /// Sprites per row of the picture.
    #[arg(long, default_value_t = 8)]
    columns: u32,
    /// Palette file (32 bytes); default: the power-on palette.
    #[arg(long, value_name = "IN.pal")]
    palette: Option<PathBuf>,
}

#[derive(Args)]
struct Png2Sc2Args {
    /// The picture: 256 × 192, or with --tiles any size in whole 8 × 8 tiles.
    input: PathBuf,
    /// The file to write (default: INPUT with the extension .sc2); with --tiles the
    /// base name of the three tables (default: INPUT without its extension).
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
    /// Write the distinct tiles (at most 256) as OUT.pat and OUT.col, and the name of
    /// each tile position, row by row, as OUT.nam.
    #[arg(long)]
    tiles: bool,
    /// A tile row with more than two colours takes the two that show it best; with
    /// --colors msx a colour outside the power-on palette takes its nearest entry, with
    /// --colors image more than 16 colours are cut to 16 by median cut.
    #[arg(long)]
    quantize: bool,
    /// How pixel colours become colour indices.
    #[arg(long, value_enum, default_value = "msx")]
    colors: Colors,
    /// Also write the palette (32 bytes, as for port 0x9A).
    #[arg(long, value_name = "OUT.pal")]
    palette: Option<PathBuf>,
    /// Start the VRAM image with the 7-byte BSAVE header, for `BLOAD "X",S`.
    #[arg(long, conflicts_with = "tiles")]
    header: bool,
}

#[derive(Args)]
struct Tiles2PngArgs {
    /// The tables' base name: BASE.pat, BASE.col and BASE.nam are read.
    base: PathBuf,
    /// The PNG to write (default: BASE.png).
    #[arg(short, long, value_name = "OUT.png")]
    output: Option<PathBuf>,
    /// Tiles per row of the picture.
    #[arg(long, default_value_t = 32)]
    columns: u32,
    /// Palette file (32 bytes); default: the power-on palette.
    #[arg(long, value_name = "IN.pal")]
    palette: Option<PathBuf>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Colors {
    /// Each colour must be one of the MSX2 power-on palette; pixels keep its index.
    Msx,
    /// The picture's own colours, numbered in the order they first appear.
    Image,
}

#[derive(Args)]
struct Png2ScArgs {
    /// The screen mode (default: from the output's extension, .sc5 to .sc8).
    #[arg(long, value_parser = clap::value_parser!(u8).range(5..=8))]
    screen: Option<u8>,
    #[command(flatten)]
    png: PngIn,
}

#[derive(Args)]
struct PngIn {
    /// The picture: a screen line wide (256 pixels, 512 for SCREEN 6 and 7), 1 to 256
    /// lines high (212 are visible).
    input: PathBuf,
    /// The file to write (default: INPUT with the extension .scN).
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
    /// Also write the palette: 16 entries of 2 bytes, as written to VDP port 0x9A.
    #[arg(long, value_name = "OUT.pal")]
    palette: Option<PathBuf>,
    /// Start the file with the 7-byte BSAVE header (0xFE, start, end, exec), as
    /// `BSAVE "X",0,N,S` writes it. Off by default: the MarMSX loader reads raw bytes.
    #[arg(long)]
    header: bool,
    /// The VRAM address written in the header (page 1 of SCREEN 5 starts at 0x8000).
    #[arg(long, value_parser = parse_address, default_value = "0", requires = "header")]
    address: u16,
    /// How pixel colours become colour indices (SCREEN 5 to 7).
    #[arg(long, value_enum, default_value = "msx")]
    colors: Colors,
    /// Accept any colours: with --colors msx each pixel takes the nearest palette colour
    /// (SCREEN 8: the nearest of its 256); with --colors image the picture is reduced
    /// by median cut.
    #[arg(long)]
    quantize: bool,
}

#[derive(Args)]
struct Sc2PngArgs {
    /// The screen mode (default: from the input's extension, .sc5 to .sc8).
    #[arg(long, value_parser = clap::value_parser!(u8).range(5..=8))]
    screen: Option<u8>,
    #[command(flatten)]
    sc: ScIn,
}

#[derive(Args)]
struct ScIn {
    /// A bitmap, whole lines, optionally with a BSAVE header.
    input: PathBuf,
    /// The PNG to write (default: INPUT with the extension .png).
    #[arg(short, long, value_name = "OUT.png")]
    output: Option<PathBuf>,
    /// Palette file (32 bytes, as `png2sc --palette` writes); default: the power-on palette.
    #[arg(long, value_name = "IN.pal")]
    palette: Option<PathBuf>,
}

pub fn run(args: GfxArgs) -> Result<ExitCode> {
    match args.command {
        GfxCommand::Png2sc(a) => {
            let screen = screen_of(a.screen, a.png.output.as_deref(), "output")?;
            png2sc(a.png, screen)
        }
        GfxCommand::Sc2png(a) => {
            let screen = screen_of(a.screen, Some(&a.sc.input), "input")?;
            sc2png(a.sc, screen)
        }
        GfxCommand::Png2sc5(a) => png2sc(a, Screen::Sc5),
        GfxCommand::Sc52png(a) => sc2png(a, Screen::Sc5),
        GfxCommand::Png2sc2(a) => png2sc2(a),
        GfxCommand::Sc22png(a) => sc22png(a),
        GfxCommand::Tiles2png(a) => tiles2png(a),
        GfxCommand::Png2spr(a) => png2spr(a),
        GfxCommand::Spr2png(a) => spr2png(a),
    }
    .map(|()| ExitCode::SUCCESS)
}

/// `--screen N`, else the mode the file's extension names (`.sc7`).
fn screen_of(given: Option<u8>, file: Option<&Path>, which: &str) -> Result<Screen> {
    let from_ext = || {
        let ext = file?.extension()?.to_str()?.to_ascii_lowercase();
        ext.strip_prefix("sc")?.parse::<u8>().ok()
    };
    given
        .or_else(from_ext)
        .and_then(Screen::from_number)
        .ok_or_else(|| {
            anyhow!("which screen? pass --screen 5|6|7|8 (or name the {which} .sc5 to .sc8)")
        })
}

/// `0x8000`, `8000h`, `&H8000` or decimal.
fn parse_address(s: &str) -> Result<u16, String> {
    let t = s.trim();
    let (digits, radix) = if let Some(h) = t.strip_prefix("0x").or(t.strip_prefix("0X")) {
        (h, 16)
    } else if let Some(h) = t.strip_prefix("&H").or(t.strip_prefix("&h")) {
        (h, 16)
    } else if let Some(h) = t.strip_suffix('h').or(t.strip_suffix('H')) {
        (h, 16)
    } else {
        (t, 10)
    };
    u16::from_str_radix(digits, radix).map_err(|_| format!("`{s}` is not an address 0-65535"))
}

fn options(colors: Colors, quantize: bool) -> Options {
    let colors = match colors {
        Colors::Msx => msx_gfx::Colors::Msx,
        Colors::Image => msx_gfx::Colors::Image,
    };
    Options { colors, quantize }
}

/// Stages `--palette`, when asked for.
fn stage_palette(files: &mut Outputs, path: Option<&Path>, pal: &palette::Palette) {
    if let Some(p) = path {
        files.file(p, palette::to_pal_bytes(pal));
    }
}

fn png2sc(a: PngIn, screen: Screen) -> Result<()> {
    if !screen.has_palette() && (a.palette.is_some() || a.colors == Colors::Image) {
        return Err(in_file(&a.input)(msx_gfx::GfxError::FixedColours));
    }
    let img = read_png(&a.input)?;
    let opts = options(a.colors, a.quantize);
    let encoded = msx_gfx::encode(&img, screen, opts).map_err(in_file(&a.input))?;
    let bytes = if a.header {
        bsave::with_header(a.address, &encoded.bytes).map_err(in_file(&a.input))?
    } else {
        encoded.bytes
    };
    let ext = format!("sc{}", screen.number());
    let output = a.output.unwrap_or_else(|| a.input.with_extension(ext));
    let mut files = Outputs::new();
    files.file(&output, bytes);
    if let (Some(p), Some(pal)) = (&a.palette, &encoded.palette) {
        files.file(p, palette::to_pal_bytes(pal));
    }
    files.commit()
}

/// The palette of `--palette`, if given.
fn read_palette(path: Option<&Path>) -> Result<Option<palette::Palette>> {
    let Some(p) = path else { return Ok(None) };
    let bytes = super::read_input(p)?;
    let pal = palette::from_pal_bytes(&bytes).map_err(in_file(p))?;
    Ok(Some(pal))
}

/// The picture in `path`, as RGBA.
fn read_png(path: &Path) -> Result<image::RgbaImage> {
    super::outputs::note_input(path);
    let img = image::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(img.to_rgba8())
}

/// A library error, prefixed by the file it is about.
fn in_file(path: &Path) -> impl Fn(msx_gfx::GfxError) -> anyhow::Error + '_ {
    move |e| anyhow!("{}: {e}", path.display())
}

/// Writes `img` as a PNG to `output`, by default `input` with the extension .png.
fn write_png(
    img: impl Into<image::DynamicImage>,
    output: Option<PathBuf>,
    input: &Path,
) -> Result<()> {
    let mut png = Vec::new();
    img.into()
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .context("cannot encode the PNG")?;
    let output = output.unwrap_or_else(|| input.with_extension("png"));
    super::write_atomic(&output, &png)
}

fn sc2png(a: ScIn, screen: Screen) -> Result<()> {
    let data = super::read_input(&a.input)?;
    let palette = read_palette(a.palette.as_deref())?;
    let img = msx_gfx::decode(bsave::strip(&data), screen, palette.as_ref())
        .map_err(in_file(&a.input))?;
    write_png(img, a.output, &a.input)
}

fn png2sc2(a: Png2Sc2Args) -> Result<()> {
    let img = read_png(&a.input)?;
    let fail = in_file(&a.input);
    let opts = options(a.colors, a.quantize);
    if a.tiles {
        let (set, pal) = tiles::encode_tiles(&img, opts).map_err(&fail)?;
        let base = a.output.unwrap_or_else(|| a.input.with_extension(""));
        let mut files = Outputs::new();
        files.file(base.with_extension("pat"), set.patterns);
        files.file(base.with_extension("col"), set.colours);
        files.file(base.with_extension("nam"), set.names);
        stage_palette(&mut files, a.palette.as_deref(), &pal);
        return files.commit();
    }
    let (vram, pal) = tiles::encode_screen(&img, opts).map_err(&fail)?;
    let bytes = if a.header {
        bsave::with_header(0, &vram).map_err(&fail)?
    } else {
        vram
    };
    let output = a.output.unwrap_or_else(|| a.input.with_extension("sc2"));
    let mut files = Outputs::new();
    files.file(&output, bytes);
    stage_palette(&mut files, a.palette.as_deref(), &pal);
    files.commit()
}

fn sc22png(a: ScIn) -> Result<()> {
    let data = super::read_input(&a.input)?;
    let palette = read_palette(a.palette.as_deref())?;
    let img =
        tiles::decode_screen(bsave::strip(&data), palette.as_ref()).map_err(in_file(&a.input))?;
    write_png(img, a.output, &a.input)
}

fn tiles2png(a: Tiles2PngArgs) -> Result<()> {
    let read = |ext: &str| super::read_input(&a.base.with_extension(ext));
    let set = tiles::Tiles {
        patterns: read("pat")?,
        colours: read("col")?,
        names: read("nam")?,
    };
    let palette = read_palette(a.palette.as_deref())?;
    let img = tiles::decode_tiles(&set, a.columns, palette.as_ref()).map_err(in_file(&a.base))?;
    write_png(img, a.output, &a.base)
}

fn png2spr(a: Png2SprArgs) -> Result<()> {
    let img = read_png(&a.input)?;
    let (size, mode) = a.kind.lib();
    let opts = options(a.colors, a.quantize);
    let set = sprites::encode(&img, size, mode, opts).map_err(in_file(&a.input))?;
    let base = a.output.unwrap_or_else(|| a.input.with_extension(""));
    let mut files = Outputs::new();
    files.file(base.with_extension("spr"), set.patterns);
    files.file(base.with_extension("spc"), set.colours);
    stage_palette(&mut files, a.palette.as_deref(), &set.palette);
    files.commit()
}

fn spr2png(a: Spr2PngArgs) -> Result<()> {
    let patterns = super::read_input(&a.base.with_extension("spr"))?;
    let colours = super::read_input(&a.base.with_extension("spc"))?;
    let palette = read_palette(a.palette.as_deref())?;
    let (size, mode) = a.kind.lib();
    let img = sprites::decode(&patterns, &colours, size, mode, a.columns, palette.as_ref())
        .map_err(in_file(&a.base))?;
    write_png(img, a.output, &a.base)
}
