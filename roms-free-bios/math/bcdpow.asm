; math/bcdpow.asm - integral powers (part of bcd.asm).
; ---------------------------------------------------------------------------
; MPB_POW_INT: DAC = DAC ^ HL for an integer exponent, by squaring and
; multiplying (each step rounded like *); a negative exponent divides 1 by
; the power; 0 ^ negative is Division by zero; x ^ 0 is 1.
MPB_POW_INT:
        push hl
        ld hl,MP_DAC
        ld de,MP_BASE
        ld bc,8
        ldir
        ld hl,MPB_ONE
        ld de,MP_ACC
        ld bc,8
        ldir
        pop hl
        ld a,h
        or a
        push af                 ; sign of the exponent
        call MPB_IABS_HL
MPB_POW_LOOP:
        ld a,h
        or l
        jr z,MPB_POW_DONE
        srl h
        rr l
        jr nc,MPB_POW_SQUARE
        push hl                 ; ACC = ACC * BASE
        ld hl,MP_ACC
        call MPB_LOAD_DAC
        ld hl,MP_BASE
        call MPB_LOAD_ARG
        call MPB_MUL
        ld hl,MP_ACC
        call MPB_STORE_DAC
        pop hl
MPB_POW_SQUARE:
        ld a,h
        or l
        jr z,MPB_POW_DONE
        push hl                 ; BASE = BASE * BASE
        ld hl,MP_BASE
        call MPB_LOAD_DAC
        ld hl,MP_BASE
        call MPB_LOAD_ARG
        call MPB_MUL
        ld hl,MP_BASE
        call MPB_STORE_DAC
        pop hl
        jr MPB_POW_LOOP
MPB_POW_DONE:
        pop af
        jp m,MPB_POW_RECIP
        ld hl,MP_ACC
        jp MPB_LOAD_DAC
MPB_POW_RECIP:
        ld hl,MP_ACC
        call MPB_LOAD_ARG
        ld hl,MPB_ONE
        call MPB_LOAD_DAC
        jp MPB_DIV

