//! The disks a BASIC program is run from, as `msx build` makes them.

use msx_disk::{Disk, Format, Timestamp};

use crate::Error;

/// The disk an MSX user makes for a BASIC program: the tokenized program as
/// `name` and an AUTOEXEC.BAS holding `10 RUN"name"`, which Disk BASIC runs at
/// power-on (a plain boot sector returns to it) — on the free ROMs and on a real
/// MSX2 alike. A program called AUTOEXEC.BAS is the AUTOEXEC.BAS.
/// `msx build` makes its interpreted disks with this function.
pub fn basic_disk(name: &str, tokenized: &[u8], when: Timestamp) -> Result<Disk, Error> {
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file(name, tokenized, when)?;
    if !name.eq_ignore_ascii_case("AUTOEXEC.BAS") {
        let autoexec = msx_basic::tokenize(&format!("10 RUN\"{name}\"\n"))?;
        disk.write_file("AUTOEXEC.BAS", &autoexec.to_bytes(), when)?;
    }
    Ok(disk)
}

/// A BASIC program compiled to Z80 as `STEM.BIN`, started by the disk's boot
/// sector, with the tokenized program beside it as `STEM.BAS` (the disk
/// `msx build --compile` makes, without the data files of an `msx.toml`).
pub fn compiled_basic_disk(stem: &str, source: &[u8], when: Timestamp) -> Result<Disk, Error> {
    let name = format!("{stem}.BAS");
    let built = msx_basic::compile(&name, source, z80_codegen::Target::Dsk).map_err(|failed| {
        let lines: Vec<String> = failed.diagnostics.iter().map(|d| d.to_string()).collect();
        Error::Compile(lines.join("\n"))
    })?;
    let mut disk = Disk::new(Format::Kb720);
    let program = format!("{stem}.BIN");
    disk.write_file(&program, &built.output.bytes, when)?;
    disk.write_file(&name, &built.tokenized, when)?;
    disk.set_boot_program(&program, built.output.load, built.output.entry)?;
    Ok(disk)
}
