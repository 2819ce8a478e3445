; The free MSX2 SUB-ROM (16 KB, "CD" header), reached through EXTROM (015Fh)
; of the main ROM: LD IX,entry / CALL 015Fh. Every entry is EI / JP, four
; bytes apart, at the addresses of the MSX2 SUB-ROM (Handbook Appendix 1;
; msx-hardware.md 2.4). Entries that only serve MSX-BASIC statements return.
;
; The SUB-ROM runs in page 0 instead of the main ROM, so it carries its own
; copies of the slot and VDP primitives (the common/ files) and reaches the
; main ROM by CALSLT.
;
; Assemble: z80-asm (crates/msx-bios build.rs), or `pasmo sub.asm sub.rom`
; from this directory.

        INCLUDE "../common/sysvars.asm"

MAIN_CHGMOD:    EQU 005Fh
MAIN_CHGCLR:    EQU 0062h
MAIN_INITXT:    EQU 006Ch
MAIN_INIT32:    EQU 006Fh
MAIN_INIGRP:    EQU 0072h
MAIN_INIMLT:    EQU 0075h
MAIN_SETTXT:    EQU 0078h
MAIN_SETT32:    EQU 007Bh
MAIN_SETGRP:    EQU 007Eh
MAIN_SETMLT:    EQU 0081h
MAIN_CLS:       EQU 00C3h
MAIN_KEYINT:    EQU 0038h
MAIN_CHPUT:     EQU 00A2h
MAIN_CHGET:     EQU 009Fh
MAIN_CNVCHR:    EQU 00ABh
MAIN_SNSMAT:    EQU 0141h

        ORG 0000h
                DB "CD"                 ; SUB-ROM identification
                DW 0,0,0                ; INIT, STATEMENT, DEVICE: none
                DS 0038h-$,0FFh
                JP SUBISR               ; 0038h: interrupts while we are in page 0
                DS 0066h-$,0FFh
                JP SUBNMI               ; 0066h

; ---- entries: EI / JP routine, 4 bytes each ---------------------------------
                EI                      ; 0069h PAINT (BASIC, gfxbas.asm)
                JP GB_PAINT
                EI                      ; 006Dh PSET (BASIC, gfxbas.asm)
                JP GB_PSET
                EI                      ; 0071h ATRSCN (BASIC)
                JP SUBRET
                EI                      ; 0075h GLINE (BASIC, gfxbas.asm)
                JP GB_GLINE
                EI                      ; 0079h DOBOXF (BASIC)
                JP SUBRET
                EI                      ; 007Dh DOLINE (BASIC)
                JP SUBRET
                EI                      ; 0081h BOXLIN (BASIC)
                JP SUBRET
                EI                      ; 0085h DOGRPH
                JP DOGRPH
                EI                      ; 0089h GRPRT
                JP GRPRT
                EI                      ; 008Dh SCALXY
                JP SCALXY
                EI                      ; 0091h MAPXYC
                JP MAPXYC
                EI                      ; 0095h READC
                JP READC
                EI                      ; 0099h SETATR
                JP SETATR
                EI                      ; 009Dh SETC
                JP SETC
                EI                      ; 00A1h TRIGHT
                JP SUBRET
                EI                      ; 00A5h RIGHTC
                JP SUBRET
                EI                      ; 00A9h TLEFTC
                JP SUBRET
                EI                      ; 00ADh LEFTC
                JP SUBRET
                EI                      ; 00B1h TDOWNC
                JP SUBRET
                EI                      ; 00B5h DOWNC
                JP SUBRET
                EI                      ; 00B9h TUPC
                JP SUBRET
                EI                      ; 00BDh UPC
                JP SUBRET
                EI                      ; 00C1h SCANR
                JP SUBRET
                EI                      ; 00C5h SCANL
                JP SUBRET
                EI                      ; 00C9h NVBXLN
                JP NVBXLN
                EI                      ; 00CDh NVBXFL
                JP NVBXFL
                EI                      ; 00D1h CHGMOD
                JP CHGMOD
                EI                      ; 00D5h INITXT
                JP S_INITXT
                EI                      ; 00D9h INIT32
                JP S_INIT32
                EI                      ; 00DDh INIGRP
                JP S_INIGRP
                EI                      ; 00E1h INIMLT
                JP S_INIMLT
                EI                      ; 00E5h SETTXT
                JP S_SETTXT
                EI                      ; 00E9h SETT32
                JP S_SETT32
                EI                      ; 00EDh SETGRP
                JP S_SETGRP
                EI                      ; 00F1h SETMLT
                JP S_SETMLT
                EI                      ; 00F5h CLRSPR
                JP CLRSPR_I
                EI                      ; 00F9h CALPAT
                JP CALPAT_I
                EI                      ; 00FDh CALATR
                JP CALATR_I
                EI                      ; 0101h GSPSIZ
                JP GSPSIZ_I
                EI                      ; 0105h GETPAT
                JP GETPAT
                EI                      ; 0109h WRTVRM
                JP NWRVRM_I
                EI                      ; 010Dh RDVRM
                JP NRDVRM_I
                EI                      ; 0111h CHGCLR
                JP CHGCLR
                EI                      ; 0115h CLSSUB
                JP CLSSUB
                EI                      ; 0119h CLRTXT
                JP CLRTXT
                EI                      ; 011Dh DSPFNK
                JP SUBRET
                EI                      ; 0121h DELLNO
                JP SUBRET
                EI                      ; 0125h INSLNO
                JP SUBRET
                EI                      ; 0129h PUTVRM
                JP SUBRET
                EI                      ; 012Dh WRTVDP
                JP WRTVDP_I
                EI                      ; 0131h VDPSTA
                JP VDPSTA
                EI                      ; 0135h KYKLOK (Japan)
                JP SUBRET
                EI                      ; 0139h PUTCHR (Japan)
                JP SUBRET
                EI                      ; 013Dh SETPAG
                JP SETPAG
                EI                      ; 0141h INIPLT
                JP INIPLT
                EI                      ; 0145h RSTPLT
                JP RSTPLT
                EI                      ; 0149h GETPLT
                JP GETPLT
                EI                      ; 014Dh SETPLT
                JP SETPLT
                EI                      ; 0151h PUTSPRT (BASIC, gfxbas.asm)
                JP GB_PUTSPR
                EI                      ; 0155h COLOR (BASIC)
                JP SUBRET
                EI                      ; 0159h SCREEN (BASIC)
                JP SUBRET
                EI                      ; 015Dh WIDTHS (BASIC)
                JP SUBRET
                EI                      ; 0161h VDP (BASIC)
                JP SUBRET
                EI                      ; 0165h VDPF (BASIC)
                JP SUBRET
                EI                      ; 0169h BASE (BASIC)
                JP SUBRET
                EI                      ; 016Dh BASEF (BASIC, gfxbas.asm)
                JP GB_BASE
                EI                      ; 0171h VPOKE (BASIC)
                JP SUBRET
                EI                      ; 0175h VPEEK (BASIC)
                JP SUBRET
                EI                      ; 0179h SETS (BASIC)
                JP SUBRET
                EI                      ; 017Dh BEEP
                JP S_BEEP
                EI                      ; 0181h PROMPT
                JP S_PROMPT
                EI                      ; 0185h SDFSCR: the screen settings from the clock
                JP S_SDFSCR
                EI                      ; 0189h SETSCR: SDFSCR, then that text screen
                JP S_SETSCR
                EI                      ; 018Dh SCOPY (BASIC, gfxbas.asm)
                JP GB_SCOPY
                EI                      ; 0191h BLTVV
                JP BLTVV
                EI                      ; 0195h BLTVM
                JP BLTVM
                EI                      ; 0199h BLTMV
                JP BLTMV
                EI                      ; 019Dh BLTVD (disk)
                JP SUBRETC
                EI                      ; 01A1h BLTDV (disk)
                JP SUBRETC
                EI                      ; 01A5h BLTMD (disk)
                JP SUBRETC
                EI                      ; 01A9h BLTDM (disk)
                JP SUBRETC
                EI                      ; 01ADh NEWPAD (mouse.asm)
                JP NEWPAD
                EI                      ; 01B1h GETPUT (BASIC)
                JP SUBRET
                EI                      ; 01B5h CHGMDP
                JP CHGMDP
                EI                      ; 01B9h RESV1
                JP SUBRET
                EI                      ; 01BDh KNJPRT (Kanji)
                JP SUBRET
; This system's own entries for MSX-BASIC's graphic statements (free slots
; of the MSX2 table; contracts in gfxbas.asm and docs/basic-interpreter.md).
                EI                      ; 01C1h POINT (BASIC)
                JP GB_POINT
                EI                      ; 01C5h CIRCLE (BASIC)
                JP GB_CIRCLE
                EI                      ; 01C9h DRAW (BASIC)
                JP GB_DRAW
                EI                      ; 01CDh PLAY (BASIC): queue one voice's notes
                JP GB_PLAY
                NOP                     ; 01D1h MUSIC: the PLAY queues' player, called
                JP GB_MUSIC             ; by the interrupt handler (no EI)
                EI                      ; 01D5h CARG (BASIC): CIRCLE's angles, aspect
                JP GB_CARG
                EI                      ; 01D9h SPRSET (BASIC): SPRITE$=, COLOR SPRITE(n)=, SPRITE$(n)=
                JP GB_SPRSET
                EI                      ; 01DDh SAVESCR (SET SCREEN): the settings to the clock
                JP S_SAVESCR
                EI                      ; 01E1h GREET: power-on's title or password
                JP S_GREET
                EI                      ; 01E5h BLOCK3 (SET TITLE/PROMPT/PASSWORD): C = ID, DE, B = the text
                JP S_BLOCK3
                DS 01F5h-$,0C9h
                EI                      ; 01F5h REDCLK
                JP REDCLK
                EI                      ; 01F9h WRTCLK
                JP WRTCLK
                DS 0200h-$,0C9h

SUBRET:         RET
SUBRETZ:        XOR A
                RET
SUBRETC:        SCF
                RET

; ---- interrupts and NMI while the SUB-ROM is in page 0 -------------------
; Save everything CALSLT destroys, run the main ROM's handler there, return.
SUBISR:
                PUSH HL
                PUSH DE
                PUSH BC
                PUSH AF
                EXX
                EX AF,AF'
                PUSH HL
                PUSH DE
                PUSH BC
                PUSH AF
                PUSH IY
                PUSH IX
                LD IX,MAIN_KEYINT
                LD IY,(EXPTBL-1)
                CALL CALSLT_I
                POP IX
                POP IY
                POP AF
                POP BC
                POP DE
                POP HL
                EXX
                EX AF,AF'
                POP AF
                POP BC
                POP DE
                POP HL
                EI
                RET
SUBNMI:
                CALL H_NMI
                RETN

; CALLMAIN: IX = main-ROM entry; AF, BC, DE, HL passed. Keeps IY.
CALLMAIN:
                PUSH IY
                LD IY,(EXPTBL-1)
                CALL CALSLT_I
                POP IY
                EI
                RET

        INCLUDE "../common/slot.asm"
        INCLUDE "../common/vdp.asm"
        INCLUDE "../common/sprite.asm"
        INCLUDE "bitmap.asm"
        INCLUDE "palette.asm"
        INCLUDE "draw.asm"
        INCLUDE "clock.asm"
        INCLUDE "settings.asm"
        INCLUDE "gfxbas.asm"
        INCLUDE "mouse.asm"

        DS 4000h-$,0FFh
