//! `msx run`: run a cartridge or a disk on the emulator, headless and
//! deterministic, with scripted keys, and dump what it shows.
//!
//! Exit codes (src/exit.rs): 0 when the run ended as asked (the `--until-…`
//! condition was met, or the frames ran when there is no condition, and every
//! `--expect-…` golden file matched), 4 when the frame limit came first, 3 when
//! a golden file differs, 1 on errors, 2 for a wrong command line.

use anyhow::{Context, Result};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use msx_machine::machine::{KeyScript, Machine, RunOutcome, TraceEntry, TraceKind, Until, CPU_HZ};
use msx_machine::rtc::DateTime;

// The machine setup `msx play` shares.
use super::machine_setup::{self, media_kind, parse_rtc, MachineArgs, MediaKind, Video};
use super::outputs::Outputs;
use super::{golden, read_input};
use crate::exit;

#[derive(clap::Args)]
pub struct RunArgs {
    /// The program: a ROM cartridge (.rom) or a disk image (.dsk). Without it
    /// the machine powers on with nothing inserted, into MSX-BASIC's `Ok`
    /// prompt (type into it with --type or --keys).
    pub file: Option<PathBuf>,
    /// Stop after this many frames (60 per second in NTSC, 50 in PAL).
    #[arg(long, default_value_t = 600, value_name = "N")]
    pub frames: u64,
    /// Key script: keys pressed at given frames (see docs/key-script.md).
    #[arg(long, value_name = "SCRIPT")]
    pub keys: Option<PathBuf>,
    /// Type this text (`\n` for RETURN), starting at frame --type-at.
    #[arg(long = "type", value_name = "TEXT")]
    pub type_text: Option<String>,
    /// Frame at which --type starts typing.
    #[arg(long, default_value_t = 150, value_name = "N")]
    pub type_at: u64,
    /// Save the last frame as a PNG.
    #[arg(long, value_name = "OUT.png")]
    pub png: Option<PathBuf>,
    /// Save the VRAM (128 KB as the CPU sees it in the current mode).
    #[arg(long, value_name = "OUT.bin")]
    pub vram: Option<PathBuf>,
    /// Print the character screen (SCREEN 0-3) at the end.
    #[arg(long)]
    pub text: bool,
    /// Save the sound of the whole run as a WAV file (16-bit mono, 44100 Hz).
    #[arg(long, value_name = "OUT.wav")]
    pub wav: Option<PathBuf>,
    /// Stop as soon as this text appears on the character screen (exit 0),
    /// or exit 4 if the frame limit comes first.
    #[arg(long, value_name = "TEXT", group = "until")]
    pub until_text: Option<String>,
    /// Stop as soon as the program's debug-device output (ports 2Eh/2Fh)
    /// contains this text (exit 0); exit 4 if the frame limit comes first.
    #[arg(long, value_name = "TEXT", group = "until")]
    pub until_debug: Option<String>,
    /// Stop when the CPU is about to execute this address (e.g. 4010h); exit 4
    /// if the frame limit comes first.
    #[arg(long, value_name = "ADDR", value_parser = parse_address, group = "until")]
    pub until_pc: Option<u16>,
    /// Write a trace of the executed instructions (disassembled, with the
    /// registers); keeps the last --trace-limit instructions of the run.
    #[arg(long, value_name = "OUT.txt")]
    pub trace: Option<PathBuf>,
    /// Instructions kept by --trace.
    #[arg(long, default_value_t = 100_000, value_name = "N")]
    pub trace_limit: usize,
    /// Video timing at power-on.
    #[arg(long, value_enum, default_value = "ntsc")]
    pub machine: Video,
    /// What the real-time clock shows at power-on (it then follows emulated
    /// time): YYYY-MM-DDTHH:MM:SS.
    #[arg(long, value_name = "TIME", value_parser = parse_rtc, default_value = "2026-01-01T00:00:00")]
    pub rtc: DateTime,
    /// What varies from one power-on to the next, as on a real MSX: the floppy
    /// disk's rotational position, and so the boot's timing and what a program
    /// seeds its random numbers with (`RND(-TIME)`). 0 is the same machine on
    /// every run; any other number another, repeatable one (docs/machine.md).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    #[command(flatten)]
    pub setup: MachineArgs,
    /// Write the disk back to FILE at the end if the program changed it.
    #[arg(long)]
    pub save_disk: bool,
    /// Plug a printer into the printer port and save what it received (LPRINT,
    /// LPTOUT, MSX-DOS's PRN) to this file. Without it the port reads busy.
    #[arg(long, value_name = "OUT")]
    pub printer: Option<PathBuf>,
    /// Start from a save state (written by --save-state or `msx play`)
    /// instead of power-on. The machine must be built the same way (same
    /// FILE, ROMs, --ram, --machine): the state names what differs.
    /// --frames then counts the frames run after the state; key scripts and
    /// --type-at use frame numbers from power-on, as the state's own clock.
    #[arg(long, value_name = "STATE")]
    pub load_state: Option<PathBuf>,
    /// Save the machine's state at the end of the run.
    #[arg(long, value_name = "STATE")]
    pub save_state: Option<PathBuf>,
    /// Compare the last frame with this golden PNG, pixel by pixel (exit 3 if it
    /// differs; the run's picture is then saved as GOLDEN.actual.png).
    #[arg(long, value_name = "GOLDEN.png")]
    pub expect_png: Option<PathBuf>,
    /// Compare the VRAM with this golden dump (as --vram writes it), byte by byte.
    #[arg(long, value_name = "GOLDEN.bin")]
    pub expect_vram: Option<PathBuf>,
    /// Compare the character screen with this golden text (as --text prints it).
    #[arg(long, value_name = "GOLDEN.txt")]
    pub expect_text: Option<PathBuf>,
    /// Write this run's output over the --expect-… golden files (creating them)
    /// instead of comparing: look at them before you commit them.
    #[arg(long)]
    pub bless: bool,
}

fn parse_address(s: &str) -> Result<u16, String> {
    match z80_asm::parse_value(s) {
        Some(v) if (0..=0xFFFF).contains(&v) => Ok(v as u16),
        Some(v) => Err(format!("address {v} is outside 0..FFFFh")),
        None => Err(format!("`{s}` is not a number")),
    }
}

pub(super) fn build_machine(args: &RunArgs, media: MediaKind, image: Vec<u8>) -> Result<Machine> {
    let spec = args.setup.spec(args.machine, args.rtc, args.seed);
    let file = args.file.as_deref().unwrap_or(Path::new(""));
    let mut machine = machine_setup::build_machine(file, media, image, &spec)?;
    // The state first: it brings its own pending key events, and the ones
    // asked for here come on top.
    if let Some(path) = &args.load_state {
        let bytes = read_input(path)?;
        machine
            .load_state(&bytes)
            .with_context(|| format!("{}: cannot load this state", path.display()))?;
    }
    if let Some(script) = &args.keys {
        let text = String::from_utf8(read_input(script)?)
            .with_context(|| format!("{}: not UTF-8 text", script.display()))?;
        let script_parsed =
            KeyScript::parse(&text).with_context(|| format!("{}", script.display()))?;
        machine.schedule_script(&script_parsed);
    }
    if let Some(text) = &args.type_text {
        let text = text.replace("\\n", "\n");
        machine
            .type_text_at(args.type_at, &text)
            .context("--type")?;
    }
    if args.wav.is_some() {
        machine.set_audio_capture(true);
    }
    if args.printer.is_some() {
        machine.plug_printer(true);
    }
    if args.trace.is_some() {
        machine.set_trace(Some(args.trace_limit.max(1)));
    }
    Ok(machine)
}

pub(super) fn until_of(args: &RunArgs) -> Until {
    if let Some(t) = &args.until_text {
        Until::TextOnScreen(t.clone())
    } else if let Some(t) = &args.until_debug {
        Until::DebugOutputContains(t.clone())
    } else if let Some(pc) = args.until_pc {
        Until::PcReached(pc)
    } else {
        Until::FrameLimit
    }
}

pub fn run(args: RunArgs) -> Result<ExitCode> {
    let expects: Vec<golden::Expect<'_>> = [
        (golden::Kind::Png, &args.expect_png),
        (golden::Kind::Vram, &args.expect_vram),
        (golden::Kind::Text, &args.expect_text),
    ]
    .into_iter()
    .filter_map(|(kind, path)| {
        Some(golden::Expect {
            kind,
            golden: path.as_deref()?,
        })
    })
    .collect();
    if args.bless && expects.is_empty() {
        anyhow::bail!("--bless writes the golden files of --expect-png, --expect-vram or --expect-text: name at least one");
    }
    let (image, media) = match &args.file {
        Some(file) => {
            let image = read_input(file)?;
            let media = media_kind(file, &image, args.setup.kind)?;
            (image, media)
        }
        None if args.setup.kind != MediaKind::Auto => {
            anyhow::bail!("--kind says what FILE is, and no FILE was given")
        }
        None if args.save_disk => {
            anyhow::bail!("--save-disk writes the disk back to FILE, and no FILE was given")
        }
        None => (Vec::new(), MediaKind::Empty),
    };
    let mut machine = build_machine(&args, media, image)?;

    let until = until_of(&args);
    let outcome = machine.run_until(&until, args.frames);
    let frames = machine.frame_count();
    let seconds = machine.cycles() as f64 / CPU_HZ as f64;

    // What goes to stdout is written last, after the files, so that a
    // reader that stops early (`| head`) cannot keep them from being saved.
    let mut stdout_text = String::new();
    let debug = machine.debug_output().to_vec();
    if !debug.is_empty() {
        stdout_text.push_str(&String::from_utf8_lossy(&debug));
        if !debug.ends_with(b"\n") {
            stdout_text.push('\n');
        }
    }
    if args.text {
        match machine.text_screen() {
            Some(t) => {
                let _ = write!(stdout_text, "{t}");
            }
            None => note(format_args!(
                "note: --text: the screen is in a bitmap mode ({}), no characters to show",
                machine.vdp().mode().name()
            )),
        }
    }
    // Every file of the run is written together, or none is.
    let mut files = Outputs::new();
    if let Some(out) = &args.png {
        files.file(out, machine.png_bytes()?);
    }
    if let Some(out) = &args.vram {
        files.file(out, machine.vram());
    }
    if let Some(out) = &args.wav {
        files.file(out, machine.wav_bytes());
    }
    if let Some(out) = &args.printer {
        files.file(out, machine.printer_output());
    }
    if let Some(out) = &args.save_state {
        files.file(out, machine.save_state());
    }
    if let Some(out) = &args.trace {
        let (entries, dropped) = machine.take_trace();
        files.file(out, format_trace(&entries, dropped));
    }
    let mut saved_disk = None;
    if let (true, MediaKind::Dsk, Some(file)) = (args.save_disk, media, &args.file) {
        if machine.disk_modified(0) {
            if let Some(bytes) = machine.disk_image(0) {
                // Through a symbolic link the file it names is changed; a read-only
                // image is refused.
                files.edit(file, bytes);
                saved_disk = Some(file);
            }
        } else {
            note(format_args!(
                "the disk was not changed; {} left as it was",
                file.display()
            ));
        }
    }
    let mut verdicts = Vec::new();
    for expect in &expects {
        verdicts.push(golden::check(&machine, expect, args.bless, &mut files)?);
    }
    files.commit()?;
    if let Some(file) = saved_disk {
        note(format_args!("saved the changed disk to {}", file.display()));
    }
    let mut differs = false;
    for (expect, verdict) in expects.iter().zip(verdicts) {
        let path = expect.golden.display();
        match verdict {
            golden::Verdict::Same => note(format_args!("{path}: the same")),
            golden::Verdict::Blessed { created: true } => {
                note(format_args!("{path}: created from this run"))
            }
            golden::Verdict::Blessed { created: false } => {
                note(format_args!("{path}: replaced by this run"))
            }
            golden::Verdict::Differs { what, actual } => {
                differs = true;
                note(format_args!(
                    "{path}: differs: {what}; this run's is in {}",
                    actual.display()
                ));
            }
        }
    }
    if !write_stdout(&mut std::io::stdout().lock(), &stdout_text)? {
        // The reader went away: nothing more to say, and nothing went wrong
        // but a golden file that differs.
        return Ok(if differs {
            exit::code(exit::MISMATCH)
        } else {
            exit::code(exit::SUCCESS)
        });
    }

    let what = match &until {
        Until::TextOnScreen(t) => format!("text {t:?} on screen"),
        Until::DebugOutputContains(t) => format!("debug output {t:?}"),
        Until::PcReached(pc) => format!("PC {pc:04X}h"),
        Until::FrameLimit => String::new(),
    };
    let code = match outcome {
        RunOutcome::Reached { frame } => {
            note(format_args!(
                "{what} reached at frame {frame} ({seconds:.2} s emulated)"
            ));
            Ok(ExitCode::SUCCESS)
        }
        RunOutcome::FrameLimit { .. } if until == Until::FrameLimit => {
            note(format_args!(
                "ran {frames} frames ({seconds:.2} s emulated)"
            ));
            Ok(ExitCode::SUCCESS)
        }
        RunOutcome::FrameLimit { .. } => {
            note(format_args!(
                "frame limit {} came before {what}",
                args.frames
            ));
            Ok(exit::code(exit::NOT_REACHED))
        }
    };
    if differs {
        return Ok(exit::code(exit::MISMATCH));
    }
    code
}

/// Writes `text` to `out`; `Ok(false)` when the reader closed the pipe
/// (EPIPE: `msx run … --text | head`), which ends the command quietly, as
/// cargo and ripgrep do; other write errors are errors.
fn write_stdout(out: &mut impl std::io::Write, text: &str) -> Result<bool> {
    let result = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    match result {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(e).context("writing to standard output"),
    }
}

/// A message on stderr. Unlike `eprintln!` it never panics: a closed stderr
/// is no reason to lose the run's files or exit code.
fn note(message: std::fmt::Arguments<'_>) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr().lock(), "{message}");
}

/// One line per step: frame, T-state, address, bytes, instruction, registers.
fn format_trace(entries: &[TraceEntry], dropped: u64) -> String {
    let mut out = String::new();
    if dropped > 0 {
        let _ = writeln!(
            out,
            "; {dropped} earlier instructions not kept (--trace-limit)"
        );
    }
    for e in entries {
        let r = &e.regs;
        let (bytes, text) = match e.kind {
            TraceKind::Instruction => {
                let ins = z80_asm::disassemble_one(&e.bytes, r.pc);
                let len = ins.len.clamp(1, 4);
                let hex: Vec<String> = e.bytes[..len].iter().map(|b| format!("{b:02X}")).collect();
                (hex.join(" "), ins.text)
            }
            TraceKind::Interrupt => (String::new(), format!("<interrupt, IM {}>", r.im)),
            TraceKind::Nmi => (String::new(), "<NMI>".to_string()),
        };
        let _ = writeln!(
            out,
            "{:>6} {:>11} {:04X}  {:<11} {:<20} AF={:02X}{:02X} BC={:04X} DE={:04X} HL={:04X} IX={:04X} IY={:04X} SP={:04X}{}",
            e.frame,
            e.cycle,
            r.pc,
            bytes,
            text,
            r.a,
            r.f,
            r.bc(),
            r.de(),
            r.hl(),
            r.ix,
            r.iy,
            r.sp,
            if r.iff1 { " EI" } else { " DI" },
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer whose reader has gone, or that fails another way.
    struct Failing(std::io::ErrorKind);

    impl std::io::Write for Failing {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::from(self.0))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Err(std::io::Error::from(self.0))
        }
    }

    #[test]
    fn broken_pipe_ends_quietly() {
        let mut out = Failing(std::io::ErrorKind::BrokenPipe);
        assert!(!write_stdout(&mut out, "HELLO\n").unwrap());
        // Nothing to write still flushes; a closed pipe there is quiet too.
        assert!(!write_stdout(&mut out, "").unwrap());
    }

    #[test]
    fn other_stdout_errors_are_errors() {
        let mut out = Failing(std::io::ErrorKind::PermissionDenied);
        let err = write_stdout(&mut out, "HELLO\n").unwrap_err();
        assert!(err.to_string().contains("standard output"), "{err}");
        let mut ok = Vec::new();
        assert!(write_stdout(&mut ok, "HELLO\n").unwrap());
        assert_eq!(ok, b"HELLO\n");
    }
}
