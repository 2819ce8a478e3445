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

use super::input::{type_events, KeyAction, KeyEvent, MouseAction, MouseEvent, TypingPace};
use crate::mouse::MouseButton;
use crate::ppi::Key;

/// A parsed key script: events at absolute frames.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyScript {
    /// The key events in the order the script gives them.
    pub events: Vec<KeyEvent>,
    /// The mouse events (moves and buttons of the mouse in port 1), in the
    /// order the script gives them.
    pub mouse_events: Vec<MouseEvent>,
    /// The cursor after the last line: the frame at which the script is done.
    pub end_frame: u64,
}

/// A mistake in a key script, with its 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("key script line {line}, column {column}: {message}")]
pub struct ScriptError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters) of the word at fault, or just past the
    /// line's end when a word is missing.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Frames a `click` holds its button, and the gap after it (as a typed key:
/// the program must see both the press and the release).
const CLICK_HOLD: u64 = 3;
const CLICK_GAP: u64 = 3;

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
            let (words, end_column) =
                split_words(raw).map_err(|(column, message)| ScriptError {
                    line,
                    column,
                    message,
                })?;
            let mut at = 0;
            while at < words.len() {
                let err = |(word, message): (usize, String)| ScriptError {
                    line,
                    column: words.get(at + word).map_or(end_column, |w| w.column),
                    message,
                };
                let (consumed, next) =
                    command(&words[at..], cursor, pace, &mut script).map_err(err)?;
                debug_assert!(consumed > 0);
                cursor = next;
                at += consumed;
            }
        }
        script.end_frame = cursor;
        Ok(script)
    }
}

impl fmt::Display for KeyScript {
    /// The events, one per line, in the script language (`at N press K`,
    /// `at N mouse DX DY`, `at N mouse left down`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for e in &self.events {
            let verb = match e.action {
                KeyAction::Press => "press",
                KeyAction::Release => "release",
            };
            writeln!(f, "at {} {verb} {}", e.frame, e.key)?;
        }
        for e in &self.mouse_events {
            let button = |b: MouseButton| match b {
                MouseButton::Left => "left",
                MouseButton::Right => "right",
            };
            match e.action {
                MouseAction::Move { dx, dy } => writeln!(f, "at {} mouse {dx:+} {dy:+}", e.frame)?,
                MouseAction::Press(b) => writeln!(f, "at {} mouse {} down", e.frame, button(b))?,
                MouseAction::Release(b) => writeln!(f, "at {} mouse {} up", e.frame, button(b))?,
            }
        }
        Ok(())
    }
}

/// A word of a line: a bare word or a quoted string (already unescaped).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Text {
    Bare(String),
    Quoted(String),
}

/// A word and the 1-based column where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Word {
    text: Text,
    column: usize,
}

/// Splits a line into words, dropping the comment; also returns the column
/// just past the last word. An error carries its column.
fn split_words(line: &str) -> Result<(Vec<Word>, usize), (usize, String)> {
    let mut words = Vec::new();
    let mut chars = line.chars().enumerate().peekable();
    let mut end = 1;
    while let Some(&(i, c)) = chars.peek() {
        let column = i + 1;
        if c.is_whitespace() {
            chars.next();
            continue;
        } else if c == '#' {
            break;
        } else if c == '"' {
            chars.next();
            let mut s = String::new();
            let unterminated = || {
                (
                    column,
                    "unterminated string (missing closing \")".to_string(),
                )
            };
            loop {
                match chars.next() {
                    None => return Err(unterminated()),
                    Some((_, '"')) => break,
                    Some((j, '\\')) => match chars.next() {
                        Some((_, 'n' | 'r')) => s.push('\r'),
                        Some((_, 't')) => s.push('\t'),
                        Some((_, 'e')) => s.push('\x1b'),
                        Some((_, 'b')) => s.push('\x08'),
                        Some((_, '\\')) => s.push('\\'),
                        Some((_, '"')) => s.push('"'),
                        Some((_, other)) => {
                            return Err((
                                j + 1,
                                format!(
                                "unknown escape \\{other} (use \\n, \\t, \\e, \\b, \\\\ or \\\")"
                            ),
                            ))
                        }
                        None => return Err(unterminated()),
                    },
                    Some((_, c)) => s.push(c),
                }
            }
            words.push(Word {
                text: Text::Quoted(s),
                column,
            });
        } else {
            let mut s = String::new();
            while let Some(&(_, c)) = chars.peek() {
                if c.is_whitespace() || c == '"' {
                    break;
                }
                s.push(c);
                chars.next();
            }
            words.push(Word {
                text: Text::Bare(s),
                column,
            });
        }
        end = chars
            .peek()
            .map_or(line.chars().count() + 1, |&(i, _)| i + 1);
    }
    Ok((words, end))
}

/// A mistake at word `.0` of the command (0 = the verb; past the end = a
/// missing word).
type CommandError = (usize, String);

fn bare(words: &[Word], at: usize, what: &str) -> Result<String, CommandError> {
    match words.get(at).map(|w| &w.text) {
        Some(Text::Bare(s)) => Ok(s.clone()),
        Some(Text::Quoted(s)) => Err((at, format!("expected {what}, found the string \"{s}\""))),
        None => Err((at, format!("expected {what} at the end of the line"))),
    }
}

fn number(words: &[Word], at: usize, what: &str) -> Result<u64, CommandError> {
    let s = bare(words, at, what)?;
    s.parse::<u64>().map_err(|_| {
        (
            at,
            format!("expected {what} (a whole number of frames), found `{s}`"),
        )
    })
}

/// A mouse movement: a whole number with an optional sign (`+10`, `-4`, `0`).
fn movement(words: &[Word], at: usize, what: &str) -> Result<i32, CommandError> {
    let s = bare(words, at, what)?;
    let digits = s.strip_prefix('+').unwrap_or(&s);
    digits
        .parse::<i32>()
        .ok()
        .filter(|n| n.unsigned_abs() <= 10_000)
        .ok_or_else(|| {
            (
                at,
                format!("expected {what} (a whole number of mouse counts, -10000 to +10000), found `{s}`"),
            )
        })
}

fn is_word(words: &[Word], at: usize, word: &str) -> bool {
    matches!(words.get(at).map(|w| &w.text), Some(Text::Bare(w)) if w.eq_ignore_ascii_case(word))
}

/// `for N` at `at`, if there: Some(N ≥ 1).
fn for_count(words: &[Word], at: usize, what: &str) -> Result<Option<u64>, CommandError> {
    if !is_word(words, at, "for") {
        return Ok(None);
    }
    let n = number(words, at + 1, "a frame count after `for`")?;
    if n == 0 {
        return Err((
            at + 1,
            format!("`for 0` would {what} in the frame it starts"),
        ));
    }
    Ok(Some(n))
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

fn mouse_button(words: &[Word], at: usize) -> Result<Option<MouseButton>, CommandError> {
    Ok(match words.get(at).map(|w| &w.text) {
        Some(Text::Bare(w)) if w.eq_ignore_ascii_case("left") => Some(MouseButton::Left),
        Some(Text::Bare(w)) if w.eq_ignore_ascii_case("right") => Some(MouseButton::Right),
        _ => None,
    })
}

/// `mouse DX DY [for N]`, `mouse BUTTON down|up`.
fn mouse_command(
    words: &[Word],
    cursor: u64,
    events: &mut Vec<MouseEvent>,
) -> Result<(usize, u64), CommandError> {
    if let Some(button) = mouse_button(words, 1)? {
        let action = if is_word(words, 2, "down") {
            MouseAction::Press(button)
        } else if is_word(words, 2, "up") {
            MouseAction::Release(button)
        } else {
            return Err((2, "expected `down` or `up` after the mouse button".into()));
        };
        events.push(MouseEvent {
            frame: cursor,
            action,
        });
        return Ok((3, cursor));
    }
    if words.get(1).is_none() {
        return Err((
            1,
            "expected a movement (`mouse +10 -4`) or a button (`mouse left down`) after `mouse`"
                .into(),
        ));
    }
    let dx = movement(words, 1, "a movement to the right after `mouse`")?;
    let dy = movement(words, 2, "a movement down after the movement to the right")?;
    let Some(n) = for_count(words, 3, "end the movement")? else {
        events.push(MouseEvent {
            frame: cursor,
            action: MouseAction::Move { dx, dy },
        });
        return Ok((3, cursor));
    };
    // Spread evenly over the frames, as a hand moves it: frame i gets the
    // counts that bring the total to round(total * (i + 1) / n).
    let share = |total: i32, i: u64| (i64::from(total) * (i as i64 + 1) / n as i64) as i32;
    let (mut done_x, mut done_y) = (0, 0);
    for i in 0..n {
        let (x, y) = (share(dx, i), share(dy, i));
        if (x, y) != (done_x, done_y) {
            events.push(MouseEvent {
                frame: cursor + i,
                action: MouseAction::Move {
                    dx: x - done_x,
                    dy: y - done_y,
                },
            });
        }
        (done_x, done_y) = (x, y);
    }
    Ok((5, cursor + n))
}

/// `click [BUTTON] [for N]`: the button down N frames (3 unless given), then
/// up for 3 frames.
fn click_command(
    words: &[Word],
    cursor: u64,
    events: &mut Vec<MouseEvent>,
) -> Result<(usize, u64), CommandError> {
    let (button, mut used) = match mouse_button(words, 1)? {
        Some(b) => (b, 2),
        None => (MouseButton::Left, 1),
    };
    let hold = match for_count(words, used, "release the button")? {
        Some(n) => {
            used += 2;
            n
        }
        None => CLICK_HOLD,
    };
    events.push(MouseEvent {
        frame: cursor,
        action: MouseAction::Press(button),
    });
    events.push(MouseEvent {
        frame: cursor + hold,
        action: MouseAction::Release(button),
    });
    Ok((used, cursor + hold + CLICK_GAP))
}

/// Runs the command at the start of `words`; returns how many words it used
/// and the new cursor.
fn command(
    words: &[Word],
    cursor: u64,
    pace: TypingPace,
    script: &mut KeyScript,
) -> Result<(usize, u64), CommandError> {
    let verb = bare(words, 0, "a command")?.to_ascii_lowercase();
    let events = &mut script.events;
    let push = |events: &mut Vec<KeyEvent>, frame, keys: &[Key], action| {
        for &key in keys {
            events.push(KeyEvent { frame, key, action });
        }
    };
    match verb.as_str() {
        "wait" => Ok((2, cursor + number(words, 1, "a frame count after `wait`")?)),
        "at" => Ok((2, number(words, 1, "a frame number after `at`")?)),
        "press" => {
            let keys = chord(&bare(words, 1, "a key name after `press`")?).map_err(|e| (1, e))?;
            push(events, cursor, &keys, KeyAction::Press);
            let Some(n) = for_count(words, 2, "release the key")? else {
                return Ok((2, cursor));
            };
            let mut rev = keys.clone();
            rev.reverse();
            push(events, cursor + n, &rev, KeyAction::Release);
            Ok((4, cursor + n))
        }
        "release" => {
            let keys = chord(&bare(words, 1, "a key name after `release`")?).map_err(|e| (1, e))?;
            push(events, cursor, &keys, KeyAction::Release);
            Ok((2, cursor))
        }
        "type" => match words.get(1).map(|w| &w.text) {
            Some(Text::Quoted(text)) => {
                let (typed, end) =
                    type_events(text, cursor, pace).map_err(|e| (1, e.to_string()))?;
                events.extend(typed);
                Ok((2, end))
            }
            _ => Err((
                1,
                "expected a quoted string after `type` (e.g. type \"RUN\\n\")".into(),
            )),
        },
        "mouse" => mouse_command(words, cursor, &mut script.mouse_events),
        "click" => click_command(words, cursor, &mut script.mouse_events),
        other => Err((
            0,
            format!(
                "unknown command `{other}` (commands: at, wait, press, release, type, mouse, click)"
            ),
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
            "key script line 3, column 1: unknown command `hop` (commands: at, wait, press, release, type, mouse, click)"
        );
    }

    #[test]
    fn display_round_trips() {
        let s =
            KeyScript::parse("at 7 press A for 2\ntype \"B\"\nmouse -3 +4 click right").unwrap();
        let again = KeyScript::parse(&s.to_string()).unwrap();
        assert_eq!(again.events, s.events);
        assert_eq!(again.mouse_events, s.mouse_events);
    }

    fn mouse(s: &str) -> Vec<(u64, MouseAction)> {
        KeyScript::parse(s)
            .unwrap()
            .mouse_events
            .iter()
            .map(|e| (e.frame, e.action))
            .collect()
    }

    use MouseButton::{Left, Right};

    #[test]
    fn mouse_moves_and_buttons() {
        let mv = |dx, dy| MouseAction::Move { dx, dy };
        assert_eq!(
            mouse("at 10 mouse +10 -4\nmouse LEFT down wait 2 mouse left up mouse right down"),
            [
                (10, mv(10, -4)),
                (10, MouseAction::Press(Left)),
                (12, MouseAction::Release(Left)),
                (12, MouseAction::Press(Right)),
            ]
        );
        // Spread over 4 frames: 10 = 2 + 3 + 2 + 3, -3 = 0 - 1 - 1 - 1.
        assert_eq!(
            mouse("mouse 10 -3 for 4"),
            [
                (0, mv(2, 0)),
                (1, mv(3, -1)),
                (2, mv(2, -1)),
                (3, mv(3, -1))
            ]
        );
        assert_eq!(KeyScript::parse("mouse 10 -3 for 4").unwrap().end_frame, 4);
        assert_eq!(KeyScript::parse("mouse 1 1").unwrap().end_frame, 0);
    }

    #[test]
    fn clicks_hold_then_gap() {
        assert_eq!(
            mouse("at 5 click click right for 10"),
            [
                (5, MouseAction::Press(Left)),
                (8, MouseAction::Release(Left)),
                (11, MouseAction::Press(Right)),
                (21, MouseAction::Release(Right)),
            ]
        );
        assert_eq!(KeyScript::parse("click").unwrap().end_frame, 6);
        assert_eq!(KeyScript::parse("click for 1").unwrap().end_frame, 4);
    }

    #[test]
    fn errors_name_the_column() {
        let err = |s: &str| {
            let e = KeyScript::parse(s).unwrap_err();
            (e.line, e.column, e.message)
        };
        let (line, column, message) = err("wait 1\n  mouse +1 up");
        assert_eq!((line, column), (2, 12));
        assert!(message.contains("`up`"), "{message}");
        assert_eq!(err("mouse").1, 6);
        assert!(err("mouse").2.contains("after `mouse`"));
        assert_eq!(err("mouse left sideways").1, 12);
        assert_eq!(err("click for 0").1, 11);
        assert_eq!(err("mouse 99999 0").1, 7);
        assert_eq!(err("press A\twait x").1, 14);
        assert_eq!(err("type \"a\\q\"").1, 8);
        assert_eq!(err("type \"abc").1, 6);
        assert_eq!(err("at 1 hop").1, 6);
        assert_eq!(
            KeyScript::parse("wait 1\npress SPAC").unwrap_err().to_string(),
            "key script line 2, column 7: `SPAC` is not an MSX key name (e.g. SPACE, RETURN, F1, A, 0, UP, SHIFT, GRAPH, CODE, STOP, NUM5)"
        );
    }
}
