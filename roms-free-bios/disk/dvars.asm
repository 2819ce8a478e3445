; Work area of the free disk ROM: fixed addresses in page 3, below the BIOS
; system area. INIT lowers HIMEM to DWORK, so everything from DWORK up
; belongs to the disk system (the boot loader needs HIMEM >= 0CE00h).
; Equates only: no code.

; ---- disk-system variables at their standard addresses -----------------------
DISKVE:         EQU 0F323h      ; -> a word holding the disk-error handler's address
BREAKV:         EQU 0F325h      ; -> a word holding the CTRL+C / CTRL+STOP handler's address
RAMAD0:         EQU 0F341h      ; slot of the RAM for page 0
RAMAD1:         EQU 0F342h
RAMAD2:         EQU 0F343h
RAMAD3:         EQU 0F344h
MASTER:         EQU 0F348h      ; slot of the master disk ROM
SECBUF:         EQU 0F351h      ; -> a sector buffer: DSKI$/DSKO$ (BNCBUF here)
BDOSENT:        EQU 0F37Dh      ; JP to the BDOS (programs: LD C,fn / CALL 0F37Dh)

; ---- buffers -------------------------------------------------------------------
; From DWORK (the new HIMEM, DF00h) up, in every environment: the data cache
; (one sector), the FAT, one directory sector, the routines that run from
; RAM, the bounce buffer, the BDOS stack, the command line, the variables.
; That leaves MSX-BASIC about as much memory as a real Disk BASIC (the MSX2
; Technical Handbook tells programs to count on 8000h-DE3Fh; the 7 disk FCBs
; come below DF00h, 23271 bytes free).
; Whole sectors go straight between the disk and the caller's pages 2-3
; (fcb.asm DIRECT), so only partial ones need the cache.
; Where MSX-BASIC does not run — the MSX-DOS environment, and a program a
; boot sector starts (HIMEM stays at BOOTHI, CE00h, until the boot gives up
; and MSX-BASIC starts) — the memory from CD00h is the disk system's too:
; the MSX-DOS entry and interrupt stack, the CP/M BIOS table, and a data
; cache of a whole track (CF00h-E0FFh, nine sectors read ahead: CP/M
; programs read 128-byte records and would otherwise wait a disk turn for
; each sector). 0006h = DOSENT.
DWORK:          EQU 0DF00h      ; HIMEM while MSX-BASIC runs
BOOTHI:         EQU 0CE00h      ; HIMEM before (boot programs; boot loaders need >= CE00h)
DOSENT:         EQU 0CD06h      ; JP to the BDOS: 0005h jumps here, (0006h) = top of the TPA
ISTK:           EQU 0CE00h      ; private stack of the page-0 interrupt handler (CD09h up)
CPMTBL:         EQU 0CE00h      ; the CP/M BIOS jump table, (0001h) = CE03h (cpmbios.asm)
CPMCOM:         EQU CPMTBL+51   ; its common routine (CPMROM copied)
DATBUF9:        EQU 0CF00h      ; MSX-DOS: the data cache, DATSECS sectors
DATSECS:        EQU 9           ; a whole track
DATBUF1:        EQU 0DF00h      ; elsewhere: one sector (DATBUF9's last)
FATBUF:         EQU 0E100h      ; first FAT copy of the logged-in drive (3 sectors max)
FATBUF_SECS:    EQU 3
DIRBUF:         EQU 0E700h      ; one directory sector (written through)
STKLOW:         EQU 0E900h      ; private BDOS stack (256 bytes)
BDOSSTK:        EQU 0EA00h
RAMCODE:        EQU 0EA00h      ; routines that switch pages 0 and 1 run from RAM (512 bytes;
                                ; fixed: boot sectors written by msx-disk jump to it)
BNCBUF:         EQU 0EC00h      ; scratch: PHYDIO bounce for page 1, boot sector, DMA copies
CMDBUF:         EQU 0EE00h      ; command line: size, count, text, 0 (128 bytes)
VARS:           EQU 0EE80h

; ---- variables (VARS up to F1C8h) ------------------------------------------------
DSKSLT:         EQU VARS+0      ; slot ID of this ROM
NDRV:           EQU VARS+1      ; logical drives (2; B: is a phantom on one drive)
CURDRV:         EQU VARS+2      ; default drive of the BDOS (0 = A:)
DMAADR:         EQU VARS+3      ; (2) BDOS transfer address
USRP1:          EQU VARS+5      ; slot ID of the caller's page 1 (BDOS entry)
XFRSLT:         EQU VARS+6      ; page-1 slot used by transfers to/from page 1
SAVESP:         EQU VARS+7      ; (2) caller's stack pointer during a BDOS call
MTRCNT:         EQU VARS+9      ; VBlanks until the motor goes off (0 = idle)
DRVREG:         EQU VARS+10     ; last value written to the drive register
TRKTAB:         EQU VARS+11     ; (2) head position per drive, 0FFh = unknown
CHGBDOS:        EQU VARS+13     ; disk-change bits not yet seen by the BDOS
CHGEXT:         EQU VARS+14     ; disk-change bits not yet seen through DSKCHG
IODRV:          EQU VARS+15     ; ---- DSKIO state
IOCNT:          EQU VARS+16
IODONE:         EQU VARS+17
IOSEC:          EQU VARS+18     ; (2)
IOADR:          EQU VARS+20     ; (2)
IOWR:           EQU VARS+22     ; 1 = write
IOSPT:          EQU VARS+23     ; sectors per track
IOSIDES:        EQU VARS+24
IOTRK:          EQU VARS+25
IOSIDE:         EQU VARS+26
IOREC:          EQU VARS+27     ; sector number on the track (1-based)
IOTRY:          EQU VARS+28
IOXADR:         EQU VARS+29     ; (2) address the controller transfers with
CACHDRV:        EQU VARS+31     ; drive whose FAT is in FATBUF, 0FFh = none
FATDIRTY:       EQU VARS+32
DIRSEC:         EQU VARS+33     ; (2) sector in DIRBUF, 0FFFFh = none
DATSEC:         EQU VARS+35     ; (2) sector in DATBUF, 0FFFFh = none
DATDIRTY:       EQU VARS+37
WDRV:           EQU VARS+38     ; drive being logged in
DPB:            EQU VARS+39     ; (21) drive parameter block of CACHDRV
DPB_DRIVE:      EQU DPB+0
DPB_MEDIA:      EQU DPB+1
DPB_SECSIZ:     EQU DPB+2
DPB_DIRMSK:     EQU DPB+4
DPB_DIRSHFT:    EQU DPB+5
DPB_CLUSMSK:    EQU DPB+6
DPB_CLUSSHFT:   EQU DPB+7
DPB_FIRFAT:     EQU DPB+8
DPB_FATCNT:     EQU DPB+10
DPB_MAXENT:     EQU DPB+11
DPB_FIRREC:     EQU DPB+12
DPB_MAXCLUS:    EQU DPB+14
DPB_FATSIZ:     EQU DPB+16
DPB_FIRDIR:     EQU DPB+17
DPB_FATADR:     EQU DPB+19
LFCB:           EQU VARS+60     ; (37) local copy of the caller's FCB
UFCB:           EQU VARS+97     ; (2) address of the caller's FCB
PAT:            EQU VARS+99     ; (11) name pattern being looked for
NEWNAM:         EQU VARS+110    ; (11) new name (rename)
SPAT:           EQU VARS+121    ; (11) search pattern of SFIRST/SNEXT
SIDX:           EQU VARS+132    ; next directory index for SNEXT
SDRV:           EQU VARS+133    ; drive of SFIRST
FPOS:           EQU VARS+134    ; (4) file position of FILEIO
FCNT:           EQU VARS+138    ; (2) bytes still to move
FDONE:          EQU VARS+140    ; (2) bytes moved
FPTR:           EQU VARS+142    ; (2) caller's memory address
FWRITE:         EQU VARS+144    ; 1 = write
FCHUNK:         EQU VARS+145    ; (2)
FOFF:           EQU VARS+147    ; (2)
FIDX:           EQU VARS+149    ; directory index found
FOUND:          EQU VARS+150
TMP32:          EQU VARS+151    ; (4)
RECS:           EQU VARS+155    ; (2) records asked for (block I/O)
RECSIZ:         EQU VARS+157    ; (2)
OLDTIMI:        EQU VARS+159    ; (5) H.TIMI as it was before INIT, then RET
CLWANT:         EQU VARS+165    ; (2) relative cluster CLUSAT looks for
CLALLOC:        EQU VARS+167    ; 1 = CLUSAT may extend the chain
CLCUR:          EQU VARS+168    ; (2)
CLREL:          EQU VARS+170    ; (2)
RCTMP:          EQU VARS+172    ; (2) scratch for the RAM routines
BOOTSP:         EQU VARS+174    ; (2) stack of the BIOS during the boot call
FPAT:           EQU VARS+176    ; (2) pattern FINDFILE compares with
MPC:            EQU VARS+178    ; (4) multiplicand of MUL32
FRELSEC:        EQU VARS+182    ; (2) sector of the file FILEIO is at
FZERO:          EQU VARS+184    ; 1 = FILEIO writes zeros instead of the caller's bytes
RNIDX:          EQU VARS+185    ; entry being renamed
DATN:           EQU VARS+186    ; sectors in the data cache (from DATSEC)
DIRTYSEC:       EQU VARS+187    ; (2) the cached sector that is written back (DATDIRTY)
SECDPTR:         EQU VARS+189    ; (2) where in DATBUF the sector of LOADSEC/NEWSEC is
DOSMODE:        EQU VARS+191    ; 1 = the MSX-DOS environment (RAM in page 0) is set up
ISAVESP:        EQU VARS+192    ; (2) interrupted stack pointer (page-0 interrupt handler)
TAILP:          EQU VARS+194    ; (2) command tail in CMDBUF
CMDFCB:         EQU VARS+196    ; (37) FCB of the program being started
RAMCHK:         EQU VARS+233    ; 1 = RAMAD0 holds RAM (64 KB for MSX-DOS)
WSEC:           EQU VARS+234    ; (2) disk sector FILEIO writes to
IOEI:           EQU VARS+236    ; 0FBh: interrupts served while a sector is awaited
DIRTYN:         EQU VARS+237    ; changed sectors of the window from DIRTYSEC on (DATDIRTY)
TPOS:           EQU VARS+238    ; BUFIN: next character of the template
FMSIDES:        EQU VARS+239    ; DSKFMT: 1 or 2 sides
FMDRV:          EQU VARS+240    ; DSKFMT: the drive
DEFVE:          EQU VARS+241    ; (2) RC_DEFERR: where DISKVE points by default
DEFBRK:         EQU VARS+243    ; (2) RC_DEFBRK: where BREAKV points by default
TINS:           EQU VARS+245    ; BUFIN: 1 = insert mode
TTGT:           EQU VARS+246    ; BUFIN: where SELECT copies to
PECHO:          EQU VARS+247    ; 1 = console output echoed to the printer (^P)
NPHYS:          EQU VARS+248    ; physical drives found (1 or 2)
LASTLOG:        EQU VARS+249    ; one drive: the logical drive whose disk is in it
DREL:           EQU VARS+250    ; (2) FILEIO's DIRECT: cluster index in the file
DCLUS:          EQU VARS+252    ; (2) its cluster number
DSIC:           EQU VARS+254    ; the sector in that cluster
; BASREQ (EF7Fh, a fixed address the BASIC extension ROM reads): the
; MSX-DOS prompt's `BASIC [file]` hands MSX-BASIC's cold start a line to run:
; "BA", then the line (0-terminated; empty: none, and no AUTOEXEC.BAS).
BASREQ:         EQU VARS+255    ; (20)
BASWIN:         EQU VARS+275    ; 1 = MSX-BASIC runs: the one-sector cache
VARS_END:       EQU VARS+276
; The batch file being run (command.asm): kept while programs run, so in
; page 3; not cleared by INIT (the boot stack may reach here then): the boot
; clears BATACT when it builds the MSX-DOS environment.
BATACT:         EQU VARS_END    ; 1 = a batch file runs
BATCH1:         EQU VARS_END+1  ; the byte just read from it
BATFCB:         EQU VARS_END+2  ; (37) its FCB (record size 1)
BATARGS:        EQU VARS_END+39 ; (128) the command line that started it (%0-%9)
BAT_END:        EQU VARS_END+167
; The template of BUFIN (the last line entered, MSX-DOS's editing keys):
; also written only in the MSX-DOS environment.
TLEN:           EQU BAT_END     ; its length
TEMPL:          EQU BAT_END+1   ; (127) its text
TEMPL_END:      EQU BAT_END+128
