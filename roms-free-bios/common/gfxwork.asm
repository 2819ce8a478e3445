; The work area of MSX-BASIC's graphic statements, shared by their parsers in
; the main ROM (basic/gfxstmt.asm) and their bodies in the SUB-ROM
; (sub/gfxbas.asm). Equates only: no code.
;
; It lies in F92Dh-F958h, the block MSX-BASIC keeps for CIRCLE and PAINT
; (MINDEL..RTPROG, MSX Red Book "Workspace Area", between CMASK F92Ch and
; MCLTAB F956h); nothing else in these ROMs uses it.

GW_X:           EQU 0F92Dh      ; the line being drawn: current point (2+2)
GW_Y:           EQU 0F92Fh
GW_X2:          EQU 0F931h      ; its end (2+2)
GW_Y2:          EQU 0F933h
GW_DX:          EQU 0F935h      ; |x2 - x|
GW_DY:          EQU 0F937h      ; -|y2 - y|
GW_SX:          EQU 0F939h      ; +1 or -1
GW_SY:          EQU 0F93Bh
GW_ERR:         EQU 0F93Dh      ; Bresenham's error term
GW_C1:          EQU 0F93Fh      ; a box's corners: x1, y1, x2, y2 (8)
GW_SPL:         EQU 0F947h      ; PUT SPRITE: the plane (0-31)
GW_SFL:         EQU 0F948h      ; what was given: bit 0 position, 1 colour, 2 pattern
GW_SCOL:        EQU 0F949h      ; the colour (0-15)
GW_SPAT:        EQU 0F94Ah      ; the pattern number
GW_SMSK:        EQU 0F94Bh      ; colour byte: AND mask, then OR value (2)
GW_END:         EQU 0F94Dh
