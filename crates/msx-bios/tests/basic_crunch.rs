//! The interpreter's cruncher (CRUNCH, `roms-free-bios/basic/crunch.asm`) and
//! lister (DETOKEN, `basic/list.asm`) run on a Z80 against the free main ROM,
//! compared byte for byte with the `msx-basic` crate's tokenizer and LIST,
//! which reproduce MSX-BASIC 2.0 (docs/basic-interpreter.md, "Cruncher" and
//! "Lister"). The routines touch only RAM and the ROM, so a bare Z80 with the
//! ROM in 0000h-7FFFh and RAM above runs them (no boot needed, so thousands of
//! lines take seconds).

use std::sync::OnceLock;

use msx_basic::{ListStyle, Number, TextErrorKind, Token};
use proptest::prelude::*;
use z80_cpu::{Bus, Cpu};

const KBUF: u16 = 0xF41F;
const BUF: u16 = 0xF55E;
/// Where a finished routine returns to (a HALT in RAM).
const DONE: u16 = 0xEFF0;
/// Where DETOKEN's program lines are put (TXTTAB).
const TXTTAB: u16 = 0x8001;

/// The memory the routines run in: the main ROM's page 0 (the Math-Pack's
/// FIN and FOUT) and the BASIC extension ROM in page 1, where CRUNCH and
/// DETOKEN live, with the extension's symbols (assembled again here for the
/// labels; the bytes must be those of the ROMs the crate ships).
struct Rom {
    bytes: Vec<u8>,
    crunch: u16,
    detoken: Option<u16>,
    /// X_ERROR, where the extension raises an error E through CALBAS.
    error: u16,
}

fn rom() -> &'static Rom {
    static ROM: OnceLock<Rom> = OnceLock::new();
    ROM.get_or_init(|| {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../roms-free-bios/ext/ext.asm");
        let asm = z80_asm::assemble_file(&path, &z80_asm::Options::default())
            .unwrap_or_else(|d| panic!("{}", d.render()));
        assert_eq!(
            asm.bytes,
            msx_bios::sub_rom()[0x4000..],
            "the ROM the crate ships"
        );
        let sym = |name: &str| asm.symbol(name).unwrap_or_else(|| panic!("no {name}"));
        let mut bytes = msx_bios::main_rom()[..0x4000].to_vec();
        bytes.extend_from_slice(&asm.bytes);
        Rom {
            crunch: sym("CRUNCH"),
            detoken: asm.symbol("DETOKEN"),
            error: sym("X_ERROR"),
            bytes,
        }
    })
}

/// 64 KB: the ROM (writes ignored) and RAM.
struct Flat(Vec<u8>);

impl Bus for Flat {
    fn read(&mut self, addr: u16, _cycle: u64) -> u8 {
        self.0[usize::from(addr)]
    }
    fn write(&mut self, addr: u16, value: u8, _cycle: u64) {
        if addr >= 0x8000 {
            self.0[usize::from(addr)] = value;
        }
    }
    fn input(&mut self, _port: u16, _cycle: u64) -> u8 {
        0xFF
    }
    fn output(&mut self, _port: u16, _value: u8, _cycle: u64) {}
}

impl Flat {
    fn new() -> Flat {
        let mut mem = vec![0u8; 0x10000];
        mem[..0x8000].copy_from_slice(&rom().bytes);
        mem[usize::from(DONE)] = 0x76;
        Flat(mem)
    }

    fn poke(&mut self, addr: u16, bytes: &[u8]) {
        let a = usize::from(addr);
        self.0[a..a + bytes.len()].copy_from_slice(bytes);
    }

    fn peek(&self, addr: u16, len: usize) -> &[u8] {
        let a = usize::from(addr);
        &self.0[a..a + len]
    }

    /// Calls `entry` with HL = `hl`; Ok(cpu) at its return, Err(code) when it
    /// jumps to the error entry with E = code.
    fn call(&mut self, entry: u16, hl: u16) -> Result<Cpu, u8> {
        let mut cpu = Cpu::new();
        cpu.regs.sp = 0xF000;
        self.poke(0xF000, &DONE.to_le_bytes());
        cpu.regs.pc = entry;
        cpu.regs.set_hl(hl);
        for _ in 0..2_000_000 {
            let at = cpu.regs.pc;
            if at == DONE {
                return Ok(cpu);
            }
            if at == rom().error {
                return Err(cpu.regs.e);
            }
            cpu.step(self);
        }
        panic!("no return after 2,000,000 instructions");
    }
}

/// What MSX-BASIC stores for the statement text `text` (the body of line 1),
/// or the error it raises: 6 Overflow, 25 Line buffer overflow.
fn expected(text: &[u8]) -> Result<Vec<u8>, u8> {
    let mut line = b"1 ".to_vec();
    line.extend(text);
    // In the MSX character set, as the screen editor leaves it in BUF.
    match msx_basic::tokenize_msx_ascii(&line) {
        Ok(t) => Ok(t.program.lines[0].body.clone()),
        Err(msx_basic::Error::Text { kind, .. }) => match kind {
            TextErrorKind::Overflow => Err(6),
            TextErrorKind::TokenizedTooLong(_) => Err(25),
            other => panic!("{text:?}: not a statement for this test: {other}"),
        },
        Err(e) => panic!("{text:?}: {e}"),
    }
}

/// CRUNCH on `text` (put in BUF): the tokens in KBUF up to and without the
/// final 00h, or the error code.
fn crunch(text: &[u8]) -> Result<Vec<u8>, u8> {
    let mut m = Flat::new();
    let mut src = text.to_vec();
    src.push(0);
    m.poke(BUF, &src);
    // A stale byte where the 00h must go.
    m.poke(KBUF, &[0xAA; 318]);
    let cpu = m.call(rom().crunch, BUF)?;
    assert_eq!(
        m.peek(KBUF + 315, 3),
        &[0xAA; 3],
        "{text:?}: wrote past 315 bytes"
    );
    let len = usize::from(cpu.regs.bc());
    assert!((1..=315).contains(&len), "{text:?}: BC = {len}");
    let out = m.peek(KBUF, len);
    assert_eq!(out[len - 1], 0, "{text:?}: ends in 00h");
    Ok(out[..len - 1].to_vec())
}

fn check_crunch(text: &[u8]) {
    let want = expected(text);
    let got = crunch(text);
    assert_eq!(
        got,
        want,
        "CRUNCH of {:?}\n got {}\nwant {}",
        String::from_utf8_lossy(text),
        hex(&got),
        hex(&want)
    );
}

fn hex(r: &Result<Vec<u8>, u8>) -> String {
    match r {
        Ok(b) => b
            .iter()
            .map(|x| format!("{x:02X}"))
            .collect::<Vec<_>>()
            .join(" "),
        Err(e) => format!("error {e}"),
    }
}

/// The statement texts of a listing's lines (after the number and one blank).
fn bodies(listing: &str) -> Vec<Vec<u8>> {
    listing
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let digits = l.find(|c: char| !c.is_ascii_digit()).unwrap_or(l.len());
            let rest = &l[digits..];
            rest.strip_prefix(' ').unwrap_or(rest).as_bytes().to_vec()
        })
        .collect()
}

fn battleship() -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/battleship");
    let mut all = Vec::new();
    for name in ["battle.bas", "batalha.bas"] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        all.extend(bodies(&text));
    }
    all
}

/// Every keyword, in upper and lower case, alone and between names, digits
/// and parentheses.
#[test]
fn every_keyword() {
    for k in msx_basic::Keyword::all() {
        let s = k.spelling();
        for text in [
            s.to_string(),
            s.to_lowercase(),
            format!("A{s}B"),
            format!("X={s} 12:Y"),
            format!("{s}(1)"),
        ] {
            check_crunch(text.as_bytes());
        }
    }
}

/// The cases the msx-basic crate's own tests pin down, and more quirks.
const TRICKY: &[&str] = &[
    "GOTO1234:GOTO   50:GOTO 9",
    "SCORE",
    "FORI=1TO9",
    "INTERVAL",
    "A1=2",
    "GOTO-789",
    "ON A GOTO 10,20",
    "LIST .",
    "GOTO 0010",
    "GOTO65535",
    "GO TO 100",
    "GO  TO 100",
    "GOSUB 1 0 0",
    "IF A THEN 20 ELSE 30",
    "IF A THEN PRINT 1:ELSE 30",
    "PRINT \"Hello, World\";",
    "PRINT \"unclosed",
    "?A$;\"x\"",
    "A$=\"if then else\"+B$",
    "REM this is GOTO 10: a remark",
    "rem lower",
    "X=1 ' a comment: GOTO 10",
    "'",
    "DATA abc,123,\"gh,i\",jkl:PRINT 1",
    "DATA 1,2,3 ' not a comment",
    "data x:data y",
    "CALL SYSTEM",
    "call sys tem(1,2):PRINT",
    "_SYSTEM",
    "_iotinit(\"a\",b)",
    "CALLMUSIC",
    "A=&H1F+&hff+&H:B=&O777+&o",
    "A=& H10",
    "A=&B1010",
    "A=&HFFFF",
    "A=&H10000",
    "A=&O200000",
    "A=&Q",
    "print a;b:if x<>y then goto 10",
    "x=y*2/3-4^5\\6 mod 7",
    "A>=B AND C<=D OR NOT E XOR F EQV G IMP H",
    "A=1:B=12:C=255:D=256:E=1000:F=6552",
    "RESTORE 100:RUN 200:LIST 10-20:LLIST -30",
    "RETURN 10:RESUME 0:RESUME NEXT:DELETE 10-20:AUTO 100,10:RENUM 100,,10",
    "IF ERL=100 THEN RESUME 200",
    "ERR=5",
    "A=B1:C=B1+1:D=A(1)",
    "A1B2=3",
    "TAB(5):SPC(3)",
    "PRINT TAB (5)",
    "\tA\tB",
    "   leading",
    "A=\"x\u{7f}\"",
    "LPRINTX",
    "L?X",
    "DEFINTA-Z:DEFSTR S",
    "FNA(1)+FN B(2)",
    "OPEN\"GRP:\"AS#1",
    "PUT SPRITE 0,(10,20),15,0",
    "SCREEN 5:COLOR 15,0,0:LINE(0,0)-(255,211),8,BF",
    "A=USR0(1):DEFUSR=&HC000",
    "MID$(A$,1,2)=\"xy\"",
    "INPUT\"name\";N$",
    "LINEINPUT A$",
    "ON INTERVAL=50 GOSUB 100",
    "ON KEY GOSUB 10,20,,40",
    "ON ERROR GOTO 0",
    "KEY OFF",
    "A = 1 : B = 2",
    "A$=INKEY$:IF A$=\"\" THEN 10",
    "X=VARPTR(A):Y=CSRLIN",
];

#[test]
fn tricky_lines() {
    for text in TRICKY {
        check_crunch(text.as_bytes());
    }
}

/// Characters outside the keywords' world: bytes 80h-FFh, graphic characters
/// (01h and a byte), control characters, in and out of strings, REM, DATA,
/// CALL names.
const ODD: &[&[u8]] = &[
    b"A\x85B",
    b"PRINT \"\x85\x01\x41\xFF\"",
    b"REM \x85\x01\x41",
    b"DATA \x85,\x01\x41",
    b"A\x01\x41B",
    b"A\x01",
    b"\"\x01",
    b"REM\x01",
    b"CALL A\x85B\x01\x41C",
    b"CALL A\x01",
    b"CALL A!B#C",
    b"A\x07B\x09C",
];

#[test]
fn odd_characters() {
    for text in ODD {
        check_crunch(text);
    }
}

/// Every line of both Battleship listings.
#[test]
fn battleship_lines() {
    for text in battleship() {
        check_crunch(&text);
    }
}

/// Lines whose tokens pass 314 bytes raise "Line buffer overflow".
#[test]
fn line_buffer_overflow() {
    // ON A GOTO is 6 bytes, each "1," 4 more: 314 bytes, then 315.
    let fits = format!("ON A GOTO {}", "1,".repeat(77));
    check_crunch(fits.as_bytes());
    check_crunch(format!("{fits},").as_bytes());
    check_crunch(format!("{fits}1").as_bytes());
    check_crunch(format!("ON A GOTO {}", "1,".repeat(120)).as_bytes());
}

/// Text made of keyword pieces, names, numbers, strings and punctuation.
fn statement() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        proptest::sample::select(
            msx_basic::Keyword::all()
                .map(|k| k.spelling().to_string())
                .collect::<Vec<_>>()
        ),
        "[A-Za-z][A-Za-z0-9$%!#]{0,3}",
        "[0-9]{1,4}",
        number_text(),
        "\"[ -~]{0,6}\"?",
        "[ :,;()&?'_.+*/<=>-]",
        "[ -~]",
    ];
    proptest::collection::vec(piece, 1..12).prop_map(|v| v.concat())
}

proptest! {
    // A fixed seed: the same cases on every run (CI must not depend on luck).
    #![proptest_config(ProptestConfig { cases: 400, rng_seed: proptest::test_runner::RngSeed::Fixed(0x4D53_5801), ..ProptestConfig::default() })]

    #[test]
    fn random_lines(text in statement()) {
        let b = text.as_bytes();
        // The line-number reader would take a leading digit; blanks only delete a line.
        prop_assume!(!b.iter().find(|&&c| c != b' ').is_none_or(u8::is_ascii_digit));
        let want = expected(b);
        prop_assert_eq!(crunch(b), want, "{:?}", text);
    }
}

/// DETOKEN on line `number` holding `body`, with `before` (whole lines,
/// links included) in front of it at TXTTAB: BUF's text up to its 0.
fn detoken_at(before: &[u8], number: u16, body: &[u8]) -> Vec<u8> {
    let mut m = Flat::new();
    let at = TXTTAB + before.len() as u16;
    let mut line = (at + 5 + body.len() as u16).to_le_bytes().to_vec();
    line.extend(number.to_le_bytes());
    line.extend(body);
    line.extend([0, 0, 0]);
    m.poke(TXTTAB, before);
    m.poke(at, &line);
    // BUF and, after it, a canary: ENDBUF, TTYPOS, DIMFLG must stay intact
    // (VALTYP, next, is FOUT's input).
    m.poke(BUF, &[0xAA; 258 + 3]);
    m.call(rom().detoken.expect("DETOKEN"), at)
        .expect("no error");
    assert_eq!(m.peek(BUF + 258, 3), &[0xAA; 3], "wrote past BUF");
    let text = m.peek(BUF, 258);
    let end = text.iter().position(|&b| b == 0).expect("0-terminated");
    text[..end].to_vec()
}

/// What LIST shows for line `number` holding `body`.
fn list_line(number: u16, body: &[u8], target: &dyn Fn(u16) -> Option<u16>) -> Vec<u8> {
    let mut out = format!("{number} ").into_bytes();
    msx_basic::list_body(body, ListStyle::Msx, target, &mut out).expect("lists");
    out
}

/// True when the Math-Pack's FOUT is in the ROM (its first byte is not the
/// filler FFh): until then real constants cannot be listed.
fn have_fout() -> bool {
    rom().bytes[0x3425] != 0xFF
}

fn has_real(body: &[u8]) -> bool {
    msx_basic::tokens(body).any(|t| {
        matches!(
            t,
            Ok((_, Token::Number(Number::Single(_) | Number::Double(_))))
        )
    })
}

fn check_detoken(number: u16, body: &[u8]) {
    if has_real(body) && !have_fout() {
        return;
    }
    let want = list_line(number, body, &|_| None);
    let got = detoken_at(&[], number, body);
    assert_eq!(
        String::from_utf8_lossy(&got),
        String::from_utf8_lossy(&want),
        "DETOKEN of {body:02X?}"
    );
}

/// LIST of what CRUNCH stores for `text`, when it stores something.
fn round_trip(text: &[u8]) {
    if let Ok(body) = expected(text) {
        for number in [0, 7, 10, 65529] {
            check_detoken(number, &body);
        }
    }
}

#[test]
fn list_every_keyword() {
    for k in msx_basic::Keyword::all() {
        let s = k.spelling();
        round_trip(s.as_bytes());
        round_trip(format!("A{s}B:X={s} 12").as_bytes());
    }
}

#[test]
fn list_tricky_and_odd_lines() {
    for text in TRICKY {
        round_trip(text.as_bytes());
    }
    for text in ODD {
        round_trip(text);
    }
    // Bodies the cruncher does not make: a signed word, hex and octal
    // extremes, a DATA with quotes, REM without ':', ':' REM without '.
    for body in [
        &b"\x91 \x1C\x00\x80,\x1C\xFF\xFF,\x1C\x00\x01"[..],
        b"\x0C\x00\x00\x0C\xFF\xFF\x0B\xFF\xFF\x0B\x00\x00\x0C\xAB\x0A",
        b"\x84 \"a:b\":c\xEF\x12",
        b"\x8F:\x8F\xE6",
        b":\x8F\x85",
        b"\xA1\x0E\x0A\x00",
        b"A:\xA1",
        b"\xFF\x81\xFF\xB0\xFC\xE6",
    ] {
        check_detoken(100, body);
    }
}

#[test]
fn list_battleship() {
    for text in battleship() {
        round_trip(&text);
    }
}

/// A line-pointer operand (0Dh, the address of the target line minus 1)
/// is listed as the number of the line it points to.
#[test]
fn list_line_pointers() {
    // Lines 10, 20, 30 at TXTTAB; the listed line points at each of them.
    let mut before = Vec::new();
    let mut addresses = Vec::new();
    for (number, body) in [(10u16, &b"\x91"[..]), (20, b"\x81"), (30, b"A\xEF\x12")] {
        let at = TXTTAB + before.len() as u16;
        addresses.push((at, number));
        before.extend((at + 5 + body.len() as u16).to_le_bytes());
        before.extend(number.to_le_bytes());
        before.extend(body);
        before.push(0);
    }
    let mut body = b"\x89 ".to_vec();
    for &(at, _) in &addresses {
        body.push(0x0D);
        body.extend((at - 1).to_le_bytes());
        body.push(b',');
    }
    let target = |p: u16| {
        addresses
            .iter()
            .find(|&&(a, _)| a == p.wrapping_add(1))
            .map(|&(_, n)| n)
    };
    let want = list_line(40, &body, &target);
    assert_eq!(want, b"40 GOTO 10,20,30,");
    assert_eq!(detoken_at(&before, 40, &body), want);
}

proptest! {
    // A fixed seed: the same cases on every run (CI must not depend on luck).
    #![proptest_config(ProptestConfig { cases: 400, rng_seed: proptest::test_runner::RngSeed::Fixed(0x4D53_5801), ..ProptestConfig::default() })]

    #[test]
    fn list_random_lines(text in statement(), number in 0u16..=65529) {
        let b = text.as_bytes();
        prop_assume!(!b.iter().find(|&&c| c != b' ').is_none_or(u8::is_ascii_digit));
        if let Ok(body) = expected(b) {
            prop_assume!(have_fout() || !has_real(&body));
            prop_assert_eq!(
                String::from_utf8_lossy(&detoken_at(&[], number, &body)).into_owned(),
                String::from_utf8_lossy(&list_line(number, &body, &|_| None)).into_owned()
            );
        }
    }
}

/// Constants of every kind (the msx-basic crate's number tests and more),
/// alone, between blanks and before keywords; then listed.
#[test]
fn numbers() {
    let mut failed = Vec::new();
    for n in [
        "0",
        "9",
        "10",
        "255",
        "256",
        "1000",
        "32767",
        "007",
        "1 000",
        "5%",
        "1.9%",
        "32768",
        "36000",
        "1.",
        "1.0",
        "1!",
        "1.1234567!",
        ".123456",
        "12345.6",
        "2E-7",
        "3E+19",
        "0.0000001",
        ".",
        "99999999999999.9",
        "4.123456789012345e20",
        "5.123D+21",
        "1234567",
        "1#",
        ".0001234567",
        "1ELSE",
        "1 EQV 2",
        "10 TO",
        "40000%",
        "1E63",
        "1E62",
        "1E-64",
        "1E-65",
        "1D-70",
        "65535",
        "6553",
        "1e",
        "1E+",
        "1E-",
        "1.5#",
        "0#",
        "0!",
        ".5",
        ".05",
        ".005",
        "1000000!",
        "1000000",
        "123456!",
        "1234567890",
        ".12345678901234#",
        "1.23456789012345678",
        "32767%",
        "32768%",
        "1E4%",
        "0.0",
        "00.00",
        "1 . 5",
        "1 E 5",
        "1..2",
        "1.2.3",
        "12e3e4",
        "1d",
        "1elseif",
        "3eqv",
        "2 e l",
        "1e+-2",
        "7!#",
        "8%%",
        "1.5e3!",
    ] {
        for text in [
            format!("A={n}"),
            format!("?{n} :B"),
            format!("X({n})=Y"),
            format!("PRINT {n}:GOTO {n}"),
        ] {
            let r = std::panic::catch_unwind(|| {
                check_crunch(text.as_bytes());
                round_trip(text.as_bytes());
            });
            if r.is_err() {
                failed.push(text);
            }
        }
    }
    assert!(failed.is_empty(), "differ: {failed:?}");
}

/// MSX-BASIC's FIN loses the carry when `!` rounds a longer constant
/// (`999999.9!` reads as 100000, number.rs `read_decimal`); the Math-Pack's
/// FIN does not yet (it gives 1000000).
#[test]
#[ignore = "FIN (basic-math) keeps the carry of `!` rounding"]
fn single_suffix_loses_the_carry() {
    check_crunch(b"A=999999.9!");
}

/// Number text: digits, a point, an exponent, a suffix, blanks inside.
fn number_text() -> impl Strategy<Value = String> {
    (
        "[0-9]{0,16}",
        proptest::option::of("\\.[0-9]{0,16}"),
        proptest::option::of("[EeDd][+-]?[0-9]{0,3}"),
        "[%!#]?",
        "[ ]?[:,)A-Z]?",
    )
        .prop_map(|(i, f, e, s, tail)| {
            let mut t = i;
            t.push_str(&f.unwrap_or_default());
            if t.is_empty() {
                t.push('1');
            }
            t.push_str(&e.unwrap_or_default());
            t.push_str(&s);
            t.push_str(&tail);
            t
        })
}

proptest! {
    // A fixed seed: the same cases on every run (CI must not depend on luck).
    #![proptest_config(ProptestConfig { cases: 600, rng_seed: proptest::test_runner::RngSeed::Fixed(0x4D53_5801), ..ProptestConfig::default() })]

    #[test]
    fn random_numbers(n in number_text()) {
        let text = format!("A={n}");
        prop_assert_eq!(crunch(text.as_bytes()), expected(text.as_bytes()), "{:?}", text);
        if let Ok(body) = expected(text.as_bytes()) {
            prop_assert_eq!(
                String::from_utf8_lossy(&detoken_at(&[], 10, &body)).into_owned(),
                String::from_utf8_lossy(&list_line(10, &body, &|_| None)).into_owned()
            );
        }
    }
}

/// A listing longer than BUF (258 bytes) is cut to its first 257 characters
/// (MSX's LIST stops a line at 255; BUF must not overflow into the system
/// variables after it). Shorter ones are whole.
#[test]
fn long_listing_is_cut_at_buf() {
    for (number, body) in [
        (10u16, vec![0x91u8; 200]),
        (65529, [0xFF, 0x81].repeat(100)),
        (1, b"\x8F".iter().chain(&[b'x'; 300]).copied().collect()),
        (100, vec![b'A'; 252]),
        (100, vec![b'A'; 253]),
        (100, vec![b'A'; 254]),
    ] {
        let mut want = list_line(number, &body, &|_| None);
        want.truncate(257);
        assert_eq!(detoken_at(&[], number, &body), want, "{number} {body:02X?}");
    }
}
