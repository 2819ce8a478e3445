; GIOS's memory-mapper routines (Turbo Pascal 3.3f manual, 18.4.1.17 SetMem, 18.4.2.6
; ClearMem, 18.4.2.43 SetChannel, 18.4.2.37 ReadMem, 18.4.2.57 WriteMem): the program
; reserves 16 KB pages of the MSX2 memory mapper and reads and writes them through 16
; channels, each a position from 0 to pages * 16384 - 1.
;
; TP 3.3f gets the pages from MemMan. Here the runtime is GIOS and the only user of the
; mapper: under MSX-DOS 1 (and on our boot disks) pages 0-3 hold segments 3, 2, 1, 0,
; set by the BIOS at start (MSX2 Technical Handbook, the memory mapper), so segments 4
; and up are free; reserved page i is segment 4 + i. A segment is reached by putting it
; in page 2 (port FEh) for a moment, from code and a 128-byte bounce buffer on the
; machine stack, which is in page 3 on every target that allows these routines (the
; compiler refuses them on a cartridge); page 2 gets segment 1 back.
;
; A channel holds its position in 3 bytes; FFFFFFh is invalid. Any position at or past
; the end of the reserved pages is invalid (GetChannel would answer -1.0), so a channel
; that ClearMem left behind, or that a transfer carried to the end, does nothing.

;@var rt_mmpages 1
;@var rt_mmmax 1
;@var rt_mmchan 48

; ClearMem: every page reserved goes back.
rt_clearmem:
        xor a
        ld (rt_mmpages),a
        ret

; SetMem(pages): reserves as many more pages as asked for and free (none for a count of 0
; or less); the answer, in rt_garg, is the number reserved in all.
rt_setmem:
        ld a,(rt_mmmax)
        or a
        call z,rt_mmsize
        ld hl,(rt_garg)
        bit 7,h
        jr nz,.answer
        ld a,(rt_mmpages)
        ld c,a
        ld a,(rt_mmmax)
        dec a
        sub c                   ; free pages
        ld b,a
        ld a,h
        or a
        jr nz,.all              ; 256 or more asked for
        ld a,l
        cp b
        jr c,.some
.all:   ld a,b
.some:  add a,c
        ld (rt_mmpages),a
.answer:
        ld a,(rt_mmpages)
        ld l,a
        ld h,0
        ld (rt_garg),hl
        ret

; Measures the mapper once: segment n aliases segment 0 when the mapper has n
; segments. rt_mmmax gets the segments above the first four (at most 252), plus 1 so
; that 0 means not measured yet.
rt_mmsize:
        ld hl,rt_mmsizecode
        ld bc,rt_mmsizeend-rt_mmsizecode
        call rt_mmrun
        sub 4                   ; 0 (256 segments) - 4 = 252
        inc a
        ld (rt_mmmax),a
        ret

; The measuring code, run from the stack in page 3 with interrupts off: B = 4, 8, …, 128
; is tried; the first whose byte at offset 0 is segment 0's is the count (0: 256).
rt_mmsizecode:
        ld b,4
.next:  xor a
        out (0FEh),a
        ld a,(08000h)
        ld c,a                  ; segment 0's byte
        ld a,b
        out (0FEh),a
        ld a,(08000h)
        ld e,a                  ; segment B's, kept
        cpl
        ld (08000h),a
        xor a
        out (0FEh),a
        ld a,(08000h)
        cp c
        ld a,b
        out (0FEh),a
        ld a,e
        ld (08000h),a           ; put back
        jr nz,.found
        sla b
        jr nz,.next
.found: ld a,1
        out (0FEh),a
        ld a,b
        ret
rt_mmsizeend:

; Copies the BC bytes (at most 64) of code at HL to the machine stack and calls it with
; interrupts off (as they were afterwards); returns its A.
rt_mmrun:
        ex de,hl
        ld hl,-64
        add hl,sp
        ld sp,hl                ; room for the code
        ex de,hl
        push de
        ldir
        pop hl
        ld a,i                  ; P/V: interrupts were on
        push af
        di
        ld de,.back
        push de
        jp (hl)
.back:  ld b,a
        pop af
        jp po,.off
        ei
.off:   ld hl,64
        add hl,sp
        ld sp,hl
        ld a,b
        ret

; SetChannel(channel, position): rt_garg the channel, rt_garg+2 the address of the
; position, a real (an integer is converted before). A negative position, or one at or
; past the end of the pages reserved now, makes the channel invalid; a fraction is
; dropped; a channel above 15 is left alone.
rt_setchan:
        call rt_mmchaddr
        ret nc
        push hl
        ld hl,(rt_garg+2)
        ld a,(hl)               ; exponent, bias 80h
        ld bc,5
        add hl,bc
        ld c,0
        ld d,c
        ld e,c
        or a
        jr z,.set               ; 0
        bit 7,(hl)
        jr nz,.bad              ; negative
        sub 081h
        jr c,.set               ; below 1
        cp 22
        jr nc,.bad              ; 4 M or more: past any mapper
        ; 1.m as a 24-bit number, shifted right 23 - (exponent - 81h) times.
        ld c,(hl)
        set 7,c
        dec hl
        ld d,(hl)
        dec hl
        ld e,(hl)
        neg
        add a,23
        jr z,.set
        ld b,a
.shift: srl c
        rr d
        rr e
        djnz .shift
.set:   ; C:D:E the position; valid when C:D >> 6 is below the pages reserved.
        ld a,c
        cp 64
        jr nc,.bad
        ld h,c
        ld l,d
        add hl,hl
        add hl,hl               ; H = page index
        ld a,(rt_mmpages)
        ld b,a
        ld a,h
        cp b
        jr c,.store
.bad:   ld c,0FFh
        ld d,c
        ld e,c
.store: pop hl
        ld (hl),e
        inc hl
        ld (hl),d
        inc hl
        ld (hl),c
        ret

; GetChannel(channel) (18.4.1.3): HL = the channel, DE = where the real goes: its
; position, or -1.0 for a channel that is invalid or past the pages reserved (or not
; 0-15).
rt_getchan:
        push de
        ld (rt_garg),hl
        call rt_mmchaddr
        jr nc,.invalid
        call rt_mmpos
        jr nc,.invalid
        ; C:D:E is below 2^22: shifted left until its top bit is bit 23, the real is
        ; 0.1xxx * 2^(24 - shifts); exponent 80h + 24 - shifts, the top bit dropped.
        pop hl
        xor a
        ld b,6
.zero:  ld (hl),a
        inc hl
        djnz .zero              ; 0 when the position is
        ld a,c
        or d
        or e
        ret z
        ld b,80h+24
.norm:  bit 7,c
        jr nz,.put
        sla e
        rl d
        rl c
        dec b
        jr .norm
.put:   res 7,c
        dec hl
        ld (hl),c
        dec hl
        ld (hl),d
        dec hl
        ld (hl),e
        dec hl
        dec hl
        dec hl
        ld (hl),b
        ret
.invalid:
        pop hl
        ld (hl),81h             ; -1.0
        inc hl
        xor a
        ld b,4
.z2:    ld (hl),a
        inc hl
        djnz .z2
        ld (hl),80h
        ret

; HL = the entry of channel (rt_garg); carry when it is 0-15.
rt_mmchaddr:
        ld a,(rt_garg+1)
        or a
        ret nz
        ld a,(rt_garg)
        cp 16
        ret nc
        ld l,a
        ld h,0
        ld c,l
        ld b,h
        add hl,hl
        add hl,bc
        ld bc,rt_mmchan
        add hl,bc
        scf
        ret

; ReadMem(channel, address, size): size bytes from the channel's position to address.
rt_readmem:
        xor a
        jr rt_mmcopy

; WriteMem(channel, address, size): size bytes from address to the channel's position.
rt_writemem:
        ld a,1
        jp rt_mmcopy

; A = 1 to write the mapper, 0 to read it. An invalid channel does nothing; a size of 0
; or less neither. The channel moves on by what was copied; reaching the end of the
; pages reserved before size bytes leaves it invalid.
rt_mmcopy:
        ld (rt_mmdir),a
        call rt_mmchaddr
        ret nc
        ld (rt_mmch),hl
        ld hl,(rt_garg+4)
        bit 7,h
        ret nz
        ld a,h
        or l
        ret z
        ld hl,-(128+16)
        add hl,sp
        ld sp,hl                ; the bounce buffer, then the transfer code
        ld (rt_mmbuf),hl
        ld de,128
        add hl,de
        ld (rt_mmcall),hl
        ex de,hl
        ld hl,rt_mmxfer
        ld bc,rt_mmxferend-rt_mmxfer
        ldir
.chunk: ; the position: C:D:E; its page index must be below the pages reserved.
        ld hl,(rt_mmch)
        call rt_mmpos
        jp nc,.invalid
        add a,4
        ld (rt_mmseg),a
        ; this chunk: at most 128 bytes, the rest of the segment, the size left.
        ld a,d
        and 03Fh
        ld h,a
        ld l,e                  ; offset in the segment
        push hl
        ld a,h
        cpl
        and 03Fh
        ld h,a
        ld a,l
        cpl
        ld l,a
        inc hl                  ; 4000h - offset
        ld bc,128
        call rt_mmmin
        ld bc,(rt_garg+4)
        call rt_mmmin
        ld b,h
        ld c,l                  ; BC = the chunk
        pop hl
        ld a,h
        or 080h
        ld h,a                  ; the segment's bytes in page 2
        ld a,(rt_mmdir)
        or a
        jr z,.read
        ; write: memory to the buffer, then the buffer to the segment.
        push hl
        push bc
        ld de,(rt_mmbuf)
        ld hl,(rt_garg+2)
        ldir
        pop bc
        pop de
        push bc
        ld hl,(rt_mmbuf)
        call .xfer
        pop bc
        jr .moved
.read:  ; read: the segment to the buffer, then the buffer to memory.
        push bc
        ld de,(rt_mmbuf)
        call .xfer
        pop bc
        push bc
        ld hl,(rt_mmbuf)
        ld de,(rt_garg+2)
        ldir
        pop bc
.moved: ; address, size and position move on by BC.
        ld hl,(rt_garg+2)
        add hl,bc
        ld (rt_garg+2),hl
        ld hl,(rt_garg+4)
        or a
        sbc hl,bc
        ld (rt_garg+4),hl
        ld hl,(rt_mmch)
        ld a,(hl)
        add a,c
        ld (hl),a
        inc hl
        ld a,(hl)
        adc a,b
        ld (hl),a
        inc hl
        ld a,(hl)
        adc a,0
        ld (hl),a
        ld hl,(rt_garg+4)
        ld a,h
        or l
        jp nz,.chunk
        jr .done
.invalid:
        ld hl,(rt_mmch)
        ld (hl),0FFh
        inc hl
        ld (hl),0FFh
        inc hl
        ld (hl),0FFh
.done:  ld hl,128+16
        add hl,sp
        ld sp,hl
        ret
; Calls the transfer code on the stack (HL source, DE destination, BC count) with the
; segment rt_mmseg in page 2 and interrupts off meanwhile (as they were afterwards).
.xfer:  ld a,i
        push af
        di
        ld a,(rt_mmseg)
        push hl
        ld hl,.xback
        ex (sp),hl
        push hl
        ld hl,(rt_mmcall)
        ex (sp),hl
        ret                     ; to the code, which returns to .xback
.xback: pop af
        ret po
        ei
        ret

;@var rt_mmdir 1
;@var rt_mmch 2
;@var rt_mmseg 1
;@var rt_mmcall 2
;@var rt_mmbuf 2

; The transfer code: segment A in page 2, copy, segment 1 back.
rt_mmxfer:
        out (0FEh),a
        ldir
        ld a,1
        out (0FEh),a
        ret
rt_mmxferend:

; HL = the smaller of HL and BC (unsigned).
rt_mmmin:
        or a
        sbc hl,bc
        add hl,bc
        ret c
        ld h,b
        ld l,c
        ret

; C:D:E = the position at HL (a channel's, 3 bytes), A = its page index; carry
; when that page is one of the pages reserved, no carry past them. Changes B, HL.
rt_mmpos:
        ld e,(hl)
        inc hl
        ld d,(hl)
        inc hl
        ld c,(hl)
        ld a,c
        cp 64
        ret nc                  ; 2^22 and up: past any mapper
        ld h,c
        ld l,d
        add hl,hl
        add hl,hl
        ld a,(rt_mmpages)
        ld b,a
        ld a,h
        cp b
        ret
