; ---------------------------------------------------------------------------
; strings.asm - MSX-BASIC strings for compiled programs: the string heap with
; its compacting collector, temporaries, assignment, concatenation,
; comparison and the string functions. Calling conventions: README.md.
;
; A string is the address of a 3-byte descriptor (length, address), as in
; MSX-BASIC. Heap chunks are: length, owner (the descriptor's address),
; characters. A chunk is alive while its owner still points at its
; characters, so the collector needs no list of variables: it walks the
; heap once and slides the live chunks down.
; ---------------------------------------------------------------------------

;@var rt_bas_hbase 2
;@var rt_bas_hend 2
;@var rt_bas_hfree 2
;@var rt_bas_tmps 48
;@var rt_bas_tmpi 1
;@var rt_bas_arg3 2

; HL = heap start, DE = heap end (exclusive). Empties the temporaries.
rt_bas_heapinit:
        ld (rt_bas_hbase),hl
        ld (rt_bas_hfree),hl
        ld (rt_bas_hend),de
        ld hl,rt_bas_tmps
        ld b,48
        xor a
.clr:   ld (hl),a
        inc hl
        djnz .clr
        ld (rt_bas_tmpi),a
        ret

; HL = the next temporary descriptor of the ring, set to "". Keeps BC.
rt_bas_newtmp:
        ld a,(rt_bas_tmpi)
        add a,3
        cp 48
        jr c,.ok
        xor a
.ok:    ld (rt_bas_tmpi),a
        ld e,a
        ld d,0
        ld hl,rt_bas_tmps
        add hl,de
        xor a
        ld (hl),a
        inc hl
        ld (hl),a
        inc hl
        ld (hl),a
        dec hl
        dec hl
        ret

; Carry set when the descriptor HL is a temporary. Keeps BC, DE, HL.
rt_bas_istmp:
        push de
        push hl
        ld de,rt_bas_tmps
        or a
        sbc hl,de
        jr c,.no
        ld a,h
        or a
        jr nz,.no
        ld a,l
        cp 48
        pop hl
        pop de
        ret
.no:    pop hl
        pop de
        or a
        ret

; Carry set when the address DE is inside the heap. Keeps BC, DE, HL.
rt_bas_inheap:
        push hl
        push bc
        ld hl,(rt_bas_hbase)
        ld bc,(rt_bas_hend)
        call rt_bas_debtw
        pop bc
        pop hl
        ret

; Carry set when HL <= DE < BC (unsigned). Changes AF and HL.
rt_bas_debtw:
        scf
        sbc hl,de               ; carry: HL <= DE
        ret nc
        ld h,b
        ld l,c
        scf
        sbc hl,de               ; no carry: DE < BC
        ccf
        ret

; DE = a string's characters: carry when they are not a literal's, i.e.
; in the heap or in a random file's buffer (FIELD points variables there:
; [rt_bas_fldlo, rt_bas_fldhi), set by rt_bas_finit, empty otherwise).
; Such characters are copied by LET and changed in place by MID$()=,
; LSET and RSET, as the ROM does with strings outside the program text.
; Keeps BC, DE, HL.
rt_bas_notlit:
        call rt_bas_inheap
        ret c
        push hl
        push bc
        ld hl,(rt_bas_fldlo)
        ld bc,(rt_bas_fldhi)
        call rt_bas_debtw
        pop bc
        pop hl
        ret

;@var rt_bas_fldlo 2
;@var rt_bas_fldhi 2

; Releases the descriptor HL if it is a temporary: a chunk on top of the
; heap is given back at once, anything else is left to the collector.
; Keeps BC, DE.
rt_bas_sfree:
        call rt_bas_istmp
        ret nc
        push de
        ld a,(hl)
        or a
        jr z,.clear
        push hl
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)               ; DE = characters
        ld l,a
        ld h,0
        add hl,de               ; HL = end of the chunk
        push de
        ld de,(rt_bas_hfree)
        or a
        sbc hl,de
        pop de
        pop hl
        jr nz,.clear            ; not on top
        ex de,hl
        dec hl
        ld a,(hl)
        dec hl
        cp d                    ; owned by this temporary? (a literal is not)
        jr nz,.notown
        ld a,(hl)
        cp e
        jr nz,.notown
        dec hl
        ld (rt_bas_hfree),hl
.notown:
        ex de,hl
.clear: pop de
        jr rt_bas_clear3

; Sets the descriptor HL to "". Keeps BC, DE, HL.
rt_bas_clear3:
        xor a
        ld (hl),a
        inc hl
        ld (hl),a
        inc hl
        ld (hl),a
        dec hl
        dec hl
        ret

; Allocates A (1-255) characters owned by the descriptor HL, which is set
; to them: DE = the characters. Collects when full; error 14 if it still
; does not fit. Keeps HL.
rt_bas_alloc:
        ld c,a
        ld b,0
        push hl
        call .try
        jr nc,.got
        call rt_bas_gc
        call .try
        jr nc,.got
        ld e,14                 ; Out of string space
        jp rt_bas_error
.got:   pop de                  ; DE = owner
        ld hl,(rt_bas_hfree)
        push hl
        add hl,bc
        inc hl
        inc hl
        inc hl
        ld (rt_bas_hfree),hl
        pop hl                  ; HL = chunk
        ld (hl),c
        inc hl
        ld (hl),e
        inc hl
        ld (hl),d
        inc hl
        ex de,hl                ; DE = characters, HL = owner
        ld (hl),c
        inc hl
        ld (hl),e
        inc hl
        ld (hl),d
        dec hl
        dec hl
        ret
; carry set if BC+3 bytes do not fit above rt_bas_hfree. Keeps BC.
.try:   ld hl,(rt_bas_hfree)
        add hl,bc
        ret c
        inc hl
        inc hl
        inc hl
        ex de,hl
        ld hl,(rt_bas_hend)
        sbc hl,de               ; carry clear from the add: end - new end
        ret

; Compaction: slides every live chunk down to the heap base, in order,
; and updates its owner. Keeps BC.
rt_bas_gc:
        push ix
        push bc
        ld ix,(rt_bas_hbase)
        ld de,(rt_bas_hbase)    ; DE = where the next live chunk goes
.loop:  push ix
        pop hl
        ld bc,(rt_bas_hfree)
        or a
        sbc hl,bc
        jr z,.done
        ld l,(ix+1)
        ld h,(ix+2)             ; HL = owner
        ld a,(hl)
        or a
        jr z,.dead              ; the owner is "" now
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a                  ; HL = where the owner points
        push ix
        pop bc
        inc bc
        inc bc
        inc bc
        or a
        sbc hl,bc
        jr nz,.dead
        ld l,(ix+1)
        ld h,(ix+2)
        inc hl
        push de
        inc de
        inc de
        inc de
        ld (hl),e               ; the owner points to the new place
        inc hl
        ld (hl),d
        pop de
        ld c,(ix+0)
        ld b,0
        inc bc
        inc bc
        inc bc
        push ix
        pop hl
        add ix,bc
        ldir                    ; down (DE <= HL): forward copy is safe
        jr .loop
.dead:  ld c,(ix+0)
        ld b,0
        inc bc
        inc bc
        inc bc
        add ix,bc
        jr .loop
.done:  ld (rt_bas_hfree),de
        pop bc
        pop ix
        ret

; A = length (0-255): HL = a new temporary of that length, DE = its
; characters (to be filled by the caller).
rt_bas_newstr:
        push af
        call rt_bas_newtmp
        pop af
        or a
        ret z
        jp rt_bas_alloc

; HL = characters, A = length: HL = a temporary pointing at them.
rt_bas_stmp:
        push hl
        push af
        call rt_bas_newtmp
        pop af
        pop de
        ld (hl),a
        inc hl
        ld (hl),e
        inc hl
        ld (hl),d
        dec hl
        dec hl
        ret

; Sets the chunk of the descriptor HL (if any, in the heap) to be owned by
; HL. Keeps HL.
rt_bas_setowner:
        ld a,(hl)
        or a
        ret z
        push hl
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        pop hl
        call rt_bas_inheap
        ret nc
        dec de
        ex de,hl
        ld (hl),d
        dec hl
        ld (hl),e
        ex de,hl
        ret

; LET d$ = s$: HL = source descriptor, DE = destination descriptor.
rt_bas_sassign:
        or a
        sbc hl,de
        ret z                   ; A$ = A$
        add hl,de
        call rt_bas_istmp
        jr c,.take
        push hl
        push de
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        call rt_bas_notlit
        pop de
        pop hl
        jr c,.copy
.take:  ; a temporary or a literal: the destination takes the descriptor
        push hl
        ld bc,3
        ldir
        ex de,hl
        dec hl
        dec hl
        dec hl
        call rt_bas_setowner
        pop hl
        call rt_bas_istmp
        ret nc
        jp rt_bas_clear3        ; the temporary no longer owns it         ; a temporary no longer owns it
.copy:  ; another variable's heap string: the destination gets a copy
        xor a
        ld (de),a               ; free the old value first
        ld a,(hl)
        or a
        jr z,.empty
        push hl
        ex de,hl
        call rt_bas_alloc       ; DE = characters of the copy
        pop hl
        ld c,(hl)
        ld b,0
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a                  ; read after the allocation: it may move
        ldir
        ret
.empty: ex de,hl
        ld (hl),a
        inc hl
        ld (hl),a
        inc hl
        ld (hl),a
        ret

; SWAP a$, b$: HL, DE = two descriptors.
rt_bas_sswap:
        ld b,3
        push hl
        push de
.x:     ld a,(de)
        ld c,(hl)
        ld (hl),a
        ld a,c
        ld (de),a
        inc hl
        inc de
        djnz .x
        pop hl
        call rt_bas_setowner
        pop hl
        jp rt_bas_setowner

; HL = left + right (DE). Error 15 over 255 characters.
rt_bas_concat:
        ld a,(de)
        add a,(hl)
        jr nc,.fits
        ld e,15                 ; String too long
        jp rt_bas_error
.fits:  push hl
        push de
        call rt_bas_newstr      ; HL = result, DE = its characters
        pop bc                  ; BC = right
        ex (sp),hl              ; HL = left, (sp) = result
        push bc
        call .part
        pop hl                  ; right
        call .part
        pop hl                  ; result
        ret
; appends the string HL at DE (DE advances) and releases it; keeps the
; result below on the stack untouched.
.part:  push hl
        ld c,(hl)
        ld b,0
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        ld a,c
        or a
        jr z,.none
        ldir
.none:  pop hl
        jp rt_bas_sfree

; Compares HL with DE as MSX does: A = 0 equal, 1 HL > DE, 0FFh HL < DE;
; Z if equal, C if less.
rt_bas_scmp:
        push hl
        push de
        ld b,(hl)               ; B = left length
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        ex de,hl
        ld c,(hl)               ; C = right length
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        ex de,hl                ; HL = left chars, DE = right chars
.loop:  ld a,b
        or a
        jr z,.lend
        ld a,c
        or a
        jr z,.gt                ; right ended first
        ld a,(de)
        cp (hl)
        jr c,.gt                ; right < left
        jr nz,.lt
        inc hl
        inc de
        dec b
        dec c
        jr .loop
.lend:  ld a,c
        or a
        jr z,.res               ; both ended: A = 0
.lt:    ld a,0FFh
        jr .res
.gt:    ld a,1
.res:   ld c,a
        pop hl
        call rt_bas_sfree
        pop hl
        call rt_bas_sfree
        ld a,c
        or a
        ret p
        scf
        ret

; LEN: HL = string; HL = its length.
rt_bas_len:
        ld e,(hl)
        call rt_bas_sfree
        ld l,e
        ld h,0
        ret

; ASC: HL = string; HL = its first code. Error 5 on "".
rt_bas_asc:
        ld a,(hl)
        or a
        jp z,rt_bas_fcerr
        push hl
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        ld a,(de)
        pop hl
        ld e,a
        call rt_bas_sfree
        ld l,e
        ld h,0
        ret

; Error 5, Illegal function call.
rt_bas_fcerr:
        ld e,5
        jp rt_bas_error

; A = L when HL is 0-255, else error 5. Keeps BC, DE, HL.
rt_bas_byte:
        ld a,h
        or a
        jp nz,rt_bas_fcerr
        ld a,l
        ret

; CHR$: HL = code.
rt_bas_chr:
        call rt_bas_byte
        ld c,a
        ld b,1
        jr rt_bas_fill

; SPACE$: HL = n.
rt_bas_space:
        call rt_bas_byte
        ld b,a
        ld c,' '
        jr rt_bas_fill

; STRING$(n, s$): HL = n, DE = string (its first character; error 5 if "").
rt_bas_strings:
        call rt_bas_byte
        ex de,hl
        ld a,(hl)
        or a
        jp z,rt_bas_fcerr
        push de
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        dec hl
        dec hl
        ld a,(de)
        ld c,a
        call rt_bas_sfree
        pop hl
        ld b,l
        jr rt_bas_fill

; STRING$(n, code): HL = n, DE = code.
rt_bas_stringn:
        call rt_bas_byte
        ld b,a
        ex de,hl
        call rt_bas_byte
        ld c,a
        jr rt_bas_fill

; B copies of the character C: HL = a temporary.
rt_bas_fill:
        ld a,b
        push bc
        call rt_bas_newstr
        pop bc
        ld a,b
        or a
        ret z
        ex de,hl
.f:     ld (hl),c
        inc hl
        djnz .f
        ex de,hl
        ret

; LEFT$: HL = string, DE = n.
rt_bas_left:
        ex de,hl
        call rt_bas_byte
        ex de,hl
        cp (hl)
        jr c,.n
        ld a,(hl)
.n:     ld c,a                  ; count = min(n, length)
        ld b,0
        jr rt_bas_substr

; RIGHT$: HL = string, DE = n.
rt_bas_right:
        ex de,hl
        call rt_bas_byte
        ex de,hl
        cp (hl)
        jr c,.n
        ld a,(hl)
.n:     ld c,a
        ld a,(hl)
        sub c
        ld b,a                  ; offset = length - count
        jr rt_bas_substr

; MID$: HL = string, DE = start (1-255), BC = count (0-255).
rt_bas_mid:
        push hl
        ld h,b
        ld l,c
        call rt_bas_byte
        ld c,a                  ; C = count
        ex de,hl
        call rt_bas_byte
        or a
        jp z,rt_bas_fcerr
        pop hl
        dec a
        ld b,a                  ; B = offset
        cp (hl)
        jr c,.in
        ld c,0                  ; starts after the end: ""
        jr rt_bas_substr
.in:    ld a,(hl)
        sub b                   ; characters from the start on
        cp c
        jr nc,rt_bas_substr
        ld c,a
        jr rt_bas_substr

; HL = a temporary with C characters of the string HL from offset B (both
; already within it); releases the source.
rt_bas_substr:
        push hl
        push bc
        ld a,c
        call rt_bas_newstr      ; HL = result, DE = characters
        pop bc
        ex (sp),hl              ; HL = source
        ld a,c
        or a
        jr z,.done
        push hl
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a                  ; read after the allocation: it may move
        ld a,c
        ld c,b
        ld b,0
        add hl,bc
        ld c,a
        ldir
        pop hl
.done:  call rt_bas_sfree
        pop hl
        ret

; MID$(v$, start, n) = s$: HL = the variable's descriptor, DE = source,
; BC = start, (rt_bas_arg3) = n (255 when omitted). Overwrites in place
; min(n, LEN(v$)-start+1, LEN(s$)) characters (ROM J696E); error 5 if start
; is 0 or past the end. A literal is first copied into the heap.
rt_bas_midset:
        push de
        push hl
        ld h,b
        ld l,c
        call rt_bas_byte
        or a
        jp z,rt_bas_fcerr
        ld b,a                  ; B = start
        ld hl,(rt_bas_arg3)
        call rt_bas_byte
        ld c,a                  ; C = n
        pop hl
        or a
        jr z,.out               ; n = 0: nothing (before the start check)
        ld a,(hl)
        sub b
        jp c,rt_bas_fcerr       ; start past the end
        inc a
        cp c
        jr nc,.n
        ld c,a                  ; C = min(n, room)
.n:     push bc
        call rt_bas_sown        ; the target's characters writable
        pop bc
        pop de                  ; DE = source
        push de
        ld a,(de)
        cp c
        jr nc,.m
        ld c,a                  ; C = min(C, LEN(s$))
.m:     ld a,c
        or a
        jr z,.out
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        dec b
        ld a,c
        ld c,b
        ld b,0
        add hl,bc               ; HL = target + start - 1
        ld c,a
        ex de,hl
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a                  ; HL = source characters
        ldir
.out:   pop hl
        jp rt_bas_sfree

; HL = a variable's descriptor: its characters made writable (a literal's
; are copied into the heap; a heap or FIELD string is already). Keeps HL.
rt_bas_sown:
        ld a,(hl)
        or a
        ret z
        push hl
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        pop hl
        call rt_bas_notlit
        ret c
        push de                 ; the old characters
        ld a,(hl)
        ld (hl),0               ; not owned while allocating
        call rt_bas_alloc       ; DE = new characters, BC = length
        ex (sp),hl              ; HL = old characters
        ldir
        pop hl
        ret

;@var rt_bas_isv 4

; INSTR(start, s$, p$): HL = s$, DE = p$, BC = start (1 when omitted);
; HL = the position of p$ in s$ from start, or 0 (ROM J68EB: 0 when start
; is past the end of s$, even for an empty p$; start for an empty p$).
rt_bas_instr:
        push hl
        push de
        ld h,b
        ld l,c
        call rt_bas_byte
        or a
        jp z,rt_bas_fcerr
        pop de
        pop hl
        ld (rt_bas_isv),a       ; start
        push hl
        push de
        dec a
        cp (hl)
        jr nc,.zero             ; start - 1 >= LEN(s$)
        ld c,a                  ; C = offset
        ld a,(de)
        or a
        jr z,.start             ; empty pattern
        ld b,a                  ; B = pattern length
        ld a,(hl)
        sub c
        sub b
        jr c,.zero              ; the pattern is longer than what is left
        inc a
        ld (rt_bas_isv+1),a     ; positions to try
        push bc
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        ld b,0
        add hl,bc               ; HL = first candidate
        ex de,hl
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        ld (rt_bas_isv+2),hl    ; the pattern's characters
        ex de,hl
        pop bc
        ld c,b                  ; C = pattern length
        ld a,(rt_bas_isv+1)
        ld b,a                  ; B = positions left
.try:   push hl
        push bc
        ld de,(rt_bas_isv+2)
.cmp:   ld a,(de)
        cp (hl)
        jr nz,.next
        inc hl
        inc de
        dec c
        jr nz,.cmp
        pop bc
        pop hl
        ld a,(rt_bas_isv+1)
        sub b                   ; positions tried before this one
        ld c,a
        ld a,(rt_bas_isv)
        add a,c
        jr .res
.next:  pop bc
        pop hl
        inc hl
        djnz .try
.zero:  xor a
        jr .res
.start: ld a,(rt_bas_isv)
.res:   ld c,a
        pop hl
        call rt_bas_sfree
        pop hl
        call rt_bas_sfree
        ld l,c
        ld h,0
        ret

; HEX$ / OCT$ / BIN$: HL = value (16 bits); HL = a temporary with its
; digits, no leading zeros.
rt_bas_hex:
        ld c,4
        jr rt_bas_radix
rt_bas_oct:
        ld c,3
        jr rt_bas_radix
rt_bas_bin:
        ld c,1
        jr rt_bas_radix

; C = bits per digit.
rt_bas_radix:
        ld de,BCD_BUF+20        ; digits are written backwards from here
        ld b,0                  ; B = number of digits
.digit: push bc
        ld a,1
.mask:  dec c
        jr z,.got
        rlca
        jr .mask
.got:   pop bc
        push bc
        ; A = 1 << (C - 1): mask = 2A - 1
        add a,a
        dec a
        and l
        add a,'0'
        cp '9'+1
        jr c,.dec
        add a,'A'-'9'-1
.dec:   dec de
        ld (de),a
.shift: srl h
        rr l
        dec c
        jr nz,.shift
        pop bc
        inc b
        ld a,h
        or l
        jr nz,.digit
        ex de,hl
        ld a,b
        jp rt_bas_copytmp

; HL = text, A = length: HL = a temporary with a copy of it in the heap.
; The text must not be in the heap.
rt_bas_copytmp:
        push hl
        push af
        call rt_bas_newstr
        pop af
        pop bc                  ; BC = text
        or a
        ret z
        push hl
        ld h,b
        ld l,c
        ld c,a
        ld b,0
        ldir
        pop hl
        ret

; STR$: the number in BCD_DAC, A = 6 (single) or 14 (double).
rt_bas_strs:
        call bcd_fout
        jr rt_bas_strbuf

; STR$ of the integer HL.
rt_bas_stri:
        call bcd_fout_int
        jr rt_bas_strbuf

; HL = a zero-terminated text (not in the heap): HL = a temporary copy.
rt_bas_strbuf:
        push hl
        xor a
        ld b,a
.n:     cp (hl)
        jr z,.e
        inc hl
        inc b
        jr .n
.e:     pop hl
        ld a,b
        jr rt_bas_copytmp

; INKEY$: "" or the next key (CHSNS, CHGET).
rt_bas_inkey:
        bios CHSNS
        jp z,rt_bas_newtmp
        bios CHGET
        ld c,a
        ld b,1
        jp rt_bas_fill

; INPUT$(n): HL = n (1-255): n keys by CHGET, no echo.
rt_bas_inputs:
        call rt_bas_byte
        or a
        jp z,rt_bas_fcerr
        push af
        call rt_bas_newstr
        pop bc                  ; B = n
        ex de,hl
.k:     push bc
        push de
        push hl
        bios CHGET
        pop hl
        pop de
        pop bc
        ld (hl),a
        inc hl
        djnz .k
        ex de,hl
        ret

; FRE(""): HL = the free string space after a collection (as MSX, which
; collects first).
rt_bas_fre:
        call rt_bas_gc
        ld hl,(rt_bas_hend)
        ld de,(rt_bas_hfree)
        or a
        sbc hl,de
        ret
