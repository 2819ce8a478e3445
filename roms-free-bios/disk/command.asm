; The built-in commands of the MSX-DOS prompt, as MSX-DOS 1's COMMAND.COM has
; them (MSX2 Technical Handbook chapter 3, section 2.2; the messages of
; MS-DOS 1.25's COMMAND.ASM, from which MSX-DOS 1's COMMAND derives, where
; the handbook quotes none), and batch files. Written for this project.
;
; They run at the prompt, where the TPA is free: their scratch lies in page 2
; (CSCR, RAM at the prompt), the data they move goes through 8000h (TYPE) or
; 0100h-7FFFh (COPY). Only the batch state, which lives while programs run,
; is kept in page 3 (BATACT.., after the BDOS variables).

CSCR:           EQU 0A000h
CFCB1:          EQU CSCR            ; (37) source / the argument
CFCB2:          EQU CSCR+30h        ; (37) destination pattern / new name
CFCB3:          EQU CSCR+60h        ; (37) destination of COPY
CDTA:           EQU CSCR+90h        ; (33) SFIRST/SNEXT result: drive + entry
CNUM:           EQU CSCR+0B4h       ; (4) number PRDEC prints
CSW:            EQU CSCR+0B8h       ; switches: bit 0 /W, bit 1 /P, bit 2 /B, bit 3 /A
CCNT:           EQU CSCR+0B9h       ; (2) files listed / copied
CCOL:           EQU CSCR+0BBh       ; names on the current /W line
CPER:           EQU CSCR+0BCh       ; names per /W line
CAMB:           EQU CSCR+0BDh       ; 1 = the source had wildcards
CIDX:           EQU CSCR+0BEh       ; (2) COPY: names left
CNPTR:          EQU CSCR+0C0h       ; (2) COPY: next name
CTMP:           EQU CSCR+0C2h       ; (3) scratch
CLSTART:        EQU CSCR+0C6h       ; (2) the command line being run
CLINES:         EQU CSCR+0C8h       ; DIR /P: lines on this page
CTOCON:         EQU CSCR+0C9h       ; COPY to a device: DEVTAB's code (0 = a file)
CBUFP:          EQU CSCR+0CAh       ; (2) COPY1's buffer: COPYBUF, or TYPEBUF with /A
CBUFN:          EQU CSCR+0CCh       ; (2) its size
CLINE:          EQU CSCR+100h       ; (66) answer line of DATE/TIME
BATRAW:         EQU CSCR+180h       ; (128) batch line before %n
NAMLST:         EQU CSCR+200h       ; 11 bytes per name COPY found (255 at most)
TYPEBUF:        EQU 8000h
TYPEMAX:        EQU 0400h
COPYBUF:        EQU 0100h
COPYMAX:        EQU 7F00h

; INTCMD: CMDFCB holds the first word, TAILP the rest. A built-in command
; runs and returns Z; otherwise NZ.
INTCMD:
                LD A,(CMDFCB)           ; "B:DIR" is a program's name
                OR A
                RET NZ
                LD A,(CMDFCB+9)
                CP ' '
                RET NZ
                LD HL,CMDTAB
INTCMD_L:       LD A,(HL)
                OR A
                JR Z,INTCMD_NO
                PUSH HL
                LD DE,CMDFCB+1
                LD B,8
INTCMD_C:       LD A,(DE)
                CP (HL)
                JR NZ,INTCMD_N
                INC HL
                INC DE
                DJNZ INTCMD_C
                LD E,(HL)
                INC HL
                LD D,(HL)
                POP HL
                EX DE,HL
                XOR A
                LD (CSW),A
                PUSH HL
                CALL GETSW
                POP HL
                CALL JPHL
                XOR A                   ; Z: done
                RET
INTCMD_N:       POP HL
                LD DE,10
                ADD HL,DE
                JR INTCMD_L
INTCMD_NO:      INC A                   ; NZ
                RET
JPHL:           JP (HL)

CMDTAB:
                DB "DIR     "
                DW C_DIR
                DB "TYPE    "
                DW C_TYPE
                DB "DEL     "
                DW C_DEL
                DB "ERASE   "
                DW C_DEL
                DB "REN     "
                DW C_REN
                DB "RENAME  "
                DW C_REN
                DB "COPY    "
                DW C_COPY
                DB "DATE    "
                DW C_DATE
                DB "TIME    "
                DW C_TIME
                DB "VER     "
                DW C_VER
                DB "CLS     "
                DW C_CLS
                DB "BASIC   "
                DW C_BASIC
                DB "FORMAT  "
                DW C_FORMAT
                DB "REM     "
                DW C_REM
                DB "PAUSE   "
                DW C_PAUSE
                DB "VERIFY  "
                DW C_REM
                DB "MODE    "
                DW C_MODE
                DB 0

; GETSW: the switches (/W, /P, /B, /A, others ignored) of the tail at TAILP go
; to CSW (bits 0-3) and are blanked out, so the names parse alone.
GETSW:
                LD HL,(TAILP)
GETSW_L:        LD A,(HL)
                OR A
                RET Z
                CP '/'
                JR NZ,GETSW_N
                LD (HL),' '
                INC HL
                LD A,(HL)
                OR A
                RET Z
                LD (HL),' '
                CALL UPCASE
                LD B,1
                CP 'W'
                JR Z,GETSW_SET
                LD B,2
                CP 'P'
                JR Z,GETSW_SET
                LD B,4
                CP 'B'
                JR Z,GETSW_SET
                LD B,8
                CP 'A'
                JR NZ,GETSW_N
GETSW_SET:      LD A,(CSW)
                OR B
                LD (CSW),A
GETSW_N:        INC HL
                JR GETSW_L

; ARGFCB: HL -> text, DE -> a 37-byte FCB: cleared, then drive and name
; parsed. HL ends after the name; A = its first character (' ' = none).
ARGFCB:
                PUSH HL
                PUSH DE
                LD H,D
                LD L,E
                INC DE
                LD BC,36
                LD (HL),0
                LDIR
                POP DE
                POP HL
                CALL PARSEFCB
                PUSH HL
                EX DE,HL
                INC HL
                LD A,(HL)
                DEC HL
                EX DE,HL
                POP HL
                RET

; QFILL: B '?' from HL.
QFILL:
                LD (HL),'?'
                INC HL
                DJNZ QFILL
                RET

; HASQ: NZ when the 11 characters of the name at HL hold a '?'.
HASQ:
                LD B,11
HASQ_L:         LD A,(HL)
                CP '?'
                JR Z,HASQ_Y
                INC HL
                DJNZ HASQ_L
                XOR A
                RET
HASQ_Y:         OR A                    ; '?' is not 0: NZ
                RET

; Messages (MS-DOS 1.25 COMMAND and the MSX2 Technical Handbook).
M_NOTFND:       DB "File not found",0Dh,0Ah,0
M_MISNAM:       DB "Missing file name",0Dh,0Ah,0
M_RENERR:       DB "Duplicate file name or File not found",0Dh,0Ah,0
M_NOSPACE:      DB "Insufficient disk space",0Dh,0Ah,0
M_FULDIR:       DB "File creation error",0Dh,0Ah,0
M_OVERWR:       DB "File cannot be copied onto itself",0Dh,0Ah,0
M_BADDRV:       DB "Invalid drive specification",0Dh,0Ah,0
M_SURE:         DB "Are you sure (Y/N)? ",0
M_PAUSE:        DB "Strike a key when ready . . . ",0
M_FILE:         DB " file",0
M_FILES:        DB " files",0
M_COPIED:       DB " copied",0Dh,0Ah,0
M_FREE:         DB " bytes free",0Dh,0Ah,0
M_CURDAT:       DB "Current date is ",0
M_NEWDAT:       DB 0Dh,0Ah,"Enter new date: ",0
M_BADDAT:       DB 0Dh,0Ah,"Invalid date",0
M_CURTIM:       DB "Current time is ",0
M_NEWTIM:       DB 0Dh,0Ah,"Enter new time: ",0
M_BADTIM:       DB 0Dh,0Ah,"Invalid time",0
M_VER:          DB "Free disk ROM: MSX-DOS 1 environment",0Dh,0Ah
                DB "BDOS 2.2, no MSXDOS.SYS needed",0Dh,0Ah,0
M_BADPAR:       DB "Invalid parameter",0Dh,0Ah,0
M_CRLF:         DB 0Dh,0Ah,0
WEEKTAB:        DB "SunMonTueWedThuFriSat"

; ---- output helpers --------------------------------------------------------------
CRLF:
                LD HL,M_CRLF
                JP PRINTZ
SPACE:
                LD A,' '
                JP B_CHPUT

; PRNAME: the 8 + 3 name at HL as "NAME     EXT" (12 characters). HL after.
PRNAME:
                LD B,8
                CALL PRN_N
                CALL SPACE
                LD B,3
PRN_N:          LD A,(HL)
                CALL B_CHPUT
                INC HL
                DJNZ PRN_N
                RET

; PRDOT: the 8 + 3 name at HL as "NAME.EXT" (blanks left out).
PRDOT:
                PUSH HL
                LD B,8
                CALL PRDOT_N
                POP HL
                LD DE,8
                ADD HL,DE
                LD A,(HL)
                CP ' '
                RET Z
                LD A,'.'
                CALL B_CHPUT
                LD B,3
PRDOT_N:        LD A,(HL)
                CP ' '
                CALL NZ,B_CHPUT
                INC HL
                DJNZ PRDOT_N
                RET

; PRDEC: the 32-bit number at CNUM in decimal, right-aligned in B columns
; (blanks in front). CNUM ends 0.
PRDEC:
                LD C,0                  ; digits
PRDEC_D:        PUSH BC
                CALL DIV10
                POP BC
                ADD A,'0'
                PUSH AF
                INC C
                LD HL,(CNUM)
                LD A,H
                OR L
                LD HL,(CNUM+2)
                OR H
                OR L
                JR NZ,PRDEC_D
                LD A,B
                SUB C
                JR C,PRDEC_P
                JR Z,PRDEC_P
                LD B,A
PRDEC_S:        CALL SPACE
                DJNZ PRDEC_S
PRDEC_P:        POP AF
                CALL B_CHPUT
                DEC C
                JR NZ,PRDEC_P
                RET

; PRDEC16: HL in decimal in B columns.
PRDEC16:
                LD (CNUM),HL
                LD HL,0
                LD (CNUM+2),HL
                JR PRDEC

; PR2: A (0-99) as two digits, C in place of a leading zero (' ' or '0').
PR2:
                LD B,'0'-1
PR2_T:          INC B
                SUB 10
                JR NC,PR2_T
                ADD A,'0'+10
                PUSH AF
                LD A,B
                CP '0'
                JR NZ,PR2_H
                LD A,C
PR2_H:          CALL B_CHPUT
                POP AF
                JP B_CHPUT

; DIV10: CNUM /= 10; A = the remainder. Long division, a byte at a time.
DIV10:
                LD HL,CNUM+3
                LD B,4
                XOR A
DIV10_B:        LD C,(HL)
                LD D,8
DIV10_BIT:      SLA C
                RLA
                CP 10
                JR C,DIV10_0
                SUB 10
                INC C
DIV10_0:        DEC D
                JR NZ,DIV10_BIT
                LD (HL),C
                DEC HL
                DJNZ DIV10_B
                RET

; ASKYN: "Are you sure (Y/N)? " until Y or N. Z = yes.
ASKYN:
                LD HL,M_SURE
                CALL PRINTZ
                CALL B_CHGET
                PUSH AF
                CALL B_CHPUT
                CALL CRLF
                POP AF
                CALL UPCASE
                CP 'Y'
                RET Z
                CP 'N'
                JR NZ,ASKYN
                OR A                    ; NZ
                RET

; ---- DIR [d:][name][.ext] [/W] -------------------------------------------------------
; One line per file: name, size, date and time, the fields that fit in the
; line (LINLEN); /W: names only, as many as fit. Then the count of files and
; the free space, or "File not found".
C_DIR:
                LD HL,(TAILP)
                LD DE,CFCB1
                CALL ARGFCB
                CP ' '                  ; no name: all names
                JR NZ,C_DIR_N
                LD HL,CFCB1+1
                LD B,8
                CALL QFILL
C_DIR_N:        LD A,(CFCB1+9)          ; no extension: all extensions
                CP ' '
                JR NZ,C_DIR_E
                LD HL,CFCB1+9
                LD B,3
                CALL QFILL
C_DIR_E:        LD HL,0
                LD (CCNT),HL
                XOR A
                LD (CCOL),A
                LD (CLINES),A
                LD A,(LINLEN)           ; /W: names of 12 + 2 blanks between
                INC A
                LD B,0
C_DIR_PER:      INC B
                SUB 14
                JR NC,C_DIR_PER
                DEC B
                JR NZ,C_DIR_P1
                INC B
C_DIR_P1:       LD A,B
                LD (CPER),A
                LD HL,CDTA
                LD (DMAADR),HL
                LD DE,CFCB1
                CALL F_SFIRST
C_DIR_L:        INC A
                JR Z,C_DIR_END
                CALL CHKCC
                LD HL,(CCNT)
                INC HL
                LD (CCNT),HL
                LD A,(CSW)
                AND 1
                JR Z,C_DIR_LONG
                LD A,(CCOL)             ; /W
                OR A
                JR Z,C_DIR_W1
                CALL SPACE
                CALL SPACE
C_DIR_W1:       LD HL,CDTA+1
                CALL PRNAME
                LD HL,CCOL
                INC (HL)
                LD A,(CPER)
                CP (HL)
                JR NZ,C_DIR_NEXT
                LD (HL),0
                CALL CRLF
                JR C_DIR_PG
C_DIR_LONG:     CALL DIRLINE
C_DIR_PG:       CALL DIRPAGE
C_DIR_NEXT:     LD HL,CDTA
                LD (DMAADR),HL
                LD DE,CFCB1
                CALL F_SNEXT
                JR C_DIR_L
C_DIR_END:      LD HL,(CCNT)
                LD A,H
                OR L
                JR NZ,C_DIR_SUM
                LD HL,M_NOTFND
                JP PRINTZ
C_DIR_SUM:      LD A,(CCOL)
                OR A
                CALL NZ,CRLF
                LD HL,(CCNT)            ; "     3 files    724992 bytes free"
                LD B,6
                CALL PRDEC16
                LD HL,(CCNT)
                CALL PRFILES
                ; free space: free clusters x sectors per cluster x 512
                LD A,(CFCB1)
                LD E,A
                CALL F_ALLOC
                CP 0FFh
                RET Z
                LD (CNUM),HL
                LD HL,0
                LD (CNUM+2),HL
                LD B,9                  ; x 512, x sectors per cluster (a power of two)
C_DIR_SH:       SRL A
                JR Z,C_DIR_SHD
                INC B
                JR C_DIR_SH
C_DIR_SHD:      LD HL,(CNUM)
                LD DE,(CNUM+2)
C_DIR_SHL:      ADD HL,HL
                EX DE,HL
                ADC HL,HL
                EX DE,HL
                DJNZ C_DIR_SHL
                LD (CNUM),HL
                LD (CNUM+2),DE
                LD B,10
                CALL PRDEC
                LD HL,M_FREE
                JP PRINTZ

; DIRPAGE: with /P, after a screenful of lines (CRTCNT - 1) "Strike a key
; when ready . . . " waits for a key.
DIRPAGE:
                LD A,(CSW)
                AND 2
                RET Z
                LD HL,CLINES
                INC (HL)
                LD A,(CRTCNT)
                DEC A
                CP (HL)
                RET NZ
                LD (HL),0
                JP C_PAUSE

; PRFILES: " file" or " files" after the count HL.
PRFILES:
                DEC HL
                LD A,H
                OR L
                LD HL,M_FILE
                JP Z,PRINTZ
                LD HL,M_FILES
                JP PRINTZ

; DIRLINE: the entry at CDTA+1 as "NAME     EXT    size mm-dd-yy hh:mmp"
; (36 columns, size in 8, month and hour without a leading zero), the date
; and the time only when they fit in LINLEN - 1 columns (37 at the
; MSX-DOS prompt's default width).
DIRLINE:
                LD HL,CDTA+1
                CALL PRNAME
                LD HL,(CDTA+1+28)
                LD (CNUM),HL
                LD HL,(CDTA+1+30)
                LD (CNUM+2),HL
                LD B,8
                CALL PRDEC
                LD A,(LINLEN)
                CP 30                   ; 29 columns with the date
                JR C,DIRLINE_E
                LD HL,(CDTA+1+24)       ; date: yyyyyyym mmmddddd
                LD A,H
                OR L
                JR Z,DIRLINE_E
                CALL SPACE
                LD HL,(CDTA+1+24)
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                LD A,H                  ; month in bits 3-0
                AND 0Fh
                LD C,' '
                CALL PR2
                LD A,'-'
                CALL B_CHPUT
                LD A,(CDTA+1+24)
                AND 1Fh
                LD C,'0'
                CALL PR2
                LD A,'-'
                CALL B_CHPUT
                LD A,(CDTA+1+25)
                SRL A
                ADD A,80
                CP 100
                JR C,DIRLINE_Y
                SUB 100
DIRLINE_Y:      LD C,'0'
                CALL PR2
                LD A,(LINLEN)
                CP 37                   ; 36 columns with the time
                JR C,DIRLINE_E
                CALL SPACE
                LD A,(CDTA+1+23)        ; time: hhhhhmmm mmmsssss
                RRCA
                RRCA
                RRCA
                AND 1Fh
                LD HL,(CDTA+1+22)
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                LD E,H                  ; minutes (bits 5-0 of H)
                CALL PRAMPM
DIRLINE_E:      JP CRLF

; HOUR12: A = hour (0-23) -> A = 1-12, D = 'a' or 'p'.
HOUR12:
                LD D,'a'
                CP 12
                JR C,HOUR12_M
                LD D,'p'
                JR Z,HOUR12_M
                SUB 12
HOUR12_M:       OR A
                RET NZ
                LD A,12
                RET

; PRAMPM: A = hour (0-23), E = minutes (low 6 bits): "hh:mmp", 12-hour.
PRAMPM:
                CALL HOUR12
                PUSH DE
                LD C,' '
                CALL PR2
                LD A,':'
                CALL B_CHPUT
                POP DE
                PUSH DE
                LD A,E
                AND 3Fh
                LD C,'0'
                CALL PR2
                POP DE
                LD A,D
                JP B_CHPUT

; ---- TYPE file ------------------------------------------------------------------------
; The file's bytes to the console up to the end or 1Ah (the first file when
; the name has wildcards).
C_TYPE:
                LD A,DEV_CON
                LD (CTOCON),A
                CALL FIRSTFILE
                RET NZ
                LD DE,CFCB1
                CALL F_FOPEN
                OR A
                JP NZ,C_NOTFND
; TYPEFCB: the open file of CFCB1 to the device CTOCON (the console, the
; printer, nothing), up to its end or 1Ah.
TYPEFCB:
                CALL REC1
C_TYPE_L:       LD HL,TYPEBUF
                LD (DMAADR),HL
                LD HL,TYPEMAX
                LD DE,CFCB1
                CALL F_RDBLK
                LD A,H
                OR L
                RET Z
                PUSH HL
                LD B,H
                LD C,L
                LD HL,TYPEBUF
C_TYPE_C:       CALL CHKCC
                LD A,(HL)
                CP 1Ah
                JR Z,C_TYPE_EOF
                PUSH HL
                PUSH BC
                CALL DEVPUT
                POP BC
                POP HL
                INC HL
                DEC BC
                LD A,B
                OR C
                JR NZ,C_TYPE_C
                POP HL
                LD DE,TYPEMAX
                OR A
                SBC HL,DE
                JR Z,C_TYPE_L
                RET
C_TYPE_EOF:     POP HL
                RET
C_NOTFND:       LD HL,M_NOTFND
                JP PRINTZ

; FIRSTFILE: the name at TAILP in CFCB1, wildcards replaced by the first file
; they match. Z = found; NZ after "File not found" / "Missing file name".
FIRSTFILE:
                LD HL,(TAILP)
                LD DE,CFCB1
                CALL ARGFCB
                CP ' '
                JP Z,MISSING
                LD HL,CDTA
                LD (DMAADR),HL
                LD DE,CFCB1
                CALL F_SFIRST
                INC A
                JR Z,FIRSTFILE_NO
                LD HL,CDTA+1
                LD DE,CFCB1+1
                LD BC,11
                LDIR
                XOR A
                RET
FIRSTFILE_NO:   CALL C_NOTFND
                OR 1
                RET
MISSING:        LD HL,M_MISNAM
                CALL PRINTZ
                OR 1
                RET

; REC1: CFCB1 read byte by byte from the start (record size 1, record 0).
REC1:
                LD IX,CFCB1
RECIX1:         LD (IX+0Eh),1
                LD (IX+0Fh),0
                XOR A
                LD (IX+21h),A
                LD (IX+22h),A
                LD (IX+23h),A
                LD (IX+24h),A
                RET

; ---- DEL / ERASE files ------------------------------------------------------------------
; Wildcards delete every match; "*.*" asks first.
C_DEL:
                LD HL,(TAILP)
                LD DE,CFCB1
                CALL ARGFCB
                CP ' '
                JP Z,MISSING
                LD HL,CFCB1+1
                LD B,11
C_DEL_ALL:      LD A,(HL)
                CP '?'
                JR NZ,C_DEL_GO
                INC HL
                DJNZ C_DEL_ALL
                CALL ASKYN
                RET NZ
C_DEL_GO:       LD DE,CFCB1
                CALL F_FDEL
                INC A
                RET NZ
                JP C_NOTFND

; ---- REN / RENAME file newname -------------------------------------------------------------
; '?' in the new name keep the old name's character there.
C_REN:
                LD HL,(TAILP)
                LD DE,CFCB1
                CALL ARGFCB
                CP ' '
                JP Z,MISSING
                LD DE,CFCB2
                CALL ARGFCB
                CP ' '
                JP Z,MISSING
                LD HL,CFCB2+1
                LD DE,CFCB1+17
                LD BC,11
                LDIR
                LD DE,CFCB1
                CALL F_FREN
                INC A
                RET NZ
                LD HL,M_RENERR
                JP PRINTZ

; ---- COPY source [destination] -------------------------------------------------------------
; Binary copies keeping the source's date and time, one file or every file a
; wildcard source matches (each name shown); '?' in the destination keep the source's character there; no
; destination name: the same name (on the default drive). The files found
; are listed first, so new files never join the search.
C_COPY:
                LD HL,(TAILP)           ; a '+': concatenation
C_COPY_P:       LD A,(HL)
                OR A
                JR Z,C_COPY_1
                CP '+'
                JP Z,COPYCAT
                INC HL
                JR C_COPY_P
C_COPY_1:       LD HL,(TAILP)
                LD DE,CFCB1
                CALL ARGFCB
                CP ' '
                JR NZ,C_COPY_S
                LD A,(CFCB1+9)          ; "d:" or ".ext": every name
                CP ' '
                JP Z,MISSING
                LD HL,CFCB1+1
                LD B,8
                CALL QFILL
C_COPY_S:       LD DE,CFCB2
                CALL ARGFCB
                CP ' '
                JR NZ,C_COPY_D
                LD A,(CFCB2+9)
                CP ' '
                JR NZ,C_COPY_D
                LD HL,CFCB2+1           ; no name: the source's
                LD B,11
                CALL QFILL
C_COPY_D:       LD HL,CFCB2+1           ; COPY file CON / PRN / NUL: to a device
                CALL ISDEV
                LD (CTOCON),A
                LD HL,CFCB1+1           ; COPY CON file: typed text
                CALL ISDEV
                CP DEV_CON
                JP Z,COPYCON
                CP DEV_NUL              ; COPY NUL file: an empty file
                JP Z,COPYNUL
                LD HL,CFCB1+1
                CALL HASQ
                LD (CAMB),A
                ; the list of names
                LD HL,0
                LD (CCNT),HL
                LD HL,NAMLST
                LD (CNPTR),HL
                LD HL,CDTA
                LD (DMAADR),HL
                LD DE,CFCB1
                CALL F_SFIRST
C_COPY_LST:     INC A
                JR Z,C_COPY_LD
                LD HL,CDTA+1
                LD DE,(CNPTR)
                LD BC,11
                LDIR
                LD (CNPTR),DE
                LD HL,(CCNT)
                INC HL
                LD (CCNT),HL
                LD A,L
                INC A                   ; 255 names at most
                JR Z,C_COPY_LD
                LD HL,CDTA
                LD (DMAADR),HL
                LD DE,CFCB1
                CALL F_SNEXT
                JR C_COPY_LST
C_COPY_LD:      LD HL,(CCNT)
                LD A,H
                OR L
                JP Z,C_NOTFND
                LD (CIDX),HL
                LD A,(CTOCON)           ; wildcards to one file: joined
                OR A
                JR NZ,C_COPY_EACH
                LD A,(CAMB)
                OR A
                JR Z,C_COPY_EACH
                LD HL,CFCB2+1
                CALL HASQ
                JP Z,COPYALL
C_COPY_EACH:
                LD HL,0
                LD (CCNT),HL
                LD HL,NAMLST
                LD (CNPTR),HL
C_COPY_F:       CALL COPY1
                JR NZ,C_COPY_END
                LD HL,(CCNT)
                INC HL
                LD (CCNT),HL
                CALL NEXTNAME
                JR NZ,C_COPY_F
C_COPY_END:     LD HL,(CCNT)
                LD B,9
                PUSH HL
                CALL PRDEC16
                POP HL
                CALL PRFILES
                LD HL,M_COPIED
                JP PRINTZ

; COPY1: copies the file named at (CNPTR). NZ = stop (a message was shown).
COPY1:
                CALL CHKCC
                LD HL,(CNPTR)           ; source: drive as given, the name found
                LD DE,CFCB1+1
                LD BC,11
                LDIR
                LD HL,CFCB1+12
                LD B,25
                CALL ZEROB
                LD A,(CAMB)
                OR A
                JR Z,COPY1_Q
                LD HL,CFCB1+1
                CALL PRDOT
                CALL CRLF
COPY1_Q:        LD A,(CTOCON)
                OR A
                JR Z,COPY1_F
                LD DE,CFCB1             ; to the console
                CALL F_FOPEN
                OR A
                LD HL,M_NOTFND
                JP NZ,COPY1_ERR
                CALL TYPEFCB
                XOR A
                RET
COPY1_F:        LD A,(CFCB2)            ; destination: '?' from the source
                LD (CFCB3),A
                LD HL,CFCB2+1
                LD DE,CFCB1+1
                LD IX,CFCB3+1
                LD B,11
COPY1_N:        LD A,(HL)
                CP '?'
                JR NZ,COPY1_K
                LD A,(DE)
COPY1_K:        LD (IX+0),A
                INC HL
                INC DE
                INC IX
                DJNZ COPY1_N
                LD HL,CFCB3+12
                LD B,25
                CALL ZEROB
                ; the same file on the same drive?
                LD A,(CFCB1)
                CALL REALDRV
                LD C,A
                LD A,(CFCB3)
                CALL REALDRV
                CP C
                JR NZ,COPY1_OK
                LD HL,CFCB1+1
                LD DE,CFCB3+1
                LD B,11
COPY1_SAME:     LD A,(DE)
                CP (HL)
                JR NZ,COPY1_OK
                INC HL
                INC DE
                DJNZ COPY1_SAME
                LD HL,M_OVERWR
                JP COPY1_ERR
COPY1_OK:       LD DE,CFCB1
                CALL F_FOPEN
                OR A
                LD HL,M_NOTFND
                JP NZ,COPY1_ERR
                LD DE,CFCB3
                CALL F_FMAKE
                OR A
                LD HL,M_FULDIR
                JP NZ,COPY1_ERR
                CALL REC1
                LD IX,CFCB3
                CALL RECIX1
                ; /A goes through TYPEBUF (page 2), where the 1Ah can be
                ; looked for; binary copies through the larger COPYBUF.
                LD HL,COPYBUF
                LD DE,COPYMAX
                LD A,(CSW)
                AND 8
                JR Z,COPY1_B
                LD HL,TYPEBUF
                LD DE,2000h
COPY1_B:        LD (CBUFP),HL
                LD (CBUFN),DE
COPY1_L:        LD HL,(CBUFP)
                LD (DMAADR),HL
                LD HL,(CBUFN)
                LD DE,CFCB1
                CALL F_RDBLK
                LD A,H
                OR L
                JR Z,COPY1_END
                LD (CTMP),HL
                LD A,(CSW)              ; /A: the source up to its first 1Ah
                AND 8
                JR Z,COPY1_W
                LD B,H
                LD C,L
                LD HL,TYPEBUF
                LD A,1Ah
                CPIR
                JR NZ,COPY1_W
                DEC HL
                LD DE,-TYPEBUF
                ADD HL,DE
                LD A,H
                OR L
                JR Z,COPY1_END
                CALL COPY1_PUT
                JP NZ,COPY1_FULL
                JR COPY1_END
COPY1_W:        LD HL,(CTMP)
                CALL COPY1_PUT
                JP NZ,COPY1_FULL
                LD HL,(CTMP)
                LD DE,(CBUFN)
                OR A
                SBC HL,DE
                JR Z,COPY1_L
COPY1_END:      LD A,(CSW)              ; /A: the copy ends with 1Ah
                AND 8
                JR Z,COPY1_DONE
                LD A,1Ah
                LD (TYPEBUF),A
                LD HL,1
                CALL COPY1_PUT
                JP NZ,COPY1_FULL
COPY1_DONE:     LD HL,CFCB1+14h         ; the copy keeps the source's date and time
                LD DE,CFCB3+14h
                LD BC,4
                LDIR
                LD DE,CFCB3
                CALL F_FCLOSE
                OR A
                RET Z
                LD HL,M_NOSPACE
                JP COPY1_ERR
COPY1_FULL:     LD DE,CFCB3             ; no half copies left behind
                CALL F_FCLOSE
                LD DE,CFCB3
                CALL F_FDEL
                LD HL,M_NOSPACE
COPY1_ERR:      CALL PRINTZ
                OR 1
                RET
; COPY1_PUT: HL bytes from the buffer to the destination. NZ = disk full.
COPY1_PUT:      LD DE,(CBUFP)
                LD (DMAADR),DE
                LD DE,CFCB3
                CALL F_WRBLK
                OR A
                RET

; ISDEV: the device the 8-character name at HL (extension ignored) names:
; A = DEV_CON, DEV_PRN or DEV_NUL; 0 and Z for a file name.
DEV_CON:        EQU 1
DEV_PRN:        EQU 2
DEV_NUL:        EQU 3
ISDEV:
                LD DE,DEVTAB
ISDEV_T:        LD A,(DE)
                OR A
                RET Z
                PUSH HL
                LD B,8
ISDEV_L:        LD A,(DE)
                CP (HL)
                JR NZ,ISDEV_N
                INC HL
                INC DE
                DJNZ ISDEV_L
                POP HL
                LD A,(DE)
                OR A
                RET
ISDEV_N:        INC DE
                DJNZ ISDEV_N
                INC DE
                POP HL
                JR ISDEV_T
; MSX-DOS 1's devices (msx-hardware.md 6.4): the console, the printer (PRN and
; LST), NUL, and AUX, which this system lacks: it reads as an empty file and
; takes output without effect, as NUL.
DEVTAB:         DB "CON     ",DEV_CON
                DB "PRN     ",DEV_PRN
                DB "LST     ",DEV_PRN
                DB "NUL     ",DEV_NUL
                DB "AUX     ",DEV_NUL
                DB 0
; DEVPUT: A to the device CTOCON: CHPUT, LPTOUT (CTRL+STOP while the printer
; is busy ends the command with ^C), or nothing. Changes AF, BC, DE, HL.
DEVPUT:
                LD C,A
                LD A,(CTOCON)
                CP DEV_PRN
                JR Z,DEVPUT_P
                RET NC                  ; NUL
                LD A,C
                JP B_CHPUT
DEVPUT_P:       LD A,C
                CALL B_LPTOUT
                RET NC
                LD A,03h
                JP CCHIT
; COPYNUL: COPY NUL file: the file, empty.
COPYNUL:
                LD A,(CFCB2+1)
                CP '?'
                JP Z,MISSING
                LD HL,CFCB2+12
                LD B,25
                CALL ZEROB
                LD DE,CFCB2
                CALL F_FMAKE
                OR A
                LD HL,M_FULDIR
                JP NZ,PRINTZ
                LD DE,CFCB2
                CALL F_FCLOSE
                LD HL,1
                LD (CCNT),HL
                JP C_COPY_END

; COPYCON: COPY CON file. Lines typed (echoed; BS erases within the line)
; go to the file, each ended by CR LF, until CTRL+Z and RETURN; the file
; ends with 1Ah, as ASCII copies do (MSX2 Technical Handbook 2.2, table
; 3.8). Up to 8 KB.
COPYCON:
                LD A,(CFCB2+1)
                CP '?'                  ; the file needs a name
                JP Z,MISSING
                LD HL,CFCB2+12
                LD B,25
                CALL ZEROB
                LD DE,TYPEBUF
                LD C,0                  ; characters on this line
                XOR A
                LD (CTMP),A             ; 1 = CTRL+Z typed
CC_KEY:         CALL B_CHGET
                CP 03h
                CALL Z,CCHIT
                CP 0Dh
                JR Z,CC_CR
                CP 1Ah
                JR Z,CC_EOF
                CP 08h
                JR Z,CC_BS
                CP 1Dh
                JR Z,CC_BS
                CP 20h
                JR C,CC_KEY
                LD B,A
                LD A,(CTMP)
                OR A
                JR NZ,CC_KEY            ; after CTRL+Z only RETURN
                LD A,D
                CP (TYPEBUF+2000h-4)/256
                JR NC,CC_KEY            ; full
                LD A,B
                LD (DE),A
                INC DE
                INC C
                CALL B_CHPUT
                JR CC_KEY
CC_BS:          LD A,C
                OR A
                JR Z,CC_KEY
                DEC DE
                DEC C
                LD A,08h
                CALL B_CHPUT
                LD A,' '
                CALL B_CHPUT
                LD A,08h
                CALL B_CHPUT
                JR CC_KEY
CC_EOF:         LD A,(CTMP)
                OR A
                JR NZ,CC_KEY
                INC A
                LD (CTMP),A
                LD A,'^'
                CALL B_CHPUT
                LD A,'Z'
                CALL B_CHPUT
                JR CC_KEY
CC_CR:          PUSH DE
                CALL CRLF
                POP DE
                LD A,(CTMP)
                OR A
                JR NZ,CC_END
                LD A,0Dh
                LD (DE),A
                INC DE
                LD A,0Ah
                LD (DE),A
                INC DE
                LD C,0
                JR CC_KEY
CC_END:         LD A,1Ah
                LD (DE),A
                INC DE
                LD A,(CTOCON)           ; COPY CON PRN / NUL: the text there
                OR A
                JR Z,CC_FILE
                LD HL,TYPEBUF
CC_DEV:         LD A,(HL)
                CP 1Ah
                JR Z,CC_DEVEND
                PUSH HL
                CALL DEVPUT
                POP HL
                INC HL
                JR CC_DEV
CC_DEVEND:      LD HL,1
                LD (CCNT),HL
                JP C_COPY_END
CC_FILE:        LD HL,-TYPEBUF
                ADD HL,DE
                PUSH HL                 ; bytes
                LD DE,CFCB2
                CALL F_FMAKE
                OR A
                POP HL
                LD DE,M_FULDIR
                JR NZ,CC_ERR
                PUSH HL
                LD IX,CFCB2
                CALL RECIX1
                LD HL,TYPEBUF
                LD (DMAADR),HL
                POP HL
                LD DE,CFCB2
                CALL F_WRBLK
                PUSH AF
                LD DE,CFCB2
                CALL F_FCLOSE
                POP AF
                OR A
                LD DE,M_NOSPACE
                JR NZ,CC_ERR
                LD HL,1
                LD (CCNT),HL
                JP C_COPY_END
CC_ERR:         EX DE,HL
                JP PRINTZ

; COPYCAT: COPY a+b[+c...] dest: the sources one after the other into dest,
; in ASCII mode (each source up to its 1Ah, one 1Ah at the end) unless /B
; (MSX2 Technical Handbook 2.2, COPY (4)). No wildcards in the sources here;
; COPY *.TXT ALL.TXT (one source with wildcards, one destination without)
; concatenates the files it matches (COPYALL).
COPYCAT:
                LD HL,(TAILP)           ; the destination follows the last source
COPYCAT_F:      LD DE,CFCB1
                CALL ARGFCB
                CALL SKIPSP
                CP '+'
                JR NZ,COPYCAT_D
                INC HL
                JR COPYCAT_F
COPYCAT_D:      LD DE,CFCB2
                CALL ARGFCB
                CP ' '
                JP Z,MISSING
                LD HL,CFCB2+1
                CALL HASQ
                JP NZ,MISSING
                CALL CATMAKE
                RET NZ
                LD HL,(TAILP)
COPYCAT_S:      LD DE,CFCB1
                CALL ARGFCB
                PUSH HL
                CALL CATONE
                POP DE
                JR NZ,COPYCAT_DEL
                EX DE,HL
                CALL SKIPSP
                CP '+'
                JR NZ,COPYCAT_END
                INC HL
                JR COPYCAT_S
COPYCAT_END:    LD A,(CSW)
                AND 4
                JR NZ,COPYCAT_CL
                LD A,1Ah
                LD (TYPEBUF),A
                LD HL,1
                LD (CTMP),HL
                CALL COPYCAT_PUT
                LD HL,M_NOSPACE
                JR NZ,COPYCAT_DEL
COPYCAT_CL:     LD DE,CFCB2
                CALL F_FCLOSE
                LD HL,1
                LD (CCNT),HL
                JP C_COPY_END
COPYCAT_DEL:    PUSH HL                 ; no half-made destination left
                LD DE,CFCB2
                CALL F_FCLOSE
                LD DE,CFCB2
                CALL F_FDEL
                POP HL
                JP PRINTZ
; CATMAKE: the destination CFCB2 made (record size 1). NZ after a message.
CATMAKE:
                LD HL,CFCB2+12
                LD B,25
                CALL ZEROB
                LD DE,CFCB2
                CALL F_FMAKE
                OR A
                JR NZ,CATMAKE_F
                LD IX,CFCB2
                CALL RECIX1
                XOR A                   ; Z
                RET
CATMAKE_F:      LD HL,M_FULDIR
                CALL PRINTZ
                OR 1                    ; NZ
                RET
; CATONE: the file of CFCB1 appended to CFCB2, up to its 1Ah unless /B. NZ
; and HL = the message when it is missing or the disk is full.
CATONE:
                LD DE,CFCB1
                CALL F_FOPEN
                OR A
                LD HL,M_NOTFND
                RET NZ
                CALL REC1
CATONE_R:       LD HL,TYPEBUF
                LD (DMAADR),HL
                LD HL,TYPEMAX
                LD DE,CFCB1
                CALL F_RDBLK
                LD A,H
                OR L
                RET Z
                LD (CTMP),HL
                LD A,(CSW)              ; ASCII: up to the 1Ah
                AND 4
                JR NZ,CATONE_W
                LD B,H
                LD C,L
                LD HL,TYPEBUF
                LD A,1Ah
                CPIR
                JR NZ,CATONE_W
                DEC HL                  ; HL -> the 1Ah: its offset is the count
                LD DE,-TYPEBUF
                ADD HL,DE
                LD (CTMP),HL
                CALL COPYCAT_PUT
                LD HL,M_NOSPACE
                RET
CATONE_W:       CALL COPYCAT_PUT
                LD HL,M_NOSPACE
                RET NZ
                LD HL,(CTMP)
                LD DE,TYPEMAX
                OR A
                SBC HL,DE
                JR Z,CATONE_R
                XOR A
                RET
; COPYALL: COPY with wildcards to one name: the (CIDX) files of NAMLST (each
; name shown) into CFCB2 as COPYCAT joins them; the destination itself, when
; it matches, is left out (it was emptied).
COPYALL:
                CALL CATMAKE
                RET NZ
                LD HL,NAMLST
                LD (CNPTR),HL
COPYALL_L:      LD HL,(CNPTR)
                LD DE,CFCB1+1
                LD BC,11
                LDIR
                LD HL,CFCB1+12
                LD B,25
                CALL ZEROB
                LD A,(CFCB1)            ; the destination itself?
                CALL REALDRV
                LD C,A
                LD A,(CFCB2)
                CALL REALDRV
                CP C
                JR NZ,COPYALL_GO
                LD HL,CFCB1+1
                LD DE,CFCB2+1
                LD B,11
COPYALL_SAME:   LD A,(DE)
                CP (HL)
                JR NZ,COPYALL_GO
                INC HL
                INC DE
                DJNZ COPYALL_SAME
                JR COPYALL_N
COPYALL_GO:     LD HL,CFCB1+1
                CALL PRDOT
                CALL CRLF
                CALL CATONE
                JP NZ,COPYCAT_DEL
COPYALL_N:      CALL NEXTNAME
                JR NZ,COPYALL_L
                JP COPYCAT_END
; NEXTNAME: on to the next 11-byte name of the list (CNPTR), one fewer
; left (CIDX); Z when none is left.
NEXTNAME:
                LD HL,(CNPTR)
                LD DE,11
                ADD HL,DE
                LD (CNPTR),HL
                LD HL,(CIDX)
                DEC HL
                LD (CIDX),HL
                LD A,H
                OR L
                RET
; COPYCAT_PUT: (CTMP) bytes from TYPEBUF to the destination. NZ = disk full.
COPYCAT_PUT:
                LD HL,(CTMP)
                LD A,H
                OR L
                RET Z
                LD DE,TYPEBUF
                LD (DMAADR),DE
                LD DE,CFCB2
                CALL F_WRBLK
                OR A
                RET

; ZEROB: B zero bytes from HL.
ZEROB:
                LD (HL),0
                INC HL
                DJNZ ZEROB
                RET

; REALDRV: A = FCB drive byte (0 = default) -> 1-based drive.
REALDRV:
                OR A
                RET NZ
                LD A,(CURDRV)
                INC A
                RET

; ---- DATE [mm-dd-yy] ----------------------------------------------------------------------------
C_DATE:
                LD HL,(TAILP)
                CALL SKIPSP
                OR A
                JR NZ,C_DATE_SET
                LD HL,M_CURDAT
                CALL PRINTZ
                CALL F_GDATE            ; HL year, D month, E day, A weekday
                PUSH HL
                PUSH DE
                LD L,A
                ADD A,A
                ADD A,L
                LD E,A
                LD D,0
                LD HL,WEEKTAB
                ADD HL,DE
                LD B,3
                CALL PRN_N
                CALL SPACE
                POP DE
                PUSH DE
                LD A,D
                LD C,'0'
                CALL PR2
                LD A,'-'
                CALL B_CHPUT
                POP DE
                LD A,E
                LD C,'0'
                CALL PR2
                LD A,'-'
                CALL B_CHPUT
                POP HL
                LD B,4
                CALL PRDEC16
C_DATE_ASK:     LD HL,M_NEWDAT
                CALL PRINTZ
                CALL READLN
                CALL SKIPSP
                OR A
                JP Z,CRLF
                CALL DATEPARSE
                JP Z,CRLF
                LD HL,M_BADDAT
                CALL PRINTZ
                JR C_DATE_ASK
C_DATE_SET:     CALL DATEPARSE
                RET Z
                LD HL,M_BADDAT
                CALL PRINTZ
                JR C_DATE_ASK

; READLN: a line typed into CLINE (BDOS 0Ah); HL -> its text, 0-terminated.
READLN:
                LD A,60
                LD (CLINE),A
                LD DE,CLINE
                CALL F_BUFIN
                LD A,(CLINE+1)
                LD L,A
                LD H,0
                LD DE,CLINE+2
                ADD HL,DE
                LD (HL),0
                LD HL,CLINE+2
                RET

; NUMBER: a decimal number at HL (1-4 digits) -> DE. NC = one at least.
NUMBER:
                LD DE,0
                LD A,(HL)
                SUB '0'
                CP 10
                CCF
                RET C                   ; no digit
NUMBER_L:       LD A,(HL)
                SUB '0'
                CP 10
                JR NC,NUMBER_E
                INC HL
                PUSH HL
                LD H,D
                LD L,E
                ADD HL,HL
                ADD HL,HL
                ADD HL,DE
                ADD HL,HL
                LD E,A
                LD D,0
                ADD HL,DE
                EX DE,HL
                POP HL
                JR NUMBER_L
NUMBER_E:       OR A
                RET

; DATESEP: Z when A is '-', '/' or '.'.
DATESEP:
                CP '-'
                RET Z
                CP '/'
                RET Z
                CP '.'
                RET

; DATEPARSE: "m-d-y" at HL (years 0-79 are 2000-2079, 80-99 are 1980-1999)
; set with SDATE. Z = done.
DATEPARSE:
                CALL NUMBER
                JP C,BADNUM
                LD A,E
                LD (CTMP),A             ; month
                LD A,(HL)
                CALL DATESEP
                RET NZ
                INC HL
                CALL NUMBER
                JP C,BADNUM
                LD A,E
                LD (CTMP+1),A           ; day
                LD A,(HL)
                CALL DATESEP
                RET NZ
                INC HL
                CALL NUMBER
                JP C,BADNUM
                CALL SKIPSP
                OR A
                RET NZ
                EX DE,HL                ; HL = year
                LD A,H
                OR A
                JR NZ,DATEP_Y
                LD A,L
                CP 100
                JR NC,DATEP_Y
                LD DE,1900
                CP 80
                JR NC,DATEP_C
                LD DE,2000
DATEP_C:        ADD HL,DE
DATEP_Y:        LD A,(CTMP)
                LD D,A
                LD A,(CTMP+1)
                LD E,A
                CALL F_SDATE
                OR A
                RET
BADNUM:         OR 1                    ; NZ
                RET

; ---- TIME [h[:m[:s]]][A|P] ------------------------------------------------------------------------
C_TIME:
                LD HL,(TAILP)
                CALL SKIPSP
                OR A
                JR NZ,C_TIME_SET
                LD HL,M_CURTIM
                CALL PRINTZ
                CALL F_GTIME            ; H hour, L minute, D second
                LD A,L
                LD (CTMP),A
                LD A,D
                LD (CTMP+1),A
                LD A,H
                CALL HOUR12
                LD C,A
                LD A,D
                LD (CTMP+2),A
                LD A,C
                LD C,' '
                CALL PR2
                LD A,':'
                CALL B_CHPUT
                LD A,(CTMP)
                LD C,'0'
                CALL PR2
                LD A,':'
                CALL B_CHPUT
                LD A,(CTMP+1)
                LD C,'0'
                CALL PR2
                LD A,'.'
                CALL B_CHPUT
                XOR A                   ; the clock has no hundredths
                LD C,'0'
                CALL PR2
                LD A,(CTMP+2)
                CALL B_CHPUT
C_TIME_ASK:     LD HL,M_NEWTIM
                CALL PRINTZ
                CALL READLN
                CALL SKIPSP
                OR A
                JP Z,CRLF
                CALL TIMEPARSE
                JP Z,CRLF
                LD HL,M_BADTIM
                CALL PRINTZ
                JR C_TIME_ASK
C_TIME_SET:     CALL TIMEPARSE
                RET Z
                LD HL,M_BADTIM
                CALL PRINTZ
                JR C_TIME_ASK

; TIMEPARSE: "h[:m[:s]]" and an optional A or P at HL, set with STIME.
; Z = done.
TIMEPARSE:
                XOR A
                LD (CTMP),A             ; minutes
                LD (CTMP+1),A           ; seconds
                CALL NUMBER
                JP C,BADNUM
                LD A,D
                OR A
                JP NZ,BADNUM
                LD A,E
                PUSH AF                 ; hour
                LD A,(HL)
                CP ':'
                JR NZ,TIMEP_AP
                INC HL
                CALL NUMBER
                JR C,TIMEP_BAD
                LD A,E
                LD (CTMP),A
                LD A,(HL)
                CP ':'
                JR NZ,TIMEP_AP
                INC HL
                CALL NUMBER
                JR C,TIMEP_BAD
                LD A,E
                LD (CTMP+1),A
TIMEP_AP:       LD A,(HL)
                CALL UPCASE
                CP 'A'
                JR Z,TIMEP_A
                CP 'P'
                JR Z,TIMEP_P
                POP AF
                JR TIMEP_SET
TIMEP_A:        POP AF                  ; 12A is midnight
                CP 12
                JR NZ,TIMEP_AP2
                XOR A
                JR TIMEP_AP2
TIMEP_P:        POP AF                  ; 12P is noon, 1P-11P are 13-23
                CP 12
                JR Z,TIMEP_AP2
                ADD A,12
TIMEP_AP2:      INC HL
TIMEP_SET:      PUSH AF
                CALL SKIPSP
                OR A
                JR NZ,TIMEP_BAD
                POP AF
                LD H,A
                LD A,(CTMP)
                LD L,A
                LD A,(CTMP+1)
                LD D,A
                LD E,0
                CALL F_STIME
                OR A
                RET
TIMEP_BAD:      POP AF
                JP BADNUM

; ---- the small ones -------------------------------------------------------------------------------------
C_VER:
                LD HL,M_VER
                JP PRINTZ
C_CLS:
                LD A,0Ch
                JP B_CHPUT
; BASIC [file]: back to MSX-BASIC, as at power-on with no system on the
; disk (its memory anew: programs have used it), then RUN "file" when one is
; given; AUTOEXEC.BAS is not run again. The request goes to BASIC's cold
; start in BASREQ.
C_BASIC:
                LD DE,BASREQ+2
                LD HL,(TAILP)
                CALL SKIPSP
                OR A
                JR Z,C_BASIC_GO
                PUSH HL
                LD HL,M_RUNQ            ; RUN"
                LD BC,4
                LDIR
                POP HL
                LD B,12                 ; the name, up to a blank
C_BASIC_N:      LD A,(HL)
                CP ' '+1
                JR C,C_BASIC_Q
                LD (DE),A
                INC HL
                INC DE
                DJNZ C_BASIC_N
C_BASIC_Q:      LD A,22h
                LD (DE),A
                INC DE
C_BASIC_GO:     XOR A
                LD (DE),A
                LD HL,'B'+'A'*256
                LD (BASREQ),HL
                CALL TOBASWIN           ; HIMEM DWORK, the one-sector cache
                LD HL,TOBASIC           ; page 1 changes: from page 3
                LD DE,BNCBUF
                LD BC,TOBASIC_END-TOBASIC
                LDIR
                JP BNCBUF
M_RUNQ:         DB "RUN",22h
; TOBASIC (run from BNCBUF): the BIOS's environment back (the main ROM in
; pages 0 and 1, as at power-on when no disk boots) and MSX-BASIC's cold
; start (XE_COLD, 7FD4h).
TOBASIC:        DI
                LD SP,0F1C9h            ; the boot's stack
                LD A,(EXPTBL)
                CALL RC_SETP0
                LD A,(EXPTBL)
                LD H,40h
                CALL B_ENASLT
                EI
                JP 7FD4h
TOBASIC_END:
C_REM:
                RET
C_PAUSE:
                LD HL,M_PAUSE
                CALL PRINTZ
                CALL B_CHGET
                JP CRLF

; ---- MODE n: characters per line --------------------------------------------------------------------------
; 1-32: SCREEN 1 (LINL32 = n), 33-80: SCREEN 0 (LINL40 = n; more than 40 is
; the 80-column mode), through the BIOS's INIT32 / INITXT.
C_MODE:
                LD HL,(TAILP)
                CALL SKIPSP
                CALL NUMBER
                JR C,C_MODE_BAD
                CALL SKIPSP
                OR A
                JR NZ,C_MODE_BAD
                LD A,D
                OR A
                JR NZ,C_MODE_BAD
                LD A,E
                OR A
                JR Z,C_MODE_BAD
                CP 81
                JR NC,C_MODE_BAD
                CP 33
                JR NC,C_MODE_TXT
                LD (LINL32),A
                JP B_INIT32
C_MODE_TXT:     LD (LINL40),A
                JP B_INITXT
C_MODE_BAD:     LD HL,M_BADPAR
                JP PRINTZ

; ---- the default drive: "B:" ---------------------------------------------------------------------------
; CMDFCB holds a drive and no name.
C_DRIVE:
                LD A,(CMDFCB)
                DEC A
                LD HL,NDRV
                CP (HL)
                JR NC,C_DRIVE_BAD
                LD (CURDRV),A
                RET
C_DRIVE_BAD:    LD HL,M_BADDRV
                JP PRINTZ

; ---- batch files ------------------------------------------------------------------------------------------
; NAME.BAT runs line by line from the prompt, each line shown after the
; prompt, with %0-%9 replaced by the words of the command line that started
; it (%0 its name). A batch file started from a batch file replaces it. The
; file is read a byte at a time through BATFCB (page 3), so programs the
; batch runs do not disturb it.

; BATSTART: CMDFCB names an opened .BAT; HL -> the command line that named it.
BATSTART:
                PUSH HL
                LD HL,CMDFCB
                LD DE,BATFCB
                LD BC,37
                LDIR
                LD IX,BATFCB
                CALL RECIX1
                POP HL
                LD DE,BATARGS
                LD B,127
BATSTART_C:     LD A,(HL)
                LD (DE),A
                OR A
                JR Z,BATSTART_E
                INC HL
                INC DE
                DJNZ BATSTART_C
                XOR A
                LD (DE),A
BATSTART_E:     LD A,1
                LD (BATACT),A
                RET

; BATLINE: the next line of the batch file, %n replaced, to CMDBUF+2
; (0-terminated). NZ = no more lines (the batch ends).
BATLINE:
                LD HL,BATRAW
                LD B,0                  ; characters
BATLINE_C:      PUSH HL
                PUSH BC
                LD HL,BATCH1
                LD (DMAADR),HL
                LD HL,1
                LD DE,BATFCB
                CALL F_RDBLK
                POP BC
                LD A,H
                OR L
                POP HL
                JR Z,BATLINE_EOF
                LD A,(BATCH1)
                CP 1Ah
                JR Z,BATLINE_EOF
                CP 0Ah
                JR Z,BATLINE_END
                CP 0Dh
                JR Z,BATLINE_C
                LD C,A
                LD A,B
                CP 126
                JR NC,BATLINE_C         ; too long: the rest is dropped
                LD (HL),C
                INC HL
                INC B
                JR BATLINE_C
BATLINE_EOF:    LD A,B                  ; a last line without a line end
                OR A
                JR NZ,BATLINE_END
                XOR A
                LD (BATACT),A
                INC A                   ; NZ
                RET
BATLINE_END:    LD (HL),0
                ; %n substitution into CMDBUF+2
                LD HL,BATRAW
                LD DE,CMDBUF+2
                LD C,125                ; room left
BATLINE_S:      LD A,(HL)
                OR A
                JR Z,BATLINE_Z
                INC HL
                CP '%'
                JR NZ,BATLINE_P
                LD A,(HL)
                SUB '0'
                CP 10
                JR NC,BATLINE_PCT
                INC HL
                PUSH HL
                CALL BATWORD            ; HL -> word A of BATARGS
BATLINE_W:      LD A,(HL)
                OR A
                JR Z,BATLINE_WX
                CP ' '
                JR Z,BATLINE_WX
                CP 09h
                JR Z,BATLINE_WX
                LD (DE),A
                INC HL
                INC DE
                DEC C
                JR NZ,BATLINE_W
BATLINE_WX:     POP HL
                LD A,C
                OR A
                JR Z,BATLINE_Z
                JR BATLINE_S
BATLINE_PCT:    LD A,'%'
BATLINE_P:      LD (DE),A
                INC DE
                DEC C
                JR NZ,BATLINE_S
BATLINE_Z:      XOR A
                LD (DE),A
                RET                     ; Z

; BATWORD: HL -> word A (0-9) of BATARGS, or its final 0.
BATWORD:
                LD B,A
                LD HL,BATARGS
BATWORD_N:      CALL SKIPSP
                OR A
                RET Z
                LD A,B
                OR A
                RET Z
BATWORD_S:      LD A,(HL)
                OR A
                RET Z
                CP ' '
                JR Z,BATWORD_D
                CP 09h
                JR Z,BATWORD_D
                INC HL
                JR BATWORD_S
BATWORD_D:      DEC B
                JR BATWORD_N

; AUTOEXEC: at the first prompt, AUTOEXEC.BAT runs when the disk has one.
AUTOEXEC:
                LD HL,AUTONAME
                LD DE,CMDBUF+2
                LD BC,9
                LDIR
                LD HL,CMDBUF+2
                LD DE,CMDFCB
                CALL ARGFCB
                LD HL,BATEXT
                LD DE,CMDFCB+9
                LD BC,3
                LDIR
                LD DE,CMDFCB
                CALL F_FOPEN
                OR A
                RET NZ
                LD HL,CMDBUF+2
                JP BATSTART
AUTONAME:       DB "AUTOEXEC",0
BATEXT:         DB "BAT"
