; PRINT USING format; items: the format's fields as MSX-BASIC's (MSX2
; Technical Handbook chapter 2, PRINT USING; the field scanner follows this
; project's compiler runtime crates/msx-basic/runtime/using.asm):
;   !  first character   &  the whole string   \ n blanks \  2+n characters
;   # digit  . point  + sign (first or last)  - last: '-' after a negative
;   ** leading '*'  $$ '$' before the number  **$ both  , thousands  ^^^^ E
;   _ the next character as it is; anything else is printed as it is.
; Numbers are formatted by the Math-Pack's PUFOUT (A = the format bits, B =
; the positions before the point, C = the point and the decimals). More
; items than fields: the format starts again; a format without a field is
; Illegal function call, a string for a number field (or the reverse) Type
; mismatch.
US_DESC:        EQU 0F6E8h              ; (PARM1) the format's descriptor
US_POS:         EQU 0F6EAh              ; the position in it
US_ANY:         EQU 0F6EBh              ; a field was seen

; PRINT_USING: HL on the USING token (PRINT's return address: NEWSTT).
PRINT_USING:    CALL CHRGTR_I
                CALL BI_FRMSTR          ; the format
                LD DE,(DAC+2)
                LD (US_DESC),DE
                XOR A
                LD (US_POS),A
                LD (US_ANY),A
                RST 08h
                DB ';'
US_ITEM:        CALL FRMEVL_I
                PUSH HL
                LD A,(VALTYP)
                CP 3
                JR Z,US_STR
                CALL US_NEXT            ; literals, then a number field
                CP 1
                JP NZ,TMERR
                CALL US_NUM
                JR US_AFTER
US_STR:         CALL US_NEXT
                CP 2
                JP NZ,TMERR
                CALL US_STRF
US_AFTER:       POP HL
                CALL CHRGOT
                JR Z,US_END             ; the end: literals, a new line
                CP ';'
                JR Z,US_SEP
                CP ','
                JP NZ,SNERR
US_SEP:         CALL CHRGTR_I
                JR NZ,US_ITEM
                PUSH HL                 ; ends with ; or , : no new line
                LD C,0
                CALL US_NEXTC
                POP HL
                JR US_FREE
US_END:         PUSH HL
                LD C,0
                CALL US_NEXTC
                CALL CRDO
                POP HL
US_FREE:        PUSH HL                 ; the format's temporary
                LD HL,(US_DESC)
                CALL BI_FRETMP
                POP HL
                RET

; US_PEEK: the format character A positions on (US_PEEKN) or here; carry
; past the end. Keeps BC, DE.
US_PEEK:        XOR A
US_PEEKN:       PUSH DE
                LD HL,US_POS
                ADD A,(HL)
                JR C,US_PEEKE
                LD HL,(US_DESC)
                CP (HL)
                JR NC,US_PEEKE
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                LD L,A
                LD H,0
                ADD HL,DE
                LD A,(HL)
                POP DE
                OR A                    ; no carry
                RET
US_PEEKE:       POP DE
                SCF
                RET
US_SKIP:        LD HL,US_POS
                INC (HL)
                RET

; US_NEXT: print the literals up to the next field; A = 1 number field, 2
; string field (the position at it). At the end the format starts again once
; (Illegal function call if it has no field). US_NEXTC with C = 0: at the end
; A = 0.
US_NEXT:        LD C,1
US_NEXTC:
US_NX_L:        CALL US_PEEK
                JP C,US_NX_END
                CP '_'
                JR Z,US_NX_Q
                CP '!'
                JP Z,US_NX_S
                CP '&'
                JP Z,US_NX_S
                CP '\'
                JR Z,US_NX_B
                CP '#'
                JP Z,US_NX_N
                CP '+'
                JR Z,US_NX_PL
                CP '.'
                JR Z,US_NX_PT
                CP '*'
                JR Z,US_NX_ST
                CP '$'
                JR Z,US_NX_DL
US_NX_LIT:      CALL BI_OUT
                CALL US_SKIP
                JR US_NX_L
US_NX_Q:        LD A,1                  ; _x: x itself
                CALL US_PEEKN
                LD A,'_'
                JR C,US_NX_LIT
                CALL US_SKIP
                CALL US_PEEK
                JR US_NX_LIT
US_NX_B:        LD B,1                  ; \ blanks \ is a field
US_NX_BL:       LD A,B
                CALL US_PEEKN
                JR C,US_NX_NB
                CP ' '
                JR NZ,US_NX_BE
                INC B
                JR US_NX_BL
US_NX_BE:       CP '\'
                JR Z,US_NX_S
US_NX_NB:       LD A,'\'
                JR US_NX_LIT
US_NX_PL:       LD A,1                  ; + before # or .#
                CALL US_PEEKN
                JR C,US_NX_PLL
                CP '#'
                JR Z,US_NX_N
                CP '.'
                JR NZ,US_NX_PLL
                LD A,2
                CALL US_PEEKN
                JR C,US_NX_PLL
                CP '#'
                JR Z,US_NX_N
US_NX_PLL:      LD A,'+'
                JR US_NX_LIT
US_NX_PT:       LD A,1                  ; .#
                CALL US_PEEKN
                JR C,US_NX_PTL
                CP '#'
                JR Z,US_NX_N
US_NX_PTL:      LD A,'.'
                JR US_NX_LIT
US_NX_ST:       LD A,1                  ; **
                CALL US_PEEKN
                JR C,US_NX_STL
                CP '*'
                JR Z,US_NX_N
US_NX_STL:      LD A,'*'
                JR US_NX_LIT
US_NX_DL:       LD A,1                  ; $$
                CALL US_PEEKN
                JR C,US_NX_DLL
                CP '$'
                JR Z,US_NX_N
US_NX_DLL:      LD A,'$'
                JR US_NX_LIT
US_NX_N:        LD A,1
                LD (US_ANY),A
                RET
US_NX_S:        LD A,1
                LD (US_ANY),A
                INC A
                RET
US_NX_END:      DEC C
                JR NZ,US_NX_NONE
                LD A,(US_ANY)
                OR A
                JP Z,FCERR
                XOR A
                LD (US_POS),A
                JP US_NX_L
US_NX_NONE:     XOR A
                RET

; US_STRF: the string item (DAC+2) in the string field at the position.
US_STRF:        CALL US_PEEK
                CALL US_SKIP
                LD B,1                  ; !
                CP '!'
                JR Z,US_SF_OUT
                LD B,0                  ; &: all of it
                CP '&'
                JR Z,US_SF_OUT
                LD B,2                  ; \ n blanks \: n + 2
US_SF_BL:       CALL US_PEEK
                CALL US_SKIP
                CP '\'
                JR Z,US_SF_OUT
                INC B
                JR US_SF_BL
US_SF_OUT:      PUSH BC
                CALL FRESTR_I           ; HL = descriptor
                POP BC
                LD C,(HL)
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                LD A,B
                OR A
                JR NZ,US_SF_FIX
                LD B,C
                OR C
                RET Z
US_SF_FIX:      LD A,C                  ; B characters, blanks past the end
                OR A
                LD A,' '
                JR Z,US_SF_PUT
                DEC C
                LD A,(DE)
                INC DE
US_SF_PUT:      CALL BI_OUT
                DJNZ US_SF_FIX
                RET

; US_NUM: the number in DAC in the number field at the position.
US_NUM:         LD BC,0                 ; B before the point, C the point on
                LD D,80h                ; D = PUFOUT's A: formatted
                CALL US_PEEK
                CP '+'
                JR NZ,US_NM_1
                SET 3,D                 ; + in front
                INC B
                CALL US_SKIP
US_NM_1:        CALL US_PEEK
                CP '*'
                JR NZ,US_NM_2
                LD A,1
                CALL US_PEEKN
                CP '*'
                JR NZ,US_NM_2
                CALL US_SKIP
                CALL US_SKIP
                SET 5,D                 ; ** fill
                INC B
                INC B
                CALL US_PEEK
                CP '$'
                JR NZ,US_NM_D
                CALL US_SKIP
                SET 4,D
                INC B
                JR US_NM_D
US_NM_2:        CALL US_PEEK
                CP '$'
                JR NZ,US_NM_D
                LD A,1
                CALL US_PEEKN
                CP '$'
                JR NZ,US_NM_D
                CALL US_SKIP
                CALL US_SKIP
                SET 4,D                 ; $$
                INC B
                INC B
US_NM_D:        CALL US_PEEK            ; # and , before the point
                JR C,US_NM_E
                CP ','
                JR NZ,US_NM_H
                SET 6,D
                JR US_NM_DP
US_NM_H:        CP '#'
                JR NZ,US_NM_P
US_NM_DP:       INC B
                CALL US_SKIP
                JR US_NM_D
US_NM_P:        CP '.'
                JR NZ,US_NM_X
                INC C
                CALL US_SKIP
US_NM_F:        CALL US_PEEK            ; the decimals
                JR C,US_NM_E
                CP '#'
                JR NZ,US_NM_X
                INC C
                CALL US_SKIP
                JR US_NM_F
US_NM_X:        CP '^'                  ; ^^^^
                JR NZ,US_NM_S
                LD A,1
                CALL US_PEEKN
                CP '^'
                JR NZ,US_NM_S
                CALL US_SKIP
                CALL US_SKIP
                CALL US_SKIP
                CALL US_SKIP
                SET 0,D
                CALL US_PEEK
                JR C,US_NM_E
US_NM_S:        BIT 3,D                 ; a sign after: + or -
                JR NZ,US_NM_E
                CP '+'
                JR NZ,US_NM_M
                SET 3,D
                SET 2,D
                CALL US_SKIP
                JR US_NM_E
US_NM_M:        CP '-'
                JR NZ,US_NM_E
                SET 2,D
                CALL US_SKIP
US_NM_E:        LD A,D
                CALL MP_PUFOUT
                JP STROUT
