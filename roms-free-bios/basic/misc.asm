; More statements and functions: SWAP ERASE DELETE AUTO CLS, MID$ as a
; statement, INSTR, DEF FN / FN, DEF USR / USR.

; ---- SWAP a, b ---------------------------------------------------------------
SWAP_I:         CALL PTRGET_I
                LD A,(VALTYP)
                PUSH DE
                PUSH AF
                RST 08h
                DB ','
                CALL PTRGET_I
                POP AF
                LD B,A
                LD A,(VALTYP)
                CP B
                JP NZ,TMERR
                CP 2                    ; the value's size (a string: its
                JR NZ,SWAP_N            ; descriptor)
                LD A,2
SWAP_N:         EX (SP),HL              ; HL = first, DE = second
                LD B,A
SWAP_L:         LD A,(DE)
                LD C,(HL)
                LD (HL),A
                LD A,C
                LD (DE),A
                INC HL
                INC DE
                DJNZ SWAP_L
                POP HL
                RET

; ---- ERASE a[, b ...] -------------------------------------------------------------
ERASE_I:        CALL BI_ARYFIND         ; HL = the array's entry
                JR ERASE_DEL

; BI_ARYFIND: the array named at HL (its name and type; no subscript):
; HL = its entry in ARYTAB..STREND (the type byte), the text pointer on the
; stack under the return address as ERASE keeps it; Illegal function call
; when there is none (not DIMmed nor used yet). XE_ARYFIND gives the
; extension the same with DE = the entry and HL = the text.
BI_ARYFIND:     LD A,3                  ; PTRGET: the name and type only
                CALL PTRGET_M           ; B C = name, VALTYP = type
                EX (SP),HL              ; the text under the return address
                PUSH HL
                LD HL,(ARYTAB)
ERASE_F:        PUSH HL
                LD DE,(STREND)
                OR A
                SBC HL,DE
                POP HL
                JP NC,FCERR             ; no such array
                LD A,(VALTYP)
                CP (HL)
                JR NZ,ERASE_N
                INC HL
                LD A,(HL)
                DEC HL
                CP B
                JR NZ,ERASE_N
                INC HL
                INC HL
                LD A,(HL)
                DEC HL
                DEC HL
                CP C
                RET Z
ERASE_N:        INC HL
                INC HL
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                ADD HL,DE
                JR ERASE_F
ERASE_DEL:      PUSH HL                 ; [HL, next) goes
                INC HL
                INC HL
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                ADD HL,DE
                EX DE,HL                ; DE = next
                LD HL,(STREND)
                OR A
                SBC HL,DE
                LD B,H
                LD C,L
                EX DE,HL
                POP DE
                LD A,B
                OR C
                JR Z,ERASE_E
                LDIR
ERASE_E:        LD (STREND),DE
                POP HL
                CALL CHRGOT
                CP ','
                RET NZ
                CALL CHRGTR_I
                JR ERASE_I

; ---- DELETE a[-b] / DELETE -b ------------------------------------------------------
DELETE_I:       PUSH HL
                CALL BI_PTRNUM
                POP HL
                CALL CHRGOT
                CALL BI_RANGE           ; DE = first, BC = last
                PUSH DE
                LD D,B
                LD E,C
                CALL FNDLIN             ; the last line must exist
                JP NC,FCERR
                LD H,B                  ; the line after it
                LD L,C
                LD E,(HL)
                INC HL
                LD D,(HL)               ; DE = the line after the last
                POP HL                  ; the first number
                PUSH DE
                EX DE,HL
                CALL FNDLIN             ; BC = first line to go
                POP DE
                LD H,B
                LD L,C
                RST 20h
                JP NC,FCERR             ; first after last
                CALL BI_MOVDN
                CALL BI_LINKER
                CALL BI_RUNCLR
                JP READYR_I

; ---- AUTO [start][, inc] -------------------------------------------------------
AUTO_I:         LD DE,10
                CALL LINGET
                JR NZ,AUTO_NOS
                JR AUTO_S
AUTO_NOS:       LD DE,10
AUTO_S:         PUSH DE
                LD DE,10
                CALL CHRGOT
                CP ','
                JR NZ,AUTO_I1
                CALL CHRGTR_I
                CALL LINGET
                LD A,D
                OR E
                JP Z,FCERR
AUTO_I1:        LD (AUTINC),DE
                POP DE
                LD (AUTLIN),DE
                LD A,1
                LD (AUTFLG),A
                JP BI_MAIN              ; (no Ok)

; ---- CLS ---------------------------------------------------------------------------
BI_CLS:         RET NZ
                PUSH HL
                XOR A
                CALL CLS_I
                POP HL
                RET

; ---- MID$(v$, p[, n]) = s$ --------------------------------------------------------
MIDASG_I:       CALL CHRGTR_I
                RST 08h
                DB '('
                CALL PTRGET_I
                LD A,(VALTYP)
                CP 3
                JP NZ,TMERR
                PUSH DE                 ; the variable
                RST 08h
                DB ','
                CALL GETBYT_I
                OR A
                JP Z,FCERR
                PUSH AF                 ; p
                LD E,255
                LD A,(HL)
                CP ','
                JR NZ,MIDASG_2
                CALL CHRGTR_I
                CALL GETBYT_I
MIDASG_2:       PUSH DE                 ; E = n
                CALL BI_CLOSEP
                RST 08h
                DB TK_EQ
                CALL BI_FRMSTR
                LD (TEMP),HL
                POP BC                  ; C = n
                POP AF
                DEC A
                LD B,A                  ; B = from (0-based)
                POP HL                  ; the variable's descriptor
                PUSH BC
                ; its characters must be its own: one outside the string
                ; space (a literal in the program) is copied there first
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                DEC HL
                DEC HL
                PUSH HL
                LD HL,(STKTOP)
                OR A
                SBC HL,DE
                POP HL
                JR C,MIDASG_OWN
                PUSH HL
                LD A,(HL)
                CALL BI_STRALC          ; DE = room
                POP HL
                PUSH DE
                CALL BI_STRCPY
                POP DE
                INC HL
                LD (HL),E
                INC HL
                LD (HL),D
                DEC HL
                DEC HL
MIDASG_OWN:     POP BC
                PUSH HL                 ; variable
                LD HL,(DAC+2)
                CALL BI_FRETMP
                EX DE,HL                ; DE = source
                POP HL
                LD A,(HL)               ; n = min(n, len s, len v - from)
                SUB B
                JP C,FCERR
                JP Z,FCERR
                CP C
                JR NC,MIDASG_3
                LD C,A
MIDASG_3:       LD A,(DE)
                CP C
                JR NC,MIDASG_4
                LD C,A
MIDASG_4:       INC HL                  ; destination: characters + from
                LD A,(HL)
                INC HL
                LD H,(HL)
                ADD A,B
                LD L,A
                JR NC,MIDASG_5
                INC H
MIDASG_5:       EX DE,HL                ; HL = source descriptor
                INC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                LD B,0
                LD A,C
                OR A
                JR Z,MIDASG_6
                LDIR
MIDASG_6:       LD HL,(TEMP)
                JP CHRGOT

; ---- INSTR([n,] a$, b$): where b$ starts in a$ (from n), 0 if nowhere ---------
FN_INSTR:       CALL CHRGTR_I
                RST 08h
                DB '('
                CALL FRMEVL_I
                LD E,1                  ; from position 1
                LD A,(VALTYP)
                CP 3
                JR Z,INSTR_A
                CALL BI_FRCINT
                LD A,(DAC+3)
                OR A
                JP NZ,FCERR
                LD A,(DAC+2)
                OR A
                JP Z,FCERR
                LD E,A
                PUSH DE
                RST 08h
                DB ','
                CALL BI_FRMSTR
                POP DE
INSTR_A:        PUSH DE                 ; E = start
                LD DE,(DAC+2)
                PUSH DE                 ; a$
                RST 08h
                DB ','
                CALL BI_FRMSTR
                CALL BI_CLOSEP
                LD (TEMP),HL
                LD HL,(DAC+2)
                CALL BI_FRETMP          ; b$ then a$: the last temporaries
                EX DE,HL
                POP HL
                CALL BI_FRETMP
                POP BC
                LD B,C                  ; B = start (1-based)
                ; HL = a$, DE = b$
                LD A,(DE)
                LD (TEMP2+1),A          ; lb
                LD C,(HL)               ; la
                LD A,C                  ; positions to try: la - lb - start + 2
                SUB B
                JR C,INSTR_NO
                INC A
                PUSH HL
                LD HL,TEMP2+1
                SUB (HL)
                POP HL
                JR C,INSTR_NO
                INC A
                LD (TEMP2),A
                INC HL                  ; HL = a$ characters + start - 1
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                LD A,B
                DEC A
                ADD A,L
                LD L,A
                JR NC,INSTR_1
                INC H
INSTR_1:        EX DE,HL                ; DE = b$ characters
                INC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                EX DE,HL
                LD C,B                  ; C = position
INSTR_TRY:      PUSH HL
                PUSH DE
                LD A,(TEMP2+1)
                LD B,A
                INC B
INSTR_CMP:      DEC B
                JR Z,INSTR_HIT
                LD A,(DE)
                CP (HL)
                INC HL
                INC DE
                JR Z,INSTR_CMP
                POP DE
                POP HL
                INC HL
                INC C
                LD A,(TEMP2)
                DEC A
                LD (TEMP2),A
                JR NZ,INSTR_TRY
INSTR_NO:       LD C,0
                JR INSTR_RES
INSTR_HIT:      POP DE
                POP HL
INSTR_RES:      LD L,C
                LD H,0
                CALL BI_INTRES
                LD HL,(TEMP)
                JP CHRGOT

; ---- DEF FN / FN -----------------------------------------------------------------
; DEF FNname[(p1, ...)]=expression keeps, in the function's variable (its name
; with bit 7 set, fact sheet §2.1), the address of the text after the name.
; FN binds the arguments by assigning them to the parameter variables, whose
; old values are saved on the stack and put back afterwards.
BI_FNTMP:       EQU 0F7BAh              ; (FUNACT) an argument's type meanwhile

DEF_I:          CP TK_FN
                JR Z,DEF_FN
                CP TK_USR
                JP NZ,SNERR
                CALL CHRGTR_I           ; DEF USR[n]=address
                LD E,0
                CP 11h
                JR C,DEF_USR0
                CP 1Bh
                JR NC,DEF_USR0
                SUB 11h
                LD E,A
                CALL CHRGTR_I
DEF_USR0:       PUSH DE
                RST 08h
                DB TK_EQ
                CALL FRMQNT_I
                EX (SP),HL
                LD A,L
                ADD A,A
                LD L,A
                LD H,0
                LD BC,USRTAB
                ADD HL,BC
                LD (HL),E
                INC HL
                LD (HL),D
                POP HL
                RET
DEF_FN:         LD DE,(CURLIN)          ; not in direct mode
                LD A,D
                AND E
                INC A
                LD E,12                 ; Illegal direct
                JP Z,ERROR_I
                CALL CHRGTR_I
                LD A,4                  ; the function's variable, created
                CALL PTRGET_M
                EX DE,HL
                LD (HL),E               ; the text after the name
                INC HL
                LD (HL),D
                EX DE,HL
                DEC HL
                JP BI_DATSKP            ; the rest is read when called

; FN_CALL: HL on the FN token. The frame IX: +0 the caller's text, +2 the
; definition's text, +4 parameters saved, +5 the function's type.
FN_CALL:        LD C,16
                CALL GETSTK
                CALL CHRGTR_I
                LD A,5                  ; find the function's variable
                CALL PTRGET_M
                LD A,D
                OR E
                JP Z,UFERR
                PUSH IX
                LD A,(VALTYP)
                LD B,A
                LD C,0
                PUSH BC                 ; +4 count, +5 type
                EX DE,HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                PUSH HL                 ; +2 definition
                PUSH DE                 ; +0 caller
                LD IX,0
                ADD IX,SP
                CALL CHRGOT             ; parameters?
                CP '('
                JP NZ,FN_BODY
                LD L,(IX+0)
                LD H,(IX+1)
                RST 08h
                DB '('
FN_ARG:         CALL FRMEVL_I           ; an argument
                LD (IX+0),L
                LD (IX+1),H
                LD A,(VALTYP)
                LD (BI_FNTMP),A
                LD L,(IX+2)             ; its parameter
                LD H,(IX+3)
                CALL CHRGTR_I
                CALL PTRGET_I
                LD (IX+2),L
                LD (IX+3),H
                EX DE,HL                ; its old value saved: 8 bytes,
                LD B,4                  ; the address, the type
FN_SAVE:        LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                PUSH DE
                DJNZ FN_SAVE
                LD DE,-8
                ADD HL,DE
                PUSH HL
                LD A,(VALTYP)
                PUSH AF
                INC (IX+4)
                EX DE,HL                ; DE = the parameter
                LD C,A
                LD A,(BI_FNTMP)
                LD (VALTYP),A
                LD A,C
                CALL BI_FRCTYP          ; the argument in its type
                CP 3
                JR NZ,FN_ARGN
                CALL BI_STRASG
                JR FN_NEXT
FN_ARGN:        CALL BI_STDAC
FN_NEXT:        LD L,(IX+2)
                LD H,(IX+3)
                CALL CHRGOT
                CP ','
                JR NZ,FN_ENDP
                LD L,(IX+0)
                LD H,(IX+1)
                RST 08h
                DB ','
                JR FN_ARG
FN_ENDP:        RST 08h
                DB ')'
                LD (IX+2),L
                LD (IX+3),H
                LD L,(IX+0)
                LD H,(IX+1)
                RST 08h
                DB ')'
                LD (IX+0),L
                LD (IX+1),H
FN_BODY:        LD L,(IX+2)
                LD H,(IX+3)
                RST 08h
                DB TK_EQ
                CALL FRMEVL_I
                LD A,(IX+5)
                CALL BI_FRCTYP          ; the function's type
                LD B,(IX+4)             ; the parameters' old values back
                INC B
FN_REST:        DEC B
                JR Z,FN_DONE
                POP AF
                POP HL
                LD DE,6
                ADD HL,DE
                LD C,4
FN_RESTW:       POP DE
                LD (HL),E
                INC HL
                LD (HL),D
                DEC HL
                DEC HL
                DEC HL
                DEC C
                JR NZ,FN_RESTW
                JR FN_REST
FN_DONE:        LD L,(IX+0)
                LD H,(IX+1)
                POP DE
                POP DE
                POP DE
                POP IX
                JP CHRGOT

; ---- USR[n](x) -------------------------------------------------------------------
; The routine of USRTAB n with A = the argument's type, HL = DAC (a number),
; DE = its descriptor (a string) (fact sheet §8).
FN_USR:         CALL CHRGTR_I
                LD E,0
                CP 11h
                JR C,FN_USR0
                CP 1Bh
                JR NC,FN_USR0
                SUB 11h
                LD E,A
FN_USR0:        LD D,0
                PUSH DE
                CALL BI_FNARG
                POP DE
                PUSH HL
                LD HL,USRTAB
                ADD HL,DE
                ADD HL,DE
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                LD DE,FN_USRR
                PUSH DE
                PUSH HL
                LD DE,(DAC+2)
                LD HL,DAC
                LD A,(VALTYP)
                RET                     ; to the routine, back to FN_USRR
FN_USRR:        POP HL
                JP CHRGOT

; ---- RENUM [new][, old][, increment] --------------------------------------------
; (fact sheet §5) Defaults 10, the first line, 10. Lines from `old` on are
; numbered new, new+inc, ...; Illegal function call if they would pass 65529
; or not stay above the lines before `old`. Every line-number operand (0Eh,
; or a 0Dh pointer) is changed to its line's new number; one that names no
; line is left and reported "Undefined line n in m".
RN_NEW:         EQU TEMP                ; first new number
RN_OLD:         EQU TEMP2               ; first line renumbered
RN_INC:         EQU TEMP9               ; increment
RENUM_I:        PUSH HL
                CALL BI_PTRNUM
                POP HL
                CALL CHRGOT
                LD DE,10                ; new
                CALL LINGET
                JR Z,RENUM_1
                LD DE,10
RENUM_1:        LD (RN_NEW),DE
                LD DE,0                 ; old: from the first line
                CALL CHRGOT
                CP ','
                JR NZ,RENUM_2
                CALL CHRGTR_I
                CALL LINGET
RENUM_2:        LD (RN_OLD),DE
                LD DE,10
                CALL CHRGOT
                CP ','
                JR NZ,RENUM_3
                CALL CHRGTR_I
                CALL LINGET
                LD A,D
                OR E
                JP Z,FCERR
RENUM_3:        LD (RN_INC),DE
                ; the lines before old must stay below new; the last new
                ; number must not pass 65529
                LD DE,(RN_OLD)
                CALL FNDLIN             ; BC = first line renumbered
                LD H,B
                LD L,C
                LD (RN_OLD),HL          ; (from here on: its address)
                LD HL,(TXTTAB)          ; the line before it
                LD DE,0
RENUM_PREV:     PUSH HL
                OR A
                SBC HL,BC
                POP HL
                JR Z,RENUM_PV
                INC HL
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                DEC HL
                DEC HL
                DEC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                JR RENUM_PREV
RENUM_PV:       LD A,D                  ; DE = the number before (0: none)
                OR E
                JR Z,RENUM_PV0
                LD HL,(RN_NEW)
                RST 20h
                JP Z,FCERR
                JP C,FCERR
RENUM_PV0:      LD HL,0FFFFh            ; the number the last line gets
                CALL RN_MAP
                LD HL,65529
                RST 20h
                JP C,FCERR
                ; the operands
                LD HL,(TXTTAB)
RENUM_LINE:     LD A,(HL)
                INC HL
                OR (HL)
                JR Z,RENUM_NUM
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                LD (CURLIN),DE          ; for the message
                INC HL
RENUM_EL:       LD A,(HL)
                OR A
                JR Z,RENUM_EOL
                CP 0Eh
                JR Z,RENUM_REF
                CP 0Dh
                JR Z,RENUM_PTR
                CALL BI_SKIPEL
                JR RENUM_EL
RENUM_EOL:      INC HL
                JR RENUM_LINE
RENUM_PTR:      LD (HL),0Eh             ; a pointer: back to its number
                PUSH HL
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                EX DE,HL
                INC HL
                INC HL
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                POP HL
                PUSH HL
                INC HL
                LD (HL),E
                INC HL
                LD (HL),D
                POP HL
RENUM_REF:      PUSH HL
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                PUSH DE
                CALL FNDLIN             ; does it exist?
                POP DE
                JR NC,RENUM_UNDEF
                LD HL,(RN_OLD)          ; renumbered?
                PUSH HL
                OR A
                SBC HL,BC
                POP HL
                JR Z,RENUM_MAPIT
                JR NC,RENUM_SKIP        ; before `old`: kept
RENUM_MAPIT:    EX DE,HL
                CALL RN_MAP
                POP HL
                PUSH HL
                INC HL
                LD (HL),E
                INC HL
                LD (HL),D
RENUM_SKIP:     POP HL
                INC HL
                INC HL
                INC HL
                JR RENUM_EL
RENUM_UNDEF:    PUSH DE                 ; "Undefined line n in m"
                LD HL,RN_MSG
                CALL STROUT
                POP HL
                CALL LINPRT
                LD HL,ERR_IN
                CALL STROUT
                LD HL,(CURLIN)
                CALL LINPRT
                CALL CRDO
                JR RENUM_SKIP
                ; the line numbers themselves
RENUM_NUM:      LD HL,(RN_OLD)
                LD DE,(RN_NEW)
RENUM_NL:       LD A,(HL)
                INC HL
                OR (HL)
                JR Z,RENUM_DONE
                INC HL
                LD (HL),E
                INC HL
                LD (HL),D
                DEC HL
                DEC HL
                DEC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                PUSH HL
                LD HL,(RN_INC)
                ADD HL,DE
                EX DE,HL
                POP HL
                JR RENUM_NL
RENUM_DONE:     CALL BI_RUNCLR
                JP READYR_I

; RN_MAP: the new number of line HL (a line at or after RN_OLD; FFFFh: the
; last line) -> DE: RN_NEW + RN_INC * (lines before it from RN_OLD).
RN_MAP:         PUSH HL
                LD HL,(RN_OLD)
                LD DE,(RN_NEW)
                JR RN_MAP_T
RN_MAP_L:       PUSH HL                 ; next line, next number
                LD HL,(RN_INC)
                ADD HL,DE
                EX DE,HL
                POP HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
RN_MAP_T:       LD A,(HL)               ; the end: the last number
                INC HL
                OR (HL)
                DEC HL
                JR Z,RN_MAP_END
                PUSH HL
                INC HL
                INC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                PUSH DE
                EX DE,HL                ; DE = its number
                LD HL,4                 ; the line looked for, under the
                ADD HL,SP               ; new number and the line
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A                  ; HL = the line looked for
                RST 20h
                POP DE
                POP HL
                JR NZ,RN_MAP_NX
                POP HL
                RET
RN_MAP_NX:      PUSH HL                 ; is it the last line?
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                LD A,(HL)
                INC HL
                OR (HL)
                POP HL
                JR NZ,RN_MAP_L
RN_MAP_END:     POP HL                  ; FFFFh asked: the last line's
                RET
RN_MSG:         DB "Undefined line ",0

; (TIME and TIME = n: hwstmt.asm's FN_TIME and ST_TIME; the merge of
; basic-core into basic-disk kept those, the copies here were the same.)

; ---- CALL name / _name: the extension ROMs' statements (fact sheet §7.1) -----
; The name (up to 15 characters, to 00, ':' or '(', trailing blanks dropped)
; goes to PROCNM; every ROM whose SLTATR entry has bit 5 (a STATEMENT entry,
; header +4) is called through CALSLT with HL on the text after the name:
; carry = not its statement (HL kept), no carry = done (HL after it).
; Nobody takes it: Syntax error.
CALL_I:         LD DE,PROCNM
                LD B,15
CALL_NAME:      LD A,(HL)
                OR A
                JR Z,CALL_NEND
                CP ':'
                JR Z,CALL_NEND
                CP '('
                JR Z,CALL_NEND
                INC HL
                INC B                   ; past 15 characters: not kept
                DEC B
                JR Z,CALL_NAME
                LD (DE),A
                INC DE
                DEC B
                JR CALL_NAME
CALL_NEND:      LD A,B
                CP 15
                JP Z,SNERR              ; no name
CALL_TRIM:      DEC DE                  ; trailing blanks
                LD A,(DE)
                CP ' '
                JR Z,CALL_TRIM
                INC DE
                XOR A
                LD (DE),A
                LD C,0                  ; SLTATR index: slot * 16 + sub * 4 + page
CALL_SCAN:      PUSH HL
                LD HL,SLTATR
                LD B,0
                ADD HL,BC
                BIT 5,(HL)
                JR Z,CALL_NEXT
                PUSH BC
                LD A,C                  ; the slot byte: E000SSPP
                RRCA
                RRCA
                RRCA
                RRCA
                AND 3
                LD E,A                  ; primary
                LD D,0
                LD HL,EXPTBL
                ADD HL,DE
                LD A,C
                AND 0Ch                 ; secondary * 4
                OR E
                OR (HL)                 ; expanded bit
                LD E,A                  ; E = slot
                LD A,C                  ; header + 4 of that page
                AND 3
                RRCA
                RRCA
                LD H,A
                LD L,4
                PUSH DE
                LD A,E
                CALL RDSLT_I
                POP DE
                PUSH AF
                INC HL
                PUSH DE
                LD A,E
                CALL RDSLT_I
                POP DE
                EI
                LD H,A
                POP AF
                LD L,A
                PUSH HL
                POP IX                  ; the STATEMENT routine
                LD A,E
                LD (CALL_SLOT),A
                LD IY,(CALL_SLOT-1)     ; IYH = slot
                POP BC
                POP HL                  ; the text after the name
                PUSH HL
                PUSH BC
                LD A,(HL)
                CALL CALSLT_I
                EI
                POP BC
                JR NC,CALL_DONE
CALL_NEXT:      POP HL
                INC C
                LD A,C
                CP 64
                JR NZ,CALL_SCAN
                JP SNERR
CALL_DONE:      POP DE                  ; (the old text pointer)
                JP CHRGOT
CALL_SLOT:      EQU TEMP8+1             ; the slot for IYH

; ---- INPUT$(n): n characters from the keyboard, waiting for them --------------
; (INPUT$ is the INPUT token and '$'; INPUT$(n,#f) reads a file: the file
; system's.)
FN_INPUTS:      INC HL
                LD A,(HL)
                CP '$'
                JP NZ,SNERR
                CALL BI_INPSARG         ; (n) or, Disk BASIC, (n,#f)
                PUSH HL
                CALL BI_FRCINT
                LD A,(DAC+3)
                OR A
                JP NZ,FCERR
                LD A,(DAC+2)
                OR A
                JP Z,FCERR
                PUSH AF
                CALL BI_STRALC          ; DE = room for them
                POP AF
                LD B,A
FN_INPUTS_L:    PUSH BC
                PUSH DE
                CALL BI_INCH            ; a key, or a byte of file f
                POP DE
                POP BC
                LD (DE),A
                INC DE
                DJNZ FN_INPUTS_L
                JP FN_STRDONE

; ---- line-number pointers (fact sheet §4.1) ------------------------------------
; A GOTO, GOSUB or THEN/ELSE in a program line that finds its line turns the
; 0Eh line-number operand into a 0Dh pointer to the line (its address - 1,
; the 00 before it) and sets PTRFLG; later runs jump at once. Before a program
; line changes (editing, DELETE, RENUM; SAVE must too) BI_PTRNUM turns every
; pointer back into its number.

; BI_JUMPLN: A/HL at a line-number operand (after CHRGTR) -> BC = the line
; (its link field), HL after the operand (CHRGTR done); Undefined line number.
BI_JUMPLN:      CP 0Dh
                JR Z,JUMPLN_PTR
                CP 0Eh
                JP NZ,SNERR
                PUSH HL                 ; the operand
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL                  ; (on the next element)
                CALL BI_FINDLN          ; BC = the line (from the next one
                JP NC,ULERR             ; when it lies further on)
                POP HL
                LD DE,(CURLIN)          ; in a program line: a pointer now
                LD A,D
                AND E
                INC A
                JR Z,JUMPLN_NUM
                LD (HL),0Dh
                INC HL
                DEC BC
                LD (HL),C
                INC HL
                LD (HL),B
                INC BC
                DEC HL
                DEC HL
                LD A,1
                LD (PTRFLG),A
JUMPLN_NUM:     JP CHRGTR_I
JUMPLN_PTR:     INC HL
                LD C,(HL)
                INC HL
                LD B,(HL)
                INC BC                  ; the line itself
                DEC HL
                DEC HL
                JP CHRGTR_I

; BI_PTRNUM: every 0Dh pointer of the program back to a 0Eh line number.
BI_PTRNUM:      LD A,(PTRFLG)
                OR A
                RET Z
                XOR A
                LD (PTRFLG),A
                LD HL,(TXTTAB)
PTRNUM_LINE:    LD A,(HL)
                INC HL
                OR (HL)
                RET Z
                INC HL
                INC HL
                INC HL
PTRNUM_EL:      LD A,(HL)
                OR A
                JR Z,PTRNUM_EOL
                CP 0Dh
                JR Z,PTRNUM_PTR
                CALL BI_SKIPEL
                JR PTRNUM_EL
PTRNUM_EOL:     INC HL
                JR PTRNUM_LINE
PTRNUM_PTR:     LD (HL),0Eh
                PUSH HL
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                EX DE,HL                ; the 00 before the line
                INC HL
                INC HL
                INC HL
                LD E,(HL)               ; its number
                INC HL
                LD D,(HL)
                POP HL
                INC HL
                LD (HL),E
                INC HL
                LD (HL),D
                INC HL
                JR PTRNUM_EL

; ---- the printer: LPRINT, LLIST; BI_OUT keeps the printer's column --------
; BI_OUT: A through OUTDO (the printer when PRTFLG is set, whose column
; LPTPOS it counts: CR back to 0, printable characters on). Keeps all.
BI_OUT:         PUSH AF
                LD A,(PRTFLG)
                OR A
                JR Z,BI_OUT_GO
                POP AF
                PUSH AF
                PUSH HL
                LD HL,LPTPOS
                CP 0Dh
                JR NZ,BI_OUT_P
                LD (HL),0
BI_OUT_P:       CP 20h
                JR C,BI_OUT_C
                INC (HL)
BI_OUT_C:       POP HL
BI_OUT_GO:      POP AF
                RST 18h
                RET
; BI_POS: A = the column PRINT goes on from (LPTPOS for the printer).
BI_POS:         LD A,(PRTFLG)
                OR A
                LD A,(TTYPOS)
                RET Z
                LD A,(LPTPOS)
                RET

LPRINT_I:       PUSH AF
                LD A,1
                LD (PRTFLG),A
                POP AF
                CALL PRINT_I
                PUSH AF
                XOR A
                LD (PRTFLG),A
                POP AF
                RET
LLIST_I:        PUSH AF
                LD A,1
                LD (PRTFLG),A
                POP AF
                JP LIST_I               ; (READYR turns PRTFLG off)
