; ---------------------------------------------------------------------------
; input.asm - text to number (MSX-BASIC's FIN, ROM C3299: VAL, READ of
; numbers, INPUT) and the INPUT / LINE INPUT statements.
;
; FIN's rules, written from the ROM routine: blanks (space, TAB, LF) are
; skipped everywhere, even between digits ("1 2" is 12); an optional sign;
; digits with at most one point; then E or D and an exponent, or one of the
; suffixes % ! #. The type: integer while there is no point or exponent and
; the value stays below 32768; single precision after a point, E or from
; 32768 on; double from the 7th significant digit, with D, or #. Leading
; zeros are not significant; digits past the 15th are dropped and a double
; is rounded half up on the 15th. &H &O &B give an integer (16 bits, so
; &HFFFF is -1); Overflow past 16 bits.
; ---------------------------------------------------------------------------

;@var rt_bas_fs 10
; rt_bas_fs: +0 type (2/4/8), +1 significant digits (D), +2 digits after
; the point (B), +3 point seen, +4 negative, +5 exponent magnitude,
; +6 a non-zero digit seen, +7 `%` suffix, +8 exponent negative, +9 spare
;@var rt_bas_fint 2

; Skips blanks (space, TAB, LF) at HL; A = the character there.
rt_bas_fblank:
        ld a,(hl)
        cp ' '
        jr z,.s
        cp 9
        jr z,.s
        cp 10
        ret nz
.s:     inc hl
        jr rt_bas_fblank

; FIN: HL = text. BCD_DAC = the number as a double, A = its type (2, 4,
; 8), HL = the character after it. Errors: 6 Overflow, 2 Syntax error
; (`&` not followed by H, O or B). `&H` `&O` `&B` are read here, as
; MSX-BASIC reads them in page 1 (ROM C4EB8), not in FIN; the rest by the
; main ROM's FIN (rt_bas_romfin) where the ROM's Math-Pack serves the
; arithmetic (BCD_ROM), else by the reader below.
rt_bas_fin:
        call rt_bas_fblank
        cp '&'
        jp z,rt_bas_fradix
        IF DEFINED BCD_ROM
        jp rt_bas_romfin
        ELSE
        push hl
        ld hl,rt_bas_fs
        ld b,10
        xor a
.clr:   ld (hl),a
        inc hl
        djnz .clr
        ld hl,BCD_DAC
        ld b,10
.clrd:  ld (hl),a
        inc hl
        djnz .clrd
        ld h,a
        ld l,a
        ld (rt_bas_fint),hl
        ld a,2
        ld (rt_bas_fs),a
        pop hl
        call rt_bas_fblank
        cp '-'
        jr nz,.plus
        ld (rt_bas_fs+4),a      ; non-zero: negative
        inc hl
        jr .loop
.plus:  cp '+'
        jr nz,.loop
        inc hl
.loop:  call rt_bas_fblank
        sub '0'
        cp 10
        jp nc,.other
        ld c,a                  ; C = the digit
        or a
        jr nz,.count
        ld a,(rt_bas_fs+3)
        or a
        jr nz,.count
        ld a,(rt_bas_fs+1)
        or a
        jp z,.next              ; a leading zero before the point
.count: ld a,(rt_bas_fs+1)
        inc a
        ld (rt_bas_fs+1),a
        cp 7
        jr nz,.nd
        ld a,8                  ; the 7th significant digit: double
        ld (rt_bas_fs),a
.nd:    ld a,(rt_bas_fs+3)
        or a
        jr z,.nb
        ld a,(rt_bas_fs+2)
        inc a
        ld (rt_bas_fs+2),a
.nb:    ld a,(rt_bas_fs)
        cp 2
        jr nz,.store
        push hl                 ; integer: value * 10 + digit while < 32768
        ld hl,(rt_bas_fint)
        ld de,3277
        or a
        sbc hl,de
        add hl,de
        jr nc,.tosng
        ld d,h
        ld e,l
        add hl,hl
        add hl,hl
        add hl,de
        add hl,hl
        ld e,c
        ld d,0
        add hl,de
        bit 7,h
        jr nz,.tosng
        ld (rt_bas_fint),hl
        pop hl
        jr .store
.tosng: pop hl
        ld a,4
        ld (rt_bas_fs),a
.store: ld a,c
        or a
        jr nz,.nz
        ld a,(rt_bas_fs+6)
        or a
        jr nz,.put
        ld (rt_bas_fs+1),a      ; zeros before the first non-zero digit
        jr .next                ; do not count (after the point)
.nz:    ld a,1
        ld (rt_bas_fs+6),a
.put:   ld a,(rt_bas_fs+1)
        cp 16
        jr nc,.next             ; digits past the 15th are dropped
        push hl
        ld e,a
        inc a
        srl a
        ld hl,BCD_DAC
        add a,l
        ld l,a
        ld a,h
        adc a,0
        ld h,a                  ; HL = DAC + (D + 1) / 2
        ld a,c
        bit 0,e
        jr z,.low
        rlca
        rlca
        rlca
        rlca
.low:   or (hl)
        ld (hl),a
        pop hl
.next:  inc hl
        jp .loop
.other: add a,'0'
        cp '.'
        jr nz,.letter
        ld a,(rt_bas_fs+3)
        or a
        jp nz,.end              ; a second point ends the number
        inc a
        ld (rt_bas_fs+3),a
        ld a,(rt_bas_fs)
        cp 2
        jr nz,.next
        ld a,4                  ; a point makes an integer single
        ld (rt_bas_fs),a
        jr .next
.letter:
        ld b,a
        and 0DFh
        cp 'D'
        jr z,.expd
        cp 'E'
        jr nz,.suffix
        push hl                 ; "EL"/"EQ" are not an exponent (ROM J32C2)
        inc hl
        call rt_bas_fblank
        and 0DFh
        pop hl
        cp 'L'
        jr z,.end
        cp 'Q'
        jr z,.end
        ld a,(rt_bas_fs)
        cp 8
        jr z,.expo
        ld a,4
        jr .exps
.expd:  ld a,8
.exps:  ld (rt_bas_fs),a
.expo:  inc hl
        call rt_bas_fblank
        cp '-'
        jr z,.eneg
        cp 0F2h                 ; the - token
        jr z,.eneg
        cp '+'
        jr z,.epos
        cp 0F1h                 ; the + token
        jr nz,.edig
        jr .epos
.eneg:  ld (rt_bas_fs+8),a
.epos:  inc hl
.edig:  ld c,0
.eloop: call rt_bas_fblank
        sub '0'
        cp 10
        jr nc,.eend
        ld b,a
        ld a,c
        cp 12
        jr nc,.esat             ; the ROM stops counting at 128
        add a,a
        add a,a
        add a,c
        add a,a
        add a,b
        ld c,a
        inc hl
        jr .eloop
.esat:  ld c,128
        inc hl
        jr .eloop
.eend:  ld a,c
        ld (rt_bas_fs+5),a
        jr .end
.suffix:
        ld a,b
        cp '%'
        jr nz,.sfx2
        ld (rt_bas_fs+7),a
        inc hl
        jr .end
.sfx2:  cp '#'
        ld c,8
        jr z,.sfx
        cp '!'
        ld c,4
        jr nz,.end
.sfx:   ld a,c
        ld (rt_bas_fs),a
        inc hl
.end:   push hl
        ld a,(rt_bas_fs)
        cp 2
        jr z,.int
        ld a,(rt_bas_fs+6)
        or a
        jr z,.zero
        ld a,(rt_bas_fs+1)      ; exponent = 40h + D - B +- E
        ld l,a
        ld h,0
        ld de,40h
        add hl,de
        ld a,(rt_bas_fs+2)
        ld e,a
        sbc hl,de
        ld a,(rt_bas_fs+5)
        ld e,a
        ld a,(rt_bas_fs+8)
        or a
        jr z,.addx
        sbc hl,de
        jr .chk
.addx:  add hl,de
.chk:   ld a,h
        or a
        jp nz,bcd_overflow      ; below 0 or far above
        ld a,l
        or a
        jr z,.zero              ; exactly at the bottom: 0
        cp 80h
        jp nc,bcd_overflow
        ld (BCD_DAC),a
        ld a,(rt_bas_fs)
        cp 8
        jr nz,.sng
        call bcd_round          ; on the 15th digit
        jr .sign
.sng:   call bcd_round_single
        jr .sign
.zero:  xor a
        ld (BCD_DAC),a
.sign:  ld a,(rt_bas_fs+4)
        or a
        call nz,bcd_neg
        jr .pct
.int:   ld hl,(rt_bas_fint)
        ld a,(rt_bas_fs+4)
        or a
        jr z,.ipos
        xor a
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
.ipos:  call bcd_from_int
.pct:   ld a,(rt_bas_fs+7)
        or a
        jr z,.ret
        call bcd_to_int         ; `%`: CINT, Overflow out of range
        call bcd_from_int
        ld a,2
        ld (rt_bas_fs),a
.ret:   ld a,(rt_bas_fs)
        pop hl
        ret
        ENDIF

; &H &O &B at HL (ROM C4EB8): an integer in BCD_DAC as rt_bas_fin
; leaves it, A = 2.
rt_bas_fradix:
        inc hl
        call rt_bas_fblank
        cp 'a'
        jr c,.up
        cp 'z'+1
        jr nc,.up
        and 5Fh
.up:    ld bc,0102h             ; B = bits per digit, C = base
        cp 'B'
        jr z,.rdig
        ld bc,0308h
        cp 'O'
        jr z,.rdig
        ld bc,0410h
        cp 'H'
        jr z,.rdig
        ld e,2                  ; Syntax error
        jp rt_bas_error
.rdig:  ld de,0
.rnext: inc hl
        ld a,(hl)
        cp 'a'
        jr c,.rup
        cp 'z'+1
        jr nc,.rup
        and 5Fh
.rup:   cp '9'+1
        jr c,.r09
        cp 'A'
        jr c,.rend
        sub 7
.r09:   sub '0'
        cp c
        jr nc,.rend
        ex de,hl
        push bc
.rsh:   add hl,hl
        jp c,bcd_overflow
        djnz .rsh
        pop bc
        or l
        ld l,a
        ex de,hl
        jr .rnext
.rend:  push hl
        ex de,hl
        call bcd_from_int
        pop hl
        ld a,2
        ret

; FIN through the main ROM's own (3299h), as MSX-BASIC compilers call it:
; on an MSX2 FIN reads its characters through CHRGTR (4666h, page 1; fact
; sheet §4.1), so it runs with page 1 showing the main ROM (romcall.asm),
; from a copy of the characters it may read in page 3 (the text may lie in
; page 1). Then DAC becomes a double (FRCDBL, 303Ah) and A = the type FIN
; gave.
rt_bas_romfin:
        IF DEFINED BCD_ROM
        push hl
        ld de,RC_TEXT
        ld b,RC_TEXTMAX
.copy:  ld a,(hl)               ; up to the first character FIN stops at
        ld (de),a
        inc hl
        inc de
        call .finch
        jr nz,.end
        djnz .copy
.end:   xor a
        ld (de),a
        ld hl,RC_TEXT
        ld a,(hl)
        ld de,03299h            ; FIN
        call rt_bas_romcall
        ld de,10000h-RC_TEXT
        add hl,de               ; the characters FIN took
        pop de
        add hl,de               ; HL = after them in the text
        push hl
        ld a,(0F663h)           ; VALTYP
        push af
        call 0303Ah             ; FRCDBL
        pop af
        pop hl
        ret
; Z when FIN may take the character A (digits, point, signs, exponents,
; type suffixes and the blanks it skips).
.finch: push bc
        push hl
        ld hl,.chars
        ld bc,.cend-.chars
        cpir
        pop hl
        pop bc
        ret
.chars: db "0123456789.+-EeDd%!# ",9,10
.cend:
        ENDIF

;@var rt_bas_vbuf 256

; VAL: HL = string. BCD_DAC and A as rt_bas_fin (0, an integer, for "").
rt_bas_val:
        ld a,(hl)
        push hl
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        ex de,hl                ; HL = characters
        ld de,rt_bas_vbuf
        ld c,a
        ld b,0
        or a
        jr z,.e
        ldir
.e:     xor a
        ld (de),a
        pop hl
        call rt_bas_sfree
        ld hl,rt_bas_vbuf
        jp rt_bas_fin

; ---------------------------------------------------------------------------
; INPUT, as the ROM runs it (C4B6C, READ's field loop J4BAA). The compiler
; emits, for INPUT "prompt";A$,B,C%:
;
;           ld hl,prompt (or 0)     call rt_bas_input
;           ld de,A$                call rt_bas_instrf
;           ld hl,B   ld a,8        call rt_bas_innum
;           ld hl,C%  ld a,2        call rt_bas_innum
;           call rt_bas_inend
;
; Each variable is assigned as soon as its field is read, as on MSX. An
; empty line (or "??" continuation line) leaves the remaining variables as
; they are (the later calls do nothing). A field that is no number, or text
; after a quoted string, prints "?Redo from start" and the statement starts
; again: the runtime goes back to just after the call of rt_bas_input with
; the stack as it was then, prints the prompt again and reads a new line,
; and the compiled code runs on from there (so it must keep nothing on the
; stack across these calls). The line is INLIN's buffer (BUF, F55Eh);
; BUFMIN (F55Dh) holds the ',' before the first field, as in the ROM.
; ---------------------------------------------------------------------------

;@var rt_bas_inptr 2
;@var rt_bas_inret 2
;@var rt_bas_insp 2
;@var rt_bas_inprompt 2
;@var rt_bas_inskip 1

; INPUT: HL = prompt descriptor or 0 (a literal: it is printed again after
; "?Redo from start"). Prints it and "? ", reads a line.
rt_bas_input:
        pop de
        ld (rt_bas_inret),de
        ld (rt_bas_insp),sp
        push de
        ld (rt_bas_inprompt),hl
        xor a
        ld (rt_bas_inskip),a
        push hl
        bios 00D2h              ; TOTEXT
        pop hl
        ld a,h
        or l
        call nz,rt_bas_prs
        call rt_bas_inread
        ret nz
        ld a,1
        ld (rt_bas_inskip),a    ; an empty line: nothing is assigned
        ret

; "? ", INLIN; Z when the line is empty (or STOP was pressed).
rt_bas_inread:
        ld a,'?'
        call rt_bas_chput
        ld a,' '
        call rt_bas_chput
        bios 00B1h              ; INLIN
        ld a,0
        jr c,.empty
        ld a,(0F55Eh)
.empty: or a
        ret z
        ld hl,0F55Dh
        ld (hl),','
        ld (rt_bas_inptr),hl
        ret

; NZ and HL = the ',' before the next field; when no field is left, prints
; "?" and reads a continuation line ("??"). Z (and the rest of the statement
; skipped) when there is nothing (more) to read.
rt_bas_inmore:
        ld a,(rt_bas_inskip)
        or a
        jr nz,.skip
        ld hl,(rt_bas_inptr)
        ld a,(hl)
        cp ','
        jr nz,.more
        or a                    ; NZ
        ret
.more:  ld a,'?'
        call rt_bas_chput
        call rt_bas_inread
        ret nz
        ld a,1
        ld (rt_bas_inskip),a
.skip:  xor a
        ret

; "?Redo from start", then the statement again from rt_bas_input.
rt_bas_inredo:
        ld hl,.msg
        call rt_bas_prz
        ld sp,(rt_bas_insp)
        ld hl,(rt_bas_inret)
        push hl
        ld hl,(rt_bas_inprompt)
        jp rt_bas_input
.msg:   db "?Redo from start",13,10,0

; After a field: HL at the next character. Blanks skipped, it must be the
; end of the line or ',', else the statement is redone.
rt_bas_insep:
        call rt_bas_fblank
        ld (rt_bas_inptr),hl
        or a
        ret z
        cp ','
        ret z
        jp rt_bas_inredo

; The next field into a numeric variable: HL = its address, A = its type
; (2 integer, 4 single, 8 double). Integer: Overflow outside
; -32768..32767; single: rounded to 6 digits.
rt_bas_innum:
        push hl
        push af
        call rt_bas_inmore
        jr z,.none
        inc hl                  ; past the ','
        call rt_bas_fin
        call rt_bas_insep
        pop af
        pop hl
        jp rt_bas_instore
.none:  pop af
        pop hl
        ret

; BCD_DAC into a numeric variable: HL = its address, A = its type (2, 4,
; 8). Integer: CINT (6 Overflow); single: rounded to 6 digits.
rt_bas_instore:
        cp 2
        jr z,.int
        cp 4
        jp nz,bcd_store_dac
        push hl
        call bcd_round_single
        pop de
        ld hl,BCD_DAC
        ld bc,4
        ldir
        ret
.int:   push hl
        call bcd_to_int
        ex de,hl
        pop hl
        ld (hl),e
        inc hl
        ld (hl),d
        ret

; The next field into a string variable: DE = its descriptor. Leading
; blanks are skipped; a quoted field ends at the next '"', another at ','
; (trailing blanks kept).
rt_bas_instrf:
        push de
        call rt_bas_inmore
        jr z,.none
        inc hl
        call rt_bas_fblank
        ld b,','
        cp '"'
        jr nz,.scan
        ld b,a
        inc hl
.scan:  push hl
        ld c,0
.n:     ld a,(hl)
        or a
        jr z,.got
        cp b
        jr z,.got
        inc hl
        inc c
        jr .n
.got:   cp '"'
        jr nz,.nq
        inc hl                  ; past the closing quote
.nq:    ex (sp),hl              ; HL = start, (sp) = after the field
        ld a,c
        call rt_bas_copytmp
        ex (sp),hl              ; HL = after, (sp) = the string
        call rt_bas_insep
        pop hl
        pop de
        jp rt_bas_sassign
.none:  pop de
        ret

; After the last variable: "?Extra ignored" if the line had more fields.
rt_bas_inend:
        ld a,(rt_bas_inskip)
        or a
        ret nz
        ld hl,(rt_bas_inptr)
        ld a,(hl)
        or a
        ret z
        ld hl,.msg
        jp rt_bas_prz
.msg:   db "?Extra ignored",13,10,0

; LINE INPUT: HL = prompt descriptor or 0. HL = a temporary with the whole
; line as typed (no "? " is printed). STOP gives "".
rt_bas_lineinput:
        push hl
        bios 00D2h              ; TOTEXT
        pop hl
        ld a,h
        or l
        call nz,rt_bas_prs
        bios 00B1h              ; INLIN
        ld hl,0F55Eh
        jr nc,.go
        ld (hl),0
.go:    jp rt_bas_strbuf
