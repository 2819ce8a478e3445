//! The free ROMs as an openMSX machine: a machine description (openMSX's
//! `msxconfig` XML) that puts the main ROM, the SUB-ROM with the BASIC
//! extension and the disk ROM where our emulator's default machine has them
//! (`MachineLayout::msx2`, docs/machine.md), so openMSX boots the same disks
//! with no proprietary ROM.
//!
//! openMSX looks a machine up as `share/machines/NAME.xml` in its user or
//! system data directory and resolves a ROM's `<filename>` against the
//! directory that holds the XML (openMSX `HardwareConfig::load`,
//! `configFileContext`). The ROMs therefore go into a folder named after the
//! machine beside the XML, the way openMSX's own C-BIOS machines are laid
//! out: `NAME.xml` and `NAME/roms/*.rom`.
//!
//! The devices are the ones our machine emulates, written as openMSX's own
//! MSX2 descriptions write them (`share/machines/Philips_NMS_8250.xml` for the
//! WD2793 with the Philips wiring, `C-BIOS_MSX2.xml` for the rest).

/// The video timing the exported machine's main ROM announces (ID byte 002Bh,
/// bit 7), which the BIOS copies into R#9 at boot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Frequency {
    /// 60 Hz, as `msx run`'s default (`--machine ntsc`).
    Ntsc,
    /// 50 Hz, as `msx run --machine pal`.
    Pal,
}

/// One file of an exported machine: its path relative to the machines
/// folder (always with `/`) and its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportFile {
    pub path: String,
    pub bytes: Vec<u8>,
}

/// An openMSX machine built from the free ROMs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenMsxMachine {
    /// What `openmsx -machine NAME` takes.
    pub name: String,
    /// `NAME.xml` first, then the ROM images.
    pub files: Vec<ExportFile>,
}

/// The machine's name for a frequency.
pub fn machine_name(frequency: Frequency) -> &'static str {
    match frequency {
        Frequency::Ntsc => "msx_free_msx2",
        Frequency::Pal => "msx_free_msx2_pal",
    }
}

/// Mapper RAM of the exported machine, as our default machine
/// (`msx_machine::memory::DEFAULT_RAM_KB`).
pub const RAM_KB: u32 = 256;

/// The machine description and the three ROM images for `frequency`.
pub fn openmsx_machine(frequency: Frequency) -> OpenMsxMachine {
    let name = machine_name(frequency);
    let main = match frequency {
        Frequency::Ntsc => crate::main_rom().to_vec(),
        Frequency::Pal => crate::main_rom_pal(),
    };
    let rom = |file: &str| format!("{name}/roms/{file}");
    let xml = machine_xml(
        name,
        frequency,
        &rom(MAIN_FILE),
        &rom(SUB_FILE),
        &rom(DISK_FILE),
    );
    OpenMsxMachine {
        name: name.to_string(),
        files: vec![
            ExportFile {
                path: format!("{name}.xml"),
                bytes: xml.into_bytes(),
            },
            ExportFile {
                path: rom(MAIN_FILE),
                bytes: main,
            },
            ExportFile {
                path: rom(SUB_FILE),
                bytes: crate::sub_rom().to_vec(),
            },
            ExportFile {
                path: rom(DISK_FILE),
                bytes: crate::disk_rom().to_vec(),
            },
        ],
    }
}

const MAIN_FILE: &str = "free_main.rom";
const SUB_FILE: &str = "free_sub_ext.rom";
const DISK_FILE: &str = "free_disk.rom";

/// The `msxconfig` document. Slot by slot it is `MachineLayout::msx2`:
/// main ROM in 0, cartridges in 1 and 2, 3 expanded with the SUB-ROM and the
/// BASIC extension in 3-1, the mapper in 3-2, the disk ROM and its WD2793 in
/// 3-3 (registers at 7FF8h-7FFFh, the Philips wiring our disk ROM drives).
fn machine_xml(name: &str, frequency: Frequency, main: &str, sub: &str, disk: &str) -> String {
    let hz = match frequency {
        Frequency::Ntsc => "60Hz",
        Frequency::Pal => "50Hz",
    };
    format!(
        r#"<?xml version="1.0" ?>
<!DOCTYPE msxconfig SYSTEM 'msxconfig2.dtd'>
<!-- {name}: the free MSX2 ROMs of the `msx` toolchain in its default machine
     layout (written by `msx bios export`). No proprietary ROM is needed. -->
<msxconfig>

  <info>
    <manufacturer>msx toolchain</manufacturer>
    <code>{name}</code>
    <release_year>2026</release_year>
    <description>An MSX2 with the free BIOS, MSX-BASIC and disk ROM of the msx toolchain, international keyboard, {hz}, 256 KB memory mapper, one Philips-style WD2793 drive.</description>
    <type>MSX2</type>
  </info>

  <!-- A mapper register reads back its segment bits with the others set, as
       the emulator's mapper does. -->
  <MapperReadBackBits>largest</MapperReadBackBits>

  <CassettePort/>

  <devices>

    <primary slot="0">
      <ROM id="Free Main ROM">
        <mem base="0x0000" size="0x8000"/>
        <rom>
          <filename>{main}</filename>
        </rom>
      </ROM>
    </primary>

    <primary external="true" slot="1"/>

    <primary external="true" slot="2"/>

    <primary slot="3">

      <secondary slot="1">
        <!-- The SUB-ROM (0000h) and the MSX-BASIC extension ROM (4000h). -->
        <ROM id="Free SUB-ROM and BASIC extension">
          <mem base="0x0000" size="0x8000"/>
          <rom>
            <filename>{sub}</filename>
          </rom>
        </ROM>
      </secondary>

      <secondary slot="2">
        <MemoryMapper id="Main RAM">
          <mem base="0x0000" size="0x10000"/>
          <size>{RAM_KB}</size>
        </MemoryMapper>
      </secondary>

      <secondary slot="3">
        <!-- The disk ROM polls the WD2793 at 7FF8h-7FFFh (Philips wiring). -->
        <WD2793 id="Memory Mapped FDC">
          <connectionstyle>Philips</connectionstyle>
          <mem base="0x4000" size="0x4000"/>
          <rom>
            <filename>{disk}</filename>
          </rom>
          <drives>1</drives>
        </WD2793>
      </secondary>

    </primary>

    <PPI id="ppi">
      <io base="0xA8" num="4"/>
      <sound>
        <volume>16000</volume>
      </sound>
      <key_ghosting>false</key_ghosting>
      <keyboard_type>int</keyboard_type>
      <has_keypad>true</has_keypad>
      <code_kana_locks>false</code_kana_locks>
      <graph_locks>false</graph_locks>
    </PPI>

    <VDP id="VDP">
      <io base="0x98" num="4" type="O"/>
      <io base="0x98" num="2" type="I"/>
      <version>V9938</version>
      <vram>128</vram>
    </VDP>

    <PSG id="PSG">
      <type>YM2149</type>
      <io base="0xA0" num="2" type="O"/>
      <io base="0xA2" num="1" type="I"/>
      <sound>
        <volume>21000</volume>
      </sound>
      <!-- R#7 bits 6-7 are ignored: port A input, port B output, as in an
           MSX engine and in the emulator. -->
      <ignorePortDirections>true</ignorePortDirections>
    </PSG>

    <RTC id="Real time clock">
      <io base="0xB4" num="2" type="O"/>
      <io base="0xB5" num="1" type="I"/>
      <sramname>{name}.cmos</sramname>
    </RTC>

    <PrinterPort id="Printer Port">
      <io base="0x90" num="2"/>
    </PrinterPort>

    <!-- Ports 2Eh/2Fh: the debug device the emulator has built in. -->
    <DebugDevice id="Debug Device">
      <io base="0x2E" num="2" type="O"/>
      <filename>stdout</filename>
    </DebugDevice>

  </devices>

</msxconfig>
"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_machine_holds_its_roms_beside_the_description() {
        let m = openmsx_machine(Frequency::Ntsc);
        assert_eq!(m.name, "msx_free_msx2");
        let paths: Vec<&str> = m.files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "msx_free_msx2.xml",
                "msx_free_msx2/roms/free_main.rom",
                "msx_free_msx2/roms/free_sub_ext.rom",
                "msx_free_msx2/roms/free_disk.rom",
            ]
        );
        let xml = String::from_utf8(m.files[0].bytes.clone()).unwrap();
        for rom in &paths[1..] {
            assert!(xml.contains(&format!("<filename>{rom}</filename>")));
        }
        assert_eq!(m.files[1].bytes, crate::main_rom());
        assert_eq!(m.files[2].bytes.len(), crate::SUB_ROM_SIZE);
        assert_eq!(m.files[3].bytes, crate::disk_rom());
    }

    #[test]
    fn the_pal_machine_announces_50_hz() {
        let m = openmsx_machine(Frequency::Pal);
        assert_eq!(m.name, "msx_free_msx2_pal");
        assert_eq!(m.files[1].bytes[crate::ID_BYTE_0] & 0x80, 0x80);
        let ntsc = openmsx_machine(Frequency::Ntsc);
        assert_eq!(ntsc.files[1].bytes[crate::ID_BYTE_0] & 0x80, 0);
    }
}
