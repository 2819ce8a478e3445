; The free disk ROM (16 KB at 4000h, slot 3-3 of the default machine):
; WD2793 driver with Philips wiring, disk boot, and an MSX-DOS 1 BDOS (FCB
; file functions on FAT12) at F37Dh. Written for this project; register
; contracts from the Disk-ROM BIOS (msx.org wiki) and msx-hardware.md 6.
; See docs/bios.md ("Disk ROM").
;
; Assemble: z80-asm (crates/msx-bios build.rs), or `pasmo disk.asm disk.rom`
; from this directory.

        INCLUDE "../common/sysvars.asm"
        INCLUDE "dvars.asm"

; main-ROM entries (page 0 holds the main ROM whenever this ROM runs)
B_RDSLT:        EQU 000Ch
B_WRSLT:        EQU 0014h
B_CALSLT:       EQU 001Ch
B_ENASLT:       EQU 0024h
B_CHSNS:        EQU 009Ch
B_CHGET:        EQU 009Fh
BIOS_CHPUT:     EQU 00A2h      ; (B_CHPUT, bdos.asm: with the printer echo)
B_INITXT:       EQU 006Ch
B_INIT32:       EQU 006Fh
B_LPTOUT:       EQU 00A5h
B_LPTSTT:       EQU 00A8h

        ORG 4000h

                DB "AB"
                DW INIT                 ; 4002h
                DW CALLSTMT             ; STATEMENT: CALL FORMAT, CALL SYSTEM
                DW 0                    ; DEVICE
                DW 0                    ; TEXT
                DS 4010h-$,0
                JP DSKIO_PUB            ; 4010h DSKIO
                JP DSKCHG               ; 4013h DSKCHG
                JP GETDPB               ; 4016h GETDPB
                JP CHOICE               ; 4019h CHOICE
                JP DSKFMT               ; 401Ch DSKFMT
                JP MTOFF                ; 401Fh DSKSTP (motor off)

; ---- INIT: called by the BIOS's ROM search (CALSLT, interrupts off) ----------
INIT:
                LD A,(H_PHYD)           ; another disk ROM came first: leave it
                CP 0C9h
                RET NZ
                LD HL,VARS              ; clean work area
                LD DE,VARS+1
                LD BC,VARS_END-VARS-1
                LD (HL),0
                LDIR
                LD HL,RAMROM            ; the page-switching routines, to RAM
                LD DE,RAMCODE
                LD BC,RAMROM_END-RAMROM
                LDIR
                CALL RC_GETP1           ; where are we?
                LD (DSKSLT),A
                LD (MASTER),A
                LD HL,(HIMEM)           ; our area lies below the system area
                LD DE,BOOTHI
                OR A
                SBC HL,DE
                JR C,INIT_HIMEM
                LD (HIMEM),DE
INIT_HIMEM:     CALL FINDRAM
                LD HL,BNCBUF
                LD (SECBUF),HL
                LD HL,0080h
                LD (DMAADR),HL
                LD A,0FFh
                LD (CACHDRV),A
                LD (TRKTAB),A
                LD (TRKTAB+1),A
                LD HL,0FFFFh
                LD (DIRSEC),HL
                LD (DATSEC),HL
                LD A,3                  ; every disk counts as new
                LD (CHGBDOS),A
                LD (CHGEXT),A
                ; Drives: a second drive answers TRACK 00 with the motor on.
                ; With one, B: is simulated on it as MSX-DOS does (fdc.asm).
                LD A,2
                LD (NDRV),A
                DEC A
                LD (NPHYS),A
                LD A,81h
                LD (FDC_DRV),A
                LD A,0D0h               ; FORCE INTERRUPT: type I status
                LD (FDC_CMD),A
                EX (SP),HL
                EX (SP),HL
                LD A,(FDC_CMD)
                AND 04h
                JR Z,INIT_ONE
                LD A,2
                LD (NPHYS),A
INIT_ONE:       XOR A                   ; drive A:, motor off
                LD (DRVREG),A
                LD (FDC_DRV),A
                ; Hooks: PHYDIO, boot, timer (keeping what was there).
                LD HL,H_TIMI
                LD DE,OLDTIMI
                LD BC,5
                LDIR
                LD HL,H_PHYD
                LD DE,DSKIO_PUB
                CALL SETHOOK
                LD HL,H_STKE
                LD DE,BOOTH
                CALL SETHOOK
                LD HL,H_TIMI
                LD DE,TIMI
                CALL SETHOOK
                LD HL,H_FORM            ; FORMAT (0147h): the interactive formatter
                LD DE,FMTASK
                CALL SETHOOK
                LD A,0C3h               ; BDOS entries: F37Dh, and DOSENT for 0005h
                LD (BDOSENT),A
                LD (DOSENT),A
                LD HL,RC_BDOS
                LD (BDOSENT+1),HL
                LD (DOSENT+1),HL
                RET

; SETHOOK: HL = hook, DE = routine here: RST 30h / slot / address / RET.
SETHOOK:
                LD (HL),0F7h
                INC HL
                LD A,(DSKSLT)
                LD (HL),A
                INC HL
                LD (HL),E
                INC HL
                LD (HL),D
                INC HL
                LD (HL),0C9h
                RET

; FINDRAM: RAMAD0-RAMAD3. Pages 2 and 3 hold the RAM the BIOS chose; pages 0
; and 1 take the same slot when it has RAM there (a memory mapper does),
; else the first slot whose byte can be changed and read back.
FINDRAM:
                IN A,(PPI_A)            ; page 3's slot ID
                RLCA
                RLCA
                AND 3
                LD C,A
                LD B,0
                LD HL,EXPTBL
                ADD HL,BC
                LD A,(HL)
                AND 80h
                JR Z,FINDRAM_P
                OR C
                LD C,A
                INC HL
                INC HL
                INC HL
                INC HL
                LD A,(HL)               ; SLTTBL: page-3 field, bits 7-6
                RRCA
                RRCA
                RRCA
                RRCA
                AND 0Ch
                OR C
FINDRAM_P:      LD (RAMAD3),A
                LD (RAMAD2),A
                LD HL,5000h
                CALL RAMSCAN
                LD (RAMAD1),A
                LD HL,1000h
                CALL RAMSCAN
                LD (RAMAD0),A
                RET

; RAMSCAN: HL = address in the page: A = slot ID with RAM there, RAMAD3's
; slot first; RAMAD3 when none is found.
RAMSCAN:
                LD A,(RAMAD3)
                CALL RAMTEST
                LD A,(RAMAD3)
                RET Z
                LD B,0                  ; primary
RAMSCAN_P:      PUSH HL
                LD HL,EXPTBL
                LD E,B
                LD D,0
                ADD HL,DE
                LD A,(HL)
                POP HL
                AND 80h
                OR B
                LD C,A
RAMSCAN_S:      LD A,C
                PUSH BC
                CALL RAMTEST
                POP BC
                LD A,C
                RET Z
                LD A,C
                OR A
                JP P,RAMSCAN_NP
                ADD A,4
                LD C,A
                AND 0Ch
                JR NZ,RAMSCAN_S
RAMSCAN_NP:     INC B
                LD A,B
                CP 4
                JR NZ,RAMSCAN_P
                LD A,(RAMAD3)
                RET

; RAMTEST: A = slot ID, HL = address: Z when the byte there is RAM.
; Preserves HL.
RAMTEST:
                LD (RCTMP),A
                PUSH HL
                CALL B_RDSLT
                POP HL
                LD (RCTMP+1),A
                CPL
                LD E,A
                LD A,(RCTMP)
                PUSH HL
                CALL B_WRSLT
                POP HL
                LD A,(RCTMP)
                PUSH HL
                CALL B_RDSLT
                POP HL
                LD B,A
                LD A,(RCTMP+1)
                CPL
                CP B                    ; Z: the complement stuck
                PUSH AF
                LD A,(RCTMP+1)
                LD E,A
                LD A,(RCTMP)
                PUSH HL
                CALL B_WRSLT
                POP HL
                POP AF
                RET

        INCLUDE "ramcode.asm"
        INCLUDE "fdc.asm"
        INCLUDE "format.asm"
        INCLUDE "cpmbios.asm"
        INCLUDE "dboot.asm"
        INCLUDE "bdos.asm"
        INCLUDE "fat.asm"
        INCLUDE "fcb.asm"
        INCLUDE "devio.asm"
        INCLUDE "dos.asm"
        INCLUDE "command.asm"
        INCLUDE "callstmt.asm"
DISK_END:
; The controller's registers cover 7FF8h-7FFFh of this slot.
        DS 7FF0h-$,0FFh
        DS 8000h-$,0FFh
