; The free MSX2 main ROM (32 KB, slot 0, pages 0-1).
;
; Written for this project from the published BIOS contract (MSX2 Technical
; Handbook Appendix 1, MSX Red Book chapter 4); see docs/bios.md and
; docs/bios-coverage.md. Everything a program reaches through the jump table
; lives in page 0 (0000h-3FFFh), because CALSLT from MSX-DOS brings only page 0
; of this ROM into view.
;
; Assemble: z80-asm (crates/msx-bios build.rs), or `pasmo main.asm main.rom`
; from this directory. INCLUDE paths are relative to this file.

        INCLUDE "../common/sysvars.asm"

MSXVER:         EQU 1           ; 0 MSX1, 1 MSX2
SUBENT_CHGMOD:  EQU 00D1h       ; SUB-ROM entries the main ROM forwards to
SUBENT_NEWPAD:  EQU 01ADh
SUBENT_GRPRT:   EQU 0089h
SUBENT_CLSSUB:  EQU 0115h
SUBENT_CHGCLR:  EQU 0111h
SUBENT_NVBXLN:  EQU 00C9h
SUBENT_BEEP:    EQU 017Dh

        ORG 0000h

; ---- jump table: every entry at its standard address ------------------------
CHKRAM:         DI                      ; 0000h
                JP BOOT
CGTABL:         DW FONT                 ; 0004h
VDPDR:          DB VDP_DATA             ; 0006h
VDPDW:          DB VDP_DATA             ; 0007h
SYNCHR:         JP SYNCHR_P0            ; 0008h (BASIC interpreter)
                DB 0C9h
RDSLT:          JP RDSLT_I              ; 000Ch
                DB 0C9h
CHRGTR:         JP CHRGTR_P0            ; 0010h
                DB 0C9h
WRSLT:          JP WRSLT_I              ; 0014h
                DB 0C9h
OUTDO:          JP OUTDO_I              ; 0018h
                DB 0C9h
CALSLT:         JP CALSLT_I             ; 001Ch
                DB 0C9h
DCOMPR:         JP DCOMPR_I             ; 0020h
                DB 0C9h
ENASLT:         JP ENASLT_I             ; 0024h
                DB 0C9h
GETYPR:         JP GETYPR_P0            ; 0028h
IDBYTE0:        DB 011h                 ; 002Bh: international charset, M-D-Y (bits 6-4 = 1), 60 Hz
IDBYTE1:        DB 001h                 ; 002Ch: international keyboard
MSXVERSION:     DB MSXVER               ; 002Dh: MSX2
MIDIFLAG:       DB 0                    ; 002Eh
                DB 0                    ; 002Fh
CALLF:          JP CALLF_I              ; 0030h
                DB 0C9h,0C9h,0C9h,0C9h,0C9h
KEYINT:         JP KEYINT_I             ; 0038h
INITIO:         JP INITIO_I             ; 003Bh
INIFNK:         JP INIFNK_I             ; 003Eh
DISSCR:         JP DISSCR_I             ; 0041h
ENASCR:         JP ENASCR_I             ; 0044h
WRTVDP:         JP WRTVDP_I             ; 0047h
RDVRM:          JP RDVRM_I              ; 004Ah
WRTVRM:         JP WRTVRM_I             ; 004Dh
SETRD:          JP SETRD_I              ; 0050h
SETWRT:         JP SETWRT_I             ; 0053h
FILVRM:         JP FILVRM_I             ; 0056h
LDIRMV:         JP LDIRMV_I             ; 0059h
LDIRVM:         JP LDIRVM_I             ; 005Ch
CHGMOD:         JP CHGMOD_I             ; 005Fh
CHGCLR:         JP CHGCLR_I             ; 0062h
                DB 0C9h
NMI:            JP NMI_I                ; 0066h
CLRSPR:         JP CLRSPR_I             ; 0069h
INITXT:         JP INITXT_I             ; 006Ch
INIT32:         JP INIT32_I             ; 006Fh
INIGRP:         JP INIGRP_I             ; 0072h
INIMLT:         JP INIMLT_I             ; 0075h
SETTXT:         JP SETTXT_I             ; 0078h
SETT32:         JP SETT32_I             ; 007Bh
SETGRP:         JP SETGRP_I             ; 007Eh
SETMLT:         JP SETMLT_I             ; 0081h
CALPAT:         JP CALPAT_I             ; 0084h
CALATR:         JP CALATR_I             ; 0087h
GSPSIZ:         JP GSPSIZ_I             ; 008Ah
GRPPRT:         JP GRPPRT_I             ; 008Dh
GICINI:         JP GICINI_I             ; 0090h
WRTPSG:         JP WRTPSG_I             ; 0093h
RDPSG:          JP RDPSG_I              ; 0096h
STRTMS:         JP RETHARM              ; 0099h (PLAY queues: no BASIC)
CHSNS:          JP CHSNS_I              ; 009Ch
CHGET:          JP CHGET_I              ; 009Fh
CHPUT:          JP CHPUT_I              ; 00A2h
LPTOUT:         JP LPTOUT_I             ; 00A5h
LPTSTT:         JP LPTSTT_I             ; 00A8h
CNVCHR:         JP CNVCHR_I             ; 00ABh
PINLIN:         JP PINLIN_I             ; 00AEh
INLIN:          JP INLIN_I              ; 00B1h
QINLIN:         JP QINLIN_I             ; 00B4h
BREAKX:         JP BREAKX_I             ; 00B7h
ISCNTC:         JP ISCNTC_P0            ; 00BAh (BASIC)
CKCNTC:         JP CKCNTC_P0            ; 00BDh (BASIC)
BEEP:           JP BEEP_I               ; 00C0h
CLS:            JP CLS_I                ; 00C3h
POSIT:          JP POSIT_I              ; 00C6h
FNKSB:          JP FNKSB_I              ; 00C9h
ERAFNK:         JP ERAFNK_I             ; 00CCh
DSPFNK:         JP DSPFNK_I             ; 00CFh
TOTEXT:         JP TOTEXT_I             ; 00D2h
GTSTCK:         JP GTSTCK_I             ; 00D5h
GTTRIG:         JP GTTRIG_I             ; 00D8h
GTPAD:          JP GTPAD_I              ; 00DBh (psg.asm)
GTPDL:          JP RETZERO              ; 00DEh (no paddle)
TAPION:         JP RETCARRY             ; 00E1h (no cassette: error)
TAPIN:          JP RETCARRY             ; 00E4h
TAPIOF:         JP RETHARM              ; 00E7h
TAPOON:         JP RETCARRY             ; 00EAh
TAPOUT:         JP RETCARRY             ; 00EDh
TAPOOF:         JP RETHARM              ; 00F0h
STMOTR:         JP STMOTR_I             ; 00F3h
LFTQ:           JP RETZERO              ; 00F6h (PLAY queues)
PUTQ:           JP RETHARM              ; 00F9h
RIGHTC:         JP RETHARM              ; 00FCh (BASIC graphics helpers)
LEFTC:          JP RETHARM              ; 00FFh
UPC:            JP RETHARM              ; 0102h
TUPC:           JP RETCARRY             ; 0105h
DOWNC:          JP RETHARM              ; 0108h
TDOWNC:         JP RETCARRY             ; 010Bh
SCALXY:         JP RETHARM              ; 010Eh
MAPXY:          JP RETHARM              ; 0111h
FETCHC:         JP FETCHC_I             ; 0114h
STOREC:         JP STOREC_I             ; 0117h
SETATR:         JP SETATR_I             ; 011Ah
READC:          JP RETZERO              ; 011Dh
SETC:           JP RETHARM              ; 0120h
NSETCX:         JP RETHARM              ; 0123h
GTASPC:         JP GTASPC_I             ; 0126h
PNTINI:         JP RETHARM              ; 0129h
SCANR:          JP RETZERO              ; 012Ch
SCANL:          JP RETZERO              ; 012Fh
CHGCAP:         JP CHGCAP_I             ; 0132h
CHGSND:         JP CHGSND_I             ; 0135h
RSLREG:         JP RSLREG_I             ; 0138h
WSLREG:         JP WSLREG_I             ; 013Bh
RDVDP:          JP RDVDP_I              ; 013Eh
SNSMAT:         JP SNSMAT_I             ; 0141h
PHYDIO:         JP PHYDIO_I             ; 0144h
FORMAT:         JP FORMAT_I             ; 0147h
ISFLIO:         JP RETZERO              ; 014Ah (no BASIC files: never a file)
OUTDLP:         JP OUTDLP_I             ; 014Dh
GETVCP:         JP RETHARM              ; 0150h (PLAY voices)
GETVC2:         JP RETHARM              ; 0153h
KILBUF:         JP KILBUF_I             ; 0156h
CALBAS:         JP CALBAS_I             ; 0159h
SUBROM:         JP SUBROM_I             ; 015Ch
EXTROM:         JP EXTROM_I             ; 015Fh
CHKSLZ:         JP CHKSLZ_I             ; 0162h
CHKNEW:         JP CHKNEW_I             ; 0165h
EOL:            JP EOL_I                ; 0168h
BIGFIL:         JP BIGFIL_I             ; 016Bh
NSETRD:         JP NSETRD_I             ; 016Eh
NSTWRT:         JP NSTWRT_I             ; 0171h
NRDVRM:         JP NRDVRM_I             ; 0174h
NWRVRM:         JP NWRVRM_I             ; 0177h
RDRES:          JP RETZERO              ; 017Ah (MSX2+ only)
WRRES:          JP RETHARM              ; 017Dh (MSX2+ only)
CHGCPU:         JP RETHARM              ; 0180h (turbo R only)
GETCPU:         JP RETZERO              ; 0183h (turbo R only)
PCMPLY:         JP RETCARRY             ; 0186h (turbo R only)
PCMREC:         JP RETCARRY             ; 0189h (turbo R only)
; Everything up to 01B5h is reserved: a stray call there returns at once.
                DS 01B6h-$,0C9h

; ---- harmless returns shared by the entries this system does not provide ----
RETHARM:        RET
RETZERO:        XOR A                   ; A = 0, Z set, carry clear
                RET
RETCARRY:       SCF                     ; "failed" for routines with a carry status
                RET

        INCLUDE "../common/slot.asm"
        INCLUDE "isr.asm"
        INCLUDE "keyboard.asm"
; BIOS modules moved out of 268Ch-3FFFh, the Math-Pack's range, into the free
; room below the fixed addresses.
        INCLUDE "screen.asm"
        INCLUDE "../common/sprite.asm"
        INCLUDE "fnkeys.asm"

; The game "Hacker" jumps into the interrupt handler tail at 0D02h; keep a RET
; at 0D01h and the register-restoring exit sequence at 0D02h, the layout of the
; original BIOS.
        DS 0D01h-$,0C9h
                RET
KEYINT_EXIT:    POP IX                  ; 0D02h
                POP IY
                POP AF
                POP BC
                POP DE
                POP HL
                EXX
                EX AF,AF'
                POP AF
                POP BC
                POP DE
                POP HL
                EI
                RET

        INCLUDE "../common/vdp.asm"
        INCLUDE "text.asm"
        INCLUDE "chput.asm"
        INCLUDE "psg.asm"
        INCLUDE "misc.asm"
        INCLUDE "boot.asm"

; The font sits at 1BBFh, where the original BIOS has it: some programs read it
; from there instead of through CGTABL.
        DS 1BBFh-$,0FFh
FONT:
        INCLUDE "../font/font.asm"


; MSX-BASIC's Math-Pack: its documented entries at their addresses from 268Ch
; on (math/mathpack.asm), the bodies around them.
        INCLUDE "../math/mathpack.asm"
MAIN_PAGE0_END:
        DS 4000h-$,0FFh

; ---- page 1: the MSX-BASIC interpreter (no "AB" header here).
        INCLUDE "../basic/basic.asm"
MAIN_PAGE1_END:
        DS 8000h-$,0FFh
