//! Shared by the compile and conformance tests (included with `#[path]`):
//! compiles a BASIC program, boots it from a disk on the emulated MSX2 with
//! the free BIOS and disk ROM, and reads the text screen.
#![allow(dead_code)]

use msx_disk::{Disk, Format, Timestamp};
use msx_machine::machine::{Machine, MachineConfig, Until};
use msx_machine::memory::MachineLayout;
use z80_codegen::{Output, Target};

/// Compiles `src` for a boot disk, or panics with the diagnostics.
pub fn build(src: &str) -> Output {
    match msx_basic::compile("t.bas", src.as_bytes(), Target::Dsk) {
        Ok(c) => c.output,
        Err(f) => panic!("{f}"),
    }
}

/// A machine with a boot disk holding the program.
pub fn boot(out: &Output) -> Machine {
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("T.BIN", &out.bytes, when()).unwrap();
    disk.set_boot_program("T.BIN", out.load, out.entry).unwrap();
    machine_with(&disk)
}

/// Compiles `src` as an MSX-DOS program (`Target::Com`), or panics with
/// the diagnostics.
pub fn build_com(src: &str) -> Output {
    match msx_basic::compile("t.bas", src.as_bytes(), Target::Com) {
        Ok(c) => c.output,
        Err(f) => panic!("{f}"),
    }
}

/// A machine booting MSX-DOS from a disk that holds the program as `T.COM`
/// and runs it from the A> prompt.
pub fn boot_com(out: &Output) -> Machine {
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("T.COM", &out.bytes, when()).unwrap();
    disk.set_boot_command("T").unwrap();
    machine_with(&disk)
}

/// The date the tests give the files they write.
fn when() -> Timestamp {
    Timestamp::new(2024, 1, 1, 12, 0, 0).unwrap()
}

/// An MSX2 with the free BIOS and disk ROM, `disk` in drive A, not
/// rendering (the tests read the text screen).
fn machine_with(disk: &Disk) -> Machine {
    let layout = MachineLayout::msx2(
        msx_bios::main_rom().to_vec(),
        msx_bios::sub_rom().to_vec(),
        Some(msx_bios::disk_rom().to_vec()),
    );
    let mut m = Machine::new(MachineConfig::new(layout)).unwrap();
    m.set_rendering(false);
    m.insert_disk(0, disk.to_bytes()).unwrap();
    m
}

/// An MSX2 on the free ROMs with a cartridge image in slot 1.
pub fn boot_cartridge(bytes: &[u8]) -> Machine {
    let layout = MachineLayout::msx2(
        msx_bios::main_rom().to_vec(),
        msx_bios::sub_rom().to_vec(),
        None,
    );
    let mut m = Machine::new(MachineConfig::new(layout)).unwrap();
    m.set_rendering(false);
    m.insert_cartridge(1, bytes.to_vec(), None).unwrap();
    m
}

/// Runs until `text` is on the screen, at most `max_frames` frames, or
/// panics with the screen.
pub fn run_until_text(m: &mut Machine, text: &str, max_frames: u64) {
    let r = m.run_until(&Until::TextOnScreen(text.into()), max_frames);
    assert!(r.reached(), "{r:?}\n{}", screen(m));
}

/// The text screen, one line per row, trailing blank rows dropped.
pub fn screen(m: &Machine) -> String {
    let t = m.text_screen().expect("a text mode");
    let mut rows: Vec<String> = (0..t.rows).map(|r| t.line(r)).collect();
    while rows.last().is_some_and(|r| r.is_empty()) {
        rows.pop();
    }
    rows.join("\n")
}

/// Runs a program until it ends (END, an error or the last line) and
/// returns the screen text.
pub fn run(src: &str) -> String {
    let out = build(src);
    let mut m = boot(&out);
    run_to_end(&out, &mut m, 3000);
    screen(&m)
}

/// The screen lines after running `src` behind `1 SCREEN 0:WIDTH 40` (the
/// screen cleared, 40 columns), without the final `Ok`, which it checks.
pub fn run_lines(src: &str) -> Vec<String> {
    run_lines_keys(src, "")
}

/// [`run_lines`] with a key script (`msx_machine::machine::KeyScript`)
/// played from power-on. The final `Ok` may have a margin (SCREEN 1).
pub fn run_lines_keys(src: &str, keys: &str) -> Vec<String> {
    let out = build(&format!("1 SCREEN 0:WIDTH 40\n{src}"));
    let mut m = boot(&out);
    if !keys.is_empty() {
        let script = msx_machine::machine::KeyScript::parse(keys).expect("a valid key script");
        m.schedule_script(&script);
    }
    run_to_end(&out, &mut m, 3000);
    lines_before_ok(&m)
}

/// Runs `src` behind `1 SCREEN 0:WIDTH 40` with `files` put on the disk
/// first; the screen lines (as [`run_lines`]) and the disk afterwards.
pub fn run_disk_with(src: &str, files: &[(&str, &[u8])]) -> (Vec<String>, Disk) {
    let out = build(&format!("1 SCREEN 0:WIDTH 40\n{src}"));
    let mut m = boot(&out);
    if !files.is_empty() {
        let mut d = Disk::from_bytes(m.disk_image(0).unwrap()).unwrap();
        for (name, bytes) in files {
            d.write_file(name, bytes, when()).unwrap();
        }
        m.insert_disk(0, d.to_bytes()).unwrap();
    }
    run_to_end(&out, &mut m, 3000);
    let lines = lines_before_ok(&m);
    let disk = Disk::from_bytes(m.disk_image(0).unwrap()).unwrap();
    (lines, disk)
}

/// The screen's lines without the last, which must be `Ok` (a margin
/// allowed: SCREEN 1). The function-key row MSX-BASIC shows at the bottom
/// (CNSDFG F3DEh set) is not part of the program's output.
fn lines_before_ok(m: &Machine) -> Vec<String> {
    let mut s = screen(m);
    if m.peek(0xF3DE) != 0 {
        let t = m.text_screen().expect("a text mode");
        let mut rows: Vec<String> = (0..t.rows - 1).map(|r| t.line(r)).collect();
        while rows.last().is_some_and(|r| r.is_empty()) {
            rows.pop();
        }
        s = rows.join("\n");
    }
    let mut lines: Vec<String> = s.lines().map(|l| l.to_string()).collect();
    assert_eq!(lines.last().map(|l| l.trim()), Some("Ok"), "{s}");
    lines.pop();
    lines
}

/// Runs until the program has ended and MSX-BASIC waits at its prompt
/// (PINLIN: a disk's program hands over to the ROM's error handler or
/// READYR, endrom.asm, which print the message and "Ok"), or, for a .COM,
/// until the CPU is at `rt_halt` with the program's code mapped there.
pub fn run_to_end(out: &Output, m: &mut Machine, max_frames: u64) {
    if out.load != 0x4000 {
        return run_to_halt(out, m, max_frames);
    }
    let r = m.run_until(&Until::PcReached(PINLIN), max_frames);
    assert!(r.reached(), "the program did not end: {r:?}\n{}", screen(m));
}

/// Runs until the program ends, before it hands over to MSX-BASIC
/// (`rt_bas_tobasic`): the screen as the program left it (MSX-BASIC's
/// prompt then puts a graphic screen back to text).
pub fn run_to_exit(out: &Output, m: &mut Machine, max_frames: u64) {
    let exit = out.symbol("rt_bas_tobasic").expect("a disk's program");
    run_to_code(out, m, exit, max_frames);
}

/// A .COM's end: the CPU at `rt_halt` with the program's code mapped there.
fn run_to_halt(out: &Output, m: &mut Machine, max_frames: u64) {
    let halt = out.symbol("rt_halt").unwrap();
    run_to_code(out, m, halt, max_frames);
}

/// Runs until the CPU is at `at` with the program's own code there (the
/// ROMs may pass the same address before the program is loaded).
fn run_to_code(out: &Output, m: &mut Machine, at: u16, max_frames: u64) {
    let code = out.bytes[usize::from(at - out.load)..][..2].to_vec();
    let limit = m.frame_count() + max_frames;
    loop {
        let left = limit.saturating_sub(m.frame_count()).max(1);
        let r = m.run_until(&Until::PcReached(at), left);
        assert!(r.reached(), "the program did not end: {r:?}\n{}", screen(m));
        if m.peek_range(at, 2) == code {
            return;
        }
        m.step_instruction();
    }
}

/// PINLIN (00AEh), the BIOS line input MSX-BASIC's main loop calls after
/// its `Ok` (INPUT and LINE INPUT use INLIN and QINLIN): reaching it means
/// the interpreter is back in direct mode, waiting for a line.
const PINLIN: u16 = 0x00AE;
/// VARTAB, the end of the program text (fact sheet §1.2).
const VARTAB: u16 = 0xF6C2;

/// The free ROMs' MSX-BASIC interpreter at its `Ok` prompt (the default
/// machine with the disk ROM, drive A: empty), not rendering.
pub fn interpreter() -> Machine {
    let layout = MachineLayout::msx2(
        msx_bios::main_rom().to_vec(),
        msx_bios::sub_rom().to_vec(),
        Some(msx_bios::disk_rom().to_vec()),
    );
    let mut m = Machine::new(MachineConfig::new(layout)).unwrap();
    m.set_rendering(false);
    let r = m.run_until(&Until::PcReached(PINLIN), 1200);
    assert!(r.reached(), "no Ok prompt: {r:?}\n{}", screen(&m));
    m
}

/// Puts `src` (a listing) into the interpreter's memory as `LOAD` would
/// (the tokenized lines at TXTTAB 8001h, VARTAB after them), types `RUN`
/// and runs until the interpreter is back at its prompt (END, an error, the
/// last line), at most `max_frames` frames.
pub fn interp_run(m: &mut Machine, src: &str, max_frames: u64) {
    let program = msx_basic::tokenize(src).unwrap_or_else(|e| panic!("{e}"));
    let bytes = program.to_bytes();
    let text = &bytes[1..]; // without the FFh of the file
    for (i, b) in text.iter().enumerate() {
        m.poke(msx_basic::TEXT_START + i as u16, *b);
    }
    let end = msx_basic::TEXT_START + text.len() as u16;
    m.poke(VARTAB, end as u8);
    m.poke(VARTAB + 1, (end >> 8) as u8);
    m.type_text("RUN\n").unwrap();
    // The prompt the RUN line was typed at is already behind: step off it.
    m.step_instruction();
    let r = m.run_until(&Until::PcReached(PINLIN), max_frames);
    assert!(r.reached(), "the program did not end: {r:?}\n{}", screen(m));
}

/// [`run_lines`] on the interpreter: the screen lines after running `src`
/// behind `1 SCREEN 0:WIDTH 40`, without the final `Ok`, which it checks.
pub fn interp_lines(src: &str) -> Vec<String> {
    let mut m = interpreter();
    interp_run(&mut m, &format!("1 SCREEN 0:WIDTH 40\n{src}"), 3000);
    lines_before_ok(&m)
}

/// Both implementations, one expectation: the lines of [`run_lines`]
/// (compiled) and of [`interp_lines`] (the ROM's interpreter) must be the
/// same; returns them.
pub fn both_lines(src: &str) -> Vec<String> {
    let compiled = run_lines(src);
    let interpreted = interp_lines(src);
    assert_eq!(
        compiled, interpreted,
        "compiled (left) and interpreted (right) differ for:\n{src}"
    );
    compiled
}
