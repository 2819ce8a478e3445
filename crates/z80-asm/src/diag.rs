//! Diagnostics: every error of a run, each with its place, and a renderer that
//! shows the source line with a caret under the column (the library never prints;
//! the caller decides where the text goes).

use std::fmt;

/// One error, at a place in a source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file name as given (or as found through an include directory).
    pub file: String,
    /// 1-based line number; 0 when the error is not about a line.
    pub line: u32,
    /// 1-based column (in characters); 0 when unknown.
    pub column: u32,
    pub message: String,
    /// The text of the line, for display.
    pub source_line: String,
    /// Extra context, such as the macro call an error comes from.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// The diagnostic as text: message, place, the source line and a caret.
    pub fn render(&self) -> String {
        let mut out = format!("error: {}\n", self.message);
        if self.line == 0 {
            out.push_str(&format!("  --> {}\n", self.file));
        } else {
            let num = self.line.to_string();
            let pad = " ".repeat(num.len());
            out.push_str(&format!(
                "{pad}--> {}:{}:{}\n",
                self.file, self.line, self.column
            ));
            out.push_str(&format!("{pad} |\n"));
            // One column per character, so that the caret lines up with the column: tabs
            // as single spaces, control characters as visible ones (U+2400-U+2421, U+FFFD
            // for C1), which also keeps a binary file's bytes from acting on the terminal
            // (escaped later as `\x1B`, an ESC would push the caret four columns off).
            let shown: String = self.source_line.chars().map(shown_char).collect();
            out.push_str(&format!("{num} | {shown}\n"));
            if self.column > 0 {
                let spaces = " ".repeat(self.column as usize - 1);
                out.push_str(&format!("{pad} | {spaces}^\n"));
            }
        }
        for n in &self.notes {
            out.push_str(&format!("  = note: {n}\n"));
        }
        out
    }
}

/// A character of a source line as a snippet shows it: one column, never a control.
fn shown_char(c: char) -> char {
    match u32::from(c) {
        0x09 => ' ',
        n @ 0..=0x1F => char::from_u32(0x2400 + n).unwrap_or(char::REPLACEMENT_CHARACTER),
        0x7F => '\u{2421}',
        0x80..=0x9F => char::REPLACEMENT_CHARACTER,
        _ => c,
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.column, self.message
            )
        }
    }
}

/// All the errors of one assembly run (never empty when returned as an error).
#[derive(Clone, Debug, Default, PartialEq, Eq, thiserror::Error)]
pub struct Diagnostics {
    pub errors: Vec<Diagnostic>,
    /// The symbols of the failed run's last pass, as far as it got. Their values
    /// are not limited to 16 bits: a label past FFFFh shows how far code that
    /// does not fit in memory went (what a compiler needs to say how much too
    /// large a program is).
    pub symbols: std::collections::BTreeMap<String, i64>,
}

impl Diagnostics {
    /// Every diagnostic rendered with its source line and caret, then a summary line.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for d in &self.errors {
            out.push_str(&d.render());
            out.push('\n');
        }
        let n = self.errors.len();
        out.push_str(&format!(
            "assembly failed: {n} error{}\n",
            if n == 1 { "" } else { "s" }
        ));
        out
    }
}

/// One line per error (`file:line:col: message`), short enough for a build script's panic.
impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.errors.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_points_at_the_column() {
        let d = Diagnostic {
            file: "a.asm".into(),
            line: 12,
            column: 9,
            message: "undefined symbol `foo`".into(),
            source_line: "\tld  a,foo".into(),
            notes: vec!["in macro `m`".into()],
        };
        assert_eq!(
            d.render(),
            "error: undefined symbol `foo`\n  --> a.asm:12:9\n   |\n12 |  ld  a,foo\n   |         ^\n  = note: in macro `m`\n"
        );
        assert_eq!(d.to_string(), "a.asm:12:9: undefined symbol `foo`");
    }

    #[test]
    fn control_characters_take_one_column_under_the_caret() {
        let d = Diagnostic {
            file: "a.asm".into(),
            line: 1,
            column: 12,
            message: "undefined symbol `foo`".into(),
            source_line: " ld a,\u{1b}[1m\u{9b}foo".into(),
            notes: vec![],
        };
        let caret = format!("  | {}^\n", " ".repeat(11));
        assert_eq!(
            d.render(),
            format!("error: undefined symbol `foo`\n --> a.asm:1:12\n  |\n1 |  ld a,\u{241b}[1m\u{fffd}foo\n{caret}")
        );
    }
}
