//! Errors and warnings, and their rendering as text with the source line and a caret.
//!
//! The library never prints: [`render_diagnostics`] returns a `String` the command line
//! prints. Rendering is done by `codespan-reporting`.

use codespan_reporting::diagnostic as cs;
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor};

use crate::source::{SourceMap, Span};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

/// One message about the program, anchored at a span.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    pub span: Span,
    /// Text printed under the caret (optional).
    pub label: Option<String>,
    /// Other places worth showing (e.g. where a name was declared).
    pub secondary: Vec<(Span, String)>,
    /// Extra lines printed after the snippet.
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span,
            label: None,
            secondary: Vec::new(),
            notes: Vec::new(),
        }
    }

    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(span, message)
        }
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    pub fn with_secondary(mut self, span: Span, label: impl Into<String>) -> Diagnostic {
        self.secondary.push((span, label.into()));
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Collects diagnostics during one phase. Stops collecting errors after a limit, because
/// after a hundred errors the rest are almost always consequences of the first ones.
#[derive(Debug, Default)]
pub struct Diagnostics {
    list: Vec<Diagnostic>,
    errors: usize,
}

/// More errors than this are counted but not kept.
const MAX_ERRORS: usize = 100;

impl Diagnostics {
    pub fn new() -> Diagnostics {
        Diagnostics::default()
    }

    pub fn push(&mut self, d: Diagnostic) {
        if d.is_error() {
            self.errors += 1;
            if self.errors > MAX_ERRORS {
                return;
            }
        }
        self.list.push(d);
    }

    pub fn error(&mut self, span: Span, message: impl Into<String>) {
        self.push(Diagnostic::error(span, message));
    }

    pub fn warning(&mut self, span: Span, message: impl Into<String>) {
        self.push(Diagnostic::warning(span, message));
    }

    pub fn error_count(&self) -> usize {
        self.errors
    }

    pub fn has_errors(&self) -> bool {
        self.errors > 0
    }

    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.list
    }

    /// Where the list ends now, to go back to with [`Diagnostics::rollback`].
    pub fn mark(&self) -> usize {
        self.list.len()
    }

    /// Forgets what was reported since `mark`: for a trial look at an expression that is
    /// checked again for real, which reports the same problems.
    pub fn rollback(&mut self, mark: usize) {
        if mark < self.list.len() {
            let dropped = self.list.drain(mark..).filter(|d| d.is_error()).count();
            self.errors -= dropped;
        }
    }

    pub fn extend(&mut self, other: Vec<Diagnostic>) {
        for d in other {
            self.push(d);
        }
    }
}

/// Renders diagnostics as plain text: `error: message`, then `┌─ file:line:col`, the source
/// line and a caret under the span.
pub fn render_diagnostics(diagnostics: &[Diagnostic], sources: &SourceMap) -> String {
    render(diagnostics, sources, false)
}

/// The same with ANSI colours, for a terminal.
pub fn render_diagnostics_colored(diagnostics: &[Diagnostic], sources: &SourceMap) -> String {
    render(diagnostics, sources, true)
}

fn render(diagnostics: &[Diagnostic], sources: &SourceMap, color: bool) -> String {
    let shown: Vec<Shown> = sources
        .files()
        .iter()
        .map(|f| Shown::new(&f.text))
        .collect();
    let mut files = SimpleFiles::new();
    for (f, s) in sources.files().iter().zip(&shown) {
        files.add(f.name.as_str(), s.text.as_str());
    }
    let config = term::Config::default();
    let mut out = Vec::new();
    for d in diagnostics {
        let cd = to_codespan(d, sources, &shown);
        // Rendering into memory cannot fail on I/O; a span outside its file is clamped
        // above, so an error here is a bug we'd rather show as text than panic on.
        let result = if color {
            let mut w = termcolor::Ansi::new(&mut out);
            term::emit(&mut w, &config, &files, &cd)
        } else {
            let mut w = termcolor::NoColor::new(&mut out);
            term::emit(&mut w, &config, &files, &cd)
        };
        if let Err(e) = result {
            out.extend_from_slice(format!("{}: {}\n", severity_word(d), d.message).as_bytes());
            out.extend_from_slice(format!("  (could not show the source: {e})\n").as_bytes());
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn severity_word(d: &Diagnostic) -> &'static str {
    match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// A source as the snippets show it: every control character but tab and line ends as
/// a visible one-column character (U+2400-U+2421 for C0 and DEL, U+FFFD for C1), so that
/// a binary file's bytes cannot act on the terminal and the caret stays under the
/// character it means (an ESC is zero columns wide to the renderer; escaped later as
/// `\x1B`, it would be four). Line and column numbers stay those of the file: one
/// character stands for one.
struct Shown {
    text: String,
    /// (byte offset in the file, bytes added before it), at each replaced character.
    shifts: Vec<(usize, usize)>,
}

impl Shown {
    fn new(text: &str) -> Shown {
        let mut shown = Shown {
            text: String::with_capacity(text.len()),
            shifts: Vec::new(),
        };
        let mut chars = text.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            let line_end = c == '\n' || (c == '\r' && chars.peek().is_none_or(|&(_, n)| n == '\n'));
            let picture = match u32::from(c) {
                _ if c == '\t' || line_end => None,
                n @ 0..=0x1F => char::from_u32(0x2400 + n),
                0x7F => Some('\u{2421}'),
                0x80..=0x9F => Some(char::REPLACEMENT_CHARACTER),
                _ => None,
            };
            match picture {
                Some(p) => {
                    shown.text.push(p);
                    let added = shown.text.len() - (at + c.len_utf8());
                    shown.shifts.push((at + 1, added));
                }
                None => shown.text.push(c),
            }
        }
        shown
    }

    /// The shown text's offset of the file's byte offset `i` (a character boundary).
    fn offset(&self, i: usize) -> usize {
        let k = self.shifts.partition_point(|&(at, _)| at <= i);
        i + k.checked_sub(1).map_or(0, |k| self.shifts[k].1)
    }
}

fn to_codespan(d: &Diagnostic, sources: &SourceMap, shown: &[Shown]) -> cs::Diagnostic<usize> {
    let base = match d.severity {
        Severity::Error => cs::Diagnostic::error(),
        Severity::Warning => cs::Diagnostic::warning(),
    };
    let mut labels = Vec::new();
    if let Some(label) = label_at(sources, shown, d.span, cs::LabelStyle::Primary) {
        labels.push(label.with_message(d.label.clone().unwrap_or_default()));
    }
    for (span, text) in &d.secondary {
        if let Some(label) = label_at(sources, shown, *span, cs::LabelStyle::Secondary) {
            labels.push(label.with_message(text.clone()));
        }
    }
    let mut notes = d.notes.clone();
    let mut file = d.span.file;
    while let Some(at) = sources.file(file).and_then(|f| f.included_at) {
        notes.push(format!("in the file included at {}", sources.position(at)));
        if notes.len() > 16 {
            break;
        }
        file = at.file;
    }
    base.with_message(d.message.clone())
        .with_labels(labels)
        .with_notes(notes)
}

/// A label for `span`, clamped to its file and to character boundaries, in the shown
/// text.
fn label_at(
    sources: &SourceMap,
    shown: &[Shown],
    span: Span,
    style: cs::LabelStyle,
) -> Option<cs::Label<usize>> {
    let file = sources.file(span.file)?;
    let shown = shown.get(span.file.0 as usize)?;
    let text = &file.text;
    let clamp = |mut i: usize| {
        i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let start = clamp(span.start as usize);
    let end = clamp((span.end as usize).max(span.start as usize));
    Some(cs::Label::new(
        style,
        span.file.0 as usize,
        shown.offset(start)..shown.offset(end),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_file_line_caret() {
        let mut map = SourceMap::new();
        let f = map.add("game.pas", "begin\n  x := 1;\nend.\n");
        let d = Diagnostic::error(Span::new(f, 8, 9), "unknown identifier `x`")
            .with_label("not declared");
        let text = render_diagnostics(&[d], &map);
        assert!(text.contains("error: unknown identifier `x`"), "{text}");
        assert!(text.contains("game.pas:2:3"), "{text}");
        assert!(text.contains("x := 1;"), "{text}");
        assert!(text.contains("^ not declared"), "{text}");
    }

    #[test]
    fn control_characters_show_as_one_column_and_the_caret_stays_under_its_character() {
        let mut map = SourceMap::new();
        let f = map.add("game.pas", "begin\n  \u{1b}[2J\u{85}x := 1;\r\nend.\n");
        // `x` is byte 8 + 4 (ESC [ 2 J) + 2 (U+0085), column 8.
        let d = Diagnostic::error(Span::new(f, 14, 15), "unknown identifier `x`")
            .with_label("not declared");
        let esc = Diagnostic::error(Span::new(f, 8, 9), "unexpected character");
        let text = render_diagnostics(&[d, esc], &map);
        assert!(
            !text.chars().any(|c| c.is_control() && c != '\n'),
            "{text:?}"
        );
        assert!(text.contains("game.pas:2:8"), "{text}");
        assert!(text.contains("game.pas:2:3"), "{text}");
        let lines: Vec<&str> = text.lines().collect();
        let source = lines
            .iter()
            .position(|l| l.contains("\u{241b}[2J\u{fffd}x := 1;"))
            .unwrap();
        let column = |l: &str, pat: char| l.chars().position(|c| c == pat).unwrap();
        assert_eq!(
            column(lines[source + 1], '^'),
            column(lines[source], 'x'),
            "{text}"
        );
        let second = lines
            .iter()
            .rposition(|l| l.contains("\u{241b}[2J"))
            .unwrap();
        assert_eq!(
            column(lines[second + 1], '^'),
            column(lines[second], '\u{241b}'),
            "{text}"
        );
    }

    #[test]
    fn out_of_range_span_does_not_panic() {
        let mut map = SourceMap::new();
        let f = map.add("a.pas", "é");
        let d = Diagnostic::warning(Span::new(f, 1, 99), "odd");
        let text = render_diagnostics(&[d], &map);
        assert!(text.contains("warning: odd"));
    }
}
