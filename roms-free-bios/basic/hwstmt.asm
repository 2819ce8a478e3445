; MSX-BASIC statements and functions that drive the screen, keyboard and sound
; hardware through the BIOS: SCREEN, WIDTH, COLOR, LOCATE, KEY, BEEP, SOUND,
; VPOKE, OUT, WAIT, TIME=, VDP()=; the functions VPEEK, STICK, STRIG, PDL,
; PAD, TIME, VDP(). (CLS, INP and CSRLIN are in misc.asm and func.asm.)
;
; Facts: MSX2 Technical Handbook chapter 2 (each statement's arguments and
; ranges), the fact sheet msx-basic-interpreter.md (work area, SUB-ROM paths).
; Written for this project; the bodies follow this project's compiled-BASIC
; runtime (crates/msx-basic/src/lower/rt_extra.asm), which already matched
; MSX-BASIC on these.
;
; Contracts (MSX-BASIC's own, docs/basic-interpreter.md):
; - A statement handler is entered with HL at the first character after its
;   token, A = that character and the flags of CHRGTR (Z at the end of the
;   statement); it returns with HL at the end of the statement (":" or 00h).
; - A function (the FFh group: VPEEK, STICK, STRIG, PDL, PAD; or a keyword
;   of its own: TIME, VDP) is entered with HL on its token and leaves the
;   value in DAC/VALTYP, HL at the next item and A = it (func.asm).

HW_SNERR:       EQU 4055h       ; interpreter entries at their MSX addresses
HW_FCERR:       EQU 475Ah
HW_FRMEVL:      EQU 4C64h
HW_GETBYT:      EQU 521Ch
HW_FRMQNT:      EQU 542Fh
HW_FRESTR:      EQU 67D0h
HW_ISCNTC:      EQU 00BAh
HW_CHGMOD:      EQU 005Fh
HW_CHGCLR:      EQU 0062h
HW_WRTVDP:      EQU 0047h
HW_CLRSPR:      EQU 0069h
HW_INITXT:      EQU 006Ch
HW_INIT32:      EQU 006Fh
HW_WRTPSG:      EQU 0093h
HW_BEEP:        EQU 00C0h
HW_POSIT:       EQU 00C6h
HW_FNKSB:       EQU 00C9h
HW_ERAFNK:      EQU 00CCh
HW_DSPFNK:      EQU 00CFh
HW_GTSTCK:      EQU 00D5h
HW_GTTRIG:      EQU 00D8h
HW_GTPAD:       EQU 00DBh
HW_GTPDL:       EQU 00DEh
HW_NRDVRM:      EQU 0174h
HW_NWRVRM:      EQU 0177h
HW_EXTROM:      EQU 015Fh
HW_SUB_INIPLT:  EQU 0141h       ; SUB-ROM entries (Handbook Appendix 1)
HW_SUB_RSTPLT:  EQU 0145h
HW_SUB_SETPLT:  EQU 014Dh
HW_NTMSXP:      EQU 0F417h      ; printer type (SCREEN's fifth argument)
HW_H_SCRE:      EQU 0FFC0h      ; hooks called as MSX-BASIC calls them
HW_H_WIDT:      EQU 0FF84h
HW_TK_EQ:       EQU 0EFh        ; tokens (crates/msx-basic/src/keywords.rs)
HW_TK_NEW:      EQU 094h
HW_TK_RESTORE:  EQU 08Ch
HW_TK_ON:       EQU 095h
HW_TK_OFF:      EQU 0EBh
HW_TK_STOP:     EQU 090h
HW_TK_LIST:     EQU 093h

; ---- argument helpers ----------------------------------------------------------

; HW_CUR: A = the item at HL again, with CHRGTR's flags (Z at the end of
; the statement); HL is left on it. (Not DEC HL / RST 10h: the byte before
; may be the last byte of a numeric constant.)
HW_CUR:         EQU CHRGOT

; ---- SCREEN mode[,sprite size[,key click[,baud rate[,printer[,interlace]]]]] --
ST_SCREEN:      PUSH HL
                CALL HW_H_SCRE
                POP HL
                CALL AR_OPT
                JR C,HW_SCR_SIZE
                CP 9
                JP NC,HW_FCERR
                PUSH HL
                CALL HW_CHGMOD
                POP HL
                XOR A
                LD (TTYPOS),A
HW_SCR_SIZE:    CALL AR_MORE
                RET Z
                CALL AR_OPT
                JR C,HW_SCR_CLICK
                CP 4
                JP NC,HW_FCERR
                LD B,A                  ; R#1 bit 1 = 16x16, bit 0 = magnified
                LD A,(RG1SAV)
                AND 0FCh
                OR B
                LD B,A
                LD C,1
                PUSH HL
                CALL HW_WRTVDP
                CALL HW_CLRSPR          ; a new size clears the sprites
                POP HL
HW_SCR_CLICK:   CALL AR_MORE
                RET Z
                CALL AR_OPT
                JR C,HW_SCR_BAUD
                LD (CLIKSW),A
HW_SCR_BAUD:    CALL AR_MORE            ; cassette speed 1 or 2: there is no
                RET Z                   ; cassette here, so only checked
                CALL AR_OPT
                JR C,HW_SCR_PRN
                DEC A
                CP 2
                JP NC,HW_FCERR
HW_SCR_PRN:     CALL AR_MORE
                RET Z
                CALL AR_OPT
                JR C,HW_SCR_IL
                LD (HW_NTMSXP),A
HW_SCR_IL:      CALL AR_MORE
                RET Z
                CALL AR_OPT
                RET C
                CP 4                    ; interlace: R#9 bit 3, even/odd: bit 2
                JP NC,HW_FCERR
                LD B,0
                RRCA
                JR NC,HW_SCR_IL1
                SET 3,B
HW_SCR_IL1:     RRCA
                JR NC,HW_SCR_IL2
                SET 2,B
HW_SCR_IL2:     LD A,(RG9SAV)
                AND 0F3h
                OR B
                LD B,A
                LD C,9
                PUSH HL
                CALL HW_WRTVDP
                POP HL
                RET

; ---- WIDTH n -------------------------------------------------------------------
; SCREEN 0: 1-80 (above 40 the 80-column mode), SCREEN 1: 1-32; the screen
; is cleared. CLMLST, where PRINT's ',' starts a new line, becomes
; n - n MOD 14 - 14 (SUB-ROM WIDTH).
ST_WIDTH:       PUSH HL
                CALL HW_H_WIDT
                POP HL
                CALL HW_GETBYT
                OR A
                JP Z,HW_FCERR
                LD C,A
                LD A,(SCRMOD)
                OR A
                JR NZ,HW_WID32
                LD A,C
                CP 81
                JP NC,HW_FCERR
                LD (LINL40),A
                PUSH HL
                PUSH BC
                CALL HW_INITXT
                JR HW_WIDZONE
HW_WID32:       DEC A
                JP NZ,HW_FCERR
                LD A,C
                CP 33
                JP NC,HW_FCERR
                LD (LINL32),A
                PUSH HL
                PUSH BC
                CALL HW_INIT32
HW_WIDZONE:     POP BC
                LD A,C
HW_WIDMOD:      SUB 14
                JR NC,HW_WIDMOD
                ADD A,28                ; A = 14 - n MOD 14
                NEG
                ADD A,C                 ; n - n MOD 14 - 14
                LD (CLMLST),A
                XOR A
                LD (TTYPOS),A
                CALL HW_FNKSB           ; the function-key row, if it is on
                POP HL
                RET

; ---- COLOR [fore][,back[,border]] | COLOR=(p,r,g,b) | COLOR=NEW|RESTORE ----
ST_COLOR:       CP 0C7h                 ; COLOR SPRITE(n)= / COLOR SPRITE$(n)=
                JP Z,ST_COLORSPRITE
                CP HW_TK_EQ
                JR Z,HW_PALETTE
                LD DE,FORCLR
                LD B,3
HW_COL_ARG:     PUSH BC
                PUSH DE
                CALL AR_OPT
                POP DE
                JR C,HW_COL_NEXT
                CP 16
                JP NC,HW_FCERR
                LD (DE),A
HW_COL_NEXT:    INC DE
                POP BC
                CALL AR_MORE
                JR Z,HW_COL_SET
                DJNZ HW_COL_ARG
                JP HW_SNERR                ; a fourth argument
HW_COL_SET:     LD A,(SCRMOD)
                PUSH HL
                CALL HW_CHGCLR
                POP HL
                RET

HW_PALETTE:     RST 10h                 ; past '='
                CP HW_TK_NEW
                LD IX,HW_SUB_INIPLT
                JR Z,HW_PAL_SUB
                CP HW_TK_RESTORE
                LD IX,HW_SUB_RSTPLT
                JR Z,HW_PAL_SUB
                RST 08h
                DB '('
                LD C,16
                CALL AR_BELOW
                PUSH AF                 ; palette number
                LD C,8
                RST 08h
                DB ','
                CALL AR_BELOW
                PUSH AF                 ; red
                RST 08h
                DB ','
                CALL AR_BELOW
                PUSH AF                 ; green
                RST 08h
                DB ','
                CALL AR_BELOW           ; blue
                PUSH AF
                RST 08h
                DB ')'
                POP AF
                LD C,A                  ; C = blue
                POP DE
                LD E,D                  ; E = green
                POP AF                  ; A = red
                ADD A,A
                ADD A,A
                ADD A,A
                ADD A,A
                OR C                    ; A = red << 4 | blue
                POP BC
                LD D,B                  ; D = palette number
                LD IX,HW_SUB_SETPLT
                PUSH HL
                CALL HW_EXTROM
                POP HL
                RET
HW_PAL_SUB:     RST 10h                 ; past NEW or RESTORE
                PUSH HL
                CALL HW_EXTROM
                POP HL
                RET

; ---- LOCATE [x][,[y][,cursor]] --------------------------------------------------
; POSIT counts from 1; TTYPOS follows the column as LOCATE sets it.
ST_LOCATE:      LD DE,(CSRY)            ; E = CSRY, D = CSRX (1-based)
                PUSH DE
                CALL AR_OPT
                POP DE
                JR C,HW_LOC_Y
                INC A
                LD D,A
HW_LOC_Y:       PUSH DE
                CALL AR_MORE
                POP DE
                JR Z,HW_LOC_SET
                PUSH DE
                CALL AR_OPT
                POP DE
                JR C,HW_LOC_CUR
                INC A
                LD E,A
HW_LOC_CUR:     PUSH DE
                CALL AR_MORE
                JR Z,HW_LOC_SET0
                CALL HW_GETBYT             ; cursor shown (not 0) or hidden
                LD (CSRSW),A
HW_LOC_SET0:    POP DE
HW_LOC_SET:     PUSH HL
                LD A,D
                DEC A
                LD (TTYPOS),A
                EX DE,HL                ; H = column, L = row
                CALL HW_POSIT
                POP HL
                RET

; ---- KEY ON | KEY OFF | KEY LIST | KEY n,text$ ----------------------------------
; (KEY(n) ON/OFF/STOP belongs to the event traps.)
ST_KEY:         CP '('                  ; KEY(n) ON/OFF/STOP: the event traps
                JP Z,TS_KEYST           ; (traps.asm)
                CP HW_TK_ON
                JR NZ,HW_KEY_OFF
                RST 10h
                PUSH HL
                CALL HW_DSPFNK
                POP HL
                RET
HW_KEY_OFF:     CP HW_TK_OFF
                JR NZ,HW_KEY_LIST
                RST 10h
                PUSH HL
                CALL HW_ERAFNK
                POP HL
                RET
HW_KEY_LIST:    CP HW_TK_LIST
                JR NZ,HW_KEY_DEF
                RST 10h
                PUSH HL
                LD HL,FNKSTR            ; 10 texts of 16 bytes, one per line,
                LD C,10                 ; control characters shown as blanks
HW_KLS_KEY:     LD B,16
HW_KLS_CH:      LD A,(HL)
                INC HL
                OR A
                JR Z,HW_KLS_END
                CP 7Fh
                JR Z,HW_KLS_BL
                CP 20h
                JR NC,HW_KLS_PUT
HW_KLS_BL:      LD A,' '
HW_KLS_PUT:     RST 18h
                DJNZ HW_KLS_CH
                JR HW_KLS_NL
HW_KLS_END:     DEC B                   ; skip the rest of this text
                LD E,B
                LD D,0
                ADD HL,DE
HW_KLS_NL:      LD A,13
                RST 18h
                LD A,10
                RST 18h
                DEC C
                JR NZ,HW_KLS_KEY
                POP HL
                RET
HW_KEY_DEF:     LD C,11                 ; KEY n,text$: n 1-10
                CALL AR_BELOW
                OR A
                JP Z,HW_FCERR
                DEC A
                PUSH AF
                RST 08h
                DB ','
                CALL HW_FRMEVL
                PUSH HL
                CALL HW_FRESTR             ; HL = the string's descriptor
                LD A,(HL)               ; length
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                POP BC                  ; the text pointer
                POP HL                  ; H = key number
                PUSH BC
                LD L,H
                LD H,0
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                LD BC,FNKSTR
                ADD HL,BC               ; HL = its 16 bytes
                CP 16                   ; at most 15 characters, then 0s
                JR C,HW_KDEF_LEN
                LD A,15
HW_KDEF_LEN:    LD C,A
                LD B,16
HW_KDEF_CP:     LD A,C
                OR A
                JR Z,HW_KDEF_Z
                LD A,(DE)
                LD (HL),A
                INC DE
                INC HL
                DEC C
                DJNZ HW_KDEF_CP
HW_KDEF_Z:      LD (HL),0               ; the rest zeroed
                INC HL
                DJNZ HW_KDEF_Z
                CALL HW_FNKSB           ; the row shows the new text
                POP HL
                RET

; ---- BEEP ----------------------------------------------------------------------
ST_BEEP:        PUSH HL
                CALL HW_BEEP
                POP HL
                RET

; ---- SOUND register,value ----------------------------------------------------------
; Register 7 keeps the PSG's I/O port directions (bit 7 out, bit 6 in), as
; MSX-BASIC does.
ST_SOUND:       LD C,14
                CALL AR_BELOW
                PUSH AF
                RST 08h
                DB ','
                CALL HW_GETBYT
                LD E,A
                POP AF
                CP 7
                JR NZ,HW_SND_W
                LD A,E
                AND 3Fh
                OR 80h
                LD E,A
                LD A,7
HW_SND_W:       PUSH HL
                CALL HW_WRTPSG
                POP HL
                RET

; ---- VPOKE address,value -----------------------------------------------------------
; The address: -32768..65535 as POKE takes it (FRMQNT); 0-65535 in SCREEN 0-4
; (the V9938 sees it as is), an offset in the active page in SCREEN 5-8,
; through NWRVRM as the SUB-ROM's VPOKE.
ST_VPOKE:       CALL HW_FRMQNT
                PUSH DE
                RST 08h
                DB ','
                CALL HW_GETBYT
                EX (SP),HL
                CALL HW_NWRVRM
                POP HL
                RET

; ---- OUT port,value ------------------------------------------------------------------
ST_OUT:         CALL HW_GETBYT
                PUSH AF
                RST 08h
                DB ','
                CALL HW_GETBYT
                POP BC
                LD C,B
                OUT (C),A
                RET

; ---- WAIT port,and[,xor]: until (INP(port) XOR xor) AND and is not 0 -----------
ST_WAIT:        CALL HW_GETBYT
                PUSH AF
                RST 08h
                DB ','
                CALL HW_GETBYT
                PUSH AF
                LD E,0
                CALL AR_MORE
                JR Z,HW_WAIT_GO
                CALL HW_GETBYT
HW_WAIT_GO:     POP AF
                LD D,A                  ; D = and, E = xor
                POP AF
                LD C,A
HW_WAIT_LOOP:   IN A,(C)
                XOR E
                AND D
                RET NZ
                PUSH HL                 ; CTRL+STOP ends the wait (Break)
                CALL HW_ISCNTC
                POP HL
                JR HW_WAIT_LOOP

; ---- TIME = n --------------------------------------------------------------------------
ST_TIME:        RST 08h
                DB HW_TK_EQ
                CALL HW_FRMQNT
                LD (JIFFY),DE
                RET

; ---- VDP(n) = value ------------------------------------------------------------------------
; n 0-7 R#0-7, 9-24 R#8-23, 33-47 R#32-46 (Handbook, VDP), through WRTVDP,
; which keeps the BIOS's copies.
ST_VDP:         CALL HW_VDPN
                PUSH AF
                RST 08h
                DB HW_TK_EQ
                CALL HW_GETBYT
                LD B,A
                POP AF
                OR A                    ; the status registers are read-only
                JP M,HW_FCERR
                CP 8
                JR C,HW_SVDP_W
                JP Z,HW_FCERR
                CP 25
                JR C,HW_SVDP_H
                CP 33
                JP C,HW_FCERR
HW_SVDP_H:      DEC A
HW_SVDP_W:      LD C,A
                PUSH HL
                CALL HW_WRTVDP
                POP HL
                RET

; HW_VDPN: "(" n ")" with n -9..47: A = n (two's complement).
HW_VDPN:        CALL AR_PAREN
                LD A,E
                INC D
                JR Z,HW_VDPN_NEG
                DEC D
                JP NZ,HW_FCERR
                CP 48
                RET C
                JP HW_FCERR
HW_VDPN_NEG:    CP 0F7h                 ; -9
                RET NC
                JP HW_FCERR

; ---- functions ---------------------------------------------------------------------
; The FFh group: BI_FNNUM reads "(" number ")", the value goes out through
; FN_BYTE (A) or FN_INTR (HL), the text pointer on the stack (func.asm).

; VPEEK(address)
FN_VPEEK:       CALL BI_FNNUM
                PUSH HL
                CALL BI_QNT             ; DE = the address, -32768..65535
                EX DE,HL
                CALL HW_NRDVRM
                POP HL
                JP FN_BYTE

; HW_FNBYTE: "(" n ")" below C: A = n, the text pointer pushed under the
; return address of the caller's caller (so the caller ends with POP HL /
; JP FN_BYTE or JP FN_INTR).
HW_FNBYTE:      PUSH BC
                CALL BI_FNNUM
                POP BC
                POP DE                  ; our return address
                PUSH HL                 ; the text pointer
                PUSH DE
                PUSH BC
                CALL BI_QNT
                POP BC
                LD A,D
                OR A
                JP NZ,HW_FCERR
                LD A,E
                CP C
                RET C
                JP HW_FCERR

; STICK(n): 0 the cursor keys, 1-2 the joysticks; 0-8.
FN_STICK:       LD C,3
                CALL HW_FNBYTE
                CALL HW_GTSTCK
                POP HL
                JP FN_BYTE

; STRIG(n): 0 the space bar, 1-4 the joystick buttons; -1 pressed, else 0.
FN_STRIG:       LD C,5
                CALL HW_FNBYTE
                CALL HW_GTTRIG
                LD L,A
                LD H,A
                JP FN_INTR

; PDL(n): n 1-12.
FN_PDL:         LD C,13
                CALL HW_FNBYTE
                OR A
                JP Z,HW_FCERR
                CALL HW_GTPDL
                POP HL
                JP FN_BYTE

; PAD(n): n 0-19; the status readings (n 0, 4, 8, 12, 16) are -1 or 0, the
; mouse's offsets (13, 14, 17, 18) -128 to 127, the rest 0-255.
FN_PAD:         LD C,20
                CALL HW_FNBYTE
                LD C,A
                PUSH BC
                CALL HW_GTPAD
                POP BC
                LD L,A
                LD H,0
                LD A,C
                CP 12
                JR C,FN_PAD_PEN
                AND 3
                JR Z,FN_PAD_STATUS
                LD A,L                  ; a signed byte
                RLA
                SBC A,A
                LD H,A
                JP FN_INTR
FN_PAD_PEN:     AND 3
                JP NZ,FN_INTR
FN_PAD_STATUS:  LD A,L
                OR A
                JP Z,FN_INTR
                LD HL,0FFFFh
                JP FN_INTR

; TIME: JIFFY, 0-65535 (a single-precision number above 32767).
FN_TIME:        RST 10h                 ; past TIME
                PUSH HL
                LD HL,(JIFFY)
                JP FN_UNSIGNED          ; pops the text pointer

; VDP(n): n 0-7 R#0-7, 8 S#0, 9-24 R#8-23, -1..-9 S#1-S#9. R# from the
; BIOS's copies; S#0 from STATFL (what the interrupt last read: reading S#0
; here would take a pending interrupt's flag away).
FN_VDP:         RST 10h                 ; past VDP, on "("
                CALL HW_VDPN
                PUSH HL
                OR A
                JP M,HW_FVDP_S
                CP 8
                JR C,HW_FVDP_LO
                JR Z,HW_FVDP_S0
                CP 25
                JP NC,HW_FCERR
                SUB 9
                LD HL,RG8SAV
                JR HW_FVDP_RD
HW_FVDP_LO:     LD HL,RG0SAV
HW_FVDP_RD:     LD E,A
                LD D,0
                ADD HL,DE
                LD A,(HL)
                JR HW_FVDP_RES
HW_FVDP_S0:     LD A,(STATFL)
                JR HW_FVDP_RES
HW_FVDP_S:      NEG                     ; S#1-S#9
                DI
                OUT (099h),A            ; R#15 = the status register
                LD A,08Fh
                OUT (099h),A
                IN A,(099h)
                LD B,A
                XOR A                   ; R#15 = 0 again, as the BIOS expects
                OUT (099h),A
                LD A,08Fh
                OUT (099h),A
                EI
                LD A,B
HW_FVDP_RES:    LD L,A
                LD H,0
                JP FN_INTR              ; pops the text pointer
