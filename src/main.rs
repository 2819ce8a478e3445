//! `msx`: the command-line front of the toolchain.
//!
//! Each subcommand lives in its own module under `cmd/`; this file only
//! parses the command line and dispatches. Library crates never print; the
//! printing and the exit codes happen here.

use clap::{Parser, Subcommand};

mod cmd;
mod exit;

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
    /// Run the [[test]] cases of msx.toml and compare them with their golden files.
    Test(cmd::test::TestArgs),
    /// The free ROMs for other emulators: export an openMSX machine.
    Bios(cmd::bios::BiosArgs),
}

fn main() -> std::process::ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help and --version come this way too, and are no error.
        Err(e) => {
            let _ = e.print();
            return exit::code(if e.use_stderr() {
                exit::USAGE
            } else {
                exit::SUCCESS
            });
        }
    };
    let result = match cli.command {
        Command::Basic(args) => cmd::basic::run(args),
        Command::Asm(args) => cmd::asm::run_asm(args),
        Command::Disasm(args) => cmd::asm::run_disasm(args),
        Command::Disk(args) => cmd::disk::run(args),
        Command::Run(args) => cmd::run::run(*args),
        Command::Build(args) => cmd::build::run(args),
        Command::Play(args) => cmd::play::run(args),
        Command::Gfx(args) => cmd::gfx::run(args),
        Command::Test(args) => cmd::test::run(args),
        Command::Bios(args) => cmd::bios::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            cmd::terminal::eprint_clean(&format!("error: {err:#}\n"));
            exit::code(exit::ERROR)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    /// `path` of subcommand names from the top, e.g. `["gfx", "png2sc5"]`.
    fn command(path: &[&str]) -> clap::Command {
        let mut cmd = Cli::command();
        cmd.build();
        for name in path {
            cmd = cmd.find_subcommand(name).expect(name).clone();
        }
        cmd
    }

    fn help_of(path: &[&str], arg: &str) -> String {
        let cmd = command(path);
        let arg = cmd.get_arguments().find(|a| a.get_id() == arg).expect(arg);
        arg.get_long_help()
            .or(arg.get_help())
            .map(|h| h.to_string())
            .unwrap_or_default()
    }

    #[test]
    fn every_argument_says_what_it_is() {
        fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
            for arg in cmd.get_arguments() {
                if arg.get_help().is_none() && !arg.is_hide_set() {
                    missing.push(format!("{path} <{}>", arg.get_id()));
                }
            }
            for sub in cmd.get_subcommands() {
                walk(sub, &format!("{path} {}", sub.get_name()), missing);
            }
        }
        let mut missing = Vec::new();
        walk(&command(&[]), "msx", &mut missing);
        assert!(missing.is_empty(), "no help text: {missing:?}");
    }

    #[test]
    fn the_one_mode_commands_describe_their_own_mode() {
        let input = help_of(&["gfx", "png2sc5"], "input");
        assert!(
            input.contains("256 pixels wide") && !input.contains("SCREEN 6"),
            "{input}"
        );
        assert!(help_of(&["gfx", "png2sc5"], "output").contains(".sc5"));
        assert!(!help_of(&["gfx", "png2sc5"], "quantize").contains("SCREEN 8"));
        assert!(help_of(&["gfx", "sc52png"], "input").contains("SCREEN 5"));
        let input = help_of(&["gfx", "sc22png"], "input");
        assert!(input.contains("SCREEN 2/4 VRAM image"), "{input}");
        // The general commands keep the general text.
        assert!(help_of(&["gfx", "png2sc"], "input").contains("SCREEN 6"));
    }
}
