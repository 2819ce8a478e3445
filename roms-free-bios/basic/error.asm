; Raising errors: ERROR (406Fh, E = code), ON ERROR handling, the messages,
; the ERROR and RESUME statements. Fact sheet §4.5, §4.7.

; ERROR_I: E = error code. Never returns.
ERROR_I:
                CALL H_ERRO
                LD HL,0                 ; no more PRINT #: the message is
                LD (PTRFIL),HL          ; for the screen
                LD HL,(VLZADR)          ; VAL's zeroed byte back in place
                LD A,H
                OR L
                JR Z,ERR_NOVAL
                LD A,(VLZDAT)
                LD (HL),A
                LD HL,0
                LD (VLZADR),HL
ERR_NOVAL:      LD HL,(CURLIN)
                LD (ERRLIN),HL
                LD A,H
                AND L
                INC A
                JR Z,ERR_DIRECT
                LD (DOT),HL
ERR_DIRECT:     LD SP,(SAVSTK)
                LD BC,TEMPST            ; the failed statement's temporaries go
                LD (TEMPPT),BC
                LD A,E
                LD (ERRFLG),A
                LD HL,(SAVTXT)
                LD (ERRTXT),HL
                JR Z,ERR_NOCONT         ; (Z still from the direct test)
                LD (OLDTXT),HL
                LD HL,(ERRLIN)
                LD (OLDLIN),HL
ERR_NOCONT:     LD HL,(ONELIN)          ; ON ERROR GOTO in force
                LD A,H
                OR L
                JR Z,ERR_PRINT
                LD A,(ONEFLG)
                OR A
                JR NZ,ERR_PRINT
                DEC A
                LD (ONEFLG),A
                DEC HL                  ; the 00 before the handler's line
                JP NEWSTT_I
ERR_PRINT:      XOR A
                LD (ONEFLG),A
                LD (PRTFLG),A           ; the message goes to the screen
                CALL CRDONZ
                LD A,(ERRFLG)
                LD HL,ERR_MSGS
                CP 26                   ; 1-25
                JR C,ERR_FIND
                SUB 50-26               ; 50-59 follow 25 in the table
                CP 26
                JR C,ERR_UNPR
                CP 36
                JR C,ERR_FIND
                CALL BI_ERRTXT          ; Disk BASIC: 60-71 (extcall.asm)
                JR C,ERR_OUT
ERR_UNPR:       LD A,23                 ; Unprintable error
ERR_FIND:       LD B,A
                OR A
                JR Z,ERR_UNPR
ERR_SKIP:       DEC B
                JR Z,ERR_OUT
ERR_SKIPS:      LD A,(HL)
                INC HL
                OR A
                JR NZ,ERR_SKIPS
                JR ERR_SKIP
ERR_OUT:        LD A,(ERRFLG)          ; H.ERRP: E = the code, HL = the
                LD E,A                  ; text found; a hook (a disk ROM's
                CALL H_ERRP             ; 60-71) may point HL at its own
                PUSH HL
                CALL H_ERRF
                CALL TOTEXT_I
                POP HL
                CALL STROUT
                CALL BEEP_I             ; MSX2 beeps after the message
BI_ERRIN:       LD HL,(CURLIN)          ; " in n" in program mode
                LD A,H
                AND L
                INC A
                JR Z,ERR_DONE
                PUSH HL
                LD HL,ERR_IN
                CALL STROUT
                POP HL
                CALL LINPRT
ERR_DONE:       CALL CRDO
                JP READYR_I

ERR_IN:         DB " in ",0

; The messages 1-25 then 50-59, each 0-terminated ([ROM2 3D75h]).
ERR_MSGS:
                DB "NEXT without FOR",0
                DB "Syntax error",0
                DB "RETURN without GOSUB",0
                DB "Out of DATA",0
                DB "Illegal function call",0
                DB "Overflow",0
                DB "Out of memory",0
                DB "Undefined line number",0
                DB "Subscript out of range",0
                DB "Redimensioned array",0
                DB "Division by zero",0
                DB "Illegal direct",0
                DB "Type mismatch",0
                DB "Out of string space",0
                DB "String too long",0
                DB "String formula too complex",0
                DB "Can't CONTINUE",0
                DB "Undefined user function",0
                DB "Device I/O error",0
                DB "Verify error",0
                DB "No RESUME",0
                DB "RESUME without error",0
                DB "Unprintable error",0
                DB "Missing operand",0
                DB "Line buffer overflow",0
                DB "FIELD overflow",0
                DB "Internal error",0
                DB "Bad file number",0
                DB "File not found",0
                DB "File already open",0
                DB "Input past end",0
                DB "Bad file name",0
                DB "Direct statement in file",0
                DB "Sequential I/O only",0
                DB "File not OPEN",0

; ---- ERROR n -----------------------------------------------------------------
ERROR_ST:       CALL GETBYT_I
                OR A
                JP Z,FCERR
                LD E,A
                JP ERROR_I

; ---- RESUME [0 | NEXT | n] -----------------------------------------------------
RESUME_I:       LD C,A
                LD A,(ONEFLG)
                OR A
                JR NZ,RESUME_OK
                LD (ONELIN),A           ; RESUME without error: handler off
                LD (ONELIN+1),A
                JP REERR
RESUME_OK:      XOR A
                LD (ONEFLG),A
                LD A,C
                OR A
                JR Z,RESUME_SAME
                CP TK_NEXT
                JR Z,RESUME_NEXT
                CALL LINGET
                JP NZ,SNERR
                LD A,D
                OR E
                JR Z,RESUME_SAME        ; RESUME 0
                JP BI_GOTO
RESUME_SAME:    JR RESUME_AT            ; the failing statement again
RESUME_NEXT:    CALL RESUME_AT          ; past the failing statement
                LD A,(HL)
                OR A
                JR NZ,RESUME_SKIP
                INC HL                  ; it started a line: skip link and
                INC HL                  ; number
                INC HL
                INC HL
RESUME_SKIP:    INC HL
RESUME_SKIPL:   LD A,(HL)
                OR A
                RET Z
                CP ':'
                RET Z
                CALL BI_SKIPEL
                JR RESUME_SKIPL
; RESUME_AT: CURLIN, HL from ERRLIN, ERRTXT.
RESUME_AT:      LD HL,(ERRLIN)
                LD (CURLIN),HL
                LD HL,(ERRTXT)
                RET
