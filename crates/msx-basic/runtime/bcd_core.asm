; ---------------------------------------------------------------------------
; bcd_core.asm - the arithmetic core of bcd.asm (its conventions, RAM and
; error routine): + - * /, normalization and rounding, comparison, RND.
; Linked where the program has no Math-Pack of its own to call (a .COM
; under MSX-DOS has RAM in page 0); elsewhere mathpack.asm gives the same
; routines through the ROM's Math-Pack.
; ---------------------------------------------------------------------------

; ---------------------------------------------------------------------------
; bcd_add: DAC = DAC + ARG.  bcd_sub: DAC = DAC - ARG.
bcd_sub:
        ld hl,BCD_ARG
        ld a,(hl)
        or a
        ret z
        xor 80h
        ld (hl),a
        jr bcd_add_nz

bcd_add:
        ld a,(BCD_ARG)
        or a
        ret z
bcd_add_nz:
        ld a,(BCD_DAC)
        or a
        jr nz,bcd_add_both
        ld hl,BCD_ARG           ; 0 + x = x
        jp bcd_load_dac

bcd_add_both:
        ; Put the operand with the larger exponent in DAC.
        ld a,(BCD_ARG)
        and 7Fh
        ld b,a
        ld a,(BCD_DAC)
        and 7Fh
        sub b                   ; exponent difference DAC - ARG
        jr nc,bcd_add_ordered
        neg
        ld c,a
        ld hl,BCD_DAC
        ld de,BCD_ARG
        ld b,8
bcd_add_swap:
        ld a,(de)
        push af
        ld a,(hl)
        ld (de),a
        pop af
        ld (hl),a
        inc hl
        inc de
        djnz bcd_add_swap
        ld a,c
bcd_add_ordered:
        cp 16                   ; ARG entirely below the guard digits
        ret nc
        ld c,a
        xor a
        ld (BCD_DAC+8),a
        ld (BCD_ARG+8),a
        ld a,c
        call bcd_shift_arg_right
        ld a,(BCD_ARG)
        ld hl,BCD_DAC
        xor (hl)
        jp m,bcd_add_differ
        ; Same signs: add the 16 digits.
        ld hl,BCD_ARG+8
        ld de,BCD_DAC+8
        ld b,8
        or a
bcd_add_loop:
        ld a,(de)
        adc a,(hl)
        daa
        ld (de),a
        dec hl
        dec de
        djnz bcd_add_loop
        jp nc,bcd_round
        ; Carry out of the top digit: one digit right, exponent up.
        ld hl,BCD_DAC
        ld a,(hl)
        inc a
        ld (hl),a
        and 7Fh
        jp z,bcd_overflow
        call bcd_shift_dac_right
        ld hl,BCD_DAC+1
        set 4,(hl)
        jp bcd_round

bcd_add_differ:
        ; Different signs: DAC - ARG over the 16 digits.
        ld hl,BCD_ARG+8
        ld a,(hl)
        cp 50h
        jr nz,bcd_add_sub
        inc (hl)                ; the ROM's 50 -> 51 (C276B)
bcd_add_sub:
        ld de,BCD_DAC+8
        ld b,8
        or a
bcd_add_sub_loop:
        ld a,(de)
        sbc a,(hl)
        daa
        ld (de),a
        dec hl
        dec de
        djnz bcd_add_sub_loop
        jr nc,bcd_normalize
        ; |ARG| was larger: flip the sign, ten's complement the digits.
        ld hl,BCD_DAC
        ld a,(hl)
        xor 80h
        ld (hl),a
        ld hl,BCD_DAC+8
        ld b,8
        or a
bcd_add_neg_loop:
        ld a,0
        sbc a,(hl)
        daa
        ld (hl),a
        dec hl
        djnz bcd_add_neg_loop
        ; fall through

; ---------------------------------------------------------------------------
; bcd_normalize: shift the 16 digits DAC+1..DAC+8 left until the first is
; non-zero, lowering the exponent; zero if all digits are; then round.
; An exponent that would go below 1E-64 gives Overflow (as in the ROM);
; exactly at the bottom the result is zero.
bcd_normalize:
        ld hl,BCD_DAC+1
        ld b,8
        ld c,0                  ; digits shifted
bcd_norm_scan:
        ld a,(hl)
        or a
        jr nz,bcd_norm_found
        inc hl
        inc c
        inc c
        djnz bcd_norm_scan
        jp bcd_zero
bcd_norm_found:
        and 0F0h
        jr nz,bcd_norm_bytes
        ; Odd count: one nibble left over the bytes from HL to DAC+8.
        push hl
        push bc
        ld hl,BCD_DAC+8
        xor a
bcd_norm_rld:
        rld
        dec hl
        djnz bcd_norm_rld
        pop bc
        pop hl
        inc c
bcd_norm_bytes:
        ld a,8
        sub b                   ; whole bytes to drop
        jr z,bcd_norm_exp
        push bc
        ld de,BCD_DAC+1
        ld c,b
        ld b,0
        ldir
        ld b,a
        xor a
bcd_norm_fill:
        ld (de),a
        inc de
        djnz bcd_norm_fill
        pop bc
bcd_norm_exp:
        ld a,c
        or a
        jp z,bcd_round
        ld hl,BCD_DAC
        ld a,(hl)
        and 7Fh
        sub c
        jp c,bcd_overflow
        jp z,bcd_zero
        ld c,a
        ld a,(hl)
        and 80h
        or c
        ld (hl),a
        ; fall through

; bcd_round: round DAC to 14 digits on the guard byte DAC+8 (half up).
bcd_round:
        ld hl,BCD_DAC+8
        ld a,(hl)
        ld (hl),0
        cp 50h
        ret c
        ld b,7
        scf
bcd_round_loop:
        dec hl
        ld a,(hl)
        adc a,0
        daa
        ld (hl),a
        ret nc
        djnz bcd_round_loop
        jp bcd_round_carry      ; (bcd.asm)

; bcd_shift_arg_right: shift the 16 digits ARG+1..ARG+8 right by A digits.
bcd_shift_arg_right:
        ld hl,BCD_ARG+1
        ; fall through
; bcd_shift_right: the 8 bytes from HL, right by A (0-15) digits; zeros
; come in at the top, digits fall off the bottom.
bcd_shift_right:
        ld c,a
        srl a                   ; whole bytes
        jr z,bcd_shr_nibble
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
bcd_shr_fill:
        ld (de),a
        dec de
        djnz bcd_shr_fill
        pop hl
bcd_shr_nibble:
        bit 0,c
        ret z
        ld b,8
        xor a
bcd_shr_rrd:
        rrd
        inc hl
        djnz bcd_shr_rrd
        ret

; bcd_shift_dac_right: DAC+1..DAC+8 right by one digit.
bcd_shift_dac_right:
        ld hl,BCD_DAC+1
        ld a,1
        jr bcd_shift_right

; ---------------------------------------------------------------------------
; bcd_mul: DAC = DAC * ARG (the exact product, rounded half up to 14
; digits, as DECMUL C27E6 gives it).
bcd_mul:
        ld a,(BCD_DAC)
        or a
        ret z
        ld a,(BCD_ARG)
        or a
        jp z,bcd_zero
        ld b,a
        ld a,(BCD_DAC)
        xor b
        and 80h
        ld c,a                  ; sign of the product
        res 7,b
        ld a,(BCD_DAC)
        and 7Fh
        add a,b                 ; sum of excess-64 exponents
        sub 41h                 ; result exponent - 1 (0 or below: underflow)
        jp c,bcd_zero
        inc a
        cp 80h
        jp nc,bcd_overflow
        or c
        ld (BCD_EXP),a
        ; multiplicand: 00 and the 7 digit bytes
        ld hl,BCD_DAC+1
        ld de,BCD_TMP+1
        ld bc,7
        ldir
        call bcd_clear_dac16
        call bcd_mulcore
        ld a,(BCD_EXP)
        ld (BCD_DAC),a
        jp bcd_normalize

; bcd_clear_dac16: the 16 bytes of DAC to zero.
bcd_clear_dac16:
        ld hl,BCD_DAC
        ld b,16
        xor a
bcd_clr16:
        ld (hl),a
        inc hl
        djnz bcd_clr16
        ret

; bcd_mulcore: DAC(16 bytes) = DAC / 10^14 + TMP * ARG, where TMP is
; 00 and 7 digit bytes (TMP+0 is cleared here) and ARG+1..ARG+7 the 14
; multiplier digits; the 28-digit product lands in DAC+1..DAC+14. One
; multiplier digit at a time, lowest first: add TMP that many times into
; DAC+0..7, then shift the 16 bytes right one digit.
bcd_mulcore:
        xor a
        ld (BCD_TMP),a
        ld hl,BCD_ARG+7
        ld c,7
bcd_mc_byte:
        ld a,(hl)
        and 0Fh
        call bcd_mc_digit
        ld a,(hl)
        rrca
        rrca
        rrca
        rrca
        and 0Fh
        call bcd_mc_digit
        dec hl
        dec c
        jr nz,bcd_mc_byte
        ret

; One multiplier digit A: DAC+0..7 += TMP, A times; then DAC >> 1 digit.
bcd_mc_digit:
        push hl
        push bc
        or a
        jr z,bcd_mc_shift
        ld c,a
bcd_mc_add:
        ld hl,BCD_TMP+7
        ld de,BCD_DAC+7
        ld b,8
        or a
bcd_mc_add_loop:
        ld a,(de)
        adc a,(hl)
        daa
        ld (de),a
        dec hl
        dec de
        djnz bcd_mc_add_loop
        dec c
        jr nz,bcd_mc_add
bcd_mc_shift:
        ld hl,BCD_DAC
        ld b,16
        xor a
bcd_mc_rrd:
        rrd
        inc hl
        djnz bcd_mc_rrd
        pop bc
        pop hl
        ret

; ---------------------------------------------------------------------------
; bcd_div: DAC = DAC / ARG, rounded half up to 14 digits (DECDIV C289F);
; Division by zero when ARG is zero.
bcd_div:
        ld a,(BCD_ARG)
        or a
        jp z,bcd_div_zero
        ld b,a
        ld a,(BCD_DAC)
        or a
        ret z
        xor b
        and 80h
        ld c,a                  ; sign of the quotient
        res 7,b
        ld a,(BCD_DAC)
        and 7Fh
        sub b                   ; -126..126 (carry = negative)
        jr c,bcd_div_neg
        add a,41h
        jp m,bcd_overflow
        jr bcd_div_exp
bcd_div_neg:
        add a,41h
        jp z,bcd_zero
        jp p,bcd_div_exp
        jp bcd_zero             ; (negative: far below 1E-64)
bcd_div_exp:
        or c
        ld (BCD_EXP),a
        xor a
        ld (BCD_DAC),a          ; remainder: 00 and the dividend digits
        ld (BCD_ARG),a          ; divisor: 00 and its digits
        ld hl,BCD_TMP
        ld b,8
bcd_div_clr:
        ld (hl),a
        inc hl
        djnz bcd_div_clr
        ld b,16                 ; quotient digits
bcd_div_digit:
        ld c,0
bcd_div_try:
        push bc
        ld hl,BCD_ARG+7
        ld de,BCD_DAC+7
        ld b,8
        or a
bcd_div_sub:
        ld a,(de)
        sbc a,(hl)
        daa
        ld (de),a
        dec hl
        dec de
        djnz bcd_div_sub
        pop bc
        jr c,bcd_div_restore
        inc c
        jr bcd_div_try
bcd_div_restore:
        push bc
        ld hl,BCD_ARG+7
        ld de,BCD_DAC+7
        ld b,8
        or a
bcd_div_add:
        ld a,(de)
        adc a,(hl)
        daa
        ld (de),a
        dec hl
        dec de
        djnz bcd_div_add
        ; quotient: one digit left, C at the bottom
        ld hl,BCD_TMP+7
        ld a,c
        ld b,8
bcd_div_q:
        rld
        dec hl
        djnz bcd_div_q
        ; remainder times ten
        ld hl,BCD_DAC+7
        xor a
        ld b,8
bcd_div_r:
        rld
        dec hl
        djnz bcd_div_r
        pop bc
        djnz bcd_div_digit
        ld hl,BCD_TMP
        ld de,BCD_DAC+1
        ld bc,8
        ldir
        ld a,(BCD_EXP)
        ld (BCD_DAC),a
        jp bcd_normalize

; ---------------------------------------------------------------------------
; bcd_cmp: compare DAC with ARG. A = 1 if DAC > ARG, 0 if equal, 0FFh if
; DAC < ARG; flags as after OR A. DAC and ARG are unchanged.
bcd_cmp:
        ld a,(BCD_ARG)
        or a
        jp z,bcd_sgn
        ld b,a
        ld a,(BCD_DAC)
        or a
        jr z,bcd_cmp_dac0
        xor b
        jp m,bcd_sgn            ; signs differ: the sign of DAC decides
        ld hl,BCD_DAC
        ld de,BCD_ARG
        ld b,8
bcd_cmp_loop:
        ld a,(de)
        cp (hl)
        jr nz,bcd_cmp_diff
        inc hl
        inc de
        djnz bcd_cmp_loop
        xor a
        ret
bcd_cmp_diff:
        ; carry: ARG byte < DAC byte, so |DAC| > |ARG|
        sbc a,a
        add a,a
        cpl                     ; 1 if |DAC| > |ARG|, else 0FFh
        ld b,a
        ld a,(BCD_DAC)
        or a
        ld a,b
        jp p,bcd_cmp_done
        neg
bcd_cmp_done:
        or a
        ret
bcd_cmp_dac0:
        ld a,b                  ; 0 against ARG: the opposite of ARG's sign
        rla
        sbc a,a
        add a,a
        cpl
        or a
        ret

; ---------------------------------------------------------------------------
; bcd_rnd: DAC = RND(DAC), MSX-BASIC's generator (ROM C2BDF).
; RNDX holds the last number's 14 digits. RND(x>0) steps the generator:
; RNDX = (RNDX * 21132486540519 + 14389820420821) mod 10^14 on the digits
; as integers; RND(x<0) first sets RNDX to x's digits (so RND(-1) and
; RND(-10) start alike); RND(0) repeats the last number. The result is
; 0.RNDX, normalized.
bcd_rnd:
        ld a,(BCD_DAC)
        or a
        jr z,bcd_rnd_last
        jp p,bcd_rnd_next
        ld hl,BCD_DAC
        ld de,BCD_RNDX
        ld bc,8
        ldir
bcd_rnd_next:
        ld hl,BCD_RNDX+1
        ld de,BCD_TMP+1
        ld bc,7
        ldir
        ld hl,bcd_rnd_mul
        ld de,BCD_ARG+1
        ld bc,7
        ldir
        call bcd_clear_dac16
        ld hl,bcd_rnd_add
        ld de,BCD_DAC+1
        ld bc,7
        ldir
        call bcd_mulcore        ; the addend ends in DAC+8..14, under the product
        ld hl,BCD_DAC+8
        ld de,BCD_RNDX+1
        ld bc,7
        ldir
        xor a
        ld (BCD_RNDX),a
bcd_rnd_last:
        ld hl,BCD_RNDX
        call bcd_load_dac
        ld a,40h
        ld (BCD_DAC),a
        xor a
        ld (BCD_DAC+8),a
        jp bcd_normalize

bcd_rnd_mul:
        defb 21h,13h,24h,86h,54h,05h,19h        ; 0.21132486540519
bcd_rnd_add:
        defb 14h,38h,98h,20h,42h,08h,21h        ; 0.14389820420821

