; Real numbers in Turbo Pascal 3's 6-byte format: byte 0 the exponent (bias 80h, 0 means
; the value 0), bytes 1..5 the mantissa lowest byte first, whose top bit (always 1) is
; not stored: bit 7 of byte 5 is the sign. The value is 0.1mmm... x 2^(exponent - 80h).
;
; Arithmetic works on unpacked work registers of 9 bytes: the exponent as a signed word
; (so that overflow and underflow are seen before packing), the sign (0 or 80h), and a
; 48-bit mantissa lowest byte first with the top bit shown: the 40 stored bits and a
; guard byte below them. Results are rounded to 40 bits (round half up on the guard
; byte) when packed; the shifted-out bits below the guard byte are dropped, so + - * /
; are within one unit of the last place. Errors stop the program with TP3's messages:
; overflow (TP3's run-time error 01), division by zero (02), Sqrt of a negative (03),
; Ln of a value <= 0 (04), Trunc/Round outside the integer range (92). Underflow
; gives 0.
;
; Public routines take the addresses of packed reals: HL = first operand, DE = second,
; BC = the result's place (which may be one of the operands).

;@var rt_fa 9
;@var rt_fb 9
;@var rt_fp 13
;@var rt_fx1 9
;@var rt_fx2 9
;@var rt_fxk 2
;@var rt_fxq 1
;@var rt_fxs 1

; ---- packing

; Unpacks the real at HL into the work register at DE. Keeps nothing.
rt_funpk:
        ld a,(hl)
        ld (de),a
        inc de
        xor a
        ld (de),a
        inc de
        push hl
        ld bc,5
        add hl,bc
        ld a,(hl)
        and 80h
        ld (de),a
        inc de
        pop hl
        xor a
        ld (de),a               ; the guard byte
        inc de
        inc hl
        ld bc,5
        ldir
        dec de
        ld a,(de)
        or 80h                  ; the hidden bit
        ld (de),a
        ret

; Unpacks HL into rt_fa and DE into rt_fb.
rt_fld2:
        push de
        ld de,rt_fa
        call rt_funpk
        pop hl
        ld de,rt_fb
        jp rt_funpk

; Packs rt_fa into the real at DE: rounds the guard byte away, gives 0 on underflow,
; stops with "Floating point overflow" above the range.
rt_fpack:
        ld hl,(rt_fa)
        ld a,h
        or l
        jr z,.zero
        ld a,(rt_fa+3)
        add a,a
        jr nc,.done
        ld hl,rt_fa+4
        ld b,5
.inc:   inc (hl)
        jr nz,.done
        inc hl
        djnz .inc
        ld a,80h                ; 0.11...1 rounded up to 1.0: 0.1 x 2
        ld (rt_fa+8),a
        ld hl,(rt_fa)
        inc hl
        ld (rt_fa),hl
.done:  ld hl,(rt_fa)
        bit 7,h
        jr nz,.zero
        ld a,h
        or a
        jp nz,rt_fovf
        or l
        jr z,.zero
        ld (de),a
        inc de
        ld hl,rt_fa+4
        ld bc,4
        ldir
        ld a,(rt_fa+2)
        ld b,a
        ld a,(hl)
        and 7Fh
        or b
        ld (de),a
        ret
.zero:  xor a
        ld b,6
.z:     ld (de),a
        inc de
        djnz .z
        ret

; rt_fa = 0.
rt_fzero:
        ld hl,rt_fa
        ld b,9
        xor a
.l:     ld (hl),a
        inc hl
        djnz .l
        ret

; ---- run-time errors

rt_ferr:
        ld de,0
        call rt_wstr
        call rt_wln
        jp rt_halt

rt_fovf:
        ld hl,.msg
        jp rt_ferr
.msg:   db 23,"Floating point overflow"

rt_fdivz:
        ld hl,.msg
        jp rt_ferr
.msg:   db 16,"Division by zero"

rt_fsqrterr:
        ld hl,.msg
        jp rt_ferr
.msg:   db 19,"Sqrt argument error"

rt_flnerr:
        ld hl,.msg
        jp rt_ferr
.msg:   db 17,"Ln argument error"

rt_finterr:
        ld hl,.msg
        jp rt_ferr
.msg:   db 20,"Out of integer range"

; ---- 48-bit mantissa helpers (unrolled; BC and the other pair are kept)

; Shifts the 6 bytes whose highest is at HL right by one bit, the carry coming in at
; the top; the bit shifted out is left in the carry.
rt_fshr6c:
        rr (hl)
        dec hl
        rr (hl)
        dec hl
        rr (hl)
        dec hl
        rr (hl)
        dec hl
        rr (hl)
        dec hl
        rr (hl)
        ret

; Shifts the 6 bytes from HL (the lowest) left by one bit, the carry coming in.
rt_fshl6c:
        rl (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
        ret

; (HL) += (DE), 6 bytes lowest first; carry out.
rt_fadd6:
        ld a,(de)
        add a,(hl)
        ld (hl),a
        inc hl
        inc de
        ld a,(de)
        adc a,(hl)
        ld (hl),a
        inc hl
        inc de
        ld a,(de)
        adc a,(hl)
        ld (hl),a
        inc hl
        inc de
        ld a,(de)
        adc a,(hl)
        ld (hl),a
        inc hl
        inc de
        ld a,(de)
        adc a,(hl)
        ld (hl),a
        inc hl
        inc de
        ld a,(de)
        adc a,(hl)
        ld (hl),a
        ret

; (DE) -= (HL), 6 bytes lowest first; borrow in the carry.
rt_fsub6:
        ld a,(de)
        sub (hl)
        ld (de),a
        inc hl
        inc de
        ld a,(de)
        sbc a,(hl)
        ld (de),a
        inc hl
        inc de
        ld a,(de)
        sbc a,(hl)
        ld (de),a
        inc hl
        inc de
        ld a,(de)
        sbc a,(hl)
        ld (de),a
        inc hl
        inc de
        ld a,(de)
        sbc a,(hl)
        ld (de),a
        inc hl
        inc de
        ld a,(de)
        sbc a,(hl)
        ld (de),a
        ret

; (HL) = -(HL), 6 bytes.
rt_fneg6:
        ld b,6
        or a
.l:     ld a,0
        sbc a,(hl)
        ld (hl),a
        inc hl
        djnz .l
        ret

; Exchanges rt_fa and rt_fb.
rt_fswap:
        ld hl,rt_fa
        ld de,rt_fb
        ld b,9
.l:     ld c,(hl)
        ld a,(de)
        ld (hl),a
        ld a,c
        ld (de),a
        inc hl
        inc de
        djnz .l
        ret

; Normalises rt_fa: shifts the mantissa up until its top bit is set (0 if it is all
; zeros), lowering the exponent.
rt_fnorm:
        ld hl,rt_fa+3
        ld b,6
        xor a
.t:     or (hl)
        inc hl
        djnz .t
        jp z,rt_fzero
.byte:  ld a,(rt_fa+8)
        or a
        jr nz,.bits
        ld hl,rt_fa+7
        ld de,rt_fa+8
        ld bc,5
        lddr
        xor a
        ld (rt_fa+3),a
        ld hl,(rt_fa)
        ld bc,-8
        add hl,bc
        ld (rt_fa),hl
        jr .byte
.bits:  ld a,(rt_fa+8)
        or a
        ret m
        ld hl,rt_fa+3
        call rt_fshl6c          ; the carry is clear after "or a"
        ld hl,(rt_fa)
        dec hl
        ld (rt_fa),hl
        jr .bits

; rt_fb = -rt_fb.
rt_fnegb:
        ld a,(rt_fb+2)
        xor 80h
        ld (rt_fb+2),a
        ret

; rt_fa = -rt_fa.
rt_fnega:
        ld a,(rt_fa+2)
        xor 80h
        ld (rt_fa+2),a
        ret

; ---- the four operations on the work registers

; rt_fa += rt_fb.
rt_faddi:
        ld hl,(rt_fb)
        ld a,h
        or l
        ret z
        ld hl,(rt_fa)
        ld a,h
        or l
        jr nz,.both
        ld hl,rt_fb
        ld de,rt_fa
        ld bc,9
        ldir
        ret
.both:  ld de,(rt_fb)
        or a
        sbc hl,de
        jr nc,.order
        call rt_fswap           ; the larger exponent in rt_fa
        ld hl,(rt_fa)
        ld de,(rt_fb)
        or a
        sbc hl,de
.order: ld a,h                  ; HL = the exponent difference
        or a
        ret nz
        ld a,l
        cp 49
        ret nc                  ; rt_fb is below the guard byte
.bytes: cp 8
        jr c,.bits
        sub 8
        push af
        ld hl,rt_fb+4
        ld de,rt_fb+3
        ld bc,5
        ldir
        xor a
        ld (rt_fb+8),a
        pop af
        jr .bytes
.bits:  or a
        jr z,.aligned
        ld c,a
.bl:    ld hl,rt_fb+8
        or a
        call rt_fshr6c
        dec c
        jr nz,.bl
.aligned:
        ld a,(rt_fa+2)
        ld hl,rt_fb+2
        xor (hl)
        jp m,.diff
        ld hl,rt_fa+3
        ld de,rt_fb+3
        call rt_fadd6
        ret nc
        ld hl,rt_fa+8           ; the carry comes back in at the top
        call rt_fshr6c
        ld hl,(rt_fa)
        inc hl
        ld (rt_fa),hl
        ret
.diff:  ld de,rt_fa+3
        ld hl,rt_fb+3
        call rt_fsub6
        jr nc,.norm
        ld hl,rt_fa+3           ; |b| > |a|: the result has b's sign
        call rt_fneg6
        call rt_fnega
.norm:  jp rt_fnorm

; rt_fa *= rt_fb: shifts and adds, the multiplier's bits lowest first. Of the 96-bit
; product only the top 56 bits are kept (rt_fp+5..+11): the bits falling off the bottom
; lower the result by less than 2^-50 of it, far below the guard byte.
rt_fmuli:
        ld hl,(rt_fa)
        ld a,h
        or l
        ret z
        ld hl,(rt_fb)
        ld a,h
        or l
        jp z,rt_fzero
        ld a,(rt_fb+2)
        ld hl,rt_fa+2
        xor (hl)
        ld (hl),a
        ld hl,(rt_fa)
        ld de,(rt_fb)
        add hl,de
        ld de,-80h
        add hl,de
        ld (rt_fa),hl
        ld hl,rt_fp+5
        ld b,7
        xor a
.clr:   ld (hl),a
        inc hl
        djnz .clr
        ld hl,rt_fb+3           ; the multiplier's bytes, lowest first
        ld b,6
        ld a,(hl)
        or a
        jr nz,.byte
        inc hl                  ; a zero guard byte (any packed operand): 40 steps
        dec b
.byte:  ld c,(hl)
        inc hl
        push hl
        push bc
        ld b,8
.bit:   srl c
        jr nc,.shift
        ld hl,rt_fp+6
        ld de,rt_fa+3
        ld a,(de)
        add a,(hl)
        ld (hl),a
        inc hl
        inc de
        ld a,(de)
        adc a,(hl)
        ld (hl),a
        inc hl
        inc de
        ld a,(de)
        adc a,(hl)
        ld (hl),a
        inc hl
        inc de
        ld a,(de)
        adc a,(hl)
        ld (hl),a
        inc hl
        inc de
        ld a,(de)
        adc a,(hl)
        ld (hl),a
        inc hl
        inc de
        ld a,(de)
        adc a,(hl)
        ld (hl),a
.shift:
        ld hl,rt_fp+11
        rr (hl)
        dec hl
        rr (hl)
        dec hl
        rr (hl)
        dec hl
        rr (hl)
        dec hl
        rr (hl)
        dec hl
        rr (hl)
        dec hl
        rr (hl)
        djnz .bit
        pop bc
        pop hl
        djnz .byte
        ld a,(rt_fp+11)
        or a
        jp m,.top
        ld hl,rt_fp+5           ; below 1/2: one place up
        rl (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
        ld hl,(rt_fa)
        dec hl
        ld (rt_fa),hl
.top:   ld hl,rt_fp+6
        ld de,rt_fa+3
        ld bc,6
        ldir
        ret

; rt_fa /= rt_fb: restoring division of the mantissas, comparing before subtracting.
; The remainder R (7 bytes at rt_fp) starts as a's mantissa, doubled when it is below
; b's (then the first quotient bit is 1 and the exponent one less); each step takes one
; quotient bit (R >= b: R -= b) and doubles R. The 48 bits go straight into rt_fa's
; mantissa, highest byte first (a's mantissa is in R by then).
rt_fdivi:
        ld hl,(rt_fb)
        ld a,h
        or l
        jp z,rt_fdivz
        ld hl,(rt_fa)
        ld a,h
        or l
        ret z
        ld a,(rt_fb+2)
        ld hl,rt_fa+2
        xor (hl)
        ld (hl),a
        ld hl,(rt_fa)
        ld de,(rt_fb)
        or a
        sbc hl,de
        ld de,80h
        add hl,de
        ld (rt_fa),hl
        ld hl,rt_fa+3
        ld de,rt_fp
        ld bc,6
        ldir
        xor a
        ld (de),a
        call .cmp
        jr c,.small
        ld hl,(rt_fa)           ; a's mantissa >= b's: the quotient is in 1..2
        inc hl
        ld (rt_fa),hl
        jr .go
.small:
        ld hl,rt_fp
        sla (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
.go:    ld hl,rt_fa+8
.qbyte: push hl
        ld b,8
.qbit:  call .cmp
        jr c,.b0
        ld de,rt_fp
        ld hl,rt_fb+3
        call rt_fsub6
        ld a,(rt_fp+6)
        sbc a,0
        ld (rt_fp+6),a
        scf
        jr .b
.b0:    or a
.b:     rl c
        ld hl,rt_fp
        sla (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
        inc hl
        rl (hl)
        djnz .qbit
        pop hl
        ld (hl),c
        dec hl
        ld a,l
        cp low(rt_fa+2)
        jr nz,.qbyte
        ret
; Carry set when R < b's mantissa. Keeps BC.
.cmp:   ld a,(rt_fp+6)
        or a
        ret nz
        ld de,rt_fp+5
        ld hl,rt_fb+8
        ld a,(de)
        cp (hl)
        ret nz
        dec de
        dec hl
        ld a,(de)
        cp (hl)
        ret nz
        dec de
        dec hl
        ld a,(de)
        cp (hl)
        ret nz
        dec de
        dec hl
        ld a,(de)
        cp (hl)
        ret nz
        dec de
        dec hl
        ld a,(de)
        cp (hl)
        ret nz
        dec de
        dec hl
        ld a,(de)
        cp (hl)
        ret

; ---- public arithmetic: HL = a, DE = b, BC = the result

; a + b
rt_fadd:
        push bc
        call rt_fld2
        call rt_faddi
        pop de
        jp rt_fpack

; a - b
rt_fsub:
        push bc
        call rt_fld2
        call rt_fnegb
        call rt_faddi
        pop de
        jp rt_fpack

; a * b
rt_fmul:
        push bc
        call rt_fld2
        call rt_fmuli
        pop de
        jp rt_fpack

; a / b
rt_fdiv:
        push bc
        call rt_fld2
        call rt_fdivi
        pop de
        jp rt_fpack

; -x: HL = x, DE = the result.
rt_fneg:
        ld a,(hl)
        ld bc,6
        ldir
        or a
        ret z                   ; 0 stays 0
        ex de,hl
        dec hl
        ld a,(hl)
        xor 80h
        ld (hl),a
        ret

; Abs(x): HL = x, DE = the result.
rt_fabs:
        ld bc,6
        ldir
        ex de,hl
        dec hl
        res 7,(hl)
        ret

; Compares a (HL) with b (DE): Z when equal, carry when a < b.
rt_fcmp:
        push de
        call .cls
        ld c,a
        ex (sp),hl
        call .cls
        pop de                  ; DE = a, HL = b
        ld b,a
        ld a,c
        cp b
        ret nz                  ; different classes: negative < zero < positive
        dec a
        ret z                   ; both zero
        jp p,.mag
        ex de,hl                ; both negative: the larger magnitude is the smaller
.mag:   ld a,(de)               ; compare |(DE)| with |(HL)|: exponents first
        cp (hl)
        ret nz
        ld bc,5
        add hl,bc
        ex de,hl
        add hl,bc
        ex de,hl
        ld a,(hl)
        and 7Fh
        ld c,a
        ld a,(de)
        and 7Fh
        cp c
        ret nz
        ld b,4
.m:     dec hl
        dec de
        ld a,(de)
        cp (hl)
        ret nz
        djnz .m
        ret
; A = 0 for a negative real at HL, 1 for zero, 2 for positive. Keeps BC, DE, HL.
.cls:   ld a,(hl)
        or a
        ld a,1
        ret z
        push hl
        push bc
        ld bc,5
        add hl,bc
        ld a,(hl)
        pop bc
        pop hl
        rla
        ld a,2
        ret nc
        xor a
        ret

; ---- conversions

; rt_fa = the integer in HL.
rt_fitor:
        push hl
        call rt_fzero
        pop hl
        ld a,h
        or l
        ret z
        ld a,h
        and 80h
        ld (rt_fa+2),a
        jr z,.pos
        xor a
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a                  ; -32768 gives 8000h: right as a magnitude
.pos:   ld (rt_fa+7),hl
        ld hl,80h+16
        ld (rt_fa),hl
        jp rt_fnorm

; Integer to real: HL = the integer, DE = the result.
rt_ffloat:
        push de
        call rt_fitor
        pop de
        jp rt_fpack

; HL = rt_fa truncated toward zero; "Out of integer range" outside -32768..32767.
rt_ftrint:
        ld hl,(rt_fa)
        bit 7,h
        jr nz,.zero
        ld a,h
        or a
        jp nz,rt_finterr
        ld a,l
        cp 81h
        jr c,.zero              ; |x| < 1
        cp 91h
        jp nc,rt_finterr        ; |x| >= 65536
        ld b,a
        ld a,90h
        sub b
        ld hl,(rt_fa+7)         ; the top 16 bits of the mantissa
        jr z,.sign
        ld b,a
.sh:    srl h
        rr l
        djnz .sh
.sign:  ld a,(rt_fa+2)
        or a
        jr nz,.neg
        bit 7,h
        jp nz,rt_finterr
        ret
.neg:   xor a
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
        bit 7,h
        ret nz
        ld a,h
        or l
        ret z
        jp rt_finterr
.zero:  ld hl,0
        ret

; HL = rt_fa rounded, halves away from zero (TP3's Round).
rt_fxround:
        ld a,(rt_fa+2)
        push af
        xor a
        ld (rt_fa+2),a
        ld hl,rt_fk_half
        call rt_fxadd
        pop af
        ld (rt_fa+2),a
        jp rt_ftrint

; Trunc(x): HL = x; the integer in HL.
rt_ftrunc:
        ld de,rt_fa
        call rt_funpk
        jp rt_ftrint

; Round(x): HL = x; the integer in HL.
rt_fround:
        ld de,rt_fa
        call rt_funpk
        jp rt_fxround

; rt_fa = its integer part (toward zero): the mantissa's bits below the point cleared.
rt_fintf:
        ld hl,(rt_fa)
        bit 7,h
        jp nz,rt_fzero
        ld a,h
        or a
        ret nz
        ld a,l
        cp 81h
        jp c,rt_fzero
        cp 80h+48
        ret nc
        ld b,a
        ld a,80h+48
        sub b                   ; bits to clear, 1..47
        ld hl,rt_fa+3
.by:    cp 8
        jr c,.bi
        ld (hl),0
        inc hl
        sub 8
        jr .by
.bi:    or a
        ret z
        ld b,a
        ld a,0FFh
.m:     add a,a
        djnz .m
        and (hl)
        ld (hl),a
        ret

; Int(x): HL = x, DE = the result.
rt_fint:
        push de
        ld de,rt_fa
        call rt_funpk
        call rt_fintf
        pop de
        jp rt_fpack

; Frac(x) = x - Int(x): HL = x, DE = the result.
rt_ffrac:
        push de
        ld de,rt_fa
        call rt_funpk
        ld de,rt_fx1
        call rt_fxst
        call rt_fintf
        call rt_fnega
        ld hl,rt_fx1
        call rt_fxadd
        pop de
        jp rt_fpack

; Random: a real in 0 <= r < 1 from 32 bits of the generator: DE = the result.
rt_frand:
        push de
        call rt_fzero
        call rt_rnd16
        ld (rt_fa+7),hl
        call rt_rnd16
        ld (rt_fa+5),hl
        ld hl,80h
        ld (rt_fa),hl
        call rt_fnorm           ; the guard byte stays 0: packing never rounds up to 1
        pop de
        jp rt_fpack

; ---- work-register moves and operations with unpacked constants (HL = the operand)

; rt_fa = (HL); HL advances by 9.
rt_fxld:
        ld de,rt_fa
        ld bc,9
        ldir
        ret

; (DE) = rt_fa.
rt_fxst:
        ld hl,rt_fa
        ld bc,9
        ldir
        ret

; rt_fb = (HL).
rt_fxldb:
        ld de,rt_fb
        ld bc,9
        ldir
        ret

rt_fxadd:
        call rt_fxldb
        jp rt_faddi

rt_fxsub:
        call rt_fxldb
        call rt_fnegb
        jp rt_faddi

rt_fxmul:
        call rt_fxldb
        jp rt_fmuli

rt_fxdiv:
        call rt_fxldb
        jp rt_fdivi

;@var rt_fpw 2

; rt_fa = the polynomial at HL (a count byte, then the coefficients, highest degree
; first) in the unpacked value at DE, by Horner's rule.
rt_fpoly:
        ld (rt_fpw),de
        ld b,(hl)
        inc hl
        push bc
        call rt_fxld
        pop bc
.l:     dec b
        ret z
        push bc
        push hl
        ld hl,(rt_fpw)
        call rt_fxmul
        pop hl
        push hl
        call rt_fxadd
        pop hl
        ld de,9
        add hl,de
        pop bc
        jr .l

; rt_fa = rt_fa x 10^HL (HL signed), with the powers 10^(2^k).
rt_fscale:
        ld c,0
        bit 7,h
        jr z,.big
        xor a
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
        ld c,1                  ; a negative power: divide
.big:   ld a,h
        or a
        jr nz,.sub
        ld a,l
        cp 64
        jr c,.small
.sub:   push hl
        push bc
        ld hl,rt_fk_pow+5*9
        call .apply
        pop bc
        pop hl
        ld de,-32
        add hl,de
        jr .big
.small: ld hl,rt_fk_pow
.bits:  or a
        ret z
        rra
        push af
        push hl
        push bc
        call c,.apply
        pop bc
        pop hl
        ld de,9
        add hl,de
        pop af
        jr .bits
.apply: ld a,c
        or a
        jp z,rt_fxmul
        jp rt_fxdiv

; ---- decimal conversion

;@var rt_fdig 13
;@var rt_fe10 2
;@var rt_fsgn 1

; The real at HL in decimal: 13 digits (0..9) in rt_fdig, the first one not 0 unless
; the value is 0, with the value = d.ddd... x 10^rt_fe10; rt_fsgn = 80h if negative.
rt_fdec:
        ld de,rt_fa
        call rt_funpk
        xor a
        ld (rt_fsgn),a
        ld hl,rt_fdig
        ld b,13
.clr:   ld (hl),a
        inc hl
        djnz .clr
        ld h,a
        ld l,a
        ld (rt_fe10),hl
        ld hl,(rt_fa)
        ld a,h
        or l
        ret z
        ld a,(rt_fa+2)
        ld (rt_fsgn),a
        xor a
        ld (rt_fa+2),a
        ld de,-81h              ; floor(binary exponent x log10 2), about
        add hl,de
        ld de,77
        call rt_mul16
        ld l,h
        ld a,h
        rla
        sbc a,a
        ld h,a
        ld (rt_fe10),hl
        xor a                   ; scale by 10^-e10
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
        call rt_fscale
.fix:   ld hl,(rt_fa)           ; then into 1 <= x < 10
        ld a,l
        cp 81h
        jr nc,.low
        ld hl,rt_fk_ten
        call rt_fxmul
        ld hl,(rt_fe10)
        dec hl
        ld (rt_fe10),hl
        jr .fix
.low:   cp 84h
        jr c,.ok
        jr nz,.high
        ld a,(rt_fa+8)
        cp 0A0h
        jr c,.ok
.high:  ld hl,rt_fk_ten
        call rt_fxdiv
        ld hl,(rt_fe10)
        inc hl
        ld (rt_fe10),hl
        jr .fix
.ok:    ld a,84h                ; as a fixed-point number with 4 integer bits
        sub l
        jr z,.dig
        ld c,a
.shr:   ld hl,rt_fa+8
        or a
        call rt_fshr6c
        dec c
        jr nz,.shr
.dig:   ld de,rt_fdig
        ld c,13
.d:     push bc
        ld a,(rt_fa+8)
        rrca
        rrca
        rrca
        rrca
        and 0Fh
        ld (de),a
        inc de
        push de
        ld a,(rt_fa+8)
        and 0Fh
        ld (rt_fa+8),a
        ld hl,rt_fa+3           ; the fraction times 10: x2, +x8
        or a
        call rt_fshl6c
        ld hl,rt_fa+3
        ld de,rt_fp
        ld bc,6
        ldir
        ld hl,rt_fa+3
        or a
        call rt_fshl6c
        ld hl,rt_fa+3
        or a
        call rt_fshl6c
        ld hl,rt_fa+3
        ld de,rt_fp
        call rt_fadd6
        pop de
        pop bc
        dec c
        jr nz,.d
        ret

; Rounds the digits to A significant digits (0..12); the digits after them become 0.
rt_fdround:
        ld e,a
        ld d,0
        ld hl,rt_fdig
        add hl,de
        ld a,(hl)
        push af
        ld a,13
        sub e
        ld b,a
        push hl
.c:     ld (hl),0
        inc hl
        djnz .c
        pop hl
        pop af
        cp 5
        ret c
        ld b,e
        inc b
        dec b
        jr z,.over
.up:    dec hl
        ld a,(hl)
        inc a
        cp 10
        jr c,.store
        ld (hl),0
        djnz .up
.over:  ld a,1                  ; 9.99... rounded up: 1 x 10^(e10 + 1)
        ld (rt_fdig),a
        ld hl,(rt_fe10)
        inc hl
        ld (rt_fe10),hl
        ret
.store: ld (hl),a
        ret

;@var rt_fbuf 72
;@var rt_fw 2
;@var rt_fd 2

; The text of the real at HL into rt_fbuf (a string, without padding): DE = the width
; (negative: none), BC = the decimals (negative: none). Turbo Pascal 3's formats (TP3
; reference manual, "Write Parameters"; the Turbo Pascal 3 fact sheet, 3.7):
; - no decimals: floating point, "d.ddddddddddE+dd" with a '-' in front when negative:
;   10 decimals without a width, w - 7 with a width w (at least 1, at most 10) -- so a
;   positive number fills w - 1 columns, a negative one w (the manual: "the minimum
;   field width is 7, 8 if r < 0"); Write(r) is Write(r:18), "  d.dd..E+dd";
; - decimals d (0..24): fixed point, '-' when negative, the integer digits, and '.'
;   with d digits unless d = 0; more than 24 decimals: floating point.
; 12 significant digits at most; places beyond them print as 0.
rt_fstr:
        ld (rt_fw),de
        ld (rt_fd),bc
        call rt_fdec
        ld de,rt_fbuf+1
        ld hl,(rt_fd)
        ld a,h
        or a
        jr nz,.sci
        ld a,l
        cp 25
        jp c,.fixed
.sci:   ld hl,(rt_fw)
        ld a,10
        bit 7,h
        jr nz,.q
        ld a,h
        or a
        ld a,10
        jr nz,.q
        ld a,l
        sub 8
        jr c,.q1
        inc a
        cp 10
        jr c,.q
        ld a,10
        jr .q
.q1:    ld a,1
.q:     ld c,a                  ; decimals
        inc a
        push bc
        push de
        call rt_fdround
        pop de
        pop bc
        ld a,(rt_fsgn)
        or a
        jr z,.s1
        ld a,'-'
        ld (de),a
        inc de
.s1:    ld a,(rt_fdig)
        add a,'0'
        ld (de),a
        inc de
        ld a,'.'
        ld (de),a
        inc de
        ld hl,rt_fdig+1
        ld b,c
.dd:    ld a,(hl)
        add a,'0'
        ld (de),a
        inc de
        inc hl
        djnz .dd
        ld a,'E'
        ld (de),a
        inc de
        ld hl,(rt_fe10)
        ld a,'+'
        bit 7,h
        jr z,.es
        xor a
        sub l
        ld l,a
        ld a,'-'
.es:    ld (de),a
        inc de
        ld a,l
        ld b,'0'-1
.tens:  inc b
        sub 10
        jr nc,.tens
        add a,10+'0'
        ld c,a
        ld a,b
        ld (de),a
        inc de
        ld a,c
        ld (de),a
        inc de
        jp .len
.fixed: ld hl,(rt_fe10)         ; significant digits wanted: e10 + 1 + d
        inc hl
        ld bc,(rt_fd)
        add hl,bc
        bit 7,h
        jr nz,.none
        ld a,h
        or a
        jr nz,.twelve
        ld a,l
        cp 13
        jr c,.rnd
.twelve:
        ld a,12
.rnd:   push de
        call rt_fdround
        pop de
        jr .fmt
.none:  ld hl,rt_fdig           ; the value rounds to 0
        ld b,13
.nz0:   ld (hl),0
        inc hl
        djnz .nz0
.fmt:   ld a,(rt_fsgn)
        or a
        jr z,.int
        ld hl,rt_fdig
        ld b,13
        xor a
.nz:    or (hl)
        inc hl
        djnz .nz
        jr z,.int
        ld a,'-'
        ld (de),a
        inc de
.int:   ld hl,(rt_fe10)
        bit 7,h
        jr z,.ip
        ld a,'0'
        ld (de),a
        inc de
        jr .frac
.ip:    ld hl,0
.il:    call .digit
        ld (de),a
        inc de
        ld a,(rt_fe10)
        cp l
        inc hl
        jr nz,.il
.frac:  ld a,(rt_fd)
        or a
        jr z,.len
        ld b,a
        ld a,'.'
        ld (de),a
        inc de
        ld hl,(rt_fe10)
.fl:    inc hl
        call .digit
        ld (de),a
        inc de
        djnz .fl
.len:   ex de,hl
        ld de,rt_fbuf+1
        or a
        sbc hl,de
        ld a,l
        ld (rt_fbuf),a
        ret
; A = the digit at position HL (0 = the first) as a character; '0' outside.
.digit: bit 7,h
        jr nz,.d0
        ld a,h
        or a
        jr nz,.d0
        ld a,l
        cp 13
        jr nc,.d0
        push hl
        push de
        ld de,rt_fdig
        add hl,de
        ld a,(hl)
        pop de
        pop hl
        add a,'0'
        ret
.d0:    ld a,'0'
        ret

; Write(r), Write(r:w), Write(r:w:d): HL = r, DE = the width (negative: none), BC =
; the decimals (negative: none). Right-aligned in the width, never cut.
rt_wreal:
        push de
        call rt_fstr
        pop de
        bit 7,d
        jr z,.w
        ld de,0
.w:     ld hl,rt_fbuf
        jp rt_wstr

;@var rt_fsw 2

; Str(r:w:d, s): HL = r, DE = s, BC = the decimals, A = s's maximum length, the width
; in rt_fsw (negative: none).
rt_strreal:
        ld (rt_insmax),a
        push de
        ld de,(rt_fsw)
        call rt_fstr
        pop de
        xor a
        ld (de),a
        ld hl,(rt_fsw)
        ld a,h
        or a
        jr nz,.text
        ld a,(rt_fbuf)
        ld b,a
        ld a,l
        sub b
        jr c,.text
        jr z,.text
        ld b,a
.pad:   push bc
        ld a,(rt_insmax)
        ld c,a
        ld a,' '
        push de
        call rt_chrcat
        pop de
        pop bc
        djnz .pad
.text:  ld hl,rt_fbuf
        ld a,(rt_insmax)
        ld c,a
        jp rt_strcat

;@var rt_fvp 2
;@var rt_fve 2
;@var rt_fvd 2
;@var rt_fvn 1
;@var rt_fvf 1
;@var rt_fvs 1

; Val(s, r, code): HL = s, DE = the real, BC = code. Leading blanks, a sign, digits
; with an optional '.' and digits, an optional exponent (E or e, a sign, digits).
; code = 0 when the whole string is a number (then r gets it), else the position of
; the first character that does not fit (r is not changed).
rt_fval:
        push bc
        push de
        ld (rt_fvp),hl
        ld e,(hl)
        ld d,0
        inc hl
        push hl
        add hl,de
        ld (rt_fve),hl
        pop hl
.sp:    call .peek
        cp ' '
        jr nz,.sign
        inc hl
        jr .sp
.sign:  push hl
        call rt_fzero
        pop hl
        xor a
        ld (rt_fvs),a
        ld (rt_fvn),a
        ld (rt_fvf),a
        ld d,a
        ld e,a
        ld (rt_fvd),de
        call .peek
        cp '+'
        jr z,.sk
        cp '-'
        jr nz,.int
        ld a,80h
        ld (rt_fvs),a
.sk:    inc hl
.int:   call .digits
        call .peek
        cp '.'
        jr nz,.exp
        inc hl
        ld a,1
        ld (rt_fvf),a
        call .digits
.exp:   ld a,(rt_fvn)
        or a
        jr z,.bad
        call .peek
        and 0DFh
        cp 'E'
        jr nz,.end
        inc hl
        ld c,0
        call .peek
        cp '+'
        jr z,.esk
        cp '-'
        jr nz,.ed0
        inc c
.esk:   inc hl
.ed0:   ld de,0
        ld b,0
.ed:    call .peek
        sub '0'
        jr c,.edone
        cp 10
        jr nc,.edone
        inc b
        push hl
        ld h,d
        ld l,e
        add hl,hl
        add hl,hl
        add hl,de
        add hl,hl
        ld e,a
        ld d,0
        add hl,de
        ex de,hl
        ld hl,999               ; more is out of range anyway
        or a
        sbc hl,de
        jr nc,.ecap
        ld de,999
.ecap:  pop hl
        inc hl
        jr .ed
.edone: ld a,b
        or a
        jr z,.bad
        ld a,c
        or a
        jr z,.eadd
        xor a
        sub e
        ld e,a
        sbc a,a
        sub d
        ld d,a
.eadd:  push hl
        ld hl,(rt_fvd)
        add hl,de
        ld (rt_fvd),hl
        pop hl
.end:   ld de,(rt_fve)
        or a
        sbc hl,de
        add hl,de
        jr nz,.bad
        ld hl,(rt_fvd)
        call rt_fscale
        ld a,(rt_fvs)
        ld (rt_fa+2),a
        pop de
        call rt_fpack
        pop hl
        xor a
        ld (hl),a
        inc hl
        ld (hl),a
        ret
.bad:   ld de,(rt_fvp)
        or a
        sbc hl,de
        ex de,hl
        pop hl                  ; the real is left as it was
        pop hl
        ld (hl),e
        inc hl
        ld (hl),d
        ret
; Digits: rt_fa = rt_fa x 10 + digit for each; after the point each lowers rt_fvd.
.digits:
        call .peek
        sub '0'
        ret c
        cp 10
        ret nc
        push hl
        push af
        ld hl,rt_fk_ten
        call rt_fxmul
        ld de,rt_fx1
        call rt_fxst
        pop af
        ld l,a
        ld h,0
        call rt_fitor
        ld hl,rt_fx1
        call rt_fxadd
        ld hl,rt_fvn
        inc (hl)
        jr nz,.nn
        dec (hl)
.nn:    ld a,(rt_fvf)
        or a
        jr z,.nf
        ld hl,(rt_fvd)
        dec hl
        ld (rt_fvd),hl
.nf:    pop hl
        inc hl
        jr .digits
; A = the character at HL, or 0 at the end of the string.
.peek:  push de
        ld de,(rt_fve)
        ld a,l
        cp e
        jr nz,.ch
        ld a,h
        cp d
        jr nz,.ch
        pop de
        xor a
        ret
.ch:    pop de
        ld a,(hl)
        ret

; Read(r) / Readln(r) from the console: a line, converted by Val (r unchanged when it
; is not a number); HL = the real variable.
rt_readreal:
        push hl
        ld hl,rt_linebuf
        ld c,126
        call rt_readstr
        pop de
        ld hl,rt_linebuf
        ld bc,rt_linebuf+126
        jp rt_fval

; Read(t, r) / Readln(t, r) from a text file: HL = the file, DE = the real variable.
rt_treadreal:
        push de
        ld de,rt_linebuf
        ld bc,126
        call rt_treadstr
        pop de
        ld hl,rt_linebuf
        ld bc,rt_linebuf+126
        jp rt_fval

; ---- functions: HL = x, DE = the result

; Sqrt(x): Newton's iteration y = (y + x/y) / 2 from a guess with half the exponent.
rt_fsqrt:
        push de
        ld de,rt_fa
        call rt_funpk
        ld hl,(rt_fa)
        ld a,h
        or l
        jr z,.out
        ld a,(rt_fa+2)
        or a
        jp nz,rt_fsqrterr
        ld de,rt_fx1
        call rt_fxst
        ld a,(rt_fa)
        sub 80h
        sra a
        add a,81h
        ld (rt_fa),a
        ld de,rt_fx2
        call rt_fxst
        ld b,6
.it:    push bc
        ld hl,rt_fx1
        call rt_fxld
        ld hl,rt_fx2
        call rt_fxdiv
        ld hl,rt_fx2
        call rt_fxadd
        ld hl,(rt_fa)
        dec hl
        ld (rt_fa),hl
        ld de,rt_fx2
        call rt_fxst
        pop bc
        djnz .it
.out:   pop de
        jp rt_fpack

; Exp(x) = 2^k x e^r with k = Round(x / ln 2), r = x - k ln 2 (|r| <= 0.35), e^r by
; its series to 1/13!.
rt_fexp:
        push de
        ld de,rt_fa
        call rt_funpk
        ld hl,(rt_fa)
        ld a,h
        or l
        jr nz,.nz
        ld hl,rt_fk_one
        call rt_fxld
        jr .out
.nz:    ld a,l
        cp 88h
        jr c,.ok
        ld a,(rt_fa+2)          ; |x| >= 128: overflow, or 0 for a negative x
        or a
        jp z,rt_fovf
        call rt_fzero
        jr .out
.ok:    ld de,rt_fx1
        call rt_fxst
        ld hl,rt_fk_1ln2
        call rt_fxmul
        call rt_fxround
        ld (rt_fxk),hl
        call rt_fitor
        ld hl,rt_fk_ln2
        call rt_fxmul
        call rt_fnega
        ld hl,rt_fx1
        call rt_fxadd
        ld de,rt_fx2
        call rt_fxst
        ld hl,rt_fk_exps
        ld de,rt_fx2
        call rt_fpoly
        ld hl,(rt_fa)
        ld de,(rt_fxk)
        add hl,de
        ld (rt_fa),hl
.out:   pop de
        jp rt_fpack

; Ln(x) = k ln 2 + 2 atanh z, x = m x 2^k with 0.7 < m < 1.4, z = (m - 1)/(m + 1).
rt_fln:
        push de
        ld de,rt_fa
        call rt_funpk
        ld hl,(rt_fa)
        ld a,h
        or l
        jp z,rt_flnerr
        ld a,(rt_fa+2)
        or a
        jp nz,rt_flnerr
        ld a,(rt_fa)
        sub 80h
        ld l,a
        rla
        sbc a,a
        ld h,a
        ld (rt_fxk),hl
        ld hl,80h
        ld (rt_fa),hl
        ld a,(rt_fa+8)
        cp 0B5h                 ; m < 0.707: use 2m
        jr nc,.m
        ld hl,81h
        ld (rt_fa),hl
        ld hl,(rt_fxk)
        dec hl
        ld (rt_fxk),hl
.m:     ld de,rt_fx1
        call rt_fxst
        ld hl,rt_fk_one
        call rt_fxadd
        ld de,rt_fx2
        call rt_fxst
        ld hl,rt_fx1
        call rt_fxld
        ld hl,rt_fk_one
        call rt_fxsub
        ld hl,rt_fx2
        call rt_fxdiv
        ld de,rt_fx1
        call rt_fxst
        ld hl,rt_fx1
        call rt_fxmul
        ld de,rt_fx2
        call rt_fxst
        ld hl,rt_fk_lns
        ld de,rt_fx2
        call rt_fpoly
        ld hl,rt_fx1
        call rt_fxmul
        ld hl,(rt_fa)
        ld a,h
        or l
        jr z,.z
        inc hl                  ; x 2
        ld (rt_fa),hl
.z:     ld de,rt_fx1
        call rt_fxst
        ld hl,(rt_fxk)
        call rt_fitor
        ld hl,rt_fk_ln2
        call rt_fxmul
        ld hl,rt_fx1
        call rt_fxadd
        pop de
        jp rt_fpack

; Sin(x) and Cos(x): k = Round(x / (pi/2)), r = x - k pi/2 (|r| <= pi/4); the quadrant
; k (k + 1 for Cos) picks sin r or cos r and the sign. |x| must stay below about
; 51000 (k an integer); accuracy falls as |x| grows (pi/2 has 48 bits).
rt_fcos:
        ld a,1
        jp rt_fsc

rt_fsin:
        xor a
        jp rt_fsc

rt_fsc:
        push de
        push af
        ld de,rt_fa
        call rt_funpk
        ld de,rt_fx1
        call rt_fxst
        ld hl,rt_fk_2pi
        call rt_fxmul
        call rt_fxround
        pop af
        add a,l
        ld (rt_fxq),a
        call rt_fitor
        ld hl,rt_fk_pi2
        call rt_fxmul
        call rt_fnega
        ld hl,rt_fx1
        call rt_fxadd
        ld de,rt_fx1
        call rt_fxst
        ld hl,rt_fx1
        call rt_fxmul
        ld de,rt_fx2
        call rt_fxst
        ld a,(rt_fxq)
        rra
        ld hl,rt_fk_sins
        jr nc,.s
        ld hl,rt_fk_coss
.s:     ld de,rt_fx2
        call rt_fpoly
        ld a,(rt_fxq)
        rra
        jr c,.c
        ld hl,rt_fx1
        call rt_fxmul
.c:     ld a,(rt_fxq)
        and 2
        call nz,rt_fnega
        pop de
        jp rt_fpack

; ArcTan(x): for |x| > 1, pi/2 - ArcTan(1/|x|); then for t >= 1/4,
; pi/6 + ArcTan((t sqrt 3 - 1)/(t + sqrt 3)); the series to t^21; x's sign.
rt_fatan:
        push de
        ld de,rt_fa
        call rt_funpk
        ld hl,(rt_fa)
        ld a,h
        or l
        jp z,.out
        ld a,(rt_fa+2)
        ld (rt_fxs),a
        xor a
        ld (rt_fa+2),a
        ld (rt_fxq),a
        ld a,l
        cp 81h
        jr c,.le1
        ld de,rt_fx1
        call rt_fxst
        ld hl,rt_fk_one
        call rt_fxld
        ld hl,rt_fx1
        call rt_fxdiv
        ld a,1
        ld (rt_fxq),a
.le1:   ld a,(rt_fa)
        cp 7Fh
        jr c,.series
        ld de,rt_fx1
        call rt_fxst
        ld hl,rt_fk_sqrt3
        call rt_fxadd
        ld de,rt_fx2
        call rt_fxst
        ld hl,rt_fx1
        call rt_fxld
        ld hl,rt_fk_sqrt3
        call rt_fxmul
        ld hl,rt_fk_one
        call rt_fxsub
        ld hl,rt_fx2
        call rt_fxdiv
        ld a,(rt_fxq)
        or 2
        ld (rt_fxq),a
.series:
        ld de,rt_fx1
        call rt_fxst
        ld hl,rt_fx1
        call rt_fxmul
        ld de,rt_fx2
        call rt_fxst
        ld hl,rt_fk_atans
        ld de,rt_fx2
        call rt_fpoly
        ld hl,rt_fx1
        call rt_fxmul
        ld a,(rt_fxq)
        and 2
        jr z,.n6
        ld hl,rt_fk_pi6
        call rt_fxadd
.n6:    ld a,(rt_fxq)
        and 1
        jr z,.n2
        call rt_fnega
        ld hl,rt_fk_pi2
        call rt_fxadd
.n2:    ld a,(rt_fxs)
        ld (rt_fa+2),a
.out:   pop de
        jp rt_fpack

; ---- constants, unpacked (exponent word, sign, 6 mantissa bytes lowest first),
; generated from exact values rounded to 48 bits

rt_fk_half:
        dw 00080h
        db 000h,000h,000h,000h,000h,000h,080h    ; 0.5

rt_fk_one:
        dw 00081h
        db 000h,000h,000h,000h,000h,000h,080h    ; 1

rt_fk_ten:
        dw 00084h
        db 000h,000h,000h,000h,000h,000h,0A0h    ; 10

; 10^1, 10^2, 10^4, 10^8, 10^16, 10^32 (9 bytes each, in this order)
rt_fk_pow:
        dw 00084h
        db 000h,000h,000h,000h,000h,000h,0A0h    ; 1E1
        dw 00087h
        db 000h,000h,000h,000h,000h,000h,0C8h    ; 1E2
        dw 0008Eh
        db 000h,000h,000h,000h,000h,040h,09Ch    ; 1E4
        dw 0009Bh
        db 000h,000h,000h,000h,020h,0BCh,0BEh    ; 1E8
        dw 000B6h
        db 000h,000h,004h,0BFh,0C9h,01Bh,08Eh    ; 1E16
        dw 000EBh
        db 000h,071h,02Bh,0A8h,0ADh,0C5h,09Dh    ; 1E32

rt_fk_ln2:
        dw 00080h
        db 000h,0CFh,0D1h,0F7h,017h,072h,0B1h    ; ln 2

rt_fk_1ln2:
        dw 00081h
        db 000h,018h,05Ch,029h,03Bh,0AAh,0B8h    ; 1 / ln 2

rt_fk_pi2:
        dw 00081h
        db 000h,069h,021h,0A2h,0DAh,00Fh,0C9h    ; pi / 2

rt_fk_2pi:
        dw 00080h
        db 000h,044h,04Eh,06Eh,083h,0F9h,0A2h    ; 2 / pi

rt_fk_pi6:
        dw 00080h
        db 000h,09Bh,06Bh,0C1h,091h,00Ah,086h    ; pi / 6

rt_fk_sqrt3:
        dw 00081h
        db 000h,065h,0C2h,042h,0D7h,0B3h,0DDh    ; sqrt 3

; exp r = sum r^n/n!, n = 13..0 (Horner, highest first)
rt_fk_exps:
        db 14
        dw 00060h
        db 000h,068h,043h,09Dh,030h,092h,0B0h    ; 1/13!
        dw 00064h
        db 000h,0C5h,0C6h,07Fh,0C7h,076h,08Fh    ; 1/12!
        dw 00067h
        db 000h,027h,0AAh,03Fh,02Bh,032h,0D7h    ; 1/11!
        dw 0006Bh
        db 000h,0FBh,0C4h,0BBh,07Dh,0F2h,093h    ; 1/10!
        dw 0006Eh
        db 000h,03Ah,0B6h,02Ah,01Dh,0EFh,0B8h    ; 1/9!
        dw 00071h
        db 000h,001h,00Dh,0D0h,000h,00Dh,0D0h    ; 1/8!
        dw 00074h
        db 000h,001h,00Dh,0D0h,000h,00Dh,0D0h    ; 1/7!
        dw 00077h
        db 000h,061h,00Bh,0B6h,060h,00Bh,0B6h    ; 1/6!
        dw 0007Ah
        db 000h,089h,088h,088h,088h,088h,088h    ; 1/5!
        dw 0007Ch
        db 000h,0ABh,0AAh,0AAh,0AAh,0AAh,0AAh    ; 1/4!
        dw 0007Eh
        db 000h,0ABh,0AAh,0AAh,0AAh,0AAh,0AAh    ; 1/3!
        dw 00080h
        db 000h,000h,000h,000h,000h,000h,080h    ; 1/2!
        dw 00081h
        db 000h,000h,000h,000h,000h,000h,080h    ; 1/1!
        dw 00081h
        db 000h,000h,000h,000h,000h,000h,080h    ; 1/0!

; sin r / r = sum (-1)^k w^k/(2k+1)!, w = r^2, k = 7..0
rt_fk_sins:
        db 8
        dw 00058h
        db 080h,0C1h,09Dh,039h,09Fh,03Fh,0D7h    ; -1/15!
        dw 00060h
        db 000h,068h,043h,09Dh,030h,092h,0B0h    ; +1/13!
        dw 00067h
        db 080h,027h,0AAh,03Fh,02Bh,032h,0D7h    ; -1/11!
        dw 0006Eh
        db 000h,03Ah,0B6h,02Ah,01Dh,0EFh,0B8h    ; +1/9!
        dw 00074h
        db 080h,001h,00Dh,0D0h,000h,00Dh,0D0h    ; -1/7!
        dw 0007Ah
        db 000h,089h,088h,088h,088h,088h,088h    ; +1/5!
        dw 0007Eh
        db 080h,0ABh,0AAh,0AAh,0AAh,0AAh,0AAh    ; -1/3!
        dw 00081h
        db 000h,000h,000h,000h,000h,000h,080h    ; +1/1!

; cos r = sum (-1)^k w^k/(2k)!, k = 7..0
rt_fk_coss:
        db 8
        dw 0005Ch
        db 080h,0E5h,003h,046h,0A5h,0CBh,0C9h    ; -1/14!
        dw 00064h
        db 000h,0C5h,0C6h,07Fh,0C7h,076h,08Fh    ; +1/12!
        dw 0006Bh
        db 080h,0FBh,0C4h,0BBh,07Dh,0F2h,093h    ; -1/10!
        dw 00071h
        db 000h,001h,00Dh,0D0h,000h,00Dh,0D0h    ; +1/8!
        dw 00077h
        db 080h,061h,00Bh,0B6h,060h,00Bh,0B6h    ; -1/6!
        dw 0007Ch
        db 000h,0ABh,0AAh,0AAh,0AAh,0AAh,0AAh    ; +1/4!
        dw 00080h
        db 080h,000h,000h,000h,000h,000h,080h    ; -1/2!
        dw 00081h
        db 000h,000h,000h,000h,000h,000h,080h    ; +1/0!

; atanh z / z = sum w^k/(2k+1), w = z^2, k = 8..0
rt_fk_lns:
        db 9
        dw 0007Ch
        db 000h,0F1h,0F0h,0F0h,0F0h,0F0h,0F0h    ; 1/17
        dw 0007Dh
        db 000h,089h,088h,088h,088h,088h,088h    ; 1/15
        dw 0007Dh
        db 000h,0D9h,089h,09Dh,0D8h,089h,09Dh    ; 1/13
        dw 0007Dh
        db 000h,0BAh,0E8h,0A2h,08Bh,02Eh,0BAh    ; 1/11
        dw 0007Dh
        db 000h,039h,08Eh,0E3h,038h,08Eh,0E3h    ; 1/9
        dw 0007Eh
        db 000h,025h,049h,092h,024h,049h,092h    ; 1/7
        dw 0007Eh
        db 000h,0CDh,0CCh,0CCh,0CCh,0CCh,0CCh    ; 1/5
        dw 0007Fh
        db 000h,0ABh,0AAh,0AAh,0AAh,0AAh,0AAh    ; 1/3
        dw 00081h
        db 000h,000h,000h,000h,000h,000h,080h    ; 1/1

; arctan t / t = sum (-1)^k w^k/(2k+1), w = t^2, k = 10..0
rt_fk_atans:
        db 11
        dw 0007Ch
        db 000h,031h,00Ch,0C3h,030h,00Ch,0C3h    ; +1/21
        dw 0007Ch
        db 080h,079h,00Dh,0E5h,035h,094h,0D7h    ; -1/19
        dw 0007Ch
        db 000h,0F1h,0F0h,0F0h,0F0h,0F0h,0F0h    ; +1/17
        dw 0007Dh
        db 080h,089h,088h,088h,088h,088h,088h    ; -1/15
        dw 0007Dh
        db 000h,0D9h,089h,09Dh,0D8h,089h,09Dh    ; +1/13
        dw 0007Dh
        db 080h,0BAh,0E8h,0A2h,08Bh,02Eh,0BAh    ; -1/11
        dw 0007Dh
        db 000h,039h,08Eh,0E3h,038h,08Eh,0E3h    ; +1/9
        dw 0007Eh
        db 080h,025h,049h,092h,024h,049h,092h    ; -1/7
        dw 0007Eh
        db 000h,0CDh,0CCh,0CCh,0CCh,0CCh,0CCh    ; +1/5
        dw 0007Fh
        db 080h,0ABh,0AAh,0AAh,0AAh,0AAh,0AAh    ; -1/3
        dw 00081h
        db 000h,000h,000h,000h,000h,000h,080h    ; +1/1

