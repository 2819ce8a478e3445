; The CP/M 2.2 BIOS jump table of the MSX-DOS environment: (0001h) holds its
; second entry (WBOOT), so CP/M programs (Turbo Pascal 3's Bios(n), BiosHL)
; reach the console and the printer the CP/M way. As MSX-DOS has it (MSX-DOS
; 2 Program Interface Specification, 2.4 "BIOS Jump Table"; MSX-DOS 1 keeps
; the same table): 17 entries on a 256-byte boundary above the BDOS entry;
; the first eight (the warm boot twice, CONST, CONIN, CONOUT, LIST, PUNCH,
; READER) work as on CP/M, the disk entries (HOME, SELDSK, SETTRK, SETSEC,
; SETDMA, READ, WRITE), which have no equivalent on a FAT file system, return
; an error where they have one (SELDSK HL = 0, READ/WRITE A = 1); LISTST is
; the printer's status, SECTRAN gives HL = BC.
;
; Each entry of CPMTBL (page 3 RAM) is CALL CPMCOM, which takes the entry's
; number from the address the CALL pushed and calls CPMBIOS here through
; RC_ROMCALL (the BDOS's way in: the caller's stack kept, a private one
; taken, the BIOS in page 0 and this ROM in page 1).

; CPMSET: the table and CPMCOM in RAM (at each start of the MSX-DOS
; environment: a program may have written over them).
CPMSET:
                LD HL,CPMTBL
                LD B,17
CPMSET_L:       LD (HL),0CDh            ; CALL CPMCOM
                INC HL
                LD (HL),CPMCOM & 0FFh
                INC HL
                LD (HL),CPMCOM / 256
                INC HL
                DJNZ CPMSET_L
                LD HL,CPMROM
                LD DE,CPMCOM
                LD BC,CPMROM_END-CPMROM
                LDIR
                RET

; Copied to CPMCOM: A = the low byte of the entry's CALL return address,
; 3 * (entry + 1); the caller's HL kept.
CPMROM:         EX (SP),HL
                LD A,L
                POP HL
                LD IX,CPMBIOS
                JP RC_ROMCALL
CPMROM_END:

; CPMBIOS (through RC_ROMCALL): A = 3 * (entry + 1): jump to CPMJT + A - 3.
CPMBIOS:
                PUSH HL
                LD HL,CPMJT-3
                ADD A,L
                LD L,A
                ADC A,H
                SUB L
                LD H,A
                EX (SP),HL
                RET
CPMJT:          JP CPM_WBOOT            ; BOOT
                JP CPM_WBOOT            ; WBOOT
                JP CPM_CONST
                JP B_CHGET              ; CONIN: A = the key (waits, no echo)
                JP CPM_CONOUT
                JP CPM_LIST
                JP CPM_RET              ; PUNCH: no AUX device
                JP CPM_READER
                JP CPM_RET              ; HOME
                JP CPM_SELDSK
                JP CPM_RET              ; SETTRK
                JP CPM_RET              ; SETSEC
                JP CPM_RET              ; SETDMA
                JP CPM_ERR              ; READ
                JP CPM_ERR              ; WRITE
                JP B_LPTSTT             ; LISTST: A = FFh ready, 0 busy
                JP CPM_SECTRN

CPM_WBOOT:      JP RC_WBOOT
CPM_CONST:      CALL B_CHSNS            ; A = FFh when a key waits, else 0
                LD A,0
                RET Z
                DEC A
                RET
CPM_CONOUT:     LD A,C
                JP BIOS_CHPUT
CPM_LIST:       LD A,C
                JP B_LPTOUT
CPM_READER:     LD A,1Ah                ; no AUX device: end of file
CPM_RET:        RET
CPM_SELDSK:     LD HL,0                 ; no disk parameter header
                RET
CPM_ERR:        LD A,1
                RET
CPM_SECTRN:     LD H,B                  ; no sector translation
                LD L,C
                RET
