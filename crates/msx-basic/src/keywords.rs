//! The keyword table: token code, spelling and "a line number follows" flag of
//! every MSX-BASIC keyword, plus the ROM's per-letter search order.
//!
//! Both the tokenizer and the lister read these two tables and nothing else.
//!
//! Sources (read, not copied):
//! - S1, the MSX-BASIC 2.0 ROM source reconstruction (`apoloval/msx-system`,
//!   `base200/basic2.asm`): keyword lists `T3A72`..`T3D25` (per first letter,
//!   in search order, with the token value), the one-character table `I3D26`,
//!   and the list of tokens whose operand is a line number, `I43B5`.
//! - S2, the second source: `mc68-net/r8format`, `psrc/bastok/detok/msx2.py`
//!   (its token table), which agrees with S1 value for value; and the MSX2
//!   Technical Handbook, table 2.20, which agrees except for two slips decided
//!   in favour of the ROM: it lists REM as `3A 8F` (that is the `'` form) and
//!   omits `'` (E6). `GO TO` exists only in the ROM's search list (it crunches
//!   to the GOTO token); LIST always prints `GOTO`.
//!
//! The ROM tables of MSX-BASIC 1.0, 2.0, 3.0 and 4.x are identical, so one
//! table serves every MSX generation.

/// How a keyword is stored in a tokenized line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TokenCode {
    /// One byte, 0x81–0xFE (statements, operators, some functions).
    Byte(u8),
    /// 0xFF followed by this byte, 0x81–0xB0 (most functions).
    Function(u8),
}

macro_rules! keywords {
    ($( $code:expr, $variant:ident, $spelling:literal, $line:literal; )*) => {
        /// Every MSX-BASIC keyword, operator and function that has a token.
        ///
        /// The variant names are the spellings in CamelCase; a `$` becomes
        /// `Str` and the operators are named after their symbol.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Keyword {
            $( #[doc = $spelling] $variant, )*
        }

        /// One row per keyword: (keyword, code, spelling, line number follows).
        const TABLE: &[(Keyword, TokenCode, &str, bool)] = &[
            $( (Keyword::$variant, $code, $spelling, $line), )*
        ];
    };
}

use TokenCode::{Byte as B, Function as F};

keywords! {
    B(0x81), End, "END", false;
    B(0x82), For, "FOR", false;
    B(0x83), Next, "NEXT", false;
    B(0x84), Data, "DATA", false;
    B(0x85), Input, "INPUT", false;
    B(0x86), Dim, "DIM", false;
    B(0x87), Read, "READ", false;
    B(0x88), Let, "LET", false;
    B(0x89), Goto, "GOTO", true;
    B(0x8A), Run, "RUN", true;
    B(0x8B), If, "IF", false;
    B(0x8C), Restore, "RESTORE", true;
    B(0x8D), Gosub, "GOSUB", true;
    B(0x8E), Return, "RETURN", true;
    B(0x8F), Rem, "REM", false;
    B(0x90), Stop, "STOP", false;
    B(0x91), Print, "PRINT", false;
    B(0x92), Clear, "CLEAR", false;
    B(0x93), List, "LIST", true;
    B(0x94), New, "NEW", false;
    B(0x95), On, "ON", false;
    B(0x96), Wait, "WAIT", false;
    B(0x97), Def, "DEF", false;
    B(0x98), Poke, "POKE", false;
    B(0x99), Cont, "CONT", false;
    B(0x9A), Csave, "CSAVE", false;
    B(0x9B), Cload, "CLOAD", false;
    B(0x9C), Out, "OUT", false;
    B(0x9D), Lprint, "LPRINT", false;
    B(0x9E), Llist, "LLIST", true;
    B(0x9F), Cls, "CLS", false;
    B(0xA0), Width, "WIDTH", false;
    B(0xA1), Else, "ELSE", true;
    B(0xA2), Tron, "TRON", false;
    B(0xA3), Troff, "TROFF", false;
    B(0xA4), Swap, "SWAP", false;
    B(0xA5), Erase, "ERASE", false;
    B(0xA6), Error, "ERROR", false;
    B(0xA7), Resume, "RESUME", true;
    B(0xA8), Delete, "DELETE", true;
    B(0xA9), Auto, "AUTO", true;
    B(0xAA), Renum, "RENUM", true;
    B(0xAB), Defstr, "DEFSTR", false;
    B(0xAC), Defint, "DEFINT", false;
    B(0xAD), Defsng, "DEFSNG", false;
    B(0xAE), Defdbl, "DEFDBL", false;
    B(0xAF), Line, "LINE", false;
    B(0xB0), Open, "OPEN", false;
    B(0xB1), Field, "FIELD", false;
    B(0xB2), Get, "GET", false;
    B(0xB3), Put, "PUT", false;
    B(0xB4), Close, "CLOSE", false;
    B(0xB5), Load, "LOAD", false;
    B(0xB6), Merge, "MERGE", false;
    B(0xB7), Files, "FILES", false;
    B(0xB8), Lset, "LSET", false;
    B(0xB9), Rset, "RSET", false;
    B(0xBA), Save, "SAVE", false;
    B(0xBB), Lfiles, "LFILES", false;
    B(0xBC), Circle, "CIRCLE", false;
    B(0xBD), Color, "COLOR", false;
    B(0xBE), Draw, "DRAW", false;
    B(0xBF), Paint, "PAINT", false;
    B(0xC0), Beep, "BEEP", false;
    B(0xC1), Play, "PLAY", false;
    B(0xC2), Pset, "PSET", false;
    B(0xC3), Preset, "PRESET", false;
    B(0xC4), Sound, "SOUND", false;
    B(0xC5), Screen, "SCREEN", false;
    B(0xC6), Vpoke, "VPOKE", false;
    B(0xC7), Sprite, "SPRITE", false;
    B(0xC8), Vdp, "VDP", false;
    B(0xC9), Base, "BASE", false;
    B(0xCA), Call, "CALL", false;
    B(0xCB), Time, "TIME", false;
    B(0xCC), Key, "KEY", false;
    B(0xCD), Max, "MAX", false;
    B(0xCE), Motor, "MOTOR", false;
    B(0xCF), Bload, "BLOAD", false;
    B(0xD0), Bsave, "BSAVE", false;
    B(0xD1), DskoStr, "DSKO$", false;
    B(0xD2), Set, "SET", false;
    B(0xD3), Name, "NAME", false;
    B(0xD4), Kill, "KILL", false;
    B(0xD5), Ipl, "IPL", false;
    B(0xD6), Copy, "COPY", false;
    B(0xD7), Cmd, "CMD", false;
    B(0xD8), Locate, "LOCATE", false;
    B(0xD9), To, "TO", false;
    B(0xDA), Then, "THEN", true;
    B(0xDB), Tab, "TAB(", false;
    B(0xDC), Step, "STEP", false;
    B(0xDD), Usr, "USR", false;
    B(0xDE), Fn, "FN", false;
    B(0xDF), Spc, "SPC(", false;
    B(0xE0), Not, "NOT", false;
    B(0xE1), Erl, "ERL", true;
    B(0xE2), Err, "ERR", false;
    B(0xE3), StringStr, "STRING$", false;
    B(0xE4), Using, "USING", false;
    B(0xE5), Instr, "INSTR", false;
    B(0xE6), Apostrophe, "'", false;
    B(0xE7), Varptr, "VARPTR", false;
    B(0xE8), Csrlin, "CSRLIN", false;
    B(0xE9), AttrStr, "ATTR$", false;
    B(0xEA), DskiStr, "DSKI$", false;
    B(0xEB), Off, "OFF", false;
    B(0xEC), InkeyStr, "INKEY$", false;
    B(0xED), Point, "POINT", false;
    B(0xEE), Greater, ">", false;
    B(0xEF), Equal, "=", false;
    B(0xF0), Less, "<", false;
    B(0xF1), Plus, "+", false;
    B(0xF2), Minus, "-", false;
    B(0xF3), Times, "*", false;
    B(0xF4), Divide, "/", false;
    B(0xF5), Power, "^", false;
    B(0xF6), And, "AND", false;
    B(0xF7), Or, "OR", false;
    B(0xF8), Xor, "XOR", false;
    B(0xF9), Eqv, "EQV", false;
    B(0xFA), Imp, "IMP", false;
    B(0xFB), Mod, "MOD", false;
    B(0xFC), IntDivide, "\\", false;
    F(0x81), LeftStr, "LEFT$", false;
    F(0x82), RightStr, "RIGHT$", false;
    F(0x83), MidStr, "MID$", false;
    F(0x84), Sgn, "SGN", false;
    F(0x85), Int, "INT", false;
    F(0x86), Abs, "ABS", false;
    F(0x87), Sqr, "SQR", false;
    F(0x88), Rnd, "RND", false;
    F(0x89), Sin, "SIN", false;
    F(0x8A), Log, "LOG", false;
    F(0x8B), Exp, "EXP", false;
    F(0x8C), Cos, "COS", false;
    F(0x8D), Tan, "TAN", false;
    F(0x8E), Atn, "ATN", false;
    F(0x8F), Fre, "FRE", false;
    F(0x90), Inp, "INP", false;
    F(0x91), Pos, "POS", false;
    F(0x92), Len, "LEN", false;
    F(0x93), StrStr, "STR$", false;
    F(0x94), Val, "VAL", false;
    F(0x95), Asc, "ASC", false;
    F(0x96), ChrStr, "CHR$", false;
    F(0x97), Peek, "PEEK", false;
    F(0x98), Vpeek, "VPEEK", false;
    F(0x99), SpaceStr, "SPACE$", false;
    F(0x9A), OctStr, "OCT$", false;
    F(0x9B), HexStr, "HEX$", false;
    F(0x9C), Lpos, "LPOS", false;
    F(0x9D), BinStr, "BIN$", false;
    F(0x9E), Cint, "CINT", false;
    F(0x9F), Csng, "CSNG", false;
    F(0xA0), Cdbl, "CDBL", false;
    F(0xA1), Fix, "FIX", false;
    F(0xA2), Stick, "STICK", false;
    F(0xA3), Strig, "STRIG", false;
    F(0xA4), Pdl, "PDL", false;
    F(0xA5), Pad, "PAD", false;
    F(0xA6), Dskf, "DSKF", false;
    F(0xA7), Fpos, "FPOS", false;
    F(0xA8), Cvi, "CVI", false;
    F(0xA9), Cvs, "CVS", false;
    F(0xAA), Cvd, "CVD", false;
    F(0xAB), Eof, "EOF", false;
    F(0xAC), Loc, "LOC", false;
    F(0xAD), Lof, "LOF", false;
    F(0xAE), MkiStr, "MKI$", false;
    F(0xAF), MksStr, "MKS$", false;
    F(0xB0), MkdStr, "MKD$", false;
}

use Keyword as K;

/// The cruncher's search lists, one per first letter A–Z, in ROM order
/// (S1 `T3A72`..`T3D25`). The first entry that is a prefix of the
/// (upper-cased) input wins — not the longest — and there is no word
/// boundary check, which is why `SCORE` crunches as `S C OR E`.
/// The entry `GO TO` (exactly one space) is the only spelling that differs
/// from the keyword's own.
pub(crate) const SEARCH_ORDER: [&[(&str, Keyword)]; 26] = [
    // A
    &[
        ("AUTO", K::Auto),
        ("AND", K::And),
        ("ABS", K::Abs),
        ("ATN", K::Atn),
        ("ASC", K::Asc),
        ("ATTR$", K::AttrStr),
    ],
    // B
    &[
        ("BASE", K::Base),
        ("BSAVE", K::Bsave),
        ("BLOAD", K::Bload),
        ("BEEP", K::Beep),
        ("BIN$", K::BinStr),
    ],
    // C
    &[
        ("CALL", K::Call),
        ("CLOSE", K::Close),
        ("COPY", K::Copy),
        ("CONT", K::Cont),
        ("CLEAR", K::Clear),
        ("CLOAD", K::Cload),
        ("CSAVE", K::Csave),
        ("CSRLIN", K::Csrlin),
        ("CINT", K::Cint),
        ("CSNG", K::Csng),
        ("CDBL", K::Cdbl),
        ("CVI", K::Cvi),
        ("CVS", K::Cvs),
        ("CVD", K::Cvd),
        ("COS", K::Cos),
        ("CHR$", K::ChrStr),
        ("CIRCLE", K::Circle),
        ("COLOR", K::Color),
        ("CLS", K::Cls),
        ("CMD", K::Cmd),
    ],
    // D
    &[
        ("DELETE", K::Delete),
        ("DATA", K::Data),
        ("DIM", K::Dim),
        ("DEFSTR", K::Defstr),
        ("DEFINT", K::Defint),
        ("DEFSNG", K::Defsng),
        ("DEFDBL", K::Defdbl),
        ("DSKO$", K::DskoStr),
        ("DEF", K::Def),
        ("DSKI$", K::DskiStr),
        ("DSKF", K::Dskf),
        ("DRAW", K::Draw),
    ],
    // E
    &[
        ("ELSE", K::Else),
        ("END", K::End),
        ("ERASE", K::Erase),
        ("ERROR", K::Error),
        ("ERL", K::Erl),
        ("ERR", K::Err),
        ("EXP", K::Exp),
        ("EOF", K::Eof),
        ("EQV", K::Eqv),
    ],
    // F
    &[
        ("FOR", K::For),
        ("FIELD", K::Field),
        ("FILES", K::Files),
        ("FN", K::Fn),
        ("FRE", K::Fre),
        ("FIX", K::Fix),
        ("FPOS", K::Fpos),
    ],
    // G
    &[
        ("GOTO", K::Goto),
        ("GO TO", K::Goto),
        ("GOSUB", K::Gosub),
        ("GET", K::Get),
    ],
    // H
    &[("HEX$", K::HexStr)],
    // I
    &[
        ("INPUT", K::Input),
        ("IF", K::If),
        ("INSTR", K::Instr),
        ("INT", K::Int),
        ("INP", K::Inp),
        ("IMP", K::Imp),
        ("INKEY$", K::InkeyStr),
        ("IPL", K::Ipl),
    ],
    // J
    &[],
    // K
    &[("KILL", K::Kill), ("KEY", K::Key)],
    // L
    &[
        ("LPRINT", K::Lprint),
        ("LLIST", K::Llist),
        ("LPOS", K::Lpos),
        ("LET", K::Let),
        ("LOCATE", K::Locate),
        ("LINE", K::Line),
        ("LOAD", K::Load),
        ("LSET", K::Lset),
        ("LIST", K::List),
        ("LFILES", K::Lfiles),
        ("LOG", K::Log),
        ("LOC", K::Loc),
        ("LEN", K::Len),
        ("LEFT$", K::LeftStr),
        ("LOF", K::Lof),
    ],
    // M
    &[
        ("MOTOR", K::Motor),
        ("MERGE", K::Merge),
        ("MOD", K::Mod),
        ("MKI$", K::MkiStr),
        ("MKS$", K::MksStr),
        ("MKD$", K::MkdStr),
        ("MID$", K::MidStr),
        ("MAX", K::Max),
    ],
    // N
    &[
        ("NEXT", K::Next),
        ("NAME", K::Name),
        ("NEW", K::New),
        ("NOT", K::Not),
    ],
    // O
    &[
        ("OPEN", K::Open),
        ("OUT", K::Out),
        ("ON", K::On),
        ("OR", K::Or),
        ("OCT$", K::OctStr),
        ("OFF", K::Off),
    ],
    // P
    &[
        ("PRINT", K::Print),
        ("PUT", K::Put),
        ("POKE", K::Poke),
        ("POS", K::Pos),
        ("PEEK", K::Peek),
        ("PSET", K::Pset),
        ("PRESET", K::Preset),
        ("POINT", K::Point),
        ("PAINT", K::Paint),
        ("PDL", K::Pdl),
        ("PAD", K::Pad),
        ("PLAY", K::Play),
    ],
    // Q
    &[],
    // R
    &[
        ("RETURN", K::Return),
        ("READ", K::Read),
        ("RUN", K::Run),
        ("RESTORE", K::Restore),
        ("REM", K::Rem),
        ("RESUME", K::Resume),
        ("RSET", K::Rset),
        ("RIGHT$", K::RightStr),
        ("RND", K::Rnd),
        ("RENUM", K::Renum),
    ],
    // S
    &[
        ("SCREEN", K::Screen),
        ("SPRITE", K::Sprite),
        ("STOP", K::Stop),
        ("SWAP", K::Swap),
        ("SET", K::Set),
        ("SAVE", K::Save),
        ("SPC(", K::Spc),
        ("STEP", K::Step),
        ("SGN", K::Sgn),
        ("SQR", K::Sqr),
        ("SIN", K::Sin),
        ("STR$", K::StrStr),
        ("STRING$", K::StringStr),
        ("SPACE$", K::SpaceStr),
        ("SOUND", K::Sound),
        ("STICK", K::Stick),
        ("STRIG", K::Strig),
    ],
    // T
    &[
        ("THEN", K::Then),
        ("TRON", K::Tron),
        ("TROFF", K::Troff),
        ("TAB(", K::Tab),
        ("TO", K::To),
        ("TIME", K::Time),
        ("TAN", K::Tan),
    ],
    // U
    &[("USING", K::Using), ("USR", K::Usr)],
    // V
    &[
        ("VAL", K::Val),
        ("VARPTR", K::Varptr),
        ("VDP", K::Vdp),
        ("VPOKE", K::Vpoke),
        ("VPEEK", K::Vpeek),
    ],
    // W
    &[("WIDTH", K::Width), ("WAIT", K::Wait)],
    // X
    &[("XOR", K::Xor)],
    // Y
    &[],
    // Z
    &[],
];

/// The one-character tokens, tried (in this ROM order, S1 `I3D26`) only for
/// characters that are not letters, digits or `.`. There are no
/// two-character operators: `<=` is `<` followed by `=`.
pub(crate) const SINGLE_CHAR: &[(u8, Keyword)] = &[
    (b'+', K::Plus),
    (b'-', K::Minus),
    (b'*', K::Times),
    (b'/', K::Divide),
    (b'^', K::Power),
    (b'\\', K::IntDivide),
    (b'\'', K::Apostrophe),
    (b'>', K::Greater),
    (b'=', K::Equal),
    (b'<', K::Less),
];

impl Keyword {
    /// Every keyword, in token order (one-byte tokens, then 0xFF functions).
    pub fn all() -> impl Iterator<Item = Keyword> {
        TABLE.iter().map(|row| row.0)
    }

    fn row(self) -> &'static (Keyword, TokenCode, &'static str, bool) {
        // The table is in declaration order, so the discriminant indexes it.
        &TABLE[self as usize]
    }

    /// How the keyword is stored.
    pub fn code(self) -> TokenCode {
        self.row().1
    }

    /// The stored bytes: one byte, or 0xFF and the function byte.
    pub fn bytes(self) -> &'static [u8] {
        // Each row's bytes live in a static table so callers can borrow them.
        static BYTES: [[u8; 2]; TABLE.len()] = {
            let mut out = [[0u8; 2]; TABLE.len()];
            let mut i = 0;
            while i < TABLE.len() {
                out[i] = match TABLE[i].1 {
                    TokenCode::Byte(b) => [b, 0],
                    TokenCode::Function(b) => [0xFF, b],
                };
                i += 1;
            }
            out
        };
        let pair = &BYTES[self as usize];
        match self.code() {
            TokenCode::Byte(_) => &pair[..1],
            TokenCode::Function(_) => &pair[..],
        }
    }

    /// The spelling `LIST` prints (upper case; `TAB(` and `SPC(` include
    /// their parenthesis).
    pub fn spelling(self) -> &'static str {
        self.row().2
    }

    /// True for the 14 keywords after which digits are stored as line
    /// numbers (token 0x0E): GOTO GOSUB THEN ELSE RESTORE RUN LIST LLIST
    /// RETURN RESUME DELETE AUTO RENUM ERL.
    pub fn takes_line_number(self) -> bool {
        self.row().3
    }

    /// True for the 0xFF-prefixed function tokens.
    pub fn is_function(self) -> bool {
        matches!(self.code(), TokenCode::Function(_))
    }

    /// The keyword stored as this one-byte token (0x81–0xFE), if any.
    pub fn from_byte(byte: u8) -> Option<Keyword> {
        // One-byte tokens are contiguous from 0x81 up to 0xFC.
        let index = usize::from(byte.checked_sub(0x81)?);
        match TABLE.get(index) {
            Some(&(k, TokenCode::Byte(b), _, _)) if b == byte => Some(k),
            _ => None,
        }
    }

    /// The function stored as `FF byte`, if any.
    pub fn from_function_byte(byte: u8) -> Option<Keyword> {
        let first_function = TABLE
            .iter()
            .position(|row| matches!(row.1, TokenCode::Function(_)))?;
        let index = first_function + usize::from(byte.checked_sub(0x81)?);
        match TABLE.get(index) {
            Some(&(k, TokenCode::Function(b), _, _)) if b == byte => Some(k),
            _ => None,
        }
    }
}

impl std::fmt::Display for Keyword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.spelling())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_in_token_order_and_complete() {
        // 0x81..=0xFC one-byte tokens, then FF 81..=FF B0.
        let codes: Vec<TokenCode> = Keyword::all().map(Keyword::code).collect();
        let mut expected: Vec<TokenCode> = (0x81..=0xFC).map(TokenCode::Byte).collect();
        expected.extend((0x81..=0xB0).map(TokenCode::Function));
        assert_eq!(codes, expected);
        for (i, k) in Keyword::all().enumerate() {
            assert_eq!(k as usize, i);
        }
    }

    #[test]
    fn byte_lookups_round_trip() {
        for k in Keyword::all() {
            match k.code() {
                TokenCode::Byte(b) => {
                    assert_eq!(Keyword::from_byte(b), Some(k));
                    assert_eq!(k.bytes(), &[b]);
                }
                TokenCode::Function(b) => {
                    assert_eq!(Keyword::from_function_byte(b), Some(k));
                    assert_eq!(k.bytes(), &[0xFF, b]);
                }
            }
        }
        for unused in [0x00, 0x80, 0xFD, 0xFE, 0xFF] {
            assert_eq!(Keyword::from_byte(unused), None);
        }
        for unused in [0x00, 0x80, 0xB1, 0xFF] {
            assert_eq!(Keyword::from_function_byte(unused), None);
        }
    }

    #[test]
    fn search_order_covers_every_lettered_keyword_once() {
        let mut seen = Vec::new();
        for (letter, list) in SEARCH_ORDER.iter().enumerate() {
            for &(spelling, k) in *list {
                assert_eq!(spelling.as_bytes()[0], b'A' + letter as u8, "{spelling}");
                if spelling == "GO TO" {
                    assert_eq!(k, Keyword::Goto);
                    continue;
                }
                assert_eq!(spelling, k.spelling());
                seen.push(k);
            }
        }
        for &(c, k) in SINGLE_CHAR {
            assert_eq!(k.spelling().as_bytes(), &[c]);
            seen.push(k);
        }
        seen.sort();
        let all: Vec<Keyword> = Keyword::all().collect();
        assert_eq!(seen, all);
    }

    #[test]
    fn fourteen_line_number_keywords() {
        let with: Vec<&str> = Keyword::all()
            .filter(|k| k.takes_line_number())
            .map(Keyword::spelling)
            .collect();
        assert_eq!(
            with,
            [
                "GOTO", "RUN", "RESTORE", "GOSUB", "RETURN", "LIST", "LLIST", "ELSE", "RESUME",
                "DELETE", "AUTO", "RENUM", "THEN", "ERL"
            ]
        );
    }
}
