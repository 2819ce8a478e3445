//! The floppy disk interface of the Philips MSX2 machines (NMS 8245/8250/8280,
//! VG 8235): a WD2793 and up to two drives, memory-mapped in the disk ROM's
//! slot (see [`crate::memory`] for where the slot puts it).
//!
//! | address | read | write |
//! |---|---|---|
//! | 0x7FF8 | status | command |
//! | 0x7FF9 | track register | track register |
//! | 0x7FFA | sector register | sector register |
//! | 0x7FFB | data register | data register |
//! | 0x7FFC | side select as written (bit 0 = side) | side select |
//! | 0x7FFD | drive register as written, bit 2 = 0 if the disk was changed (the read clears it) | bits 1–0 drive (00/10 A, 01 B, 11 none), bit 6 LED, bit 7 motor on |
//! | 0x7FFE | 0xFF | — |
//! | 0x7FFF | bit 7 = 0 while DRQ, bit 6 = 0 while INTRQ, other bits 1 | — |
//!
//! The same eight registers answer at 0xBFF8–0xBFFF. Facts: openMSX
//! `PhilipsFDC.cc` and `share/machines/Philips_NMS_8245.xml`; the WD279x
//! datasheet. The INTRQ and DRQ lines are not wired to the Z80: the disk ROM
//! polls 0x7FFF.
//!
//! The FDC sees sectors, not files: a drive holds a [`DiskImage`], writes go
//! into it, and [`PhilipsFdc::image`] / [`PhilipsFdc::eject`] give it back.

mod disk;
mod wd2793;

pub use disk::{crc16, DiskError, DiskImage, BYTES_PER_SECOND, SECTOR, TRACK_BYTES};
pub use wd2793::{Wd2793, T_STATES_PER_TURN};

use wd2793::{Bus, View};

/// One drive: the disk in it and where its head is.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default, PartialEq, Eq)]
pub struct Drive {
    /// The disk, if one is inserted.
    pub disk: Option<DiskImage>,
    /// Head position (cylinder).
    pub head: u8,
    /// Set when a disk is inserted or ejected; cleared when the disk ROM
    /// reads the drive register.
    pub changed: bool,
}

/// The Philips disk interface: WD2793, side and drive registers, drives.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct PhilipsFdc {
    wd: Wd2793,
    drives: Vec<Drive>,
    side_reg: u8,
    drive_reg: u8,
}

impl PhilipsFdc {
    /// An interface with `drives` drives (1 or 2; other values are clamped),
    /// all empty, motor off.
    pub fn new(drives: u8) -> Self {
        Self {
            wd: Wd2793::new(),
            drives: vec![Drive::default(); usize::from(drives.clamp(1, 2))],
            side_reg: 0,
            drive_reg: 0,
        }
    }

    /// Puts the disks' spindle `turned` T-states of turning past the index
    /// (modulo one turn), as at power-on; a controller that has not run a
    /// command yet is unchanged otherwise.
    pub fn set_power_on_rotation(&mut self, turned: u64) {
        self.wd = Wd2793::with_rotation(turned);
    }

    /// The reset button: controller idle, side 0, drive A selected, motor
    /// off (openMSX `PhilipsFDC::reset`); disks and head positions stay.
    pub fn reset(&mut self) {
        self.wd = Wd2793::new();
        self.side_reg = 0;
        self.drive_reg = 0;
    }

    /// Whether a loaded interface state `self` fits this machine's
    /// interface `mine` (same drive count) and holds consistent disks and
    /// transfers.
    pub(crate) fn check_state(&self, loaded: &PhilipsFdc) -> Result<(), String> {
        if loaded.drives.len() != self.drives.len() {
            return Err(format!(
                "the state has {} drives, this machine {}",
                loaded.drives.len(),
                self.drives.len()
            ));
        }
        for (i, d) in loaded.drives.iter().enumerate() {
            if let Some(disk) = &d.disk {
                disk.check_state()
                    .map_err(|e| format!("the disk in drive {i}: {e}"))?;
            }
        }
        loaded.wd.check_state()
    }

    /// Number of drives.
    pub fn drive_count(&self) -> usize {
        self.drives.len()
    }

    /// The selected drive index (drive register bits 1–0: 00 and 10 = A,
    /// 01 = B, 11 = none).
    fn selected(&self) -> Option<usize> {
        match self.drive_reg & 3 {
            0 | 2 => Some(0),
            1 if self.drives.len() > 1 => Some(1),
            _ => None,
        }
    }

    /// Whether the motor line is on.
    pub fn motor(&self) -> bool {
        self.drive_reg & 0x80 != 0
    }

    /// Splits the borrow: the controller and what it sees of the selected drive.
    fn parts(&mut self) -> (&mut Wd2793, Bus<'_>) {
        let selected = self.selected();
        let bus = Bus {
            drive: selected.and_then(|i| self.drives.get_mut(i)),
            side: self.side_reg & 1,
            motor: self.drive_reg & 0x80 != 0,
        };
        (&mut self.wd, bus)
    }

    /// Read of register `reg` (0–7 for 0x7FF8–0x7FFF) at time `now`.
    pub fn read(&mut self, reg: u8, now: u64) -> u8 {
        match reg & 7 {
            0 => {
                let (wd, mut bus) = self.parts();
                wd.read_status(now, &mut bus)
            }
            3 => {
                let (wd, mut bus) = self.parts();
                wd.read_data(now, &mut bus)
            }
            5 => {
                let value = self.peek(5, now);
                if let Some(d) = self.selected().and_then(|i| self.drives.get_mut(i)) {
                    d.changed = false;
                }
                value
            }
            r @ (1 | 2 | 7) => {
                // The track and sector registers move during commands.
                let (wd, mut bus) = self.parts();
                wd.advance(now, &mut bus);
                self.peek(r, now)
            }
            r => self.peek(r, now),
        }
    }

    /// What a read of register `reg` would return, without side effects.
    pub fn peek(&self, reg: u8, now: u64) -> u8 {
        match reg & 7 {
            0 => {
                let bus = self.peek_bus();
                self.wd.peek_status(now, &bus)
            }
            1 => self.wd.track(),
            2 => self.wd.sector(),
            3 => self.wd.peek_data(now),
            4 => self.side_reg,
            5 => {
                let changed = self
                    .selected()
                    .and_then(|i| self.drives.get(i))
                    .is_some_and(|d| d.changed);
                (self.drive_reg & !0x04) | if changed { 0 } else { 0x04 }
            }
            6 => 0xFF,
            _ => {
                let mut value = 0xFF;
                if self.wd.irq(now) {
                    value &= !0x40;
                }
                if self.wd.drq(now) {
                    value &= !0x80;
                }
                value
            }
        }
    }

    /// A read-only view of the drive signals for peeks.
    fn peek_bus(&self) -> View<'_> {
        View {
            drive: self.selected().and_then(|i| self.drives.get(i)),
            side: self.side_reg & 1,
            motor: self.motor(),
        }
    }

    /// Write of register `reg` (0–7 for 0x7FF8–0x7FFF) at time `now`.
    pub fn write(&mut self, reg: u8, value: u8, now: u64) {
        match reg & 7 {
            0 => {
                let (wd, mut bus) = self.parts();
                wd.write_command(value, now, &mut bus);
            }
            1 | 2 => {
                let (wd, mut bus) = self.parts();
                wd.advance(now, &mut bus);
                if reg & 7 == 1 {
                    wd.set_track(value);
                } else {
                    wd.set_sector(value);
                }
            }
            3 => {
                let (wd, mut bus) = self.parts();
                wd.write_data(value, now, &mut bus);
            }
            4 | 5 => {
                // Settle the command on the old drive/side/motor first.
                let (wd, mut bus) = self.parts();
                wd.advance(now, &mut bus);
                if reg & 7 == 4 {
                    self.side_reg = value;
                } else {
                    self.drive_reg = value;
                    let motor = self.motor();
                    self.wd.set_spinning(motor, now);
                }
            }
            _ => {}
        }
    }

    /// Inserts a disk in drive `drive` (0 = A, 1 = B), replacing (and
    /// returning) the one there. The disk-changed flag is set.
    pub fn insert(
        &mut self,
        drive: usize,
        disk: DiskImage,
    ) -> Result<Option<DiskImage>, DiskError> {
        let drives = self.drives.len();
        let d = self
            .drives
            .get_mut(drive)
            .ok_or(DiskError::NoDrive { drive, drives })?;
        d.changed = true;
        Ok(d.disk.replace(disk))
    }

    /// Removes the disk from drive `drive`, with every write made to it.
    pub fn eject(&mut self, drive: usize) -> Option<DiskImage> {
        let d = self.drives.get_mut(drive)?;
        let disk = d.disk.take();
        if disk.is_some() {
            d.changed = true;
        }
        disk
    }

    /// Takes the disk out of drive `drive` to save it back (same as
    /// [`PhilipsFdc::eject`]); `into_bytes()` gives the `.dsk` bytes.
    pub fn take_image(&mut self, drive: usize) -> Option<DiskImage> {
        self.eject(drive)
    }

    /// The disk in drive `drive`, with every write made to it.
    pub fn image(&self, drive: usize) -> Option<&DiskImage> {
        self.drives.get(drive)?.disk.as_ref()
    }

    /// The disk in drive `drive`, mutable (write-protect tab).
    pub fn image_mut(&mut self, drive: usize) -> Option<&mut DiskImage> {
        self.drives.get_mut(drive)?.disk.as_mut()
    }

    /// The drive `drive`.
    pub fn drive(&self, drive: usize) -> Option<&Drive> {
        self.drives.get(drive)
    }

    /// The controller (registers, for debuggers).
    pub fn controller(&self) -> &Wd2793 {
        &self.wd
    }
}
