; math/bcdrnd.asm - RND's body (part of bcd.asm).
; ---------------------------------------------------------------------------
; MPB_RND: DAC = RND(DAC), MSX-BASIC's generator (ROM C2BDF).
; RNDX holds the last number's 14 digits. RND(x>0) steps the generator:
; RNDX = (RNDX * 21132486540519 + 14389820420821) mod 10^14 on the digits
; as integers; RND(x<0) first sets RNDX to x's digits (so RND(-1) and
; RND(-10) start alike); RND(0) repeats the last number. The result is
; 0.RNDX, normalized.
MPB_RND:
        ld a,(MP_DAC)
        or a
        jr z,MPB_RND_LAST
        jp p,MPB_RND_NEXT
        ld hl,MP_DAC
        ld de,MP_RNDX
        ld bc,8
        ldir
MPB_RND_NEXT:
        ld hl,MP_RNDX+1
        ld de,MP_TMP+1
        ld bc,7
        ldir
        ld hl,MPB_RND_MUL
        ld de,MP_ARG+1
        ld bc,7
        ldir
        call MPB_CLEAR_DAC16
        ld hl,MPB_RND_ADD
        ld de,MP_DAC+1
        ld bc,7
        ldir
        call MPB_MULCORE_ALL    ; the addend ends in DAC+8..14, under the product
        ld hl,MP_DAC+8
        ld de,MP_RNDX+1
        ld bc,7
        ldir
        xor a
        ld (MP_RNDX),a
MPB_RND_LAST:
        ld hl,MP_RNDX
        call MPB_LOAD_DAC
        ld a,40h
        ld (MP_DAC),a
        xor a
        ld (MP_DAC+8),a
        jp MPB_NORMALIZE

MPB_RND_SEED:
        db 0,40h,64h,96h,51h,37h,23h,58h      ; 0.40649651372358
MPB_RND_MUL:
        db 21h,13h,24h,86h,54h,05h,19h        ; 0.21132486540519
MPB_RND_ADD:
        db 14h,38h,98h,20h,42h,08h,21h        ; 0.14389820420821

