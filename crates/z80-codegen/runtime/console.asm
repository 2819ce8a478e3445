; Console output and input through the BIOS (CHPUT, CHGET, CHSNS, POSIT). The `bios`
; macro is defined per target: a direct call on a boot disk or a cartridge (the BIOS is
; in page 0), an inter-slot call through CALSLT under MSX-DOS.

;@var rt_numbuf 8

; Prints the character in A. Keeps BC, DE, HL.
rt_chput:
        push hl
        push de
        push bc
        bios CHPUT
        pop bc
        pop de
        pop hl
        ret

;@var rt_outvec 2
; The console's output routine when not CHPUT (0): rt_conoutvia once a program uses
; TP3's ConOutPtr.
;@var rt_convec 2

; Sends A to the current output: the console, or (while Write/Writeln to a text file
; runs) the routine in rt_outvec. Keeps BC, DE, HL.
rt_emit:
        push hl
        ld hl,(rt_outvec)
        inc h
        dec h
        jr z,.con
        ex (sp),hl
        ret
.con:   ld hl,(rt_convec)
        inc h
        dec h
        jr z,.chput
        ex (sp),hl
        ret
.chput: pop hl
        jp rt_chput

; TP3's I/O vectors (ConOutPtr, ConInPtr, ConStPtr, LstOutPtr, AuxOutPtr, AuxInPtr,
; UsrOutPtr, UsrInPtr, ErrorPtr): each holds the address of a driver, called as TP3 calls
; one: a character argument pushed as a word and removed by the driver, a result in HL
; (L for a character or a boolean, H = 0).
;@var rt_conoutptr 2
;@var rt_coninptr 2
;@var rt_constptr 2
;@var rt_lstoutptr 2
;@var rt_auxoutptr 2
;@var rt_auxinptr 2
;@var rt_usroutptr 2
;@var rt_usrinptr 2
;@var rt_errorptr 2

; Start of a program that names an I/O vector: the standard drivers in the vectors, and
; the console's output and input, and the printer's and the serial port's output, sent
; through them.
rt_iovinit:
        ld hl,rt_drvconout
        ld (rt_conoutptr),hl
        ld (rt_usroutptr),hl
        ld hl,rt_drvconin
        ld (rt_coninptr),hl
        ld (rt_usrinptr),hl
        ld hl,rt_drvconst
        ld (rt_constptr),hl
        ld hl,rt_drvlstout
        ld (rt_lstoutptr),hl
        ld hl,rt_drvauxout
        ld (rt_auxoutptr),hl
        ld hl,rt_drvauxin
        ld (rt_auxinptr),hl
        ld hl,rt_halt
        ld (rt_errorptr),hl
        ld hl,rt_conoutvia
        ld (rt_convec),hl
        ld hl,rt_coninvia
        ld (rt_conivec),hl
        ld hl,rt_constvia
        ld (rt_cstvec),hl
        ld hl,rt_lstoutvia
        ld (rt_lstvec),hl
        ld hl,rt_auxoutvia
        ld (rt_auxvec),hl
        ret

; A key through the driver in ConInPtr, and the status through ConStPtr (A = its L).
; Keep BC, DE, HL.
rt_coninvia:
        push hl
        ld hl,(rt_coninptr)
        jr rt_invia
rt_constvia:
        push hl
        ld hl,(rt_constptr)
        jr rt_invia
; Calls the driver at HL (the caller's HL pushed); A = the L it answers.
rt_invia:
        push de
        push bc
        call .go
        ld a,l
        pop bc
        pop de
        pop hl
        ret
.go:    jp (hl)

; A to the printer or the serial port through LstOutPtr or AuxOutPtr. Keep BC, DE, HL.
rt_lstoutvia:
        push hl
        ld hl,(rt_lstoutptr)
        jr rt_outvia
rt_auxoutvia:
        push hl
        ld hl,(rt_auxoutptr)
        jr rt_outvia

; A to the console through the driver in ConOutPtr. Keeps BC, DE, HL.
rt_conoutvia:
        push hl
        ld hl,(rt_conoutptr)
        jr rt_outvia
; Calls the output driver at HL with A on the stack (the caller's HL pushed).
rt_outvia:
        push de
        push bc
        ld e,a
        ld d,0
        push de
        call .go
        pop bc
        pop de
        pop hl
        ret
.go:    jp (hl)

; The standard drivers. Output: the character is taken off the stack, then sent.
rt_drvconout:
        pop hl
        ex (sp),hl
        ld a,l
        jp rt_chput
rt_drvlstout:
        pop hl
        ex (sp),hl
        ld a,l
        jp rt_lstout
rt_drvauxout:
        pop hl
        ex (sp),hl
        ld a,l
        jp rt_auxout
; Input: a key (the console's keyboard; the MSX has no reader, so AuxIn gives ^Z, the
; end of input), and the console status (KeyPressed).
rt_drvconin:
        call rt_chget
        ld l,a
        ld h,0
        ret
rt_drvauxin:
        ld hl,1Ah
        ret
rt_drvconst:
        call rt_chsns
        ld l,a
        ld h,0
        ret

; Prints CR LF.
rt_wln:
        ld a,13
        call rt_emit
        ld a,10
        jp rt_emit

; Prints DE - L spaces (L = the length of what follows), if positive.
rt_pad:
        ld h,0
        ex de,hl
        or a
        sbc hl,de
        ret c
        ret z
        bit 7,h
        ret nz
        ld b,l
        ld a,h
        or a
        jr z,.loop
        ld b,255
.loop:  ld a,' '
        call rt_emit
        djnz .loop
        ret

; Write(s:width): HL = string (length byte first), DE = width (0: none).
rt_wstr:
        push hl
        ld l,(hl)
        call rt_pad
        pop hl
        ld b,(hl)
        inc b
        dec b
        ret z
.loop:  inc hl
        ld a,(hl)
        call rt_emit
        djnz .loop
        ret

; Write(c:width): A = character, DE = width.
rt_wchr:
        push af
        ld l,1
        call rt_pad
        pop af
        jp rt_emit

; Write(b:width): A = boolean (0 or 1), DE = width.
rt_wbool:
        ld hl,.false
        or a
        jr z,rt_wstr
        ld hl,.true
        jr rt_wstr
.true:  db 4,"TRUE"
.false: db 5,"FALSE"

; Write(i:width): HL = integer, DE = width.
rt_wint:
        push de
        ld de,rt_numbuf
        call rt_itoa
        pop de
        ld hl,rt_numbuf
        jr rt_wstr

; Converts the integer in HL to decimal text at DE (a string: length byte first,
; at most 6 characters: "-32768"). Uses A, BC, DE, HL.
rt_itoa:
        push de                 ; the string (its length byte)
        inc de
        bit 7,h
        jr z,.pos
        ld a,'-'
        ld (de),a
        inc de
        xor a
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
.pos:   push de                 ; the first digit
        ld bc,-10000
        call .digit
        ld bc,-1000
        call .digit
        ld bc,-100
        call .digit
        ld bc,-10
        call .digit
        ld a,l
        add a,'0'
        ld (de),a
        inc de                  ; DE = the end
        pop hl
        push hl
        push de
        ld b,4                  ; leading zeros: at most 4 of the 5 digits
.skip:  ld a,(hl)
        cp '0'
        jr nz,.found
        inc hl
        djnz .skip
.found: pop de
        ex de,hl
        or a
        sbc hl,de               ; HL = significant digits
        ld b,h
        ld c,l
        ex de,hl
        pop de                  ; back to the first digit position
        ldir                    ; moves down, so a forward copy is safe
        pop hl                  ; the length byte
        ex de,hl
        or a
        sbc hl,de
        dec hl
        ld a,l
        ld (de),a
        ret
; One decimal digit: how many times -BC fits in HL; the digit goes to (DE).
.digit: ld a,'0'-1
.sub:   inc a
        add hl,bc
        jr c,.sub
        sbc hl,bc               ; carry is clear: this undoes the last addition
        ld (de),a
        inc de
        ret

; A key that Eof or Eoln of the console looked at, still to be read (0: none).
;@var rt_conla 1

; The console's key routine when not CHGET (0): rt_coninvia once a program uses TP3's
; ConInPtr.
;@var rt_conivec 2

; Read(kbd, c): A = a key, without echo (CHGET); a key Eof/Eoln looked at comes first.
; Keeps BC, DE, HL.
rt_readkey:
        ld a,(rt_conla)
        or a
        jr z,.get
        push af
        xor a
        ld (rt_conla),a
        pop af
        ret
.get:   push hl
        ld hl,(rt_conivec)
        inc h
        dec h
        jr z,.chget
        ex (sp),hl
        ret
.chget: pop hl
        jp rt_chget

; A = a key from CHGET. Keeps BC, DE, HL.
rt_chget:
        push hl
        push de
        push bc
        bios CHGET
        pop bc
        pop de
        pop hl
        ret

; Eoln of the console (Input): A = 1 when the next key is Enter. It waits for a key and
; keeps it for the next Read, as TP3's Eoln waits for input.
rt_coneoln:
        call rt_conpeek
        sub 13
        ld a,1
        ret z
        xor a
        ret

; Eof of the console: A = 1 when the next key is Ctrl-Z (1Ah), TP3's end of input.
rt_coneof:
        call rt_conpeek
        sub 1Ah
        ld a,1
        ret z
        xor a
        ret

; A = the next key, left to be read.
rt_conpeek:
        ld a,(rt_conla)
        or a
        ret nz
        call rt_readkey
        ld (rt_conla),a
        ret

; The console status routine when not CHSNS (0): rt_constvia once a program uses TP3's
; ConStPtr.
;@var rt_cstvec 2

; KeyPressed: A = 1 if a key is waiting (one Eof/Eoln looked at, or CHSNS), else 0.
rt_keypressed:
        ld a,(rt_conla)
        or a
        ld a,1
        ret nz
        push hl
        ld hl,(rt_cstvec)
        inc h
        dec h
        jr z,.sns
        ex (sp),hl
        ret
.sns:   pop hl
        jp rt_chsns

; A = 1 if CHSNS says a key is waiting, else 0.
rt_chsns:
        bios CHSNS
        ld a,0
        ret z
        inc a
        ret

; ClrScr: form feed clears the screen and homes the cursor.
rt_clrscr:
        ld a,12
        jp rt_chput

; GotoXY(x, y): HL = row, DE = column, from 1 (POSIT takes H = column, L = row).
rt_gotoxy:
        ld h,e
        bios POSIT
        ret

; ClrEol: ESC K erases to the end of the line.
rt_clreol:
        ld a,27
        call rt_chput
        ld a,'K'
        jp rt_chput

; InsLine (TP3 manual, "Screen related procedures"): the lines from the cursor's down
; move one down, the bottom one is lost, the cursor's line becomes empty. The MSX console
; does exactly that on ESC L (and DelLine's opposite on ESC M).
rt_insline:
        ld a,'L'
        jp rt_escape

; DelLine: the cursor's line goes, the lines below move up, an empty line comes in at
; the bottom.
rt_delline:
        ld a,'M'
        jp rt_escape

; ESC then the letter in A, through CHPUT (linked routines are placed apart: no falling
; through from one into the next).
rt_escape:
        push af
        ld a,27
        call rt_chput
        pop af
        jp rt_chput

; Readln into a string: HL = string, C = its maximum length. Echoes, handles
; backspace, ends at Enter (not stored) and prints CR LF.
rt_readstr:
        ld (hl),0
        ld d,h
        ld e,l
        inc hl
.key:   call rt_readkey
        cp 13
        jr z,.done
        cp 8
        jr z,.back
        cp ' '
        jr c,.key
        ld b,a
        ld a,(de)
        cp c
        jr nc,.key              ; full
        inc a
        ld (de),a
        ld a,b
        ld (hl),a
        inc hl
        call rt_chput
        jr .key
.back:  ld a,(de)
        or a
        jr z,.key
        dec a
        ld (de),a
        dec hl
        ld a,8
        call rt_chput
        ld a,' '
        call rt_chput
        ld a,8
        call rt_chput
        jr .key
.done:  jp rt_wln

;@var rt_linebuf 128

; Read(i) / Readln(i): reads a line and converts it; HL = the integer variable.
rt_readint:
        push hl
        ld hl,rt_linebuf
        ld c,126
        call rt_readstr
        pop de
        ld hl,rt_linebuf
        ld bc,rt_linebuf+126    ; the error position is not wanted (2 bytes)
        jp rt_val

; Readln with nothing to read: waits for Enter.
rt_readln:
        call rt_readkey
        cp 13
        jr nz,rt_readln
        jp rt_wln

; Read(c) from the console: one key, echoed.
rt_readchr:
        call rt_readkey
        push af
        call rt_chput
        pop af
        ret
