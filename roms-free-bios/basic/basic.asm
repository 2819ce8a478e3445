; MSX-BASIC 2.0 interpreter: page 1 of the main ROM (4000h-7FFFh).
;
; Written for this project from the facts in docs/basic-interpreter.md (which
; cites the MSX2 Technical Handbook, the MSX Red Book and the public ROM
; reconstructions); no code is copied. The documented entry points that
; machine-code extensions call (NEWSTT 4601h, CHRGTR 4666h, FRMEVL 4C64h,
; GETBYT 521Ch, FRMQNT 542Fh, PTRGET 5EA4h, FRESTR 67D0h, ...) sit at their
; MSX-BASIC addresses as jumps to the bodies; the modules fill the room
; between them. docs/basic-interpreter.md "The core" is the module map.
;
; Page 1 must not start with an "AB" header: the BIOS's ROM search would take
; the BASIC ROM for a cartridge.

; ---- tokens the interpreter looks for ([FMT] A4) ----------------------------
TK_END:         EQU 81h
TK_FOR:         EQU 82h
TK_NEXT:        EQU 83h
TK_DATA:        EQU 84h
TK_GOTO:        EQU 89h
TK_IF:          EQU 8Bh
TK_GOSUB:       EQU 8Dh
TK_REM:         EQU 8Fh
TK_ELSE:        EQU 0A1h
TK_ERROR:       EQU 0A6h
TK_TIME:        EQU 0CBh
TK_TO:          EQU 0D9h
TK_THEN:        EQU 0DAh
TK_TAB:         EQU 0DBh
TK_STEP:        EQU 0DCh
TK_USR:         EQU 0DDh
TK_FN:          EQU 0DEh
TK_SPC:         EQU 0DFh
TK_NOT:         EQU 0E0h
TK_ERL:         EQU 0E1h
TK_ERR:         EQU 0E2h
TK_STRING:      EQU 0E3h
TK_USING:       EQU 0E4h
TK_INSTR:       EQU 0E5h
TK_VARPTR:      EQU 0E7h
TK_CSRLIN:      EQU 0E8h
TK_INKEY:       EQU 0ECh
TK_GT:          EQU 0EEh
TK_EQ:          EQU 0EFh
TK_LT:          EQU 0F0h
TK_PLUS:        EQU 0F1h
TK_MINUS:       EQU 0F2h
TK_DIV:         EQU 0F4h
TK_POW:         EQU 0F5h
TK_AND:         EQU 0F6h
TK_OR:          EQU 0F7h
TK_XOR:         EQU 0F8h
TK_EQV:         EQU 0F9h
TK_IMP:         EQU 0FAh
TK_MOD:         EQU 0FBh
TK_IDIV:        EQU 0FCh

; ---- 4000h ----------------------------------------------------------------
        INCLUDE "../basic/out.asm"               ; STROUT, CRDO, LINPRT (small)

; ---- 4055h-406Fh: the fixed-code error entries ([ROM2], fact sheet §8) -----
; Each is LD E,code; the 01h after it (LD BC,nn) swallows the next entry's
; LD E, so every entry falls through to ERROR at 406Fh with its own code.
        DS 4055h-$,0FFh
SNERR:          LD E,2                  ; 4055h Syntax error
                DB 01h
DV0ERR:         LD E,11                 ; 4058h Division by zero
                DB 01h
NFERR:          LD E,1                  ; 405Bh NEXT without FOR
                DB 01h
DDERR:          LD E,10                 ; 405Eh Redimensioned array
                DB 01h
UFERR:          LD E,18                 ; 4061h Undefined user function
                DB 01h
REERR:          LD E,22                 ; 4064h RESUME without error
                DB 01h
OVERR:          LD E,6                  ; 4067h Overflow
                DB 01h
MOERR:          LD E,24                 ; 406Ah Missing operand
                DB 01h
TMERR:          LD E,13                 ; 406Dh Type mismatch
ERROR:          JP ERROR_I              ; 406Fh raise error E
BSERR:          LD E,9                  ; Subscript out of range
                JP ERROR_I

; ---- 409Bh READYR -----------------------------------------------------------
        DS 409Bh-$,0FFh
READYR:         JP READYR_I
        INCLUDE "../basic/main.asm"     ; start-up, main loop, line editing

        DS 4601h-$,0FFh
NEWSTT:         JP NEWSTT_I             ; 4601h
        DS 4666h-$,0FFh
CHRGTR_B:       JP CHRGTR_I             ; 4666h
        INCLUDE "../basic/table.asm"    ; the statement table
        DS 475Ah-$,0FFh
FCERR:          LD E,5                  ; 475Ah Illegal function call
                JP ERROR_I
        DS 475Fh-$,0FFh
                JP BI_RLINE             ; 475Fh a line number ('.' allowed) -> DE
        DS 4769h-$,0FFh
                JP LINGET               ; 4769h a line number -> DE
        DS 481Ch-$,0FFh
ULERR:          LD E,8                  ; 481Ch Undefined line number
                JP ERROR_I
        INCLUDE "../basic/error.asm"    ; errors, messages, ERROR, RESUME

        DS 4C64h-$,0FFh
FRMEVL:         JP FRMEVL_I             ; 4C64h
        INCLUDE "../basic/eval.asm"     ; expressions, operators, types

        DS 520Fh-$,0FFh
                JP BI_FRMINT            ; 520Fh expression to an integer in DE
        DS 521Ch-$,0FFh
GETBYT:         JP GETBYT_I             ; 521Ch
        INCLUDE "../basic/print.asm"    ; PRINT, numbers as text

        DS 542Fh-$,0FFh
FRMQNT:         JP FRMQNT_I             ; 542Fh
        INCLUDE "../basic/stmt.asm"     ; run loop, CHRGTR, flow statements
        INCLUDE "../basic/func.asm"     ; functions, POKE

        DS 5EA4h-$,0FFh
PTRGET:         JP PTRGET_I             ; 5EA4h
        INCLUDE "../basic/var.asm"      ; variables, arrays, LET, DIM, DEFxxx

        DS 6275h-$,0FFh
OMERR:          LD E,7                  ; 6275h Out of memory
                JP ERROR_I
        INCLUDE "../basic/string.asm"   ; string space, temporaries, GC

        DS 6627h-$,0FFh
                JP BI_STRALC            ; 6627h string space for A characters
        DS 66B6h-$,0FFh
                JP BI_GC                ; 66B6h garbage collection
        DS 67D0h-$,0FFh
FRESTR:         JP FRESTR_I             ; 67D0h
        INCLUDE "../basic/input.asm"    ; READ DATA RESTORE INPUT LINE INPUT
        INCLUDE "../basic/misc.asm"     ; SWAP ERASE DELETE AUTO CLS MID$= INSTR
        INCLUDE "../basic/using.asm"    ; PRINT USING
        INCLUDE "../basic/args.asm"     ; optional-argument helpers of the two below
        INCLUDE "../basic/gfxstmt.asm"  ; PSET LINE CIRCLE PAINT SPRITE DRAW PLAY COPY ...
        INCLUDE "../basic/traps.asm"    ; ON KEY/SPRITE/STRIG/STOP/INTERVAL GOSUB, X ON/OFF/STOP
        INCLUDE "../basic/hwstmt.asm"   ; SCREEN COLOR WIDTH LOCATE KEY SOUND VPOKE ...
        INCLUDE "../basic/extcall.asm"  ; statements of the extension ROM
BI_END:
        INCLUDE "../basic/xentry.asm"   ; 7FB0h: fixed entries for the extension

        DS 7FFDh-$,0FFh
                JP 0F37Dh               ; 7FFDh the BDOS with BASIC in page 1
