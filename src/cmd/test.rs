//! `msx test`: every `[[test]]` case of `msx.toml` run on the emulator and
//! compared with its golden files, reported as `cargo test` reports (a line
//! per case, the failures' details, a summary; exit 3 when a case fails).
//!
//! A case is an `msx run` command line written as TOML (src/cmd/test/case.rs):
//! the machine is built, keys scheduled and the run stopped exactly as `msx
//! run` does it (run.rs), and the goldens compared as `--expect-png` compares
//! them (golden.rs). A `.bas` or `.pas` program is first built as `msx build`
//! builds it (build.rs), with the manifest's data files, into a scratch
//! directory. Cases run in parallel, one per core.

pub mod case;
mod junit;

use anyhow::{bail, Context, Result};
use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use msx_machine::machine::{RunOutcome, Until};

use super::golden::{self, Kind, Verdict};
use super::machine_setup::{media_kind, MediaKind};
use super::{manifest, read_input, run};
use case::{Case, Mode, Program};

#[derive(clap::Args)]
pub struct TestArgs {
    /// Run only the cases whose name contains one of these texts.
    #[arg(value_name = "FILTER")]
    pub filters: Vec<String>,
    /// The manifest whose `[[test]]` cases run; golden files are relative to it.
    #[arg(long, value_name = "FILE", default_value = manifest::FILE_NAME)]
    pub manifest: PathBuf,
    /// Write this run's output over the golden files (creating them) instead of
    /// comparing, and say which changed: look at them before you commit them.
    #[arg(long)]
    pub bless: bool,
    /// Also write the results as JUnit XML, for CI systems.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// How many cases run at once (default: one per core).
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<NonZeroUsize>,
}

/// One run of a case: a BASIC case that runs both interpreted and compiled
/// is two runs, `NAME/interpreted` and `NAME/compiled`.
struct Job<'a> {
    case: &'a Case,
    mode: Option<Mode>,
    /// The name the report shows.
    name: String,
    /// Told apart in the `.actual` files when several runs share the goldens.
    label: Option<&'static str>,
    /// Writes the goldens (`--bless`, and the case's first run only: the
    /// others are compared with what it wrote).
    bless: bool,
}

/// What a run came to.
pub struct Outcome {
    pub name: String,
    /// `msx.toml:LINE:COLUMN` of the case.
    pub place: String,
    /// What went wrong, a sentence each; none when the run passed.
    pub failures: Vec<String>,
    /// The golden files `--bless` wrote, with `created` or `changed`.
    pub blessed: Vec<String>,
    pub time: Duration,
}

/// The date `msx test` gives the files of the disks it builds, unless
/// SOURCE_DATE_EPOCH says otherwise: the RTC's default start, 2026-01-01, so
/// that a program that looks at its files' dates sees the same ones each run.
const BUILD_EPOCH: &str = "1767225600";

pub fn run(args: TestArgs) -> Result<ExitCode> {
    let started = Instant::now();
    if !args.manifest.is_file() {
        bail!(
            "{}: no such file; `msx test` runs the [[test]] cases of a project's msx.toml (docs/testing.md)",
            args.manifest.display()
        );
    }
    let manifest = manifest::load(&args.manifest)?;
    let cases = case::cases(&manifest)?;
    if cases.is_empty() {
        bail!(
            "{}: no [[test]] cases; add one (docs/testing.md):\n\n[[test]]\nname = \"title\"\nprogram = \"game.bas\"\npng = \"title.png\"",
            args.manifest.display()
        );
    }
    let all = jobs(&cases, args.bless);
    let total = all.len();
    let selected: Vec<Job<'_>> = all
        .into_iter()
        .filter(|j| args.filters.is_empty() || args.filters.iter().any(|f| j.name.contains(f)))
        .collect();
    let filtered_out = total - selected.len();

    // The programs to build, each once, before the clock of any case starts.
    if std::env::var_os("SOURCE_DATE_EPOCH").is_none() {
        // Still one thread: nothing else reads the environment now.
        std::env::set_var("SOURCE_DATE_EPOCH", BUILD_EPOCH);
    }
    let scratch = tempfile::Builder::new()
        .prefix("msx-test-")
        .tempdir()
        .context("cannot make a scratch directory for the built programs")?;
    let mut built: HashMap<(PathBuf, Option<Mode>), Result<PathBuf, String>> = HashMap::new();
    for job in &selected {
        if let Program::Built(source) = &job.case.program {
            let key = (source.clone(), job.mode);
            if !built.contains_key(&key) {
                let out = scratch.path().join(format!("{}.dsk", built.len()));
                let result = build(source, job.mode, &out).map(|()| out);
                built.insert(key, result);
            }
        }
    }

    println!(
        "\nrunning {} test{}",
        selected.len(),
        if selected.len() == 1 { "" } else { "s" }
    );
    let workers = args
        .jobs
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    // Blessing runs a case's first run before the others compare with it.
    let (first, rest): (Vec<Job<'_>>, Vec<Job<'_>>) = selected
        .into_iter()
        .partition(|j| !args.bless || j.mode.is_none() || j.mode == j.case.modes.first().copied());
    let mut outcomes = Vec::new();
    for batch in [first, rest] {
        outcomes.extend(run_all(&batch, &built, workers, |o| {
            println!("{}", line(o))
        }));
    }

    let failed: Vec<&Outcome> = outcomes.iter().filter(|o| !o.failures.is_empty()).collect();
    if !failed.is_empty() {
        println!("\nfailures:\n");
        for o in &failed {
            println!("---- {} ({}) ----", o.name, o.place);
            for f in &o.failures {
                println!("{f}");
            }
            println!();
        }
        println!("failures:");
        for o in &failed {
            println!("    {}", o.name);
        }
    }
    let blessed: usize = outcomes.iter().map(|o| o.blessed.len()).sum();
    println!(
        "\ntest result: {}. {} passed; {} failed; {filtered_out} filtered out;{} finished in {:.2}s\n",
        if failed.is_empty() { "ok" } else { "FAILED" },
        outcomes.len() - failed.len(),
        failed.len(),
        if args.bless {
            format!(" {blessed} golden file{} written;", if blessed == 1 { "" } else { "s" })
        } else {
            String::new()
        },
        started.elapsed().as_secs_f64()
    );
    if let Some(path) = &args.junit {
        let xml = junit::report(&args.manifest, &outcomes, started.elapsed())?;
        super::write_atomic(path, xml.as_bytes())?;
    }
    Ok(if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(3)
    })
}

/// Every run of every case, in the manifest's order.
fn jobs(cases: &[Case], bless: bool) -> Vec<Job<'_>> {
    let mut jobs = Vec::new();
    for case in cases {
        if case.modes.is_empty() {
            jobs.push(Job {
                case,
                mode: None,
                name: case.name.clone(),
                label: None,
                bless,
            });
            continue;
        }
        let several = case.modes.len() > 1;
        for (i, &mode) in case.modes.iter().enumerate() {
            jobs.push(Job {
                case,
                mode: Some(mode),
                name: if several {
                    format!("{}/{}", case.name, mode.name())
                } else {
                    case.name.clone()
                },
                label: several.then_some(mode.name()),
                bless: bless && i == 0,
            });
        }
    }
    jobs
}

/// `msx build SOURCE [--compile] -o OUT`, quietly (a compiler's errors still show).
fn build(source: &Path, mode: Option<Mode>, out: &Path) -> Result<(), String> {
    let args = super::build::BuildArgs {
        input: source.to_path_buf(),
        output: Some(out.to_path_buf()),
        format: Some(super::build::Format::Dsk),
        dos: false,
        add: Vec::new(),
        asm: None,
        lst: None,
        sym: None,
        compile: mode == Some(Mode::Compiled),
        interpret: mode == Some(Mode::Interpreted),
        quiet: true,
    };
    match super::build::run(args) {
        Ok(code) if code == ExitCode::SUCCESS => Ok(()),
        Ok(_) => Err(format!(
            "{} does not build (the compiler's messages are above)",
            source.display()
        )),
        Err(e) => Err(format!("{e:#}")),
    }
}

/// Runs the jobs on `workers` threads, calling `each` with every outcome as
/// it comes (in the order they finish); the outcomes in the jobs' order.
fn run_all(
    jobs: &[Job<'_>],
    built: &HashMap<(PathBuf, Option<Mode>), Result<PathBuf, String>>,
    workers: usize,
    mut each: impl FnMut(&Outcome),
) -> Vec<Outcome> {
    let next = AtomicUsize::new(0);
    let (send, receive) = std::sync::mpsc::channel();
    let mut outcomes: Vec<Option<Outcome>> = jobs.iter().map(|_| None).collect();
    std::thread::scope(|scope| {
        for _ in 0..workers.min(jobs.len()) {
            let send = send.clone();
            let next = &next;
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(i) else { break };
                let file = match &job.case.program {
                    Program::Nothing => Ok(None),
                    Program::AsIs(path) => Ok(Some(path.clone())),
                    Program::Built(source) => built[&(source.clone(), job.mode)].clone().map(Some),
                };
                // A bug in the emulator fails its case, not the whole run.
                let outcome =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| execute(job, file)))
                        .unwrap_or_else(|panic| Outcome {
                            name: job.name.clone(),
                            place: job.case.place.clone(),
                            failures: vec![format!(
                        "msx panicked running this case ({}): a bug in msx, please report it",
                        panic_message(panic.as_ref())
                    )],
                            blessed: Vec::new(),
                            time: Duration::ZERO,
                        });
                if send.send((i, outcome)).is_err() {
                    break;
                }
            });
        }
        drop(send);
        for (i, outcome) in receive {
            each(&outcome);
            outcomes[i] = Some(outcome);
        }
    });
    outcomes.into_iter().flatten().collect()
}

/// What a panic said, when it said it with a string.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> &str {
    panic
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("no message")
}

/// `test NAME ... ok`, `... FAILED`, or what blessing wrote.
fn line(o: &Outcome) -> String {
    let verdict = if !o.failures.is_empty() {
        "FAILED".to_string()
    } else if !o.blessed.is_empty() {
        format!("blessed ({})", o.blessed.join(", "))
    } else {
        "ok".to_string()
    };
    format!("test {} ... {verdict}", o.name)
}

/// One run: the machine, the run, the comparisons.
fn execute(job: &Job<'_>, file: Result<Option<PathBuf>, String>) -> Outcome {
    let start = Instant::now();
    let mut outcome = Outcome {
        name: job.name.clone(),
        place: job.case.place.clone(),
        failures: Vec::new(),
        blessed: Vec::new(),
        time: Duration::ZERO,
    };
    let result = file
        .map_err(anyhow::Error::msg)
        .and_then(|file| run_and_compare(job, file, &mut outcome));
    if let Err(e) = result {
        outcome.failures.push(format!("{e:#}"));
    }
    outcome.time = start.elapsed();
    outcome
}

fn run_and_compare(job: &Job<'_>, file: Option<PathBuf>, outcome: &mut Outcome) -> Result<()> {
    let case = job.case;
    let args = case.run_args(file)?;
    let (image, media) = match &args.file {
        Some(f) => {
            let image = read_input(f)?;
            let media = media_kind(f, &image, args.setup.kind)?;
            (image, media)
        }
        None => (Vec::new(), MediaKind::Empty),
    };
    let mut machine = run::build_machine(&args, media, image)?;
    for (kind, _) in &case.goldens {
        match kind {
            Kind::Wav => machine.set_audio_capture(true),
            Kind::Printer => machine.plug_printer(true),
            _ => {}
        }
    }
    let until = run::until_of(&args);
    let reached = match machine.run_until(&until, args.frames) {
        RunOutcome::Reached { .. } => true,
        RunOutcome::FrameLimit { .. } => until == Until::FrameLimit,
    };
    if !reached {
        outcome.failures.push(format!(
            "the frame limit {} came before {}{}",
            args.frames,
            msx_test::describe(&until),
            if job.bless { "; nothing blessed" } else { "" }
        ));
    }
    for (kind, path) in &case.goldens {
        let actual = match golden::actual_bytes(&machine, *kind) {
            Ok(a) => a,
            Err(e) => {
                outcome.failures.push(format!("{}: {e:#}", path.display()));
                continue;
            }
        };
        if job.bless && reached {
            let changed = match std::fs::read(path) {
                Ok(old) => {
                    golden::difference(*kind, path, &old, &actual).map_or(true, |d| d.is_some())
                }
                Err(_) => true,
            };
            if changed {
                if let Verdict::Blessed { created } = golden::bless_file(path, &actual)? {
                    outcome.blessed.push(format!(
                        "{} {}",
                        path.display(),
                        if created { "created" } else { "changed" }
                    ));
                }
            }
            forget_old_failure(path, job.label);
            continue;
        }
        match golden::compare(*kind, path, &actual, job.label) {
            Ok(Verdict::Same) => forget_old_failure(path, job.label),
            Ok(Verdict::Differs { what, actual }) => outcome.failures.push(format!(
                "{}: {what}; this run's is in {}",
                path.display(),
                actual.display()
            )),
            Ok(Verdict::Blessed { .. }) => unreachable!("compare never blesses"),
            Err(e) => outcome.failures.push(format!("{e:#}")),
        }
    }
    Ok(())
}

/// Removes the `.actual` and `.diff` files an earlier failing run left beside
/// a golden file that now matches: what is left to look at is what fails now.
fn forget_old_failure(golden: &Path, label: Option<&str>) {
    for what in ["actual", "diff"] {
        let path = golden::beside(golden, label, what);
        let _ = std::fs::remove_file(path);
    }
}
