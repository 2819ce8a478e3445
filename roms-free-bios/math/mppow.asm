; math/mppow.asm - SGNEXP, DBLEXP and INTEXP behind their documented entries.

; Powers: SGNEXP and DBLEXP give a double (VALTYP 8), as the compiler's `^`.
; SGNEXP: DAC ^ ARG of singles.
MPE_SGNEXP:     CALL MPE_CLR47
                LD HL,0
                LD (MP_ARG+4),HL
                LD (MP_ARG+6),HL
; DBLEXP: DAC ^ ARG of doubles.
MPE_DBLEXP:     LD HL,MP_ARG
                CALL MPF_POW
                JP MPE_DBL
; INTEXP: DAC = DE ^ HL. As the ROM's INTEXP (reconstruction C383F, which
; multiplies integers while they fit): an integer when the exponent is not
; negative and the power fits 16 bits, else the double.
MPE_INTEXP:     PUSH HL
                EX DE,HL
                CALL MPB_FROM_INT
                POP HL
                PUSH HL
                CALL MPB_POW_INT
                POP HL
                BIT 7,H
                JP NZ,MPE_DBL
                CALL MPF_MFITS
                JP C,MPE_DBL
                CALL MPB_TO_INT
                JP MPE_SETINT
