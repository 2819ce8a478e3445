; math/mpusexp.asm - PUFOUT's E format (A bit 0, PRINT USING's ^^^^), part
; of mpusing.asm in its own gap. As Microsoft's BASICs print it (GW-BASIC
; manual, PRINT USING "^^^^"; MSX-BASIC takes the same formats): k digits
; before the point, the field's positions less one kept for the sign (a
; blank or '-') unless the sign is given with a leading + or printed after
; the number; the decimals the field asks for; then E, the exponent's sign
; and two digits. The digits are the number's first k + decimals, rounded
; half up, and the exponent is what makes them the number: "##.##^^^^"
; gives 234.56 as " 2.35E+02", ".####^^^^" 888888 as ".8889E+06".
MPF_USEXP:
        ld a,(MP_DAC)
        rlca
        and 1
        ld (MPF_USF+3),a     ; negative
        call MPB_ABS
        ld a,(MPF_USF)       ; k
        ld b,a
        or a
        jr z,MPF_USEXP_K
        ld a,(MPF_USF+2)
        and 0Ch
        jr nz,MPF_USEXP_K       ; the sign goes after: every position a digit
        dec b
MPF_USEXP_K:    ld a,b
        ld (MPF_USF+4),a
        ld hl,MPF_USF+1      ; k + decimals significant digits (at least 1)
        add a,(hl)
        jr nz,MPF_USEXP_N
        inc a
MPF_USEXP_N:    ld b,a
        ld a,(MP_DAC)
        or a
        ld c,9Ch                ; zero: every digit 0 (MPF_USDIGIT's -100)
        jr z,MPF_USEXP_SIGN
        sub b                   ; + 0.5 on the digit after the last: 64 + e
        jr c,MPF_USEXP_RD       ; (beyond the smallest number: nothing)
        jr z,MPF_USEXP_RD
        call MPF_USHALF
MPF_USEXP_RD:   ld c,0
MPF_USEXP_SIGN: call MPF_USEXP_SG       ; the sign in front (mpusexp2.asm)
MPF_USEXP_DIG:  ld a,(MPF_USF+4)     ; the k digits
        call MPF_USEXP_DS
        ld a,(MPF_USF+2)
        bit 0,a
        jp z,MPF_USEXP_E
        ld a,'.'
        call MPF_CHPUT
        ld a,(MPF_USF+1)     ; the decimals
        call MPF_USEXP_DS
        jp MPF_USEXP_E          ; (mpusexp2.asm, in another gap)
