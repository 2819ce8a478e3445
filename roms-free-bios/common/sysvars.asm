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
XSAVE:          EQU 0FAFEh      ; NEWPAD: X offset read from the mouse (2 bytes)
YSAVE:          EQU 0FB00h      ; NEWPAD: Y offset (2 bytes)
LOGOPR:         EQU 0FB02h
MUSICF:         EQU 0FB3Fh      ; PLAY: bit v, voice v has music (the interrupt plays it)
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
BEEPTIM:        EQU RS_AREA+13  ; the BEEP's clock setting (timbre, volume)
TXTCOLS:        EQU RS_AREA+14  ; columns of the physical text screen (32/40/80)
TXTOFS:         EQU RS_AREA+15  ; first column of the LINLEN window (0-based)
BOXBUF:         EQU RS_AREA+16  ; SUB-ROM box corners BX1, BY1, BX2, BY2 (8)
EXTVEC:         EQU RS_AREA+24  ; FB1Bh: the BASIC extension ROM's entry, RST 30h /
                                ; slot / 4010h / RET once its INIT ran (5 bytes)
PRIVATE_END:    EQU RS_AREA+29  ; FB20h: HOKVLD follows

; ---- MSX-BASIC interpreter work area (fact sheet §1.2, §3.2; Handbook A4) ----
; The names MSX-BASIC's own sources use; the interpreter (roms-free-bios/basic/)
; keeps every value where programs and extensions look for it.
ENDPRG:         EQU 0F40Fh      ; fake program end ":",0,0,0,0 (direct mode)
LPTPOS:         EQU 0F415h      ; printer column
VLZADR:         EQU 0F419h      ; VAL: address of the byte it zeroed
VLZDAT:         EQU 0F41Bh      ; VAL: the byte it zeroed
VALTYP:         EQU 0F663h      ; DAC type: 2 integer, 3 string, 4 single, 8 double
CONTXT:         EQU 0F666h      ; text after the last constant CHRGTR decoded
CONSAV:         EQU 0F668h
CONTYP:         EQU 0F669h
CONLO:          EQU 0F66Ah
TXTTAB:         EQU 0F676h      ; program start (8001h)
TEMPPT:         EQU 0F678h      ; next free temporary string descriptor
TEMPST:         EQU 0F67Ah      ; 10 temporary descriptors (3 bytes each)
TEMPST_END:     EQU 0F698h
DSCTMP:         EQU 0F698h      ; descriptor of a string function's result
FRETOP:         EQU 0F69Bh      ; lowest used byte of the string space
ENDFOR:         EQU 0F6A1h      ; text after the FOR statement being built
DATLIN:         EQU 0F6A3h      ; line of the current DATA
SUBFLG:         EQU 0F6A5h      ; PTRGET mode
FLGINP:         EQU 0F6A6h      ; 0 READ, else INPUT
TEMP:           EQU 0F6A7h
PTRFLG:         EQU 0F6A9h      ; line numbers turned into pointers
AUTFLG:         EQU 0F6AAh
AUTLIN:         EQU 0F6ABh
AUTINC:         EQU 0F6ADh
SAVTXT:         EQU 0F6AFh      ; text at the start of the current statement
SAVSTK:         EQU 0F6B1h      ; SP at the start of the current statement
ERRLIN:         EQU 0F6B3h      ; ERL
DOT:            EQU 0F6B5h      ; "." line of LIST/AUTO
ERRTXT:         EQU 0F6B7h      ; statement of the last error (RESUME)
ONELIN:         EQU 0F6B9h      ; ON ERROR GOTO line (its address), 0 none
ONEFLG:         EQU 0F6BBh      ; FFh while the error handler runs
TEMP2:          EQU 0F6BCh
OLDLIN:         EQU 0F6BEh      ; CONT: line
OLDTXT:         EQU 0F6C0h      ; CONT: text (0 = can't continue)
VARTAB:         EQU 0F6C2h      ; simple variables
ARYTAB:         EQU 0F6C4h      ; arrays
STREND:         EQU 0F6C6h      ; end of arrays
BDATPTR:        EQU 0F6C8h      ; MSX-BASIC's DATPTR, the READ position (the disk
                                ; ROM has a private DATPTR label)
DEFTBL:         EQU 0F6CAh      ; type per letter A-Z
PRMSTK:         EQU 0F6E4h      ; DEF FN: previous parameter block
TEMP3:          EQU 0F69Dh
TEMP8:          EQU 0F69Fh
TEMP9:          EQU 0F7B8h
SWPTMP:         EQU 0F7BCh      ; SWAP: the first value (8 bytes)
TRCFLG:         EQU 0F7C4h      ; TRON
FBUFFR:         EQU 0F7C5h      ; FOUT's text
DAC:            EQU 0F7F6h      ; decimal accumulator (16)
HOLD8:          EQU 0F806h
BASARG:         EQU 0F847h      ; the Math-Pack's ARG (second operand); the
                                ; name ARG is the VDP command argument above
RNDX:           EQU 0F857h
MAXFIL:         EQU 0F85Fh
FILTAB:         EQU 0F860h
NULBUF:         EQU 0F862h
PTRFIL:         EQU 0F864h
FILNAM:         EQU 0F866h
NLONLY:         EQU 0F87Ch
BASROM:         EQU 0FBB1h      ; a ROM program runs: CTRL+STOP ignored
H_RUNC:         EQU 0FECBh      ; run-clear
H_CLEA:         EQU 0FED0h
H_LOPD:         EQU 0FED5h
H_ISFL:         EQU 0FEDFh
H_OUTD:         EQU 0FEE4h
H_CRDO:         EQU 0FEE9h
H_DSKC:         EQU 0FEEEh
H_PRGE:         EQU 0FEF8h      ; program end
H_ERRP:         EQU 0FEFDh      ; error: message for codes it knows
H_ERRF:         EQU 0FF02h      ; error: before printing
H_READ:         EQU 0FF07h      ; "Ok"
H_MAIN:         EQU 0FF0Ch      ; main loop
H_DIRD:         EQU 0FF11h      ; direct statement
H_FINI:         EQU 0FF16h      ; after a line edit
H_FINE:         EQU 0FF1Bh
H_SNGF:         EQU 0FF39h      ; FOR
H_NEWS:         EQU 0FF3Eh      ; each statement
H_GONE:         EQU 0FF43h      ; statement dispatch
H_CHRG:         EQU 0FF48h      ; CHRGTR
H_RETU:         EQU 0FF4Dh      ; RETURN
H_PRTF:         EQU 0FF52h
H_FRME:         EQU 0FF66h      ; expression evaluator
H_EVAL:         EQU 0FF70h      ; factor evaluator
H_ISMI:         EQU 0FF7Fh      ; FF-token statements
H_LIST:         EQU 0FF89h
H_FRET:         EQU 0FF9Dh
H_PTRG:         EQU 0FFA2h      ; variable search
H_ERRO:         EQU 0FFB1h      ; error raised (E = code)
