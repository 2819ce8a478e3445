; Drawing on the bitmap screens (SCREEN 5-8) with the VDP command engine:
; boxes (NVBXLN/NVBXFL), lines (DOGRPH), text (GRPRT), dots (SETC/READC),
; VRAM block copies (BLTVV, BLTVM, BLTMV). Coordinates of NVBX*, DOGRPH, GRPRT and SETC are
; within the active page (ACPAGE); BLT* take absolute VDP coordinates.

BX1:            EQU BOXBUF
BY1:            EQU BOXBUF+2
BX2:            EQU BOXBUF+4
BY2:            EQU BOXBUF+6

; ISBITMAP: carry set when SCRMOD is 5-8 (the VDP runs commands only there).
ISBITMAP:
                LD A,(SCRMOD)
                CP 5
                CCF
                RET

; PAGEY: HL = y -> HL = y + 256 * ACPAGE. Changes A.
PAGEY:
                LD A,(ACPAGE)
                ADD A,H
                LD H,A
                RET

; MINLEN: HL = a, DE = b -> HL = min(a, b), DE = |a - b| + 1. Changes AF.
MINLEN:
                PUSH HL
                OR A
                SBC HL,DE
                JR C,MINLEN_NEG
                POP AF                  ; a is not the minimum
                INC HL
                EX DE,HL
                RET
MINLEN_NEG:     LD A,L
                CPL
                LD L,A
                LD A,H
                CPL
                LD H,A                  ; b - a - 1
                INC HL
                INC HL
                EX DE,HL
                POP HL
                RET

; ABSD: HL = a, DE = b -> HL = |a - b|, carry set when a < b. Changes A.
ABSD:
                OR A
                SBC HL,DE
                RET NC
                LD A,L
                CPL
                LD L,A
                LD A,H
                CPL
                LD H,A
                INC HL
                SCF
                RET

; FILLRECT: LMMV over the rectangle BX1,BY1 - BX2,BY2 (corners included),
; colour ATRBYT, logical operation LOGOPR.
FILLRECT:
                PUSH BC                 ; kept: NVBXLN reuses the corners
                PUSH DE
                LD HL,(BX1)
                LD DE,(BX2)
                CALL MINLEN
                LD (CMDBUF+4),HL        ; DX
                LD (CMDBUF+8),DE        ; NX
                LD HL,(BY1)
                LD DE,(BY2)
                CALL MINLEN
                CALL PAGEY
                LD (CMDBUF+6),HL        ; DY
                LD (CMDBUF+10),DE       ; NY
                LD A,(ATRBYT)
                LD (CMDBUF+12),A
                XOR A
                LD (CMDBUF+13),A
                LD A,(LOGOPR)
                AND 0Fh
                OR 080h                 ; LMMV
                LD (CMDBUF+14),A
                CALL VDPCMD36
                POP DE
                POP BC
                RET

; ---- NVBXFL (00CDh): BC = x1, DE = y1, GXPOS/GYPOS = x2/y2: filled box ------
NVBXFL:
                CALL ISBITMAP
                RET NC
                CALL BOXCORNERS
                JP FILLRECT

BOXCORNERS:
                LD (BX1),BC
                LD (BY1),DE
                LD HL,(GXPOS)
                LD (BX2),HL
                LD HL,(GYPOS)
                LD (BY2),HL
                RET

; ---- NVBXLN (00C9h): the same box, outline only ---------------------------
NVBXLN:
                CALL ISBITMAP
                RET NC
                CALL BOXCORNERS
                LD HL,(BY1)             ; top: y2 := y1
                LD (BY2),HL
                CALL FILLRECT
                CALL BOXCORNERS         ; bottom: y1 := y2
                LD HL,(BY2)
                LD (BY1),HL
                CALL FILLRECT
                CALL BOXCORNERS         ; left: x2 := x1
                LD HL,(BX1)
                LD (BX2),HL
                CALL FILLRECT
                CALL BOXCORNERS         ; right: x1 := x2
                LD HL,(BX2)
                LD (BX1),HL
                JP FILLRECT

; ---- DOGRPH (0085h): line from BC = x1, HL = y1 to GXPOS/GYPOS ---------------
; The VDP LINE command: NX = the long side, NY = the short side, MAJ set when
; Y is the long axis, DIX/DIY when going left/up (msx-hardware.md 3.8.4).
DOGRPH:
                CALL ISBITMAP
                RET NC
                LD (BX1),BC
                LD (BY1),HL
                PUSH HL
                CALL PAGEY
                LD (CMDBUF+6),HL        ; DY
                POP HL
                LD (CMDBUF+4),BC        ; DX
                LD C,0                  ; ARG being built
                LD HL,(GXPOS)
                LD DE,(BX1)
                CALL ABSD
                JR NC,DOGRPH_RIGHT
                LD C,004h               ; DIX
DOGRPH_RIGHT:   PUSH HL                 ; dx
                LD HL,(GYPOS)
                LD DE,(BY1)
                CALL ABSD
                JR NC,DOGRPH_DOWN
                LD A,C
                OR 008h                 ; DIY
                LD C,A
DOGRPH_DOWN:    POP DE                  ; DE = dx, HL = dy
                PUSH HL
                OR A
                SBC HL,DE
                POP HL
                JR C,DOGRPH_XMAJ        ; dy < dx
                JR Z,DOGRPH_XMAJ
                LD A,C                  ; Y is the long axis
                OR 001h
                LD C,A
                EX DE,HL
DOGRPH_XMAJ:    LD (CMDBUF+8),DE        ; NX = long side
                LD (CMDBUF+10),HL       ; NY = short side
                LD A,(ATRBYT)
                LD (CMDBUF+12),A
                LD A,C
                LD (CMDBUF+13),A
                LD A,(LOGOPR)
                AND 0Fh
                OR 070h                 ; LINE
                LD (CMDBUF+14),A
                JP VDPCMD36

; ---- SETC (009Dh): dot at CLOC (x), CMASK (y) in colour ATRBYT -------------
SETC:
                CALL ISBITMAP
                RET NC
                LD HL,(CLOC)
                LD (CMDBUF+4),HL
                LD A,(CMASK)
                LD L,A
                LD H,0
                CALL PAGEY
                LD (CMDBUF+6),HL
                LD A,(ATRBYT)
                LD (CMDBUF+12),A
                XOR A
                LD (CMDBUF+13),A
                LD A,(LOGOPR)
                AND 0Fh
                OR 050h                 ; PSET
                LD (CMDBUF+14),A
                JP VDPCMD36

; ---- READC (0095h): A = colour of the dot at CLOC, CMASK (POINT) ------------
READC:
                CALL ISBITMAP
                LD A,0
                RET NC
                LD HL,(CLOC)
                LD (CMDBUF),HL          ; SX
                LD A,(CMASK)
                LD L,A
                LD H,0
                CALL PAGEY
                LD (CMDBUF+2),HL        ; SY
                LD A,040h               ; POINT
                LD (CMDBUF+14),A
                XOR A
                LD (CMDBUF+13),A
                CALL VDPCMD32
                CALL CMDWAIT
                LD A,7
                JP VDPSTA

; ---- SETATR (0099h): A = colour -> ATRBYT; carry if out of range ----------
SETATR:
                CP 16
                JR C,SETATR_OK
                PUSH AF
                LD A,(SCRMOD)
                CP 8
                JR Z,SETATR_8
                POP AF
                SCF
                RET
SETATR_8:       POP AF
SETATR_OK:      LD (ATRBYT),A
                OR A
                RET

; ---- MAPXYC (0091h): BC = x, DE = y -> CLOC = x, CMASK = y (bitmap modes) ---
MAPXYC:
                LD (CLOC),BC
                LD A,E
                LD (CMASK),A
                LD H,B
                LD L,C
                RET

; ---- SCALXY (008Dh): BC = x, DE = y clipped to the screen; carry if clipped
SCALXY:
                PUSH HL
                LD H,0                  ; H = 1 if anything was clipped
                BIT 7,B
                JR Z,SCALXY_XPOS
                LD BC,0
                LD H,1
SCALXY_XPOS:    PUSH HL
                CALL SCRWIDTH
                DEC HL                  ; last column
                OR A
                SBC HL,BC
                ADD HL,BC
                POP HL
                JR NC,SCALXY_Y
                PUSH HL
                CALL SCRWIDTH
                DEC HL
                LD B,H
                LD C,L
                POP HL
                LD H,1
SCALXY_Y:       BIT 7,D
                JR Z,SCALXY_YPOS
                LD DE,0
                LD H,1
SCALXY_YPOS:    LD A,D
                OR A
                JR NZ,SCALXY_YCLIP
                LD A,E
                CP 212
                JR C,SCALXY_DONE
SCALXY_YCLIP:   LD DE,211
                LD H,1
SCALXY_DONE:    LD A,H
                RRCA                    ; carry = clipped
                POP HL
                RET

; ---- GETPAT (0105h): A = character -> PATWRK = its 8 rows (main-ROM font) ---
GETPAT:
                PUSH HL
                PUSH DE
                PUSH BC
                LD L,A
                LD H,0
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                LD DE,(CGPNT+1)
                ADD HL,DE
                LD DE,PATWRK
                LD B,8
GETPAT_LOOP:    PUSH BC
                PUSH DE
                LD A,(CGPNT)
                CALL RDSLT_I
                POP DE
                LD (DE),A
                INC DE
                INC HL
                POP BC
                DJNZ GETPAT_LOOP
                EI
                POP BC
                POP DE
                POP HL
                RET

; ---- GRPRT (0089h): A = character at GRPACX/GRPACY, colour ATRBYT, LOGOPR ----
; Characters are 8 dots wide in every mode. The codes as the main ROM's
; GRPPRT takes them (main/screen.asm): the graphic header (CNVCHR), 0Dh to x
; = 0 and the next row of characters (back to y = 0 past the last row), other
; codes below 20h nothing; past the right edge a carriage return follows.
GRPRT:
                PUSH HL
                PUSH DE
                PUSH BC
                PUSH AF
                CALL ISBITMAP
                JR NC,GRPRT_DONE
                POP AF
                PUSH AF
                PUSH IX
                LD IX,MAIN_CNVCHR
                CALL CALLMAIN
                POP IX
                JR NC,GRPRT_DONE        ; the header
                JR NZ,GRPRT_CHAR        ; a graphic character
                CP 0Dh
                JR Z,GRPRT_CR
                CP 20h
                JR C,GRPRT_DONE         ; other control codes
GRPRT_CHAR:     CALL GETPAT
                LD HL,PATWRK
                LD DE,(GRPACY)
                LD B,8
GRPRT_ROW:      PUSH BC
                PUSH HL
                LD C,(HL)
                LD HL,(GRPACX)
                LD B,8
GRPRT_DOT:      SLA C
                JR NC,GRPRT_SKIP
                PUSH BC
                PUSH HL
                PUSH DE
                LD (CLOC),HL
                LD A,E
                LD (CMASK),A
                CALL SETC
                POP DE
                POP HL
                POP BC
GRPRT_SKIP:     INC HL
                DJNZ GRPRT_DOT
                INC DE
                POP HL
                INC HL
                POP BC
                DJNZ GRPRT_ROW
                LD HL,(GRPACX)
                LD DE,8
                ADD HL,DE
                LD (GRPACX),HL
                PUSH HL
                CALL GB_LIMIT           ; HL = the last x
                POP DE
                OR A
                SBC HL,DE
                JR NC,GRPRT_DONE
GRPRT_CR:       LD HL,0                 ; x = 0, the next row (or the first)
                LD (GRPACX),HL
                CALL GB_LIMIT           ; DE = the last y
                LD HL,(GRPACY)
                LD BC,8
                ADD HL,BC
                EX DE,HL
                OR A
                SBC HL,DE
                JR NC,GRPRT_CRY
                LD DE,0
GRPRT_CRY:      LD (GRPACY),DE
GRPRT_DONE:     POP AF
                POP BC
                POP DE
                POP HL
                RET

; ---- BLTVV (0191h): HL = F562h block SX SY DX DY NX NY - ARG LOGOP: LMMM -----
BLTVV:
                CALL ISBITMAP
                RET NC
                LD DE,CMDBUF
                LD BC,14
                LDIR
                LD A,(HL)
                AND 0Fh
                OR 090h                 ; LMMM
                LD (CMDBUF+14),A
                JP VDPCMD32

; ---- BLTVM (0195h): HL = F562h block; SX = RAM address of the data, which
; starts with NX and NY (words) followed by the dots packed as in VRAM (two a
; byte in SCREEN 5 and 7, four in 6, one in 8; first dot in the high bits).
; DX, DY, ARG and LOGOP as for BLTVV. The VDP command LMMC fed dot by dot.
; Out: carry set (nothing drawn) when not a bitmap mode or NX or NY is 0.
BLTVM:
                CALL BLTSETUP
                RET C
                LD L,(IX+0)             ; the data
                LD H,(IX+1)
                LD C,(HL)
                INC HL
                LD B,(HL)
                INC HL
                LD (CMDBUF+8),BC        ; NX
                LD (IX+8),C
                LD (IX+9),B
                LD A,B
                OR C
                SCF
                RET Z
                LD C,(HL)
                INC HL
                LD B,(HL)
                INC HL
                LD (CMDBUF+10),BC       ; NY
                LD (IX+10),C
                LD (IX+11),B
                LD A,B
                OR C
                SCF
                RET Z
                CALL DOTSHAPE           ; D = dots a byte, E = bits a dot
                LD B,0                  ; no dots left in C
                CALL NEXTDOT
                LD (CMDBUF+12),A        ; the first dot starts the command
                LD A,(IX+14)
                AND 0Fh
                OR 0B0h                 ; LMMC
                LD (CMDBUF+14),A
                PUSH BC
                PUSH HL
                CALL VDPCMD32
                LD A,0ACh               ; R#17 = 44, no auto-increment
                LD C,17
                CALL VDPSEL
                EI
                POP HL
                POP BC
BLTVM_LOOP:     LD A,2
                CALL VDPSTA
                RRCA                    ; CE clear: the block is done
                RET NC
                RLCA
                RLCA                    ; TR: the VDP wants the next dot
                JR NC,BLTVM_LOOP
                CALL NEXTDOT
                OUT (VDP_IND),A
                JR BLTVM_LOOP

; ---- BLTMV (0199h): HL = F562h block; SX, SY, NX, NY, ARG; DX = RAM address.
; NX and NY are written there, then the dots packed as BLTVM reads them (the
; last byte padded with zero bits). The VDP command LMCM read dot by dot.
; Out: carry set when not a bitmap mode or NX or NY is 0.
BLTMV:
                CALL BLTSETUP
                RET C
                LD L,(IX+4)             ; the destination
                LD H,(IX+5)
                LD BC,(CMDBUF+8)
                LD (HL),C
                INC HL
                LD (HL),B
                INC HL
                LD A,B
                OR C
                LD BC,(CMDBUF+10)
                LD (HL),C
                INC HL
                LD (HL),B
                INC HL
                SCF
                RET Z
                LD A,B
                OR C
                SCF
                RET Z
                CALL DOTSHAPE
                LD A,7                  ; a stale TR from an earlier
                CALL VDPSTA            ; command is cleared by reading S#7
                LD A,(IX+14)
                AND 0Fh
                OR 0A0h                 ; LMCM
                LD (CMDBUF+14),A
                PUSH HL
                CALL VDPCMD32
                POP HL
                LD B,D                  ; dots to go in this byte
                LD C,0
BLTMV_LOOP:     LD A,2
                CALL VDPSTA
                RLCA                    ; TR first: the last dot may be
                JR C,BLTMV_DOT          ; ready after CE has dropped
                RRCA
                RRCA
                JR C,BLTMV_LOOP         ; CE: more to come
                LD A,B                  ; done: a partly filled byte is
                CP D                    ; left-aligned and stored
                RET Z                   ; (carry clear: B <= D)
BLTMV_PAD:      CALL SHIFTDOT
                DJNZ BLTMV_PAD
                LD (HL),C
                OR A
                RET
BLTMV_DOT:      CALL SHIFTDOT           ; room for the dot, then the dot
                LD A,7
                CALL VDPSTA
                OR C
                LD C,A
                DJNZ BLTMV_LOOP
                LD (HL),C
                INC HL
                LD B,D
                LD C,0
                JR BLTMV_LOOP

; SHIFTDOT: C shifted left by E bits into A (room for the next dot); A = C
; shifted. Changes F.
SHIFTDOT:
                PUSH BC
                LD B,E
                LD A,C
SHIFTDOT_LOOP:  ADD A,A
                DJNZ SHIFTDOT_LOOP
                POP BC
                LD C,A
                RET

; BLTSETUP: IX = HL = the F562h block, copied into CMDBUF (SX..ARG); carry
; set when the screen is not a bitmap mode.
BLTSETUP:
                CALL ISBITMAP
                CCF
                RET C
                PUSH HL
                POP IX
                LD DE,CMDBUF
                LD BC,14
                LDIR
                OR A
                RET

; DOTSHAPE: D = dots a byte, E = bits a dot for SCRMOD 5-8.
DOTSHAPE:
                LD DE,0204h             ; SCREEN 5 and 7
                LD A,(SCRMOD)
                CP 6
                JR NZ,DOTSHAPE_8
                LD DE,0402h
DOTSHAPE_8:     CP 8
                RET NZ
                LD DE,0108h
                RET

; NEXTDOT: A = the next dot of the data at HL. B = dots left in C (a new byte
; is taken from (HL) when 0), D = dots a byte, E = bits a dot. Changes F.
NEXTDOT:
                LD A,B
                OR A
                JR NZ,NEXTDOT_HAVE
                LD C,(HL)
                INC HL
                LD B,D
NEXTDOT_HAVE:   DEC B
                PUSH DE
                XOR A
NEXTDOT_BIT:    SLA C
                RLA
                DEC E
                JR NZ,NEXTDOT_BIT
                POP DE
                RET
