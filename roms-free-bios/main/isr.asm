; The interrupt handler (RST 38h -> KEYINT, 0038h).
;
; Order of the original BIOS (Red Book KEYINT): save every register, H.KEYI on
; every interrupt, read S#0 (this acknowledges the VDP interrupt; it assumes
; R#15 = 0), and only for a VBlank: H.TIMI with A = S#0, JIFFY + 1, the BEEP
; timer, PLAY's music while MUSICF is not 0 (the SUB-ROM's MUSIC, 01D1h),
; and every third VBlank the keyboard scan. The register pushes match
; the exit sequence at 0D02h.

KEYINT_I:
                PUSH HL
                PUSH DE
                PUSH BC
                PUSH AF
                EXX
                EX AF,AF'
                PUSH HL
                PUSH DE
                PUSH BC
                PUSH AF
                PUSH IY
                PUSH IX
                CALL H_KEYI
                IN A,(VDP_ADDR)         ; S#0: acknowledges the interrupt
                LD (STATFL),A
                OR A
                JP P,KEYINT_EXIT        ; not a VBlank (line or other interrupt)
                CALL H_TIMI
                LD HL,(JIFFY)
                INC HL
                LD (JIFFY),HL
                CALL BEEP_TICK
                CALL TR_TICK            ; BASIC's event traps (main/traps.asm)
                LD A,(MUSICF)           ; PLAY's queues: the SUB-ROM's player
                OR A                    ; (sub/gfxbas.asm MUSIC)
                CALL NZ,KEYINT_MUSIC
                LD HL,SCNCNT
                DEC (HL)
                JP NZ,KEYINT_EXIT
                LD (HL),3               ; scan at a third of the frame rate
                CALL KEYSCAN
                JP KEYINT_EXIT

KEYINT_MUSIC:   LD IX,01D1h
                JP EXTROM_I

; NMI (0066h): the CALSUB idiom patches H.NMI and reaches it by CALSLT here.
NMI_I:
                CALL H_NMI
                RETN
