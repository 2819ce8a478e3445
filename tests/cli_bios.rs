//! `msx bios export DIR` end to end: the openMSX machine and its three ROMs, the same
//! bytes the emulator runs; an earlier export is kept unless --force. (That openMSX
//! boots it: tests/openmsx_machine.rs, opt-in.)

mod support;
use support::{msx, scratch};

#[test]
fn export_writes_the_machine_and_the_free_roms() {
    let dir = scratch("export");
    let out = msx(&dir, &["bios", "export", "machines"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let m = dir.join("machines");
    let xml = std::fs::read_to_string(m.join("msx_free_msx2.xml")).unwrap();
    assert!(xml.contains("<WD2793") && xml.contains("<connectionstyle>Philips"));
    assert!(xml.contains("<type>YM2149</type>"));
    let rom = |name: &str| std::fs::read(m.join("msx_free_msx2/roms").join(name)).unwrap();
    assert_eq!(rom("free_main.rom"), msx_bios::main_rom());
    assert_eq!(rom("free_sub_ext.rom"), msx_bios::sub_rom());
    assert_eq!(rom("free_disk.rom"), msx_bios::disk_rom());

    // A second export does not overwrite the first without --force.
    std::fs::write(m.join("msx_free_msx2/roms/free_disk.rom"), b"mine").unwrap();
    let again = msx(&dir, &["bios", "export", "machines"]);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    assert_eq!(rom("free_disk.rom"), b"mine");
    let forced = msx(&dir, &["bios", "export", "machines", "--force"]);
    assert_eq!(forced.status.code(), Some(0));
    assert_eq!(rom("free_disk.rom"), msx_bios::disk_rom());
}

#[test]
fn the_pal_export_is_its_own_machine() {
    let dir = scratch("export-pal");
    let out = msx(&dir, &["bios", "export", ".", "--machine", "pal"]);
    assert_eq!(out.status.code(), Some(0));
    let main = std::fs::read(dir.join("msx_free_msx2_pal/roms/free_main.rom")).unwrap();
    assert_eq!(main, msx_bios::main_rom_pal());
    assert!(!dir.join("msx_free_msx2.xml").exists());
}
