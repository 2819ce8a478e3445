//! Building a machine from the command line, shared by `msx run` and
//! `msx play`: ROM, disk or MSX-DOS program by extension or content, the free BIOS or the
//! user's own ROM dumps, NTSC or PAL, RAM size, the RTC's start time.

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};

use msx_machine::machine::{Machine, MachineConfig};
use msx_machine::memory::{CartridgeKind, MachineLayout, SlotContent, SlotId};
use msx_machine::psg::Chip;
use msx_machine::rtc::DateTime;

use super::read_input;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Video {
    /// 60 Hz, 262 lines (Japan, America).
    Ntsc,
    /// 50 Hz, 313 lines (Europe).
    Pal,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MediaKind {
    /// Decide by the file extension, then by the content.
    Auto,
    /// A ROM cartridge image.
    Rom,
    /// A floppy disk image.
    Dsk,
    /// An MSX-DOS program: put on a disk (in memory) that boots into it in the free disk
    /// ROM's MSX-DOS environment.
    Com,
    /// An MSX-BASIC program (a listing or a tokenized file): put on a disk (in memory)
    /// as NAME.BAS with an AUTOEXEC.BAS that runs it, for MSX-BASIC to interpret, as a
    /// real MSX would.
    Bas,
    /// Nothing inserted (no FILE given): the machine powers on into MSX-BASIC's
    /// direct mode, with an empty drive A:.
    #[value(skip)]
    Empty,
}

/// `YYYY-MM-DDTHH:MM:SS` (a space also separates date and time; the time
/// may be left out for midnight).
pub fn parse_rtc(s: &str) -> Result<DateTime, String> {
    let bad = || format!("`{s}` is not a date and time like 2026-01-01T12:30:00");
    let (date, time) = match s.split_once(['T', ' ']) {
        Some((d, t)) => (d, t),
        None => (s, "00:00:00"),
    };
    let nums = |text: &str, sep: char, n: usize| -> Result<Vec<u16>, String> {
        let parts: Vec<&str> = text.split(sep).collect();
        if parts.len() != n {
            return Err(bad());
        }
        parts
            .iter()
            .map(|p| p.trim().parse::<u16>().map_err(|_| bad()))
            .collect()
    };
    let d = nums(date, '-', 3)?;
    let t = nums(time, ':', 3)?;
    let dt = DateTime::new(
        d[0], d[1] as u8, d[2] as u8, t[0] as u8, t[1] as u8, t[2] as u8,
    );
    dt.validate().map_err(|e| format!("{s}: {e}"))?;
    Ok(dt)
}

/// Sizes of the disk image formats the drive takes.
pub const DISK_SIZES: [usize; 4] = [737_280, 368_640, 655_360, 327_680];

/// ROM or disk: the extension decides, else the content.
pub fn media_kind(path: &Path, bytes: &[u8], asked: MediaKind) -> Result<MediaKind> {
    if asked != MediaKind::Auto {
        return Ok(asked);
    }
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("dsk" | "di1" | "di2") => return Ok(MediaKind::Dsk),
        Some("rom" | "mx1" | "mx2" | "ri") => return Ok(MediaKind::Rom),
        Some("com") => return Ok(MediaKind::Com),
        Some("bas" | "asc") => return Ok(MediaKind::Bas),
        _ => {}
    }
    let header_at = |o: usize| bytes.get(o..o + 2) == Some(b"AB");
    if header_at(0) || header_at(0x4000) {
        Ok(MediaKind::Rom)
    } else if DISK_SIZES.contains(&bytes.len()) {
        Ok(MediaKind::Dsk)
    } else {
        bail!(
            "{}: neither a ROM (no \"AB\" header) nor a disk image (size {}); say which with --kind rom|dsk",
            path.display(),
            bytes.len()
        )
    }
}

/// The sound chip (`--psg`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PsgChip {
    /// Yamaha YM2149, as in the MSX-engines of most MSX2 machines: registers read back
    /// as written, 32 envelope steps.
    Ym2149,
    /// General Instrument AY-3-8910, as in MSX1 machines: unused register bits read 0,
    /// 16 envelope steps.
    Ay8910,
}

/// Where the ROMs and RAM sit (`--layout`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Layout {
    /// This project's MSX2 (docs/machine.md): main ROM in slot 0, SUB-ROM in 3-1, mapper
    /// in 3-2 (256 KB), disk ROM and WD2793 in 3-3; `msx bios export` gives openMSX the same.
    Msx2,
    /// openMSX's C-BIOS_MSX2 machine: main ROM in slot 0 with the logo ROM (--rom-logo)
    /// at 8000h, SUB-ROM in 3-0, mapper in 3-2 (512 KB); no disk drive unless --rom-disk
    /// is given (then in 3-3). Give it C-BIOS's images to boot as openMSX does.
    Cbios,
}

/// The machine options `msx run` and `msx play` share.
#[derive(clap::Args, Clone, Debug)]
pub struct MachineArgs {
    /// Memory mapper size in KB (power of two, 16-4096); default 256, 512 with
    /// --layout cbios.
    #[arg(long, value_name = "KB")]
    pub ram: Option<u32>,
    /// The slot layout.
    #[arg(long, value_enum, default_value = "msx2")]
    pub layout: Layout,
    /// C-BIOS's logo ROM (cbios_logo_msx2.rom, 16 KB at 8000h of slot 0); implies
    /// --layout cbios.
    #[arg(long, value_name = "FILE")]
    pub rom_logo: Option<PathBuf>,
    /// Your own main ROM (BIOS + BASIC, 32 KB) instead of the free BIOS.
    #[arg(long, value_name = "FILE")]
    pub rom_main: Option<PathBuf>,
    /// Your own MSX2 SUB-ROM (16 KB) instead of the free one.
    #[arg(long, value_name = "FILE")]
    pub rom_sub: Option<PathBuf>,
    /// Your own disk ROM (16 KB, for a Philips-style WD2793 interface)
    /// instead of the free one.
    #[arg(long, value_name = "FILE")]
    pub rom_disk: Option<PathBuf>,
    /// Whether FILE is a ROM, a disk or an MSX-DOS program.
    #[arg(long, value_enum, default_value = "auto")]
    pub kind: MediaKind,
    /// Cartridge mapper instead of the detected one: plain, page0-page3,
    /// ascii8, ascii16, konami, konamiscc, generic8k.
    #[arg(long, value_name = "TYPE")]
    pub romtype: Option<CartridgeKind>,
    /// The PSG chip.
    #[arg(long, value_enum, default_value = "ym2149")]
    pub psg: PsgChip,
}

impl MachineArgs {
    /// The machine these options describe, with the video standard, clock start
    /// and power-on seed.
    pub fn spec(&self, video: Video, rtc: DateTime, seed: u64) -> MachineSpec<'_> {
        MachineSpec {
            video,
            rtc,
            seed,
            layout: if self.rom_logo.is_some() {
                Layout::Cbios
            } else {
                self.layout
            },
            ram_kb: self.ram,
            rom_logo: self.rom_logo.as_deref(),
            rom_main: self.rom_main.as_deref(),
            rom_sub: self.rom_sub.as_deref(),
            rom_disk: self.rom_disk.as_deref(),
            romtype: self.romtype,
            psg: self.psg,
        }
    }
}

/// What the machine is made of, besides the program.
pub struct MachineSpec<'a> {
    pub video: Video,
    pub rtc: DateTime,
    /// What varies from one power-on to the next (`MachineConfig::seed`).
    pub seed: u64,
    pub layout: Layout,
    /// Memory mapper size in KB (None: the layout's own).
    pub ram_kb: Option<u32>,
    pub rom_logo: Option<&'a Path>,
    /// The user's own ROM dumps instead of the free BIOS.
    pub rom_main: Option<&'a Path>,
    pub rom_sub: Option<&'a Path>,
    pub rom_disk: Option<&'a Path>,
    /// Cartridge mapper instead of the detected one.
    pub romtype: Option<CartridgeKind>,
    pub psg: PsgChip,
}

/// Powers on a machine with `image` (read from `file`) in cartridge slot 1
/// or in drive A:.
pub fn build_machine(
    file: &Path,
    media: MediaKind,
    image: Vec<u8>,
    spec: &MachineSpec,
) -> Result<Machine> {
    // A PAL machine with the free BIOS is the free main ROM with the 50 Hz ID
    // byte, as a European MSX2's ROM: the BIOS keeps PAL timing in R#9.
    let main = match spec.rom_main {
        Some(p) => read_input(p)?,
        None if spec.video == Video::Pal => msx_bios::main_rom_pal(),
        None => msx_bios::main_rom().to_vec(),
    };
    let sub = match spec.rom_sub {
        Some(p) => read_input(p)?,
        None => msx_bios::sub_rom().to_vec(),
    };
    let mut layout = match spec.layout {
        Layout::Msx2 => {
            let disk_rom = match spec.rom_disk {
                Some(p) => read_input(p)?,
                None => msx_bios::disk_rom().to_vec(),
            };
            MachineLayout::msx2(main, sub, Some(disk_rom))
        }
        Layout::Cbios => cbios_layout(main, sub, spec)?,
    };
    if let Some(kb) = spec.ram_kb {
        layout.set_ram_kb(kb);
    }
    let mut config = MachineConfig::new(layout);
    config.pal = spec.video == Video::Pal;
    config.rtc_start = spec.rtc;
    config.seed = spec.seed;
    config.psg_chip = match spec.psg {
        PsgChip::Ym2149 => Chip::Ym2149,
        PsgChip::Ay8910 => Chip::Ay8910,
    };
    match media {
        MediaKind::Empty => Ok(Machine::new(config)?),
        MediaKind::Rom => {
            config.layout.insert_cartridge(1, image, spec.romtype);
            Ok(Machine::new(config)?)
        }
        MediaKind::Bas => {
            let disk = bas_disk(file, &image, spec.rtc)?;
            let mut m = Machine::new(config)?;
            m.insert_disk(0, disk)
                .with_context(|| format!("{}", file.display()))?;
            Ok(m)
        }
        MediaKind::Com => {
            let disk = com_disk(file, &image, spec.rtc)?;
            let mut m = Machine::new(config)?;
            m.insert_disk(0, disk)
                .with_context(|| format!("{}", file.display()))?;
            Ok(m)
        }
        _ => {
            let mut m = Machine::new(config)?;
            m.insert_disk(0, image)
                .with_context(|| format!("{}", file.display()))?;
            Ok(m)
        }
    }
}

/// openMSX's C-BIOS_MSX2 slots (`MachineLayout::cbios_msx2`), with the logo ROM when
/// given and a disk drive in 3-3 only when a disk ROM is.
fn cbios_layout(main: Vec<u8>, sub: Vec<u8>, spec: &MachineSpec) -> Result<MachineLayout> {
    let logo = match spec.rom_logo {
        Some(p) => {
            let logo = read_input(p)?;
            if logo.is_empty() || logo.len() > 0x4000 {
                bail!(
                    "{}: a logo ROM is at most 16 KB (8000h-BFFFh), this one is {} bytes",
                    p.display(),
                    logo.len()
                );
            }
            Some(logo)
        }
        None => None,
    };
    let had_logo = logo.is_some();
    let mut layout = MachineLayout::cbios_msx2(main, sub, logo.unwrap_or_default());
    if !had_logo {
        // No logo ROM: 8000h-BFFFh of slot 0 stays empty.
        layout.items.retain(
            |i| !matches!(i.content, SlotContent::Rom { base: 0x8000, .. } if i.slot == SlotId::primary(0)),
        );
    }
    if let Some(p) = spec.rom_disk {
        layout.add(
            SlotId::sub(3, 3),
            SlotContent::DiskRom {
                image: read_input(p)?,
                drives: 1,
            },
        );
    }
    Ok(layout)
}

/// The disk an MSX user makes for a BASIC program (`build::basic_disk`): NAME.BAS and an
/// AUTOEXEC.BAS that runs it, dated with the RTC's start time.
fn bas_disk(file: &Path, source: &[u8], when: DateTime) -> Result<Vec<u8>> {
    let program = msx_basic::load_source(source)
        .with_context(|| format!("{}: not an MSX-BASIC program", file.display()))?;
    let name = format!("{}.BAS", super::disk_stem(file));
    let disk = super::build::basic_disk(&name, &program.to_bytes(), stamp(when)?)?;
    Ok(disk.to_bytes())
}

/// The RTC's time as a file's date (FAT dates run from 1980, in two-second steps).
fn stamp(when: DateTime) -> Result<msx_disk::Timestamp> {
    Ok(msx_disk::Timestamp::new(
        when.year.clamp(1980, 2107),
        when.month,
        when.day,
        when.hour,
        when.minute,
        when.second & !1,
    )?)
}

/// A 720 KB disk holding the program as `NAME.COM`, whose boot sector runs `NAME` in the
/// free disk ROM's MSX-DOS environment (docs/disk.md). Its files are dated with the RTC's
/// start time.
fn com_disk(file: &Path, program: &[u8], when: DateTime) -> Result<Vec<u8>> {
    let stem = super::disk_stem(file);
    let mut disk = msx_disk::Disk::new(msx_disk::Format::Kb720);
    disk.write_file(&format!("{stem}.COM"), program, stamp(when)?)
        .with_context(|| format!("{}: cannot put it on a disk", file.display()))?;
    disk.set_boot_command(&stem)?;
    Ok(disk.to_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rtc_times() {
        let t = parse_rtc("2030-06-15T12:34:56").unwrap();
        assert_eq!(
            (t.year, t.month, t.day, t.hour, t.minute, t.second),
            (2030, 6, 15, 12, 34, 56)
        );
        assert_eq!(parse_rtc("1999-12-31").unwrap().hour, 0);
        assert!(parse_rtc("2030-13-01T00:00:00").is_err());
        assert!(parse_rtc("yesterday").is_err());
    }

    #[test]
    fn media_sniffing() {
        let p = Path::new("x.bin");
        let mut rom = vec![0u8; 0x4000];
        rom[..2].copy_from_slice(b"AB");
        assert_eq!(
            media_kind(p, &rom, MediaKind::Auto).unwrap(),
            MediaKind::Rom
        );
        assert_eq!(
            media_kind(p, &vec![0; 737_280], MediaKind::Auto).unwrap(),
            MediaKind::Dsk
        );
        assert!(media_kind(p, &[1, 2, 3], MediaKind::Auto).is_err());
        assert_eq!(
            media_kind(Path::new("g.DSK"), &rom, MediaKind::Auto).unwrap(),
            MediaKind::Dsk
        );
        assert_eq!(media_kind(p, &[], MediaKind::Rom).unwrap(), MediaKind::Rom);
        assert_eq!(
            media_kind(Path::new("hello.com"), &[0xC9], MediaKind::Auto).unwrap(),
            MediaKind::Com
        );
    }

    #[test]
    fn com_programs_get_a_disk_that_runs_them() {
        let when = parse_rtc("2026-11-22T10:20:31").unwrap();
        let bytes = com_disk(Path::new("dir/hello world.com"), &[0xC9], when).unwrap();
        let disk = msx_disk::Disk::from_bytes(&bytes).unwrap();
        assert_eq!(disk.boot_command().as_deref(), Some("HELLOWOR"));
        assert_eq!(disk.read_file("HELLOWOR.COM").unwrap(), vec![0xC9]);
    }
}
