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
;   ^^^^       after the digits: the E format (rt_bas_usexp), as the free
;              ROMs' PUFOUT prints it (roms-free-bios/math/mpusexp.asm)
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
.fdone: ld a,(rt_bas_usf+6)
        or a
        jp nz,rt_bas_usexp
        jp rt_bas_usfmtn

; Formats BCD_DAC into the field rt_bas_usf and prints it.
rt_bas_usfmtn:
        ld a,(BCD_DAC)
        rlca
        and 1
        ld (rt_bas_usf+3),a     ; negative
        call bcd_abs
        ld a,(rt_bas_usf+1)     ; + 0.5 * 10^-decimals: rounded half up
        neg
        add a,64
        call rt_bas_ushalf
        ld a,(BCD_DAC)          ; integer digits: exponent - 64, or 0
        or a
        jp z,.zero
        sub 64
        jp c,.zero
        jp nz,.int
.zero:  xor a
.int:   ld (rt_bas_usf+4),a
        ld c,a                  ; C = the text's length before the point
        or a
        jp nz,.commas
        ld a,(rt_bas_usf)       ; no integer digit: 0 when there is room
        ld b,a
        ld a,(rt_bas_usf+2)
        and 20h
        jp z,.room
        dec b                   ; ($ takes one)
.room:  ld e,1                  ; E = 1: a sign in front
        ld a,(rt_bas_usf+2)
        bit 1,a
        jp nz,.sgn0
        dec e
        and 0Ch
        jp nz,.sgn0             ; the sign is printed after
        ld a,(rt_bas_usf+3)
        ld e,a
.sgn0:  ld a,b
        sub e
        jp z,.lens
        jp c,.lens
        ld c,1                  ; a 0 digit
        jp .lens
.commas:
        ld a,(rt_bas_usf+2)
        bit 6,a
        jp z,.lens
        ld a,c                  ; (digits - 1) / 3 commas
        dec a
        ld b,0
.c3:    sub 3
        jp c,.c3d
        inc b
        jp .c3
.c3d:   ld a,c
        add a,b
        ld c,a
.lens:  ld a,(rt_bas_usf+2)
        bit 5,a
        jp z,.nod
        inc c
.nod:   bit 1,a
        jp nz,.sgn
        and 0Ch
        jp nz,.nosgn
        ld a,(rt_bas_usf+3)
        or a
        jp z,.nosgn
.sgn:   inc c
.nosgn: ld a,c
        ld (rt_bas_usf+5),a
        ld a,(rt_bas_usf)       ; fill or %
        sub c
        jp nc,.fill
        ld a,'%'
        call rt_bas_chput
        jp .text
.fill:  jr z,.text
        ld b,a
.f1:    ld a,(rt_bas_usf+2)
        bit 4,a
        ld a,' '
        jp z,.f2
        ld a,'*'
.f2:    push bc
        call rt_bas_chput
        pop bc
        djnz .f1
.text:  ld a,(rt_bas_usf+2)     ; leading sign
        bit 1,a
        jp nz,.lsign
        and 0Ch
        jp nz,.dollar
        ld a,(rt_bas_usf+3)
        or a
        jp z,.dollar
        ld a,'-'
        call rt_bas_chput
        jp .dollar
.lsign: ld a,(rt_bas_usf+3)
        or a
        ld a,'+'
        jp z,.ls
        ld a,'-'
.ls:    call rt_bas_chput
.dollar:
        ld a,(rt_bas_usf+2)
        bit 5,a
        jp z,.idig
        ld a,'$'
        call rt_bas_chput
.idig:  ld a,(rt_bas_usf+4)     ; the integer digits, commas between
        or a
        jp nz,.some
        ld a,(rt_bas_usf+5)     ; a lone 0 when it was counted
        ld c,a
        ld a,(rt_bas_usf+2)
        bit 5,a
        jp z,.nd0
        dec c
.nd0:   bit 1,a
        jp nz,.ns0
        and 0Ch
        jp nz,.ns1
        ld a,(rt_bas_usf+3)
        or a
        jp z,.ns1
.ns0:   dec c
.ns1:   ld a,c
        or a
        jp z,.decs
        ld a,'0'
        call rt_bas_chput
        jp .decs
.some:  ld b,a                  ; B = digits left to print
        ld c,1                  ; C = the digit's index (1-based)
.id:    call rt_bas_usdigit
        push bc
        call rt_bas_chput
        pop bc
        dec b
        jp z,.decs
        inc c
        ld a,(rt_bas_usf+2)
        bit 6,a
        jp z,.id
        ld a,b                  ; a comma when 3, 6, ... digits are left
.m3:    sub 3
        jp z,.comma
        jp nc,.m3
        jp .id
.comma: ld a,','
        push bc
        call rt_bas_chput
        pop bc
        jp .id
.decs:  ld a,(rt_bas_usf+2)
        bit 0,a
        jp z,.trail
        ld a,'.'
        call rt_bas_chput
        ld a,(rt_bas_usf+1)
        or a
        jp z,.trail
        ld b,a
        ld a,(BCD_DAC)          ; first decimal: digit exponent-64+1
        or a
        jp z,.dz
        sub 64
        jp .dc
.dz:    ld a,-100               ; zero: every digit is 0
.dc:    ld c,a
.dd:    inc c
        call rt_bas_usdigit
        push bc
        call rt_bas_chput
        pop bc
        djnz .dd
.trail: jp rt_bas_ustrail

; The sign after the number, when the field has one: + or -, or a blank
; or - (rt_bas_usfmtn's and rt_bas_usexp's).
rt_bas_ustrail:
        ld a,(rt_bas_usf+2)
        bit 2,a
        jp nz,.tplus
        bit 3,a
        ret z
        ld a,(rt_bas_usf+3)
        or a
        ld a,' '
        jp z,.tput
        ld a,'-'
.tput:  jp rt_bas_chput
.tplus: ld a,(rt_bas_usf+3)
        or a
        ld a,'+'
        jp z,.tput
        ld a,'-'
        jp .tput

; The E format (^^^^), as Microsoft's BASICs print it (GW-BASIC manual,
; PRINT USING; the free ROMs' PUFOUT, math/mpusexp.asm): k digits before the
; point, the field's positions less one kept for the sign (a blank or -)
; unless a leading + or a sign after places it; the decimals; the digits
; rounded half up; then E, the exponent's sign and two digits.
rt_bas_usexp:
        ld a,(BCD_DAC)
        rlca
        and 1
        ld (rt_bas_usf+3),a     ; negative
        call bcd_abs
        ld a,(rt_bas_usf)       ; k
        ld b,a
        or a
        jp z,.k
        ld a,(rt_bas_usf+2)
        and 0Ch
        jp nz,.k                ; the sign goes after
        dec b
.k:     ld a,b
        ld (rt_bas_usf+4),a
        ld hl,rt_bas_usf+1      ; k + decimals digits, at least 1
        add a,(hl)
        jp nz,.n
        inc a
.n:     ld b,a
        ld a,(BCD_DAC)
        or a
        ld c,-100               ; zero: every digit 0
        jp z,.sign
        sub b                   ; + 0.5 on the digit after the last
        jp c,.rd
        jp z,.rd
        call rt_bas_ushalf
.rd:    ld c,0
.sign:  push bc
        ld a,(rt_bas_usf+2)     ; the sign in front
        bit 1,a
        jp nz,.plus
        and 0Ch
        jp nz,.dig
        ld a,(rt_bas_usf+3)
        or a
        ld a,'-'
        jp nz,.sput
        ld a,(rt_bas_usf)       ; a blank where the field has room
        or a
        jp z,.dig
        ld a,' '
        jp .sput
.plus:  ld a,(rt_bas_usf+3)
        or a
        ld a,'+'
        jp z,.sput
        ld a,'-'
.sput:  call rt_bas_chput
.dig:   pop bc
        ld a,(rt_bas_usf+4)     ; the k digits
        call .ds
        ld a,(rt_bas_usf+2)
        bit 0,a
        jp z,.e
        push bc
        ld a,'.'
        call rt_bas_chput
        pop bc
        ld a,(rt_bas_usf+1)     ; the decimals
        call .ds
.e:     ld a,(BCD_DAC)          ; the exponent: DAC's less 64, less k
        or a
        jp z,.x
        sub 64
        ld hl,rt_bas_usf+4
        sub (hl)
.x:     ld de,rt_bas_usk        ; E, its sign, two digits, as FOUT writes
        call bcd_fo_expa        ; them
        ld hl,rt_bas_usk
        ld b,4
.xp:    ld a,(hl)
        inc hl
        push bc
        push hl
        call rt_bas_chput
        pop hl
        pop bc
        djnz .xp
        jp rt_bas_ustrail
.ds:    or a                    ; A digits after digit C (C advanced)
        ret z
        ld b,a
.dl:    inc c
        call rt_bas_usdigit
        push bc
        call rt_bas_chput
        pop bc
        djnz .dl
        ret

; BCD_DAC += 0.5 * 10^e, A = 64 + e its exponent byte: a number rounded
; half up on the digit after the last one printed.
rt_bas_ushalf:
        ld hl,rt_bas_usk
        ld (hl),a
        inc hl
        ld (hl),50h
        ld b,6
.z:     inc hl
        ld (hl),0
        djnz .z
        ld hl,rt_bas_usk
        call bcd_load_arg
        jp bcd_add

; A = the character of digit C (1-based, signed) of BCD_DAC: '0' outside
; 1-14. Keeps BC.
rt_bas_usdigit:
        ld a,c
        dec a
        cp 14
        jp nc,.zero
        srl a
        ld e,a
        ld d,0
        ld hl,BCD_DAC+1
        add hl,de
        ld a,(hl)
        bit 0,c
        jp z,.low               ; even digit: the low nibble
        rrca
        rrca
        rrca
        rrca
.low:   and 0Fh
        add a,'0'
        ret
.zero:  ld a,'0'
        ret
