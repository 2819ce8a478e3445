; COPY's array forms (MSX2 Technical Handbook, chapter 2, COPY), SCREEN 5-8:
;   COPY (x1,y1)-(x2,y2)[,page] TO array      service 45 (the main ROM has
;                                             parsed the source into GW_*)
;   COPY array[,direction] TO (x,y)[,page[,op]]   from DK_COPY (service 38)
; An array holds the block as the SUB-ROM's BLTMV writes it and BLTVM reads
; it: the width and height (words), then the dots packed as in VRAM (two a
; byte in SCREEN 5 and 7, four in 6, one in 8). The array must exist (DIM)
; and be large enough, else Illegal function call (a smaller one would be
; overwritten past its end). direction 0-3: bit 0 draws leftwards, bit 1
; upwards from (x,y) (the V9938's DIX and DIY). The file forms keep the same
; bytes in a file:
;   COPY (x1,y1)-(x2,y2)[,page] TO "file"     (service 45)
;   COPY "file"[,direction] TO (x,y)[,page[,op]]   (from DK_COPY)
; moved in chunks of whole rows through the free memory above STREND (1, 2
; or 4 rows: as many as it takes for a chunk to end on a byte boundary, so
; that the chunks together are packed as the whole block is). COPY "file"
; TO array and COPY array TO "file" move the bytes as they are (the block's
; header says how many there are; the file must fit the array).

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
                CALL CA_ISARRAY
                JP NZ,CA_TOFILE
                CALL CA_FIND            ; DE = the data, BC = its size
                PUSH HL
                PUSH BC
                LD (DX),DE              ; BLTMV writes there
                CALL CA_SOURCE
                XOR A
                LD (ARG),A
                POP BC
                CALL CA_FITS
                LD IX,CA_BLTMV
                JR CA_GO

; CA_SOURCE: the block block SX, SY, NX, NY from the rectangle and page the
; main ROM parsed (GW_X, GW_Y, GW_X2, GW_Y2, GW_KSP).
CA_SOURCE:      LD HL,(GW_X)
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
                RET

; ---- COPY array[,direction] TO (x,y)[,page[,op]] --------------------------------------
CA_FROMARRAY:   CALL CA_MODE
                CALL CA_FIND            ; DE = the data
                LD (SX),DE
                CALL CA_DIR
CA_FA_TO:       LD A,0D9h               ; TO
                CALL X_SYNC
                CP '('
                JP NZ,CA_ARYFILE        ; COPY array TO "file"
                CALL CA_DEST
                PUSH HL
                LD IX,CA_BLTVM
CA_GO:          LD HL,SX
                CALL CA_EXTROM
                POP HL
                JP X_CUR

; CA_DIR: an optional ",direction" (0-3) at HL into ARG: bit 0 -> DIX
; (bit 2), bit 1 -> DIY (bit 3).
CA_DIR:         XOR A
                LD (ARG),A
                CALL X_CUR
                CP ','
                RET NZ
                CALL X_CHRGTR
                CALL X_GETBYT
                CP 4
                JP NC,X_FCERR
                RLCA
                RLCA
                LD (ARG),A
                RET

; CA_DEST: "(x,y)[,page[,op]]" at HL: DX, DY (in its page), LOGOP (the
; block's byte after ARG; LOGOPR too).
CA_DEST:        LD A,'('
                CALL X_SYNC
                CALL X_FRMINT
                LD (DX),DE
                LD A,','
                CALL X_SYNC
                CALL X_FRMINT
                LD (DY),DE
                LD A,')'
                CALL X_SYNC
                XOR A
                LD (LOGOPR),A
                LD DE,CDUMMY            ; the page (or the active one), kept in
                LD IX,XE_PAGE           ; the block's unused colour byte
                CALL X_CALBAS
                CALL X_CUR
                JR Z,CA_DE_PG
                LD A,','                ; ",op"
                CALL X_SYNC
                LD IX,XE_LOGOP
                CALL X_CALBAS
CA_DE_PG:       LD A,(CDUMMY)
                LD B,A
                LD A,(DY+1)
                ADD A,B
                LD (DY+1),A
                LD A,(LOGOPR)
                LD (ARG+1),A
                RET

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
                CALL CA_SIZE
                EX DE,HL
                POP HL
                OR A
                SBC HL,DE
                RET NC
                JP X_FCERR

; CA_SIZE: HL = the bytes of the block NX by NY as an array or a file keeps
; it: 4 and its packed dots (NX * NY past 65535: Illegal function call).
CA_SIZE:        LD HL,0
                LD DE,(NX)
                LD BC,(NY)
CA_SZ_MUL:      LD A,B
                OR C
                JR Z,CA_SZ_DOTS
                ADD HL,DE
                JP C,X_FCERR
                DEC BC
                JR CA_SZ_MUL
CA_SZ_DOTS:     CALL CA_BYTES
                LD DE,4
                ADD HL,DE
                RET

; CA_BYTES: HL = dots -> HL = the bytes they pack into (SCREEN 5, 7: two a
; byte, 6: four, 8: one; a last part byte counts).
CA_BYTES:       LD A,(SCRMOD)
                CP 8
                RET Z
                INC HL
                SRL H
                RR L
                CP 6
                RET NZ
                INC HL
                SRL H
                RR L
                RET

; ---- the file forms ------------------------------------------------------------------
; CA_ROWS: B = the rows of a chunk for NX: the fewest whose dots fill whole
; bytes.
CA_ROWS:        LD B,1
                LD A,(SCRMOD)
                CP 8
                RET Z
                CP 6
                LD A,(NX)
                JR Z,CA_RW_6
                AND 1                   ; SCREEN 5, 7: an odd width takes 2
                RET Z
                INC B
                RET
CA_RW_6:        AND 3                   ; SCREEN 6: 4 dots a byte
                RET Z
                LD B,2
                AND 1
                RET Z
                LD B,4
                RET

; CA_BUF: HL = the chunk buffer: STREND, in the free memory below the
; stack (4 + 512 bytes and a margin, else Out of memory).
CA_BUF:         LD HL,(STREND)
                LD DE,4+512+256
                ADD HL,DE
                JR C,CA_OM
                SBC HL,SP               ; (carry clear)
                JR NC,CA_OM
                LD HL,(STREND)
                RET
CA_OM:          LD E,7
                JP X_ERROR

; CA_CHUNKB: HL = the bytes of B rows of NX dots.
CA_CHUNKB:      LD HL,0
                LD DE,(NX)
CA_CB_L:        ADD HL,DE
                DJNZ CA_CB_L
                JP CA_BYTES

; COPY (x1,y1)-(x2,y2)[,page] TO "file": the header (NX, NY) and the dots.
CA_TOFILE:      CALL CA_NEWFILE
                PUSH HL
                CALL CA_SOURCE
                XOR A
                LD (ARG),A
                LD HL,NX                ; the header: NX and NY, 4 bytes
                LD BC,4
                CALL CA_WRITE
                CALL CA_BUF
                LD (DX),HL
                CALL CA_ROWS
                LD C,B                  ; C = a chunk's rows, all along
                LD HL,(NY)              ; rows left
CA_TF_L:        PUSH BC
                PUSH HL
                LD B,C
                CALL CA_CHUNK           ; B = the rows of this chunk
                LD C,B
                LD B,0
                LD (NY),BC
                PUSH BC
                LD HL,SX
                LD IX,CA_BLTMV
                CALL CA_EXTROM
                POP BC
                PUSH BC
                LD B,C
                CALL CA_CHUNKB
                LD B,H
                LD C,L
                LD HL,(DX)
                INC HL                  ; past BLTMV's header
                INC HL
                INC HL
                INC HL
                CALL CA_WRITE
                POP BC                  ; C = the rows done
                LD HL,(SY)
                ADD HL,BC
                LD (SY),HL
                POP HL
                OR A
                SBC HL,BC
                POP BC
                JR NZ,CA_TF_L
                JP CA_CLOSE2

; CA_CHUNK: HL = the rows left, B = a chunk's rows: B = the smaller.
CA_CHUNK:       LD A,H
                OR A
                RET NZ
                LD A,L
                CP B
                RET NC
                LD B,L
                RET

; CA_WRITE: BC bytes from HL to COPY's second FCB (random block write).
CA_WRITE:       PUSH BC
                EX DE,HL
                LD C,1Ah                ; SETDTA
                CALL DK_BDOS
                CALL DK_CPFCB2
                POP HL
                LD C,26h
                CALL DK_BDOS
                OR A
                JP NZ,DK_FULL
                RET

; COPY "file"[,direction] TO (x,y)[,page[,op]]: from DK_COPY, the file's
; FCB made at (DK_FCBP), HL after its name (CA_FROMFILE) or after TO
; (CA_FROMFILE_TO), and its drive still on the stack (dropped).
CA_FROMFILE:    POP AF
                CALL CA_MODE
                CALL CA_DIR
                LD A,0D9h               ; TO
                CALL X_SYNC
                JR CA_FF_DEST
CA_FROMFILE_TO: POP AF
                CALL CA_MODE            ; (TO already read)
                XOR A
                LD (ARG),A
CA_FF_DEST:     CALL CA_DEST
                CALL DK_ENDST
                PUSH HL
                LD DE,(DK_FCBP)
                LD C,0Fh                ; FOPEN
                CALL DK_BDOS
                INC A
                JP Z,DK_NOTFND
                LD HL,(DK_FCBP)
                CALL DK_CPREC
                LD HL,NX                ; the header
                LD BC,4
                CALL CA_READ
                CALL CA_BUF
                LD (SX),HL
                CALL CA_ROWS
                LD C,B                  ; C = a chunk's rows, all along
                LD HL,(NY)
CA_FF_L:        PUSH BC
                PUSH HL
                LD B,C
                CALL CA_CHUNK           ; B = the rows of this chunk
                PUSH BC
                CALL CA_CHUNKB          ; its bytes, after a header of NX
                LD B,H                  ; and the rows at the buffer
                LD C,L
                LD HL,(SX)
                LD DE,(NX)
                LD (HL),E
                INC HL
                LD (HL),D
                INC HL
                POP DE
                PUSH DE
                LD (HL),D
                INC HL
                LD (HL),0
                INC HL
                CALL CA_READ
                LD HL,(NX)              ; (BLTVM sets NX and NY from the
                PUSH HL                 ; buffer's header)
                LD HL,SX
                LD IX,CA_BLTVM
                CALL CA_EXTROM
                POP HL
                LD (NX),HL
                POP BC                  ; B = the rows done
                LD C,B
                LD B,0
                LD HL,(DY)              ; the next chunk: below, or above
                LD A,(ARG)              ; when drawing upwards
                AND 08h
                JR NZ,CA_FF_UP
                ADD HL,BC
                JR CA_FF_Y
CA_FF_UP:       OR A
                SBC HL,BC
CA_FF_Y:        LD (DY),HL
                POP HL
                OR A
                SBC HL,BC
                POP BC
                JR NZ,CA_FF_L
                POP HL
                JP X_CUR

; CA_READ: BC bytes from the file at (DK_FCBP) to HL (random block read);
; fewer: Input past end.
CA_READ:        PUSH BC
                EX DE,HL
                LD C,1Ah
                CALL DK_BDOS
                LD DE,(DK_FCBP)
                POP HL
                PUSH HL
                LD C,27h
                CALL DK_BDOS
                POP DE
                OR A
                SBC HL,DE
                RET Z
                LD E,55                 ; Input past end
                JP X_ERROR

; COPY array TO "file": the block the array holds (its header: NX, NY),
; 4 + its packed dots, into a new file. SX = the array's data.
CA_ARYFILE:     CALL CA_NEWFILE
                PUSH HL
                LD HL,(SX)              ; the size from the header
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                LD (NX),DE
                LD C,(HL)
                INC HL
                LD B,(HL)
                LD (NY),BC
                CALL CA_SIZE
                LD B,H
                LD C,L
                LD HL,(SX)
                CALL CA_WRITE
CA_CLOSE2:      CALL DK_CPFCB2
                LD C,10h                ; FCLOSE
                CALL DK_BDOS
                POP HL
                JP X_CUR

; CA_NEWFILE: the file named at HL (to the statement's end) made anew in
; COPY's second FCB, records of 1 byte from 0; HL after the name.
CA_NEWFILE:     CALL DK_NEED
                CALL DK_FNAME           ; A = the drive, FILNAM the name
                PUSH AF
                CALL DK_ENDST
                POP AF
                PUSH HL
                CALL DK_CPFCB2
                CALL DK_MKFCB
                CALL DK_CPFCB2
                LD C,16h                ; FMAKE
                CALL DK_BDOS
                INC A
                LD E,67                 ; Too many files
                JP Z,X_ERROR
                CALL DK_CPFCB2
                EX DE,HL
                CALL DK_CPREC
                POP HL
                RET

; COPY "file" TO array: from DK_COPY, the file's FCB made at (DK_FCBP), HL
; on the array's name, its drive on the stack (dropped). The whole file goes
; into the array, which must hold it.
CA_FILEARY:     POP AF
                CALL CA_FIND            ; DE = the elements, BC = their bytes
                CALL DK_ENDST
                PUSH HL
                PUSH DE
                PUSH BC
                LD DE,(DK_FCBP)
                LD C,0Fh                ; FOPEN
                CALL DK_BDOS
                INC A
                JP Z,DK_NOTFND
                LD HL,(DK_FCBP)
                CALL DK_CPREC
                LD HL,(DK_FCBP)         ; its size (FCB+10h; under 64 KB)
                LD DE,10h
                ADD HL,DE
                LD E,(HL)
                INC HL
                LD D,(HL)
                POP HL                  ; the array's bytes
                OR A
                SBC HL,DE
                JP C,X_FCERR
                LD B,D
                LD C,E
                POP HL
                CALL CA_READ
                POP HL
                JP X_CUR
