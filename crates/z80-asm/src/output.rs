//! Text outputs of an assembly: symbol files and the listing.

use crate::{Assembly, SymbolKind};

/// Symbol file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SymbolFormat {
    /// `name: equ 0xADDR`, one per line: read by the openMSX debugger (its "generic"
    /// format, `debug symbols load`), by openMSX-debugger, and by this assembler
    /// (INCLUDE it to use the symbols from another program).
    #[default]
    Generic,
    /// `DEF name ADDR` (hex without prefix): the NoICE format, also read by openMSX.
    NoIce,
}

impl Assembly {
    /// The labels and EQU constants, sorted by name, in the given format.
    pub fn symbol_file(&self, format: SymbolFormat) -> String {
        let mut out = String::new();
        for (name, s) in &self.symbols {
            // DEFL values and the generated names of macro LOCALs (`x?3`) are left out.
            if s.kind == SymbolKind::Defl || name.contains('?') {
                continue;
            }
            let v = s.value as u16;
            match format {
                SymbolFormat::Generic => out.push_str(&format!("{name}: equ 0x{v:04X}\n")),
                SymbolFormat::NoIce => out.push_str(&format!("DEF {name} {v:04X}\n")),
            }
        }
        out
    }

    /// The listing as text: line number, address, up to four bytes per row, source.
    /// Long data (over 16 bytes) is cut short with `...`.
    pub fn listing_text(&self) -> String {
        let mut out = String::new();
        let mut file = u32::MAX;
        for l in &self.listing {
            if l.file != file {
                file = l.file;
                out.push_str(&format!("; file {}\n", self.files[file as usize]));
            }
            let addr = l.addr.map_or("    ".to_string(), |a| format!("{a:04X}"));
            let mark = if l.expanded { '+' } else { ' ' };
            let shown = &l.bytes[..l.bytes.len().min(16)];
            let mut rows = shown.chunks(4);
            let first = rows.next().map_or(String::new(), hex_row);
            out.push_str(&format!(
                "{:5}{mark} {addr}  {first:<12}{}\n",
                l.line, l.text
            ));
            let mut at = l.addr.unwrap_or(0).wrapping_add(4);
            for row in rows {
                out.push_str(&format!("       {at:04X}  {}\n", hex_row(row)));
                at = at.wrapping_add(4);
            }
            if l.bytes.len() > 16 {
                out.push_str(&format!("       ....  ({} bytes in all)\n", l.bytes.len()));
            }
        }
        out
    }
}

fn hex_row(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X} ")).collect()
}
