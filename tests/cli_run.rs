//! `msx run` end to end, through the binary, on test cartridges assembled
//! here.

mod support;
use support::{msx, scratch};

use std::path::{Path, PathBuf};

/// A 16 KB cartridge: prints a greeting with CHPUT, says "OK" on the debug
/// device, then echoes typed keys on screen and to the debug device.
fn echo_rom(dir: &Path) -> PathBuf {
    let src = "
        org 4000h
        db 'AB'
        dw init
        dw 0,0,0,0,0,0
init:   ld hl,msg
loop:   ld a,(hl)
        or a
        jr z,done
        call 00A2h
        inc hl
        jr loop
done:   ld a,63h
        out (2Eh),a
        ld a,'O'
        out (2Fh),a
        ld a,'K'
        out (2Fh),a
        ld a,' '
        out (2Fh),a
keys:   call 009Fh
        out (2Fh),a
        call 00A2h
        jr keys
msg:    db 'Hello from a cartridge', 13, 10, 0
";
    let asm = z80_asm::assemble(src, "echo.asm", &z80_asm::Options::default()).unwrap();
    let mut rom = asm.bytes;
    rom.resize(0x4000, 0xFF);
    let path = dir.join("echo.rom");
    std::fs::write(&path, rom).unwrap();
    path
}

#[test]
fn until_text_png_and_text() {
    let dir = scratch("text");
    echo_rom(&dir);
    let out = msx(
        &dir,
        &[
            "run",
            "echo.rom",
            "--frames",
            "300",
            "--until-text",
            "Hello from",
            "--text",
            "--png",
            "shot.png",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("  Hello from a cartridge"), "{stdout}");
    let png = std::fs::read(dir.join("shot.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("reached at frame"), "{stderr}");
}

#[test]
fn frame_limit_first_exits_4() {
    let dir = scratch("limit");
    echo_rom(&dir);
    let out = msx(
        &dir,
        &[
            "run",
            "echo.rom",
            "--frames",
            "200",
            "--until-debug",
            "NEVER",
        ],
    );
    // 4, not clap's 2 of a mistyped option (src/exit.rs).
    assert_eq!(out.status.code(), Some(4));
    assert!(String::from_utf8_lossy(&out.stderr).contains("frame limit 200 came before"));
    // What the program printed goes to stdout.
    assert_eq!(String::from_utf8_lossy(&out.stdout), "OK \n");
}

#[test]
fn key_script_types_into_the_program() {
    let dir = scratch("keys");
    echo_rom(&dir);
    std::fs::write(
        dir.join("keys.txt"),
        "# wait for the boot\nat 150\ntype \"Hi 7\"\npress RETURN for 3\n",
    )
    .unwrap();
    let out = msx(
        &dir,
        &[
            "run",
            "echo.rom",
            "--keys",
            "keys.txt",
            "--until-debug",
            "\r",
            "--frames",
            "600",
            "--text",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    // The run stops a little after the CR reaches the debug device: the ROM
    // has printed the CR (column 0 again) and waits in CHGET, whose cursor
    // (character 255, shown as '.') covers the H, as on an MSX.
    insta::assert_snapshot!("key_script_screen", stdout);
}

#[test]
fn script_errors_name_the_line() {
    let dir = scratch("script-error");
    echo_rom(&dir);
    std::fs::write(dir.join("bad.txt"), "wait 10\npress SPACEBAR\n").unwrap();
    let out = msx(&dir, &["run", "echo.rom", "--keys", "bad.txt"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("bad.txt: key script line 2, column"),
        "{stderr}"
    );
    assert!(stderr.contains("SPACEBAR"), "{stderr}");
}

#[test]
fn same_run_same_vram() {
    let dir = scratch("determinism");
    echo_rom(&dir);
    for name in ["a.bin", "b.bin"] {
        let out = msx(
            &dir,
            &[
                "run",
                "echo.rom",
                "--frames",
                "250",
                "--type",
                "abc",
                "--type-at",
                "150",
                "--vram",
                name,
            ],
        );
        assert_eq!(out.status.code(), Some(0));
    }
    let a = std::fs::read(dir.join("a.bin")).unwrap();
    let b = std::fs::read(dir.join("b.bin")).unwrap();
    assert_eq!(a.len(), 128 * 1024);
    assert!(a == b, "two runs gave different VRAM");
    // The typed text is in the name table (SCREEN 0 at 0000h).
    assert!(a[..960].windows(3).any(|w| w == b"abc"));
}

/// A 720 KB disk made with `msx-disk` whose boot program prints a line and
/// writes "SAVED!" into sector 700 through PHYDIO.
fn boot_disk(dir: &Path) -> PathBuf {
    let src = "
        org 4000h
        ld hl,msg
print:  ld a,(hl)
        or a
        jr z,write
        call 00A2h
        inc hl
        jr print
write:  ld hl,saved
        ld de,0C000h
        ld bc,6
        ldir
        xor a           ; drive A
        ld b,1          ; one sector
        ld c,0F9h       ; 720 KB media
        ld de,700
        ld hl,0C000h
        scf             ; write
        call 0144h      ; PHYDIO
        ld a,23h
        out (2Eh),a
        ld a,'W'
        jr nc,ok
        ld a,'E'
ok:     out (2Fh),a
idle:   jr idle
msg:    db 'BOOTED FROM DISK', 13, 10, 0
saved:  db 'SAVED!'
";
    let asm = z80_asm::assemble(src, "boot.asm", &z80_asm::Options::default()).unwrap();
    let when = msx_disk::Timestamp::new(2024, 5, 1, 12, 0, 0).unwrap();
    let mut disk = msx_disk::Disk::new(msx_disk::Format::Kb720);
    disk.write_file("PROGRAM.BIN", &asm.bytes, when).unwrap();
    disk.set_boot_program("PROGRAM.BIN", 0x4000, 0x4000)
        .unwrap();
    let path = dir.join("game.dsk");
    std::fs::write(&path, disk.to_bytes()).unwrap();
    path
}

#[test]
fn disk_boots_on_the_free_disk_rom_and_is_saved_back() {
    let dir = scratch("disk");
    let path = boot_disk(&dir);
    let before = std::fs::read(&path).unwrap();
    let out = msx(
        &dir,
        &[
            "run",
            "game.dsk",
            "--until-debug",
            "W",
            "--frames",
            "1200",
            "--text",
            "--save-disk",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("BOOTED FROM DISK"), "{stdout}");
    let after = std::fs::read(&path).unwrap();
    assert_eq!(after.len(), before.len());
    assert_eq!(&after[700 * 512..700 * 512 + 6], b"SAVED!");
    assert_ne!(&before[700 * 512..700 * 512 + 6], b"SAVED!");

    // Without --save-disk the file is left alone.
    let fresh = boot_disk(&dir);
    let out = msx(
        &dir,
        &["run", "game.dsk", "--until-debug", "W", "--frames", "1200"],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::read(&fresh).unwrap(), before);
}

#[test]
fn save_disk_writes_through_a_symbolic_link_and_refuses_a_read_only_image() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("disklink");
    let path = boot_disk(&dir);
    let before = std::fs::read(&path).unwrap();
    std::os::unix::fs::symlink("game.dsk", dir.join("link.dsk")).unwrap();
    let args = [
        "run",
        "link.dsk",
        "--until-debug",
        "W",
        "--frames",
        "1200",
        "--save-disk",
    ];
    let out = msx(&dir, &args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The link is still a link, and the image it names was saved.
    let link = dir.join("link.dsk").symlink_metadata().unwrap();
    assert!(link.file_type().is_symlink());
    let after = std::fs::read(&path).unwrap();
    assert_eq!(&after[700 * 512..700 * 512 + 6], b"SAVED!");

    // A read-only image is not written, and says why.
    std::fs::write(&path, &before).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let out = msx(&dir, &args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("link.dsk: it is read-only"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn bad_disk_image_is_named() {
    let dir = scratch("bad-disk");
    std::fs::write(dir.join("odd.dsk"), vec![0u8; 1000]).unwrap();
    let out = msx(&dir, &["run", "odd.dsk"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("odd.dsk") && stderr.contains("1000 bytes"),
        "{stderr}"
    );
}

#[test]
fn wav_and_trace_outputs() {
    let dir = scratch("wav");
    echo_rom(&dir);
    let out = msx(
        &dir,
        &[
            "run",
            "echo.rom",
            "--frames",
            "60",
            "--wav",
            "s.wav",
            "--trace",
            "t.txt",
            "--trace-limit",
            "10",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    let wav = std::fs::read(dir.join("s.wav")).unwrap();
    assert_eq!(&wav[..4], b"RIFF");
    // 60 NTSC frames ≈ 1.0013 s of 16-bit mono at 44100 Hz.
    assert!(
        (wav.len() as i64 - 44 - 2 * 44_156).abs() < 200,
        "{}",
        wav.len()
    );
    let trace = std::fs::read_to_string(dir.join("t.txt")).unwrap();
    let lines: Vec<&str> = trace.lines().collect();
    assert_eq!(lines.len(), 11, "{trace}");
    assert!(lines[0].contains("earlier instructions not kept"));
    assert!(lines[1..]
        .iter()
        .all(|l| l.contains("AF=") && l.contains("SP=")));
}

/// `--expect-…` compares the end of a run with golden files, by what they
/// show; `--bless` writes them.
#[test]
fn golden_files_are_compared_and_blessed() {
    let dir = scratch("golden");
    echo_rom(&dir);
    let run = |frames: &str, extra: &[&str]| {
        let mut args = vec!["run", "echo.rom", "--frames", frames];
        args.extend_from_slice(extra);
        msx(&dir, &args)
    };
    let expects = [
        "--expect-png",
        "g.png",
        "--expect-vram",
        "g.bin",
        "--expect-text",
        "g.txt",
    ];
    // No golden file yet: an error that says how to make one.
    let out = run("200", &expects);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("g.png") && err.contains("--bless"), "{err}");
    assert!(!dir.join("g.png").exists());

    // --bless writes what --png, --vram and --text write.
    let mut blessed = expects.to_vec();
    blessed.push("--bless");
    let out = run("200", &blessed);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("g.png: created from this run"));
    let plain = run("200", &["--png", "p.png", "--vram", "p.bin", "--text"]);
    assert_eq!(
        std::fs::read(dir.join("g.png")).unwrap(),
        std::fs::read(dir.join("p.png")).unwrap()
    );
    assert_eq!(
        std::fs::read(dir.join("g.bin")).unwrap(),
        std::fs::read(dir.join("p.bin")).unwrap()
    );
    // stdout holds the debug device's "OK " before the screen's text.
    let text = std::fs::read_to_string(dir.join("g.txt")).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&plain.stdout),
        format!("OK \n{text}")
    );
    assert!(String::from_utf8_lossy(&plain.stdout).contains("Hello from a cartridge"));

    // The same run matches, even against the picture saved by another PNG
    // encoder (here RGBA instead of RGB): pixels are compared, not bytes.
    let rgba = image::open(dir.join("g.png")).unwrap().to_rgba8();
    rgba.save(dir.join("g.png")).unwrap();
    let out = run("200", &expects);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("g.png: the same") && err.contains("g.txt: the same"),
        "{err}"
    );
    assert!(!dir.join("g.actual.png").exists());

    // Keys typed into the echo program change the screen: exit 3, what
    // differs named, this run's output saved beside the golden file.
    let mut typed = expects.to_vec();
    typed.extend_from_slice(&["--type", "ZZ", "--type-at", "120"]);
    let out = run("200", &typed);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(
        err.contains("g.png: differs:") && err.contains("pixels differ (of 76800); the first at x"),
        "{err}"
    );
    assert!(
        err.contains("g.bin: differs:") && err.contains("bytes differ; the first at"),
        "{err}"
    );
    assert!(
        err.contains("g.txt: differs: 1 line differs; the first is line 2"),
        "{err}"
    );
    for f in ["g.actual.png", "g.actual.bin", "g.actual.txt"] {
        assert!(dir.join(f).exists(), "{f}");
    }
    // The golden files are left alone.
    assert_eq!(
        std::fs::read(dir.join("g.bin")).unwrap(),
        std::fs::read(dir.join("p.bin")).unwrap()
    );

    // --bless without a golden file to write is an error.
    let out = run("2", &["--bless"]);
    assert_eq!(out.status.code(), Some(1));
}

/// `--printer OUT` plugs in a printer and saves what the BIOS's LPTOUT sent it;
/// without it the port reads busy and LPTOUT waits (here: LPTSTT says busy).
#[test]
fn printer_output_is_saved() {
    let dir = scratch("printer");
    let src = "
        org 4000h
        db 'AB'
        dw init
        dw 0,0,0,0,0,0
init:   call 00A8h          ; LPTSTT: A = 0 and Z when busy or absent
        ld a,'B'
        jr z,report
        ld hl,msg
print:  ld a,(hl)
        or a
        jr z,done
        call 00A5h          ; LPTOUT
        inc hl
        jr print
done:   ld a,'R'
report: push af
        ld a,23h
        out (2Eh),a
        pop af
        out (2Fh),a
halt:   jr halt
msg:    db 'Printed', 13, 10, 0
";
    let asm = z80_asm::assemble(src, "lpt.asm", &z80_asm::Options::default()).unwrap();
    let mut rom = asm.bytes;
    rom.resize(0x4000, 0xFF);
    std::fs::write(dir.join("lpt.rom"), rom).unwrap();
    let out = msx(
        &dir,
        &[
            "run",
            "lpt.rom",
            "--frames",
            "400",
            "--until-debug",
            "R",
            "--printer",
            "paper.txt",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read(dir.join("paper.txt")).unwrap(),
        b"Printed\r\n"
    );
    // No printer: busy.
    let out = msx(
        &dir,
        &["run", "lpt.rom", "--frames", "400", "--until-debug", "B"],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn without_a_file_the_machine_starts_msx_basic_and_takes_typed_lines() {
    // Power-on with nothing inserted: MSX-BASIC's start screen and its prompt;
    // --type enters a direct statement and a numbered line, then runs it.
    let dir = scratch("basic-prompt");
    let out = msx(
        &dir,
        &[
            "run",
            "--frames",
            "1200",
            "--type",
            "PRINT 1+2\\n10 PRINT \"LINE\";20\\nRUN\\n",
            "--until-text",
            "LINE 20",
            "--text",
        ],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    assert!(lines.contains(&"MSX BASIC version 2.0"), "{text}");
    assert!(lines.contains(&"Ok"), "{text}");
    // PRINT puts a blank before a positive number and after it (MSX-BASIC).
    assert!(lines.contains(&"3"), "{text}");
    assert!(lines.contains(&"LINE 20"), "{text}");
}

#[test]
fn a_basic_listing_runs_interpreted_from_an_autoexec_disk() {
    // msx run game.bas: the program on a disk in memory with an AUTOEXEC.BAS
    // that runs it, as an MSX user's disk; MSX-BASIC interprets it.
    let dir = scratch("basic-run");
    std::fs::write(
        dir.join("count.bas"),
        "10 FOR I=1 TO 3:PRINT I;:NEXT\n20 PRINT \"DONE\"\n",
    )
    .unwrap();
    let out = msx(
        &dir,
        &[
            "run",
            "count.bas",
            "--frames",
            "900",
            "--until-text",
            "DONE",
            "--text",
        ],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.lines().any(|l| l.trim() == "1  2  3 DONE"),
        "the program's output is not on the screen:\n{text}"
    );
    // A listing that does not tokenize is refused before the machine starts.
    std::fs::write(dir.join("bad.bas"), "PRINT 1\n").unwrap();
    let out = msx(&dir, &["run", "bad.bas"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.bas"), "{err}");
}

#[test]
fn basic_event_traps_take_keys_triggers_and_ctrl_stop() {
    // ON KEY / ON STRIG / ON STOP GOSUB in MSX-BASIC (fact sheet §4.6): the
    // key, the space bar (trigger 0) or CTRL+STOP calls the handler instead
    // of typing, firing nothing, or breaking the program.
    let dir = scratch("basic-traps");
    for (program, key, want) in [
        (
            "10 ON KEY GOSUB ,200:KEY(2) ON\\n20 GOTO 20\\n200 PRINT \"F2\":END\\nRUN\\n",
            "F2",
            "F2",
        ),
        (
            "10 ON STRIG GOSUB 100:STRIG(0) ON\\n20 GOTO 20\\n100 PRINT \"FIRE\":END\\nRUN\\n",
            "SPACE",
            "FIRE",
        ),
        (
            "10 ON STOP GOSUB 100:STOP ON\\n20 GOTO 20\\n100 PRINT \"NOSTOP\":END\\nRUN\\n",
            "CTRL+STOP",
            "NOSTOP",
        ),
    ] {
        std::fs::write(dir.join("k.txt"), format!("at 1200 press {key} for 5\n")).unwrap();
        let out = msx(
            &dir,
            &[
                "run", "--frames", "1500", "--keys", "k.txt", "--type", program, "--text",
            ],
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{text}");
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        assert!(lines.contains(&want), "{key}: {text}");
        assert!(!text.contains("Break"), "{key}: {text}");
    }
}

/// docs/machine.md says when the free BIOS starts a cartridge (the INIT of its
/// header): keep it true.
#[test]
fn the_free_bios_starts_a_cartridge_at_the_frame_the_doc_gives() {
    let dir = scratch("startframe");
    let src = " org 4000h\n db \"AB\"\n dw start\n ds 12\nstart: jr start\n ds 8000h-$\n";
    let asm = z80_asm::assemble(src, "cart.asm", &z80_asm::Options::default()).unwrap();
    std::fs::write(dir.join("cart.rom"), &asm.bytes).unwrap();
    for (video, frame) in [("ntsc", 24), ("pal", 20)] {
        let out = msx(
            &dir,
            &["run", "cart.rom", "--until-pc", "4010h", "--machine", video],
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{err}");
        assert!(
            err.contains(&format!("reached at frame {frame} ")),
            "{video}: {err}"
        );
    }
}

/// `--seed` chooses the power-on: the disk's position, so the boot's timing and the
/// `TIME` a program starts with. Seed 0 is the default, the same seed the same run.
#[test]
fn the_seed_changes_the_boot_and_repeats_it() {
    let dir = scratch("seed");
    std::fs::write(dir.join("t.bas"), "10 PRINT \"T=\";TIME\n20 GOTO 20\n").unwrap();
    let time_with = |extra: &[&str]| -> String {
        let mut args = vec!["run", "t.bas", "--frames", "400", "--text"];
        args.extend_from_slice(extra);
        let out = msx(&dir, &args);
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {text}");
        text.lines()
            .find_map(|l| l.trim().strip_prefix("T="))
            .unwrap_or_else(|| panic!("{args:?}: no T= on screen: {text}"))
            .trim()
            .to_string()
    };
    let default = time_with(&[]);
    assert_eq!(time_with(&["--seed", "0"]), default);
    let times: Vec<String> = (1..=4)
        .map(|s| time_with(&["--seed", &s.to_string()]))
        .collect();
    assert!(
        times.iter().any(|t| *t != default),
        "seeds 1-4 all started at TIME {default}: {times:?}"
    );
    assert_eq!(time_with(&["--seed", "3"]), times[2]);
    // Not a number: a usage error.
    let out = msx(&dir, &["run", "t.bas", "--seed", "x"]);
    assert_eq!(out.status.code(), Some(2));
}
