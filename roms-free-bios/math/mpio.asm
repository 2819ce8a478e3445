; math/mpio.asm - FIN, FOUT/PUFOUT and FOUTB/O/H behind their documented
; entries.

; FIN: HL = text (A, its first character, is not needed). DAC/VALTYP = the
; number (MPF_FIN's rules), HL = the character after it, A = that character;
; C = FFh without a decimal point, 0 with one; B = digits after the point;
; D = significant digits.
MPE_FIN:        CALL MPF_FIN
                LD (MP_VALTYP),A
                PUSH HL
                CP 2
                JR NZ,MPE_FIN_F
                CALL MPB_TO_INT         ; exact: FIN made it from an integer
                CALL MPE_SETINT
MPE_FIN_F:      LD C,0
                LD A,(MP_FS+3)
                OR A
                JR NZ,MPE_FIN_P
                DEC C
MPE_FIN_P:      LD A,(MP_FS+2)
                LD B,A
                LD A,(MP_FS+1)
                LD D,A
                POP HL
                LD A,(HL)
                RET

; PUFOUT: DAC (type VALTYP) to text at FBUFFR, HL = its start. A = the format
; (bit 7 formatted: mpusing.asm); unformatted is the text PRINT and STR$ show: a blank or
; '-', integers exact, singles in 6 digits, doubles in 14 (MPB_FOUT). An
; integer's DAC+2 is kept.
MPE_PUFOUT:     OR A
                JP M,MPE_PUFMT          ; formatted: mpusing.asm
                LD A,(MP_VALTYP)
                CP 2
                JR NZ,MPE_PUFOUT_F
                LD HL,(MP_DAC+2)
                PUSH HL
                CALL MPB_FROM_INT
                LD A,14
                CALL MPB_FOUT
                POP DE
                LD (MP_DAC+2),DE
                RET
MPE_PUFOUT_F:   CP 4
                LD A,14
                JP NZ,MPB_FOUT
                CALL MPE_CLR47
                LD A,6
                JP MPB_FOUT

; FOUTB/FOUTO/FOUTH: the integer at DAC+2 in base 2^B, without leading zeros
; ("0" for 0), letters A-F; HL = the text (its end is FBUFFR+17).
MPE_FOUTR:      LD A,1
                LD C,B
MPE_FOUTR_M:    ADD A,A
                DEC C
                JR NZ,MPE_FOUTR_M
                DEC A
                LD C,A                  ; C = the digit mask
                LD HL,MP_FBUFFR+17
                LD (HL),0
                LD DE,(MP_DAC+2)
MPE_FOUTR_D:    LD A,E
                AND C
                ADD A,'0'
                CP '9'+1
                JR C,MPE_FOUTR_C
                ADD A,7
MPE_FOUTR_C:    DEC HL
                LD (HL),A
                PUSH BC
MPE_FOUTR_S:    SRL D
                RR E
                DJNZ MPE_FOUTR_S
                POP BC
                LD A,D
                OR E
                JR NZ,MPE_FOUTR_D
                RET

