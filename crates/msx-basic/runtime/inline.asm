; ---------------------------------------------------------------------------
; inline.asm - the math routines' forms with their operands inline: the
; word(s) after the CALL are the addresses the plain routine would take in
; HL (z80-codegen's last peephole step, `InlineCalls`, turns `ld hl,x` /
; `call bcd_load_dac` into `call rt_bcd_ldi` / `dw x`, and fuses neighbours:
; the table is `inline_calls` in src/lower/mod.rs). Each saves a byte to
; four a use for about 80 T-states, next to arithmetic that takes
; thousands. Registers and flags as the plain routines leave them (they
; may change AF, BC, DE, HL).
; ---------------------------------------------------------------------------

; HL = the next word after the inline form's CALL, which now returns past
; it. Only the forms themselves call it, never from a routine they call:
; the stack holds the return into the form, then the return into the
; program (the word's address). Changes BC and DE.
rt_iword:
INLINE_FIRST    EQU rt_iword            ; where the forms lie, for rt_bas_callsite
INLINE_END      EQU rt_inline_end       ; (errors.asm), in programs that have them
        pop de
        pop hl
        ld c,(hl)
        inc hl
        ld b,(hl)
        inc hl
        push hl
        push de
        ld h,b
        ld l,c
        ret

; DAC = the number at the word.
rt_bcd_ldi:
        call rt_iword
        jp bcd_load_dac

; ARG = the number at the word.
rt_bcd_lai:
        call rt_iword
        jp bcd_load_arg

; The word's number = DAC.
rt_bcd_sti:
        call rt_iword
        jp bcd_store_dac

; DAC = DAC op the number at the word.
rt_bcd_addi:
        call rt_iword
        call bcd_load_arg
        jp bcd_add
rt_bcd_subi:
        call rt_iword
        call bcd_load_arg
        jp bcd_sub
rt_bcd_muli:
        call rt_iword
        call bcd_load_arg
        jp bcd_mul
rt_bcd_divi:
        call rt_iword
        call bcd_load_arg
        jp bcd_div
; DAC compared with the number at the word (bcd_cmp's A and flags).
rt_bcd_cmpi:
        call rt_iword
        call bcd_load_arg
        jp bcd_cmp

; DAC = the number at the first word, ARG = the one at the second.
rt_bcd_ldlai:
        call rt_iword
        call bcd_load_dac
        call rt_iword
        jp bcd_load_arg

; The first word's number = DAC, then DAC = the second word's.
rt_bcd_stldi:
        call rt_iword
        call bcd_store_dac
        call rt_iword
        jp bcd_load_dac

; DAC = the first word's number, then stored at the second word.
rt_bcd_cpyi:
        call rt_iword
        call bcd_load_dac
        call rt_iword
        jp bcd_store_dac

; DAC = the first word's number op the second word's (compare: bcd_cmp's
; answer).
rt_bcd_ldaddi:
        call rt_iword
        call bcd_load_dac
        call rt_iword
        call bcd_load_arg
        jp bcd_add
rt_bcd_ldsubi:
        call rt_iword
        call bcd_load_dac
        call rt_iword
        call bcd_load_arg
        jp bcd_sub
rt_bcd_ldmuli:
        call rt_iword
        call bcd_load_dac
        call rt_iword
        call bcd_load_arg
        jp bcd_mul
rt_bcd_lddivi:
        call rt_iword
        call bcd_load_dac
        call rt_iword
        call bcd_load_arg
        jp bcd_div
rt_bcd_ldcmpi:
        call rt_iword
        call bcd_load_dac
        call rt_iword
        call bcd_load_arg
        jp bcd_cmp

; HL = the word's number as an integer (bcd_to_int: Overflow outside
; -32768..32767).
rt_bcd_ldinti:
        call rt_iword
        call bcd_load_dac
        jp bcd_to_int

; PRINT of the string whose descriptor is at the word (rt_bas_prs); the
; second form ends the line too (rt_bas_prnl).
rt_bas_prsi:
        call rt_iword
        jp rt_bas_prs
rt_bas_prsnli:
        call rt_iword
        call rt_bas_prs
        jp rt_bas_prnl

; The end of the inline forms, for the error routine's search of the
; program's return address (errors.asm, rt_bas_callsite).
rt_inline_end:
