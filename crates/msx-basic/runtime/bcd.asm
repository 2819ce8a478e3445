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

        IF DEFINED BCD_ROM
BCD_DAC         EQU 0F7F6h              ; the ROM Math-Pack's DAC, ARG and RNDX
BCD_ARG         EQU 0F847h              ; (MSX2 Technical Handbook, Appendix 2;
BCD_RNDX        EQU 0F857h              ; RNDX: the ROM's RND, C2BDF)
        ELSE
BCD_DAC         EQU BCD_RAM             ; 16 bytes: accumulator
BCD_ARG         EQU BCD_RAM+16          ; 16 bytes: second operand
BCD_RNDX        EQU BCD_RAM+42          ; 8 bytes: RND's last number (RNDX)
        ENDIF
BCD_TMP         EQU BCD_RAM+32          ; 8 bytes: multiplicand / quotient
BCD_EXP         EQU BCD_RAM+40          ; 1 byte: result exponent being built
BCD_DIGITS      EQU BCD_RAM+41          ; 1 byte: FOUT precision (6 or 14)
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
        ; fall through
; 99999999999999 rounded up: 0.1 x 10^(exp+1) (bcd_round's end too).
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

; ---------------------------------------------------------------------------
; bcd_from_int: DAC = HL (signed integer) as a double. With BCD_ROM the
; ROM's FRCDBL (303Ah) converts the integer at DAC+2 (VALTYP F663h = 2).
bcd_from_int:
        IF DEFINED BCD_ROM
        ld (BCD_DAC+2),hl
        ld a,2
        ld (0F663h),a           ; VALTYP
        jp 0303Ah               ; FRCDBL
        ELSE
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
        ENDIF

; bcd_to_int: HL = DAC truncated toward zero (CINT and assignment to an
; integer variable, ROM C305D); Overflow outside -32768..32767. With
; BCD_ROM the ROM's FRCINT (2F8Ah; the integer at DAC+2, VALTYP F663h
; then 2) does it; DAC no longer holds the double then, which no caller
; uses after the conversion.
bcd_to_int:
        IF DEFINED BCD_ROM
        ld a,8
        ld (0F663h),a           ; VALTYP: DAC is a double
        call 02F8Ah             ; FRCINT
        ld hl,(BCD_DAC+2)
        ret
        ELSE
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
        ENDIF

bcd_one:
        defb 41h,10h,0,0,0,0,0,0
bcd_minus_one:
        defb 0C1h,10h,0,0,0,0,0,0

bcd_rnd_seed:
        defb 0,40h,64h,96h,51h,37h,23h,58h      ; 0.40649651372358
; ---------------------------------------------------------------------------
; bcd_fout: the text PRINT and STR$ show for DAC (FOUT, ROM C3425), in
; BCD_BUF, ending with a 0 byte; HL = BCD_BUF. A = 6 for a single (DAC is
; first rounded to 6 digits), 14 for a double. The text starts with a space
; or '-'; PRINT adds a space after it, STR$ does not.
; Trailing zeros are dropped; fixed notation when the decimal exponent x
; (value = 0.ddd x 10^x) is from -1 to the precision (6 or 14), else
; d.dddE+xx: .05, 123456, 1E+06 (single), 1000000 (double), 5E-03.
; With BCD_ROM, the ROM's FOUT (3425h; the text at FBUFFR F7C5h or near,
; ending in 0, HL = its start; VALTYP F663h says 2, 4 or 8; MSX2 Technical
; Handbook, Appendix 2) does it; the helpers from bcd_fo_expa on stay for
; PRINT USING.
bcd_fout:
        IF DEFINED BCD_ROM
        cp 6
        ld a,8
        jr nz,bcd_fout_rom
        call bcd_round_single
        ld a,4
bcd_fout_rom:
        ld (0F663h),a           ; VALTYP
        jp 03425h               ; FOUT
        ELSE
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
        ENDIF

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

        IF DEFINED BCD_ROM
        ELSE                    ; (used by the own FOUT only)
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
        ENDIF

; bcd_fout_int: the text PRINT shows for the integer HL (as bcd_fout).
bcd_fout_int:
        IF DEFINED BCD_ROM
        ld (BCD_DAC+2),hl       ; an integer for FOUT: DAC+2, VALTYP 2
        ld a,2
        jr bcd_fout_rom
        ELSE
        call bcd_from_int
        ld a,14
        jp bcd_fout
        ENDIF

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
rt_bcd_idiv:
bcd_idiv:
        call rt_bcd_idivmod
        ld a,(BCD_TMP)          ; quotient sign
        or a
        jp p,bcd_idiv_pos
        call bcd_ineg_hl
        ret
bcd_idiv_pos:
        bit 7,h
        ret z
        jp bcd_overflow         ; 32768

rt_bcd_imod:
bcd_imod:
        call rt_bcd_idivmod
        ex de,hl                ; the remainder
        ld a,(BCD_TMP+1)        ; dividend sign
        or a
        ret p
        jp bcd_ineg_hl

; HL = |HL| / |DE|, DE = |HL| mod |DE|; BCD_TMP = sign of the quotient,
; BCD_TMP+1 = sign of the dividend.
rt_bcd_idivmod:
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
rt_bcd_powi:
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

; ---------------------------------------------------------------------------
; bcd_fix: DAC = DAC without its fraction (toward zero).
; bcd_int: DAC = the largest integer not above DAC (floor, ROM C30CF).
; Both on the 14 digits of a double; a single's digits 7-14 are zero.
rt_bcd_int:
bcd_int:
        ld a,(BCD_DAC)
        or a
        jp p,rt_bcd_fix
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

rt_bcd_fix:
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
