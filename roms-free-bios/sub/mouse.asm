; NEWPAD (01ADh): the mouse in joystick port 1 or 2 (the main ROM's GTPAD
; hands every A >= 8 here, as the MSX2 BIOS does).
;
;   A = 12 / 16  read the mouse in port 1 / 2: XSAVE and YSAVE get the
;                movement since the last read (signed bytes, positive to the
;                right and down); A = FFh (a mouse is always assumed)
;   A = 13 / 17  A = XSAVE
;   A = 14 / 18  A = YSAVE
;   A = 15 / 19  A = 0 (reserved)
;   A = 8-11     light pen: none here, A = 0
;
; The protocol (docs/machine.md "The mouse"): each flip of pin 8 (R#15 bit 4
; for port 1, bit 5 for port 2) puts the next four bits on pins 1-4 (R#14
; bits 0-3): X bits 7-4, X bits 3-0, Y bits 7-4, Y bits 3-0. The mouse
; counts positive to the left and up, so the values are negated. A second
; round of four flips follows, as the MSX2 BIOS does (it reads the trackball
; from it), so the mouse ends at rest with pin 8 low. Trackballs are not told
; apart here: everything is read as a mouse. Buttons: GTTRIG 1/3 (2/4).
; Changes AF, BC, DE, HL.

NP_SETTLE:      EQU 16                  ; DJNZ turns the mouse gets per nibble

NEWPAD:
                CP 12
                JR C,NP_NONE            ; 8-11: no light pen
                CP 20
                JR NC,NP_NONE
                SUB 12
                LD C,A                  ; bit 2 = port 2, bits 0-1 = function
                AND 3
                JR Z,NP_FETCH
                CP 3
                JR Z,NP_NONE            ; 15 / 19
                DEC A
                LD A,(XSAVE)
                RET Z                   ; 13 / 17
                LD A,(YSAVE)            ; 14 / 18
                RET
NP_NONE:        XOR A
                RET

; C bit 2 = port 2. B = R#15 at rest (this port selected, its pin 8 low),
; E = this port's pin 8.
NP_FETCH:       LD DE,0010h             ; port 1: select bit clear, pin 8 = bit 4
                BIT 2,C
                JR Z,NP_PORT
                LD DE,4020h             ; port 2: select bit 6, pin 8 = bit 5
NP_PORT:        DI
                LD A,15
                OUT (PSG_ADDR),A
                IN A,(PSG_READ)
                AND 0BFh                ; keep the other port's pins and the LED
                OR D
                LD D,A
                LD A,E
                CPL
                AND D
                LD B,A                  ; pin 8 low
                CALL NP_STROBE          ; start from rest
                CALL NP_BYTE
                LD (XSAVE),A
                CALL NP_BYTE
                LD (YSAVE),A
                CALL NP_BYTE            ; the second round: nothing kept
                CALL NP_BYTE
                XOR A
                LD (XSAVE+1),A
                LD (YSAVE+1),A
                DEC A                   ; FFh: read
                EI
                RET

; NP_BYTE: pin 8 high then low -> A = the negated byte of the two nibbles.
; B, E as above; changes AF, H.
NP_BYTE:        LD A,B
                OR E
                CALL NP_STROBE          ; bits 7-4
                RLCA
                RLCA
                RLCA
                RLCA
                LD H,A
                LD A,B
                CALL NP_STROBE          ; bits 3-0
                OR H
                NEG
                RET

; NP_STROBE: A = new R#15 -> written; after a pause, A = R#14 bits 0-3.
NP_STROBE:      PUSH BC
                LD C,A
                LD A,15
                OUT (PSG_ADDR),A
                LD A,C
                OUT (PSG_WRITE),A
                LD B,NP_SETTLE
NP_WAIT:        DJNZ NP_WAIT
                LD A,14
                OUT (PSG_ADDR),A
                IN A,(PSG_READ)
                AND 0Fh
                POP BC
                RET
