; Strings (fact sheet §2.3): descriptors (length, address), the temporary
; descriptors TEMPST, the string space under MEMSIZ filled downwards from
; FRETOP, garbage collection, assignment, concatenation, comparison.

; BI_STRLIT: a quoted literal at HL ('"'): a temporary descriptor pointing
; into the text itself (LET copies it unless it lies in the program).
BI_STRLIT:      INC HL
                LD D,H
                LD E,L                  ; DE = first character
                LD B,0
BI_STRLIT_L:    LD A,(HL)
                OR A
                JR Z,BI_STRLIT_E
                CP '"'
                JR Z,BI_STRLIT_Q
                INC HL
                INC B
                JR BI_STRLIT_L
BI_STRLIT_Q:    INC HL
BI_STRLIT_E:    PUSH HL
                LD A,B
                CALL BI_MKDSC
                CALL BI_PUTNEW
                POP HL
                JP CHRGOT

; BI_MKDSC: DSCTMP = (A, DE).
BI_MKDSC:       LD HL,DSCTMP
                LD (HL),A
                INC HL
                LD (HL),E
                INC HL
                LD (HL),D
                RET

; BI_PUTNEW: DSCTMP to a new temporary descriptor; DAC+2 = it, VALTYP 3.
; "String formula too complex" when all 10 are in use.
BI_PUTNEW:      LD HL,(TEMPPT)
                LD DE,TEMPST_END
                RST 20h
                LD E,16
                JP Z,ERROR_I
                LD (DAC+2),HL
                EX DE,HL
                LD HL,DSCTMP
                LD BC,3
                LDIR
                LD (TEMPPT),DE
                LD A,3
                LD (VALTYP),A
                RET

; FRESTR (67D0h): the string result of FRMEVL: its temporary freed, HL = its
; descriptor (still readable until the next allocation).
FRESTR_I:       CALL BI_CHKSTR
                LD HL,(DAC+2)
; BI_FRETMP: free the descriptor HL if it is the last temporary (and its
; characters if they are the last allocated). Keeps HL, BC.
BI_FRETMP:      PUSH DE
                PUSH HL
                LD DE,(TEMPPT)
                DEC DE
                DEC DE
                DEC DE
                RST 20h
                JR NZ,BI_FRETMP_E
                LD (TEMPPT),HL
                LD E,(HL)               ; length
                INC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A                  ; characters
                PUSH DE
                LD DE,(FRETOP)
                RST 20h
                POP DE
                JR NZ,BI_FRETMP_E
                LD D,0
                ADD HL,DE
                LD (FRETOP),HL
BI_FRETMP_E:    POP HL
                POP DE
                RET

; (6627h) BI_STRALC: room for A characters: DE = their address, HL = DSCTMP
; (filled). A garbage collection when full; then "Out of string space".
BI_STRALC:      PUSH AF
                LD C,A
                LD B,0
                PUSH BC
                CALL BI_GETSPA
                JR NC,BI_STRALC_OK
                CALL BI_GC
                POP BC
                PUSH BC
                CALL BI_GETSPA
                JR NC,BI_STRALC_OK
                LD E,14                 ; Out of string space
                JP ERROR_I
BI_STRALC_OK:   POP BC
                POP AF
                CALL BI_MKDSC
                DEC HL
                DEC HL
                RET
; BI_GETSPA: HL = FRETOP - BC if that stays >= STKTOP (FRETOP lowered), NC.
BI_GETSPA:      LD HL,(FRETOP)
                OR A
                SBC HL,BC
                RET C
                LD DE,(STKTOP)
                RST 20h
                RET C
                LD (FRETOP),HL
                EX DE,HL
                RET

; ---- garbage collection (66B6h) ---------------------------------------------
; The live strings in string space are moved to its top, highest first: each
; pass finds the descriptor (temporaries, simple variables, string arrays)
; with the highest address below the last one moved ([ROM2 66B6h]).
BI_GC:          PUSH HL
                PUSH DE
                PUSH BC
                LD HL,(MEMSIZ)
                LD (TEMP8),HL           ; new top of the packed strings
                LD (TEMP3),HL           ; limit: strings below this are left
BI_GC_PASS:     LD HL,0
                LD (TEMP9),HL           ; best descriptor
                LD HL,(FRETOP)
                LD (SWPTMP),HL          ; best address so far (must be >=)
                ; temporaries
                LD HL,TEMPST
BI_GC_T:        LD DE,(TEMPPT)
                RST 20h
                JR Z,BI_GC_V
                CALL BI_GC_SEE
                INC HL
                INC HL
                INC HL
                JR BI_GC_T
BI_GC_V:        LD HL,(VARTAB)          ; simple variables
BI_GC_VL:       LD DE,(ARYTAB)
                RST 20h
                JR Z,BI_GC_A
                LD A,(HL)
                INC HL
                INC HL
                INC HL
                CP 3
                CALL Z,BI_GC_SEE
                LD E,A
                LD D,0
                ADD HL,DE
                JR BI_GC_VL
BI_GC_A:        ; arrays: HL = ARYTAB
BI_GC_AL:       LD DE,(STREND)
                RST 20h
                JR Z,BI_GC_MOVE
                LD A,(HL)
                INC HL
                INC HL
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                PUSH HL
                ADD HL,DE
                EX (SP),HL              ; stack: next array; HL = count byte
                CP 3
                JR NZ,BI_GC_AN
                LD C,(HL)               ; skip the sizes
                LD B,0
                INC HL
                ADD HL,BC
                ADD HL,BC
BI_GC_AE:       POP DE
                PUSH DE
                RST 20h
                JR Z,BI_GC_AN
                CALL BI_GC_SEE
                INC HL
                INC HL
                INC HL
                JR BI_GC_AE
BI_GC_AN:       POP HL
                JR BI_GC_AL
BI_GC_MOVE:     LD HL,(TEMP9)           ; the highest one: to the top
                LD A,H
                OR L
                JR Z,BI_GC_DONE
                LD C,(HL)
                LD B,0
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)               ; DE = its characters
                LD (TEMP3),DE           ; the next pass looks below
                PUSH HL
                LD HL,(TEMP8)
                OR A
                SBC HL,BC
                LD (TEMP8),HL           ; the new place
                POP HL
                PUSH HL
                LD HL,(TEMP8)
                EX DE,HL                ; HL = old, DE = new (new >= old)
                PUSH DE
                ADD HL,BC
                DEC HL
                EX DE,HL
                ADD HL,BC
                DEC HL
                EX DE,HL
                LD A,B
                OR C
                JR Z,BI_GC_NOMV
                LDDR
BI_GC_NOMV:     POP DE
                POP HL
                LD (HL),D
                DEC HL
                LD (HL),E
                JP BI_GC_PASS
BI_GC_DONE:     LD HL,(TEMP8)
                LD (FRETOP),HL
                POP BC
                POP DE
                POP HL
                RET
; BI_GC_SEE: descriptor HL: a string in string space below the limit and
; above the best so far becomes the best. Keeps HL, A.
BI_GC_SEE:      PUSH AF
                PUSH HL
                LD A,(HL)
                OR A
                JR Z,BI_GC_SEEN
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)               ; its characters
                LD HL,(TEMP3)
                RST 20h                 ; limit > address?
                JR C,BI_GC_SEEN
                JR Z,BI_GC_SEEN
                LD HL,(SWPTMP)
                RST 20h                 ; best <= address?
                JR Z,BI_GC_SEEB
                JR NC,BI_GC_SEEN
BI_GC_SEEB:     LD (SWPTMP),DE
                POP HL
                LD (TEMP9),HL
                POP AF
                RET
BI_GC_SEEN:     POP HL
                POP AF
                RET

; ---- assignment -----------------------------------------------------------------
; BI_STRASG: DAC+2 = the value's descriptor, DE = the variable's. A literal
; in the program is shared, a temporary taken over, anything else copied.
BI_STRASG:      PUSH HL
                LD HL,(DAC+2)
                INC HL
                LD C,(HL)
                INC HL
                LD B,(HL)               ; BC = characters
                DEC HL
                DEC HL
                PUSH HL
                LD HL,(TXTTAB)          ; in the program text?
                DEC HL
                OR A
                SBC HL,BC
                JR NC,BI_STRASG_N
                LD HL,(VARTAB)
                OR A
                SBC HL,BC
                JR C,BI_STRASG_N
                JR Z,BI_STRASG_N
BI_STRASG_K:    POP HL                  ; keep as it is
                CALL BI_FRETMP
BI_STRASG_C:    LD BC,3
                LDIR
                POP HL
                RET
BI_STRASG_N:    POP HL
                PUSH HL
                PUSH DE
                LD DE,(TEMPPT)          ; the last temporary in string space
                DEC DE
                DEC DE
                DEC DE
                RST 20h
                POP DE
                JR NZ,BI_STRASG_CP
                PUSH HL                 ; its characters in the string space
                LD HL,(STKTOP)          ; (not KBUF, BUF)?
                OR A
                SBC HL,BC
                JR NC,BI_STRASG_CP0
                LD HL,(MEMSIZ)
                OR A
                SBC HL,BC
                JR C,BI_STRASG_CP0
                JR Z,BI_STRASG_CP0
                POP HL
                POP HL                  ; take it over
                LD (TEMPPT),HL
                JR BI_STRASG_C
BI_STRASG_CP0:  POP HL
BI_STRASG_CP:   POP HL                  ; copy into string space
                LD A,(HL)
                PUSH DE
                CALL BI_STRALC          ; DE = room (may move strings)
                LD HL,(DAC+2)
                CALL BI_STRCPY
                CALL BI_FRETMP
                POP DE
                LD HL,DSCTMP
                JR BI_STRASG_C

; BI_STRCPY: the characters of descriptor HL to DE; DE after them. Keeps HL.
BI_STRCPY:      PUSH HL
                LD C,(HL)
                LD B,0
                INC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                LD A,C
                OR A
                JR Z,BI_STRCPY_E
                LDIR
BI_STRCPY_E:    POP HL
                RET

; ---- concatenation: ARG+2 = left, DAC+2 = right ----------------------------
BI_CONCAT:      LD HL,(BASARG+2)
                LD DE,(DAC+2)
                LD A,(DE)
                ADD A,(HL)
                LD E,15                 ; String too long
                JP C,ERROR_I
                PUSH HL                 ; left
                LD HL,(DAC+2)
                PUSH HL                 ; right
                CALL BI_STRALC
                POP HL
                EX (SP),HL              ; left (right kept)
                CALL BI_STRCPY
                EX (SP),HL              ; right
                CALL BI_STRCPY
                CALL BI_FRETMP
                POP HL
                CALL BI_FRETMP
                JP BI_PUTNEW

; BI_STRCMP: A = sign(left - right) for ARG+2 = left, DAC+2 = right; the
; temporaries freed.
BI_STRCMP:      LD HL,(DAC+2)
                CALL BI_FRETMP
                LD DE,(BASARG+2)
                EX DE,HL
                CALL BI_FRETMP
                LD B,(HL)               ; B = left length
                INC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                EX DE,HL                ; DE = left chars, HL = right desc
                LD C,(HL)               ; C = right length
                INC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
BI_STRCMP_L:    LD A,B
                OR A
                JR Z,BI_STRCMP_LE
                LD A,C
                OR A
                JR Z,BI_STRCMP_GT       ; right ended first
                LD A,(DE)
                CP (HL)
                JR C,BI_STRCMP_LT
                JR NZ,BI_STRCMP_GT
                INC DE
                INC HL
                DEC B
                DEC C
                JR BI_STRCMP_L
BI_STRCMP_LE:   LD A,C
                OR A
                RET Z                   ; equal
BI_STRCMP_LT:   LD A,0FFh
                RET
BI_STRCMP_GT:   LD A,1
                RET
