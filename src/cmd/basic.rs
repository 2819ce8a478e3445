//! `msx basic`: tokenize, detokenize and list MSX-BASIC programs.
//!
//! Every subcommand accepts either form of program and tells them apart by
//! the first byte (0xFF starts a tokenized file; no listing starts with it).

use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use msx_basic::{Charset, ListStyle, Program, Warning};

#[derive(clap::Args)]
pub struct BasicArgs {
    #[command(subcommand)]
    command: BasicCommand,
}

#[derive(clap::Subcommand)]
enum BasicCommand {
    /// Convert a listing to the tokenized file MSX-BASIC's SAVE "X" writes.
    ///
    /// A tokenized input is checked and written back normalised (links
    /// recomputed, line pointers turned into line numbers).
    Tokenize {
        /// Listing (UTF-8 or MSX character set; CR LF, LF or CR line ends) or tokenized file; `-` reads stdin.
        input: PathBuf,
        /// Where to write the tokenized file (default: stdout, if not a terminal).
        #[arg(short, long)]
        output: Option<PathBuf>,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// Convert a tokenized file back to the text LIST shows.
    ///
    /// A listing as input is tokenized first, so the output is what an MSX
    /// would list after loading it.
    Detokenize {
        /// Tokenized file or listing; `-` reads stdin.
        input: PathBuf,
        /// Where to write the listing (default: stdout).
        #[arg(short, long)]
        output: Option<PathBuf>,
        #[command(flatten)]
        read: ReadArgs,
        #[command(flatten)]
        format: FormatArgs,
    },
    /// Print the program exactly as LIST on an MSX shows it.
    List {
        /// Listing or tokenized file; `-` reads stdin.
        input: PathBuf,
        /// Also show the tokenized bytes of each line.
        #[arg(long)]
        bytes: bool,
        #[command(flatten)]
        read: ReadArgs,
        #[command(flatten)]
        format: FormatArgs,
    },
}

#[derive(clap::Args)]
struct ReadArgs {
    /// The character set of a listing given as input (a tokenized input has
    /// none): `auto` takes valid UTF-8 as UTF-8 and anything else as the MSX
    /// character set SAVE "X",A writes.
    #[arg(long, value_enum, default_value_t = CharsetArg::Auto)]
    charset: CharsetArg,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum CharsetArg {
    Auto,
    Utf8,
    Msx,
}

#[derive(clap::Args)]
struct FormatArgs {
    /// Write doubles in exponent form with D (`5.123D+21`), so the listing
    /// always tokenizes back to the same bytes (MSX's LIST writes E).
    #[arg(long)]
    round_trip: bool,
    /// Write the file SAVE "X",A makes: MSX character set, CR LF, final ^Z.
    #[arg(long, conflicts_with = "round_trip")]
    msx_ascii: bool,
}

pub fn run(args: BasicArgs) -> Result<ExitCode> {
    match args.command {
        BasicCommand::Tokenize {
            input,
            output,
            read,
        } => {
            let program = load(&input, read)?;
            let bytes = program.to_bytes();
            match output {
                Some(path) => super::write_atomic(&path, &bytes)?,
                None => {
                    if std::io::stdout().is_terminal() {
                        bail!(
                            "not writing a binary file to the terminal: give -o FILE or redirect stdout"
                        );
                    }
                    write_stdout(&bytes)?;
                }
            }
        }
        BasicCommand::Detokenize {
            input,
            output,
            read,
            format,
        } => {
            let program = load(&input, read)?;
            let bytes = render(&program, &format, &input)?;
            match output {
                Some(path) => super::write_atomic(&path, &bytes)?,
                None => write_stdout(&bytes)?,
            }
        }
        BasicCommand::List {
            input,
            bytes,
            read,
            format,
        } => {
            let program = load(&input, read)?;
            let text = if bytes {
                with_bytes(&program, style(&format), &input)?
            } else {
                render(&program, &format, &input)?
            };
            write_stdout(&text)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn style(format: &FormatArgs) -> ListStyle {
    if format.round_trip {
        ListStyle::RoundTrip
    } else {
        ListStyle::Msx
    }
}

fn render(program: &Program, format: &FormatArgs, input: &Path) -> Result<Vec<u8>> {
    let name = || input.display().to_string();
    if format.msx_ascii {
        return msx_basic::to_msx_ascii(program).with_context(name);
    }
    Ok(program
        .list_with(style(format))
        .with_context(name)?
        .into_bytes())
}

/// Each listed line followed by its tokenized bytes in hex.
fn with_bytes(program: &Program, style: ListStyle, input: &Path) -> Result<Vec<u8>> {
    let listing = program
        .list_with(style)
        .with_context(|| input.display().to_string())?;
    let mut out = String::new();
    for (text, line) in listing.lines().zip(&program.lines) {
        out.push_str(text);
        out.push('\n');
        for chunk in line.body.chunks(16) {
            let hex: Vec<String> = chunk.iter().map(|b| format!("{b:02X}")).collect();
            out.push_str("    ");
            out.push_str(&hex.join(" "));
            out.push('\n');
        }
    }
    Ok(out.into_bytes())
}

/// Reads a listing or a tokenized file, printing warnings to stderr.
fn load(input: &Path, read: ReadArgs) -> Result<Program> {
    let bytes = if input == Path::new("-") {
        let mut v = Vec::new();
        std::io::stdin()
            .read_to_end(&mut v)
            .context("cannot read stdin")?;
        v
    } else {
        super::read_input(input)?
    };
    let name = input.display().to_string();
    let (program, warnings): (Program, Vec<Warning>) = if msx_basic::is_tokenized(&bytes) {
        let loaded = Program::load(&bytes).with_context(|| name.clone())?;
        (loaded.program, loaded.warnings)
    } else {
        let charset = match read.charset {
            CharsetArg::Auto => Charset::detect(&bytes),
            CharsetArg::Utf8 => Charset::Utf8,
            CharsetArg::Msx => Charset::Msx,
        };
        // Every line's error in one run, not only the first.
        let (t, errors) = msx_basic::tokenize_in_lenient(&bytes, charset);
        fail_on_errors(&name, &name, &errors)?;
        (t.program, t.warnings)
    };
    for w in &warnings {
        super::terminal::eprint_clean(&format!("warning: {name}: {w}\n"));
    }
    super::build::warn_if_empty(input, &program);
    Ok(program)
}

/// Fails when the listing `name` had errors: a single one is the message itself, after
/// `prefix`; several are printed one a line, and the message counts them.
pub(super) fn fail_on_errors(name: &str, prefix: &str, errors: &[msx_basic::Error]) -> Result<()> {
    match errors {
        [] => Ok(()),
        [e] => bail!("{prefix}: {e}"),
        all => {
            for e in all {
                super::terminal::eprint_clean(&format!("error: {name}: {e}\n"));
            }
            bail!("{name} could not be tokenized ({} errors)", all.len())
        }
    }
}

/// Writes to stdout; a closed pipe (`| head`) is not an error.
fn write_stdout(bytes: &[u8]) -> Result<()> {
    super::terminal::write_stdout(bytes).map(|_| ())
}
