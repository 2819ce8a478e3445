//! BIOS entries called by test cartridges on the default machine (free main
//! ROM, SUB-ROM and disk ROM): the results are read in VRAM, in the VDP and in
//! RAM. Expected values come from the BIOS contract, not from the BIOS.

mod support;

use support::*;

/// Where the programs stop for the test to look: `call MARK` with the step
/// number in A. Placed at a fixed address so the test can break on it.
const MARK: u16 = 0x7F00;
const MARK_SRC: &str = "
        org 7F00h
mark:   ret
";

fn line(m: &msx_machine::machine::Machine, row: usize) -> String {
    m.text_screen().expect("text mode").line(row)
}

#[test]
fn chput_control_codes_and_esc_sequences() {
    let cart = cartridge(&format!(
        "
        ld hl,text
        call print
        call mark
        jr $
text:   db 0Ch                          ; CLS, cursor home
        db 'ABC',08h,'X'                ; BS: X replaces C
        db 0Dh,0Ah,'LINE2'
        db 1Bh,'Y',32+5,32+10,'Z'       ; ESC Y row 5 column 10
        db 1Bh,'Y',32+7,32+0,'KEEP-ERASE'
        db 1Bh,'Y',32+7,32+4,1Bh,'K'    ; ESC K: clear to the end of the line
        db 1Bh,'Y',32+9,32+3,'W',1Ch,1Ch,'R'   ; 1Ch: cursor right
        db 0
{PRINT}
{MARK_SRC}"
    ));
    let mut m = machine_with_cartridge(cart);
    run_to_pc(&mut m, MARK, 1200);
    assert_eq!(line(&m, 0).trim(), "ABX");
    assert_eq!(line(&m, 1).trim(), "LINE2");
    let row5 = line(&m, 5);
    let a = line(&m, 0).find('A').unwrap();
    assert_eq!(row5.find('Z'), Some(a + 10), "{row5:?}");
    assert_eq!(line(&m, 7).trim(), "KEEP");
    assert_eq!(line(&m, 9).trim(), "W  R");
}

#[test]
fn chput_scrolls_at_the_bottom() {
    // 30 numbered lines on a 24-line screen: the first six scroll away.
    let cart = cartridge(&format!(
        "
        ld a,0Ch
        call CHPUT
        ld b,0
next:   ld a,b
        cp 30
        jr z,done
        or a
        jr z,first
        ld a,0Dh
        call CHPUT
        ld a,0Ah
        call CHPUT
first:  ld a,'L'
        call CHPUT
        ld a,b
        ld c,'0'-1
tens:   inc c
        sub 10
        jr nc,tens
        add a,'0'+10
        push af
        ld a,c
        call CHPUT
        pop af
        call CHPUT
        inc b
        jr next
done:   call mark
        jr $
{MARK_SRC}"
    ));
    let mut m = machine_with_cartridge(cart);
    run_to_pc(&mut m, MARK, 1200);
    let rows = m.text_screen().unwrap().rows;
    assert_eq!(rows, 24);
    for row in 0..24 {
        assert_eq!(
            line(&m, row).trim(),
            format!("L{:02}", row + 6),
            "row {row}"
        );
    }
}

#[test]
fn posit_places_the_cursor() {
    // POSIT: H = column, L = row, both from 1 (LOCATE x,y is POSIT x+1,y+1).
    let cart = cartridge(&format!(
        "
        ld a,0Ch
        call CHPUT
        ld hl,0104h
        call POSIT
        ld a,'A'
        call CHPUT
        ld hl,0B04h
        call POSIT
        ld a,'B'
        call CHPUT
        ld hl,1E16h
        call POSIT
        ld a,'C'
        call CHPUT
        call mark
        jr $
{MARK_SRC}"
    ));
    let mut m = machine_with_cartridge(cart);
    run_to_pc(&mut m, MARK, 1200);
    let row3 = line(&m, 3);
    let a = row3.find('A').expect("A on row 3");
    assert_eq!(row3.find('B'), Some(a + 10));
    assert_eq!(line(&m, 21).find('C'), Some(a + 29));
    // The BIOS keeps the cursor in CSRY/CSRX (1-based): after 'C', column 31.
    assert_eq!((m.peek(0xF3DC), m.peek(0xF3DD)), (22, 31));
}

/// TTYPOS (F661h), BASIC's print column: after each CHPUT in a text mode the
/// original BIOS stores CSRX - 1 there (MSX2 main ROM 0930h-0934h); in a
/// graphic mode CHPUT returns before, so TTYPOS stays. C-BIOS stores CSRX
/// (1-based): the values below are the original's.
#[test]
fn chput_keeps_ttypos_the_zero_based_column() {
    let cart = cartridge(&format!(
        "
TTYPOS  equ 0F661h
        ld a,0Ch
        call CHPUT
        ld a,(TTYPOS)
        ld (0E000h),a           ; after CLS: column 0
        ld a,'A'
        call CHPUT
        ld a,'B'
        call CHPUT
        ld a,'C'
        call CHPUT
        ld a,(TTYPOS)
        ld (0E001h),a           ; after ABC: 3
        ld a,09h
        call CHPUT
        ld a,(TTYPOS)
        ld (0E002h),a           ; TAB to column 8
        ld a,0Dh
        call CHPUT
        ld a,(TTYPOS)
        ld (0E003h),a           ; RETURN: 0
        ld hl,0A05h             ; POSIT to column 10: TTYPOS is not CHPUT's
        call POSIT
        ld a,(TTYPOS)
        ld (0E004h),a
        ld a,'X'
        call CHPUT
        ld a,(TTYPOS)
        ld (0E005h),a           ; X at column 10: 10
        ld a,2
        call CHGMOD
        ld a,'Y'
        call CHPUT
        ld a,(TTYPOS)
        ld (0E006h),a           ; graphic mode: unchanged
        call mark
        jr $
{MARK_SRC}"
    ));
    let mut m = machine_with_cartridge(cart);
    run_to_pc(&mut m, MARK, 1200);
    assert_eq!(m.peek_range(0xE000, 7), [0, 3, 8, 0, 0, 10, 10]);
}

/// A cartridge that calls CHGMOD with A = 0..8 in turn, stopping at `mark`
/// after each mode change.
fn chgmod_cycle_cartridge() -> Vec<u8> {
    cartridge(&format!(
        "
        xor a
again:  push af
        call CHGMOD
        pop af
        push af
        call mark
        pop af
        inc a
        cp 9
        jr nz,again
        jr $
{MARK_SRC}"
    ))
}

/// CHGMOD 0-8: the VDP's mode bits (M1-M5 in R#0/R#1) and SCRMOD.
#[test]
fn chgmod_sets_every_screen_mode() {
    let mut m = machine_with_cartridge(chgmod_cycle_cartridge());
    // (R#0 & 0Eh, R#1 & 18h): TEXT1, G1, G2, MC, G3, G4, G5, G6, G7.
    let expected: [(u8, u8); 9] = [
        (0x00, 0x10),
        (0x00, 0x00),
        (0x02, 0x00),
        (0x00, 0x08),
        (0x04, 0x00),
        (0x06, 0x00),
        (0x08, 0x00),
        (0x0A, 0x00),
        (0x0E, 0x00),
    ];
    for (mode, (r0, r1)) in expected.iter().enumerate() {
        run_to_pc(&mut m, MARK, 1200);
        let vdp = m.vdp();
        assert_eq!(
            (vdp.register(0) & 0x0E, vdp.register(1) & 0x18),
            (*r0, *r1),
            "SCREEN {mode}"
        );
        assert_eq!(m.peek(0xFCAF), mode as u8, "SCRMOD after SCREEN {mode}");
        assert!(vdp.register(1) & 0x40 != 0, "SCREEN {mode}: display on");
        m.step_instruction();
    }
}

/// SUB-ROM SETPLT, then NVBXFL (a filled box) in SCREEN 5.
#[test]
fn palette_and_filled_box_in_screen_5() {
    let cart = cartridge(&format!(
        "
        ld a,5
        call CHGMOD
        ld d,3                  ; colour 3 = R 7, G 2, B 5
        ld a,75h                ; 0RRR0BBB
        ld e,02h                ; 00000GGG
        ld ix,014Dh             ; SETPLT
        call EXTROM
        ld hl,ATRBYT
        ld (hl),3
        ld hl,LOGOPR
        ld (hl),0
        ld bc,10                ; x1
        ld de,20                ; y1
        ld hl,19
        ld (GXPOS),hl           ; x2
        ld hl,24
        ld (GYPOS),hl           ; y2
        ld ix,00CDh             ; NVBXFL
        call EXTROM
        call mark
        jr $
ATRBYT  equ 0F3F2h
LOGOPR  equ 0FB02h
GXPOS   equ 0FCB3h
GYPOS   equ 0FCB5h
{MARK_SRC}"
    ));
    let mut m = machine_with_cartridge(cart);
    run_to_pc(&mut m, MARK, 1200);
    // The VDP keeps an entry as 0GGG_0RRR_0BBB.
    let pal = m.vdp().palette()[3];
    assert_eq!(
        (pal >> 4 & 7, pal >> 8 & 7, pal & 7),
        (7, 2, 5),
        "{pal:04X}"
    );
    // Wait for the command engine, then look at page 0 (128 bytes a line,
    // two dots a byte).
    for _ in 0..10 {
        if !m.vdp().command_busy() {
            break;
        }
        m.run_frame();
    }
    let vram = m.vram();
    let dot = |x: usize, y: usize| {
        let b = vram[y * 128 + x / 2];
        if x.is_multiple_of(2) {
            b >> 4
        } else {
            b & 15
        }
    };
    // CHGMOD cleared the page with the background colour (BAKCLR).
    let back = m.peek(0xF3EA);
    assert_eq!(back, 4, "default background");
    for y in 18..27 {
        for x in 8..22 {
            let inside = (10..=19).contains(&x) && (20..=24).contains(&y);
            assert_eq!(dot(x, y), if inside { 3 } else { back }, "dot {x},{y}");
        }
    }
}

/// A PAL main ROM (ID byte 002Bh bit 7) keeps R#9 NT set through every mode
/// change, so frames stay 313 lines; the NTSC ROM keeps it clear.
#[test]
fn id_byte_frame_rate_survives_every_screen_mode() {
    for (pal, rom) in [
        (false, msx_bios::main_rom().to_vec()),
        (true, msx_bios::main_rom_pal()),
    ] {
        assert_eq!(rom[msx_bios::ID_BYTE_0] & 0x80 != 0, pal);
        let cart = chgmod_cycle_cartridge();
        let mut layout = msx_machine::memory::MachineLayout::msx2(
            rom,
            msx_bios::sub_rom().to_vec(),
            Some(msx_bios::disk_rom().to_vec()),
        );
        layout.insert_cartridge(1, cart, None);
        let mut m =
            msx_machine::machine::Machine::new(msx_machine::machine::MachineConfig::new(layout))
                .expect("machine");
        for mode in 0..9 {
            run_to_pc(&mut m, MARK, 1200);
            assert_eq!(
                m.vdp().register(9) & 0x02 != 0,
                pal,
                "R#9 NT after SCREEN {mode} (pal = {pal})"
            );
            m.step_instruction();
        }
        // 228 T-states a line: 313 lines a frame in PAL, 262 in NTSC.
        m.run_frame();
        let start = m.cpu().cycles();
        m.run_frames(10);
        let per_frame = (m.cpu().cycles() - start) / 10;
        let lines = if pal { 313 } else { 262 };
        assert!(
            per_frame.abs_diff(228 * lines) < 228,
            "{per_frame} T-states a frame, pal = {pal}"
        );
    }
}
