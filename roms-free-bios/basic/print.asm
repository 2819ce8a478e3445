; Output: STROUT, CRDO, LINPRT, numbers as text, and the PRINT statement
; (`;` `,` TAB( SPC(, numbers with a leading blank or '-' and a trailing
; blank, TTYPOS/LINLEN/CLMLST rules).

; BI_UTXT: HL unsigned -> decimal text at FBUFFR+1.. (HL = its start).
BI_UTXT:        LD DE,FBUFFR+7
                XOR A
                LD (DE),A
BI_UTXT_L:      PUSH DE
                LD DE,10
                CALL BI_UDIV10          ; HL = HL / 10, A = remainder
                POP DE
                DEC DE
                ADD A,'0'
                LD (DE),A
                LD A,H
                OR L
                JR NZ,BI_UTXT_L
                EX DE,HL
                RET
; BI_UDIV10: HL = HL / 10, A = HL mod 10.
BI_UDIV10:      LD B,16
                XOR A
BI_UDIV10_L:    ADD HL,HL
                RLA
                CP 10
                JR C,BI_UDIV10_N
                SUB 10
                INC L
BI_UDIV10_N:    DJNZ BI_UDIV10_L
                RET

; BI_NUMTXT: the number in DAC as PRINT and STR$ show it (a leading blank or
; '-'): the Math-Pack's FOUT. HL = the 0-terminated text.
BI_NUMTXT:      JP MP_FOUT

; ---- PRINT ----------------------------------------------------------------------
PRINT_I:        JR Z,CRDO_PR            ; PRINT alone: a new line
                CP '#'                  ; Disk BASIC: PRINT #n, (extcall.asm)
                JP Z,BI_PRTFIL
PRINT_ITEM:     CALL H_PRTF
                CP TK_USING
                JP Z,PRINT_USING
                CP ';'
                JR Z,PRINT_SEMI
                CP ','
                JR Z,PRINT_COMMA
                CP TK_TAB
                JR Z,PRINT_TAB
                CP TK_SPC
                JR Z,PRINT_SPC
                CALL FRMEVL_I
                PUSH HL
                LD A,(VALTYP)
                CP 3
                JR Z,PRINT_STR
                CALL BI_NUMTXT          ; a number and a blank
                PUSH HL
                LD B,0                  ; a number that does not fit the
PRINT_LEN:      LD A,(HL)               ; line starts a new one
                INC HL
                OR A
                JR Z,PRINT_LEND
                INC B
                JR PRINT_LEN
PRINT_LEND:     LD A,(PRTFLG)          ; (the printer's lines are long)
                OR A
                JR NZ,PRINT_FIT
                LD A,(TTYPOS)
                ADD A,B
                LD HL,LINLEN
                CP (HL)
                JR C,PRINT_FIT
                JR Z,PRINT_FIT
                CALL CRDONZ
PRINT_FIT:      POP HL
                CALL STROUT
                LD A,' '
                CALL BI_OUT
                JR PRINT_NEXT
PRINT_STR:      CALL FRESTR_I
                CALL BI_STRPRT
PRINT_NEXT:     POP HL
                CALL CHRGOT
                JR NZ,PRINT_ITEM
CRDO_PR:        CALL CRDO
                JP CHRGOT
PRINT_SEMI:     CALL CHRGTR_I
                RET Z                   ; no new line at the end
                JR PRINT_ITEM
PRINT_COMMA:    PUSH HL                 ; the next 14-column zone, or a new
                LD A,(CLMLST)           ; line past CLMLST
                LD B,A
                CALL BI_POS
                CP B
                JR C,PRINT_ZONE
                JR Z,PRINT_ZONE
                CALL CRDO
                JR PRINT_ZDONE
PRINT_ZONE:     SUB 14
                JR NC,PRINT_ZONE
                NEG
                LD B,A
                CALL BI_SPACES
PRINT_ZDONE:    POP HL
                JR PRINT_SEMI
PRINT_TAB:      CALL PRINT_ARG          ; TAB(n): to column n
                LD C,A
                CALL BI_POS
                LD B,A
                LD A,C
                SUB B
                JR C,PRINT_AFTER
                LD B,A
                JR PRINT_SPCB
PRINT_SPC:      CALL PRINT_ARG          ; SPC(n): n blanks
                LD B,A
PRINT_SPCB:     CALL BI_SPACES
; after TAB( / SPC( no new line when the statement ends there
PRINT_AFTER:    POP HL
                CALL CHRGOT
                RET Z
                JP PRINT_ITEM
; PRINT_ARG: n) of TAB( SPC( -> A; the text pointer pushed under the return.
PRINT_ARG:      CALL CHRGTR_I
                CALL GETBYT_I
                PUSH AF
                CALL BI_CLOSEP
                POP AF
                EX (SP),HL
                PUSH HL
                RET
; BI_SPACES: B blanks (none for 0).
BI_SPACES:      INC B
BI_SPACES_L:    DEC B
                RET Z
                LD A,' '
                CALL BI_OUT
                JR BI_SPACES_L

; BI_STRPRT: the string of descriptor HL through OUTDO.
BI_STRPRT:      LD B,(HL)
                INC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                INC B
BI_STRPRT_L:    DEC B
                RET Z
                LD A,(HL)
                CALL BI_OUT
                INC HL
                JR BI_STRPRT_L
