//! MSX-BASIC programs: the tokenizer, the detokenizer (`LIST`), the
//! tokenized file format, and a token iterator for parsers.
//!
//! ```
//! let program = msx_basic::tokenize("10 PRINT \"HI\":GOTO 10\n").unwrap();
//! assert_eq!(program.lines[0].body, b"\x91 \"HI\":\x89 \x0E\x0A\x00");
//! let file = program.to_bytes(); // what SAVE "X" writes on an MSX disk
//! assert_eq!(msx_basic::detokenize(&file).unwrap(), "10 PRINT \"HI\":GOTO 10\n");
//! ```
//!
//! The tokenizer reproduces MSX-BASIC 2.x byte for byte (it follows the
//! ROM's own routine); see `docs/basic-tokenizer.md` for what is supported.
//! Text is UTF-8, mapped to the MSX international character set
//! ([`charset`]). Nothing here prints or panics: problems are [`Error`]s
//! naming the line or byte offset, oddities are [`Warning`]s.

pub mod charset;
pub mod compile;
mod crunch;
mod error;
mod keywords;
mod list;
pub mod lower;
mod number;
pub mod parse;
mod program;
mod text;
mod tokens;

pub use compile::{compile, Compiled, Diagnostic, Failed};
pub use error::{BinaryErrorKind, Error, TextErrorKind, TextPos, Warning};
pub use keywords::{Keyword, TokenCode};
pub use list::{list_body, ListStyle};
pub use number::Number;
pub use program::{Line, Loaded, Program, TEXT_START};
pub use text::{tokenize_bytes, tokenize_bytes_lenient, Tokenized};
pub use tokens::{tokens, Token, Tokens};

/// The Z80 source of the BASIC math runtime (BCD arithmetic in the MSX
/// math-pack format, PRINT formatting, RND, integer operations), whole:
/// [`BCD_ASM`] and its own arithmetic core [`BCD_CORE_ASM`]; its header
/// documents the calling convention. The includer defines `BCD_RAM` and
/// `BCD_ERROR`. Pasmo-compatible syntax.
pub const BCD_RUNTIME_ASM: &str = concat!(
    include_str!("../runtime/bcd.asm"),
    include_str!("../runtime/bcd_core.asm")
);
/// The math runtime without its arithmetic core (+ - * /, normalization,
/// rounding, comparison, RND), which comes from [`BCD_CORE_ASM`] or, with
/// `BCD_ROM` defined, from the ROM's Math-Pack through [`MATHPACK_ROM_ASM`].
pub const BCD_ASM: &str = include_str!("../runtime/bcd.asm");
/// The math runtime's own arithmetic core.
pub const BCD_CORE_ASM: &str = include_str!("../runtime/bcd_core.asm");
/// The arithmetic core through the main ROM's Math-Pack (DECADD, DECSUB,
/// DECMUL, DECDIV, DECNRM, DECROU, XDCOMP, RND at their documented
/// addresses), for programs that run with the main ROM in page 0.
pub const MATHPACK_ROM_ASM: &str = include_str!("../runtime/mathpack.asm");
/// The string heap and string functions (`rt_bas_*`, linker format; see
/// `runtime/README.md`).
pub const RT_STRINGS_ASM: &str = include_str!("../runtime/strings.asm");
/// PRINT with MSX's layout rules.
pub const RT_PRINT_ASM: &str = include_str!("../runtime/print.asm");
/// Run-time errors: the failing line, ON ERROR GOTO, ERROR, RESUME.
pub const RT_ERRORS_ASM: &str = include_str!("../runtime/errors.asm");
/// END and an error's report in a program with no MSX-BASIC to go back to
/// (a .COM): the runtime's own messages, "Ok", the end (`runtime/endtext.asm`).
pub const RT_ENDTEXT_ASM: &str = include_str!("../runtime/endtext.asm");
/// END and an error's report handed over to MSX-BASIC in the main ROM (a
/// disk's or a cartridge's program, `runtime/endrom.asm`), in place of
/// [`RT_ENDTEXT_ASM`].
pub const RT_ENDROM_ASM: &str = include_str!("../runtime/endrom.asm");
/// Text to number (VAL, READ, INPUT) and the INPUT statements.
pub const RT_INPUT_ASM: &str = include_str!("../runtime/input.asm");
/// SQR, SIN, COS, TAN, ATN, LOG, EXP and `^` as the MSX math pack computes
/// them.
pub const RT_MATH_ASM: &str = include_str!("../runtime/math.asm");
/// Event traps (ON KEY/STOP/SPRITE/STRIG/INTERVAL GOSUB): the H.TIMI hook
/// and the trap table.
pub const RT_TRAPS_ASM: &str = include_str!("../runtime/traps.asm");
/// PLAY (MML on the PSG, in the background from the timer interrupt) and
/// PLAY(n).
pub const RT_PLAY_ASM: &str = include_str!("../runtime/play.asm");
/// Disk BASIC's sequential files through the BDOS (OPEN, PRINT #, INPUT #,
/// LINE INPUT #, EOF, CLOSE, MAXFILES, KILL, NAME).
pub const RT_FILES_ASM: &str = include_str!("../runtime/diskfiles.asm");
/// USR (machine code called with the argument in DAC) and the printer
/// (LPRINT, LPOS), VARPTR(#n).
pub const RT_MACHINE_ASM: &str = include_str!("../runtime/machine.asm");
/// PRINT USING.
pub const RT_USING_ASM: &str = include_str!("../runtime/using.asm");
/// PRINT USING's number formatting, the runtime's own (`runtime/usingfmt.asm`,
/// a .COM's).
pub const RT_USINGFMT_ASM: &str = include_str!("../runtime/usingfmt.asm");
/// PRINT USING's number formatting by the main ROM's PUFOUT
/// (`runtime/usingrom.asm`, a disk's or a cartridge's program).
pub const RT_USINGROM_ASM: &str = include_str!("../runtime/usingrom.asm");
/// A Math-Pack routine called with page 1 showing the main ROM
/// (`runtime/romcall.asm`).
pub const RT_ROMCALL_ASM: &str = include_str!("../runtime/romcall.asm");
/// The functions and `^` from the main ROM's Math-Pack (`runtime/mathrom.asm`),
/// in place of [`RT_MATH_ASM`] on a disk or a cartridge.
pub const RT_MATHROM_ASM: &str = include_str!("../runtime/mathrom.asm");
/// The math routines' forms with inline operands (`runtime/inline.asm`).
pub const RT_INLINE_ASM: &str = include_str!("../runtime/inline.asm");

/// Tokenizes a listing (warnings are dropped; see [`tokenize_bytes`]).
pub fn tokenize(text: &str) -> Result<Program, Error> {
    tokenize_bytes(text.as_bytes()).map(|t| t.program)
}

/// Tokenizes a listing written in the MSX character set (what `SAVE "X",A`
/// writes on an MSX) rather than UTF-8.
pub fn tokenize_msx_ascii(bytes: &[u8]) -> Result<Tokenized, Error> {
    tokenize_bytes(charset::decode(bytes).as_bytes())
}

/// The character set a listing is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charset {
    /// UTF-8, MSX characters as their Unicode equivalents (see `charset`).
    Utf8,
    /// The MSX character set, one byte a character: what `SAVE "X",A`
    /// writes on an MSX, and `to_msx_ascii`.
    Msx,
}

impl Charset {
    /// The character set of a listing: UTF-8 when it is valid UTF-8, else
    /// the MSX character set. An MSX listing with a byte 0x80 or above is
    /// almost never valid UTF-8 (it would need the exact lead and
    /// continuation byte patterns, e.g. `é` 0x82 is a lone continuation
    /// byte); one without is ASCII and reads the same either way.
    pub fn detect(listing: &[u8]) -> Charset {
        if std::str::from_utf8(listing).is_ok() {
            Charset::Utf8
        } else {
            Charset::Msx
        }
    }
}

/// Tokenizes a listing in the given character set (see [`Charset::detect`]).
pub fn tokenize_in(listing: &[u8], charset: Charset) -> Result<Tokenized, Error> {
    match charset {
        Charset::Utf8 => tokenize_bytes(listing),
        Charset::Msx => tokenize_msx_ascii(listing),
    }
}

/// [`tokenize_in`] that goes on past a line with an error: every error, and the
/// program of the other lines (see [`tokenize_bytes_lenient`]).
pub fn tokenize_in_lenient(listing: &[u8], charset: Charset) -> (Tokenized, Vec<Error>) {
    match charset {
        Charset::Utf8 => tokenize_bytes_lenient(listing),
        Charset::Msx => tokenize_bytes_lenient(charset::decode(listing).as_bytes()),
    }
}

/// [`load_source`] that goes on past a listing's line with an error: every error,
/// and the program of the other lines (see [`tokenize_bytes_lenient`]). A tokenized
/// file's error ends the reading: the program is then empty.
pub fn load_source_lenient(source: &[u8]) -> (Program, Vec<Error>) {
    if is_tokenized(source) {
        match Program::from_bytes(source) {
            Ok(program) => (program, Vec::new()),
            Err(e) => (Program { lines: Vec::new() }, vec![e]),
        }
    } else {
        let (tokenized, errors) = tokenize_in_lenient(source, Charset::detect(source));
        (tokenized.program, errors)
    }
}

/// A program from what a user hands in: a tokenized file (first byte FFh),
/// a UTF-8 listing, or a listing in the MSX character set as `SAVE "X",A`
/// writes it (anything that is not UTF-8).
pub fn load_source(source: &[u8]) -> Result<Program, Error> {
    if is_tokenized(source) {
        Program::from_bytes(source)
    } else {
        tokenize_in(source, Charset::detect(source)).map(|t| t.program)
    }
}

/// A tokenized file back to the text `LIST` shows.
pub fn detokenize(bytes: &[u8]) -> Result<String, Error> {
    Program::from_bytes(bytes)?.list()
}

/// The listing of a program, exactly as `LIST` shows it.
pub fn list(program: &Program) -> Result<String, Error> {
    program.list()
}

/// True when `bytes` look like a tokenized file (first byte 0xFF, which no
/// text listing starts with).
pub fn is_tokenized(bytes: &[u8]) -> bool {
    bytes.first() == Some(&0xFF)
}

/// The listing as MSX-BASIC's `SAVE "X",A` writes it: MSX character set,
/// CR LF after each line, and a final ^Z.
pub fn to_msx_ascii(program: &Program) -> Result<Vec<u8>, Error> {
    let mut out = list::list_program_bytes(program, ListStyle::Msx, b"\r\n")?;
    out.push(0x1A);
    Ok(out)
}
