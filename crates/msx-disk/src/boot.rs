//! The boot sector: the plain one every new disk gets, and the boot loader
//! (`boot/boot.asm`) that makes a disk start a program by itself.
//!
//! The loader's parameter block sits at fixed offsets of sector 0 (the disk
//! ROM copies the sector's first 256 bytes to 0xC000, so offset = address −
//! 0xC000); `docs/disk.md` documents them for other tools.

use crate::{Disk, DiskError, Geometry, Name};

/// Offsets of the loader's fields in sector 0.
pub mod offset {
    /// 8.3 name, space padded (11 bytes).
    pub const NAME: usize = 0xD0;
    /// Load address (16-bit little endian).
    pub const LOAD: usize = 0xDB;
    /// Start address.
    pub const EXEC: usize = 0xDD;
    /// Largest file size that fits below 0xC000 (0xC000 − load).
    pub const LIMIT: usize = 0xDF;
    /// First FAT sector (16-bit).
    pub const FAT_SECTOR: usize = 0xE1;
    /// Sectors per FAT (8-bit).
    pub const FAT_COUNT: usize = 0xE3;
    /// First root-directory sector (16-bit).
    pub const DIR_SECTOR: usize = 0xE4;
    /// Root-directory sectors (8-bit).
    pub const DIR_COUNT: usize = 0xE6;
    /// First sector of cluster 2 (16-bit).
    pub const DATA_SECTOR: usize = 0xE7;
    /// Sectors per cluster (8-bit).
    pub const CLUSTER_SECTORS: usize = 0xE9;
    /// Bytes per cluster (16-bit).
    pub const CLUSTER_BYTES: usize = 0xEA;
    /// Number of data clusters (16-bit).
    pub const CLUSTER_COUNT: usize = 0xEC;
    /// "MSXRSBT1": marks a sector holding this loader, version 1.
    pub const MAGIC: usize = 0xF2;
}

pub const MAGIC: &[u8; 8] = b"MSXRSBT1";

/// Where the loader's own memory begins: a program must end below it.
pub const PROGRAM_END: u32 = 0xC000;
/// The lowest load address (page 0 holds the BIOS while the program runs).
pub const PROGRAM_START: u16 = 0x4000;
/// The default load and start address for programs.
pub const DEFAULT_LOAD: u16 = 0x4000;

/// The OEM name of the boot sectors we write.
const OEM: &[u8; 8] = b"MSX-RS  ";

/// What the boot loader starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BootProgram {
    pub name: Name,
    /// Where the file's bytes go (0x4000..0xC000).
    pub load: u16,
    /// Where execution starts (inside the loaded bytes).
    pub exec: u16,
}

/// The boot loader sector, assembled from `boot/boot.asm` by `z80-asm` when
/// this crate is built (see `build.rs`). Its BPB is a 720 KB one and its
/// parameter block is empty; [`Disk::set_boot_program`] fills both in.
pub fn loader() -> &'static [u8; 512] {
    static LOADER: &[u8; 512] = include_bytes!(concat!(env!("OUT_DIR"), "/boot.bin"));
    LOADER
}

/// A boot sector for a disk with no program: MSX jump mark, BPB, and boot
/// code that is a single RET, so both calls of the disk ROM return and the
/// machine starts Disk BASIC.
pub(crate) fn plain_boot_sector(geo: &Geometry) -> [u8; 512] {
    let mut s = [0u8; 512];
    s[..3].copy_from_slice(&[0xEB, 0xFE, 0x90]);
    s[3..11].copy_from_slice(OEM);
    geo.write_bpb(&mut s);
    s[0x1E] = 0xC9; // RET
    s
}

fn word(s: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([s[at], s[at + 1]])
}

fn put_word(s: &mut [u8], at: usize, value: u16) {
    s[at..at + 2].copy_from_slice(&value.to_le_bytes());
}

/// The loader's limits on the disk format (buffers at 0xC400–0xCDFF, 16-bit
/// sector numbers, 8-bit sector counts): every standard MSX format fits.
fn check_format(geo: &Geometry) -> Result<(), DiskError> {
    let unsupported = |what: String| {
        Err(DiskError::Boot(format!(
            "the boot loader cannot read this disk format: {what}"
        )))
    };
    if geo.bytes_per_sector != 512 {
        return unsupported(format!("{}-byte sectors", geo.bytes_per_sector));
    }
    if geo.sectors_per_fat > 3 {
        return unsupported(format!(
            "{} sectors per FAT (3 at most)",
            geo.sectors_per_fat
        ));
    }
    if geo.cluster_bytes() > 1024 {
        return unsupported(format!(
            "{}-byte clusters (1024 at most)",
            geo.cluster_bytes()
        ));
    }
    if geo.total_sectors > 0xFFFF || geo.root_sectors() > 0xFF {
        return unsupported("more sectors than a floppy has".to_string());
    }
    Ok(())
}

impl Disk {
    /// Makes the disk boot: installs the boot loader in sector 0 (keeping
    /// the disk's BPB) and tells it which file to load where, and where to
    /// start it. The file must already be on the disk; it is found by name at
    /// boot time, so replacing it later needs no new call.
    pub fn set_boot_program(&mut self, name: &str, load: u16, exec: u16) -> Result<(), DiskError> {
        self.set_boot_program_with_loader(loader(), name, load, exec)
    }

    /// [`Disk::set_boot_program`] with a loader sector assembled elsewhere
    /// (it must keep the parameter block of `boot/boot.asm`).
    pub fn set_boot_program_with_loader(
        &mut self,
        loader: &[u8; 512],
        name: &str,
        load: u16,
        exec: u16,
    ) -> Result<(), DiskError> {
        if &loader[offset::MAGIC..offset::MAGIC + 8] != MAGIC {
            return Err(DiskError::Boot(
                "the loader sector lacks the MSXRSBT1 mark".to_string(),
            ));
        }
        let geo = *self.geometry();
        check_format(&geo)?;
        let info = self.file_info(name)?;
        if info.is_dir() {
            return Err(DiskError::NotAFile(info.name.to_string()));
        }
        if !(PROGRAM_START..PROGRAM_END as u16).contains(&load) {
            return Err(DiskError::Boot(format!(
                "load address {load:#06x} is outside 0x4000-0xBFFF (page 0 holds the BIOS, \
                 0xC000 and up the loader)"
            )));
        }
        let limit = PROGRAM_END - u32::from(load);
        if info.size == 0 || info.size > limit {
            return Err(DiskError::Boot(format!(
                "{} is {} bytes; loaded at {load:#06x} it must be 1 to {limit} bytes \
                 (it must end below 0xC000)",
                info.name, info.size
            )));
        }
        if u32::from(exec) < u32::from(load) || u32::from(exec) >= u32::from(load) + info.size {
            return Err(DiskError::Boot(format!(
                "start address {exec:#06x} is outside the loaded bytes \
                 ({load:#06x}-{:#06x})",
                u32::from(load) + info.size - 1
            )));
        }
        let mut s = *loader;
        geo.write_bpb(&mut s);
        s[offset::NAME..offset::NAME + 11].copy_from_slice(&info.name.raw());
        put_word(&mut s, offset::LOAD, load);
        put_word(&mut s, offset::EXEC, exec);
        put_word(&mut s, offset::LIMIT, limit as u16);
        // check_format bounds every value below to its field's width.
        put_word(&mut s, offset::FAT_SECTOR, geo.fat_start() as u16);
        s[offset::FAT_COUNT] = geo.sectors_per_fat as u8;
        put_word(&mut s, offset::DIR_SECTOR, geo.root_start() as u16);
        s[offset::DIR_COUNT] = geo.root_sectors() as u8;
        put_word(&mut s, offset::DATA_SECTOR, geo.data_start() as u16);
        s[offset::CLUSTER_SECTORS] = geo.sectors_per_cluster;
        put_word(&mut s, offset::CLUSTER_BYTES, geo.cluster_bytes() as u16);
        put_word(&mut s, offset::CLUSTER_COUNT, geo.cluster_count() as u16);
        self.transaction(|d| {
            d.image_mut()[..512].copy_from_slice(&s);
            Ok(())
        })
    }

    /// The program the boot loader starts, if sector 0 holds our loader.
    pub fn boot_program(&self) -> Option<BootProgram> {
        let s = &self.as_bytes()[..512];
        if &s[offset::MAGIC..offset::MAGIC + 8] != MAGIC {
            return None;
        }
        let mut raw = [0u8; 11];
        raw.copy_from_slice(&s[offset::NAME..offset::NAME + 11]);
        Some(BootProgram {
            name: Name(raw),
            load: word(s, offset::LOAD),
            exec: word(s, offset::EXEC),
        })
    }
}

/// Offset of the command line in a sector made by [`Disk::set_boot_command`].
const COMMAND: usize = 0x40;
/// The longest command line (one byte of the 128 holds the final 0).
pub const MAX_COMMAND: usize = 127;
/// Marks a sector holding the MSX-DOS program starter (`boot/com.asm`).
const COM_MAGIC: &[u8; 8] = b"MSXRSCM1";

/// The MSX-DOS program starter sector, assembled from `boot/com.asm`.
fn com_loader() -> &'static [u8; 512] {
    static LOADER: &[u8; 512] = include_bytes!(concat!(env!("OUT_DIR"), "/com.bin"));
    LOADER
}

/// The built-in commands of the free disk ROM's prompt (`CMDTAB` in
/// `roms-free-bios/disk/command.asm`): a boot command may start with one.
const BUILT_IN: &[&str] = &[
    "DIR", "TYPE", "DEL", "ERASE", "REN", "RENAME", "COPY", "DATE", "TIME", "VER", "CLS", "BASIC",
    "FORMAT", "REM", "PAUSE", "VERIFY", "MODE",
];

/// The characters that end a command's first word, as the prompt parses it
/// into an FCB (MSX-DOS's file name delimiters).
const DELIMITERS: &[char] = &['/', '+', '=', ';', ',', '"', '[', ']', '<', '>', '|'];

/// The files a command line may start, in the order the prompt tries them:
/// its first word as given, or `.COM` then `.BAT` when it has no extension.
/// Empty when nothing on this disk needs to exist: an empty line, a
/// built-in command, a drive change (`B:`) or a program on another drive.
fn command_files(command: &str) -> Vec<String> {
    let word = command
        .split(|c: char| c.is_whitespace() || DELIMITERS.contains(&c))
        .next()
        .unwrap_or("");
    let (drive, name) = match word.split_once(':') {
        Some((d, n)) if d.len() == 1 => (Some(d.to_ascii_uppercase()), n),
        _ => (None, word),
    };
    let on_other_drive = drive.as_deref().is_some_and(|d| d != "A");
    if name.is_empty() || on_other_drive {
        return Vec::new();
    }
    if drive.is_none() && BUILT_IN.contains(&name.to_ascii_uppercase().as_str()) {
        return Vec::new();
    }
    if name.contains('.') {
        vec![name.to_string()]
    } else {
        vec![format!("{name}.COM"), format!("{name}.BAT")]
    }
}

impl Disk {
    /// Makes the disk boot into MSX-DOS and run `command` there, as if it
    /// had been typed at the `A>` prompt: e.g. `"GAME"` or `"GAME.COM
    /// LEVEL1.DAT /F"` loads GAME.COM at 0x0100 with its command tail and
    /// FCBs set up. When the program ends, the prompt takes further
    /// commands. An empty command boots to the prompt.
    ///
    /// This needs the free disk ROM (`roms-free-bios/disk`), which provides
    /// the MSX-DOS environment without MSXDOS.SYS: on another disk ROM the
    /// sector returns and the machine starts Disk BASIC. The program file
    /// must be on the disk; the command line must be printable ASCII, at
    /// most [`MAX_COMMAND`] characters. A built-in command of the prompt
    /// (`DIR`, `TYPE`, `COPY` ...), a batch file (`RUN` for `RUN.BAT`) or a
    /// drive change may start the line too.
    pub fn set_boot_command(&mut self, command: &str) -> Result<(), DiskError> {
        let command = command.trim();
        if command.len() > MAX_COMMAND {
            return Err(DiskError::Boot(format!(
                "the command line is {} characters; at most {MAX_COMMAND} fit",
                command.len()
            )));
        }
        if let Some(c) = command.chars().find(|c| !(' '..='~').contains(c)) {
            return Err(DiskError::Boot(format!(
                "the command line holds {c:?}; only printable ASCII can be passed"
            )));
        }
        let candidates = command_files(command);
        if let Some(first) = candidates.first() {
            let found = candidates.iter().find_map(|f| self.file_info(f).ok());
            match found {
                None => return Err(DiskError::NotFound(first.clone())),
                Some(info) if info.is_dir() => {
                    return Err(DiskError::NotAFile(info.name.to_string()));
                }
                Some(_) => {}
            }
        }
        let geo = *self.geometry();
        let mut s = *com_loader();
        geo.write_bpb(&mut s);
        s[COMMAND..COMMAND + command.len()].copy_from_slice(command.as_bytes());
        self.transaction(|d| {
            d.image_mut()[..512].copy_from_slice(&s);
            Ok(())
        })
    }

    /// The command line the disk boots into MSX-DOS with, if sector 0 holds
    /// the starter of [`Disk::set_boot_command`].
    pub fn boot_command(&self) -> Option<String> {
        let s = &self.as_bytes()[..512];
        if &s[offset::MAGIC..offset::MAGIC + 8] != COM_MAGIC {
            return None;
        }
        let text = &s[COMMAND..COMMAND + MAX_COMMAND + 1];
        let end = text.iter().position(|&b| b == 0).unwrap_or(MAX_COMMAND);
        Some(String::from_utf8_lossy(&text[..end]).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Format, Timestamp};

    fn disk_with(name: &str) -> Disk {
        let mut d = Disk::new(Format::Kb720);
        let when = Timestamp::new(2024, 5, 1, 12, 0, 0).unwrap();
        d.write_file(name, &[0xC9], when).unwrap();
        d
    }

    #[test]
    fn command_line_round_trips_and_keeps_the_bpb() {
        let mut d = disk_with("GAME.COM");
        let bpb = d.as_bytes()[0x0B..0x1E].to_vec();
        d.set_boot_command("  game  level1.dat /f ").unwrap();
        assert_eq!(d.boot_command().as_deref(), Some("game  level1.dat /f"));
        assert_eq!(&d.as_bytes()[0x0B..0x1E], &bpb[..]);
        assert_eq!(d.boot_program(), None);
        // The disk ROM's second call lands on RET NC at C01Eh.
        assert_eq!(d.as_bytes()[0x1E], 0xD0);
        // A plain program loader replaces it.
        d.write_file("X.BIN", &[1], Timestamp::new(2024, 5, 1, 12, 0, 0).unwrap())
            .unwrap();
        d.set_boot_program("X.BIN", 0x4000, 0x4000).unwrap();
        assert_eq!(d.boot_command(), None);
    }

    #[test]
    fn command_names_a_file_on_the_disk() {
        let mut d = disk_with("TOOL.COM");
        assert!(d.set_boot_command("TOOL.COM A B").is_ok());
        assert!(d.set_boot_command("").is_ok());
        assert_eq!(d.boot_command().as_deref(), Some(""));
        let before = d.to_bytes();
        assert!(matches!(
            d.set_boot_command("GAME"),
            Err(DiskError::NotFound(_))
        ));
        assert!(d.set_boot_command("TOOL\u{e9}").is_err());
        assert!(d
            .set_boot_command(&format!("TOOL {}", "x".repeat(130)))
            .is_err());
        assert_eq!(d.to_bytes(), before, "a refused command changes nothing");
    }

    #[test]
    fn built_in_commands_batch_files_and_drives_need_no_program() {
        let mut d = disk_with("RUN.BAT");
        for line in [
            "DIR",
            "dir/w",
            "TYPE RUN.BAT",
            "COPY A.TXT B.TXT",
            "B:",
            "B:TOOL",
            "RUN",
        ] {
            assert!(d.set_boot_command(line).is_ok(), "{line}");
            assert_eq!(d.boot_command().as_deref(), Some(line));
        }
        // "A:DIR" names a program, as the prompt parses it.
        assert!(matches!(
            d.set_boot_command("A:DIR"),
            Err(DiskError::NotFound(name)) if name == "DIR.COM"
        ));
        assert!(matches!(
            d.set_boot_command("GAME.BAT"),
            Err(DiskError::NotFound(name)) if name == "GAME.BAT"
        ));
    }
}
