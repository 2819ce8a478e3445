//! `msx build`: the command line around the Pascal compiler.

mod support;
use support::scratch;

use std::path::Path;
use std::process::Command;

fn msx() -> Command {
    Command::new(env!("CARGO_BIN_EXE_msx"))
}

fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn builds_a_bootable_disk_with_data_files() {
    let dir = scratch("dsk");
    let src = write(&dir, "hello.pas", "{$I greet.inc}\nbegin greet end.\n");
    write(
        &dir,
        "greet.inc",
        "procedure greet; begin writeln('Hi') end;\n",
    );
    let data = write(&dir, "scores.dat", "12345");
    let out = dir.join("hello.dsk");
    let sym = dir.join("hello.sym");
    let asm = dir.join("hello.asm");
    let lst = dir.join("hello.lst");
    let status = msx()
        .arg("build")
        .arg(&src)
        .arg("-o")
        .arg(&out)
        .arg("--add")
        .arg(&data)
        .arg("--sym")
        .arg(&sym)
        .arg("--asm")
        .arg(&asm)
        .arg("--lst")
        .arg(&lst)
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .status()
        .unwrap();
    assert!(status.success());
    let disk = msx_disk::Disk::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(disk.read_file("SCORES.DAT").unwrap(), b"12345");
    let prog = disk.read_file("HELLO.BIN").unwrap();
    let boot = disk.boot_program().unwrap();
    assert_eq!((boot.load, boot.exec), (0x4000, 0x4000));
    assert!(!prog.is_empty());
    // The symbol file names the procedure and maps code back to the include file.
    let sym = std::fs::read_to_string(&sym).unwrap();
    assert!(sym.contains("greet: equ 0x"), "{sym}");
    assert!(sym.contains("greet.inc:1"), "{sym}");
    assert!(std::fs::read_to_string(&asm)
        .unwrap()
        .contains("call rt_wstr"));
    assert!(std::fs::read_to_string(&lst).unwrap().contains("greet:"));
}

#[test]
fn format_follows_the_extension() {
    let dir = scratch("fmt");
    let src = write(&dir, "t.pas", "begin writeln(1) end.");
    for (ext, check) in [
        (
            "com",
            &(|b: &[u8]| b.len() < 1024) as &dyn Fn(&[u8]) -> bool,
        ),
        ("rom", &|b: &[u8]| b.len() == 16384 && b.starts_with(b"AB")),
    ] {
        let out = dir.join(format!("t.{ext}"));
        let status = msx()
            .arg("build")
            .arg(&src)
            .arg("-o")
            .arg(&out)
            .status()
            .unwrap();
        assert!(status.success(), "{ext}");
        let bytes = std::fs::read(&out).unwrap();
        assert!(check(&bytes), "{ext}: {} bytes", bytes.len());
    }
    // Without -o: the input name with .dsk.
    let status = msx().arg("build").arg(&src).status().unwrap();
    assert!(status.success());
    assert!(dir.join("t.dsk").exists());
}

#[test]
fn errors_name_the_place_and_write_nothing() {
    let dir = scratch("err");
    let src = write(&dir, "bad.pas", "begin\n  x := 1\nend.\n");
    let err = build_refused(&src, &dir.join("bad.com"), &[]);
    assert!(err.contains("bad.pas:2:3"), "{err}");
}

/// `msx build SRC -o OUT EXTRA…` that must fail: exit 1, OUT not written; its stderr.
fn build_refused(src: &Path, out: &Path, extra: &[&str]) -> String {
    let result = msx()
        .arg("build")
        .arg(src)
        .args(extra)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap();
    assert_eq!(result.status.code(), Some(1));
    assert!(!out.exists(), "{} was written", out.display());
    String::from_utf8_lossy(&result.stderr).into_owned()
}

/// A compiled program on the emulated MSX2 with the free BIOS.
mod on_the_machine {
    use msx_machine::machine::{Machine, MachineConfig, Until};
    use msx_machine::memory::MachineLayout;
    use msx_pascal::lower::compile;
    use msx_pascal::MemoryFiles;
    use z80_codegen::Target;

    const PROGRAM: &str = "
        var i, s: integer;
        begin
          ClrScr;
          GotoXY(3, 2);
          writeln('Hello from Pascal');
          s := 0;
          for i := 1 to 10 do s := s + i * i;
          writeln('sum=', s, ' ', 100 div 7, ' ', -100 mod 7);
          writeln('done')
        end.";

    fn build(target: Target) -> Vec<u8> {
        let files = MemoryFiles::new().with("m.pas", PROGRAM);
        compile("m.pas", &files, target).unwrap().output.bytes
    }

    fn check_screen(m: &mut Machine) {
        let outcome = m.run_until(&Until::TextOnScreen("done".into()), 1500);
        let text = m.text_screen().map(|t| t.to_string()).unwrap_or_default();
        assert!(outcome.reached(), "{outcome:?}\n{text}");
        let lines: Vec<&str> = text.lines().collect();
        // The BIOS's text screen may keep a left margin: columns are relative to the
        // line that starts at column 1.
        let margin = lines[2].find("sum=").expect(&text);
        // GotoXY(3, 2): the second row, third column.
        assert_eq!(
            lines[1].find("Hello from Pascal"),
            Some(margin + 2),
            "{text}"
        );
        // 1 + 4 + … + 100 = 385; 100 div 7 = 14; -100 mod 7 = -2.
        assert!(lines[2][margin..].starts_with("sum=385 14 -2"), "{text}");
        assert!(lines[3][margin..].starts_with("done"), "{text}");
    }

    #[test]
    fn a_compiled_cartridge_runs_on_the_free_bios() {
        let mut layout = MachineLayout::msx2(
            msx_bios::main_rom().to_vec(),
            msx_bios::sub_rom().to_vec(),
            None,
        );
        layout.insert_cartridge(1, build(Target::Rom), None);
        let mut m = Machine::new(MachineConfig::new(layout)).unwrap();
        check_screen(&mut m);
    }

    /// `msx build SRC -o OUT [EXTRA…]` (a .dsk), then a free-BIOS machine with OUT in
    /// drive A.
    fn build_and_boot(src: &std::path::Path, out: &std::path::Path, extra: &[&str]) -> Machine {
        let status = super::msx()
            .arg("build")
            .arg(src)
            .arg("-o")
            .arg(out)
            .args(extra)
            .env("SOURCE_DATE_EPOCH", "1700000000")
            .status()
            .unwrap();
        assert!(status.success());
        let layout = super::support::free_bios_layout();
        let mut m = Machine::new(MachineConfig::new(layout)).unwrap();
        m.insert_disk(0, std::fs::read(out).unwrap()).unwrap();
        m
    }

    #[test]
    fn a_compiled_disk_boots_on_the_free_bios() {
        let dir = super::scratch("machine");
        let src = super::write(&dir, "m.pas", PROGRAM);
        let mut m = build_and_boot(&src, &dir.join("m.dsk"), &[]);
        check_screen(&mut m);
    }

    /// `--dos`: the program is M.COM on a disk that boots into MSX-DOS and runs it.
    #[test]
    fn a_dos_disk_boots_into_msx_dos_and_runs_the_program() {
        let dir = super::scratch("dosdisk");
        let src = super::write(&dir, "m.pas", PROGRAM);
        let out = dir.join("m.dsk");
        let mut m = build_and_boot(&src, &out, &["--dos"]);
        let disk = msx_disk::Disk::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
        assert_eq!(disk.boot_command().as_deref(), Some("M"));
        assert!(disk.boot_program().is_none());
        // The same bytes `--format com` writes.
        assert_eq!(disk.read_file("M.COM").unwrap(), build(Target::Com));
        assert!(disk.read_file("M.BIN").is_err());
        check_screen(&mut m);
    }

    /// `--format chn` (by the extension) and `--dos` with `--add`: a program that chains
    /// to a chain file, which executes a .COM, all on one MSX-DOS disk.
    #[test]
    fn chain_files_and_dos_disks_work_together() {
        let dir = super::scratch("chain");
        let first = super::write(
            &dir,
            "first.pas",
            "var line: string[40]; prog: file;
             begin
               line := 'Hello MSX World';
               assign(prog, 'COUNT.CHN');
               chain(prog);
               writeln('not reached');
             end.",
        );
        let count = super::write(
            &dir,
            "count.pas",
            "var line: string[40]; capitals, i: integer; next: file;
             begin
               capitals := 0;
               for i := 1 to length(line) do
                 if line[i] in ['A'..'Z'] then capitals := capitals + 1;
               writeln('CHAINED ', length(line), ' ', capitals);
               assign(next, 'LAST.COM');
               execute(next);
             end.",
        );
        let last = super::write(&dir, "last.pas", "begin writeln('EXECUTED') end.");
        for (src, out) in [(&count, "count.chn"), (&last, "last.com")] {
            let status = super::msx()
                .arg("build")
                .arg(src)
                .arg("-o")
                .arg(dir.join(out))
                .status()
                .unwrap();
            assert!(status.success(), "{out}");
        }
        let chn = dir.join("count.chn").display().to_string();
        let com = dir.join("last.com").display().to_string();
        let mut m = build_and_boot(
            &first,
            &dir.join("first.dsk"),
            &["--dos", "--add", &chn, "--add", &com],
        );
        let outcome = m.run_until(&Until::TextOnScreen("EXECUTED".into()), 3000);
        let text = m.text_screen().map(|t| t.to_string()).unwrap_or_default();
        assert!(outcome.reached(), "{outcome:?}\n{text}");
        // 15 characters, capitals H, M, S, X, W: the global survived the chain.
        assert!(text.contains("CHAINED 15 5"), "{text}");
        assert!(!text.contains("not reached"), "{text}");
        // A chain file is no boot disk's program, and BASIC has no Chain.
        let err = super::build_refused(&first, &dir.join("x.chn"), &["--format", "chn", "--dos"]);
        assert!(err.contains("--dos"), "{err}");
        let bas = super::write(&dir, "b.bas", "10 PRINT 1\n");
        let err = super::build_refused(&bas, &dir.join("b.chn"), &[]);
        assert!(err.contains("BASIC programs have no Chain"), "{err}");
    }

    /// The MarMSX Minesweeper (the front end's rebuilt copy) boots from a disk and draws
    /// its menu in SCREEN 5 with the VDP command engine.
    #[test]
    fn minesweeper_boots_from_disk_and_draws_its_menu() {
        let dir = super::scratch("mines");
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("crates/msx-pascal/tests/programs/mines.pas");
        let mut m = build_and_boot(&src, &dir.join("mines.dsk"), &[]);
        m.run_frames(600);
        assert_eq!(m.vdp().mode(), msx_machine::vdp::Mode::GRAPHIC4);
        // SCREEN 5: two pixels per byte, 128 bytes per line. The menu box is
        // line_bf(90, 90, 160, 135, 4, 0) inside a line_b outline of colour 15; the
        // pixels (92, 132) and (93, 132) are inside the box, left of the texts.
        let vram = m.vdp().vram();
        assert_eq!(vram[132 * 128 + 46], 0x44);
        // The outline's left edge at x = 90: colour 15 in the high nibble.
        assert_eq!(vram[132 * 128 + 45] >> 4, 0x0F);
        // And the copy of the menu to page 1 (Copy(90, 90, 160, 135, 0, 90, 190, 1)):
        // (92, 132) lands at (92, 232) on page 1, i.e. line 256 + 232.
        assert_eq!(vram[(256 + 232) * 128 + 46], 0x44);
    }
}

/// Issue #9's command: `msx.toml` beside the game puts the graphics sheet on the disk
/// without any flag.
#[test]
fn the_manifest_puts_the_data_files_on_the_disk() {
    let dir = scratch("manifest");
    let out = dir.join("mines.dsk");
    let result = msx()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["build", "examples/minesweeper/mines.pas", "-o"])
        .arg(&out)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&result.stderr);
    assert!(result.status.success(), "{err}");
    assert!(
        err.contains("examples/minesweeper/msx.toml: added examples/minesweeper/MINES.SC5 as MINES.SC5 (27136 bytes)"),
        "{err}"
    );
    let disk = msx_disk::Disk::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
    let sheet =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/minesweeper/MINES.SC5"))
            .unwrap();
    assert!(disk.read_file("MINES.SC5").unwrap() == sheet);
    assert!(!disk.read_file("MINES.BIN").unwrap().is_empty());

    // `--add` of the same file is not an error (older command lines say it): it goes on
    // the disk once. A different file of the same name is refused.
    let result = msx()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["build", "examples/minesweeper/mines.pas", "-o"])
        .arg(&out)
        .args(["--add", "examples/minesweeper/MINES.SC5"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&result.stderr);
    assert!(result.status.success(), "{err}");
    assert!(err.contains("already added by"), "{err}");
    let other = write(&dir, "MINES.SC5", "not the sheet");
    let result = msx()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["build", "examples/minesweeper/mines.pas", "-o"])
        .arg(dir.join("twice.dsk"))
        .arg("--add")
        .arg(&other)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(1), "{err}");
    assert!(
        err.contains("MINES.SC5 is already put on the disk by examples/minesweeper/msx.toml:4:10: \"MINES.SC5\""),
        "{err}"
    );
    assert!(!dir.join("twice.dsk").exists());
}

/// A manifest that names a missing file, or has a key nobody reads, stops the build
/// with the manifest's line and column, and nothing is written.
#[test]
fn a_bad_manifest_names_the_place_and_writes_nothing() {
    let dir = scratch("badmanifest");
    let src = write(&dir, "game.pas", "begin writeln(1) end.");
    write(&dir, "LEVELS.DAT", "1 2 3");
    let out = dir.join("game.dsk");
    let cases = [
        (
            "[disk]\nfiles = [\"LEVELS.DAT\",\n         \"SPRITES.SC5\"]\n",
            ":3:10: [disk] files: \"SPRITES.SC5\": cannot read",
        ),
        (
            "[disk]\nfiles = [\"LEVELS.DAT\"]\nfile = [\"X\"]\n",
            ":3:1: unknown field `file`, expected `files`",
        ),
        (
            "[package]\nname = \"game\"\n",
            ":1:2: unknown field `package`",
        ),
        ("[disk]\nfiles = \"LEVELS.DAT\"\n", ":2:9: "),
        ("[disk\n", ":1:"),
    ];
    for (manifest, want) in cases {
        let path = write(&dir, "msx.toml", manifest);
        let result = msx()
            .arg("build")
            .arg(&src)
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&result.stderr);
        assert_eq!(result.status.code(), Some(1), "{manifest}: {err}");
        let want = format!("error: {}{want}", path.display());
        assert!(err.contains(&want), "{manifest}: want {want:?} in\n{err}");
        assert!(!out.exists(), "{manifest}");
    }
    // Fixed, it builds, and the file is on the disk.
    write(&dir, "msx.toml", "[disk]\nfiles = [\"LEVELS.DAT\"]\n");
    let result = msx()
        .arg("build")
        .arg(&src)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert!(result.status.success());
    let disk = msx_disk::Disk::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(disk.read_file("LEVELS.DAT").unwrap(), b"1 2 3");
}

#[test]
fn dos_needs_a_disk() {
    let dir = scratch("dosfmt");
    let src = write(&dir, "t.pas", "begin writeln(1) end.");
    let err = build_refused(&src, &dir.join("t.com"), &["--dos"]);
    assert!(err.contains("--dos"), "{err}");
}

/// Programs written under MSX-DOS name their includes with a drive and `\` directories,
/// in any case, and their files end with ^Z and the rest of the last record: `msx build`
/// drops the drive, reads `\` as a directory, matches names without case and stops each
/// file at ^Z (issue 17). An include is an input: the output may not replace it.
#[test]
fn includes_written_under_msx_dos_are_found() {
    let dir = scratch("dosincludes");
    std::fs::create_dir_all(dir.join("Lib")).unwrap();
    let src = dir.join("prog.pas");
    std::fs::write(
        &src,
        b"{$I D:LIB\\TYPES.INC}\r\nbegin writeln(Answer) end.\r\n\x1a\xff\xfe\x00garbage",
    )
    .unwrap();
    std::fs::write(
        dir.join("Lib/Types.inc"),
        b"const Answer = 42;\r\n\x1a\x1a\x1a",
    )
    .unwrap();
    let out = dir.join("prog.com");
    let output = msx()
        .arg("build")
        .arg(&src)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(std::fs::metadata(&out).unwrap().len() > 0);
    let include = dir.join("Lib/Types.inc");
    let before = std::fs::read(&include).unwrap();
    let refused = msx()
        .arg("build")
        .arg(&src)
        .arg("-o")
        .arg(&include)
        .arg("--format")
        .arg("com")
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(1));
    assert_eq!(std::fs::read(&include).unwrap(), before);
}
