; ---------------------------------------------------------------------------
; math/fin.asm - text to number, the body of FIN (3299h); ported from
; crates/msx-basic/runtime/input.asm (labels MPF_).
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

; MP_FS: +0 type (2/4/8), +1 significant digits (D), +2 digits after
; the point (B), +3 point seen, +4 negative, +5 exponent magnitude,
; +6 a non-zero digit seen, +7 `%` suffix, +8 exponent negative, +9 spare

; Skips blanks (space, TAB, LF) at HL; A = the character there.
MPF_FBLANK:
        ld a,(hl)
        cp ' '
        jr z,MPF_FBLANK_S
        cp 9
        jr z,MPF_FBLANK_S
        cp 10
        ret nz
MPF_FBLANK_S:     inc hl
        jr MPF_FBLANK

; FIN: HL = text. MP_DAC = the number as a double, A = its type (2, 4,
; 8), HL = the character after it. Errors: 6 Overflow, 2 Syntax error
; (`&` not followed by H, O or B).
MPF_FIN:
        push hl
        ld hl,MP_FS
        ld b,10
        xor a
MPF_FIN_CLR:   ld (hl),a
        inc hl
        djnz MPF_FIN_CLR
        ld hl,MP_DAC
        ld b,10
MPF_FIN_CLRD:  ld (hl),a
        inc hl
        djnz MPF_FIN_CLRD
        ld h,a
        ld l,a
        ld (MP_FINT),hl
        ld a,2
        ld (MP_FS),a
        pop hl
        call MPF_FBLANK
        cp '&'
        jp z,MPF_FIN_RADIX
        cp '-'
        jr nz,MPF_FIN_PLUS
        ld (MP_FS+4),a      ; non-zero: negative
        inc hl
        jr MPF_FIN_LOOP
MPF_FIN_PLUS:  cp '+'
        jr nz,MPF_FIN_LOOP
        inc hl
MPF_FIN_LOOP:  call MPF_FBLANK
        sub '0'
        cp 10
        jp nc,MPF_FIN_OTHER
        ld c,a                  ; C = the digit
        or a
        jr nz,MPF_FIN_COUNT
        ld a,(MP_FS+3)
        or a
        jr nz,MPF_FIN_COUNT
        ld a,(MP_FS+1)
        or a
        jp z,MPF_FIN_NEXT              ; a leading zero before the point
MPF_FIN_COUNT: ld a,(MP_FS+1)
        inc a
        ld (MP_FS+1),a
        cp 7
        jr nz,MPF_FIN_ND
        ld a,8                  ; the 7th significant digit: double
        ld (MP_FS),a
MPF_FIN_ND:    ld a,(MP_FS+3)
        or a
        jr z,MPF_FIN_NB
        ld a,(MP_FS+2)
        inc a
        ld (MP_FS+2),a
MPF_FIN_NB:    ld a,(MP_FS)
        cp 2
        jr nz,MPF_FIN_STORE
        push hl                 ; integer: value * 10 + digit while < 32768
        ld hl,(MP_FINT)
        ld de,3277
        or a
        sbc hl,de
        add hl,de
        jr nc,MPF_FIN_TOSNG
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
        jr nz,MPF_FIN_TOSNG
        ld (MP_FINT),hl
        pop hl
        jr MPF_FIN_STORE
MPF_FIN_TOSNG: pop hl
        ld a,4
        ld (MP_FS),a
MPF_FIN_STORE: ld a,c
        or a
        jr nz,MPF_FIN_NZ
        ld a,(MP_FS+6)
        or a
        jr nz,MPF_FIN_PUT
        ld (MP_FS+1),a      ; zeros before the first non-zero digit
        jr MPF_FIN_NEXT                ; do not count (after the point)
MPF_FIN_NZ:    ld a,1
        ld (MP_FS+6),a
MPF_FIN_PUT:   ld a,(MP_FS+1)
        cp 16
        jr nc,MPF_FIN_NEXT             ; digits past the 15th are dropped
        push hl
        ld e,a
        inc a
        srl a
        ld hl,MP_DAC
        add a,l
        ld l,a
        ld a,h
        adc a,0
        ld h,a                  ; HL = DAC + (D + 1) / 2
        ld a,c
        bit 0,e
        jr z,MPF_FIN_LOW
        rlca
        rlca
        rlca
        rlca
MPF_FIN_LOW:   or (hl)
        ld (hl),a
        pop hl
MPF_FIN_NEXT:  inc hl
        jp MPF_FIN_LOOP
MPF_FIN_OTHER: add a,'0'
        cp '.'
        jr nz,MPF_FIN_LETTER
        ld a,(MP_FS+3)
        or a
        jp nz,MPF_FIN_END              ; a second point ends the number
        inc a
        ld (MP_FS+3),a
        ld a,(MP_FS)
        cp 2
        jr nz,MPF_FIN_NEXT
        ld a,4                  ; a point makes an integer single
        ld (MP_FS),a
        jr MPF_FIN_NEXT
MPF_FIN_LETTER:
        ld b,a
        and 0DFh
        cp 'D'
        jr z,MPF_FIN_EXPD
        cp 'E'
        jr nz,MPF_FIN_SUFFIX
        push hl                 ; "EL"/"EQ" are not an exponent (ROM J32C2)
        inc hl
        call MPF_FBLANK
        and 0DFh
        pop hl
        cp 'L'
        jr z,MPF_FIN_END
        cp 'Q'
        jr z,MPF_FIN_END
        ld a,(MP_FS)
        cp 8
        jr z,MPF_FIN_EXPO
        ld a,4
        jr MPF_FIN_EXPS
MPF_FIN_EXPD:  ld a,8
MPF_FIN_EXPS:  ld (MP_FS),a
MPF_FIN_EXPO:  inc hl
        call MPF_FBLANK
        cp '-'
        jr z,MPF_FIN_ENEG
        cp 0F2h                 ; the - token
        jr z,MPF_FIN_ENEG
        cp '+'
        jr z,MPF_FIN_EPOS
        cp 0F1h                 ; the + token
        jr nz,MPF_FIN_EDIG
        jr MPF_FIN_EPOS
MPF_FIN_ENEG:  ld (MP_FS+8),a
MPF_FIN_EPOS:  inc hl
MPF_FIN_EDIG:  ld c,0
MPF_FIN_ELOOP: call MPF_FBLANK
        sub '0'
        cp 10
        jr nc,MPF_FIN_EEND
        ld b,a
        ld a,c
        cp 12
        jr nc,MPF_FIN_ESAT             ; the ROM stops counting at 128
        add a,a
        add a,a
        add a,c
        add a,a
        add a,b
        ld c,a
        inc hl
        jr MPF_FIN_ELOOP
MPF_FIN_ESAT:  ld c,128
        inc hl
        jr MPF_FIN_ELOOP
MPF_FIN_EEND:  ld a,c
        ld (MP_FS+5),a
        jr MPF_FIN_END
MPF_FIN_SUFFIX:
        ld a,b
        cp '%'
        jr nz,MPF_FIN_SFX2
        ld (MP_FS+7),a
        inc hl
        jr MPF_FIN_END
MPF_FIN_SFX2:  cp '#'
        ld c,8
        jr z,MPF_FIN_SFX
        cp '!'
        ld c,4
        jr nz,MPF_FIN_END
MPF_FIN_SFX:   ld a,c
        ld (MP_FS),a
        inc hl
MPF_FIN_END:   push hl
        ld a,(MP_FS)
        cp 2
        jr z,MPF_FIN_INT
        ld a,(MP_FS+6)
        or a
        jr z,MPF_FIN_ZERO
        ld a,(MP_FS+1)      ; exponent = 40h + D - B +- E
        ld l,a
        ld h,0
        ld de,40h
        add hl,de
        ld a,(MP_FS+2)
        ld e,a
        sbc hl,de
        ld a,(MP_FS+5)
        ld e,a
        ld a,(MP_FS+8)
        or a
        jr z,MPF_FIN_ADDX
        sbc hl,de
        jr MPF_FIN_CHK
MPF_FIN_ADDX:  add hl,de
MPF_FIN_CHK:   ld a,h
        or a
        jp nz,MPB_OVERFLOW      ; below 0 or far above
        ld a,l
        or a
        jr z,MPF_FIN_ZERO              ; exactly at the bottom: 0
        cp 80h
        jp nc,MPB_OVERFLOW
        ld (MP_DAC),a
        ld a,(MP_FS)
        cp 8
        jr nz,MPF_FIN_SNG
        call MPB_ROUND          ; on the 15th digit
        jr MPF_FIN_SIGN
MPF_FIN_SNG:   call MPB_ROUND_SINGLE
        jr MPF_FIN_SIGN
MPF_FIN_ZERO:  xor a
        ld (MP_DAC),a
MPF_FIN_SIGN:  ld a,(MP_FS+4)
        or a
        call nz,MPB_NEG
        jr MPF_FIN_PCT
MPF_FIN_INT:   ld hl,(MP_FINT)
        ld a,(MP_FS+4)
        or a
        jr z,MPF_FIN_IPOS
        xor a
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
MPF_FIN_IPOS:  call MPB_FROM_INT
MPF_FIN_PCT:   ld a,(MP_FS+7)
        or a
        jr z,MPF_FIN_RET
        call MPB_TO_INT         ; `%`: CINT, Overflow out of range
        call MPB_FROM_INT
        ld a,2
        ld (MP_FS),a
MPF_FIN_RET:   ld a,(MP_FS)
        pop hl
        ret
MPF_FIN_RADIX: inc hl                  ; &H &O &B (ROM C4EB8)
        call MPF_FBLANK
        cp 'a'
        jr c,MPF_FIN_UP
        cp 'z'+1
        jr nc,MPF_FIN_UP
        and 5Fh
MPF_FIN_UP:    ld bc,0102h             ; B = bits per digit, C = base
        cp 'B'
        jr z,MPF_FIN_RDIG
        ld bc,0308h
        cp 'O'
        jr z,MPF_FIN_RDIG
        ld bc,0410h
        cp 'H'
        jr z,MPF_FIN_RDIG
        ld e,2                  ; Syntax error
        jp MP_ERROR
MPF_FIN_RDIG:  ld de,0
MPF_FIN_RNEXT: inc hl
        ld a,(hl)
        cp 'a'
        jr c,MPF_FIN_RUP
        cp 'z'+1
        jr nc,MPF_FIN_RUP
        and 5Fh
MPF_FIN_RUP:   cp '9'+1
        jr c,MPF_FIN_R09
        cp 'A'
        jr c,MPF_FIN_REND
        sub 7
MPF_FIN_R09:   sub '0'
        cp c
        jr nc,MPF_FIN_REND
        ex de,hl
        push bc
MPF_FIN_RSH:   add hl,hl
        jp c,MPB_OVERFLOW
        djnz MPF_FIN_RSH
        pop bc
        or l
        ld l,a
        ex de,hl
        jr MPF_FIN_RNEXT
MPF_FIN_REND:  push hl
        ex de,hl
        call MPB_FROM_INT
        pop hl
        ld a,2
        ret

