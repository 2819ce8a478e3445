; Formatting: CHOICE (4019h), DSKFMT (401Ch), and the interactive formatter
; behind FORMAT (main ROM 0147h through H.FORM) and the prompt's FORMAT.
;
; The dialogue is MSX-DOS 1's (msx.org wiki, "FORMAT" and "CALL FORMAT"):
; "Drive name? (A,B) " when the interface has two drives, the disk ROM's
; choice string, "? ", "Strike a key when ready", "Format complete". The
; choices are those of the 3.5" double-track interfaces (Philips, Sony):
; 1 = one side (360 KB, media F8h), 2 = two sides (720 KB, media F9h), 80
; tracks of nine 512-byte sectors (msx-hardware.md 6.5, table of media).
;
; The track is written with WRITE TRACK (WD2793 data sheet: F5h writes an
; A1h sync byte and presets the CRC, F6h writes C2h, F7h writes the two CRC
; bytes), in the IBM System/34 double-density layout: gap 4a, index mark,
; gap 1, then per sector the ID field (C, H, R, N = 2), gap 2, the data
; field (512 x E5h) and gap 3; 4Eh to the index pulse. 6050 bytes of the
; 6250 a turn holds.


; The choice string (CHOICE returns its address in this ROM's slot).
CHOICE_STR:     DB "1 - 1 side, double track",0Dh,0Ah
                DB "2 - 2 sides, double track",0Dh,0Ah,0

CHOICE:
                LD HL,CHOICE_STR
                RET

; ---- DSKFMT (401Ch) ---------------------------------------------------------------------
; In: A = choice (1 or 2), D = drive. The caller's work area (HL, BC) is not
; needed: the track is built in this ROM's cache, which formatting empties
; (changes of another drive written first). Out: CY and A = error code as
; DSKIO (0 write protect, 2 not ready, 6 seek, 10 write fault, 12 bad
; parameter), else CY = 0. The drive then counts as changed.
DSKFMT:
                CP 1
                JR C,FMT_BADPAR
                CP 3
                JR NC,FMT_BADPAR
                LD (FMSIDES),A
                LD A,D
                LD HL,NDRV
                CP (HL)
                JR NC,FMT_BADPAR
                LD (FMDRV),A
                LD HL,CACHDRV           ; another drive's changes are kept
                CP (HL)
                CALL NZ,FLUSH
                CALL FORGET
                LD A,(FMDRV)
                LD (IODRV),A
                LD HL,NPHYS             ; one drive for A: and B:: its disk is
                LD A,(HL)               ; the one asked for now
                DEC A
                JR NZ,FMT_PHYS
                LD (IODRV),A
                LD A,(FMDRV)
                LD (LASTLOG),A
FMT_PHYS:       CALL IO_TRKREG          ; start from a RESTORE
                LD (HL),0FFh
                CALL MOTORON
                XOR A
                LD (IOTRK),A
FMT_TRK:        XOR A
                LD (IOSIDE),A
FMT_SIDE:       CALL FMTTRACK
                JR C,FMT_END
                LD HL,IOSIDE
                INC (HL)
                LD A,(FMSIDES)
                CP (HL)
                JR NZ,FMT_SIDE
                LD HL,IOTRK
                INC (HL)
                LD A,(HL)
                CP 80
                JR C,FMT_TRK
                CALL FMTLOGIC
FMT_END:        PUSH AF
                LD A,(FMDRV)            ; the BDOS and DSKCHG see a new disk
                INC A
                LD B,A
                LD A,(CHGBDOS)
                OR B
                LD (CHGBDOS),A
                LD A,(CHGEXT)
                OR B
                LD (CHGEXT),A
                CALL FORGET
                LD A,MOTOR_FRAMES
                LD (MTRCNT),A
                POP AF
                EI
                RET
FMT_BADPAR:     LD A,ERR_PARAM
                SCF
                RET

; FMTTRACK: IOTRK / IOSIDE of IODRV formatted. CY and A = code on failure.
; The track is written from a table of runs (count, byte; count 0 = 256)
; built in BNCBUF, byte after byte as the controller asks: no track-sized
; buffer, so formatting needs none of BASIC's memory.
FMTTRACK:
                CALL IO_SEEK
                RET C
                LD DE,BNCBUF
                LD HL,FMT_GAP
                CALL FMTRUNS
                LD C,1                  ; nine sectors, R = 1-9
FMTT_SEC:       LD HL,FMT_SEC1
                CALL FMTRUNS
                LD A,(IOTRK)            ; the ID field: C, H, R
                CALL FMTONE
                LD A,(IOSIDE)
                CALL FMTONE
                LD A,C
                CALL FMTONE
                LD HL,FMT_SEC2
                CALL FMTRUNS
                INC C
                LD A,C
                CP 10
                JR C,FMTT_SEC
                LD B,8                  ; 4Eh to the index pulse (2 KB spare)
FMTT_FILL:      XOR A
                LD (DE),A
                INC DE
                LD A,4Eh
                LD (DE),A
                INC DE
                DJNZ FMTT_FILL
                LD A,(IOSIDE)
                LD (FDC_SIDE),A
                LD A,(FDC_CMD)          ; the drive must hold a disk
                RLA
                LD A,ERR_NRDY
                RET C
                ; One byte every 114 T-states, from before the index pulse to
                ; the next one: interrupts are shut out for the whole turn.
                ; 48 T-states a byte, 79 from the last byte of a run to the
                ; first of the next.
                LD HL,BNCBUF
                LD DE,FDC_IRQ
                LD B,(HL)
                INC HL
                LD C,(HL)
                INC HL
                DI
                LD A,0F0h               ; WRITE TRACK
                LD (FDC_CMD),A
FMTT_LOOP:      LD A,(DE)
                ADD A,A                 ; CY = no DRQ, S = no INTRQ
                JR C,FMTT_WAIT
                LD A,C
                LD (FDC_DATA),A
                DJNZ FMTT_LOOP
                LD B,(HL)               ; the next run
                INC HL
                LD C,(HL)
                INC HL
                JP FMTT_LOOP
FMTT_WAIT:      JP M,FMTT_LOOP
                EI
                LD A,(FDC_CMD)
                LD B,A
                AND 0C4h                ; not ready, write protect, lost data
                RET Z                   ; CY = 0
                LD A,ERR_NRDY
                BIT 7,B
                JR NZ,FMTT_ERR
                LD A,ERR_WP
                BIT 6,B
                JR NZ,FMTT_ERR
                LD A,ERR_WFLT
FMTT_ERR:       SCF
                RET
; FMTRUNS: the runs at HL (up to FFh) to DE. FMTONE: a run of one A to DE.
FMTRUNS:
                LD A,(HL)
                CP 0FFh
                RET Z
                LDI
                LDI
                INC BC
                INC BC
                JR FMTRUNS
FMTONE:
                EX DE,HL
                LD (HL),1
                INC HL
                LD (HL),A
                INC HL
                EX DE,HL
                RET
; The IBM System/34 layout (see the top): gap 4a, index mark, gap 1; per
; sector the ID mark, (C, H, R), N = 2, its CRC, gap 2, the data mark, 512
; bytes E5h, their CRC, gap 3.
FMT_GAP:        DB 80,4Eh, 12,00h, 3,0F6h, 1,0FCh, 50,4Eh, 0FFh
FMT_SEC1:       DB 12,00h, 3,0F5h, 1,0FEh, 0FFh
FMT_SEC2:       DB 1,02h, 1,0F7h
                DB 22,4Eh, 12,00h, 3,0F5h, 1,0FBh, 0,0E5h, 0,0E5h, 1,0F7h
                DB 84,4Eh, 0FFh

; FMTLOGIC: boot sector, both FATs (empty) and the root directory (zeros).
; The boot sector is that of Disk::set_boot_command("") (docs/disk.md): it
; boots into the MSX-DOS prompt of this ROM (AUTOEXEC.BAT runs if there is
; one); another disk ROM gets a return (a disk without a system).
FMTLOGIC:
                LD A,(RAMAD3)           ; BNCBUF lies in page 3
                LD (XFRSLT),A
                CALL FMT_ZERO
                LD HL,BOOTSEC
                LD DE,BNCBUF
                LD BC,BOOTSEC_END-BOOTSEC
                LDIR
                LD HL,MAGIC_CM
                LD DE,BNCBUF+0F2h
                LD BC,8
                LDIR
                LD A,(FMSIDES)          ; BPB of the one-sided format
                DEC A
                JR NZ,FMTL_DS
                LD HL,720
                LD (BNCBUF+13h),HL
                LD A,0F8h
                LD (BNCBUF+15h),A
                LD A,2
                LD (BNCBUF+16h),A
                LD A,1
                LD (BNCBUF+1Ah),A
FMTL_DS:        LD DE,0
                CALL FMT_WRITE
                RET C
                ; FATs from sector 1, then the root directory (7 sectors):
                ; sectors 1 to 11 (one side) or 13 (two sides).
                LD A,(FMSIDES)
                ADD A,A
                ADD A,9                 ; FATs + directory: 11 or 13 sectors
                LD B,A
                LD DE,1
FMTL_SEC:       PUSH BC
                CALL FMT_ZERO
                LD A,(FMSIDES)          ; FAT size: 2 or 3 sectors
                INC A
                LD C,A
                LD A,E
                DEC A
                JR Z,FMTL_FAT
                CP C
                JR NZ,FMTL_W
FMTL_FAT:       LD A,(FMSIDES)          ; media F8h / F9h, FFh, FFh
                ADD A,0F7h
                LD HL,BNCBUF
                LD (HL),A
                INC HL
                LD (HL),0FFh
                INC HL
                LD (HL),0FFh
FMTL_W:         CALL FMT_WRITE
                POP BC
                RET C
                INC DE
                DJNZ FMTL_SEC
                OR A
                RET
FMT_ZERO:
                LD HL,BNCBUF
                LD BC,512
FMT_ZERO_L:     LD (HL),0
                INC HL
                DEC BC
                LD A,B
                OR C
                JR NZ,FMT_ZERO_L
                RET
; FMT_WRITE: BNCBUF to sector DE of FMDRV. CY, A = code. Preserves DE.
FMT_WRITE:
                PUSH DE
                LD A,(FMSIDES)
                ADD A,0F7h              ; F8h one side, F9h two
                LD C,A
                LD A,(FMDRV)
                LD B,1
                LD HL,BNCBUF
                SCF
                CALL DSKIO_IN
                POP DE
                RET

; The boot sector's first bytes (a 720 KB BPB; FMTLOGIC sets the one-sided
; fields): the jump mark, the OEM name, the BPB, and at 1Eh (C01Eh once the
; disk ROM has copied it) code that lets the first boot call return and on
; the second hands an empty command line to this ROM's program loader
; (RC_RUNCMD, marked "RSDOS1" two bytes after it). Addresses in the code are
; those of the copy at C000h.
BOOTSEC:        DB 0EBh,0FEh,90h
                DB "MSX-RS  "
                DW 512
                DB 2
                DW 1
                DB 2
                DW 112
                DW 1440
                DB 0F9h
                DW 3
                DW 9
                DW 2
                DW 0
BS_CODE:        RET NC                  ; C01Eh: the first call returns
                LD HL,RC_RUNCMD+2
                LD DE,0C000h+BS_MARK-BOOTSEC
                LD B,6
BS_CHK:         LD A,(DE)
                CP (HL)
                RET NZ                  ; not this disk ROM
                INC HL
                INC DE
                DJNZ BS_CHK
                LD HL,0C040h            ; the command line: empty
                JP RC_RUNCMD
BS_MARK:        DB "RSDOS1"
BOOTSEC_END:
MAGIC_CM:       DB "MSXRSCM1"           ; at F2h: msx-disk's boot_command() reads it

; ---- the interactive formatter ---------------------------------------------------------
; FMTASK: the questions, then DSKFMT and what came of it. CY when it did not
; format (CTRL+C / CTRL+STOP at a question, or a disk error: A = code).
FMTASK:
                XOR A
                LD (FMDRV),A
                LD A,(NDRV)
                CP 2
                JR C,FMTA_ONE
FMTA_DRV:       LD HL,M_FMDRV
                CALL PRINTZ
FMTA_DRVK:      CALL FMTKEY
                RET C
                CALL UPCASE
                SUB 'A'
                LD HL,NDRV
                CP (HL)
                JR NC,FMTA_DRVK
                LD (FMDRV),A
                ADD A,'A'
                CALL B_CHPUT
                CALL CRLF
FMTA_ONE:       CALL CRLF
                CALL CHOICE
                CALL PRINTZ
                LD HL,M_FMQ
                CALL PRINTZ
FMTA_CHK:       CALL FMTKEY
                RET C
                CP '1'
                JR C,FMTA_CHK
                CP '3'
                JR NC,FMTA_CHK
                LD (FMSIDES),A
                CALL B_CHPUT
                CALL CRLF
                LD HL,M_FMREADY
                CALL PRINTZ
                CALL FMTKEY
                RET C
                CALL CRLF
                LD A,(FMDRV)
                LD D,A
                LD A,(FMSIDES)
                SUB '0'
                CALL DSKFMT
                LD HL,M_FMDONE
                JR NC,FMTA_MSG
                PUSH AF
                LD HL,M_DEWP
                OR A
                JR Z,FMTA_ERR
                LD HL,M_DENR
                CP ERR_NRDY
                JR Z,FMTA_ERR
                LD HL,M_DEDISK
FMTA_ERR:       CALL PRINTZ
                LD HL,M_FMERR
                CALL PRINTZ
                POP AF
                RET
FMTA_MSG:       CALL PRINTZ
                OR A
                RET
; FMTKEY: a key; CTRL+C / CTRL+STOP: "^C", CY.
FMTKEY:
                CALL B_CHGET
                CP 03h
                JR Z,FMTKEY_C
                OR A
                RET
FMTKEY_C:       LD HL,M_CTRLC
                CALL PRINTZ
                CALL CRLF
                SCF
                RET
M_FMDRV:        DB "Drive name? (A,B) ",0
M_FMQ:          DB 0Dh,0Ah,"? ",0
M_FMREADY:      DB "Strike a key when ready ",0
M_FMDONE:       DB "Format complete",0Dh,0Ah,0
M_FMERR:        DB " error",0Dh,0Ah,0

; The prompt's FORMAT (and H.FORM, FORMAT 0147h, goes to FMTASK).
C_FORMAT:       EQU FMTASK
