//! WD2793 with the Philips wiring, driven the way a disk ROM does: registers
//! at offsets 0–7 (0x7FF8–0x7FFF), polling 0x7FFF for DRQ (bit 7 low) and
//! INTRQ (bit 6 low). Facts: WD279x datasheet, openMSX `PhilipsFDC.cc`.

use msx_machine::fdc::{DiskError, DiskImage, PhilipsFdc};
use msx_machine::memory::{MachineLayout, Memory, SlotContent, SlotId};

const STATUS: u8 = 0;
const TRACK: u8 = 1;
const SECTOR: u8 = 2;
const DATA: u8 = 3;
const SIDE: u8 = 4;
const DRIVE: u8 = 5;
const LINES: u8 = 7;

const MS: u64 = 3579; // T-states per millisecond, rounded down
const SECOND: u64 = 3_579_545;

/// A 720 KB image whose logical sector L is filled with (L × 7 + offset) & 0xFF.
fn pattern_disk() -> DiskImage {
    let mut data = vec![0u8; 737_280];
    for (i, b) in data.iter_mut().enumerate() {
        *b = ((i / 512) * 7 + i % 512) as u8;
    }
    DiskImage::from_bytes(data).unwrap()
}

fn expected_sector(l: usize) -> Vec<u8> {
    (0..512).map(|o| (l * 7 + o) as u8).collect()
}

/// Drive A with a disk, motor on.
fn fdc_with(disk: DiskImage) -> PhilipsFdc {
    let mut fdc = PhilipsFdc::new(1);
    fdc.insert(0, disk).unwrap();
    fdc.write(DRIVE, 0x80, 0);
    fdc
}

/// Polls like a disk ROM, `step` T-states per loop, until INTRQ; reads
/// every byte offered. Returns the bytes, the status and the end time.
fn read_loop(fdc: &mut PhilipsFdc, mut t: u64, step: u64) -> (Vec<u8>, u8, u64) {
    let mut bytes = Vec::new();
    let limit = t + 3 * SECOND;
    loop {
        let lines = fdc.read(LINES, t);
        if lines & 0x80 == 0 {
            bytes.push(fdc.read(DATA, t));
        } else if lines & 0x40 == 0 {
            break;
        }
        t += step;
        assert!(t < limit, "command never ended");
    }
    (bytes, fdc.read(STATUS, t), t)
}

/// Polls and writes `data` bytes as DRQ asks, `step` T-states per loop.
fn write_loop(fdc: &mut PhilipsFdc, mut t: u64, step: u64, data: &[u8]) -> (u8, u64) {
    let mut i = 0;
    let limit = t + 3 * SECOND;
    loop {
        let lines = fdc.read(LINES, t);
        if lines & 0x80 == 0 {
            fdc.write(DATA, data.get(i).copied().unwrap_or(0x4E), t);
            i += 1;
        } else if lines & 0x40 == 0 {
            break;
        }
        t += step;
        assert!(t < limit, "command never ended");
    }
    (fdc.read(STATUS, t), t)
}

/// Waits until BUSY clears; returns the status and the time.
fn wait_idle(fdc: &mut PhilipsFdc, mut t: u64, step: u64) -> (u8, u64) {
    loop {
        let s = fdc.read(STATUS, t);
        if s & 1 == 0 {
            return (s, t);
        }
        t += step;
        assert!(t < 10 * SECOND, "still busy");
    }
}

fn seek(fdc: &mut PhilipsFdc, track: u8, t: u64) -> u64 {
    fdc.write(DATA, track, t);
    fdc.write(STATUS, 0x10, t);
    wait_idle(fdc, t, 100).1
}

#[test]
fn restore_at_track_0_ends_at_once() {
    let mut fdc = fdc_with(pattern_disk());
    fdc.write(TRACK, 5, 0);
    fdc.write(STATUS, 0x08, 0); // restore, head load, 6 ms
                                // Head already at 0: the first step-out sees TRACK 00.
    let status = fdc.read(STATUS, 10);
    // Not busy; head loaded (bit 5) and track 0 (bit 2).
    assert_eq!(status & 0x25, 0x24);
    assert_eq!(fdc.read(TRACK, 10), 0);
}

#[test]
fn seek_takes_the_step_rate_per_track() {
    let mut fdc = fdc_with(pattern_disk());
    fdc.write(DATA, 10, 0);
    fdc.write(STATUS, 0x10, 0); // seek, 6 ms steps
                                // 10 steps of 6 ms = 6 × 3579545 / 1000 = 21477 T-states each.
    assert_eq!(fdc.read(STATUS, 10 * 21_477 - 1) & 1, 1);
    assert_eq!(fdc.read(STATUS, 10 * 21_477) & 1, 0);
    assert_eq!(fdc.read(TRACK, 10 * 21_477), 10);
    assert_eq!(fdc.drive(0).unwrap().head, 10);
    // Restore comes back: TRACK 00.
    let t = 10 * 21_477;
    fdc.write(STATUS, 0x03, t); // restore, 30 ms steps
    let (status, _) = wait_idle(&mut fdc, t, 1000);
    assert_eq!(status & 0x04, 0x04);
    assert_eq!(fdc.drive(0).unwrap().head, 0);
}

#[test]
fn step_commands_and_update_flag() {
    let mut fdc = fdc_with(pattern_disk());
    fdc.write(STATUS, 0x50, 0); // step in, update
    let (_, t) = wait_idle(&mut fdc, 0, 100);
    assert_eq!((fdc.read(TRACK, t), fdc.drive(0).unwrap().head), (1, 1));
    fdc.write(STATUS, 0x40, t); // step in, no update
    let (_, t) = wait_idle(&mut fdc, t, 100);
    assert_eq!((fdc.read(TRACK, t), fdc.drive(0).unwrap().head), (1, 2));
    fdc.write(STATUS, 0x20, t); // step: same direction (in)
    let (_, t) = wait_idle(&mut fdc, t, 100);
    assert_eq!(fdc.drive(0).unwrap().head, 3);
    fdc.write(STATUS, 0x70, t); // step out, update
    let (_, t) = wait_idle(&mut fdc, t, 100);
    assert_eq!((fdc.read(TRACK, t), fdc.drive(0).unwrap().head), (0, 2));
}

#[test]
fn read_sector_delivers_the_image_bytes() {
    let mut fdc = fdc_with(pattern_disk());
    let t = seek(&mut fdc, 2, 0);
    fdc.write(SIDE, 1, t);
    fdc.write(SECTOR, 5, t);
    fdc.write(STATUS, 0x80, t);
    let (bytes, status, end) = read_loop(&mut fdc, t, 40);
    // Track 2, side 1, sector 5: L = (2 × 2 + 1) × 9 + 4 = 49.
    assert_eq!(bytes, expected_sector(49));
    assert_eq!(status, 0x00);
    // Within one turn (200 ms) plus the sector itself.
    assert!(end - t < 210 * MS, "{}", end - t);
}

#[test]
fn slow_reads_lose_data() {
    let mut fdc = fdc_with(pattern_disk());
    fdc.write(SECTOR, 1, 0);
    fdc.write(STATUS, 0x80, 0);
    // A byte every 114.5 T-states; polling every 300 loses two of three.
    let (bytes, status, _) = read_loop(&mut fdc, 0, 300);
    assert!(bytes.len() < 512);
    assert_eq!(status & 0x04, 0x04);
}

#[test]
fn missing_sector_is_not_found_after_five_turns() {
    let mut fdc = fdc_with(pattern_disk());
    fdc.write(SECTOR, 10, 0); // 9 sectors per track
    fdc.write(STATUS, 0x80, 0);
    let (bytes, status, end) = read_loop(&mut fdc, 0, 1000);
    assert!(bytes.is_empty());
    assert_eq!(status & 0x10, 0x10);
    // 5 index pulses at 5 turns per second: between 0.8 and 1 s.
    assert!((800 * MS..=1001 * MS).contains(&end), "{end}");
}

#[test]
fn track_register_must_match_the_head() {
    let mut fdc = fdc_with(pattern_disk());
    fdc.write(TRACK, 3, 0); // head is at 0
    fdc.write(SECTOR, 1, 0);
    fdc.write(STATUS, 0x80, 0);
    let (_, status, _) = read_loop(&mut fdc, 0, 1000);
    assert_eq!(status & 0x10, 0x10);
}

#[test]
fn write_sector_goes_into_the_image() {
    let mut fdc = fdc_with(pattern_disk());
    let t = seek(&mut fdc, 79, 0);
    fdc.write(SIDE, 0, t);
    fdc.write(SECTOR, 9, t);
    fdc.write(STATUS, 0xA0, t);
    let data: Vec<u8> = (0..512).map(|i| (i as u8) ^ 0x5A).collect();
    let (status, _) = write_loop(&mut fdc, t, 40, &data);
    assert_eq!(status, 0x00);
    // Track 79, side 0, sector 9: L = 79 × 2 × 9 + 8 = 1430.
    let image = fdc.image(0).unwrap();
    assert_eq!(&image.bytes()[1430 * 512..1431 * 512], &data[..]);
    assert_eq!(
        &image.bytes()[1429 * 512..1430 * 512],
        &expected_sector(1429)[..]
    );
    assert!(image.is_modified());
    // Take the image back.
    let bytes = fdc.take_image(0).unwrap().into_bytes();
    assert!(fdc.image(0).is_none());
    assert_eq!(bytes[1430 * 512 + 1], 1 ^ 0x5A);
}

#[test]
fn write_without_data_is_lost_and_writes_nothing() {
    let mut fdc = fdc_with(pattern_disk());
    fdc.write(SECTOR, 1, 0);
    fdc.write(STATUS, 0xA0, 0);
    let (status, _) = wait_idle(&mut fdc, 0, 1000);
    assert_eq!(status & 0x04, 0x04);
    assert!(!fdc.image(0).unwrap().is_modified());
}

#[test]
fn write_protected_disk() {
    let mut disk = pattern_disk();
    disk.set_write_protected(true);
    let mut fdc = fdc_with(disk);
    // Type I status shows the tab.
    assert_eq!(fdc.read(STATUS, 0) & 0x40, 0x40);
    fdc.write(SECTOR, 1, 0);
    fdc.write(STATUS, 0xA0, 0);
    let (status, _) = write_loop(&mut fdc, 0, 40, &[0; 512]);
    assert_eq!(status & 0x41, 0x40);
    assert!(!fdc.image(0).unwrap().is_modified());
}

#[test]
fn no_disk_is_not_ready() {
    let mut fdc = PhilipsFdc::new(1);
    fdc.write(DRIVE, 0x80, 0);
    assert_eq!(fdc.read(STATUS, 0) & 0x80, 0x80);
    fdc.write(SECTOR, 1, 0);
    fdc.write(STATUS, 0x80, 0);
    let (bytes, status, _) = read_loop(&mut fdc, 0, 40);
    assert!(bytes.is_empty());
    assert_eq!(status & 0x81, 0x80);
}

#[test]
fn index_pulses_five_per_second_with_motor_on() {
    let mut fdc = fdc_with(pattern_disk());
    let mut pulses = 0;
    let mut was = false;
    for t in (0..SECOND).step_by(500) {
        let index = fdc.read(STATUS, t) & 0x02 != 0;
        if index && !was {
            pulses += 1;
        }
        was = index;
    }
    assert_eq!(pulses, 5);
    // Motor off: no pulses, no TRACK 00 (Philips drives).
    fdc.write(DRIVE, 0x00, SECOND);
    let quiet = (SECOND..2 * SECOND)
        .step_by(500)
        .all(|t| fdc.read(STATUS, t) & 0x06 == 0);
    assert!(quiet);
}

#[test]
fn disk_change_flag_clears_on_read() {
    let mut fdc = fdc_with(pattern_disk());
    assert_eq!(fdc.read(DRIVE, 0) & 0x04, 0x00); // changed
    assert_eq!(fdc.read(DRIVE, 0) & 0x04, 0x04);
    assert_eq!(fdc.read(DRIVE, 0), 0x84); // motor bit as written
    fdc.insert(0, DiskImage::blank_720k()).unwrap();
    assert_eq!(fdc.peek(DRIVE, 0) & 0x04, 0x00);
    assert_eq!(fdc.read(DRIVE, 0) & 0x04, 0x00);
    assert_eq!(fdc.read(DRIVE, 0) & 0x04, 0x04);
}

#[test]
fn intrq_and_drq_lines_and_other_registers() {
    let mut fdc = fdc_with(pattern_disk());
    assert_eq!(fdc.read(LINES, 0), 0xFF);
    fdc.write(STATUS, 0x00, 0); // restore: ends at once at track 0
    assert_eq!(fdc.read(LINES, 1), 0xBF); // INTRQ low-active in bit 6
    fdc.read(STATUS, 1); // clears INTRQ
    assert_eq!(fdc.read(LINES, 2), 0xFF);
    assert_eq!(fdc.read(6, 0), 0xFF);
    fdc.write(SIDE, 0x01, 0);
    assert_eq!(fdc.read(SIDE, 0), 0x01);
    fdc.write(SECTOR, 0x42, 0);
    assert_eq!(fdc.read(SECTOR, 0), 0x42);
}

#[test]
fn force_interrupt() {
    let mut fdc = fdc_with(pattern_disk());
    fdc.write(DATA, 40, 0);
    fdc.write(STATUS, 0x13, 0); // long seek, 30 ms steps
    assert_eq!(fdc.read(STATUS, 1000) & 1, 1);
    fdc.write(STATUS, 0xD0, 1000); // stop, no interrupt
    assert_eq!(fdc.read(STATUS, 2000) & 1, 0);
    assert_eq!(fdc.read(LINES, 2000), 0xFF);
    fdc.write(STATUS, 0xD8, 3000); // immediate interrupt
    assert_eq!(fdc.read(LINES, 3000) & 0x40, 0);
    fdc.read(STATUS, 3000); // does not clear the immediate interrupt
    assert_eq!(fdc.read(LINES, 3001) & 0x40, 0);
    fdc.write(STATUS, 0xD0, 4000);
    assert_eq!(fdc.read(LINES, 4000) & 0x40, 0x40);
}

#[test]
fn read_address_gives_the_next_id_field() {
    let mut fdc = fdc_with(pattern_disk());
    let t = seek(&mut fdc, 7, 0);
    fdc.write(SIDE, 1, t);
    fdc.write(STATUS, 0xC0, t);
    let (bytes, status, _) = read_loop(&mut fdc, t, 40);
    assert_eq!(status & 0x1C, 0);
    assert_eq!(bytes.len(), 6);
    // C = 7, H = 1, N = 2 (512 bytes); R is some sector 1–9.
    assert_eq!((bytes[0], bytes[1], bytes[3]), (7, 1, 2));
    assert!((1..=9).contains(&bytes[2]));
    // CRC-CCITT over A1 A1 A1 FE C H R N.
    let crc = msx_machine::fdc::crc16(&[0xA1, 0xA1, 0xA1, 0xFE, 7, 1, bytes[2], 2]);
    assert_eq!(u16::from_be_bytes([bytes[4], bytes[5]]), crc);
    // The track address goes to the sector register.
    assert_eq!(fdc.read(SECTOR, 0), 7);
}

#[test]
fn crc16_check_value() {
    // CRC-16/CCITT-FALSE check value of "123456789" is 0x29B1.
    assert_eq!(msx_machine::fdc::crc16(b"123456789"), 0x29B1);
}

#[test]
fn multi_sector_read_ends_with_record_not_found() {
    let mut fdc = fdc_with(pattern_disk());
    fdc.write(SECTOR, 8, 0);
    fdc.write(STATUS, 0x90, 0);
    let (bytes, status, _) = read_loop(&mut fdc, 0, 40);
    // Sectors 8 and 9 of track 0 side 0 (L = 7, 8), then no sector 10.
    assert_eq!(bytes.len(), 1024);
    assert_eq!(&bytes[..512], &expected_sector(7)[..]);
    assert_eq!(&bytes[512..], &expected_sector(8)[..]);
    assert_eq!(status & 0x10, 0x10);
    assert_eq!(fdc.read(SECTOR, 0), 10);
}

#[test]
fn single_sided_disk_has_no_side_1() {
    let disk = DiskImage::from_bytes(vec![0; 368_640]).unwrap();
    assert_eq!(
        (disk.sides(), disk.tracks(), disk.sectors_per_track()),
        (1, 80, 9)
    );
    let mut fdc = fdc_with(disk);
    fdc.write(SIDE, 1, 0);
    fdc.write(SECTOR, 1, 0);
    fdc.write(STATUS, 0x80, 0);
    let (_, status, _) = read_loop(&mut fdc, 0, 1000);
    assert_eq!(status & 0x10, 0x10);
}

#[test]
fn image_sizes() {
    assert_eq!(
        DiskImage::from_bytes(vec![0; 1000]).unwrap_err(),
        DiskError::Size(1000)
    );
    let d = DiskImage::from_bytes(vec![0; 655_360]).unwrap();
    assert_eq!((d.sides(), d.sectors_per_track()), (2, 8));
    let mut fdc = PhilipsFdc::new(2);
    assert!(fdc.insert(2, DiskImage::blank_720k()).is_err());
    assert!(fdc.insert(1, DiskImage::blank_720k()).is_ok());
}

#[test]
fn second_drive_is_selected_by_bit_0() {
    let mut fdc = PhilipsFdc::new(2);
    fdc.insert(1, pattern_disk()).unwrap();
    fdc.write(DRIVE, 0x80, 0); // drive A: empty
    assert_eq!(fdc.read(STATUS, 0) & 0x80, 0x80);
    fdc.write(DRIVE, 0x81, 0); // drive B
    assert_eq!(fdc.read(STATUS, 0) & 0x80, 0x00);
    fdc.write(SECTOR, 3, 0);
    fdc.write(STATUS, 0x80, 0);
    let (bytes, _, _) = read_loop(&mut fdc, 0, 40);
    assert_eq!(bytes, expected_sector(2));
}

#[test]
fn write_track_formats_sectors() {
    let mut fdc = fdc_with(pattern_disk());
    let t = seek(&mut fdc, 1, 0);
    // A minimal format stream: one sector R = 3 of 512 bytes of 0xE5.
    let mut stream = vec![0x4E; 80];
    stream.extend_from_slice(&[0xF5, 0xF5, 0xF5, 0xFE, 1, 0, 3, 2, 0xF7]);
    stream.extend_from_slice(&[0x4E; 22]);
    stream.extend_from_slice(&[0xF5, 0xF5, 0xF5, 0xFB]);
    stream.extend_from_slice(&[0xE5; 512]);
    stream.push(0xF7);
    fdc.write(STATUS, 0xF0, t);
    let (status, end) = write_loop(&mut fdc, t, 40, &stream);
    assert_eq!(status & 0x45, 0);
    // One turn, plus the wait for the index.
    assert!(end - t <= 420 * MS, "{}", end - t);
    // Track 1 side 0 sector 3: L = 1 × 18 + 2 = 20.
    let image = fdc.image(0).unwrap();
    assert!(image.bytes()[20 * 512..21 * 512].iter().all(|&b| b == 0xE5));
    assert_eq!(&image.bytes()[19 * 512..20 * 512], &expected_sector(19)[..]);
}

#[test]
fn registers_are_memory_mapped_in_the_disk_rom_slot() {
    let mut layout = MachineLayout::empty();
    layout.expanded[3] = true;
    layout.add(
        SlotId::sub(3, 3),
        SlotContent::DiskRom {
            image: vec![0xC9; 0x4000],
            drives: 1,
        },
    );
    let mut mem = Memory::new(&layout).unwrap();
    mem.set_primary_slots(0xFF);
    mem.write(0xFFFF, 0xFF, 0); // 3-3 in every page
    mem.fdc_mut().unwrap().insert(0, pattern_disk()).unwrap();
    assert_eq!(mem.read(0x4000, 0), 0xC9);
    assert_eq!(mem.read(0x7FF7, 0), 0xC9);
    mem.write(0x7FF9, 0x21, 0); // track register
    assert_eq!(mem.read(0x7FF9, 0), 0x21);
    assert_eq!(mem.read(0xBFF9, 0), 0x21); // mirror in page 2
    mem.write(0xBFFA, 0x07, 0);
    assert_eq!(mem.read(0x7FFA, 0), 0x07);
    assert_eq!(mem.read(0x8000, 0), 0xFF); // no ROM in page 2
    assert_eq!(mem.read(0x0000, 0), 0xFF);
    assert_eq!(mem.read(0x7FFE, 0), 0xFF);
    assert_eq!(mem.fdc().unwrap().controller().track(), 0x21);
}

#[test]
fn track_register_counts_during_a_seek() {
    let mut fdc = fdc_with(pattern_disk());
    fdc.write(DATA, 20, 0);
    fdc.write(STATUS, 0x11, 0); // seek, 12 ms steps (42954 T-states)
                                // The first step happens at once, the fifth after 4 × 12 ms.
    assert_eq!(fdc.read(TRACK, 1), 1);
    assert_eq!(fdc.read(TRACK, 4 * 42_954), 5);
    assert_eq!(fdc.read(TRACK, 4 * 42_954 + 42_953), 5);
}

#[test]
fn a_clone_mid_command_is_a_save_state() {
    let mut fdc = fdc_with(pattern_disk());
    fdc.write(SECTOR, 4, 0);
    fdc.write(STATUS, 0x80, 0);
    let (first, _, _) = read_loop(&mut fdc.clone(), 0, 40);
    // Read a few bytes, save, finish both copies: same result.
    let (partial, _, t) = {
        let mut t = 0;
        let mut got = Vec::new();
        while got.len() < 100 {
            if fdc.read(LINES, t) & 0x80 == 0 {
                got.push(fdc.read(DATA, t));
            }
            t += 40;
        }
        (got, 0, t)
    };
    let mut saved = fdc.clone();
    let (rest_a, status_a, _) = read_loop(&mut fdc, t, 40);
    let (rest_b, status_b, _) = read_loop(&mut saved, t, 40);
    assert_eq!(rest_a, rest_b);
    assert_eq!(status_a, status_b);
    assert_eq!([partial, rest_a].concat(), first);
}

#[test]
fn reset_stops_the_command_and_the_motor_but_keeps_the_disk() {
    let mut fdc = fdc_with(pattern_disk());
    fdc.write(DATA, 40, 0);
    fdc.write(STATUS, 0x13, 0);
    fdc.reset();
    assert!(!fdc.controller().busy());
    assert!(!fdc.motor());
    assert!(fdc.image(0).is_some());
}

/// The disk turns only while the motor is on, from the index at power-on (openMSX
/// `RealDrive`): switched on at any moment, the first read of sector 1 (146 bytes of gap
/// after the index, then its ID and data) ends within the first 30 ms, where a disk that
/// had turned since power-on would make it wait for most of a turn at some moments.
/// Stopped, it keeps its angle: on again, the same read takes as long.
#[test]
fn the_disk_turns_only_with_the_motor_on() {
    for on_at in [0, 410 * MS, 1234 * MS + 17] {
        let mut fdc = PhilipsFdc::new(1);
        fdc.insert(0, pattern_disk()).unwrap();
        fdc.write(DRIVE, 0x80, on_at);
        fdc.write(SECTOR, 1, on_at);
        fdc.write(STATUS, 0x80, on_at);
        let (bytes, status, end) = read_loop(&mut fdc, on_at, 40);
        assert_eq!((bytes.len(), status & 0x1C), (512, 0));
        let took = end - on_at;
        assert!(
            took < 30 * MS,
            "motor on at {on_at}: the read took {took} T-states"
        );
        // Off for a while, then on: the disk resumes where it stopped.
        fdc.write(DRIVE, 0x00, end);
        let later = end + 5 * SECOND;
        fdc.write(DRIVE, 0x80, later);
        fdc.write(SECTOR, 2, later);
        fdc.write(STATUS, 0x80, later);
        let (bytes, _, end2) = read_loop(&mut fdc, later, 40);
        assert_eq!(bytes, expected_sector(1));
        // Sector 2 follows sector 1 on the track: it comes within the same turn.
        assert!(end2 - later < 30 * MS, "took {}", end2 - later);
    }
}
