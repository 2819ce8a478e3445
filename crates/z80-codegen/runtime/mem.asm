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

; The heap, as TP3's: New takes memory from the top of the heap (rt_heap, growing up
; from the end of the variables) or from a freed block; Dispose gives a block back to
; the free list, a list in address order kept in the freed blocks themselves (each
; starts with the next block's address and its own size, so sizes are rounded up to a
; multiple of 4). Neighbouring free blocks merge, and a free block that reaches the top
; lowers the top instead. Mark/Release move the top; Release forgets the freed blocks
; above the new top. MemAvail is the sum of the free memory, MaxAvail the largest
; piece. A New that would take the top into the recursion stack ends the program with
; "Heap/stack collision" (TP3's run-time error FFh).
;@var rt_free 2
;@var rt_hblk 2
;@var rt_hsz 2

; HL = size rounded up to a multiple of 4, at least 4.
rt_hround:
        ld de,3
        add hl,de
        ld a,l
        and 0FCh
        ld l,a
        or h
        ret nz
        ld l,4
        ret

; New: HL = size; returns HL = the block: the first free block large enough (its end
; when it is larger), else the top of the heap.
rt_new:
        call rt_hround
        ex de,hl                ; DE = size
        ld hl,rt_free           ; HL = the link to follow (a block's link is its offset 0)
.scan:  ld c,(hl)
        inc hl
        ld b,(hl)
        dec hl                  ; BC = the block it points to
        ld a,b
        or c
        jr z,.top
        push hl
        ld h,b
        ld l,c
        inc hl
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a                  ; HL = its size
        or a
        sbc hl,de
        jr nc,.fit
        pop hl
        ld h,b
        ld l,c
        jr .scan
.fit:   ld a,h
        or l
        jr nz,.split
        pop hl                  ; exactly the size: unlink it
        ld a,(bc)
        ld (hl),a
        inc hl
        inc bc
        ld a,(bc)
        ld (hl),a
        dec bc
        ld h,b
        ld l,c
        ret
.split: inc sp                  ; larger: it keeps its first part, the caller gets the end
        inc sp
        ex de,hl                ; DE = what is left
        ld h,b
        ld l,c
        inc hl
        inc hl
        ld (hl),e
        inc hl
        ld (hl),d
        ld h,b
        ld l,c
        add hl,de
        ret
.top:   ld hl,(rt_heap)
        push hl
        add hl,de
        jr c,.full
        ex de,hl                ; DE = the new top: it must stay below the recursion stack
        ld hl,(rt_rsp)
        or a
        sbc hl,de
        jr c,.full
        ld (rt_heap),de
        pop hl
        ret
.full:  ld hl,.msg              ; TP3's run-time error FFh
        ld de,0
        call rt_wstr
        call rt_wln
        jp rt_halt
.msg:   db 20,"Heap/stack collision"

; Dispose: HL = the block (nil does nothing), DE = the size of its type.
rt_dispose:
        ld a,h
        or l
        ret z
        ld (rt_hblk),hl
        ex de,hl
        call rt_hround
        ld (rt_hsz),hl
        ld de,rt_free           ; DE = the block before ours (rt_free: none)
.find:  ld a,(de)
        ld l,a
        inc de
        ld a,(de)
        ld h,a
        dec de                  ; HL = the one after it
        ld a,h
        or l
        jr z,.found
        ld bc,(rt_hblk)
        or a
        sbc hl,bc
        add hl,bc
        jr nc,.found
        ex de,hl
        jr .find
.found: ld bc,(rt_hblk)         ; our block: link to the next, its size
        ld a,l
        ld (bc),a
        inc bc
        ld a,h
        ld (bc),a
        inc bc
        ld a,(rt_hsz)
        ld (bc),a
        inc bc
        ld a,(rt_hsz+1)
        ld (bc),a
        ld hl,(rt_hblk)         ; the block before links to ours
        ex de,hl
        ld (hl),e
        inc hl
        ld (hl),d
        dec hl
        ex de,hl                ; DE = the block before, HL = ours
        push de
        call rt_hmerge          ; ours with the next
        pop hl
        ld de,rt_free
        or a
        sbc hl,de
        add hl,de
        call nz,rt_hmerge       ; the one before with ours
        jp rt_htrim

; A free block that ends at the top of the heap lowers the top.
rt_htrim:
        ld de,rt_free
        ld bc,0
.walk:  ld a,(de)
        ld l,a
        inc de
        ld a,(de)
        ld h,a
        dec de
        ld a,h
        or l
        jr z,.last
        ld b,d
        ld c,e
        ex de,hl
        jr .walk
.last:  ld a,b
        or c
        ret z                   ; no free block
        ex de,hl                ; HL = the last block, BC = the link to it
        push hl
        inc hl
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        pop hl
        push hl
        add hl,de
        ld de,(rt_heap)
        or a
        sbc hl,de
        pop hl
        ret nz
        ld (rt_heap),hl
        xor a
        ld (bc),a
        inc bc
        ld (bc),a
        ret

; The free block at HL swallows the next one when they touch.
rt_hmerge:
        push hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        inc hl
        ld c,(hl)
        inc hl
        ld b,(hl)               ; DE = the next, BC = the size
        pop hl
        ld a,d
        or e
        ret z
        push hl
        add hl,bc
        or a
        sbc hl,de
        pop hl
        ret nz
        ex de,hl
        push de
        ld e,(hl)
        inc hl
        ld d,(hl)
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        add hl,bc
        ld b,h
        ld c,l
        pop hl
        ld (hl),e
        inc hl
        ld (hl),d
        inc hl
        ld (hl),c
        inc hl
        ld (hl),b
        ret

; Release: HL = the new top (from Mark); free blocks from there on are forgotten.
rt_release:
        ld (rt_heap),hl
        ex de,hl
        ld hl,rt_free
.next:  ld c,(hl)
        inc hl
        ld b,(hl)
        dec hl
        ld a,b
        or c
        ret z
        ex de,hl
        or a
        sbc hl,bc
        add hl,bc
        ex de,hl
        jr z,.cut
        jr c,.cut               ; the block is at or above the top
        ld h,b
        ld l,c
        jr .next
.cut:   xor a
        ld (hl),a
        inc hl
        ld (hl),a
        jp rt_htrim

; MemAvail: the bytes between the heap's top and the recursion stack, plus the free
; blocks.
rt_memavail:
        ld hl,(rt_rsp)
        ld de,(rt_heap)
        or a
        sbc hl,de
        ld de,(rt_free)
.add:   ld a,d
        or e
        ret z
        ex de,hl
        ld c,(hl)
        inc hl
        ld b,(hl)
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a                  ; BC = the next, HL = the size
        add hl,de
        ld d,b
        ld e,c
        jr .add

; MaxAvail: the largest of those pieces.
rt_maxavail:
        ld hl,(rt_rsp)
        ld de,(rt_heap)
        or a
        sbc hl,de
        ld de,(rt_free)
.cmp:   ld a,d
        or e
        ret z
        push hl                 ; the largest so far
        ex de,hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a                  ; DE = the next, HL = the size
        pop bc
        or a
        sbc hl,bc
        add hl,bc
        jr nc,.cmp              ; unsigned: this one is at least as large
        ld h,b
        ld l,c
        jr .cmp
