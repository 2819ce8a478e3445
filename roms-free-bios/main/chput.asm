; CHPUT (00A2h): console output with control codes and escape sequences, in
; SCREEN 0 and SCREEN 1. In the graphic modes CHPUT does nothing, as the
; original BIOS (use GRPPRT there). Codes and sequences: Red Book chapter 4
; and MSX2 Technical Handbook appendix 10 (msx-hardware.md section 7.1).
;
;   01h x  graphic character x - 40h      07h beep        08h / 1Dh left
;   09h    tab (columns 1, 9, 17, ...)    0Ah line feed   0Bh home
;   0Ch    clear screen                   0Dh return      1Bh escape
;   1Ch right   1Eh up   1Fh down         7Fh erase the character at the cursor
;   ESC A/B/C/D up/down/right/left (no wrap), ESC E / ESC j clear screen,
;   ESC H home, ESC J clear to end of screen, ESC K clear to end of line,
;   ESC L insert line, ESC l clear line, ESC M delete line,
;   ESC Y r c cursor to row r-31, column c-31,
;   ESC x4 / y4 block / underline cursor, ESC x5 / y5 cursor off / on.
; Printing in the last column wraps; a line feed on the last row scrolls.

CHPUT_I:
                PUSH HL
                PUSH DE
                PUSH BC
                PUSH AF
                CALL H_CHPU
                LD A,(SCRMOD)
                CP 2
                JR NC,CHPUT_END
                CALL CUROFF
                POP AF
                PUSH AF
                CALL CHPUT1
                LD A,(CSRSW)
                OR A
                CALL NZ,CURON
                ; TTYPOS = CSRX - 1, the 0-based column, as the original
                ; CHPUT leaves it (text modes only; C-BIOS stores CSRX itself,
                ; 1-based): BASIC's PRINT uses it for TAB and the comma zones.
                LD A,(CSRX)
                DEC A
                LD (TTYPOS),A
CHPUT_END:      POP AF
                POP BC
                POP DE
                POP HL
                RET

; CHPUT1: A = character; may change every register but the stack.
CHPUT1:
                LD C,A
                LD A,(GRPHED)
                OR A
                JR Z,CHPUT1_NOHDR
                XOR A
                LD (GRPHED),A
                LD A,C
                SUB 040h
                JR PUTCHR
CHPUT1_NOHDR:   LD A,(ESCCNT)
                OR A
                JP NZ,ESCSTEP
                LD A,C
                CP 020h
                JR C,CTRLCODE
                CP 07Fh
                JR NZ,PUTCHR
                CALL CELLADR            ; DEL: erase under the cursor
                LD A,' '
                JP WRTVRM_I

; PUTCHR: A = character code, written at the cursor; the cursor advances.
PUTCHR:
                PUSH AF
                CALL CELLADR
                POP AF
                CALL WRTVRM_I
                LD HL,CSRX
                INC (HL)
                LD A,(LINLEN)
                CP (HL)
                RET NC
                LD (HL),1
                LD A,(CSRY)             ; past the last column: the row goes on
                CALL LTTADR             ; in the next one (LINTTB entry 0)
                LD (HL),0
                JP CTL_LF

; CTRLCODE: A = 00h-1Fh, through a table of handlers.
CTRLCODE:
                ADD A,A
                LD E,A
                LD D,0
                LD HL,CTRLTAB
                ADD HL,DE
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                JP (HL)
CTRLTAB:
                DW CTL_NONE,CTL_GRPHED,CTL_NONE,CTL_NONE        ; 00-03
                DW CTL_NONE,CTL_NONE,CTL_NONE,CTL_BEEP          ; 04-07
                DW CTL_LEFT,CTL_TAB,CTL_LF,CTL_HOME             ; 08-0B
                DW CTL_CLS,CTL_CR,CTL_NONE,CTL_NONE             ; 0C-0F
                DW CTL_NONE,CTL_NONE,CTL_NONE,CTL_NONE          ; 10-13
                DW CTL_NONE,CTL_NONE,CTL_NONE,CTL_NONE          ; 14-17
                DW CTL_NONE,CTL_NONE,CTL_NONE,CTL_ESC           ; 18-1B
                DW CTL_RIGHT,CTL_LEFT,CTL_UP,CTL_DOWN           ; 1C-1F

CTL_NONE:       RET
CTL_GRPHED:     LD A,1
                LD (GRPHED),A
                RET
CTL_BEEP:       JP BEEP_I
CTL_ESC:        LD A,0FFh
                LD (ESCCNT),A
                RET
CTL_HOME:       LD HL,0101h
                LD (CSRY),HL
                RET
CTL_CLS:        JP CLSTXT
CTL_CR:         LD A,1
                LD (CSRX),A
                RET

; Left, wrapping to the end of the previous row.
CTL_LEFT:
                LD HL,CSRX
                LD A,(HL)
                DEC A
                JR Z,CTL_LEFT_WRAP
                LD (HL),A
                RET
CTL_LEFT_WRAP:  LD A,(CSRY)
                DEC A
                RET Z
                LD (CSRY),A
                LD A,(LINLEN)
                LD (HL),A
                RET

; Right, wrapping to the start of the next row (never scrolls).
CTL_RIGHT:
                LD HL,CSRX
                LD A,(LINLEN)
                CP (HL)
                JR Z,CTL_RIGHT_WRAP
                JR C,CTL_RIGHT_WRAP
                INC (HL)
                RET
CTL_RIGHT_WRAP: CALL LASTROW
                LD B,A
                LD A,(CSRY)
                CP B
                RET NC
                INC A
                LD (CSRY),A
                LD (HL),1
                RET

CTL_UP:
                LD HL,CSRY
                LD A,(HL)
                DEC A
                RET Z
                LD (HL),A
                RET

CTL_DOWN:
                CALL LASTROW
                LD HL,CSRY
                CP (HL)
                RET Z
                RET C
                INC (HL)
                RET

; Line feed: down one row, scrolling the screen up on the last row (the
; function-key row, when shown, stays).
CTL_LF:
                CALL LASTROW
                LD HL,CSRY
                CP (HL)
                JR Z,SCROLLUP
                JR C,CTL_LF_BELOW
                INC (HL)
                RET
CTL_LF_BELOW:   LD (HL),A
; SCROLLUP: the text rows move up one. INLIN's start (FSTPOS) moves with its
; text; 0 once it has left the screen.
SCROLLUP:
                LD HL,FSTPOS
                LD A,(HL)
                OR A
                JR Z,SCROLLUP_GO
                DEC (HL)
SCROLLUP_GO:    LD A,1
                JP DELLINE

; Tab: spaces up to the next column 1 + 8n.
CTL_TAB:
                LD A,' '
                CALL PUTCHR
                LD A,(CSRX)
                DEC A
                AND 7
                RET Z
                JR CTL_TAB

; ---- escape sequences: C = the character after ESC (or an argument) --------
ESCSTEP:
                INC A
                JR Z,ESC_CMD            ; ESCCNT = FFh: the command letter
                DEC A
                LD B,A
                XOR A
                LD (ESCCNT),A
                LD A,B
                CP 1
                JR Z,ESC_X
                CP 2
                JR Z,ESC_Y
                CP 4
                JR Z,ESC_ROW
                ; ESCCNT = 3: column of ESC Y
                LD A,(LINLEN)
                LD B,A
                LD A,C
                CALL ESC_CLAMP
                LD (CSRX),A
                LD A,(ESCARG)
                LD (CSRY),A
                RET
ESC_ROW:        LD A,(CRTCNT)
                LD B,A
                LD A,C
                CALL ESC_CLAMP
                LD (ESCARG),A
                LD A,3
                LD (ESCCNT),A
                RET
; A = character (row/column + 31) -> A = 1..B
ESC_CLAMP:      SUB 31
                JR C,ESC_CLAMP_LO
                JR Z,ESC_CLAMP_LO
                CP B
                RET C
                RET Z
                LD A,B
                RET
ESC_CLAMP_LO:   LD A,1
                RET

ESC_X:          LD B,0                  ; ESC x n: n = 4 block cursor, 5 cursor off
                JR ESC_XY
ESC_Y:          LD B,1                  ; ESC y n: n = 4 underline cursor, 5 cursor on
ESC_XY:         LD A,C
                CP '4'
                JR NZ,ESC_XY5
                LD A,B
                LD (CSTYLE),A
                RET
ESC_XY5:        CP '5'
                RET NZ
                LD A,B
                LD (CSRSW),A
                RET

ESC_CMD:
                XOR A
                LD (ESCCNT),A
                LD HL,ESCTAB
ESC_CMD_FIND:   LD A,(HL)
                OR A
                RET Z                   ; unknown: ignored
                INC HL
                CP C
                JR Z,ESC_CMD_GO
                INC HL
                INC HL
                JR ESC_CMD_FIND
ESC_CMD_GO:     LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                JP (HL)
ESCTAB:
                DB 'A'
                DW CTL_UP
                DB 'B'
                DW CTL_DOWN
                DB 'C'
                DW ESC_RIGHT
                DB 'D'
                DW ESC_LEFT
                DB 'E'
                DW CLSTXT
                DB 'j'
                DW CLSTXT
                DB 'H'
                DW CTL_HOME
                DB 'J'
                DW ESC_CLREOS
                DB 'K'
                DW CLREOL
                DB 'L'
                DW ESC_INSLN
                DB 'l'
                DW ESC_CLRLN
                DB 'M'
                DW ESC_DELLN
                DB 'Y'
                DW ESC_SETY
                DB 'x'
                DW ESC_SETX
                DB 'y'
                DW ESC_SETYY
                DB 0

ESC_RIGHT:      LD HL,CSRX
                LD A,(LINLEN)
                CP (HL)
                RET Z
                RET C
                INC (HL)
                RET
ESC_LEFT:       LD HL,CSRX
                LD A,(HL)
                DEC A
                RET Z
                LD (HL),A
                RET
ESC_CLREOS:     CALL CLREOL
                LD A,(CSRY)
                LD B,A
ESC_CLREOS_L:   CALL LASTROW
                CP B
                RET Z
                RET C
                INC B
                PUSH BC
                LD A,B
                CALL CLRLINE
                POP BC
                JR ESC_CLREOS_L
ESC_INSLN:      CALL CTL_CR
                LD A,(CSRY)
                JP INSLINE
ESC_CLRLN:      CALL CTL_CR
                JP CLREOL
ESC_DELLN:      CALL CTL_CR
                LD A,(CSRY)
                JP DELLINE
ESC_SETY:       LD A,4
                JR ESC_SETCNT
ESC_SETX:       LD A,1
                JR ESC_SETCNT
ESC_SETYY:      LD A,2
ESC_SETCNT:     LD (ESCCNT),A
                RET

; ---- POSIT (00C6h): H = column, L = row (1-based). Changes AF. -----------
POSIT_I:
                CALL CUROFF
                LD (CSRY),HL
                LD A,(CSRSW)
                OR A
                RET Z
                JP CURON

; ---- CNVCHR (00ABh): graphic-header conversion ------------------------------
; A = character. Out: NC, Z = A was the header 01h (kept in GRPHED for the
; next character); C, NZ = the character after a header converted to
; A = 00h-1Fh (41h-5Fh give 01h-1Fh); C, Z = an ordinary character (A kept).
; These are the flags the MSX ROM's own callers test (its GRPPRT and CHPUT
; reach the converted character with JR NZ: MSX2 BIOS reconstructions,
; CNVCHR at 08FAh and 089Dh); the Handbook's table reads the other way.
CNVCHR_I:
                PUSH HL
                LD HL,GRPHED
                PUSH AF
                LD A,(HL)
                LD (HL),0               ; a header counts for one character
                OR A
                JR Z,CNVCHR_NOHDR
                POP AF
                SUB 040h
                CP 020h
                JR C,CNVCHR_RET         ; converted: C, NZ
                ADD A,040h
                JR CNVCHR_ORD
CNVCHR_NOHDR:   POP AF
                CP 1
                JR NZ,CNVCHR_ORD
                LD (HL),A               ; the header: NC, Z
                JR CNVCHR_RET
CNVCHR_ORD:     CP A                    ; ordinary: C, Z
                SCF
CNVCHR_RET:     POP HL
                RET
