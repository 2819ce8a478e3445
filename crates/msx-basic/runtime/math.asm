; ---------------------------------------------------------------------------
; math.asm - SQR, SIN, COS, TAN, ATN, LOG, EXP and `^` for compiled
; MSX-BASIC programs, computed the way the MSX-BASIC math pack computes them
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
;   (bcd_pow_int), any other as EXP(LOG(base) * exponent).
; All functions take and give doubles (the ROM converts the argument to a
; double first, C4F2A, and the result is a double).
; ---------------------------------------------------------------------------

;@var rt_bas_mt 8
;@var rt_bas_mt2 8
;@var rt_bas_mret 2
;@var rt_bas_mtab 2
;@var rt_bas_mexp 1

; Pushes BCD_ARG / BCD_DAC (8 bytes) on the caller's stack (ROM PHA/PHF).
rt_bas_mpusha:
        ld hl,BCD_ARG+7
        jr rt_bas_mpushx
rt_bas_mpushd:
        ld hl,BCD_DAC+7
        jr rt_bas_mpushx
rt_bas_mpushx:
        pop de
        ld a,4
.l:     ld b,(hl)
        dec hl
        ld c,(hl)
        dec hl
        push bc
        dec a
        jr nz,.l
        ex de,hl
        jp (hl)

; Pops 8 bytes from the caller's stack into BCD_ARG / BCD_DAC (PPA/PPF).
rt_bas_mpopa:
        ld hl,BCD_ARG
        jr rt_bas_mpopx
rt_bas_mpopd:
        ld hl,BCD_DAC
        jr rt_bas_mpopx
rt_bas_mpopx:
        pop de
        ld a,4
.l:     pop bc
        ld (hl),c
        inc hl
        ld (hl),b
        inc hl
        dec a
        jr nz,.l
        ex de,hl
        jp (hl)

; Exchanges BCD_DAC with the 8 bytes on top of the caller's stack (XTF);
; BCD_ARG is lost.
rt_bas_mxtf:
        pop hl
        ld (rt_bas_mret),hl
        call rt_bas_mpopa
        call rt_bas_mpushd
        call rt_bas_mdaca
        ld hl,(rt_bas_mret)
        jp (hl)

; BCD_DAC = BCD_ARG.
rt_bas_mdaca:
        ld hl,BCD_ARG
        jp bcd_load_dac

; BCD_ARG = BCD_DAC.
rt_bas_marg:
        ld hl,BCD_DAC
        jp bcd_load_arg

; DAC = DAC + / - / * the constant at HL; A = DAC compared with it
; (1, 0, 0FFh); DAC = DAC^2.
rt_bas_mcadd:
        call bcd_load_arg
        jp bcd_add
rt_bas_mcsub:
        call bcd_load_arg
        jp bcd_sub
rt_bas_mcmul:
        call bcd_load_arg
        jp bcd_mul
rt_bas_mccmp:
        call bcd_load_arg
        jp bcd_cmp
rt_bas_msq:
        ld hl,BCD_DAC
        jr rt_bas_mcmul

; DAC = P(DAC) for the table at HL (a count, then the coefficients from the
; highest power), by Horner's rule (ROM C2CA3).
rt_bas_mpoly:
        ld a,(hl)
        inc hl
        push af
        push hl
        ld hl,rt_bas_mt
        call bcd_store_dac      ; the variable
        pop hl
        call bcd_load_dac       ; HL moves to the next coefficient
.l:     pop af
        dec a
        ret z
        push af
        push hl
        ld hl,rt_bas_mt
        call rt_bas_mcmul
        pop hl
        call bcd_load_arg
        push hl
        call bcd_add
        pop hl
        jr .l

; DAC = P(DAC^2) (ROM C2C9A).
rt_bas_mpeven:
        push hl
        call rt_bas_msq
        pop hl
        jr rt_bas_mpoly

; DAC = DAC * P(DAC^2) (ROM C2C88).
rt_bas_mpodd:
        ld (rt_bas_mtab),hl
        call rt_bas_mpushd
        ld hl,(rt_bas_mtab)
        call rt_bas_mpeven
        call rt_bas_mpopa
        jp bcd_mul

; Called (conditionally) from a function with a negative DAC: makes it
; positive and negates the function's result when it returns (ROM C2C80).
rt_bas_mnegafter:
        call bcd_neg
        ld hl,bcd_neg
        ex (sp),hl
        jp (hl)

; SIN(DAC).
rt_bas_sin:
        ld hl,rt_bas_k_1o2pi
        call rt_bas_mcmul
        jr rt_bas_sinr

; COS(DAC).
rt_bas_cos:
        ld hl,rt_bas_k_1o2pi
        call rt_bas_mcmul
        ld hl,BCD_DAC
        res 7,(hl)
        ld hl,rt_bas_k_quarter
        call rt_bas_mcsub
        call bcd_neg
        jr rt_bas_sinr

; SIN of DAC turns (ROM J29B2).
rt_bas_sinr:
        ld a,(BCD_DAC)
        or a
        call m,rt_bas_mnegafter
        call rt_bas_mpushd
        call rt_bcd_int
        call rt_bas_marg
        call rt_bas_mpopd
        call bcd_sub            ; f = the fraction, 0 <= f < 1
        ld a,(BCD_DAC)
        cp 40h
        jr c,.poly              ; f < 0.1
        ld a,(BCD_DAC+1)
        cp 25h
        jr c,.poly              ; f < 0.25
        cp 75h
        jr nc,.m1
        call rt_bas_marg        ; 0.25 <= f < 0.75: 0.5 - f
        ld hl,rt_bas_k_half
        call bcd_load_dac
        call bcd_sub
        jr .poly
.m1:    ld hl,rt_bas_k_one      ; f >= 0.75: f - 1
        call rt_bas_mcsub
.poly:  ld hl,rt_bas_k_sin
        jp rt_bas_mpodd

; TAN(DAC) = SIN/COS; Overflow when COS is 0.
rt_bas_tan:
        call rt_bas_mpushd
        call rt_bas_cos
        call rt_bas_mxtf
        call rt_bas_sin
        call rt_bas_mpopa
        ld a,(BCD_ARG)
        or a
        jp z,bcd_overflow
        jp bcd_div

; ATN(DAC).
rt_bas_atn:
        ld a,(BCD_DAC)
        or a
        ret z
        call m,rt_bas_mnegafter
        cp 41h
        jr c,rt_bas_atn1        ; |x| < 1
        call rt_bas_marg
        ld hl,rt_bas_k_one
        call bcd_load_dac
        call bcd_div            ; 1/x
        call rt_bas_atn1
        call rt_bas_marg
        ld hl,rt_bas_k_pi2
        call bcd_load_dac
        jp bcd_sub              ; pi/2 - ATN(1/x)

; ATN for 0 < x < 1 (ROM C2A3C).
rt_bas_atn1:
        ld hl,rt_bas_k_tan15
        call rt_bas_mccmp
        or a
        jp m,rt_bas_atn2
        call rt_bas_mpushd      ; (x sqrt3 - 1) / (x + sqrt3), then + pi/6
        ld hl,rt_bas_k_sqrt3
        call rt_bas_mcadd
        call rt_bas_mxtf
        ld hl,rt_bas_k_sqrt3
        call rt_bas_mcmul
        ld hl,rt_bas_k_one
        call rt_bas_mcsub
        call rt_bas_mpopa
        call bcd_div
        call rt_bas_atn2
        ld hl,rt_bas_k_pi6
        jp rt_bas_mcadd

rt_bas_atn2:
        ld hl,rt_bas_k_atn
        jp rt_bas_mpodd

; LOG(DAC); Illegal function call for DAC <= 0.
rt_bas_log:
        call bcd_sgn
        jp z,rt_bas_fcerr
        jp m,rt_bas_fcerr
        ld hl,BCD_DAC
        ld a,(hl)
        push af                 ; the exponent byte
        ld (hl),41h             ; y = the mantissa in [1, 10)
        ld hl,rt_bas_k_sqrt10
        call rt_bas_mccmp
        or a
        jp m,.low
        pop af                  ; y >= sqrt(10): y / 10
        inc a
        push af
        ld hl,BCD_DAC
        dec (hl)
.low:   pop af
        ld (rt_bas_mexp),a
        call rt_bas_mpushd      ; z = (y - 1) / (y + 1)
        ld hl,rt_bas_k_one
        call rt_bas_mcadd
        call rt_bas_mxtf
        ld hl,rt_bas_k_one
        call rt_bas_mcsub
        call rt_bas_mpopa
        call bcd_div
        call rt_bas_mpushd      ; z
        call rt_bas_msq
        call rt_bas_mpushd      ; z^2
        call rt_bas_mpushd      ; z^2
        ld hl,rt_bas_k_logq
        call rt_bas_mpoly
        call rt_bas_mxtf
        ld hl,rt_bas_k_logp
        call rt_bas_mpoly
        call rt_bas_mpopa
        call bcd_div
        call rt_bas_mpopa
        call bcd_mul
        ld hl,rt_bas_k_2oln10
        call rt_bas_mcadd
        call rt_bas_mpopa
        call bcd_mul            ; LOG10(y)
        call rt_bas_mpushd
        ld a,(rt_bas_mexp)
        sub 41h
        ld l,a
        add a,a
        sbc a,a
        ld h,a
        call bcd_from_int
        call rt_bas_mpopa
        call bcd_add
        ld hl,rt_bas_k_ln10
        jp rt_bas_mcmul

; SQR(DAC); Illegal function call below 0.
rt_bas_sqr:
        call bcd_sgn
        ret z
        jp m,rt_bas_fcerr
        call rt_bas_marg        ; the first guess (ROM C2AFF)
        ld a,(BCD_DAC)
        or a
        rra
        adc a,20h
        ld (BCD_ARG),a
        ld a,(BCD_DAC+1)
        or a
        rrca
        or a
        rrca
        and 33h
        add a,10h
        ld (BCD_ARG+1),a
        ld a,7
.l:     ld (rt_bas_mexp),a
        call rt_bas_mpushd
        call rt_bas_mpusha
        call bcd_div
        call rt_bas_mpopa
        call bcd_add
        ld hl,rt_bas_k_half
        call rt_bas_mcmul
        call rt_bas_marg
        call rt_bas_mpopd
        ld a,(rt_bas_mexp)
        dec a
        jr nz,.l
        jp rt_bas_mdaca

; EXP(DAC); Overflow when too large, 0 when far below.
rt_bas_exp:
        ld hl,rt_bas_k_log10e
        call rt_bas_mcmul
        call rt_bas_mpushd
        call bcd_to_int         ; n (Overflow beyond -32768..32767)
        ld a,l
        rla
        sbc a,a
        cp h
        jr z,.n                 ; n fits in a byte
        ld a,h
        or a
        jp p,bcd_overflow
        call rt_bas_mpopd
        jp bcd_zero
.n:     ld a,l
        ld (rt_bas_mexp),a
        call bcd_from_int
        call rt_bas_marg
        call rt_bas_mpopd
        call bcd_sub            ; f = y - n, -1 < f < 1
        ld hl,rt_bas_k_half
        call rt_bas_mccmp
        push af                 ; A = 1 when f > 0.5
        cp 1
        jr nz,.f
        ld hl,rt_bas_k_half
        call rt_bas_mcsub
.f:     call rt_bas_mpushd
        ld hl,rt_bas_k_expo
        call rt_bas_mpodd       ; Po
        call rt_bas_mxtf
        ld hl,rt_bas_k_expe
        call rt_bas_mpeven      ; Pe
        call rt_bas_mpopa
        call rt_bas_mpusha
        call rt_bas_mpushd
        call bcd_sub
        ld hl,rt_bas_mt2
        call bcd_store_dac      ; Pe - Po
        call rt_bas_mpopa
        call rt_bas_mpopd
        call bcd_add            ; Po + Pe
        ld hl,rt_bas_mt2
        call bcd_load_arg
        call bcd_div
        pop af
        cp 1
        jr nz,.x
        ld hl,rt_bas_k_sqrt10
        call rt_bas_mcmul
.x:     ld a,(rt_bas_mexp)
        ld hl,BCD_DAC
        ld c,(hl)
        add a,(hl)
        ld (hl),a
        xor c
        ret p
        jp bcd_overflow

; DAC = DAC ^ (the 8-byte number at HL) (ROM DBLEXP C37D7). x^0 is 1;
; 0^negative is Division by zero; a negative base with a non-integral
; exponent is Illegal function call (LOG).
rt_bas_pow:
        call bcd_load_arg
        ld a,(BCD_ARG)
        or a
        jr nz,.nz
        ld hl,rt_bas_k_one
        jp bcd_load_dac
.nz:    ld h,a
        ld a,(BCD_DAC)
        or a
        jr nz,.base
        bit 7,h
        jp nz,bcd_div_zero
        ret
.base:  call rt_bas_mpushd      ; the base
        call rt_bas_mdaca
        call rt_bas_mpusha
        call rt_bcd_int
        call rt_bas_mpopa
        call bcd_cmp
        or a
        jr nz,.real             ; not integral
        call rt_bas_mfits
        jr c,.real
        call bcd_to_int
        ld (rt_bas_mtab),hl
        call rt_bas_mpopd
        ld hl,(rt_bas_mtab)
        jp rt_bcd_powi
.real:  call rt_bas_mdaca       ; the exponent
        call rt_bas_mxtf        ; DAC = base, the exponent on the stack
        call rt_bas_log
        call rt_bas_mpopa
        call bcd_mul
        jp rt_bas_exp

; Carry when the integral DAC is outside -32768..32767.
rt_bas_mfits:
        ld a,(BCD_DAC)
        ld c,a
        and 7Fh
        cp 45h
        jr c,.ok                ; below 10000
        scf
        ret nz
        ld hl,BCD_DAC+1         ; five digits: up to 32767 (32768 if < 0)
        ld a,(hl)
        cp 32h
        jr c,.ok
        scf
        ret nz
        inc hl
        ld a,(hl)
        cp 76h
        jr c,.ok
        scf
        ret nz
        inc hl
        ld a,(hl)
        and 0F0h
        ld b,70h
        bit 7,c
        jr z,.p
        ld b,80h
.p:     cp b
        jr c,.ok
        scf
        ret nz
.ok:    or a
        ret

; The constants and coefficients (ROM I2D09-I2E30).
rt_bas_k_half:
        db 40h,50h,00h,00h,00h,00h,00h,00h      ; 0.5
rt_bas_k_one:
        db 41h,10h,00h,00h,00h,00h,00h,00h      ; 1
rt_bas_k_quarter:
        db 40h,25h,00h,00h,00h,00h,00h,00h      ; 0.25
rt_bas_k_log10e:
        db 40h,43h,42h,94h,48h,19h,03h,24h      ; 0.43429448190324
rt_bas_k_sqrt10:
        db 41h,31h,62h,27h,76h,60h,16h,84h      ; 3.1622776601684
rt_bas_k_2oln10:
        db 40h,86h,85h,88h,96h,38h,06h,50h      ; 0.86858896380650
rt_bas_k_ln10:
        db 41h,23h,02h,58h,50h,92h,99h,40h      ; 2.3025850929940
rt_bas_k_pi2:
        db 41h,15h,70h,79h,63h,26h,79h,49h      ; 1.5707963267949
rt_bas_k_tan15:
        db 40h,26h,79h,49h,19h,24h,31h,12h      ; 0.26794919243112
rt_bas_k_sqrt3:
        db 41h,17h,32h,05h,08h,07h,56h,89h      ; 1.7320508075689
rt_bas_k_pi6:
        db 40h,52h,35h,98h,77h,55h,98h,30h      ; 0.52359877559830
rt_bas_k_1o2pi:
        db 40h,15h,91h,54h,94h,30h,91h,90h      ; 0.15915494309190
rt_bas_k_expe:
        db 4
        db 41h,10h,00h,00h,00h,00h,00h,00h      ; 1
        db 43h,15h,93h,74h,15h,23h,60h,31h      ; 159.37415236031
        db 44h,27h,09h,31h,69h,40h,85h,16h      ; 2709.3169408516
        db 44h,44h,97h,63h,35h,57h,40h,58h      ; 4497.6335574058
rt_bas_k_expo:
        db 3
        db 42h,18h,31h,23h,60h,15h,92h,75h      ; 18.312360159275
        db 43h,83h,14h,06h,72h,12h,93h,71h      ; 831.40672129371
        db 44h,51h,78h,09h,19h,91h,51h,62h      ; 5178.0919915162
rt_bas_k_logp:
        db 4
        db 0C0h,71h,43h,33h,82h,15h,32h,26h     ; -0.71433382153226
        db 41h,62h,50h,36h,51h,12h,79h,08h      ; 6.2503651127908
        db 0C2h,13h,68h,23h,70h,24h,15h,03h     ; -13.682370241503
        db 41h,85h,16h,73h,19h,87h,23h,89h      ; 8.5167319872389
rt_bas_k_logq:
        db 5
        db 41h,10h,00h,00h,00h,00h,00h,00h      ; 1
        db 0C2h,13h,21h,04h,78h,35h,01h,56h     ; -13.210478350156
        db 42h,47h,92h,52h,56h,04h,38h,73h      ; 47.925256043873
        db 0C2h,64h,90h,66h,82h,74h,09h,43h     ; -64.906682740943
        db 42h,29h,41h,57h,50h,17h,23h,23h      ; 29.415750172323
rt_bas_k_sin:
        db 8
        db 0C0h,69h,21h,56h,92h,29h,18h,09h     ; -0.69215692291809
        db 41h,38h,17h,28h,86h,38h,57h,71h      ; 3.8172886385771
        db 0C2h,15h,09h,44h,99h,47h,48h,01h     ; -15.094499474801
        db 42h,42h,05h,86h,89h,66h,73h,55h      ; 42.058689667355
        db 0C2h,76h,70h,58h,59h,68h,32h,91h     ; -76.705859683291
        db 42h,81h,60h,52h,49h,27h,55h,13h      ; 81.605249275513
        db 0C2h,41h,34h,17h,02h,24h,03h,98h     ; -41.341702240398
        db 41h,62h,83h,18h,53h,07h,17h,96h      ; 6.2831853071796
rt_bas_k_atn:
        db 8
        db 0BFh,52h,08h,69h,39h,04h,00h,00h     ; -0.05208693904
        db 3Fh,75h,30h,71h,49h,13h,48h,00h      ; 0.0753071491348
        db 0BFh,90h,81h,34h,32h,24h,70h,50h     ; -0.09081343224705
        db 40h,11h,11h,07h,94h,18h,40h,29h      ; 0.11110794184029
        db 0C0h,14h,28h,57h,08h,55h,48h,84h     ; -0.14285708554884
        db 40h,19h,99h,99h,99h,94h,89h,67h      ; 0.19999999948967
        db 0C0h,33h,33h,33h,33h,33h,31h,60h     ; -0.3333333333316
        db 41h,10h,00h,00h,00h,00h,00h,00h      ; 1
