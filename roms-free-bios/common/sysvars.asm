; System variables, hooks and I/O ports shared by the main ROM and the SUB-ROM.
; Addresses: MSX2 Technical Handbook Appendix 4 and the MSX Red Book chapter 6
; (restated in /work/shared/docs/msx-hardware.md section 1.7). Equates only: no code.

; ---- I/O ports -------------------------------------------------------------
VDP_DATA:       EQU 098h        ; VRAM data
VDP_ADDR:       EQU 099h        ; register write / address set-up / status read
VDP_PAL:        EQU 09Ah        ; palette data
VDP_IND:        EQU 09Bh        ; indirect register write
PSG_ADDR:       EQU 0A0h
PSG_WRITE:      EQU 0A1h
PSG_READ:       EQU 0A2h
PPI_A:          EQU 0A8h        ; primary slot register
PPI_B:          EQU 0A9h        ; keyboard row data
PPI_C:          EQU 0AAh        ; row select, motor, CAPS LED, click
PPI_CTRL:       EQU 0ABh
RTC_ADDR:       EQU 0B4h
RTC_DATA:       EQU 0B5h
MAP_P0:         EQU 0FCh        ; memory mapper segment for page 0 (FD, FE, FF follow)
DBG_CTRL:       EQU 02Eh        ; openMSX debug device
DBG_DATA:       EQU 02Fh

; ---- RAM helpers copied to page 3 at boot (they must run from RAM because
; ---- they switch the slot of the page the ROM itself lives in) --------------
RDPRIM:         EQU 0F380h      ; 5 bytes in the standard map; ours is longer, see slot.asm
WRPRIM:         EQU 0F385h
CLPRIM:         EQU 0F38Ch
USRTAB:         EQU 0F39Ah
LINL40:         EQU 0F3AEh
LINL32:         EQU 0F3AFh
LINLEN:         EQU 0F3B0h
CRTCNT:         EQU 0F3B1h
CLMLST:         EQU 0F3B2h
TXTNAM:         EQU 0F3B3h
TXTCOL:         EQU 0F3B5h
TXTCGP:         EQU 0F3B7h
TXTATR:         EQU 0F3B9h
TXTPAT:         EQU 0F3BBh
T32NAM:         EQU 0F3BDh
T32COL:         EQU 0F3BFh
T32CGP:         EQU 0F3C1h
T32ATR:         EQU 0F3C3h
T32PAT:         EQU 0F3C5h
GRPNAM:         EQU 0F3C7h
GRPCOL:         EQU 0F3C9h
GRPCGP:         EQU 0F3CBh
GRPATR:         EQU 0F3CDh
GRPPAT:         EQU 0F3CFh
MLTNAM:         EQU 0F3D1h
MLTCOL:         EQU 0F3D3h
MLTCGP:         EQU 0F3D5h
MLTATR:         EQU 0F3D7h
MLTPAT:         EQU 0F3D9h
CLIKSW:         EQU 0F3DBh
CSRY:           EQU 0F3DCh
CSRX:           EQU 0F3DDh
CNSDFG:         EQU 0F3DEh
RG0SAV:         EQU 0F3DFh
RG1SAV:         EQU 0F3E0h
RG2SAV:         EQU 0F3E1h
RG3SAV:         EQU 0F3E2h
RG4SAV:         EQU 0F3E3h
RG5SAV:         EQU 0F3E4h
RG6SAV:         EQU 0F3E5h
RG7SAV:         EQU 0F3E6h
STATFL:         EQU 0F3E7h
TRGFLG:         EQU 0F3E8h
FORCLR:         EQU 0F3E9h
BAKCLR:         EQU 0F3EAh
BDRCLR:         EQU 0F3EBh
ATRBYT:         EQU 0F3F2h
SCNCNT:         EQU 0F3F6h
REPCNT:         EQU 0F3F7h
PUTPNT:         EQU 0F3F8h
GETPNT:         EQU 0F3FAh
ERRFLG:         EQU 0F414h
PRTFLG:         EQU 0F416h
KBUF:           EQU 0F41Fh
BUF:            EQU 0F55Eh
SX:             EQU 0F562h
TTYPOS:         EQU 0F661h      ; BASIC's print column (0-based), kept by CHPUT
SY:             EQU 0F564h
DX:             EQU 0F566h
DY:             EQU 0F568h
NX:             EQU 0F56Ah
NY:             EQU 0F56Ch
CDUMMY:         EQU 0F56Eh
ARG:            EQU 0F56Fh
LOGOP:          EQU 0F570h
MEMSIZ:         EQU 0F672h
STKTOP:         EQU 0F674h
FNKSTR:         EQU 0F87Fh
CGPNT:          EQU 0F91Fh
NAMBAS:         EQU 0F922h
CGPBAS:         EQU 0F924h
PATBAS:         EQU 0F926h
ATRBAS:         EQU 0F928h
CLOC:           EQU 0F92Ah
CMASK:          EQU 0F92Ch
CURLIN:         EQU 0F41Ch      ; BASIC's current line, 0FFFFh = direct mode
DPPAGE:         EQU 0FAF5h
ACPAGE:         EQU 0FAF6h
AVCSAV:         EQU 0FAF7h
EXBRSA:         EQU 0FAF8h
MODE:           EQU 0FAFCh
LOGOPR:         EQU 0FB02h
DRVINF:         EQU 0FB21h
ENSTOP:         EQU 0FBB0h
LINTTB:         EQU 0FBB2h
FNKFLG:         EQU 0FBCEh
ONGSBF:         EQU 0FBD8h      ; BASIC: traps waiting (the interrupt handler adds one)
CLIKFL:         EQU 0FBD9h
OLDKEY:         EQU 0FBDAh
NEWKEY:         EQU 0FBE5h
KEYBUF:         EQU 0FBF0h
KEYBUF_END:     EQU 0FC18h      ; one past the 40-byte ring
LINWRK:         EQU 0FC18h
PATWRK:         EQU 0FC40h
BOTTOM:         EQU 0FC48h
HIMEM:          EQU 0FC4Ah
TRPTBL:         EQU 0FC4Ch      ; 3 bytes a trap: F1-F10 first (status: bit 0 on, 1 stop, 2 event)
INTFLG:         EQU 0FC9Bh
JIFFY:          EQU 0FC9Eh
INTVAL:         EQU 0FCA0h
INTCNT:         EQU 0FCA2h
GRPHED:         EQU 0FCA6h
ESCCNT:         EQU 0FCA7h
INSFLG:         EQU 0FCA8h
CSRSW:          EQU 0FCA9h
CSTYLE:         EQU 0FCAAh
CAPST:          EQU 0FCABh
SCRMOD:         EQU 0FCAFh
OLDSCR:         EQU 0FCB0h
GXPOS:          EQU 0FCB3h
GYPOS:          EQU 0FCB5h
GRPACX:         EQU 0FCB7h
GRPACY:         EQU 0FCB9h
EXPTBL:         EQU 0FCC1h
SLTTBL:         EQU 0FCC5h
SLTATR:         EQU 0FCC9h
SLTWRK:         EQU 0FD09h
PROCNM:         EQU 0FD89h
DEVICE:         EQU 0FD99h

; ---- hooks (5 bytes each, RET-filled at boot) -------------------------------
H_KEYI:         EQU 0FD9Ah
H_TIMI:         EQU 0FD9Fh
H_CHPU:         EQU 0FDA4h
H_DSPC:         EQU 0FDA9h
H_ERAC:         EQU 0FDAEh
H_CHGE:         EQU 0FDC2h
H_NMI:          EQU 0FDD6h
H_STKE:         EQU 0FEDAh
H_PHYD:         EQU 0FFA7h
H_FORM:         EQU 0FFACh
HOOK_FIRST:     EQU 0FD9Ah
HOOK_END:       EQU 0FFCAh      ; one past the last of the 112 hooks
EXTBIO:         EQU 0FFCAh
DISINT:         EQU 0FFCFh
ENAINT:         EQU 0FFD4h
RG8SAV:         EQU 0FFE7h
RG9SAV:         EQU 0FFE8h
RG10SAV:        EQU 0FFE9h
RG11SAV:        EQU 0FFEAh
RG14SAV:        EQU 0FFEDh
RG16SAV:        EQU 0FFEFh
RG17SAV:        EQU 0FFF0h
RG23SAV:        EQU 0FFF6h
MAINSLT:        EQU 0FFF7h      ; main-ROM slot address (Handbook fig. A.5)

; ---- private work area of this BIOS ---------------------------------------
; Kept out of MSX-BASIC's work area (KBUF/BUF belong to the interpreter). Where
; MSX has a documented place for a piece of state, it is used for that purpose:
;   CODSAV  FBCCh  the character under the cursor (Handbook App. 4 "area to
;                  reserve the character where the cursor is stacked")
;   PATWRK  FC40h  the inverted cursor pattern while it is built
;   LINWRK  FC18h  the row buffer for scrolling (40 bytes: 80-column rows go in
;                  two halves) and the palette while a mode change moves its VRAM
;                  copy (the VRAM copy per mode, Handbook App. 5, is the palette's
;                  only store: there is no RAM shadow)
;   SX..LOGOP F562h the SUB-ROM's VDP command parameters (R#32-R#46 order, as
;                  the MSX2 SUB-ROM uses them)
;   FSTPOS  FBCAh  where INLIN started; CSRSW / CSTYLE / INSFLG the cursor
; The rest lives in the RS-232C work area FB03h-FB1Fh (Handbook App. 4 "data
; area used by RS-232C"): this machine has no RS-232C interface, and neither the
; disk ROM nor MSX-BASIC touches it (DOS's own area starts at FB21h).
CODSAV:         EQU 0FBCCh
FSTPOS:         EQU 0FBCAh      ; row (low byte), column (high byte) of INLIN's start
FNKSWI:         EQU 0FBCDh      ; 1: F1-F5 shown on the key line, 0: F6-F10
CURSAVE:        EQU CODSAV      ; character under the cursor
RS_AREA:        EQU 0FB03h
CURSHOWN:       EQU RS_AREA+0   ; 1 while the cursor pattern is on screen
CURADDR:        EQU RS_AREA+1   ; VRAM address of the cursor cell (2)
CURSAVPAT:      EQU RS_AREA+3   ; saved pattern of character 255 (8)
ESCARG:         EQU RS_AREA+11  ; first argument of ESC Y
BEEPCNT:        EQU RS_AREA+12  ; frames left of the BEEP tone
DEADKEY:        EQU RS_AREA+13  ; reserved for dead-key handling
TXTCOLS:        EQU RS_AREA+14  ; columns of the physical text screen (32/40/80)
TXTOFS:         EQU RS_AREA+15  ; first column of the LINLEN window (0-based)
BOXBUF:         EQU RS_AREA+16  ; SUB-ROM box corners BX1, BY1, BX2, BY2 (8)
PRIVATE_END:    EQU RS_AREA+24  ; FB1Bh; FB1Bh-FB1Fh still free
