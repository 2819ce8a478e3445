//! The slot system's part of a save state: slot and mapper registers, the
//! bytes of every RAM, the cartridges' mapper banks and SCC, the floppy
//! controller with its disks. ROM bytes are not in it: they come from the
//! machine the state is loaded into (whose layout the state checks first).

use serde::{Deserialize, Serialize};

use super::{Device, Memory};
use crate::fdc::PhilipsFdc;
use crate::memory::cartridge::CartridgeState;

/// What changes in the slot system while a machine runs.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct MemoryState {
    primary: u8,
    subslot: [u8; 4],
    mapper_io: [u8; 4],
    /// One entry per device, in layout order.
    devices: Vec<DeviceState>,
}

/// The changing part of one device.
#[derive(Clone, Debug, Serialize, Deserialize)]
enum DeviceState {
    Rom,
    Ram(#[serde(with = "crate::codec::bytes")] Vec<u8>),
    Mapper {
        #[serde(with = "crate::codec::bytes")]
        ram: Vec<u8>,
        regs: [u8; 4],
    },
    Cartridge(CartridgeState),
    DiskRom(PhilipsFdc),
}

impl DeviceState {
    fn name(&self) -> &'static str {
        match self {
            DeviceState::Rom => "a ROM",
            DeviceState::Ram(_) => "plain RAM",
            DeviceState::Mapper { .. } => "mapper RAM",
            DeviceState::Cartridge(_) => "a cartridge",
            DeviceState::DiskRom(_) => "a disk interface",
        }
    }
}

fn device_name(d: &Device) -> &'static str {
    match d {
        Device::Rom(_) => "a ROM",
        Device::Ram(_) => "plain RAM",
        Device::Mapper(_) => "mapper RAM",
        Device::Cartridge(_) => "a cartridge",
        Device::DiskRom(_) => "a disk interface",
    }
}

impl Memory {
    /// The slot system's state (see the module).
    pub(crate) fn save_state(&self) -> MemoryState {
        let devices = self
            .devices
            .iter()
            .map(|d| match d {
                Device::Rom(_) => DeviceState::Rom,
                Device::Ram(r) => DeviceState::Ram(self.store.slice(r.region).to_vec()),
                Device::Mapper(m) => DeviceState::Mapper {
                    ram: self.store.slice(m.region).to_vec(),
                    regs: m.regs,
                },
                Device::Cartridge(c) => DeviceState::Cartridge(c.save_state()),
                Device::DiskRom(d) => DeviceState::DiskRom(d.fdc.clone()),
            })
            .collect();
        MemoryState {
            primary: self.primary,
            subslot: self.subslot,
            mapper_io: self.mapper_io,
            devices,
        }
    }

    /// Puts a state back. The state must come from a machine with the same
    /// layout (checked by the caller through the ROM hashes and sizes);
    /// anything that does not fit this slot system is refused with a
    /// description, and the memory is left unchanged.
    pub(crate) fn load_state(&mut self, state: MemoryState) -> Result<(), String> {
        if state.devices.len() != self.devices.len() {
            return Err(format!(
                "the state has {} slot devices, this machine {}",
                state.devices.len(),
                self.devices.len()
            ));
        }
        // Check everything before changing anything.
        for (i, (dev, st)) in self.devices.iter().zip(&state.devices).enumerate() {
            let ok = match (dev, st) {
                (Device::Rom(_), DeviceState::Rom) => Ok(()),
                (Device::Ram(r), DeviceState::Ram(bytes)) => {
                    same_len("plain RAM", r.region.len, bytes.len())
                }
                (Device::Mapper(m), DeviceState::Mapper { ram, regs }) => {
                    same_len("mapper RAM", m.region.len, ram.len()).and_then(|()| {
                        match regs.iter().find(|&&r| u32::from(r) >= m.segments) {
                            Some(r) => Err(format!(
                                "mapper register {r} is beyond the {} segments",
                                m.segments
                            )),
                            None => Ok(()),
                        }
                    })
                }
                (Device::Cartridge(c), DeviceState::Cartridge(s)) => c.check_state(s),
                (Device::DiskRom(d), DeviceState::DiskRom(f)) => d.fdc.check_state(f),
                (dev, st) => Err(format!(
                    "the state has {} where this machine has {}",
                    st.name(),
                    device_name(dev)
                )),
            };
            ok.map_err(|e| format!("slot device {i}: {e}"))?;
        }
        for (dev, st) in self.devices.iter_mut().zip(state.devices) {
            match (dev, st) {
                (Device::Ram(r), DeviceState::Ram(bytes)) => {
                    self.store.slice_mut(r.region).copy_from_slice(&bytes);
                }
                (Device::Mapper(m), DeviceState::Mapper { ram, regs }) => {
                    self.store.slice_mut(m.region).copy_from_slice(&ram);
                    m.regs = regs;
                }
                (Device::Cartridge(c), DeviceState::Cartridge(s)) => c.load_state(s),
                (Device::DiskRom(d), DeviceState::DiskRom(f)) => d.fdc = f,
                _ => {}
            }
        }
        self.primary = state.primary;
        self.subslot = state.subslot;
        self.mapper_io = state.mapper_io;
        self.remap();
        Ok(())
    }
}

fn same_len(what: &str, machine: u32, state: usize) -> Result<(), String> {
    if machine as usize == state {
        Ok(())
    } else {
        Err(format!(
            "{what}: the state holds {state} bytes, this machine {machine}"
        ))
    }
}
