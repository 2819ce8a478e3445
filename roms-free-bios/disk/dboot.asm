; Disk boot, reached through H.STKE once the BIOS has called every ROM's INIT.
; The contract the boot sector relies on (docs/disk.md, msx-hardware.md 6.6):
; logical sector 0 of drive A: is read, its first 256 bytes are copied to
; C000h; if byte 0 is EBh or E9h, C01Eh is called with CY = 0 on a stack just
; under C200h, with the main BIOS in page 0, this ROM in page 1, RAM in pages
; 2-3, RAMAD0-RAMAD3, HIMEM and the BDOS entry F37Dh ready. The boot code
; that loads its program never returns. When it returns, there is nothing
; else to start here (no Disk BASIC, no MSX-DOS system files): back to the
; BIOS, which shows its idle screen.
; Between the two calls the MSX-DOS environment is built (DOSENV, dos.asm)
; and C01Eh is called again with CY = 1 and RAM in every page, as the
; original disk ROM does before MSXDOS.SYS: a boot sector made by
; `Disk::set_boot_command` starts a .COM program from there.

; BOOTH (H.STKE): the boot; when it comes back, MSX-BASIC starts.
BOOTH:          CALL BOOT
                DI
                CALL TOBASWIN
                EI
                RET
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
                CALL FLUSH
                ; The MSX-DOS environment (64 KB: RAM in page 0 too), the
                ; boot sector again, and the second call with CY = 1.
                LD A,(RAMAD0)
                LD HL,1000h
                CALL RAMTEST
                JR NZ,BOOT_END
                CALL DOSENV
                XOR A                   ; no batch file runs yet, no template
                LD (BATACT),A
                LD (TLEN),A
                LD A,(RAMAD3)
                LD (XFRSLT),A
                LD HL,BNCBUF
                LD DE,0
                LD BC,01F9h
                XOR A
                CALL DSKIO_IN
                JR C,BOOT_BACK
                LD A,(BNCBUF)
                CP 0EBh
                JR Z,BOOT_AGAIN
                CP 0E9h
                JR NZ,BOOT_BACK
BOOT_AGAIN:     LD HL,BNCBUF
                LD DE,0C000h
                LD BC,256
                LDIR
                LD (BOOTSP),SP
                LD SP,0C200h
                CALL RC_BOOT1
                DI
                LD SP,(BOOTSP)
BOOT_BACK:      XOR A                   ; back to the BIOS's environment
                CALL SETMODE
BOOT_END:       EI
                RET
