; Strings: Turbo Pascal's string[n], a length byte followed by up to n characters.

;@var rt_sdst 2
;@var rt_tmpstr 256
;@var rt_insmax 1

; s := src with truncation: HL = source, DE = destination, C = its maximum length.
rt_strcpy:
        ld a,(hl)
        cp c
        jr c,.ok
        ld a,c
.ok:    ld (de),a
        inc hl
        inc de
        or a
        ret z
        ld c,a
        ld b,0
        ldir
        ret

; s := s + src with truncation: HL = source, DE = s, C = the maximum length of s.
rt_strcat:
        push de
        ld a,(de)
        ld b,a                  ; B = current length
        ld a,c
        sub b                   ; room left
        jr c,.none
        jr z,.none
        cp (hl)
        jr c,.room
        ld a,(hl)
.room:  or a
        jr z,.none
        ld c,a                  ; C = characters to append
        add a,b
        ex de,hl                ; HL = s, DE = source
        ld (hl),a
        inc hl
        push bc
        ld c,b
        ld b,0
        add hl,bc               ; HL = the end of s
        pop bc
        ex de,hl
        inc hl
        ld b,0
        ldir
.none:  pop de
        ret

; Appends the character A to the string at DE (maximum length C).
rt_chrcat:
        ld b,a
        ld a,(de)
        cp c
        ret nc
        inc a
        ld (de),a
        ld l,a
        ld h,0
        add hl,de
        ld (hl),b
        ret

; Compares the strings at HL (a) and DE (b): Z if equal, C if a < b (character codes,
; then a proper prefix is smaller).
rt_strcmp:
        ld c,(hl)
        ld a,(de)
        ld b,a
        inc hl
        inc de
.loop:  ld a,c
        or a
        jr z,.aend
        ld a,b
        or a
        jr z,.bend
        ld a,(hl)
        ex de,hl
        cp (hl)
        ex de,hl
        ret nz
        inc hl
        inc de
        dec c
        dec b
        jr .loop
.aend:  ld a,b
        or a
        ret z                   ; both ended: equal
        xor a
        sub 1                   ; a is shorter: C, NZ
        ret
.bend:  ld a,1
        or a                    ; b is shorter: NC, NZ
        ret

; Pos(sub, s): HL = sub, DE = s; HL = the position of the first occurrence, or 0.
rt_pos:
        ld a,(hl)
        or a
        jr z,.no
        ld c,a
        ld a,(de)
        sub c
        jr c,.no
        inc a
        ld b,a
        push af                 ; the number of starting places
        inc hl
        inc de
.try:   push bc
        push de
        push hl
        ld b,c
.cmp:   ld a,(de)
        cp (hl)
        jr nz,.next
        inc de
        inc hl
        djnz .cmp
        pop hl
        pop de
        pop bc
        pop af
        sub b
        inc a
        ld l,a
        ld h,0
        ret
.next:  pop hl
        pop de
        pop bc
        inc de
        djnz .try
        pop af
.no:    ld hl,0
        ret

; Copy(s, index, count) into the string at (rt_sdst): HL = s, DE = index, BC = count.
; An index past the end gives ''; an index below 1 counts from 1.
rt_copy:
        ld a,d
        or a
        jr z,.hi0
        bit 7,d
        jr z,.empty             ; index > 255
        ld e,1                  ; negative: from 1
.hi0:   ld a,e
        or a
        jr nz,.idx
        ld e,1
.idx:   ld a,(hl)
        cp e
        jr c,.empty
        sub e
        inc a                   ; A = characters from index to the end
        bit 7,b
        jr nz,.empty
        ld d,a
        ld a,b
        or a
        ld a,d
        jr nz,.cnt
        ld a,c
        cp d
        jr c,.cnt
        ld a,d
.cnt:   ld d,0
        add hl,de
        ld de,(rt_sdst)
        ld (de),a
        inc de
        or a
        ret z
        ld c,a
        ld b,0
        ldir
        ret
.empty: ld hl,(rt_sdst)
        ld (hl),0
        ret

; Delete(s, index, count): HL = s, DE = index, BC = count.
rt_delete:
        ld a,d
        or a
        ret nz
        or e
        ret z
        bit 7,b
        ret nz
        ld a,(hl)
        cp e
        ret c
        sub e
        inc a
        ld d,a                  ; D = characters from index to the end
        ld a,b
        or a
        jr nz,.all
        ld a,c
        or a
        ret z
        cp d
        jr c,.some
.all:   ld a,e
        dec a
        ld (hl),a
        ret
.some:  ld c,a                  ; C = characters deleted
        ld a,(hl)
        sub c
        ld (hl),a
        ld a,d
        sub c                   ; characters that move down
        ld b,0
        ld d,0
        add hl,de
        ld d,h
        ld e,l
        add hl,bc
        or a
        ret z
        ld c,a
        ldir
        ret

;@var rt_insidx 1

; Insert(src, s, index): HL = src, DE = s, BC = index, A = the maximum length of s.
; Built in rt_tmpstr: s[1..index-1] + src + s[index..], truncated, then copied back.
rt_insert:
        ld (rt_insmax),a
        push hl                 ; src
        push de                 ; s
        ; Clamp the index to 1..length+1.
        ld a,(de)
        inc a
        ld l,a                  ; L = length + 1
        bit 7,b
        jr nz,.one
        ld a,b
        or a
        jr nz,.last
        ld a,c
        or a
        jr z,.one
        cp l
        jr c,.have
.last:  ld a,l
        jr .have
.one:   ld a,1
.have:  ld (rt_insidx),a
        ; rt_tmpstr := s[1..index-1]
        pop hl
        push hl
        ld de,rt_tmpstr
        dec a
        ld (de),a
        inc de
        inc hl
        or a
        jr z,.head
        ld c,a
        ld b,0
        ldir
.head:  ; rt_tmpstr := rt_tmpstr + src
        pop de
        pop hl
        push de
        ld de,rt_tmpstr
        ld a,(rt_insmax)
        ld c,a
        call rt_strcat
        ; rt_tmpstr := rt_tmpstr + s[index..]: the byte before s[index] becomes a
        ; length byte for the moment.
        pop hl
        push hl
        ld a,(rt_insidx)
        ld e,a
        ld d,0
        ld a,(hl)
        sub e
        inc a
        dec e
        add hl,de
        ld b,(hl)
        ld (hl),a
        push hl
        push bc
        ld de,rt_tmpstr
        ld a,(rt_insmax)
        ld c,a
        call rt_strcat
        pop bc
        pop hl
        ld (hl),b
        ; s := rt_tmpstr
        pop de
        ld hl,rt_tmpstr
        ld a,(rt_insmax)
        ld c,a
        jp rt_strcpy

; Str(i:width, s): HL = integer, DE = s, BC = width, A = the maximum length of s.
rt_strint:
        push af
        push bc
        push de
        ld de,rt_numbuf
        call rt_itoa
        pop de                  ; s
        pop bc                  ; width
        pop af
        ld (rt_insmax),a
        ; Leading spaces: width - digits, if positive.
        xor a
        ld (de),a
        ld a,b
        or a
        jr nz,.digits           ; negative or >= 256: no padding (a huge width is cut anyway)
        ld a,(rt_numbuf)
        ld b,a
        ld a,c
        sub b
        jr c,.digits
        jr z,.digits
        ld b,a
.pad:   push bc
        ld a,(rt_insmax)
        ld c,a
        ld a,' '
        push de
        call rt_chrcat
        pop de
        pop bc
        djnz .pad
.digits:
        ld hl,rt_numbuf
        ld a,(rt_insmax)
        ld c,a
        jp rt_strcat

; Val(s, v, code): HL = s, DE = the integer variable, BC = the code variable.
; Accepts leading blanks, a sign, decimal digits or $ and hex digits. code = 0 when
; the whole string was a number, else the position of the first bad character
; (v is then 0).
;@var rt_valcode 2
;@var rt_valneg 1
rt_val:
        ld (rt_valcode),bc
        push de
        ld b,(hl)               ; B = characters left
        ld c,1                  ; C = position
        inc hl
        ld de,0                 ; DE = value
        xor a
        ld (rt_valneg),a
        ; blanks
.blank: ld a,b
        or a
        jp z,.bad
        ld a,(hl)
        cp ' '
        jr nz,.sign
        inc hl
        inc c
        dec b
        jr .blank
.sign:  cp '-'
        jr z,.neg
        cp '+'
        jr nz,.first
        jr .skip1
.neg:   ld a,1
        ld (rt_valneg),a
.skip1: inc hl
        inc c
        dec b
        ld a,b
        or a
        jp z,.bad
        ld a,(hl)
.first: cp '$'
        jr z,.hex
        ; at least one decimal digit
        sub '0'
        cp 10
        jp nc,.bad
.dec:   ld a,b
        or a
        jr z,.end
        ld a,(hl)
        sub '0'
        cp 10
        jp nc,.bad
        push hl
        ld h,d
        ld l,e
        add hl,hl
        add hl,hl
        add hl,de
        add hl,hl               ; value * 10
        ld e,a
        ld d,0
        add hl,de
        ex de,hl
        pop hl
        inc hl
        inc c
        dec b
        jr .dec
.hex:   inc hl
        inc c
        dec b
        ld a,b
        or a
        jp z,.bad
.hexd:  ld a,b
        or a
        jr z,.end
        ld a,(hl)
        call rt_upcase
        sub '0'
        cp 10
        jr c,.hexok
        sub 'A'-'0'-10
        cp 10
        jp c,.bad
        cp 16
        jp nc,.bad
.hexok: push hl
        ex de,hl
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        or l
        ld l,a
        ex de,hl
        pop hl
        inc hl
        inc c
        dec b
        jr .hexd
.end:   ld a,(rt_valneg)
        or a
        jr z,.pos
        xor a
        sub e
        ld e,a
        sbc a,a
        sub d
        ld d,a
.pos:   pop hl
        ld (hl),e
        inc hl
        ld (hl),d
        ld hl,(rt_valcode)
        ld (hl),0
        inc hl
        ld (hl),0
        ret
.bad:   pop hl
        xor a
        ld (hl),a
        inc hl
        ld (hl),a
        ld hl,(rt_valcode)
        ld (hl),c
        inc hl
        ld (hl),a
        ret

; UpCase: A = the character, upper case if it was a-z.
rt_upcase:
        cp 'a'
        ret c
        cp 'z'+1
        ret nc
        sub 32
        ret

; A string used as a character (TP3): HL = the string; A = its character when its length
; is 1, else the program stops with "String length error" (TP3's run-time error 10).
rt_strchr:
        ld a,(hl)
        dec a
        jr nz,.bad
        inc hl
        ld a,(hl)
        ret
.bad:   ld hl,.msg
        ld de,0
        call rt_wstr
        call rt_wln
        jp rt_halt
.msg:   db 19,"String length error"
