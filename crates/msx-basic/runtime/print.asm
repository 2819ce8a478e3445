; ---------------------------------------------------------------------------
; print.asm - PRINT for compiled MSX-BASIC programs, with the layout rules
; of the ROM's PRINT statement (C4A24): numbers get a trailing blank and a
; newline first when they would pass LINLEN, `,` moves to the next 14-column
; zone or to a new line from CLMLST on, TAB/SPC print blanks.
; The column is TTYPOS (F661h), which MSX's CHPUT sets to CSRX - 1 after
; each character; rt_bas_chput sets it too (a BIOS that does not keep it,
; like the free BIOS, then works the same). LINLEN is F3B0h, CLMLST F3B2h,
; CSRX F3DDh.
; ---------------------------------------------------------------------------

;@var rt_bas_pout 2
;@var rt_bas_psave 3

; One character to the screen; TTYPOS follows the cursor. Keeps every
; register. While PRINT # runs, rt_bas_pout is the file's output routine
; (diskfiles.asm), reached by a RET with AF on the stack; 0 otherwise.
rt_bas_chput:
        push af
        push hl
        ld hl,(rt_bas_pout)
        ld a,h
        or l
        jr z,.screen
        ex (sp),hl
        ret
.screen:
        pop hl
        pop af
        push af
        bios CHPUT
        ld a,(0F3DDh)           ; CSRX
        dec a
        ld (0F661h),a           ; TTYPOS
        pop af
        ret

; The PRINT routines' output goes to HL (rt_bas_pout, reached from
; rt_bas_chput) with TTYPOS = A, LINLEN = B, CLMLST = C until
; rt_bas_pscreen, which puts back the screen's three saved here (PRINT #
; and LPRINT).
rt_bas_pdivert:
        ld (rt_bas_pout),hl
        ld hl,0F661h
        ld e,(hl)
        ld (hl),a
        ld a,e
        ld (rt_bas_psave),a
        ld hl,0F3B0h
        ld a,(hl)
        ld (hl),b
        ld (rt_bas_psave+1),a
        ld hl,0F3B2h
        ld a,(hl)
        ld (hl),c
        ld (rt_bas_psave+2),a
        ret

; Output back to the screen after PRINT # (or an error inside it): TTYPOS,
; LINLEN and CLMLST as they were before it. Keeps every register but AF.
rt_bas_pscreen:
        push hl
        ld hl,(rt_bas_pout)
        ld a,h
        or l
        jr z,.done
        ld hl,0
        ld (rt_bas_pout),hl
        ld a,(rt_bas_psave)
        ld (0F661h),a
        ld a,(rt_bas_psave+1)
        ld (0F3B0h),a
        ld a,(rt_bas_psave+2)
        ld (0F3B2h),a
.done:  pop hl
        ret

; Newline: CR LF.
rt_bas_prnl:
        ld a,13
        call rt_bas_chput
        ld a,10
        jr rt_bas_chput

; A newline unless TTYPOS is 0 (ROM C7323).
rt_bas_freshline:
        ld a,(0F661h)
        or a
        ret z
        jr rt_bas_prnl

; B blanks (none when B is 0).
rt_bas_blanks:
        ld a,b
        or a
        ret z
        ld a,' '
.b:     call rt_bas_chput
        djnz .b
        ret

; PRINT of a string: HL = descriptor (a temporary is released).
rt_bas_prs:
        ld b,(hl)
        push hl
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        inc b
        jr .e
.c:     ld a,(hl)
        call rt_bas_chput
        inc hl
.e:     djnz .c
        pop hl
        jp rt_bas_sfree

; PRINT of a number: BCD_DAC, A = 6 (single) or 14 (double).
rt_bas_prn:
        call bcd_fout
        jr rt_bas_prnum

; PRINT of the integer HL.
rt_bas_pri:
        call bcd_fout_int
        jr rt_bas_prnum

; The zero-terminated number text at HL, then a blank; first a newline if
; TTYPOS + length (blank included) - 1 > LINLEN (ROM J4A77).
rt_bas_prnum:
        push hl
        ld b,1                  ; the trailing blank
        xor a
.len:   cp (hl)
        jr z,.got
        inc hl
        inc b
        jr .len
.got:   ld a,(0F661h)           ; TTYPOS
        add a,b
        dec a
        ld c,a
        ld a,(0F3B0h)           ; LINLEN
        cp c
        call c,rt_bas_prnl
        pop hl
.out:   ld a,(hl)
        or a
        jr z,.end
        call rt_bas_chput
        inc hl
        jr .out
.end:   ld a,' '
        jp rt_bas_chput

; `,` in PRINT: a newline from column CLMLST on, else blanks up to the next
; multiple of 14 (ROM J4AB1).
rt_bas_prcomma:
        ld a,(0F3B2h)           ; CLMLST
        ld b,a
        ld a,(0F661h)
        cp b
        jr nc,rt_bas_prnl
.m:     sub 14
        jr nc,.m
        neg                     ; 14 - (TTYPOS mod 14)
        ld b,a
        jr rt_bas_blanks

; TAB(n): HL = n (0-255): blanks up to column n when TTYPOS < n.
rt_bas_tab:
        call rt_bas_byte
        ld b,a
        ld a,(0F661h)
        cp b
        ret nc
        neg
        add a,b
        ld b,a
        jr rt_bas_blanks

; SPC(n): HL = n (0-255) blanks.
rt_bas_spc:
        call rt_bas_byte
        ld b,a
        jr rt_bas_blanks

; POS(n): HL = TTYPOS, the column PRINT counts from (0 at the left).
rt_bas_pos:
        ld a,(0F661h)
        ld l,a
        ld h,0
        ret
