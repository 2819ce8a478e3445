//! PPI 8255 and keyboard matrix, from `msx-hardware.md` §5.

use msx_machine::ppi::{chord_for_char, Chord, Key, Ppi};

/// The BIOS's PPI set-up: mode word 0x82 (A out, B in, C out).
fn bios_ppi() -> Ppi {
    let mut ppi = Ppi::new();
    ppi.write(3, 0x82);
    ppi
}

#[test]
fn slot_register_reads_back() {
    let mut ppi = bios_ppi();
    ppi.write(0, 0xF0);
    assert_eq!(ppi.read(0), 0xF0);
    assert_eq!(ppi.slot_select(), 0xF0);
    // Mirrors: 0xAC behaves as 0xA8.
    ppi.write(0xAC, 0x5A);
    assert_eq!(ppi.read(0xA8), 0x5A);
}

#[test]
fn reset_state_is_all_input() {
    let ppi = Ppi::new();
    assert_eq!(ppi.slot_select(), 0);
    assert_eq!(ppi.read(0), 0);
    assert_eq!(ppi.read(2), 0xFF);
    // Row 15 (port C floating high) has no keys.
    assert_eq!(ppi.read(1), 0xFF);
}

#[test]
fn keyboard_rows_read_zero_for_keys_down() {
    let mut ppi = bios_ppi();
    ppi.press(Key::Space); // row 8 bit 0
    ppi.press(Key::Right); // row 8 bit 7
    ppi.write(2, 0x58); // row 8, other bits arbitrary
    assert_eq!(ppi.read(1), 0b0111_1110);
    ppi.write(2, 0x07); // row 7
    assert_eq!(ppi.read(1), 0xFF);
    ppi.press(Key::Return); // row 7 bit 7
    ppi.press(Key::Stop); // row 7 bit 4
    assert_eq!(ppi.read(1), 0b0110_1111);
    ppi.release(Key::Return);
    assert_eq!(ppi.read(1), 0b1110_1111);
    // Row 11: no keys.
    ppi.write(2, 0x0B);
    assert_eq!(ppi.read(1), 0xFF);
}

#[test]
fn matrix_positions() {
    // Spot checks of the §5.2 table.
    assert_eq!(Key::Digit7.position(), (0, 7));
    assert_eq!(Key::Semicolon.position(), (1, 7));
    assert_eq!(Key::A.position(), (2, 6));
    assert_eq!(Key::B.position(), (2, 7));
    assert_eq!(Key::C.position(), (3, 0));
    assert_eq!(Key::R.position(), (4, 7));
    assert_eq!(Key::Z.position(), (5, 7));
    assert_eq!(Key::Code.position(), (6, 4));
    assert_eq!(Key::F3.position(), (6, 7));
    assert_eq!(Key::Stop.position(), (7, 4));
    assert_eq!(Key::Up.position(), (8, 5));
    assert_eq!(Key::Pad0.position(), (9, 3));
    assert_eq!(Key::PadPeriod.position(), (10, 7));
    // Every position is used exactly once: 11 rows × 8.
    let mut seen = [[false; 8]; 11];
    for key in Key::ALL {
        let (r, b) = key.position();
        assert!(!seen[r as usize][b as usize], "{key} twice");
        seen[r as usize][b as usize] = true;
    }
    assert_eq!(Key::ALL.len(), 88);
}

#[test]
fn port_c_bits_and_bit_set_reset() {
    let mut ppi = bios_ppi();
    ppi.write(2, 0x50); // motor off (bit 4 = 1), CAPS on (bit 6 = 1 → off?)
    assert!(!ppi.cassette_motor());
    assert!(!ppi.caps_led()); // bit 6 = 1: LED off
    assert!(!ppi.click());
    // 0x0F = 0000 1111: bit number 7, set.
    ppi.write(3, 0x0F);
    assert!(ppi.click());
    assert_eq!(ppi.read(2), 0xD0);
    // 0x0E: clear bit 7.
    ppi.write(3, 0x0E);
    assert!(!ppi.click());
    // 0x0C: clear bit 6 → CAPS LED on.
    ppi.write(3, 0x0C);
    assert!(ppi.caps_led());
    // 0x09: set bit 4 (already set); 0x08: clear bit 4 → motor on.
    ppi.write(3, 0x08);
    assert!(ppi.cassette_motor());
    assert_eq!(ppi.read(2), 0x00);
}

#[test]
fn key_names() {
    assert_eq!("space".parse::<Key>().unwrap(), Key::Space);
    assert_eq!("F1".parse::<Key>().unwrap(), Key::F1);
    assert_eq!("enter".parse::<Key>().unwrap(), Key::Return);
    assert_eq!("7".parse::<Key>().unwrap(), Key::Digit7);
    assert_eq!("num5".parse::<Key>().unwrap(), Key::Pad5);
    assert!("WINDOWS".parse::<Key>().is_err());
    for key in Key::ALL {
        assert_eq!(key.name().parse::<Key>().unwrap(), *key);
    }
}

#[test]
fn characters_to_chords() {
    let c = |key, shift| Some(Chord { key, shift });
    assert_eq!(chord_for_char('a'), c(Key::A, false));
    assert_eq!(chord_for_char('B'), c(Key::B, true));
    assert_eq!(chord_for_char('7'), c(Key::Digit7, false));
    assert_eq!(chord_for_char('&'), c(Key::Digit7, true));
    assert_eq!(chord_for_char(')'), c(Key::Digit0, true));
    assert_eq!(chord_for_char('"'), c(Key::Quote, true));
    assert_eq!(chord_for_char(':'), c(Key::Semicolon, true));
    assert_eq!(chord_for_char('?'), c(Key::Slash, true));
    assert_eq!(chord_for_char('+'), c(Key::Equals, true));
    assert_eq!(chord_for_char(' '), c(Key::Space, false));
    assert_eq!(chord_for_char('\n'), c(Key::Return, false));
    assert_eq!(chord_for_char('é'), None);
}

#[test]
fn typing_a_chord_holds_shift() {
    let mut ppi = bios_ppi();
    let chord = chord_for_char('"').unwrap();
    ppi.keyboard_mut().press_chord(chord);
    ppi.write(2, 6);
    assert_eq!(ppi.read(1), 0xFE); // SHIFT, row 6 bit 0
    ppi.write(2, 2);
    assert_eq!(ppi.read(1), 0xFE); // QUOTE, row 2 bit 0
    ppi.keyboard_mut().release_chord(chord);
    assert_eq!(ppi.read(1), 0xFF);
}

#[test]
fn reset_makes_ports_inputs_and_keeps_keys() {
    let mut ppi = bios_ppi();
    ppi.write(0, 0xF0);
    ppi.press(Key::Space);
    ppi.reset();
    assert_eq!(ppi.slot_select(), 0);
    assert_eq!(ppi.read(3), 0x9B);
    assert!(ppi.keyboard().is_pressed(Key::Space));
}
