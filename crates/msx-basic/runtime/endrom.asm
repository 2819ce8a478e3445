; ---------------------------------------------------------------------------
; endrom.asm - the end of a disk's or a cartridge's compiled MSX-BASIC
; program: it hands over to MSX-BASIC in the main ROM, as a program
; compiled by an MSX-BASIC compiler (BASIC-kun) goes back to BASIC on an
; MSX2. An error no ON ERROR GOTO handler takes goes to the ROM's error
; handler (406Fh, E = the code), which prints the message, the beep, " in "
; and CURLIN, then "Ok"; END, STOP (after its "Break in n") and the end of
; the program go to READYR (409Bh), which prints "Ok" on a fresh line.
; Fact sheet msx-basic-interpreter.md §4.5, §5, §8. The user is then at
; MSX-BASIC's prompt with an empty program: the program's files are
; closed, its hooks given back, and MSX-BASIC's work area put as NEW
; leaves it (§1.1-§1.3, §4.1), since the program's code and variables
; took the BASIC text area (8001h on) and its stack the space under
; HIMEM. A .COM links endtext.asm instead (no MSX-BASIC in page 1 there).
; ---------------------------------------------------------------------------

; Error rt_bas_errno in line rt_bas_errline (0FFFFh: none).
rt_bas_report:
        call rt_bas_endfiles
        ld a,(rt_bas_errno)
        ld e,a
        ld d,0
        ld hl,(rt_bas_errline)
        jp rt_bas_tobasic

; END.
rt_bas_end:
        call rt_bas_endfiles
        ld de,0
        ld hl,0FFFFh
        jp rt_bas_tobasic

; RUN "file"[,R], LOAD "file"[,R]: HL = the file's descriptor, A = the
; statement's token (RUN 8Ah, LOAD B5h), E = 1 for ",R". The statement is
; written into BUF (F55Eh) as MSX-BASIC's cruncher leaves a direct
; statement (main loop, fact sheet §5): a ':' before it, the token, the
; name in quotes, [",R"], then 00 and an end link 0000; the program ends
; as at END, and MSX-BASIC runs the statement from NEWSTT (4601h), in
; direct mode: the file is loaded (and run) by MSX-BASIC, interpreted.
; The name is cut at 240 characters (BUF holds 258).
rt_bas_runfile:
        push de
        ld de,0F55Eh            ; BUF
        ex de,hl
        ld (hl),':'
        inc hl
        ld (hl),a
        inc hl
        ld (hl),'"'
        inc hl
        ex de,hl                ; HL = the descriptor, DE into BUF
        ld a,(hl)
        inc hl
        ld c,(hl)
        inc hl
        ld h,(hl)
        ld l,c                  ; HL = the name's characters
        cp 241
        jr c,.len
        ld a,240
.len:   ld c,a
        ld b,0
        or a
        jr z,.quote
        ldir
.quote: ex de,hl
        ld (hl),'"'
        inc hl
        pop de
        ld a,e
        or a
        jr z,.end
        ld (hl),','
        inc hl
        ld (hl),'R'
        inc hl
.end:   xor a
        ld (hl),a
        inc hl
        ld (hl),a
        inc hl
        ld (hl),a
        call rt_bas_endfiles
        ld de,100h              ; D = 1: MSX-BASIC runs BUF's statement
        ld hl,0FFFFh
        jp rt_bas_tobasic

; E = the error code, 0 for the end; D = 1: run the statement in BUF
; (rt_bas_runfile) instead; HL = the line CURLIN names (0FFFFh: none, as
; in direct mode: no " in "). Does not return.
rt_bas_tobasic:
        push de
        push hl
        ld hl,(rt_bas_exithook) ; PLAY's music played out, H.TIMI given
        ld a,h                  ; back (play.asm, traps.asm)
        or l
        call nz,.hook
        pop hl
        di
        ld (0F41Ch),hl          ; CURLIN
        ld hl,(0F676h)          ; TXTTAB: the empty program of NEW
        xor a
        dec hl
        ld (hl),a               ; the 00 before it (BOTTOM)
        ld (0F6C8h),hl          ; DATPTR: RESTORE
        inc hl
        ld (hl),a               ; the 0000 end link
        inc hl
        ld (hl),a
        inc hl
        ld (0F6C2h),hl          ; VARTAB
        ld (0F6C4h),hl          ; ARYTAB: no variables, no arrays
        ld (0F6C6h),hl          ; STREND
        ld hl,(0F672h)          ; MEMSIZ
        ld (0F69Bh),hl          ; FRETOP: no strings
        ld hl,0F67Ah            ; TEMPST
        ld (0F678h),hl          ; TEMPPT: no temporary strings
        ld h,a
        ld l,a
        ld (0F6B9h),hl          ; ONELIN: no ON ERROR GOTO
        ld (0F6C0h),hl          ; OLDTXT: CONT is "Can't CONTINUE"
        ld (0F6AFh),hl          ; SAVTXT, which the error handler copies there
        ld (0F419h),hl          ; VLZADR: no byte of VAL's to put back
        ld (0F864h),hl          ; PTRFIL: output to the screen
        ld (0F6BBh),a           ; ONEFLG: no handler runs
        ld (0F416h),a           ; PRTFLG: not to the printer
        ld (0F7C4h),a           ; TRCFLG: TRON off
        ld (0F6AAh),a           ; AUTFLG: AUTO off
        ld (0F6A9h),a           ; PTRFLG: no line pointers in the text
        ld hl,0F6CAh            ; DEFTBL: every letter double
        ld b,26
.def:   ld (hl),8
        inc hl
        djnz .def
        ; The I/O channels (fact sheet §1.3), under the program's stack and
        ; strings: FILTAB's MAXFILES+1 pointers, then the blocks of 265
        ; bytes they point at, each closed (mode byte 0).
        ld a,(0F85Fh)           ; MAXFIL
        inc a
        ld b,a
        add a,a
        ld c,a
        ld hl,(0F860h)          ; FILTAB
        push hl
        ld a,b
        ld b,0
        add hl,bc
        ex de,hl                ; DE = channel 0's block
        pop hl
        ld b,a
.chan:  ld (hl),e
        inc hl
        ld (hl),d
        inc hl
        xor a
        ld (de),a
        push hl
        ld hl,265
        add hl,de
        ex de,hl
        pop hl
        djnz .chan
        pop de                  ; E = the error code
        ; MSX-BASIC's stack: from STKTOP, on a 0000 end mark that NEXT and
        ; RETURN stop at; SAVSTK, where the error handler and READYR take
        ; SP from.
        ld sp,(0F674h)          ; STKTOP
        ld hl,0
        push hl
        ld (0F6B1h),sp          ; SAVSTK
        push de
        ld hl,.jump             ; page 1 becomes the ROM: from page 3 (KBUF,
        ld de,0F41Fh            ; whose last user, romcall.asm, is done)
        ld bc,.jend-.jump
        ldir
        pop de
        jp 0F41Fh
.jump:  push de
        IF DEFINED BAS_CART
        ; A cartridge shows itself in page 2 too: page 2 gets back the
        ; RAM page 3 shows (MSX-BASIC's RAM, one slot on an MSX2): the
        ; primary slot from port A8h, the secondary from SLTTBL (FCC5h).
        in a,(0A8h)
        rlca
        rlca
        and 3
        ld c,a
        ld b,0
        ld hl,0FCC1h            ; EXPTBL: bit 7 for an expanded slot
        add hl,bc
        ld a,(hl)
        and 80h
        jr z,.prim
        ld hl,0FCC5h
        add hl,bc
        ld a,(hl)
        and 0C0h                ; page 3's secondary slot, to bits 3-2
        rrca
        rrca
        rrca
        rrca
        or 80h
.prim:  or c
        ld h,80h
        call 0024h              ; ENASLT: page 2 = RAM
        ENDIF
        ld a,(0FCC1h)           ; EXPTBL: the main ROM's slot
        ld h,40h
        call 0024h              ; ENASLT: page 1 = the main ROM
        pop de
        ei
        ld a,d
        or a
        jr nz,.stmt
        ld a,e
        or a
        jp nz,406Fh             ; the error handler: E = the code
        jp 409Bh                ; READYR
.stmt:  ld hl,0F55Eh            ; BUF: the ':' before the statement
        jp 4601h                ; NEWSTT
.jend:
.hook:  jp (hl)
