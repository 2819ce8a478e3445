; 16-bit multiplication, division and shifts.
; Calling convention of the whole runtime: arguments in HL, DE, BC, A as documented per
; routine; IX and IY are never used (CALSLT, on MSX-DOS, destroys them).

; HL = HL * DE (low 16 bits; the same for signed and unsigned).
; Shift-and-add over the 16 bits of the smaller-looking operand. Uses A, BC, DE.
rt_mul16:
        ld a,h
        or a
        jr nz,.wide
        ; HL < 256: 8 steps over L only.
        ld c,l
        ld b,8
        ld hl,0
.byte:  add hl,hl
        rl c
        jr nc,.bskip
        add hl,de
.bskip: djnz .byte
        ret
.wide:  ld b,h
        ld c,l
        ld hl,0
        ld a,16
.loop:  add hl,hl
        sla c
        rl b
        jr nc,.skip
        add hl,de
.skip:  dec a
        jr nz,.loop
        ret

; Unsigned 16-bit division: HL = HL / DE, DE = HL mod DE. Division by zero gives
; HL = 0FFFFh, DE = dividend (no trap, as TP3's integer division does not check).
rt_udiv16:
        ld a,d
        or a
        jr nz,.wide
        or e
        jr z,.wide
        ; A divisor below 256: the remainder fits in A (about 600 T-states instead of
        ; 1200). A dividend below 256 starts 8 steps in (its high byte's steps only
        ; shift zeros).
        ld b,8
        ld a,h
        or a
        jr nz,.full
        ld h,l
        ld l,a
        ld b,4
.full:  xor a
        bit 7,e
        jr nz,.big
        ; Below 128 the remainder never carries out of A: two steps per count.
.small: add hl,hl
        rla
        cp e
        jr c,.n1
        sub e
        inc l
.n1:    add hl,hl
        rla
        cp e
        jr c,.n2
        sub e
        inc l
.n2:    djnz .small
        ld e,a
        ld d,0
        ret
.big:   sla b                   ; one step per count
.bstep: add hl,hl
        rla
        jr c,.sub
        cp e
        jr c,.next
.sub:   sub e
        inc l
.next:  djnz .bstep
        ld e,a
        ld d,0
        ret
.wide:  ld b,h
        ld c,l
        ld hl,0
        ld a,16
.loop:  sla c
        rl b
        adc hl,hl
        sbc hl,de
        jr nc,.fits
        add hl,de
        dec a
        jr nz,.loop
        jr .done
.fits:  inc c
        dec a
        jr nz,.loop
.done:  ex de,hl
        ld h,b
        ld l,c
        ret

; Signed division truncating toward zero: HL = HL div DE, DE = HL mod DE (the
; remainder has the dividend's sign), as Pascal's div and mod.
rt_sdiv16:
        ld a,h
        xor d
        push af                 ; bit 7: sign of the quotient
        ld a,h
        push af                 ; bit 7: sign of the remainder
        bit 7,h
        jr z,.hpos
        xor a
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
.hpos:  bit 7,d
        jr z,.dpos
        xor a
        sub e
        ld e,a
        sbc a,a
        sub d
        ld d,a
.dpos:  call rt_udiv16
        pop af
        bit 7,a
        jr z,.rpos
        xor a
        sub e
        ld e,a
        sbc a,a
        sub d
        ld d,a
.rpos:  pop af
        bit 7,a
        ret z
        xor a
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
        ret

; HL = HL div DE
rt_div16:
        jp rt_sdiv16

; HL = HL mod DE
rt_mod16:
        call rt_sdiv16
        ex de,hl
        ret

; HL = HL shl E (E >= 16 gives 0)
rt_shl16:
        ld a,d
        or a
        jr nz,.zero
        ld a,e
        cp 16
        jr nc,.zero
        or a
        ret z
        ld b,a
.loop:  add hl,hl
        djnz .loop
        ret
.zero:  ld hl,0
        ret

; HL = HL shr E (logical)
rt_shr16:
        ld a,d
        or a
        jr nz,.zero
        ld a,e
        cp 16
        jr nc,.zero
        or a
        ret z
        ld b,a
.loop:  srl h
        rr l
        djnz .loop
        ret
.zero:  ld hl,0
        ret

; Abs: HL = |HL| (-32768 stays -32768, as in TP3).
rt_abs:
        bit 7,h
        ret z
        xor a
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
        ret

; Swap: the bytes of HL exchanged.
rt_swap:
        ld a,l
        ld l,h
        ld h,a
        ret
