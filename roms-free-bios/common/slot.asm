; Inter-slot primitives shared by the main ROM and the SUB-ROM:
; RDSLT, WRSLT, ENASLT, CALSLT, CALLF and the RAM helpers they use.
;
; A slot ID is E000SSPP (E = primary slot expanded, SS = secondary, PP =
; primary). Page 3 must hold RAM (the stack and the system area): targets in
; page 3 are not supported, as on the original BIOS.
;
; The secondary-slot register of a primary slot P is only visible at FFFFh
; while page 3 shows P, so SUBSET/SUBRST switch page 3 for a few instructions
; and must not touch the stack in between. The primary switch itself is done
; by RAM helpers in page 3 (RDPRIM/WRPRIM/CLPRIM), because it may swap out the
; page this code runs from.

; ---- page-3 RAM helpers, copied to RDPRIM (F380h) at boot: 26 bytes ------------
; RDPRIM: A = new A8 value, D = old A8 value, HL = address -> E = byte.
; WRPRIM: A = new A8 value, D = old A8 value, HL = address, E = byte.
; CLPRIM: A = new A8 value, AF' = caller's AF, stack = old A8 (as AF) then the
;         return address; calls (IX) and returns with the callee's registers.
RAMHELP:
                OUT (PPI_A),A           ; F380 RDPRIM
                LD E,(HL)
                JR RAMHELP_BACK
                OUT (PPI_A),A           ; F385 WRPRIM
                LD (HL),E
RAMHELP_BACK:   LD A,D                  ; F389
                OUT (PPI_A),A
                RET
                OUT (PPI_A),A           ; F38C CLPRIM
                EX AF,AF'
                CALL 0F398h             ; -> JP (IX) below
                EX AF,AF'
                POP AF
                OUT (PPI_A),A
                EX AF,AF'
                RET
                JP (IX)                 ; F398
RAMHELP_END:
RAMHELP_LEN:    EQU RAMHELP_END-RAMHELP
WRPRM1:         EQU 0F389h              ; "LD A,D / OUT (A8),A / RET" in RAM

; ---- MKFIELD: place a 2-bit slot number in the field of a page -----------------
; In: A = value 0-3, B = page 0-3. Out: A = value << 2*page,
; C = complement of the field mask. Preserves B, DE, HL.
MKFIELD:
                PUSH DE
                LD D,B
                LD C,3
                INC D
                JR MKFIELD_NEXT
MKFIELD_LOOP:   RLCA
                RLCA
                RLC C
                RLC C
MKFIELD_NEXT:   DEC D
                JR NZ,MKFIELD_LOOP
                LD D,A
                LD A,C
                CPL
                LD C,A
                LD A,D
                POP DE
                RET

; ---- PRIMNEW: the A8 value that shows primary slot (A & 3) in page B ------------
; Out: A = new A8 value, D = current A8 value. Destroys C; preserves B, E, HL.
PRIMNEW:
                AND 3
                CALL MKFIELD
                LD D,A
                IN A,(PPI_A)
                AND C
                OR D
                LD C,A
                IN A,(PPI_A)
                LD D,A
                LD A,C
                RET

; ---- SUBSET: select the secondary slot of slot ID A (expanded) for page B ------
; Out: A = previous value of that primary slot's secondary register (for SUBRST).
; Updates SLTTBL. Preserves BC, DE, HL.
SUBSET:
                PUSH HL
                PUSH DE
                PUSH BC
                LD E,A                  ; E = slot ID
                RRCA
                RRCA
                AND 3
                CALL MKFIELD            ; A = secondary field, C = keep mask
                LD H,A
                LD L,C
                LD A,E
                AND 3
                RRCA
                RRCA
                LD C,A                  ; C = primary slot in the page-3 field
                IN A,(PPI_A)
                LD D,A                  ; D = A8 to return to
                AND 03Fh
                OR C
                DI
                OUT (PPI_A),A           ; page 3 = slot P: no stack from here ...
                LD A,(0FFFFh)
                CPL
                LD B,A                  ; B = previous secondary register
                AND L
                OR H
                LD (0FFFFh),A
                LD C,A                  ; C = new secondary register
                LD A,D
                OUT (PPI_A),A           ; ... to here
                LD A,E
                CALL SLTTBL_PUT         ; SLTTBL[P] = C
                LD A,B
                POP BC
                POP DE
                POP HL
                RET

; ---- SUBRST: put back a whole secondary register ---------------------------------
; In: C = slot ID (its primary slot is expanded), A = register value.
; Updates SLTTBL. Preserves BC, DE, HL; destroys AF.
SUBRST:
                PUSH HL
                PUSH DE
                PUSH BC
                LD L,A                  ; L = value
                LD A,C
                AND 3
                RRCA
                RRCA
                LD H,A
                IN A,(PPI_A)
                LD D,A
                AND 03Fh
                OR H
                DI
                OUT (PPI_A),A           ; page 3 = slot P: no stack from here ...
                LD A,L
                LD (0FFFFh),A
                LD A,D
                OUT (PPI_A),A           ; ... to here
                LD A,C
                LD C,L
                CALL SLTTBL_PUT
                POP BC
                POP DE
                POP HL
                RET

; SLTTBL[A & 3] = C. Destroys AF, DE, HL.
SLTTBL_PUT:
                AND 3
                LD E,A
                LD D,0
                LD HL,SLTTBL
                ADD HL,DE
                LD (HL),C
                RET

; ---- PAGEOFH: B = page of the address in HL (H bits 7-6). Destroys A. ----------
PAGEOFH:
                LD A,H
                RLCA
                RLCA
                AND 3
                LD B,A
                RET

; ---- RDSLT (000Ch): A = slot ID, HL = address -> A = byte --------------------------
; Changes AF, BC, DE. Returns with interrupts disabled.
RDSLT_I:
                DI
                PUSH HL
                LD C,A
                CALL PAGEOFH
                LD A,C
                OR A
                JP P,RDSLT_PRIM
                CALL SUBSET
                PUSH BC
                PUSH AF
                LD A,C
                CALL PRIMNEW
                CALL RDPRIM
                POP AF
                POP BC
                CALL SUBRST
                LD A,E
                POP HL
                RET
RDSLT_PRIM:     CALL PRIMNEW
                CALL RDPRIM
                LD A,E
                POP HL
                RET

; ---- WRSLT (0014h): A = slot ID, HL = address, E = byte ----------------------------
; Changes AF, BC, D. Returns with interrupts disabled.
WRSLT_I:
                DI
                PUSH HL
                LD C,A
                CALL PAGEOFH
                LD A,C
                OR A
                JP P,WRSLT_PRIM
                CALL SUBSET
                PUSH BC
                PUSH AF
                LD A,C
                CALL PRIMNEW
                CALL WRPRIM
                POP AF
                POP BC
                CALL SUBRST
                POP HL
                RET
WRSLT_PRIM:     CALL PRIMNEW
                CALL WRPRIM
                POP HL
                RET

; ---- ENASLT (0024h): A = slot ID, H bits 7-6 = page --------------------------------
; Changes all registers. Returns with interrupts disabled. The final OUT runs
; from RAM so that page 0 may be switched too.
ENASLT_I:
                DI
                LD C,A
                CALL PAGEOFH
                LD A,C
                OR A
                JP P,ENASLT_PRIM
                CALL SUBSET
ENASLT_PRIM:    LD A,C
                CALL PRIMNEW
                LD D,A
                JP WRPRM1

; ---- CALSLT (001Ch): IYH = slot ID, IX = address; AF, BC, DE, HL passed through ----
; Destroys the alternate registers, IX and IY. Called with interrupts disabled.
CALSLT_I:
                DI
                EXX
                EX AF,AF'               ; caller's registers wait in the alternate set
                PUSH IY
                POP AF                  ; A = IYH
                LD C,A
                PUSH IX
                POP HL
                CALL PAGEOFH
                LD A,C
                OR A
                JP P,CALSLT_PRIM
                CALL SUBSET             ; A = previous secondary register
                LD D,C
                LD E,A
                PUSH DE                 ; D = slot ID, E = register to restore
                LD HL,CALSLT_BACK
                PUSH HL                 ; CLPRIM returns there
CALSLT_PRIM:    LD A,C
                CALL PRIMNEW            ; A = new A8, D = current A8
                LD E,A
                LD A,D
                PUSH AF                 ; CLPRIM pops the old A8 value from here
                LD A,E
                EXX
                JP CLPRIM

; Reached (in this ROM, page 0 back in place) after a call into an expanded
; slot: put the secondary register back, keep the callee's registers.
CALSLT_BACK:
                EX AF,AF'
                EXX
                POP DE
                LD C,D
                LD A,E
                CALL SUBRST
                EXX
                EX AF,AF'
                RET

; ---- CALLF (RST 30h): inline DB slot ID, DW address ---------------------------
CALLF_I:
                EXX
                EX AF,AF'
                POP HL                  ; HL -> inline parameters
                LD A,(HL)
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                PUSH HL                 ; return past the parameters
                PUSH DE
                POP IX
                PUSH AF
                POP IY                  ; IYH = slot ID
                EX AF,AF'
                EXX
                JP CALSLT_I

; ---- RSLREG / WSLREG -------------------------------------------------------------
RSLREG_I:       IN A,(PPI_A)
                RET
WSLREG_I:       OUT (PPI_A),A
                RET

; ---- DCOMPR (0020h): Z if HL = DE, C if HL < DE. Changes AF. --------------------
DCOMPR_I:
                LD A,H
                SUB D
                RET NZ
                LD A,L
                SUB E
                RET
