; Palette: INIPLT, RSTPLT, GETPLT, SETPLT. The palette is write-only in the
; VDP, so the BIOS keeps a copy in VRAM (address per mode, PALVADR), in the
; port 9Ah format 0RRR0BBB, 00000GGG; LINWRK carries it on its way.

; ---- INIPLT (0141h): default palette to the VDP and to the VRAM copy ------
INIPLT:
                PUSH HL
                PUSH DE
                PUSH BC
                LD HL,PALETTE_DEFAULT
                LD DE,LINWRK
                LD BC,32
                LDIR
                LD HL,LINWRK
                CALL PALOUT
                CALL PALSAVE
                POP BC
                POP DE
                POP HL
                RET

; ---- RSTPLT (0145h): the VRAM copy back into the VDP ----------------------
RSTPLT:
                PUSH HL
                PUSH DE
                PUSH BC
                CALL PALLOAD
                LD HL,LINWRK
                CALL PALOUT
                POP BC
                POP DE
                POP HL
                RET

; ---- GETPLT (0149h): A = colour -> B = RRRR BBBB, C = 0000 GGGG --------------
GETPLT:
                PUSH HL
                PUSH DE
                AND 0Fh
                ADD A,A
                LD E,A
                LD D,0
                CALL PALVADR
                ADD HL,DE
                CALL SET16R
                IN A,(VDP_DATA)
                LD B,A
                IN A,(VDP_DATA)
                LD C,A
                POP DE
                POP HL
                RET

; ---- SETPLT (014Dh): D = colour, A = RRRR BBBB, E = 0000 GGGG ---------------
SETPLT:
                PUSH HL
                PUSH BC
                PUSH DE
                AND 077h
                LD B,A
                LD A,E
                AND 07h
                LD E,A
                LD A,D
                AND 0Fh
                LD D,A
                LD C,16                 ; R#16 = colour, then the two data bytes
                CALL VDPSEL
                LD A,B
                OUT (VDP_PAL),A
                LD A,E
                OUT (VDP_PAL),A
                EI
                PUSH DE                 ; the VRAM copy
                CALL PALVADR
                POP DE
                LD A,D
                ADD A,A
                LD E,A
                LD D,0
                ADD HL,DE
                CALL SET16W
                LD A,B
                OUT (VDP_DATA),A
                POP DE
                PUSH DE
                LD A,E
                AND 07h
                OUT (VDP_DATA),A
                POP DE
                POP BC
                POP HL
                RET
