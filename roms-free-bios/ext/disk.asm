; Disk BASIC 1.0 for the interpreter (docs/basic-interpreter.md, "Disk
; BASIC"; fact sheet §1.3-§1.4, §5, §6).
;
; Files go through the BDOS at F37Dh (MSX-DOS 1 FCB functions), so any disk
; ROM that sets up F37Dh serves; without one the disk statements answer as
; MSX-BASIC does without a disk ROM. The channels are MSX-BASIC's: FILTAB
; points at MAXFILES+1 blocks of 9 header bytes and 256 data bytes (channel
; 0 is LOAD/SAVE's); the header:
;   +0 mode (0 closed, 1 input, 2 output), +1/+2 the channel's BDOS FCB,
;   +3 unused, +4 the device (0 default drive, 1-8 A:-H:), +5 input: bytes
;   in the buffer, +6 input: the next one / output: bytes waiting, +7 bit 1:
;   the end of the file was met, +8 unused, +9 the 256-byte buffer.
; The BDOS FCBs: 7 of 37 bytes taken from under HIMEM at the cold start,
; channel n's at (DK_FCBP) + 37n, as Disk BASIC keeps them.
; Sequential files have records of 1 byte and are read and written with
; the BDOS's random block functions (27h/26h), 255 bytes at a time in, 256
; out, so a file keeps its exact length.

DK_BDOS:        EQU 0F37Dh
GRPPRT:         EQU 008Dh           ; BIOS: a character on a graphic screen
LPTOUT:         EQU 00A5h
CHPUT:          EQU 00A2h
DK_SECBUF:      EQU 0F351h      ; -> DSKI$/DSKO$'s sector buffer (the disk ROM's)
DK_FCBP:        EQU 0F353h      ; -> the FCBs (Disk BASIC's own variable)
DK_BASREQ:      EQU 0EF7Fh      ; the free disk ROM's BASREQ (disk/dvars.asm)
DK_NFCB:        EQU 7
DK_BLK:         EQU 0F87Dh      ; (SAVEND) the channel block being worked on
DK_RUNFLG:      EQU FILNAM      ; RUNFLG: run once loaded
DK_FILNM2:      EQU 0F871h      ; the second name (NAME)
; BSAVE/BLOAD's addresses (start, end, execution: in this order, as the
; file has them), its flags and offset: in FILNM2, which only NAME uses.
DK_BSTART:      EQU DK_FILNM2
DK_BEND:        EQU DK_FILNM2+2
DK_BEXEC:       EQU DK_FILNM2+4
DK_BOFS:        EQU DK_FILNM2+6
DK_BVRAM:       EQU DK_FILNM2+8
DK_RECL:        EQU DK_FILNM2+9     ; OPEN: a random file's record length (2)
FRCSNG:         EQU 2FB2h           ; Math-Pack: DAC to single
FRCDBL:         EQU 303Ah           ; Math-Pack: DAC to double
MP_DECADD:      EQU 269Ah           ; Math-Pack: DAC = DAC + ARG (doubles)
MP_DECMUL:      EQU 27E6h           ; Math-Pack: DAC = DAC * ARG (doubles)
NRDVRM:         EQU 0174h           ; BIOS: VRAM byte at HL (128 KB)
NWRVRM:         EQU 0177h
NSTWRT:         EQU 0171h           ; BIOS: VRAM write address HL (active page)
NSETRD:         EQU 016Eh           ; BIOS: VRAM read address HL (active page)
DK_VDATA:       EQU 98h             ; VDP data port

; ---- presence --------------------------------------------------------------
; DK_HAVE: Z when a disk system is there: a disk ROM's INIT installed
; H.PHYD and the BDOS jump at F37Dh.
DK_HAVE:        LD A,(H_PHYD)
                CP 0C9h
                JR Z,DK_HAVE_NO
                LD A,(DK_BDOS)
                CP 0C3h
                RET
DK_HAVE_NO:     OR A                    ; (A = C9h: NZ)
                RET

; DK_NEEDIO: a disk system, else "Device I/O error" (the default device
; would be the cassette, which this machine does not have).
DK_NEEDIO:      CALL DK_HAVE
                RET Z
                LD E,19
                JP X_ERROR
; DK_NEED: a disk system, else "Illegal function call" (MSX-BASIC's
; answer to FILES, KILL, NAME without a disk ROM).
DK_NEED:        CALL DK_HAVE
                RET Z
                JP X_FCERR

; ---- cold start (services 8 and 9) -----------------------------------------
; DK_INI: the FCBs under HIMEM (before the interpreter's memory split).
DK_INI:         CALL DK_HAVE
                RET NZ
                LD HL,(HIMEM)
                LD DE,0-DK_NFCB*37-37   ; and one more for COPY
                ADD HL,DE
                LD (HIMEM),HL
                LD (DK_FCBP),HL
                RET

; DK_BOOT: "Disk BASIC version 1.0" under the start screen, then
; AUTOEXEC.BAS on the default drive is run as RUN"AUTOEXEC.BAS" typed in
; BUF (fact sheet §5); without it, back to "Ok".
DK_BOOT:        CALL DK_HAVE
                RET NZ
                LD HL,DK_BANNER         ; the start screen's last line
DK_BOOT_B:      LD A,(HL)
                OR A
                JR Z,DK_BOOT_A
                CALL CHPUT
                INC HL
                JR DK_BOOT_B
DK_BOOT_A:      LD HL,(DK_BASREQ)       ; the MSX-DOS prompt's BASIC [file]:
                LD DE,'B'+'A'*256       ; its line instead of AUTOEXEC.BAS
                OR A
                SBC HL,DE
                JR NZ,DK_BOOT_X
                LD (DK_BASREQ),HL       ; (once)
                LD HL,DK_BASREQ+2
                LD A,(HL)
                OR A
                RET Z
                LD DE,BUF
                LD BC,18
                LDIR
                LD IX,XE_TYPED
                JP X_CALBAS
DK_BOOT_X:      LD HL,DK_AUTONM
                LD DE,FILNAM
                LD BC,11
                LDIR
                LD HL,(DK_FCBP)
                EX DE,HL
                XOR A
                PUSH DE
                CALL DK_MKFCB
                POP DE
                LD C,0Fh                ; FOPEN: is it there?
                CALL DK_BDOS
                INC A
                RET Z
                LD HL,DK_AUTORUN
                LD DE,BUF
                LD BC,DK_AUTORUN_E-DK_AUTORUN
                LDIR
                LD IX,XE_TYPED
                JP X_CALBAS
DK_BANNER:      DB "Disk BASIC version 1.0",0Dh,0Ah,0
DK_AUTONM:      DB "AUTOEXECBAS"
DK_AUTORUN:     DB "RUN",22h,"AUTOEXEC.BAS",22h,0
DK_AUTORUN_E:

; ---- file names --------------------------------------------------------------
; DK_FNAME: the string expression at HL names a file: FILNAM = its name
; (8+3, upper case, blank padded, '*' fills its part with '?'), A = the
; device (0 default drive, 1-8 A:-H:, FCh GRP:, FDh CRT:, FEh LPT:, FFh
; CAS:). HL after the expression (re-read with X_CUR). "Bad file name" (56)
; for a device it does not know or a character no name may hold.
DK_FNAME:       CALL X_STRING
                PUSH HL
                EX DE,HL                ; HL = the characters, B = how many
                LD C,0
                LD A,B
                CP 2
                JR C,DK_FN_NAME
                INC HL
                LD A,(HL)
                DEC HL
                CP ':'
                JR NZ,DK_FN_DEV
                LD A,(HL)               ; "X:": a drive
                CALL DK_UPPER
                SUB 'A'-1
                JR C,DK_FN_BAD
                JR Z,DK_FN_BAD
                CP 9
                JR NC,DK_FN_BAD
                LD C,A
                INC HL
                INC HL
                DEC B
                DEC B
                JR DK_FN_NAME
DK_FN_DEV:      LD A,B                  ; "NAME:": a device
                CP 4
                JR C,DK_FN_NAME
                INC HL
                INC HL
                INC HL
                LD A,(HL)
                DEC HL
                DEC HL
                DEC HL
                CP ':'
                JR NZ,DK_FN_NAME
                PUSH BC
                LD DE,DK_DEVS
DK_FN_DL:       LD A,(DE)
                OR A
                JR Z,DK_FN_BADP
                PUSH HL
                LD B,3
DK_FN_DC:       LD A,(HL)
                CALL DK_UPPER
                EX DE,HL
                CP (HL)
                EX DE,HL
                INC HL
                INC DE
                JR NZ,DK_FN_DN
                DJNZ DK_FN_DC
                LD A,(DE)               ; found: its code
                POP DE
                POP BC
                LD C,A
                LD A,B
                SUB 4
                LD B,A
                JR DK_FN_NAME
DK_FN_DN:       EX DE,HL                ; the next entry: B more bytes on
                LD E,B
                LD D,0
                ADD HL,DE
                EX DE,HL
                POP HL
                JR DK_FN_DL
DK_FN_NAME:     PUSH BC                 ; C = the device
                LD DE,FILNAM
                LD C,8
                CALL DK_FPART
                JR C,DK_FN_BADP
                LD A,B
                OR A
                JR Z,DK_FN_EXT
                INC HL                  ; the '.'
                DEC B
DK_FN_EXT:      LD C,3
                CALL DK_FPART
                JR C,DK_FN_BADP
                LD A,B
                OR A
                JR NZ,DK_FN_BADP        ; a second '.'
                POP BC
                POP HL
                LD A,C
                RET
DK_FN_BADP:     POP BC
DK_FN_BAD:      LD E,56
                JP X_ERROR

DK_DEVS:        DB "CRT",0FDh,"LPT",0FEh,"GRP",0FCh,"CAS",0FFh,0

; DK_FPART: one part of a name: HL = the text, B = characters left, DE =
; the field, C = its size. Up to a '.' or the end; characters past the
; field are dropped (as MSX-DOS does), '*' fills the rest with '?' and what
; follows it in the part is ignored; blank padded. Carry for a control
; character or a blank.
DK_FPART:       LD A,B
                OR A
                JR Z,DK_FP_PAD
                LD A,(HL)
                CP '.'
                JR Z,DK_FP_PAD
                INC HL
                DEC B
                CP '*'
                JR Z,DK_FP_STAR
                CP '!'
                RET C
                CALL DK_UPPER
                INC C
                DEC C
                JR Z,DK_FPART           ; the field is full: dropped
                LD (DE),A
                INC DE
                DEC C
                JR DK_FPART
DK_FP_STAR:     LD A,'?'
                JR DK_FP_FILL
DK_FP_PAD:      LD A,' '
DK_FP_FILL:     INC C
                JR DK_FP_FE
DK_FP_FL:       LD (DE),A
                INC DE
DK_FP_FE:       DEC C
                JR NZ,DK_FP_FL
DK_FP_SK:       LD A,B                  ; the rest of the part (after '*')
                OR A
                RET Z
                LD A,(HL)
                CP '.'
                RET Z
                INC HL
                DEC B
                JR DK_FP_SK

DK_UPPER:       CP 'a'
                RET C
                CP 'z'+1
                RET NC
                SUB 20h
                RET

; DK_MKFCB: DE = an FCB, A = the drive: the drive, FILNAM, the rest 0.
; "Bad file name" (56) when the name is empty or A is no drive.
DK_MKFCB:       CP 9
                JR NC,DK_FN_BAD
                LD (DE),A
                INC DE
                LD A,(FILNAM)
                CP ' '
                JR Z,DK_FN_BAD
                LD HL,FILNAM
                LD BC,11
                LDIR
                LD B,25
                XOR A
DK_MKFCB_Z:     LD (DE),A
                INC DE
                DJNZ DK_MKFCB_Z
                RET

; DK_ENDST: the statement must end here (else Syntax error).
DK_ENDST:       CALL X_CUR
                RET Z
                JP X_SNERR

; ---- channels ----------------------------------------------------------------
; DK_CHAN: A = a channel number: DK_BLK = its block, HL too. "Bad file
; number" (52) past MAXFILES.
DK_CHAN:        LD HL,MAXFIL
                CP (HL)
                JR Z,DK_CHAN_OK
                JR NC,DK_BADNUM
DK_CHAN_OK:     LD HL,(FILTAB)
                ADD A,A
                ADD A,L
                LD L,A
                JR NC,DK_CHAN_NC
                INC H
DK_CHAN_NC:     LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                LD (DK_BLK),HL
                RET
DK_BADNUM:      LD E,52
                JP X_ERROR

; DK_FCBOF: DE = the FCB of the channel DK_BLK.
DK_FCBOF:       LD HL,(DK_BLK)
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                RET

; DK_OPEN: open channel A on the file FILNAM of drive C for B = 1 input or
; 2 output (made anew; an old file of the name is emptied). Errors: 54
; File already open, 52 Bad file number (no FCB for the channel), 53 File
; not found, 67 Too many files (the directory is full).
DK_OPEN:        PUSH BC
                PUSH AF
                CALL DK_CHAN
                LD A,(HL)
                OR A
                LD E,54
                JP NZ,X_ERROR
                POP AF
                CP DK_NFCB
                JR NC,DK_BADNUM
                LD HL,(DK_FCBP)         ; its FCB: + 37 per channel
                LD DE,37
                INC A
DK_OPEN_F:      DEC A
                JR Z,DK_OPEN_FD
                ADD HL,DE
                JR DK_OPEN_F
DK_OPEN_FD:     POP BC
                PUSH BC
                PUSH HL
                EX DE,HL
                LD A,C
                CALL DK_MKFCB
                POP DE
                POP BC
                PUSH BC
                PUSH DE
                LD A,B
                LD C,0Fh                ; FOPEN
                CP 2
                JR NZ,DK_OPEN_B
                LD C,16h                ; FMAKE
DK_OPEN_B:      CALL DK_BDOS
                POP DE
                POP BC
                INC A
                JR NZ,DK_OPEN_OK
                LD A,B                  ; a random file is made
                CP 4
                JR NZ,DK_OPEN_NF
                PUSH BC
                PUSH DE
                LD C,16h
                CALL DK_BDOS
                POP DE
                POP BC
                INC A
                JR NZ,DK_OPEN_OK
                JR DK_OPEN_FULL
DK_OPEN_NF:     LD E,53
                DJNZ DK_OPEN_FULL
                JP X_ERROR
DK_OPEN_FULL:   LD E,67
                JP X_ERROR
DK_OPEN_OK:     LD HL,0Eh               ; records of 1 byte (random: LEN),
                ADD HL,DE               ; from 0
                PUSH DE
                LD DE,1
                LD A,B
                CP 4
                JR NZ,DK_OPEN_RL
                LD DE,(DK_RECL)
DK_OPEN_RL:     LD (HL),E
                INC HL
                LD (HL),D
                POP DE
                LD HL,21h
                ADD HL,DE
                XOR A
                LD (HL),A
                INC HL
                LD (HL),A
                INC HL
                LD (HL),A
                INC HL
                LD (HL),A
                LD HL,(DK_BLK)          ; the channel's header
                LD (HL),B
                INC HL
                LD (HL),E
                INC HL
                LD (HL),D
                INC HL
                LD (HL),A
                INC HL
                LD (HL),C
                LD B,4
DK_OPEN_H:      INC HL
                LD (HL),A
                DJNZ DK_OPEN_H
                RET

; DK_CLOSE: close the channel DK_BLK: an output channel's waiting bytes
; are written, then the BDOS closes its file.
DK_CLOSE:       LD HL,(DK_BLK)
                LD A,(HL)
                OR A
                RET Z
                LD (HL),0
                CP 2
                JR NZ,DK_CLOSE_F
                LD DE,4                 ; an output device: nothing waits
                ADD HL,DE
                LD A,(HL)
                CP 9
                RET NC
                LD HL,(DK_BLK)
                LD DE,6
                ADD HL,DE
                LD L,(HL)
                LD H,0
                CALL DK_WBUF
DK_CLOSE_F:     LD HL,(DK_BLK)          ; a device has no file to close
                LD DE,4
                ADD HL,DE
                LD A,(HL)
                CP 9
                RET NC
                CALL DK_FCBOF
                LD C,10h                ; FCLOSE
                JP DK_BDOS

; DK_RDB: the next byte of the input channel DK_BLK: A; carry at the end of
; the file. Keeps BC, DE, HL.
DK_RDB:         PUSH HL
                PUSH DE
                PUSH BC
                LD HL,(DK_BLK)
                LD DE,7
                ADD HL,DE
                BIT 1,(HL)
                JR NZ,DK_RDB_END
                DEC HL
                LD A,(HL)               ; the next byte's place
                DEC HL
                CP (HL)                 ; = the bytes in the buffer: refill
                JR NZ,DK_RDB_GET
                CALL DK_FILL
                JR Z,DK_RDB_EOF
                XOR A
DK_RDB_GET:     INC HL                  ; +6
                INC (HL)
                INC HL
                INC HL
                INC HL                  ; +9
                ADD A,L
                LD L,A
                ADC A,H
                SUB L
                LD H,A
                LD A,(HL)
                OR A
                JR DK_RDB_RET
DK_RDB_EOF:     CALL DK_SETEOF
DK_RDB_END:     SCF
DK_RDB_RET:     POP BC
                POP DE
                POP HL
                RET
; DK_SETEOF: the input channel DK_BLK has met its end (an end of file, or
; the 1Ah that ends a text).
DK_SETEOF:      LD HL,(DK_BLK)
                LD DE,7
                ADD HL,DE
                SET 1,(HL)
                RET

; DK_FILL: up to 255 bytes of the file into the buffer of DK_BLK. HL =
; its +5, A = how many, Z for none.
DK_FILL:        CALL DK_DTA
                CALL DK_FCBOF
                LD HL,255
                LD C,27h                ; random block read
                CALL DK_BDOS
                LD A,L
                LD HL,(DK_BLK)
                LD DE,5
                ADD HL,DE
                LD (HL),A
                INC HL
                LD (HL),0
                DEC HL
                OR A
                RET

; DK_DTA: the BDOS's transfer address = the buffer of DK_BLK.
DK_DTA:         LD HL,(DK_BLK)
                LD DE,9
                ADD HL,DE
                EX DE,HL
                LD C,1Ah                ; SETDTA
                JP DK_BDOS

; DK_WRB: A to the output channel DK_BLK (the buffer is written when it
; holds 256 bytes). Keeps BC, DE, HL.
DK_WRB:         PUSH HL
                PUSH DE
                PUSH BC
                LD HL,(DK_BLK)
                LD DE,6
                ADD HL,DE
                LD C,(HL)
                INC (HL)
                LD DE,3
                ADD HL,DE               ; +9
                LD B,0
                ADD HL,BC
                LD (HL),A
                INC C
                JR NZ,DK_WRB_RET
                LD HL,256
                CALL DK_WBUF
DK_WRB_RET:     POP BC
                POP DE
                POP HL
                RET

; DK_WBUF: HL bytes of the buffer of DK_BLK to its file. "Disk full" (66)
; when they did not all go.
DK_WBUF:        LD A,H
                OR L
                RET Z
                PUSH HL
                CALL DK_DTA
                CALL DK_FCBOF
                POP HL
                LD C,26h                ; random block write
                CALL DK_BDOS
                OR A
                RET Z
DK_FULL:        LD E,66
                JP X_ERROR

; ---- LOAD, MERGE, RUN "f" (services 1, 3, 4; fact sheet §6.3) ----------------
; Channel 0 is opened on the file; its first byte tells: FFh, a tokenized
; program, read whole to TXTTAB; else text, which the main loop reads line
; by line as if typed (BI_GETLN, NLONLY bit 0), after a NEW unless MERGE.
; C: bit 0 run once loaded, bit 1 MERGE.
DK_LOAD:        LD C,0
                JR DK_LD
DK_RUNF:        LD C,1
                JR DK_LD
DK_MERGE:       LD C,2
DK_LD:          PUSH BC
                CALL DK_NEEDIO
                CALL DK_FNAME
                POP BC
                LD B,A                  ; the device
                PUSH BC
                CALL X_CUR
                POP BC
                CP ','
                JR NZ,DK_LD_END
                LD A,C                  ; ",R": LOAD only
                OR A
                JP NZ,X_SNERR
                INC C
                PUSH BC
                CALL X_CHRGTR
                LD A,'R'
                CALL X_SYNC
                POP BC
DK_LD_END:      PUSH BC
                CALL DK_ENDST
                POP BC
                PUSH BC
                LD C,B
                LD B,1                  ; input
                XOR A                   ; channel 0
                CALL DK_OPEN
                POP BC
                LD A,C
                AND 1
                LD (DK_RUNFLG),A
                CALL DK_RDB
                JR C,DK_LD_TEXT         ; an empty file: no lines
                CP 0FFh
                JR Z,DK_LD_BIN
                LD HL,(DK_BLK)          ; text: the byte is read again
                LD DE,6
                ADD HL,DE
                DEC (HL)
DK_LD_TEXT:     LD A,1
                LD (NLONLY),A
                LD A,C
                AND 2
                XOR 2                   ; A <> 0: NEW first (not MERGE)
                LD IX,XE_ALOAD
                JP X_CALBAS
DK_LD_BIN:      BIT 1,C                 ; MERGE takes text only
                LD E,61                 ; Bad file mode
                JP NZ,X_ERROR
                CALL DK_FCBOF           ; the rest of the file: its size - 1
                LD HL,10h
                ADD HL,DE
                LD C,(HL)
                INC HL
                LD B,(HL)
                INC HL
                LD A,(HL)
                INC HL
                OR (HL)
                JR NZ,DK_LD_OM
                DEC BC
                LD HL,(TXTTAB)          ; it must stay clear of the stack
                ADD HL,BC
                JR C,DK_LD_OM
                EX DE,HL
                LD HL,-300
                ADD HL,SP
                OR A
                SBC HL,DE
                JR C,DK_LD_OM
                PUSH BC
                CALL DK_FCBOF           ; from byte 1 on
                LD HL,21h
                ADD HL,DE
                LD (HL),1
                LD DE,(TXTTAB)
                LD C,1Ah                ; SETDTA
                CALL DK_BDOS
                CALL DK_FCBOF
                POP HL
                LD C,27h
                CALL DK_BDOS            ; HL = the bytes read
                LD DE,(TXTTAB)
                ADD HL,DE
                LD (VARTAB),HL
                CALL DK_CLOSE
                LD A,(DK_RUNFLG)
                LD IX,XE_LOADED         ; relink, run-clear, "Ok" or RUN
                JP X_CALBAS
DK_LD_OM:       CALL DK_CLOSE
                LD E,7                  ; Out of memory
                JP X_ERROR

; DK_GETLN (service 10): the main loop's next line from the text being
; loaded, into BUF as PINLIN leaves it (HL = BUF-1, NC); CR is dropped, LF
; ends a line, 1Ah or the end of the file ends the text. At the end: the
; channel is closed, and the program is run (RUN "f", LOAD ,R) or "Ok".
DK_GETLN:       LD HL,(FILTAB)
                LD E,(HL)
                INC HL
                LD D,(HL)
                LD (DK_BLK),DE
                LD HL,BUF
DK_GL_L:        CALL DK_RDB
                JR C,DK_GL_EOF
                CP 1Ah
                JR Z,DK_GL_Z
                CP 0Dh
                JR Z,DK_GL_L
                CP 0Ah
                JR Z,DK_GL_EOL
                LD (HL),A
                LD A,L                  ; at most 254 characters kept
                CP (BUF+254) & 0FFh
                JR Z,DK_GL_L
                INC HL
                JR DK_GL_L
DK_GL_Z:        PUSH HL
                CALL DK_SETEOF
                POP HL
DK_GL_EOF:      LD DE,BUF               ; a last line without LF first
                OR A
                SBC HL,DE
                ADD HL,DE
                JR NZ,DK_GL_EOL
                CALL DK_LDEND
                LD A,(DK_RUNFLG)
                LD IX,XE_LOADED
                JP X_CALBAS
DK_GL_EOL:      LD (HL),0
                LD HL,BUF-1
                OR A
                RET

; DK_LDEND (service 11, and the end of a text): the load is over.
DK_LDEND:       XOR A
                LD (NLONLY),A
                LD HL,(FILTAB)
                LD E,(HL)
                INC HL
                LD D,(HL)
                LD (DK_BLK),DE
                JP DK_CLOSE

; ---- SAVE "f"[,A] (service 2) -------------------------------------------------
; To a disk: FFh and the program as it is in memory (TXTTAB to VARTAB,
; msx-basic-format.md A1); with ,A its LIST text, CR LF after each line and
; 1Ah at the end.
DK_SAVE:        CALL DK_NEEDIO
                CALL DK_FNAME
                LD B,A
                LD C,0
                PUSH BC
                CALL X_CUR
                POP BC
                CP ','
                JR NZ,DK_SV_END
                PUSH BC
                CALL X_CHRGTR
                LD A,'A'
                CALL X_SYNC
                POP BC
                INC C
DK_SV_END:      PUSH BC
                CALL DK_ENDST
                LD IX,XE_PTRNUM         ; the file has line numbers, never
                CALL X_CALBAS           ; the pointers GOTO left in memory
                POP BC
                PUSH HL
                PUSH BC
                LD C,B
                LD B,2                  ; output
                XOR A
                CALL DK_OPEN
                POP BC
                DEC C
                JR Z,DK_SV_ASC
                LD HL,(TXTTAB)          ; the 00 before the program stands
                DEC HL                  ; in for the FFh while it is written
                LD (HL),0FFh
                EX DE,HL
                LD C,1Ah
                CALL DK_BDOS
                LD HL,(VARTAB)
                LD DE,(TXTTAB)
                OR A
                SBC HL,DE
                INC HL
                PUSH HL
                CALL DK_FCBOF
                POP HL
                LD C,26h
                CALL DK_BDOS
                LD HL,(TXTTAB)
                DEC HL
                LD (HL),0
                OR A
                JP NZ,DK_FULL
                JR DK_SV_DONE
DK_SV_ASC:      LD HL,(TXTTAB)
DK_SV_LINE:     LD A,(HL)               ; the end link
                INC HL
                OR (HL)
                DEC HL
                JR Z,DK_SV_EOF
                PUSH HL
                LD IX,XE_DETOK          ; "number body" in BUF
                CALL X_CALBAS
                LD HL,BUF
DK_SV_CH:       LD A,(HL)
                OR A
                JR Z,DK_SV_CRLF
                CALL DK_WRB
                INC HL
                JR DK_SV_CH
DK_SV_CRLF:     LD A,0Dh
                CALL DK_WRB
                LD A,0Ah
                CALL DK_WRB
                POP HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                JR DK_SV_LINE
DK_SV_EOF:      LD A,1Ah
                CALL DK_WRB
DK_SV_DONE:     CALL DK_CLOSE
                POP HL
                RET

; ---- FILES ["mask"] (service 5) -------------------------------------------------
; The names that match, "NAME    .EXT", a blank between them, a new line
; when the next would pass the screen width; none: "File not found" (53).
DK_FILES:       CALL DK_NEED
                CALL X_CUR
                LD C,0
                JR Z,DK_FI_ALL
                CALL DK_FNAME
                LD C,A
                PUSH BC
                CALL DK_ENDST
                POP BC
                LD A,(FILNAM)           ; "A:" alone: every file
                CP ' '
                JR NZ,DK_FI_GO
DK_FI_ALL:      PUSH HL
                LD HL,FILNAM
                LD B,11
DK_FI_Q:        LD (HL),'?'
                INC HL
                DJNZ DK_FI_Q
                POP HL
DK_FI_GO:       PUSH HL
                LD A,C
                CP 9
                JP NC,DK_FN_BAD
                LD HL,(DK_FCBP)         ; channel 0's FCB serves
                EX DE,HL
                CALL DK_MKFCB
                LD DE,(NULBUF)          ; the entries come to channel 0's buffer
                LD C,1Ah
                CALL DK_BDOS
                LD HL,(DK_FCBP)
                EX DE,HL
                LD C,11h                ; SFIRST
                CALL DK_BDOS
                INC A
                LD E,53
                JP Z,X_ERROR
DK_FI_ONE:      LD A,(TTYPOS)           ; room for " NAME    .EXT"?
                OR A
                JR Z,DK_FI_NAME
                ADD A,13
                LD HL,LINLEN
                CP (HL)
                JR C,DK_FI_BL
                JR Z,DK_FI_BL
                CALL DK_CRLF
                JR DK_FI_NAME
DK_FI_BL:       LD A,' '
                CALL X_OUTDO
DK_FI_NAME:     LD HL,(NULBUF)
                INC HL                  ; past the drive byte
                LD B,8
                CALL DK_FI_OUT
                LD A,'.'
                CALL X_OUTDO
                LD B,3
                CALL DK_FI_OUT
                LD HL,(DK_FCBP)
                EX DE,HL
                LD C,12h                ; SNEXT
                CALL DK_BDOS
                INC A
                JR NZ,DK_FI_ONE
                LD A,(TTYPOS)
                OR A
                CALL NZ,DK_CRLF
                POP HL
                RET
DK_FI_OUT:      LD A,(HL)
                PUSH HL
                PUSH BC
                CALL X_OUTDO
                POP BC
                POP HL
                INC HL
                DJNZ DK_FI_OUT
                RET
DK_CRLF:        LD A,0Dh
                CALL X_OUTDO
                LD A,0Ah
                JP X_OUTDO

; ---- KILL "f" (service 6) ------------------------------------------------------
DK_KILL:        CALL DK_NEED
                CALL DK_FNAME
                PUSH AF
                CALL DK_ENDST
                CALL DK_ISOPEN          ; "File still open" (64)
                LD E,64
                JP Z,X_ERROR
                POP AF
                PUSH HL
                LD HL,(DK_FCBP)
                EX DE,HL
                PUSH DE
                CALL DK_MKFCB
                POP DE
                LD C,13h                ; FDELETE
                CALL DK_BDOS
                POP HL
                INC A
                RET NZ
DK_NOTFND:      LD E,53
                JP X_ERROR

; ---- NAME "a" AS "b" (service 7) -------------------------------------------------
; As the disk ROM's A6F20 checks: "Rename across disk" (71) for two drives
; named differently, "File still open" (64) when a is an open file's name,
; "File not found" (53) when no file matches a, "File already exists" (65)
; when the BDOS's rename finds b taken. '?' and '*' in a and b rename every
; file a matches, a '?' of b keeping the old name's character there (the
; BDOS's FRENAME does it; compiled programs' NAME does the same).
DK_NAME:        CALL DK_NEED
                CALL DK_FNAME
                PUSH AF
                PUSH HL
                LD HL,FILNAM            ; the old name aside
                LD DE,DK_FILNM2
                LD BC,11
                LDIR
                POP HL
                CALL X_CUR
                LD A,'A'
                CALL X_SYNC
                LD A,'S'
                CALL X_SYNC
                CALL DK_FNAME
                POP BC                  ; B = the first drive
                OR A
                JR Z,DK_NM_SAME
                INC B
                DEC B
                JR Z,DK_NM_SAME
                CP B
                LD E,71
                JP NZ,X_ERROR
DK_NM_SAME:     OR B                    ; the drive named, if any
                PUSH AF
                CALL DK_ENDST
                POP AF
                PUSH AF
                PUSH HL
                LD HL,FILNAM            ; FILNAM = the old name, FILNM2 the new
                LD DE,DK_FILNM2
                LD B,11
DK_NM_SWAP:     LD C,(HL)
                LD A,(DE)
                LD (HL),A
                LD A,C
                LD (DE),A
                INC HL
                INC DE
                DJNZ DK_NM_SWAP
                CALL DK_ISOPEN          ; "File still open" (64): the old name
                LD E,64
                JP Z,X_ERROR
                POP HL
                POP AF
                PUSH HL
                LD HL,(DK_FCBP)         ; is there a file of the old name?
                EX DE,HL
                PUSH AF
                PUSH DE
                CALL DK_MKFCB
                LD DE,(NULBUF)
                LD C,1Ah
                CALL DK_BDOS
                POP DE
                PUSH DE
                LD C,11h
                CALL DK_BDOS
                POP DE
                INC A
                JP Z,DK_NOTFND
                LD HL,DK_FILNM2         ; new name at FCB+17, old at +1
                PUSH DE
                LD A,17
                ADD A,E
                LD E,A
                JR NC,DK_NM_NC
                INC D
DK_NM_NC:       LD BC,11
                LDIR
                POP DE
                PUSH DE
                INC DE
                LD HL,FILNAM
                LD BC,11
                LDIR
                POP DE
                POP AF
                LD (DE),A
                LD HL,16                ; (the search may have left a byte)
                ADD HL,DE
                LD (HL),0
                LD C,17h                ; FRENAME: '?' and '*' rename every
                CALL DK_BDOS            ; match, a '?' of the new name keeping
                POP HL                  ; the old character
                INC A
                RET NZ
                LD E,65                 ; the new name is taken
                JP X_ERROR

; ---- OPEN, CLOSE, PRINT #, INPUT #, LINE INPUT #, EOF (fact sheet §6.2) ----
; OPEN f$ [FOR INPUT|OUTPUT|APPEND] AS [#]n (service 12). The mode words
; as the cruncher leaves them: INPUT 85h, OUTPUT = OUT 9Ch + PUT B3h,
; APPEND = "APP" + END 81h.
DK_OPENST:      CALL DK_FNAME
                LD C,A                  ; C = the device
                LD B,4                  ; no FOR: random
                PUSH BC
                CALL X_CUR
                POP BC
                CP 82h                  ; FOR
                JR NZ,DK_OP_AS
                PUSH BC
                CALL X_CHRGTR
                POP BC
                LD B,1
                CP 85h                  ; INPUT
                JR Z,DK_OP_NEXT
                LD B,2
                CP 9Ch                  ; OUT(PUT)
                JR Z,DK_OP_OUT
                LD B,8
                CP 'A'                  ; APP(END)
                JP NZ,X_SNERR
                PUSH BC
                CALL X_CHRGTR
                LD A,'P'
                CALL X_SYNC
                LD A,'P'
                CALL X_SYNC
                LD A,81h
                CALL X_SYNC
                POP BC
                JR DK_OP_AS
DK_OP_OUT:      PUSH BC
                CALL X_CHRGTR
                LD A,0B3h
                CALL X_SYNC
                POP BC
                JR DK_OP_AS
DK_OP_NEXT:     PUSH BC
                CALL X_CHRGTR
                POP BC
DK_OP_AS:       PUSH BC
                CALL X_CUR
                LD A,'A'
                CALL X_SYNC
                LD A,'S'
                CALL X_SYNC
                CP '#'
                CALL Z,X_CHRGTR
                CALL X_GETBYT
                OR A
                JP Z,DK_BADNUM
                PUSH AF
                LD DE,256               ; a random file's records: 256
                LD (DK_RECL),DE         ; unless LEN= (FFh 92h, '=')
                CALL X_CUR
                CP 0FFh
                JR NZ,DK_OP_END
                CALL X_CHRGTR
                CP 92h
                JP NZ,X_SNERR
                CALL X_CHRGTR
                LD A,0EFh
                CALL X_SYNC
                CALL X_FRMQNT
                LD A,D                  ; 1-256
                OR E
                JP Z,X_FCERR
                DEC DE
                INC D
                DEC D
                JP NZ,X_FCERR
                INC DE
                LD (DK_RECL),DE
DK_OP_END:      CALL DK_ENDST
                POP AF
                POP BC
                PUSH HL
                CALL DK_OPENCH
                POP HL
                RET

; DK_OPENCH: open channel A on FILNAM of device C in mode B (1 input, 2
; output, 4 random, 8 append). A device other than a drive takes output
; only (input is Bad file name, fact sheet §6.1; without FOR it is
; output). GRP: may be opened on any screen (programs open it before their
; SCREEN 2); printing to it needs a graphic one (DK_OUTCH).
DK_OPENCH:      LD E,A
                LD A,C
                CP 9
                JR C,DK_OC_DISK
                INC A                   ; CAS: there is no cassette
                JR NZ,DK_OC_DEV
                LD E,19
                JP X_ERROR
DK_OC_DEV:      LD A,B                  ; output, append, or no FOR at all
                DEC A                   ; (OPEN "GRP:" AS #1, as programs
                JP Z,DK_FN_BAD          ; write it); input: Bad file name
DK_OC_DEVOK:    LD A,E
                PUSH BC
                CALL DK_CHAN
                POP BC
                LD A,(HL)
                OR A
                LD E,54
                JP NZ,X_ERROR
                LD (HL),2               ; output; no FCB
                INC HL
                XOR A
                LD (HL),A
                INC HL
                LD (HL),A
                INC HL
                LD (HL),A
                INC HL
                LD (HL),C
                RET
DK_OC_DISK:     PUSH DE
                CALL DK_NEEDIO
                POP DE
                LD A,B
                CP 8
                LD A,E
                JP NZ,DK_OPEN
                LD B,1                  ; APPEND: the file as it is,
                CALL DK_OPEN            ; written on from its end (on its
                CALL DK_FCBOF           ; 1Ah when it ends with one)
                LD HL,10h
                ADD HL,DE
                LD C,(HL)
                INC HL
                LD B,(HL)
                LD A,B
                OR C
                JR Z,DK_OC_AT
                DEC BC
                PUSH BC
                CALL DK_SETREC
                CALL DK_FILL
                POP BC
                JR Z,DK_OC_AT
                LD HL,(DK_BLK)
                LD DE,9
                ADD HL,DE
                LD A,(HL)
                CP 1Ah
                JR Z,DK_OC_AT
                INC BC
DK_OC_AT:       CALL DK_SETREC
                LD HL,(DK_BLK)
                LD (HL),2
                LD DE,6
                ADD HL,DE
                LD (HL),0
                RET
; DK_SETREC: the random record of the channel DK_BLK's FCB = BC.
DK_SETREC:      CALL DK_FCBOF
                LD HL,21h
                ADD HL,DE
                LD (HL),C
                INC HL
                LD (HL),B
                INC HL
                XOR A
                LD (HL),A
                INC HL
                LD (HL),A
                RET

; CLOSE [[#]n[,[#]n ...]] (service 13): without numbers every file.
DK_CLOSEST:     CALL X_CUR
                JR Z,DK_CLSALL
DK_CS_L:        CP '#'
                CALL Z,X_CHRGTR
                CALL X_GETBYT
                PUSH HL
                CALL DK_CHAN
                CALL DK_CLOSEF
                POP HL
                CALL X_CUR
                RET Z
                LD A,','
                CALL X_SYNC
                JR DK_CS_L

; DK_CLSALL (service 18: CLOSE, END, run-clear): channels 1 to MAXFILES
; closed. Keeps HL.
DK_CLSALL:      PUSH HL
                LD A,(MAXFIL)
DK_CA_L:        OR A
                JR Z,DK_CA_END
                PUSH AF
                CALL DK_CHAN
                CALL DK_CLOSEF
                POP AF
                DEC A
                JR DK_CA_L
DK_CA_END:      POP HL
                RET

; DK_CLOSEF: close the channel DK_BLK as CLOSE does: a disk file written
; sequentially ends with 1Ah (taken as its end when it is read back).
DK_CLOSEF:      LD HL,(DK_BLK)
                LD A,(HL)
                CP 2
                JP NZ,DK_CLOSE
                LD DE,4
                ADD HL,DE
                LD A,(HL)
                CP 9
                JP NC,DK_CLOSE
                LD A,1Ah
                CALL DK_WRB
                JP DK_CLOSE

; DK_SELCH: "#n" then "," or the end of the statement: PTRFIL = DK_BLK =
; channel n's block, which must be open in mode C (1 input, 2 output);
; HL at the next item, CHRGTR's flags.
DK_SELCH:       PUSH BC
                CALL X_CUR
                LD A,'#'
                CALL X_SYNC
                CALL X_GETBYT
                OR A
                JP Z,DK_BADNUM
                PUSH HL
                CALL DK_CHAN
                LD A,(HL)
                POP HL
                POP BC
                OR A
                LD E,59                 ; File not OPEN
                JP Z,X_ERROR
                CP C
                LD E,61                 ; Bad file mode
                JP NZ,X_ERROR
                LD DE,(DK_BLK)
                LD (PTRFIL),DE
                LD A,C
                CP 2
                CALL Z,DK_COLIN
                CALL X_CUR
                RET Z
                LD A,','
                JP X_SYNC

; DK_COLIN: PRINT # to a disk file counts its columns in TTYPOS (for ','
; zones and the line-length test of PRINT), the screen's set aside in the
; header's +3 until DK_PRTEND (service 39) swaps them back; +8 keeps the
; file's column between statements. Keeps HL.
DK_COLIN:       PUSH HL
                LD HL,(DK_BLK)
                LD DE,4
                ADD HL,DE
                LD A,(HL)
                CP 9
                JR NC,DK_COL_E
                DEC HL
                LD A,(TTYPOS)
                LD (HL),A
                LD DE,5
                ADD HL,DE
                LD A,(HL)
                LD (TTYPOS),A
DK_COL_E:       POP HL
                RET
DK_PRTEND:      PUSH HL
                LD HL,(PTRFIL)
                LD DE,4
                ADD HL,DE
                LD A,(HL)
                CP 9
                JR NC,DK_COL_E
                LD DE,4
                ADD HL,DE
                LD A,(TTYPOS)
                LD (HL),A
                LD DE,-5
                ADD HL,DE
                LD A,(HL)
                LD (TTYPOS),A
                POP HL
                RET

; PRINT #n, (service 14) and INPUT #n, / LINE INPUT #n, (service 15): the
; channel for the interpreter's PRINT and INPUT, which then run as usual
; (basic/extcall.asm BI_PRTFIL, BI_INPFIL).
DK_PRTSEL:      LD C,2
                JR DK_SELCH
DK_INPSEL:      LD C,1
                JR DK_SELCH

; DK_OUTCH (service 16, from OUTDO while PTRFIL is set): L = the
; character, to the channel PTRFIL: a disk file, CRT: (CHPUT), LPT:
; (LPTOUT), GRP: (GRPPRT). An input channel takes nothing (the "?" INPUT
; prints for a second line).
DK_OUTCH:       LD A,L
                LD HL,(PTRFIL)
                LD (DK_BLK),HL
                LD C,A
                LD A,(HL)
                CP 2
                RET NZ
                INC HL
                INC HL
                INC HL
                INC HL
                LD A,(HL)
                CP 9
                LD B,A
                LD A,C
                JR NC,DK_OC_DEVS
                CALL DK_WRB             ; a disk file: its column in TTYPOS
                LD A,C
                CP 0Dh
                JR Z,DK_OC_COL0
                CP 20h
                RET C
                LD HL,TTYPOS
                INC (HL)
                RET
DK_OC_COL0:     XOR A
                LD (TTYPOS),A
                RET
DK_OC_DEVS:     INC B
                INC B
                JP Z,LPTOUT             ; FEh
                INC B
                JP Z,CHPUT              ; FDh
                LD A,(SCRMOD)           ; FCh GRP: a graphic screen, when
                CP 2                    ; printing (fact sheet §6.1)
                JP C,X_FCERR
                LD A,C
                JP GRPPRT

; DK_INLINE (service 17, for INPUT # and LINE INPUT #): a line of the
; channel PTRFIL into BUF as INLIN leaves it (HL = BUF-1, NC). CR ends a
; line, LF is skipped, 1Ah or the end of the file ends the text; "Input
; past end" (55) when nothing is left.
DK_INLINE:      LD HL,(PTRFIL)
                LD (DK_BLK),HL
                LD HL,BUF
                CALL DK_RDB
                JR C,DK_IL_PAST
                CP 1Ah
                JR Z,DK_IL_ZP
DK_IL_CH:       CP 0Dh
                JR Z,DK_IL_CR
                CP 0Ah
                JR Z,DK_IL_NEXT
                LD (HL),A
                LD A,L
                CP (BUF+254) & 0FFh
                JR Z,DK_IL_NEXT
                INC HL
DK_IL_NEXT:     CALL DK_RDB
                JR C,DK_IL_END
                CP 1Ah
                JR NZ,DK_IL_CH
                PUSH HL
                CALL DK_SETEOF
                POP HL
DK_IL_CR:       CALL DK_RDB             ; the LF after a CR goes with it
                JR C,DK_IL_END
                CP 0Ah
                JR Z,DK_IL_END
                PUSH HL
                LD HL,(DK_BLK)
                LD DE,6
                ADD HL,DE
                DEC (HL)
                POP HL
DK_IL_END:      LD (HL),0
                LD HL,BUF-1
                OR A
                RET
DK_IL_ZP:       CALL DK_SETEOF
DK_IL_PAST:     LD E,55
                JP X_ERROR

; EOF(n) (service 19): -1 when the input channel n has nothing more to
; read (its end, or the 1Ah that ends a text), else 0.
DK_EOF:         CALL X_CHRGTR
                LD A,'('
                CALL X_SYNC
                CALL X_GETBYT
                PUSH AF
                LD A,')'
                CALL X_SYNC
                POP AF
                PUSH HL
                CALL DK_CHAN
                LD A,(HL)
                OR A
                LD E,59
                JP Z,X_ERROR
                DEC A
                LD E,61
                JP NZ,X_ERROR
                CALL DK_RDB             ; a look at the next byte
                LD HL,0FFFFh
                JR C,DK_EOF_SET
                CP 1Ah
                JR Z,DK_EOF_Z
                LD HL,(DK_BLK)          ; not taken after all
                LD DE,6
                ADD HL,DE
                DEC (HL)
                LD HL,0
                JR DK_EOF_SET
DK_EOF_Z:       CALL DK_SETEOF
                LD HL,0FFFFh
DK_EOF_SET:     LD A,2
                LD (VALTYP),A
                LD (DAC+2),HL
                POP HL
                JP X_CUR

; MAXFILES=n (service 21; MAX FILES '=' as crunched): 0-15; every file
; closed, the channel blocks laid out anew, run-clear (fact sheet §1.3).
DK_MAXF:        CALL X_CUR
                LD A,0B7h               ; FILES
                CALL X_SYNC
                LD A,0EFh               ; '='
                CALL X_SYNC
                CALL X_GETBYT
                CP 16
                JP NC,X_FCERR
                PUSH AF
                CALL DK_ENDST
                CALL DK_CLSALL
                POP AF
                LD IX,XE_MAXFIL
                JP X_CALBAS

; DK_ERRTXT (service 22): the message of Disk BASIC's error L (60-71) at
; BUF+166, 0-terminated (fact sheet §4.7).
DK_ERRTXT:      CALL DK_HAVE                ; without a disk ROM: Unprintable
                RET NZ
                LD A,L
                SUB 60
                LD B,A
                LD HL,DK_ERRS
                INC B
                JR DK_ET_N
DK_ET_S:        LD A,(HL)
                INC HL
                OR A
                JR NZ,DK_ET_S
DK_ET_N:        DJNZ DK_ET_S
                LD DE,BUF+166
DK_ET_C:        LD A,(HL)
                LD (DE),A
                INC HL
                INC DE
                OR A
                JR NZ,DK_ET_C
                RET
DK_ERRS:        DB "Bad FAT",0                  ; 60
                DB "Bad file mode",0
                DB "Bad drive name",0
                DB "Bad sector number",0
                DB "File still open",0
                DB "File already exists",0      ; 65
                DB "Disk full",0
                DB "Too many files",0
                DB "Disk write protected",0
                DB "Disk I/O error",0
                DB "Disk offline",0             ; 70
                DB "Rename across disk",0

; ---- BSAVE, BLOAD (services 23, 24; fact sheet §6.4) ------------------------
; The file: FEh, start, end, execution address (2 bytes each, low first),
; then the bytes start..end, of RAM or (",S") of VRAM.
; DK_ADDR: "," and a 16-bit expression: DE. HL after it.
DK_ADDR:        LD A,','
                CALL X_SYNC
                JP X_FRMQNT
; DK_SOPT: ",S" next? Z (and HL past it) when so.
DK_SOPT:        CALL X_CUR
                CP ','
                RET NZ
                PUSH HL
                CALL X_CHRGTR
                CP 'S'
                JR Z,DK_SOPT_Y
                POP HL                  ; not ours: back on the ',' (NZ)
                JP X_CUR
DK_SOPT_Y:      POP AF
                CALL X_CHRGTR
                CP A
                RET

DK_BSAVE:       CALL DK_NEEDIO
                CALL DK_FNAME
                PUSH AF                 ; the device
                CALL DK_ADDR
                LD (DK_BSTART),DE
                LD (DK_BEXEC),DE
                CALL DK_ADDR
                LD (DK_BEND),DE
                XOR A
                LD (DK_BVRAM),A
                CALL DK_SOPT
                JR Z,DK_BS_S
                CP ','
                JR NZ,DK_BS_E
                CALL DK_ADDR
                LD (DK_BEXEC),DE
                CALL DK_SOPT
                JR NZ,DK_BS_E
DK_BS_S:        LD A,1
                LD (DK_BVRAM),A
DK_BS_E:        CALL DK_ENDST
                POP AF
                PUSH HL
                LD C,A
                LD B,2
                XOR A
                CALL DK_OPEN
                LD A,0FEh
                CALL DK_WRB
                LD HL,DK_BSTART         ; start, end, execution address
                LD B,6
DK_BS_H:        LD A,(HL)
                CALL DK_WRB
                INC HL
                DJNZ DK_BS_H
                CALL DK_WPEND           ; the header, then the bytes by blocks
                LD A,(DK_BVRAM)
                OR A
                JR NZ,DK_BS_VR
                LD A,(DK_BSTART+1)      ; pages 0-1 are the ROMs BASIC sees,
                CP 80h                  ; which the BDOS would not read
                JR C,DK_BS_BYTE
                CALL DK_BLEFT           ; from RAM straight (DE = DK_BSTART)
                CALL NZ,DK_BLWR
                JR DK_BS_END
DK_BS_VR:       CALL DK_FREEBUF         ; from VRAM through the free memory
                JR Z,DK_BS_BYTE
                PUSH HL
DK_BS_VL:       POP HL
                PUSH HL
                CALL DK_CHUNK
                JR Z,DK_BS_VE
                PUSH HL
                LD HL,(DK_BSTART)
                CALL NSETRD
                POP BC
                PUSH BC
                LD HL,(DK_BOFS)
DK_BS_VC:       IN A,(DK_VDATA)
                LD (HL),A
                INC HL
                DEC BC
                LD A,B
                OR C
                JR NZ,DK_BS_VC
                POP HL
                PUSH HL
                LD DE,(DK_BOFS)
                CALL DK_BLWR
                POP BC
                LD HL,(DK_BSTART)
                ADD HL,BC
                LD (DK_BSTART),HL
                JR DK_BS_VL
DK_BS_VE:       POP HL
                JR DK_BS_END
DK_BS_BYTE:     LD HL,(DK_BSTART)       ; by bytes
DK_BS_L:        LD A,(DK_BVRAM)
                OR A
                LD A,(HL)
                CALL NZ,NRDVRM
                CALL DK_WRB
                LD DE,(DK_BEND)
                OR A
                SBC HL,DE
                ADD HL,DE
                INC HL
                JR NZ,DK_BS_L
DK_BS_END:      CALL DK_CLOSE
                POP HL
                RET

; BLOAD "f"[,R][,offset] or [,S][,offset].
DK_BLOAD:       CALL DK_NEEDIO
                CALL DK_FNAME
                PUSH AF
                XOR A
                LD (DK_BVRAM),A         ; bit 0 VRAM, bit 1 run
                LD DE,0
                LD (DK_BOFS),DE
                CALL DK_SOPT
                LD A,1
                JR Z,DK_BL_F
                CALL X_CUR
                CP ','
                JR NZ,DK_BL_E
                CALL X_CHRGTR
                CP 'R'
                JR NZ,DK_BL_O
                CALL X_CHRGTR
                LD A,2
DK_BL_F:        LD (DK_BVRAM),A
                CALL X_CUR
                CP ','
                JR NZ,DK_BL_E
                CALL X_CHRGTR
DK_BL_O:        CALL X_FRMQNT
                LD (DK_BOFS),DE
DK_BL_E:        CALL DK_ENDST
                POP AF
                PUSH HL
                LD C,A
                LD B,1
                XOR A
                CALL DK_OPEN
                CALL DK_RDB
                JR C,DK_BL_MODE
                CP 0FEh
                JR Z,DK_BL_HDR
DK_BL_MODE:     CALL DK_CLOSE
                LD E,61                 ; Bad file mode
                JP X_ERROR
DK_BL_HDR:      LD HL,DK_BSTART
                LD B,6
DK_BL_H:        CALL DK_RDB
                JR C,DK_BL_MODE
                LD (HL),A
                INC HL
                DJNZ DK_BL_H
                LD HL,DK_BSTART         ; each moved by the offset
                LD B,3
DK_BL_OF:       LD E,(HL)
                INC HL
                LD D,(HL)
                PUSH HL
                LD HL,(DK_BOFS)
                ADD HL,DE
                EX DE,HL
                POP HL
                LD (HL),D
                DEC HL
                LD (HL),E
                INC HL
                INC HL
                DJNZ DK_BL_OF
                LD HL,(DK_BSTART)
DK_BL_L:        CALL DK_BUFN            ; what the channel holds already, byte
                JR Z,DK_BL_BLK          ; by byte; then the rest by blocks
                CALL DK_BL_ONE
                JR NZ,DK_BL_L
                JP DK_BL_END
                ; The rest with the BDOS's block read: into RAM straight to its
                ; place (whole sectors go from the disk to memory in one
                ; go), into VRAM through the free memory above STREND.
                ; DK_BSTART = the next address, DK_BOFS = the buffer.
DK_BL_BLK:      LD (DK_BSTART),HL
                LD A,(DK_BVRAM)
                RRCA
                JR C,DK_BL_VR
                LD A,H                  ; pages 0-1 are the ROMs BASIC sees,
                CP 80h                  ; where the BDOS would write the RAM
                JP C,DK_BL_BYTE
                CALL DK_BLEFT           ; (DE = DK_BSTART)
                CALL NZ,DK_BLRD
                JP DK_BL_END
DK_BL_VR:       CALL DK_FREEBUF
                JR NZ,DK_BL_VS
                LD HL,(DK_BSTART)       ; less than a sector free: by bytes
                JP DK_BL_BYTE
DK_BL_VS:       PUSH HL                 ; the buffer's size
DK_BL_VL:       POP HL
                PUSH HL
                CALL DK_CHUNK
                JR Z,DK_BL_VE
                LD DE,(DK_BOFS)
                CALL DK_BLRD            ; HL = bytes read
                LD A,H
                OR L
                JR Z,DK_BL_VE
                PUSH HL                 ; the VRAM address once, then the bytes
                LD HL,(DK_BSTART)       ; (the address counts up by itself)
                CALL NSTWRT
                POP BC
                PUSH BC
                LD HL,(DK_BOFS)
DK_BL_VC:       LD A,(HL)
                OUT (DK_VDATA),A
                INC HL
                DEC BC
                LD A,B
                OR C
                JR NZ,DK_BL_VC
                POP BC
                LD HL,(DK_BSTART)
                ADD HL,BC
                LD (DK_BSTART),HL
                JR DK_BL_VL
DK_BL_VE:       POP HL
DK_BL_END:      CALL DK_CLOSE
                LD A,(DK_BVRAM)
                AND 2
                JR Z,DK_BL_RET
                LD HL,(DK_BEXEC)        ; ",R": the program, with the
                LD IX,XE_CALLHL         ; interpreter in page 1
                CALL X_CALBAS
DK_BL_RET:      POP HL
                RET

; DK_BL_BYTE: BLOAD's byte loop from HL (no room for blocks).
DK_BL_BYTE:     CALL DK_BL_ONE
                JR NZ,DK_BL_BYTE
                JR DK_BL_END
; DK_BL_ONE: BLOAD's next byte from the channel to HL (RAM or VRAM), HL
; then on; Z when the file or the address range has ended.
DK_BL_ONE:      CALL DK_RDB
                JR C,DK_BL_1END
                LD C,A
                LD A,(DK_BVRAM)
                RRCA
                LD A,C
                JR NC,DK_BL_1RAM
                CALL NWRVRM
                JR DK_BL_1N
DK_BL_1RAM:     LD (HL),A
DK_BL_1N:       LD DE,(DK_BEND)
                OR A
                SBC HL,DE
                ADD HL,DE
                INC HL
                RET
DK_BL_1END:     XOR A
                RET
; DK_BUFN: Z when the input channel DK_BLK is a disk file whose buffer holds
; no byte still to read (its end not met). Keeps HL.
DK_BUFN:        PUSH HL
                LD HL,(DK_BLK)
                LD DE,4
                ADD HL,DE
                LD A,(HL)               ; +4 the device: 9 up are not files
                CP 9
                JR NC,DK_BUFN_NZ
                INC HL
                LD A,(HL)               ; +5 bytes in the buffer, +6 the next
                INC HL
                SUB (HL)
                JR NZ,DK_BUFN_R
                INC HL
                BIT 1,(HL)              ; +7 the end met: DK_RDB says so
                JR DK_BUFN_R
DK_BUFN_NZ:     OR A                    ; (A >= 9)
DK_BUFN_R:      POP HL
                RET
; DK_BLEFT: HL = DK_BEND + 1 - DK_BSTART, the bytes BLOAD has still to
; load; Z when none.
DK_BLEFT:       LD HL,(DK_BEND)
                INC HL
                LD DE,(DK_BSTART)
                OR A
                SBC HL,DE
                RET
; DK_FREEBUF: the buffer of BLOAD and BSAVE with VRAM: DK_BOFS = STREND,
; HL = the whole sectors of the free memory above it (256 bytes left to
; the stack); Z when not one.
DK_FREEBUF:     LD DE,(STREND)
                LD (DK_BOFS),DE
                LD HL,-256
                ADD HL,SP
                OR A
                SBC HL,DE
                JR NC,DK_FB_N
                LD HL,0
DK_FB_N:        LD A,H
                AND 0FEh
                LD H,A
                LD L,0
                RET
; DK_CHUNK: HL = the next block of BLOAD or BSAVE for a buffer of HL bytes:
; the bytes left, at most the buffer less the file's place in its sector
; (so the blocks after the first start on a sector, which the BDOS moves
; straight between the disk and memory). Z when none is left.
DK_CHUNK:       PUSH HL
                CALL DK_FCBOF
                LD HL,21h
                ADD HL,DE
                LD C,(HL)
                INC HL
                LD A,(HL)
                AND 1
                LD B,A
                POP HL
                OR A
                SBC HL,BC
                PUSH HL
                CALL DK_BLEFT
                POP DE
                RET Z
                CALL DK_MIN
                LD A,H
                OR L
                RET
; DK_WPEND: the bytes waiting in the output channel DK_BLK written now.
DK_WPEND:       LD HL,(DK_BLK)
                LD DE,6
                ADD HL,DE
                LD L,(HL)
                LD H,0
                PUSH HL
                LD HL,(DK_BLK)
                ADD HL,DE
                LD (HL),0
                POP HL
                JP DK_WBUF
; DK_BLWR: HL bytes from DE to the channel's file (random block write,
; records of 1 byte); Disk full when they did not all go.
DK_BLWR:        PUSH HL
                LD C,1Ah                ; SETDTA
                CALL DK_BDOS
                CALL DK_FCBOF
                POP HL
                LD C,26h
                CALL DK_BDOS
                OR A
                RET Z
                JP DK_FULL
; DK_MIN: HL = the smaller of HL and DE.
DK_MIN:         PUSH HL
                OR A
                SBC HL,DE
                POP HL
                RET C
                EX DE,HL
                RET
; DK_BLRD: HL bytes of the channel's file to DE with the BDOS's random
; block read (records of 1 byte); HL = the bytes read.
DK_BLRD:        PUSH HL
                LD C,1Ah                ; SETDTA
                CALL DK_BDOS
                CALL DK_FCBOF
                POP HL
                LD C,27h
                JP DK_BDOS

; DSKF(d) (service 25): the free clusters of drive d (0 the default).
DK_DSKF:        CALL DK_NEED
                CALL X_CHRGTR
                LD A,'('
                CALL X_SYNC
                CALL X_GETBYT
                PUSH AF
                LD A,')'
                CALL X_SYNC
                POP AF
                CP 9
                LD E,62                 ; Bad drive name
                JP NC,X_ERROR
                PUSH HL
                LD E,A
                LD C,1Bh                ; ALLOC
                CALL DK_BDOS
                LD A,2
                LD (VALTYP),A
                LD (DAC+2),HL
                POP HL
                JP X_CUR

; DSKI$(d,s) (service 43) and DSKO$ d,s (service 44): sector s of drive d
; (0 the default, 1 A:, 2 B:) read into, or written from, the 512 bytes
; the disk ROM's pointer F351h gives (fact sheet §6; the msx.org wiki's
; DSKI$()/DSKO$ pages). DSKI$'s value is "" (a sector does not fit a string).
DK_DSKI:        CALL DK_NEED
                CALL X_CHRGTR
                LD A,'('
                CALL X_SYNC
                CALL DK_DRVSEC
                LD A,')'
                CALL X_SYNC
                PUSH HL
                LD C,2Fh                ; absolute sector read
                CALL DK_ABS
                XOR A                   ; the value: ""
                LD IX,6627h
                CALL X_CALBAS
                LD IX,XE_PUTNEW
                CALL X_CALBAS
                POP HL
                JP X_CUR
DK_DSKO:        CALL DK_NEED
                CALL X_CUR
                CALL DK_DRVSEC
                PUSH HL
                LD C,30h                ; absolute sector write
                CALL DK_ABS
                POP HL
                JP X_CUR
; DK_DRVSEC: "d,s" at HL: B = the BDOS's drive (0 A:), DE = the sector.
DK_DRVSEC:      CALL X_GETBYT
                CP 9
                LD E,62                 ; Bad drive name
                JP NC,X_ERROR
                PUSH AF
                LD A,','
                CALL X_SYNC
                CALL X_FRMQNT
                POP AF
                DEC A                   ; 1-8: A:-H:
                LD B,A
                RET P
                PUSH DE
                PUSH HL
                LD C,19h                ; 0: the default drive
                CALL DK_BDOS
                POP HL
                POP DE
                LD B,A
                RET
; DK_ABS: BDOS function C (2Fh/30h) on one sector DE of drive B, the
; transfer address the pointer F351h holds.
DK_ABS:         PUSH BC
                PUSH DE
                LD DE,(DK_SECBUF)
                LD C,1Ah                ; SETDTA
                CALL DK_BDOS
                POP DE
                POP BC
                LD L,B
                LD H,1
                JP DK_BDOS

; ---- random files (services 26-38; fact sheet §6.5) -------------------------
; A random channel (mode 4) keeps one record in its buffer; FIELD points
; string variables into it, GET/PUT move it from/to the file (BDOS random
; block read/write of one record of the length OPEN gave).

; DK_RCHAN: "[#]n": DK_BLK = the channel, which must be random (52, 59,
; 61 otherwise). HL after n.
DK_RCHAN:       CALL X_CUR
                CP '#'
                CALL Z,X_CHRGTR
                CALL X_GETBYT
                OR A
                JP Z,DK_BADNUM
                PUSH HL
                CALL DK_CHAN
                LD A,(HL)
                POP HL
                OR A
                LD E,59
                JP Z,X_ERROR
                CP 4
                RET Z
                LD E,61
                JP X_ERROR

; DK_RECLEN: HL = the record length of the channel DK_BLK.
DK_RECLEN:      CALL DK_FCBOF
                LD HL,0Eh
                ADD HL,DE
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                RET

; FIELD [#]n, w AS v$ [, w AS v$ ...] (service 26): the variables'
; descriptors point into the record; past its length "FIELD overflow".
DK_FIELD:       CALL DK_RCHAN
                LD DE,0
                LD (DK_BOFS),DE         ; the bytes fielded so far
DK_FD_L:        CALL X_CUR
                RET Z
                LD A,','
                CALL X_SYNC
                CALL X_GETBYT
                PUSH AF
                CALL X_CUR
                LD A,'A'
                CALL X_SYNC
                LD A,'S'
                CALL X_SYNC
                CALL X_PTRGET           ; DE = its descriptor
                LD A,(VALTYP)
                CP 3
                JP NZ,DK_TMERR
                POP AF
                PUSH HL
                PUSH DE
                LD (DE),A               ; the width
                LD C,A
                LD B,0
                LD HL,(DK_BOFS)
                PUSH HL
                ADD HL,BC
                LD (DK_BOFS),HL
                CALL DK_RECLEN
                LD DE,(DK_BOFS)
                OR A
                SBC HL,DE
                POP BC                  ; the offset in the record
                POP DE
                LD A,50
                JR C,DK_FD_OV
                LD HL,(DK_BLK)          ; the address: buffer + offset
                ADD HL,BC
                LD BC,9
                ADD HL,BC
                EX DE,HL
                INC HL
                LD (HL),E
                INC HL
                LD (HL),D
                POP HL
                JR DK_FD_L
DK_FD_OV:       LD E,A
                JP X_ERROR
DK_TMERR:       LD E,13                 ; Type mismatch
                JP X_ERROR

; GET [#]n[,r] (service 27), PUT [#]n[,r] (service 28): record r (from 1)
; or the one after the last.
DK_GET:         LD C,27h
                JR DK_GP
DK_PUT:         LD C,26h
DK_GP:          PUSH BC
                CALL DK_RCHAN
                CALL X_CUR
                JR Z,DK_GP_GO
                LD A,','
                CALL X_SYNC
                CALL X_FRMQNT
                LD A,D
                OR E
                JP Z,X_FCERR
                DEC DE
                PUSH HL
                LD B,D
                LD C,E
                CALL DK_SETREC
                POP HL
                CALL DK_ENDST
DK_GP_GO:       POP BC
                PUSH HL
                PUSH BC
                LD A,C                  ; GET at the end: an empty record
                CP 27h
                JR NZ,DK_GP_IO
                LD HL,(DK_BLK)
                LD DE,9
                ADD HL,DE
                XOR A
                LD B,A
DK_GP_Z:        LD (HL),A
                INC HL
                DJNZ DK_GP_Z
DK_GP_IO:       CALL DK_DTA
                CALL DK_FCBOF
                POP BC
                LD HL,1
                CALL DK_BDOS
                POP HL
                RET

; LSET v$ = x$ (service 29), RSET (service 30): x$ into v$'s own
; characters, blank padded, left / right aligned; v$ keeps its length.
DK_LSET:        XOR A
                JR DK_XSET
DK_RSET:        LD A,1
DK_XSET:        PUSH AF
                CALL X_PTRGET
                LD A,(VALTYP)
                CP 3
                JP NZ,DK_TMERR
                PUSH DE
                LD A,0EFh               ; '='
                CALL X_SYNC
                CALL X_FRMEVL
                PUSH HL
                CALL X_FRESTR           ; HL = x$'s descriptor
                POP BC                  ; the text
                POP DE                  ; v$'s descriptor
                POP AF
                PUSH BC
                PUSH AF
                LD C,(HL)               ; C = x$'s length
                INC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A                  ; HL = x$'s characters
                EX DE,HL
                LD B,(HL)               ; B = v$'s length
                INC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                EX DE,HL                ; DE = v$'s characters
                POP AF
                OR A
                JR Z,DK_XS_COPY
                LD A,B                  ; RSET: blanks first
                SUB C
                JR C,DK_XS_COPY
                JR Z,DK_XS_COPY
DK_XS_RB:       PUSH AF
                LD A,' '
                LD (DE),A
                INC DE
                DEC B
                POP AF
                DEC A
                JR NZ,DK_XS_RB
DK_XS_COPY:     LD A,B
                OR A
                JR Z,DK_XS_END
                LD A,C
                OR A
                LD A,' '
                JR Z,DK_XS_PUT
                LD A,(HL)
                INC HL
                DEC C
DK_XS_PUT:      LD (DE),A
                INC DE
                DEC B
                JR DK_XS_COPY
DK_XS_END:      POP HL
                JP X_CUR

; MKI$(n) MKS$(x) MKD$(x) (services 31-33): the number's 2, 4 or 8 bytes
; as a string; CVI CVS CVD (34-36) the other way.
DK_MKI:         CALL X_CHRGTR
                LD A,'('
                CALL X_SYNC
                CALL X_FRMINT           ; DE = the integer
                LD A,')'
                CALL X_SYNC
                LD (DAC+2),DE
                LD A,2
                JR DK_MK_STR
DK_MKS:         LD A,4
                JR DK_MKX
DK_MKD:         LD A,8
DK_MKX:         PUSH AF
                CALL X_CHRGTR
                LD A,'('
                CALL X_SYNC
                CALL X_FRMEVL
                LD A,')'
                CALL X_SYNC
                LD A,(VALTYP)
                CP 3
                LD E,13
                JP Z,X_ERROR
                POP AF
                PUSH AF
                PUSH HL
                CP 4
                JR NZ,DK_MK_D
                CALL FRCSNG
                JR DK_MK_C
DK_MK_D:        CALL FRCDBL
DK_MK_C:        POP HL
                POP AF
DK_MK_STR:      PUSH HL
                PUSH AF
                LD IX,6627h             ; A bytes of string space: DE
                CALL X_CALBAS
                POP BC                  ; B = the size
                LD HL,DAC
                LD A,B
                CP 2
                JR NZ,DK_MK_CP
                INC HL
                INC HL
DK_MK_CP:       LD C,B
                LD B,0
                LDIR
                LD IX,XE_PUTNEW
                CALL X_CALBAS
                POP HL
                JP X_CUR

DK_CVI:         LD A,2
                JR DK_CVX
DK_CVS:         LD A,4
                JR DK_CVX
DK_CVD:         LD A,8
DK_CVX:         PUSH AF
                CALL X_CHRGTR
                LD A,'('
                CALL X_SYNC
                CALL X_FRMEVL
                LD A,')'
                CALL X_SYNC
                PUSH HL
                CALL X_FRESTR
                POP DE
                POP AF
                PUSH DE
                CP (HL)                 ; it needs that many bytes
                JR Z,DK_CV_OK
                JP NC,X_FCERR
DK_CV_OK:       LD (VALTYP),A
                LD C,A
                LD B,0
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                EX DE,HL
                LD DE,DAC
                CP 2
                JR NZ,DK_CV_CP
                INC DE
                INC DE
DK_CV_CP:       LDIR
                POP HL
                JP X_CUR

; LOC(n) (service 37): the file's position in records (the record after
; the last GET/PUT for a random file, bytes for a sequential one); LOF(n)
; (service 20): its size in bytes. The FCB's 32-bit number as a double, as
; the disk ROM makes it (high word * 65536 + low word, ending in DECADD;
; compiled programs, rt_bas_flong, do the same).
DK_LOC:         LD BC,21h
                JR DK_LX
DK_LOF:         LD BC,10h
DK_LX:          PUSH BC
                CALL X_CHRGTR
                LD A,'('
                CALL X_SYNC
                CALL X_GETBYT
                PUSH AF
                LD A,')'
                CALL X_SYNC
                POP AF
                POP BC
                PUSH HL
                PUSH BC
                CALL DK_CHAN
                LD A,(HL)
                OR A
                LD E,59
                JP Z,X_ERROR
                CALL DK_FCBOF
                POP HL
                ADD HL,DE
                LD E,(HL)
                INC HL
                LD D,(HL)               ; DE = the low word
                INC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A                  ; HL = the high word
                PUSH DE
                CALL DK_U16             ; DAC = high * 65536
                LD HL,DK_K65536
                CALL DK_ARGK
                CALL MP_DECMUL
                POP HL
                LD DE,(DAC+6)           ; kept on the stack while the low
                PUSH DE                 ; word is made a double
                LD DE,(DAC+4)
                PUSH DE
                LD DE,(DAC+2)
                PUSH DE
                LD DE,(DAC)
                PUSH DE
                CALL DK_U16             ; DAC = the low word
                LD HL,0
                ADD HL,SP
                CALL DK_ARGK            ; ARG = the high part
                LD HL,8
                ADD HL,SP
                LD SP,HL
                CALL MP_DECADD
                POP HL
                JP X_CUR

; DAC = HL (0-65535) as a double (VALTYP 8).
DK_U16:         LD (DAC+2),HL
                LD A,2
                LD (VALTYP),A
                PUSH HL
                CALL FRCDBL
                POP HL
                BIT 7,H
                RET Z
                LD HL,DK_K65536         ; -32768..-1: plus 65536
                CALL DK_ARGK
                JP MP_DECADD
; ARG = the 8 bytes at HL.
DK_ARGK:        LD DE,BASARG
                LD BC,8
                LDIR
                RET
DK_K65536:      DB 45h,65h,53h,60h,0,0,0,0

; COPY "a" TO "b" (service 38): each file a names (wildcards as FILES
; takes them) copied to a new (or emptied) file b, 256 bytes at a time
; through channel 0's buffer; the FCB after the channels' (the 8th) serves
; b. In b a '?' (or '*', or a drive alone: "B:") takes the character of the
; file copied, so COPY "*.BAS" TO "B:" copies each under its own name. The
; names are listed first in the free memory above the arrays (the BDOS's
; search does not survive the copies), 11 bytes each ("Out of memory" when
; they do not fit). A file copied onto itself is refused ("File already
; exists": making b would empty a). "(": COPY of the graphic statements, not
; Disk BASIC's.
DK_COPY:        CALL X_CUR
                CP '('
                JP Z,X_SNERR
                CALL CA_ISARRAY         ; COPY array TO (x,y) (copyarr.asm)
                JP Z,CA_FROMARRAY
                CALL DK_NEED
                CALL DK_FNAME
                PUSH AF                 ; (the graphic and array COPYs take it)
                PUSH HL
                LD HL,(DK_FCBP)         ; a: channel 0's FCB, the pattern
                EX DE,HL
                CALL DK_MKFCB
                POP HL
                CALL X_CUR
                CP ','                  ; COPY "f",dir TO (x,y)
                JP Z,CA_FROMFILE
                LD A,0D9h               ; TO
                CALL X_SYNC
                CP '('                  ; COPY "f" TO (x,y) (copyarr.asm)
                JP Z,CA_FROMFILE_TO
                CALL CA_ISARRAY         ; COPY "f" TO array
                JP Z,CA_FILEARY
                CALL DK_FNAME
                PUSH AF
                CALL DK_ENDST
                POP AF
                POP BC                  ; (a's drive: in its FCB)
                PUSH HL                 ; the text, for the end
                PUSH AF
                LD HL,FILNAM
                LD A,(HL)               ; a drive alone: the same names
                CP ' '
                JR NZ,DK_CP_PAT
                LD B,11
DK_CP_Q:        LD (HL),'?'
                INC HL
                DJNZ DK_CP_Q
DK_CP_PAT:      LD HL,FILNAM            ; b's pattern kept
                LD DE,DK_FILNM2
                LD BC,11
                LDIR
                POP AF
                CALL DK_CPFCB2
                CALL DK_MKFCB           ; b's drive (its name is made per file)
                LD DE,(NULBUF)          ; the names a matches
                LD C,1Ah
                CALL DK_BDOS
                LD DE,(DK_FCBP)
                LD C,11h                ; SFIRST
                CALL DK_BDOS
                INC A
                JP Z,DK_NOTFND
                LD DE,(STREND)
DK_CP_LIST:     LD HL,-267              ; 256 bytes for the stack, 11 for the name
                ADD HL,SP
                OR A
                SBC HL,DE
                JR C,DK_CP_OM           ; the name would come near the stack
                LD HL,(NULBUF)
                INC HL                  ; past the drive byte
                LD BC,11
                LDIR
                PUSH DE
                LD DE,(DK_FCBP)
                LD C,12h                ; SNEXT
                CALL DK_BDOS
                POP DE
                INC A
                JR NZ,DK_CP_LIST
                PUSH DE                 ; the list's end
                LD HL,(STREND)
DK_CP_NEXT:     POP DE
                PUSH DE
                OR A
                SBC HL,DE
                ADD HL,DE
                JR Z,DK_CP_DONE
                PUSH HL
                LD DE,(DK_FCBP)         ; a: the name
                INC DE
                LD BC,11
                LDIR
                LD B,25
                XOR A
                CALL DK_MKFCB_Z
                POP HL
                PUSH HL
                CALL DK_CPNAME          ; b: the pattern filled in
                CALL DK_CPSAME
                LD E,65                 ; File already exists
                JP Z,X_ERROR
                CALL DK_CP_ONE
                POP HL
                LD DE,11
                ADD HL,DE
                JR DK_CP_NEXT
DK_CP_DONE:     POP DE
                POP HL
                RET
DK_CP_OM:       LD E,7                  ; Out of memory
                JP X_ERROR
; DK_CPNAME: HL = a name: b's name from the pattern in FILNM2, '?' taking
; the name's character; the rest of b zeroed.
DK_CPNAME:      PUSH HL
                CALL DK_CPFCB2
                POP HL
                INC DE
                LD BC,DK_FILNM2
DK_CPN_L:       LD A,(BC)
                CP '?'
                JR NZ,DK_CPN_K
                LD A,(HL)
DK_CPN_K:       LD (DE),A
                INC DE
                INC HL
                INC BC
                LD A,C
                CP (DK_FILNM2+11) AND 0FFh
                JR NZ,DK_CPN_L
                LD B,25
                XOR A
                JP DK_MKFCB_Z
; DK_CPSAME: Z when a and b are the same file (drive 0 is the current one).
DK_CPSAME:      LD C,19h                ; the current drive, 0 = A
                CALL DK_BDOS
                INC A
                LD B,A
                LD HL,(DK_FCBP)
                CALL DK_CPDRV
                LD C,A
                CALL DK_CPFCB2
                EX DE,HL
                CALL DK_CPDRV
                CP C
                RET NZ
                LD DE,(DK_FCBP)
                INC DE
                INC HL
                LD B,11
DK_CPS_L:       LD A,(DE)
                CP (HL)
                RET NZ
                INC DE
                INC HL
                DJNZ DK_CPS_L
                RET
; DK_CPDRV: A = the drive of the FCB at HL, 0 made B (the current one).
DK_CPDRV:       LD A,(HL)
                OR A
                RET NZ
                LD A,B
                RET
; DK_CP_ONE: a (channel 0's FCB) copied to b (the 8th).
DK_CP_ONE:      LD DE,(DK_FCBP)
                LD C,0Fh                ; FOPEN a
                CALL DK_BDOS
                INC A
                JP Z,DK_NOTFND
                CALL DK_CPFCB2
                LD C,16h                ; FMAKE b
                CALL DK_BDOS
                INC A
                LD E,67                 ; Too many files (directory full)
                JP Z,X_ERROR
                LD HL,(DK_FCBP)         ; records of 1 byte, from 0
                CALL DK_CPREC
                CALL DK_CPFCB2
                EX DE,HL
                CALL DK_CPREC
DK_CP_L:        LD DE,(NULBUF)
                LD C,1Ah
                CALL DK_BDOS
                LD DE,(DK_FCBP)
                LD HL,256
                LD C,27h
                CALL DK_BDOS
                LD A,H
                OR L
                JR Z,DK_CP_END
                PUSH HL
                CALL DK_CPFCB2
                POP HL
                PUSH HL
                LD C,26h
                CALL DK_BDOS
                POP HL
                OR A
                JP NZ,DK_FULL
                INC H                   ; a whole 256: more may follow
                DEC H
                JR NZ,DK_CP_L
DK_CP_END:      CALL DK_CPFCB2
                LD C,10h
                JP DK_BDOS
; DK_CPFCB2: DE = COPY's second FCB.
DK_CPFCB2:      LD HL,(DK_FCBP)
                LD DE,DK_NFCB*37
                ADD HL,DE
                EX DE,HL
                RET
; DK_CPREC: the FCB at HL: records of 1 byte, random record 0.
DK_CPREC:       PUSH HL
                LD DE,0Eh
                ADD HL,DE
                LD (HL),1
                INC HL
                LD (HL),0
                POP HL
                LD DE,21h
                ADD HL,DE
                XOR A
                LD (HL),A
                INC HL
                LD (HL),A
                INC HL
                LD (HL),A
                INC HL
                LD (HL),A
                RET

; DK_ISOPEN: Z when a channel 1-MAXFILES has the file FILNAM open on a
; disk (the names compared; KILL refuses it). Keeps HL.
DK_ISOPEN:      PUSH HL
                LD A,(MAXFIL)
DK_IO_L:        OR A
                JR Z,DK_IO_NO
                PUSH AF
                CALL DK_CHAN
                LD A,(HL)
                OR A
                JR Z,DK_IO_N
                LD DE,4
                ADD HL,DE
                LD A,(HL)
                CP 9
                JR NC,DK_IO_N
                CALL DK_FCBOF
                INC DE
                LD HL,FILNAM
                LD B,11
DK_IO_C:        LD A,(DE)
                CP (HL)
                JR NZ,DK_IO_N
                INC DE
                INC HL
                DJNZ DK_IO_C
                POP AF
                POP HL
                CP A                    ; Z: found
                RET
DK_IO_N:        POP AF
                DEC A
                JR DK_IO_L
DK_IO_NO:       POP HL
                OR 1                    ; NZ
                RET

; INPUT$(n,[#]f) (services 40, 41; basic/extcall.asm BI_INPSARG): "[#]f"
; must be open for input; it is kept in DK_BLK and BI_INPSF is set, then
; each character is the file's next byte ("Input past end" at its end or
; at the 1Ah that ends a text).
DK_INPSF:       CALL X_CUR
                CP '#'
                CALL Z,X_CHRGTR
                CALL X_GETBYT
                PUSH HL
                CALL DK_CHAN
                LD A,(HL)
                POP HL
                OR A
                LD E,59
                JP Z,X_ERROR
                DEC A
                LD E,61
                JP NZ,X_ERROR
                LD A,1
                LD (0F87Bh),A           ; BI_INPSF
                RET
DK_INCH:        CALL DK_RDB
                JR C,DK_INCH_END
                CP 1Ah
                RET NZ
                CALL DK_SETEOF
DK_INCH_END:    LD E,55
                JP X_ERROR
