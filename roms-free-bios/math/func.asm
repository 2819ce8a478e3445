; ---------------------------------------------------------------------------
; math/func.asm - SQR, SIN, COS, TAN, ATN, LOG, EXP and `^` of the
; Math-Pack (ported from crates/msx-basic/runtime/math.asm, labels MPF_), computed the way the MSX-BASIC math pack computes them
; (ROM source reconstruction apoloval/msx-system, base200/basic1.asm: SQR
; C2AFF, SIN C29AC, COS C2993, TAN C29FB, ATN C2A14, LOG C2A72, EXP C2B4A,
; DBLEXP C37D7, polynomials C2C88/C2C9A/C2CA3 and their coefficient tables
; I2D09-I2E30), step by step with the same double-precision operations of
; bcd.asm, so that the digits are the ones MSX shows. The algorithms:
; - SIN: x/(2 pi), its fraction f folded to [-0.25, 0.25] (f, 0.5-f or f-1),
;   then an odd polynomial of 8 terms in f; COS(x) = SIN over 0.25 - |x|/2pi;
;   TAN = SIN/COS (Overflow when COS is 0).
; - ATN: 1/x above 1 (then pi/2 - result), the argument reduced by 30 degrees
;   above tan 15 (then + pi/6), an odd polynomial of 8 terms.
; - LOG: the mantissa y in [sqrt(10)/10, sqrt(10)), z = (y-1)/(y+1),
;   z (0.8686 + z^2 P4(z^2)/P5(z^2)) is LOG10(y); (exponent + that) * ln 10.
; - EXP: y = x LOG10(e) = n + f (n = CINT, truncated); 10^f as a rational
;   function (odd polynomial of 3 terms, even of 4) of f (or f - 0.5, then
;   times sqrt(10)); the exponent byte plus n (Overflow when it wraps).
; - SQR: a first guess from the exponent and the first digits, then 7
;   Newton steps g = (x/g + g) / 2.
; - `^`: an integral exponent (-32768..32767) by repeated squaring
;   (MPB_POW_INT), any other as EXP(LOG(base) * exponent).
; All functions take and give doubles (the ROM converts the argument to a
; double first, C4F2A, and the result is a double).
; ---------------------------------------------------------------------------


; Pushes MP_ARG / MP_DAC (8 bytes) on the caller's stack (ROM PHA/PHF).
MPF_MPUSHA:
        ld hl,MP_ARG+7
        jr MPF_MPUSHX
MPF_MPUSHD:
        ld hl,MP_DAC+7
        jr MPF_MPUSHX
MPF_MPUSHX:
        pop de
        ld a,4
MPF_MPUSHX_L:     ld b,(hl)
        dec hl
        ld c,(hl)
        dec hl
        push bc
        dec a
        jr nz,MPF_MPUSHX_L
        ex de,hl
        jp (hl)

; Pops 8 bytes from the caller's stack into MP_ARG / MP_DAC (PPA/PPF).
MPF_MPOPA:
        ld hl,MP_ARG
        jr MPF_MPOPX
MPF_MPOPD:
        ld hl,MP_DAC
        jr MPF_MPOPX
MPF_MPOPX:
        pop de
        ld a,4
MPF_MPOPX_L:     pop bc
        ld (hl),c
        inc hl
        ld (hl),b
        inc hl
        dec a
        jr nz,MPF_MPOPX_L
        ex de,hl
        jp (hl)

; Exchanges MP_DAC with the 8 bytes on top of the caller's stack (XTF);
; MP_ARG is lost.
MPF_MXTF:
        pop hl
        ld (MP_MRET),hl
        call MPF_MPOPA
        call MPF_MPUSHD
        call MPF_MDACA
        ld hl,(MP_MRET)
        jp (hl)

; MP_DAC = MP_ARG.
MPF_MDACA:
        ld hl,MP_ARG
        jp MPB_LOAD_DAC

; MP_ARG = MP_DAC.
MPF_MARG:
        ld hl,MP_DAC
        jp MPB_LOAD_ARG

; DAC = DAC + / - / * the constant at HL; A = DAC compared with it
; (1, 0, 0FFh); DAC = DAC^2.
MPF_MCADD:
        call MPB_LOAD_ARG
        jp MPB_ADD
MPF_MCSUB:
        call MPB_LOAD_ARG
        jp MPB_SUB
MPF_MCMUL:
        call MPB_LOAD_ARG
        jp MPB_MUL
MPF_MCCMP:
        call MPB_LOAD_ARG
        jp MPB_CMP
MPF_MSQ:
        ld hl,MP_DAC
        jr MPF_MCMUL

; DAC = P(DAC) for the table at HL (a count, then the coefficients from the
; highest power), by Horner's rule (ROM C2CA3).
MPF_MPOLY:
        ld a,(hl)
        inc hl
        push af
        push hl
        ld hl,MP_MT
        call MPB_STORE_DAC      ; the variable
        pop hl
        call MPB_LOAD_DAC       ; HL moves to the next coefficient
MPF_MPOLY_L:     pop af
        dec a
        ret z
        push af
        push hl
        ld hl,MP_MT
        call MPF_MCMUL
        pop hl
        call MPB_LOAD_ARG
        push hl
        call MPB_ADD
        pop hl
        jr MPF_MPOLY_L

; DAC = P(DAC^2) (ROM C2C9A).
MPF_MPEVEN:
        push hl
        call MPF_MSQ
        pop hl
        jr MPF_MPOLY

; DAC = DAC * P(DAC^2) (ROM C2C88).
MPF_MPODD:
        ld (MP_MTAB),hl
        call MPF_MPUSHD
        ld hl,(MP_MTAB)
        call MPF_MPEVEN
        call MPF_MPOPA
        jp MPB_MUL

; Called (conditionally) from a function with a negative DAC: makes it
; positive and negates the function's result when it returns (ROM C2C80).
MPF_MNEGAFTER:
        call MPB_NEG
        ld hl,MPB_NEG
        ex (sp),hl
        jp (hl)

; SIN(DAC).
MPF_SIN:
        ld hl,MPF_K_1O2PI
        call MPF_MCMUL
        jr MPF_SINR

; COS(DAC).
MPF_COS:
        ld hl,MPF_K_1O2PI
        call MPF_MCMUL
        ld hl,MP_DAC
        res 7,(hl)
        ld hl,MPF_K_QUARTER
        call MPF_MCSUB
        call MPB_NEG
        jr MPF_SINR

; SIN of DAC turns (ROM J29B2).
MPF_SINR:
        ld a,(MP_DAC)
        or a
        call m,MPF_MNEGAFTER
        call MPF_MPUSHD
        call MPB_INT
        call MPF_MARG
        call MPF_MPOPD
        call MPB_SUB            ; f = the fraction, 0 <= f < 1
        ld a,(MP_DAC)
        cp 40h
        jr c,MPF_SINR_POLY              ; f < 0.1
        ld a,(MP_DAC+1)
        cp 25h
        jr c,MPF_SINR_POLY              ; f < 0.25
        cp 75h
        jr nc,MPF_SINR_M1
        call MPF_MARG        ; 0.25 <= f < 0.75: 0.5 - f
        ld hl,MPF_K_HALF
        call MPB_LOAD_DAC
        call MPB_SUB
        jr MPF_SINR_POLY
MPF_SINR_M1:    ld hl,MPF_K_ONE      ; f >= 0.75: f - 1
        call MPF_MCSUB
MPF_SINR_POLY:  ld hl,MPF_K_SIN
        jp MPF_MPODD

; TAN(DAC) = SIN/COS; Overflow when COS is 0.
MPF_TAN:
        call MPF_MPUSHD
        call MPF_COS
        call MPF_MXTF
        call MPF_SIN
        call MPF_MPOPA
        ld a,(MP_ARG)
        or a
        jp z,MPB_OVERFLOW
        jp MPB_DIV

; ATN(DAC).
MPF_ATN:
        ld a,(MP_DAC)
        or a
        ret z
        call m,MPF_MNEGAFTER
        cp 41h
        jr c,MPF_ATN1        ; |x| < 1
        call MPF_MARG
        ld hl,MPF_K_ONE
        call MPB_LOAD_DAC
        call MPB_DIV            ; 1/x
        call MPF_ATN1
        call MPF_MARG
        ld hl,MPF_K_PI2
        call MPB_LOAD_DAC
        jp MPB_SUB              ; pi/2 - ATN(1/x)

; ATN for 0 < x < 1 (ROM C2A3C).
MPF_ATN1:
        ld hl,MPF_K_TAN15
        call MPF_MCCMP
        or a
        jp m,MPF_ATN2
        call MPF_MPUSHD      ; (x sqrt3 - 1) / (x + sqrt3), then + pi/6
        ld hl,MPF_K_SQRT3
        call MPF_MCADD
        call MPF_MXTF
        ld hl,MPF_K_SQRT3
        call MPF_MCMUL
        ld hl,MPF_K_ONE
        call MPF_MCSUB
        call MPF_MPOPA
        call MPB_DIV
        call MPF_ATN2
        ld hl,MPF_K_PI6
        jp MPF_MCADD

MPF_ATN2:
        ld hl,MPF_K_ATN
        jp MPF_MPODD

; LOG(DAC); Illegal function call for DAC <= 0.
MPF_LOG:
        call MPB_SGN
        jp z,MPF_FCERR
        jp m,MPF_FCERR
        ld hl,MP_DAC
        ld a,(hl)
        push af                 ; the exponent byte
        ld (hl),41h             ; y = the mantissa in [1, 10)
        ld hl,MPF_K_SQRT10
        call MPF_MCCMP
        or a
        jp m,MPF_LOG_LOW
        pop af                  ; y >= sqrt(10): y / 10
        inc a
        push af
        ld hl,MP_DAC
        dec (hl)
MPF_LOG_LOW:   pop af
        ld (MP_MEXP),a
        call MPF_MPUSHD      ; z = (y - 1) / (y + 1)
        ld hl,MPF_K_ONE
        call MPF_MCADD
        call MPF_MXTF
        ld hl,MPF_K_ONE
        call MPF_MCSUB
        call MPF_MPOPA
        call MPB_DIV
        call MPF_MPUSHD      ; z
        call MPF_MSQ
        call MPF_MPUSHD      ; z^2
        call MPF_MPUSHD      ; z^2
        ld hl,MPF_K_LOGQ
        call MPF_MPOLY
        call MPF_MXTF
        ld hl,MPF_K_LOGP
        call MPF_MPOLY
        call MPF_MPOPA
        call MPB_DIV
        call MPF_MPOPA
        call MPB_MUL
        ld hl,MPF_K_2OLN10
        call MPF_MCADD
        call MPF_MPOPA
        call MPB_MUL            ; LOG10(y)
        call MPF_MPUSHD
        ld a,(MP_MEXP)
        sub 41h
        ld l,a
        add a,a
        sbc a,a
        ld h,a
        call MPB_FROM_INT
        call MPF_MPOPA
        call MPB_ADD
        ld hl,MPF_K_LN10
        jp MPF_MCMUL

; SQR(DAC); Illegal function call below 0.
MPF_SQR:
        call MPB_SGN
        ret z
        jp m,MPF_FCERR
        call MPF_MARG        ; the first guess (ROM C2AFF)
        ld a,(MP_DAC)
        or a
        rra
        adc a,20h
        ld (MP_ARG),a
        ld a,(MP_DAC+1)
        or a
        rrca
        or a
        rrca
        and 33h
        add a,10h
        ld (MP_ARG+1),a
        ld a,7
MPF_SQR_L:     ld (MP_MEXP),a
        call MPF_MPUSHD
        call MPF_MPUSHA
        call MPB_DIV
        call MPF_MPOPA
        call MPB_ADD
        ld hl,MPF_K_HALF
        call MPF_MCMUL
        call MPF_MARG
        call MPF_MPOPD
        ld a,(MP_MEXP)
        dec a
        jr nz,MPF_SQR_L
        jp MPF_MDACA

; EXP(DAC); Overflow when too large, 0 when far below.
MPF_EXP:
        ld hl,MPF_K_LOG10E
        call MPF_MCMUL
        call MPF_MPUSHD
        call MPB_TO_INT         ; n (Overflow beyond -32768..32767)
        ld a,l
        rla
        sbc a,a
        cp h
        jr z,MPF_EXP_N                 ; n fits in a byte
        ld a,h
        or a
        jp p,MPB_OVERFLOW
        call MPF_MPOPD
        jp MPB_ZERO
MPF_EXP_N:     ld a,l
        ld (MP_MEXP),a
        call MPB_FROM_INT
        call MPF_MARG
        call MPF_MPOPD
        call MPB_SUB            ; f = y - n, -1 < f < 1
        ld hl,MPF_K_HALF
        call MPF_MCCMP
        push af                 ; A = 1 when f > 0.5
        cp 1
        jr nz,MPF_EXP_F
        ld hl,MPF_K_HALF
        call MPF_MCSUB
MPF_EXP_F:     call MPF_MPUSHD
        ld hl,MPF_K_EXPO
        call MPF_MPODD       ; Po
        call MPF_MXTF
        ld hl,MPF_K_EXPE
        call MPF_MPEVEN      ; Pe
        call MPF_MPOPA
        call MPF_MPUSHA
        call MPF_MPUSHD
        call MPB_SUB
        ld hl,MP_MT2
        call MPB_STORE_DAC      ; Pe - Po
        call MPF_MPOPA
        call MPF_MPOPD
        call MPB_ADD            ; Po + Pe
        ld hl,MP_MT2
        call MPB_LOAD_ARG
        call MPB_DIV
        pop af
        cp 1
        jr nz,MPF_EXP_X
        ld hl,MPF_K_SQRT10
        call MPF_MCMUL
MPF_EXP_X:     ld a,(MP_MEXP)
        ld hl,MP_DAC
        ld c,(hl)
        add a,(hl)
        ld (hl),a
        xor c
        ret p
        jp MPB_OVERFLOW

; DAC = DAC ^ (the 8-byte number at HL) (ROM DBLEXP C37D7). x^0 is 1;
; 0^negative is Division by zero; a negative base with a non-integral
; exponent is Illegal function call (LOG).
MPF_POW:
        call MPB_LOAD_ARG
        ld a,(MP_ARG)
        or a
        jr nz,MPF_POW_NZ
        ld hl,MPF_K_ONE
        jp MPB_LOAD_DAC
MPF_POW_NZ:    ld h,a
        ld a,(MP_DAC)
        or a
        jr nz,MPF_POW_BASE
        bit 7,h
        jp nz,MPB_DIV_ZERO
        ret
MPF_POW_BASE:  call MPF_MPUSHD      ; the base
        call MPF_MDACA
        call MPF_MPUSHA
        call MPB_INT
        call MPF_MPOPA
        call MPB_CMP
        or a
        jr nz,MPF_POW_REAL             ; not integral
        call MPF_MFITS
        jr c,MPF_POW_REAL
        call MPB_TO_INT
        ld (MP_MTAB),hl
        call MPF_MPOPD
        ld hl,(MP_MTAB)
        jp MPB_POW_INT
MPF_POW_REAL:  call MPF_MDACA       ; the exponent
        call MPF_MXTF        ; DAC = base, the exponent on the stack
        call MPF_LOG
        call MPF_MPOPA
        call MPB_MUL
        jp MPF_EXP

; Carry when the integral DAC is outside -32768..32767.
MPF_MFITS:
        ld a,(MP_DAC)
        ld c,a
        and 7Fh
        cp 45h
        jr c,MPF_MFITS_OK                ; below 10000
        scf
        ret nz
        ld hl,MP_DAC+1         ; five digits: up to 32767 (32768 if < 0)
        ld a,(hl)
        cp 32h
        jr c,MPF_MFITS_OK
        scf
        ret nz
        inc hl
        ld a,(hl)
        cp 76h
        jr c,MPF_MFITS_OK
        scf
        ret nz
        inc hl
        ld a,(hl)
        and 0F0h
        ld b,70h
        bit 7,c
        jr z,MPF_MFITS_P
        ld b,80h
MPF_MFITS_P:     cp b
        jr c,MPF_MFITS_OK
        scf
        ret nz
MPF_MFITS_OK:    or a
        ret

; The constants and coefficients (ROM I2D09-I2E30) are in funck1-4.asm,
; placed in gaps between the entries.
