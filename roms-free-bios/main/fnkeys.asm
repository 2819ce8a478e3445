; ---- INIFNK (003Eh): the function keys' texts as MSX-BASIC has them --------
; FNKSTR (F87Fh) gets 10 texts of 16 bytes, each ended and padded with 0s:
; the MSX2's defaults (MSX2 Technical Handbook, chapter 2, KEY; the same on
; every MSX: color, auto, goto, list, run, color 15,4,4, cload", cont,
; list. with two cursor-ups, CLS and run). A compiled program sees them as a
; program on an MSX does, BASIC's start-up sets them through here.
INIFNK_I:
                LD HL,FNK_DEFAULTS
                LD DE,FNKSTR
                LD C,10
INIFNK_KEY:     LD B,16
INIFNK_CH:      LD A,(HL)
                LD (DE),A
                INC DE
                OR A
                JR Z,INIFNK_PAD
                INC HL
                DJNZ INIFNK_CH
INIFNK_PAD:     DEC B                   ; the rest of the 16 bytes: 0
                JR Z,INIFNK_NEXT
                XOR A
INIFNK_ZERO:    LD (DE),A
                INC DE
                DJNZ INIFNK_ZERO
INIFNK_NEXT:    INC HL                  ; past the text's 0
                DEC C
                JR NZ,INIFNK_KEY
                RET

FNK_DEFAULTS:   DB "color ",0
                DB "auto ",0
                DB "goto ",0
                DB "list ",0
                DB "run",0Dh,0
                DB "color 15,4,4",0Dh,0
                DB "cload",22h,0
                DB "cont",0Dh,0
                DB "list.",0Dh,1Eh,1Eh,0
                DB 0Ch,"run",0Dh,0
