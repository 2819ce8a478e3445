; The MSX graphics library of the MarMSX Minesweeper (Screen, Color, cls2, line_b,
; line_bf, Copy, Pset, SetPage, Print, LoadPicture), on the V9938 command engine
; (R#32-R#46, written through R#17 auto-increment and port 9Bh). Coordinates are those
; of SCREEN 5: 256 pixels wide, page p at y + 256 * p. Arguments arrive as words in the
; parameter block rt_garg.

;@var rt_garg 16
;@var rt_vcmd 15
;@var rt_apage 1
;@var rt_gbox 8
;@var rt_gx 2
;@var rt_gy 2

; Waits until the command engine is free (S#2 bit 0, CE).
rt_vdpwait:
        ld a,2
        call rt_vstat
        rrca
        jr c,rt_vdpwait
        ret

; Sends the command block at HL (R#32..R#46: SX SY DX DY NX NY CLR ARG CMR); writing
; R#46 starts it.
rt_vdpcmd:
        push hl
        call rt_vdpwait
        pop hl
        di
        ld a,32
        out (099h),a
        ld a,080h+17
        out (099h),a
        ld bc,0F9Bh             ; 15 bytes to port 9Bh
        otir
        ei
        ret

; Screen(mode): CHGMOD.
rt_screen:
        ld a,(rt_garg)
        bios CHGMOD
        xor a
        ld (rt_apage),a
        ret

; Color(fg, bg, border): the system colours, then CHGCLR.
rt_color:
        ld a,(rt_garg)
        ld (FORCLR),a
        ld a,(rt_garg+2)
        ld (BAKCLR),a
        ld a,(rt_garg+4)
        ld (BDRCLR),a
        ld a,(SCRMOD)           ; CHGCLR takes the screen mode in A
        bios CHGCLR
        ret

; cls2: the active page filled with the background colour (HMMV).
rt_cls2:
        ld hl,0
        ld (rt_vcmd+4),hl       ; DX
        ld a,(rt_apage)
        ld h,a
        ld (rt_vcmd+6),hl       ; DY
        ld hl,256
        ld (rt_vcmd+8),hl       ; NX
        ld hl,212
        ld (rt_vcmd+10),hl      ; NY
        ld a,(BAKCLR)
        and 0Fh
        ld b,a
        add a,a
        add a,a
        add a,a
        add a,a
        or b
        ld (rt_vcmd+12),a       ; two pixels of the colour
        xor a
        ld (rt_vcmd+13),a
        ld a,0C0h               ; HMMV
        ld (rt_vcmd+14),a
        ld hl,rt_vcmd
        jp rt_vdpcmd

; HL = min(HL, DE), DE = |HL - DE| + 1.
rt_minlen:
        or a
        sbc hl,de
        jp p,.bmin
        add hl,de
        push hl
        ex de,hl
        or a
        sbc hl,de
        inc hl
        ex de,hl
        pop hl
        ret
.bmin:  inc hl
        ex de,hl
        ret

; DX, DY (on the active page), NX, NY of the box x1, y1, x2, y2 in rt_garg.
rt_box:
        ld hl,(rt_garg)
        ld de,(rt_garg+4)
        call rt_minlen
        ld (rt_vcmd+4),hl
        ld (rt_vcmd+8),de
        ld hl,(rt_garg+2)
        ld de,(rt_garg+6)
        call rt_minlen
        ld a,(rt_apage)
        add a,h
        ld h,a
        ld (rt_vcmd+6),hl
        ld (rt_vcmd+10),de
        ret

; Colour (rt_garg+8) and LMMV with the logical operation (rt_garg+10).
rt_lmmvop:
        ld a,(rt_garg+8)
        ld (rt_vcmd+12),a
        xor a
        ld (rt_vcmd+13),a
        ld a,(rt_garg+10)
        and 0Fh
        or 080h
        ld (rt_vcmd+14),a
        ret

; line_bf(x1, y1, x2, y2, colour, logop): a filled box.
rt_line_bf:
        call rt_box
        call rt_lmmvop
        ld hl,rt_vcmd
        jp rt_vdpcmd

; line_b(x1, y1, x2, y2, colour, logop): a box outline, four one-pixel boxes.
rt_line_b:
        call rt_box
        call rt_lmmvop
        ld hl,rt_vcmd+4
        ld de,rt_gbox
        ld bc,8
        ldir
        ld hl,1
        ld (rt_vcmd+10),hl      ; top
        call .cmd
        ld hl,(rt_gbox+2)
        ld de,(rt_gbox+6)
        add hl,de
        dec hl
        ld (rt_vcmd+6),hl       ; bottom
        call .cmd
        ld hl,(rt_gbox+2)
        ld (rt_vcmd+6),hl
        ld hl,(rt_gbox+6)
        ld (rt_vcmd+10),hl
        ld hl,1
        ld (rt_vcmd+8),hl       ; left
        call .cmd
        ld hl,(rt_gbox)
        ld de,(rt_gbox+4)
        add hl,de
        dec hl
        ld (rt_vcmd+4),hl       ; right
.cmd:   ld hl,rt_vcmd
        jp rt_vdpcmd

; Copy(x1, y1, x2, y2, srcpage, dx, dy, dstpage): LMMM, as BASIC's COPY.
rt_copybox:
        ld hl,(rt_garg)
        ld de,(rt_garg+4)
        call rt_minlen
        ld (rt_vcmd),hl         ; SX
        ld (rt_vcmd+8),de       ; NX
        ld hl,(rt_garg+2)
        ld de,(rt_garg+6)
        call rt_minlen
        ld a,(rt_garg+8)
        add a,h
        ld h,a
        ld (rt_vcmd+2),hl       ; SY
        ld (rt_vcmd+10),de      ; NY
        ld hl,(rt_garg+10)
        ld (rt_vcmd+4),hl       ; DX
        ld hl,(rt_garg+12)
        ld a,(rt_garg+14)
        add a,h
        ld h,a
        ld (rt_vcmd+6),hl       ; DY
        xor a
        ld (rt_vcmd+12),a
        ld (rt_vcmd+13),a
        ld a,090h               ; LMMM, IMP
        ld (rt_vcmd+14),a
        ld hl,rt_vcmd
        jp rt_vdpcmd

; Pset(x, y, colour, logop)
rt_pset:
        ld hl,(rt_garg)
        ld (rt_vcmd+4),hl
        ld hl,(rt_garg+2)
        ld a,(rt_apage)
        add a,h
        ld h,a
        ld (rt_vcmd+6),hl
        ld a,(rt_garg+4)
        ld (rt_vcmd+12),a
        xor a
        ld (rt_vcmd+13),a
        ld a,(rt_garg+6)
        and 0Fh
        or 050h
        ld (rt_vcmd+14),a
        ld hl,rt_vcmd
        jp rt_vdpcmd

; SetPage(display, active): R#2 shows the display page; commands draw on the active one.
rt_setpage:
        ld a,(rt_garg+2)
        ld (rt_apage),a
        ld a,(rt_garg)
        rrca
        rrca
        rrca
        and 060h
        or 01Fh
        ld b,a
        ld c,2
        bios WRTVDP
        ret

; A = the byte at HL in the main ROM (RDSLT, which MSX-DOS also keeps in page 0).
rt_fontbyte:
        ld a,(EXPTBL)
        push bc
        push de
        call RDSLT
        pop de
        pop bc
        ei
        ret

;@var rt_glyph 8

; Print(x, y, colour, text): each character is an 8 x 8 cell of the BIOS font (read
; with RDSLT), its dots in the colour and the rest of the cell in the background
; colour (BAKCLR), as MSX2 BASIC's PRINT #1 on the GRP: device does in SCREEN 5 — the
; article's menu and panel rely on it (Color(15,4,0) before printing on the blue box,
; Color(6,14,0) before the counters redrawn over the grey panel). One LMMC command per
; character: the 64 pixels go to R#44 through port 9Bh, each when the VDP asks (TR).
rt_print:
        ld hl,(rt_garg)
        ld (rt_gx),hl
        ld hl,(rt_garg+2)
        ld (rt_gy),hl
        ld hl,(rt_garg+6)
        ld b,(hl)
        inc b
        dec b
        ret z
.char:  inc hl
        push bc
        push hl
        ld l,(hl)
        ld h,0
        add hl,hl
        add hl,hl
        add hl,hl
        ld de,(CGPNT+1)
        add hl,de
        ld de,rt_glyph
        ld b,8
.font:  push bc
        push de
        push hl
        call rt_fontbyte
        pop hl
        pop de
        pop bc
        ld (de),a
        inc hl
        inc de
        djnz .font
        ; LMMC over the cell: DX, DY (on the active page), NX = NY = 8, CLR = the
        ; first pixel, ARG 0, CMR B0h (LMMC, IMP)
        ld hl,(rt_gx)
        ld (rt_vcmd+4),hl
        ld hl,(rt_gy)
        ld a,(rt_apage)
        add a,h
        ld h,a
        ld (rt_vcmd+6),hl
        ld hl,8
        ld (rt_vcmd+8),hl
        ld (rt_vcmd+10),hl
        ld a,(BAKCLR)
        and 0Fh
        ld e,a                  ; E = background
        ld a,(rt_garg+4)
        and 0Fh
        ld d,a                  ; D = dots
        ld a,(rt_glyph)
        rlca
        ld a,d
        jr c,.first
        ld a,e
.first: ld (rt_vcmd+12),a
        xor a
        ld (rt_vcmd+13),a
        ld a,0B0h
        ld (rt_vcmd+14),a
        push de
        ld hl,rt_vcmd
        call rt_vdpcmd
        pop de
        ; the other 63 pixels: R#17 = 44 without auto-increment, S#2 for TR
        ld hl,rt_glyph
        di
        ld a,44+080h
        out (099h),a
        ld a,080h+17
        out (099h),a
        ld a,2
        out (099h),a
        ld a,080h+15
        out (099h),a
        ld c,(hl)
        sla c                   ; the first pixel is sent
        ld b,7
.row:   sla c
        ld a,d
        jr c,.dot
        ld a,e
.dot:   ex af,af'
.tr:    in a,(099h)
        rlca
        jr nc,.tr
        ex af,af'
        out (09Bh),a
        djnz .row
        inc hl
        ld a,l
        cp low(rt_glyph+8)
        jr z,.end
        ld c,(hl)
        ld b,8
        jr .row
.end:   xor a
        out (099h),a
        ld a,080h+15
        out (099h),a
        ei
        ld hl,(rt_gx)
        ld de,8
        add hl,de
        ld (rt_gx),hl
        pop hl
        pop bc
        dec b
        jp nz,.char
        ret

;@var rt_pbuf 128
;@var rt_pfcb 37
;@var rt_pleft 2
;@var rt_pptr 2
;@var rt_precs 1
;@var rt_pfirst 1

; LoadPicture(name, page): HL = the file name, DE = the page. The file's bytes go to
; VRAM from page * 8000h (a SCREEN 5 page). The file is read with the random block
; read (BDOS 27h) in blocks of up to 16 KB into the free memory above the heap (128
; bytes at a time in a buffer of its own when less than that is free), and each block
; is sent out with OTIR. A BSAVE header (FEh, start, end, exec) is skipped when it
; fits the file: end >= start and the data (end - start + 1 bytes) fill the rest of
; the file, give or take one 128-byte record of padding; then only those bytes are
; sent. Otherwise a first byte FEh is picture like any other. A missing file sets
; IOResult to 1.
rt_loadpic:
        push de
        ex de,hl
        ld hl,rt_pfcb
        call rt_fcbname
        ld de,rt_pfcb
        ld c,0Fh
        call BDOS
        pop de
        or a
        jr z,.open
        ld a,1
        ld (rt_ioerr),a
        ret
.open:  ; record size 128, random record 0
        ld hl,128
        ld (rt_pfcb+14),hl
        ld hl,0
        ld (rt_pfcb+33),hl
        ld (rt_pfcb+35),hl
        ; bytes to send: the file's size (at most FFFFh)
        ld hl,(rt_pfcb+18)
        ld a,h
        or l
        ld hl,(rt_pfcb+16)
        jr z,.size
        ld hl,0FFFFh
.size:  ld (rt_pleft),hl
        ; VRAM address page * 8000h: R#14 = page * 2, address 0, write mode
        ld a,e
        add a,a
        and 07h
        di
        out (099h),a
        ld a,080h+14
        out (099h),a
        xor a
        out (099h),a
        ld a,040h
        out (099h),a
        ei
        ; the buffer: whole records of the free memory between the heap and the
        ; recursion stack, at most 128, at its top: the highest addresses, where
        ; a disk ROM moves whole sectors straight from the disk (pages 2-3; the
        ; sectors for page 1 go through its one-sector bounce buffer, a disk
        ; turn each)
        ld hl,(rt_rsp)          ; free: from the heap's top to the recursion stack
        ld de,(rt_heap)
        or a
        sbc hl,de
        jr c,.tiny
        ld a,h
        cp 40h
        ld a,128
        jr nc,.recs
        add hl,hl
        ld a,h                  ; free / 128
        or a
        jr nz,.recs
.tiny:  ld hl,rt_pbuf
        ld (rt_pptr),hl
        ld a,1
        jr .recs1
.recs:  ld h,a                  ; rt_pptr = rt_rsp - records * 128
        ld l,0
        srl h
        rr l
        ex de,hl
        ld hl,(rt_rsp)
        or a
        sbc hl,de
        ld (rt_pptr),hl
.recs1: ld (rt_precs),a
        ld a,1
        ld (rt_pfirst),a
        ld de,(rt_pptr)
        ld c,1Ah
        call BDOS
.block: ld hl,(rt_pleft)
        ld a,h
        or l
        jr z,.done
        ld de,rt_pfcb
        ld a,(rt_precs)
        ld l,a
        ld h,0
        ld c,27h
        call BDOS               ; HL = records read
        ld a,h
        or l
        jr z,.done
        ld h,l                  ; HL = records * 128
        ld l,0
        srl h
        rr l
        ld de,(rt_pptr)
        ld a,(rt_pfirst)
        or a
        jr z,.send
        xor a
        ld (rt_pfirst),a
        push hl
        push de
        call .hdr
        pop de
        pop hl
        jr nz,.send
        ld bc,-7                ; a header: the data start after it
        add hl,bc
        ex de,hl
        ld bc,7
        add hl,bc
        ex de,hl
.send:  ; send min(HL, rt_pleft) bytes from DE
        ld bc,(rt_pleft)
        or a
        sbc hl,bc
        add hl,bc
        jr c,.part
        ld h,b
        ld l,c
.part:  push hl
        ld a,c                  ; rt_pleft -= HL
        sub l
        ld c,a
        ld a,b
        sbc a,h
        ld b,a
        ld (rt_pleft),bc
        pop bc                  ; BC = count, DE = data
        ex de,hl
        ld a,c
        ld c,098h
        or a
        jr z,.pages
        ld d,b
        ld b,a
        otir
        ld b,d
.pages: ld a,b
        or a
        jr z,.block
        ld b,0
.page:  otir                    ; 256 bytes
        dec a
        jr nz,.page
        jr .block
.done:  ld de,rt_pfcb
        ld c,10h
        jp BDOS

; Z if the buffer at DE starts with a BSAVE header that fits the file of rt_pleft
; bytes; then rt_pleft = the data's length.
.hdr:   ex de,hl
        ld a,(hl)
        cp 0FEh
        ret nz
        inc hl
        ld c,(hl)
        inc hl
        ld b,(hl)               ; BC = start
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)               ; DE = end
        ex de,hl
        or a
        sbc hl,bc
        jr c,.bad
        inc hl                  ; HL = end - start + 1
        ld a,h
        or l
        jr z,.bad
        ex de,hl                ; DE = the data's length
        ld hl,(rt_pleft)
        ld bc,-7
        add hl,bc               ; no carry: the file is shorter than a header
        jr nc,.bad
        or a
        sbc hl,de               ; the file's rest - the data's length: 0..127
        jr c,.bad
        ld a,h
        or a
        jr nz,.bad
        ld a,l
        cp 128
        jr nc,.bad
        ld (rt_pleft),de
        xor a
        ret
.bad:   or 1
        ret

; ---- GIOS, the graphics library of Turbo Pascal 3.3f for MSX (its manual, chapter 18).
; Its routines draw in the colour AtrByt with the logical operation LogOpr on the page
; ActPage: bytes of the MSX work area (manual 18.3) at F3F2h, FB02h and FAF6h, which the
; program sets as predeclared variables. Arguments arrive in rt_garg as above.

; rt_garg+8 = AtrByt, rt_garg+10 = LogOpr, and ActPage becomes the page drawn on.
rt_gattr:
        ld a,(0F3F2h)           ; AtrByt
        ld (rt_garg+8),a
        ld a,(0FB02h)           ; LogOpr
        ld (rt_garg+10),a
        ld a,(0FAF6h)           ; ActPage
        ld (rt_apage),a
        ret

; FillBox(x1, y1, x2, y2): LMMV, pixel by pixel, with LogOpr.
rt_fillbox:
        call rt_gattr
        jp rt_line_bf

; FastBox(x1, y1, x2, y2): HMMV, byte by byte: AtrByt is the whole byte (two pixels in
; SCREEN 5, its high nibble the left one), no logical operation.
rt_fastbox:
        call rt_gattr
        call rt_box
        ld a,(rt_garg+8)
        ld (rt_vcmd+12),a
        xor a
        ld (rt_vcmd+13),a
        ld a,0C0h               ; HMMV
        ld (rt_vcmd+14),a
        ld hl,rt_vcmd
        jp rt_vdpcmd

; Line(x1, y1, x2, y2): the VDP's LINE from (x1, y1): NX the dots of the longer side,
; NY of the shorter, ARG: MAJ (bit 0) when the longer side is vertical, DIX (bit 2)
; leftwards, DIY (bit 3) upwards.
rt_gline:
        call rt_gattr
        ld hl,(rt_garg)
        ld (rt_vcmd+4),hl       ; DX
        ld hl,(rt_garg+2)
        ld a,(rt_apage)
        add a,h
        ld h,a
        ld (rt_vcmd+6),hl       ; DY
        ld c,0
        ld hl,(rt_garg+4)
        ld de,(rt_garg)
        call rt_gspan           ; |x2 - x1|
        jr nc,.xpos
        set 2,c                 ; DIX
.xpos:  push hl
        ld hl,(rt_garg+6)
        ld de,(rt_garg+2)
        call rt_gspan           ; |y2 - y1|
        jr nc,.ypos
        set 3,c                 ; DIY
.ypos:  pop de                  ; DE = |dx|, HL = |dy|
        push hl
        or a
        sbc hl,de
        pop hl
        jr c,.xmaj              ; |dy| < |dx|: the longer side is horizontal
        set 0,c                 ; MAJ
        ex de,hl
.xmaj:  ld (rt_vcmd+8),de       ; NX: the longer side
        ld (rt_vcmd+10),hl      ; NY: the shorter
        ld a,(rt_garg+8)
        ld (rt_vcmd+12),a
        ld a,c
        ld (rt_vcmd+13),a
        ld a,(rt_garg+10)
        and 0Fh
        or 070h                 ; LINE
        ld (rt_vcmd+14),a
        ld hl,rt_vcmd
        jp rt_vdpcmd

; PSet(x, y): the MarMSX Pset with AtrByt and LogOpr.
rt_gpset:
        call rt_gattr
        ld a,(rt_garg+8)
        ld (rt_garg+4),a
        ld a,(rt_garg+10)
        ld (rt_garg+6),a
        jp rt_pset

; Point(x, y): the VDP's POINT on ActPage; the colour (S#7) goes to rt_garg.
rt_point:
        call rt_gattr
        ld hl,(rt_garg)
        ld (rt_vcmd),hl         ; SX
        ld hl,(rt_garg+2)
        ld a,(rt_apage)
        add a,h
        ld h,a
        ld (rt_vcmd+2),hl       ; SY
        xor a
        ld (rt_vcmd+13),a
        ld a,040h               ; POINT
        ld (rt_vcmd+14),a
        ld hl,rt_vcmd
        call rt_vdpcmd
        call rt_vdpwait
        ld a,7
        call rt_vstat
        ld (rt_garg),a
        ret

; DisplayPage(page): R#2 shows the page (as SetPage's first argument).
rt_dpage:
        ld a,(rt_garg)
        rrca
        rrca
        rrca
        and 060h
        or 01Fh
        ld b,a
        ld c,2
        bios WRTVDP
        ret

; ScreenOn: R#1 bit 6 (BL) set again, from its copy RG1SAV (F3E0h).
rt_scron:
        ld a,(0F3E0h)
        or 040h
        ld b,a
        ld c,1
        bios WRTVDP
        ret

; ScreenOff: R#1 bit 6 cleared: only the border colour shows.
rt_scroff:
        ld a,(0F3E0h)
        and 0BFh
        ld b,a
        ld c,1
        bios WRTVDP
        ret

; ChangeColor(colour, red, green, blue): palette entry `colour` (R#16), then port 9Ah:
; red and blue (0RRR0BBB), then green (00000GGG).
rt_chcolor:
        ld a,(rt_garg)
        and 0Fh
        di
        out (099h),a
        ld a,080h+16
        out (099h),a
        ld a,(rt_garg+2)
        and 7
        rlca
        rlca
        rlca
        rlca
        ld b,a
        ld a,(rt_garg+6)
        and 7
        or b
        out (09Ah),a
        ld a,(rt_garg+4)
        and 7
        out (09Ah),a
        ei
        ret

; Stick(n): BIOS GTSTCK (00D5h): 0 the cursor keys, 1 and 2 the joystick ports; the
; direction 0-8 in rt_garg.
rt_stick:
        ld a,(rt_garg)
        bios 0D5h
        ld (rt_garg),a
        ret

; Strig(n): BIOS GTTRIG (00D8h): 0 the space bar, 1-4 the triggers; A = FFh when
; pressed. True (1) or False (0) in rt_garg.
rt_strig:
        ld a,(rt_garg)
        bios 0D8h
        and 1
        ld (rt_garg),a
        ret

; Sound(register, value): BIOS WRTPSG (0093h), as BASIC's SOUND.
rt_sound:
        ld a,(rt_garg+2)
        ld e,a
        ld a,(rt_garg)
        bios 093h
        ret

; ReadPSG(register): BIOS RDPSG (0096h).
rt_readpsg:
        ld a,(rt_garg)
        bios 096h
        ld (rt_garg),a
        ret

; The VRAM address rt_garg (0-FFFFh) on page ActPage set up for reading (A = 0) or
; writing (A = 40h): 32 KB pages below SCREEN 7, 64 KB from it (GIOS manual, VPeek and
; BSave); R#14 takes A16-A14.
rt_gvaddr:
        ld c,a
        ld hl,(rt_garg)
        ld a,(SCRMOD)
        cp 7
        ld a,(0FAF6h)           ; ActPage
        jr c,.p32
        add a,a                 ; 64 KB pages: page * 4 units of 16 KB
.p32:   add a,a                 ; 32 KB pages: page * 2
        ld b,a
        ld a,h
        rlca
        rlca
        and 3                   ; A15-A14 of the address
        add a,b
        and 7
        di
        out (099h),a
        ld a,080h+14
        out (099h),a
        ld a,l
        out (099h),a
        ld a,h
        and 03Fh
        or c
        out (099h),a
        ei
        ret

; VPeek(address): the byte of VRAM at the address on page ActPage.
rt_vpeek:
        xor a
        call rt_gvaddr
        in a,(098h)
        ld (rt_garg),a
        ret

; VPoke(address, value).
rt_vpoke:
        ld a,040h
        call rt_gvaddr
        ld a,(rt_garg+2)
        out (098h),a
        ret

; ReadVDP(register): the copy the MSX keeps (GIOS manual 18.4.1.14): R#0-7 at F3DFh,
; R#8-23 at FFE7h, R#25-27 at FFFAh; 0 for the others.
rt_readvdp:
        ld a,(rt_garg+1)
        or a
        ld a,(rt_garg)
        jr nz,.none
        cp 8
        jr nc,.r8
        ld hl,0F3DFh
        jr .get
.r8:    cp 24
        jr nc,.r25
        sub 8
        ld hl,0FFE7h
        jr .get
.r25:   sub 25
        cp 3
        jr nc,.none
        ld hl,0FFFAh
.get:   ld e,a
        ld d,0
        add hl,de
        ld a,(hl)
        ld (rt_garg),a
        ret
.none:  xor a
        ld (rt_garg),a
        ret

; WriteVDP(register, value): BIOS WRTVDP, which keeps the copy.
rt_writevdp:
        ld a,(rt_garg+2)
        ld b,a
        ld a,(rt_garg)
        ld c,a
        bios WRTVDP
        ret

; WaitVDP: until the command engine is free.
rt_waitvdp:
        jp rt_vdpwait

; SpritesOff, SpritesOn: R#8 bit 1 (SPD) set or cleared, from its copy at FFE7h.
rt_sproff:
        ld a,(0FFE7h)
        or 2
        ld b,a
        ld c,8
        bios WRTVDP
        ret

rt_spron:
        ld a,(0FFE7h)
        and 0FDh
        ld b,a
        ld c,8
        bios WRTVDP
        ret

; SpriteSize(size): R#1 bits 1 (16 x 16) and 0 (magnified): 0-3 as the manual's table.
rt_sprsize:
        ld a,(rt_garg)
        and 3
        ld b,a
        ld a,(0F3E0h)           ; RG1SAV
        and 0FCh
        or b
        ld b,a
        ld c,1
        bios WRTVDP
        ret

; Date(var year; var month, day, weekday): BDOS 2Ah. rt_garg holds the four addresses.
rt_gdate:
        ld c,02Ah
        call BDOS
        ld b,a
        ex de,hl                ; DE = year, H = month, L = day
        push hl
        ld hl,(rt_garg)
        ld (hl),e
        inc hl
        ld (hl),d
        pop de                  ; D = month, E = day
        ld hl,(rt_garg+2)
        ld (hl),d
        ld hl,(rt_garg+4)
        ld (hl),e
        ld hl,(rt_garg+6)
        ld (hl),b
        ret

; Time(var hour, minute, second): BDOS 2Ch (H hour, L minute, D second).
rt_gtime:
        ld c,02Ch
        call BDOS
        ld b,h
        ld c,l
        ld hl,(rt_garg)
        ld (hl),b
        ld hl,(rt_garg+2)
        ld (hl),c
        ld hl,(rt_garg+4)
        ld (hl),d
        ret

; SetDate(year, month, day): BDOS 2Bh; True (1) when the date was valid (A = 0).
rt_gsetdate:
        ld hl,(rt_garg)
        ld a,(rt_garg+2)
        ld d,a
        ld a,(rt_garg+4)
        ld e,a
        ld c,02Bh
        call BDOS
        jp rt_gok

; SetTime(hour, minute, second): BDOS 2Dh.
rt_gsettime:
        ld a,(rt_garg)
        ld h,a
        ld a,(rt_garg+2)
        ld l,a
        ld a,(rt_garg+4)
        ld d,a
        ld e,0
        ld c,02Dh
        call BDOS
        jp rt_gok

; rt_garg = 1 when A = 0 (the DOS accepted), else 0.
rt_gok:
        or a
        ld a,1
        jr z,.set
        xor a
.set:   ld (rt_garg),a
        ret

; GCopy(x1, y1, x2, y2, dx, dy, destpage): LMMM with LogOpr from page ActPage; the
; corners' order gives the direction (DIX leftwards when x2 < x1, DIY upwards when
; y2 < y1), and (dx, dy) is where the copy starts on the destination page.
rt_gcopy:
        ld a,(0FB02h)           ; LogOpr
        and 0Fh
        or 090h                 ; LMMM
        jp rt_copydir

; FastCopy(x1, y1, x2, y2, dx, dy, destpage): the same, byte by byte (HMMM), no
; logical operation.
rt_fastcopy:
        ld a,0D0h               ; HMMM
        jp rt_copydir

; The copy command A on the block of rt_garg (x1, y1, x2, y2, dx, dy, destpage).
rt_copydir:
        ld b,a
        ld a,(0FAF6h)           ; ActPage: the source's
        call rt_copyset
        ld hl,(rt_garg+8)
        ld (rt_vcmd+4),hl       ; DX
        ld hl,(rt_garg+10)
        ld a,(rt_garg+12)
        add a,h
        ld h,a
        ld (rt_vcmd+6),hl       ; DY
        ld hl,rt_vcmd
        jp rt_vdpcmd

; The command B on the block of rt_garg (x1, y1, x2, y2) of page A into rt_vcmd:
; SX, SY, NX, NY, the direction (DIX leftwards when x2 < x1, DIY upwards when
; y2 < y1) and the command; not started.
rt_copyset:
        push af
        ld a,b
        ld (rt_vcmd+14),a       ; CMD
        ld c,0
        ld hl,(rt_garg)
        ld (rt_vcmd),hl         ; SX
        ld de,(rt_garg)
        ld hl,(rt_garg+4)
        call rt_gspan           ; |x2 - x1|
        jr nc,.xpos
        set 2,c                 ; DIX
.xpos:  inc hl
        ld (rt_vcmd+8),hl       ; NX
        pop af
        ld hl,(rt_garg+2)
        add a,h
        ld h,a
        ld (rt_vcmd+2),hl       ; SY
        ld de,(rt_garg+2)
        ld hl,(rt_garg+6)
        call rt_gspan           ; |y2 - y1|
        jr nc,.ypos
        set 3,c                 ; DIY
.ypos:  inc hl
        ld (rt_vcmd+10),hl      ; NY
        xor a
        ld (rt_vcmd+12),a
        ld a,c
        ld (rt_vcmd+13),a       ; ARG
        ret

; HL = |HL - DE| (signed), carry when HL < DE. Keeps BC.
rt_gspan:
        or a
        sbc hl,de
        jp p,.pos
        ex de,hl
        ld hl,0
        or a
        sbc hl,de
        scf
        ret
.pos:   or a
        ret

; ---- GIOS sprites (manual 18.4.2.17, .36, .47-.51). In sprite mode 2 (SCREEN 4-8) a
; 1 KB block holds the colour table (16 bytes a plane) and, 512 bytes on, the attribute
; table; in mode 1 (SCREEN 1-3) the attribute table alone (its fourth byte the colour).
; The tables' places come from the copies of R#5, R#6 and R#11 (F3E4h, F3E5h, FFEAh).

; The VDP set to write at the 17-bit address B:HL (B bit 0 = A16).
rt_vwrite17:
        ld a,b
        and 1
        add a,a
        add a,a
        ld c,a
        ld a,h
        rlca
        rlca
        and 3
        or c
        di
        out (099h),a
        ld a,080h+14
        out (099h),a
        ld a,l
        out (099h),a
        ld a,h
        and 03Fh
        or 040h
        out (099h),a
        ei
        ret

; Z when the screen has sprite mode 1 (SCREEN 1-3), NZ for mode 2; only A changes.
rt_sprmode1:
        ld a,(SCRMOD)
        cp 4
        sbc a,a
        inc a
        ret

; B:HL = R#11 * 32768 + R#5 * 128 (B = A16).
rt_sprbase:
        ld a,(0F3E4h)           ; R#5
        ld h,a
        ld l,0
        srl h
        rr l
        ld a,(0FFEAh)           ; R#11
        ld b,a
        rrca
        and 080h
        or h
        ld h,a
        ld a,b
        rrca
        and 1
        ld b,a
        ret

; B:HL = the attributes of plane rt_garg: mode 1 R#5 * 128, mode 2 the block's start
; + 512; plus 4 * plane.
rt_sprattr:
        call rt_sprbase
        call rt_sprmode1
        jr z,.plane
        ld l,0
        ld a,h
        and 0FCh
        or 2
        ld h,a
.plane: ld a,(rt_garg)
        and 31
        add a,a
        add a,a
        ld e,a
        ld d,0
        add hl,de
        ret

; B:HL = the colour bytes of plane rt_garg (mode 2): the block's start + 16 * plane.
rt_sprcol:
        call rt_sprbase
        ld l,0
        ld a,h
        and 0FCh
        ld h,a
        ld a,(rt_garg)
        and 31
        ld e,a
        ld d,0
        ex de,hl
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,de
        ret

; SpriteAttributeAddress(address): below 128 the number of a table (number * 1024 + 512),
; else (address and 1FC00h) + 512. R#5 and R#11 (and ATRBAS) point to it.
rt_sprattrad:
        ld hl,(rt_garg)
        ld a,h
        or a
        jr nz,.addr
        ld a,l
        cp 128
        jr nc,.addr
        ld b,a
        rlca
        rlca
        and 0FCh
        or 2
        ld h,a                  ; (number * 1024 + 512) bits 15-8
        ld l,0
        ld a,b
        rlca
        rlca
        and 1
        ld b,a                  ; A16
        jr .set
.addr:  ld a,h
        and 0FCh
        or 2
        ld h,a
        ld l,0
        ld b,0
.set:   ld (0F928h),hl          ; ATRBAS
        ld a,h
        add a,a                 ; R#5 = A14-A7
        ld c,a
        call rt_sprmode1
        ld a,c
        jr z,.r5
        or 3                    ; mode 2: A8-A7 set as the VDP wants them
.r5:    push bc
        push hl
        ld b,a
        ld c,5
        bios WRTVDP
        pop hl
        pop bc
        ld a,b
        add a,a
        bit 7,h
        jr z,.r11
        inc a
.r11:   ld b,a                  ; R#11 = A16-A15
        ld c,11
        bios WRTVDP
        ret

; SpritePatternAddress(address): below 64 the number of a table (number * 2048), else
; (address and F800h). R#6 (and PATBAS) point to it.
rt_sprpatad:
        ld hl,(rt_garg)
        ld a,h
        or a
        jr nz,.addr
        ld a,l
        cp 64
        jr nc,.addr
        ld a,l
        rlca
        rlca
        rlca
        and 0F8h
        ld h,a
        ld l,0
        ld a,(rt_garg)
        rlca
        rlca
        rlca
        and 1
        ld b,a                  ; A16
        jr .set
.addr:  ld a,h
        and 0F8h
        ld h,a
        ld l,0
        ld b,0
.set:   ld (0F926h),hl          ; PATBAS
        ld a,b
        rrca
        rrca
        rrca                    ; A16 into bit 5
        ld c,a
        ld a,h
        rrca
        rrca
        rrca
        and 01Fh
        or c
        ld b,a
        ld c,6
        bios WRTVDP
        ret

; SpritePattern(number, address): the pattern's 8 bytes (8 x 8) or 32 (16 x 16, R#1
; bit 1) from the address into the pattern table (R#6 * 2048).
rt_sprpat:
        ld a,(0F3E5h)           ; R#6
        ld b,a
        rlca
        rlca
        rlca
        and 0F8h
        ld h,a
        ld l,0
        ld a,b
        rlca
        rlca
        rlca
        and 1
        ld b,a
        ld a,(rt_garg)
        ld e,a
        ld d,0
        ld c,8
        ld a,(0F3E0h)           ; R#1
        and 2
        jr z,.x8
        ld c,32
        sla e
        rl d
        sla e
        rl d                    ; number * 4 (then * 8 below)
.x8:    ex de,hl
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,de
        push bc
        call rt_vwrite17
        pop bc
        ld b,c
        ld hl,(rt_garg+2)
        ld c,098h
        otir
        ret

; SpriteColor(plane, address): mode 2: the 16 colour bytes of the plane from the
; address; mode 1: the attribute's colour byte from the first.
rt_sprcolor:
        call rt_sprmode1
        jr z,.m1
        call rt_sprcol
        call rt_vwrite17
        ld hl,(rt_garg+2)
        ld bc,01098h
        otir
        ret
.m1:    call rt_sprattr
        inc hl
        inc hl
        inc hl
        call rt_vwrite17
        ld hl,(rt_garg+2)
        ld a,(hl)
        out (098h),a
        ret

; FillSprite(plane, colour): the plane's colour bytes (16 for 16 x 16 sprites, else 8)
; set to the colour, whole (its top bits EC, CC, IC included); mode 1: the attribute's
; colour byte.
rt_fillspr:
        call rt_sprmode1
        jr z,.m1
        call rt_sprcol
        call rt_vwrite17
        ld b,8
        ld a,(0F3E0h)
        and 2
        jr z,.fill
        ld b,16
.fill:  ld a,(rt_garg+2)
.out:   out (098h),a
        djnz .out
        ret
.m1:    call rt_sprattr
        inc hl
        inc hl
        inc hl
        call rt_vwrite17
        ld a,(rt_garg+2)
        out (098h),a
        ret

; PutSprite(x, y, number, plane): the plane's attributes Y, X and the pattern number
; (times 4 for 16 x 16 sprites). The arguments come as x, y, number, plane: the plane
; is moved to rt_garg first for rt_sprattr.
rt_putspr:
        ld a,(rt_garg+6)
        ld c,a
        ld a,(rt_garg)
        ld (rt_garg+6),a        ; x kept at +6
        ld a,c
        ld (rt_garg),a          ; plane
        call rt_sprattr
        call rt_vwrite17
        ld a,(rt_garg+2)
        out (098h),a            ; Y
        ld a,(rt_garg+6)
        out (098h),a            ; X
        ld a,(rt_garg+4)
        ld b,a
        ld a,(0F3E0h)
        and 2
        ld a,b
        jr z,.n
        add a,a
        add a,a
.n:     out (098h),a
        ret

; ---- GIOS Circle(x, y, radius) (manual 18.4.2.5): in AtrByt with LogOpr on ActPage,
; the midpoint algorithm, each pixel drawn once (so that EOR draws a whole circle), the
; pixels off the page (x outside 0-255, 0-511 in SCREEN 6 and 7; y outside 0-255)
; left out.
;@var rt_ccx 2
;@var rt_ccy 2
;@var rt_cx 2
;@var rt_cy 2
;@var rt_cerr 2
;@var rt_ca 2
;@var rt_cb 2

rt_circle:
        call rt_gattr
        ld a,(rt_garg+8)
        ld (rt_vcmd+12),a
        xor a
        ld (rt_vcmd+13),a
        ld a,(rt_garg+10)
        and 0Fh
        or 050h                 ; PSET
        ld (rt_vcmd+14),a
        ld hl,(rt_garg)
        ld (rt_ccx),hl
        ld hl,(rt_garg+2)
        ld (rt_ccy),hl
        ld hl,(rt_garg+4)
        bit 7,h
        jr z,.rpos
        ex de,hl
        ld hl,0
        or a
        sbc hl,de
.rpos:  ld (rt_cx),hl           ; x = |radius|
        ld de,0
        ld (rt_cy),de           ; y = 0
        ex de,hl
        inc hl
        or a
        sbc hl,de
        ld (rt_cerr),hl         ; 1 - radius
.loop:  ld hl,(rt_cx)
        ld de,(rt_cy)
        or a
        sbc hl,de
        ret m                   ; until y passes x
        ld hl,(rt_cx)
        ld (rt_ca),hl
        ld hl,(rt_cy)
        ld (rt_cb),hl
        call rt_cpoint4         ; (cx +- x, cy +- y)
        ld hl,(rt_cx)
        ld de,(rt_cy)
        or a
        sbc hl,de
        jr z,.next              ; on the diagonal the other four are the same
        ld hl,(rt_cy)
        ld (rt_ca),hl
        ld hl,(rt_cx)
        ld (rt_cb),hl
        call rt_cpoint4         ; (cx +- y, cy +- x)
.next:  ld hl,(rt_cy)
        inc hl
        ld (rt_cy),hl
        ld hl,(rt_cerr)
        bit 7,h
        jr z,.step
        ld de,(rt_cy)           ; err += 2y + 1
        add hl,de
        add hl,de
        inc hl
        ld (rt_cerr),hl
        jp .loop
.step:  ld hl,(rt_cx)           ; x -= 1; err += 2(y - x) + 1
        dec hl
        ld (rt_cx),hl
        ex de,hl
        ld hl,(rt_cy)
        or a
        sbc hl,de
        add hl,hl
        inc hl
        ld de,(rt_cerr)
        add hl,de
        ld (rt_cerr),hl
        jp .loop

; The points (cx + a, cy + b), (cx - a, cy + b), (cx + a, cy - b), (cx - a, cy - b) of
; rt_ca and rt_cb, those the same when a or b is 0 drawn once.
rt_cpoint4:
        ld hl,(rt_ccy)
        ld de,(rt_cb)
        add hl,de
        ex de,hl
        ld hl,(rt_ccx)
        ld bc,(rt_ca)
        add hl,bc
        call rt_cplot
        ld hl,(rt_ca)
        ld a,h
        or l
        jr z,.below
        ld hl,(rt_ccy)
        ld de,(rt_cb)
        add hl,de
        ex de,hl
        ld hl,(rt_ccx)
        ld bc,(rt_ca)
        or a
        sbc hl,bc
        call rt_cplot
.below: ld hl,(rt_cb)
        ld a,h
        or l
        ret z
        ld hl,(rt_ccy)
        ld de,(rt_cb)
        or a
        sbc hl,de
        ex de,hl
        ld hl,(rt_ccx)
        ld bc,(rt_ca)
        add hl,bc
        call rt_cplot
        ld hl,(rt_ca)
        ld a,h
        or l
        ret z
        ld hl,(rt_ccy)
        ld de,(rt_cb)
        or a
        sbc hl,de
        ex de,hl
        ld hl,(rt_ccx)
        ld bc,(rt_ca)
        or a
        sbc hl,bc
        jp rt_cplot

; PSET (the command set up in rt_vcmd) at x = HL, y = DE when on the page.
rt_cplot:
        ld a,d
        or a
        ret nz
        ld a,h
        or a
        jr z,.on
        dec a
        ret nz
        ld a,(SCRMOD)
        cp 6
        ret c
        cp 8
        ret nc
.on:    ld (rt_vcmd+4),hl
        ld a,(rt_apage)
        ld d,a
        ld (rt_vcmd+6),de
        ld hl,rt_vcmd
        jp rt_vdpcmd

; A = status register S#A of the VDP (R#15 set back to 0 after).
rt_vstat:
        di
        out (099h),a
        ld a,08Fh
        out (099h),a
        in a,(099h)
        ld b,a
        xor a
        out (099h),a
        ld a,08Fh
        out (099h),a
        ei
        ld a,b
        ret

; Search(x, y, colour, condition) (manual 18.4.1.15): the VDP's SRCH along line y of
; ActPage from x; condition 0 rightwards to the colour, 1 rightwards to another colour,
; 2 and 3 the same leftwards (ARG: EQ bit 1, DIX bit 2). The x found (S#8, S#9) in
; rt_garg, or the screen's edge + 8000h when the line ends first.
rt_search:
        call rt_gattr
        ld hl,(rt_garg)
        ld (rt_vcmd),hl         ; SX
        ld hl,(rt_garg+2)
        ld a,(rt_apage)
        add a,h
        ld h,a
        ld (rt_vcmd+2),hl       ; SY
        ld a,(rt_garg+4)
        ld (rt_vcmd+12),a
        ld a,(rt_garg+6)
        and 3
        add a,a
        ld (rt_vcmd+13),a
        ld a,060h               ; SRCH
        ld (rt_vcmd+14),a
        ld hl,rt_vcmd
        call rt_vdpcmd
        call rt_vdpwait
        ld a,2
        call rt_vstat
        and 010h                ; BD: found
        jr z,.edge
        ld a,8
        call rt_vstat
        ld l,a
        ld a,9
        call rt_vstat
        and 1
        ld h,a
        ld (rt_garg),hl
        ret
.edge:  ld hl,08000h            ; the left edge
        ld a,(rt_garg+6)
        and 2
        jr nz,.set
        ld l,0FFh               ; the right edge: 255, 511 in SCREEN 6 and 7
        ld a,(SCRMOD)
        cp 6
        jr c,.set
        cp 8
        jr nc,.set
        inc h
.set:   ld (rt_garg),hl
        ret

; ReadSector(drive, sector, address, count), WriteSector(…) (manual 18.4.2.38, .58):
; the DOS's absolute sector read (2Fh) or write (30h), the transfer address set first
; (1Ah). Drive 0 is the current one, 1 is A:.
rt_rdsect:
        ld a,02Fh
        jp rt_sectio

rt_wrsect:
        ld a,030h
        jp rt_sectio

rt_sectio:
        push af
        ld de,(rt_garg+4)
        ld c,01Ah
        call BDOS
        ld a,(rt_garg)
        or a
        jr nz,.drive
        ld c,019h               ; the current drive, 0 = A:
        call BDOS
        inc a
.drive: dec a
        ld l,a
        ld a,(rt_garg+6)
        ld h,a
        ld de,(rt_garg+2)
        pop af
        ld c,a
        jp BDOS

; GetFKey (manual 18.4.1.7): 1-10 for the function key held (F6-F10 are SHIFT with F1-F5),
; the lowest when several are, 0 for none. The keyboard matrix (SNSMAT, 0141h): row 6
; bits 5-7 F1-F3 and bit 0 SHIFT, row 7 bits 0-1 F4-F5, a key down reading 0.
rt_getfkey:
        ld a,6
        bios 0141h
        push af
        ld a,7
        bios 0141h
        ld b,a
        pop af
        ld c,a
        ld e,1
        bit 5,c
        jr z,.found
        inc e
        bit 6,c
        jr z,.found
        inc e
        bit 7,c
        jr z,.found
        inc e
        bit 0,b
        jr z,.found
        inc e
        bit 1,b
        jr z,.found
        xor a
        jr .set
.found: ld a,e
        bit 0,c
        jr nz,.set
        add a,5
.set:   ld (rt_garg),a
        ret

; GetPdl(n) (manual 18.4.1.10): BIOS GTPDL (00DEh), 0-255.
rt_getpdl:
        ld a,(rt_garg)
        bios 0DEh
        ld l,a
        ld h,0
        ld (rt_garg),hl
        ret

; GetPad(n) (manual 18.4.1.8): BIOS GTPAD (00DBh), as BASIC's PAD: the statuses (n = 0,
; 4, 8 and from 12 on: FFh is -1, true) and the mouse's moves (13, 14, 17, 18) signed;
; the touch pad's and light pen's coordinates 0-255.
rt_getpad:
        ld a,(rt_garg)
        ld c,a
        push bc
        bios 0DBh
        pop bc
        ld l,a
        ld h,0
        ld a,c
        cp 12
        jr nc,.signed           ; the mouse
        and 3
        jr nz,.set              ; a coordinate
.signed:
        bit 7,l
        jr z,.set
        dec h
.set:   ld (rt_garg),hl
        ret

; ---- GIOS Paint(x, y, border) and FillShape(x, y, colour) (manual 18.4.2.32, .16): a
; scan-line fill from (x, y) on ActPage: Paint over the pixels that are not of the border
; colour, in AtrByt; FillShape over those of the colour (x, y) has, in the colour given;
; both with LogOpr. Each pixel is filled once, whatever the logical operation: a bitmap of
; the page (a bit a pixel, 8 or 16 KB) marks those done, and a stack of seeds (x, y: 3
; bytes each) follows it, both in the free memory between the heap and the recursion
; stack (with too little of it nothing is filled; with the stack full, seeds are lost).
;@var rt_pmode 1
;@var rt_pcol 1
;@var rt_pfc 1
;@var rt_pmaxx 2
;@var rt_pbm 2
;@var rt_pstk0 2
;@var rt_psp 2
;@var rt_plim 2
;@var rt_px 2
;@var rt_py 1
;@var rt_pxl 2
;@var rt_pxr 2
;@var rt_pny 1
;@var rt_pcx 2
;@var rt_prun 1

rt_paint:
        call rt_gattr
        call rt_pinit
        ret c
        xor a
        ld (rt_pmode),a
        ld a,(rt_garg+4)
        ld (rt_pcol),a
        ld a,(0F3F2h)           ; AtrByt
        ld (rt_pfc),a
        jp rt_pfill

rt_fillshape:
        call rt_gattr
        call rt_pinit
        ret c
        ld a,1
        ld (rt_pmode),a
        ld a,(rt_garg+4)
        ld (rt_pfc),a
        ld hl,(rt_garg)
        ld a,(rt_garg+2)
        ld e,a
        call rt_ppoint
        ld (rt_pcol),a
        jp rt_pfill

; The page's width, the seed on it, the bitmap cleared and the stack empty; carry when
; the seed is off the page or the memory too small.
rt_pinit:
        ld hl,255
        ld b,32
        ld a,(SCRMOD)
        cp 6
        jr c,.w
        cp 8
        jr nc,.w
        ld hl,511
        ld b,64
.w:     ld (rt_pmaxx),hl
        ld de,(rt_garg)
        bit 7,d
        scf
        ret nz
        or a
        sbc hl,de
        ret c                   ; x beyond the page
        ld a,(rt_garg+3)
        or a
        scf
        ret nz                  ; y outside 0-255
        ld hl,(rt_heap)
        ld (rt_pbm),hl
        ld d,b
        ld e,0
        add hl,de               ; 256 rows of B bytes
        ret c
        ld (rt_pstk0),hl
        ld (rt_psp),hl
        ld de,64
        add hl,de
        ret c
        ex de,hl                ; DE = the stack's base + 64
        ld hl,(rt_rsp)
        ld bc,-19
        add hl,bc
        ld (rt_plim),hl
        or a
        sbc hl,de
        ret c                   ; too little memory
        ld hl,(rt_pbm)
        ld a,(rt_pmaxx+1)
        ld b,32
        or a
        jr z,.clr
        ld b,64
.clr:   ld c,0
        ld (hl),0
        ld d,h
        ld e,l
        inc de
        dec bc
        ldir
        or a
        ret

; HL = the bitmap's byte of pixel (x = HL, y = E), A = its bit.
rt_pbit:
        ld a,l
        and 7
        ld d,a
        srl h
        rr l
        srl h
        rr l
        srl h
        rr l
        push hl
        ld l,e
        ld h,0
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        ld a,(rt_pmaxx+1)
        or a
        jr z,.row
        add hl,hl
.row:   pop bc
        add hl,bc
        ld bc,(rt_pbm)
        add hl,bc
        ld b,d
        inc b
        ld a,080h
        jr .t
.l:     rrca
.t:     djnz .l
        ret

; A = the colour of pixel (x = HL, y = E) of the page drawn on (POINT).
rt_ppoint:
        ld (rt_vcmd),hl
        ld a,(rt_apage)
        ld d,a
        ld (rt_vcmd+2),de
        xor a
        ld (rt_vcmd+13),a
        ld a,040h
        ld (rt_vcmd+14),a
        ld hl,rt_vcmd
        call rt_vdpcmd
        call rt_vdpwait
        ld a,7
        jp rt_vstat

; Carry when pixel (x = HL, y = E) is still to fill: not done yet, and fillable.
rt_pok:
        push hl
        push de
        call rt_pbit
        and (hl)
        pop de
        pop hl
        ret nz                  ; done already (no carry)
        call rt_ppoint
        ld b,a
        ld a,(rt_pcol)
        cp b
        ld a,(rt_pmode)
        jr z,.same
        or a                    ; another colour: Paint fills it, FillShape does not
        ret nz
        scf
        ret
.same:  or a                    ; the colour: FillShape fills it, Paint does not
        ret z
        scf
        ret

; Pixel (x = HL, y = E) marked done.
rt_pmark:
        call rt_pbit
        or (hl)
        ld (hl),a
        ret

; Seed (x = HL, y = A) pushed, unless the stack is full.
rt_ppush:
        ld b,a
        ex de,hl
        ld hl,(rt_plim)
        push de
        ld de,(rt_psp)
        or a
        sbc hl,de
        pop de
        ret c
        ld hl,(rt_psp)
        ld (hl),e
        inc hl
        ld (hl),d
        inc hl
        ld (hl),b
        inc hl
        ld (rt_psp),hl
        ret

; The fill: seeds taken from the stack until it is empty, each one's run of pixels to
; fill on its line found, marked and drawn, and the runs above and below it seeded.
rt_pfill:
        ld hl,(rt_garg)
        ld a,(rt_garg+2)
        call rt_ppush
.pop:   ld hl,(rt_psp)
        ld de,(rt_pstk0)
        or a
        sbc hl,de
        ret z
        ld hl,(rt_psp)
        dec hl
        ld e,(hl)
        dec hl
        ld b,(hl)
        dec hl
        ld c,(hl)
        ld (rt_psp),hl
        ld l,c
        ld h,b
        ld (rt_px),hl
        ld a,e
        ld (rt_py),a
        call rt_pok
        jr nc,.pop
        ld hl,(rt_px)
        ld (rt_pxl),hl
.left:  ld hl,(rt_pxl)
        ld a,h
        or l
        jr z,.ldone
        dec hl
        push hl
        ld a,(rt_py)
        ld e,a
        call rt_pok
        pop hl
        jr nc,.ldone
        ld (rt_pxl),hl
        jr .left
.ldone: ld hl,(rt_px)
        ld (rt_pxr),hl
.right: ld hl,(rt_pxr)
        ld de,(rt_pmaxx)
        or a
        sbc hl,de
        jr nc,.rdone
        ld hl,(rt_pxr)
        inc hl
        push hl
        ld a,(rt_py)
        ld e,a
        call rt_pok
        pop hl
        jr nc,.rdone
        ld (rt_pxr),hl
        jr .right
.rdone: ld hl,(rt_pxl)
.mark:  push hl
        ld a,(rt_py)
        ld e,a
        call rt_pmark
        pop hl
        ld de,(rt_pxr)
        push hl
        or a
        sbc hl,de
        pop hl
        jr nc,.span
        inc hl
        jr .mark
.span:  call rt_pspan
        ld a,(rt_py)
        or a
        jr z,.below
        dec a
        call rt_pseeds
.below: ld a,(rt_py)
        cp 255
        jp z,.pop
        inc a
        call rt_pseeds
        jp .pop

; On line A, from rt_pxl to rt_pxr: the first pixel of each run still to fill seeded.
rt_pseeds:
        ld (rt_pny),a
        xor a
        ld (rt_prun),a
        ld hl,(rt_pxl)
.s:     ld (rt_pcx),hl
        ld a,(rt_pny)
        ld e,a
        call rt_pok
        jr nc,.off
        ld a,(rt_prun)
        or a
        jr nz,.next
        inc a
        ld (rt_prun),a
        ld hl,(rt_pcx)
        ld a,(rt_pny)
        call rt_ppush
        jr .next
.off:   xor a
        ld (rt_prun),a
.next:  ld hl,(rt_pcx)
        ld de,(rt_pxr)
        or a
        sbc hl,de
        ret nc
        ld hl,(rt_pcx)
        inc hl
        jr .s

; LMMV of the run rt_pxl-rt_pxr on line rt_py in rt_pfc with LogOpr.
rt_pspan:
        ld hl,(rt_pxl)
        ld (rt_vcmd+4),hl
        ld a,(rt_py)
        ld l,a
        ld a,(rt_apage)
        ld h,a
        ld (rt_vcmd+6),hl
        ld hl,(rt_pxr)
        ld de,(rt_pxl)
        or a
        sbc hl,de
        inc hl
        ld (rt_vcmd+8),hl
        ld hl,1
        ld (rt_vcmd+10),hl
        ld a,(rt_pfc)
        ld (rt_vcmd+12),a
        xor a
        ld (rt_vcmd+13),a
        ld a,(0FB02h)
        and 0Fh
        or 080h
        ld (rt_vcmd+14),a
        ld hl,rt_vcmd
        jp rt_vdpcmd

; ---- GIOS SavePicture(x1, y1, x2, y2, page, name) (manual 18.4.2.39): the block of the
; page, read with the VDP's LMCM in the direction the corners give, into the file, as
; BASIC's COPY to a file writes it: the width and the height in dots (two words), then
; the dots packed (two a byte in SCREEN 5 and 7, four in 6, one in 8; the first in the
; high bits), line after line without a break. HL = the name. The file is written in
; whole records of 128 bytes (zeros after the picture); a file that cannot be made writes
; nothing.
;@var rt_sacc 1
;@var rt_sn 1
;@var rt_sper 1
;@var rt_sbits 1
;@var rt_sidx 1
;@var rt_sny 2
;@var rt_snx 2

rt_savepic:
        ex de,hl
        ld hl,rt_pfcb
        call rt_fcbname
        ld de,rt_pfcb
        ld c,013h               ; delete an old one
        call BDOS
        ld hl,rt_pfcb+12
        ld b,25
.zero:  ld (hl),0
        inc hl
        djnz .zero
        ld de,rt_pfcb
        ld c,016h               ; create
        call BDOS
        or a
        ret nz
        ld de,rt_pbuf
        ld c,01Ah
        call BDOS
        xor a
        ld (rt_sidx),a
        ld (rt_sacc),a
        ld (rt_sn),a
        ; dots a byte and bits a dot
        call rt_sform
        ; the command: the block (x1 … y2 in rt_garg, the page at +8) as rt_copydir
        ; sets it, the source on the page given
        ld a,(rt_garg+8)
        ld (rt_garg+12),a
        ld a,0A0h               ; LMCM
        call rt_copysrc
        ld hl,(rt_vcmd+8)
        ld (rt_snx),hl
        call rt_sword
        ld hl,(rt_vcmd+10)
        ld (rt_sny),hl
        call rt_sword
        ld hl,rt_vcmd
        call rt_vdpcmd
.line:  ld hl,(rt_snx)
.dot:   push hl
.tr:    ld a,2
        call rt_vstat
        rlca
        jr nc,.tr               ; TR: a dot ready
        ld a,7
        call rt_vstat
        call rt_sdot
        pop hl
        dec hl
        ld a,h
        or l
        jr nz,.dot
        ld hl,(rt_sny)
        dec hl
        ld (rt_sny),hl
        ld a,h
        or l
        jr nz,.line
        ; the last byte's dots, then the last record
        ld a,(rt_sn)
        or a
        jr z,.flush
.pad:   xor a
        call rt_sdot
        ld a,(rt_sn)
        or a
        jr nz,.pad
.flush: ld a,(rt_sidx)
        or a
        jr z,.close
.fill:  xor a
        call rt_sbyte
        ld a,(rt_sidx)
        or a
        jr nz,.fill
.close: ld de,rt_pfcb
        ld c,010h
        jp BDOS

; The block's command in rt_vcmd as rt_copydir makes it (SX, SY on page rt_garg+12 … the
; direction), with the command A; not started.
rt_copysrc:
        ld b,a
        ld a,(rt_garg+12)
        jp rt_copyset

; The current mode's dots a byte (rt_sper) and bits a dot (rt_sbits): SCREEN 5
; and 7 two of 4, 6 four of 2, 8 one of 8. Changes AF, BC.
rt_sform:
        ld a,(SCRMOD)
        ld bc,0204h
        cp 6
        jr nz,.m8
        ld bc,0402h
.m8:    cp 8
        jr nz,.mset
        ld bc,0108h
.mset:  ld a,b
        ld (rt_sper),a
        ld a,c
        ld (rt_sbits),a
        ret

; A dot (A) into the byte being packed, the byte out when full.
rt_sdot:
        ld c,a
        ld a,(rt_sbits)
        ld b,a
        ld a,(rt_sacc)
.sh:    add a,a
        djnz .sh
        or c
        ld (rt_sacc),a
        ld a,(rt_sn)
        inc a
        ld hl,rt_sper
        cp (hl)
        jr c,.keep
        ld a,(rt_sacc)
        call rt_sbyte
        xor a
        ld (rt_sacc),a
.keep:  ld (rt_sn),a
        ret

; HL as two bytes (low first).
rt_sword:
        push hl
        ld a,l
        call rt_sbyte
        pop hl
        ld a,h
        jp rt_sbyte

; A byte (A) into the record, the record written when full.
rt_sbyte:
        ld hl,rt_sidx
        ld e,(hl)
        inc (hl)
        ld d,0
        ld hl,rt_pbuf
        add hl,de
        ld (hl),a
        ld a,(rt_sidx)
        cp 128
        ret c
        xor a
        ld (rt_sidx),a
        ld de,rt_pfcb
        ld c,015h
        jp BDOS

; ---- GIOS LoadPicture(x, y, page, name) (manual 18.4.2.22): a file in BASIC's COPY form
; (as SavePicture writes it) onto the page from (x, y), with LogOpr: the VDP's LMMC, the
; dots unpacked from the file's records. A file that is missing or ends early stops the
; loading, nothing more (GIOS leaves the error to GetError). HL = the name; rt_garg: x,
; y, page.
;@var rt_lleft 2
;@var rt_lny 2

rt_loadgpic:
        ex de,hl
        ld hl,rt_pfcb
        call rt_fcbname
        ld hl,rt_pfcb+12
        ld b,25
.zero:  ld (hl),0
        inc hl
        djnz .zero
        ld de,rt_pfcb
        ld c,00Fh               ; open
        call BDOS
        or a
        ret nz
        ld de,rt_pbuf
        ld c,01Ah
        call BDOS
        ld a,128
        ld (rt_sidx),a          ; the record is used up: read one first
        call rt_sform
        xor a
        ld (rt_sn),a
        ; the header: width, height
        call rt_lword
        ret c
        ld (rt_vcmd+8),hl       ; NX
        ld (rt_snx),hl
        call rt_lword
        ret c
        ld (rt_vcmd+10),hl      ; NY
        ld (rt_lny),hl
        ld a,h
        or l
        ret z
        ld hl,(rt_snx)
        ld a,h
        or l
        ret z
        ld hl,(rt_garg)
        ld (rt_vcmd+4),hl       ; DX
        ld hl,(rt_garg+2)
        ld a,(rt_garg+4)
        add a,h
        ld h,a
        ld (rt_vcmd+6),hl       ; DY on the page
        xor a
        ld (rt_vcmd+13),a
        ; the first dot goes with the command
        call rt_ldot
        ret c
        ld (rt_vcmd+12),a
        ld a,(0FB02h)           ; LogOpr
        and 0Fh
        or 0B0h                 ; LMMC
        ld (rt_vcmd+14),a
        ld hl,rt_vcmd
        call rt_vdpcmd
        ; dots left: NX * NY - 1, counted line by line
        ld hl,(rt_snx)
        dec hl
        ld (rt_lleft),hl
.more:  ld hl,(rt_lleft)
        ld a,h
        or l
        jr nz,.dot
        ld hl,(rt_lny)
        dec hl
        ld (rt_lny),hl
        ld a,h
        or l
        jr z,.done
        ld hl,(rt_snx)
        ld (rt_lleft),hl
.dot:   dec hl
        ld (rt_lleft),hl
        call rt_ldot
        jr c,.done
        push af
.tr:    ld a,2
        call rt_vstat           ; (B changes)
        rlca
        jr nc,.tr
        di
        ld a,44+080h            ; R#17 = 44, no auto-increment: the dot through 9Bh
        out (099h),a
        ld a,080h+17
        out (099h),a
        pop af
        out (09Bh),a
        ei
        jr .more
.done:  ld de,rt_pfcb
        ld c,010h
        jp BDOS

; HL = the next two bytes of the file (low first); carry at its end.
rt_lword:
        call rt_lbyte
        ret c
        push af
        call rt_lbyte
        pop hl
        ret c
        ld l,h
        ld h,a
        or a
        ret

; A = the next byte of the file; carry at its end.
rt_lbyte:
        ld a,(rt_sidx)
        cp 128
        jr c,.have
        ld de,rt_pfcb
        ld c,014h               ; read the next record
        call BDOS
        or a
        scf
        ret nz
        xor a
        ld (rt_sidx),a
.have:  ld e,a
        inc a
        ld (rt_sidx),a
        ld d,0
        ld hl,rt_pbuf
        add hl,de
        ld a,(hl)
        or a
        ret

; A = the next dot of the file (taken from its byte's high bits first); carry at its end.
rt_ldot:
        ld a,(rt_sn)
        or a
        jr nz,.take
        call rt_lbyte
        ret c
        ld (rt_sacc),a
        ld a,(rt_sper)
        ld (rt_sn),a
.take:  dec a
        ld (rt_sn),a
        ld a,(rt_sbits)
        ld b,a
        ld a,(rt_sacc)
        ld c,0
.bit:   add a,a
        rl c
        djnz .bit
        ld (rt_sacc),a
        ld a,c
        or a
        ret
