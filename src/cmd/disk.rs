//! `msx disk`: create MSX disk images and move files in and out of them.
//!
//! Every command reads the whole image, changes it in memory and writes it
//! back atomically, so a failed command leaves the image file as it was.

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use msx_disk::{Disk, FileInfo, Format, DEFAULT_LOAD};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args)]
pub struct DiskArgs {
    #[command(subcommand)]
    command: DiskCommand,
}

#[derive(Clone, Copy, ValueEnum)]
enum Size {
    /// 720 KB, double sided (media 0xF9)
    #[value(name = "720")]
    Kb720,
    /// 360 KB, single sided (media 0xF8)
    #[value(name = "360")]
    Kb360,
}

#[derive(Subcommand)]
enum DiskCommand {
    /// Create a formatted disk image, optionally one that boots a program.
    New {
        /// The image to create (.dsk).
        out: PathBuf,
        /// Capacity in KB.
        #[arg(long, value_enum, default_value = "720")]
        size: Size,
        /// Copy this program to the disk and make the disk start it at boot.
        #[arg(long, value_name = "PROGRAM")]
        boot: Option<PathBuf>,
        /// Load address of the boot program (0x4000-0xBFFF; 0x4000, 4000h,
        /// &H4000 or 16384).
        #[arg(long, value_parser = parse_address, requires = "boot")]
        load: Option<u16>,
        /// Start address of the boot program (default: the load address).
        #[arg(long, value_parser = parse_address, requires = "boot")]
        exec: Option<u16>,
        /// Overwrite OUT if it exists.
        #[arg(long, short)]
        force: bool,
    },
    /// List the files, their sizes and dates, and the free space.
    Ls {
        /// The disk image (.dsk).
        image: PathBuf,
    },
    /// Copy files into the image (replacing files of the same name).
    Add {
        /// The disk image (.dsk), changed in place.
        image: PathBuf,
        /// Host files to copy in, each under its own file name (an MSX 8.3 name).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The name on the disk (with a single FILE); default: FILE's name.
        #[arg(long)]
        name: Option<String>,
    },
    /// Copy a file out of the image.
    Get {
        /// The disk image (.dsk).
        image: PathBuf,
        /// The file's name on the disk (upper or lower case).
        name: String,
        /// Where to write it ("-" for standard output); default: NAME in
        /// the current directory.
        #[arg(short, long)]
        out: Option<PathBuf>,
    },
    /// Delete files from the image.
    Rm {
        /// The disk image (.dsk), changed in place.
        image: PathBuf,
        /// Names of the files on the disk to delete.
        #[arg(required = true)]
        names: Vec<String>,
    },
    /// Rename a file in the image.
    Rename {
        /// The disk image (.dsk), changed in place.
        image: PathBuf,
        /// The file's name on the disk now.
        old: String,
        /// Its new name (an MSX 8.3 name not already on the disk).
        new: String,
    },
    /// Make the image boot into MSX-DOS and run COMMAND, as typed at the
    /// A> prompt: a .COM or .BAT on the disk with its arguments, or a
    /// built-in command ("DIR /W"); "" boots to the prompt (AUTOEXEC.BAT
    /// first). Needs this project's free disk ROM (docs/disk.md).
    Dos {
        /// The disk image (.dsk), changed in place.
        image: PathBuf,
        /// The command line MSX-DOS runs at boot ("" for the A> prompt).
        command: String,
    },
}

pub fn run(args: DiskArgs) -> Result<ExitCode> {
    match args.command {
        DiskCommand::New {
            out,
            size,
            boot,
            load,
            exec,
            force,
        } => new(&out, size, boot.as_deref(), load, exec, force),
        DiskCommand::Ls { image } => ls(&image),
        DiskCommand::Add { image, files, name } => add(&image, &files, name.as_deref()),
        DiskCommand::Get { image, name, out } => get(&image, &name, out.as_deref()),
        DiskCommand::Rm { image, names } => edit(&image, |disk| {
            for name in &names {
                disk.remove(name)?;
            }
            Ok(())
        }),
        DiskCommand::Rename { image, old, new } => {
            edit(&image, |disk| Ok(disk.rename(&old, &new)?))
        }
        DiskCommand::Dos { image, command } => {
            edit(&image, |disk| Ok(disk.set_boot_command(&command)?))
        }
    }?;
    Ok(ExitCode::SUCCESS)
}

/// Accepts 0x4000, 4000h, &H4000 and decimal.
fn parse_address(text: &str) -> Result<u16, String> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    let (digits, radix) = if let Some(hex) = lower.strip_prefix("0x").or(lower.strip_prefix("&h")) {
        (hex, 16)
    } else if let Some(hex) = lower.strip_suffix('h') {
        (hex, 16)
    } else {
        (lower.as_str(), 10)
    };
    u16::from_str_radix(digits, radix)
        .map_err(|_| format!("{text:?} is not an address from 0 to 0xFFFF"))
}

fn open(image: &Path) -> Result<Disk> {
    let bytes = super::read_input(image)?;
    Disk::from_bytes(&bytes).with_context(|| format!("{}", image.display()))
}

/// Reads the image, applies `change`, writes it back only if all went well.
fn edit(image: &Path, change: impl FnOnce(&mut Disk) -> Result<()>) -> Result<()> {
    let mut disk = open(image)?;
    change(&mut disk).with_context(|| format!("{}", image.display()))?;
    // Through a symbolic link the file it names is changed; a read-only image is refused.
    let mut files = super::outputs::Outputs::new();
    files.edit(image, disk.to_bytes());
    files.commit()
}

/// The disk name of a host file: its file name, as MSX-DOS would store it.
fn disk_name(path: &Path) -> Result<String> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .with_context(|| format!("{}: no usable file name", path.display()))?;
    msx_disk::Name::parse(name).with_context(|| {
        format!(
            "{}: not a valid MSX file name; give one with --name",
            path.display()
        )
    })?;
    Ok(name.to_string())
}

fn new(
    out: &Path,
    size: Size,
    boot: Option<&Path>,
    load: Option<u16>,
    exec: Option<u16>,
    force: bool,
) -> Result<()> {
    if out.exists() && !force {
        bail!(
            "{} already exists (use --force to overwrite it)",
            out.display()
        );
    }
    let format = match size {
        Size::Kb720 => Format::Kb720,
        Size::Kb360 => Format::Kb360,
    };
    let mut disk = Disk::new(format);
    if let Some(program) = boot {
        let name = disk_name(program)?;
        let bytes = super::read_input(program)?;
        disk.write_file(&name, &bytes, super::disk_timestamp()?)
            .with_context(|| format!("{}", program.display()))?;
        let load = load.unwrap_or(DEFAULT_LOAD);
        disk.set_boot_program(&name, load, exec.unwrap_or(load))?;
    }
    super::write_atomic(out, &disk.to_bytes())
}

fn add(image: &Path, files: &[PathBuf], name: Option<&str>) -> Result<()> {
    if name.is_some() && files.len() != 1 {
        bail!("--name needs exactly one FILE");
    }
    let when = super::disk_timestamp()?;
    edit(image, |disk| {
        for file in files {
            let target = match name {
                Some(n) => n.to_string(),
                None => disk_name(file)?,
            };
            let bytes = super::read_input(file)?;
            disk.write_file(&target, &bytes, when)
                .with_context(|| format!("adding {}", file.display()))?;
        }
        Ok(())
    })
}

fn get(image: &Path, name: &str, out: Option<&Path>) -> Result<()> {
    let disk = open(image)?;
    let bytes = disk
        .read_file(name)
        .with_context(|| format!("{}", image.display()))?;
    match out {
        Some(p) if p == Path::new("-") => {
            super::terminal::write_stdout(&bytes)?;
            Ok(())
        }
        Some(p) => super::write_atomic(p, &bytes),
        None => {
            // The name as stored (upper case, 8.3), in the current directory.
            let stored = disk.file_info(name)?.name.to_string();
            super::write_atomic(Path::new(&stored), &bytes)
        }
    }
}

fn ls(image: &Path) -> Result<()> {
    let disk = open(image)?;
    let mut text = String::new();
    if let Some(label) = disk.volume_label() {
        text.push_str(&format!(" Volume {label}\n"));
    }
    let files = disk.list();
    for f in &files {
        text.push_str(&listing_line(f));
    }
    let count = files.iter().filter(|f| !f.is_dir()).count();
    text.push_str(&format!(
        "{count} file{}, {} bytes free\n",
        if count == 1 { "" } else { "s" },
        disk.free_bytes()
    ));
    if let Some(boot) = disk.boot_program() {
        text.push_str(&format!(
            "boots {} (load {:#06x}, start {:#06x})\n",
            boot.name, boot.load, boot.exec
        ));
    }
    if let Some(command) = disk.boot_command() {
        text.push_str(&format!("boots into MSX-DOS: {command:?}\n"));
    }
    // A damaged label or directory entry may hold any byte: shown, never sent raw to
    // the terminal.
    super::terminal::write_stdout(super::terminal::printable(&text).as_bytes())?;
    Ok(())
}

/// `NAME     EXT      1234  2024-05-01 12:34:56`, like MSX-DOS's DIR.
fn listing_line(f: &FileInfo) -> String {
    let raw = f.name.raw();
    let base: String = raw[..8].iter().map(|&b| char::from(b)).collect();
    let ext: String = raw[8..].iter().map(|&b| char::from(b)).collect();
    let size = if f.is_dir() {
        "<DIR>".to_string()
    } else {
        f.size.to_string()
    };
    let date = f
        .modified
        .map_or_else(|| "-".to_string(), |t| t.to_string());
    format!("{base} {ext} {size:>9}  {date}\n")
}

#[cfg(test)]
mod tests {
    use super::parse_address;

    #[test]
    fn addresses_in_every_usual_notation() {
        for text in ["0x4000", "0X4000", "4000h", "4000H", "&H4000", "16384"] {
            assert_eq!(parse_address(text), Ok(0x4000), "{text}");
        }
        assert!(parse_address("0x10000").is_err());
        assert!(parse_address("zz").is_err());
    }
}
