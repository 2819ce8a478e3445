; The MSX-DOS 1 BDOS: dispatcher, console, drive and transfer-address
; functions, date and time (RP5C01). Called from R_BDOS through CALSLT: this
; ROM in page 1, the main BIOS in page 0, the private stack in page 3. The
; caller's memory (FCBs, DMA, strings) is reached through UMOVE, which
; switches the caller's page 1 in for the copy, so FCBs and buffers may lie
; anywhere from 4000h up.
; Results: A (and L = A, H = B = 0) unless the function returns HL; then
; A = L and B = H, as CP/M programs expect.

BDOS_MAIN:
                EI                      ; only the sector transfers run with DI
                LD A,C
                CP BDOS_COUNT
                JR NC,BDOS_NONE
                PUSH HL
                LD HL,BDOSTAB
                LD B,0
                ADD HL,BC
                ADD HL,BC
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                EX (SP),HL              ; routine address on the stack, HL back
                RET
BDOS_NONE:      XOR A                   ; functions MSX-DOS 1 lacks: A = 0
RETA:           LD L,A
                LD H,0
                LD B,H
                RET
RETFF:          LD A,0FFh
                JR RETA
RET0:           XOR A
                JR RETA
RETHL:          LD A,L
                LD B,H
                RET

BDOSTAB:
                DW F_TERM0              ; 00 end the program
                DW F_CONIN              ; 01
                DW F_CONOUT             ; 02
                DW F_AUXIN              ; 03
                DW F_AUXOUT             ; 04
                DW F_LSTOUT             ; 05
                DW F_DIRIO              ; 06
                DW F_DIRIN              ; 07
                DW F_INNOE              ; 08
                DW F_STROUT             ; 09
                DW F_BUFIN              ; 0A
                DW F_CONST              ; 0B
                DW F_CPMVER             ; 0C
                DW F_DSKRST             ; 0D
                DW F_SELDSK             ; 0E
                DW F_FOPEN              ; 0F
                DW F_FCLOSE             ; 10
                DW F_SFIRST             ; 11
                DW F_SNEXT              ; 12
                DW F_FDEL               ; 13
                DW F_RDSEQ              ; 14
                DW F_WRSEQ              ; 15
                DW F_FMAKE              ; 16
                DW F_FREN               ; 17
                DW F_LOGIN              ; 18
                DW F_CURDRV             ; 19
                DW F_SETDTA             ; 1A
                DW F_ALLOC              ; 1B
                DW BDOS_NONE            ; 1C
                DW BDOS_NONE            ; 1D
                DW BDOS_NONE            ; 1E
                DW BDOS_NONE            ; 1F
                DW BDOS_NONE            ; 20
                DW F_RDRND              ; 21
                DW F_WRRND              ; 22
                DW F_FSIZE              ; 23
                DW F_SETRND             ; 24
                DW BDOS_NONE            ; 25
                DW F_WRBLK              ; 26
                DW F_RDBLK              ; 27
                DW F_WRZER              ; 28
                DW BDOS_NONE            ; 29
                DW F_GDATE              ; 2A
                DW F_SDATE              ; 2B
                DW F_GTIME              ; 2C
                DW F_STIME              ; 2D
                DW F_VERIFY             ; 2E
                DW F_RDABS              ; 2F
                DW F_WRABS              ; 30
BDOS_COUNT:     EQU ($-BDOSTAB)/2

; ---- caller's memory -------------------------------------------------------------
; UMOVE: BC bytes from HL to DE, where either side may be the caller's memory
; (pages 1-3 as the caller had them). BC = 0 moves nothing.
UMOVE:
                LD A,B
                OR C
                RET Z
                LD A,H                  ; both in pages 2-3: a plain copy
                AND D
                RLA
                JR NC,UMOVE_SLOT
                LDIR
                RET
UMOVE_SLOT:     CALL RC_XMOVE
                EI
                RET

; UBYTE: A = the caller's byte at HL. Preserves BC, DE, HL.
UBYTE:
                PUSH HL
                PUSH DE
                PUSH BC
                LD DE,RCTMP
                LD BC,1
                CALL UMOVE
                POP BC
                POP DE
                POP HL
                LD A,(RCTMP)
                RET

; ZFILL: BC zero bytes at the caller's HL.
ZFILL:
                LD A,B
                OR C
                RET Z
                PUSH HL
                PUSH BC
                LD HL,BNCBUF
                LD DE,BNCBUF+1
                LD BC,511
                LD (HL),0
                LDIR
                POP BC
                POP HL
ZFILL_LOOP:     LD A,B
                OR C
                RET Z
                PUSH BC
                LD A,B                  ; at most 512 at a time
                CP 2
                JR C,ZFILL_PART
                LD BC,512
ZFILL_PART:     PUSH BC
                EX DE,HL
                LD HL,BNCBUF
                PUSH DE
                CALL UMOVE
                POP HL
                POP DE                  ; DE = bytes moved
                ADD HL,DE
                EX (SP),HL              ; HL = left, stack = address
                OR A
                SBC HL,DE
                LD B,H
                LD C,L
                POP HL
                JR ZFILL_LOOP

; ---- console ----------------------------------------------------------------------
F_TERM0:        ; In the MSX-DOS environment: the warm boot (buffers written,
                ; the prompt). Else there is nothing to return to: buffers
                ; written, then the machine waits with interrupts on.
                CALL FLUSH
                LD A,(DOSMODE)
                OR A
                JP NZ,RC_WBOOT
                EI
F_TERM0_HALT:   HALT
                JR F_TERM0_HALT

F_CONIN:        CALL B_CHGET
                CALL PKEY
                JR Z,F_CONIN
                CP 03h
                CALL Z,CCHIT
                PUSH AF
                CALL B_CHPUT
                POP AF
                JP RETA
F_CONOUT:       CALL CHKCC
                LD A,E
                CALL B_CHPUT
                JP RET0
F_AUXIN:        LD A,1Ah                ; no AUX device: end of file
                JP RETA
F_AUXOUT:       JP RET0
F_LSTOUT:       CALL CHKCC
                LD A,E
                CALL B_LPTOUT
                JP RET0
F_DIRIO:        LD A,E
                CP 0FFh
                JR Z,F_DIRIO_IN
                CALL BIOS_CHPUT         ; raw: no printer echo
                JP RET0
F_DIRIO_IN:     CALL B_CHSNS
                JP Z,RET0               ; no key: A = 0
F_DIRIN:
F_INNOE:        CALL B_CHGET
                JP RETA
F_CONST:        CALL B_CHSNS
                JP Z,RET0
                JP RETFF
F_CPMVER:       LD HL,0022h
                JP RETHL

; STROUT: DE -> text ending with '$'.
F_STROUT:       CALL CHKCC
                EX DE,HL
F_STROUT_LP:    CALL UBYTE
                CP '$'
                JP Z,RET0
                CALL B_CHPUT
                INC HL
                JR F_STROUT_LP

; CHKCC: in the MSX-DOS environment, a CTRL+C (or CTRL+STOP, which gives
; 03h too) waiting in the key buffer ends the program: "^C" and the warm
; boot (in a batch file, "Terminate batch file (Y/N)? " first, MSX2
; Technical Handbook figure 3.7). A CTRL+S waiting pauses until the next
; key. Else it returns with every register kept. Console output (02h, 05h,
; 09h) and the prompt's commands check; 06h-08h do not, as on MSX-DOS.
CHKCC:
                PUSH AF
                LD A,(DOSMODE)
                OR A
                JR Z,CHKCC_NO
                CALL B_CHSNS
                JR Z,CHKCC_NO
                PUSH HL
                LD HL,(GETPNT)          ; the next key, left in the buffer
                LD A,(HL)
                POP HL
                CP 03h
                JR Z,CHKCC_C
                CALL PKEY               ; ^P / ^N: taken
                JR NZ,CHKCC_S
                CALL B_CHGET
                JR CHKCC_NO
CHKCC_S:        CP 13h
                JR NZ,CHKCC_NO
                CALL B_CHGET            ; CTRL+S: taken, then any key goes on
                CALL B_CHGET
                CP 03h
                JR Z,BREAK
CHKCC_NO:       POP AF
                RET
CHKCC_C:        CALL B_CHGET
                JR BREAK
; PKEY: A = 10h (^P) switches the printer echo on, 0Eh (^N) off, as MSX-DOS
; does (MSX2 Technical Handbook table 3.5): Z when it was one of them (A
; changed), else NZ with A kept.
PKEY:           CP 10h
                JR Z,PKEY_ON
                CP 0Eh
                RET NZ
                XOR A
                JR PKEY_SET
PKEY_ON:        LD A,1
PKEY_SET:       LD (PECHO),A
                XOR A                   ; Z
                RET
; B_CHPUT: the BIOS's CHPUT, and with the printer echo on (^P) LPTOUT too;
; CTRL+STOP while the printer is busy switches the echo off. Every output of
; this ROM's console goes through here (06h, the CP/M BIOS and others that
; must stay raw call BIOS_CHPUT). Preserves every register.
B_CHPUT:        CALL BIOS_CHPUT
                PUSH AF
                LD A,(PECHO)
                OR A
                JR Z,B_CHPUT_E
                POP AF
                PUSH AF
                CALL B_LPTOUT
                JR NC,B_CHPUT_E
                XOR A
                LD (PECHO),A
B_CHPUT_E:      POP AF
                RET
; CCHIT: A = 03h was read: BREAK in the MSX-DOS environment, else A stays.
CCHIT:
                PUSH AF
                LD A,(DOSMODE)
                OR A
                JR NZ,BREAK
                POP AF
                RET
; BREAK: CTRL+C / CTRL+STOP: a jump to the handler BREAKV (F325h) leads to
; (BREAKV holds the address of a word holding its address, as DISKVE), with
; RAM in page 0, this ROM in page 1, on the BDOS stack. A program's handler
; typically puts its page 1 back (ENASLT at 0024h), takes its own stack and
; goes on; the default one (RC_DEFBRK) is ABORT.
BREAK:
                LD A,(RAMAD0)           ; (the word may lie in page 0)
                CALL RC_SETP0
                LD HL,(BREAKV)
                LD A,(HL)
                INC HL
                LD H,(HL)
                LD L,A
                EI
                JP (HL)
ABORT:
                LD HL,M_CTRLC
                CALL PRINTZ
                LD A,(BATACT)
                OR A
                JR Z,ABORT_GO
ABORT_ASK:      LD HL,M_ENDBAT
                CALL PRINTZ
                CALL B_CHGET
                CALL B_CHPUT
                CALL UPCASE
                CP 'N'
                JR Z,ABORT_GO
                CP 'Y'
                JR NZ,ABORT_ASK
                XOR A
                LD (BATACT),A
ABORT_GO:       JP RC_WBOOT
M_CTRLC:        DB "^C",0
M_ENDBAT:       DB 0Dh,0Ah,"Terminate batch file (Y/N)? ",0

; BUFIN: DE -> [size][count][text]. Echo, BS / left arrow erase, RETURN ends
; (not stored, not counted); the line is built in BNCBUF and copied back.
; In the MSX-DOS environment the line entered becomes the template, as on
; MSX-DOS (MSX2 Technical Handbook tables 3.6 and 3.7): RIGHT (^\) copies its
; next character, SELECT (^X) its characters up to the next key typed, DOWN
; (^_) the rest of it; DEL skips one of its characters, CLS (^L) skips up to
; the next key typed; UP, ESC, ^U void the line typed; INS (^R) switches
; insert mode (typed characters leave the template where it is); HOME (^K)
; makes the line typed so far the template; ^J starts a new screen line; a
; character typed or erased moves along the template too.
F_BUFIN:        LD (FPTR),DE
                EX DE,HL
                CALL UBYTE
                LD (RECS),A             ; size
F_BUFIN_VOID:   LD HL,BNCBUF+1
                LD B,0                  ; count
                XOR A
                LD (TPOS),A
                LD (TINS),A
F_BUFIN_KEY:    PUSH HL
                PUSH BC
                CALL B_CHGET
                POP BC
                POP HL
                CP 0Dh
                JP Z,F_BUFIN_END
                CP 08h
                JP Z,F_BUFIN_BS
                CP 1Dh
                JP Z,F_BUFIN_BS
                CP 1Ch
                JP Z,F_BUFIN_T1
                CP 1Fh
                JP Z,F_BUFIN_TALL
                CP 1Eh
                JP Z,F_BUFIN_UP
                CP 1Bh
                JP Z,F_BUFIN_UP
                CP 15h                  ; ^U
                JP Z,F_BUFIN_UP
                CP 18h
                JP Z,F_BUFIN_CUP        ; SELECT
                CP 0Ch
                JP Z,F_BUFIN_SUP        ; CLS
                CP 7Fh
                JP Z,F_BUFIN_SK1        ; DEL
                CP 12h
                JP Z,F_BUFIN_INS        ; INS
                CP 0Bh
                JP Z,F_BUFIN_NEW        ; HOME
                CP 0Ah
                JP Z,F_BUFIN_LF         ; ^J
                CALL PKEY               ; ^P / ^N
                JP Z,F_BUFIN_KEY
                CP 03h
                CALL Z,CCHIT
                CP 20h
                JP C,F_BUFIN_KEY
                PUSH AF                 ; a character typed skips one of the template
                LD A,(TINS)             ; (not in insert mode)
                OR A
                JP NZ,F_BUFIN_TP
                LD A,(TPOS)
                INC A
                JP Z,F_BUFIN_TP
                LD (TPOS),A
F_BUFIN_TP:     POP AF
                CALL BUF_PUT
                JP F_BUFIN_KEY
F_BUFIN_T1:     CALL TCHAR
                CALL NC,BUF_PUT
                JP F_BUFIN_KEY
F_BUFIN_TALL:   CALL TCHAR
                JP C,F_BUFIN_KEY
                CALL BUF_PUT
                JP NC,F_BUFIN_TALL
                JP F_BUFIN_KEY
F_BUFIN_UP:     LD A,B                  ; the line typed off the screen
                OR A
                JP Z,F_BUFIN_VOID
                CALL BUF_RUB
                DEC B
                JP F_BUFIN_UP
F_BUFIN_BS:     LD A,B
                OR A
                JP Z,F_BUFIN_KEY
                LD A,(TPOS)
                OR A
                JP Z,F_BUFIN_BS1
                DEC A
                LD (TPOS),A
F_BUFIN_BS1:    DEC HL
                DEC B
                CALL BUF_RUB
                JP F_BUFIN_KEY
; SELECT: the template's characters up to the next occurrence of the key
; typed next (nothing when it does not occur).
F_BUFIN_CUP:    CALL TKEY
                JP C,F_BUFIN_KEY
                LD (TTGT),A
F_BUFIN_CUPL:   LD A,(TTGT)
                LD C,A
                LD A,(TPOS)
                CP C
                JP NC,F_BUFIN_KEY
                CALL TCHAR
                JP C,F_BUFIN_KEY
                CALL BUF_PUT
                JP C,F_BUFIN_KEY
                JR F_BUFIN_CUPL
; CLS: the template's characters up to that key skipped.
F_BUFIN_SUP:    CALL TKEY
                JP C,F_BUFIN_KEY
                LD (TPOS),A
                JP F_BUFIN_KEY
; DEL: one character of the template skipped.
F_BUFIN_SK1:    CALL TCHAR
                JP F_BUFIN_KEY
; INS: insert mode on / off.
F_BUFIN_INS:    LD A,(TINS)
                XOR 1
                LD (TINS),A
                JP F_BUFIN_KEY
; HOME: the line typed becomes the template (read from its start); the line
; stays as typed.
F_BUFIN_NEW:    CALL TSAVE
                XOR A
                LD (TPOS),A
                JP F_BUFIN_KEY
; ^J: a new line on the screen, the input goes on.
F_BUFIN_LF:     PUSH HL
                PUSH BC
                LD HL,M_CRLF
                CALL PRINTZ
                POP BC
                POP HL
                JP F_BUFIN_KEY
; TKEY: the next key, then its next occurrence in the template after TPOS:
; A = its place, NC; CY when none (or outside the MSX-DOS environment).
; Preserves BC, DE, HL.
TKEY:           PUSH HL
                PUSH BC
                PUSH DE
                CALL B_CHGET
                LD C,A
                LD A,(DOSMODE)
                OR A
                JR Z,TKEY_NO
                LD A,(TLEN)
                LD E,A
                LD A,(TPOS)
                LD B,A
TKEY_L:         INC B
                LD A,B
                CP E
                JR NC,TKEY_NO
                PUSH DE
                LD E,B
                LD D,0
                LD HL,TEMPL
                ADD HL,DE
                POP DE
                LD A,(HL)
                CP C
                JR NZ,TKEY_L
                LD A,B
                POP DE
                POP BC
                POP HL
                OR A
                RET
TKEY_NO:        POP DE
                POP BC
                POP HL
                SCF
                RET
; TSAVE: in the MSX-DOS environment, the B characters at BNCBUF+1 become the
; template. Preserves BC, HL.
TSAVE:          LD A,(DOSMODE)
                OR A
                RET Z
                LD A,B
                LD (TLEN),A
                OR A
                RET Z
                PUSH HL
                PUSH BC
                LD C,B
                LD B,0
                LD HL,BNCBUF+1
                LD DE,TEMPL
                LDIR
                POP BC
                POP HL
                RET
; BUF_RUB: BS, blank, BS on the screen. Preserves BC, DE, HL.
BUF_RUB:        PUSH HL
                LD HL,BSSEQ
F_BUFIN_BSLP:   LD A,(HL)
                OR A
                JR Z,F_BUFIN_BSEND
                CALL B_CHPUT
                INC HL
                JR F_BUFIN_BSLP
F_BUFIN_BSEND:  POP HL
                RET
; BUF_PUT: A = character, stored at HL and echoed unless the line is full
; (then CY).
BUF_PUT:        LD C,A
                LD A,(RECS)
                CP B
                SCF
                RET Z
                LD (HL),C
                INC HL
                INC B
                LD A,C
                CALL B_CHPUT
                OR A
                RET
; TCHAR: A = the next character of the template, NC; CY at its end or
; outside the MSX-DOS environment. Preserves BC, DE, HL.
TCHAR:          LD A,(DOSMODE)
                OR A
                SCF
                RET Z
                PUSH HL
                LD A,(TLEN)
                LD L,A
                LD A,(TPOS)
                CP L
                CCF
                JR C,TCHAR_E
                LD L,A
                INC A
                LD (TPOS),A
                LD H,0
                PUSH DE
                LD DE,TEMPL
                ADD HL,DE
                POP DE
                LD A,(HL)
                OR A
TCHAR_E:        POP HL
                RET
F_BUFIN_END:    CALL TSAVE              ; the line becomes the template
F_BUFIN_E2:     LD A,0Dh
                CALL B_CHPUT
                LD A,B
                LD (BNCBUF),A
                LD C,B
                LD B,0
                INC BC                  ; the count byte too
                LD HL,(FPTR)
                INC HL
                EX DE,HL
                LD HL,BNCBUF
                CALL UMOVE
                JP RET0
BSSEQ:          DB 08h,' ',08h,0

; ---- drives and transfer address -----------------------------------------------------
F_DSKRST:       CALL FLUSH
                CALL FORGET
                XOR A
                LD (CURDRV),A
                LD HL,0080h
                LD (DMAADR),HL
                JP RET0
F_SELDSK:       LD A,(NDRV)
                LD B,A
                LD A,E
                CP B
                JR NC,F_SELDSK_N
                LD (CURDRV),A
F_SELDSK_N:     LD A,B                  ; A = number of drives
                JP RETA
F_LOGIN:        LD A,(NDRV)             ; HL = one bit per drive
                LD HL,1
                DEC A
                JR Z,F_LOGIN_1
                LD L,3
F_LOGIN_1:      JP RETHL
F_CURDRV:       LD A,(CURDRV)
                JP RETA
F_SETDTA:       LD (DMAADR),DE
                JP RET0
F_VERIFY:       JP RET0

; RDABS / WRABS: DE = first sector, H = count, L = drive (0 = A:), DMA.
F_RDABS:        XOR A
                JR F_ABS
F_WRABS:        LD A,1
F_ABS:          LD (FWRITE),A
                PUSH DE
                PUSH HL
                CALL FLUSH
                POP HL
                PUSH HL
                LD A,L
                CALL LOGIN              ; for the media byte
                POP HL
                POP DE
                JR C,F_ABS_ERR
                LD B,H
                LD A,(DPB_MEDIA)
                LD C,A
                LD A,(FWRITE)
                RRA                     ; CY = write
                LD A,L
                LD HL,(DMAADR)
                CALL DSKIO_IN
                JR C,F_ABS_ERR
                LD A,(FWRITE)
                OR A
                CALL NZ,FORGET          ; written: FAT and directory may differ now
                JP RET0
F_ABS_ERR:      CALL FORGET
                JP RETFF

; ---- date and time (RP5C01 block 0) -------------------------------------------------
; RTCSEL: block 0, timer running. RTCRD: A = register -> A = nibble.
RTCSEL:
                LD A,13
                OUT (RTC_ADDR),A
                LD A,08h
                OUT (RTC_DATA),A
                RET
RTCRD:
                OUT (RTC_ADDR),A
                IN A,(RTC_DATA)
                AND 0Fh
                RET
; RTCBCD: A = register of the units -> A = units + 10 * tens (next register).
RTCBCD:
                PUSH BC
                LD C,A
                CALL RTCRD
                LD B,A
                LD A,C
                INC A
                CALL RTCRD
                LD C,A                  ; tens * 10
                ADD A,A
                ADD A,A
                ADD A,C
                ADD A,A
                ADD A,B
                POP BC
                RET
; RTCPUT: A = register of the units, B = value 0-99: two nibbles.
RTCPUT:
                PUSH DE
                LD D,A
                LD E,0
                LD A,B
RTCPUT_DIV:     CP 10
                JR C,RTCPUT_W
                SUB 10
                INC E
                JR RTCPUT_DIV
RTCPUT_W:       LD B,A
                LD A,D
                OUT (RTC_ADDR),A
                LD A,B
                OUT (RTC_DATA),A
                LD A,D
                INC A
                OUT (RTC_ADDR),A
                LD A,E
                OUT (RTC_DATA),A
                POP DE
                RET

; GTIME: H = hours, L = minutes, D = seconds, E = 0 (hundredths).
; Read twice until the seconds agree, so a carry between registers is not seen.
F_GTIME:        CALL RTCSEL
F_GTIME_AGAIN:  XOR A
                CALL RTCBCD
                LD D,A
                LD A,2
                CALL RTCBCD
                LD L,A
                LD A,4
                CALL RTCBCD
                LD H,A
                XOR A
                CALL RTCBCD
                CP D
                JR NZ,F_GTIME_AGAIN
                LD E,0
                XOR A
                RET
; GDATE: HL = year, D = month, E = day, A = day of the week (0 = Sunday).
F_GDATE:        CALL RTCSEL
                LD A,11
                CALL RTCBCD
                LD L,A
                LD H,0
                LD BC,1980
                ADD HL,BC
                LD A,9
                CALL RTCBCD
                LD D,A
                LD A,7
                CALL RTCBCD
                LD E,A
                LD A,6
                CALL RTCRD
                RET
; SDATE: HL = year (1980-2079), D = month, E = day. A = 0, or 0FFh invalid.
F_SDATE:        LD BC,1980
                OR A
                SBC HL,BC
                JP C,RETFF
                LD A,H
                OR A
                JP NZ,RETFF
                LD A,L
                CP 100
                JP NC,RETFF
                LD A,D
                DEC A
                CP 12
                JP NC,RETFF
                LD A,E                  ; the day: 1 to the month's length,
                OR A                    ; 29 February in a leap year (every
                JP Z,RETFF              ; fourth from 1980: 2000 is one)
                PUSH HL
                LD C,D
                LD B,0
                LD HL,SD_MDAYS-1
                ADD HL,BC
                LD A,(HL)
                POP HL
                CP E
                JR NC,SD_OK
                LD A,D
                CP 2
                JP NZ,RETFF
                LD A,E
                CP 29
                JP NZ,RETFF
                LD A,L
                AND 3
                JP NZ,RETFF
SD_OK:          CALL RTCSEL
                LD B,L
                LD A,11
                CALL RTCPUT
                LD B,D
                LD A,9
                CALL RTCPUT
                LD B,E
                LD A,7
                CALL RTCPUT
                CALL DOWEEK
                LD B,A
                LD A,6
                OUT (RTC_ADDR),A
                LD A,B
                OUT (RTC_DATA),A
                JP RET0
SD_MDAYS:       DB 31,28,31,30,31,30,31,31,30,31,30,31
; STIME: H = hours, L = minutes, D = seconds, E = hundredths. A = 0 / 0FFh.
F_STIME:        LD A,H
                CP 24
                JP NC,RETFF
                LD A,L
                CP 60
                JP NC,RETFF
                LD A,D
                CP 60
                JP NC,RETFF
                LD A,E
                CP 100
                JP NC,RETFF
                CALL RTCSEL
                LD B,D
                XOR A
                CALL RTCPUT
                LD B,L
                LD A,2
                CALL RTCPUT
                LD B,H
                LD A,4
                CALL RTCPUT
                JP RET0

; DOWEEK: day of the week (0 = Sunday) of L = year - 1980, D = month, E = day.
; Days since 1 Jan 1980 (a Tuesday) modulo 7.
DOWEEK:
                PUSH HL
                PUSH DE
                PUSH BC
                LD (TMP32),HL           ; TMP32 = year - 1980
                LD (TMP32+2),DE         ; TMP32+2 = day, TMP32+3 = month
                LD B,L
                INC B
                LD HL,0
                LD DE,365
                JR DOWEEK_YE
DOWEEK_Y:       ADD HL,DE               ; 365 per year before
DOWEEK_YE:      DJNZ DOWEEK_Y
                LD A,(TMP32)            ; + a leap day per leap year before
                ADD A,3
                SRL A
                SRL A
                LD E,A
                LD D,0
                ADD HL,DE
                LD A,(TMP32+3)          ; + the months before
                DEC A
                JR Z,DOWEEK_MD
                LD B,A
                LD DE,MONTHDAYS
DOWEEK_M:       LD A,(DE)
                ADD A,L
                LD L,A
                LD A,H
                ADC A,0
                LD H,A
                INC DE
                DJNZ DOWEEK_M
DOWEEK_MD:      LD A,(TMP32+2)          ; + day - 1
                DEC A
                LD E,A
                LD D,0
                ADD HL,DE
                LD A,(TMP32)            ; this year's leap day, when past February
                AND 3
                JR NZ,DOWEEK_NL
                LD A,(TMP32+3)
                CP 3
                JR C,DOWEEK_NL
                INC HL
DOWEEK_NL:      INC HL                  ; 1 Jan 1980 was a Tuesday (2)
                INC HL
                LD DE,7
DOWEEK_MOD:     OR A
                SBC HL,DE
                JR NC,DOWEEK_MOD
                ADD HL,DE
                LD A,L
                POP BC
                POP DE
                POP HL
                RET
MONTHDAYS:      DB 31,28,31,30,31,30,31,31,30,31,30,31
