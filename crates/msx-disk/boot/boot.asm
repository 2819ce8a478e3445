; MSX boot sector that loads one named program file and starts it.
; Written for the msx toolchain; plain Z80 syntax that pasmo also accepts.
;
; How an MSX disk ROM runs a boot sector (MSX-DOS 1 disk ROM, as reconstructed
; in apoloval/msx-system disk/bios/1.0*/disk*.asm; DOS 2.31's disk-s0.asm too):
;   * it reads logical sector 0 of drive A: and copies its FIRST 256 BYTES to
;     0C000h (so stage 1 and the parameter block sit in C000h-C0FFh);
;   * if byte 0 is 0EBh or 0E9h it calls 0C01Eh with CY = 0, on a stack just
;     under 0C200h: main BIOS in page 0, disk ROM in page 1, RAM in pages 2-3,
;     RAMAD0-RAMAD3 (F341h-F344h) and HIMEM already set;
;   * when that call returns it builds the MSX-DOS environment (RAM in page 0)
;     and jumps to 0C01Eh again with CY = 1; returning from there starts
;     Disk BASIC.
; Stage 1 (C01Eh, in the copied half) reads the whole of sector 0 to SECTOR0
; and jumps into its second half, stage 2, at C300h. pasmo has no PHASE, so
; stage 2 is assembled at C100h-C1FFh like the sector's other bytes: inside it
; only relative jumps are used, and a jump into it adds RELOC.
; We take over at whichever call comes first and never return once the
; program file is found. When it is not found we return, so the machine goes
; on to Disk BASIC as with any disk that holds no system.
;
; What the started program gets (the contract, see docs/disk.md):
;   page 0 main BIOS, pages 1-3 RAM (RAMAD1 in page 1), the file's bytes at
;   LOADAD, SP = (HIMEM), interrupts enabled, BDOS at 0F37Dh, PC = EXECAD.
;
; The Rust side (crates/msx-disk/src/boot.rs) overwrites the BPB with the
; disk's own and patches the parameter block at PARAMS (offsets documented
; there and in docs/disk.md).

ENASLT  equ     0024h           ; BIOS: select slot A for the page of address H
CHPUT   equ     00A2h           ; BIOS: print character A
PHYDIO  equ     0144h           ; BIOS: A=drive B=count C=media DE=sector HL=address, CY=0 read
RAMAD1  equ     0F342h          ; slot of the RAM the disk ROM found for page 1
HIMEM   equ     0FC4Ah          ; lowest byte of the disk ROM's work area
EXPTBL  equ     0FCC1h          ; slot of the main BIOS

SECTOR0 equ     0C200h          ; stage 1 reads all of sector 0 here (C200h-C3FFh)
RELOC   equ     SECTOR0-0C000h  ; stage 2 runs this far above where it is assembled
FATBUF  equ     0C400h          ; first FAT copy (3 sectors at most: C400h-C9FFh)
SECBUF  equ     0CA00h          ; one cluster (1024 bytes at most: CA00h-CDFFh)
BUFEND  equ     0CE00h          ; HIMEM must not be below this

        org     0C000h

        db      0EBh, 0FEh, 90h         ; JR $ / NOP: the mark the disk ROM looks for
        db      "MSX-RS  "              ; OEM name
        ; BPB of a 720 KB disk; Disk::set_boot_program writes the disk's own.
        dw      512                     ; bytes per sector
        db      2                       ; sectors per cluster
        dw      1                       ; reserved sectors
        db      2                       ; FATs
        dw      112                     ; root directory entries
        dw      1440                    ; total sectors
        db      0F9h                    ; media byte
        dw      3                       ; sectors per FAT
        dw      9                       ; sectors per track
        dw      2                       ; sides
        dw      0                       ; hidden sectors

; ---- 0C01Eh: stage 1, entered from either call ----------------------------
boot:
        ; On the CY = 1 call page 0 holds RAM; PHYDIO and CHPUT live in the
        ; BIOS, so select it, through the ENASLT of the RAM jump table
        ; MSX-DOS set up. On the CY = 0 call the BIOS is there already.
        jr      nc,inbios
        ld      a,(EXPTBL)
        ld      h,0
        call    ENASLT
inbios: ld      a,(HIMEM+1)             ; our buffers must lie below the
        cp      high BUFEND             ; disk ROM's work area
        ret     c
        ld      de,0
        ld      b,1
        ld      hl,SECTOR0
        call    rdsec
        ret     c                       ; disk error: let the ROM go on
        jp      stage2+RELOC

; Reads B sectors from DE of drive A: to HL. CY = 1 on a disk error.
rdsec:  ld      a,(0C015h)              ; media byte of the BPB
        ld      c,a
        xor     a                       ; drive A:, CY = 0: read
        jp      PHYDIO

        ; A read failed or the FAT chain ended early once the program was
        ; being loaded (the disk ROM is gone from page 1): say so and stop.
fail:   ld      hl,errmsg
prmsg:  ld      a,(hl)
        or      a
        jr      z,$
        call    CHPUT
        inc     hl
        jr      prmsg

errmsg: db      "Boot error",0

; ---- Parameter block, patched by Disk::set_boot_program ------------------
; Keep these offsets in step with src/boot.rs and docs/disk.md.
        ds      0C0D0h-$, 0
PARAMS:
PNAME:  db      "           "           ; D0h: 8.3 name, space padded (11)
LOADAD: dw      4000h                   ; DBh: load address
EXECAD: dw      4000h                   ; DDh: start address
LIMIT:  dw      8000h                   ; DFh: largest file size (C000h - LOADAD)
FATSEC: dw      1                       ; E1h: first sector of the FAT
FATCNT: db      3                       ; E3h: sectors per FAT
DIRSEC: dw      7                       ; E4h: first sector of the root directory
DIRCNT: db      7                       ; E6h: sectors of the root directory
DATSEC: dw      14                      ; E7h: first sector of cluster 2
CLSIZE: db      2                       ; E9h: sectors per cluster
CLBYTE: dw      1024                    ; EAh: bytes per cluster
NCLUST: dw      713                     ; ECh: number of data clusters
CLUST:  dw      0                       ; EEh: scratch: current cluster
REMAIN: dw      0                       ; F0h: scratch: bytes still to load
        db      "MSXRSBT1"              ; F2h: marks this loader, version 1
        ds      0C100h-$, 0

; ---- Stage 2: sector bytes 100h-1FFh, running at C300h -------------------
stage2:
        ; Read the first FAT copy.
        ld      de,(FATSEC)
        ld      a,(FATCNT)
        ld      b,a
        ld      hl,FATBUF
        call    rdsec
        ret     c

        ; Search the root directory, one sector at a time.
dirsec: ld      de,(DIRSEC)
        ld      b,1
        ld      hl,SECBUF
        call    rdsec
        ret     c
        ld      hl,(DIRSEC)             ; the field is scratch from here on
        inc     hl
        ld      (DIRSEC),hl
        ld      hl,SECBUF
dirent: ld      a,(hl)
        or      a
        ret     z                       ; 00h: end of the directory, not found
        push    hl
        ld      de,PNAME
        ld      b,11
cmpnam: ld      a,(de)
        cp      (hl)
        inc     hl                      ; INC rr leaves the flags alone
        inc     de
        jr      nz,nomat
        djnz    cmpnam
        ld      a,(hl)                  ; attribute byte
        and     18h                     ; a directory or a volume label?
        jr      z,found
nomat:  pop     hl
        ld      de,32
        add     hl,de
        ld      a,h
        cp      high (SECBUF+512)
        jr      nz,dirent               ; next entry of this sector
        ld      hl,DIRCNT
        dec     (hl)
        jr      nz,dirsec               ; next sector
        ret                             ; directory exhausted, not found

        ; The matching entry's address is on the stack.
found:  pop     hl
        ld      de,1Ah
        add     hl,de
        ld      e,(hl)                  ; first cluster
        inc     hl
        ld      d,(hl)
        inc     hl
        ld      (CLUST),de
        ld      e,(hl)                  ; size, low 16 bits
        inc     hl
        ld      d,(hl)
        inc     hl
        ld      a,(hl)                  ; a file of 64 KB or more cannot fit
        inc     hl
        or      (hl)
        ret     nz
        ld      (REMAIN),de
        ld      hl,(LIMIT)              ; no byte may land on C000h or above
        sbc     hl,de                   ; (CY = 0 after OR)
        ret     c

        ; Committed: RAM in page 1 from here on. Errors can no longer return
        ; to the disk ROM, which lived there.
        ld      a,(RAMAD1)
        ld      h,40h
        call    ENASLT

        ; One cluster per turn: read it into SECBUF, copy what the file still
        ; needs to its place. PHYDIO never writes into page 1, where the disk
        ; ROM is switched in while it runs.
clust:  ld      hl,(REMAIN)
        ld      a,h
        or      l
        jr      z,start                 ; all bytes are in place
        ld      hl,(CLUST)
        dec     hl
        dec     hl
        ld      de,(NCLUST)             ; cluster - 2 must be below the count:
        or      a                       ; this also refuses 0, 1 and FF7h-FFFh
        sbc     hl,de
        jp      nc,fail
        add     hl,de
        ex      de,hl
        ld      hl,(DATSEC)
        ld      a,(CLSIZE)
        ld      b,a
mul:    add     hl,de                   ; sector = data + (cluster - 2) * size
        djnz    mul
        ex      de,hl
        ld      b,a
        ld      hl,SECBUF
        call    rdsec
        jp      c,fail
        ld      hl,(REMAIN)
        ld      bc,(CLBYTE)
        or      a
        sbc     hl,bc
        jr      nc,whole
        add     hl,bc                   ; last, partial cluster
        ld      b,h
        ld      c,l
        ld      hl,0
whole:  ld      (REMAIN),hl
        ld      de,(LOADAD)             ; the field is the write pointer now
        ld      hl,SECBUF
        ldir
        ld      (LOADAD),de
        ; Next cluster: entry n of the FAT is at byte n * 3 / 2.
        ld      hl,(CLUST)
        ld      e,l
        ld      d,h
        srl     d
        rr      e
        add     hl,de
        ld      de,FATBUF
        add     hl,de
        ld      a,(hl)
        inc     hl
        ld      h,(hl)
        ld      l,a
        ld      a,(CLUST)
        rra
        jr      nc,even
        ld      b,4                     ; odd entries are the high 12 bits
shift:  srl     h
        rr      l
        djnz    shift
even:   ld      a,h
        and     0Fh
        ld      h,a
        ld      (CLUST),hl
        jr      clust

start:  ld      sp,(HIMEM)
        ld      hl,(EXECAD)
        ei
        jp      (hl)

        ds      0C200h-$, 0
