//! `msx build`: compile a Turbo Pascal or MSX-BASIC program to a bootable `.dsk`, an
//! MSX-DOS `.com` (or a Pascal `.chn` chain file) or a `.rom` cartridge.

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use msx_disk::{Disk, Format as DiskFormat};
use msx_pascal::{
    lower::{compile, compile_chn},
    render_diagnostics, DirFiles,
};
use z80_codegen::{Output, Target};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A bootable 720 KB disk image that starts the program by itself.
    Dsk,
    /// An MSX-DOS program.
    Com,
    /// A 16 or 32 KB cartridge image.
    Rom,
    /// A Turbo Pascal chain file, started by another program's `Chain` under MSX-DOS.
    Chn,
}

#[derive(clap::Args)]
pub struct BuildArgs {
    /// The program: Turbo Pascal 3 source (`.pas`), or MSX-BASIC (`.bas`: a listing or a
    /// tokenized file).
    pub input: PathBuf,
    /// Output file (default: the input name with the format's extension).
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Output format (default: from the output's extension, else dsk).
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Make the disk boot into MSX-DOS and run the program there as NAME.COM (dsk only),
    /// instead of starting it straight from the boot sector.
    #[arg(long)]
    pub dos: bool,
    /// A data file to put on the disk too (dsk only); repeatable.
    #[arg(long = "add", value_name = "FILE")]
    pub add: Vec<PathBuf>,
    /// Also write the generated assembly.
    #[arg(long, value_name = "OUT.asm")]
    pub asm: Option<PathBuf>,
    /// Also write the assembler listing (addresses, bytes, source).
    #[arg(long, value_name = "OUT.lst")]
    pub lst: Option<PathBuf>,
    /// Also write the symbol file (names and the address-to-source-line table).
    #[arg(long, value_name = "OUT.sym")]
    pub sym: Option<PathBuf>,
    /// BASIC: compile the program to Z80 instead of making the disk for MSX-BASIC to
    /// interpret (implied by --dos, --asm, --lst, --sym and the com and rom formats).
    #[arg(long, conflicts_with = "interpret")]
    pub compile: bool,
    /// BASIC: the disk an MSX user makes, the tokenized program and an AUTOEXEC.BAS that
    /// runs it, for MSX-BASIC to interpret; the default for a .bas and a .dsk.
    #[arg(long)]
    pub interpret: bool,
    /// Say nothing but errors (`msx test` builds its programs quietly).
    #[arg(skip)]
    pub quiet: bool,
}

fn format_of(path: &Path) -> Option<Format> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "dsk" => Some(Format::Dsk),
        "com" => Some(Format::Com),
        "rom" => Some(Format::Rom),
        "chn" => Some(Format::Chn),
        _ => None,
    }
}

/// The disk name of the program file: the source's name cut to 8 characters, `.BIN`
/// (started by the boot sector) or `.COM` (run by MSX-DOS).
fn program_name(input: &Path, dos: bool) -> String {
    let ext = if dos { "COM" } else { "BIN" };
    format!("{}.{ext}", super::disk_stem(input))
}

/// A data file for the disk, from the manifest or `--add`.
struct Added {
    disk_name: String,
    bytes: Vec<u8>,
    source: PathBuf,
    /// Where it was asked for: the manifest's `msx.toml:LINE:COL: "entry"`, or `--add FILE`.
    origin: String,
    from_manifest: bool,
}

/// The manifest's `[disk] files`, then the `--add` files, each read. Two
/// different files with the same disk name (or one named like the program)
/// are an error: the disk would silently keep only the last.
fn added_files(
    manifest: Option<&super::manifest::Manifest>,
    add: &[PathBuf],
    program: &str,
) -> Result<Vec<Added>> {
    let mut files: Vec<Added> = manifest
        .into_iter()
        .flat_map(|m| &m.disk_files)
        .map(|f| Added {
            disk_name: f.disk_name.clone(),
            bytes: f.bytes.clone(),
            source: f.source.clone(),
            origin: format!("{}: {:?}", f.place, f.entry),
            from_manifest: true,
        })
        .collect();
    for file in add {
        // The file the manifest already adds (old command lines still say
        // `--add` for it): once is enough.
        let same = |f: &Added| {
            f.from_manifest
                && matches!(
                    (f.source.canonicalize(), file.canonicalize()),
                    (Ok(a), Ok(b)) if a == b
                )
        };
        if let Some(f) = files.iter().find(|f| same(f)) {
            eprintln!(
                "note: --add {}: already added by {}",
                file.display(),
                f.origin
            );
            continue;
        }
        let disk_name = file
            .file_name()
            .and_then(|n| n.to_str())
            .with_context(|| format!("--add {}: not a file name", file.display()))?
            .to_string();
        files.push(Added {
            disk_name,
            bytes: super::read_input(file)?,
            source: file.clone(),
            origin: format!("--add {}", file.display()),
            from_manifest: false,
        });
    }
    for (i, f) in files.iter().enumerate() {
        if f.disk_name.eq_ignore_ascii_case(program) {
            bail!(
                "{}: {} is the program's own name on the disk",
                f.origin,
                program
            );
        }
        if let Some(first) = files[..i]
            .iter()
            .find(|g| g.disk_name.eq_ignore_ascii_case(&f.disk_name))
        {
            bail!(
                "{}: {} is already put on the disk by {}",
                f.origin,
                f.disk_name.to_ascii_uppercase(),
                first.origin
            );
        }
    }
    Ok(files)
}

pub fn run(args: BuildArgs) -> Result<ExitCode> {
    let is_basic = args
        .input
        .extension()
        .and_then(|e| e.to_str())
        // `.asc` is the usual name of a `SAVE "X",A` listing.
        .is_some_and(|e| e.eq_ignore_ascii_case("bas") || e.eq_ignore_ascii_case("asc"));
    let format = match (args.format, &args.output) {
        (Some(f), _) => f,
        (None, Some(out)) => format_of(out).unwrap_or(Format::Dsk),
        (None, None) => Format::Dsk,
    };
    let output = args.output.clone().unwrap_or_else(|| {
        args.input.with_extension(match format {
            Format::Dsk => "dsk",
            Format::Com => "com",
            Format::Rom => "rom",
            Format::Chn => "chn",
        })
    });
    if format == Format::Chn && is_basic {
        bail!("--format chn makes a Turbo Pascal chain file: BASIC programs have no Chain");
    }
    if !args.add.is_empty() && format != Format::Dsk {
        bail!("--add puts files on a disk: it needs --format dsk");
    }
    if args.dos && format != Format::Dsk {
        bail!("--dos makes a disk boot into MSX-DOS: it needs --format dsk");
    }
    // A BASIC program's disk is, by default, the one an MSX user makes; what
    // only a compiled program has (a .com or .rom, MSX-DOS, listings) compiles.
    let wants_compiled = args.compile
        || args.dos
        || args.asm.is_some()
        || args.lst.is_some()
        || args.sym.is_some()
        || format != Format::Dsk;
    if args.interpret || (is_basic && !wants_compiled) {
        if !is_basic {
            bail!("--interpret is for MSX-BASIC programs (.bas)");
        }
        if format != Format::Dsk {
            bail!("--interpret makes a disk for MSX-BASIC to run: it needs --format dsk");
        }
        if args.dos || args.asm.is_some() || args.lst.is_some() || args.sym.is_some() {
            bail!("--dos, --asm, --lst and --sym are about the compiled program: leave out --interpret");
        }
        return build_interpreted(&args, &output);
    }
    if args.compile && !is_basic {
        bail!("--compile is for MSX-BASIC programs (.bas): Pascal is always compiled");
    }
    // The manifest first: a bad one stops the build before anything is
    // compiled or written.
    let manifest = super::manifest::for_program(&args.input)?;
    let added = added_files(
        manifest.as_ref(),
        &args.add,
        &program_name(&args.input, args.dos),
    )?;
    if let Some(m) = &manifest {
        if format != Format::Dsk && !m.disk_files.is_empty() {
            eprintln!(
                "note: {}: the [disk] files are not used: the output is not a disk",
                m.path.display()
            );
        }
    }
    let target = match format {
        // On a disk that boots into MSX-DOS the program is an ordinary .COM.
        Format::Dsk if args.dos => Target::Com,
        Format::Dsk => Target::Dsk,
        Format::Com => Target::Com,
        Format::Rom => Target::Rom,
        // A chain file runs under MSX-DOS, as the program that chains to it.
        Format::Chn => Target::Com,
    };
    let compiled = if is_basic {
        compile_basic(&args.input, target)?
    } else {
        compile_pascal(&args.input, target, format == Format::Chn)?
    };
    let Some(Compiled { output: out, basic }) = compiled else {
        return Ok(crate::exit::code(crate::exit::ERROR));
    };
    let out = &out;
    let bytes = match format {
        Format::Com | Format::Rom | Format::Chn => out.bytes.clone(),
        Format::Dsk => {
            let when = super::disk_timestamp()?;
            let mut disk = Disk::new(DiskFormat::Kb720);
            let prog = program_name(&args.input, args.dos);
            disk.write_file(&prog, &out.bytes, when)
                .with_context(|| format!("cannot put {prog} on the disk"))?;
            // The original program too, tokenized, so that a real MSX can RUN it.
            if let Some(tokenized) = &basic {
                let bas = format!("{}.BAS", super::disk_stem(&args.input));
                disk.write_file(&bas, tokenized, when)
                    .with_context(|| format!("cannot put {bas} on the disk"))?;
            }
            for file in &added {
                disk.write_file(&file.disk_name, &file.bytes, when)
                    .with_context(|| format!("cannot add {} to the disk", file.origin))?;
                if let (Some(m), false) = (&manifest, args.quiet) {
                    if file.from_manifest {
                        eprintln!(
                            "{}: added {} as {} ({} bytes)",
                            m.path.display(),
                            file.source.display(),
                            file.disk_name.to_ascii_uppercase(),
                            file.bytes.len()
                        );
                    }
                }
            }
            if args.dos {
                let command = super::disk_stem(&args.input);
                disk.set_boot_command(&command)
                    .context("cannot make the disk boot into MSX-DOS and run the program")?;
            } else {
                disk.set_boot_program(&prog, out.load, out.entry)
                    .context("cannot make the disk boot the program")?;
            }
            disk.to_bytes()
        }
    };
    // The program and its listings are written together or not at all.
    let mut files = super::outputs::Outputs::new();
    files.file(&output, bytes.as_slice());
    if let Some(p) = &args.asm {
        files.file(p, out.asm.as_str());
    }
    if let Some(p) = &args.lst {
        files.file(p, out.listing.as_str());
    }
    if let Some(p) = &args.sym {
        files.file(p, out.sym.as_str());
    }
    files.commit()?;
    let s = out.sizes;
    if args.quiet {
        return Ok(ExitCode::SUCCESS);
    }
    eprintln!(
        "{}: {} bytes of code, {} of constants and data, {} of variables ({} bytes written)",
        output.display(),
        s.code,
        s.rodata + s.data,
        s.vars,
        bytes.len()
    );
    Ok(ExitCode::SUCCESS)
}

/// A program without a line builds, to a disk that runs nothing: most likely the wrong
/// file, so say so.
pub fn warn_if_empty(input: &Path, program: &msx_basic::Program) {
    if program.lines.is_empty() {
        super::terminal::eprint_clean(&format!(
            "warning: {}: the program has no lines: it does nothing\n",
            input.display()
        ));
    }
}

/// `msx build --interpret`: the tokenized program and an AUTOEXEC.BAS on a disk.
fn build_interpreted(args: &BuildArgs, output: &Path) -> Result<ExitCode> {
    let source = super::read_input(&args.input)?;
    let (program, errors) = msx_basic::load_source_lenient(&source);
    let shown = args.input.display().to_string();
    super::basic::fail_on_errors(
        &shown,
        &format!("{shown}: not an MSX-BASIC program"),
        &errors,
    )?;
    warn_if_empty(&args.input, &program);
    let name = format!("{}.BAS", super::disk_stem(&args.input));
    let manifest = super::manifest::for_program(&args.input)?;
    let added = added_files(manifest.as_ref(), &args.add, &name)?;
    let when = super::disk_timestamp()?;
    let mut disk = basic_disk(&name, &program.to_bytes(), when)?;
    for file in &added {
        disk.write_file(&file.disk_name, &file.bytes, when)
            .with_context(|| format!("cannot add {} to the disk", file.origin))?;
    }
    let bytes = disk.to_bytes();
    super::write_atomic(output, &bytes)?;
    if args.quiet {
        return Ok(ExitCode::SUCCESS);
    }
    eprintln!(
        "{}: {name} ({} bytes tokenized) and AUTOEXEC.BAS, for MSX-BASIC to run at power-on",
        output.display(),
        program.to_bytes().len()
    );
    Ok(ExitCode::SUCCESS)
}

/// The disk an MSX user makes for a BASIC program: the tokenized program as
/// `name` and an AUTOEXEC.BAS holding `10 RUN"name"`, which Disk BASIC runs at
/// power-on (a plain boot sector returns to it) — on the free ROMs and on a real
/// MSX2 alike. A program called AUTOEXEC.BAS is the AUTOEXEC.BAS.
pub fn basic_disk(name: &str, tokenized: &[u8], when: msx_disk::Timestamp) -> Result<Disk> {
    // One maker of these disks for `msx build`, `msx run game.bas`, `msx test`
    // and the Rust API's `Session::basic`.
    msx_test::disks::basic_disk(name, tokenized, when)
        .with_context(|| format!("cannot make the disk of {name}"))
}

/// What a compiler gives the packaging: the linked program and, for BASIC, the tokenized
/// program to put on the disk beside it.
struct Compiled {
    output: Output,
    basic: Option<Vec<u8>>,
}

fn file_name(input: &Path) -> Result<String> {
    Ok(input
        .file_name()
        .and_then(|n| n.to_str())
        .with_context(|| format!("{}: not a file name", input.display()))?
        .to_string())
}

/// The program's directory, each file read noted as an input (the program and its
/// `{$I …}` includes), so that no output replaces one.
struct NotedFiles(DirFiles);

impl msx_pascal::FileProvider for NotedFiles {
    fn read(&self, name: &str) -> std::io::Result<String> {
        // The file DirFiles finds (matching the name without case) is an input.
        if let Some(path) = self.0.resolve(name) {
            super::outputs::note_input(&path);
        }
        self.0.read(name)
    }
}

/// Compiles a Pascal program (as a chain file when `chn`); `None` after printing its
/// diagnostics when it does not compile.
fn compile_pascal(input: &Path, target: Target, chn: bool) -> Result<Option<Compiled>> {
    let dir = match input.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = file_name(input)?;
    let files = NotedFiles(DirFiles::new(dir));
    let result = if chn {
        compile_chn(&name, &files)
    } else {
        compile(&name, &files, target)
    };
    let built = match result {
        Ok(b) => b,
        Err(failed) => {
            super::terminal::eprint_clean(&render_diagnostics(
                &failed.diagnostics,
                &failed.sources,
            ));
            eprintln!(
                "error: {} could not be compiled ({} error(s))",
                input.display(),
                failed.error_count()
            );
            return Ok(None);
        }
    };
    if !built.warnings.is_empty() {
        super::terminal::eprint_clean(&render_diagnostics(&built.warnings, &built.sources));
    }
    Ok(Some(Compiled {
        output: built.output,
        basic: None,
    }))
}

/// Compiles a BASIC program (listing or tokenized); `None` after printing its diagnostics
/// when it does not compile.
fn compile_basic(input: &Path, target: Target) -> Result<Option<Compiled>> {
    let source = super::read_input(input)?;
    if let Ok(program) = msx_basic::load_source(&source) {
        warn_if_empty(input, &program);
    }
    let name = input.display().to_string();
    let built = match msx_basic::compile(&name, &source, target) {
        Ok(b) => b,
        Err(failed) => {
            for d in &failed.diagnostics {
                super::terminal::eprint_clean(&format!("error: {d}\n"));
            }
            eprintln!(
                "error: {} could not be compiled ({} error(s))",
                input.display(),
                failed.diagnostics.len()
            );
            return Ok(None);
        }
    };
    for w in &built.warnings {
        super::terminal::eprint_clean(&format!("warning: {w}\n"));
    }
    Ok(Some(Compiled {
        output: built.output,
        // The bytes MSX-BASIC's SAVE would write.
        basic: Some(built.tokenized),
    }))
}
