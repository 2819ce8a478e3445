//! USR, DEF USR, VARPTR and VARPTR(#n), compiled and run on the emulated
//! MSX2 with the free BIOS and disk ROM. The machine code is written here
//! by hand (opcodes from the Z80 manual) and POKEd into an integer array
//! found with VARPTR, as MSX programs do. The USR convention is the ROM's
//! (J4FD5) and the MSX2 Technical Handbook's (chapter 2, 4.2): A = VALTYP,
//! HL = DAC (F7F6h), an integer at DAC+2, DE = a string's descriptor; the
//! result read back from DAC by VALTYP.

#[path = "compile_harness.rs"]
mod harness;

use harness::{boot, boot_com, build, build_com, run_lines, run_to_end, run_until_text, screen};
use msx_disk::Disk;

/// `DATA` lines holding `bytes` in decimal, from line `first` on.
fn data(first: u32, bytes: &[u8]) -> String {
    bytes
        .chunks(12)
        .enumerate()
        .map(|(i, c)| {
            let items: Vec<String> = c.iter().map(|b| b.to_string()).collect();
            format!("{} DATA {}\n", first + i as u32, items.join(","))
        })
        .collect()
}

#[test]
fn usr_passes_the_argument_in_dac_and_reads_the_result_back() {
    let routines: &[&[u8]] = &[
        // USR0: ld hl,(0F7F8h): add hl,hl: ld (0F7F8h),hl: ret (doubles an integer)
        &[0x2A, 0xF8, 0xF7, 0x29, 0x22, 0xF8, 0xF7, 0xC9],
        // USR2: ld (0F7F8h),hl: ret (the integer is HL, DAC's address)
        &[0x22, 0xF8, 0xF7, 0xC9],
        // USR3: ld l,a: ld h,0: ld (0F7F8h),hl: ld a,2: ld (0F663h),a: ret
        // (the VALTYP it was given, as an integer)
        &[
            0x6F, 0x26, 0x00, 0x22, 0xF8, 0xF7, 0x3E, 0x02, 0x32, 0x63, 0xF6, 0xC9,
        ],
        // USR4: each character of the string DE describes plus one:
        // ex de,hl: ld b,(hl): inc hl: ld e,(hl): inc hl: ld d,(hl)
        // l: ld a,(de): inc a: ld (de),a: inc de: djnz l: ret
        &[
            0xEB, 0x46, 0x23, 0x5E, 0x23, 0x56, 0x1A, 0x3C, 0x12, 0x13, 0x10, 0xFA, 0xC9,
        ],
        // USR5: a single 1.5 (41h 15h 00h 00h) with VALTYP 4:
        // ld a,4: ld (0F663h),a: ld hl,1541h: ld (0F7F6h),hl: ld hl,0:
        // ld (0F7F8h),hl: ret
        &[
            0x3E, 0x04, 0x32, 0x63, 0xF6, 0x21, 0x41, 0x15, 0x22, 0xF6, 0xF7, 0x21, 0x00, 0x00,
            0x22, 0xF8, 0xF7, 0xC9,
        ],
    ];
    let code: Vec<u8> = routines.concat();
    let src = format!(
        "10 DIM M%(30):A=VARPTR(M%(0))\n\
         20 FOR I=0 TO {}:READ B:POKE A+I,B:NEXT\n\
         30 DEF USR=A:DEF USR2=A+8:DEF USR3=A+12:DEF USR4=A+24:DEF USR5=A+37\n\
         40 PRINT USR(21);USR0(-50)\n\
         50 PRINT USR2(0)\n\
         60 PRINT USR3(7);USR3(1.5);USR3(1.5#);USR3(A%)\n\
         70 B$=\"HAL\"+\"\":C$=USR4(B$):PRINT C$;\" \";B$;\" \";USR4(\"ABC\"+\"D\")\n\
         80 PRINT USR5(0);USR5(1)*2\n\
         90 PRINT USR1(0)\n\
         {}",
        code.len() - 1,
        data(1000, &code)
    );
    let lines = run_lines(&src);
    assert_eq!(
        lines,
        [
            " 42 -100",
            // HL = F7F6h, as an integer.
            "-2058",
            " 2  4  8  2",
            "IBM IBM BCDE",
            " 1.5  3",
            "Illegal function call in 90",
        ],
        "{lines:?}"
    );
}

#[test]
fn usr_of_a_string_that_returns_a_number_is_type_mismatch() {
    // USR3 (as above) leaves an integer: the compiled USR of a string
    // argument is a string.
    let code = [
        0x6F, 0x26, 0x00, 0x22, 0xF8, 0xF7, 0x3E, 0x02, 0x32, 0x63, 0xF6, 0xC9,
    ];
    let src = format!(
        "10 DIM M%(10):A=VARPTR(M%(0))\n\
         20 FOR I=0 TO 11:READ B:POKE A+I,B:NEXT\n\
         30 DEFUSR3=A:PRINT USR3(\"X\")\n{}",
        data(1000, &code)
    );
    assert_eq!(run_lines(&src), ["Type mismatch in 30"]);
}

#[test]
fn varptr_gives_the_address_of_a_value_as_msx_stores_it() {
    let lines = run_lines(
        "10 A%=1234:S$=\"HELLO\":B!=1.5:D#=-.25#\n\
         20 P=VARPTR(A%):PRINT PEEK(P)+256*PEEK(P+1)\n\
         30 P=VARPTR(B!):PRINT HEX$(PEEK(P));HEX$(PEEK(P+1));HEX$(PEEK(P+2))\n\
         40 P=VARPTR(D#):PRINT HEX$(PEEK(P));HEX$(PEEK(P+1));HEX$(PEEK(P+7))\n\
         50 P=VARPTR(S$):Q=PEEK(P+1)+256*PEEK(P+2):PRINT PEEK(P);CHR$(PEEK(Q))\n\
         60 DIM M%(3),N#(2):PRINT VARPTR(M%(1))-VARPTR(M%(0));VARPTR(N#(2))-VARPTR(N#(0))\n\
         70 POKE VARPTR(A%),0:PRINT A%\n",
    );
    assert_eq!(
        lines,
        [" 1234", "41150", "C0250", " 5 H", " 2  16", " 1024"],
        "{lines:?}"
    );
}

#[test]
fn varptr_of_a_file_is_its_fcb() {
    let out = build(
        "1 SCREEN 0:WIDTH 40\n\
         10 OPEN \"DATA.TXT\" FOR OUTPUT AS #1\n\
         20 P=VARPTR(#1):FOR I=1 TO 11:PRINT CHR$(PEEK(P+I));:NEXT:PRINT\n\
         30 PRINT #1,\"X\":CLOSE\n\
         40 PRINT VARPTR(#2)\n",
    );
    let mut m = boot(&out);
    run_to_end(&out, &mut m, 3000);
    let s = screen(&m);
    let lines: Vec<&str> = s.lines().map(|l| l.trim_end()).collect();
    assert_eq!(lines[..2], ["DATA    TXT", "Bad file number in 40"], "{s}");
    let disk = Disk::from_bytes(m.disk_image(0).unwrap()).unwrap();
    assert_eq!(disk.read_file("DATA.TXT").unwrap(), b"X\r\n\x1a");
}

#[test]
fn lprint_and_lpos_compile_for_every_target() {
    // What reaches the printer is tested in runtime_printer.rs (the
    // machine has no printer: its port reads busy).
    let src = "10 LPRINT \"A\";TAB(5);1,:LPRINT USING \"##.#\";2.25:PRINT LPOS(0)\n";
    for t in [
        z80_codegen::Target::Dsk,
        z80_codegen::Target::Com,
        z80_codegen::Target::Rom,
    ] {
        if let Err(f) = msx_basic::compile("t.bas", src.as_bytes(), t) {
            panic!("{t:?}: {f}");
        }
    }
}

#[test]
fn usr_varptr_files_and_dskf_from_an_msx_dos_program() {
    // USR0 doubles an integer (as in the first test), POKEd at &HA000.
    let code = [0x2A, 0xF8, 0xF7, 0x29, 0x22, 0xF8, 0xF7, 0xC9];
    let src = format!(
        "10 FOR I=0 TO 7:READ B:POKE &HA000+I,B:NEXT:DEFUSR=&HA000\n\
         20 A%=300:PRINT \"USR\";USR(A%);PEEK(VARPTR(A%)+1)\n\
         40 ON ERROR GOTO 100:PRINT USR1(0)\n\
         50 FILES \"T.*\":PRINT:PRINT \"FREE\";DSKF(0)\n\
         60 END\n\
         100 PRINT \"ERR\";ERR:RESUME 50\n{}",
        data(1000, &code)
    );
    let out = build_com(&src);
    let mut m = boot_com(&out);
    run_until_text(&mut m, "FREE", 3000);
    run_until_text(&mut m, "A>", 300);
    let s = screen(&m);
    let free = 713 - out.bytes.len().div_ceil(1024);
    for want in [
        "USR 600  1".to_string(),
        "ERR 5".to_string(),
        "T       .COM".to_string(),
        format!("FREE {free}"),
    ] {
        assert!(s.contains(&want), "{want}: {s}");
    }
}
