; Statements and functions served by the BASIC extension ROM (page 1 of the
; SUB-ROM's slot, roms-free-bios/ext/): the dispatch reaches them through
; EXTVEC, which the extension's INIT fills with an inter-slot call to its
; entry 4010h. B = the statement's number there (ext/ext.asm, EXT_TABLE),
; HL = the text pointer as the dispatch left it. Without the extension (a
; machine given a 16 KB SUB-ROM), these statements are a Syntax error.

EXT_GO:         LD A,(EXTVEC)
                CP 0F7h                 ; RST 30h: the extension answered
                JP NZ,4055h             ; Syntax error
                JP EXTVEC               ; returns to our caller

; BI_XTRY: the extension's service B when the extension is there; else
; nothing (for the hooks below, which must not fail without it).
BI_XTRY:        LD A,(EXTVEC)
                CP 0F7h
                RET NZ
                JP EXTVEC

; ---- Disk BASIC (ext/disk.asm; docs/basic-interpreter.md "Disk BASIC") ----
; The statements: one stub each, B = the number in EXT_TABLE.
BI_XLOAD:       LD B,1                  ; LOAD "f"[,R]
                JP EXT_GO
BI_XSAVE:       LD B,2                  ; SAVE "f"[,A]
                JP EXT_GO
BI_XMERGE:      LD B,3                  ; MERGE "f"
                JP EXT_GO
BI_RUNF:        LD B,4                  ; RUN "f" (from RUN_I)
                JP EXT_GO
BI_XFILES:      LD B,5                  ; FILES ["mask"]
                JP EXT_GO
BI_XKILL:       LD B,6                  ; KILL "f"
                JP EXT_GO
BI_XNAME:       LD B,7                  ; NAME "a" AS "b"
                JP EXT_GO

; The hooks of the cold start and the main loop (one CALL each in main.asm).
; BI_DSKINI: before the memory split: with a disk system the extension
; takes the BDOS's FCBs from under HIMEM.
BI_DSKINI:      LD B,8
                JP BI_XTRY
; BI_DSKBOOT: the end of the cold start: AUTOEXEC.BAS is run when the
; default drive has it (the extension then does not come back), else "Ok".
BI_DSKBOOT:     LD B,9
                CALL BI_XTRY
                JP READYR_I
; BI_GETLN: the main loop's line: from the file being loaded (NLONLY bit 0,
; LOAD/MERGE of an ASCII program) or else typed (PINLIN).
BI_GETLN:       LD A,(NLONLY)
                RRCA
                JP NC,PINLIN
                LD B,10
                JP EXT_GO
; BI_LDEND: at "Ok" (READYR, also after an error): a load that did not reach
; the end of its file is given up, its channel closed.
BI_LDEND:       LD A,(NLONLY)
                RRCA
                RET NC
                LD B,11
                JP EXT_GO
; BI_DIRCHK: a line without a number in a file being loaded is "Direct
; statement in file" (57).
BI_DIRCHK:      LD A,(NLONLY)
                RRCA
                RET NC
                LD E,57
                JP ERROR_I

; The bodies of the fixed entries (xentry.asm).
XE_LOADED_I:    EI
                PUSH AF
                CALL BI_LINKER
                POP AF
                OR A
                JP NZ,RUN_TOP
                CALL BI_RUNCLR
                JP READYR_I
XE_TYPED_I:     EI
                LD HL,0FFFFh
                LD (CURLIN),HL
                LD HL,BUF-1
                JP BI_MAIN_TXT
XE_ALOAD_I:     EI
                OR A
                CALL NZ,BI_SCRATCH
                JP BI_MAIN
