; math/bcdiar.asm - integer arithmetic (part of bcd.asm).
; ---------------------------------------------------------------------------
; Integer arithmetic. MPB_IADD, MPB_ISUB, MPB_IMUL: HL = HL op DE, carry
; set on overflow (MSX then redoes the operation in double precision: the
; caller converts both operands and uses MPB_ADD/sub/mul).
MPB_IADD:
        or a
        adc hl,de
        scf
        ret pe
        ccf
        ret

MPB_ISUB:
        or a
        sbc hl,de
        scf
        ret pe
        ccf
        ret

MPB_IMUL:
        ld a,h
        xor d
        push af                 ; sign of the product
        call MPB_IABS_HL
        ex de,hl
        call MPB_IABS_HL        ; both magnitudes (0-32768)
        ; HL:BC = DE * HL unsigned (shift and add)
        ld b,h
        ld c,l
        ld hl,0
        ld a,16
MPB_IMUL_LOOP:
        add hl,hl
        rl c
        rl b
        jr nc,MPB_IMUL_NEXT
        add hl,de
        jr nc,MPB_IMUL_NEXT
        inc bc
MPB_IMUL_NEXT:
        dec a
        jr nz,MPB_IMUL_LOOP
        ; BC:HL is the product; it must fit 15 bits (or be 32768 if negative)
        ld a,b
        or c
        jr nz,MPB_IMUL_OV
        pop af
        jp m,MPB_IMUL_NEG
        bit 7,h
        scf
        ret nz
        or a
        ret
MPB_IMUL_NEG:
        bit 7,h
        jr z,MPB_IMUL_NEGATE
        ld a,h
        cp 80h
        scf
        ret nz
        ld a,l
        or a
        scf
        ret nz
MPB_IMUL_NEGATE:
        call MPB_INEG_HL
        or a
        ret
MPB_IMUL_OV:
        pop af
        scf
        ret

; HL = |HL| (8000h stays 8000h, read as unsigned 32768).
MPB_IABS_HL:
        bit 7,h
        ret z
MPB_INEG_HL:
        xor a
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
        ret

; MPB_IDIV: HL = HL \ DE, truncated toward zero. MPB_IMOD: HL = HL MOD DE
; (the sign of HL). Division by zero when DE = 0; -32768 \ -1 is Overflow.
MPB_IDIV:
        call MPB_IDIVMOD
        ld a,(MP_TMP)          ; quotient sign
        or a
        jp p,MPB_IDIV_POS
        call MPB_INEG_HL
        ret
MPB_IDIV_POS:
        bit 7,h
        ret z
        jp MPB_OVERFLOW         ; 32768

MPB_IMOD:
        call MPB_IDIVMOD
        ex de,hl                ; the remainder
        ld a,(MP_TMP+1)        ; dividend sign
        or a
        ret p
        jp MPB_INEG_HL

; HL = |HL| / |DE|, DE = |HL| mod |DE|; MP_TMP = sign of the quotient,
; MP_TMP+1 = sign of the dividend.
MPB_IDIVMOD:
        ld a,d
        or e
        jp z,MPB_DIV_ZERO
        ld a,h
        ld (MP_TMP+1),a
        xor d
        ld (MP_TMP),a
        call MPB_IABS_HL
        ex de,hl
        call MPB_IABS_HL
        ex de,hl                ; HL dividend, DE divisor (unsigned)
        ld b,h
        ld c,l                  ; BC: dividend shifted out into HL
        ld hl,0
        ld a,16
MPB_IDM_LOOP:
        sla c
        rl b
        adc hl,hl
        or a
        sbc hl,de
        jr nc,MPB_IDM_FITS
        add hl,de
        jr MPB_IDM_NEXT
MPB_IDM_FITS:
        inc c
MPB_IDM_NEXT:
        dec a
        jr nz,MPB_IDM_LOOP
        ex de,hl                ; DE = remainder
        ld h,b
        ld l,c                  ; HL = quotient
        ret

