//! MSX FAT12 disk images and boot sector.
