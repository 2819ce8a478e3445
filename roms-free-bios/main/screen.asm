; Screen modes 0-3 (the SUB-ROM does 4-8), colours, CLS, sprites and GRPPRT
; for SCREEN 2-4. Register values and table addresses: msx-hardware.md 3.5
; (Handbook Appendix 5).

; ---- CHGMOD (005Fh): A = screen mode 0-8. Changes all registers. -----------
CHGMOD_I:
                CP 4
                JR NC,CHGMOD_SUB
                OR A
                JP Z,INITXT_I
                DEC A
                JP Z,INIT32_I
                DEC A
                JP Z,INIGRP_I
                JP INIMLT_I
CHGMOD_SUB:     CP 9
                RET NC
                LD IX,SUBENT_CHGMOD
                JP EXTROM_I

; ---- base registers from table addresses --------------------------------------
; Each takes HL = table address and an OR mask in E (the low bits some modes
; need set), writes the register(s). Change AF, BC.
REG_NAM:        LD A,H                  ; R#2 = address >> 10
                RRCA
                RRCA
                AND 03Fh
                OR E
                LD B,A
                LD C,2
                JP WRTVDP_I
REG_COL:        LD A,L                  ; R#3 = address >> 6, R#10 = address >> 14
                RLCA
                RLCA
                AND 3
                LD B,A
                LD A,H
                ADD A,A
                ADD A,A
                OR B
                OR E
                LD B,A
                LD C,3
                CALL WRTVDP_I
                CALL HIBITS16
                LD B,A
                LD C,10
                JP WRTVDP_I
REG_CGP:        LD A,H                  ; R#4 = address >> 11
                RRCA
                RRCA
                RRCA
                AND 01Fh
                OR E
                LD B,A
                LD C,4
                JP WRTVDP_I
REG_ATR:        LD A,L                  ; R#5 = address >> 7, R#11 = address >> 15
                RLCA
                AND 1
                LD B,A
                LD A,H
                ADD A,A
                OR B
                OR E
                LD B,A
                LD C,5
                CALL WRTVDP_I
                LD A,H
                RLCA
                AND 1
                LD B,A
                LD C,11
                JP WRTVDP_I
REG_PAT:        LD A,H                  ; R#6 = address >> 11
                RRCA
                RRCA
                RRCA
                AND 01Fh
                LD B,A
                LD C,6
                JP WRTVDP_I

; MODEREGS: D = R#0 mode bits (M5 M4 M3), E = R#1 mode bits (M1 M2).
; Also R#8 (VR on), R#9 (192 lines). Changes AF, BC.
MODEREGS:
                LD A,(RG0SAV)
                AND 0F1h
                OR D
                LD B,A
                LD C,0
                CALL WRTVDP_I
                LD A,(RG1SAV)           ; keep BL and the sprite size; VBlank
                AND 043h                ; interrupt on; bit 7 (16 KB, MSX1) set
                OR 0A0h
                OR E
                LD B,A
                LD C,1
                CALL WRTVDP_I
                LD A,(RG8SAV)
                OR 008h
                LD B,A
                LD C,8
                CALL WRTVDP_I
                LD A,(RG9SAV)
                AND 07Fh
                LD B,A
                LD C,9
                JP WRTVDP_I

; ---- SETTXT (0078h): VDP registers for SCREEN 0 (TEXT1, or TEXT2 when LINL40 > 40)
SETTXT_I:
                LD A,(LINL40)
                CP 41
                JR NC,SETTXT_80
                LD HL,(TXTNAM)
                LD (NAMBAS),HL
                LD E,0
                CALL REG_NAM
                LD HL,(TXTCGP)
                LD (CGPBAS),HL
                CALL REG_CGP
                LD DE,0010h
                JP MODEREGS
SETTXT_80:      LD HL,(TXTNAM)          ; 80 columns: blink table 0800h, patterns 1000h
                LD (NAMBAS),HL
                LD E,3
                CALL REG_NAM
                LD HL,0800h
                LD E,7
                CALL REG_COL
                LD HL,1000h
                LD (CGPBAS),HL
                LD E,0
                CALL REG_CGP
                LD DE,0410h
                JP MODEREGS

; ---- SETT32 (007Bh): SCREEN 1 ---------------------------------------------
SETT32_I:
                LD HL,T32NAM
                CALL SETBASES
                LD DE,0000h
                JP MODEREGS

; ---- SETGRP (007Eh): SCREEN 2 ---------------------------------------------
SETGRP_I:
                LD HL,GRPNAM
                CALL SETBASES
                LD HL,(GRPCOL)          ; G2: the colour and pattern tables are
                LD E,07Fh               ; 6 KB, selected by masks of ones
                CALL REG_COL
                LD HL,(GRPCGP)
                LD E,3
                CALL REG_CGP
                LD DE,0200h
                JP MODEREGS

; ---- SETMLT (0081h): SCREEN 3 ---------------------------------------------
SETMLT_I:
                LD HL,MLTNAM
                CALL SETBASES
                LD DE,0008h
                JP MODEREGS

; SETBASES: HL -> five table addresses NAM, COL, CGP, ATR, PAT of a mode.
; Programs the base registers (sprite mode 1) and NAMBAS/CGPBAS/ATRBAS/PATBAS.
SETBASES:
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                LD (NAMBAS),DE
                PUSH HL
                EX DE,HL
                LD E,0
                CALL REG_NAM
                POP HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                PUSH HL
                EX DE,HL
                LD E,0
                CALL REG_COL
                POP HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                LD (CGPBAS),DE
                PUSH HL
                EX DE,HL
                LD E,0
                CALL REG_CGP
                POP HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                LD (ATRBAS),DE
                PUSH HL
                EX DE,HL
                LD E,0
                CALL REG_ATR
                POP HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                LD (PATBAS),DE
                EX DE,HL
                JP REG_PAT

; ---- common start and end of INITXT/INIT32/INIGRP/INIMLT ---------------------
; MODESTART: A = mode; screen off, cursor state forgotten, SCRMOD set; the
; palette's VRAM copy in LINWRK (nothing in between may use LINWRK).
MODESTART:
                CALL PALLOAD            ; the palette, until MODEEND puts it back
                PUSH AF
                CALL DISSCR_I
                POP AF
                LD (SCRMOD),A
                XOR A
                LD (CURSHOWN),A
                LD (ESCCNT),A
                LD (GRPHED),A
                LD (ACPAGE),A
                LD (DPPAGE),A
                RET
MODEEND:
                CALL PALSAVE
                LD A,(SCRMOD)
                CALL CHGCLR_I
                JP ENASCR_I

; ---- INITXT (006Ch): SCREEN 0 ----------------------------------------------
INITXT_I:
                XOR A
                CALL MODESTART
                XOR A
                LD (OLDSCR),A
                CALL SETTXT_I
                LD A,(LINL40)
                LD B,40
                CP 41
                JR C,INITXT_40
                LD B,80
                CP 81
                JR C,INITXT_40
                LD A,80
INITXT_40:      CALL TEXTWIN
                LD A,(TXTCOLS)
                CP 80
                JR NZ,INITXT_NOBLINK
                LD HL,0800h             ; 80 columns: no blinking cells
                LD BC,0100h
                XOR A
                CALL FILVRM_I
                LD BC,000Dh             ; R#13 = 0: blinking off
                CALL WRTVDP_I
INITXT_NOBLINK: CALL LOADFONT
                CALL CLSTXT
                JP MODEEND

; ---- INIT32 (006Fh): SCREEN 1 ----------------------------------------------
INIT32_I:
                LD A,1
                CALL MODESTART
                LD A,1
                LD (OLDSCR),A
                CALL SETT32_I
                LD A,(LINL32)
                LD B,32
                CP 33
                JR C,INIT32_W
                LD A,32
INIT32_W:       CALL TEXTWIN
                CALL LOADFONT
                CALL CLSTXT
                CALL CLRSPR_I
                JP MODEEND

; TEXTWIN: A = width (1..B), B = physical columns: LINLEN, TXTCOLS, TXTOFS.
TEXTWIN:
                OR A
                JR NZ,TEXTWIN_NZ
                INC A
TEXTWIN_NZ:     LD (LINLEN),A
                LD C,A
                LD A,B
                LD (TXTCOLS),A
                INC A
                SUB C
                SRL A
                LD (TXTOFS),A
                LD A,24
                LD (CRTCNT),A
                RET

; ---- INIGRP (0072h): SCREEN 2 ----------------------------------------------
INIGRP_I:
                LD A,2
                CALL MODESTART
                CALL SETGRP_I
                CALL NAMESEQ
                CALL CLSGRP
                CALL CLRSPR_I
                JP MODEEND

; NAMESEQ: name table = 0..255 three times (one per third of the screen).
NAMESEQ:
                LD HL,(NAMBAS)
                CALL SET16W
                LD B,3
NAMESEQ_THIRD:  XOR A
NAMESEQ_LOOP:   OUT (VDP_DATA),A
                INC A
                JR NZ,NAMESEQ_LOOP
                DJNZ NAMESEQ_THIRD
                RET

; CLSGRP: SCREEN 2/4: patterns 0, colours FORCLR/BAKCLR.
; SCREEN 2 is cleared as on the original (MSX Red Book, 0777h): patterns
; zero, colours BAKCLR for both the 0 and the 1 dots.
CLSGRP:
                LD HL,(GRPCGP)
                LD BC,1800h
                XOR A
                CALL FILVRM_I
                CALL BGBG
                LD HL,(GRPCOL)
                LD BC,1800h
                JP FILVRM_I

; BGBG: A = BAKCLR << 4 | BAKCLR. Changes B.
BGBG:
                LD A,(BAKCLR)
                AND 0Fh
                LD B,A
                ADD A,A
                ADD A,A
                ADD A,A
                ADD A,A
                OR B
                RET

; FGBG: A = FORCLR << 4 | BAKCLR
FGBG:
                LD A,(FORCLR)
                ADD A,A
                ADD A,A
                ADD A,A
                ADD A,A
                LD B,A
                LD A,(BAKCLR)
                AND 0Fh
                OR B
                RET

; ---- INIMLT (0075h): SCREEN 3 ----------------------------------------------
INIMLT_I:
                LD A,3
                CALL MODESTART
                CALL SETMLT_I
                LD HL,(MLTNAM)          ; names: each group of 4 rows repeats
                CALL SET16W             ; 32 names; groups use 0, 32, 64...
                LD C,0
INIMLT_GROUP:   LD D,4
INIMLT_ROW:     LD A,C
                LD B,32
INIMLT_COL:     OUT (VDP_DATA),A
                INC A
                DJNZ INIMLT_COL
                DEC D
                JR NZ,INIMLT_ROW
                LD A,C
                ADD A,32
                LD C,A
                CP 192
                JR NZ,INIMLT_GROUP
                CALL CLSMLT
                CALL CLRSPR_I
                JP MODEEND

; CLSMLT: every block takes the background colour.
; SCREEN 3: the whole 2 KB pattern table in the background colour.
CLSMLT:
                CALL BGBG
                LD HL,(MLTCGP)
                LD BC,0800h
                JP FILVRM_I

; ---- LOADFONT: the 2 KB font from CGPNT (slot, address) to CGPBAS ----------
LOADFONT:
                LD HL,(CGPBAS)
                CALL SET16W
                LD HL,(CGPNT+1)
                LD BC,0800h
                LD A,(EXPTBL)
                LD D,A
                LD A,(CGPNT)
                CP D
                JR NZ,LOADFONT_SLOT
                LD A,H                  ; our own ROM, visible in page 0
                CP 040h
                JR NC,LOADFONT_SLOT
LOADFONT_FAST:  LD A,(HL)
                OUT (VDP_DATA),A
                INC HL
                DEC BC
                LD A,B
                OR C
                JR NZ,LOADFONT_FAST
                RET
LOADFONT_SLOT:  PUSH BC
                LD A,(CGPNT)
                CALL RDSLT_I
                EI
                OUT (VDP_DATA),A
                INC HL
                POP BC
                DEC BC
                LD A,B
                OR C
                JR NZ,LOADFONT_SLOT
                RET

; ---- CHGCLR (0062h): A = mode; colours from FORCLR/BAKCLR/BDRCLR. ------------
CHGCLR_I:
                OR A
                JR NZ,CHGCLR_NOT0
                CALL FGBG               ; SCREEN 0: text and background in R#7
                JR CHGCLR_R7
CHGCLR_NOT0:    CP 1
                JR NZ,CHGCLR_BDR
                CALL FGBG               ; SCREEN 1: the 32-byte colour table too
                LD HL,(T32COL)
                LD BC,32
                CALL FILVRM_I
CHGCLR_BDR:     CALL BDRR7
CHGCLR_R7:      LD B,A
                LD C,7
                JP WRTVDP_I

; R#7 outside SCREEN 0: the border colour, with FORCLR in the high nibble as
; the MSX1 BIOS writes it (only TEXT modes show it); SCREEN 8 takes the whole
; byte as the border colour, so there it is BDRCLR alone. A = mode in, R#7 out.
BDRR7:          CP 8
                LD A,(BDRCLR)
                RET Z
                LD B,A
                LD A,(FORCLR)
                ADD A,A
                ADD A,A
                ADD A,A
                ADD A,A
                OR B
                RET

; ---- CLS (00C3h): clear the screen when Z is set. Changes AF, BC, DE. --------
CLS_I:
                RET NZ
                PUSH HL
                CALL CLS1
                POP HL
                RET
CLS1:
                LD A,(SCRMOD)
                CP 2
                JR NC,CLS_GRAPH
                CALL CUROFF
                JP CLSTXT
CLS_GRAPH:      JP Z,CLSGRP
                CP 4
                JP Z,CLSGRP
                JP C,CLSMLT
                LD IX,SUBENT_CLSSUB
                JP EXTROM_I

; ---- TOTEXT (00D2h): back to the last text mode when in a graphic mode. -----
TOTEXT_I:
                LD A,(SCRMOD)
                CP 2
                RET C
                LD A,(OLDSCR)
                JP CHGMOD_I

; ---- CHKNEW (0165h): carry set in SCREEN 0-4, clear in the bitmap modes. ----
CHKNEW_I:
                LD A,(SCRMOD)
                CP 5
                RET

; ---- GRPPRT (008Dh): A = character at GRPACX/GRPACY on a graphic screen. -----
; SCREEN 2/4: the pattern bits are set with colour FORCLR (foreground of the
; cell row); SCREEN 3: each dot is a 4x4 block; SCREEN 5-8: SUB-ROM GRPRT.
; As the MSX BIOS does (the MSX2 main ROM's GRPPRT, 150Eh in the BIOS
; reconstructions): a graphic header (CNVCHR) draws nothing and makes the next
; character a graphic one; a carriage return (0Dh) goes to x = 0 and the next
; character row (8 dots down, 32 in SCREEN 3; from y 192 on back to 0); the
; other codes below 20h draw nothing; after a character x moves 8 dots (32 in
; SCREEN 3), and past the right edge a carriage return follows. GRPACX and
; GRPACY are moved as bytes, as there.
GRPPRT_I:
                PUSH HL
                PUSH DE
                PUSH BC
                PUSH AF
                LD A,(FORCLR)           ; GRPPRT draws in the foreground
                LD (ATRBYT),A           ; colour (the drawing routines and
                LD A,(SCRMOD)           ; GRPRT take ATRBYT), as C-BIOS does
                CP 5
                JR NC,GRPPRT_SUB
                CP 2
                JR C,GRPPRT_DONE
                POP AF
                PUSH AF
                CALL CNVCHR_I
                JR NC,GRPPRT_DONE       ; the header
                JR NZ,GRPPRT_CHAR       ; a graphic character
                CP 0Dh
                JR Z,GRPPRT_CR
                CP 20h
                JR C,GRPPRT_DONE        ; other control codes
GRPPRT_CHAR:    LD C,A
                CALL GETPAT_MAIN        ; PATWRK = the 8 pattern rows
                CALL GRPPRT_G2          ; (SCREEN 3: 4x4 blocks)
                CALL GRPPRT_STEP
                LD A,(GRPACX)
                ADD A,B
                JR C,GRPPRT_CR          ; past the right edge
                LD (GRPACX),A
                JR GRPPRT_DONE
GRPPRT_CR:      XOR A
                LD (GRPACX),A
                CALL GRPPRT_STEP
                LD A,(GRPACY)
                ADD A,B
                CP 192
                JR C,GRPPRT_CRY
                XOR A
GRPPRT_CRY:     LD (GRPACY),A
GRPPRT_DONE:    POP AF
                POP BC
                POP DE
                POP HL
                RET
GRPPRT_SUB:     POP AF
                PUSH AF
                PUSH IX                 ; kept, as the MSX2 BIOS keeps it
                LD IX,SUBENT_GRPRT
                CALL EXTROM_I
                POP IX
                JR GRPPRT_DONE
; GRPPRT_STEP: B = a character's size in dots, 8 (32 in SCREEN 3: Z).
GRPPRT_STEP:    LD B,32
                LD A,(SCRMOD)
                CP 3
                RET Z
                LD B,8
                RET

; GETPAT_MAIN: C = character -> PATWRK = its 8 rows, from the font at CGPNT.
GETPAT_MAIN:
                LD L,C
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
                EI
                POP DE
                LD (DE),A
                INC DE
                INC HL
                POP BC
                DJNZ GETPAT_LOOP
                RET

; GRPPRT_G2: draw PATWRK at GRPACX/GRPACY, SCREEN 2/4, dot by dot.
GRPPRT_G2:
                LD HL,(GRPACY)
                CALL GRPPRT_SCALE
                EX DE,HL                ; DE = the first row
                LD HL,PATWRK
                LD B,8
GRPPRT_G2_ROW:  PUSH BC
                PUSH HL
                PUSH DE
                LD C,(HL)
                LD HL,(GRPACX)
                CALL GRPPRT_SCALE       ; HL = the first column
                LD B,8
GRPPRT_G2_DOT:  SLA C
                JR NC,GRPPRT_G2_SKIP
                PUSH BC
                PUSH HL
                PUSH DE
                LD A,(SCRMOD)
                CP 3
                JR Z,GRPPRT_G2_MC
                CALL PSET_G2
                JR GRPPRT_G2_SET
GRPPRT_G2_MC:   CALL PSET_MC            ; SCREEN 3: a 4x4 block
GRPPRT_G2_SET:  POP DE
                POP HL
                POP BC
GRPPRT_G2_SKIP: INC HL
                DJNZ GRPPRT_G2_DOT
                POP DE
                INC DE
                POP HL
                INC HL
                POP BC
                DJNZ GRPPRT_G2_ROW
                RET
; GRPPRT_SCALE: HL = dots -> in SCREEN 3 blocks of 4 (HL / 4). Changes A.
GRPPRT_SCALE:   LD A,(SCRMOD)
                CP 3
                RET NZ
                SRL H
                RR L
                SRL H
                RR L
                RET

; PSET_G2: HL = x, DE = y; SCREEN 2/4 dot in colour ATRBYT. Off-screen: ignored.
PSET_G2:
                LD A,H
                OR D
                RET NZ
                LD A,E
                CP 192
                RET NC
                LD A,L                  ; mask = 80h >> (x & 7)
                AND 7
                LD B,A
                LD A,080h
                JR Z,PSET_G2_MASK
PSET_G2_SH:     RRCA
                DJNZ PSET_G2_SH
PSET_G2_MASK:   LD C,A
                LD A,L                  ; offset = (y >> 3) * 256 + (x & F8h) + (y & 7)
                AND 0F8h
                LD B,A
                LD A,E
                AND 7
                OR B
                LD L,A
                LD A,E
                RRCA
                RRCA
                RRCA
                AND 01Fh
                LD H,A
                PUSH HL
                LD DE,(GRPCGP)
                ADD HL,DE
                PUSH HL
                CALL RDVRM_I
                OR C
                POP HL
                CALL WRTVRM_I
                POP HL
                LD DE,(GRPCOL)
                ADD HL,DE
                PUSH HL
                CALL RDVRM_I
                AND 0Fh
                LD B,A
                LD A,(ATRBYT)
                ADD A,A
                ADD A,A
                ADD A,A
                ADD A,A
                OR B
                POP HL
                JP WRTVRM_I

; PSET_MC: HL = block column 0-63, DE = block row 0-47, colour ATRBYT.
PSET_MC:
                LD A,H
                OR D
                RET NZ
                LD A,L
                CP 64
                RET NC
                LD A,E
                CP 48
                RET NC
                ; byte = MLTCGP + (row >> 3) * 256 + (col >> 1) * 8 + (row & 7)
                LD A,L
                AND 1
                LD C,A                  ; C = 0 left nibble, 1 right nibble
                LD A,L
                AND 03Eh
                ADD A,A
                ADD A,A
                LD B,A
                LD A,E
                AND 7
                OR B
                LD L,A
                LD A,E
                RRCA
                RRCA
                RRCA
                AND 7
                LD H,A
                LD DE,(MLTCGP)
                ADD HL,DE
                PUSH HL
                CALL RDVRM_I
                LD B,A
                LD A,(ATRBYT)
                AND 0Fh
                DEC C
                JR Z,PSET_MC_RIGHT
                ADD A,A
                ADD A,A
                ADD A,A
                ADD A,A
                LD C,A
                LD A,B
                AND 0Fh
                OR C
                JR PSET_MC_PUT
PSET_MC_RIGHT:  LD C,A
                LD A,B
                AND 0F0h
                OR C
PSET_MC_PUT:    POP HL
                JP WRTVRM_I

; ---- FETCHC / STOREC (0114h / 0117h): graphics cursor CLOC / CMASK ---------
FETCHC_I:
                LD A,(CMASK)
                LD HL,(CLOC)
                RET
STOREC_I:
                LD (CMASK),A
                LD (CLOC),HL
                RET

; ---- SETATR (011Ah): A = colour -> ATRBYT; carry set if out of range. -------
SETATR_I:
                CP 16
                CCF
                RET C
                LD (ATRBYT),A
                RET

; ---- GTASPC (0126h): aspect ratio for CIRCLE: DE = 0100h, HL = 0100h --------
GTASPC_I:
                LD DE,0100h
                LD HL,0100h
                RET
