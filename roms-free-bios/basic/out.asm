; Small output helpers at the start of page 1 (room before 4055h).

; STROUT: the 0-terminated text at HL through OUTDO. HL after it.
STROUT:         LD A,(HL)
                INC HL
                OR A
                RET Z
                CALL BI_OUT
                JR STROUT

; CRDO: CR LF. CRDONZ: CR LF unless at the start of a line.
CRDONZ:         CALL BI_POS
                OR A
                RET Z
CRDO:           CALL H_CRDO
                LD A,0Dh
                CALL BI_OUT
                LD A,0Ah
                JP BI_OUT

; LINPRT: HL as an unsigned decimal number (no blanks). Keeps nothing.
LINPRT:         CALL BI_UTXT
                JP STROUT

