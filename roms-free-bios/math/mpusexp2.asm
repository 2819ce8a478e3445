; math/mpusexp2.asm - the second half of PUFOUT's E format (mpusexp.asm):
; E, the exponent, a sign after; and the digit loop both halves use.
MPF_USEXP_E:    ld a,(MP_DAC)          ; the exponent: DAC's less 64, less k
        or a
        jr z,MPF_USEXP_X
        sub 64
        ld hl,MPF_USF+4
        sub (hl)
MPF_USEXP_X:    ld de,(MP_OPTR)        ; E, its sign, two digits: as FOUT
        call MPB_FO_EXPA
        ld (MP_OPTR),de
        call MPF_USFMTN_TRAIL   ; a sign after, as the other formats
        or 1                    ; NZ: done (MPE_PUFMT's CALL Z skips)
        ret
; The sign in front: '+' or '-' with a leading +; none when the sign goes
; after; else '-', or a blank where the field has a position for it.
MPF_USEXP_SG:   ld a,(MPF_USF+2)
        bit 1,a
        jr nz,MPF_USEXP_PLUS
        and 0Ch
        ret nz
        ld a,(MPF_USF+3)
        or a
        ld a,'-'
        jr nz,MPF_USEXP_SPUT
        ld a,(MPF_USF)       ; a blank where the field has room for it
        or a
        ret z
        ld a,' '
        jr MPF_USEXP_SPUT
MPF_USEXP_PLUS: ld a,(MPF_USF+3)
        or a
        ld a,'+'
        jr z,MPF_USEXP_SPUT
        ld a,'-'
MPF_USEXP_SPUT: jp MPF_CHPUT

; A digits of DAC, the next after digit C (C advanced).
MPF_USEXP_DS:   or a
        ret z
        ld b,a
MPF_USEXP_DL:   inc c
        call MPF_USDIGIT
        push bc
        call MPF_CHPUT
        pop bc
        djnz MPF_USEXP_DL
        ret
