//! Opt-in oracle: with `MSX_ORACLES` naming `pasmo`, the same sources assembled
//! by pasmo must give byte-identical images. Fails (does not skip) when pasmo
//! is asked for but missing.

use std::path::PathBuf;
use std::process::Command;

fn wanted() -> bool {
    std::env::var("MSX_ORACLES")
        .map(|v| v.split(',').any(|t| t.trim() == "pasmo"))
        .unwrap_or(false)
}

fn pasmo(dir: &str, top: &str) -> Vec<u8> {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../roms-free-bios")
        .join(dir);
    let out = std::env::temp_dir().join(format!("msx-bios-pasmo-{}-{dir}.rom", std::process::id()));
    let status = Command::new("pasmo")
        .current_dir(&src)
        .arg(top)
        .arg(&out)
        .status()
        .expect("MSX_ORACLES asks for pasmo, but it cannot be run");
    assert!(status.success(), "pasmo failed on {dir}/{top}");
    let bytes = std::fs::read(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    bytes
}

#[test]
fn pasmo_gives_the_same_images() {
    if !wanted() {
        return;
    }
    assert!(
        pasmo("main", "main.asm") == msx_bios::main_rom(),
        "main ROM differs"
    );
    assert!(
        pasmo("sub", "sub.asm") == msx_bios::sub_rom()[..0x4000],
        "SUB-ROM differs"
    );
    assert!(
        pasmo("ext", "ext.asm") == msx_bios::sub_rom()[0x4000..],
        "BASIC extension ROM differs"
    );
    assert!(
        pasmo("disk", "disk.asm") == msx_bios::disk_rom(),
        "disk ROM differs"
    );
}
