; Sprite helpers shared by the main ROM and the SUB-ROM: CLRSPR, CALPAT,
; CALATR, GSPSIZ. Sprite mode 1 in SCREEN 1-3, mode 2 in SCREEN 4-8.

; ---- GSPSIZ (008Ah): A = bytes per sprite pattern (8 or 32), carry if 16x16.
GSPSIZ_I:
                LD A,(RG1SAV)
                RRCA
                RRCA
                LD A,8
                RET NC
                LD A,32
                RET

; ---- CALPAT (0084h): A = pattern number -> HL = its address. Changes AF, DE, HL.
CALPAT_I:
                LD L,A
                LD H,0
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                CALL GSPSIZ_I
                JR NC,CALPAT_8
                ADD HL,HL
                ADD HL,HL
CALPAT_8:       LD DE,(PATBAS)
                ADD HL,DE
                RET

; ---- CALATR (0087h): A = sprite number -> HL = its attribute address. -------
CALATR_I:
                LD L,A
                LD H,0
                ADD HL,HL
                ADD HL,HL
                LD DE,(ATRBAS)
                ADD HL,DE
                RET

; ---- CLRSPR (0069h): patterns cleared, sprites hidden below the last line,
; pattern number = sprite number (x4 for 16x16), colour FORCLR. Changes all.
CLRSPR_I:
                LD A,(SCRMOD)
                OR A
                RET Z                   ; no sprites in SCREEN 0
                LD HL,(PATBAS)
                CALL SET16W
                LD BC,0800h
CLRSPR_PAT:     XOR A
                OUT (VDP_DATA),A
                DEC BC
                LD A,B
                OR C
                JR NZ,CLRSPR_PAT
                LD A,(SCRMOD)
                CP 4
                LD E,209                ; sprite mode 1 hides at Y = 209
                JR C,CLRSPR_M1
                LD E,217                ; sprite mode 2 at Y = 217
CLRSPR_M1:      CALL GSPSIZ_I
                LD D,1
                JR NC,CLRSPR_STEP
                LD D,4
CLRSPR_STEP:    LD HL,(ATRBAS)
                CALL SET16W
                LD A,(FORCLR)
                LD C,A
                LD B,32
                XOR A                   ; pattern number
CLRSPR_ATR:     PUSH AF
                LD A,E
                OUT (VDP_DATA),A        ; Y
                XOR A
                OUT (VDP_DATA),A        ; X
                POP AF
                OUT (VDP_DATA),A        ; pattern
                ADD A,D
                PUSH AF
                LD A,C
                OUT (VDP_DATA),A        ; colour (mode 1; unused in mode 2)
                POP AF
                DJNZ CLRSPR_ATR
                LD A,(SCRMOD)
                CP 4
                RET C
                LD HL,(ATRBAS)          ; mode 2: colour table 200h below
                LD DE,0FE00h
                ADD HL,DE
                CALL SET16W
                LD BC,0200h
CLRSPR_COL:     LD A,(FORCLR)
                OUT (VDP_DATA),A
                DEC BC
                LD A,B
                OR C
                JR NZ,CLRSPR_COL
                RET
