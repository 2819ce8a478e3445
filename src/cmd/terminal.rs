//! What reaches the user's terminal: text echoed from input made harmless, and standard
//! output that a reader may close early.

use anyhow::{Context, Result};
use std::borrow::Cow;
use std::io::Write;

/// `text` with every control character but newline and tab written as `\xNN` (`\u{NNNN}`
/// for the C1 controls), so that a binary file's bytes echoed in a message cannot move the
/// cursor, change colours or retitle the terminal (ESC, CR, BEL, CSI …).
pub fn printable(text: &str) -> Cow<'_, str> {
    let harmful = |c: char| c.is_control() && c != '\n' && c != '\t';
    if !text.chars().any(harmful) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if !harmful(c) {
            out.push(c);
        } else if (c as u32) < 0x80 {
            out.push_str(&format!("\\x{:02X}", c as u32));
        } else {
            out.push_str(&format!("\\u{{{:04X}}}", c as u32));
        }
    }
    Cow::Owned(out)
}

/// Prints a message (one or more lines) to stderr, made [`printable`]. Never panics: a
/// closed stderr is no reason to lose a command's files or exit status.
pub fn eprint_clean(text: &str) {
    let _ = std::io::stderr()
        .lock()
        .write_all(printable(text).as_bytes());
}

/// Writes `bytes` to standard output. `Ok(false)` when the reader has closed the pipe
/// (`msx disasm x.bin | head`): the command then ends quietly with its normal status, as
/// cargo and ripgrep do (Rust ignores SIGPIPE, so the write returns EPIPE instead of
/// killing the process as it would `cat`). Other write errors are errors.
pub fn write_stdout(bytes: &[u8]) -> Result<bool> {
    write_to(&mut std::io::stdout().lock(), bytes)
}

fn write_to(out: &mut impl Write, bytes: &[u8]) -> Result<bool> {
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(e).context("cannot write to standard output"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(printable("plain\ttext\n"), "plain\ttext\n");
        assert_eq!(
            printable("a\x1b[2Jb\rc\x07\x7f\u{9b}"),
            "a\\x1B[2Jb\\x0Dc\\x07\\x7F\\u{009B}"
        );
        assert!(matches!(printable("é ok"), Cow::Borrowed(_)));
    }

    /// A writer whose reader has gone, or that fails another way.
    struct Failing(std::io::ErrorKind);

    impl Write for Failing {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::from(self.0))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Err(std::io::Error::from(self.0))
        }
    }

    #[test]
    fn a_closed_pipe_ends_quietly_and_other_errors_do_not() {
        assert!(!write_to(&mut Failing(std::io::ErrorKind::BrokenPipe), b"x").unwrap());
        let err = write_to(&mut Failing(std::io::ErrorKind::PermissionDenied), b"x").unwrap_err();
        assert!(err.to_string().contains("standard output"), "{err}");
        let mut ok = Vec::new();
        assert!(write_to(&mut ok, b"x").unwrap());
        assert_eq!(ok, b"x");
    }
}
