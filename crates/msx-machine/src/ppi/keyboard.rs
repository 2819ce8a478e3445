//! The MSX keyboard matrix, international layout, by MSX key name.
//!
//! 11 rows of 8 keys; the PPI selects a row with port C bits 0–3 and reads it
//! on port B, bit = 0 for a key that is down. Facts: `msx-hardware.md` §5.2
//! (grauw's key matrix article, MSX2 Technical Handbook figure 5.17B).
//! Rows 6–10 are the same on every MSX; rows 0–5 are the international
//! (US-like) layout.

use std::fmt;
use std::str::FromStr;

macro_rules! keys {
    ($( $name:ident = ($row:expr, $bit:expr), $label:expr, [$($alias:expr),*] ;)*) => {
        /// A key of the MSX keyboard, named after what is printed on it.
        #[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Key {
            $(
                #[doc = concat!("`", $label, "` (row ", stringify!($row), ", bit ", stringify!($bit), ")")]
                $name,
            )*
        }

        impl Key {
            /// Every key of the matrix.
            pub const ALL: &'static [Key] = &[$(Key::$name),*];

            /// Row (0–10) and bit (0–7) in the matrix.
            pub const fn position(self) -> (u8, u8) {
                match self {
                    $(Key::$name => ($row, $bit),)*
                }
            }

            /// The key's name as written in key scripts (`SPACE`, `F1`, `A`…).
            pub const fn name(self) -> &'static str {
                match self {
                    $(Key::$name => $label,)*
                }
            }

            fn from_name(s: &str) -> Option<Key> {
                $(
                    if s == $label $(|| s == $alias)* {
                        return Some(Key::$name);
                    }
                )*
                None
            }
        }
    };
}

keys! {
    Digit0 = (0, 0), "0", [];
    Digit1 = (0, 1), "1", [];
    Digit2 = (0, 2), "2", [];
    Digit3 = (0, 3), "3", [];
    Digit4 = (0, 4), "4", [];
    Digit5 = (0, 5), "5", [];
    Digit6 = (0, 6), "6", [];
    Digit7 = (0, 7), "7", [];
    Digit8 = (1, 0), "8", [];
    Digit9 = (1, 1), "9", [];
    Minus = (1, 2), "MINUS", ["-"];
    Equals = (1, 3), "EQUALS", ["="];
    Backslash = (1, 4), "BACKSLASH", ["\\"];
    LeftBracket = (1, 5), "LBRACKET", ["["];
    RightBracket = (1, 6), "RBRACKET", ["]"];
    Semicolon = (1, 7), "SEMICOLON", [";"];
    Quote = (2, 0), "QUOTE", ["'"];
    Backquote = (2, 1), "BACKQUOTE", ["`"];
    Comma = (2, 2), "COMMA", [","];
    Period = (2, 3), "PERIOD", ["."];
    Slash = (2, 4), "SLASH", ["/"];
    Dead = (2, 5), "DEAD", [];
    A = (2, 6), "A", [];
    B = (2, 7), "B", [];
    C = (3, 0), "C", [];
    D = (3, 1), "D", [];
    E = (3, 2), "E", [];
    F = (3, 3), "F", [];
    G = (3, 4), "G", [];
    H = (3, 5), "H", [];
    I = (3, 6), "I", [];
    J = (3, 7), "J", [];
    K = (4, 0), "K", [];
    L = (4, 1), "L", [];
    M = (4, 2), "M", [];
    N = (4, 3), "N", [];
    O = (4, 4), "O", [];
    P = (4, 5), "P", [];
    Q = (4, 6), "Q", [];
    R = (4, 7), "R", [];
    S = (5, 0), "S", [];
    T = (5, 1), "T", [];
    U = (5, 2), "U", [];
    V = (5, 3), "V", [];
    W = (5, 4), "W", [];
    X = (5, 5), "X", [];
    Y = (5, 6), "Y", [];
    Z = (5, 7), "Z", [];
    Shift = (6, 0), "SHIFT", [];
    Ctrl = (6, 1), "CTRL", ["CONTROL"];
    Graph = (6, 2), "GRAPH", [];
    Caps = (6, 3), "CAPS", [];
    Code = (6, 4), "CODE", [];
    F1 = (6, 5), "F1", [];
    F2 = (6, 6), "F2", [];
    F3 = (6, 7), "F3", [];
    F4 = (7, 0), "F4", [];
    F5 = (7, 1), "F5", [];
    Esc = (7, 2), "ESC", ["ESCAPE"];
    Tab = (7, 3), "TAB", [];
    Stop = (7, 4), "STOP", [];
    Bs = (7, 5), "BS", ["BACKSPACE"];
    Select = (7, 6), "SELECT", [];
    Return = (7, 7), "RETURN", ["ENTER"];
    Space = (8, 0), "SPACE", [];
    Home = (8, 1), "HOME", [];
    Ins = (8, 2), "INS", ["INSERT"];
    Del = (8, 3), "DEL", ["DELETE"];
    Left = (8, 4), "LEFT", [];
    Up = (8, 5), "UP", [];
    Down = (8, 6), "DOWN", [];
    Right = (8, 7), "RIGHT", [];
    PadMultiply = (9, 0), "NUM*", [];
    PadPlus = (9, 1), "NUM+", [];
    PadDivide = (9, 2), "NUM/", [];
    Pad0 = (9, 3), "NUM0", [];
    Pad1 = (9, 4), "NUM1", [];
    Pad2 = (9, 5), "NUM2", [];
    Pad3 = (9, 6), "NUM3", [];
    Pad4 = (9, 7), "NUM4", [];
    Pad5 = (10, 0), "NUM5", [];
    Pad6 = (10, 1), "NUM6", [];
    Pad7 = (10, 2), "NUM7", [];
    Pad8 = (10, 3), "NUM8", [];
    Pad9 = (10, 4), "NUM9", [];
    PadMinus = (10, 5), "NUM-", [];
    PadComma = (10, 6), "NUM,", [];
    PadPeriod = (10, 7), "NUM.", [];
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A key name that is not on the MSX keyboard.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not an MSX key name (e.g. SPACE, RETURN, F1, A, 0, UP, SHIFT, GRAPH, CODE, STOP, NUM5)")]
pub struct UnknownKey(pub String);

impl FromStr for Key {
    type Err = UnknownKey;

    /// Accepts the names of [`Key::name`] in any case, and a few aliases
    /// (`ENTER`, `ESCAPE`, `BACKSPACE`, `INSERT`, `DELETE`, `CONTROL`, and the
    /// punctuation characters themselves).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Key::from_name(&s.to_ascii_uppercase()).ok_or_else(|| UnknownKey(s.to_string()))
    }
}

/// The keys to hold down for one character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chord {
    /// The key.
    pub key: Key,
    /// Whether SHIFT is held with it.
    pub shift: bool,
}

/// Row 0–2 characters of the international layout: (key, unshifted, shifted).
const SYMBOLS: &[(Key, char, char)] = &[
    (Key::Digit0, '0', ')'),
    (Key::Digit1, '1', '!'),
    (Key::Digit2, '2', '@'),
    (Key::Digit3, '3', '#'),
    (Key::Digit4, '4', '$'),
    (Key::Digit5, '5', '%'),
    (Key::Digit6, '6', '^'),
    (Key::Digit7, '7', '&'),
    (Key::Digit8, '8', '*'),
    (Key::Digit9, '9', '('),
    (Key::Minus, '-', '_'),
    (Key::Equals, '=', '+'),
    (Key::Backslash, '\\', '|'),
    (Key::LeftBracket, '[', '{'),
    (Key::RightBracket, ']', '}'),
    (Key::Semicolon, ';', ':'),
    (Key::Quote, '\'', '"'),
    (Key::Backquote, '`', '~'),
    (Key::Comma, ',', '<'),
    (Key::Period, '.', '>'),
    (Key::Slash, '/', '?'),
];

/// Control characters typed with one key.
const CONTROLS: &[(char, Key)] = &[
    (' ', Key::Space),
    ('\r', Key::Return),
    ('\n', Key::Return),
    ('\t', Key::Tab),
    ('\x08', Key::Bs),
    ('\x1b', Key::Esc),
    ('\x7f', Key::Del),
];

/// Which key (with or without SHIFT) types `c` on the international layout
/// with CAPS off: letters are lower case alone and upper case with SHIFT.
/// `None` for characters the layout has no plain key for (the GRAPH and
/// CODE characters are not covered).
pub fn chord_for_char(c: char) -> Option<Chord> {
    if c.is_ascii_alphabetic() {
        let index = (c.to_ascii_uppercase() as u8 - b'A') as usize;
        let key = Key::ALL[Key::A as usize + index];
        return Some(Chord {
            key,
            shift: c.is_ascii_uppercase(),
        });
    }
    if let Some(&(_, key)) = CONTROLS.iter().find(|(ch, _)| *ch == c) {
        return Some(Chord { key, shift: false });
    }
    SYMBOLS.iter().find_map(|&(key, plain, shifted)| {
        if c == plain {
            Some(Chord { key, shift: false })
        } else if c == shifted {
            Some(Chord { key, shift: true })
        } else {
            None
        }
    })
}

/// The state of the matrix: which keys are down.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default, PartialEq, Eq)]
pub struct Keyboard {
    /// Bit set = key down (the inverse of what port B reads).
    down: [u8; 11],
}

impl Keyboard {
    /// All keys up.
    pub fn new() -> Self {
        Self::default()
    }

    /// Holds `key` down.
    pub fn press(&mut self, key: Key) {
        let (row, bit) = key.position();
        self.down[usize::from(row)] |= 1 << bit;
    }

    /// Lets `key` up.
    pub fn release(&mut self, key: Key) {
        let (row, bit) = key.position();
        self.down[usize::from(row)] &= !(1 << bit);
    }

    /// Lets every key up.
    pub fn release_all(&mut self) {
        self.down = [0; 11];
    }

    /// Whether `key` is down.
    pub fn is_pressed(&self, key: Key) -> bool {
        let (row, bit) = key.position();
        self.down[usize::from(row)] & (1 << bit) != 0
    }

    /// Holds the keys of a chord (SHIFT first).
    pub fn press_chord(&mut self, chord: Chord) {
        if chord.shift {
            self.press(Key::Shift);
        }
        self.press(chord.key);
    }

    /// Lets the keys of a chord up.
    pub fn release_chord(&mut self, chord: Chord) {
        self.release(chord.key);
        if chord.shift {
            self.release(Key::Shift);
        }
    }

    /// What port B reads for row `row`: bit = 0 for a key down; rows 11–15
    /// have no keys and read 0xFF.
    pub fn row(&self, row: u8) -> u8 {
        !self.down.get(usize::from(row)).copied().unwrap_or(0)
    }
}
