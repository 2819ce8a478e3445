; MSX-BASIC 2.0's SET statements other than SET PAGE, and GET DATE/TIME:
; the settings an MSX2 keeps in the clock chip's battery-backed RAM
; (RP5C01 blocks 2 and 3, msx-hardware.md 6.1; the layouts below are those
; of the msx.org wiki pages SET_BEEP, SET_TITLE, SET_PROMPT, SET_SCREEN,
; SET_DATE and SET_TIME, which give the RTC RAM an MSX2 writes), and the
; date and time (blocks 0 and 1). The clock is read and written through the
; SUB-ROM's REDCLK/WRTCLK (C = 00BBRRRR: block, register; A = the nibble).
;
; SET ADJUST (x,y)        x, y in -7..8: VDP R#18 now, block 2 registers 1-2
; SET BEEP [tone][,vol]   1-4, 1-4: block 2 register 10 = (tone-1)*4+vol-1
; SET TITLE [t$][,col]    block 3 = ID 0 and t$'s first 6 characters (the
;                         SUB-ROM's BLOCK3 writes block 3 for all three);
;                         col 1-4: block 2 register 11 = col-1
; SET PROMPT p$           block 3 = ID 2 and 6 characters (the prompt
;                         the SUB-ROM's PROMPT prints instead of "Ok")
; SET PASSWORD p$         block 3 = ID 1, registers 1-3 = 1, 2, 3 and the
;                         password's 16-bit checksum (SUB-ROM BLOCK3; the
;                         power-on asks for it: SUB-ROM GREET)
; SET SCREEN              block 2 registers 3-9: SCREEN 0/1, WIDTH, COLOR,
;                         KEY ON/OFF and key click, for the next power-on
; SET VIDEO               no superimposing hardware: Illegal function call
; SET DATE d$[,A]         "MM/DD/YY" (the order 002Bh gives: M-D-Y)
; SET TIME t$[,A]         "HH:MM:SS"; ,A: the alarm (block 1: day, hour,
;                         minute), which no MSX wires to anything
; GET DATE v$[,A], GET TIME v$[,A]: the same strings back.
; The boot applies SET SCREEN and SET ADJUST (SUB-ROM SETSCR) and shows the
; title or asks for the password (SUB-ROM GREET, sub/settings.asm); BEEP
; reads its tone and volume each time (main/psg.asm).

SG_REDCLK:      EQU 01F5h
SG_B3SET:       EQU 01E5h           ; SUB-ROM (this system's): block 3 from a string
SG_WRTCLK:      EQU 01F9h
SG_EXTROM:      EQU 015Fh
SG_SAVESCR:     EQU 01DDh           ; SUB-ROM (this system's): SET SCREEN's settings to the clock
SG_WRTVDP:      EQU 0047h
SG_TK_BEEP:     EQU 0C0h
SG_TK_SCREEN:   EQU 0C5h
SG_TK_TIME:     EQU 0CBh
SG_TK_OR:       EQU 0F7h            ; PASSWORD crunches as PASSW, OR, D

; Service 42: SET, HL on the word after it (SET PAGE stays in the main ROM).
SG_SET:         LD DE,SG_SETTAB
; SG_DISPATCH: the word at HL among the table at DE (entries: the word's
; bytes, 0, the handler's address; a 0 ends the table): to its handler with
; HL past the word and A = the character there (X_CUR); none: Syntax error.
SG_DISPATCH:    LD A,(DE)
                OR A
                JP Z,X_SNERR
                PUSH HL
SG_DSP_CMP:     LD A,(DE)
                INC DE
                OR A
                JR Z,SG_DSP_HIT
                CP (HL)
                INC HL
                JR Z,SG_DSP_CMP
SG_DSP_SKIP:    LD A,(DE)               ; not this word: past its end and
                INC DE                  ; its address
                OR A
                JR NZ,SG_DSP_SKIP
                INC DE
                INC DE
                POP HL
                JR SG_DISPATCH
SG_DSP_HIT:     POP BC                  ; (the saved start)
                EX DE,HL
                LD C,(HL)
                INC HL
                LD B,(HL)
                EX DE,HL
                PUSH BC
                JP X_CUR

SG_SETTAB:      DB "ADJUST",0
                DW SG_ADJUST
                DB SG_TK_BEEP,0
                DW SG_BEEP
                DB "TITLE",0
                DW SG_TITLE
                DB "PROMPT",0
                DW SG_PROMPT
                DB "PASSW",SG_TK_OR,"D",0
                DW SG_PASSWORD
                DB SG_TK_SCREEN,0
                DW SG_SCREEN
                DB "VIDEO",0
                DW X_FCERR
                DB "DATE",0
                DW SG_SETDATE
                DB SG_TK_TIME,0
                DW SG_SETTIME
                DB 0

; Service 27: GET: GET DATE/GET TIME here, else a file's record (DK_GET).
SG_GET:         CALL X_CUR
                CP '#'
                JP Z,DK_GET
                LD DE,SG_GETTAB
                LD A,(DE)               ; (a number: DK_GET's channel)
                CP (HL)
                JR Z,SG_DISPATCH
                LD A,(HL)
                CP SG_TK_TIME
                JR Z,SG_DISPATCH
                JP DK_GET
SG_GETTAB:      DB "DATE",0
                DW SG_GETDATE
                DB SG_TK_TIME,0
                DW SG_GETTIME
                DB 0

; ---- the clock's nibbles ------------------------------------------------------
; SG_RD: A = the nibble at C. SG_WR: the nibble A to C.
SG_RD:          LD IX,SG_REDCLK
                JR SG_CLK
SG_WR:          LD IX,SG_WRTCLK
SG_CLK:         PUSH HL
                PUSH DE
                PUSH BC
                CALL SG_EXTROM
                POP BC
                POP DE
                POP HL
                RET

; SG_WR2: the number A (0-99) as two nibbles, units at C, tens at C+1.
SG_WR2:         LD B,0
SG_WR2_T:       SUB 10
                JR C,SG_WR2_U
                INC B
                JR SG_WR2_T
SG_WR2_U:       ADD A,10
                CALL SG_WR
                INC C
                LD A,B
                JP SG_WR

; SG_RD2: A = the number whose units are at C, tens at C+1 (C ends at C+1).
SG_RD2:         PUSH DE
                CALL SG_RD
                LD B,A
                INC C
                CALL SG_RD
                LD E,A                  ; tens * 10 + units
                ADD A,A
                ADD A,A
                ADD A,E
                ADD A,A
                ADD A,B
                POP DE
                RET

; ---- SET ADJUST (x,y) -------------------------------------------------------------
SG_ADJUST:      LD A,'('
                CALL X_SYNC
                CALL SG_ADJ1
                PUSH DE
                LD A,','
                CALL X_SYNC
                CALL SG_ADJ1
                LD A,')'
                CALL X_SYNC
                POP BC                  ; C = x's nibble, E = y's
                PUSH HL
                LD A,E                  ; R#18: vertical in the high nibble
                ADD A,A
                ADD A,A
                ADD A,A
                ADD A,A
                OR C
                PUSH BC
                PUSH DE
                LD B,A
                LD C,18
                CALL SG_WRTVDP
                POP DE
                POP BC
                LD A,C
                LD C,21h                ; block 2, register 1: x
                CALL SG_WR
                LD A,E
                INC C                   ; register 2: y
                CALL SG_WR
                POP HL
                JP X_CUR
; SG_ADJ1: an integer -7..8: E = the R#18 nibble for it, (-n) & 0Fh (a
; positive n moves the picture right or down, the V9938's -8..7 the other
; way round).
SG_ADJ1:        CALL X_FRMINT
                PUSH HL
                LD HL,7                 ; n + 7 must be 0..15
                ADD HL,DE
                LD A,H
                OR A
                JP NZ,X_FCERR
                LD A,L
                CP 16
                JP NC,X_FCERR
                POP HL
                XOR A
                SUB E
                AND 0Fh
                LD E,A
                RET

; ---- SET BEEP [tone][,volume] -------------------------------------------------------
SG_BEEP:        LD C,2Ah                ; block 2, register 10
                CALL SG_RD
                PUSH AF                 ; the old setting, for what is left out
                CALL X_CUR
                CP ','
                JR Z,SG_BP_VOL
                CALL SG_1TO4
                POP BC
                RLCA
                RLCA
                LD C,A
                LD A,B
                AND 3
                OR C
                PUSH AF
                CALL X_CUR
                JR Z,SG_BP_SET
SG_BP_VOL:      LD A,','
                CALL X_SYNC
                CALL SG_1TO4
                POP BC
                LD C,A
                LD A,B
                AND 0Ch
                OR C
                PUSH AF
SG_BP_SET:      POP AF
                LD C,2Ah
                CALL SG_WR
                JP X_CUR

; SG_1TO4: a byte 1-4, A = it - 1.
SG_1TO4:        CALL X_GETBYT
                DEC A
                CP 4
                JP NC,X_FCERR
                RET

; ---- SET TITLE, SET PROMPT, SET PASSWORD: block 3 -------------------------------
SG_TITLE:       CP ','
                JR Z,SG_TT_COL
                LD C,0                  ; ID 0: a title
                CALL SG_BLOCK3
                RET Z
SG_TT_COL:      LD A,','
                CALL X_SYNC
                CALL SG_1TO4
                LD C,2Bh                ; block 2, register 11: the colours
                CALL SG_WR
                JP X_CUR
SG_PROMPT:      LD C,2
                JR SG_BLOCK3
SG_PASSWORD:    LD C,1
; SG_BLOCK3: a string expression to block 3 with ID C (the SUB-ROM's BLOCK3
; keeps it: a title's or a prompt's characters, a password's checksum).
SG_BLOCK3:      LD A,C
                PUSH AF
                CALL X_STRING          ; DE = the characters, B = how many
                POP AF
                LD C,A
                PUSH HL
                LD IX,SG_B3SET
                CALL SG_EXTROM
                POP HL
                JP X_CUR

; ---- SET SCREEN: block 2 registers 3-9, what the next power-on restores ----------
SG_SCREEN:      LD A,(SCRMOD)           ; a text mode only, as the prompt's
                CP 2
                JP NC,X_FCERR
                PUSH HL
                LD IX,SG_SAVESCR        ; the SUB-ROM writes what power-on reads
                CALL SG_EXTROM
                POP HL
                JP X_CUR

; ---- SET DATE / SET TIME ---------------------------------------------------------------
; SG_FIELDS: the string at HL as three 2-digit numbers with a separator
; between them (8 characters): D, E, A = the first, second, third.
SG_FIELDS:      CALL X_STRING
                LD A,B
                CP 8
                JP NZ,X_FCERR
                PUSH HL
                EX DE,HL
                CALL SG_NUM2
                LD D,A
                INC HL
                CALL SG_NUM2
                LD E,A
                INC HL
                CALL SG_NUM2
                POP HL
                RET
; SG_NUM2: A = the two digits at HL (HL after them).
SG_NUM2:        CALL SG_DIGIT
                LD B,A
                ADD A,A
                ADD A,A
                ADD A,B
                ADD A,A
                LD B,A
                CALL SG_DIGIT
                ADD A,B
                RET
SG_DIGIT:       LD A,(HL)
                INC HL
                SUB '0'
                CP 10
                RET C
                JP X_FCERR

; SG_ALARM: after the string, ",A" or nothing: Z for the alarm.
SG_ALARM:       CALL X_CUR
                JR Z,SG_AL_NO
                LD A,','
                CALL X_SYNC
                LD A,'A'
                CALL X_SYNC
                XOR A
                RET
SG_AL_NO:       OR 1
                RET

SG_SETDATE:     CALL SG_FIELDS          ; MM/DD/YY
                LD C,A                  ; C = YY
                LD A,D
                DEC A
                CP 12
                JP NC,X_FCERR
                LD A,E
                DEC A
                CP 31
                JP NC,X_FCERR
                PUSH DE
                PUSH BC
                CALL SG_ALARM
                POP BC
                POP DE
                PUSH HL
                JR Z,SG_SD_ALARM
                LD A,C                  ; the year register: year - 1980
                ADD A,20                ; (YY 80-99: 1980-1999, 00-79:
                CP 100                  ; 2000-2079)
                JR C,SG_SD_Y
                SUB 100
SG_SD_Y:        LD C,0Bh                ; block 0, registers 11-12: year
                CALL SG_WR2
                LD A,D
                LD C,09h                ; registers 9-10: month
                CALL SG_WR2
                LD A,E
                LD C,07h                ; registers 7-8: day
                CALL SG_WR2
                POP HL
                JP X_CUR
SG_SD_ALARM:    LD A,E
                LD C,17h                ; block 1, registers 7-8: the day
                CALL SG_WR2
                POP HL
                JP X_CUR

SG_SETTIME:     CALL SG_FIELDS          ; HH:MM:SS
                LD C,A                  ; C = SS
                LD A,D
                CP 24
                JP NC,X_FCERR
                LD A,E
                CP 60
                JP NC,X_FCERR
                LD A,C
                CP 60
                JP NC,X_FCERR
                PUSH DE
                PUSH BC
                CALL SG_ALARM
                POP BC
                POP DE
                PUSH HL
                LD B,00h                ; block 0 (the time), or 1 (the alarm)
                JR NZ,SG_ST_W
                LD B,10h
SG_ST_W:        LD A,C
                LD C,B                  ; registers 0-1: seconds (none in
                PUSH BC                 ; the alarm)
                CALL NZ,SG_WR2
                POP BC
                LD A,C
                OR 02h                  ; registers 2-3: minutes
                LD C,A
                LD A,E
                PUSH BC
                CALL SG_WR2
                POP BC
                LD A,C
                ADD A,2                 ; registers 4-5: hours
                LD C,A
                LD A,D
                CALL SG_WR2
                POP HL
                JP X_CUR

; ---- GET DATE v$[,A] / GET TIME v$[,A] ---------------------------------------------------
SG_GETDATE:     LD DE,SG_DATEFMT
                JR SG_GETX
SG_GETTIME:     LD DE,SG_TIMEFMT
; SG_GETX: the string variable at HL gets the 8 characters of the format at
; DE: three fields of 4 bytes (the number's first register in block 0, in
; block 1 for the alarm or FFh when the alarm has no such field (it reads
; 00), a number added modulo 100, the separator after it or 0).
SG_GETX:        PUSH DE
                CALL X_PTRGET           ; DE = the variable's descriptor
                PUSH DE
                LD A,(VALTYP)
                CP 3
                LD E,13                 ; Type mismatch
                JP NZ,X_ERROR
                CALL SG_ALARM           ; Z: the alarm
                LD A,0
                JR NZ,SG_GX_KIND
                INC A
SG_GX_KIND:     POP BC                  ; the variable
                POP DE                  ; the format
                PUSH HL
                PUSH BC
                LD HL,BUF               ; the text is built in BUF
                LD B,3
SG_GX_FLD:      PUSH BC
                PUSH AF
                OR A
                LD A,(DE)               ; the time's register, or
                JR Z,SG_GX_REG
                INC DE
                LD A,(DE)               ; the alarm's
                DEC DE
SG_GX_REG:      INC DE
                INC DE
                LD C,A
                INC A
                JR Z,SG_GX_NONE
                CALL SG_RD2
                LD C,A
                LD A,(DE)               ; + the field's offset, mod 100
                ADD A,C
                CP 100
                JR C,SG_GX_NUM
                SUB 100
                JR SG_GX_NUM
SG_GX_NONE:     XOR A
SG_GX_NUM:      INC DE
                LD B,'0'-1              ; two digits
SG_GX_TENS:     INC B
                SUB 10
                JR NC,SG_GX_TENS
                LD (HL),B
                INC HL
                ADD A,'0'+10
                LD (HL),A
                INC HL
                LD A,(DE)               ; the separator
                INC DE
                OR A
                JR Z,SG_GX_NEXT
                LD (HL),A
                INC HL
SG_GX_NEXT:     POP AF
                POP BC
                DJNZ SG_GX_FLD
                LD A,8                  ; the string: 8 characters of string
                LD IX,6627h             ; space (DE), DSCTMP describing them
                CALL X_CALBAS
                LD HL,BUF
                LD BC,8
                LDIR
                POP DE                  ; the variable takes the descriptor
                LD HL,DSCTMP
                LD BC,3
                LDIR
                POP HL
                JP X_CUR

; MM/DD/YY (002Bh: M-D-Y): the year register holds year - 1980.
SG_DATEFMT:     DB 09h,0FFh,0,'/'
                DB 07h,17h,0,'/'
                DB 0Bh,0FFh,80,0
SG_TIMEFMT:     DB 04h,14h,0,':'
                DB 02h,12h,0,':'
                DB 00h,0FFh,0,0
