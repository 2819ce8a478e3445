; The WD2793 driver: DSKIO (PHYDIO), DSKCHG, GETDPB, motor off.
; Philips wiring (docs/devices.md): registers at 7FF8h-7FFFh of this ROM's
; slot, DRQ and INTRQ read (active low) at 7FFFh bits 7 and 6. The ROM runs
; in page 1, so the registers are in view while it runs.

FDC_CMD:        EQU 7FF8h       ; command / status
FDC_TRK:        EQU 7FF9h
FDC_SEC:        EQU 7FFAh
FDC_DATA:       EQU 7FFBh
FDC_SIDE:       EQU 7FFCh       ; bit 0 side
FDC_DRV:        EQU 7FFDh       ; bits 1-0 drive, bit 6 LED, bit 7 motor; read bit 2 = 0: changed
FDC_IRQ:        EQU 7FFFh       ; bit 7 = 0: DRQ, bit 6 = 0: INTRQ
MOTOR_FRAMES:   EQU 120         ; VBlanks the motor keeps turning after the last access
RETRIES:        EQU 4

; Error codes of DSKIO (Disk-ROM BIOS, msx.org wiki)
ERR_WP:         EQU 0
ERR_NRDY:       EQU 2
ERR_DATA:       EQU 4
ERR_SEEK:       EQU 6
ERR_RNF:        EQU 8
ERR_WFLT:       EQU 10
ERR_PARAM:      EQU 12

; ---- DSKIO (4010h, and PHYDIO 0144h through H.PHYD) ------------------------------
; In: CY = write, A = drive (0 = A:), B = sectors, C = media (F8h-FBh),
;     DE = first logical sector, HL = transfer address.
; Out: CY = error with A = code; B = sectors transferred (always).
; Sectors for page 1 (where this ROM sits while it runs) go through BNCBUF
; to the RAM of RAMAD1, as in the original disk ROMs.
DSKIO_PUB:
                PUSH AF
                LD A,(RAMAD1)
                LD (XFRSLT),A
                POP AF
; Same, with the page-1 slot already in XFRSLT (the BDOS sets the caller's).
DSKIO_IN:
                PUSH AF
                LD A,0
                RLA                     ; A = 1 for a write
                LD (IOWR),A
                POP AF
                LD (IODRV),A
                LD (IOSEC),DE
                LD (IOADR),HL
                LD A,B
                LD (IOCNT),A
                XOR A
                LD (IODONE),A
                LD A,(IODRV)
                LD HL,NDRV
                CP (HL)
                JP NC,IO_BADPAR
                CALL PHANTOM            ; IODRV: the physical drive
                LD A,C                  ; geometry from the media byte
                CP 0F8h
                JP C,IO_BADPAR
                CP 0FCh
                JP NC,IO_BADPAR
                LD B,9
                BIT 1,A
                JR Z,IO_SPT
                LD B,8
IO_SPT:         LD HL,IOSPT
                LD (HL),B
                AND 1
                INC A
                LD (IOSIDES),A
                CALL MOTORON
IO_NEXT:        LD A,(IOCNT)
                OR A
                JP Z,IO_OK
                CALL IO_CHS
                JP C,IO_ERR
                ; Page 1 is this ROM: such sectors go through BNCBUF.
                LD HL,(IOADR)
                LD (IOXADR),HL
                CALL IO_PAGE1
                JR NC,IO_DIRECT
                LD HL,BNCBUF
                LD (IOXADR),HL
                LD A,(IOWR)
                OR A
                JR Z,IO_DIRECT
                LD HL,(IOADR)           ; write: the caller's bytes first
                LD DE,BNCBUF
                LD BC,512
                LD A,(XFRSLT)
                CALL RC_P1MOVE
IO_DIRECT:      LD A,RETRIES
                LD (IOTRY),A
                ; Interrupts are served while the first sector comes round
                ; (up to a turn). The next ones follow within 4 ms: an
                ; interrupt waits for the end of a sector (IO_STATUS), as
                ; one that came just before a sector's first byte would make
                ; it lost and cost a turn.
                LD A,(IODONE)
                OR A
                LD A,0FBh               ; EI
                JR Z,IO_EIWAIT
                LD A,0F3h               ; DI
IO_EIWAIT:      LD (IOEI),A
IO_TRY:         CALL IO_SECTOR
                JR NC,IO_DONE1
                CP ERR_WP
                JP Z,IO_ERR
                CP ERR_NRDY
                JP Z,IO_ERR
                LD HL,IOTRY
                DEC (HL)
                JP Z,IO_ERR
                CP ERR_WFLT             ; lost data (read or write)
                JR Z,IO_AGAIN
                CP ERR_DATA
                JR NZ,IO_RESTORE
                ; An interrupt came just before the sector's first byte: it
                ; would come at the same place of the next turn again (12
                ; frames make one turn at 60 Hz, 10 at 50 Hz). So the sector
                ; before this one on the track is read first, to scratch,
                ; with interrupts served while it is awaited (a different
                ; place of the turn); this one follows it within 4 ms,
                ; awaited with interrupts off.
IO_AGAIN:       CALL IO_PRESEC
                LD A,0F3h
                LD (IOEI),A
                JR IO_TRY
IO_RESTORE:
                PUSH AF
                CALL IO_TRKREG          ; forget the head position: restore
                LD (HL),0FFh
                POP AF
                JR IO_TRY
IO_DONE1:       CALL IO_PAGE1
                JR NC,IO_ADV
                LD A,(IOWR)
                OR A
                JR NZ,IO_ADV
                LD HL,BNCBUF            ; read: to the caller's page 1
                LD DE,(IOADR)
                LD BC,512
                LD A,(XFRSLT)
                CALL RC_P1MOVE
IO_ADV:         LD HL,(IOADR)
                LD DE,512
                ADD HL,DE
                LD (IOADR),HL
                LD HL,(IOSEC)
                INC HL
                LD (IOSEC),HL
                LD HL,IOCNT
                DEC (HL)
                LD HL,IODONE
                INC (HL)
                JP IO_NEXT
IO_OK:          XOR A
                JR IO_END
IO_BADPAR:      LD A,ERR_PARAM
IO_ERR:         SCF
IO_END:         PUSH AF
                LD A,MOTOR_FRAMES       ; the timer interrupt stops the motor later
                LD (MTRCNT),A
                LD A,(IODONE)
                LD B,A
                POP AF
                EI
                RET

; IO_PRESEC: read the sector before IOREC on its track (the last one for
; sector 1) to scratch, waiting with interrupts on; its result does not
; matter. Scratch is BNCBUF, or DIRBUF (then dropped from the cache) when
; BNCBUF is the transfer's own buffer.
IO_PRESEC:
                LD HL,(IOXADR)
                PUSH HL
                LD A,(IOWR)
                PUSH AF
                LD A,(IOREC)
                PUSH AF
                DEC A
                JR NZ,IO_PRE_REC
                LD A,(IOSPT)
IO_PRE_REC:     LD (IOREC),A
                LD DE,BNCBUF
                OR A
                SBC HL,DE
                ADD HL,DE
                JR NZ,IO_PRE_BUF
                LD DE,DIRBUF
                LD HL,0FFFFh
                LD (DIRSEC),HL
IO_PRE_BUF:     LD (IOXADR),DE
                XOR A
                LD (IOWR),A
                LD A,0FBh
                LD (IOEI),A
                CALL IO_SECTOR
                POP AF
                LD (IOREC),A
                POP AF
                LD (IOWR),A
                POP HL
                LD (IOXADR),HL
                RET

; CY = 1 when any byte of the sector at IOADR lies in page 1.
IO_PAGE1:
                LD HL,(IOADR)
                LD A,H
                CP 80h
                RET NC                  ; from 8000h up: pages 2-3
                LD DE,200h
                ADD HL,DE
                LD A,H
                CP 40h
                CCF
                RET NC                  ; ends before 4000h... (page 0)
                LD A,H                  ; A >= 40h: reaches page 1
                CP 40h
                JR NZ,IO_P1YES
                LD A,L
                OR A
                RET Z                   ; ends exactly at 4000h
IO_P1YES:       SCF
                RET

; IO_CHS: IOSEC -> IOTRK, IOSIDE, IOREC. CY = 1 (A = RNF) past track 81.
IO_CHS:
                LD HL,(IOSEC)
                LD A,(IOSPT)
                LD E,A
                LD A,(IOSIDES)
                LD C,A
                LD D,0
                DEC C
                LD A,E
                JR Z,IO_CHS1
                ADD A,A                 ; sectors per cylinder
IO_CHS1:        LD E,A
                LD B,0                  ; track
IO_CHS_DIV:     OR A
                SBC HL,DE
                JR C,IO_CHS_REM
                INC B
                LD A,B
                CP 82
                JR C,IO_CHS_DIV
                LD A,ERR_RNF
                SCF
                RET
IO_CHS_REM:     ADD HL,DE               ; L = sector within the cylinder
                LD A,B
                LD (IOTRK),A
                LD A,(IOSPT)
                LD B,A
                LD A,L
                LD C,0
                CP B
                JR C,IO_CHS_SIDE
                SUB B
                INC C
IO_CHS_SIDE:    INC A
                LD (IOREC),A
                LD A,C
                LD (IOSIDE),A
                OR A
                RET

; HL -> TRKTAB entry of IODRV.
IO_TRKREG:
                LD A,(IODRV)
                LD E,A
                LD D,0
                LD HL,TRKTAB
                ADD HL,DE
                RET

; MOTORON: select IODRV, motor and LED on; no motor-off countdown meanwhile.
MOTORON:
                XOR A
                LD (MTRCNT),A
                LD A,(IODRV)
                OR 0C0h
                LD (DRVREG),A
                LD (FDC_DRV),A
                RET

; MTOFF (401Fh): motor off, drive stays selected.
MTOFF:
                PUSH AF
                LD A,(DRVREG)
                AND 03h
                LD (DRVREG),A
                LD (FDC_DRV),A
                XOR A
                LD (MTRCNT),A
                POP AF
                RET

; WAITI: wait for the end of a command (INTRQ); A = status.
WAITI:
                LD A,(FDC_IRQ)
                AND 40h
                JR NZ,WAITI
                LD A,(FDC_CMD)
                RET

; IO_SEEK: move the head of IODRV to IOTRK. CY with A = code on failure.
IO_SEEK:
                CALL IO_TRKREG
                LD A,(HL)
                CP 0FFh
                JR NZ,IO_SEEK_KNOWN
                LD A,00h                ; RESTORE, 6 ms steps, no verify
                LD (FDC_CMD),A
                CALL WAITI
                AND 04h                 ; TRACK 00 reached?
                JR NZ,IO_SEEK_HOME
                LD A,(FDC_CMD)
                RLA
                LD A,ERR_NRDY
                RET C
                LD A,ERR_SEEK
                SCF
                RET
IO_SEEK_HOME:   CALL IO_TRKREG
                LD (HL),0
                XOR A
IO_SEEK_KNOWN:  LD (FDC_TRK),A          ; the controller's track register for this drive
                LD B,A
                LD A,(IOTRK)
                CP B
                RET Z                   ; already there (CY = 0)
                LD (FDC_DATA),A
                LD A,10h                ; SEEK, 6 ms steps, no verify
                LD (FDC_CMD),A
                CALL WAITI
                CALL IO_TRKREG
                LD A,(IOTRK)
                LD (HL),A
                OR A
                RET

; IO_SECTOR: one sector between the controller and IOXADR (pages 2-3).
; CY with A = code on failure.
IO_SECTOR:
                CALL IO_SEEK
                RET C
                LD A,(IOSIDE)
                LD (FDC_SIDE),A
                LD A,(IOREC)
                LD (FDC_SEC),A
                LD A,(FDC_CMD)          ; the drive must hold a disk
                RLA
                LD A,ERR_NRDY
                RET C
                LD HL,(IOXADR)
                LD DE,FDC_IRQ
                LD BC,FDC_DATA
                LD A,(IOWR)
                OR A
                JR NZ,IO_WRITE
                LD A,80h                ; READ SECTOR
                LD (FDC_CMD),A
                ; Interrupts are served while the sector comes round, and
                ; shut out from its first byte to its last (a byte every
                ; 114 T-states): EI / NOP / DI opens one window per pass.
                ; After a LOST DATA (an interrupt just before the first
                ; byte), the retry waits with DI.
IO_RDFIRST:     LD A,(IOEI)
                CP 0FBh
                JR NZ,IO_RDDI
                EI
                NOP
IO_RDDI:        DI
                LD A,(DE)
                ADD A,A                 ; CY = no DRQ, S = no INTRQ
                JR NC,IO_RDGO
                JP M,IO_RDFIRST
                JR IO_STATUS
IO_RDGO:        LD A,(BC)
                LD (HL),A
                INC HL
IO_RDLOOP:      LD A,(DE)               ; 55 T-states a byte, one arrives every 114
                ADD A,A
                JR C,IO_RDWAIT
                LD A,(BC)
                LD (HL),A
                INC HL
                JP IO_RDLOOP
IO_RDWAIT:      JP M,IO_RDLOOP
                JR IO_STATUS
IO_WRITE:       LD A,0A0h               ; WRITE SECTOR
                LD (FDC_CMD),A
IO_WRFIRST:     LD A,(IOEI)
                CP 0FBh
                JR NZ,IO_WRDI
                EI
                NOP
IO_WRDI:        DI
                LD A,(DE)
                ADD A,A
                JR NC,IO_WRGO
                JP M,IO_WRFIRST
                JR IO_STATUS
IO_WRGO:        LD A,(HL)
                LD (BC),A
                INC HL
IO_WRLOOP:      LD A,(DE)
                ADD A,A
                JR C,IO_WRWAIT
                LD A,(HL)
                LD (BC),A
                INC HL
                JP IO_WRLOOP
IO_WRWAIT:      JP M,IO_WRLOOP
IO_STATUS:      EI
                LD A,(FDC_CMD)
                LD B,A
                AND 0DCh                ; not ready, protect, RNF, CRC, lost data
                RET Z                   ; CY = 0
                LD A,ERR_NRDY
                BIT 7,B
                JR NZ,IO_STERR
                LD A,ERR_WP
                BIT 6,B
                JR NZ,IO_STERR
                LD A,ERR_RNF
                BIT 4,B
                JR NZ,IO_STERR
                LD A,ERR_DATA
                BIT 3,B
                JR NZ,IO_STERR
                LD A,(IOWR)             ; lost data
                OR A
                LD A,ERR_DATA
                JR Z,IO_STERR
                LD A,ERR_WFLT
IO_STERR:       SCF
                RET

; ---- one drive for A: and B: ---------------------------------------------------------
; PHANTOM: A = logical drive. With one drive, B: is simulated on it as
; MSX-DOS does: when the drive holds the other logical drive's disk, "Insert
; diskette for drive B:" / "and strike a key when ready " (the wording of
; the MSX-DOS disk ROMs), a key, and the other logical drive counts as
; changed (its disk left); the drive's own change bit, set by the swap asked
; for, is cleared. IODRV = the physical drive. Preserves BC, DE, HL.
PHANTOM:
                PUSH HL
                PUSH DE
                PUSH BC
                LD C,A
                LD A,(NPHYS)
                CP 2
                JR NC,PHANTOM_END       ; two drives: each its own
                XOR A
                LD (IODRV),A
                LD A,(LASTLOG)
                CP C
                JR Z,PHANTOM_END
                INC A                   ; the other one's bit
                LD B,A
                LD A,(CHGBDOS)
                OR B
                LD (CHGBDOS),A
                LD A,(CHGEXT)
                OR B
                LD (CHGEXT),A
                LD A,C
                LD (LASTLOG),A
                LD HL,M_PHANT1
                CALL PRINTZ
                LD A,C
                ADD A,'A'
                CALL B_CHPUT
                LD HL,M_PHANT2
                CALL PRINTZ
                CALL B_CHGET
                LD HL,M_DECRLF
                CALL PRINTZ
                LD A,(DRVREG)           ; the change bit of the swap: read, cleared
                AND 0C0h
                LD (DRVREG),A
                LD (FDC_DRV),A
                LD A,(FDC_DRV)
PHANTOM_END:    LD A,(NPHYS)
                CP 2
                JR C,PHANTOM_RET
                LD A,C
                LD (IODRV),A
PHANTOM_RET:    POP BC
                POP DE
                POP HL
                RET
M_PHANT1:       DB 0Dh,0Ah,"Insert diskette for drive ",0
M_PHANT2:       DB ":",0Dh,0Ah,"and strike a key when ready ",0

; ---- disk change ------------------------------------------------------------------
; POLLCHG: A = logical drive. Reads the drive register's change bit (the read
; clears it) and records a change for both the BDOS and DSKCHG callers; with
; one drive for A: and B:, for both.
POLLCHG:
                PUSH BC
                LD B,A
                LD A,(NPHYS)
                DEC A
                JR NZ,POLLCHG_SEL
                LD B,A                  ; one drive: the physical 0
POLLCHG_SEL:    LD A,(DRVREG)
                AND 0C0h
                OR B
                LD (DRVREG),A
                LD (FDC_DRV),A
                LD A,(FDC_DRV)
                AND 04h
                JR NZ,POLLCHG_NO
                LD A,(NPHYS)
                DEC A
                LD A,3                  ; one drive: A: and B: both
                JR Z,POLLCHG_BIT
                LD A,B                  ; bit of this drive
                INC A
                CP 3
                JR C,POLLCHG_BIT
                LD A,2
POLLCHG_BIT:    LD B,A
                LD A,(CHGBDOS)
                OR B
                LD (CHGBDOS),A
                LD A,(CHGEXT)
                OR B
                LD (CHGEXT),A
POLLCHG_NO:     POP BC
                RET

; ---- DSKCHG (4013h) ----------------------------------------------------------------
; In: A = drive, B = C = media byte, HL = DPB base. Out: CY/A as DSKIO;
; B = 1 not changed, 0FFh changed (the DPB at HL is then rebuilt from the
; disk's FAT media byte, as GETDPB).
DSKCHG:
                PUSH HL
                LD E,A
                LD HL,NDRV
                CP (HL)
                JR NC,DSKCHG_BAD
                PUSH DE
                CALL POLLCHG
                POP DE
                LD A,E                  ; this drive's bit in CHGEXT
                INC A
                LD B,A
                LD A,(CHGEXT)
                AND B
                JR NZ,DSKCHG_YES
                POP HL
                LD B,1
                XOR A
                RET
DSKCHG_YES:     LD A,B
                CPL
                LD B,A
                LD A,(CHGEXT)
                AND B
                LD (CHGEXT),A
                ; Read the first FAT sector for the media byte.
                LD A,(RAMAD3)           ; BNCBUF is in page 3: no bounce needed
                LD (XFRSLT),A
                LD A,E
                PUSH DE
                LD B,1
                LD C,0F9h               ; sector 1 is on track 0 side 0 for every format
                LD DE,1
                LD HL,BNCBUF
                OR A
                CALL DSKIO_IN
                POP DE
                POP HL
                RET C
                LD A,(BNCBUF)
                LD B,A
                LD C,A
                LD A,E
                CALL GETDPB
                LD B,0FFh
                XOR A
                RET
DSKCHG_BAD:     POP HL
                LD A,ERR_PARAM
                SCF
                RET

; ---- GETDPB (4016h) ----------------------------------------------------------------
; In: A = drive, B = first FAT byte (media), C = media, HL = DPB base.
; Out: HL+1 .. HL+18 = the standard DPB of that media (F8h-FBh; others as F9h).
GETDPB:
                PUSH HL
                PUSH DE
                PUSH BC
                LD A,B
                SUB 0F8h
                CP 4
                JR C,GETDPB_M
                LD A,1
GETDPB_M:       LD E,A                  ; index * 18
                ADD A,A
                ADD A,A
                ADD A,A
                ADD A,E
                ADD A,A
                LD E,A
                LD D,0
                INC HL
                EX DE,HL
                LD BC,DPBTAB
                ADD HL,BC
                LD BC,18
                LDIR
                POP BC
                POP DE
                POP HL
                XOR A
                RET

; The DPBs (from MEDIA on) of the standard MSX formats: media, sector size,
; DIRMSK, DIRSHFT, CLUSMSK, CLUSSHFT, first FAT sector, FATs, root entries,
; first data sector, clusters + 1, sectors per FAT, first directory sector.
DPBTAB:
                DB 0F8h
                DW 512
                DB 0Fh,4,1,2
                DW 1
                DB 2,112
                DW 12,355
                DB 2
                DW 5
                DB 0F9h
                DW 512
                DB 0Fh,4,1,2
                DW 1
                DB 2,112
                DW 14,714
                DB 3
                DW 7
                DB 0FAh
                DW 512
                DB 0Fh,4,1,2
                DW 1
                DB 2,112
                DW 10,316
                DB 1
                DW 3
                DB 0FBh
                DW 512
                DB 0Fh,4,1,2
                DW 1
                DB 2,112
                DW 12,635
                DB 2
                DW 5

; CHOICE (4019h) and DSKFMT (401Ch) are in format.asm.

; ---- H.TIMI: motor-off countdown, then the hook as it was before us. ---------------
TIMI:
                PUSH AF
                LD A,(MTRCNT)
                OR A
                JR Z,TIMI_CHAIN
                DEC A
                LD (MTRCNT),A
                CALL Z,MTOFF
TIMI_CHAIN:     POP AF
                JP OLDTIMI
