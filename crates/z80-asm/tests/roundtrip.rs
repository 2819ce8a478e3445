//! `assemble(disassemble(bytes)) == bytes` for every instruction encoding of
//! 1 to 4 bytes: every opcode after every prefix (none, CB, ED, DD, FD, DDCB,
//! FDCB), every value of the first operand byte, several of the second, and all
//! 256 displacements of the DDCB/FDCB forms.

use std::collections::BTreeSet;

use z80_asm::{assemble, disassemble_one, Options};

/// Every distinct encoding, as the bytes the disassembler says one instruction takes.
fn all_encodings() -> BTreeSet<Vec<u8>> {
    let mut set = BTreeSet::new();
    let mut add = |window: &[u8]| {
        let ins = disassemble_one(window, 0x1000);
        assert!(
            (1..=4).contains(&ins.len),
            "{window:02X?} decoded with length {}",
            ins.len
        );
        set.insert(window[..ins.len].to_vec());
    };
    for op in 0..=255u8 {
        for b1 in 0..=255u8 {
            for b2 in [0x00, 0x5A, 0x80, 0xFF] {
                add(&[op, b1, b2, 0x00]);
                for prefix in [0xCB, 0xED, 0xDD, 0xFD] {
                    add(&[prefix, op, b1, b2]);
                }
            }
            add(&[0xDD, 0xCB, b1, op]);
            add(&[0xFD, 0xCB, b1, op]);
        }
    }
    set
}

#[test]
fn every_encoding_reassembles_to_itself() {
    let encodings: Vec<Vec<u8>> = all_encodings().into_iter().collect();
    assert!(
        encodings.len() > 140_000,
        "only {} encodings",
        encodings.len()
    );
    // Assemble in chunks that fit in memory from 1000h up.
    let mut chunk_src = String::new();
    let mut chunk_bytes: Vec<u8> = Vec::new();
    let mut lines: Vec<(u16, Vec<u8>, String)> = Vec::new();
    let flush =
        |src: &mut String, expect: &mut Vec<u8>, lines: &mut Vec<(u16, Vec<u8>, String)>| {
            if expect.is_empty() {
                return;
            }
            let asm = assemble(
                &format!(" org 1000h\n{src}"),
                "roundtrip.asm",
                &Options::default(),
            )
            .unwrap_or_else(|d| panic!("{}", d.render()));
            if asm.bytes != *expect {
                // Find the first line that differs, for a readable failure.
                let mut at = 0;
                for (addr, bytes, text) in lines.iter() {
                    let got = &asm.bytes[at..(at + bytes.len()).min(asm.bytes.len())];
                    assert_eq!(got, &bytes[..], "at {addr:04X}: `{text}`");
                    at += bytes.len();
                }
                panic!("lengths differ");
            }
            src.clear();
            expect.clear();
            lines.clear();
        };
    let mut addr: u16 = 0x1000;
    for enc in &encodings {
        if addr > 0xF000 {
            flush(&mut chunk_src, &mut chunk_bytes, &mut lines);
            addr = 0x1000;
        }
        let ins = disassemble_one(enc, addr);
        assert_eq!(ins.len, enc.len());
        chunk_src.push_str(&format!(" {}\n", ins.text));
        chunk_bytes.extend_from_slice(enc);
        lines.push((addr, enc.clone(), ins.text.clone()));
        addr += enc.len() as u16;
    }
    flush(&mut chunk_src, &mut chunk_bytes, &mut lines);
}

#[test]
fn relative_jumps_wrap_around_memory() {
    for (org, bytes) in [(0xFFFEu16, [0x18u8, 0x05]), (0x0000, [0x10, 0xF0])] {
        let ins = disassemble_one(&bytes, org);
        let src = format!(" org {org}\n {}\n", ins.text);
        let asm = assemble(&src, "wrap.asm", &Options::default())
            .unwrap_or_else(|d| panic!("{}", d.render()));
        assert_eq!(asm.bytes, bytes, "{}", ins.text);
    }
}

#[test]
fn every_documented_and_undocumented_opcode_has_a_name() {
    // Only the prefix combinations with no meaning of their own come out as `db`.
    let mut unnamed = Vec::new();
    for op in 0..=255u8 {
        let base = vec![op, 0, 0, 0];
        let seqs = if matches!(op, 0xDD | 0xED | 0xFD) {
            vec![]
        } else {
            vec![base]
        };
        for seq in seqs.into_iter().chain([vec![0xCB, op, 0, 0]]) {
            let ins = disassemble_one(&seq, 0);
            if ins.text.starts_with("db") {
                unnamed.push(seq[..2].to_vec());
            }
        }
    }
    // DD, ED and FD followed by 00 have no meaning of their own; every other opcode has a name.
    assert!(unnamed.is_empty(), "{unnamed:02X?}");
    let ed_named = (0..=255u8)
        .filter(|op| {
            !disassemble_one(&[0xED, *op, 0, 0], 0)
                .text
                .starts_with("db")
        })
        .count();
    // The documented and undocumented (IN F,(C), OUT (C),0) ED instructions with a spelling:
    // 42 in ED 40..7F and the 16 block instructions.
    assert_eq!(ed_named, 58);
}
