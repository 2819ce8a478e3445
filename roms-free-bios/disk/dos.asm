; The MSX-DOS environment for .COM programs: page 0 set up as MSX-DOS 1 does
; (msx-hardware.md 6.2), a command prompt, and the loader that starts a
; program at 0100h with its FCBs and command tail. Written for this project;
; it stands in for MSXDOS.SYS and COMMAND.COM, whose files cannot be shipped.
;
; Page 0 (RAM, RAMAD0):
;   0000h JP CE03h: WBOOT of the CP/M BIOS table   0005h JP DOSENT (the BDOS),
;   0006h = DOSENT = the top of the TPA             000Ch RDSLT, 0014h WRSLT,
;   001Ch CALSLT, 0024h ENASLT, 0030h CALLF          0038h interrupt (RC_INT)
;   005Ch FCB 1, 006Ch FCB 2 (the first two arguments), 0080h the command
;   tail (length, text, 0) and the default DMA.
; The page-0 entries lead to ramcode.asm, which puts the BIOS in page 0 for
; the call. A program is loaded at 0100h and started with RAM in every page,
; SP = (0006h), 0000h as its return address and interrupts enabled.

; DOSENV: write page 0's entries (0000h-003Ah); the user's page 1 is RAMAD1.
DOSENV:
                LD A,(RAMAD1)
                LD (XFRSLT),A
                LD (USRP1),A
                LD HL,DOSPAGE0
                LD DE,BNCBUF
                LD BC,DOSPAGE0_END-DOSPAGE0
                LDIR
                LD HL,BNCBUF
                LD DE,0
                LD BC,DOSPAGE0_END-DOSPAGE0
                CALL UMOVE
                CALL CPMSET
                LD A,0C3h               ; 0005h's target (a boot loader's buffers
                LD (DOSENT),A           ; may have lain there)
                LD HL,RC_BDOS
                LD (DOSENT+1),HL
                LD A,1
                CALL SETMODE
                ; The default handlers, before every command and program (a
                ; program that changed them may have left them in its TPA).
                LD HL,RC_DEFERR
                LD (DEFVE),HL
                LD HL,DEFVE
                LD (DISKVE),HL
                LD HL,RC_DEFBRK
                LD (DEFBRK),HL
                LD HL,DEFBRK
                LD (BREAKV),HL
                RET

DOSPAGE0:
                DB 0C3h                 ; 0000h: the CP/M BIOS's WBOOT
                DW CPMTBL+3
                DB 0,0                  ; 0003h IOBYTE, 0004h current drive
                DB 0C3h                 ; 0005h
                DW DOSENT
                DS 4,0
                DB 0C3h                 ; 000Ch
                DW RC_RDSLT
                DS 5,0
                DB 0C3h                 ; 0014h
                DW RC_WRSLT
                DS 5,0
                DB 0C3h                 ; 001Ch
                DW RC_CALSLT
                DS 5,0
                DB 0C3h                 ; 0024h
                DW RC_ENASLT
                DS 9,0
                DB 0C3h                 ; 0030h
                DW RC_CALLF
                DS 5,0
                DB 0C3h                 ; 0038h
                DW RC_INT
DOSPAGE0_END:

; DOSPROMPT: the warm boot (RC_WBOOT, through CALSLT): buffers written, the
; prompt, a command line, the program it names. Never returns.
DOSPROMPT:
                LD SP,DOSENT
                CALL FLUSH
DOSPR_LOOP:     LD SP,DOSENT
                CALL DOSENV
                EI
                LD A,(BATACT)           ; a batch file gives the next line
                OR A
                JR Z,DOSPR_KEY
                CALL BATLINE
                JR NZ,DOSPR_KEY
                CALL PROMPT             ; shown as if typed
                LD HL,CMDBUF+2
                CALL PRINTZ
                CALL CRLF
                JR DOSCMD_GO
DOSPR_KEY:      CALL PROMPT
                LD A,125
                LD (CMDBUF),A
                LD DE,CMDBUF
                CALL F_BUFIN
                LD A,0Ah
                CALL B_CHPUT
                LD A,(CMDBUF+1)         ; the text ends with 0
                LD L,A
                LD H,0
                LD DE,CMDBUF+2
                ADD HL,DE
                LD (HL),0
                JR DOSCMD_GO
; DOSCMD: the command line at CMDBUF+2 (RC_RUNCMD, from a boot sector); an
; empty one starts AUTOEXEC.BAT when the disk has one.
DOSCMD:
                LD SP,DOSENT
                XOR A
                LD (BATACT),A
                LD (TLEN),A
                CALL DOSENV
                EI
                LD HL,CMDBUF+2
                CALL SKIPSP
                OR A
                JR NZ,DOSCMD_GO
                LD HL,M_VER             ; the startup banner, as MSX-DOS shows
                CALL PRINTZ             ; its version before COMMAND's prompt
                CALL CRLF
                CALL AUTOEXEC
                JR DOSPR_LOOP
DOSCMD_GO:      LD HL,CMDBUF+2
                CALL COMRUN
                JR DOSPR_LOOP

; COMRUN: HL -> "NAME[.EXT] arguments", 0-terminated, in page 3. "d:"
; changes the default drive; a built-in command (command.asm) runs; else
; NAME.COM (or NAME.EXT) is loaded at 0100h and started, or NAME.BAT (or a
; NAME.BAT named so) starts as a batch file. Returns only when no program
; was started, or at once for an empty line.
COMRUN:
                CALL SKIPSP
                OR A
                RET Z
                LD (CLSTART),HL
                LD DE,CMDFCB
                CALL PARSEFCB
                LD (TAILP),HL
                LD A,(CMDFCB+1)
                CP ' '
                JR NZ,COM_NAMED
                LD A,(CMDFCB)
                OR A
                JP Z,COM_BAD
                JP C_DRIVE
COM_NAMED:      CALL INTCMD
                RET Z
                LD A,(CMDFCB+9)
                CP ' '
                PUSH AF                 ; Z: no extension given
                JR NZ,COM_EXT
                LD HL,COMEXT
                CALL COM_SETX
COM_EXT:        CALL COM_OPEN
                JR Z,COM_FOUND
                POP AF
                JP NZ,COM_BAD
                LD HL,BATEXT            ; NAME.COM missing: NAME.BAT?
                CALL COM_SETX
                CALL COM_OPEN
                JP NZ,COM_BAD
                PUSH AF
COM_FOUND:      POP AF
                LD HL,CMDFCB+9
                LD A,(HL)
                CP 'B'
                JR NZ,COM_PROG
                INC HL
                LD A,(HL)
                CP 'A'
                JR NZ,COM_PROG
                INC HL
                LD A,(HL)
                CP 'T'
                JR NZ,COM_PROG
                LD HL,(CLSTART)
                JP BATSTART
COM_PROG:
                LD HL,(CMDFCB+12h)      ; 1 byte up to the stack's 256 bytes
                LD A,H
                OR L
                JR NZ,COM_BIG
                LD HL,(CMDFCB+10h)
                LD A,H
                OR L
                JP Z,COM_BAD
                LD DE,DOSENT-0200h
                OR A
                SBC HL,DE
                JR NC,COM_BIG
                LD HL,1                 ; record size 1, random record 0
                LD (CMDFCB+0Eh),HL
                LD HL,0
                LD (CMDFCB+21h),HL
                LD (CMDFCB+23h),HL
                LD HL,0100h
                LD (DMAADR),HL
                LD HL,(CMDFCB+10h)
                LD DE,CMDFCB
                CALL F_RDBLK
                OR A
                JP NZ,COM_BAD
                CALL SETARGS
                LD HL,0080h
                LD (DMAADR),HL
                JP RC_RUNCOM
COM_BIG:        LD HL,BIG_MSG
                JR PRINTZ
COM_BAD:        LD HL,BADCMD_MSG
; PRINTZ: HL -> 0-terminated text, with CHPUT.
PRINTZ:
                LD A,(HL)
                OR A
                RET Z
                CALL B_CHPUT
                INC HL
                JR PRINTZ

; SETARGS: 005Ch-00FFh from the arguments at TAILP: FCB 1 and FCB 2 (16
; bytes each, the rest zero), the tail at 0080h (length, text as typed,
; with its leading blank, then 0).
SETARGS:
                LD HL,BNCBUF
                LD DE,BNCBUF+1
                LD BC,0A3h
                LD (HL),0
                LDIR
                LD HL,(TAILP)
                LD DE,BNCBUF
                CALL PARSEFCB
                LD DE,BNCBUF+10h
                CALL PARSEFCB
                LD HL,(TAILP)
                LD DE,BNCBUF+25h
                LD B,0
SETARGS_T:      LD A,(HL)
                LD (DE),A
                OR A
                JR Z,SETARGS_E
                INC HL
                INC DE
                INC B
                LD A,B
                CP 126
                JR C,SETARGS_T
                XOR A
                LD (DE),A
SETARGS_E:      LD A,B
                LD (BNCBUF+24h),A
                LD HL,BNCBUF
                LD DE,005Ch
                LD BC,0A4h
                JP UMOVE

; SKIPSP: HL past blanks and tabs; A = the character there.
SKIPSP:
                LD A,(HL)
                CP ' '
                JR Z,SKIPSP_N
                CP 09h
                RET NZ
SKIPSP_N:       INC HL
                JR SKIPSP

; PARSEFCB: HL -> "[d:]name[.ext]" after blanks; DE -> 12 bytes: drive
; (0 = default, 1 = A:) and the 8 + 3 name, space padded, in capitals, '*'
; filling with '?'. HL ends after it. Preserves DE.
PARSEFCB:
                PUSH DE
                XOR A
                LD (DE),A
                INC DE
                LD B,11
                LD A,' '
PARSEFCB_B:     LD (DE),A
                INC DE
                DJNZ PARSEFCB_B
                POP DE
                CALL SKIPSP
                OR A
                RET Z
                INC HL
                LD A,(HL)
                DEC HL
                CP ':'
                JR NZ,PARSEFCB_N
                LD A,(HL)
                CALL UPCASE
                SUB 'A'-1
                LD (DE),A
                INC HL
                INC HL
PARSEFCB_N:     PUSH DE
                INC DE
                LD B,8
                CALL PF_PART
                POP DE
                LD A,(HL)
                CP '.'
                RET NZ
                INC HL
                PUSH DE
                LD A,E
                ADD A,9
                LD E,A
                LD A,D
                ADC A,0
                LD D,A
                LD B,3
                CALL PF_PART
                POP DE
                RET
; PF_PART: up to B characters to DE until a separator (the rest skipped).
PF_PART:        LD A,(HL)
                CALL PF_SEP
                RET Z
                INC HL
                CP '*'
                JR Z,PF_STAR
                CALL UPCASE
                INC B
                DEC B
                JR Z,PF_PART
                LD (DE),A
                INC DE
                DEC B
                JR PF_PART
PF_STAR:        INC B
                DEC B
                JR Z,PF_PART
                LD A,'?'
PF_STARL:       LD (DE),A
                INC DE
                DJNZ PF_STARL
                JR PF_PART
; PF_SEP: Z when A ends a name part. Preserves A, BC, DE, HL.
PF_SEP:
                PUSH HL
                PUSH BC
                LD HL,SEPS
                LD BC,SEPS_END-SEPS
                CPIR
                POP BC
                POP HL
                RET
SEPS:           DB 0,' ','.',':',',',';','=','+','/','"','[',']','<','>','|',09h
SEPS_END:

; COM_SETX: the 3-character extension at HL into CMDFCB.
COM_SETX:
                LD DE,CMDFCB+9
                LD BC,3
                LDIR
                RET
; COM_OPEN: CMDFCB opened (the rest of it cleared first). Z = found.
COM_OPEN:
                LD HL,CMDFCB+12
                LD B,25
COM_CLR:        LD (HL),0
                INC HL
                DJNZ COM_CLR
                LD DE,CMDFCB
                CALL F_FOPEN
                OR A
                RET

; PROMPT: a new line and the default drive's prompt, "A>".
PROMPT:
                CALL CRLF
                LD A,(CURDRV)
                ADD A,'A'
                CALL B_CHPUT
                LD A,'>'
                JP B_CHPUT

COMEXT:         DB "COM"
BADCMD_MSG:     DB "Bad command or file name",0Dh,0Ah,0
BIG_MSG:        DB "Not enough memory",0Dh,0Ah,0
