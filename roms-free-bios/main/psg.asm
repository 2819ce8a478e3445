; PSG, joystick and PPI port C: GICINI, WRTPSG, RDPSG, BEEP, GTSTCK, GTTRIG,
; INITIO, CHGCAP, CHGSND, STMOTR, printer. Facts: msx-hardware.md sections 4-5.

; ---- WRTPSG (0093h): A = register, E = value. -------------------------------
WRTPSG_I:
                DI
                OUT (PSG_ADDR),A
                PUSH AF
                LD A,E
                OUT (PSG_WRITE),A
                POP AF
                EI
                RET

; ---- RDPSG (0096h): A = register -> A = value. ----------------------------------
RDPSG_I:
                DI
                OUT (PSG_ADDR),A
                IN A,(PSG_READ)
                EI
                RET

; ---- GICINI (0090h): PSG registers to their initial values. ----------------
GICINI_I:
                PUSH HL
                PUSH DE
                PUSH BC
                PUSH AF
                LD HL,GICINI_TAB
                XOR A
GICINI_LOOP:    LD E,(HL)
                CALL WRTPSG_I
                INC HL
                INC A
                CP 14
                JR NZ,GICINI_LOOP
                XOR A
                LD (BEEPCNT),A
                POP AF
                POP BC
                POP DE
                POP HL
                RET
GICINI_TAB:     DB 055h,0,0,0,0,0,0,0B8h,0,0,0,00Bh,0,0

; ---- INITIO (003Bh): PSG port B (joystick pins, LED), PPI port C, GICINI. ------
INITIO_I:
                LD A,15
                LD E,08Fh
                CALL WRTPSG_I
                LD A,050h               ; CAPS LED off, cassette motor off
                OUT (PPI_C),A
                JR GICINI_I

; ---- BEEP (00C0h): the beep SET BEEP chose, made by the SUB-ROM's BEEP
; (017Dh, sub/settings.asm), which reads the clock; it starts the tone and
; leaves BEEPCNT (the frames left) and BEEPTIM (when the tone changes: at
; the count in the high nibble to 749 Hz, at the count in the low nibble to
; 499 Hz; 0 never) to the interrupt handler, so a program keeps running
; while it sounds.
BEEP_I:
                PUSH IX
                LD IX,SUBENT_BEEP
                CALL EXTROM_I
                POP IX
                RET

; BEEP_TICK: called by the interrupt handler on every VBlank.
BEEP_TICK:
                LD A,(BEEPCNT)
                OR A
                RET Z
                DEC A
                LD (BEEPCNT),A
                PUSH DE
                LD D,A
                LD E,0
                LD A,8
                JR Z,BEEP_SET           ; the end: silence
                LD A,(BEEPTIM)
                LD E,095h               ; 749 Hz
                RRCA
                RRCA
                RRCA
                RRCA
                AND 0Fh
                CP D
                JR Z,BEEP_TONE
                LD A,(BEEPTIM)
                AND 0Fh
                CP D
                LD E,0E0h               ; 499 Hz
                JR NZ,BEEP_TEND
BEEP_TONE:      XOR A
BEEP_SET:       CALL WRTPSG_I
BEEP_TEND:      POP DE
                RET

; ---- JOYREAD: A = port 1/2 -> A = PSG R#14 (0 = pressed). Changes AF, E. -----
JOYREAD:
                DEC A
                RRCA
                RRCA                    ; port 2 -> 40h
                AND 040h
                LD E,A
                DI
                LD A,15
                OUT (PSG_ADDR),A
                IN A,(PSG_READ)
                AND 0BFh
                OR E
                OUT (PSG_WRITE),A
                LD A,14
                OUT (PSG_ADDR),A
                IN A,(PSG_READ)
                EI
                RET

; ---- GTSTCK (00D5h): A = 0 cursor keys, 1/2 joystick -> A = direction 0-8. ---
GTSTCK_I:
                PUSH HL
                PUSH DE
                PUSH BC
                OR A
                JR NZ,GTSTCK_JOY
                LD A,8
                CALL SNSMAT_I
                CPL                     ; 1 = pressed: b4 left b5 up b6 down b7 right
                LD C,A
                XOR A
                BIT 5,C
                JR Z,GTSTCK_K1
                OR 1
GTSTCK_K1:      BIT 6,C
                JR Z,GTSTCK_K2
                OR 2
GTSTCK_K2:      BIT 4,C
                JR Z,GTSTCK_K3
                OR 4
GTSTCK_K3:      BIT 7,C
                JR Z,GTSTCK_MAP
                OR 8
                JR GTSTCK_MAP
GTSTCK_JOY:     CP 3
                JR NC,GTSTCK_NONE
                CALL JOYREAD
                CPL                     ; b0 up b1 down b2 left b3 right
                AND 0Fh
GTSTCK_MAP:     LD E,A
                LD D,0
                LD HL,GTSTCK_TAB
                ADD HL,DE
                LD A,(HL)
                JR GTSTCK_DONE
GTSTCK_NONE:    XOR A
GTSTCK_DONE:    POP BC
                POP DE
                POP HL
                RET
; index: bit 0 up, 1 down, 2 left, 3 right; opposite directions cancel.
GTSTCK_TAB:     DB 0,1,5,0,7,8,6,7,3,2,4,3,0,1,5,0

; ---- GTTRIG (00D8h): A = 0 space, 1/2 button A of port 1/2, 3/4 button B ------
; -> A = FFh pressed, 00h not; flags follow A (Z when not pressed).
GTTRIG_I:
                PUSH DE
                PUSH BC
                OR A
                JR NZ,GTTRIG_JOY
                LD A,8
                CALL SNSMAT_I
                AND 1
                JR GTTRIG_RESULT
GTTRIG_JOY:     CP 5
                JR NC,GTTRIG_OFF
                LD B,010h               ; button A
                CP 3
                JR C,GTTRIG_PORT
                LD B,020h               ; button B
                SUB 2
GTTRIG_PORT:    CALL JOYREAD
                AND B
GTTRIG_RESULT:  LD A,0
                JR NZ,GTTRIG_SET        ; bit high = released
                DEC A
GTTRIG_SET:     POP BC
                POP DE
                OR A
                RET
GTTRIG_OFF:     XOR A
                POP BC
                POP DE
                RET

; ---- GTPAD (00DBh): A = 0-7 touch pads (none: A = 0); 8-19 go to the ------
; SUB-ROM's NEWPAD (the mouse: 12-15 port 1, 16-19 port 2), as on the MSX2.
; Keeps IX and IY.
GTPAD_I:
                CP 8
                JP C,RETZERO
                PUSH IX
                LD IX,SUBENT_NEWPAD
                CALL EXTROM_I
                POP IX
                RET

; ---- CHGCAP (0132h): A = 0 CAPS lamp off, else on (PPI C bit 6, 0 = on). ----
CHGCAP_I:
                OR A
                LD A,00Ch               ; reset bit 6: lamp on
                JR NZ,CHGCAP_OUT
                INC A                   ; set bit 6: lamp off
CHGCAP_OUT:     OUT (PPI_CTRL),A
                RET

; ---- CHGSND (0135h): A = 0 / not 0: the 1-bit sound output (PPI C bit 7). -----
CHGSND_I:
                OR A
                LD A,00Eh
                JR Z,CHGSND_OUT
                INC A
CHGSND_OUT:     OUT (PPI_CTRL),A
                RET

; ---- STMOTR (00F3h): A = 0 motor off, 1 on, FFh toggle (PPI C bit 4, 0 = on).
STMOTR_I:
                OR A
                JR Z,STMOTR_OFF
                INC A
                JR Z,STMOTR_TOGGLE
                LD A,008h
                OUT (PPI_CTRL),A
                RET
STMOTR_OFF:     LD A,009h
                OUT (PPI_CTRL),A
                RET
STMOTR_TOGGLE:  IN A,(PPI_C)
                XOR 010h
                OUT (PPI_C),A
                RET

; ---- printer: LPTSTT (00A8h), LPTOUT (00A5h), OUTDLP (014Dh) ----------------
; Port 90h bit 1 = busy; 91h data; 90h bit 0 = strobe. LPTOUT waits while the
; printer is busy, watching for CTRL+STOP (BREAKX); CTRL+STOP sends a CR to
; flush the printer's line and returns carry (MSX Red Book, LPTOUT 085DH).
LPTSTT_I:
                IN A,(090h)
                AND 2
                JR NZ,LPTSTT_BUSY
                DEC A                   ; ready: A = FFh, NZ
                RET
LPTSTT_BUSY:    XOR A                   ; busy (or no printer): A = 0, Z
                RET
LPTOUT_I:
                PUSH AF
LPTOUT_WAIT:    CALL LPTSTT_I
                JR NZ,LPTOUT_GO
                CALL BREAKX_I
                JR NC,LPTOUT_WAIT
                LD A,0Dh                ; CTRL+STOP
                CALL LPTOUT_STROBE
                POP AF
                SCF
                RET
LPTOUT_GO:      POP AF
                CALL LPTOUT_STROBE
                OR A                    ; carry clear: done
                RET
LPTOUT_STROBE:  OUT (091h),A
                PUSH AF
                XOR A
                OUT (090h),A
                INC A
                OUT (090h),A
                POP AF
                RET
OUTDLP_I:       JP LPTOUT_I
