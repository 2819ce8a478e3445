; What an MSX2 keeps in the clock chip's battery-backed RAM and applies at
; power-on, and BASIC's prompt (ext/setget.asm writes the settings; the
; layouts are those of the msx.org wiki pages SET_SCREEN, SET_ADJUST,
; SET_PROMPT). Block 2: register 0 the ID (0Ah once set up), 1-2 SET
; ADJUST's x and y (R#18's nibbles), 3 SCREEN 0/1 and interlace, 4-5 WIDTH,
; 6-8 COLOR, 9 bit 0 KEY ON, bit 1 key click. Block 3: register 0 the ID
; (0 title, 1 password, 2 prompt), then up to 6 characters, two nibbles
; each, low first.

; ---- PROMPT (0181h): "Ok", or the prompt SET PROMPT keeps ------------------
S_PROMPT:       LD C,30h
                CALL REDCLK
                CP 2
                LD HL,S_OKMSG
                JR NZ,S_PR_STR
                LD B,6
S_PR_CH:        INC C
                CALL S_RDBYTE
                JR Z,S_PR_END
                CALL S_CHPUT
                DJNZ S_PR_CH
S_PR_END:       LD HL,S_OKMSG+2
S_PR_STR:       LD A,(HL)
                OR A
                RET Z
                CALL S_CHPUT
                INC HL
                JR S_PR_STR
S_OKMSG:        DB "Ok",0Dh,0Ah,0
; S_RDBYTE: A = the byte whose low nibble is the clock's register C and
; high nibble register C+1 (Z when 0); C = C+1. Keeps B, changes E.
S_RDBYTE:       CALL REDCLK
                LD E,A
                INC C
                CALL REDCLK
                RLCA
                RLCA
                RLCA
                RLCA
                OR E
                RET
; S_CHPUT: A to the screen (the main ROM's CHPUT); keeps BC, DE, HL.
S_CHPUT:        PUSH BC
                PUSH DE
                PUSH HL
                LD IX,MAIN_CHPUT
                CALL CALLMAIN
                POP HL
                POP DE
                POP BC
                RET

; ---- SAVESCR (01DDh, this system's): SET SCREEN: the text screen's
; settings to block 2 (registers 3-9). Changes AF, BC, HL.
S_SAVESCR:      LD A,(RG9SAV)           ; register 3: SCREEN 0 or 1, and IL
                RRCA                    ; (R#9 bit 3) and EO (bit 2)
                RRCA
                AND 3
                ADD A,A
                LD B,A
                LD A,(SCRMOD)
                AND 1
                OR B
                LD C,23h
                CALL WRTCLK
                LD A,(LINLEN)           ; registers 4-5: WIDTH, low nibble first
                INC C
                CALL WRTCLK
                LD A,(LINLEN)
                RRCA
                RRCA
                RRCA
                RRCA
                INC C
                CALL WRTCLK
                LD HL,FORCLR            ; registers 6-8: COLOR
                LD B,3
S_SAVE_COL:     LD A,(HL)
                INC HL
                INC C
                CALL WRTCLK
                DJNZ S_SAVE_COL
                LD A,(CNSDFG)           ; register 9: KEY ON, key click
                AND 1
                LD B,A
                LD A,(CLIKSW)
                OR A
                JR Z,S_SAVE_KEY
                LD A,2
S_SAVE_KEY:     OR B
                INC C
                JP WRTCLK

; ---- SETSCR (0189h): SDFSCR, then the text screen it chose (INITXT or
; INIT32): the boot's first screen.
S_SETSCR:       CALL S_SDFSCR
                LD IX,MAIN_INITXT
                OR A
                JR Z,S_SETSCR_T
                LD IX,MAIN_INIT32
S_SETSCR_T:     JP CALLMAIN

; ---- SDFSCR (0185h): the clock's settings applied (SET ADJUST: R#18; SET SCREEN:
; the text mode, WIDTH, COLOR, key click; KEY ON/OFF is MSX-BASIC's, whose
; cold start reads it); a clock never set up gets the ID and the BIOS's
; defaults first (KEY ON). Out: A = the text mode to start in (0 or 1).
S_SDFSCR:       LD C,20h
                CALL REDCLK
                CP 0Ah
                JR Z,S_PO_SET
                LD A,0Ah                ; first power-on: the defaults
                CALL WRTCLK
                XOR A                   ; SET ADJUST (0,0)
                INC C
                CALL WRTCLK
                INC C
                CALL WRTCLK
                LD A,0FFh               ; KEY ON for BASIC (which reads it back:
                LD (CNSDFG),A           ; before BASIC the keys are not shown)
                CALL S_SAVESCR
                XOR A
                LD (CNSDFG),A
                RET
S_PO_SET:       LD C,21h                ; R#18 = y << 4 | x
                CALL S_RDBYTE
                LD B,A
                LD C,18
                CALL WRTVDP_I
                LD C,23h                ; the mode and interlace
                CALL REDCLK
                PUSH AF
                AND 6
                ADD A,A
                LD B,A
                LD A,(RG9SAV)
                AND 0F3h
                OR B
                LD (RG9SAV),A
                LD C,24h                ; WIDTH
                CALL S_RDBYTE
                LD B,A
                POP AF
                AND 1
                LD HL,LINL40
                JR Z,S_PO_W
                LD HL,LINL32
S_PO_W:         LD (HL),B
                PUSH AF
                LD HL,FORCLR            ; COLOR
                LD B,3
                LD C,25h
S_PO_COL:       INC C
                CALL REDCLK
                LD (HL),A
                INC HL
                DJNZ S_PO_COL
                INC C                   ; key click (KEY ON/OFF: MSX-BASIC's
                CALL REDCLK             ; start reads it)
                AND 2
                LD (CLIKSW),A
                POP AF
                RET
