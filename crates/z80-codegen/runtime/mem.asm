; Memory: Move, FillChar, the recursion stack of re-entrant routines, the heap.

;@var rt_rsp 2
;@var rt_heap 2

; Move: BC bytes from HL to DE; overlapping blocks are copied correctly; BC = 0 or
; negative (as an integer) copies nothing, as in Turbo Pascal.
rt_move:
        bit 7,b
        ret nz
        ld a,b
        or c
        ret z
        ; Copy backwards when the destination starts inside the source.
        push hl
        or a
        sbc hl,de               ; HL = src - dst
        pop hl
        jr nc,.fwd
        add hl,bc
        dec hl
        ex de,hl
        add hl,bc
        dec hl
        ex de,hl
        lddr
        ret
.fwd:   ldir
        ret

; FillChar: BC bytes at HL set to A (BC <= 0 fills nothing).
rt_fill:
        bit 7,b
        ret nz
        ld e,a
        ld a,b
        or c
        ret z
        ld (hl),e
        dec bc
        ld a,b
        or c
        ret z
        ld d,h
        ld e,l
        inc de
        ldir
        ret

; Saves BC bytes at HL on the recursion stack (it grows down from 1 KB below the
; machine stack). Keeps A.
rt_rsave:
        push hl
        ld hl,(rt_rsp)
        or a
        sbc hl,bc
        ld (rt_rsp),hl
        ex de,hl
        pop hl
        ldir
        ret

; Restores BC bytes at HL from the recursion stack (the last rt_rsave). Keeps A.
rt_rrest:
        ex de,hl
        ld hl,(rt_rsp)
        ldir
        ld (rt_rsp),hl
        ret

; New: HL = size; returns HL = the block (the heap grows up from the end of the
; variables; Dispose does not give memory back, Mark/Release do).
rt_new:
        ex de,hl
        ld hl,(rt_heap)
        push hl
        add hl,de
        ld (rt_heap),hl
        pop hl
        ret

; MemAvail: bytes between the heap and the recursion stack.
rt_memavail:
        ld hl,(rt_rsp)
        ld de,(rt_heap)
        or a
        sbc hl,de
        ret
