; ---------------------------------------------------------------------------
; usingfmt.asm - PRINT USING's number fields formatted by the runtime (a .COM,
; which has no main ROM in page 0): the field read by using.asm
; (rt_bas_usf), the number in BCD_DAC. The free ROMs' PUFOUT is a port of
; this code (roms-free-bios/math/mpusing.asm), so both print the same text;
; a disk's or a cartridge's program calls the ROM's (usingrom.asm).
; ---------------------------------------------------------------------------

; The number in BCD_DAC in the field rt_bas_usf, printed.
rt_bas_usfield:
        ld a,(rt_bas_usf+6)
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
