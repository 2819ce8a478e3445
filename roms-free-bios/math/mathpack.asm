; Math-Pack: MSX-BASIC's BCD arithmetic at its documented page-0 addresses
; (docs/basic-interpreter.md, "Math-Pack"; MSX2 Technical Handbook Appendix 2).
;
; Every documented entry sits at its address with its register contract; most
; are a JP to a body, the close-packed moves are written out in place (one
; falling into the next where the Handbook's addresses leave no room for a
; JP). The bodies (bcd.asm, fin.asm, func.asm, mpentry.asm) fill the room
; around the entries. Numbers: DAC F7F6h, ARG F847h (16 bytes each), VALTYP
; F663h: 2 integer at DAC+2, 4 single, 8 double (fact sheet §3.1).
; Errors: E = the error code, then the interpreter's error entry 406Fh.

MP_VALTYP:      EQU 0F663h
MP_FBUFFR:      EQU 0F7C5h          ; FOUT's text (43 bytes)
MP_DAC:         EQU 0F7F6h
MP_DAC8LO:      EQU 0FEh            ; low byte of MP_DAC+8
MP_ARG:         EQU 0F847h
MP_RNDX:        EQU 0F857h          ; RND's last number (8 bytes)
; Scratch in HOLD8..HOLD (F806h-F846h), MSX-BASIC's own Math-Pack work area.
MP_BASE:        EQU 0F806h          ; 8: ^ base
MP_ACC:         EQU 0F80Eh          ; 8: ^ result
MP_MT:          EQU 0F816h          ; 8: polynomial variable
MP_FDIG:        EQU 0F816h          ; 16: FOUT's digits, one per byte (not with MP_MT)
MP_MT2:         EQU 0F81Eh          ; 8: EXP's Pe - Po
MP_FS:          EQU 0F826h          ; 10: FIN's state
MP_FINT:        EQU 0F830h          ; 2: FIN's integer
MP_MRET:        EQU 0F832h          ; 2: XTF of the functions
MP_MTAB:        EQU 0F834h          ; 2: polynomial table
MP_TMP:         EQU 0F836h          ; 8: multiplicand / quotient (HOLD2)
MP_EXP:         EQU 0F83Eh          ; 1: exponent being built
MP_DIGITS:      EQU 0F83Fh          ; 1: FOUT precision
MP_MEXP:        EQU 0F840h          ; 1: functions' exponent / counter
MP_SRET:        EQU 0F841h          ; 2: return address of the stack moves
MP_FCT:         EQU 0F843h          ; 4: FCOMP's left operand
MP_ERRENT:      EQU 406Fh           ; the interpreter's error entry (E = code)

MP_ERROR:       JP MP_ERRENT
MPF_FCERR:      LD E,5              ; Illegal function call
                JP MP_ERRENT

        INCLUDE "../math/bcd.asm"

; ---- the documented entries ------------------------------------------------
        DS 268Ch-$,0FFh
MP_DECSUB:      JP MPB_SUB          ; 268Ch DAC = DAC - ARG (doubles)
        DS 269Ah-$,0FFh
MP_DECADD:      JP MPB_ADD          ; 269Ah DAC = DAC + ARG
        DS 26FAh-$,0FFh
MP_DECNRM:      JP MPB_NORMALIZE    ; 26FAh DAC+1..DAC+8 normalised, rounded on DAC+8
        DS 273Ch-$,0FFh
MP_DECROU:      JP MPB_ROUND        ; 273Ch DAC rounded on its guard byte DAC+8
        INCLUDE "../math/bcdmul.asm"
        DS 27E6h-$,0FFh
MP_DECMUL:      JP MPB_MUL          ; 27E6h DAC = DAC * ARG
        INCLUDE "../math/bcddiv.asm"

        DS 289Fh-$,0FFh
MP_DECDIV:      JP MPB_DIV          ; 289Fh DAC = DAC / ARG
        INCLUDE "../math/mpint.asm"

        DS 2993h-$,0FFh
MP_COS:         JP MPF_COS          ; 2993h (doubles in and out)
        DS 29ACh-$,0FFh
MP_SIN:         JP MPF_SIN          ; 29ACh
        DS 29FBh-$,0FFh
MP_TAN:         JP MPF_TAN          ; 29FBh
        DS 2A14h-$,0FFh
MP_ATN:         JP MPF_ATN          ; 2A14h
        INCLUDE "../math/mpusexp2.asm"  ; (the E format's second half)
        DS 2A72h-$,0FFh
MP_LOG:         JP MPF_LOG          ; 2A72h
; Not the Math-Pack: BASIC's event traps raised by the interrupt fill the gap.
        INCLUDE "../main/traps.asm"
        DS 2AFFh-$,0FFh
MP_SQR:         JP MPF_SQR          ; 2AFFh
        DS 2B4Ah-$,0FFh
MP_EXPFN:       JP MPF_EXP          ; 2B4Ah
        INCLUDE "../math/bcdrnd.asm"

        DS 2BDFh-$,0FFh
MP_RND:         JP MPB_RND          ; 2BDFh
        INCLUDE "../math/mpusexp.asm"   ; PUFOUT's E format (mpusing.asm)

; Double-precision moves (8 bytes; A, B, D, E, H, L change, C is kept).
        DS 2C4Dh-$,0FFh
MP_MAF:         LD HL,MP_DAC        ; 2C4Dh ARG <- DAC
MP_MAM:         LD DE,MP_ARG        ; 2C50h ARG <- (HL)
MP_MOV8DH:      LD B,8              ; 2C53h (DE) <- (HL)
                JR MP_MV8
        DS 2C59h-$,0FFh
MP_MFA:         LD HL,MP_ARG        ; 2C59h DAC <- ARG
MP_MFM:         LD DE,MP_DAC        ; 2C5Ch DAC <- (HL)
                JR MP_MOV8DH
        DS 2C67h-$,0FFh
MP_MMF:         LD DE,MP_DAC        ; 2C67h (HL) <- DAC
MP_MOV8HD:      EX DE,HL            ; 2C6Ah (HL) <- (DE)
                JR MP_MOV8DH
        DS 2C6Fh-$,0FFh
; XTF 2C6Fh: DAC and the 8 bytes above the return address change places.
MP_XTF:         LD HL,2
                ADD HL,SP
                LD DE,MP_DAC
                LD B,8
MP_XTF_LOOP:    LD A,(DE)           ; swap (DE) and (HL) without a spare register
                XOR (HL)
                LD (DE),A
                XOR (HL)
                LD (HL),A
                LD A,(DE)
                XOR (HL)
                LD (DE),A
                INC HL
                INC DE
                DJNZ MP_XTF_LOOP
                RET
; B bytes (DE) <- (HL).
MP_MV8:         LD A,(HL)
                LD (DE),A
                INC HL
                INC DE
                DJNZ MP_MV8
                RET
; The 8 bytes from HL pushed under the caller's return address, so that the
; first byte is lowest (the order XTF and the pops read).
MP_PUSH8:       POP DE
                LD (MP_SRET),DE
                LD DE,7
                ADD HL,DE
                LD B,4
MP_PUSH8_LOOP:  LD D,(HL)
                DEC HL
                LD E,(HL)
                DEC HL
                PUSH DE
                DJNZ MP_PUSH8_LOOP
                LD HL,(MP_SRET)
                JP (HL)
; The 8 bytes under the caller's return address popped to HL.
MP_POP8:        POP DE
                LD (MP_SRET),DE
                LD B,4
MP_POP8_LOOP:   POP DE
                LD (HL),E
                INC HL
                LD (HL),D
                INC HL
                DJNZ MP_POP8_LOOP
                LD HL,(MP_SRET)
                JP (HL)
        DS 2CC7h-$,0FFh
MP_PHA:         LD HL,MP_ARG        ; 2CC7h push ARG
                JR MP_PUSH8
        DS 2CCCh-$,0FFh
MP_PHF:         LD HL,MP_DAC        ; 2CCCh push DAC
                JR MP_PUSH8
        DS 2CDCh-$,0FFh
MP_PPA:         LD HL,MP_ARG        ; 2CDCh pop ARG
                JR MP_POP8
        DS 2CE1h-$,0FFh
MP_PPF:         LD HL,MP_DAC        ; 2CE1h pop DAC
                JR MP_POP8

        INCLUDE "../math/mpentry.asm"

        DS 2E71h-$,0FFh
MP_SIGN:        JP MPE_SIGN         ; 2E71h A = 1, 0, FFh as DAC > 0, = 0, < 0
        DS 2E82h-$,0FFh
MP_ABSFN:       JP MPE_ABS          ; 2E82h
        DS 2E8Dh-$,0FFh
MP_NEG:         JP MPE_NEG          ; 2E8Dh
        DS 2E97h-$,0FFh
MP_SGN:         JP MPE_SGN          ; 2E97h the sign as an integer
; Single-precision moves: CBED = C sign/exponent, B digits 1-2, E 3-4, D 5-6.
        DS 2EB1h-$,0FFh
MP_PUSHF:       EX DE,HL            ; 2EB1h push DAC (4 bytes; D, E change)
                LD HL,(MP_DAC+2)
                EX (SP),HL
                PUSH HL
                LD HL,(MP_DAC)
                EX (SP),HL
                PUSH HL
                EX DE,HL
                RET
        DS 2EBEh-$,0FFh
MP_MOVFM:       CALL MP_MOVRMI      ; 2EBEh DAC <- (HL)
MP_MOVFR:       LD (MP_DAC),BC      ; 2EC1h DAC <- CBED
                LD (MP_DAC+2),DE
                RET
        DS 2ECCh-$,0FFh
MP_MOVRF:       LD HL,MP_DAC        ; 2ECCh CBED <- DAC
                JR MP_MOVRMI
        DS 2ED6h-$,0FFh
MP_MOVRMI:      LD C,(HL)           ; 2ED6h CBED <- (HL)
                INC HL
                LD B,(HL)
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                RET
; MOVRM 2EDFh: BCDE <- (HL), the low byte first: E = (HL), D, C, B = (HL+3)
; (the ROM reconstruction's C2EDF; the Handbook only names the registers).
MP_MOVRM:       LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                LD C,(HL)
                INC HL
                LD B,(HL)
                INC HL
                RET
MP_MOVMF:       LD DE,MP_DAC        ; 2EE8h (HL) <- DAC
MP_MOVE:        LD B,4              ; 2EEBh (HL) <- (DE), 4 bytes; A kept
                JR MP_MVB
MP_VMOVAM:      LD DE,MP_ARG        ; 2EEFh ARG <- (HL), VALTYP bytes
MP_MOVVFM:      EX DE,HL            ; 2EF2h (DE) <- (HL)
MP_VMOVE:       PUSH AF             ; 2EF3h (HL) <- (DE)
                LD A,(MP_VALTYP)
                LD B,A
                POP AF
; B bytes (HL) <- (DE), A kept.
MP_MVB:         EX DE,HL
                LD C,(HL)
                EX DE,HL
                LD (HL),C
                INC HL
                INC DE
                DJNZ MP_MVB
                RET
        DS 2F05h-$,0FFh
MP_VMOVFA:      LD HL,MP_ARG        ; 2F05h DAC <- ARG
MP_VMOVFM:      LD DE,MP_DAC        ; 2F08h DAC <- (HL)
                JR MP_MOVVFM
        DS 2F0Dh-$,0FFh
MP_VMOVAF:      LD HL,MP_ARG        ; 2F0Dh ARG <- DAC
MP_VMOVMF:      LD DE,MP_DAC        ; 2F10h (HL) <- DAC
                JR MP_VMOVE

        DS 2F21h-$,0FFh
MP_FCOMP:       JP MPE_FCOMP        ; 2F21h CBED against DAC (singles)
        DS 2F4Dh-$,0FFh
MP_ICOMP:       JP MPE_ICOMP        ; 2F4Dh DE against HL
        DS 2F5Ch-$,0FFh
MP_XDCOMP:      JP MPE_XDCOMP       ; 2F5Ch ARG against DAC (doubles)
        DS 2F8Ah-$,0FFh
MP_FRCINT:      JP MPE_FRCINT       ; 2F8Ah
        DS 2FB2h-$,0FFh
MP_FRCSNG:      JP MPE_FRCSNG       ; 2FB2h
        INCLUDE "../math/funck1.asm"

        DS 303Ah-$,0FFh
MP_FRCDBL:      JP MPE_FRCDBL       ; 303Ah
        INCLUDE "../math/funck2.asm"

        DS 30BEh-$,0FFh
MP_FIXER:       JP MPE_FIXER        ; 30BEh
        INCLUDE "../math/funck3.asm"

        DS 314Ah-$,0FFh
MP_UMULT:       JP MPE_UMULT        ; 314Ah DE = BC * DE
        DS 3167h-$,0FFh
MP_ISUB:        JP MPE_ISUB         ; 3167h HL = DE - HL
        DS 3172h-$,0FFh
MP_IADD:        JP MPE_IADD         ; 3172h HL = DE + HL
        DS 3193h-$,0FFh
MP_IMULT:       JP MPE_IMULT        ; 3193h HL = DE * HL
        INCLUDE "../math/funck4.asm"

        DS 31E6h-$,0FFh
MP_IDIV:        JP MPE_IDIV         ; 31E6h HL = DE \ HL
        DS 323Ah-$,0FFh
MP_IMOD:        JP MPE_IMOD         ; 323Ah HL = DE MOD HL
        DS 3299h-$,0FFh
MP_FIN:         JP MPE_FIN          ; 3299h text at HL to DAC/VALTYP
        INCLUDE "../math/bcdint.asm"

        DS 3425h-$,0FFh
MP_FOUT:        XOR A               ; 3425h unformatted: PUFOUT with A = 0
MP_PUFOUT:      JP MPE_PUFOUT       ; 3426h
        INCLUDE "../math/fin.asm"
        INCLUDE "../math/bcdpow.asm"

        DS 371Ah-$,0FFh
MP_FOUTB:       LD B,1              ; 371Ah binary: 1 bit a digit
                JR MP_FOUTR
MP_FOUTO:       LD B,3              ; 371Eh octal
                JR MP_FOUTR
MP_FOUTH:       LD B,4              ; 3722h hexadecimal
MP_FOUTR:       JP MPE_FOUTR
        INCLUDE "../math/mpio.asm"

        DS 37C8h-$,0FFh
MP_SGNEXP:      JP MPE_SGNEXP       ; 37C8h DAC = DAC ^ ARG (singles)
        DS 37D7h-$,0FFh
MP_DBLEXP:      JP MPE_DBLEXP       ; 37D7h DAC = DAC ^ ARG (doubles)
        INCLUDE "../math/mppow.asm"
        DS 383Fh-$,0FFh
MP_INTEXP:      JP MPE_INTEXP       ; 383Fh DAC = DE ^ HL (integers)

        INCLUDE "../math/func.asm"
        INCLUDE "../math/bcdfout.asm"
        INCLUDE "../math/bcdiar.asm"
        INCLUDE "../math/mpusing.asm"
