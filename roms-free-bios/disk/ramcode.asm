; Code that runs from RAM (copied to RAMCODE by INIT), because it switches
; pages 0 and 1: the BDOS entry, the copies to and from the caller's pages 0
; and 1, and the MSX-DOS page-0 environment (the inter-slot entries and the
; interrupt handler that page 0 jumps to when it holds RAM, the warm boot).
; pasmo has no PHASE: only relative jumps inside, and RC_ names for the
; addresses the routines have once copied.
;
; Page 0 is switched by SETP0 from here (page 3), as the BIOS's ENASLT needs
; the BIOS in page 0 to run. SETP0 handles a slot that is not expanded, or an
; expanded one whose primary slot also shows page 3 (its secondary register
; is then at FFFFh): the main ROM in slot 0 and RAM in 3-2 of the default
; machine, and the MSX2 layouts where the main ROM's slot is not expanded or
; shares its primary slot with the RAM. Other layouts get the primary slot
; only (docs/bios.md).

RAMROM:
; RC_RUNCMD (RAMCODE+0): a boot sector starts a command line here, in the
; MSX-DOS environment (the CY = 1 boot call), HL -> the text, 0-terminated.
; "RSDOS1" after the jump tells the boot sector that this disk ROM is ours.
R_RUNCMD:       JR R_RUNCMD1
                DB "RSDOS1"
R_RUNCMD1:      DI
                LD SP,DOSENT
                LD DE,CMDBUF+2
                LD B,126
R_RUNCMD_CP:    LD A,(HL)
                LD (DE),A
                OR A
                JR Z,R_RUNCMD_GO
                INC HL
                INC DE
                DJNZ R_RUNCMD_CP
                XOR A
                LD (DE),A
R_RUNCMD_GO:    LD IX,DOSCMD
                JR R_TOROM
; RC_WBOOT: 0000h (JP 0, RST 0, RET from a program, BDOS 00h): back to the
; command prompt, on a fresh stack with the BIOS in page 0.
R_WBOOT:        DI
                LD SP,DOSENT
                LD IX,DOSPROMPT
R_TOROM:        LD A,(EXPTBL)
                CALL RC_SETP0
                LD IY,(DSKSLT-1)
                JP B_CALSLT

; BDOS entry (F37Dh and, through DOSENT, 0005h): the caller's page 1 is
; noted, a private stack taken, and the BDOS in this ROM called through
; CALSLT (with RAM in page 0, 001Ch is the page-0 CALSLT below, which puts
; the BIOS in page 0 for the call). The BDOS runs with interrupts enabled.
R_BDOS:         LD IX,BDOS_MAIN
; ROMCALL: the same for the routine IX of this ROM (the CP/M BIOS entries).
R_ROMCALL:      DI
                LD (SAVESP),SP
                LD SP,BDOSSTK
                PUSH HL
                PUSH DE
                PUSH BC
                PUSH AF
                CALL RC_GETP1
                LD (USRP1),A
                LD (XFRSLT),A
                POP AF
                POP BC
                POP DE
                POP HL
                LD IY,(DSKSLT-1)
                CALL B_CALSLT
                DI
                LD SP,(SAVESP)
                EI
                RET

; GETP1 / GETP0: A = slot ID shown in page 1 / page 0 (port A8h, SLTTBL).
; Change BC and HL.
R_GETP1:        IN A,(PPI_A)
                RRCA
                RRCA
                CALL RC_GETPS
                RRCA
                RRCA
                JR R_GETP_SUB
R_GETP0:        IN A,(PPI_A)
                CALL RC_GETPS
R_GETP_SUB:     AND 03h                 ; the page's secondary slot
                RLCA
                RLCA
                OR C
                RET
; GETPS: C = primary slot A & 3 (with bit 7 when expanded); A = its SLTTBL
; byte, or 0 when not expanded. Changes B, HL.
R_GETPS:        AND 3
                LD C,A
                LD B,0
                LD HL,EXPTBL
                ADD HL,BC
                BIT 7,(HL)
                LD A,0
                RET Z
                SET 7,C
                INC HL
                INC HL
                INC HL
                INC HL
                LD A,(HL)
                RET

; SETP0: page 0 shows slot ID A. Interrupts off; preserves BC, DE, HL.
R_SETP0:        DI
                PUSH BC
                PUSH HL
                LD B,A
                BIT 7,A
                JR Z,R_SETP0_P
                IN A,(PPI_A)            ; expanded: only when page 3 shows it
                RLCA
                RLCA
                XOR B
                AND 3
                JR NZ,R_SETP0_P
                LD A,(0FFFFh)           ; the secondary register reads inverted
                CPL
                AND 0FCh
                LD C,A
                LD A,B
                RRCA
                RRCA
                AND 3
                OR C
                LD (0FFFFh),A
                LD C,A
                LD A,B                  ; SLTTBL of that primary slot
                AND 3
                LD HL,SLTTBL
                ADD A,L
                LD L,A
                LD (HL),C
R_SETP0_P:      IN A,(PPI_A)
                AND 0FCh
                LD C,A
                LD A,B
                AND 3
                OR C
                OUT (PPI_A),A
                POP HL
                POP BC
                RET

; XMOVE: LDIR of BC bytes from HL to DE with the caller's memory in pages 0
; and 1 (RAMAD0, and slot XFRSLT), then the BIOS and this ROM back. Changes
; every register; interrupts stay off.
R_XMOVE:        PUSH HL
                PUSH DE
                PUSH BC
                LD A,(XFRSLT)
                LD H,40h
                CALL B_ENASLT
                LD A,(RAMAD0)
                CALL RC_SETP0
                POP BC
                POP DE
                POP HL
                LDIR
                LD A,(EXPTBL)
                CALL RC_SETP0
                LD A,(DSKSLT)
                LD H,40h
                JP B_ENASLT

; ---- the page-0 entries of the MSX-DOS environment (RAM in page 0) -----------
; Each puts the BIOS in page 0, calls its routine, and gives page 0 back. As
; on MSX-DOS, the caller's stack must not be in page 0.
; RDSLT (000Ch): A = slot, HL = address -> A.
R_RDSLT:        LD D,A
                CALL RC_P0BIOS
                PUSH AF
                LD A,D
                CALL B_RDSLT
                LD D,A
                POP AF
                CALL RC_SETP0
                LD A,D
                RET
; WRSLT (0014h): A = slot, HL = address, E = byte.
R_WRSLT:        LD D,A
                CALL RC_P0BIOS
                PUSH AF
                LD A,D
                CALL B_WRSLT
                POP AF
                JP RC_SETP0
; ENASLT (0024h): A = slot, H = page. Page 0 is switched from here.
R_ENASLT:       LD D,A
                LD A,H
                AND 0C0h
                LD A,D
                JP Z,RC_SETP0
                CALL RC_P0BIOS
                PUSH AF
                LD A,D
                CALL B_ENASLT
                POP AF
                JP RC_SETP0
; CALLF (0030h, RST 30h): slot and address follow the RST.
R_CALLF:        EXX
                EX AF,AF'
                POP HL
                LD A,(HL)
                INC HL
                LD E,(HL)
                INC HL
                LD D,(HL)
                INC HL
                PUSH HL
                PUSH DE
                POP IX
                PUSH AF
                POP IY
                EX AF,AF'
                EXX
; CALSLT (001Ch): IYH = slot, IX = address. Interrupts are enabled again
; afterwards if the routine returned with them enabled.
R_CALSLT:       EXX
                EX AF,AF'
                CALL RC_P0BIOS
                PUSH AF
                EX AF,AF'
                EXX
                CALL B_CALSLT
                EXX
                EX AF,AF'
                LD A,I                  ; P/V = interrupts enabled
                POP BC                  ; B = the slot page 0 had
                PUSH AF
                LD A,B
                CALL RC_SETP0
                POP AF
                JP PO,RC_CALSLT_DI
                EX AF,AF'
                EXX
                EI
                RET
R_CALSLT_DI:    EX AF,AF'
                EXX
                RET
; P0BIOS: the BIOS in page 0; A = the slot page 0 had. Preserves BC, DE,
; HL; interrupts off.
R_P0BIOS:       DI
                PUSH HL
                PUSH BC
                CALL RC_GETP0
                POP BC
                POP HL
                PUSH AF
                LD A,(EXPTBL)
                CALL RC_SETP0
                POP AF
                RET

; Interrupt (0038h): the BIOS's handler on a private stack, the caller's
; registers kept (the handler keeps the rest).
R_INT:          LD (ISAVESP),SP
                LD SP,ISTK
                PUSH HL
                PUSH BC
                PUSH AF
                CALL RC_GETP0
                PUSH AF
                LD A,(EXPTBL)
                CALL RC_SETP0
                CALL 0038h              ; KEYINT: returns with EI
                POP AF
                CALL RC_SETP0           ; DI
                POP AF
                POP BC
                POP HL
                LD SP,(ISAVESP)
                EI
                RET

; RUNCOM: start the program loaded at 0100h with RAM in every page, SP at
; the top of the TPA and 0000h (warm boot) as its return address.
R_RUNCOM:       DI
                LD A,(RAMAD1)
                LD H,40h
                CALL B_ENASLT
                LD A,(RAMAD0)
                CALL RC_SETP0
                LD SP,DOSENT
                LD HL,0
                PUSH HL
                EI
                JP 0100h

; BOOT1: the second boot call (CY = 1) in the MSX-DOS environment, then the
; BIOS and this ROM back.
R_BOOT1:        LD A,(RAMAD1)
                LD H,40h
                CALL B_ENASLT
                LD A,(RAMAD0)
                CALL RC_SETP0
                LD HL,DISKVE
                LD DE,0F368h
                XOR A
                SCF
                EI
                CALL 0C01Eh
                LD A,(EXPTBL)
                CALL RC_SETP0
                LD A,(DSKSLT)
                LD H,40h
                JP B_ENASLT

; CALLV: call the disk-error handler whose address is in the word at HL (A,
; C for it) with RAM in page 0 (the handler environment of MSX-DOS 1; the
; word may lie there too), then the BIOS back in page 0. Returns the
; handler's C (and B, DE, HL); interrupts enabled.
R_CALLV:        PUSH AF
                LD A,(RAMAD0)
                CALL RC_SETP0
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                POP AF
                EI
                CALL JPHL
                LD A,(EXPTBL)
                CALL RC_SETP0
                EI
                RET
; DEFERR: the default disk-error handler (DISKVE's word points here): the
; BIOS in page 0 for DISKERR's question, then RAM again.
R_DEFERR:       PUSH AF
                LD A,(EXPTBL)
                CALL RC_SETP0
                POP AF
                EI
                CALL DISKERR
                LD A,(RAMAD0)
                JP RC_SETP0
; DEFBRK: the default CTRL+C handler (BREAKV's word points here): "^C" and
; the warm boot (ABORT), with the BIOS in page 0.
R_DEFBRK:       LD A,(EXPTBL)
                CALL RC_SETP0
                EI
                JP ABORT
RAMROM_END:
; INIT copies the routines to RAMCODE: 512 bytes there, BNCBUF follows.
        IF RAMROM_END-RAMROM > 512
                DB RAMCODE_IS_LARGER_THAN_512_BYTES
        ENDIF
RC_RUNCMD:      EQU RAMCODE+(R_RUNCMD-RAMROM)
RC_WBOOT:       EQU RAMCODE+(R_WBOOT-RAMROM)
RC_BDOS:        EQU RAMCODE+(R_BDOS-RAMROM)
RC_ROMCALL:     EQU RAMCODE+(R_ROMCALL-RAMROM)
RC_GETP1:       EQU RAMCODE+(R_GETP1-RAMROM)
RC_GETP0:       EQU RAMCODE+(R_GETP0-RAMROM)
RC_GETPS:       EQU RAMCODE+(R_GETPS-RAMROM)
RC_SETP0:       EQU RAMCODE+(R_SETP0-RAMROM)
RC_XMOVE:       EQU RAMCODE+(R_XMOVE-RAMROM)
RC_RDSLT:       EQU RAMCODE+(R_RDSLT-RAMROM)
RC_WRSLT:       EQU RAMCODE+(R_WRSLT-RAMROM)
RC_ENASLT:      EQU RAMCODE+(R_ENASLT-RAMROM)
RC_CALLF:       EQU RAMCODE+(R_CALLF-RAMROM)
RC_CALSLT:      EQU RAMCODE+(R_CALSLT-RAMROM)
RC_CALSLT_DI:   EQU RAMCODE+(R_CALSLT_DI-RAMROM)
RC_P0BIOS:      EQU RAMCODE+(R_P0BIOS-RAMROM)
RC_INT:         EQU RAMCODE+(R_INT-RAMROM)
RC_RUNCOM:      EQU RAMCODE+(R_RUNCOM-RAMROM)
RC_BOOT1:       EQU RAMCODE+(R_BOOT1-RAMROM)
RC_P1MOVE:      EQU RC_XMOVE
RC_CALLV:       EQU RAMCODE+(R_CALLV-RAMROM)
RC_DEFERR:      EQU RAMCODE+(R_DEFERR-RAMROM)
RC_DEFBRK:      EQU RAMCODE+(R_DEFBRK-RAMROM)
