; ---- Event traps raised by the interrupt (MSX-BASIC's ON ... GOSUB) ---------
; TRPTBL (FC4Ch): 26 entries of 3 bytes, the flags (bit 0 on, bit 1 stopped,
; bit 2 raised, bit 3 here: trigger held at the last look, STRIG only) and the
; handler line's address. Entries: 0-9 KEY, 10 STOP, 11 SPRITE, 12-16 STRIG
; 0-4, 17 INTERVAL (fact sheet msx-basic-interpreter.md §4.6). The
; interpreter serves a raised trap at its next statement (ONGSBF counts them).

; TR_RAISE: raise trap C: when it is on and not raised yet it becomes raised,
; and ONGSBF counts it unless it is stopped (the MSX BIOS key decoder's rule,
; MSX Red Book 0EF1H). Keeps HL and DE.
TR_RAISE:       PUSH HL
                CALL TR_ENTRY
                BIT 0,(HL)
                JR Z,TR_RAISE_E         ; off
                BIT 2,(HL)
                JR NZ,TR_RAISE_E        ; raised already
                SET 2,(HL)
                BIT 1,(HL)
                JR NZ,TR_RAISE_E        ; stopped: kept for ON
                LD HL,ONGSBF
                INC (HL)
TR_RAISE_E:     POP HL
                RET

; TR_ENTRY: HL = the flags of trap C (the interpreter's statements use it
; too). Changes A only.
TR_ENTRY:       LD A,C
                ADD A,A
                ADD A,C
                ADD A,TRPTBL & 0FFh
                LD L,A
                LD H,TRPTBL >> 8        ; (TRPTBL..+77 stays in one page)
                RET

; TR_TICK: at each VBlank, while a program runs: SPRITE (the coincidence
; bit of S#0), INTERVAL (its counter), STRIG 0-4 (a trigger newly pressed).
TR_TICK:        LD HL,(CURLIN)          ; direct mode: no traps
                INC HL
                LD A,H
                OR L
                RET Z
                LD A,(STATFL)
                AND 20h
                LD C,11
                CALL NZ,TR_RAISE
                LD A,(TRPTBL+17*3)
                RRCA
                JR NC,TR_TICK_S
                LD HL,(INTCNT)
                DEC HL
                LD A,H
                OR L
                JR NZ,TR_TICK_I
                LD C,17
                CALL TR_RAISE
                LD HL,(INTVAL)
TR_TICK_I:      LD (INTCNT),HL
TR_TICK_S:      LD C,16                 ; STRIG 4 down to 0
TR_TICK_T:      CALL TR_ENTRY
                BIT 0,(HL)
                JR Z,TR_TICK_N          ; that trap is off
                PUSH BC
                PUSH HL
                LD A,C
                SUB 12
                CALL GTTRIG_I           ; A = FFh pressed
                POP HL
                POP BC
                LD D,(HL)               ; the flags before: bit 3 held
                RES 3,(HL)
                OR A
                JR Z,TR_TICK_N          ; not pressed now
                SET 3,(HL)
                BIT 3,D
                CALL Z,TR_RAISE         ; newly pressed
TR_TICK_N:      DEC C
                LD A,C
                CP 12
                JR NC,TR_TICK_T
                RET
