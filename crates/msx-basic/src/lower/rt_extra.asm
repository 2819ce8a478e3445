; The compiler's own part of the BASIC runtime: program start, arrays, the
; GOSUB stack, DATA, and the screen/sound/joystick statements that are thin
; BIOS calls. Link format of crates/z80-codegen/src/runtime.rs: a routine
; runs from its `rt_bx_name:` label to the next one; RAM as `;@var`.
; Conventions as in crates/msx-basic/runtime/README.md: errors jump to
; rt_bas_error with E = the MSX error code (the error routine finds the
; BASIC line from the return address of the compiled program's call).

; System variables (MSX2 Technical Handbook, Appendix "Work area").
;   CSRY F3DCh, CSRX F3DDh, LINL40 F3AEh, LINL32 F3AFh, TTYPOS F661h,
;   CSRSW FCA9h, JIFFY FC9Eh, SCRMOD FCAFh.

;@var rt_bx_atop 2

; Start of a compiled program: the math pack (RND's seed), the string heap
; (1 KB just below the stack, leaving 256 bytes of stack), the array area
; (from the end of the variables up to the string heap).
rt_bx_init:
        call rt_bcd
        jp rt_bx_heapset

; CLEAR: HL = the program's variables, DE = their end: all zero (numbers
; 0, strings ""), the GOSUB stack empty, the string heap empty (the
; compiled code resets the arrays and the DATA pointer).
rt_bx_clear:
        ex de,hl
        or a
        sbc hl,de
        ld b,h
        ld c,l
        ex de,hl
        ld a,b
        or c
        jr z,.zeroed
        ld (hl),0
        dec bc
        ld a,b
        or c
        jr z,.zeroed
        ld d,h
        ld e,l
        inc de
        ldir
.zeroed:
        ld hl,0
        ld (rt_bx_gsp),hl
        jp rt_bx_heapset

; The string heap and the top of the arrays, from the stack pointer of a
; routine called by the program (the same in rt_bx_init and rt_bx_clear).
rt_bx_heapset:
        ld hl,0
        add hl,sp
        ld de,-256
        add hl,de
        push hl
        ld de,-1024
        add hl,de
        ld (rt_bx_atop),hl
        pop de
        jp rt_bas_heapinit

; ---------------------------------------------------------------------------
; Arrays. A descriptor (writable data made by the compiler):
;   +0 address of the elements (0 until the array exists)
;   +2 number of dimensions, +3 element size (2, 3, 4 or 8)
;   +4 sizes (bound + 1) of each dimension, words; 11 each until DIM
; Elements are zero at creation; the first subscript varies fastest.
; Subscripts and DIM bounds are passed in rt_bx_idx (words).

;@var rt_bx_idx 32
;@var rt_bx_acc 2
;@var rt_bx_cnt 1

; HL = DE * BC (unsigned), carry set when it does not fit 16 bits.
rt_bx_umul:
        ld hl,0
        ld a,16
.loop:  add hl,hl
        ret c
        sla c
        rl b
        jr nc,.skip
        add hl,de
        ret c
.skip:  dec a
        jr nz,.loop
        or a
        ret

; Creates the array of descriptor HL (sizes already in it); keeps HL.
; "Out of memory" (7) when it does not fit below the string heap.
rt_bx_alloc:
        push hl
        inc hl
        inc hl
        ld a,(hl)
        inc hl
        ld e,(hl)
        ld d,0
        inc hl
.mul:   push af
        ld c,(hl)
        inc hl
        ld b,(hl)
        inc hl
        push hl
        call rt_bx_umul
        jr c,.full
        ex de,hl
        pop hl
        pop af
        dec a
        jr nz,.mul
        ld hl,(rt_heap)
        push hl
        add hl,de
        jr c,.full
        ld bc,(rt_bx_atop)
        push hl
        or a
        sbc hl,bc
        pop hl
        jr z,.fits
        jr nc,.full
.fits:  ld (rt_heap),hl
        pop hl
        push hl
        ld a,d
        or e
        jr z,.zeroed
        ld (hl),0
        dec de
        ld a,d
        or e
        jr z,.zeroed
        ld b,d
        ld c,e
        ld d,h
        ld e,l
        inc de
        ldir
.zeroed:
        pop de
        pop hl
        ld (hl),e
        inc hl
        ld (hl),d
        dec hl
        ret
.full:  ld e,7
        jp rt_bas_error

; DIM: HL = descriptor, the bounds in rt_bx_idx. "Redimensioned array" (10)
; when the array exists (also after an implicit DIM 10 by a first use),
; "Illegal function call" (5) for a negative bound.
rt_bx_dim:
        ld a,(hl)
        inc hl
        or (hl)
        dec hl
        jr nz,.redim
        push hl
        inc hl
        inc hl
        ld b,(hl)
        inc hl
        inc hl
        ex de,hl
        ld hl,rt_bx_idx
.copy:  ld a,(hl)
        inc hl
        ld c,(hl)
        inc hl
        bit 7,c
        jr nz,.neg
        add a,1
        ld (de),a
        inc de
        ld a,c
        adc a,0
        ld (de),a
        inc de
        djnz .copy
        pop hl
        jp rt_bx_alloc
.neg:   ld e,5
        jp rt_bas_error
.redim: ld e,10
        jp rt_bas_error

; The same for an array of one dimension: HL = the subscript, DE = the
; descriptor.
rt_bx_elem1:
        ld (rt_bx_idx),hl
        ex de,hl
        jp rt_bx_elem

; HL = the address of an element: HL = descriptor, subscripts in rt_bx_idx.
; A first use creates the array with 11 elements per dimension (DIM 10).
; "Subscript out of range" (9) when a subscript is negative or above its
; bound.
rt_bx_elem:
        ld a,(hl)
        inc hl
        or (hl)
        dec hl
        call z,rt_bx_alloc
        push hl
        inc hl
        inc hl
        ld a,(hl)
        ld (rt_bx_cnt),a
        add a,a
        ld c,a
        ld b,0
        inc hl
        inc hl
        add hl,bc
        push hl
        ld hl,rt_bx_idx
        add hl,bc
        ex de,hl
        pop hl
        ld bc,0
        ld (rt_bx_acc),bc
        ; Horner from the last dimension: acc = acc * size[d] + index[d].
.dim:   dec hl
        ld b,(hl)
        dec hl
        ld c,(hl)
        dec de
        ld a,(de)
        dec de
        push hl
        ld h,a
        ld a,(de)
        ld l,a
        or a
        sbc hl,bc
        jr nc,.range
        add hl,bc
        push de
        push hl
        ld hl,(rt_bx_acc)
        ld d,b
        ld e,c
        call rt_mul16
        pop de
        add hl,de
        ld (rt_bx_acc),hl
        pop de
        pop hl
        ld a,(rt_bx_cnt)
        dec a
        ld (rt_bx_cnt),a
        jr nz,.dim
        dec hl
        ld a,(hl)
        ld hl,(rt_bx_acc)
        ld d,h
        ld e,l
        add hl,hl
        cp 2
        jr z,.scaled
        cp 3
        jr nz,.not3
        add hl,de
        jr .scaled
.not3:  add hl,hl
        cp 4
        jr z,.scaled
        add hl,hl
.scaled:
        ex de,hl
        pop hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        add hl,de
        ret
.range: ld e,9
        jp rt_bas_error

; ---------------------------------------------------------------------------
; GOSUB/RETURN: a stack of return-site numbers (the compiled RETURN jumps
; through a table of them). 128 levels; deeper is "Out of memory" (7) as
; MSX reports a full stack.

;@var rt_bx_gsp 2
;@var rt_bx_gstk 256

; GOSUB: HL = the number of the return site.
rt_bx_gosub:
        ex de,hl
        ld hl,(rt_bx_gsp)
        ld a,h
        or a
        jr nz,.full
        push hl
        ld bc,rt_bx_gstk
        add hl,bc
        ld (hl),e
        inc hl
        ld (hl),d
        pop hl
        inc hl
        inc hl
        ld (rt_bx_gsp),hl
        ret
.full:  ld e,7
        jp rt_bas_error

; RETURN: HL = the return site of the last GOSUB, popped; "RETURN without
; GOSUB" (3) when there is none.
rt_bx_return:
        ld hl,(rt_bx_gsp)
        ld a,h
        or l
        jr z,.empty
        dec hl
        dec hl
        ld (rt_bx_gsp),hl
        ld bc,rt_bx_gstk
        add hl,bc
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        ret
.empty: ld e,3
        jp rt_bas_error

; ON n GOTO/GOSUB: HL = n, returned; "Illegal function call" (5) outside
; 0-255 (ROM: the selector is a byte).
rt_bx_onchk:
        ld a,h
        or a
        ret z
        ld e,5
        jp rt_bas_error

; ---------------------------------------------------------------------------
; DATA: the compiler emits the items in order as their text (see
; lower/consts.rs data_table): per item its length and its characters, a
; quoted item with its opening quote; before the first item of each line
; 0FFh and the line number. READ converts an item when it takes it, as
; MSX-BASIC does: a number through FIN (rt_bas_fin), so the table costs
; what the tokenized DATA lines cost.
; rt_bx_dptr points at the next item (or its line's mark), rt_bx_dleft
; counts those left, rt_bx_dline is the line of the last item read.

;@var rt_bx_dptr 2
;@var rt_bx_dleft 2
;@var rt_bx_dline 2

; HL = the next item (its length byte), which READ takes; "Out of DATA" (4)
; after the last.
rt_bx_read:
        ld hl,(rt_bx_dleft)
        ld a,h
        or l
        jr z,.out
        dec hl
        ld (rt_bx_dleft),hl
        ld hl,(rt_bx_dptr)
        ld a,(hl)
        inc a
        jr nz,.item
        inc hl                  ; 0FFh: a new line's number first
        ld e,(hl)
        inc hl
        ld d,(hl)
        inc hl
        ld (rt_bx_dline),de
.item:  ld e,(hl)
        ld d,0
        push hl
        inc hl
        add hl,de
        ld (rt_bx_dptr),hl
        pop hl
        ret
.out:   ld e,4
        jp rt_bas_error

; READ into a string: HL = a temporary descriptor of the item's text, the
; quote of a quoted item left out.
rt_bx_reads:
        call rt_bx_read
        ld a,(hl)
        inc hl
        or a
        jp z,rt_bas_stmp
        ld c,a
        ld a,(hl)
        cp '"'
        ld a,c
        jp nz,rt_bas_stmp
        dec a
        inc hl
        jp rt_bas_stmp

; READ into a number: the item's value in BCD_DAC, read by FIN from a copy
; ended by 0 (as the ROM's READ runs FIN on the DATA text); "Syntax error"
; (2) in the DATA line when anything but blanks follows the number (text,
; a quoted item), as MSX-BASIC reports it.
rt_bx_readn:
        call rt_bx_read
        ld c,(hl)
        ld b,0
        inc hl
        ld de,rt_bas_vbuf
        ld a,c
        or a
        jr z,.end
        ldir
.end:   xor a
        ld (de),a
        ld hl,rt_bas_vbuf
        call rt_bas_fin
        call rt_bas_fblank
        or a
        ret z
        ld hl,(rt_bx_dline)
        ld e,2
        jp rt_bas_errat

; ---------------------------------------------------------------------------
; Integer arithmetic with MSX's Overflow (6) where the compiled program
; needs an integer (see docs/basic.md: MSX would go on in double precision
; and fail only when the value is stored).
rt_bx_iadd:
        call bcd_iadd
        ret nc
        ld e,6
        jp rt_bas_error

rt_bx_isub:
        call bcd_isub
        ret nc
        ld e,6
        jp rt_bas_error

rt_bx_imul:
        call bcd_imul
        ret nc
        ld e,6
        jp rt_bas_error

;@var rt_bx_ovf 1

; The same operations inside an integer expression whose value may still
; be wanted: an overflow does not stop the program but sets rt_bx_ovf, and
; the compiled code then computes the whole expression again in double
; precision, as MSX-BASIC redoes an overflowing integer operation (the
; code clears the flag). HL is meaningless after an overflow.
rt_bx_iaddo:
        call bcd_iadd
        ret nc
        ld a,1
        ld (rt_bx_ovf),a
        ret

rt_bx_isubo:
        call bcd_isub
        ret nc
        ld a,1
        ld (rt_bx_ovf),a
        ret

rt_bx_imulo:
        call bcd_imul
        ret nc
        ld a,1
        ld (rt_bx_ovf),a
        ret

;@var rt_bx_ipc 2
;@var rt_bx_isp 2
;@var rt_bx_istk 48

; The second computation of an integer chain (lower/ichain.rs), written
; as bytes after the CALL in reverse Polish order, operands before their
; operator (the right one first): 1 nn a number, 2 aa the word at aa,
; 3 aa the word at the address at aa (an array element), 4 + 5 - 6 *
; 7 negation, then 0 (the value stays in DAC) or 8 aa (made an integer,
; Overflow outside -32768..32767, and stored at aa). Clears rt_bx_ovf,
; computes in double precision as slow_dac's calls do, returns past the
; bytes. DAC holds the newest value; each operand first pushes DAC onto
; rt_bx_istk (the first time a value nobody reads: the compiler allows for
; that slot). The return address stays on the stack meanwhile, so that an
; error names the line.
rt_bx_ichain:
        xor a
        ld (rt_bx_ovf),a
        ld hl,rt_bx_istk
        ld (rt_bx_isp),hl
        pop hl
        push hl
.next:  ld a,(hl)
        inc hl
        cp 4
        jr nc,.op
        or a
        jr z,.done
        ld e,(hl)
        inc hl
        ld d,(hl)
        inc hl
        ld (rt_bx_ipc),hl
        ex de,hl
        dec a
        jr z,.val
        ld e,(hl)               ; 2 and 3: a word from memory
        inc hl
        ld d,(hl)
        ex de,hl
        dec a
        jr z,.val
        ld e,(hl)               ; 3: through the address
        inc hl
        ld d,(hl)
        ex de,hl
.val:   push hl
        ld hl,(rt_bx_isp)
        call bcd_store_dac
        ld (rt_bx_isp),de
        pop hl
        call bcd_from_int
.cont:  ld hl,(rt_bx_ipc)
        jr .next
.op:    ld (rt_bx_ipc),hl
        cp 8
        jr z,.int
        cp 7
        jr nz,.bin
        call bcd_neg
        jr .cont
.bin:   push af
        ld hl,(rt_bx_isp)
        ld de,0FFF8h
        add hl,de
        ld (rt_bx_isp),hl
        call bcd_load_arg
        pop af
        ld hl,.cont
        push hl
        cp 5
        jp c,bcd_add
        jp z,bcd_sub
        jp bcd_mul
.int:   call bcd_to_int
        ex de,hl
        ld hl,(rt_bx_ipc)
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        ld (hl),e
        inc hl
        ld (hl),d
        ld hl,(rt_bx_ipc)
        inc hl
        inc hl
.done:  pop de
        jp (hl)

; ABS of an integer (Overflow for -32768).
rt_bx_iabs:
        bit 7,h
        ret z
        ex de,hl
        ld hl,0
        jp rt_bx_isub

; SGN of an integer: HL = -1, 0 or 1.
rt_bx_isgn:
        ld a,h
        or l
        ret z
        bit 7,h
        ld hl,1
        ret z
        ld hl,-1
        ret

; ---------------------------------------------------------------------------
; Screen and sound statements.

; SCREEN n: A = mode (0-8), through CHGMOD. "Illegal function call" (5)
; otherwise.
rt_bx_screen:
        cp 9
        jr nc,.bad
        bios CHGMOD
        xor a
        ld (0F661h),a
        ret
.bad:   ld e,5
        jp rt_bas_error

; COLOR: HL = foreground, DE = background, BC = border; 0FFFFh when
; omitted (kept). 0-15, else "Illegal function call" (5).
rt_bx_color:
        ld a,h
        inc a
        jr z,.bg
        ld a,l
        call .check
        ld (FORCLR),a
.bg:    ld a,d
        inc a
        jr z,.bdr
        ld a,e
        call .check
        ld (BAKCLR),a
.bdr:   ld a,b
        inc a
        jr z,.set
        ld a,c
        call .check
        ld (BDRCLR),a
.set:   ld a,(SCRMOD)
        bios CHGCLR
        ret
.check: cp 16
        ret c
        ld e,5
        jp rt_bas_error

; WIDTH n: HL = n. SCREEN 0: 1-80 (LINL40, INITXT, which picks 40 or 80
; columns); SCREEN 1: 1-32 (LINL32, INIT32): the screen is cleared. The
; width the screen already has (LINLEN) changes nothing, as in the MSX2
; SUB-ROM's WIDTH (J1FDF in the ROM reconstruction), which otherwise only
; sets LINLEN and clears the screen, keeping the patterns; the free BIOS
; centres the text with an offset that only INITXT/INIT32 compute, so
; this WIDTH still goes through them (the patterns of SCREEN 1 are
; loaded again). CLMLST, the last column where PRINT's `,` starts a
; zone, becomes n - (n MOD 14) - 14 (SUB-ROM WIDTH, C2033).
rt_bx_width:
        ld a,h
        or a
        jr nz,.bad
        ld a,l
        or a
        jr z,.bad
        ld a,(SCRMOD)
        or a
        jr nz,.t32
        ld a,l
        cp 81
        jr nc,.bad
        ld a,(0F3B0h)           ; LINLEN
        cp l
        ret z
        ld a,l
        ld (0F3AEh),a
        push hl
        bios 006Ch
        pop hl
        jr .zones
.t32:   dec a
        jr nz,.bad
        ld a,l
        cp 33
        jr nc,.bad
        ld a,(0F3B0h)
        cp l
        ret z
        ld a,l
        ld (0F3AFh),a
        push hl
        bios 006Fh
        pop hl
.zones: ld a,l
.mod:   sub 14
        jr nc,.mod
        add a,28
        cpl
        inc a
        add a,l
        ld (0F3B2h),a
        xor a
        ld (0F661h),a
        ret
.bad:   ld e,5
        jp rt_bas_error

; KEY OFF / KEY ON: the function-key line (ERAFNK, DSPFNK).
rt_bx_keyoff:
        bios 00CCh
        ret

rt_bx_keyon:
        bios 00CFh
        ret

; CLS: the BIOS CLS (it needs Z set), cursor home.
rt_bx_cls:
        xor a
        bios 00C3h
        xor a
        ld (0F661h),a
        ret

; LOCATE x,y,c: HL = x, DE = y (0FFFFh: keep), A = cursor switch (0FFh:
; keep). POSIT counts from 1.
rt_bx_locate:
        push af
        ld a,h
        inc a
        jr nz,.x
        ld a,(0F3DDh)
        dec a
        ld l,a
.x:     ld a,d
        inc a
        jr nz,.y
        ld a,(0F3DCh)
        dec a
        ld e,a
.y:     ld a,l
        ld (0F661h),a
        inc a
        ld h,a
        ld a,e
        inc a
        ld l,a
        bios POSIT
        pop af
        inc a
        ret z
        dec a
        ld (0FCA9h),a
        ret

; BEEP.
rt_bx_beep:
        bios 00C0h
        ret

; SOUND r,v: A = register, E = value; register 7 keeps its I/O bits as
; the ROM does (bit 7 set, bit 6 clear).
rt_bx_sound:
        cp 7
        jr nz,.w
        ld b,a
        ld a,e
        and 03Fh
        or 080h
        ld e,a
        ld a,b
.w:     bios 0093h
        ret

; VPEEK: HL = address, HL = the byte (NRDVRM: the whole 128 KB of an MSX2).
rt_bx_vpeek:
        bios 0174h
        ld l,a
        ld h,0
        ret

; VPOKE: HL = address, A = byte (NWRVRM).
rt_bx_vpoke:
        bios 0177h
        ret

; STICK(n): A = n, HL = direction 0-8.
rt_bx_stick:
        bios 00D5h
        ld l,a
        ld h,0
        ret

; STRIG(n): A = n, HL = -1 when pressed, else 0.
rt_bx_strig:
        bios 00D8h
        ld l,a
        ld h,a
        ret

; TIME: BCD_DAC = JIFFY (0-65535) as a number.
rt_bx_time:
        ld hl,(JIFFY)
        jp rt_bas_unum

rt_bx_k32768:
        db 045h,032h,076h,080h,0,0,0,0

; TIME = n: HL = n.
rt_bx_settime:
        ld (JIFFY),hl
        ret

; A byte argument: HL = value, A = its low byte; "Illegal function call"
; (5) outside 0-255.
rt_bx_byte:
        ld a,h
        or a
        ld a,l
        ret z
        ld e,5
        jp rt_bas_error

; ---------------------------------------------------------------------------
; Graphics: PSET/PRESET and LINE (with B and BF) in SCREEN 2 and 4 (the
; pattern and colour tables, GRPCGP F3CBh / GRPCOL F3C9h) and SCREEN 5-8
; (the V9938 PSET command, page ACPAGE FAF6h). Points outside the screen
; are not drawn; lines are drawn point by point (Bresenham). The last point
; is kept in GRPACX/GRPACY (FCB7h/FCB9h) for STEP and for LINE -(x,y).
; Other screen modes: "Illegal function call" (5).

;@var rt_bx_pts 8
;@var rt_bx_ldx 2
;@var rt_bx_ldy 2
;@var rt_bx_lsx 2
;@var rt_bx_lsy 2
;@var rt_bx_lerr 2
;@var rt_bx_gc 1
;@var rt_bx_gop 1
;@var rt_bx_vcmd 11
;@var rt_bx_box 8

; The colour: A = 0-255, or 0FFh: the foreground (FORCLR), 0FEh: the
; background (BAKCLR, PRESET). B = the logical operation (0 PSET, 1 AND,
; 2 OR, 3 XOR, 4 PRESET; +8 transparent).
; The points x0, y0, x1, y1, in this order (the compiler stores them).
rt_bx_gcolor:
RT_BX_X0 equ rt_bx_pts
RT_BX_Y0 equ rt_bx_pts+2
RT_BX_X1 equ rt_bx_pts+4
RT_BX_Y1 equ rt_bx_pts+6
        cp 0FEh
        jr c,.set
        ld a,(FORCLR)
        jr nz,.set
        ld a,(BAKCLR)
.set:   ld (rt_bx_gc),a
        ld a,b
        ld (rt_bx_gop),a
        ret

; PSET (x0,y0): A = colour, B = operation.
rt_bx_pset:
        call rt_bx_gcolor
        ld hl,(RT_BX_X0)
        ld (0FCB7h),hl
        ld hl,(RT_BX_Y0)
        ld (0FCB9h),hl
        jp rt_bx_plot

; (RT_BX_X0, RT_BX_Y0) on a 256 x 192 screen: carry, HL = y, A = its low
; byte; off it: no carry.
rt_bx_in192:
        ld hl,(RT_BX_X0)
        ld a,h
        or a
        ret nz                  ; x outside 0-255 (OR cleared the carry)
        ld hl,(RT_BX_Y0)
        ld a,h
        or a
        ret nz
        ld a,l
        cp 192
        ret

; Plots (x0,y0) with rt_bx_gc / rt_bx_gop.
rt_bx_plot:
        ld a,(SCRMOD)
        cp 5
        jr nc,.bitmap
        cp 2
        jr z,.pattern
        cp 4
        jr z,.pattern
        cp 3
        jp z,rt_bx_plot3
.bad:   ld e,5
        jp rt_bas_error
.pattern:
        call rt_bx_in192        ; off the 256 x 192 screen: nothing
        ret nc
        ; VRAM offset (y AND F8h) * 32 + (x AND F8h) + (y AND 7)
        ld a,l
        and 0F8h
        ld h,a
        ld l,0
        srl h
        rr l
        srl h
        rr l
        srl h
        rr l                    ; HL = (y AND F8h) * 32
        ld a,(RT_BX_X0)
        and 0F8h
        ld e,a
        ld a,(RT_BX_Y0)
        and 7
        or e
        ld e,a
        ld d,0
        add hl,de
        push hl
        ld de,(0F3CBh)          ; GRPCGP: the pattern table
        add hl,de
        push hl
        bios 0174h              ; NRDVRM
        ld b,a
        ld a,(RT_BX_X0)
        and 7
        ld c,080h
        jr z,.bit
.shift: srl c
        dec a
        jr nz,.shift
.bit:   ld a,b
        or c
        pop hl
        bios 0177h              ; NWRVRM (all 128 KB)
        pop hl
        ld de,(0F3C9h)          ; GRPCOL: the colour table
        add hl,de
        push hl
        bios 0174h
        and 0Fh
        ld b,a
        ld a,(rt_bx_gc)
        add a,a
        add a,a
        add a,a
        add a,a
        or b
        pop hl
        bios 0177h
        ret
.bitmap:
        cp 9
        jr nc,.bad
        ld b,a
        ld hl,(RT_BX_X0)
        ld a,h
        cp 2
        ret nc                  ; x outside 0-511
        or a
        jr z,.xok
        ld a,b                  ; x 256-511: only in SCREEN 6 and 7
        cp 6
        ret c
        cp 8
        ret nc
.xok:   ld hl,(RT_BX_Y0)
        ld a,h
        or a
        ret nz
        ld a,l
        cp 212
        ret nc
        ld hl,(RT_BX_X0)
        ld (rt_bx_vcmd),hl
        ld hl,(RT_BX_Y0)
        ld a,(0FAF6h)           ; ACPAGE: y + 256 * page
        ld h,a
        ld (rt_bx_vcmd+2),hl
        ld a,(rt_bx_gc)
        ld (rt_bx_vcmd+8),a
        xor a
        ld (rt_bx_vcmd+9),a
        ld a,(rt_bx_gop)
        and 0Fh
        or 050h                 ; PSET
        ld (rt_bx_vcmd+10),a
        jp rt_bx_vdpcmd

; Sends rt_bx_vcmd (R#36-R#46) to the command engine once it is free.
rt_bx_vdpcmd:
        ld hl,rt_bx_vcmd
        ld c,36
        ld b,11
        jp rt_bx_vdpsend

; Sends B bytes at HL to the VDP's registers from R#C on (a command: its
; last byte starts it), once the command engine is free (S#2 bit 0).
rt_bx_vdpsend:
        di
.wait:  ld a,2
        out (099h),a
        ld a,08Fh
        out (099h),a
        in a,(099h)
        rrca
        jr c,.wait
        xor a
        out (099h),a
        ld a,08Fh
        out (099h),a
        ld a,c
        out (099h),a
        ld a,091h               ; R#17 = C, auto-increment
        out (099h),a
        ld c,09Bh
        otir
        ei
        ret

; LINE (x0,y0)-(x1,y1): A = colour, B = operation, C = 0 line, 1 box (B),
; 2 filled box (BF). The last point becomes (x1,y1).
rt_bx_gline:
        push bc
        call rt_bx_gcolor
        pop bc
        ld hl,(RT_BX_X1)
        ld (0FCB7h),hl
        ld hl,(RT_BX_Y1)
        ld (0FCB9h),hl
        ld a,c
        or a
        jp z,rt_bx_line
        ; B and BF: the corners saved, y0 <= y1.
        ld hl,(RT_BX_Y1)
        ld de,(RT_BX_Y0)
        or a
        sbc hl,de
        jp p,.order
        ld hl,(RT_BX_Y1)
        ld (RT_BX_Y0),hl
        ld (RT_BX_Y1),de
.order: ld hl,RT_BX_X0
        ld de,rt_bx_box
        ld bc,8
        ldir
        dec a
        jr z,.box
        ; BF: one horizontal line per row from y0 to y1.
.row:   call .corners
        ld hl,(RT_BX_Y0)
        ld (RT_BX_Y1),hl
        call rt_bx_line
        ld hl,(rt_bx_box+2)
        ld de,(rt_bx_box+6)
        or a
        sbc hl,de
        ret z
        add hl,de
        inc hl
        ld (rt_bx_box+2),hl
        jr .row
.box:   call .corners           ; top
        ld hl,(RT_BX_Y0)
        ld (RT_BX_Y1),hl
        call rt_bx_line
        call .corners           ; bottom
        ld hl,(RT_BX_Y1)
        ld (RT_BX_Y0),hl
        call rt_bx_line
        call .corners           ; left
        ld hl,(RT_BX_X0)
        ld (RT_BX_X1),hl
        call rt_bx_line
        call .corners           ; right
        ld hl,(RT_BX_X1)
        ld (RT_BX_X0),hl
        jp rt_bx_line
.corners:
        ld hl,rt_bx_box
        ld de,RT_BX_X0
        ld bc,8
        ldir
        ret

; Bresenham from (x0,y0) to (x1,y1), each point through rt_bx_plot;
; (x0,y0) ends as (x1,y1).
rt_bx_line:
        ld hl,(RT_BX_X1)
        ld de,(RT_BX_X0)
        or a
        sbc hl,de
        ld bc,1
        jp p,.xpos
        ex de,hl
        ld hl,0
        or a
        sbc hl,de
        ld bc,-1
.xpos:  ld (rt_bx_ldx),hl
        ld (rt_bx_lsx),bc
        ld hl,(RT_BX_Y1)
        ld de,(RT_BX_Y0)
        or a
        sbc hl,de
        ld bc,1
        jp p,.ypos
        ex de,hl
        ld hl,0
        or a
        sbc hl,de
        ld bc,-1
.ypos:  ex de,hl                ; dy = -|y1 - y0|
        ld hl,0
        or a
        sbc hl,de
        ld (rt_bx_ldy),hl
        ld (rt_bx_lsy),bc
        ld de,(rt_bx_ldx)
        add hl,de
        ld (rt_bx_lerr),hl      ; err = dx + dy
.loop:  call rt_bx_plot
        ld hl,(RT_BX_X0)
        ld de,(RT_BX_X1)
        or a
        sbc hl,de
        jr nz,.step
        ld hl,(RT_BX_Y0)
        ld de,(RT_BX_Y1)
        or a
        sbc hl,de
        ret z
.step:  ld hl,(rt_bx_lerr)
        add hl,hl               ; e2 = 2 * err
        push hl
        ld de,(rt_bx_ldy)
        or a
        sbc hl,de
        jp m,.noy               ; e2 < dy
        ld hl,(rt_bx_lerr)
        add hl,de
        ld (rt_bx_lerr),hl
        ld hl,(RT_BX_X0)
        ld de,(rt_bx_lsx)
        add hl,de
        ld (RT_BX_X0),hl
.noy:   pop de                  ; e2
        ld hl,(rt_bx_ldx)
        or a
        sbc hl,de
        jp m,.loop              ; e2 > dx
        ld hl,(rt_bx_lerr)
        ld de,(rt_bx_ldx)
        add hl,de
        ld (rt_bx_lerr),hl
        ld hl,(RT_BX_Y0)
        ld de,(rt_bx_lsy)
        add hl,de
        ld (RT_BX_Y0),hl
        jr .loop

;@var rt_bx_circ 14
;@var rt_bx_casp 1
;@var rt_bx_cfac 2

; CIRCLE (x0,y0),r: HL = radius, A = colour, B = operation (as PSET). The
; whole circle with aspect 1 (midpoint algorithm, 8 symmetric points per
; step); the last point becomes the centre.
rt_bx_circle:
RT_BX_CX equ rt_bx_circ
RT_BX_CY equ rt_bx_circ+2
RT_BX_CR equ rt_bx_circ+4       ; x of the arc (starts at r)
RT_BX_CI equ rt_bx_circ+6       ; y of the arc (starts at 0)
RT_BX_CE equ rt_bx_circ+8       ; the error term
RT_BX_FA equ rt_bx_circ+10
RT_BX_FB equ rt_bx_circ+12
        push hl
        call rt_bx_gcolor
        pop hl
        bit 7,h
        jp nz,.bad
        ld (RT_BX_CR),hl
        ld (rt_bx_crad),hl
        ex de,hl
        ld hl,1
        or a
        sbc hl,de
        ld (RT_BX_CE),hl        ; 1 - r
        ld hl,0
        ld (RT_BX_CI),hl
        ld hl,(RT_BX_X0)
        ld (RT_BX_CX),hl
        ld (0FCB7h),hl
        ld hl,(RT_BX_Y0)
        ld (RT_BX_CY),hl
        ld (0FCB9h),hl
.loop:  ld hl,(RT_BX_CR)        ; while x >= y
        ld de,(RT_BX_CI)
        or a
        sbc hl,de
        jp m,rt_bx_clines
        ld hl,(RT_BX_CR)
        ld de,(RT_BX_CI)
        call .four
        ld hl,(RT_BX_CI)
        ld de,(RT_BX_CR)
        call .four
        ld hl,(RT_BX_CI)        ; y = y + 1
        inc hl
        ld (RT_BX_CI),hl
        ld de,(RT_BX_CE)
        bit 7,d
        jr z,.xdec
        add hl,hl               ; err < 0: err = err + 2y + 1
        inc hl
        add hl,de
        ld (RT_BX_CE),hl
        jp .loop
.xdec:  ld hl,(RT_BX_CR)        ; else x = x - 1, err = err + 2(y - x) + 1
        dec hl
        ld (RT_BX_CR),hl
        ex de,hl
        ld hl,(RT_BX_CI)
        or a
        sbc hl,de
        add hl,hl
        inc hl
        ld de,(RT_BX_CE)
        add hl,de
        ld (RT_BX_CE),hl
        jp .loop
; The four points (cx +- HL, cy +- DE).
.four:  ld (RT_BX_FA),hl
        ld (RT_BX_FB),de
        call .one               ; (+a, +b)
        ld hl,(RT_BX_FA)
        call .neg
        ld de,(RT_BX_FB)
        call .one               ; (-a, +b)
        ld hl,(RT_BX_FB)
        call .neg
        ld (RT_BX_FB),hl        ; -b from now on
        ex de,hl
        ld hl,(RT_BX_FA)
        call .one               ; (+a, -b)
        ld hl,(RT_BX_FA)
        call .neg
        ld de,(RT_BX_FB)        ; (-a, -b)
; The point (cx + HL, cy + DE), one offset scaled by the aspect.
.one:   ld a,(rt_bx_casp)
        or a
        jr z,.plot
        dec a
        jr nz,.sy
        call rt_bx_cscale       ; aspect > 1: x offsets shrink
        jr .plot
.sy:    ex de,hl                ; aspect < 1: y offsets shrink
        call rt_bx_cscale
        ex de,hl
.plot:  ld a,(rt_bx_carc)        ; an arc: only its points
        or a
        jr z,.draw
        push hl
        push de
        call rt_bx_cin
        pop de
        pop hl
        ret c
.draw:  push de
        ld de,(RT_BX_CX)
        add hl,de
        ld (RT_BX_X0),hl
        pop hl
        ld de,(RT_BX_CY)
        add hl,de
        ld (RT_BX_Y0),hl
        jp rt_bx_plot
; HL = -HL (DE changed).
.neg:   ex de,hl
        ld hl,0
        or a
        sbc hl,de
        ret
.bad:   ld e,5
        jp rt_bas_error

; ---------------------------------------------------------------------------
; Sprites (ROM: PUT SPRITE J7AB6, SPRITE$ C7AA0), through the BIOS's CALATR
; (0087h), CALPAT (0084h) and GSPSIZ (008Ah).

;@var rt_bx_spr 5

; PUT SPRITE: A = plane (0-31), B = 1 when a point was given (x0,y0),
; C = colour (0FFh: kept), DE = pattern number (0FFFFh: kept).
; SCREEN 1-3: the colour is byte 3 of the attributes (bit 7 the early
; clock, set for x < 0 with x + 32 written); SCREEN 4-8: the 16 bytes of
; the plane's line colours, 512 bytes below the attributes.
rt_bx_putspr:
        cp 32
        jp nc,.bad
        ld (rt_bx_spr),a
        ld a,b
        ld (rt_bx_spr+1),a
        ld a,c
        ld (rt_bx_spr+2),a
        ld (rt_bx_spr+3),de
        ld a,(rt_bx_spr)
        bios 0087h              ; CALATR: HL = the plane's attributes
        ld a,(rt_bx_spr+1)
        or a
        jr z,.colour
        ld a,(rt_bx_pts+2)
        push hl
        bios 0177h              ; NWRVRM (all 128 KB)
        pop hl
        inc hl
        ld de,(rt_bx_pts)
        ld a,e
        ld b,0
        bit 7,d
        jr z,.x
        add a,32
        ld b,080h
.x:     push hl
        push bc
        bios 0177h
        pop bc
        pop hl
        dec hl
        ld a,(SCRMOD)
        cp 4
        jr nc,.colour
        inc hl
        inc hl
        inc hl
        push hl
        push bc
        bios 0174h              ; NRDVRM
        pop bc
        and 0Fh
        or b
        pop hl
        push hl
        bios 0177h
        pop hl
        dec hl
        dec hl
        dec hl
.colour:
        ld a,(rt_bx_spr+2)
        cp 0FFh
        jr z,.pattern
        cp 16
        jr nc,.bad
        ld c,a
        ld a,(SCRMOD)
        cp 4
        jr nc,.lines
        inc hl
        inc hl
        inc hl
        push hl
        push bc
        bios 0174h
        pop bc
        and 080h
        or c
        pop hl
        push hl
        bios 0177h
        pop hl
        dec hl
        dec hl
        dec hl
        jr .pattern
.lines: push hl                 ; colour table: attributes - 512 + plane * 16
        ld a,(rt_bx_spr)
        ld l,a
        ld h,0
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        ld de,(0F928h)          ; ATRBAS
        add hl,de
        ld de,-512
        add hl,de
        ld a,c
        ld bc,16
        bios 0056h              ; FILVRM
        pop hl
.pattern:
        ld de,(rt_bx_spr+3)
        ld a,d
        inc a
        ret z                   ; 0FFFFh: kept
        dec a
        jr nz,.bad              ; above 255
        push hl
        push de
        bios 008Ah              ; GSPSIZ: carry for 16x16
        pop de
        pop hl
        ld a,e
        jr nc,.p8
        cp 64
        jr nc,.bad
        add a,a
        add a,a
.p8:    inc hl
        inc hl
        bios 0177h
        ret
.bad:   ld e,5
        jp rt_bas_error

; SPRITE$(n) = s$: A = n, HL = the string's descriptor. The pattern gets
; the string's bytes, the rest of its 8 or 32 bytes zeros.
rt_bx_setspr:
        push hl
        ld (rt_bx_spr),a
        bios 008Ah              ; GSPSIZ: A = bytes per pattern
        ld (rt_bx_spr+1),a
        ld a,(rt_bx_spr)
        bios 0084h              ; CALPAT: HL = the pattern's VRAM address
        ex de,hl
        pop hl
        push hl
        ld a,(rt_bx_spr+1)
        ld b,a
        ld a,(hl)               ; the length
        ld (rt_bx_spr+2),a
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a                  ; HL = the characters
        ex de,hl                ; HL = VRAM, DE = characters
.byte:  ld a,(rt_bx_spr+2)
        or a
        ld a,0
        jr z,.put
        ld a,(rt_bx_spr+2)
        dec a
        ld (rt_bx_spr+2),a
        ld a,(de)
        inc de
.put:   push hl
        push de
        push bc
        bios 0177h
        pop bc
        pop de
        pop hl
        inc hl
        djnz .byte
        pop hl
        jp rt_bas_sfree

; SCREEN ,s: A = sprite size (0 8x8, 1 8x8 magnified, 2 16x16, 3 16x16
; magnified): bits 1 and 0 of VDP R#1 (RG1SAV F3E0h), then the sprites
; are cleared (CLRSPR), as the ROM's SCREEN does.
rt_bx_sprsize:
        cp 4
        jr nc,.bad
        ld b,a
        ld a,(0F3E0h)
        and 0FCh
        or b
        ld b,a
        ld c,1
        bios 0047h              ; WRTVDP
        bios 0069h              ; CLRSPR
        ret
.bad:   ld e,5
        jp rt_bas_error

; STOP: HL = its line. "Break in n" and Ok; the program ends as with END
; (MSX could CONT; a compiled program cannot).
rt_bx_stop:
        push hl
        call rt_bas_freshline
        ld hl,.text
        call rt_bas_prz
        pop hl
        call rt_bas_prline
        jp rt_bas_end
.text:  db "Break in ",0

; KEY n,s$: A = n (1-10), HL = the string's descriptor: its first 15
; characters become the key's text in FNKSTR (F87Fh, 16 bytes per key),
; the rest zeros.
rt_bx_keydef:
        dec a
        cp 10
        jr nc,.bad
        push hl
        ld l,a
        ld h,0
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        ld de,0F87Fh
        add hl,de
        ex de,hl
        pop hl
        push hl
        ld b,(hl)
        inc hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        ld c,16
.copy:  ld a,b
        or a
        jr z,.zero
        ld a,c
        dec a
        jr z,.zero              ; the last byte stays 0
        ld a,(hl)
        inc hl
        dec b
        jr .put
.zero:  xor a
.put:   ld (de),a
        inc de
        dec c
        jr nz,.copy
        pop hl
        jp rt_bas_sfree
.bad:   ld e,5
        jp rt_bas_error

; Plots (x0,y0) in SCREEN 3: 4x4 blocks; the pattern byte MLTCGP + (y AND
; E0h) * 8 + (x AND F8h) + (y / 4 AND 7) holds the left block's colour in
; its high half, the right one's in its low half.
rt_bx_plot3:
        call rt_bx_in192        ; off the 256 x 192 screen: nothing
        ret nc
        and 0E0h
        ld h,0
        ld l,a
        add hl,hl
        add hl,hl
        add hl,hl
        ld a,(RT_BX_Y0)
        rrca
        rrca
        and 7
        ld e,a
        ld a,(RT_BX_X0)
        and 0F8h
        or e
        ld e,a
        ld d,0
        add hl,de
        ld de,(0F3D5h)          ; MLTCGP
        add hl,de
        push hl
        bios 0174h              ; NRDVRM
        ld b,a
        ld a,(rt_bx_gc)
        and 0Fh
        ld c,a
        ld a,(RT_BX_X0)
        and 4
        jr nz,rt_bx_plot3r
        ld a,c
        add a,a
        add a,a
        add a,a
        add a,a
        ld c,a
        ld a,b
        and 0Fh
        jr rt_bx_plot3p
rt_bx_plot3r: ld a,b
        and 0F0h
rt_bx_plot3p:  or c
        pop hl
        bios 0177h              ; NWRVRM
        ret

; POINT(x0,y0): HL = the colour of the point, -1 outside the screen.
; SCREEN 2/4: the colour table's foreground or background nibble as the
; pattern bit says; SCREEN 5-8: the V9938 POINT command (result in S#7).
rt_bx_point:
        ld hl,(rt_bx_pts)
        ld de,(rt_bx_pts+2)
        ld a,d
        or a
        jr nz,.out
        ld a,(SCRMOD)
        cp 5
        jr nc,.bitmap
        cp 2
        jr z,.pattern
        cp 4
        jr z,.pattern
        ld e,5
        jp rt_bas_error
.out:   ld hl,-1
        ret
.pattern:
        ld a,h
        or a
        jr nz,.out
        ld a,e
        cp 192
        jr nc,.out
        and 0F8h
        ld h,a
        ld l,0
        srl h
        rr l
        srl h
        rr l
        srl h
        rr l
        ld a,(rt_bx_pts)
        and 0F8h
        ld c,a
        ld a,e
        and 7
        or c
        ld c,a
        ld b,0
        add hl,bc
        push hl
        ld de,(0F3CBh)
        add hl,de
        bios 0174h              ; NRDVRM: the pattern byte
        ld b,a
        ld a,(rt_bx_pts)
        and 7
        inc a
.bit:   rl b                    ; the point's bit into carry
        dec a
        jr nz,.bit
        pop hl
        push af
        ld de,(0F3C9h)
        add hl,de
        bios 0174h              ; the colour byte
        ld l,a
        pop af
        ld a,l
        jr nc,.bg
        rrca
        rrca
        rrca
        rrca
.bg:    and 0Fh
        ld l,a
        ld h,0
        ret
.bitmap:
        ld b,a
        ld a,h
        cp 2
        jr nc,.out
        or a
        jr z,.xok
        ld a,b
        cp 6
        jr c,.out
        cp 8
        jr nc,.out
.xok:   ld a,e
        cp 212
        jr nc,.out
        ld a,(0FAF6h)           ; ACPAGE
        ld d,a
        di
.wait:  ld a,2                  ; wait until no command runs (S#2 CE)
        out (099h),a
        ld a,08Fh
        out (099h),a
        in a,(099h)
        rrca
        jr c,.wait
        ld a,32
        out (099h),a
        ld a,091h               ; R#17 = 32, auto-increment
        out (099h),a
        ld c,09Bh
        out (c),l               ; SX
        out (c),h
        out (c),e               ; SY
        out (c),d
        ld a,040h               ; POINT
        out (099h),a
        ld a,080h+46
        out (099h),a
.busy:  in a,(099h)             ; S#2 still selected
        rrca
        jr c,.busy
        ld a,7
        out (099h),a
        ld a,08Fh
        out (099h),a
        in a,(099h)             ; S#7: the colour
        ld l,a
        xor a
        out (099h),a
        ld a,08Fh
        out (099h),a
        ei
        ld h,0
        ret

;@var rt_bx_pnt 16

; PAINT (x0,y0): A = colour (0FFh: the foreground), C = border colour
; (0FFh: the paint colour). A scanline flood fill: from each seed the run
; of the row is found between border points and drawn, then the runs of
; the rows above and below get seeds; a point of the paint colour stops
; the fill too. Seeds (4 bytes each) go in the free memory above the
; arrays; "Out of memory" (7) when it is full.
rt_bx_paint:
RT_BX_PB equ rt_bx_pnt          ; border colour
RT_BX_PSP equ rt_bx_pnt+1       ; seed stack pointer
RT_BX_PX equ rt_bx_pnt+3
RT_BX_PY equ rt_bx_pnt+5
RT_BX_PL equ rt_bx_pnt+7        ; the run: PL..PR
RT_BX_PR equ rt_bx_pnt+9
RT_BX_PROW equ rt_bx_pnt+11     ; row being seeded
RT_BX_PSX equ rt_bx_pnt+13      ; x being looked at
RT_BX_PIN equ rt_bx_pnt+15      ; inside a run of fillable points
        push bc
        ld b,0
        call rt_bx_gcolor
        pop bc
        ld a,c
        cp 0FFh
        jr nz,.border
        ld a,(rt_bx_gc)
.border:
        ld (RT_BX_PB),a
        ld hl,(rt_heap)
        ld (RT_BX_PSP),hl
        ld hl,(rt_bx_pts)
        ld (0FCB7h),hl
        ld de,(rt_bx_pts+2)
        ld (0FCB9h),de
        call .push
.loop:  ld hl,(RT_BX_PSP)
        ld de,(rt_heap)
        or a
        sbc hl,de
        ret z                   ; no seed left
        add hl,de
        dec hl
        ld d,(hl)
        dec hl
        ld e,(hl)
        dec hl
        ld b,(hl)
        dec hl
        ld c,(hl)
        ld (RT_BX_PSP),hl
        ld (RT_BX_PX),bc
        ld (RT_BX_PY),de
        ld h,b
        ld l,c
        call .stop
        jr c,.loop
        ld hl,(RT_BX_PX)
.left:  ld (RT_BX_PL),hl
        dec hl
        ld de,(RT_BX_PY)
        call .stop
        ld hl,(RT_BX_PL)
        dec hl
        jr nc,.left
        ld hl,(RT_BX_PX)
.right: ld (RT_BX_PR),hl
        inc hl
        ld de,(RT_BX_PY)
        call .stop
        ld hl,(RT_BX_PR)
        inc hl
        jr nc,.right
        ld hl,(RT_BX_PL)
        ld (rt_bx_pts),hl
        ld hl,(RT_BX_PR)
        ld (rt_bx_pts+4),hl
        ld hl,(RT_BX_PY)
        ld (rt_bx_pts+2),hl
        ld (rt_bx_pts+6),hl
        call rt_bx_line
        ld hl,(RT_BX_PY)
        dec hl
        call .seeds
        ld hl,(RT_BX_PY)
        inc hl
        call .seeds
        jp .loop
; Seeds for row HL: the first point of each fillable run in PL..PR.
.seeds: ld (RT_BX_PROW),hl
        xor a
        ld (RT_BX_PIN),a
        ld hl,(RT_BX_PL)
.s1:    ld (RT_BX_PSX),hl
        ld de,(RT_BX_PROW)
        call .stop
        jr c,.s2
        ld a,(RT_BX_PIN)
        or a
        jr nz,.s3
        ld hl,(RT_BX_PSX)
        ld de,(RT_BX_PROW)
        call .push
        ld a,1
        ld (RT_BX_PIN),a
        jr .s3
.s2:    xor a
        ld (RT_BX_PIN),a
.s3:    ld hl,(RT_BX_PSX)
        ld de,(RT_BX_PR)
        or a
        sbc hl,de
        ret z
        add hl,de
        inc hl
        jr .s1
; Carry when (HL, DE) is outside the screen, the border or painted.
.stop:  ld (rt_bx_pts),hl
        ld (rt_bx_pts+2),de
        call rt_bx_point
        ld a,h
        or a
        scf
        ret nz
        ld a,(RT_BX_PB)
        cp l
        scf
        ret z
        ld a,(rt_bx_gc)
        cp l
        scf
        ret z
        or a
        ret
; A seed (HL = x, DE = y).
.push:  push de
        push hl
        ld hl,(RT_BX_PSP)
        ld de,4
        add hl,de
        ld de,(rt_bx_atop)
        or a
        sbc hl,de
        jr nc,.full
        add hl,de
        ld de,-4
        add hl,de
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
        ld (RT_BX_PSP),hl
        ret
.full:  ld e,7
        jp rt_bas_error

; FRE(0): HL = the bytes free between the arrays and the string heap.
rt_bx_fre:
        ld hl,(rt_bx_atop)
        ld de,(rt_heap)
        or a
        sbc hl,de
        ret

; FRE(""): HL = the string space free, after a compaction (as MSX
; collects garbage first).
rt_bx_fres:
        call rt_bas_gc
        ld hl,(rt_bas_hend)
        ld de,(rt_bas_hfree)
        or a
        sbc hl,de
        ret

; The sign of a FOR's STEP in DAC: A = 1 or 0FFh, and 2 for a zero step
; (ROM C4524: NEXT ends the loop when the comparison equals the sign, so
; STEP 0 never ends it).
rt_bx_stepsgn:
        call bcd_sgn
        ret nz
        ld a,2
        ret

; TIME = DAC: 0-65535 (values from 32768 up are stored as their 16 bits),
; "Overflow" outside.
rt_bx_settime2:
        call rt_bx_uword
        ld (JIFFY),hl
        ret

; An address operand (ROM C542F): HL = DAC's 16 bits, DAC in -32768..65535
; (32768-65535 give the same bits as -32768..-1); "Overflow" outside.
rt_bx_uword:
        ld a,(BCD_DAC)
        or a
        jp m,.int               ; negative: CINT checks it
        cp 045h                 ; 5 digits or more: maybe 32768-65535
        jr c,.int
        ld hl,rt_bx_k32768
        call bcd_load_arg
        call bcd_cmp
        cp 0FFh
        jr z,.int               ; below 32768
        ld hl,rt_bx_k32768      ; DAC - 65536 (ARG is reloaded: the
        call bcd_load_arg       ; math pack may change it):
        call bcd_sub            ; -32768..-1 for 32768..65535
        ld hl,rt_bx_k32768
        call bcd_load_arg
        call bcd_sub
.int:   jp bcd_to_int

; ---------------------------------------------------------------------------
; Palette and VDP registers (MSX2 Technical Handbook, chapter 2, "COLOR=",
; "VDP"; SUB-ROM SETPLT 014Dh, INIPLT 0141h, RSTPLT 0145h, reached by
; CALSLT with the SUB-ROM's slot EXBRSA FAF8h, which works from MSX-DOS
; too).

; A graphics point of a statement: HL = x, DE = y into the first
; (rt_bx_setpt0) or the second (rt_bx_setpt1) point of rt_bx_pts.
rt_bx_setpt0:
        ld (rt_bx_pts),hl
        ld (rt_bx_pts+2),de
        ret
rt_bx_setpt1:
        ld (rt_bx_pts+4),hl
        ld (rt_bx_pts+6),de
        ret

; COLOR=(p,r,g,b): the four values in rt_bx_pts (words); p 0-15, r g b
; 0-7, else "Illegal function call" (5).
rt_bx_palette:
        ld hl,rt_bx_pts
        ld a,(hl)
        inc hl
        cp 16
        jr nc,.bad
        ld c,0F0h               ; bits that must be clear: p
        ld b,4
.arg:   ld a,(hl)               ; the high byte
        or a
        jr nz,.bad
        dec hl
        ld a,(hl)
        and c
        jr nz,.bad
        inc hl
        inc hl
        inc hl
        ld c,0F8h               ; r g b
        djnz .arg
        ld a,(rt_bx_pts+2)      ; red
        add a,a
        add a,a
        add a,a
        add a,a
        ld hl,rt_bx_pts+6       ; blue
        or (hl)
        ld hl,rt_bx_pts
        ld d,(hl)               ; D = colour
        ld hl,rt_bx_pts+4
        ld e,(hl)               ; E = green
        ld bc,014Dh             ; SETPLT
        jp rt_bx_subrom
.bad:   ld e,5
        jp rt_bas_error

; COLOR=NEW: the default palette (INIPLT).
rt_bx_palnew:
        ld bc,0141h
        jp rt_bx_subrom

; COLOR=RESTORE: the palette from its copy in VRAM (RSTPLT).
rt_bx_palrestore:
        ld bc,0145h
        jp rt_bx_subrom

; Calls the SUB-ROM routine BC (AF, DE, HL passed through); keeps IX
; and IY for the compiled code.
rt_bx_subrom:
        push ix
        push iy
        push bc
        pop ix
        ld iy,(0FAF7h)          ; IYH = EXBRSA, the SUB-ROM's slot
        call 001Ch              ; CALSLT
        pop iy
        pop ix
        ei
        ret

; VDP(n): HL = n, HL = the register's value (Handbook: n 0-7 R#0-7, 8
; S#0, 9-24 R#8-23, -1 to -9 S#1-S#9; R# values come from the BIOS's
; copies RG0SAV F3DFh / RG8SAV FFE7h; S#0 is STATFL F3E7h, what the
; interrupt last read, since reading S#0 here would take a pending
; interrupt's flag away). "Illegal function call" (5) for other n.
rt_bx_vdp:
        ld a,h
        inc a
        jr z,.status            ; negative
        or a
        dec a
        jr nz,.bad
        ld a,l
        cp 8
        jr c,.low
        jr z,.s0
        cp 25
        jr nc,.bad
        sub 9
        ld e,a
        ld d,0
        ld hl,0FFE7h            ; RG8SAV
        jr .save
.low:   ld e,a
        ld d,0
        ld hl,0F3DFh            ; RG0SAV
.save:  add hl,de
        ld l,(hl)
        ld h,0
        ret
.s0:    ld a,(0F3E7h)           ; STATFL
        ld l,a
        ld h,0
        ret
.status:
        ld a,l
        cp 0F7h                 ; -9
        jr c,.bad
        neg                     ; 1-9
.read:  di
        out (099h),a            ; R#15 = the status register
        ld a,08Fh
        out (099h),a
        in a,(099h)
        ld l,a
        xor a                   ; R#15 = 0 again, as the BIOS expects
        out (099h),a
        ld a,08Fh
        out (099h),a
        ei
        ld h,0
        ret
.bad:   ld e,5
        jp rt_bas_error

; VDP(n)=v: HL = n, A = v (Handbook: n 0-7 R#0-7, 9-24 R#8-23, 33-47
; R#32-46) through WRTVDP, which keeps the BIOS's copies. "Illegal
; function call" (5) for other n.
rt_bx_setvdp:
        ld b,a
        ld a,h
        or a
        jr nz,.bad
        ld a,l
        cp 8
        jr c,.write
        jr z,.bad
        cp 25
        jr c,.high
        cp 33
        jr c,.bad
        cp 48
        jr nc,.bad
.high:  dec a
.write: ld c,a
        bios 0047h              ; WRTVDP
        ret
.bad:   ld e,5
        jp rt_bas_error

; SPRITE$(n) as a function: HL = n (0-255); HL = a temporary holding the
; pattern's 8 or 32 bytes (GSPSIZ), read from VRAM where CALPAT puts
; pattern n. "Illegal function call" (5) outside 0-255.
rt_bx_getspr:
        call rt_bx_byte
        ld (rt_bx_spr),a
        bios 008Ah              ; GSPSIZ: A = bytes per pattern
        ld (rt_bx_spr+1),a
        ld l,a
        ld h,0
        call rt_bas_space       ; a temporary of that length in the heap
        push hl
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)               ; DE = its characters
        push de
        ld a,(rt_bx_spr)
        bios 0084h              ; CALPAT: HL = the pattern's VRAM address
        pop de
        ld a,(rt_bx_spr+1)
        ld b,a
.byte:  push bc
        push de
        push hl
        bios 0174h              ; NRDVRM: A = VRAM (HL)
        pop hl
        pop de
        pop bc
        ld (de),a
        inc de
        inc hl
        djnz .byte
        pop hl
        ret

; SCREEN's other arguments (MSX2 Technical Handbook, chapter 2, SCREEN):
; key click (0 off, else on: CLIKSW F3DBh), cassette baud rate (1 or 2;
; there is no cassette to set up, so it is only checked), printer (0 an
; MSX printer, else another: NTMSXP F417h) and interlace mode (0-3: R#9
; bit 3 interlace, bit 2 even/odd pages alternately, through WRTVDP).
; A = the value; "Illegal function call" (5) out of range.
rt_bx_scrclick:
        ld (0F3DBh),a
        ret

rt_bx_scrbaud:
        dec a
        cp 2
        ret c
        ld e,5
        jp rt_bas_error

rt_bx_scrprn:
        ld (0F417h),a
        ret

rt_bx_scrint:
        cp 4
        jr nc,.bad
        ld b,0
        rrca                    ; mode bit 0: interlace, R#9 bit 3
        jr nc,.noil
        set 3,b
.noil:  rrca                    ; mode bit 1: alternate pages, R#9 bit 2
        jr nc,.noeo
        set 2,b
.noeo:
        ld a,(0FFE8h)           ; RG9SAV
        and 0F3h
        or b
        ld b,a
        ld c,9
        bios 0047h              ; WRTVDP
        ret
.bad:   ld e,5
        jp rt_bas_error

; KEY LIST (ROM C786C): the ten function-key texts (FNKSTR F87Fh, 16
; bytes each), one per line, 16 characters each, control characters
; (below 20h, and 7Fh) shown as blanks.
rt_bx_keylist:
        ld hl,0F87Fh
        ld c,10
.key:   ld b,16
.char:  ld a,(hl)
        inc hl
        cp 7Fh
        jr z,.blank
        cp 20h
        jr nc,.put
.blank: ld a,' '
.put:   push bc
        push hl
        call rt_bas_chput
        pop hl
        pop bc
        djnz .char
        push bc
        push hl
        call rt_bas_prnl
        pop hl
        pop bc
        dec c
        jr nz,.key
        ret

; CIRCLE's aspect (MSX2 Technical Handbook, chapter 2, CIRCLE): DAC = the
; aspect (vertical radius / horizontal radius). Below 1 the horizontal
; radius is r and the vertical one r * aspect; above 1 the vertical one is
; r and the horizontal one r / aspect. Sets rt_bx_casp (0 none, 1 x
; offsets, 2 y offsets are scaled) and rt_bx_cfac (the factor, 0-65535
; for 0-1). "Illegal function call" (5) when not above 0.
rt_bx_caspect:
        ld a,(BCD_DAC)
        or a
        jp z,.bad
        jp m,.bad
        ld hl,.one
        call bcd_load_arg
        call bcd_cmp
        or a
        jr z,.none              ; 1: a circle
        ld b,2                  ; below 1: y offsets
        cp 1
        jr nz,.frac
        ld hl,BCD_DAC           ; above 1: 1 / aspect, x offsets
        ld de,BCD_ARG
        ld bc,8
        ldir
        ld hl,.one
        ld de,BCD_DAC
        ld bc,8
        ldir
        call bcd_div
        ld b,1
.frac:  push bc
        ld hl,.full
        call bcd_load_arg
        call bcd_mul            ; factor * 65535
        call rt_bx_uword
        ld (rt_bx_cfac),hl
        pop bc
        ld a,b
        ld (rt_bx_casp),a
        ret
.none:  xor a
        ld (rt_bx_casp),a
        ret
.bad:   ld e,5
        jp rt_bas_error
.one:   db 041h,010h,0,0,0,0,0,0
.full:  db 045h,065h,053h,050h,0,0,0,0

; HL = HL * rt_bx_cfac / 65536, rounded, for HL signed. Keeps BC, DE.
rt_bx_cscale:
        push de
        push bc
        bit 7,h
        push af
        jr z,.pos
        ld a,h
        cpl
        ld h,a
        ld a,l
        cpl
        ld l,a
        inc hl
.pos:   ld b,h
        ld c,l
        ld de,(rt_bx_cfac)
        call rt_bx_umul32
        bit 7,h                 ; rounded by the fraction's top bit
        jr z,.high
        inc de
.high:  ex de,hl
        pop af
        jr z,.done
        ld a,h
        cpl
        ld h,a
        ld a,l
        cpl
        ld l,a
        inc hl
.done:  pop bc
        pop de
        ret

; SET PAGE display,active (MSX2 Technical Handbook, chapter 2): HL = the
; page shown, DE = the page drawn on (0FFFFh: kept). Pages 0-3 in SCREEN
; 5 and 6, 0-1 in SCREEN 7 and 8, only 0 in the other modes, else
; "Illegal function call" (5). DPPAGE FAF5h / ACPAGE FAF6h, then the
; SUB-ROM's SETPAG (R#2).
rt_bx_setpage:
        ld a,(0FCAFh)           ; SCRMOD
        ld b,1
        cp 5
        jr c,.max
        ld b,4
        cp 7
        jr c,.max
        ld b,2
.max:   ld a,h
        and l
        inc a
        jr z,.noshow
        ld a,h
        or a
        jr nz,.bad
        ld a,l
        cp b
        jr nc,.bad
        ld (0FAF5h),a           ; DPPAGE
.noshow:
        ld a,d
        and e
        inc a
        jr z,.set
        ld a,d
        or a
        jr nz,.bad
        ld a,e
        cp b
        jr nc,.bad
        ld (0FAF6h),a           ; ACPAGE
.set:   ld bc,013Dh             ; SETPAG
        jp rt_bx_subrom
.bad:   ld e,5
        jp rt_bas_error

; COPY (x1,y1)-(x2,y2)[,page] TO (x3,y3)[,page][,op] in SCREEN 5-8 (MSX2
; Technical Handbook, chapter 2, COPY): the rectangle is moved pixel by
; pixel by the V9938's LMMM command with the logical operation (V9938
; Technical Data Book, LMMM), downwards/rightwards, or leftwards/upwards
; when x2 < x1 / y2 < y1 (from (x1,y1), to (x3,y3) on). The corners are
; in rt_bx_pts, (x3,y3) and the pages (0FFFFh: the active page) in
; rt_bx_cpy; B = the operation. Coordinates outside the screen are
; brought to its edge; pages as SET PAGE; other modes: "Illegal function
; call" (5).
;@var rt_bx_cpy 8
;@var rt_bx_cpcmd 15
rt_bx_copy:
        ld a,(0FCAFh)           ; SCRMOD
        cp 5
        jp c,.bad
        cp 9
        jp nc,.bad
        ld c,4                  ; pages
        cp 7
        jr c,.pages
        ld c,2
.pages: ld a,b
        ld (rt_bx_cpcmd+14),a   ; the operation, for now
        ld hl,rt_bx_cpy+4
        call .page
        ld hl,rt_bx_cpy+6
        call .page
        ld hl,rt_bx_pts         ; clip the four coordinates and (x3,y3)
        call .clipx
        ld hl,rt_bx_pts+2
        call .clipy
        ld hl,rt_bx_pts+4
        call .clipx
        ld hl,rt_bx_pts+6
        call .clipy
        ld hl,rt_bx_cpy
        call .clipx
        ld hl,rt_bx_cpy+2
        call .clipy
        xor a                   ; ARG: the directions
        ld (rt_bx_cpcmd+13),a
        ld (rt_bx_cpcmd+12),a   ; CLR (unused)
        ld hl,(rt_bx_pts)       ; SX = x1, NX = |x2 - x1| + 1
        ld (rt_bx_cpcmd),hl
        ex de,hl
        ld hl,(rt_bx_pts+4)
        or a
        sbc hl,de
        jr nc,.nx
        ex de,hl                ; leftwards
        ld hl,0
        or a
        sbc hl,de
        ld a,4                  ; DIX
        ld (rt_bx_cpcmd+13),a
.nx:    inc hl
        ld (rt_bx_cpcmd+8),hl
        ld hl,(rt_bx_pts+2)     ; SY = y1 + 256 * page, NY = |y2 - y1| + 1
        ld a,(rt_bx_cpy+4)
        ld h,a
        ld (rt_bx_cpcmd+2),hl
        ld hl,(rt_bx_pts+2)
        ex de,hl
        ld hl,(rt_bx_pts+6)
        or a
        sbc hl,de
        jr nc,.ny
        ex de,hl                ; upwards
        ld hl,0
        or a
        sbc hl,de
        ld a,(rt_bx_cpcmd+13)
        or 8                    ; DIY
        ld (rt_bx_cpcmd+13),a
.ny:    inc hl
        ld (rt_bx_cpcmd+10),hl
        ld hl,(rt_bx_cpy)       ; DX = x3, DY = y3 + 256 * page
        ld (rt_bx_cpcmd+4),hl
        ld hl,(rt_bx_cpy+2)
        ld a,(rt_bx_cpy+6)
        ld h,a
        ld (rt_bx_cpcmd+6),hl
        ld a,(rt_bx_cpcmd+14)
        and 0Fh
        or 090h                 ; LMMM
        ld (rt_bx_cpcmd+14),a
        ld hl,rt_bx_cpcmd       ; R#32-R#46
        ld c,32
        ld b,15
        jp rt_bx_vdpsend
; A page at HL: 0FFFFh is the active page; below C, else 5.
.page:  ld a,(hl)
        inc hl
        and (hl)
        inc a
        jr nz,.given
        ld a,(0FAF6h)           ; ACPAGE
        dec hl
        ld (hl),a
        ret
.given: ld a,(hl)
        dec hl
        or a
        jr nz,.badp
        ld a,(hl)
        cp c
        ret c
.badp:  pop hl
.bad:   ld e,5
        jp rt_bas_error
; The word at HL brought into 0..255 (0..511 in SCREEN 6 and 7).
.clipx: ld de,255
        ld a,(0FCAFh)
        cp 6
        jr z,.wide
        cp 7
        jr nz,.clip
.wide:  ld de,511
        jr .clip
; The word at HL brought into 0..211.
.clipy: ld de,211
.clip:  inc hl
        bit 7,(hl)
        jr z,.notneg
        xor a
        ld (hl),a
        dec hl
        ld (hl),a
        ret
.notneg:
        ld a,(hl)
        dec hl
        push hl
        ld l,(hl)
        ld h,a
        or a
        sbc hl,de
        pop hl
        ret c
        ret z
        ld (hl),e
        inc hl
        ld (hl),d
        ret

; PAD(n) (n 0-19: touch pads, light pen, mouse, track ball) and PDL(n)
; (n 1-12: paddles) through the BIOS's GTPAD (00DBh) and GTPDL (00DEh)
; (MSX2 Technical Handbook, chapter 2 and appendix 1). HL = n, HL = the
; value; PAD's status readings (n 0, 4, 8, 12, 16) are -1 or 0, the
; mouse's offsets (13, 14, 17, 18) -128 to 127, the others 0-255.
; "Illegal function call" (5) for other n.
rt_bx_pad:
        call rt_bx_byte
        cp 20
        jr nc,.bad
        ld c,a
        push bc
        bios 00DBh              ; GTPAD
        pop bc
        ld l,a
        ld h,0
        ld a,c
        cp 12
        jr c,.pen
        and 3
        jr z,.status
        ld a,l                  ; a signed byte
        rla
        sbc a,a
        ld h,a
        ret
.pen:   and 3
        ret nz
.status:
        ld a,l
        or a
        ret z
        ld hl,0FFFFh
        ret
.bad:   ld e,5
        jp rt_bas_error

rt_bx_pdl:
        call rt_bx_byte
        dec a
        cp 12
        jr nc,.bad
        inc a
        bios 00DEh              ; GTPDL
        ld l,a
        ld h,0
        ret
.bad:   ld e,5
        jp rt_bas_error

; CIRCLE's start and end angles (MSX2 Technical Handbook, chapter 2,
; CIRCLE): radians, -2*PI to 2*PI ("Illegal function call" (5) beyond);
; the arc goes anticlockwise from the start to the end; a negative angle
; also draws a line from the centre to that end of the arc. A point is
; on the arc when it is anticlockwise from the start and clockwise from
; the end (cross products with the two directions, as integers x 16384),
; either of them when the arc is half a turn or more.
;@var rt_bx_cangs 16
;@var rt_bx_carc 1
;@var rt_bx_cvec 8
;@var rt_bx_cwide 1
;@var rt_bx_clin 1
;@var rt_bx_crad 2
;@var rt_bx_ct 8
;@var rt_bx_cp 5

; DAC = the angle of slot A (0 start, 1 end).
rt_bx_cangle:
        ld c,a
        ld a,(BCD_DAC)
        bit 7,a
        jr z,.pos
        res 7,a
        ld (BCD_DAC),a
        ld a,c
        inc a                   ; bit 0: the start, bit 1: the end
        ld hl,rt_bx_clin
        or (hl)
        ld (hl),a
.pos:   push bc
        ld hl,rt_bx_k2pi
        call bcd_load_arg
        call bcd_cmp
        pop bc
        cp 1
        jr z,.bad
        ld a,c
        call rt_bx_cslot
        jp bcd_store_dac
.bad:   ld e,5
        jp rt_bas_error

; An angle left out: the start is 0, the end 2*PI. A = slot.
rt_bx_cangle0:
        call rt_bx_cslot
        or a
        jr nz,.end
        ld b,8
.z:     ld (hl),0
        inc hl
        djnz .z
        ret
.end:   ex de,hl
        ld hl,rt_bx_k2pi
        ld bc,8
        ldir
        ret

; HL = slot C's (or A's) angle. Keeps A.
rt_bx_cslot:
        ld c,a
        ld hl,rt_bx_cangs
        or a
        ret z
        ld hl,rt_bx_cangs+8
        ret

rt_bx_k2pi:
        db 041h,062h,083h,018h,053h,007h,017h,096h
rt_bx_kpi:
        db 041h,031h,041h,059h,026h,053h,058h,098h
rt_bx_k16384:
        db 045h,016h,038h,040h,0,0,0,0

; The two directions (cos, sin) x 16384 and whether the arc is half a
; turn or more.
rt_bx_carcset:
        ld hl,rt_bx_cangs
        ld de,rt_bx_cvec
        call .dir
        ld hl,rt_bx_cangs+8
        ld de,rt_bx_cvec+4
        call .dir
        ld hl,rt_bx_cangs+8     ; end - start, + 2*PI when negative
        call bcd_load_dac
        ld hl,rt_bx_cangs
        call bcd_load_arg
        call bcd_sub
        ld a,(BCD_DAC)
        rlca
        jr nc,.pos
        ld hl,rt_bx_k2pi
        call bcd_load_arg
        call bcd_add
.pos:   ld hl,rt_bx_kpi
        call bcd_load_arg
        call bcd_cmp
        inc a                   ; FFh (less than PI) -> 0
        ld (rt_bx_cwide),a
        ld a,1
        ld (rt_bx_carc),a
        ret
; DE = (cos, sin) x 16384 of the angle at HL.
.dir:   push de
        push hl
        call bcd_load_dac
        call rt_bas_cos
        call .scale             ; HL = cos x 16384
        ex de,hl
        pop hl                  ; the angle
        ex (sp),hl              ; HL = where to, the angle kept
        ld (hl),e
        inc hl
        ld (hl),d
        inc hl
        ex (sp),hl              ; HL = the angle, where to kept
        call bcd_load_dac
        call rt_bas_sin
        call .scale
        ex de,hl
        pop hl
        ld (hl),e
        inc hl
        ld (hl),d
        ret
.scale: ld hl,rt_bx_k16384
        call bcd_load_arg
        call bcd_mul
        jp bcd_to_int

; Carry set when the point (HL, DE) (offsets from the centre, y down) is
; not on the arc.
rt_bx_cin:
        ld (rt_bx_ct+4),hl      ; V = P (y up)
        ex de,hl
        ld de,0
        ex de,hl
        or a
        sbc hl,de
        ld (rt_bx_ct+6),hl
        ld hl,(rt_bx_cvec)      ; U = the start
        ld (rt_bx_ct),hl
        ld hl,(rt_bx_cvec+2)
        ld (rt_bx_ct+2),hl
        call rt_bx_ccross
        sbc a,a
        ld (rt_bx_cp+4),a       ; 0FFh: before the start
        ld hl,(rt_bx_ct+4)      ; U = P, V = the end
        ld (rt_bx_ct),hl
        ld hl,(rt_bx_ct+6)
        ld (rt_bx_ct+2),hl
        ld hl,(rt_bx_cvec+4)
        ld (rt_bx_ct+4),hl
        ld hl,(rt_bx_cvec+6)
        ld (rt_bx_ct+6),hl
        call rt_bx_ccross
        sbc a,a                 ; 0FFh: past the end
        ld b,a
        ld a,(rt_bx_cp+4)
        ld c,a
        ld a,(rt_bx_cwide)
        or a
        ld a,b
        jr nz,.wide
        or c                    ; less than half a turn: both must hold
        rla
        ret
.wide:  and c                   ; half a turn or more: either
        rla
        ret

; Carry set when Ux*Vy - Uy*Vx (rt_bx_ct: Ux, Uy, Vx, Vy) is negative.
rt_bx_ccross:
        ld bc,(rt_bx_ct)
        ld de,(rt_bx_ct+6)
        call rt_bx_smul
        ld (rt_bx_cp),hl
        ld (rt_bx_cp+2),de
        ld bc,(rt_bx_ct+2)
        ld de,(rt_bx_ct+4)
        call rt_bx_smul
        ld b,d
        ld c,e
        ex de,hl
        ld hl,(rt_bx_cp)
        or a
        sbc hl,de
        ld hl,(rt_bx_cp+2)
        sbc hl,bc
        ld a,h
        rla
        ret

; DE:HL = BC * DE, signed.
rt_bx_smul:
        ld a,b
        xor d
        push af
        bit 7,b
        jr z,.bpos
        xor a
        sub c
        ld c,a
        ld a,0
        sbc a,b
        ld b,a
.bpos:  bit 7,d
        jr z,.dpos
        xor a
        sub e
        ld e,a
        ld a,0
        sbc a,d
        ld d,a
.dpos:  call rt_bx_umul32
        pop af
        ret p
        xor a
        sub l
        ld l,a
        ld a,0
        sbc a,h
        ld h,a
        ld a,0
        sbc a,e
        ld e,a
        ld a,0
        sbc a,d
        ld d,a
        ret

; DE:HL = BC * DE, unsigned (shift and add, 16 steps). Keeps BC; A = 0.
rt_bx_umul32:
        ld hl,0
        ld a,16
.mul:   add hl,hl
        rl e
        rl d
        jr nc,.next
        add hl,bc
        jr nc,.next
        inc de
.next:  dec a
        jr nz,.mul
        ret

; The end of CIRCLE: the lines to the arc's ends that negative angles
; asked for, then the last point is the centre again.
rt_bx_clines:
        ld a,(rt_bx_carc)
        or a
        ret z
        ld a,(rt_bx_clin)
        rrca
        ld hl,rt_bx_cvec
        call c,.line
        ld a,(rt_bx_clin)
        and 2
        ld hl,rt_bx_cvec+4
        call nz,.line
        ld hl,(RT_BX_CX)
        ld (0FCB7h),hl
        ld hl,(RT_BX_CY)
        ld (0FCB9h),hl
        ret
; A line from the centre to radius x the direction at HL.
.line:  push hl
        ld c,(hl)
        inc hl
        ld b,(hl)
        call .part              ; HL = r * cos
        ex (sp),hl
        inc hl
        inc hl
        ld c,(hl)
        inc hl
        ld b,(hl)
        call .part              ; HL = r * sin
        ex de,hl                ; DE = y offset up
        ld hl,0
        or a
        sbc hl,de
        ex de,hl                ; DE = y offset down
        pop hl                  ; HL = x offset
        ld a,(rt_bx_casp)
        or a
        jr z,.go
        dec a
        jr nz,.sy
        call rt_bx_cscale
        jr .go
.sy:    ex de,hl
        call rt_bx_cscale
        ex de,hl
.go:    ld bc,(RT_BX_CX)
        add hl,bc
        ld (rt_bx_pts+4),hl
        ex de,hl
        ld bc,(RT_BX_CY)
        add hl,bc
        ld (rt_bx_pts+6),hl
        ld hl,(RT_BX_CX)
        ld (rt_bx_pts),hl
        ld hl,(RT_BX_CY)
        ld (rt_bx_pts+2),hl
        ld a,(rt_bx_gop)
        ld b,a
        ld c,0
        ld a,(rt_bx_gc)
        jp rt_bx_gline
; HL = radius * BC / 16384, rounded.
.part:  ld de,(rt_bx_crad)
        call rt_bx_smul         ; DE:HL
        ld a,h
        add hl,hl               ; DE:HL << 2, then the high word
        rl e
        rl d
        add hl,hl
        rl e
        rl d
        bit 7,h
        ex de,hl
        ret z
        inc hl
        ret

; ---------------------------------------------------------------------------
; BASE(n): HL = n (0-44): BCD_DAC = the VRAM address of table n (n = 5 ×
; mode + table: name, colour, pattern generator, sprite attributes, sprite
; patterns), as the SUB-ROM's BASEF (016Dh) gives it: SCREEN 0-3 (n 0-19)
; from the BIOS's table TXTNAM (F3B3h) on, which BASE(n)= and SCREEN keep;
; SCREEN 4's name, colour and pattern tables are SCREEN 2's; the sprite
; tables of SCREEN 4-8 are fixed (MSX2 Technical Handbook 2.5; the bitmap
; modes' as offsets in the page). Above 32767 the value is a positive
; number, as the ROM's BASE gives it. "Illegal function call" outside 0-44.
rt_bx_base:
        call rt_bx_byte
        cp 45
        jr nc,rt_bx_basebad
        cp 20
        jr c,.bios
        cp 23
        jr nc,.fixed
        sub 10                  ; SCREEN 4's first three: SCREEN 2's
.bios:  ld de,0F3B3h            ; TXTNAM
        jr .load
.fixed: sub 23
        ld de,rt_bx_basetab
.load:  add a,a
        ld l,a
        ld h,0
        add hl,de
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        jp rt_bas_fu16
rt_bx_basebad:
        ld e,5
        jp rt_bas_error
rt_bx_basetab:
        dw 1E00h,3800h                  ; SCREEN 4: sprite attributes, patterns
        dw 0,0,0,7600h,7800h            ; SCREEN 5
        dw 0,0,0,7600h,7800h            ; SCREEN 6
        dw 0,0,0,0FA00h,0F000h          ; SCREEN 7
        dw 0,0,0,0FA00h,0F000h          ; SCREEN 8

; BASE(n) = address: HL = n (0-19, the tables of SCREEN 0-3), DE = the
; address, stored in the BIOS's table (TXTNAM on), which the next SCREEN
; of that mode uses. "Illegal function call" for n 20-44 (the MSX2 modes'
; tables are fixed) and outside.
rt_bx_setbase:
        ld a,h
        or a
        jr nz,rt_bx_basebad
        ld a,l
        cp 20
        jr nc,rt_bx_basebad
        add a,a
        ld l,a
        ld bc,0F3B3h            ; TXTNAM
        add hl,bc
        ld (hl),e
        inc hl
        ld (hl),d
        ret

; ERASE: HL = an array's descriptor: the array is dropped (address 0, 11
; elements per dimension again), so that a DIM or a use makes it anew.
; "Illegal function call" (5) when it does not exist (MSX's ERASE).
; Its memory is not given back (arrays are not moved).
rt_bx_erase:
        ld a,(hl)
        inc hl
        or (hl)
        jr z,.bad
        ld (hl),0
        dec hl
        ld (hl),0
        inc hl
        inc hl
        ld b,(hl)               ; dimensions
        inc hl
.d:     inc hl
        ld (hl),11
        inc hl
        ld (hl),0
        djnz .d
        ret
.bad:   ld e,5
        jp rt_bas_error

; COLOR SPRITE(n) = c: HL = the plane (0-31), A = c: the plane's 16 line
; colours (the sprite colour table, ATRBAS - 512 + 16 n) all c with bit 7
; left out (MSX2 Technical Handbook 2.6: EC is PUT SPRITE's). Sprite mode
; 2 only (SCREEN 4-8); elsewhere, or a plane outside 0-31, "Illegal
; function call".
rt_bx_colspr:
        and 7Fh
        ld c,a
        call rt_bx_sprline
        ld b,16
.w:     push bc
        push hl
        ld a,c
        bios 0177h              ; NWRVRM
        pop hl
        pop bc
        inc hl
        djnz .w
        ret

; HL = a sprite plane: HL = the VRAM address of its first line colour;
; "Illegal function call" outside 0-31 or in sprite mode 1.
rt_bx_sprline:
        ld a,h
        or a
        jr nz,.bad
        ld a,l
        cp 32
        jr nc,.bad
        ld a,(SCRMOD)
        cp 4
        jr c,.bad
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        ld de,(0F928h)          ; ATRBAS
        add hl,de
        dec h
        dec h
        ret
.bad:   ld e,5
        jp rt_bas_error

; COLOR SPRITE$(n) = s$: HL = the plane, DE = s$'s descriptor: its first
; 16 characters are the plane's line colours as they are (EC, CC, IC and
; the colour: Handbook 2.6), the lines after a shorter string keep theirs.
; Errors as COLOR SPRITE.
rt_bx_colsprs:
        push de
        call rt_bx_sprline
        pop de
        ex de,hl
        ld a,(hl)               ; the length
        inc hl
        ld c,(hl)
        inc hl
        ld b,(hl)               ; BC = the characters, DE = VRAM
        cp 17
        jr c,.n
        ld a,16
.n:     or a
        ret z
.w:     push af
        push bc
        push de
        ld a,(bc)
        ex de,hl
        bios 0177h              ; NWRVRM
        pop de
        pop bc
        pop af
        inc bc
        inc de
        dec a
        jr nz,.w
        ret

