; Text screen helpers for SCREEN 0 (40/80 columns) and SCREEN 1: cell
; addresses, the cursor, line clear / copy / insert / delete, CLS.
;
; CSRX/CSRY are 1-based. The LINLEN-wide window is centred on the physical
; screen of TXTCOLS columns, starting at column TXTOFS (set by INITXT/INIT32):
; the Red Book's (cols + 1 - LINLEN) / 2.

; ---- ROWADDR: A = row (1-based) -> HL = NAMBAS + (row - 1) * TXTCOLS. -------
; Preserves BC, DE.
ROWADDR:
                PUSH DE
                PUSH BC
                LD B,A
                LD HL,(NAMBAS)
                LD A,(TXTCOLS)
                LD E,A
                LD D,0
ROWADDR_LOOP:   DEC B
                JR Z,ROWADDR_DONE
                ADD HL,DE
                JR ROWADDR_LOOP
ROWADDR_DONE:   POP BC
                POP DE
                RET

; ---- CELLADR: HL = VRAM address of the cursor cell. Changes AF. -------------
CELLADR:
                LD HL,(CSRY)
; ---- CELLAT: H = column, L = row (1-based) -> HL = VRAM address. Changes AF.
CELLAT:
                PUSH DE
                LD D,H
                LD A,L
                CALL ROWADDR
                LD A,(TXTOFS)
                DEC A
                ADD A,D
                LD E,A
                LD D,0
                ADD HL,DE
                POP DE
                RET

; ---- LASTROW: A = the last row text uses: CRTCNT, less the function-key row
; while it is shown (CNSDFG non-zero; MSX Red Book 0C32H). Changes F. --------
LASTROW:
                LD A,(CNSDFG)
                OR A
                LD A,(CRTCNT)
                RET Z
                DEC A
                RET

; ---- LTTADR: A = row -> HL = its LINTTB entry. Changes F. -------------------
; LINTTB (FBB2h, one byte a row) is 0 for a row whose text goes on in the next
; row (one logical line), non-zero otherwise (Red Book: LINTTB, 0C1DH). CHPUT
; keeps it: a character printed past the last column clears the row's entry;
; a row that is cleared, and every row after CLS, is not continued; rows that
; scroll take their entry along (COPYROW).
LTTADR:
                PUSH DE
                LD E,A
                LD D,0
                LD HL,LINTTB-1
                ADD HL,DE
                POP DE
                RET

; ---- CURON / CUROFF: show / hide the cursor (text modes only). -------------
; The cursor is character 255 with the (inverted) pattern of the character
; under it, as on the original BIOS. Preserve all registers.
CURON:
                PUSH AF
                LD A,(SCRMOD)
                CP 2
                JR NC,CURON_NONE
                LD A,(CURSHOWN)
                OR A
                JR NZ,CURON_NONE
                PUSH HL
                PUSH DE
                PUSH BC
                CALL CELLADR
                LD (CURADDR),HL
                CALL RDVRM_I
                LD (CURSAVE),A
                CALL PAT255ADR          ; save the pattern of character 255
                LD DE,CURSAVPAT
                LD BC,8
                CALL LDIRMV_I
                LD A,(CURSAVE)          ; pattern of the character under the cursor
                LD L,A
                LD H,0
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                LD DE,(CGPBAS)
                ADD HL,DE
                LD DE,PATWRK
                LD BC,8
                CALL LDIRMV_I
                LD HL,PATWRK
                LD B,8
                LD A,(CSTYLE)
                OR A
                JR Z,CURON_INV
                LD HL,PATWRK+6          ; underline cursor: the two bottom rows
                LD B,2
CURON_INV:      LD A,(HL)
                CPL
                LD (HL),A
                INC HL
                DJNZ CURON_INV
                CALL PAT255ADR
                EX DE,HL
                LD HL,PATWRK
                LD BC,8
                CALL LDIRVM_I
                LD HL,(CURADDR)
                LD A,0FFh
                CALL WRTVRM_I
                LD A,1
                LD (CURSHOWN),A
                POP BC
                POP DE
                POP HL
CURON_NONE:     POP AF
                RET

CUROFF:
                PUSH AF
                LD A,(CURSHOWN)
                OR A
                JR Z,CUROFF_NONE
                XOR A
                LD (CURSHOWN),A
                PUSH HL
                PUSH DE
                PUSH BC
                CALL PAT255ADR
                EX DE,HL
                LD HL,CURSAVPAT
                LD BC,8
                CALL LDIRVM_I
                LD HL,(CURADDR)         ; put the character back unless the
                CALL RDVRM_I            ; program has written over the cursor
                INC A
                JR NZ,CUROFF_KEPT
                LD A,(CURSAVE)
                CALL WRTVRM_I
CUROFF_KEPT:    POP BC
                POP DE
                POP HL
CUROFF_NONE:    POP AF
                RET

; HL = address of the pattern of character 255. Changes AF, DE.
PAT255ADR:
                LD HL,(CGPBAS)
                LD DE,255*8
                ADD HL,DE
                RET

; ---- CLRLINE: A = row: the whole physical row becomes spaces. --------------
; Changes AF, BC, HL.
CLRLINE:
                CALL LTTADR
                LD (HL),A               ; not continued (A = row, non-zero)
                CALL ROWADDR
                LD A,(TXTCOLS)
                LD C,A
                LD B,0
                LD A,' '
                JP FILVRM_I

; ---- CLREOL: clear from the cursor to the end of the LINLEN window; the row
; no longer goes on in the next (ESC K, Red Book 0AEEH). ----------------------
CLREOL:
                LD A,(CSRY)
                CALL LTTADR
                LD (HL),A
                CALL CELLADR
                LD A,(CSRX)
                LD C,A
                LD A,(LINLEN)
                INC A
                SUB C
                RET C
                RET Z
                LD C,A
                LD B,0
                LD A,' '
                JP FILVRM_I

; ---- COPYROW: row B -> row C (whole physical rows). Changes AF, HL, DE. -----
; Through LINWRK (40 bytes), so an 80-column row goes in two halves.
COPYROW:
                PUSH BC
                LD A,C
                CALL ROWADDR
                EX DE,HL                ; DE = destination row
                LD A,B
                CALL ROWADDR            ; HL = source row
                LD A,(TXTCOLS)
                CP 41
                JR C,COPYROW_ONE
                RRA                     ; 80 -> 40 (carry clear after CP 41)
                CALL COPYPART
COPYROW_ONE:    CALL COPYPART
                POP BC
                LD A,B                  ; the row's LINTTB entry goes along
                CALL LTTADR
                LD A,(HL)
                PUSH AF
                LD A,C
                CALL LTTADR
                POP AF
                LD (HL),A
                RET
; COPYPART: A = bytes (<= 40) from VRAM HL to VRAM DE; both advance. Keeps A.
COPYPART:
                PUSH AF
                PUSH DE
                LD DE,LINWRK
                LD C,A
                LD B,0
                PUSH BC
                PUSH HL
                CALL LDIRMV_I
                POP HL
                POP BC
                POP DE
                PUSH BC
                PUSH HL
                LD HL,LINWRK
                PUSH DE
                CALL LDIRVM_I
                POP DE
                POP HL
                POP BC
                ADD HL,BC
                EX DE,HL
                ADD HL,BC
                EX DE,HL
                POP AF
                RET

; ---- DELLINE: A = row: rows below move up, the last row is cleared. ------
DELLINE:
                LD B,A
DELLINE_LOOP:   CALL LASTROW
                CP B
                JR Z,DELLINE_LAST
                JR C,DELLINE_LAST
                LD C,B
                INC B
                CALL COPYROW
                JR DELLINE_LOOP
DELLINE_LAST:   CALL LASTROW
                JP CLRLINE

; ---- INSLINE: A = row: it and the rows below move down, it is cleared. ----
INSLINE:
                LD E,A
                CALL LASTROW
                LD C,A                  ; destination row
INSLINE_LOOP:   LD A,C
                CP E
                JR Z,INSLINE_CLR
                JR C,INSLINE_CLR
                LD B,C
                DEC B
                PUSH DE
                CALL COPYROW
                POP DE
                DEC C
                JR INSLINE_LOOP
INSLINE_CLR:    LD A,E
                JP CLRLINE

; ---- CLSTXT: clear the text screen and home the cursor. --------------------
CLSTXT:
                LD HL,(NAMBAS)
                LD A,(TXTCOLS)
                LD C,A
                LD B,0
                LD A,(CRTCNT)
                LD E,A
                PUSH HL
                LD HL,0
CLSTXT_MUL:     ADD HL,BC
                DEC E
                JR NZ,CLSTXT_MUL
                LD B,H
                LD C,L
                POP HL
                LD A,' '
                CALL FILVRM_I
                LD HL,LINTTB            ; no row continued
                LD B,24
CLSTXT_LTT:     LD (HL),B
                INC HL
                DJNZ CLSTXT_LTT
                LD HL,0101h
                LD (CSRY),HL
                JP FNKSB_I              ; the function-key row, if it is on
