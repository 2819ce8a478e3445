; Event traps: ON KEY/STOP/SPRITE/STRIG/INTERVAL GOSUB and KEY(n), STOP,
; SPRITE, STRIG(n), INTERVAL ON/OFF/STOP (fact sheet msx-basic-interpreter.md
; §4.6). The interrupt raises them (main/traps.asm), NEWSTT serves them
; (stmt.asm, BI_TRAP). TRPTBL: 3 bytes a trap, the flags (bit 0 on, 1
; stopped, 2 raised) and the handler line's address (0: none).

; TS_ONEVT: from ON, A = the item after ON. For an event this does the whole
; statement and returns to ON's caller; otherwise it returns, A and HL kept.
TS_ONEVT:       LD BC,0A00h             ; KEY: traps 0-9 (B = how many,
                CP 0CCh                 ; C = the first)
                JR Z,TS_ONGO
                LD BC,010Ah             ; STOP: 10
                CP 90h
                JR Z,TS_ONGO
                LD BC,010Bh             ; SPRITE: 11
                CP 0C7h
                JR Z,TS_ONGO
                CP 0FFh
                RET NZ
                INC HL
                LD A,(HL)
                LD BC,050Ch             ; STRIG: 12-16
                CP 0A3h
                JR Z,TS_ONGO
                CALL TS_INTERVAL        ; INT E R VAL: 17
                JR Z,TS_ONINT
                DEC HL
                LD A,0FFh
                RET
TS_ONINT:       POP DE                  ; ON's return address: not going back
                RST 08h
                DB 0EFh                 ; '='
                CALL FRMQNT_I           ; DE = the period in interrupts
                LD A,D
                OR E
                JP Z,FCERR
                LD (INTVAL),DE
                LD (INTCNT),DE
                LD BC,0111h
                JR TS_ONGOS
TS_ONGO:        POP DE                  ; ON's return address: not going back
                CALL CHRGTR_I           ; past the event's name
TS_ONGOS:       RST 08h
                DB 8Dh                  ; GOSUB
TS_ONL:         CP ','                  ; an empty place: that trap kept
                JR Z,TS_ONNEXT
                PUSH BC
                CALL LINGET             ; DE = the line, HL after it
                JP NZ,SNERR
                PUSH HL
                LD HL,0                 ; line 0: no handler
                LD A,D
                OR E
                JR Z,TS_ONSET
                CALL FNDLIN             ; BC = the line
                JP NC,ULERR
                LD H,B
                LD L,C
TS_ONSET:       EX DE,HL                ; DE = the handler's line
                POP HL
                POP BC
                PUSH HL
                CALL TR_ENTRY           ; HL = the trap's flags
                INC HL
                LD (HL),E
                INC HL
                LD (HL),D
                POP HL
                CALL CHRGOT
TS_ONNEXT:      CP ','
                RET NZ                  ; the end: NEWSTT checks what follows
                INC C
                DEC B
                RET Z                   ; more lines than traps: Syntax error
                CALL CHRGTR_I
                JR TS_ONL

; TS_INTERVAL: HL on the INT of INTERVAL (tokens INT, 'E', 'R', VAL):
; Z and HL on the VAL token's second byte, else NZ and HL kept.
TS_INTERVAL:    CP 85h
                RET NZ
                PUSH HL
                INC HL
                LD A,(HL)
                CP 'E'
                JR NZ,TS_INT_NO
                INC HL
                LD A,(HL)
                CP 'R'
                JR NZ,TS_INT_NO
                INC HL
                LD A,(HL)
                CP 0FFh
                JR NZ,TS_INT_NO
                INC HL
                LD A,(HL)
                CP 94h
                JR NZ,TS_INT_NO
                POP AF                  ; (the kept HL)
                CALL CHRGTR_I           ; past VAL
                CP A                    ; Z
                RET
TS_INT_NO:      POP HL
                OR 1                    ; NZ
                RET

; ---- the switches: X ON / X OFF / X STOP ------------------------------------
; TS_SWITCH: HL on ON, OFF or STOP (A = it), C = the trap, E = its function
; key (0-9, FNKFLG follows it) or FFh. ON counts a trap raised meanwhile,
; STOP keeps it for later, OFF forgets it.
TS_SWITCH:      PUSH HL
                LD B,A
                CALL TR_ENTRY
                LD A,B
                CP 95h                  ; ON
                JR Z,TS_ON
                CP 0EBh                 ; OFF
                JR Z,TS_OFF
                CP 90h                  ; STOP
                JP NZ,SNERR
                CALL TS_UNCOUNT
                SET 1,(HL)
                LD A,1
                JR TS_KEYF
TS_ON:          LD A,(HL)
                AND 3
                DEC A                   ; on already, not stopped: nothing
                JR Z,TS_ONK
                RES 1,(HL)
                SET 0,(HL)
                BIT 2,(HL)
                JR Z,TS_ONK
                LD A,(ONGSBF)
                INC A
                LD (ONGSBF),A
TS_ONK:         LD A,1
                JR TS_KEYF
TS_OFF:         CALL TS_UNCOUNT
                LD (HL),0
                XOR A
TS_KEYF:        INC E                   ; a function key: FNKFLG too
                JR Z,TS_SWEND
                DEC E
                LD D,0
                LD HL,FNKFLG
                ADD HL,DE
                LD (HL),A
TS_SWEND:       POP HL
                JP CHRGTR_I             ; past ON/OFF/STOP: the statement ends

; TS_UNCOUNT: a trap on, raised and counted (not stopped) is no longer
; counted in ONGSBF. HL = its flags, kept.
TS_UNCOUNT:     LD A,(HL)
                AND 7
                CP 5
                RET NZ
                LD A,(ONGSBF)
                OR A
                RET Z
                DEC A
                LD (ONGSBF),A
                RET

; KEY(n) ON/OFF/STOP: from KEY, HL on the "(".
TS_KEYST:       RST 08h
                DB '('
                CALL GETBYT_I
                DEC A
                CP 10
                JP NC,FCERR
                LD C,A
                LD E,A
TS_CLOSE:       RST 08h
                DB ')'
                JR TS_SWITCH

; STOP ON/OFF/STOP: from STOP, A = the item after it.
TS_STOPST:      LD BC,000Ah
TS_NOKEY:       LD E,0FFh
                JR TS_SWITCH

; SPRITE ON/OFF/STOP, or SPRITE$(n)=... (graphics): A = the item after SPRITE.
TS_SPRITE:      CP '$'
                JP Z,ST_SPRITE
                LD BC,000Bh
                JR TS_NOKEY

; STRIG(n) ON/OFF/STOP and INTERVAL ON/OFF/STOP: from the dispatch of FFh
; statements, HL on the byte after FFh.
TS_FFST:        CP 0A3h                 ; STRIG
                JR NZ,TS_FFINT
                CALL CHRGTR_I
                RST 08h
                DB '('
                CALL GETBYT_I
                CP 5
                JP NC,FCERR
                ADD A,12
                LD C,A
                LD E,0FFh
                JR TS_CLOSE
TS_FFINT:       CALL TS_INTERVAL
                JP NZ,SNERR
                LD BC,0011h
                JR TS_NOKEY
