; FAT12 on the logged-in drive: sector cache, login (DPB from the BPB),
; FAT entries, cluster chains, directory entries, and the date/time stamp.
; One drive is cached at a time: the first FAT copy in FATBUF (written to
; every copy by FLUSH), one directory sector in DIRBUF (written through) and
; a window of consecutive data sectors (WINDOW: a whole track in the MSX-DOS
; environment, one sector elsewhere), read ahead to the end of the track in
; one DSKIO call: consecutive sectors come one after
; the other under the head, while a sector read after the BDOS has worked on
; the one before has just passed and costs a disk turn (0.2 s). The changed
; sectors of the window form one run, written back with one DSKIO call when
; another sector is changed, when the window moves, at FCLOSE and at DSKRST.

; ---- sector access on CACHDRV (buffers in page 3). CY = error, A = code. ---------
RDSEC:          LD B,1
RDSECS:         OR A                    ; CY = 0: read
                JR BDSKIO
WRSEC:          LD B,1
WRSECS:         SCF
; BDSKIO: B sectors from DE at HL, CY = write. In the MSX-DOS environment a
; failure goes to the disk-error handler through DISKVE (F323h), as on
; MSX-DOS 1: DISKVE holds the address of a word that holds the handler's
; address (map.grauw.nl, "Disk I/O error handling in MSX-DOS 1"). The
; handler is called with A = drive (0 = A:), C = the DSKIO error code with
; bit 0 set for a write, RAM in page 0, this ROM in page 1
; and the BDOS stack; it returns C = 0 ignore, 1 retry, 2 abort (the kernel
; of MSX-DOS 1 reads the answer so). Ignore goes on as if the transfer had
; worked, Abort drops the cache (changes not written are lost) and returns
; to the prompt. The default handler (RC_DEFERR) asks as MSX-DOS does (MSX2
; Technical Handbook figure 3.5; messages of MS-DOS 1.25): "Not ready error
; reading drive A", then "Abort, Retry, Ignore? ". Outside the MSX-DOS
; environment the error is returned (CY, A = code, B = 0).
; DE and HL are kept (and BC when it worked).
BDSKIO:
                PUSH HL
                PUSH DE
                PUSH BC
                PUSH AF
BDSKIO_TRY:     POP AF
                POP BC
                POP DE
                POP HL
                PUSH HL
                PUSH DE
                PUSH BC
                PUSH AF
                LD A,(DPB_MEDIA)
                LD C,A
                LD A,(CACHDRV)          ; (the flags stay: CY = write)
                CALL DSKIO_IN
                JR C,BDSKIO_ERR
BDSKIO_OK:      POP AF
                POP BC
                POP DE
                POP HL
                XOR A
                RET
BDSKIO_ERR:     LD C,A
                LD A,(DOSMODE)
                OR A
                JR Z,BDSKIO_FAIL
                LD A,(IOWR)             ; bit 0: a write
                OR C
                LD C,A
                LD HL,(DISKVE)          ; -> the handler's address
                LD A,(CACHDRV)
                CALL RC_CALLV
                LD A,C
                DEC A
                JR Z,BDSKIO_TRY         ; 1: retry
                DEC A
                JR NZ,BDSKIO_OK         ; 0 (or anything but 2): ignore
                CALL FORGET             ; 2: abort
                JP RC_WBOOT
BDSKIO_FAIL:    POP AF
                POP AF
                POP DE
                POP HL
                LD A,C
                LD B,0
                SCF
                RET

; DISKERR: the default disk-error handler's work (RC_DEFERR calls it with
; the BIOS in page 0): A = drive, C = DSKIO code + bit 0 for a write. The
; message and the question; C = 0 (Ignore), 1 (Retry) or 2 (Abort).
DISKERR:
                ADD A,'A'
                LD B,A                  ; B = drive letter
                LD A,C
                AND 0FEh
                LD HL,M_DEWP
                JR Z,DISKERR_T
                LD HL,M_DENR
                CP 2
                JR Z,DISKERR_T
                LD HL,M_DEDISK
DISKERR_T:      PUSH BC
                PUSH HL
                LD HL,M_DECRLF
                CALL PRINTZ
                POP HL
                CALL PRINTZ
                POP BC
                LD HL,M_DEREAD
                BIT 0,C
                JR Z,DISKERR_RW
                LD HL,M_DEWRITE
DISKERR_RW:     PUSH BC
                CALL PRINTZ
                POP BC
                LD A,B
                CALL B_CHPUT
DISKERR_ASK:    LD HL,M_DEASK
                CALL PRINTZ
                CALL B_CHGET
                CALL UPCASE
                PUSH AF
                CALL B_CHPUT
                LD HL,M_DECRLF
                CALL PRINTZ
                POP AF
                LD C,0
                CP 'I'
                RET Z
                INC C
                CP 'R'
                RET Z
                INC C
                CP 'A'
                RET Z
                JR DISKERR_ASK
M_DEWP:         DB "Write protect",0
M_DENR:         DB "Not ready",0
M_DEDISK:       DB "Disk",0
M_DEREAD:       DB " error reading drive ",0
M_DEWRITE:      DB " error writing drive ",0
M_DEASK:        DB 0Dh,0Ah,"Abort, Retry, Ignore? ",0
M_DECRLF:       DB 0Dh,0Ah,0

; FORGET: drop every cached sector, written or not.
FORGET:
                LD A,0FFh
                LD (CACHDRV),A
                LD HL,0FFFFh
                LD (DIRSEC),HL
                LD (DATSEC),HL
                XOR A
                LD (DATN),A
                LD (FATDIRTY),A
                LD (DATDIRTY),A
                RET

; FLUSH: write the data sector and the FAT copies back when changed.
FLUSH:
                CALL FLUSHDAT
                RET C
                LD A,(FATDIRTY)
                OR A
                RET Z
                LD DE,(DPB_FIRFAT)
                LD A,(DPB_FATCNT)
                LD B,A
FLUSH_FAT:      PUSH BC
                PUSH DE
                LD HL,FATBUF
                LD A,(DPB_FATSIZ)
                LD B,A
                CALL WRSECS
                POP DE
                POP BC
                RET C
                LD A,(DPB_FATSIZ)
                ADD A,E
                LD E,A
                LD A,D
                ADC A,0
                LD D,A
                DJNZ FLUSH_FAT
                XOR A
                LD (FATDIRTY),A
                RET
FLUSHDAT:
                LD A,(DATDIRTY)
                OR A
                RET Z
                LD DE,(DIRTYSEC)        ; the run of changed sectors, in one call
                CALL DATFIND
                LD A,(DIRTYN)
                LD B,A
                CALL WRSECS
                RET C
                XOR A
                LD (DATDIRTY),A
                RET

; WINDOW: H = the first page of the data cache, A = the sectors it holds:
; one sector while MSX-BASIC runs (BASWIN), else a whole track (dvars.asm).
WINDOW:
                LD A,(DOSMODE)
                OR A
                JR NZ,WINDOW_BIG
                LD A,(BASWIN)
                OR A
                JR Z,WINDOW_BIG
                LD H,DATBUF1/256
                LD A,1
                RET
WINDOW_BIG:     LD H,DATBUF9/256
                LD A,DATSECS
                RET
; SETMODE: DOSMODE = A, the cache written back and emptied first (its place
; and size change with the environment).
SETMODE:
                PUSH AF
                CALL FLUSHDAT
                POP AF
                LD (DOSMODE),A
                JR SETMODE_F
; TOBASWIN: MSX-BASIC is about to run: HIMEM up to DWORK, the one-sector
; cache (the cache written back and emptied first).
TOBASWIN:
                CALL FLUSH
                XOR A
                LD (DOSMODE),A
                INC A
                LD (BASWIN),A
                LD HL,(HIMEM)           ; (unless another ROM has lowered it)
                LD DE,BOOTHI
                OR A
                SBC HL,DE
                JR NZ,SETMODE_F
                LD HL,DWORK
                LD (HIMEM),HL
SETMODE_F:      LD HL,0FFFFh
                LD (DATSEC),HL
                XOR A
                LD (DATN),A
                RET

; DATFIND: Z and HL = SECDPTR = the place of sector DE when it is in the
; window (CY = 0 either way). Preserves DE.
DATFIND:
                PUSH DE
                EX DE,HL
                LD DE,(DATSEC)
                OR A
                SBC HL,DE
                POP DE
                JR C,DATFIND_NO
                LD A,H
                OR A
                JR NZ,DATFIND_NO
                LD A,(DATN)
                LD H,A
                LD A,L
                CP H
                JR NC,DATFIND_NO
                ADD A,A                 ; 512 bytes per sector
                PUSH AF
                CALL WINDOW
                POP AF
                ADD A,H
                LD H,A
                LD L,0
                LD (SECDPTR),HL
                XOR A
                RET
DATFIND_NO:     OR 1
                RET

; LOADSEC: data sector DE into the window (if not there already), with the
; sectors after it up to the end of its track. SECDPTR = its place. CY = error.
LOADSEC:
                CALL DATFIND
                RET Z
                PUSH DE
                CALL FLUSHDAT
                POP DE
                RET C
                PUSH DE
                EX DE,HL                ; sectors left on the track: spt - DE mod spt
                LD A,(DPB_MEDIA)
                LD E,9
                BIT 1,A
                JR Z,LOADSEC_SPT
                LD E,8
LOADSEC_SPT:    LD D,0
LOADSEC_MOD:    OR A
                SBC HL,DE
                JR NC,LOADSEC_MOD
                ADD HL,DE
                LD A,E
                SUB L
                LD C,A
                CALL WINDOW             ; no more than the window holds
                CP C
                JR C,LOADSEC_N
                LD A,C
LOADSEC_N:      POP DE
                LD (DATN),A
                LD (DATSEC),DE
                LD B,A
                LD L,0                  ; H = the window's first page
                LD (SECDPTR),HL
                CALL RDSECS
                RET NC
                LD HL,0FFFFh
                LD (DATSEC),HL
                XOR A
                LD (DATN),A
                SCF
                RET
; NEWSEC: sector DE becomes the window, zeroed, without reading it (a sector
; wholly rewritten, or past the end of the file). Kept as is when cached.
; The sector right after the window joins it (up to DATSECS), so a file
; written from start to end leaves a run of changed sectors that FLUSHDAT
; writes with one DSKIO call. SECDPTR = its place.
NEWSEC:
                CALL DATFIND
                RET Z
                LD A,(DATN)             ; DE = DATSEC + DATN, room left?
                OR A
                JR Z,NEWSEC_NEW
                LD C,A
                CALL WINDOW
                CP C
                LD A,C
                JR Z,NEWSEC_NEW
                JR C,NEWSEC_NEW
                LD HL,(DATSEC)
                ADD A,L
                LD L,A
                LD A,H
                ADC A,0
                LD H,A
                OR A
                SBC HL,DE
                JR NZ,NEWSEC_NEW
                LD HL,DATN
                INC (HL)
                CALL DATFIND
                LD HL,(SECDPTR)
                JR NEWSEC_ZERO
NEWSEC_NEW:     PUSH DE
                CALL FLUSHDAT
                POP DE
                RET C
                LD (DATSEC),DE
                LD A,1
                LD (DATN),A
                CALL WINDOW
                LD L,0
                LD (SECDPTR),HL
NEWSEC_ZERO:    LD D,H
                LD E,L
                INC DE
                LD BC,511
                LD (HL),0
                LDIR
                OR A
                RET
; DIRTY: the sector at SECDPTR (WSEC) is changed. The changed sectors form
; one run from DIRTYSEC (DIRTYN long): WSEC in it or right after it joins
; it; otherwise the run is written first. CY = error.
DIRTY:
                LD A,(DATDIRTY)
                OR A
                JR Z,DIRTY_SET
                LD HL,(WSEC)            ; HL = WSEC - DIRTYSEC
                LD DE,(DIRTYSEC)
                OR A
                SBC HL,DE
                JR C,DIRTY_FL
                LD A,H
                OR A
                JR NZ,DIRTY_FL
                LD A,L
                LD HL,DIRTYN
                CP (HL)
                JR C,DIRTY_IN           ; in the run
                JR NZ,DIRTY_FL          ; a gap
                INC (HL)                ; right after it
DIRTY_IN:       OR A
                RET
DIRTY_FL:       LD HL,(SECDPTR)
                PUSH HL
                CALL FLUSHDAT
                POP HL
                LD (SECDPTR),HL
                RET C
DIRTY_SET:      LD HL,(WSEC)
                LD (DIRTYSEC),HL
                LD A,1
                LD (DIRTYN),A
                LD (DATDIRTY),A
                OR A
                RET

; ---- LOGIN: A = drive (0 = A:). Makes it CACHDRV: DPB and FAT read after a
; ---- disk change or a change of drive. CY = error.
LOGIN:
                LD (WDRV),A
                LD HL,NDRV
                CP (HL)
                CCF
                RET C
                CALL POLLCHG
                LD A,(WDRV)
                INC A
                LD B,A
                LD A,(CHGBDOS)
                AND B
                JR Z,LOGIN_SAME
                LD A,B
                CPL
                LD B,A
                LD A,(CHGBDOS)
                AND B
                LD (CHGBDOS),A
                LD A,(CACHDRV)          ; a new disk: what we hold is stale
                LD HL,WDRV
                CP (HL)
                CALL Z,FORGET
LOGIN_SAME:     LD A,(CACHDRV)
                LD HL,WDRV
                CP (HL)
                RET Z                   ; CY = 0
                CALL FLUSH
                CALL FORGET
                LD A,(WDRV)
                LD (CACHDRV),A
                LD A,0F9h               ; sector 0 is T0 S0 R1 whatever the format
                LD (DPB_MEDIA),A
                LD DE,0
                LD HL,BNCBUF
                CALL RDSEC
                JR C,LOGIN_FAIL
                CALL MKDPB
                JR C,LOGIN_FAIL
                LD A,(DPB_FATSIZ)
                LD B,A
                LD DE,(DPB_FIRFAT)
                LD HL,FATBUF
                CALL RDSECS
                RET NC
LOGIN_FAIL:     CALL FORGET
                SCF
                RET

; MKDPB: the DPB from the BPB of the boot sector in BNCBUF; when the BPB is
; not usable (early MSX-DOS 1 disks), from the media byte of the FAT, as
; GETDPB does. CY when the disk cannot be used (FAT larger than FATBUF).
MKDPB:
                LD A,(WDRV)
                LD (DPB_DRIVE),A
                LD HL,FATBUF
                LD (DPB_FATADR),HL
                LD HL,(BNCBUF+0Bh)      ; 512 bytes per sector
                LD DE,512
                OR A
                SBC HL,DE
                JP NZ,MKDPB_MEDIA
                LD A,(BNCBUF+0Dh)       ; sectors per cluster: 1, 2, 4 or 8
                LD B,1                  ; CLUSSHFT
MKDPB_SPC:      SRL A
                JR C,MKDPB_SPC1
                INC B
                LD C,A
                LD A,B
                CP 5
                JP NC,MKDPB_MEDIA
                LD A,C
                JR MKDPB_SPC
MKDPB_SPC1:     OR A                    ; no other bit may be set
                JP NZ,MKDPB_MEDIA
                LD A,B
                LD (DPB_CLUSSHFT),A
                LD A,(BNCBUF+0Dh)
                DEC A
                LD (DPB_CLUSMSK),A
                LD A,(BNCBUF+10h)       ; FATs: 1-2
                DEC A
                CP 2
                JP NC,MKDPB_MEDIA
                INC A
                LD (DPB_FATCNT),A
                LD A,(BNCBUF+16h)       ; sectors per FAT: 1-3 (FATBUF)
                DEC A
                CP FATBUF_SECS
                JR NC,MKDPB_MEDIA
                INC A
                LD (DPB_FATSIZ),A
                LD A,(BNCBUF+12h)       ; root entries: 16-240, whole sectors
                OR A
                JR NZ,MKDPB_MEDIA
                LD A,(BNCBUF+11h)
                LD C,A
                AND 0Fh
                JR NZ,MKDPB_MEDIA
                LD A,C
                OR A
                JR Z,MKDPB_MEDIA
                LD (DPB_MAXENT),A
                LD A,(BNCBUF+15h)       ; media
                CP 0F8h
                JR C,MKDPB_MEDIA
                LD (DPB_MEDIA),A
                LD HL,512
                LD (DPB_SECSIZ),HL
                LD A,0Fh
                LD (DPB_DIRMSK),A
                LD A,4
                LD (DPB_DIRSHFT),A
                LD HL,(BNCBUF+0Eh)      ; reserved sectors: the first FAT
                LD (DPB_FIRFAT),HL
                LD A,(DPB_FATCNT)       ; directory after the FATs
                LD B,A
                LD A,(DPB_FATSIZ)
                LD E,A
                LD D,0
MKDPB_FATS:     ADD HL,DE
                DJNZ MKDPB_FATS
                LD (DPB_FIRDIR),HL
                LD A,C                  ; data after the directory
                RRCA
                RRCA
                RRCA
                RRCA
                LD E,A
                ADD HL,DE
                LD (DPB_FIRREC),HL
                EX DE,HL                ; clusters = (total - first data) >> shift
                LD HL,(BNCBUF+13h)
                OR A
                SBC HL,DE
                JR C,MKDPB_MEDIA
                JR Z,MKDPB_MEDIA
                LD A,(DPB_CLUSSHFT)
MKDPB_CL:       DEC A
                JR Z,MKDPB_CL1
                SRL H
                RR L
                JR MKDPB_CL
MKDPB_CL1:      LD DE,0FF6h-1           ; FAT12: at most 0FF6h clusters numbered
                PUSH HL
                OR A
                SBC HL,DE
                POP HL
                JR NC,MKDPB_MEDIA
                INC HL
                LD (DPB_MAXCLUS),HL
                OR A
                RET
MKDPB_MEDIA:    LD A,(WDRV)             ; read the FAT's first byte
                LD B,1
                LD A,0F9h
                LD (DPB_MEDIA),A
                LD DE,1
                LD HL,BNCBUF
                CALL RDSECS
                RET C
                LD A,(BNCBUF)
                CP 0F8h
                JR C,MKDPB_BAD
                CP 0FCh
                JR NC,MKDPB_BAD
                LD B,A
                LD C,A
                LD HL,DPB
                LD A,(WDRV)
                CALL GETDPB
                OR A
                RET
MKDPB_BAD:      SCF
                RET

; ---- FAT entries -------------------------------------------------------------------
; FATGET: HL = cluster -> HL = its entry. Preserves BC, DE.
FATGET:
                PUSH DE
                LD D,H
                LD E,L
                SRL H
                RR L
                ADD HL,DE               ; n * 3 / 2
                PUSH DE
                LD DE,FATBUF
                ADD HL,DE
                POP DE
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                BIT 0,E
                JR Z,FATGET_EVEN
                SRL H                   ; odd: the high 12 bits
                RR L
                SRL H
                RR L
                SRL H
                RR L
                SRL H
                RR L
FATGET_EVEN:    LD A,H
                AND 0Fh
                LD H,A
                POP DE
                RET

; FATSET: entry of cluster HL = DE. Preserves BC, DE, HL.
FATSET:
                PUSH HL
                PUSH DE
                PUSH BC
                LD A,L
                LD (RCTMP),A
                LD B,H
                LD C,L
                SRL H
                RR L
                ADD HL,BC
                LD BC,FATBUF
                ADD HL,BC
                LD A,(RCTMP)
                RRA
                JR C,FATSET_ODD
                LD (HL),E
                INC HL
                LD A,(HL)
                AND 0F0h
                LD B,A
                LD A,D
                AND 0Fh
                OR B
                LD (HL),A
                JR FATSET_DONE
FATSET_ODD:     LD A,E
                RLCA
                RLCA
                RLCA
                RLCA
                AND 0F0h
                LD B,A
                LD A,(HL)
                AND 0Fh
                OR B
                LD (HL),A
                INC HL
                LD A,E
                RRCA
                RRCA
                RRCA
                RRCA
                AND 0Fh
                LD B,A
                LD A,D
                RLCA
                RLCA
                RLCA
                RLCA
                AND 0F0h
                OR B
                LD (HL),A
FATSET_DONE:    LD A,1
                LD (FATDIRTY),A
                POP BC
                POP DE
                POP HL
                RET

; CLVALID: CY when HL is not a cluster of the disk (2 to MAXCLUS).
CLVALID:
                LD A,H
                OR A
                JR NZ,CLVALID_HI
                LD A,L
                CP 2
                RET C
CLVALID_HI:     PUSH DE
                LD DE,(DPB_MAXCLUS)
                EX DE,HL
                OR A
                SBC HL,DE
                EX DE,HL
                POP DE
                RET

; FREECL: HL = the first free cluster; CY when the disk is full.
FREECL:
                LD HL,2
FREECL_LOOP:    PUSH HL
                CALL FATGET
                LD A,H
                OR L
                POP HL
                RET Z
                INC HL
                CALL CLVALID
                JR NC,FREECL_LOOP
                RET
; NEWCL: HL = a free cluster, now the end of a chain. CY = disk full.
NEWCL:
                CALL FREECL
                RET C
                LD DE,0FFFh
                CALL FATSET
                OR A
                RET
; FREECHAIN: every cluster of the chain from HL marked free.
FREECHAIN:
                CALL CLVALID
                RET C
                PUSH HL
                CALL FATGET
                EX DE,HL
                POP HL
                PUSH DE
                LD DE,0
                CALL FATSET
                POP HL
                JR FREECHAIN
; COUNTFREE: HL = free clusters.
COUNTFREE:
                LD HL,2
                LD BC,0
COUNTFREE_L:    PUSH HL
                CALL FATGET
                LD A,H
                OR L
                POP HL
                JR NZ,COUNTFREE_U
                INC BC
COUNTFREE_U:    INC HL
                CALL CLVALID
                JR NC,COUNTFREE_L
                LD H,B
                LD L,C
                RET

; ---- directory -----------------------------------------------------------------------
; GETDIR: A = entry index -> HL = the entry in DIRBUF. CY = error.
GETDIR:
                PUSH AF
                RRCA
                RRCA
                RRCA
                RRCA
                AND 0Fh
                LD E,A
                LD D,0
                LD HL,(DPB_FIRDIR)
                ADD HL,DE
                EX DE,HL
                LD HL,(DIRSEC)
                OR A
                SBC HL,DE
                JR Z,GETDIR_HAVE
                PUSH DE
                LD HL,DIRBUF
                CALL RDSEC
                POP DE
                JR C,GETDIR_ERR
                LD (DIRSEC),DE
GETDIR_HAVE:    POP AF
                AND 0Fh
                LD L,A
                LD H,0
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                LD DE,DIRBUF
                ADD HL,DE
                OR A
                RET
GETDIR_ERR:     LD HL,0FFFFh
                LD (DIRSEC),HL
                POP AF
                SCF
                RET
; PUTDIR: the directory sector back to the disk.
PUTDIR:
                LD DE,(DIRSEC)
                LD HL,DIRBUF
                JP WRSEC

; MATCH: Z when the 11-byte name at HL matches the pattern at DE ('?' = any).
; Preserves HL.
MATCH:
                PUSH HL
                LD B,11
MATCH_L:        LD A,(DE)
                CP '?'
                JR Z,MATCH_N
                CP (HL)
                JR NZ,MATCH_X
MATCH_N:        INC HL
                INC DE
                DJNZ MATCH_L
                XOR A
MATCH_X:        POP HL
                RET

; FINDFILE: DE = pattern, A = first index: A = FIDX = the index of the next
; matching file, HL = its entry. CY when there is none (or a disk error).
; Deleted entries, volume labels and directories are skipped.
FINDFILE:
                LD (FIDX),A
                LD (FPAT),DE
FINDFILE_L:     LD A,(FIDX)
                LD HL,DPB_MAXENT
                CP (HL)
                JR NC,FINDFILE_NO
                CALL GETDIR
                RET C
                LD A,(HL)
                OR A
                JR Z,FINDFILE_NO        ; end of the directory
                CP 0E5h
                JR Z,FINDFILE_N
                PUSH HL
                LD DE,11
                ADD HL,DE
                LD A,(HL)
                POP HL
                AND 18h
                JR NZ,FINDFILE_N
                LD DE,(FPAT)
                CALL MATCH
                JR NZ,FINDFILE_N
                LD A,(FIDX)
                OR A
                RET
FINDFILE_N:     LD HL,FIDX
                INC (HL)
                JR FINDFILE_L
FINDFILE_NO:    SCF
                RET

; FREEENT: A = FIDX = index of the first unused entry. CY = directory full.
FREEENT:
                XOR A
                LD (FIDX),A
FREEENT_L:      LD A,(FIDX)
                LD HL,DPB_MAXENT
                CP (HL)
                JR NC,FINDFILE_NO
                CALL GETDIR
                RET C
                LD A,(HL)
                OR A
                JR Z,FREEENT_Y
                CP 0E5h
                JR Z,FREEENT_Y
                LD HL,FIDX
                INC (HL)
                JR FREEENT_L
FREEENT_Y:      LD A,(FIDX)
                OR A
                RET

; ---- NOWTD: DE = today in directory format, HL = the time. -------------------------
NOWTD:
                CALL RTCSEL
                LD A,4                  ; hours << 11
                CALL RTCBCD
                ADD A,A
                ADD A,A
                ADD A,A
                LD H,A
                LD L,0
                PUSH HL
                LD A,2                  ; minutes << 5
                CALL RTCBCD
                LD L,A
                LD H,0
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                POP DE
                ADD HL,DE
                XOR A                   ; seconds / 2
                CALL RTCBCD
                SRL A
                OR L
                LD L,A
                PUSH HL
                LD A,11                 ; (year - 1980) << 9
                CALL RTCBCD
                ADD A,A
                LD H,A
                LD L,0
                PUSH HL
                LD A,9                  ; month << 5
                CALL RTCBCD
                LD L,A
                LD H,0
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                ADD HL,HL
                POP DE
                ADD HL,DE
                LD A,7                  ; day
                CALL RTCBCD
                OR L
                LD L,A
                EX DE,HL
                POP HL
                RET
