; ---------------------------------------------------------------------------
; romcall.asm - a Math-Pack routine of the main ROM called with page 1
; showing the main ROM, for the routines that need it: on an MSX2, FIN
; reads through CHRGTR (4666h) and the functions raise their errors at
; MSX-BASIC's entries (475Ah Illegal function call, 4067h Overflow), all in
; page 1 (fact sheet msx-basic-interpreter.md §4.1, §8), where a compiled
; program on a disk or a cartridge has its own code. MSX-BASIC compilers
; call them the same way.
;
; The switching code runs from page 3: it is copied once into KBUF (F41Fh,
; the cruncher's buffer, which nothing uses while a compiled program runs),
; with room after it for text a routine reads (RC_TEXT). ENASLT (0024h)
; puts EXPTBL's main ROM slot into page 1, the routine runs, and ENASLT
; puts back the slot page 1 showed (rt_bas_pageslot). An error inside the
; routine reaches the ROM's error handler, whose first act is to call
; H.ERRO (FFB1h): the switching code holds that hook for the call, and it
; brings the error (E) back to the program's error routine with page 1 and
; the hook as they were. Interrupts stay off during the call (ENASLT).
; Only with BCD_ROM (a disk's or a cartridge's program).
; ---------------------------------------------------------------------------

;@var rt_bas_rcok 1
; DE = the ROM routine; HL, A and BC go to it as given, HL and A come back
; as it leaves them (and DAC, VALTYP, ARG). Changes BC, DE.
rt_bas_romcall:
        IF DEFINED BCD_ROM
RC_CODE         EQU 0F41Fh              ; .tramp, copied
RC_SLOT         EQU RC_CODE+88          ; the slot page 1 shows the program in
RC_SP           EQU RC_CODE+89          ; SP at the call, for an error
RC_SAVE         EQU RC_CODE+91          ; H.ERRO as it was (5 bytes)
RC_TEXT         EQU RC_CODE+96          ; text for the routine: up to
RC_TEXTMAX      EQU 220                 ; this and a 00h (KBUF is 318 bytes)
        push af
        push hl
        push bc
        ld a,(rt_bas_rcok)
        or a
        jr nz,.ready
        inc a
        ld (rt_bas_rcok),a
        push de
        ld hl,.tramp
        ld de,RC_CODE
        ld bc,.tend-.tramp
        ldir
        ld c,1
        call rt_bas_pageslot
        ld (RC_SLOT),a
        pop de
.ready: ld (RC_CODE+(.tcall-.tramp)+1),de
        pop bc
        pop hl
        pop af
        jp RC_CODE
; The switching code (88 bytes at most: RC_SLOT follows), run at RC_CODE.
.tramp: ld (RC_SP),sp
        push af
        push hl
        push bc
        ld hl,0FFB1h
        ld de,RC_SAVE
        ld bc,5
        ldir
        ld a,0C3h               ; H.ERRO: JP .terr
        ld (0FFB1h),a
        ld hl,RC_CODE+(.terr-.tramp)
        ld (0FFB2h),hl
        ld a,(0FCC1h)           ; EXPTBL: the main ROM's slot
        ld h,40h
        call 0024h              ; ENASLT: page 1 = the main ROM (DI)
        pop bc
        pop hl
        pop af
.tcall: call 0                  ; the routine (set by rt_bas_romcall)
        push af
        push hl
        call RC_CODE+(.tback-.tramp)
        pop hl
        pop af
        ei
        ret
.terr:  ld sp,(RC_SP)           ; an error inside the routine: E = its code
        push de
        call RC_CODE+(.tback-.tramp)
        pop de
        ei
        jp rt_bas_error
.tback: ld a,(RC_SLOT)          ; page 1 = the program, H.ERRO as it was
        ld h,40h
        call 0024h
        ld hl,RC_SAVE
        ld de,0FFB1h
        ld bc,5
        ldir
        ret
.tend:
        ENDIF
