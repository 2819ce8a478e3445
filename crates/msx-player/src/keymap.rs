//! Host keys to MSX keys, by physical position.
//!
//! winit's [`KeyCode`] names the position of a key on a US keyboard whatever
//! layout the host uses, which is exactly what the MSX matrix wants: the
//! key left of `S` is MSX `A` on a QWERTY and an AZERTY host alike (the user
//! types as on an international MSX keyboard). Three tables, no logic:
//! MSX keys, the joystick (when it is on) and the player's own commands.
//! Every row here is listed in `docs/player.md`; a test checks that the
//! document and the tables agree.

use msx_machine::ppi::Key;
use winit::keyboard::KeyCode;

/// Host key → MSX key. Keys the MSX has no counterpart for are absent.
pub const MSX_KEYS: &[(KeyCode, Key)] = &[
    (KeyCode::Digit0, Key::Digit0),
    (KeyCode::Digit1, Key::Digit1),
    (KeyCode::Digit2, Key::Digit2),
    (KeyCode::Digit3, Key::Digit3),
    (KeyCode::Digit4, Key::Digit4),
    (KeyCode::Digit5, Key::Digit5),
    (KeyCode::Digit6, Key::Digit6),
    (KeyCode::Digit7, Key::Digit7),
    (KeyCode::Digit8, Key::Digit8),
    (KeyCode::Digit9, Key::Digit9),
    (KeyCode::Minus, Key::Minus),
    (KeyCode::Equal, Key::Equals),
    (KeyCode::Backslash, Key::Backslash),
    (KeyCode::BracketLeft, Key::LeftBracket),
    (KeyCode::BracketRight, Key::RightBracket),
    (KeyCode::Semicolon, Key::Semicolon),
    (KeyCode::Quote, Key::Quote),
    (KeyCode::Backquote, Key::Backquote),
    (KeyCode::Comma, Key::Comma),
    (KeyCode::Period, Key::Period),
    (KeyCode::Slash, Key::Slash),
    // The ISO key left of Z and the JIS key right of / sit where the MSX
    // has its dead (accent) key.
    (KeyCode::IntlBackslash, Key::Dead),
    (KeyCode::IntlRo, Key::Dead),
    (KeyCode::KeyA, Key::A),
    (KeyCode::KeyB, Key::B),
    (KeyCode::KeyC, Key::C),
    (KeyCode::KeyD, Key::D),
    (KeyCode::KeyE, Key::E),
    (KeyCode::KeyF, Key::F),
    (KeyCode::KeyG, Key::G),
    (KeyCode::KeyH, Key::H),
    (KeyCode::KeyI, Key::I),
    (KeyCode::KeyJ, Key::J),
    (KeyCode::KeyK, Key::K),
    (KeyCode::KeyL, Key::L),
    (KeyCode::KeyM, Key::M),
    (KeyCode::KeyN, Key::N),
    (KeyCode::KeyO, Key::O),
    (KeyCode::KeyP, Key::P),
    (KeyCode::KeyQ, Key::Q),
    (KeyCode::KeyR, Key::R),
    (KeyCode::KeyS, Key::S),
    (KeyCode::KeyT, Key::T),
    (KeyCode::KeyU, Key::U),
    (KeyCode::KeyV, Key::V),
    (KeyCode::KeyW, Key::W),
    (KeyCode::KeyX, Key::X),
    (KeyCode::KeyY, Key::Y),
    (KeyCode::KeyZ, Key::Z),
    (KeyCode::ShiftLeft, Key::Shift),
    (KeyCode::ShiftRight, Key::Shift),
    // Right Ctrl is the player's host key (see HOST_KEY), so only the left
    // one is the MSX CTRL.
    (KeyCode::ControlLeft, Key::Ctrl),
    (KeyCode::AltLeft, Key::Graph),
    (KeyCode::AltRight, Key::Code),
    (KeyCode::CapsLock, Key::Caps),
    (KeyCode::F1, Key::F1),
    (KeyCode::F2, Key::F2),
    (KeyCode::F3, Key::F3),
    (KeyCode::F4, Key::F4),
    (KeyCode::F5, Key::F5),
    (KeyCode::F7, Key::Select),
    (KeyCode::End, Key::Select),
    (KeyCode::F8, Key::Stop),
    (KeyCode::Escape, Key::Esc),
    (KeyCode::Tab, Key::Tab),
    (KeyCode::Backspace, Key::Bs),
    (KeyCode::Enter, Key::Return),
    (KeyCode::Space, Key::Space),
    (KeyCode::Home, Key::Home),
    (KeyCode::Insert, Key::Ins),
    (KeyCode::Delete, Key::Del),
    (KeyCode::ArrowLeft, Key::Left),
    (KeyCode::ArrowUp, Key::Up),
    (KeyCode::ArrowDown, Key::Down),
    (KeyCode::ArrowRight, Key::Right),
    (KeyCode::NumpadMultiply, Key::PadMultiply),
    (KeyCode::NumpadAdd, Key::PadPlus),
    (KeyCode::NumpadDivide, Key::PadDivide),
    (KeyCode::NumpadSubtract, Key::PadMinus),
    (KeyCode::NumpadComma, Key::PadComma),
    (KeyCode::NumpadDecimal, Key::PadPeriod),
    (KeyCode::NumpadEnter, Key::Return),
    (KeyCode::Numpad0, Key::Pad0),
    (KeyCode::Numpad1, Key::Pad1),
    (KeyCode::Numpad2, Key::Pad2),
    (KeyCode::Numpad3, Key::Pad3),
    (KeyCode::Numpad4, Key::Pad4),
    (KeyCode::Numpad5, Key::Pad5),
    (KeyCode::Numpad6, Key::Pad6),
    (KeyCode::Numpad7, Key::Pad7),
    (KeyCode::Numpad8, Key::Pad8),
    (KeyCode::Numpad9, Key::Pad9),
];

/// The MSX key at a host key's position, if any.
pub fn msx_key(code: KeyCode) -> Option<Key> {
    MSX_KEYS.iter().find(|(c, _)| *c == code).map(|&(_, k)| k)
}

/// A joystick input (port 1 when joystick mode is on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stick {
    Up,
    Down,
    Left,
    Right,
    TriggerA,
    TriggerB,
}

impl Stick {
    /// The pin's bit in the PSG's joystick byte (0 = active there).
    pub const fn bit(self) -> u8 {
        match self {
            Stick::Up => 0x01,
            Stick::Down => 0x02,
            Stick::Left => 0x04,
            Stick::Right => 0x08,
            Stick::TriggerA => 0x10,
            Stick::TriggerB => 0x20,
        }
    }
}

/// Host key → joystick, used instead of [`MSX_KEYS`] for these keys while
/// joystick mode is on.
pub const JOYSTICK_KEYS: &[(KeyCode, Stick)] = &[
    (KeyCode::ArrowUp, Stick::Up),
    (KeyCode::ArrowDown, Stick::Down),
    (KeyCode::ArrowLeft, Stick::Left),
    (KeyCode::ArrowRight, Stick::Right),
    (KeyCode::Space, Stick::TriggerA),
    (KeyCode::AltLeft, Stick::TriggerB),
];

/// The joystick input at a host key, if any.
pub fn stick(code: KeyCode) -> Option<Stick> {
    JOYSTICK_KEYS
        .iter()
        .find(|(c, _)| *c == code)
        .map(|&(_, s)| s)
}

/// The PSG joystick byte (active low, 6 pins) for a set of held inputs.
pub fn joystick_pins(held: &[Stick]) -> u8 {
    held.iter().fold(0x3F, |pins, s| pins & !s.bit())
}

/// Something the player does (not the MSX).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Pause,
    Reset,
    Warp,
    Fullscreen,
    Screenshot,
    SaveState,
    LoadState,
    /// Choose save-state slot n (1–9).
    Slot(u8),
    NextDisk,
    Joystick,
    Mouse,
    IntegerScaling,
    Quit,
}

impl Command {
    /// What `docs/player.md` calls it.
    pub const fn name(self) -> &'static str {
        match self {
            Command::Pause => "pause / resume",
            Command::Reset => "reset",
            Command::Warp => "warp speed on / off",
            Command::Fullscreen => "full screen on / off",
            Command::Screenshot => "screenshot",
            Command::SaveState => "save state",
            Command::LoadState => "load state",
            Command::Slot(_) => "choose state slot",
            Command::NextDisk => "next disk",
            Command::Joystick => "joystick on / off",
            Command::Mouse => "mouse in port 1 on / off",
            Command::IntegerScaling => "integer scaling / fit",
            Command::Quit => "quit",
        }
    }
}

/// The player's host key: held, it turns the keys of [`HOST_COMMANDS`]
/// into commands, and the MSX does not see them.
pub const HOST_KEY: KeyCode = KeyCode::ControlRight;

/// Commands on keys of their own (no MSX key there).
pub const DIRECT_COMMANDS: &[(KeyCode, Command)] = &[
    (KeyCode::Pause, Command::Pause),
    (KeyCode::F9, Command::Pause),
    (KeyCode::F10, Command::Warp),
    (KeyCode::F11, Command::Fullscreen),
    (KeyCode::F12, Command::Screenshot),
    (KeyCode::PrintScreen, Command::Screenshot),
];

/// Commands with the host key held.
pub const HOST_COMMANDS: &[(KeyCode, Command)] = &[
    (KeyCode::KeyP, Command::Pause),
    (KeyCode::KeyR, Command::Reset),
    (KeyCode::KeyW, Command::Warp),
    (KeyCode::KeyF, Command::Fullscreen),
    (KeyCode::Enter, Command::Fullscreen),
    (KeyCode::KeyC, Command::Screenshot),
    (KeyCode::KeyS, Command::SaveState),
    (KeyCode::KeyL, Command::LoadState),
    (KeyCode::Digit1, Command::Slot(1)),
    (KeyCode::Digit2, Command::Slot(2)),
    (KeyCode::Digit3, Command::Slot(3)),
    (KeyCode::Digit4, Command::Slot(4)),
    (KeyCode::Digit5, Command::Slot(5)),
    (KeyCode::Digit6, Command::Slot(6)),
    (KeyCode::Digit7, Command::Slot(7)),
    (KeyCode::Digit8, Command::Slot(8)),
    (KeyCode::Digit9, Command::Slot(9)),
    (KeyCode::KeyD, Command::NextDisk),
    (KeyCode::KeyJ, Command::Joystick),
    (KeyCode::KeyM, Command::Mouse),
    (KeyCode::KeyI, Command::IntegerScaling),
    (KeyCode::KeyQ, Command::Quit),
];

/// What a key press means, given whether the host key is held.
pub fn command(code: KeyCode, host_held: bool) -> Option<Command> {
    let table = if host_held {
        HOST_COMMANDS
    } else {
        DIRECT_COMMANDS
    };
    table.iter().find(|(c, _)| *c == code).map(|&(_, k)| k)
}

/// Where a host key goes, in priority order: a command, the joystick
/// (when on), the MSX keyboard, or nowhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    Command(Command),
    Stick(Stick),
    Msx(Key),
    Ignored,
}

/// Routes a host key press or release.
pub fn route(code: KeyCode, host_held: bool, joystick_on: bool) -> Route {
    if code == HOST_KEY {
        return Route::Ignored;
    }
    if let Some(c) = command(code, host_held) {
        return Route::Command(c);
    }
    if host_held {
        // An unbound host-key combination must not leak into the MSX.
        return Route::Ignored;
    }
    if joystick_on {
        if let Some(s) = stick(code) {
            return Route::Stick(s);
        }
    }
    msx_key(code).map_or(Route::Ignored, Route::Msx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_msx_key_has_a_host_key_except_none() {
        // The issue lists every key class; the whole international matrix
        // is reachable.
        let mapped: HashSet<Key> = MSX_KEYS.iter().map(|&(_, k)| k).collect();
        let missing: Vec<&Key> = Key::ALL.iter().filter(|k| !mapped.contains(k)).collect();
        assert!(missing.is_empty(), "unmapped MSX keys: {missing:?}");
    }

    #[test]
    fn no_host_key_is_listed_twice() {
        for table in [
            MSX_KEYS.iter().map(|e| e.0).collect::<Vec<_>>(),
            JOYSTICK_KEYS.iter().map(|e| e.0).collect(),
            DIRECT_COMMANDS.iter().map(|e| e.0).collect(),
            HOST_COMMANDS.iter().map(|e| e.0).collect(),
        ] {
            let set: HashSet<KeyCode> = table.iter().copied().collect();
            assert_eq!(set.len(), table.len(), "duplicate in {table:?}");
        }
    }

    #[test]
    fn commands_never_shadow_msx_keys() {
        for (code, _) in DIRECT_COMMANDS {
            assert_eq!(msx_key(*code), None, "{code:?} is both");
        }
        assert_eq!(msx_key(HOST_KEY), None);
    }

    #[test]
    fn positions_follow_the_us_layout() {
        assert_eq!(msx_key(KeyCode::KeyA), Some(Key::A));
        assert_eq!(msx_key(KeyCode::Semicolon), Some(Key::Semicolon));
        assert_eq!(msx_key(KeyCode::AltLeft), Some(Key::Graph));
        assert_eq!(msx_key(KeyCode::AltRight), Some(Key::Code));
        assert_eq!(msx_key(KeyCode::F8), Some(Key::Stop));
        assert_eq!(msx_key(KeyCode::F9), None);
    }

    #[test]
    fn routing() {
        assert_eq!(
            route(KeyCode::KeyR, true, false),
            Route::Command(Command::Reset)
        );
        assert_eq!(route(KeyCode::KeyR, false, false), Route::Msx(Key::R));
        assert_eq!(route(KeyCode::KeyZ, true, false), Route::Ignored);
        assert_eq!(
            route(KeyCode::Space, false, true),
            Route::Stick(Stick::TriggerA)
        );
        assert_eq!(route(KeyCode::Space, false, false), Route::Msx(Key::Space));
        assert_eq!(
            route(KeyCode::F10, false, true),
            Route::Command(Command::Warp)
        );
        assert_eq!(route(HOST_KEY, false, false), Route::Ignored);
    }

    /// `docs/player.md` must list every key: one table row per entry of
    /// each table, naming the host key (as `KeyCode`) and what it does.
    #[test]
    fn the_user_guide_lists_every_key() {
        let doc = include_str!("../../../docs/player.md");
        let rows: Vec<&str> = doc.lines().filter(|l| l.starts_with('|')).collect();
        let listed = |code: KeyCode, what: &str| {
            let code = format!("`{code:?}`");
            rows.iter().any(|r| r.contains(&code) && r.contains(what))
        };
        for &(code, key) in MSX_KEYS {
            assert!(
                listed(code, &format!("`{}`", key.name())),
                "{code:?} -> {key}"
            );
        }
        for &(code, stick) in JOYSTICK_KEYS {
            assert!(listed(code, &format!("{stick:?}")), "{code:?} -> {stick:?}");
        }
        for &(code, cmd) in DIRECT_COMMANDS.iter().chain(HOST_COMMANDS) {
            let what = match cmd {
                Command::Slot(n) => format!("{} {n}", cmd.name()),
                _ => cmd.name().to_string(),
            };
            assert!(listed(code, &what), "{code:?} -> {what}");
        }
        assert!(listed(HOST_KEY, "host key"));
    }

    #[test]
    fn joystick_pins_are_active_low() {
        assert_eq!(joystick_pins(&[]), 0x3F);
        assert_eq!(joystick_pins(&[Stick::Up, Stick::TriggerA]), 0x3F & !0x11);
        assert_eq!(joystick_pins(&[Stick::Right, Stick::TriggerB]), 0x17);
    }
}
