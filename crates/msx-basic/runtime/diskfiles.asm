; ---------------------------------------------------------------------------
; diskfiles.asm - Disk BASIC's sequential files for compiled programs:
; OPEN ... FOR INPUT/OUTPUT/APPEND AS #n, PRINT #n, INPUT #n, LINE INPUT #n,
; EOF(n), CLOSE, MAXFILES, KILL, NAME ... AS ..., through the BDOS's FCB
; functions (the prelude's BDOS: F37Dh for .dsk/ROM programs, 0005h for
; MSX-DOS programs). Files are read and written as Disk BASIC's text files:
; CR LF after each PRINT, 1Ah written at CLOSE and taken as the end when
; reading. The BDOS sees a record size of 1 (FCB+0Eh) and random block
; reads/writes (27h/26h) of the buffer, so a file has its exact length.
;
; File block (170 bytes; file n is block n-1 of rt_bas_ftab):
;   +0 mode: 0 closed, 1 input, 2 output (APPEND is output once positioned)
;   +1 input: next byte in the buffer / output: bytes in the buffer
;   +2 input: bytes in the buffer
;   +3 input: 1 once the BDOS read less than a buffer (no more to come)
;   +4 the column PRINT # counts in (TTYPOS while PRINT # runs)
;   +5 the FCB (37 bytes: drive, name, extension, ..., random record)
;   +42 the buffer (128 bytes)
; MAXFILES is 1 at start, as on MSX; up to 4.
; Errors (Disk BASIC's codes): 52 Bad file number, 53 File not found,
; 54 File already open, 55 Input past end, 56 Bad file name, 59 File not
; OPEN, 61 Bad file mode, 64 File still open, 65 File already exists,
; 66 Disk full.
; ---------------------------------------------------------------------------

; (The linker takes routines, not equates: the block's size 170, the
; FCB's offset 5, the buffer's offset 42 and the 4 files are written as
; numbers below.)

;@var rt_bas_ftab 680
;@var rt_bas_fmax 1
;@var rt_bas_focur 2
;@var rt_bas_ficur 2
;@var rt_bas_ffcb 48

; Start of a program that uses files: END (and an error that stops the
; program) closes them, so what was written reaches the disk.
rt_bas_finit:
        ld hl,rt_bas_closeall
        ld (rt_bas_endhook),hl
        ret

; The BDOS: C = function, DE, HL as it takes them. Keeps IX, IY and the
; alternate registers (the BDOS and the slot calls behind it do not).
rt_bas_bdos:
        push ix
        push iy
        exx
        push bc
        push de
        push hl
        exx
        ex af,af'
        push af
        ex af,af'
        call BDOS
        ex af,af'
        pop af
        ex af,af'
        exx
        pop hl
        pop de
        pop bc
        exx
        pop iy
        pop ix
        ret

; HL = file number: HL = its block; 52 Bad file number outside 1-MAXFILES.
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
        ld de,rt_bas_ftab-170
        ld bc,170
.m:     ex de,hl
        add hl,bc
        ex de,hl
        dec a
        jr nz,.m
        ex de,hl
        ret
.bad:   ld e,52
        jp rt_bas_error

; HL = file number, A = the mode it must be open in: HL = its block.
; 59 File not OPEN, 61 Bad file mode.
rt_bas_fopened:
        push af
        call rt_bas_fblock
        pop bc
        ld a,(hl)
        or a
        ld e,59
        jp z,rt_bas_error
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

; OPEN: HL = name, DE = file number, A = 1 INPUT, 2 OUTPUT, 3 APPEND.
rt_bas_open:
        push af
        push hl
        ex de,hl
        call rt_bas_fblock
        ld a,(hl)
        or a
        ld e,54
        jp nz,rt_bas_error
        ld (rt_bas_ficur),hl
        ld de,5
        add hl,de
        ex de,hl                ; DE = FCB
        pop hl
        xor a
        push de
        call rt_bas_fname
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
        cp 2
        ld e,66
        jp z,rt_bas_error       ; FMAKE failed: the directory is full
        cp 3
        ld e,53
        jp nz,rt_bas_error      ; INPUT of a missing file
        ld a,2                  ; APPEND to a missing file makes it
        push af
        ld c,16h
        push de
        call rt_bas_bdos
        pop de
        inc a
        jr nz,.opened
        ld e,66
        jp rt_bas_error
.opened:
        ld hl,0Eh               ; record size 1
        add hl,de
        ld (hl),1
        inc hl
        ld (hl),0
        ld hl,21h               ; random record 0
        add hl,de
        xor a
        ld (hl),a
        inc hl
        ld (hl),a
        inc hl
        ld (hl),a
        inc hl
        ld (hl),a
        pop af
        cp 3
        call z,rt_bas_fappend
        ld hl,(rt_bas_ficur)
        cp 1
        jr z,.mode
        ld a,2
.mode:  ld (hl),a
        inc hl
        xor a
        ld (hl),a               ; position
        inc hl
        ld (hl),a               ; count
        inc hl
        ld (hl),a               ; no end seen
        inc hl
        ld (hl),a               ; column
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
        ld hl,rt_bas_ftab
        ld b,4
.f:     push bc
        push hl
        call rt_bas_fclose
        pop hl
        ld de,170
        add hl,de
        pop bc
        djnz .f
        ret

; HL = a block: an output file gets its 1Ah and the rest of its buffer
; written; then the BDOS closes it.
rt_bas_fclose:
        ld a,(hl)
        or a
        ret z
        ld (hl),0
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

; A = byte, HL = an output block: into its buffer, written when full.
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
        ld a,c
        inc a
        cp 128
        ret c
        ex de,hl                ; full: written
        jp rt_bas_fflush

; HL = an output block: the bytes in its buffer to the file. 66 Disk full.
rt_bas_fflush:
        inc hl
        ld a,(hl)
        or a
        ret z
        ld (hl),0
        dec hl
        push af
        push hl
        ld de,42
        add hl,de
        ex de,hl
        ld c,1Ah                ; SETDTA
        call rt_bas_bdos
        pop hl
        pop af
        ld de,5
        add hl,de
        ex de,hl
        ld l,a
        ld h,0
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
        ld a,(0F661h)
        ld (rt_bas_psave),a
        ld a,(0F3B0h)
        ld (rt_bas_psave+1),a
        ld a,(0F3B2h)
        ld (rt_bas_psave+2),a
        ld a,(hl)
        ld (0F661h),a
        ld a,255
        ld (0F3B0h),a
        ld (0F3B2h),a
        ld hl,rt_bas_fputc
        ld (rt_bas_pout),hl
        ret

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
        call rt_bas_fwrb
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
; the file (no more bytes, or 1Ah). Keeps HL, BC and DE.
rt_bas_fpeek:
        push bc
        push de
        call .peek
        pop de
        pop bc
        ret
.peek:  push hl
        inc hl
        ld a,(hl)               ; position
        inc hl
        cp (hl)                 ; count
        jr nc,.fill
        pop hl
        push hl
        ld de,42
        add hl,de
        ld e,a
        add hl,de
        ld a,(hl)
        pop hl
        cp 1Ah
        scf
        ret z
        or a
        ret
.fill:  inc hl
        ld a,(hl)               ; the BDOS had no more
        or a
        pop hl
        scf
        ret nz
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
        ld hl,128
        ld c,27h                ; RDBLK
        call rt_bas_bdos
        ld a,l                  ; bytes read
        pop hl
        push hl
        inc hl
        ld (hl),0
        inc hl
        ld (hl),a
        inc hl
        cp 128
        jr z,.more
        ld (hl),1               ; a short read: the end is in the buffer
.more:  pop hl
        jr .peek

; HL = an input block: A = its next byte, taken; carry (nothing taken) at
; the end. Keeps HL.
rt_bas_fgetc:
        call rt_bas_fpeek
        ret c
        inc hl
        inc (hl)
        dec hl
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

; MAXFILES=n: HL = n (0-15, else 5; more than 4 gives 7 Out of
; memory). Every file is closed first.
rt_bas_maxfiles:
        ld a,h
        or a
        jr nz,.fc
        ld a,l
        cp 16
        jr nc,.fc
        cp 5
        ld e,7
        jp nc,rt_bas_error
        push hl
        call rt_bas_closeall
        pop hl
        inc l
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
        call rt_bas_fbusy
        ld de,rt_bas_ffcb
        ld c,13h                ; FDEL
        call rt_bas_bdos
        inc a
        ret nz
        ld e,53
        jp rt_bas_error

; NAME old AS new: HL = old, DE = new. 65 File already exists, 53 File
; not found.
rt_bas_rename:
        push hl
        ex de,hl
        ld de,rt_bas_ffcb
        xor a
        call rt_bas_fname
        ld de,0F55Eh            ; SFIRST's entry goes to BUF
        ld c,1Ah
        call rt_bas_bdos
        ld de,rt_bas_ffcb
        ld c,11h                ; SFIRST: is the new name taken?
        call rt_bas_bdos
        inc a
        ld e,65
        jp nz,rt_bas_error
        ld hl,rt_bas_ffcb       ; the new name to FCB+16 (FREN's place)
        ld de,0F55Eh
        ld bc,12
        ldir
        pop hl
        ld de,rt_bas_ffcb
        xor a
        call rt_bas_fname
        call rt_bas_fbusy
        ld hl,0F55Eh+1
        ld de,rt_bas_ffcb+17
        ld bc,11
        ldir
        ld de,rt_bas_ffcb
        ld c,17h                ; FREN
        call rt_bas_bdos
        inc a
        ret nz
        ld e,53
        jp rt_bas_error

; 64 File still open when the name at rt_bas_ffcb+1 (11 bytes, wildcards
; compared as characters) is an open file's (drives are not compared).
rt_bas_fbusy:
        ld hl,rt_bas_ftab
        ld b,4
.f:     ld a,(hl)
        or a
        jr z,.next
        push hl
        push bc
        ld de,6                 ; the FCB's name
        add hl,de
        ld de,rt_bas_ffcb+1
        ld b,11
.c:     ld a,(de)
        cp (hl)
        jr nz,.diff
        inc hl
        inc de
        djnz .c
        ld e,64
        jp rt_bas_error
.diff:  pop bc
        pop hl
.next:  ld de,170
        add hl,de
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
