; Event traps: ON KEY/STOP/SPRITE/STRIG/INTERVAL GOSUB and KEY(n)/STOP/
; SPRITE/STRIG(n)/INTERVAL ON/OFF/STOP, with MSX-BASIC's semantics (ROM
; source reconstruction, base200/basic2.asm: J631B ON, J632B OFF, C6331
; STOP, C633E the RETURN of a handler, C6358 acknowledge, C6389 the trap
; check of NEWSTT; bios.asm KEYINT J0C3C for what the interrupt detects).
;
; Table (our own RAM, not the system's TRPTBL, so that a real MSX's BIOS,
; which also serves TRPTBL from its interrupt, cannot count twice): one
; flag byte per event in the ROM's order, KEY 1-10 (0-9), STOP (10),
; SPRITE (11), STRIG 0-4 (12-16), INTERVAL (17):
;   bit 0 ON, bit 1 STOP(ped), bit 2 the event happened (pending).
; rt_bas_trpn counts the entries whose flags are exactly 5 (ON, not
; stopped, pending): the compiled program tests it at every line start and
; every NEXT and, when it is not 0, GOSUBs the handler (rt_bas_trapsel).
; rt_bas_trph holds each entry's handler: 0 none, else its number in the
; compiler's table of handler lines.
;
; The events are seen by our H.TIMI hook (FD9Fh), called by the BIOS at
; every VBlank with A = S#0 (MSX2 Technical Handbook, "Hooks"):
;   SPRITE   S#0 bit 5 (two sprites overlap)
;   INTERVAL a counter reloaded from the ON INTERVAL value
;   STOP     INTFLG (FC9Bh) = 3: CTRL+STOP pressed (cleared here)
;   KEY(n)   F1-F5 in NEWKEY (FBE5h) rows 6/7, with SHIFT F6-F10, on press
;   STRIG(n) TRGFLG (F3E8h) on press: bit 0 space, 4 port 1 A, 5 port 1 B,
;            6 port 2 A, 7 port 2 B (0 = pressed; ROM KEYINT maps them to
;            STRIG 0, 1, 3, 2, 4)
; then the hook continues with what H.TIMI held before.

;@var rt_bas_trpf 18
;@var rt_bas_trph 36
;@var rt_bas_trpn 1
;@var rt_bas_trpi 4
;@var rt_bas_trpk 2
;@var rt_bas_trpo 5
;@var rt_bas_trpg 128

; Start of a program that uses traps: our hook into H.TIMI, the old hook
; kept (5 bytes, run in place after ours). The table is zero (all OFF), and
; so is FNKFLG (FBCEh, one byte per function key: the ROM's trap clearing
; J6374). CURLIN (F41Ch) becomes 0, "a program runs": the BIOS's key
; decoder honours FNKFLG only then (Red Book 0EC5H; ROM direct mode is
; FFFFh).
rt_bas_trapinit:
        ld hl,0FBCEh
        ld b,10
        xor a
.fnk:   ld (hl),a
        inc hl
        djnz .fnk
        ld h,a
        ld l,a
        ld (0F41Ch),hl
        ld hl,rt_bas_timi
        ld de,rt_bas_trpo
        jp rt_bas_hookset

;@var rt_bas_hksv 5

; HL = a handler for H.TIMI (FD9Fh), DE = 5 bytes where the hook's old
; content goes (the handler ends by running them). The hook is an
; inter-slot call, RST 30h (CALLF), slot, handler, RET, with the slot of
; the memory that holds the handler: the interrupt may come while another
; slot is in the handler's page. A program on a disk or a cartridge is in
; pages 1-2, and page 1 holds the disk ROM while a BDOS call runs (a JP to
; the handler would run the disk ROM's code at that address); the slot is
; what the page shows now (port A8h, and for an expanded slot SLTTBL,
; FCC5h, the BIOS's copy of its secondary register). Under MSX-DOS the
; program is in page 0, which is not there while the BIOS serves the
; interrupt (the MSX-DOS environment's 0038h puts the BIOS in page 0 and
; calls its KEYINT, whose H.TIMI call finds RAM in pages 1-3 only): the
; slot is that of the RAM in the handler's page (RAMAD0-RAMAD3,
; F341h-F344h, which MSX-DOS sets). The program's end (rt_bas_exithook)
; puts H.TIMI back as it was, before MSX-DOS or MSX-BASIC reuses the
; program's memory.
rt_bas_hookset:
        di
        push hl
        push de
        ld a,(rt_bas_hksv)
        or a
        jr nz,.save             ; the first hook kept H.TIMI already
        ld hl,0FD9Fh
        ld de,rt_bas_hksv
        ld bc,5
        ldir
        ld hl,(rt_bas_exithook)
        ld a,h
        or l
        jr nz,.save             ; PLAY's, which ends in rt_bas_unhook
        ld hl,rt_bas_unhook
        ld (rt_bas_exithook),hl
.save:  pop de
        ld hl,0FD9Fh
        ld bc,5
        ldir
        pop de                  ; DE = the handler
        ld a,d                  ; its page
        rlca
        rlca
        and 3
        ld c,a
        ld hl,BDOS
        ld a,h
        or a
        jr nz,.now
        ld a,c                  ; MSX-DOS: RAMADn
        ld hl,0F341h
        add a,l
        ld l,a
        ld a,(hl)
        jr .set
.now:   call rt_bas_pageslot
.set:   ld hl,0FD9Fh
        ld (hl),0F7h            ; RST 30h
        inc hl
        ld (hl),a
        inc hl
        ld (hl),e
        inc hl
        ld (hl),d
        inc hl
        ld (hl),0C9h            ; RET
        ei
        ret

; A = the slot page C (0-3) shows now, as a slot ID (ENASLT's, RDSLT's): the
; primary slot from port A8h, and for an expanded slot the secondary from
; SLTTBL (FCC5h + the primary slot), the BIOS's copy of its register.
; Changes BC, HL.
rt_bas_pageslot:
        in a,(0A8h)
        call .page
        ld b,a
        ld hl,0FCC1h            ; EXPTBL: bit 7 for an expanded slot
        add a,l
        ld l,a
        ld a,(hl)
        and 80h
        or b
        ret p
        ld b,a                  ; 80h + the primary slot
        ld a,l
        add a,4                 ; SLTTBL
        ld l,a
        ld a,(hl)
        call .page
        rlca
        rlca
        or b
        ret
; A = the two bits of page C (0-3) in the slot register A.
.page:  push bc
        ld b,c
        inc b
        jr .pg1
.pgl:   rrca
        rrca
.pg1:   djnz .pgl
        and 3
        pop bc
        ret

; The end of a program that hooked H.TIMI: the hook as it was before, the PSG's three channels silent (PLAY stops with the program),
; FNKFLG clear and CURLIN FFFFh again, so the function keys type their
; texts at the prompt.
rt_bas_unhook:
        di
        ld hl,rt_bas_hksv
        ld de,0FD9Fh
        ld bc,5
        ldir
        ld hl,0FBCEh
        ld b,10
.fnk:   ld (hl),0
        inc hl
        djnz .fnk
        ld hl,0FFFFh
        ld (0F41Ch),hl
        ld b,3
        ld a,8
.mute:  out (0A0h),a
        push af
        xor a
        out (0A1h),a
        pop af
        inc a
        djnz .mute
        ei
        ret

; H.TIMI: A = S#0. Keeps every register.
rt_bas_timi:
        push af
        push bc
        push de
        push hl
        and 20h
        ld hl,rt_bas_trpf+11
        call nz,rt_bas_trpreq
        ; INTERVAL: counts only once ON INTERVAL has set the reload value.
        ld hl,(rt_bas_trpi+2)
        ld a,h
        or l
        jr z,.stop
        ld hl,(rt_bas_trpi)
        dec hl
        ld a,h
        or l
        jr nz,.count
        ld hl,rt_bas_trpf+17
        call rt_bas_trpreq
        ld hl,(rt_bas_trpi+2)
.count: ld (rt_bas_trpi),hl
.stop:  ld a,(rt_bas_trpf+10)
        rrca
        jr nc,.fkeys
        ld a,(0FC9Bh)
        cp 3
        jr nz,.fkeys
        xor a
        ld (0FC9Bh),a
        ld hl,rt_bas_trpf+10
        call rt_bas_trpreq
.fkeys: ld a,(0FBE5h+6)         ; F1-F3: bits 5-7
        rlca
        rlca
        rlca
        and 7
        ld b,a
        ld a,(0FBE5h+7)         ; F4, F5: bits 0-1
        and 3
        add a,a
        add a,a
        add a,a
        or b
        cpl
        and 1Fh                 ; bits 0-4: F1-F5 held now
        ld b,a
        ld a,(rt_bas_trpk)
        cpl
        and b                   ; pressed since the last interrupt
        ld c,a
        ld a,b
        ld (rt_bas_trpk),a
        ld a,c
        or a
        jr z,.trig
        ld hl,rt_bas_trpf
        ld a,(0FBE5h+6)         ; SHIFT (bit 0 clear): F6-F10
        rrca
        jr c,.fk
        ld hl,rt_bas_trpf+5
.fk:    ld b,5
.fkey:  rr c
        call c,rt_bas_trpreq
        inc hl
        djnz .fkey
.trig:  ld a,(0F3E8h)
        ld b,a
        ld hl,rt_bas_trpk+1
        xor (hl)
        and (hl)                ; released before, pressed now
        ld (hl),b
        ld c,a
        rrca
        ld hl,rt_bas_trpf+12
        call c,rt_bas_trpreq
        ld hl,rt_bas_trpf+13
        bit 4,c
        call nz,rt_bas_trpreq
        ld hl,rt_bas_trpf+15
        bit 5,c
        call nz,rt_bas_trpreq
        ld hl,rt_bas_trpf+14
        bit 6,c
        call nz,rt_bas_trpreq
        ld hl,rt_bas_trpf+16
        bit 7,c
        call nz,rt_bas_trpreq
        pop hl
        pop de
        pop bc
        pop af
        jp rt_bas_trpo

; The event of entry HL happened (BIOS REQTRP, 0EF1h): remembered when the
; entry is ON; counted when it is not stopped either. Keeps BC, DE, HL.
rt_bas_trpreq:
        ld a,(hl)
        rrca
        ret nc
        ld a,(hl)
        bit 2,a
        ret nz
        or 4
        ld (hl),a
        and 2
        ret nz
        ld a,(rt_bas_trpn)
        inc a
        ld (rt_bas_trpn),a
        ret

; KEY(n)/STRIG(n)/… ON/OFF/STOP: A = 0 ON, 1 OFF, 2 STOP; HL = the number
; (KEY: n-1), D = the entry of number 0, E = how many numbers there are.
; "Illegal function call" (5) for a number out of range. For KEY(n), FNKFLG
; n-1 becomes the entry's ON bit afterwards (ROM C77E8), so the BIOS does
; not type the key's text while its trap is ON (or ON and stopped).
rt_bas_trsw:
        ld b,a
        ld a,h
        or a
        jr nz,.bad
        ld a,l
        cp e
        jr nc,.bad
        add a,d
        ld e,a
        ld d,0
        ld hl,rt_bas_trpf
        add hl,de
        di
        ld a,b
        or a
        jr z,.on
        dec a
        jr z,.off
        ld a,(hl)               ; STOP (C6331): paused, no longer counted
        ld c,a
        or 2
        ld (hl),a
        ld a,c
        jr .uncount
.off:   ld a,(hl)               ; OFF (J632B): everything forgotten
        ld (hl),0
.uncount:
        cp 5
        jr nz,.done
        ld a,(rt_bas_trpn)
        or a
        jr z,.done
        dec a
        ld (rt_bas_trpn),a
.done:  ld a,e
        cp 10
        jr nc,.ei               ; not a function key
        ld a,(hl)
        and 1
        ld hl,0FBCEh            ; FNKFLG
        add hl,de
        ld (hl),a
.ei:    ei
        ret
.on:    ld a,(hl)               ; ON (J631B): a pending event now counts
        and 4
        or 1
        cp (hl)
        ld (hl),a
        jr z,.done
        and 4
        jr z,.done
        ld a,(rt_bas_trpn)
        inc a
        ld (rt_bas_trpn),a
        jr .done
.bad:   ld e,5
        jp rt_bas_error

; ON INTERVAL=n: HL = n (interrupts between two events); 0 is "Illegal
; function call" (5), as in the ROM (C7810).
rt_bas_interval:
        ld a,h
        or l
        jr z,.bad
        di
        ld (rt_bas_trpi),hl
        ld (rt_bas_trpi+2),hl
        ei
        ret
.bad:   ld e,5
        jp rt_bas_error

; The trap check found rt_bas_trpn not 0 and GOSUBbed (rt_bas_tgosub) to
; here: HL = the handler of the first entry that is ON, not stopped,
; pending and has a handler, after acknowledging and stopping it (C6389;
; RETURN starts it again) and marking the GOSUB as this trap's; HL = 0
; when there is none (the program RETURNs at once).
rt_bas_trapsel:
        ld hl,rt_bas_trpf
        ld de,rt_bas_trph
        ld b,0
.scan:  ld a,(hl)
        cp 5
        jr nz,.next
        ld a,(de)
        ld c,a
        inc de
        ld a,(de)
        dec de
        or c
        jr nz,.found
.next:  inc hl
        inc de
        inc de
        inc b
        ld a,b
        cp 18
        jr c,.scan
        ld hl,0
        ret
.found: di
        ld (hl),3               ; acknowledged (C6358) and stopped (C6331)
        ld a,(rt_bas_trpn)
        or a
        jr z,.counted
        dec a
        ld (rt_bas_trpn),a
.counted:
        ei
        push de
        call rt_bas_trpgat
        inc b
        ld (hl),b               ; this GOSUB is entry b-1's
        pop hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        ret

; HL = the trap mark of the GOSUB on top of the stack. Keeps BC.
rt_bas_trpgat:
        ld hl,(rt_bx_gsp)
        srl h
        rr l
        dec hl
        ld de,rt_bas_trpg
        add hl,de
        ret

; GOSUB in a program that uses traps: HL = the return site; the GOSUB is
; no trap's.
; The trap check at a line start or a NEXT: HL = the return site. When an
; event waits (rt_bas_trpn), the site is pushed as the GOSUB of a handler
; (rt_bas_tgosub) and carry is set: the program goes to its dispatch.
; Else no carry.
rt_bas_tchk:
        ld a,(rt_bas_trpn)
        or a
        ret z
        call rt_bas_tgosub
        scf
        ret

; The same check with its site inline (`call rt_bas_tchki` / `dw site`:
; z80-codegen's inline_calls puts it where `ld hl,site` / `call
; rt_bas_tchk` / `jp c,dispatch` was, 5 bytes for 9): no event, it returns
; past the word; an event, and it pushes the site and goes to the
; program's dispatch itself (rt_bas_tdisp, the label the rewrite puts
; there).
rt_bas_tchki:
        ld a,(rt_bas_trpn)
        or a
        jr nz,.trap
        pop hl
        inc hl
        inc hl
        jp (hl)
.trap:  pop hl
        push hl                 ; (an error in the GOSUB names this line)
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        call rt_bas_tgosub
        pop hl
        jp rt_bas_tdisp

rt_bas_tgosub:
        call rt_bx_gosub
        call rt_bas_trpgat
        ld (hl),0
        ret

; RETURN in a program that uses traps: HL = the return site (popped, as
; rt_bx_return); the RETURN of a trap's handler starts the trap again if
; it is still ON (RETURN C4821, C633E): an event remembered meanwhile is
; then trapped.
rt_bas_treturn:
        ld hl,(rt_bx_gsp)
        ld a,h
        or l
        jp z,rt_bx_return
        call rt_bas_trpgat
        ld a,(hl)
        ld (hl),0
        push af
        call rt_bx_return
        pop af
        or a
        ret z
        push hl
        dec a
        ld e,a
        ld d,0
        ld hl,rt_bas_trpf
        add hl,de
        di
        ld a,(hl)
        rrca
        jr nc,.done
        ld a,(hl)
        and 5
        cp (hl)
        ld (hl),a
        jr z,.done
        cp 5
        jr nz,.done
        ld a,(rt_bas_trpn)
        inc a
        ld (rt_bas_trpn),a
.done:  ei
        pop hl
        ret
