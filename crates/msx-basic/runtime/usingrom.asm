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
        bit 6,e
        jr z,.f1
        set 6,d                 ; commas
.f1:    bit 4,e
        jr z,.f2
        set 5,d                 ; ** fill
.f2:    bit 5,e
        jr z,.f3
        set 4,d                 ; $
.f3:    bit 1,e
        jr z,.f4
        set 3,d                 ; + in front
.f4:    bit 2,e
        jr z,.f5
        set 3,d                 ; + after
        set 2,d
.f5:    bit 3,e
        jr z,.f6
        set 2,d                 ; - after
.f6:    ld a,(rt_bas_usf+6)
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
