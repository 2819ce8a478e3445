; math/mpint.asm - the integer entries (Handbook Appendix 2): HL = DE op HL,
; the result also in DAC+2 with VALTYP 2. A sum, difference or product that
; does not fit 16 bits is redone in single precision (fact sheet §3.3, [RB
; 3172h, 3193h]): DAC = the single result, VALTYP 4.

; IADD: HL = DE + HL.
MPE_IADD:       LD B,H
                LD C,L
                OR A
                ADC HL,DE
                JP PO,MPE_SETINT
                PUSH DE                 ; overflow: DE + BC in single precision
                LD H,B
                LD L,C
                CALL MPE_I2ARG
                POP HL
                CALL MPB_FROM_INT
                CALL MPB_ADD
                JP MPE_SNG

; ISUB: HL = DE - HL.
MPE_ISUB:       EX DE,HL
                LD B,H
                LD C,L
                OR A
                SBC HL,DE
                JP PO,MPE_SETINT
                PUSH BC                 ; overflow: BC - DE in single precision
                EX DE,HL
                CALL MPE_I2ARG
                POP HL
                CALL MPB_FROM_INT
                CALL MPB_SUB
                JP MPE_SNG

; IMULT: HL = DE * HL.
MPE_IMULT:      PUSH HL
                PUSH DE
                CALL MPB_IMUL
                JR C,MPE_IMULT_OV
                POP DE
                POP DE
                JP MPE_SETINT
MPE_IMULT_OV:   POP HL
                CALL MPE_I2ARG
                POP HL
                CALL MPB_FROM_INT
                CALL MPB_MUL
                JP MPE_SNG

; ARG = the integer HL as a double.
MPE_I2ARG:      CALL MPB_FROM_INT
                JP MP_MAF

; IDIV: HL = DE \ HL (toward zero); Division by zero. -32768 \ -1 is the
; single 32768 (as the ROM reconstruction's C31E6 makes it; the compiler's
; runtime says Overflow).
MPE_IDIV:       LD A,H
                AND L
                INC A
                JR NZ,MPE_IDIV_N        ; HL is not -1
                LD A,D
                CP 80h
                JR NZ,MPE_IDIV_N
                LD A,E
                OR A
                JP Z,MPE_32768
MPE_IDIV_N:     EX DE,HL
                CALL MPB_IDIV
                JP MPE_SETINT

; IMOD: HL = DE MOD HL (the sign of DE), DE = DE \ HL.
MPE_IMOD:       EX DE,HL
                PUSH HL
                PUSH DE
                CALL MPB_IMOD
                POP DE
                EX (SP),HL
                CALL MPB_IDIVMOD
                LD A,(MP_TMP)           ; the quotient's sign
                OR A
                CALL M,MPB_INEG_HL
                EX DE,HL
                POP HL
                JP MPE_SETINT

; UMULT: DE = BC * DE (unsigned, for array sizes); HL kept; a product past
; 16 bits is Subscript out of range (9).
MPE_UMULT:      PUSH HL
                LD HL,0
                LD A,16
MPE_UMULT_LOOP: ADD HL,HL
                JR C,MPE_UMULT_OV
                EX DE,HL
                ADD HL,HL
                EX DE,HL
                JR NC,MPE_UMULT_NEXT
                ADD HL,BC
                JR C,MPE_UMULT_OV
MPE_UMULT_NEXT: DEC A
                JR NZ,MPE_UMULT_LOOP
                EX DE,HL
                POP HL
                RET
MPE_UMULT_OV:   LD E,9
                JP MP_ERRENT
