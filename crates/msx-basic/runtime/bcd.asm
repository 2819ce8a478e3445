; ---------------------------------------------------------------------------
; bcd.asm - MSX-BASIC number model for compiled BASIC programs.
;
; Numbers are in the MSX math-pack format (MSX2 Technical Handbook,
; Appendix 2): byte 0 is the sign (bit 7) and an excess-64 exponent
; (value = 0.d1d2d3... x 10^(exp-64)); exponent byte 0 means zero. Then
; packed BCD, two digits per byte, first digit non-zero: 3 bytes (6 digits)
; for single precision, 7 bytes (14 digits) for double precision.
; Integers are 16-bit two's complement in HL.
;
; Calling convention
; - The includer defines BCD_RAM (BCD_RAM_SIZE bytes of RAM) and
;   BCD_ERROR, the routine run-time errors jump to with E = the MSX-BASIC
;   error code (5 Illegal function call, 6 Overflow, 11 Division by zero).
;   BCD_ERROR does not return.
; - Two 16-byte accumulators like MSX's DAC and ARG: BCD_DAC holds the
;   first operand and every result, BCD_ARG the second operand. Only the
;   first 8 bytes of each are a number; the rest is working space. A
;   single precision value is kept there as a double whose digits 7-14
;   are zero.
; - Routines may change AF, BC, DE, HL and BCD_ARG; they keep IX, IY and
;   the alternate registers.
;
; Arithmetic follows the MSX-BASIC 2.0 math pack (ROM source reconstruction
; apoloval/msx-system, base200/basic1.asm: DECADD C269A, DECNRM C26FA,
; DECROU C273C, DECMUL C27E6, DECDIV C289F, RND C2BDF): every double
; operation keeps two guard digits and rounds half up on them; subtraction
; turns a guard of exactly 50 into 51 first (so a half is rounded down
; there). The code here is written from those facts, not copied.
; ---------------------------------------------------------------------------

BCD_DAC         EQU BCD_RAM             ; 16 bytes: accumulator
BCD_ARG         EQU BCD_RAM+16          ; 16 bytes: second operand
BCD_TMP         EQU BCD_RAM+32          ; 8 bytes: multiplicand / quotient
BCD_EXP         EQU BCD_RAM+40          ; 1 byte: result exponent being built
BCD_DIGITS      EQU BCD_RAM+41          ; 1 byte: FOUT precision (6 or 14)
BCD_RNDX        EQU BCD_RAM+42          ; 8 bytes: RND's last number (RNDX)
BCD_BUF         EQU BCD_RAM+50          ; 30 bytes: text of a number
BCD_BASE        EQU BCD_RAM+80          ; 8 bytes: ^ base
BCD_ACC         EQU BCD_RAM+88          ; 8 bytes: ^ result
BCD_RAM_SIZE    EQU 96

BCD_ERR_FC      EQU 5
BCD_ERR_OV      EQU 6
BCD_ERR_DIV0    EQU 11

bcd_overflow:
        ld e,BCD_ERR_OV
        jp BCD_ERROR

bcd_div_zero:
        ld e,BCD_ERR_DIV0
        jp BCD_ERROR

; ---------------------------------------------------------------------------
; bcd_init: RNDX to its power-on value 0.40649651372358 (ROM C2C24).
bcd_init:
        ld hl,bcd_rnd_seed
        ld de,BCD_RNDX
        ld bc,8
        ldir
        ret

; bcd_zero: DAC = 0.
bcd_zero:
        xor a
        ld (BCD_DAC),a
        ret

; bcd_neg: DAC = -DAC.
bcd_neg:
        ld hl,BCD_DAC
        ld a,(hl)
        or a
        ret z
        xor 80h
        ld (hl),a
        ret

; bcd_abs: DAC = |DAC|.
bcd_abs:
        ld hl,BCD_DAC
        res 7,(hl)
        ret

; bcd_sgn: A = 1, 0 or -1 (0FFh) as DAC is positive, zero or negative;
; flags as after OR A.
bcd_sgn:
        ld a,(BCD_DAC)
        or a
        ret z
        rla
        sbc a,a                 ; 0FFh if negative, else 0
        or 1
        ret

; bcd_load_dac / bcd_load_arg: 8 bytes at HL to DAC / ARG.
; bcd_store_dac: DAC to 8 bytes at HL.
bcd_load_dac:
        ld de,BCD_DAC
        ld bc,8
        ldir
        ret

bcd_load_arg:
        ld de,BCD_ARG
        ld bc,8
        ldir
        ret

bcd_store_dac:
        ex de,hl
        ld hl,BCD_DAC
        ld bc,8
        ldir
        ret

; bcd_load_single_dac / _arg: 4 bytes at HL to DAC / ARG as a double.
bcd_load_single_dac:
        ld de,BCD_DAC
        jr bcd_load_single
bcd_load_single_arg:
        ld de,BCD_ARG
bcd_load_single:
        ld bc,4
        ldir
        xor a
        ld b,4
bcd_load_single_1:
        ld (de),a
        inc de
        djnz bcd_load_single_1
        ret

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
        ; 99999999999999 rounded up: 0.1 x 10^(exp+1).
bcd_round_carry:
        ld hl,BCD_DAC
        ld a,(hl)
        inc a
        ld (hl),a
        and 7Fh
        jp z,bcd_overflow
        ld a,10h
        ld (BCD_DAC+1),a
        ret

; bcd_round_single: round DAC to 6 digits (a double to single precision,
; the ROM's FRCSNG C2FB2: half up on digits 7-8) and clear digits 7-16.
bcd_round_single:
        ld a,(BCD_DAC)
        or a
        ret z
        ld hl,BCD_DAC+4
        ld a,(hl)
        push af
        ld b,5
        xor a
bcd_rs_clear:
        ld (hl),a
        inc hl
        djnz bcd_rs_clear
        pop af
        cp 50h
        ret c
        ld hl,BCD_DAC+3
        ld b,3
        scf
bcd_rs_loop:
        ld a,(hl)
        adc a,0
        daa
        ld (hl),a
        ret nc
        dec hl
        djnz bcd_rs_loop
        jp bcd_round_carry

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
; bcd_from_int: DAC = HL (signed integer) as a double.
bcd_from_int:
        ld a,h
        or l
        jp z,bcd_zero
        ld a,h
        and 80h
        push af                 ; sign
        jr z,bcd_fi_pos
        xor a                   ; HL = -HL (-32768 stays 8000h = 32768)
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
bcd_fi_pos:
        ; 0.0ddddd x 10^6: five decimal digits by repeated subtraction
        ld de,10000
        call bcd_fi_digit
        ld (BCD_DAC+1),a
        ld de,1000
        call bcd_fi_digit
        rlca
        rlca
        rlca
        rlca
        ld b,a
        ld de,100
        call bcd_fi_digit
        or b
        ld (BCD_DAC+2),a
        ld de,10
        call bcd_fi_digit
        rlca
        rlca
        rlca
        rlca
        or l
        ld (BCD_DAC+3),a
        ld hl,BCD_DAC+4
        ld b,5
        xor a
bcd_fi_clear:
        ld (hl),a
        inc hl
        djnz bcd_fi_clear
        pop af
        or 46h
        ld (BCD_DAC),a
        jp bcd_normalize

; A = how many times DE (a power of ten) goes into HL (unsigned); HL = rest.
bcd_fi_digit:
        xor a
bcd_fi_d1:
        or a
        sbc hl,de
        jr c,bcd_fi_d2
        inc a
        jr bcd_fi_d1
bcd_fi_d2:
        add hl,de
        ret

; bcd_to_int: HL = DAC truncated toward zero (CINT and assignment to an
; integer variable, ROM C305D); Overflow outside -32768..32767.
bcd_to_int:
        ld hl,0
        ld a,(BCD_DAC)
        and 7Fh
        sub 41h
        ret c                   ; |DAC| < 1
        cp 5
        jp nc,bcd_overflow      ; 10^5 or more
        inc a
        ld b,a                  ; integer digits (1-5)
        ld de,BCD_DAC+1
        ld c,0                  ; 0: high digit of (DE) next
bcd_ti_loop:
        ld a,(de)
        bit 0,c
        jr nz,bcd_ti_low
        rrca
        rrca
        rrca
        rrca
        jr bcd_ti_digit
bcd_ti_low:
        inc de
bcd_ti_digit:
        and 0Fh
        inc c
        push de
        ; HL = HL * 10 + A (unsigned, at most 99999 needs 17 bits: check)
        ld d,h
        ld e,l
        add hl,hl
        jp c,bcd_overflow
        add hl,hl
        jp c,bcd_overflow
        add hl,de
        jp c,bcd_overflow
        add hl,hl
        jp c,bcd_overflow
        ld e,a
        ld d,0
        add hl,de
        jp c,bcd_overflow
        pop de
        djnz bcd_ti_loop
        ld a,(BCD_DAC)
        or a
        jp m,bcd_ti_neg
        bit 7,h
        jp nz,bcd_overflow      ; 32768 or more
        ret
bcd_ti_neg:
        ld a,h                  ; up to 32768 allowed
        cp 80h
        jr c,bcd_ti_negate
        jp nz,bcd_overflow
        ld a,l
        or a
        jp nz,bcd_overflow
bcd_ti_negate:
        xor a
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
        ret

; ---------------------------------------------------------------------------
; bcd_fix: DAC = DAC without its fraction (toward zero).
; bcd_int: DAC = the largest integer not above DAC (floor, ROM C30CF).
; Both on the 14 digits of a double; a single's digits 7-14 are zero.
bcd_int:
        ld a,(BCD_DAC)
        or a
        jp p,bcd_fix
        call bcd_fix_digits     ; C = 1 if a non-zero digit was dropped
        ld a,c
        or a
        ret z
        ; negative with a fraction: one further from zero
        ld hl,bcd_one
        call bcd_load_arg
        ld a,(BCD_DAC)
        or a
        jr nz,bcd_int_sub
        ld hl,bcd_minus_one     ; -0.5 became 0: the answer is -1
        jp bcd_load_dac
bcd_int_sub:
        jp bcd_sub

bcd_fix:
        call bcd_fix_digits
        ret

; Clear the fraction digits of DAC; C = 1 if any was non-zero.
bcd_fix_digits:
        ld c,0
        ld a,(BCD_DAC)
        and 7Fh
        ret z
        sub 40h
        jr z,bcd_fd_all
        jr c,bcd_fd_all
        cp 14
        ret nc                  ; no fraction digits
        ; keep A digits: the first fraction digit is digit A+1
        ld b,a
        srl a
        ld e,a
        ld d,0
        ld hl,BCD_DAC+1
        add hl,de               ; byte of digit A+1
        bit 0,b
        jr z,bcd_fd_from_high
        ld a,(hl)               ; odd: the low digit of this byte goes
        and 0Fh
        jr z,bcd_fd_low_zero
        ld c,1
bcd_fd_low_zero:
        ld a,(hl)
        and 0F0h
        ld (hl),a
        inc hl
bcd_fd_from_high:
        ; clear the bytes from HL to DAC+7
bcd_fd_clear:
        ld a,l
        cp (BCD_DAC+8) & 0FFh
        ret z
        ld a,(hl)
        or a
        jr z,bcd_fd_next
        ld c,1
        ld (hl),0
bcd_fd_next:
        inc hl
        jr bcd_fd_clear
bcd_fd_all:
        ; |DAC| < 1: all digits are fraction
        ld c,1
        jp bcd_zero

bcd_one:
        defb 41h,10h,0,0,0,0,0,0
bcd_minus_one:
        defb 0C1h,10h,0,0,0,0,0,0

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

bcd_rnd_seed:
        defb 0,40h,64h,96h,51h,37h,23h,58h      ; 0.40649651372358
bcd_rnd_mul:
        defb 21h,13h,24h,86h,54h,05h,19h        ; 0.21132486540519
bcd_rnd_add:
        defb 14h,38h,98h,20h,42h,08h,21h        ; 0.14389820420821

; ---------------------------------------------------------------------------
; bcd_fout: the text PRINT and STR$ show for DAC (FOUT, ROM C3425), in
; BCD_BUF, ending with a 0 byte; HL = BCD_BUF. A = 6 for a single (DAC is
; first rounded to 6 digits), 14 for a double. The text starts with a space
; or '-'; PRINT adds a space after it, STR$ does not.
; Trailing zeros are dropped; fixed notation when the decimal exponent x
; (value = 0.ddd x 10^x) is from -1 to the precision (6 or 14), else
; d.dddE+xx: .05, 123456, 1E+06 (single), 1000000 (double), 5E-03.
bcd_fout:
        ld (BCD_DIGITS),a
        cp 6
        call z,bcd_round_single
        ld de,BCD_BUF
        ld a,(BCD_DAC)
        or a
        jr nz,bcd_fo_nz
        ld a,' '
        ld (de),a
        inc de
        ld a,'0'
        ld (de),a
        inc de
        jp bcd_fo_end
bcd_fo_nz:
        ld a,' '
        jp p,bcd_fo_sign
        ld a,'-'
bcd_fo_sign:
        ld (de),a
        inc de
        push de
        ; the digits, one per byte, into ARG
        ld hl,BCD_DAC+1
        ld de,BCD_ARG
        ld a,(BCD_DIGITS)
        srl a
        ld b,a
bcd_fo_unpack:
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
        djnz bcd_fo_unpack
        ; k = digits up to the last non-zero one
        ld a,(BCD_DIGITS)
        ld b,a
        ld e,a
        ld d,0
        ld hl,BCD_ARG-1
        add hl,de
bcd_fo_trim:
        ld a,(hl)
        or a
        jr nz,bcd_fo_k
        dec hl
        djnz bcd_fo_trim
bcd_fo_k:
        ld a,b
        ld (BCD_TMP),a          ; k
        ld a,(BCD_DAC)
        and 7Fh
        sub 40h
        ld (BCD_TMP+1),a        ; x
        pop de
        inc a
        jp m,bcd_fo_e           ; x < -1
        ld c,a
        ld a,(BCD_DIGITS)
        inc a
        cp c
        jr c,bcd_fo_e           ; x > precision
        ; fixed notation
        ld hl,BCD_ARG
        ld a,(BCD_TMP+1)
        or a
        jr z,bcd_fo_point
        jp p,bcd_fo_int
bcd_fo_point:
        ; x <= 0: '.', -x zeros, the k digits
        neg
        ld b,a
        ld a,'.'
        ld (de),a
        inc de
        call bcd_fo_zeros
        ld a,(BCD_TMP)
        ld b,a
        call bcd_fo_digits
        jr bcd_fo_end
bcd_fo_int:
        ld c,a                  ; x > 0
        ld a,(BCD_TMP)
        cp c
        jr z,bcd_fo_whole
        jr c,bcd_fo_whole
        ; x < k: x digits, '.', the other k - x
        ld b,c
        call bcd_fo_digits
        ld a,'.'
        ld (de),a
        inc de
        ld a,(BCD_TMP)
        sub c
        ld b,a
        call bcd_fo_digits
        jr bcd_fo_end
bcd_fo_whole:
        ; x >= k: k digits and x - k zeros
        ld b,a
        call bcd_fo_digits
        ld a,c
        ld hl,BCD_TMP
        sub (hl)
        ld b,a
        call bcd_fo_zeros
        jr bcd_fo_end
bcd_fo_e:
        ld hl,BCD_ARG
        ld b,1
        call bcd_fo_digits
        ld a,(BCD_TMP)
        dec a
        jr z,bcd_fo_exp
        ld b,a
        ld a,'.'
        ld (de),a
        inc de
        call bcd_fo_digits
bcd_fo_exp:
        ld a,(BCD_TMP+1)
        dec a
        call bcd_fo_expa
bcd_fo_end:
        xor a
        ld (de),a
        ld hl,BCD_BUF
        ret

; bcd_fo_expa: "E", the sign and two digits of the exponent A (-99..99) at
; DE, DE after them (FOUT's and PRINT USING's ^^^^, rt_bas_usexp).
bcd_fo_expa:
        ld c,a
        ld a,'E'
        ld (de),a
        inc de
        ld a,c
        ld c,'+'
        or a
        jp p,bcd_fo_esign
        neg
        ld c,'-'
bcd_fo_esign:
        ld b,a
        ld a,c
        ld (de),a
        inc de
        ld a,b
        ld c,'0'
bcd_fo_tens:
        cp 10
        jr c,bcd_fo_units
        sub 10
        inc c
        jr bcd_fo_tens
bcd_fo_units:
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
bcd_fo_digits:
        ld a,(hl)
        add a,'0'
        ld (de),a
        inc hl
        inc de
        djnz bcd_fo_digits
        ret

; B zeros (0 or more) to DE.
bcd_fo_zeros:
        ld a,b
        or a
        ret z
        ld a,'0'
bcd_fo_z:
        ld (de),a
        inc de
        djnz bcd_fo_z
        ret

; bcd_fout_int: the text PRINT shows for the integer HL (as bcd_fout).
bcd_fout_int:
        call bcd_from_int
        ld a,14
        jp bcd_fout

; ---------------------------------------------------------------------------
; Integer arithmetic. bcd_iadd, bcd_isub, bcd_imul: HL = HL op DE, carry
; set on overflow (MSX then redoes the operation in double precision: the
; caller converts both operands and uses bcd_add/sub/mul).
bcd_iadd:
        or a
        adc hl,de
        scf
        ret pe
        ccf
        ret

bcd_isub:
        or a
        sbc hl,de
        scf
        ret pe
        ccf
        ret

bcd_imul:
        ld a,h
        xor d
        push af                 ; sign of the product
        call bcd_iabs_hl
        ex de,hl
        call bcd_iabs_hl        ; both magnitudes (0-32768)
        ; HL:BC = DE * HL unsigned (shift and add)
        ld b,h
        ld c,l
        ld hl,0
        ld a,16
bcd_imul_loop:
        add hl,hl
        rl c
        rl b
        jr nc,bcd_imul_next
        add hl,de
        jr nc,bcd_imul_next
        inc bc
bcd_imul_next:
        dec a
        jr nz,bcd_imul_loop
        ; BC:HL is the product; it must fit 15 bits (or be 32768 if negative)
        ld a,b
        or c
        jr nz,bcd_imul_ov
        pop af
        jp m,bcd_imul_neg
        bit 7,h
        scf
        ret nz
        or a
        ret
bcd_imul_neg:
        bit 7,h
        jr z,bcd_imul_negate
        ld a,h
        cp 80h
        scf
        ret nz
        ld a,l
        or a
        scf
        ret nz
bcd_imul_negate:
        call bcd_ineg_hl
        or a
        ret
bcd_imul_ov:
        pop af
        scf
        ret

; HL = |HL| (8000h stays 8000h, read as unsigned 32768).
bcd_iabs_hl:
        bit 7,h
        ret z
bcd_ineg_hl:
        xor a
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
        ret

; bcd_idiv: HL = HL \ DE, truncated toward zero. bcd_imod: HL = HL MOD DE
; (the sign of HL). Division by zero when DE = 0; -32768 \ -1 is Overflow.
bcd_idiv:
        call bcd_idivmod
        ld a,(BCD_TMP)          ; quotient sign
        or a
        jp p,bcd_idiv_pos
        call bcd_ineg_hl
        ret
bcd_idiv_pos:
        bit 7,h
        ret z
        jp bcd_overflow         ; 32768

bcd_imod:
        call bcd_idivmod
        ex de,hl                ; the remainder
        ld a,(BCD_TMP+1)        ; dividend sign
        or a
        ret p
        jp bcd_ineg_hl

; HL = |HL| / |DE|, DE = |HL| mod |DE|; BCD_TMP = sign of the quotient,
; BCD_TMP+1 = sign of the dividend.
bcd_idivmod:
        ld a,d
        or e
        jp z,bcd_div_zero
        ld a,h
        ld (BCD_TMP+1),a
        xor d
        ld (BCD_TMP),a
        call bcd_iabs_hl
        ex de,hl
        call bcd_iabs_hl
        ex de,hl                ; HL dividend, DE divisor (unsigned)
        ld b,h
        ld c,l                  ; BC: dividend shifted out into HL
        ld hl,0
        ld a,16
bcd_idm_loop:
        sla c
        rl b
        adc hl,hl
        or a
        sbc hl,de
        jr nc,bcd_idm_fits
        add hl,de
        jr bcd_idm_next
bcd_idm_fits:
        inc c
bcd_idm_next:
        dec a
        jr nz,bcd_idm_loop
        ex de,hl                ; DE = remainder
        ld h,b
        ld l,c                  ; HL = quotient
        ret

; ---------------------------------------------------------------------------
; bcd_pow_int: DAC = DAC ^ HL for an integer exponent, by squaring and
; multiplying (each step rounded like *); a negative exponent divides 1 by
; the power; 0 ^ negative is Division by zero; x ^ 0 is 1.
bcd_pow_int:
        push hl
        ld hl,BCD_DAC
        ld de,BCD_BASE
        ld bc,8
        ldir
        ld hl,bcd_one
        ld de,BCD_ACC
        ld bc,8
        ldir
        pop hl
        ld a,h
        or a
        push af                 ; sign of the exponent
        call bcd_iabs_hl
bcd_pow_loop:
        ld a,h
        or l
        jr z,bcd_pow_done
        srl h
        rr l
        jr nc,bcd_pow_square
        push hl                 ; ACC = ACC * BASE
        ld hl,BCD_ACC
        call bcd_load_dac
        ld hl,BCD_BASE
        call bcd_load_arg
        call bcd_mul
        ld hl,BCD_ACC
        call bcd_store_dac
        pop hl
bcd_pow_square:
        ld a,h
        or l
        jr z,bcd_pow_done
        push hl                 ; BASE = BASE * BASE
        ld hl,BCD_BASE
        call bcd_load_dac
        ld hl,BCD_BASE
        call bcd_load_arg
        call bcd_mul
        ld hl,BCD_BASE
        call bcd_store_dac
        pop hl
        jr bcd_pow_loop
bcd_pow_done:
        pop af
        jp m,bcd_pow_recip
        ld hl,BCD_ACC
        jp bcd_load_dac
bcd_pow_recip:
        ld hl,BCD_ACC
        call bcd_load_arg
        ld hl,bcd_one
        call bcd_load_dac
        jp bcd_div
