//! COLOR=, COLOR=NEW/RESTORE and VDP(n), compiled and run on the emulated
//! MSX2 (free BIOS and SUB-ROM).
//!
//! Expected behaviour from the MSX2 Technical Handbook (chapter 2: "COLOR
//! =(palette, red, green, blue)": each level 0-7; "VDP(n)": n 0-7 are
//! R#0-7, 8 is S#0, 9-24 R#8-23, 33-47 R#32-46, -1 to -9 S#1-S#9) and the
//! V9938's palette format (port 9Ah: 0RRR0BBB then 00000GGG), which the
//! SUB-ROM's GETPLT (0149h) returns from its VRAM copy.

#[path = "compile_harness.rs"]
mod harness;

use harness::both_lines as run;

#[test]
fn color_equals_sets_a_palette_entry() {
    // The VDP's palette after the program (0GGG 0RRR 0BBB): entry 4 =
    // red 7, green 3, blue 5.
    let out = harness::build("10 SCREEN 0:COLOR=(4,7,3,5):COLOR=(0,0,0,0):END\n");
    let mut m = harness::boot(&out);
    harness::run_to_end(&out, &mut m, 3000);
    assert_eq!(m.vdp().palette()[4], 0x0375);
}

#[test]
fn color_new_gives_the_default_palette_back() {
    // MSX2 default palette entry 4 (dark blue): R1 G1 B7 (Handbook,
    // chapter 2, table of the initial palette).
    let out = harness::build("10 COLOR=(4,7,3,5):COLOR=NEW:END\n");
    let mut m = harness::boot(&out);
    harness::run_to_end(&out, &mut m, 3000);
    assert_eq!(m.vdp().palette()[4], 0x0117);
}

#[test]
fn palette_values_out_of_range_are_illegal() {
    for args in [
        "16,0,0,0",
        "0,8,0,0",
        "0,0,8,0",
        "0,0,0,8",
        "-1,0,0,0",
        "256,0,0,0",
    ] {
        assert_eq!(
            run(&format!("10 COLOR=({args})\n")),
            ["Illegal function call in 10"],
            "{args}"
        );
    }
}

#[test]
fn vdp_reads_and_writes_registers() {
    // VDP(n)=v writes R#n (n < 8) or R#(n-1) (n 9-24) and the BIOS keeps
    // a copy that VDP(n) reads back. In SCREEN 0 (TEXT1), R#7 holds the
    // text colour in its high nibble and the background in its low one
    // (V9938 manual, TEXT1 mode), so COLOR 15,4 gives F4h = 244. VDP(24)
    // is R#23, the vertical scroll.
    let got = run(concat!(
        "10 COLOR 15,4,7:PRINT VDP(7)\n",
        "20 VDP(24)=3:PRINT VDP(24):VDP(24)=0\n",
        "30 PRINT VDP(-2)>=0\n",
        "40 VDP(8)=0\n",
    ));
    assert_eq!(got, [" 244", " 3", "-1", "Illegal function call in 40"]);
}

#[test]
fn vdp_numbers_out_of_range_are_illegal() {
    for n in ["25", "-10", "48", "32"] {
        assert_eq!(
            run(&format!("10 VDP({n})=0\n")),
            ["Illegal function call in 10"],
            "{n}"
        );
    }
    assert_eq!(run("10 PRINT VDP(25)\n"), ["Illegal function call in 10"]);
}

#[test]
fn sprite_function_reads_a_pattern_back() {
    // SPRITE$(n) as a function (MSX2 Technical Handbook, chapter 2): the
    // pattern's 8 bytes (8x8 sprites) or 32 (16x16, SCREEN ,2); SPRITE$(n)=
    // pads a shorter string with CHR$(0).
    let got = run(concat!(
        "10 SCREEN 1:SPRITE$(3)=\"ABCDEFGH\":A$=SPRITE$(3)\n",
        "20 SCREEN 1,2:SPRITE$(1)=\"AB\":B$=SPRITE$(1)\n",
        "30 SCREEN 0:PRINT A$;LEN(A$)\n",
        "40 PRINT LEN(B$);ASC(MID$(B$,2));ASC(MID$(B$,3))\n",
    ));
    assert_eq!(got, ["ABCDEFGH 8", " 32  66  0"]);
}

#[test]
fn screen_takes_key_click_baud_printer_and_interlace() {
    // SCREEN mode, sprite size, key click, baud rate, printer, interlace
    // (MSX2 Technical Handbook, chapter 2): key click 0 is CLIKSW 0;
    // interlace mode 3 sets R#9 bits 3 (interlace) and 2 (even/odd
    // alternately), which VDP(10) (R#9) shows.
    let got = run(concat!(
        "10 SCREEN 0,0,0,1,0,3:PRINT PEEK(&HF3DB);VDP(10) AND 12\n",
        "20 SCREEN ,,1,,,0:PRINT PEEK(&HF3DB)<>0;VDP(10) AND 12\n",
        "30 SCREEN ,,,3\n",
    ));
    assert_eq!(got, [" 0  12", "-1  0", "Illegal function call in 30"]);
}

#[test]
fn key_list_shows_the_function_keys() {
    // KEY LIST (ROM C786C): ten lines of 16 characters, control
    // characters (here the CHR$(13) of key 2) shown as blanks.
    let got = run("10 KEY 1,\"HELLO\":KEY 2,\"RUN\"+CHR$(13)+\"X\":KEY LIST\n");
    assert_eq!(got.len(), 10, "{got:?}");
    assert_eq!(got[0], "HELLO");
    assert_eq!(got[1], "RUN X");
    // The others keep MSX's defaults (Handbook chapter 2, KEY), which the
    // BIOS's INIFNK sets at power-on: F9's two cursor-ups and F10's CLS are
    // control characters too.
    assert_eq!(
        got[2..],
        [
            "goto",
            "list",
            "run",
            "color 15,4,4",
            "cload\"",
            "cont",
            "list.",
            " run"
        ]
    );
}

#[test]
fn set_page_chooses_the_pages_shown_and_drawn() {
    // SET PAGE display,active (MSX2 Technical Handbook, chapter 2): in
    // SCREEN 5, page 1 shown is R#2 = 3Fh (name table at 8000h), DPPAGE
    // and ACPAGE (FAF5h, FAF6h) keep the pages; a PSET goes to the active
    // page (page 2: VRAM 10000h on). Pages 0-3; SCREEN 8 has 0-1.
    let out = harness::build(concat!(
        "10 SCREEN 5:SET PAGE 1,2:PSET (0,0),7\n",
        "20 D=PEEK(&HFAF5):A=PEEK(&HFAF6):R=VDP(2)\n",
        "30 SCREEN 0:PRINT D;A;R\n",
    ));
    let mut m = harness::boot(&out);
    harness::run_to_end(&out, &mut m, 3000);
    let s = harness::screen(&m);
    assert!(s.contains(" 1  2  63"), "{s}");
    assert_eq!(m.vdp().vram()[0x10000] >> 4, 7);
    assert_eq!(
        run("10 SCREEN 8:SET PAGE ,2\n"),
        ["Illegal function call in 10"]
    );
    assert_eq!(run("10 SET PAGE 1\n"), ["Illegal function call in 10"]);
}

#[test]
fn pad_and_pdl_read_the_bios_and_check_their_numbers() {
    // PAD(n), n 0-19, and PDL(n), n 1-12 (MSX2 Technical Handbook,
    // chapter 2); the machine has neither pad nor paddle, so the BIOS
    // (GTPAD, GTPDL) gives 0.
    assert_eq!(run("10 PRINT PAD(0);PAD(13);PDL(1)\n"), [" 0  0  0"]);
    for e in ["PAD(20)", "PDL(0)", "PDL(13)"] {
        assert_eq!(
            run(&format!("10 PRINT {e}\n")),
            ["Illegal function call in 10"],
            "{e}"
        );
    }
}

#[test]
fn pad_reads_the_mouse_signed() {
    // A key script with mouse commands plugs the mouse into port 1: moved 7
    // left and 20 down, left button held. PAD(12) reads it (-1), PAD(13) and
    // PAD(14) are the movement, -128 to 127 (msx.org wiki, PAD()); STRIG(1)
    // is the left button, STRIG(3) the right.
    let lines = harness::run_lines_keys(
        "10 PRINT PAD(12);PAD(13);PAD(14);STRIG(1);STRIG(3)\n",
        "mouse -7 +20 mouse left down",
    );
    assert_eq!(lines, ["-1 -7  20 -1  0"]);
}
