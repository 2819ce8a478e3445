; Variables and arrays in MSX-BASIC's format (fact sheet §2.1, §2.2):
; PTRGET (5EA4h), LET, DIM, ERASE, DEFINT/DEFSNG/DEFDBL/DEFSTR, SWAP.

; ---- PTRGET (5EA4h): the variable at HL -> DE = its value, VALTYP = type --
; Created when new. HL after the name (and subscripts), A = that item.
PTRGET_I:       XOR A
                JR PTRGET_M
; BI_PTRFND: the same, but a missing simple variable is not created: DE = 0.
BI_PTRFND:      LD A,1
PTRGET_M:       LD (TEMP3),A            ; 0 create, 1 find, 2 DIM, 3 name,
                                        ; 4 create FN, 5 find FN
                CALL H_PTRG
                LD A,(HL)
                CP 'A'
                JP C,SNERR
                CP 'Z'+1
                JP NC,SNERR
                LD B,A                  ; B = first letter
                LD C,0                  ; C = second character
                CALL PTR_NAMECH
                JR NC,PTR_TYPE
                LD C,A
PTR_SKIPN:      CALL PTR_NAMECH         ; further letters and digits: ignored
                JR C,PTR_SKIPN
PTR_TYPE:       CP '%'                  ; the suffix or DEFTBL
                LD D,2
                JR Z,PTR_SUFX
                CP '$'
                LD D,3
                JR Z,PTR_SUFX
                CP '!'
                LD D,4
                JR Z,PTR_SUFX
                CP '#'
                LD D,8
                JR Z,PTR_SUFX
                PUSH HL
                LD A,B
                SUB 'A'
                LD E,A
                LD D,0
                LD HL,DEFTBL
                ADD HL,DE
                LD D,(HL)
                POP HL
                JR PTR_TYPED
PTR_SUFX:       INC HL
PTR_TYPED:      LD A,D
                LD (VALTYP),A
                CALL CHRGOT
                LD A,(TEMP3)            ; ERASE: just the name
                CP 3
                RET Z
                JR C,PTR_NOFN
                SET 7,B                 ; DEF FN / FN: the function's name
                JR PTR_SIMPLE
PTR_NOFN:
                LD A,(SUBFLG)           ; FOR's variable: never an array
                OR A
                JR NZ,PTR_SIMPLE
                LD A,(HL)
                CP '('
                JP Z,BI_ARRAY
                CP '['
                JP Z,BI_ARRAY
; simple variable: VALTYP = type, B C = name
PTR_SIMPLE:     PUSH HL
                LD HL,(VARTAB)
PTR_SRCH:       LD A,(ARYTAB)           ; the end of the simple variables
                CP L
                JR NZ,PTR_CMP
                LD A,(ARYTAB+1)
                CP H
                JR Z,PTR_NEW
PTR_CMP:        LD A,(VALTYP)
                CP (HL)
                JR NZ,PTR_SK0
                INC HL
                LD A,(HL)
                CP B
                JR NZ,PTR_SK1
                INC HL
                LD A,(HL)
                CP C
                JR NZ,PTR_SK2
                INC HL
                EX DE,HL                ; found: DE = value
                POP HL
                JP CHRGOT
PTR_SK2:        DEC HL
PTR_SK1:        DEC HL
PTR_SK0:        LD A,(HL)               ; next: type + 3 bytes on
                ADD A,3
                ADD A,L
                LD L,A
                JR NC,PTR_SRCH
                INC H
                JR PTR_SRCH
PTR_NEW:        LD A,(TEMP3)            ; find only (1, 5): DE = 0
                CP 1
                JR Z,PTR_FINDNO
                CP 5
                JR NZ,PTR_CREATE
PTR_FINDNO:
                POP HL                  ; find only: DE = 0
                LD DE,0
                JP CHRGOT
PTR_CREATE:     PUSH BC                 ; name
                LD A,(VALTYP)
                ADD A,3
                LD C,A
                LD B,0                  ; BC = entry size
                PUSH BC
                CALL BI_ROOM            ; HL = STREND + size (checked)
                EX DE,HL                ; the arrays move up
                LD HL,(STREND)
                LD (STREND),DE
                PUSH HL
                LD BC,(ARYTAB)
                OR A
                SBC HL,BC
                LD B,H
                LD C,L
                POP HL
                DEC HL
                DEC DE
                LD A,B
                OR C
                JR Z,PTR_NOMOVE
                LDDR
PTR_NOMOVE:     POP BC                  ; size
                LD HL,(ARYTAB)
                PUSH HL
                ADD HL,BC
                LD (ARYTAB),HL
                POP HL                  ; the new entry
                POP BC                  ; name
                LD A,(VALTYP)
                LD (HL),A
                INC HL
                LD (HL),B
                INC HL
                LD (HL),C
                INC HL
                PUSH HL
                LD B,A
PTR_ZERO:       LD (HL),0
                INC HL
                DJNZ PTR_ZERO
                POP DE                  ; the value
                POP HL
                JP CHRGOT

; PTR_NAMECH: the next byte at HL+1 a letter or digit? then HL on it, A =
; it (upper case), carry; else HL unchanged... moved past the first letter.
PTR_NAMECH:     INC HL
                LD A,(HL)
                CP '0'
                JR C,PTR_NAMENO
                CP '9'+1
                RET C
                CP 'A'
                JR C,PTR_NAMENO
                CP 'Z'+1
                RET C
PTR_NAMENO:     OR A
                RET

; BI_ROOM: HL = STREND + BC; Out of memory unless 160 bytes stay below SP.
BI_ROOM:        LD HL,(STREND)
                ADD HL,BC
                JP C,OMERR
                PUSH HL
                PUSH BC
                LD BC,160
                ADD HL,BC
                JP C,OMERR
                LD B,H
                LD C,L
                LD HL,6
                ADD HL,SP
                OR A
                SBC HL,BC
                POP BC
                POP HL
                JP C,OMERR
                RET

; ---- a variable as a factor: its value, or 0 / "" when never assigned ------
BI_VARVAL:      CALL BI_PTRFND
                PUSH HL
                LD A,(VALTYP)
                CP 3
                JR Z,VARVAL_STR
                LD A,D
                OR E
                JR Z,VARVAL_0
                EX DE,HL
                CALL BI_LDDAC
                POP HL
                JP CHRGOT
VARVAL_0:       LD HL,0                 ; a number never assigned: 0
                LD (DAC),HL
                LD (DAC+2),HL
                LD (DAC+4),HL
                LD (DAC+6),HL
                POP HL
                JP CHRGOT
VARVAL_STR:     LD A,D
                OR E
                JR NZ,VARVAL_S
                LD DE,BI_NULSTR
VARVAL_S:       LD (DAC+2),DE
                POP HL
                JP CHRGOT
BI_NULSTR:      DB 0,0,0                ; the empty string's descriptor

; ---- arrays -------------------------------------------------------------------------
; BI_ARRAY: HL on '(' or '[' after an array name; D = type, B C = name.
; The subscripts (0-32767) are evaluated onto the stack, then copied to
; FBUFFR (last subscript first, the order of the sizes in the array); the
; array is found, or created with 11 elements per dimension (subscript + 1
; under DIM). DE = the element.
ARR_TYPE:       EQU TEMP8               ; type
ARR_NAME:       EQU TEMP2               ; name (first, second)
BI_ARRAY:       LD A,(TEMP3)
                PUSH AF                 ; mode
                PUSH BC                 ; name
                PUSH DE                 ; type
                LD B,0
ARR_SUB:        PUSH BC
                CALL CHRGTR_I
                CALL BI_FRMINT          ; a subscript
                POP BC
                BIT 7,D
                JP NZ,FCERR
                PUSH DE
                INC B
                LD A,(HL)
                CP ','
                JR Z,ARR_SUB
                CP ')'
                JR Z,ARR_END
                CP ']'
                JP NZ,SNERR
ARR_END:        CALL CHRGTR_I
                EX DE,HL                ; DE = text
                LD A,B
                LD (TEMP9),A
                LD HL,FBUFFR
ARR_POP:        POP BC
                LD (HL),C
                INC HL
                LD (HL),B
                INC HL
                DEC A
                JR NZ,ARR_POP
                POP BC                  ; B = type
                LD A,B
                LD (ARR_TYPE),A
                LD (VALTYP),A
                POP BC                  ; name
                LD (ARR_NAME),BC
                POP AF
                LD (TEMP3),A
                PUSH DE                 ; text
                LD HL,(ARYTAB)
ARR_FIND:       EX DE,HL
                LD HL,(STREND)
                RST 20h
                EX DE,HL
                JR Z,ARR_NEW
                LD A,(ARR_TYPE)
                CP (HL)
                JR NZ,ARR_NEXT
                INC HL
                LD A,B
                CP (HL)
                DEC HL
                JR NZ,ARR_NEXT
                INC HL
                INC HL
                LD A,C
                CP (HL)
                DEC HL
                DEC HL
                JR Z,ARR_FOUND
ARR_NEXT:       INC HL                  ; past type, name and the length field
                INC HL
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                ADD HL,DE
                JR ARR_FIND
ARR_FOUND:      LD A,(TEMP3)
                CP 2
                JP Z,DDERR              ; DIM again: Redimensioned array
                LD DE,5
                ADD HL,DE
                LD A,(TEMP9)
                CP (HL)
                JP NZ,BSERR
                INC HL
                JP ARR_INDEX
ARR_NEW:        PUSH HL                 ; the new array's place (STREND)
                LD A,(TEMP9)            ; the sizes to FBUFFR+22 (11, or
                CP 11                   ; subscript + 1 under DIM), their
                JP NC,BSERR             ; product to DE
                LD B,A
                LD HL,FBUFFR
                LD DE,1
ARR_SIZE:       PUSH BC
                LD C,(HL)
                INC HL
                LD B,(HL)
                DEC HL
                LD A,(TEMP3)
                CP 2
                JR Z,ARR_SZD
                LD BC,10
ARR_SZD:        INC BC
                PUSH HL
                PUSH DE
                LD DE,22
                ADD HL,DE
                LD (HL),C
                INC HL
                LD (HL),B
                POP DE
                LD H,B
                LD L,C
                CALL BI_UMUL
                POP HL
                INC HL
                INC HL
                POP BC
                DJNZ ARR_SIZE
                LD A,(ARR_TYPE)
                LD L,A
                LD H,0
                CALL BI_UMUL            ; bytes of the elements
                LD A,(TEMP9)
                LD L,A
                LD H,0
                ADD HL,HL
                LD BC,6                 ; type, name, length, count
                ADD HL,BC
                ADD HL,DE
                JP C,OMERR
                LD B,H
                LD C,L                  ; BC = whole size
                CALL BI_ROOM            ; HL = new STREND
                LD (STREND),HL
                POP HL                  ; the array
                PUSH HL
                PUSH BC
ARR_CLR:        LD (HL),0
                INC HL
                DEC BC
                LD A,B
                OR C
                JR NZ,ARR_CLR
                POP BC
                POP HL
                LD A,(ARR_TYPE)
                LD (HL),A
                INC HL
                LD DE,(ARR_NAME)
                LD (HL),D
                INC HL
                LD (HL),E
                INC HL
                DEC BC                  ; the length field counts what follows it
                DEC BC
                DEC BC
                DEC BC
                DEC BC
                LD (HL),C
                INC HL
                LD (HL),B
                INC HL
                LD A,(TEMP9)
                LD (HL),A
                INC HL
                PUSH HL                 ; the sizes
                EX DE,HL
                LD HL,FBUFFR+22
                ADD A,A
                LD C,A
                LD B,0
                LDIR
                POP HL
; ARR_INDEX: HL at the sizes, FBUFFR the subscripts (same order) -> DE.
ARR_INDEX:      LD A,(TEMP3)            ; DIM: nothing to point at
                CP 2
                JR Z,ARR_DONE
                LD A,(TEMP9)
                LD B,A
                LD DE,0                 ; offset
                EXX
                LD HL,FBUFFR
                EXX
ARR_IDX_L:      PUSH BC
                LD C,(HL)               ; BC = size
                INC HL
                LD B,(HL)
                INC HL
                PUSH HL
                LD H,B
                LD L,C
                CALL BI_UMUL            ; DE = offset * size
                EXX                     ; the subscript
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                PUSH DE
                EXX
                POP HL
                PUSH HL
                OR A                    ; must be below the size
                SBC HL,BC
                POP HL
                JP NC,BSERR
                ADD HL,DE
                EX DE,HL                ; offset
                POP HL
                POP BC
                DJNZ ARR_IDX_L
                PUSH HL                 ; HL = the first element
                LD A,(ARR_TYPE)
                LD L,A
                LD H,0
                CALL BI_UMUL
                POP HL
                ADD HL,DE
                EX DE,HL
ARR_DONE:       LD A,(ARR_TYPE)
                LD (VALTYP),A
                POP HL
                JP CHRGOT

; BI_UMUL: DE = DE * HL (unsigned) by the Math-Pack's UMULT (past 16 bits
; Subscript out of range, as for MSX's array sizes). Keeps BC, HL.
BI_UMUL:        PUSH BC
                PUSH HL
                LD B,H
                LD C,L
                CALL MP_UMULT
                POP HL
                POP BC
                RET

; ---- LET ------------------------------------------------------------------------
LET_I:          CALL PTRGET_I
                RST 08h
                DB TK_EQ
; LET_VALUE: DE = a variable's value, VALTYP its type; the expression at HL
; is converted to that type and stored.
LET_VALUE:      PUSH DE
                LD A,(VALTYP)
                PUSH AF
                CALL FRMEVL_I
                POP AF
                PUSH AF
                CALL BI_FRCTYP
                POP AF
                POP DE
                CP 3
                JP Z,BI_STRASG
                PUSH HL
                CALL BI_STDAC
                POP HL
                RET

; ---- DIM a(n[,m...])[, ...] -------------------------------------------------------
DIM_I:          LD A,2
                CALL PTRGET_M
                CP ','
                RET NZ
                CALL CHRGTR_I
                JR DIM_I

; ---- DEFINT / DEFSNG / DEFDBL / DEFSTR letter[-letter][, ...] ----------------
DEFSTR_I:       LD E,3
                JR DEF_TYPE
DEFINT_I:       LD E,2
                JR DEF_TYPE
DEFSNG_I:       LD E,4
                JR DEF_TYPE
DEFDBL_I:       LD E,8
DEF_TYPE:       CALL DEF_LETTER
                LD B,A                  ; from
                LD C,A                  ; to
                CALL CHRGTR_I
                CP TK_MINUS
                JR NZ,DEF_SET
                CALL CHRGTR_I
                CALL DEF_LETTER
                LD C,A
                CP B
                JP C,SNERR
                CALL CHRGTR_I
DEF_SET:        PUSH HL
                LD A,B
                SUB 'A'
                LD L,A
                LD H,0
                PUSH DE
                LD DE,DEFTBL
                ADD HL,DE
                POP DE
                LD A,C
                SUB B
                INC A
                LD B,A
DEF_SETL:       LD (HL),E
                INC HL
                DJNZ DEF_SETL
                POP HL
                CALL CHRGOT
                CP ','
                RET NZ
                CALL CHRGTR_I
                JR DEF_TYPE
DEF_LETTER:     LD A,(HL)
                CP 'A'
                JP C,SNERR
                CP 'Z'+1
                JP NC,SNERR
                RET
