; Disk boot, reached through H.STKE once the BIOS has called every ROM's INIT.
; The contract the boot sector relies on (docs/disk.md, msx-hardware.md 6.6):
; logical sector 0 of drive A: is read, its first 256 bytes are copied to
; C000h; if byte 0 is EBh or E9h, C01Eh is called with CY = 0 on a stack just
; under C200h, with the main BIOS in page 0, this ROM in page 1, RAM in pages
; 2-3, RAMAD0-RAMAD3, HIMEM and the BDOS entry F37Dh ready. The boot code
; that loads its program never returns. When it returns, there is nothing
; else to start here (no Disk BASIC, no MSX-DOS system files): back to the
; BIOS, which shows its idle screen.

BOOT:
                LD A,0C9h               ; one boot attempt: H.STKE is done with
                LD (H_STKE),A
                LD A,(RAMAD3)
                LD (XFRSLT),A
                LD HL,BNCBUF
                LD DE,0
                LD BC,01F9h             ; 1 sector, media F9h (sector 0 is T0 S0 R1 on all)
                XOR A                   ; drive A:, read
                CALL DSKIO_IN
                RET C                   ; no disk or unreadable: nothing to boot
                LD A,(BNCBUF)
                CP 0EBh
                JR Z,BOOT_GO
                CP 0E9h
                RET NZ
BOOT_GO:        LD HL,BNCBUF
                LD DE,0C000h
                LD BC,256
                LDIR
                LD (BOOTSP),SP
                LD SP,0C200h
                EI
                OR A                    ; CY = 0: first call
                CALL 0C01Eh
                DI
                LD SP,(BOOTSP)
                ; The MSX-DOS environment and the second call (CY = 1) are not
                ; provided: without MSXDOS.SYS there is nothing for it to load.
                CALL FLUSH
                EI
                RET
