; Start-up, the main loop (direct mode and program-line editing), run-clear,
; and the program-wide statements NEW, CLEAR, LIST. Fact sheet §1, §5.

; ---- BI_COLD: from the BIOS boot when nothing else took over ----------------
; The work area (BI_WKINIT), then the text screen: the BIOS's SCREEN 0
; (LINL40 37 from its defaults: WIDTH 37, as the European MSX2 machines
; start), the banner and "Ok".
BI_COLD:        CALL BI_DSKINI          ; Disk BASIC: its FCBs under HIMEM
                CALL BI_WKINIT
                JP C,OMERR
                CALL BI_SCRATCH         ; NEW (the stack from STKTOP)
                JP BI_COLD_SCR

; ---- BI_WKINIT: MSX-BASIC's work area as at reset --------------------------
; (fact sheet §1.1-§1.5): program at 8001h, MAXFILES 1 with its channel
; block under HIMEM (whatever the BIOS or a disk ROM left there), 200 bytes
; of string space, the function keys, NEW's state; SP is not moved. The
; boot runs it before the cartridges' INIT and again before H.STKE (once
; the disk ROMs have taken their work area), so that a program started
; from either finds the work area MSX-BASIC had set up by then on an MSX,
; and can hand over to MSX-BASIC when it ends (its error handler 406Fh,
; READYR 409Bh). Disk BASIC's FCBs are BI_COLD's (and BI_WKBOOT's) to
; take. Carry when the memory split fails.
BI_WKINIT:
                LD HL,8000h
                LD (BOTTOM),HL
                LD (HL),0               ; the 00 before the program
                INC HL
                LD (TXTTAB),HL
                LD A,1
                LD (MAXFIL),A
                LD HL,ENDPRG_INIT       ; ":",0,0,0,0
                LD DE,ENDPRG
                LD BC,5
                LDIR
                CALL 003Eh              ; INIFNK: the function keys' texts
                LD HL,USRTAB            ; DEF USR: Illegal function call
                LD B,10
BI_COLD_USR:    LD (HL),FCERR & 0FFh
                INC HL
                LD (HL),FCERR / 256
                INC HL
                DJNZ BI_COLD_USR
                XOR A
                LD (PRTFLG),A
                LD (LPTPOS),A
                LD (TRCFLG),A
                LD (AUTFLG),A
                LD (BASROM),A
                LD (PTRFLG),A
                LD H,A
                LD L,A
                LD (PTRFIL),HL
                LD (VLZADR),HL
                LD A,':'
                LD (KBUF-1),A           ; direct statements run from KBUF-1
                LD HL,(TXTTAB)          ; the program area must exist before
                INC HL                  ; the memory split (VARTAB)
                INC HL
                LD (VARTAB),HL
                LD BC,200
                CALL BI_MEMSET
                RET C
                XOR A                   ; NEW's state, the stack left alone
                CALL BI_NEWTXT
                CALL BI_CLRVARS
                LD HL,(STKTOP)          ; SAVSTK: where the run-clear puts the
                DEC HL                  ; stack, on its 0000 end mark
                DEC HL
                LD (SAVSTK),HL
                XOR A
                LD (HL),A
                INC HL
                LD (HL),A
                RET

; BI_WKBOOT: BI_WKINIT before H.STKE, with Disk BASIC's FCBs taken under
; HIMEM as a cold start takes them, but HIMEM given back to what the disk
; ROM set: the free disk ROM leaves boot loaders and boot programs HIMEM =
; CE00h, the least a boot loader accepts (crates/msx-disk/boot), and a
; program the boot starts may end in MSX-BASIC, whose disk statements then
; need the FCBs (a real disk ROM takes them at its INIT, lowering HIMEM).
BI_WKBOOT:      LD HL,(HIMEM)
                PUSH HL
                CALL BI_DSKINI
                CALL BI_WKINIT
                POP HL
                LD (HIMEM),HL
                RET

; BI_COLD's rest: the text screen, the banner.
BI_COLD_SCR:    LD A,(SCRMOD)           ; the text mode power-on chose (SET
                OR A                    ; SCREEN): SCREEN 0 or 1, its WIDTH,
                JR NZ,BI_COLD_32        ; COLOR and KEY ON/OFF
                CALL INITXT_I
                JR BI_COLD_KEY
BI_COLD_32:     CALL INIT32_I
BI_COLD_KEY:    LD C,29h                ; SET SCREEN's KEY ON/OFF (block 2
                LD IX,01F5h             ; register 9 bit 0): SUB-ROM REDCLK
                CALL 015Fh
                RRCA
                CALL C,DSPFNK
                LD HL,BI_BANNER
                CALL STROUT
                LD HL,(STKTOP)          ; STKTOP - VARTAB - 14 Bytes free
                LD DE,(VARTAB)
                OR A
                SBC HL,DE
                LD DE,14
                SBC HL,DE
                CALL LINPRT
                LD HL,BI_FREEMSG
                CALL STROUT
                JP BI_DSKBOOT           ; Disk BASIC: AUTOEXEC.BAS, else "Ok"

BI_BANNER:      DB "MSX BASIC version 2.0",0Dh,0Ah
                DB "Free ROM of the msx project",0Dh,0Ah,0
BI_FREEMSG:     DB " Bytes free",0Dh,0Ah,0
ENDPRG_INIT:    DB ":",0,0,0,0

; BI_MEMSET: the memory split from HIMEM, MAXFIL and BC = string space size
; (fact sheet §1.3): FILTAB, the channel pointers, NULBUF, MEMSIZ, STKTOP.
; Carry when the program would not fit (then nothing is changed).
BI_MEMSET:      PUSH BC
                LD A,(MAXFIL)
                INC A
                LD B,A                  ; channels including 0
                LD HL,(HIMEM)
                LD DE,-267
BI_MEMSET_C:    ADD HL,DE
                DJNZ BI_MEMSET_C
                PUSH HL                 ; FILTAB
                DEC HL
                DEC HL                  ; MEMSIZ
                POP DE
                POP BC
                PUSH DE
                PUSH HL
                OR A
                SBC HL,BC               ; STKTOP
                JR C,BI_MEMSET_OM
                PUSH HL
                LD DE,(VARTAB)
                LD BC,160
                EX DE,HL
                ADD HL,BC
                EX DE,HL
                OR A
                SBC HL,DE
                POP BC                  ; STKTOP
                POP DE                  ; MEMSIZ
                POP HL                  ; FILTAB
                RET C
                LD (STKTOP),BC
                LD (MEMSIZ),DE
                LD (FRETOP),DE
                LD (FILTAB),HL
                LD A,(MAXFIL)           ; pointers, then the 265-byte blocks
                INC A
                LD B,A
                LD D,H
                LD E,L
                ADD A,A
                ADD A,E
                LD E,A
                LD A,D
                ADC A,0
                LD D,A                  ; DE = first block
BI_MEMSET_P:    LD (HL),E
                INC HL
                LD (HL),D
                INC HL
                XOR A
                LD (DE),A               ; FL.MOD: closed
                PUSH HL
                LD HL,265
                ADD HL,DE
                EX DE,HL
                POP HL
                DJNZ BI_MEMSET_P
                LD HL,(FILTAB)
                LD E,(HL)
                INC HL
                LD D,(HL)
                LD HL,9
                ADD HL,DE
                LD (NULBUF),HL
                OR A
                RET
BI_MEMSET_OM:   POP HL
                POP HL
                SCF
                RET

; ---- READYR (409Bh): "Ok", then the main loop -------------------------------
; A graphic screen goes back to text first (TOTEXT, as MSX-BASIC's prompt
; does: fact sheet §5), so that END in SCREEN 2 shows "Ok".
READYR_I:
                CALL TOTEXT_I
                CALL BI_LDEND           ; Disk BASIC: an unfinished LOAD closed
                LD HL,TEMPST            ; no temporary string outlives a command
                LD (TEMPPT),HL
                XOR A
                LD (PRTFLG),A
                LD H,A
                LD L,A
                LD (PTRFIL),HL
                CALL H_READ
                CALL CRDONZ
                CALL BI_PROMPT
; BI_MAIN: a line from the screen editor (no prompt: after a line edit).
BI_MAIN:        CALL H_MAIN
                LD HL,0FFFFh
                LD (CURLIN),HL
                LD HL,ENDPRG
                LD (SAVTXT),HL
                LD A,(AUTFLG)
                OR A
                JR Z,BI_MAIN_IN
                LD HL,(AUTLIN)          ; AUTO: the number, '*' if it exists
                PUSH HL
                CALL LINPRT
                POP DE
                CALL FNDLIN
                LD A,'*'
                JR C,BI_MAIN_AST
                LD A,' '
BI_MAIN_AST:    RST 18h
BI_MAIN_IN:     CALL BI_GETLN           ; typed, or a line of an ASCII LOAD
                JR NC,BI_MAIN_GOT
                XOR A                   ; CTRL+STOP ends AUTO; the editor
                LD (AUTFLG),A           ; took it: no Break later
                LD (INTFLG),A
                JR BI_MAIN
BI_MAIN_GOT:    LD A,(AUTFLG)           ; AUTO: the line number typed for you
                OR A
                JR Z,BI_MAIN_TXT
                CALL BI_AUTOLN
BI_MAIN_TXT:    CALL CHRGTR_I           ; first non-blank of BUF
                JR Z,BI_MAIN
                JR C,BI_EDIT            ; a line number: program editing
                CALL BI_DIRCHK          ; Disk BASIC: not in a file being loaded
                XOR A                   ; a direct statement
                LD (AUTFLG),A
                CALL CRUNCH
                LD HL,KBUF              ; two more 00: the end of a "program"
                ADD HL,BC
                XOR A
                LD (HL),A
                INC HL
                LD (HL),A
                CALL H_DIRD
                LD HL,KBUF-1            ; ':' before KBUF
                JP NEWSTT_I

BI_OKMSG:       DB "Ok",0Dh,0Ah,0

; BI_PROMPT: "Ok", or the prompt SET PROMPT keeps in the clock chip's RAM:
; the SUB-ROM's PROMPT prints it, as on an MSX2.
BI_PROMPT:      LD IX,0181h             ; SUB-ROM PROMPT (sub/settings.asm)
                JP 015Fh                ; EXTROM

; BI_AUTOLN: AUTO put AUTLIN on the screen: the line read back starts with
; it; advance AUTLIN (AUTO stops past 65529).
BI_AUTOLN:      LD HL,(AUTLIN)
                LD DE,(AUTINC)
                ADD HL,DE
                JR C,BI_AUTOLN_END
                LD (AUTLIN),HL
                LD DE,65530
                RST 20h
                JR C,BI_AUTOLN_R
BI_AUTOLN_END:  XOR A
                LD (AUTFLG),A
BI_AUTOLN_R:    LD HL,BUF-1
                RET

; ---- a numbered line: insert, replace or delete (fact sheet §5) -------------
BI_EDIT:        PUSH HL
                CALL BI_PTRNUM          ; line numbers, not pointers, while
                POP HL                  ; lines move
                CALL BI_LINNUM          ; DE = number, HL after the digits
                LD A,(HL)
                CP ' '                  ; one blank after the number belongs
                JR NZ,BI_EDIT_NB        ; to it (not after line 0)
                LD A,D
                OR E
                JR Z,BI_EDIT_NB
                INC HL
BI_EDIT_NB:     PUSH DE
                CALL CRUNCH             ; body to KBUF, BC = length with the 00
                POP DE
                LD A,(KBUF)
                OR A
                PUSH AF
                CALL BI_DELLIN          ; the old line goes (C if there was one)
                POP HL                  ; (H = the first byte of the body)
                INC H
                DEC H
                JR NZ,BI_EDIT_INS
                JR C,BI_EDIT_DONE       ; an empty line deleted a line
                LD A,(AUTFLG)           ; nothing to delete: an error unless AUTO
                OR A
                JP Z,ULERR
                JR BI_EDIT_DONE
BI_EDIT_INS:    PUSH DE                 ; line number
                PUSH BC                 ; body length
                LD HL,4                 ; room: link, number, body
                ADD HL,BC
                PUSH HL
                LD DE,(VARTAB)
                ADD HL,DE
                JP C,OMERR
                LD B,H
                LD C,L
                LD HL,-160              ; must stay under the stack
                ADD HL,SP
                OR A
                SBC HL,BC
                JP C,OMERR
                POP BC                  ; size
                POP HL                  ; body length
                POP DE                  ; number
                PUSH HL
                PUSH BC
                CALL FNDLIN             ; BC = where it goes
                POP HL                  ; size
                PUSH BC
                PUSH DE
                ; move [BC, VARTAB) up by the size
                LD DE,(VARTAB)
                PUSH HL
                ADD HL,DE
                LD (VARTAB),HL
                EX DE,HL                ; DE = new end, HL = old end
                PUSH HL
                OR A
                SBC HL,BC               ; bytes to move
                LD B,H
                LD C,L
                POP HL
                DEC HL
                DEC DE
                LD A,B
                OR C
                JR Z,BI_EDIT_NOMV
                LDDR
BI_EDIT_NOMV:   POP BC                  ; size (unused now)
                POP DE                  ; number
                POP HL                  ; the line's place
                LD (HL),1               ; link: not 0000, the linker writes it
                INC HL
                INC HL
                LD (HL),E
                INC HL
                LD (HL),D
                INC HL
                EX DE,HL
                POP BC                  ; body length
                LD HL,KBUF
                LDIR
BI_EDIT_DONE:   CALL BI_LINKER
                LD HL,0                 ; editing drops ON ERROR GOTO
                LD (ONELIN),HL
                CALL BI_RUNCLR
                CALL H_FINI
                CALL H_FINE
                JP BI_MAIN

; BI_DELLIN: delete line DE if it exists (carry then). Keeps BC, DE.
BI_DELLIN:      PUSH BC
                PUSH DE
                CALL FNDLIN
                JR NC,BI_DELLIN_NO
                LD H,B                  ; HL = the line, DE = the next
                LD L,C
                LD E,(HL)
                INC HL
                LD D,(HL)
                DEC HL
                CALL BI_MOVDN
                CALL BI_LINKER
                POP DE
                POP BC
                SCF
                RET
BI_DELLIN_NO:   POP DE
                POP BC
                OR A
                RET

; BI_MOVDN: remove the bytes [HL, DE) of the program: [DE, VARTAB) moves to
; HL and VARTAB follows.
BI_MOVDN:       PUSH HL
                LD HL,(VARTAB)
                OR A
                SBC HL,DE
                LD B,H
                LD C,L
                POP HL
                EX DE,HL
                LD A,B
                OR C
                JR Z,BI_MOVDN_E
                LDIR
BI_MOVDN_E:     LD (VARTAB),DE
                RET

; BI_LINKER: every line's link rebuilt from TXTTAB; VARTAB = after the end.
BI_LINKER:      LD HL,(TXTTAB)
BI_LINK_L:      LD D,H                  ; DE = this line
                LD E,L
                LD A,(HL)
                INC HL
                OR (HL)
                JR Z,BI_LINK_END
                INC HL                  ; past the number
                INC HL
                INC HL
                CALL BI_EOL
                INC HL                  ; the next line
                EX DE,HL
                LD (HL),E
                INC HL
                LD (HL),D
                EX DE,HL
                JR BI_LINK_L
BI_LINK_END:    INC HL
                LD (VARTAB),HL
                RET

; BI_EOL: from HL (in a line's body) to the 00 that ends it, stepping over
; the operands of constants (they may hold 00).
BI_EOL:         LD A,(HL)
                OR A
                RET Z
                CP 20h
                JR NC,BI_EOL_N
                CP 0Bh
                JR C,BI_EOL_N
                CALL CHRGTR_I
                JR BI_EOL
BI_EOL_N:       INC HL
                JR BI_EOL

; BI_LINNUM: ASCII digits at HL -> DE (Syntax error past 65529); HL after.
BI_LINNUM:      LD DE,0
BI_LINNUM_L:    LD A,(HL)
                SUB '0'
                RET C
                CP 10
                RET NC
                PUSH HL
                LD H,D
                LD L,E
                ADD HL,HL
                JR C,BI_LINNUM_SN
                ADD HL,HL
                JR C,BI_LINNUM_SN
                ADD HL,DE
                JR C,BI_LINNUM_SN
                ADD HL,HL
                JR C,BI_LINNUM_SN
                LD E,A
                LD D,0
                ADD HL,DE
                JR C,BI_LINNUM_SN
                EX DE,HL
                LD HL,65529
                OR A
                SBC HL,DE
                POP HL
                JP C,SNERR
                INC HL
                JR BI_LINNUM_L
BI_LINNUM_SN:   JP SNERR

; ---- run-clear (fact sheet §1.3): variables, strings, stack, traps --------
; Keeps HL. The stack is reset: the caller's return address survives, the
; rest does not (statements that call it end with JP NEWSTT).
BI_RUNCLR:      CALL BI_CLRVARS
                POP BC                  ; return address
                LD SP,(STKTOP)
                LD DE,0                 ; the end mark of the block search
                PUSH DE
                PUSH BC
                RET
; BI_CLRVARS: the run-clear but the stack. Keeps HL.
BI_CLRVARS:     PUSH HL
                CALL BI_CLSALL          ; Disk BASIC: every file closed
                CALL H_RUNC
                LD HL,TRPTBL            ; traps, FNKFLG, ONGSBF
                LD B,78
BI_RUNCLR_T:    LD (HL),0
                INC HL
                DJNZ BI_RUNCLR_T
                LD HL,FNKFLG
                LD B,10
BI_RUNCLR_F:    LD (HL),0
                INC HL
                DJNZ BI_RUNCLR_F
                XOR A
                LD (ONGSBF),A
                LD (ONEFLG),A
                LD (SUBFLG),A
                LD H,A
                LD L,A
                LD (ONELIN),HL
                LD (OLDTXT),HL
                LD (PRMSTK),HL
                LD HL,DEFTBL            ; every letter double
                LD B,26
BI_RUNCLR_D:    LD (HL),8
                INC HL
                DJNZ BI_RUNCLR_D
                LD HL,BI_RNDINI
                LD DE,RNDX
                LD BC,8
                LDIR
                CALL H_CLEA
                LD HL,(MEMSIZ)
                LD (FRETOP),HL
                LD HL,(TXTTAB)          ; RESTORE
                DEC HL
                LD (BDATPTR),HL
                LD HL,(VARTAB)
                LD (ARYTAB),HL
                LD (STREND),HL
                LD HL,TEMPST
                LD (TEMPPT),HL
                CALL H_LOPD
                POP HL
                RET

; RNDX after run-clear: 0.40649651372358 ([ROM2M 2C24h]) in the Math-Pack's
; RND format (docs/basic-interpreter.md, "RND's seed").
BI_RNDINI:      DB 00h,40h,64h,96h,51h,37h,23h,58h

; ---- NEW ----------------------------------------------------------------------
NEW_I:          RET NZ
                CALL BI_SCRATCH
                JP READYR_I
; BI_SCRATCH: empty program, TRON and AUTO off, run-clear.
BI_SCRATCH:     XOR A
                CALL BI_NEWTXT
                JP BI_RUNCLR
; BI_NEWTXT: A = 0: the empty program, TRON, AUTO and the line pointers off.
BI_NEWTXT:      LD (TRCFLG),A
                LD (AUTFLG),A
                LD (PTRFLG),A
                LD HL,(TXTTAB)
                LD (HL),A
                INC HL
                LD (HL),A
                INC HL
                LD (VARTAB),HL
                RET

; ---- CLEAR [string space[,top]] -----------------------------------------------
CLEAR_I:        JR Z,CLEAR_RUN
                CALL FRMQNT_I           ; string space
                BIT 7,D
                JP NZ,FCERR
                PUSH DE
                CALL CHRGOT
                LD DE,(HIMEM)
                CP ','
                JR NZ,CLEAR_SET
                CALL CHRGTR_I
                CALL FRMQNT_I           ; top: 8000h-F380h
                PUSH HL
                LD HL,7FFFh
                RST 20h
                JP NC,FCERR
                LD HL,0F380h
                RST 20h
                JP C,FCERR
                POP HL
CLEAR_SET:      POP BC
                PUSH HL
                LD HL,(HIMEM)           ; the old top back on failure
                PUSH HL
                LD (HIMEM),DE
                CALL BI_MEMSET
                POP DE
                JR NC,CLEAR_OK
                LD (HIMEM),DE
                JP OMERR
CLEAR_OK:       POP HL
CLEAR_RUN:      CALL BI_RUNCLR
                JP NEWSTT_I

; ---- LIST [a][-[b]] -----------------------------------------------------------
LIST_I:         CALL BI_RANGE           ; DE = first, BC = last
                PUSH BC
                CALL FNDLIN             ; BC = the first line to show
                POP DE                  ; DE = last
                LD H,B
                LD L,C
LIST_LOOP:      LD A,(HL)               ; end of the program
                INC HL
                OR (HL)
                DEC HL
                JP Z,READYR_I
                PUSH HL
                INC HL
                INC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A                  ; this line's number
                LD (TEMP2),HL
                EX DE,HL
                RST 20h                 ; last < number: done
                EX DE,HL
                POP HL
                JP C,READYR_I
                CALL CKCNTC_I
                PUSH DE
                PUSH HL
                LD BC,(TEMP2)
                LD (DOT),BC
                CALL H_LIST
                CALL DETOKEN
                LD HL,BUF
                CALL STROUT
                CALL CRDO
                POP HL
                POP DE
                LD A,(HL)               ; the next line
                INC HL
                LD H,(HL)
                LD L,A
                JR LIST_LOOP

; BI_RANGE: [a][-[b]] for LIST and DELETE: DE = a (0), BC = b (65535 or a).
; '.' stands for DOT's line.
BI_RANGE:       CALL BI_RLINE
                LD B,D
                LD C,E
                JR NZ,BI_RANGE_1        ; no first number
                CP TK_MINUS
                RET NZ                  ; just a: a-a
                JR BI_RANGE_2
BI_RANGE_1:     LD BC,0FFFFh
                CP TK_MINUS
                RET NZ                  ; nothing: everything
BI_RANGE_2:     PUSH DE
                CALL CHRGTR_I
                CALL BI_RLINE
                LD B,D
                LD C,E
                POP DE
                RET Z
                LD BC,0FFFFh
                RET
; BI_RLINE: a line number or '.' -> DE, Z; else DE = 0, NZ.
BI_RLINE:       CP '.'
                JP NZ,LINGET
                LD DE,(DOT)
                CALL CHRGTR_I
                CP A
                RET
