; Reading values: READ / DATA / RESTORE and INPUT / LINE INPUT. Both read
; "items" (a quoted string, or text up to ',' ':' or the end) with one reader,
; BI_ITEM.

; ---- RESTORE [n] --------------------------------------------------------------
RESTORE_I:      CALL LINGET
                PUSH HL
                JR NZ,RESTORE_TOP
                CALL FNDLIN
                JP NC,ULERR
                LD H,B
                LD L,C
                DEC HL                  ; the 00 before the line
                JR RESTORE_SET
RESTORE_TOP:    LD HL,(TXTTAB)
                DEC HL
RESTORE_SET:    LD (BDATPTR),HL
                POP HL
                RET

; ---- READ v[, v ...] ----------------------------------------------------------------
READ_I:         CALL PTRGET_I           ; DE = the variable
                PUSH HL                 ; the READ statement
                LD HL,(BDATPTR)
                LD A,(HL)
                CP ','
                JR Z,READ_ITEM
                PUSH DE
                CALL BI_FNDDATA         ; HL after the next DATA
                POP DE
                DEC HL
READ_ITEM:      INC HL
                XOR A                   ; a READ: bad numbers are Syntax errors
                CALL BI_ITEM
                LD (BDATPTR),HL
                POP HL
                CALL CHRGOT
                CP ','
                RET NZ
                CALL CHRGTR_I
                JR READ_I

; BI_FNDDATA: from HL (a ':' or 00 or inside a statement) to just after the
; next DATA token; DATLIN follows the lines. Out of DATA at the end.
BI_FNDDATA:     LD A,(HL)
                OR A
                JR Z,FNDDATA_EOL
                CALL BI_SKIPEL
                CP TK_DATA
                RET Z
                CP TK_REM
                JR NZ,BI_FNDDATA
                DEC HL
                CALL REM_SKIP
                JR BI_FNDDATA
FNDDATA_EOL:    INC HL
                LD A,(HL)
                INC HL
                OR (HL)
                LD E,4                  ; Out of DATA
                JP Z,ERROR_I
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                LD (DATLIN),DE
                INC HL
                JR BI_FNDDATA

; BI_ITEM: one item at HL into the variable DE (VALTYP its type). A = 0 for
; READ (a bad number: Syntax error in the DATA line), else INPUT (carry
; back: the caller asks again). HL after the item, on ',' ':' or 00.
BI_ITEM:        LD (FLGINP),A
BI_ITEM_BL:     LD A,(HL)               ; leading blanks
                CP ' '
                JR NZ,BI_ITEM_1
                INC HL
                JR BI_ITEM_BL
BI_ITEM_1:      LD A,(VALTYP)
                CP 3
                JR NZ,BI_ITEM_NUM
                PUSH DE                 ; a string
                LD A,(HL)
                CP '"'
                JR NZ,BI_ITEM_RAW
                INC HL
                LD D,H
                LD E,L
                LD B,0
BI_ITEM_Q:      LD A,(HL)
                OR A
                JR Z,BI_ITEM_QE
                INC HL
                CP '"'
                JR Z,BI_ITEM_QE
                INC B
                JR BI_ITEM_Q
BI_ITEM_QE:     LD A,(HL)               ; blanks after the closing quote
                CP ' '
                JR NZ,BI_ITEM_S
                INC HL
                JR BI_ITEM_QE
BI_ITEM_RAW:    LD D,H                  ; up to ',' ':' or the end
                LD E,L
                LD B,0
                LD C,0                  ; length without trailing blanks
BI_ITEM_R:      LD A,(HL)
                OR A
                JR Z,BI_ITEM_RE
                CP ','
                JR Z,BI_ITEM_RE
                CP ':'
                JR NZ,BI_ITEM_RC
                LD A,(FLGINP)           ; INPUT keeps ':' in the text
                OR A
                JR Z,BI_ITEM_RE
BI_ITEM_RC:     INC HL
                INC B
                CP ' '
                JR Z,BI_ITEM_R
                LD C,B
                JR BI_ITEM_R
BI_ITEM_RE:     LD B,C
BI_ITEM_S:      PUSH HL
                LD A,B
                CALL BI_MKDSC
                CALL BI_PUTNEW
                POP HL
                POP DE
                PUSH HL
                CALL BI_STRASG
                POP HL
                JR BI_ITEM_END
BI_ITEM_NUM:    PUSH DE
                LD A,(VALTYP)
                PUSH AF
                LD A,(HL)
                CALL MP_FIN
BI_ITEM_NB:     LD A,(HL)               ; blanks after the number
                CP ' '
                JR NZ,BI_ITEM_NE
                INC HL
                JR BI_ITEM_NB
BI_ITEM_NE:     OR A
                JR Z,BI_ITEM_NOK
                CP ','
                JR Z,BI_ITEM_NOK
                CP ':'
                JR Z,BI_ITEM_NOK
                POP AF                  ; not a number
                POP DE
                LD A,(FLGINP)
                OR A
                SCF
                RET NZ                  ; INPUT: Redo from start
                LD HL,(DATLIN)          ; READ: Syntax error in the DATA line
                LD (CURLIN),HL
                JP SNERR
BI_ITEM_NOK:    POP AF
                CALL BI_FRCTYP
                POP DE
                PUSH HL
                CALL BI_STDAC
                POP HL
BI_ITEM_END:    OR A
                RET

; ---- INPUT ["prompt";] v[, v ...] and LINE INPUT ["prompt";] v$ -----------------
INPUT_I:        CP '#'                  ; Disk BASIC: INPUT #n, (extcall.asm)
                JP Z,BI_INPFIL
                LD C,0                  ; INPUT
                JR INPUT_GO
LINE_I:         CP 85h                  ; LINE INPUT (LINE alone: graphics)
                JP NZ,SNERR
                CALL CHRGTR_I
                CP '#'                  ; Disk BASIC: LINE INPUT #n,
                JP Z,BI_LINFIL
                LD C,1
INPUT_GO:       LD A,C
                PUSH AF
                LD A,(HL)               ; a prompt
                LD B,1                  ; "? " unless the prompt ends in ','
                CP '"'
                JR NZ,INPUT_NOPR
                CALL FRMEVL_I
                PUSH HL
                CALL FRESTR_I
                CALL BI_STRPRT
                POP HL
                LD A,(HL)
                LD B,1
                CP ';'
                JR Z,INPUT_SEP
                CP ','
                JP NZ,SNERR
                LD B,0
INPUT_SEP:      CALL CHRGTR_I
INPUT_NOPR:     POP AF                  ; A = 0 INPUT, 1 LINE INPUT
                PUSH HL
                LD (TEMP2),HL           ; the variable list
                OR A
                JP NZ,LINPUT_READ
                LD A,B
                PUSH AF
INPUT_ASK:      POP AF
                PUSH AF
                OR A
                JR Z,INPUT_NOQ
                CALL BI_QINLF           ; (or a line of the file PTRFIL)           ; "? " and a line
                JR INPUT_GOT
INPUT_NOQ:      CALL BI_INLF            ; (or a line of the file PTRFIL)
INPUT_GOT:      JP C,INPUT_BRK
                INC HL                  ; BUF
                LD (TEMP),HL
                LD HL,(TEMP2)
INPUT_VAR:      CALL PTRGET_I
                LD (TEMP2),HL
                LD HL,(TEMP)
                LD A,1
                CALL BI_ITEM
                JR C,INPUT_REDO
                LD (TEMP),HL
                LD HL,(TEMP2)
                CALL CHRGOT
                CP ','
                JR NZ,INPUT_DONE
                CALL CHRGTR_I
                LD (TEMP2),HL
                LD HL,(TEMP)            ; the next value: after ','
                LD A,(HL)
                CP ','
                JR NZ,INPUT_MORE
                INC HL
                LD (TEMP),HL
                LD HL,(TEMP2)
                JR INPUT_VAR
INPUT_MORE:     LD A,'?'                ; fewer values: "?? " and another line
                RST 18h
                CALL BI_QINLF           ; (or a line of the file PTRFIL)
                JP C,INPUT_BRK
                INC HL
                LD (TEMP),HL
                LD HL,(TEMP2)
                JR INPUT_VAR
INPUT_REDO:     LD HL,BI_REDO
                CALL STROUT
                POP AF
                POP HL
                PUSH HL
                LD (TEMP2),HL
                PUSH AF
                JR INPUT_ASK
INPUT_DONE:     LD HL,(TEMP)            ; values left over
                LD A,(HL)
                OR A
                JR Z,INPUT_END
                LD HL,BI_EXTRA
                CALL STROUT
INPUT_END:      POP AF
                POP DE
                LD HL,(TEMP2)
                JP CHRGOT
INPUT_BRK:      POP AF                  ; CTRL+STOP: Break
INPUT_BRK2:     POP HL
                LD HL,(SAVTXT)
                LD A,1
                JP BI_STOPEND
LINPUT_READ:    CALL BI_INLF            ; (or a line of the file PTRFIL)            ; no "?" for LINE INPUT
                JR C,INPUT_BRK2
                INC HL
                LD (TEMP),HL
                POP HL
                CALL PTRGET_I
                LD A,(VALTYP)
                CP 3
                JP NZ,TMERR
                PUSH HL
                PUSH DE
                LD HL,(TEMP)            ; the whole line
                LD D,H
                LD E,L
                LD B,0
LINPUT_LEN:     LD A,(HL)
                OR A
                JR Z,LINPUT_S
                INC HL
                INC B
                JR LINPUT_LEN
LINPUT_S:       LD A,B
                CALL BI_MKDSC
                CALL BI_PUTNEW
                POP DE
                CALL BI_STRASG
                POP HL
                JP CHRGOT
BI_REDO:        DB "?Redo from start",0Dh,0Ah,0
BI_EXTRA:       DB "?Extra ignored",0Dh,0Ah,0
