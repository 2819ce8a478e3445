; Random numbers, Delay, program end.

;@var rt_seed 2

; Random(n): HL = n; HL = a number in 0..n-1 (0 when n <= 0).
; The generator is a 16-bit xorshift (shifts 7, 9, 8: period 65535), whose state never
; becomes 0; the result is (state and 7FFFh) mod n.
rt_random:
        push hl
        call rt_rnd16
        pop de
        ld a,d
        or a
        jp m,.zero
        or e
        jr z,.zero
        res 7,h
        jp rt_mod16
.zero:  ld hl,0
        ret

; HL = the next state of the generator: x ^= x << 7; x ^= x >> 9; x ^= x << 8.
rt_rnd16:
        ld hl,(rt_seed)
        ld a,h
        or l
        jr nz,.go
        ld hl,0ACE1h            ; a state of 0 would stay 0
.go:    ld a,h
        rra                     ; carry = bit 0 of H
        ld a,l
        rra                     ; A = high byte of x << 7, carry = bit 0 of L
        xor h
        ld h,a
        ld a,0
        rra                     ; A = low byte of x << 7
        xor l
        ld l,a
        ld a,h
        srl a                   ; x >> 9
        xor l
        ld l,a
        xor h                   ; x << 8: H ^= L
        ld h,a
        ld (rt_seed),hl
        ret

; Randomize: the seed from the system clock (JIFFY, counted by the interrupt).
rt_randomize:
        ld hl,(JIFFY)
        ld a,r
        xor l
        ld l,a
        ld (rt_seed),hl
        ret

; Delay(ms): HL = milliseconds. A busy loop calibrated for 3.58 MHz with the MSX's
; wait state on every opcode fetch (about 3600 T-states per millisecond); interrupts
; lengthen it by a few per cent.
rt_delay:
        bit 7,h
        ret nz
.ms:    ld a,h
        or l
        ret z
        ld b,255
.wait:  djnz .wait              ; 255 x 14 T-states
        dec hl
        jr .ms


; Bdos(f, de): C = function, DE = parameter; HL = A (the BDOS result).
rt_bdos:
        call BDOS
        ld l,a
        ld h,0
        ret

; BdosHL(f, de): the result in HL.
rt_bdoshl:
        jp BDOS

; Bios(f, bc) and BiosHL(f, bc), as TP3 under CP/M: a call of the BIOS jump table entry
; f (the WBOOT address, the word at 0001h, plus 3 x f) with BC = the parameter; Bios
; answers A (in HL, H = 0), BiosHL answers HL. Only MSX-DOS (a .com) has that table;
; elsewhere (a boot disk, a cartridge: BDOS is not at 0005h) the program stops with
; "Bios needs MSX-DOS". HL = f.
rt_bios:
        call rt_bioshl
        ld l,a
        ld h,0
        ret

rt_bioshl:
        ld a,high(BDOS)
        or a
        jr nz,.none
        ld d,h
        ld e,l
        add hl,hl
        add hl,de
        ld de,(1)
        add hl,de
        jp (hl)                 ; returns to our caller
.none:  ld hl,.msg
        ld de,0
        call rt_wstr
        call rt_wln
        jp rt_halt
.msg:   db 18,"Bios needs MSX-DOS"

; {$R+}: HL must lie in DE..BC (signed); returns HL, or stops the program with
; "Range check error".
rt_rchk:
        ld a,l
        sub e
        ld a,h
        sbc a,d
        jp po,$+5
        xor 80h
        jp m,.bad
        ld a,c
        sub l
        ld a,b
        sbc a,h
        jp po,$+5
        xor 80h
        ret p
.bad:   ld hl,.msg
        ld de,0
        call rt_wstr
        call rt_wln
        jp rt_halt
.msg:   db 17,"Range check error"

; The command line of a .com program: the words (separated by blanks) of the text at
; 0080h (a length byte, then the text). A program started from a boot disk or a
; cartridge has none (BDOS is not at 0005h there). HL = n (1 = the first word); returns
; HL = the words counted, DE = the n-th word and A = its length (0: no such word).
rt_pscan:
        ld c,l
        ld a,h
        or a
        jr z,.n
        ld c,0                  ; n > 255 never matches
.n:     ld hl,0
        ld a,high(BDOS)
        or a
        jr nz,.none
        ld de,080h
        ld a,(de)
        and 07Fh
        ld b,a
        inc de
.skip:  ld a,b
        or a
        jr z,.none
        ld a,(de)
        cp ' '+1
        jr nc,.start
        inc de
        dec b
        jr .skip
.start: inc hl
        push de
.in:    inc de
        dec b
        jr z,.end
        ld a,(de)
        cp ' '+1
        jr nc,.in
.end:   ld a,l
        cp c
        jr z,.found
        pop af
        jr .skip
.found: ld a,e
        pop de
        sub e
        ret
.none:  xor a
        ret

; ParamCount: HL = the number of words on the command line.
rt_paramcount:
        ld hl,0
        jp rt_pscan

; ParamStr(n): HL = n; the word into the string at (rt_sdst) ('' when there is none).
rt_paramstr:
        call rt_pscan
        ld hl,(rt_sdst)
        ld (hl),a
        or a
        ret z
        inc hl
        ex de,hl
        ld c,a
        ld b,0
        ldir
        ret
