//! The disk ROM on the default machine: a disk made by `msx-disk` with a boot
//! program starts it with no ROM from outside.

mod support;

use support::*;

const HELLO: &str = "
        org 4000h
        ld hl,msg
        call print
done:   jr done
msg:    db 'BOOTED FROM DISK',0
";

#[test]
fn a_boot_disk_starts_its_program() {
    let mut m = disk_machine();
    m.insert_disk(0, boot_disk(&format!("{HELLO}{PRINT}")).to_bytes())
        .unwrap();
    run_to_text(&mut m, "BOOTED FROM DISK", 1200);
}

#[test]
fn without_a_disk_the_machine_starts_msx_basic() {
    let mut m = disk_machine();
    run_to_text(&mut m, "MSX BASIC version 2.0", 1200);
    run_to_text(&mut m, "Ok", 60);
}
