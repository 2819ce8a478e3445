; math/bcdmul.asm - DECMUL's digit-by-digit core (part of bcd.asm, placed
; in its own gap between DECROU and DECMUL).
; ---------------------------------------------------------------------------
; MPB_MULCORE: DAC(16 bytes) = DAC / 10^(2C) + TMP * ARG, where TMP is
; 00 and 7 digit bytes (TMP+0 is cleared here) and the multiplier is the C
; bytes of ARG+1.. ending at HL (MPB_MULCORE_ALL: all 7, ARG+1..ARG+7); the
; product of 14 digits by 14 lands in DAC+1..DAC+14. One multiplier digit
; at a time, lowest first: the multiples x1 (TMP), x2, x4, x8 (made once,
; in 24 bytes on the stack) for the digit's bits are added into DAC+0..7,
; then the 16 bytes shift right one digit. So a digit costs at most four
; additions, as in the ROM's DECMUL, which also builds the multiples.
MPB_MULCORE_ALL:
        ld hl,MP_ARG+7
        ld c,7
MPB_MULCORE:
        xor a
        ld (MP_TMP),a
        push hl
        ld hl,-24
        add hl,sp
        ld sp,hl                ; SP+0: x2, +8: x4, +16: x8; SP+24: HL
        ld de,7
        add hl,de
        ex de,hl                ; DE: x2's last byte
        ld hl,MP_TMP+7
        call MPB_MC_DOUBLE
        ld hl,7
        add hl,sp
        ld de,15
        ex de,hl
        add hl,sp
        ex de,hl                ; HL: x2's last byte, DE: x4's
        call MPB_MC_DOUBLE
        ld hl,15
        add hl,sp
        ld de,23
        ex de,hl
        add hl,sp
        ex de,hl                ; HL: x4's last byte, DE: x8's
        call MPB_MC_DOUBLE
        ld hl,24
        add hl,sp
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a                  ; the multiplier's last byte
MPB_MC_BYTE:
        ld a,(hl)
        and 0Fh
        call MPB_MC_DIGIT
        ld a,(hl)
        rrca
        rrca
        rrca
        rrca
        and 0Fh
        call MPB_MC_DIGIT
        dec hl
        dec c
        jr nz,MPB_MC_BYTE
        ld hl,26
        add hl,sp
        ld sp,hl
        ret

; One multiplier digit A: DAC+0..7 += TMP times A, from the multiples
; (x2 at SP+2 on entry, past the return address); then DAC >> 1 digit.
MPB_MC_DIGIT:
        push hl
        push bc
        ld c,a
        srl c
        ld hl,MP_TMP+7
        call c,MPB_MC_ADDM
        srl c
        jr nc,MPB_MC_D4
        ld hl,6+7
        add hl,sp
        call MPB_MC_ADDM
MPB_MC_D4:
        srl c
        jr nc,MPB_MC_D8
        ld hl,6+15
        add hl,sp
        call MPB_MC_ADDM
MPB_MC_D8:
        srl c
        jr nc,MPB_MC_SHIFT
        ld hl,6+23
        add hl,sp
        call MPB_MC_ADDM
MPB_MC_SHIFT:
        ld hl,MP_DAC
        ld b,16
        xor a
MPB_MC_RRD:
        rrd
        inc hl
        djnz MPB_MC_RRD
        pop bc
        pop hl
        ret

; DAC+0..7 += the 8 bytes ending at HL. (In MPB_MC_DIGIT the multiples
; sit 6 bytes above SP: its return address and its two pushes.)
MPB_MC_ADDM:
        ld de,MP_DAC+7
        ld b,8
        or a
MPB_MC_ADD_LOOP:
        ld a,(de)
        adc a,(hl)
        daa
        ld (de),a
        dec hl
        dec de
        djnz MPB_MC_ADD_LOOP
        ret
