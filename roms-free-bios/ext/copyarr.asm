; COPY's array forms (MSX2 Technical Handbook, chapter 2, COPY), SCREEN 5-8:
;   COPY (x1,y1)-(x2,y2)[,page] TO array      service 45 (the main ROM has
;                                             parsed the source into GW_*)
;   COPY array[,direction] TO (x,y)[,page[,op]]   from DK_COPY (service 38)
; An array holds the block as the SUB-ROM's BLTMV writes it and BLTVM reads
; it: the width and height (words), then the dots packed as in VRAM (two a
; byte in SCREEN 5 and 7, four in 6, one in 8). The array must exist (DIM)
; and be large enough, else Illegal function call (a smaller one would be
; overwritten past its end). direction 0-3: bit 0 draws leftwards, bit 1
; upwards from (x,y) (the V9938's DIX and DIY). The file forms (COPY ... TO
; "file", COPY "file" TO ...) are not here yet: Illegal function call.

CA_BLTVM:       EQU 0195h               ; SUB-ROM: array -> VRAM (HL = SX block)
CA_BLTMV:       EQU 0199h               ; SUB-ROM: VRAM -> array
CA_EXTROM:      EQU 015Fh
XE_ARYFIND:     EQU 7FCBh               ; the main ROM's fixed entries
XE_LOGOP:       EQU 7FCEh
XE_PAGE:        EQU 7FD1h
        INCLUDE "../common/gfxwork.asm" ; GW_*: COPY's source as gfxstmt.asm left it

; ---- service 45: COPY (x1,y1)-(x2,y2)[,page] TO array -----------------------------
CA_TOARRAY:     CALL CA_MODE
                CALL X_CUR
                CP '"'
                JP Z,X_FCERR            ; TO "file": not yet
                CALL CA_FIND            ; DE = the data, BC = its size
                PUSH HL
                PUSH BC
                LD (DX),DE              ; BLTMV writes there
                LD HL,(GW_X)
                LD DE,(GW_X2)
                CALL CA_SPAN
                LD (SX),HL
                LD (NX),BC
                LD HL,(GW_Y)
                LD DE,(GW_Y2)
                CALL CA_SPAN
                LD A,(GW_KSP)           ; the source page: 256 lines each
                ADD A,H
                LD H,A
                LD (SY),HL
                LD (NY),BC
                XOR A
                LD (ARG),A
                POP BC
                CALL CA_FITS
                LD IX,CA_BLTMV
                JR CA_GO

; ---- COPY array[,direction] TO (x,y)[,page[,op]] --------------------------------------
CA_FROMARRAY:   CALL CA_MODE
                CALL CA_FIND            ; DE = the data
                LD (SX),DE
                XOR A
                LD (ARG),A
                LD (LOGOPR),A
                CALL X_CUR
                CP ','
                JR NZ,CA_FA_TO
                CALL X_CHRGTR
                CALL X_GETBYT           ; the direction, 0-3
                CP 4
                JP NC,X_FCERR
                RLCA                    ; bit 0 -> DIX (bit 2), bit 1 -> DIY (bit 3)
                RLCA
                LD (ARG),A
CA_FA_TO:       LD A,0D9h               ; TO
                CALL X_SYNC
                LD A,'('
                CALL X_SYNC
                CALL X_FRMINT
                LD (DX),DE
                LD A,','
                CALL X_SYNC
                CALL X_FRMINT
                LD (DY),DE
                LD A,')'
                CALL X_SYNC
                LD DE,CDUMMY            ; the page (or the active one), kept in
                LD IX,XE_PAGE           ; the block's unused colour byte
                CALL X_CALBAS
                CALL X_CUR
                JR Z,CA_FA_PG
                LD A,','                ; ",op"
                CALL X_SYNC
                LD IX,XE_LOGOP
                CALL X_CALBAS
CA_FA_PG:       LD A,(CDUMMY)
                LD B,A
                LD A,(DY+1)
                ADD A,B
                LD (DY+1),A
                LD A,(LOGOPR)
                LD (ARG+1),A            ; the block's LOGOP byte
                PUSH HL
                LD IX,CA_BLTVM
CA_GO:          LD HL,SX
                CALL CA_EXTROM
                POP HL
                JP X_CUR

; CA_MODE: SCREEN 5-8, else Illegal function call.
CA_MODE:        LD A,(SCRMOD)
                SUB 5
                CP 4
                RET C
                JP X_FCERR

; CA_FIND: the array named at HL: DE = its first element, BC = the bytes
; from there to its end; HL after the name. (An entry: type, name (2), the
; size S of the rest (2), the dimension count n, n words, the elements.)
CA_FIND:        LD IX,XE_ARYFIND
                CALL X_CALBAS           ; DE = its entry
                PUSH HL
                EX DE,HL
                INC HL
                INC HL
                INC HL
                LD C,(HL)
                INC HL
                LD B,(HL)               ; BC = S
                INC HL
                LD A,(HL)
                INC HL
                ADD A,A
                LD E,A
                LD D,0                  ; DE = 2n
                ADD HL,DE
                PUSH HL                 ; the elements
                LD H,B
                LD L,C
                DEC HL                  ; S - 1 - 2n
                OR A
                SBC HL,DE
                LD B,H
                LD C,L
                POP DE
                POP HL
                RET

; CA_ISARRAY: Z when the item at HL (A = it) names an array rather than
; starting a string: a name not followed by '$'.
CA_ISARRAY:     CP 'A'
                JR C,CA_IA_NO
                CP 'Z'+1
                JR NC,CA_IA_NO
                PUSH HL
CA_IA_NAME:     INC HL
                LD A,(HL)
                CP '0'
                JR C,CA_IA_END
                CP '9'+1
                JR C,CA_IA_NAME
                CP 'A'
                JR C,CA_IA_END
                CP 'Z'+1
                JR C,CA_IA_NAME
CA_IA_END:      POP HL
                CP '$'
                JR Z,CA_IA_NO
                CP A                    ; Z
                RET
CA_IA_NO:       OR 1                    ; NZ (A is not 0 here)
                RET

; CA_SPAN: HL, DE two coordinates: HL = the smaller, BC = the distance + 1.
CA_SPAN:        OR A
                SBC HL,DE
                JR NC,CA_SP_POS         ; HL >= DE: DE is the smaller
                ADD HL,DE
                EX DE,HL
                OR A
                SBC HL,DE
CA_SP_POS:      INC HL
                LD B,H
                LD C,L
                EX DE,HL
                RET

; CA_FITS: BC = the array's bytes; the block NX by NY (4 + its packed dots)
; must fit, else Illegal function call.
CA_FITS:        PUSH BC
                LD HL,0                 ; HL = NX * NY (overflow: too big)
                LD DE,(NX)
                LD BC,(NY)
CA_FT_MUL:      LD A,B
                OR C
                JR Z,CA_FT_DOTS
                ADD HL,DE
                JP C,X_FCERR
                DEC BC
                JR CA_FT_MUL
CA_FT_DOTS:     LD A,(SCRMOD)           ; dots to bytes: /2 (5, 7), /4 (6)
                CP 8
                JR Z,CA_FT_BYTES
                LD DE,1
                ADD HL,DE
                SRL H
                RR L
                CP 6
                JR NZ,CA_FT_BYTES
                INC HL
                SRL H
                RR L
CA_FT_BYTES:    LD DE,4
                ADD HL,DE
                EX DE,HL
                POP HL
                OR A
                SBC HL,DE
                RET NC
                JP X_FCERR
