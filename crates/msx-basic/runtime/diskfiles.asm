; ---------------------------------------------------------------------------
; diskfiles.asm - Disk BASIC's files for compiled programs: sequential
; (OPEN ... FOR INPUT/OUTPUT/APPEND AS #n, PRINT #n, INPUT #n, LINE INPUT
; #n, EOF(n)), random (OPEN ... AS #n LEN=r, FIELD, LSET/RSET, GET, PUT,
; MKI$/MKS$/MKD$, CVI/CVS/CVD, LOC, LOF), CLOSE, MAXFILES, KILL, NAME ...
; AS ..., BSAVE and BLOAD, through the BDOS's FCB functions (the
; prelude's BDOS: F37Dh for .dsk/ROM programs, 0005h for MSX-DOS
; programs). As the disk ROM (MSX-DOS 1 Disk BASIC, kernel source
; reconstruction "dos1x.asm": OPEN A66FC, the channel's reads A682A and
; writes A68A7, GET/PUT A6BDA, FIELD A6C49, LSET/RSET A6CD7, MKI$ A6DAF,
; CVI A6DD7, LOC/LOF A7009, BSAVE A69E7, BLOAD A6AA7) does: the BDOS's
; random block reads and writes (27h/26h) of a 256-byte buffer with a
; record size of 1 for sequential files (so a file has its exact length;
; CR LF after each PRINT, 1Ah written at CLOSE and taken as the end when
; reading), of one record of the file's length for random files.
;
; File block (298 bytes; file n is block n-1 of the table at rt_bas_ftab,
; which the compiler allocates: rt_bas_fcnt blocks, the most MAXFILES the
; program can ask for):
;   +0 mode: 0 closed, 1 input, 2 output (APPEND is output once
;      positioned), 4 random
;   +1 input: index of the next byte in the buffer / output: bytes in it
;   +3 input: 1 while the buffer holds the block +1 indexes
;   +4 the column PRINT # counts in (TTYPOS while PRINT # runs)
;   +5 the FCB (37 bytes: drive, name, extension, ..., random record)
;   +42 the buffer (256 bytes; a random file's record, where FIELD points
;      its variables)
; MAXFILES is 1 at start, as on MSX; up to 15.
; Errors (Disk BASIC's codes): 50 FIELD overflow, 52 Bad file number, 53
; File not found, 54 File already open, 55 Input past end, 56 Bad file
; name, 59 File not OPEN, 61 Bad file mode, 64 File still open, 65 File
; already exists, 66 Disk full, 67 Too many files (a full directory).
; ---------------------------------------------------------------------------

; (The linker takes routines, not equates: the block's size 298, the
; FCB's offset 5 and the buffer's offset 42 are written as numbers below.)

;@var rt_bas_ftab 2
;@var rt_bas_fcnt 1
;@var rt_bas_fmax 1
;@var rt_bas_focur 2
;@var rt_bas_ficur 2
;@var rt_bas_ffcb 48
;@var rt_bas_frec 4
;@var rt_bas_fnum 16
;@var rt_bas_fbsv 8

; Start of a program that uses files: HL = the file blocks, A = how many
; (1-15). END (and an error that stops the program) closes the files, so
; what was written reaches the disk; strings in the blocks (FIELD's) are
; no literals (rt_bas_notlit).
rt_bas_finit:
        ld (rt_bas_ftab),hl
        ld (rt_bas_fldlo),hl
        ld (rt_bas_fcnt),a
        ld b,a
        ld de,298
.end:   add hl,de
        djnz .end
        ld (rt_bas_fldhi),hl
        ld hl,rt_bas_closeall
        ld (rt_bas_endhook),hl
        ret

; The BDOS: C = function, DE, HL as it takes them. Keeps IX, IY and the
; alternate registers (the BDOS and the slot calls behind it do not).
rt_bas_bdos:
        push ix
        ld ix,BDOS
        call rt_bas_xcall
        pop ix
        ret

; HL = file number: HL = its block; 52 Bad file number outside
; 1-MAXFILES. In a program that opens no file, every file is closed: HL
; then points at a 0 (rt_bas_fcnt).
rt_bas_fblock:
        ld a,h
        or a
        jr nz,.bad
        ld a,(rt_bas_fmax)      ; MAXFILES + 1, or 0 before any MAXFILES
        or a
        jr nz,.set
        ld a,2
.set:   dec a
        cp l
        jr c,.bad
        ld a,l
        or a
        jr z,.bad
        ld a,(rt_bas_fcnt)
        or a
        jr z,.none
        ld e,l
        ld hl,(rt_bas_ftab)
        ld bc,298
.m:     dec e
        ret z
        add hl,bc
        jr .m
.none:  ld hl,rt_bas_fcnt
        ret
.bad:   ld e,52
        jp rt_bas_error

; HL = file number: HL = its block, A = its mode (not 0). 52 Bad file
; number, 59 File not OPEN.
rt_bas_fisopen:
        call rt_bas_fblock
        ld a,(hl)
        or a
        ret nz
        ld e,59
        jp rt_bas_error

; HL = file number, A = the mode it must be open in: HL = its block.
; 59 File not OPEN, 61 Bad file mode.
rt_bas_fopened:
        push af
        call rt_bas_fisopen
        pop bc
        cp b
        ret z
        ld e,61
        jp rt_bas_error

; HL = a string descriptor (a temporary is released), DE = an FCB, A = 1
; when '?' and '*' are allowed (KILL): fills the drive, the name and the
; extension (upper case, blank padded) and zeroes the other 25 bytes.
; 56 Bad file name for an empty name, a device or a wildcard where none
; is allowed.
rt_bas_fname:
        ld (rt_bas_ffcb+47),a   ; wildcards allowed
        push hl
        push de
        ld b,37
        xor a
.z:     ld (de),a
        inc de
        djnz .z
        pop de
        ld b,(hl)               ; length
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        ld a,b
        cp 2
        jr c,.nodrv
        inc hl
        ld a,(hl)
        dec hl
        cp ':'
        jr nz,.nodrv
        ld a,(hl)
        call rt_bas_fupper
        sub 'A'-1
        jr c,.bad
        jr z,.bad
        cp 9
        jr nc,.bad
        ld (de),a               ; 1 = A:, 2 = B:, ...
        inc hl
        inc hl
        dec b
        dec b
.nodrv: inc de
        ld a,b
        or a
        jr z,.bad               ; no name
        ld a,(hl)
        cp '.'
        jr z,.bad
        ld c,8
        call rt_bas_fpart
        jr c,.bad
        ld a,b
        or a
        jr z,.noext
        ld a,(hl)
        cp '.'
        jr nz,.bad
        inc hl
        dec b
.noext: ld c,3
        call rt_bas_fpart
        jr c,.bad
        ld a,b
        or a
        jr nz,.bad              ; text left over
        pop hl
        jp rt_bas_sfree
.bad:   pop hl
        call rt_bas_sfree
        ld e,56
        jp rt_bas_error

; One part of a name: HL = text, B = characters left, DE = the field, C =
; its size. Copies up to '.' or the end (characters past the size are
; dropped, as MSX-DOS does; '*' fills the rest with '?'), pads with
; blanks; DE, HL, B after it. Carry for a character no name may hold.
rt_bas_fpart:
        ld a,c
        ld (rt_bas_ffcb+45),a   ; the field's size
        ld c,0                  ; characters stored
.ch:    ld a,b
        or a
        jr z,.pad
        ld a,(hl)
        cp '.'
        jr z,.pad
        cp '*'
        jr z,.star
        call rt_bas_fok
        ret c
        push af
        ld a,(rt_bas_ffcb+45)
        cp c
        jr z,.drop              ; past the field
        pop af
        call rt_bas_fupper
        ld (de),a
        inc de
        inc c
        jr .next
.drop:  pop af
.next:  inc hl
        dec b
        jr .ch
.star:  ld a,(rt_bas_ffcb+47)
        or a
        scf
        ret z
.rest:  inc hl                  ; what follows '*' in this part is ignored
        dec b
        jr z,.q
        ld a,(hl)
        cp '.'
        jr nz,.rest
.q:     ld a,'?'
        jr .fill
.pad:   ld a,' '
.fill:  push af
        ld a,(rt_bas_ffcb+45)
        sub c
        ld c,a
        pop af
        inc c
        jr .pe
.pl:    ld (de),a
        inc de
.pe:    dec c
        jr nz,.pl
        or a                    ; no carry
        ret

; A = a character: carry if no file name may hold it ('?' only with
; wildcards).
rt_bas_fok:
        cp '?'
        jr z,.q
        cp '!'
        ret c                   ; control characters and blank
        push hl
        push bc
        ld hl,.bad
        ld bc,.end-.bad
        cpir
        pop bc
        pop hl
        scf
        ret z
        or a
        ret
.q:     ld a,(rt_bas_ffcb+47)
        cp 1
        ld a,'?'
        ret                     ; carry when A was 0
.bad:   db 22h,2Ah,2Bh,2Ch,2Eh,2Fh,3Ah,3Bh,3Ch,3Dh,3Eh,5Bh,5Ch,5Dh,7Ch,7Fh
.end:

; A lower-case letter to upper case.
rt_bas_fupper:
        cp 'a'
        ret c
        cp 'z'+1
        ret nc
        sub 32
        ret

; OPEN: HL = name, DE = file number, A = 1 INPUT, 2 OUTPUT, 3 APPEND, 4
; random, BC = a random file's record length (1-256, else 5). A file
; open in another channel is 54; INPUT and APPEND of a missing file are
; 53 (disk ROM A66FC: only output, random and BSAVE make a file); 67 when
; the directory has no room for a new one. An input file's first block
; is read at once, as Disk BASIC does.
rt_bas_open:
        ld (rt_bas_frec),bc
        cp 4
        jr nz,.num
        dec bc
        inc b
        dec b
        jp nz,rt_bas_fcerr      ; LEN= outside 1-256
.num:   push af
        push hl
        ex de,hl
        call rt_bas_fblock
        ld a,(hl)
        or a
        ld e,54
        jp nz,rt_bas_error
        ld (rt_bas_ficur),hl
        ex (sp),hl              ; HL = the name, the block on the stack
        call rt_bas_fdev
        ex (sp),hl
        jr nc,.disk
        ld c,a                  ; a device: output only, no FCB
        pop de
        pop af
        cp 1
        jr z,.badnm             ; input: 56 Bad file name
        ld (hl),2
        ld b,4
        xor a
.dz:    inc hl
        ld (hl),a               ; position, count, loaded, column
        djnz .dz
        inc hl
        ld (hl),c               ; +5: the device
        ret
.badnm: ld e,56
        jp rt_bas_error
.disk:  ld de,5
        add hl,de
        ex de,hl                ; DE = FCB
        pop hl
        xor a
        push de
        call rt_bas_fname
        pop de
        push de
        inc de
        ld c,54
        call rt_bas_fbusy
        pop de
        pop af
        push af
        ld c,16h                ; FMAKE for OUTPUT
        cp 2
        jr z,.call
        ld c,0Fh                ; FOPEN
.call:  push de
        call rt_bas_bdos
        pop de
        inc a
        jr nz,.opened
        pop af
        push af
        cp 2
        jr z,.full
        cp 4
        jr nz,.none             ; INPUT or APPEND of a missing file
        ld c,16h                ; a random file is made
        push de
        call rt_bas_bdos
        pop de
        inc a
        jr nz,.opened
.full:  ld e,67
        jp rt_bas_error
.none:  ld e,53
        jp rt_bas_error
.opened:
        ld hl,0Eh               ; the record size
        add hl,de
        pop af
        push af
        ld bc,(rt_bas_frec)
        cp 4
        jr z,.rs
        ld bc,1
.rs:    ld (hl),c
        inc hl
        ld (hl),b
        ld hl,20h               ; current and random record 0
        add hl,de
        ld b,5
        xor a
.z:     ld (hl),a
        inc hl
        djnz .z
        pop af
        cp 3
        call z,rt_bas_fappend
        ld hl,(rt_bas_ficur)
        cp 3
        jr nz,.mode
        ld a,2
.mode:  ld (hl),a
        push hl
        inc hl
        ld b,4
        xor a
.c:     ld (hl),a               ; position, count, loaded, column
        inc hl
        djnz .c
        pop hl
        ld a,(hl)
        cp 1
        jp z,rt_bas_fpeek       ; input: its first block
        cp 4
        ret nz
        ld de,42                ; random: an empty record (zeros)
        add hl,de
        xor a
        ld b,a
.r:     ld (hl),a
        inc hl
        djnz .r
        ret

; HL = a file name's descriptor: carry and A = the device when it names
; one (three letters and ':' first, any case, as the disk ROM's device
; table: FCh GRP:, FDh CRT:, FEh LPT:), else no carry. Keeps HL; a
; device's block holds its code where a file's FCB has its drive (+5).
rt_bas_fdev:
        push hl
        ld a,(hl)
        cp 4
        jr c,.no
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)               ; DE = the text
        ld hl,3
        add hl,de
        ld a,(hl)
        cp ':'
        jr nz,.no
        ex de,hl
        ld a,(hl)
        call rt_bas_fupper
        ld b,a
        inc hl
        ld a,(hl)
        call rt_bas_fupper
        ld c,a
        inc hl
        ld a,(hl)
        call rt_bas_fupper
        ld d,a                  ; B, C, D = the three letters
        ld hl,rt_bas_fdevs
.dev:   ld a,(hl)
        or a
        jr z,.no
        inc hl
        cp b
        jr nz,.n3
        ld a,(hl)
        inc hl
        cp c
        jr nz,.n2
        ld a,(hl)
        inc hl
        cp d
        jr nz,.n1
        ld a,(hl)
        pop hl
        scf
        ret
.n3:    inc hl
.n2:    inc hl
.n1:    inc hl
        jr .dev
.no:    pop hl
        or a
        ret
rt_bas_fdevs:
        db "GRP",0FCh,"CRT",0FDh,"LPT",0FEh,0

; A = a character, HL = an output block: into the file's buffer (written
; when full), or to the block's device: GRP: draws it at the graphic
; cursor (GRPPRT) on a graphic screen and is "Illegal function call" on a
; text one (as the disk ROM's channel output), CRT: the screen (CHPUT),
; LPT: the printer (LPTOUT).
rt_bas_fchar:
        ld c,a
        push hl
        ld de,5
        add hl,de
        ld b,(hl)
        pop hl
        ld a,b
        cp 0FCh
        ld a,c
        jp c,rt_bas_fwrb
        inc b
        inc b
        jr z,.lpt               ; FEh
        inc b
        jr z,.crt               ; FDh
        ld a,(0FCAFh)           ; SCRMOD
        cp 2
        jp c,rt_bas_fcerr
        ld a,c
        bios 008Dh              ; GRPPRT
        ret
.crt:   bios 00A2h              ; CHPUT
        ret
.lpt:   bios 00A5h              ; LPTOUT
        ret

; APPEND: DE = FCB: writing starts at the end of the file, on its 1Ah if
; it ends with one. Keeps A.
rt_bas_fappend:
        push af
        ld hl,10h               ; the file size (4 bytes; 16 bits kept)
        add hl,de
        ld c,(hl)
        inc hl
        ld b,(hl)
        ld a,b
        or c
        jr z,.done
        dec bc
        ld hl,21h
        add hl,de
        ld (hl),c
        inc hl
        ld (hl),b
        push bc
        push de
        ld de,(rt_bas_ficur)
        ld hl,42
        add hl,de
        ex de,hl
        ld c,1Ah                ; SETDTA
        call rt_bas_bdos
        pop de
        push de
        ld hl,1
        ld c,27h                ; RDBLK one byte
        call rt_bas_bdos
        pop de
        pop bc
        ld hl,(rt_bas_ficur)
        ld a,42
        add a,l
        ld l,a
        jr nc,.nc
        inc h
.nc:    ld a,(hl)
        cp 1Ah
        jr z,.at                ; overwrite the 1Ah
        inc bc
.at:    ld hl,21h
        add hl,de
        ld (hl),c
        inc hl
        ld (hl),b
.done:  pop af
        ret

; CLOSE #n: HL = n. A file that is not open is left alone.
rt_bas_close:
        call rt_bas_fblock
        jr rt_bas_fclose

; CLOSE without numbers, END, MAXFILES: every file.
rt_bas_closeall:
        ld a,(rt_bas_fcnt)
        or a
        ret z
        ld b,a
        ld hl,(rt_bas_ftab)
.f:     push bc
        push hl
        call rt_bas_fclose
        pop hl
        ld de,298
        add hl,de
        pop bc
        djnz .f
        ret

; HL = a block: an output file gets its 1Ah and the rest of its buffer
; written; then the BDOS closes it (a random file's records are written
; by PUT).
rt_bas_fclose:
        ld a,(hl)
        or a
        ret z
        ld (hl),0
        push hl
        ld de,5
        add hl,de
        ld e,a
        ld a,(hl)
        cp 0FCh
        ld a,e
        pop hl
        ret nc                  ; a device: nothing to write or close
        cp 2
        jr nz,.close
        ld (hl),a               ; still open while it is written
        push hl
        ld a,1Ah
        call rt_bas_fwrb
        pop hl
        push hl
        call rt_bas_fflush
        pop hl
        ld (hl),0
.close: ld de,5
        add hl,de
        ex de,hl
        ld c,10h                ; FCLOSE
        jp rt_bas_bdos

; A = byte, HL = an output block: into its buffer, written when full
; (256 bytes, as the disk ROM's A68A7).
rt_bas_fwrb:
        push hl
        inc hl
        ld c,(hl)
        inc (hl)
        ld b,0
        ld hl,42
        add hl,bc
        pop de
        add hl,de
        ld (hl),a
        inc c
        ret nz
        ex de,hl                ; full: the whole buffer is written
        ld bc,256
        jp rt_bas_fwrite

; HL = an output block: the bytes in its buffer to the file.
rt_bas_fflush:
        inc hl
        ld c,(hl)
        dec hl
        ld b,0
        ld a,c
        or a
        ret z
        jp rt_bas_fwrite

; HL = an output block, BC = bytes of its buffer (1-256) to write; the
; buffer is empty after. 66 Disk full.
rt_bas_fwrite:
        push hl
        inc hl
        ld (hl),0
        dec hl
        push bc
        ld de,42
        add hl,de
        ex de,hl
        ld c,1Ah                ; SETDTA
        call rt_bas_bdos
        pop hl                  ; HL = bytes
        pop de
        push hl
        ld hl,5
        add hl,de
        ex de,hl
        pop hl
        jp rt_bas_wrblk

; DE = an FCB, HL = the records to write from the DTA (WRBLK). 66 Disk
; full.
rt_bas_wrblk:
        ld c,26h                ; WRBLK
        call rt_bas_bdos
        or a
        ret z
        ld e,66
        jp rt_bas_error

; PRINT #n: HL = n. The PRINT routines then write to the file: their
; output goes to rt_bas_fputc, TTYPOS is the file's column, no line
; length (LINLEN and CLMLST 255) while it runs.
rt_bas_fselout:
        ld a,2
        call rt_bas_fopened
        ld (rt_bas_focur),hl
        ld de,4
        add hl,de
        ld a,(hl)               ; the file's column
        ld bc,0FFFFh            ; LINLEN and CLMLST 255
        ld hl,rt_bas_fputc
        jp rt_bas_pdivert

; The end of PRINT #: the file keeps its column, the screen is back.
rt_bas_fselend:
        ld hl,(rt_bas_focur)
        ld de,4
        add hl,de
        ld a,(0F661h)
        ld (hl),a
        jp rt_bas_pscreen

; rt_bas_chput's output while PRINT # runs (reached by a RET with the
; caller's AF on the stack): the character to the file, TTYPOS counted
; (CR sets it to 0, control characters leave it). Keeps every register.
rt_bas_fputc:
        pop af
        push af
        push bc
        push de
        push hl
        ld hl,(rt_bas_focur)
        call rt_bas_fchar
        pop hl
        pop de
        pop bc
        pop af
        push af
        cp 13
        jr z,.cr
        cp ' '
        jr c,.ret
        ld a,(0F661h)
        inc a
        jr .set
.cr:    xor a
.set:   ld (0F661h),a
.ret:   pop af
        ret

; INPUT #n / LINE INPUT #n: HL = n, the file the fields come from.
rt_bas_fselin:
        ld a,1
        call rt_bas_fopened
        ld (rt_bas_ficur),hl
        ret

; HL = an input block: A = its next byte, not taken; carry at the end of
; the file (1Ah, or no more bytes). The buffer is filled by a read of 256
; bytes; after a short read a 1Ah follows the last byte (disk ROM A682A).
; Keeps HL, BC and DE.
rt_bas_fpeek:
        push bc
        push de
        call .peek
        pop de
        pop bc
        ret
.peek:  push hl
        inc hl
        inc hl
        inc hl
        ld a,(hl)               ; does the buffer hold the block?
        or a
        jr nz,.got
        ld (hl),1
        pop hl
        push hl
        ld de,42
        add hl,de
        ex de,hl
        ld c,1Ah                ; SETDTA
        call rt_bas_bdos
        pop hl
        push hl
        ld de,5
        add hl,de
        ex de,hl
        ld hl,256
        ld c,27h                ; RDBLK
        call rt_bas_bdos        ; HL = bytes read
        dec h
        jr z,.got               ; all 256
        ld c,l
        ld b,0
        pop hl
        push hl
        ld de,42
        add hl,de
        add hl,bc
        ld (hl),1Ah             ; the end
.got:   pop hl
        push hl
        inc hl
        ld c,(hl)               ; position
        ld b,0
        ld hl,42
        add hl,bc
        pop de
        add hl,de
        ld a,(hl)
        ex de,hl
        cp 1Ah
        scf
        ret z
        or a
        ret

; HL = an input block: A = its next byte, taken; carry (nothing taken) at
; the end. Keeps HL.
rt_bas_fgetc:
        call rt_bas_fpeek
        ret c
        inc hl
        inc (hl)
        jr nz,.in
        inc hl                  ; past the buffer: the next block is read
        inc hl                  ; when a byte is wanted
        ld (hl),0
        dec hl
        dec hl
.in:    dec hl
        ret

; The next byte of the INPUT # file: 55 Input past end at the end.
rt_bas_fget55:
        ld hl,(rt_bas_ficur)
        call rt_bas_fgetc
        ret nc
        ld e,55
        jp rt_bas_error

; EOF(n): HL = n: HL = -1 at the end of the file, else 0.
rt_bas_eof:
        ld a,1
        call rt_bas_fopened
        call rt_bas_fpeek
        ld hl,0
        ret nc
        dec hl
        ret

; After a line's CR: its LF, if there is one, is taken too.
rt_bas_feol:
        ld hl,(rt_bas_ficur)
        call rt_bas_fpeek
        ret c
        cp 10
        ret nz
        jp rt_bas_fgetc

; One INPUT # field into BUF (F55Eh), zero-terminated; A = 1 for a string
; field (a quoted field ends at '"', another at ',' or CR), 0 for a number
; (ends at blank, ',', CR or LF). Blanks, CR and LF before it are skipped;
; 55 Input past end when the file ends first. The separator after it is
; taken (CR with its LF). HL = BUF, C = length (up to 255 kept).
rt_bas_ffield:
        ld (rt_bas_ffcb+46),a
.lead:  ld hl,(rt_bas_ficur)
        call rt_bas_fpeek
        jr c,.past
        cp ' '
        jr z,.skip
        cp 13
        jr z,.skip
        cp 10
        jr nz,.start
.skip:  call rt_bas_fgetc
        jr .lead
.past:  ld e,55
        jp rt_bas_error
.start: ld de,0F55Eh
        ld c,0
        ld b,','                ; the end of an unquoted string
        cp '"'
        jr nz,.body
        ld a,(rt_bas_ffcb+46)
        or a
        jr z,.body
        call rt_bas_fgetc       ; the opening quote
        ld b,'"'
.body:  ld hl,(rt_bas_ficur)
        call rt_bas_fpeek
        jr c,.end
        cp b
        jr z,.sep
        cp 13
        jr z,.sep
        push af
        ld a,(rt_bas_ffcb+46)
        or a
        jr nz,.keep
        pop af
        cp ' '
        jr z,.sep
        cp 10
        jr z,.sep
        cp ','
        jr z,.sep
        push af
.keep:  pop af
        call rt_bas_fgetc
        inc c
        jr z,.full              ; 256th: not kept
        ld (de),a
        inc de
        jr .body
.full:  dec c
        jr .body
.sep:   ld a,b
        cp '"'
        jr nz,.tail
        call rt_bas_fgetc       ; the closing quote
.tail:  ld hl,(rt_bas_ficur)   ; blanks, then ',' or a line end
        call rt_bas_fpeek
        jr c,.end
        cp ' '
        jr nz,.nb
        call rt_bas_fgetc
        jr .tail
.nb:    cp ','
        jr z,.take
        cp 13
        jr nz,.end
        call rt_bas_fgetc
        push bc
        push de
        call rt_bas_feol
        pop de
        pop bc
        jr .end
.take:  call rt_bas_fgetc
.end:   xor a
        ld (de),a
        ld hl,0F55Eh
        ret

; INPUT # of a string: DE = the variable's descriptor.
rt_bas_finstr:
        push de
        ld a,1
        call rt_bas_ffield
        ld a,c
        call rt_bas_copytmp
        pop de
        jp rt_bas_sassign

; INPUT # of a number: HL = the variable's address, A = its type (2, 4,
; 8). The field's text is read as VAL reads it (no number gives 0).
rt_bas_finnum:
        push hl
        push af
        xor a
        call rt_bas_ffield
        call rt_bas_fin
        pop af
        pop hl
        jp rt_bas_instore

; LINE INPUT #n (after rt_bas_fselin): HL = a temporary with the line up
; to its CR (not kept; its LF is taken too) or the end of the file.
rt_bas_flinput:
        ld hl,(rt_bas_ficur)
        call rt_bas_fpeek
        jr nc,.go
        ld e,55
        jp rt_bas_error
.go:    ld de,0F55Eh
        ld c,0
.ch:    ld hl,(rt_bas_ficur)
        call rt_bas_fgetc
        jr c,.end
        cp 13
        jr z,.cr
        inc c
        jr z,.full
        ld (de),a
        inc de
        jr .ch
.full:  dec c
        jr .ch
.cr:    push bc
        push de
        call rt_bas_feol
        pop de
        pop bc
.end:   ld hl,0F55Eh
        ld a,c
        jp rt_bas_copytmp

; MAXFILES=n: HL = n (0-15, else 5; 7 Out of memory above the blocks
; the compiler made, which it sizes for the program's MAXFILES). Every
; file is closed first.
rt_bas_maxfiles:
        ld a,h
        or a
        jr nz,.fc
        ld a,l
        cp 16
        jr nc,.fc
        ld a,(rt_bas_fcnt)
        or a
        jr z,.set               ; a program that opens no file
        cp l
        ld e,7
        jp c,rt_bas_error
        push hl
        call rt_bas_closeall
        pop hl
.set:   inc l
        ld a,l
        ld (rt_bas_fmax),a
        ret
.fc:    ld e,5
        jp rt_bas_error

; KILL: HL = name ('?' and '*' allowed). 53 File not found.
rt_bas_kill:
        ld de,rt_bas_ffcb
        ld a,1
        call rt_bas_fname
        ld de,rt_bas_ffcb+1
        ld c,64
        call rt_bas_fbusy
        ld de,rt_bas_ffcb
        ld c,13h                ; FDEL
        call rt_bas_bdos
        inc a
        ret nz
        ld e,53
        jp rt_bas_error

; FILES [pattern]: HL = the pattern (0: "*.*"; '?' and '*' allowed). As
; the disk ROM's A6E88: a new line first unless at the start of one; each
; matching name as 8 characters, '.' (a blank when the extension is
; blank) and 3; after a name a blank when TTYPOS + 12 < LINLEN, else a new
; line (none at the start of a line); no new line at the end. 53 File not
; found when nothing matches.
rt_bas_files:
        ld a,h
        or l
        jr nz,.name
        ld hl,.all
.name:  ld de,rt_bas_ffcb
        ld a,1
        call rt_bas_fname
        ld de,0F55Eh            ; the entries go to BUF
        ld c,1Ah                ; SETDTA
        call rt_bas_bdos
        ld de,rt_bas_ffcb
        ld c,11h                ; SFIRST
        call rt_bas_bdos
        inc a
        jr nz,.found
        ld e,53
        jp rt_bas_error
.found: call rt_bas_freshline
.one:   ld hl,0F55Eh+1
        ld b,11
.c:     ld a,(hl)
        inc hl
        call rt_bas_chput
        ld a,b
        cp 4
        jr nz,.n
        ld a,(hl)               ; after the name: '.' unless no extension
        cp ' '
        jr z,.dot
        ld a,'.'
.dot:   call rt_bas_chput
.n:     djnz .c
        ld a,(0F661h)           ; TTYPOS
        or a
        jr z,.next
        add a,12
        ld b,a
        ld a,(0F3B0h)           ; LINLEN
        dec a
        cp b                    ; TTYPOS + 12 < LINLEN: a blank
        ld a,' '
        call nc,rt_bas_chput
        call c,rt_bas_prnl
.next:  ld de,rt_bas_ffcb
        ld c,12h                ; SNEXT
        call rt_bas_bdos
        inc a
        jr nz,.one
        ret
.all:   db 3
        dw .alltx
.alltx: db "*.*"

; DSKF(d): HL = d (0 the current drive, 1 A:, ...); HL = its free
; clusters (the BDOS's 1Bh), as the disk ROM's A7061 (an integer). 5
; Illegal function call past 255, 62 Bad drive name for a drive the
; system does not have.
rt_bas_dskf:
        ld a,h
        or a
        jr nz,.fc
        ld e,l
        ld c,1Bh                ; ALLOC
        call rt_bas_bdos
        inc a
        ret nz
        ld e,62
        jp rt_bas_error
.fc:    ld e,5
        jp rt_bas_error

; NAME old AS new: HL = old, DE = new, both may hold '?' and '*': every
; matching file is renamed, a '?' of the new name keeping the old
; character (the BDOS's FREN). As the disk ROM's A6F20: 64 File still
; open, 53 File not found, 71 Rename across disk when the new name gives
; another drive, 65 File already exists.
rt_bas_rename:
        push de
        ld de,rt_bas_ffcb
        ld a,1
        call rt_bas_fname
        ld de,rt_bas_ffcb+1
        ld c,64
        call rt_bas_fbusy
        ld de,0F55Eh            ; SFIRST's entry goes to BUF
        ld c,1Ah
        call rt_bas_bdos
        ld de,rt_bas_ffcb
        ld c,11h                ; SFIRST: is there such a file?
        call rt_bas_bdos
        inc a
        jr z,.none
        pop hl
        ld de,0F55Eh+64         ; the new name, an FCB after the entry
        ld a,1
        call rt_bas_fname
        ld a,(0F55Eh+64)        ; the new name's drive (0: the old one's)
        or a
        jr z,.same
        ld b,a
        ld a,(rt_bas_ffcb)      ; the old name's drive (0: the current one)
        or a
        jr nz,.drv
        push bc
        ld c,19h                ; CURDRV: A = 0 for A:
        call rt_bas_bdos
        pop bc
        inc a
.drv:   cp b
        jr nz,.across
.same:  ld hl,0F55Eh+65
        ld de,rt_bas_ffcb+17
        ld bc,11
        ldir
        ld de,rt_bas_ffcb
        ld c,17h                ; FREN
        call rt_bas_bdos
        inc a
        ret nz
        ld e,65                 ; the new name is taken
        jp rt_bas_error
.none:  pop hl
        call rt_bas_sfree
        ld e,53
        jp rt_bas_error
.across:
        ld e,71
        jp rt_bas_error

; Error C (64 File still open, 54 File already open) when the 11-byte
; name at DE is an open file's (drives are not compared; wildcards are
; compared as characters).
rt_bas_fbusy:
        ld a,(rt_bas_fcnt)
        or a
        ret z
        ld b,a
        ld hl,(rt_bas_ftab)
.f:     ld a,(hl)
        or a
        jr z,.next
        push hl
        push de
        push bc
        ld bc,6                 ; the FCB's name
        add hl,bc
        ld b,11
.c:     ld a,(de)
        cp (hl)
        jr nz,.diff
        inc hl
        inc de
        djnz .c
        pop bc
        ld e,c
        jp rt_bas_error
.diff:  pop bc
        pop de
        pop hl
.next:  push de
        ld de,298
        add hl,de
        pop de
        djnz .f
        ret

; INPUT$(n,#f): HL = n (1-255, else 5), DE = f: HL = a temporary with the
; file's next n bytes as they are (CR and LF included); 55 Input past end
; when the file ends first.
rt_bas_finputs:
        push de
        call rt_bas_byte
        pop hl
        or a
        jr z,.fc
        push af
        ld a,1
        call rt_bas_fopened
        pop bc                  ; B = n
        ld c,b
        ld de,0F55Eh
.ch:    call rt_bas_fgetc
        jr c,.past
        ld (de),a
        inc de
        djnz .ch
        ld hl,0F55Eh
        ld a,c
        jp rt_bas_copytmp
.past:  ld e,55
        jp rt_bas_error
.fc:    ld e,5
        jp rt_bas_error

; ---- random files

; FIELD #n: HL = n; the fields that follow (rt_bas_fieldv) start at the
; beginning of its buffer. 59 File not OPEN, 61 Bad file mode unless the
; file is random (disk ROM A6C49).
rt_bas_field:
        ld a,4
        call rt_bas_fopened
        ld (rt_bas_ficur),hl
        ld hl,0
        ld (rt_bas_frec),hl     ; the bytes fielded so far
        ret

; One "w AS v$" of FIELD: HL = w (0-255, else 5), DE = v$'s descriptor,
; which then points at the w bytes of the buffer after the fields before
; it. 50 FIELD overflow when they pass the record length.
rt_bas_fieldv:
        push de
        call rt_bas_byte
        ld c,a
        ld b,0
        ld hl,(rt_bas_frec)
        push hl                 ; this field's offset
        add hl,bc
        ld (rt_bas_frec),hl
        ex de,hl                ; DE = the total
        ld hl,(rt_bas_ficur)
        push bc
        ld bc,5+0Eh             ; the record length
        add hl,bc
        pop bc
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        or a
        sbc hl,de
        ld e,50
        jp c,rt_bas_error
        pop hl                  ; the offset
        ld de,42
        add hl,de
        ld de,(rt_bas_ficur)
        add hl,de
        ex de,hl
        pop hl                  ; the descriptor
        ld (hl),c
        inc hl
        ld (hl),e
        inc hl
        ld (hl),d
        ret

; GET #n / PUT #n: HL = n, A = 0 GET / 1 PUT, C = 1 when rt_bas_frec holds
; the record number (rt_bas_freci, rt_bas_frecn), 0 for the record after
; the last GET or PUT (the FCB's random record). The record is read into
; / written from the buffer; a record the file ends inside is read with
; zeros after the end. 61 Bad file mode unless the file is random, 5 for
; record 0, 55 Input past end (GET of a record past the end), 66 Disk
; full (disk ROM A6BDA).
rt_bas_getput:
        push bc
        push af
        ld a,4
        call rt_bas_fopened
        ld (rt_bas_ficur),hl
        pop af
        pop bc
        push af
        dec c
        jr nz,.dma
        ld hl,(rt_bas_frec)
        ld de,(rt_bas_frec+2)
        ld a,h
        or l
        or d
        or e
        ld e,5
        jp z,rt_bas_error
        ld de,(rt_bas_frec+2)
        ld a,h
        or l
        dec hl
        jr nz,.lo
        dec de                  ; record - 1, over 32 bits
.lo:    push de
        push hl
        ld hl,(rt_bas_ficur)
        ld de,5+21h
        add hl,de
        pop de
        ld (hl),e
        inc hl
        ld (hl),d
        inc hl
        pop de
        ld (hl),e
        inc hl
        ld (hl),d
.dma:   ld hl,(rt_bas_ficur)
        ld de,42
        add hl,de
        ex de,hl
        ld c,1Ah                ; SETDTA
        call rt_bas_bdos
        ld hl,(rt_bas_ficur)
        ld de,5
        add hl,de
        ex de,hl
        pop af
        push af
        ld c,27h                ; RDBLK
        or a
        jr z,.go
        ld c,26h                ; WRBLK
.go:    ld hl,1
        call rt_bas_bdos
        pop bc
        or a
        ret z
        ld a,b
        or a
        ld e,55
        jp z,rt_bas_error
        ld e,66
        jp rt_bas_error

; GET/PUT's record number from an integer: HL (as unsigned, as the disk
; ROM takes an integer: -1 is record 65535).
rt_bas_freci:
        ld (rt_bas_frec),hl
        ld hl,0
        ld (rt_bas_frec+2),hl
        ret

; GET/PUT's record number from BCD_DAC: the high word INT(x/65536), the
; low word x minus 65536 times it, each as an address (-32768..65535;
; disk ROM A6DFB).
rt_bas_frecn:
        ld hl,rt_bas_fnum
        call bcd_store_dac
        ld hl,rt_bas_k65536
        call bcd_load_arg
        call bcd_div
        call rt_bcd_int
        call rt_bas_uint
        ld (rt_bas_frec+2),hl
        call bcd_from_int
        ld hl,rt_bas_k65536
        call bcd_load_arg
        call bcd_mul
        ld hl,rt_bas_fnum+8
        call bcd_store_dac
        ld hl,rt_bas_fnum
        call bcd_load_dac
        ld hl,rt_bas_fnum+8
        call bcd_load_arg
        call bcd_sub
        call rt_bas_uint
        ld (rt_bas_frec),hl
        ret

; BCD_DAC as an address (BLOAD/BSAVE, the disk ROM's record words): HL =
; its integer part, -32768..65535 (32768-65535 as the same 16 bits);
; 6 Overflow outside.
rt_bas_uint:
        call rt_bcd_fix
        ld hl,rt_bas_k32768
        call bcd_load_arg
        call bcd_cmp
        cp 0FFh
        jp z,bcd_to_int         ; below 32768: as CINT
        ld hl,rt_bas_k65536
        call bcd_load_arg
        call bcd_sub
        call bcd_to_int
        bit 7,h
        ret nz
        ld e,6
        jp rt_bas_error

rt_bas_k65536:
        db 45h,65h,53h,60h,0,0,0,0
rt_bas_k32768:
        db 45h,32h,76h,80h,0,0,0,0

; HL as an unsigned number (0-65535) into BCD_DAC.
rt_bas_fu16:
        push hl
        call bcd_from_int
        pop hl
        bit 7,h
        ret z
        ld hl,rt_bas_k65536
        call bcd_load_arg
        jp bcd_add

; LOC(n): HL = n: BCD_DAC = the FCB's random record: a random file's
; last record read or written, for a sequential file the bytes that went
; to or came from the disk (disk ROM A700D). 59 when not open.
rt_bas_loc:
        ld a,21h
        jp rt_bas_flong

; LOF(n): HL = n: BCD_DAC = the file's size in bytes (the FCB's).
rt_bas_lof:
        ld a,10h
        jp rt_bas_flong

; HL = n, A = an offset in its FCB: BCD_DAC = the 32-bit number there.
rt_bas_flong:
        push af
        call rt_bas_fisopen
        pop bc
        ld de,5
        add hl,de
        ld e,b
        add hl,de
        ld e,(hl)
        inc hl
        ld d,(hl)
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        push de
        call rt_bas_fu16        ; the high word
        ld hl,rt_bas_k65536
        call bcd_load_arg
        call bcd_mul
        ld hl,rt_bas_fnum
        call bcd_store_dac
        pop hl
        call rt_bas_fu16        ; plus the low word
        ld hl,rt_bas_fnum
        call bcd_load_arg
        jp bcd_add

; MKI$(n): HL = n: a temporary with its 2 bytes, low first.
rt_bas_mki:
        ld (rt_bas_fnum),hl
        ld a,2
        jp rt_bas_mkstr

; MKS$(x): BCD_DAC = x: a temporary with its 4 bytes as a single (rounded
; to 6 digits: the exponent byte, then 3 bytes of BCD digits).
rt_bas_mks:
        call bcd_round_single
        ld hl,rt_bas_fnum
        call bcd_store_dac
        ld a,4
        jp rt_bas_mkstr

; MKD$(x): BCD_DAC = x: a temporary with its 8 bytes.
rt_bas_mkd:
        ld hl,rt_bas_fnum
        call bcd_store_dac
        ld a,8
        jp rt_bas_mkstr

; A = the length: a temporary with the bytes at rt_bas_fnum.
rt_bas_mkstr:
        ld hl,rt_bas_fnum
        jp rt_bas_copytmp

; CVI(s$): HL = s$ (released): HL = its first 2 bytes as an integer.
; 5 when it is shorter (disk ROM A6DD7).
rt_bas_cvi:
        ld a,2
        call rt_bas_cvbytes
        ld hl,(rt_bas_fnum)
        ret

; CVS(s$): BCD_DAC = its first 4 bytes as a single. 5 when shorter.
rt_bas_cvs:
        ld a,4
        call rt_bas_cvbytes
        ld hl,rt_bas_fnum
        jp bcd_load_single_dac

; CVD(s$): BCD_DAC = its first 8 bytes as a double. 5 when shorter.
rt_bas_cvd:
        ld a,8
        call rt_bas_cvbytes
        ld hl,rt_bas_fnum
        jp bcd_load_dac

; HL = a string (released), A = n: its first n bytes to rt_bas_fnum; 5
; when it is shorter.
rt_bas_cvbytes:
        cp (hl)
        jr z,.ok
        jr nc,.short
.ok:    push hl
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        ex de,hl
        ld de,rt_bas_fnum
        ld c,a
        ld b,0
        ldir
        pop hl
        jp rt_bas_sfree
.short: call rt_bas_sfree
        ld e,5
        jp rt_bas_error

; LSET / RSET v$ = s$: HL = v$'s descriptor, DE = s$ (released), A = 0
; LSET / 1 RSET. v$ keeps its length and place (a FIELD variable stays in
; its buffer; a literal's characters are copied first): s$'s first
; characters, blanks after them (LSET) or before (RSET) (disk ROM A6CD7).
rt_bas_lset:
        ld (rt_bas_fnum),a
        ld a,(hl)
        or a
        jr z,.done
        push de
        push hl
        call rt_bas_sown
        pop hl
        pop de
        push de
        ld c,(hl)               ; C = the length of v$
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        ex de,hl                ; DE = v$'s characters
        ld b,(hl)               ; B = the length of s$
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a                  ; HL = s$'s characters
        ld a,c
        cp b
        jr nc,.n
        ld b,a
.n:     sub b
        ld c,a                  ; C = blanks
        ld a,(rt_bas_fnum)
        or a
        call nz,.pad
        inc b
        jr .cp
.cl:    ld a,(hl)
        ld (de),a
        inc hl
        inc de
.cp:    djnz .cl
        call .pad               ; (RSET's are done: C = 0)
        pop hl
        jp rt_bas_sfree
.done:  ex de,hl
        jp rt_bas_sfree
.pad:   inc c
        jr .pe
.pl:    ld a,' '
        ld (de),a
        inc de
.pe:    dec c
        jr nz,.pl
        ret

; ---- BSAVE / BLOAD (disk ROM A69E7, A6AA7)

; BSAVE: HL = name, rt_bas_fbsv = start, end, exec (words), A = 0 from RAM
; / 1 from VRAM (,S). The file: FEh, start, end, exec (low bytes first),
; then the bytes start..end. 5 when end < start, or from RAM below 8000h
; (the ROM's check); 54 when the file is open in a channel.
rt_bas_bsave:
        ld (rt_bas_fbsv+6),a
        push hl
        ld hl,(rt_bas_fbsv+2)
        ld de,(rt_bas_fbsv)
        or a
        sbc hl,de
        jp c,.fc
        ld a,(rt_bas_fbsv+6)
        or a
        jr nz,.name
        bit 7,d
        jp z,.fc
.name:  pop hl
        call rt_bas_bfcb
        ld de,rt_bas_ffcb
        ld c,16h                ; FMAKE
        call rt_bas_bdos
        inc a
        ld e,67
        jp z,rt_bas_error
        call rt_bas_brec1
        ld hl,0F55Eh            ; the header, in BUF
        ld (hl),0FEh
        inc hl
        ex de,hl
        ld hl,rt_bas_fbsv
        ld bc,6
        ldir
        ld de,0F55Eh
        ld hl,7
        call rt_bas_bwrite
        ld hl,(rt_bas_fbsv+2)
        ld de,(rt_bas_fbsv)
        or a
        sbc hl,de
        inc hl                  ; HL = bytes (RAM: 1-32768)
        ld a,(rt_bas_fbsv+6)
        or a
        jr nz,.vram
        call rt_bas_bwrite      ; from RAM at DE
        jp rt_bas_bclose
.vram:  dec hl
        ld (rt_bas_fbsv+4),hl   ; bytes left - 1 (exec is written already)
        xor a
        ld (rt_bas_fbsv+7),a
.chunk: ld hl,rt_bas_fbsv+4
        call rt_bas_bpiece
        jp c,rt_bas_bclose
        push bc
        ld hl,(rt_bas_fbsv)     ; VRAM address
        ld de,0F55Eh
        bios 0059h              ; LDIRMV
        pop hl
        push hl
        ld de,(rt_bas_fbsv)
        add hl,de
        ld (rt_bas_fbsv),hl
        pop hl
        ld de,0F55Eh
        call rt_bas_bwrite
        jr .chunk
.fc:    pop hl
        call rt_bas_sfree
        ld e,5
        jp rt_bas_error

; BSAVE / BLOAD's file: HL = name (released) into rt_bas_ffcb; 56 for a
; bad name, 54 when it is open in a channel.
rt_bas_bfcb:
        ld de,rt_bas_ffcb
        xor a
        call rt_bas_fname
        ld de,rt_bas_ffcb+1
        ld c,54
        jp rt_bas_fbusy

; rt_bas_ffcb just opened: record size 1, from its start.
rt_bas_brec1:
        ld hl,1
        ld (rt_bas_ffcb+0Eh),hl
        ld hl,0
        ld (rt_bas_ffcb+21h),hl
        ld (rt_bas_ffcb+23h),hl
        ret

; DE = address, HL = bytes (1-32768): written to rt_bas_ffcb. 66 Disk
; full.
rt_bas_bwrite:
        push hl
        ld c,1Ah                ; SETDTA
        call rt_bas_bdos
        pop hl
        ld de,rt_bas_ffcb
        jp rt_bas_wrblk

; Closes rt_bas_ffcb.
rt_bas_bclose:
        ld de,rt_bas_ffcb
        ld c,10h                ; FCLOSE
        jp rt_bas_bdos

; BLOAD: HL = name, DE = offset, A = 0, 'R' (run: the code at exec is
; called after loading) or 'S' (into VRAM). The offset is added to the
; header's start, end and exec. 53 File not found, 61 Bad file mode
; when the file does not start with FEh. A file shorter than its header
; says loads what it has.
rt_bas_bload:
        ld (rt_bas_fbsv+6),a
        ld (rt_bas_fnum),de
        call rt_bas_bfcb
        ld de,rt_bas_ffcb
        ld c,0Fh                ; FOPEN
        call rt_bas_bdos
        inc a
        ld e,53
        jp z,rt_bas_error
        call rt_bas_brec1
        ld de,0F55Eh
        xor a
        ld (de),a
        ld hl,7
        call rt_bas_bread
        ld a,(0F55Eh)
        cp 0FEh
        jr z,.hdr
        call rt_bas_bclose
        ld e,61
        jp rt_bas_error
.hdr:   ld hl,0F55Eh+1          ; start, end, exec + offset
        ld de,rt_bas_fbsv
        ld b,3
.w:     push bc
        ld c,(hl)
        inc hl
        ld b,(hl)
        inc hl
        push hl
        ld hl,(rt_bas_fnum)
        add hl,bc
        ex de,hl
        ld (hl),e
        inc hl
        ld (hl),d
        inc hl
        ex de,hl
        pop hl
        pop bc
        djnz .w
        ld hl,(rt_bas_fbsv+2)
        ld de,(rt_bas_fbsv)
        or a
        sbc hl,de
        inc hl                  ; bytes (0: 65536)
        ld a,(rt_bas_fbsv+6)
        cp 'S'
        jr z,.vram
        ld a,h
        or l
        jr nz,.ram
        ld hl,8000h             ; 65536 bytes as two halves
        call rt_bas_bread
        ld hl,(rt_bas_fbsv)
        ld de,8000h
        add hl,de
        ex de,hl
        ld hl,8000h
        jr .rd
.ram:   ld de,(rt_bas_fbsv)
.rd:    call rt_bas_bread
        call rt_bas_bclose
        ld a,(rt_bas_fbsv+6)
        cp 'R'
        ret nz
        ld hl,(rt_bas_fbsv+4)   ; ,R: the code at exec, as a subroutine
        jp rt_bas_bcall
.vram:  dec hl
        ld (rt_bas_fbsv+2),hl   ; bytes left - 1
        xor a
        ld (rt_bas_fbsv+7),a
.chunk: ld hl,rt_bas_fbsv+2
        call rt_bas_bpiece
        jp c,rt_bas_bclose
        ld h,b
        ld l,c
        ld de,0F55Eh
        call rt_bas_bread       ; HL = bytes read
        ld a,h
        or l
        jp z,rt_bas_bclose      ; the file ended
        push hl
        ld b,h
        ld c,l
        ld hl,0F55Eh
        ld de,(rt_bas_fbsv)
        bios 005Ch              ; LDIRVM
        pop bc
        ld hl,(rt_bas_fbsv)
        add hl,bc
        ld (rt_bas_fbsv),hl
        jr .chunk

; A VRAM BSAVE or BLOAD goes in pieces through BUF: (HL) = the bytes left
; minus 1 (so 65535 is all 64 KB). BC = the next piece (1-256), the word
; at HL counted down; carry when the last piece has gone (rt_bas_fbsv+7).
rt_bas_bpiece:
        ld a,(rt_bas_fbsv+7)
        or a
        scf
        ret nz
        ld e,(hl)
        inc hl
        ld d,(hl)
        ld bc,256
        ld a,d
        or a
        jr z,.last
        dec d
        ld (hl),d
        or a                    ; no carry
        ret
.last:  ld b,0
        ld c,e
        inc bc                  ; 1-256
        ld a,1
        ld (rt_bas_fbsv+7),a
        or a
        ret

; DE = address, HL = bytes (1-32768): read from rt_bas_ffcb; HL = bytes
; read.
rt_bas_bread:
        push hl
        ld c,1Ah                ; SETDTA
        call rt_bas_bdos
        pop hl
        ld de,rt_bas_ffcb
        ld c,27h                ; RDBLK
        jp rt_bas_bdos

; BLOAD's ,R: calls HL; the machine code may change every register.
rt_bas_bcall:
        push ix
        push hl
        pop ix
        call rt_bas_xcall
        pop ix
        ret
