//! 8.3 file names with the MSX-DOS rules.
//!
//! MSX2 Technical Handbook ch. 3, table 3.3: A–Z, 0–9, `$ & # % ( ) - @ ^ { } ' \` !`
//! and the codes 0x80–0xFE are allowed; `~ * + , . / : ; = ? [ ]`, 0x00–0x20,
//! 0x7F and 0xFF are not. We also allow `_` (MS-DOS allows it and MSX-DOS's name
//! parser does not stop at it) and refuse `" < > | \`, which MS-DOS refuses, so
//! that PC tools can read every name we write. Case does not matter: names are
//! stored in upper case.
//!
//! Bytes 0x80–0xFE (MSX graphic and kana characters) are written and shown as
//! the Unicode characters U+0080–U+00FE, so every stored name round-trips
//! through a `&str`.

use crate::DiskError;
use std::fmt;

/// A file name as stored in a directory entry: 8 bytes of name and 3 of
/// extension, space padded.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Name(pub(crate) [u8; 11]);

fn allowed(byte: u8) -> bool {
    match byte {
        b'A'..=b'Z' | b'0'..=b'9' | 0x80..=0xFE => true,
        _ => b"$&#%()-@^{}'`!_".contains(&byte),
    }
}

/// Lookups accept any byte another tool may have stored (e.g. the `~` of
/// PC short aliases such as `LONGNA~1.TXT`), except separators and blanks.
fn storable(byte: u8) -> bool {
    (0x21..=0xFE).contains(&byte) && byte != b'.'
}

impl Name {
    /// Parses `NAME.EXT` (1–8 characters, then optionally a dot and 0–3)
    /// for a new file: only characters MSX-DOS allows.
    pub fn parse(text: &str) -> Result<Name, DiskError> {
        Name::parse_with(text, allowed)
    }

    /// Parses the name of an existing file: like [`Name::parse`], but also
    /// accepts the characters other systems store (`~`, `+`, `[` …).
    pub fn parse_existing(text: &str) -> Result<Name, DiskError> {
        Name::parse_with(text, storable)
    }

    fn parse_with(text: &str, ok: fn(u8) -> bool) -> Result<Name, DiskError> {
        let bad = |reason| DiskError::BadName {
            name: text.to_string(),
            reason,
        };
        let mut bytes = Vec::with_capacity(text.len());
        for ch in text.chars() {
            let code = u32::from(ch.to_ascii_uppercase());
            let byte = u8::try_from(code).map_err(|_| bad("characters above U+00FE"))?;
            bytes.push(byte);
        }
        let (base, ext) = match bytes.iter().position(|&b| b == b'.') {
            Some(dot) => (&bytes[..dot], &bytes[dot + 1..]),
            None => (&bytes[..], &[][..]),
        };
        if base.is_empty() {
            return Err(bad("the name before the dot is empty"));
        }
        if base.len() > 8 {
            return Err(bad("more than 8 characters before the dot"));
        }
        if ext.len() > 3 {
            return Err(bad("more than 3 characters after the dot"));
        }
        if !base.iter().chain(ext).all(|&b| ok(b)) {
            return Err(bad(
                "allowed are A-Z 0-9 $ & # % ( ) - @ ^ { } ' ` ! _ and MSX codes 0x80-0xFE",
            ));
        }
        let mut raw = [b' '; 11];
        raw[..base.len()].copy_from_slice(base);
        raw[8..8 + ext.len()].copy_from_slice(ext);
        Ok(Name(raw))
    }

    /// The name from a directory entry's first 11 bytes. A leading 0x05
    /// stands for 0xE5 (FAT's escape: 0xE5 marks deleted entries).
    pub(crate) fn from_entry(entry: &[u8]) -> Name {
        let mut raw = [0u8; 11];
        raw.copy_from_slice(&entry[..11]);
        if raw[0] == 0x05 {
            raw[0] = 0xE5;
        }
        Name(raw)
    }

    /// The 11 bytes to store in a directory entry.
    pub(crate) fn entry_bytes(&self) -> [u8; 11] {
        let mut raw = self.0;
        if raw[0] == 0xE5 {
            raw[0] = 0x05;
        }
        raw
    }

    /// The 11 bytes, space padded, as the boot loader compares them.
    pub fn raw(&self) -> [u8; 11] {
        self.0
    }

    fn part(bytes: &[u8]) -> String {
        let end = bytes.iter().rposition(|&b| b != b' ').map_or(0, |p| p + 1);
        bytes[..end].iter().map(|&b| char::from(b)).collect()
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let base = Name::part(&self.0[..8]);
        let ext = Name::part(&self.0[8..]);
        if ext.is_empty() {
            f.write_str(&base)
        } else {
            write!(f, "{base}.{ext}")
        }
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Name({self})")
    }
}

impl std::str::FromStr for Name {
    type Err = DiskError;
    fn from_str(s: &str) -> Result<Name, DiskError> {
        Name::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_pads() {
        let n = Name::parse("minerank.dat").unwrap();
        assert_eq!(&n.raw(), b"MINERANKDAT");
        assert_eq!(n.to_string(), "MINERANK.DAT");
        assert_eq!(&Name::parse("A").unwrap().raw(), b"A          ");
        assert_eq!(Name::parse("GAME.").unwrap().to_string(), "GAME");
        assert_eq!(&Name::parse("$#-@.{}!").unwrap().raw(), b"$#-@    {}!");
    }

    #[test]
    fn refuses_what_msx_dos_refuses() {
        for bad in [
            "",
            ".BAS",
            "TOOLONGNA.BAS",
            "A.BASI",
            "A B",
            "A*.BAS",
            "A+B",
            "A,B",
            "A.B.C",
            "A:B",
            "A;B",
            "A=B",
            "A?",
            "A[B]",
            "A/B",
            "A~",
            "A\"",
            "A<B",
            "A|B",
            "A\\B",
            "\u{7f}",
            "A\u{ff}",
            "\u{100}",
        ] {
            assert!(Name::parse(bad).is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn existing_names_may_hold_what_pc_tools_write() {
        assert!(Name::parse("LONGNA~1.TXT").is_err());
        let n = Name::parse_existing("longna~1.txt").unwrap();
        assert_eq!(&n.raw(), b"LONGNA~1TXT");
        assert!(Name::parse_existing("A B").is_err());
        assert!(Name::parse_existing("A.B.C").is_err());
    }

    #[test]
    fn msx_graphic_codes_round_trip() {
        let n = Name::parse("\u{e5}\u{80}.\u{fe}").unwrap();
        assert_eq!(n.entry_bytes()[0], 0x05);
        assert_eq!(Name::from_entry(&n.entry_bytes()), n);
        assert_eq!(Name::parse(&n.to_string()).unwrap(), n);
    }
}
