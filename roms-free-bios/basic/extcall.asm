; Statements and functions served by the BASIC extension ROM (page 1 of the
; SUB-ROM's slot, roms-free-bios/ext/): the dispatch reaches them through
; EXTVEC, which the extension's INIT fills with an inter-slot call to its
; entry 4010h. B = the statement's number there (ext/ext.asm, EXT_TABLE),
; HL = the text pointer as the dispatch left it. Without the extension (a
; machine given a 16 KB SUB-ROM), these statements are a Syntax error.

EXT_GO:         LD A,(EXTVEC)
                CP 0F7h                 ; RST 30h: the extension answered
                JP NZ,4055h             ; Syntax error
BI_XCALL:       CALL EXTVEC
                EI                      ; the inter-slot call came back with
                RET                     ; interrupts off (CTRL+STOP, keys)

; BI_XTRY: the extension's service B when the extension is there; else
; nothing (for the hooks below, which must not fail without it).
BI_XTRY:        LD A,(EXTVEC)
                CP 0F7h
                RET NZ
                JR BI_XCALL

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
BI_XLFILES:     LD A,1                  ; LFILES: FILES on the printer
                LD (PRTFLG),A
                CALL BI_XFILES
                XOR A
                LD (PRTFLG),A
                RET
BI_XDSKO:       LD B,44                 ; DSKO$ d,s
                JP EXT_GO
BI_XDSKI:       LD B,43                 ; DSKI$(d,s)
                JP EXT_GO
BI_XFILES:      LD B,5                  ; FILES ["mask"]
                JP EXT_GO
BI_XKILL:       LD B,6                  ; KILL "f"
                JP EXT_GO
BI_XNAME:       LD B,7                  ; NAME "a" AS "b"
                JP EXT_GO

BI_XOPEN:       LD B,12                 ; OPEN
                JP EXT_GO
BI_XCLOSE:      LD B,13                 ; CLOSE
                JP EXT_GO
BI_XMAX:        LD B,21                 ; MAXFILES=n
                JP EXT_GO
BI_XEOF:        LD B,19                 ; EOF(n) (func.asm)
                JP EXT_GO
BI_XBSAVE:      LD B,23                 ; BSAVE
                JP EXT_GO
BI_XBLOAD:      LD B,24                 ; BLOAD
                JP EXT_GO
BI_XDSKF:       LD B,25                 ; DSKF(d) (func.asm)
                JP EXT_GO
BI_XFIELD:      LD B,26                 ; FIELD
                JP EXT_GO
BI_XGET:        LD B,27                 ; GET
                JP EXT_GO
BI_XPUT:        CP 0C7h                 ; PUT SPRITE: not Disk BASIC's
                JP Z,ST_PUTSPRITE
                LD B,28                 ; PUT
                JP EXT_GO
BI_XLSET:       LD B,29                 ; LSET
                JP EXT_GO
BI_XRSET:       LD B,30                 ; RSET
                JP EXT_GO
BI_XMKI:        LD B,31                 ; MKI$ (func.asm)
                JP EXT_GO
BI_XMKS:        LD B,32                 ; MKS$
                JP EXT_GO
BI_XMKD:        LD B,33                 ; MKD$
                JP EXT_GO
BI_XCVI:        LD B,34                 ; CVI
                JP EXT_GO
BI_XCVS:        LD B,35                 ; CVS
                JP EXT_GO
BI_XCVD:        LD B,36                 ; CVD
                JP EXT_GO
BI_XLOC:        LD B,37                 ; LOC
                JP EXT_GO
BI_XCOPY:       CP '('                  ; COPY (x,y)-...: the graphic one
                JP Z,ST_COPY
                LD B,38                 ; COPY "a" TO "b", COPY array TO (x,y)
                JP EXT_GO               ; (the extension's DK_COPY)
BI_XCOPYTO:     LD B,45                 ; COPY (x,y)-(x,y)[,p] TO array
                JP EXT_GO
BI_XLOF:        LD B,20                 ; LOF
                JP EXT_GO

; PRINT #n, / INPUT #n, / LINE INPUT #n, (hooks in print.asm, input.asm):
; the extension sets PTRFIL to the channel (HL after "#n,"), the statement
; runs as usual (OUTDO and the line input below follow PTRFIL), then
; PTRFIL goes back to 0.
BI_PRTFIL:      LD B,14
                CALL EXT_GO
                CALL PRINT_I
                PUSH AF                 ; the file's column kept, the
                LD B,39                 ; screen's back in TTYPOS
                CALL EXT_GO
                POP AF
BI_FILEND:      PUSH HL
                PUSH AF
                LD HL,0
                LD (PTRFIL),HL
                POP AF
                POP HL
                RET
BI_INPFIL:      LD B,15
                CALL EXT_GO
                LD C,0
                CALL INPUT_GO
                JR BI_FILEND
BI_LINFIL:      LD B,15
                CALL EXT_GO
                LD C,1
                CALL INPUT_GO
                JR BI_FILEND
; INPUT$(n[,[#]f]) (hooks in misc.asm FN_INPUTS): the argument "(n" and,
; with ",#f", the extension checks channel f (open for input) and sets
; BI_INPSF, so BI_INCH takes the characters from it instead of CHGET.
; BI_INPSF is FILNM2's last byte, free while an expression is evaluated.
BI_INPSF:       EQU 0F87Bh
BI_INPSARG:     XOR A
                LD (BI_INPSF),A
                CALL CHRGTR_I
                RST 08h
                DB '('
                CALL FRMEVL_I
                CALL BI_CHKNUM
                CALL CHRGOT
                CP ','
                JP NZ,BI_CLOSEP
                PUSH HL
                CALL BI_FRCINT          ; n, kept while f is read
                LD HL,(DAC+2)
                EX (SP),HL
                CALL CHRGTR_I
                LD B,40
                CALL EXT_GO
                POP DE
                LD (DAC+2),DE
                LD A,2
                LD (VALTYP),A
                JP BI_CLOSEP
BI_INCH:        LD A,(BI_INPSF)
                OR A
                JP Z,CHGET_I
                LD B,41
                JP EXT_GO

; BI_QINLF / BI_INLF: QINLIN / INLIN, or with PTRFIL set a line of that
; file into BUF (HL = BUF-1).
BI_QINLF:       LD A,(PTRFIL+1)
                OR A
                JP Z,QINLIN_I
BI_FILLN:       LD B,17
                JP EXT_GO
BI_INLF:        LD A,(PTRFIL+1)
                OR A
                JP Z,INLIN_I
                JR BI_FILLN
; BI_CLSALL: CLOSE of every file (run-clear, END, the program's end).
; Keeps HL.
BI_CLSALL:      LD B,18
                JP BI_XTRY

; BI_ERRTXT: ERRFLG = an error code: for 60-71 the extension writes Disk
; BASIC's message at BUF+166 (as the disk ROM does, fact sheet §4.7) when
; a disk system is there: HL = it, carry. NC for the others.
BI_ERRTXT:      LD A,(ERRFLG)
                LD E,A
                SUB 60
                CP 12
                RET NC
                PUSH HL                 ; (the core's table, kept for NC)
                XOR A
                LD (BUF+166),A
                LD L,E
                LD B,22
                CALL BI_XTRY
                POP HL
                LD A,(BUF+166)
                OR A
                RET Z                   ; no text: NC, HL kept
                LD HL,BUF+166
                SCF
                RET

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
XE_ARYFIND_I:   CALL BI_ARYFIND
                EX DE,HL
                POP HL
                RET
XE_LOADED_I:    EI
                PUSH AF
                XOR A                   ; a new program: numbers, no pointers
                LD (PTRFLG),A
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
XE_MAXFIL_I:    EI                      ; MAXFILES=A (files closed)
                PUSH HL
                LD HL,MAXFIL
                LD C,(HL)
                LD (HL),A
                PUSH BC
                LD HL,(MEMSIZ)          ; the string space kept
                LD DE,(STKTOP)
                OR A
                SBC HL,DE
                LD B,H
                LD C,L
                CALL BI_MEMSET
                POP BC
                JR NC,XE_MAXFIL_OK
                LD A,C
                LD (MAXFIL),A
                JP OMERR
XE_MAXFIL_OK:   POP HL
                CALL BI_RUNCLR
                JP NEWSTT_I
XE_CALLHL_I:    EI
                JP (HL)
XE_ALOAD_I:     EI
                OR A
                CALL NZ,BI_SCRATCH
                JP BI_MAIN

; The cruncher and the lister live in the extension ROM (ext/crunch.asm,
; ext/list.asm); their contracts are unchanged (docs/basic-interpreter.md).
CRUNCH:         LD B,80h
                JP EXT_GO
DETOKEN:        LD B,81h
                JP EXT_GO
