//! The debug device on ports 0x2E/0x2F: a channel for test programs to print
//! to the host, with openMSX's `debugdevice` conventions so that the same
//! program reports the same text on both emulators.
//!
//! Port 0x2E is the mode register:
//!
//! | bits 5–4 | mode | bits 3–0 |
//! |---|---|---|
//! | 00 | off: data bytes are dropped | – |
//! | 01 | single byte: each data byte on its own line | 1 = hex, 2 = binary, 4 = decimal, 8 = ASCII (any combination), then `emutime: <T-states>` |
//! | 10 | multi byte: data bytes one after the other | bits 1–0: 0 = hex, 1 = binary, 2 = decimal, 3 = ASCII |
//! | 11 | mode unchanged | – |
//!
//! A write to 0x2E with bit 6 clear also outputs a line break, so `0x23`
//! (multi-byte ASCII, C-BIOS's choice) starts a new line, `0x63` does not.
//! Port 0x2F takes the data. Nothing reads back (both ports read 0xFF).
//!
//! Facts: openMSX `DebugDevice.cc` (read for the conventions, not copied).

/// What the data port does with a byte.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Off,
    /// Bit mask of formats: 1 hex, 2 binary, 4 decimal, 8 ASCII.
    Single(u8),
    /// One format: 0 hex, 1 binary, 2 decimal, 3 ASCII.
    Multi(u8),
}

/// The debug device and everything it has printed.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug)]
pub struct DebugDevice {
    mode: Mode,
    output: Vec<u8>,
}

impl Default for DebugDevice {
    fn default() -> Self {
        Self::new()
    }
}

impl DebugDevice {
    /// Power-on: mode off, nothing printed.
    pub fn new() -> Self {
        DebugDevice {
            mode: Mode::Off,
            output: Vec::new(),
        }
    }

    /// The reset button: mode off (the output collected so far is kept).
    pub fn reset(&mut self) {
        self.mode = Mode::Off;
    }

    /// Everything printed since power-on (or the last [`Self::take_output`]).
    pub fn output(&self) -> &[u8] {
        &self.output
    }

    /// The output, removed from the device.
    pub fn take_output(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.output)
    }

    /// An `OUT` to port 0x2E (`port` even) or 0x2F (odd) at T-state `now`.
    pub fn write(&mut self, port: u8, value: u8, now: u64) {
        if port & 1 == 0 {
            self.mode = match (value >> 4) & 3 {
                0 => Mode::Off,
                1 => Mode::Single(value & 0x0F),
                2 => Mode::Multi(value & 0x03),
                _ => self.mode,
            };
            if value & 0x40 == 0 {
                self.output.push(b'\n');
            }
            return;
        }
        match self.mode {
            Mode::Off => {}
            Mode::Multi(format) => self.show(value, format),
            Mode::Single(formats) => {
                for format in 0..3 {
                    if formats & (1 << format) != 0 {
                        self.show(value, format);
                    }
                }
                if formats & 8 != 0 {
                    let printable = if (0x20..0x7F).contains(&value) {
                        value
                    } else {
                        b'.'
                    };
                    self.output
                        .extend_from_slice(&[b'\'', printable, b'\'', b' ']);
                }
                self.output
                    .extend_from_slice(format!("emutime: {now}").as_bytes());
                self.output.push(b'\n');
            }
        }
    }

    /// One byte in format 0 hex (`2Ah `), 1 binary (`00101010b `),
    /// 2 decimal (`042 `), 3 ASCII (the byte itself).
    fn show(&mut self, value: u8, format: u8) {
        let text = match format {
            0 => format!("{value:02x}h "),
            1 => format!("{value:08b}b "),
            2 => format!("{value:03} "),
            _ => {
                self.output.push(value);
                return;
            }
        };
        self.output.extend_from_slice(text.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn print(dev: &mut DebugDevice, bytes: &[u8]) {
        for &b in bytes {
            dev.write(0x2F, b, 0);
        }
    }

    #[test]
    fn ascii_mode_as_c_bios_uses_it() {
        let mut dev = DebugDevice::new();
        print(&mut dev, b"dropped while off");
        dev.write(0x2E, 0x23, 0);
        print(&mut dev, b"RESULT: 42 OK");
        assert_eq!(dev.output(), b"\nRESULT: 42 OK");
        // Bit 6 set: the same mode without a line break.
        dev.write(0x2E, 0x63, 0);
        print(&mut dev, b"!");
        assert_eq!(dev.take_output(), b"\nRESULT: 42 OK!");
        assert!(dev.output().is_empty());
    }

    #[test]
    fn multi_byte_number_formats() {
        let mut dev = DebugDevice::new();
        dev.write(0x2E, 0x60, 0);
        print(&mut dev, &[0x2A, 0x05]);
        dev.write(0x2E, 0x61, 0);
        print(&mut dev, &[0x2A]);
        dev.write(0x2E, 0x62, 0);
        print(&mut dev, &[7]);
        assert_eq!(
            String::from_utf8_lossy(dev.output()),
            "2ah 05h 00101010b 007 "
        );
    }

    #[test]
    fn single_byte_lines_carry_the_time() {
        let mut dev = DebugDevice::new();
        dev.write(0x2E, 0x5F, 0); // all four formats, no line break
        dev.write(0x2F, b'A', 1234);
        dev.write(0x2E, 0x58, 0); // ASCII only
        dev.write(0x2F, 0x07, 99);
        assert_eq!(
            String::from_utf8_lossy(dev.output()),
            "41h 01000001b 065 'A' emutime: 1234\n'.' emutime: 99\n"
        );
    }

    #[test]
    fn mode_three_keeps_the_mode() {
        let mut dev = DebugDevice::new();
        dev.write(0x2E, 0x63, 0);
        dev.write(0x2E, 0x70, 0);
        print(&mut dev, b"x");
        assert_eq!(dev.output(), b"x");
    }
}
