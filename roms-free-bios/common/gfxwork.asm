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
; CIRCLE. The midpoint loop's values share the line's bytes (the radial
; lines of an arc are drawn after the loop); the rest follows them.
GW_CR:          EQU GW_X        ; the arc's x, from the radius down
GW_CI:          EQU GW_X+2      ; its y, from 0 up
GW_CE:          EQU GW_X+4      ; the error term
GW_FA:          EQU GW_X+6      ; the offsets of the 4 mirrored points
GW_FB:          EQU GW_X+8
GW_CT:          EQU GW_X+10     ; a cross product's vectors Ux, Uy, Vx, Vy (8)
GW_CX:          EQU GW_C1       ; the centre
GW_CY:          EQU GW_C1+2
GW_CRAD:        EQU GW_C1+4     ; the radius
GW_CFAC:        EQU GW_C1+6     ; the aspect's factor, 0-32767 for 0-1
GW_CASP:        EQU GW_C1+8     ; 0 a circle, 1 x offsets scaled, 2 y offsets
GW_CARC:        EQU GW_C1+9     ; 0 the whole circle, 1 the arc GW_CVEC
GW_CLIN:        EQU GW_C1+10    ; bit 0 / 1: a line from the centre to the start / end
GW_CWIDE:       EQU GW_C1+11    ; the arc is half a turn or more
GW_CVEC:        EQU GW_C1+12    ; start (cos, sin), end (cos, sin), x 16384, y up (8)
; PAINT (the line's bytes draw its runs).
GW_PB:          EQU GW_C1       ; the border colour
GW_PSP:         EQU GW_C1+1     ; the seed stack's top (seeds above STREND)
GW_PX:          EQU GW_C1+3     ; the seed being filled
GW_PY:          EQU GW_C1+5
GW_PL:          EQU GW_C1+7     ; its run, PL..PR
GW_PR:          EQU GW_C1+9
GW_PROW:        EQU GW_C1+11    ; the row being seeded
GW_PTAB:        EQU GW_C1+13    ; the high byte of the stop table (maps after it)
GW_PLIM:        EQU GW_C1+14    ; the last x of the mode
GW_PSB:         EQU GW_C1+16    ; the bottom of the seeds (above the slots)
GW_PMASK:       EQU GW_C1+18    ; the slots: their number - 1 (3 to 255)
GW_PWID:        EQU GW_C1+19    ; a map's bytes (32, 64)
; COPY: the source corners are GW_X, GW_Y, GW_X2, GW_Y2.
GW_KX:          EQU GW_DX       ; the destination point
GW_KY:          EQU GW_DY
GW_KSP:         EQU GW_SX       ; the source page
GW_KDP:         EQU GW_SX+1     ; the destination page
; DRAW. The string is read through MCLPTR/MCLLEN (the macro pointer and
; length MSX-BASIC's DRAW and PLAY use); DRWFLG, DRWSCL, DRWANG are
; MSX-BASIC's (Handbook Appendix 4).
GW_DOLD:        EQU GW_C1       ; the point before a move (4)
GW_DSP:         EQU GW_C1+4     ; the stack at entry, for an error's way out
MCLLEN:         EQU 0FB3Bh
MCLPTR:         EQU 0FB3Ch
DRWFLG:         EQU 0FCBBh      ; bit 0: B (move only), bit 1: N (come back)
DRWSCL:         EQU 0FCBCh      ; scale n/4, 0 none
DRWANG:         EQU 0FCBDh      ; angle 0-3 (x 90 degrees anticlockwise)
; PLAY (Handbook Appendix 4, "Data area used by PLAY statement"). Voice v
; keeps its settings in VCBA + 37 v (METREX +0 the interrupts left of the
; sounding note, ENVPRX +13 the envelope period, OCTAVX +15, NOTELX +16,
; TEMPOX +17, VOLUMX +18 the volume register value: 10h + shape for the
; envelope); its queue of notes in VOICAQ + 128 v (18 notes of 7 bytes:
; interrupts, tone period (0: a rest), volume, envelope period), its head
; and count in QUETAB + 6 v (+1, +3). MUSICF bit v: the voice sounds or has
; notes queued (the interrupt calls the player while MUSICF is not 0).
QUETAB:         EQU 0F959h
VOICAQ:         EQU 0F975h
PRSCNT:         EQU 0FB35h      ; here: not 0 while PLAY queues (silent voices wait)
VOICEN:         EQU 0FB38h      ; the voice being queued
QUEUEN:         EQU 0FB3Eh      ; here: 1 after CTRL+STOP stopped the music
VCBA:           EQU 0FB41h
GW_END:         EQU GW_C1+20    ; F953h, below MCLTAB F956h
