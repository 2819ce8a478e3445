; EXTROM/SUBROM/CHKSLZ, OUTDO, the screen editor (INLIN/PINLIN/QINLIN), the
; function-key row (DSPFNK/ERAFNK/FNKSB), EOL, and the disk hooks PHYDIO/FORMAT
; (INIFNK is main/fnkeys.asm).

; ---- EXTROM (015Fh): IX = SUB-ROM entry; AF, BC, DE, HL passed through. ------
; Keeps IY and the alternate registers, and gives back the caller's interrupt
; state (the SUB-ROM entries enable interrupts).
EXTROM_I:
                EXX
                EX AF,AF'
                PUSH HL                 ; the caller's alternate set
                PUSH DE
                PUSH BC
                PUSH AF
                LD A,I                  ; P/V = interrupts enabled
                JP PE,EXTROM_IFF
                ; An interrupt taken during LD A,I leaves P/V clear though
                ; interrupts are on (the NMOS Z80 quirk): ask again, the
                ; handler has just returned with them enabled.
                LD A,I
EXTROM_IFF:     PUSH AF
                PUSH IY
                LD IY,(EXBRSA-1)        ; IYH = SUB-ROM slot ID
                EX AF,AF'
                EXX
                CALL CALSLT_I
                POP IY
                EX AF,AF'
                EXX
                POP AF
                JP PO,EXTROM_DI
                EI
                JR EXTROM_RESTORE
EXTROM_DI:      DI
EXTROM_RESTORE: POP AF
                POP BC
                POP DE
                POP HL
                EXX
                EX AF,AF'
                RET

; ---- SUBROM (015Ch): entered by PUSH IX / LD IX,entry / JP 015Ch. -----------
SUBROM_I:
                CALL EXTROM_I
                POP IX
                RET

; ---- CHKSLZ (0162h): find the SUB-ROM ("CD" at 0000h of a slot), EXBRSA. -----
CHKSLZ_I:
                LD B,0                  ; primary slot
CHKSLZ_PRIM:    LD HL,EXPTBL
                LD E,B
                LD D,0
                ADD HL,DE
                LD A,(HL)
                AND 080h
                OR B
                LD C,A                  ; slot ID with secondary 0
CHKSLZ_SEC:     PUSH BC
                LD A,C
                LD HL,0
                CALL RDSLT_I
                CP 'C'
                JR NZ,CHKSLZ_NEXT
                POP BC
                PUSH BC
                LD A,C
                INC HL
                CALL RDSLT_I
                CP 'D'
                JR NZ,CHKSLZ_NEXT
                POP BC
                LD A,C
                LD (EXBRSA),A
                EI
                RET
CHKSLZ_NEXT:    POP BC
                LD A,C
                OR A
                JP P,CHKSLZ_NEXTP       ; not expanded: one try
                ADD A,4
                LD C,A
                AND 0Ch
                JR NZ,CHKSLZ_SEC
CHKSLZ_NEXTP:   INC B
                LD A,B
                CP 4
                JR NZ,CHKSLZ_PRIM
                XOR A
                LD (EXBRSA),A
                EI
                RET

; ---- OUTDO (0018h): A = character to the screen (or printer if PRTFLG). -----
OUTDO_I:
                PUSH AF
                LD A,(PTRFIL+1)         ; Disk BASIC: a channel chosen (PRINT #)
                OR A
                JR NZ,OUTDO_FIL
                LD A,(PRTFLG)
                OR A
                JR NZ,OUTDO_LPT
                POP AF
                JP CHPUT_I
OUTDO_LPT:      POP AF
                JP LPTOUT_I
; The channel's device is the BASIC extension ROM's business (its service
; 16, ext/disk.asm DK_OUTCH: L = the character); every register kept.
OUTDO_FIL:      POP AF
                PUSH HL
                PUSH DE
                PUSH BC
                PUSH AF
                LD L,A
                LD B,16
                CALL EXTVEC
                EI                      ; (the inter-slot call left them off)
                POP AF
                POP BC
                POP DE
                POP HL
                RET

; ---- EOL (0168h): H = column, L = row: clear to the end of that line. -------
EOL_I:
                PUSH HL
                PUSH DE
                PUSH BC
                PUSH AF
                LD DE,(CSRY)
                PUSH DE
                LD (CSRY),HL
                CALL CLREOL
                POP DE
                LD (CSRY),DE
                POP AF
                POP BC
                POP DE
                POP HL
                RET

; ---- the screen editor: PINLIN (00AEh), INLIN (00B1h), QINLIN (00B4h) ------
; The MSX full-screen editor (MSX Red Book 23BFH-2680H, MSX2 Technical Handbook
; appendix 1): keys edit the text screen, the cursor goes anywhere; RETURN
; reads the logical line under the cursor (rows joined through LINTTB) back
; from VRAM into BUF: codes below 20h as 01h + code + 40h, null codes left out,
; trailing blanks removed, 0 at the end; HL = BUF - 1, carry clear. CTRL+STOP
; (code 03h): BUF empty, carry set; Z unless ON STOP is on or BASROM is set.
; INLIN and QINLIN read from the column where they started (FSTPOS) when the
; line is still the one they started on; PINLIN reads whole logical lines.
; Positions are H = column, L = row, as POSIT takes them.
ED_HPINL:       EQU 0FDDBh      ; H.PINL
ED_HQINL:       EQU 0FDE0h      ; H.QINL
ED_HINLI:       EQU 0FDE5h      ; H.INLI
ED_HDSPF:       EQU 0FDB3h      ; H.DSPF
ED_HERAF:       EQU 0FDB8h      ; H.ERAF
ED_BASROM:      EQU 0FBB1h      ; BASROM: a protected BASIC ROM runs
ED_STOPTRAP:    EQU TRPTBL+30   ; ON STOP's trap (after the ten keys')

QINLIN_I:
                CALL ED_HQINL
                LD A,'?'
                CALL OUTDO_I
                LD A,' '
                CALL OUTDO_I
INLIN_I:
                CALL ED_HINLI
                LD HL,(CSRY)
                LD (FSTPOS),HL
                LD A,L                  ; the row above no longer runs on
                DEC A                   ; into this one
                JR Z,ED_LOOP
                CALL LTTADR
                LD (HL),A
                JR ED_LOOP
PINLIN_I:
                CALL ED_HPINL
                LD HL,0                 ; row 0: every line from its start
                LD (FSTPOS),HL
ED_LOOP:        CALL CHGET_I
                CP 0Dh
                JR Z,ED_CR
                CP 03h
                JP Z,ED_STOP
                LD HL,ED_LOOP           ; the handlers return into the loop
                PUSH HL
                LD HL,ED_KEYS
                LD B,ED_NKEYS
ED_FIND:        CP (HL)
                INC HL
                JR Z,ED_GO
                INC HL
                INC HL
                DJNZ ED_FIND
                JP ED_CHAR
ED_GO:          LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                JP (HL)
; the editing keys (Red Book 2439H); RETURN and CTRL+STOP end the loop above
ED_KEYS:        DB 08h
                DW ED_BS
                DB 12h
                DW ED_INS
                DB 1Bh
                DW RETHARM              ; ESC: nothing
                DB 02h
                DW ED_WORDL
                DB 06h
                DW ED_WORDR
                DB 0Eh
                DW ED_ENDLN
                DB 05h
                DW ED_CTRLE
                DB 15h
                DW ED_CTRLU
                DB 7Fh
                DW ED_DEL
ED_NKEYS:       EQU 9

; RETURN: the logical line into BUF; the cursor to the start of the next row.
ED_CR:
                CALL ED_START
                LD DE,BUF
ED_CR_LOOP:     CALL ED_GET
                OR A
                JR Z,ED_CR_NEXT         ; null codes are left out
                CP 20h
                JR NC,ED_CR_PUT
                ADD A,40h               ; a control code: 01h, code + 40h
                PUSH AF
                LD A,1
                CALL ED_STORE
                POP AF
ED_CR_PUT:      CALL ED_STORE
ED_CR_NEXT:     CALL ED_NEXT
                JR NC,ED_CR_LOOP
ED_TRIM:        LD A,E                  ; trailing blanks off
                CP BUF & 0FFh
                JR Z,ED_TRIMMED
                DEC DE
                LD A,(DE)
                CP ' '
                JR Z,ED_TRIM
                INC DE
ED_TRIMMED:     XOR A
                LD (DE),A
                CALL ED_NEWLN           ; L = the line's last row
                LD HL,BUF-1             ; carry clear (ED_NEWLN ends XOR A)
                RET
; ED_STORE: A to (DE) while BUF holds fewer than 254 characters.
ED_STORE:       PUSH AF
                LD A,E
                CP (BUF+254) & 0FFh
                JR Z,ED_STORE_FULL
                POP AF
                LD (DE),A
                INC DE
                RET
ED_STORE_FULL:  POP AF
                RET

; CTRL+STOP: BUF empty, music stopped, the cursor below the line.
ED_STOP:
                XOR A
                LD (BUF),A
                CALL GICINI_I
                CALL ED_LAST
                CALL ED_NEWLN
                LD A,(ED_STOPTRAP)      ; NZ when ON STOP is on or a protected
                AND 1                   ; BASIC ROM runs (Red Book 24C5H)
                LD HL,ED_BASROM
                OR (HL)
                LD HL,BUF-1
                SCF
                RET

; ED_NEWLN: L = row: the cursor to the start of the row after it (scrolling
; if need be); insert mode off.
ED_NEWLN:       LD H,1
                CALL CUROFF
                LD (CSRY),HL
                LD A,0Ah
                CALL CHPUT_I
; insert mode off, block cursor (also after cursor movements and CTRL+E/U)
ED_INSOFF:      XOR A
                LD (INSFLG),A
                LD (CSTYLE),A
                RET

; INS: insert mode on / off; the cursor is an underline in insert mode.
ED_INS:         CALL CUROFF
                LD A,(INSFLG)
                CPL
                LD (INSFLG),A
                LD (CSTYLE),A
                RET

; Any other key (Red Book 23FFH): TAB gives spaces up to the next column
; 1 + 8n; other control codes go to CHPUT (cursor keys, HOME, CLS...) and end
; insert mode; a character is inserted in insert mode, else it overwrites.
ED_CHAR:
                CP 09h
                JR NZ,ED_CHAR_1
ED_TAB:         LD A,' '
                CALL ED_CHAR
                LD A,(CSRX)
                DEC A
                AND 7
                JR NZ,ED_TAB
                RET
ED_CHAR_1:      CP 01h
                JR Z,ED_ECHO            ; graphic header: the next code follows
                CP 20h
                JR NC,ED_PRINT
                CALL CHPUT_I
                JP ED_INSOFF
ED_PRINT:       LD C,A
                LD A,(INSFLG)
                OR A
                CALL NZ,ED_INSSP
                LD A,C
ED_ECHO:        JP CHPUT_I

; ED_INSSP: a space at the cursor, the rest of the logical line one to the
; right; a character pushed out of its last row starts a new row below (the
; screen scrolls up when that was the bottom row). Keeps C.
ED_INSSP:
                LD HL,(CSRY)
                LD B,' '                ; B = the character carried on
ED_INSSP_L:     CALL ED_GET
                LD E,A
                LD A,B
                CALL ED_PUT
                LD B,E
                LD A,(LINLEN)
                CP H
                JR Z,ED_INSSP_EOL
                INC H
                JR ED_INSSP_L
ED_INSSP_EOL:   CALL ED_EXT
                JR Z,ED_INSSP_NXT       ; the line goes on in the next row
                LD A,B
                CP ' '
                RET Z                   ; only a blank fell off the end
                PUSH HL
                LD A,L
                CALL LTTADR
                LD (HL),0               ; this row now runs on into the next
                POP HL
                PUSH BC
                PUSH HL
                CALL LASTROW
                CP L
                JR Z,ED_INSSP_UP
                LD A,L
                INC A
                CALL INSLINE            ; a blank row below this one
                POP HL
                POP BC
                JR ED_INSSP_NXT
ED_INSSP_UP:    CALL SCROLLUP           ; the bottom row: all text moves up
                POP HL
                POP BC
                DEC L
                LD A,(CSRY)
                DEC A
                LD (CSRY),A
ED_INSSP_NXT:   INC L
                LD H,1
                JR ED_INSSP_L

; BS: the cursor one left (into the end of the previous row only when that
; row runs on into this one), then the character there is deleted.
ED_BS:
                CALL CUROFF
                LD HL,(CSRY)
                DEC H
                JR NZ,ED_BS_SET
                INC H
                DEC L
                JR Z,ED_BS_TOP
                CALL ED_EXT
                JR NZ,ED_BS_TOP
                LD A,(LINLEN)
                LD H,A
                JR ED_BS_SET
ED_BS_TOP:      INC L
ED_BS_SET:      LD (CSRY),HL
; DEL: the character at the cursor is deleted, the rest of the logical line
; moves one left and a blank comes in at its end.
ED_DEL:
                LD HL,(CSRY)
ED_SHIFTL:      LD D,H
                LD E,L
                CALL ED_NEXT
                LD A,' '
                JP C,ED_PUT             ; the end: HL is still the last position
                CALL ED_GET
                EX DE,HL
                CALL ED_PUT
                EX DE,HL
                JR ED_SHIFTL

; CTRL+U: the whole logical line erased, the cursor at its start.
ED_CTRLU:
                CALL ED_START
                CALL CUROFF
                LD (CSRY),HL
                JR ED_ERASE
; CTRL+E: erased from the cursor to the end of the logical line.
ED_CTRLE:
                LD HL,(CSRY)
ED_ERASE:       LD B,L
ED_ERASE_L:     LD A,' '
                CALL ED_PUT
                CALL ED_NEXT
                JR NC,ED_ERASE_L
                LD C,L                  ; rows B..C: none runs on any more
ED_ERASE_T:     LD A,B
                CALL LTTADR
                LD (HL),A
                LD A,B
                INC B
                CP C
                JR NZ,ED_ERASE_T
                JP ED_INSOFF

; CTRL+N: the cursor just after the last character of the logical line.
ED_ENDLN:
                CALL ED_LAST
                LD A,(LINLEN)
                LD H,A
ED_ENDLN_L:     CALL ED_GET
                CP ' '
                JR NZ,ED_ENDLN_F
                DEC H
                JR NZ,ED_ENDLN_L
                INC H                   ; a blank row: its first column
                LD (CSRY),HL
                RET
ED_ENDLN_F:     LD (CSRY),HL
                JP CTL_RIGHT

; CTRL+F: right past the rest of this word and the gap, to the next word.
; CTRL+B: left to the start of the previous word. Words are letters and
; digits (and the codes 86h-9Fh, A6h-FFh, Red Book 2634H); the cursor stops
; at the screen's corners.
ED_WORDR:
                CALL ED_RIGHT
                RET Z
                CALL ED_CURAN
                JR C,ED_WORDR
ED_WORDR_2:     CALL ED_RIGHT
                RET Z
                CALL ED_CURAN
                JR NC,ED_WORDR_2
                RET
ED_WORDL:
                CALL ED_LEFT
                RET Z
                CALL ED_CURAN
                JR NC,ED_WORDL
ED_WORDL_2:     CALL ED_LEFT
                RET Z
                CALL ED_CURAN
                JR C,ED_WORDL_2
                JP CTL_RIGHT

; ED_LEFT / ED_RIGHT: the cursor one left / right (wrapping between rows,
; never scrolling). Z when it could not move.
ED_LEFT:        LD DE,CTL_LEFT
                JR ED_MOVE
ED_RIGHT:       LD DE,CTL_RIGHT
ED_MOVE:        CALL CUROFF
                LD HL,(CSRY)
                PUSH HL
                EX DE,HL
                CALL ED_JPHL
                LD HL,(CSRY)
                POP DE
                OR A
                SBC HL,DE
                RET
ED_JPHL:        JP (HL)

; ED_CURAN: carry when the character under the cursor is a letter or digit.
ED_CURAN:
                LD HL,(CSRY)
                CALL ED_GET
                CP 0A6h
                CCF
                RET C                   ; A6h-FFh
                CP 86h
                JR C,ED_CURAN_A
                CP 0A0h                 ; 86h-9Fh
                RET
ED_CURAN_A:     CP '0'
                CCF
                RET NC
                CP '9'+1
                RET C
                AND 0DFh                ; letters: either case
                CP 'A'
                CCF
                RET NC
                CP 'Z'+1
                RET

; ED_START: H, L = where the cursor's logical line starts (Red Book 266CH):
; the first row not continued from the one above; its column 1, or FSTPOS's
; column when that is the row INLIN started on.
ED_START:
                LD HL,(CSRY)
ED_START_UP:    DEC L
                JR Z,ED_START_AT
                CALL ED_EXT
                JR Z,ED_START_UP
ED_START_AT:    INC L
                LD H,1
                LD A,(FSTPOS)
                CP L
                RET NZ
                LD A,(FSTPOS+1)
                LD H,A
                RET

; ED_LAST: L = the last row of the cursor's logical line.
ED_LAST:
                LD HL,(CSRY)
ED_LAST_DN:     CALL ED_EXT
                RET NZ
                CALL LASTROW
                CP L
                RET Z
                RET C
                INC L
                JR ED_LAST_DN

; ED_NEXT: H, L -> the next position of the logical line; carry (H, L kept)
; at its end.
ED_NEXT:
                LD A,(LINLEN)
                CP H
                JR Z,ED_NEXT_ROW
                INC H                   ; carry clear (LINLEN > H)
                RET
ED_NEXT_ROW:    CALL ED_EXT
                SCF
                RET NZ
                CALL LASTROW
                DEC A
                CP L
                RET C                   ; the bottom row: nothing below
                INC L
                LD H,1
                RET

; ED_EXT: Z when row L runs on into the next (its LINTTB entry is 0).
ED_EXT:
                PUSH HL
                LD A,L
                CALL LTTADR
                LD A,(HL)
                OR A
                POP HL
                RET

; ED_GET: A = the character at H, L. ED_PUT: A written there. Both take the
; cursor off first and keep BC, DE, HL.
ED_GET:
                CALL CUROFF
                PUSH HL
                CALL CELLAT
                CALL RDVRM_I
                POP HL
                RET
ED_PUT:
                CALL CUROFF
                PUSH HL
                PUSH AF
                CALL CELLAT
                POP AF
                CALL WRTVRM_I
                POP HL
                RET

; ---- the function-key row: ERAFNK (00CCh), FNKSB (00C9h), DSPFNK (00CFh) ----
; The FNKSTR texts of F1-F5 (F6-F10 while SHIFT is held) on the bottom row,
; in five fields of (LINLEN - 4) / 5 characters (Red Book 0B15H-0B2BH). While
; it is shown (CNSDFG non-zero) the text rows end above it (LASTROW).
ERAFNK_I:
                CALL ED_HERAF
                XOR A
                LD (CNSDFG),A
                LD A,(SCRMOD)
                CP 2
                RET NC
                LD A,(CRTCNT)
                JP CLRLINE
FNKSB_I:
                LD A,(CNSDFG)
                OR A
                RET Z
DSPFNK_I:
                CALL ED_HDSPF
                LD A,(SCRMOD)
                CP 2
                JR NC,DSPFNK_ON
                LD A,(CNSDFG)           ; the cursor on the bottom row: the
                OR A                    ; screen scrolls up first
                JR NZ,DSPFNK_DRAW
                LD A,(CRTCNT)
                LD HL,CSRY
                CP (HL)
                JR NZ,DSPFNK_DRAW
                LD A,0Ah
                CALL CHPUT_I
                LD HL,CSRY
                DEC (HL)
DSPFNK_DRAW:    LD A,(CRTCNT)
                PUSH AF
                CALL CLRLINE
                POP AF
                LD L,A
                LD H,1
                CALL CELLAT
                EX DE,HL                ; DE = VRAM of the row's first column
                LD A,(LINLEN)
                SUB 4
                JR C,DSPFNK_ON
                LD C,-1
DSPFNK_DIV:     INC C                   ; C = field width
                SUB 5
                JR NC,DSPFNK_DIV
                LD HL,FNKSTR
                LD A,(NEWKEY+6)         ; SHIFT (bit 0 = 0 when held)
                AND 1
                LD (FNKSWI),A           ; 1 = F1-F5 shown
                JR NZ,DSPFNK_KEYS
                LD HL,FNKSTR+80
DSPFNK_KEYS:    LD B,5
DSPFNK_FLD:     PUSH BC
                PUSH HL
                PUSH DE
                LD B,C
                INC B
DSPFNK_CH:      DEC B
                JR Z,DSPFNK_FEND
                LD A,(HL)
                INC HL
                OR A
                JR Z,DSPFNK_FEND
                CP 1
                JR NZ,DSPFNK_CTL
                LD A,(HL)               ; graphic header: the next code - 40h
                INC HL
                SUB 40h
                JR DSPFNK_PUT
DSPFNK_CTL:     CP 20h
                JR NC,DSPFNK_PUT
                LD A,' '                ; RETURN in "run" etc.: a blank
DSPFNK_PUT:     EX DE,HL
                CALL WRTVRM_I
                INC HL
                EX DE,HL
                JR DSPFNK_CH
DSPFNK_FEND:    POP DE
                POP HL
                POP BC
                PUSH BC
                LD A,E                  ; next field: width + 1 further on
                ADD A,C
                LD E,A
                JR NC,DSPFNK_NC
                INC D
DSPFNK_NC:      INC DE
                LD BC,16
                ADD HL,BC
                POP BC
                DJNZ DSPFNK_FLD
DSPFNK_ON:      LD A,0FFh
                LD (CNSDFG),A
                RET
; FNKSHIFT: from CHSNS: redraw the row when SHIFT changed since (FNKSWI).
FNKSHIFT:
                LD A,(SCRMOD)
                CP 2
                RET NC
                LD A,(NEWKEY+6)
                AND 1
                LD HL,FNKSWI
                CP (HL)
                RET Z
                JP DSPFNK_I


; ---- PHYDIO (0144h) / FORMAT (0147h): served by a disk ROM through its hook.
; While the hook still holds the boot-time RET: carry set, A = 12 (bad
; parameter), so a program without a disk system sees an error, not garbage.
PHYDIO_I:
                PUSH AF
                LD A,(H_PHYD)
                CP 0C9h
                JR Z,NODISK
                POP AF
                JP H_PHYD
FORMAT_I:
                PUSH AF
                LD A,(H_FORM)
                CP 0C9h
                JR Z,NODISK
                POP AF
                JP H_FORM
NODISK:         POP AF
                LD A,12
                SCF
                RET
