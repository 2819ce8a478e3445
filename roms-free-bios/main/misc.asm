; EXTROM/SUBROM/CHKSLZ, OUTDO, line input (INLIN/PINLIN/QINLIN), EOL,
; INIFNK, and the disk hooks PHYDIO/FORMAT.

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
                PUSH AF
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
                LD A,(PRTFLG)
                OR A
                JR NZ,OUTDO_LPT
                POP AF
                JP CHPUT_I
OUTDO_LPT:      POP AF
                JP LPTOUT_I

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

; ---- INLIN (00B1h) / PINLIN (00AEh) / QINLIN (00B4h): read a line -------------
; A simple line editor: printable characters are echoed and stored, BS / left
; erase, RETURN ends (HL = BUF - 1, carry clear, the text in BUF ends with 0),
; CTRL+C or CTRL+STOP aborts (carry set). QINLIN prints "? " first.
QINLIN_I:
                LD A,'?'
                CALL CHPUT_I
                LD A,' '
                CALL CHPUT_I
PINLIN_I:
INLIN_I:
                LD HL,BUF
                LD B,0                  ; characters stored
INLIN_KEY:      CALL CHGET_I
                CP 0Dh
                JR Z,INLIN_END
                CP 03h
                JR Z,INLIN_ABORT
                CP 08h
                JR Z,INLIN_BS
                CP 1Dh
                JR Z,INLIN_BS
                CP 020h
                JR C,INLIN_KEY
                LD C,A
                LD A,B
                CP 254
                JR NC,INLIN_KEY         ; buffer full
                LD (HL),C
                INC HL
                INC B
                LD A,C
                CALL CHPUT_I
                JR INLIN_KEY
INLIN_BS:       LD A,B
                OR A
                JR Z,INLIN_KEY
                DEC HL
                DEC B
                LD A,08h
                CALL CHPUT_I
                LD A,' '
                CALL CHPUT_I
                LD A,08h
                CALL CHPUT_I
                JR INLIN_KEY
INLIN_END:      LD (HL),0
                LD A,0Dh
                CALL CHPUT_I
                LD A,0Ah
                CALL CHPUT_I
                LD HL,BUF-1
                OR A
                RET
INLIN_ABORT:    LD HL,BUF
                LD (HL),0
                DEC HL
                LD A,0Dh
                CALL CHPUT_I
                LD A,0Ah
                CALL CHPUT_I
                SCF
                RET

; ---- INIFNK (003Eh): function-key strings empty (no BASIC defaults). -------
INIFNK_I:
                LD HL,FNKSTR
                LD B,160
INIFNK_LOOP:    LD (HL),0
                INC HL
                DJNZ INIFNK_LOOP
                RET

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
