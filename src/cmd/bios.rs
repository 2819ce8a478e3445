//! `msx bios`: the free ROMs for other emulators. `msx bios export DIR` writes the
//! main ROM, the SUB-ROM with the BASIC extension, the disk ROM and an openMSX machine
//! description that uses them in the emulator's slot layout (`msx_bios::openmsx`).

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use msx_bios::openmsx::{openmsx_machine, Frequency};
use std::path::PathBuf;
use std::process::ExitCode;

use super::machine_setup::Video;
use super::write_atomic;

#[derive(Args)]
pub struct BiosArgs {
    #[command(subcommand)]
    command: BiosCommand,
}

#[derive(Subcommand)]
enum BiosCommand {
    /// Write the free ROMs and an openMSX machine (NAME.xml and NAME/roms/) into DIR,
    /// e.g. ~/.openMSX/share/machines; then `openmsx -machine NAME -diska game.dsk`.
    Export {
        /// The folder to write into (created if missing): openMSX's machines folder,
        /// or any folder to copy from.
        dir: PathBuf,
        /// Video timing the main ROM announces: ntsc (60 Hz, machine msx_free_msx2) or
        /// pal (50 Hz, machine msx_free_msx2_pal), as `msx run --machine`.
        #[arg(long, value_enum, default_value = "ntsc")]
        machine: Video,
        /// Replace the files of an earlier export.
        #[arg(long, short)]
        force: bool,
    },
}

pub fn run(args: BiosArgs) -> Result<ExitCode> {
    match args.command {
        BiosCommand::Export {
            dir,
            machine,
            force,
        } => export(dir, machine, force),
    }
}

fn export(dir: PathBuf, video: Video, force: bool) -> Result<ExitCode> {
    let frequency = match video {
        Video::Ntsc => Frequency::Ntsc,
        Video::Pal => Frequency::Pal,
    };
    let machine = openmsx_machine(frequency);
    let targets: Vec<(PathBuf, &[u8])> = machine
        .files
        .iter()
        .map(|f| (dir.join(&f.path), f.bytes.as_slice()))
        .collect();
    // Checked before writing anything, so a refusal leaves DIR as it was.
    if !force {
        if let Some((path, _)) = targets.iter().find(|(p, _)| p.exists()) {
            bail!(
                "{} exists (an earlier export?); use --force to replace it",
                path.display()
            );
        }
    }
    for (path, bytes) in &targets {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        write_atomic(path, bytes)?;
    }
    println!(
        "wrote openMSX machine {} to {}: openmsx -machine {} -diska game.dsk",
        machine.name,
        dir.display(),
        machine.name
    );
    Ok(ExitCode::SUCCESS)
}
