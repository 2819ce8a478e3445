; math/bcdfout.asm - unformatted number text (part of bcd.asm).
; ---------------------------------------------------------------------------
; MPB_FOUT: the text PRINT and STR$ show for DAC (FOUT, ROM C3425), in
; MP_FBUFFR, ending with a 0 byte; HL = MP_FBUFFR. A = 6 for a single (DAC is
; first rounded to 6 digits), 14 for a double. The text starts with a space
; or '-'; PRINT adds a space after it, STR$ does not.
; Trailing zeros are dropped; fixed notation when the decimal exponent x
; (value = 0.ddd x 10^x) is from -1 to the precision (6 or 14), else
; d.dddE+xx: .05, 123456, 1E+06 (single), 1000000 (double), 5E-03.
MPB_FOUT:
        ld (MP_DIGITS),a
        cp 6
        call z,MPB_ROUND_SINGLE
        ld de,MP_FBUFFR
        ld a,(MP_DAC)
        or a
        jr nz,MPB_FO_NZ
        ld a,' '
        ld (de),a
        inc de
        ld a,'0'
        ld (de),a
        inc de
        jp MPB_FO_END
MPB_FO_NZ:
        ld a,' '
        jp p,MPB_FO_SIGN
        ld a,'-'
MPB_FO_SIGN:
        ld (de),a
        inc de
        push de
        ; the digits, one per byte, into ARG
        ld hl,MP_DAC+1
        ld de,MP_FDIG
        ld a,(MP_DIGITS)
        srl a
        ld b,a
MPB_FO_UNPACK:
        ld a,(hl)
        rrca
        rrca
        rrca
        rrca
        and 0Fh
        ld (de),a
        inc de
        ld a,(hl)
        and 0Fh
        ld (de),a
        inc de
        inc hl
        djnz MPB_FO_UNPACK
        ; k = digits up to the last non-zero one
        ld a,(MP_DIGITS)
        ld b,a
        ld e,a
        ld d,0
        ld hl,MP_FDIG-1
        add hl,de
MPB_FO_TRIM:
        ld a,(hl)
        or a
        jr nz,MPB_FO_K
        dec hl
        djnz MPB_FO_TRIM
MPB_FO_K:
        ld a,b
        ld (MP_TMP),a          ; k
        ld a,(MP_DAC)
        and 7Fh
        sub 40h
        ld (MP_TMP+1),a        ; x
        pop de
        inc a
        jp m,MPB_FO_E           ; x < -1
        ld c,a
        ld a,(MP_DIGITS)
        inc a
        cp c
        jr c,MPB_FO_E           ; x > precision
        ; fixed notation
        ld hl,MP_FDIG
        ld a,(MP_TMP+1)
        or a
        jr z,MPB_FO_POINT
        jp p,MPB_FO_INT
MPB_FO_POINT:
        ; x <= 0: '.', -x zeros, the k digits
        neg
        ld b,a
        ld a,'.'
        ld (de),a
        inc de
        call MPB_FO_ZEROS
        ld a,(MP_TMP)
        ld b,a
        call MPB_FO_DIGITS
        jr MPB_FO_END
MPB_FO_INT:
        ld c,a                  ; x > 0
        ld a,(MP_TMP)
        cp c
        jr z,MPB_FO_WHOLE
        jr c,MPB_FO_WHOLE
        ; x < k: x digits, '.', the other k - x
        ld b,c
        call MPB_FO_DIGITS
        ld a,'.'
        ld (de),a
        inc de
        ld a,(MP_TMP)
        sub c
        ld b,a
        call MPB_FO_DIGITS
        jr MPB_FO_END
MPB_FO_WHOLE:
        ; x >= k: k digits and x - k zeros
        ld b,a
        call MPB_FO_DIGITS
        ld a,c
        ld hl,MP_TMP
        sub (hl)
        ld b,a
        call MPB_FO_ZEROS
        jr MPB_FO_END
MPB_FO_E:
        ld hl,MP_FDIG
        ld b,1
        call MPB_FO_DIGITS
        ld a,(MP_TMP)
        dec a
        jr z,MPB_FO_EXP
        ld b,a
        ld a,'.'
        ld (de),a
        inc de
        call MPB_FO_DIGITS
MPB_FO_EXP:
        ld a,(MP_TMP+1)
        dec a
        call MPB_FO_EXPA
MPB_FO_END:
        xor a
        ld (de),a
        ld hl,MP_FBUFFR
        ret

; MPB_FO_EXPA: "E", the sign and two digits of the exponent A (-99..99) at
; DE, DE after them (FOUT's and PRINT USING's ^^^^, mpusexp2.asm).
MPB_FO_EXPA:
        ld c,a
        ld a,'E'
        ld (de),a
        inc de
        ld a,c
        ld c,'+'
        or a
        jp p,MPB_FO_ESIGN
        neg
        ld c,'-'
MPB_FO_ESIGN:
        ld b,a
        ld a,c
        ld (de),a
        inc de
        ld a,b
        ld c,'0'
MPB_FO_TENS:
        cp 10
        jr c,MPB_FO_UNITS
        sub 10
        inc c
        jr MPB_FO_TENS
MPB_FO_UNITS:
        ld b,a
        ld a,c
        ld (de),a
        inc de
        ld a,b
        add a,'0'
        ld (de),a
        inc de
        ret

; B digits (1 or more) from HL to DE as characters.
MPB_FO_DIGITS:
        ld a,(hl)
        add a,'0'
        ld (de),a
        inc hl
        inc de
        djnz MPB_FO_DIGITS
        ret

; B zeros (0 or more) to DE.
MPB_FO_ZEROS:
        ld a,b
        or a
        ret z
        ld a,'0'
MPB_FO_Z:
        ld (de),a
        inc de
        djnz MPB_FO_Z
        ret

; MPB_FOUT_INT: the text PRINT shows for the integer HL (as MPB_FOUT).
MPB_FOUT_INT:
        call MPB_FROM_INT
        ld a,14
        jp MPB_FOUT

