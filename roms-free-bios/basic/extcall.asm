; Statements and functions served by the BASIC extension ROM (page 1 of the
; SUB-ROM's slot, roms-free-bios/ext/): the dispatch reaches them through
; EXTVEC, which the extension's INIT fills with an inter-slot call to its
; entry 4010h. B = the statement's number there (ext/ext.asm, EXT_TABLE),
; HL = the text pointer as the dispatch left it. Without the extension (a
; machine given a 16 KB SUB-ROM), these statements are a Syntax error.

EXT_GO:         LD A,(EXTVEC)
                CP 0F7h                 ; RST 30h: the extension answered
                JP NZ,4055h             ; Syntax error
                JP EXTVEC               ; returns to our caller
