//! The printer port (ports 0x90/0x91) and what a printer plugged into it
//! received.
//!
//! | port | read | write |
//! |---|---|---|
//! | 0x90 | bit 1: BUSY (1 = busy or nothing plugged in); the other bits read 1 | bit 0: STROBE |
//! | 0x91 | 0xFF | the data byte |
//!
//! The BIOS's LPTOUT writes the byte to 0x91, then STROBE 0 and 1 again;
//! the printer takes the byte when STROBE falls (1 → 0). With nothing plugged
//! in, BUSY reads 1 (as on an MSX without a printer: LPTOUT waits until
//! CTRL+STOP). A plugged-in printer here is always ready and keeps every byte
//! it took, like openMSX's printer logger.
//!
//! Facts: MSX2 Technical Handbook, chapter 5 (printer interface); openMSX
//! `MSXPrinterPort.cc` / `PrinterPortLogger.cc` for the strobe edge (read,
//! not copied).

/// The printer port and the printer plugged into it, if any.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug)]
pub struct PrinterPort {
    plugged: bool,
    data: u8,
    /// STROBE as last written; high (idle) at power-on, so the BIOS's first
    /// strobe (0, then 1) already prints.
    strobe: bool,
    printed: Vec<u8>,
}

impl Default for PrinterPort {
    fn default() -> Self {
        PrinterPort {
            plugged: false,
            data: 0,
            strobe: true,
            printed: Vec::new(),
        }
    }
}

impl PrinterPort {
    /// Plugs a printer in (`true`) or pulls it out.
    pub fn plug(&mut self, plugged: bool) {
        self.plugged = plugged;
    }

    /// Whether a printer is plugged in.
    pub fn plugged(&self) -> bool {
        self.plugged
    }

    /// An `IN` from 0x90 or 0x91.
    pub fn read(&self, port: u8) -> u8 {
        match port {
            0x90 if self.plugged => 0xFD,
            _ => 0xFF,
        }
    }

    /// An `OUT` to 0x90 or 0x91.
    pub fn write(&mut self, port: u8, value: u8) {
        match port {
            0x90 => {
                let strobe = value & 1 != 0;
                if self.strobe && !strobe && self.plugged {
                    self.printed.push(self.data);
                }
                self.strobe = strobe;
            }
            _ => self.data = value,
        }
    }

    /// Every byte the printer took since power-on (or the last
    /// [`Self::take_printed`]).
    pub fn printed(&self) -> &[u8] {
        &self.printed
    }

    /// The printed bytes, removed.
    pub fn take_printed(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.printed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What LPTOUT does for one byte.
    fn lptout(p: &mut PrinterPort, byte: u8) {
        p.write(0x91, byte);
        p.write(0x90, 0);
        p.write(0x90, 1);
    }

    #[test]
    fn nothing_plugged_in_is_busy_and_prints_nothing() {
        let mut p = PrinterPort::default();
        assert_eq!(p.read(0x90) & 2, 2);
        lptout(&mut p, b'A');
        assert!(p.printed().is_empty());
    }

    #[test]
    fn a_printer_takes_the_byte_when_strobe_falls() {
        let mut p = PrinterPort::default();
        p.plug(true);
        assert_eq!(p.read(0x90), 0xFD);
        assert_eq!(p.read(0x91), 0xFF);
        // STROBE is idle high at power-on: the first byte prints.
        lptout(&mut p, b'H');
        lptout(&mut p, b'i');
        // Writing the data, or STROBE staying high, prints nothing.
        p.write(0x91, b'x');
        p.write(0x90, 1);
        assert_eq!(p.printed(), b"Hi");
        // Only the fall prints, once however long STROBE stays low.
        p.write(0x90, 0);
        p.write(0x90, 0);
        assert_eq!(p.take_printed(), b"Hix");
        assert!(p.printed().is_empty());
    }
}
