; PLAY: MML strings on the PSG's three tone channels, played in the
; background from the timer interrupt as MSX-BASIC does, and PLAY(n).
; Facts from the ROM source reconstruction (base200/basic2.asm: the PLAY
; statement C73E5, its command table I752E and handlers C7586 V, C759E M,
; C75BE S, C75C8 L, C75E2 T, C75EF O, C75FC R, C7621 N, C763E notes, the
; note index table I755F, the octave 1 tone periods I756E and the length
; constant I7754; bios.asm C1131, the interrupt's player):
;   - defaults O4 L4 T120 V8 M255; a channel keeps its settings from one
;     PLAY to the next;
;   - a note lasts 14400 / (L * T) interrupts at 60 Hz (12000 at 50 Hz),
;     truncated; each dot adds half of the last addition; at least 5;
;   - R n is a rest of length n (4 when n is omitted, whatever L is);
;     N n (0-96) is note n: octave n \ 12 + 1, note n MOD 12 from C (N36
;     is O4C), N0 a rest of length L;
;   - the tone period is the octave 1 period of I756E shifted right
;     octave-1 times, rounded up by the last bit shifted out;
;   - C- is B and B# is C of the same octave (the ROM's index table);
;   - S n (0-15) plays with envelope shape n, V n (0-15) with volume n,
;     M n (1-65535) sets the envelope period;
;   - a value out of range is "Illegal function call" (5).
; X and = in a constant string were replaced by the compiler (parse/
; macros.rs); met here (a string made at run time, no variable names at
; run time): "Illegal function call".
;
; Each channel has a queue of 16 notes of 7 bytes: interrupts (word), tone
; period (word, 0: keep), volume register value, envelope period (word).
; PLAY waits while a queue is full. The H.TIMI hook counts the current
; note down and starts the next one. While a PLAY statement queues its
; strings, channels that are silent are held, so that the strings of one
; PLAY start together.

;@var rt_bas_plst 18
;@var rt_bas_plq 351
;@var rt_bas_plold 5
;@var rt_bas_plhold 1
;@var rt_bas_plch 1
;@var rt_bas_plstr 3
;@var rt_bas_plbrk 1

; Per channel c, settings at rt_bas_plst + 6*c: +0 octave, +1 length, +2
; tempo, +3 volume register value, +4 envelope period (word).
; Queue of channel c at rt_bas_plq + 117*c: +0 interrupts left of the
; current note (word), +2 sounding (1), +3 head (1), +4 count (1), +5 the
; 16 entries.

; Start of a program that uses PLAY: default settings, our H.TIMI hook
; (the old one continues after ours).
rt_bas_playinit:
        ld hl,rt_bas_plst
        ld b,3
.ch:    ld (hl),4               ; O4
        inc hl
        ld (hl),4               ; L4
        inc hl
        ld (hl),120             ; T120
        inc hl
        ld (hl),8               ; V8
        inc hl
        ld (hl),255             ; M255
        inc hl
        ld (hl),0
        inc hl
        djnz .ch
        IF DEFINED BCD_ROM
        ld hl,rt_bas_plexit     ; the end waits for the music
        ld (rt_bas_exithook),hl
        ENDIF
        ld hl,rt_bas_pltimi
        ld de,rt_bas_plold
        jp rt_bas_hookset

; The end of a disk's or a cartridge's program (rt_bas_exithook, endrom.asm):
; MSX-BASIC's END and its error prompt leave the music playing, from the
; BIOS's queues; ours go with the program, so it hands over once they
; have played out (CTRL+STOP empties them), then gives H.TIMI back. A
; PLAY cut short by an error while it held the silent channels lets them
; start.
rt_bas_plexit:
        xor a
        ld (rt_bas_plhold),a
.wait:  ei
        ld hl,0
        call rt_bas_playfn      ; PLAY(0)
        ld a,h
        or l
        jp z,rt_bas_unhook
        halt
        jr .wait

; H.TIMI: the three channels. Keeps every register.
rt_bas_pltimi:
        push af
        push bc
        push de
        push hl
        push ix
        ld a,(0FC9Bh)           ; INTFLG: 3 after CTRL+STOP
        cp 3
        call z,rt_bas_plbreak
        ld ix,rt_bas_plq
        ld c,0
.ch:    call rt_bas_plone
        ld de,117
        add ix,de
        inc c
        ld a,c
        cp 3
        jr c,.ch
        pop ix
        pop hl
        pop de
        pop bc
        pop af
        jp rt_bas_plold

; CTRL+STOP, seen by the interrupt (INTFLG 3; an ON STOP trap that is
; on takes it first: its hook runs before this one and clears INTFLG).
; What the ROM's STOP check does (ISCNTC, bios.asm C04F0: INTFLG cleared,
; then GICINI C089E): every queue emptied and the three channels' volumes
; 0, so the music stops. The PLAY statement that is queueing its strings
; drops the rest of them (rt_bas_plbrk; the next PLAY clears it).
rt_bas_plbreak:
        xor a
        ld (0FC9Bh),a
        ld ix,rt_bas_plq
        ld de,117
        ld b,3
.q:     ld (ix+0),a             ; no note sounding, none queued
        ld (ix+1),a
        ld (ix+2),a
        ld (ix+3),a
        ld (ix+4),a
        add ix,de
        djnz .q
        ld e,a
        ld a,8
        call rt_bas_plpsg
        inc a
        call rt_bas_plpsg
        inc a
        call rt_bas_plpsg
        ld a,1
        ld (rt_bas_plbrk),a
        ret

; One channel at an interrupt: IX = its queue, C = the channel. Keeps C,
; IX.
rt_bas_plone:
        ld l,(ix+0)
        ld h,(ix+1)
        ld a,h
        or l
        jr z,.next              ; silent
        dec hl
        ld (ix+0),l
        ld (ix+1),h
        ld a,h
        or l
        ret nz                  ; the note goes on
.next:  ld a,(ix+2)
        or a
        jr nz,.take
        ld a,(rt_bas_plhold)    ; silent: held while a PLAY queues
        or a
        ret nz
.take:  ld a,(ix+4)
        or a
        jr z,.quiet
        dec (ix+4)
        ld a,(ix+3)
        ld e,a
        inc a
        and 15
        ld (ix+3),a
        ld a,e                  ; the entry: +5 + 7 * head
        add a,a
        add a,a
        add a,a
        sub e
        add a,5
        ld e,a
        ld d,0
        push ix
        pop hl
        add hl,de
        ld e,(hl)
        inc hl
        ld d,(hl)
        inc hl
        ld (ix+0),e
        ld (ix+1),d
        ld (ix+2),1
        ld e,(hl)
        inc hl
        ld d,(hl)
        inc hl
        ld a,d
        or e
        jr z,.vol               ; a rest keeps the tone
        ld a,c
        add a,a
        call rt_bas_plpsg       ; register 2c: the period's low byte
        inc a
        ld e,d
        call rt_bas_plpsg
.vol:   ld e,(hl)
        inc hl
        ld a,c
        add a,8
        call rt_bas_plpsg       ; register 8+c: volume or envelope
        bit 4,e
        ret z
        ld b,e
        ld e,(hl)
        inc hl
        ld d,(hl)
        ld a,11
        call rt_bas_plpsg       ; envelope period
        inc a
        ld e,d
        call rt_bas_plpsg
        ld a,b
        and 15
        ld e,a
        ld a,13
        jp rt_bas_plpsg         ; the shape (starts the envelope again)
.quiet: ld a,(ix+2)             ; nothing queued: silence once
        or a
        ret z
        ld (ix+2),0
        ld a,c
        add a,8
        ld e,0
        jp rt_bas_plpsg

; PSG register A = E, through the ports (interrupts are off). Keeps all
; registers.
rt_bas_plpsg:
        out (0A0h),a
        push af
        ld a,e
        out (0A1h),a
        pop af
        ret

; PLAY a$,b$,c$: HL, DE, BC = the strings (0 when absent).
rt_bas_play:
        push bc
        push de
        xor a
        ld (rt_bas_plbrk),a
        inc a
        ld (rt_bas_plhold),a
        xor a
        call rt_bas_plmml
        pop hl
        ld a,1
        call rt_bas_plmml
        pop hl
        ld a,2
        call rt_bas_plmml
        xor a
        ld (rt_bas_plhold),a
        ret

; PLAY(n): HL = n (0-3); HL = -1 while channel n (0: any) sounds or has
; notes queued, else 0. "Illegal function call" (5) outside 0-3.
rt_bas_playfn:
        ld a,h
        or a
        jp nz,rt_bas_plbad
        ld a,l
        cp 4
        jp nc,rt_bas_plbad
        ld c,a
        ld hl,rt_bas_plq+2
        ld de,117
        ld b,1
.ch:    ld a,c
        or a
        jr z,.test              ; PLAY(0): every channel
        cp b
        jr nz,.skip
.test:  di                      ; (the interrupt moves a note from one
        ld a,(hl)               ; to the other)
        inc hl
        inc hl
        or (hl)                 ; sounding, or notes queued
        ei
        dec hl
        dec hl
        jr nz,.busy
.skip:  add hl,de
        inc b
        ld a,b
        cp 4
        jr c,.ch
        ld hl,0
        ret
.busy:  ld hl,0FFFFh
        ret

; Queues the MML string HL (0: none; releases a temporary) on channel A.
rt_bas_plmml:
        ld (rt_bas_plch),a
        ld a,h
        or l
        ret z
        push hl
        ld de,rt_bas_plstr
        ld bc,3
        ldir                    ; a copy of the descriptor: length, text
        pop hl
        call rt_bas_sfree
.cmd:   ld a,(rt_bas_plbrk)     ; CTRL+STOP: the rest dropped
        or a
        ret nz
        call rt_bas_plget
        ret c
        cp ' '
        jp z,.cmd
        ld hl,.cmd
        push hl                 ; each command returns to the loop
        cp 'A'
        jp c,.sym
        cp 'H'
        jp c,rt_bas_plnote
        cp 'R'
        jp z,rt_bas_plrest
        cp 'N'
        jp z,rt_bas_plnn
        ld b,a
        call rt_bas_plnum       ; DE = n, carry: none
        sbc a,a
        ld c,a                  ; C = 0FFh: no number
        ld a,b
        cp 'S'
        jp z,.shape
        cp 'M'
        jp z,.mod
        ld hl,rt_bas_pltab      ; O L T V: offset, default, min, max
.find:  ld a,(hl)
        or a
        jp z,rt_bas_plbad
        cp b
        jp z,.found
        inc hl
        inc hl
        inc hl
        inc hl
        inc hl
        jp .find
.found: inc hl
        ld b,(hl)               ; offset
        inc hl
        inc c
        jp nz,.given
        ld e,(hl)               ; the default
        ld d,0
.given: inc hl
        ld a,d
        or a
        jp nz,rt_bas_plbad
        ld a,e
        cp (hl)
        jp c,rt_bas_plbad       ; below the minimum
        inc hl
        ld a,(hl)
        cp e
        jp c,rt_bas_plbad       ; above the maximum
        ld c,b
        ld b,0
        call rt_bas_plset
        add hl,bc
        ld (hl),e
        ret
.shape: inc c
        jp z,rt_bas_plbad       ; S needs its number
        ld a,d
        or a
        jp nz,rt_bas_plbad
        ld a,e
        cp 16
        jp nc,rt_bas_plbad
        or 10h
        ld e,a
        call rt_bas_plset
        inc hl
        inc hl
        inc hl
        ld (hl),e
        ret
.mod:   inc c
        jp nz,.modn
        ld de,255
.modn:  ld a,d
        or e
        jp z,rt_bas_plbad
        call rt_bas_plset
        ld bc,4
        add hl,bc
        ld (hl),e
        inc hl
        ld (hl),d
        ret
.sym:   cp '<'
        jp z,.down
        cp '>'
        jp nz,rt_bas_plbad
        call rt_bas_plset
        ld a,(hl)
        cp 8
        jp nc,rt_bas_plbad
        inc (hl)
        ret
.down:  call rt_bas_plset
        ld a,(hl)
        cp 2
        jp c,rt_bas_plbad
        dec (hl)
        ret

; O L T V: letter, offset in the settings, default, minimum, maximum.
rt_bas_pltab:
        db 'O',0,4,1,8
        db 'L',1,4,1,64
        db 'T',2,120,32,255
        db 'V',3,8,0,15
        db 0

; HL = the settings of the current channel. Keeps BC, DE.
rt_bas_plset:
        ld a,(rt_bas_plch)
        ld l,a
        add a,a
        add a,l
        add a,a
        ld l,a
        ld h,0
        push de
        ld de,rt_bas_plst
        add hl,de
        pop de
        ret

; The next character of the string (upper case), carry at its end.
; Keeps BC, DE, HL.
rt_bas_plget:
        push hl
        ld hl,rt_bas_plstr
        ld a,(hl)
        sub 1
        jr c,.end
        ld (hl),a
        inc hl
        push de
        ld e,(hl)
        inc hl
        ld d,(hl)
        ld a,(de)
        inc de
        ld (hl),d
        dec hl
        ld (hl),e
        pop de
        cp 'a'
        jr c,.got
        cp 'z'+1
        jr nc,.got
        sub 20h
.got:   or a
.end:   pop hl
        ret

; The next character without taking it: A, carry at the end. Keeps BC,
; DE, HL.
rt_bas_plpeek:
        push hl
        ld hl,rt_bas_plstr
        ld a,(hl)
        sub 1
        jr c,.end
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        ld a,(hl)
        or a
.end:   pop hl
        ret

; A number after a command: DE = its value (0-65535), carry when there is
; no digit; 5 past 65535. Keeps BC.
rt_bas_plnum:
        call rt_bas_plpeek
        jr c,.none
        sub '0'
        cp 10
        jr nc,.none
        ld hl,0
.dig:   call rt_bas_plpeek
        jr c,.done
        sub '0'
        cp 10
        jr nc,.done
        call rt_bas_plget
        sub '0'
        push bc
        ld b,h
        ld c,l
        add hl,hl
        jr c,.big
        add hl,hl
        jr c,.big
        add hl,bc
        jr c,.big
        add hl,hl
        jr c,.big
        ld c,a
        ld b,0
        add hl,bc
        jr c,.big
        pop bc
        jr .dig
.big:   jp rt_bas_plbad
.done:  ex de,hl
        or a
        ret
.none:  scf
        ret

rt_bas_plbad:
        ld e,5
        jp rt_bas_error

; A note letter A-G in A, then # + or -, a length and dots.
rt_bas_plnote:
        ld b,a
        sub 40h
        add a,a
        ld c,a                  ; (letter - 40h) * 2, as C763E
        call rt_bas_plpeek
        jr c,.nat
        cp '#'
        jr z,.sharp
        cp '+'
        jr z,.sharp
        cp '-'
        jr nz,.nat
        call rt_bas_plget
        dec c
        ld a,b
        cp 'C'
        jr z,.twice
        cp 'F'
        jr nz,.nat
.twice: dec c
.nat:   dec c
        jr .index
.sharp: call rt_bas_plget
.index: ld b,0
        ld hl,rt_bas_plidx
        add hl,bc
        ld c,(hl)               ; offset in the period table
        call rt_bas_plset
        ld a,(hl)               ; octave
        call rt_bas_plper       ; DE = period
        push de
        call rt_bas_plnum       ; the note's own length, or L
        jr nc,.len
        call rt_bas_plset
        inc hl
        ld e,(hl)
        ld d,0
.len:   call rt_bas_pllen
        pop de
        call rt_bas_plset
        inc hl
        inc hl
        inc hl
        ld a,(hl)               ; volume
        jp rt_bas_plpush

; Index of each letter's note in the period table (I755F), from
; (letter - 40h) * 2 - 1 for a natural note.
rt_bas_plidx:
        db 10h,12h,14h,16h,00h,00h,02h,04h
        db 06h,08h,0Ah,0Ah,0Ch,0Eh,10h

; The tone period of table offset C in octave A: DE. Keeps BC.
rt_bas_plper:
        ld hl,rt_bas_pltone
        push bc
        ld b,0
        add hl,bc
        pop bc
        ld e,(hl)
        inc hl
        ld d,(hl)
        or a                    ; no carry for octave 1
.shift: dec a
        jr z,.round
        srl d
        rr e
        jr .shift
.round: ld hl,0
        adc hl,de               ; rounded by the last bit shifted out
        ex de,hl
        ret

; Octave 1 tone periods, C to B (I756E).
rt_bas_pltone:
        dw 0D5Dh,0C9Ch,0BE7h,0B3Ch,0A9Bh,0A02h
        dw 0973h,08EBh,086Bh,07F2h,0780h,0714h

; R [n]: a rest of length n (4 when omitted).
rt_bas_plrest:
        call rt_bas_plnum
        jr nc,.len
        ld de,4
.len:   call rt_bas_pllen
        ld de,0
        xor a
        jp rt_bas_plpush

; N n: note n (0-96); N0 is a rest of length L.
rt_bas_plnn:
        call rt_bas_plnum
        jp c,rt_bas_plbad
        ld a,d
        or a
        jp nz,rt_bas_plbad
        ld a,e
        cp 97
        jp nc,rt_bas_plbad
        or a
        jr z,.rest
        ld b,0                  ; octave - 1
.oct:   sub 12
        inc b
        jr nc,.oct
        add a,12
        add a,a
        ld c,a
        ld a,b
        call rt_bas_plper
        push de
        call rt_bas_plset
        inc hl
        ld e,(hl)
        ld d,0
        call rt_bas_pldots
        pop de
        call rt_bas_plset
        inc hl
        inc hl
        inc hl
        ld a,(hl)
        jp rt_bas_plpush
.rest:  call rt_bas_plset
        inc hl
        ld e,(hl)
        ld d,0
        call rt_bas_pldots
        ld de,0
        xor a
        jp rt_bas_plpush

; A length DE (1-64, else 5), then dots: BC = the interrupts it lasts.
rt_bas_pllen:
        ld a,d
        or a
        jp nz,rt_bas_plbad
        ld a,e
        or a
        jp z,rt_bas_plbad
        cp 65
        jp nc,rt_bas_plbad
        jp rt_bas_pldots

; Length E (1-64) at the channel's tempo, then the dots that follow: BC =
; 14400 (60 Hz) or 12000 (50 Hz: RG9SAV FFE8h bit 1) / (L * T), each dot
; adding half of the last addition, at least 5.
rt_bas_pldots:
        call rt_bas_plset
        inc hl
        inc hl
        ld a,(hl)               ; tempo
        ld hl,0                 ; HL = L * T
        ld d,0
        ld b,8
.mul:   add hl,hl
        rla
        jr nc,.nob
        add hl,de
.nob:   djnz .mul
        ex de,hl                ; DE = L * T
        ld hl,14400
        ld a,(0FFE8h)
        and 2
        jr z,.hz
        ld hl,12000
.hz:    ld a,l                  ; HL = HL / DE
        ld c,h
        ld hl,0
        ld b,16
.div:   sla a
        rl c
        adc hl,hl
        sbc hl,de
        jr nc,.fits
        add hl,de
        jr .bit
.fits:  inc a
.bit:   djnz .div
        ld l,a
        ld h,c                  ; the quotient
        ld d,h
        ld e,l
.dot:   call rt_bas_plpeek
        jr c,.min
        cp '.'
        jr nz,.min
        call rt_bas_plget
        srl d
        rr e
        adc hl,de
        ld a,h
        and 0E0h
        jr z,.dot
        xor h                   ; too long: the ROM drops the top bits
        ld h,a
.min:   ld b,h
        ld c,l
        ld a,h
        or a
        ret nz
        ld a,l
        cp 5
        ret nc
        ld bc,5
        ret

; Queues a note on the current channel: BC = interrupts, DE = tone period
; (0: a rest, the tone kept), A = volume register value (a rest: 0). While
; the queue is full the music starts (the hold ends) and PLAY waits.
rt_bas_plpush:
        push af
        push de
        push bc
.wait:  ld a,(rt_bas_plbrk)     ; CTRL+STOP while waiting: no note
        or a
        jr nz,.drop
        call rt_bas_plqueue
        ld de,4
        add hl,de               ; +4 count
        ld a,(hl)
        cp 16
        jr c,.room
        xor a
        ld (rt_bas_plhold),a
        ei
        halt
        jr .wait
.drop:  pop bc
        pop de
        pop af
        ret
.room:  dec hl                  ; +3 head
        add a,(hl)              ; the free entry: (head + count) MOD 16
        and 15
        ld e,a
        add a,a
        add a,a
        add a,a
        sub e
        add a,2                 ; +5 + 7i is +3 + 7i + 2
        ld e,a
        ld d,0
        ex de,hl
        add hl,de               ; HL = the entry, DE = +3
        pop bc
        ld (hl),c
        inc hl
        ld (hl),b
        inc hl
        pop bc
        ld (hl),c
        inc hl
        ld (hl),b
        inc hl
        pop af
        ld (hl),a
        inc hl
        push de
        ex de,hl
        call rt_bas_plset
        ld bc,4
        add hl,bc
        ldi                     ; the envelope period
        ldi
        pop hl
        inc hl
        inc (hl)                ; counted last: the interrupt may take it now
        ret

; HL = the queue of the current channel. Changes DE.
rt_bas_plqueue:
        ld a,(rt_bas_plch)
        ld hl,rt_bas_plq
        ld de,117
.add:   or a
        ret z
        add hl,de
        dec a
        jr .add
