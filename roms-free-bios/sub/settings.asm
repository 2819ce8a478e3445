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

; ---- GREET (01E1h, this system's): at power-on, what SET TITLE and SET
; PASSWORD left in block 3 (msx.org wiki SET_TITLE, SET_PASSWORD). A title
; (ID 0, not empty) is shown and the boot waits for a key, as the MSX2 logo
; screen does with it (this system has no logo screen: the title stands on
; the text screen, which is cleared after the key). A password (ID 1 with
; registers 1-3 = 1, 2, 3) is asked for: typed blind, ended by RETURN, asked
; again until its checksum is the one kept. GRAPH and STOP held at power-on
; skip both (what MSX2 manuals tell an owner who forgot the password).
S_GREET:        LD A,6                  ; GRAPH: row 6 bit 2, STOP: row 7 bit 4
                CALL S_SNSMAT
                AND 4
                LD B,A
                LD A,7
                CALL S_SNSMAT
                AND 10h
                OR B
                RET Z                   ; both held
                LD C,30h                ; the ID
                CALL REDCLK
                OR A
                JR Z,S_GR_TITLE
                DEC A
                RET NZ                  ; a prompt
                LD B,3                  ; registers 1-3 = 1, 2, 3: a password set
S_GR_MARK:      INC C
                CALL REDCLK
                ADD A,30h               ; register n holds n
                CP C
                RET NZ
                DJNZ S_GR_MARK
                LD C,34h                ; the checksum kept
                CALL S_RDBYTE
                PUSH AF
                INC C
                CALL S_RDBYTE
                LD D,A
                POP AF
                LD E,A
S_GR_ASK:       LD HL,S_PWMSG
                CALL S_PR_STR
                PUSH DE
                LD HL,0FFFFh            ; the checksum of what is typed
S_GR_KEY:       CALL S_CHGET
                CP 0Dh
                JR Z,S_GR_END
                CALL S_CRC
                JR S_GR_KEY
S_GR_END:       POP DE
                PUSH HL
                LD HL,S_CRLF
                CALL S_PR_STR
                POP HL
                OR A
                SBC HL,DE
                JR NZ,S_GR_ASK          ; wrong: asked again
                RET
S_GR_TITLE:     LD B,6                  ; the title's characters
                LD D,0                  ; none yet
S_GR_T1:        INC C
                CALL S_RDBYTE
                JR Z,S_GR_T2
                CALL S_CHPUT
                LD D,1
                DJNZ S_GR_T1
S_GR_T2:        DEC D
                RET NZ                  ; an empty title: no wait
                CALL S_CHGET
                LD A,0Ch                ; the screen cleared for the banner
                JP S_CHPUT
S_PWMSG:        DB "Password:",0
S_CRLF:         DB 0Dh,0Ah,0

; ---- BLOCK3 (01E5h, this system's): SET TITLE, SET PROMPT, SET PASSWORD:
; C = the ID (0 title, 1 password, 2 prompt), DE = the characters, B = how
; many (msx.org wiki SET_TITLE, SET_PROMPT, SET_PASSWORD). A title or a
; prompt keeps its first 6 characters, a byte each as two nibbles, low
; first (fewer: the rest 0). A password keeps registers 1-3 = 1, 2, 3 (a
; password is set, as the wiki gives an MSX2's), 4-7 its checksum, the rest
; 0. The checksum is CRC-16 (polynomial 1021h, from FFFFh) of all the
; characters: the MSX2 SUB-ROM keeps a 16-bit checksum there too, but no
; source here gives its function, so a password set on another MSX2 is not
; the one asked for here.
S_BLOCK3:       LD A,C
                LD C,30h
                CALL WRTCLK             ; the ID
                DEC A
                JR Z,S_PW
                LD A,B                  ; a title or a prompt
                CP 7
                JR C,S_B3_LEN
                LD B,6
S_B3_LEN:       LD L,6
S_B3_CH:        XOR A
                INC B                   ; B: the characters left
                DEC B
                JR Z,S_B3_PUT
                LD A,(DE)
                INC DE
                DEC B
S_B3_PUT:       CALL S_WRBYTE
                DEC L
                JR NZ,S_B3_CH
                RET
S_PW:           LD HL,0FFFFh            ; a password: its checksum
                INC B
                JR S_PW_2
S_PW_1:         LD A,(DE)
                INC DE
                CALL S_CRC
S_PW_2:         DJNZ S_PW_1
S_PW_3:         INC C
                LD A,C
                SUB 30h
                CALL WRTCLK             ; registers 1-3 = 1, 2, 3
                CP 3
                JR NZ,S_PW_3
                LD A,L                  ; 4-7: the checksum
                CALL S_WRBYTE
                LD A,H
                CALL S_WRBYTE
S_PW_4:         INC C                   ; 8-12: 0
                XOR A
                CALL WRTCLK
                LD A,C
                CP 3Ch
                JR NZ,S_PW_4
                RET
; S_WRBYTE: the byte A as two nibbles, low first, at C+1 and C+2; C = C+2.
S_WRBYTE:       INC C
                PUSH AF
                CALL WRTCLK
                POP AF
                RRCA
                RRCA
                RRCA
                RRCA
                INC C
                JP WRTCLK
; S_CRC: HL = the CRC-16 (1021h) of what came before, A = the next byte.
; Keeps BC, DE.
S_CRC:          PUSH BC
                XOR H
                LD H,A
                LD B,8
S_CRC_1:        ADD HL,HL
                JR NC,S_CRC_2
                LD A,H
                XOR 10h
                LD H,A
                LD A,L
                XOR 21h
                LD L,A
S_CRC_2:        DJNZ S_CRC_1
                POP BC
                RET
; S_CHPUT / S_CHGET / S_SNSMAT: the main ROM's CHPUT (A to the screen),
; CHGET, SNSMAT (A = the row); keep BC, DE, HL and IX.
S_CHPUT:        PUSH IX
                LD IX,MAIN_CHPUT
                JR S_MAIN
S_CHGET:        PUSH IX
                LD IX,MAIN_CHGET
                JR S_MAIN
S_SNSMAT:       PUSH IX
                LD IX,MAIN_SNSMAT
S_MAIN:         PUSH BC
                PUSH DE
                PUSH HL
                CALL CALLMAIN
                POP HL
                POP DE
                POP BC
                POP IX
                RET

; ---- BEEP (017Dh): the beep SET BEEP keeps in block 2 register 10 (the
; timbre - 1 in bits 3-2, the volume - 1 in bits 1-0; msx.org wiki
; SET_BEEP), on channel A: timbre 1 a high tone (999 Hz, 6 frames), 2 a
; low one (499 Hz, 6 frames), 3 the two (4 frames each), 4 three falling
; tones (999, 749, 499 Hz, 3 frames each); volume 1-4 is the PSG amplitude
; 12-15 (the wiki's "very low" to "high"; 12 was this ROM's one beep before,
; and a clock never set holds 0: timbre 1, volume 1). The pitches and
; lengths are this ROM's choice: no source here gives the MSX2 SUB-ROM's.
; The main ROM's interrupt handler changes and ends the tone (BEEP_TICK,
; main/psg.asm: BEEPCNT the frames left, BEEPTIM when the tone changes).
; Keeps every register.
S_BEEP:         PUSH HL
                PUSH DE
                PUSH BC
                PUSH AF
                LD C,2Ah
                CALL REDCLK
                LD B,A
                AND 0Ch                 ; the timbre's row: 4 x timbre - 1
                LD E,A
                LD D,0
                LD HL,S_BEEPTAB
                ADD HL,DE
                LD A,7
                OUT (PSG_ADDR),A
                IN A,(PSG_READ)
                AND 0C0h                ; the port directions kept
                OR 03Eh                 ; tone A only
                LD E,A
                LD A,7
                CALL S_PSGW
                LD A,B
                AND 3
                ADD A,12
                LD E,A
                LD A,8
                CALL S_PSGW
                LD E,(HL)               ; the first tone
                XOR A
                CALL S_PSGW
                LD E,0
                LD A,1
                CALL S_PSGW
                INC HL
                LD A,(HL)
                LD (BEEPTIM),A
                INC HL
                LD A,(HL)
                LD (BEEPCNT),A          ; last: the interrupt handler starts counting
                POP AF
                POP BC
                POP DE
                POP HL
                RET
; A row: the first tone's period, when it changes (BEEPTIM), the frames.
S_BEEPTAB:      DB 070h,00h,6,0         ; 1: 999 Hz = 1789772 / (16 x 112)
                DB 0E0h,00h,6,0         ; 2: 499 Hz
                DB 070h,04h,8,0         ; 3: then 499 Hz at 4 frames left
                DB 070h,63h,9,0         ; 4: 749 Hz at 6, 499 Hz at 3
; S_PSGW: PSG register A = E.
S_PSGW:         DI
                OUT (PSG_ADDR),A
                LD A,E
                OUT (PSG_WRITE),A
                EI
                RET
