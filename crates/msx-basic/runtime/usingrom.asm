; ---------------------------------------------------------------------------
; usingrom.asm - PRINT USING's number fields formatted by the main ROM's
; PUFOUT (3426h; MSX2 Technical Handbook, Appendix 2), for a program on a
; disk or a cartridge (BCD_ROM): the field read by using.asm (rt_bas_usf)
; becomes PUFOUT's A (bit 7 formatted, 6 commas, 5 `**`, 4 `$`, 3 a sign
; forced, 2 the sign after, 0 `^^^^`), B (the positions before the point,
; those of `+`, `**` and `$$` included) and C (the point and the decimals),
; as MSX-BASIC's PRINT USING passes them; the text it leaves at FBUFFR is
; printed. Called through romcall.asm, with page 1 showing the ROM.
; ---------------------------------------------------------------------------

; The number in BCD_DAC in the field rt_bas_usf, printed.
rt_bas_usfield:
        ld a,(rt_bas_usf+2)
        ld e,a                  ; E = the field's flags
        ld d,80h                ; formatted
        ld hl,.bits
        ld b,6
.bit:   ld a,(hl)               ; a flag of the field
        inc hl
        and e
        ld a,(hl)               ; its bits of PUFOUT's A
        inc hl
        jr z,.no
        or d
        ld d,a
.no:    djnz .bit
        ld a,(rt_bas_usf+6)
        or d
        ld d,a                  ; bit 0: the E format
        ld a,(rt_bas_usf+1)     ; C: the decimals, and the point
        bit 0,e
        jr z,.np
        inc a
.np:    ld c,a
        ld a,(rt_bas_usf)
        ld b,a
        ld a,8                  ; BCD_DAC holds a double
        ld (0F663h),a
        ld a,d
        ld de,03426h            ; PUFOUT
        call rt_bas_romcall     ; HL = the text
        jp rt_bas_prz
; The field's flags (using.asm) and PUFOUT's bits for each: commas, `**`,
; `$`, + in front, + after (a sign forced, after), - after.
.bits:  db 40h,40h, 10h,20h, 20h,10h, 02h,08h, 04h,0Ch, 08h,04h
