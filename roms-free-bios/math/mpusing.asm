; math/mpusing.asm - PUFOUT's formatted modes (A bit 7): PRINT USING's number
; fields. The formatting is the compiler's (crates/msx-basic/runtime/usingfmt.asm,
; rt_bas_usfmtn, ported with labels MPF_US*), so both print the same text.
;
; PUFOUT's A, B and C (Handbook Appendix 2) become the field description
; MPF_USF: +0 positions before the point (B: every position of the field in
; front of the point, the ones of +, ** and $$ included), +1 decimals (C - 1;
; C counts the point), +2 flags (bit 0 point, 1 leading +, 2 trailing +,
; 3 trailing -, 4 *, 5 $, 6 commas), +3 negative, +4 integer digits, +5 text
; length, +6 bit 0: the E format (A bit 0, ^^^^: math/mpusexp.asm). A
; number that does not fit gets a '%' in front.

MPF_USF:        EQU 0F806h          ; 8 (HOLD8; not used by FOUT otherwise)
MPF_USK:        EQU 0F80Eh          ; 8: half a unit of the last decimal
MP_OPTR:        EQU 0F7F0h          ; 2 (DECTMP): the next character's address

MPE_PUFMT:      LD D,A
                AND 1
                LD (MPF_USF+6),A        ; the E format
                LD HL,MPF_USF
                LD (HL),B
                INC HL
                XOR A
                LD E,A                  ; E = the flags
                OR C
                JR Z,MPE_PUFMT_NP
                DEC A
                SET 0,E
MPE_PUFMT_NP:   LD (HL),A
                BIT 6,D
                JR Z,MPE_PUFMT_1
                SET 6,E
MPE_PUFMT_1:    BIT 5,D
                JR Z,MPE_PUFMT_2
                SET 4,E
MPE_PUFMT_2:    BIT 4,D
                JR Z,MPE_PUFMT_3
                SET 5,E
MPE_PUFMT_3:    LD A,D
                AND 0Ch
                CP 08h
                JR NZ,MPE_PUFMT_4
                SET 1,E                 ; + in front
MPE_PUFMT_4:    CP 0Ch
                JR NZ,MPE_PUFMT_5
                SET 2,E                 ; + or - after
MPE_PUFMT_5:    CP 04h
                JR NZ,MPE_PUFMT_6
                SET 3,E                 ; - or a blank after
MPE_PUFMT_6:    INC HL
                LD (HL),E
                LD A,(MP_VALTYP)        ; DAC as a double
                CP 8
                JR Z,MPE_PUFMT_D
                CP 4
                JR Z,MPE_PUFMT_S
                LD HL,(MP_DAC+2)
                CALL MPB_FROM_INT
                JR MPE_PUFMT_D
MPE_PUFMT_S:    CALL MPE_CLR47
MPE_PUFMT_D:    LD HL,MP_FBUFFR
                LD (MP_OPTR),HL
                LD A,(MPF_USF+6)
                OR A
                CALL NZ,MPF_USEXP
                CALL Z,MPF_USFMTN
                LD HL,(MP_OPTR)
                LD (HL),0
                LD HL,MP_FBUFFR
                RET

; A to the text being built; every register kept.
MPF_CHPUT:      PUSH HL
                LD HL,(MP_OPTR)
                LD (HL),A
                INC HL
                LD (MP_OPTR),HL
                POP HL
                RET

; Formats DAC (a double) into the field MPF_USF, the text through MPF_CHPUT.
MPF_USFMTN:
        ld a,(MP_DAC)
        rlca
        and 1
        ld (MPF_USF+3),a     ; negative
        call MPB_ABS
        ld a,(MPF_USF+1)     ; + 0.5 * 10^-decimals: rounded half up
        neg
        add a,64
        call MPF_USHALF
        ld a,(MP_DAC)          ; integer digits: exponent - 64, or 0
        or a
        jp z,MPF_USFMTN_ZERO
        sub 64
        jp c,MPF_USFMTN_ZERO
        jp nz,MPF_USFMTN_INT
MPF_USFMTN_ZERO:  xor a
MPF_USFMTN_INT:   ld (MPF_USF+4),a
        ld c,a                  ; C = the text's length before the point
        or a
        jp nz,MPF_USFMTN_COMMAS
        ld a,(MPF_USF)       ; no integer digit: 0 when there is room
        ld b,a
        ld a,(MPF_USF+2)
        and 20h
        jp z,MPF_USFMTN_ROOM
        dec b                   ; ($ takes one)
MPF_USFMTN_ROOM:  ld e,1                  ; E = 1: a sign in front
        ld a,(MPF_USF+2)
        bit 1,a
        jp nz,MPF_USFMTN_SGN0
        dec e
        and 0Ch
        jp nz,MPF_USFMTN_SGN0             ; the sign is printed after
        ld a,(MPF_USF+3)
        ld e,a
MPF_USFMTN_SGN0:  ld a,b
        sub e
        jp z,MPF_USFMTN_LENS
        jp c,MPF_USFMTN_LENS
        ld c,1                  ; a 0 digit
        jp MPF_USFMTN_LENS
MPF_USFMTN_COMMAS:
        ld a,(MPF_USF+2)
        bit 6,a
        jp z,MPF_USFMTN_LENS
        ld a,c                  ; (digits - 1) / 3 commas
        dec a
        ld b,0
MPF_USFMTN_C3:    sub 3
        jp c,MPF_USFMTN_C3D
        inc b
        jp MPF_USFMTN_C3
MPF_USFMTN_C3D:   ld a,c
        add a,b
        ld c,a
MPF_USFMTN_LENS:  ld a,(MPF_USF+2)
        bit 5,a
        jp z,MPF_USFMTN_NOD
        inc c
MPF_USFMTN_NOD:   bit 1,a
        jp nz,MPF_USFMTN_SGN
        and 0Ch
        jp nz,MPF_USFMTN_NOSGN
        ld a,(MPF_USF+3)
        or a
        jp z,MPF_USFMTN_NOSGN
MPF_USFMTN_SGN:   inc c
MPF_USFMTN_NOSGN: ld a,c
        ld (MPF_USF+5),a
        ld a,(MPF_USF)       ; fill or %
        sub c
        jp nc,MPF_USFMTN_FILL
        ld a,'%'
        call MPF_CHPUT
        jp MPF_USFMTN_TEXT
MPF_USFMTN_FILL:  jr z,MPF_USFMTN_TEXT
        ld b,a
MPF_USFMTN_F1:    ld a,(MPF_USF+2)
        bit 4,a
        ld a,' '
        jp z,MPF_USFMTN_F2
        ld a,'*'
MPF_USFMTN_F2:    push bc
        call MPF_CHPUT
        pop bc
        djnz MPF_USFMTN_F1
MPF_USFMTN_TEXT:  ld a,(MPF_USF+2)     ; leading sign
        bit 1,a
        jp nz,MPF_USFMTN_LSIGN
        and 0Ch
        jp nz,MPF_USFMTN_DOLLAR
        ld a,(MPF_USF+3)
        or a
        jp z,MPF_USFMTN_DOLLAR
        ld a,'-'
        call MPF_CHPUT
        jp MPF_USFMTN_DOLLAR
MPF_USFMTN_LSIGN: ld a,(MPF_USF+3)
        or a
        ld a,'+'
        jp z,MPF_USFMTN_LS
        ld a,'-'
MPF_USFMTN_LS:    call MPF_CHPUT
MPF_USFMTN_DOLLAR:
        ld a,(MPF_USF+2)
        bit 5,a
        jp z,MPF_USFMTN_IDIG
        ld a,'$'
        call MPF_CHPUT
MPF_USFMTN_IDIG:  ld a,(MPF_USF+4)     ; the integer digits, commas between
        or a
        jp nz,MPF_USFMTN_SOME
        ld a,(MPF_USF+5)     ; a lone 0 when it was counted
        ld c,a
        ld a,(MPF_USF+2)
        bit 5,a
        jp z,MPF_USFMTN_ND0
        dec c
MPF_USFMTN_ND0:   bit 1,a
        jp nz,MPF_USFMTN_NS0
        and 0Ch
        jp nz,MPF_USFMTN_NS1
        ld a,(MPF_USF+3)
        or a
        jp z,MPF_USFMTN_NS1
MPF_USFMTN_NS0:   dec c
MPF_USFMTN_NS1:   ld a,c
        or a
        jp z,MPF_USFMTN_DECS
        ld a,'0'
        call MPF_CHPUT
        jp MPF_USFMTN_DECS
MPF_USFMTN_SOME:  ld b,a                  ; B = digits left to print
        ld c,1                  ; C = the digit's index (1-based)
MPF_USFMTN_ID:    call MPF_USDIGIT
        push bc
        call MPF_CHPUT
        pop bc
        dec b
        jp z,MPF_USFMTN_DECS
        inc c
        ld a,(MPF_USF+2)
        bit 6,a
        jp z,MPF_USFMTN_ID
        ld a,b                  ; a comma when 3, 6, ... digits are left
MPF_USFMTN_M3:    sub 3
        jp z,MPF_USFMTN_COMMA
        jp nc,MPF_USFMTN_M3
        jp MPF_USFMTN_ID
MPF_USFMTN_COMMA: ld a,','
        push bc
        call MPF_CHPUT
        pop bc
        jp MPF_USFMTN_ID
MPF_USFMTN_DECS:  ld a,(MPF_USF+2)
        bit 0,a
        jp z,MPF_USFMTN_TRAIL
        ld a,'.'
        call MPF_CHPUT
        ld a,(MPF_USF+1)
        or a
        jp z,MPF_USFMTN_TRAIL
        ld b,a
        ld a,(MP_DAC)          ; first decimal: digit exponent-64+1
        or a
        jp z,MPF_USFMTN_DZ
        sub 64
        jp MPF_USFMTN_DC
MPF_USFMTN_DZ:    ld a,9Ch                ; -100: zero: every digit is 0
MPF_USFMTN_DC:    ld c,a
MPF_USFMTN_DD:    inc c
        call MPF_USDIGIT
        push bc
        call MPF_CHPUT
        pop bc
        djnz MPF_USFMTN_DD
MPF_USFMTN_TRAIL: ld a,(MPF_USF+2)
        bit 2,a
        jp nz,MPF_USFMTN_TPLUS
        bit 3,a
        ret z
        ld a,(MPF_USF+3)
        or a
        ld a,' '
        jp z,MPF_USFMTN_TPUT
        ld a,'-'
MPF_USFMTN_TPUT:  jp MPF_CHPUT
MPF_USFMTN_TPLUS: ld a,(MPF_USF+3)
        or a
        ld a,'+'
        jp z,MPF_USFMTN_TPUT
        ld a,'-'
        jp MPF_USFMTN_TPUT

; DAC += 0.5 * 10^e, A = 64 + e its exponent byte (a number rounded half up
; on the digit after the last one printed).
MPF_USHALF:
        ld hl,MPF_USK
        ld (hl),a
        inc hl
        ld (hl),50h
        ld b,6
MPF_USHALF_Z:     inc hl
        ld (hl),0
        djnz MPF_USHALF_Z
        ld hl,MPF_USK
        call MPB_LOAD_ARG
        jp MPB_ADD

; A = the character of digit C (1-based, signed) of MP_DAC: '0' outside
; 1-14. Keeps BC.
MPF_USDIGIT:
        ld a,c
        dec a
        cp 14
        jp nc,MPF_USDIGIT_ZERO
        srl a
        ld e,a
        ld d,0
        ld hl,MP_DAC+1
        add hl,de
        ld a,(hl)
        bit 0,c
        jp z,MPF_USDIGIT_LOW               ; even digit: the low nibble
        rrca
        rrca
        rrca
        rrca
MPF_USDIGIT_LOW:   and 0Fh
        add a,'0'
        ret
MPF_USDIGIT_ZERO:  ld a,'0'
        ret
