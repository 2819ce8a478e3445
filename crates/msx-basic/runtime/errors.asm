; ---------------------------------------------------------------------------
; errors.asm - run-time errors of compiled MSX-BASIC programs: the failing
; line, ON ERROR GOTO, ERROR, RESUME, ERL.
;
; An error that no ON ERROR GOTO handler takes goes to rt_bas_report, and
; END to rt_bas_end, which are in one of two files (compile.rs picks it):
; endrom.asm on a disk or a cartridge hands over to MSX-BASIC in the main
; ROM (its error handler prints the message, " in " and the line, and "Ok";
; READYR prints "Ok"), endtext.asm in a .COM prints what MSX-BASIC 2
; prints (ROM J406F, J40D3, J4110) from its own texts and stops.
; The line comes from the table rt_bas_lines the compiler emits (code
; address, line) in ascending order, ended by (end of the BASIC code,
; 0FFFFh), packed (rt_bas_callsite): the first word on the stack that is a
; return address into the BASIC code, just after a CALL, is the failing
; call.
; ---------------------------------------------------------------------------

;@var rt_bas_errno 1
;@var rt_bas_errline 2
;@var rt_bas_errh 2
;@var rt_bas_errin 1
;@var rt_bas_errsp 2
;@var rt_bas_errret 2
;@var rt_bas_stmt 2
;@var rt_bas_errstmt 2
;@var rt_bas_endhook 2
;@var rt_bas_exithook 2

; ON ERROR GOTO (ROM J406F: with a handler set and none running, an error
; goes to the handler instead of being printed; ERR and ERL keep it; an
; error inside the handler is printed; RESUME ends the handler). The
; compiled program calls rt_bas_errcatch at its start: it returns HL = 0
; then, and returns again with HL = the handler's number when an error
; is trapped, with the stack as it was (nothing of the failing statement
; is left on it; the GOSUB stack and FOR loops stay). rt_bas_errh is the
; handler number ON ERROR GOTO set (0 none), rt_bas_errin is 1 while a
; handler runs; rt_bas_stmt the number of the statement being run (set
; only by programs with RESUME or RESUME NEXT), kept in rt_bas_errstmt.

; E = MSX-BASIC error code, HL = the line it names (READ's "Syntax error"
; names the DATA line: ROM J4BAA sets CURLIN from DATLIN). Does not return.
rt_bas_errat:
        call rt_bas_pscreen     ; keeps HL
        ld a,e
        ld (rt_bas_errno),a
        jr rt_bas_errfound

; E = MSX-BASIC error code. Does not return.
rt_bas_error:
        call rt_bas_pscreen     ; an error inside PRINT # prints on the screen
        ld a,e
        ld (rt_bas_errno),a
        ld hl,0
        add hl,sp
        ld b,128                ; stack words to look at
.scan:  ld e,(hl)
        inc hl
        ld d,(hl)
        inc hl
        push hl
        push bc
        call rt_bas_callsite    ; HL = the line when carry is clear
        pop bc
        jr nc,.hit
        pop hl
        djnz .scan
        ld hl,0FFFFh            ; no line known
        jr rt_bas_errfound
.hit:   pop de
        jr rt_bas_errfound

; rt_bas_error and rt_bas_errat go on here: HL = the line of error
; rt_bas_errno.
rt_bas_errfound:
        ld (rt_bas_errline),hl
        ld hl,(rt_bas_errh)
        ld a,h
        or l
        jp z,rt_bas_report
        ld a,(rt_bas_errin)
        or a
        jp nz,rt_bas_report
        inc a
        ld (rt_bas_errin),a
        ld hl,(rt_bas_stmt)
        ld (rt_bas_errstmt),hl
        ld sp,(rt_bas_errsp)    ; back into rt_bas_errcatch's caller
        ld de,(rt_bas_errret)
        push de
        ld hl,(rt_bas_errh)
        ei
        ret

; The start of a program with ON ERROR GOTO: HL = 0 now, the handler's
; number when an error is trapped (see above).
rt_bas_errcatch:
        pop hl
        ld (rt_bas_errret),hl
        ld (rt_bas_errsp),sp
        push hl
        ld hl,0
        ret

; ON ERROR GOTO: HL = the handler's number, 0 for none. ON ERROR GOTO 0
; inside a handler prints the error being handled and stops (ROM).
rt_bas_onerr:
        ld (rt_bas_errh),hl
        ld a,h
        or l
        ret nz
        ld a,(rt_bas_errin)
        or a
        ret z
        jp rt_bas_report

; ERROR n: HL = n (1-255), else "Illegal function call" (5).
rt_bas_raise:
        ld a,h
        or a
        jr nz,.bad
        or l
        jr z,.bad
        ld e,l
        jp rt_bas_error
.bad:   ld e,5
        jp rt_bas_error

; RESUME: ends the handler; "RESUME without error" (22) outside one.
rt_bas_resume:
        ld a,(rt_bas_errin)
        or a
        jr z,.bad
        xor a
        ld (rt_bas_errin),a
        ret
.bad:   ld e,22
        jp rt_bas_error

; The end of the program text reached while a handler runs: "No RESUME"
; (21), as the ROM reports it.
rt_bas_noresume:
        ld a,(rt_bas_errin)
        or a
        ret z
        ld e,21
        jp rt_bas_error

; ERL: BCD_DAC = the line of the last error (0-65535) as a number.
rt_bas_erl:
        ld hl,(rt_bas_errline)
        jp rt_bas_unum

; BCD_DAC = HL as an unsigned number (0-65535).
rt_bas_unum:
        bit 7,h
        jp z,bcd_from_int
        res 7,h
        call bcd_from_int
        ld hl,.k32768
        call bcd_load_arg
        jp bcd_add
.k32768:
        db 045h,032h,076h,080h,0,0,0,0

; A program with files closes them (rt_bas_endhook, set by rt_bas_finit)
; before it ends; once: an error while closing ends it with that error.
rt_bas_endfiles:
        ld hl,(rt_bas_endhook)
        ld a,h
        or l
        ret z
        ld de,0
        ld (rt_bas_endhook),de
        jp (hl)

; Prints the zero-terminated text at HL.
rt_bas_prz:
        ld a,(hl)
        or a
        ret z
        call rt_bas_chput
        inc hl
        jr rt_bas_prz

; Prints HL (0-65535) in decimal, without blanks.
rt_bas_prline:
        ld de,BCD_BUF+6
        xor a
        ld (de),a
.d:     push de
        ld c,10                 ; HL = HL / 10, A = remainder
        xor a
        ld b,16
.div:   add hl,hl
        rla
        cp c
        jr c,.nx
        sub c
        inc l
.nx:    djnz .div
        pop de
        add a,'0'
        dec de
        ld (de),a
        ld a,h
        or l
        jr nz,.d
        ex de,hl
        jr rt_bas_prz

; DE = a word from the stack: carry clear and HL = the BASIC line when it
; is a return address in the BASIC code just after a CALL instruction.
; The table rt_bas_lines (compile.rs) holds per BASIC line whose code
; starts at a new address its address and number, in ascending address
; order, ended by (the end of the BASIC code, 0FFFFh): each as a byte, the
; difference from the entry before (1-255), or 00h and the whole word (the
; first entry's always).
;@var rt_bas_ta 2
;@var rt_bas_tl 2
rt_bas_callsite:
        dec de                  ; DE = R - 1, the CALL's last byte
        ld hl,rt_bas_lines
        call .entry             ; the first entry (whole words)
        call .before
        ret c                   ; before the BASIC code
.line:  ld bc,(rt_bas_tl)       ; BC = this entry's line
        ld a,b
        and c
        inc a
        scf
        ret z                   ; the terminator: after the BASIC code
        call .entry             ; the next entry
        call .before
        jr nc,.line             ; at or after it
.in:    dec de
        dec de                  ; DE = R - 3: a CALL opcode?
        ld a,(de)
        cp 0CDh
        jr z,.yes
        and 0C7h
        cp 0C4h                 ; CALL cc,nn
        jr z,.yes
        IF DEFINED INLINE_FIRST
        ld h,2                  ; or a CALL of an inline form (inline.asm)
.inl:   dec de                  ; before its one or two words
        dec de
        ld a,(de)
        cp 0CDh
        jr nz,.inn
        push hl
        push de
        ex de,hl
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)               ; DE = the CALL's target
        ld hl,INLINE_END-1
        or a
        sbc hl,de               ; carry: past the inline forms
        jr c,.inf
        ld hl,INLINE_FIRST-1
        or a
        sbc hl,de               ; carry: at or after the first
        ccf
.inf:   pop de
        pop hl
        jr nc,.yes
.inn:   dec h
        jr nz,.inl
        ENDIF
        scf
        ret
.yes:   ld h,b
        ld l,c
        or a
        ret
; The entry at HL into rt_bas_ta (address) and rt_bas_tl (line), HL past
; it. Keeps BC, DE.
.entry: push bc
        ld bc,(rt_bas_ta)
        call .field
        ld (rt_bas_ta),bc
        ld bc,(rt_bas_tl)
        call .field
        ld (rt_bas_tl),bc
        pop bc
        ret
; BC = BC + the byte at HL, or the word after a 00h. HL past it.
.field: ld a,(hl)
        inc hl
        or a
        jr z,.word
        add a,c
        ld c,a
        ret nc
        inc b
        ret
.word:  ld c,(hl)
        inc hl
        ld b,(hl)
        inc hl
        ret
; Carry when DE < the entry's address. Keeps BC, DE, HL.
.before:
        push hl
        ld hl,(rt_bas_ta)
        ex de,hl
        or a
        sbc hl,de
        add hl,de               ; carry again exactly when the subtraction borrowed
        ex de,hl
        pop hl
        ret
