#!/usr/bin/env bash
# Fills corpus/<target>/ with seeds from the repository (programs, sources,
# a tiny disk image, a real save state), so that short runs start from inputs
# that get deep into each parser. Run from fuzz/.
set -euo pipefail
cd "$(dirname "$0")"
root=..
for t in tokenize detokenize basic_compile pascal_compile assemble disk_image gfx_decode load_state; do
    mkdir -p "corpus/$t"
done
for f in "$root"/examples/*/*.bas "$root"/tests/fixtures/*.bas; do
    [ -f "$f" ] || continue
    cp "$f" corpus/tokenize/; cp "$f" corpus/basic_compile/
done
for f in "$root"/examples/*/*.pas "$root"/crates/msx-pascal/tests/programs/*.pas; do
    [ -f "$f" ] || continue
    cp "$f" corpus/pascal_compile/
done
for f in "$root"/crates/z80-asm/tests/corpus/*.asm; do
    cp "$f" corpus/assemble/
done
# Tokenized seeds for the detokenizer: the listings tokenized by the repo's own tool.
msx=""
for m in "$root/target/release/msx" "$root/target/debug/msx"; do
    if [ -x "$m" ]; then msx=$m; break; fi
done
if [ -n "$msx" ]; then
    for f in corpus/tokenize/*.bas; do
        "$msx" basic tokenize "$f" -o "corpus/detokenize/$(basename "$f" .bas).tok" >/dev/null 2>&1 || true
    done
fi
# zeros N: N zero bytes.
zeros() { head -c "$1" /dev/zero; }
# A 10-sector FAT12 volume: boot sector with a BPB (512-byte sectors, 1 per
# cluster, 1 reserved, 2 FATs of 1 sector, 16 root entries, 10 sectors, media
# F9h, 1 sector per FAT), one 3-byte file HELLO.TXT in cluster 2.
{
    printf '\xeb\xfe\x90MSXFUZZ \x00\x02\x01\x01\x00\x02\x10\x00\x0a\x00\xf9\x01\x00'
    zeros $((512 - 24))
    for _ in 1 2; do printf '\xf9\xff\xff\xff\x0f\x00'; zeros $((512 - 6)); done
    printf 'HELLO   TXT\x20'; zeros 14; printf '\x02\x00\x03\x00\x00\x00'; zeros $((512 - 32))
    printf 'hi\n'; zeros $((512 * 6 - 3))
} >corpus/disk_image/tiny.dsk
# Graphics (the first byte picks the decoder, see the target): a SCREEN 5
# picture of 4 lines, a SCREEN 8 one with a palette, sprite tables.
{ printf '\x00'; for _ in $(seq 16); do printf '\x01\x23\x45\x67\x89\xab\xcd\xef'; done; } >corpus/gfx_decode/sc5
{ printf '\x83'; zeros 32; for _ in $(seq 32); do printf '\x01\x23\x45\x67\x89\xab\xcd\xef'; done; } >corpus/gfx_decode/sc8pal
{ printf '\x36'; for _ in 1 2 3 4; do printf '\x18\x3c\x7e\xff\xff\x7e\x3c\x18'; done; zeros 16; } >corpus/gfx_decode/sprite
# A save state edit that keeps the whole real state and changes nothing.
printf '\x01\xff\xff\xff' >corpus/load_state/unchanged
