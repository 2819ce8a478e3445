; ---------------------------------------------------------------------------
; endtext.asm - the end of a compiled MSX-BASIC program that has no
; MSX-BASIC to go back to (a .COM under MSX-DOS, where page 1 holds RAM):
; an error's message from the runtime's own texts, END's "Ok", then
; rt_halt. A disk's or a cartridge's program links endrom.asm instead.
; ---------------------------------------------------------------------------

; Prints error rt_bas_errno in line rt_bas_errline (0FFFFh: none) and
; stops.
rt_bas_report:
        bios 00D2h              ; TOTEXT: a graphic screen goes back to text
        call rt_bas_freshline
        ld a,(rt_bas_errno)
        ld e,a
        ; codes 1-25 and 50-71 have texts (60-71 are the disk ROM's: MSX-DOS
        ; 1 Disk BASIC's H.ERRP handler A71D3 and its table T71F5, which
        ; ends at 71); any other is "Unprintable error" (number 23), 50-71
        ; follow 25 in the table (ROM J40D3)
        cp 72
        jr nc,.unp
        cp 50
        IF DEFINED BAS_FILE_ERRORS
        jr nc,.file
        ELSE
        jr nc,.unp              ; (no file error can arise: compile.rs)
        ENDIF
        cp 26
        jr nc,.unp
        or a
        jr nz,.msg
.unp:   ld a,47
.file:  sub 24
.msg:   ld b,a
        ld hl,rt_bas_errtext
        xor a
.skip:  dec b
        jr z,.print
.nul:   cp (hl)
        inc hl
        jr nz,.nul
        jr .skip
.print: call rt_bas_prz
        ld a,7                  ; MSX2 beeps after the message
        call rt_bas_chput
        ld hl,(rt_bas_errline)
        ld a,h
        and l
        inc a
        jr z,.ok                ; no line
        push hl
        ld hl,.in
        call rt_bas_prz
        pop hl
        call rt_bas_prline
.ok:    jp rt_bas_end
.in:    db " in ",0

; RUN "file" and LOAD "file" hand the statement over to MSX-BASIC
; (endrom.asm), which an MSX-DOS program does not have: "Illegal function
; call" (5).
rt_bas_runfile:
        ld e,5
        jp rt_bas_error

; END: the "Ok" prompt on a fresh line, then the program stops (the screen
; stays).
rt_bas_end:
        call rt_bas_endfiles    ; a program with files closes them
        call rt_bas_freshline
        ld hl,.ok
        call rt_bas_prz
        ld hl,(rt_bas_exithook) ; an MSX-DOS program gives H.TIMI back
        ld a,h
        or l
        call nz,.hook
        jp rt_halt
.ok:    db "Ok",13,10,0
.hook:  jp (hl)

; The messages of error codes 1-25 and 50-59 (ROM I3D75), then 60-71
; (the disk ROM's T71F5); 50-71 only in a program that can raise them
; (BAS_FILE_ERRORS, set by compile.rs).
rt_bas_errtext:
        db "NEXT without FOR",0
        db "Syntax error",0
        db "RETURN without GOSUB",0
        db "Out of DATA",0
        db "Illegal function call",0
        db "Overflow",0
        db "Out of memory",0
        db "Undefined line number",0
        db "Subscript out of range",0
        db "Redimensioned array",0
        db "Division by zero",0
        db "Illegal direct",0
        db "Type mismatch",0
        db "Out of string space",0
        db "String too long",0
        db "String formula too complex",0
        db "Can't CONTINUE",0
        db "Undefined user function",0
        db "Device I/O error",0
        db "Verify error",0
        db "No RESUME",0
        db "RESUME without error",0
        db "Unprintable error",0
        db "Missing operand",0
        db "Line buffer overflow",0
        IF DEFINED BAS_FILE_ERRORS
        db "FIELD overflow",0
        db "Internal error",0
        db "Bad file number",0
        db "File not found",0
        db "File already open",0
        db "Input past end",0
        db "Bad file name",0
        db "Direct statement in file",0
        db "Sequential I/O only",0
        db "File not OPEN",0
        db "Bad FAT",0
        db "Bad file mode",0
        db "Bad drive name",0
        db "Bad sector number",0
        db "File still open",0
        db "File already exists",0
        db "Disk full",0
        db "Too many files",0
        db "Disk write protected",0
        db "Disk I/O error",0
        db "Disk offline",0
        db "Rename across disk",0
        ENDIF
