//! Slot system, memory mapper and cartridge mappers, from the facts of
//! `msx-hardware.md` §1 and the mapper descriptions (openMSX facts).
//! Expected values are worked out by hand in the comments.

use msx_machine::memory::{
    detect, CartridgeKind, MachineLayout, Memory, MemoryError, SlotContent, SlotId,
};

/// An image whose every 8 KB block is filled with its block number.
fn blocks(count: usize) -> Vec<u8> {
    (0..count).flat_map(|b| vec![b as u8; 0x2000]).collect()
}

fn rom(len: usize, fill: u8) -> Vec<u8> {
    vec![fill; len]
}

/// The recommended MSX2 with recognisable ROMs: main ROM bytes 0xA1,
/// SUB-ROM 0xB2, disk ROM 0xD4.
fn msx2() -> Memory {
    let layout = MachineLayout::msx2(
        rom(0x8000, 0xA1),
        rom(0x4000, 0xB2),
        Some(rom(0x4000, 0xD4)),
    );
    Memory::new(&layout).expect("valid layout")
}

#[test]
fn power_on_selects_slot_0_everywhere() {
    let mut m = msx2();
    assert_eq!(m.primary_slots(), 0);
    assert_eq!(m.read(0x0000, 0), 0xA1);
    assert_eq!(m.read(0x7FFF, 0), 0xA1);
    // Slot 0 has nothing above 0x8000: reads 0xFF. Page 3 is slot 0, which is
    // not expanded, so 0xFFFF is no register either.
    assert_eq!(m.read(0x8000, 0), 0xFF);
    assert_eq!(m.read(0xFFFF, 0), 0xFF);
}

#[test]
fn rom_ignores_writes() {
    let mut m = msx2();
    m.write(0x1234, 0x00, 0);
    assert_eq!(m.read(0x1234, 0), 0xA1);
}

#[test]
fn subslot_register_reads_back_inverted() {
    let mut m = msx2();
    // Page 3 in slot 3: A8 = 11 00 00 00.
    m.set_primary_slots(0xC0);
    m.write(0xFFFF, 0xAA, 0);
    // ~0xAA = 0x55.
    assert_eq!(m.read(0xFFFF, 0), 0x55);
    assert_eq!(m.subslot_register(3), Some(0xAA));
    // 0xAA = 10 10 10 10: every page of slot 3 shows sub-slot 2 (the RAM).
    assert_eq!(m.selected_slot(3), SlotId::sub(3, 2));
    assert_eq!(m.selected_slot(0), SlotId::primary(0));
    assert_eq!(m.subslot_register(0), None);
}

#[test]
fn subslot_register_only_in_expanded_slot_selected_for_page_3() {
    let mut m = msx2();
    m.set_primary_slots(0xC0);
    m.write(0xFFFF, 0xAA, 0); // page 3 = 3-2 RAM
    m.write(0xFFFE, 0x5A, 0);
    assert_eq!(m.read(0xFFFE, 0), 0x5A);
    // Back to slot 0 in page 3: 0xFFFF is slot 0's (empty) memory.
    m.set_primary_slots(0x00);
    assert_eq!(m.read(0xFFFF, 0), 0xFF);
    m.write(0xFFFF, 0x00, 0);
    // ... and the write did not reach slot 3's register.
    m.set_primary_slots(0xC0);
    assert_eq!(m.read(0xFFFF, 0), 0x55);
}

#[test]
fn ffff_is_plain_memory_in_a_non_expanded_slot() {
    let mut layout = MachineLayout::empty();
    layout.add(
        SlotId::primary(1),
        SlotContent::Ram {
            base: 0,
            size: 0x10000,
        },
    );
    let mut m = Memory::new(&layout).unwrap();
    m.set_primary_slots(0x40); // page 3 = slot 1
    m.write(0xFFFF, 0x12, 0);
    assert_eq!(m.read(0xFFFF, 0), 0x12);
}

#[test]
fn subslots_select_sub_rom_ram_and_disk_rom_per_page() {
    let mut m = msx2();
    // All pages slot 3; sub-slots page0=1 (SUB-ROM), page1=3 (disk ROM),
    // page2=2, page3=2: 10 10 11 01 = 0xAD.
    m.set_primary_slots(0xFF);
    m.write(0xFFFF, 0xAD, 0);
    assert_eq!(m.read(0x0000, 0), 0xB2);
    assert_eq!(m.read(0x4000, 0), 0xD4);
    assert_eq!(m.read(0x7FF0, 0), 0xD4);
    m.write(0x8000, 0x99, 0);
    assert_eq!(m.read(0x8000, 0), 0x99);
}

#[test]
fn mapper_segments_and_read_back() {
    let mut m = msx2();
    m.set_primary_slots(0xFF);
    m.write(0xFFFF, 0xAA, 0); // all pages 3-2
                              // 256 KB = 16 segments: registers keep 4 bits, read back | 0xF0.
    m.write_mapper_port(0xFE, 5);
    assert_eq!(m.read_mapper_port(0xFE), 0xF5);
    m.write(0x8000, 0x77, 0);
    m.write(0xBFFF, 0x78, 0);
    let ram = m.mapper_ram().unwrap();
    assert_eq!(ram.len(), 256 * 1024);
    assert_eq!(ram[5 * 0x4000], 0x77);
    assert_eq!(ram[5 * 0x4000 + 0x3FFF], 0x78);
    // Segment 0x13 wraps to 3 on a 16-segment mapper.
    m.write_mapper_port(0xFC, 0x13);
    assert_eq!(m.read_mapper_port(0xFC), 0xF3);
    m.write(0x0010, 0x42, 0);
    assert_eq!(m.mapper_ram().unwrap()[3 * 0x4000 + 0x10], 0x42);
    // The same segment seen through page 2.
    m.write_mapper_port(0xFE, 3);
    assert_eq!(m.read(0x8010, 0), 0x42);
    assert_eq!(m.mapper_ports()[0], 0x13);
}

#[test]
fn mapper_sizes() {
    for (kb, written, expected) in [
        (128, 0x03, 0xFB),
        (512, 0x1F, 0xFF),
        (512, 0x21, 0xE1),
        (4096, 0x85, 0x85),
        (16, 0x07, 0xFF),
    ] {
        let mut layout = MachineLayout::empty();
        layout.add(SlotId::primary(2), SlotContent::MapperRam { size_kb: kb });
        let mut m = Memory::new(&layout).unwrap();
        m.write_mapper_port(0xFD, written);
        assert_eq!(
            m.read_mapper_port(0xFD),
            expected,
            "{kb} KB, wrote {written:#X}"
        );
    }
    let mut layout = MachineLayout::empty();
    layout.add(SlotId::primary(2), SlotContent::MapperRam { size_kb: 100 });
    assert!(matches!(
        Memory::new(&layout),
        Err(MemoryError::MapperSize { size_kb: 100, .. })
    ));
}

#[test]
fn no_mapper_reads_ff() {
    let m = Memory::new(&MachineLayout::empty()).unwrap();
    assert_eq!(m.read_mapper_port(0xFC), 0xFF);
}

#[test]
fn ram_size_is_configurable() {
    let mut layout = MachineLayout::msx2(rom(0x8000, 0), rom(0x4000, 0), None);
    layout.set_ram_kb(1024);
    let m = Memory::new(&layout).unwrap();
    assert_eq!(m.mapper_ram().unwrap().len(), 1024 * 1024);
}

#[test]
fn layout_errors() {
    let mut layout = MachineLayout::empty();
    layout.add(
        SlotId::sub(1, 0),
        SlotContent::Ram {
            base: 0,
            size: 0x4000,
        },
    );
    assert!(matches!(
        Memory::new(&layout),
        Err(MemoryError::Expansion {
            expanded: false,
            ..
        })
    ));

    let mut layout = MachineLayout::empty();
    layout.add(
        SlotId::primary(0),
        SlotContent::Rom {
            image: rom(0x8000, 1),
            base: 0,
        },
    );
    layout.add(
        SlotId::primary(0),
        SlotContent::Rom {
            image: rom(0x4000, 2),
            base: 0x4000,
        },
    );
    assert!(matches!(
        Memory::new(&layout),
        Err(MemoryError::Overlap { page: 1, .. })
    ));

    let mut layout = MachineLayout::empty();
    layout.add(
        SlotId::primary(0),
        SlotContent::Rom {
            image: rom(0x4000, 1),
            base: 0xE000,
        },
    );
    assert!(matches!(
        Memory::new(&layout),
        Err(MemoryError::RomPlacement { .. })
    ));

    let mut layout = MachineLayout::empty();
    layout.add(
        SlotId::primary(5),
        SlotContent::Ram {
            base: 0,
            size: 0x4000,
        },
    );
    assert!(matches!(Memory::new(&layout), Err(MemoryError::BadSlot(_))));
}

#[test]
fn two_roms_in_one_slot() {
    let mut layout =
        MachineLayout::cbios_msx2(rom(0x8000, 0x11), rom(0x4000, 0x22), rom(0x4000, 0x33));
    layout.set_ram_kb(64);
    let mut m = Memory::new(&layout).unwrap();
    assert_eq!(m.read(0x0000, 0), 0x11);
    assert_eq!(m.read(0x8000, 0), 0x33);
    assert_eq!(m.read(0xC000, 0), 0xFF);
    m.set_primary_slots(0xFF);
    m.write(0xFFFF, 0x00, 0); // 3-0 everywhere: SUB-ROM in page 0
    assert_eq!(m.read(0x0000, 0), 0x22);
}

fn cartridge(image: Vec<u8>, kind: Option<CartridgeKind>) -> Memory {
    let mut layout = MachineLayout::empty();
    layout.insert_cartridge(1, image, kind);
    let mut m = Memory::new(&layout).unwrap();
    m.set_primary_slots(0x55); // every page in slot 1
    m
}

#[test]
fn ascii8_banks() {
    let mut m = cartridge(blocks(16), Some(CartridgeKind::Ascii8));
    // Power-on: block 0 in the four banks, nothing in pages 0 and 3.
    for addr in [0x4000, 0x6000, 0x8000, 0xA000] {
        assert_eq!(m.read(addr, 0), 0);
    }
    assert_eq!(m.read(0x0000, 0), 0xFF);
    assert_eq!(m.read(0xC000, 0), 0xFF);
    m.write(0x6000, 3, 0); // bank 0x4000
    m.write(0x6800, 5, 0); // bank 0x6000
    m.write(0x77FF, 7, 0); // bank 0x8000 (any address of 0x7000–0x77FF)
    m.write(0x7800, 9, 0); // bank 0xA000
    assert_eq!(m.read(0x4000, 0), 3);
    assert_eq!(m.read(0x7FFF, 0), 5);
    assert_eq!(m.read(0x8000, 0), 7);
    assert_eq!(m.read(0xBFFF, 0), 9);
    // Block 17 of a 16-block ROM: masked with 15 → block 1.
    m.write(0x6000, 17, 0);
    assert_eq!(m.read(0x4000, 0), 1);
    let banks = m.cartridge(SlotId::primary(1)).unwrap().banks();
    assert_eq!(
        banks,
        [None, None, Some(1), Some(5), Some(7), Some(9), None, None]
    );
}

#[test]
fn ascii16_banks() {
    let mut m = cartridge(blocks(16), Some(CartridgeKind::Ascii16));
    assert_eq!(m.read(0x4000, 0), 0);
    assert_eq!(m.read(0x6000, 0), 1); // second half of 16 KB block 0
    m.write(0x7000, 3, 0); // 16 KB block 3 = 8 KB blocks 6, 7 at 0x8000
    assert_eq!(m.read(0x8000, 0), 6);
    assert_eq!(m.read(0xA000, 0), 7);
    m.write(0x6800, 2, 0); // not a register
    assert_eq!(m.read(0x4000, 0), 0);
    m.write(0x67FF, 2, 0);
    assert_eq!(m.read(0x4000, 0), 4);
    assert_eq!(m.read(0x0000, 0), 0xFF);
}

#[test]
fn konami_banks_and_mirrors() {
    let mut m = cartridge(blocks(16), Some(CartridgeKind::Konami));
    // Power-on 0,1,2,3; pages 1,2 mirrored in pages 0,3.
    assert_eq!(
        [
            m.read(0x4000, 0),
            m.read(0x6000, 0),
            m.read(0x8000, 0),
            m.read(0xA000, 0)
        ],
        [0, 1, 2, 3]
    );
    assert_eq!(
        [
            m.read(0x0000, 0),
            m.read(0x2000, 0),
            m.read(0xC000, 0),
            m.read(0xE000, 0)
        ],
        [0, 1, 2, 3]
    );
    m.write(0x4000, 5, 0); // 0x4000 is fixed
    assert_eq!(m.read(0x4000, 0), 0);
    m.write(0x6000, 7, 0);
    m.write(0xA123, 9, 0); // any address in the bank
    assert_eq!(m.read(0x6000, 0), 7);
    assert_eq!(m.read(0x2000, 0), 7);
    assert_eq!(m.read(0xA000, 0), 9);
    assert_eq!(m.read(0xE000, 0), 9);
    // Mask 31: block 20 of a 16-block ROM is past the end → 0xFF.
    m.write(0x8000, 20, 0);
    assert_eq!(m.read(0x8000, 0), 0xFF);
}

#[test]
fn konami_scc_banks_mirrors_and_scc() {
    let mut m = cartridge(blocks(16), Some(CartridgeKind::KonamiScc));
    m.write(0x5000, 4, 0);
    m.write(0x7000, 5, 0);
    m.write(0x9000, 6, 0);
    m.write(0xB7FF, 7, 0);
    assert_eq!(
        [
            m.read(0x4000, 0),
            m.read(0x6000, 0),
            m.read(0x8000, 0),
            m.read(0xA000, 0)
        ],
        [4, 5, 6, 7]
    );
    // Mirrors: pages 1 → 3, 2 → 0.
    assert_eq!(
        [
            m.read(0xC000, 0),
            m.read(0xE000, 0),
            m.read(0x0000, 0),
            m.read(0x2000, 0)
        ],
        [4, 5, 6, 7]
    );
    // 0x4000 is no register for this mapper.
    m.write(0x4000, 1, 0);
    assert_eq!(m.read(0x4000, 0), 4);
    // SCC hidden: 0x9800 is ROM.
    assert_eq!(m.read(0x9800, 0), 6);
    m.write(0x9000, 0x3F, 0); // bank 0x8000 = block 0x3F & 15 = 15, SCC on
    m.write(0x9800, 0x12, 0);
    m.write(0x9881, 0x0F, 0);
    assert_eq!(m.read(0x9800, 0), 0x12);
    assert_eq!(m.read(0x9880, 0), 0xFF);
    assert_eq!(m.read(0x8000, 0), 15);
    let scc = m.cartridge(SlotId::primary(1)).unwrap().scc().unwrap();
    assert_eq!(scc.wave[0][0], 0x12);
    assert_eq!(scc.freq[0], 0xF00);
    m.write(0x9000, 2, 0); // SCC off again
    assert_eq!(m.read(0x9800, 0), 2);
}

#[test]
fn plain_16k_mirrors_in_every_page() {
    let mut image = rom(0x4000, 0x5A);
    image[..4].copy_from_slice(&[b'A', b'B', 0x10, 0x40]);
    let mut m = cartridge(image, None);
    for page in 0..4u16 {
        assert_eq!(m.read(page * 0x4000, 0), b'A');
        assert_eq!(m.read(page * 0x4000 + 0x100, 0), 0x5A);
    }
}

#[test]
fn plain_32k_at_4000_mirrors_halves() {
    // Header at 0 with INIT 0x4010: base 0x4000. 0x0000 shows the second
    // half (offset 0x4000), 0xC000 the first half.
    let mut image = blocks(4);
    image[..4].copy_from_slice(&[b'A', b'B', 0x10, 0x40]);
    let mut m = cartridge(image, None);
    assert_eq!(m.read(0x4000, 0), b'A');
    assert_eq!(m.read(0x8000, 0), 2);
    assert_eq!(m.read(0x0000, 0), 2);
    assert_eq!(m.read(0xC000, 0), b'A');
    assert_eq!(m.read(0xE000, 0), 1);
}

#[test]
fn plain_rom_with_init_in_page_0_sits_at_0() {
    // INIT 0x0010 votes for page 0.
    let mut image = blocks(2);
    image[..4].copy_from_slice(&[b'A', b'B', 0x10, 0x00]);
    assert_eq!(msx_machine::memory::cartridge::guess_base(&image), 0x0000);
}

#[test]
fn basic_program_rom_goes_to_page_2_only() {
    let mut image = rom(0x4000, 0);
    // AB, INIT 0, TEXT 0x8010.
    image[..10].copy_from_slice(&[b'A', b'B', 0, 0, 0, 0, 0, 0, 0x10, 0x80]);
    assert_eq!(detect(&image), CartridgeKind::PlainAt(0x8000));
    let mut m = cartridge(image, None);
    assert_eq!(m.read(0x8000, 0), b'A');
    assert_eq!(m.read(0x4000, 0), 0xFF);
}

/// A 128 KB image with `n` copies of `LD (addr),A` for each address given.
fn with_writes(writes: &[(u16, usize)]) -> Vec<u8> {
    let mut image = vec![0u8; 0x20000];
    image[..2].copy_from_slice(b"AB");
    let mut at = 0x100;
    for &(addr, n) in writes {
        for _ in 0..n {
            let [lo, hi] = addr.to_le_bytes();
            image[at..at + 3].copy_from_slice(&[0x32, lo, hi]);
            at += 3;
        }
    }
    image
}

#[test]
fn detection_heuristic() {
    assert_eq!(
        detect(&with_writes(&[(0x5000, 3), (0x9000, 2)])),
        CartridgeKind::KonamiScc
    );
    assert_eq!(
        detect(&with_writes(&[(0x8000, 2), (0xA000, 2)])),
        CartridgeKind::Konami
    );
    // 0x6800 ×2 → ASCII8 2, minus 1 = 1; 0x6000 ×1 → Konami 1, ASCII8 +1 = 2
    // → ASCII8 2 − 1... : ASCII8 = 3 − 1 = 2, Konami 1, ASCII16 1 → ASCII8.
    assert_eq!(
        detect(&with_writes(&[(0x6800, 2), (0x6000, 1)])),
        CartridgeKind::Ascii8
    );
    // 0x6000 ×1, 0x7000 ×1, 0x77FF ×1: ASCII16 3, ASCII8 2 − 1 = 1.
    assert_eq!(
        detect(&with_writes(&[(0x6000, 1), (0x7000, 1), (0x77FF, 1)])),
        CartridgeKind::Ascii16
    );
    // A single 0x6000: Konami 1, ASCII8 0, ASCII16 1 → tie, Konami is later.
    assert_eq!(detect(&with_writes(&[(0x6000, 1)])), CartridgeKind::Konami);
    // Nothing: generic 8 KB.
    assert_eq!(detect(&with_writes(&[])), CartridgeKind::Generic8k);
    // Small ROMs are plain; a 64 KB ROM without "AB" is plain.
    assert_eq!(detect(&blocks(4)), CartridgeKind::Plain);
    assert_eq!(detect(&blocks(8)), CartridgeKind::Plain);
}

#[test]
fn kind_override_by_name() {
    assert_eq!(
        "ASCII8".parse::<CartridgeKind>().unwrap(),
        CartridgeKind::Ascii8
    );
    assert_eq!(
        "konami-scc".parse::<CartridgeKind>().unwrap(),
        CartridgeKind::KonamiScc
    );
    assert_eq!(
        "page2".parse::<CartridgeKind>().unwrap(),
        CartridgeKind::PlainAt(0x8000)
    );
    assert!("mega".parse::<CartridgeKind>().is_err());
    // Overriding the detected type.
    let mut m = cartridge(with_writes(&[(0x5000, 3)]), Some(CartridgeKind::Ascii16));
    assert_eq!(
        m.cartridge(SlotId::primary(1)).unwrap().kind(),
        CartridgeKind::Ascii16
    );
    assert_eq!(m.read(0x4000, 0), b'A');
}

#[test]
fn plain_rom_too_large_is_an_error() {
    let mut layout = MachineLayout::empty();
    layout.insert_cartridge(2, blocks(16), Some(CartridgeKind::Plain));
    assert!(matches!(
        Memory::new(&layout),
        Err(MemoryError::Cartridge { .. })
    ));
}

#[test]
fn slot_id_bytes() {
    assert_eq!(SlotId::primary(1).id_byte(), 0x01);
    assert_eq!(SlotId::sub(3, 0).id_byte(), 0x83);
    assert_eq!(SlotId::sub(3, 2).id_byte(), 0x8B);
    assert_eq!(SlotId::sub(3, 3).id_byte(), 0x8F);
    assert_eq!(SlotId::sub(3, 1).to_string(), "3-1");
}

#[test]
fn clone_is_a_save_state() {
    let mut m = msx2();
    m.set_primary_slots(0xFF);
    m.write(0xFFFF, 0xAA, 0);
    m.write(0xC000, 1, 0);
    let saved = m.clone();
    m.write(0xC000, 2, 0);
    m.write(0xFFFF, 0x00, 0);
    let mut restored = saved;
    assert_eq!(restored.read(0xC000, 0), 1);
    assert_eq!(restored.read(0xFFFF, 0), 0x55);
}

#[test]
fn reset_button_restores_power_on_selection_and_banks() {
    let mut layout = MachineLayout::msx2(rom(0x8000, 0xA1), rom(0x4000, 0xB2), None);
    layout.insert_cartridge(1, blocks(16), Some(CartridgeKind::Konami));
    let mut m = Memory::new(&layout).unwrap();
    m.set_primary_slots(0xFF);
    m.write(0xFFFF, 0xAA, 0);
    m.write_mapper_port(0xFF, 3);
    m.write(0xC000, 0x42, 0); // segment 3
    m.set_primary_slots(0x14); // cartridge in pages 1 and 2
    m.write(0x8000, 9, 0);
    assert_eq!(m.read(0x8000, 0), 9);
    m.reset();
    assert_eq!(m.primary_slots(), 0);
    assert_eq!(m.read(0x0000, 0), 0xA1);
    assert_eq!(m.read_mapper_port(0xFF), 0xF0);
    m.set_primary_slots(0x14);
    assert_eq!(m.read(0x8000, 0), 2); // Konami power-on bank
                                      // RAM survives a reset.
    assert_eq!(m.mapper_ram().unwrap()[3 * 0x4000], 0x42);
}
