; math/mpentry.asm - the bodies behind the Math-Pack's documented entries that
; deal with VALTYP, registers and integers (Handbook Appendix 2 contracts);
; the arithmetic itself is bcd.asm's, the text conversions fin.asm's and
; bcd.asm's MPB_FOUT.

; ---- sign: SIGN, SGN, NEG, ABSFN -------------------------------------------
; A = 1, 0 or FFh as DAC (of type VALTYP) is positive, zero or negative;
; only A and the flags change.
MPE_SIGN:       LD A,(MP_VALTYP)
                CP 2
                JR NZ,MPE_SIGN_F
                LD A,(MP_DAC+3)
                OR A
                JP M,MPE_SIGN_M
                LD A,(MP_DAC+2)
                OR A
                JR NZ,MPE_SIGN_P
                LD A,(MP_DAC+3)
                OR A
                RET Z
MPE_SIGN_P:     LD A,1
                OR A
                RET
MPE_SIGN_M:     LD A,0FFh
                OR A
                RET
MPE_SIGN_F:     LD A,(MP_DAC)
                OR A
                RET Z
                RLA
                SBC A,A                 ; FFh if negative, else 0
                OR 1
                RET

; DAC = SGN(DAC) as an integer.
MPE_SGN:        CALL MPE_SIGN
                LD L,A
                RLA
                SBC A,A
                LD H,A
; DAC = the integer HL (DAC+2), VALTYP = 2.
MPE_SETINT:     LD (MP_DAC+2),HL
                LD A,2
                LD (MP_VALTYP),A
                RET

; DAC = -DAC; the integer -32768 becomes the single 32768 (as MSX does).
MPE_NEG:        LD A,(MP_VALTYP)
                CP 2
                JR NZ,MPE_NEG_F
                LD HL,(MP_DAC+2)
                LD A,H
                CP 80h
                JR NZ,MPE_NEG_I
                LD A,L
                OR A
                JR Z,MPE_32768
MPE_NEG_I:      XOR A
                SUB L
                LD L,A
                SBC A,A
                SUB H
                LD H,A
                LD (MP_DAC+2),HL
                RET
MPE_NEG_F:      LD HL,MP_DAC
                LD A,(HL)
                OR A
                RET Z
                XOR 80h
                LD (HL),A
                RET
; DAC = the single 32768.
MPE_32768:      LD HL,3245h
                LD (MP_DAC),HL
                LD HL,8076h
                LD (MP_DAC+2),HL
                LD A,4
                LD (MP_VALTYP),A
                RET

; DAC = ABS(DAC).
MPE_ABS:        LD A,(MP_VALTYP)
                CP 2
                JR NZ,MPE_ABS_F
                LD A,(MP_DAC+3)
                OR A
                RET P
                JR MPE_NEG
MPE_ABS_F:      LD HL,MP_DAC
                RES 7,(HL)
                RET

; ---- comparisons -------------------------------------------------------------
; FCOMP: CBED (a single) against DAC; only A, HL and the flags change.
MPE_FCOMP:      PUSH DE
                PUSH BC
                LD (MP_FCT),BC
                LD (MP_FCT+2),DE
                LD DE,MP_FCT
                LD B,4
                CALL MPE_CMPN
                POP BC
                POP DE
                RET

; XDCOMP: ARG against DAC (doubles).
MPE_XDCOMP:     LD DE,MP_ARG
                LD B,8
; The B-byte number at DE (left) against DAC (right): A = 1 left < right,
; 0 equal, FFh left > right; flags as after OR A.
MPE_CMPN:       LD HL,MP_DAC
                LD A,(DE)
                OR A
                JR NZ,MPE_CMPN_L
                LD A,(HL)               ; 0 against DAC: DAC's sign decides
                OR A
                RET Z
                RLA
                SBC A,A
                OR 1
                RET
MPE_CMPN_L:     LD C,A
                LD A,(HL)
                OR A
                JR Z,MPE_CMPN_BYL       ; against 0: the left sign decides
                XOR C
                JP M,MPE_CMPN_BYL       ; signs differ: the left sign decides
MPE_CMPN_LOOP:  LD A,(DE)
                CP (HL)
                JR NZ,MPE_CMPN_DIFF
                INC HL
                INC DE
                DJNZ MPE_CMPN_LOOP
                XOR A
                RET
MPE_CMPN_DIFF:  SBC A,A                 ; carry: |left| < |right|
                ADD A,A
                CPL                     ; 1 if |left| < |right|, else FFh
                BIT 7,C
                JR Z,MPE_CMPN_END
                NEG                     ; both negative: the other way
MPE_CMPN_END:   OR A
                RET
MPE_CMPN_BYL:   LD A,C                  ; left negative: 1, else FFh
                RLA
                SBC A,A
                CPL
                OR 1
                RET

; ICOMP: DE against HL (signed); only A and the flags change.
MPE_ICOMP:      LD A,D
                XOR H
                JP P,MPE_ICOMP_S
                LD A,D                  ; signs differ: carry = DE negative
                RLA
                JR MPE_ICOMP_C
MPE_ICOMP_S:    LD A,D
                CP H
                JR NZ,MPE_ICOMP_C
                LD A,E
                CP L
                JR NZ,MPE_ICOMP_C
                XOR A
                RET
MPE_ICOMP_C:    SBC A,A                 ; carry (DE < HL): 1, else FFh
                ADD A,A
                CPL
                OR A
                RET

; ---- conversions ---------------------------------------------------------------
MPE_TM:         LD E,13                 ; Type mismatch (a string)
                JP MP_ERRENT

; Digits 7-14 of DAC cleared: a single read as a double.
MPE_CLR47:      LD HL,0
                LD (MP_DAC+4),HL
                LD (MP_DAC+6),HL
                RET

; FRCINT: DAC to an integer, the fraction dropped (toward zero, as CINT);
; Overflow outside -32768..32767. HL = the integer too (as the ROM's C2F8A).
MPE_FRCINT:     LD HL,(MP_DAC+2)
                LD A,(MP_VALTYP)
                CP 2
                RET Z
                CP 3
                JR Z,MPE_TM
                CP 8
                CALL NZ,MPE_CLR47
                CALL MPB_TO_INT
                JP MPE_SETINT

; FRCSNG: DAC to a single (a double rounded half up on digit 7).
MPE_FRCSNG:     LD A,(MP_VALTYP)
                CP 4
                RET Z
                CP 3
                JR Z,MPE_TM
                CP 2
                JR NZ,MPE_SNG
                LD HL,(MP_DAC+2)
                CALL MPB_FROM_INT
; DAC rounded to a single, VALTYP = 4.
MPE_SNG:        CALL MPB_ROUND_SINGLE
                LD A,4
                LD (MP_VALTYP),A
                RET

; FRCDBL: DAC to a double.
MPE_FRCDBL:     LD A,(MP_VALTYP)
                CP 8
                RET Z
                CP 3
                JR Z,MPE_TM
                CP 2
                JR NZ,MPE_FRCDBL_S
                LD HL,(MP_DAC+2)
                CALL MPB_FROM_INT
                JR MPE_DBL
MPE_FRCDBL_S:   CALL MPE_CLR47
MPE_DBL:        LD A,8
                LD (MP_VALTYP),A
                RET

; FIXER: DAC = SGN(DAC) * INT(ABS(DAC)), the type kept.
MPE_FIXER:      LD A,(MP_VALTYP)
                CP 2
                RET Z
                CP 3
                JR Z,MPE_TM
                CP 8
                CALL NZ,MPE_CLR47
                JP MPB_FIX
