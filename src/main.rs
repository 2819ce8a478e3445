//! `msx`: the command-line front of the toolchain.
//!
//! Each subcommand lives in its own module under `cmd/`; this file only
//! parses the command line and dispatches. Library crates never print; the
//! printing and the exit codes happen here.

use clap::{Parser, Subcommand};

mod cmd;

/// MSX2 toolchain: BASIC and Pascal compilers, disk tools, assembler, emulator.
#[derive(Parser)]
#[command(name = "msx", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// MSX-BASIC tools: tokenize, detokenize, list.
    Basic(cmd::basic::BasicArgs),
    /// Assemble Z80 source to a binary (with symbol and listing files).
    Asm(cmd::asm::AsmArgs),
    /// Disassemble a Z80 binary.
    Disasm(cmd::asm::DisasmArgs),
    /// MSX disk images: new, ls, add, get, rm, rename, dos.
    Disk(cmd::disk::DiskArgs),
    /// Compile a Pascal or BASIC program into a bootable disk, a .COM, a ROM or a .CHN.
    Build(cmd::build::BuildArgs),
    /// Play a disk, ROM, or program in a window, with keyboard and sound.
    Play(cmd::play::PlayArgs),
    /// Graphics conversion: PNG to MSX screen formats.
    Gfx(cmd::gfx::GfxArgs),
    /// Run a disk or ROM on the emulator, headless, and dump what it shows.
    // Boxed: its many options make it much larger than the other variants.
    Run(Box<cmd::run::RunArgs>),
    /// The free ROMs for other emulators: export an openMSX machine.
    Bios(cmd::bios::BiosArgs),
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Basic(args) => cmd::basic::run(args),
        Command::Asm(args) => cmd::asm::run_asm(args),
        Command::Disasm(args) => cmd::asm::run_disasm(args),
        Command::Disk(args) => cmd::disk::run(args),
        Command::Run(args) => cmd::run::run(*args),
        Command::Build(args) => cmd::build::run(args),
        Command::Play(args) => cmd::play::run(args),
        Command::Gfx(args) => cmd::gfx::run(args),
        Command::Bios(args) => cmd::bios::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
