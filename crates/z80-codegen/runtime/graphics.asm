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
        rrc b
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

; Print(x, y, colour, text): the characters of the BIOS font, 8 x 8, one PSET per dot.
rt_print:
        ld hl,(rt_garg)
        ld (rt_gx),hl
        ld hl,(rt_garg+2)
        ld (rt_gy),hl
        ld a,(rt_garg+4)
        ld (rt_vcmd+12),a
        xor a
        ld (rt_vcmd+13),a
        ld a,050h
        ld (rt_vcmd+14),a
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
        ld c,0                  ; row
.row:   push hl
        push bc
        call rt_fontbyte
        pop bc
        ld b,0                  ; column
.bit:   add a,a
        jr nc,.skip
        push af
        push bc
        ld hl,(rt_gx)
        ld e,b
        ld d,0
        add hl,de
        ld (rt_vcmd+4),hl
        ld hl,(rt_gy)
        ld e,c
        add hl,de
        ld a,(rt_apage)
        add a,h
        ld h,a
        ld (rt_vcmd+6),hl
        ld hl,rt_vcmd
        call rt_vdpcmd
        pop bc
        pop af
.skip:  inc b
        bit 3,b
        jr z,.bit
        pop hl
        inc hl
        inc c
        bit 3,c
        jr z,.row
        ld hl,(rt_gx)
        ld de,8
        add hl,de
        ld (rt_gx),hl
        pop hl
        pop bc
        djnz .char
        ret

;@var rt_pbuf 128
;@var rt_pfcb 37
;@var rt_pskip 1

; LoadPicture(name, page): HL = the file name, DE = the page. The file's bytes go to
; VRAM from page * 8000h (a SCREEN 5 page); a BSAVE header (FEh + 6 bytes) is skipped.
; A missing file sets IOResult to 1.
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
.open:  ; record size 1, random record 0
        ld hl,1
        ld (rt_pfcb+14),hl
        ld hl,0
        ld (rt_pfcb+33),hl
        ld (rt_pfcb+35),hl
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
        ld a,1
        ld (rt_pskip),a         ; the first block may start with a BSAVE header
        ld de,rt_pbuf
        ld c,1Ah
        call BDOS
.block: ld de,rt_pfcb
        ld hl,128
        ld c,27h
        call BDOS               ; HL = bytes read
        ld a,h
        or l
        jr z,.done
        ld b,l                  ; at most 128
        ld hl,rt_pbuf
        ld a,(rt_pskip)
        or a
        jr z,.out
        xor a
        ld (rt_pskip),a
        ld a,(hl)
        cp 0FEh
        jr nz,.out
        ld a,b
        sub 7
        jr c,.done
        jr z,.block
        ld b,a
        ld de,7
        add hl,de
.out:   ld c,098h
        otir
        jr .block
.done:  ld de,rt_pfcb
        ld c,10h
        jp BDOS
