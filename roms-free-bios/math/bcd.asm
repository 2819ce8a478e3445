; ---------------------------------------------------------------------------
; math/bcd.asm - the Math-Pack's BCD arithmetic (DAC op ARG -> DAC).
;
; Numbers are in the MSX math-pack format (MSX2 Technical Handbook,
; Appendix 2): byte 0 is the sign (bit 7) and an excess-64 exponent
; (value = 0.d1d2d3... x 10^(exp-64)); exponent byte 0 means zero. Then
; packed BCD, two digits per byte, first digit non-zero: 3 bytes (6 digits)
; for single precision, 7 bytes (14 digits) for double precision.
; Integers are 16-bit two's complement in HL.
;
; Ported from crates/msx-basic/runtime/bcd.asm (the compiler's runtime, written
; by this project) with its labels renamed (MPB_) and its RAM at the Math-Pack
; work area (math/mathpack.asm); the behaviour is the same, so the two can be
; folded into one later. Routines change AF, BC, DE, HL and ARG; they keep IX,
; IY and the alternate registers. DAC and ARG are 16 bytes; digits 15-16
; (DAC+8) are the guard digits; a single is a double whose digits 7-14 are 0.
;
; Arithmetic follows the MSX-BASIC 2.0 math pack (ROM source reconstruction
; apoloval/msx-system, base200/basic1.asm: DECADD C269A, DECNRM C26FA,
; DECROU C273C, DECMUL C27E6, DECDIV C289F, RND C2BDF): every double
; operation keeps two guard digits and rounds half up on them; subtraction
; turns a guard of exactly 50 into 51 first (so a half is rounded down
; there). The code here is written from those facts, not copied.
; ---------------------------------------------------------------------------

MP_ERR_FC      EQU 5
MP_ERR_OV      EQU 6
MP_ERR_DIV0    EQU 11

MPB_OVERFLOW:
        ld e,MP_ERR_OV
        jp MP_ERROR

MPB_DIV_ZERO:
        ld e,MP_ERR_DIV0
        jp MP_ERROR

; ---------------------------------------------------------------------------
; MPB_INIT: RNDX to its power-on value 0.40649651372358 (ROM C2C24).
MPB_INIT:
        ld hl,MPB_RND_SEED
        ld de,MP_RNDX
        ld bc,8
        ldir
        ret

; MPB_ZERO: DAC = 0.
MPB_ZERO:
        xor a
        ld (MP_DAC),a
        ret

; MPB_NEG: DAC = -DAC.
MPB_NEG:
        ld hl,MP_DAC
        ld a,(hl)
        or a
        ret z
        xor 80h
        ld (hl),a
        ret

; MPB_ABS: DAC = |DAC|.
MPB_ABS:
        ld hl,MP_DAC
        res 7,(hl)
        ret

; MPB_SGN: A = 1, 0 or -1 (0FFh) as DAC is positive, zero or negative;
; flags as after OR A.
MPB_SGN:
        ld a,(MP_DAC)
        or a
        ret z
        rla
        sbc a,a                 ; 0FFh if negative, else 0
        or 1
        ret

; MPB_LOAD_DAC / MPB_LOAD_ARG: 8 bytes at HL to DAC / ARG.
; MPB_STORE_DAC: DAC to 8 bytes at HL.
MPB_LOAD_DAC:
        ld de,MP_DAC
        ld bc,8
        ldir
        ret

MPB_LOAD_ARG:
        ld de,MP_ARG
        ld bc,8
        ldir
        ret

MPB_STORE_DAC:
        ex de,hl
        ld hl,MP_DAC
        ld bc,8
        ldir
        ret

; MPB_LOAD_SINGLE_DAC / _arg: 4 bytes at HL to DAC / ARG as a double.
MPB_LOAD_SINGLE_DAC:
        ld de,MP_DAC
        jr MPB_LOAD_SINGLE
MPB_LOAD_SINGLE_ARG:
        ld de,MP_ARG
MPB_LOAD_SINGLE:
        ld bc,4
        ldir
        xor a
        ld b,4
MPB_LOAD_SINGLE_1:
        ld (de),a
        inc de
        djnz MPB_LOAD_SINGLE_1
        ret

; ---------------------------------------------------------------------------
; MPB_ADD: DAC = DAC + ARG.  MPB_SUB: DAC = DAC - ARG.
MPB_SUB:
        ld hl,MP_ARG
        ld a,(hl)
        or a
        ret z
        xor 80h
        ld (hl),a
        jr MPB_ADD_NZ

MPB_ADD:
        ld a,(MP_ARG)
        or a
        ret z
MPB_ADD_NZ:
        ld a,(MP_DAC)
        or a
        jr nz,MPB_ADD_BOTH
        ld hl,MP_ARG           ; 0 + x = x
        jp MPB_LOAD_DAC

MPB_ADD_BOTH:
        ; Put the operand with the larger exponent in DAC.
        ld a,(MP_ARG)
        and 7Fh
        ld b,a
        ld a,(MP_DAC)
        and 7Fh
        sub b                   ; exponent difference DAC - ARG
        jr nc,MPB_ADD_ORDERED
        neg
        ld c,a
        ld hl,MP_DAC
        ld de,MP_ARG
        ld b,8
MPB_ADD_SWAP:
        ld a,(de)
        push af
        ld a,(hl)
        ld (de),a
        pop af
        ld (hl),a
        inc hl
        inc de
        djnz MPB_ADD_SWAP
        ld a,c
MPB_ADD_ORDERED:
        cp 16                   ; ARG entirely below the guard digits
        ret nc
        ld c,a
        xor a
        ld (MP_DAC+8),a
        ld (MP_ARG+8),a
        ld a,c
        call MPB_SHIFT_ARG_RIGHT
        ld a,(MP_ARG)
        ld hl,MP_DAC
        xor (hl)
        jp m,MPB_ADD_DIFFER
        ; Same signs: add the 16 digits.
        ld hl,MP_ARG+8
        ld de,MP_DAC+8
        ld b,8
        or a
MPB_ADD_LOOP:
        ld a,(de)
        adc a,(hl)
        daa
        ld (de),a
        dec hl
        dec de
        djnz MPB_ADD_LOOP
        jp nc,MPB_ROUND
        ; Carry out of the top digit: one digit right, exponent up.
        ld hl,MP_DAC
        ld a,(hl)
        inc a
        ld (hl),a
        and 7Fh
        jp z,MPB_OVERFLOW
        call MPB_SHIFT_DAC_RIGHT
        ld hl,MP_DAC+1
        set 4,(hl)
        jp MPB_ROUND

MPB_ADD_DIFFER:
        ; Different signs: DAC - ARG over the 16 digits.
        ld hl,MP_ARG+8
        ld a,(hl)
        cp 50h
        jr nz,MPB_ADD_SUB
        inc (hl)                ; the ROM's 50 -> 51 (C276B)
MPB_ADD_SUB:
        ld de,MP_DAC+8
        ld b,8
        or a
MPB_ADD_SUB_LOOP:
        ld a,(de)
        sbc a,(hl)
        daa
        ld (de),a
        dec hl
        dec de
        djnz MPB_ADD_SUB_LOOP
        jr nc,MPB_NORMALIZE
        ; |ARG| was larger: flip the sign, ten's complement the digits.
        ld hl,MP_DAC
        ld a,(hl)
        xor 80h
        ld (hl),a
        ld hl,MP_DAC+8
        ld b,8
        or a
MPB_ADD_NEG_LOOP:
        ld a,0
        sbc a,(hl)
        daa
        ld (hl),a
        dec hl
        djnz MPB_ADD_NEG_LOOP
        ; fall through

; ---------------------------------------------------------------------------
; MPB_NORMALIZE: shift the 16 digits DAC+1..DAC+8 left until the first is
; non-zero, lowering the exponent; zero if all digits are; then round.
; An exponent that would go below 1E-64 gives Overflow (as in the ROM);
; exactly at the bottom the result is zero.
MPB_NORMALIZE:
        ld hl,MP_DAC+1
        ld b,8
        ld c,0                  ; digits shifted
MPB_NORM_SCAN:
        ld a,(hl)
        or a
        jr nz,MPB_NORM_FOUND
        inc hl
        inc c
        inc c
        djnz MPB_NORM_SCAN
        jp MPB_ZERO
MPB_NORM_FOUND:
        and 0F0h
        jr nz,MPB_NORM_BYTES
        ; Odd count: one nibble left over the bytes from HL to DAC+8.
        push hl
        push bc
        ld hl,MP_DAC+8
        xor a
MPB_NORM_RLD:
        rld
        dec hl
        djnz MPB_NORM_RLD
        pop bc
        pop hl
        inc c
MPB_NORM_BYTES:
        ld a,8
        sub b                   ; whole bytes to drop
        jr z,MPB_NORM_EXP
        push bc
        ld de,MP_DAC+1
        ld c,b
        ld b,0
        ldir
        ld b,a
        xor a
MPB_NORM_FILL:
        ld (de),a
        inc de
        djnz MPB_NORM_FILL
        pop bc
MPB_NORM_EXP:
        ld a,c
        or a
        jp z,MPB_ROUND
        ld hl,MP_DAC
        ld a,(hl)
        and 7Fh
        sub c
        jp c,MPB_OVERFLOW
        jp z,MPB_ZERO
        ld c,a
        ld a,(hl)
        and 80h
        or c
        ld (hl),a
        ; fall through

; MPB_ROUND: round DAC to 14 digits on the guard byte DAC+8 (half up).
MPB_ROUND:
        ld hl,MP_DAC+8
        ld a,(hl)
        ld (hl),0
        cp 50h
        ret c
        ld b,7
        scf
MPB_ROUND_LOOP:
        dec hl
        ld a,(hl)
        adc a,0
        daa
        ld (hl),a
        ret nc
        djnz MPB_ROUND_LOOP
        ; 99999999999999 rounded up: 0.1 x 10^(exp+1).
MPB_ROUND_CARRY:
        ld hl,MP_DAC
        ld a,(hl)
        inc a
        ld (hl),a
        and 7Fh
        jp z,MPB_OVERFLOW
        ld a,10h
        ld (MP_DAC+1),a
        ret

; MPB_ROUND_SINGLE: round DAC to 6 digits (a double to single precision,
; the ROM's FRCSNG C2FB2: half up on digits 7-8) and clear digits 7-16.
MPB_ROUND_SINGLE:
        ld a,(MP_DAC)
        or a
        ret z
        ld hl,MP_DAC+4
        ld a,(hl)
        push af
        ld b,5
        xor a
MPB_RS_CLEAR:
        ld (hl),a
        inc hl
        djnz MPB_RS_CLEAR
        pop af
        cp 50h
        ret c
        ld hl,MP_DAC+3
        ld b,3
        scf
MPB_RS_LOOP:
        ld a,(hl)
        adc a,0
        daa
        ld (hl),a
        ret nc
        dec hl
        djnz MPB_RS_LOOP
        jp MPB_ROUND_CARRY

; MPB_SHIFT_ARG_RIGHT: shift the 16 digits ARG+1..ARG+8 right by A digits.
MPB_SHIFT_ARG_RIGHT:
        ld hl,MP_ARG+1
        ; fall through
; MPB_SHIFT_RIGHT: the 8 bytes from HL, right by A (0-15) digits; zeros
; come in at the top, digits fall off the bottom.
MPB_SHIFT_RIGHT:
        ld c,a
        srl a                   ; whole bytes
        jr z,MPB_SHR_NIBBLE
        push hl
        ld b,a
        ld de,7
        add hl,de
        ld d,h
        ld e,l                  ; destination: last byte
        ld a,l
        sub b
        ld l,a
        ld a,h
        sbc a,0
        ld h,a                  ; source: last byte - whole bytes
        ld a,8
        sub b
        push bc
        ld c,a
        ld b,0
        lddr
        pop bc
        xor a
MPB_SHR_FILL:
        ld (de),a
        dec de
        djnz MPB_SHR_FILL
        pop hl
MPB_SHR_NIBBLE:
        bit 0,c
        ret z
        ld b,8
        xor a
MPB_SHR_RRD:
        rrd
        inc hl
        djnz MPB_SHR_RRD
        ret

; MPB_SHIFT_DAC_RIGHT: DAC+1..DAC+8 right by one digit.
MPB_SHIFT_DAC_RIGHT:
        ld hl,MP_DAC+1
        ld a,1
        jr MPB_SHIFT_RIGHT

; ---------------------------------------------------------------------------
; MPB_CMP: compare DAC with ARG. A = 1 if DAC > ARG, 0 if equal, 0FFh if
; DAC < ARG; flags as after OR A. DAC and ARG are unchanged.
MPB_CMP:
        ld a,(MP_ARG)
        or a
        jp z,MPB_SGN
        ld b,a
        ld a,(MP_DAC)
        or a
        jr z,MPB_CMP_DAC0
        xor b
        jp m,MPB_SGN            ; signs differ: the sign of DAC decides
        ld hl,MP_DAC
        ld de,MP_ARG
        ld b,8
MPB_CMP_LOOP:
        ld a,(de)
        cp (hl)
        jr nz,MPB_CMP_DIFF
        inc hl
        inc de
        djnz MPB_CMP_LOOP
        xor a
        ret
MPB_CMP_DIFF:
        ; carry: ARG byte < DAC byte, so |DAC| > |ARG|
        sbc a,a
        add a,a
        cpl                     ; 1 if |DAC| > |ARG|, else 0FFh
        ld b,a
        ld a,(MP_DAC)
        or a
        ld a,b
        jp p,MPB_CMP_DONE
        neg
MPB_CMP_DONE:
        or a
        ret
MPB_CMP_DAC0:
        ld a,b                  ; 0 against ARG: the opposite of ARG's sign
        rla
        sbc a,a
        add a,a
        cpl
        or a
        ret

; ---------------------------------------------------------------------------
; MPB_MUL: DAC = DAC * ARG (the exact product, rounded half up to 14
; digits, as DECMUL C27E6 gives it).
MPB_MUL:
        ld a,(MP_DAC)
        or a
        ret z
        ld a,(MP_ARG)
        or a
        jp z,MPB_ZERO
        ld b,a
        ld a,(MP_DAC)
        xor b
        and 80h
        ld c,a                  ; sign of the product
        res 7,b
        ld a,(MP_DAC)
        and 7Fh
        add a,b                 ; sum of excess-64 exponents
        sub 41h                 ; result exponent - 1 (0 or below: underflow)
        jp c,MPB_ZERO
        inc a
        cp 80h
        jp nc,MPB_OVERFLOW
        or c
        ld (MP_EXP),a
        ; multiplicand: 00 and the 7 digit bytes
        ld hl,MP_DAC+1
        ld de,MP_TMP+1
        ld bc,7
        ldir
        call MPB_CLEAR_DAC16
        ; The multiplier's trailing zero bytes are skipped: shifting a zero
        ; DAC changes nothing (the ROM's DECMUL skips them too, which is
        ; why a short multiplier such as 0.5 or 2 is fast).
        ld hl,MP_ARG+7
        ld c,7
MPB_MUL_SKIP:
        ld a,(hl)
        or a
        jr nz,MPB_MUL_CORE
        dec hl
        dec c
        jr MPB_MUL_SKIP         ; ARG+1 is not zero: the loop ends there
MPB_MUL_CORE:
        call MPB_MULCORE
        ld a,(MP_EXP)
        ld (MP_DAC),a
        jp MPB_NORMALIZE

; MPB_CLEAR_DAC16: the 16 bytes of DAC to zero.
MPB_CLEAR_DAC16:
        ld hl,MP_DAC
        ld b,16
        xor a
MPB_CLR16:
        ld (hl),a
        inc hl
        djnz MPB_CLR16
        ret

; The 8 bytes ending at DE = twice the 8 bytes ending at HL (BCD).
MPB_MC_DOUBLE:
        ld b,8
        or a
MPB_MC_DBL_LOOP:
        ld a,(hl)
        adc a,a
        daa
        ld (de),a
        dec hl
        dec de
        djnz MPB_MC_DBL_LOOP
        ret

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
        jp MPB_DIV_EXP
MPB_DIV_NEG:
        add a,41h
        jp z,MPB_ZERO
        jp p,MPB_DIV_EXP
        jp MPB_ZERO             ; (negative: far below 1E-64)
