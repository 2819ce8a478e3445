; The expression evaluator: FRMEVL (4C64h), factors, operators with their
; precedence (fact sheet §3.3), types and conversions, integer arithmetic.
;
; DAC holds the value, VALTYP its type (2 integer at DAC+2, 3 string: DAC+2
; = address of its descriptor, 4 single, 8 double). Single and double
; arithmetic is the Math-Pack's (page 0, at its documented addresses); the
; integer operations are done here, an integer + - * that overflows is
; redone in single precision as MSX-BASIC does ([RB 3172h, 3193h]).

; The Math-Pack entries are math/mathpack.asm's MP_ labels (their documented
; addresses).

; ---- FRMEVL (4C64h): the expression at HL -> DAC, VALTYP; HL after it ------
FRMEVL_I:
                CALL H_FRME
                CALL CHRGOT
                LD D,0
                CALL EVAL_PREC
                JP CHRGOT
; EVAL_PREC: an expression whose operators bind tighter than D.
EVAL_PREC:      PUSH DE
                CALL BI_FACTOR
                POP DE
EVAL_OP:        CP TK_GT                ; operators: tokens EEh-FCh
                RET C
                CP TK_IDIV+1
                RET NC
                LD E,A
                CP TK_PLUS
                JR NC,EVAL_ARITH
                LD C,64h                ; relational
                LD A,D
                CP C
                RET NC
                LD E,0                  ; mask: > 1, = 2, < 4
EVAL_REL:       LD A,(HL)
                SUB TK_GT
                JR C,EVAL_RELD
                CP 3
                JR NC,EVAL_RELD
                LD B,A
                LD A,1
                INC B
EVAL_RELB:      DEC B
                JR Z,EVAL_RELM
                ADD A,A
                JR EVAL_RELB
EVAL_RELM:      OR E
                LD E,A
                CALL CHRGTR_I
                JR EVAL_REL
EVAL_RELD:      DEC HL                  ; EVAL_RIGHT moves to the operand
                JR EVAL_RIGHT
EVAL_ARITH:     SUB TK_PLUS
                PUSH HL
                LD C,A
                LD B,0
                LD HL,EVAL_PRECS
                ADD HL,BC
                LD C,(HL)
                POP HL
                LD A,D
                CP C
                RET NC                  ; binds less: the caller's
EVAL_RIGHT:     CALL CHRGTR_I           ; past the operator
                PUSH DE                 ; floor and operator
                LD B,C
                LD DE,(DAC+6)           ; the left operand
                PUSH DE
                LD DE,(DAC+4)
                PUSH DE
                LD DE,(DAC+2)
                PUSH DE
                LD DE,(DAC)
                PUSH DE
                LD A,(VALTYP)
                PUSH AF
                LD D,B
                LD A,(HL)
                CALL CHRGOT
                CALL EVAL_PREC
                POP AF                  ; left operand to ARG
                LD B,A
                POP DE
                LD (BASARG),DE
                POP DE
                LD (BASARG+2),DE
                POP DE
                LD (BASARG+4),DE
                POP DE
                LD (BASARG+6),DE
                POP DE                  ; E = operator
                PUSH DE
                PUSH HL
                CALL BI_APPLY
                POP HL
                POP DE
                CALL CHRGOT
                JP EVAL_OP

; Precedence of + - * / ^ AND OR XOR EQV IMP MOD \ (F1h-FCh).
EVAL_PRECS:     DB 79h,79h,7Ch,7Ch,7Fh,50h,46h,3Ch,32h,28h,7Ah,7Bh

; ---- BI_APPLY: ARG = left (type B), DAC = right (VALTYP), E = operator
; (F1h-FCh, or a relational mask 1-7) -> DAC.
BI_APPLY:       LD A,(VALTYP)
                CP 3
                JP Z,APPLY_STR
                LD A,B
                CP 3
                JP Z,TMERR
                LD A,E
                CP 8
                JR C,APPLY_NUM          ; relational
                CP TK_AND
                JR C,APPLY_NUM
                CP TK_MOD
                JR NC,APPLY_INT         ; MOD, \
                CP TK_IMP+1
                JR C,APPLY_INT          ; AND OR XOR EQV IMP
APPLY_NUM:      LD A,(VALTYP)           ; the wider type of the two
                CP B
                JR NC,APPLY_T
                LD A,B
APPLY_T:        LD C,A
                LD A,E
                CP TK_DIV
                JR Z,APPLY_REAL
                CP TK_POW
                JR NZ,APPLY_CONV
                LD A,C                  ; ^ of two integers: INTEXP
                CP 2
                JP Z,APPLY_POWI
APPLY_REAL:     LD A,C                  ; / and ^ work in single or double
                CP 4
                JR NC,APPLY_CONV
                LD C,4
APPLY_CONV:     PUSH DE
                LD A,C
                PUSH AF
                CALL BI_FRCTYP          ; right to the type
                CALL BI_SWAP            ; left into DAC
                LD A,B
                LD (VALTYP),A
                POP AF
                CALL BI_FRCTYP          ; left to the type
                POP DE
                LD A,E
                CP 8
                JP C,APPLY_REL
                SUB TK_PLUS
                ADD A,A
                LD C,A
                LD B,0
                LD HL,APPLY_OPS
                ADD HL,BC
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                JP (HL)
APPLY_OPS:      DW BI_ADDSAME,BI_SUBSAME,BI_MULSAME,BI_DIVSAME,BI_POWSAME
APPLY_INT:      PUSH DE
                LD A,2
                CALL BI_FRCTYP
                CALL BI_SWAP
                LD A,B
                LD (VALTYP),A
                LD A,2
                CALL BI_FRCTYP
                POP DE
                LD HL,(DAC+2)           ; HL = left, DE = right
                LD BC,(BASARG+2)
                LD A,E
                LD D,B
                LD E,C
                CP TK_MOD               ; \ and MOD: the Math-Pack's
                JR Z,APPLY_MOD
                CP TK_IDIV
                JR Z,APPLY_IDIV
                CP TK_AND
                JR NZ,APPLY_OR
                LD A,H
                AND D
                LD H,A
                LD A,L
                AND E
                JR APPLY_LOG
APPLY_OR:       CP TK_OR
                JR NZ,APPLY_XOR
APPLY_ORR:      LD A,H
                OR D
                LD H,A
                LD A,L
                OR E
                JR APPLY_LOG
APPLY_XOR:      CP TK_XOR
                JR NZ,APPLY_EQV
                LD A,H
                XOR D
                LD H,A
                LD A,L
                XOR E
                JR APPLY_LOG
APPLY_EQV:      CP TK_EQV
                JR NZ,APPLY_IMP
                LD A,H
                XOR D
                CPL
                LD H,A
                LD A,L
                XOR E
                CPL
                JR APPLY_LOG
APPLY_IMP:      LD A,H                  ; NOT left OR right
                CPL
                LD H,A
                LD A,L
                CPL
                LD L,A
                JR APPLY_ORR
APPLY_LOG:      LD L,A
                JR BI_INTRES
APPLY_MOD:      EX DE,HL                ; DE = left, HL = right
                JP MP_IMOD
APPLY_IDIV:     EX DE,HL
                JP MP_IDIV
BI_INTRES:      LD (DAC+2),HL           ; integer result
                LD A,2
                LD (VALTYP),A
                RET
APPLY_POWI:     LD DE,(BASARG+2)
                LD HL,(DAC+2)
                JP MP_INTEXP
; Relational: sign of left - right against the mask; -1 true, 0 false.
APPLY_REL:      PUSH DE
                CALL BI_CMPSAME
                POP DE
APPLY_RELA:     LD B,2                  ; sign 0: '=' bit
                OR A
                JR Z,APPLY_RELB
                LD B,1
                DEC A
                JR Z,APPLY_RELB         ; left > right: '>'
                LD B,4
APPLY_RELB:     LD A,B
                AND E
                LD HL,0
                JR Z,BI_INTRES
                DEC HL
                JR BI_INTRES
APPLY_STR:      LD A,B
                CP 3
                JP NZ,TMERR
                LD A,E
                CP TK_PLUS
                JP Z,BI_CONCAT
                CP 8
                JP NC,TMERR
                PUSH DE
                CALL BI_STRCMP
                POP DE
                JR APPLY_RELA

; BI_SWAP: exchange DAC and ARG (8 bytes). Keeps BC, DE.
BI_SWAP:        PUSH BC
                PUSH DE
                LD HL,DAC
                LD DE,BASARG
                LD B,8
BI_SWAP_L:      LD C,(HL)
                LD A,(DE)
                LD (HL),A
                LD A,C
                LD (DE),A
                INC HL
                INC DE
                DJNZ BI_SWAP_L
                POP DE
                POP BC
                RET

; BI_PAD: a single in DAC and ARG gets zero digits 7-14, so the double
; routines see the same number. BI_DBL2 also makes the type double: MSX's
; single + - * / widen both operands and give a double ([ROM2M 324Eh-3267h,
; 3042h]); storing it in a single variable rounds it.
BI_DBL2:        CALL BI_PAD
                LD A,8
                LD (VALTYP),A
                RET
BI_PAD:         LD A,(VALTYP)
                CP 4
                RET NZ
                LD HL,0
                LD (DAC+4),HL
                LD (DAC+6),HL
                LD (BASARG+4),HL
                LD (BASARG+6),HL
                RET

; ---- arithmetic on DAC (left) and ARG (right) of the same type ------------
BI_ADDSAME:     LD A,(VALTYP)
                CP 2
                JR NZ,ADD_REAL
                LD DE,(DAC+2)           ; integers: the Math-Pack's (past
                LD HL,(BASARG+2)        ; 16 bits a single)
                JP MP_IADD
ADD_REAL:       CALL BI_DBL2
                JP MP_DECADD
BI_SUBSAME:     LD A,(VALTYP)
                CP 2
                JR NZ,SUB_REAL
                LD DE,(DAC+2)
                LD HL,(BASARG+2)
                JP MP_ISUB
SUB_REAL:       CALL BI_DBL2
                JP MP_DECSUB
BI_MULSAME:     LD A,(VALTYP)
                CP 2
                JR NZ,MUL_REAL
                LD DE,(DAC+2)
                LD HL,(BASARG+2)
                JP MP_IMULT
MUL_REAL:       CALL BI_DBL2
                JP MP_DECMUL
BI_DIVSAME:     CALL BI_DBL2
                JP MP_DECDIV
BI_POWSAME:     CALL BI_PAD
                LD A,(VALTYP)
                CP 8
                JP Z,MP_DBLEXP
                JP MP_SGNEXP

; BI_CMPSAME: A = sign(DAC - ARG): 1, 0, FFh; same types, numeric.
BI_CMPSAME:     LD A,(VALTYP)
                CP 2
                JR NZ,CMP_REAL
                LD HL,(DAC+2)
                LD DE,(BASARG+2)
                LD A,H                  ; signed: flip the sign bits
                XOR 80h
                LD H,A
                LD A,D
                XOR 80h
                LD D,A
                RST 20h
                LD A,0
                RET Z
                LD A,1
                RET NC
                LD A,0FFh
                RET
CMP_REAL:       CALL BI_PAD
                JP MP_XDCOMP            ; 1 when ARG < DAC: left > right

; BI_INEG: HL = -HL.
BI_INEG:        XOR A
                SUB L
                LD L,A
                SBC A,A
                SUB H
                LD H,A
                RET

; ---- type conversion ------------------------------------------------------------
; BI_FRCTYP: DAC to type A (2, 4, 8); a string for a number or the other
; way: Type mismatch. Keeps BC, DE, HL (the Math-Pack keeps no register).
BI_FRCTYP:      PUSH HL
                PUSH BC
                PUSH DE
                LD B,A
                LD A,(VALTYP)
                CP B
                JR Z,BI_FRCT_E
                CP 3
                JP Z,TMERR
                LD A,B
                CP 3
                JP Z,TMERR
                CP 2
                JR NZ,BI_FRCT_S
                CALL BI_FRCINT
                JR BI_FRCT_E
BI_FRCT_S:      CP 4
                JR NZ,BI_FRCT_D
                CALL MP_FRCSNG
                JR BI_FRCT_E
BI_FRCT_D:      CALL MP_FRCDBL
BI_FRCT_E:      POP DE
                POP BC
                POP HL
                RET
; BI_FRCINT: DAC to integer (Overflow out of -32768..32767). Keeps HL.
BI_FRCINT:      LD A,(VALTYP)
                CP 2
                RET Z
                CP 3
                JP Z,TMERR
                PUSH HL
                CALL MP_FRCINT
                POP HL
                RET

; BI_FRMTYP: an expression converted to type A.
BI_FRMTYP:      PUSH AF
                CALL FRMEVL_I
                POP AF
                JR BI_FRCTYP

; BI_FRMNUM: a numeric expression (Type mismatch for a string).
BI_FRMNUM:      CALL FRMEVL_I
BI_CHKNUM:      LD A,(VALTYP)
                CP 3
                RET NZ
                JP TMERR
; BI_FRMSTR: a string expression.
BI_FRMSTR:      CALL FRMEVL_I
BI_CHKSTR:      LD A,(VALTYP)
                CP 3
                RET Z
                JP TMERR

; (520Fh) an expression to an integer in DE.
BI_FRMINT:      CALL BI_FRMNUM
                CALL BI_FRCINT
                LD DE,(DAC+2)
                RET
; GETBYT (521Ch): an expression to a byte in A and E (else Illegal function call).
GETBYT_I:       CALL BI_FRMINT
                LD A,D
                OR A
                JP NZ,FCERR
                LD A,E
                RET
; FRMQNT (542Fh): an expression to a 16-bit integer in DE: -32768..65535.
FRMQNT_I:       CALL BI_FRMNUM
BI_QNT:         LD A,(VALTYP)
                CP 2
                JR Z,BI_QNT_I
                PUSH HL
                LD HL,DAC               ; 32768-65535: minus 65536 first
                LD A,(HL)
                CP 45h
                JR NZ,BI_QNT_N
                INC HL
                LD A,(HL)
                CP 32h
                JR C,BI_QNT_N
                JR NZ,BI_QNT_S
                INC HL
                LD A,(HL)
                CP 76h
                JR C,BI_QNT_N
                JR NZ,BI_QNT_S
                INC HL
                LD A,(HL)
                CP 80h
                JR C,BI_QNT_N
BI_QNT_S:       CALL MP_FRCDBL
                LD HL,BI_M65536
                LD DE,BASARG
                LD BC,8
                LDIR
                CALL MP_DECADD
                LD A,(DAC)              ; 65536 and more stay >= 0: Overflow
                OR A                    ; (FRMQNT's contract, TH2 4.4)
                JP P,OVERR
BI_QNT_N:       CALL MP_FRCINT
                POP HL
BI_QNT_I:       LD DE,(DAC+2)
                RET
BI_M65536:      DB 0C5h,65h,53h,60h,0,0,0,0

; BI_SIGN: A = sign of the number in DAC (1, 0, FFh). Keeps BC, DE, HL.
BI_SIGN:        LD A,(VALTYP)
                CP 3
                JP Z,TMERR
                CP 2
                JR NZ,BI_SIGN_R
                LD A,(DAC+3)            ; (keeps HL)
                OR A
                JP M,BI_SIGN_M
                JR NZ,BI_SIGN_P
                LD A,(DAC+2)
                OR A
                RET Z
BI_SIGN_P:      LD A,1
                RET
BI_SIGN_M:      LD A,0FFh
                RET
BI_SIGN_R:      LD A,(DAC)
                OR A
                RET Z
                RLA
                LD A,1
                RET NC
                LD A,0FFh
                RET
; BI_TRUTH: Z when the value in DAC is 0 (false).
BI_TRUTH:       CALL BI_SIGN
                OR A
                RET

; ---- values to and from memory ------------------------------------------------
; BI_LDDAC: the VALTYP-sized value at HL to DAC (integer at DAC+2).
BI_LDDAC:       LD DE,DAC
                JR BI_LDX
; BI_LDARG: the same to ARG.
BI_LDARG:       LD DE,BASARG
BI_LDX:         LD A,(VALTYP)
                CP 3
                JR Z,BI_LDX_I
                CP 2
                JR NZ,BI_LDX_R
BI_LDX_I:       INC DE
                INC DE
                LD A,2
BI_LDX_R:       LD C,A
                LD B,0
                LDIR
                RET
; BI_STDAC: DAC (VALTYP-sized) to DE.
BI_STDAC:       LD HL,DAC
                LD A,(VALTYP)
                CP 3
                JR Z,BI_STDAC_I
                CP 2
                JR NZ,BI_STDAC_R
BI_STDAC_I:     INC HL
                INC HL
                LD A,2
BI_STDAC_R:     LD C,A
                LD B,0
                LDIR
                RET

; ---- factors -------------------------------------------------------------------
; BI_FACTOR: A = the item at HL; value to DAC; HL at the next item, A = it.
BI_FACTOR:      CALL H_EVAL
                OR A
                JP Z,MOERR
                CP ':'
                JP Z,MOERR
                CP 20h
                JR NC,FACT_NC
                CP 0Bh
                JP NC,BI_CONST
FACT_NC:        CP TK_MINUS
                JR Z,FACT_NEG
                CP TK_PLUS
                JR Z,FACT_PLUS
                CP '('
                JR Z,FACT_PAR
                CP '"'
                JP Z,BI_STRLIT
                CP TK_NOT
                JR Z,FACT_NOT
                CP 0FFh
                JP Z,BI_FUNC
                CP '&'
                JP Z,FACT_AMP
                CP '.'
                JR Z,FACT_FIN
                CP '0'
                JR C,FACT_TOK
                CP '9'+1
                JR C,FACT_FIN
                CP 'A'
                JR C,FACT_SN
                CP 'Z'+1
                JP C,BI_VARVAL
FACT_TOK:       CP TK_ERL
                JR Z,FACT_ERL
                CP TK_ERR
                JR Z,FACT_ERR
                JP BI_FUNTOK            ; the keyword functions (func.asm)
FACT_SN:        JP SNERR
FACT_PLUS:      CALL CHRGTR_I
                LD D,7Dh
                CALL EVAL_PREC
                JP CHRGOT
FACT_NEG:       CALL CHRGTR_I
                LD D,7Dh
                CALL EVAL_PREC
                PUSH HL
                CALL BI_NEGDAC
                POP HL
                JP CHRGOT
FACT_NOT:       CALL CHRGTR_I
                LD D,5Ah
                CALL EVAL_PREC
                PUSH HL
                CALL BI_FRCINT
                LD HL,(DAC+2)
                LD A,H
                CPL
                LD H,A
                LD A,L
                CPL
                LD L,A
                CALL BI_INTRES
                POP HL
                JP CHRGOT
FACT_PAR:       CALL CHRGTR_I
                CALL FRMEVL_I
BI_CLOSEP:      RST 08h
                DB ')'
                RET
FACT_ERL:       CALL CHRGTR_I           ; 0-65535 (65535: direct mode)
                PUSH HL
                LD HL,(ERRLIN)
                JP FN_UNSIGNED
FACT_ERR:       LD A,(ERRFLG)
                LD E,A
                LD D,0
FACT_UINT:      PUSH HL
                EX DE,HL
                CALL BI_INTRES
                POP HL
                JP CHRGTR_I
; ASCII digits (numbers in DATA, VAL): the Math-Pack's FIN reads them.
FACT_FIN:       CALL MP_FIN
                JP CHRGOT
; &B binary (the cruncher leaves it as text); &H/&O arrive as constants.
FACT_AMP:       INC HL
                LD A,(HL)
                AND 0DFh
                CP 'B'
                JP NZ,SNERR
                LD DE,0
FACT_AMPB:      INC HL
                LD A,(HL)
                SUB '0'
                CP 2
                JR NC,FACT_AMPE
                EX DE,HL
                ADD HL,HL
                JP C,OVERR
                OR L
                LD L,A
                EX DE,HL
                JR FACT_AMPB
FACT_AMPE:      EX DE,HL
                CALL BI_INTRES
                EX DE,HL
                JP CHRGOT

; BI_NEGDAC: DAC = -DAC (integer -32768 becomes single 32768).
BI_NEGDAC:      LD A,(VALTYP)
                CP 3
                JP Z,TMERR
                CP 2
                JP NZ,MP_NEG
                LD HL,(DAC+2)
                LD A,H
                XOR 80h
                OR L
                JR Z,BI_NEG_OV
                CALL BI_INEG
                JP BI_INTRES
BI_NEG_OV:      CALL MP_FRCSNG
                JP MP_NEG

; BI_CONST: a numeric constant token at HL (0Bh-1Fh) to DAC.
BI_CONST:       PUSH HL
                INC HL
                CP 1Dh
                JR Z,CONST_SNG
                CP 1Fh
                JR Z,CONST_DBL
                CP 0Fh
                JR Z,CONST_BYTE
                CP 11h
                JR C,CONST_WORD         ; 0B 0C 0D 0E
                CP 1Ch
                JR Z,CONST_WORD
                SUB 11h                 ; 11h-1Ah: 0-9
                LD L,A
                LD H,0
                JR CONST_INT
CONST_BYTE:     LD L,(HL)
                LD H,0
                JR CONST_INT
CONST_WORD:     CP 0Dh
                LD E,(HL)
                INC HL
                LD D,(HL)
                EX DE,HL
                JR NZ,CONST_INT
                INC HL                  ; a line pointer: its line's number
                INC HL
                INC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
CONST_INT:      CALL BI_INTRES
                JR CONST_END
CONST_SNG:      LD BC,4
                LD A,4
                JR CONST_R
CONST_DBL:      LD BC,8
                LD A,8
CONST_R:        LD (VALTYP),A
                LD DE,DAC
                LDIR
CONST_END:      POP HL
                JP CHRGTR_I
