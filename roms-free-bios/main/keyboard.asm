; Keyboard: matrix scan, key codes, key buffer, auto-repeat, SNSMAT, BREAKX,
; CHSNS, CHGET, KILBUF.
;
; The matrix layout and the codes are the international keyboard of the MSX2
; Technical Handbook (figure 5.17B; msx-hardware.md section 5.2) and appendix 8
; (codes). Auto-repeat follows the Red Book: any change of the matrix restarts
; the initial delay; while the key buffer is empty the delay counts down, and
; at zero the previous matrix is forgotten so that held keys enter again.

REPDELAY:       EQU 13          ; scans before the first repeat (13 x 3 frames)
REPFAST:        EQU 1           ; scans between repeats

; ---- KEYSCAN: called from the interrupt handler every third VBlank ----------
KEYSCAN:
                IN A,(PPI_C)
                AND 0F0h
                LD C,A
                LD B,11
                LD HL,NEWKEY
KEYSCAN_READ:   LD A,C
                OUT (PPI_C),A
                IN A,(PPI_B)
                LD (HL),A
                INC HL
                INC C
                DJNZ KEYSCAN_READ
                CALL TRIGSAMPLE
                LD HL,NEWKEY
                LD DE,OLDKEY
                LD B,11
KEYSCAN_CMP:    LD A,(DE)
                CP (HL)
                JR NZ,KEYSCAN_CHANGED
                INC HL
                INC DE
                DJNZ KEYSCAN_CMP
                CALL CHSNS_I
                JR NZ,KEYSCAN_CONV      ; the program has not read the last key yet
                LD HL,REPCNT
                DEC (HL)
                JR NZ,KEYSCAN_CONV
                LD (HL),REPFAST
                LD HL,OLDKEY            ; forget: every held key is "new" again
                LD B,11
KEYSCAN_FORGET: LD (HL),0FFh
                INC HL
                DJNZ KEYSCAN_FORGET
                JR KEYSCAN_CONV
KEYSCAN_CHANGED:
                LD A,REPDELAY
                LD (REPCNT),A
KEYSCAN_CONV:
                LD HL,NEWKEY
                LD DE,OLDKEY
                LD C,0                  ; row
KEYSCAN_ROW:    LD A,(HL)
                CPL
                LD B,A
                LD A,(DE)
                AND B                   ; bits that went from released to pressed
                LD B,A
                LD A,(HL)
                LD (DE),A
                LD A,B
                OR A
                CALL NZ,KEYROW
                INC HL
                INC DE
                INC C
                LD A,C
                CP 11
                JR NZ,KEYSCAN_ROW
                RET

; KEYROW: A = newly pressed bits of row C. Preserves C, DE, HL.
KEYROW:
                PUSH HL
                PUSH DE
                LD E,A
                LD B,0                  ; bit number
KEYROW_LOOP:    SRL E
                JR NC,KEYROW_NEXT
                PUSH BC
                PUSH DE
                CALL KEYPRESS
                POP DE
                POP BC
KEYROW_NEXT:    INC B
                LD A,E
                OR A
                JR NZ,KEYROW_LOOP
                POP DE
                POP HL
                RET

; KEYPRESS: C = row, B = bit of a key that was just pressed.
KEYPRESS:
                LD A,C
                CP 6
                JR Z,KEYPRESS_ROW6
                CP 7
                JR NZ,KEYPRESS_TABLE
                LD A,B                  ; row 7: F4, F5, STOP are special
                CP 2
                JR C,KEYPRESS_FNK45
                CP 4
                JP Z,KEYPRESS_STOP
KEYPRESS_TABLE:
                LD A,(NEWKEY+6)
                LD D,A                  ; D = modifier row (0 = pressed)
                AND 014h                ; GRAPH (bit 2) or CODE (bit 4) held
                CP 014h                 ; on a key of rows 0-5: their tables
                JR Z,KEYPRESS_PLAIN
                LD E,A
                LD A,C
                CP 6
                JP C,KEYPRESS_GC
KEYPRESS_PLAIN: LD A,C                  ; index = row * 8 + bit
                ADD A,A
                ADD A,A
                ADD A,A
                ADD A,B
                LD C,A
                LD B,0
                LD HL,KEYTAB_NORMAL
                BIT 0,D
                JR NZ,KEYPRESS_NOSHIFT
                LD HL,KEYTAB_SHIFT
KEYPRESS_NOSHIFT:
                ADD HL,BC
                LD A,(HL)
                OR A
                RET Z
                BIT 1,D
                JR NZ,KEYPRESS_NOCTRL
                CP 040h                 ; CTRL + @, letters, [ \ ] ^ _
                JR C,KEYPRESS_NOCTRL
                AND 01Fh
                JP PUTKEY
KEYPRESS_NOCTRL:
                LD C,A
                LD A,(CAPST)
                OR A
                LD A,C
                JP Z,PUTKEY
                AND 0DFh                ; CAPS lock swaps the case of letters
                CP 'A'
                LD A,C
                JP C,PUTKEY
                AND 0DFh
                CP 'Z'+1
                LD A,C
                JP NC,PUTKEY
                XOR 020h
                JP PUTKEY

KEYPRESS_ROW6:
                LD A,B
                CP 3
                JR Z,KEYPRESS_CAPS
                SUB 5                   ; F1, F2, F3 are bits 5-7
                RET C
                JR KEYPRESS_FNK
KEYPRESS_FNK45: ADD A,3                 ; F4, F5 are row 7 bits 0-1
KEYPRESS_FNK:
                LD C,A                  ; C = 0..4
                LD A,(NEWKEY+6)
                RRCA
                LD A,C
                JR C,KEYPRESS_FNKN
                ADD A,5                 ; SHIFT: F6-F10
; Function key n (0-9): as the MSX BIOS decoder does (MSX Red Book, 0EC5H
; and 0EF1H), when FNKFLG+n is set (BASIC's KEY(n) ON) and CURLIN is not
; FFFFh (a program runs), the key's text is not typed: its trap in TRPTBL
; (3 bytes a key from TRPTBL) is raised instead, when it is on (bit 0) and
; not raised yet (bit 2 set then), and ONGSBF counts it unless the trap is
; stopped (bit 1). Otherwise the FNKSTR text goes to the key buffer.
KEYPRESS_FNKN:  LD C,A
                LD B,0
                LD HL,FNKFLG
                ADD HL,BC
                LD A,(HL)
                OR A
                JR Z,KEYPRESS_FNKT
                LD HL,(CURLIN)
                INC HL
                LD A,H
                OR L
                JR Z,KEYPRESS_FNKT
                JP TR_RAISE             ; main/traps.asm
KEYPRESS_FNKT:  LD A,C
                ADD A,A                 ; FNKSTR + 16 * n
                ADD A,A
                ADD A,A
                ADD A,A
                LD C,A
                LD B,0
                LD HL,FNKSTR
                ADD HL,BC
                LD B,16
KEYPRESS_FNKS:  LD A,(HL)
                OR A
                RET Z
                PUSH HL
                PUSH BC
                CALL PUTKEY
                POP BC
                POP HL
                INC HL
                DJNZ KEYPRESS_FNKS
                RET

KEYPRESS_CAPS:
                LD A,(CAPST)
                CPL
                LD (CAPST),A
                JP CHGCAP_I

KEYPRESS_STOP:
                LD A,(NEWKEY+6)
                BIT 1,A
                LD A,4                  ; STOP alone: only flagged
                JR NZ,KEYPRESS_STOPF
                LD A,3                  ; CTRL+STOP: flagged and queued
                LD (INTFLG),A
                JP PUTKEY
KEYPRESS_STOPF: LD (INTFLG),A
                RET

; ---- PUTKEY: A = code into KEYBUF (dropped when full); key click --------------
; Destroys AF, HL, BC.
PUTKEY:
                LD HL,(PUTPNT)
                LD (HL),A
                INC HL
                LD A,L
                CP KEYBUF_END & 0FFh
                JR NZ,PUTKEY_NOWRAP
                LD HL,KEYBUF
PUTKEY_NOWRAP:  LD BC,(GETPNT)
                LD A,L
                CP C
                JR NZ,PUTKEY_STORE
                LD A,H
                CP B
                RET Z                   ; full: the key is lost
PUTKEY_STORE:   LD (PUTPNT),HL
                LD A,(CLIKSW)
                OR A
                RET Z
                LD A,0Fh                ; click: pulse PPI C bit 7
                OUT (PPI_CTRL),A
                LD A,0Eh
                OUT (PPI_CTRL),A
                RET

; ---- TRIGSAMPLE: TRGFLG = bit 0 space, bits 4-7 triggers A/B of ports 1/2 ----
; (0 = pressed, as the original).
TRIGSAMPLE:
                LD A,(NEWKEY+8)
                AND 1
                LD C,A
                LD A,15
                OUT (PSG_ADDR),A
                IN A,(PSG_READ)
                AND 0BFh                ; port 1
                OUT (PSG_WRITE),A
                LD A,14
                OUT (PSG_ADDR),A
                IN A,(PSG_READ)
                AND 030h
                OR C
                LD C,A
                LD A,15
                OUT (PSG_ADDR),A
                IN A,(PSG_READ)
                OR 040h                 ; port 2
                OUT (PSG_WRITE),A
                LD A,14
                OUT (PSG_ADDR),A
                IN A,(PSG_READ)
                AND 030h
                RLCA
                RLCA
                OR C
                OR 0Eh
                LD (TRGFLG),A
                RET

; ---- SNSMAT (0141h): A = row -> A = row bits (0 = pressed). Changes AF, C. ---
SNSMAT_I:
                LD C,A
                DI
                IN A,(PPI_C)
                AND 0F0h
                OR C
                OUT (PPI_C),A
                IN A,(PPI_B)
                EI
                RET

; ---- BREAKX (00B7h): carry set if CTRL+STOP is held now. Changes AF. ----------
BREAKX_I:
                PUSH BC
                LD A,7
                CALL SNSMAT_I
                AND 010h
                LD B,A
                LD A,6
                CALL SNSMAT_I
                AND 002h
                OR B
                POP BC
                RET NZ
                SCF
                RET

; ---- CHSNS (009Ch): NZ if a key code waits in KEYBUF. Changes AF. -----------
; While the function-key row is shown, a change of SHIFT redraws it (F1-F5 /
; F6-F10; Red Book 0D6AH).
CHSNS_I:
                PUSH HL
                PUSH DE
                LD A,(CNSDFG)
                OR A
                JR Z,CHSNS_KEYS
                PUSH BC
                CALL FNKSHIFT
                POP BC
CHSNS_KEYS:
                LD HL,(GETPNT)
                LD DE,(PUTPNT)
                LD A,L
                XOR E
                JR NZ,CHSNS_DONE
                LD A,H
                XOR D
CHSNS_DONE:     POP DE
                POP HL
                RET

; ---- KILBUF (0156h): empty the key buffer. Changes HL. -----------------------
KILBUF_I:
                LD HL,(PUTPNT)
                LD (GETPNT),HL
                RET

; ---- CHGET (009Fh): wait for a key, A = code. Changes AF. -------------------
; The cursor is shown while waiting (text modes), and left on afterwards only
; when CSRSW asks for it.
CHGET_I:
                PUSH HL
                PUSH DE
                PUSH BC
                CALL H_CHGE
                CALL CHSNS_I
                JR NZ,CHGET_TAKE
                CALL CURON
CHGET_WAIT:     EI
                HALT
                CALL CHSNS_I
                JR Z,CHGET_WAIT
                LD A,(CSRSW)
                OR A
                CALL Z,CUROFF
CHGET_TAKE:     DI
                LD HL,(GETPNT)
                LD C,(HL)
                INC HL
                LD A,L
                CP KEYBUF_END & 0FFh
                JR NZ,CHGET_NOWRAP
                LD HL,KEYBUF
CHGET_NOWRAP:   LD (GETPNT),HL
                EI
                LD A,C
                POP BC
                POP DE
                POP HL
                RET

; ---- key-code tables, index = row * 8 + bit (rows 0-10); 0 = no code ------
KEYTAB_NORMAL:
                DB '0','1','2','3','4','5','6','7'              ; row 0
                DB '8','9','-','=',05Ch,'[',']',';'             ; row 1
                DB 027h,'`',',','.','/',0,'a','b'               ; row 2
                DB 'c','d','e','f','g','h','i','j'              ; row 3
                DB 'k','l','m','n','o','p','q','r'              ; row 4
                DB 's','t','u','v','w','x','y','z'              ; row 5
                DB 0,0,0,0,0,0,0,0                              ; row 6: modifiers, F1-F3
                DB 0,0,01Bh,009h,0,008h,018h,00Dh               ; row 7: F4 F5 ESC TAB STOP BS SELECT RETURN
                DB 020h,00Bh,012h,07Fh,01Dh,01Eh,01Fh,01Ch      ; row 8: SPACE HOME INS DEL LEFT UP DOWN RIGHT
                DB '*','+','/','0','1','2','3','4'              ; row 9: keypad
                DB '5','6','7','8','9','-',',','.'              ; row 10: keypad
KEYTAB_SHIFT:
                DB ')','!','@','#','$','%','^','&'
                DB '*','(','_','+','|','{','}',':'
                DB 022h,'~','<','>','?',0,'A','B'
                DB 'C','D','E','F','G','H','I','J'
                DB 'K','L','M','N','O','P','Q','R'
                DB 'S','T','U','V','W','X','Y','Z'
                DB 0,0,0,0,0,0,0,0
                DB 0,0,01Bh,009h,0,008h,018h,00Dh
                DB 020h,00Ch,012h,07Fh,01Dh,01Eh,01Fh,01Ch      ; SHIFT+HOME = CLS
                DB '*','+','/','0','1','2','3','4'
                DB '5','6','7','8','9','-',',','.'
; GRAPH or CODE with a key of rows 0-5 (E = row 6 & 14h, D = row 6): the
; international tables (MSX Red Book, key codes by control key). Codes below
; 20h are graphic characters: they go into the buffer as the 01h header and
; code + 40h, as CHPUT prints them. Both GRAPH and CODE held: nothing.
KEYPRESS_GC:
                LD A,E
                OR A
                RET Z
                LD A,C                  ; index = row * 8 + bit
                ADD A,A
                ADD A,A
                ADD A,A
                ADD A,B
                LD C,A
                LD B,0
                LD HL,KEYTAB_GRAPH
                BIT 2,E
                JR Z,KEYPRESS_GC_T
                LD HL,KEYTAB_CODE
KEYPRESS_GC_T:  ADD HL,BC
                BIT 0,D                 ; SHIFT: the table 48 codes on
                JR NZ,KEYPRESS_GC_K
                LD C,48
                ADD HL,BC
KEYPRESS_GC_K:  LD A,(HL)
                OR A
                RET Z
                CP 020h
                JP NC,PUTKEY
                PUSH AF
                LD A,1
                CALL PUTKEY
                POP AF
                ADD A,040h
                JP PUTKEY

; GRAPH and CODE, rows 0-5 (index = row * 8 + bit), each followed by its
; SHIFT table; 0 = no code (also the dead key, as in KEYTAB_NORMAL).
KEYTAB_GRAPH:
                DB 09h,0ACh,0ABh,0BAh,0EFh,0BDh,0F4h,0FBh  ; row 0
                DB 0ECh,07h,17h,0F1h,1Eh,01h,0Dh,06h  ; row 1
                DB 05h,0BBh,0F3h,0F2h,1Dh,00h,0C4h,11h  ; row 2
                DB 0BCh,0C7h,0CDh,14h,15h,13h,0DCh,0C6h  ; row 3
                DB 0DDh,0C8h,0Bh,1Bh,0C2h,0DBh,0CCh,18h  ; row 4
                DB 0D2h,12h,0C0h,1Ah,0CFh,1Ch,19h,0Fh  ; row 5
KEYTAB_SHIFT_GRAPH:
                DB 0Ah,00h,0FDh,0FCh,00h,00h,0F5h,00h  ; row 0
                DB 00h,08h,1Fh,0F0h,16h,02h,0Eh,04h  ; row 1
                DB 03h,0F7h,0AEh,0AFh,0F6h,00h,0FEh,00h  ; row 2
                DB 0FAh,0C1h,0CEh,0D4h,10h,0D6h,0DFh,0CAh  ; row 3
                DB 0DEh,0C9h,0Ch,0D3h,0C3h,0D7h,0CBh,0A9h  ; row 4
                DB 0D1h,00h,0C5h,0D5h,0D0h,0F9h,0AAh,0F8h  ; row 5
KEYTAB_CODE:
                DB 0EBh,9Fh,0D9h,0BFh,9Bh,98h,0E0h,0E1h  ; row 0
                DB 0E7h,87h,0EEh,0E9h,9Ch,0EDh,0DAh,0B7h  ; row 1
                DB 0B9h,0E5h,86h,0A6h,0A7h,00h,84h,97h  ; row 2
                DB 8Dh,8Bh,8Ch,94h,81h,0B1h,0A1h,91h  ; row 3
                DB 0B3h,0B5h,0E6h,0A4h,0A2h,0A3h,83h,93h  ; row 4
                DB 89h,96h,82h,95h,88h,8Ah,0A0h,85h  ; row 5
KEYTAB_SHIFT_CODE:
                DB 0D8h,0ADh,9Eh,0BEh,9Ch,9Dh,00h,00h  ; row 0
                DB 0E2h,80h,00h,00h,00h,0E8h,0EAh,0B6h  ; row 1
                DB 0B8h,0E4h,8Fh,00h,0A8h,00h,8Eh,00h  ; row 2
                DB 00h,00h,00h,99h,9Ah,0B0h,00h,92h  ; row 3
                DB 0B2h,0B4h,00h,0A5h,00h,0E3h,00h,00h  ; row 4
                DB 00h,00h,90h,00h,00h,00h,00h,00h  ; row 5
