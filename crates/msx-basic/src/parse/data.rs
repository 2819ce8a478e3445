//! DATA items, split the way READ scans them (ROM `J4BD1`, `C6639`).
//!
//! - Blanks (space, TAB, LF) before an item are skipped (CHRGTR).
//! - A quoted item runs to the next quote (or the end of the statement);
//!   after the quote, blanks are skipped and a comma or the end must follow.
//! - An unquoted item runs to the next comma or the end of the statement,
//!   trailing blanks included (`DATA Ship , x` gives `"Ship "`).
//! - `n` commas make `n + 1` items; an empty item reads as "" or 0.

use super::ast::DataItem;

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n')
}

/// The items of one DATA statement (`raw` is the text after the keyword).
pub(crate) fn split(line: u16, raw: &[u8]) -> Vec<DataItem> {
    let mut items = Vec::new();
    let mut i = 0;
    loop {
        while i < raw.len() && is_blank(raw[i]) {
            i += 1;
        }
        let item = if raw.get(i) == Some(&b'"') {
            let start = i + 1;
            let end = raw[start..]
                .iter()
                .position(|&b| b == b'"')
                .map_or(raw.len(), |p| start + p);
            let text = raw[start..end].to_vec();
            i = (end + 1).min(raw.len());
            while i < raw.len() && is_blank(raw[i]) {
                i += 1;
            }
            let malformed = i < raw.len() && raw[i] != b',';
            // Skip what a malformed item leaves, so later items still split.
            while i < raw.len() && raw[i] != b',' {
                i += 1;
            }
            DataItem {
                line,
                text,
                quoted: true,
                malformed,
            }
        } else {
            let start = i;
            while i < raw.len() && raw[i] != b',' {
                i += 1;
            }
            DataItem {
                line,
                text: raw[start..i].to_vec(),
                quoted: false,
                malformed: false,
            }
        };
        items.push(item);
        if i < raw.len() {
            i += 1; // the comma
        } else {
            break;
        }
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(raw: &[u8]) -> Vec<(String, bool, bool)> {
        split(1, raw)
            .into_iter()
            .map(|d| (String::from_utf8(d.text).unwrap(), d.quoted, d.malformed))
            .collect()
    }

    #[test]
    fn msx_rules() {
        let s = |t: &str| (t.to_string(), false, false);
        let q = |t: &str| (t.to_string(), true, false);
        assert_eq!(texts(b" A,4,1"), [s("A"), s("4"), s("1")]);
        assert_eq!(
            texts(b" Ship, Format , x"),
            [s("Ship"), s("Format "), s("x")]
        );
        assert_eq!(texts(b" \"a,b\" , c"), [q("a,b"), s("c")]);
        assert_eq!(texts(b""), [s("")]);
        assert_eq!(texts(b"1,"), [s("1"), s("")]);
        assert_eq!(texts(b",,"), [s(""), s(""), s("")]);
        assert_eq!(texts(b"\"open"), [q("open")]);
        assert_eq!(texts(b"\"a\"b,c"), [("a".to_string(), true, true), s("c")]);
    }
}
