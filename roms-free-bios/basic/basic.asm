; MSX-BASIC 2.0 interpreter: page 1 of the main ROM (4000h-7FFFh).
;
; Written for this project from the facts in docs/basic-interpreter.md (which
; cites the MSX2 Technical Handbook, the MSX Red Book and the public ROM
; reconstructions); no code is copied. The documented entry points that
; machine-code extensions call (NEWSTT 4601h, CHRGTR 4666h, FRMEVL 4C64h,
; GETBYT 521Ch, FRMQNT 542Fh, PTRGET 5EA4h, FRESTR 67D0h, ...) sit at their
; MSX-BASIC addresses; the table in docs/basic-interpreter.md lists them.
;
; Page 1 must not start with an "AB" header: the BIOS's ROM search would take
; the BASIC ROM for a cartridge.

        INCLUDE "../basic/crunch.asm"  ; text -> tokens (KBUF)
        INCLUDE "../basic/list.asm"    ; tokens -> text (BUF)
