; ---------------------------------------------------------------------------
; mathrom.asm - SQR, SIN, COS, TAN, ATN, LOG, EXP and `^` from the main
; ROM's Math-Pack (MSX2 Technical Handbook, Appendix 2: COS 2993h, SIN
; 29ACh, TAN 29FBh, ATN 2A14h, LOG 2A72h, SQR 2AFFh, EXP 2B4Ah, DBLEXP
; 37D7h; the free ROMs keep them there), for a program on a disk or a
; cartridge (BCD_ROM; compile.rs links this file instead of math.asm).
; They take and give doubles in DAC, as MSX-BASIC converts an argument to
; a double first (C4F2A); they run with page 1 showing the main ROM
; (romcall.asm), where their errors go (Illegal function call for LOG(0)
; or SQR(-1), Overflow, Division by zero for 0^-1).
; ---------------------------------------------------------------------------

rt_bas_sqr:
        ld de,02AFFh
        jp rt_bas_mrom
rt_bas_sin:
        ld de,029ACh
        jp rt_bas_mrom
rt_bas_cos:
        ld de,02993h
        jp rt_bas_mrom
rt_bas_tan:
        ld de,029FBh
        jp rt_bas_mrom
rt_bas_atn:
        ld de,02A14h
        jp rt_bas_mrom
rt_bas_log:
        ld de,02A72h
        jp rt_bas_mrom
rt_bas_exp:
        ld de,02B4Ah
        jp rt_bas_mrom

; DAC = DAC ^ (the 8-byte number at HL): DBLEXP, DAC ^ ARG in doubles.
rt_bas_pow:
        call bcd_load_arg
        ld de,037D7h
        jp rt_bas_mrom

; DE = the function: on DAC as a double (VALTYP 8).
rt_bas_mrom:
        ld a,8
        ld (0F663h),a
        jp rt_bas_romcall
