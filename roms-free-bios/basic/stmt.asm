; The run loop (NEWSTT), the text reader (CHRGTR), statement dispatch and the
; flow statements: END STOP CONT GOTO GOSUB RETURN ON IF FOR NEXT REM DATA
; RUN TRON TROFF. Fact sheet §4.1-§4.4.
;
; Conventions (docs/basic-interpreter.md, "The core"):
; - HL is the text pointer everywhere.
; - A statement handler is entered with HL at the first character after its
;   keyword token, A = that character and the CHRGTR flags (Z at the end of
;   the statement); the return address on the stack is NEWSTT. It returns
;   (RET) with HL on the ':' or 00 that ends the statement; NEWSTT refuses
;   anything else with "Syntax error".
; - A handler that moves the stack (RUN, CONT, GOTO inside FOR ...) ends with
;   JP NEWSTT instead.

; ---- CHRGTR (0010h, 4666h): the next item of the text --------------------
; HL at the current item; moves past it (a numeric constant 0Bh-1Fh with its
; operand bytes) and past blanks, TABs and LFs. A = the new item; Z at ':' or
; 00, C for an ASCII digit. Keeps BC and DE.
; Unlike MSX-BASIC this CHRGTR does not decode constants into CONLO: the
; factor evaluator reads them where they stand (BI_CONST).
CHRGTR_I:
                CALL H_CHRG
                LD A,(HL)
                CP 20h
                JR NC,CHRG_INC
                CP 0Bh
                JR C,CHRG_INC
                PUSH DE
                SUB 0Bh
                LD E,A
                LD D,0
                PUSH HL
                LD HL,BI_OPLEN
                ADD HL,DE
                LD E,(HL)
                POP HL
                ADD HL,DE
                POP DE
CHRG_INC:       INC HL
; CHRGOT: the same flags for the item at HL (blanks at HL skipped first).
CHRGOT:         LD A,(HL)
                CP ':'
                RET NC                  ; ':' gives Z; letters and tokens NZ NC
                CP ' '
                JR Z,CHRG_INC
                CP 09h
                JR Z,CHRG_INC
                CP 0Ah
                JR Z,CHRG_INC
                CP '0'
                CCF                     ; C for '0'-'9'
                INC A
                DEC A                   ; Z for 00
                RET

; Operand bytes after the constant tokens 0Bh-1Fh ([FMT] A7).
BI_OPLEN:       DB 2,2,2,2,1,0          ; 0B &O, 0C &H, 0D pointer, 0E line, 0F byte, 10
                DB 0,0,0,0,0,0,0,0,0,0  ; 11-1A digits
                DB 0,2,4,0,8            ; 1B, 1C integer, 1D single, 1E, 1F double

; ---- SYNCHR (0008h): (HL) must be the byte after the RST, then CHRGTR ------
SYNCHR_I:
                EX (SP),HL
                LD A,(HL)
                INC HL
                EX (SP),HL
                CP (HL)
                JP NZ,SNERR
                JP CHRGTR_I

; ---- GETYPR (0028h): flags from VALTYP (M int, Z string, PO single, NC double)
GETYPR_I:
                LD A,(VALTYP)
                CP 8
                JR NC,GETYPR_DBL
                SUB 3
                OR A
                SCF
                RET
GETYPR_DBL:     SUB 3
                OR A
                RET

; ---- NEWSTT (4601h): run the text from HL (on a ':' or a line's 00) -------
NEWSTT_I:
                CALL H_NEWS
                LD (SAVSTK),SP
                LD (SAVTXT),HL
                LD A,(INTFLG)           ; STOP or CTRL+STOP pressed
                OR A
                CALL NZ,ISCNTC_I
                LD A,(ONGSBF)           ; an event trap waits
                OR A
                JP NZ,BI_TRAP
NEWSTT_GO:      LD A,(HL)
                CP ':'
                JR Z,BI_EXEC
                OR A
                JP NZ,SNERR
                INC HL                  ; the next line's link
                LD A,(HL)
                INC HL
                OR (HL)
                JP Z,BI_PRGEND
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                EX DE,HL
                LD (CURLIN),HL
                EX DE,HL
                INC HL                  ; the line's first text byte
                LD A,(TRCFLG)
                OR A
                JR Z,BI_EXECL
                PUSH HL                 ; TRON: [line]
                LD A,'['
                RST 18h
                EX DE,HL
                CALL LINPRT
                LD A,']'
                RST 18h
                POP HL
; BI_EXECL: HL on a line's first text byte. Not CHRGTR from the line
; number's high byte: CHRGTR skips a constant's operand when the byte it
; leaves is a constant token, and a high byte of 0Bh-1Fh (lines 2816-8191)
; would look like one.
BI_EXECL:       LD DE,NEWSTT_I
                PUSH DE
                CALL CHRGOT
                RET Z                   ; empty line
                JR BI_GONE
; BI_EXEC: HL on the byte before a statement: run it, return to NEWSTT.
BI_EXEC:        LD DE,NEWSTT_I
                PUSH DE
                CALL CHRGTR_I
                RET Z                   ; empty statement
; BI_GONE: A = first byte of a statement at HL, NEWSTT pushed.
BI_GONE:        CALL H_GONE
                CP 81h
                JP C,BI_NOTOK
                CP 0D9h
                JR NC,BI_GONEFF
                SUB 81h
                ADD A,A
                EX DE,HL
                LD L,A
                LD H,0
                LD BC,BI_STMTS
                ADD HL,BC
                LD C,(HL)
                INC HL
                LD B,(HL)
                PUSH BC
                EX DE,HL
                JP CHRGTR_I             ; the handler gets the next item
BI_NOTOK:       CP '_'                  ; _NAME: CALL
                JR NZ,BI_LETST
                CALL CHRGTR_I
                JP CALL_I
BI_LETST:
                JP LET_I                ; a variable: LET without the keyword
BI_GONEFF:      CP 0FFh                 ; FF-prefixed: MID$ assignment
                JR NZ,BI_SNGONE
                INC HL
                LD A,(HL)
                CP 83h
                JP Z,MIDASG_I
                CP 0A3h                 ; STRIG(n) ON/OFF/STOP
                JP Z,TS_FFST
                CP 85h                  ; INTERVAL ON/OFF/STOP
                JP Z,TS_FFST
BI_SNGONE:      CALL H_ISMI             ; STRIG, INTERVAL, others: extensions
                JP SNERR

; BI_TRAP: ONGSBF counts raised traps (fact sheet §4.6). Not in direct mode
; nor in an error handler: the first TRPTBL entry whose flags are 05h (on,
; not stopped, occurred) and that has a handler line (its address, as
; ON ... GOSUB stores it) is acknowledged and stopped, and a GOSUB block with
; the entry's address is built; RETURN lets the trap go again.
BI_TRAP:        LD DE,(CURLIN)
                LD A,D
                AND E
                INC A
                JP Z,NEWSTT_GO
                LD A,(ONEFLG)
                OR A
                JP NZ,NEWSTT_GO
                PUSH HL
                LD HL,TRPTBL
                LD B,26
BI_TRAP_L:      LD A,(HL)
                AND 7                   ; (bit 3: a trigger held, traps.asm)
                CP 5
                JR NZ,BI_TRAP_N
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                DEC HL
                DEC HL
                LD A,D
                OR E
                JR NZ,BI_TRAP_GO
BI_TRAP_N:      INC HL
                INC HL
                INC HL
                DJNZ BI_TRAP_L
                XOR A                   ; none can run now
                LD (ONGSBF),A
                POP HL
                JP NEWSTT_GO
BI_TRAP_GO:     LD A,(HL)               ; on and stopped, no longer pending
                AND 8                   ; (a trigger's held bit kept)
                OR 3
                LD (HL),A
                LD A,(ONGSBF)
                DEC A
                LD (ONGSBF),A
                EX (SP),HL              ; HL = text, entry pushed
                POP BC
                PUSH HL                 ; +5 the statement to come back to
                LD HL,(CURLIN)
                PUSH HL                 ; +3 line
                PUSH BC                 ; +1 the trap's entry
                LD B,TK_GOSUB
                PUSH BC
                INC SP                  ; +0 8Dh
                EX DE,HL
                DEC HL                  ; the 00 before the handler's line
                JP NEWSTT_I

; Program end (a 0000 link): "No RESUME" inside an error handler, else END.
BI_PRGEND:      CALL H_PRGE
                CALL BI_CLSALL          ; Disk BASIC: every file closed
                LD A,(ONEFLG)
                OR A
                LD E,21
                JP NZ,ERROR_I
                DEC HL                  ; back on the 00 ending the last line
                DEC HL
                XOR A
                JR BI_STOPEND

; ---- END / STOP and the CTRL+STOP break ------------------------------------
END_I:          JP NZ,SNERR
                CALL BI_CLSALL          ; Disk BASIC: every file closed
                XOR A                   ; END: no message
                JR BI_STOPEND
STOP_I:         JP NZ,TS_STOPST         ; STOP ON/OFF/STOP: the event trap
                LD A,1                  ; "Break"
; A = 0 END, 1 Break; HL = where CONT continues (':' or 00).
BI_STOPEND:     LD SP,(SAVSTK)
                LD (SAVTXT),HL
                EX DE,HL
                LD HL,(CURLIN)
                PUSH AF
                LD A,H                  ; program mode: CONT possible
                AND L
                INC A
                JR Z,BI_STOPDIR
                LD (OLDLIN),HL
                LD (OLDTXT),DE
BI_STOPDIR:     POP AF
                OR A
                JP Z,READYR_I
                CALL CRDONZ
                LD HL,BI_BREAKMSG
                CALL STROUT
                JP BI_ERRIN             ; " in n", then Ok

BI_BREAKMSG:    DB "Break",0

; ---- ISCNTC (00BAh): CTRL+STOP pressed -> Break; STOP -> pause --------------
ISCNTC_I:
                LD A,(BASROM)
                OR A
                RET NZ
                LD A,(INTFLG)
                OR A
                RET Z
                CP 3
                JR Z,ISCNTC_BRK
                CP 4
                RET NZ
                ; STOP: wait until STOP is pressed again (INTFLG 4 once more
                ; after a 0) or CTRL+STOP
                XOR A
                LD (INTFLG),A
ISCNTC_WAIT:    LD A,(INTFLG)
                OR A
                JR Z,ISCNTC_WAIT
                CP 3
                JR Z,ISCNTC_BRK
                XOR A
                LD (INTFLG),A
                RET
ISCNTC_BRK:     LD A,(TRPTBL+30)        ; ON STOP GOSUB on: its trap, not Break
                RRCA
                JR NC,ISCNTC_BRK2
                XOR A
                LD (INTFLG),A
                CALL KILBUF_I
                LD C,10
                JP TR_RAISE             ; main/traps.asm
ISCNTC_BRK2:    XOR A
                LD (INTFLG),A
                CALL KILBUF_I
                LD HL,(SAVTXT)          ; CONT restarts this statement
                LD A,1
                JR BI_STOPEND

; CKCNTC (00BDh): the same check, called by statements that loop.
CKCNTC_I:       PUSH HL
                PUSH DE
                PUSH BC
                CALL ISCNTC_I
                POP BC
                POP DE
                POP HL
                RET

; ---- CONT ------------------------------------------------------------------
CONT_I:         JP NZ,SNERR
                LD HL,(OLDTXT)
                LD A,H
                OR L
                LD E,17                 ; Can't CONTINUE
                JP Z,ERROR_I
                LD DE,(OLDLIN)
                LD (CURLIN),DE
                POP DE                  ; NEWSTT's address: the stack is the program's
                JP NEWSTT_I

; ---- TRON / TROFF ---------------------------------------------------------
TRON_I:         LD A,0FFh
                DB 0FEh                 ; CP n: skips the XOR A
TROFF_I:        XOR A
                LD (TRCFLG),A
                RET

; ---- REM, ELSE, ': comment to the end of the line; DATA to the statement end
REM_I:          DEC HL
REM_SKIP:       INC HL
                LD A,(HL)
                OR A
                JR NZ,REM_SKIP
                RET
DATA_I:         DEC HL
; BI_DATSKP: from HL to the ':' or 00 ending a DATA statement (quotes kept).
BI_DATSKP:      LD C,0                  ; C = in quotes
DATSKP_L:       INC HL
                LD A,(HL)
                OR A
                RET Z
                CP '"'
                JR NZ,DATSKP_Q
                LD A,C
                CPL
                LD C,A
                JR DATSKP_L
DATSKP_Q:       CP ':'
                JR NZ,DATSKP_L
                INC C
                DEC C
                JR NZ,DATSKP_L
                RET

; ---- line numbers in the text ------------------------------------------------
; LINGET: A/HL at an item (after CHRGTR): a 0Eh line number or 0Dh pointer
; gives DE = its line number and the next item (CHRGTR); anything else gives
; DE = 0 and leaves HL. NZ when there was no number.
LINGET:         CP 0Eh
                JR Z,LINGET_NUM
                CP 0Dh
                JR Z,LINGET_PTR
                LD DE,0
                OR A                    ; NZ unless A = 0
                RET NZ
                INC A                   ; at the end: NZ as well
                RET
LINGET_NUM:     INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                DEC HL
                DEC HL
                CALL CHRGTR_I
                CP A
                RET
LINGET_PTR:     PUSH HL                 ; a pointer: the number of its line
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                EX DE,HL
                INC HL
                INC HL
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                POP HL
                CALL CHRGTR_I
                CP A
                RET

; FNDLIN: DE = line number -> BC = its line (link field) and C; else BC =
; the first line above it (or the end link) and NC. Keeps DE.
FNDLIN:         LD HL,(TXTTAB)
FNDLNC:         LD B,H
                LD C,L
                LD A,(HL)
                INC HL
                OR (HL)
                RET Z                   ; end of the program: NC
                INC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                RST 20h                 ; line number vs DE
                LD H,B
                LD L,C
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                JR C,FNDLNC             ; below: the next line
                SCF
                RET Z                   ; found
                CCF
                RET

; ---- GOTO / GOSUB / RETURN ------------------------------------------------
GOTO_I:         CALL BI_JUMPLN          ; BC = the line
                LD H,B
                LD L,C
                DEC HL                  ; the 00 before it: NEWSTT goes on there
                RET

; BI_FINDLN: DE = line number -> BC = the line, carry if it exists (FNDLIN).
; A line after the current one is searched from the next line on ([RB
; 47E8h]); HL (a position in the current line, on an element) is kept.
BI_FINDLN:      PUSH HL
                LD HL,(CURLIN)
                LD A,H
                AND L
                INC A
                JR Z,BI_FINDLN_T        ; direct mode
                RST 20h
                JR NC,BI_FINDLN_T       ; not after the current line
                POP HL
                PUSH HL
                CALL BI_EOL             ; the end of the current line
                INC HL
                CALL FNDLNC
                POP HL
                RET
BI_FINDLN_T:    CALL FNDLIN
                POP HL
                RET

; BI_GOTO: DE = line: continue there (HL on the 00 before it). BI_GOTOT
; searches from the first line.
BI_GOTO:        CALL BI_FINDLN
BI_GOTOB:       JP NC,ULERR
                LD H,B
                LD L,C
                DEC HL
                RET
BI_GOTOT:       CALL FNDLIN
                JR BI_GOTOB

GOSUB_I:        CALL BI_JUMPLN          ; BC = the line, HL after it
; BI_GOSUBB: a GOSUB block for the text HL, then on at line BC.
BI_GOSUBB:      PUSH BC
                LD C,3
                CALL GETSTK
                POP DE                  ; the line
                POP BC                  ; NEWSTT
                PUSH HL                 ; +5 text after the GOSUB
                LD HL,(CURLIN)
                PUSH HL                 ; +3 line
                LD HL,0
                PUSH HL                 ; +1 0000: not an event trap
                LD B,TK_GOSUB
                PUSH BC
                INC SP                  ; +0 8Dh
                LD HL,NEWSTT_I
                PUSH HL
                EX DE,HL
                DEC HL
                RET

RETURN_I:       LD (TEMP),HL
                CALL H_RETU
                LD D,0FFh               ; no FOR block has this variable
                CALL FNDFOR
                CP TK_GOSUB
                LD E,3                  ; RETURN without GOSUB
                JP NZ,ERROR_I
                LD SP,HL
                INC SP
                POP BC                  ; event trap entry: resume it
                LD A,B
                OR C
                JR Z,RETURN_NT
                LD A,(BC)
                AND 0FDh
                LD (BC),A
                CP 5                    ; it happened meanwhile: pending again
                JR NZ,RETURN_NT
                LD A,(ONGSBF)
                INC A
                LD (ONGSBF),A
RETURN_NT:      POP DE
                LD (CURLIN),DE
                POP DE                  ; text after the GOSUB
                LD HL,NEWSTT_I
                PUSH HL
                LD HL,(TEMP)
                CALL CHRGOT
                JR Z,RETURN_BACK
                CALL LINGET             ; RETURN n: CURLIN is the caller's
                JP NZ,SNERR             ; now, so search from the top
                JR BI_GOTOT
RETURN_BACK:    EX DE,HL
                RET

; FNDFOR: the blocks above the caller's return and NEWSTT's address: HL at
; the first FOR block whose variable address is DE (any FOR block if DE = 0),
; Z; or at the first other block (GOSUB 8Dh, the 0000 end), NZ. A = (HL).
FNDFOR:         LD HL,4
                ADD HL,SP
FNDFOR_L:       LD A,(HL)
                CP TK_FOR
                RET NZ
                INC HL
                LD C,(HL)
                INC HL
                LD B,(HL)
                DEC HL
                DEC HL
                LD A,D
                OR E
                JR Z,FNDFOR_ANY
                LD A,C
                CP E
                JR NZ,FNDFOR_N
                LD A,B
                CP D
                JR NZ,FNDFOR_N
FNDFOR_ANY:     LD A,TK_FOR
                CP A
                RET
FNDFOR_N:       LD BC,25
                ADD HL,BC
                JR FNDFOR_L

; GETSTK: room for C more words on the stack above STREND (fact sheet §1.1:
; 160 bytes must stay free), else Out of memory. Keeps HL, DE.
GETSTK:         PUSH HL
                LD HL,(STREND)
                LD B,0
                ADD HL,BC
                ADD HL,BC
                LD BC,160
                ADD HL,BC
                JP C,OMERR
                LD B,H
                LD C,L
                LD HL,2
                ADD HL,SP
                SBC HL,BC               ; SP - (STREND + need + 160)
                POP HL
                RET NC
                JP OMERR

; ---- ON ERROR GOTO / ON x GOTO|GOSUB ---------------------------------------
ON_I:           CALL TS_ONEVT           ; ON KEY/STOP/SPRITE/STRIG/INTERVAL (traps.asm)
                CP TK_ERROR
                JR NZ,ON_EXPR
                CALL CHRGTR_I
                RST 08h
                DB TK_GOTO
                CALL LINGET
                JP NZ,SNERR
                LD A,D
                OR E
                JR Z,ON_ERROFF
                PUSH HL
                CALL FNDLIN
                POP HL
                JP NC,ULERR
                LD (ONELIN),BC
                RET
ON_ERROFF:      LD (ONELIN),DE          ; ON ERROR GOTO 0
                LD A,(ONEFLG)           ; inside the handler: the error stops
                OR A                    ; the program, reported where it
                RET Z                   ; happened
                LD HL,(ERRLIN)
                LD (CURLIN),HL
                LD A,(ERRFLG)
                LD E,A
                JP ERROR_I
ON_EXPR:        CALL GETBYT_I           ; E = the selector
                LD A,(HL)
                CP TK_GOSUB
                JR Z,ON_KIND
                CP TK_GOTO
                JP NZ,SNERR
ON_KIND:        LD C,A                  ; C = GOTO or GOSUB
                CALL CHRGTR_I
ON_NEXT:        DEC E
                JR Z,ON_THIS
                PUSH DE
                CALL LINGET
                POP DE
                JP NZ,SNERR
                CP ','
                JR NZ,ON_NONE           ; past the list: fall through
                CALL CHRGTR_I
                JR ON_NEXT
ON_THIS:        PUSH BC                 ; the chosen line, found as GOTO finds
                CALL BI_JUMPLN          ; it (its number becomes a 0Dh pointer
                POP DE                  ; in a program: the next time is at once)
                PUSH BC                 ; the line
                PUSH DE                 ; E = GOTO or GOSUB
ON_REST:        CP ','                  ; skip the rest of the list
                JR NZ,ON_GO
                CALL CHRGTR_I
                CALL LINGET
                JR ON_REST
ON_GO:          POP DE
                POP BC
                LD A,E
                CP TK_GOSUB
                JP Z,BI_GOSUBB
                LD H,B                  ; GOTO: on the 00 before the line
                LD L,C
                DEC HL
                RET
ON_NONE:        RET                     ; 0 or past the list: next statement

; ---- IF --------------------------------------------------------------------
IF_I:           CALL FRMEVL_I
                LD A,(HL)
                CP ','
                CALL Z,CHRGTR_I
                CP TK_GOTO
                JR Z,IF_KW
                RST 08h
                DB TK_THEN
                DEC HL
IF_KW:          PUSH HL
                CALL BI_TRUTH           ; Z when false
                POP HL
                JR Z,IF_FALSE
IF_TRUE:        CALL CHRGTR_I           ; the item after THEN / GOTO
                JR C,IF_SN
                CP 0Eh
                JP Z,GOTO_I
                CP 0Dh
                JP Z,GOTO_I
                OR A
                RET Z                   ; THEN with nothing
                CP ':'
                RET Z
                JP BI_GONE              ; THEN statement
IF_SN:          JP SNERR
IF_FALSE:       LD D,1                  ; skip to the matching ELSE
IF_SKIP:        CALL BI_SKIPEL
                OR A
                RET Z                   ; end of line: HL on the 00
                CP TK_REM
                JR Z,IF_REM
                CP TK_DATA
                JR Z,IF_DATA
                CP TK_IF
                JR NZ,IF_ELSE
                INC D
                JR IF_SKIP
IF_ELSE:        CP TK_ELSE
                JR NZ,IF_SKIP
                DEC D
                JR NZ,IF_SKIP
                DEC HL                  ; on the ELSE
                JR IF_TRUE              ; run what follows it
IF_REM:         DEC HL
                JP REM_SKIP
IF_DATA:        DEC HL
                PUSH DE
                CALL BI_DATSKP
                POP DE
                OR A
                RET Z
                INC HL
                JR IF_SKIP

; BI_SKIPEL: A = (HL), HL past that element: a whole string, FF xx, or a
; constant with its operand. Keeps BC, DE. HL stays on a 00.
BI_SKIPEL:      LD A,(HL)
                OR A
                RET Z
                INC HL
                CP '"'
                JR Z,SKIPEL_STR
                CP 0FFh
                JR Z,SKIPEL_FF
                CP 20h
                RET NC
                CP 0Bh
                RET C
                DEC HL
                CALL CHRGTR_I           ; skips a constant (and blanks: harmless)
                LD A,0Bh                ; any non-zero, non-keyword value
                RET
SKIPEL_FF:      INC HL
                RET
SKIPEL_STR:     LD A,(HL)
                OR A
                JR Z,SKIPEL_SE
                INC HL
                CP '"'
                JR NZ,SKIPEL_STR
SKIPEL_SE:      LD A,'"'
                RET

; ---- FOR ----------------------------------------------------------------------
; The 25-byte block (fact sheet §4.2) is built on the stack once the limit
; and STEP are known (both converted to the variable's type).
FOR_I:          CALL H_SNGF
                LD A,64h
                LD (SUBFLG),A
                CALL PTRGET_I           ; DE = the variable's value
                XOR A
                LD (SUBFLG),A
                PUSH DE                 ; variable
                LD A,(VALTYP)
                CP 3
                JP Z,TMERR
                PUSH AF                 ; its type
                RST 08h
                DB TK_EQ
                CALL LET_VALUE          ; the start value, assigned
                RST 08h
                DB TK_TO
                POP AF
                PUSH AF
                CALL BI_FRMTYP          ; limit in the variable's type
                POP AF
                PUSH AF
                PUSH HL
                LD HL,DAC               ; the limit to ARG (8 bytes)
                LD DE,BASARG
                LD BC,8
                LDIR
                POP HL
                LD A,(HL)
                CP TK_STEP
                JR NZ,FOR_STEP1
                CALL CHRGTR_I
                POP AF
                PUSH AF
                PUSH HL
                LD HL,BASARG            ; keep the limit while STEP is evaluated
                LD DE,SWPTMP
                LD BC,8
                LDIR
                POP HL
                CALL BI_FRMTYP
                PUSH HL
                LD HL,SWPTMP
                LD DE,BASARG
                LD BC,8
                LDIR
                POP HL
                JR FOR_STEPD
FOR_STEP1:      PUSH HL                 ; no STEP: 1
                LD HL,1
                LD (DAC+2),HL
                LD A,2
                LD (VALTYP),A
                POP HL
                POP AF
                PUSH AF
                CALL BI_FRCTYP
FOR_STEPD:      ; DAC = STEP, ARG = limit, both of the variable's type
                POP AF                  ; type
                POP DE                  ; variable
                POP IX                  ; NEWSTT
                LD (ENDFOR),HL
                LD (TEMP),DE
                LD B,A
                ; the same FOR statement run again: its block and those
                ; above it go (fact sheet §4.2)
                LD HL,0
                ADD HL,SP
FOR_SCAN:       PUSH BC
                CALL FNDFOR_L           ; Z: HL at a block of this variable
                POP BC
                JR NZ,FOR_NEW
                PUSH HL
                LD DE,23
                ADD HL,DE
                LD E,(HL)
                INC HL
                LD D,(HL)
                LD HL,(ENDFOR)
                RST 20h
                POP HL
                LD DE,25
                ADD HL,DE               ; keeps Z
                JR Z,FOR_DROP
                LD DE,(TEMP)
                JR FOR_SCAN
FOR_DROP:       LD SP,HL
FOR_NEW:        PUSH BC
                LD C,13
                CALL GETSTK
                POP BC
                LD HL,-25
                ADD HL,SP
                LD SP,HL
                LD (HL),TK_FOR          ; +0
                INC HL
                LD DE,(TEMP)
                LD (HL),E               ; +1 variable
                INC HL
                LD (HL),D
                INC HL
                PUSH HL
                PUSH BC
                CALL BI_SIGN            ; +3 STEP sign: 1, FFh, 2 for 0
                POP BC
                POP HL
                OR A
                JR NZ,FOR_SGN
                LD A,2
FOR_SGN:        LD (HL),A
                INC HL
                LD A,B
                SUB 3
                LD (HL),A               ; +4 type - 3
                INC HL
                EX DE,HL                ; DE = +5
                LD A,16                 ; padding: 16 - 2 * size
                SUB B
                SUB B
                JR Z,FOR_NOPAD
FOR_PAD:        INC DE
                DEC A
                JR NZ,FOR_PAD
FOR_NOPAD:      LD HL,DAC               ; STEP
                CALL FOR_VAL
                LD HL,BASARG            ; limit
                CALL FOR_VAL
                EX DE,HL
                LD DE,(CURLIN)
                LD (HL),E               ; +21 line
                INC HL
                LD (HL),D
                INC HL
                LD DE,(ENDFOR)
                LD (HL),E               ; +23 loop start
                INC HL
                LD (HL),D
                PUSH IX                 ; NEWSTT
                EX DE,HL
                RET
; FOR_VAL: B-type value at HL (integer at +2) to DE.
FOR_VAL:        LD A,B
                CP 2
                JR NZ,FOR_VALR
                INC HL
                INC HL
FOR_VALR:       PUSH BC
                LD C,B
                LD B,0
                LDIR
                POP BC
                RET

; ---- NEXT [v[,v...]] --------------------------------------------------------
NEXT_I:         LD DE,0
                JR Z,NEXT_ONE
NEXT_VAR:       CALL PTRGET_I
NEXT_ONE:       LD (TEMP),HL
                CALL FNDFOR
                JP NZ,NFERR
                LD SP,HL                ; inner loops end here
                PUSH HL
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)               ; DE = variable
                INC HL
                INC HL
                LD A,(HL)               ; type - 3
                ADD A,3
                LD (VALTYP),A
                LD C,A
                LD B,0
                PUSH DE                 ; DAC = variable
                EX DE,HL
                CALL BI_LDDAC
                POP DE
                POP HL
                PUSH HL
                PUSH DE
                LD DE,21                ; ARG = STEP: at +21 - 2*size
                ADD HL,DE
                LD A,(VALTYP)
                LD C,A
                LD B,0
                SBC HL,BC
                SBC HL,BC
                CALL BI_LDARG
                CALL BI_ADDSAME         ; DAC = variable + STEP
                POP DE
                POP HL
                PUSH HL
                PUSH DE
                INC HL
                INC HL
                INC HL
                INC HL
                LD A,(HL)               ; an integer loop that left the
                ADD A,3                 ; integers: Overflow; a single one
                CP 4                    ; is rounded back to single
                JR Z,NEXT_SNG
                JR NC,NEXT_TYPED
                LD A,(VALTYP)
                CP 2
                JP NZ,OVERR
                JR NEXT_TYPED
NEXT_SNG:       PUSH DE
                CALL MP_FRCSNG
                POP DE
NEXT_TYPED:
                LD HL,DAC               ; store the variable
                CALL BI_STDAC
                POP DE
                POP HL
                PUSH HL
                LD DE,21                ; ARG = limit: at +21 - size
                ADD HL,DE
                LD A,(VALTYP)
                LD C,A
                LD B,0
                OR A
                SBC HL,BC
                CALL BI_LDARG
                CALL BI_CMPSAME         ; A = sign(variable - limit)
                POP HL
                PUSH HL
                INC HL
                INC HL
                INC HL
                CP (HL)                 ; beyond the limit in the STEP's direction
                POP HL
                JR Z,NEXT_DONE
                LD DE,21                ; again: line and loop start
                ADD HL,DE
                LD E,(HL)
                INC HL
                LD D,(HL)
                LD (CURLIN),DE
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                EX DE,HL
                JP NEWSTT_I
NEXT_DONE:      LD DE,25
                ADD HL,DE
                LD SP,HL
                LD HL,NEWSTT_I
                PUSH HL
                LD HL,(TEMP)
                CALL CHRGOT
                CP ','
                RET NZ
                CALL CHRGTR_I
                JP NEXT_VAR

; ---- RUN [n] ------------------------------------------------------------------
RUN_I:          JR Z,RUN_TOP
                CALL LINGET
                JP NZ,BI_RUNF           ; RUN "file": Disk BASIC (extcall.asm)
                LD (TEMP),DE
                CALL BI_RUNCLR
                LD DE,(TEMP)
                LD HL,NEWSTT_I
                PUSH HL
                JP BI_GOTOT             ; (from the first line: HL is no text here)
RUN_TOP:        CALL BI_RUNCLR
                LD HL,(TXTTAB)
                DEC HL
                JP NEWSTT_I

; ---- statements whose handlers others add: one table entry each ------------
BI_SNSTMT:      JP SNERR
BI_FCSTMT:      JP FCERR
