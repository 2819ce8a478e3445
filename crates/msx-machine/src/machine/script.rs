//! The key script: a small line-oriented language that schedules key presses
//! at frames (`docs/key-script.md` is the user's reference).
//!
//! ```text
//! # comments start with '#'
//! wait 120              # move the cursor 120 frames on
//! press SPACE for 3     # hold SPACE 3 frames; the cursor moves 3 on
//! at 300 press F1       # absolute frame 300: F1 down (and stays down)
//! release F1            # at the cursor (frame 300)
//! type "RUN\n"          # type characters; the cursor moves past them
//! press SHIFT+UP for 10 # chords join key names with '+'
//! ```
//!
//! A script keeps a cursor, a frame number since power-on, starting at 0.
//! `at N` sets it, `wait N` adds to it, `press … for N` and `type` advance it
//! by the time they take; `press`/`release` without `for` do not move it.

use std::fmt;

use super::input::{type_events, KeyAction, KeyEvent, TypingPace};
use crate::ppi::Key;

/// A parsed key script: events at absolute frames.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyScript {
    /// The events in the order the script gives them.
    pub events: Vec<KeyEvent>,
    /// The cursor after the last line: the frame at which the script is done.
    pub end_frame: u64,
}

/// A mistake in a key script, with its 1-based line number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("key script line {line}: {message}")]
pub struct ScriptError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl KeyScript {
    /// Parses a script, typing with the default [`TypingPace`].
    pub fn parse(text: &str) -> Result<KeyScript, ScriptError> {
        Self::parse_with_pace(text, TypingPace::default())
    }

    /// Parses a script; `type` commands use `pace`.
    pub fn parse_with_pace(text: &str, pace: TypingPace) -> Result<KeyScript, ScriptError> {
        let mut script = KeyScript::default();
        let mut cursor = 0u64;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let err = |message: String| ScriptError { line, message };
            let words = split_words(raw).map_err(err)?;
            let mut words = words.as_slice();
            while let Some(first) = words.first() {
                let (consumed, next) =
                    command(words, cursor, pace, &mut script.events).map_err(err)?;
                debug_assert!(consumed > 0, "{first:?}");
                cursor = next;
                words = &words[consumed..];
            }
        }
        script.end_frame = cursor;
        Ok(script)
    }
}

impl fmt::Display for KeyScript {
    /// The events, one per line, in the script language (`at N press K`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for e in &self.events {
            let verb = match e.action {
                KeyAction::Press => "press",
                KeyAction::Release => "release",
            };
            writeln!(f, "at {} {verb} {}", e.frame, e.key)?;
        }
        Ok(())
    }
}

/// A word of a line: a bare word or a quoted string (already unescaped).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Word {
    Bare(String),
    Quoted(String),
}

/// Splits a line into words, dropping the comment.
fn split_words(line: &str) -> Result<Vec<Word>, String> {
    let mut words = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '#' {
            break;
        } else if c == '"' {
            chars.next();
            let mut s = String::new();
            loop {
                match chars.next() {
                    None => return Err("unterminated string (missing closing \")".into()),
                    Some('"') => break,
                    Some('\\') => match chars.next() {
                        Some('n' | 'r') => s.push('\r'),
                        Some('t') => s.push('\t'),
                        Some('e') => s.push('\x1b'),
                        Some('b') => s.push('\x08'),
                        Some('\\') => s.push('\\'),
                        Some('"') => s.push('"'),
                        Some(other) => {
                            return Err(format!(
                                "unknown escape \\{other} (use \\n, \\t, \\e, \\b, \\\\ or \\\")"
                            ))
                        }
                        None => return Err("unterminated string (missing closing \")".into()),
                    },
                    Some(c) => s.push(c),
                }
            }
            words.push(Word::Quoted(s));
        } else {
            let mut s = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || c == '"' {
                    break;
                }
                s.push(c);
                chars.next();
            }
            words.push(Word::Bare(s));
        }
    }
    Ok(words)
}

fn bare(word: Option<&Word>, what: &str) -> Result<String, String> {
    match word {
        Some(Word::Bare(s)) => Ok(s.clone()),
        Some(Word::Quoted(s)) => Err(format!("expected {what}, found the string \"{s}\"")),
        None => Err(format!("expected {what} at the end of the line")),
    }
}

fn number(word: Option<&Word>, what: &str) -> Result<u64, String> {
    let s = bare(word, what)?;
    s.parse::<u64>()
        .map_err(|_| format!("expected {what} (a whole number of frames), found `{s}`"))
}

/// Key names joined by '+': `SHIFT+A`, `CTRL+STOP`. A '+' right after another
/// or at the end belongs to the key name (`NUM+`, `SHIFT+NUM+`).
fn chord(text: &str) -> Result<Vec<Key>, String> {
    let mut names: Vec<String> = Vec::new();
    for part in text.split('+') {
        match names.last_mut() {
            Some(last) if part.is_empty() => last.push('+'),
            _ => names.push(part.to_string()),
        }
    }
    names
        .iter()
        .map(|n| n.parse::<Key>().map_err(|e| e.to_string()))
        .collect()
}

/// Runs the command at the start of `words`; returns how many words it used
/// and the new cursor.
fn command(
    words: &[Word],
    cursor: u64,
    pace: TypingPace,
    events: &mut Vec<KeyEvent>,
) -> Result<(usize, u64), String> {
    let verb = bare(words.first(), "a command")?.to_ascii_lowercase();
    let push = |events: &mut Vec<KeyEvent>, frame, keys: &[Key], action| {
        for &key in keys {
            events.push(KeyEvent { frame, key, action });
        }
    };
    match verb.as_str() {
        "wait" => Ok((
            2,
            cursor + number(words.get(1), "a frame count after `wait`")?,
        )),
        "at" => Ok((2, number(words.get(1), "a frame number after `at`")?)),
        "press" => {
            let keys = chord(&bare(words.get(1), "a key name after `press`")?)?;
            push(events, cursor, &keys, KeyAction::Press);
            let is_for =
                matches!(words.get(2), Some(Word::Bare(w)) if w.eq_ignore_ascii_case("for"));
            if !is_for {
                return Ok((2, cursor));
            }
            let n = number(words.get(3), "a frame count after `for`")?;
            if n == 0 {
                return Err("`for 0` would release the key in the frame it is pressed".into());
            }
            let mut rev = keys.clone();
            rev.reverse();
            push(events, cursor + n, &rev, KeyAction::Release);
            Ok((4, cursor + n))
        }
        "release" => {
            let keys = chord(&bare(words.get(1), "a key name after `release`")?)?;
            push(events, cursor, &keys, KeyAction::Release);
            Ok((2, cursor))
        }
        "type" => match words.get(1) {
            Some(Word::Quoted(text)) => {
                let (typed, end) = type_events(text, cursor, pace).map_err(|e| e.to_string())?;
                events.extend(typed);
                Ok((2, end))
            }
            _ => Err("expected a quoted string after `type` (e.g. type \"RUN\\n\")".into()),
        },
        other => Err(format!(
            "unknown command `{other}` (commands: at, wait, press, release, type)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(s: &str) -> Vec<(u64, Key, KeyAction)> {
        KeyScript::parse(s)
            .unwrap()
            .events
            .iter()
            .map(|e| (e.frame, e.key, e.action))
            .collect()
    }

    use KeyAction::{Press as P, Release as R};

    #[test]
    fn cursor_commands() {
        let s = "# boot\nwait 30\npress SPACE for 3\nat 100 press F1 # note\nrelease f1\nwait 2\ntype \"a\"\n";
        assert_eq!(
            events(s),
            [
                (30, Key::Space, P),
                (33, Key::Space, R),
                (100, Key::F1, P),
                (100, Key::F1, R),
                (102, Key::A, P),
                (105, Key::A, R),
            ]
        );
        assert_eq!(KeyScript::parse(s).unwrap().end_frame, 108);
    }

    #[test]
    fn chords_and_plus_keys() {
        assert_eq!(
            events("press SHIFT+NUM+ for 2"),
            [
                (0, Key::Shift, P),
                (0, Key::PadPlus, P),
                (2, Key::PadPlus, R),
                (2, Key::Shift, R),
            ]
        );
        assert_eq!(
            events("press ctrl+stop"),
            [(0, Key::Ctrl, P), (0, Key::Stop, P)]
        );
    }

    #[test]
    fn strings_with_escapes_and_hashes() {
        let got = events(r##"type "#\n""##);
        // '#' is SHIFT+3; "\n" is RETURN.
        assert_eq!(got[0], (0, Key::Shift, P));
        assert_eq!(got[1], (0, Key::Digit3, P));
        assert_eq!(got[4], (6, Key::Return, P));
    }

    #[test]
    fn errors_name_the_line() {
        let err = |s: &str| KeyScript::parse(s).unwrap_err();
        assert_eq!(err("wait 1\n\npress SPAC").line, 3);
        assert!(err("press SPAC").message.contains("SPAC"));
        assert!(err("wait x").message.contains("`x`"));
        assert!(err("wait").message.contains("end of the line"));
        assert!(err("type RUN").message.contains("quoted"));
        assert!(err("type \"abc").message.contains("unterminated"));
        assert!(err("jump 3").message.contains("unknown command `jump`"));
        assert!(err("press A for 0").message.contains("for 0"));
        assert!(err("type \"\u{e9}\"").message.contains("no key"));
        assert_eq!(
            err("at 5\nwait 1 press Q\nhop").to_string(),
            "key script line 3: unknown command `hop` (commands: at, wait, press, release, type)"
        );
    }

    #[test]
    fn display_round_trips() {
        let s = KeyScript::parse("at 7 press A for 2\ntype \"B\"").unwrap();
        let again = KeyScript::parse(&s.to_string()).unwrap();
        assert_eq!(again.events, s.events);
    }
}
