; The disk ROM's CALL statements (its header's STATEMENT entry): CALL FORMAT
; and CALL SYSTEM, as Disk BASIC 1.0 has them (fact sheet §5: [DSK 6576h]).
; MSX-BASIC's CALL calls this with PROCNM holding the name and HL on the
; text after it, this ROM in page 1 and the BIOS in page 0; carry = not one
; of ours (HL kept), no carry = done (HL after it).

B_CALBAS:       EQU 0159h       ; BIOS: the BASIC routine IX in the main ROM's slot
B_TOTEXT:       EQU 00D2h       ; BIOS: back to a text screen if on a graphic one
BAS_SNERR:      EQU 4055h       ; MSX-BASIC: Syntax error
BAS_FCERR:      EQU 475Ah       ; MSX-BASIC: Illegal function call

CALLSTMT:
                PUSH HL
                LD DE,S_FORMAT
                CALL CS_NAME
                JR Z,CS_FORMAT
                LD DE,S_SYSTEM
                CALL CS_NAME
                JR Z,CS_SYSTEM
                POP HL
                SCF
                RET
; CALL FORMAT: the questions of FORMAT (FMTASK), then back to BASIC.
CS_FORMAT:      POP HL
                CALL CS_END
                PUSH HL
                CALL FMTASK
                POP HL
                OR A
                RET
; CALL SYSTEM: MSX-BASIC is left for the MSX-DOS prompt (which needs RAM
; in page 0: else Illegal function call). Files BASIC left open are not
; closed: their changes written so far stay (the cache is written back).
CS_SYSTEM:      POP HL
                CALL CS_END
                LD A,(RAMAD0)
                LD HL,1000h
                CALL RAMTEST
                LD IX,BAS_FCERR
                JP NZ,B_CALBAS
                DI
                LD SP,DOSENT
                CALL B_TOTEXT
                XOR A                   ; no batch file runs, no template
                LD (BATACT),A
                LD (TLEN),A
                JP DOSPROMPT
; CS_END: HL past blanks must be at the statement's end, else Syntax error.
CS_END:         LD A,(HL)
                CP ' '
                JR NZ,CS_END_C
                INC HL
                JR CS_END
CS_END_C:       OR A
                RET Z
                CP ':'
                RET Z
                LD IX,BAS_SNERR
                JP B_CALBAS
; CS_NAME: Z when PROCNM holds the 0-terminated name at DE.
CS_NAME:        LD HL,PROCNM
CS_NAME_L:      LD A,(DE)
                CP (HL)
                RET NZ
                OR A
                RET Z
                INC HL
                INC DE
                JR CS_NAME_L
S_FORMAT:       DB "FORMAT",0
S_SYSTEM:       DB "SYSTEM",0
