; Cold boot (CHKRAM, 0000h): hardware reset, expanded-slot detection, RAM
; search, system area, VDP/PSG, SUB-ROM search, cartridge ROM search, H.STKE,
; and the "no program" screen. Sequence: msx-hardware.md 1.6.

BOOT:
                IM 1
                LD A,082h               ; PPI: A out, B in, C out
                OUT (PPI_CTRL),A
                LD A,050h               ; CAPS lamp off, motor off, keyboard row 0
                OUT (PPI_C),A
                XOR A                   ; pages 0-3 in slot 0 until RAM is found
                OUT (PPI_A),A
                LD A,3                  ; mapper: segments 3, 2, 1, 0 in pages 0-3
                OUT (MAP_P0),A
                DEC A
                OUT (MAP_P0+1),A
                DEC A
                OUT (MAP_P0+2),A
                DEC A
                OUT (MAP_P0+3),A

; Which primary slots are expanded: write 50h to FFFFh with page 3 on the slot;
; an expanded slot reads back the complement, AFh. (50h keeps pages 0-1 on
; secondary slot 0, where this ROM would be if slot 0 were expanded.)
; No RAM is known yet: registers only. D bit n = primary slot n expanded.
                LD D,0
                LD E,1                  ; E = bit of slot B
                LD B,0
BOOT_EXP:       LD A,B
                RRCA
                RRCA
                OUT (PPI_A),A
                LD A,050h
                LD (0FFFFh),A
                LD A,(0FFFFh)
                CP 0AFh
                JR NZ,BOOT_EXP_NO
                XOR A                   ; expanded: every page on secondary slot 0
                LD (0FFFFh),A
                LD A,D
                OR E
                LD D,A
BOOT_EXP_NO:    RLC E
                INC B
                LD A,B
                CP 4
                JR NZ,BOOT_EXP

; RAM for pages 2 and 3: try every slot and secondary slot; the first where a
; byte in each page can be inverted and read back is taken.
; B = primary, C = secondary, D = expanded bits.
                LD B,0
BOOT_RAM_P:     LD C,0
BOOT_RAM_S:     LD A,B                  ; page 3 and page 2 on primary B
                RRCA
                RRCA
                LD E,A
                RRCA
                RRCA
                OR E
                OUT (PPI_A),A
                LD A,D                  ; expanded? then select secondary C
                LD E,B
                INC E
BOOT_RAM_BIT:   RRCA
                DEC E
                JR NZ,BOOT_RAM_BIT
                JR NC,BOOT_RAM_TEST
                LD A,C
                RRCA
                RRCA
                LD E,A
                RRCA
                RRCA
                OR E
                LD (0FFFFh),A
BOOT_RAM_TEST:  LD HL,0FE00h
                LD A,(HL)
                CPL
                LD (HL),A
                CP (HL)
                CPL
                LD (HL),A
                JR NZ,BOOT_RAM_NEXT
                LD H,0BEh
                LD A,(HL)
                CPL
                LD (HL),A
                CP (HL)
                CPL
                LD (HL),A
                JR Z,BOOT_RAM_FOUND
BOOT_RAM_NEXT:  LD A,D                  ; next secondary slot if expanded
                LD E,B
                INC E
BOOT_RAM_BIT2:  RRCA
                DEC E
                JR NZ,BOOT_RAM_BIT2
                JR NC,BOOT_RAM_NEXTP
                INC C
                LD A,C
                CP 4
                JR NZ,BOOT_RAM_S
BOOT_RAM_NEXTP: INC B
                LD A,B
                CP 4
                JR NZ,BOOT_RAM_P
BOOT_NORAM:     HALT                    ; no RAM in pages 2-3: nothing can run
                JR BOOT_NORAM

BOOT_RAM_FOUND:
                ; The boot stack sits under F1C9h: F1C9h-F37Fh belongs to the
                ; disk system (BDOS entry F37Dh, RAMAD0-3, a disk ROM's
                ; variables), which a disk ROM's INIT fills while running on
                ; this stack; the boot loader's buffers end at CE00h.
                LD SP,0F1C9h
                PUSH BC                 ; the RAM slot and the expanded slots
                PUSH DE
                LD HL,0F380h            ; clear the system area (not FFFFh)
                LD DE,0F381h
                LD BC,0FFFEh-0F380h
                LD (HL),0
                LDIR
                POP DE
                POP BC
                LD A,D                  ; EXPTBL: bit 7 per expanded primary slot
                LD HL,EXPTBL
                LD E,4
BOOT_EXPTBL:    RRCA
                JR NC,BOOT_EXPTBL_N
                LD (HL),080h
BOOT_EXPTBL_N:  INC HL
                DEC E
                JR NZ,BOOT_EXPTBL
                LD A,C                  ; SLTTBL of the RAM slot: pages 2-3 = C
                RRCA
                RRCA
                LD E,A
                RRCA
                RRCA
                OR E
                LD E,B
                LD D,0
                LD HL,SLTTBL
                ADD HL,DE
                LD (HL),A
                LD A,(EXPTBL)           ; this ROM: slot 0, secondary 0
                LD (MAINSLT),A

                LD HL,RAMHELP           ; RDPRIM/WRPRIM/CLPRIM into page 3
                LD DE,RDPRIM
                LD BC,RAMHELP_LEN
                LDIR
                LD HL,HOOK_FIRST        ; every hook: RET
                LD DE,HOOK_FIRST+1
                LD BC,ENAINT+4-HOOK_FIRST
                LD (HL),0C9h
                LDIR
                LD HL,SYSDEF            ; system variable defaults
BOOT_DEF:       LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                LD A,D
                OR E
                JR Z,BOOT_DEF_DONE
                LD C,(HL)
                INC HL
                LD B,0
                LDIR
                JR BOOT_DEF
BOOT_DEF_DONE:
                LD A,(EXPTBL)
                LD (CGPNT),A
                LD HL,OLDKEY            ; OLDKEY and NEWKEY: no key down
                LD B,22
BOOT_KEYS:      LD (HL),0FFh
                INC HL
                DJNZ BOOT_KEYS
                CALL VDPRESET
                LD HL,PALETTE_DEFAULT   ; the palette's VRAM copy, which INITXT
                LD DE,LINWRK            ; moves to SCREEN 0's place
                LD BC,32
                LDIR
                CALL PALSAVE
                CALL INITIO_I
                CALL INIFNK_I           ; the function keys' texts, as MSX's boot sets them
                CALL CHKSLZ_I
                LD IX,0189h             ; SUB-ROM SETSCR: the text screen SET
                CALL EXTROM_I           ; SCREEN and SET ADJUST left in the clock
                EI
                LD IX,01E1h             ; SUB-ROM GREET: SET TITLE's title or SET
                CALL EXTROM_I           ; PASSWORD's question
                EI
                ; MSX-BASIC's work area is set up before the cartridges'
                ; INIT and again, over the disk ROMs' work area, before
                ; H.STKE: a program started from either may end in MSX-BASIC
                ; (its error handler, READYR), as on an MSX.
                CALL BI_WKINIT
                LD A,(EXBRSA)           ; MSX-BASIC's part in the SUB-ROM's
                OR A                    ; slot (page 1: the cruncher, Disk
                JR Z,BOOT_NOEXT         ; BASIC...) is set up before any
                LD C,A                  ; cartridge's INIT, which may never
                LD H,040h               ; return (the search below calls its
                CALL ROMCHECK           ; INIT again: it only sets EXTVEC)
BOOT_NOEXT:     CALL ROMSEARCH
                CALL BI_WKBOOT
                CALL H_STKE
                ; Nothing took over: MSX-BASIC (roms-free-bios/basic/).
                JP BI_COLD

; CALBAS (0159h): the BASIC routine IX, called in the main ROM's slot (for
; extension ROMs that hide page 1).
CALBAS_I:       LD IY,(EXPTBL-1)
                JP CALSLT_I

; The BASIC entries of the jump table reach the interpreter in page 1 through
; jumps in page 0, as the original's jumps at 2680h do: the jump table itself
; only ever points into page 0.
SYNCHR_P0:      JP SYNCHR_I
CHRGTR_P0:      JP CHRGTR_I
GETYPR_P0:      JP GETYPR_I
ISCNTC_P0:      JP ISCNTC_I
CKCNTC_P0:      JP CKCNTC_I

; ---- VDPRESET: registers, VRAM cleared (128 KB), default palette. ------------
VDPRESET:
                IN A,(VDP_ADDR)         ; reset the register-write latch
                LD HL,VDPDEF
                LD C,0
VDPRESET_REG:   LD B,(HL)
                PUSH BC
                CALL WRTVDP_I
                POP BC
                INC HL
                INC C
                LD A,C
                CP 24
                JR NZ,VDPRESET_REG
                LD A,(IDBYTE0)          ; 002Bh bit 7 set = a 50 Hz machine:
                RLCA                    ; R#9 bit 1 (NT) selects PAL timing,
                AND 001h                ; and RG9SAV keeps it for every later
                ADD A,A                 ; mode change
                LD B,A
                LD C,9
                CALL WRTVDP_I
                ; VRAM is cleared by the command engine, not by the CPU: the
                ; screen is off, so one HMMV over 256 x 512 bytes in GRAPHIC 7
                ; (all 128 KB) runs at the engine's full speed, several times
                ; faster than OUTs (about 1.5 s of boot before). The V9938 runs
                ; commands only in the bitmap modes, so R#0 selects G7 for it.
                LD BC,0E00h
                CALL WRTVDP_I
                LD A,36                 ; R#17 = 36, auto-increment
                LD C,17
                CALL VDPSEL
                LD HL,VRAMCLR
                LD BC,11*256+VDP_IND
                OTIR
VDPRESET_WAIT:  LD A,2                  ; S#2 bit 0 (CE): still clearing
                LD C,15
                CALL VDPSEL
                IN A,(VDP_ADDR)
                RRCA
                JR C,VDPRESET_WAIT
                XOR A
                CALL VDPSEL
                LD BC,0000h             ; R#0 back to its reset value
                CALL WRTVDP_I
                LD HL,PALETTE_DEFAULT
                JP PALOUT
; HMMV: DX, DY, NX, NY (256 x 512 bytes of GRAPHIC 7 = 128 KB), colour 0, ARG.
VRAMCLR:        DW 0,0,256,512
                DB 0,0,0C0h
; R#0-R#23: screen off, interrupts off until a mode is set; 64K/128K DRAM
; (R#8 VR), NTSC 192 lines; colour burst R#20-R#22 at their reset values.
VDPDEF:         DB 000h,000h,000h,000h,000h,000h,000h,000h
                DB 008h,000h,000h,000h,000h,000h,000h,000h
                DB 000h,000h,000h,000h,000h,03Bh,005h,000h

; ---- ROMSEARCH: pages 1 and 2 of every slot; "AB" headers; INIT called. ------
ROMSEARCH:
                LD B,0                  ; primary
ROMSEARCH_P:    LD HL,EXPTBL
                LD E,B
                LD D,0
                ADD HL,DE
                LD A,(HL)
                AND 080h
                OR B
                LD C,A                  ; slot ID, secondary 0
ROMSEARCH_S:    LD H,040h
                CALL ROMCHECK
                LD H,080h
                CALL ROMCHECK
                LD A,C
                OR A
                JP P,ROMSEARCH_NP
                ADD A,4
                LD C,A
                AND 0Ch
                JR NZ,ROMSEARCH_S
ROMSEARCH_NP:   INC B
                LD A,B
                CP 4
                JR NZ,ROMSEARCH_P
                RET

; ROMCHECK: C = slot ID, H = 40h or 80h. Preserves BC.
ROMCHECK:
                PUSH BC
                LD L,0
                LD A,C
                CALL RDSLT_I
                CP 'A'
                JR NZ,ROMCHECK_NO
                INC HL
                POP BC
                PUSH BC
                LD A,C
                CALL RDSLT_I
                CP 'B'
                JR NZ,ROMCHECK_NO
                DEC HL
                POP BC
                PUSH BC
                PUSH HL
                CALL ROMATTR            ; SLTATR flags
                POP HL
                POP BC
                PUSH BC
                INC HL                  ; INIT address at +2
                INC HL
                LD A,C
                CALL RDSLT_I
                LD E,A
                INC HL
                POP BC
                PUSH BC
                LD A,C
                PUSH DE
                CALL RDSLT_I
                POP DE
                LD D,A
                OR E
                JR Z,ROMCHECK_NO
                POP BC
                PUSH BC
                LD A,C
                PUSH AF
                POP IY                  ; IYH = slot ID
                PUSH DE
                POP IX
                CALL CALSLT_I
                EI
ROMCHECK_NO:    EI
                POP BC
                RET

; ROMATTR: C = slot ID, HL = header address (4000h/8000h): SLTATR entry gets
; bit 5 (STATEMENT), 6 (DEVICE), 7 (TEXT) for the non-zero words.
ROMATTR:
                LD B,0                  ; flags
                LD E,4                  ; offset of STATEMENT
ROMATTR_LOOP:   PUSH HL
                PUSH DE
                PUSH BC
                LD D,0
                ADD HL,DE
                LD A,C
                CALL RDSLT_I
                LD D,A
                INC HL
                POP BC
                PUSH BC
                PUSH DE
                LD A,C
                CALL RDSLT_I
                POP DE
                OR D
                POP BC
                POP DE
                POP HL
                JR Z,ROMATTR_ZERO
                LD A,E                  ; 4 -> 20h, 6 -> 40h, 8 -> 80h
                SUB 4
                LD D,020h
                JR Z,ROMATTR_SET
                LD D,040h
                CP 2
                JR Z,ROMATTR_SET
                LD D,080h
ROMATTR_SET:    LD A,B
                OR D
                LD B,A
ROMATTR_ZERO:   INC E
                INC E
                LD A,E
                CP 10
                JR NZ,ROMATTR_LOOP
                ; index = primary * 16 + secondary * 4 + page
                LD A,C
                AND 3
                ADD A,A
                ADD A,A
                LD D,A
                LD A,C
                RRCA
                RRCA
                AND 3
                ADD A,D
                ADD A,A
                ADD A,A
                LD D,A
                LD A,H
                RLCA
                RLCA
                AND 3
                ADD A,D
                LD E,A
                LD D,0
                LD HL,SLTATR
                ADD HL,DE
                LD (HL),B
                RET

; ---- system variable defaults: address, length, bytes; ends with address 0 --
SYSDEF:
                DW LINL40
                DB 5, 37, 29, 37, 24, 14        ; LINL40 LINL32 LINLEN CRTCNT CLMLST
                DW TXTNAM
                DB 40
                DW 0000h,0000h,0800h,0000h,0000h        ; SCREEN 0
                DW 1800h,2000h,0000h,1B00h,3800h        ; SCREEN 1
                DW 1800h,2000h,0000h,1B00h,3800h        ; SCREEN 2
                DW 0800h,0000h,0000h,1B00h,3800h        ; SCREEN 3
                DW CLIKSW
                DB 3, 1, 1, 1                   ; CLIKSW CSRY CSRX
                DW FORCLR
                DB 3, 15, 4, 4                  ; FORCLR BAKCLR BDRCLR
                DW ATRBYT
                DB 1, 15
                DW SCNCNT
                DB 6, 1, REPDELAY
                DW KEYBUF, KEYBUF               ; PUTPNT GETPNT
                DW CGPNT+1
                DB 2
                DW FONT
                DW MODE
                DB 1, 006h                      ; 128 KB VRAM
                DW HIMEM
                DB 2
                DW 0F380h
                DW BOTTOM
                DB 2
                DW 08000h
                DW MEMSIZ
                DB 4
                DW 0F380h, 0F380h               ; MEMSIZ STKTOP
                DW CURLIN                       ; direct mode, as BASIC leaves it:
                DB 2                            ; FNKFLG acts only while a program
                DW 0FFFFh                       ; says it runs (keyboard.asm)
                DW 0
