; math/bcddiv.asm - DECDIV's body (part of bcd.asm, placed in its own gap).
; ---------------------------------------------------------------------------
; MPB_DIV: DAC = DAC / ARG, rounded half up to 14 digits (DECDIV C289F);
; Division by zero when ARG is zero.
MPB_DIV:
        ld a,(MP_ARG)
        or a
        jp z,MPB_DIV_ZERO
        ld b,a
        ld a,(MP_DAC)
        or a
        ret z
        xor b
        and 80h
        ld c,a                  ; sign of the quotient
        res 7,b
        ld a,(MP_DAC)
        and 7Fh
        sub b                   ; -126..126 (carry = negative)
        jr c,MPB_DIV_NEG
        add a,41h
        jp m,MPB_OVERFLOW
        jr MPB_DIV_EXP
MPB_DIV_NEG:
        add a,41h
        jp z,MPB_ZERO
        jp p,MPB_DIV_EXP
        jp MPB_ZERO             ; (negative: far below 1E-64)
MPB_DIV_EXP:
        or c
        ld (MP_EXP),a
        xor a
        ld (MP_DAC),a          ; remainder: 00 and the dividend digits
        ld (MP_ARG),a          ; divisor: 00 and its digits
        ld hl,MP_TMP
        ld b,8
MPB_DIV_CLR:
        ld (hl),a
        inc hl
        djnz MPB_DIV_CLR
        ld b,16                 ; quotient digits
MPB_DIV_DIGIT:
        ld c,0
MPB_DIV_TRY:
        push bc
        ld hl,MP_ARG+7
        ld de,MP_DAC+7
        ld b,8
        or a
MPB_DIV_SUB:
        ld a,(de)
        sbc a,(hl)
        daa
        ld (de),a
        dec hl
        dec de
        djnz MPB_DIV_SUB
        pop bc
        jr c,MPB_DIV_RESTORE
        inc c
        jr MPB_DIV_TRY
MPB_DIV_RESTORE:
        push bc
        ld hl,MP_ARG+7
        ld de,MP_DAC+7
        ld b,8
        or a
MPB_DIV_ADD:
        ld a,(de)
        adc a,(hl)
        daa
        ld (de),a
        dec hl
        dec de
        djnz MPB_DIV_ADD
        ; quotient: one digit left, C at the bottom
        ld hl,MP_TMP+7
        ld a,c
        ld b,8
MPB_DIV_Q:
        rld
        dec hl
        djnz MPB_DIV_Q
        ; remainder times ten
        ld hl,MP_DAC+7
        xor a
        ld b,8
MPB_DIV_R:
        rld
        dec hl
        djnz MPB_DIV_R
        pop bc
        djnz MPB_DIV_DIGIT
        ld hl,MP_TMP
        ld de,MP_DAC+1
        ld bc,8
        ldir
        ld a,(MP_EXP)
        ld (MP_DAC),a
        jp MPB_NORMALIZE

