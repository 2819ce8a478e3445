; ---------------------------------------------------------------------------
; mathpack.asm - bcd_core.asm's routines through the Math-Pack of the MSX
; main ROM, for programs that run with the main ROM in page 0 (a disk's
; compiled program, a cartridge), as MSX-BASIC compilers call it. With
; BCD_ROM defined, bcd.asm puts BCD_DAC, BCD_ARG and BCD_RNDX at the ROM's
; DAC (F7F6h), ARG (F847h) and RNDX (F857h).
;
; Entries and contracts: MSX2 Technical Handbook, Appendix 2 "Math-Pack"
; (the same addresses in the free ROMs, docs/basic-interpreter.md): DECADD,
; DECSUB, DECMUL, DECDIV work on DAC and ARG as doubles and may change A-L
; (IX, IY and the alternate registers are not among what the Handbook lists
; as modified); DECNRM normalizes and DECROU rounds DAC; XDCOMP compares
; ARG with DAC (A = 1: ARG < DAC, 0 equal, FFh ARG > DAC, which is
; bcd_cmp's DAC-against-ARG answer); RND works on DAC with RNDX.
; Their errors (Overflow, Division by zero) jump into MSX-BASIC's error
; entries in page 1, which the compiled program owns: see compile.rs
; (error_entries) and docs/basic.md "Memory".
; ---------------------------------------------------------------------------

MP_DECSUB       EQU 0268Ch
MP_DECADD       EQU 0269Ah
MP_DECNRM       EQU 026FAh
MP_DECROU       EQU 0273Ch
MP_DECMUL       EQU 027E6h
MP_DECDIV       EQU 0289Fh
MP_RND          EQU 02BDFh
MP_XDCOMP       EQU 02F5Ch

; bcd_add: DAC = DAC + ARG.  bcd_sub: DAC = DAC - ARG.
bcd_add         EQU MP_DECADD
bcd_sub         EQU MP_DECSUB
; bcd_normalize: leading zero digits out of DAC, then rounded (DECNRM ends
; in DECROU). bcd_round: DAC rounded to 14 digits on its guard digits.
bcd_normalize   EQU MP_DECNRM
bcd_round       EQU MP_DECROU
; bcd_mul: DAC = DAC * ARG.  bcd_div: DAC = DAC / ARG.
bcd_mul         EQU MP_DECMUL
bcd_div         EQU MP_DECDIV
; bcd_rnd: DAC = RND(DAC).
bcd_rnd         EQU MP_RND

; bcd_cmp: compare DAC with ARG. A = 1 if DAC > ARG, 0 if equal, 0FFh if
; DAC < ARG; flags as after OR A.
bcd_cmp:
        call MP_XDCOMP
        or a
        ret

