; Lister: one tokenized line back to text (docs/basic-interpreter.md, "Lister").
;
; DETOKEN: HL -> a program line (its link field). Writes "number body" to BUF
; as MSX characters, 0-terminated, without CR LF (at most 257 characters:
; BUF's size); returns DE at that 00h, HL at the line's final 00h.
; AF, BC destroyed.
;
; MSX-BASIC's LIST (fact sheet msx-basic-format.md A8; the msx-basic crate's
; list.rs and tokens.rs, which the tests compare with): the blanks are the
; ones stored; keywords from the cruncher's table (crunch.asm), ':' ELSE as
; ELSE, ':REM'' as ', strings, REM and DATA (to a ':' outside quotes) raw;
; constants in decimal, &O/&H, reals through FOUT, line pointers (0Dh, the
; address of the target line minus 1) as that line's number.

LI_FOUT:        EQU 3425h       ; Math-Pack: DAC -> text at HL
LI_VALTYP:      EQU 0F663h
LI_DAC:         EQU 0F7F6h
LI_BUFEND:      EQU 09A0h       ; 10000h - (BUF+258): carry once DE is past BUF+257

DETOKEN:
        INC HL
        INC HL
        LD E,(HL)
        INC HL
        LD D,(HL)
        INC HL
        PUSH HL
        EX DE,HL
        LD DE,BUF
        CALL LI_DEC
        LD A,' '
        CALL LI_PUT
        POP HL
LI_NORM:
        LD C,0                  ; C: bit 0 inside DATA, bit 1 inside its quotes
LI_NEXT:
        LD A,(HL)
        LD (DE),A
        OR A
        RET Z
        INC HL
        BIT 0,C
        JR Z,LI_TOK
        CP '"'                  ; DATA: raw to a ':' outside quotes
        JR NZ,LI_DA1
        LD B,A
        LD A,C
        XOR 2
        LD C,A
        LD A,B
LI_DA1: CP ':'
        JR NZ,LI_RAW
        BIT 1,C
        JR NZ,LI_RAW
        LD C,0
LI_TOK: CP '"'
        JR Z,LI_STR
        CP ':'
        JR Z,LI_COLON
        CP 0FFh
        JR Z,LI_FUNC
        CP 80h
        JR NC,LI_KEY
        CP 0Bh
        JR C,LI_RAW
        CP 20h
        JR C,LI_NUM
LI_RAW: CALL LI_PUT
        JR LI_NEXT

LI_STR: CALL LI_PUT              ; the quote, then raw to the next quote or the end
LI_ST1: LD A,(HL)
        OR A
        JR Z,LI_NEXT
        CALL LI_PUT
        INC HL
        CP '"'
        JR NZ,LI_ST1
        JR LI_NEXT

LI_COLON:                       ; ':' REM ' is the comment mark '
        LD A,(HL)
        CP 8Fh
        JR NZ,LI_COL1
        INC HL
        LD A,(HL)
        DEC HL
        CP 0E6h
        JR Z,LI_COL2
LI_COL1:
        LD A,':'
        JR LI_RAW
LI_COL2:
        INC HL
        INC HL
        LD A,27h
        CALL LI_PUT
LI_REST:                        ; the rest of the line raw
        LD A,(HL)
        LD (DE),A
        OR A
        RET Z
        INC HL
        CALL LI_PUT
        JR LI_REST

LI_FUNC:
        LD A,(HL)
        INC HL
        AND 7Fh
        CALL LI_WORD
        JR LI_NEXT

LI_KEY: LD B,A
        CP 0A1h                 ; the ':' stored before ELSE is not listed
        JR NZ,LI_KE1
        DEC DE
        LD A,(DE)
        CP ':'
        JR Z,LI_KE1
        INC DE
LI_KE1: LD A,B
        CALL LI_WORD
        CP 8Fh                  ; REM: the rest raw
        JR Z,LI_REST
        CP 84h                  ; DATA
        JP NZ,LI_NEXT
        INC C
        JP LI_NEXT

; A numeric token A (0Bh-1Fh), HL at its operand.
LI_NUM: LD C,(HL)               ; the operand word, if any
        INC HL
        LD B,(HL)
        DEC HL
        CP 1Dh
        JR NC,LI_REAL
        CP 11h
        JR C,LI_NU1
        CP 1Ch
        JR Z,LI_NU3
        SUB 11h                 ; 11h-1Ah: 0-9
        LD C,A
        LD B,0
        JR LI_NU5
LI_NU1: CP 0Fh                  ; 0Fh: one byte
        JR NZ,LI_NU2
        LD B,0
        INC HL
        JR LI_NU5
LI_NU2: INC HL                  ; 0Bh-0Eh: a word
        INC HL
        CP 0Dh
        JR C,LI_RADIX
        JR NZ,LI_NU5
        PUSH HL                 ; 0Dh: the number of the line at BC+1
        LD H,B
        LD L,C
        INC HL
        INC HL
        INC HL
        LD C,(HL)
        INC HL
        LD B,(HL)
        POP HL
        JR LI_NU5
LI_NU3: INC HL                  ; 1Ch: a signed word
        INC HL
        BIT 7,B
        JR Z,LI_NU5
        LD A,'-'
        CALL LI_PUT
        XOR A
        SUB C
        LD C,A
        SBC A,A
        SUB B
        LD B,A
LI_NU5: LD A,10
LI_NU6: PUSH HL                 ; BC in radix A
        LD H,B
        LD L,C
        LD B,A
        CALL LI_UTOA
        POP HL
        JP LI_NORM
LI_RADIX:
        PUSH HL
        LD HL,4810h             ; &H, radix 16
        CP 0Ch
        JR Z,LI_RA1
        LD HL,4F08h             ; &O, radix 8
LI_RA1: LD A,'&'
        CALL LI_PUT
        LD A,H
        CALL LI_PUT
        LD A,L
        POP HL
        JR LI_NU6

; 1Dh single, 1Fh double: FOUT's text without its sign blank, the exponent
; letter always E; a single without a point gets '!', a double '#', unless
; in exponent form.
LI_REAL:
        PUSH DE
        LD DE,LI_DAC
        LD BC,4
        CP 1Dh
        JR Z,LI_RE1
        LD C,8
LI_RE1: LD A,C
        LD (LI_VALTYP),A
        LDIR
        POP DE
        PUSH HL
        LD B,A
        PUSH BC
        PUSH DE
        CALL LI_FOUT
        POP DE
        POP BC
        LD A,(HL)
        CP ' '
        JR NZ,LI_RE2
        INC HL
LI_RE2: LD C,0                  ; bit 0: a point, bit 1: an exponent
LI_RE3: LD A,(HL)
        OR A
        JR Z,LI_RE6
        INC HL
        CP '.'
        JR NZ,LI_RE4
        SET 0,C
LI_RE4: CP 'D'
        JR NZ,LI_RE5
        LD A,'E'
LI_RE5: CP 'E'
        JR NZ,LI_RE7
        SET 1,C
LI_RE7: CALL LI_PUT
        JR LI_RE3
LI_RE6: BIT 1,C
        JR NZ,LI_RE9
        LD A,B
        CP 8
        LD A,'#'
        JR Z,LI_RE8
        BIT 0,C
        JR NZ,LI_RE9
        LD A,'!'
LI_RE8: CALL LI_PUT
LI_RE9: POP HL
        JP LI_NORM

; Writes the spelling of token A at DE: 81h-FEh, or 01h-30h for FFh,n+80h.
; Keeps A, BC, HL.
LI_WORD:
        PUSH HL
        PUSH BC
        LD B,A
        LD HL,CR_SINGLE         ; the one-character tokens first
        LD C,10
LI_WO1: INC HL
        LD A,(HL)
        INC HL
        CP B
        JR Z,LI_WO8
        DEC C
        JR NZ,LI_WO1
        LD HL,CR_KWTAB          ; then the letters' lists, C the letter
        LD C,'A'
LI_WO2: LD A,(HL)
        OR A
        JR NZ,LI_WO3
        INC HL
        INC C
        LD A,C
        CP 'Z'+1
        JR C,LI_WO2
        JR LI_WO9               ; no such token: nothing
LI_WO3: PUSH HL
LI_WO4: LD A,(HL)
        INC HL
        OR A
        JP P,LI_WO4
        LD A,(HL)
        INC HL
        CP B
        JR Z,LI_WO5
        POP AF
        JR LI_WO2
LI_WO5: POP HL
        LD A,C
LI_WO6: CALL LI_PUT
        LD A,(HL)
        INC HL
        OR A
        JP P,LI_WO6
        AND 7Fh
        JR LI_WO7
LI_WO8: DEC HL
        DEC HL
        LD A,(HL)
LI_WO7: CALL LI_PUT
LI_WO9: LD A,B
        POP BC
        POP HL
        RET

; Stores A at DE and advances DE, but not past BUF's last byte: a listing
; longer than BUF (257 characters and the 0) is cut there (MSX's LIST cuts
; a line at 255 characters).
LI_PUT: LD (DE),A
        INC DE
        PUSH HL
        LD HL,LI_BUFEND
        ADD HL,DE
        POP HL
        RET NC
        DEC DE
        RET

; HL in decimal (LI_DEC) or in radix B (LI_UTOA) at DE, no leading zeros.
; A, C, HL destroyed.
LI_DEC: LD B,10
LI_UTOA:
        XOR A
        PUSH AF                 ; end mark
LI_UT1: CALL LI_DIV
        ADD A,'0'
        CP '9'+1
        JR C,LI_UT2
        ADD A,'A'-'9'-1
LI_UT2: PUSH AF
        LD A,H
        OR L
        JR NZ,LI_UT1
LI_UT3: POP AF
        OR A
        RET Z
        CALL LI_PUT
        JR LI_UT3

; HL = HL / B, A = the remainder (B at most 16). C destroyed.
LI_DIV: XOR A
        LD C,16
LI_DI1: ADD HL,HL
        RLA
        CP B
        JR C,LI_DI2
        SUB B
        INC L
LI_DI2: DEC C
        JR NZ,LI_DI1
        RET
