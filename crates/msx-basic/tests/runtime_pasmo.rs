//! Opt-in oracle: the runtime assembles with pasmo to the same bytes as
//! with z80-asm (run with MSX_ORACLES=pasmo; fails if pasmo is missing).

use std::process::Command;

#[test]
fn pasmo_assembles_the_runtime_identically() {
    let wanted = std::env::var("MSX_ORACLES").unwrap_or_default();
    if !wanted.split(',').any(|t| t.trim() == "pasmo") {
        return;
    }
    let source = format!(
        "BCD_RAM EQU 0C000h\nBCD_ERROR EQU 0FF00h\n org 100h\n{}",
        msx_basic::BCD_RUNTIME_ASM
    );
    let ours = z80_asm::assemble(&source, "bcd.asm", &z80_asm::Options::default())
        .unwrap_or_else(|d| panic!("{}", d.render()));
    let dir = std::env::temp_dir().join(format!("msx-basic-pasmo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("bcd.asm");
    let bin = dir.join("bcd.bin");
    std::fs::write(&src, &source).unwrap();
    let status = Command::new("pasmo")
        .arg(&src)
        .arg(&bin)
        .status()
        .expect("MSX_ORACLES names pasmo, but pasmo cannot be run");
    assert!(status.success(), "pasmo rejected the runtime");
    let theirs = std::fs::read(&bin).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(ours.bytes, theirs);
}
