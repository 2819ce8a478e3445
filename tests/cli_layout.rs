//! `msx run --layout cbios` / `--rom-logo`: openMSX's C-BIOS_MSX2 slots (SUB-ROM in 3-0,
//! 512 KB mapper, no disk drive unless a disk ROM is given). With the free ROMs in that
//! layout the BIOS still finds everything and MSX-BASIC starts; a disk there is refused
//! by name. (With C-BIOS's images: tests/openmsx_machine.rs, opt-in.)

mod support;
use support::{msx, scratch};

#[test]
fn the_free_roms_boot_in_the_cbios_layout() {
    let dir = scratch("cbios-free");
    let run = msx(
        &dir,
        &[
            "run",
            "--layout",
            "cbios",
            "--frames",
            "400",
            "--until-text",
            "Ok",
            "--text",
        ],
    );
    let text = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{text}");
    // No disk ROM in this layout: plain MSX-BASIC, more memory free than with Disk BASIC.
    assert!(!text.contains("Disk BASIC"), "{text}");
}

#[test]
fn a_disk_needs_a_disk_rom_in_the_cbios_layout() {
    let dir = scratch("cbios-disk");
    std::fs::write(dir.join("g.dsk"), vec![0u8; 737_280]).unwrap();
    let run = msx(
        &dir,
        &["run", "g.dsk", "--layout", "cbios", "--frames", "1"],
    );
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("g.dsk") && err.contains("no disk drive"),
        "{err}"
    );
}

#[test]
fn a_logo_rom_larger_than_16_kb_is_refused() {
    let dir = scratch("cbios-logo");
    std::fs::write(dir.join("logo.rom"), vec![0u8; 0x4001]).unwrap();
    let run = msx(&dir, &["run", "--rom-logo", "logo.rom", "--frames", "1"]);
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr).contains("logo.rom: a logo ROM is at most 16 KB"));
}
