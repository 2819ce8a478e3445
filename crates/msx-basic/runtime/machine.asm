; ---------------------------------------------------------------------------
; machine.asm - USR (machine code called as MSX-BASIC calls it) and the
; printer (LPRINT, LPRINT USING, LPOS) for compiled programs.
;
; USR, as the ROM's J4FD5 (MSX-BASIC 2.0 source reconstruction,
; base200/basic2.asm) and the MSX2 Technical Handbook (chapter 2, 4.2,
; table 2.21 and figure 2.13) give it: the routine's address is USRTAB
; entry n (F39Ah, 10 words; 475Ah, the ROM's FCERR, until DEF USR sets it);
; the argument is in DAC (F7F6h) with its type in VALTYP (F663h): 2
; integer (at DAC+2), 3 string (DAC+2 = the descriptor), 4 single, 8
; double (from DAC+0); the routine is entered with A = VALTYP, HL = DAC,
; DE = the string's descriptor, and returns by RET; the value is then read
; back from DAC by VALTYP, which the routine may change.
;
; The printer, as the BIOS's OUTDLP (1B63h in the MSX BIOS source): TAB
; expanded to blanks up to a multiple of 8, LPTPOS (F415h) counts the
; printed columns (CR sets it to 0, other control characters leave it),
; each character goes to LPTOUT (00A5h), whose carry (the printer busy and
; CTRL+STOP pressed) is 19 Device I/O error (the ROM's M73B2).
; ---------------------------------------------------------------------------

;@var rt_bas_usrarg 2

; Start of a program that uses USR: every USRTAB entry is FCERR (475Ah),
; as after MSX's start, whatever an earlier program left there.
rt_bas_usrinit:
        ld hl,0F39Ah            ; USRTAB
        ld b,10
.e:     ld (hl),5Ah
        inc hl
        ld (hl),47h
        inc hl
        djnz .e
        ret

; USR of an integer: HL = the value, A = n (0-9). The result in BCD_DAC
; (a double holds any VALTYP's number exactly).
rt_bas_usri:
        ld (0F7F8h),hl          ; DAC+2
        ld c,2
        call rt_bas_usrgo
        jp rt_bas_usrnum

; USR of a single or double: the number in BCD_DAC, A = n, C = 4 or 8.
rt_bas_usrd:
        push af
        push bc
        ld hl,BCD_DAC
        ld de,0F7F6h            ; DAC
        ld bc,8
        ldir
        pop bc
        pop af
        call rt_bas_usrgo
        jp rt_bas_usrnum

; The number the routine left in DAC, by VALTYP, to BCD_DAC; a string is
; 13 Type mismatch.
rt_bas_usrnum:
        ld a,(0F663h)           ; VALTYP
        cp 2
        jr z,.int
        ld hl,0F7F6h
        cp 4
        jp z,bcd_load_single_dac
        cp 8
        jp z,bcd_load_dac
        ld e,13
        jp rt_bas_error
.int:   ld hl,(0F7F8h)
        jp bcd_from_int

; USR of a string: HL = its descriptor, A = n. HL = the result: the same
; descriptor when the routine leaves DAC+2 on it (it may have changed the
; characters, never the length), else a temporary of the descriptor DAC+2
; points at. A number left in DAC is 13 Type mismatch.
rt_bas_usrs:
        ld (rt_bas_usrarg),hl
        ld (0F7F8h),hl
        ld c,3
        call rt_bas_usrgo
        ld a,(0F663h)
        cp 3
        jr z,.str
        ld hl,(rt_bas_usrarg)
        call rt_bas_sfree
        ld e,13
        jp rt_bas_error
.str:   ld hl,(0F7F8h)
        ld de,(rt_bas_usrarg)
        or a
        sbc hl,de
        add hl,de
        ret z
        ld a,(hl)
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        ex de,hl
        call rt_bas_stmp
        push hl
        ld hl,(rt_bas_usrarg)
        call rt_bas_sfree
        pop hl
        ret

; Calls USRTAB entry A with VALTYP = C (the value already in DAC): A =
; VALTYP, HL = DAC, DE = (DAC+2). An entry still at FCERR (475Ah) is 5
; Illegal function call, as the ROM's jump there makes it. The routine may
; change every register; IX, IY and the alternate set are kept for the
; program.
rt_bas_usrgo:
        add a,a
        ld e,a
        ld d,0
        ld hl,0F39Ah
        add hl,de
        ld e,(hl)
        inc hl
        ld d,(hl)
        ld hl,475Ah
        or a
        sbc hl,de
        jr nz,.def
        ld e,5
        jp rt_bas_error
.def:   ld a,c
        ld (0F663h),a
        push ix
        push de
        pop ix                  ; IX = the routine
        ld hl,0F7F6h
        ld de,(0F7F8h)
        call rt_bas_xcall
        pop ix
        ret

; Calls IX with AF, BC, DE, HL as set and returns the routine's; keeps IY
; and the alternate registers, which the program and the math pack hold
; values in but machine code (USR, BLOAD's ,R) and the BDOS with the slot
; calls behind it may change. The caller keeps its own IX (push ix, ld ix,
; routine, call, pop ix).
rt_bas_xcall:
        push iy
        exx
        push bc
        push de
        push hl
        exx
        ex af,af'
        push af
        ex af,af'
        call .go
        ex af,af'
        pop af
        ex af,af'
        exx
        pop hl
        pop de
        pop bc
        exx
        pop iy
        ret
.go:    jp (ix)

; LPRINT: the PRINT routines' output goes to the printer (rt_bas_lputc)
; until rt_bas_lselend. While it runs TTYPOS is LPTPOS, LINLEN 253 and
; CLMLST 0EEh, which make PRINT's screen tests the ROM's printer tests: a
; number goes to a new line when LPTPOS + its length reaches 255 (J4A77's
; printer branch), `,` from column 238 on (J4AB1's).
rt_bas_lselout:
        ld a,(0F415h)           ; LPTPOS
        ld bc,0FDEEh            ; LINLEN 253, CLMLST 0EEh
        ld hl,rt_bas_lputc
        jp rt_bas_pdivert

; The end of LPRINT: the screen's TTYPOS, LINLEN and CLMLST back.
rt_bas_lselend:
        jp rt_bas_pscreen

; rt_bas_chput's output while LPRINT runs (reached by a RET with the
; caller's AF on the stack). Keeps every register.
rt_bas_lputc:
        pop af
        push af
        push bc
        push de
        push hl
        call rt_bas_lptdo
        pop hl
        pop de
        pop bc
        pop af
        ret

; A = one character to the printer as OUTDLP; TTYPOS follows LPTPOS.
rt_bas_lptdo:
        cp 9
        jr nz,.c
.tab:   ld a,' '
        call rt_bas_lptdo
        ld a,(0F415h)
        and 7
        jr nz,.tab
        ret
.c:     ld b,a
        sub 13
        jr z,.pos               ; CR: column 0
        jr c,.out               ; other control characters: no column
        cp 13h
        jr c,.out
        ld a,(0F415h)
        inc a
.pos:   ld (0F415h),a
        ld (0F661h),a
.out:   ld a,b
        bios 00A5h              ; LPTOUT
        ret nc
        ld e,19                 ; Device I/O error
        jp rt_bas_error

; LPOS(n): HL = LPTPOS.
rt_bas_lpos:
        ld a,(0F415h)
        ld l,a
        ld h,0
        ret

; VARPTR(#n): HL = n; HL = the address of the file's FCB (in its file
; block, diskfiles.asm). 52 Bad file number outside 1-MAXFILES, and in a
; program that opens no file (it has no file blocks).
rt_bas_fcbptr:
        call rt_bas_fblock
        ld a,(rt_bas_fcnt)
        or a
        jr z,.none
        ld de,5
        add hl,de
        ret
.none:  ld e,52
        jp rt_bas_error
