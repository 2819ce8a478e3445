; MSX boot sector that starts an MSX-DOS program (.COM) with a command line,
; on the project's free disk ROM. Written for the msx toolchain; plain Z80
; syntax that pasmo also accepts.
;
; The disk ROM copies the first 256 bytes of sector 0 to 0C000h and calls
; 0C01Eh twice (see boot.asm): with CY = 0 in the BIOS's environment, and,
; once it has built the MSX-DOS environment (RAM in every page, BDOS at
; 0005h), with CY = 1. This sector lets the first call return and, on the
; second, hands its command line to the free disk ROM's program loader: the
; entry RUNCMD, marked by "RSDOS1" two bytes after it (roms-free-bios/disk/
; ramcode.asm). The loader loads NAME.COM at 0100h, fills the FCBs at 005Ch
; and 006Ch and the command tail at 0080h from the arguments, and starts it;
; when the program ends (RET, JP 0, BDOS 00h) the A> prompt takes commands.
; Another disk ROM (a real MSX-DOS 1 one has no such entry) gets a return,
; and goes on as with any disk without a system (Disk BASIC).
;
; The Rust side (crates/msx-disk/src/boot.rs) writes the disk's BPB and the
; command line at CMDLINE (docs/disk.md).

RUNCMD  equ     0EA00h          ; the free disk ROM's program loader (RAM)

        org     0C000h

        db      0EBh, 0FEh, 90h         ; JR $ / NOP: the mark the disk ROM looks for
        db      "MSX-RS  "              ; OEM name
        ; BPB of a 720 KB disk; Disk::set_boot_command writes the disk's own.
        dw      512                     ; bytes per sector
        db      2                       ; sectors per cluster
        dw      1                       ; reserved sectors
        db      2                       ; FATs
        dw      112                     ; root directory entries
        dw      1440                    ; total sectors
        db      0F9h                    ; media byte
        dw      3                       ; sectors per FAT
        dw      9                       ; sectors per track
        dw      2                       ; sides
        dw      0                       ; hidden sectors

; ---- 0C01Eh ---------------------------------------------------------------
boot:   ret     nc                      ; first call: wait for MSX-DOS
        ld      hl,RUNCMD+2
        ld      de,mark
        ld      b,6
check:  ld      a,(de)
        cp      (hl)
        ret     nz                      ; not the free disk ROM
        inc     hl
        inc     de
        djnz    check
        ld      hl,CMDLINE
        jp      RUNCMD

mark:   db      "RSDOS1"

; ---- Command line, written by Disk::set_boot_command ----------------------
; Keep the offsets in step with src/boot.rs and docs/disk.md.
        ds      0C040h-$, 0
CMDLINE:
        ds      128, 0                  ; 40h: "NAME arguments", 0-terminated
        ds      0C0F2h-$, 0
        db      "MSXRSCM1"              ; F2h: marks this sector, version 1
        ds      0C200h-$, 0
