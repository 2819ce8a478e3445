; Cruncher: BASIC text to the tokenized form (docs/basic-interpreter.md, "Cruncher").
;
; CRUNCH: HL -> ASCII statement text, 0-terminated (the caller has consumed
; the line number and the one blank after it). Writes the tokenized text to
; KBUF, ending in one 00h; returns BC = its length including that 00h,
; HL = KBUF-1. AF, DE destroyed. More than 314 bytes of tokens: error 25
; "Line buffer overflow"; a constant too large for its type: 6 "Overflow"
; (FIN raises it for decimal constants).
;
; The rules are MSX-BASIC 2.0's (fact sheet msx-basic-format.md A6-A9), the
; same the msx-basic crate's tokenizer follows (crates/msx-basic/src/crunch.rs),
; whose comments explain each quirk; the tests compare the two byte for byte.
; In short: a letter starts the first keyword of its list that prefixes the
; text (no word boundary); digits are a constant, a line number (after GOTO
; and the other CR_LNTOK tokens, until ':') or plain text (after a name's
; letter); strings, REM, ' and DATA are copied; CALL and _ names upper-cased.

CR_DORES:       EQU 0F664h      ; nonzero inside DATA (copy until ':')
CR_DONUM:       EQU 0F665h      ; digits mean: 0 a constant, 1 a line number, 0FFh text
CR_FIN:         EQU 3299h       ; Math-Pack: number text at HL -> DAC, VALTYP
CR_VALTYP:      EQU 0F663h
CR_DAC:         EQU 0F7F6h
CR_KBUFEND:     EQU 0AA6h       ; 10000h - (KBUF+315): carry once 315 bytes are stored
CR_MKBUF:       EQU 0BE1h       ; 10000h - KBUF

CRUNCH:
        LD DE,KBUF
        XOR A
        LD (CR_DORES),A
        LD (CR_DONUM),A
CR_NEXT:
        LD A,(HL)
        OR A
        JR Z,CR_DONE
        CP '"'
        JR Z,CR_STR
        CP ' '
        JR Z,CR_RAW
        LD C,A
        LD A,(CR_DORES)
        OR A
        LD A,C
        JR Z,CR_NORMAL
CR_RAW: INC HL
; A has been consumed: store it and react to the bytes that change mode.
CR_PLAIN:
        CALL CR_PUTC
        CP ':'
        JR Z,CR_COLON
        CP 84h                  ; DATA
        JR Z,CR_DATA
        CP 8Fh                  ; REM (also a raw 8Fh inside DATA, as in the ROM)
        JR NZ,CR_NEXT
CR_REST:
        LD C,0
; Copies the text verbatim up to the byte C (stored through CR_PLAIN) or the end.
CR_COPY:
        LD A,(HL)
        OR A
        JR Z,CR_DONE
        INC HL
        CP C
        JR Z,CR_PLAIN
        CALL CR_PUTC
        JR CR_COPY
CR_COLON:
        XOR A
        LD (CR_DONUM),A
        JR CR_SETD
CR_DATA:
        LD A,1
CR_SETD:
        LD (CR_DORES),A
        JR CR_NEXT
CR_STR:
        INC HL
        CALL CR_PUT
        LD C,A
        JR CR_COPY

CR_DONE:
        LD (DE),A               ; A = 0
        INC DE
        LD HL,CR_MKBUF
        ADD HL,DE
        LD B,H
        LD C,L
        LD HL,KBUF-1
        RET

; A character outside strings and DATA; HL points at it.
CR_NORMAL:
        CP 80h                  ; 80h-FFh are dropped
        JR NC,CR_SKIP1
        CP 1                    ; so is a graphic character (01h and the next byte)
        JR NZ,CR_NORM2
        INC HL
        LD A,(HL)
        OR A
        JR Z,CR_DONE
CR_SKIP1:
        INC HL
        JR CR_NEXT
CR_NORM2:
        LD C,91h                ; '?' is PRINT
        CP '?'
        JR Z,CR_STMT
        LD C,A
        CP '_'
        JR Z,CR_STMT
        CALL CR_UPPER
        CP 'A'
        JR C,CR_NOTLET
        CP 'Z'+1
        JP C,CR_WORD
CR_NOTLET:
        CP '.'
        JP Z,CR_DIGIT
        CP '0'
        JR C,CR_CHAR
        CP '9'+1
        JP C,CR_DIGIT
; One-character tokens, else the character itself; control characters other
; than TAB and LF become blanks.
CR_CHAR:
        PUSH HL
        LD HL,CR_SINGLE
        LD B,10
CR_CH1: CP (HL)
        INC HL
        JR Z,CR_CH3
        INC HL
        DJNZ CR_CH1
        POP HL
        CP 20h
        JR NC,CR_CH4
        CP 9
        JR Z,CR_CH4
        CP 0Ah
        JR Z,CR_CH4
        LD A,' '
        JR CR_CH4
CR_CH3: LD A,(HL)
        POP HL
CR_CH4: LD C,A
        LD A,(CR_DONUM)         ; punctuation ends "digits are text" (not line numbers)
        INC A
        JR NZ,CR_CH5
        LD (CR_DONUM),A
CR_CH5: LD A,C
        JR CR_DISP

; A one-byte token C (or '_') whose last character is at HL: sets what digits mean.
CR_STMT:
        PUSH HL
        PUSH BC
        LD A,C
        LD HL,CR_LNTOK
        LD BC,14
        CPIR
        POP BC
        POP HL
        LD A,1
        JR Z,CR_ST1
        XOR A
CR_ST1: LD (CR_DONUM),A
        LD A,C
; Stores token or character A whose last source byte is at HL.
CR_DISP:
        CP 0A1h                 ; ELSE: always stored as ':' ELSE
        JR NZ,CR_DI1
        LD A,':'
        CALL CR_PUT
        LD A,0A1h
CR_DI1: CP 0CAh                 ; CALL
        JR Z,CR_CALL
        CP '_'
        JR Z,CR_CALL
        CP 0E6h                 ; ' is stored as :REM'
        JR Z,CR_APOS
        CP '&'
        JR Z,CR_RADIX
        JP CR_RAW

CR_APOS:
        LD A,':'
        CALL CR_PUT
        LD A,8Fh
        CALL CR_PUT
        LD A,0E6h
        CALL CR_PUT
        INC HL
        JP CR_REST

; CALL or _: the name upper-cased up to ':' or '('; blanks kept, characters
; below '0', 80h-FFh and graphic characters dropped.
CR_CALL:
        CALL CR_PUT
CR_CN1: INC HL
        LD A,(HL)
        OR A
        JP Z,CR_DONE
        CALL CR_UPPER
        CP 80h
        JR NC,CR_CN1
        CP 1
        JR NZ,CR_CN2
        INC HL
        LD A,(HL)
        OR A
        JP Z,CR_DONE
        JR CR_CN1
CR_CN2: CP ':'
        JP Z,CR_RAW
        CP '('
        JP Z,CR_RAW
        CP ' '
        JR Z,CR_CN3
        CP '0'
        JR C,CR_CN1
CR_CN3: CALL CR_PUT
        JR CR_CN1

; &H and &O constants (blanks allowed before the letter, not after it); any
; other & is a plain character, so &B... stays text.
CR_RADIX:
        LD B,H
        LD C,L
CR_RA1: INC HL
        LD A,(HL)
        CALL CR_BLANK
        JR Z,CR_RA1
        CALL CR_UPPER
        CP 'H'
        JR Z,CR_RAH
        CP 'O'
        JR Z,CR_RAO
        LD H,B
        LD L,C
        LD A,'&'
        JP CR_RAW
CR_RAO: LD BC,0B08h             ; token 0Bh, radix 8
        JR CR_RA2
CR_RAH: LD BC,0C10h             ; token 0Ch, radix 16
CR_RA2: PUSH DE
        PUSH BC
        EX DE,HL
        LD HL,0
CR_RA3: INC DE
        LD A,(DE)
        CALL CR_UPPER
        SUB '0'
        JR C,CR_RA6
        CP 10
        JR C,CR_RA4
        SUB 'A'-'0'-10
        CP 10
        JR C,CR_RA6
CR_RA4: CP C
        JR NC,CR_RA6
        LD B,A
        LD A,C
CR_RA5: ADD HL,HL               ; value times the radix, by shifts
        JR C,CR_OVF
        RRCA
        CP 1
        JR NZ,CR_RA5
        LD A,L
        OR B
        LD L,A
        JR CR_RA3
CR_RA6: EX DE,HL
        POP AF                  ; the token
        LD B,D
        LD C,E
        POP DE
; Stores token A and the word BC, then goes on.
CR_PUT3:
        CALL CR_PUT
        LD A,C
        CALL CR_PUT
        LD A,B
CR_PUTN:
        CALL CR_PUT
        JP CR_NEXT
CR_OVF: LD E,6
        JP X_ERROR               ; raise error E in the interpreter (xbasic.asm)

; A letter (upper-cased in A, HL at it): the first keyword of its list that
; the text starts with, else the letter as part of a name.
CR_WORD:
        PUSH DE
        SUB 'A'
        ADD A,A
        LD E,A
        LD D,0
        PUSH HL
        LD HL,CR_KWLET
        ADD HL,DE
        LD E,(HL)
        INC HL
        LD D,(HL)
        POP HL
CR_WO1: LD A,(DE)               ; DE: next entry of the list
        OR A
        JR Z,CR_WO6
        PUSH HL
CR_WO2: INC HL
        LD A,(HL)
        CALL CR_UPPER
        LD C,A
        LD A,(DE)
        INC DE
        LD B,A
        AND 7Fh
        CP C
        JR NZ,CR_WO5
        BIT 7,B
        JR Z,CR_WO2
        POP BC                  ; matched; HL at the keyword's last character
        LD A,(DE)
        POP DE
        LD C,A
        CP 80h
        JP NC,CR_STMT
        LD A,0FFh               ; a function: FFh, n+80h
        CALL CR_PUT
        XOR A
        LD (CR_DONUM),A
        INC HL
        LD A,C
        OR 80h
        JR CR_PUTN
CR_WO5: POP HL                  ; skip the rest of the entry and its token
CR_WO4: BIT 7,B
        JR NZ,CR_WO3
        LD A,(DE)
        INC DE
        LD B,A
        JR CR_WO4
CR_WO3: INC DE
        JR CR_WO1
CR_WO6: POP DE                  ; no keyword: a name, whose digits stay text
        LD A,0FFh
        LD (CR_DONUM),A
        LD A,(HL)
        CALL CR_UPPER
        JP CR_RAW

; A digit or '.' (A = it, HL at it).
CR_DIGIT:
        LD C,A
        LD A,(CR_DONUM)
        OR A
        LD A,C
        JP Z,CR_CONST
        JP M,CR_RAW             ; after a name's letter: text
        CP '.'
        JP Z,CR_RAW
        PUSH DE
        CALL CR_LINGET
        LD B,D
        LD C,E
        POP DE
        LD A,0Eh
        JP CR_PUT3

; Reads a line number at HL the way MSX-BASIC does: digits, with blanks
; between them skipped, while the value so far is at most 6552 (so at most
; 65529). Returns DE = the number, HL after its last digit; A, BC destroyed.
CR_LINGET:
        LD DE,0
CR_LG1: LD B,H                  ; BC: after the last digit
        LD C,L
CR_LG2: LD A,(HL)
        CALL CR_BLANK
        JR NZ,CR_LG3
        INC HL
        JR CR_LG2
CR_LG3: SUB '0'
        CP 10
        JR NC,CR_LG4
        PUSH HL
        LD HL,6552
        OR A
        SBC HL,DE
        JR C,CR_LG5
        LD H,D
        LD L,E
        ADD HL,HL
        ADD HL,HL
        ADD HL,DE
        ADD HL,HL
        LD E,A
        LD D,0
        ADD HL,DE
        EX DE,HL
        POP HL
        INC HL
        JR CR_LG1
CR_LG5: POP HL
CR_LG4: LD H,B
        LD L,C
        RET

; A numeric constant, read by the Math-Pack's FIN (one reader of number
; text). Blanks FIN skipped after the constant stay in the line.
CR_CONST:
        PUSH DE
        CALL CR_FIN
CR_CO1: DEC HL
        LD A,(HL)
        CALL CR_BLANK
        JR Z,CR_CO1
        INC HL
        POP DE
        LD A,(CR_VALTYP)
        LD BC,(CR_DAC+2)
        CP 2
        JR Z,CR_INT
        LD B,A                  ; 4 bytes of a single (1Dh), 8 of a double (1Fh)
        CP 4
        LD A,1Dh
        JR Z,CR_CO3
        LD A,1Fh
CR_CO3: CALL CR_PUT
        PUSH HL
        LD HL,CR_DAC
CR_CO4: LD A,(HL)
        INC HL
        CALL CR_PUT
        DJNZ CR_CO4
        POP HL
        JP CR_NEXT

; Stores the integer BC (0-32767): 11h+n, 0Fh n, or 1Ch and the word.
CR_INT: LD A,B
        OR A
        LD A,1Ch
        JP NZ,CR_PUT3
        LD A,C
        CP 10
        JR NC,CR_IN1
        ADD A,11h
        JP CR_PUTN
CR_IN1: LD A,0Fh
        CALL CR_PUT
        LD A,C
        JP CR_PUTN

; Stores A (keeping A, BC, HL), except a graphic header 01h that ends the
; line (HL: the next source byte), which has no character to go with.
CR_PUTC:
        CP 1
        JR NZ,CR_PUT
        LD A,(HL)
        OR A
        LD A,1
        RET Z
CR_PUT: LD (DE),A
        INC DE
        PUSH HL
        LD HL,CR_KBUFEND
        ADD HL,DE
        POP HL
        RET NC
        LD E,25                 ; Line buffer overflow
        JP X_ERROR               ; raise error E in the interpreter (xbasic.asm)

CR_UPPER:
        CP 'a'
        RET C
        CP 'z'+1
        RET NC
        SUB 20h
        RET

; Z for the blanks CHRGTR skips inside numbers: space, TAB, LF.
CR_BLANK:
        CP ' '
        RET Z
        CP 9
        RET Z
        CP 0Ah
        RET

; The tokens after which digits are a line number (0Eh).
CR_LNTOK:
        DB 89h,8Ah,8Ch,8Dh,8Eh,93h,9Eh  ; GOTO RUN RESTORE GOSUB RETURN LIST LLIST
        DB 0A1h,0A7h,0A8h,0A9h,0AAh,0DAh,0E1h ; ELSE RESUME DELETE AUTO RENUM THEN ERL

; The one-character tokens, in the ROM's order.
CR_SINGLE:
        DB '+',0F1h,'-',0F2h,'*',0F3h,'/',0F4h,'^',0F5h
        DB '\',0FCh,27h,0E6h,'>',0EEh,'=',0EFh,'<',0F0h

; The keywords (shared with the lister, list.asm). Per first letter, in the
; ROM's search order (first match wins): the spelling after the first letter
; with 80h added to its last character, then the token: 81h-FBh a one-byte
; token, 01h-30h the function token FFh,n+80h. Each list ends with 0; the
; lists follow each other from A to Z.
CR_KWLET:
        DW CR_KW_A,CR_KW_B,CR_KW_C,CR_KW_D,CR_KW_E,CR_KW_F
        DW CR_KW_G,CR_KW_H,CR_KW_I,CR_KW_J,CR_KW_K,CR_KW_L
        DW CR_KW_M,CR_KW_N,CR_KW_O,CR_KW_P,CR_KW_Q,CR_KW_R
        DW CR_KW_S,CR_KW_T,CR_KW_U,CR_KW_V,CR_KW_W,CR_KW_X
        DW CR_KW_Y,CR_KW_Z
CR_KWTAB:
CR_KW_A:
        DB 'UT','O'+80h,0A9h       ; AUTO
        DB 'N','D'+80h,0F6h        ; AND
        DB 'B','S'+80h,006h        ; ABS
        DB 'T','N'+80h,00Eh        ; ATN
        DB 'S','C'+80h,015h        ; ASC
        DB 'TTR','$'+80h,0E9h      ; ATTR$
        DB 0
CR_KW_B:
        DB 'AS','E'+80h,0C9h       ; BASE
        DB 'SAV','E'+80h,0D0h      ; BSAVE
        DB 'LOA','D'+80h,0CFh      ; BLOAD
        DB 'EE','P'+80h,0C0h       ; BEEP
        DB 'IN','$'+80h,01Dh       ; BIN$
        DB 0
CR_KW_C:
        DB 'AL','L'+80h,0CAh       ; CALL
        DB 'LOS','E'+80h,0B4h      ; CLOSE
        DB 'OP','Y'+80h,0D6h       ; COPY
        DB 'ON','T'+80h,099h       ; CONT
        DB 'LEA','R'+80h,092h      ; CLEAR
        DB 'LOA','D'+80h,09Bh      ; CLOAD
        DB 'SAV','E'+80h,09Ah      ; CSAVE
        DB 'SRLI','N'+80h,0E8h     ; CSRLIN
        DB 'IN','T'+80h,01Eh       ; CINT
        DB 'SN','G'+80h,01Fh       ; CSNG
        DB 'DB','L'+80h,020h       ; CDBL
        DB 'V','I'+80h,028h        ; CVI
        DB 'V','S'+80h,029h        ; CVS
        DB 'V','D'+80h,02Ah        ; CVD
        DB 'O','S'+80h,00Ch        ; COS
        DB 'HR','$'+80h,016h       ; CHR$
        DB 'IRCL','E'+80h,0BCh     ; CIRCLE
        DB 'OLO','R'+80h,0BDh      ; COLOR
        DB 'L','S'+80h,09Fh        ; CLS
        DB 'M','D'+80h,0D7h        ; CMD
        DB 0
CR_KW_D:
        DB 'ELET','E'+80h,0A8h     ; DELETE
        DB 'AT','A'+80h,084h       ; DATA
        DB 'I','M'+80h,086h        ; DIM
        DB 'EFST','R'+80h,0ABh     ; DEFSTR
        DB 'EFIN','T'+80h,0ACh     ; DEFINT
        DB 'EFSN','G'+80h,0ADh     ; DEFSNG
        DB 'EFDB','L'+80h,0AEh     ; DEFDBL
        DB 'SKO','$'+80h,0D1h      ; DSKO$
        DB 'E','F'+80h,097h        ; DEF
        DB 'SKI','$'+80h,0EAh      ; DSKI$
        DB 'SK','F'+80h,026h       ; DSKF
        DB 'RA','W'+80h,0BEh       ; DRAW
        DB 0
CR_KW_E:
        DB 'LS','E'+80h,0A1h       ; ELSE
        DB 'N','D'+80h,081h        ; END
        DB 'RAS','E'+80h,0A5h      ; ERASE
        DB 'RRO','R'+80h,0A6h      ; ERROR
        DB 'R','L'+80h,0E1h        ; ERL
        DB 'R','R'+80h,0E2h        ; ERR
        DB 'X','P'+80h,00Bh        ; EXP
        DB 'O','F'+80h,02Bh        ; EOF
        DB 'Q','V'+80h,0F9h        ; EQV
        DB 0
CR_KW_F:
        DB 'O','R'+80h,082h        ; FOR
        DB 'IEL','D'+80h,0B1h      ; FIELD
        DB 'ILE','S'+80h,0B7h      ; FILES
        DB 'N'+80h,0DEh            ; FN
        DB 'R','E'+80h,00Fh        ; FRE
        DB 'I','X'+80h,021h        ; FIX
        DB 'PO','S'+80h,027h       ; FPOS
        DB 0
CR_KW_G:
        DB 'OT','O'+80h,089h       ; GOTO
        DB 'O T','O'+80h,089h      ; GO TO
        DB 'OSU','B'+80h,08Dh      ; GOSUB
        DB 'E','T'+80h,0B2h        ; GET
        DB 0
CR_KW_H:
        DB 'EX','$'+80h,01Bh       ; HEX$
        DB 0
CR_KW_I:
        DB 'NPU','T'+80h,085h      ; INPUT
        DB 'F'+80h,08Bh            ; IF
        DB 'NST','R'+80h,0E5h      ; INSTR
        DB 'N','T'+80h,005h        ; INT
        DB 'N','P'+80h,010h        ; INP
        DB 'M','P'+80h,0FAh        ; IMP
        DB 'NKEY','$'+80h,0ECh     ; INKEY$
        DB 'P','L'+80h,0D5h        ; IPL
        DB 0
CR_KW_J:
        DB 0
CR_KW_K:
        DB 'IL','L'+80h,0D4h       ; KILL
        DB 'E','Y'+80h,0CCh        ; KEY
        DB 0
CR_KW_L:
        DB 'PRIN','T'+80h,09Dh     ; LPRINT
        DB 'LIS','T'+80h,09Eh      ; LLIST
        DB 'PO','S'+80h,01Ch       ; LPOS
        DB 'E','T'+80h,088h        ; LET
        DB 'OCAT','E'+80h,0D8h     ; LOCATE
        DB 'IN','E'+80h,0AFh       ; LINE
        DB 'OA','D'+80h,0B5h       ; LOAD
        DB 'SE','T'+80h,0B8h       ; LSET
        DB 'IS','T'+80h,093h       ; LIST
        DB 'FILE','S'+80h,0BBh     ; LFILES
        DB 'O','G'+80h,00Ah        ; LOG
        DB 'O','C'+80h,02Ch        ; LOC
        DB 'E','N'+80h,012h        ; LEN
        DB 'EFT','$'+80h,001h      ; LEFT$
        DB 'O','F'+80h,02Dh        ; LOF
        DB 0
CR_KW_M:
        DB 'OTO','R'+80h,0CEh      ; MOTOR
        DB 'ERG','E'+80h,0B6h      ; MERGE
        DB 'O','D'+80h,0FBh        ; MOD
        DB 'KI','$'+80h,02Eh       ; MKI$
        DB 'KS','$'+80h,02Fh       ; MKS$
        DB 'KD','$'+80h,030h       ; MKD$
        DB 'ID','$'+80h,003h       ; MID$
        DB 'A','X'+80h,0CDh        ; MAX
        DB 0
CR_KW_N:
        DB 'EX','T'+80h,083h       ; NEXT
        DB 'AM','E'+80h,0D3h       ; NAME
        DB 'E','W'+80h,094h        ; NEW
        DB 'O','T'+80h,0E0h        ; NOT
        DB 0
CR_KW_O:
        DB 'PE','N'+80h,0B0h       ; OPEN
        DB 'U','T'+80h,09Ch        ; OUT
        DB 'N'+80h,095h            ; ON
        DB 'R'+80h,0F7h            ; OR
        DB 'CT','$'+80h,01Ah       ; OCT$
        DB 'F','F'+80h,0EBh        ; OFF
        DB 0
CR_KW_P:
        DB 'RIN','T'+80h,091h      ; PRINT
        DB 'U','T'+80h,0B3h        ; PUT
        DB 'OK','E'+80h,098h       ; POKE
        DB 'O','S'+80h,011h        ; POS
        DB 'EE','K'+80h,017h       ; PEEK
        DB 'SE','T'+80h,0C2h       ; PSET
        DB 'RESE','T'+80h,0C3h     ; PRESET
        DB 'OIN','T'+80h,0EDh      ; POINT
        DB 'AIN','T'+80h,0BFh      ; PAINT
        DB 'D','L'+80h,024h        ; PDL
        DB 'A','D'+80h,025h        ; PAD
        DB 'LA','Y'+80h,0C1h       ; PLAY
        DB 0
CR_KW_Q:
        DB 0
CR_KW_R:
        DB 'ETUR','N'+80h,08Eh     ; RETURN
        DB 'EA','D'+80h,087h       ; READ
        DB 'U','N'+80h,08Ah        ; RUN
        DB 'ESTOR','E'+80h,08Ch    ; RESTORE
        DB 'E','M'+80h,08Fh        ; REM
        DB 'ESUM','E'+80h,0A7h     ; RESUME
        DB 'SE','T'+80h,0B9h       ; RSET
        DB 'IGHT','$'+80h,002h     ; RIGHT$
        DB 'N','D'+80h,008h        ; RND
        DB 'ENU','M'+80h,0AAh      ; RENUM
        DB 0
CR_KW_S:
        DB 'CREE','N'+80h,0C5h     ; SCREEN
        DB 'PRIT','E'+80h,0C7h     ; SPRITE
        DB 'TO','P'+80h,090h       ; STOP
        DB 'WA','P'+80h,0A4h       ; SWAP
        DB 'E','T'+80h,0D2h        ; SET
        DB 'AV','E'+80h,0BAh       ; SAVE
        DB 'PC','('+80h,0DFh       ; SPC(
        DB 'TE','P'+80h,0DCh       ; STEP
        DB 'G','N'+80h,004h        ; SGN
        DB 'Q','R'+80h,007h        ; SQR
        DB 'I','N'+80h,009h        ; SIN
        DB 'TR','$'+80h,013h       ; STR$
        DB 'TRING','$'+80h,0E3h    ; STRING$
        DB 'PACE','$'+80h,019h     ; SPACE$
        DB 'OUN','D'+80h,0C4h      ; SOUND
        DB 'TIC','K'+80h,022h      ; STICK
        DB 'TRI','G'+80h,023h      ; STRIG
        DB 0
CR_KW_T:
        DB 'HE','N'+80h,0DAh       ; THEN
        DB 'RO','N'+80h,0A2h       ; TRON
        DB 'ROF','F'+80h,0A3h      ; TROFF
        DB 'AB','('+80h,0DBh       ; TAB(
        DB 'O'+80h,0D9h            ; TO
        DB 'IM','E'+80h,0CBh       ; TIME
        DB 'A','N'+80h,00Dh        ; TAN
        DB 0
CR_KW_U:
        DB 'SIN','G'+80h,0E4h      ; USING
        DB 'S','R'+80h,0DDh        ; USR
        DB 0
CR_KW_V:
        DB 'A','L'+80h,014h        ; VAL
        DB 'ARPT','R'+80h,0E7h     ; VARPTR
        DB 'D','P'+80h,0C8h        ; VDP
        DB 'POK','E'+80h,0C6h      ; VPOKE
        DB 'PEE','K'+80h,018h      ; VPEEK
        DB 0
CR_KW_W:
        DB 'IDT','H'+80h,0A0h      ; WIDTH
        DB 'AI','T'+80h,096h       ; WAIT
        DB 0
CR_KW_X:
        DB 'O','R'+80h,0F8h        ; XOR
        DB 0
CR_KW_Y:
        DB 0
CR_KW_Z:
        DB 0
