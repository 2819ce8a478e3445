; MSX-BASIC's graphic and sprite statements, the parsing half: PSET, PRESET,
; LINE, POINT, PUT SPRITE, SPRITE$()=, COLOR SPRITE()=, COLOR SPRITE$()=,
; SET PAGE. As on MSX2, the drawing is done in the SUB-ROM (sub/gfxbas.asm),
; called by EXTROM; this file reads the arguments, checks their ranges and
; keeps the last point (GRPACX/GRPACY).
;
; Facts: MSX2 Technical Handbook chapter 2 (syntax and ranges of each
; statement), the fact sheet msx-basic-interpreter.md §10 (the SUB-ROM
; split). Written for this project; the bodies follow this project's
; compiled-BASIC runtime (crates/msx-basic/src/lower/rt_extra.asm).
;
; Contracts (MSX-BASIC's own, docs/basic-interpreter.md):
; - A statement handler is entered with HL at the first character after its
;   token, A = that character and CHRGTR's flags (Z at the end of the
;   statement); it returns with HL at the end of the statement.
;   PUT SPRITE (ST_PUTSPRITE) and COLOR SPRITE/SPRITE$ (ST_COLORSPRITE) are
;   entered after PUT and COLOR, on the SPRITE token; SET PAGE (ST_SETPAGE)
;   after SET, on the letters PAGE; SPRITE$()= (ST_SPRITE) after SPRITE, on
;   the '$'.
; - POINT (FN_POINT) is entered with HL on its token and returns with HL on
;   the item after its ')' and that item in A with CHRGTR's flags, the
;   result an integer in DAC.
; - The text pointer always rests on the current item, as CHRGTR leaves it:
;   "DEC HL / RST 10h" would misread the last operand byte of a number
;   constant (0Bh-1Fh) as a token, so GS_CUR reads the item at HL instead.
;
; A point is "[STEP](x,y)": x and y are 16-bit integers (-32768..32767);
; STEP makes them relative to the last point. Colours are 0-15 (0-255 in
; SCREEN 8); logical operations PSET, AND, OR, XOR, PRESET, each also with a
; T in front (SCREEN 5-8: a transparent colour 0 is left alone).

        INCLUDE "../common/gfxwork.asm"

GS_FCERR:       EQU 475Ah       ; interpreter entries at their MSX addresses
GS_SNERR:       EQU 4055h
GS_FRMEVL:      EQU 4C64h
GS_GETBYT:      EQU 521Ch
GS_FRMQNT:      EQU 542Fh
GS_FRESTR:      EQU 67D0h
GS_EXTROM:      EQU 015Fh       ; BIOS
GS_S_PSET:      EQU 006Dh       ; SUB-ROM bodies (sub/gfxbas.asm)
GS_S_GLINE:     EQU 0075h
GS_S_POINT:     EQU 01C1h
GS_S_PUTSPRT:   EQU 0151h
GS_S_SETPAG:    EQU 013Dh
GS_S_CIRCLE:    EQU 01C5h
GS_S_SCOPY:     EQU 018Dh
GS_S_BASEF:     EQU 016Dh
GS_TK_TO:       EQU 0D9h
GS_S_DRAW:      EQU 01C9h
GS_S_PLAY:      EQU 01CDh
GS_S_CARG:      EQU 01D5h
GS_S_SPRSET:    EQU 01D9h
GS_STRALC:      EQU 6627h       ; room for A characters: DE = it, DSCTMP set
GS_LDIRMV:      EQU 0059h
GS_FOUT:        EQU 3425h
GS_BUF:         EQU 0F55Eh      ; the line buffer: free while a statement runs
; DRAW's and PLAY's text with its X and = written out: BUF after the MSX2
; parameter block SX..ARG (F562h-F570h), which the SUB-ROM's DRAW fills
; for each line it draws (a text kept at BUF was overwritten from its 5th
; character by the first line).
GS_MBUF:        EQU 0F571h
GS_MBUFLEN:     EQU 0F65Fh-GS_MBUF      ; to BUF's end: 238
GS_S_PAINT:     EQU 0069h
GS_OMERR:       EQU 6275h       ; Out of memory
GS_DAC:         EQU 0F7F6h
GS_VALTYP:      EQU 0F663h
GS_FRCINT:      EQU 2F8Ah
GS_TK_STEP:     EQU 0DCh        ; tokens (crates/msx-basic/src/keywords.rs)
GS_TK_MINUS:    EQU 0F2h
GS_TK_EQ:       EQU 0EFh
GS_TK_SPRITE:   EQU 0C7h
GS_TK_PSET:     EQU 0C2h
GS_TK_PRESET:   EQU 0C3h
GS_TK_AND:      EQU 0F6h
GS_TK_OR:       EQU 0F7h
GS_TK_XOR:      EQU 0F8h

; ---- shared ----------------------------------------------------------------------

; GS_CUR: A = the item at HL with CHRGTR's flags (Z at ':' or 00h, C for a
; digit); HL stays on it.
GS_CUR:         LD A,(HL)
                CP ':'
                RET NC
                CP '0'
                CCF
                INC A
                DEC A
                RET

; GS_MORE: after an argument: Z when the statement ends; else the ',' that
; must follow is taken (Syntax error otherwise), A = the item after it with
; CHRGTR's flags (a ',' ending the statement counts as its end).
GS_MORE:        CALL GS_CUR
                RET Z
                RST 08h
                DB ','
                RET

; GS_START: "Illegal function call" in SCREEN 0 and 1, where nothing is
; drawn; the logical operation back to PSET; A = the character at HL again.
GS_START:       LD A,(SCRMOD)
                CP 2
                JP C,GS_FCERR
                XOR A
                LD (LOGOPR),A
                JP GS_CUR

; GS_XYG: GS_XY, and the point becomes the last point GRPACX/GRPACY.
GS_XYG:         CALL GS_XY
                LD (GRPACX),BC
                LD (GRPACY),DE
                RET

; GS_XY: "[STEP](x,y)" -> BC = x, DE = y; A = the next item with CHRGTR's
; flags.
GS_XY:          CP GS_TK_STEP
                PUSH AF                 ; Z: relative
                JR NZ,GS_XY1
                RST 10h
GS_XY1:         RST 08h
                DB '('
                CALL GS_FRMQNT
                PUSH DE
                RST 08h
                DB ','
                CALL GS_FRMQNT
                RST 08h
                DB ')'
                POP BC
                POP AF
                JR NZ,GS_XY2
                PUSH HL
                LD HL,(GRPACX)
                ADD HL,BC
                LD B,H
                LD C,L
                LD HL,(GRPACY)
                ADD HL,DE
                EX DE,HL
                POP HL
GS_XY2:         JP GS_CUR

; GS_COLARG: ",colour" after a point, optional: ATRBYT = it, else A. Then
; as GS_MORE: Z when the statement ends, else past the next ','.
GS_COLARG:      LD (ATRBYT),A
                CALL GS_MORE
                RET Z
                CALL AR_OPT
                JR C,GS_CA1
                CALL GS_COLOK
                LD (ATRBYT),A
GS_CA1:         JP GS_MORE

; GS_COLOK: "Illegal function call" unless A is a colour of the mode (0-15,
; 0-255 in SCREEN 8). A kept.
GS_COLOK:       LD B,A
                LD A,(SCRMOD)
                CP 8
                LD A,B
                RET Z
                CP 16
                RET C
                JP GS_FCERR

; GS_LOGOP: a logical operation, [T]PSET|AND|OR|XOR|PRESET -> LOGOPR
; (0-4, +8 with T). Two of the T forms crunch into other words, as MSX's
; cruncher makes them: TOR is TO (D9h) and R, TAND is TAN (FFh 8Dh) and D.
GS_LOGOP:       LD C,9                  ; TAND
                CP 0FFh
                JR Z,GS_LOPW
                DEC C                   ; TOR: 8, then + 2 below
                CP 0D9h
                JR NZ,GS_LOPT
                INC C
                INC C
                LD A,'R'
                JR GS_LOPR
GS_LOPW:        INC HL
                LD A,(HL)
                CP 8Dh
                JP NZ,GS_SNERR
                LD A,'D'
GS_LOPR:        INC HL
                CP (HL)
                JP NZ,GS_SNERR
                LD A,C
                LD (LOGOPR),A
                RST 10h
                RET
GS_LOPT:        LD C,0
                CP 'T'
                JR NZ,GS_LOP1
                LD C,8
                RST 10h
GS_LOP1:        PUSH HL
                LD HL,GS_OPTAB
                LD B,5
GS_LOP2:        CP (HL)
                JR Z,GS_LOP3
                INC HL
                DJNZ GS_LOP2
                JP GS_SNERR
GS_LOP3:        LD A,5
                SUB B
                OR C
                LD (LOGOPR),A
                POP HL
                RST 10h
                RET
GS_OPTAB:       DB GS_TK_PSET,GS_TK_AND,GS_TK_OR,GS_TK_XOR,GS_TK_PRESET

; GS_EXT: the SUB-ROM routine IX; HL kept.
GS_EXT:         PUSH HL
                CALL GS_EXTROM
                POP HL
                RET

; ---- PSET [STEP](x,y)[,colour[,op]] / PRESET (colour BAKCLR) ------------------
ST_PRESET:      LD A,(BAKCLR)
                JR GS_PS0
ST_PSET:        LD A,(FORCLR)
GS_PS0:         PUSH AF
                CALL GS_START
                CALL GS_XYG
                POP AF
                CALL GS_COLARG
                CALL NZ,GS_LOGOP
                LD BC,(GRPACX)
                LD DE,(GRPACY)
                LD IX,GS_S_PSET
                JR GS_EXT

; ---- LINE [[STEP](x1,y1)]-[STEP](x2,y2)[,[colour][,[B|BF][,op]]] ---------------
; The start left out is the last point; STEP for the end is from the start.
; The end becomes the last point.
ST_LINE:        CALL GS_START
                CP GS_TK_MINUS
                CALL NZ,GS_XYG
                LD BC,(GRPACX)
                LD DE,(GRPACY)
                PUSH BC
                PUSH DE
                RST 08h
                DB GS_TK_MINUS
                CALL GS_XYG
                LD A,(FORCLR)
                CALL GS_COLARG
                LD C,0                  ; 0 line, 1 box, 2 filled box
                JR Z,GS_LN9
                CP 'B'
                JR NZ,GS_LN3
                INC C
                RST 10h
                CP 'F'
                JR NZ,GS_LN3
                INC C
                RST 10h
GS_LN3:         PUSH BC
                CALL GS_MORE
                CALL NZ,GS_LOGOP
                POP BC
GS_LN9:         LD A,C
                LD BC,(GRPACX)
                LD (GXPOS),BC
                LD BC,(GRPACY)
                LD (GYPOS),BC
                POP DE
                POP BC
                LD IX,GS_S_GLINE
                JR GS_EXT

; ---- CIRCLE [STEP](x,y),radius[,[colour][,[start][,[end][,aspect]]]] ------
; radius 0-32767; angles -2*PI..2*PI in radians, a negative one also draws
; its radius; aspect above 0 (vertical / horizontal). The centre becomes
; the last point. The SUB-ROM turns the angles and the aspect into the
; integers its CIRCLE draws with (CARG, 01D5h, with the Math-Pack).
ST_CIRCLE:      CALL GS_START
                CALL GS_XYG
                PUSH BC
                PUSH DE
                RST 08h
                DB ','
                CALL GS_FRMQNT
                BIT 7,D
                JP NZ,GS_FCERR
                PUSH DE
                PUSH HL
                LD HL,GW_CASP           ; no aspect, no arc, no radii
                LD B,4
GS_CI0:         LD (HL),0
                INC HL
                DJNZ GS_CI0
                LD HL,GS_CVEC0          ; both directions (1, 0): 0 and 2*PI
                LD DE,GW_CVEC
                LD C,8
                LDIR
                POP HL
                LD A,(FORCLR)
                CALL GS_COLARG
                JR Z,GS_CIGO
                LD B,0
                CALL GS_CIANG           ; the start
                JR Z,GS_CIGO
                LD B,1
                CALL GS_CIANG           ; the end
                JR Z,GS_CIGO
                CALL GS_FRMEVL          ; the aspect
                LD A,2
                CALL GS_CARG
GS_CIGO:        POP BC                  ; the radius
                POP DE                  ; the centre
                EX (SP),HL
                PUSH BC
                LD B,H
                LD C,L
                POP HL
                LD IX,GS_S_CIRCLE
                CALL GS_EXTROM
                POP HL
                RET

; GS_CIANG: an optional angle (B = 0 start, 1 end) to the SUB-ROM; then as
; GS_MORE.
GS_CIANG:       CP ','
                JR Z,GS_CIA1
                PUSH BC
                CALL GS_FRMEVL
                POP AF                  ; A = B
                CALL GS_CARG
GS_CIA1:        JP GS_MORE
; GS_CARG: the number in DAC as CIRCLE's argument A (0 start, 1 end angle,
; 2 aspect) by the SUB-ROM's CARG; out of range: Illegal function call.
GS_CARG:        PUSH HL
                LD IX,GS_S_CARG
                CALL GS_EXTROM
                POP HL
                RET NC
                JP GS_FCERR

GS_CVEC0:       DW 16384,0,16384,0

; ---- PAINT [STEP](x,y)[,colour[,border]]: the border is the paint colour
; unless given; in SCREEN 2 and 4 it cannot be given (Handbook 2.4: it is
; the paint colour there).
ST_PAINT:       CALL GS_START
                CALL GS_XYG
                LD A,(FORCLR)
                CALL GS_COLARG
                LD A,(ATRBYT)
                JR Z,GS_PA1
                CALL GS_GETBYT
                CALL GS_COLOK
GS_PA1:         LD B,A
                LD A,(SCRMOD)
                CP 2
                JR Z,GS_PA2
                CP 4
                LD A,B
                JR NZ,GS_PA3
GS_PA2:         LD A,(ATRBYT)
GS_PA3:         LD BC,(GRPACX)
                LD DE,(GRPACY)
                LD IX,GS_S_PAINT
                CALL GS_EXT
                RET NC
                JP GS_OMERR

; ---- POINT(x,y): the dot's colour, -1 outside the screen --------------------------
FN_POINT:       CALL GS_START
                RST 10h                 ; past POINT
                CALL GS_XY
                PUSH HL
                LD IX,GS_S_POINT
                CALL GS_EXTROM
                LD L,A
                LD H,0
                JR NC,GS_PT1
                DEC HL
GS_PT1:         CALL BI_INTRES
                POP HL
                JP GS_CUR               ; A = the next item, as a factor leaves it

; ---- PUT SPRITE plane[,[[STEP](x,y)][,[colour][,pattern]]] ----------------------
; plane 0-31, colour 0-15, pattern 0-255 (0-63 with 16x16 sprites).
ST_PUTSPRITE:   LD A,(SCRMOD)
                OR A
                JP Z,GS_FCERR
                RST 08h
                DB GS_TK_SPRITE
                LD C,32
                CALL AR_BELOW
                LD (GW_SPL),A
                XOR A
                LD (GW_SFL),A
                CALL GS_MORE
                JR Z,GS_PUTGO
                CP ','
                JR Z,GS_PUT1
                CALL GS_XY
                LD (GXPOS),BC
                LD (GYPOS),DE
                LD A,1
                LD (GW_SFL),A
GS_PUT1:        CALL GS_MORE
                JR Z,GS_PUTGO
                CALL AR_OPT
                JR C,GS_PUT2
                CP 16
                JP NC,GS_FCERR
                LD (GW_SCOL),A
                LD A,(GW_SFL)
                OR 2
                LD (GW_SFL),A
GS_PUT2:        CALL GS_MORE
                JR Z,GS_PUTGO
                CALL GS_GETBYT
                LD (GW_SPAT),A
                LD A,(GW_SFL)
                OR 4
                LD (GW_SFL),A
GS_PUTGO:       LD IX,GS_S_PUTSPRT
                CALL GS_EXT
                RET NC
                JP GS_FCERR

; ---- SPRITE$(n) = s$ | COLOR SPRITE(n) = c | COLOR SPRITE$(n) = s$ ----------
; Read here, checked and written to VRAM by the SUB-ROM's SPRSET (01D9h).
ST_SPRITE:      RST 08h
                DB '$'
                XOR A                   ; the pattern
                JR GS_SPREQ
ST_COLORSPRITE: RST 08h
                DB GS_TK_SPRITE
                CP '$'
                LD A,1                  ; one colour for the 16 lines
                JR NZ,GS_SPREQ
                RST 10h
                LD A,2                  ; a colour per line
; GS_SPREQ: "(n)=expression" for SPRSET's kind A.
GS_SPREQ:       PUSH AF
                CALL AR_PAREN
                POP AF
                PUSH DE
                PUSH AF
                RST 08h
                DB GS_TK_EQ
                CALL GS_FRMEVL
                POP AF
                POP DE
                PUSH HL
                PUSH AF
                DEC A
                JR Z,GS_SPR1
                CALL GS_FRESTR          ; HL = the string's descriptor
                JR GS_SPR2
GS_SPR1:        CALL GS_FRCINT          ; HL = the colour
                LD HL,(GS_DAC+2)
GS_SPR2:        POP AF
                LD IX,GS_S_SPRSET
                CALL GS_EXTROM
                POP HL
                RET NC
                JP GS_FCERR

; ---- SPRITE$(n): the pattern's 8 or 32 bytes as a string (a pseudo-variable
; on the SPRITE token). The result becomes a temporary through the core's
; BI_PUTNEW (string.asm), as the core's own string functions return theirs.
FN_SPRITE:      RST 10h
                RST 08h
                DB '$'
                CALL AR_PAREN
                PUSH HL
                LD A,3
                LD IX,GS_S_SPRSET
                CALL GS_EXTROM          ; DE = VRAM, A = the length
                JP C,GS_FCERR
                PUSH DE
                PUSH AF
                CALL GS_STRALC
                POP AF
                POP HL
                LD C,A
                LD B,0
                CALL GS_LDIRMV
                CALL BI_PUTNEW
                POP HL
                JP GS_CUR

; ---- SET: SET PAGE here; the other SETs (ADJUST, BEEP, TITLE, PROMPT,
; PASSWORD, SCREEN, VIDEO, DATE, TIME) in the extension ROM (ext/setget.asm).
; PAGE, PASSWORD and PROMPT all begin with P: PAGE is "PAG".
ST_SET:         CP 'P'
                JR NZ,GS_SETX
                PUSH HL
                INC HL
                LD A,(HL)
                INC HL
                LD B,(HL)
                POP HL
                CP 'A'
                JR NZ,GS_SETX
                LD A,B
                CP 'G'
                LD A,'P'
                JR Z,ST_SETPAGE
GS_SETX:        LD B,42
                JP EXT_GO

; ---- SET PAGE [display][,active]: SCREEN 5-8, pages 0-3 (0-1 in SCREEN 7-8) ---
ST_SETPAGE:     RST 08h
                DB 'P'
                RST 08h
                DB 'A'
                RST 08h
                DB 'G'
                RST 08h
                DB 'E'
                LD A,(SCRMOD)
                CP 5
                JP C,GS_FCERR
                LD C,4
                CP 7
                JR C,GS_SP1
                LD C,2
GS_SP1:         PUSH BC
                CALL AR_OPT
                POP BC
                JR C,GS_SP2
                CP C
                JP NC,GS_FCERR
                LD (DPPAGE),A
GS_SP2:         PUSH BC
                CALL GS_MORE
                POP BC
                JR Z,GS_SP3
                CALL AR_BELOW
                LD (ACPAGE),A
GS_SP3:         LD IX,GS_S_SETPAG
                JP GS_EXT

; ---- COPY (x1,y1)-(x2,y2)[,page] TO (x3,y3)[,page[,op]] (SCREEN 5-8) --------
; Pages left out are the active page. The array forms are the extension's
; (ext/copyarr.asm), which this hands "TO array" with the source in GW_X,
; GW_Y, GW_X2, GW_Y2 and GW_KSP.
ST_COPY:        CP '('
                JP NZ,GS_FCERR
                LD A,(SCRMOD)
                CP 5
                JP C,GS_FCERR
                XOR A
                LD (LOGOPR),A
                CALL GS_XY
                LD (GW_X),BC
                LD (GW_Y),DE
                RST 08h
                DB GS_TK_MINUS
                CALL GS_XY
                LD (GW_X2),BC
                LD (GW_Y2),DE
                LD DE,GW_KSP
                CALL GS_PAGE
                RST 08h
                DB GS_TK_TO
                CP '('
                JP NZ,BI_XCOPYTO        ; to an array (the extension)
                CALL GS_XY
                LD (GW_KX),BC
                LD (GW_KY),DE
                LD DE,GW_KDP
                CALL GS_PAGE
                CALL NZ,GS_MORE
                CALL NZ,GS_LOGOP
                LD IX,GS_S_SCOPY
                JP GS_EXT

; GS_PAGE: an optional ",page" to (DE), the active page when left out; Z
; when the statement ends. Pages 0-3 (0-1 in SCREEN 7 and 8).
GS_PAGE:        LD A,(ACPAGE)
                LD (DE),A
                CALL GS_CUR
                CP ','
                RET NZ
                RST 10h
                RET Z
                CP ','
                JR NZ,GS_PAGE0
                OR A                    ; a page left out: ",,op" (NZ)
                RET
GS_PAGE0:       PUSH DE
                LD A,(SCRMOD)
                LD C,4
                CP 7
                JR C,GS_PAGE1
                LD C,2
GS_PAGE1:       CALL AR_BELOW
                POP DE
                LD (DE),A
                JP GS_CUR

; ---- BASE(n) = address (n 0-19: the tables of SCREEN 0-3) --------------------
ST_BASE:        CALL GS_BASEN
                CP 20
                JP NC,GS_FCERR
                PUSH AF
                RST 08h
                DB GS_TK_EQ
                CALL GS_FRMQNT
                POP AF
                PUSH HL
                ADD A,A
                LD L,A
                LD H,0
                LD BC,TXTNAM
                ADD HL,BC
                LD (HL),E
                INC HL
                LD (HL),D
                POP HL
                RET

; ---- BASE(n): the address of table n (0-44), a pseudo-variable -------------
FN_BASE:        RST 10h
                CALL GS_BASEN
                PUSH HL
                LD IX,GS_S_BASEF
                CALL GS_EXTROM
                JP FN_UNSIGNED          ; above 32767 as a single; pops the text pointer

; GS_BASEN: "(n)" with n 0-44: A = n.
GS_BASEN:       CALL AR_PAREN
                LD A,D
                OR A
                JP NZ,GS_FCERR
                LD A,E
                CP 45
                RET C
                JP GS_FCERR

; ---- DRAW s$: the graphics macro language, drawn by the SUB-ROM --------------
; Each DRAW starts in FORCLR; the scale and angle stay from the last one.
ST_DRAW:        CALL GS_START
                LD A,(FORCLR)
                LD (ATRBYT),A
                CALL GS_CUR
                CALL GS_FRMEVL
                PUSH HL
                CALL GS_FRESTR
                CALL GS_MACRO
                LD IX,GS_S_DRAW
                CALL GS_EXTROM
                POP HL
                RET NC
                JP GS_FCERR

; GS_MACRO: the string of descriptor HL as DRAW and PLAY take it -> HL = its
; text, B = the length: the string's own characters when it has no X or =,
; else written out to GS_MBUF with each "X var;" replaced by the string var
; and each "=var;" by var's value in decimal (more than 238 characters
; written out: Illegal function call).
GS_MACRO:       PUSH HL
                LD B,(HL)               ; a text without X or = is used where
                INC HL                  ; it is (any length)
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC B
                PUSH DE
GS_MAC_SCAN:    DEC B
                JR Z,GS_MAC_ASIS
                LD A,(DE)
                INC DE
                CP 'X'
                JR Z,GS_MAC_COPY
                CP '='
                JR NZ,GS_MAC_SCAN
GS_MAC_COPY:    POP DE
                POP HL
                LD DE,GS_MBUF
                CALL GS_MACX
                EX DE,HL
                LD DE,GS_MBUF
                OR A
                SBC HL,DE
                LD B,L
                EX DE,HL
                RET
GS_MAC_ASIS:    POP HL                  ; the text
                POP DE
                LD A,(DE)
                LD B,A
                RET
GS_MACX:        LD A,(HL)
                INC HL
                LD C,(HL)
                INC HL
                LD H,(HL)
                LD L,C                  ; HL = the text
                LD C,A
                LD B,0
                PUSH HL
                ADD HL,BC
                LD B,H
                LD C,L                  ; BC = its end
                POP HL
GS_MX1:         OR A
                SBC HL,BC
                ADD HL,BC
                RET NC
                LD A,(HL)
                INC HL
                CP 'X'
                JR Z,GS_MXVAR
                CP '='
                JR Z,GS_MXVAR
                CALL GS_MXPUT
                JR GS_MX1
GS_MXVAR:       PUSH BC
                PUSH DE
                PUSH AF
                CALL GS_FRMEVL          ; the variable named at HL
                RST 08h
                DB ';'
                POP AF
                POP DE
                PUSH HL
                CP 'X'
                JR NZ,GS_MXNUM
                CALL GS_FRESTR
                CALL GS_MACX            ; its text, written out too
                JR GS_MXNEXT
GS_MXNUM:       PUSH DE
                CALL GS_FRCINT
                CALL GS_FOUT            ; HL = the digits, a blank or '-' first
                POP DE
GS_MXN1:        LD A,(HL)
                INC HL
                OR A
                JR Z,GS_MXNEXT
                CP ' '
                CALL NZ,GS_MXPUT
                JR GS_MXN1
GS_MXNEXT:      POP HL
                POP BC
                JR GS_MX1
GS_MXPUT:       LD (DE),A
                INC DE
                PUSH HL
                LD HL,GS_MBUF+GS_MBUFLEN-1
                OR A
                SBC HL,DE
                POP HL
                RET NC
                JP GS_FCERR

; ---- PLAY a$[,b$[,c$]]: the three voices' music macro language -------------
; Each string is queued by the SUB-ROM (01CDh) and played in the background
; by the interrupt (MUSIC, 01D1h); the silent voices wait (PRSCNT) until
; all the strings are queued, so they start together.
ST_PLAY:        LD A,1
                LD (PRSCNT),A
                XOR A
                LD (QUEUEN),A
                LD C,A                  ; the voice
GS_PL1:         PUSH BC
                CALL GS_CUR
                CP ','
                JR Z,GS_PL2             ; this voice left out
                CALL GS_FRMEVL
                POP BC
                PUSH BC
                PUSH HL
                PUSH BC
                CALL GS_FRESTR
                CALL GS_MACRO
                POP DE
                LD A,E
                LD IX,GS_S_PLAY
                CALL GS_EXTROM
                POP HL
                JR C,GS_PLBAD
GS_PL2:         POP BC
                INC C
                LD A,C
                CP 3
                JR NC,GS_PL3
                CALL GS_MORE
                JR NZ,GS_PL1
GS_PL3:         XOR A
                LD (PRSCNT),A
                RET
GS_PLBAD:       XOR A
                LD (PRSCNT),A
                JP GS_FCERR

; ---- PLAY(n): -1 while voice n (1-3; 0: any) has music, else 0 --------------
FN_PLAY:        RST 10h
                CALL AR_PAREN
                LD A,D
                OR A
                JP NZ,GS_FCERR
                LD A,E
                CP 4
                JP NC,GS_FCERR
                LD B,A
                LD A,(MUSICF)
                AND 7
                DEC B
                JP M,GS_PLF1
                INC B
GS_PLF0:        RRCA
                DJNZ GS_PLF0
                JR GS_PLF2
GS_PLF1:        ADD A,0FFh              ; carry: some voice
GS_PLF2:        SBC A,A
                PUSH HL
                LD L,A
                LD H,A
                CALL BI_INTRES
                POP HL
                JP GS_CUR
