//! `msx asm` (assemble Z80 source) and `msx disasm` (disassemble a binary).

use anyhow::{bail, Context, Result};
use std::path::PathBuf;
use std::process::ExitCode;

use z80_asm::{Options, SymbolFormat};

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum SymFormatArg {
    /// `name: equ 0xADDR` (openMSX debugger, and INCLUDE-able by `msx asm`)
    Generic,
    /// `DEF name ADDR` (NoICE; openMSX reads it too)
    Noice,
}

#[derive(clap::Args)]
pub struct AsmArgs {
    /// Z80 source file.
    pub input: PathBuf,
    /// Binary output (default: the input name with `.bin`).
    #[arg(short, long, value_name = "OUT.bin")]
    pub output: Option<PathBuf>,
    /// Also write a symbol file.
    #[arg(long, value_name = "OUT.sym")]
    pub sym: Option<PathBuf>,
    /// Format of the symbol file.
    #[arg(long, value_enum, default_value = "generic")]
    pub sym_format: SymFormatArg,
    /// Also write a listing (address, bytes, source line).
    #[arg(long, value_name = "OUT.lst")]
    pub lst: Option<PathBuf>,
    /// Directory searched by INCLUDE and INCBIN (after the including file's own); repeatable.
    #[arg(short = 'I', long = "include", value_name = "DIR")]
    pub include: Vec<PathBuf>,
    /// Define a symbol before assembling: NAME or NAME=VALUE (VALUE in any source
    /// number form; default 1); repeatable.
    #[arg(short = 'D', long = "define", value_name = "NAME[=VALUE]")]
    pub define: Vec<String>,
}

#[derive(clap::Args)]
pub struct DisasmArgs {
    /// Binary file to disassemble.
    pub input: PathBuf,
    /// Address the first byte is loaded at (e.g. 100h, 0x4000, #C000).
    #[arg(long, default_value = "0", value_parser = parse_address)]
    pub org: u16,
    /// Skip this many bytes of the file first (e.g. 7 for a BLOAD header).
    #[arg(long, default_value = "0", value_parser = parse_count)]
    pub skip: usize,
    /// Disassemble at most this many bytes.
    #[arg(long, value_parser = parse_count)]
    pub length: Option<usize>,
    /// Write the disassembly here instead of to standard output.
    #[arg(short, long, value_name = "OUT.asm")]
    pub output: Option<PathBuf>,
}

fn parse_address(s: &str) -> Result<u16, String> {
    match z80_asm::parse_value(s) {
        Some(v) if (0..=0xFFFF).contains(&v) => Ok(v as u16),
        Some(v) => Err(format!("address {v} is outside 0..FFFFh")),
        None => Err(format!("`{s}` is not a number")),
    }
}

fn parse_count(s: &str) -> Result<usize, String> {
    match z80_asm::parse_value(s) {
        Some(v) if v >= 0 => Ok(v as usize),
        _ => Err(format!("`{s}` is not a byte count")),
    }
}

fn parse_define(d: &str) -> Result<(String, i64)> {
    let (name, value) = match d.split_once('=') {
        Some((n, v)) => {
            let v = z80_asm::parse_value(v)
                .with_context(|| format!("-D {d}: `{v}` is not a number"))?;
            (n.trim(), v)
        }
        None => (d.trim(), 1),
    };
    if name.is_empty() {
        bail!("-D {d}: missing symbol name");
    }
    Ok((name.to_string(), value))
}

pub fn run_asm(args: AsmArgs) -> Result<ExitCode> {
    let defines = args
        .define
        .iter()
        .map(|d| parse_define(d))
        .collect::<Result<Vec<_>>>()?;
    let opts = Options {
        include_dirs: args.include.clone(),
        defines,
        ..Options::default()
    };
    let bytes = super::read_input(&args.input)?;
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        // Old MSX sources are often in an 8-bit code page: keep each byte as is.
        Err(e) => e.into_bytes().iter().map(|&b| b as char).collect(),
    };
    let name = args.input.display().to_string();
    if text.trim().is_empty() {
        // Most likely the wrong file: the binary would have no bytes.
        super::terminal::eprint_clean(&format!("warning: {name}: the source is empty: no code\n"));
    }
    let asm = match z80_asm::assemble(&text, &name, &opts) {
        Ok(a) => a,
        Err(diags) => {
            super::terminal::eprint_clean(&diags.render());
            return Ok(crate::exit::code(crate::exit::ERROR));
        }
    };
    // The included files are inputs too: no output may replace one.
    for file in &asm.files {
        super::outputs::note_input(std::path::Path::new(file));
    }
    let out = args
        .output
        .clone()
        .unwrap_or_else(|| args.input.with_extension("bin"));
    // The binary, the symbols and the listing are written together or not at all.
    let mut files = super::outputs::Outputs::new();
    files.file(&out, asm.bytes.as_slice());
    if let Some(sym) = &args.sym {
        let format = match args.sym_format {
            SymFormatArg::Generic => SymbolFormat::Generic,
            SymFormatArg::Noice => SymbolFormat::NoIce,
        };
        files.file(sym, asm.symbol_file(format));
    }
    if let Some(lst) = &args.lst {
        files.file(lst, asm.listing_text());
    }
    files.commit()?;
    let range = if asm.bytes.is_empty() {
        "no code".to_string()
    } else {
        format!(
            "{:04X}h-{:04X}h",
            asm.origin,
            asm.origin as usize + asm.bytes.len() - 1
        )
    };
    eprintln!(
        "wrote {}: {} bytes ({range})",
        out.display(),
        asm.bytes.len()
    );
    Ok(ExitCode::SUCCESS)
}

pub fn run_disasm(args: DisasmArgs) -> Result<ExitCode> {
    let data = super::read_input(&args.input)?;
    let start = args.skip.min(data.len());
    let end = args
        .length
        .map_or(data.len(), |n| start.saturating_add(n).min(data.len()));
    let data = &data[start..end];
    if data.len() > 0x10000 - args.org as usize {
        bail!(
            "{} bytes loaded at {:04X}h go past FFFFh; use --skip/--length",
            data.len(),
            args.org
        );
    }
    // The output is itself a source: `msx asm` turns it back into the same bytes.
    let mut out = format!(
        "; disassembly of {}\n        org {}\n",
        args.input.display(),
        disasm_hex(args.org)
    );
    for line in z80_asm::disassemble(data, args.org) {
        let bytes: Vec<String> = line.bytes.iter().map(|b| format!("{b:02X}")).collect();
        out.push_str(&format!(
            "        {:<24}; {:04X}  {}\n",
            line.text,
            line.addr,
            bytes.join(" ")
        ));
    }
    match &args.output {
        Some(path) => super::write_atomic(path, out.as_bytes())?,
        None => {
            super::terminal::write_stdout(out.as_bytes())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn disasm_hex(v: u16) -> String {
    let s = format!("{v:04X}h");
    if s.starts_with(|c: char| c.is_ascii_alphabetic()) {
        format!("0{s}")
    } else {
        s
    }
}
