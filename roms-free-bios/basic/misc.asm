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
ERASE_I:        LD A,3                  ; PTRGET: the name and type only
                CALL PTRGET_M           ; B C = name, VALTYP = type
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
                JR Z,ERASE_DEL
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
DELETE_I:       CALL BI_RANGE           ; DE = first, BC = last
                PUSH DE
                LD D,B
                LD E,C
                CALL FNDLIN             ; the last line must exist
                JP NC,FCERR
                LD H,B                  ; the line after it
                LD L,C
                LD E,(HL)
                INC HL
                LD D,(HL)
                EX (SP),HL
                EX DE,HL                ; DE = first number
                CALL FNDLIN             ; BC = first line to go
                POP DE                  ; (the last line + 1)
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
