//! Plain (unmapped) cartridges: where the ROM sits and how it mirrors.
//!
//! A real cartridge does not decode every address line, so a small ROM shows
//! up several times in the slot. openMSX's "Mirrored" type, followed here:
//! the ROM starts at its base address and every 8 KB region of the slot
//! shows ROM block `(region − first region) mod blocks`; so a 16 KB ROM at
//! 0x4000 appears in all four pages, a 32 KB ROM at 0x4000 shows its second
//! half at 0x0000 and its first half at 0xC000.
//!
//! The base is guessed from the "AB" headers at offsets 0x0000 and 0x4000 of
//! the image: each non-zero routine pointer (INIT, STATEMENT, DEVICE, TEXT)
//! votes for the page it points into; page 1 (0x4000) wins ties, then page 0,
//! then page 2; no vote at all gives 0x4000 (openMSX `RomPlain::guessLocation`).

use super::{Banks, CartridgeError, BLOCK};

fn votes(image: &[u8], offset: usize, pages: &mut [u32; 3]) {
    let Some(header) = image.get(offset..offset + 10) else {
        return;
    };
    if &header[..2] != b"AB" {
        return;
    }
    for i in 0..4 {
        let addr = usize::from(u16::from_le_bytes([header[2 + 2 * i], header[3 + 2 * i]]));
        if addr != 0 {
            // The page of the pointer relative to the header's own page.
            let page = (addr >> 14).wrapping_sub(offset >> 14);
            if page <= 2 {
                pages[page] += 1;
            }
        }
    }
}

/// The address a plain ROM image most likely expects to run at.
pub fn guess_base(image: &[u8]) -> u16 {
    let mut pages = [0u32; 3];
    if image.len() >= 0x10 {
        votes(image, 0x0000, &mut pages);
    }
    if image.len() >= 0x4010 {
        votes(image, 0x4000, &mut pages);
    }
    if pages[1] > 0 && pages[1] >= pages[0] && pages[1] >= pages[2] {
        0x4000
    } else if pages[0] > 0 && pages[0] >= pages[2] {
        0x0000
    } else if pages[2] > 0 {
        0x8000
    } else {
        0x4000
    }
}

pub(super) fn place(
    banks: &mut Banks,
    image: &[u8],
    base: Option<u16>,
    mirrored: bool,
) -> Result<(), CartridgeError> {
    if image.len() > 0x10000 {
        return Err(CartridgeError::PlainTooLarge(image.len()));
    }
    let base = match base {
        Some(b) => b,
        None => {
            let guess = guess_base(image);
            // A ROM that does not fit after the guessed base starts at 0.
            if usize::from(guess) + image.len() > 0x10000 {
                0
            } else {
                guess
            }
        }
    };
    if base % 0x2000 != 0 || usize::from(base) + image.len() > 0x10000 {
        return Err(CartridgeError::BadPlacement {
            base,
            len: image.len(),
        });
    }
    let blocks = banks.rom_len / BLOCK;
    let first = u32::from(base) / BLOCK;
    for region in 0..8u32 {
        let rom_block = region.wrapping_sub(first);
        banks.offsets[region as usize] = if rom_block < blocks {
            Some(rom_block * BLOCK)
        } else if mirrored {
            // openMSX masks with (blocks − 1); exact modulo for the usual
            // power-of-two sizes.
            Some((rom_block & (blocks - 1)) % blocks * BLOCK)
        } else {
            None
        };
    }
    Ok(())
}
