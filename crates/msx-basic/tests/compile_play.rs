//! PLAY and PLAY(n), compiled and run on the emulated MSX2 (free BIOS):
//! the PSG's registers and the notes' lengths in interrupts.
//!
//! Expected values from the MSX-BASIC ROM source reconstruction
//! (apoloval/msx-system, base200/basic2.asm): the octave 1 tone periods
//! I756E (C D5Dh … A 7F2h … B 714h) shifted right octave-1 times and
//! rounded by the last bit out (J767B/J7687); a note lasts 14400 / (L * T)
//! interrupts at 60 Hz (I7754, C2F8A truncates), each dot adds half of the
//! last addition (J76C8), at least 5 (J76E3); defaults O4 L4 T120 V8; R
//! without a number is R4 (C75FC); N36 is O4C (C7621). The emulated MSX2
//! runs at 60 Hz.

#[path = "compile_harness.rs"]
mod harness;

fn psg(m: &msx_machine::machine::Machine, reg: u8) -> u8 {
    m.psg().read_register(reg)
}

#[test]
fn notes_set_the_tone_periods_and_volumes_of_the_three_channels() {
    // A4: 7F2h >> 3 = FEh (the last bit out is 0); C5: D5Dh >> 4 = D5h + 1
    // = D6h; N36 = C4: D5Dh >> 3 = 1ABh + 1 = 1ACh. Volume V8 by default;
    // channel C at V15. The program ends; the music goes on in the
    // background (as after END on MSX) and stops after 30 interrupts;
    // then the program hands over to MSX-BASIC's prompt (endrom.asm: its
    // queues go with it, so it lets them play out first).
    let out = harness::build("10 PLAY \"O4A\",\"O5C\",\"V15N36\"\n");
    let mut m = harness::boot(&out);
    harness::run_to_exit(&out, &mut m, 3000);
    m.run_frames(3);
    let regs: Vec<u8> = (0..=10).map(|r| psg(&m, r)).collect();
    assert_eq!(
        regs,
        [
            0xFE,
            0x00,
            0xD6,
            0x00,
            0xAC,
            0x01,
            psg(&m, 6),
            psg(&m, 7),
            8,
            8,
            15
        ]
    );
    m.run_frames(40);
    assert_eq!([psg(&m, 8), psg(&m, 9), psg(&m, 10)], [0, 0, 0]);
    let s = harness::screen(&m);
    assert_eq!(s.lines().next().map(str::trim), Some("Ok"), "{s}");
}

/// The screen's numbers after `src` (each PRINTed with `;`).
fn numbers(src: &str) -> Vec<i32> {
    let s = harness::run(&format!("1 SCREEN 0:WIDTH 40\n{src}"));
    s.lines()
        .filter(|l| *l != "Ok")
        .flat_map(|l| l.split_whitespace().map(|w| w.parse::<i32>().unwrap()))
        .collect()
}

#[test]
fn lengths_tempo_dots_and_rests() {
    // TIME is read right after PLAY returns; the note starts at the next
    // interrupt and PLAY(1) is 0 from the interrupt that ends it: N or N+1
    // interrupts. Channel settings stay from one PLAY to the next.
    let got = numbers(concat!(
        "10 FOR I=1 TO 6:READ A$:PLAY A$:T=TIME\n",
        "20 IF PLAY(1) THEN 20\n",
        "30 PRINT TIME-T;:NEXT\n",
        "40 DATA \"C\",\"L4C.\",\"L8C..\",\"T255L64C\",\"R\",\"T60L2N0\"\n",
    ));
    // 14400/(4*120) = 30; dotted 30+15; L8 is 15 and each dot adds half
    // of the last addition with the bit shifted out (J76C8: SRL D, RR E,
    // ADC HL,DE): 15+7+1 = 23, then 7/2 = 3 carry 1: 27; T255 L64 is 0,
    // raised to 5; R is R4 whatever L is: 14400/(4*255) = 14; T60 L2 N0 (a
    // rest of length L): 120.
    let expected = [30, 45, 27, 5, 14, 120];
    assert_eq!(got.len(), expected.len(), "{got:?}");
    for (g, e) in got.iter().zip(expected) {
        assert!(*g == e || *g == e + 1, "{got:?} vs {expected:?}");
    }
}

#[test]
fn a_long_string_waits_for_room_in_the_queue() {
    // 21 notes of 5 interrupts (more than a queue holds): PLAY waits and
    // the music plays on; PLAY(0) is -1 while any channel plays.
    let got = numbers(concat!(
        "10 PLAY \"T255L64CDEFGABCDEFGABCDEFGAB\":P=PLAY(0):T=TIME\n",
        "20 IF PLAY(0) THEN 20\n",
        "30 PRINT P;PLAY(0);PLAY(1);PLAY(2)\n",
    ));
    assert_eq!(got, [-1, 0, 0, 0]);
}

#[test]
fn bad_mml_is_an_illegal_function_call() {
    // (`XA$;` in a constant string is A$'s text: parse::macros.)
    for mml in ["O9C", "V16", "L65C", "T31", "H", "S16", "N97"] {
        let s = harness::run(&format!("10 PLAY \"{mml}\"\n"));
        assert!(s.contains("Illegal function call in 10"), "{mml}: {s}");
    }
    let s = harness::run("10 PRINT PLAY(4)\n");
    assert!(s.contains("Illegal function call in 10"), "{s}");
}

#[test]
fn ctrl_stop_empties_the_queues_and_silences_the_psg() {
    // 22 whole notes at T120 (120 interrupts each; a queue holds 16): PLAY
    // waits for room for 6 notes x 2 s. CTRL+STOP (as the ROM's STOP check,
    // ISCNTC C04F0 → GICINI C089E) empties the queues and silences the PSG;
    // the waiting PLAY drops the rest of its string, so it ends long before
    // the 12 s; a later PLAY plays again.
    let out = harness::build(concat!(
        "1 SCREEN 0:WIDTH 40\n",
        "10 TIME=0:PLAY \"L1CDEFGABCDEFGABCDEFGAB\":T=TIME\n",
        "20 PRINT PLAY(0);T<600;:PLAY \"L64C\":PRINT PLAY(0)\n",
    ));
    let mut m = harness::boot(&out);
    let script = msx_machine::machine::KeyScript::parse("at 400 press CTRL+STOP for 6\n").unwrap();
    m.schedule_script(&script);
    // Right after the key: the volumes are 0 and nothing is queued.
    m.run_frames(420);
    assert_eq!([psg(&m, 8), psg(&m, 9), psg(&m, 10)], [0, 0, 0]);
    // The program ends (after its L64C) at MSX-BASIC's prompt.
    harness::run_until_text(&mut m, "Ok", 3000);
    let s = harness::screen(&m);
    assert_eq!(
        s.lines().next().map(|l| l.trim_end()),
        Some(" 0 -1 -1"),
        "{s}"
    );
}

/// Music plays on (its H.TIMI handler in page 1) while a BDOS call has
/// the disk ROM in page 1: the hook reaches the handler by an inter-slot
/// call, so the file statement ends as on MSX and the disk is untouched.
/// (With a JP in the hook the interrupt ran the disk ROM's code at the
/// handler's address: the program hung, and the disk could be written.)
#[test]
fn music_plays_on_through_file_statements() {
    let music = "10 PLAY \"T90L8O6EO5EGBO6EF+G2.\",\"T90O4B2R8O6D8E2.\",\"T90O4E2D4C2.\"\n";
    let data: &[u8] = b"12,34\r\n";
    for (statement, want) in [
        ("20 OPEN \"NONE\" FOR INPUT AS #1\n", "File not found in 20"),
        ("20 BLOAD \"NONE.SC8\",S\n", "File not found in 20"),
        (
            "20 OPEN \"D.TXT\" FOR INPUT AS #1:INPUT #1,A,B:PRINT A+B:END\n",
            " 46",
        ),
    ] {
        let src = format!("{music}{statement}");
        let (lines, disk) = harness::run_disk_with(&src, &[("D.TXT", data)]);
        assert_eq!(lines.last().map(String::as_str), Some(want), "{src}");
        assert_eq!(disk.read_file("D.TXT").unwrap(), data);
    }
}
