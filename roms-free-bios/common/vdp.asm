; VDP access shared by the main ROM and the SUB-ROM: register writes with
; shadows, VRAM address set-up (14-bit, 16-bit and 17-bit with ACPAGE), VRAM
; reads, writes, fills and block moves, and the default palette.
;
; Every two-byte sequence on port 99h runs with interrupts disabled: the
; interrupt handler reads S#0 there, which resets the VDP's byte latch.

; ---- WRTVDP (0047h): C = register, B = value. Changes AF, BC. ---------------
; Bit 7 of C is ignored (some games pass it set). R#0-R#7 are shadowed in
; RG0SAV.., R#8-R#23 in RG8SAV...
WRTVDP_I:
                LD A,C
                AND 03Fh
                LD C,A
                DI
                LD A,B
                OUT (VDP_ADDR),A
                LD A,C
                OR 080h
                OUT (VDP_ADDR),A
                EI
                PUSH HL
                LD A,C
                CP 8
                JR NC,WRTVDP_HI
                LD HL,RG0SAV
                JR WRTVDP_SAVE
WRTVDP_HI:      CP 24
                JR NC,WRTVDP_DONE
                SUB 8
                LD HL,RG8SAV
WRTVDP_SAVE:    ADD A,L
                LD L,A
                JR NC,WRTVDP_NC
                INC H
WRTVDP_NC:      LD (HL),B
WRTVDP_DONE:    POP HL
                RET

; ---- VDPSEL: A = value, C = register: raw register write, no shadow. --------
; Changes AF. Interrupts are left disabled: callers re-enable them.
VDPSEL:
                DI
                OUT (VDP_ADDR),A
                LD A,C
                OR 080h
                OUT (VDP_ADDR),A
                RET

; ---- VADDR: set the VRAM address. A = bits 16-14, HL = address (bits 13-0 used),
; carry set = write, clear = read. Changes AF. Interrupts enabled on return.
VADDR:
                PUSH AF
                DI
                AND 7
                OUT (VDP_ADDR),A
                LD A,08Eh               ; R#14
                OUT (VDP_ADDR),A
                LD A,L
                OUT (VDP_ADDR),A
                POP AF
                LD A,H
                JR C,VADDR_W
                AND 03Fh
                OUT (VDP_ADDR),A
                EI
                RET
VADDR_W:        AND 03Fh
                OR 040h
                OUT (VDP_ADDR),A
                EI
                RET

; ---- SETRD (0050h) / SETWRT (0053h): HL = 14-bit address, R#14 = 0. ----------
SETRD_I:
                XOR A
                JR VADDR
SETWRT_I:
                XOR A
                SCF
                JR VADDR

; ---- HIBITS16: A = bits 15-14 of HL (the R#14 value of a 16-bit address) ----
HIBITS16:
                LD A,H
                RLCA
                RLCA
                AND 3
                RET

; ---- SET16R / SET16W: HL = 16-bit address (no page offset). Changes AF. -----
SET16R:
                CALL HIBITS16
                OR A
                JR VADDR
SET16W:
                CALL HIBITS16
                SCF
                JR VADDR

; ---- PAGEHI: A = R#14 value of HL in the active page (ACPAGE) ---------------
; SCREEN 5/6: pages of 32 KB; SCREEN 7/8: pages of 64 KB; other modes: none.
; Changes AF.
PAGEHI:
                PUSH BC
                CALL HIBITS16
                LD B,A
                LD A,(SCRMOD)
                CP 5
                JR C,PAGEHI_DONE
                CP 7
                LD A,(ACPAGE)
                JR C,PAGEHI_32K
                ADD A,A
PAGEHI_32K:     ADD A,A
                ADD A,B
                LD B,A
PAGEHI_DONE:    LD A,B
                POP BC
                RET

; ---- NSETRD (016Eh) / NSTWRT (0171h): HL = address in the active page. -------
NSETRD_I:
                CALL PAGEHI
                OR A
                JR VADDR
NSTWRT_I:
                CALL PAGEHI
                SCF
                JR VADDR

; ---- RDVRM (004Ah) / WRTVRM (004Dh): 14-bit address; NRDVRM / NWRVRM: active page.
RDVRM_I:
                CALL SETRD_I
                IN A,(VDP_DATA)
                RET
WRTVRM_I:
                PUSH AF
                CALL SETWRT_I
                POP AF
                OUT (VDP_DATA),A
                RET
NRDVRM_I:
                CALL NSETRD_I
                IN A,(VDP_DATA)
                RET
NWRVRM_I:
                PUSH AF
                CALL NSTWRT_I
                POP AF
                OUT (VDP_DATA),A
                RET

; ---- ISV9938: carry set if the current mode is a V9938 mode (TEXT2, G3-G7), in
; which the VDP carries address bit 14 into R#14 and the BIOS uses 16-bit
; addresses. SCREEN 0-3 use 16 KB addresses, as on MSX1. Changes AF.
ISV9938:
                LD A,(SCRMOD)
                CP 4
                CCF
                RET C
                OR A
                RET NZ
                LD A,(LINLEN)
                CP 41
                CCF
                RET

; ---- SETFORMODE: write (carry set) or read address for HL in the current mode.
SETFORMODE_W:
                CALL ISV9938
                JP C,SET16W
                JP SETWRT_I
SETFORMODE_R:
                CALL ISV9938
                JP C,SET16R
                JP SETRD_I

; ---- FILVRM (0056h): HL = address, BC = length, A = value. Changes AF, BC. ---
FILVRM_I:
                PUSH AF
                CALL SETFORMODE_W
                POP AF
FILLOOP:        PUSH DE
                LD E,A
FILVRM_LOOP:    LD A,B
                OR C
                JR Z,FILVRM_DONE
                LD A,E
                OUT (VDP_DATA),A
                DEC BC
                JR FILVRM_LOOP
FILVRM_DONE:    LD A,E
                POP DE
                RET

; ---- BIGFIL (016Bh): like FILVRM, address in the active page. ---------------
BIGFIL_I:
                PUSH AF
                CALL NSTWRT_I
                POP AF
                JR FILLOOP

; ---- LDIRVM (005Ch): HL = RAM source, DE = VRAM destination, BC = length. -----
LDIRVM_I:
                EX DE,HL
                CALL SETFORMODE_W
                EX DE,HL
LDIRVM_LOOP:    LD A,B
                OR C
                RET Z
                LD A,(HL)
                OUT (VDP_DATA),A
                INC HL
                DEC BC
                JR LDIRVM_LOOP

; ---- LDIRMV (0059h): HL = VRAM source, DE = RAM destination, BC = length. -----
LDIRMV_I:
                CALL SETFORMODE_R
LDIRMV_LOOP:    LD A,B
                OR C
                RET Z
                IN A,(VDP_DATA)
                LD (DE),A
                INC DE
                DEC BC
                JR LDIRMV_LOOP

; ---- DISSCR (0041h) / ENASCR (0044h): screen off / on (R#1 bit 6). ----------
DISSCR_I:
                LD A,(RG1SAV)
                AND 0BFh
                JR SETR1
ENASCR_I:
                LD A,(RG1SAV)
                OR 040h
SETR1:          PUSH BC
                LD B,A
                LD C,1
                CALL WRTVDP_I
                POP BC
                RET

; ---- RDVDP (013Eh): A = S#0. ---------------------------------------------
RDVDP_I:
                IN A,(VDP_ADDR)
                RET

; ---- default palette (V9938 data book; msx-hardware.md 3.7), port 9Ah format:
; 0RRR0BBB, 00000GGG.
PALETTE_DEFAULT:
                DB 000h,0               ; 0
                DB 000h,0               ; 1
                DB 011h,6               ; 2
                DB 033h,7               ; 3
                DB 017h,1               ; 4
                DB 027h,3               ; 5
                DB 051h,1               ; 6
                DB 027h,6               ; 7
                DB 071h,1               ; 8
                DB 073h,3               ; 9
                DB 061h,6               ; 10
                DB 064h,6               ; 11
                DB 011h,4               ; 12
                DB 065h,2               ; 13
                DB 055h,5               ; 14
                DB 077h,7               ; 15

; ---- PALOUT: HL -> 32 bytes of palette data written to the VDP (P#0..P#15). ---
; Changes AF, B, HL.
PALOUT:
                PUSH BC
                XOR A
                LD C,16
                CALL VDPSEL             ; R#16 = 0
                LD B,32
PALOUT_LOOP:    LD A,(HL)
                OUT (VDP_PAL),A
                INC HL
                DJNZ PALOUT_LOOP
                EI
                POP BC
                RET

; ---- PALVADR: HL = VRAM address of the palette copy for the current mode -----
; (Handbook Appendix 5). Changes AF.
PALVADR:
                PUSH DE
                LD A,(SCRMOD)
                CP 9
                JR C,PALVADR_OK
                XOR A
PALVADR_OK:     ADD A,A
                LD E,A
                LD D,0
                LD HL,PALVADR_TAB
                ADD HL,DE
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                POP DE
                LD A,(SCRMOD)
                OR A
                RET NZ
                LD A,(LINLEN)
                CP 41
                RET C
                LD HL,0F00h             ; SCREEN 0, 80 columns
                RET
PALVADR_TAB:    DW 0400h,2020h,1B80h,2020h,1B80h,7680h,7680h,0FA80h,0FA80h

; ---- PALSAVE / PALLOAD: LINWRK (32 bytes) to / from the mode's VRAM copy ------
; The VRAM copy is the only store of the palette (the VDP's is write-only): a
; mode change loads it before SCRMOD changes and saves it at the new place.
; Both keep every register.
PALSAVE:
                PUSH AF
                PUSH HL
                PUSH DE
                PUSH BC
                CALL PALVADR
                EX DE,HL
                LD HL,LINWRK
                LD BC,32
                CALL LDIRVM_I
                JR PALLOAD_END
PALLOAD:
                PUSH AF
                PUSH HL
                PUSH DE
                PUSH BC
                CALL PALVADR
                LD DE,LINWRK
                LD BC,32
                CALL LDIRMV_I
PALLOAD_END:    POP BC
                POP DE
                POP HL
                POP AF
                RET
