; Sets: in expressions a set is 32 bytes, bit (e mod 8) of byte (e div 8) for the
; element e (variables store only the bytes their element range needs; the compiler
; moves them in and out of the 32-byte form).

; e in s: HL = the set, A = the element. NZ if a member.
rt_setin:
        ld c,a
        srl a
        srl a
        srl a
        ld e,a
        ld d,0
        add hl,de
        ld a,c
        and 7
        ld b,a
        ld a,1
        jr z,.test
.shift: add a,a
        djnz .shift
.test:  and (hl)
        ret

; Includes the elements A..C in the set at HL (none if A > C).
rt_setadd:
        ld b,a
        ld a,c
        cp b
        ret c
.loop:  push hl
        ld a,b
        srl a
        srl a
        srl a
        ld e,a
        ld d,0
        add hl,de
        push bc
        ld a,b
        and 7
        ld b,a
        ld a,1
        jr z,.set
.shift: add a,a
        djnz .shift
.set:   or (hl)
        ld (hl),a
        pop bc
        pop hl
        ld a,b
        cp c
        ret z
        inc b
        jr .loop

; dst := dst + src (union): HL = src, DE = dst, B = bytes.
rt_setor:
        ld a,(de)
        or (hl)
        ld (de),a
        inc hl
        inc de
        djnz rt_setor
        ret

; dst := dst * src (intersection).
rt_setand:
        ld a,(de)
        and (hl)
        ld (de),a
        inc hl
        inc de
        djnz rt_setand
        ret

; dst := dst - src (difference).
rt_setsub:
        ld a,(hl)
        cpl
        ex de,hl
        and (hl)
        ld (hl),a
        ex de,hl
        inc hl
        inc de
        djnz rt_setsub
        ret

; Z if the sets at HL and DE (B bytes) are equal.
rt_seteq:
        ld a,(de)
        cp (hl)
        ret nz
        inc hl
        inc de
        djnz rt_seteq
        ret

; Z if the set at HL is a subset of the set at DE (B bytes).
rt_setle:
        ld a,(de)
        cpl
        and (hl)
        ret nz
        inc hl
        inc de
        djnz rt_setle
        ret
