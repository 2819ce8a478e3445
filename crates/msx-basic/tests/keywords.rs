//! Every keyword token, checked against an independent transcription of
//! the token tables (fact sheet A4/A5, from the MSX-BASIC ROM source and
//! the MSX2 Technical Handbook), not against the crate's own table.

use msx_basic::{tokenize, Keyword, Token};

/// "hex bytes, spelling", one per line, as transcribed from the sources.
const TABLE: &str = r#"
    81 END
    82 FOR
    83 NEXT
    84 DATA
    85 INPUT
    86 DIM
    87 READ
    88 LET
    89 GOTO
    8A RUN
    8B IF
    8C RESTORE
    8D GOSUB
    8E RETURN
    8F REM
    90 STOP
    91 PRINT
    92 CLEAR
    93 LIST
    94 NEW
    95 ON
    96 WAIT
    97 DEF
    98 POKE
    99 CONT
    9A CSAVE
    9B CLOAD
    9C OUT
    9D LPRINT
    9E LLIST
    9F CLS
    A0 WIDTH
    A1 ELSE
    A2 TRON
    A3 TROFF
    A4 SWAP
    A5 ERASE
    A6 ERROR
    A7 RESUME
    A8 DELETE
    A9 AUTO
    AA RENUM
    AB DEFSTR
    AC DEFINT
    AD DEFSNG
    AE DEFDBL
    AF LINE
    B0 OPEN
    B1 FIELD
    B2 GET
    B3 PUT
    B4 CLOSE
    B5 LOAD
    B6 MERGE
    B7 FILES
    B8 LSET
    B9 RSET
    BA SAVE
    BB LFILES
    BC CIRCLE
    BD COLOR
    BE DRAW
    BF PAINT
    C0 BEEP
    C1 PLAY
    C2 PSET
    C3 PRESET
    C4 SOUND
    C5 SCREEN
    C6 VPOKE
    C7 SPRITE
    C8 VDP
    C9 BASE
    CA CALL
    CB TIME
    CC KEY
    CD MAX
    CE MOTOR
    CF BLOAD
    D0 BSAVE
    D1 DSKO$
    D2 SET
    D3 NAME
    D4 KILL
    D5 IPL
    D6 COPY
    D7 CMD
    D8 LOCATE
    D9 TO
    DA THEN
    DB TAB(
    DC STEP
    DD USR
    DE FN
    DF SPC(
    E0 NOT
    E1 ERL
    E2 ERR
    E3 STRING$
    E4 USING
    E5 INSTR
    E6 '
    E7 VARPTR
    E8 CSRLIN
    E9 ATTR$
    EA DSKI$
    EB OFF
    EC INKEY$
    ED POINT
    EE >
    EF =
    F0 <
    F1 +
    F2 -
    F3 *
    F4 /
    F5 ^
    F6 AND
    F7 OR
    F8 XOR
    F9 EQV
    FA IMP
    FB MOD
    FC \
    FF 81 LEFT$
    FF 82 RIGHT$
    FF 83 MID$
    FF 84 SGN
    FF 85 INT
    FF 86 ABS
    FF 87 SQR
    FF 88 RND
    FF 89 SIN
    FF 8A LOG
    FF 8B EXP
    FF 8C COS
    FF 8D TAN
    FF 8E ATN
    FF 8F FRE
    FF 90 INP
    FF 91 POS
    FF 92 LEN
    FF 93 STR$
    FF 94 VAL
    FF 95 ASC
    FF 96 CHR$
    FF 97 PEEK
    FF 98 VPEEK
    FF 99 SPACE$
    FF 9A OCT$
    FF 9B HEX$
    FF 9C LPOS
    FF 9D BIN$
    FF 9E CINT
    FF 9F CSNG
    FF A0 CDBL
    FF A1 FIX
    FF A2 STICK
    FF A3 STRIG
    FF A4 PDL
    FF A5 PAD
    FF A6 DSKF
    FF A7 FPOS
    FF A8 CVI
    FF A9 CVS
    FF AA CVD
    FF AB EOF
    FF AC LOC
    FF AD LOF
    FF AE MKI$
    FF AF MKS$
    FF B0 MKD$
"#;

/// The keywords after which digits are line numbers (ROM table I43B5).
const LINE_NUMBER_KEYWORDS: [&str; 14] = [
    "RESTORE", "AUTO", "RENUM", "DELETE", "RESUME", "ERL", "ELSE", "RUN", "LIST", "LLIST", "GOTO",
    "RETURN", "THEN", "GOSUB",
];

fn table() -> Vec<(Vec<u8>, &'static str)> {
    TABLE
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let l = l.trim();
            let (hex, name) = if let Some(rest) = l.strip_prefix("FF ") {
                (format!("FF{}", &rest[..2]), &rest[3..])
            } else {
                (l[..2].to_string(), &l[3..])
            };
            let bytes = (0..hex.len())
                .step_by(2)
                .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
                .collect();
            (bytes, name)
        })
        .collect()
}

fn body(text: &str) -> Vec<u8> {
    let p = tokenize(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    assert_eq!(p.lines.len(), 1, "{text:?}");
    p.lines[0].body.clone()
}

#[test]
fn the_table_has_all_172_tokens() {
    let t = table();
    assert_eq!(t.len(), 124 + 48);
    assert_eq!(Keyword::all().count(), t.len());
}

#[test]
fn every_keyword_tokenizes_to_its_bytes() {
    for (bytes, name) in table() {
        // The forms that are stored with a ':' in front.
        let expected: Vec<u8> = match name {
            "ELSE" => vec![0x3A, 0xA1],
            "'" => vec![0x3A, 0x8F, 0xE6],
            _ => bytes.clone(),
        };
        assert_eq!(body(&format!("10 {name}")), expected, "{name}");
        let lower = name.to_ascii_lowercase();
        assert_eq!(body(&format!("10 {lower}")), expected, "{lower}");
        // After a statement separator and with a space after it too.
        let mut with_colon = b"A:".to_vec();
        with_colon.extend(&expected);
        with_colon.push(b' ');
        assert_eq!(body(&format!("10 A:{name} ")), with_colon, "A:{name} ");
    }
}

#[test]
fn every_keyword_lists_as_its_spelling() {
    for (bytes, name) in table() {
        let expected: Vec<u8> = match name {
            "ELSE" => vec![0x3A, 0xA1],
            "'" => vec![0x3A, 0x8F, 0xE6],
            _ => bytes.clone(),
        };
        let program = msx_basic::Program {
            lines: vec![msx_basic::Line {
                number: 10,
                body: expected,
            }],
        };
        assert_eq!(program.list().unwrap(), format!("10 {name}\n"), "{name}");
        let file = program.to_bytes();
        assert_eq!(
            msx_basic::detokenize(&file).unwrap(),
            format!("10 {name}\n")
        );
    }
}

#[test]
fn the_token_iterator_names_every_keyword() {
    for (bytes, name) in table() {
        let tokens: Vec<Token> = msx_basic::tokens(&bytes).map(|t| t.unwrap().1).collect();
        match tokens.as_slice() {
            [Token::Keyword(k)] => assert_eq!(k.spelling(), name),
            other => panic!("{name}: {other:?}"),
        }
    }
}

#[test]
fn line_number_keywords() {
    for (bytes, name) in table() {
        if name == "'" || name == "REM" || name == "DATA" || name == "CALL" {
            continue;
        }
        let mut expected: Vec<u8> = match name {
            "ELSE" => vec![0x3A, 0xA1],
            _ => bytes.clone(),
        };
        expected.push(b' ');
        if LINE_NUMBER_KEYWORDS.contains(&name) {
            expected.extend([0x0E, 0x2C, 0x01]); // line number 300
        } else {
            expected.extend([0x1C, 0x2C, 0x01]); // integer 300
        }
        assert_eq!(body(&format!("10 {name} 300")), expected, "{name}");
    }
}

#[test]
fn unused_codes_are_rejected_when_reading() {
    for b in [0x80u8, 0xFD, 0xFE] {
        assert!(msx_basic::tokens(&[b]).next().unwrap().is_err(), "{b:#x}");
    }
    for f in [0x80u8, 0xB1, 0xFF] {
        assert!(
            msx_basic::tokens(&[0xFF, f]).next().unwrap().is_err(),
            "FF {f:#x}"
        );
    }
}
