//! Runs the boot loader of `boot/boot.asm` on a Z80 (the `z80` crate) against
//! a small model of what an MSX disk ROM gives a boot sector: the BIOS entries
//! ENASLT, PHYDIO and CHPUT (as traps that Rust serves from the disk image),
//! slots for pages 0 and 1, the system variables the loader reads, and the two
//! calls to 0xC01E (CY = 0, then CY = 1 with RAM in page 0).
//!
//! The model is strict where a real machine would go wrong silently: PHYDIO
//! must not be asked to write into page 1 (the disk ROM sits there while it
//! runs), page-1 writes must not happen while the disk ROM is selected, and
//! PHYDIO must only be called while the BIOS is in page 0.
//!
//! The loader bytes are the crate's own (`msx_disk::loader()`, assembled by
//! `z80-asm` at build time). Oracle: pasmo, when `MSX_ORACLES` names it,
//! must assemble `boot/boot.asm` to the same bytes.

use msx_disk::{boot_offset, Disk, Format, Timestamp};
use z80::{Z80_io, Z80};

const EXPTBL: u16 = 0xFCC1;
const RAMAD0: u16 = 0xF341;
const RAMAD1: u16 = 0xF342;
const HIMEM: u16 = 0xFC4A;
const BIOS_SLOT: u8 = 0x00;
const RAM_SLOT: u8 = 0x8B; // 3-2, as on Philips MSX2 machines
const DISK_ROM_SLOT: u8 = 0x8F; // 3-3
/// Where the disk ROM's code continues after each call (inside page 1).
const RETURN_CY0: u16 = 0x5A00;
const START_BASIC: u16 = 0x5B3A;
/// Mailboxes the trap stubs fill before their OUT.
const MAIL: u16 = 0xF0E0;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Page0 {
    Bios,
    Ram,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Page1 {
    DiskRom,
    Ram,
}

struct Machine {
    bios: Vec<u8>,
    ram: Vec<u8>,
    page0: Page0,
    page1: Page1,
    disk: Vec<u8>,
    printed: String,
    faults: Vec<String>,
    phydio_calls: usize,
}

impl Machine {
    fn word(&self, at: u16) -> u16 {
        u16::from(self.read_byte(at)) | u16::from(self.read_byte(at.wrapping_add(1))) << 8
    }

    fn phydio(&mut self) {
        let hl = self.word(MAIL);
        let de = self.word(MAIL + 2);
        let (c, b) = (
            self.ram[usize::from(MAIL) + 4],
            self.ram[usize::from(MAIL) + 5],
        );
        let (f, a) = (
            self.ram[usize::from(MAIL) + 6],
            self.ram[usize::from(MAIL) + 7],
        );
        self.phydio_calls += 1;
        let mut result = 0;
        if self.page0 != Page0::Bios {
            self.faults
                .push("PHYDIO called without the BIOS in page 0".into());
        }
        if a != 0 || f & 1 != 0 || c != self.disk[0x15] {
            self.faults.push(format!(
                "PHYDIO A={a} F={f:#x} C={c:#x}: not a read of drive A:"
            ));
        }
        let len = usize::from(b) * 512;
        let end = usize::from(hl) + len;
        if usize::from(hl) < 0x8000 || end > 0x10000 {
            self.faults
                .push(format!("PHYDIO to {hl:#06x}+{len}: outside pages 2-3"));
        }
        let from = usize::from(de) * 512;
        if from + len > self.disk.len() {
            result = 8; // record not found
        } else if end <= 0x10000 {
            self.ram[usize::from(hl)..end].copy_from_slice(&self.disk[from..from + len]);
        }
        self.ram[usize::from(MAIL) + 8] = result;
    }

    fn enaslt(&mut self) {
        let h = self.ram[usize::from(MAIL) + 0x11];
        let a = self.ram[usize::from(MAIL) + 0x12];
        match (h >> 6, a) {
            (0, BIOS_SLOT) => self.page0 = Page0::Bios,
            (0, RAM_SLOT) => self.page0 = Page0::Ram,
            (1, RAM_SLOT) => self.page1 = Page1::Ram,
            (1, DISK_ROM_SLOT) => self.page1 = Page1::DiskRom,
            _ => self.faults.push(format!("ENASLT A={a:#x} H={h:#x}")),
        }
    }
}

impl Z80_io for Machine {
    fn read_byte(&self, addr: u16) -> u8 {
        match (addr >> 14, self.page0, self.page1) {
            (0, Page0::Bios, _) => self.bios[usize::from(addr)],
            (1, _, Page1::DiskRom) => 0xFF,
            _ => self.ram[usize::from(addr)],
        }
    }

    fn write_byte(&mut self, addr: u16, value: u8) {
        match (addr >> 14, self.page0, self.page1) {
            (0, Page0::Bios, _) => self
                .faults
                .push(format!("write to BIOS ROM at {addr:#06x}")),
            (1, _, Page1::DiskRom) => self
                .faults
                .push(format!("write to the disk ROM at {addr:#06x}")),
            _ => self.ram[usize::from(addr)] = value,
        }
    }

    fn port_out(&mut self, port: u16, value: u8) {
        match port & 0xFF {
            1 => self.enaslt(),
            2 => self.phydio(),
            3 => self.printed.push(char::from(value)),
            _ => self.faults.push(format!("OUT ({port:#x}),{value:#x}")),
        }
    }
}

/// The trap stubs, hand-assembled (opcodes from the Zilog Z80 manual).
fn bios_rom() -> Vec<u8> {
    let mut bios = vec![0xC9; 0x4000]; // RET everywhere else
                                       // 0x0024 ENASLT: JP 0F100h (the same stub the RAM jump table reaches).
    bios[0x24..0x27].copy_from_slice(&[0xC3, 0x00, 0xF1]);
    // 0x00A2 CHPUT: OUT (3),A; RET.
    bios[0xA2..0xA5].copy_from_slice(&[0xD3, 0x03, 0xC9]);
    // 0x0144 PHYDIO: store HL, DE, BC, AF in the mailbox, OUT (2),A, then
    // A = result; OR A; RET Z; SCF; RET.
    let phydio = [
        0x22, 0xE0, 0xF0, // LD (F0E0),HL
        0xED, 0x53, 0xE2, 0xF0, // LD (F0E2),DE
        0xED, 0x43, 0xE4, 0xF0, // LD (F0E4),BC
        0xF5, 0xE1, // PUSH AF; POP HL
        0x22, 0xE6, 0xF0, // LD (F0E6),HL
        0xD3, 0x02, // OUT (2),A
        0x3A, 0xE8, 0xF0, // LD A,(F0E8)
        0xB7, 0xC8, 0x37, 0xC9, // OR A; RET Z; SCF; RET
    ];
    bios[0x144..0x144 + phydio.len()].copy_from_slice(&phydio);
    bios
}

/// Page-3 code: the ENASLT stub and the two entry trampolines.
fn page3_stubs(ram: &mut [u8]) {
    // F100 ENASLT: LD (F0F0),HL; LD (F0F2),A; OUT (1),A; DI; RET.
    ram[0xF100..0xF10A]
        .copy_from_slice(&[0x22, 0xF0, 0xF0, 0x32, 0xF2, 0xF0, 0xD3, 0x01, 0xF3, 0xC9]);
    // F200: OR A; JP C01E (the CY = 0 call).  F210: SCF; JP C01E (CY = 1).
    ram[0xF200..0xF204].copy_from_slice(&[0xB7, 0xC3, 0x1E, 0xC0]);
    ram[0xF210..0xF214].copy_from_slice(&[0x37, 0xC3, 0x1E, 0xC0]);
}

#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    /// The program's first instruction was reached.
    Started,
    /// The loader returned to the disk ROM.
    Returned(u16),
    /// Still running after the step budget (the error loop).
    Stuck,
}

struct Run {
    outcome: Outcome,
    machine: Machine,
    cpu: Z80,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Entry {
    /// As a real disk ROM: the CY = 0 call, then (if it returns) CY = 1.
    BothCalls,
    /// As firmware that only makes the CY = 1 call, with RAM in page 0.
    SecondCallOnly,
}

/// Boots `image` as the disk ROM does: sector 0's first 256 bytes at 0xC000,
/// then the CY = 0 call; when it returns, the CY = 1 call with RAM in page 0.
fn boot(image: &[u8], exec: u16, himem: u16) -> Run {
    run_boot(image, exec, himem, Entry::BothCalls)
}

fn run_boot(image: &[u8], exec: u16, himem: u16, entry: Entry) -> Run {
    let mut ram = vec![0xA5; 0x10000]; // a fill the program bytes must replace
    page3_stubs(&mut ram);
    ram[usize::from(EXPTBL)] = BIOS_SLOT;
    ram[usize::from(RAMAD0)] = RAM_SLOT;
    ram[usize::from(RAMAD1)] = RAM_SLOT;
    ram[usize::from(HIMEM)..usize::from(HIMEM) + 2].copy_from_slice(&himem.to_le_bytes());
    ram[0xC000..0xC100].copy_from_slice(&image[..256]);
    // The disk ROM's stack: START_BASIC, then the CY = 0 call's return address.
    ram[0xC1FC..0xC1FE].copy_from_slice(&RETURN_CY0.to_le_bytes());
    ram[0xC1FE..0xC200].copy_from_slice(&START_BASIC.to_le_bytes());
    let mut machine = Machine {
        bios: bios_rom(),
        ram,
        page0: Page0::Bios,
        page1: Page1::DiskRom,
        disk: image.to_vec(),
        printed: String::new(),
        faults: Vec::new(),
        phydio_calls: 0,
    };
    let mut cpu = Z80::new();
    cpu.pc = 0xF200;
    cpu.sp = 0xC1FC;
    let mut second_call = false;
    if entry == Entry::SecondCallOnly {
        cpu.pc = RETURN_CY0; // as if a CY = 0 call had just returned
        cpu.sp = 0xC1FE;
    }
    for _ in 0..5_000_000 {
        if cpu.pc == exec && machine.page1 == Page1::Ram {
            return Run {
                outcome: Outcome::Started,
                machine,
                cpu,
            };
        }
        if cpu.pc == RETURN_CY0 && !second_call {
            // The disk ROM builds the MSX-DOS environment (RAM in page 0 with
            // its jump table, the boot sector copied again) and calls the
            // boot code with CY = 1.
            second_call = true;
            machine.page0 = Page0::Ram;
            machine.ram[0x24..0x27].copy_from_slice(&[0xC3, 0x00, 0xF1]);
            machine.ram[0xC000..0xC100].copy_from_slice(&image[..256]);
            cpu.pc = 0xF210;
        } else if cpu.pc == START_BASIC || cpu.pc == RETURN_CY0 {
            return Run {
                outcome: Outcome::Returned(cpu.pc),
                machine,
                cpu,
            };
        }
        cpu.step(&mut machine);
    }
    Run {
        outcome: Outcome::Stuck,
        machine,
        cpu,
    }
}

fn assemble_with_pasmo() -> [u8; 512] {
    let dir = std::env::temp_dir().join(format!("msx-disk-boot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("boot.bin");
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/boot/boot.asm");
    let status = std::process::Command::new("pasmo")
        .arg(src)
        .arg(&out)
        .status()
        .expect("MSX_ORACLES names pasmo, but pasmo cannot be run");
    assert!(status.success(), "pasmo failed on boot.asm");
    let bytes = std::fs::read(&out).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    bytes
        .try_into()
        .expect("boot.asm must assemble to exactly 512 bytes")
}

#[test]
fn pasmo_assembles_the_same_loader() {
    let oracles = std::env::var("MSX_ORACLES").unwrap_or_default();
    if !oracles.split(',').any(|o| o.trim() == "pasmo") {
        eprintln!("MSX_ORACLES lacks pasmo: oracle skipped");
        return;
    }
    assert_eq!(assemble_with_pasmo(), *msx_disk::loader());
}

#[test]
fn the_loader_fits_what_the_disk_rom_copies() {
    let s = msx_disk::loader();
    assert_eq!(&s[..3], &[0xEB, 0xFE, 0x90]);
    // Stage 1 and the parameter block in the first 256 bytes, which is all
    // the disk ROM copies to 0xC000; stage 2 after, read by stage 1.
    assert_eq!(&s[0xF2..0xFA], b"MSXRSBT1");
    assert_ne!(s[0x100], 0, "stage 2 starts at sector offset 0x100");
}

fn when() -> Timestamp {
    Timestamp::new(2024, 5, 1, 12, 0, 0).unwrap()
}

fn program(n: usize, seed: u8) -> Vec<u8> {
    (0..n)
        .map(|i| (i as u8).wrapping_mul(7).wrapping_add(seed) ^ (i >> 9) as u8)
        .collect()
}

/// A disk whose program is fragmented: other files are written around it
/// and some removed, so its chain jumps.
fn fragmented_disk(format: Format, prog: &[u8]) -> Disk {
    let mut disk = Disk::new(format);
    disk.write_file("PAD1", &[1; 3000], when()).unwrap();
    disk.write_file("PAD2", &[2; 1024], when()).unwrap();
    disk.write_file("PAD3", &[3; 5000], when()).unwrap();
    disk.write_file("PAD4", &[4; 100], when()).unwrap();
    disk.remove("PAD1").unwrap();
    disk.remove("PAD3").unwrap();
    for i in 0..20 {
        // Push the program's entry into the second directory sector.
        disk.write_file(&format!("E{i}"), b"", when()).unwrap();
    }
    disk.write_file("GAME.BIN", prog, when()).unwrap();
    disk
}

fn assert_started(run: &Run, prog: &[u8], load: u16, himem: u16) {
    let m = &run.machine;
    assert_eq!(
        run.outcome,
        Outcome::Started,
        "faults {:?}, printed {:?}",
        m.faults,
        m.printed
    );
    assert!(m.faults.is_empty(), "{:?}", m.faults);
    assert_eq!(m.page0, Page0::Bios);
    assert_eq!(m.page1, Page1::Ram);
    assert_eq!(run.cpu.sp, himem, "SP = (HIMEM)");
    assert!(run.cpu.iff1, "interrupts enabled");
    let at = usize::from(load);
    assert_eq!(&m.ram[at..at + prog.len()], prog, "program bytes in place");
    // Not one byte more: what follows the program is untouched.
    if at + prog.len() < 0xC000 {
        assert_eq!(m.ram[at + prog.len()], 0xA5);
    }
    assert_eq!(m.ram[at - 1], 0xA5);
}

#[test]
fn boots_a_fragmented_program_at_the_first_call() {
    let loader = *msx_disk::loader();
    let prog = program(20_000, 1);
    let mut disk = fragmented_disk(Format::Kb720, &prog);
    disk.set_boot_program_with_loader(&loader, "game.bin", 0x4000, 0x4010)
        .unwrap();
    let image = disk.to_bytes();
    assert_eq!(
        &image[boot_offset::NAME..boot_offset::NAME + 11],
        b"GAME    BIN"
    );
    let run = boot(&image, 0x4010, 0xDC00);
    assert_started(&run, &prog, 0x4000, 0xDC00);
    // Stage 1, the FAT, two directory sectors, 20 clusters.
    assert_eq!(run.machine.phydio_calls, 1 + 1 + 2 + 20);
}

#[test]
fn boots_when_first_called_with_carry_set() {
    // Firmware that skips the CY = 0 call: page 0 is RAM when the loader runs.
    let loader = *msx_disk::loader();
    let prog = program(1025, 2);
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("P", &prog, when()).unwrap();
    disk.set_boot_program_with_loader(&loader, "P", 0x8000, 0x8000)
        .unwrap();
    let run = run_boot(&disk.to_bytes(), 0x8000, 0xE000, Entry::SecondCallOnly);
    assert_started(&run, &prog, 0x8000, 0xE000);
}

#[test]
fn boots_a_360k_disk_with_a_program_up_to_0xbfff() {
    let loader = *msx_disk::loader();
    let prog = program(0x4000, 3);
    let mut disk = fragmented_disk(Format::Kb360, &prog);
    disk.set_boot_program_with_loader(&loader, "GAME.BIN", 0x8000, 0x8000)
        .unwrap();
    let run = boot(&disk.to_bytes(), 0x8000, 0xDC00);
    assert_started(&run, &prog, 0x8000, 0xDC00);
}

#[test]
fn without_the_program_the_machine_goes_on_to_disk_basic() {
    let loader = *msx_disk::loader();
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("GAME.BIN", &program(100, 4), when())
        .unwrap();
    disk.set_boot_program_with_loader(&loader, "GAME.BIN", 0x4000, 0x4000)
        .unwrap();
    disk.remove("GAME.BIN").unwrap();
    disk.write_file("OTHER.BIN", &program(100, 4), when())
        .unwrap();
    let run = boot(&disk.to_bytes(), 0x4000, 0xDC00);
    // Both calls return; the disk ROM starts Disk BASIC.
    assert_eq!(run.outcome, Outcome::Returned(START_BASIC));
    assert!(run.machine.faults.is_empty(), "{:?}", run.machine.faults);
    assert_eq!(
        run.machine.page1,
        Page1::DiskRom,
        "page 1 left to the disk ROM"
    );
    assert_eq!(run.cpu.sp, 0xC200, "stack as the ROM left it");
}

#[test]
fn a_program_grown_too_large_is_not_loaded() {
    let loader = *msx_disk::loader();
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("GAME.BIN", &program(100, 5), when())
        .unwrap();
    disk.set_boot_program_with_loader(&loader, "GAME.BIN", 0x8000, 0x8000)
        .unwrap();
    // Replaced later by a file that would run into the loader at 0xC000.
    disk.write_file("GAME.BIN", &program(0x4001, 5), when())
        .unwrap();
    let run = boot(&disk.to_bytes(), 0x8000, 0xDC00);
    assert_eq!(run.outcome, Outcome::Returned(START_BASIC));
    assert_eq!(run.machine.ram[0x8000], 0xA5, "nothing loaded");
    assert!(run.machine.faults.is_empty(), "{:?}", run.machine.faults);
}

#[test]
fn a_low_himem_is_refused_before_anything_is_read() {
    let loader = *msx_disk::loader();
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("GAME.BIN", &program(100, 6), when())
        .unwrap();
    disk.set_boot_program_with_loader(&loader, "GAME.BIN", 0x4000, 0x4000)
        .unwrap();
    let run = boot(&disk.to_bytes(), 0x4000, 0xCD00);
    assert_eq!(run.outcome, Outcome::Returned(START_BASIC));
    assert_eq!(run.machine.phydio_calls, 0);
}

#[test]
fn a_broken_chain_stops_with_a_message() {
    let loader = *msx_disk::loader();
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("GAME.BIN", &program(3000, 7), when())
        .unwrap(); // clusters 2, 3, 4
    disk.set_boot_program_with_loader(&loader, "GAME.BIN", 0x4000, 0x4000)
        .unwrap();
    let mut image = disk.to_bytes();
    // FAT entry 3 (odd: high 12 bits at bytes 4-5 of the FAT) := end of chain.
    image[512 + 4] |= 0xF0;
    image[512 + 5] = 0xFF;
    let run = boot(&image, 0x4000, 0xDC00);
    assert_eq!(run.outcome, Outcome::Stuck);
    assert_eq!(run.machine.printed, "Boot error");
    assert!(run.machine.faults.is_empty(), "{:?}", run.machine.faults);
}

#[test]
fn the_parameter_block_describes_the_disk() {
    let loader = *msx_disk::loader();
    let mut disk = Disk::new(Format::Kb360);
    disk.write_file("RUN.ME", &[0; 10], when()).unwrap();
    disk.set_boot_program_with_loader(&loader, "run.me", 0x9000, 0x9004)
        .unwrap();
    let s = disk.to_bytes();
    let w = |at: usize| u16::from_le_bytes([s[at], s[at + 1]]);
    assert_eq!(&s[0xD0..0xDB], b"RUN     ME ");
    assert_eq!((w(0xDB), w(0xDD), w(0xDF)), (0x9000, 0x9004, 0x3000));
    // 360 KB: FAT at 1 (2 sectors), root at 5 (7 sectors), data at 12,
    // 2 sectors = 1024 bytes per cluster, 354 clusters.
    assert_eq!((w(0xE1), s[0xE3], w(0xE4), s[0xE6]), (1, 2, 5, 7));
    assert_eq!((w(0xE7), s[0xE9], w(0xEA), w(0xEC)), (12, 2, 1024, 354));
    assert_eq!(&s[0xF2..0xFA], b"MSXRSBT1");
    assert_eq!(s[0x15], 0xF8, "the disk's BPB, not the template's");
    let bp = disk.boot_program().unwrap();
    assert_eq!(
        (bp.name.to_string(), bp.load, bp.exec),
        ("RUN.ME".to_string(), 0x9000, 0x9004)
    );
    // And it still reads as a valid disk.
    Disk::from_bytes(&s).unwrap();
}

#[test]
fn bad_boot_requests_are_refused() {
    let loader = *msx_disk::loader();
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("BIG", &[0; 0x8001], when()).unwrap();
    disk.write_file("SMALL", &[0; 16], when()).unwrap();
    let before = disk.to_bytes();
    for (name, load, exec) in [
        ("BIG", 0x4000, 0x4000),   // ends at 0xC000
        ("SMALL", 0x3FF0, 0x3FF0), // page 0
        ("SMALL", 0x4000, 0x4010), // start after the last byte
        ("SMALL", 0x4000, 0x3FFF), // start before the first
        ("NONE", 0x4000, 0x4000),  // no such file
    ] {
        assert!(
            disk.set_boot_program_with_loader(&loader, name, load, exec)
                .is_err(),
            "{name} {load:#x} {exec:#x} accepted"
        );
    }
    assert_eq!(disk.to_bytes(), before);
}
