; math/bcdint.asm - integer <-> BCD and FIX/INT (part of bcd.asm).
; ---------------------------------------------------------------------------
; MPB_FROM_INT: DAC = HL (signed integer) as a double.
MPB_FROM_INT:
        ld a,h
        or l
        jp z,MPB_ZERO
        ld a,h
        and 80h
        push af                 ; sign
        jr z,MPB_FI_POS
        xor a                   ; HL = -HL (-32768 stays 8000h = 32768)
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
MPB_FI_POS:
        ; 0.0ddddd x 10^6: five decimal digits by repeated subtraction
        ld de,10000
        call MPB_FI_DIGIT
        ld (MP_DAC+1),a
        ld de,1000
        call MPB_FI_DIGIT
        rlca
        rlca
        rlca
        rlca
        ld b,a
        ld de,100
        call MPB_FI_DIGIT
        or b
        ld (MP_DAC+2),a
        ld de,10
        call MPB_FI_DIGIT
        rlca
        rlca
        rlca
        rlca
        or l
        ld (MP_DAC+3),a
        ld hl,MP_DAC+4
        ld b,5
        xor a
MPB_FI_CLEAR:
        ld (hl),a
        inc hl
        djnz MPB_FI_CLEAR
        pop af
        or 46h
        ld (MP_DAC),a
        jp MPB_NORMALIZE

; A = how many times DE (a power of ten) goes into HL (unsigned); HL = rest.
MPB_FI_DIGIT:
        xor a
MPB_FI_D1:
        or a
        sbc hl,de
        jr c,MPB_FI_D2
        inc a
        jr MPB_FI_D1
MPB_FI_D2:
        add hl,de
        ret

; MPB_TO_INT: HL = DAC truncated toward zero (CINT and assignment to an
; integer variable, ROM C305D); Overflow outside -32768..32767.
MPB_TO_INT:
        ld hl,0
        ld a,(MP_DAC)
        and 7Fh
        sub 41h
        ret c                   ; |DAC| < 1
        cp 5
        jp nc,MPB_OVERFLOW      ; 10^5 or more
        inc a
        ld b,a                  ; integer digits (1-5)
        ld de,MP_DAC+1
        ld c,0                  ; 0: high digit of (DE) next
MPB_TI_LOOP:
        ld a,(de)
        bit 0,c
        jr nz,MPB_TI_LOW
        rrca
        rrca
        rrca
        rrca
        jr MPB_TI_DIGIT
MPB_TI_LOW:
        inc de
MPB_TI_DIGIT:
        and 0Fh
        inc c
        push de
        ; HL = HL * 10 + A (unsigned, at most 99999 needs 17 bits: check)
        ld d,h
        ld e,l
        add hl,hl
        jp c,MPB_OVERFLOW
        add hl,hl
        jp c,MPB_OVERFLOW
        add hl,de
        jp c,MPB_OVERFLOW
        add hl,hl
        jp c,MPB_OVERFLOW
        ld e,a
        ld d,0
        add hl,de
        jp c,MPB_OVERFLOW
        pop de
        djnz MPB_TI_LOOP
        ld a,(MP_DAC)
        or a
        jp m,MPB_TI_NEG
        bit 7,h
        jp nz,MPB_OVERFLOW      ; 32768 or more
        ret
MPB_TI_NEG:
        ld a,h                  ; up to 32768 allowed
        cp 80h
        jr c,MPB_TI_NEGATE
        jp nz,MPB_OVERFLOW
        ld a,l
        or a
        jp nz,MPB_OVERFLOW
MPB_TI_NEGATE:
        xor a
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
        ret

; ---------------------------------------------------------------------------
; MPB_FIX: DAC = DAC without its fraction (toward zero).
; MPB_INT: DAC = the largest integer not above DAC (floor, ROM C30CF).
; Both on the 14 digits of a double; a single's digits 7-14 are zero.
MPB_INT:
        ld a,(MP_DAC)
        or a
        jp p,MPB_FIX
        call MPB_FIX_DIGITS     ; C = 1 if a non-zero digit was dropped
        ld a,c
        or a
        ret z
        ; negative with a fraction: one further from zero
        ld hl,MPB_ONE
        call MPB_LOAD_ARG
        ld a,(MP_DAC)
        or a
        jr nz,MPB_INT_SUB
        ld hl,MPB_MINUS_ONE     ; -0.5 became 0: the answer is -1
        jp MPB_LOAD_DAC
MPB_INT_SUB:
        jp MPB_SUB

MPB_FIX:
        call MPB_FIX_DIGITS
        ret

; Clear the fraction digits of DAC; C = 1 if any was non-zero.
MPB_FIX_DIGITS:
        ld c,0
        ld a,(MP_DAC)
        and 7Fh
        ret z
        sub 40h
        jr z,MPB_FD_ALL
        jr c,MPB_FD_ALL
        cp 14
        ret nc                  ; no fraction digits
        ; keep A digits: the first fraction digit is digit A+1
        ld b,a
        srl a
        ld e,a
        ld d,0
        ld hl,MP_DAC+1
        add hl,de               ; byte of digit A+1
        bit 0,b
        jr z,MPB_FD_FROM_HIGH
        ld a,(hl)               ; odd: the low digit of this byte goes
        and 0Fh
        jr z,MPB_FD_LOW_ZERO
        ld c,1
MPB_FD_LOW_ZERO:
        ld a,(hl)
        and 0F0h
        ld (hl),a
        inc hl
MPB_FD_FROM_HIGH:
        ; clear the bytes from HL to DAC+7
MPB_FD_CLEAR:
        ld a,l
        cp MP_DAC8LO            ; low byte of DAC+8
        ret z
        ld a,(hl)
        or a
        jr z,MPB_FD_NEXT
        ld c,1
        ld (hl),0
MPB_FD_NEXT:
        inc hl
        jr MPB_FD_CLEAR
MPB_FD_ALL:
        ; |DAC| < 1: all digits are fraction
        ld c,1
        jp MPB_ZERO

MPB_ONE:
        db 41h,10h,0,0,0,0,0,0
MPB_MINUS_ONE:
        db 0C1h,10h,0,0,0,0,0,0

