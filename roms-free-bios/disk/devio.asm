; Devices through FCBs, as MSX-DOS 1 has them (msx-hardware.md 6.4): FOPEN or
; FMAKE of the name CON, AUX, NUL, LST or PRN (any extension) opens the
; device, not a file: byte 18h of the FCB holds its ID (FFh CON, FEh AUX,
; FDh NUL, FCh LST, FBh PRN; disk files have 40h + drive there), size 0.
; Records written to it go to the console (CON), the printer (LST, PRN) or
; nowhere (NUL, and AUX: this system has no AUX device); reading CON takes
; a line typed (echoed, RETURN gives CR LF and ends it, CTRL+Z ends the
; file), the others are at their end at once. FCLOSE of a device does
; nothing. The disk is not touched.

DEVNAMES:       DB "CON     ",0FFh
                DB "AUX     ",0FEh
                DB "NUL     ",0FDh
                DB "LST     ",0FCh
                DB "PRN     ",0FBh
                DB 0

; FCBDEV: A = the device ID PAT names (its first 8 characters), NZ; A = 0
; and Z when it names a file.
FCBDEV:
                LD DE,DEVNAMES
FCBDEV_T:       LD A,(DE)
                OR A
                RET Z
                LD HL,PAT
                LD B,8
FCBDEV_C:       LD A,(DE)
                CP (HL)
                JR NZ,FCBDEV_N
                INC HL
                INC DE
                DJNZ FCBDEV_C
                LD A,(DE)
                OR A
                RET
FCBDEV_N:       INC DE
                DJNZ FCBDEV_N
                INC DE
                JR FCBDEV_T

; DEVFCB: NZ (A = ID) when LFCB is an open device.
DEVFCB:
                LD A,(LFCB+18h)
                CP 0FBh
                JR C,DEVFCB_NO
                OR A
                RET
DEVFCB_NO:      XOR A
                RET

; DEVOPEN (FOPEN, FMAKE): A = the device ID: LFCB opened on it.
DEVOPEN:
                LD (LFCB+18h),A
                LD HL,LFCB+0Ch          ; block, record size, size
                LD B,8
DEVOPEN_Z:      LD (HL),0
                INC HL
                DJNZ DEVOPEN_Z
                LD A,80h
                LD (LFCB+0Eh),A
                LD HL,LFCB+19h          ; entry, clusters
                LD B,7
DEVOPEN_Z2:     LD (HL),0
                INC HL
                DJNZ DEVOPEN_Z2
                CALL STAMP
                CALL FCBOUT
                JP RET0

; DEVIO (FILEIO for a device): FCNT bytes between FPTR and the device, FDONE
; counted; CY = 0.
DEVIO:
                LD HL,0
                LD (FDONE),HL
                LD A,(FWRITE)
                OR A
                JR Z,DEVRD
DEVWR:          LD HL,(FCNT)
                LD A,H
                OR L
                RET Z
                LD HL,(FPTR)
                CALL UBYTE
                INC HL
                LD (FPTR),HL
                LD C,A
                LD A,(LFCB+18h)
                CP 0FFh
                JR Z,DEVWR_CON
                CP 0FDh
                JR NC,DEVWR_N           ; NUL, AUX: nothing
                LD A,C
                CALL B_LPTOUT           ; LST, PRN
                JR DEVWR_N
DEVWR_CON:      LD A,C
                CALL B_CHPUT
DEVWR_N:        CALL DEVCOUNT
                JR DEVWR
DEVRD:          LD A,(LFCB+18h)
                CP 0FFh
                JR Z,DEVRD_CON
                OR A                    ; at the end at once
                RET
DEVRD_CON:      LD HL,(FCNT)
                LD A,H
                OR L
                RET Z
                CALL B_CHGET
                CP 03h
                CALL Z,CCHIT
                CP 0Dh
                JR Z,DEVRD_CR
                CALL B_CHPUT
                CALL DEVSTORE
                CP 1Ah
                RET Z                   ; end of file (CY = 0)
                JR DEVRD_CON
DEVRD_CR:       CALL DEVSTORE           ; CR LF ends the line
                LD A,0Ah
                CALL B_CHPUT
                LD A,0Dh
                CALL B_CHPUT
                LD HL,(FCNT)
                LD A,H
                OR L
                RET Z
                LD A,0Ah
                CALL DEVSTORE
                OR A
                RET
; DEVSTORE: A to the caller's FPTR; counted. Preserves A.
DEVSTORE:
                PUSH AF
                LD (RCTMP),A
                LD HL,RCTMP
                LD DE,(FPTR)
                LD BC,1
                CALL UMOVE
                LD HL,(FPTR)
                INC HL
                LD (FPTR),HL
                CALL DEVCOUNT
                POP AF
                RET
; DEVCOUNT: one byte more done, one fewer to do.
DEVCOUNT:
                LD HL,(FDONE)
                INC HL
                LD (FDONE),HL
                LD HL,(FCNT)
                DEC HL
                LD (FCNT),HL
                RET
