//! Compiled programs booted from a disk on the emulated MSX2 (free BIOS and disk ROM):
//! what the runtime does to VRAM, and how many frames it takes.

mod common;

use msx_disk::{Disk, Format, Timestamp};
use msx_machine::machine::{Machine, MachineConfig, Until};
use msx_machine::memory::MachineLayout;
use msx_pascal::lower::compile;
use msx_pascal::{render_diagnostics, MemoryFiles};
use z80_codegen::{Output, Target};

fn build(src: &str) -> Output {
    let files = MemoryFiles::new().with("t.pas", src);
    match compile("t.pas", &files, Target::Dsk) {
        Ok(b) => b.output,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    }
}

/// A machine with a boot disk holding the program and the data files.
fn boot(out: &Output, files: &[(&str, &[u8])]) -> Machine {
    let when = Timestamp::new(2024, 1, 1, 12, 0, 0).unwrap();
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("T.BIN", &out.bytes, when).unwrap();
    for (name, data) in files {
        disk.write_file(name, data, when).unwrap();
    }
    disk.set_boot_program("T.BIN", out.load, out.entry).unwrap();
    machine_with(&disk)
}

/// An MSX2 with the free BIOS and disk ROM, the disk in drive A.
fn machine_with(disk: &Disk) -> Machine {
    common::free_msx2_with(disk, msx_machine::memory::DEFAULT_RAM_KB)
}

/// Runs to the start of `from` and then to `to`: the frames in between.
fn frames_between(m: &mut Machine, out: &Output, from: &str, to: &str) -> u64 {
    run_to(m, out, from, 1200);
    let f0 = m.frame_count();
    run_to(m, out, to, 3000);
    m.frame_count() - f0
}

/// Runs until the CPU is at the program's routine `name`: its address with the
/// program's code there (the boot runs MSX-BASIC's ROM code in page 1 first).
fn run_to(m: &mut Machine, out: &Output, name: &str, max_frames: u64) {
    let at = out.symbol(name).unwrap();
    let code = out.bytes[usize::from(at - out.load)..][..2].to_vec();
    let limit = m.frame_count() + max_frames;
    loop {
        let left = limit.saturating_sub(m.frame_count()).max(1);
        let r = m.run_until(&Until::PcReached(at), left);
        assert!(r.reached(), "{name} not reached: {r:?}");
        if m.peek_range(at, 2) == code {
            return;
        }
        m.step_instruction();
    }
}

/// The first difference between VRAM from `at` and the expected bytes, if any.
fn vram_mismatch(m: &Machine, at: usize, want: &[u8]) -> Option<String> {
    let vram = m.vdp().vram();
    let got = &vram[at..at + want.len()];
    let i = got.iter().zip(want).position(|(a, b)| a != b)?;
    Some(format!(
        "VRAM {:05X}: {:02X?}, expected {:02X?}",
        at + i,
        &got[i..(i + 8).min(got.len())],
        &want[i..(i + 8).min(want.len())]
    ))
}

const LOAD_PAGE1: &str = "begin Screen(5); LoadPicture('PIC.SC5', 1) end.";

/// A picture of the size of the Minesweeper sheet (212 lines of SCREEN 5: 27136 bytes),
/// with bytes that tell their place.
fn sheet() -> Vec<u8> {
    (0..27136u32).map(|i| (i * 7 + i / 256) as u8).collect()
}

#[test]
fn a_picture_loads_into_its_page() {
    let out = build(LOAD_PAGE1);
    let pic = sheet();
    let mut m = boot(&out, &[("PIC.SC5", &pic)]);
    let frames = frames_between(&mut m, &out, "rt_loadpic", "rt_halt");
    assert_eq!(vram_mismatch(&m, 0x8000, &pic), None);
    eprintln!("LoadPicture of 27136 bytes: {frames} frames");
    // 730 frames when it read 128 bytes per BDOS call, 658 with blocks of 16 KB
    // into page 1 (the disk ROM moves page 1's sectors one at a time through its
    // bounce buffer, a disk turn each): 167 now that the blocks go to the top of
    // the free memory, in pages 2-3, where whole sectors come straight from the
    // disk.
    assert!(frames <= 200, "{frames} frames");
}

#[test]
fn a_bsave_header_is_skipped_only_when_it_fits_the_file() {
    // A real BSAVE ,S header: FEh, start 0, end 69FFh, exec 0, then 6A00h bytes.
    let data = sheet();
    let mut file = vec![0xFE, 0x00, 0x00, 0xFF, 0x69, 0x00, 0x00];
    file.extend_from_slice(&data[..0x6A00]);
    let out = build(LOAD_PAGE1);
    let mut m = boot(&out, &[("PIC.SC5", &file)]);
    frames_between(&mut m, &out, "rt_loadpic", "rt_halt");
    assert_eq!(vram_mismatch(&m, 0x8000, &data[..0x6A00]), None);

    // A raw picture whose first byte happens to be FEh: the "end" does not match the
    // file's size, so every byte is picture.
    let mut raw = data.clone();
    raw[0] = 0xFE;
    let mut m = boot(&out, &[("PIC.SC5", &raw)]);
    frames_between(&mut m, &out, "rt_loadpic", "rt_halt");
    assert_eq!(vram_mismatch(&m, 0x8000, &raw), None);
}

/// The colour of pixel (x, y) of SCREEN 5 (two pixels per byte, the left one high).
fn pixel(vram: &[u8], x: usize, y: usize) -> u8 {
    let b = vram[y * 128 + x / 2];
    if x.is_multiple_of(2) {
        b >> 4
    } else {
        b & 15
    }
}

#[test]
fn print_draws_whole_character_cells_in_the_colours() {
    // A red field, then text in white on the background colour 4 (blue) at an odd x:
    // each 8 x 8 cell is the font's dots in 15 and the other dots in 4.
    let out = build(
        "begin Screen(5); Color(15, 4, 0); line_bf(0, 0, 100, 40, 8, 0);
         Print(21, 10, 15, 'Hi!'); Print(21, 30, 10, 'g') end.",
    );
    let mut m = boot(&out, &[]);
    frames_between(&mut m, &out, "rt_print", "rt_halt");
    let rom = msx_bios::main_rom();
    let font = (rom[4] as usize) | (rom[5] as usize) << 8; // CGTABL
    let vram = m.vdp().vram();
    let mut bad = Vec::new();
    for (text, y0, fg) in [("Hi!", 10, 15), ("g", 30, 10)] {
        for (k, ch) in text.bytes().enumerate() {
            for row in 0..8 {
                let bits = rom[font + ch as usize * 8 + row];
                for col in 0..8 {
                    let want = if bits & (0x80 >> col) != 0 { fg } else { 4 };
                    let (x, y) = (21 + 8 * k + col, y0 + row);
                    if pixel(vram, x, y) != want {
                        bad.push((x, y, pixel(vram, x, y), want));
                    }
                }
            }
        }
    }
    assert!(bad.is_empty(), "(x, y, got, want): {bad:?}");
    // Around the text the box is untouched.
    assert_eq!(pixel(vram, 20, 10), 8);
    assert_eq!(pixel(vram, 45, 17), 8);
    assert_eq!(pixel(vram, 21, 9), 8);
    assert_eq!(pixel(vram, 21, 18), 8);
}

/// Reals printed through the free BIOS's CHPUT on the emulated MSX2, from a boot disk
/// and from a cartridge (whose typed constants are copied to RAM at start-up).
#[test]
fn reals_print_on_the_machine() {
    const SRC: &str = "
        const half: real = 0.5;
        begin
          writeln(pi);
          writeln(-2.5:8:2, half:6:3);
          writeln(sqrt(2):0:6, ' ', exp(1):12);
          writeln('done')
        end.";
    let check = |m: &mut Machine| {
        let outcome = m.run_until(&Until::TextOnScreen("done".into()), 1500);
        let text = m.text_screen().map(|t| t.to_string()).unwrap_or_default();
        assert!(outcome.reached(), "{outcome:?}\n{text}");
        // pi = 3.14159265359; sqrt 2 = 1.41421356; e = 2.718281828.
        for want in [
            "  3.1415926536E+00",
            "   -2.50 0.500",
            "1.414214  2.71828E+00",
        ] {
            assert!(text.contains(want), "{want:?} not in\n{text}");
        }
    };
    let out = build(SRC);
    let mut m = boot(&out, &[]);
    check(&mut m);
    let files = MemoryFiles::new().with("t.pas", SRC);
    let rom = match compile("t.pas", &files, Target::Rom) {
        Ok(b) => b.output.bytes,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    };
    let mut layout = MachineLayout::msx2(
        msx_bios::main_rom().to_vec(),
        msx_bios::sub_rom().to_vec(),
        None,
    );
    layout.insert_cartridge(1, rom, None);
    let mut m = Machine::new(MachineConfig::new(layout)).unwrap();
    check(&mut m);
}

/// `Execute` and `Chain` on the emulated MSX2 under the free disk ROM's MSX-DOS
/// environment (its BDOS, not the runner's): FIRST.COM reads a line, chains to
/// COUNT.CHN, which finds the line in the shared global and executes LAST.COM; that
/// one ends at the A> prompt.
#[test]
fn execute_and_chain_under_msx_dos() {
    let com = |src: &str| {
        let files = MemoryFiles::new().with("t.pas", src);
        match compile("t.pas", &files, Target::Com) {
            Ok(b) => b.output,
            Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
        }
    };
    let first = com("
        var line: string[40]; prog: file;
        begin
          line := 'Hello MSX World';
          assign(prog, 'COUNT.CHN');
          chain(prog);
          writeln('not reached');
        end.");
    let files = MemoryFiles::new().with(
        "count.pas",
        "var line: string[40]; capitals, i: integer; next: file;
         begin
           capitals := 0;
           for i := 1 to length(line) do
             if line[i] in ['A'..'Z'] then capitals := capitals + 1;
           writeln('CHAINED ', length(line), ' ', capitals);
           assign(next, 'NONE.COM');
           {$I-} execute(next); {$I+}
           writeln('MISSING ', ioresult);
           assign(next, 'LAST.COM');
           execute(next);
           writeln('not reached');
         end.",
    );
    let count = match msx_pascal::lower::compile_chn("count.pas", &files) {
        Ok(b) => b.output,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    };
    let last = com("begin writeln('EXECUTED ', paramcount) end.");
    let when = Timestamp::new(2024, 1, 1, 12, 0, 0).unwrap();
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("FIRST.COM", &first.bytes, when).unwrap();
    disk.write_file("COUNT.CHN", &count.bytes, when).unwrap();
    disk.write_file("LAST.COM", &last.bytes, when).unwrap();
    disk.set_boot_command("FIRST WITH WORDS").unwrap();
    let mut m = machine_with(&disk);
    let outcome = m.run_until(&Until::TextOnScreen("EXECUTED".into()), 3000);
    let text = || m.text_screen().map(|t| t.to_string()).unwrap_or_default();
    assert!(outcome.reached(), "{outcome:?}\n{}", text());
    let outcome = m.run_until(&Until::TextOnScreen("A>".into()), 300);
    let text = m.text_screen().map(|t| t.to_string()).unwrap_or_default();
    assert!(outcome.reached(), "{outcome:?}\n{text}");
    // 15 characters, capitals H, M, S, X, W; LAST.COM's command line is empty.
    for want in ["CHAINED 15 5", "MISSING 1", "EXECUTED 0"] {
        assert!(text.contains(want), "{want:?} not in\n{text}");
    }
    assert!(!text.contains("not reached"), "{text}");
}

/// A cartridge has no disk system when it starts: its INIT runs before the disk ROM's
/// (slot 1 comes before 3-3), or the machine has none. File operations then fail with
/// Turbo Pascal's I/O errors, as for a missing file, instead of calling a BDOS that is
/// not there (which switched every page to slot 0 and sent the interrupt handler into
/// itself until the stack ran out). With and without a disk ROM in the machine.
#[test]
fn a_cartridge_without_a_disk_system_gets_io_errors() {
    const SRC: &str = "
        {$I-}
        var f: file of integer; t: text; r1, r2, r3: integer;
        begin
          assign(f, 'NONE.DAT'); reset(f); r1 := IOResult;
          assign(t, 'OUT.TXT'); rewrite(t); r2 := IOResult;
          LoadPicture('MINES.SC5', 0); r3 := IOResult;
          writeln('R ', r1, ' ', r2, ' ', r3);
          {$I+}
          reset(f);
          writeln('not here')
        end.";
    let files = MemoryFiles::new().with("t.pas", SRC);
    let rom = match compile("t.pas", &files, Target::Rom) {
        Ok(b) => b.output.bytes,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    };
    for disk_rom in [Some(msx_bios::disk_rom().to_vec()), None] {
        let with_disk_rom = disk_rom.is_some();
        let mut layout = MachineLayout::msx2(
            msx_bios::main_rom().to_vec(),
            msx_bios::sub_rom().to_vec(),
            disk_rom,
        );
        layout.insert_cartridge(1, rom.clone(), None);
        let mut m = Machine::new(MachineConfig::new(layout)).unwrap();
        let outcome = m.run_until(&Until::TextOnScreen("I/O error".into()), 600);
        let text = m.text_screen().map(|t| t.to_string()).unwrap_or_default();
        assert!(
            outcome.reached(),
            "disk ROM {with_disk_rom}: {outcome:?}\n{text}"
        );
        // 1: file not found (Reset, LoadPicture); F1h: directory full (Rewrite).
        assert!(text.contains("R 1 241 1"), "{text}");
        assert!(text.contains("I/O error 1"), "{text}");
        assert!(!text.contains("not here"), "{text}");
        // The stack is where the program put it, not run down by re-entered interrupts.
        assert!(m.cpu().regs.sp >= 0xC000, "SP {:04X}", m.cpu().regs.sp);
    }
}

/// InsLine and DelLine as the TP3 manual (chapter "Screen related procedures") describes
/// them: InsLine opens an empty line at the cursor's and pushes the lines below down;
/// DelLine removes the cursor's line and pulls the lines below up. Done by the MSX
/// console (ESC L, ESC M) of the free BIOS, looked at on the screen.
#[test]
fn insline_and_delline_move_the_lines_below_the_cursor() {
    let out = build(
        "begin ClrScr;
           writeln('one'); writeln('two'); writeln('three'); writeln('four');
           GotoXY(1, 2); InsLine; write('new');
           GotoXY(3, 5); DelLine;
           GotoXY(1, 10); writeln('done')
         end.",
    );
    let mut m = boot(&out, &[]);
    let outcome = m.run_until(&Until::TextOnScreen("done".into()), 1500);
    let t = m.text_screen().expect("a text screen");
    assert!(outcome.reached(), "{outcome:?}\n{t}");
    // After InsLine: one / new / two / three / four; DelLine on row 5 removes "four".
    // (Column 1 is the screen's third: the BIOS keeps a margin of two in SCREEN 0.)
    let rows: Vec<String> = (0..6).map(|r| t.line(r).trim_start().to_string()).collect();
    assert_eq!(rows, ["one", "new", "two", "three", "", ""], "\n{t}");
}

/// A frame more, for the last VDP command the program started before it ended.
fn finish_commands(m: &mut Machine) {
    m.run_until(&Until::FrameLimit, 1);
    assert!(!m.vdp().command_busy());
}

/// GIOS (Turbo Pascal 3.3f for MSX, manual chapter 18): FillBox draws pixel by pixel in
/// AtrByt with the logical operation LogOpr on page ActPage (18.3: bytes of the work
/// area the program sets); FastBox fills whole bytes with AtrByt (two pixels in SCREEN 5,
/// so its nibbles alternate) and knows no logical operation.
#[test]
fn gios_fillbox_and_fastbox_use_atrbyt_logopr_and_actpage() {
    let out = build(
        "begin Screen(5);
           Actpage := 0; Logopr := 0; Atrbyt := 15;
           FillBox(30, 30, 70, 90);
           Atrbyt := 3; FillBox(100, 10, 120, 20);
           Logopr := 3; Atrbyt := 1; FillBox(110, 15, 130, 25);
           Logopr := 0; Actpage := 1; Atrbyt := 7; FillBox(3, 3, 0, 0);
           Actpage := 0; Atrbyt := $5A; FastBox(10, 100, 21, 105)
         end.",
    );
    let mut m = boot(&out, &[]);
    frames_between(&mut m, &out, "rt_fillbox", "rt_halt");
    finish_commands(&mut m);
    let v = m.vdp().vram();
    let bg = pixel(v, 250, 200);
    let bg1 = pixel(v, 250, 256 + 200);
    for c in [15, 3, 2, 1, 5, 10] {
        assert_ne!(bg, c, "the background must differ from the colours drawn");
    }
    assert_ne!(bg1, 7);
    let at = |x, y| pixel(v, x, y);
    // The box and its edges, both corners included.
    assert_eq!((at(30, 30), at(70, 90), at(50, 60)), (15, 15, 15));
    assert_eq!(
        (at(29, 30), at(71, 90), at(30, 29), at(30, 91)),
        (bg, bg, bg, bg)
    );
    // EOR (LogOpr 3) of 1 over 3 gives 2 where the boxes overlap, 1 over the background.
    assert_eq!((at(100, 10), at(110, 14), at(109, 15)), (3, 3, 3));
    assert_eq!((at(110, 15), at(120, 20)), (2, 2));
    assert_eq!((at(121, 20), at(130, 25)), (1 ^ bg, 1 ^ bg));
    assert_eq!(at(131, 25), bg);
    // ActPage 1 is 256 lines down; the corners were given the other way round.
    assert_eq!((at(0, 256), at(3, 259), at(4, 256)), (7, 7, bg1));
    assert_eq!(at(0, 0), bg);
    // FastBox: whole bytes of $5A from x = 10 to 21.
    assert_eq!(
        (at(10, 100), at(11, 100), at(20, 105), at(21, 105)),
        (5, 10, 5, 10)
    );
    assert_eq!((at(9, 100), at(22, 100), at(10, 106)), (bg, bg, bg));
}

/// GIOS Line (18.4.2.21) from (x1, y1) to (x2, y2) in any of four directions, both
/// ends drawn; PSet (18.4.2.35) and Point (18.4.1.11) write and read one pixel.
#[test]
fn gios_line_pset_and_point() {
    let out = build(
        "begin Screen(5); Actpage := 0; Logopr := 0;
           Atrbyt := 9; Line(0, 0, 10, 5);
           Atrbyt := 11; Line(50, 20, 40, 10);
           Atrbyt := 12; Line(100, 0, 102, 20);
           Atrbyt := 6; PSet(5, 60);
           Atrbyt := Point(5, 60); PSet(6, 60);
           Atrbyt := Point(7, 60) + 1; PSet(8, 60)
         end.",
    );
    let mut m = boot(&out, &[]);
    frames_between(&mut m, &out, "rt_gline", "rt_halt");
    finish_commands(&mut m);
    let v = m.vdp().vram();
    let bg = pixel(v, 250, 200);
    let count =
        |c: u8, xs: std::ops::RangeInclusive<usize>, ys: std::ops::RangeInclusive<usize>| {
            let mut n = 0;
            for y in ys {
                for x in xs.clone() {
                    if pixel(v, x, y) == c {
                        n += 1;
                    }
                }
            }
            n
        };
    // Wider than high: one dot per column, 11 of them.
    assert_eq!((pixel(v, 0, 0), pixel(v, 10, 5)), (9, 9));
    assert_eq!(count(9, 0..=12, 0..=7), 11);
    // Leftwards and upwards, as steep as wide: 11 dots from (50, 20) to (40, 10).
    assert_eq!(
        (pixel(v, 50, 20), pixel(v, 40, 10), pixel(v, 45, 15)),
        (11, 11, 11)
    );
    assert_eq!(count(11, 38..=52, 8..=22), 11);
    // Higher than wide: one dot per row, 21 of them.
    assert_eq!((pixel(v, 100, 0), pixel(v, 102, 20)), (12, 12));
    assert_eq!(count(12, 98..=104, 0..=22), 21);
    // PSet, then Point reads the colours back.
    assert_eq!((pixel(v, 5, 60), pixel(v, 6, 60)), (6, 6));
    assert_eq!(pixel(v, 8, 60), bg + 1);
}

/// GIOS DisplayPage (R#2 shows the page), ScreenOff / ScreenOn (R#1 bit 6) and
/// ChangeColor (a palette entry, red green blue 0-7).
#[test]
fn gios_displaypage_screenoff_and_changecolor() {
    let out = build("begin Screen(5); ChangeColor(8, 5, 1, 2); DisplayPage(1); ScreenOff end.");
    let mut m = boot(&out, &[]);
    frames_between(&mut m, &out, "rt_chcolor", "rt_halt");
    assert_eq!(m.vdp().register(2), 0x3F, "page 1 of SCREEN 5 from 8000h");
    assert_eq!(m.vdp().register(1) & 0x40, 0, "the display is off");
    let pal = m.vdp().palette_port_bytes();
    assert_eq!(
        &pal[16..18],
        &[0x52, 0x01],
        "colour 8: red 5, blue 2, green 1"
    );

    let out = build("begin Screen(5); ScreenOff; ScreenOn; DisplayPage(0) end.");
    let mut m = boot(&out, &[]);
    frames_between(&mut m, &out, "rt_scroff", "rt_halt");
    assert_eq!(m.vdp().register(1) & 0x40, 0x40, "the display is on again");
    assert_eq!(m.vdp().register(2), 0x1F);
}

/// GIOS's functions of the PSG, joysticks, VRAM, VDP registers and clock (manual 18.4):
/// each answer printed on the text screen and checked there and in the machine.
#[test]
fn gios_psg_stick_vram_vdp_and_clock() {
    let out = build(
        "var y: integer; mo, d, wd, h, mi, s: byte;
         begin ClrScr;
           Sound(8, 12); Sound(0, 123);
           writeln('psg ', ReadPSG(8), ' ', ReadPSG(0));
           writeln('stick ', Stick(0), ' strig ', Strig(0));
           VPoke(1000, 90);
           writeln('vpeek ', VPeek(1000));
           WriteVDP(7, $F4);
           writeln('vdp ', ReadVDP(7), ' ', ReadVDP(24), ' ', ReadVDP(30));
           SpriteSize(3); SpritesOff;
           writeln('date ', SetDate(2023, 13, 1), ' ', SetDate(2024, 2, 29));
           Date(y, mo, d, wd);
           writeln(y, '-', mo, '-', d, ' ', wd);
           writeln('time ', SetTime(13, 14, 15), ' ', SetTime(24, 0, 0));
           Time(h, mi, s);
           writeln(h, ':', mi, ':', s);
           writeln('done')
         end.",
    );
    let mut m = boot(&out, &[]);
    let outcome = m.run_until(&Until::TextOnScreen("done".into()), 1500);
    let t = m.text_screen().expect("a text screen");
    assert!(outcome.reached(), "{outcome:?}\n{t}");
    let rows: Vec<String> = (0..9).map(|r| t.line(r).trim().to_string()).collect();
    assert_eq!(rows[0], "psg 12 123");
    // No key down: Stick 0 (no direction), Strig FALSE.
    assert_eq!(rows[1], "stick 0 strig FALSE");
    assert_eq!(m.vdp().vram()[1000], 90);
    assert_eq!(rows[2], "vpeek 90");
    // R#7 from its copy; R#24 is not kept, above 27 neither: 0.
    assert_eq!(rows[3], "vdp 244 0 0");
    assert_eq!(m.vdp().register(7), 0xF4);
    assert_eq!(m.vdp().register(1) & 3, 3, "16 x 16, magnified");
    assert_eq!(m.vdp().register(8) & 2, 2, "sprites off");
    // There is no 13th month; 2024 is a leap year; 29 February 2024 was a Thursday (4).
    assert_eq!(rows[4], "date FALSE TRUE");
    assert_eq!(rows[5], "2024-2-29 4");
    assert_eq!(rows[6], "time TRUE FALSE");
    assert!(
        rows[7] == "13:14:15" || rows[7] == "13:14:16",
        "{}",
        rows[7]
    );
}

/// TP 3.3f's own example loops over a GIOS byte: `for Atrbyt := … do`.
#[test]
fn a_gios_byte_is_a_for_loop_variable() {
    let out = build(
        "begin Screen(5); Actpage := 0; Logopr := 0;
           for Atrbyt := 1 to 3 do PSet(Atrbyt, 0)
         end.",
    );
    let mut m = boot(&out, &[]);
    frames_between(&mut m, &out, "rt_gpset", "rt_halt");
    finish_commands(&mut m);
    let v = m.vdp().vram();
    assert_eq!([1, 2, 3].map(|x| pixel(v, x, 0)), [1, 2, 3]);
}

/// GIOS GCopy (18.4.2.18) and FastCopy (18.4.2.14): the block from ActPage to (dx, dy)
/// of the destination page, in the direction the corners give; GCopy with LogOpr.
#[test]
fn gios_gcopy_and_fastcopy() {
    let out = build(
        "begin Screen(5); Actpage := 0; Logopr := 0;
           Atrbyt := 7; FillBox(0, 0, 3, 1); Atrbyt := 9; PSet(0, 0);
           GCopy(0, 0, 3, 1, 20, 10, 0);
           GCopy(3, 1, 0, 0, 40, 11, 0);
           FastCopy(0, 0, 3, 1, 60, 10, 1);
           GCopy(0, 0, 3, 1, 80, 10, 0);
           Logopr := 3; GCopy(0, 0, 3, 1, 80, 10, 0)
         end.",
    );
    let mut m = boot(&out, &[]);
    frames_between(&mut m, &out, "rt_gcopy", "rt_halt");
    finish_commands(&mut m);
    let v = m.vdp().vram();
    let bg = pixel(v, 250, 200);
    let block = |x0: usize, y0: usize| -> Vec<u8> {
        (0..2)
            .flat_map(|y| (0..4).map(move |x| (x, y)))
            .map(|(x, y)| pixel(v, x0 + x, y0 + y))
            .collect()
    };
    let want = vec![9, 7, 7, 7, 7, 7, 7, 7];
    assert_eq!(block(0, 0), want);
    assert_eq!(block(20, 10), want);
    // Right to left and bottom to top from (3, 1) to (40, 11): the same block, its
    // top-left corner at (37, 10).
    assert_eq!(block(37, 10), want);
    assert_eq!((pixel(v, 36, 10), pixel(v, 41, 11)), (bg, bg));
    // FastCopy to page 1 (256 lines down).
    assert_eq!(block(60, 266), want);
    // EOR of the block with itself.
    assert_eq!(block(80, 10), vec![0; 8]);
}

/// GIOS sprites (18.4.2.17, .36, .47-.51): SpriteAttributeAddress / SpritePatternAddress
/// move the tables (a number: table 30 at 30 * 1024 + 512, table 14 at 14 * 2048);
/// SpritePattern copies 32 bytes for 16 x 16 sprites; SpriteColor 16 colour bytes of a
/// plane, 512 bytes below the attributes; FillSprite fills them; PutSprite sets a
/// plane's Y, X and pattern (times 4 in 16 x 16). In SCREEN 1 the colour is the
/// attribute's fourth byte.
#[test]
fn gios_sprites() {
    let out = build(
        "const pat: array[0..31] of byte = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
             15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32);
           cols: array[0..15] of byte = (15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3,
             2, 1, 0);
         begin Screen(5);
           SpriteAttributeAddress(30); SpritePatternAddress(14); SpriteSize(2);
           SpritePattern(1, Addr(pat)); SpriteColor(2, Addr(cols)); FillSprite(3, 9);
           PutSprite(100, 50, 1, 2)
         end.",
    );
    let mut m = boot(&out, &[]);
    frames_between(&mut m, &out, "rt_sprattrad", "rt_halt");
    let vdp = m.vdp();
    assert_eq!(
        (vdp.register(5), vdp.register(11)),
        (0xF7, 0),
        "attributes at 7A00h"
    );
    assert_eq!(vdp.register(6), 0x0E, "patterns at 7000h");
    let v = vdp.vram();
    let pat: Vec<u8> = (1..=32).collect();
    assert_eq!(&v[0x7020..0x7040], &pat[..], "pattern 1 of 16 x 16");
    let cols: Vec<u8> = (0..16).rev().collect();
    assert_eq!(&v[0x7820..0x7830], &cols[..], "plane 2's colours");
    assert_eq!(&v[0x7830..0x7840], &[9; 16], "plane 3 filled");
    assert_eq!(
        &v[0x7A08..0x7A0B],
        &[50, 100, 4],
        "plane 2: Y, X, pattern 1 * 4"
    );

    // From 128 (64) on, an address: 7600h for the attributes (colours at 7400h), 7800h
    // for the patterns.
    let out =
        build("begin Screen(5); SpriteAttributeAddress($7600); SpritePatternAddress($7800) end.");
    let mut m = boot(&out, &[]);
    frames_between(&mut m, &out, "rt_sprattrad", "rt_halt");
    assert_eq!((m.vdp().register(5), m.vdp().register(6)), (0xEF, 0x0F));

    let out = build("begin Screen(1); FillSprite(0, 4); PutSprite(10, 20, 5, 0) end.");
    let mut m = boot(&out, &[]);
    frames_between(&mut m, &out, "rt_fillspr", "rt_halt");
    let base = usize::from(m.vdp().register(5)) * 128;
    assert_eq!(&m.vdp().vram()[base..base + 4], &[20, 10, 5, 4]);
}

/// GIOS Circle (18.4.2.5): a closed ring of pixels about radius r from the centre, the
/// four ends of its axes on it, each pixel drawn once (EOR with LogOpr 3 draws it all,
/// where a pixel drawn twice would vanish), the part off the page left out.
#[test]
fn gios_circle() {
    let out = build(
        "begin Screen(5); Actpage := 0; Logopr := 3; Atrbyt := 1;
           Circle(100, 100, 20); Circle(5, 60, 10); Circle(200, 50, 0)
         end.",
    );
    let mut m = boot(&out, &[]);
    frames_between(&mut m, &out, "rt_circle", "rt_halt");
    finish_commands(&mut m);
    let v = m.vdp().vram();
    let bg = pixel(v, 250, 200);
    let on = |x: usize, y: usize| pixel(v, x, y) == bg ^ 1;
    let mut ring = Vec::new();
    for y in 70..=130 {
        for x in 70..=130 {
            if on(x, y) {
                ring.push((x as i32 - 100, y as i32 - 100));
            }
        }
    }
    for &(dx, dy) in &ring {
        let d = f64::from(dx * dx + dy * dy).sqrt();
        assert!(
            (d - 20.0).abs() < 1.0,
            "({dx}, {dy}) is {d:.2} from the centre"
        );
    }
    for p in [(20, 0), (-20, 0), (0, 20), (0, -20)] {
        assert!(ring.contains(&p), "{p:?} missing");
    }
    // Closed: every pixel has at least two neighbours on the ring (8-connected).
    for &(x, y) in &ring {
        let n = ring
            .iter()
            .filter(|&&(a, b)| (a, b) != (x, y) && (a - x).abs() <= 1 && (b - y).abs() <= 1)
            .count();
        assert!(n >= 2, "({x}, {y}) has {n} neighbours");
    }
    // Symmetric in both axes.
    for &(x, y) in &ring {
        assert!(
            ring.contains(&(-x, y)) && ring.contains(&(x, -y)),
            "({x}, {y})"
        );
    }
    assert!(!on(100, 100));
    // Cut at x = 0: the right part is there, nothing wrapped around to x = 255.
    assert!(on(15, 60) && on(5, 50) && on(5, 70));
    assert!((40..=80).all(|y| !on(255, y) && !on(250, y)));
    // Radius 0: the centre alone.
    assert!(on(200, 50) && !on(201, 50) && !on(200, 51));
}

/// GIOS Search (18.4.1.15): along one line from x, rightwards (0, 1) or leftwards
/// (2, 3), to the colour (0, 2) or to any other (1, 3); the x found, or the edge of the
/// screen plus 8000h (a negative integer) when the line ends first.
#[test]
fn gios_search() {
    let out = build(
        "var bg, a, b, c, d: integer;
         begin Screen(5); Actpage := 0; Logopr := 0;
           Atrbyt := 12; Line(10, 10, 100, 200);
           Atrbyt := 3; FillBox(150, 150, 160, 150);
           bg := Point(250, 200);
           a := Search(100, 100, 12, 2);
           b := Search(100, 5, 12, 0);
           c := Search(140, 150, bg, 1);
           d := Search(155, 150, 3, 3);
           Screen(0);
           writeln(a, ' ', b, ' ', c, ' ', d);
           writeln('done')
         end.",
    );
    let mut m = boot(&out, &[]);
    let outcome = m.run_until(&Until::TextOnScreen("done".into()), 1500);
    let t = m.text_screen().expect("a text screen");
    assert!(outcome.reached(), "{outcome:?}\n{t}");
    let nums: Vec<i32> = t
        .line(0)
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    // The line from (10, 10) to (100, 200) crosses y = 100 near x = 52.6.
    assert!((51..=54).contains(&nums[0]), "{nums:?}");
    // Row 5 has no colour 12: the right edge, 255, plus 8000h.
    assert_eq!(nums[1], 255 - 32768);
    // From x = 140 rightwards the first pixel not of the background is the box's.
    assert_eq!(nums[2], 150);
    // From x = 155 leftwards the first one not of colour 3 is just left of the box.
    assert_eq!(nums[3], 149);
}

/// GIOS ReadSector and WriteSector (18.4.2.38, .58): whole sectors of a drive (0 the
/// current one, 1 A:) to and from memory, through the DOS.
#[test]
fn gios_read_and_write_sectors() {
    let out = build(
        "var boot: array[0..511] of byte; two: array[0..1023] of byte; i: integer;
         begin
           ReadSector(0, 0, Addr(boot), 1);
           for i := 0 to 1023 do two[i] := (i * 7) and 255;
           WriteSector(1, 600, Addr(two), 2);
           writeln(boot[0], ' ', boot[11], ' ', boot[12]);
           writeln('done')
         end.",
    );
    let mut m = boot(&out, &[]);
    let outcome = m.run_until(&Until::TextOnScreen("done".into()), 1500);
    let t = m.text_screen().expect("a text screen");
    assert!(outcome.reached(), "{outcome:?}\n{t}");
    let image = m.disk_image(0).expect("the disk").to_vec();
    // The boot sector's first byte, and its bytes per sector (512: 00h 02h at 11).
    let want = format!("{} {} {}", image[0], image[11], image[12]);
    assert_eq!(t.line(0).trim(), want);
    assert_eq!((image[11], image[12]), (0, 2));
    let written: Vec<u8> = (0..1024).map(|i| ((i * 7) & 255) as u8).collect();
    assert_eq!(&image[600 * 512..602 * 512], &written[..]);
}

/// GIOS GetFKey (18.4.1.7): the function key held, the lowest of several, F6-F10 with
/// SHIFT.
#[test]
fn gios_getfkey() {
    use msx_machine::ppi::Key;
    let src = "var k: integer;
               begin repeat k := GetFKey until k <> 0; writeln('key ', k); writeln('done') end.";
    for (keys, want) in [
        (&[Key::F3, Key::F2][..], "key 2"),
        (&[Key::Shift, Key::F4][..], "key 9"),
    ] {
        let out = build(src);
        let mut m = boot(&out, &[]);
        for &k in keys {
            m.press(k);
        }
        let outcome = m.run_until(&Until::TextOnScreen("done".into()), 1500);
        let t = m.text_screen().expect("a text screen");
        assert!(outcome.reached(), "{outcome:?}\n{t}");
        assert_eq!(t.line(0).trim(), want);
    }
}

/// GIOS GetPad (18.4.1.8) as BASIC's PAD, with a mouse in port 1: 12 answers -1 (true),
/// 13 and 14 the moves since, signed (5 one way, 3 the other); GetPdl (18.4.1.10) a
/// count 0-255.
#[test]
fn gios_getpad_with_a_mouse_and_getpdl() {
    use msx_machine::machine::MouseAction;
    use msx_machine::psg::PortDevice;
    let out = build(
        "var s, x, y: integer;
         begin
           repeat s := GetPad(12) until s = -1;
           x := GetPad(13); y := GetPad(14);
           writeln(s, ' ', x, ' ', y, ' ', GetPdl(1));
           writeln('done')
         end.",
    );
    let when = Timestamp::new(2024, 1, 1, 12, 0, 0).unwrap();
    let mut disk = Disk::new(Format::Kb720);
    disk.write_file("T.BIN", &out.bytes, when).unwrap();
    disk.set_boot_program("T.BIN", out.load, out.entry).unwrap();
    let layout = MachineLayout::msx2(
        msx_bios::main_rom().to_vec(),
        msx_bios::sub_rom().to_vec(),
        Some(msx_bios::disk_rom().to_vec()),
    );
    let mut config = MachineConfig::new(layout);
    config.port1 = PortDevice::Mouse;
    let mut m = Machine::new(config).unwrap();
    m.set_rendering(false);
    m.insert_disk(0, disk.to_bytes()).unwrap();
    m.apply_mouse(MouseAction::Move { dx: 5, dy: -3 });
    let outcome = m.run_until(&Until::TextOnScreen("done".into()), 1500);
    let t = m.text_screen().expect("a text screen");
    assert!(outcome.reached(), "{outcome:?}\n{t}");
    let n: Vec<i32> = t
        .line(0)
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    assert_eq!(n[0], -1);
    assert_eq!((n[1].abs(), n[2].abs()), (5, 3), "{n:?}");
    assert!(n[1] * n[2] < 0, "the moves go opposite ways: {n:?}");
    assert!((0..=255).contains(&n[3]), "{n:?}");
}

/// GIOS Paint (18.4.2.32) fills from a point up to the border colour in AtrByt, and
/// FillShape (18.4.2.16) the pixels of the starting point's colour joined to it, in the
/// colour given; both with LogOpr, each pixel once (EOR turns each one exactly once).
#[test]
fn gios_paint_and_fillshape() {
    let out = build(
        "begin Screen(5); Actpage := 0; Logopr := 0;
           Atrbyt := 6; Circle(60, 60, 30);
           Atrbyt := 5; Paint(60, 60, 6);
           Atrbyt := 6; Circle(180, 60, 30);
           Logopr := 3; Atrbyt := 1; Paint(180, 60, 6);
           Logopr := 0; Atrbyt := 3; FillBox(20, 150, 60, 170); FillBox(61, 160, 90, 160);
           FillShape(30, 155, 9)
         end.",
    );
    let mut m = boot(&out, &[]);
    frames_between(&mut m, &out, "rt_paint", "rt_halt");
    finish_commands(&mut m);
    let v = m.vdp().vram();
    let bg = pixel(v, 250, 200);
    let d = |x: usize, y: usize, cx: usize| {
        let (dx, dy) = (x as f64 - cx as f64, y as f64 - 60.0);
        (dx * dx + dy * dy).sqrt()
    };
    for (cx, inside) in [(60, 5), (180, bg ^ 1)] {
        for y in 25..=95 {
            for x in cx - 35..=cx + 35 {
                let (p, r) = (pixel(v, x, y), d(x, y, cx));
                if r < 28.5 {
                    assert_eq!(p, inside, "({x}, {y}) inside the circle at {cx}");
                } else if r > 31.5 {
                    assert_eq!(p, bg, "({x}, {y}) outside the circle at {cx}");
                } else {
                    assert!([6, inside, bg].contains(&p), "({x}, {y}) by the ring: {p}");
                }
            }
        }
        // The ring itself is not painted.
        assert_eq!(pixel(v, cx + 30, 60), 6);
    }
    // FillShape: the box and the line joined to it become 9; the rest stays.
    assert_eq!(
        (pixel(v, 20, 150), pixel(v, 60, 170), pixel(v, 90, 160)),
        (9, 9, 9)
    );
    assert_eq!(
        (pixel(v, 19, 150), pixel(v, 61, 159), pixel(v, 91, 160)),
        (bg, bg, bg)
    );
}

/// GIOS SavePicture (18.4.2.39): the block into a file as BASIC's COPY writes one: the
/// width and height in dots, then the dots two a byte in SCREEN 5, the first in the high
/// nibble, line after line; the corners' order gives the direction.
#[test]
fn gios_savepicture() {
    let out = build(
        "var i: integer;
         begin Screen(5); Actpage := 0; Logopr := 0;
           for i := 0 to 9 do begin Atrbyt := i + 1; PSet(10 + i mod 5, 20 + i div 5) end;
           SavePicture(10, 20, 14, 21, 0, 'A.PIC');
           SavePicture(14, 21, 10, 20, 0, 'B.PIC')
         end.",
    );
    let mut m = boot(&out, &[]);
    frames_between(&mut m, &out, "rt_savepic", "rt_halt");
    let disk = Disk::from_bytes(m.disk_image(0).unwrap()).unwrap();
    let a = disk.read_file("A.PIC").unwrap();
    assert_eq!(&a[..9], &[5, 0, 2, 0, 0x12, 0x34, 0x56, 0x78, 0x9A]);
    assert!(a[9..].iter().all(|&b| b == 0));
    let b = disk.read_file("B.PIC").unwrap();
    assert_eq!(&b[..9], &[5, 0, 2, 0, 0xA9, 0x87, 0x65, 0x43, 0x21]);
}

/// GIOS LoadPicture (18.4.2.22) reads back what SavePicture wrote, at another place and
/// page, with LogOpr; a missing file draws nothing and stops nothing.
#[test]
fn gios_loadpicture_reads_what_savepicture_wrote() {
    let out = build(
        "var i: integer;
         begin Screen(5); Actpage := 0; Logopr := 0;
           for i := 0 to 9 do begin Atrbyt := i + 1; PSet(10 + i mod 5, 20 + i div 5) end;
           SavePicture(10, 20, 14, 21, 0, 'A.PIC');
           LoadPicture(100, 50, 0, 'A.PIC');
           LoadPicture(7, 8, 1, 'A.PIC');
           Atrbyt := 15; FillBox(200, 50, 204, 51);
           Logopr := 1; LoadPicture(200, 50, 0, 'A.PIC');
           LoadPicture(0, 0, 0, 'NONE.PIC');
           Logopr := 0; Atrbyt := 2; PSet(0, 100)
         end.",
    );
    let mut m = boot(&out, &[]);
    frames_between(&mut m, &out, "rt_loadgpic", "rt_halt");
    finish_commands(&mut m);
    let v = m.vdp().vram();
    let block = |x0: usize, y0: usize| -> Vec<u8> {
        (0..2)
            .flat_map(|y| (0..5).map(move |x| (x, y)))
            .map(|(x, y)| pixel(v, x0 + x, y0 + y))
            .collect()
    };
    let want: Vec<u8> = (1..=10).collect();
    assert_eq!(block(100, 50), want);
    assert_eq!(block(7, 256 + 8), want, "page 1");
    // AND (LogOpr 1) with 15 leaves the picture.
    assert_eq!(block(200, 50), want);
    // After the missing file the program went on.
    assert_eq!(pixel(v, 0, 100), 2);
}
