; The FCB functions of the BDOS (MSX-DOS 1, msx-hardware.md 6.3-6.4): open,
; close, create, delete, rename, search, sequential, random and block
; records, file size. Each works on LFCB, a copy of the caller's 37-byte FCB
; taken at entry (FCBIN) and given back at the end (FCBOUT).

FCBIN:
                LD (UFCB),DE
                EX DE,HL
                LD DE,LFCB
                LD BC,37
                JP UMOVE
FCBOUT:
                LD HL,LFCB
                LD DE,(UFCB)
                LD BC,37
                JP UMOVE

; FCBLOGIO: FCBLOG for the record functions; an FCB open on a device
; (devio.asm) needs no disk: CY = 0.
FCBLOGIO:
                CALL DEVFCB
                RET NZ                  ; (OR A: CY = 0)
; FCBLOG: log in the FCB's drive (0 = default). CY = bad drive or disk error.
FCBLOG:
                LD A,(LFCB)
                OR A
                JR NZ,FCBLOG_N
                LD A,(CURDRV)
                INC A
FCBLOG_N:       DEC A
                JP LOGIN

; GETPAT: PAT = the FCB's name in capitals.
GETPAT:
                LD HL,LFCB+1
                LD DE,PAT
                LD B,11
GETPAT_L:       LD A,(HL)
                CALL UPCASE
                LD (DE),A
                INC HL
                INC DE
                DJNZ GETPAT_L
                RET
UPCASE:
                CP 'a'
                RET C
                CP 'z'+1
                RET NC
                SUB 20h
                RET

; STAMP: the FCB's date and time become now.
STAMP:
                CALL NOWTD
                LD (LFCB+14h),DE
                LD (LFCB+16h),HL
                RET

; OPENFILL: fill LFCB as FOPEN does from the entry at HL, index A:
; drive, name, current block 0, record size 128, size, date, time, device,
; entry index, first cluster. Current and random record are left alone.
OPENFILL:
                LD (LFCB+19h),A
                PUSH HL
                LD DE,LFCB+1
                LD BC,11
                LDIR
                POP HL
                LD A,(WDRV)
                INC A
                LD (LFCB),A
                LD A,(WDRV)
                ADD A,40h
                LD (LFCB+18h),A
                XOR A
                LD (LFCB+0Ch),A
                LD (LFCB+0Dh),A
                LD (LFCB+0Fh),A
                LD A,80h
                LD (LFCB+0Eh),A
                PUSH HL
                LD BC,1Ch
                ADD HL,BC
                LD DE,LFCB+10h
                LD BC,4
                LDIR
                POP HL
                PUSH HL
                LD BC,18h
                ADD HL,BC
                LD DE,LFCB+14h
                LDI
                LDI
                POP HL
                PUSH HL
                LD BC,16h
                ADD HL,BC
                LD DE,LFCB+16h
                LDI
                LDI
                POP HL
                LD BC,1Ah
                ADD HL,BC
                LD E,(HL)
                INC HL
                LD D,(HL)
                LD (LFCB+1Ah),DE
                LD (LFCB+1Ch),DE
                LD HL,0
                LD (LFCB+1Eh),HL
                RET

; ---- 0F FOPEN ------------------------------------------------------------------------
F_FOPEN:        CALL FCBIN
                CALL GETPAT
                CALL FCBDEV
                JP NZ,DEVOPEN
                LD (LFCB+18h),A         ; (0: not a device yet)
                CALL FCBLOG
                JP C,RETFF
                LD DE,PAT
                XOR A
                CALL FINDFILE
                JP C,RETFF
                CALL OPENFILL
                CALL FCBOUT
                JP RET0

; ---- 10 FCLOSE: size, first cluster, date and time to the entry; buffers out. --
F_FCLOSE:       CALL FCBIN
                CALL DEVFCB
                JP NZ,RET0              ; a device: nothing to write
                CALL FCBLOG
                JP C,RETFF
                LD A,(LFCB+19h)
                LD HL,DPB_MAXENT
                CP (HL)
                JP NC,RETFF
                CALL GETDIR
                JP C,RETFF
                LD DE,LFCB+1            ; still this file?
                CALL MATCH
                JP NZ,RETFF
                LD BC,16h
                ADD HL,BC
                EX DE,HL
                LD HL,LFCB+16h
                LDI
                LDI
                LD HL,LFCB+14h
                LDI
                LDI
                LD HL,LFCB+1Ah
                LDI
                LDI
                LD HL,LFCB+10h
                LDI
                LDI
                LDI
                LDI
                CALL PUTDIR
                JP C,RETFF
                CALL FLUSH
                JP C,RETFF
                JP RET0

; ---- 16 FMAKE: create (an existing file is emptied) and open. --------------------
F_FMAKE:        CALL FCBIN
                CALL GETPAT
                CALL FCBDEV
                JP NZ,DEVOPEN
                LD (LFCB+18h),A
                CALL FCBLOG
                JP C,RETFF
                LD HL,PAT
                LD B,11
F_FMAKE_W:      LD A,(HL)
                CP '?'
                JP Z,RETFF
                INC HL
                DJNZ F_FMAKE_W
                LD DE,PAT
                XOR A
                CALL FINDFILE
                JR C,F_FMAKE_NEW
                LD BC,1Ah               ; exists: its clusters are freed
                ADD HL,BC
                LD E,(HL)
                INC HL
                LD D,(HL)
                EX DE,HL
                CALL FREECHAIN
                JR F_FMAKE_ENT
F_FMAKE_NEW:    CALL FREEENT
                JP C,RETFF              ; directory full
F_FMAKE_ENT:    CALL STAMP
                LD A,(FIDX)
                CALL GETDIR
                JP C,RETFF
                PUSH HL
                EX DE,HL
                LD HL,PAT
                LD BC,11
                LDIR
                EX DE,HL
                LD (HL),20h             ; archive, as msx-disk and PC tools write
                INC HL
                LD B,10
F_FMAKE_Z:      LD (HL),0
                INC HL
                DJNZ F_FMAKE_Z
                EX DE,HL
                LD HL,LFCB+16h
                LDI
                LDI
                LD HL,LFCB+14h
                LDI
                LDI
                EX DE,HL
                LD B,6                  ; no cluster, size 0
F_FMAKE_Z2:     LD (HL),0
                INC HL
                DJNZ F_FMAKE_Z2
                CALL PUTDIR
                POP HL
                JP C,RETFF
                PUSH HL
                CALL FLUSH
                POP HL
                JP C,RETFF
                LD A,(FIDX)
                CALL OPENFILL
                CALL FCBOUT
                JP RET0

; ---- 13 FDEL: every matching file. -------------------------------------------------
F_FDEL:         CALL FCBIN
                CALL FCBLOG
                JP C,RETFF
                CALL GETPAT
                XOR A
                LD (FOUND),A
F_FDEL_L:       LD DE,PAT
                CALL FINDFILE
                JR C,F_FDEL_END
                PUSH HL
                LD BC,1Ah
                ADD HL,BC
                LD E,(HL)
                INC HL
                LD D,(HL)
                POP HL
                LD (HL),0E5h
                PUSH DE
                CALL PUTDIR
                POP HL
                JP C,RETFF
                CALL FREECHAIN
                LD A,1
                LD (FOUND),A
                LD A,(FIDX)
                INC A
                JR F_FDEL_L
F_FDEL_END:     CALL FLUSH
                JP C,RETFF
                LD A,(FOUND)
                OR A
                JP Z,RETFF
                JP RET0

; ---- 17 FREN: old name at FCB+1, new at FCB+17 ('?' keeps the character). -----
F_FREN:         CALL FCBIN
                CALL FCBLOG
                JP C,RETFF
                CALL GETPAT
                XOR A
                LD (FOUND),A
F_FREN_L:       LD DE,PAT
                CALL FINDFILE
                JR C,F_FREN_END
                LD (RNIDX),A
                LD DE,LFCB+11h
                LD IX,NEWNAM
                LD B,11
F_FREN_C:       LD A,(DE)
                CP '?'
                JR NZ,F_FREN_K
                LD A,(HL)
F_FREN_K:       CALL UPCASE
                LD (IX+0),A
                INC HL
                INC DE
                INC IX
                DJNZ F_FREN_C
                LD DE,NEWNAM            ; the new name must be free
                XOR A
                CALL FINDFILE
                JR C,F_FREN_FREE
                LD B,A
                LD A,(RNIDX)
                CP B
                JP NZ,RETFF
F_FREN_FREE:    LD A,(RNIDX)
                CALL GETDIR
                JP C,RETFF
                EX DE,HL
                LD HL,NEWNAM
                LD BC,11
                LDIR
                CALL PUTDIR
                JP C,RETFF
                LD A,1
                LD (FOUND),A
                LD A,(RNIDX)
                INC A
                JR F_FREN_L
F_FREN_END:     LD A,(FOUND)
                OR A
                JP Z,RETFF
                JP RET0

; ---- 11 SFIRST / 12 SNEXT: drive number and the 32-byte entry to the DMA. ------
F_SFIRST:       CALL FCBIN
                CALL FCBLOG
                JP C,RETFF
                CALL GETPAT
                LD HL,PAT
                LD DE,SPAT
                LD BC,11
                LDIR
                LD A,(WDRV)
                LD (SDRV),A
                XOR A
                LD (SIDX),A
                JR F_SNEXT_GO
F_SNEXT:        LD A,(SDRV)
                CALL LOGIN
                JP C,RETFF
F_SNEXT_GO:     LD A,(SIDX)
                LD DE,SPAT
                CALL FINDFILE
                JP C,RETFF
                INC A
                LD (SIDX),A
                LD DE,BNCBUF+1
                LD BC,32
                LDIR
                LD A,(SDRV)
                INC A
                LD (BNCBUF),A
                LD HL,BNCBUF
                LD DE,(DMAADR)
                LD BC,33
                CALL UMOVE
                JP RET0

; ---- 23 FSIZE: random record = size in 128-byte records, rounded up. ----------
F_FSIZE:        CALL FCBIN
                CALL FCBLOG
                JP C,RETFF
                CALL GETPAT
                LD DE,PAT
                XOR A
                CALL FINDFILE
                JP C,RETFF
                LD BC,1Ch
                ADD HL,BC
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                LD C,(HL)
                INC HL
                LD B,(HL)               ; BCDE = size
                LD HL,127
                ADD HL,DE
                EX DE,HL
                LD HL,0
                ADC HL,BC               ; HLDE = size + 127
                SLA E                   ; (x << 1) >> 8 = x >> 7
                RL D
                RL L
                RL H
                LD A,D
                LD (LFCB+21h),A
                LD A,L
                LD (LFCB+22h),A
                LD A,H
                LD (LFCB+23h),A
                XOR A
                LD (LFCB+24h),A
                CALL FCBOUT
                JP RET0

; ---- 24 SETRND: random record = current block * 128 + current record. ----------
F_SETRND:       CALL FCBIN
                CALL SEQREC
                LD (LFCB+21h),A
                LD (LFCB+22h),DE
                CALL FCBOUT
                JP RET0

; SEQREC: the sequential record number: A = bits 0-7, E = 8-15, D = 16-23.
SEQREC:
                LD HL,(LFCB+0Ch)
                LD A,L
                RRCA
                AND 80h
                LD B,A
                LD A,(LFCB+20h)
                AND 7Fh
                OR B
                SRL H
                RR L
                EX DE,HL
                RET
; SEQADV: next sequential record.
SEQADV:
                LD A,(LFCB+20h)
                INC A
                CP 128
                JR C,SEQADV_1
                LD HL,(LFCB+0Ch)
                INC HL
                LD (LFCB+0Ch),HL
                XOR A
SEQADV_1:       LD (LFCB+20h),A
                RET
; RND2SEQ: current block and record from the random record.
RND2SEQ:
                LD A,(LFCB+21h)
                LD C,A
                AND 7Fh
                LD (LFCB+20h),A
                LD HL,(LFCB+22h)
                SLA C
                RL L
                RL H
                LD (LFCB+0Ch),HL
                RET
; REC2POS: FPOS = record (A, E, D as SEQREC) * 128.
REC2POS:
                LD H,A
                LD L,0
                SRL D
                RR E
                RR H
                RR L
                LD (FPOS),HL
                LD (FPOS+2),DE
                RET
; RNDPOS: FPOS = the 3-byte random record * 128.
RNDPOS:
                LD A,(LFCB+21h)
                LD DE,(LFCB+22h)
                JR REC2POS

; REC128: one 128-byte record between FPOS of the file and the DMA.
; A = 0 done, 1 end of file (read) or disk full / error.
REC128:
                LD HL,128
                LD (FCNT),HL
                LD HL,(DMAADR)
                LD (FPTR),HL
                CALL FILEIO
                JR C,REC128_ERR
                LD A,(FWRITE)
                OR A
                JR NZ,REC128_OK
                LD HL,(FDONE)
                LD A,H
                OR L
                JR Z,REC128_ERR
                EX DE,HL                ; zeros after a partial record
                LD HL,128
                OR A
                SBC HL,DE
                LD B,H
                LD C,L
                LD HL,(DMAADR)
                ADD HL,DE
                CALL ZFILL
REC128_OK:      XOR A
                RET
REC128_ERR:     LD A,1
                RET

; ---- 14 RDSEQ / 15 WRSEQ ---------------------------------------------------------
F_RDSEQ:        XOR A
                JR F_SEQ
F_WRSEQ:        LD A,1
F_SEQ:          LD (FWRITE),A
                XOR A
                LD (FZERO),A
                CALL FCBIN
                CALL FCBLOGIO
                LD A,1
                JP C,RETA
                LD A,(FWRITE)
                OR A
                CALL NZ,STAMP
                CALL SEQREC
                CALL REC2POS
                CALL REC128
                OR A
                JR NZ,F_FCBRET
                CALL SEQADV
                XOR A
F_FCBRET:       PUSH AF
                CALL FCBOUT
                POP AF
                JP RETA

; ---- 21 RDRND / 22 WRRND / 28 WRZER: the record at the random record; the
; ---- current block and record move there, the random record stays.
F_RDRND:        XOR A
                JR F_RND
F_WRRND:        LD A,1
F_RND:          LD (FWRITE),A
                XOR A
                LD (FZERO),A
                CALL FCBIN
                CALL FCBLOGIO
                LD A,1
                JP C,RETA
F_RND_GO:       LD A,(FWRITE)
                OR A
                CALL NZ,STAMP
                CALL RND2SEQ
                CALL RNDPOS
                CALL REC128
                JR F_FCBRET
; WRZER: as WRRND, and the gap between the old end of the file and the
; record is written with zeros.
F_WRZER:        LD A,1
                LD (FWRITE),A
                CALL FCBIN
                CALL FCBLOGIO
                LD A,1
                JP C,RETA
F_WRZER_L:      CALL RNDPOS             ; gap = record position - size
                LD HL,FPOS
                LD DE,LFCB+10h
                CALL SUB32
                JR C,F_WRZER_W          ; the record starts inside the file
                LD HL,(TMP32+2)
                LD A,H
                OR L
                LD HL,8000h
                JR NZ,F_WRZER_N         ; 64 KB or more: 32 KB at a time
                LD HL,(TMP32)
                LD A,H
                OR L
                JR Z,F_WRZER_W
                LD DE,8000h
                OR A
                SBC HL,DE
                ADD HL,DE
                JR C,F_WRZER_N
                EX DE,HL
F_WRZER_N:      LD (FCNT),HL
                LD HL,(LFCB+10h)
                LD (FPOS),HL
                LD HL,(LFCB+12h)
                LD (FPOS+2),HL
                LD A,1
                LD (FZERO),A
                CALL FILEIO
                LD A,0
                LD (FZERO),A
                LD A,1
                JP C,F_FCBRET
                JR F_WRZER_L
F_WRZER_W:      XOR A
                LD (FZERO),A
                JR F_RND_GO

; ---- 26 WRBLK / 27 RDBLK: HL records of the FCB's record size from the random
; ---- record; the random record advances. WRBLK with HL = 0 sets the size.
F_RDBLK:        XOR A
                JR F_BLK
F_WRBLK:        LD A,1
F_BLK:          LD (FWRITE),A
                LD (RECS),HL
                XOR A
                LD (FZERO),A
                CALL FCBIN
                CALL FCBLOGIO
                LD HL,0
                LD A,1
                RET C
                CALL BLKPOS
                LD A,(FWRITE)
                OR A
                JR Z,F_BLK_IO
                CALL STAMP
                LD HL,(RECS)
                LD A,H
                OR L
                JP Z,F_BLK_SIZE
F_BLK_IO:       LD HL,(RECS)            ; bytes = records * size (64 KB at most)
                LD (MPC),HL
                LD HL,0
                LD (MPC+2),HL
                LD BC,(RECSIZ)
                CALL MUL32
                LD A,D
                OR E
                JR Z,F_BLK_N
                LD HL,0FFFFh
F_BLK_N:        LD (FCNT),HL
                LD HL,(DMAADR)
                LD (FPTR),HL
                CALL FILEIO
                JR C,F_BLK_FAIL
                LD A,(FWRITE)
                OR A
                JR Z,F_BLK_READ
                LD HL,(RECS)
                CALL RRADD
                CALL FCBOUT
                LD HL,(RECS)
                XOR A
                RET
F_BLK_READ:     LD HL,(FDONE)           ; whole records read, the last padded
                LD DE,(RECSIZ)
                CALL DIV16
                LD A,H
                OR L
                PUSH BC
                POP HL
                JR Z,F_BLK_EXACT
                INC HL
F_BLK_EXACT:    PUSH HL
                LD (MPC),HL
                LD HL,0
                LD (MPC+2),HL
                LD BC,(RECSIZ)
                CALL MUL32
                LD DE,(FDONE)
                OR A
                SBC HL,DE
                LD B,H
                LD C,L
                LD HL,(DMAADR)
                ADD HL,DE
                CALL ZFILL
                POP HL
                PUSH HL
                CALL RRADD
                CALL FCBOUT
                POP HL
                LD DE,(RECS)            ; fewer than asked: end of file
                OR A
                SBC HL,DE
                ADD HL,DE
                LD A,0
                RET Z
                LD A,1
                RET
F_BLK_FAIL:     CALL FCBOUT
                LD HL,0
                LD A,1
                RET
F_BLK_SIZE:     CALL SETSIZE
                LD A,0
                JR NC,F_BLK_SZ1
                LD A,1
F_BLK_SZ1:      PUSH AF
                CALL FCBOUT
                POP AF
                LD HL,0
                RET

; BLKPOS: RECSIZ = the FCB's record size (0 taken as 128), FPOS = random record
; (4 bytes below 64, else 3) * RECSIZ.
BLKPOS:
                LD HL,(LFCB+0Eh)
                LD A,H
                OR L
                JR NZ,BLKPOS_1
                LD L,128
BLKPOS_1:       LD (RECSIZ),HL
                LD HL,(LFCB+21h)
                LD (MPC),HL
                LD A,(LFCB+23h)
                LD (MPC+2),A
                CALL RSSMALL
                LD A,0
                JR NZ,BLKPOS_2
                LD A,(LFCB+24h)
BLKPOS_2:       LD (MPC+3),A
                LD BC,(RECSIZ)
                CALL MUL32
                LD (FPOS),HL
                LD (FPOS+2),DE
                RET
; RSSMALL: Z when the record size is below 64 (a 4-byte random record).
RSSMALL:
                LD A,(RECSIZ+1)
                OR A
                RET NZ
                LD A,(RECSIZ)
                CP 64
                JR NC,RSSMALL_N
                XOR A
                RET
RSSMALL_N:      OR 1
                RET
; RRADD: random record += HL (3 or 4 bytes as RSSMALL says).
RRADD:
                LD DE,(LFCB+21h)
                ADD HL,DE
                LD (LFCB+21h),HL
                LD A,(LFCB+23h)
                ADC A,0
                LD (LFCB+23h),A
                LD A,0
                RLA
                LD B,A
                CALL RSSMALL
                RET NZ
                LD A,(LFCB+24h)
                ADD A,B
                LD (LFCB+24h),A
                RET

; SETSIZE: the file's size becomes FPOS: clusters added or freed. CY = disk full.
SETSIZE:
                CALL DEVFCB             ; a device has no size
                RET NZ
                LD A,1
                LD (CLALLOC),A
                LD HL,LFCB+10h          ; TMP32 = size - new size
                LD DE,FPOS
                CALL SUB32
                JR C,SETSIZE_GROW
                LD HL,FPOS              ; new size 0: no cluster at all
                CALL ZERO32
                JR NZ,SETSIZE_CUT
                LD HL,(LFCB+1Ah)
                CALL FREECHAIN
                LD HL,0
                LD (LFCB+1Ah),HL
                JR SETSIZE_SET
SETSIZE_CUT:    XOR A
                LD (CLALLOC),A
SETSIZE_GROW:   CALL LASTCL             ; the cluster of the new last byte
                RET C
                LD A,(CLALLOC)
                OR A
                JR NZ,SETSIZE_SET
                PUSH HL                 ; cut the chain after it
                CALL FATGET
                EX DE,HL
                POP HL
                PUSH DE
                LD DE,0FFFh
                CALL FATSET
                POP HL
                CALL FREECHAIN
SETSIZE_SET:    LD HL,(LFCB+1Ah)        ; the cached position may be gone
                LD (LFCB+1Ch),HL
                LD HL,0
                LD (LFCB+1Eh),HL
                LD HL,(FPOS)
                LD (LFCB+10h),HL
                LD HL,(FPOS+2)
                LD (LFCB+12h),HL
                OR A
                RET
; LASTCL: HL = cluster holding byte FPOS - 1 (CLUSAT, allocating if CLALLOC).
LASTCL:
                LD HL,(FPOS)
                LD DE,(FPOS+2)
                PUSH HL
                PUSH DE
                LD A,L
                OR H
                DEC HL
                LD (FPOS),HL
                JR NZ,LASTCL_1
                DEC DE
                LD (FPOS+2),DE
LASTCL_1:       CALL POS2SEC
                CALL CLIDX
                CALL CLUSAT
                POP DE
                POP BC
                LD (FPOS),BC
                LD (FPOS+2),DE
                RET

; ---- the file's bytes ----------------------------------------------------------------
; POS2SEC: HL = FPOS / 512.
POS2SEC:
                LD HL,(FPOS+1)
                LD A,(FPOS+3)
                SRL A
                RR H
                RR L
                RET
; CLIDX: HL = sector of the file -> HL = cluster of the file, A = sector in it.
CLIDX:
                LD A,(DPB_CLUSMSK)
                AND L
                PUSH AF
                LD A,(DPB_CLUSSHFT)
CLIDX_L:        DEC A
                JR Z,CLIDX_D
                SRL H
                RR L
                JR CLIDX_L
CLIDX_D:        POP AF
                RET

; CLUSAT: HL = cluster index in the file -> HL = cluster number. Follows the
; chain from the FCB's last position when it is not past the one wanted, else
; from the first cluster; extends the chain when CLALLOC is set. CY = end of
; the chain (reading) or disk full.
CLUSAT:
                LD (CLWANT),HL
                LD HL,(LFCB+1Ah)
                LD A,H
                OR L
                JR NZ,CLUSAT_HAVE
                LD A,(CLALLOC)
                OR A
                JP Z,CLUSAT_ERR
                CALL NEWCL
                RET C
                LD (LFCB+1Ah),HL
                LD (LFCB+1Ch),HL
                LD HL,0
                LD (LFCB+1Eh),HL
CLUSAT_HAVE:    LD HL,(LFCB+1Ah)
                LD (CLCUR),HL
                LD HL,0
                LD (CLREL),HL
                LD HL,(LFCB+1Ch)
                CALL CLVALID
                JR C,CLUSAT_LOOP
                LD HL,(LFCB+1Eh)
                LD DE,(CLWANT)
                OR A
                SBC HL,DE
                JR Z,CLUSAT_CACHE
                JR NC,CLUSAT_LOOP
CLUSAT_CACHE:   LD HL,(LFCB+1Ch)
                LD (CLCUR),HL
                LD HL,(LFCB+1Eh)
                LD (CLREL),HL
CLUSAT_LOOP:    LD HL,(CLREL)
                LD DE,(CLWANT)
                OR A
                SBC HL,DE
                JR Z,CLUSAT_DONE
                LD HL,(CLCUR)
                CALL FATGET
                CALL CLVALID
                JR NC,CLUSAT_NEXT
                LD A,(CLALLOC)          ; end of the chain
                OR A
                JR Z,CLUSAT_ERR
                CALL NEWCL
                RET C
                EX DE,HL
                LD HL,(CLCUR)
                CALL FATSET
                EX DE,HL
CLUSAT_NEXT:    LD (CLCUR),HL
                LD HL,(CLREL)
                INC HL
                LD (CLREL),HL
                JR CLUSAT_LOOP
CLUSAT_DONE:    LD HL,(CLCUR)
                LD (LFCB+1Ch),HL
                LD DE,(CLREL)
                LD (LFCB+1Eh),DE
                OR A
                RET
CLUSAT_ERR:     SCF
                RET

; FILEIO: FCNT bytes between the file at FPOS and the caller's FPTR (or zeros
; when FZERO), direction FWRITE. Reads stop at the end of the file; writes
; extend it. FDONE = bytes moved. CY = disk full or disk error.
FILEIO:
                CALL DEVFCB
                JP NZ,DEVIO
                LD HL,0
                LD (FDONE),HL
                LD A,(FWRITE)
                LD (CLALLOC),A
                OR A
                JR NZ,FILEIO_LOOP
                LD HL,LFCB+10h          ; reading: no further than the end
                LD DE,FPOS
                CALL SUB32
                JR C,FILEIO_NONE
                LD HL,(TMP32+2)
                LD A,H
                OR L
                JR NZ,FILEIO_LOOP
                LD HL,(TMP32)
                LD DE,(FCNT)
                OR A
                SBC HL,DE
                JR NC,FILEIO_LOOP
                LD HL,(TMP32)
                LD (FCNT),HL
                JR FILEIO_LOOP
FILEIO_NONE:    LD HL,0
                LD (FCNT),HL
FILEIO_LOOP:    LD HL,(FCNT)
                LD A,H
                OR L
                RET Z
                LD A,(FPOS+1)           ; offset in the sector, and what fits
                AND 1
                LD H,A
                LD A,(FPOS)
                LD L,A
                LD (FOFF),HL
                EX DE,HL
                LD HL,512
                OR A
                SBC HL,DE
                LD DE,(FCNT)
                PUSH HL
                OR A
                SBC HL,DE
                POP HL
                JR C,FILEIO_CH
                EX DE,HL
FILEIO_CH:      LD (FCHUNK),HL
                CALL POS2SEC
                LD (FRELSEC),HL
                CALL CLIDX
                LD (DREL),HL
                PUSH AF
                CALL CLUSAT
                JR NC,FILEIO_CL
                POP AF
                SCF
                RET
FILEIO_CL:      LD (DCLUS),HL
                DEC HL                  ; sector = first data + (cluster - 2) << shift + n
                DEC HL
                LD A,(DPB_CLUSSHFT)
FILEIO_SH:      DEC A
                JR Z,FILEIO_SH1
                ADD HL,HL
                JR FILEIO_SH
FILEIO_SH1:     LD DE,(DPB_FIRREC)
                ADD HL,DE
                POP AF
                LD (DSIC),A
                LD E,A
                LD D,0
                ADD HL,DE
                EX DE,HL                ; DE = the disk sector
                LD (WSEC),DE
                CALL DIRECT
                RET C
                JP NZ,FILEIO_ADV
                LD A,(FWRITE)
                OR A
                JR NZ,FILEIO_W
                CALL LOADSEC
                RET C
                LD HL,(FOFF)
                LD DE,(SECDPTR)
                ADD HL,DE
                LD DE,(FPTR)
                LD BC,(FCHUNK)
                CALL UMOVE
                JR FILEIO_ADV
FILEIO_W:       LD HL,(FCHUNK)          ; a whole sector, or one past the end of
                LD A,H                  ; the file, is not read first
                CP 2
                JR Z,FILEIO_WNEW
                PUSH DE
                LD HL,(LFCB+11h)        ; HL = size / 512 (rounded up)
                LD A,(LFCB+13h)
                SRL A
                RR H
                RR L
                LD A,(LFCB+10h)
                OR A
                JR NZ,FILEIO_WUP
                LD A,(LFCB+11h)
                AND 1
                JR Z,FILEIO_WCMP
FILEIO_WUP:     INC HL
FILEIO_WCMP:    EX DE,HL
                LD HL,(FRELSEC)
                OR A
                SBC HL,DE
                POP DE
                JR NC,FILEIO_WNEW
                CALL LOADSEC
                RET C
                JR FILEIO_WCOPY
FILEIO_WNEW:    CALL NEWSEC
                RET C
FILEIO_WCOPY:   CALL DIRTY
                RET C
                LD HL,(FOFF)
                LD DE,(SECDPTR)
                ADD HL,DE
                LD A,(FZERO)
                OR A
                JR NZ,FILEIO_WZ
                EX DE,HL
                LD HL,(FPTR)
                LD BC,(FCHUNK)
                CALL UMOVE
                JR FILEIO_WD
FILEIO_WZ:      LD BC,(FCHUNK)
FILEIO_WZL:     LD (HL),0
                INC HL
                DEC BC
                LD A,B
                OR C
                JR NZ,FILEIO_WZL
FILEIO_WD:
FILEIO_ADV:     LD DE,(FCHUNK)
                LD HL,(FPOS)
                ADD HL,DE
                LD (FPOS),HL
                LD HL,(FPOS+2)
                LD BC,0
                ADC HL,BC
                LD (FPOS+2),HL
                LD HL,(FPTR)
                ADD HL,DE
                LD (FPTR),HL
                LD HL,(FDONE)
                ADD HL,DE
                LD (FDONE),HL
                LD HL,(FCNT)
                OR A
                SBC HL,DE
                LD (FCNT),HL
                LD A,(FWRITE)
                OR A
                JP Z,FILEIO_LOOP
                LD HL,LFCB+10h          ; past the end: the file grows
                LD DE,FPOS
                CALL SUB32
                JP NC,FILEIO_LOOP
                LD HL,(FPOS)
                LD (LFCB+10h),HL
                LD HL,(FPOS+2)
                LD (LFCB+12h),HL
                JP FILEIO_LOOP

; DIRECT: whole sectors straight between the disk and the caller's memory,
; without the one-sector cache: a run of consecutive sectors (across
; clusters that follow each other on the disk) in one DSKIO call, so a
; large transfer reads or writes a track per turn of the disk, as MSX-DOS
; does. Only when FPOS is on a sector boundary, at least one whole sector
; is asked for, no zeros are written, and the caller's memory lies in pages
; 2-3 (in view while the BDOS runs; pages 0 and 1 go through the cache and
; UMOVE). DE = the first disk sector (WSEC), DCLUS/DREL/DSIC where it is.
; Out: CY = disk error (A = code); NZ = done, FCHUNK = the bytes moved;
; Z = not for this transfer.
DIRECT_NO:      XOR A
                RET
DIRECT:
                LD A,(FZERO)
                LD HL,(FOFF)
                OR H
                OR L
                JR NZ,DIRECT_NO
                LD A,(FCNT+1)           ; sectors asked for
                SRL A
                JR Z,DIRECT_NO
                LD C,A
                LD HL,(FPTR)
                BIT 7,H
                JR Z,DIRECT_NO
                XOR A                   ; sectors of room up to FFFFh
                SUB L
                LD A,0
                SBC A,H
                SRL A
                JR Z,DIRECT_NO
                CP C
                JR NC,DIRECT_N
                LD C,A
DIRECT_N:       LD A,(DPB_CLUSMSK)      ; C = wanted; B = the run so far: the
                INC A                   ; rest of this cluster
                LD HL,DSIC
                SUB (HL)
                LD B,A
DIRECT_EXT:     LD A,B                  ; enough, or the next cluster must
                CP C                    ; follow this one on the disk
                JR NC,DIRECT_GO
                PUSH BC
                PUSH DE
                LD HL,(DREL)
                INC HL
                LD (DREL),HL
                CALL CLUSAT             ; (allocated when writing)
                POP DE
                POP BC
                JR C,DIRECT_GO0
                EX DE,HL
                LD HL,(DCLUS)
                INC HL
                OR A
                SBC HL,DE
                EX DE,HL
                JR NZ,DIRECT_GO0
                LD (DCLUS),HL
                LD A,(DPB_CLUSMSK)
                INC A
                ADD A,B
                LD B,A
                JR DIRECT_EXT
DIRECT_GO0:     LD DE,(WSEC)            ; (CLUSAT's failure is met again by
DIRECT_GO:      LD A,B                  ; the cached way, when it gets there)
                CP C
                JR C,DIRECT_B
                LD B,C
DIRECT_B:       PUSH BC
                CALL FLUSHDAT           ; the cache's changes reach the disk first
                POP BC
                RET C
                LD DE,(WSEC)
                LD HL,(FPTR)
                LD A,(FWRITE)
                OR A
                JR Z,DIRECT_RD
                LD HL,(DATSEC)          ; the cached sector is rewritten: forget it
                OR A
                SBC HL,DE
                LD A,H
                OR A
                JR NZ,DIRECT_WR
                LD A,L
                CP B
                JR NC,DIRECT_WR
                LD HL,0FFFFh
                LD (DATSEC),HL
                XOR A
                LD (DATN),A
DIRECT_WR:      LD HL,(FPTR)
                PUSH BC
                CALL WRSECS
                JR DIRECT_END
DIRECT_RD:      PUSH BC
                CALL RDSECS
DIRECT_END:     POP BC
                RET C
                LD H,B                  ; FCHUNK = sectors * 512
                LD L,0
                ADD HL,HL
                LD (FCHUNK),HL
                OR 1
                RET

; ---- arithmetic ----------------------------------------------------------------------
; SUB32: TMP32 = (HL) - (DE), 4 bytes little endian; CY = borrow.
SUB32:
                PUSH BC
                EX DE,HL                ; DE -> minuend, HL -> subtrahend
                LD BC,TMP32
                LD A,(DE)
                SUB (HL)
                LD (BC),A
                INC DE
                INC HL
                INC BC
                LD A,(DE)
                SBC A,(HL)
                LD (BC),A
                INC DE
                INC HL
                INC BC
                LD A,(DE)
                SBC A,(HL)
                LD (BC),A
                INC DE
                INC HL
                INC BC
                LD A,(DE)
                SBC A,(HL)
                LD (BC),A
                POP BC
                RET
; ZERO32: Z when the 4 bytes at HL are 0.
ZERO32:
                LD A,(HL)
                INC HL
                OR (HL)
                INC HL
                OR (HL)
                INC HL
                OR (HL)
                RET
; MUL32: DEHL = MPC (4 bytes) * BC, the low 32 bits.
MUL32:
                LD HL,0
                LD DE,0
                LD A,16
MUL32_L:        ADD HL,HL
                RL E
                RL D
                SLA C
                RL B
                JR NC,MUL32_N
                PUSH BC
                LD BC,(MPC)
                ADD HL,BC
                LD BC,(MPC+2)
                EX DE,HL
                ADC HL,BC
                EX DE,HL
                POP BC
MUL32_N:        DEC A
                JR NZ,MUL32_L
                RET
; DIV16: HL / DE -> BC = quotient, HL = remainder (DE below 8000h).
DIV16:
                LD B,H
                LD C,L
                LD HL,0
                LD A,16
DIV16_L:        SLA C
                RL B
                ADC HL,HL
                OR A
                SBC HL,DE
                JR NC,DIV16_S
                ADD HL,DE
                JR DIV16_N
DIV16_S:        INC C
DIV16_N:        DEC A
                JR NZ,DIV16_L
                RET

; ---- 1B ALLOC: E = drive (0 = default). A = sectors per cluster, BC = sector
; ---- size, DE = clusters, HL = free clusters, IX = DPB, IY = FAT buffer.
F_ALLOC:        LD A,E
                OR A
                JR NZ,F_ALLOC_D
                LD A,(CURDRV)
                INC A
F_ALLOC_D:      DEC A
                CALL LOGIN
                JR C,F_ALLOC_BAD
                CALL COUNTFREE
                LD IX,DPB
                LD IY,FATBUF
                LD A,(DPB_CLUSMSK)
                INC A
                LD DE,(DPB_MAXCLUS)
                DEC DE
                LD BC,512
                RET
F_ALLOC_BAD:    LD A,0FFh
                RET
