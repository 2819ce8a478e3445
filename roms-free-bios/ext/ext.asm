; The MSX-BASIC extension ROM: page 1 (4000h-7FFFh) of the SUB-ROM's slot.
;
; The main ROM's page 1 holds the interpreter's core; what does not fit there
; (Disk BASIC, the graphic and music statements' parsing) lives here, reached
; the way MSX reaches a disk ROM's Disk BASIC: through a RAM vector in page 3
; that this ROM's INIT fills with an inter-slot call (RST 30h), and back into
; the interpreter's routines through CALBAS (0159h). Machines with a 32 KB
; ROM in the SUB-ROM's slot (SUB-ROM + a BASIC extension) are common among
; MSX2s; programs do not look here. docs/basic-interpreter.md, "The
; extension ROM", gives the contracts.
;
; Assemble: z80-asm (crates/msx-bios build.rs), or `pasmo ext.asm ext.rom`
; from this directory.

        INCLUDE "../common/sysvars.asm"

        ORG 4000h
                DB "AB"                 ; found by the BIOS's ROM search,
                DW EXT_INIT             ; which calls INIT once
                DW 0                    ; STATEMENT (CALL): none yet
                DW 0                    ; DEVICE
                DW 0                    ; TEXT
                DS 4010h-$,0
; 4010h: the entry the main ROM's EXTVEC calls. B = the number of the
; statement or function (X_... below), HL = the text pointer as the
; interpreter's dispatch left it (on the first character after the token;
; A and the flags are not passed: re-read with X_CUR).
EXT_ENTRY:      EI                      ; (the inter-slot call left them off)
                LD A,B
                SUB 80h                 ; 80h and up: the interpreter's own
                JR NC,EXT_HIGH          ; pieces moved here (EXT_TABLE2)
                LD A,B
                CP EXT_COUNT
                JP NC,X_SNERR
                EX DE,HL                ; keep the text pointer in DE
                LD L,A
                LD H,0
                ADD HL,HL
                LD BC,EXT_TABLE
                ADD HL,BC
                LD C,(HL)
                INC HL
                LD B,(HL)
                PUSH BC                 ; the handler, "returned to"
                EX DE,HL                ; HL = the text pointer again
                RET

; EXT_HIGH: A = B - 80h, the number in EXT_TABLE2.
EXT_HIGH:       CP EXT2_COUNT
                JP NC,X_SNERR
                EX DE,HL
                LD L,A
                LD H,0
                ADD HL,HL
                LD BC,EXT_TABLE2
                ADD HL,BC
                LD C,(HL)
                INC HL
                LD B,(HL)
                PUSH BC
                EX DE,HL
                RET

; 406Fh: the interpreter's "raise error E" is here too. The Math-Pack (page
; 0) raises its errors with JP 406Fh, which lands in this ROM when it runs
; in the interpreter's place; from here the error goes on to the interpreter
; through CALBAS, as the extension's own errors do (X_ERROR).
        DS 406Fh-$,0FFh
X_ERROR:        LD IX,406Fh
                JP 0159h                ; CALBAS: does not return

; INIT: point EXTVEC at EXT_ENTRY in this slot (RST 30h, slot, address,
; RET), so the interpreter can tell an extension is there.
EXT_INIT:       CALL EXT_MYSLOT
                LD HL,EXTVEC
                LD (HL),0F7h            ; RST 30h (CALLF)
                INC HL
                LD (HL),A
                INC HL
                LD (HL),EXT_ENTRY & 0FFh
                INC HL
                LD (HL),EXT_ENTRY >> 8
                INC HL
                LD (HL),0C9h
                RET

; EXT_MYSLOT: A = the slot ID of page 1, this ROM: the primary slot from
; port A8h, and when it is expanded, the secondary one from SLTTBL.
EXT_MYSLOT:     IN A,(PPI_A)
                RRCA
                RRCA
                AND 3
                LD C,A
                LD B,0
                LD HL,EXPTBL
                ADD HL,BC
                LD A,(HL)
                AND 80h
                JR Z,EXT_MYSLOT_P
                OR C
                LD C,A
                INC HL                  ; SLTTBL = EXPTBL + 4
                INC HL
                INC HL
                INC HL
                LD A,(HL)
                AND 0Ch                 ; page 1's secondary slot
                OR C
                RET
EXT_MYSLOT_P:   LD A,C
                RET

        INCLUDE "xbasic.asm"
        INCLUDE "disk.asm"
        INCLUDE "setget.asm"            ; SET ADJUST ... SET TIME, GET DATE/TIME
        INCLUDE "copyarr.asm"           ; COPY's array forms
        INCLUDE "crunch.asm"            ; text -> tokens (KBUF)
        INCLUDE "list.asm"              ; tokens -> text (BUF)

; Pieces of the interpreter itself that live here (the main ROM's page 1
; is full): numbers 80h and up, reached like the statements above
; (basic/extcall.asm). Direct mode and LIST only: no program's speed
; depends on them.
EXT_TABLE2:
                DW CRUNCH               ; 80h: CRUNCH (crunch.asm)
                DW DETOKEN              ; 81h: DETOKEN (list.asm)
EXT2_COUNT:     EQU ($-EXT_TABLE2)/2

; The statements and functions served here, by number (the main ROM's
; dispatch passes B = the number; basic/extcall.asm lists the same order).
EXT_TABLE:
                DW X_SNERR              ; 0: none
                DW DK_LOAD              ; 1: LOAD "f"[,R]   (disk.asm)
                DW DK_SAVE              ; 2: SAVE "f"[,A]
                DW DK_MERGE             ; 3: MERGE "f"
                DW DK_RUNF              ; 4: RUN "f"
                DW DK_FILES             ; 5: FILES ["mask"]
                DW DK_KILL              ; 6: KILL "f"
                DW DK_NAME              ; 7: NAME "a" AS "b"
                DW DK_INI               ; 8: cold start: the FCBs under HIMEM
                DW DK_BOOT              ; 9: cold start: AUTOEXEC.BAS
                DW DK_GETLN             ; 10: the main loop's line while loading text
                DW DK_LDEND             ; 11: "Ok": a load given up
                DW DK_OPENST            ; 12: OPEN
                DW DK_CLOSEST           ; 13: CLOSE
                DW DK_PRTSEL            ; 14: PRINT #n,: PTRFIL
                DW DK_INPSEL            ; 15: INPUT #n, LINE INPUT #n,: PTRFIL
                DW DK_OUTCH             ; 16: OUTDO with PTRFIL set: L = the character
                DW DK_INLINE            ; 17: INPUT #'s line into BUF
                DW DK_CLSALL            ; 18: run-clear, END: every file closed
                DW DK_EOF               ; 19: EOF(n)
                DW DK_LOF               ; 20: LOF(n)
                DW DK_MAXF              ; 21: MAXFILES=n
                DW DK_ERRTXT            ; 22: L = error 60-71: its text at BUF+166
                DW DK_BSAVE             ; 23: BSAVE
                DW DK_BLOAD             ; 24: BLOAD
                DW DK_DSKF              ; 25: DSKF(d)
                DW DK_FIELD             ; 26: FIELD
                DW SG_GET               ; 27: GET: DATE/TIME (setget.asm), a record
                DW DK_PUT               ; 28: PUT
                DW DK_LSET              ; 29: LSET
                DW DK_RSET              ; 30: RSET
                DW DK_MKI               ; 31: MKI$
                DW DK_MKS               ; 32: MKS$
                DW DK_MKD               ; 33: MKD$
                DW DK_CVI               ; 34: CVI
                DW DK_CVS               ; 35: CVS
                DW DK_CVD               ; 36: CVD
                DW DK_LOC               ; 37: LOC(n)
                DW DK_COPY              ; 38: COPY "a" TO "b"
                DW DK_PRTEND            ; 39: PRINT # done: the screen's TTYPOS back
                DW DK_INPSF             ; 40: INPUT$(n,#f): channel f
                DW DK_INCH              ; 41: INPUT$(n,#f): A = its next byte
                DW SG_SET               ; 42: SET but SET PAGE (setget.asm)
                DW DK_DSKI              ; 43: DSKI$(d,s)
                DW DK_DSKO              ; 44: DSKO$ d,s
                DW CA_TOARRAY           ; 45: COPY (..)-(..)[,p] TO array (copyarr.asm)
EXT_COUNT:      EQU ($-EXT_TABLE)/2

EXT_END:
                DS 8000h-$,0FFh
