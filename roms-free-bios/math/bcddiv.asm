; math/bcddiv.asm - DECDIV's body (part of bcd.asm, placed in its own gap).
; ---------------------------------------------------------------------------
; MPB_DIV (in bcd.asm) goes on here with the exponent in A and the sign in C.
MPB_DIV_EXP:
        or c
        ld (MP_EXP),a
        xor a
        ld (MP_DAC),a           ; remainder: 00 and the dividend digits
        ld (MP_ARG),a           ; divisor: 00 and its digits
        ld hl,MP_TMP
        ld b,8
MPB_DIV_CLR:
        ld (hl),a
        inc hl
        djnz MPB_DIV_CLR
        ; A trial subtraction covers the divisor's bytes up to its last
        ; non-zero one (and the remainder's bytes above them): below, it
        ; would subtract zeros. The ROM's DECDIV does the same, so a short
        ; divisor such as 7 divides several times faster than 3.1415926535897.
        ld hl,MP_ARG+7
        ld de,MP_DAC+7
        ld b,8
MPB_DIV_LEN:
        ld a,(hl)
        or a
        jr nz,MPB_DIV_LENOK
        dec hl
        dec de
        djnz MPB_DIV_LEN        ; ARG+1 is not zero: the loop ends there
MPB_DIV_LENOK:
        ld (MPB_DV_ARG),hl
        ex de,hl
        ld (MPB_DV_DAC),hl
        ld a,b
        ld (MPB_DV_LEN),a
        ld hl,MP_TMP
        ld (MPB_DV_Q),hl
        ld b,16                 ; quotient digits
MPB_DIV_DIGIT:
        push bc
        ld c,0
MPB_DIV_TRY:
        ld hl,(MPB_DV_ARG)
        ld de,(MPB_DV_DAC)
        ld a,(MPB_DV_LEN)
        ld b,a
        or a
MPB_DIV_SUB:
        ld a,(de)
        sbc a,(hl)
        daa
        ld (de),a
        dec hl
        dec de
        djnz MPB_DIV_SUB
        jr c,MPB_DIV_RESTORE
        inc c
        jr MPB_DIV_TRY
MPB_DIV_RESTORE:
        ld hl,(MPB_DV_ARG)
        ld de,(MPB_DV_DAC)
        ld a,(MPB_DV_LEN)
        ld b,a
        or a
MPB_DIV_ADD:
        ld a,(de)
        adc a,(hl)
        daa
        ld (de),a
        dec hl
        dec de
        djnz MPB_DIV_ADD
        ; The digit C into the quotient: a high nibble when an even count
        ; of digits is left (16, 14, ...), else the low one, then the next byte.
        pop de                  ; D: digits left
        ld hl,(MPB_DV_Q)
        ld a,c
        bit 0,d
        jr z,MPB_DIV_HIGH
        or (hl)
        ld (hl),a
        inc hl
        ld (MPB_DV_Q),hl
        jr MPB_DIV_ZERO_REM
MPB_DIV_HIGH:
        rlca
        rlca
        rlca
        rlca
        ld (hl),a
MPB_DIV_ZERO_REM:
        ; A zero remainder (seen at the 0 digit after it) leaves only zero
        ; digits: the quotient is complete (the ROM stops there too).
        ld a,c
        or a
        jr nz,MPB_DIV_TEN
        ld hl,MP_DAC
        ld b,8
MPB_DIV_Z:
        or (hl)
        inc hl
        djnz MPB_DIV_Z
        or a
        jr z,MPB_DIV_END
MPB_DIV_TEN:
        ; remainder times ten
        ld hl,MP_DAC+7
        xor a
        ld b,8
MPB_DIV_R:
        rld
        dec hl
        djnz MPB_DIV_R
        ld b,d
        djnz MPB_DIV_DIGIT
MPB_DIV_END:
        ld hl,MP_TMP
        ld de,MP_DAC+1
        ld bc,8
        ldir
        ld a,(MP_EXP)
        ld (MP_DAC),a
        jp MPB_NORMALIZE

; The division's state, in ARG's second half (ARG+8..15, unused by the
; double operations): the divisor's and the remainder's last bytes of a
; trial, its byte count, and the quotient byte being filled.
MPB_DV_ARG:     EQU MP_ARG+8
MPB_DV_DAC:     EQU MP_ARG+10
MPB_DV_LEN:     EQU MP_ARG+12
MPB_DV_Q:       EQU MP_ARG+13
