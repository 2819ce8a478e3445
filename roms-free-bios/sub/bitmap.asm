; Screen modes of the SUB-ROM: SCREEN 4-8 (0-3 are done by the main ROM),
; CHGMDP, CHGCLR, CLSSUB, SETPAG, VDPSTA, and the VDP command helpers.
; Register values: msx-hardware.md 3.5.

; ---- forwarders to the main ROM for the text and MSX1 modes -------------------
S_INITXT:       LD IX,MAIN_INITXT
                JP CALLMAIN
S_INIT32:       LD IX,MAIN_INIT32
                JP CALLMAIN
S_INIGRP:       LD IX,MAIN_INIGRP
                JP CALLMAIN
S_INIMLT:       LD IX,MAIN_INIMLT
                JP CALLMAIN
S_SETTXT:       LD IX,MAIN_SETTXT
                JP CALLMAIN
S_SETT32:       LD IX,MAIN_SETT32
                JP CALLMAIN
S_SETGRP:       LD IX,MAIN_SETGRP
                JP CALLMAIN
S_SETMLT:       LD IX,MAIN_SETMLT
                JP CALLMAIN

; ---- CHGMOD (00D1h): A = mode 0-8 -----------------------------------------
CHGMOD:
                CP 4
                JR NC,CHGMOD_NEW
                LD IX,MAIN_CHGMOD
                JP CALLMAIN
CHGMOD_NEW:     CP 9
                RET NC
                CALL PALLOAD            ; LINWRK: the palette, for PALSAVE at the end
                PUSH AF
                CALL DISSCR_I
                POP AF
                LD (SCRMOD),A
                XOR A
                LD (ACPAGE),A
                LD (DPPAGE),A
                LD A,(SCRMOD)
                SUB 4
                ADD A,A
                ADD A,A
                ADD A,A
                LD E,A
                LD D,0
                LD HL,MODETAB
                ADD HL,DE               ; HL -> 8-byte mode record
                LD A,(RG0SAV)           ; R#0: mode bits M5-M3
                AND 0F1h
                OR (HL)
                LD B,A
                LD C,0
                CALL WRTVDP_I
                INC HL
                LD A,(RG1SAV)           ; R#1: keep the sprite size, VBlank IRQ on
                AND 003h
                OR 0A0h
                LD B,A
                LD C,1
                CALL WRTVDP_I
                LD B,(HL)               ; R#2 name / page
                LD C,2
                CALL WRTVDP_I
                INC HL
                LD B,(HL)               ; R#5 sprite attributes
                LD C,5
                CALL WRTVDP_I
                INC HL
                LD B,(HL)               ; R#11
                LD C,11
                CALL WRTVDP_I
                INC HL
                LD B,(HL)               ; R#6 sprite patterns
                LD C,6
                CALL WRTVDP_I
                INC HL
                LD E,(HL)               ; ATRBAS
                INC HL
                LD D,(HL)
                LD (ATRBAS),DE
                LD A,(SCRMOD)           ; SCREEN 4: the G2 tables of SCREEN 2
                CP 4
                JR Z,CHGMOD_G3
                LD HL,0
                LD (NAMBAS),HL
                LD (CGPBAS),HL
                LD HL,7800h
                CP 7
                JR C,CHGMOD_PAT
                LD HL,0F000h
CHGMOD_PAT:     LD (PATBAS),HL
                LD A,(RG8SAV)
                OR 008h
                LD B,A
                LD C,8
                CALL WRTVDP_I
                LD A,(RG9SAV)           ; 212 lines
                OR 080h
                LD B,A
                LD C,9
                CALL WRTVDP_I
                LD BC,0017h             ; R#23 = 0: no vertical scroll
                CALL WRTVDP_I
                LD BC,0
                LD DE,256               ; the whole page 0
                CALL CLEARPAGE
                JR CHGMOD_END
CHGMOD_G3:      LD HL,(GRPNAM)
                LD (NAMBAS),HL
                LD HL,(GRPCGP)
                LD (CGPBAS),HL
                LD HL,3800h
                LD (PATBAS),HL
                CALL G3TABLES
CHGMOD_END:     CALL CLRSPR_I
                CALL PALSAVE
                LD A,(SCRMOD)
                CALL CHGCLR
                JP ENASCR_I

; per mode: R#0 bits, R#2, R#5, R#11, R#6, ATRBAS (word), spare
MODETAB:
                DB 004h,006h,03Fh,000h,007h
                DW 1E00h
                DB 0                    ; SCREEN 4 (G3)
                DB 006h,01Fh,0EFh,000h,00Fh
                DW 7600h
                DB 0                    ; SCREEN 5 (G4)
                DB 008h,01Fh,0EFh,000h,00Fh
                DW 7600h
                DB 0                    ; SCREEN 6 (G5)
                DB 00Ah,01Fh,0F7h,001h,01Eh
                DW 0FA00h
                DB 0                    ; SCREEN 7 (G6)
                DB 00Eh,01Fh,0F7h,001h,01Eh
                DW 0FA00h
                DB 0                    ; SCREEN 8 (G7)

; G3TABLES: SCREEN 4 uses the SCREEN 2 layout: registers and cleared tables.
G3TABLES:
                LD HL,(GRPCOL)
                LD A,H                  ; R#3 = (address >> 6) | 7Fh, R#10
                ADD A,A
                ADD A,A
                OR 07Fh
                LD B,A
                LD C,3
                CALL WRTVDP_I
                LD BC,000Ah
                CALL WRTVDP_I
                LD HL,(GRPCGP)
                LD A,H
                RRCA
                RRCA
                RRCA
                AND 01Fh
                OR 3
                LD B,A
                LD C,4
                CALL WRTVDP_I
                LD A,(RG9SAV)           ; 192 lines
                AND 07Fh
                LD B,A
                LD C,9
                CALL WRTVDP_I
                LD HL,(NAMBAS)          ; names 0..255 in each third
                CALL SET16W
                LD B,3
G3_THIRD:       XOR A
G3_NAME:        OUT (VDP_DATA),A
                INC A
                JR NZ,G3_NAME
                DJNZ G3_THIRD
                LD HL,(GRPCGP)
                LD BC,1800h
                XOR A
                CALL FILVRM_I
                CALL SFGBG
                LD HL,(GRPCOL)
                LD BC,1800h
                JP FILVRM_I

; SFGBG: A = BAKCLR << 4 | BAKCLR, SCREEN 4's colours after a clear (as
; SCREEN 2's in the main ROM).
SFGBG:
                LD A,(BAKCLR)
                AND 0Fh
                LD B,A
                ADD A,A
                ADD A,A
                ADD A,A
                ADD A,A
                OR B
                RET

; ---- CHGMDP (01B5h): CHGMOD, then the default palette --------------------------
CHGMDP:
                PUSH AF
                CALL INIPLT
                POP AF
                JP CHGMOD

; ---- CHGCLR (0111h): A = mode ------------------------------------------------
CHGCLR:         LD IX,MAIN_CHGCLR       ; the main ROM handles every mode
                JP CALLMAIN

; ---- CLSSUB (0115h): clear the screen (the active page in SCREEN 5-8) ---------
CLSSUB:
                LD A,(SCRMOD)
                CP 5
                JR NC,CLSSUB_BITMAP
                XOR A                   ; Z: CLS really clears
                LD IX,MAIN_CLS
                JP CALLMAIN
CLSSUB_BITMAP:  LD A,(ACPAGE)
                LD B,A
                LD C,0
                LD DE,212
                JP CLEARPAGE

; CLRTXT (0119h): clear a text screen.
CLRTXT:
                LD A,(SCRMOD)
                CP 2
                RET NC
                JR CLSSUB

; ---- CLEARPAGE: B = page, C = 0, DE = lines: HMMV with the background colour.
CLEARPAGE:
                LD (CMDBUF+10),DE       ; NY
                LD H,B                  ; DY = page * 256
                LD L,0
                LD (CMDBUF+6),HL
                LD HL,0
                LD (CMDBUF+4),HL        ; DX
                CALL SCRWIDTH
                LD (CMDBUF+8),HL        ; NX
                CALL BAKBYTE
                LD (CMDBUF+12),A        ; CLR
                XOR A
                LD (CMDBUF+13),A        ; ARG
                LD A,0C0h               ; HMMV
                LD (CMDBUF+14),A
                CALL VDPCMD36
                JP CMDWAIT              ; a program may write VRAM at once

; HL = dots per line of the current bitmap mode (256 or 512).
SCRWIDTH:
                LD HL,256
                LD A,(SCRMOD)
                CP 6
                RET C
                CP 8
                RET NC
                LD HL,512
                RET

; A = a byte filled with the background colour for the current mode.
BAKBYTE:
                LD A,(BAKCLR)
COLBYTE:        LD C,A
                LD A,(SCRMOD)
                CP 8
                LD A,C
                RET Z
                CP A
                LD A,(SCRMOD)
                CP 6
                LD A,C
                JR Z,COLBYTE_6
                AND 0Fh
                LD C,A
                ADD A,A
                ADD A,A
                ADD A,A
                ADD A,A
                OR C
                RET
COLBYTE_6:      AND 3
                LD C,A
                ADD A,A
                ADD A,A
                OR C
                LD C,A
                ADD A,A
                ADD A,A
                ADD A,A
                ADD A,A
                OR C
                RET

; ---- SETPAG (013Dh): DPPAGE shown (R#2), ACPAGE used for drawing -------------
SETPAG:
                LD A,(SCRMOD)
                CP 5
                RET C
                LD A,(DPPAGE)
                RRCA
                RRCA
                RRCA                    ; page << 5
                AND 060h
                OR 01Fh
                LD B,A
                LD C,2
                JP WRTVDP_I

; ---- VDPSTA (0131h): A = status register -> A = its value ------------------
VDPSTA:
                PUSH BC
                LD C,15
                CALL VDPSEL             ; R#15 = A
                IN A,(VDP_ADDR)
                LD B,A
                XOR A
                CALL VDPSEL             ; back to S#0 for the interrupt handler
                EI
                LD A,B
                POP BC
                RET

; ---- VDP command engine ------------------------------------------------------
; CMDBUF holds R#32-R#46 (15 bytes); VDPCMD32 sends all of them, VDPCMD36
; from R#36 (DX) on. Both wait until the previous command is done.
CMDBUF:         EQU SX                  ; the MSX2 parameter block F562h-F570h
CMDWAIT:
                LD A,2
                PUSH BC
                LD C,15
CMDWAIT_LOOP:   CALL VDPSEL
                IN A,(VDP_ADDR)
                RRCA
                LD A,2
                JR C,CMDWAIT_LOOP       ; CE: still busy
                XOR A
                CALL VDPSEL
                EI
                POP BC
                RET
VDPCMD32:
                CALL CMDWAIT
                LD HL,CMDBUF
                LD A,32
                LD B,15
                JR VDPCMD_SEND
VDPCMD36:
                CALL CMDWAIT
                LD HL,CMDBUF+4
                LD A,36
                LD B,11
VDPCMD_SEND:    LD C,17                 ; R#17 = first register, auto-increment
                CALL VDPSEL
                LD C,VDP_IND
                OTIR
                EI
                RET
