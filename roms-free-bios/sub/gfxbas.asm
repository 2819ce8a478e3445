; The bodies of MSX-BASIC's graphic statements, as on MSX2 (the parsers in the
; main ROM's page 1, basic/gfxstmt.asm, call them by EXTROM). Every mode that
; draws: SCREEN 2 and 4 (pattern and colour tables), SCREEN 3 (multicolour
; blocks), SCREEN 5-8 (the V9938 command engine through SETC, DOGRPH,
; NVBXLN, NVBXFL, READC). The parsers have already refused SCREEN 0 and 1.
;
; Coordinates are signed 16-bit numbers. As MSX-BASIC does, a dot outside
; the screen is not drawn, and the ends of a line or the corners of a box are
; moved onto the screen (x 0-255, 0-511 in SCREEN 6-7; y 0-191, 0-211 in
; SCREEN 5-8) before drawing. The colour is ATRBYT, the logical operation
; LOGOPR (0 PSET, 1 AND, 2 OR, 3 XOR, 4 PRESET, +8 T-variants); the pattern
; modes know only PSET, as on MSX1.
;
; Contracts of the entries (docs/basic-interpreter.md, "Graphics and music"):
;   006Dh PSET   BC = x, DE = y: one dot
;   0075h GLINE  BC = x1, DE = y1, GXPOS/GYPOS = x2/y2, A = 0 line, 1 box,
;                2 filled box
;   01C1h POINT  BC = x, DE = y -> A = the dot's colour; carry (A = 0) when
;                it is outside the screen
;   01C5h CIRCLE BC = x, DE = y of the centre, HL = radius; the aspect and
;                arc in the work area (common/gfxwork.asm)
;   0069h PAINT  BC = x, DE = y, A = the border colour -> carry: no room
;                for the seeds ("Out of memory")
;   018Dh SCOPY  the work area (gfxwork.asm: source corners, pages,
;                destination), LOGOPR; SCREEN 5-8
;   016Dh BASEF  A = n (0-44) -> HL = BASE(n)
;   0151h PUTSPRT  the work area GW_SPL/GW_SFL/GW_SCOL/GW_SPAT and GXPOS/
;                GYPOS (common/gfxwork.asm) -> carry: the pattern number is
;                too big for the sprite size
; They change every register but IX and IY.

        INCLUDE "../common/gfxwork.asm"

; ---- limits and clipping ------------------------------------------------------

; GB_LIMIT: HL = the last x, DE = the last y of the current mode.
GB_LIMIT:       LD HL,255
                LD DE,191
                LD A,(SCRMOD)
                CP 5
                RET C
                LD DE,211
                CP 6
                RET C
                CP 8
                RET NC
                LD HL,511
                RET

; GB_ONSCR: BC = x, DE = y -> carry when the dot is outside the screen.
; BC and DE are kept.
GB_ONSCR:       PUSH DE
                PUSH BC
                CALL GB_LIMIT
                POP BC
                OR A
                SBC HL,BC               ; a negative x is a large unsigned one
                POP HL
                RET C
                EX DE,HL                ; HL = last y, DE = y
                SBC HL,DE
                RET

; GB_CLAMP: BC = x, DE = y moved onto the screen.
GB_CLAMP:       PUSH DE
                CALL GB_LIMIT
                EX (SP),HL              ; HL = y, (SP) = last x
                CALL GB_CL
                EX (SP),HL
                EX DE,HL                ; DE = last x
                LD H,B
                LD L,C
                CALL GB_CL
                LD B,H
                LD C,L
                POP DE
                RET
; GB_CL: HL = a signed value, DE = the limit -> HL = 0..limit.
GB_CL:          BIT 7,H
                JR NZ,GB_CL0
                OR A
                SBC HL,DE
                ADD HL,DE
                RET C
                EX DE,HL
                RET
GB_CL0:         LD HL,0
                RET

; ---- dots -----------------------------------------------------------------------

; ---- PSET (006Dh): BC = x, DE = y ------------------------------------------------
GB_PSET:        CALL GB_ONSCR
                RET C
; GB_DOT: the dot BC = x, DE = y, on the screen.
GB_DOT:         LD A,(SCRMOD)
                CP 5
                JR C,GB_DOTP
                LD (CLOC),BC
                LD A,E
                LD (CMASK),A
                JP SETC
GB_DOTP:        CP 3
                JR Z,GB_DOTM
                CALL GB_G2ADR           ; HL = offset, B = the dot's bit
; GB_G2SET: the dots of mask B in the byte at offset HL (SCREEN 2/4) drawn
; in ATRBYT: in the 8 dots' background colour they go off; else they go on
; and their colour becomes the 8 dots' foreground. Keeps B.
GB_G2SET:       PUSH HL
                LD DE,(GRPCOL)
                ADD HL,DE
                CALL NRDVRM_I           ; the colour byte of these 8 dots
                AND 0Fh
                LD D,A                  ; their background
                LD A,(ATRBYT)
                AND 0Fh
                CP D
                JR Z,GB_DOTBG
                ADD A,A
                ADD A,A
                ADD A,A
                ADD A,A
                OR D
                CALL NWRVRM_I
                CALL GB_G2PAT
                OR B
                JP NWRVRM_I
GB_DOTBG:       CALL GB_G2PAT
                LD C,A
                LD A,B
                CPL
                AND C
                JP NWRVRM_I
; GB_G2PAT: (SP+2) = the offset -> HL = its pattern byte's address, A = the
; byte (the offset taken off the stack).
GB_G2PAT:       POP DE
                POP HL
                PUSH DE
                LD DE,(GRPCGP)
                ADD HL,DE
                JP NRDVRM_I

; SCREEN 3: the dot is a quarter of its byte's nibble pair; the left 4 dots of
; a block are the high nibble.
GB_DOTM:        CALL GB_MADR
                LD D,A                  ; the byte
                LD A,(ATRBYT)
                AND 0Fh
                LD E,0F0h               ; what stays
                BIT 2,C
                JR NZ,GB_DOTM1
                ADD A,A
                ADD A,A
                ADD A,A
                ADD A,A
                LD E,0Fh
GB_DOTM1:       LD B,A
                LD A,D
                AND E
                OR B
                JP NWRVRM_I

; GB_G2ADR: BC = x, DE = y (SCREEN 2/4) -> HL = offset of the dot's byte in
; the pattern and colour tables, (y AND F8h) * 32 + (x AND F8h) + y AND 7;
; B = its bit (80h for the left dot). C is kept.
GB_G2ADR:       LD A,E
                RRCA
                RRCA
                RRCA
                AND 1Fh
                LD H,A
                LD A,C
                AND 0F8h
                LD L,A
                LD A,E
                AND 7
                OR L
                LD L,A
                LD A,C
                AND 7
                LD B,80h
                RET Z
GB_G2BIT:       SRL B
                DEC A
                JR NZ,GB_G2BIT
                RET

; GB_MADR: BC = x, DE = y (SCREEN 3) -> HL = the address of the dot's byte
; in the pattern table, MLTCGP + (y AND E0h) * 8 + (x AND F8h) + (y / 4) AND
; 7 (the name table holds 0-31 in rows 0-3, 32-63 in rows 4-7, ...); A = the
; byte. C is kept.
GB_MADR:        LD A,E
                RLCA
                RLCA
                RLCA
                AND 7
                LD H,A
                LD A,E
                RRCA
                RRCA
                AND 7
                LD L,A
                LD A,C
                AND 0F8h
                OR L
                LD L,A
                LD DE,(MLTCGP)
                ADD HL,DE
                JP NRDVRM_I

; ---- POINT (01C1h): BC = x, DE = y -> A = colour; carry outside the screen ---
GB_POINT:       CALL GB_ONSCR
                LD A,0
                RET C
                LD A,(SCRMOD)
                CP 5
                JR C,GB_PTP
                CALL GB_BMRD
                OR A
                RET

; GB_BMRD: SCREEN 5-8: A = the colour of the dot BC = x, DE = y (on the
; screen) of the active page, read from VRAM once the command engine is
; done (faster than its POINT command: PAINT reads every dot it passes).
; SCREEN 5 and 7 hold two dots a byte, 6 four, 8 one, the left one in the
; high bits; lines of 128 bytes (5, 6) or 256 (7, 8), pages of 32 KB / 64 KB.
GB_BMRD:        CALL CMDWAIT
                LD A,(SCRMOD)
                LD H,E                  ; y x 256
                LD L,0
                CP 7
                JR NC,GB_BMRD7
                SRL H                   ; SCREEN 5, 6: y x 128
                RR L
                CP 6
                JR Z,GB_BMRD6
                LD A,C                  ; SCREEN 5: x / 2
                SRL A
                OR L
                LD L,A
                LD A,(ACPAGE)
                ADD A,A
                CALL GB_VRD17
GB_BMNIB:       BIT 0,C
                JR NZ,GB_BMLO
                RRCA
                RRCA
                RRCA
                RRCA
GB_BMLO:        AND 0Fh
                RET
GB_BMRD6:       LD A,B                  ; SCREEN 6: x (0-511) / 4
                RRA
                LD A,C
                RRA
                SRL A
                OR L
                LD L,A
                LD A,(ACPAGE)
                ADD A,A
                CALL GB_VRD17
                LD D,A
                LD A,C
                AND 3
                XOR 3                   ; shifts of 2 bits for dot x AND 3
                JR Z,GB_BM6B
GB_BM6A:        RRC D
                RRC D
                DEC A
                JR NZ,GB_BM6A
GB_BM6B:        LD A,D
                AND 3
                RET
GB_BMRD7:       CP 8
                JR Z,GB_BMRD8
                LD A,B                  ; SCREEN 7: x (0-511) / 2
                RRA
                LD A,C
                RRA
                LD L,A
                LD A,(ACPAGE)
                ADD A,A
                ADD A,A
                CALL GB_VRD17
                JR GB_BMNIB
GB_BMRD8:       LD L,C                  ; SCREEN 8: x
                LD A,(ACPAGE)
                ADD A,A
                ADD A,A
; GB_VRD17: A = the VRAM byte at A x 16 KB + HL. Keeps BC, DE.
GB_VRD17:       PUSH BC
                LD B,A
                LD A,H
                RLCA
                RLCA
                AND 3
                ADD A,B                 ; address bits 16-14 (carry clear: read)
                CALL VADDR
                IN A,(VDP_DATA)
                POP BC
                RET
GB_PTP:         CP 3
                JR Z,GB_PTM
                CALL GB_G2ADR
                PUSH HL
                PUSH HL
                CALL GB_G2PAT           ; takes one copy of the offset
                AND B
                POP HL
                PUSH AF                 ; Z: the dot is off
                LD DE,(GRPCOL)
                ADD HL,DE
                CALL NRDVRM_I
                LD B,A
                POP AF
                LD A,B
                JR Z,GB_PTLO            ; the dot is off: the background
GB_PTHI:        RRCA
                RRCA
                RRCA
                RRCA
GB_PTLO:        AND 0Fh                 ; carry clear
                RET
GB_PTM:         CALL GB_MADR
                BIT 2,C
                JR Z,GB_PTHI
                JR GB_PTLO

; ---- lines and boxes ----------------------------------------------------------------

; ---- GLINE (0075h): BC = x1, DE = y1, GXPOS/GYPOS = x2/y2; A = 0 line, 1 box,
; 2 filled box. The corners are moved onto the screen first.
GB_GLINE:       PUSH AF
                CALL GB_CLAMP
                LD (GW_X),BC
                LD (GW_Y),DE
                LD BC,(GXPOS)
                LD DE,(GYPOS)
                CALL GB_CLAMP
                LD (GW_X2),BC
                LD (GW_Y2),DE
                LD (GXPOS),BC           ; the command engine's ends
                LD (GYPOS),DE
                LD BC,(GW_X)
                LD DE,(GW_Y)
                LD A,(SCRMOD)
                CP 5
                JR C,GB_GLP
                POP AF
                OR A
                JR NZ,GB_GLB
                EX DE,HL                ; DOGRPH: HL = y1
                JP DOGRPH
GB_GLB:         DEC A
                JP Z,NVBXLN
                JP NVBXFL
GB_GLP:         POP AF                  ; the pattern modes
                OR A
                JR Z,GB_LINEP
                CALL GB_SAVEC
                DEC A
                JR NZ,GB_FILL
                LD HL,(GW_C1+2)         ; top: y2 := y1
                LD (GW_Y2),HL
                CALL GB_LINEP
                CALL GB_LOADC           ; bottom: y1 := y2
                LD HL,(GW_C1+6)
                LD (GW_Y),HL
                CALL GB_LINEP
                CALL GB_LOADC           ; left: x2 := x1
                LD HL,(GW_C1)
                LD (GW_X2),HL
                CALL GB_LINE
                CALL GB_LOADC           ; right: x1 := x2
                LD HL,(GW_C1+4)
                LD (GW_X),HL
                JP GB_LINE
; A filled box: one line per row, from y1 towards y2.
GB_FILL:        CALL GB_LOADC
                LD HL,(GW_Y)
                LD (GW_Y2),HL
                CALL GB_LINEP
                LD HL,(GW_C1+2)
                LD DE,(GW_C1+6)
                OR A
                SBC HL,DE
                RET Z
                LD HL,(GW_C1+2)
                JR C,GB_FILL1
                DEC HL
                DEC HL
GB_FILL1:       INC HL
                LD (GW_C1+2),HL
                JR GB_FILL

; GB_SAVEC / GB_LOADC: the line's ends GW_X..GW_Y2 to the corners GW_C1 and
; back. A is kept.
GB_SAVEC:       LD HL,GW_X
                LD DE,GW_C1
                JR GB_MOVC
GB_LOADC:       LD HL,GW_C1
                LD DE,GW_X
GB_MOVC:        LD BC,8
                LDIR
                RET

; GB_LINEP: a line in a pattern mode: a row of SCREEN 2/4 a byte (8 dots)
; at a time, else GB_LINE.
GB_LINEP:       LD A,(SCRMOD)
                CP 3
                JR Z,GB_LINE
                LD HL,(GW_Y)
                LD DE,(GW_Y2)
                OR A
                SBC HL,DE
                JR NZ,GB_LINE
                LD A,(GW_X)
                LD C,A
                LD A,(GW_X2)
                LD L,A
                CP C
                JR NC,GB_LINEP1
                LD C,L                  ; from the left end
                LD A,(GW_X)
                LD L,A
GB_LINEP1:      LD A,(GW_Y)
                LD E,A
; GB_HRUN: SCREEN 2/4: the dots C (x1) to L (x2, x1 <= x2) of row E.
GB_HRUN:        LD A,C
                AND 7
                LD B,A
                LD A,0FFh
                JR Z,GB_HR2
GB_HR1:         SRL A
                DJNZ GB_HR1             ; the dots from x1 on
GB_HR2:         LD D,A
                LD A,C
                XOR L
                AND 0F8h
                JR NZ,GB_HR4            ; x2 lies further right
                LD A,L
                AND 7
                LD B,A
                LD A,80h
                JR Z,GB_HR3B
GB_HR3:         SRA A
                DJNZ GB_HR3             ; the dots up to x2
GB_HR3B:        AND D
                LD D,A
GB_HR4:         PUSH HL
                PUSH BC
                PUSH DE
                LD A,D                  ; the mask, while G2ADR finds the byte
                PUSH AF
                CALL GB_G2ADR
                POP AF
                LD B,A
                CALL GB_G2SET
                POP DE
                POP BC
                POP HL
                LD A,C
                OR 7
                CP L
                RET NC                  ; this byte held x2
                INC A
                LD C,A
                JR GB_HRUN

; GB_LINE: Bresenham from GW_X/GW_Y to GW_X2/GW_Y2 (both on the screen), one
; dot at a time through GB_DOT.
GB_LINE:        LD HL,(GW_X2)
                LD DE,(GW_X)
                CALL GB_DIFF
                LD (GW_DX),HL
                LD (GW_SX),BC
                LD HL,(GW_Y2)
                LD DE,(GW_Y)
                CALL GB_DIFF
                LD (GW_SY),BC
                EX DE,HL
                LD HL,0
                OR A
                SBC HL,DE
                LD (GW_DY),HL           ; -|dy|
                LD DE,(GW_DX)
                ADD HL,DE
                LD (GW_ERR),HL          ; dx - |dy|
GB_LLOOP:       LD BC,(GW_X)
                LD DE,(GW_Y)
                CALL GB_DOT
                LD HL,(GW_X)
                LD DE,(GW_X2)
                OR A
                SBC HL,DE
                JR NZ,GB_LSTEP
                LD HL,(GW_Y)
                LD DE,(GW_Y2)
                SBC HL,DE
                RET Z
GB_LSTEP:       LD HL,(GW_ERR)
                ADD HL,HL               ; e2
                PUSH HL
                LD DE,(GW_DY)
                OR A
                SBC HL,DE
                JP M,GB_LNOX            ; e2 < dy: x stays
                LD HL,(GW_ERR)
                ADD HL,DE
                LD (GW_ERR),HL
                LD HL,(GW_X)
                LD DE,(GW_SX)
                ADD HL,DE
                LD (GW_X),HL
GB_LNOX:        POP DE
                LD HL,(GW_DX)
                OR A
                SBC HL,DE
                JP M,GB_LLOOP           ; e2 > dx: y stays
                LD HL,(GW_ERR)
                LD DE,(GW_DX)
                ADD HL,DE
                LD (GW_ERR),HL
                LD HL,(GW_Y)
                LD DE,(GW_SY)
                ADD HL,DE
                LD (GW_Y),HL
                JR GB_LLOOP

; GB_DIFF: HL = a, DE = b -> HL = |a - b|, BC = the step from b towards a.
GB_DIFF:        OR A
                SBC HL,DE
                LD BC,1
                RET P
                EX DE,HL
                LD HL,0
                OR A
                SBC HL,DE
                LD BC,-1
                RET

; ---- sprites -------------------------------------------------------------------------

; ---- PUTSPRT (0151h): plane GW_SPL; GW_SFL bit 0: position GXPOS/GYPOS, bit 1:
; colour GW_SCOL, bit 2: pattern GW_SPAT. Sprite mode 1 (SCREEN 1-3): y, x,
; pattern and colour in the attributes, bit 7 of the colour the early clock
; (x < 0 is written as x + 32 with it). Mode 2 (SCREEN 4-8): the colour and
; the early clock go to each of the plane's 16 line colours (512 bytes below
; the attributes). Carry: the pattern number is above 63 with 16x16 sprites.
GB_PUTSPR:      LD A,(GW_SFL)
                LD B,A
                BIT 2,B
                JR Z,GB_PS1
                CALL GSPSIZ_I
                LD A,(GW_SPAT)
                JR NC,GB_PS1
                CP 64
                CCF
                RET C
                ADD A,A                 ; 16x16: the number of its first 8x8
                ADD A,A
                LD (GW_SPAT),A
GB_PS1:         LD DE,0FF00h            ; D = bits kept, E = bits set
                BIT 1,B
                JR Z,GB_PS2
                LD D,0F0h
                LD A,(GW_SCOL)
                LD E,A
GB_PS2:         BIT 0,B
                JR Z,GB_PS3
                RES 7,D
                LD A,(GXPOS+1)
                RLCA
                JR NC,GB_PS3
                SET 7,E                 ; x < 0: the early clock
GB_PS3:         LD (GW_SMSK),DE
                LD A,(GW_SPL)
                CALL CALATR_I           ; HL = the plane's attributes
                BIT 0,B
                JR Z,GB_PS5
                LD A,(GYPOS)
                CALL GB_VWR
                INC HL
                LD A,(GXPOS+1)
                RLCA
                LD A,(GXPOS)
                JR NC,GB_PS4
                ADD A,32
GB_PS4:         CALL GB_VWR
                DEC HL
GB_PS5:         INC HL
                INC HL
                BIT 2,B
                JR Z,GB_PS6
                LD A,(GW_SPAT)
                CALL GB_VWR
GB_PS6:         INC HL                  ; the colour byte of mode 1
                LD A,B
                AND 3
                RET Z                   ; (carry clear)
                LD B,1
                LD A,(SCRMOD)
                CP 4
                JR C,GB_PS7
                LD A,(GW_SPL)           ; mode 2: ATRBAS - 512 + plane * 16
                LD L,A
                LD H,0
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                LD DE,(ATRBAS)
                ADD HL,DE
                DEC H
                DEC H
                LD B,16
GB_PS7:         LD DE,(GW_SMSK)
GB_PS8:         CALL GB_VRD
                AND D
                OR E
                CALL GB_VWR
                INC HL
                DJNZ GB_PS8
                OR A
                RET

; GB_VRD / GB_VWR: read / write the VRAM byte HL of the sprite tables (14-bit
; addresses in SCREEN 1-3, 16-bit in 4-8, no page offset). Change F only.
GB_VRD:         CALL SETFORMODE_R
                IN A,(VDP_DATA)
                RET
GB_VWR:         PUSH AF
                CALL SETFORMODE_W
                POP AF
                OUT (VDP_DATA),A
                RET

; ---- circles --------------------------------------------------------------------------

; ---- CIRCLE (01C5h): BC = centre x, DE = centre y, HL = radius (0-32767);
; GW_CASP/GW_CFAC the aspect, GW_CARC/GW_CVEC/GW_CLIN the arc (gfxwork.asm).
; The midpoint algorithm, 8 mirrored points a step, each scaled by the
; aspect, kept when it lies on the arc, drawn as PSET draws (off the screen:
; skipped). A negative angle also draws the line from the centre to its end
; of the arc.
GB_CIRCLE:      LD (GW_CX),BC
                LD (GW_CY),DE
                LD (GW_CRAD),HL
                LD (GW_CR),HL
                EX DE,HL
                LD HL,1
                OR A
                SBC HL,DE
                LD (GW_CE),HL           ; 1 - r
                LD HL,0
                LD (GW_CI),HL
                LD HL,GW_CVEC+4         ; the arc is half a turn or more unless
                LD DE,GW_CT             ; end x start > 0
                LD BC,4
                LDIR
                LD HL,GW_CVEC
                LD C,4
                LDIR
                CALL GB_CROSS
                SBC A,A
                INC A
                LD (GW_CWIDE),A
GB_CLOOP:       LD HL,(GW_CR)           ; while x >= y
                LD DE,(GW_CI)
                OR A
                SBC HL,DE
                JP M,GB_CLINES
                LD HL,(GW_CR)
                LD DE,(GW_CI)
                CALL GB_CFOUR
                LD HL,(GW_CI)
                LD DE,(GW_CR)
                CALL GB_CFOUR
                LD HL,(GW_CI)           ; y = y + 1
                INC HL
                LD (GW_CI),HL
                LD DE,(GW_CE)
                BIT 7,D
                JR Z,GB_CXDEC
                ADD HL,HL               ; err < 0: err = err + 2y + 1
                INC HL
                ADD HL,DE
                LD (GW_CE),HL
                JR GB_CLOOP
GB_CXDEC:       LD HL,(GW_CR)           ; else x = x - 1, err = err + 2(y - x) + 1
                DEC HL
                LD (GW_CR),HL
                EX DE,HL
                LD HL,(GW_CI)
                OR A
                SBC HL,DE
                ADD HL,HL
                INC HL
                LD DE,(GW_CE)
                ADD HL,DE
                LD (GW_CE),HL
                JR GB_CLOOP

; GB_CFOUR: the points (centre +- HL, centre +- DE).
GB_CFOUR:       LD (GW_FA),HL
                LD (GW_FB),DE
                CALL GB_CONE            ; (+a, +b)
                LD HL,(GW_FA)
                CALL GB_NEG
                LD DE,(GW_FB)
                CALL GB_CONE            ; (-a, +b)
                LD HL,(GW_FB)
                CALL GB_NEG
                LD (GW_FB),HL
                EX DE,HL
                LD HL,(GW_FA)
                CALL GB_CONE            ; (+a, -b)
                LD HL,(GW_FA)
                CALL GB_NEG
                LD DE,(GW_FB)           ; (-a, -b)
; GB_CONE: the point (centre x + HL, centre y + DE), the offsets scaled.
GB_CONE:        CALL GB_CASPCT
                LD A,(GW_CARC)
                OR A
                JR Z,GB_CONE1
                PUSH HL
                PUSH DE
                CALL GB_CIN
                POP DE
                POP HL
                RET C
GB_CONE1:       LD BC,(GW_CX)
                ADD HL,BC
                LD B,H
                LD C,L
                LD HL,(GW_CY)
                ADD HL,DE
                EX DE,HL
                JP GB_PSET

; GB_CASPCT: the offsets HL (x), DE (y) scaled by the aspect.
GB_CASPCT:      LD A,(GW_CASP)
                OR A
                RET Z
                DEC A
                JR Z,GB_CSCALE
                EX DE,HL
                CALL GB_CSCALE
                EX DE,HL
                RET
; GB_CSCALE: HL = HL * GW_CFAC / 32768, rounded, HL signed. Keeps DE.
GB_CSCALE:      PUSH DE
                BIT 7,H
                PUSH AF
                CALL NZ,GB_NEG
                LD B,H
                LD C,L
                LD DE,(GW_CFAC)
                CALL GB_UMUL            ; DE:HL
                ADD HL,HL               ; / 32768: DE:HL << 1, the high word
                RL E
                RL D
                BIT 7,H                 ; rounded by the next bit
                EX DE,HL
                JR Z,GB_CSC1
                INC HL
GB_CSC1:        POP AF
                CALL NZ,GB_NEG
                POP DE
                RET

; GB_NEG: HL = -HL. Changes DE (the old HL).
GB_NEG:         EX DE,HL
                LD HL,0
                OR A
                SBC HL,DE
                RET

; GB_CIN: carry when the point HL, DE (offsets, y down) is not on the arc:
; before its start (start x P < 0) or past its end (P x end < 0); both
; must hold for an arc of half a turn or more, either for a shorter one.
GB_CIN:         LD (GW_CT+4),HL         ; V = P, y up
                EX DE,HL
                CALL GB_NEG
                LD (GW_CT+6),HL
                LD HL,(GW_CVEC)         ; U = the start
                LD (GW_CT),HL
                LD HL,(GW_CVEC+2)
                LD (GW_CT+2),HL
                CALL GB_CROSS
                SBC A,A
                LD C,A                  ; FFh: before the start
                PUSH BC
                LD HL,GW_CT+4           ; U = P, V = the end
                LD DE,GW_CT
                LD BC,4
                LDIR
                LD HL,GW_CVEC+4
                LD C,4
                LDIR
                CALL GB_CROSS
                SBC A,A                 ; FFh: past the end
                POP BC
                LD B,A
                LD A,(GW_CWIDE)
                OR A
                LD A,B
                JR NZ,GB_CIN1
                OR C
                RLA
                RET
GB_CIN1:        AND C
                RLA
                RET

; GB_CROSS: carry when Ux * Vy - Uy * Vx < 0 (GW_CT: Ux, Uy, Vx, Vy).
GB_CROSS:       LD BC,(GW_CT)
                LD DE,(GW_CT+6)
                CALL GB_SMUL
                PUSH DE
                PUSH HL
                LD BC,(GW_CT+2)
                LD DE,(GW_CT+4)
                CALL GB_SMUL
                LD B,D
                LD C,E
                EX DE,HL                ; BC:DE = Uy * Vx
                POP HL
                OR A
                SBC HL,DE
                POP HL
                SBC HL,BC
                LD A,H
                RLA
                RET

; GB_SMUL: DE:HL = BC * DE, signed.
GB_SMUL:        LD A,B
                XOR D
                PUSH AF
                BIT 7,B
                JR Z,GB_SM1
                XOR A
                SUB C
                LD C,A
                SBC A,A
                SUB B
                LD B,A
GB_SM1:         BIT 7,D
                JR Z,GB_SM2
                XOR A
                SUB E
                LD E,A
                SBC A,A
                SUB D
                LD D,A
GB_SM2:         CALL GB_UMUL
                POP AF
                RET P
                XOR A
                SUB L
                LD L,A
                LD A,0
                SBC A,H
                LD H,A
                LD A,0
                SBC A,E
                LD E,A
                LD A,0
                SBC A,D
                LD D,A
                RET

; GB_UMUL: DE:HL = BC * DE, unsigned. Keeps BC.
GB_UMUL:        LD HL,0
                LD A,16
GB_UM1:         ADD HL,HL
                RL E
                RL D
                JR NC,GB_UM2
                ADD HL,BC
                JR NC,GB_UM2
                INC DE
GB_UM2:         DEC A
                JR NZ,GB_UM1
                RET

; GB_CLINES: after the arc, the lines from the centre its negative angles
; asked for.
GB_CLINES:      LD A,(GW_CARC)
                OR A
                RET Z
                LD A,(GW_CLIN)
                RRCA
                LD HL,GW_CVEC
                CALL C,GB_CRAY
                LD A,(GW_CLIN)
                AND 2
                RET Z
                LD HL,GW_CVEC+4
; GB_CRAY: the line from the centre to the radius in the direction at HL.
GB_CRAY:        PUSH HL
                LD C,(HL)
                INC HL
                LD B,(HL)
                CALL GB_CPART           ; x = r * cos
                EX (SP),HL
                INC HL
                INC HL
                LD C,(HL)
                INC HL
                LD B,(HL)
                CALL GB_CPART           ; r * sin, y up
                CALL GB_NEG
                EX DE,HL                ; DE = y down
                POP HL
                CALL GB_CASPCT
                LD BC,(GW_CX)
                ADD HL,BC
                LD (GXPOS),HL
                LD HL,(GW_CY)
                PUSH HL
                ADD HL,DE
                LD (GYPOS),HL
                POP DE
                XOR A
                JP GB_GLINE
; GB_CPART: HL = radius * BC / 16384, rounded.
GB_CPART:       LD DE,(GW_CRAD)
                CALL GB_SMUL
                ADD HL,HL               ; DE:HL << 2, the high word
                RL E
                RL D
                ADD HL,HL
                RL E
                RL D
                BIT 7,H
                EX DE,HL
                RET Z
                INC HL
                RET

; ---- PAINT (0069h): BC = x, DE = y, ATRBYT = the paint colour, A = the
; border colour. A scanline fill: from each seed the run of its row between
; stops is drawn, then each stretch of the rows above and below that can
; be painted gets a seed. A stop is a dot off the screen, of the border
; colour or of the paint colour.
;
; The fill reads stop maps, not dots: a row's map holds a bit per dot (1: a
; stop; the left dot in bit 7), made from the row's VRAM bytes through a
; 256-entry table (a byte of dots -> their stop bits) when the fill first
; needs it, and kept in a slot: N slots (a power of two, 4 to 256: as many
; as half the free memory holds), row y in slot y AND (N - 1), so that with
; enough memory each row is read from VRAM once. A run drawn sets its bits;
; in SCREEN 2/4 the map bytes of its two ends are made again (8 dots share a
; colour byte, so drawing gives dots beside the run the paint colour), in
; SCREEN 3 all the maps (a block is 4 rows high). All of it lies in the free
; memory above the arrays (STREND up to 256 bytes below the stack): the
; table at the first 256-byte boundary, the slots (a 2-byte tag, the row,
; then the map's 32 or 64 bytes), then the seeds (4 bytes each); carry on
; return when there is no room ("Out of memory" for the caller).
GB_STREND:      EQU 0F6C6h
GB_PAINT:       PUSH IX                 ; IX points into a map while one is made
                CALL GB_PAINT1
                POP IX
                RET
GB_PAINT1:      LD (GW_PB),A
                PUSH DE
                PUSH BC
                CALL GB_LIMIT
                LD (GW_PLIM),HL
                INC HL
                LD A,H                  ; the map's bytes: 32, or 64 for 512 dots
                RRCA
                RRCA
                RRCA
                LD (GW_PWID),A
                LD HL,(GB_STREND)
                LD DE,255
                ADD HL,DE
                LD A,H
                LD (GW_PTAB),A
                INC A
                LD D,A
                LD E,0                  ; DE = the slots
                LD HL,-260
                ADD HL,SP
                SBC HL,DE               ; the free bytes from there (carry clear)
                POP BC
                POP DE
                RET C                   ; none
                PUSH DE
                PUSH BC
                SRL H                   ; the slots take half at most
                RR L
                EX DE,HL
                LD A,(GW_PWID)
                ADD A,2
                LD H,A
                LD L,0                  ; 256 slots
                LD C,0FFh
GB_PN1:         OR A                    ; N x the slot's size fits, or N = 4
                SBC HL,DE
                ADD HL,DE
                JR C,GB_PN2
                JR Z,GB_PN2
                LD A,C
                CP 3
                JR Z,GB_PN2
                SRL H
                RR L
                SRL C
                JR GB_PN1
GB_PN2:         LD A,C
                LD (GW_PMASK),A
                LD A,(GW_PTAB)
                INC A
                ADD A,H
                LD H,A
                LD (GW_PSB),HL          ; the seeds, above the table and the slots
                LD (GW_PSP),HL
                POP HL
                POP DE
                CALL GB_PPUSH           ; the first seed, once there is room
                RET C
                CALL GB_PTABLE
                CALL GB_PCLEAR
GB_PLOOP:       LD HL,(GW_PSP)          ; the next seed
                LD DE,(GW_PSB)
                OR A
                SBC HL,DE
                RET Z                   ; none left (carry clear)
                ADD HL,DE
                DEC HL
                LD D,(HL)
                DEC HL
                LD E,(HL)
                DEC HL
                LD B,(HL)
                DEC HL
                LD C,(HL)
                LD (GW_PSP),HL
                CALL GB_ONSCR
                JR C,GB_PLOOP
                LD (GW_PX),BC
                LD (GW_PY),DE
                CALL GB_PMAP
                LD DE,(GW_PX)
                CALL GB_PBIT
                LD A,(HL)
                AND C
                JR NZ,GB_PLOOP          ; painted since it was seeded
                PUSH HL
                PUSH BC
                CALL GB_PSCANL          ; the run: left ...
                LD (GW_PL),DE
                POP BC
                POP HL
                PUSH HL
                LD HL,(GW_PLIM)
                LD DE,(GW_PX)
                OR A
                SBC HL,DE
                INC HL
                EX DE,HL                ; the dots from x to the right edge
                POP HL
                LD B,0
                CALL GB_PADV            ; ... and right: R = PLIM - the dots left
                LD HL,(GW_PLIM)
                OR A
                SBC HL,DE
                LD (GW_PR),HL
                LD (GXPOS),HL
                LD DE,(GW_PY)
                LD (GYPOS),DE
                LD BC,(GW_PL)
                XOR A
                CALL GB_GLINE
                LD A,(SCRMOD)           ; the row's map after the drawing
                CP 3
                JR NZ,GB_PMARK
                CALL GB_PCLEAR
                JR GB_PNEXT
GB_PMARK:       LD DE,(GW_PY)
                CALL GB_PRUN
                CALL GB_PSETR
                LD A,(SCRMOD)
                CP 5
                JR NC,GB_PNEXT
                LD DE,(GW_PL)           ; SCREEN 2/4: the 8 dots at each end
                CALL GB_PFIX2
                LD DE,(GW_PR)
                CALL GB_PFIX2
GB_PNEXT:       LD HL,(GW_PY)
                DEC HL
                CALL GB_PSEEDS
                RET C
                LD HL,(GW_PY)
                INC HL
                CALL GB_PSEEDS
                RET C
                JP GB_PLOOP

; GB_PFIX2: SCREEN 2/4, after a run of row PY was drawn: the map byte of
; the 8 dots holding dot DE made again from VRAM (drawing there may have
; given dots beside the run the paint colour: the 8 dots share a colour).
GB_PFIX2:       PUSH DE
                LD DE,(GW_PY)
                CALL GB_PMAP
                POP DE
                CALL GB_PBIT
                PUSH HL
                LD B,D
                LD C,E
                LD DE,(GW_PY)
                CALL GB_G2ADR           ; HL = the offset of the 8 dots' bytes
                PUSH HL
                LD DE,(GRPCGP)
                ADD HL,DE
                CALL NRDVRM_I
                LD C,A                  ; the pattern
                POP HL
                LD DE,(GRPCOL)
                ADD HL,DE
                CALL NRDVRM_I
                LD E,A
                LD A,(GW_PTAB)
                LD D,A
                LD A,(DE)
                CALL GB_P2BITS
                POP HL
                LD (HL),A
                RET

; GB_PSEEDS: row HL: a seed for the first dot of each stretch of PL..PR that
; can be painted. Carry: no room.
GB_PSEEDS:      LD (GW_PROW),HL
                EX DE,HL
                LD BC,(GW_PL)
                CALL GB_ONSCR           ; carry: the row is off the screen
                CCF
                RET NC
                CALL GB_PRUN            ; DE = the dots left to look at
GB_PS_1:        LD A,(HL)
                AND C
                JR Z,GB_PS_FREE
GB_PS_STOP:     LD B,0FFh               ; past the stops
                CALL GB_PADV
                RET Z                   ; carry clear
GB_PS_FREE:     PUSH HL                 ; the first dot of a stretch: a seed
                PUSH BC
                PUSH DE
                LD HL,(GW_PR)
                INC HL
                OR A
                SBC HL,DE               ; x = PR + 1 - the dots left
                LD DE,(GW_PROW)
                CALL GB_PPUSH
                POP DE
                POP BC
                POP HL
                RET C
                LD B,0                  ; past the stretch
                CALL GB_PADV
                RET Z
                JR GB_PS_STOP

; GB_PRUN: DE = a row -> HL, C = the bit of dot PL in the row's map, DE =
; the dots of PL..PR.
GB_PRUN:        CALL GB_PMAP
                LD DE,(GW_PL)
                CALL GB_PBIT
                PUSH HL
                LD HL,(GW_PR)
                OR A
                SBC HL,DE
                INC HL
                EX DE,HL
                POP HL
                RET

; GB_PSCANL: HL, C = the bit of dot DE (not a stop) -> DE = the leftmost dot
; of its run.
GB_PSCANL:      LD A,D
                OR E
                RET Z
                RLC C
                JR NC,GB_PSL_1
                DEC HL
GB_PSL_1:       LD A,(HL)
                AND C
                RET NZ
                DEC DE
                JR GB_PSCANL

; GB_PADV: HL, C = the bit of a dot whose bit is B (00h: free, 0FFh: a
; stop), DE = the dots from it to the right end of what is looked at (not
; 0) -> NZ: HL, C, DE at the first dot to its right whose bit is not B; Z
; (carry clear): there is none (DE = 0). Whole bytes of B are passed 8 dots
; at a time.
GB_PADV:        DEC DE
                LD A,D
                OR E
                RET Z
                RRC C
                JR NC,GB_PADV2
                INC HL
GB_PADV1:       LD A,(HL)               ; at a byte's first dot
                CP B
                JR NZ,GB_PADV2
                LD A,E                  ; 8 dots of B: past them if more follow
                SUB 9
                LD A,D
                SBC A,0
                JR C,GB_PADV2
                LD A,E
                SUB 8
                LD E,A
                JR NC,GB_PADV3
                DEC D
GB_PADV3:       INC HL
                JR GB_PADV1
GB_PADV2:       LD A,(HL)
                XOR B
                AND C
                RET NZ
                JR GB_PADV

; GB_PSETR: HL, C = the bit of a dot, DE = a count (not 0): that many bits
; from there to the right set (the dots are painted), whole bytes at once.
GB_PSETR:       LD A,(HL)
                OR C
                LD (HL),A
                DEC DE
                LD A,D
                OR E
                RET Z
                RRC C
                JR NC,GB_PSETR
                INC HL
GB_PSET1:       LD A,E                  ; at a byte's first dot: 8 or more left?
                SUB 8
                LD A,D
                SBC A,0
                JR C,GB_PSETR
                LD (HL),0FFh
                INC HL
                LD A,E
                SUB 8
                LD E,A
                JR NC,GB_PSET2
                DEC D
GB_PSET2:       OR D
                RET Z
                JR GB_PSET1

; GB_PBIT: HL = a map, DE = x -> HL = the byte of dot x, C = its bit.
; Keeps DE.
GB_PBIT:        LD A,E
                AND 7
                INC A
                LD B,A                  ; the shifts, + 1 for DJNZ
                LD A,E
                RRCA
                RRCA
                RRCA
                AND 1Fh
                BIT 0,D
                JR Z,GB_PBIT1
                OR 20h
GB_PBIT1:       ADD A,L
                LD L,A
                ADC A,H
                SUB L
                LD H,A
                LD A,80h
                JR GB_PBIT3
GB_PBIT2:       RRCA
GB_PBIT3:       DJNZ GB_PBIT2
                LD C,A
                RET

; GB_PSLOT: DE = y -> HL = the slot of row y (its 2-byte tag, then the
; map): (y AND PMASK) x (PWID + 2) above the table. Keeps BC, DE.
GB_PSLOT:       LD A,(GW_PMASK)
                AND E
GB_PSLOTA:      PUSH DE
                LD L,A
                LD H,0
                ADD HL,HL
                LD D,H
                LD E,L                  ; DE = 2 x the slot's number
                LD A,(GW_PWID)
GB_PSLOT1:      ADD HL,HL               ; x 32 (from x 2: four more), or x 64
                RRA
                CP 1
                JR NZ,GB_PSLOT1
                SRL H                   ; one too many
                RR L
                ADD HL,DE
                LD A,(GW_PTAB)
                INC A
                ADD A,H
                LD H,A
                POP DE
                RET

; GB_PCLEAR: every slot empty (tag 0FFFFh, not a row).
GB_PCLEAR:      LD A,(GW_PMASK)
GB_PCLR1:       PUSH AF
                CALL GB_PSLOTA
                LD (HL),0FFh
                INC HL
                LD (HL),0FFh
                POP AF
                SUB 1
                JR NC,GB_PCLR1
                RET

; GB_PMAP: DE = y (on the screen) -> HL = row y's map, made if its slot
; holds another row. Keeps DE.
GB_PMAP:        CALL GB_PSLOT
                LD A,(HL)
                CP E
                JR NZ,GB_PMAP1
                INC HL
                LD A,(HL)
                DEC HL
                CP D
                JR NZ,GB_PMAP1
                INC HL
                INC HL
                RET
GB_PMAP1:       LD (HL),E
                INC HL
                LD (HL),D
                INC HL
                PUSH HL
                PUSH DE
                PUSH HL
                POP IX
                CALL GB_PBUILD
                POP DE
                POP HL
                RET

; GB_PBUILD: the map of row DE at IX, from the row's bytes in VRAM (through
; BUF and the table), in SCREEN 3 from its blocks' colours.
GB_PBUILD:      LD A,(SCRMOD)
                CP 3
                JP Z,GB_PB3
                CALL GB_ROWLD
                LD A,(GW_PTAB)
                LD D,A                  ; DE = the table's entry E
                LD HL,BUF
                LD A,(SCRMOD)
                CP 5
                JR C,GB_PB2
                CP 8
                JR Z,GB_PB8
                CP 6
                JR Z,GB_PB6
                LD B,32                 ; SCREEN 5, 7: two dots a byte
                CP 7
                JR NZ,GB_PB5
                LD B,64
GB_PB5:         LD C,0
                CALL GB_PB5B
                CALL GB_PB5B
                CALL GB_PB5B
                CALL GB_PB5B
                LD (IX+0),C
                INC IX
                DJNZ GB_PB5
                RET
GB_PB5B:        LD A,C
                ADD A,A
                ADD A,A
                LD C,A
                LD E,(HL)
                INC HL
                LD A,(DE)
                OR C
                LD C,A
                RET
GB_PB6:         LD B,64                 ; SCREEN 6: four dots a byte
GB_PB6L:        LD E,(HL)
                INC HL
                LD A,(DE)
                ADD A,A
                ADD A,A
                ADD A,A
                ADD A,A
                LD C,A
                LD E,(HL)
                INC HL
                LD A,(DE)
                OR C
                LD (IX+0),A
                INC IX
                DJNZ GB_PB6L
                RET
GB_PB8:         LD B,32                 ; SCREEN 8: a dot a byte
GB_PB8L:        LD C,1                  ; a marker bit: out after 8 dots
GB_PB8B:        LD E,(HL)
                INC HL
                LD A,(DE)
                RRA
                RL C
                JR NC,GB_PB8B
                LD (IX+0),C
                INC IX
                DJNZ GB_PB8L
                RET
GB_PB2:         LD C,(HL)               ; SCREEN 2/4: the 8 dots' pattern
                PUSH HL
                LD A,32
                ADD A,L
                LD L,A
                ADC A,H
                SUB L
                LD H,A
                LD E,(HL)               ; their colour byte
                POP HL
                LD A,(DE)
                CALL GB_P2BITS
                LD (IX+0),A
                INC IX
                INC HL
                LD A,L
                CP (BUF+32) AND 0FFh
                JR NZ,GB_PB2
                RET
; GB_P2BITS: C = 8 dots' pattern, A = their colour byte's table entry (bit
; 1: the foreground stops, bit 0: the background) -> A = their stop bits.
GB_P2BITS:      LD B,A
                XOR A
                BIT 1,B
                JR Z,GB_P2B1
                OR C
GB_P2B1:        BIT 0,B
                RET Z
                LD B,A
                LD A,C
                CPL
                OR B
                RET
GB_PB3:         LD BC,0                 ; SCREEN 3: a block is 4 dots wide
GB_PB3L:        CALL GB_PB3C
                AND 0F0h
                LD (IX+0),A
                CALL GB_PB3C
                AND 0Fh
                OR (IX+0)
                LD (IX+0),A
                INC IX
                LD A,C
                OR A
                JR NZ,GB_PB3L
                RET
; GB_PB3C: A = 0FFh when the block of dot BC, DE stops the fill, else 0;
; BC moves to the next block.
GB_PB3C:        PUSH BC
                PUSH DE
                CALL GB_POINT
                CALL GB_PSTOPC
                SBC A,A
                POP DE
                POP BC
                PUSH AF
                LD A,C
                ADD A,4
                LD C,A
                POP AF
                RET

; GB_PTABLE: the table: for each byte value, the stop bits of the dots it
; holds in the current mode (SCREEN 2/4: a colour byte, bit 1 for its
; foreground, bit 0 its background; 5/7: bit 1 the left dot, bit 0 the right;
; 6: bits 3-0 the four dots; 8: bit 0).
GB_PTABLE:      LD A,(SCRMOD)
                LD HL,0F04h             ; a field: 4 bits (mask 0Fh), two a byte
                LD D,2
                CP 6
                JR NZ,GB_PT0
                LD HL,0302h             ; 2 bits, four a byte
                LD D,4
GB_PT0:         CP 8
                JR NZ,GB_PT1
                LD HL,0FF08h            ; 8 bits, one a byte
                LD D,1
GB_PT1:         LD (GW_PROW),HL         ; (PROW is free until the fill starts)
                LD A,(GW_PTAB)
                LD H,A
                LD L,0
GB_PT2:         LD E,L                  ; the value, rotated a field at a time
                LD C,0
                LD B,D
GB_PT3:         PUSH BC
                LD A,(GW_PROW)
                LD B,A
GB_PT4:         RLC E
                DJNZ GB_PT4
                POP BC
                LD A,(GW_PROW+1)
                AND E
                CALL GB_PSTOPC
                RL C
                DJNZ GB_PT3
                LD (HL),C
                INC L
                JR NZ,GB_PT2
                RET

; GB_PSTOPC: carry when colour A stops the fill (the border or the paint
; colour). Keeps everything else.
GB_PSTOPC:      PUSH HL
                LD HL,GW_PB
                CP (HL)
                JR Z,GB_PSC1
                LD HL,ATRBYT
                CP (HL)
GB_PSC1:        POP HL
                SCF
                RET Z
                CCF
                RET

; GB_ROWLD: row E of the active page to BUF: SCREEN 5-8 its bytes (128 or
; 256, once the command engine is done), SCREEN 2/4 its 32 pattern bytes
; then its 32 colour bytes. Keeps BC, DE.
GB_ROWLD:       PUSH BC
                PUSH DE
                LD A,(SCRMOD)
                CP 5
                JR C,GB_ROWG2
                CALL CMDWAIT
                LD A,(SCRMOD)
                LD H,E                  ; y x 256: SCREEN 7, 8
                LD L,0
                LD B,0                  ; 256 bytes
                CP 7
                LD A,(ACPAGE)
                JR NC,GB_ROWL1
                SRL H                   ; y x 128: SCREEN 5, 6
                RR L
                LD B,128
                ADD A,A
                JR GB_ROWL2
GB_ROWL1:       ADD A,A
                ADD A,A
GB_ROWL2:       PUSH BC
                LD B,A
                LD A,H
                RLCA
                RLCA
                AND 3
                ADD A,B                 ; address bits 16-14 (carry clear: read)
                CALL VADDR
                POP BC
                LD HL,BUF
                LD C,VDP_DATA
                DI                      ; nothing else may move the VRAM address
                INIR
                EI
GB_ROWEND:      POP DE
                POP BC
                RET
GB_ROWG2:       LD A,E                  ; SCREEN 2/4: offset (y AND F8h) x 32 + y AND 7
                RRCA
                RRCA
                RRCA
                AND 1Fh
                LD H,A
                LD A,E
                AND 7
                LD L,A
                PUSH HL
                LD DE,(GRPCGP)
                ADD HL,DE
                LD DE,BUF
                CALL GB_ROW8
                POP HL
                LD DE,(GRPCOL)
                ADD HL,DE
                LD DE,BUF+32
                CALL GB_ROW8
                JR GB_ROWEND
; GB_ROW8: the 32 VRAM bytes from HL on, 8 apart (a row of SCREEN 2/4's
; pattern or colour table), to DE. The first read sets the VDP's address
; as every read does; the others only move it within these 16 KB.
GB_ROW8:        CALL NSETRD_I
                LD B,32
                DI                      ; nothing else may set the VDP's address
                JR GB_ROW8B
GB_ROW8A:       LD A,L
                OUT (VDP_ADDR),A
                LD A,H
                AND 3Fh
                OUT (VDP_ADDR),A        ; a read from HL
GB_ROW8B:       LD A,L                  ; (the VDP fetches the byte meanwhile)
                ADD A,8
                LD L,A
                JR NC,GB_ROW8C
                INC H
GB_ROW8C:       IN A,(VDP_DATA)
                LD (DE),A
                INC DE
                DJNZ GB_ROW8A
                EI
                RET

; GB_PPUSH: a seed HL = x, DE = y. Carry: no room left below the stack.
GB_PPUSH:       PUSH DE
                PUSH HL
                LD HL,-260
                ADD HL,SP
                LD DE,(GW_PSP)
                OR A
                SBC HL,DE               ; carry: the seed would come too close
                EX DE,HL
                POP BC
                POP DE
                RET C
                LD (HL),C
                INC HL
                LD (HL),B
                INC HL
                LD (HL),E
                INC HL
                LD (HL),D
                INC HL
                LD (GW_PSP),HL
                RET

; ---- COPY and BASE ---------------------------------------------------------------

; ---- SCOPY (018Dh): COPY (GW_X,GW_Y)-(GW_X2,GW_Y2),GW_KSP TO (GW_KX,GW_KY),
; GW_KDP with LOGOPR, SCREEN 5-8: the VDP's LMMM. The source corners are moved
; onto the screen; (x1,y1) goes to the destination point and the copy runs
; from there towards (x2,y2)'s side; the part that would leave the screen at
; the destination is cut off, a destination off the screen copies nothing.
GB_SCOPY:       LD BC,(GW_X)
                LD DE,(GW_Y)
                CALL GB_CLAMP
                LD (CMDBUF),BC          ; SX
                PUSH DE
                LD BC,(GW_X2)
                LD DE,(GW_Y2)
                CALL GB_CLAMP
                PUSH DE
                LD H,B
                LD L,C
                LD DE,(CMDBUF)
                CALL GB_DIFF
                INC HL
                LD (CMDBUF+8),HL        ; NX
                LD A,B
                AND 04h                 ; DIX: leftwards
                LD (CMDBUF+13),A
                POP HL
                POP DE
                PUSH DE
                CALL GB_DIFF
                INC HL
                LD (CMDBUF+10),HL       ; NY
                LD A,B
                AND 08h                 ; DIY: upwards
                LD HL,CMDBUF+13
                OR (HL)
                LD (HL),A
                POP HL
                LD A,(GW_KSP)
                ADD A,H
                LD H,A
                LD (CMDBUF+2),HL        ; SY in its page
                LD BC,(GW_KX)
                LD DE,(GW_KY)
                CALL GB_ONSCR
                RET C
                LD (CMDBUF+4),BC        ; DX
                LD A,(GW_KDP)
                ADD A,D
                LD D,A
                LD (CMDBUF+6),DE        ; DY in its page
                CALL GB_LIMIT
                PUSH DE
                LD DE,(GW_KX)
                LD BC,CMDBUF+8
                LD A,04h
                CALL GB_ROOM            ; NX within the screen
                POP HL
                LD DE,(GW_KY)
                LD BC,CMDBUF+10
                LD A,08h
                CALL GB_ROOM            ; NY
                XOR A
                LD (CMDBUF+12),A
                LD A,(LOGOPR)
                AND 0Fh
                OR 90h                  ; LMMM
                LD (CMDBUF+14),A
                JP VDPCMD32
; GB_ROOM: HL = the last coordinate, DE = the destination's, A = the
; direction bit of ARG; the length at BC cut to the dots left that way.
GB_ROOM:        PUSH HL
                LD HL,CMDBUF+13
                AND (HL)
                POP HL
                JR Z,GB_ROOM1
                EX DE,HL                ; backwards: dest + 1 dots
                JR GB_ROOM2
GB_ROOM1:       OR A                    ; forwards: last - dest + 1
                SBC HL,DE
GB_ROOM2:       INC HL
                LD A,(BC)
                LD E,A
                INC BC
                LD A,(BC)
                LD D,A
                CALL GB_CL              ; min(length, room)
                LD A,H
                LD (BC),A
                DEC BC
                LD A,L
                LD (BC),A
                RET

; ---- BASEF (016Dh): A = n (0-44) -> HL = BASE(n). SCREEN 0-3 (n 0-19): the
; BIOS's table TXTNAM..MLTPAT; SCREEN 4's name, colour and pattern tables
; are SCREEN 2's (Handbook 2.5); the rest is fixed per mode, the bitmap
; modes' tables as offsets in the page.
GB_BASE:        CP 20
                JR NC,GB_BASE1
                ADD A,A
                LD L,A
                LD H,0
                LD DE,TXTNAM
GB_BASE0:       ADD HL,DE
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                RET
GB_BASE1:       CP 23
                JR NC,GB_BASE2
                SUB 10
                JR GB_BASE
GB_BASE2:       SUB 23
                ADD A,A
                LD L,A
                LD H,0
                LD DE,GB_BASETAB
                JR GB_BASE0
GB_BASETAB:     DW 1E00h,3800h                  ; SCREEN 4 sprites
                DW 0,0,0,7600h,7800h            ; SCREEN 5
                DW 0,0,0,7600h,7800h            ; SCREEN 6
                DW 0,0,0,0FA00h,0F000h          ; SCREEN 7
                DW 0,0,0,0FA00h,0F000h          ; SCREEN 8

; ---- DRAW -----------------------------------------------------------------------------

; ---- DRAW (01C9h): HL = the text, B = its length (X and = already written
; out by the caller: basic/gfxstmt.asm's GS_MACRO). The macro language
; (Handbook 2.4; Microsoft BASIC's):
;   U D L R n    up, down, left, right n points (1 when n is left out)
;   E F G H n    diagonally: up-right, down-right, down-left, up-left
;   M x,y        to (x,y); M +x,y / M -x,y: by (x,y) from the last point
;   B            prefix: move without drawing;  N: draw, then come back
;   C n          colour;  S n: scale n/4 (0 none);  A n: angle n x 90 (0-3)
; Blanks and ';' are skipped, small letters read as capitals. Lines go from
; the last point GRPACX/GRPACY, drawn as LINE draws them. Carry on return:
; a bad command or value ("Illegal function call").
GB_DRAW:        LD (MCLPTR),HL
                LD A,B
                LD (MCLLEN),A
                LD HL,0
                ADD HL,SP
                LD (GW_DSP),HL
                XOR A
                LD (DRWFLG),A
GB_DCMD:        CALL GB_MGET
                CCF
                RET NC                  ; the end: carry clear
                CP ' '
                JR Z,GB_DCMD
                CP ';'
                JR Z,GB_DCMD
                LD HL,GB_DCMD
                PUSH HL                 ; each command returns to the loop
                LD B,A
                LD HL,GB_DDIRS
GB_DDIR:        LD A,(HL)
                OR A
                JR Z,GB_DOTHER
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                CP B
                JR NZ,GB_DDIR
                JP GB_DMOVEDIR          ; E = dx, D = dy
GB_DOTHER:      LD HL,GB_DCMDS
GB_DOTH1:       LD A,(HL)
                OR A
                JP Z,GB_MBAD
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                CP B
                JR NZ,GB_DOTH1
                EX DE,HL
                JP (HL)

GB_DDIRS:       DB 'U',0,0FFh, 'D',0,1, 'L',0FFh,0, 'R',1,0
                DB 'E',1,0FFh, 'F',1,1, 'G',0FFh,1, 'H',0FFh,0FFh, 0
GB_DCMDS:       DB 'M'
                DW GB_DM
                DB 'B'
                DW GB_DB
                DB 'N'
                DW GB_DN
                DB 'C'
                DW GB_DC
                DB 'S'
                DW GB_DS
                DB 'A'
                DW GB_DA
                DB 0

GB_DB:          LD HL,DRWFLG
                SET 0,(HL)
                RET
GB_DN:          LD HL,DRWFLG
                SET 1,(HL)
                RET
GB_DC:          CALL GB_MBYTE
                CP 16
                JR C,GB_DC1
                LD A,(SCRMOD)
                CP 8
                JR NZ,GB_MBAD
                LD A,E
GB_DC1:         LD (ATRBYT),A
                RET
GB_DS:          CALL GB_MBYTE
                LD (DRWSCL),A
                RET
GB_DA:          CALL GB_MBYTE
                CP 4
                JR NC,GB_MBAD
                LD (DRWANG),A
                RET

; GB_MBAD: a bad command or value: back to DRAW's caller with carry.
GB_MBAD:        LD SP,(GW_DSP)
                SCF
                RET

; GB_MBYTE: a number 0-255 that must be there: A = E = it.
GB_MBYTE:       CALL GB_MNUM
                JR C,GB_MBAD
                LD A,D
                OR A
                JR NZ,GB_MBAD
                LD A,E
                RET

; GB_MGET: the next character (capital) -> A; carry at the end.
GB_MGET:        CALL GB_MPEEK
                RET C
                PUSH HL
                LD HL,(MCLPTR)
                INC HL
                LD (MCLPTR),HL
                LD HL,MCLLEN
                DEC (HL)
                POP HL
                RET
; GB_MPEEK: the next character without taking it; carry at the end.
GB_MPEEK:       LD A,(MCLLEN)
                OR A
                SCF
                RET Z
                PUSH HL
                LD HL,(MCLPTR)
                LD A,(HL)
                POP HL
                CP 'a'
                CCF
                RET NC
                CP 'z'+1
                RET NC
                SUB 20h                 ; (carry clear)
                RET
; GB_MNUM: a decimal number -> DE (0-65535, blanks before it skipped);
; carry when there is no digit.
GB_MNUM:        CALL GB_MPEEK
                RET C
                CP ' '
                JR NZ,GB_MNUM1
                CALL GB_MGET
                JR GB_MNUM
GB_MNUM1:       SUB '0'
                CP 10
                CCF
                RET C
                LD DE,0
GB_MNUM2:       CALL GB_MPEEK
                JR C,GB_MNUM3
                SUB '0'
                CP 10
                JR NC,GB_MNUM3
                PUSH HL
                LD H,D
                LD L,E
                ADD HL,HL
                ADD HL,HL
                ADD HL,DE
                ADD HL,HL               ; x 10
                LD E,A
                LD D,0
                ADD HL,DE               ; + the digit
                EX DE,HL
                POP HL
                CALL GB_MGET
                JR GB_MNUM2
GB_MNUM3:       OR A
                RET

; GB_MSNUM: a number with an optional sign -> HL; carry when there is none.
GB_MSNUM:       CALL GB_MPEEK
                JR C,GB_MSN1
                CP '-'
                JR Z,GB_MSNEG
                CP '+'
                JR NZ,GB_MSN1
                CALL GB_MGET
GB_MSN1:        CALL GB_MNUM
                EX DE,HL
                RET
GB_MSNEG:       CALL GB_MGET
                CALL GB_MNUM
                JP C,GB_MBAD
                EX DE,HL
                JP GB_NEG

; GB_DSCALE: HL = HL x DRWSCL / 4 (DRWSCL 0: HL). Keeps DE.
GB_DSCALE:      LD A,(DRWSCL)
                OR A
                RET Z
                PUSH DE
                BIT 7,H
                PUSH AF                 ; A = the scale, NZ: negative
                CALL NZ,GB_NEG
                EX DE,HL                ; DE = |n|
                POP AF
                PUSH AF
                LD B,0
                LD C,A
                CALL GB_UMUL            ; HL = scale x |n|
                SRL H
                RR L
                SRL H
                RR L                    ; / 4
                POP AF
                CALL NZ,GB_NEG
                POP DE
                RET

; U D L R E F G H: E = dx, D = dy (-1, 0, 1) of one step, the count next,
; turned by DRWANG.
GB_DMOVEDIR:    PUSH DE
                CALL GB_MSNUM
                JR NC,GB_DMD1
                LD HL,1
GB_DMD1:        CALL GB_DSCALE
                POP DE
                LD B,H                  ; BC = the distance
                LD C,L
                LD A,E
                CALL GB_DMUL
                PUSH HL                 ; dx x n
                LD A,D
                CALL GB_DMUL
                EX DE,HL                ; DE = dy x n
                POP HL                  ; HL = dx x n
                LD A,(DRWANG)           ; each quarter turn: (x, y) -> (y, -x)
GB_DROT:        OR A
                JR Z,GB_DREL
                PUSH AF
                PUSH DE
                CALL GB_NEG             ; HL = -x
                EX DE,HL                ; DE = -x
                POP HL                  ; HL = y
                POP AF
                DEC A
                JR GB_DROT

; GB_DMUL: HL = BC x A for A = 0, 1 or 0FFh (-1). Keeps BC, DE.
GB_DMUL:        LD HL,0
                OR A
                RET Z
                INC A
                JR Z,GB_DMUL1
                LD H,B
                LD L,C
                RET
GB_DMUL1:       SBC HL,BC               ; (carry clear after INC A = 0? OR A)
                RET

; M x,y: absolute, or relative (scaled) with a sign before x.
GB_DM:          CALL GB_MPEEK
                JP C,GB_MBAD
                LD B,0                  ; B = 1: relative
                CP '+'
                JR Z,GB_DM1
                CP '-'
                JR NZ,GB_DM2
GB_DM1:         INC B
GB_DM2:         PUSH BC
                CALL GB_MSNUM
                JP C,GB_MBAD
                PUSH HL
                CALL GB_MGET
                CP ','
                JP NZ,GB_MBAD
                CALL GB_MSNUM
                JP C,GB_MBAD
                EX DE,HL                ; DE = y
                POP HL                  ; HL = x
                POP BC
                DEC B
                JR NZ,GB_DABS
                CALL GB_DSCALE
                EX DE,HL
                CALL GB_DSCALE
                EX DE,HL
; GB_DREL: to the last point + (HL, DE).
GB_DREL:        LD BC,(GRPACX)
                ADD HL,BC
                EX DE,HL
                LD BC,(GRPACY)
                ADD HL,BC
                EX DE,HL
; GB_DABS: to (HL, DE): a line unless B came before; back after N.
GB_DABS:        LD BC,(GRPACX)
                LD (GW_DOLD),BC
                LD BC,(GRPACY)
                LD (GW_DOLD+2),BC
                LD (GRPACX),HL
                LD (GRPACY),DE
                LD A,(DRWFLG)
                RRCA
                JR C,GB_DABS1
                LD (GXPOS),HL
                LD (GYPOS),DE
                LD BC,(GW_DOLD)
                LD DE,(GW_DOLD+2)
                XOR A
                CALL GB_GLINE
GB_DABS1:       LD A,(DRWFLG)
                AND 2
                JR Z,GB_DABS2
                LD HL,(GW_DOLD)
                LD (GRPACX),HL
                LD HL,(GW_DOLD+2)
                LD (GRPACY),HL
GB_DABS2:       XOR A
                LD (DRWFLG),A
                RET

; ---- PLAY ----------------------------------------------------------------------------
; Facts as this project's compiled-BASIC runtime has them (runtime/play.asm,
; from the ROM reconstruction): defaults O4 L4 T120 V8 M255, kept from one
; PLAY to the next; a note lasts 14400 / (L x T) interrupts at 60 Hz (12000
; at 50 Hz), each dot adding half the last addition, at least 5; R n a rest
; (n 4 when left out), N n (0-96) note n (N0 a rest of length L); the tone
; period is octave 1's shifted right octave-1 times, rounded by the last bit
; out; C- is B and B# is C of the same octave; S n (0-15) the envelope
; shape, V n (0-15) the volume, M n (1-65535) the envelope period; < and >
; the octave down and up; a value out of range is an error.

; ---- PLAY (01CDh): A = voice (0-2), HL = the text, B = its length (X and =
; written out by the caller). Queues its notes, waiting while the queue is
; full (the music then starts). Carry: a bad command or value. Returns at
; once after CTRL+STOP stopped the music (QUEUEN 1).
GB_PLAY:        LD (VOICEN),A
                LD (MCLPTR),HL
                LD A,B
                LD (MCLLEN),A
                LD HL,0
                ADD HL,SP
                LD (GW_DSP),HL          ; GB_MBAD's way out
                CALL GB_PLSET
                LD DE,17
                ADD HL,DE
                LD A,(HL)               ; TEMPOX 0: the voice's first PLAY
                OR A
                JR NZ,GB_PLCMD
                LD (HL),120             ; T120
                DEC HL
                LD (HL),4               ; L4
                DEC HL
                LD (HL),4               ; O4
                INC HL
                INC HL
                INC HL
                LD (HL),8               ; V8
                LD DE,-5
                ADD HL,DE
                LD (HL),255             ; M255
                INC HL
                LD (HL),0
GB_PLCMD:       LD A,(QUEUEN)           ; CTRL+STOP: the rest dropped
                OR A
                RET NZ
                CALL GB_MGET
                CCF
                RET NC
                CP ' '
                JR Z,GB_PLCMD
                LD HL,GB_PLCMD
                PUSH HL
                CP 'A'
                JP C,GB_PLSYM
                CP 'H'
                JP C,GB_PLNOTE
                CP 'R'
                JP Z,GB_PLREST
                CP 'N'
                JP Z,GB_PLNN
                LD B,A
                CALL GB_MNUM            ; DE = n, carry: none
                SBC A,A
                LD C,A                  ; 0FFh: no number
                LD A,B
                CP 'S'
                JR Z,GB_PLSHAPE
                CP 'M'
                JR Z,GB_PLMOD
                LD HL,GB_PLTAB          ; O L T V: offset, default, min, max
GB_PLFIND:      LD A,(HL)
                OR A
                JP Z,GB_MBAD
                CP B
                JR Z,GB_PLFOUND
                INC HL
                INC HL
                INC HL
                INC HL
                INC HL
                JR GB_PLFIND
GB_PLFOUND:     INC HL
                LD B,(HL)               ; offset in the voice's block
                INC HL
                INC C
                JR NZ,GB_PLGIVEN
                LD E,(HL)               ; the default
                LD D,0
GB_PLGIVEN:     INC HL
                LD A,D
                OR A
                JP NZ,GB_MBAD
                LD A,E
                CP (HL)
                JP C,GB_MBAD            ; below the minimum
                INC HL
                LD A,(HL)
                CP E
                JP C,GB_MBAD            ; above the maximum
                LD C,B
                LD B,0
                CALL GB_PLSET
                ADD HL,BC
                LD (HL),E
                RET
GB_PLSHAPE:     INC C
                JP Z,GB_MBAD            ; S needs its number
                LD A,D
                OR A
                JP NZ,GB_MBAD
                LD A,E
                CP 16
                JP NC,GB_MBAD
                OR 10h
                LD E,A
                CALL GB_PLSET
                LD BC,18
                ADD HL,BC
                LD (HL),E
                RET
GB_PLMOD:       INC C
                JR NZ,GB_PLMOD1
                LD DE,255
GB_PLMOD1:      LD A,D
                OR E
                JP Z,GB_MBAD
                CALL GB_PLSET
                LD BC,13
                ADD HL,BC
                LD (HL),E
                INC HL
                LD (HL),D
                RET
GB_PLSYM:       LD B,A
                CALL GB_PLSET
                LD DE,15
                ADD HL,DE               ; OCTAVX
                LD A,B
                CP '<'
                JR Z,GB_PLDOWN
                CP '>'
                JP NZ,GB_MBAD
                LD A,(HL)
                CP 8
                JP NC,GB_MBAD
                INC (HL)
                RET
GB_PLDOWN:      LD A,(HL)
                CP 2
                JP C,GB_MBAD
                DEC (HL)
                RET

; O L T V: letter, offset in the voice's block, default, minimum, maximum.
GB_PLTAB:       DB 'O',15,4,1,8
                DB 'L',16,4,1,64
                DB 'T',17,120,32,255
                DB 'V',18,8,0,15
                DB 0

; GB_PLSET: HL = the current voice's block VCBA + 37 v. Keeps BC, DE.
GB_PLSET:       LD A,(VOICEN)
; GB_VCB: HL = voice A's block. Keeps BC, DE.
GB_VCB:         PUSH DE
                LD HL,VCBA
                LD DE,37
GB_PLSET1:      OR A
                JR Z,GB_PLSET2
                ADD HL,DE
                DEC A
                JR GB_PLSET1
GB_PLSET2:      POP DE
                RET

; A note letter A-G in A, then # + or -, a length and dots.
GB_PLNOTE:      LD B,A
                SUB 40h
                ADD A,A
                LD C,A                  ; (letter - 40h) x 2
                CALL GB_MPEEK
                JR C,GB_PLNAT
                CP '#'
                JR Z,GB_PLSHARP
                CP '+'
                JR Z,GB_PLSHARP
                CP '-'
                JR NZ,GB_PLNAT
                CALL GB_MGET
                DEC C
                LD A,B
                CP 'C'
                JR Z,GB_PLTWICE
                CP 'F'
                JR NZ,GB_PLNAT
GB_PLTWICE:     DEC C
GB_PLNAT:       DEC C
                JR GB_PLINDEX
GB_PLSHARP:     CALL GB_MGET
GB_PLINDEX:     LD B,0
                LD HL,GB_PLIDX
                ADD HL,BC
                LD C,(HL)               ; offset in the period table
                CALL GB_PLSET
                LD DE,15
                ADD HL,DE
                LD A,(HL)               ; octave
                CALL GB_PLPER           ; DE = period
                PUSH DE
                CALL GB_MNUM            ; the note's own length, or L
                JR NC,GB_PLNLEN
                CALL GB_PLSET
                LD DE,16
                ADD HL,DE
                LD E,(HL)
                LD D,0
GB_PLNLEN:      CALL GB_PLLEN
                POP DE
GB_PLVOL:       CALL GB_PLSET
                PUSH DE
                LD DE,18
                ADD HL,DE
                POP DE
                LD A,(HL)               ; volume
                JP GB_PLPUSH

; The index of each letter's note in the period table, from (letter - 40h)
; x 2 - 1 for a natural note.
GB_PLIDX:       DB 10h,12h,14h,16h,00h,00h,02h,04h
                DB 06h,08h,0Ah,0Ah,0Ch,0Eh,10h

; GB_PLPER: the tone period of table offset C in octave A: DE. Keeps BC.
GB_PLPER:       LD HL,GB_PLTONE
                PUSH BC
                LD B,0
                ADD HL,BC
                POP BC
                LD E,(HL)
                INC HL
                LD D,(HL)
                OR A                    ; no carry for octave 1
GB_PLPER1:      DEC A
                JR Z,GB_PLPER2
                SRL D
                RR E
                JR GB_PLPER1
GB_PLPER2:      LD HL,0
                ADC HL,DE               ; rounded by the last bit out
                EX DE,HL
                RET

; Octave 1's tone periods, C to B.
GB_PLTONE:      DW 0D5Dh,0C9Ch,0BE7h,0B3Ch,0A9Bh,0A02h
                DW 0973h,08EBh,086Bh,07F2h,0780h,0714h

; R [n]: a rest of length n (4 when left out).
GB_PLREST:      CALL GB_MNUM
                JR NC,GB_PLR1
                LD DE,4
GB_PLR1:        CALL GB_PLLEN
GB_PLQUIET:     LD DE,0
                XOR A
                JP GB_PLPUSH

; N n: note n (0-96); N0 a rest of length L.
GB_PLNN:        CALL GB_MBYTE
                CP 97
                JP NC,GB_MBAD
                OR A
                JR Z,GB_PLNN0
                LD B,0                  ; the octave
GB_PLNN1:       SUB 12
                INC B
                JR NC,GB_PLNN1
                ADD A,12
                ADD A,A
                LD C,A
                LD A,B
                CALL GB_PLPER
                PUSH DE
                CALL GB_PLLEN0
                POP DE
                JP GB_PLVOL
GB_PLNN0:       CALL GB_PLLEN0
                JR GB_PLQUIET
; GB_PLLEN0: the voice's length L with the dots that follow: BC.
GB_PLLEN0:      CALL GB_PLSET
                LD DE,16
                ADD HL,DE
                LD E,(HL)
                LD D,0
                JR GB_PLDOTS

; GB_PLLEN: a length DE (1-64), then dots: BC = the interrupts it lasts.
GB_PLLEN:       LD A,D
                OR A
                JP NZ,GB_MBAD
                LD A,E
                OR A
                JP Z,GB_MBAD
                CP 65
                JP NC,GB_MBAD
; GB_PLDOTS: length E at the voice's tempo and the dots after it: BC =
; 14400 (60 Hz) or 12000 (50 Hz: RG9SAV bit 1) / (L x T), each dot adding
; half the last addition, at least 5.
GB_PLDOTS:      CALL GB_PLSET
                LD BC,17
                ADD HL,BC
                LD A,(HL)               ; the tempo
                LD HL,0
                LD D,0
                LD B,8
GB_PLD1:        ADD HL,HL
                RLA
                JR NC,GB_PLD2
                ADD HL,DE
GB_PLD2:        DJNZ GB_PLD1
                EX DE,HL                ; DE = L x T
                LD HL,14400
                LD A,(RG9SAV)
                AND 2
                JR Z,GB_PLD3
                LD HL,12000
GB_PLD3:        LD A,L                  ; HL / DE
                LD C,H
                LD HL,0
                LD B,16
GB_PLD4:        SLA A
                RL C
                ADC HL,HL
                SBC HL,DE
                JR NC,GB_PLD5
                ADD HL,DE
                JR GB_PLD6
GB_PLD5:        INC A
GB_PLD6:        DJNZ GB_PLD4
                LD L,A
                LD H,C                  ; the quotient
                LD D,H
                LD E,L
GB_PLDOT:       CALL GB_MPEEK
                JR C,GB_PLMIN
                CP '.'
                JR NZ,GB_PLMIN
                CALL GB_MGET
                SRL D
                RR E
                ADC HL,DE
                LD A,H
                AND 0E0h
                JR Z,GB_PLDOT
                XOR H                   ; too long: the top bits dropped
                LD H,A
GB_PLMIN:       LD B,H
                LD C,L
                LD A,H
                OR A
                RET NZ
                LD A,L
                CP 5
                RET NC
                LD BC,5
                RET

; GB_PLPUSH: queues a note on the current voice: BC = interrupts, DE = tone
; period (0: a rest), A = volume register value. While the queue is full the
; music starts (PRSCNT 0) and PLAY waits.
GB_PLPUSH:      PUSH AF
                PUSH DE
                PUSH BC
GB_PLWAIT:      LD A,(QUEUEN)           ; CTRL+STOP while waiting: no note
                OR A
                JR NZ,GB_PLDROP
                CALL GB_PLQUE           ; HL = QUETAB entry, DE = the queue
                INC HL
                INC HL
                INC HL
                LD A,(HL)               ; +3 count
                CP 18
                JR C,GB_PLROOM
                XOR A
                LD (PRSCNT),A
                EI
                HALT
                JR GB_PLWAIT
GB_PLDROP:      POP BC
                POP DE
                POP AF
                RET
GB_PLROOM:      DEC HL
                DEC HL
                ADD A,(HL)              ; +1 head: the free entry (head + count) MOD 18
                CP 18
                JR C,GB_PLR2
                SUB 18
GB_PLR2:        LD C,A
                ADD A,A
                ADD A,A
                ADD A,A
                SUB C                   ; x 7
                PUSH HL
                LD L,A
                LD H,0
                ADD HL,DE               ; HL = the entry
                POP DE                  ; DE = the QUETAB entry + 1
                POP BC
                LD (HL),C
                INC HL
                LD (HL),B
                INC HL
                POP BC
                LD (HL),C
                INC HL
                LD (HL),B
                INC HL
                POP AF
                LD (HL),A
                INC HL
                PUSH DE
                EX DE,HL
                CALL GB_PLSET
                LD BC,13
                ADD HL,BC
                LDI                     ; the envelope period
                LDI
                POP HL
                INC HL
                INC HL
                DI
                INC (HL)                ; counted last
                LD A,(VOICEN)           ; the voice has music
                LD B,A
                INC B
                LD A,80h
GB_PLBIT:       RLCA
                DJNZ GB_PLBIT
                LD HL,MUSICF
                OR (HL)
                LD (HL),A
                EI
                RET

; GB_PLQUE: the current voice's QUETAB entry in HL and its queue in DE.
GB_PLQUE:       LD A,(VOICEN)
; GB_VQUE: the same for voice A. Changes BC.
GB_VQUE:        LD E,A
                ADD A,A
                ADD A,E
                ADD A,A
                LD L,A
                LD H,0
                LD BC,QUETAB
                ADD HL,BC
                LD A,E
                RRCA
                LD E,A
                AND 80h
                LD D,A                  ; 128 v
                LD A,E
                AND 1
                LD E,D
                LD D,A                  ; DE = 128 v
                PUSH HL
                LD HL,VOICAQ
                ADD HL,DE
                EX DE,HL
                POP HL
                RET

; ---- MUSIC (01D1h, entered without EI: the main ROM's interrupt handler
; calls it at each VBlank while MUSICF is not 0): each voice's note counted
; down and, when it ends, the next one taken from its queue to the PSG; a
; voice whose queue is empty falls silent and leaves MUSICF. A silent voice
; waits while a PLAY statement queues (PRSCNT), so that its strings start
; together. CTRL+STOP (INTFLG 3, left for BASIC's break) stops the music.
GB_MUSIC:       LD A,(INTFLG)
                CP 3
                JP Z,GB_MSTOP
                LD BC,0100h             ; B = the voice's MUSICF bit, C = voice
GB_MVOICE:      LD A,(MUSICF)
                AND B
                CALL NZ,GB_MONE
                RLC B
                INC C
                LD A,C
                CP 3
                JR C,GB_MVOICE
                RET
GB_MONE:        LD A,C
                CALL GB_VCB
                LD E,(HL)               ; METREX: interrupts left of the note
                INC HL
                LD D,(HL)
                LD A,D
                OR E
                JR Z,GB_MIDLE
                DEC DE
                LD (HL),D
                DEC HL
                LD (HL),E
                LD A,D
                OR E
                RET NZ                  ; the note goes on
                JR GB_MTAKE
GB_MIDLE:       LD A,(PRSCNT)           ; nothing sounding: held while PLAY queues
                OR A
                RET NZ
GB_MTAKE:       PUSH BC
                LD A,C
                CALL GB_VQUE            ; HL = QUETAB entry, DE = the queue
                POP BC
                INC HL
                INC HL
                INC HL
                LD A,(HL)               ; +3 count
                OR A
                JR Z,GB_MQUIET
                DEC (HL)
                DEC HL
                DEC HL
                LD A,(HL)               ; +1 head
                INC A
                CP 18
                JR C,GB_MT1
                XOR A
GB_MT1:         LD (HL),A
                DEC A                   ; the old head: (new - 1) MOD 18
                JP P,GB_MT2
                LD A,17
GB_MT2:         PUSH BC
                LD C,A
                ADD A,A
                ADD A,A
                ADD A,A
                SUB C
                LD L,A
                LD H,0
                ADD HL,DE               ; the entry
                POP BC
                PUSH HL
                LD A,C
                CALL GB_VCB
                EX DE,HL                ; DE = METREX
                POP HL
                LDI                     ; the note's interrupts
                LDI
                INC BC                  ; (LDI counted BC down)
                INC BC
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                LD A,D
                OR E
                JR Z,GB_MVOL            ; a rest keeps the tone
                LD A,C
                ADD A,A
                CALL GB_PSG             ; register 2v: the period's low byte
                INC A
                LD E,D
                CALL GB_PSG
GB_MVOL:        LD E,(HL)
                INC HL
                LD A,C
                ADD A,8
                CALL GB_PSG             ; register 8+v: volume or envelope
                BIT 4,E
                RET Z
                LD A,E
                LD E,(HL)
                INC HL
                LD D,(HL)
                PUSH AF
                LD A,11
                CALL GB_PSG             ; the envelope period
                INC A
                LD E,D
                CALL GB_PSG
                POP AF
                AND 15
                LD E,A
                LD A,13
                JP GB_PSG               ; the shape (starts the envelope)
GB_MQUIET:      LD A,B                  ; nothing queued: silent, out of MUSICF
                CPL
                LD HL,MUSICF
                AND (HL)
                LD (HL),A
                LD A,C
                ADD A,8
                LD E,0
                JP GB_PSG
; CTRL+STOP: every queue emptied, the voices silent, PLAY told (QUEUEN).
GB_MSTOP:       XOR A
                LD (MUSICF),A
                LD (PRSCNT),A
                LD HL,QUETAB+3
                LD (HL),A
                LD HL,QUETAB+9
                LD (HL),A
                LD HL,QUETAB+15
                LD (HL),A
                LD HL,0
                LD (VCBA),HL
                LD (VCBA+37),HL
                LD (VCBA+74),HL
                INC A
                LD (QUEUEN),A
                LD E,0
                LD A,8
                CALL GB_PSG
                INC A
                CALL GB_PSG
                INC A
; GB_PSG: PSG register A = E. Keeps every register.
GB_PSG:         OUT (PSG_ADDR),A
                PUSH AF
                LD A,E
                OUT (PSG_WRITE),A
                POP AF
                RET

; ---- CARG (01D5h): A = 0 the start angle, 1 the end angle, 2 the aspect of
; a CIRCLE, the number in DAC -> the integers CIRCLE draws with. An angle
; (-2*PI..2*PI, radians) becomes its direction (cos, sin) x 16384 at
; GW_CVEC + 4 A and makes the circle an arc (GW_CARC); a negative one sets
; bit A of GW_CLIN (its radius is drawn). The aspect (above 0): below 1 the
; y offsets are scaled by it, above 1 the x offsets by 1 / aspect (GW_CASP
; 2 or 1), the factor x 32767 in GW_CFAC. Carry: out of range. The
; Math-Pack is called in the main ROM (CALLMAIN); its constants are copied
; to ARG from here, where they are.
GB_DAC:         EQU 0F7F6h
GB_ARG:         EQU 0F847h
GB_VALTYP:      EQU 0F663h
GB_CARG:        PUSH AF
                LD IX,303Ah             ; FRCDBL
                CALL CALLMAIN
                POP AF
                CP 2
                JP Z,GB_CASP
                LD B,A
                LD HL,GB_DAC
                BIT 7,(HL)
                JR Z,GB_CARG1
                RES 7,(HL)              ; negative: its radius too
                LD HL,GW_CLIN
                INC A                   ; bit 0 the start, bit 1 the end
                OR (HL)
                LD (HL),A
GB_CARG1:       LD A,B
                ADD A,A
                ADD A,A
                LD L,A
                LD H,0
                LD DE,GW_CVEC
                ADD HL,DE
                PUSH HL                 ; where its direction goes
                LD A,1
                LD (GW_CARC),A
                LD HL,GB_K2PI
                CALL GB_MPCMP           ; 1: 2*PI < the angle
                DEC A
                JR Z,GB_CABAD
                LD HL,GB_DAC            ; the angle kept in GW_CT
                LD DE,GW_CT
                LD BC,8
                LDIR
                LD IX,2993h             ; COS
                CALL GB_MPK16
                POP HL
                LD (HL),E
                INC HL
                LD (HL),D
                INC HL
                PUSH HL
                LD HL,GW_CT
                LD DE,GB_DAC
                LD BC,8
                LDIR
                LD A,8
                LD (GB_VALTYP),A
                LD IX,29ACh             ; SIN
                CALL GB_MPK16
                POP HL
                LD (HL),E
                INC HL
                LD (HL),D
                OR A
                RET
GB_CABAD:       POP HL
                SCF
                RET
; GB_MPK16: the Math-Pack's IX on DAC, then DE = the result x 16384.
GB_MPK16:       CALL CALLMAIN
                LD HL,GB_K16384
                CALL GB_MPARG
                LD IX,27E6h             ; DECMUL
                CALL CALLMAIN
                LD IX,2F8Ah             ; FRCINT
                CALL CALLMAIN
                LD DE,(GB_DAC+2)
                RET
; GB_MPARG: ARG = the double at HL (here in the SUB-ROM).
GB_MPARG:       LD DE,GB_ARG
                LD BC,8
                LDIR
                RET
; GB_MPCMP: A = XDCOMP of the double at HL (ARG) with DAC: 1 when ARG < DAC,
; 0 equal, 0FFh above.
GB_MPCMP:       CALL GB_MPARG
                LD IX,2F5Ch             ; XDCOMP
                JP CALLMAIN

GB_CASP:        LD A,(GB_DAC)
                DEC A
                SCF
                RET M                   ; 0 or negative
                LD HL,GB_K1
                CALL GB_MPCMP           ; 1 vs the aspect
                OR A
                RET Z                   ; 1: a circle (carry clear)
                LD B,2
                DEC A
                JR NZ,GB_CASP1
                LD HL,GB_DAC            ; above 1: 1 / aspect
                LD DE,GB_ARG
                LD BC,8
                LDIR
                LD HL,GB_K1
                LD DE,GB_DAC
                LD C,8
                LDIR
                LD IX,289Fh             ; DECDIV
                CALL CALLMAIN
                LD B,1
GB_CASP1:       PUSH BC
                LD HL,GB_K32767
                CALL GB_MPARG
                LD IX,27E6h             ; DECMUL
                CALL CALLMAIN
                LD IX,2F8Ah             ; FRCINT
                CALL CALLMAIN
                LD HL,(GB_DAC+2)
                LD (GW_CFAC),HL
                POP AF
                LD (GW_CASP),A
                OR A
                RET

GB_K1:          DB 41h,10h,0,0,0,0,0,0
GB_K2PI:        DB 41h,62h,83h,18h,53h,07h,17h,96h
GB_K16384:      DB 45h,16h,38h,40h,0,0,0,0
GB_K32767:      DB 45h,32h,76h,70h,0,0,0,0

; ---- SPRSET (01D9h): A = 0 SPRITE$(n)=s$ (the pattern's 8 or 32 bytes: the
; string's, then 0s), 1 COLOR SPRITE(n)=c (the plane's 16 line colours, bit
; 7 left out: Handbook 2.6), 2 COLOR SPRITE$(n)=s$ (the string's first 16
; bytes to the line colours, the rest kept), 3 SPRITE$(n) read (-> DE = the
; pattern's VRAM address, A = its bytes); DE = n, HL = the string's
; descriptor or the colour. Line colours exist in sprite mode 2 (SCREEN 4-8)
; only. Carry: not in this mode, or n out of range (0-255, 0-63 with 16x16
; patterns, planes 0-31).
GB_SPRSET:      LD B,A
                LD A,D
                OR A
                SCF
                RET NZ                  ; n above 255
                LD A,(SCRMOD)
                OR A
                SCF
                RET Z                   ; no sprites in SCREEN 0
                LD A,B
                CP 3
                JR Z,GB_SPGET
                LD A,(SCRMOD)
                DEC B
                JP M,GB_SPAT
                CP 4
                RET C                   ; sprite mode 1: no line colours
                LD A,E
                CP 32
                CCF
                RET C
                PUSH HL
                LD L,A
                LD H,0
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                LD DE,(ATRBAS)
                ADD HL,DE
                DEC H
                DEC H                   ; ATRBAS - 512 + 16 n
                EX DE,HL
                POP HL
                DEC B
                LD A,16
                JR Z,GB_SCOPYS          ; COLOR SPRITE$
                LD A,L
                AND 7Fh
                EX DE,HL
                LD B,16
GB_SF1:         CALL GB_VWR
                INC HL
                DJNZ GB_SF1
                OR A
                RET
GB_SPGET:       CALL GB_SPADR           ; SPRITE$(n): where and how long
                RET C
                LD A,C
                RET
GB_SPAT:        CALL GB_SPADR
                RET C
                LD A,C
                OR 80h                  ; padded with 0s
                JR GB_SCOPYS
; GB_SPADR: pattern E -> DE = its address, C = its bytes (8 or 32); carry:
; E is above 63 with 16x16 patterns.
GB_SPADR:       CALL GSPSIZ_I
                LD C,A
                LD A,E
                JR NC,GB_SPAD1
                CP 64
                CCF
                RET C
GB_SPAD1:       PUSH HL
                CALL CALPAT_I
                EX DE,HL
                POP HL
                OR A
                RET
; GB_SCOPYS: the string of descriptor HL to VRAM at DE, at most A AND 7Fh
; bytes; with bit 7 of A set, 0s after the string's end up to that many.
GB_SCOPYS:      LD C,A
                LD B,(HL)
                INC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                EX DE,HL                ; HL = VRAM, DE = the characters
GB_SC1:         LD A,C
                AND 7Fh
                RET Z                   ; (carry clear)
                XOR A
                INC B
                DEC B
                JR Z,GB_SC2             ; past the string's end
                LD A,(DE)
                INC DE
                DEC B
                JR GB_SC3
GB_SC2:         BIT 7,C
                RET Z
GB_SC3:         CALL GB_VWR
                INC HL
                DEC C
                JR GB_SC1
