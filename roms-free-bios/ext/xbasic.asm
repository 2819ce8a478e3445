; Calling the interpreter from the extension ROM.
;
; This ROM runs in page 1 in place of the interpreter, so the interpreter's
; routines (and the RST 08h/10h/18h entries that jump into page 1) are
; reached by an inter-slot call: CALBAS (0159h, IX = the routine) brings the
; main ROM back into page 1 for the call. The Math-Pack and the BIOS are in
; page 0 and are called directly.

X_CALBAS:       EQU 0159h

; The interpreter's fixed entries for this ROM (basic/xentry.asm).
XE_CHRGOT:      EQU 7FB0h       ; the item at HL again
XE_LOADED:      EQU 7FB3h       ; program in place: A<>0 RUN, else "Ok" (no return)
XE_TYPED:       EQU 7FB6h       ; run BUF as typed (no return)
XE_ALOAD:       EQU 7FB9h       ; ASCII load through the main loop, A<>0 NEW first (no return)
XE_DETOK:       EQU 7FBCh       ; line HL -> its text in BUF
XE_PTRNUM:      EQU 7FC8h       ; line pointers back into numbers (SAVE)
XE_PUTNEW:      EQU 7FC5h       ; DSCTMP to a temporary: DAC = it, VALTYP 3
XE_CALLHL:      EQU 7FC2h       ; call HL with interrupts on (BLOAD ,R)
XE_MAXFIL:      EQU 7FBFh       ; MAXFILES: A = n, HL = text; run-clear, on (no return)

; X_CHRGTR: the next character of the text (CHRGTR 4666h): A, Z at the end
; of the statement, C for a digit.
X_CHRGTR:       LD IX,4666h
                JP X_CALBAS

; X_CUR: the item at HL again, with CHRGTR's flags (the interpreter's
; CHRGOT: DEC HL / CHRGTR would land inside a numeric constant).
X_CUR:          LD IX,XE_CHRGOT
                JP X_CALBAS

; X_SYNC: (HL) must be A (else Syntax error); then the next character.
X_SYNC:         CP (HL)
                JR Z,X_CHRGTR
X_SNERR:        LD E,2
                JP X_ERROR              ; raise error E (ext.asm, at 406Fh)
X_FCERR:        LD E,5
                JP X_ERROR

; X_FRMEVL: an expression at HL into DAC/VALTYP (FRMEVL 4C64h).
X_FRMEVL:       LD IX,4C64h
                JP X_CALBAS

; X_GETBYT: a byte expression: A = E = it (GETBYT 521Ch).
X_GETBYT:       LD IX,521Ch
                JP X_CALBAS

; X_FRMQNT: a 16-bit integer expression: DE = it (FRMQNT 542Fh).
X_FRMQNT:       LD IX,542Fh
                JP X_CALBAS

; X_PTRGET: the variable at HL: DE = its value's address (PTRGET 5EA4h).
X_PTRGET:       LD IX,5EA4h
                JP X_CALBAS

; X_FRMINT: an expression at HL as an integer: DE (520Fh).
X_FRMINT:       LD IX,520Fh
                JP X_CALBAS

; X_FRESTR: the string just evaluated, freed if temporary: HL = its
; descriptor (FRESTR 67D0h).
X_FRESTR:       LD IX,67D0h
                JP X_CALBAS

; X_STRING: a string expression at HL (else Type mismatch, FRESTR's):
; DE = its characters, B = its length, HL after it.
X_STRING:       CALL X_FRMEVL
                PUSH HL
                CALL X_FRESTR
                LD B,(HL)
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                POP HL
                RET

; X_OUTDO: A to the screen, the printer or a file (OUTDO 0018h).
X_OUTDO:        LD IX,0018h
                JP X_CALBAS
