; DRAW: the graphics macro language (MSX2 Technical Handbook, chapter 2,
; "DRAW"; MSX-BASIC's DRAW follows Microsoft BASIC's):
;   U D L R n     up, down, left, right n points (1 when n is omitted)
;   E F G H n     diagonally: up-right, down-right, down-left, up-left
;   M x,y         to (x,y); M +x,y or M -x,y: by (x,y) from the last point
;   B             prefix: move without drawing
;   N             prefix: draw, then come back to the point before
;   C n           colour n for the rest of the string
;   S n           scale n/4 for the distances (0: none), kept between DRAWs
;   A n           angle n*90 degrees anticlockwise (0-3), kept between DRAWs
; Blanks and ; are skipped. The last point (GRPACX/GRPACY) is where DRAW
; starts and what it leaves; lines are drawn by LINE's routine (so the
; screen modes are LINE's). Each DRAW starts with the foreground colour.
; X and = in a constant string were replaced by the compiler (parse/
; macros.rs); met here (a string made at run time, no variable names):
; "Illegal function call" (5), as is a value out of range.
; The string is read with PLAY's MML scanner (rt_bas_plget, plpeek,
; plnum on rt_bas_plstr).

;@var rt_bx_drscl 1
;@var rt_bx_drang 1
;@var rt_bx_drc 1
;@var rt_bx_drfl 1
;@var rt_bx_drold 4

; DRAW s$: HL = the string (a temporary is released).
rt_bx_draw:
        push hl
        ld de,rt_bas_plstr
        ld bc,3
        ldir
        pop hl
        call rt_bas_sfree
        ld a,0FFh
        ld (rt_bx_drc),a        ; the foreground colour
        xor a
        ld (rt_bx_drfl),a
.cmd:   call rt_bas_plget
        ret c
        cp ' '
        jr z,.cmd
        cp ';'
        jr z,.cmd
        ld hl,.cmd
        push hl                 ; each command returns to the loop
        ld b,a
        ld hl,rt_bx_drdirs
.dir:   ld a,(hl)
        or a
        jr z,.other
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        inc hl
        cp b
        jr nz,.dir
        jp rt_bx_drdir          ; E = dx, D = dy
.other: ld hl,rt_bx_drcmds
.cmds:  ld a,(hl)
        or a
        jp z,rt_bas_plbad
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        inc hl
        cp b
        jr nz,.cmds
        ex de,hl
        jp (hl)

; The directions: letter, dx, dy.
rt_bx_drdirs:
        db 'U',0,0FFh
        db 'D',0,1
        db 'L',0FFh,0
        db 'R',1,0
        db 'E',1,0FFh
        db 'F',1,1
        db 'G',0FFh,1
        db 'H',0FFh,0FFh
        db 0

; The other commands: letter, routine.
rt_bx_drcmds:
        db 'M'
        dw rt_bx_drmove
        db 'B'
        dw rt_bx_drb
        db 'N'
        dw rt_bx_drn
        db 'C'
        dw rt_bx_drcol
        db 'S'
        dw rt_bx_drs
        db 'A'
        dw rt_bx_dra
        db 0

rt_bx_drb:
        ld hl,rt_bx_drfl
        set 0,(hl)
        ret

rt_bx_drn:
        ld hl,rt_bx_drfl
        set 1,(hl)
        ret

rt_bx_drcol:
        call rt_bx_drbyte
        ld (rt_bx_drc),a
        ret

rt_bx_drs:
        call rt_bx_drbyte
        ld (rt_bx_drscl),a
        ret

rt_bx_dra:
        call rt_bx_drbyte
        cp 4
        jp nc,rt_bas_plbad
        ld (rt_bx_drang),a
        ret

; A number 0-255 that must be there: A.
rt_bx_drbyte:
        call rt_bas_plnum
        jp c,rt_bas_plbad
        ld a,d
        or a
        jp nz,rt_bas_plbad
        ld a,e
        ret

; A signed number: HL (carry when there is none). Keeps BC.
rt_bx_drsnum:
        call rt_bas_plpeek
        jr c,.plain
        cp '-'
        jr z,.neg
        cp '+'
        jr nz,.plain
        call rt_bas_plget
.plain: call rt_bas_plnum
        ex de,hl
        ret
.neg:   call rt_bas_plget
        call rt_bas_plnum
        jp c,rt_bas_plbad
        ld hl,0
        or a
        sbc hl,de
        ret

; HL = HL * scale / 4 (scale 0: HL). Keeps DE.
rt_bx_drscale:
        ld a,(rt_bx_drscl)
        or a
        ret z
        push de
        bit 7,h
        push af                 ; Z: not negative
        jr z,.pos
        ex de,hl
        ld hl,0
        or a
        sbc hl,de
.pos:   ex de,hl                ; DE = |n|
        ld hl,0
        ld b,8
.mul:   add hl,hl
        rla
        jr nc,.next
        add hl,de
.next:  djnz .mul
        srl h
        rr l
        srl h
        rr l
        pop af
        jr z,.done
        ex de,hl
        ld hl,0
        or a
        sbc hl,de
.done:  pop de
        ret

; U D L R E F G H: E = dx, D = dy (-1, 0, 1), the distance next.
rt_bx_drdir:
        push de
        call rt_bx_drsnum
        jr nc,.n
        ld hl,1
.n:     call rt_bx_drscale
        pop de
        ld b,h                  ; BC = the distance
        ld c,l
        ld a,e
        call rt_bx_drmul
        push hl                 ; dx * n
        ld a,d
        call rt_bx_drmul
        ex de,hl                ; DE = dy * n
        pop hl                  ; HL = dx * n
        ld a,(rt_bx_drang)      ; anticlockwise: (x, y) -> (y, -x)
.rot:   or a
        jr z,.go
        push af
        push de                 ; y
        ld d,h
        ld e,l
        ld hl,0
        or a
        sbc hl,de
        ex de,hl                ; DE = -x
        pop hl                  ; HL = y
        pop af
        dec a
        jr .rot
.go:    jp rt_bx_drrel

; HL = BC * A for A = 0, 1 or 0FFh (-1). Keeps BC, DE.
rt_bx_drmul:
        ld hl,0
        or a
        ret z
        inc a
        jr z,.neg
        ld h,b
        ld l,c
        ret
.neg:   or a
        sbc hl,bc
        ret

; M x,y: absolute, or relative with a sign before x (scaled).
rt_bx_drmove:
        call rt_bas_plpeek
        jp c,rt_bas_plbad
        ld b,0                  ; B = 1: relative
        cp '+'
        jr z,.rel
        cp '-'
        jr nz,.x
.rel:   inc b
.x:     call rt_bx_drsnum
        jp c,rt_bas_plbad
        push hl
        call rt_bas_plget
        cp ','
        jp nz,rt_bas_plbad
        call rt_bx_drsnum
        jp c,rt_bas_plbad
        ex de,hl                ; DE = y
        pop hl                  ; HL = x
        dec b
        jp nz,rt_bx_drabs
        call rt_bx_drscale
        ex de,hl
        call rt_bx_drscale
        ex de,hl
        jp rt_bx_drrel

; To the last point + (HL, DE).
rt_bx_drrel:
        ld bc,(0FCB7h)
        add hl,bc
        ex de,hl
        ld bc,(0FCB9h)
        add hl,bc
        ex de,hl
        jp rt_bx_drabs

; To (HL, DE): a line unless B was given; back again after N.
rt_bx_drabs:
        ld bc,(0FCB7h)
        ld (rt_bx_drold),bc
        ld bc,(0FCB9h)
        ld (rt_bx_drold+2),bc
        ld a,(rt_bx_drfl)
        rrca
        jr c,.move
        ld (rt_bx_pts+4),hl
        ld (rt_bx_pts+6),de
        ld hl,(rt_bx_drold)
        ld (rt_bx_pts),hl
        ld hl,(rt_bx_drold+2)
        ld (rt_bx_pts+2),hl
        ld a,(rt_bx_drc)
        ld bc,0                 ; PSET, a line
        call rt_bx_gline
        jr .back
.move:  ld (0FCB7h),hl
        ld (0FCB9h),de
.back:  ld a,(rt_bx_drfl)
        and 2
        jr z,.done
        ld hl,(rt_bx_drold)
        ld (0FCB7h),hl
        ld hl,(rt_bx_drold+2)
        ld (0FCB9h),hl
.done:  xor a
        ld (rt_bx_drfl),a
        ret
