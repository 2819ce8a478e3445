; Functions: the FF-prefixed tokens (FF 81h LEFT$ ... FF B0h MKD$) through
; one table, the keyword functions (ERL and ERR are in eval.asm), and POKE.
; A function handler is entered with HL on its token (the byte after FFh)
; and leaves the value in DAC/VALTYP, HL at the next item (CHRGOT done).

; BI_FUNC: HL on the FFh prefix.
BI_FUNC:        INC HL
                LD A,(HL)
                SUB 81h
                JP C,SNERR
                CP 0B0h-81h+1
                JP NC,SNERR
                ADD A,A
                LD C,A
                LD B,0
                PUSH HL
                LD HL,BI_FUNCS
                ADD HL,BC
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                EX (SP),HL
                RET

BI_FUNCS:       DW FN_LEFT,FN_RIGHT,FN_MID,FN_SGN       ; 81-84
                DW FN_INT,FN_ABS,FN_SQR,FN_RND          ; 85-88
                DW FN_SIN,FN_LOG,FN_EXP,FN_COS          ; 89-8C
                DW FN_TAN,FN_ATN,FN_FRE,FN_INP          ; 8D-90
                DW FN_POS,FN_LEN,FN_STR,FN_VAL          ; 91-94
                DW FN_ASC,FN_CHR,FN_PEEK,FN_VPEEK       ; 95-98
                DW FN_SPACE,FN_OCT,FN_HEX,FN_SN         ; 99-9C (LPOS)
                DW FN_BIN,FN_CINT,FN_CSNG,FN_CDBL       ; 9D-A0
                DW FN_FIX,FN_STICK,FN_STRIG,FN_PDL      ; A1-A4
                DW FN_PAD,BI_XDSKF,FN_SN,BI_XCVI        ; A5-A8 (DSKF FPOS CVI)
                DW BI_XCVS,BI_XCVD,BI_XEOF,BI_XLOC      ; A9-AC (CVS CVD EOF LOC)
                DW BI_XLOF,BI_XMKI,BI_XMKS,BI_XMKD      ; AD-B0 (LOF MKI$ MKS$ MKD$)
FN_SN:          JP SNERR

; BI_FNARG: "(expression)" after the token -> DAC; HL after ')'.
BI_FNARG:       CALL CHRGTR_I
                RST 08h
                DB '('
                CALL FRMEVL_I
                JP BI_CLOSEP
; BI_FNNUM: a numeric argument; BI_FNREAL: as a double (the Math-Pack's
; functions take and give doubles: SQR(2) is 1.4142135623731 on MSX).
BI_FNNUM:       CALL BI_FNARG
                JP BI_CHKNUM
BI_FNREAL:      CALL BI_FNNUM
                LD A,8
                JP BI_FRCTYP

; Math-Pack functions: the argument made double, then DE's routine.
FN_SQR:         LD DE,MP_SQR
                JR FN_MATH
FN_SIN:         LD DE,MP_SIN
                JR FN_MATH
FN_COS:         LD DE,MP_COS
                JR FN_MATH
FN_TAN:         LD DE,MP_TAN
                JR FN_MATH
FN_ATN:         LD DE,MP_ATN
                JR FN_MATH
FN_LOG:         LD DE,MP_LOG
                JR FN_MATH
FN_EXP:         LD DE,MP_EXPFN
                JR FN_MATH
FN_RND:         LD DE,MP_RND
FN_MATH:        PUSH DE
                CALL BI_FNREAL
                POP DE
FN_CALLDE:      PUSH HL
                LD HL,FN_MATHR
                PUSH HL
                EX DE,HL
                JP (HL)
FN_MATHR:       POP HL
                JP CHRGOT

FN_ABS:         CALL BI_FNNUM
                CALL BI_SIGN
                INC A
                JP NZ,CHRGOT            ; 0 or positive
                PUSH HL
                CALL BI_NEGDAC
                POP HL
                JP CHRGOT
FN_SGN:         CALL BI_FNNUM
                CALL BI_SIGN
                LD E,A
                RLA
                SBC A,A
                LD D,A
                PUSH HL
                EX DE,HL
                CALL BI_INTRES
                POP HL
                JP CHRGOT
FN_CINT:        CALL BI_FNNUM
                LD A,2
                JR FN_CONV
FN_CSNG:        CALL BI_FNNUM
                LD A,4
                JR FN_CONV
FN_CDBL:        CALL BI_FNNUM
                LD A,8
FN_CONV:        PUSH HL
                CALL BI_FRCTYP
                POP HL
                JP CHRGOT
FN_FIX:         CALL BI_FNNUM
                LD A,(VALTYP)
                CP 2
                JP Z,CHRGOT
                LD DE,MP_FIXER
                JR FN_CALLDE
; INT: the largest integer not above x: FIX, less 1 for a negative x with a
; fraction.
FN_INT:         CALL BI_FNNUM
                LD A,(VALTYP)
                CP 2
                JP Z,CHRGOT
                PUSH HL
                LD HL,DAC               ; x kept for the comparison
                LD DE,SWPTMP
                LD BC,8
                LDIR
                CALL MP_FIXER
                LD A,(SWPTMP)
                OR A
                JP P,FN_MATHR
                LD HL,DAC
                LD DE,SWPTMP
                LD B,8
FN_INT_C:       LD A,(DE)
                CP (HL)
                JR NZ,FN_INT_M
                INC HL
                INC DE
                DJNZ FN_INT_C
                JP FN_MATHR
FN_INT_M:       LD HL,BI_MINUS1         ; minus 1
                LD DE,BASARG
                LD BC,8
                LDIR
                CALL BI_ADDSAME
                JP FN_MATHR
BI_MINUS1:      DB 0C1h,10h,0,0,0,0,0,0

FN_FRE:         CALL BI_FNARG           ; FRE(""): after a collection
                PUSH HL
                LD A,(VALTYP)
                CP 3
                JR NZ,FN_FRE0
                CALL FRESTR_I
                CALL BI_GC
                LD HL,(FRETOP)
                LD DE,(STKTOP)
                JR FN_FRES
FN_FRE0:        LD HL,0                 ; FRE(0): stack pointer - STREND
                ADD HL,SP
                LD DE,(STREND)
FN_FRES:        OR A
                SBC HL,DE
FN_UNSIGNED:    BIT 7,H                 ; 0-65535 as a number
                JR Z,FN_INTR
                ; 32768 and more: single
                LD (DAC+2),HL
                LD A,2
                LD (VALTYP),A
                RES 7,H
                LD (DAC+2),HL
                CALL MP_FRCSNG
                LD HL,BI_32768
                LD DE,BASARG
                LD BC,8
                LDIR
                CALL BI_ADDSAME
                JP FN_MATHR
FN_INTR:        CALL BI_INTRES
                JP FN_MATHR
BI_32768:       DB 45h,32h,76h,80h,0,0,0,0

FN_POS:         CALL BI_FNARG
                LD A,(TTYPOS)
FN_BYTE:        PUSH HL
                LD L,A
                LD H,0
                JR FN_INTR
FN_PEEK:        CALL BI_FNNUM
                PUSH HL
                CALL BI_QNT
                LD A,(DE)
                POP HL
                JR FN_BYTE
FN_INP:         CALL BI_FNNUM
                PUSH HL
                CALL BI_QNT
                LD C,E
                IN A,(C)
                POP HL
                JR FN_BYTE
FN_LEN:         CALL BI_FNARG
                PUSH HL
                CALL FRESTR_I
                LD A,(HL)
                POP HL
                JR FN_BYTE
FN_ASC:         CALL BI_FNARG
                PUSH HL
                CALL FRESTR_I
                LD A,(HL)
                OR A
                JP Z,FCERR
                INC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                LD A,(HL)
                POP HL
                JR FN_BYTE

; ---- string results -------------------------------------------------------------
FN_CHR:         CALL BI_FNNUM
                PUSH HL
                CALL BI_FRCINT
                LD A,(DAC+3)
                OR A
                JP NZ,FCERR
                LD A,(DAC+2)
                PUSH AF
                LD A,1
                CALL BI_STRALC
                POP AF
                LD (DE),A
FN_STRDONE:     CALL BI_PUTNEW
                POP HL
                JP CHRGOT
FN_SPACE:       CALL BI_FNNUM
                PUSH HL
                CALL BI_FRCINT
                LD A,(DAC+3)
                OR A
                JP NZ,FCERR
                LD A,(DAC+2)
                LD C,' '
FN_FILL:        PUSH BC
                PUSH AF
                CALL BI_STRALC
                POP AF
                POP BC
                OR A
                JR Z,FN_STRDONE
                LD B,A
FN_FILL_L:      LD A,C
                LD (DE),A
                INC DE
                DJNZ FN_FILL_L
                JR FN_STRDONE
FN_STR:         CALL BI_FNNUM           ; STR$: the text PRINT shows
                PUSH HL
                CALL BI_NUMTXT
FN_TXTSTR:      LD D,H                  ; the 0-terminated text at HL
                LD E,L
                LD B,0
FN_TXT_L:       LD A,(HL)
                OR A
                JR Z,FN_TXT_E
                INC HL
                INC B
                JR FN_TXT_L
FN_TXT_E:       PUSH DE
                LD A,B
                PUSH AF
                CALL BI_STRALC
                POP AF
                POP HL
                OR A
                JR Z,FN_STRDONE
                LD C,A
                LD B,0
                LDIR
                JR FN_STRDONE
FN_HEX:         LD DE,MP_FOUTH
                JR FN_RADIX
FN_OCT:         LD DE,MP_FOUTO
                JR FN_RADIX
FN_BIN:         LD DE,MP_FOUTB
FN_RADIX:       PUSH DE
                CALL BI_FNNUM
                POP DE
                PUSH HL
                PUSH DE
                CALL BI_QNT
                LD (DAC+2),DE
                LD A,2
                LD (VALTYP),A
                POP DE
                LD HL,FN_TXTSTR
                PUSH HL
                EX DE,HL
                JP (HL)
FN_VAL:         CALL BI_FNARG           ; VAL: FIN on the string's text
                PUSH HL
                CALL FRESTR_I
                LD A,(HL)
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                EX DE,HL                ; HL = the characters
                LD E,A
                LD D,0
                PUSH HL
                ADD HL,DE
                LD (VLZADR),HL          ; the byte after them becomes 00
                LD A,(HL)
                LD (VLZDAT),A
                LD (HL),0
                POP HL
                CALL CHRGOT
                OR A
                JR Z,FN_VAL0
                CALL MP_FIN
                JR FN_VALE
FN_VAL0:        LD HL,0
                CALL BI_INTRES
FN_VALE:        LD HL,(VLZADR)
                LD A,(VLZDAT)
                LD (HL),A
                LD HL,0
                LD (VLZADR),HL
                JP FN_MATHR

; LEFT$(s,n) RIGHT$(s,n) MID$(s,p[,n])
FN_LEFT:        CALL FN_SARGS           ; HL = descriptor, E = n
                LD B,0                  ; from 0
                JR FN_SUB2
FN_RIGHT:       CALL FN_SARGS
                LD A,(HL)               ; from len - n
                SUB E
                JR NC,FN_RIGHT1
                XOR A
FN_RIGHT1:      LD B,A
                JR FN_SUB2
FN_MID:         CALL CHRGTR_I
                RST 08h
                DB '('
                CALL BI_FRMSTR
                PUSH HL                 ; text
                LD HL,(DAC+2)
                PUSH HL                 ; descriptor
                POP DE
                POP HL
                PUSH DE
                RST 08h
                DB ','
                CALL GETBYT_I           ; position 1-255
                OR A
                JP Z,FCERR
                DEC A
                PUSH AF
                LD E,255
                LD A,(HL)
                CP ','
                JR NZ,FN_MID2
                CALL CHRGTR_I
                CALL GETBYT_I
FN_MID2:        CALL BI_CLOSEP
                POP AF
                LD B,A                  ; B = from, E = count
                EX (SP),HL              ; HL = descriptor, text pushed
                JR FN_SUB2
; FN_SARGS: (s,n) -> HL = descriptor of s, E = n; the text pushed under
; the return address.
FN_SARGS:       CALL CHRGTR_I
                RST 08h
                DB '('
                CALL BI_FRMSTR
                LD DE,(DAC+2)
                PUSH DE
                RST 08h
                DB ','
                CALL GETBYT_I
                PUSH AF
                CALL BI_CLOSEP
                POP AF
                POP DE                  ; descriptor
                EX (SP),HL              ; text under the return
                PUSH HL
                EX DE,HL
                LD E,A
                RET
; FN_SUB2: descriptor HL, characters from B (0-based), E of them; the text
; on the stack. The source is freed after the copy (its characters may lie
; just above the new ones).
FN_SUB2:        LD A,(HL)               ; clip to the length
                SUB B
                JR NC,FN_SUB3
                XOR A
FN_SUB3:        CP E
                JR C,FN_SUB4
                LD A,E
FN_SUB4:        LD C,A                  ; C = count
                PUSH HL
                PUSH BC
                CALL BI_STRALC          ; may move the source (GC)
                POP BC
                POP HL
                PUSH HL
                INC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                PUSH DE
                LD E,B
                LD D,0
                ADD HL,DE
                POP DE
                LD B,0
                LD A,C
                OR A
                JR Z,FN_SUB5
                LDIR
FN_SUB5:        POP HL
                CALL BI_FRETMP
                JP FN_STRDONE

; ---- keyword functions: INKEY$ STRING$ VARPTR CSRLIN ...; others: Syntax
BI_FUNTOK:      CP 0EDh                 ; POINT(x,y)
                JP Z,FN_POINT
                CP 0C9h                 ; BASE(n)
                JP Z,FN_BASE
                CP 0C1h                 ; PLAY(n)
                JP Z,FN_PLAY
                CP 0C7h                 ; SPRITE$(n)
                JP Z,FN_SPRITE
                CP 0CBh                 ; TIME
                JP Z,FN_TIME
                CP 0C8h                 ; VDP
                JP Z,FN_VDP
                CP TK_INKEY
                JR Z,FN_INKEY
                CP TK_STRING
                JR Z,FN_STRING
                CP TK_VARPTR
                JP Z,FN_VARPTR
                CP TK_CSRLIN
                JR Z,FN_CSRLIN
                CP TK_INSTR
                JP Z,FN_INSTR
                CP TK_FN
                JP Z,FN_CALL
                CP 85h                  ; INPUT$
                JP Z,FN_INPUTS
                CP TK_USR
                JP Z,FN_USR
                CP 0EAh                 ; DSKI$(d,s)
                JP Z,BI_XDSKI
                JP SNERR
FN_INKEY:       PUSH HL
                CALL CHSNS_I
                JR Z,FN_INKEY0
                CALL CHGET_I
                PUSH AF
                LD A,1
                CALL BI_STRALC
                POP AF
                LD (DE),A
                CALL BI_PUTNEW
                POP HL
                JP CHRGTR_I
FN_INKEY0:      XOR A
                CALL BI_STRALC
                CALL BI_PUTNEW
                POP HL
                JP CHRGTR_I
FN_CSRLIN:      PUSH HL
                LD A,(CSRY)
                DEC A
                LD L,A
                LD H,0
                CALL BI_INTRES
                POP HL
                JP CHRGTR_I
FN_STRING:      CALL CHRGTR_I           ; STRING$(n, code or string)
                RST 08h
                DB '('
                CALL GETBYT_I
                PUSH AF
                RST 08h
                DB ','
                CALL FRMEVL_I
                CALL BI_CLOSEP
                LD A,(VALTYP)
                CP 3
                JR Z,FN_STRING_S
                PUSH HL
                CALL BI_FRCINT
                LD A,(DAC+3)
                OR A
                JP NZ,FCERR
                LD A,(DAC+2)
                JR FN_STRING_F
FN_STRING_S:    PUSH HL
                CALL FRESTR_I
                LD A,(HL)
                OR A
                JP Z,FCERR
                INC HL
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                LD A,(HL)
FN_STRING_F:    POP HL
                POP BC                  ; B = count
                PUSH HL
                LD C,A
                LD A,B
                JP FN_FILL
FN_VARPTR:      CALL CHRGTR_I           ; VARPTR(v): address of its value
                RST 08h
                DB '('
                CALL PTRGET_I
                CALL BI_CLOSEP
                PUSH HL
                EX DE,HL
                JP FN_INTR              ; an integer (negative from 8000h on)

; ---- POKE a, b -------------------------------------------------------------------
POKE_I:         CALL FRMQNT_I
                PUSH DE
                RST 08h
                DB ','
                CALL GETBYT_I
                POP DE
                LD (DE),A
                RET
