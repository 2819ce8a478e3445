; PRINT USING: the format string's fields and literal characters, as the
; MSX-BASIC reference gives them (MSX2 Technical Handbook, chapter 2,
; "PRINT USING"; MSX-BASIC's PUSING follows Microsoft BASIC):
;   !          the first character of a string
;   &          the whole string
;   \  n  \    2 + n characters of a string (blank-padded or cut)
;   #          a digit position; .  the decimal point, # after it decimals
;   +          first or last: the sign, + or -, there (a position)
;   -          last: - after a negative number, a blank after another
;   **         two more positions, leading blanks become *
;   $$         two more positions, $ right before the first digit
;   **$        both (three more positions)
;   ,          before the point: thousands separated by commas (a position)
;   _          the next character as it is
;   anything else is printed as it is.
; A negative number without a + or - field takes one position for its -.
; A number that does not fit is printed whole, preceded by %. The value is
; rounded half up to the decimals shown. When the list has more items than
; the format has fields, the format starts again; a format without any
; field is "Illegal function call" (5); a string for a number field or
; the reverse is "Type mismatch" (13).
;   ^^^^       after the digits: the E format
; The fields are read here; a number is formatted by rt_bas_usfield: the
; main ROM's PUFOUT on a disk or a cartridge (usingrom.asm), the runtime's
; own for a .COM (usingfmt.asm).
;
; The compiled code calls rt_bas_usbeg (the format), then rt_bas_usnum /
; rt_bas_usstr for each item, then rt_bas_usend (the literals up to the
; next field), then rt_bas_prnl unless the statement ends with ; or ,.

;@var rt_bas_usfmt 256
;@var rt_bas_uslen 1
;@var rt_bas_uspos 1
;@var rt_bas_usany 1
;@var rt_bas_usf 8
;@var rt_bas_usk 8

; Field description in rt_bas_usf: +0 integer positions, +1 decimals,
; +2 flags (bit 0 point, 1 leading +, 2 trailing +, 3 trailing -, 4 *,
; 5 $, 6 commas), +3 negative (0/1), +4 integer digits, +5 text length,
; +6 1: the E format (^^^^).

; PRINT USING fmt$: HL = the format (a copy is kept; a temporary is
; released).
rt_bas_usbeg:
        ld a,(hl)
        ld (rt_bas_uslen),a
        push hl
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        ex de,hl
        ld c,a
        ld b,0
        ld de,rt_bas_usfmt
        ld a,c
        or a
        jp z,.copied
        ldir
.copied:
        pop hl
        call rt_bas_sfree
        xor a
        ld (rt_bas_uspos),a
        ld (rt_bas_usany),a
        ret

; The character at the format position, carry at the end. Keeps BC, DE.
rt_bas_uspeek:
        xor a
        jp rt_bas_uspeekn

; The character A positions further on, carry past the end. Keeps BC, DE.
rt_bas_uspeekn:
        ld hl,rt_bas_uspos
        add a,(hl)
        jp c,.end
        ld hl,rt_bas_uslen
        cp (hl)
        ccf
        ret c
        ld l,a
        ld h,0
        push de
        ld de,rt_bas_usfmt
        add hl,de
        pop de
        ld a,(hl)
        or a
        ret
.end:   scf
        ret

rt_bas_usskip:
        ld hl,rt_bas_uspos
        inc (hl)
        ret

; Prints literals up to the next field: A = 0 none (the end of the
; format), 1 a number field, 2 a string field (the position at it). With
; `wrap` (C = 1) the format starts again at its end, once; 5 when the
; whole format has no field.
rt_bas_usnext:
.loop:  call rt_bas_uspeek
        jp c,.end
        cp '_'
        jp z,.quote
        cp '!'
        jp z,.str
        cp '&'
        jp z,.str
        cp '\'
        jp z,.back
        cp '#'
        jp z,.num
        cp '+'
        jp z,.plus
        cp '.'
        jp z,.point
        cp '*'
        jp z,.star
        cp '$'
        jp z,.dollar
.lit:   push bc
        call rt_bas_chput
        pop bc
        call rt_bas_usskip
        jp .loop
.quote: ld a,1
        call rt_bas_uspeekn
        jp c,.lastq
        call rt_bas_usskip
        call rt_bas_uspeek
        jp .lit
.lastq: ld a,'_'
        jp .lit
.back:  ld b,1                  ; \ then blanks then \ is a field
.bl:    ld a,b
        call rt_bas_uspeekn
        jp c,.notb
        cp ' '
        jp nz,.endb
        inc b
        jp .bl
.endb:  cp '\'
        jp z,.str
.notb:  ld a,'\'
        jp .lit
.plus:  ld a,1
        call rt_bas_uspeekn
        jp c,.plit
        cp '#'
        jp z,.num
        cp '.'
        jp nz,.plit
        ld a,2
        call rt_bas_uspeekn
        jp c,.plit
        cp '#'
        jp z,.num
.plit:  ld a,'+'
        jp .lit
.point: ld a,1
        call rt_bas_uspeekn
        jp c,.ptlit
        cp '#'
        jp z,.num
.ptlit: ld a,'.'
        jp .lit
.star:  ld a,1
        call rt_bas_uspeekn
        jp c,.stlit
        cp '*'
        jp z,.num
.stlit: ld a,'*'
        jp .lit
.dollar:
        ld a,1
        call rt_bas_uspeekn
        jp c,.dlit
        cp '$'
        jp z,.num
.dlit:  ld a,'$'
        jp .lit
.num:   ld a,1
        ld (rt_bas_usany),a
        ret
.str:   ld a,1
        ld (rt_bas_usany),a
        inc a
        ret
.end:   dec c
        jp nz,.none
        ld a,(rt_bas_usany)
        or a
        jp z,.bad
        xor a
        ld (rt_bas_uspos),a
        jp .loop
.none:  xor a
        ret
.bad:   ld e,5
        jp rt_bas_error

; After the last item: the literals up to the next field or the end.
rt_bas_usend:
        ld c,0
        jp rt_bas_usnext

; A string item: HL = the string (a temporary is released).
rt_bas_usstr:
        push hl
        ld c,1
        call rt_bas_usnext
        cp 2
        jp z,.field
        pop hl
        ld e,13
        jp rt_bas_error
.field: call rt_bas_uspeek
        call rt_bas_usskip
        ld b,1
        cp '!'
        jp z,.out
        ld b,0                  ; & : all of it
        cp '&'
        jp z,.out
        ld b,2                  ; \ n blanks \ : n + 2
.bl:    call rt_bas_uspeek
        call rt_bas_usskip
        cp '\'
        jp z,.out
        inc b
        jp .bl
.out:   pop hl
        push hl
        ld c,(hl)               ; the length
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        ld a,b
        or a
        jp nz,.fixed
        ld b,c
.fixed: ld a,b
        or a
        jp z,.done
        ld a,c
        or a
        ld a,' '
        jp z,.put
        dec c
        ld a,(de)
        inc de
.put:   push bc
        push de
        call rt_bas_chput
        pop de
        pop bc
        djnz .fixed
.done:  pop hl
        jp rt_bas_sfree

; A number item: the value in BCD_DAC.
rt_bas_usnum:
        ld c,1
        call rt_bas_usnext
        cp 1
        jp z,.field
        ld e,13
        jp rt_bas_error
.field: ld hl,rt_bas_usf        ; read the field
        ld b,8
.clr:   ld (hl),0
        inc hl
        djnz .clr
        call rt_bas_uspeek
        cp '+'
        jp nz,.nolead
        ld hl,rt_bas_usf+2
        set 1,(hl)
        ld hl,rt_bas_usf        ; the + is a position of the field
        inc (hl)
        call rt_bas_usskip
.nolead:
        call rt_bas_uspeek
        cp '*'
        jp nz,.nostar
        ld a,1
        call rt_bas_uspeekn
        cp '*'
        jp nz,.nostar
        call rt_bas_usskip
        call rt_bas_usskip
        ld hl,rt_bas_usf+2
        set 4,(hl)
        ld hl,rt_bas_usf
        inc (hl)
        inc (hl)
        call rt_bas_uspeek
        cp '$'
        jp nz,.digits
        call rt_bas_usskip
        jp .dol
.nostar:
        call rt_bas_uspeek
        cp '$'
        jp nz,.digits
        ld a,1
        call rt_bas_uspeekn
        cp '$'
        jp nz,.digits
        call rt_bas_usskip
        call rt_bas_usskip
        ld hl,rt_bas_usf
        inc (hl)
.dol:   ld hl,rt_bas_usf+2      ; $: one more position, and the sign
        set 5,(hl)
        ld hl,rt_bas_usf
        inc (hl)
.digits:
        call rt_bas_uspeek
        jp c,.fdone
        cp ','
        jp z,.comma
        cp '#'
        jp nz,.point
        ld hl,rt_bas_usf
        inc (hl)
        call rt_bas_usskip
        jp .digits
.comma: ld hl,rt_bas_usf+2
        set 6,(hl)
        ld hl,rt_bas_usf
        inc (hl)
        call rt_bas_usskip
        jp .digits
.point: cp '.'
        jp nz,.expo
        call rt_bas_usskip
        ld hl,rt_bas_usf+2
        set 0,(hl)
.dec:   call rt_bas_uspeek
        jp c,.fdone
        cp '#'
        jp nz,.expo
        ld hl,rt_bas_usf+1
        inc (hl)
        call rt_bas_usskip
        jp .dec
.expo:  cp '^'                  ; ^^^^
        jp nz,.trail
        ld a,1
        call rt_bas_uspeekn
        cp '^'
        jp nz,.trail
        call rt_bas_usskip
        call rt_bas_usskip
        call rt_bas_usskip
        call rt_bas_usskip
        ld a,1
        ld (rt_bas_usf+6),a
        call rt_bas_uspeek
        jp c,.fdone
.trail: ld hl,rt_bas_usf+2
        bit 1,(hl)
        jp nz,.fdone
        cp '+'
        jp nz,.minus
        set 2,(hl)
        call rt_bas_usskip
        jp .fdone
.minus: cp '-'
        jp nz,.fdone
        set 3,(hl)
        call rt_bas_usskip
.fdone: jp rt_bas_usfield       ; usingfmt.asm, or the ROM's (usingrom.asm)
