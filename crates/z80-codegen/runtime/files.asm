; Files through the MSX-DOS 1 FCB functions of the BDOS (0005h under MSX-DOS, 0F37Dh
; from a boot disk), Turbo Pascal 3.3f style: typed and untyped files have no header,
; records are read and written with the random block functions (26h, 27h) with the
; record size in the FCB, so the file size is exactly records x record size. A typed
; file written by TP 3.0, whose 4-byte header Reset recognises, is read and written in
; that form (see rt_ftreset).
;
; A file variable (48 bytes): byte 0 = 1 while open; the FCB (37 bytes) at offset 11;
; for a typed file in TP 3.0's form, byte 1 = 1, bytes 2-5 its header (the record count
; and the record length), bytes 6-7 the current record, byte 8 = 1 when the count
; changed (Close writes the header back).

;@var rt_ioerr 1

; IOResult: HL = the last I/O error (0 = none), which is then cleared.
rt_ioresult:
        ld a,(rt_ioerr)
        ld l,a
        ld h,0
        xor a
        ld (rt_ioerr),a
        ret

; Under {$I+}: an I/O error ends the program with "I/O error nn".
rt_iocheck:
        ld a,(rt_ioerr)
        or a
        ret z
        push af
        ld hl,.msg
        ld de,0
        call rt_wstr
        pop af
        ld l,a
        ld h,0
        ld de,0
        call rt_wint
        call rt_wln
        jp rt_halt
.msg:   db 10,"I/O error "

; Parses the file name string at DE into an FCB name at HL (drive, 8 + 3, upper case).
rt_fcbname:
        push hl
        ld (hl),0               ; default drive
        inc hl
        ld b,11
.blank: ld (hl),' '
        inc hl
        djnz .blank
        pop hl
        ld a,(de)
        ld b,a                  ; characters left
        inc de
        ; "X:" selects a drive
        ld a,b
        cp 2
        jr c,.name
        inc de
        ld a,(de)
        dec de
        cp ':'
        jr nz,.name
        ld a,(de)
        call rt_upcase
        sub 'A'-1
        ld (hl),a
        inc de
        inc de
        dec b
        dec b
.name:  inc hl                  ; HL = the name field
        ld c,8
.nchar: ld a,b
        or a
        ret z
        ld a,(de)
        inc de
        dec b
        cp '.'
        jr z,.ext
        ld a,c
        or a
        jr z,.nchar             ; more than 8: ignored
        dec de
        ld a,(de)
        inc de
        call rt_upcase
        ld (hl),a
        inc hl
        dec c
        jr .nchar
.ext:   ; skip the rest of the name field
        ld a,c
        add a,l
        ld l,a
        ld a,h
        adc a,0
        ld h,a
        ld c,3
.echar: ld a,b
        or a
        ret z
        ld a,c
        or a
        ret z
        ld a,(de)
        inc de
        dec b
        call rt_upcase
        ld (hl),a
        inc hl
        dec c
        jr .echar

; Assign(f, name): HL = the file variable, DE = the name string.
rt_fassign:
        push de
        push hl
        ld bc,48
        xor a
        call rt_fill
        pop hl
        pop de
        ld bc,11
        add hl,bc
        jp rt_fcbname

; Sets the FCB after open/create: record size BC, current block and record and the
; random record 0. HL = the file variable.
rt_fsetup:
        ld (hl),1               ; open
        push hl
        inc hl
        ld (hl),0               ; TP 3.3f's form
        ld de,7
        add hl,de
        ld (hl),0               ; the count unchanged
        pop hl
        push hl
        ld de,11+12
        add hl,de
        xor a
        ld (hl),a               ; current block
        inc hl
        ld (hl),a
        inc hl
        ld (hl),c               ; record size
        inc hl
        ld (hl),b
        ld de,32-15
        add hl,de               ; FCB+32: current record
        ld (hl),a
        inc hl
        ld (hl),a               ; random record
        inc hl
        ld (hl),a
        inc hl
        ld (hl),a
        inc hl
        ld (hl),a
        pop hl
        ret

; Reset(f): HL = the file variable, BC = the record size. Error 1: file not found.
rt_freset:
        push hl
        push bc
        ld de,11
        add hl,de
        ex de,hl
        ld c,0Fh
        call BDOS
        pop bc
        pop hl
        or a
        jr z,rt_fsetup
        ld a,1
        ld (rt_ioerr),a
        ret

; Rewrite(f): creates or empties the file. Error 0F1h: directory full.
rt_frewrite:
        push hl
        push bc
        ld de,11
        add hl,de
        ex de,hl
        ld c,16h
        call BDOS
        pop bc
        pop hl
        or a
        jr z,rt_fsetup
        ld a,0F1h
        ld (rt_ioerr),a
        ret

; Close(f) (a file that is not open is left alone). A TP 3.0 typed file whose record
; count changed gets its header written back first.
rt_fclose:
        ld a,(hl)
        or a
        ret z
        push hl
        ld de,8
        add hl,de
        ld a,(hl)
        ld (hl),0
        pop hl
        or a
        call nz,rt_fthdrw
        ld (hl),0
        ld de,11
        add hl,de
        ex de,hl
        ld c,10h
        jp BDOS

; Erase(f). Error 1: file not found.
rt_ferase:
        ld de,11
        add hl,de
        ex de,hl
        ld c,13h
        call BDOS
        or a
        ret z
        ld a,1
        ld (rt_ioerr),a
        ret

; Chain(f): loads and starts a .chn file as Execute does a .COM. What makes it a chain
; is the layout: the linker puts the variables of a program naming rt_fchain, and of a
; .chn, at the same address (CHAIN_VARS), and a .chn's start-up keeps its globals.
rt_fchain:
        jp rt_fexec

; Execute(f): HL = the file variable (any kind: the FCB is at 11 in all). TP3 loads the
; .COM file at 0100h and starts it in place of the running program, which does not come
; back. Error 1 (file not found) leaves the program running. Under MSX-DOS only:
; elsewhere the program stops with "Execute and Chain need MSX-DOS" (the compiler
; refuses both on a boot disk or a cartridge; this guards code lowered without a target).
;
; The loading must not overwrite what does it: the opened FCB is copied to 005Ch (the
; default FCB, its last byte at 0080h) and a loader of 46 bytes to 0082h, both below the
; program the new one replaces, and the stack stays where it is, near the top of the
; TPA (an interrupt may come at any time and needs room there). One random block read
; (27h) of 128-byte records fills 0100h up to 256 bytes below the stack; then the
; loader sets the DTA back to 0080h, leaves an empty command line there, and starts
; the program at 0100h as MSX-DOS does: SP at the top of the TPA (the word at 0006h)
; with 0000h (a warm boot) to return to.
rt_fexec:
        ld a,high(BDOS)
        or a
        jr nz,.nodos
        ld de,11
        add hl,de
        push hl
        ex de,hl
        ld c,0Fh
        call BDOS
        pop hl
        or a
        jr z,.open
        ld a,1
        ld (rt_ioerr),a
        ret
.open:  ld de,05Ch
        ld bc,37
        ldir
        ld hl,128
        ld (05Ch+14),hl         ; record size
        ld l,h
        ld (05Ch+33),hl         ; random record 0
        ld (05Ch+35),hl
        ld hl,.loader
        ld de,082h
        ld bc,.end-.loader
        ldir
        ld hl,-0200h            ; records: (SP - 256 - 0100h) / 128
        add hl,sp
        add hl,hl
        ld l,h
        ld h,0
        rl h
        ld (082h+1),hl
        jp 082h
.nodos: ld hl,.msg
        ld de,0
        call rt_wstr
        call rt_wln
        jp rt_halt
.msg:   db 30,"Execute and Chain need MSX-DOS"
; Runs at 0082h: absolute addresses only of fixed places, no jumps inside.
.loader:
        ld hl,0                 ; the record count, set above
        push hl
        ld de,0100h
        ld c,1Ah
        call BDOS
        pop hl
        ld de,05Ch
        ld c,27h
        call BDOS               ; A = 1 at the end of the file: the usual case
        ld de,080h
        ld c,1Ah
        call BDOS
        ld hl,0
        ld (080h),hl            ; an empty command line
        ld hl,(6)
        ld sp,hl
        ld hl,0
        push hl
        jp 0100h
.end:

; Rename(f, name): HL = the file variable, DE = the new name.
rt_frename:
        push hl
        push de
        ld de,11+16
        add hl,de
        pop de
        call rt_fcbname
        pop hl
        ld de,11
        add hl,de
        ex de,hl
        ld c,17h
        call BDOS
        or a
        ret z
        ld a,1
        ld (rt_ioerr),a
        ret

; One record: HL = the file variable, DE = the buffer, C = 26h (write) or 27h (read).
rt_frecord:
        ld a,(hl)
        or a
        jr z,.closed
        inc hl
        ld a,(hl)
        dec hl
        dec a
        jp z,rt_ftrecord
        push hl
        push bc
        ld c,1Ah                ; the buffer becomes the DTA
        call BDOS
        pop bc
        pop de
        ld hl,11
        add hl,de
        ex de,hl                ; DE = FCB
        ld hl,1
        call BDOS
        or a
        ret z
        ld a,99                 ; read past the end (or disk full on a write: 0F0h)
        ld (rt_ioerr),a
        ret
.closed:
        ld a,4
        ld (rt_ioerr),a
        ret

; Read(f, v): HL = the file variable, DE = the variable.
rt_fread:
        ld c,27h
        jr rt_frecord

; Write(f, v)
rt_fwrite:
        ld c,26h
        jr rt_frecord

; HL = the FCB field at offset A of the file variable at HL.
rt_ffield:
        add a,11
        ld e,a
        ld d,0
        add hl,de
        ret

; FilePos(f): the random record (the current record of a TP 3.0 file).
rt_filepos:
        ld a,6
        call rt_ftfield
        ret z
        ld a,33
        call rt_ffield
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        ret

; FileSize(f): file size / record size (files under 64 KB); a TP 3.0 file's count.
rt_filesize:
        ld a,2
        call rt_ftfield
        ret z
        push hl
        ld a,14
        call rt_ffield
        ld e,(hl)
        inc hl
        ld d,(hl)               ; DE = record size
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a                  ; HL = size
        pop bc
        ld a,d
        or e
        ret z
        jp rt_udiv16

; Eof(f): A = 1 when the random record is at or past the last record.
rt_eof:
        push hl
        call rt_filesize
        pop de
        push hl                 ; records
        ex de,hl
        call rt_filepos         ; HL = position
        pop de
        or a
        sbc hl,de
        ld a,1
        ret nc
        xor a
        ret

; Seek(f, n): HL = the file variable, DE = the record number.
rt_fseek:
        inc hl
        ld a,(hl)
        dec hl
        dec a
        jr nz,.plain
        ld bc,6                 ; a TP 3.0 file: its current record
        add hl,bc
        ld (hl),e
        inc hl
        ld (hl),d
        ret
.plain: ld a,33
        push de
        call rt_ffield
        pop de
        ld (hl),e
        inc hl
        ld (hl),d
        inc hl
        ld (hl),0
        inc hl
        ld (hl),0
        ret

; ---- Typed files written by TP 3.0 (CP/M and MSX-DOS; TP 3.3f dropped the header): the
; file starts with the record count and the record length (words), then the records.
; Such a file is read and written in place with the FCB's record size 1 and its random
; record the byte offset 4 + n x size (files under 64 KB, as FileSize).

; Reset(f) of a typed file: HL = the file variable, BC = the record size. A file whose
; first 4 bytes are a TP 3.0 header (this record length, and a count whose records end
; within the file's last 128-byte record, as TP 3.0 writes whole records) is taken in
; that form; any other is TP 3.3f's, records from the start.
rt_ftreset:
        push hl
        push bc
        call rt_freset
        pop bc
        pop hl
        ld a,(rt_ioerr)
        or a
        ret nz
        push hl
        push bc
        call rt_fthdr
        pop bc
        pop hl
        or a
        jp z,rt_fsetup          ; TP 3.3f's form: records of the element's size from 0
        push hl
        inc hl
        ld (hl),1               ; TP 3.0's form
        ld de,5
        add hl,de
        xor a
        ld (hl),a               ; current record 0
        inc hl
        ld (hl),a
        inc hl
        ld (hl),a               ; the count unchanged
        pop hl
        ret

; Reads the first 4 bytes of the file at HL into its bytes 2-5; A = 1 when they are a
; TP 3.0 header for records of BC bytes, else 0.
rt_fthdr:
        push ix
        push hl
        pop ix                  ; IX = the file variable
        push bc
        ld a,27h
        call rt_fthdrx
        pop bc
        or a
        jr nz,.no               ; shorter than 4 bytes
        ld a,(ix+4)
        cp c
        jr nz,.no
        ld a,(ix+5)
        cp b
        jr nz,.no               ; another record length
        ld l,(ix+2)
        ld h,(ix+3)
        ld d,b
        ld e,c
        call rt_mul16           ; count x size
        ld de,4
        add hl,de
        ex de,hl                ; DE = where the records end
        ld l,(ix+27)
        ld h,(ix+28)            ; the file's size (FCB+16)
        or a
        sbc hl,de
        jr c,.no                ; shorter than the header says
        ld de,128
        sbc hl,de
        jr nc,.no               ; a whole record or more past them: not TP 3.0's
        ld a,1
        pop ix
        ret
.no:    xor a
        pop ix
        ret

; Writes the header (bytes 2-5) of the TP 3.0 file at HL back to its start. Keeps HL.
rt_fthdrw:
        ld a,26h
; The header of the TP 3.0 file at HL between its first 4 bytes and the file
; variable's bytes 2-5: A = 27h reads it, 26h writes it; A = rt_fxfer's
; result. Keeps HL.
rt_fthdrx:
        push hl
        push af
        ld de,0
        call rt_fat
        ld d,h
        ld e,l
        inc de
        inc de
        ld bc,4
        pop af
        call rt_fxfer
        pop hl
        ret

; Read or write one record of the TP 3.0 file at HL: DE = the buffer, C = 26h or 27h.
rt_ftrecord:
        push ix
        push hl
        pop ix
        push de
        push bc
        ld l,(ix+6)
        ld h,(ix+7)
        ld e,(ix+4)
        ld d,(ix+5)
        call rt_mul16
        ld de,4
        add hl,de
        ex de,hl                ; DE = 4 + n x size
        push ix
        pop hl
        call rt_fat
        pop bc
        pop de
        ld a,c
        push af                 ; the function
        ld c,(ix+4)
        ld b,(ix+5)
        call rt_fxfer
        ld b,a
        pop af
        ld c,a
        ld a,b
        or a
        jr nz,.err
        ld l,(ix+6)
        ld h,(ix+7)
        inc hl
        ld (ix+6),l
        ld (ix+7),h             ; the next record
        ld a,c
        cp 26h
        jr nz,.done
        ld e,(ix+2)
        ld d,(ix+3)
        or a
        sbc hl,de
        jr c,.done
        jr z,.done
        add hl,de               ; written past the end: the count grows
        ld (ix+2),l
        ld (ix+3),h
        ld (ix+8),1
.done:  pop ix
        ret
.err:   ld a,99
        ld (rt_ioerr),a
        pop ix
        ret

; The FCB of the file variable at HL put at byte DE, with record size 1. Keeps HL.
rt_fat:
        push hl
        ld bc,11+14
        add hl,bc
        ld (hl),1
        inc hl
        ld (hl),0
        ld bc,33-15
        add hl,bc
        ld (hl),e
        inc hl
        ld (hl),d
        inc hl
        ld (hl),0
        inc hl
        ld (hl),0
        pop hl
        ret

; A random block transfer: HL = the file variable, DE = the buffer, BC = the bytes (of
; an FCB with record size 1), A = 26h (write) or 27h (read). Returns the BDOS's A.
rt_fxfer:
        push af
        push bc
        push hl
        ld c,1Ah
        call BDOS               ; the buffer becomes the DTA
        pop de
        ld hl,11
        add hl,de
        ex de,hl                ; DE = the FCB
        pop hl                  ; HL = the count
        pop af
        ld c,a
        jp BDOS

; For FilePos and FileSize of a TP 3.0 file: Z and HL = the word at offset A of the file
; variable at HL; NZ (HL kept) for other files.
rt_ftfield:
        inc hl
        ld e,(hl)
        dec hl
        dec e
        ret nz
        ld e,a
        ld d,0
        add hl,de
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        cp a                    ; Z
        ret

; ---- Text files. The file variable (176 bytes): byte 0 = 1 open for reading, 2 open
; for writing; byte 1 = position in the buffer; byte 2 = bytes in the buffer (reading);
; the FCB at 11 (record size 1: the random block functions move bytes); the 128-byte
; buffer at 48. Lines end with CR LF; ^Z (1Ah) ends the text, as TP3 writes it.

;@var rt_tfile 2

; HL = the FCB of the text file at HL (its address kept in rt_tfile).
rt_tfcb:
        ld (rt_tfile),hl
        ld de,11
        add hl,de
        ret

; Reset(t): HL = the text file.
rt_treset:
        push hl
        ld bc,1
        call rt_freset
        pop hl
        ld a,(rt_ioerr)
        or a
        ret nz
        inc hl
        xor a
        ld (hl),a               ; position
        inc hl
        ld (hl),a               ; bytes in the buffer
        ret

; Rewrite(t)
rt_trewrite:
        push hl
        ld bc,1
        call rt_frewrite
        pop hl
        ld a,(rt_ioerr)
        or a
        ret nz
        ld (hl),2
        inc hl
        ld (hl),0
        ret

; Writes the buffer's first B bytes (B > 0) of the text file in rt_tfile.
rt_tflush:
        ld a,b
        or a
        ret z
        push bc
        ld hl,(rt_tfile)
        ld de,48
        add hl,de
        ex de,hl
        ld c,1Ah
        call BDOS
        ld hl,(rt_tfile)
        call rt_tfcb
        ex de,hl
        pop bc
        ld l,b
        ld h,0
        ld c,26h
        call BDOS
        or a
        ret z
        ld a,0F0h
        ld (rt_ioerr),a
        ret

; The output routine while writing to a text file: A into the buffer. Keeps BC, DE, HL.
rt_tputc:
        push hl
        push de
        push bc
        ld hl,(rt_tfile)
        ld b,a
        ld a,(hl)
        cp 2
        jr z,.open
        ld a,3                  ; not open for output
        ld (rt_ioerr),a
        jr .done
.open:  inc hl
        ld e,(hl)
        ld d,0
        inc (hl)
        push hl
        ld hl,48
        add hl,de
        ld de,(rt_tfile)
        add hl,de
        ld (hl),b
        pop hl
        ld a,(hl)
        cp 128
        jr c,.done
        ld (hl),0
        ld b,128
        call rt_tflush
.done:  pop bc
        pop de
        pop hl
        ret

; Write/Writeln to the text file at HL: the write routines go to it until rt_tunsel.
rt_tsel:
        ld (rt_tfile),hl
        ld hl,rt_tputc
        ld (rt_outvec),hl
        ret

rt_tunsel:
        ld hl,0
        ld (rt_outvec),hl
        ret

; Close(t): a file open for writing gets ^Z and its last bytes.
rt_tclose:
        ld a,(hl)
        cp 2
        jr nz,.close
        push hl
        call rt_tsel
        ld a,1Ah
        call rt_tputc
        call rt_tunsel
        pop hl
        push hl
        inc hl
        ld b,(hl)
        call rt_tflush
        pop hl
.close: jp rt_fclose

; The next character of the text file at (rt_tfile), without taking it: A, and CY set
; at the end of the file (no more bytes, or ^Z).
rt_tpeek:
        ld hl,(rt_tfile)
        ld a,(hl)
        cp 1
        jr z,.open
        ld a,2                  ; not open for input
        ld (rt_ioerr),a
        scf
        ret
.open:  inc hl
        ld a,(hl)               ; position
        inc hl
        cp (hl)
        jr c,.have
        ; Refill: up to 128 bytes.
        ld hl,(rt_tfile)
        ld de,48
        add hl,de
        ex de,hl
        ld c,1Ah
        call BDOS
        ld hl,(rt_tfile)
        call rt_tfcb
        ex de,hl
        ld hl,128
        ld c,27h
        call BDOS               ; HL = bytes read
        ld a,l
        ld hl,(rt_tfile)
        inc hl
        ld (hl),0
        inc hl
        ld (hl),a
        or a
        scf
        ret z
        xor a
.have:  ld e,a
        ld d,0
        ld hl,(rt_tfile)
        add hl,de
        ld de,48
        add hl,de
        ld a,(hl)
        cp 1Ah
        scf
        ret z
        or a
        ret

; Takes the character rt_tpeek showed.
rt_tskip:
        ld hl,(rt_tfile)
        inc hl
        inc (hl)
        ret

; Eof(t): HL = the text file; A = 1 at the end.
rt_teof:
        ld (rt_tfile),hl
        call rt_tpeek
        ld a,0
        ret nc
        inc a
        ret

; Eoln(t): A = 1 at the end of a line (or of the file).
rt_teoln:
        ld (rt_tfile),hl
        call rt_tpeek
        ld b,a
        ld a,1
        ret c
        ld a,b
        cp 13
        ld a,1
        ret z
        dec a
        ret

; Read(t, c): HL = the text file; A = the next character (^Z at the end).
rt_tread:
        ld (rt_tfile),hl
        call rt_tpeek
        push af
        call nc,rt_tskip
        pop af
        ret nc
        ld a,1Ah
        ret

; Readln(t, s): HL = the text file, DE = the string, C = its maximum length. The rest
; of the line and its CR LF are skipped.
rt_treadstr:
        ld (rt_tfile),hl
        xor a
        ld (de),a
.next:  push de
        push bc
        call rt_tpeek
        pop bc
        pop de
        jr c,.end
        cp 13
        jr z,.eol
        cp 10
        jr z,.skip
        push de
        push bc
        call rt_chrcat
        call rt_tskip
        pop bc
        pop de
        jr .next
.skip:  call rt_tskip
        jr .next
.eol:   call rt_tskip
        push de
        push bc
        call rt_tpeek
        pop bc
        pop de
        ret c
        cp 10
        ret nz
        jp rt_tskip
.end:   ret

; Readln(t) without variables: the rest of the line.
rt_treadln:
        ld de,rt_tline
        ld c,255
        jr rt_treadstr

;@var rt_tline 256

; Readln(t, i): HL = the text file, DE = the integer variable.
rt_treadint:
        push de
        ld de,rt_tline
        ld c,255
        call rt_treadstr
        pop de
        ld hl,rt_tline
        ld bc,rt_tline+250      ; the error position is not wanted
        jp rt_val

;@var rt_fbn 2

; BlockRead/BlockWrite(f, buffer, n, result): HL = the untyped file, DE = the buffer,
; BC = the number of 128-byte records, A = 27h (read) or 26h (write). Returns HL = the
; records transferred; a read stops at the end of the file without an error.
rt_fblock:
        ld (rt_fbn),bc
        ld c,a
        ld a,(hl)
        or a
        jr z,.closed
        push hl
        push bc
        ld c,1Ah                ; the buffer becomes the DTA
        call BDOS
        pop bc
        pop de
        ld hl,11
        add hl,de
        ex de,hl                ; DE = FCB
        ld hl,(rt_fbn)
        ld a,h
        or l
        ret z                   ; no records: nothing to do
        ld a,c
        cp 26h
        jr z,.write
        call BDOS               ; HL = records read
        ret
.write: call BDOS
        ld hl,(rt_fbn)
        or a
        ret z
        ld a,0F0h               ; disk full
        ld (rt_ioerr),a
        ld hl,0
        ret
.closed:
        ld a,4
        ld (rt_ioerr),a
        ld hl,0
        ret

; BlockRead/BlockWrite without a result variable: fewer records than asked is an
; error (99, read past the end).
rt_fblockx:
        call rt_fblock
        ld de,(rt_fbn)
        or a
        sbc hl,de
        ret z
        ld a,(rt_ioerr)
        or a
        ret nz
        ld a,99
        ld (rt_ioerr),a
        ret

; Write(Lst, …) and Write(Aux, …): the write routines send their characters to the
; printer (BIOS LPTOUT) or to the auxiliary device (BDOS 04h) until rt_tunsel.
; The printer's and the serial port's output routines when not the BIOS's (0):
; rt_lstoutvia and rt_auxoutvia once a program uses TP3's LstOutPtr or AuxOutPtr.
;@var rt_lstvec 2
;@var rt_auxvec 2

rt_lstsel:
        ld hl,(rt_lstvec)
        ld a,h
        or a
        jr nz,.set
        ld hl,rt_lstout
.set:   ld (rt_outvec),hl
        ret

rt_auxsel:
        ld hl,(rt_auxvec)
        ld a,h
        or a
        jr nz,.set
        ld hl,rt_auxout
.set:   ld (rt_outvec),hl
        ret

; A to the printer. Keeps BC, DE, HL.
rt_lstout:
        push hl
        push de
        push bc
        bios 00A5h              ; LPTOUT
        pop bc
        pop de
        pop hl
        ret

; A to the auxiliary output (BDOS 04h). Keeps BC, DE, HL.
rt_auxout:
        push hl
        push de
        push bc
        ld e,a
        ld c,4
        call BDOS
        pop bc
        pop de
        pop hl
        ret
